"""Everything the app has of each game, one folder per game (its pure rules stay in
``scoring/<game>/``, its dealer in ``setup/<game>/``).

A game's folder holds, from the bottom up: its message codes (``codes.py``), its shared
table in a state (``table.py``), its commands (``commands.py``), what each does
(``handlers.py``), the table's events as codes (``words.py``) and its
:class:`~app.game.variant.Variant` (``variant.py``: options, dealer, first state, codec,
scorer, turn, CLI setup input; registered in :mod:`app.game.registry`); then its screens'
pieces under ``ui/`` (``ui/game.py``'s :class:`~app.ui.kit.game_ui.GameUI`, registered in
:mod:`app.ui.kit.games`). Nothing outside a game's folders imports it but the registries
(``scoring/api.py``, ``app/game/registry.py``, ``app/ui/kit/games.py``); no game imports
another (``tests/test_architecture.py``).
"""

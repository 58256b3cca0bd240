"""Dealing the table: one package per game, seeded and pure (no I/O, nothing of ``app``).

- :mod:`setup.forestry` — Forestry's dealer (``plan``), spawn deck (``deck``) and the draws
  during play (``play``);
- :mod:`setup.guardians` — Forest Guardians' dealer (``plan``), the 2-player removals included.

A game's app side reaches its dealer through the game's variant (``app/games/<game>/``);
nothing outside a game's own folders imports it.
"""

"""The games, by name: one :class:`~app.game.variant.Variant` each (python-chess ``VARIANTS``).

``variant(game)`` is how the app asks a game anything (its options, players,
dealer, commands, record codec, scorer, what its screens show) instead of
branching on its name. A new game is one folder (``app/games/<game>/``, its
``variant.py`` building a ``Variant``) and one import line here (the import and
:data:`VARIANTS` take it from there); the engine, the store and the CLI name no game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any

from app.events import command_name
from app.game.commands import COMMANDS, SESSION_COMMANDS, Command
from app.game.errors import DomainError, SessionCode
from app.game.state import GameState
from app.game.variant import Variant
from app.games.forestry import variant as forestry
from app.games.guardians import variant as guardians
from scoring.games import GAMES, Game
from scoring.message import ListCode, joined

#: Every game's variant, in the order of ``scoring.games.GAMES``.
VARIANTS: Mapping[Game, Variant] = MappingProxyType(
    {v.game: v for v in sorted((m.VARIANT for m in (forestry, guardians)),
                               key=lambda v: GAMES.index(v.game))})


def variant(game: str) -> Variant:
    """The variant of ``game`` (a :class:`~scoring.games.Game` or its record name).

    An unknown name is refused as a ``game`` field (a :class:`DomainError`).
    """
    try:
        return VARIANTS[Game(game)]
    except (ValueError, KeyError):
        raise DomainError(SessionCode.ONE, field="game", game=game,
                          games=joined(ListCode.COMMAS, (str(g) for g in VARIANTS))) from None


def state_from_json(data: Mapping[str, Any]) -> GameState:
    """A state from its snapshot JSON (``GameState.to_json``), read by its game's codec."""
    return GameState.from_json(data, variant(str(data.get("game"))).codec)


def owner_of(command: Command | type[Command]) -> Variant | None:
    """The first game that accepts ``command`` (``None``: no game does: a session op)."""
    return next((v for v in VARIANTS.values() if v.accepts(command)), None)


def command_from_json(data: Mapping[str, Any]) -> Command:
    """A command of any game (or a session operation) from its JSON (``to_json``); unknown
    kinds or fields raise DomainError. Every game's commands are known here: this module
    imports every game."""
    if not isinstance(data, Mapping):
        raise DomainError(SessionCode.COMMAND_MUST_BE_JSON_OBJECT)
    kind = data.get("kind")
    cls = COMMANDS.get(str(kind)) or SESSION_COMMANDS.get(str(kind))
    if cls is None:
        raise DomainError(SessionCode.UNKNOWN_COMMAND, field="kind", kind=kind)
    names = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(names) - {"kind"})
    if unknown:
        raise DomainError(SessionCode.NOT_FIELD, field=unknown[0], kind=kind)
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        if name == "kind":
            continue
        kwargs[name] = tuple(value) if isinstance(value, list) else value
    try:
        return cls(**kwargs)
    except TypeError as err:
        raise DomainError(SessionCode.BAD_ARGUMENTS, field=None, kind=kind,
                          command=command_name(str(kind)), detail=str(err)) from err


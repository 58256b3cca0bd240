"""The games, by name: one :class:`~app.game.variant.Variant` each (python-chess ``VARIANTS``).

``variant(game)`` is how the app asks a game anything (its options, players,
dealer, commands, record codec, scorer, what its screens show) instead of
branching on its name. A new game is one module building a ``Variant`` and one
line in :data:`VARIANTS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from app.game import forestry, guardians
from app.game.commands import Command
from app.game.errors import DomainError, SessionCode
from app.game.state import GameState
from app.game.variant import Variant
from scoring.games import GAMES, Game
from scoring.message import ListCode, joined

#: Every game's variant, in the order of ``scoring.games.GAMES``.
VARIANTS: Mapping[Game, Variant] = MappingProxyType(
    {v.game: v for v in sorted((forestry.VARIANT, guardians.VARIANT),
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

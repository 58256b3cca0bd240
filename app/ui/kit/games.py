"""The registry of each game's UI (:class:`~app.ui.kit.game_ui.GameUI`), looked up by
:class:`scoring.games.Game`: a new game is one module in the kit and one line here.

>>> ui(Game.GUARDIANS).seat_role is SeatRole.RANGER
True
>>> ui("forestry").play_piece is PlayPiece.FOREST_MAP
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from app.ui.kit import forestry, guardians
from app.ui.kit.game_ui import GameUI, PlayPiece, SeatRole
from scoring.games import GAMES, Game

__all__ = ["UI", "GameUI", "PlayPiece", "SeatRole", "ui"]

UI: Mapping[Game, GameUI] = MappingProxyType({Game.FORESTRY: forestry.UI,
                                              Game.GUARDIANS: guardians.UI})
assert set(UI) == set(GAMES) and all(UI[g].game is g for g in GAMES), "every game has its UI"


def ui(game: str) -> GameUI:
    """The UI of ``game`` (a :class:`Game` or its record name).

    Every game name that reaches a screen was checked when its table or record was made;
    an unknown one is a programming error and raises ``ValueError`` (no silent Forestry)."""
    return UI[Game(game)]

"""The registry of each game's UI (:class:`~app.ui.kit.game_ui.GameUI`), looked up by
:class:`scoring.games.Game`: a new game's UI is its folder's ``ui/game.py`` and one import
line here.

>>> ui(Game.GUARDIANS).seat_role is SeatRole.RANGER
True
>>> ui("forestry").setup_piece is not None  # its harvesters are placed before the start
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from app.games.forestry.ui import game as forestry
from app.games.guardians.ui import game as guardians
from app.ui.kit.game_ui import GameUI, SeatRole
from scoring.games import GAMES, Game

__all__ = ["UI", "GameUI", "SeatRole", "ui"]

UI: Mapping[Game, GameUI] = MappingProxyType({m.UI.game: m.UI for m in (forestry, guardians)})
assert set(UI) == set(GAMES), "every game has its UI"


def ui(game: str) -> GameUI:
    """The UI of ``game`` (a :class:`Game` or its record name).

    Every game name that reaches a screen was checked when its table or record was made;
    an unknown one is a programming error and raises ``ValueError`` (no silent default)."""
    return UI[Game(game)]

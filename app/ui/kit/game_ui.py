"""What the UI draws differently per game, looked up by :class:`scoring.games.Game`.

One :class:`GameUI` per game: which piece the sheet's play panel shows and
which option block the new-game form has. What the game itself says (players,
dealer, options, a seat's role, a shared forest board whose harvesters are placed
before the start) is its :class:`app.game.variant.Variant`
(:func:`app.game.registry.variant`): :attr:`GameUI.seat_role` and
:attr:`GameUI.harvesters_at_setup` read it. The rules stay with the dealers and
the session; this is only which screen part belongs to which game. The new-game
form's behaviour per game is :data:`app.ui.presenters_game.FORMS`.

>>> ui(Game.GUARDIANS).seat_role is SeatRole.RANGER
True
>>> ui("forestry").play_piece is PlayPiece.FOREST_MAP
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.game.registry import variant
from scoring.games import GAMES, Game

__all__ = ["GAMES", "Game", "GameUI", "OptionBlock", "PlayPiece", "SeatRole", "ui"]


class PlayPiece(StrEnum):
    """The sheet's play-along piece during play (besides the banner, turn and changes)."""

    FOREST_MAP = "forest-map"  # the shared forest board: foresters, harvesters, infested wood
    PLANTING_CHECK = "planting-check"  # may a tree go here, and what does it cost (003)


class OptionBlock(StrEnum):
    """The new-game form's options section."""

    FORESTRY = "forestry"  # mode, technology side, modules (probed with the dealer)
    ADVANCED_ONLY = "advanced-only"  # one "advanced game" toggle


class SeatRole(StrEnum):
    """What a seat may choose in an advanced game; the value is the record's player field."""

    CHARACTER = "character"
    RANGER = "ranger"


@dataclass(frozen=True, slots=True)
class GameUI:
    game: Game
    play_piece: PlayPiece
    options: OptionBlock

    @property
    def seat_role(self) -> SeatRole:
        """What a seat chooses in an advanced game (the variant's ``role``)."""
        return SeatRole(variant(self.game).role)

    @property
    def harvesters_at_setup(self) -> bool:
        """The sheet before the start asks each player's harvester (a shared forest board)."""
        return variant(self.game).has_forest_map


UI: dict[Game, GameUI] = {
    Game.FORESTRY: GameUI(Game.FORESTRY, PlayPiece.FOREST_MAP, OptionBlock.FORESTRY),
    Game.GUARDIANS: GameUI(Game.GUARDIANS, PlayPiece.PLANTING_CHECK, OptionBlock.ADVANCED_ONLY),
}
assert set(UI) == set(GAMES), "every game has its UI descriptor"


def ui(game: str) -> GameUI:
    """The UI descriptor of ``game`` (a :class:`Game` or its record name).

    Every game name that reaches a screen was checked when its table or record was made;
    an unknown one is a programming error and raises ``ValueError`` (no silent Forestry)."""
    return UI[Game(game)]

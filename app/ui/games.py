"""What the UI draws differently per game, looked up by :class:`scoring.games.Game`.

One :class:`GameUI` per game: which piece the sheet's play panel shows, whether
the sheet asks for harvesters before the start, which option block and seat role
the new-game form has, which record field names a seat's role. The rules
behind them stay with the dealers and the session (``setup/``, ``app/game``);
this is only which screen part belongs to which game. Behaviour of the new-game
form per game is :data:`app.ui.presenters_game.FORMS`.

>>> ui(Game.GUARDIANS).seat_role is SeatRole.RANGER
True
>>> ui("forestry").play_piece is PlayPiece.FOREST_MAP
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
    seat_role: SeatRole
    #: the sheet before the start shows each player's harvester choice (Forestry's setup)
    harvesters_at_setup: bool


UI: dict[Game, GameUI] = {
    Game.FORESTRY: GameUI(Game.FORESTRY, PlayPiece.FOREST_MAP, OptionBlock.FORESTRY,
                          SeatRole.CHARACTER, harvesters_at_setup=True),
    Game.GUARDIANS: GameUI(Game.GUARDIANS, PlayPiece.PLANTING_CHECK, OptionBlock.ADVANCED_ONLY,
                           SeatRole.RANGER, harvesters_at_setup=False),
}
assert set(UI) == set(GAMES), "every game has its UI descriptor"


def ui(game: str) -> GameUI:
    """The UI descriptor of ``game`` (a :class:`Game` or its record name); unknown: Forestry's."""
    try:
        return UI[Game(game)]
    except ValueError:
        return UI[Game.FORESTRY]

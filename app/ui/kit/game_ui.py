"""What the UI needs of a game: one :class:`GameUI` each (registered in :mod:`app.ui.kit.games`).

A game's UI is its sheet (:attr:`GameUI.sheet`, a :class:`~app.ui.kit.sheet_views.GameSheet`),
how the new-game form builds its options (:attr:`GameUI.form`), its quick reference,
the piece the sheet's play panel shows and the form's option block. What the game itself
says (players, dealer, options, a seat's role, a shared forest board whose harvesters are
placed before the start) is its :class:`app.game.variant.Variant`
(:func:`app.game.registry.variant`): :attr:`GameUI.seat_role` and
:attr:`GameUI.harvesters_at_setup` read it. The rules stay with the dealers and the
session; this is only which screen part belongs to which game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from app.game.registry import variant
from app.game.variant import Variant
from app.ui.kit.sheet_views import GameSheet
from scoring.games import Game

#: One quick-reference line: (section, message, source).
RefLine = tuple[str, Any, str]


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


class GameForm:
    """How the new-game form builds, probes and restores one game's options (the rest is the
    variant's). ``p``: the form's presenter (:class:`app.ui.new_game.presenter.NewGamePresenter`).
    """

    game: Game
    #: the player counts are probed with the dealer (its refusals shown as reasons)
    probes_dealer = False

    @property
    def variant(self) -> Variant:
        return variant(self.game)

    @property
    def role(self) -> SeatRole:
        return SeatRole(self.variant.role)

    @property
    def limits(self) -> tuple[int, int]:
        return self.variant.min_players, self.variant.max_players

    def roles_on(self, p: Any) -> bool:
        """Does each seat choose its role now (an advanced game)?"""
        return bool(self.variant.chooses_roles(self.options(p)))

    def options(self, p: Any) -> Any:
        """The dealer's options from the form."""
        raise NotImplementedError

    def refused(self, p: Any, options: Any) -> tuple[str, str] | None:
        """(option, reason) when the dealer refuses ``options``, else None."""
        return None

    def options_json(self, options: Any) -> dict[str, Any]:
        return self.variant.options_json(options)

    def restore(self, p: Any, opts: dict[str, Any]) -> None:
        """Put a record's options back on the form (a rematch)."""
        raise NotImplementedError

    def deal(self, request: Any) -> Any:
        return self.variant.deal(request.options, [p.name for p in request.players],
                                 request.seed, {p.name: p.role for p in request.players
                                                if p.role})


@dataclass(frozen=True, slots=True)
class GameUI:
    game: Game
    play_piece: PlayPiece
    options: OptionBlock
    #: the game's part of the sheet (the presenter makes one per redraw)
    sheet: type[GameSheet]
    #: how the new-game form builds, probes and restores the game's options
    form: GameForm
    #: the quick reference's lines, with their sources
    reference_lines: Callable[[], list[RefLine]]
    #: the quick reference's other sections as cards (advanced game or not), if any
    reference_cards: Callable[[bool], Sequence[Any]] = lambda advanced: ()

    @property
    def seat_role(self) -> SeatRole:
        """What a seat chooses in an advanced game (the variant's ``role``)."""
        return SeatRole(variant(self.game).role)

    @property
    def harvesters_at_setup(self) -> bool:
        """The sheet before the start asks each player's harvester (a shared forest board)."""
        return variant(self.game).has_forest_map

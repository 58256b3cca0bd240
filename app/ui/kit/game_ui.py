"""What the UI needs of a game: one :class:`GameUI` each, built in the game's own folder
(``app/games/<game>/ui/game.py``) and registered in :mod:`app.ui.kit.games`.

A game's UI is its sheet (:attr:`GameUI.sheet`, a :class:`~app.ui.kit.sheet_views.GameSheet`),
its part of the new-game form (:attr:`GameUI.form`, a :class:`GameForm`, and the Flet block
that shows it, :attr:`GameUI.option_block`), its piece of the sheet during play
(:attr:`GameUI.play_piece`) and before it (:attr:`GameUI.setup_piece`), its messages in
words (:attr:`GameUI.words`, a :class:`GameWords`), its setup walkthrough's dealt numbers
and its quick reference. What the game itself says (players, dealer, options, a seat's
role, its turn) is its :class:`app.game.variant.Variant` (:func:`app.game.registry.variant`).
The screens (``app/ui/<feature>/``) ask these and name no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from app.game.registry import variant
from app.game.state import GameState
from app.game.variant import Variant
from app.ui.kit.sheet_views import GameSheet, Section, TapPresenter
from scoring.cite import Citation
from scoring.games import Game
from scoring.message import Msg

if TYPE_CHECKING:
    import flet as ft

    from app.session import Snapshot
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav

#: One quick-reference line: (section, message, source).
RefLine = tuple[str, Any, Citation]
T = Callable[..., str]


class SeatRole(StrEnum):
    """What a seat may choose in an advanced game; the value is the record's player field."""

    CHARACTER = "character"
    RANGER = "ranger"


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a row of chips on the new-game form (disabled with its reason)."""

    value: str
    label: str
    enabled: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Toggle:
    """A yes/no option on the new-game form (disabled with its reason)."""

    id: str
    label: str
    value: bool
    enabled: bool
    reason: str | None = None


class Seat(Protocol):
    """A seat on the new-game form: its name, colour and the role it chose (or None)."""

    name: str
    colour: str
    role: str | None


class FormHost(Protocol):
    """What a game's form reads of the new-game form: the words, the seats."""

    @property
    def t(self) -> T: ...

    @property
    def players(self) -> Sequence[Seat]: ...


class GameForm:
    """One game's part of the new-game form: its own choices, how they are offered (probed
    with the dealer), the dealer's options they make, a record's options put back (a
    rematch) and the role each seat may choose. One per form and game (``GameUI.form(host)``,
    ``host`` the form: its words and seats); the rules stay the dealer's.
    """

    game: ClassVar[Game]

    def __init__(self, host: FormHost) -> None:
        self.host = host

    @property
    def t(self) -> T:
        return self.host.t

    @property
    def count(self) -> int:
        return len(self.host.players)

    @property
    def variant(self) -> Variant:
        return variant(self.game)

    @property
    def role(self) -> SeatRole:
        return SeatRole(self.variant.role)

    @property
    def limits(self) -> tuple[int, int]:
        return self.variant.min_players, self.variant.max_players

    def roles_on(self) -> bool:
        """Does each seat choose its role now (an advanced game)?"""
        return bool(self.variant.chooses_roles(self.options()))

    def options(self) -> Any:
        """The dealer's options from the form."""
        raise NotImplementedError

    def refused(self, options: Any) -> tuple[str, str] | None:
        """(option, reason) when the dealer refuses ``options``, else None."""
        return None

    def count_refused(self, players: int) -> str | None:
        """Why the dealer refuses this many players with the options chosen (None: it
        takes them)."""
        return None

    def changed(self) -> None:
        """The seats changed (their number, a role): switch off what no longer deals."""

    def restore(self, opts: Mapping[str, Any]) -> None:
        """Put a record's options back on the form (a rematch)."""
        raise NotImplementedError

    def role_choices(self, i: int) -> list[Choice]:
        """The roles seat ``i`` may choose ("dealt" first); one another seat took is
        disabled."""
        return []

    def set_role(self, i: int, value: str) -> None:
        """Seat ``i`` chooses ``value`` ("dealt": the dealer deals it)."""
        self.host.players[i].role = None if value == "dealt" else value


class SheetHost(TapPresenter, Protocol):
    """What a game's pieces of the sheet read of its presenter
    (``app.ui.sheet.presenter.SheetPresenter``): the snapshot, the seat, the last error."""

    snapshot: Snapshot
    player: int
    locked_player: int | None
    error: str | None
    error_id: str | None

    @property
    def t(self) -> T: ...

    @property
    def state(self) -> GameState: ...

    @property
    def banner_spaces(self) -> frozenset[int]: ...

    def names(self) -> list[str]: ...

    def start_game(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class BannerPart:
    """What one message puts in the banner every phone shows after a draw or a reveal: its
    lines, the spaces it went to (lit on the map) and the rule behind it (shown once)."""

    lines: tuple[str, ...]
    spaces: frozenset[int] = frozenset()
    why: tuple[str, ...] = ()


class GameWords:
    """A game's messages in words (the session keeps them as kinds with data): the lines a
    message says, what of it goes in the banner, which say the game ends, the names of the
    board's counts and of the values its changes carry. The default knows none."""

    def message_lines(self, lang: str, message: Any, names: Sequence[str]) -> list[str] | None:
        """A message of this game in words (None: not one of its kinds)."""
        return None

    def banner(self, lang: str, message: Any, names: Sequence[str]) -> BannerPart | None:
        """What ``message`` puts in the banner (None: nothing)."""
        return None

    def ends(self, message: Any) -> bool:
        """Does ``message`` say that the game is ending or over (news on every phone)?"""
        return False

    def field_label(self, path: str) -> Msg | None:
        """A board count's name by its field path (None: not one of this game's)."""
        return None

    def field_value(self, key: str, value: str) -> Any:
        """A change's value ``key`` named in words where the game names it (a forester
        token's type), else the value itself."""
        return value

    #: a change's values worded by a catalogue key: field -> (key prefix, the known values)
    worded: ClassVar[Mapping[str, tuple[str, frozenset[str]]]] = {}


#: The Flet builders a game brings (each gets the tab, the sheet's presenter, the table).
PlayPiece = Callable[["Nav", SheetHost, "TableClient", str], "ft.Control"]
SetupPiece = Callable[["Nav", SheetHost, "TableClient"], "ft.Control"]
OptionBlock = Callable[["Nav", Any, Callable[[Callable[..., Any]], Callable[..., None]]],
                       "list[ft.Control]"]
ReferencePiece = Callable[["Nav", str], "ft.Control"]
#: A game's board drawn as its board: ``(tab, presenter, table, the board's sections, final
#: board mode, draw a section the generic way, a count's keypad opener (None: the count is
#: not typed on this phone)) -> the controls, top to bottom``
BoardPiece = Callable[["Nav", SheetHost, "TableClient", Sequence[Section], bool,
                       Callable[[Section], "ft.Control"], Callable[[Any], Any]],
                      "list[ft.Control]"]
#: ``(plan, step, t, lang, first player, names) -> the dealt numbers shown large``
SetupLines = Callable[[Any, Any, T, str, int, Sequence[str]], tuple[str, ...]]


def _no_setup_lines(plan: Any, step: Any, t: T, lang: str, first: int,
                    names: Sequence[str]) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True, slots=True)
class GameUI:
    """What the screens show of one game (see the module's docstring)."""

    game: Game
    #: the game's part of the sheet (the presenter makes one per redraw)
    sheet: type[GameSheet]
    #: the game's part of the new-game form (one per form)
    form: type[GameForm]
    #: the new-game form's options section (``(nav, form, redraw) -> controls``)
    option_block: OptionBlock
    #: the sheet's piece during play, under the turn (the forest map, the planting check)
    play_piece: PlayPiece
    #: the game's messages in words
    words: GameWords
    #: the quick reference's lines, with their sources
    reference_lines: Callable[[], list[RefLine]]
    #: the quick reference's other sections as cards (advanced game or not), if any
    reference_cards: Callable[[bool], Sequence[Any]] = lambda advanced: ()
    #: a piece of the quick reference after its lines (Forest Guardians' planting check)
    reference_piece: ReferencePiece | None = None
    #: the sheet before the start (harvesters placed on the shared forest board); None: the
    #: host's "start the game" button alone
    setup_piece: SetupPiece | None = None
    #: the setup walkthrough's dealt numbers of a step, shown large
    setup_lines: SetupLines = _no_setup_lines
    #: the setup step where the spaces the infestation card covers are entered (None: none)
    infestation_step: str | None = None
    #: each score category's icon (a file name in ``assets/icons/``, no ``.svg``): the
    #: result grid's rows; a category without one shows none
    category_icons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: a typed count's icon by the count's id (``resources-coins``: ``coin``): the keypad's
    #: head and its "Next"; a count without one has a generic icon
    count_icons: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: the board drawn as the board (None: each section as a card)
    board: BoardPiece | None = None

    @property
    def seat_role(self) -> SeatRole:
        """What a seat chooses in an advanced game (the variant's ``role``)."""
        return SeatRole(variant(self.game).role)

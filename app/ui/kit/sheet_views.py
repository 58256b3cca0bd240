"""The sheet's view models, shared by every game's sheet presenter (no rules here).

A control holds a :class:`Tap`: the command it sends, without a version; the
presenter makes the command when the control is tapped (the version on screen).
:class:`GameSheet` is the base of each game's sheet (``app/games/<game>/ui/sheet.py``):
what the game's own board and shared table show.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from app.game.commands import AdjustCount, Command
from app.game.state import GameState
from scoring.games import Game

if TYPE_CHECKING:
    from app.session import Snapshot
    from app.table.answers import Accepted, Refused

T = Callable[..., str]


def label(t: T, key: str, fallback: str) -> str:
    """A translated label for a data-driven key, or a readable fallback."""
    text = t(key)
    return text if text != key else fallback.replace("_", " ").capitalize()



@dataclass(frozen=True, slots=True)
class Tap:
    """What a control sends, before it is sent: a command's class and fields, no version.

    The command is made when the control is tapped, against the version the phone
    shows then (:meth:`SheetPresenter.command`): a card kept between redraws acts on
    the game as it is on screen, and no command ever carries a made-up version.
    """

    cls: type[Command]
    args: tuple[tuple[str, Any], ...] = ()

    def make(self, version: int) -> Command:
        return self.cls(version=version, **dict(self.args))


class TapPresenter(Protocol):
    """What a tap (:func:`app.ui.kit.live_table.submit_off_loop`) needs of the presenter
    of the sheet it was made on (``app.ui.sheet.presenter.SheetPresenter``)."""

    @property
    def snapshot(self) -> Snapshot: ...

    @property
    def version(self) -> int: ...

    def command(self, what: Tap, /) -> Command: ...

    def tapped(self) -> None: ...

    def result(self, answer: Accepted | Refused, /) -> bool: ...


def tap(cls: type[Command], **args: Any) -> Tap:
    """``tap(AdjustCount, player=0, field="coins", delta=1)``."""
    return Tap(cls, tuple(args.items()))


@dataclass(frozen=True, slots=True)
class Count:
    """A number on the sheet with − / + taps (either may be None: not offered).

    ``minus``/``plus`` are intents ("−1"/"+1", ``AdjustCount``), so fast taps all
    count; ``field`` (when set) lets the player type the number directly
    (:meth:`SheetPresenter.set_value`).
    """

    id: str
    label: str
    value: int
    minus: Tap | None
    plus: Tap | None
    hint: str | None = None
    field: str | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """A button on the sheet. ``play``: a move made during the game (place a forester,
    take a reward lap), left out while a finished board is typed in (final board mode)."""

    id: str
    label: str
    command: Tap | None
    play: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str
    selected: bool
    command: Tap | None


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    """A labelled row of chips; each chip sends its command."""

    id: str
    label: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class GridColumn:
    """One column of a component drawn as the board shows it (a forestry table column,
    a reforestation area): its title and its rows of chips, top to bottom."""

    id: str
    title: str
    rows: tuple[ChoiceRow, ...]


@dataclass(frozen=True, slots=True)
class CardItem:
    """A card lying on the player's table (a contract, a task card): its name, its own
    remove button and the choices that belong to it (the category it counts as)."""

    id: str
    label: str
    remove: Action | None = None
    choices: tuple[ChoiceRow, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """A component of the board. ``columns`` are drawn side by side, as on the board;
    ``short`` is its name in "Go to" (the strip's menu; empty: not in it)."""

    id: str
    title: str
    counts: tuple[Count, ...] = ()
    actions: tuple[Action, ...] = ()
    lines: tuple[str, ...] = ()
    choices: tuple[ChoiceRow, ...] = ()
    columns: tuple[GridColumn, ...] = ()
    short: str = ""
    #: cards lying on the table (contracts, task cards), after the controls that add them
    cards: tuple[CardItem, ...] = ()


def field_to_id(field_path: str | None) -> str | None:
    """The control id for a session error's field.

    >>> field_to_id("players[0].storage.wood")
    'storage-wood'
    """
    if not field_path:
        return None
    path = re.sub(r"^players\[\d+\]\.?", "", field_path)
    return path.replace(".", "-").replace("_", "-") or None



class SheetContext(Protocol):
    """What a game's sheet reads of its presenter (``app.ui.sheet.presenter.SheetPresenter``)."""

    @property
    def t(self) -> T: ...

    @property
    def player(self) -> int: ...

    @property
    def state(self) -> GameState: ...

    @property
    def version(self) -> int: ...

    def names(self) -> list[str]: ...

    def say(self, code: str, **params: Any) -> str: ...


class GameSheet:
    """One game's part of the sheet: its board's sections, its shared table, typed
    targets (what the screens show per game is ``app.ui.kit.game_ui``). One subclass per
    game, looked up by :class:`scoring.games.Game` (:attr:`app.ui.kit.game_ui.GameUI.sheet`)."""

    game: ClassVar[Game]
    #: the catalogue prefix of a seat's role: ``character.*`` or ``ranger.*``
    role_prefix: ClassVar[str]
    #: a value corrected in Settings applies to a game in play (a game's printed tables)
    printed_in_play: ClassVar[bool] = False

    def __init__(self, p: SheetContext) -> None:
        self.p = p

    @property
    def t(self) -> T:
        return self.p.t

    @property
    def player(self) -> int:
        return self.p.player

    @property
    def state(self) -> GameState:
        return self.p.state

    @property
    def version(self) -> int:
        return self.p.version

    def names(self) -> list[str]:
        return self.p.names()

    def say(self, code: str, **params: Any) -> str:
        return self.p.say(code, **params)

    def _step(self, field_path: str, delta: int) -> Tap:
        return tap(AdjustCount, player=self.player, field=field_path, delta=delta)

    def own_sections(self) -> list[Section]:
        """The sections of the shown player's own board."""
        raise NotImplementedError

    def table_section(self) -> Section | None:
        """The shared table's section (None: the game has none)."""
        return None

    def set_value(self, field_path: str, value: int) -> Command:
        """The typed target of a count, against the version on screen."""
        raise NotImplementedError

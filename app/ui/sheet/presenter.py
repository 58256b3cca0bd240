"""The sheet's presenter: player sheets and the scoreboard of a game in play.

They turn a session :class:`~app.session.Snapshot` into view models and taps
into session commands (``app.session``); the rules are applied by the session
(and its rules model), which answers with a new snapshot or a
:class:`~app.session.DomainError` message that is shown next to the control
whose field it names. Scores come from ``scoring.api.score_record`` — the same
call ``GameSession.score`` makes. No rule is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app import l10n
from app.cache import Memo
from app.game.commands import (
    Command,
    ConfirmPrinted,
    Finish,
    Redo,
    StartGame,
    Undo,
    UndoMine,
)
from app.game.registry import variant
from app.game.state import GameState
from app.game.status import Status
from app.i18n import language_of
from app.l10n import render
from app.session import Snapshot, scored
from app.table.answers import Accepted, Reason, Refused
from app.ui.kit.games import ui
from app.ui.kit.sheet_views import (
    GameSheet,
    Section,
    T,
    Tap,
    field_to_id,
    label,
)
from app.ui.sheet.play import banner_view, end_lines, message_lines, refusal_line
from scoring.api import score_record
from scoring.sheet import ScoreSheet


def message_text(message: Any, t: T, game: str) -> str:
    """A session message of ``game``'s table in the reader's language (its code from
    ``kind`` and ``data``).

    The play-along messages (``app.ui.sheet.play.message_lines``) first; a kind
    the catalogues do not know shows its kind (a code).
    """
    lines = message_lines(language_of(t), message, (), game)
    if lines is not None:
        return " ".join(lines)
    said = variant(game).event_msg(str(message.kind), dict(getattr(message, "data", {}) or {}))
    return render(language_of(t), said) if said is not None else str(message.kind)


# --------------------------------------------------------------------------- view models


_SHEETS_KEPT = 512  # recent (game, version) sheets: a table's phones share each one
_SHEETS: Memo[tuple[int, int], tuple[GameState, Any, Snapshot]] = Memo("sheets", _SHEETS_KEPT)


def _shared_sheet(snapshot: Snapshot, printed: Mapping[str, Mapping[str, Any]]) -> Snapshot:
    """The snapshot scored with other printed values than the hub's (a value confirmed on
    this phone's scoreboard, before the table's next broadcast), once for all phones.

    Kept by (game, version) and used only for the very same state object and
    equal printed values, so a reused id or a newly confirmed value is scored anew.
    """
    return _SHEETS.get_or_make(  # a scoring failure: logged, carried as score_error
        (snapshot.game_id, snapshot.version),
        lambda: (snapshot.state, dict(printed), scored(snapshot, dict(printed))),
        lambda kept: kept[0] is snapshot.state and kept[1] == printed)[2]


_SECTIONS: Memo[tuple[int, int, int, bool, str], tuple[GameState, tuple[Section, ...]]] \
    = Memo("sheet sections", _SHEETS_KEPT)


@dataclass
class SheetPresenter:
    """One table in play: whose sheet is shown, the last error, the live scores."""

    t: T
    snapshot: Snapshot
    player: int = 0
    locked_player: int | None = None  # a seat link edits only its own sheet (others read-only)
    error: str | None = None
    error_id: str | None = None
    info: tuple[str, ...] = ()
    #: printed values to score with instead of the snapshot's (a value just confirmed on
    #: this phone); None: the snapshot's, scored once by the hub for every phone
    printed: Mapping[str, Mapping[str, Any]] | None = None
    #: what the last reveal/draw said (its messages and the names then), shown on every
    #: phone (app.ui.sheet.play): a line per draw, the spaces they went to (highlighted on
    #: the map), the skip rule once ("why"); kept as data and worded in the phone's language
    #: at every draw (a language switch redraws it); kept for the turn it was made in
    #: (cleared when the next turn starts, and at the end)
    _banner: tuple[tuple[Any, ...], tuple[str, ...]] = ((), ())
    _banner_turn: Any = None
    _sheet: Snapshot | None = None  # the scored snapshot the sheet is from
    #: what this phone's last accepted tap said, shown once its broadcast is drawn:
    #: (the version it made, the lines)
    _said: tuple[int, tuple[str, ...]] | None = None
    #: counts the news this phone was given where the player looks (a snack bar, once
    #: each): a refusal of its tap (refused, already done, busy), what its accepted tap
    #: said (a full row, a water step: "said") and the game's end, which every phone is
    #: told. An accepted tap shows at its control (the count, the chip); what it said is
    #: never a line on top of the sheet: far from the tap, and a line coming there moves
    #: the board under the player's finger
    news: int = 0
    #: the newest news: its kind ("refused", "done", "said" or "end") and its lines; a new
    #: tap makes it old news (no lines)
    news_kind: str = ""
    news_lines: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.locked_player is not None:
            self.player = self.locked_player

    # ------------------------------------------------------------------ snapshot
    @property
    def state(self) -> GameState:
        return self.snapshot.state

    @property
    def version(self) -> int:
        return self.snapshot.version

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def status(self) -> str:
        return self.state.status

    def names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def colours(self) -> list[str | None]:
        """Each seat's colour id (the new-game form's), in seat order."""
        return [p.colour for p in self.state.players]

    def role(self, player: int | None = None) -> str | None:
        """The seat's role (a character, a ranger: the game's), translated."""
        seat = self.state.players[self.player if player is None else player]
        if not seat.character:
            return None
        prefix = ui(self.game).sheet.role_prefix
        return label(self.t, f"{prefix}.{seat.character}", seat.character)

    def _banner_view(self) -> Any:
        messages, names = self._banner
        return banner_view(language_of(self.t), messages, names, self.game) \
            if messages else None

    @property
    def banner(self) -> tuple[str, ...]:
        """The last draws' lines, in this phone's language (empty: no banner)."""
        view = self._banner_view()
        return () if view is None else view.lines

    @property
    def banner_spaces(self) -> frozenset[int]:
        """The spaces the last draws went to (highlighted on the map)."""
        view = self._banner_view()
        return frozenset() if view is None else frozenset(view.spaces)

    @property
    def banner_why(self) -> tuple[str, ...]:
        """The skip rule of the last draws, once per kind (behind "why")."""
        view = self._banner_view()
        return () if view is None else view.why

    def update(self, snapshot: Snapshot) -> None:
        """A newer snapshot: the table's broadcast (this phone's tap or another's)."""
        if snapshot.version >= self.snapshot.version:
            if snapshot.version > self.snapshot.version:
                self._take_banner(snapshot)
                self._take_end(snapshot)
            self.snapshot = snapshot
            self._sheet = None
        said = self._said
        if said is not None and self.snapshot.version >= said[0]:
            # this phone's own tap is on screen now: what it said, and no old refusal
            self._said = None
            self.error = self.error_id = None
            self.info = said[1]
            if self.info:
                self.news += 1
                self.news_kind, self.news_lines = "said", self.info

    def _take_banner(self, snapshot: Snapshot) -> None:
        """A newer snapshot's draws make the banner; a new turn without any, or the end of
        the game, clears it."""
        turn = getattr(snapshot.state.table, "turn", None)
        names = tuple(p.name for p in snapshot.state.players)
        if snapshot.state.status == Status.FINISHED:  # the result is what every phone shows
            self._banner, self._banner_turn = ((), ()), turn
        elif banner_view(language_of(self.t), snapshot.messages, names,
                         snapshot.state.game) is not None:
            self._banner = (tuple(snapshot.messages), names)
            self._banner_turn = turn
        elif turn != self._banner_turn:
            self._banner = ((), ())
            self._banner_turn = turn

    def _take_end(self, snapshot: Snapshot) -> None:
        """The game's end (a last tree planted, the last round token up, the final turns
        played) is news for every phone at the table, not only the tapper's."""
        lines = end_lines(language_of(self.t), snapshot.messages,
                          [p.name for p in snapshot.state.players], snapshot.state.game)
        if lines:
            self.news += 1
            self.news_kind, self.news_lines = "end", lines

    def tapped(self) -> None:
        """This phone sends a new command: what its last one was told (a refusal, what it
        said) is old news. Cleared before the command goes, so the broadcast it causes,
        which may be drawn before the answer is taken, never shows the old refusal."""
        self._said = None
        self.error = self.error_id = None
        self.info = ()
        self.news_lines = ()

    def result(self, answer: Accepted | Refused,
               printed: Mapping[str, Mapping[str, Any]] | None = None) -> bool:
        """Take the table's answer to this phone's command; true when the screen should be
        drawn again now (``printed``: values to score with from now on, else the
        snapshot's).

        Accepted: nothing is drawn from it — the table's broadcast brings the new
        snapshot to every phone, this one too (:meth:`update`); what the command said
        is kept until then (drawn now only if the broadcast is on screen already).
        Refused: the refusal is shown here (only the tapper gets it).
        """
        before = (self.error, self.error_id, self.info)
        if printed is not None and printed != self.printed:
            self.printed = printed
            self._sheet = None
        else:
            printed = None
        if isinstance(answer, Accepted):
            self._take_accepted(answer)
            if self.snapshot.version < answer.snapshot.version:
                return False  # the broadcast draws it (with the new printed values)
            return printed is not None or before != (self.error, self.error_id, self.info)
        self._take_refused(answer)
        return True

    def _take_accepted(self, answer: Accepted) -> None:
        lang, names = language_of(self.t), self.names()
        snap = answer.snapshot
        self._said = (snap.version, tuple(line for m in snap.messages for line in (
            message_lines(lang, m, names, self.game) or [message_text(m, self.t, self.game)])
            if line not in self.banner))  # a draw is in the banner already
        if self.snapshot.version >= snap.version:  # the broadcast came first
            self.update(self.snapshot)

    def _take_refused(self, answer: Refused) -> None:
        lang, names = language_of(self.t), self.names()
        coded = answer.msg
        self.news += 1
        if answer.reason == Reason.ALREADY_DONE:  # another phone did it: say so, and what
            said = [refusal_line(lang, coded, names)]
            for m in answer.messages:
                said.extend(message_lines(lang, m, names, self.game) or ())
            self.error = self.error_id = None
            self.info = tuple(said)
            self.news_kind, self.news_lines = "done", self.info
            return
        if answer.reason in (Reason.STORAGE, Reason.FINISHED):
            self.error = render(lang, coded)
        elif answer.reason == Reason.STALE:
            self.error = self.t("sheet-stale")
        elif answer.reason == Reason.FORBIDDEN:
            self.error = self.t("sheet-forbidden")
        else:
            self.error = self.t("sheet-refused", message=refusal_line(lang, coded, names))
        self.error_id = field_to_id(answer.field)
        self.info = ()
        self.news_kind, self.news_lines = "refused", (self.error,)

    @property
    def read_only(self) -> bool:
        """A seat looking at another player's sheet (the hub refuses its commands anyway)."""
        return self.locked_player is not None and self.player != self.locked_player

    def select(self, player: int) -> None:
        if 0 <= player < len(self.state.players):
            self.player = player
            self.error = self.error_id = None

    # ------------------------------------------------------------------ scores
    def _scored(self) -> Snapshot:
        if self._sheet is None:
            snap, printed = self.snapshot, self.printed
            if snap.scored and (printed is None or printed == snap.printed):
                self._sheet = snap  # the hub scored it once for every phone
            else:  # other printed values, or a snapshot from outside the hub
                self._sheet = _shared_sheet(snap, snap.printed if printed is None else printed)
        return self._sheet

    def sheet(self) -> ScoreSheet | None:
        """The score sheet of the current state; None when scoring failed (then
        :attr:`score_error` says so, and the failure is in the server's log).

        Every phone at a table gets the same snapshot, scored once per version by the
        hub (``app.table.hub``); this phone only builds its views from it.
        """
        return self._scored().sheet

    @property
    def score_error(self) -> str | None:
        """The message code of a scoring failure (``sheet-score-failed``), or None."""
        return self._scored().score_error

    def total(self, player: int | None = None) -> int | None:
        sheet = self.sheet()
        if sheet is None:
            return None
        i = self.player if player is None else player
        return int(sheet.players[i].total)

    # ------------------------------------------------------------------ commands
    def undo(self) -> Undo:
        return Undo(version=self.version)

    def undo_mine(self) -> UndoMine:
        """Take back this phone's own last change (the server knows who from the token)."""
        return UndoMine(version=self.version)

    def redo(self) -> Redo:
        return Redo(version=self.version)

    def still_to_play(self) -> tuple[str, ...]:
        """The players who still have a turn before the game is over by the rules (its
        variant's ``still_to_play``), by name; empty: Finish need not ask."""
        seats = variant(self.state.game).still_to_play(self.state)
        names = [p.name for p in self.state.players]
        return tuple(names[i] for i in seats if 0 <= i < len(names))

    def finish(self) -> Finish:
        return Finish(version=self.version)

    def start_game(self) -> Command:
        return StartGame(version=self.version)

    def confirm_printed(self, table: str, key: str, value: int) -> Command:
        return ConfirmPrinted(version=self.version, table=table, key=key, value=value)

    # ------------------------------------------------------------------ sheet
    def say(self, code: str, **params: Any) -> str:
        """New text: a catalogue code rendered in the reader's language (``app.l10n``)."""
        return l10n.render(language_of(self.t), code, **params)

    def set_value(self, field_path: str, value: int) -> Command:
        """The typed target of a count (the game's sheet makes its command)."""
        return self.kind().set_value(field_path, value)

    def kind(self) -> GameSheet:
        """This game's part of the sheet (:attr:`app.ui.kit.game_ui.GameUI.sheet`)."""
        return ui(self.game).sheet(self)

    def sections(self) -> list[Section]:
        """The sheet's sections. Their controls hold :class:`Tap` values (no version):
        equal sections look and act the same, so a card is kept between redraws; a tap
        makes its command with the version on screen (:meth:`command`).

        View models of one version, built once for every phone showing the same board in
        the same language (read-only or not) and shared: they are immutable."""
        snap = self.snapshot
        key = (snap.game_id, snap.version, self.player, self.read_only, language_of(self.t))
        return list(_SECTIONS.get_or_make(key, lambda: (snap.state, tuple(self._sections())),
                                          lambda kept: kept[0] is snap.state)[1])

    def _sections(self) -> list[Section]:
        kind = self.kind()
        own = kind.own_sections()
        shared = kind.table_section()
        if self.read_only:  # another seat's sheet: values only, no taps
            own = [_without_commands(s) for s in own]
        return [*own, shared] if shared is not None and self.status != Status.SETUP else own

    def command(self, what: Tap) -> Command:
        """``what``'s command, made against the version this phone shows."""
        return what.make(self.version)


def _without_commands(s: Section) -> Section:
    return replace(
        s, counts=tuple(replace(c, minus=None, plus=None) for c in s.counts),
        actions=tuple(replace(a, command=None) for a in s.actions),
        choices=tuple(replace(r, options=tuple(replace(o, command=None) for o in r.options))
                      for r in s.choices),
        cards=tuple(replace(k, remove=None, choices=tuple(
            replace(r, options=tuple(replace(o, command=None) for o in r.options))
            for r in k.choices)) for k in s.cards),
        columns=tuple(replace(g, rows=tuple(
            replace(r, options=tuple(replace(o, command=None) for o in r.options))
            for r in g.rows)) for g in s.columns))


# --------------------------------------------------------------------------- scoreboard


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """A category's row; ``waiting``: the questions a "?" in it waits for."""

    category: str
    label: str
    values: tuple[int | None, ...]
    waiting: tuple[str, ...] = ()




@dataclass(frozen=True, slots=True)
class Scoreboard:
    names: tuple[str, ...]
    rows: tuple[ScoreRow, ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[str, ...]
    complete: bool
    needs: tuple[Any, ...]
    notes: tuple[str, ...]
    game: str = ""
    colours: tuple[str | None, ...] = ()  # each seat's colour id (the new-game form's)
    tie_notes: tuple[str, ...] = ()  # the notes on a tie: which tie-breaker decided a place


#: the score notes that say how a tie was decided (or shared)
TIE_NOTES = frozenset({"note-tie-decided", "note-tie-shared", "note-guardians-shared-win"})


def scoreboard(sheet: Any, t: T, colours: Sequence[str | None] = ()) -> Scoreboard | None:
    """The per-category table of a score sheet (categories in its game's order, then the
    sheet's; a category a printed value not yet known holds back for everyone shows "?").
    ``colours``: each seat's colour, in seat order."""
    if sheet is None:
        return None
    game = variant(sheet.game)
    category_order, holds = game.category_order, game.need_categories
    order: list[str] = []
    for p in sheet.players:
        for cat in p.categories:
            if cat not in order:
                order.append(cat)
    lang = language_of(t)
    needs = tuple(replace(n, ask=render(lang, n.ask)) for n in sheet.needs)  # worded here
    for need in needs:  # a category left out for every player: its row shows "?" too
        for cat in holds.get(need.table, ()):
            if cat not in order and cat in category_order:
                order.append(cat)

    order.sort(key=lambda c: category_order.index(c) if c in category_order
               else len(category_order))

    def waiting(cat: str, values: tuple[int | None, ...]) -> tuple[str, ...]:
        if None not in values:
            return ()
        asks = tuple(dict.fromkeys(n.ask for n in needs
                                   if cat in holds.get(n.table, ())))
        if asks:
            return asks
        return (render(lang, "score-waiting"),)

    rows = []
    for cat in order:
        values = tuple(p.categories.get(cat) for p in sheet.players)
        rows.append(ScoreRow(cat, label(t, f"category-{cat}", cat), values,
                             waiting(cat, values)))
    notes = tuple(render(lang, n) for n in sheet.notes)
    return Scoreboard(
        names=tuple(p.name for p in sheet.players), rows=tuple(rows),
        totals=tuple(int(p.total) for p in sheet.players),
        ranks=tuple(int(p.rank) for p in sheet.players), winners=tuple(sheet.winners),
        complete=bool(sheet.complete), needs=needs, notes=tuple(notes), game=str(sheet.game),
        colours=tuple(colours),
        tie_notes=tuple(render(lang, n) for n in sheet.notes if n.code in TIE_NOTES),
    )


def stored_scoreboard(store: Any, game_id: int, t: T) -> Scoreboard | None:
    """The scoreboard of a finished game from its stored record (None: no such record).

    A game imported from a file (``records import``) is stored as its record and
    score sheet only — it has no command log for a session to open. Its record is
    scored again with the printed values confirmed since, which is what the store's
    totals are kept equal to (``exchange.rescore_incomplete``).
    """
    rec = store.get_record(game_id=game_id)
    if rec is None:
        return None
    record = dict(rec.record)
    # the seats' colours are the table's, not the record's (record v1 keeps none)
    seats = sorted(store.game_seats(game_id=game_id), key=lambda s: s.seat)
    colours = [s.colour for s in seats]
    return scoreboard(score_record(record, confirmed=store.get_printed()), t, colours)

"""The authoritative game session: the log, persistence and the undo stack of one game.

Data flow (docs/session.md, ../shared/ARCHITECTURE.md)::

    Command(version=N) --> GameSession.apply --> apply_command(state, cmd, rng)  (app.game)
                                                   | valid: (new GameState, outcome, messages)
                                                   +-> store.append_command (log row + state
                                                   |   snapshot, ONE transaction)
                                                   +-> Snapshot returned
                                     invalid: DomainError(field, message); nothing written

The rules are pure and live in :mod:`app.game` (state, commands, chance, one
variant per game in ``app.game.registry``); this module is the one class with
I/O around them:

- **Log**: seq 1 is ``create`` (its outcome is the dealt initial state), then
  one entry per accepted command (with its author ``by``: the seat whose token
  sent it; none for the host), ``undo``, ``redo`` or ``undo_mine`` (a seat's own
  last change taken back, later changes replayed without it). The version is
  the seq of the last entry. Undo/redo walk the log; a new command clears redo.
- **Session operations** (``app.game.commands.Undo``, ``Redo``, ``UndoMine``,
  ``Finish``) are commands too: :meth:`GameSession.apply` runs them.
- **Printed values** confirmed by users (the store's) are read once per session
  and read again only when the store says they changed (``Store.printed_generation``).

No flet here; the UI and the table server call :class:`GameSession`.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy.engine import Engine

from app.game.chance import command_rng
from app.game.clock import CLOCK_KINDS, Clock, Mark, clock_of
from app.game.commands import (
    Command,
    ConfirmPrinted,
    EndGame,
    Finish,
    PauseClock,
    Redo,
    ResumeClock,
    Undo,
    UndoMine,
)
from app.game.errors import (
    AlreadyDone,
    DomainError,
    ReplayError,
    SessionCode,
    StaleVersion,
)
from app.game.messages import Message, plain
from app.game.registry import command_from_json, state_from_json, variant
from app.game.rules import apply_command, initial_state, replay_command
from app.game.state import GameState, comparable, parsed_state, with_confirmed_printed
from app.game.status import Status
from app.store.crud import DuplicateSeq, GameFinished, NotFound
from app.store.facade import Store
from app.store.models import utc
from scoring.record import RecordError
from scoring.sheet import ScoreSheet

log = logging.getLogger(__name__)


def _iso(value: datetime, offset: int | None = None) -> str:
    """A stored timestamp as ISO 8601 to the second (docs/record-format.md), in the game's
    own UTC offset (minutes east; this machine's when unknown): a record saved from it
    carries the local date and time it was played, not UTC with microseconds."""
    aware = utc(value)
    assert aware is not None
    local = aware.astimezone() if offset is None else aware.astimezone(
        timezone(timedelta(minutes=offset)))
    return local.isoformat(timespec="seconds")


# =========================================================================== the session


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a view renders: the state at ``version`` and what the last change said."""

    game_id: int
    version: int
    state: GameState
    can_undo: bool
    can_redo: bool
    messages: tuple[Message, ...] = ()
    #: the last changes, oldest first (who changed what: :class:`Change`)
    changes: tuple[Change, ...] = ()
    #: ``(author, seq)`` of each author's last change still in effect (author: seat or None)
    last_by: tuple[tuple[int | None, int], ...] = ()
    #: scored by the table hub, once per version for every phone (:func:`scored`): the
    #: score sheet of ``state`` with ``printed``, the confirmed printed values in force;
    #: ``sheet`` is None when ``scored`` is false or scoring failed (``score_error``: the
    #: failure's message code, logged by the hub)
    scored: bool = False
    sheet: ScoreSheet | None = None
    printed: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    score_error: str | None = None
    #: the game clock (``app.game.clock``): shown as minutes played, paused or running
    clock: Clock = field(default_factory=Clock)

    def last_change_of(self, by: int | None) -> int | None:
        """The seq of ``by``'s last change still in effect (``None``: nothing to undo)."""
        return dict(self.last_by).get(by)


def score_state(state: GameState, printed: Mapping[str, Mapping[str, Any]]) -> ScoreSheet:
    """The score sheet of ``state`` with the confirmed printed values ``printed``.

    The record is the one checked when the state was made (``parsed_state``: built and
    parsed once); for a game in play the values confirmed in Settings win over the
    game's own (a corrected value applies at once), so a record they change is parsed
    with them. A finished game keeps what it was scored with. Raises on a record that
    is not scorable (``DomainError``) or a scoring failure.
    """
    record, parsed = parsed_state(state)
    rules = variant(state.game)
    if rules.printed and printed and state.status != Status.FINISHED:
        embedded = with_confirmed_printed(record, printed)
        if embedded != record:
            parsed = rules.codec.parse(embedded)
    return rules.score(parsed, printed)


SCORE_FAILED = "sheet-score-failed"


def scored(snap: Snapshot, printed: Mapping[str, Mapping[str, Any]]) -> Snapshot:
    """``snap`` with its score sheet (:func:`score_state`); a failure is logged (with its
    traceback) and carried as ``score_error``, never a silent ``None``."""
    try:
        return replace(snap, scored=True, sheet=score_state(snap.state, printed),
                       printed=printed)
    except DomainError as err:  # a record the rules model refuses: its own message
        log.error("table %s v%s: not scorable (%s %s)", snap.game_id, snap.version, err.code,
                  err.field)
        return replace(snap, scored=True, printed=printed, score_error=SCORE_FAILED)
    except Exception:  # boundary: a scoring bug must not take the table down (score_error)
        log.exception("table %s v%s: scoring failed", snap.game_id, snap.version)
        return replace(snap, scored=True, printed=printed, score_error=SCORE_FAILED)


@dataclass(frozen=True, slots=True)
class Change:
    """One applied command for the table's log: who (seat index, ``None`` the host) did what.

    ``data`` is the command's fields (codes and numbers): the log is rendered
    from them by the catalogues (``log-change``), never from a sentence.
    """

    seq: int
    by: int | None
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Step:
    """An applied command in the undo stack, with the state after it."""

    seq: int
    command: Command
    outcome: Any
    state: GameState
    messages: tuple[Message, ...]
    by: int | None = None  # the seat (0-based) whose token sent it; None: the host


#: How many of the last changes a snapshot carries for the table's log.
CHANGES_SHOWN = 12
#: A command that applies at any version (an intent, a shared action not done yet) whose
#: version another process wrote first is applied again on top of it, this many times
WRITE_ATTEMPTS = 5


class GameSession:
    """One game's authoritative session; thread-safe (one lock per session).

    Every accepted command is in the database (log row + state snapshot, one
    transaction) before :meth:`apply` returns; an invalid command writes nothing.
    """

    def __init__(self, store: Store, game_id: int, initial: GameState, *,
                 played_at: str | None = None, location: str | None = None) -> None:
        self._store = store
        self.game_id = game_id
        self._initial = initial
        self._done: list[_Step] = []
        self._undone: list[_Step] = []
        self._version = 1
        #: the version of the last undo, redo or undo_mine: a screen from before it showed a
        #: state that is no longer the table's (see :meth:`_already_done`)
        self._rewound = 0
        self._messages: tuple[Message, ...] = ()
        self._lock = threading.RLock()
        self._played_at = played_at
        self._location = location
        #: the log's clock entries (``app.game.clock``): start, pauses, resumes, the end
        self._marks: list[Mark] = []
        #: called with each snapshot :meth:`catch_up` makes (another writer's changes)
        self.on_caught_up: Callable[[Snapshot], Any] | None = None

    # ------------------------------------------------------------------ opening
    @staticmethod
    def _as_store(store: Store | Engine) -> Store:
        return store if isinstance(store, Store) else Store(store)

    @classmethod
    def create(cls, store: Store | Engine, *, game: str, players: Sequence[Any],
               options: Any = None, seed: int | None = None, location: str | None = None,
               first_player: int | None = None, infested: Iterable[int] = ()) -> GameSession:
        """Deal a new game and store it; ``seed`` ``None`` picks one (kept in the state).

        ``first_player`` and ``infested``: see :func:`initial_state`.
        """
        st = cls._as_store(store)
        seed = secrets.randbelow(2**53) if seed is None else seed
        infested = tuple(infested)
        state = initial_state(game, options, players, seed, first_player=first_player,
                              infested=infested)
        data = state.to_json()
        row = st.create_game(
            game=game, options=data["record"].get("options", {}), seed=seed, location=location,
            players=[{"name": p.name, "colour": p.colour, "character": p.character}
                     for p in state.players], state=data)
        assert row.id is not None
        payload: dict[str, Any] = {"game": game, "players": [p.to_json() for p in state.players],
                                   "options": data["record"].get("options", {}), "seed": seed}
        if first_player is not None:
            payload["first_player"] = first_player
        if infested:
            payload["infested"] = sorted(infested)
        st.append_command(game_id=row.id, seq=1, kind="create", payload=payload, outcome=data,
                          state=data)
        return cls(st, row.id, state, played_at=_iso(row.played_at, row.utc_offset),
                   location=location)

    @classmethod
    def load(cls, store: Store | Engine, game_id: int) -> GameSession:
        """Rebuild a session from the log (authoritative), checked against the snapshot."""
        st = cls._as_store(store)
        row = st.get_game(game_id=game_id)
        if row is None:
            raise NotFound(f"no game with id {game_id}")
        log = st.load_log(game_id=game_id)
        if not log:
            # created, but the create entry never made it: the version-0 snapshot is all
            snap = st.latest_state(game_id=game_id)
            if snap is None or not snap.state:
                raise ReplayError(f"game {game_id} has neither a log nor a state")
            initial = state_from_json(snap.state)
            session = cls(st, game_id, initial, played_at=_iso(row.played_at, row.utc_offset),
                          location=row.location)
            st.append_command(game_id=game_id, seq=1, kind="create", payload={},
                              outcome=snap.state, state=snap.state)
            return session
        if log[0].kind != "create":
            raise ReplayError(f"game {game_id}: the log does not start with 'create'")
        session = cls(st, game_id, state_from_json(log[0].outcome),
                      played_at=_iso(row.played_at, row.utc_offset), location=row.location)
        for entry in log[1:]:
            session._replay_entry(entry.seq, entry.kind, entry.payload, entry.outcome)
            session._mark(entry.seq, entry.kind, entry.created_at)
        session._version = log[-1].seq
        snap = st.latest_state(game_id=game_id)
        if snap is not None and snap.seq == session._version and \
                comparable(snap.state, session.state.codec) != \
                comparable(session.state.to_json(), session.state.codec):
            raise ReplayError(f"game {game_id}: replaying the log does not give the stored state")
        if session.state.status == Status.FINISHED and row.status != Status.FINISHED:
            try:  # the process stopped between end_game and the record
                session._store_finished()
            except GameFinished:  # (or another process is storing it right now)
                pass
        return session

    def _replay_entry(self, seq: int, kind: str, payload: Mapping[str, Any], outcome: Any,
                      *, news: bool = False) -> tuple[Message, ...]:
        """Apply one log entry again; with ``news``, return what it said when it was made
        (the messages of :meth:`apply`, :meth:`undo`, :meth:`redo`, :meth:`undo_mine`): a
        phone on another process shows the same news as the tapper's."""
        if kind in ("undo", "redo", "undo_mine"):
            self._rewound = seq
        if kind in (PauseClock.kind, ResumeClock.kind):  # the clock only (:meth:`_mark`)
            return ()
        if kind == "undo":
            step = self._done.pop()
            self._undone.append(step)
            if not news:
                return ()
            return (self._undo_message(step, step.state, self.state),)
        if kind == "redo":
            step = self._undone.pop()
            self._done.append(step)
            return (Message("redo", None, {"command": step.command.kind}), *step.messages)
        if kind == "undo_mine":
            now = self.state
            try:
                kept, step = self._without(int(outcome["seq"]))
            except (DomainError, KeyError, TypeError, ValueError) as err:
                raise ReplayError(f"undo_mine at {seq} does not replay: {err}") from err
            self._done = kept
            self._undone.clear()
            by = payload.get("by")
            return (self._undone_mine_message(step, by if isinstance(by, int) else None, now,
                                              self.state),) if news else ()
        body = {k: v for k, v in payload.items() if k != "by"}
        by = payload.get("by")
        cmd = command_from_json({**body, "kind": kind})
        state, messages = replay_command(self.state, cmd, outcome)
        self._done.append(_Step(seq, cmd, outcome, state, messages,
                                by if isinstance(by, int) else None))
        self._undone.clear()
        return messages

    def refresh(self) -> Snapshot:
        """Catch up with log entries another writer (process) appended since; the newest
        snapshot (each entry's own went to :attr:`on_caught_up`, see :meth:`catch_up`)."""
        with self._lock:
            self.catch_up()
            return self.snapshot()

    def catch_up(self) -> list[Snapshot]:
        """Apply the log entries another writer (a process) appended since this session's
        version, in order: one snapshot per entry, each with the messages that entry said
        (none skipped, none twice). Each is also handed to :attr:`on_caught_up` (the table
        hub broadcasts it) as soon as it is made."""
        with self._lock:
            out = []
            for entry in self._store.load_log(game_id=self.game_id, after=self._version):
                if entry.seq != self._version + 1:
                    raise ReplayError(f"game {self.game_id}: the log jumps from "
                                      f"{self._version} to {entry.seq}")
                self._messages = self._replay_entry(entry.seq, entry.kind, entry.payload,
                                                    entry.outcome, news=True)
                self._mark(entry.seq, entry.kind, entry.created_at)
                self._version = entry.seq
                snap = self.snapshot()
                out.append(snap)
                if self.on_caught_up is not None:
                    self.on_caught_up(snap)
            return out

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self._done[-1].state if self._done else self._initial

    @property
    def version(self) -> int:
        return self._version

    def _mark(self, seq: int, kind: str, at: datetime | None) -> None:
        if kind in CLOCK_KINDS and at is not None:
            self._marks.append(Mark(seq, kind, utc(at) or at))

    def clock(self) -> Clock:
        """The game clock (``app.game.clock``): started with the game, paused and resumed
        by :class:`PauseClock` / :class:`ResumeClock`, stopped by the finish."""
        with self._lock:
            return clock_of(self._marks)

    def snapshot(self) -> Snapshot:
        with self._lock:
            last: dict[int | None, int] = {}
            for step in self._done:
                last[step.by] = step.seq
            changes = tuple(Change(s.seq, s.by, s.command.kind,
                                   {k: v for k, v in s.command.payload().items()
                                    if k != "version"})
                            for s in self._done[-CHANGES_SHOWN:])
            return Snapshot(self.game_id, self._version, self.state,
                            bool(self._done) and self.state.status != Status.FINISHED,
                            bool(self._undone) and self.state.status != Status.FINISHED,
                            self._messages, changes, tuple(sorted(
                                last.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))),
                            clock=clock_of(self._marks))

    def record(self) -> dict[str, Any]:
        """The record v1 of the current state, validated by the rules model's parser."""
        with self._lock:
            state = self.state
        rec = state.record(played_at=self._played_at, location=self._location)
        try:
            variant(state.game).codec.parse(rec)
        except RecordError as err:
            first = err.problems[0]
            raise DomainError(first.msg.code, field=first.path or None,
                              **first.msg.params) from err
        return rec

    def score(self) -> ScoreSheet:
        """The score sheet now (printed values: those users confirmed, then the game's own:
        a value corrected in Settings applies to a game in play)."""
        record = self.record()
        if variant(self.state.game).printed:
            record = with_confirmed_printed(record, self.printed())
        return self._score(record)

    # ------------------------------------------------------------------ writing
    def _check_version(self, version: int) -> None:
        if version != self._version:
            raise StaleVersion(version, self._version)

    def _append(self, kind: str, payload: Mapping[str, Any], outcome: Any, state: GameState
                ) -> int:
        seq = self._version + 1
        try:
            row = self._store.append_command(game_id=self.game_id, seq=seq, kind=kind,
                                             payload=payload, outcome=outcome,
                                             state=state.to_json())
        except DuplicateSeq as err:  # another writer (process) got there first
            made_at = self._version
            self.catch_up()  # (each version it wrote goes to on_caught_up: the hub shows it)
            raise StaleVersion(made_at, self._version) from err
        except GameFinished as err:
            raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE, field="status") \
                from err
        self._version = seq
        self._mark(seq, kind, row.created_at)
        if kind in ("undo", "redo", "undo_mine"):
            self._rewound = seq
        return seq

    def _already_done(self, command: Command, by: int | None = None) -> bool:
        """Raise :class:`AlreadyDone` if ``command`` (a shared-table action) was done.

        With a key (the round, the turn or the forester count the phone showed):
        the key no longer matching the state means another phone did it (the last
        step of that kind says what it did); a matching key applies at the
        current version (True: the version need not be checked — a coin changed
        meanwhile does not make "end turn" stale) unless the same action was
        applied after the version the command was made against (the version its
        phone showed, :mod:`app.shown`: whoever's tap, however soon or late, it is
        "already done"). A keyed action made against a version from before an undo, redo or
        undo_mine is stale (:class:`StaleVersion`): its key was read from the tab's redraw
        after the rewind, not from the screen the phone showed (another turn, say), so it
        cannot name what the player saw. Without a key: made against
        ``command.version``, the same action applied after that version is the
        second phone's tap on the same state.
        """
        shared = command.shared_key
        key = shared.matches(self.state, command) if shared is not None else None
        if key is not None and command.version < self._rewound:
            raise StaleVersion(command.version, self._version)
        if key is True and command.once:
            # made against the version the phone showed (app.shown: a tab redrawn on the
            # server before its phone had the redraw taps on the older screen): the same
            # action applied after it is this tap's action, done already
            later = [s for s in self._done if s.seq > command.version
                     and s.command.kind == command.kind]
            if later:
                raise AlreadyDone(command.kind, later[0].seq, later[0].messages)
        if key is True:
            return True
        if key is False:
            step = next((s for s in reversed(self._done) if s.command.kind == command.kind),
                        None)
            raise AlreadyDone(command.kind, step.seq if step else 0,
                              step.messages if step else ())
        if not command.once or command.version >= self._version:
            return False
        mine = {k: v for k, v in command.payload().items() if k != "version"}
        for step in reversed(self._done):
            if step.seq <= command.version:
                break
            theirs = {k: v for k, v in step.command.payload().items() if k != "version"}
            if step.command.kind == command.kind and theirs == mine:
                raise AlreadyDone(command.kind, step.seq, step.messages)
        return False

    def apply(self, command: Command, *, by: int | None = None) -> Snapshot:
        """Validate, apply, persist; return the new snapshot (or raise DomainError).

        A session operation (:class:`Undo`, :class:`Redo`, :class:`UndoMine`,
        :class:`Finish`) runs :meth:`undo`, :meth:`redo`, :meth:`undo_mine` (``by``'s
        own last change) or :meth:`finish`.

        ``by`` is the seat (0-based) whose token sent it, ``None`` for the host:
        the table server sets it from the token, never from what a phone says.
        """
        if not isinstance(command, Command):
            raise DomainError(SessionCode.NOT_COMMAND)
        if by is not None and (isinstance(by, bool) or not isinstance(by, int)):
            raise DomainError(SessionCode.BAD_AUTHOR, field="by")
        if isinstance(command, Undo | Redo | UndoMine | Finish | PauseClock | ResumeClock):
            return self._session_op(command, by)
        with self._lock:
            for attempt in range(WRITE_ATTEMPTS):
                # an intent holds no value seen on screen; a shared action already done by
                # another phone is answered by _already_done (raises AlreadyDone)
                anywhere = self._already_done(command, by) or command.intent
                if not anywhere:
                    self._check_version(command.version)
                seq = self._version + 1
                state, outcome, messages = apply_command(self.state, command,
                                                         command_rng(self.state.seed, seq))
                payload = command.payload()
                if by is not None:
                    payload["by"] = by
                try:
                    self._append(command.kind, payload, outcome, state)
                    break
                except StaleVersion:
                    # another process wrote this version first (this session has caught
                    # up): a command that applies at any version goes on top of it
                    if not anywhere or attempt == WRITE_ATTEMPTS - 1:
                        raise
            if isinstance(command, ConfirmPrinted):  # remembered for later games too
                where = variant(state.game).confirmed_table
                self._store.confirm_printed(
                    table=where(parsed_state(state)[0].get("options") or {}, command.table)
                    if where else command.table,
                    key=command.key, value=plain(command.value))
            self._done.append(_Step(seq, command, outcome, state, messages, by))
            self._undone.clear()
            self._messages = messages
            return self.snapshot()

    def _session_op(self, op: Undo | Redo | UndoMine | Finish | PauseClock | ResumeClock,
                    by: int | None) -> Snapshot:
        """Run a session operation (it walks the log; ``by``: the sender, for undo_mine)."""
        version = op.version
        if isinstance(version, bool) or not isinstance(version, int):
            raise DomainError(SessionCode.WHOLE_NUMBER, field="version")
        if isinstance(op, PauseClock | ResumeClock):
            return self.set_clock(op, by)
        if isinstance(op, UndoMine):
            return self.undo_mine(by, version)
        if isinstance(op, Undo):
            return self.undo(version)
        if isinstance(op, Redo):
            return self.redo(version)
        return self.finish(version)

    def _without(self, seq: int) -> tuple[list[_Step], _Step]:
        """The undo stack without the step ``seq``, every later step replayed on top.

        A later step that no longer applies, or would draw differently, without
        it (it depends on it) raises :class:`DomainError` ``refusal-undo-depends``.
        """
        index = next((n for n, s in enumerate(self._done) if s.seq == seq), None)
        if index is None:
            raise DomainError(SessionCode.NOTHING_OF_YOURS)
        step = self._done[index]
        state = self._done[index - 1].state if index else self._initial
        kept = list(self._done[:index])
        for later in self._done[index + 1:]:
            try:
                state, messages = replay_command(state, later.command, later.outcome)
            except ReplayError as err:
                raise DomainError(SessionCode.UNDO_DEPENDS, kind=step.command.kind,
                                  later=later.command.kind, seq=later.seq,
                                  by=-1 if later.by is None else later.by) from err
            kept.append(replace(later, state=state, messages=messages))
        return kept, step

    @staticmethod
    def _taken_back(command: Command, now: GameState, after: GameState) -> dict[str, Any]:
        """What an undo takes back, as data: whose board (``player``) and, for a count, its
        field and its value before and after: "Blue's coins 5 → 4" (``{}``: no board)."""
        player, field_name = getattr(command, "player", None), getattr(command, "field", None)
        if not isinstance(player, int) or isinstance(player, bool):
            return {}
        count_of = variant(now.game).count_of
        if count_of is None or not isinstance(field_name, str):
            return {"player": player}
        old, new = count_of(now, player, field_name), count_of(after, player, field_name)
        if old is None or new is None:
            return {"player": player}
        return {"player": player, "field": field_name, "old": old, "new": new}

    def undo_mine(self, by: int | None, version: int) -> Snapshot:
        """Take back ``by``'s own last change (a seat's, or the host's with ``None``).

        Changes made after it by others stay: they are replayed without it. If
        one of them depends on it (it no longer applies, or a draw would come
        out differently), nothing changes and the refusal names it: the host's
        table-wide undo can take the later changes back first. A log entry
        ``undo_mine`` (outcome: the seq taken back); redo is cleared.
        """
        with self._lock:
            self._check_version(version)
            if self.state.status == Status.FINISHED:
                raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE,
                                  field="status")
            seq = next((s.seq for s in reversed(self._done) if s.by == by), None)
            if seq is None:
                raise DomainError(SessionCode.NOTHING_OF_YOURS)
            now = self.state
            kept, step = self._without(seq)
            after = kept[-1].state if kept else self._initial
            payload: dict[str, Any] = {"version": version}
            if by is not None:
                payload["by"] = by
            self._append("undo_mine", payload, {"seq": seq}, after)
            self._done = kept
            self._undone.clear()
            self._messages = (self._undone_mine_message(step, by, now, after),)
            return self.snapshot()

    def _undone_mine_message(self, step: _Step, by: int | None, now: GameState,
                             after: GameState) -> Message:
        data = {"command": step.command.kind, "seq": step.seq, "by": -1 if by is None else by,
                **self._taken_back(step.command, now, after)}
        return Message(SessionCode.UNDONE_MINE, by, data)

    def _undo_message(self, step: _Step, now: GameState, before: GameState) -> Message:
        return Message("undo", None, {"command": step.command.kind,
                                      **self._taken_back(step.command, now, before)})

    def undo(self, version: int) -> Snapshot:
        """Take back the last command (a log entry too; the log is append-only)."""
        with self._lock:
            self._check_version(version)
            if not self._done:
                raise DomainError(SessionCode.NOTHING_TO_UNDO)
            if self.state.status == Status.FINISHED:
                raise DomainError(
                    SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE,
                    field="status",
                )
            step, now = self._done[-1], self.state
            before = self._done[-2].state if len(self._done) > 1 else self._initial
            self._append("undo", {"version": version}, {"seq": step.seq}, before)
            self._undone.append(self._done.pop())
            self._messages = (self._undo_message(step, now, before),)
            return self.snapshot()

    def redo(self, version: int) -> Snapshot:
        """Apply the last undone command again, with its logged outcome."""
        with self._lock:
            self._check_version(version)
            if not self._undone:
                raise DomainError(SessionCode.NOTHING_TO_REDO)
            step = self._undone[-1]
            self._append("redo", {"version": version}, {"seq": step.seq}, step.state)
            self._done.append(self._undone.pop())
            self._messages = (Message("redo", None, {"command": step.command.kind}), *step.messages)
            return self.snapshot()

    def set_clock(self, op: PauseClock | ResumeClock, by: int | None = None) -> Snapshot:
        """Pause or resume the game clock (any seat or the host): a log entry of its own that
        changes no state and is not undone (the next pause or resume sets the clock again).

        ``op.pauses`` is the number of pauses the tapper's screen showed: a pause when the
        clock is paused, or was paused again since, and a resume when it runs, are "already
        done" (another phone did it; :class:`AlreadyDone`, nothing written)."""
        pauses = op.pauses
        if isinstance(pauses, bool) or not isinstance(pauses, int):
            raise DomainError(SessionCode.WHOLE_NUMBER, field="pauses")
        with self._lock:
            if self.state.status == Status.FINISHED:
                raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE,
                                  field="status")
            payload: dict[str, Any] = op.payload()
            if by is not None:
                payload["by"] = by
            caught_up = False
            for attempt in range(WRITE_ATTEMPTS):
                clock = self.clock()
                if clock.started is None or pauses != clock.pauses \
                        or clock.paused == isinstance(op, PauseClock):
                    if not caught_up:  # (another process may have set it: read the log)
                        caught_up = True
                        self.catch_up()
                        continue
                    if clock.started is None:
                        raise DomainError(SessionCode.CLOCK_NOT_STARTED, field="status")
                    raise AlreadyDone(op.kind, clock.last_seq, ())
                try:
                    self._append(op.kind, payload, None, self.state)
                    break
                except StaleVersion:  # another process wrote first (caught up): again
                    if attempt == WRITE_ATTEMPTS - 1:
                        raise
            self._messages = ()
            return self.snapshot()

    def finish(self, version: int) -> Snapshot:
        """End the game and store its record and score sheet (totals, ranks, winners).

        Two transactions: the ``end_game`` log entry, then the finished record;
        :meth:`load` completes the second if the process stopped in between.
        """
        with self._lock:
            last = self._done[-1] if self._done else None
            if self.state.status == Status.FINISHED and last is not None \
                    and isinstance(last.command, EndGame) and version < self._version:
                # another phone (or this one, resent) finished it after this one's screen
                raise AlreadyDone(last.command.kind, last.seq, last.messages)
            self._check_version(version)
            self.record()  # refuse to end a game whose record would not be valid
            snap = self.apply(EndGame(version=version))
            self._store_finished()
            return snap

    def _store_finished(self) -> None:
        """Store the record with every printed value it was scored with (the game's own and
        those users confirmed), so a value changed later in Settings leaves it as scored."""
        record = self.record()
        if variant(self.state.game).printed:
            record = with_confirmed_printed(record, self.printed())
        self._store.finish_game(game_id=self.game_id, record=record,
                                sheet=self._score(record))

    def _score(self, record: Mapping[str, Any]) -> ScoreSheet:
        rules = variant(self.state.game)
        return rules.score(rules.codec.parse(dict(record)), self.printed())

    def printed(self) -> Mapping[str, Mapping[str, Any]]:
        """The printed values users confirmed (``{table: {key: value}}``): the store's
        cache (:meth:`Store.printed_view`), read again only after a confirm or forget
        through any ``Store`` of this process. Read-only."""
        return self._store.printed_view()

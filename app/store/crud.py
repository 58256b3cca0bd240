"""CRUD: plain functions, a ``Session`` first, everything else keyword-only.

Every function that writes commits its own transaction (or rolls it back and
raises), through the one helper :func:`transaction`, so a caller never sees half a write:

- :func:`append_command` writes the log row *and* the state snapshot in one
  transaction. ``seq`` must be the game's current version + 1 (versions count
  from 0, the snapshot written by :func:`create_game`); a duplicate or stale
  ``seq`` raises :class:`DuplicateSeq` and writes nothing, so of two writers
  racing for the same version exactly one succeeds (the unique constraint on
  ``(game_id, seq)`` and the conditional snapshot update both guard it). On
  PostgreSQL the same transaction notifies the other server processes
  (:mod:`app.store.notify`: delivered only when it commits).
- :func:`finish_game` writes totals, ranks, winners, category points, the
  record and its score sheet in one transaction.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.bounds import SEED_MAX, SEED_MIN, parse_id
from app.game.errors import ReplayError
from app.l10n import english, render
from app.names import clean_name as _clean_name
from app.names import name_key
from app.store.models import (
    DELETED,
    FINISHED,
    OPEN,
    SOURCE_APP,
    BggGame,
    CommandLog,
    FinishedRecord,
    GamePhoto,
    GameRow,
    GameStateRow,
    Person,
    PersonAlias,
    PrintedValue,
    Seat,
    SeatCategory,
    UTCDateTime,
    now_utc,
)
from app.store.notify import PRINTED, VERSION, News, notify
from app.store.summary import add_game_to_stats, rebuild_stats
from scoring.api import score_record
from scoring.games import GAMES
from scoring.message import MessageCode, Refusal, msg
from scoring.record import RecordError, forbidden_character


class StoreError(Exception):
    """Base of the store's errors."""


#: What the database can raise that is no bug: a held lock, a full disk, a dropped connection.
STORAGE_ERRORS: tuple[type[Exception], ...] = (sa.exc.SQLAlchemyError, sqlite3.Error, OSError)


class NotFound(StoreError, LookupError):
    """No such game (or person)."""


class DuplicateSeq(StoreError):
    """The log already has this ``seq`` for the game (another writer was first), or it is stale."""

    def __init__(self, game_id: int, seq: int, current: int | None) -> None:
        self.game_id = game_id
        self.seq = seq
        self.current = current
        super().__init__(
            f"game {game_id}: command seq {seq} refused (current version is {current}; "
            f"the next command must be seq {None if current is None else current + 1})"
        )


class GameFinished(StoreError):
    """The game is finished: its log and record no longer change."""


class InvalidData(StoreError, ValueError):
    """Arguments the store cannot save (e.g. the same person twice at one table)."""


class KeepCode(MessageCode):
    """Refusals of History corrections (edit, delete, people, BGG ids): app/l10n "## records"."""

    ALREADY_DELETED = "refusal-keep-already-deleted"
    NOT_DELETED = "refusal-keep-not-deleted"
    NOT_FINISHED = "refusal-keep-not-finished"
    BAD_DATE = "refusal-keep-bad-date"
    TOO_LONG = "refusal-keep-too-long"
    FORBIDDEN = "refusal-keep-forbidden-character"
    NAMES_COUNT = "refusal-keep-names-count"
    SAME_PERSON = "refusal-keep-same-person"
    UNSCORABLE = "refusal-keep-unscorable"
    NAME_TAKEN = "refusal-keep-name-taken"
    MERGE_SELF = "refusal-keep-merge-self"
    MERGE_SAME_TABLE = "refusal-keep-merge-same-table"
    BAD_BGG_ID = "refusal-keep-bad-bgg-id"


class KeepRefusal(InvalidData, Refusal):
    """An :class:`InvalidData` that is also a :class:`scoring.message.Refusal` (a code, the
    field and parameters): the app renders it in the player's language; :meth:`text`
    renders it in English (CLI)."""

    def __init__(self, code: str, /, field: str | None = None, **params: Any) -> None:
        Refusal.__init__(self, code, field=field, **params)

    def text(self, lang: str = "en") -> str:
        return render(lang, msg(self.code, field=self.field or "", **self.params))


#: What reading or changing a stored game can raise that is no bug: the database failing, a
#: missing game (:class:`StoreError`), a refusal (a ``ValueError``), a log that no longer
#: replays. A screen or a table says so and goes on; anything else is a bug and is raised.
FAILURES: tuple[type[Exception], ...] = (*STORAGE_ERRORS, StoreError, ValueError, ReplayError)


# --------------------------------------------------------------------------- helpers


@contextmanager
def transaction(session: Session, *, commit: bool = True) -> Iterator[None]:
    """The store's one transaction: committed when the block ends, rolled back (and
    re-raised) on any error, so a caller never sees half a write.

    ``commit=False``: the block joins the caller's transaction (an import writing many
    games at once), which commits or rolls back itself; nothing is done here.
    """
    if not commit:
        yield
        return
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise


def person_key(name: str) -> str:
    """The identity of a person's name: ``app.names.name_key`` (NFKC, spacing, case).

    >>> person_key("  Mei  Ling ") == person_key("mei ling") == person_key("Ｍｅｉ Ling")
    True
    """
    return name_key(name)


def clean_name(name: str, field: str = "name") -> str:
    """A name as stored: ``app.names.clean_name`` (raises a ``Refusal`` naming ``field``)."""
    return _clean_name(name, field)


def parse_played_at(value: Any) -> datetime | None:
    """A record's ``played_at`` (ISO 8601) as aware UTC; no offset means local time."""
    if value is None:
        return None
    if isinstance(value, datetime):
        dt = value
    else:
        dt = datetime.fromisoformat(str(value))
    return dt.astimezone(UTC)


def played_offset(value: Any) -> int | None:
    """Minutes east of UTC of a record's ``played_at`` (local offset when it has none)."""
    if value is None:
        return None
    dt = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    off = (dt if dt.tzinfo is not None else dt.astimezone()).utcoffset()
    return None if off is None else int(off.total_seconds() // 60)


def local_offset(at: datetime | None = None) -> int:
    """This machine's offset from UTC in minutes (at ``at``, default now)."""
    off = (at or now_utc()).astimezone().utcoffset()
    return 0 if off is None else int(off.total_seconds() // 60)


def _allocate_uid(session: Session, fp: str, *, exclude: int | None = None) -> str:
    """The play id for a record with fingerprint ``fp``: ``fp`` itself, unless another
    game in this database already holds it (two games with an identical record), then
    ``sha256("fp:N")`` for the first free N — so different games never share one."""
    uid, n = fp, 1
    while True:
        stmt = select(GameRow.id).where(GameRow.play_uid == uid)
        if exclude is not None:
            stmt = stmt.where(GameRow.id != exclude)
        if session.exec(stmt).first() is None:
            return uid
        n += 1
        uid = hashlib.sha256(f"{fp}:{n}".encode()).hexdigest()


def _seed_column(seed: Any) -> int | None:
    # BIGINT holds every seed (app.bounds: the record format's 0 .. 2**63-1)
    if isinstance(seed, int) and not isinstance(seed, bool) and SEED_MIN <= seed <= SEED_MAX:
        return seed
    return None


def fingerprint(record: Mapping[str, Any]) -> str:
    """SHA-256 of a record's canonical JSON (sorted keys): how a re-import is recognised."""
    canon = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


def sheet_json(sheet: Any) -> dict[str, Any]:
    """A ``ScoreSheet`` (or its ``as_json()`` dict) as a plain dict."""
    if hasattr(sheet, "as_json"):
        return dict(sheet.as_json(english))
    if isinstance(sheet, Mapping):
        return dict(sheet)
    raise InvalidData(f"not a score sheet: {type(sheet).__name__}")


# --------------------------------------------------------------------------- people


def get_person(session: Session, *, name: str) -> Person | None:
    """The person with this name (case and spacing do not matter), or ``None``."""
    return session.exec(select(Person).where(Person.key == person_key(name))).first()


#: The namespace of the ids exports give (people, plays, games, locations): uuid5 in it.
UID_NAMESPACE = uuid.UUID("6f0d9a8e-3c1b-5d7e-9a40-f0a5e57ab1e0")


def new_person_uid(session: Session, key: str) -> str:
    """The id a new person keeps for good (``Person.uid``): ``uuid5(UID_NAMESPACE,
    "player:<key>")`` in upper case — what two databases that meet the same name give it,
    and what play files gave a player before 0008 — or a random one when that is taken
    (someone renamed away from this name keeps it)."""
    uid = str(uuid.uuid5(UID_NAMESPACE, f"player:{key}")).upper()
    if session.exec(select(Person.id).where(Person.uid == uid)).first() is not None:
        uid = str(uuid.uuid4()).upper()
    return uid


def get_or_create_person(session: Session, *, name: str, commit: bool = True) -> Person:
    """The person with this name, created when new (race-safe: unique ``key``)."""
    display = clean_name(name)
    found = get_person(session, name=display)
    if found is not None:
        return found
    try:
        with session.begin_nested():
            person = Person(name=display, key=person_key(display),
                            uid=new_person_uid(session, person_key(display)))
            session.add(person)
    except IntegrityError:  # someone else created it meanwhile (only the savepoint undone)
        found = get_person(session, name=display)
        assert found is not None
        return found
    if commit:
        session.commit()
        session.refresh(person)
    return person


def list_people(session: Session) -> list[Person]:
    """Everyone, by name."""
    return list(session.exec(select(Person).order_by(col(Person.key))).all())


# --------------------------------------------------------------------------- games


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits where when a game is created (seat = position in the list, 1-based)."""

    name: str
    colour: str | None = None
    character: str | None = None  # Forestry character or Forest Guardians ranger


def _seat_specs(players: Iterable[SeatSpec | Mapping[str, Any] | str]) -> list[SeatSpec]:
    specs: list[SeatSpec] = []
    for p in players:
        if isinstance(p, SeatSpec):
            specs.append(p)
        elif isinstance(p, str):
            specs.append(SeatSpec(p))
        else:
            character = p.get("character", p.get("ranger"))
            specs.append(SeatSpec(str(p["name"]), p.get("colour", p.get("color")), character))
    return specs


def _add_seats(session: Session, game: GameRow, specs: Sequence[SeatSpec]) -> list[Seat]:
    if not 1 <= len(specs) <= 4:
        raise InvalidData(f"a game has 1 to 4 players (got {len(specs)})")
    _check_distinct(specs)
    seats: list[Seat] = []
    assert game.id is not None
    known = {p.key: p for p in session.exec(select(Person).where(col(Person.key).in_(
        [person_key(spec.name) for spec in specs])))}  # one query, not one a seat
    for i, spec in enumerate(specs):
        k = person_key(spec.name)
        person = known.get(k) or get_or_create_person(session, name=spec.name, commit=False)
        assert person.id is not None
        seat = Seat(game_id=game.id, person_id=person.id, seat=i + 1, colour=spec.colour,
                    character=spec.character, game=game.game)
        session.add(seat)
        seats.append(seat)
    session.flush()
    return seats


def create_game(
    session: Session,
    *,
    game: str,
    players: Sequence[SeatSpec | Mapping[str, Any] | str],
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    location: str | None = None,
    played_at: datetime | None = None,
    state: Mapping[str, Any] | None = None,
) -> GameRow:
    """Create an open game with its seats and its version-0 state snapshot.

    ``players`` in seat order (seat 1 starts): :class:`SeatSpec`, a mapping with
    ``name`` and optional ``colour``/``character`` (or ``ranger``), or a name.
    People are reused by name across games.
    """
    if game not in GAMES:
        raise InvalidData(f"game must be one of {', '.join(GAMES)} (got {game!r})")
    now = now_utc()
    if location is not None:
        location = _free_text(location, "location", MAX_LOCATION) or None
    row = GameRow(game=game, options=dict(options or {}), seed=_seed_column(seed),
                  location=location, status=OPEN, source=SOURCE_APP, created_at=now,
                  updated_at=now, played_at=(played_at or now).astimezone(UTC),
                  utc_offset=played_offset(played_at) if played_at else local_offset(now))
    with transaction(session):
        session.add(row)
        session.flush()
        _add_seats(session, row, _seat_specs(players))
        assert row.id is not None
        session.add(GameStateRow(game_id=row.id, seq=0, state=dict(state or {}), updated_at=now))
    session.refresh(row)
    return row


def get_game(session: Session, *, game_id: int) -> GameRow | None:
    """The game with this id, or ``None`` (also for an id no database holds: 10**40)."""
    return session.get(GameRow, game_id) if parse_id(game_id) is not None else None


def _require_game(session: Session, game_id: int) -> GameRow:
    game = get_game(session, game_id=game_id)
    if game is None:
        raise NotFound(f"no game with id {game_id}")
    return game


def list_open_games(session: Session) -> list[GameRow]:
    """Open games, most recently changed first."""
    stmt = (select(GameRow).where(GameRow.status == OPEN)
            .order_by(col(GameRow.updated_at).desc(), col(GameRow.id).desc()))
    return list(session.exec(stmt).all())


def delete_game(session: Session, *, game_id: int) -> None:
    """Delete a game with its seats, log, snapshot and record (e.g. an abandoned open game)."""
    game = _require_game(session, game_id)
    with transaction(session):
        people = delete_game_rows(session, game)
        if game.status == FINISHED:
            rebuild_stats(session, people)


def delete_game_rows(session: Session, game: GameRow) -> list[int]:
    """Delete ``game`` with its seats, category points, log, snapshot, record and photo rows
    (their files: :meth:`app.store.facade.Store.delete_game`) inside the caller's
    transaction; returns its people (whose statistics the caller rebuilds)."""
    game_id = game.id
    people = [int(p) for p in session.exec(select(Seat.person_id).where(
        Seat.game_id == game_id)).all()]
    seat_ids = select(Seat.id).where(Seat.game_id == game_id)
    session.execute(sa.delete(SeatCategory).where(col(SeatCategory.seat_id).in_(seat_ids)))
    for model in (Seat, CommandLog, GameStateRow, FinishedRecord, GamePhoto):
        table: sa.Table = model.__table__  # type: ignore[union-attr]
        session.execute(sa.delete(table).where(table.c.game_id == game_id))
    session.delete(game)
    session.flush()
    return people


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat with the person's name: what views, history lists and exports need
    (``game_seats``; ``queries.GameSummary.players``)."""

    seat: int
    person_id: int
    name: str
    colour: str | None
    character: str | None
    total: int | None
    rank: int | None
    winner: bool

    @classmethod
    def of(cls, seat: Seat, name: str) -> SeatInfo:
        """The seat row with its person's name."""
        return cls(seat.seat, seat.person_id, name, seat.colour, seat.character, seat.total,
                   seat.rank, seat.winner)


def game_seats(session: Session, *, game_id: int) -> list[SeatInfo]:
    """The seats of a game in seat order, with names."""
    stmt = (select(Seat, Person.name).join(Person, col(Person.id) == Seat.person_id)
            .where(Seat.game_id == game_id).order_by(col(Seat.seat)))
    return [SeatInfo.of(seat, name) for seat, name in session.exec(stmt).all()]


# --------------------------------------------------------------------------- log and state


def append_command(
    session: Session,
    *,
    game_id: int,
    seq: int,
    kind: str,
    payload: Mapping[str, Any],
    outcome: Any,
    state: Mapping[str, Any],
) -> CommandLog:
    """Append one command to the log and replace the snapshot — one transaction.

    ``seq`` must be the current version + 1; otherwise (duplicate, stale or a
    gap) :class:`DuplicateSeq` is raised and nothing is written.
    """
    now = now_utc()
    # Core statements made once, run on the session's connection: a tap at a busy
    # table pays for the status read and the three writes, not for the ORM's unit of
    # work or for building the statements again (issue 23)
    st = _append_statements()
    try:
        with transaction(session):
            conn = session.connection()
            status = conn.execute(st.status, {"gid": game_id}).scalar_one_or_none()
            if status is None:
                raise NotFound(f"no game with id {game_id}")
            if status != OPEN:
                raise GameFinished(f"game {game_id} is {status}; its log no longer changes")
            try:
                inserted = conn.execute(st.insert, {
                    "game_id": game_id, "seq": seq, "kind": kind, "payload": dict(payload),
                    "outcome": outcome, "created_at": now})
            except IntegrityError as exc:
                raise DuplicateSeq(game_id, seq, None) from exc
            updated = conn.execute(st.state, {"gid": game_id, "prev": seq - 1, "seq": seq,
                                              "state": dict(state), "now": now})
            if updated.rowcount != 1:
                raise DuplicateSeq(game_id, seq, None)
            conn.execute(st.touch, {"gid": game_id, "now": now})
            notify(session, News(VERSION, game_id, seq))  # the other processes, on commit
    except DuplicateSeq as exc:  # rolled back: say which version is current
        current = session.exec(select(GameStateRow.seq)
                               .where(GameStateRow.game_id == game_id)).first()
        raise DuplicateSeq(game_id, seq, current) from exc.__cause__
    key = inserted.inserted_primary_key
    return CommandLog(id=key[0] if key else None, game_id=game_id, seq=seq, kind=kind,
                      payload=dict(payload), outcome=outcome, created_at=now)


@dataclass(frozen=True, slots=True)
class _AppendStatements:
    status: sa.Select[Any]
    insert: sa.Insert
    state: sa.Update
    touch: sa.Update


@functools.cache
def _append_statements() -> _AppendStatements:
    """append_command's statements, with bound parameters (built once per process)."""
    log: sa.Table = CommandLog.__table__  # type: ignore[attr-defined]
    state: sa.Table = GameStateRow.__table__  # type: ignore[attr-defined]
    game: sa.Table = GameRow.__table__  # type: ignore[attr-defined]
    return _AppendStatements(
        status=sa.select(game.c.status).where(game.c.id == sa.bindparam("gid")),
        insert=sa.insert(log),
        state=(sa.update(state)
               .where(state.c.game_id == sa.bindparam("gid"),
                      state.c.seq == sa.bindparam("prev"))
               .values(seq=sa.bindparam("seq"), state=sa.bindparam("state"),
                       updated_at=sa.bindparam("now"))),
        touch=(sa.update(game).where(game.c.id == sa.bindparam("gid"))
               .values(updated_at=sa.bindparam("now"))),
    )


def load_log(session: Session, *, game_id: int, after: int = 0) -> list[CommandLog]:
    """The game's log entries with ``seq > after``, in order."""
    stmt = (select(CommandLog).where(CommandLog.game_id == game_id, CommandLog.seq > after)
            .order_by(col(CommandLog.seq)))
    return list(session.exec(stmt).all())


def latest_state(session: Session, *, game_id: int) -> GameStateRow | None:
    """The latest snapshot (``.seq`` is the version, ``.state`` the JSON), or ``None``."""
    return session.get(GameStateRow, game_id)


# --------------------------------------------------------------------------- finishing



def _check_distinct(specs: Sequence[SeatSpec]) -> None:
    """No person twice at one table (names compared by their key)."""
    keys: dict[str, int] = {}
    for i, spec in enumerate(specs):
        k = person_key(spec.name)
        if k in keys:
            raise InvalidData(
                f"players[{i}].name: {spec.name!r} is already at this table (seat {keys[k] + 1})"
            )
        keys[k] = i


def _check_seat_name(i: int, ps: Mapping[str, Any], names: Sequence[Any], person: Person | _Who,
                     seat: int) -> None:
    """The score sheet's and the record's name of player ``i`` are the seat's person's."""
    if person_key(str(ps.get("name", ""))) != person.key:
        raise InvalidData(f"players[{i}].name: score sheet has {ps.get('name')!r}, "
                          f"seat {seat} is {person.name!r}")
    if i < len(names) and person_key(str(names[i])) != person.key:
        raise InvalidData(f"players[{i}].name: record has {names[i]!r}, "
                          f"seat {seat} is {person.name!r}")

def _write_results(session: Session, game: GameRow, seats: Sequence[Seat],
                   record: Mapping[str, Any], sheet: dict[str, Any], *,
                   update_stats: bool = True, first_print: str | None = None) -> None:
    players = list(sheet.get("players") or [])
    if len(players) != len(seats):
        raise InvalidData(
            f"the score sheet has {len(players)} players, the game has {len(seats)} seats"
        )
    names = [p.get("name") for p in record.get("players") or []]
    winners = {person_key(str(w)) for w in sheet.get("winners") or []}
    complete = bool(sheet.get("complete", True))
    by_id = {p.id: p for p in session.exec(
        select(Person).where(col(Person.id).in_([s.person_id for s in seats]))).all()}
    categories: dict[int, dict[str, int]] = {}
    rows: list[dict[str, Any]] = []
    for i, (seat, ps) in enumerate(zip(seats, players, strict=True)):
        person = by_id[seat.person_id]
        _check_seat_name(i, ps, names, person, seat.seat)
        rp = (record.get("players") or [{}] * len(seats))[i]
        character = rp.get("character", rp.get("ranger")) if isinstance(rp, Mapping) else None
        seat.character = character if character is not None else seat.character
        seat.total = int(ps["total"]) if complete else None
        seat.rank = int(ps["rank"]) if ps.get("rank") is not None else None
        seat.winner = person.key in winners
        seat.finished = True
        seat.played_at = game.played_at
        session.add(seat)
        assert seat.id is not None
        cats = {str(k): int(v) for k, v in (ps.get("categories") or {}).items()}
        categories[seat.id] = cats
        rows += [{"seat_id": seat.id, "category": category, "points": points,
                  "person_id": seat.person_id, "game": game.game}
                 for category, points in cats.items()]
    if rows:  # one executemany (rows built as ORM objects cost an import most of its time)
        table: sa.Table = SeatCategory.__table__  # type: ignore[attr-defined]
        session.execute(sa.insert(table), rows)
    assert game.id is not None
    session.add(FinishedRecord(game_id=game.id, record=dict(record), sheet=sheet,
                               fingerprint=first_print or fingerprint(record),
                               created_at=now_utc()))
    session.flush()
    if update_stats:
        add_game_to_stats(session, seats, categories)


def finish_game(
    session: Session, *, game_id: int, record: Mapping[str, Any], sheet: Any
) -> GameRow:
    """Finish an open game: totals, ranks, winners, category points, record — one transaction.

    ``record`` is the game's record v1; its ``played_at`` and ``location``,
    when present, date and place the game, and when absent the game's own are
    written into the saved record (so an exported record carries its date).
    ``sheet`` is its ``ScoreSheet`` (or ``as_json()``), players in seat order.
    The statistics summaries are updated in the same transaction.
    """
    sj = sheet_json(sheet)
    with transaction(session):
        game = _require_game(session, game_id)
        if game.status == FINISHED:
            raise GameFinished(f"game {game_id} is already finished")
        if record.get("game", game.game) != game.game:
            raise InvalidData(f"game: record is {record.get('game')!r}, the game is {game.game!r}")
        seats = list(session.exec(select(Seat).where(Seat.game_id == game_id)
                                  .order_by(col(Seat.seat))).all())
        record = dict(record)
        played = parse_played_at(record.get("played_at"))
        if played is not None:
            game.played_at = played
            game.utc_offset = played_offset(record["played_at"])
        else:  # the store knows when it was played: the saved record says so too
            off = game.utc_offset if game.utc_offset is not None else local_offset(game.played_at)
            when = game.played_at.astimezone(timezone(timedelta(minutes=off)))
            record["played_at"] = when.isoformat(timespec="seconds")
            game.utc_offset = off
        if record.get("location") is not None:
            game.location = str(record["location"])
        elif game.location:
            record["location"] = game.location
        _write_results(session, game, seats, record, sj)
        mark_first_plays(session, game, seats)
        game.play_uid = _allocate_uid(session, fingerprint(record), exclude=game.id)
        now = now_utc()
        game.status = FINISHED
        game.complete = bool(sj.get("complete", True))
        game.finished_at = now
        game.updated_at = now
        session.add(game)
    session.refresh(game)
    return game


def add_finished_game(
    session: Session,
    *,
    record: Mapping[str, Any],
    sheet: Any,
    source: str = "import",
    commit: bool = True,
    update_stats: bool = True,
    play_uid: str | None = None,
    first_plays: Sequence[bool] | None = None,
    game_id: int | None = None,
) -> GameRow:
    """Save a finished game straight from a record and its score sheet (import).

    A record without ``played_at`` is dated once, now (in this machine's offset, to the
    second), and the saved record says so: every later export carries that date. The
    fingerprint stays the one of the record as given (a re-import of the file is known).
    ``play_uid``: the play id the record brought (a backup's ``history.play_id``); else
    its fingerprint. With ``commit=False`` the caller owns the transaction (import: all or
    nothing); with ``update_stats=False`` the caller calls ``summary.rebuild_stats``
    afterwards (faster for many games). ``game_id``: the id of a game just taken out that
    this one completes (an import that knows more of a play: it keeps its id).
    """
    sj = sheet_json(sheet)
    now = now_utc()
    with transaction(session, commit=commit):
        first_print = fingerprint(record)
        record = dict(record)
        if record.get("played_at") is None:
            off = local_offset(now)
            record["played_at"] = now.astimezone(timezone(timedelta(minutes=off))).isoformat(
                timespec="seconds")
        played = parse_played_at(record.get("played_at")) or now
        offset = played_offset(record.get("played_at"))
        game = GameRow(id=game_id, game=str(record["game"]),
                       options=dict(record.get("options") or {}),
                       seed=_seed_column(record.get("seed")), location=record.get("location"),
                       status=FINISHED, complete=bool(sj.get("complete", True)), source=source,
                       created_at=now, updated_at=now, finished_at=now, played_at=played,
                       utc_offset=local_offset(now) if offset is None else offset,
                       play_uid=play_uid or _allocate_uid(session, first_print))
        session.add(game)
        session.flush()
        # the seats are written whole, once (no insert then update), with Core statements:
        # an import of thousands of games spent most of its time in the ORM's flushes
        people = _seat_people(session, _seat_specs(record.get("players") or []))
        rows = _finished_seats(session, game, people, record, sj, first_plays)
        seat_t: sa.Table = Seat.__table__  # type: ignore[attr-defined]
        conn = session.connection()  # (Core statements: the ORM's execute costs more)
        if conn.dialect.insert_returning:
            ids = [int(i) for i in conn.execute(
                sa.insert(seat_t).returning(seat_t.c.id, sort_by_parameter_order=True),
                rows).scalars()]
        else:  # (SQLite before 3.35 has no RETURNING)
            ids = []
            for row in rows:
                key = conn.execute(sa.insert(seat_t), row).inserted_primary_key
                assert key is not None
                ids.append(int(key[0]))
        categories: dict[int, dict[str, int]] = {}
        cat_rows: list[dict[str, Any]] = []
        for seat_id, row, ps in zip(ids, rows, sj.get("players") or [], strict=True):
            cats = {str(k): int(v) for k, v in (ps.get("categories") or {}).items()}
            categories[seat_id] = cats
            cat_rows += [{"seat_id": seat_id, "category": category, "points": points,
                          "person_id": row["person_id"], "game": game.game}
                         for category, points in cats.items()]
        if cat_rows:
            cat_t: sa.Table = SeatCategory.__table__  # type: ignore[attr-defined]
            conn.execute(sa.insert(cat_t), cat_rows)
        rec_t: sa.Table = FinishedRecord.__table__  # type: ignore[attr-defined]
        conn.execute(sa.insert(rec_t), [{  # (a list: no RETURNING asked of the insert)
            "game_id": game.id, "record": dict(record), "sheet": sj,
            "fingerprint": first_print, "created_at": now_utc()}])
        if update_stats:
            add_game_to_stats(session, [Seat(id=i, **row) for i, row in zip(ids, rows,
                                                                           strict=True)],
                              categories)
        session.flush()
    if commit:
        session.refresh(game)
    return game


@dataclass(frozen=True, slots=True)
class _Who:
    """A seat's person as :func:`add_finished_game` needs it."""

    id: int
    key: str
    name: str


@functools.cache
def _people_by_key() -> sa.Select[Any]:
    t: sa.Table = Person.__table__  # type: ignore[attr-defined]
    return sa.select(t.c.id, t.c.key, t.c.name).where(
        t.c.key.in_(sa.bindparam("keys", expanding=True)))


def _seat_people(session: Session, specs: Sequence[SeatSpec]) -> list[tuple[SeatSpec, _Who]]:
    """Each seat's person (created when new), checked as :func:`_add_seats` does."""
    if not 1 <= len(specs) <= 4:
        raise InvalidData(f"a game has 1 to 4 players (got {len(specs)})")
    _check_distinct(specs)
    known = {k: _Who(int(i), k, n) for i, k, n in session.connection().execute(
        _people_by_key(), {"keys": [person_key(spec.name) for spec in specs]})}  # one query
    out: list[tuple[SeatSpec, _Who]] = []
    for spec in specs:
        k = person_key(spec.name)
        who = known.get(k)
        if who is None:
            person = get_or_create_person(session, name=spec.name, commit=False)
            assert person.id is not None
            who = _Who(person.id, person.key, person.name)
        out.append((spec, who))
    return out


def _finished_seats(session: Session, game: GameRow, people: Sequence[tuple[SeatSpec, _Who]],
                    record: Mapping[str, Any], sheet: dict[str, Any],
                    first_plays: Sequence[bool] | None) -> list[dict[str, Any]]:
    """The seat rows of a game saved finished (:func:`add_finished_game`): what
    :func:`_add_seats`, :func:`mark_first_plays` and :func:`_write_results` give a seat,
    with the same checks."""
    players = list(sheet.get("players") or [])
    if len(players) != len(people):
        raise InvalidData(
            f"the score sheet has {len(players)} players, the game has {len(people)} seats"
        )
    given = first_plays
    judged: set[int] = set()
    if given is None or len(given) < len(people):
        judged = _played_before(session, game, [p.id for _, p in people])
    names = [p.get("name") for p in record.get("players") or []]
    winners = {person_key(str(w)) for w in sheet.get("winners") or []}
    complete = bool(sheet.get("complete", True))
    rows: list[dict[str, Any]] = []
    for i, ((spec, person), ps) in enumerate(zip(people, players, strict=True)):
        _check_seat_name(i, ps, names, person, i + 1)
        rp = (record.get("players") or [{}] * len(people))[i]
        character = rp.get("character", rp.get("ranger")) if isinstance(rp, Mapping) else None
        rows.append({
            "game_id": game.id, "person_id": person.id, "seat": i + 1, "colour": spec.colour,
            "character": character if character is not None else spec.character,
            "game": game.game, "finished": True, "played_at": game.played_at,
            "total": int(ps["total"]) if complete else None,
            "rank": int(ps["rank"]) if ps.get("rank") is not None else None,
            "winner": person.key in winners,
            "first_play": (bool(given[i]) if given is not None and i < len(given)
                           else person.id not in judged)})
    return rows


def replace_results(session: Session, *, game_id: int, sheet: Any,
                    record: Mapping[str, Any] | None = None) -> GameRow:
    """Re-score a finished game: new totals, ranks, winners, category points and sheet.

    For games that finished incomplete once the missing printed value is
    confirmed (``exchange.rescore_incomplete``). The record stays as saved; the
    statistics of its people are recomputed. One transaction.
    """
    sj = sheet_json(sheet)
    with transaction(session):
        game = _require_game(session, game_id)
        if game.status != FINISHED:
            raise InvalidData(f"game {game_id} is not finished")
        saved = session.get(FinishedRecord, game_id)
        assert saved is not None
        first_print = saved.fingerprint  # a re-import of the same file is still known
        seats = list(session.exec(select(Seat).where(Seat.game_id == game_id)
                                  .order_by(col(Seat.seat))).all())
        record = _current_names(session, seats, saved.record if record is None else record)
        session.execute(sa.delete(SeatCategory).where(
            col(SeatCategory.seat_id).in_([s.id for s in seats])))
        session.delete(saved)
        session.flush()
        _write_results(session, game, seats, record, sj, update_stats=False)
        rewritten = session.get(FinishedRecord, game_id)
        if rewritten is not None and rewritten.fingerprint != first_print:
            rewritten.fingerprint = first_print
            session.add(rewritten)
        game.complete = bool(sj.get("complete", True))
        game.updated_at = now_utc()
        session.add(game)
        session.flush()
        rebuild_stats(session, [s.person_id for s in seats])
    session.refresh(game)
    return game


def mark_first_plays(session: Session, game: GameRow, seats: Sequence[Seat],
                     given: Sequence[bool] | None = None) -> None:
    """Judge once, at the first save, whose first play of this game it is (``given``: what
    a backup says); later imports of older games do not change it (BG Stats newPlayer)."""
    judged: set[int] = set()
    if given is None or len(given) < len(seats):  # who played it before: one query a game
        judged = _played_before(session, game, [s.person_id for s in seats])
    for i, seat in enumerate(seats):
        if given is not None and i < len(given):
            seat.first_play = bool(given[i])
        else:
            seat.first_play = seat.person_id not in judged
        session.add(seat)


@functools.cache
def _played_before_stmt() -> sa.Select[Any]:
    t: sa.Table = Seat.__table__  # type: ignore[attr-defined]
    p: sa.Table = Person.__table__  # type: ignore[attr-defined]
    played = sa.bindparam("played_at", type_=UTCDateTime())
    gid = sa.bindparam("game_id", type_=sa.Integer())
    earlier = sa.exists(sa.select(sa.literal(1)).select_from(t).where(  # (built once)
        t.c.person_id == p.c.id, t.c.game == sa.bindparam("game"), t.c.finished.is_(True),
        t.c.game_id != gid,
        sa.or_(t.c.played_at < played, sa.and_(t.c.played_at == played, t.c.game_id < gid))))
    return sa.select(p.c.id).where(p.c.id.in_(sa.bindparam("people", expanding=True)), earlier)


def _played_before(session: Session, game: GameRow, people: Sequence[int]) -> set[int]:
    """Which of ``people`` finished a play of this game before ``game`` (played earlier, or
    at the same moment with a smaller id)."""
    return {int(p) for p in session.connection().execute(_played_before_stmt(), {
        "people": list(people), "game": game.game, "game_id": game.id or 0,
        "played_at": game.played_at}).scalars()}


def _current_names(session: Session, seats: Sequence[Seat],
                   record: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a saved record whose players carry their people's names as they are now:
    a rename or a merge changes the person, not the records already saved, and a record
    scored again must match its seats."""
    names = dict(session.exec(select(Person.id, Person.name).where(
        col(Person.id).in_([s.person_id for s in seats]))).all())
    out = dict(record)
    players = [dict(p) for p in out.get("players") or []]
    for p, seat in zip(players, seats, strict=False):
        if seat.person_id in names:
            p["name"] = names[seat.person_id]
    out["players"] = players
    return out


def get_record(session: Session, *, game_id: int) -> FinishedRecord | None:
    """The saved record and score sheet of a finished game, or ``None``."""
    return session.get(FinishedRecord, game_id)


# --------------------------------------------------------------------------- printed values


def get_printed(session: Session) -> dict[str, dict[str, Any]]:
    """Every confirmed printed value as ``{table: {key: value}}``.

    This is the ``confirmed`` argument of ``scoring.api.score_record``.
    """
    out: dict[str, dict[str, Any]] = {}
    for row in session.exec(select(PrintedValue)).all():
        out.setdefault(row.table, {})[row.key] = row.value
    return out


def get_printed_value(session: Session, *, table: str, key: str) -> PrintedValue | None:
    """One confirmed printed value, or ``None``."""
    stmt = select(PrintedValue).where(PrintedValue.table == table, PrintedValue.key == key)
    return session.exec(stmt).first()


def forget_printed(session: Session, *, table: str, key: str) -> bool:
    """Delete a confirmed printed value (it is asked again when needed); False: none."""
    with transaction(session):
        row = get_printed_value(session, table=table, key=key)
        if row is None:
            return False
        session.delete(row)
        notify(session, News(PRINTED))
    return True


def confirm_printed(session: Session, *, table: str, key: str, value: Any) -> PrintedValue:
    """Record (or correct) a printed value the user read off a component."""
    with transaction(session):
        row = get_printed_value(session, table=table, key=key)
        if row is None:
            row = PrintedValue(table=table, key=str(key), value=value, confirmed_at=now_utc())
        else:
            row.value = value
            row.confirmed_at = now_utc()
        session.add(row)
        notify(session, News(PRINTED))
    session.refresh(row)
    return row


# --------------------------------------------------------------------------- keeping the history


def _mark_seats(session: Session, game: GameRow) -> list[Seat]:
    """The game's seats count as finished exactly when the game is (soft delete, restore)."""
    seats = list(session.exec(select(Seat).where(Seat.game_id == game.id)).all())
    for seat in seats:
        seat.finished = game.status == FINISHED
        session.add(seat)
    return seats


def soft_delete_game(session: Session, *, game_id: int) -> GameRow:
    """Delete a game (finished, or an open game abandoned) so that it can be undone.

    It leaves History, statistics and exports (its seats no longer count as
    finished; the statistics of its people are recomputed); :func:`restore_game`
    brings it back as it was. One transaction.
    """
    with transaction(session):
        game = _require_game(session, game_id)
        if game.status == DELETED:
            raise KeepRefusal(KeepCode.ALREADY_DELETED, field="game", id=game_id)
        game.deleted_status = game.status
        game.status = DELETED
        game.deleted_at = now_utc()
        seats = _mark_seats(session, game)
        session.add(game)
        session.flush()
        if game.deleted_status == FINISHED:
            rebuild_stats(session, [s.person_id for s in seats])
    session.refresh(game)
    return game


def restore_game(session: Session, *, game_id: int) -> GameRow:
    """Undo :func:`soft_delete_game`: the game is back with its results and statistics."""
    with transaction(session):
        game = _require_game(session, game_id)
        if game.status != DELETED:
            raise KeepRefusal(KeepCode.NOT_DELETED, field="game", id=game_id)
        game.status = game.deleted_status or FINISHED
        game.deleted_status = None
        game.deleted_at = None
        seats = _mark_seats(session, game)
        session.add(game)
        session.flush()
        if game.status == FINISHED:
            rebuild_stats(session, [s.person_id for s in seats])
    session.refresh(game)
    return game


def set_notes(session: Session, *, game_id: int, notes: str | None) -> GameRow:
    """The notes on a play (free text, up to 2,000 characters; empty removes them)."""
    text = _free_text(notes or "", "notes", MAX_NOTES, lines=True)
    with transaction(session):
        game = _require_game(session, game_id)
        game.notes = text or None
        game.updated_at = now_utc()
        session.add(game)
    session.refresh(game)
    return game


MAX_NOTES = 2000
MAX_LOCATION = 200


def _free_text(raw: str, field: str, limit: int, *, lines: bool = False) -> str:
    """A location (one line, inner white space made one space) or notes (``lines``):
    trimmed, at most ``limit`` characters, no control or bidi characters (as names)."""
    text = raw.strip() if lines else " ".join(raw.split())
    if len(text) > limit:
        raise KeepRefusal(KeepCode.TOO_LONG, field=field, limit=limit, length=len(text))
    if forbidden_character(text, lines=lines) is not None:
        raise KeepRefusal(KeepCode.FORBIDDEN, field=field)
    return text


def edit_finished_game(
    session: Session,
    *,
    game_id: int,
    played_at: str | None = None,
    location: str | None = None,
    names: Sequence[str] | None = None,
    notes: str | None = None,
) -> GameRow:
    """Correct a finished game's details and score it again — one transaction.

    ``played_at`` (ISO 8601, its offset kept), ``location`` (``""`` removes it),
    ``names`` (one per seat, in seat order; each through ``app.names.clean_name``,
    people matched by ``name_key``) change the saved record; the game is scored
    again from the edited record (totals, ranks, winners, statistics). ``None``
    leaves a detail as it is. The play keeps its id (``play_uid``).
    """
    with transaction(session):
        game = _require_game(session, game_id)
        if game.status != FINISHED:
            raise KeepRefusal(KeepCode.NOT_FINISHED, field="game", id=game_id)
        saved = session.get(FinishedRecord, game_id)
        assert saved is not None
        seats = list(session.exec(select(Seat).where(Seat.game_id == game_id)
                                  .order_by(col(Seat.seat))).all())
        record = _current_names(session, seats, saved.record)
        if played_at is not None:
            try:
                when = datetime.fromisoformat(played_at.strip())
            except ValueError as exc:
                raise KeepRefusal(KeepCode.BAD_DATE, field="played_at", value=played_at) from exc
            if when.tzinfo is None:
                off = game.utc_offset if game.utc_offset is not None else local_offset(when)
                when = when.replace(tzinfo=timezone(timedelta(minutes=off)))
            record["played_at"] = when.isoformat(timespec="seconds")
            game.played_at = when.astimezone(UTC)
            game.utc_offset = played_offset(when)
        if location is not None:
            loc = _free_text(location, "location", MAX_LOCATION)
            if loc:
                record["location"] = loc
            else:
                record.pop("location", None)
            game.location = loc or None
        old_people = [s.person_id for s in seats]
        if names is not None:
            if len(names) != len(seats):
                raise KeepRefusal(KeepCode.NAMES_COUNT, field="names", seats=len(seats),
                                  count=len(names))
            cleaned = [clean_name(n, f"players[{i}].name") for i, n in enumerate(names)]
            keys = [person_key(n) for n in cleaned]
            for i, k in enumerate(keys):
                if k in keys[:i]:
                    raise KeepRefusal(KeepCode.SAME_PERSON, field=f"players[{i}].name",
                                      name=cleaned[i], seat=keys.index(k) + 1)
            players = [dict(p) for p in record.get("players") or []]
            for i, name in enumerate(cleaned):
                players[i]["name"] = name
            record["players"] = players
        if notes is not None:
            game.notes = _free_text(notes, "notes", MAX_NOTES, lines=True) or None
        try:
            sheet = score_record(record, confirmed=get_printed(session)).as_json(english)
        except RecordError as exc:
            raise KeepRefusal(KeepCode.UNSCORABLE, field=exc.problems[0].path if exc.problems
                                  else "record", detail="; ".join(
                                      f"{p.path}: {english(p.msg)}" for p in exc.problems)) from exc
        session.execute(sa.delete(SeatCategory).where(
            col(SeatCategory.seat_id).in_([s.id for s in seats])))
        session.delete(saved)
        session.flush()
        if names is not None:
            for seat, name in zip(seats, record["players"], strict=True):
                person = get_or_create_person(session, name=str(name["name"]), commit=False)
                assert person.id is not None
                seat.person_id = person.id
                session.add(seat)
            session.flush()
        _write_results(session, game, seats, record, sheet, update_stats=False)
        game.complete = bool(sheet.get("complete", True))
        game.updated_at = now_utc()
        session.add(game)
        session.flush()
        rebuild_stats(session, set(old_people) | {s.person_id for s in seats})
    session.refresh(game)
    return game


def rename_person(session: Session, *, person_id: int, name: str) -> Person:
    """Give a person another name (``clean_name``). Refused when someone else already has
    it (matched by ``name_key``): merge the two people instead."""
    display = clean_name(name)
    with transaction(session):
        person = session.get(Person, person_id)
        if person is None:
            raise NotFound(f"no person with id {person_id}")
        other = get_person(session, name=display)
        if other is not None and other.id != person_id:
            raise KeepRefusal(KeepCode.NAME_TAKEN, field="name", name=other.name)
        person.name = display
        person.key = person_key(display)
        session.add(person)
    session.refresh(person)
    return person


def merge_people(session: Session, *, source_id: int, target_id: int) -> Person:
    """Merge ``source`` into ``target``: every seat of source becomes target's, source is
    removed, both statistics recomputed — one transaction. Refused when both sat in the
    same game (one person cannot take two seats)."""
    if source_id == target_id:
        raise KeepRefusal(KeepCode.MERGE_SELF, field="merge")
    with transaction(session):
        source = session.get(Person, source_id)
        target = session.get(Person, target_id)
        if source is None or target is None:
            raise NotFound(f"no person with id {source_id if source is None else target_id}")
        src_games = set(session.exec(select(Seat.game_id).where(Seat.person_id == source_id)))
        tgt_games = set(session.exec(select(Seat.game_id).where(Seat.person_id == target_id)))
        both = sorted(src_games & tgt_games)
        if both:
            raise KeepRefusal(KeepCode.MERGE_SAME_TABLE, field="merge", source=source.name,
                              target=target.name, games=", ".join(map(str, both)))
        session.execute(sa.update(Seat).where(col(Seat.person_id) == source_id)
                        .values(person_id=target_id))
        session.execute(sa.update(SeatCategory).where(col(SeatCategory.person_id) == source_id)
                        .values(person_id=target_id))
        session.execute(sa.update(PersonAlias).where(col(PersonAlias.person_id) == source_id)
                        .values(person_id=target_id))  # their other apps' ids come along
        session.flush()
        rebuild_stats(session, [source_id, target_id])  # source: no seats left, no summaries
        session.flush()
        session.delete(source)
    session.refresh(target)
    return target


# --------------------------------------------------------------------------- BGG ids


def get_bgg_ids(session: Session) -> dict[str, int]:
    """The BoardGameGeek id of each game, as the user entered them (never guessed)."""
    return {r.game: r.bgg_id for r in session.exec(select(BggGame)).all()}


def set_bgg_id(session: Session, *, game: str, bgg_id: int | None) -> None:
    """Keep (or, with ``None``, forget) the BGG id of ``game``."""
    if game not in GAMES:
        raise InvalidData(f"game must be one of {', '.join(GAMES)} (got {game!r})")
    if bgg_id is not None and (not isinstance(bgg_id, int) or parse_id(bgg_id) is None):
        raise KeepRefusal(KeepCode.BAD_BGG_ID, field="bgg_id", value=str(bgg_id))
    with transaction(session):
        row = session.get(BggGame, game)
        if bgg_id is None:
            if row is not None:
                session.delete(row)
        elif row is None:
            session.add(BggGame(game=game, bgg_id=bgg_id))
        else:
            row.bgg_id = bgg_id
            session.add(row)

"""History and statistics: SQL aggregates over indexed columns, never loops over all games.

Definitions (docs/records.md "Statistics"):

- *plays*: finished games the person sat in (complete or not);
- *wins*: those where the person is among the winners (a shared win counts for
  each winner); *win rate* = wins / plays;
- *average* and *best score*: over complete games only (an incomplete score
  sheet has no trustworthy total);
- *category averages*: per scoring category, over the complete games where
  that category was scored (the same games as the average total, so the
  averages agree; ``detached`` only exists with the infestation module);
- *characters*: per character (Forestry) or ranger (Forest Guardians), ``None``
  for none: plays and wins;
- *head-to-head*: finished games both sat in; wins of each; average margin =
  mean of (A's total - B's total) over complete games.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select
from sqlmodel.sql.expression import Select

from app.store.crud import NotFound, SeatInfo, get_record, latest_state, list_open_games, person_key
from app.store.models import (
    DELETED,
    FINISHED,
    GameRow,
    PairStat,
    Person,
    PersonCategoryStat,
    PersonCharacterStat,
    PersonGameStat,
    Seat,
    utc,
)

# --------------------------------------------------------------------------- result types


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game in a list (History, the games in progress on the home screen)."""

    id: int
    game: str
    status: str
    complete: bool | None
    source: str
    played_at: datetime
    location: str | None
    players: tuple[SeatInfo, ...]
    utc_offset: int | None = None  # minutes east of UTC of the record's own played_at
    notes: str | None = None
    play_uid: str | None = None
    updated_at: datetime | None = None  # when it last changed (a command, a correction)

    @property
    def names(self) -> tuple[str, ...]:
        """Who played, in seat order."""
        return tuple(p.name for p in self.players)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.winner)

    @property
    def local_played_at(self) -> datetime:
        """When it was played, in the record's own UTC offset (the machine's if unknown)."""
        if self.utc_offset is None:
            return self.played_at.astimezone()
        return self.played_at.astimezone(timezone(timedelta(minutes=self.utc_offset)))


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of games, newest first.

    ``has_more``: another page follows. ``total`` (every game matching the
    filters) is counted only when asked for (``with_total=True``): counting is
    the one part whose cost grows with the number of games.
    """

    items: tuple[GameSummary, ...]
    has_more: bool
    limit: int
    offset: int
    total: int | None = None

    def __iter__(self) -> Iterator[GameSummary]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


@dataclass(frozen=True, slots=True)
class CategoryAverage:
    category: str
    average: float
    games: int  # games in which the category was scored


@dataclass(frozen=True, slots=True)
class CharacterRecord:
    character: str | None  # None: played without a character / ranger
    plays: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True, slots=True)
class PersonStats:
    """One person's statistics for one game (``forestry`` or ``forest-guardians``)."""

    person_id: int
    name: str
    game: str
    plays: int
    wins: int
    scored_plays: int  # plays with a complete score sheet
    average_score: float | None
    best_score: int | None
    categories: tuple[CategoryAverage, ...] = ()
    characters: tuple[CharacterRecord, ...] = ()

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two people over the finished games they both played."""

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    scored_games: int  # games where both totals are known
    average_margin: float | None  # mean of (a's total - b's total)


# --------------------------------------------------------------------------- helpers


def resolve_person(session: Session, person: str | int) -> Person:
    """A person by id or by name (case and spacing do not matter); ``NotFound`` otherwise."""
    if isinstance(person, int):
        found = session.get(Person, person)
    else:
        found = session.exec(select(Person).where(Person.key == person_key(person))).first()
    if found is None:
        raise NotFound(f"no person named {person!r}" if isinstance(person, str)
                       else f"no person with id {person}")
    return found


def _range(column: Any, since: date | datetime | None,
           until: date | datetime | None) -> list[Any]:
    """``since <= column <= until``; a ``date`` means that whole local day, a naive
    ``datetime`` local time."""
    conds: list[Any] = []
    if since is not None:
        lo = since if isinstance(since, datetime) else datetime.combine(since, time.min)
        conds.append(column >= lo.astimezone(UTC))
    if isinstance(until, datetime):
        conds.append(column <= until.astimezone(UTC))
    elif until is not None:
        next_day = datetime.combine(date.fromordinal(until.toordinal() + 1), time.min)
        conds.append(column < next_day.astimezone(UTC))
    return conds


# --------------------------------------------------------------------------- history


def _history_filters(
    session: Session,
    *,
    game: str | None,
    person: str | int | None,
    since: date | datetime | None,
    until: date | datetime | None,
    status: str | None,
) -> list[Any]:
    conds: list[Any] = []
    if status is not None:
        conds.append(col(GameRow.status) == status)
    else:  # open and finished games; soft-deleted ones only when asked for by status
        conds.append(col(GameRow.status) != DELETED)
    if game is not None:
        conds.append(col(GameRow.game) == game)
    conds.extend(_range(col(GameRow.played_at), since, until))
    if person is not None:
        pid = resolve_person(session, person).id
        conds.append(
            sa.exists().where(col(Seat.game_id) == col(GameRow.id), col(Seat.person_id) == pid)
        )
    return conds


def history(
    session: Session,
    *,
    game: str | None = None,
    person: str | int | None = None,
    since: date | datetime | None = None,
    until: date | datetime | None = None,
    status: str | None = FINISHED,
    limit: int = 20,
    offset: int = 0,
    with_total: bool = False,
) -> HistoryPage:
    r"""Games, newest first (by ``played_at``, then id), one page with its players.

    ``person`` is a name or an id (``NotFound`` for an unknown name); ``since``
    and ``until`` are inclusive (a ``date`` means the whole local day);
    ``status=None`` lists open games too. Index range scans: the cost of a page
    does not grow with the number of stored games (deep ``offset``\s do).
    """
    if limit < 1 or offset < 0:
        raise ValueError("limit must be >= 1 and offset >= 0")
    if person is not None and status == FINISHED:
        return _person_history(session, person=person, game=game, since=since, until=until,
                               limit=limit, offset=offset, with_total=with_total)
    conds = _history_filters(session, game=game, person=person, since=since, until=until,
                             status=status)
    ids_stmt = (select(GameRow).where(*conds)
                .order_by(col(GameRow.played_at).desc(), col(GameRow.id).desc())
                .limit(limit + 1).offset(offset))
    games = list(session.exec(ids_stmt).all())
    total = None
    if with_total:
        total = int(session.exec(select(sa.func.count()).select_from(GameRow).where(*conds)).one())
    return HistoryPage(tuple(_summaries(session, games[:limit])), len(games) > limit, limit,
                       offset, total)


def _person_history(
    session: Session,
    *,
    person: str | int,
    game: str | None,
    since: date | datetime | None,
    until: date | datetime | None,
    limit: int,
    offset: int,
    with_total: bool,
) -> HistoryPage:
    # One person's finished games: a range scan of that person's seats
    # (ix_seat_person_played / ix_seat_person_kind_played), newest first.
    pid = resolve_person(session, person).id
    conds: list[Any] = [col(Seat.person_id) == pid, col(Seat.finished).is_(True)]
    if game is not None:
        conds.append(col(Seat.game) == game)
    conds.extend(_range(col(Seat.played_at), since, until))
    ids = list(session.exec(
        select(Seat.game_id).where(*conds)
        .order_by(col(Seat.played_at).desc(), col(Seat.game_id).desc())
        .limit(limit + 1).offset(offset)
    ).all())
    total = None
    if with_total:
        total = int(session.exec(select(sa.func.count()).select_from(Seat).where(*conds)).one())
    games = {g.id: g for g in session.exec(
        select(GameRow).where(col(GameRow.id).in_(ids[:limit]))).all()}
    ordered = [games[i] for i in ids[:limit] if i in games]
    return HistoryPage(tuple(_summaries(session, ordered)), len(ids) > limit, limit, offset,
                       total)


def game_summary(session: Session, *, game_id: int) -> GameSummary | None:
    """One game as in a history list, or ``None``."""
    game = session.get(GameRow, game_id)
    return None if game is None else _summaries(session, [game])[0]


def first_player(session: Session, *, game_id: int) -> int | None:
    """The seat (1-based) the game's record names as its first player: the finished
    record's, else the latest snapshot's; ``None`` when it does not say (docs/record-format.md)."""
    rec = get_record(session, game_id=game_id)
    record: Any = rec.record if rec is not None else None
    if record is None:
        snap = latest_state(session, game_id=game_id)
        record = (snap.state or {}).get("record") if snap is not None else None
    first = record.get("first_player") if isinstance(record, dict) else None
    return first if isinstance(first, int) and not isinstance(first, bool) else None


def _summaries(session: Session, games: Sequence[GameRow]) -> list[GameSummary]:
    if not games:
        return []
    ids = [g.id for g in games]
    rows = session.exec(
        select(Seat, Person.name).join(Person, col(Person.id) == col(Seat.person_id))
        .where(col(Seat.game_id).in_(ids)).order_by(col(Seat.game_id), col(Seat.seat))
    ).all()
    seats: dict[int, list[SeatInfo]] = {}
    for seat, name in rows:
        seats.setdefault(seat.game_id, []).append(SeatInfo.of(seat, name))
    out = []
    for g in games:
        assert g.id is not None
        played = utc(g.played_at)
        assert played is not None
        out.append(GameSummary(g.id, g.game, g.status, g.complete, g.source, played, g.location,
                               tuple(seats.get(g.id, [])), g.utc_offset, g.notes, g.play_uid,
                               utc(g.updated_at)))
    return out


def open_games(session: Session) -> list[GameSummary]:
    """The games in progress, most recently changed first (``crud.list_open_games``)."""
    return _summaries(session, list_open_games(session))


# --------------------------------------------------------------------------- statistics


def person_stats(
    session: Session, *, person: str | int, game: str | None = None
) -> list[PersonStats]:
    """A person's statistics, one entry per game played (or only ``game``).

    Reads the running totals of ``app/store/summary.py``: a few primary-key rows,
    however many games are stored.
    """
    who = resolve_person(session, person)
    assert who.id is not None
    conds = [col(PersonGameStat.person_id) == who.id]
    if game is not None:
        conds.append(col(PersonGameStat.game) == game)
    rows = session.exec(select(PersonGameStat).where(*conds)
                        .order_by(col(PersonGameStat.game))).all()
    cat_conds = [col(PersonCategoryStat.person_id) == who.id]
    ch_conds = [col(PersonCharacterStat.person_id) == who.id]
    if game is not None:
        cat_conds.append(col(PersonCategoryStat.game) == game)
        ch_conds.append(col(PersonCharacterStat.game) == game)
    cats: dict[str, list[CategoryAverage]] = {}
    for c in session.exec(select(PersonCategoryStat).where(*cat_conds)
                          .order_by(col(PersonCategoryStat.category))).all():
        if c.games:
            cats.setdefault(c.game, []).append(
                CategoryAverage(c.category, c.points_sum / c.games, c.games))
    chars: dict[str, list[CharacterRecord]] = {}
    for ch in session.exec(select(PersonCharacterStat).where(*ch_conds)).all():
        if ch.plays:
            chars.setdefault(ch.game, []).append(
                CharacterRecord(ch.character or None, ch.plays, ch.wins))
    return [_person_stats(who.id, who.name, r, cats.get(r.game, []), chars.get(r.game, []))
            for r in rows if r.plays]


def _person_stats(pid: int, name: str, r: PersonGameStat, cats: Sequence[CategoryAverage],
                  chars: Sequence[CharacterRecord]) -> PersonStats:
    avg = r.total_sum / r.scored_plays if r.scored_plays else None
    ordered = sorted(chars, key=lambda c: (-c.wins, -c.plays, c.character or ""))
    return PersonStats(pid, name, r.game, r.plays, r.wins, r.scored_plays, avg, r.best,
                       tuple(cats), tuple(ordered))


def everyone_stats(session: Session, *, game: str | None = None) -> list[PersonStats]:
    """Plays, wins and scores of everyone (no category/character breakdown), most plays first."""
    stmt = select(PersonGameStat, Person.name).join(
        Person, col(Person.id) == col(PersonGameStat.person_id))
    if game is not None:
        stmt = stmt.where(col(PersonGameStat.game) == game)
    out = [_person_stats(r.person_id, name, r, (), ())
           for r, name in session.exec(stmt).all() if r.plays]
    return sorted(out, key=lambda p: (-p.plays, p.name.casefold(), p.game))


def character_wins(
    session: Session, *, game: str, person: str | int | None = None
) -> list[CharacterRecord]:
    """How often each character/ranger was played and won (by everyone, or one person)."""
    t = PersonCharacterStat
    conds = [col(t.game) == game]
    if person is not None:
        conds.append(col(t.person_id) == resolve_person(session, person).id)
    rows = session.exec(
        select(t.character, sa.func.sum(col(t.plays)), sa.func.sum(col(t.wins)))
        .where(*conds).group_by(col(t.character))
    ).all()
    out = [CharacterRecord(c or None, int(n), int(w)) for c, n, w in rows if n]
    return sorted(out, key=lambda c: (-c.wins, -c.plays, c.character or ""))


def head_to_head(
    session: Session, *, a: str | int, b: str | int, game: str | None = None
) -> HeadToHead:
    """Two people over the finished games both played (optionally one game only)."""
    pa, pb = resolve_person(session, a), resolve_person(session, b)
    if pa.id == pb.id:
        raise ValueError("head-to-head needs two different people")
    assert pa.id is not None and pb.id is not None
    swap = pa.id > pb.id
    lo, hi = (pb.id, pa.id) if swap else (pa.id, pb.id)
    conds = [col(PairStat.person_a) == lo, col(PairStat.person_b) == hi]
    if game is not None:
        conds.append(col(PairStat.game) == game)
    rows = session.exec(select(PairStat).where(*conds)).all()
    games = sum(r.games for r in rows)
    lo_wins = sum(r.a_wins for r in rows)
    hi_wins = sum(r.b_wins for r in rows)
    scored = sum(r.scored for r in rows)
    margin = sum(r.margin_sum for r in rows)
    if swap:
        lo_wins, hi_wins, margin = hi_wins, lo_wins, -margin
    return HeadToHead(pa.name, pb.name, games, lo_wins, hi_wins, scored,
                      margin / scored if scored else None)


def opponents(
    session: Session, *, person: str | int, game: str | None = None
) -> list[HeadToHead]:
    """Head-to-head of a person against everyone they played with, most games first."""
    who = resolve_person(session, person)
    assert who.id is not None
    conds = [sa.or_(col(PairStat.person_a) == who.id, col(PairStat.person_b) == who.id)]
    if game is not None:
        conds.append(col(PairStat.game) == game)
    acc: dict[int, list[int]] = {}
    for r in session.exec(select(PairStat).where(*conds)).all():
        mine = r.person_a == who.id
        other = r.person_b if mine else r.person_a
        t = acc.setdefault(other, [0, 0, 0, 0, 0])
        t[0] += r.games
        t[1] += r.a_wins if mine else r.b_wins
        t[2] += r.b_wins if mine else r.a_wins
        t[3] += r.scored
        t[4] += r.margin_sum if mine else -r.margin_sum
    names = {p.id: p.name for p in session.exec(
        select(Person).where(col(Person.id).in_(list(acc)))).all()}
    out = [HeadToHead(who.name, names[o], g, w, lw, sc, m / sc if sc else None)
           for o, (g, w, lw, sc, m) in acc.items() if g]
    return sorted(out, key=lambda h: (-h.games, h.b.casefold()))


@dataclass(frozen=True, slots=True)
class ScorePoint:
    """One finished game of a person, for a score-over-time chart."""

    game_id: int
    played_at: datetime
    total: int | None  # None: the score sheet was incomplete
    winner: bool
    utc_offset: int | None = None  # the record's own offset (minutes east of UTC)
    colour: str | None = None  # the seat's colour in that game (the new-game form's)

    @property
    def local_played_at(self) -> datetime:
        if self.utc_offset is None:
            return self.played_at.astimezone()
        return self.played_at.astimezone(timezone(timedelta(minutes=self.utc_offset)))


def score_timeline(session: Session, *, person: str | int, game: str,
                   limit: int = 50) -> list[ScorePoint]:
    """A person's last ``limit`` finished games of ``game``, oldest first.

    One range scan of that person's seats (ix_seat_person_kind_played).
    """
    pid = resolve_person(session, person).id
    # five columns: sqlmodel's ``select`` is typed for at most four, its ``Select`` for any
    # number (the annotation names the row)
    columns: Select[int, datetime | None, int | None, bool, int | None, str | None] = Select(
        col(Seat.game_id), col(Seat.played_at), col(Seat.total), col(Seat.winner),
        col(GameRow.utc_offset), col(Seat.colour))
    rows = session.exec(
        columns
        .join(GameRow, col(GameRow.id) == col(Seat.game_id))
        .where(col(Seat.person_id) == pid, col(Seat.finished).is_(True),
               col(Seat.game) == game)
        .order_by(col(Seat.played_at).desc(), col(Seat.game_id).desc())
        .limit(limit)
    ).all()
    out = []
    for gid, played, total, winner, offset, colour in reversed(rows):
        when = utc(played)
        assert when is not None
        out.append(ScorePoint(int(gid), when, total, bool(winner), offset, colour))
    return out

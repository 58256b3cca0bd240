"""History and statistics: SQL aggregates over indexed columns, never loops over all games.

Definitions (docs/records.md "Statistics"):

- *plays*: finished games the person sat in (complete or not);
- *wins*: those where the person is among the winners (a shared win counts for
  each winner); *win rate* = wins / plays;
- *average* and *best score*: over complete games only (an incomplete score
  sheet has no trustworthy total);
- *category averages*: per scoring category, over the games where that
  category was scored (``detached`` only exists with the infestation module);
- *characters*: per character (Forestry) or ranger (Forest Guardians), ``None``
  for none: plays and wins;
- *head-to-head*: finished games both sat in; wins of each; average margin =
  mean of (A's total - B's total) over complete games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from app.store.crud import NotFound, person_key
from app.store.models import FINISHED, Game, Person, Seat, SeatCategory, utc

# --------------------------------------------------------------------------- result types


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat of a game in a history list."""

    seat: int
    person_id: int
    name: str
    colour: str | None
    character: str | None
    total: int | None
    rank: int | None
    winner: bool


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One game in a history list."""

    id: int
    game: str
    status: str
    complete: bool | None
    source: str
    played_at: datetime
    location: str | None
    players: tuple[PlayerResult, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.winner)


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of games, newest first; ``total`` counts every game matching the filters."""

    items: tuple[GameSummary, ...]
    total: int
    limit: int
    offset: int

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.items) < self.total


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


def _as_utc_bound(value: date | datetime | None, *, end: bool) -> datetime | None:
    """A date range bound: a ``date`` means that whole local day (``until`` inclusive)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.astimezone(UTC)
    day = datetime.combine(value, time.min)
    if end:
        day = datetime.combine(date.fromordinal(value.toordinal() + 1), time.min)
    return day.astimezone(UTC)  # naive = local time


def _f(value: Any) -> float | None:
    return None if value is None else float(value)


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
        conds.append(col(Game.status) == status)
    if game is not None:
        conds.append(col(Game.game) == game)
    lo = _as_utc_bound(since, end=False)
    hi = _as_utc_bound(until, end=True)
    if lo is not None:
        conds.append(col(Game.played_at) >= lo)
    if hi is not None:
        conds.append(col(Game.played_at) < hi)
    if person is not None:
        pid = resolve_person(session, person).id
        conds.append(
            sa.exists().where(col(Seat.game_id) == col(Game.id), col(Seat.person_id) == pid)
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
) -> HistoryPage:
    """Games, newest first (by ``played_at``, then id), one page with its players.

    ``person`` is a name or an id (``NotFound`` for an unknown name); ``since``
    and ``until`` are inclusive (a ``date`` means the whole local day);
    ``status=None`` lists open games too.
    """
    if limit < 1 or offset < 0:
        raise ValueError("limit must be >= 1 and offset >= 0")
    if person is not None and status == FINISHED:
        return _person_history(session, person=person, game=game, since=since, until=until,
                               limit=limit, offset=offset)
    conds = _history_filters(session, game=game, person=person, since=since, until=until,
                             status=status)
    ids_stmt = (select(Game).where(*conds)
                .order_by(col(Game.played_at).desc(), col(Game.id).desc())
                .limit(limit).offset(offset))
    games = list(session.exec(ids_stmt).all())
    total = session.exec(select(sa.func.count()).select_from(Game).where(*conds)).one()
    return HistoryPage(tuple(_summaries(session, games)), int(total), limit, offset)


def _person_history(
    session: Session,
    *,
    person: str | int,
    game: str | None,
    since: date | datetime | None,
    until: date | datetime | None,
    limit: int,
    offset: int,
) -> HistoryPage:
    # One person's finished games: a range scan of that person's seats
    # (ix_seat_person_played / ix_seat_person_kind_played), newest first.
    pid = resolve_person(session, person).id
    conds: list[Any] = [col(Seat.person_id) == pid, col(Seat.finished).is_(True)]
    if game is not None:
        conds.append(col(Seat.game) == game)
    lo = _as_utc_bound(since, end=False)
    hi = _as_utc_bound(until, end=True)
    if lo is not None:
        conds.append(col(Seat.played_at) >= lo)
    if hi is not None:
        conds.append(col(Seat.played_at) < hi)
    ids = list(session.exec(
        select(Seat.game_id).where(*conds)
        .order_by(col(Seat.played_at).desc(), col(Seat.game_id).desc())
        .limit(limit).offset(offset)
    ).all())
    total = session.exec(select(sa.func.count()).select_from(Seat).where(*conds)).one()
    games = {g.id: g for g in session.exec(select(Game).where(col(Game.id).in_(ids))).all()}
    ordered = [games[i] for i in ids if i in games]
    return HistoryPage(tuple(_summaries(session, ordered)), int(total), limit, offset)


def game_summary(session: Session, *, game_id: int) -> GameSummary | None:
    """One game as in a history list, or ``None``."""
    game = session.get(Game, game_id)
    return None if game is None else _summaries(session, [game])[0]


def _summaries(session: Session, games: Sequence[Game]) -> list[GameSummary]:
    if not games:
        return []
    ids = [g.id for g in games]
    rows = session.exec(
        select(Seat, Person.name).join(Person, col(Person.id) == col(Seat.person_id))
        .where(col(Seat.game_id).in_(ids)).order_by(col(Seat.game_id), col(Seat.seat))
    ).all()
    seats: dict[int, list[PlayerResult]] = {}
    for seat, name in rows:
        seats.setdefault(seat.game_id, []).append(PlayerResult(
            seat.seat, seat.person_id, name, seat.colour, seat.character, seat.total, seat.rank,
            seat.winner))
    out = []
    for g in games:
        assert g.id is not None
        played = utc(g.played_at)
        assert played is not None
        out.append(GameSummary(g.id, g.game, g.status, g.complete, g.source, played, g.location,
                               tuple(seats.get(g.id, []))))
    return out


# --------------------------------------------------------------------------- statistics


def person_stats(
    session: Session, *, person: str | int, game: str | None = None
) -> list[PersonStats]:
    """A person's statistics, one entry per game played (or only ``game``)."""
    who = resolve_person(session, person)
    assert who.id is not None
    seat_conds = [col(Seat.person_id) == who.id, col(Seat.finished).is_(True)]
    cat_conds = [col(SeatCategory.person_id) == who.id]
    if game is not None:
        seat_conds.append(col(Seat.game) == game)
        cat_conds.append(col(SeatCategory.game) == game)
    wins = sa.func.sum(sa.case((col(Seat.winner).is_(True), 1), else_=0))
    main = session.exec(
        select(Seat.game, sa.func.count(), wins, sa.func.count(col(Seat.total)),
               sa.func.avg(col(Seat.total)), sa.func.max(col(Seat.total)))
        .where(*seat_conds).group_by(col(Seat.game)).order_by(col(Seat.game))
    ).all()
    cats: dict[str, list[CategoryAverage]] = {}
    for g, category, avg, n in session.exec(
        select(SeatCategory.game, SeatCategory.category, sa.func.avg(col(SeatCategory.points)),
               sa.func.count())
        .where(*cat_conds).group_by(col(SeatCategory.game), col(SeatCategory.category))
        .order_by(col(SeatCategory.game), col(SeatCategory.category))
    ).all():
        cats.setdefault(g, []).append(CategoryAverage(category, float(avg), int(n)))
    chars: dict[str, list[CharacterRecord]] = {}
    for g, character, n, w in session.exec(
        select(Seat.game, Seat.character, sa.func.count(), wins)
        .where(*seat_conds).group_by(col(Seat.game), col(Seat.character))
    ).all():
        chars.setdefault(g, []).append(CharacterRecord(character, int(n), int(w or 0)))
    out = []
    for g, plays, w, scored, avg, best in main:
        ch = sorted(chars.get(g, []), key=lambda c: (-c.wins, -c.plays, c.character or ""))
        out.append(PersonStats(who.id, who.name, g, int(plays), int(w or 0), int(scored),
                               _f(avg), None if best is None else int(best),
                               tuple(cats.get(g, [])), tuple(ch)))
    return out


def everyone_stats(session: Session, *, game: str | None = None) -> list[PersonStats]:
    """Plays, wins and scores of everyone (no category/character breakdown), most plays first."""
    conds = [col(Seat.finished).is_(True)]
    if game is not None:
        conds.append(col(Seat.game) == game)
    wins = sa.func.sum(sa.case((col(Seat.winner).is_(True), 1), else_=0))
    plays = sa.func.count()
    rows = session.exec(
        select(Seat.person_id, Person.name, Seat.game, plays, wins,
               sa.func.count(col(Seat.total)), sa.func.avg(col(Seat.total)),
               sa.func.max(col(Seat.total)))
        .join(Person, col(Person.id) == col(Seat.person_id))
        .where(*conds).group_by(col(Seat.person_id), col(Person.name), col(Seat.game))
        .order_by(plays.desc(), col(Person.name), col(Seat.game))
    ).all()
    return [PersonStats(int(pid), name, g, int(n), int(w or 0), int(sc), _f(avg),
                        None if best is None else int(best))
            for pid, name, g, n, w, sc, avg, best in rows]


def character_wins(
    session: Session, *, game: str, person: str | int | None = None
) -> list[CharacterRecord]:
    """How often each character/ranger was played and won (by everyone, or one person)."""
    conds = [col(Seat.finished).is_(True), col(Seat.game) == game]
    if person is not None:
        conds.append(col(Seat.person_id) == resolve_person(session, person).id)
    wins = sa.func.sum(sa.case((col(Seat.winner).is_(True), 1), else_=0))
    rows = session.exec(
        select(Seat.character, sa.func.count(), wins).where(*conds).group_by(col(Seat.character))
    ).all()
    out = [CharacterRecord(c, int(n), int(w or 0)) for c, n, w in rows]
    return sorted(out, key=lambda c: (-c.wins, -c.plays, c.character or ""))


def head_to_head(
    session: Session, *, a: str | int, b: str | int, game: str | None = None
) -> HeadToHead:
    """Two people over the finished games both played (optionally one game only)."""
    pa, pb = resolve_person(session, a), resolve_person(session, b)
    if pa.id == pb.id:
        raise ValueError("head-to-head needs two different people")
    sa_, sb = sa.orm.aliased(Seat), sa.orm.aliased(Seat)
    conds = [sa_.person_id == pa.id, sa_.finished.is_(True)]
    if game is not None:
        conds.append(sa_.game == game)
    a_wins = sa.func.sum(sa.case((sa_.winner.is_(True), 1), else_=0))
    b_wins = sa.func.sum(sa.case((sb.winner.is_(True), 1), else_=0))
    margin = sa_.total - sb.total
    n, aw, bw, scored, avg = session.execute(
        sa.select(sa.func.count(), a_wins, b_wins, sa.func.count(margin), sa.func.avg(margin))
        .select_from(sa_)
        .join(sb, sa.and_(sb.game_id == sa_.game_id, sb.person_id == pb.id))
        .where(*conds)
    ).one()
    return HeadToHead(pa.name, pb.name, int(n), int(aw or 0), int(bw or 0), int(scored),
                      _f(avg))

"""Statistics summaries: running totals per person and per pair, kept in step with the seats.

- :func:`add_game_to_stats` adds one finished game's seats (called by the
  store in the transaction that finishes or imports the game);
- :func:`rebuild_stats` recomputes the summaries of some people (or everyone)
  from the seats with ``INSERT ... SELECT ... GROUP BY`` (bulk import, delete,
  and the 0004 migration use the same SQL).

The two must always agree; ``tests/app/test_queries.py`` checks it on random games.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel

from app.store.models import (
    PairStat,
    PersonCategoryStat,
    PersonCharacterStat,
    PersonGameStat,
    Seat,
    SeatCategory,
)


def _bump(session: Session, model: type[SQLModel], key: dict[str, Any], inc: dict[str, int],
          best: int | None = None) -> None:
    """``UPDATE ... SET c = c + inc`` on the row ``key``; insert it when missing."""
    table: sa.Table = model.__table__  # type: ignore[attr-defined]
    where = [table.c[k] == v for k, v in key.items()]
    values: dict[str, Any] = {k: table.c[k] + v for k, v in inc.items()}
    if best is not None:
        values["best"] = sa.case(
            (sa.or_(table.c.best.is_(None), table.c.best < best), best), else_=table.c.best)
    for _ in range(2):
        if session.execute(sa.update(table).where(*where).values(values)).rowcount:  # type: ignore[attr-defined]
            return
        try:
            with session.begin_nested():
                row = {**key, **inc}
                if "best" in table.c:
                    row["best"] = best
                session.execute(sa.insert(table).values(row))
            return
        except IntegrityError:  # another writer inserted it first: update it
            continue
    raise RuntimeError(f"could not update {table.name} {key}")  # pragma: no cover


def add_game_to_stats(session: Session, seats: Sequence[Seat],
                      categories: dict[int, dict[str, int]]) -> None:
    """Add a just-finished game to the summaries (``categories``: seat id -> points).

    Rows are touched in one global order (person, table, key) so that two games
    finishing at once with the same people cannot deadlock (PostgreSQL row locks).
    """
    seats = sorted(seats, key=lambda x: x.person_id)
    for s in seats:
        win = int(s.winner)
        _bump(session, PersonGameStat, {"person_id": s.person_id, "game": s.game},
              {"plays": 1, "wins": win, "scored_plays": int(s.total is not None),
               "total_sum": s.total or 0}, best=s.total)
        _bump(session, PersonCharacterStat,
              {"person_id": s.person_id, "game": s.game, "character": s.character or ""},
              {"plays": 1, "wins": win})
        assert s.id is not None
        # category averages over the same games as the average total: the complete ones
        # (an incomplete sheet's known categories would make the averages disagree)
        for category, points in sorted(categories.get(s.id, {}).items() if s.total is not None
                                       else ()):
            _bump(session, PersonCategoryStat,
                  {"person_id": s.person_id, "game": s.game, "category": category},
                  {"games": 1, "points_sum": points})
    for a, b in combinations(seats, 2):
        scored = a.total is not None and b.total is not None
        _bump(session, PairStat, {"person_a": a.person_id, "person_b": b.person_id,
                                  "game": a.game},
              {"games": 1, "a_wins": int(a.winner), "b_wins": int(b.winner),
               "scored": int(scored),
               "margin_sum": (a.total or 0) - (b.total or 0) if scored else 0})


def _win(column: Any) -> Any:
    return sa.func.sum(sa.case((column.is_(True), 1), else_=0))


def rebuild_stats(session: Session, person_ids: Collection[int] | None = None) -> None:
    """Recompute the summaries of ``person_ids`` (default: everyone) from the seats.

    Runs in the caller's transaction (no commit).
    """
    seat = Seat.__table__  # type: ignore[attr-defined]
    cat = SeatCategory.__table__  # type: ignore[attr-defined]
    pgs = PersonGameStat.__table__  # type: ignore[attr-defined]
    pcs = PersonCategoryStat.__table__  # type: ignore[attr-defined]
    pch = PersonCharacterStat.__table__  # type: ignore[attr-defined]
    pair = PairStat.__table__  # type: ignore[attr-defined]
    ids = None if person_ids is None else sorted(set(person_ids))
    if ids is not None and not ids:
        return

    def only(column: Any) -> list[Any]:
        return [] if ids is None else [column.in_(ids)]

    for table in (pgs, pcs, pch):
        session.execute(sa.delete(table).where(*only(table.c.person_id)))
    if ids is None:
        session.execute(sa.delete(pair))
    else:
        session.execute(sa.delete(pair).where(
            sa.or_(pair.c.person_a.in_(ids), pair.c.person_b.in_(ids))))

    fin = seat.c.finished.is_(True)
    session.execute(pgs.insert().from_select(
        ["person_id", "game", "plays", "wins", "scored_plays", "total_sum", "best"],
        sa.select(seat.c.person_id, seat.c.game, sa.func.count(), _win(seat.c.winner),
                  sa.func.count(seat.c.total), sa.func.coalesce(sa.func.sum(seat.c.total), 0),
                  sa.func.max(seat.c.total))
        .where(fin, *only(seat.c.person_id)).group_by(seat.c.person_id, seat.c.game)))
    character = sa.func.coalesce(seat.c.character, "")
    session.execute(pch.insert().from_select(
        ["person_id", "game", "character", "plays", "wins"],
        sa.select(seat.c.person_id, seat.c.game, character, sa.func.count(), _win(seat.c.winner))
        .where(fin, *only(seat.c.person_id))
        .group_by(seat.c.person_id, seat.c.game, character)))
    session.execute(pcs.insert().from_select(
        ["person_id", "game", "category", "games", "points_sum"],
        sa.select(cat.c.person_id, cat.c.game, cat.c.category, sa.func.count(),
                  sa.func.sum(cat.c.points))
        .select_from(cat.join(seat, seat.c.id == cat.c.seat_id))
        # finished, not soft-deleted, and scored (a category of an incomplete sheet is unknown)
        .where(fin, seat.c.total.is_not(None), *only(cat.c.person_id))
        .group_by(cat.c.person_id, cat.c.game, cat.c.category)))
    a, b = seat.alias("a"), seat.alias("b")
    margin = a.c.total - b.c.total
    pair_where = [a.c.finished.is_(True)]
    if ids is not None:
        pair_where.append(sa.or_(a.c.person_id.in_(ids), b.c.person_id.in_(ids)))
    session.execute(pair.insert().from_select(
        ["person_a", "person_b", "game", "games", "a_wins", "b_wins", "scored", "margin_sum"],
        sa.select(a.c.person_id, b.c.person_id, a.c.game, sa.func.count(), _win(a.c.winner),
                  _win(b.c.winner), sa.func.count(margin),
                  sa.func.coalesce(sa.func.sum(margin), 0))
        .select_from(a.join(b, sa.and_(b.c.game_id == a.c.game_id,
                                       a.c.person_id < b.c.person_id)))
        .where(*pair_where).group_by(a.c.person_id, b.c.person_id, a.c.game)))

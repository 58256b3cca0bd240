"""Statistics view models: one person's charts (score over time, category averages, win rate).

Plain Python: the numbers come from ``app.store.queries`` (``person_stats``,
``score_timeline``); this module only shapes them for the charts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

T = Callable[..., str]


@dataclass(frozen=True, slots=True)
class ChartPoint:
    x: int
    y: int
    label: str  # the date (and a star for a win)


@dataclass(frozen=True, slots=True)
class CategoryBar:
    category: str
    label: str
    average: float


@dataclass(frozen=True, slots=True)
class PersonView:
    person_id: int
    name: str
    game: str
    game_title: str
    plays: int
    wins: int
    win_rate: float  # 0..1
    win_rate_text: str  # "67"
    average: str
    best: str
    scores: tuple[ChartPoint, ...]  # oldest first, games with a total only
    categories: tuple[CategoryBar, ...]  # largest average first


def _label(t: T, key: str, fallback: str) -> str:
    text = t(key)
    return fallback if text == key else text


def person_view(stats: Any, timeline: Sequence[Any], t: T) -> PersonView:
    """``stats``: ``queries.PersonStats`` (with categories); ``timeline``: ``ScorePoint``s."""
    scores = tuple(
        ChartPoint(i, int(p.total), p.played_at.astimezone().strftime("%m-%d")
                   + (" ★" if p.winner else ""))
        for i, p in enumerate(q for q in timeline if q.total is not None))
    cats = tuple(sorted(
        (CategoryBar(c.category, _label(t, f"category.{c.category}", c.category),
                     float(c.average)) for c in stats.categories),
        key=lambda c: (-c.average, c.category)))
    rate = float(stats.win_rate)
    return PersonView(
        person_id=int(stats.person_id), name=str(stats.name), game=str(stats.game),
        game_title=t(f"game.{stats.game}"), plays=int(stats.plays), wins=int(stats.wins),
        win_rate=rate, win_rate_text=f"{rate * 100:.0f}",
        average="–" if stats.average_score is None else f"{stats.average_score:.1f}",
        best="–" if stats.best_score is None else str(stats.best_score),
        scores=scores, categories=cats,
    )


def load_person(store: Any, person_id: int, game: str, t: T) -> PersonView | None:
    from app.store import queries

    with store.session() as s:
        found = queries.person_stats(s, person=person_id, game=game)
        if not found:
            return None
        timeline = queries.score_timeline(s, person=person_id, game=game)
    return person_view(found[0], timeline, t)

"""Statistics view models: one person's charts (score over time, category averages, win rate).

Plain Python: the numbers come from ``app.store.queries`` (``person_stats``,
``score_timeline``); this module only shapes them for the charts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.store import queries

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
    score_axis: tuple[int, int] = (1, 1)  # (max, step) of the score chart's y axis
    category_axis: tuple[int, int] = (1, 1)  # the same for the category bars
    colour: str | None = None  # the colour the person played most (the charts are in it)


#: grid steps a y axis may use (then multiples of 1000)
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)


def y_axis(top: float, lines: int = 4) -> tuple[int, int]:
    """A y axis for values up to ``top``: ``(max, step)``, ``max`` a multiple of ``step``
    above ``top`` (no half-step at the top, whose label would overlap the one below).

    >>> y_axis(23), y_axis(7.3), y_axis(0), y_axis(100)
    ((30, 10), (8, 2), (1, 1), (125, 25))
    """
    raw = max(float(top), 1.0) / lines
    step = next((s for s in STEPS if s >= raw), 1000 * math.ceil(raw / 1000))
    return (int(top // step) + 1) * step, step


def _label(t: T, key: str, fallback: str) -> str:
    text = t(key)
    return fallback if text == key else text


def usual_colour(timeline: Sequence[Any]) -> str | None:
    """The seat colour a person played most in ``timeline`` (oldest first); a tie: the one
    played last. None: no game with a colour.

    >>> from types import SimpleNamespace as P
    >>> usual_colour([P(colour="red"), P(colour="blue"), P(colour="red"), P(colour="blue")])
    'blue'
    >>> usual_colour([P(colour=None)]) is None
    True
    """
    counts: dict[str, int] = {}
    last: dict[str, int] = {}
    for i, p in enumerate(timeline):
        c = getattr(p, "colour", None)
        if c:
            counts[c] = counts.get(c, 0) + 1
            last[c] = i
    return max(counts, key=lambda c: (counts[c], last[c]), default=None)


def person_view(stats: Any, timeline: Sequence[Any], t: T) -> PersonView:
    """``stats``: ``queries.PersonStats`` (with categories); ``timeline``: ``ScorePoint``s."""
    scores = tuple(
        ChartPoint(i, int(p.total), getattr(p, "local_played_at", p.played_at.astimezone())
                   .strftime("%m-%d")
                   + (" ★" if p.winner else ""))
        for i, p in enumerate(q for q in timeline if q.total is not None))
    cats = tuple(sorted(
        (CategoryBar(c.category, _label(t, f"category-{c.category}", c.category),
                     float(c.average)) for c in stats.categories),
        key=lambda c: (-c.average, c.category)))
    rate = float(stats.win_rate)
    return PersonView(
        person_id=int(stats.person_id), name=str(stats.name), game=str(stats.game),
        game_title=t(f"game-{stats.game}"), plays=int(stats.plays), wins=int(stats.wins),
        win_rate=rate, win_rate_text=f"{rate * 100:.0f}",
        average="–" if stats.average_score is None else f"{stats.average_score:.1f}",
        best="–" if stats.best_score is None else str(stats.best_score),
        scores=scores, categories=cats,
        score_axis=y_axis(max((p.y for p in scores), default=0)),
        category_axis=y_axis(max((c.average for c in cats), default=0)),
        colour=usual_colour(timeline),
    )


def load_person(store: Any, person_id: int, game: str, t: T) -> PersonView | None:
    with store.session() as s:
        found = queries.person_stats(s, person=person_id, game=game)
        if not found:
            return None
        timeline = queries.score_timeline(s, person=person_id, game=game)
    return person_view(found[0], timeline, t)

"""The history and statistics screens' view models: history lines, filters, per-person lines
(no flet here; a person's charts are :mod:`app.ui.records.stats`). Unit-tested without
Flutter (tests/app/test_ui_presenters.py, test_ui_records.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scoring.games import GAMES

T = Callable[..., str]


@dataclass(frozen=True, slots=True)
class HistoryLine:
    id: int
    title: str
    when: str
    players: tuple[str, ...]  # "Mei 93 ★", ...
    incomplete: bool = False  # finished with a printed value missing: can be completed


def history_lines(games: list[Any], t: T) -> list[HistoryLine]:
    out = []
    for g in games:
        # the record's own offset (a game at 00:30 +09:00 is on that day, wherever shown)
        local = getattr(g, "local_played_at", None)
        when = (local or g.played_at).strftime("%Y-%m-%d") \
            if isinstance(g.played_at, datetime) else ""
        players = tuple(
            f"{p.name} {'–' if p.total is None else p.total}{' ★' if p.winner else ''}"
            for p in sorted(g.players, key=lambda p: (p.rank or 99, p.seat)))
        out.append(HistoryLine(int(g.id), t(f"game-{g.game}"), when, players,
                               getattr(g, "complete", None) is False))
    return out


ALL = "all"


def _chosen(value: str) -> str | None:
    """A filter's selection: None for ``ALL``."""
    return None if value == ALL else value


@dataclass(frozen=True, slots=True)
class HistoryFilters:
    """The history's filter chips: (value, label, enabled) per game and per person;
    ``game`` / ``person`` the selected values (``ALL``, a game key, a person id)."""

    games: tuple[tuple[str, str, bool], ...]
    people: tuple[tuple[str, str, bool], ...]
    game: str
    person: str

    def query(self) -> dict[str, Any]:
        """The selection as ``Services.history`` arguments."""
        person = _chosen(self.person)
        return {"game": _chosen(self.game), "person": None if person is None else int(person)}


def history_filters(stats: list[Any], game: str, person: str, t: T) -> HistoryFilters:
    """Filters from ``queries.everyone_stats`` rows (everyone with a finished game).

    A selection that no longer exists (a person or game not among the rows) falls back
    to ``ALL``; people are listed by name.
    """
    played = {str(s.game) for s in stats}
    people: dict[str, str] = {}
    for s in stats:
        people.setdefault(str(s.person_id), str(s.name))
    games = ((ALL, t("history-all-games"), True),
             *((g, t(f"game-{g}"), g in played) for g in GAMES))
    return HistoryFilters(
        games=games,
        people=((ALL, t("history-everyone"), True),
                *sorted(((pid, name, True) for pid, name in people.items()),
                        key=lambda o: (o[1].casefold(), o[0]))),
        game=game if game in played else ALL,
        person=person if person in people else ALL,
    )


@dataclass(frozen=True, slots=True)
class StatsLine:
    name: str
    game: str
    plays: int
    wins: int
    average: str
    best: str


def stats_lines(stats: list[Any], t: T) -> list[StatsLine]:
    return [
        StatsLine(s.name, t(f"game-{s.game}"), int(s.plays), int(s.wins),
                  "–" if s.average_score is None else f"{s.average_score:.1f}",
                  "–" if s.best_score is None else str(s.best_score))
        for s in stats
    ]

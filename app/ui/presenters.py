"""Presenters: plain Python that turns app data into view models (no flet here).

Screens render what these return and call their methods on taps; everything in
this module is unit-tested without Flutter (tests/app/test_ui_presenters.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from app.ui.services import GameSummary, module
from scoring.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
RULES_DECISIONS_DOC = ROOT / "docs" / "rules-decisions.md"
#: The copy packaged with the app (``flet build`` ships app/, not docs/).
RULES_DECISIONS_COPY = Path(__file__).resolve().parent / "data" / "rules-decisions.md"

T = Callable[..., str]


# --------------------------------------------------------------------------- home


@dataclass(frozen=True, slots=True)
class GameLine:
    id: int
    title: str
    detail: str


def game_lines(games: list[GameSummary], t: T) -> list[GameLine]:
    """One line per game in progress: the game's name, players, when last changed."""
    lines = []
    for g in games:
        when = g.updated.strftime("%Y-%m-%d %H:%M") if isinstance(g.updated, datetime) else ""
        players = ", ".join(g.players)
        lines.append(GameLine(g.id, t(f"game.{g.game}"), t("home.game_line", game=f"#{g.id}",
                                                          players=players, when=when)))
    return lines


# --------------------------------------------------------------------------- settings


def rules_decisions_text() -> str | None:
    """docs/rules-decisions.md, read at run time (the packaged copy in a built app)."""
    for path in (RULES_DECISIONS_DOC, RULES_DECISIONS_COPY):
        if path.exists():
            return path.read_text(encoding="utf-8")
    return None


@dataclass(frozen=True, slots=True)
class PrintedRow:
    table: str
    key: str
    value: str
    source: str
    known: bool


def printed_rows(confirmed: Mapping[str, Mapping[str, Any]] | None = None) -> list[PrintedRow]:
    """Every printed-value table with what is known and where it comes from.

    Shipped values carry their source; values the table confirmed are listed as
    such; a table with nothing known says so (it is asked for when needed).
    """
    printed = module("scoring.printed")
    if printed is None:
        return []
    rows: list[PrintedRow] = []
    shipped: Mapping[str, Mapping[str, Any]] = getattr(printed, "SHIPPED", {})
    for table in getattr(printed, "COUNT_TABLES", ()):
        entries = shipped.get(table, {})
        for key, item in sorted(entries.items(), key=lambda kv: int(kv[0])):
            rows.append(PrintedRow(table, key, str(item.value), item.source, True))
        for key, value in sorted((confirmed or {}).get(table, {}).items()):
            if key not in entries:
                rows.append(PrintedRow(table, key, str(value), "confirmed", True))
        if not entries and not (confirmed or {}).get(table):
            rows.append(PrintedRow(table, "", "", "", False))
    for name in ("FORESTER_MAJORITY", "DETACHED_MOST", "DETACHED_SECOND", "DETACHED_LEAST",
                 "DETACHED_ALL_TIED", "DETACHED_TIED_BELOW_TOP"):
        spread = getattr(printed, name, None)
        if spread is not None:
            rows.append(PrintedRow(name.lower(), "", " / ".join(map(str, spread.points)),
                                   spread.source, True))
    top_tie = getattr(printed, "DETACHED_TOP_TIE", None)
    if top_tie and not (confirmed or {}).get(top_tie):
        rows.append(PrintedRow(top_tie, "", "", "", False))
    return rows


# --------------------------------------------------------------------------- records


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
        out.append(HistoryLine(int(g.id), t(f"game.{g.game}"), when, players,
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
    games = ((ALL, t("history.all_games"), True),
             *((g, t(f"game.{g}"), g in played) for g in GAMES))
    return HistoryFilters(
        games=games,
        people=((ALL, t("history.everyone"), True),
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
        StatsLine(s.name, t(f"game.{s.game}"), int(s.plays), int(s.wins),
                  "–" if s.average_score is None else f"{s.average_score:.1f}",
                  "–" if s.best_score is None else str(s.best_score))
        for s in stats
    ]

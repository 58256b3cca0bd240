"""The home screen's view model: one line per game in progress (no flet here).

Unit-tested without Flutter (tests/app/test_ui_presenters.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from app.store.queries import GameSummary

T = Callable[..., str]


@dataclass(frozen=True, slots=True)
class GameLine:
    id: int
    title: str
    detail: str


def game_lines(games: list[GameSummary], t: T) -> list[GameLine]:
    """One line per game in progress: the game's name, players, when last changed."""
    lines = []
    for g in games:
        # stored in UTC: shown in this machine's time
        when = (g.updated_at.astimezone().strftime("%Y-%m-%d %H:%M")
                if isinstance(g.updated_at, datetime) else "")
        players = t("list-commas").join(g.names)
        lines.append(GameLine(g.id, t(f"game-{g.game}"), t("home-game-line", game=f"#{g.id}",
                                                          players=players, when=when)))
    return lines

"""The game clock's control (issue 34 item 3): the minutes played, and Pause / Resume.

One small self-contained piece (:func:`clock_piece`), shown on the sheet of a game in play
under its turn (the pinned status strip can host it as it is). Any seat or the host pauses
and resumes it: the command names the number of pauses its screen showed, so a second phone's
tap on the same clock is "already done" (``app.session.GameSession.set_clock``).

No timer: the minutes are worked out at each normal redraw (a tap anywhere at the table
redraws every phone), and the piece is rebuilt only when its minute, its state or the
language changed (:func:`app.ui.kit.kept.keep_piece`); between taps the minutes shown are
those of the last redraw. Nothing redraws a phone every second or every minute.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from typing import TYPE_CHECKING

import flet as ft

from app import l10n
from app.game.clock import Clock
from app.game.commands import PauseClock, ResumeClock
from app.game.status import Status
from app.ui.kit.kept import keep_slot
from app.ui.kit.live_table import on_tap
from app.ui.kit.widgets import TOUCH, sid
from scoring.message import MessageCode

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav
    from app.ui.sheet.presenter import SheetPresenter


class ClockLabel(MessageCode):
    """The clock's words."""

    TIME = "clock-time"
    TIME_PAUSED = "clock-time-paused"
    PAUSE = "clock-pause"
    RESUME = "clock-resume"


def clock_line(lang: str, clock: Clock, now: datetime | None = None) -> str:
    """The line shown: "Played 42 minutes", "Clock paused: played 42 minutes"; ``""`` before
    the start."""
    minutes = clock.minutes(now or datetime.now(UTC))
    return "" if minutes is None else _line(lang, clock.paused, minutes)


# a pure function of its arguments, cached by value: lru_cache, not app.cache.Memo
@lru_cache(maxsize=256)
def _line(lang: str, paused: bool, minutes: int) -> str:
    """(Rendered once a minute, not once a phone: every phone redraws the same line.)"""
    return l10n.render(lang, ClockLabel.TIME_PAUSED if paused else ClockLabel.TIME,
                       minutes=minutes)


def clock_piece(app: Nav, p: SheetPresenter, c: TableClient) -> ft.Control | None:
    """The clock line with its button (None: the game is not in play or not started)."""
    clock = p.snapshot.clock
    if p.status != Status.PLAYING or clock.started is None:
        return None
    lang = str(app.settings.language)
    line = clock_line(lang, clock)
    # (new each minute on every phone: in a slot, sent alone in its place)
    return keep_slot(app, p, "play-clock", (line, clock.paused, clock.pauses),
                     lambda: _clock(app, p, c, lang, line, clock))


def _clock(app: Nav, p: SheetPresenter, c: TableClient, lang: str, line: str,
           clock: Clock) -> ft.Control:
    pauses = clock.pauses  # what this screen shows: the key of the tap
    kind: type[PauseClock | ResumeClock] = ResumeClock if clock.paused else PauseClock
    ident, label = (("clock-resume", ClockLabel.RESUME) if clock.paused
                    else ("clock-pause", ClockLabel.PAUSE))
    icon = ft.Icons.PLAY_ARROW if clock.paused else ft.Icons.PAUSE

    def make() -> PauseClock | ResumeClock:  # made when tapped, against the version then
        return kind(version=p.version, pauses=pauses)

    words = l10n.render(lang, label)
    return sid("play-clock", ft.Row([
        sid("clock-time", ft.Text(line, size=15, expand=True)),
        # keyed by what it is (pause or resume): a button that changes role is a new node
        # for the browser's semantics tree (patched in place, a phone's tree kept the old
        # identifier now and then: "clock-resume" never appeared on another phone)
        sid(ident, ft.OutlinedButton(content=ft.Text(words), icon=icon, height=TOUCH,
                                     on_click=on_tap(app, p, c, make)), button=True,
            key=ident),
    ], wrap=True))

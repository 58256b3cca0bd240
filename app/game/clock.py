"""The game clock: the time a game was played, from the timestamps of its log entries.

Started by ``start_game``, paused by ``pause_clock``, resumed by ``resume_clock``, stopped by
``end_game`` (the finish); the paused intervals are left out. The clock is its log entries
(no column of its own): the session keeps the marks of the game it plays
(:meth:`app.session.GameSession.clock`), the exports read them from the log
(:mod:`app.store.exports`). A game whose log has no ``start_game`` (an imported record) has
no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

START, PAUSE, RESUME, END = "start_game", "pause_clock", "resume_clock", "end_game"
#: The log kinds the clock reads.
CLOCK_KINDS = (START, PAUSE, RESUME, END)


@dataclass(frozen=True, slots=True)
class Mark:
    """One clock entry of the log: its ``seq``, ``kind`` and when it was written."""

    seq: int
    kind: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Clock:
    """The clock of one game: when it started and finished, how long it was paused, whether it
    is paused now (``paused_since``) and how many pauses it had (the key a pause or a resume
    names: the count the tapper's screen showed)."""

    started: datetime | None = None
    finished: datetime | None = None
    paused_since: datetime | None = None
    paused_seconds: float = 0.0
    pauses: int = 0
    #: the seq of the last pause or resume (``AlreadyDone`` names it)
    last_seq: int = 0

    @property
    def paused(self) -> bool:
        return self.paused_since is not None

    @property
    def running(self) -> bool:
        return self.started is not None and self.finished is None and self.paused_since is None

    def seconds(self, now: datetime | None = None) -> float | None:
        """The time played up to ``now`` (or the finish), pauses left out; ``None``: the game
        has not started (or ``now`` is needed and not given)."""
        if self.started is None:
            return None
        end = self.finished or self.paused_since or now
        if end is None:
            return None
        return max(0.0, (end - self.started).total_seconds() - self.paused_seconds)

    def minutes(self, now: datetime | None = None) -> int | None:
        """The time played in whole minutes (rounded down), ``None`` as :meth:`seconds`."""
        played = self.seconds(now)
        return None if played is None else int(played // 60)


def clock_of(marks: Iterable[Mark]) -> Clock:
    """The clock of a game from its log's clock entries (any order; others are ignored).

    A pause while paused and a resume while running are ignored (the session never writes
    them: the second phone's tap is "already done"); a game that finished paused is played
    up to its pause."""
    started = finished = paused_since = None
    paused = 0.0
    pauses = last = 0
    for m in sorted(marks, key=lambda m: m.seq):
        if m.kind == START and finished is None:  # (started again after an undo: from then)
            started, paused_since, paused = m.at, None, 0.0
        elif started is None or finished is not None:
            continue
        elif m.kind == PAUSE and paused_since is None:
            paused_since, pauses, last = m.at, pauses + 1, m.seq
        elif m.kind == RESUME and paused_since is not None:
            paused += max(0.0, (m.at - paused_since).total_seconds())
            paused_since, last = None, m.seq
        elif m.kind == END:
            finished = paused_since or m.at
            if paused_since is not None:
                paused_since = None
    return Clock(started, finished, paused_since, paused, pauses, last)

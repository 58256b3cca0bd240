"""News between server processes of one database: PostgreSQL ``NOTIFY``, and one listener.

Several ``forest-table serve`` processes (``--workers N``, or N machines behind a load
balancer) share one PostgreSQL database; each has its own table hub and phones. Every
write another process must know of sends a notification **inside the writer's own
transaction** (:func:`notify`): PostgreSQL delivers it only when that transaction
commits, and in commit order, so a listener never hears of a change it cannot read yet.
SQLite has no notifications: :func:`notify` does nothing there (one process serves it).

**Channel**: one per database schema, computed by the server
(:data:`CHANNEL_SQL`: ``ft_`` and the MD5 of the schema's name), so the tests'
schemas on one database and several installations sharing a server never hear each
other. **Payload** (ASCII, a few bytes: PostgreSQL allows 8000, :data:`MAX_PAYLOAD`):

==========================  ==========================================================
``v <game> <seq>``          log entry ``seq`` of a table saved (a tap, undo, finish...)
``k <game|-> <seat|->``     tokens of a seat (``-``: the table's host; ``- -``: the
                            server host links) revoked
``m <old> <new>``           the table ``old``'s rematch started as ``new``
``p``                       the confirmed printed values changed
``s <game> <proc> <mask>``  who is connected to table ``game`` through process ``proc``
                            (a number each process draws at start): bit 0 the host,
                            bit ``n`` seat ``n``. Not a change of the game: sent
                            outside any transaction, again every second while a phone
                            is connected (:data:`PRESENCE_EVERY`), so a process that
                            went away is forgotten after :data:`PRESENCE_TTL`
==========================  ==========================================================

The news carries no data: the listener's process reads what changed from the database
(the log after its version, the token rows, the rematch link), so a lost or repeated
notification costs nothing but a read. :class:`Listener` is the receiving end: one
connection per process (psycopg 3, in a daemon thread), reconnected with backoff; while
it is down the process polls (``on_poll``) and its ``listening`` flag is false.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

log = logging.getLogger(__name__)

#: the channel, computed by the server from the schema the connection writes to
CHANNEL_SQL = "'ft_' || md5(coalesce(current_schema(), ''))"
#: PostgreSQL's limit for a payload (bytes; ours are a few dozen)
MAX_PAYLOAD = 8000

VERSION, REVOKED, REMATCH, PRINTED, PRESENCE = "v", "k", "m", "p", "s"
_ARITY = {VERSION: 2, REVOKED: 2, REMATCH: 2, PRINTED: 0, PRESENCE: 3}
#: a process says who is connected through it this often while anyone is (seconds) ...
PRESENCE_EVERY = 1.0
#: ... and what it said is forgotten when it has not said it again for this long
PRESENCE_TTL = 3.5


@dataclass(frozen=True, slots=True)
class News:
    """One notification, parsed: its kind and up to two numbers (None: ``-``)."""

    kind: str
    a: int | None = None
    b: int | None = None
    c: int | None = None

    @property
    def payload(self) -> str:
        args = [("-" if x is None else str(int(x))) for x in (self.a, self.b, self.c)]
        return " ".join([self.kind, *args[:_ARITY[self.kind]]])


def parse(payload: str) -> News | None:
    """The news in ``payload``, or None for anything that is not ours (logged, ignored)."""
    parts = payload.split()
    if not parts or parts[0] not in _ARITY or len(parts) != 1 + _ARITY[parts[0]]:
        return None
    nums: list[int | None] = []
    for part in parts[1:]:
        if part == "-":
            nums.append(None)
        elif part.isascii() and part.isdigit() and len(part) <= 18:
            nums.append(int(part))
        else:
            return None
    nums += [None] * (3 - len(nums))
    return News(parts[0], nums[0], nums[1], nums[2])


def notify(session: Session, news: News) -> None:
    """Send ``news`` in ``session``'s transaction (delivered when it commits). SQLite:
    nothing (no other process to tell)."""
    bind = session.get_bind()
    if bind.dialect.name != "postgresql":
        return
    payload = news.payload
    assert len(payload.encode()) < MAX_PAYLOAD
    session.execute(sa.text(f"SELECT pg_notify({CHANNEL_SQL}, :payload)"),
                    {"payload": payload})


def listener_conninfo(url: sa.URL | str) -> str:
    """A libpq connection string for psycopg from the store's SQLAlchemy URL."""
    u = sa.make_url(url)
    return u.set(drivername="postgresql").render_as_string(hide_password=False)


# =========================================================================== the listener

#: reconnecting: the first wait, doubled after each failure up to the last
BACKOFF_FIRST, BACKOFF_MAX = 0.25, 5.0
#: while the connection is down, the tables are read again this often (seconds)
POLL_EVERY = 0.5
#: a query on the listening connection this often: a dead one is found out
HEARTBEAT = 5.0
#: how long ``notifies`` waits before the loop looks at its stop flag and the heartbeat
TICK = 0.5
#: the listening connection's ``application_name`` (with the process id after it), as
#: ``pg_stat_activity`` shows it
APPLICATION_NAME = "forest-table listener"


class Listener:
    """One ``LISTEN`` connection of a process, in a daemon thread.

    - ``on_news(News)``: each notification, in the order PostgreSQL delivered them.
    - ``on_connected()``: called after each (re)connection, once ``LISTEN`` is in force
      and before :attr:`listening` turns true: the process reads everything it holds
      again (what changed while it was not listening). Nothing can fall between: a
      change committed after ``LISTEN`` is notified, one before it is read.
    - ``on_poll()``: while the connection is down, every :data:`POLL_EVERY` seconds
      (the process keeps its tables current by reading them).
    - ``on_tick()``: every :data:`TICK` seconds while listening; the news it returns are
      sent on the listening connection at once (outside any transaction: who is
      connected, which is not a change of any game).

    :attr:`listening` is what a readiness check asks (``/readyz``): true only while the
    connection is up, listening, and everything was caught up after it came.
    """

    def __init__(self, conninfo: str, *, on_news: Callable[[News], Any],
                 on_connected: Callable[[], Any], on_poll: Callable[[], Any] | None = None,
                 on_tick: Callable[[], Sequence[News]] | None = None,
                 name: str = "forest-table listener") -> None:
        self.conninfo = conninfo
        self.on_news, self.on_connected, self.on_poll = on_news, on_connected, on_poll
        self.on_tick = on_tick
        self.name = name
        self._listening = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._conn: Any = None
        self.connections = 0  # how many times it connected (tests, logs)
        self.backend_pid: int | None = None  # the server process of the connection

    @property
    def listening(self) -> bool:
        return self._listening

    def start(self) -> Listener:
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        return self

    def wait_listening(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self._listening and time.monotonic() < deadline:
            time.sleep(0.01)
        return self._listening

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        conn = self._conn
        if conn is not None:
            try:
                conn.cancel_safe(timeout=1.0)
            except Exception:  # boundary: best-effort cancel of a connection that may be gone
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        delay = BACKOFF_FIRST
        said_down = False
        while not self._stop.is_set():
            try:
                self._listen()
                delay = BACKOFF_FIRST
            except Exception as err:  # boundary: a background loop (the database went away...)
                if not self._stop.is_set():
                    (log.debug if said_down else log.warning)(
                        "notifications: connection lost or refused (%s); reconnecting",
                        type(err).__name__)
                    said_down = True
            finally:
                self._listening = False
                conn, self._conn = self._conn, None
                if conn is not None:
                    try:
                        conn.close()
                    except Exception:  # boundary: best-effort close of a broken connection
                        pass
            if self._stop.is_set():
                return
            self._down_for(delay)
            delay = min(BACKOFF_MAX, delay * 2)

    def _down_for(self, seconds: float) -> None:
        """Wait ``seconds`` before reconnecting, reading the tables meanwhile."""
        end = time.monotonic() + seconds
        while not self._stop.is_set():
            if self.on_poll is not None:
                try:
                    self.on_poll()
                except Exception:  # boundary: a background loop: the next poll tries again
                    log.debug("polling the tables failed", exc_info=True)
            left = end - time.monotonic()
            if left <= 0:
                return
            self._stop.wait(min(POLL_EVERY, left))

    def _listen(self) -> None:
        import psycopg

        conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5,
                               application_name=f"{APPLICATION_NAME} {os.getpid()}",
                               keepalives=1, keepalives_idle=5, keepalives_interval=2,
                               keepalives_count=2)
        self._conn = conn
        self.backend_pid = conn.info.backend_pid
        row = conn.execute(f"SELECT {CHANNEL_SQL}").fetchone()
        assert row is not None
        channel = str(row[0])
        conn.execute(f'LISTEN "{channel}"')
        self.connections += 1
        self.on_connected()  # everything it holds, read again: then it is live
        self._listening = True
        if self.connections > 1:
            log.warning("notifications: listening again, every table caught up")
        beat = time.monotonic() + HEARTBEAT
        while not self._stop.is_set():
            for note in conn.notifies(timeout=TICK):
                news = parse(note.payload)
                if news is None:
                    log.debug("notifications: ignored a payload that is not ours")
                    continue
                try:
                    self.on_news(news)
                except Exception:  # boundary: one bad table must not stop the others' news
                    log.exception("notifications: handling %s failed", news.payload)
            self._tick(conn)
            if time.monotonic() >= beat:
                conn.execute("SELECT 1")
                beat = time.monotonic() + HEARTBEAT

    def _tick(self, conn: Any) -> None:
        """``on_tick``'s news, sent now on the listening connection (autocommit)."""
        if self.on_tick is None:
            return
        try:
            out = list(self.on_tick())
        except Exception:  # boundary: a background loop: the next tick tries again
            log.exception("notifications: the tick failed")
            return
        for news in out:
            conn.execute(f"SELECT pg_notify({CHANNEL_SQL}, %s)", (news.payload,))

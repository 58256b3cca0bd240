"""Whether each phone's link is alive: the page answers the server's pings (app/web/taps.py).

A phone that loses its network keeps its websocket open (the browser holds the frames), so
the server would not know for a long time; the page's link script answers ``ft-ping``
with ``ft-pong`` and :class:`app.web.taps.TapIds` calls :func:`link` when the answers stop
(and when they come again). A table tab watches its own session (:func:`watch`): its seat
shows as offline on the other phones (:meth:`app.table.hub.TableHub.presence`).
Thread-safe; the callbacks run on the caller's thread (the server's loop).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

_watchers: dict[str, list[Callable[[bool], Any]]] = {}
_lock = threading.Lock()


def watch(session_id: str | None, fn: Callable[[bool], Any]) -> Callable[[], None]:
    """Call ``fn(alive)`` when session ``session_id``'s link goes quiet or answers again;
    returns the function that stops it."""
    if not session_id:
        return lambda: None
    with _lock:
        _watchers.setdefault(session_id, []).append(fn)

    def stop() -> None:
        with _lock:
            fns = _watchers.get(session_id, [])
            if fn in fns:
                fns.remove(fn)
            if not fns:
                _watchers.pop(session_id, None)
    return stop


def link(session_id: str, alive: bool) -> None:
    """Session ``session_id``'s page stopped answering (``alive`` False) or answers again."""
    with _lock:
        fns = list(_watchers.get(session_id, ()))
    for fn in fns:
        try:
            fn(alive)
        except Exception:  # boundary: one failing watcher must not keep the others from hearing
            log.debug("link watcher failed", exc_info=True)

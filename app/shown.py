"""Which version of its table a phone had on screen when it tapped.

The server draws a tab's sheet and sends the patch; the phone may tap before that
patch arrives. A shared action (end turn, reveal, replenish) tapped on the older
screen is the same action another phone just did, even when the server has already
redrawn this tab's control with the next turn's command. So:

- the tab says what it drew (:func:`drawn`, the sheet's version; the UI calls it);
- the web layer (:class:`app.web.taps.TapIds`) counts the frames it sends to each
  session: the first frame after a draw is that draw's (:func:`sent`);
- the page's link script says with each tap how many frames it had received
  (``rx``); the web layer records, per control, the newest drawn version whose frame
  the phone had then (:func:`tapped`);
- the tap's handler asks :func:`shown` and makes a shared action against that version
  (the session answers "already done" when the same action was applied after it).

Keyed by Flet's session id (the server's, ``page.session.id``); nothing here grants a
right, and a phone can only make its own taps count as older (a shared action then
answers "already done", any other change "stale": tap again). Without the link script
(unit tests, the desktop app) nothing is recorded and :func:`shown` is ``None``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

_LOCK = threading.Lock()
KEEP = 4096  # sessions


@dataclass(slots=True)
class _Screen:
    sent: int = 0  # frames sent to this session so far (every socket of it)
    pending: list[int] = field(default_factory=list)  # drawn, frame not sent yet
    frames: list[tuple[int, int]] = field(default_factory=list)  # (frame no., version)
    taps: dict[tuple[int, str], int] = field(default_factory=dict)  # control -> version


_SCREENS: OrderedDict[str, _Screen] = OrderedDict()


def _screen(session_id: str) -> _Screen:
    s = _SCREENS.get(session_id)
    if s is None:
        s = _SCREENS[session_id] = _Screen()
        while len(_SCREENS) > KEEP:
            _SCREENS.popitem(last=False)
    _SCREENS.move_to_end(session_id)
    return s


def drawn(session_id: str | None, version: int) -> None:
    """The tab drew its sheet at ``version`` (its patch goes out with the next frame)."""
    if not session_id:
        return
    with _LOCK:
        _screen(session_id).pending.append(version)


def sent(session_id: str | None) -> int:
    """A frame went to ``session_id``'s phone; returns its number on this socket's count."""
    if not session_id:
        return 0
    with _LOCK:
        s = _screen(session_id)
        s.sent += 1
        for version in s.pending:
            s.frames.append((s.sent, version))
        s.pending.clear()
        del s.frames[:-64]
        return s.sent


def reset(session_id: str | None) -> None:
    """A new socket for the session: its frame count starts again (the page's does)."""
    if not session_id:
        return
    with _LOCK:
        s = _screen(session_id)
        s.sent, s.frames = 0, []


def tapped(session_id: str | None, control_id: int, event: str, received: int) -> None:
    """A tap on ``control_id`` left the phone when it had ``received`` frames of this socket."""
    if not session_id:
        return
    with _LOCK:
        s = _screen(session_id)
        if received >= s.sent and not s.pending:
            s.taps.pop((control_id, event), None)  # nothing in flight: the screen is current
            return
        had = [v for n, v in s.frames if n <= received]
        if had:
            s.taps[(control_id, event)] = max(had)


def shown(session_id: str | None, control_id: int | None, event: str = "click") -> int | None:
    """The version the phone showed at its last tap on ``control_id`` if it was behind the
    server's drawing (frames in flight), else ``None`` (the tab's own version holds)."""
    if not session_id or control_id is None:
        return None
    with _LOCK:
        s = _SCREENS.get(session_id)
        return None if s is None else s.taps.pop((control_id, event), None)

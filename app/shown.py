"""Which version of its table a phone had on screen when it tapped.

The server draws a tab's sheet and sends the patch; the phone may tap before that
patch arrives. A shared action (end turn, reveal, replenish) tapped on the older
screen is the same action another phone just did, even when the server has already
redrawn this tab's control with the next turn's command. So:

- the tab says what it drew (:func:`drawn`, the game and the sheet's version, at every
  draw of the sheet), and how many frames were still queued for the phone then (Flet
  sends a session's frames in order from one queue): the draw's frame is the one after
  those (:func:`sent`);
- the web layer (:class:`app.web.taps.TapIds`) counts the frames it sends to each
  session (:func:`sent`);
- the page's link script says with each tap how many frames it had received
  (``rx``); the web layer records, per control, the newest drawn version whose frame
  the phone had then (:func:`tapped`), also when it had every frame: the tab may draw
  a newer version (another phone's broadcast) before the tap's handler runs;
- the tap's handler asks :func:`shown` and makes a shared action against that version
  (the session answers "already done" when the same action was applied after it).

Keyed by Flet's session id (the server's, ``page.session.id``); nothing here grants a
right, and a phone can only make its own taps count as older (a shared action then
answers "already done", any other change "stale": tap again). Without the link script
(unit tests, the desktop app) nothing is recorded and :func:`shown` is ``None``.

A screen takes a moment to be seen: a shared action tapped within :data:`SETTLE` seconds of
the frame that changed it was aimed at what the phone showed before (two phones tapping
"End turn" 0.3 s apart both meant the same turn). :func:`seen` gives both versions; the tab
uses the settled one for a shared action another phone did in between
(:func:`app.ui.kit.live_table.as_shown`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from app.cache import Memo

_LOCK = threading.Lock()
KEEP = 4096  # sessions
KEEP_DRAWS = 64  # per session: draws whose frame has not gone out, frames kept
#: seconds a phone shows a frame before a tap is taken as aimed at it (a person sees a
#: change, then decides: the issue's double turns came 0.2-0.4 s apart)
SETTLE = 0.7


#: A draw of a table's sheet: (game id, version).
Drawn = tuple[int, int]


@dataclass(slots=True)
class _Screen:
    sent: int = 0  # frames sent to this session so far (this socket)
    #: drawn, frame not sent yet: [what, frames queued before the draw's own]
    pending: list[tuple[Drawn, list[int]]] = field(default_factory=list)
    #: (frame no., draw, when it was sent: time.monotonic())
    frames: list[tuple[int, Drawn, float]] = field(default_factory=list)
    showing: Drawn | None = None  # the newest draw whose frame was sent
    #: control -> (the draw on screen, the draw on screen :data:`SETTLE` s before the tap)
    taps: dict[tuple[int, str], tuple[Drawn, Drawn | None]] = field(default_factory=dict)


#: each session's screen record (read and changed under :data:`_LOCK`; the oldest
#: sessions' go past :data:`KEEP`)
_SCREENS: Memo[str, _Screen] = Memo("phone screens", KEEP)


def _screen(session_id: str) -> _Screen:
    return _SCREENS.get_or_make(session_id, _Screen)


def drawn(session_id: str | None, game_id: int, version: int, queued: int = 0) -> None:
    """The tab drew table ``game_id``'s sheet at ``version``; its patch goes out after the
    ``queued`` frames still waiting to be sent to the phone
    (:func:`app.ui.kit.flet_compat.frames_queued`)."""
    if not session_id:
        return
    with _LOCK:
        pending = _screen(session_id).pending
        pending.append(((game_id, version), [max(0, queued)]))
        del pending[:-KEEP_DRAWS]  # draws that sent nothing (no change) wait for a frame


def sent(session_id: str | None) -> int:
    """A frame went to ``session_id``'s phone; returns its number on this socket's count."""
    if not session_id:
        return 0
    with _LOCK:
        s = _screen(session_id)
        s.sent += 1
        now = time.monotonic()
        waiting = []
        for draw, ahead in s.pending:
            if ahead[0] > 0:  # a frame queued before the draw: not the draw's
                ahead[0] -= 1
                waiting.append((draw, ahead))
            else:
                s.frames.append((s.sent, draw, now))
                s.showing = draw
        s.pending = waiting
        del s.frames[:-KEEP_DRAWS]
        return s.sent


def reset(session_id: str | None) -> None:
    """A new socket for the session: its frame count starts again (the page's does); the
    old socket's queue went with it, so a draw waiting goes out first on the new one.
    What the old sockets brought last stays as frame 0: a tap made before this socket's
    first frame (``received`` 0: resent, or tapped while it opened) showed at most that."""
    if not session_id:
        return
    with _LOCK:
        s = _screen(session_id)
        s.sent, s.frames = 0, [(0, *s.frames[-1][1:])] if s.frames else []
        for _draw, ahead in s.pending:
            ahead[0] = 0


def tapped(session_id: str | None, control_id: int, event: str, received: int,
           at: float | None = None) -> None:
    """A tap on ``control_id`` left the phone when it had ``received`` frames of this socket:
    it showed the newest draw among them. Having every frame sent, it showed the newest
    draw sent, although the tab may draw a newer one (another phone's broadcast) before
    the tap's handler runs. The draw it had shown for :data:`SETTLE` s is kept beside it
    (``at``: when the tap came, ``time.monotonic()``; the LAN's delay is left out)."""
    if not session_id:
        return
    now = time.monotonic() if at is None else at
    with _LOCK:
        s = _screen(session_id)
        had = [(d, t) for n, d, t in s.frames if n <= received]
        if received >= s.sent:
            draw = s.showing
        else:
            draw = had[-1][0] if had else None
        if draw is None:
            s.taps.pop((control_id, event), None)  # nothing known: the tab's version holds
            return
        older = [d for d, t in had if t <= now - SETTLE]
        # every kept frame is recent: the oldest kept draw is the one the phone had
        settled = older[-1] if older else had[0][0] if len(had) > 1 else draw
        s.taps[(control_id, event)] = (draw, settled)


def shown(session_id: str | None, game_id: int, control_id: int | None,
          event: str = "click") -> int | None:
    """The version of table ``game_id`` the phone showed at its last tap on ``control_id``
    (taken once), else ``None`` (nothing recorded, or another table was on screen: the
    tab's own version holds)."""
    return seen(session_id, game_id, control_id, event)[0]


def seen(session_id: str | None, game_id: int, control_id: int | None,
         event: str = "click") -> tuple[int | None, int | None]:
    """``(shown, settled)``: the version of table ``game_id`` the phone showed at its last
    tap on ``control_id``, and the one it had shown for :data:`SETTLE` s then (taken once;
    ``None``: nothing recorded, or another table was on screen)."""
    if not session_id or control_id is None:
        return None, None
    with _LOCK:
        s = _SCREENS.peek(session_id)
        kept = None if s is None else s.taps.pop((control_id, event), None)
    if kept is None:
        return None, None
    draw, settled = kept
    if draw[0] != game_id:
        return None, None
    return draw[1], settled[1] if settled is not None and settled[0] == game_id else None

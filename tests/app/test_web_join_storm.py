"""A join storm: a new tab whose first frame came in time but waits its turn in the budget
(pages are built one at a time) is not closed as a client that sent nothing.

bench_load on a slower machine: 200 phones joining over ten seconds on one server process,
about a quarter were closed "a malformed frame (no first frame in time)" while their
REGISTER frame sat in the budget's admission queue (each new tab waits there until the
event loop is calm, up to 3 s): the session guard timed the frame from the moment it
asked for it, not from its arrival. A tab that really sends nothing is still closed.

In process: the budget round the session guard round an app that reads two messages
(the handshake, the first frame), as flet-web does; the admission made slow and the
register timeout short.
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import pytest

from app.web import budget as budget_module
from app.web import sessions as sessions_module
from app.web.budget import Budget
from app.web.sessions import SessionGuard, SessionRegistry

REGISTER = b"\x00" + msgpack.packb([1, {
    "session_id": None, "page_name": "",
    "page": {"route": "/", "width": 390, "height": 844, "platform": "android",
             "pwa": False, "web": True}}])
SCOPE = {"type": "websocket", "client": ("192.168.1.20", 50000), "path": "/ws",
         "headers": []}


async def _one_tab(first_frame: bytes | None) -> tuple[list[dict[str, Any]],
                                                        list[dict[str, Any]]]:
    """What the app read, and what was sent to the client, for one tab whose client sends
    the handshake and then ``first_frame`` (None: nothing at all)."""
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    inbox.put_nowait({"type": "websocket.connect"})
    if first_frame is not None:
        inbox.put_nowait({"type": "websocket.receive", "bytes": first_frame})
    read: list[dict[str, Any]] = []
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        read.append(await receive())  # the handshake
        await send({"type": "websocket.accept"})
        read.append(await receive())  # the first frame (or the guard's disconnect)

    async def receive() -> dict[str, Any]:
        return await inbox.get()

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    guard = SessionGuard(app, SessionRegistry(cap=16, keep_seconds=60))
    await asyncio.wait_for(Budget(guard)(dict(SCOPE), receive, send), 10)
    return read, sent


@pytest.fixture
def slow_admission(monkeypatch: pytest.MonkeyPatch) -> None:
    """The register timeout 0.2 s; the budget's admission 0.6 s (other tabs ahead)."""
    monkeypatch.setattr(sessions_module, "REGISTER_TIMEOUT", 0.2)

    async def admit(self: Any) -> None:
        await asyncio.sleep(0.6)

    monkeypatch.setattr(budget_module.Budget, "_admit", admit)


def test_a_first_frame_waiting_its_turn_is_handed_on(slow_admission: None) -> None:
    read, sent = asyncio.run(_one_tab(REGISTER))
    assert read[1] == {"type": "websocket.receive", "bytes": REGISTER}
    assert not [m for m in sent if m.get("type") == "websocket.close"]


def test_a_tab_that_sends_nothing_is_still_closed(slow_admission: None) -> None:
    read, sent = asyncio.run(_one_tab(None))
    assert read[1]["type"] == "websocket.disconnect" and read[1]["code"] == 1007
    assert [m for m in sent if m.get("type") == "websocket.close"] == [
        {"type": "websocket.close", "code": 1007, "reason": "malformed frame"}]

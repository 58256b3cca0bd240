"""A tab's live updates from its table (app/ui/kit/live_table.py ``Inbox``)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from app.ui.kit.live_table import Inbox


class ClosedSocket:
    """flet-web's connection once its socket closed: the send loop has ended and set its
    queue to None; the session is told a moment later (``disconnect_session``)."""

    def __init__(self) -> None:
        self._FletApp__send_queue = None


def test_a_broadcast_is_not_drawn_for_a_tab_whose_socket_just_closed() -> None:
    """Found by the table fuzz test (tests/app/test_table_fuzz.py): a broadcast drained
    between a tab's socket closing and Flet detaching its session was drawn, and the draw
    raised in flet-web (``'NoneType' object has no attribute 'put_nowait'``: a traceback in
    the server's log). It is not drawn then; the tab draws the newest when it is back
    (``Inbox.catch_up``) and keeps it meanwhile."""
    drawn: list[Any] = []
    app = SimpleNamespace(page=SimpleNamespace(session=SimpleNamespace(
        connection=ClosedSocket())))
    inbox = Inbox(app, SimpleNamespace(), drawn.append)  # type: ignore[arg-type]
    snapshot = SimpleNamespace(version=7, printed={})
    inbox.newest = snapshot
    asyncio.run(inbox._drain())
    assert drawn == [] and inbox.newest is snapshot and not inbox.queued
    app.page.session.connection = SimpleNamespace()  # a connection that sends (or none)
    asyncio.run(inbox._drain())
    assert drawn == [snapshot]

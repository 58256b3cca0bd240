"""A tab's live updates from its table (app/ui/kit/live_table.py ``Inbox``)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

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


def test_a_frame_or_task_for_a_tab_whose_socket_closed_is_dropped_not_raised(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the table fuzz test: other work for a tab whose socket had just closed
    raised in flet-web too (``on_connect``'s render: ``'NoneType' object has no attribute
    'put_nowait'``; the tab opening a table: ``page.run_task`` on a session whose
    connection is None). ``serve`` installs :func:`app.web.sessions.quiet_closed_sends`:
    the frame is dropped (a tab that comes back is sent whole), the task not started."""
    import flet as ft
    from flet.messaging.protocol import Message, MessageAction
    from flet_web.fastapi.flet_app import FletApp

    from app.web.sessions import quiet_closed_sends

    monkeypatch.setattr(FletApp, "send_message", FletApp.send_message)  # (put back after)
    monkeypatch.setattr(ft.Page, "run_task", ft.Page.run_task)
    quiet_closed_sends()
    quiet_closed_sends()  # once: not wrapped twice
    closed = FletApp.__new__(FletApp)
    closed._FletApp__send_queue = None  # type: ignore[attr-defined]
    closed.send_message(Message(MessageAction.PATCH_CONTROL, {"id": 1, "patch": []}))
    started: list[int] = []

    async def task() -> None:
        started.append(1)

    away = SimpleNamespace(session=SimpleNamespace(connection=None))
    future = ft.Page.run_task(away, task)  # type: ignore[arg-type]
    assert future.cancelled() and started == []


def test_a_change_made_between_the_screens_snapshot_and_its_subscription_is_drawn() -> None:
    """Found by the table fuzz test (seed 1, one run in three): a phone that opened its
    sheet (the table's snapshot read, version 8) while another seat's tap was committed
    (version 9) subscribed only after the broadcast of version 9 had gone to the others;
    it showed version 8 until the next change. Subscribing offers the table as the hub
    found it when subscribing (drawn once on the tab's loop, only if newer: the screen's
    ``apply`` decides)."""
    drawn: list[Any] = []
    tasks: list[Any] = []
    closed: list[Any] = []
    app = SimpleNamespace(
        page=SimpleNamespace(session=SimpleNamespace(connection=SimpleNamespace()),
                             run_task=tasks.append),
        on_revoked=None, on_close=closed.append, on_away=closed.append)
    now = SimpleNamespace(version=9, printed={})
    subscribers: list[Any] = []
    client = SimpleNamespace(game_id=2, subscribe=lambda offer, *_: subscribers.append(offer)
                             or (SimpleNamespace(closed=False, live=True), now))
    inbox = Inbox(app, client, drawn.append)  # type: ignore[arg-type]
    inbox.subscribe()
    assert subscribers == [inbox.offer] and len(tasks) == 1
    asyncio.run(tasks[0]())
    assert drawn == [now]

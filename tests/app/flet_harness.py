"""Headless test harness for Flet 1.0.5 apps: no Flutter, no browser.

After the pattern in ../shared/notes/flet_harness.py.

Uses flet internals (Session, Connection, _context_page) exactly the way
flet's own unit tests do (sdk/python/packages/flet/tests/test_use_dialog.py).
Internal API: pin flet==1.0.5 and re-check on upgrade.
"""
import asyncio
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub


class RecordingConnection(Connection):
    def __init__(self, hub: PubSubHub, page_url: str = "http://127.0.0.1:8550",
                 encode: bool = False):
        super().__init__()
        self.messages = []
        self.pubsubhub = hub
        self.loop = asyncio.get_running_loop()
        self.executor = ThreadPoolExecutor()
        self.page_url = page_url          # page.url / route_change need it
        self.encode = encode

    def send_message(self, message):
        self.messages.append(message)
        if self.encode:  # as the web server does; the encoder records what the phone has
            msgpack.packb([message.action, message.body],
                          default=configure_encode_object_for_msgpack(BaseControl))


class Client:
    """One simulated browser tab.

    ``encode=True`` behaves like Flet's web server: the session is registered
    before ``main`` and every message is encoded, so each ``page.update()`` is
    diffed against what the phone has and the session's index follows it (taps
    on a control the index lost are dropped, as in the browser). The default
    (no encoding) needs ``session.get_page_patch()`` to index a redraw.
    """

    def __init__(self, hub, encode: bool = False):
        self.conn = RecordingConnection(hub, encode=encode)
        self.session = Session(self.conn)
        self.page = self.session.page
        if encode:
            register = RegisterClientResponseBody(  # the server's answer to REGISTER_CLIENT
                session_id=self.session.id, page_patch=self.session.get_page_patch(), error="")
            self.conn.send_message(Message(MessageAction.REGISTER_CLIENT, register))

    async def start(self, main):
        token = _context_page.set(self.page)
        try:
            main(self.page)                 # e.g. page.render(App)
            if not self.conn.encode:
                self.session.get_page_patch()   # indexes the controls main drew
        finally:
            _context_page.reset(token)
        await settle()

    def find(self, cls, pred=lambda c: True):
        return [c for c in list(self.session.index.values()) if isinstance(c, cls) and pred(c)]

    def texts(self):
        return [c.value for c in self.find(ft.Text)]

    async def click(self, control):
        await self.session.dispatch_event(control._i, "click", None)
        await settle()

    async def type(self, field, value):
        self.session.apply_patch(field._i, {"value": value})   # client syncs value first
        await self.session.dispatch_event(field._i, "change", value)
        await settle()

    def crashes(self):
        return [m for m in self.conn.messages if m.action.name == "SESSION_CRASHED"]


async def settle(seconds: float = 0.05):
    await asyncio.sleep(seconds)


def new_hub():
    return PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor())


def semantics_ids(client: Client) -> list[str]:
    """The identifiers of every ft.Semantics on the page (what the e2e tests locate)."""
    return [c.identifier for c in client.find(ft.Semantics) if c.identifier]


def by_id(client: Client, identifier: str) -> ft.Control:
    """The control inside the ft.Semantics with this identifier."""
    found = client.find(ft.Semantics, lambda c: c.identifier == identifier)
    assert found, f"no control {identifier!r}; have {semantics_ids(client)}"
    return found[0].content


async def tap(client: Client, identifier: str) -> None:
    """Click (or select, for chips) the control with this identifier."""
    control = by_id(client, identifier)
    if isinstance(control, ft.Row) and control.controls:
        control = control.controls[0]
    owner = getattr(getattr(control, "parent", None), "parent", None)
    if isinstance(owner, ft.PopupMenuItem):  # an item of a menu (the status strip's ⋮)
        control = owner
    event = "select" if isinstance(control, ft.Chip) else "click"
    await client.session.dispatch_event(control._i, event, None)
    await settle()


def memory_services():  # type: ignore[no-untyped-def]
    """Services over a fresh in-memory database."""
    from app.store.facade import Store
    from app.ui.kit.services import Services

    return Services(Store.open("sqlite://"))


#: the services each app this harness starts is given, as serve gives its process's to
#: every tab (the ``svc`` fixture sets them for its test; None: each app makes its own)
SERVICES = None


async def start_app(prefs=None, route=None, encode=False,  # type: ignore[no-untyped-def]
                    services=None):
    """A simulated tab running the whole app shell; returns ``(client, app)``.

    ``route``: the address the tab opens (e.g. ``/join/<token>``); ``encode``: a
    session that encodes its messages as the web server does (see :class:`Client`);
    ``services``: the app's (else :data:`SERVICES`).
    """
    from app.ui.kit.prefs import MemoryPrefs
    from app.ui.shell.app import ForestTableApp

    client = Client(new_hub(), encode=encode)
    if route is not None:
        client.page.route = route
    holder = {}

    def main(page):  # type: ignore[no-untyped-def]
        holder["app"] = ForestTableApp(page, prefs=prefs if prefs is not None else MemoryPrefs(),
                                       services=services if services is not None else SERVICES)
        holder["app"].start()

    await client.start(main)
    return client, holder["app"]


def on_page(control):  # type: ignore[no-untyped-def]
    """Every control in the tree under ``control``, depth first, in order: what the page
    shows now (the session's index may still hold controls a redraw replaced)."""
    import dataclasses

    yield control
    for f in dataclasses.fields(control):
        value = getattr(control, f.name, None)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, BaseControl):
                yield from on_page(item)


def shown(app, identifier: str):  # type: ignore[no-untyped-def]
    """The control inside the ``ft.Semantics`` with this identifier, on the page now (or in
    an open dialog or bottom sheet: a board part's sheet)."""
    dialogs = [d for d in app.page._dialogs.controls if getattr(d, "open", False)]
    for root in [*app.page.controls, *dialogs]:
        for node in on_page(root):
            if isinstance(node, ft.Semantics) and node.identifier == identifier:
                return node.content
    raise AssertionError(f"{identifier!r} is not on the page")

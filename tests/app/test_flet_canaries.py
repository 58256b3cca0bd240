"""The canaries of app/ui/kit/flet_compat.py: each shows that Flet 1.0.5 still behaves as
the workaround says, with the workaround off (or on Flet's own code path). The day one
fails, Flet changed there: the workaround it names may no longer be needed (remove it and
its canary), or needs looking at again. docs/flet-workarounds.md lists every workaround
with the test that shows it works and its canary; the last test here holds the two together.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import tracemalloc
import weakref
from pathlib import Path
from typing import Any

import flet as ft
import flet.controls.object_patch as object_patch
import pytest
from flet.controls.base_control import control as flet_control
from flet.controls.value_types import Prop

from app.ui.kit import flet_compat
from tests.app.flet_harness import Client, new_hub

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "docs" / "flet-workarounds.md"
NO_LONGER = "no longer needed: remove it (and this canary)"


# --------------------------------------------------------------------------- private names

def test_every_private_name_a_workaround_reads_is_there() -> None:
    flet_compat.check_private_names()
    flet_compat.check_web_private_names()


@pytest.mark.parametrize("where,name,workarounds",
                         flet_compat.FLET_PRIVATE_NAMES + flet_compat.FLET_WEB_PRIVATE_NAMES,
                         ids=lambda v: str(v))
def test_a_flet_without_a_private_name_fails_loudly_naming_it(
        monkeypatch: pytest.MonkeyPatch, where: str, name: str, workarounds: str) -> None:
    """Take the name away (an attribute: deleted; a name Flet's code uses: the check made
    to look for a misspelt one) and the check names Flet's version, the name, the place."""
    if where.startswith("uses:"):
        entry = (where, name + "_renamed", workarounds)
        missing = f"no longer uses {name + '_renamed'!r}"
    else:
        owner = flet_compat._resolve(where)  # noqa: SLF001
        for holder in (owner, *type(owner).__mro__, *getattr(owner, "__mro__", ())):
            if name in vars(holder):  # wherever it is defined (a base class's too)
                monkeypatch.delattr(holder, name)
        assert not hasattr(owner, name)
        entry = (where, name, workarounds)
        missing = f"has no {name!r}"
    with pytest.raises(flet_compat.FletChanged) as raised:
        flet_compat.check_private_names([entry])
    said = str(raised.value)
    assert said.startswith(f"Flet {ft.version.flet_version}: {where.removeprefix('uses:')} ")
    assert missing in said and f"(flet_compat {workarounds})" in said


def test_control_id_and_frames_queued_read_what_the_check_guards() -> None:
    """7.: the names they read are the checked ones (a rename fails the check above, not
    these functions quietly)."""
    checked = {name for _where, name, _n in
               flet_compat.FLET_PRIVATE_NAMES + flet_compat.FLET_WEB_PRIVATE_NAMES}
    assert {"_i", "_FletApp__send_queue", "index"} <= checked
    text = ft.Text("x")
    assert flet_compat.control_id(text) == text._i  # noqa: SLF001


# --------------------------------------------------------------------------- the canaries

def _screen(key: str, *controls: ft.Control) -> ft.Control:
    """A screen as the shell draws it: a frozen, keyed frame around a column with a body."""
    return flet_compat.frozen(ft.SafeArea(ft.Column([ft.Column(list(controls), key="body")]),
                                          key=key))


def test_canary_2_a_field_made_anew_loses_what_the_phone_typed() -> None:
    """2.: the phone typed into a field (its value sent, its change event not handled yet);
    a redraw that makes the field anew from the server's state (empty) sends that empty
    value over it, and the change event then reads it: what was typed is gone. (A field
    in a new frame is worse: its event goes nowhere.)"""
    async def go() -> list[tuple[str, str]]:
        client = Client(new_hub(), encode=True)
        got: list[tuple[str, str]] = []

        def field(tag: str) -> ft.TextField:
            return ft.TextField(value="", on_change=lambda e: got.append((tag, e.control.value)))

        typed = field("typed")
        frame = _screen("screen-1", typed)
        client.page.controls = [frame]
        client.page.update()
        client.session.apply_patch(typed._i, {"value": "Mei"})  # noqa: SLF001
        assert flet_compat.patch_body(client.page, frame, "screen-1", frame.content,
                                      ft.Column([field("anew")], key="body"))
        await client.session.dispatch_event(typed._i, "change", "Mei")  # noqa: SLF001
        await asyncio.sleep(0.05)
        return got

    assert asyncio.run(go()) == [("anew", "")], f"workaround 2 may be {NO_LONGER}: a field " \
        "made anew keeps what the phone typed"


def test_canary_5_a_redraw_while_disconnected_is_lost_for_good() -> None:
    """5.: Flet drops what it sends a disconnected session, but its record of the phone moves
    on: once the tab is back, the next redraw sends nothing of the change it missed."""
    async def go() -> list[Any]:
        client = Client(new_hub(), encode=True)
        text = ft.Text("one")
        client.page.controls = [ft.Column([text])]
        client.page.update()
        await client.session.disconnect(60)
        text.value = "two"
        sent = len(client.conn.messages)
        client.page.update()  # dropped: no connection
        client.session.attach_connection(client.conn)  # (Flet would flush a buffer here)
        client.page.update()
        text.value = "three"  # a change made once it is back is sent
        client.page.update()
        return [str(m.body) for m in client.conn.messages[sent:]]

    sent = asyncio.run(go())
    assert [m for m in sent if "three" in m]
    assert not [m for m in sent if "two" in m], f"workaround 5 may be {NO_LONGER}: a " \
        "tab back from sleep is sent what it missed"


def test_canary_3_a_control_whose_screen_was_dropped_still_names_the_page() -> None:
    """3.: once another screen replaced the one holding it, a control still names its old
    parent and the page, and Flet's own check counts it as mounted: whether the phone
    still shows it is known only by walking up to what the page shows (:func:`on_screen`)."""
    async def go() -> tuple[Any, bool, bool]:
        client = Client(new_hub(), encode=True)
        kept = ft.TextButton(content=ft.Text("tap"))
        client.page.controls = [_screen("screen-1", kept)]
        client.page.update()
        client.page.controls = [_screen("screen-2", ft.Text("another screen"))]
        client.page.update()
        mounted = client.session._Session__is_mounted_control(kept)  # type: ignore[attr-defined]
        return kept.page is client.page, mounted, flet_compat.on_screen(client.page, kept)

    names_page, mounted, shown = asyncio.run(go())
    assert not shown
    assert names_page and mounted, f"workaround 3 may be {NO_LONGER}: a dropped control " \
        "knows it is off the page"


def test_8_a_redraw_within_a_visit_sends_the_body_alone() -> None:
    """8.: one patch addressed to the frame's column, holding the body's change only; another
    visit's key or a frame not sent frozen takes the whole page's update."""
    async def go() -> None:
        client = Client(new_hub(), encode=True)
        page = client.page
        frame = _screen("screen-1", ft.Text("a"))
        page.controls = [frame]
        page.update()
        column = frame.content
        sent = len(client.conn.messages)
        assert flet_compat.patch_body(page, frame, "screen-1", column,
                                      ft.Column([ft.Text("b")], key="body"))
        [message] = client.conn.messages[sent:]
        assert message.body.id == column._i  # noqa: SLF001
        assert "'b'" in str(message.body.patch) and "SafeArea" not in str(message.body.patch)
        body = ft.Column([ft.Text("c")], key="body")
        assert not flet_compat.patch_body(page, frame, "screen-2", column, body)
        unfrozen = ft.SafeArea(ft.Column([ft.Column([ft.Text("a")], key="body")]), key="s")
        page.controls = [unfrozen]
        page.update()
        assert not flet_compat.patch_body(page, unfrozen, "s", unfrozen.content, body)

    asyncio.run(go())


def test_8_a_piece_in_a_slot_is_sent_alone_addressed_to_its_slot() -> None:
    """8. (``patch_slot``): a redraw that keeps the body and the slot (the very objects)
    sends nothing for them; the slot's new piece goes in one patch addressed to the slot,
    its id indexed and the old one's dropped; a slot no longer on the page is sent nothing."""
    async def go() -> None:
        client = Client(new_hub(), encode=True)
        page = client.page
        old = ft.Text("Mei  3", key="kept-first")
        slot = ft.Column([old], key="kept-first-slot")
        frame = _screen("screen-1", slot, ft.Text("kept"))
        page.controls = [frame]
        page.update()
        column = frame.content
        body = column.controls[0]
        sent = len(client.conn.messages)
        assert flet_compat.patch_body(page, frame, "screen-1", column, body)  # (unchanged)
        assert len(client.conn.messages) == sent  # nothing to send for a kept body
        new = ft.Text("Mei  4", key="kept-first")
        assert flet_compat.patch_slot(page, slot, new)
        [message] = client.conn.messages[sent:]
        assert message.body.id == slot._i  # noqa: SLF001
        assert "Mei  4" in str(message.body.patch) and "kept'" not in str(message.body.patch)
        assert slot.controls == [new]
        index = client.session.index
        assert index.get(new._i) is new and old._i == new._i  # noqa: SLF001 (reconciled)
        assert not flet_compat.patch_slot(page, slot, new)  # holds it already
        gone = ft.Column([ft.Text("a", key="kept-x")], key="kept-x-slot")
        assert not flet_compat.patch_slot(page, gone, ft.Text("b", key="kept-x"))
        assert len(client.conn.messages) == sent + 1

    asyncio.run(go())


def test_canary_4_a_scrolling_column_has_no_scroll_position_of_its_own() -> None:
    """4.: Flet scrolls a column only by a method call sent after the redraw (``scroll_to``):
    a column has no offset property a redraw could carry in its own patch."""
    scrolling = {f.name for f in dataclasses.fields(ft.Column) if "scroll" in f.name}
    assert scrolling == {"scroll", "auto_scroll", "auto_scroll_animation", "scroll_interval",
                         "on_scroll"}, f"workaround 4 may be {NO_LONGER}: a column " \
        f"scrolls by a property now ({sorted(scrolling)})"


def test_canary_6_a_page_cannot_go_back_in_the_browsers_history() -> None:
    """6.: Flet 1.0.5 can push an address and nothing else (no ``history.back()``)."""
    assert hasattr(ft.Page, "push_route")
    assert not [n for n in dir(ft.Page) if {"back", "history"} & set(n.lower().split("_"))], \
        f"workaround 6 may be {NO_LONGER}: Flet's page can go back now"


def test_canary_7_a_control_has_no_public_id() -> None:
    """7.: what a tap's frame names is Flet's private ``_i``; ``control.id`` is nothing."""
    text = ft.Text("x")
    assert isinstance(text._i, int)  # noqa: SLF001
    assert getattr(text, "id", None) is None, f"workaround 7 may be {NO_LONGER}: controls " \
        "have a public id"


def test_canary_8_a_page_update_compares_the_whole_frame() -> None:
    """8.: ``page.update()`` after a redraw diffs the page down from its views (the frame's
    every level), where :func:`flet_compat.patch_body` diffs the body alone."""
    async def go() -> tuple[int, int]:
        client = Client(new_hub(), encode=True)
        page = client.page
        column = ft.Column([ft.Text("a")], key="body")
        frame = flet_compat.frozen(ft.SafeArea(ft.Column([column], key="screen")))
        page.controls = [frame]
        page.update()
        compared = []
        original = object_patch.DiffBuilder._compare_dataclasses  # noqa: SLF001

        def counting(self: Any, parent: Any, path: Any, src: Any, dst: Any, frozen: bool
                     ) -> Any:
            compared.append(type(dst).__name__)
            return original(self, parent, path, src, dst, frozen)

        object_patch.DiffBuilder._compare_dataclasses = counting  # noqa: SLF001
        try:
            frame.content.controls[0] = ft.Column([ft.Text("b")], key="body")
            page.update()
            whole = len(compared)
            compared.clear()
            assert flet_compat.patch_body(page, frame, frame.key, frame.content,
                                          ft.Column([ft.Text("c")], key="body"))
            body = len(compared)
        finally:
            object_patch.DiffBuilder._compare_dataclasses = original  # noqa: SLF001
        return whole, body

    whole, body = asyncio.run(go())
    assert whole > body, f"workaround 8 may be {NO_LONGER}: a page's update compares " \
        f"no more than the body ({whole} against {body})"


def test_canary_9_flets_validate_leaves_an_empty_record_on_a_valid_control(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """9.: with Flet's own ``validate`` back, a valid control carries an empty set."""
    import flet.controls.base_control as base_control

    monkeypatch.setattr(base_control, "validate", flet_compat._flet_validate, raising=False)
    text = ft.Text("x")
    text._before_update_safe()  # noqa: SLF001
    assert getattr(text, flet_compat._REPORTED_KEY, None) == set(), \
        f"workaround 9 {NO_LONGER}: Flet leaves no record on a valid control"


def test_canary_10_a_control_sent_unfrozen_keeps_copies_of_its_lists() -> None:
    """10.: Flet keeps a copy of a control's lists (and records) after sending it unfrozen;
    sent frozen, none."""
    async def go() -> tuple[list[str], list[str]]:
        client = Client(new_hub(), encode=True)
        unfrozen = ft.Column([ft.Text("a")])
        client.page.controls = [unfrozen]
        client.page.update()
        kept = flet_compat.frozen(ft.Column([ft.Text("b")]))
        client.page.controls = [kept]
        client.page.update()
        return ([k for k in vars(unfrozen) if k.startswith("__prev")],
                [k for k in vars(kept) if k.startswith("__prev")])

    unfrozen, kept = asyncio.run(go())
    assert "__prev_lists" in unfrozen, f"workaround 10 may be {NO_LONGER}: Flet keeps no " \
        "copies of an unfrozen control's lists"


def test_10_a_screen_drawn_frozen_keeps_no_copies_and_a_kept_field_thaws() -> None:
    """10.: a frame marked frozen is sent with everything in it frozen and no copies kept;
    a kept field thawed takes a change again (frozen, Flet refuses one)."""
    async def go() -> None:
        client = Client(new_hub(), encode=True)
        field = ft.TextField(value="")
        frame = _screen("screen-1", field)
        client.page.controls = [frame]
        client.page.update()
        assert [c for c in flet_compat.subtree(frame) if not getattr(c, "_frozen", False)] == []
        assert [k for c in flet_compat.subtree(frame) for k in vars(c)
                if k.startswith("__prev")] == []
        with pytest.raises(Exception, match="Frozen controls cannot be updated"):
            field.value = "Mei"
        flet_compat.thaw(field)
        field.value = "Mei"
        assert field.value == "Mei"

    asyncio.run(go())


def test_canary_11_flets_own_init_sets_every_default_through_its_descriptor(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """11. (:func:`fast_init`): Flet's generated ``__init__`` runs the property descriptor
    for each declared default (dozens), the fast one for what was given only."""
    sets: list[str] = []
    original = Prop.__set__

    def counting(self: Any, obj: Any, value: Any) -> None:
        sets.append(self.name if hasattr(self, "name") else "?")
        original(self, obj, value)

    monkeypatch.setattr(Prop, "__set__", counting)
    ft.Text.__init__.__wrapped__(ft.Text.__new__(ft.Text), "x")  # type: ignore[misc]
    flets = len(sets)
    sets.clear()
    ft.Text("x")
    assert len(sets) < 5
    assert flets > 20, f"fast_init (workaround 11) may be {NO_LONGER}: Flet's own " \
        f"__init__ sets {flets} properties"


def test_canary_11_a_key_set_after_construction_stays_in_the_change_record() -> None:
    """11. (:func:`keyed`): Flet records a key set on a control just made as a change."""
    column = ft.Column([ft.Text("x")])
    column.key = "k"
    assert "key" in column._dirty, f"keyed (workaround 11) {NO_LONGER}"  # noqa: SLF001


def test_canary_11_an_unprimed_control_class_takes_a_dictionary_per_control() -> None:
    """11. (:func:`prime_attributes`): a control class not primed grows ~400 bytes a
    control when Flet puts the control on a page."""
    @flet_control("Text")
    class Unprimed(ft.Text):
        pass

    assert Unprimed not in flet_compat.PRIMED
    parent = ft.Column()
    ref = weakref.ref(parent)
    controls = [Unprimed("x") for _ in range(300)]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for c in controls:  # as Flet's _configure_dataclass does
            c._parent = ref  # noqa: SLF001
            c._frozen = True  # noqa: SLF001
            object.__setattr__(c, "_initialized", True)
        grown = (tracemalloc.get_traced_memory()[0] - before) / len(controls)
    finally:
        tracemalloc.stop()
    assert grown > 200, f"prime_attributes (workaround 11) may be {NO_LONGER}: " \
        f"{grown:.0f} bytes a control"


def test_canary_12_flets_diff_calls_debug_for_every_step() -> None:
    """12.: with Flet's own logger, one small diff calls ``logger.debug`` dozens of times
    (the logger set to INFO: each call only finds the level off)."""
    calls = []

    class Counting(logging.LoggerAdapter):  # type: ignore[type-arg]
        def debug(self, *args: Any, **kwargs: Any) -> None:
            calls.append(args)

    async def go() -> None:
        client = Client(new_hub(), encode=True)
        column = ft.Column([ft.Text("a")])
        client.page.controls = [column]
        client.page.update()
        saved = object_patch.logger
        object_patch.logger = Counting(logging.getLogger("flet_object_patch"), {})
        try:
            column.controls = [ft.Text("b"), ft.Text("c")]
            client.page.update()
        finally:
            object_patch.logger = saved

    asyncio.run(go())
    assert len(calls) > 20, f"workaround 12 may be {NO_LONGER}: {len(calls)} debug calls"


def test_canary_13_flet_web_raises_on_a_message_for_a_closed_socket() -> None:
    """13.: flet-web's own ``send_message`` on a connection whose socket closed (its send
    queue None) raises ``AttributeError``."""
    from flet.messaging.protocol import Message, MessageAction
    from flet_web.fastapi.flet_app import FletApp

    from app.web.sessions import quiet_closed_sends

    quiet_closed_sends()
    original = FletApp.send_message.__wrapped__  # type: ignore[attr-defined]
    closed = object.__new__(FletApp)
    closed._FletApp__send_queue = None  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        original(closed, Message(MessageAction.PATCH_CONTROL, {}))
    FletApp.send_message(closed, Message(MessageAction.PATCH_CONTROL, {}))  # quietly dropped


def test_canary_15_flet_hands_a_handler_event_data_of_any_type() -> None:
    """15.: Flet 1.0.5 makes a control's event of whatever data the phone sent (a number
    where the page's route is text) and hands it to the handler without a word: only the
    wrapped ``dispatch_event`` (app/web/sessions.py) checks it first."""
    async def go() -> list[Any]:
        client = Client(new_hub(), encode=True)
        got: list[Any] = []
        client.page.on_route_change = lambda e: got.append(e.route)
        await client.page._trigger_event("route_change", {"route": 7})  # noqa: SLF001
        await asyncio.sleep(0.05)
        return got

    assert asyncio.run(go()) == [7], f"the event checks of workaround 15 may be {NO_LONGER}"


def test_16_a_kept_session_closed_by_the_cap_is_dropped_from_flet_web_too() -> None:
    """16.: the cap's eviction finds flet-web's session by the client's id (a disconnected
    one only) and has flet-web delete it; a connected one, or another id, stays."""
    from flet_web.fastapi.flet_app_manager import app_manager

    from app.web.sessions import _evict_from_flet

    async def go() -> None:
        gone, other, live = (Client(new_hub()) for _ in range(3))
        held = app_manager._FletAppManager__sessions  # type: ignore[attr-defined]
        keys = {"gone": "/_abc123_10.0.0.1", "other": "/_abc1234_10.0.0.1",
                "live": "/_live1_10.0.0.1"}
        await gone.session.disconnect(60)
        await other.session.disconnect(60)
        for key, client in zip(keys.values(), (gone, other, live), strict=True):
            await app_manager.add_session(key, client.session)
        try:
            await _evict_from_flet("abc123")
            await _evict_from_flet("live1")  # still connected: kept
            assert keys["gone"] not in held
            assert keys["other"] in held and keys["live"] in held
        finally:
            for key in keys.values():
                held.pop(key, None)

    asyncio.run(go())


def test_canary_16_flet_web_lists_its_sessions_only_privately() -> None:
    """16.: flet-web keeps its sessions under ids of its own making (the page's and the
    client's) and offers no public way to list them: a session known by the client's id
    is found only in its private dictionary."""
    from flet_web.fastapi.flet_app_manager import app_manager

    public = {n for n in dir(app_manager) if not n.startswith("_")}
    assert "delete_session" in public and "get_session" in public
    assert not {n for n in public if "sessions" in n or n.startswith(("list", "find"))}, \
        f"workaround 16 may be {NO_LONGER}: flet-web lists its sessions"
    assert isinstance(getattr(app_manager, "_FletAppManager__sessions", None), dict)


# --------------------------------------------------------------------------- the table

def _numbered() -> set[int]:
    """The workarounds numbered in flet_compat's module docstring."""
    doc = flet_compat.__doc__ or ""
    return {int(n) for n in re.findall(r"^(\d+)\. \*\*", doc, re.MULTILINE)}


def _table() -> dict[int, tuple[str, str]]:
    """docs/flet-workarounds.md's table: number -> (its test, its canary)."""
    rows: dict[int, tuple[str, str]] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and cells[0].rstrip(".").isdigit():
            rows[int(cells[0].rstrip("."))] = (cells[2], cells[3])
    return rows


def _tests_named(cell: str) -> list[str]:
    """The ``path::name`` test ids a cell names (at least one)."""
    return re.findall(r"`(tests/[\w/]+\.py::\w+)`", cell)


def test_every_workaround_has_its_test_and_its_canary() -> None:
    """A workaround numbered in flet_compat without a row here, a test or a canary (or
    naming a test that is not there) fails: a new workaround comes with its canary."""
    numbered = _numbered()
    table = _table()
    assert numbered and numbered == set(table), (numbered, set(table))
    for n, (shown_by, canary) in table.items():
        for what, cell in (("test", shown_by), ("canary", canary)):
            named = _tests_named(cell)
            assert named, f"workaround {n}: no {what} named"
            for test in named:
                path, name = test.split("::")
                source = (ROOT / path).read_text(encoding="utf-8")
                assert re.search(rf"^(async )?def {name}\(", source, re.MULTILINE), \
                    f"workaround {n}: {test} is not there"

"""The status strip (issue 33, item 1) and the hub's presence of each seat's phones."""

from __future__ import annotations

import asyncio
import contextlib

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from app.table.hub import Presence
from app.ui.kit.flet_compat import subtree
from tests.app.flet_harness import on_page, settle, shown, start_app
from tests.app.test_ui_sheet import _started_for_two_seats, table


def _label(app, ident):  # type: ignore[no-untyped-def]
    for root in list(app.page.controls):
        for node in on_page(root):
            if isinstance(node, ft.Semantics) and node.identifier == ident:
                return str(node.label or "")
    raise AssertionError(ident)


def test_presence_counts_each_seats_live_sessions_and_is_not_logged(svc):
    p, c = table(svc, names=("Mei", "Ken", "Aya"))
    gid = p.snapshot.game_id
    hub = svc.hub()
    heard: list[Presence] = []
    version = hub.snapshot(gid).version
    mei = [hub.issue(gid, seat=1), hub.issue(gid, seat=1)]
    ken = hub.issue(gid, seat=2)
    host = hub.issue(gid)
    watch, _ = hub.subscribe(gid, host, lambda s: None, on_presence=heard.append)
    assert hub.presence(gid) == Presence(frozenset(), True)  # the host's (``table``'s too)
    a, _ = hub.subscribe(gid, mei[0], lambda s: None)
    b, _ = hub.subscribe(gid, mei[1], lambda s: None)  # Mei's second tab
    k, _ = hub.subscribe(gid, ken, lambda s: None)
    assert hub.presence(gid).seats == {1, 2}
    assert [x.seats for x in heard] == [frozenset({1}), frozenset({1, 2})]  # once per change
    a.set_live(False)  # one of Mei's tabs lost its connection: she is still there
    assert hub.presence(gid).seats == {1, 2} and len(heard) == 2
    b.set_live(False)
    assert hub.presence(gid).seats == {2} and heard[-1].seats == {2}
    b.set_live(True)
    assert heard[-1].seats == {1, 2}
    k.close()
    assert heard[-1].seats == {1}
    watch.set_live(False)  # (the table's own client, subscribed as the host, stays)
    assert hub.presence(gid).seats == {1} and len(heard) == 5
    assert hub.snapshot(gid).version == version  # nothing of it is in the game's log


def _chip_text(app, i):  # type: ignore[no-untyped-def]
    """A seat chip's lines (its first in a slot of its own: kept.keep_slot)."""
    lines = [c.controls[0] if isinstance(c, ft.Column) else c
             for c in shown(app, f"sheet-player-{i}").label.controls]
    return "\n".join(str(t.value) for t in lines)


def test_a_phone_going_away_shows_offline_on_the_others_strip_and_redraws_the_strip_only(svc):
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)

    async def go():
        c1, a1 = await start_app(route=f"/join/{seat1}", encode=True)
        c2, a2 = await start_app(route=f"/join/{seat2}", encode=True)
        await settle(0.2)
        assert _chip_text(a1, 0).startswith("▶ Mei") and "you · online" in _chip_text(a1, 0)
        assert _chip_text(a1, 1).endswith("\nonline")
        assert _label(a1, "status-turn").startswith("Your turn")
        assert _label(a2, "status-turn").startswith("Mei plays")
        assert "turn-end" in [n.identifier for n in subtree(shown(a1, "status-strip"))
                              if isinstance(n, ft.Semantics)]
        box, scrolling = c1.page.controls[0].content.controls
        pinned = box.content.content  # the strip's rows (its box is made once a visit)
        sent = len(c1.conn.messages)
        a2.away()  # Ken's phone lost its connection (page.on_disconnect)
        await settle(0.2)
        assert _chip_text(a1, 1).endswith("\noffline")
        patches = [m for m in c1.conn.messages[sent:] if m.action == MessageAction.PATCH_CONTROL]
        assert patches and {m.body.id for m in patches} == {pinned._i}  # the strip only
        assert c1.page.controls[0].content.controls[1] is scrolling
        a2.reconnected()  # back (page.on_connect)
        await settle(0.2)
        assert _chip_text(a1, 1).endswith("\nonline")

    asyncio.run(go())


def test_the_hosts_device_says_nothing_of_phones_until_a_seat_has_one(svc):
    """Played on the host's device alone (passed round: no seat has joined with a phone),
    the chips say no "offline" (every seat offline said nothing true); once a seat's phone
    has come, each seat shows online or offline from then on, the host's own device too."""
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)
    host = svc.hub().issue(gid)

    async def go():
        _h, laptop = await start_app(route=f"/join/{host}", encode=True)
        await settle(0.2)
        for i in (0, 1):
            assert "online" not in _chip_text(laptop, i)
            assert "offline" not in _chip_text(laptop, i)
        _k, ken = await start_app(route=f"/join/{seat2}", encode=True)
        await settle(0.2)
        assert _chip_text(laptop, 1).endswith("\nonline")
        assert _chip_text(laptop, 0).endswith("\noffline")  # Mei has no phone (yet)
        ken.away()
        await settle(0.2)
        assert _chip_text(laptop, 1).endswith("\noffline")  # gone: said from now on

    asyncio.run(go())


def test_the_strip_menu_holds_the_old_top_bar(svc):
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)
    host = svc.hub().issue(gid)

    async def go():
        _c, app = await start_app(route=f"/join/{host}", encode=True)
        await settle(0.2)
        menu = shown(app, "status-menu")
        assert isinstance(menu, ft.PopupMenuButton)
        ids = [n.identifier for item in menu.items for n in subtree(item)
               if isinstance(n, ft.Semantics)]
        for ident in ("sheet-reference", "table-language", "sheet-final-board",
                      "status-undo-mine", "status-scoreboard", "sheet-undo", "sheet-redo",
                      "status-finish"):
            assert ident in ids
        assert all(item.height >= 48 for item in menu.items)
        _s, seat = await start_app(route=f"/join/{seat1}", encode=True)
        await settle(0.2)
        seat_ids = [n.identifier for item in shown(seat, "status-menu").items
                    for n in subtree(item) if isinstance(n, ft.Semantics)]
        assert "sheet-undo" not in seat_ids and "status-finish" not in seat_ids

    asyncio.run(go())


def test_go_to_is_in_the_menu_and_no_bar_lies_above_the_board(svc):
    """The design: the board right under the strip (no bar of its parts above it); "Go to"
    in the strip's menu opens a bottom sheet with one button per part (``sheet-jump-*``,
    their identifiers kept), a tap on one closes it."""
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)

    async def go():
        _c, app = await start_app(route=f"/join/{seat1}", encode=True)
        await settle(0.2)
        body = app.page.controls[0].content.controls[1]
        idents = {n.identifier for n in on_page(body) if isinstance(n, ft.Semantics)}
        assert not any(i.startswith("sheet-jump") for i in idents if i)
        menu = shown(app, "status-menu")
        go_to = next(item for item in menu.items for n in subtree(item)
                     if isinstance(n, ft.Semantics) and n.identifier == "status-go-to")
        go_to.on_click(None)
        await settle(0.1)
        sheet = shown(app, "sheet-jump")
        jumps = [n.identifier for n in on_page(sheet) if isinstance(n, ft.Semantics)
                 and (n.identifier or "").startswith("sheet-jump-")]
        assert {"sheet-jump-suggestions", "sheet-jump-play", "sheet-jump-contracts",
                "sheet-jump-task-cards"} <= set(jumps), jumps
        button = shown(app, "sheet-jump-play")
        with contextlib.suppress(TimeoutError):  # (the scroll waits for a phone: none here)
            await asyncio.wait_for(button.on_click(None), 1)
        await settle(0.1)
        with pytest.raises(AssertionError, match="not on the page"):  # closed by the jump
            shown(app, "sheet-jump")
        # what the app suggests: its sheet, as the strip's "To apply" opens it
        go_to.on_click(None)
        await settle(0.1)
        await shown(app, "sheet-jump-suggestions").on_click(None)
        await settle(0.1)
        with pytest.raises(AssertionError, match="not on the page"):
            shown(app, "sheet-jump")
        assert shown(app, "sheet-suggestions")
        assert any((n.identifier or "").endswith("-apply") for n in on_page(
            shown(app, "sheet-suggestions")) if isinstance(n, ft.Semantics))

    asyncio.run(go())


def _words(app, ident):  # type: ignore[no-untyped-def]
    return " ".join(str(n.value) for n in on_page(shown(app, ident)) if isinstance(n, ft.Text))


def test_the_hosts_strip_names_the_turn_the_round_and_end_turn_in_full(svc):
    """Issue 33: on the host's phone the strip said "End Mei's turn" and no round (the
    turn block had no room left). Row 1 now holds the turn and round in full beside End
    turn, which names the player; "To apply" stays on the strip."""
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)
    host = svc.hub().issue(gid)

    async def go():
        _c, app = await start_app(route=f"/join/{host}", encode=True)
        await settle(0.2)
        assert _words(app, "status-turn-who") == "Mei plays"
        assert _words(app, "status-turn-round") == "Round 1 of 10"
        assert _label(app, "status-turn") == "Mei plays · Round 1 of 10"
        end = shown(app, "turn-end")
        # the words in full, on one line or broken where a line may end ("Round 1 of 10"
        # beside it leaves End turn two lines on the host's phone)
        assert end.content.value.replace("\n", " ") == "End Mei's turn" and end.width <= 124
        before = shown(app, "status-turn-who")
        await end.on_click(None)  # the host ends Mei's turn: the strip names Ken's
        await settle(0.3)
        assert _words(app, "status-turn-who") == "Ken plays"
        assert shown(app, "turn-end").content.value.replace("\n", " ") == "End Ken's turn"
        assert shown(app, "status-turn-who") is not before  # drawn anew, not patched stale

    asyncio.run(go())


def _drag(detector, x0, y0, x1, y1, velocity):  # type: ignore[no-untyped-def]
    from types import SimpleNamespace as NS
    detector.on_horizontal_drag_start(NS(global_position=NS(x=x0, y=y0)))
    detector.on_horizontal_drag_end(NS(global_position=NS(x=x1, y=y1),
                                       primary_velocity=velocity, velocity=NS(x=velocity, y=0)))


def test_a_swipe_sideways_shows_the_next_or_previous_seats_board(svc):
    """The design's gesture: a swipe to the left on the board shows the next seat's board
    (the same as a tap on its chip), to the right the previous one (round the table); a
    short or mostly vertical drag shows the same board."""
    p, c = table(svc, names=("Mei", "Ken", "Aya"))
    gid = p.snapshot.game_id
    seat = svc.hub().issue(gid, seat=1)

    async def go():
        _c, app = await start_app(route=f"/join/{seat}", encode=True)
        await settle(0.2)
        swipe = shown(app, "sheet-swipe")
        assert isinstance(swipe, ft.GestureDetector)
        assert ft.PointerDeviceType.MOUSE not in swipe.allowed_devices  # a click stays a click
        assert "Mei's board" in _words(app, "board-left")
        _drag(shown(app, "sheet-swipe"), 300, 500, 160, 510, -900)
        await settle(0.1)
        assert "Ken's board" in _words(app, "board-left")
        assert shown(app, "sheet-player-1").selected
        _drag(shown(app, "sheet-swipe"), 200, 300, 170, 600, -900)  # a scroll
        _drag(shown(app, "sheet-swipe"), 200, 300, 170, 302, -100)  # short and slow
        await settle(0.1)
        assert "Ken's board" in _words(app, "board-left")
        for who in ("Mei", "Aya"):  # to the right: the previous seat's, round the table
            _drag(shown(app, "sheet-swipe"), 60, 500, 300, 500, 700)
            await settle(0.1)
            assert f"{who}'s board" in _words(app, "board-left")

    asyncio.run(go())

"""The keypad (issue 33, item 3): one typed entry is one logged change, undone by one
"Undo my last change"; sums, full-width digits, Next; no text field on the sheet."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from app.ui.kit.keypad import digit, press, result, shown
from app.ui.kit.validate import typed_number
from scoring.message import Refusal
from tests.app.flet_harness import by_id, settle, start_app, tap
from tests.app.test_ui_sheet_entry import new_forestry, presenter, refresh, tap_key


def typed(keys: str) -> str:
    expr = ""
    for k in keys:
        expr = press(expr, k)
    return expr


def test_sums_as_typed() -> None:
    assert result(typed("3+6+2")) == 11
    assert shown(typed("3+6+2")) == "3 + 6 + 2"
    assert result(typed("10-3")) == 7 and shown(typed("10-3")) == "10 − 3"
    assert result(typed("3+")) == 3  # a trailing operator waits for its term
    assert result("") is None
    assert typed("+3") == "3"  # an operator first adds nothing
    assert typed("3+-4") == "3-4"  # a second operator replaces the first
    assert typed("07") == "7"  # no leading zero
    assert typed("1234567890123") == "123456789"  # a term has at most 9 digits
    assert press("12+3", "backspace") == "12+" and press("12+3", "clear") == ""
    assert press("12", "x") == "12"


def test_full_width_digits_count_and_look_alikes_do_not() -> None:
    assert digit("３") == "3" and typed("１２＋３".replace("＋", "+")) == "12+3"
    assert digit("²") is None and digit("٣") is None and digit("33") is None
    assert typed_number("４２", "coins") == 42
    for bad in ("²", "٣", "4.2", ""):
        with pytest.raises(Refusal):
            typed_number(bad, "coins")


def _versions(app: Any) -> int:
    return int(presenter(app).version)


async def _type(client: Any, ident: str, keys: str, end: str = "done") -> None:
    await tap(client, f"{ident}-value")
    await refresh(client)
    for k in keys:
        await tap_key(client, {"+": "plus", "-": "minus"}.get(k, k))
    await tap_key(client, end)
    await settle(0.05)
    await refresh(client)


def test_one_typed_entry_is_one_logged_change_undone_by_one_undo(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        # the number is a button that opens the keypad: no text field, no phone keyboard
        assert not isinstance(by_id(client, "sheet-resources-coins-value"), ft.TextField)
        assert not client.find(ft.TextField, lambda f: f.visible is not False and f.page)
        coins = p.state.boards[0].resources.coins
        before = _versions(app)
        await _type(client, "sheet-resources-coins", "3+6+2")
        assert p.state.boards[0].resources.coins == 11
        assert _versions(app) == before + 1  # one entry, one change in the log
        await tap(client, "undo-mine")
        await refresh(client)
        assert p.error is None
        assert p.state.boards[0].resources.coins == coins  # one Undo: back as it was
        # a value typed as it already is: still one logged change, taken back by one Undo
        await _type(client, "sheet-resources-coins", "5")
        before = _versions(app)
        await _type(client, "sheet-resources-coins", "5")
        assert _versions(app) == before + 1
        await tap(client, "undo-mine")
        await refresh(client)
        assert p.state.boards[0].resources.coins == 5  # the second 5 taken back, not the 5
        assert not client.crashes()

    asyncio.run(go())


def test_done_twice_sends_once_and_close_sends_nothing(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        before = _versions(app)
        await tap(client, "sheet-resources-coins-value")
        await refresh(client)
        await tap_key(client, "4")
        await tap_key(client, "done")
        await tap_key(client, "done")  # the same keypad's Done again (a double tap)
        await settle(0.05)
        assert _versions(app) == before + 1 and p.state.boards[0].resources.coins == 4
        await _type(client, "sheet-resources-coins", "9", end="close")
        assert _versions(app) == before + 1 and p.state.boards[0].resources.coins == 4
        assert not client.crashes()

    asyncio.run(go())


def test_next_types_the_boards_counts_one_after_another(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        await tap(client, "sheet-resources-coins-value")
        await refresh(client)
        await tap_key(client, "2")
        await tap_key(client, "next")  # Done, then the next count's keypad
        await settle(0.05)
        await refresh(client)
        field = [c for c in client.find(ft.Semantics) if c.identifier == "keypad-field"][-1]
        assert field.content.value == "Construction materials"
        await tap_key(client, "3")
        await tap_key(client, "done")
        await settle(0.05)
        r = p.state.boards[0].resources
        assert (r.coins, r.construction_materials) == (2, 3)
        assert not client.crashes()

    asyncio.run(go())


def _keypad_icons(client: Any) -> list[str]:
    """The drawn icons in the open keypad (its head's, its Next's), by file name."""
    pad = [c for c in client.find(ft.Semantics) if c.identifier == "keypad"][-1]
    found: list[str] = []

    def walk(c: Any) -> None:
        if isinstance(c, ft.Image):
            found.append(str(c.src).rsplit("/", 1)[-1])
        for name in ("content", "controls"):
            child = getattr(c, name, None)
            for k in child if isinstance(child, list) else [child]:
                if isinstance(k, ft.Control):
                    walk(k)

    walk(pad)
    return found


def test_the_keypad_shows_the_games_own_icons(svc: Any) -> None:
    """The design's keypad: the field's icon is the game's (the coin for Coins), and so is
    Next's (the bricks for Construction materials), not a generic Material one."""
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        await tap(client, "sheet-resources-coins-value")
        await refresh(client)
        assert _keypad_icons(client) == ["coin.svg", "construction-materials.svg"]
        await tap_key(client, "next")
        await settle(0.05)
        await refresh(client)
        assert _keypad_icons(client)[:2] == ["construction-materials.svg", "seedling.svg"]
        assert not client.crashes()

    asyncio.run(go())


def test_a_refused_value_names_its_field(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        before = _versions(app)
        await _type(client, "sheet-resources-coins", "3-5")  # −2: the server refuses it
        assert _versions(app) == before
        # the refusal names the field: it is shown under that count's tile
        assert p.error is not None and p.error_id is not None
        assert p.error_id.endswith("coins"), p.error_id
        assert by_id(client, "sheet-resources-coins-error").value == p.error
        assert p.state.boards[0].resources.coins == 0
        assert not client.crashes()

    asyncio.run(go())


def test_a_typed_value_is_checked_where_it_is_applied(svc: Any) -> None:
    """Whatever a client sends as a typed count (text, a flag, out of range, 12 digits),
    the table refuses it naming the field, and nothing changes."""
    from app.games.forestry.commands import SetCount
    from app.table.answers import Refused
    from app.ui.kit.live_table import OpenTable

    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        key = next(k for k, _t in app.states.all(OpenTable))
        p, table = app.states.get(OpenTable, key)
        for bad in ("3", True, -1, 100, 10**12, 2.5):
            answer = table.submit(SetCount(version=p.version, player=0,
                                           field="resources.coins", value=bad))
            assert isinstance(answer, Refused), bad
            assert answer.field is not None and "coins" in answer.field, (bad, answer)
        assert table.snapshot().state.boards[0].resources.coins == 0

    asyncio.run(go())

"""The keypad in a real browser at 390×844 (issue 33, item 3): a count typed with it is
one change, taken back by one "Undo my last change"; its pictures (light, dark, Japanese)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (
    VALUE_JS,
    WAIT_MS,
    by_id,
    fill,
    shot,
    small_touch_targets,
    tap,
    value_of,
)

pytestmark = pytest.mark.e2e

VALUE_IS = """([ident, want]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  return !!e && (e.getAttribute('aria-label') || e.textContent || '').trim() == String(want);
}"""
COINS = "sheet-resources-coins-value"


def _forestry_sheet(phone, names=("Mei", "Ken")) -> None:  # type: ignore[no-untyped-def]
    tap(phone, "home-new-game", appears="new-start")
    for i, name in enumerate(names):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start", appears="setup-progress")
    tap(phone, "setup-start-play", appears="sheet-setup")
    tap(phone, "sheet-harvester-0-1")
    tap(phone, "sheet-harvester-1-2")
    tap(phone, "sheet-start-game", gone="sheet-setup")


def _keys(phone, keys: str) -> None:  # type: ignore[no-untyped-def]
    for k in keys:
        tap(phone, f"keypad-{ {'+': 'plus', '-': 'minus'}.get(k, k) }")


def test_one_typed_entry_is_undone_by_one_undo(phone):
    _forestry_sheet(phone)
    before = value_of(phone, COINS)
    tap(phone, COINS, appears="keypad-done")
    assert not phone.evaluate("() => !!document.querySelector('input, textarea')"
                              " && document.activeElement?.tagName === 'INPUT'")
    assert not small_touch_targets(phone)  # every key at least 48 x 48
    # each key says what it does in words (a screen reader reads these)
    assert phone.evaluate(VALUE_JS, "keypad-backspace") == "Delete the last key"
    assert phone.evaluate(VALUE_JS, "keypad-3") == "Digit 3"
    _keys(phone, "3+6+2")
    phone.wait_for_timeout(300)
    shot(phone, "keypad")
    tap(phone, "keypad-done", gone="keypad-done")
    phone.wait_for_function(VALUE_IS, arg=[COINS, 11], timeout=WAIT_MS)
    tap(phone, "undo-mine")  # once
    phone.wait_for_function(VALUE_IS, arg=[COINS, before], timeout=WAIT_MS)
    phone.wait_for_timeout(500)
    assert value_of(phone, COINS) == before


def test_keypad_dark_and_japanese(phone):
    tap(phone, "home-settings")
    tap(phone, "settings-theme-dark")
    tap(phone, "nav-back")
    by_id(phone, "home-new-game").wait_for(state="attached", timeout=15_000)
    _forestry_sheet(phone)
    tap(phone, COINS, appears="keypad-done")
    _keys(phone, "12")
    shot(phone, "keypad-dark")
    tap(phone, "keypad-close", gone="keypad-done")
    tap(phone, "nav-back", appears="home-settings")
    tap(phone, "home-settings")
    tap(phone, "settings-theme-light")
    tap(phone, "settings-lang-ja")
    tap(phone, "nav-back")
    by_id(phone, "home-new-game").wait_for(state="attached", timeout=15_000)
    _forestry_sheet(phone, names=("メイ", "ケン"))
    tap(phone, COINS, appears="keypad-done")
    _keys(phone, "4+3")
    shot(phone, "keypad-ja")

"""The sheet's steppers in a real browser: intents, not values (issue 12 item 6), and a
refusal shown beside the control that caused it (issue 11 item 6)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import WAIT_MS, aim, by_id, fill, tap, value_of

pytestmark = pytest.mark.e2e

VALUE_IS = """([ident, want]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  return !!e && (e.getAttribute('aria-label') || e.textContent || '').trim() == String(want);
}"""


def _forestry_sheet(phone) -> None:  # type: ignore[no-untyped-def]
    tap(phone, "home-new-game", appears="new-start")
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start", appears="setup-progress")
    tap(phone, "setup-start-play", appears="sheet-setup")
    tap(phone, "sheet-harvester-0-1")
    tap(phone, "sheet-harvester-1-2")
    tap(phone, "sheet-start-game", gone="sheet-setup")


def test_twenty_fast_plus_taps_count_twenty(phone):
    _forestry_sheet(phone)
    x, y = aim(phone, "sheet-score-track-plus")
    for _ in range(20):  # ~60 ms apart: faster than the phone redraws
        phone.mouse.click(x, y)
        phone.wait_for_timeout(60)
    phone.wait_for_function(VALUE_IS, arg=["sheet-score-track-value", 20], timeout=WAIT_MS)
    phone.wait_for_timeout(1000)  # nothing more arrives late
    assert value_of(phone, "sheet-score-track-value") == "20"


def test_a_refused_tap_shows_beside_its_control(phone):
    _forestry_sheet(phone)
    for want in (1, 2):
        tap(phone, "sheet-storage-wood-plus")
        phone.wait_for_function(VALUE_IS, arg=["sheet-storage-wood-value", want],
                                timeout=WAIT_MS)
    tap(phone, "sheet-storage-wood-plus", appears="sheet-storage-wood-error")  # 2 spaces
    assert "open spaces" in value_of(phone, "sheet-storage-wood-error")
    assert not by_id(phone, "sheet-error").count()  # not at the top of the sheet

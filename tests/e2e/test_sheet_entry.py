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
    # both open spaces hold wood: the board offers no third space; typed, it is refused
    assert not by_id(phone, "sheet-storage-wood-plus").count()
    tap(phone, "sheet-storage-wood-value", appears="keypad-done")  # the keypad
    tap(phone, "keypad-3")
    tap(phone, "keypad-done", gone="keypad-done")
    by_id(phone, "sheet-storage-wood-error").first.wait_for(state="attached", timeout=WAIT_MS)
    assert "open spaces" in value_of(phone, "sheet-storage-wood-error")
    assert not by_id(phone, "sheet-error").count()  # not at the top of the sheet


def test_finish_incomplete_then_complete_from_history_two_confirms_in_a_row(phone):
    """Finish asks first when a printed value is missing; History offers to complete the
    game; two printed values confirmed one after the other are stored as typed."""
    _forestry_sheet(phone)
    tap(phone, "sheet-finish", appears="finish-missing-anyway")
    tap(phone, "finish-missing-anyway", appears="finish-saved")
    tap(phone, "finish-home", appears="home-history")
    tap(phone, "home-history")
    first = phone.locator('[flt-semantics-identifier^="history-game-"]').first
    first.wait_for(state="attached", timeout=WAIT_MS)
    game = first.get_attribute("flt-semantics-identifier")  # newest first: this one
    tap(phone, str(game).replace("history-game-", "history-complete-"), appears="score-needs")
    for value in ("6", "8"):  # two cards in a row: each Confirm stores what was typed
        fill(phone, "score-need-0-value", value)
        tap(phone, "score-need-0-confirm")
    while by_id(phone, "score-need-0-value").count():
        fill(phone, "score-need-0-value", "0")
        tap(phone, "score-need-0-confirm")
    by_id(phone, "score-needs").first.wait_for(state="detached", timeout=WAIT_MS)
    assert value_of(phone, "score-total-0").isdigit()  # scored and ranked now
    assert value_of(phone, "score-winners")
    tap(phone, "nav-back")
    tap(phone, "nav-back", appears="home-settings")
    tap(phone, "home-settings")
    tap(phone, "settings-printed", reply=False, appears="settings-printed-buildings-vp-0-value")
    stored = {value_of(phone, "settings-printed-buildings-vp-0-value"),
              value_of(phone, "settings-printed-tasks-vp-0-value")}
    assert stored == {"6", "8"}, stored

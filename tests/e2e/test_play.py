"""A game in play: the player sheet with its live total, the scoreboard."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (
    assert_fits_width,
    by_id,
    fill,
    find_text,
    menu_tap,
    settle,
    shot,
    small_touch_targets,
    tap,
)

pytest.importorskip("app.session")

TOTAL_IS = """(want) => {
  const e = document.querySelector('[flt-semantics-identifier="sheet-total"]');
  return e && (e.getAttribute('aria-label') || e.textContent || '').trim() == String(want);
}"""


def total_text(page) -> str:  # type: ignore[no-untyped-def]
    loc = by_id(page, "sheet-total").first
    loc.wait_for(state="attached", timeout=15_000)
    return (loc.get_attribute("aria-label") or loc.text_content() or "").strip()


def test_enter_values_and_see_the_live_total(phone):
    tap(phone, "home-new-game")
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start")
    tap(phone, "setup-start-play")
    tap(phone, "sheet-harvester-0-1")
    tap(phone, "sheet-harvester-1-2")
    tap(phone, "sheet-start-game", gone="sheet-setup")  # playing now
    by_id(phone, "sheet-storage-wood-plus").wait_for(state="attached", timeout=15_000)
    before = int(total_text(phone))
    tap(phone, "sheet-storage-wood-plus")
    phone.wait_for_function(TOTAL_IS, arg=before + 1, timeout=15_000)
    tap(phone, "sheet-resources-coins-plus")
    tap(phone, "sheet-resources-coins-plus")
    phone.wait_for_timeout(300)
    small = small_touch_targets(phone)
    assert not small, small
    phone.mouse.move(200, 400)
    phone.mouse.wheel(0, -20_000)  # the top of the sheet: names, total, the top bar
    settle(phone)
    shot(phone, "sheet")
    menu_tap(phone, "sheet-undo")
    tap(phone, "sheet-scoreboard")
    by_id(phone, "score-table").wait_for(state="attached", timeout=15_000)
    assert find_text(phone, "Wood").count() >= 0
    phone.wait_for_timeout(600)
    shot(phone, "scoreboard")
    assert_fits_width(phone)


def test_japanese_sheet_with_japanese_names(phone):
    tap(phone, "home-settings")
    tap(phone, "settings-lang-ja")
    tap(phone, "nav-back")
    tap(phone, "home-new-game")
    for i, name in enumerate(["芽衣", "健太"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start")
    tap(phone, "setup-start-play")
    tap(phone, "sheet-harvester-0-5")
    tap(phone, "sheet-harvester-1-6")
    tap(phone, "sheet-start-game", gone="sheet-setup")  # playing now
    tap(phone, "sheet-place", appears="sheet-place-thinning", reply=False)  # its menu
    tap(phone, "sheet-place-thinning")
    by_id(phone, "sheet-messages").wait_for(state="attached", timeout=15_000)
    phone.wait_for_timeout(300)
    assert any("NotoSansJP-Subset.otf" in url for url in phone.requests_seen)
    phone.mouse.move(200, 400)
    phone.mouse.wheel(0, -20_000)  # back to the top: names, total, the session's message
    phone.wait_for_timeout(400)
    shot(phone, "sheet-ja")


def test_forest_guardians_from_setup_to_score(phone):
    tap(phone, "home-new-game")
    tap(phone, "new-game-forest-guardians")
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start")
    by_id(phone, "setup-progress").wait_for(state="attached", timeout=15_000)
    tap(phone, "setup-start-play")
    tap(phone, "sheet-start-game", gone="sheet-start-game")
    tap(phone, "sheet-tree-points-1-plus")
    tap(phone, "sheet-tree-points-1-plus")
    tap(phone, "sheet-fire-tokens-plus")
    phone.wait_for_function(TOTAL_IS, arg=3, timeout=15_000)
    tap(phone, "sheet-scoreboard")
    by_id(phone, "score-total-0").wait_for(state="attached", timeout=15_000)
    shot(phone, "scoreboard-guardians")

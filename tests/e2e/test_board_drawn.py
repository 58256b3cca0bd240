"""The Forestry board drawn as the board (issue 33, item 2), in the browser at 390×844: every
count entered where it lies (storage spaces, building slots and their picker, contract tiles
and two-category cards, a pair in one tap) and taken back the same way; screenshots of both
screens in light, dark and Japanese (docs/screenshots/board-forestry-*.png)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import (
    SELECTED_JS,
    VALUE_IS_NOT,
    WAIT_MS,
    by_id,
    fill,
    reveal,
    settle,
    shot,
    tap,
    type_count,
    value_of,
)

pytest.importorskip("app.session")

LABEL_JS = """(ident) => {
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  if (!e) return null;
  return [e, ...e.querySelectorAll('*')].map(x => (x.getAttribute('aria-label') || '')
    + ' ' + (x.textContent || '')).join(' ');
}"""
HAS_JS = """([ident, want]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  if (!e) return false;
  return [e, ...e.querySelectorAll('*')].map(x => (x.getAttribute('aria-label') || '')
    + ' ' + (x.textContent || '')).join(' ').includes(want);
}"""
TEXT_JS = "() => document.querySelector('flt-semantics-host')?.innerText || ''"


def _to_top(page: Any) -> None:
    page.mouse.move(200, 400)
    page.mouse.wheel(0, -50_000)
    settle(page)


def _start(page: Any, names: list[str]) -> None:
    tap(page, "home-new-game", appears="new-start")
    tap(page, f"new-count-{len(names)}", appears=f"new-player-{len(names) - 1}-name")
    for i, name in enumerate(names):
        fill(page, f"new-player-{i}-name", name)
    tap(page, "new-start", appears="setup-progress")
    tap(page, "setup-start-play", appears="sheet-setup")
    for i in range(len(names)):
        tap(page, f"sheet-harvester-{i}-{i + 1}")
    tap(page, "sheet-start-game", gone="sheet-setup")


def _changed(page: Any, tapped: str, value: str) -> str:
    """Tap ``tapped``, wait until count ``value`` shows another number, return it."""
    old = value_of(page, value)
    tap(page, tapped, until=(VALUE_IS_NOT, [value, old]))
    return value_of(page, value)


def _pick(page: Any, slot: str, choice: str, value: str) -> str:
    """Open a picker (a slot, a card) and tap its choice; the count ``value`` after it."""
    old = value_of(page, value)
    tap(page, slot, appears=choice, reply=False)
    tap(page, choice, until=(VALUE_IS_NOT, [value, old]))
    return value_of(page, value)


def _screens(page: Any, name: str) -> None:
    """Screen 1 (the top) and screen 2 (the forestry table at the top)."""
    _to_top(page)
    shot(page, f"board-forestry-1-{name}")
    reveal(page, "sheet-section-forestry-table")
    shot(page, f"board-forestry-2-{name}")
    reveal(page, "sheet-section-task-cards")
    shot(page, f"board-forestry-3-{name}")


def test_every_count_is_entered_where_it_lies_and_undone(phone):
    _start(phone, ["Mei", "Ken", "Aya"])
    type_count(phone, "sheet-score-track", 31)
    type_count(phone, "sheet-resources-coins", 4)
    tap(phone, "sheet-resources-temp-workers-plus")
    # storage: the next locked space opens an extension, an empty one takes wood, the last
    # wood goes back
    assert _changed(phone, "sheet-storage-extensions-plus", "sheet-storage-extensions-value") \
        == "1"
    assert _changed(phone, "sheet-storage-wood-plus", "sheet-storage-wood-value") == "1"
    assert _changed(phone, "sheet-storage-wood-plus", "sheet-storage-wood-value") == "2"
    assert _changed(phone, "sheet-storage-wood-minus", "sheet-storage-wood-value") == "1"
    assert "wood" in (phone.evaluate(LABEL_JS, "sheet-storage-wood-minus") or "")
    assert "empty" in (phone.evaluate(LABEL_JS, "sheet-storage-wood-plus") or "")
    # the building track: the next slot's picker, a token's slot takes it back
    assert _pick(phone, "board-building-slot-1", "sheet-buildings-forest-plus",
                 "sheet-buildings-forest-value") == "1"
    assert _pick(phone, "board-building-slot-2", "sheet-buildings-sawmill-orange-plus",
                 "sheet-buildings-sawmill-orange-value") == "1"
    assert _changed(phone, "board-building-slot-2", "sheet-buildings-sawmill-orange-value") \
        == "0"
    assert _pick(phone, "board-building-slot-2", "sheet-buildings-sawmill-light-green-plus",
                 "sheet-buildings-sawmill-light-green-value") == "1"
    # contracts: a tile adds one of its category; two categories by their picker, the card
    # says "best" in words, then "chosen" once a category is chosen on its sheet
    tap(phone, "sheet-contract-furniture", until=(HAS_JS, ["sheet-contract-furniture", ": 1"]))
    tap(phone, "sheet-contract-double-building-furniture", appears="sheet-contract-1")
    assert "best" in (phone.evaluate(LABEL_JS, "sheet-contract-1") or "")
    tap(phone, "sheet-contract-1", appears="sheet-contract-1-choose-building", reply=False)
    tap(phone, "sheet-contract-1-choose-building", until=(HAS_JS, ["sheet-contract-1", "chosen"]))
    # a card's sheet takes it back
    tap(phone, "sheet-contract-1", appears="sheet-contract-1-remove", reply=False)
    tap(phone, "sheet-contract-1-remove", gone="sheet-contract-1")
    tap(phone, "sheet-contract-double-building-furniture", appears="sheet-contract-1")
    # the forestry table's column, then a token below the reforestation table (its tile)
    tap(phone, "sheet-column-0-type-thinning", appears="sheet-column-0-count-3")
    tap(phone, "sheet-column-0-count-3")
    type_count(phone, "sheet-forester-tokens-below-thinning", 1)
    assert value_of(phone, "sheet-forester-tokens-below-thinning-value") == "1"
    # river tokens: a symbol's button puts one on the next space, its space takes it back
    tap(phone, "sheet-river-furniture-plus", appears="sheet-river-furniture-minus")
    assert "Furniture" in (phone.evaluate(LABEL_JS, "sheet-river-furniture-minus") or "")
    tap(phone, "sheet-river-furniture-minus", gone="sheet-river-furniture-minus")
    tap(phone, "sheet-river-furniture-plus", appears="sheet-river-furniture-minus")
    tap(phone, "sheet-river-seedling_pair-plus", appears="sheet-river-seedling_pair-minus")
    # task cards as cards: a forest building's card asks whether it is met, on the card
    tap(phone, "sheet-task-add-forest-building", appears="sheet-task-0")
    tap(phone, "sheet-task-0-met-yes", until=(SELECTED_JS, "sheet-task-0-met-yes"))
    tap(phone, "sheet-task-add-contract-furniture", appears="sheet-task-1")
    tap(phone, "sheet-task-add-seedlings-dark_green", appears="sheet-task-2")
    assert "dark green" in (phone.evaluate(LABEL_JS, "sheet-task-2") or "")
    # a card's sheet takes it back
    tap(phone, "sheet-task-1", appears="sheet-task-1-remove", reply=False)
    tap(phone, "sheet-task-1-remove", gone="sheet-task-2")
    reveal(phone, "sheet-resources-temp-workers-plus")
    assert "Temporary workers" in (phone.evaluate(LABEL_JS, "sheet-resources-temp-workers-plus")
                                   or "")
    text = phone.evaluate(TEXT_JS)
    for abbreviation in ("Temp workers", " Be ", " Fu ", " In "):
        assert abbreviation not in text, abbreviation
    _screens(phone, "en")


def _board_in(phone: Any, *, dark: bool = False, ja: bool = False) -> None:
    tap(phone, "home-settings", reply=False)
    if dark:
        tap(phone, "settings-theme-dark")
    if ja:
        tap(phone, "settings-lang-ja")
    tap(phone, "nav-back", appears="home-new-game", reply=False)
    _start(phone, ["Mei", "Ken", "Aya"])
    type_count(phone, "sheet-score-track", 31)
    tap(phone, "sheet-storage-extensions-plus")
    tap(phone, "sheet-storage-wood-plus")
    tap(phone, "board-building-slot-1", appears="sheet-buildings-forest-plus", reply=False)
    tap(phone, "sheet-buildings-forest-plus", gone="sheet-buildings-forest-plus")
    tap(phone, "sheet-contract-accessory")
    tap(phone, "sheet-column-0-type-den_tree", appears="sheet-column-0-count-2")
    tap(phone, "sheet-seedlings-orange-2")
    tap(phone, "sheet-river-building-plus", appears="sheet-river-building-minus")
    tap(phone, "sheet-task-add-forester-painting", appears="sheet-task-0")
    tap(phone, "sheet-task-add-forest-building", appears="sheet-task-1")


def test_the_board_in_dark_mode(phone):
    _board_in(phone, dark=True)
    by_id(phone, "board-left").first.wait_for(state="attached", timeout=WAIT_MS)
    _screens(phone, "dark")


def test_the_board_in_japanese(phone):
    _board_in(phone, ja=True)
    reveal(phone, "sheet-resources-temp-workers-plus")
    assert "臨時労働者" in (phone.evaluate(LABEL_JS, "sheet-resources-temp-workers-plus") or "")
    _screens(phone, "ja")


def test_a_table_cell_sets_its_count(phone):
    _start(phone, ["Mei", "Ken"])
    tap(phone, "sheet-column-0-type-thinning", appears="sheet-column-0-count-1")
    # a cell that became tappable is found and sets its count; the top token is one less
    tap(phone, "sheet-column-0-count-3", until=(HAS_JS, ["sheet-column-0-count-3", "a token"]))
    tap(phone, "sheet-column-0-count-3",
        until=("(id) => !document.querySelector(`[flt-semantics-identifier=\"${id}\"]`)"
               "?.getAttribute('aria-label')?.includes('a token')", "sheet-column-0-count-3"))
    tap(phone, "sheet-seedlings-orange-2", until=(HAS_JS, ["sheet-seedlings-orange-2",
                                                           "a token"]))

"""Whole games through the real UI in a real browser: new game, setup, play, score, finish,
history. The Forestry game enters the rulebook's 93-VP example (every field of the three
boards in tests/data/records/forestry_93vp_worked_example.json) through the sheet's own
controls; the Forest Guardians game reaches the rules' 23-point example (RULES.md §3)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (
    PHONES,
    by_id,
    enable_semantics,
    fill,
    find_text,
    reveal,
    shot,
    tap,
    tap_until_gone,
    wait_text,
)
from tests.e2e.full_game_steps import example_93, forestry_steps

pytest.importorskip("app.session")
pytestmark = pytest.mark.e2e

VALUE_IS = """([ident, want]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  return !!e && (e.getAttribute('aria-label') || e.textContent || '').trim() == String(want);
}"""


def labelled(page, prefix: str, text: str) -> str:  # type: ignore[no-untyped-def]
    """The identifier (starting with ``prefix``) of the control whose text includes ``text``."""
    handle = page.wait_for_function("""([prefix, text]) => {
      for (const e of document.querySelectorAll(`[flt-semantics-identifier^="${prefix}"]`)) {
        const all = [e, ...e.querySelectorAll('[aria-label]')].map(
          x => x.getAttribute('aria-label') || '').join(' ') + ' ' + (e.textContent || '');
        if (all.includes(text)) return e.getAttribute('flt-semantics-identifier');
      }
      return null;
    }""", arg=[prefix, text], timeout=15_000)
    return str(handle.json_value())


def text_of(page, identifier: str) -> str:  # type: ignore[no-untyped-def]
    loc = by_id(page, identifier).first
    loc.wait_for(state="attached", timeout=15_000)
    return (loc.get_attribute("aria-label") or loc.text_content() or "").strip()


@pytest.fixture
def phone(browser, server_url):  # type: ignore[no-untyped-def]
    """conftest's ``phone`` (iPhone-sized, semantics on) with its app websocket watched:
    a tap waits for the server's redraw instead of a fixed pause (hundreds of taps)."""
    ctx = browser.new_context(viewport=PHONES["iphone"], device_scale_factor=2)
    page = ctx.new_page()
    sockets: list = []  # type: ignore[type-arg]
    page.on("websocket", lambda ws: sockets.append(ws))
    page.goto(server_url)
    enable_semantics(page)
    page.app_socket = sockets[-1]  # type: ignore[attr-defined]
    yield page
    ctx.close()


def box_on_screen(page, loc):  # type: ignore[no-untyped-def]
    """The control's box when it is wholly on screen and its middle (or, for a wide
    control at the bottom, its left part) is clear of the floating button."""
    box = loc.bounding_box()
    height = page.viewport_size["height"]
    if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
        return None
    if box["y"] + box["height"] <= height - 160:
        return box
    if box["x"] + 120 < 280:  # wide (a full-width button): tap its left part
        return {**box, "width": min(box["width"], 240)}
    return None


def quick_tap(page, identifier: str) -> None:  # type: ignore[no-untyped-def]
    """Tap the middle of the control and wait for the server's answer (a redraw frame on
    the app's websocket): no fixed pause, no pointer checks beyond "it is on screen"."""
    loc = by_id(page, identifier).first
    loc.wait_for(state="attached", timeout=15_000)
    box = box_on_screen(page, loc)
    for _ in range(6):  # scroll it into the middle: Flutter owns scrolling (mouse wheel)
        if box is not None:
            break
        there = loc.bounding_box()
        if there is not None:
            size = page.viewport_size
            page.mouse.move(size["width"] / 2, size["height"] / 2)
            page.mouse.wheel(0, there["y"] - size["height"] / 3)
        reveal(page, loc)  # waits until the scrolling has settled
        box = box_on_screen(page, loc)
    assert box is not None, f"{identifier} does not scroll into view: {loc.bounding_box()}"
    with page.app_socket.expect_event("framereceived", timeout=15_000):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def set_stepper(page, ident: str, want: int) -> None:  # type: ignore[no-untyped-def]
    """Bring a − value + stepper to ``want``, one tap at a time, each tap seen on the page."""
    have = int(text_of(page, f"{ident}-value"))
    step = 1 if want > have else -1
    while have != want:
        quick_tap(page, f"{ident}-{'plus' if step > 0 else 'minus'}")
        page.wait_for_function(VALUE_IS, arg=[f"{ident}-value", have + step], timeout=15_000)
        have += step


#: The example's result (tests/scoring checks the scoring of the record itself):
#: Pink 93 wins; Blue 91, Green 79.
EXPECTED_93 = [("Pink", 93, 1), ("Blue", 91, 2), ("Green", 79, 3)]


def test_forestry_93_vp_example_from_new_game_to_history(phone):
    record = example_93()
    players = record["players"]
    tap(phone, "home-new-game")
    tap(phone, "new-count-3")
    for i, p in enumerate(players):
        fill(phone, f"new-player-{i}-name", p["name"])
    tap(phone, "new-tech-A")  # the example plays technology side A
    quick_tap(phone, "new-start")  # clear of the floating button
    by_id(phone, "setup-progress").wait_for(state="attached", timeout=15_000)
    tap(phone, "setup-start-play")
    for i in range(len(players)):
        tap(phone, f"sheet-harvester-{i}-{i + 1}")
    tap_until_gone(phone, "sheet-start-game", "sheet-setup")  # playing now

    for i, p in enumerate(players):
        tap(phone, f"sheet-player-{i}")
        for step in forestry_steps(p):
            if step[0] == "tap":
                quick_tap(phone, step[1])
            else:
                set_stepper(phone, step[1], step[2])
        assert not by_id(phone, "sheet-error").count(), text_of(phone, "sheet-error")

    tap(phone, "sheet-scoreboard")
    by_id(phone, "score-table").wait_for(state="attached", timeout=15_000)
    if by_id(phone, "score-needs").count():  # a printed value the example needs: ask in place
        n = 0
        while by_id(phone, f"score-need-{n}-value").count():
            fill(phone, f"score-need-{n}-value", "0")
            tap(phone, f"score-need-{n}-confirm")
            n += 1
    for i, (_name, total, _rank) in enumerate(EXPECTED_93):
        phone.wait_for_function(VALUE_IS, arg=[f"score-total-{i}", total], timeout=15_000)
    # Pink's forester tokens: 6 VP, the second-most (Blue has more: 10)
    for i, vp in enumerate((6, 10, 2)):
        phone.wait_for_function(VALUE_IS, arg=[f"score-forester_majority-{i}", vp],
                                timeout=15_000)
    wait_text(phone, "Winner: Pink")

    tap(phone, "nav-back")
    tap(phone, "sheet-finish")
    by_id(phone, "finish-saved").wait_for(state="attached", timeout=15_000)
    wait_text(phone, "Winner: Pink")
    by_id(phone, "finish-qr").wait_for(state="attached", timeout=15_000)
    phone.mouse.move(200, 400)
    phone.mouse.wheel(0, -20_000)
    shot(phone, "finish")

    tap(phone, "finish-home")
    tap(phone, "home-history")
    game = labelled(phone, "history-game-", "Pink 93 ★   Blue 91   Green 79")
    assert game.startswith("history-game-")

    # the statistics: Pink one play, one win (the win rate as number and bar);
    # a person's charts are tested in tests/app/test_ui_records.py
    tap(phone, "nav-back")
    tap(phone, "home-stats")
    labelled(phone, "stats-", "Pink")
    wait_text(phone, "Win rate 100%")
    shot(phone, "statistics")


def test_forest_guardians_23_point_example(phone):
    tap(phone, "home-new-game")
    tap(phone, "new-game-forest-guardians")
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start")  # basic game: no rangers
    by_id(phone, "setup-progress").wait_for(state="attached", timeout=15_000)
    tap(phone, "setup-start-play")
    tap_until_gone(phone, "sheet-start-game", "sheet-start-game")
    for row, points in enumerate((2, 6, 3), start=1):
        set_stepper(phone, f"sheet-tree-points-{row}", points)
    for value in (3, 6):
        tap(phone, f"sheet-animal-add-{value}")
    set_stepper(phone, "sheet-fire-tokens", 3)
    phone.wait_for_function(VALUE_IS, arg=["sheet-total", 23], timeout=15_000)
    tap(phone, "sheet-scoreboard")
    phone.wait_for_function(VALUE_IS, arg=["score-total-0", 23], timeout=15_000)
    tap(phone, "nav-back")
    tap(phone, "sheet-finish")
    by_id(phone, "finish-saved").wait_for(state="attached", timeout=15_000)
    assert find_text(phone, "Winner: Mei").count() == 1

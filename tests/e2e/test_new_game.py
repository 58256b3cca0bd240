"""New game → setup walkthrough in a real browser on a phone viewport."""

from __future__ import annotations

from tests.e2e.conftest import (
    SELECTED_JS,
    assert_fits_width,
    by_id,
    fill,
    shot,
    small_touch_targets,
    tap,
    wait_text,
)


def test_new_game_to_setup_walkthrough(phone):
    tap(phone, "home-new-game")
    by_id(phone, "new-start").wait_for(state="attached", timeout=15_000)
    tap(phone, "new-count-3")
    by_id(phone, "new-player-2-name").wait_for(state="attached", timeout=15_000)
    for i, name in enumerate(["Mei", "Ken", "Aki"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-infestation")
    fill(phone, "new-seed", "42")
    small = small_touch_targets(phone)
    shot(phone, "new-game")
    tap(phone, "new-start")
    by_id(phone, "setup-progress").wait_for(state="attached", timeout=15_000)
    wait_text(phone, "Seed 42")
    shot(phone, "setup")
    tap(phone, "setup-step-1-done")
    phone.get_by_text("Step 1 of", exact=False).or_(
        phone.get_by_label("Step 1 of", exact=False)).first.wait_for(
        state="attached", timeout=15_000)
    tap(phone, "setup-deal-again")
    phone.get_by_text("Step 0 of", exact=False).or_(
        phone.get_by_label("Step 0 of", exact=False)).first.wait_for(
        state="attached", timeout=15_000)
    assert_fits_width(phone)
    assert not small, small


FIELD_SAYS = """([id, text]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!e) return false;
  const all = [e, ...e.querySelectorAll('*')].map(x =>
    (x.getAttribute('aria-label') || '') + ' ' + (x.getAttribute('aria-description') || '')
    + ' ' + (x.textContent || '')).join(' ');
  return all.includes(text);
}"""


def test_duplicate_and_empty_names_are_refused_at_their_fields(phone):
    """Issue 22: "Ann"/"Ann" used to do nothing and say nothing."""
    tap(phone, "home-new-game", appears="new-start")
    tap(phone, "new-count-3", appears="new-player-2-name")
    fill(phone, "new-player-0-name", "Ann")
    fill(phone, "new-player-1-name", "Ann")
    tap(phone, "new-start", appears="new-start-error")
    for i, problem in enumerate(("The same name as player 2", "The same name as player 1",
                                 "Every player needs a name")):
        by_id(phone, f"new-player-{i}-name-error").first.wait_for(state="attached",
                                                                  timeout=15_000)
        phone.wait_for_function(FIELD_SAYS, arg=[f"new-player-{i}-name-error", problem],
                                timeout=15_000)
    wait_text(phone, "Not dealt yet: 3 fields above need a fix")
    assert by_id(phone, "setup-progress").count() == 0
    fill(phone, "new-player-1-name", "Bo")
    fill(phone, "new-player-2-name", "Mei")
    tap(phone, "new-start", appears="setup-progress")
    assert by_id(phone, "new-player-1-name-error").count() == 0



def test_forest_guardians_setup_picks_the_first_player(phone):
    """Issue 22: Forest Guardians' start-player step has Forestry's chips (setup-first-N)."""
    tap(phone, "home-new-game", appears="new-start")
    tap(phone, "new-game-forest-guardians", until=(SELECTED_JS, "new-game-forest-guardians"),
        reply=False)
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start", appears="setup-progress")
    tap(phone, "setup-first-1", until=(SELECTED_JS, "setup-first-1"), reply=False)
    # the chip shows itself selected on the phone at once; the other chip is unselected by
    # the server's redraw, which comes a moment later (CI read it before it came)
    phone.wait_for_function(f"(id) => !({SELECTED_JS})(id)", arg="setup-first-0",
                            timeout=15_000)
    tap(phone, "setup-start-play", appears="sheet-start-game")

"""Playing along in the browser (issue 12), one phone: the setup's first player and
infestation card, a spawn that waits for the end of the turn and skips those tokens,
the quick reference in both languages."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import (
    SELECTED_JS,
    by_id,
    fill,
    menu_tap,
    reveal,
    set_stepper,
    shot,
    tap,
    value_of,
)

pytest.importorskip("app.session")

HAS_TEXT_JS = """([id, text]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!e && (e.getAttribute('aria-label') || e.textContent || '').includes(text);
}"""
INFESTED = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)


def _chip(page, ident: str) -> None:  # type: ignore[no-untyped-def]
    tap(page, ident, until=(SELECTED_JS, ident), reply=False)


def test_setup_first_player_and_infestation_then_a_spawn_at_the_end_of_the_turn(phone):
    tap(phone, "home-new-game")
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-infestation", reply=False)
    tap(phone, "new-start")
    by_id(phone, "setup-progress").wait_for(state="attached", timeout=30_000)
    # 002: the player who last touched a tree starts; seat coins follow from them
    _chip(phone, "setup-first-1")
    for space in INFESTED:  # 001: the infestation card's starting infested wood
        _chip(phone, f"setup-infested-{space}")
    assert "10" in value_of(phone, "setup-infested-count")
    tap(phone, "setup-start-play")
    tap(phone, "sheet-harvester-0-1")
    tap(phone, "sheet-harvester-1-12")
    tap(phone, "sheet-start-game", gone="sheet-setup")
    # the map shows the infestation card's tokens
    for space in INFESTED:
        assert "infested wood" in value_of(phone, f"map-space-{space}"), space
    # Ken starts: his turn is on the turn card
    assert "Ken plays" in value_of(phone, "turn-title")
    # Mei's score passes 4 during Ken's turn: nothing spawns yet (001: end of the turn)
    set_stepper(phone, "sheet-score-track", 4)
    assert "spawns" in value_of(phone, "turn-line-0")
    infested_now = [s for s in range(1, 16)
                    if "infested wood" in value_of(phone, f"map-space-{s}")]
    assert infested_now == list(INFESTED)
    tap(phone, "turn-end", appears="play-banner")
    # one short line per draw (issue 22): here the one spawn
    banner = " ".join(value_of(phone, f"play-banner-{i}") for i in range(3)
                      if by_id(phone, f"play-banner-{i}").count())
    m = re.search(r"infested wood → (\d+)", banner)
    assert m, banner
    space = int(m.group(1))
    assert space not in INFESTED and space not in (1, 12)  # skipped: wood or a harvester
    assert "infested wood" in value_of(phone, f"map-space-{space}")
    assert "Mei plays" in value_of(phone, "turn-title")
    reveal(phone, "map-space-15")  # the spaces in the picture
    shot(phone, "forest-map")


def test_the_quick_reference_opens_from_the_sheet_in_both_languages(phone):
    tap(phone, "home-new-game")
    for i, name in enumerate(["Mei", "Ken"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start")
    tap(phone, "setup-start-play")
    menu_tap(phone, "sheet-reference", appears="reference-game")
    assert "buy 1 AP for 4 coins" in value_of(phone, "reference-line-8")
    assert "002" in value_of(phone, "reference-line-8")
    tap(phone, "nav-back", appears="status-menu")
    tap(phone, "nav-back", appears="home-settings")  # the sheet's arrow goes home
    tap(phone, "home-settings")
    tap(phone, "settings-lang-ja")
    tap(phone, "nav-back")
    tap(phone, "home-new-game")
    tap(phone, "new-game-forest-guardians")
    for i, name in enumerate(["芽衣", "健太"]):
        fill(phone, f"new-player-{i}-name", name)
    tap(phone, "new-start")
    tap(phone, "setup-start-play")
    menu_tap(phone, "sheet-reference", appears="reference-game")
    assert "フォレストガーディアン" in value_of(phone, "reference-game")
    assert "上段" in value_of(phone, "reference-line-6")
    # the planting check: a bottom-row tree on a high-altitude (I) tile is refused (003)
    tap(phone, "check-row-bottom", reply=False)
    assert "植えられません" in value_of(phone, "check-verdict")
    tap(phone, "check-altitude-II", reply=False)
    assert "3枚" in value_of(phone, "check-verdict")
    # the rest of the rules, in Japanese too (fgref): the forest fire event, a decision
    assert value_of(phone, "reference-fg-events-1").startswith("森林火災：")
    assert "タイブレーク" in value_of(phone, "reference-fg-decisions-0")

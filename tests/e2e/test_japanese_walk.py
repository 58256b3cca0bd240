"""Issue 22 in the browser: a Japanese phone (390×844) walks every screen of a game — home,
settings, a new game with its problems at their fields, the setup, the sheet with a
refusal in its snack bar and the draws' banner, the scoreboard, the quick reference, the
finish, History, the statistics and a person's charts, the played game — and reads
everything the phone exposes (Flutter's semantics: labels, texts, tooltips; each screen
scrolled through from top to bottom): no Latin word outside names, numbers, links and
source ids.

Names are Japanese (メイ, ケン); what Latin the app may show is the harness walk's
allowance (tests/app/test_ui_walk_ja.py: the app's name, component codes and sides, units
as printed, other products' names, citation ids).
"""

from __future__ import annotations

from typing import Any

from tests.app.test_ui_walk_ja import ALLOWED, CITED_IDS, LINK, WORD
from tests.e2e.conftest import (
    SELECTED_JS,
    SERVER_DATA,
    WHERE_JS,
    _wheel,
    fill,
    menu_tap,
    settle,
    tap,
    type_count,
)

NAMES = ["メイ", "ケン"]
#: Every text the page exposes: semantics labels and texts, not what the user typed.
TEXTS_JS = """() => {
  const out = [];
  for (const e of document.querySelectorAll('flt-semantics, flt-semantics *')) {
    if (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') continue;
    const label = e.getAttribute('aria-label');
    if (label) out.push(label);
    for (const n of e.childNodes)
      if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
    const tip = e.getAttribute('title');
    if (tip) out.push(tip);
  }
  const link = document.getElementById('ft-link');
  if (link && link.style.display !== 'none') out.push(link.textContent);
  return out;
}"""


#: the names of the people stored on the server (user data, not the app's words: in a whole
#: run the session server holds every earlier test's players, "Aya" among them)
PEOPLE: set[str] = set()


def _people(server_url: str) -> set[str]:
    import sqlite3

    data = SERVER_DATA.get(server_url)
    if data is None:
        return set()
    db = sqlite3.connect(f"file:{data / 'forest-table.sqlite3'}?mode=ro", uri=True)
    try:
        return {w for (name,) in db.execute("SELECT name FROM person")
                for w in WORD.findall(name)}
    finally:
        db.close()


#: the screens that list earlier games and people (their names are the players' own)
LISTS = frozenset({"home", "new game (refused)", "history", "statistics", "charts"})


def _latin(texts: list[str], names: set[str] | frozenset[str] = frozenset()) -> set[str]:
    found: set[str] = set()
    for text in texts:
        text = CITED_IDS.sub("", LINK.sub("", text)) if text.startswith("出典") \
            else LINK.sub("", text)
        found |= {w for w in WORD.findall(text) if w not in ALLOWED and w not in names}
    return found


def _walk(page: Any, screen: str, found: dict[str, set[str]]) -> None:
    """Read the screen from its top to its bottom (Flutter exposes only what is near the
    viewport): every text at every scroll position."""
    page.mouse.move(200, 400)
    page.mouse.wheel(0, -50_000)
    settle(page)
    texts: list[str] = []
    for _ in range(40):
        texts += page.evaluate(TEXTS_JS)
        before = page.evaluate(WHERE_JS)
        _wheel(page, 600)
        settle(page)
        if page.evaluate(WHERE_JS) == before:  # the end of the screen
            texts += page.evaluate(TEXTS_JS)
            break
    assert texts, screen
    found[screen] = _latin(texts, PEOPLE if screen in LISTS else frozenset())
    page.mouse.wheel(0, -50_000)
    settle(page)


def test_a_japanese_phone_walks_every_screen_of_a_game(phone: Any, server_url: str) -> None:
    PEOPLE.clear()
    PEOPLE.update(_people(server_url))
    found: dict[str, set[str]] = {}
    tap(phone, "home-settings")
    tap(phone, "settings-lang-ja", until=(SELECTED_JS, "settings-lang-ja"))
    _walk(phone, "settings", found)
    tap(phone, "nav-back", appears="home-new-game")
    _walk(phone, "home", found)
    # a new game refused at its fields: the same name twice, an empty one
    tap(phone, "home-new-game", appears="new-start")
    tap(phone, "new-count-3", appears="new-player-2-name")
    fill(phone, "new-player-0-name", NAMES[0])
    fill(phone, "new-player-1-name", NAMES[0])
    tap(phone, "new-start", appears="new-start-error")
    _walk(phone, "new game (refused)", found)
    tap(phone, "new-count-2", gone="new-player-2-name")
    fill(phone, "new-player-1-name", NAMES[1])
    tap(phone, "new-infestation", reply=False)
    tap(phone, "new-start", appears="setup-progress")
    _walk(phone, "setup", found)
    tap(phone, "setup-start-play", appears="sheet-setup")
    for i in range(2):
        tap(phone, f"sheet-harvester-{i}-{i + 1}")
    tap(phone, "sheet-start-game", gone="sheet-setup")
    # news on the sheet: a refusal in the snack bar, then a turn's draws in the banner
    tap(phone, "sheet-replenish", appears="sheet-news-refused")
    _walk(phone, "sheet (a refusal)", found)
    type_count(phone, "sheet-score-track", 40)  # past reproduction spaces: spawns
    tap(phone, "turn-end", appears="play-banner")
    _walk(phone, "sheet (a turn's draws)", found)
    tap(phone, "sheet-scoreboard", appears="score-total-0")
    _walk(phone, "scoreboard", found)
    tap(phone, "nav-back", appears="sheet-total")
    menu_tap(phone, "sheet-reference", appears="reference-game")
    _walk(phone, "quick reference", found)
    tap(phone, "nav-back", appears="sheet-total")
    tap(phone, "sheet-finish", appears="finish-missing-anyway")
    tap(phone, "finish-missing-anyway", appears="finish-rematch")
    _walk(phone, "finish", found)
    tap(phone, "finish-home", appears="home-history")
    tap(phone, "home-history", appears="history-filter-game-all")
    _walk(phone, "history", found)
    played = phone.evaluate("""() => [...document.querySelectorAll(
        '[flt-semantics-identifier^="history-game-"]')].map(
        e => e.getAttribute('flt-semantics-identifier'))[0]""")
    assert played, "the finished game is in History"
    tap(phone, played, appears="score-total-0")
    _walk(phone, "played game", found)
    tap(phone, "nav-back", appears="history-filter-game-all")
    tap(phone, "nav-back", appears="home-stats")
    tap(phone, "home-stats", appears="stats-0-charts")
    _walk(phone, "statistics", found)
    tap(phone, "stats-0-charts", appears="person-win-rate")
    _walk(phone, "charts", found)
    latin = {screen: words for screen, words in found.items() if words}
    assert not latin, latin

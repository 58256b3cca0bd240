"""History and statistics in a real browser, over games stored before the server starts.

Four Forest Guardians games (Mei with Ken or Aiko) and a Forestry game are imported
with ``forest-table records import`` — the documented way in — and one more Forest
Guardians game is played through the session (a command log, as a game played in the
app), all into the database of this module's own server. The expected figures are
worked out here from the seeds with the basic game's scoring (trees + animal cards +
fire tokens), not taken from the app.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    HOST_TOKENS,
    ROOT,
    START_TIMEOUT,
    _forest_table_cmd,
    _free_port,
    assert_fits_width,
    by_id,
    host_token_from_log,
    shot,
    small_touch_targets,
    tap,
    wait_text,
)

pytestmark = pytest.mark.e2e

Seat = tuple[str, tuple[int, int, int], tuple[int, ...], int]  # name, trees, animals, fires

#: imported games, oldest first: (played_at, seats)
IMPORTED: list[tuple[str, list[Seat]]] = [
    ("2026-02-01T19:00:00+00:00", [("Aiko", (2, 2, 2), (1,), 0), ("Mei", (1, 1, 1), (), 2)]),
    ("2026-03-01T19:00:00+00:00", [("Mei", (2, 6, 3), (3, 6), 3), ("Ken", (4, 2, 0), (5,), 2)]),
    ("2026-04-01T19:00:00+00:00", [("Mei", (1, 0, 0), (), 1), ("Ken", (3, 3, 0), (4,), 0)]),
    ("2026-05-01T19:00:00+00:00", [("Mei", (5, 5, 0), (2,), 2), ("Ken", (1, 1, 1), (), 1)]),
]
#: and a Forestry game: the rulebook's 93-VP example (Pink, Blue, Green), dated by the import
FORESTRY = ROOT / "tests" / "data" / "records" / "forestry_93vp_worked_example.json"
#: the game played through the session (finished when the module starts: the newest)
PLAYED: list[Seat] = [("Mei", (3, 0, 0), (), 4), ("Ken", (0, 0, 0), (), 1)]


def total(seat: Seat) -> int:
    """Forest Guardians, basic game: uncovered tree points + animal cards + fire tokens."""
    _name, trees, animals, fires = seat
    return sum(trees) + sum(animals) + fires


def expected(name: str) -> dict[str, str]:
    """Plays, wins, average, best and win rate of ``name`` over every seeded game."""
    games = [seats for _when, seats in IMPORTED] + [PLAYED]
    mine = [(total(s), max(total(o) for o in seats))
            for seats in games for s in seats if s[0] == name]
    wins = sum(1 for mine_, top in mine if mine_ == top)
    return {"plays": str(len(mine)), "wins": str(wins),
            "average": f"{statistics.mean(t for t, _ in mine):.1f}",
            "best": str(max(t for t, _ in mine)),
            "rate": f"{wins / len(mine) * 100:.0f}"}


def history_line(seats: list[Seat]) -> str:
    """A game's players as the history lists them: best first, the winner starred."""
    top = max(total(s) for s in seats)
    ranked = sorted(seats, key=lambda s: -total(s))
    return "   ".join(f"{s[0]} {total(s)}{' ★' if total(s) == top else ''}" for s in ranked)


def record(played_at: str, seats: list[Seat]) -> dict[str, object]:
    return {"format": "forest-table/record", "version": 1, "game": "forest-guardians",
            "played_at": played_at, "options": {"advanced": False},
            "players": [{"name": n, "ranger": None, "tree_points": list(trees),
                         "animal_cards": list(animals), "animals_in_shelter": 0,
                         "fire_tokens": fires, "calocedrus_on_mountains": 0}
                        for n, trees, animals, fires in seats]}


def play_in_session(db_url: str) -> int:
    """The game of ``PLAYED`` through GameSession: start, every value, finish."""
    from app.game.commands import StartGame
    from app.games.guardians.commands import SetGuardians
    from app.session import GameSession
    from app.store.facade import Store

    store = Store.open(db_url)
    s = GameSession.create(store, game="forest-guardians", players=[p[0] for p in PLAYED],
                           seed=7)
    s.apply(StartGame(version=s.version))
    for i, (_name, trees, animals, fires) in enumerate(PLAYED):
        for field, value in (("tree_points", trees), ("animal_cards", animals),
                             ("fire_tokens", fires)):
            s.apply(SetGuardians(version=s.version, player=i, field=field, value=value))
    s.finish(s.version)
    store.engine.dispose()
    return s.game_id


class Server:
    """`forest-table serve` over a database seeded before it starts."""

    def __init__(self) -> None:
        self.data_dir = Path(tempfile.mkdtemp(prefix="forest-table-records-e2e-"))
        self.log_path = self.data_dir / "server.log"
        self.env = dict(os.environ)
        self.env.pop("DATABASE_URL", None)
        self.env.update(FLET_WEB_NO_CDN="1", FLET_FORCE_WEB_SERVER="1",
                        FLET_APP_STORAGE_DATA=str(self.data_dir), PYTHONUNBUFFERED="1")
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = ""

    def seed(self) -> int:
        lines = "".join(json.dumps(record(w, s)) + "\n" for w, s in IMPORTED)
        lines += json.dumps(json.loads(FORESTRY.read_text())) + "\n"
        path = self.data_dir / "seed.jsonl"
        path.write_text(lines)
        done = subprocess.run([*_forest_table_cmd(), "records", "import", str(path)],
                              cwd=ROOT, env=self.env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
        assert f"Imported {len(IMPORTED) + 1} games" in done.stdout, done.stdout
        return play_in_session(f"sqlite:///{self.data_dir / 'forest-table.sqlite3'}")

    def start(self) -> None:
        port = _free_port()
        self.url = f"http://127.0.0.1:{port}/"
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [*_forest_table_cmd(), "serve", "--host", "127.0.0.1", "--port", str(port),
                 "--no-qr", "--no-browser"], cwd=ROOT, env=self.env, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url, timeout=2) as resp:
                    if resp.status == 200:
                        HOST_TOKENS[self.url] = host_token_from_log(self.log())
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not answer:\n{self.log()}")
            time.sleep(0.3)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        shutil.rmtree(self.data_dir, ignore_errors=True)


def seeded_server_fixtures(make: Callable[[], Server]) -> tuple[Any, Any, Any]:
    """A module's own seeded server as its three fixtures: ``seeded_server`` (seeded,
    started, stopped after the module), ``server_url`` (conftest's ``phone`` opens it
    instead of the shared server) and an autouse check that its log has no traceback.
    Use: ``seeded_server, server_url, no_server_errors = seeded_server_fixtures(Server)``."""
    @pytest.fixture(scope="module", name="seeded_server")
    def server() -> Iterator[Server]:
        it = make()
        try:
            it.seed()
            it.start()
            yield it
        finally:
            it.stop()

    @pytest.fixture(scope="module", name="server_url")
    def url(seeded_server: Server) -> str:
        return seeded_server.url

    @pytest.fixture(autouse=True, name="no_server_errors")
    def clean(seeded_server: Server) -> Iterator[None]:
        yield
        assert "Traceback" not in seeded_server.log(), seeded_server.log()

    return server, url, clean


seeded_server, server_url, no_server_errors = seeded_server_fixtures(Server)


# --------------------------------------------------------------------------- helpers

#: Everything Flutter says about a control: its own and its descendants' labels.
LABEL_JS = """e => [e, ...e.querySelectorAll('[aria-label]')]
  .map(x => x.getAttribute('aria-label') || '').join(' ') + ' ' + (e.textContent || '')"""


def label_of(page, identifier: str) -> str:  # type: ignore[no-untyped-def]
    """Everything Flutter says about a control: its own and its descendants' labels."""
    loc = by_id(page, identifier).first
    loc.wait_for(state="attached", timeout=15_000)
    return str(loc.evaluate(LABEL_JS))


def ids_with(page, pattern: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The semantics identifiers matching the regular expression, in page order."""
    return list(page.evaluate("""(pattern) => Array.from(
        document.querySelectorAll('[flt-semantics-identifier]'))
        .map(e => e.getAttribute('flt-semantics-identifier'))
        .filter(i => new RegExp(pattern).test(i))""", pattern))


CARDS = f"""(prefix) => {{
  const pattern = new RegExp('^' + prefix + '[0-9]+$');
  const label = {LABEL_JS};
  return Array.from(document.querySelectorAll('[flt-semantics-identifier]'))
    .filter(e => pattern.test(e.getAttribute('flt-semantics-identifier')))
    .map(e => [e.getAttribute('flt-semantics-identifier'), label(e)]);
}}"""
CARD_OF = f"""([prefix, texts]) => {{
  const found = ({CARDS})(prefix).filter(([_i, l]) => texts.every(t => l.includes(t)));
  return found.length == 1 ? found[0][0] : null;
}}"""


def card_of(page, prefix: str, *texts: str) -> str:  # type: ignore[no-untyped-def]
    """The identifier ``<prefix><n>`` of the one card whose labels hold every one of
    ``texts``, read from one look at the page (a list being redrawn, e.g. after a filter
    tap, can drop a card between two looks), waiting until exactly one card matches."""
    try:
        handle = page.wait_for_function(CARD_OF, arg=[prefix, list(texts)], timeout=15_000)
    except Exception as error:  # the labels on screen say why none or several matched
        raise AssertionError((texts, dict(page.evaluate(CARDS, prefix)))) from error
    return str(handle.json_value())


VALUE_IS = """([ident, want]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  return !!e && (e.getAttribute('aria-label') || e.textContent || '').trim() == String(want);
}"""


def value_is(page, identifier: str, want: object) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_function(VALUE_IS, arg=[identifier, want], timeout=15_000)


def inked(page, identifier: str) -> float:  # type: ignore[no-untyped-def]
    """The share of the control's pixels that differ clearly from its background (the
    most common colour): a chart that draws nothing is blank."""
    from PIL import Image

    box = by_id(page, identifier).first.bounding_box()
    assert box is not None and box["height"] > 0, identifier
    img = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("RGB")
    colours = img.getcolors(img.width * img.height) or []
    _count, bg = max(colours)
    far = sum(n for n, c in colours if sum(abs(a - b) for a, b in zip(c, bg, strict=True)) > 90)
    return far / (img.width * img.height)


# --------------------------------------------------------------------------- tests

def test_statistics_card_opens_the_persons_charts(phone):
    want = expected("Mei")
    assert want == {"plays": "5", "wins": "3", "average": "10.2", "best": "23", "rate": "60"}
    tap(phone, "home-stats")
    card = card_of(phone, "stats-", "Mei", "Forest Guardians")
    text = label_of(phone, card)
    for key in ("plays", "wins", "average", "best"):
        assert f"{key.capitalize()} {want[key]}" in text, text
    value_is(phone, f"{card}-win-rate", f"Win rate {want['rate']}%")
    ken = card_of(phone, "stats-", "Ken", "Forest Guardians")
    value_is(phone, f"{ken}-win-rate", f"Win rate {expected('Ken')['rate']}%")
    # every card's charts button: a real button (a tap action), 48 px or more
    for charts in (f"{card}-charts", f"{ken}-charts"):
        button = by_id(phone, charts).locator("[flt-tappable]").first
        box = button.bounding_box()
        assert box is not None and box["height"] >= 48 and box["width"] >= 200, box
    assert small_touch_targets(phone) == []
    assert_fits_width(phone)

    # the tap goes to the button's semantics node (what a screen reader activates)
    tap(phone, f"{card}-charts")
    by_id(phone, "person-summary").wait_for(state="attached", timeout=15_000)
    wait_text(phone, "Mei")
    wait_text(phone, "Forest Guardians")
    summary = label_of(phone, "person-summary")
    for key in ("plays", "wins", "average", "best"):
        assert f"{key.capitalize()} {want[key]}" in summary, summary
    value_is(phone, "person-win-rate", f"Win rate {want['rate']}%")
    for chart in ("person-scores-chart", "person-categories-chart"):
        loc = by_id(phone, chart).first
        loc.wait_for(state="attached", timeout=15_000)
        box = loc.bounding_box()
        assert box is not None and box["height"] >= 190, (chart, box)  # height=200
    phone.wait_for_timeout(600)  # the charts animate in
    assert inked(phone, "person-scores-chart") > 0.01
    # the category averages are also written out: trees, animals, fires of Mei's games
    seats = [s for _w, g in IMPORTED for s in g if s[0] == "Mei"] + [PLAYED[0]]
    averages = label_of(phone, "person-categories")
    for category, points in (("Trees", lambda s: sum(s[1])), ("Animals", lambda s: sum(s[2])),
                             ("Fires", lambda s: s[3])):
        assert f"{category}: {statistics.mean(points(s) for s in seats):.1f}" in averages
    assert_fits_width(phone)
    phone.mouse.move(200, 400)
    phone.mouse.wheel(0, -20_000)
    shot(phone, "person-charts")

    tap(phone, "nav-back")
    by_id(phone, f"{card}-charts").wait_for(state="attached", timeout=15_000)


def listed(page, n: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The history's game identifiers, in page order, once there are ``n`` of them."""
    page.wait_for_function("""(n) => document.querySelectorAll(
        '[flt-semantics-identifier^="history-game-"]').length == n""", arg=n, timeout=15_000)
    return ids_with(page, r"^history-game-\d+$")


def test_history_lists_every_game_filters_and_opens_its_breakdown(phone):
    tap(phone, "home-history")
    assert len(listed(phone, len(IMPORTED) + 2)) == len(IMPORTED) + 2
    assert_fits_width(phone)
    assert small_touch_targets(phone) == []

    tap(phone, "history-filter-game-forestry")
    (forestry,) = listed(phone, 1)
    assert "Forestry" in label_of(phone, forestry) and "Pink" in label_of(phone, forestry)

    tap(phone, "history-filter-game-forest-guardians")
    games = [history_line(s) for _w, s in IMPORTED] + [history_line(PLAYED)]
    listed(phone, len(games))  # the filtered list is drawn (not the one before the tap)
    # newest first: the game played now, then the imported ones from May back to February
    order = [card_of(phone, "history-game-", line) for line in reversed(games)]
    assert listed(phone, len(games)) == order

    tap(phone, card_of(phone, "history-filter-person-", "Aiko"))
    (aiko,) = listed(phone, 1)
    assert aiko == order[-1] and "2026-02-01" in label_of(phone, aiko)
    tap(phone, "history-filter-game-forestry")  # Aiko never played Forestry
    listed(phone, 0)
    wait_text(phone, "No finished games match.")
    tap(phone, "history-filter-person-all")
    tap(phone, "history-filter-game-forest-guardians")
    assert listed(phone, len(games)) == order
    assert_fits_width(phone)
    shot(phone, "history")

    # an imported game (no command log): its breakdown from the stored record
    may = IMPORTED[3][1]
    tap(phone, card_of(phone, "history-game-", "2026-05-01", history_line(may)))
    by_id(phone, "score-table").wait_for(state="attached", timeout=15_000)
    for i, (_name, trees, animals, fires) in enumerate(may):
        value_is(phone, f"score-trees-{i}", sum(trees))
        value_is(phone, f"score-animals-{i}", sum(animals))
        value_is(phone, f"score-fires-{i}", fires)
        value_is(phone, f"score-total-{i}", total(may[i]))
    wait_text(phone, "Winner: Mei")
    assert not by_id(phone, "sheet-undo").count()  # nothing to undo in a stored record
    assert_fits_width(phone)

    # the game played in the app: its breakdown from the session
    tap(phone, "nav-back")
    tap(phone, card_of(phone, "history-game-", history_line(PLAYED)))
    by_id(phone, "score-table").wait_for(state="attached", timeout=15_000)
    for i, seat in enumerate(PLAYED):
        value_is(phone, f"score-fires-{i}", seat[3])
        value_is(phone, f"score-total-{i}", total(seat))
    wait_text(phone, "Winner: Mei")

"""Whole boards through the real UI in Chromium at 390×844 (issue 22): taps, keys, scrolls.

Drives ``forest-table serve`` in Debian's chromium with Playwright, the way the browser
tests do (``tests/e2e/conftest.py``: semantics ids, a tap only once the control is on
screen and still), and enters every field of five boards from an empty sheet: the three
Forestry boards of 002's 93-VP example (Pink, Blue, Green: ``full_game_steps``) and both
boards of a basic Forest Guardians game (``tests/data/records/guardians_basic_23.json``).
Each board starts at the top of its player's sheet (at the table each seat's phone shows
its own board; the player chip that switches the host's phone to it is not counted).

- a **tap** is one step (a chip, a button, a "+", a tap on a number field);
- a **key** is a digit typed or the Enter that confirms it;
- a **scroll** is one swipe (a drag, no fling) of at most 0.9 of the screen (760 px), made
  only when the next control is not wholly on the screen: towards it, as far as brings it
  near the top (as far as keeps it on the screen), a swipe per 760 px; every
  swipe is counted (also the harness's own corrections, if any).

The totals on the sheet are checked against the records (Pink 93). Without chromium or
Playwright it says so and measures nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_TAPS, TARGET_SCROLLS = 30, 2  # issue 33: <= 30 taps and <= 2 scrolls a board
VIEWPORT = {"width": 390, "height": 844}
SWIPE = 0.9  # of the screen's height: a drag from near its bottom edge to near its top
GUARDIANS = ROOT / "tests" / "data" / "records" / "guardians_basic_23.json"

#: Wholly on the screen (clear of its edges and of the pinned status strip): no swipe
#: needed to tap it. ``pinned``: the strip's bottom (0 on a screen without one).
VISIBLE_JS = """([ident, edge]) => {
  const strip = document.querySelector('[flt-semantics-identifier="status-strip"]');
  const pinned = strip ? Math.max(0, strip.getBoundingClientRect().bottom) : 0;
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  if (!e) return {where: 'missing', top: 0, pinned};
  const parts = e.matches('[flt-tappable]') ? [e] : [...e.querySelectorAll('[flt-tappable]')];
  const r = (parts[0] || e).getBoundingClientRect();
  if (r.height < 1) return {where: 'clipped', top: r.top, pinned};
  if (r.top < pinned + edge) return {where: 'above', top: r.top, pinned};
  if (r.bottom > window.innerHeight - edge) return {where: 'below', top: r.top, pinned};
  return {where: 'ok', top: r.top, pinned};
}"""
#: Where a control lands after a swipe towards it: this far from the screen's edge (the
#: swipe goes as far as keeps it on the screen, up to a whole swipe).
LAND = 40


class Board:
    def __init__(self, name: str, steps: list[tuple[Any, ...]], total: int) -> None:
        self.name, self.steps, self.total = name, steps, total
        self.scrolls = 0
        self.shown: str = ""


def _serve() -> tuple[subprocess.Popen[bytes], str, Path]:
    from tests.e2e import conftest as E

    port = E._free_port()
    data = Path(tempfile.mkdtemp(prefix="forest-table-bench-"))
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    env.update(FLET_WEB_NO_CDN="1", FLET_FORCE_WEB_SERVER="1",
               FLET_APP_STORAGE_DATA=str(data), PYTHONUNBUFFERED="1")
    log = open(data / "server.log", "w")  # noqa: SIM115 - the server's, closed with it
    proc = subprocess.Popen(
        [*E._forest_table_cmd(), "serve", "--host", "127.0.0.1", "--port", str(port),
         "--no-qr", "--no-browser"], cwd=ROOT, env=env, stdout=log,
        stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    E.wait_until_up(proc, url, data / "server.log", time.monotonic() + E.START_TIMEOUT)
    E.HOST_TOKENS[url] = E.host_token_from_log((data / "server.log").read_text())
    return proc, url, data


class Counter:
    """Every swipe the harness makes while a board is entered (conftest's ``_wheel``)."""

    def __init__(self) -> None:
        from tests.e2e import conftest as E

        self.E, self.n, self._wheel = E, 0, E._wheel

        def counted(page: Any, dy: float) -> float:
            self.n += 1
            return float(self._wheel(page, dy))

        E._wheel = counted

    def swipe(self, page: Any, dy: float) -> None:
        """One swipe of ``dy`` px (the mouse wheel over the page: Flutter scrolls
        ``page.ft_gain`` of its delta, as conftest's ``_wheel`` learns it)."""
        self.n += 1
        page.mouse.move(VIEWPORT["width"] / 2, VIEWPORT["height"] / 2)
        page.mouse.wheel(0, dy / getattr(page, "ft_gain", 0.25))
        page.mouse.move(2, VIEWPORT["height"] / 2)

    def close(self) -> None:
        self.E._wheel = self._wheel


def _to_top(page: Any) -> None:
    page.mouse.move(200, 400)
    page.mouse.wheel(0, -50_000)
    E_settle(page)


def E_settle(page: Any) -> None:
    from tests.e2e import conftest as E

    E.settle(page)


def _reach(page: Any, ident: str, counter: Counter) -> None:
    """Swipe a screen at a time towards control ``ident`` until it is wholly on screen."""
    from tests.e2e import conftest as E

    height = VIEWPORT["height"]
    direction = 1
    for _ in range(40):
        E.settle(page)
        seen = page.evaluate(VISIBLE_JS, [ident, E.EDGE])
        where = seen["where"]
        if where == "ok":
            return
        swipe = height * SWIPE
        if where == "above":
            direction, dy = -1, min(swipe, height - LAND - 48 - seen["top"])
        elif where in ("below", "clipped"):  # it lands clear of the pinned strip
            direction, dy = 1, min(swipe, seen["top"] - seen["pinned"] - LAND)
        else:
            dy = swipe
        before = page.evaluate(E.WHERE_JS)
        counter.swipe(page, direction * dy)
        if os.environ.get("BENCH_DEBUG"):
            E.settle(page)
            print(f"      swipe {direction * dy:.0f}: {ident} {where} at {seen['top']:.0f}"
                  f" -> {page.evaluate(VISIBLE_JS, [ident, E.EDGE])}")
        E.settle(page)
        if where == "missing" and page.evaluate(E.WHERE_JS) == before:
            direction = -direction  # the end of the page: it lies the other way


def _enter(page: Any, board: Board, counter: Counter) -> None:
    from tests.e2e import conftest as E

    start = counter.n
    for s in board.steps:
        ident = s[1] if s[0] == "tap" else f"{s[1]}-value"
        was = counter.n
        _reach(page, ident, counter)
        if os.environ.get("BENCH_DEBUG") and counter.n > was:
            print(f"      {board.name} {ident}: {counter.n - was} swipe(s)")
        try:
            if s[0] == "tap":
                E.tap(page, s[1])
            else:
                E.type_count(page, s[1], s[2])
        except AssertionError:
            shot = Path(tempfile.gettempdir()) / f"bench-board-{board.name}.png"
            page.screenshot(path=str(shot))
            if os.environ.get("BENCH_DEBUG"):
                _to_top(page)
                for n in range(4):
                    page.screenshot(path=str(shot).replace(".png", f"-{n}.png"))
                    E._wheel(page, 600)
                    E.settle(page)
            raise AssertionError(f"{board.name}: {s} failed (screenshot {shot})") from None
    board.scrolls = counter.n - start
    _to_top(page)
    if os.environ.get("BENCH_DEBUG"):
        for n in range(7):
            page.screenshot(path=f"{tempfile.gettempdir()}/bench-{board.name}-end-{n}.png")
            print(n, page.evaluate(E.WHERE_JS))
            E._wheel(page, 675)
            E.settle(page)
        _to_top(page)


def _new_game(page: Any, names: list[str], guardians: bool) -> None:
    from tests.e2e import conftest as E

    E.tap(page, "home-new-game", appears="new-start")
    if guardians:
        E.tap(page, "new-game-forest-guardians")
    else:
        E.tap(page, f"new-count-{len(names)}", appears=f"new-player-{len(names) - 1}-name")
    for i, name in enumerate(names):
        E.fill(page, f"new-player-{i}-name", name)
    if not guardians:
        E.tap(page, "new-tech-A")  # the example plays technology side A
    E.tap(page, "new-start", appears="setup-progress")
    if guardians:
        E.tap(page, "setup-start-play", appears="sheet-start-game")
        E.tap(page, "sheet-start-game", gone="sheet-start-game")
    else:
        E.tap(page, "setup-start-play", appears="sheet-setup")
        for i in range(len(names)):
            E.tap(page, f"sheet-harvester-{i}-{i + 1}")
        E.tap(page, "sheet-start-game", gone="sheet-setup")


def _play(page: Any, boards: list[Board], counter: Counter) -> None:
    from tests.e2e import conftest as E

    for i, board in enumerate(boards):
        _to_top(page)
        if i:
            E.tap(page, f"sheet-player-{i}")
        _to_top(page)
        _enter(page, board, counter)
    _check_totals(page, boards)


def _check_totals(page: Any, boards: list[Board]) -> None:
    """The totals on the scoreboard, once the printed values it asks for are answered as
    the browser test answers them (0: the record's own values; not counted as taps)."""
    from tests.e2e import conftest as E

    _to_top(page)
    E.tap(page, "sheet-scoreboard", appears="score-total-0")
    n = 0
    while E.by_id(page, f"score-need-{n}-value").count():
        E.fill(page, f"score-need-{n}-value", "0")
        E.tap(page, f"score-need-{n}-confirm")
        n += 1
    for i, board in enumerate(boards):
        try:
            page.wait_for_function(
                "([i, want]) => { const e = document.querySelector("
                "`[flt-semantics-identifier=\"${i}\"]`); return !!e && "
                "(e.getAttribute('aria-label') || e.textContent || '').trim() == want; }",
                arg=[f"score-total-{i}", str(board.total)], timeout=E.WAIT_MS)
        except Exception as exc:
            if "Timeout" not in type(exc).__name__:
                raise
        board.shown = E.value_of(page, f"score-total-{i}")
    E.tap(page, "nav-back", appears="sheet-total")


def measure() -> list[Board] | str:
    """The five boards entered in the browser (or why they could not be)."""
    from tests.e2e import conftest as E
    from tests.e2e.full_game_steps import example_93_variants, forestry_steps, guardians_steps

    if not Path(E.CHROMIUM).exists():
        return f"{E.CHROMIUM} missing (apt-get install chromium): not measured"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "playwright missing: not measured"
    expected = {"Pink": 93, "Blue": 91, "Green": 79}
    forestry = [Board(p["name"], forestry_steps(p), expected[p["name"]])
                for p in example_93_variants()["players"]]
    record = json.loads(GUARDIANS.read_text(encoding="utf-8"))
    from scoring.api import score_record

    fg_totals = [int(p.total) for p in score_record(record).players]
    guardians = [Board(p["name"], guardians_steps(p), total)
                 for p, total in zip(record["players"], fg_totals, strict=True)]
    proc, url, data = _serve()
    counter = Counter()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=E.CHROMIUM, args=E.CHROMIUM_ARGS)
            for boards, fg in ((forestry, False), (guardians, True)):
                ctx = browser.new_context(viewport=VIEWPORT, device_scale_factor=2)
                E.instrument(ctx)
                E.as_host(ctx, E.HOST_TOKENS[url])
                page = ctx.new_page()
                page.goto(url)
                E.enable_semantics(page)
                _new_game(page, [b.name for b in boards], fg)
                _play(page, boards, counter)
                ctx.close()
            browser.close()
    finally:
        counter.close()
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        shutil.rmtree(data, ignore_errors=True)
    return forestry + guardians


def main() -> None:
    import sys

    sys.path.insert(0, str(ROOT))
    from tests.e2e.full_game_steps import keys

    t0 = time.perf_counter()
    boards = measure()
    if isinstance(boards, str):
        print(f"   {boards}")
        return
    ok = True
    for b in boards:
        taps = len(b.steps)
        good = taps <= TARGET_TAPS and b.scrolls <= TARGET_SCROLLS and b.shown == str(b.total)
        ok = ok and good
        print(f"   {b.name}: {taps} taps, {keys(b.steps)} keys, {b.scrolls} scrolls"
              f"   (target <= {TARGET_TAPS} taps, <= {TARGET_SCROLLS} scrolls; "
              f"total {b.shown}, want {b.total}){'' if good else '  MISSED'}")
    print(f"   every board within {TARGET_TAPS} taps and {TARGET_SCROLLS} scrolls, totals "
          f"right: {'yes' if ok else 'NO'}  (Chromium 390x844, "
          f"{time.perf_counter() - t0:.0f} s)")


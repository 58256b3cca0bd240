"""Browser end-to-end harness: a real `forest-table serve`, Debian's chromium, Playwright.

One server and one browser for the whole e2e run (start-up is the slow part);
each test gets a fresh browser context (= a fresh phone: empty localStorage)
with a phone viewport. Flutter web draws on a canvas, so controls are found
through its semantics tree: `enable_semantics(page)` switches it on and
`by_id(page, "x")` locates `[flt-semantics-identifier="x"]`.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "screenshots"
PHONES = {"iphone": {"width": 390, "height": 844}, "pixel": {"width": 412, "height": 915}}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 60.0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.e2e)
            if not Path(CHROMIUM).exists():
                item.add_marker(
                    pytest.mark.skip(
                        reason=f"{CHROMIUM} missing: apt-get install chromium (.ci/run does)"
                    )
                )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """On a failed e2e test, keep a screenshot of the phone (path in the report)."""
    outcome = yield
    report = outcome.get_result()
    page = getattr(item, "funcargs", {}).get("phone")
    if report.when == "call" and report.failed and page is not None:
        path = Path(tempfile.gettempdir()) / f"e2e-failure-{item.name}.png".replace("/", "_")
        try:
            page.screenshot(path=str(path))
            report.sections.append(("e2e screenshot", str(path)))
        except Exception:
            pass


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _forest_table_cmd() -> list[str]:
    script = Path(sys.executable).parent / "forest-table"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "app"]


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """Start `forest-table serve` on a free port with a fresh database; yield its URL."""
    port = _free_port()
    data_dir = tempfile.mkdtemp(prefix="forest-table-e2e-")
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    env.update(
        FLET_WEB_NO_CDN="1",
        FLET_FORCE_WEB_SERVER="1",
        FLET_APP_STORAGE_DATA=data_dir,
        PYTHONUNBUFFERED="1",
    )
    log_path = Path(data_dir) / "server.log"
    log = open(log_path, "w")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(
        [*_forest_table_cmd(), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + START_TIMEOUT
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not answer in {START_TIMEOUT}s:\n"
                                   f"{log_path.read_text()}")
            time.sleep(0.3)
        yield url
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        log.close()
        shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    """One chromium per test module (a module may start its own Playwright: only one
    sync Playwright can run at a time, so this one is closed before the next module)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(params=["iphone"])
def phone(request: pytest.FixtureRequest, browser, server_url):  # type: ignore[no-untyped-def]
    """A fresh phone (browser context) with the app open and semantics on."""
    ctx = browser.new_context(viewport=PHONES[request.param], device_scale_factor=2)
    page = ctx.new_page()
    page.requests_seen = []  # type: ignore[attr-defined]
    page.on("request", lambda r: page.requests_seen.append(r.url))  # type: ignore[attr-defined]
    page.goto(server_url)
    enable_semantics(page)
    yield page
    ctx.close()


def enable_semantics(page, timeout: float = 60_000) -> None:  # type: ignore[no-untyped-def]
    """Wait for Flutter to attach, then switch on its semantics (accessibility) tree."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=timeout)
    placeholder.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=timeout)


def by_id(page, identifier: str):  # type: ignore[no-untyped-def]
    """Locate a control wrapped in ft.Semantics(identifier=...)."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def reveal(page, loc, tries: int = 12) -> None:  # type: ignore[no-untyped-def]
    """Scroll Flutter's page (mouse wheel: Flutter owns scrolling) until ``loc`` is on screen."""
    height = page.viewport_size["height"]
    last = None
    for _ in range(tries):
        box = loc.bounding_box()
        if box is None:
            return
        if box["y"] >= 0 and box["y"] + box["height"] <= height:
            if box == last:  # on screen and no longer moving (scrolling has settled)
                return
            last = box
            page.wait_for_timeout(100)
            continue
        page.mouse.move(page.viewport_size["width"] / 2, height / 2)
        delta = box["y"] - height / 3
        page.mouse.wheel(0, max(-height * 0.8, min(height * 0.8, delta)))
        page.wait_for_timeout(150)


def tap(page, identifier: str, timeout: float = 15_000) -> None:  # type: ignore[no-untyped-def]
    """Tap a control by its semantics identifier (scrolled into view first)."""
    loc = by_id(page, identifier).first
    loc.wait_for(state="attached", timeout=timeout)
    reveal(page, loc)
    loc.click()
    page.wait_for_timeout(250)  # the server's redraw arrives before the next step


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a screenshot under docs/screenshots/ (committed, shown in README)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.mouse.move(1, 1)  # no hover tooltip in the picture
    page.wait_for_timeout(600)  # let the frame settle
    page.screenshot(path=str(path))
    return path


def find_text(page, text: str):  # type: ignore[no-untyped-def]
    """A visible text: Flutter exposes it as an aria-label or as element text."""
    return page.get_by_label(text, exact=True).or_(page.get_by_text(text, exact=True)).first


def wait_text(page, text: str, timeout: float = 15_000) -> None:  # type: ignore[no-untyped-def]
    find_text(page, text).wait_for(state="attached", timeout=timeout)


def fill(page, identifier: str, text: str, timeout: float = 15_000,  # type: ignore[no-untyped-def]
         tries: int = 3) -> None:
    """Type into a text field by its semantics identifier, as a user would (typing that
    raced a scroll or a redraw is typed again)."""
    field = by_id(page, identifier).locator("input, textarea").first
    field.wait_for(state="attached", timeout=timeout)
    for _ in range(tries):
        reveal(page, field)
        field.click()
        page.wait_for_timeout(200)  # Flutter moves focus to its own editing element
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
        page.wait_for_timeout(300)  # the change event reaches the server before the next tap
        try:
            if field.input_value() == text:
                return
        except Exception:
            pass


def widest_right_edge(page) -> float:  # type: ignore[no-untyped-def]
    """The right edge (px) of the widest control Flutter reports (semantics tree)."""
    return float(page.evaluate("""() => {
      let right = 0;
      for (const e of document.querySelectorAll('flt-semantics[flt-semantics-identifier]')) {
        const r = e.getBoundingClientRect();
        if (r.width > 0) right = Math.max(right, r.right);
      }
      return right;
    }"""))


def assert_fits_width(page) -> None:  # type: ignore[no-untyped-def]
    """No control reaches past the viewport: nothing needs sideways scrolling."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert widest_right_edge(page) <= width + 0.5


def tap_until_gone(page, identifier: str, gone: str, tries: int = 3,  # type: ignore[no-untyped-def]
                   wait_ms: float = 5_000) -> None:
    """Tap ``identifier`` until control ``gone`` leaves the page (a tap lost to a redraw
    that moved the page under the pointer is tapped again; the session refuses repeats)."""
    for attempt in range(tries):
        tap(page, identifier)
        try:
            by_id(page, gone).first.wait_for(state="detached", timeout=wait_ms)
            return
        except Exception:
            if attempt == tries - 1:
                raise


def small_touch_targets(page, minimum: float = 48) -> list[str]:  # type: ignore[no-untyped-def]
    """Tappable controls (Flutter marks them ``flt-tappable``) smaller than ``minimum`` px.

    Measured twice, 0.8 s apart: a control still animating in (a floating button
    grows from nothing) is small only for a moment.
    """
    first = set(_small_touch_targets(page, minimum))
    if not first:
        return []
    page.wait_for_timeout(800)
    return sorted(first & set(_small_touch_targets(page, minimum)))


def _small_touch_targets(page, minimum: float) -> list[str]:  # type: ignore[no-untyped-def]
    return list(page.evaluate("""(minimum) => {
      const out = [];
      for (const e of document.querySelectorAll('[flt-tappable]')) {
        const r = e.getBoundingClientRect();
        const big = (x) => x.width >= minimum - 0.5 && x.height >= minimum - 0.5;
        let outer = e.parentElement && e.parentElement.closest('[flt-tappable]');
        if (outer && big(outer.getBoundingClientRect())) continue;  // inside a big target
        // cut by the scrolling area's edge (page padding included): not its real size
        const clipped = r.top <= 20 || r.bottom >= window.innerHeight - 20;
        if (r.width > 0 && !clipped && !big(r)) {
          const owner = e.closest('[flt-semantics-identifier]');
          out.push((owner ? owner.getAttribute('flt-semantics-identifier') : e.id)
                   + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
        }
      }
      return out;
    }""", minimum))

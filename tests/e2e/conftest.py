"""Browser end-to-end harness: a real `forest-table serve`, Debian's chromium, Playwright.

One server and one browser for the whole e2e run (start-up is the slow part);
each test gets a fresh browser context (= a fresh phone: empty localStorage)
with a phone viewport. Flutter web draws on a canvas, so controls are found
through its semantics tree: `enable_semantics(page)` switches it on and
`by_id(page, "x")` locates `[flt-semantics-identifier="x"]`.
"""

from __future__ import annotations

import json
import os
import re
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
SERVER_LOGS: list[Path] = []  # the running e2e servers' logs: their end goes in a failure report
#: each session server's data folder (its database: what earlier tests saved there)
SERVER_DATA: dict[str, Path] = {}
#: server URL -> the token of the host link it printed (no trust by address: the laptop's
#: browser is the host because it holds that link, as after opening it once)
HOST_TOKENS: dict[str, str] = {}
HOST_LINK = re.compile(r"^\s+(http://\S+/join/(\S+))\s*$", re.M)
PREF_TOKEN_KEY = "flutter.forest_table.table_token"  # ft.SharedPreferences in localStorage


def host_token_from_log(text: str) -> str:
    """The token of the host link a `serve` log printed."""
    m = HOST_LINK.search(text)
    assert m, f"no host link in the server log:\n{text}"
    return m.group(2)


def as_host(ctx, token: str) -> None:  # type: ignore[no-untyped-def]
    """Make a browser context the laptop's browser that opened the host link before:
    the token is in its storage (where the app keeps it) before any page loads."""
    ctx.add_init_script(
        f"if (!localStorage.getItem({json.dumps(PREF_TOKEN_KEY)})) "
        f"localStorage.setItem({json.dumps(PREF_TOKEN_KEY)}, {json.dumps(json.dumps(token))});")


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
        try:  # what the phone's semantics tree holds: its identifiers, then its words
            seen = page.evaluate("""() => [[...document.querySelectorAll(
                '[flt-semantics-identifier]')].map(e => e.getAttribute(
                'flt-semantics-identifier')).join(' '), document.body.innerText]""")
            report.sections.append(("phone's identifiers", seen[0][:3000]))
            report.sections.append(("phone's text", seen[1][:2000]))
        except Exception:
            pass
        errors = getattr(page, "console_errors", None)
        if errors:
            report.sections.append(("phone's console errors", "\n".join(errors)))
        frames = getattr(page, "ws_frames", None)
        if frames:
            report.sections.append(("app websocket, last frames", "\n".join(frames)))
        for log in SERVER_LOGS:
            try:
                report.sections.append((f"server log {log}", log.read_text()[-3000:]))
            except OSError:
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


def wait_until_up(proc: subprocess.Popen[bytes], url: str, log_path: Path,
                  deadline: float) -> None:
    """Wait until a started `serve` answers ``url`` (its log in the error otherwise)."""
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"server did not answer in {START_TIMEOUT}s:\n"
                               f"{log_path.read_text()}")
        time.sleep(0.3)


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
        [*_forest_table_cmd(), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr",
         "--no-browser"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + START_TIMEOUT
    SERVER_LOGS.append(log_path)
    SERVER_DATA[url] = Path(data_dir)
    try:
        wait_until_up(proc, url, log_path, deadline)
        HOST_TOKENS[url] = host_token_from_log(log_path.read_text())
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
        SERVER_LOGS.remove(log_path)
        if not os.environ.get("FOREST_TABLE_KEEP_E2E_DATA"):  # kept to read a whole log
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
    instrument(ctx)
    if server_url in HOST_TOKENS:
        as_host(ctx, HOST_TOKENS[server_url])
    page = ctx.new_page()
    page.requests_seen = []  # type: ignore[attr-defined]
    page.on("request", lambda r: page.requests_seen.append(r.url))  # type: ignore[attr-defined]
    watch_socket(page)
    page.goto(server_url)
    enable_semantics(page)
    yield page
    ctx.close()


def watch_socket(page) -> None:  # type: ignore[no-untyped-def]
    """Keep the app websocket's last frames (both ways) for a failed test's report."""
    from collections import deque

    frames: deque[str] = deque(maxlen=30)
    page.ws_frames = frames  # type: ignore[attr-defined]
    t0 = time.monotonic()

    def keep(way: str, payload: object) -> None:
        if payload in ("ft-ping", "ft-pong"):  # (a second's keep-alive: it pushed out of
            return  # the report the frames that told what happened, of a 30 s wait)
        frames.append(f"{time.monotonic() - t0:8.2f} {way} {str(payload)[:160]}")

    page.on("websocket", lambda ws: (
        ws.on("framesent", lambda f: keep("sent", f)),
        ws.on("framereceived", lambda f: keep("recv", f))))
    # what the page itself said went wrong (a frame Flutter could not apply or draw)
    errors: deque[str] = deque(maxlen=10)
    page.console_errors = errors  # type: ignore[attr-defined]
    page.on("console", lambda m: m.type == "error" and errors.append(
        f"{time.monotonic() - t0:8.2f} {m.text[:300]}"))
    page.on("pageerror", lambda e: errors.append(f"{time.monotonic() - t0:8.2f} {e}"[:300]))


def enable_semantics(page, timeout: float = 60_000) -> None:  # type: ignore[no-untyped-def]
    """Wait for Flutter to attach, then switch on its semantics (accessibility) tree."""
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=timeout)
    placeholder.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=timeout)


#: a JS predicate: the control ``id`` (a chip, a switch) is shown selected
SELECTED_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!e && [e, ...e.querySelectorAll('*')].some(
    x => x.getAttribute('aria-selected') === 'true' || x.getAttribute('aria-checked') === 'true');
}"""


def by_id(page, identifier: str):  # type: ignore[no-untyped-def]
    """Locate a control wrapped in ft.Semantics(identifier=...)."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


#: How long a tap may take to become possible and to be answered, and a text to appear.
#: Generous: on a loaded machine (two cores, several browsers) the server and Flutter are
#: slow, and a timeout here is a failure, never a retry.
WAIT_MS = 30_000
#: The page counts as settled when nothing changed (no app message, no DOM mutation:
#: Flutter moves its semantics nodes while it scrolls or lays out) for QUIET_MS and for
#: at least QUIET_FRAMES animation frames.
QUIET_MS, QUIET_FRAMES = 150, 3
#: A tap point stays this far from the viewport's top and bottom edges.
EDGE = 16

#: In every page before Flutter starts (``instrument``): count the app websocket's
#: messages, note the last change of the page (a message or a DOM mutation) and count the
#: animation frames since it.
INSTRUMENT_JS = """(() => {
  if (window.__ft) return;
  const ft = window.__ft = {msgs: 0, last: performance.now(), frames: 0,
                            early: !document.querySelector('flutter-view')};
  const changed = () => { ft.last = performance.now(); ft.frames = 0; };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      // the page's link script's answers (app/web/taps.py: ft-ack, ft-lost) are not the app's
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data.startsWith('ft-')) return;
        ft.msgs++; changed();
      });
    }
  };
  new MutationObserver(changed).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true});
  const tick = () => { ft.frames++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()"""

#: Where to tap control ``ident`` (its tappable part, or ``inner``), once the page has
#: settled: null while not settled; else the state — "missing" (not in Flutter's semantics
#: tree: it leaves out what is far off screen), "offscreen" or "clipped" (cut by the
#: screen's edge: scroll by dy), "disabled", "covered" (another node is on top at the tap
#: point: a snack bar, a tooltip) or "ok" with the point, checked with elementFromPoint
#: to be the control (``strict``; without it: on screen is enough).
AIM_JS = """([ident, inner, quiet, frames, edge, strict]) => {
  const ft = window.__ft;
  if (!ft) return {state: 'unwatched'};
  if (performance.now() - ft.last < quiet || ft.frames < frames) return null;
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  if (!e) return {state: 'missing'};
  const H = window.innerHeight, W = window.innerWidth;
  const parts = inner ? [...e.querySelectorAll(inner)]
    : e.matches('[flt-tappable]') ? [e] : [...e.querySelectorAll('[flt-tappable]')];
  const t = parts.length ? parts[0] : e;
  const r = t.getBoundingClientRect();
  const want = H * 0.4, cy = r.top + r.height / 2;
  if (r.width < 1 || r.height < 1)  // cut to nothing by the screen's edge: scroll it in
    return {state: 'clipped', dy: r.top > H / 2 ? r.top - want : r.bottom - want};
  const fits = r.height <= H - 2 * edge;
  const inside = fits ? r.top >= edge && r.bottom <= H - edge : r.top <= want && r.bottom >= want;
  if (!inside) return {state: 'offscreen', dy: cy - want};
  const y = fits ? cy : want;
  const msgs = ft.early ? ft.msgs : null;  // to wait for the answer to a tap
  if (!strict) return {state: 'ok', x: r.left + r.width / 2, y, msgs};
  if ([e, t].some(x => x.getAttribute('aria-disabled') === 'true' || x.disabled === true))
    return {state: 'disabled'};
  for (const fx of [0.5, 0.3, 0.7]) {
    const x = r.left + r.width * fx;
    if (x < 1 || x > W - 1) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && e.contains(hit)) return {state: 'ok', x, y, msgs};
  }
  const hit = document.elementFromPoint(r.left + r.width / 2, y);
  const owner = hit && hit.closest('[flt-semantics-identifier]');
  return {state: 'covered', dy: cy - want,
          by: owner ? owner.getAttribute('flt-semantics-identifier')
              : hit ? (hit.getAttribute('aria-label') || hit.tagName) : null};
}"""
#: Where the page is scrolled to, roughly: the first few controls' positions.
WHERE_JS = """() => [...document.querySelectorAll('flt-semantics[flt-semantics-identifier]')]
  .slice(0, 4).map(e => e.getAttribute('flt-semantics-identifier') + '@'
                        + Math.round(e.getBoundingClientRect().top)).join(' ')"""


def instrument(context) -> None:  # type: ignore[no-untyped-def]
    """Watch every page of a browser context (before it loads): see INSTRUMENT_JS."""
    context.add_init_script(INSTRUMENT_JS)


def _park(page) -> None:  # type: ignore[no-untyped-def]
    """The pointer off every control (the page's left padding): no hover tooltip. (The
    mouse wheel does not scroll the page from there: `aim` scrolls from the middle.)"""
    page.mouse.move(2, page.viewport_size["height"] / 2)


def settle(page, timeout: float = WAIT_MS) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page stops changing (nothing scrolling, no redraw on its way)."""
    page.evaluate(INSTRUMENT_JS)  # a page opened without instrument(): watch it from now
    page.wait_for_function(
        "([q, f]) => performance.now() - window.__ft.last >= q && window.__ft.frames >= f",
        arg=[QUIET_MS, QUIET_FRAMES], timeout=timeout)


def _wheel(page, dy: float) -> float:  # type: ignore[no-untyped-def]
    """Scroll by about ``dy`` px (at most 0.8 of the screen): Flutter owns scrolling, so
    the mouse wheel over the page. Flutter scrolls a fraction of the wheel's delta (a
    quarter at device scale 2): ``page.ft_gain``, learnt from the moves seen. Returns the
    delta sent."""
    size = page.viewport_size
    dy = max(-size["height"] * 0.8, min(size["height"] * 0.8, dy))
    delta = dy / getattr(page, "ft_gain", 0.25)
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    page.mouse.wheel(0, delta)
    _park(page)
    return delta


def _learn_gain(page, delta: float, moved: float) -> None:  # type: ignore[no-untyped-def]
    if abs(delta) > 20 and abs(moved) > 5 and moved * delta > 0:
        page.ft_gain = max(0.05, min(2.0, moved / delta))


def _search(page, identifier: str, deadline: float) -> None:  # type: ignore[no-untyped-def]
    """Scroll up to the top, then down to the end, until control ``identifier`` is in the
    semantics tree (Flutter leaves out what is far off screen), as a user looks for it."""
    height = page.viewport_size["height"]
    for direction in (-1, 1):
        while time.monotonic() < deadline:
            before = page.evaluate(WHERE_JS)
            _wheel(page, direction * height * 0.8)
            settle(page, timeout=max(1, (deadline - time.monotonic()) * 1000))
            if by_id(page, identifier).count():
                return
            if page.evaluate(WHERE_JS) == before:  # the end: it does not move any more
                break


def aim(page, identifier: str, inner: str | None = None,  # type: ignore[no-untyped-def]
        timeout: float = WAIT_MS, strict: bool = True) -> tuple[float, float]:
    """The point to tap control ``identifier``: attached (searched for by scrolling when
    Flutter left it out), scrolled into the screen (clear of its edges unless the page
    cannot scroll further), settled (not moving), enabled and really on top at that point
    (``strict``)."""
    deadline = time.monotonic() + timeout / 1000
    info: dict | None = None  # type: ignore[type-arg]
    missing_since: float | None = None
    searched = False
    edge, last_dy, last_state, sent = EDGE, None, None, 0.0
    while True:
        left = (deadline - time.monotonic()) * 1000
        try:
            if left <= 0:
                raise TimeoutError
            info = page.wait_for_function(
                AIM_JS, arg=[identifier, inner, QUIET_MS, QUIET_FRAMES, edge, strict],
                timeout=left).json_value()
        except Exception as exc:
            if "Timeout" not in type(exc).__name__:
                raise
            raise AssertionError(f"cannot tap {identifier!r} within {timeout / 1000:.0f} s: "
                                 f"{info or 'the page never settled'}") from None
        assert info is not None
        state = info["state"]
        if state == "ok":
            page.ft_msgs = info["msgs"]  # the app messages so far (tap waits for one more)
            return float(info["x"]), float(info["y"])
        if state == "unwatched":  # a page opened without instrument(): watch it from now
            page.evaluate(INSTRUMENT_JS)
            continue
        if state == "missing":  # a screen still on its way, or far off screen
            now = time.monotonic()
            missing_since = missing_since or now
            if not searched and now - missing_since > 1.0:
                searched = True
                _search(page, identifier, deadline)
            else:
                page.wait_for_timeout(100)
            continue
        missing_since = None
        if state in ("offscreen", "clipped", "covered") and abs(info["dy"]) > 8:
            if last_dy is not None:
                if abs(info["dy"] - last_dy) < 1:
                    edge = 0  # the page does not scroll further: the screen's edge will do
                elif state == last_state:
                    _learn_gain(page, sent, last_dy - info["dy"])
            last_dy, last_state = info["dy"], state
            sent = _wheel(page, info["dy"])
        else:  # disabled for now, or under a snack bar or tooltip: wait for it to go
            _park(page)
            page.wait_for_timeout(100)


def reveal(page, identifier: str, timeout: float = WAIT_MS) -> None:  # type: ignore[no-untyped-def]
    """Scroll control ``identifier`` into the screen and wait until it stands still."""
    aim(page, identifier, timeout=timeout, strict=False)


def tap(page, identifier: str, *, appears: str | None = None,  # type: ignore[no-untyped-def]
        gone: str | None = None, until: tuple[str, object] | None = None,
        reply: bool = True, timeout: float = WAIT_MS) -> None:
    """Tap a control by its semantics identifier, once: see ``aim``. Then wait for the
    server's answer (a message on the app's websocket) and for what the tap should do —
    control ``appears`` attached, control ``gone`` detached, JS predicate ``until`` =
    (function, argument) true. ``reply=False``: a control that changes only on the phone
    (an expansion tile) sends nothing. Never tapped twice: a second "+" would count twice."""
    x, y = aim(page, identifier, timeout=timeout)
    sent = page.ft_msgs
    page.mouse.click(x, y)
    _park(page)
    try:
        if reply and sent is not None:
            page.wait_for_function("(n) => window.__ft.msgs > n", arg=sent, timeout=timeout)
        if appears is not None:
            by_id(page, appears).first.wait_for(state="attached", timeout=timeout)
        if gone is not None:
            by_id(page, gone).first.wait_for(state="detached", timeout=timeout)
        if until is not None:
            page.wait_for_function(until[0], arg=until[1], timeout=timeout)
    except Exception as exc:
        if "Timeout" not in type(exc).__name__:
            raise
        what = ("answer from the server" if appears is gone is until is None
                else f"appears={appears} gone={gone} until={until and until[1]}")
        raise AssertionError(f"tapped {identifier!r} at ({x:.0f}, {y:.0f}), no {what} "
                             f"within {timeout / 1000:.0f} s") from None


def menu_tap(page, identifier: str, **kw) -> None:  # type: ignore[no-untyped-def]
    """Tap ``identifier`` in the status strip's menu (⋮, ``status-menu``): open it, then tap."""
    tap(page, "status-menu", appears=identifier, reply=False)
    tap(page, identifier, **kw)


VALUE_JS = """(ident) => {
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : null;
}"""
VALUE_IS_NOT = """([ident, old]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  return !!e && (e.getAttribute('aria-label') || e.textContent || '').trim() !== old;
}"""


def value_of(page, identifier: str, timeout: float = WAIT_MS) -> str:  # type: ignore[no-untyped-def]
    """The text a control shows (its semantics label or text), scrolled into the screen."""
    reveal(page, identifier, timeout=timeout)
    return str(page.evaluate(VALUE_JS, identifier) or "")


def set_stepper(page, ident: str, want: int) -> None:  # type: ignore[no-untyped-def]
    """Bring the − value + stepper ``ident`` to ``want``: tap, wait until its value changed,
    read it back, and so on until it shows ``want`` (a value that went elsewhere is
    corrected, a refused tap fails the test: no blind repeats)."""
    value = f"{ident}-value"
    have = int(value_of(page, value))
    budget = abs(want - have) + 4
    while have != want:
        assert budget > 0, f"{ident}: stuck at {have}, want {want}"
        budget -= 1
        side = "plus" if want > have else "minus"
        tap(page, f"{ident}-{side}", until=(VALUE_IS_NOT, [value, str(have)]))
        have = int(page.evaluate(VALUE_JS, value))  # on screen: it just changed


def type_count(page, ident: str, want: int) -> None:  # type: ignore[no-untyped-def]
    """Type ``want`` into the count ``ident`` with the keypad: a tap on its number opens
    it, a tap per digit, Done; wait until the server's answer shows it (one tap on the
    number, then the keys: the digits and Done)."""
    value = f"{ident}-value"
    tap(page, value, appears="keypad-done")
    for d in str(want):
        tap(page, f"keypad-{d}")
    tap(page, "keypad-done", gone="keypad-done")
    page.wait_for_function("""([ident, want]) => {
      const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
      return !!e && (e.getAttribute('aria-label') || e.textContent || '').trim() === want;
    }""", arg=[value, str(want)], timeout=WAIT_MS)  # the count's semantics value: the server's


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


def wait_text(page, text: str, timeout: float = WAIT_MS) -> None:  # type: ignore[no-untyped-def]
    find_text(page, text).wait_for(state="attached", timeout=timeout)


FOCUSED_JS = """(ident) => {
  const a = document.activeElement;
  return !!a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA');
}"""
FIELD_IS = """([ident, text]) => {
  const e = document.querySelector(`[flt-semantics-identifier="${CSS.escape(ident)}"]`);
  const f = e && e.querySelector('input, textarea');
  return !!f && f.value === text;
}"""


def fill(page, identifier: str, text: str, timeout: float = WAIT_MS,  # type: ignore[no-untyped-def]
         tries: int = 3) -> None:
    """Type into a text field by its semantics identifier, as a user would: tap it, wait for
    the keyboard focus, select all and type; until the field shows ``text`` (typing that
    raced a redraw is typed again: select-all + type gives the same text every time)."""
    for _ in range(tries):
        x, y = aim(page, identifier, inner="input, textarea", timeout=timeout)
        page.mouse.click(x, y)
        _park(page)
        try:
            page.wait_for_function(FOCUSED_JS, arg=identifier, timeout=5_000)
        except Exception as exc:
            if "Timeout" not in type(exc).__name__:
                raise
            continue
        page.keyboard.press("Control+A")
        page.keyboard.type(text)
        try:
            page.wait_for_function(FIELD_IS, arg=[identifier, text], timeout=5_000)
            return
        except Exception as exc:
            if "Timeout" not in type(exc).__name__:
                raise
    raise AssertionError(f"{identifier!r} does not show {text!r} after {tries} tries: "
                         f"{page.evaluate(VALUE_JS, identifier)!r}")


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


def small_touch_targets(page, minimum: float = 48) -> list[str]:  # type: ignore[no-untyped-def]
    """Tappable controls (Flutter marks them ``flt-tappable``) smaller than ``minimum`` px.

    Measured twice, 0.8 s apart: a control still animating in (a chip or a button
    growing from nothing) is small only for a moment.
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


#: Watch, inside the page, for a tap's answer: from the next pointer-down on the page (the
#: tap, as the browser gets it) to the first moment one of controls ``ids`` is wholly
#: inside the viewport (and, with ``old``, shows another value than ``old``). Checked at
#: every DOM change (Flutter's semantics nodes) and every frame, on the page's own clock:
#: a test polling from outside over CDP would add its own delay, more so while the
#: browser is busy drawing another phone (the answer is late by what the test costs).
ANSWER_WATCH_JS = """([name, ids, old]) => {
  const all = window.__ftAnswers || (window.__ftAnswers = {});
  const w = all[name] = {down: null, at: null};
  const shown = () => [].concat(ids).some((id) => {
    const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    if (!e) return false;
    if (old !== null && (e.getAttribute('aria-label') || e.textContent || '').trim() === old)
      return false;
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight
      && r.left >= 0 && r.right <= window.innerWidth;
  });
  const check = () => {
    if (w.at === null && w.down !== null && shown()) w.at = performance.now();
  };
  const down = () => { if (w.down === null) w.down = performance.now(); };
  document.addEventListener('pointerdown', down, true);
  const obs = new MutationObserver(check);
  obs.observe(document.documentElement,
              {subtree: true, childList: true, attributes: true, characterData: true});
  const frame = () => {
    check();
    if (w.at === null) requestAnimationFrame(frame);
    else { obs.disconnect(); document.removeEventListener('pointerdown', down, true); }
  };
  requestAnimationFrame(frame);
}"""


def watch_answer(page, name: str, ids: list[str],  # type: ignore[no-untyped-def]
                 old: str | None = None) -> None:
    """Start watching ``page`` for the answer ``name`` before the tap (ANSWER_WATCH_JS)."""
    page.evaluate(ANSWER_WATCH_JS, [name, ids, old])


def answer_seen(page, name: str) -> float | None:  # type: ignore[no-untyped-def]
    """Seconds from the tap to its answer in the viewport, on the page's clock; None while
    it is not there yet."""
    return page.evaluate("""(n) => { const w = (window.__ftAnswers || {})[n];
      return w && w.at !== null ? (w.at - w.down) / 1000 : null; }""", name)


def answer_late(page, name: str, timeout: float = 10_000) -> float:  # type: ignore[no-untyped-def]
    """Seconds from the tap to its answer in the viewport (waits up to ``timeout`` ms, so a
    late answer says how late)."""
    page.wait_for_function("(n) => { const w = (window.__ftAnswers || {})[n]; "
                           "return !!w && w.at !== null; }", arg=name, timeout=timeout)
    late = answer_seen(page, name)
    assert late is not None
    return late

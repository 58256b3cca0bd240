"""Phones loading the app: bytes and time to the first screen on a throttled link.

Debian's Chromium (Playwright, no ``page.route()``: it turns the HTTP cache off)
with CDP network emulation of a phone on the table's Wi-Fi: 20 Mbit/s down and
up, 40 ms latency. A real ``forest-table serve`` (fresh database, the host link it
prints) and, in the same run, a Flet hello-world served through the same web
layer (app/web) and one served by stock flet-web (``ft.run``), for reference.

Per visit: bytes over the wire (every response's encoded length plus websocket
frames), time from navigation to the first text of the app on screen (read from
Flutter's semantics tree: for the app, its "Joining the table…" line) and to its
first screen (the host link's home screen: "New game"), and the server's share:
websocket opened -> the first page patch back (register, ``main``, the patch),
with the controls and bytes of the page patches the phone got before its first text.

- first visit: a fresh phone (empty cache);
- repeat visit: the same phone opens the link again (a reload, a phone waking up),
  after the first visit's tab stayed open a few seconds; the phone's browser has a
  profile on disk (HTTP cache, V8 code cache), as a real one does; median of 3;
- first-text ratio: app / hello-world first text, unthrottled loopback and
  throttled, as the median over ROUNDS rounds (each round visits the app and the
  hello-worlds in turn with fresh phones, in a rotating order, so that a burst of
  load on the shared machine hits every server alike); the per-round ratios are
  printed too;
- 5 phones joining at once: 5 fresh phones, each on its own 20 Mbit/s link, and
  5 sharing one 20 Mbit/s link (4 Mbit/s each: what a busy Wi-Fi gives).

Targets (issue 14): first load <= 5 MB and <= 3 s; repeat <= 0.5 MB and <= 1.5 s;
first text <= 1.1 x hello-world. ``FOREST_TABLE_BENCH_ROUNDS`` (default 7 on
loopback, 3 throttled) sets the rounds.
"""

from __future__ import annotations

import asyncio
import base64
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
PHONE: Any = {"width": 390, "height": 844}
MBIT = 1_000_000 / 8
LINK = {"offline": False, "latency": 40, "downloadThroughput": 20 * MBIT,
        "uploadThroughput": 20 * MBIT}
#: seconds the first visit's tab stays open before the repeat visits (a player reading
#: the screen; V8 writes its code cache meanwhile)
DWELL = 3.0
#: rounds of the first-text ratio (loopback, throttled)
ROUNDS = int(os.environ.get("FOREST_TABLE_BENCH_ROUNDS", "7"))
THROTTLED_ROUNDS = max(1, min(3, ROUNDS))
TARGETS = {"first_mb": 5.0, "first_s": 3.0, "repeat_mb": 0.5, "repeat_s": 1.5, "ratio": 1.1}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def hello(page: Any) -> None:
    import flet as ft

    page.add(ft.Text("Hello, world!"))


def _serve_hello(port: int, stock: bool) -> None:
    """(subprocess) Serve the hello-world: through app/web, or stock flet-web."""
    os.environ.update(FLET_WEB_NO_CDN="1", FLET_FORCE_WEB_SERVER="1")
    if stock:
        import flet as ft

        ft.run(hello, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port, no_cdn=True)
        return
    from app.resources import assets_dir
    from app.web import server as web

    sock = web.bind("127.0.0.1", port)
    app, _ = web.build_app(hello, assets_dir=assets_dir(), port=port, host="127.0.0.1")
    web.run(app, sock)


class Server:
    def __init__(self, cmd: list[str], port: int, env: dict[str, str]) -> None:
        self.port = port
        self.log = tempfile.NamedTemporaryFile("w+", prefix="bench-web-", suffix=".log")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{port}/"

    def wait(self, pattern: str | None = None, timeout: float = 90) -> str:
        import urllib.request

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("server exited: " + Path(self.log.name).read_text())
            try:
                with urllib.request.urlopen(self.url, timeout=2):
                    pass
                text = Path(self.log.name).read_text()
                if pattern is None:
                    return self.url
                m = re.search(pattern, text)
                if m:
                    return m.group(0)
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError("server did not start: " + Path(self.log.name).read_text())

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()


FIRST_TEXT_JS = """() => {
  const host = document.querySelector('flt-semantics-host');
  return !!host && host.innerText.trim().length > 0;
}"""
#: the app's first screen (the host link opens the home screen): its "New game" button
FONT = "NotoSansJP"
SCREEN_JS = """(text) => {
  const host = document.querySelector('flt-semantics-host');
  return !!host && host.innerText.includes(text);
}"""


def count_controls(payload: str, opcode: int) -> tuple[int, int]:
    """(controls, bytes) in one websocket frame of Flet's protocol (``0x00`` + msgpack)."""
    import msgpack

    raw = base64.b64decode(payload) if opcode == 2 else payload.encode()
    n = 0
    try:
        stack = [msgpack.unpackb(raw[1:], strict_map_key=False)]
    except Exception:
        return 0, len(raw)
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            n += "_c" in x
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return n, len(raw)


async def visit(context: Any, url: str, link: dict[str, Any] | None,
                dwell: float = 0, screen: str | None = None,
                timeout_ms: float = 90_000) -> dict[str, float]:
    """Open ``url`` in a new tab of ``context``: bytes, seconds to first text, server share.

    ``dwell``: seconds the tab then stays open (a player looking at the screen);
    ``screen``: a text of the first screen, waited for after the first text; then (the
    app) until the Japanese font, registered once that screen is out, has arrived.
    """
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Network.enable")
    if link:
        await cdp.send("Network.emulateNetworkConditions", link)
    got = {"bytes": 0.0, "requests": 0.0}
    ws: dict[str, float] = {}

    pending: set[str] = set()
    names: dict[str, str] = {}

    def started(e: dict[str, Any]) -> None:
        if e.get("type") != "WebSocket" and not e["request"]["url"].startswith(("blob:", "data:")):
            pending.add(e["requestId"])
            names[e["requestId"]] = e["request"]["url"]

    def finished(e: dict[str, Any]) -> None:
        got["bytes"] += float(e.get("encodedDataLength", 0))
        got["requests"] += 1
        pending.discard(e["requestId"])
        ws["idle"] = time.perf_counter()
        if FONT in names.get(e["requestId"], ""):
            ws["font"] = ws["idle"]

    def failed(e: dict[str, Any]) -> None:
        pending.discard(e["requestId"])

    frames: list[tuple[float, str, int]] = []

    def frame(e: dict[str, Any]) -> None:
        data = e.get("response", {}).get("payloadData", "")
        opcode = e.get("response", {}).get("opcode")
        got["bytes"] += len(data) * 3 / 4 if opcode == 2 else len(data)
        frames.append((time.perf_counter(), data, opcode))

    cdp.on("Network.requestWillBeSent", started)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.loadingFailed", failed)
    cdp.on("Network.webSocketFrameReceived", frame)
    cdp.on("Network.webSocketCreated", lambda e: ws.setdefault("open", time.perf_counter()))
    t0 = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=max(timeout_ms, 120_000))
    placeholder = page.locator("flt-semantics-placeholder")
    await placeholder.wait_for(state="attached", timeout=timeout_ms)
    await placeholder.dispatch_event("click")
    await page.wait_for_function(FIRST_TEXT_JS, timeout=timeout_ms, polling=20)
    t1 = time.perf_counter()
    t_screen = t1
    if screen:
        await page.wait_for_function(SCREEN_JS, arg=screen, timeout=timeout_ms, polling=20)
        t_screen = time.perf_counter()
    # what loads after the first text (the Japanese font) still counts: wait until no
    # request has been in flight for 300 ms (and, for the app, the font is in)
    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline:
        await page.wait_for_timeout(100)
        if not pending and time.perf_counter() - ws.get("idle", t1) > 0.3 \
                and (not screen or "font" in ws):
            break
    loaded = max(ws.get("idle", t1), t1)
    if dwell:
        await page.wait_for_timeout(dwell * 1000)
    await page.close()
    # frame 1 answers the register message; the page patches follow (main's first)
    before = [f for f in frames if f[0] <= t1]
    counted = [count_controls(d, op) for _, d, op in before[1:]]
    patch = frames[1][0] if len(frames) > 1 else t1
    return {"mb": got["bytes"] / 1e6, "s": t1 - t0, "screen_s": t_screen - t0,
            "server_s": patch - ws.get("open", t1), "requests": got["requests"],
            "loaded_s": loaded - t0, "ws_to_text": t1 - ws.get("open", t1),
            "font_s": ws.get("font", float("nan")) - t0,
            "controls": float(sum(c for c, _ in counted)),
            "patch_bytes": float(sum(b for _, b in counted))}


async def phones(browser: Any, url: str, n: int, link: dict[str, Any],
                 screen: str) -> list[dict[str, float]]:
    contexts = [await browser.new_context(viewport=PHONE) for _ in range(n)]
    try:
        # five renderers compiling the client on this machine's two shared cores are
        # CPU-bound (real phones each have their own): a long timeout
        return list(await asyncio.gather(*(visit(c, url, link, screen=screen,
                                                 timeout_ms=300_000) for c in contexts)))
    finally:
        for c in contexts:
            await c.close()


async def fresh_visit(browser: Any, url: str, link: dict[str, Any] | None,
                      screen: str | None = None) -> dict[str, float]:
    c = await browser.new_context(viewport=PHONE)
    try:
        return await visit(c, url, link, screen=screen)
    finally:
        await c.close()


async def rounds(browser: Any, urls: dict[str, str], n: int, link: dict[str, Any] | None,
                 screen: str) -> dict[str, list[dict[str, float]]]:
    """``n`` rounds, each a fresh phone per server, the order rotating round by round."""
    names = list(urls)
    out: dict[str, list[dict[str, float]]] = {k: [] for k in names}
    for r in range(n):
        for k in names[r % len(names):] + names[:r % len(names)]:
            out[k].append(await fresh_visit(browser, urls[k], link,
                                            screen if k == "app" else None))
    return out


async def measure(app_url: str, hello_url: str, stock_url: str,
                  app_pid: int, screen: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    out: dict[str, Any] = {"load": os.getloadavg()}
    urls = {"app": app_url, "hello": hello_url, "stock": stock_url}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            # warm the servers (first session, imports) once, unthrottled
            for u in urls.values():
                await fresh_visit(browser, u, None)
            for name, url in urls.items():
                # a phone's browser keeps a profile on disk (HTTP cache and V8's code
                # cache); Playwright's new_context() is an off-the-record one
                profile = tempfile.mkdtemp(prefix="bench-web-profile-")
                c = await pw.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=ARGS, viewport=PHONE)
                shown = screen if name == "app" else None
                try:
                    out[f"{name}_first"] = await visit(c, url, LINK, dwell=DWELL, screen=shown)
                    repeats = [await visit(c, url, LINK, screen=shown) for _ in range(3)]
                finally:
                    await c.close()
                    shutil.rmtree(profile, ignore_errors=True)
                repeats.sort(key=lambda v: v["s"])
                out[f"{name}_repeat"] = repeats[1]
                out[f"{name}_repeats"] = [v["s"] for v in repeats]
            out["loopback"] = await rounds(browser, urls, ROUNDS, None, screen)
            # throttled: the persistent profile's first visit is round 1; stock flet-web
            # (10 s a visit) only there
            more = await rounds(browser, {"app": app_url, "hello": hello_url},
                                THROTTLED_ROUNDS - 1, LINK, screen)
            out["throttled"] = {k: [out[f"{k}_first"]] + more.get(k, [])
                                for k in ("app", "hello", "stock")}
            shared = {**LINK, "downloadThroughput": 4 * MBIT, "uploadThroughput": 4 * MBIT}
            for key, link in (("five_own", LINK), ("five_shared", shared)):
                cpu0 = cpu_seconds(app_pid)
                try:
                    out[key] = await phones(browser, app_url, 5, link, screen)
                except Exception as e:  # a loaded machine: say so, keep the other figures
                    out[key], out[key + "_error"] = [], str(e).splitlines()[0]
                out[key + "_cpu"] = cpu_seconds(app_pid) - cpu0
        finally:
            await browser.close()
    return out


def ratios(runs: dict[str, list[dict[str, float]]], key: str = "s",
           of: str = "app", to: str = "hello") -> list[float]:
    """Round by round, ``of`` / ``to`` (the visits of one round are side by side)."""
    return [a[key] / b["s"] for a, b in zip(runs[of], runs[to], strict=False)]


def _mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def _med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def _list(xs: list[float]) -> str:
    return " ".join(f"{x:.2f}" for x in xs)


def report(r: dict[str, Any]) -> None:
    t = TARGETS
    print("  phone link: 20 Mbit/s, 40 ms (CDP network emulation in Chromium)")
    for name, label in (("app", "Forest Table (host link)"), ("hello", "hello-world, app/web"),
                        ("stock", "hello-world, stock flet-web")):
        p = r[f"{name}_repeat"]
        firsts = sorted(r["throttled"][name], key=lambda v: v["s"])
        f = firsts[(len(firsts) - 1) // 2]  # the median visit (the lower one of two)
        times = "/".join(f"{v['s']:.2f}" for v in firsts)
        print(f"  {label}:")
        print(f"     first visit (median of {len(firsts)} fresh phones: {times} s):")
        print(f"        {f['mb']:.2f} MB in {f['requests']:.0f} requests, first "
              f"text {f['s']:.2f} s"
              + (f", first screen {f['screen_s']:.2f} s" if name == "app" else "")
              + (f"   [targets <= {t['first_mb']} MB: {_mark(f['mb'] <= t['first_mb'])},"
                 f" <= {t['first_s']} s: {_mark(f['s'] <= t['first_s'])}]"
                 if name == "app" else ""))
        if name != "stock":  # (stock flet-web: the register answer carries the page)
            print(f"        websocket open -> first page patch {f['server_s'] * 1e3:.0f} ms,"
                  f" -> first text {f['ws_to_text'] * 1e3:.0f} ms; page patches before the"
                  f" first text: {f['controls']:.0f} controls, {f['patch_bytes'] / 1e3:.1f} KB")
        print(f"        everything loaded after {f['loaded_s']:.2f} s"
              + (f" (the Japanese font at {f['font_s']:.2f} s)" if name == "app" else ""))
        reps = "/".join(f"{x:.2f}" for x in r[f"{name}_repeats"])
        print(f"     repeat visit (median of 3: {reps} s): {p['mb']:.3f} MB in "
              f"{p['requests']:.0f} requests, first text {p['s']:.2f} s"
              + (f", first screen {p['screen_s']:.2f} s" if name == "app" else "")
              + (
                  f"   [targets <= {t['repeat_mb']} MB: {_mark(p['mb'] <= t['repeat_mb'])},"
                  f" <= {t['repeat_s']} s: {_mark(p['s'] <= t['repeat_s'])}]"
                  if name == "app" else ""))
    for where, runs in (("loopback, unthrottled", r["loopback"]),
                        ("throttled 20 Mbit/s", r["throttled"])):
        n = len(runs["app"])
        print(f"  {where}, {n} round(s) of fresh phones; first text, median (each round):")
        for name in ("app", "hello", "stock"):
            xs = [v["s"] for v in runs[name]]
            if xs:
                print(f"     {name:5s} {_med(xs):.2f} s ({_list(xs)})")
        print(f"     app's first screen {_med([v['screen_s'] for v in runs['app']]):.2f} s "
              f"({_list([v['screen_s'] for v in runs['app']])})")
        q = ratios(runs)
        qs = ratios(runs, "screen_s")
        print(f"     first-text ratio app / hello-world (app/web): median {_med(q):.2f} "
              f"({_list(q)})   [target <= {t['ratio']}: {_mark(_med(q) <= t['ratio'])}]")
        print(f"     first-screen ratio app / hello-world's first text: median "
              f"{_med(qs):.2f} ({_list(qs)})")
        if runs["stock"]:
            qk = ratios(runs, to="stock")
            print(f"     first-text ratio app / stock flet-web hello-world: median "
                  f"{_med(qk):.2f}")
    for key, label in (("five_own", "5 phones at once, each on its own 20 Mbit/s link"),
                       ("five_shared", "5 phones at once sharing 20 Mbit/s (4 Mbit/s each)")):
        v = r[key]
        if not v:
            print(f"  {label}: failed ({r.get(key + '_error')})")
            continue
        print(f"  {label}: {sum(x['mb'] for x in v):.1f} MB in all; first text "
              f"{min(x['s'] for x in v):.2f}-{max(x['s'] for x in v):.2f} s, everything "
              f"loaded by {max(x['loaded_s'] for x in v):.2f} s; server CPU "
              f"{r[key + '_cpu']:.2f} s")
    print(f"  (this machine: {os.cpu_count()} CPU cores for the server and every browser; "
          f"load average {r['load'][0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end)")


def main() -> None:
    if not Path(CHROMIUM).exists():
        print(f"  skipped: {CHROMIUM} missing")
        return
    from app.resources import assets_dir
    from app.web.static import WebClient

    async def nothing(scope: Any, receive: Any, send: Any) -> None: ...

    t0 = time.perf_counter()
    WebClient(nothing, assets_dir(), compress_in_background=False).compress_all()
    print(f"  compressed variants ready ({time.perf_counter() - t0:.1f} s; cached on disk "
          "after the first run)")
    data = tempfile.mkdtemp(prefix="bench-web-")
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(FLET_APP_STORAGE_DATA=data, PYTHONUNBUFFERED="1", FLET_WEB_NO_CDN="1",
               FLET_FORCE_WEB_SERVER="1")
    py = sys.executable
    ports = [_free_port() for _ in range(3)]
    servers = [
        Server([py, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(ports[0]),
                "--no-qr"], ports[0], env),
        Server([py, "-c", f"from benchmarks.bench_web import _serve_hello; "
                f"_serve_hello({ports[1]}, False)"], ports[1], env),
        Server([py, "-c", f"from benchmarks.bench_web import _serve_hello; "
                f"_serve_hello({ports[2]}, True)"], ports[2], env),
    ]
    try:
        app_url = servers[0].wait(r"http://127\.0\.0\.1:\d+/join/[A-Za-z0-9_-]+")
        hello_url, stock_url = servers[1].wait(), servers[2].wait()
        from app.i18n import Translator

        screen = Translator("en").t("home-new-game")  # the host link's home screen
        report(asyncio.run(measure(app_url, hello_url, stock_url, servers[0].proc.pid,
                                   screen)))
    finally:
        for s in servers:
            s.stop()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()

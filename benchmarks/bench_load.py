"""Phones from outside the server: ``forest-table serve`` driven over Flet's websocket protocol.

A real ``forest-table serve`` (its own process, loopback, a fresh SQLite database with
the tables dealt and started) and raw-protocol phones in other processes: each phone
opens ``/ws`` as the browser does (same ``Origin``), registers with its seat's
``/join/<token>`` route, keeps the page the server sends (the register answer's page,
then every ``PATCH_CONTROL`` applied to it, as the Flutter client does) and answers
the server's method calls (the stored token). It taps its own score track's "+" (the
button inside ``sheet-score-track-plus``, a ``CONTROL_EVENT`` "click") at random
(Poisson, every ``GAP`` seconds on average) for ``DURATION`` seconds.

Measured for every tap: when each **other** phone of the table shows it (the tapper's
total in its ``sheet-player-<seat>`` chip reaches the value the tap makes: its own
taps so far on top of where it started), from the moment the tap left the tapper.
A table's phones live in one process (one clock); the tables are spread over
``WORKERS`` processes, so the generator's own work stays off the server's figures.
A tap some phone never showed by the end (5 s after the last tap) is missing.

Target (issue 23): 200 phones on 50 tables (4 seats a table), each tapping every 8 s
on average for a minute: other phones updated p95 < 300 ms, none later than 2 s,
none missing. ``FOREST_TABLE_LOAD_PHONES`` (a multiple of 4), ``_SECONDS`` change it;
``FOREST_TABLE_LOAD_LOG=FILE`` keeps the server's log.

The server's CPU during the taps is printed with the load average: on a machine busy
with other work the server gets only its share of the two cores, and when that is less
than the redraws need (every tap redraws the table's four phones on the server's one
event loop) the taps queue for the CPU and every figure grows with the run.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Mei", "Bo", "Ana", "Kai"]
PHONES = int(os.environ.get("FOREST_TABLE_LOAD_PHONES", "200"))
DURATION = float(os.environ.get("FOREST_TABLE_LOAD_SECONDS", "60"))
GAP = 8.0  # seconds between a phone's taps, on average
WORKERS = 4
SETTLE = 5.0  # after the last tap: what has not arrived by then is missing
PLUS = "sheet-score-track-plus"
TARGET_P95_MS, TARGET_MAX_MS = 300.0, 2000.0
REGISTER, PATCH, EVENT, INVOKE = 1, 2, 3, 5


# =========================================================================== the page


class Page:
    """The control tree a phone holds: the register answer's page, patched as the client
    does (``[paths, *ops]``: the paths table names the nodes under the patched control;
    replace 0, add 1, remove 2, move 3, applied in order)."""

    def __init__(self, page: dict[str, Any]) -> None:
        self.root = page
        self.index: dict[int, dict[str, Any]] = {}
        #: the controls found by identifier, until a patch brings a new one (or removes)
        self._found: dict[str, dict[str, Any] | None] = {}
        self._reindex(page)

    def _reindex(self, node: Any) -> None:
        stack = [node]
        while stack:
            x = stack.pop()
            if isinstance(x, dict):
                if "_i" in x:
                    self.index[x["_i"]] = x
                if "identifier" in x:
                    self._found.clear()  # a control with an identifier came: look again
                stack.extend(x.values())
            elif isinstance(x, list):
                stack.extend(x)

    def patch(self, target: int, patch: list[Any]) -> None:
        paths, ops = patch[0], patch[1:]
        where: dict[int, list[Any]] = {}

        def walk(node: list[Any], trail: list[Any]) -> None:
            where[node[0]] = trail
            for key, child in (node[1].items() if len(node) > 1 else ()):
                walk(child, [*trail, key])

        walk(paths, [])
        root = self.index[target]

        def at(n: int) -> Any:
            obj: Any = root
            for key in where[n]:
                obj = obj[key]
            return obj

        for op in ops:
            kind = op[0]
            if kind == 0:
                at(op[1])[op[2]] = op[3]
                self._reindex(op[3])
            elif kind == 1:
                obj = at(op[1])
                if isinstance(obj, list):
                    obj.insert(op[2], op[3])
                else:
                    obj[op[2]] = op[3]
                self._reindex(op[3])
            elif kind == 2:
                self._found.clear()
                obj = at(op[1])
                if isinstance(obj, list):
                    obj.pop(op[2])
                else:
                    obj.pop(op[2], None)
            elif kind == 3:
                self._found.clear()
                src = at(op[1])
                value = src.pop(op[2]) if isinstance(src, list) else src.pop(op[2])
                dst = at(op[3])
                if isinstance(dst, list):
                    dst.insert(op[4], value)
                else:
                    dst[op[4]] = value

    def find(self, identifier: str) -> dict[str, Any] | None:
        """The control inside the ``Semantics`` with ``identifier`` (what a test taps);
        looked for again only after a patch added or removed controls (the client's own
        work stays small: it shares the machine with the server)."""
        if identifier in self._found:
            return self._found[identifier]
        found = self._find(identifier)
        self._found[identifier] = found
        return found

    def _find(self, identifier: str) -> dict[str, Any] | None:
        stack: list[tuple[Any, Any]] = [(self.root, None)]
        while stack:
            x, owner = stack.pop()
            if isinstance(x, dict):
                if x.get("identifier") == identifier:
                    if isinstance(owner, dict) and owner.get("_c") == "PopupMenuItem":
                        return owner  # an item of a menu (the status strip's ⋮) is tapped
                    content = x.get("content")
                    return content if isinstance(content, dict) else x
                stack.extend((v, x) for v in x.values())
            elif isinstance(x, list):
                stack.extend((v, owner) for v in x)
        return None

    def totals(self, seats: int) -> list[int | None]:
        """Each player's total as its chip shows it ("Mei  12")."""
        out: list[int | None] = []
        for i in range(seats):
            chip = self.find(f"sheet-player-{i}")
            found = [re.search(r"(-?\d+)\s*$", text)  # "Mei  12", then "you · online"
                     for text in (_texts(chip) if chip is not None else [])]
            m = next((x for x in found if x), None)
            out.append(int(m.group(1)) if m else None)
        return out


def _texts(node: Any) -> list[str]:
    out: list[str] = []
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if isinstance(x.get("value"), str):
                out.append(x["value"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


# =========================================================================== a phone


class Phone:
    """A phone over Flet's own protocol: registers with its seat's link, keeps the page,
    answers method calls, taps its score track's "+".

    ``link``: as the page's link script does (app/web/taps.py), each tap goes with its
    id (``ft-tap <nonce> <seq> <rx>``) and is kept until the server acknowledges it
    (``acked``; ``lost``: answered ``ft-lost``). ``urls``: where it (re)connects: when
    its socket closes (the server process went away) it opens the next one, registers
    with its old session id and its link (a new server process has no such session:
    it makes a new one and the phone finds its seat by its token), and sends again every
    tap not acknowledged, as the link script does."""

    def __init__(self, table: int, seat: int, token: str, *, link: bool = False,
                 source: str | None = None) -> None:
        self.table, self.seat, self.token = table, seat, token
        #: the address it connects from (each table's phones from their own loopback
        #: address, as a room's phones each have theirs: the server caps one address at
        #: 64 connections and 16 sessions, which 200 phones from 127.0.0.1 would pass)
        self.source = source
        self.page: Page | None = None
        self.ws: Any = None
        self.shown: list[int | None] = [None] * len(PLAYERS)
        self.ready = asyncio.Event()
        self.start: int | None = None  # my total when the taps began
        self.taps: list[float] = []  # when each of my taps left
        self.patches = 0
        self.errors: list[str] = []
        self.link = link
        self.nonce = os.urandom(12).hex()
        self.seq = 0
        self.rx = 0  # frames received on this socket
        self.unacked: dict[int, bytes] = {}
        self.acked: list[int] = []
        self.lost: list[int] = []
        self.session_id = ""
        self.connections = 0
        self.url = ""  # the server it is on now

    async def run(self, url: str | list[str], seen: Any,
                  on_register: Any = None) -> None:
        """Keep the phone connected (to ``url``, or the next of a list when a socket
        closes) until cancelled."""
        urls = [url] if isinstance(url, str) else list(url)
        n = 0
        while True:
            self.url = urls[n % len(urls)]
            try:
                await self._connected(self.url, seen, on_register)
            except (TimeoutError, OSError) as exc:  # refused: the process is gone
                self.errors.append(f"connect: {type(exc).__name__}")
            except Exception as exc:
                if not _closed(exc):
                    raise
            if len(urls) == 1 and not self.link:
                return
            n += 1
            await asyncio.sleep(0.2)

    async def _connected(self, url: str, seen: Any, on_register: Any) -> None:
        import msgpack
        from websockets.asyncio.client import connect

        ws_url = url.replace("http://", "ws://") + "/ws"
        self.ready.clear()  # (again once this connection's page has the sheet)
        extra = {"local_addr": (self.source, 0)} if self.source else {}
        self.ws = ws = await connect(ws_url, origin=url, max_size=None,  # type: ignore[arg-type]
                                     open_timeout=120, ping_interval=None, **extra)
        self.connections += 1
        self.rx = 0
        body = {"session_id": self.session_id, "page_name": "",
                "page": {"route": f"/join/{self.token}", "width": 390, "height": 844,
                         "platform": "android", "pwa": False, "web": True}}
        await ws.send(b"\x00" + msgpack.packb([REGISTER, body]))
        async for frame in ws:
            now = time.perf_counter()
            if isinstance(frame, str):
                if frame.startswith("ft-ack "):
                    n = int(frame[7:])
                    if self.unacked.pop(n, None) is not None:
                        self.acked.append(n)
                elif frame.startswith(("ft-lost ", "ft-unsure ")):  # (or unsure)
                    n = int(frame.split(" ", 1)[1])
                    if self.unacked.pop(n, None) is not None:
                        self.lost.append(n)
                continue
            if frame[:1] != b"\x00":
                continue
            self.rx += 1
            action, data = msgpack.unpackb(frame[1:], strict_map_key=False)[:2]
            if action == REGISTER:
                self.session_id = data.get("session_id") or self.session_id
                self.page = Page(data["page_patch"])
                if on_register is not None:
                    on_register(self)
                for n, kept in list(self.unacked.items()):  # as the link script does
                    await ws.send(f"ft-tap {self.nonce} {n} r")
                    await ws.send(kept)
            elif action == PATCH and self.page is not None:
                self.patches += 1
                try:
                    self.page.patch(data["id"], data["patch"])
                except Exception as exc:  # a patch this client could not follow: say so
                    self.errors.append(f"{type(exc).__name__}: {exc}")
                    continue
                self.shown = self.page.totals(len(PLAYERS))
                seen(self, now)
                if not self.ready.is_set() and self.page.find(PLUS) is not None \
                        and None not in self.shown:
                    self.ready.set()
            elif action == INVOKE:  # the stored token, storing a new one: answer at once
                await ws.send(b"\x00" + msgpack.packb([INVOKE, {
                    "control_id": data.get("control_id"), "call_id": data.get("call_id"),
                    "result": None, "error": None}]))

    async def tap(self) -> None:
        import msgpack

        assert self.page is not None
        plus = self.page.find(PLUS)
        if plus is None or "_i" not in plus:
            self.errors.append("no + to tap")
            return
        self.taps.append(time.perf_counter())
        frame = b"\x00" + msgpack.packb([EVENT, {
            "target": plus["_i"], "name": "click", "data": None}])
        if not self.link:
            await self.ws.send(frame)
            return
        self.seq += 1
        self.unacked[self.seq] = frame
        try:
            await self.ws.send(f"ft-tap {self.nonce} {self.seq} {self.rx}")
            await self.ws.send(frame)
        except Exception as exc:  # the socket is going: kept, sent again on the next one
            if not _closed(exc):
                raise


def _closed(exc: BaseException) -> bool:
    from websockets.exceptions import ConnectionClosed

    return isinstance(exc, ConnectionClosed | ConnectionResetError | BrokenPipeError)


def table_address(worker: int, table: int) -> str:
    """The loopback address a generator's table's phones connect from (127.x.y.z)."""
    return f"127.{10 + worker}.{table // 250}.{table % 250 + 1}"


async def _worker(url: str, tables: list[list[str]], duration: float, seed: int,
                  index: int = 0) -> dict[str, Any]:
    phones = [Phone(t, seat, token, source=table_address(index, t))
              for t, tokens in enumerate(tables) for seat, token in enumerate(tokens)]
    by_table: dict[int, list[Phone]] = {}
    for p in phones:
        by_table.setdefault(p.table, []).append(p)
    # (tapper, tap number) -> {other phone's seat: latency ms}
    shown_at: dict[tuple[int, int, int], dict[int, float]] = {}

    def seen(phone: Phone, now: float) -> None:
        for tapper in by_table[phone.table]:
            if tapper is phone or tapper.start is None:
                continue
            value = phone.shown[tapper.seat]
            if value is None:
                continue
            for k, sent in enumerate(tapper.taps):
                key = (tapper.table, tapper.seat, k)
                got = shown_at.setdefault(key, {})
                if phone.seat in got or value < tapper.start + k + 1:
                    continue
                got[phone.seat] = (now - sent) * 1000

    tasks = []
    for p in phones:
        tasks.append(asyncio.create_task(p.run(url, seen)))
        await asyncio.sleep(0.05)  # phones join one after another, as a room fills
    try:
        await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in phones)), 600)
    except TimeoutError:
        pass
    ready = sum(p.ready.is_set() for p in phones)
    for p in phones:  # why one never showed its sheet (the server closed it, say)
        if not p.ready.is_set():
            code = getattr(p.ws, "close_code", None)
            p.errors.append(f"not joined: closed {code} {getattr(p.ws, 'close_reason', '')}"
                            if code is not None else "not joined: no sheet yet")
    print("READY", ready, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # GO
    cpu0 = time.process_time()
    for p in phones:
        p.start = p.shown[p.seat]
    rng = random.Random(seed)

    async def tapping(p: Phone) -> None:
        end = time.perf_counter() + duration
        while True:
            await asyncio.sleep(rng.expovariate(1 / GAP))
            if time.perf_counter() >= end:
                return
            if p.ready.is_set():
                await p.tap()

    await asyncio.gather(*(tapping(p) for p in phones))
    await asyncio.sleep(SETTLE)
    latencies, missing, taps = [], 0, 0
    for p in phones:
        if not p.ready.is_set():
            continue
        others = [o for o in by_table[p.table] if o is not p and o.ready.is_set()]
        for k in range(len(p.taps)):
            taps += 1
            got = shown_at.get((p.table, p.seat, k), {})
            latencies.extend(got.values())
            missing += sum(1 for o in others if o.seat not in got)
    for t in tasks:
        t.cancel()
    for p in phones:
        if p.ws is not None:
            await p.ws.close()
    return {"phones": len(phones), "ready": ready, "taps": taps, "latencies": latencies,
            "missing": missing, "patches": sum(p.patches for p in phones),
            "cpu": time.process_time() - cpu0,
            "errors": sorted({e for p in phones for e in p.errors})[:5]}


def worker_main(argv: list[str]) -> None:
    url, spec = argv[0], json.loads(Path(argv[1]).read_text())
    out = asyncio.run(_worker(url, spec["tables"], spec["duration"], spec["seed"],
                              spec.get("index", 0)))
    print("RESULT " + json.dumps(out), flush=True)


# =========================================================================== the run


def _deal(db: Path | str, tables: int, players: list[str] = PLAYERS) -> list[list[str]]:
    """The tables, dealt and started, and each one's seat tokens (before serve starts);
    ``db``: a SQLite file, or a database URL."""
    from app.game.commands import StartGame
    from app.games.forestry.commands import SetHarvester
    from app.session import GameSession
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(db if isinstance(db, str) else f"sqlite:///{db}")
    hub = TableHub(store)
    out = []
    for t in range(tables):
        s = GameSession.create(store, game="forestry", players=players, seed=t)
        for i in range(len(players)):
            s.apply(SetHarvester(version=s.version, player=i, space=i + 1))
        s.apply(StartGame(version=s.version))
        out.append([hub.issue(s.game_id, seat) for seat in range(1, len(players) + 1)])
    store.engine.dispose()
    return out


@contextmanager
def serving(tmp: Path, db: Path | str, workers: int = 1) -> Iterator[tuple[str, Any]]:
    """``forest-table serve`` on loopback and a free port over ``db`` (a SQLite file or a
    database URL), with ``workers`` processes: (its URL, Server)."""
    from benchmarks.bench_web import Server, _free_port

    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(FLET_APP_STORAGE_DATA=str(tmp / "data"), PYTHONUNBUFFERED="1",
               FLET_WEB_NO_CDN="1", FLET_FORCE_WEB_SERVER="1",
               DATABASE_URL=db if isinstance(db, str) else f"sqlite:///{db}",
               FOREST_TABLE_NO_BROWSER="1")
    port = _free_port()
    server = Server([sys.executable, "-m", "app", "serve", "--host", "127.0.0.1",
                     "--port", str(port), "--no-qr", "--no-browser",
                     *(["--workers", str(workers)] if workers > 1 else [])], port, env)
    try:
        server.wait(r"Stop the server", timeout=120)
        yield f"http://127.0.0.1:{port}", server
    finally:
        if os.environ.get("FOREST_TABLE_LOAD_LOG"):  # the server's log, kept (with
            # FOREST_TABLE_TRACE=1: each command's time in the hub)
            shutil.copy(server.log.name, os.environ["FOREST_TABLE_LOAD_LOG"])
        server.stop()


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and of its children now alive (``serve --workers``)."""
    from benchmarks.bench_web import cpu_seconds

    total = cpu_seconds(pid)
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                total += cpu_seconds(int(d.name))
    return total


def run(phones: int = PHONES, duration: float = DURATION, db_url: str | None = None,
        server_workers: int = 1) -> dict[str, Any]:
    """One run: the tables dealt into a fresh SQLite file (or the database ``db_url``),
    ``serve`` with ``server_workers`` processes, the phones tapping for ``duration``."""
    cpu_seconds = tree_cpu_seconds

    tables = phones // len(PLAYERS)
    tmp = Path(tempfile.mkdtemp(prefix="bench-load-"))
    load0 = os.getloadavg()
    try:
        db: Path | str = db_url if db_url is not None else tmp / "load.sqlite3"
        tokens = _deal(db, tables)
        workers: list[subprocess.Popen[str]] = []
        with serving(tmp, db, server_workers) as (url, server):
            try:
                n = min(WORKERS, tables)
                for w in range(n):
                    spec = tmp / f"worker{w}.json"
                    spec.write_text(json.dumps({"tables": tokens[w::n], "index": w,
                                                "duration": duration, "seed": w}))
                    workers.append(subprocess.Popen(
                        [sys.executable, "-m", "benchmarks.bench_load", "worker", url,
                         str(spec)], cwd=ROOT, stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True))
                t0 = time.perf_counter()
                ready = 0
                for w in workers:
                    assert w.stdout is not None
                    line = w.stdout.readline()
                    ready += int(line.split()[1]) if line.startswith("READY") else 0
                joined = time.perf_counter() - t0
                cpu0, wall0 = cpu_seconds(server.proc.pid), time.perf_counter()
                for w in workers:
                    assert w.stdin is not None
                    w.stdin.write("GO\n")
                    w.stdin.flush()
                results = []
                for w in workers:
                    out, _ = w.communicate(timeout=duration + 120)
                    line = next((x for x in out.splitlines() if x.startswith("RESULT ")),
                                None)
                    if line is not None:
                        results.append(json.loads(line[7:]))
                cpu = cpu_seconds(server.proc.pid) - cpu0
                wall = time.perf_counter() - wall0
            finally:
                for w in workers:
                    if w.poll() is None:
                        w.kill()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    lat = [x for r in results for x in r["latencies"]]
    return {"phones": phones, "tables": tables, "ready": ready, "joined_s": joined,
            "taps": sum(r["taps"] for r in results), "latencies": lat,
            "missing": sum(r["missing"] for r in results),
            "errors": [e for r in results for e in r["errors"]],
            "server_cpu": cpu / wall if wall else float("nan"),
            "phones_cpu": sum(r.get("cpu", 0.0) for r in results) / wall if wall
            else float("nan"),
            "load": (load0[0], os.getloadavg()[0])}


def main() -> None:
    from app.resources import assets_dir
    from app.web.static import WebClient

    async def nothing(scope: Any, receive: Any, send: Any) -> None: ...

    # the compressed variants first (once per flet-web version): not during the run
    WebClient(nothing, assets_dir(), compress_in_background=False).compress_all()
    r = run()
    lat = r["latencies"]
    p95, worst = _pct(lat, 95), max(lat) if lat else float("nan")
    late = sum(1 for x in lat if x > TARGET_MAX_MS)
    ok = p95 < TARGET_P95_MS and late == 0 and r["missing"] == 0 and r["ready"] == r["phones"]
    print(f"  {r['phones']} phones on {r['tables']} tables (raw Flet protocol, {WORKERS} "
          f"processes), each tapping every {GAP:.0f} s on average for {DURATION:.0f} s: "
          f"{r['taps']} taps; {r['ready']} of {r['phones']} phones joined in "
          f"{r['joined_s']:.1f} s")
    print(f"     tap -> every other phone of the table updated: p50 {_pct(lat, 50):.0f} ms, "
          f"p95 {p95:.0f} ms, max {worst:.0f} ms over {len(lat)} updates; later than 2 s: "
          f"{late}; missing: {r['missing']}   (target p95 < {TARGET_P95_MS:.0f} ms, none "
          f"later than 2 s, none missing: {'ok' if ok else 'MISSED'})")
    print(f"     server CPU {r['server_cpu'] * 100:.0f} % of one core during the taps; "
          f"load average {r['load'][0]:.1f} at the start, {r['load'][1]:.1f} at the end")
    cores = os.cpu_count() or 1
    if max(r["load"]) > cores:
        print(f"     note: load average above the {cores} cores: the server got only its "
              "share of the CPU, so these are not quiet-machine figures")
    if r["errors"]:
        print(f"     phone errors: {'; '.join(r['errors'][:5])}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["worker"]:
        worker_main(sys.argv[2:])
    else:
        main()

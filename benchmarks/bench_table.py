"""Table mode under load: command arrival -> every session of the table has its update queued.

Simulated sessions, no browser: each is a real Flet ``Session`` (a recording
connection instead of a websocket) running table mode
(:class:`app.ui.shell.tab.TableTab`: the app's full sheet locked to a
seat or the table host) subscribed to a real
:class:`app.table.hub.TableHub` over a SQLite file (WAL), as ``forest-table serve``
runs them. Commands arrive open-loop (Poisson) on the event loop and are
submitted from worker threads (``asyncio.to_thread``), like a tap.

Measured per accepted command: from its arrival to the moment the last session
of its table has its update queued (its snapshot handed to the tab, which runs a
redraw on its session unless one is already waiting: ``page.run_task``), and to
the moment the last session has drawn it or a later version (its patch built,
encoded with msgpack as the web server does, and handed to the connection).
Memory per session: Python heap (tracemalloc) of a subscribed, rendered session.

Targets: p95 < 50 ms at 1 table x 5 sessions, < 100 ms at 50 tables x 5 sessions.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

PLAYERS = ["Mei", "Bo", "Ana", "Kai"]
SESSIONS_PER_TABLE = 5  # the host and four seats
TARGETS_MS = {1: 50.0, 50: 100.0}


def _pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


class _Client:
    """One simulated browser tab: a Flet Session on a connection that encodes what it sends.

    Like Flet's web server, every message is encoded with msgpack (the encoder
    also records what the phone now has, which the next redraw's diff needs),
    and the session is registered first (REGISTER_CLIENT: the page as it is
    before ``main`` runs). So each redraw costs what it costs in
    ``forest-table serve``: build, diff, encode.
    """

    def __init__(self, pubsub: Any) -> None:
        import msgpack
        from flet.controls.base_control import BaseControl
        from flet.messaging.connection import Connection
        from flet.messaging.protocol import (
            Message,
            MessageAction,
            RegisterClientResponseBody,
            configure_encode_object_for_msgpack,
        )
        from flet.messaging.session import Session

        encode = configure_encode_object_for_msgpack(BaseControl)

        class Recording(Connection):  # type: ignore[misc]
            def __init__(self) -> None:
                super().__init__()
                self.messages = 0
                self.sent_bytes = 0
                self.pubsubhub = pubsub
                self.loop = asyncio.get_running_loop()
                self.executor = ThreadPoolExecutor(max_workers=1)
                self.page_url = "http://127.0.0.1:8550"

            def send_message(self, message: Any) -> None:
                self.messages += 1
                self.sent_bytes += len(msgpack.packb([message.action, message.body],
                                                     default=encode))

        self.conn = Recording()
        self.session = Session(self.conn)
        self.session.attach_connection(self.conn)
        self.conn.send_message(Message(  # the browser's REGISTER_CLIENT, answered
            MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(session_id=self.session.id,
                                       page_patch=self.session.get_page_patch(), error="")))
        self.page = self.session.page


async def _scenario(tables: int, commands: int, rate: float, seed: int = 1) -> dict[str, Any]:
    from flet.controls.context import _context_page
    from flet.pubsub.pubsub_hub import PubSubHub

    from app.game.commands import StartGame
    from app.games.forestry.commands import AddScore, SetHarvester
    from app.server import tune_runtime
    from app.session import GameSession
    from app.store.facade import Store
    from app.table.answers import Accepted
    from app.table.hub import TableHub
    from app.ui.kit.live_table import OpenTable
    from app.ui.shell.tab import TableTab

    tmp = Path(tempfile.mkdtemp(prefix="bench-table-"))
    store = Store.open(f"sqlite:///{tmp / 'bench.sqlite3'}")
    games = []
    for t in range(tables):
        s = GameSession.create(store, game="forestry", players=PLAYERS, seed=t)
        for i in range(len(PLAYERS)):
            s.apply(SetHarvester(version=s.version, player=i, space=i + 1))
        s.apply(StartGame(version=s.version))
        games.append(s.game_id)
    hub = TableHub(store)
    seat_tokens = {g: [hub.issue(g, seat) for seat in range(1, len(PLAYERS) + 1)] for g in games}
    pubsub = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))

    async def open_tab(token: str) -> TableTab:
        client = _Client(pubsub)
        ctx = _context_page.set(client.page)
        tab = TableTab(client.page, hub, None)
        tab.client = client  # type: ignore[attr-defined]  # keeps the session alive
        tab.loop = asyncio.get_running_loop()
        _context_page.reset(ctx)
        await tab.open(token)
        assert tab.access is not None and tab.app is not None
        # the subscription the tab's sheet just made (the newest of its table)
        tab.sub = hub._tables[tab.access.game_id].subscribers[-1]  # type: ignore[attr-defined]
        return tab

    # one session first, uncounted: imports and caches are paid once per process
    warm = await open_tab(hub.issue(games[0]))
    warm._closed()
    tune_runtime()  # as forest-table serve does once the open tables are loaded
    # sessions: host + 4 seats per table, each subscribed and rendered
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tabs: list[TableTab] = []
    for g in games:
        for token in [hub.issue(g), *seat_tokens[g]]:
            tabs.append(await open_tab(token))
    await asyncio.sleep(0.2)
    per_session = (tracemalloc.get_traced_memory()[0] - before) / len(tabs)
    tracemalloc.stop()
    assert all(tab.app is not None for tab in tabs)

    # time stamps: when each session got (queued) each version, and its renders:
    # a tab draws the newest snapshot it has, so a version counts as rendered on a
    # session by its first render at that version or a later one
    queued: dict[tuple[int, int], list[float]] = defaultdict(list)
    renders: dict[int, list[tuple[float, int]]] = defaultdict(list)  # tab -> (time, version)
    redraw_cpu: list[float] = []  # CPU time of each redraw (build, diff, encode), ms
    for tab in tabs:
        assert tab.sub is not None
        original = tab.sub.callback

        def timed(snap: Any, original: Any = original) -> None:
            original(snap)
            queued[(snap.game_id, snap.version)].append(time.perf_counter())

        tab.sub.callback = timed
        app, gid = tab.app, tab.sub.game_id
        presenter = app.states.get(OpenTable, gid)[0]  # the sheet's presenter (screens/sheet.py)
        refresh = app.refresh

        mine = renders[id(tab)]

        def timed_refresh(refresh: Any = refresh, presenter: Any = presenter,
                          mine: list[tuple[float, int]] = mine) -> None:
            cpu0 = time.thread_time()
            refresh()
            redraw_cpu.append((time.thread_time() - cpu0) * 1000)
            mine.append((time.perf_counter(), presenter.version))

        app.refresh = timed_refresh

    rng = random.Random(seed)
    arrivals: dict[tuple[int, int], float] = {}
    refused = 0

    async def tap(game_id: int, seat: int) -> None:
        nonlocal refused
        arrived = time.perf_counter()
        version = hub.snapshot(game_id).version  # what the tapping phone shows
        cmd = AddScore(version=version, player=seat, delta=1)
        res = await asyncio.to_thread(hub.submit, game_id, seat_tokens[game_id][seat], cmd)
        if isinstance(res, Accepted):
            arrivals[(game_id, res.snapshot.version)] = arrived
        else:
            refused += 1

    tasks = []
    start = time.perf_counter()
    at = 0.0
    for _ in range(commands):
        at += rng.expovariate(rate)
        delay = start + at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(tap(rng.choice(games), rng.randrange(len(PLAYERS)))))
    await asyncio.gather(*tasks)
    await asyncio.sleep(0.5)  # let the last renders run
    for tab in tabs:
        tab._closed()

    tabs_of: dict[int, list[TableTab]] = defaultdict(list)
    for tab in tabs:
        tabs_of[tab.sub.game_id].append(tab)

    def drawn(tab: TableTab, version: int) -> float | None:
        return next((t for t, v in renders[id(tab)] if v >= version), None)

    lat_q, lat_r = [], []
    for (gid, version), t0 in arrivals.items():
        if len(queued[(gid, version)]) == SESSIONS_PER_TABLE:
            lat_q.append((max(queued[(gid, version)]) - t0) * 1000)
        times = [drawn(tab, version) for tab in tabs_of[gid]]
        if all(t is not None for t in times):
            lat_r.append((max(t for t in times if t is not None) - t0) * 1000)
    store.engine.dispose()
    return {"tables": tables, "sessions": len(tabs), "commands": commands, "rate": rate,
            "accepted": len(arrivals), "refused_stale": refused, "queued": lat_q,
            "rendered": lat_r, "per_session_kib": per_session / 1024,
            "redraw_cpu": redraw_cpu}


def run(tables: int, commands: int, rate: float) -> dict[str, Any]:
    import gc

    try:
        return asyncio.run(_scenario(tables, commands, rate))
    finally:
        gc.unfreeze()
        gc.set_threshold(700, 10, 10)
        sys.setswitchinterval(0.005)


def main() -> None:
    import logging

    logging.getLogger("flet").setLevel(logging.WARNING)
    for tables, commands, rate in ((1, 150, 20.0), (50, 400, 40.0)):
        r = run(tables, commands, rate)
        q, d = r["queued"], r["rendered"]
        target = TARGETS_MS[tables]
        p95 = _pct(q, 95)
        print(f"  {tables:>2} table(s) x {SESSIONS_PER_TABLE} sessions ({r['sessions']} in all), "
              f"{commands} taps at {rate:.0f}/s: accepted {r['accepted']}, "
              f"stale {r['refused_stale']}")
        print(f"     arrival -> every session's update queued: p50 {_pct(q, 50):.1f} ms, "
              f"p95 {p95:.1f} ms, max {max(q):.1f} ms   (target p95 < {target:.0f} ms: "
              f"{'ok' if p95 < target else 'MISSED'})")
        print(f"     arrival -> every session rendered:        p50 {_pct(d, 50):.1f} ms, "
              f"p95 {_pct(d, 95):.1f} ms")
        c = r["redraw_cpu"]
        print(f"     CPU per phone redraw (build, diff, encode): median {_pct(c, 50):.2f} ms, "
              f"p95 {_pct(c, 95):.2f} ms over {len(c)} redraws")
        print(f"     mean {statistics.fmean(q):.1f} ms; memory per session (Python heap of a "
              f"subscribed, rendered session): {r['per_session_kib']:.0f} KiB")
    from app.cache import report_lines

    print("  identity caches after both runs (app/cache.py: entries kept of the size, hits, "
          "misses):")
    for line in report_lines():
        print(line)


if __name__ == "__main__":
    main()

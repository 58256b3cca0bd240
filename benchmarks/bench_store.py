"""Store benchmark: a person's statistics and a history page at 10,000 and 100,000 games.

Target: each under 200 ms at 100,000 finished games, and 10x the data well
under 10x the time (the queries are index range scans, not table scans).
The data: a club of 8 people (2-4 per game, so each plays ~37% of all games),
70% Forestry (7-8 scoring categories), 30% Forest Guardians (4), characters
and rangers, a realistic record JSON per game; in a temporary SQLite file
migrated like a real database. ``python -m benchmarks store``.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from app.store import queries
from app.store.engine import open_engine
from app.store.summary import rebuild_stats

PEOPLE = ["Mei", "Bo", "Ann", "Kenji", "Lea", "Omar", "Sofia", "Tom"]
FORESTRY_CATS = ["score_track", "buildings", "water", "tasks", "forester_majority", "resources",
                 "wood"]
GUARDIANS_CATS = ["trees", "animals", "fires", "ranger"]
CHARACTERS = [None, "trade_specialist", "forest_ecologist", "logistics_manager",
              "monitoring_specialist", "forest_worker", "forest_road_manager", "technician"]
RANGERS = [None, "julia", "jack", "fluffy", "bean"]
SIZES = (10_000, 100_000)
TARGET_MS = 200.0
BATCH = 20_000


def _record(kind: str, names: list[str], chars: list[str | None],
            played: datetime) -> dict[str, Any]:
    if kind == "forestry":
        players: list[dict[str, Any]] = [
            {"name": n, "character": c, "score_track": 40, "buildings": {"forest": 2,
             "sawmill": ["orange"]}, "storage": {"extensions": 1, "wood": 1, "infested_wood": 0},
             "resources": {"coins": 3, "construction_materials": 1, "seedlings": 0,
                           "temp_workers": 0},
             "forestry_table": [{"type": "thinning", "count": 2}],
             "forester_tokens_below": {"thinning": 1},
             "reforestation_table": {"light_green": 2, "dark_green": 1, "orange": 1},
             "seedlings_below": 0, "river_tokens": ["furniture"], "contracts": [["furniture"]],
             "task_cards": [{"contract": "furniture"}]} for n, c in zip(names, chars, strict=True)]
        options: dict[str, Any] = {"mode": "standard", "technology_side": "A"}
    else:
        players = [{"name": n, "ranger": c, "tree_points": [2, 6, 3], "animal_cards": [3, 6],
                    "animals_in_shelter": 1, "fire_tokens": 3, "calocedrus_on_mountains": 0}
                   for n, c in zip(names, chars, strict=True)]
        options = {"advanced": True}
    return {"format": "forest-table/record", "version": 1, "game": kind,
            "played_at": played.isoformat(), "options": options, "players": players}


SQL = {
    "game": "INSERT INTO game (id, game, options, seed, location, status, complete, source,"
            " created_at, updated_at, finished_at, played_at)"
            " VALUES (?, ?, '{}', ?, NULL, 'finished', 1, 'app', ?, ?, ?, ?)",
    "seat": "INSERT INTO seat (id, game_id, person_id, seat, colour, character, game, finished,"
            " played_at, total, rank, winner) VALUES (?, ?, ?, ?, NULL, ?, ?, 1, ?, ?, ?, ?)",
    "seat_category": "INSERT INTO seat_category (seat_id, category, points, person_id, game)"
                     " VALUES (?, ?, ?, ?, ?)",
    "finished_record": "INSERT INTO finished_record (game_id, record, sheet, created_at)"
                       " VALUES (?, ?, '{}', ?)",
}


def _sqlite_ts(dt: datetime) -> str:
    """How the store's UTC timestamps look in SQLite (naive UTC, microseconds)."""
    return dt.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


def populate(engine: Engine, n_games: int, *, seed: int = 1) -> None:
    """Bulk-insert ``n_games`` finished games into a migrated SQLite database.

    Plain DB-API ``executemany`` with explicit ids in one transaction (the ORM
    would spend most of the time building parameters); then the statistics
    summaries are rebuilt from the seats, as the 0004 migration does.
    """
    rng = random.Random(seed)
    start = datetime(2020, 1, 1, 18, 0, tzinfo=UTC)
    now = _sqlite_ts(datetime.now(UTC))
    with engine.begin() as conn:
        # a big page cache while loading: index inserts land all over the B-trees
        conn.exec_driver_sql("PRAGMA cache_size=-262144")
        conn.exec_driver_sql(
            "INSERT INTO person (id, name, key, uid, created_at) VALUES (?, ?, ?, ?, ?)",
            [(i + 1, n, n.casefold(), f"BENCH-{i + 1}", now) for i, n in enumerate(PEOPLE)])
        rows: dict[str, list[tuple[Any, ...]]] = {name: [] for name in SQL}
        seat_id = 0

        def flush() -> None:
            for name, batch in rows.items():
                if batch:
                    conn.exec_driver_sql(SQL[name], batch)
                    batch.clear()

        for gid in range(1, n_games + 1):
            kind = "forestry" if rng.random() < 0.7 else "forest-guardians"
            n = rng.randint(2, 4)
            who = rng.sample(range(len(PEOPLE)), n)
            played = start + timedelta(hours=gid * 0.7 + rng.random())
            ts = _sqlite_ts(played)
            pool = CHARACTERS if kind == "forestry" else RANGERS
            chars = [rng.choice(pool) for _ in who]
            cat_names = FORESTRY_CATS if kind == "forestry" else GUARDIANS_CATS
            if kind == "forestry" and rng.random() < 0.3:
                cat_names = [*cat_names, "detached"]
            points = [{c: rng.randint(0, 45 if c == "score_track" else 15) for c in cat_names}
                      for _ in who]
            totals = [sum(p.values()) for p in points]
            best = max(totals)
            rows["game"].append((gid, kind, rng.getrandbits(32), ts, ts, ts, ts))
            for s, (p, pts, total, ch) in enumerate(zip(who, points, totals, chars,
                                                        strict=True)):
                seat_id += 1
                rows["seat"].append((seat_id, gid, p + 1, s + 1, ch, kind, ts, total,
                                     1 + sum(t > total for t in totals), int(total == best)))
                rows["seat_category"].extend((seat_id, c, v, p + 1, kind) for c, v in pts.items())
            record = _record(kind, [PEOPLE[p] for p in who], chars, played)
            rows["finished_record"].append((gid, json.dumps(record), now))
            if len(rows["game"]) >= BATCH:
                flush()
        flush()
    t0 = time.perf_counter()
    with Session(engine) as session:  # the statistics summaries, as the migration builds them
        rebuild_stats(session)
        session.commit()
    with engine.connect() as conn:
        conn.exec_driver_sql("ANALYZE")
    print(f"   {n_games:>7,} games: statistics summaries rebuilt in "
          f"{time.perf_counter() - t0:.1f} s")


def _time(fn: Callable[[], object], runs: int = 7) -> float:
    fn()  # warm the page cache and statement cache
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def measure(engine: Engine) -> dict[str, float]:
    """Median milliseconds of each measured query."""
    with Session(engine) as s:
        cases: dict[str, Callable[[], object]] = {
            "person stats (Mei, all games)": lambda: queries.person_stats(s, person="Mei"),
            "history page 1 (all)": lambda: queries.history(s, limit=20),
            "history page 1 (all, with total)": lambda: queries.history(s, limit=20,
                                                                        with_total=True),
            "history page 1 (Mei, forestry)": lambda: queries.history(
                s, person="Mei", game="forestry", limit=20),
            "history March 2020 (Mei)": lambda: queries.history(
                s, person="Mei", since=date(2020, 3, 1), until=date(2020, 3, 31)),
            "history page 50 (Mei)": lambda: queries.history(s, person="Mei", limit=20,
                                                             offset=49 * 20),
            "head-to-head (Mei, Bo)": lambda: queries.head_to_head(s, a="Mei", b="Bo"),
        }
        return {name: _time(fn) for name, fn in cases.items()}


def main() -> None:
    results: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in SIZES:
            path = Path(tmp) / f"bench-{n}.sqlite3"
            engine = open_engine(f"sqlite:///{path}")
            t0 = time.perf_counter()
            populate(engine, n)
            print(f"   {n:>7,} games inserted in {time.perf_counter() - t0:.1f} s "
                  f"({path.stat().st_size / 1e6:.0f} MB)")
            results[n] = measure(engine)
            engine.dispose()
    small, big = SIZES
    print(f"   {'query':<32} {small:>9,} {big:>9,}   ratio  (target < {TARGET_MS:.0f} ms)")
    ok = True
    for name in results[small]:
        a, b = results[small][name], results[big][name]
        flag = "ok" if b < TARGET_MS else "SLOW"
        ok &= b < TARGET_MS
        print(f"   {name:<32} {a:>6.1f} ms {b:>6.1f} ms {b / a:>6.1f}x  {flag}")
    print("   all under target" if ok else "   SOME QUERIES OVER TARGET")


if __name__ == "__main__":
    main()

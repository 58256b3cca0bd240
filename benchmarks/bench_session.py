"""Session benchmark: time per ``GameSession.apply`` including the SQLite commit.

A 4-player Forestry game with the infestation module, in a temporary SQLite
file migrated like a real database (WAL). A realistic mix of taps (counts,
scores that spawn infested wood, forester tokens, seedlings, buildings, round
tokens, undo/redo) is applied; each call is timed from the tap to the
acknowledged, committed snapshot. Also: reloading the game (replaying its log
and checking it against the stored snapshot).

Target: p95 under 50 ms per tap (a phone tap must feel instant at the table),
reload of a full game (~400 log entries) under 2 s. ``python -m benchmarks session``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from app.game.commands import StartGame
from app.game.errors import DomainError
from app.games.forestry.commands import (
    AddScore,
    BuildForestBuilding,
    OpenStorageExtension,
    PlaceForester,
    PlantSeedling,
    RevealRoundToken,
    SetCount,
    SetHarvester,
)
from app.session import GameSession
from app.store.engine import open_engine
from app.store.facade import Store

TAPS = 400
TARGET_P95_MS = 50.0
TARGET_RELOAD_S = 2.0
AREAS = ("light_green", "dark_green", "orange")
TYPES = ("thinning", "den_tree", "painting")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _tap(s: GameSession, k: int) -> None:
    p = k % 4
    v = s.version
    step = k % 10
    if step == 0:
        s.apply(AddScore(version=v, player=p, delta=3))
    elif step == 1:
        s.apply(PlaceForester(version=v, player=p, type=TYPES[(k // 4) % 3]))
    elif step == 2:
        s.apply(PlantSeedling(version=v, player=p, area=AREAS[(k // 4) % 3]))
    elif step == 3:
        s.apply(SetCount(version=v, player=p, field="resources.coins", value=k % 20))
    elif step == 4:
        s.undo(v)
    elif step == 5:
        s.redo(v)
    elif step == 6 and k % 40 == 6:
        s.apply(RevealRoundToken(version=v))
    elif step == 7 and k % 80 == 7:
        s.apply(OpenStorageExtension(version=v, player=p))
    elif step == 8 and k % 60 == 8:
        s.apply(BuildForestBuilding(version=v, player=p))
    else:
        s.apply(SetCount(version=v, player=p, field="resources.temp_workers", value=k % 5))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        engine = open_engine(url)
        store = Store(engine)
        s = GameSession.create(store, game="forestry", players=["A", "B", "C", "D"],
                               options={"infestation": True}, seed=2026)
        for i, space in enumerate((2, 6, 9, 13)):
            s.apply(SetHarvester(version=s.version, player=i, space=space))
        s.apply(StartGame(version=s.version))
        times: list[float] = []
        refused = 0
        for k in range(TAPS):
            t0 = time.perf_counter()
            try:
                _tap(s, k)
            except DomainError:
                refused += 1
                continue
            times.append((time.perf_counter() - t0) * 1000)
        p50, p95 = _percentile(times, 0.50), _percentile(times, 0.95)
        ok = "ok" if p95 < TARGET_P95_MS else "OVER TARGET"
        print(f"   apply + commit (SQLite file, WAL): {len(times)} taps ({refused} refused), "
              f"p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {max(times):.2f} ms, "
              f"mean {statistics.fmean(times):.2f} ms  [target p95 < {TARGET_P95_MS:.0f} ms: "
              f"{ok}]")

        t0 = time.perf_counter()
        again = GameSession.load(store, s.game_id)
        reload_s = time.perf_counter() - t0
        assert again.state == s.state
        ok = "ok" if reload_s < TARGET_RELOAD_S else "OVER TARGET"
        print(f"   reload (replay {again.version} log entries + snapshot check): "
              f"{reload_s * 1000:.0f} ms  [target < {TARGET_RELOAD_S:.0f} s: {ok}]")
        engine.dispose()


if __name__ == "__main__":
    main()

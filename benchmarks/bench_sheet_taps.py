"""Taps to enter a whole Forestry board on an empty sheet (issue 11: Pink's 93-VP board of
002 in at most 30 taps).

The taps are the ones the browser test makes (``tests/e2e/full_game_steps.py``, used by
``tests/e2e/test_full_game.py`` and ``tests/app/test_ui_sheet_entry.py``, which check the
board scores 93): one per chip or button, one per "+" on a count of 1, one per count
typed into its number field (a tap on the field; the digits and Enter are the keyboard's,
counted apart). This module replays them through the app shell in pure Python (no
Flutter) and checks the totals, so the figure printed is of taps that really enter it.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_TAPS = 30


def _keys(steps: list[tuple[object, ...]]) -> int:
    return sum(len(str(s[2])) + 1 for s in steps if s[0] == "type")


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from tests.app.flet_harness import memory_services, start_app, tap
    from tests.app.test_ui_sheet_entry import new_forestry, presenter, refresh, step
    from tests.e2e.full_game_steps import example_93_variants, forestry_steps, taps

    record = example_93_variants()
    players = record["players"]

    async def run() -> list[int]:
        client, app = await start_app(services=svc)
        await new_forestry(client, app, [p["name"] for p in players])
        for i, player in enumerate(players):
            await tap(client, f"sheet-player-{i}")
            await refresh(client)
            for s in forestry_steps(player):
                await step(client, s)
        return [p.total for p in presenter(app).sheet().players]

    svc = memory_services()
    t0 = time.perf_counter()
    totals = asyncio.run(run())
    elapsed = time.perf_counter() - t0
    for player, total in zip(players, totals, strict=True):
        steps = forestry_steps(player)
        typed = sum(1 for s in steps if s[0] == "type")
        mark = f"  (target <= {TARGET_TAPS})" if player["name"] == "Pink" else ""
        print(f"   {player['name']:<6} total {total:>3}: {taps(steps):>2} taps "
              f"({typed} of them a typed count, {_keys(steps)} keys){mark}")
    ok = totals[0] == 93 and taps(forestry_steps(players[0])) <= TARGET_TAPS
    print(f"   Pink's 93-VP board entered and scored 93 in <= {TARGET_TAPS} taps: "
          f"{'yes' if ok else 'NO'}  (replayed through the app shell in {elapsed:.1f} s)")

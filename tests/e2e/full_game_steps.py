"""The taps that enter a record's player board on the player sheet (no browser here).

Shared by tests/e2e/test_full_game.py (real browser) and tests/app/test_ui_finish.py
(the same taps through the pure-Python harness), so both enter the example the same way.
A step is ``("tap", id)`` (an action button: place a forester, plant, build...) or
``("set", id, value)`` (a − value + stepper brought to ``value``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
EXAMPLE_93 = RECORDS / "forestry_93vp_worked_example.json"

DOUBLE_ORDER = ("building", "furniture", "innovation", "accessory")  # the sheet's id order


def example_93() -> dict[str, Any]:
    return dict(json.loads(EXAMPLE_93.read_text(encoding="utf-8")))


def dash(text: str) -> str:
    return text.replace("_", "-")


def _task_id(task: dict[str, Any]) -> str:
    if "contract" in task:
        return f"sheet-task-add-contract-{task['contract']}"
    if "forester" in task:
        return f"sheet-task-add-forester-{task['forester']}"
    if "sawmill_upgrade" in task:
        return f"sheet-task-add-sawmill-{task['sawmill_upgrade']}"
    if "seedlings" in task:
        return f"sheet-task-add-seedlings-{task['seedlings']}"
    if task.get("river_token"):
        return "sheet-task-add-river"
    if "forest_building" in task:
        return "sheet-task-add-forest-building"
    raise ValueError(f"no control for task card {task}")


def _contract_id(categories: list[str]) -> str:
    if len(categories) == 1:
        return f"sheet-contract-{categories[0]}"
    a, b = sorted(categories, key=DOUBLE_ORDER.index)
    return f"sheet-contract-double-{a}-{b}"


def forestry_steps(player: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every field of a Forestry record player, as taps on its sheet.

    Actions first (they may pay or score), then the counts as printed on the
    board; the score track last (it is the board's final position).
    """
    steps: list[tuple[Any, ...]] = []
    steps += [("tap", "sheet-storage-extensions")] * player["storage"]["extensions"]
    steps += [("tap", "sheet-build-forest")] * player["buildings"]["forest"]
    steps += [("tap", f"sheet-upgrade-{area}")
              for area in player["buildings"]["sawmill"]]
    for column in player["forestry_table"]:
        steps += [("tap", f"sheet-place-{column['type']}")] * column["count"]
    for area, n in player["reforestation_table"].items():
        steps += [("tap", f"sheet-plant-{area}")] * n
    for symbol in player["river_tokens"]:
        steps.append(("tap", f"sheet-river-{symbol}-plus"))
    steps += [("tap", _contract_id(list(c))) for c in player["contracts"]]
    for i, task in enumerate(player["task_cards"]):
        steps.append(("tap", _task_id(task)))
        if "forest_building" in task:
            steps.append(("tap", f"sheet-task-{i}-met-{'yes' if task.get('met') else 'no'}"))
    for kind, n in player["forester_tokens_below"].items():
        steps.append(("set", f"sheet-forester-tokens-below-{dash(kind)}", n))
    steps.append(("set", "sheet-seedlings-below", player["seedlings_below"]))
    for name, n in player["resources"].items():
        steps.append(("set", f"sheet-resources-{dash(name)}", n))
    steps.append(("set", "sheet-storage-wood", player["storage"]["wood"]))
    steps.append(("set", "sheet-score-track", player["score_track"]))
    return steps

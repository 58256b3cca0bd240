"""The taps that enter a record's player board on the player sheet (no browser here).

Shared by tests/e2e/test_full_game.py (real browser) and tests/app/test_ui_finish.py
(the same taps through the pure-Python harness), so both enter the example the same way.
A step is ``("tap", id)`` (one tap: a chip, a button, a stepper's "+") or
``("type", id, value)`` (a count typed into its number field: one tap on the field,
the digits, Enter). Every step is one tap in the count ``taps()`` gives (issue 11:
the 93-VP Pink board in at most 30 taps from an empty sheet).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scoring.forestry.enums import RiverSymbol

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
EXAMPLE_93 = RECORDS / "forestry_93vp_worked_example.json"

DOUBLE_ORDER = ("building", "furniture", "innovation", "accessory")  # the sheet's id order
#: the river tokens as the sheet lists them (scoring.forestry.enums.RiverSymbol)
RIVER_ORDER = tuple(s.value for s in RiverSymbol)
#: the task card rows and buttons of the sheet, top to bottom (by the record's task key)
#: the task cards' add buttons as the sheet packs them: the contracts beside the river
#: token, the seedlings beside the forester token, the sawmill beside the forest building
TASK_ORDER = ("contract", "river_token", "seedlings", "forester", "sawmill_upgrade",
              "forest_building")


def example_93() -> dict[str, Any]:
    return dict(json.loads(EXAMPLE_93.read_text(encoding="utf-8")))


def example_93_variants() -> dict[str, Any]:
    """The 93-VP example with two boards entered as issue 11 asks, same totals.

    Blue: two thinning columns ([thinning 3, thinning 3, den tree 3], a den tree
    token below; its painting task card becomes a thinning one). Green: a den
    tree token below *by choice* (its den tree column is full, the table could
    still take a new column: 002). Forester majority stays Blue > Pink > Green, so
    Pink 93, Blue 91, Green 79.
    """
    record = example_93()
    blue, green = record["players"][1], record["players"][2]
    blue["forestry_table"] = [{"type": "thinning", "count": 3},
                              {"type": "thinning", "count": 3},
                              {"type": "den_tree", "count": 3}]
    blue["task_cards"][0] = {"forester": "thinning"}
    green["forestry_table"] = [{"type": "den_tree", "count": 3},
                               {"type": "painting", "count": 1}]
    green["forester_tokens_below"] = {"den_tree": 1}
    return record


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


def _contract_steps(categories: list[str]) -> list[tuple[Any, ...]]:
    """A single contract: its category's tile; a two-category one: its pair's button."""
    if len(categories) == 1:
        return [("tap", f"sheet-contract-{categories[0]}")]
    a, b = sorted(categories, key=DOUBLE_ORDER.index)
    return [("tap", f"sheet-contract-double-{a}-{b}")]


def _count(ident: str, n: int) -> list[tuple[Any, ...]]:
    """A count from 0: nothing for 0, "+" for 1, typed otherwise (one tap each way)."""
    if n == 0:
        return []
    if n == 1:
        return [("tap", f"{ident}-plus")]
    return [("type", ident, n)]


def forestry_steps(player: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every field of a Forestry record player, as taps on an empty sheet.

    In the board's reading order (screen 1: score, resources, storage, buildings,
    contracts; screen 2: the forestry and reforestation tables, river tokens, task
    cards), in which every intermediate board is legal: a table before what lies
    below it, storage extensions before the wood in them. Nothing the app suggests
    is applied: the score track is typed as the board shows it.
    """
    steps: list[tuple[Any, ...]] = []
    steps += _count("sheet-score-track", player["score_track"])
    for name, n in player["resources"].items():
        steps += _count(f"sheet-resources-{dash(name)}", n)
    steps += _count("sheet-storage-extensions", player["storage"]["extensions"])
    steps += _count("sheet-storage-wood", player["storage"]["wood"])
    # the building track's counts are typed under its slots (a slot's picker is two taps)
    steps += [("type", "sheet-buildings-forest", player["buildings"]["forest"])] \
        if player["buildings"]["forest"] else []
    for area in ("light_green", "dark_green", "orange"):
        n = player["buildings"]["sawmill"].count(area)
        steps += [("type", f"sheet-buildings-sawmill-{dash(area)}", n)] if n else []
    # the cards in the order the sheet lays out their buttons (a player holds them in any
    # order; none of them scores by its place): single contracts before two-category ones,
    # task cards by their row (contract, seedlings, forester, sawmill, river, building)
    contracts = sorted(player["contracts"], key=len)
    for c in contracts:
        steps += _contract_steps(list(c))
    # the forestry table: the columns' types along its head (a column is started once the
    # one on its left is), then their counts (a started column holds 1), row by row
    columns = player["forestry_table"]
    steps += [("tap", f"sheet-column-{i}-type-{c['type']}") for i, c in enumerate(columns)]
    steps += [("tap", f"sheet-column-{i}-count-{c['count']}") for i, c in
              sorted(enumerate(columns), key=lambda ic: ic[1]["count"]) if c["count"] != 1]
    # the reforestation table: each area's top seedling, row by row (row 1 on top)
    steps += [("tap", f"sheet-seedlings-{area}-{n}") for area, n in
              sorted(player["reforestation_table"].items(), key=lambda an: an[1]) if n]
    # below the reforestation table: a row of tiles, each opening its keypad
    below = {"seedlings-below": player["seedlings_below"],
             **{f"forester-tokens-below-{dash(k)}": n
                for k, n in player["forester_tokens_below"].items()}}
    steps += [("type", f"sheet-{name}", n) for name, n in below.items() if n]
    for symbol in sorted(player["river_tokens"], key=RIVER_ORDER.index):  # as on the sheet
        steps.append(("tap", f"sheet-river-{symbol}-plus"))
    tasks = sorted(player["task_cards"], key=lambda task: TASK_ORDER.index(
        next(k for k in TASK_ORDER if k in task)))
    for i, task in enumerate(tasks):
        steps.append(("tap", _task_id(task)))
        if task.get("met"):
            steps.append(("tap", f"sheet-task-{i}-met-yes"))
    return steps


def taps(steps: list[tuple[Any, ...]]) -> int:
    """Taps the steps take: one per step (a typed count: its number, then the keypad's keys)."""
    return len(steps)


def guardians_steps(player: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every field of a Forest Guardians record player (basic game), as taps on an empty
    sheet: the tree rows, the animal cards (a button per value), fire tokens, shelter."""
    steps: list[tuple[Any, ...]] = []
    for row, points in enumerate(player["tree_points"], start=1):
        steps += _count(f"sheet-tree-points-{row}", points)
    steps += [("tap", f"sheet-animal-add-{n}") for n in player["animal_cards"]]
    steps += _count("sheet-fire-tokens", player["fire_tokens"])
    steps += _count("sheet-animals-in-shelter", player["animals_in_shelter"])
    return steps


def keys(steps: list[tuple[Any, ...]]) -> int:
    """Keys the steps type: a typed count's digits and Done, on the keypad."""
    return sum(len(str(s[2])) + 1 for s in steps if s[0] == "type")

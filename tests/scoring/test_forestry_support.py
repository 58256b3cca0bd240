"""Builders for Forestry test records (record v1 dicts), shared by the Forestry tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


def load(name: str) -> dict[str, Any]:
    """A record from tests/data/records."""
    data: dict[str, Any] = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    return data


def player(name: str, **fields: Any) -> dict[str, Any]:
    """A valid, empty-board player; ``fields`` replace whole fields."""
    out: dict[str, Any] = {
        "name": name,
        "character": None,
        "score_track": 0,
        "buildings": {"forest": 0, "sawmill": []},
        "storage": {"extensions": 0, "wood": 0, "infested_wood": 0},
        "resources": {"coins": 0, "construction_materials": 0, "seedlings": 0,
                      "temp_workers": 0},
        "forestry_table": [],
        "forester_tokens_below": {},
        "reforestation_table": {"light_green": 0, "dark_green": 0, "orange": 0},
        "seedlings_below": 0,
        "river_tokens": [],
        "contracts": [],
        "task_cards": [],
    }
    out.update(copy.deepcopy(fields))
    return out


def record(*players: dict[str, Any], mode: str = "standard", side: str | None = "A",
           growing_forward: dict[str, bool] | None = None,
           printed: dict[str, Any] | None = None,
           detached: list[dict[str, Any]] | None = None, **top: Any) -> dict[str, Any]:
    """A valid Forestry record around ``players``."""
    options: dict[str, Any] = {"mode": mode, "technology_side": side}
    if growing_forward is not None:
        options["growing_forward"] = growing_forward
    out: dict[str, Any] = {"format": "forest-table/record", "version": 1, "game": "forestry",
                           "options": options}
    if printed is not None:
        out["printed"] = printed
    if detached is not None:
        out["detached_storages"] = detached
    out["players"] = [copy.deepcopy(p) for p in players]
    out.update(top)
    return out


def columns(*counts: int, kinds: tuple[str, ...] = ("thinning", "den_tree", "painting")
            ) -> list[dict[str, Any]]:
    """Forestry table columns with the given counts (types in order)."""
    return [{"type": kinds[i], "count": c} for i, c in enumerate(counts)]


#: Printed values used where a test is not about them: every count known.
#: (Test inputs only: the product ships none of these, see scoring/printed.py.)
ALL_PRINTED = {
    "buildings_vp": {str(n): 2 * n for n in range(7)},
    "tasks_vp": {str(n): 3 * n for n in range(16)},
}

"""Golden transcripts of seeded Forestry deals (tests/data/golden/forestry_*.json).

Each case deals ``(options, players, seed)`` and compares ``SetupPlan.to_json(english)``
— the setup JSON contract of ``forest-table setup --json``, worded in English — with the
checked-in transcript, showing a unified diff on mismatch. It lives with the English
wording tests (the dealer's own tests, tests/setup, assert codes). A change to the dealer
or to the English catalogue that alters any deal must be deliberate: regenerate with

    UPDATE_GOLDEN=1 .venv/bin/pytest -q tests/app/test_l10n_setup_golden.py

and review the diff of tests/data/golden/ before committing it.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path

import pytest

from app.l10n import english
from scoring.forestry.enums import Character, Mode, TechnologySide
from setup.forestry.plan import ForestryOptions, deal

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

CASES: dict[str, tuple[ForestryOptions, int, int]] = {
    "1p_standard": (ForestryOptions(), 1, 101),
    "2p_standard": (ForestryOptions(), 2, 202),
    "3p_standard": (ForestryOptions(), 3, 303),
    "4p_standard": (ForestryOptions(), 4, 404),
    "2p_tutorial": (ForestryOptions(mode=Mode.TUTORIAL), 2, 7),
    "3p_side_b": (ForestryOptions(technology_side=TechnologySide.B), 3, 8),
    "4p_advanced": (ForestryOptions(mode=Mode.ADVANCED), 4, 9),
    "1p_advanced_tutorial_table_asymmetric": (
        ForestryOptions(mode=Mode.ADVANCED, tutorial_table=True, asymmetric=True),
        1,
        10,
    ),
    "2p_infestation": (ForestryOptions(infestation=True), 2, 11),
    "3p_infestation_asymmetric": (ForestryOptions(infestation=True, asymmetric=True), 3, 12),
    "4p_advanced_infestation_road_manager_technician": (
        ForestryOptions(
            mode=Mode.ADVANCED,
            infestation=True,
            characters=(Character.FOREST_ROAD_MANAGER, Character.TECHNICIAN),
        ),
        4,
        13,
    ),
    "2p_advanced_trade_specialist": (
        ForestryOptions(mode=Mode.ADVANCED, characters=(Character.TRADE_SPECIALIST,)),
        2,
        14,
    ),
    # a 2-player deal whose spawn deck runs out before setup step 14 (reshuffle in setup)
    "2p_reshuffle_during_setup": (ForestryOptions(), 2, 1),
}


def _text(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    options, players, seed = CASES[name]
    actual = _text(deal(options, players, seed).to_json(english))
    path = GOLDEN / f"forestry_{name}.json"
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), f"{path} missing: run with UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"golden/{path.name}",
                tofile="dealt now",
            )
        )
        pytest.fail(f"deal differs from the golden transcript:\n{diff}")


def test_reshuffle_case_really_reshuffles() -> None:
    options, players, seed = CASES["2p_reshuffle_during_setup"]
    plan = deal(options, players, seed)
    cycles = {r.cycle for r in plan.spawn_reveals}
    assert len(cycles) == 3, "pick a seed whose setup runs the spawn deck out"

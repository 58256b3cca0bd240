"""Derived values of the Forestry domain model."""

from __future__ import annotations

from scoring.forestry.enums import Area, Character, ContractCategory, ForesterType
from scoring.forestry.model import (
    Buildings,
    Contract,
    ForesterTokens,
    ForestryColumn,
    ForestryPlayer,
    Reforestation,
    Storage,
    buildings_used,
    contracts_fulfilled,
    forester_tokens_of,
    forester_tokens_total,
    seedlings_planted,
    unlocked_storage_spaces,
    water_multiplier,
    water_steps,
)

T, D, P = ForesterType.THINNING, ForesterType.DEN_TREE, ForesterType.PAINTING


def pink() -> ForestryPlayer:
    """Pink of 002's worked example."""
    return ForestryPlayer(
        "Pink", score_track=45,
        buildings=Buildings(3, (Area.LIGHT_GREEN, Area.ORANGE)),
        storage=Storage(3, 1, 0),
        forestry_table=(ForestryColumn(T, 3), ForestryColumn(D, 2), ForestryColumn(P, 2)),
        forester_tokens_below=ForesterTokens(thinning=1),
        reforestation_table=Reforestation(3, 2, 1),
        contracts=(Contract((ContractCategory.FURNITURE,)),),
    )


def test_worked_example_derived_values() -> None:
    p = pink()
    assert water_multiplier(p) == 4
    assert water_steps(p) == ("forestry table row 2", "third storage extension",
                              "fifth building token")
    assert forester_tokens_total(p) == 8
    assert forester_tokens_of(p, T) == 4
    assert buildings_used(p) == 5
    assert unlocked_storage_spaces(p) == 5
    assert seedlings_planted(p) == 6
    assert contracts_fulfilled(p) == 1


def test_multiplier_starts_at_1_and_stops_at_5() -> None:
    assert water_multiplier(ForestryPlayer("A")) == 1
    full = ForestryPlayer(
        "A", buildings=Buildings(6), storage=Storage(3),
        forestry_table=(ForestryColumn(T, 3), ForestryColumn(T, 3), ForestryColumn(D, 3)),
        reforestation_table=Reforestation(3, 3, 3))
    assert water_multiplier(full) == 5


def test_row_2_needs_all_three_columns() -> None:
    two_columns = ForestryPlayer("A", forestry_table=(ForestryColumn(T, 3), ForestryColumn(D, 3)))
    assert water_multiplier(two_columns) == 1


def test_forest_worker_multiplier() -> None:
    fw = ForestryPlayer(
        "W", character=Character.FOREST_WORKER, full_seedling_rows=3, storage=Storage(3),
        buildings=Buildings(5),
        forestry_table=(ForestryColumn(T, 2), ForestryColumn(D, 2), ForestryColumn(P, 2)),
        reforestation_table=Reforestation(2, 2, 2))
    # 3 rows + third extension; no row-2 steps, no fifth-building step
    assert water_steps(fw).count("full seedling row") == 3
    assert water_multiplier(fw) == 5
    fw0 = ForestryPlayer("W", character=Character.FOREST_WORKER, full_seedling_rows=0,
                         buildings=Buildings(5))
    assert water_multiplier(fw0) == 1


def test_seedlings_below_count_as_planted() -> None:
    p = ForestryPlayer("A", reforestation_table=Reforestation(3, 0, 0), seedlings_below=2)
    assert seedlings_planted(p) == 5

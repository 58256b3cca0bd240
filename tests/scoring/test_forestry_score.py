"""Known answers for Forestry end-game scoring (002 and 001 worked examples, rules cases)."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.api import score_record
from scoring.forestry.record import parse_forestry
from scoring.forestry.score import NoteCode, score_forestry
from scoring.message import Msg, msg
from scoring.printed import AskCode
from scoring.sheet import PlayerScore, ScoreSheet
from tests.refused import has_params
from tests.scoring.test_forestry_support import ALL_PRINTED, columns, load, player, record


def by_name(sheet: ScoreSheet) -> dict[str, PlayerScore]:
    return {p.name: p for p in sheet.players}


def noted(sheet: ScoreSheet, code: str, **params: Any) -> list[Msg]:
    """The sheet's notes with this code and these parameters (their English:
    tests/app/test_l10n_scoring.py)."""
    return [n for n in sheet.notes if n.code == code and has_params(n, **params)]


def score(data: dict[str, Any], **kw: Any) -> ScoreSheet:
    return score_forestry(parse_forestry(data), **kw)


# --------------------------------------------------------------------------- 002 worked example


def test_worked_example_93_vp_matches_002() -> None:
    sheet = score_record(load("forestry_93vp_worked_example.json"))
    pink = by_name(sheet)["Pink"]
    assert pink.categories == {"score_track": 45, "buildings": 7, "water": 20, "tasks": 11,
                               "forester_majority": 6, "resources": 3, "wood": 1}
    assert pink.total == 93
    assert pink.details["water_multiplier"] == 4
    assert pink.details["tasks_fulfilled"] == 5
    assert pink.details["contract_categories"] == ["furniture", "furniture", "furniture"]
    assert pink.details["forester_tokens"] == 8
    assert sheet.complete and sheet.needs == ()
    assert sheet.winners == ("Pink",)
    assert pink.rank == 1


def test_worked_example_output_matches_the_spec_shape() -> None:
    out = score_record(load("forestry_93vp_worked_example.json")).as_json()
    assert set(out) == {"game", "complete", "needs", "players", "winners"}
    pink = out["players"][0]
    assert set(pink) == {"name", "total", "rank", "categories", "details"}
    assert list(pink["categories"]) == ["score_track", "buildings", "water", "tasks",
                                        "forester_majority", "resources", "wood"]


def test_worked_example_opponents() -> None:
    players = by_name(score_record(load("forestry_93vp_worked_example.json")))
    assert players["Blue"].categories["forester_majority"] == 10
    assert players["Green"].categories["forester_majority"] == 2
    assert players["Blue"].total == 91 and players["Green"].total == 79
    assert [players[n].rank for n in ("Pink", "Blue", "Green")] == [1, 2, 3]


# --------------------------------------------------------------------------- categories


def test_water_counts_only_tokens_on_the_tables() -> None:
    p = player("A", river_tokens=["forester_pair", "seedling_pair"],
               forestry_table=columns(3, 3, 1, kinds=("thinning", "thinning", "den_tree")),
               forester_tokens_below={"painting": 2},
               reforestation_table={"light_green": 3, "dark_green": 0, "orange": 0},
               seedlings_below=2)
    a = by_name(score(record(p, player("B"), printed=ALL_PRINTED)))["A"]
    # multiplier 1; 7 forester tokens on the table -> 3 pairs; 3 seedlings -> 1 pair
    assert a.details["water_multiplier"] == 1
    assert a.categories["water"] == 4


def test_water_multiplier_steps_and_cap() -> None:
    p = player("A", river_tokens=["forest_building"],
               buildings={"forest": 5, "sawmill": []},
               storage={"extensions": 3, "wood": 0, "infested_wood": 0},
               forestry_table=columns(2, 2, 2),
               reforestation_table={"light_green": 2, "dark_green": 2, "orange": 2})
    a = by_name(score(record(p, player("B"), printed=ALL_PRINTED)))["A"]
    assert a.details["water_multiplier"] == 5
    assert a.categories["water"] == 25


def test_each_item_fulfils_one_task_card() -> None:
    p = player("A", contracts=[["accessory"]],
               task_cards=[{"contract": "accessory"}, {"contract": "accessory"},
                           {"seedlings": "orange"}, {"seedlings": "orange"},
                           {"forester": "painting"}, {"forester": "painting"},
                           {"sawmill_upgrade": "orange"}, {"river_token": True},
                           {"forest_building": "next to 3", "met": True}],
               reforestation_table={"light_green": 0, "dark_green": 0, "orange": 3},
               forestry_table=columns(1, 1, 1, kinds=("thinning", "den_tree", "den_tree")),
               forester_tokens_below={"painting": 2},
               buildings={"forest": 1, "sawmill": ["dark_green"]})
    a = by_name(score(record(p, player("B"), printed=ALL_PRINTED)))["A"]
    # accessory 1, orange column 1, painting 2 (both below the table), forest building 1
    assert a.details["tasks_fulfilled"] == 5
    # unused resources: 4 unfulfilled task cards -> 1
    assert a.categories["resources"] == 1


def test_infested_wood_is_not_wood() -> None:
    p = player("A", storage={"extensions": 1, "wood": 1, "infested_wood": 2})
    data = record(p, player("B"), growing_forward={"infestation": True,
                                                   "asymmetric_setup": False},
                  printed=ALL_PRINTED,
                  detached=[{"criterion": "most_buildings", "infested_wood": 3},
                            {"criterion": "most_contracts_fulfilled", "infested_wood": 2},
                            {"criterion": "most_seedlings_planted", "infested_wood": 1}])
    assert by_name(score(data))["A"].categories["wood"] == 1


def test_unused_resources_round_down() -> None:
    p = player("A", resources={"coins": 4, "construction_materials": 1, "seedlings": 2,
                               "temp_workers": 1})
    a = by_name(score(record(p, player("B"), printed=ALL_PRINTED)))["A"]
    assert a.categories["resources"] == 2  # 8 // 3


# --------------------------------------------------------------------------- forester majority


@pytest.mark.parametrize(
    ("tokens", "expected"),
    [
        ((3, 3), (8, 8)),
        ((4, 1), (10, 6)),
        ((5, 3, 3), (10, 4, 4)),
        ((3, 3, 1), (8, 8, 2)),
        ((2, 2, 2), (6, 6, 6)),
        ((4, 4, 4, 1), (6, 6, 6, 0)),
        ((5, 2, 2, 2), (10, 2, 2, 2)),
        ((3, 3, 1, 1), (8, 8, 1, 1)),
        ((0, 0, 0, 0), (4, 4, 4, 4)),
    ],
)
def test_forester_majority_ties(tokens: tuple[int, ...], expected: tuple[int, ...]) -> None:
    players = [player(f"P{i}", forestry_table=columns(min(t, 3), *([] if t <= 3 else [t - 3])))
               if t else player(f"P{i}") for i, t in enumerate(tokens)]
    sheet = score(record(*players, printed=ALL_PRINTED))
    assert tuple(p.categories["forester_majority"] for p in sheet.players) == expected


def test_forester_tokens_below_count_for_the_majority() -> None:
    a = player("A", forestry_table=columns(3, 1, 1, kinds=("thinning", "den_tree", "den_tree")),
               forester_tokens_below={"thinning": 2})
    b = player("B", forestry_table=columns(3, 3))
    sheet = by_name(score(record(a, b, printed=ALL_PRINTED)))
    assert sheet["A"].categories["forester_majority"] == 10
    assert sheet["B"].categories["forester_majority"] == 6


# --------------------------------------------------------------------------- two players, winners


def test_two_player_game() -> None:
    a = player("Ann", score_track=31, storage={"extensions": 0, "wood": 2, "infested_wood": 0})
    b = player("Ben", score_track=28, forestry_table=columns(1))
    sheet = score(record(a, b, printed=ALL_PRINTED))
    s = by_name(sheet)
    assert s["Ann"].total == 31 + 0 + 6 + 2 and s["Ben"].total == 28 + 0 + 10
    assert sheet.winners == ("Ann",)


def test_tie_broken_by_seedlings_planted() -> None:
    a = player("Ann", score_track=11,
               reforestation_table={"light_green": 1, "dark_green": 0, "orange": 0})
    b = player("Ben", score_track=11)
    sheet = score(record(a, b, printed={"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}}))
    s = by_name(sheet)
    assert s["Ann"].total == s["Ben"].total == 19  # 11 + 8 (tied on forester tokens)
    assert sheet.winners == ("Ann",)
    assert s["Ann"].rank == 1 and s["Ben"].rank == 2
    assert noted(sheet, NoteCode.TIE_DECIDED, level=1, names=("Ann", "Ben"))  # seedlings


def test_tie_broken_by_contracts_then_tasks() -> None:
    base = {"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0, "1": 1}}
    a = player("Ann", score_track=2, contracts=[["building"]])
    b = player("Ben", score_track=2)
    sheet = score(record(a, b, printed=base))
    assert sheet.winners == ("Ann",)
    assert noted(sheet, NoteCode.TIE_DECIDED, level=2)  # contracts fulfilled
    a = player("Ann", score_track=0, contracts=[["building"]],
               task_cards=[{"contract": "building"}])
    b = player("Ben", score_track=1, contracts=[["furniture"]])
    sheet = score(record(a, b, printed=base))
    assert by_name(sheet)["Ann"].total == by_name(sheet)["Ben"].total
    assert sheet.winners == ("Ann",)
    assert noted(sheet, NoteCode.TIE_DECIDED, level=3)  # task cards fulfilled


def test_players_tied_below_the_winner_share_a_rank() -> None:
    sheet = score(record(player("Ann"), player("Ben"), player("Cy", score_track=1),
                         printed=ALL_PRINTED))
    s = by_name(sheet)
    # three-way tie on 0 forester tokens pays 6 each; Cy is 1 VP ahead
    assert s["Cy"].rank == 1 and s["Ann"].rank == s["Ben"].rank == 2
    assert sheet.winners == ("Cy",)


def test_shared_win() -> None:
    sheet = score(record(player("Ann"), player("Ben"), printed=ALL_PRINTED))
    assert sheet.winners == ("Ann", "Ben")
    assert [p.rank for p in sheet.players] == [1, 1]
    assert noted(sheet, NoteCode.TIE_SHARED, names=("Ann", "Ben"), total=8)


# --------------------------------------------------------------------------- contracts


def test_double_contract_assigned_for_water_and_tasks() -> None:
    p = player("A", contracts=[["building", "accessory"]], river_tokens=["building"],
               task_cards=[{"contract": "accessory"}])
    # building: water 1x1 = 1, 0 tasks; accessory: water 0, 1 task (3 VP here)
    a = by_name(score(record(p, player("B"), printed=ALL_PRINTED)))["A"]
    assert a.details["contract_categories"] == ["accessory"]
    assert a.categories["water"] == 0 and a.categories["tasks"] == 3


def test_chosen_override_is_honoured() -> None:
    p = player("A", contracts=[{"categories": ["building", "accessory"], "chosen": "building"}],
               river_tokens=["building"], task_cards=[{"contract": "accessory"}])
    sheet = score(record(p, player("B"), printed=ALL_PRINTED))
    a = by_name(sheet)["A"]
    assert a.details["contract_categories"] == ["building"]
    assert a.categories["water"] == 1 and a.categories["tasks"] == 0
    (chosen,) = noted(sheet, NoteCode.CONTRACTS_CHOSEN, player="A")
    parts = chosen.params["parts"]
    assert isinstance(parts, Msg)
    assert parts.params["items"] == (msg(NoteCode.CONTRACT_CHOSEN, number=1, by_record=True,
                                         first=msg("category-building"),
                                         second=msg("category-accessory"),
                                         chosen=msg("category-building")),)


def test_assignment_undecided_when_task_vp_unknown() -> None:
    p = player("A", contracts=[["building", "accessory"]], river_tokens=["building"],
               task_cards=[{"contract": "accessory"}],
               buildings={"forest": 0, "sawmill": []})
    sheet = score(record(p, player("B"), printed={"buildings_vp": {"0": 0}}))
    a = by_name(sheet)["A"]
    assert not sheet.complete and sheet.winners == ()
    assert {(n.table, n.key) for n in sheet.needs} >= {("tasks_vp", "0"), ("tasks_vp", "1")}
    assert "water" not in a.categories and "tasks" not in a.categories
    assert "resources" not in a.categories
    assert "contract_categories" not in a.details


# --------------------------------------------------------------------------- needs


def test_missing_buildings_value_is_a_need() -> None:
    p = player("A", score_track=10, buildings={"forest": 4, "sawmill": []})
    sheet = score(record(p, player("B"), printed={"tasks_vp": {"0": 0}}))
    a = by_name(sheet)["A"]
    assert not sheet.complete
    need = next(n for n in sheet.needs if n.key == "4")
    assert need.table == "buildings_vp"
    assert need.ask == msg(AskCode.BUILDINGS_VP, count=4, side_b=False)
    assert "buildings" not in a.categories
    assert a.total == sum(a.categories.values())
    assert sheet.winners == ()


def test_zero_buildings_is_a_need_too() -> None:
    sheet = score(record(player("A"), player("B"), printed={"tasks_vp": {"0": 0}}))
    assert [(n.table, n.key) for n in sheet.needs] == [("buildings_vp", "0")]
    assert "buildings" not in sheet.players[0].categories


def test_needs_are_listed_once() -> None:
    sheet = score(record(player("A"), player("B")))
    keys = [(n.table, n.key) for n in sheet.needs]
    assert sorted(keys) == [("buildings_vp", "0"), ("tasks_vp", "0")]


def test_lookup_order_record_then_confirmed_then_shipped() -> None:
    p = player("A", buildings={"forest": 3, "sawmill": ["light_green", "dark_green"]})
    data = record(p, player("B", buildings={"forest": 2, "sawmill": ["orange", "orange"]}),
                  printed={"tasks_vp": {"0": 0}})
    confirmed = {"buildings_vp": {"4": 5, "5": 9}}
    s = by_name(score(data, confirmed=confirmed))
    assert s["B"].categories["buildings"] == 5  # confirmed
    assert s["A"].categories["buildings"] == 9  # confirmed beats shipped
    data["printed"]["buildings_vp"] = {"4": 6}
    s = by_name(score(data, confirmed=confirmed))
    assert s["B"].categories["buildings"] == 6  # record beats confirmed


def test_shipped_board_a_values_not_used_in_advanced_games() -> None:
    p = player("A", buildings={"forest": 5, "sawmill": []}, character="trade_specialist")
    sheet = score(record(p, player("B"), mode="advanced", printed={"tasks_vp": {"0": 0},
                                                                   "buildings_vp": {"0": 0}}))
    need = next(n for n in sheet.needs if n.table == "buildings_vp")
    assert need.key == "5" and need.ask == msg(AskCode.BUILDINGS_VP, count=5, side_b=True)
    s = score(record(p, player("B"), mode="advanced", printed={"tasks_vp": {"0": 0},
                                                               "buildings_vp": {"0": 0}}),
              confirmed={"buildings_vp": {"5": 7}, "buildings_vp_side_b": {"5": 8}})
    assert by_name(s)["A"].categories["buildings"] == 8


# --------------------------------------------------------------------------- characters

GF = {"infestation": False, "asymmetric_setup": False}


def test_base_characters_score_like_everyone() -> None:
    players = [player(n, character=c) for n, c in (
        ("A", "trade_specialist"), ("B", "forest_ecologist"), ("C", "logistics_manager"),
        ("D", "monitoring_specialist"))]
    sheet = score(record(*players, mode="advanced", printed=ALL_PRINTED))
    for p in sheet.players:
        assert set(p.categories) == {"score_track", "buildings", "water", "tasks",
                                     "forester_majority", "resources", "wood"}


def test_forest_worker_water_and_buildings() -> None:
    fw = player("W", character="forest_worker", full_seedling_rows=2,
                buildings={"forest": 5, "sawmill": []}, river_tokens=["forest_building"],
                storage={"extensions": 3, "wood": 0, "infested_wood": 0},
                forestry_table=columns(2, 2, 2),
                reforestation_table={"light_green": 2, "dark_green": 2, "orange": 2})
    printed = dict(ALL_PRINTED, forest_worker_buildings_vp={"5": 11})
    sheet = score(record(fw, player("B"), mode="advanced", growing_forward=GF,
                         printed=printed))
    w = by_name(sheet)["W"]
    # steps: 2 full seedling rows + third extension; not row 2s, not the fifth building
    assert w.details["water_multiplier"] == 4
    assert w.categories["water"] == 4 * 5
    assert w.categories["buildings"] == 11


def test_forest_worker_missing_table_is_a_need() -> None:
    fw = player("W", character="forest_worker", full_seedling_rows=0,
                buildings={"forest": 6, "sawmill": []})
    sheet = score(record(fw, player("B"), mode="advanced", growing_forward=GF,
                         printed=ALL_PRINTED))
    assert [(n.table, n.key) for n in sheet.needs] == [("forest_worker_buildings_vp", "6")]
    fw4 = player("W", character="forest_worker", full_seedling_rows=0,
                 buildings={"forest": 4, "sawmill": []})
    sheet = score(record(fw4, player("B"), mode="advanced", growing_forward=GF,
                         printed=ALL_PRINTED))
    assert by_name(sheet)["W"].categories["buildings"] == 8  # normal table for 4


def test_forest_road_manager_connections() -> None:
    rm = player("R", character="forest_road_manager", road_connections=5, score_track=3)
    sheet = score(record(rm, player("B"), mode="advanced", growing_forward=GF,
                         printed=ALL_PRINTED))
    r, b = by_name(sheet)["R"], by_name(sheet)["B"]
    assert r.categories["road_connections"] == 5
    assert "road_connections" not in b.categories
    assert r.total == sum(r.categories.values())


def test_technician_needs_its_printed_value() -> None:
    t = player("T", character="technician", technician_tiles=4)
    sheet = score(record(t, player("B"), mode="advanced", growing_forward=GF,
                         printed=ALL_PRINTED))
    assert [(n.table, n.key) for n in sheet.needs] == [("technician_vp", "4")]
    assert sheet.needs[0].ask == msg(AskCode.TECHNICIAN_VP, count=4)
    sheet = score(record(t, player("B"), mode="advanced", growing_forward=GF,
                         printed=dict(ALL_PRINTED, technician_vp={"4": 7})))
    assert by_name(sheet)["T"].categories["technician"] == 7
    assert sheet.complete


# --------------------------------------------------------------------------- Growing Forward


def _detached_example() -> dict[str, Any]:
    """001's example: Pink most seedlings, tied 2nd on water, 4th on task cards."""
    river = ["forest_building"]
    return record(
        player("Pink", reforestation_table={"light_green": 3, "dark_green": 3, "orange": 1},
               forestry_table=columns(2, 2, 2), river_tokens=river),  # multiplier 2
        player("Blue", reforestation_table={"light_green": 1, "dark_green": 0, "orange": 0},
               storage={"extensions": 1, "wood": 0, "infested_wood": 0},
               buildings={"forest": 1, "sawmill": []}, task_cards=[{"forest_building": "x",
                                                                    "met": True}],
               forestry_table=columns(2, 2, 2)),  # multiplier 2, 1 task
        player("Green", storage={"extensions": 3, "wood": 0, "infested_wood": 0},
               forestry_table=columns(2, 2, 2),  # multiplier 3
               task_cards=[{"river_token": True}], river_tokens=river),  # 1 task
        player("Red", task_cards=[{"forest_building": "y", "met": True},
                                  {"forest_building": "z", "met": True}],
               buildings={"forest": 2, "sawmill": []}),  # mult 1, 2 tasks
        growing_forward={"infestation": True, "asymmetric_setup": False},
        detached=[{"criterion": "most_seedlings_planted", "infested_wood": 5},
                  {"criterion": "highest_water_multiplier", "infested_wood": 2},
                  {"criterion": "most_task_cards_fulfilled", "infested_wood": 2}],
    )


def test_detached_storage_example_of_001() -> None:
    sheet = score(_detached_example())
    s = by_name(sheet)
    pink = s["Pink"]
    assert pink.details["detached"] == {"most_seedlings_planted": 10,
                                        "highest_water_multiplier": 2,
                                        "most_task_cards_fulfilled": 0}
    assert pink.categories["detached"] == 12
    # water: Green 1st (6), Pink and Blue share (3+1)//2 = 2, Red 4th 0
    assert s["Blue"].details["detached"]["highest_water_multiplier"] == 2
    assert s["Green"].details["detached"]["highest_water_multiplier"] == 6
    assert s["Red"].details["detached"]["highest_water_multiplier"] == 0
    # tasks: Red 2 -> 6; Blue and Green 1 each share (3+1)//2 = 2; Pink 0 -> 4th
    assert s["Red"].details["detached"]["most_task_cards_fulfilled"] == 6
    assert s["Green"].details["detached"]["most_task_cards_fulfilled"] == 2
    # seedlings: Pink 7, Blue 1, Green and Red 0 -> 10, 6, (2+0)//2 = 1
    assert s["Blue"].details["detached"]["most_seedlings_planted"] == 6
    assert s["Red"].details["detached"]["most_seedlings_planted"] == 1


@pytest.mark.parametrize(
    ("wood", "spreads"),
    [
        ((5, 3, 1), [(10, 6, 2), (7, 4, 1), (5, 3, 0)]),
        ((1, 3, 5), [(5, 3, 0), (7, 4, 1), (10, 6, 2)]),
        ((2, 2, 2), [(6, 4, 2)] * 3),
        ((4, 1, 1), [(10, 6, 2), (6, 3, 1), (6, 3, 1)]),
        ((1, 4, 4), [(5, 3, 0), (8, 5, 1), (8, 5, 1)]),  # top tie from the record
    ],
)
def test_detached_spreads(wood: tuple[int, int, int],
                          spreads: list[tuple[int, int, int]]) -> None:
    criteria = ["most_open_storage_spaces", "most_buildings", "most_contracts_fulfilled"]
    # A leads every criterion, B second, C third, D last
    def p(name: str, level: int) -> dict[str, Any]:
        return player(name, storage={"extensions": level, "wood": 0, "infested_wood": 0},
                      buildings={"forest": level, "sawmill": []},
                      contracts=[["building"]] * level)
    data = record(p("A", 3), p("B", 2), p("C", 1), p("D", 0),
                  growing_forward={"infestation": True, "asymmetric_setup": False},
                  printed=dict(ALL_PRINTED, detached_top_tie=[8, 5, 1]),
                  detached=[{"criterion": c, "infested_wood": w}
                            for c, w in zip(criteria, wood, strict=True)])
    sheet = score(data)
    for rank, name in enumerate("ABC"):
        got = by_name(sheet)[name].details["detached"]
        assert [got[c] for c in criteria] == [s[rank] for s in spreads]
    assert by_name(sheet)["D"].categories["detached"] == 0


def test_detached_top_tie_unknown_is_a_need() -> None:
    data = _detached_example()
    data["detached_storages"][1]["infested_wood"] = 5  # two tied at the top
    data["printed"] = ALL_PRINTED
    sheet = score(data)
    assert [(n.table, n.key) for n in sheet.needs] == [("detached_top_tie", "")]
    assert sheet.needs[0].ask == msg(AskCode.DETACHED_TOP_TIE)
    assert all("detached" not in p.categories for p in sheet.players)
    assert not sheet.complete
    sheet = score(data, confirmed={"detached_top_tie": {"": [8, 5, 1]}})
    assert sheet.complete


def test_detached_category_only_with_infestation() -> None:
    sheet = score(record(player("A"), player("B"), printed=ALL_PRINTED))
    assert all("detached" not in p.categories for p in sheet.players)


def test_one_player_record_is_scored_with_a_note() -> None:
    """001 Solo Game Compatibility: no solo end scoring in the sources; nothing invented."""
    sheet = score(record(player("Solo", score_track=40), printed=ALL_PRINTED))
    assert "forester_majority" not in sheet.players[0].categories
    assert sheet.complete and sheet.winners == ()
    assert noted(sheet, NoteCode.ONE_PLAYER)

"""Record v1 parsing for Forestry: strictness, one message per problem, round trip."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.forestry import board as B
from scoring.forestry.enums import Area, ContractCategory, ForesterType
from scoring.forestry.model import (
    Contract,
    ForestBuildingTask,
    ForesterTokens,
    ForestryPlayer,
    RiverTokenTask,
)
from scoring.forestry.record import ForestryRecordCode, parse_forestry, to_record
from scoring.message import msg
from scoring.record import RecordError
from tests.scoring.test_forestry_support import columns, load, player, record

GF_ON = {"infestation": True, "asymmetric_setup": False}
STORAGES = [{"criterion": "most_buildings", "infested_wood": 3},
            {"criterion": "most_contracts_fulfilled", "infested_wood": 2},
            {"criterion": "most_seedlings_planted", "infested_wood": 1}]


def base() -> dict[str, Any]:
    return load("forestry_93vp_worked_example.json")


def p0(data: dict[str, Any]) -> dict[str, Any]:
    player0: dict[str, Any] = data["players"][0]
    return player0


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _del(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


def _all(*fns: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def mutate(data: dict[str, Any]) -> None:
        for fn in fns:
            fn(data)
    return mutate


def _infestation(data: dict[str, Any]) -> None:
    data["options"]["growing_forward"] = dict(GF_ON)
    data["detached_storages"] = copy.deepcopy(STORAGES)


def _advanced(data: dict[str, Any]) -> None:
    data["options"]["mode"] = "advanced"


P = ["players", 0]

#: (id, mutation of the valid 93-VP record, path named, the problem's code; the English of
#: a few: tests/app/test_l10n_records.py)
INVALID: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("forest-over-6", _set([*P, "buildings", "forest"], 7), "players[0].buildings.forest",
     "record-forestry-more-than"),
    ("forest-plus-sawmill-over-6",
     _set([*P, "buildings"], {"forest": 4, "sawmill": ["orange", "orange", "light_green"]}),
     "players[0].buildings", "record-forestry-forest-buildings-sawmill"),
    ("sawmill-4-in-one-area",
     _set([*P, "buildings"], {"forest": 0, "sawmill": ["orange"] * 4}),
     "players[0].buildings.sawmill", "record-forestry-upgrades-in-but-each-area-has"),
    ("storage-overfull", _set([*P, "storage"], {"extensions": 1, "wood": 2, "infested_wood": 2}),
     "players[0].storage", "record-forestry-wood-infested-wood-tokens-more-than"),
    ("extensions-over-3", _set([*P, "storage", "extensions"], 4), "players[0].storage.extensions",
     "record-forestry-more-than"),
    ("four-columns", _set([*P, "forestry_table"], columns(1, 1, 1) + columns(1)),
     "players[0].forestry_table", "record-forestry-columns-more-than-columns-forestry"),
    ("column-count-0", _set([*P, "forestry_table"], columns(0)),
     "players[0].forestry_table[0].count", "record-forestry-must-be-at-least"),
    ("column-count-4", _set([*P, "forestry_table"], columns(4)),
     "players[0].forestry_table[0].count", "record-forestry-more-than"),
    ("three-river-tokens", _set([*P, "river_tokens"], ["building", "furniture", "accessory"]),
     "players[0].river_tokens", "record-forestry-river-tokens-more-than-one-per"),
    ("reforestation-4", _set([*P, "reforestation_table", "orange"], 4),
     "players[0].reforestation_table.orange", "record-forestry-more-than"),
    ("reforestation-negative", _set([*P, "reforestation_table", "orange"], -1),
     "players[0].reforestation_table.orange", "record-forestry-must-not-be-negative"),
    ("negative-coins", _set([*P, "resources", "coins"], -2), "players[0].resources.coins",
     "record-forestry-must-not-be-negative"),
    ("negative-score-track", _set([*P, "score_track"], -1), "players[0].score_track",
     "record-forestry-must-not-be-negative"),
    ("negative-below", _set([*P, "forester_tokens_below"], {"painting": -1}),
     "players[0].forester_tokens_below.painting", "record-forestry-must-not-be-negative"),
    ("infestation-solo",
     _all(_infestation, lambda d: d.__setitem__("players", d["players"][:1])),
     "options.growing_forward.infestation", "record-forestry-infestation-module-cannot-be-played"),
    ("detached-missing", _all(_infestation, _del(["detached_storages"])),
     "detached_storages", "record-forestry-required-with-infestation-module"),
    ("detached-two", _all(_infestation, lambda d: d["detached_storages"].pop()),
     "detached_storages", "record-forestry-infestation-module-has-exactly-3"),
    ("detached-without-infestation", _set(["detached_storages"], STORAGES),
     "detached_storages", "record-forestry-only-with-growing-forward"),
    ("detached-duplicate-criterion",
     _all(_infestation, _set(["detached_storages", 2, "criterion"], "most_buildings")),
     "detached_storages[2].criterion", "record-forestry-already-on-detached-storages-each"),
    ("detached-negative",
     _all(_infestation, _set(["detached_storages", 0, "infested_wood"], -1)),
     "detached_storages[0].infested_wood", "record-forestry-must-not-be-negative"),
    ("infested-wood-without-module", _set([*P, "storage", "infested_wood"], 1),
     "players[0].storage.infested_wood", "record-forestry-infested-wood-exists-only-with"),
    ("task-no-requirement", _set([*P, "task_cards", 0], {}), "players[0].task_cards[0]",
     "record-forestry-task-card-has-exactly-one-requirement"),
    ("task-two-requirements", _set([*P, "task_cards", 0], {"contract": "building",
                                                           "forester": "painting"}),
     "players[0].task_cards[0]", "record-forestry-task-card-has-exactly-one-requirement"),
    ("task-river-false", _set([*P, "task_cards", 3], {"river_token": False}),
     "players[0].task_cards[3].river_token", "record-forestry-must-be-true-card-asks-for"),
    ("task-forest-building-without-met", _set([*P, "task_cards", 6], {"forest_building": "x"}),
     "players[0].task_cards[6].met", "record-forestry-required-for-forest-building-task"),
    ("task-met-elsewhere", _set([*P, "task_cards", 0], {"contract": "building", "met": True}),
     "players[0].task_cards[0].met", "record-forestry-only-forest-building-task-card-has"),
    ("technology-side-missing", _set(["options", "technology_side"], None),
     "options.technology_side", "record-forestry-required-in-standard-game-or-b"),
    ("technology-side-in-tutorial",
     _set(["options"], {"mode": "tutorial", "technology_side": "B"}),
     "options.technology_side", "record-forestry-must-be-null-in-tutorial-it"),
    ("character-in-standard", _set([*P, "character"], "trade_specialist"),
     "players[0].character", "record-forestry-characters-are-only-played-in"),
    ("character-twice",
     _all(_advanced, _set([*P, "character"], "forest_ecologist"),
          _set(["players", 1, "character"], "forest_ecologist")),
     "players[1].character", "record-forestry-already-played-by-players-each"),
    ("growing-forward-character-without-expansion",
     _all(_advanced, _set([*P, "character"], "forest_road_manager"),
          _set([*P, "road_connections"], 2)),
     "players[0].character", "record-forestry-comes-with-growing-forward-add"),
    ("extra-for-another-character", _set([*P, "road_connections"], 2),
     "players[0].road_connections", "record-forestry-only-character-has"),
    ("extra-missing-for-character",
     _all(_advanced, _set(["options", "growing_forward"],
                          {"infestation": False, "asymmetric_setup": False}),
          _set([*P, "character"], "technician")),
     "players[0].technician_tiles", "record-forestry-required-for-character"),
    ("full-seedling-rows-over-3",
     _all(_advanced, _set(["options", "growing_forward"], {"infestation": False}),
          _set([*P, "character"], "forest_worker"), _set([*P, "full_seedling_rows"], 4)),
     "players[0].full_seedling_rows", "record-forestry-more-than"),
    ("chosen-not-a-category",
     _set([*P, "contracts", 1], {"categories": ["furniture", "innovation"],
                                 "chosen": "building"}),
     "players[0].contracts[1].chosen", "record-forestry-not-one-this-contract-categories"),
    ("chosen-on-single", _set([*P, "contracts", 0], {"categories": ["furniture"],
                                                     "chosen": "furniture"}),
     "players[0].contracts[0].chosen", "record-forestry-only-two-category-contract-has-chosen"),
    ("contract-three-categories",
     _set([*P, "contracts", 0], ["furniture", "building", "accessory"]),
     "players[0].contracts[0]", "record-forestry-contract-shows-1-or-2-categories"),
    ("contract-same-category-twice", _set([*P, "contracts", 0], ["furniture", "furniture"]),
     "players[0].contracts[0]", "record-forestry-two-category-contract-shows-two"),
    ("contract-unknown-category", _set([*P, "contracts", 0], ["wood"]),
     "players[0].contracts[0][0]", "record-forestry-not-a-category"),
    ("no-players", _set(["players"], []), "players",
     "record-forestry-forestry-played-by-1-4-players"),
    ("five-players",
     lambda d: d.__setitem__("players", [player(f"P{i}") for i in range(5)]),
     "players", "record-forestry-forestry-played-by-1-4-players"),
    ("duplicate-names", _set(["players", 1, "name"], "pink"), "players[1].name",
     "record-forestry-already-name-players-names-must-be"),
    ("empty-name", _set(["players", 1, "name"], "  "), "players[1].name",
     "record-forestry-must-not-be-empty"),
    ("unknown-player-field", _set([*P, "colour"], "pink"), "players[0].colour",
     "record-unknown-field"),
    ("unknown-top-field", _set(["winner"], "Pink"), "winner", "record-unknown-field"),
    ("typo-in-nested-field", _set([*P, "storage", "wod"], 1), "players[0].storage.wod",
     "record-unknown-field"),
    ("missing-field", _del([*P, "resources"]), "players[0].resources", "record-missing"),
    ("wrong-type-bool-for-int", _set([*P, "storage", "wood"], True), "players[0].storage.wood",
     "record-not-an-integer"),
    ("wrong-type-string-for-int", _set([*P, "score_track"], "45"), "players[0].score_track",
     "record-not-an-integer"),
    ("unknown-area", _set([*P, "buildings", "sawmill", 0], "green"),
     "players[0].buildings.sawmill[0]", "record-invalid-input"),
    ("unknown-mode", _set(["options", "mode"], "expert"), "options.mode", "record-invalid-input"),
    ("bad-played-at", _set(["played_at"], "yesterday"), "played_at",
     "record-forestry-not-iso-8601-date-time"),
    ("printed-bad-key", _set(["printed"], {"buildings_vp": {"five": 7}}),
     "printed.buildings_vp.five", "record-forestry-keys-are-counts-written-as-whole"),
    ("printed-key-out-of-range", _set(["printed"], {"buildings_vp": {"7": 9}}),
     "printed.buildings_vp.7", "record-forestry-no-entry-for-keys-run-from"),
    ("printed-forest-worker-key", _set(["printed"], {"forest_worker_buildings_vp": {"4": 9}}),
     "printed.forest_worker_buildings_vp.4", "record-forestry-no-entry-for-keys-run-from"),
    ("printed-negative", _set(["printed"], {"tasks_vp": {"5": -1}}), "printed.tasks_vp.5",
     "record-forestry-must-not-be-negative"),
    ("printed-top-tie-length", _set(["printed"], {"detached_top_tie": [8, 5]}),
     "printed.detached_top_tie", "record-forestry-must-list-3-numbers-1st-2nd"),
    ("printed-unknown-table", _set(["printed"], {"water_vp": {"1": 1}}), "printed.water_vp",
     "record-unknown-field"),
    ("forester-below-while-a-column-can-take-it",
     _set([*P, "forester_tokens_below"], {"painting": 1}),
     "players[0].forester_tokens_below.painting",
     "record-forestry-below-table-but-forestry-table-can"),
    ("forester-below-with-an-empty-column",
     _all(_set([*P, "forestry_table"], columns(3, 3)),
          _set([*P, "forester_tokens_below"], {"painting": 1})),
     "players[0].forester_tokens_below.painting",
     "record-forestry-below-table-but-forestry-table-can"),
    ("forester-below-with-its-column-not-full",
     _all(_set([*P, "forestry_table"], columns(2, 3)),
          _set([*P, "forester_tokens_below"], {"thinning": 1})),
     "players[0].forester_tokens_below.thinning",
     "record-forestry-below-table-but-forestry-table-can"),
    ("seedlings-below-without-a-full-column",
     _all(_set([*P, "reforestation_table"], {"light_green": 2, "dark_green": 2, "orange": 1}),
          _set([*P, "seedlings_below"], 1)),
     "players[0].seedlings_below", "record-forestry-below-table-but-no-reforestation"),
    ("too-many-sawmill-upgrades-in-all",
     _all(_set(["players", 1, "buildings"], {"forest": 0,
                                             "sawmill": ["orange", "orange", "orange"]})),
     "players", "record-forestry-sawmill-upgrades-in-in-all-but"),
    ("too-many-forest-buildings-in-all",
     _all(_set(["players", 1, "buildings"], {"forest": 3, "sawmill": []}),
          _set(["players", 2, "buildings"], {"forest": 3, "sawmill": []})),
     "players", "record-forestry-forest-buildings-in-all-but-player"),
]


@pytest.mark.parametrize(("mutate", "path", "code"), [c[1:] for c in INVALID],
                         ids=[c[0] for c in INVALID])
def test_invalid_record_names_the_field(mutate: Callable[[dict[str, Any]], None], path: str,
                                        code: str) -> None:
    data = base()
    mutate(data)
    with pytest.raises(RecordError) as info:
        parse_forestry(data)
    matching = [p for p in info.value.problems if p.path == path]
    assert matching, [(p.path, p.msg.code) for p in info.value.problems]
    assert code in [p.msg.code for p in matching], [p.msg for p in matching]


def test_example_record_is_valid() -> None:
    game = parse_forestry(base())
    pink = game.players[0]
    assert pink.contracts[1] == Contract((ContractCategory.FURNITURE,
                                          ContractCategory.INNOVATION))
    assert pink.task_cards[3] == RiverTokenTask()
    assert pink.task_cards[6] == ForestBuildingTask("next to harvest token 7", False)
    assert pink.buildings.sawmill == (Area.LIGHT_GREEN, Area.ORANGE)


def test_every_problem_is_collected() -> None:
    data = base()
    p0(data)["buildings"]["forest"] = 9
    p0(data)["colour"] = "pink"
    data["players"][1]["resources"]["coins"] = -1
    data["players"][2]["river_tokens"] = ["x"]
    data["options"]["technology_side"] = None
    with pytest.raises(RecordError) as info:
        parse_forestry(data)
    paths = [p.path for p in info.value.problems]
    assert paths == ["options.technology_side", "players[0].colour",
                     "players[0].buildings.forest", "players[1].resources.coins",
                     "players[2].river_tokens[0]"]


def test_one_message_per_problem() -> None:
    data = base()
    p0(data)["buildings"] = {"forest": 7, "sawmill": ["orange"]}
    with pytest.raises(RecordError) as info:
        parse_forestry(data)
    assert [(p.path, p.msg) for p in info.value.problems] == [
        ("players[0].buildings.forest",
         msg(ForestryRecordCode.MORE_THAN, value=7,
             value2=msg(ForestryRecordCode.LIMIT_BUILDING_TOKENS, count=6)))]


def test_envelope_errors() -> None:
    data = base()
    data["version"] = 2
    with pytest.raises(RecordError) as info:
        parse_forestry(data)
    assert info.value.problems[0].path == "version"
    with pytest.raises(RecordError):
        parse_forestry([])


def test_optional_fields_may_be_omitted() -> None:
    data = record(player("A"))
    for key in ("character", "forester_tokens_below", "seedlings_below"):
        del data["players"][0][key]
    del data["players"][0]["storage"]["infested_wood"]
    game = parse_forestry(data)
    assert game.players[0].seedlings_below == 0


def test_advanced_game_may_use_the_pre_printed_technology_table() -> None:
    # 002 (advanced game): it can be combined with the tutorial's technology table
    game = parse_forestry(record(player("A"), mode="advanced", side=None))
    assert game.options.technology_side is None


def test_growing_forward_character_with_expansion_present() -> None:
    data = record(player("A", character="forest_road_manager", road_connections=3),
                  player("B", character="forest_worker", full_seedling_rows=1),
                  player("C", character="technician", technician_tiles=0),
                  mode="advanced", growing_forward={"infestation": False})
    game = parse_forestry(data)
    assert game.players[0].road_connections == 3


def test_round_trip_of_the_examples() -> None:
    for data in (base(), record(player("A", contracts=[{"categories": ["building", "furniture"],
                                                       "chosen": "furniture"}]),
                                player("B"), seed=7, location="club",
                                played_at="2026-11-29T14:00:00+09:00",
                                printed={"buildings_vp": {"4": 5}, "detached_top_tie": [8, 5, 1],
                                         "technician_vp": {"3": 4}})):
        game = parse_forestry(data)
        assert parse_forestry(to_record(game)) == game
        assert to_record(parse_forestry(to_record(game))) == to_record(game)


def test_to_record_matches_the_spec_spelling() -> None:
    out = to_record(parse_forestry(base()))
    pink = out["players"][0]
    assert pink["contracts"] == [["furniture"], ["furniture", "innovation"],
                                 ["building", "furniture"]]
    assert pink["forester_tokens_below"] == {"thinning": 1}
    assert pink["task_cards"][3] == {"river_token": True}
    assert "printed" not in out and "detached_storages" not in out


@pytest.mark.parametrize(("table", "below"), [
    # 002: once a column of a type is full, further tokens of it may go below (by choice)
    (columns(3, 3), {"den_tree": 1}),
    (columns(3), {"thinning": 2}),
    (columns(3, 1, kinds=("thinning", "thinning")), {"thinning": 1}),
    # 000: no column can take the type
    (columns(3, 3, 3), {"painting": 1}),
    # two columns of one type, each half full (issue 11): no token below
    (columns(2, 2, 2, kinds=("thinning", "thinning", "den_tree")), {}),
])
def test_below_table_decision_accepts_every_reachable_board(
        table: list[dict[str, Any]], below: dict[str, int]) -> None:
    data = base()
    data["players"][0]["forestry_table"] = table
    data["players"][0]["forester_tokens_below"] = below
    game = parse_forestry(data)
    assert game.players[0].forester_tokens_below.total() == sum(below.values())


# --------------------------------------------------------------------------- reachable boards

TABLE_ROWS = 3


def _place(b: ForestryPlayer, kind: ForesterType, where: int) -> ForestryPlayer:
    """One forester token as the rules allow (000, 002; RULES "Below the table"): onto a
    column of its type with a free space or a new column, or below the reforestation
    table when a column of its type is full (by choice) or no column can take it."""
    cols = list(b.forestry_table)
    targets = [i for i, c in enumerate(cols) if c.type is kind and c.count < TABLE_ROWS]
    if len(cols) < 3:
        targets.append(len(cols))
    full = any(c.type is kind and c.count == TABLE_ROWS for c in cols)
    options = [*targets, *(["below"] if full or not targets else [])]
    pick = options[where % len(options)]
    if pick == "below":
        below = b.forester_tokens_below
        return replace_below(b, below, kind)
    after, _ = B.place_forester(b, kind, pick)
    return after


def replace_below(b: ForestryPlayer, below: ForesterTokens, kind: ForesterType
                  ) -> ForestryPlayer:
    from dataclasses import replace

    return replace(b, forester_tokens_below=replace(below, **{kind.value: below.of(kind) + 1}))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(list(ForesterType)), st.integers(0, 5)),
                max_size=14))
def test_every_reachable_forestry_table_is_a_valid_record(
        taps: list[tuple[ForesterType, int]]) -> None:
    """Issue 11 item 3: validation accepts every board the rules can reach."""
    b = ForestryPlayer("Pink")
    for kind, where in taps:
        b = _place(b, kind, where)
    data = base()
    data["players"][0]["forestry_table"] = [
        {"type": c.type.value, "count": c.count} for c in b.forestry_table]
    data["players"][0]["forester_tokens_below"] = {
        k.value: b.forester_tokens_below.of(k) for k in ForesterType
        if b.forester_tokens_below.of(k)}
    game = parse_forestry(data)
    assert game.players[0].forestry_table == b.forestry_table

"""Player-board actions (scoring/forestry/board.py): rules examples and properties."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.forestry import board as B
from scoring.forestry.enums import Area, Character, ContractCategory, ForesterType, RiverSymbol
from scoring.forestry.model import (
    ForestBuildingTask,
    ForesterTask,
    ForestryColumn,
    ForestryPlayer,
    Reforestation,
    Storage,
    water_multiplier,
    water_steps,
)
from scoring.message import msg
from tests.refused import refused

T, D, P = ForesterType.THINNING, ForesterType.DEN_TREE, ForesterType.PAINTING
LG, DG, OR = Area.LIGHT_GREEN, Area.DARK_GREEN, Area.ORANGE


def fresh(**kw: object) -> ForestryPlayer:
    return ForestryPlayer("Pink", **kw)  # type: ignore[arg-type]


def run(board: ForestryPlayer, *steps: tuple[object, ...]) -> tuple[ForestryPlayer, list[object]]:
    events: list[object] = []
    for fn, *args in steps:
        board, ev = fn(board, *args)  # type: ignore[operator]
        events.extend(ev)
    return board, events


# --------------------------------------------------------------------------- forestry table


def test_first_token_starts_a_column_and_same_type_stacks() -> None:
    b, ev = B.place_forester(fresh(), T)
    assert b.forestry_table == (ForestryColumn(T, 1),)
    assert ev == (B.ForesterPlaced(T, 0, 1),)
    b, ev = B.place_forester(b, T)
    assert b.forestry_table == (ForestryColumn(T, 2),)
    assert ev == (B.ForesterPlaced(T, 0, 2),)


def test_other_type_opens_a_new_column_and_row_1_gives_technology_upgrade() -> None:
    b, ev = run(fresh(), (B.place_forester, T), (B.place_forester, D), (B.place_forester, P))
    assert [c.type for c in b.forestry_table] == [T, D, P]
    assert B.RowCompleted("forestry", 1) in ev
    assert B.TechnologyUpgrade("forestry table row 1") in ev
    assert b.score_track == 0


def test_player_may_start_a_second_column_of_the_same_type() -> None:
    b, _ = B.place_forester(fresh(), T)
    b, ev = B.place_forester(b, T, column=1)
    assert b.forestry_table == (ForestryColumn(T, 1), ForestryColumn(T, 1))
    assert ev == (B.ForesterPlaced(T, 1, 1),)


def test_illegal_column_names_the_field() -> None:
    b, _ = B.place_forester(fresh(), T)
    with refused(B.BoardError, B.BoardCode.THIS_COLUMN_HOLDS_TOKENS_NOT, field="forestry_table[0]",
                 holds=msg("label-thinning"), wanted=msg("label-den_tree")):
        B.place_forester(b, D, column=0)
    with pytest.raises(B.BoardError) as err:
        B.place_forester(b, D, column=2)
    assert err.value.field == "forestry_table[2]"
    assert isinstance(err.value, ValueError)


def test_row_2_steps_the_water_track_and_row_3_pays_6_vp() -> None:
    steps = [(B.place_forester, k) for k in (T, D, P) * 2]
    b, ev = run(fresh(), *steps)
    assert B.RowCompleted("forestry", 2) in ev
    assert B.WaterStep("forestry table row 2", 2) in ev
    assert water_multiplier(b) == 2
    b, ev = run(b, *[(B.place_forester, k) for k in (T, D, P)])
    assert B.RowCompleted("forestry", 3, 6) in ev
    assert b.score_track == 0  # suggested, never added (the mirror principle)
    assert sum(B.event_vp(e) for e in ev) == 6


def test_token_no_column_can_take_goes_below_for_2_vp() -> None:
    b, _ = run(fresh(), *[(B.place_forester, T)] * 3, (B.place_forester, D), (B.place_forester, P))
    # thinning column full, no fourth column: a thinning token goes below
    b, ev = B.place_forester(b, T)
    assert ev == (B.BelowTable("forester:thinning"),)
    assert b.forester_tokens_below.thinning == 1
    assert b.score_track == 0 and B.event_vp(ev[0]) == 2
    with pytest.raises(B.BoardError):
        B.place_forester(b, T, column=0)
    # a den tree token still fits its own column
    b, ev = B.place_forester(b, D)
    assert ev == (B.ForesterPlaced(D, 1, 2),)


# --------------------------------------------------------------------------- reforestation


def test_seedlings_fill_from_top_and_rows_pay_bonuses() -> None:
    b, ev = run(fresh(), (B.plant_seedling, LG), (B.plant_seedling, DG), (B.plant_seedling, OR))
    assert b.reforestation_table == Reforestation(1, 1, 1)
    assert ev[-2:] == [B.RowCompleted("reforestation", 1), B.TechnologyUpgrade(
        "reforestation table row 1")]
    b, ev = run(b, (B.plant_seedling, LG), (B.plant_seedling, DG), (B.plant_seedling, OR))
    assert B.WaterStep("reforestation table row 2", 2) in ev
    b, ev = run(b, (B.plant_seedling, LG), (B.plant_seedling, DG), (B.plant_seedling, OR))
    assert ev[-1] == B.RowCompleted("reforestation", 3, 6)
    b, ev = B.plant_seedling(b, DG)
    assert ev == (B.BelowTable("seedling"),)
    assert (b.seedlings_below, b.score_track) == (1, 0)


# --------------------------------------------------------------------------- buildings, storage


def test_fifth_building_token_steps_water_and_sixth_is_last() -> None:
    b, ev = run(fresh(), *[(B.build_forest_building,)] * 4)
    assert ev == []
    b, ev = B.upgrade_sawmill(b, OR)
    assert ev == (B.WaterStep("fifth building token", 2),)
    b, ev = B.build_forest_building(b)
    assert ev == ()
    with pytest.raises(B.BoardError) as err:
        B.upgrade_sawmill(b, LG)
    assert err.value.field == "buildings"


def test_sawmill_upgrades_are_limited_to_three_per_area() -> None:
    b, _ = run(fresh(), *[(B.upgrade_sawmill, LG)] * 3)
    with pytest.raises(B.BoardError) as err:
        B.upgrade_sawmill(b, LG)
    assert err.value.field == "buildings.sawmill"


def test_third_storage_extension_steps_water() -> None:
    b, ev = run(fresh(), (B.open_storage_extension,), (B.open_storage_extension,))
    assert ev == []
    b, ev = B.open_storage_extension(b)
    assert ev == (B.WaterStep("third storage extension", 2),)
    with pytest.raises(B.BoardError) as err:
        B.open_storage_extension(b)
    assert err.value.field == "storage.extensions"


def test_water_multiplier_caps_at_5() -> None:
    b = fresh(storage=Storage(extensions=2))
    b, _ = run(b, *[(B.place_forester, k) for k in (T, D, P) * 2])
    b, _ = run(b, *[(B.plant_seedling, a) for a in (LG, DG, OR) * 2])
    b, _ = run(b, *[(B.build_forest_building,)] * 5)
    assert water_multiplier(b) == 4
    b, ev = B.open_storage_extension(b)
    assert ev == (B.WaterStep("third storage extension", 5),)


def test_forest_worker_gets_no_automatic_row_bonus() -> None:
    b = fresh(character=Character.FOREST_WORKER, full_seedling_rows=0)
    b, ev = run(b, *[(B.plant_seedling, a) for a in (LG, DG, OR)])
    assert not any(isinstance(e, B.RowCompleted) for e in ev)
    assert any(isinstance(e, B.Notice) for e in ev)
    b, ev = B.set_count(b, "full_seedling_rows", 1)
    assert ev == (B.WaterStep("full seedling row", 2),)


# --------------------------------------------------------------------------- cards, counts


def test_river_tokens_max_two_and_removal() -> None:
    b, _ = run(fresh(), (B.add_river_token, RiverSymbol.FURNITURE),
               (B.add_river_token, RiverSymbol.SAWMILL_UPGRADE))
    with pytest.raises(B.BoardError) as err:
        B.add_river_token(b, RiverSymbol.BUILDING)
    assert err.value.field == "river_tokens"
    b, _ = B.remove_river_token(b, RiverSymbol.FURNITURE)
    assert b.river_tokens == (RiverSymbol.SAWMILL_UPGRADE,)
    with pytest.raises(B.BoardError):
        B.remove_river_token(b, RiverSymbol.FURNITURE)


def test_contracts_and_task_cards() -> None:
    F, INN = ContractCategory.FURNITURE, ContractCategory.INNOVATION
    b, _ = B.add_contract(fresh(), (F, INN))
    b, _ = B.choose_contract_category(b, 0, F)
    assert b.contracts[0].chosen is F
    with pytest.raises(B.BoardError) as err:
        B.add_contract(b, (F,), chosen=F)
    assert err.value.field == "contracts[1].chosen"
    with pytest.raises(B.BoardError):
        B.add_contract(b, (F, F))
    b, _ = B.remove_contract(b, 0)
    assert b.contracts == ()
    b, _ = B.add_task_card(b, ForestBuildingTask("next to harvest token 7", False))
    b, _ = B.add_task_card(b, ForesterTask(T))
    b, _ = B.set_task_met(b, 0, True)
    assert b.task_cards[0] == ForestBuildingTask("next to harvest token 7", True)
    with pytest.raises(B.BoardError) as err:
        B.set_task_met(b, 1, True)
    assert err.value.field == "task_cards[1].met"
    with pytest.raises(B.BoardError) as err:
        B.remove_task_card(b, 5)
    assert err.value.field == "task_cards[5]"


def test_set_count_validates_storage_and_character_extras() -> None:
    b, _ = B.set_count(fresh(), "resources.coins", 7)
    assert b.resources.coins == 7
    b, _ = B.set_count(b, "storage.wood", 2)
    with pytest.raises(B.BoardError) as err:
        B.set_count(b, "storage.infested_wood", 1)
    assert err.value.field == "storage.infested_wood"
    with pytest.raises(B.BoardError) as err:
        B.set_count(b, "road_connections", 2)
    assert err.value.field == "road_connections"
    with pytest.raises(B.BoardError) as err:
        B.set_count(b, "resources.coins", -1)
    assert err.value.field == "resources.coins"
    with pytest.raises(B.BoardError):
        B.set_count(b, "buildings.forest", 7)
    assert B.count_of(b, "storage.wood") == 2


def test_reward_lap_is_3_vp() -> None:
    b, ev = B.reward_lap(fresh(score_track=10))
    assert (b.score_track, ev) == (10, (B.RewardLap(),))  # the +3 is a suggestion
    assert B.event_vp(ev[0]) == 3


def test_describe_every_event() -> None:
    events: list[B.BoardEvent] = [
        B.ForesterPlaced(T, 0, 1), B.SeedlingPlanted(LG, 2), B.BelowTable("seedling"),
        B.BelowTable("forester:thinning"), B.RowCompleted("forestry", 1),
        B.RowCompleted("forestry", 2), B.RowCompleted("reforestation", 3, 6),
        B.TechnologyUpgrade("x"), B.WaterStep("y", 3), B.RewardLap(), B.Notice("z", "forestry", 1),
    ]
    from app.games.forestry.words import event_msg

    assert all(event_msg(type(e).__name__, {f: getattr(e, f) for f in e.__dataclass_fields__})
               for e in events)


# --------------------------------------------------------------------------- properties

actions = st.one_of(
    st.tuples(st.just(B.place_forester), st.sampled_from(list(ForesterType))),
    st.tuples(st.just(B.place_forester), st.sampled_from(list(ForesterType)),
              st.integers(0, 2)),
    st.tuples(st.just(B.plant_seedling), st.sampled_from(list(Area))),
    st.tuples(st.just(B.build_forest_building)),
    st.tuples(st.just(B.upgrade_sawmill), st.sampled_from(list(Area))),
    st.tuples(st.just(B.open_storage_extension)),
    st.tuples(st.just(B.add_river_token), st.sampled_from(list(RiverSymbol))),
    st.tuples(st.just(B.reward_lap)),
    st.tuples(st.just(B.set_count), st.sampled_from(sorted(B.COUNT_FIELDS)),
              st.integers(-1, 8)),
    st.tuples(st.just(B.set_column), st.integers(-1, 3), st.sampled_from(list(ForesterType)),
              st.integers(-1, 4)),
    st.tuples(st.just(B.remove_column), st.integers(-1, 3)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(actions, max_size=40), st.sampled_from([None, Character.FOREST_WORKER]))
def test_invariants_hold_for_any_action_sequence(
    steps: list[tuple[object, ...]], character: Character | None
) -> None:
    board = fresh(character=character,
                  full_seedling_rows=0 if character is Character.FOREST_WORKER else None)
    steps_applied = 0
    for fn, *args in steps:
        try:
            after, events = fn(board, *args)  # type: ignore[operator]
        except B.BoardError as err:
            assert err.field and err.code in set(B.BoardCode)
            continue
        water = [e for e in events if isinstance(e, B.WaterStep)]
        lost = Counter(water_steps(board)) - Counter(water_steps(after))  # a correction
        steps_applied += len(water) - sum(lost.values())
        if fn is not B.set_count or args[0] != "score_track":
            # the mirror principle: an action never moves the score track by itself
            assert after.score_track == board.score_track
        # the derived multiplier equals 1 + steps applied, capped at 5
        assert len(water_steps(after)) == steps_applied
        assert water_multiplier(after) == min(5, 1 + steps_applied) <= 5
        for e in water:
            assert e.new_multiplier == water_multiplier(after)
        # board invariants
        assert len(after.forestry_table) <= 3
        assert all(1 <= c.count <= 3 for c in after.forestry_table)
        assert all(0 <= after.reforestation_table.of(a) <= 3 for a in Area)
        assert after.buildings.forest + len(after.buildings.sawmill) <= 6
        assert after.storage.wood + after.storage.infested_wood <= 2 + after.storage.extensions
        assert len(after.river_tokens) <= 2
        board = after


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(list(ForesterType)), max_size=20))
def test_forester_tokens_are_never_lost(kinds: list[ForesterType]) -> None:
    board = fresh()
    for k in kinds:
        board, _ = B.place_forester(board, k)
    on_table = sum(c.count for c in board.forestry_table)
    assert on_table + board.forester_tokens_below.total() == len(kinds)
    assert board.score_track == 0


def test_actions_do_not_mutate_their_input() -> None:
    board = fresh()
    snapshot = replace(board)
    B.place_forester(board, T)
    B.plant_seedling(board, LG)
    assert board == snapshot


# --------------------------------------------------------------------------- column by column


def test_two_columns_of_one_type_each_half_full() -> None:
    """Issue 11: [T2, T2, D2] is a legal board (row 2 full: the water step), entered
    column by column; the old tap order T,T,T,T,D,D could only give [T3, T1, D2]."""
    b, _ = B.set_column(fresh(), 0, T, 2)
    b, _ = B.set_column(b, 1, T, 2)
    b, ev = B.set_column(b, 2, D, 2)
    assert [(c.type, c.count) for c in b.forestry_table] == [(T, 2), (T, 2), (D, 2)]
    assert B.RowCompleted("forestry", 2) in ev and water_multiplier(b) == 2
    b, ev = B.set_column(b, 1, P, 3)  # change a column's type and count
    assert b.forestry_table[1] == ForestryColumn(P, 3)
    b, _ = B.remove_column(b, 0)
    assert [(c.type, c.count) for c in b.forestry_table] == [(P, 3), (D, 2)]
    assert water_multiplier(b) == 1  # row 2 no longer full
    with pytest.raises(B.BoardError) as err:
        B.set_column(b, 3, T, 1)
    assert err.value.msg is not None and err.value.field == "forestry_table[3]"
    with pytest.raises(B.BoardError):
        B.set_column(b, 0, T, 4)


def test_counts_typed_directly_report_their_effects() -> None:
    b, ev = B.set_count(fresh(), "reforestation_table.light_green", 3)
    b, ev = B.set_count(b, "reforestation_table.dark_green", 3)
    b, ev = B.set_count(b, "reforestation_table.orange", 3)
    assert B.RowCompleted("reforestation", 3, 6) in ev and b.score_track == 0
    b, ev = B.set_count(b, "seedlings_below", 2)
    assert ev.count(B.BelowTable("seedling")) == 2
    b, _ = B.set_count(b, "buildings.sawmill.orange", 2)
    b, _ = B.set_count(b, "buildings.forest", 3)
    assert b.buildings.sawmill == (OR, OR) and B.count_of(b, "buildings.sawmill.orange") == 2
    with pytest.raises(B.BoardError) as err:
        B.set_count(b, "buildings.forest", 5)
    assert err.value.field == "buildings.forest"
    b, _ = B.set_count(b, "reforestation_table.orange", 1)  # a seedling taken back
    assert b.reforestation_table.orange == 1

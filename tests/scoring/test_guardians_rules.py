"""Forest Guardians rules model (003): components, planting, skills, game end, reference."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.cite import Source, cite
from scoring.guardians.checks import (
    GameEndCode,
    GuardiansRuleCode,
    GuardiansRuleError,
    PlantingCheck,
    PlantingCode,
    Tile,
    Turn,
    actions_per_turn,
    check_planting,
    end_message,
    game_end_status,
    hand_limit,
    next_terrain_pile,
    planting_cost,
    shelter_capacity,
    trees_on_board_after_removal,
)
from scoring.guardians.reference import (
    DecisionCode,
    GuardiansRefCode,
    LivingCode,
    guardians_reference_lines,
    quick_reference,
)
from scoring.guardians.rules import (
    COMPONENTS,
    DECISIONS,
    LIVING_CONDITIONS,
    MOUNTAINS,
    RANGERS,
    TREE_ROWS,
    Altitude,
    AnimalSpecies,
    EndTrigger,
    Ranger,
    TileKind,
    TreeRow,
    TreeSpecies,
    component,
)
from scoring.message import ListCode, joined, msg
from tests.refused import refused

HIGH, MED, LOW = Altitude.HIGH, Altitude.MEDIUM, Altitude.LOW


def regular(alt: Altitude, **kw: object) -> Tile:
    return Tile(TileKind.REGULAR, alt, **kw)  # type: ignore[arg-type]


def codes(check: PlantingCheck) -> list[str]:
    return [r.code for r in check.reasons]


# --------------------------------------------------------------------------- data


def test_component_counts() -> None:
    counts = {c.id: c.count for c in COMPONENTS}
    assert counts == {
        "animal_cards": 10,
        "resource_cards": 30,
        "terrain_tiles": 36,
        "starting_tile": 1,
        "upgrade_cubes": 20,
        "trees": 40,
        "animals_and_rangers": 15,
        "fire_tokens": 12,
        "ranger_boards": 4,
    }
    assert all(c.source == cite(Source.S003) for c in COMPONENTS)
    assert component("fire_tokens").count == 12
    with pytest.raises(KeyError):
        component("dice")


def test_tree_rows_side_a() -> None:
    assert TREE_ROWS[TreeRow.TOP].allowed == {HIGH}
    assert TREE_ROWS[TreeRow.MIDDLE].allowed == {HIGH, MED}
    assert TREE_ROWS[TreeRow.BOTTOM].allowed == {MED, LOW}
    assert [(r.cost_cards, r.same_type) for r in TREE_ROWS.values()] == [
        (1, False),
        (2, True),
        (3, True),
    ]


def test_animals_and_rangers() -> None:
    assert len(LIVING_CONDITIONS) == 5
    assert sum(lc.cards for lc in LIVING_CONDITIONS.values()) == 10
    assert LIVING_CONDITIONS[AnimalSpecies.COMMON_PHEASANT].altitudes == {LOW}
    assert LIVING_CONDITIONS[AnimalSpecies.FORMOSAN_BLACK_BEAR].next_to is TileKind.MOUNTAIN
    assert LIVING_CONDITIONS[AnimalSpecies.SAMBAR_DEER].next_to is TileKind.LAKE
    assert LIVING_CONDITIONS[AnimalSpecies.LEOPARD_CAT].trees == 3
    assert LIVING_CONDITIONS[AnimalSpecies.PANGOLIN].altitudes == {MED}
    assert [RANGERS[r].title for r in Ranger] == [
        "Animal Expert", "Firefighter", "Mountain Protector", "Master Gardener"
    ]
    assert len(MOUNTAINS) == 4


# --------------------------------------------------------------------------- planting


def test_bottom_row_refused_on_high_altitude() -> None:
    check = check_planting("Mei", TreeRow.BOTTOM, regular(HIGH))
    assert not check.allowed
    (why,) = check.reasons
    assert why.code == PlantingCode.ROW_ALTITUDE
    assert why.params["row"] == msg(PlantingCode.ROW, row="bottom")
    assert why.params["allowed"] == joined(ListCode.OR, ("II", "III"))
    assert why.params["tile"] == msg(PlantingCode.TILE, kind="regular", numeral="I", name="",
                                     named=False)
    assert check.message == joined(ListCode.SENTENCES, (why,))


@pytest.mark.parametrize(
    ("row", "alt", "ok"),
    [
        (TreeRow.TOP, HIGH, True), (TreeRow.TOP, MED, False), (TreeRow.TOP, LOW, False),
        (TreeRow.MIDDLE, HIGH, True), (TreeRow.MIDDLE, MED, True), (TreeRow.MIDDLE, LOW, False),
        (TreeRow.BOTTOM, HIGH, False), (TreeRow.BOTTOM, MED, True), (TreeRow.BOTTOM, LOW, True),
    ],
)
def test_allowed_terrain(row: TreeRow, alt: Altitude, ok: bool) -> None:
    assert check_planting("Mei", row, regular(alt)).allowed is ok


def test_costs() -> None:
    assert check_planting("Mei", TreeRow.TOP, regular(HIGH)).message == msg(
        PlantingCode.ALLOWED, cost=msg(PlantingCode.COST, cards=1, same_type=False, extra=0))
    c = planting_cost(TreeRow.BOTTOM, shared=False)
    assert (c.cards, c.same_type, c.sharing_extra) == (3, True, 0)


def test_sharing_costs_one_more_of_the_type() -> None:
    tile = regular(MED, planted_by=frozenset({"Ken", "Ana"}))
    check = check_planting("Mei", TreeRow.MIDDLE, tile)
    assert check.allowed
    assert check.cost is not None and (check.cost.cards, check.cost.same_type) == (3, True)
    assert check.message == msg(PlantingCode.ALLOWED, cost=msg(
        PlantingCode.COST, cards=3, same_type=True, extra=1))
    # the top row's single card becomes two of one type when sharing
    top = check_planting("Mei", TreeRow.TOP, regular(HIGH, planted_by=frozenset({"Ken"})))
    assert top.cost is not None and (top.cost.cards, top.cost.same_type) == (2, True)


def test_master_gardener_shares_for_free() -> None:
    tile = regular(LOW, planted_by=frozenset({"Ken"}))
    check = check_planting("Bean", TreeRow.BOTTOM, tile, ranger=Ranger.BEAN)
    assert check.allowed and check.cost is not None
    assert (check.cost.cards, check.cost.sharing_extra) == (3, 0)
    other = check_planting("Jack", TreeRow.BOTTOM, tile, ranger=Ranger.JACK)
    assert other.cost is not None and other.cost.cards == 4


def test_never_twice_on_a_tile() -> None:
    check = check_planting("Mei", TreeRow.MIDDLE, regular(MED, planted_by=frozenset({"Mei"})))
    assert not check.allowed
    assert codes(check) == [PlantingCode.ALREADY_PLANTED]
    assert check.reasons[0].params["player"] == "Mei"
    assert check.reasons[0].params["tile"] == regular(MED).message


def test_not_on_fire() -> None:
    check = check_planting("Mei", TreeRow.MIDDLE, regular(MED, fire=True))
    assert not check.allowed and codes(check) == [PlantingCode.FIRE]
    assert check.reasons[0].params["tile"] == regular(MED).message


@pytest.mark.parametrize("kind", [TileKind.LAKE, TileKind.MOUNTAIN])
def test_not_on_special_tiles(kind: TileKind) -> None:
    check = check_planting("Mei", TreeRow.MIDDLE, Tile(kind, MED))
    assert not check.allowed
    assert codes(check) == [PlantingCode.LAKE if kind is TileKind.LAKE else PlantingCode.MOUNTAIN]
    assert check.reasons[0].params["tile"] == msg(PlantingCode.TILE, kind=kind, numeral="II",
                                                  name="", named=False)


def test_not_on_the_starting_tile() -> None:
    check = check_planting("Mei", TreeRow.TOP, Tile(TileKind.STARTING, None))
    assert not check.allowed and codes(check) == [PlantingCode.STARTING_TILE]
    assert Tile(TileKind.STARTING, None).message.params["numeral"] == ""


def test_mountain_protector_calocedrus_on_any_mountain() -> None:
    for alt in (HIGH, MED, LOW):
        mountain = Tile(TileKind.MOUNTAIN, alt, name="Alishan")
        ok = check_planting(
            "Fluffy", TreeRow.BOTTOM, mountain, ranger=Ranger.FLUFFY,
            species=TreeSpecies.CALOCEDRUS_FORMOSANA,
        )
        assert ok.allowed and not ok.reasons, ok.reasons
    mountain = Tile(TileKind.MOUNTAIN, HIGH, name="Alishan")
    spruce = check_planting(
        "Fluffy", TreeRow.TOP, mountain, ranger=Ranger.FLUFFY, species=TreeSpecies.TAIWAN_SPRUCE
    )
    assert not spruce.allowed and spruce.reasons == (msg(
        PlantingCode.MOUNTAIN_SPECIES, known=True,
        species=msg(PlantingCode.SPECIES, species="taiwan_spruce")),)
    unknown = check_planting("Fluffy", TreeRow.TOP, mountain, ranger=Ranger.FLUFFY)
    assert not unknown.allowed and unknown.reasons == (msg(
        PlantingCode.MOUNTAIN_SPECIES, known=False, species=None),)
    others = check_planting(
        "Jack", TreeRow.TOP, mountain, ranger=Ranger.JACK,
        species=TreeSpecies.CALOCEDRUS_FORMOSANA,
    )
    assert not others.allowed and others.reasons == (msg(
        PlantingCode.MOUNTAIN, tile=msg(PlantingCode.TILE, kind="mountain", numeral="I",
                                        name="Alishan", named=True)),)


def test_mountain_protector_not_on_lakes_or_burning_mountains() -> None:
    calo = TreeSpecies.CALOCEDRUS_FORMOSANA
    lake = check_planting("F", TreeRow.TOP, Tile(TileKind.LAKE, HIGH), ranger=Ranger.FLUFFY,
                          species=calo)
    assert not lake.allowed and codes(lake) == [PlantingCode.LAKE]
    burning = Tile(TileKind.MOUNTAIN, MED, fire=True)
    assert not check_planting("F", TreeRow.TOP, burning, ranger=Ranger.FLUFFY,
                              species=calo).allowed


def test_several_reasons_are_all_given() -> None:
    check = check_planting("Mei", TreeRow.TOP, regular(LOW, fire=True,
                                                       planted_by=frozenset({"Mei"})))
    assert codes(check) == [PlantingCode.FIRE, PlantingCode.ALREADY_PLANTED,
                            PlantingCode.ROW_ALTITUDE]
    assert check.message == joined(ListCode.SENTENCES, check.reasons)


def test_payment_checked_when_given() -> None:
    tile = regular(MED, planted_by=frozenset({"Ken"}))
    assert check_planting("Mei", TreeRow.MIDDLE, tile, paid=["wood"] * 3).allowed
    short = check_planting("Mei", TreeRow.MIDDLE, tile, paid=["wood"] * 2)
    cost = msg(PlantingCode.COST, cards=3, same_type=True, extra=1)
    assert not short.allowed and short.reasons == (
        msg(PlantingCode.PAID_COUNT, cost=cost, offered=2),)
    mixed = check_planting("Mei", TreeRow.MIDDLE, tile, paid=["wood", "wood", "water"])
    assert not mixed.allowed and mixed.reasons == (msg(PlantingCode.PAID_TYPES, cost=cost),)
    assert check_planting("Mei", TreeRow.TOP, regular(HIGH), paid=["water"]).allowed


def test_tile_needs_an_altitude() -> None:
    with pytest.raises(GuardiansRuleError):
        Tile(TileKind.REGULAR, None)


# --------------------------------------------------------------------------- skills, piles


def test_skills() -> None:
    assert hand_limit() == 3
    assert hand_limit(1) == 4 and hand_limit(2) == 5
    with refused(GuardiansRuleError, GuardiansRuleCode.HAND_LIMIT_AT_MOST_SO_AT, rmax=5, value=2):
        hand_limit(3)
    assert actions_per_turn() == 1
    assert actions_per_turn(2) == 3
    assert actions_per_turn(2, resource_upgrades=2) == 3
    with refused(GuardiansRuleError, GuardiansRuleCode.RANGER_BOARD_HAS_UPGRADE_CUBES,
                 cubes_per_board=4):
        actions_per_turn(3, resource_upgrades=2)
    with pytest.raises(GuardiansRuleError):
        actions_per_turn(-1)


def test_shelter_capacity() -> None:
    assert shelter_capacity(None) == 1
    assert shelter_capacity(Ranger.JULIA) == 2
    assert shelter_capacity(Ranger.JACK) == 1


def test_draw_from_highest_pile() -> None:
    assert next_terrain_pile({HIGH: 3, MED: 5, LOW: 5}) is HIGH
    assert next_terrain_pile({HIGH: 0, MED: 5, LOW: 5}) is MED
    assert next_terrain_pile({HIGH: 0, MED: 0, LOW: 1}) is LOW
    assert next_terrain_pile({HIGH: 0, MED: 0}) is None
    with pytest.raises(GuardiansRuleError):
        next_terrain_pile({HIGH: -1})


def test_tree_removal_refills_from_the_right() -> None:
    # 4 spaces, 1 tree still on the board (3 planted): 2 come back -> 3 on the board
    assert trees_on_board_after_removal(1, 2, 4) == 3
    with pytest.raises(GuardiansRuleError):
        trees_on_board_after_removal(3, 2, 4)


# --------------------------------------------------------------------------- game end

SEATS = ["A", "B", "C", "D"]


def test_no_trigger() -> None:
    s = game_end_status(SEATS, [Turn("A"), Turn("B")])
    assert (s.triggered, s.over, s.remaining, s.trigger) == (False, False, (), None)
    assert s.message == msg(GameEndCode.NONE)


def test_last_tree_gives_every_other_player_one_turn() -> None:
    turns = [Turn("A"), Turn("B", planted_last_tree=True)]
    s = game_end_status(SEATS, turns)
    assert s.trigger is EndTrigger.LAST_TREE_PLANTED and s.triggered_by == "B"
    assert s.remaining == ("C", "D", "A") and not s.over
    assert s.next_player == "C"
    assert s.message == msg(GameEndCode.END, trigger="last_tree_planted", by="B", over=False,
                            last="B", then_drew=False,
                            remaining=joined(ListCode.COMMAS, ("C", "D", "A")))
    s = game_end_status(SEATS, [*turns, Turn("C"), Turn("D")])
    assert s.remaining == ("A",) and not s.over
    s = game_end_status(SEATS, [*turns, Turn("C"), Turn("D"), Turn("A")])
    assert s.over and s.remaining == ()
    assert s.message.params["over"] is True and s.message.params["last"] == "A"
    assert s.message.params["remaining"] == joined(ListCode.COMMAS, ())
    with refused(GuardiansRuleError, GuardiansRuleCode.TURNS_GAME_ALREADY_OVER, i=5):
        game_end_status(SEATS, [*turns, Turn("C"), Turn("D"), Turn("A"), Turn("B")])


def test_last_tile_ends_after_that_turn() -> None:
    s = game_end_status(["A", "B", "C"], [Turn("A"), Turn("B", drew_last_tile=True)])
    assert s.trigger is EndTrigger.LAST_TILE_DRAWN and s.triggered_by == "B"
    assert s.over and s.remaining == ()
    assert s.message == end_message(EndTrigger.LAST_TILE_DRAWN, "B", (), over=True)
    assert (s.message.params["last"], s.message.params["then_drew"]) == ("B", False)


def test_last_tile_during_the_final_round_ends_the_game() -> None:
    turns = [Turn("A", planted_last_tree=True), Turn("B", drew_last_tile=True)]
    s = game_end_status(["A", "B", "C"], turns)
    assert s.trigger is EndTrigger.LAST_TREE_PLANTED  # the first trigger is kept
    assert s.over and s.remaining == ()
    assert s.message.params["trigger"] == "last_tree_planted"
    assert (s.message.params["last"], s.message.params["then_drew"]) == ("B", True)


def test_second_last_tree_changes_nothing() -> None:
    turns = [Turn("A", planted_last_tree=True), Turn("B", planted_last_tree=True)]
    s = game_end_status(["A", "B", "C"], turns)
    assert s.triggered_by == "A" and s.remaining == ("C",)


def test_two_players() -> None:
    s = game_end_status(["A", "B"], [Turn("B", planted_last_tree=True)])
    assert s.remaining == ("A",)
    s = game_end_status(["A", "B"], [Turn("B", planted_last_tree=True), Turn("A")])
    assert s.over


def test_turn_order_is_checked() -> None:
    with refused(GuardiansRuleError, GuardiansRuleCode.TURNS_IT_TURN_NOT_PLAY_GOES, i=1,
                 expected="B", player="C"):
        game_end_status(SEATS, [Turn("A"), Turn("C")])
    with refused(GuardiansRuleError, GuardiansRuleCode.TURNS_NOT_AT_TABLE, i=0, player="Z"):
        game_end_status(SEATS, [Turn("Z")])
    with refused(GuardiansRuleError, GuardiansRuleCode.FOREST_GUARDIANS_FOR_2_4_PLAYERS,
                 seats_count=1):
        game_end_status(["A"], [])
    with refused(GuardiansRuleError, GuardiansRuleCode.PLAYER_NAMES_MUST_BE_UNIQUE):
        game_end_status(["A", "A"], [])


# --------------------------------------------------------------------------- reference


def test_quick_reference_sections() -> None:
    ids = [s.id for s in quick_reference()]
    assert ids == [
        "components", "turn", "planting", "other_actions", "animals", "events", "removal",
        "game_end", "scoring", "two_players", "rangers", "decisions",
    ]
    basic = quick_reference(advanced=False)
    assert "rangers" not in [s.id for s in basic]
    # the turn and planting sections are the coded lines (one source for each line)
    planting = next(s for s in basic if s.id == "planting")
    assert planting.entries == tuple(
        line.message for line in guardians_reference_lines() if line.section == "planting")
    assert planting.entries[2] == msg(GuardiansRefCode.ROW, row="bottom", allowed="II / III",
                                      cards=3, same_type=True)
    assert all(s.as_json()["entries"] for s in quick_reference())
    decisions = next(s for s in basic if s.id == "decisions")
    assert [m.code for m in decisions.entries] == [
        f"ref-fg-decision-{d.id}" for d in DECISIONS]
    assert msg(DecisionCode.SHARED_WIN) in decisions.entries
    # the entries follow the rules tables: counts and altitudes are parameters
    components = next(s for s in basic if s.id == "components")
    assert [m.params["count"] for m in components.entries] == [c.count for c in COMPONENTS]
    animals = next(s for s in basic if s.id == "animals")
    leopard = animals.entries[list(LIVING_CONDITIONS).index(AnimalSpecies.LEOPARD_CAT)]
    assert leopard == msg(LivingCode.LEOPARD_CAT, trees=3,
                          altitudes=joined(ListCode.OR, ("II", "III")))


def test_scoring_and_setup_stay_pure() -> None:
    root = Path(__file__).resolve().parents[2]
    files = [*(root / "scoring" / "guardians").glob("*.py"),
             *(root / "setup" / "guardians").glob("*.py")]
    banned = ("flet", "sqlmodel", "sqlalchemy", "app", "os", "io", "pathlib", "subprocess")
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for n in names:
                assert n.split(".")[0] not in banned, f"{f.name} imports {n}"


# --------------------------------------------------------------------------- properties


@given(
    st.sampled_from(list(TreeRow)),
    st.sampled_from(list(Altitude)),
    st.frozensets(st.sampled_from(["Mei", "Ken", "Ana", "Bo"])),
    st.sampled_from([None, *Ranger]),
    st.booleans(),
)
def test_planting_properties(
    row: TreeRow, alt: Altitude, planted: frozenset[str], ranger: Ranger | None, fire: bool
) -> None:
    check = check_planting("Mei", row, regular(alt, planted_by=planted, fire=fire), ranger=ranger)
    assert check.cost is not None
    shared = bool(planted - {"Mei"})
    extra = 1 if shared and ranger is not Ranger.BEAN else 0
    assert check.cost.cards == TREE_ROWS[row].cost_cards + extra
    assert check.allowed == (alt in TREE_ROWS[row].allowed and not fire and "Mei" not in planted)
    assert check.allowed == (not check.reasons)

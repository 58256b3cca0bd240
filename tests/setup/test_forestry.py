"""The Forestry dealer: validation, structure of every deal, determinism, fairness."""

from __future__ import annotations

import ast
import json
import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cite import Cite, CiteTitle, Source, cite
from scoring.forestry.enums import Area, Character, ForesterType, Mode, TechnologySide
from scoring.message import Msg, msg
from setup.forestry.deck import SPAWN_CARDS, SpawnPurpose
from setup.forestry.plan import (
    STEPS,
    ForestryOptions,
    LocationTile,
    SetupCode,
    SetupOptionError,
    SetupPlan,
    StepCode,
    deal,
)
from setup.forestry.play import (
    ROUND_TOKENS_BY_ID,
    ForestBoard,
    ForesterToken,
    replenish_foresters,
    take_forester,
)
from tests.refused import refused

ROOT = Path(__file__).resolve().parents[2]
STD = ForestryOptions()


# --------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "options, players, seed, option",
    [
        (STD, 0, 1, "players"),
        (STD, 5, 1, "players"),
        (STD, 2, -1, "seed"),
        (ForestryOptions(infestation=True), 1, 1, "infestation"),
        (
            ForestryOptions(mode=Mode.TUTORIAL, technology_side=TechnologySide.A),
            2,
            1,
            "technology-side",
        ),
        (ForestryOptions(tutorial_table=True), 2, 1, "tutorial-table"),
        (
            ForestryOptions(
                mode=Mode.ADVANCED, tutorial_table=True, technology_side=TechnologySide.B
            ),
            2,
            1,
            "technology-side",
        ),
        (ForestryOptions(characters=(Character.TECHNICIAN,)), 2, 1, "character"),
        (
            ForestryOptions(
                mode=Mode.ADVANCED, characters=(Character.TECHNICIAN, Character.TECHNICIAN)
            ),
            3,
            1,
            "character",
        ),
        (
            ForestryOptions(
                mode=Mode.ADVANCED,
                characters=(Character.TECHNICIAN, Character.FOREST_WORKER),
            ),
            1,
            1,
            "character",
        ),
    ],
)
def test_invalid_combinations_are_refused(
    options: ForestryOptions, players: int, seed: int, option: str
) -> None:
    with pytest.raises(SetupOptionError) as info:
        deal(options, players, seed)
    assert info.value.option == option
    assert isinstance(info.value, ValueError)
    assert option in str(info.value)


def test_options_of_the_wrong_type_are_refused() -> None:
    with refused(SetupOptionError, SetupCode.ONE, field="mode",
                 value="tutorial, standard, advanced"):
        deal(ForestryOptions(mode="expert"), 2, 1)  # type: ignore[arg-type]
    with refused(SetupOptionError, SetupCode.NOT_CHARACTER, field="character", value="wizard"):
        deal(ForestryOptions(mode=Mode.ADVANCED, characters=("wizard",)), 2, 1)  # type: ignore[arg-type]
    with refused(SetupOptionError, SetupCode.OR_B, field="technology-side"):
        deal(ForestryOptions(technology_side="C"), 2, 1)  # type: ignore[arg-type]


def test_infestation_refusal_says_why() -> None:
    with refused(ValueError, SetupCode.BARK_BEETLE_INFESTATION_MODULE_CANNOT_BE,
                 field="infestation"):
        deal(ForestryOptions(infestation=True), 1, 3)


# --------------------------------------------------------------------------- structure


option_sets = st.builds(
    ForestryOptions,
    mode=st.sampled_from(list(Mode)),
    infestation=st.booleans(),
    asymmetric=st.booleans(),
)


def _valid(options: ForestryOptions, players: int) -> ForestryOptions:
    if options.infestation and players == 1:
        return ForestryOptions(mode=options.mode, asymmetric=options.asymmetric)
    return options


def _by_purpose(plan: SetupPlan, purpose: SpawnPurpose) -> list[int]:
    return [r.card for r in plan.spawn_reveals if r.purpose is purpose]


@settings(max_examples=200, deadline=None)
@given(options=option_sets, players=st.integers(1, 4), seed=st.integers(0, 10**9))
def test_every_deal_is_well_formed(options: ForestryOptions, players: int, seed: int) -> None:
    options = _valid(options, players)
    plan = deal(options, players, seed)
    neutral = {1: 0, 2: 2, 3: 1, 4: 0}[players]

    # neutral-colour placements (002 setup 5, 10, 11)
    assert len(plan.upgraded_sawmills) == neutral == len(set(plan.upgraded_sawmills))
    assert len(plan.removed_clearings) == neutral == len(set(plan.removed_clearings))
    assert all(1 <= n <= 9 for n in plan.upgraded_sawmills + plan.removed_clearings)
    assert len(plan.meanders) == (1 if neutral else 0)
    assert len(plan.reservoirs) == (1 if players == 2 else 0)
    rivers = plan.meanders + plan.reservoirs
    assert all(1 <= n <= 8 for n in rivers) and len(set(rivers)) == len(rivers)

    # reveal-until: only the last card of each run qualifies
    for purpose, picks, high in (
        (SpawnPurpose.SAWMILL, plan.upgraded_sawmills, 9),
        (SpawnPurpose.CLEARING, plan.removed_clearings, 9),
        (SpawnPurpose.RIVER, rivers, 8),
    ):
        cards = _by_purpose(plan, purpose)
        chosen = [c for c in cards if 1 <= c <= high]
        assert sorted(set(chosen)) == sorted(picks)

    # harvest and forester tokens
    assert len(plan.harvested) == 3 == len(set(plan.harvested))
    assert set(_by_purpose(plan, SpawnPurpose.HARVEST)) == set(plan.harvested)
    assert [t.kind for t in plan.forester_tokens] == list(ForesterType)
    assert [t.space for t in plan.forester_tokens] == _by_purpose(plan, SpawnPurpose.FORESTER)
    assert len({t.space for t in plan.forester_tokens}) == 3

    # within one deck cycle no card comes up twice
    per_cycle = Counter((r.cycle, r.card) for r in plan.spawn_reveals)
    assert max(per_cycle.values()) == 1

    # round tokens, seat coins, technology side
    assert len(plan.round_tokens) == (9 if options.mode is Mode.ADVANCED else 10)
    assert len(set(plan.round_tokens)) == len(plan.round_tokens)
    assert all(t in ROUND_TOKENS_BY_ID for t in plan.round_tokens)
    assert plan.seat_coins == (() if options.asymmetric else (3, 4, 4, 5)[:players])
    assert (plan.technology_side is None) == (options.mode is Mode.TUTORIAL)

    # HQ: a permutation of the set's three tiles over the three areas
    assert sorted(pos for _, pos in plan.hq.tiles) == [1, 2, 3]
    assert {a for a, _ in plan.hq.tiles} == set(Area)

    # Growing Forward
    if options.infestation:
        gf = plan.growing_forward
        assert gf is not None
        assert len(set(gf.detached_criteria)) == 3
        assert 1 <= gf.infestation_card <= 3
        assert sorted(t for _, t in gf.location_tiles) == sorted(LocationTile)
    else:
        assert plan.growing_forward is None

    # characters only in the advanced game, one per player, all different
    if options.mode is Mode.ADVANCED:
        assert len(plan.characters) == players == len(set(plan.characters))
    else:
        assert plan.characters == ()

    # the board after setup continues from the deal
    board = plan.board
    assert board.harvested == set(plan.harvested)
    assert board.foresters == plan.forester_tokens
    assert board.deck.cycle >= 2 and board.deck.discard == tuple(
        _by_purpose(plan, SpawnPurpose.FORESTER)
    )
    assert board.round_tokens.order == plan.round_tokens and board.round_tokens.revealed == 1
    assert ForestBoard.from_json(json.loads(json.dumps(board.to_json()))) == board

    # steps: unique ids, every step cites its source, JSON round-trips
    ids = [s.id for s in plan.steps]
    assert len(ids) == len(set(ids))
    assert all(s.source and s.title and s.detail for s in plan.steps)
    assert ("solo.note" in ids) == (players == 1)
    data = plan.to_json()
    assert json.loads(json.dumps(data)) == data


def test_step_table_is_declarative_and_cited() -> None:
    ids = [s.id for s in STEPS]
    assert len(ids) == len(set(ids))
    for spec in STEPS:
        assert spec.source and spec.source[0].source in (Source.S001, Source.S002, Source.RULES)
    board = [s for s in STEPS if s.id.startswith("board.")]
    assert [s.source for s in board] == [cite(Source.S002, CiteTitle.SETUP, step=n)
                                         for n in range(1, 15)]
    player = [s for s in STEPS if s.id.split(".")[1][:1].isdigit() and s.id.startswith("player")]
    assert [s.source[0] for s in player] == [
        Cite(Source.S002, CiteTitle.PLAYER_SETUP, step=n) for n in range(1, 19)
    ]


def _detail(plan: SetupPlan, step_id: str) -> tuple[Msg, ...]:
    """A step's detail messages (their English: tests/app/test_l10n_setup.py)."""
    return next(tuple(s.detail) for s in plan.steps if s.id == step_id)


def test_asymmetric_cards_replace_seedling_and_coins() -> None:
    plan = deal(ForestryOptions(asymmetric=True), 3, 5)
    assert _detail(plan, "player.16.resources") == (msg(StepCode.P_ASYMMETRIC, solo=False),)
    assert plan.seat_coins == ()
    solo = deal(ForestryOptions(asymmetric=True), 1, 5)
    assert _detail(solo, "player.16.resources") == (msg(StepCode.P_ASYMMETRIC, solo=True),)


def test_solo_deal_says_what_is_missing() -> None:
    plan = deal(STD, 1, 9)
    assert _detail(plan, "solo.note") == (msg(StepCode.SOLO),)
    assert plan.steps[0].id == "solo.note"
    assert plan.seat_coins == (3,)


def test_nothing_unknown_is_invented() -> None:
    plan = deal(
        ForestryOptions(
            mode=Mode.ADVANCED,
            infestation=True,
            characters=(Character.FOREST_ROAD_MANAGER, Character.TECHNICIAN),
        ),
        4,
        11,
    )
    assert _detail(plan, "player.12.contract") == (msg(StepCode.P_CONTRACT),)
    (infestation,) = _detail(plan, "gf.infestation")
    assert infestation.code == StepCode.GF_INFESTATION and infestation.params["players"] == 4
    assert _detail(plan, "char.forest_road_manager") == (
        msg(StepCode.ROAD_MANAGER, card=plan.road_manager_card),)
    (hq,) = _detail(plan, "board.7.hq")
    tiles = hq.params["tiles"]
    assert hq.code == StepCode.HQ and isinstance(tiles, tuple)
    assert sorted(t.params["position"] for t in tiles) == [1, 2, 3]  # type: ignore[union-attr]


def test_tutorial_and_tutorial_table_have_no_technology_tiles() -> None:
    for options in (
        ForestryOptions(mode=Mode.TUTORIAL),
        ForestryOptions(mode=Mode.ADVANCED, tutorial_table=True),
    ):
        plan = deal(options, 2, 1)
        assert plan.technology_side is None
        assert _detail(plan, "player.6.technology") == (msg(StepCode.P_TECHNOLOGY_NONE),)


def test_chosen_technology_side_is_kept() -> None:
    for seed in range(20):
        opts = ForestryOptions(technology_side=TechnologySide.B)
        assert deal(opts, 2, seed).technology_side is TechnologySide.B


def test_named_characters_are_kept_and_the_rest_dealt() -> None:
    opts = ForestryOptions(mode=Mode.ADVANCED, characters=(Character.TECHNICIAN,))
    plan = deal(opts, 3, 4)
    assert plan.characters[0] is Character.TECHNICIAN and len(plan.dealt_characters) == 2
    assert Character.TECHNICIAN not in plan.dealt_characters


def test_base_characters_only_without_growing_forward() -> None:
    base = {
        Character.TRADE_SPECIALIST,
        Character.FOREST_ECOLOGIST,
        Character.LOGISTICS_MANAGER,
        Character.MONITORING_SPECIALIST,
    }
    for seed in range(30):
        plan = deal(ForestryOptions(mode=Mode.ADVANCED), 4, seed)
        assert set(plan.characters) == base
        assert len(plan.trade_specialist_rewards) == 5


def test_round_tokens_advanced_keeps_nine_of_the_same_shuffle() -> None:
    for seed in range(20):
        std = deal(STD, 2, seed).round_tokens
        adv = deal(ForestryOptions(mode=Mode.ADVANCED), 2, seed).round_tokens
        assert adv == std[:9]


# --------------------------------------------------------------------------- determinism


def test_same_seed_same_deal() -> None:
    opts = ForestryOptions(mode=Mode.ADVANCED, infestation=True)
    assert deal(opts, 3, 1234) == deal(opts, 3, 1234)
    assert deal(opts, 3, 1234).to_json() == deal(opts, 3, 1234).to_json()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_different_seeds_different_deals(players: int) -> None:
    seen = {json.dumps(deal(STD, players, seed).to_json(), sort_keys=True) for seed in range(300)}
    assert len(seen) == 300


def test_modules_do_not_change_the_base_deal() -> None:
    for seed in range(25):
        base = deal(STD, 3, seed)
        gf = deal(ForestryOptions(infestation=True, asymmetric=True), 3, seed)
        assert gf.spawn_reveals == base.spawn_reveals
        assert gf.hq == base.hq and gf.round_tokens == base.round_tokens
        assert gf.technology_side == base.technology_side


def test_the_deal_does_not_touch_the_global_random_state() -> None:
    random.seed(99)
    expected = random.random()
    random.seed(99)
    deal(ForestryOptions(mode=Mode.ADVANCED, infestation=True), 4, 5)
    assert random.random() == expected


# --------------------------------------------------------------------------- fairness

#: 0.999 quantiles of the chi-square distribution by degrees of freedom.
CHI2_999 = {2: 13.816, 7: 24.322, 8: 26.124, 14: 36.123}
SEEDS = range(4000)


def chi_square(counts: Counter[int], categories: Iterable[int]) -> tuple[float, int]:
    cats = list(categories)
    total = sum(counts[c] for c in cats)
    expected = total / len(cats)
    stat = sum((counts[c] - expected) ** 2 / expected for c in cats)
    return stat, len(cats) - 1


@pytest.fixture(scope="module")
def many_deals() -> dict[int, list[SetupPlan]]:
    return {p: [deal(STD, p, s) for s in SEEDS] for p in (1, 2, 3, 4)}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_space_is_harvested_equally_often(
    many_deals: dict[int, list[SetupPlan]], players: int
) -> None:
    counts: Counter[int] = Counter()
    for plan in many_deals[players]:
        counts.update(plan.harvested)
    stat, df = chi_square(counts, SPAWN_CARDS)
    assert stat < CHI2_999[df], (stat, sorted(counts.items()))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_forester_tokens_land_uniformly(
    many_deals: dict[int, list[SetupPlan]], players: int
) -> None:
    counts: Counter[int] = Counter()
    for plan in many_deals[players]:
        counts.update(t.space for t in plan.forester_tokens)
    stat, df = chi_square(counts, SPAWN_CARDS)
    assert stat < CHI2_999[df], stat


@pytest.mark.parametrize("players", [2, 3])
def test_neutral_placements_are_uniform(
    many_deals: dict[int, list[SetupPlan]], players: int
) -> None:
    for field, cats in (
        ("upgraded_sawmills", range(1, 10)),
        ("removed_clearings", range(1, 10)),
        ("meanders", range(1, 9)),
    ):
        counts: Counter[int] = Counter()
        for plan in many_deals[players]:
            counts.update(getattr(plan, field))
        stat, df = chi_square(counts, cats)
        assert stat < CHI2_999[df], (field, stat)


def test_hq_positions_are_uniform(many_deals: dict[int, list[SetupPlan]]) -> None:
    counts: Counter[int] = Counter(dict(p.hq.tiles)[Area.LIGHT_GREEN] for p in many_deals[4])
    stat, df = chi_square(counts, (1, 2, 3))
    assert stat < CHI2_999[df], stat


# --------------------------------------------------------------------------- continuing play


def test_play_continues_from_the_board_after_setup() -> None:
    plan = deal(STD, 2, 77)
    board, log = replenish_foresters(plan.board, random.Random(0))
    assert board == plan.board and not log.reveals
    taken_space = plan.forester_tokens[1].space
    board, kind = take_forester(plan.board, taken_space)
    board, log = replenish_foresters(board, random.Random(0))
    assert log.reveals[0].card == plan.board.deck.remaining[0]
    assert kind is ForesterType.DEN_TREE and board.forester_space(kind) is not None
    assert ForesterToken(ForesterType.THINNING, plan.forester_tokens[0].space) in board.foresters


# --------------------------------------------------------------------------- purity


@pytest.mark.parametrize("module", ["forestry/deck", "forestry/plan", "forestry/play",
                                    "guardians/plan"])
def test_setup_modules_stay_pure(module: str) -> None:
    tree = ast.parse((ROOT / "setup" / f"{module}.py").read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"open", "print", "input"}, module
    assert imported <= {
        "__future__",
        "random",
        "collections",
        "dataclasses",
        "enum",
        "typing",
        "scoring",
        "setup",
    }, imported


def test_exact_harvest_probability_is_one_fifth_for_every_player_count() -> None:
    """Exact check behind the chi-square tests: reveal-until before step 9 keeps it fair.

    Before step 9, 0/1/2 runs of "reveal until 1–9" take one low card each plus
    the high cards (10–15) passed on the way. By symmetry each low card then has
    probability E[3·L/(L+H)]/9 and each high card E[3·H/(L+H)]/6 of being among
    the next three, where (L, H) are the low/high cards left.
    """
    from fractions import Fraction

    def runs(states: dict[tuple[int, int], Fraction]) -> dict[tuple[int, int], Fraction]:
        out: dict[tuple[int, int], Fraction] = {}
        for (low, high), p in states.items():
            q = Fraction(1)
            for passed in range(high + 1):
                hit = q * Fraction(low, low + high - passed)
                key = (low - 1, high - passed)
                out[key] = out.get(key, Fraction(0)) + p * hit
                q *= Fraction(high - passed, low + high - passed)
        return out

    for neutral in (0, 1, 2):
        states = {(9, 6): Fraction(1)}
        for _ in range(neutral):
            states = runs(states)
        assert sum(states.values()) == 1
        p_low = sum(p * Fraction(3 * lo, lo + hi) for (lo, hi), p in states.items()) / 9
        p_high = sum(p * Fraction(3 * hi, lo + hi) for (lo, hi), p in states.items()) / 6
        assert p_low == p_high == Fraction(1, 5)

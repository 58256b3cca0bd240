"""Issue 35 item 6, the rules corners: known answers, each with the rule line it follows.

Sources as in ``rules/seeds``: 001 (Growing Forward), 002 (base rulebook, Japanese; the
sections named as it names them). The decisions are in docs/rules-decisions.md.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from app.l10n import english
from scoring.cite import Cite, CiteTitle, Source, cite
from scoring.forestry.record import parse_forestry
from scoring.forestry.reference import FORESTRY_REFERENCE, REF_NUMBERS, RefCode
from scoring.forestry.score import (
    Assignment,
    NoteCode,
    best_assignment,
    detached_spreads,
    own_vp,
    possible_assignments,
    score_forestry,
    stable_outcomes,
    task_criterion_spread,
)
from scoring.message import ListCode, joined, msg
from scoring.placing import split_spread
from scoring.printed import Found, lookup_count
from scoring.record import RecordError
from scoring.sheet import Need, ScoreSheet
from tests.scoring.test_forestry_support import ALL_PRINTED, player, record


def score(data: dict[str, Any]) -> ScoreSheet:
    return score_forestry(parse_forestry(data))


# --------------------------------------------------------------------------- storage costs


def test_the_first_storage_extension_costs_the_5_coins_002_prints() -> None:
    """002 リソース: 「プレイヤーボードのストレージを初めて拡張するには、プレイヤーは5コイン
    を消費する必要があります」 (the first extension costs 5 coins); 002 フリーアクション 4
    says only "the coins printed on the leftmost locked space", so the others stay unknown."""
    (line,) = [x for x in FORESTRY_REFERENCE if x.message.code == RefCode.FREE_STORAGE]
    assert line.message.params["coins"] == 5
    assert Cite(Source.S002, CiteTitle.RESOURCES) in line.source
    (five,) = [n for n in REF_NUMBERS[RefCode.FREE_STORAGE] if n.value == 5]
    assert five.param == "coins" and five.source == cite(Source.S002, CiteTitle.RESOURCES)


# --------------------------------------------------------------------------- forest building task


def _forest_task_game(forest: int, marked: int) -> dict[str, Any]:
    cards = [{"forest_building": f"next to harvest token {k + 1}", "met": True}
             for k in range(marked)]
    a = player("Aya", buildings={"forest": forest, "sawmill": []}, task_cards=cards)
    return record(a, player("Sora"), printed=ALL_PRINTED)


def test_a_forest_building_task_card_needs_a_forest_building() -> None:
    """002 タスクカード (end-game requirements): 「指定された伐採トークンに隣接して建設された
    森の建物」 (a forest building built next to the given harvest token), and one item fulfils
    one card (002: a second accessory task card needs a second accessory contract). A card
    marked met with no forest building built does not count: 0 fulfilled, the card is an
    unused resource (002 ゲーム終了とスコアリング 5), and a note says why."""
    sheet = score(_forest_task_game(forest=0, marked=1))
    aya = sheet.players[0]
    assert aya.details["tasks_fulfilled"] == 0 and aya.categories["tasks"] == 0
    assert msg(NoteCode.FOREST_BUILDING_TASKS, player="Aya", marked=1, counted=0) \
        in sheet.notes


def test_each_forest_building_fulfils_one_forest_building_task_card() -> None:
    """Same lines: two cards marked met and one forest building: 1 counts (3 VP with the
    test row 3 per card); with two buildings both count and no note is shown."""
    sheet = score(_forest_task_game(forest=1, marked=2))
    assert sheet.players[0].details["tasks_fulfilled"] == 1
    assert sheet.players[0].categories["tasks"] == 3
    assert msg(NoteCode.FOREST_BUILDING_TASKS, player="Aya", marked=2, counted=1) \
        in sheet.notes
    sheet = score(_forest_task_game(forest=2, marked=2))
    assert sheet.players[0].details["tasks_fulfilled"] == 2
    assert not [n for n in sheet.notes if n.code == NoteCode.FOREST_BUILDING_TASKS]


# --------------------------------------------------------------------------- equal assignments

BLD, ACC = "building", "accessory"


def test_equal_assignments_take_the_first_in_record_order() -> None:
    """002 ゲーム終了とスコアリング (契約カードの2つのシンボル): each two-symbol card counts
    as one category of the player's choice; docs/rules-decisions.md: equal VP and equal task
    cards fulfilled -> "the first such assignment in record order" (contracts as the record
    lists them, each card's categories in the order it lists them). Nothing here depends
    on the category, so the card counts as the category it lists first."""
    for listed in ([BLD, ACC], [ACC, BLD]):
        sheet = score(record(player("Aya", contracts=[listed]), player("Sora"),
                             printed=ALL_PRINTED))
        assert sheet.players[0].details["contract_categories"] == [listed[0]]


def test_interchangeable_cards_keep_record_order_among_equals() -> None:
    """Same lines; one accessory task card (002 タスクカード: a fulfilled accessory contract).
    Cards [building/accessory, accessory/building]: one accessory fulfils the card (3 VP
    with the test row), a second adds nothing, building adds nothing (no river token).
    (building, accessory) and (accessory, accessory) are equally good (1 card fulfilled,
    equal VP); record order takes each card's first-listed category while it can: the
    first card building, the second accessory."""
    aya = player("Aya", contracts=[[BLD, ACC], [ACC, BLD]], task_cards=[{"contract": ACC}])
    sheet = score(record(aya, player("Sora"), printed=ALL_PRINTED))
    assert sheet.players[0].details["contract_categories"] == [BLD, ACC]
    assert sheet.players[0].details["tasks_fulfilled"] == 1


# --------------------------------------------------------------------------- tie notes


def _tied(*players: dict[str, Any]) -> ScoreSheet:
    return score(record(*players, printed=ALL_PRINTED))


def _refo(lg: int, dg: int, orange: int) -> dict[str, int]:
    return {"light_green": lg, "dark_green": dg, "orange": orange}


def test_the_tie_note_in_the_design_wording() -> None:
    """002 ゲーム終了とスコアリング: 「同点の場合、次の基準で勝者が決定されます。• 植えられた
    苗木の数 • 履行された契約の数 • 達成されたタスクカードの数」. Aya and Sora: 81 on the
    track + 8 each for most forester tokens (both 0: (10 + 6) // 2, 002 scoring 4) = 89;
    seedlings planted 7 and 5 decide."""
    sheet = _tied(player("Aya", score_track=81, reforestation_table=_refo(3, 3, 1)),
                  player("Sora", score_track=81, reforestation_table=_refo(3, 2, 0)))
    assert [p.total for p in sheet.players] == [89, 89] and sheet.winners == ("Aya",)
    (note,) = [n for n in sheet.notes if n.code == NoteCode.TIE_DECIDED]
    assert english(note) == "Aya and Sora tied on 89 VP; decided by seedlings planted (7, 5)."


def test_a_later_tie_breaker_is_named_with_the_equal_ones_before_it() -> None:
    """Same lines: equal seedlings (0), contracts fulfilled 1 and 0 decide. Aya: 78 + a
    building contract (no task card, no river token: 0 VP) + 8 = 86; Sora 78 + 8."""
    sheet = _tied(player("Aya", score_track=78, contracts=[[BLD]]),
                  player("Sora", score_track=78))
    (note,) = [n for n in sheet.notes if n.code == NoteCode.TIE_DECIDED]
    assert english(note) == ("Aya and Sora tied on 86 VP; equal on seedlings planted, "
                             "decided by contracts fulfilled (1, 0).")
    assert [p.rank for p in sheet.players] == [1, 2]


def _three(ken_task: str) -> ScoreSheet:
    """Three players on 89 VP: most forester tokens three-way tied, (10 + 6 + 2) // 3 = 6
    each (002 scoring 4). Aya 83 + 6, 7 seedlings planted. Ken and Sora 5 seedlings each
    and one building contract each; Ken's task card wants ``ken_task``, Sora's accessory
    (unfulfilled: 0 VP, 1 card // 3 = 0 resources VP). Ken's track makes up his task VP."""
    ken_vp = 3 if ken_task == BLD else 0
    return _tied(
        player("Aya", score_track=83, reforestation_table=_refo(3, 3, 1)),
        player("Ken", score_track=83 - ken_vp, reforestation_table=_refo(3, 2, 0),
               contracts=[[BLD]], task_cards=[{"contract": ken_task}]),
        player("Sora", score_track=83, reforestation_table=_refo(2, 3, 0),
               contracts=[[BLD]], task_cards=[{"contract": ACC}]))


def test_every_tie_breaker_that_decided_a_place_is_named() -> None:
    """Same lines, applied in turn to the players still tied: seedlings (7, 5, 5) put Aya
    first; Ken and Sora stay tied on it and on contracts fulfilled (1, 1); task cards
    fulfilled (1, 0) decide between them. Before issue 35 the note named only seedlings."""
    sheet = _three(BLD)
    assert [p.total for p in sheet.players] == [89, 89, 89]
    assert [p.rank for p in sheet.players] == [1, 2, 3]
    (note,) = [n for n in sheet.notes if n.code == NoteCode.TIE_DECIDED]
    assert english(note) == (
        "Aya, Ken and Sora tied on 89 VP; decided by seedlings planted (7, 5, 5). "
        "Between Ken and Sora, equal on contracts fulfilled, decided by task cards "
        "fulfilled (1, 0).")


def test_players_still_tied_after_every_tie_breaker_are_told_they_share() -> None:
    """Same lines, "still tied: shared" (docs/rules-decisions.md, winner and ties): Ken and
    Sora are equal on every tie-breaker (5 seedlings, 1 contract, 0 task cards) and share
    2nd place; the note says so after the level that put Aya first."""
    sheet = _three(ACC)
    assert [p.rank for p in sheet.players] == [1, 2, 2]
    (note,) = [n for n in sheet.notes if n.code == NoteCode.TIE_DECIDED]
    assert english(note) == (
        "Aya, Ken and Sora tied on 89 VP; decided by seedlings planted (7, 5, 5). "
        "Ken and Sora stay tied on every tie-breaker: they share the rank.")


# --------------------------------------------------------------------------- stable outcomes


def _seated(*names: str) -> dict[str, Any]:
    """Two players with the same board, in seat order ``names``. Each has one
    accessory/building contract, an accessory task card and two building river tokens
    (water 1x per building contract, 002 scoring 2); the task-card row pays 0 for 0 and 1
    card (flat; RULES "tracks never fall"). The detached storage ranking task cards
    fulfilled has the second-most infested wood: 7/4/1 (001 Detached Storage Scoring), two
    tied share (7 + 4) // 2 = 5. Per player:
      accessory (T): 1 card fulfilled, water 0;  building (W): 0 cards, water 2.
      T against T: 5; W against T: 4 + 2 = 6 (better)
      T against W: 7; W against W: 5 + 2 = 7 (equal VP: more task cards, T)
    so (T, W) and (W, T) are both stable, and the T player is 1 VP ahead."""
    ps = [player(n, contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
                 river_tokens=[BLD, BLD]) for n in names]
    return record(*ps, growing_forward={"infestation": True, "asymmetric_setup": False},
                  printed=dict(ALL_PRINTED, tasks_vp={"0": 0, "1": 0}),
                  detached=[{"criterion": "most_buildings", "infested_wood": 3},
                            {"criterion": "most_task_cards_fulfilled", "infested_wood": 2},
                            {"criterion": "most_open_storage_spaces", "infested_wood": 1}])


def test_several_stable_outcomes_are_told_with_the_rule_that_chose() -> None:
    """002 契約カードの2つのシンボル (each player chooses the category at game end) and 001
    (the detached rank of task cards): both players choose, and each one's best choice
    depends on the other's. docs/rules-decisions.md: from each player's best choice
    without that storage (W: 2 > 0), best replies in seat order until a round changes
    nothing: Aya (first seat) replies T to W, Sora keeps W. So the first seat wins by 1;
    swapping the seats swaps the winner. The breakdown says another stable outcome exists,
    which it is, and how to score it (pin the category on the sheet)."""
    for seats in (("Aya", "Sora"), ("Sora", "Aya")):
        sheet = score(_seated(*seats))
        first, second = sheet.players
        assert first.details["contract_categories"] == [ACC]
        assert second.details["contract_categories"] == [BLD]
        assert first.total == second.total + 1 and sheet.winners == (seats[0],)
        stable = [n for n in sheet.notes if n.code == NoteCode.ASSIGNMENT_STABLE]
        assert stable == [msg(NoteCode.ASSIGNMENT_STABLE, count=2, others=joined(
            ListCode.SEMICOLONS, (joined(ListCode.COMMAS, (f"{seats[0]} 0", f"{seats[1]} 1")),
                                  )))]
        words = english(stable[0])
        assert words.startswith("2 stable outcomes exist") and "seat order" in words
        assert f"The other one (task cards fulfilled): {seats[0]} 0, {seats[1]} 1." in words
        assert '(Contracts, "counts as")' in words


def test_pinning_a_category_scores_the_other_stable_outcome() -> None:
    """002: the player chooses; a pinned category (the sheet's "counts as", a record's
    ``chosen``) is kept. Aya pins building: Sora's best reply is accessory, Sora wins by 1,
    and only one outcome is left (no note)."""
    data = _seated("Aya", "Sora")
    data["players"][0]["contracts"] = [{"categories": [ACC, BLD], "chosen": BLD}]
    sheet = score(data)
    aya, sora = sheet.players
    assert sora.details["contract_categories"] == [ACC]
    assert sora.total == aya.total + 1 and sheet.winners == ("Sora",)
    assert not [n for n in sheet.notes if n.code == NoteCode.ASSIGNMENT_STABLE]


def test_a_single_stable_outcome_has_no_note() -> None:
    """The 10/6/2 storage (most infested wood, 001) with the same boards: T against T:
    8; W against T: 6 + 2 = 8 (equal: T); T against W: 10; W against W: 8 + 2 = 10
    (equal: T). Only (T, T) is stable: no note."""
    data = _seated("Aya", "Sora")
    data["detached_storages"][1]["infested_wood"] = 4
    sheet = score(data)
    assert [p.details["contract_categories"] for p in sheet.players] == [[ACC], [ACC]]
    assert not [n for n in sheet.notes if n.code == NoteCode.ASSIGNMENT_STABLE]


@st.composite
def interplay(draw: st.DrawFn) -> dict[str, Any]:
    """2-4 players whose contract choices trade task cards against water (as in
    :func:`_seated`, with random counts), the task-card storage paying any of 001's
    spreads, a random rising task-card row."""
    ps = []
    for k in range(draw(st.integers(2, 4))):
        n = draw(st.integers(1, 2))
        ps.append(player(f"P{k}", contracts=[[ACC, BLD]] * n,
                         task_cards=[{"contract": ACC}] * draw(st.integers(1, 2)),
                         river_tokens=[BLD] * draw(st.integers(1, 2)),
                         score_track=draw(st.integers(0, 3))))
    row, v = {}, 0
    for k in range(4):
        row[str(k)] = v
        v += draw(st.integers(0, 1))
    wood = draw(st.lists(st.integers(0, 2), min_size=3, max_size=3))
    crit = ["most_task_cards_fulfilled", "most_buildings", "most_open_storage_spaces"]
    return record(*ps, growing_forward={"infestation": True, "asymmetric_setup": False},
                  printed=dict(ALL_PRINTED, tasks_vp=row, detached_top_tie=[8, 5, 1]),
                  detached=[{"criterion": c, "infested_wood": w}
                            for c, w in zip(crit, wood, strict=True)])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(interplay())
def test_stable_outcomes_are_those_a_brute_force_finds(data: dict[str, Any]) -> None:
    """The definition, checked without the shortcuts of ``stable_outcomes`` (one
    assignment per count, remembered replies, the place arithmetic inline): every profile
    of whole assignments in which each player keeps theirs against the others (judged by
    ``best_assignment`` over all their assignments and ``split_spread``), as counts."""
    try:
        game = parse_forestry(data)
    except RecordError:
        assume(False)
        raise  # pragma: no cover
    spreads = detached_spreads(game, None) if game.options.infestation else None
    spread = task_criterion_spread(game, spreads)
    assume(isinstance(spread, tuple))
    assert isinstance(spread, tuple)
    row = dict(game.printed.tasks_vp)

    def task_vp(n: int) -> Found | Need:
        return lookup_count("tasks_vp", n, record=row, confirmed=None)

    options = [possible_assignments(p) for p in game.players]
    in_play = [i for i, o in enumerate(options) if len({a.tasks_fulfilled for a in o}) > 1]
    assume(len(in_play) >= 2 and math.prod(len(options[i]) for i in in_play) <= 3000)
    current = [o[0] for o in options]
    brute: set[tuple[int, ...]] = set()
    for combo in itertools.product(*(options[i] for i in in_play)):
        profile = list(current)
        for i, a in zip(in_play, combo, strict=True):
            profile[i] = a
        counts = [a.tasks_fulfilled for a in profile]

        def keeps(i: int, mine: Assignment, counts: list[int] = counts) -> bool:
            def other(a: Assignment) -> int:
                ranked = list(counts)
                ranked[i] = a.tasks_fulfilled
                return own_vp(a) + split_spread(ranked, spread)[i]
            ordered = [mine, *(a for a in options[i] if a is not mine)]
            return best_assignment(ordered, task_vp, other) is mine

        if all(keeps(i, profile[i]) for i in in_play):
            brute.add(tuple(counts[i] for i in in_play))
    found = stable_outcomes(options, current, in_play, spread, task_vp)
    event(f"stable outcomes: {min(len(found), 3)}")
    assert len(found) == len(set(found)) and set(found) == brute

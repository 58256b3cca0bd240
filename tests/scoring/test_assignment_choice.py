"""Two-category contracts: the assignment that maximises the player's own total (issue 26).

002 (ゲーム終了とスコアリング, 契約カードの2つのシンボル) lets each player decide, at game
end, which one category each two-symbol contract counts as, for every scoring purpose;
a player takes what is best for them. The property test checks the chosen assignment
against brute force over the *whole* total (every category, the detached storages of
001 included) and then 002's tie-breakers (seedlings planted, contracts, task cards
fulfilled). The known-answer cases each name the rule lines they follow.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from scoring.forestry.record import parse_forestry
from scoring.forestry.score import NoteCode, possible_assignments, score_forestry
from scoring.message import msg
from scoring.record import RecordError
from scoring.sheet import ScoreSheet
from tests.scoring.test_forestry_properties import CATS, CRITERIA, _fit_the_table, players
from tests.scoring.test_forestry_support import ALL_PRINTED, columns, player, record

TASK_CRITERION = "most_task_cards_fulfilled"


def score(data: dict[str, Any]) -> ScoreSheet:
    return score_forestry(parse_forestry(data))


def doubles_of(p: dict[str, Any]) -> list[int]:
    """Indices of a record player's unpinned two-category contracts."""
    return [i for i, c in enumerate(p["contracts"])
            if isinstance(c, list) and len(c) == 2]


def pinned(data: dict[str, Any], who: int, cats: tuple[str, ...]) -> dict[str, Any]:
    """``data`` with player ``who``'s unpinned two-category contracts pinned to ``cats``."""
    out = copy.deepcopy(data)
    p = out["players"][who]
    for idx, cat in zip(doubles_of(p), cats, strict=True):
        p["contracts"][idx] = {"categories": p["contracts"][idx], "chosen": cat}
    return out


def replies_fell_back(sheet: ScoreSheet) -> bool:
    return any(n.code == NoteCode.ASSIGNMENT_REPLIES and n.params["fallback"]
               for n in sheet.notes)


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    """Random legal boards, 1-4 players, each with 1-4 unpinned two-category contracts
    (plus single-category and pinned ones) and task cards that these contracts can
    fulfil; detached storages on or off, the task-card criterion often among them."""
    n = draw(st.integers(1, 4))
    infestation = n > 1 and draw(st.booleans())
    ps = [draw(players(f"P{i}", infestation)) for i in range(n)]
    _fit_the_table(ps)
    for p in ps:
        contracts: list[Any] = []
        for _ in range(draw(st.integers(1, 4))):
            contracts.append(draw(st.lists(st.sampled_from(CATS), min_size=2, max_size=2,
                                           unique=True)))
        for _ in range(draw(st.integers(0, 2))):
            if draw(st.booleans()):
                contracts.append([draw(st.sampled_from(CATS))])
            else:
                pair = draw(st.lists(st.sampled_from(CATS), min_size=2, max_size=2,
                                     unique=True))
                contracts.append({"categories": pair, "chosen": draw(st.sampled_from(pair))})
        p["contracts"] = draw(st.permutations(contracts))
        p["task_cards"] = p["task_cards"][:2] + [
            {"contract": draw(st.sampled_from(CATS))} for _ in range(draw(st.integers(0, 4)))]
    # task VP only ever grows (RULES "tracks never fall"), through the printed 5 -> 11 (002)
    tasks_vp, v = {}, draw(st.integers(0, 2))
    for k in range(12):
        tasks_vp[str(k)] = 11 if k == 5 else v
        v = 11 if k == 5 else v
        v += draw(st.integers(0, 2 if k < 4 else 4))
    printed = {"buildings_vp": {str(k): draw(st.integers(0, 20)) for k in range(7)},
               "tasks_vp": tasks_vp,
               "detached_top_tie": draw(st.lists(st.integers(0, 10), min_size=3, max_size=3))}
    detached = None
    gf = None
    if infestation:
        gf = {"infestation": True, "asymmetric_setup": False}
        others = [c for c in CRITERIA if c != TASK_CRITERION]
        crit = draw(st.permutations(others))[:2] + [TASK_CRITERION]
        if draw(st.integers(0, 3)) == 0:
            crit = draw(st.permutations(others))[:3]
        crit = draw(st.permutations(crit))
        detached = [{"criterion": c, "infested_wood": draw(st.integers(0, 4))} for c in crit]
    return record(*ps, growing_forward=gf, printed=printed, detached=detached)


def _sheet(data: dict[str, Any]) -> ScoreSheet:
    try:
        return score(data)
    except RecordError:
        assume(False)
        raise  # pragma: no cover


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(boards())
def test_chosen_assignment_is_the_brute_force_best_over_the_whole_total(
        data: dict[str, Any]) -> None:
    sheet = _sheet(data)
    assert sheet.complete
    assume(not replies_fell_back(sheet))
    ranked = [n.params["rounds"] for n in sheet.notes if n.code == NoteCode.ASSIGNMENT_REPLIES]
    event(f"replies: {ranked[0] if ranked else 'none'} rounds")
    chosen = [p.details["contract_categories"] for p in sheet.players]
    # everybody pinned to what the app chose scores the same
    fixed = copy.deepcopy(data)
    for who, p in enumerate(fixed["players"]):
        idx = doubles_of(p)
        fixed = pinned(fixed, who, tuple(chosen[who][i] for i in idx))
    again = score(fixed)
    assert [p.total for p in again.players] == [p.total for p in sheet.players]
    for who, p in enumerate(data["players"]):
        idx = doubles_of(p)
        # the others keep the app's choice; this player tries every one of 2^k
        others = fixed
        others["players"][who] = copy.deepcopy(p)
        best = None
        for cats in itertools.product(*[p["contracts"][i] for i in idx]):
            trial = score(pinned(others, who, cats)).players[who]
            key = (trial.total, trial.details["tasks_fulfilled"])
            best = key if best is None or key > best else best
        got = sheet.players[who]
        assert (got.total, got.details["tasks_fulfilled"]) == best, (who, chosen[who])
        fixed = pinned(others, who, tuple(chosen[who][i] for i in idx))


# --------------------------------------------------------------------------- known answers

F, INN, ACC, BLD = "furniture", "innovation", "accessory", "building"


def test_an_unfulfilled_task_card_as_a_resource_can_pay_more() -> None:
    """002 ゲーム終了とスコアリング 3 (task card VP by cards fulfilled) and 5 (unused
    resources: materials + seedlings + temp workers + coins + unfulfilled task cards, per
    3). With task VP 0 for 0 cards and 0 for 1 card (a flat row), counting the contract as
    building keeps its task card unfulfilled: 5 coins + 1 card = 6 -> 2 VP instead of
    5 -> 1, and water 1x0 either way. The narrow water + task choice lost 1 VP."""
    p = player("A", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               resources={"coins": 5, "construction_materials": 0, "seedlings": 0,
                          "temp_workers": 0})
    printed = dict(ALL_PRINTED, tasks_vp={"0": 0, "1": 0})
    a = score(record(p, player("B"), printed=printed)).players[0]
    assert a.details["contract_categories"] == [BLD]
    assert a.details["tasks_fulfilled"] == 0
    assert a.categories["resources"] == 2 and a.categories["tasks"] == 0


def test_a_paid_task_card_still_wins_over_one_resource() -> None:
    """Same rules (002 scoring 3 and 5): 1 task card paying 3 beats 1 more resource (at
    most 1 VP), so the contract counts as accessory."""
    p = player("A", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               resources={"coins": 5, "construction_materials": 0, "seedlings": 0,
                          "temp_workers": 0})
    a = score(record(p, player("B"), printed=ALL_PRINTED)).players[0]
    assert a.details["contract_categories"] == [ACC]
    assert (a.categories["tasks"], a.categories["resources"]) == (3, 1)


def _ranked_game(task_vp: dict[str, int]) -> dict[str, Any]:
    """001 Detached Storage Scoring: the storage with the most infested wood pays
    10/6/2 for its criterion, here "most task cards fulfilled"; tied players share
    the sum of their places, rounded down (002 scoring 4 / 001 example)."""
    a = player("A", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               river_tokens=[BLD])
    b = player("B", task_cards=[{"forest_building": "x", "met": True}],
               buildings={"forest": 1, "sawmill": []})
    c = player("C")
    return record(a, b, c, growing_forward={"infestation": True, "asymmetric_setup": False},
                  printed=dict(ALL_PRINTED, tasks_vp=task_vp),
                  detached=[{"criterion": TASK_CRITERION, "infested_wood": 3},
                            {"criterion": "most_buildings", "infested_wood": 2},
                            {"criterion": "most_open_storage_spaces", "infested_wood": 1}])


def test_the_detached_rank_of_task_cards_decides_the_assignment() -> None:
    """001 Detached Storage Scoring + 002 scoring 2, 3, 5. A: one accessory/building
    contract, a building river token (water 1x1) and an accessory task card. B has 1 task
    card fulfilled, C none. Task VP 0 for 0 and 1 card (flat).
    Building: water 1, 0 tasks -> A and C tie 2nd/3rd on task cards: (6+2)//2 = 4 -> 5.
    Accessory: water 0, 1 task -> A and B tie 1st/2nd: (10+6)//2 = 8 -> 8 (the unfulfilled
    card adds no resource VP: 1 // 3 = 0 either way).
    The narrow water + task choice (building) cost A 3 VP and gave B 10 instead of 8."""
    sheet = score(_ranked_game({"0": 0, "1": 0}))
    a, b, c = sheet.players
    assert a.details["contract_categories"] == [ACC]
    assert a.categories["water"] == 0 and a.details["detached"][TASK_CRITERION] == 8
    assert b.details["detached"][TASK_CRITERION] == 8
    assert c.details["detached"][TASK_CRITERION] == 2
    assert msg(NoteCode.ASSIGNMENT_RULE, ranked=True) in sheet.notes
    assert msg(NoteCode.ASSIGNMENT_REPLIES, rounds=2, fallback=False) in sheet.notes


def test_tie_breaker_task_cards_fulfilled_decides_between_equal_totals() -> None:
    """002 ゲーム終了とスコアリング, end: equal VP are broken by seedlings planted, then
    contracts fulfilled, then task cards fulfilled. A's assignment cannot change the first
    two, so between two assignments with the same total A takes the one with more task
    cards fulfilled. Building: water 1x1 = 1, tasks 0 -> 0 VP; accessory: water 0, 1 task
    card paying 1 -> same total 1; accessory wins on task cards, and with it A wins the
    tie against B (equal totals, seedlings and contracts). Both have no forester tokens
    and share 1st and 2nd (002 scoring 4): (10 + 6) // 2 = 8 each, so 9 VP each."""
    a = player("A", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               river_tokens=[BLD])
    b = player("B", contracts=[[BLD]], score_track=1)
    printed = dict(ALL_PRINTED, tasks_vp={"0": 0, "1": 1})
    sheet = score(record(a, b, printed=printed))
    pa, pb = sheet.players
    assert pa.details["contract_categories"] == [ACC]
    assert pa.total == pb.total == 9
    assert sheet.winners == ("A",)


def test_a_pinned_category_is_always_kept() -> None:
    """002 lets the player choose; `chosen` pins a card even against the best."""
    a = player("A", contracts=[{"categories": [ACC, BLD], "chosen": BLD}],
               task_cards=[{"contract": ACC}])
    sheet = score(_ranked_game({"0": 0, "1": 0}) | {"players": [
        a, player("B", task_cards=[{"forest_building": "x", "met": True}],
               buildings={"forest": 1, "sawmill": []}), player("C")]})
    assert sheet.players[0].details["contract_categories"] == [BLD]
    assert not any(n.code == NoteCode.ASSIGNMENT_RULE for n in sheet.notes)


def test_replies_in_seat_order_reach_a_settled_round() -> None:
    """Two players both able to reach 1 task card (001 ranks; 002 scoring 2, 3): each
    takes their best reply in seat order until a round changes nothing; the result is a
    best reply for both (the property test checks this in general)."""
    a = player("A", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               river_tokens=[BLD])
    b = player("B", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               river_tokens=[BLD])
    data = record(a, b, player("C"),
                  growing_forward={"infestation": True, "asymmetric_setup": False},
                  printed=dict(ALL_PRINTED, tasks_vp={"0": 0, "1": 0}),
                  detached=[{"criterion": TASK_CRITERION, "infested_wood": 3},
                            {"criterion": "most_buildings", "infested_wood": 2},
                            {"criterion": "most_open_storage_spaces", "infested_wood": 1}])
    sheet = score(data)
    # accessory for both: A, B tie 1st/2nd (10+6)//2 = 8 > building's water 1 + rank
    assert [p.details["contract_categories"] for p in sheet.players[:2]] == [[ACC], [ACC]]
    assert [p.details["detached"][TASK_CRITERION] for p in sheet.players] == [8, 8, 2]
    replies = [n for n in sheet.notes if n.code == NoteCode.ASSIGNMENT_REPLIES]
    assert replies and replies[0].params == {"rounds": 2, "fallback": False}


def test_unknown_task_vp_asked_only_when_it_can_change_the_assignment() -> None:
    """RULES "tracks never fall": with the wider objective an unknown task VP is still
    bounded; here accessory (1 card) gives 0 water and building 1 water, and 0 cards pay
    0, 2 cards pay 2 (known), so 1 card pays 0-2: it could change the choice and is asked;
    once it is known the sheet is complete."""
    p = player("A", contracts=[[ACC, BLD]], task_cards=[{"contract": ACC}],
               river_tokens=[BLD])
    data = record(p, player("B"), printed={"buildings_vp": {"0": 0},
                                           "tasks_vp": {"0": 0, "2": 2}})
    sheet = score(data)
    assert [(n.table, n.key) for n in sheet.needs] == [("tasks_vp", "1")]
    data["printed"]["tasks_vp"]["1"] = 2
    sheet = score(data)
    assert sheet.complete and sheet.players[0].details["contract_categories"] == [ACC]


def test_one_player_has_no_invented_end_score() -> None:
    """001 Solo Game Compatibility: the solo game has an opponent; neither 001 nor 002
    gives its rules or a solo end score. Most forester tokens (002 scoring 4) compares
    players, so with one player it is not scored, and no winner is named."""
    p = player("Solo", score_track=40, forestry_table=columns(1))
    sheet = score(record(p, printed=ALL_PRINTED))
    assert "forester_majority" not in sheet.players[0].categories
    assert sheet.winners == ()
    assert msg(NoteCode.ONE_PLAYER) in sheet.notes


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(boards(), st.data())
def test_asking_one_value_at_a_time_reaches_the_full_knowledge_sheet(
        data: dict[str, Any], draw: st.DataObject) -> None:
    """RULES "tracks never fall" with the whole objective and the detached ranks: starting
    from a random part of the task-card row, answering what the sheet asks (and nothing
    else) ends in the sheet the whole row gives; every value asked is a count some player
    can reach, and none is asked twice."""
    full = _sheet(data)
    row = dict(data["printed"]["tasks_vp"])
    keep = draw.draw(st.sets(st.sampled_from(sorted(row))))
    partial = copy.deepcopy(data)
    partial["printed"]["tasks_vp"] = {k: row[k] for k in keep}
    game = parse_forestry(data)
    reachable = {str(a.tasks_fulfilled) for p in game.players
                 for a in possible_assignments(p)}
    asked: list[str] = []
    for _ in range(len(row) + 1):
        sheet = score(partial)
        if sheet.complete:
            break
        need = sheet.needs[0]
        assert need.table == "tasks_vp" and need.key in reachable and need.key not in asked
        asked.append(need.key)
        partial["printed"]["tasks_vp"][need.key] = row[need.key]
    event(f"asked {min(len(asked), 3)}+")
    assert sheet.complete
    assert [(p.total, p.categories, p.details.get("contract_categories"))
            for p in sheet.players] == [
        (p.total, p.categories, p.details.get("contract_categories")) for p in full.players]


def test_an_unknown_detached_spread_is_the_only_question() -> None:
    """001 Detached Storage Scoring: two storages tied at the top pay a row the sources do
    not print. When the task-card storage is one of them, A's choice depends on it; the
    detached category asks for it anyway, so it is the only question (no task VP asked:
    they are all known)."""
    data = _ranked_game({"0": 0, "1": 0})
    data["detached_storages"][1]["infested_wood"] = 3  # tied with the task storage
    sheet = score(data)
    assert [(n.table, n.key) for n in sheet.needs] == [("detached_top_tie", "")]
    a = sheet.players[0]
    assert "contract_categories" not in a.details and "water" not in a.categories
    data["printed"]["detached_top_tie"] = [8, 5, 1]
    sheet = score(data)
    assert sheet.complete
    # accessory: A and B tie 1st/2nd on task cards (8 + 5) // 2 = 6 > building: water 1 +
    # A and C tie 2nd/3rd (5 + 1) // 2 = 3
    assert sheet.players[0].details["contract_categories"] == [ACC]
    assert sheet.players[0].details["detached"][TASK_CRITERION] == 6

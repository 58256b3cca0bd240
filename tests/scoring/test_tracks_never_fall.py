"""RULES.md decision "tracks never fall": an unknown task-card entry lies between its known
neighbours, so a value that cannot change the contract assignment is never asked, and the
first value asked is the count the player reached with the assignment that could be best.
The choice weighs water, task and unused-resources VP (an unfulfilled card is a resource,
002 end-game scoring 5): ``own_vp`` + task VP."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.forestry.enums import ContractCategory, RiverSymbol
from scoring.forestry.model import (
    Contract,
    ContractTask,
    ForestryPlayer,
    RiverTokenTask,
)
from scoring.forestry.score import (
    choose_assignment,
    own_vp,
    possible_assignments,
    settle_with_bounds,
    vp_bounds,
)
from scoring.printed import Found, Need

CATS = list(ContractCategory)


def lookup(table: dict[int, int]):  # type: ignore[no-untyped-def]
    def task_vp(n: int) -> Found | Need:
        if n in table:
            return Found("tasks_vp", str(n), table[n], "record")
        return Need("tasks_vp", str(n), f"tasks {n}")
    return task_vp


@st.composite
def boards(draw: st.DrawFn) -> ForestryPlayer:
    contracts = []
    for _ in range(draw(st.integers(1, 5))):
        if draw(st.booleans()):
            a, b = draw(st.lists(st.sampled_from(CATS), min_size=2, max_size=2, unique=True))
            contracts.append(Contract((a, b)))
        else:
            contracts.append(Contract((draw(st.sampled_from(CATS)),)))
    tasks = [ContractTask(draw(st.sampled_from(CATS))) for _ in range(draw(st.integers(0, 5)))]
    tasks += [RiverTokenTask()] * draw(st.integers(0, 1))
    rivers = tuple(draw(st.lists(st.sampled_from(
        [RiverSymbol.ACCESSORY, RiverSymbol.INNOVATION, RiverSymbol.FURNITURE,
         RiverSymbol.BUILDING]), max_size=2)))
    return ForestryPlayer("P", contracts=tuple(contracts), task_cards=tuple(tasks),
                          river_tokens=rivers)


@st.composite
def monotone_tables(draw: st.DrawFn) -> dict[int, int]:
    steps = draw(st.lists(st.integers(0, 4), min_size=12, max_size=12))
    out, v = {}, draw(st.integers(0, 2))
    for n, step in enumerate(steps):
        v += step
        out[n] = v
    return out


@settings(max_examples=300, deadline=None)
@given(boards(), monotone_tables(), st.sets(st.integers(0, 11)))
def test_asking_only_what_matters_finds_the_true_best(player: ForestryPlayer,
                                                      full: dict[int, int],
                                                      known_keys: set[int]) -> None:
    options = possible_assignments(player)

    def worth(a):  # type: ignore[no-untyped-def]
        return (own_vp(a) + full[a.tasks_fulfilled], a.tasks_fulfilled)

    best = max(worth(a) for a in options)
    known = {n: full[n] for n in known_keys}
    asked: list[int] = []
    for _ in range(20):
        choice = choose_assignment(player, lookup(known))
        if choice.assignment is not None:
            assert worth(choice.assignment) == best  # never a worse assignment
            break
        (need,) = choice.needs  # one question at a time
        n = int(need.key)
        assert n not in known and n in {a.tasks_fulfilled for a in options}
        # the value asked could change the choice: with it at its bounds, the best differs
        assert n == max(a.tasks_fulfilled for a in options if a.tasks_fulfilled not in known
                        and _may_win(a, options, known))
        asked.append(n)
        known[n] = full[n]
    else:
        raise AssertionError("never settled")
    assert len(asked) == len(set(asked))


def _may_win(a, options, known):  # type: ignore[no-untyped-def]
    high = vp_bounds(a.tasks_fulfilled, known)[1]
    rivals = [(own_vp(b) + known[b.tasks_fulfilled], b.tasks_fulfilled)
              for b in options if b.tasks_fulfilled in known]
    return high is None or not rivals or (own_vp(a) + high, a.tasks_fulfilled) > max(rivals)


def test_the_issue_example_four_cards_never_asked_when_five_wins() -> None:
    """Issue 11: ``tasks_vp[4]`` is not asked when every assignment with 4 cards loses to
    one with 5, whose VP is known (11, 002)."""
    F, INN = ContractCategory.FURNITURE, ContractCategory.INNOVATION
    player = ForestryPlayer(
        "Pink",
        contracts=(Contract((F,)), Contract((F,)), Contract((F,)), Contract((F, INN))),
        task_cards=(*[ContractTask(F)] * 4, RiverTokenTask()),
        river_tokens=(RiverSymbol.FURNITURE,))
    assert sorted(a.tasks_fulfilled for a in possible_assignments(player)) == [4, 5]
    choice = choose_assignment(player, lookup({5: 11}))
    assert choice.assignment is not None and choice.assignment.tasks_fulfilled == 5
    assert not choice.needs  # 4 cards pay at most 11 and less water: never asked
    # with the 5 unknown too, the one asked first is 5: the count the best one reaches
    choice = choose_assignment(player, lookup({}))
    assert [n.key for n in choice.needs] == ["5"]


def test_settle_with_bounds_asks_the_highest_open_count_first() -> None:
    from scoring.forestry.score import Assignment

    options = [Assignment((), 0, 2), Assignment((), 1, 3), Assignment((), 0, 4)]
    vps = {2: Found("tasks_vp", "2", 3, "record"), 3: Need("tasks_vp", "3", ""),
           4: Need("tasks_vp", "4", "")}
    got = settle_with_bounds(options, vps, lookup({2: 3}))
    assert isinstance(got, Need) and got.key == "4"

"""In-play draws: forester replenishment, infested wood spawns, round tokens."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.games.forestry.words import ForestryEvent as EventCode
from app.games.forestry.words import log_entry_msg
from scoring.forestry.enums import ForesterType
from scoring.message import ListCode, Msg, joined, msg
from setup.forestry.deck import SPAWN_CARDS, SpawnDeck, SpawnPurpose, new_deck
from setup.forestry.plan import round_token_effect
from setup.forestry.play import (
    REPRODUCTION_SPACES,
    ROUND_TOKENS,
    ROUND_TOKENS_BY_ID,
    ForestBoard,
    ForesterToken,
    PlayError,
    RoundTokenStack,
    Species,
    move_harvester,
    place_harvester,
    remove_infested,
    replenish_foresters,
    reproduction_crossings,
    reveal_round_token,
    set_forester,
    set_harvested,
    set_infested,
    spawn_for_triggers,
    spawn_infested_wood,
    take_forester,
)


def told(log: Any, **extra: Any) -> Msg:
    """A draw's message, as the table is told it (the session adds scores and the round);
    its English: tests/app/test_l10n_play.py."""
    m = log_entry_msg(log, **extra)
    assert m is not None
    return m


def placements(m: Msg) -> tuple[Msg, ...]:
    """The placement messages of a draw's message, in order."""
    joined_ = m.params["placements"]
    assert isinstance(joined_, Msg) and joined_.code == ListCode.SEMICOLONS
    items = joined_.params["items"]
    assert isinstance(items, tuple)
    return tuple(i for i in items if isinstance(i, Msg))


T, D, P = ForesterType.THINNING, ForesterType.DEN_TREE, ForesterType.PAINTING


def deck_with_top(*top: int) -> SpawnDeck:
    rest = tuple(c for c in SPAWN_CARDS if c not in top)
    return SpawnDeck(remaining=top, discard=rest)


def brute_crossings(old: int, new: int) -> tuple[int, ...]:
    return tuple(v for v in range(old + 1, new + 1) if v % 50 in REPRODUCTION_SPACES)


# --------------------------------------------------------------------------- forester tokens


def test_replenish_places_missing_types_in_card_back_order() -> None:
    board = ForestBoard(deck=deck_with_top(7, 2, 11))
    after, log = replenish_foresters(board, random.Random(0))
    assert after.foresters == (ForesterToken(T, 7), ForesterToken(D, 2), ForesterToken(P, 11))
    assert [r.card for r in log.reveals] == [7, 2, 11]
    assert all(r.purpose is SpawnPurpose.FORESTER for r in log.reveals)
    assert after.deck.remaining == ()


def test_replenish_only_the_missing_type() -> None:
    board = ForestBoard(
        deck=deck_with_top(4, 5), foresters=(ForesterToken(T, 1), ForesterToken(P, 9))
    )
    after, log = replenish_foresters(board, random.Random(0))
    assert after.forester_space(D) == 4
    assert [p.token for p in log.placements] == ["den_tree"]
    assert after.deck.remaining == (5,)


def test_replenish_skips_foresters_and_harvesters_upwards_with_wrap() -> None:
    board = ForestBoard(
        deck=deck_with_top(15, 3),
        foresters=(ForesterToken(P, 15),),
        harvesters=frozenset({1, 4}),
    )
    after, log = replenish_foresters(board, random.Random(0))
    # thinning: 15 has a token, 1 a harvester -> 2; den tree: 3 free
    assert after.forester_space(T) == 2
    assert after.forester_space(D) == 3
    assert log.placements[0].skipped == (15, 1)
    m = told(log)
    assert m.code == EventCode.FORESTERS_REPLENISHED
    first = placements(m)[0]
    assert first.params["has_skipped"] is True
    assert (first.params["card"], first.params["space"]) == (15, 2)
    assert first.params["skipped"] == joined(ListCode.COMMAS, (15, 1))


def test_replenish_skips_a_token_placed_a_moment_ago() -> None:
    board = ForestBoard(deck=deck_with_top(6, 5, 9), harvesters=frozenset({5}))
    after, _ = replenish_foresters(board, random.Random(0))
    assert after.forester_space(T) == 6
    assert after.forester_space(D) == 7  # 5 harvester, 6 thinning just placed
    assert after.forester_space(P) == 9


def test_replenish_with_a_full_board_draws_nothing() -> None:
    board = ForestBoard(
        deck=deck_with_top(1),
        foresters=(ForesterToken(T, 1), ForesterToken(D, 2), ForesterToken(P, 3)),
    )
    after, log = replenish_foresters(board, random.Random(0))
    assert after == board and log.reveals == () and told(log) == msg(EventCode.FORESTERS_FULL)


def test_replenish_reshuffles_an_empty_deck() -> None:
    board = ForestBoard(deck=SpawnDeck(remaining=(), discard=SPAWN_CARDS, cycle=2))
    after, log = replenish_foresters(board, random.Random(1))
    assert log.reshuffled and after.deck.cycle == 3 and told(log).params["reshuffled"] is True
    assert len(after.foresters) == 3


@st.composite
def boards(draw_: st.DrawFn) -> ForestBoard:
    cards = draw_(st.permutations(list(SPAWN_CARDS)))
    cut = draw_(st.integers(0, 15))
    deck = SpawnDeck(tuple(cards[:cut]), tuple(cards[cut:]), 1)
    harvesters = draw_(st.sets(st.integers(1, 15), max_size=4))
    kinds = draw_(st.sets(st.sampled_from(list(ForesterType))))
    spaces = draw_(
        st.lists(st.integers(1, 15), min_size=len(kinds), max_size=len(kinds), unique=True)
    )
    infested = draw_(st.sets(st.integers(1, 15)))
    return ForestBoard(
        deck=deck,
        foresters=tuple(ForesterToken(k, s) for k, s in zip(sorted(kinds), spaces, strict=True)),
        harvesters=frozenset(harvesters),
        infested=frozenset(infested),
    )


@settings(max_examples=300, deadline=None)
@given(board=boards(), seed=st.integers(0, 2**32))
def test_replenish_always_ends_with_one_of_each_type(board: ForestBoard, seed: int) -> None:
    after, log = replenish_foresters(board, random.Random(seed))
    assert sorted(t.kind for t in after.foresters) == sorted(ForesterType)
    assert len({t.space for t in after.foresters}) == 3
    old = set(board.foresters)
    for token in after.foresters:
        if token not in old:
            assert token.space not in board.harvesters
    assert len(log.reveals) == 3 - len(board.foresters)
    assert [p.token for p in log.placements] == [k.value for k in board.missing_foresters]
    # the cards came off the deck in order
    assert (
        tuple(r.card for r in log.reveals)[: len(board.deck.remaining)]
        == (board.deck.remaining[: len(log.reveals)])
    )


# --------------------------------------------------------------------------- infested wood


@pytest.mark.parametrize(
    "old, new, expected",
    [
        (0, 3, ()),
        (0, 4, (4,)),
        (3, 4, (4,)),
        (4, 9, ()),
        (2, 30, (4, 10, 18, 28)),
        (28, 53, ()),
        (45, 60, (54, 60)),
        (48, 80, (54, 60, 68, 78)),
        (0, 110, (4, 10, 18, 28, 54, 60, 68, 78, 104, 110)),
        (10, 10, ()),
        (12, 8, ()),
    ],
)
def test_reproduction_crossings(old: int, new: int, expected: tuple[int, ...]) -> None:
    assert reproduction_crossings(old, new) == expected


def test_reproduction_crossings_reject_negative_scores() -> None:
    with pytest.raises(PlayError):
        reproduction_crossings(-1, 5)


@settings(deadline=None)
@given(old=st.integers(0, 250), new=st.integers(0, 250))
def test_crossings_match_brute_force(old: int, new: int) -> None:
    assert reproduction_crossings(old, new) == brute_crossings(old, new)


@settings(deadline=None)
@given(a=st.integers(0, 200), b=st.integers(0, 200), c=st.integers(0, 200))
def test_crossings_split_across_moves(a: int, b: int, c: int) -> None:
    a, b, c = sorted((a, b, c))
    assert reproduction_crossings(a, b) + reproduction_crossings(b, c) == (
        reproduction_crossings(a, c)
    )


def test_spawn_example_from_the_rulebook() -> None:
    # 001: card 5 drawn, a harvester on 5 -> the infested wood goes to 6
    board = ForestBoard(deck=deck_with_top(5), harvesters=frozenset({5}))
    after, log = spawn_infested_wood(board, random.Random(0), 2, 6)
    assert after.infested == {6}
    assert log.placements[0].trigger == 4 and log.placements[0].skipped == (5,)


def test_spawn_several_tokens_in_one_move() -> None:
    board = ForestBoard(deck=deck_with_top(3, 11, 12), infested=frozenset({12}))
    after, log = spawn_infested_wood(board, random.Random(0), 3, 19)
    assert [p.trigger for p in log.placements] == [4, 10, 18]
    assert after.infested == {3, 11, 12, 13}
    assert log.placements[2].skipped == (12,)


def test_spawn_wraps_after_fifteen() -> None:
    board = ForestBoard(deck=deck_with_top(15), infested=frozenset({15}), harvesters=frozenset({1}))
    after, log = spawn_infested_wood(board, random.Random(0), 0, 4)
    assert after.infested == {15, 2} and log.placements[0].skipped == (15, 1)


def test_spawn_second_lap() -> None:
    board = ForestBoard(deck=deck_with_top(1, 2))
    after, log = spawn_infested_wood(board, random.Random(0), 50, 60)
    assert [p.trigger for p in log.placements] == [54, 60] and after.infested == {1, 2}


def test_spawn_on_a_full_forest_places_nothing() -> None:
    board = ForestBoard(
        deck=deck_with_top(7), infested=frozenset(range(1, 12)), harvesters=frozenset(range(12, 16))
    )
    after, log = spawn_infested_wood(board, random.Random(0), 0, 4)
    assert log.placements[0].space is None and after.infested == board.infested
    m = told(log, old_score=0, new_score=4)
    assert m.code == EventCode.INFESTED_WOOD and (m.params["old"], m.params["new"]) == (0, 4)
    (nowhere,) = placements(m)
    assert nowhere.params["space"] == 0 and nowhere.params["has_skipped"] is True


def test_spawn_without_crossing_draws_nothing() -> None:
    board = ForestBoard(deck=deck_with_top(7))
    after, log = spawn_infested_wood(board, random.Random(0), 5, 9)
    assert after == board and log.reveals == ()


@settings(max_examples=300, deadline=None)
@given(
    board=boards(),
    old=st.integers(0, 120),
    gain=st.integers(0, 60),
    seed=st.integers(0, 2**32),
)
def test_spawn_properties(board: ForestBoard, old: int, gain: int, seed: int) -> None:
    new = old + gain
    after, log = spawn_infested_wood(board, random.Random(seed), old, new)
    crossed = brute_crossings(old, new)
    assert len(log.reveals) == len(crossed) == len(log.placements)
    assert all(r.purpose is SpawnPurpose.INFESTED_WOOD for r in log.reveals)
    placed = [p.space for p in log.placements if p.space is not None]
    assert len(placed) == len(set(placed))
    assert not set(placed) & board.infested and not set(placed) & board.harvesters
    assert after.infested == board.infested | set(placed)
    free = 15 - len(board.infested | board.harvesters)
    assert len(placed) == min(len(crossed), free)


# --------------------------------------------------------------------------- round tokens


def test_ten_round_tokens_as_declarative_data() -> None:
    assert len(ROUND_TOKENS) == 10 == len(ROUND_TOKENS_BY_ID)
    flips = [t.flip_species for t in ROUND_TOKENS if t.flip_species is not None]
    assert sorted(flips) == sorted(Species)
    assert all(t.coins == 1 for t in ROUND_TOKENS if t.flip_species)
    assert ROUND_TOKENS_BY_ID["two_coins"].coins == 2
    gains = {t.gain for t in ROUND_TOKENS if t.gain}
    assert gains == {"construction_material", "seedling", "task_card", "temp_worker"}


def test_reveal_round_tokens_to_the_end() -> None:
    order = tuple(t.id for t in ROUND_TOKENS[:9])
    board = ForestBoard(deck=deck_with_top(), round_tokens=RoundTokenStack(order))
    seen = []
    for _ in range(9):
        board, log = reveal_round_token(board)
        assert log.round_token is not None
        seen.append(log.round_token.id)
    assert tuple(seen) == order and board.round_tokens.round == 9
    m = told(log, round=9, last=True)
    assert m.code == EventCode.ROUND_TOKEN and m.params["last"] is True
    assert m.params["effect"] == round_token_effect(log.round_token)
    with pytest.raises(PlayError):
        reveal_round_token(board)


def test_round_stack_validation() -> None:
    with pytest.raises(PlayError):
        RoundTokenStack(("nope",))
    with pytest.raises(PlayError):
        RoundTokenStack(("seedling", "seedling"))
    with pytest.raises(PlayError):
        RoundTokenStack(("seedling",), revealed=2)


# --------------------------------------------------------------------------- board edits


def test_board_validation() -> None:
    deck = deck_with_top()
    with pytest.raises(PlayError):
        ForestBoard(deck=deck, foresters=(ForesterToken(T, 1), ForesterToken(T, 2)))
    with pytest.raises(PlayError):
        ForestBoard(deck=deck, foresters=(ForesterToken(T, 1), ForesterToken(D, 1)))
    with pytest.raises(PlayError):
        ForestBoard(deck=deck, harvesters=frozenset({16}))
    assert issubclass(PlayError, ValueError)


def test_small_edits() -> None:
    board = ForestBoard(deck=deck_with_top(), foresters=(ForesterToken(D, 3),))
    board = place_harvester(board, 3)
    with pytest.raises(PlayError):
        place_harvester(board, 3)
    board = move_harvester(board, 3, 4)
    assert board.harvesters == {4}
    board, kind = take_forester(board, 3)
    assert kind is D and board.foresters == ()
    with pytest.raises(PlayError):
        take_forester(board, 3)
    board = set_infested(board, [2, 9])
    board = remove_infested(board, 2)
    assert board.infested == {9}
    board = set_harvested(board, 5)
    assert board.harvested == {5}
    assert set_harvested(board, 5, harvested=False).harvested == frozenset()
    assert board.to_json()["infested_wood"] == [9]


@settings(max_examples=100, deadline=None)
@given(board=boards())
def test_board_json_round_trip(board: ForestBoard) -> None:
    assert ForestBoard.from_json(board.to_json()) == board


def test_board_from_bad_json() -> None:
    with pytest.raises(PlayError):
        ForestBoard.from_json({"harvested": [1]})
    with pytest.raises(ValueError):
        ForestBoard.from_json({"spawn_deck": {"remaining": [1], "discard": []}})


# ------------------------------------------------------------------- the forest map (issue 12)


def _expected_space(card: int, blocked: set[int]) -> int | None:
    """The skip rule written out: the card's space, else the next number up (15 → 1)."""
    for k in range(15):
        space = (card - 1 + k) % 15 + 1
        if space not in blocked:
            return space
    return None


@settings(max_examples=200, deadline=None)
@given(
    top=st.lists(st.sampled_from(SPAWN_CARDS), min_size=3, max_size=3, unique=True),
    harvesters=st.sets(st.sampled_from(SPAWN_CARDS), max_size=4),
    taken=st.sampled_from(list(ForesterType)),
)
def test_replenishment_follows_the_skip_rule_on_the_map(top, harvesters, taken) -> None:
    start = ForestBoard(deck=deck_with_top(*top), harvesters=frozenset(harvesters))
    board, _ = replenish_foresters(start, random.Random(0))
    # tend one token off the map, then the next turn's replenishment
    space = board.forester_space(taken)
    assert space is not None
    tended, kind = take_forester(board, space)
    assert kind is taken and tended.forester_space(taken) is None
    after, log = replenish_foresters(tended, random.Random(0))
    (p,) = log.placements
    blocked = {t.space for t in tended.foresters} | set(harvesters)
    assert p.space == _expected_space(p.card, blocked)
    assert after.forester_space(taken) == p.space


@settings(max_examples=200, deadline=None)
@given(
    infested=st.sets(st.sampled_from(SPAWN_CARDS), max_size=6),
    harvesters=st.sets(st.sampled_from(SPAWN_CARDS), max_size=4),
    triggers=st.lists(st.sampled_from(REPRODUCTION_SPACES), min_size=1, max_size=3),
    seed=st.integers(0, 1000),
)
def test_spawns_skip_the_infestation_cards_tokens(infested, harvesters, triggers, seed) -> None:
    board = ForestBoard(deck=new_deck(random.Random(seed)),
                        infested=frozenset(infested), harvesters=frozenset(harvesters))
    after, log = spawn_for_triggers(board, random.Random(seed), tuple(triggers))
    blocked = set(infested) | set(harvesters)
    placed = set()
    for p in log.placements:
        assert p.space == _expected_space(p.card, blocked)
        if p.space is not None:
            blocked.add(p.space)
            placed.add(p.space)
    assert after.infested == frozenset(infested) | placed


def test_the_map_is_corrected_one_token_at_a_time() -> None:
    board = ForestBoard(deck=deck_with_top(1, 2, 3),
                        foresters=(ForesterToken(T, 4), ForesterToken(D, 5)))
    moved = set_forester(board, T, 9)
    assert moved.forester_space(T) == 9 and moved.forester_space(D) == 5
    assert set_forester(moved, T, None).forester_space(T) is None
    with pytest.raises(PlayError):
        set_forester(board, T, 5)  # the den tree token is there
    with pytest.raises(PlayError):
        set_forester(board, P, 16)


# ------------------------------------------------------------ infested supply (issue 26)


def test_infested_wood_supply_runs_out_at_21_tokens() -> None:
    """001 Components: 21 infested wood tokens; 001 Spawning Infested Wood: one per
    reproduction token reached or passed. The supply is silent on running out; decision
    (docs/rules-decisions.md): with none left, nothing spawns and no card is drawn."""
    import random as _random

    from setup.forestry.play import (
        INFESTED_WOOD_TOKENS,
        ForestBoard,
        infested_supply,
        spawn_for_triggers,
    )

    board = ForestBoard(deck=deck_with_top(7, 2, 11), infested=frozenset({1, 2, 3}))
    held = INFESTED_WOOD_TOKENS - 3 - 1  # one token left in the supply
    assert infested_supply(board, held) == 1
    new, entry = spawn_for_triggers(board, _random.Random(4), (4, 10), 2, 12, held=held)
    first, second = entry.placements
    assert first.space is not None and not first.supply_empty
    assert second.supply_empty and second.space is None and second.card == 0
    assert len(entry.reveals) == 1  # no card drawn for the empty supply
    assert len(new.infested) == 4
    # not tracked: both spawn as before
    _, untracked = spawn_for_triggers(board, _random.Random(4), (4, 10), 2, 12)
    assert not any(p.supply_empty for p in untracked.placements)


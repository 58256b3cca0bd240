"""Spawn deck: draws, reveal-until, reshuffle on exhaustion, skip-occupied placement."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from setup.forestry.deck import (
    SPAWN_CARDS,
    DeckError,
    Reveal,
    SpawnDeck,
    SpawnPurpose,
    cycle_rng,
    draw,
    in_range,
    new_deck,
    next_free_space,
    next_space,
    reveal,
    reveal_until,
    shuffle_all,
)

H = SpawnPurpose.HARVEST


class NoRandom(random.Random):
    """A generator that fails the test if the deck consults it."""

    def shuffle(self, x: object, *args: object) -> None:  # type: ignore[override]
        raise AssertionError("the deck shuffled although it was not empty")


@st.composite
def decks(draw_: st.DrawFn) -> SpawnDeck:
    """Any legal deck state: a permutation split into remaining and discard."""
    cards = draw_(st.permutations(list(SPAWN_CARDS)))
    cut = draw_(st.integers(0, 15))
    cycle = draw_(st.integers(1, 5))
    return SpawnDeck(remaining=tuple(cards[:cut]), discard=tuple(cards[cut:]), cycle=cycle)


predicates = st.sets(st.sampled_from(SPAWN_CARDS), min_size=1)


# --------------------------------------------------------------------------- basics


def test_new_deck_holds_every_card_once() -> None:
    deck = new_deck(random.Random(1))
    assert sorted(deck.remaining) == list(SPAWN_CARDS)
    assert deck.discard == () and deck.cycle == 1


def test_new_deck_is_seeded() -> None:
    assert new_deck(random.Random(7)) == new_deck(random.Random(7))
    assert new_deck(random.Random(7)) != new_deck(random.Random(8))


@pytest.mark.parametrize(
    "remaining, discard",
    [((1, 2), ()), ((1,) * 15, ()), (tuple(range(1, 16)), (3,)), (tuple(range(0, 15)), ())],
)
def test_deck_must_hold_each_card_exactly_once(
    remaining: tuple[int, ...], discard: tuple[int, ...]
) -> None:
    with pytest.raises(DeckError):
        SpawnDeck(remaining, discard)


def test_deck_error_is_a_value_error() -> None:
    assert issubclass(DeckError, ValueError)


def test_draw_takes_the_top_card_without_randomness() -> None:
    deck = SpawnDeck(remaining=SPAWN_CARDS[::-1])
    card, after = draw(deck, NoRandom(), H)
    assert card == Reveal(15, H, 1)
    assert after.remaining == SPAWN_CARDS[::-1][1:]
    assert after.discard == (15,)
    assert deck.remaining == SPAWN_CARDS[::-1]  # the old value is untouched


def test_draw_from_an_empty_deck_reshuffles_all_cards() -> None:
    deck = SpawnDeck(remaining=(), discard=SPAWN_CARDS, cycle=3)
    card, after = draw(deck, random.Random(0), H)
    assert card.cycle == 4 and after.cycle == 4
    assert len(after.remaining) == 14 and after.discard == (card.card,)


def test_fifteen_draws_empty_the_deck_and_the_sixteenth_reshuffles() -> None:
    deck = new_deck(random.Random(3))
    first, deck = reveal(deck, random.Random(3), 15, H)
    assert sorted(r.card for r in first) == list(SPAWN_CARDS)
    assert deck.empty and deck.cycle == 1
    card, deck = draw(deck, random.Random(4), H)
    assert card.cycle == 2 and len(deck.remaining) == 14


def test_shuffle_all_gathers_the_discard() -> None:
    deck = SpawnDeck(remaining=(1, 2, 3), discard=tuple(range(4, 16)))
    after = shuffle_all(deck, random.Random(5))
    assert sorted(after.remaining) == list(SPAWN_CARDS)
    assert after.discard == () and after.cycle == 2


def test_reveal_until_keeps_the_cards_on_the_way() -> None:
    deck = SpawnDeck(
        remaining=(12, 15, 4, 9), discard=tuple(c for c in SPAWN_CARDS if c not in (12, 15, 4, 9))
    )
    got, after = reveal_until(deck, NoRandom(), in_range(1, 9), SpawnPurpose.SAWMILL)
    assert [r.card for r in got] == [12, 15, 4]
    assert all(r.purpose is SpawnPurpose.SAWMILL for r in got)
    assert after.remaining == (9,)
    assert after.discard[-3:] == (12, 15, 4)


def test_reveal_until_an_impossible_condition_is_refused() -> None:
    with pytest.raises(DeckError):
        reveal_until(new_deck(random.Random(0)), random.Random(0), in_range(16, 20), H)


def test_reveal_rejects_a_negative_count() -> None:
    with pytest.raises(DeckError):
        reveal(new_deck(random.Random(0)), random.Random(0), -1, H)


def test_json_round_trip() -> None:
    deck = SpawnDeck(
        remaining=(3, 1), discard=tuple(c for c in SPAWN_CARDS if c not in (3, 1)), cycle=2
    )
    assert SpawnDeck.from_json(deck.to_json()) == deck
    assert Reveal(3, SpawnPurpose.RIVER, 1).to_json() == {"card": 3, "for": "river"}


def test_cycle_rng_is_reproducible() -> None:
    assert cycle_rng(5, 2).random() == cycle_rng(5, 2).random()
    assert cycle_rng(5, 2).random() != cycle_rng(5, 3).random()


# --------------------------------------------------------------------------- properties


@settings(max_examples=300, deadline=None)
@given(deck=decks(), wanted=predicates, seed=st.integers(0, 2**32))
def test_reveal_until_semantics(deck: SpawnDeck, wanted: set[int], seed: int) -> None:
    got, after = reveal_until(deck, random.Random(seed), lambda c: c in wanted, H)
    # the last card satisfies the condition, none before it does
    assert got[-1].card in wanted
    assert all(r.card not in wanted for r in got[:-1])
    # the reveals are exactly the cards plain draws would have turned up
    replay, expected_after = reveal(deck, random.Random(seed), len(got), H)
    assert replay == got and expected_after == after
    # bounded: at most the rest of this deck plus one full new deck
    assert len(got) <= len(deck.remaining) + 15
    # every card is still in the deck or the discard, exactly once
    assert sorted(after.remaining + after.discard) == list(SPAWN_CARDS)


@settings(max_examples=200, deadline=None)
@given(deck=decks(), count=st.integers(0, 70), seed=st.integers(0, 2**32))
def test_no_card_twice_within_one_cycle_and_reshuffle_on_exhaustion(
    deck: SpawnDeck, count: int, seed: int
) -> None:
    got, after = reveal(deck, random.Random(seed), count, H)
    by_cycle: dict[int, list[int]] = {}
    for r in got:
        by_cycle.setdefault(r.cycle, []).append(r.card)
    for cards in by_cycle.values():
        assert len(cards) == len(set(cards))
    # the first cycle continues the given deck: its cards come from `remaining`, in order
    first = by_cycle.get(deck.cycle, [])
    assert tuple(first) == deck.remaining[: len(first)]
    # a new cycle starts only when the previous one ran out
    cycles = sorted(by_cycle)
    if cycles:
        assert cycles == list(range(cycles[0], cycles[0] + len(cycles)))
    for c in cycles[1:-1]:
        assert sorted(by_cycle[c]) == list(SPAWN_CARDS)
    if count > len(deck.remaining):
        assert after.cycle == deck.cycle + (count - len(deck.remaining) - 1) // 15 + 1
    else:
        assert after.cycle == deck.cycle


@settings(max_examples=400, deadline=None)
@given(start=st.integers(1, 15), blocked=st.sets(st.integers(1, 15)))
def test_skip_occupied_with_wrap_around(start: int, blocked: set[int]) -> None:
    space, skipped = next_free_space(start, blocked)
    walk = [start]
    while len(walk) < 15:
        walk.append(next_space(walk[-1]))
    if space is None:
        assert blocked == set(SPAWN_CARDS) and list(skipped) == walk
        return
    assert space not in blocked
    position = walk.index(space)
    assert list(skipped) == walk[:position]
    assert all(s in blocked for s in skipped)


@pytest.mark.parametrize(
    "start, blocked, expected",
    [
        (5, set(), (5, ())),
        (5, {5}, (6, (5,))),
        (14, {14, 15}, (1, (14, 15))),
        (15, {15, 1, 2}, (3, (15, 1, 2))),
        (15, set(range(1, 16)) - {14}, (14, (15, *range(1, 14)))),
    ],
)
def test_skip_examples(
    start: int, blocked: set[int], expected: tuple[int, tuple[int, ...]]
) -> None:
    assert next_free_space(start, blocked) == expected


def test_skip_rejects_a_space_off_the_board() -> None:
    with pytest.raises(DeckError):
        next_free_space(16, set())


def test_docstring_examples() -> None:
    import doctest

    import setup.forestry.deck
    import setup.forestry.play

    for module in (setup.forestry.deck, setup.forestry.play):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__

"""The Forestry spawn deck as an immutable value, and the skip-occupied placement rule.

The spawn deck holds the 15 cards numbered 1–15 (one per forest space). Every
revealed card goes to the discard pile; when a card is needed and the deck is
empty, *all* spawn cards are shuffled into a new deck — during setup and during
play alike (002 setup note after step 14; 000 "Replenishing forester tokens").

API (all pure; the only randomness is the injected ``random.Random``)::

    deck = new_deck(rng)                                   # shuffled, cycle 1
    card, deck = draw(deck, rng, SpawnPurpose.HARVEST)     # one Reveal
    cards, deck = reveal(deck, rng, 3, SpawnPurpose.HARVEST)
    cards, deck = reveal_until(deck, rng, in_range(1, 9), SpawnPurpose.SAWMILL)
    deck = shuffle_all(deck, rng)                          # 002 setup 14
    space, skipped = next_free_space(card.card, blocked=occupied)

``SpawnDeck`` is a frozen value (``remaining`` top first, ``discard`` oldest
first, ``cycle`` = how many times the deck has been shuffled), so a game session
can store it, compare it and replay from it. Drawing from a non-empty deck uses
no randomness at all; ``rng`` is consulted only when the deck has to be
reshuffled. A session that wants reshuffles to be reproducible can pass
``cycle_rng(seed, deck.cycle)``.

>>> import random
>>> rest = tuple(c for c in SPAWN_CARDS if c not in (7, 12, 3))
>>> deck = SpawnDeck(remaining=(7, 12, 3), discard=rest)
>>> cards, deck = reveal_until(deck, random.Random(0), in_range(1, 9), SpawnPurpose.SAWMILL)
>>> [c.card for c in cards], deck.remaining
([7], (12, 3))
>>> next_free_space(15, blocked={15, 1})
(2, (15, 1))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from enum import StrEnum

from scoring.message import MessageCode, Refusal

#: The spawn cards, one per forest space (002 setup 3; 000).
SPAWN_CARDS: tuple[int, ...] = tuple(range(1, 16))
FIRST_SPACE = 1
LAST_SPACE = 15


class SpawnPurpose(StrEnum):
    """Why a spawn card was revealed (the ``for`` of a logged reveal)."""

    SAWMILL = "sawmill"  # 002 setup 5 (2/3 players): upgraded neutral sawmill
    HARVEST = "harvest"  # 002 setup 9: harvest token turned to its dark side
    CLEARING = "clearing"  # 002 setup 10 (2/3 players): clearing removed
    RIVER = "river"  # 002 setup 11 (2/3 players): meander / reservoir
    FORESTER = "forester"  # 002 setup 14 and every turn: forester token placed
    INFESTED_WOOD = "infested_wood"  # 001: infested wood spawned in play


@dataclass(frozen=True, slots=True)
class Reveal:
    """One spawn card turned face up: which card, for what, in which deck cycle."""

    card: int
    purpose: SpawnPurpose
    cycle: int

    def to_json(self) -> dict[str, object]:
        return {"card": self.card, "for": self.purpose.value}


class DeckCode(MessageCode):
    """What the spawn deck refuses (``DeckError`` codes)."""

    CANNOT_REVEAL_CARDS = "refusal-deck-cannot-reveal-cards"
    DECK_CYCLE_MUST_BE_0 = "refusal-deck-deck-cycle-must-be-0"
    FOREST_SPACES_ARE_NUMBERED_1_15 = "refusal-deck-forest-spaces-are-numbered-1-15"
    NO_SPAWN_CARD_SATISFIES_REQUESTED_CONDITION = "refusal-deck-no-spawn-card-satisfies"
    SPAWN_DECK_CYCLE_MUST_BE_INTEGER = "refusal-deck-spawn-deck-cycle-must-be-integer"
    SPAWN_DECK_MUST_HOLD_EACH_CARD = "refusal-deck-spawn-deck-must-hold-each-card"
    SPAWN_DECK_REMAINING_AND_DISCARD_MUST = "refusal-deck-spawn-deck-remaining-and-discard-must"


class DeckError(Refusal):
    """An impossible spawn-deck state or request."""


@dataclass(frozen=True, slots=True)
class SpawnDeck:
    """The spawn deck: face-down ``remaining`` (top first) and the face-up ``discard``.

    Every card 1–15 is in exactly one of the two. ``cycle`` counts the shuffles
    so far (1 after the first shuffle); within one cycle no card comes up twice.
    """

    remaining: tuple[int, ...]
    discard: tuple[int, ...] = ()
    cycle: int = 1

    def __post_init__(self) -> None:
        cards = self.remaining + self.discard
        if sorted(cards) != list(SPAWN_CARDS):
            raise DeckError(
                DeckCode.SPAWN_DECK_MUST_HOLD_EACH_CARD,
                remaining=self.remaining,
                discard=self.discard,
            )
        if self.cycle < 0:
            raise DeckError(DeckCode.DECK_CYCLE_MUST_BE_0, cycle=self.cycle)

    @property
    def empty(self) -> bool:
        return not self.remaining

    def to_json(self) -> dict[str, object]:
        return {
            "remaining": list(self.remaining),
            "discard": list(self.discard),
            "cycle": self.cycle,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> SpawnDeck:
        remaining = data.get("remaining")
        discard = data.get("discard", [])
        cycle = data.get("cycle", 1)
        if not isinstance(remaining, list) or not isinstance(discard, list):
            raise DeckError(DeckCode.SPAWN_DECK_REMAINING_AND_DISCARD_MUST)
        if not isinstance(cycle, int):
            raise DeckError(DeckCode.SPAWN_DECK_CYCLE_MUST_BE_INTEGER)
        return cls(tuple(int(c) for c in remaining), tuple(int(c) for c in discard), cycle)


def cycle_rng(seed: int, cycle: int) -> random.Random:
    """A reproducible generator for the reshuffle that starts deck cycle ``cycle + 1``."""
    return random.Random(f"forestry-spawn/{seed}/{cycle}")


def new_deck(rng: random.Random) -> SpawnDeck:
    """All 15 spawn cards shuffled face down (002 setup 3)."""
    cards = list(SPAWN_CARDS)
    rng.shuffle(cards)
    return SpawnDeck(remaining=tuple(cards), discard=(), cycle=1)


def shuffle_all(deck: SpawnDeck, rng: random.Random) -> SpawnDeck:
    """Shuffle every spawn card (deck and discard) into a new deck (002 setup 14; run-out)."""
    cards = list(SPAWN_CARDS)
    rng.shuffle(cards)
    return SpawnDeck(remaining=tuple(cards), discard=(), cycle=deck.cycle + 1)


def draw(deck: SpawnDeck, rng: random.Random, purpose: SpawnPurpose) -> tuple[Reveal, SpawnDeck]:
    """Reveal the top card; if the deck is empty, first shuffle all cards into a new deck.

    The revealed card goes to the discard pile. ``rng`` is used only for that
    reshuffle.
    """
    if deck.empty:
        deck = shuffle_all(deck, rng)
    card = deck.remaining[0]
    new = SpawnDeck(remaining=deck.remaining[1:], discard=deck.discard + (card,), cycle=deck.cycle)
    return Reveal(card=card, purpose=purpose, cycle=deck.cycle), new


def reveal(
    deck: SpawnDeck, rng: random.Random, count: int, purpose: SpawnPurpose
) -> tuple[tuple[Reveal, ...], SpawnDeck]:
    """Reveal ``count`` cards one after the other (reshuffling when the deck runs out)."""
    if count < 0:
        raise DeckError(DeckCode.CANNOT_REVEAL_CARDS, count=count)
    out: list[Reveal] = []
    for _ in range(count):
        card, deck = draw(deck, rng, purpose)
        out.append(card)
    return tuple(out), deck


def in_range(low: int, high: int) -> Callable[[int], bool]:
    """Predicate: the card is numbered ``low``..``high`` inclusive."""
    return lambda card: low <= card <= high


def reveal_until(
    deck: SpawnDeck,
    rng: random.Random,
    predicate: Callable[[int], bool],
    purpose: SpawnPurpose,
) -> tuple[tuple[Reveal, ...], SpawnDeck]:
    """Reveal cards until one satisfies ``predicate``; return every card revealed on the way.

    The last reveal is the one that satisfied the predicate; the earlier ones
    went to the discard pile. Raises ``DeckError`` if no spawn card can ever
    satisfy the predicate. Terminates within ``len(deck.remaining) + 15``
    reveals, since a reshuffle brings every card back.
    """
    if not any(predicate(c) for c in SPAWN_CARDS):
        raise DeckError(DeckCode.NO_SPAWN_CARD_SATISFIES_REQUESTED_CONDITION)
    out: list[Reveal] = []
    while True:
        card, deck = draw(deck, rng, purpose)
        out.append(card)
        if predicate(card.card):
            return tuple(out), deck


def next_space(space: int) -> int:
    """The next forest space upwards; after 15 comes 1 (000)."""
    return FIRST_SPACE if space >= LAST_SPACE else space + 1


def next_free_space(start: int, blocked: Collection[int]) -> tuple[int | None, tuple[int, ...]]:
    """Where a token revealed for space ``start`` lands: ``(space, skipped)``.

    Tries ``start`` and then each next number upwards (after 15 comes 1) until a
    space not in ``blocked``; ``skipped`` lists the blocked spaces passed over in
    order. If all 15 spaces are blocked the result is ``(None, all 15 in order)``.
    Forester tokens block on forester tokens and harvesters (000, 002);
    infested wood blocks on infested wood and harvesters (001).
    """
    if not FIRST_SPACE <= start <= LAST_SPACE:
        raise DeckError(DeckCode.FOREST_SPACES_ARE_NUMBERED_1_15, start=start)
    skipped: list[int] = []
    space = start
    for _ in SPAWN_CARDS:
        if space not in blocked:
            return space, tuple(skipped)
        skipped.append(space)
        space = next_space(space)
    return None, tuple(skipped)

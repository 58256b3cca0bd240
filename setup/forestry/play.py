"""In-play draws of Forestry over a small forest-board state.

The board state (:class:`ForestBoard`) is what the draws need: which spaces hold
a harvester, which hold a forester token (and its type), which hold infested
wood, which harvest tokens show their dark side, the spawn deck and the round
token stack. Every function is pure: it takes a board (and, where a card may be
drawn, an injected ``random.Random`` used only to reshuffle an empty spawn
deck) and returns ``(new_board, LogEntry)``. The log entry is data: every card
revealed, where each token went and which occupied spaces it skipped.

Functions the game session calls::

    board, log = replenish_foresters(board, rng)        # start of every turn (000, 002)
    board, log = spawn_infested_wood(board, rng, old_score, new_score)  # end of turn (001)
    board, log = reveal_round_token(board)              # before the first player's turn (002)

plus small validated edits: ``place_harvester``, ``move_harvester``,
``remove_harvester``, ``take_forester``, ``set_infested``, ``remove_infested``,
``set_harvested``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from scoring.cite import Citation, CiteTitle, Source, cite
from scoring.forestry.enums import ForesterType
from scoring.message import MessageCode, Refusal
from setup.forestry.deck import (
    SPAWN_CARDS,
    Reveal,
    SpawnDeck,
    SpawnPurpose,
    draw,
    next_free_space,
)


class PlayError(Refusal):
    """An in-play request the board state does not allow."""


class PlayRefusal(PlayError):
    """An in-play request refused, as a code with parameters (words in app/l10n)."""


class PlayCode(MessageCode):
    """Codes of the play-along events, refusals and rules notes (words in app/l10n)."""

    # events (a banner on every phone)
    TURN_ENDED = "event-turn-ended"
    NEW_ROUND = "event-new-round"
    FINAL_TURNS_DONE = "event-final-turns-done"
    FORESTER_DRAWN = "event-forester-drawn"
    INFESTED_DRAWN = "event-infested-drawn"
    INFESTED_NOWHERE = "event-infested-nowhere"
    ROUND_TOKEN = "event-round-token"
    FLIP_HARVEST = "event-flip-harvest"
    TASK_CARD = "event-task-card"
    # rules notes: the skip rules, for a table whose map is not current
    SKIP_FORESTER = "note-skip-forester"
    SKIP_INFESTED = "note-skip-infested"
    # refusals
    NOT_PLAYING = "refusal-not-playing"
    INFESTED_OFF = "refusal-infestation-off"
    SPACE_HOLDS_FORESTER = "refusal-space-holds-forester"
    # refusals of the forest board in play (``PlayError``)
    BOARD_HOLDS_AT_MOST_ONE_FORESTER = "refusal-play-board-holds-at-most-one-forester"
    FOREST_SPACES_ARE_1_15 = "refusal-play-forest-spaces-are-1-15"
    FOREST_SPACES_ARE_1_15_2 = "refusal-play-forest-spaces-are-1-15-2"
    FOREST_SPACES_ARE_NUMBERED_1_15 = "refusal-play-forest-spaces-are-numbered-1-15"
    MALFORMED_FOREST_BOARD_DATA = "refusal-play-malformed-forest-board-data"
    NO_ROUND_TOKEN_LEFT_GAME_ENDS = "refusal-play-no-round-token-left-game-ends"
    REVEALED_MUST_BE_0 = "refusal-play-revealed-must-be-0"
    ROUND_TOKEN_APPEARS_TWICE_IN_STACK = "refusal-play-round-token-appears-twice-in-stack"
    SCORES_ARE_NEVER_NEGATIVE = "refusal-play-scores-are-never-negative"
    SPACE_ALREADY_HOLDS_HARVESTER = "refusal-play-space-already-holds-harvester"
    SPACE_HOLDS_NO_FORESTER_TOKEN = "refusal-play-space-holds-no-forester-token"
    SPACE_HOLDS_NO_HARVESTER = "refusal-play-space-holds-no-harvester"
    SPACE_HOLDS_NO_INFESTED_WOOD = "refusal-play-space-holds-no-infested-wood"
    TWO_FORESTER_TOKENS_ON_ONE_SPACE = "refusal-play-two-forester-tokens-on-one-space"
    UNKNOWN_ROUND_TOKEN_ID = "refusal-play-unknown-round-token-id"


class Species(StrEnum):
    """Tree species of the forest (000)."""

    PINE = "pine"
    BIRCH = "birch"
    SPRUCE = "spruce"
    BEECH = "beech"
    OAK = "oak"


# --------------------------------------------------------------------------- round tokens


@dataclass(frozen=True, slots=True)
class RoundToken:
    """One round token: what every player gains and, for the green-backed ones, the flip.

    Its name and effect are worded by the catalogues from these values
    (``setup.forestry.plan.round_token_name`` / ``round_token_effect``).
    """

    id: str
    coins: int = 0
    gain: str | None = None  # the component every player takes (one of it)
    flip_species: Species | None = None  # first player flips one such harvest token if possible
    source: Citation = cite(Source.S002, CiteTitle.ROUND_TOKENS)


def _flip_token(species: Species) -> RoundToken:
    return RoundToken(id=f"coin_flip_{species.value}", coins=1, flip_species=species)


#: The ten round tokens, in the order of the token list in 002 ("ラウンドトークン").
ROUND_TOKENS: tuple[RoundToken, ...] = (
    RoundToken("construction_material", gain="construction_material"),
    RoundToken("seedling", gain="seedling"),
    RoundToken("task_card", gain="task_card"),
    RoundToken("two_coins", coins=2),
    RoundToken("temp_worker", gain="temp_worker"),
    _flip_token(Species.PINE),
    _flip_token(Species.BEECH),
    _flip_token(Species.BIRCH),
    _flip_token(Species.OAK),
    _flip_token(Species.SPRUCE),
)
ROUND_TOKENS_BY_ID: dict[str, RoundToken] = {t.id: t for t in ROUND_TOKENS}


@dataclass(frozen=True, slots=True)
class RoundTokenStack:
    """The face-down round token stack: ``order`` top first, ``revealed`` of them turned up.

    10 tokens in the standard and tutorial game, 9 in the advanced game (002 setup 12).
    """

    order: tuple[str, ...] = ()
    revealed: int = 0

    def __post_init__(self) -> None:
        unknown = [t for t in self.order if t not in ROUND_TOKENS_BY_ID]
        if unknown:
            raise PlayError(PlayCode.UNKNOWN_ROUND_TOKEN_ID, value=', '.join(unknown))
        if len(set(self.order)) != len(self.order):
            raise PlayError(PlayCode.ROUND_TOKEN_APPEARS_TWICE_IN_STACK)
        if not 0 <= self.revealed <= len(self.order):
            raise PlayError(
                PlayCode.REVEALED_MUST_BE_0,
                order_count=len(self.order),
                revealed=self.revealed,
            )

    @property
    def current(self) -> RoundToken | None:
        """The token of the current round (the last one revealed), if any."""
        return ROUND_TOKENS_BY_ID[self.order[self.revealed - 1]] if self.revealed else None

    @property
    def left(self) -> int:
        return len(self.order) - self.revealed

    @property
    def round(self) -> int:
        """The current round number (0 before the first token is revealed)."""
        return self.revealed


# --------------------------------------------------------------------------- board


@dataclass(frozen=True, slots=True)
class ForesterToken:
    """A forester token on a forest space."""

    kind: ForesterType
    space: int


@dataclass(frozen=True, slots=True)
class ForestBoard:
    """What the in-play draws need to know about the forest board.

    ``foresters`` holds at most one token of each type (replenishment always
    puts back the missing type, so the board holds one of each after it) and at
    most one per space; ``infested`` at most one infested wood per space.
    """

    deck: SpawnDeck
    harvested: frozenset[int] = frozenset()
    foresters: tuple[ForesterToken, ...] = ()
    infested: frozenset[int] = frozenset()
    harvesters: frozenset[int] = frozenset()
    round_tokens: RoundTokenStack = field(default_factory=RoundTokenStack)

    def __post_init__(self) -> None:
        for name, spaces in (
            ("harvested", self.harvested),
            ("infested", self.infested),
            ("harvesters", self.harvesters),
        ):
            bad = sorted(s for s in spaces if s not in SPAWN_CARDS)
            if bad:
                raise PlayError(PlayCode.FOREST_SPACES_ARE_1_15_2, name=name, bad=bad)
        kinds = [t.kind for t in self.foresters]
        if len(set(kinds)) != len(kinds):
            raise PlayError(PlayCode.BOARD_HOLDS_AT_MOST_ONE_FORESTER)
        taken = [t.space for t in self.foresters]
        if len(set(taken)) != len(taken):
            raise PlayError(PlayCode.TWO_FORESTER_TOKENS_ON_ONE_SPACE)
        bad = sorted(s for s in taken if s not in SPAWN_CARDS)
        if bad:
            raise PlayError(PlayCode.FOREST_SPACES_ARE_1_15, field="foresters", bad=bad)
        order = list(ForesterType)
        object.__setattr__(
            self, "foresters", tuple(sorted(self.foresters, key=lambda t: order.index(t.kind)))
        )

    def forester_at(self, space: int) -> ForesterType | None:
        for token in self.foresters:
            if token.space == space:
                return token.kind
        return None

    def forester_space(self, kind: ForesterType) -> int | None:
        for token in self.foresters:
            if token.kind is kind:
                return token.space
        return None

    @property
    def missing_foresters(self) -> tuple[ForesterType, ...]:
        """Forester types not on the board, in spawn-card back order."""
        present = {t.kind for t in self.foresters}
        return tuple(k for k in ForesterType if k not in present)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ForestBoard:
        """The inverse of ``to_json`` (raises ``PlayError``/``DeckError`` on bad data)."""
        try:
            stack = data.get("round_tokens") or {}
            return cls(
                deck=SpawnDeck.from_json(data["spawn_deck"]),
                harvested=frozenset(int(s) for s in data.get("harvested", [])),
                foresters=tuple(
                    ForesterToken(ForesterType(kind), int(space))
                    for kind, space in (data.get("forester_tokens") or {}).items()
                ),
                infested=frozenset(int(s) for s in data.get("infested_wood", [])),
                harvesters=frozenset(int(s) for s in data.get("harvesters", [])),
                round_tokens=RoundTokenStack(
                    tuple(stack.get("order", [])), int(stack.get("revealed", 0))
                ),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise PlayError(PlayCode.MALFORMED_FOREST_BOARD_DATA, exc=exc) from None

    def to_json(self) -> dict[str, Any]:
        return {
            "spawn_deck": self.deck.to_json(),
            "harvested": sorted(self.harvested),
            "forester_tokens": {t.kind.value: t.space for t in self.foresters},
            "infested_wood": sorted(self.infested),
            "harvesters": sorted(self.harvesters),
            "round_tokens": {
                "order": list(self.round_tokens.order),
                "revealed": self.round_tokens.revealed,
            },
        }


# --------------------------------------------------------------------------- log


@dataclass(frozen=True, slots=True)
class Placement:
    """Where one drawn token went: the card, the space, the occupied spaces skipped.

    ``space`` is ``None`` when every space was blocked (the token is not placed).
    ``trigger`` is the score-track space whose reproduction token caused an
    infested-wood spawn. ``supply_empty``: no infested wood token was left in the
    supply, so none spawned and no card was drawn (``card`` 0; docs/rules-decisions.md).
    """

    token: str  # a ForesterType value or "infested_wood"
    card: int
    space: int | None
    skipped: tuple[int, ...] = ()
    trigger: int | None = None
    supply_empty: bool = False


@dataclass(frozen=True, slots=True)
class LogEntry:
    """What one in-play draw did: the cards revealed and what happened, as data.

    The table's message is worded from this data by the catalogues
    (``app.events.log_entry_msg``); ``text`` stays empty (kept for callers that
    still pass it).
    """

    action: str  # "replenish_foresters" | "spawn_infested_wood" | "reveal_round_token"
    reveals: tuple[Reveal, ...] = ()
    placements: tuple[Placement, ...] = ()
    round_token: RoundToken | None = None
    reshuffled: bool = False
    text: str = ""


# --------------------------------------------------------------------------- forester tokens


def replenish_foresters(board: ForestBoard, rng: random.Random) -> tuple[ForestBoard, LogEntry]:
    """Start of a turn: bring the board back to exactly 3 forester tokens (000, 002).

    For each missing type, in the order thinning, den tree, painting, reveal a
    spawn card and put that type on the card's space; a space that holds a
    forester token (including one placed a moment ago) or a harvester is
    skipped for the next number upwards, after 15 comes 1. ``rng`` is used only
    if the spawn deck runs out and is reshuffled.
    """
    deck = board.deck
    foresters = list(board.foresters)
    reveals: list[Reveal] = []
    placements: list[Placement] = []
    start_cycle = deck.cycle
    for kind in board.missing_foresters:
        card, deck = draw(deck, rng, SpawnPurpose.FORESTER)
        reveals.append(card)
        blocked = {t.space for t in foresters} | board.harvesters
        space, skipped = next_free_space(card.card, blocked)
        # At most 4 harvesters + 2 forester tokens: a free space always exists.
        assert space is not None
        foresters.append(ForesterToken(kind, space))
        placements.append(Placement(kind.value, card.card, space, skipped))
    new_board = replace(board, deck=deck, foresters=tuple(foresters))
    reshuffled = deck.cycle != start_cycle
    return new_board, LogEntry(
        "replenish_foresters", tuple(reveals), tuple(placements), None, reshuffled
    )


# --------------------------------------------------------------------------- infested wood

#: Score-track spaces holding a spruce bark beetle reproduction token (001).
REPRODUCTION_SPACES: tuple[int, ...] = (4, 10, 18, 28)
#: Length of one lap of the score track; the marker flips to "50+" after it (002).
SCORE_TRACK_LAP = 50
#: Infested wood tokens in the game (001 Components).
INFESTED_WOOD_TOKENS = 21


def infested_supply(board: ForestBoard, held: int) -> int:
    """Infested wood tokens left in the supply: the 21 of the game (001) less those on
    the forest and ``held`` (in players' storages and delivered to detached storages).

    >>> from setup.forestry.deck import new_deck
    >>> board = ForestBoard(deck=new_deck(random.Random(1)), infested=frozenset({3, 7}))
    >>> infested_supply(board, held=4)
    15
    """
    return max(0, INFESTED_WOOD_TOKENS - len(board.infested) - held)


def reproduction_crossings(old_score: int, new_score: int) -> tuple[int, ...]:
    """Score values whose reproduction token a marker moving ``old`` → ``new`` reaches or passes.

    Values are absolute scores: 4, 10, 18, 28 on the first lap, 54, 60, 68, 78
    on the second (RULES §2.3 decision), and so on for every further lap. The
    old score itself is excluded (it was reached earlier); a move that does not
    go up crosses nothing.

    >>> reproduction_crossings(2, 12)
    (4, 10)
    >>> reproduction_crossings(48, 55)
    (54,)
    """
    if old_score < 0 or new_score < 0:
        raise PlayError(
            PlayCode.SCORES_ARE_NEVER_NEGATIVE,
            old_score=old_score,
            new_score=new_score,
        )
    if new_score <= old_score:
        return ()
    out: list[int] = []
    lap = old_score // SCORE_TRACK_LAP
    while lap * SCORE_TRACK_LAP <= new_score:
        for space in REPRODUCTION_SPACES:
            value = lap * SCORE_TRACK_LAP + space
            if old_score < value <= new_score:
                out.append(value)
        lap += 1
    return tuple(out)


def spawn_infested_wood(
    board: ForestBoard, rng: random.Random, old_score: int, new_score: int,
    *, held: int | None = None,
) -> tuple[ForestBoard, LogEntry]:
    """End of the turn in which a score marker moved ``old`` → ``new`` (001).

    One infested wood per reproduction token reached or passed: reveal a spawn
    card and put the token on that space; a space that already holds infested
    wood (including one placed a moment ago) or a harvester is skipped for the
    next higher number, after 15 comes 1 (RULES §2.3 decision). If every space
    is blocked the card is still revealed and no token is placed.

    ``held``: infested wood out of the supply but not on the forest (players'
    storages, detached storages); with it, the supply of 21 tokens (001) is kept:
    once it is empty, a trigger spawns nothing and draws no card (decision, 001 is
    silent). ``None``: the supply is not tracked.
    """
    triggers = reproduction_crossings(old_score, new_score)
    return spawn_for_triggers(board, rng, triggers, old_score, new_score, held=held)


def spawn_for_triggers(
    board: ForestBoard,
    rng: random.Random,
    triggers: tuple[int, ...],
    old_score: int = 0,
    new_score: int = 0,
    *,
    held: int | None = None,
) -> tuple[ForestBoard, LogEntry]:
    """One infested wood per reproduction space in ``triggers`` (see ``spawn_infested_wood``)."""
    deck = board.deck
    start_cycle = deck.cycle
    infested = set(board.infested)
    left = None if held is None else infested_supply(board, held)
    reveals: list[Reveal] = []
    placements: list[Placement] = []
    for trigger in triggers:
        if left == 0:  # nothing to spawn: no card is drawn (docs/rules-decisions.md)
            placements.append(Placement("infested_wood", 0, None, (), trigger, True))
            continue
        card, deck = draw(deck, rng, SpawnPurpose.INFESTED_WOOD)
        reveals.append(card)
        space, skipped = next_free_space(card.card, infested | board.harvesters)
        if space is not None:
            infested.add(space)
            if left is not None:
                left -= 1
        placements.append(Placement("infested_wood", card.card, space, skipped, trigger))
    reshuffled = deck.cycle != start_cycle
    new_board = replace(board, deck=deck, infested=frozenset(infested))
    return new_board, LogEntry(
        "spawn_infested_wood", tuple(reveals), tuple(placements), None, reshuffled
    )


# --------------------------------------------------------------------------- round tokens


def reveal_round_token(board: ForestBoard) -> tuple[ForestBoard, LogEntry]:
    """Before the first player's turn: turn up the next round token (002 player setup 17).

    Raises ``PlayError`` when the stack is empty (after the last token each
    player takes one final turn and the game ends).
    """
    stack = board.round_tokens
    if stack.left == 0:
        raise PlayError(PlayCode.NO_ROUND_TOKEN_LEFT_GAME_ENDS)
    new_stack = replace(stack, revealed=stack.revealed + 1)
    token = new_stack.current
    assert token is not None
    return replace(board, round_tokens=new_stack), LogEntry(
        "reveal_round_token", round_token=token
    )


# --------------------------------------------------------------------------- small edits


def _space(space: int) -> int:
    if space not in SPAWN_CARDS:
        raise PlayError(PlayCode.FOREST_SPACES_ARE_NUMBERED_1_15, space=space)
    return space


def place_harvester(board: ForestBoard, space: int) -> ForestBoard:
    """A harvester is put on ``space`` (one harvester per space, 002 player setup 18)."""
    if _space(space) in board.harvesters:
        raise PlayError(PlayCode.SPACE_ALREADY_HOLDS_HARVESTER, space=space)
    return replace(board, harvesters=board.harvesters | {space})


def remove_harvester(board: ForestBoard, space: int) -> ForestBoard:
    if _space(space) not in board.harvesters:
        raise PlayError(PlayCode.SPACE_HOLDS_NO_HARVESTER, space=space)
    return replace(board, harvesters=board.harvesters - {space})


def move_harvester(board: ForestBoard, source: int, target: int) -> ForestBoard:
    """A harvester moves from ``source`` to a free ``target`` (000: never end on another)."""
    return place_harvester(remove_harvester(board, source), target)


def take_forester(board: ForestBoard, space: int) -> tuple[ForestBoard, ForesterType]:
    """A player tends the forest on ``space``: the forester token leaves the board."""
    kind = board.forester_at(_space(space))
    if kind is None:
        raise PlayError(PlayCode.SPACE_HOLDS_NO_FORESTER_TOKEN, space=space)
    rest = tuple(t for t in board.foresters if t.space != space)
    return replace(board, foresters=rest), kind


def set_forester(board: ForestBoard, kind: ForesterType, space: int | None) -> ForestBoard:
    """Correct the map: the ``kind`` token lies on ``space`` (moved there), or nowhere (None).

    One forester token per space: a space holding another type is refused.
    """
    rest = tuple(t for t in board.foresters if t.kind is not kind)
    if space is None:
        return replace(board, foresters=rest)
    other = board.forester_at(_space(space))
    if other is not None and other is not kind:
        raise PlayRefusal(PlayCode.SPACE_HOLDS_FORESTER, field="space", space=space,
                          type=other.value)
    return replace(board, foresters=(*rest, ForesterToken(kind, space)))


def set_infested(board: ForestBoard, spaces: Iterable[int]) -> ForestBoard:
    """Put infested wood on ``spaces`` as the infestation card shows (001 setup)."""
    added = {_space(s) for s in spaces}
    return replace(board, infested=board.infested | added)


def remove_infested(board: ForestBoard, space: int) -> ForestBoard:
    """A harvester removes the infested wood on ``space`` (001)."""
    if _space(space) not in board.infested:
        raise PlayError(PlayCode.SPACE_HOLDS_NO_INFESTED_WOOD, space=space)
    return replace(board, infested=board.infested - {space})


def set_harvested(board: ForestBoard, space: int, harvested: bool = True) -> ForestBoard:
    """Turn the harvest token on ``space`` to its dark (True) or colourful (False) side."""
    _space(space)
    spaces = board.harvested | {space} if harvested else board.harvested - {space}
    return replace(board, harvested=spaces)

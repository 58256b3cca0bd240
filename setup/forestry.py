"""The Forestry setup dealer: ``deal(options, players, seed) -> SetupPlan``.

A pure function of its arguments. It deals what the rulebooks leave to chance
(spawn-card reveals, HQ tile placement, round token order, technology side when
not chosen, Growing Forward criteria / infestation card / location tiles,
characters when not named) and returns the ordered steps of board setup
(002 "ゲームのセットアップ" 1–14), the Growing Forward additions (001 "Game
Setup"), character setup and player setup (002 player steps 1–18), each step
with its dealt outcome written in.

What the sources do not tell us is never invented: card texts, HQ tile names,
infestation-card spaces, the solo opponent. For those the step describes the
physical action ("each player draws one starting contract at random"); for
random placements of unnamed components the plan numbers them by position in
a row the players lay out ("lay the three HQ tiles in a row; tile 2 goes to
light green").

Randomness: one ``random.Random`` per concern, each seeded from ``seed`` and a
fixed name (``_stream``), so switching a module on or off never changes the
rest of the deal; the spawn deck (stream ``spawn``) is drawn in rulebook step
order. ``SetupPlan.board`` is the forest board after setup, for ``setup.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from scoring.forestry.enums import (
    Area,
    Character,
    DetachedCriterion,
    ForesterType,
    Mode,
    TechnologySide,
)
from setup.deck import (
    Reveal,
    SpawnDeck,
    SpawnPurpose,
    new_deck,
    next_free_space,
    reveal,
    reveal_until,
    shuffle_all,
)
from setup.play import (
    ROUND_TOKENS,
    ROUND_TOKENS_BY_ID,
    ForestBoard,
    ForesterToken,
    RoundTokenStack,
    Species,
)

MIN_PLAYERS = 1
MAX_PLAYERS = 4
#: Coins by seat order (002 player setup 16): first 3, second and third 4, fourth 5.
SEAT_COINS: tuple[int, ...] = (3, 4, 4, 5)


def seat_coins(by_order: tuple[int, ...], first_player: int) -> tuple[int, ...]:
    """Coins per table seat when ``first_player`` (0-based) starts (002: by seat order).

    ``by_order`` is the plan's ``seat_coins`` (first, second, ... player in
    clockwise order); the player after the first is the next seat clockwise.

    >>> seat_coins((3, 4, 4), 2)
    (4, 4, 3)
    """
    n = len(by_order)
    if not by_order:
        return ()
    if not 0 <= first_player < n:
        raise ValueError(f"first player must be 0..{n - 1}, got {first_player}")
    return tuple(by_order[(i - first_player) % n] for i in range(n))
#: Round tokens in play (002 setup 12): 10, or 9 in the advanced game.
ROUND_COUNT = {Mode.TUTORIAL: 10, Mode.STANDARD: 10, Mode.ADVANCED: 9}
#: HQ spaces in the order the dealer fills them.
HQ_AREAS: tuple[Area, ...] = (Area.LIGHT_GREEN, Area.DARK_GREEN, Area.ORANGE)
BASE_CHARACTERS: tuple[Character, ...] = (
    Character.TRADE_SPECIALIST,
    Character.FOREST_ECOLOGIST,
    Character.LOGISTICS_MANAGER,
    Character.MONITORING_SPECIALIST,
)
GROWING_FORWARD_CHARACTERS: tuple[Character, ...] = (
    Character.FOREST_WORKER,
    Character.FOREST_ROAD_MANAGER,
    Character.TECHNICIAN,
)


class LocationTile(StrEnum):
    """Growing Forward location tiles (001)."""

    TREE_NURSERY = "tree_nursery"
    LOOKOUT_TOWER = "lookout_tower_construction_site"
    LAKE = "lake"


class TradeReward(StrEnum):
    """The Trade Specialist's five reward tokens (002 characters)."""

    TWO_COINS = "two_coins"
    TASK_CARD = "task_card"
    TWO_STARS = "two_stars"
    ANY_RESOURCE = "any_resource"
    TWO_VP = "two_vp"


_LABEL: dict[Enum, str] = {
    Area.LIGHT_GREEN: "light green",
    Area.DARK_GREEN: "dark green",
    Area.ORANGE: "orange",
    ForesterType.THINNING: "thinning",
    ForesterType.DEN_TREE: "den tree",
    ForesterType.PAINTING: "painting",
    DetachedCriterion.MOST_OPEN_STORAGE_SPACES: "most open storage spaces",
    DetachedCriterion.MOST_BUILDINGS: "most upgraded sawmills + forest buildings",
    DetachedCriterion.MOST_CONTRACTS_FULFILLED: "most contracts fulfilled",
    DetachedCriterion.MOST_TASK_CARDS_FULFILLED: "most task cards fulfilled",
    DetachedCriterion.HIGHEST_WATER_MULTIPLIER: "highest water structures multiplier",
    DetachedCriterion.MOST_SEEDLINGS_PLANTED: "most seedlings planted",
    LocationTile.TREE_NURSERY: "tree nursery",
    LocationTile.LOOKOUT_TOWER: "lookout tower construction site",
    LocationTile.LAKE: "lake",
    TradeReward.TWO_COINS: "2 coins",
    TradeReward.TASK_CARD: "1 task card",
    TradeReward.TWO_STARS: "2 stars",
    TradeReward.ANY_RESOURCE: "1 resource of your choice",
    TradeReward.TWO_VP: "2 VP",
    Character.TRADE_SPECIALIST: "Trade Specialist",
    Character.FOREST_ECOLOGIST: "Forest Ecologist",
    Character.LOGISTICS_MANAGER: "Logistics Manager",
    Character.MONITORING_SPECIALIST: "Monitoring Specialist",
    Character.FOREST_WORKER: "Forest Worker",
    Character.FOREST_ROAD_MANAGER: "Forest Road Manager",
    Character.TECHNICIAN: "Technician",
}


def label(value: Enum) -> str:
    """The English name the checklist uses for an enum value."""
    return _LABEL.get(value, str(value.value).replace("_", " "))


# --------------------------------------------------------------------------- options


class SetupOptionError(ValueError):
    """Options that cannot be dealt together; ``option`` names the offending option."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"{option}: {message}")
        self.option = option
        self.message = message


@dataclass(frozen=True, slots=True)
class ForestryOptions:
    """What the table plays.

    ``technology_side`` ``None`` means "deal it at random" (002 player setup 6
    allows random or chosen) in the standard and advanced game; the tutorial
    game has no technology tiles. ``tutorial_table`` combines the advanced game
    with the tutorial's pre-printed technology table (002 advanced game).
    ``characters`` are the characters the players named (advanced game only);
    the dealer fills the remaining seats at random.
    """

    mode: Mode = Mode.STANDARD
    technology_side: TechnologySide | None = None
    tutorial_table: bool = False
    infestation: bool = False
    asymmetric: bool = False
    characters: tuple[Character, ...] = ()

    @property
    def growing_forward(self) -> bool:
        """Whether any Growing Forward content is in use."""
        return (
            self.infestation
            or self.asymmetric
            or any(c in GROWING_FORWARD_CHARACTERS for c in self.characters)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "technology_side": self.technology_side.value if self.technology_side else None,
            "tutorial_table": self.tutorial_table,
            "infestation": self.infestation,
            "asymmetric": self.asymmetric,
            "characters": [c.value for c in self.characters],
        }


def validate(options: ForestryOptions, players: int, seed: int = 0) -> None:
    """Raise ``SetupOptionError`` (a ``ValueError``) for a combination that cannot be dealt."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise SetupOptionError("players", f"must be a whole number 1–4, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupOptionError("players", f"Forestry is played by 1–4 players, got {players}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SetupOptionError("seed", f"must be a whole number >= 0, got {seed!r}")
    if not isinstance(options.mode, Mode):
        raise SetupOptionError("mode", f"one of {', '.join(m.value for m in Mode)}")
    if options.technology_side is not None and not isinstance(
        options.technology_side, TechnologySide
    ):
        raise SetupOptionError("technology-side", "A or B")
    bad = [c for c in options.characters if not isinstance(c, Character)]
    if bad:
        raise SetupOptionError("character", f"not a character: {bad[0]!r}")
    if options.mode is Mode.TUTORIAL and options.technology_side is not None:
        raise SetupOptionError(
            "technology-side",
            "the tutorial game uses the technology table printed on the player board; "
            "a technology side applies to the standard and advanced game only",
        )
    if options.tutorial_table and options.mode is not Mode.ADVANCED:
        raise SetupOptionError(
            "tutorial-table",
            "combines the advanced game with the tutorial technology table: use it with "
            "--mode advanced (the tutorial game already uses that table)",
        )
    if options.tutorial_table and options.technology_side is not None:
        raise SetupOptionError(
            "technology-side", "the tutorial technology table replaces the technology tiles"
        )
    if options.infestation and players == 1:
        raise SetupOptionError(
            "infestation",
            "the bark beetle infestation module cannot be played solo (001 solo compatibility)",
        )
    if options.characters and options.mode is not Mode.ADVANCED:
        raise SetupOptionError(
            "character", "characters belong to the advanced game: add --mode advanced"
        )
    if len(set(options.characters)) != len(options.characters):
        raise SetupOptionError("character", "each character can be in play only once")
    if len(options.characters) > players:
        raise SetupOptionError(
            "character",
            f"{len(options.characters)} characters named for {players} player(s)",
        )


# --------------------------------------------------------------------------- plan types


@dataclass(frozen=True, slots=True)
class SetupStep:
    """One checklist step: stable ``id``, ``source`` citation, ``title``, ``detail`` to read.

    ``title`` and ``detail`` are English; ``title_ja`` and ``detail_ja`` say the
    same, with the same dealt values, in Japanese (``setup.texts_ja``). The JSON
    output stays English.
    """

    id: str
    source: str
    title: str
    detail: str
    title_ja: str = ""
    detail_ja: str = ""

    def text(self, lang: str) -> tuple[str, str]:
        """``(title, detail)`` in ``lang`` ("en" or "ja"); English for any other language."""
        if lang == "ja" and self.detail_ja:
            return self.title_ja, self.detail_ja
        return self.title, self.detail

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "detail": self.detail, "source": self.source}


@dataclass(frozen=True, slots=True)
class HqDeal:
    """HQ tiles (002 setup 7): the set and side for the player count, and which tile goes where.

    The sources do not name the tiles, so ``tiles`` maps each area to a position
    1–3 in a row the players lay out in any order.
    """

    players: int
    tiles: tuple[tuple[Area, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "set": f"the HQ tile set for {_players(self.players)}",
            "side": f"the side for {_players(self.players)}",
            "tiles": {area.value: pos for area, pos in self.tiles},
            "positions": "1-3 from the left in a row of the set's tiles laid out in any order",
        }


@dataclass(frozen=True, slots=True)
class GrowingForwardDeal:
    """The bark beetle infestation module's dealt components (001 setup).

    ``detached_criteria``: clockwise from the detached storage near the score
    track's start. ``infestation_card`` and positions are 1–3 in a row laid out
    in any order (the cards' spaces are not in the sources).
    """

    detached_criteria: tuple[DetachedCriterion, ...]
    infestation_card: int
    location_tiles: tuple[tuple[Area, LocationTile], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "detached_criteria": [c.value for c in self.detached_criteria],
            "infestation_card": self.infestation_card,
            "location_tiles": {area.value: tile.value for area, tile in self.location_tiles},
        }


@dataclass(frozen=True, slots=True)
class SetupPlan:
    """A dealt Forestry setup: checklist steps, every dealt outcome, the board after setup."""

    seed: int
    players: int
    options: ForestryOptions
    steps: tuple[SetupStep, ...]
    spawn_reveals: tuple[Reveal, ...]
    upgraded_sawmills: tuple[int, ...]
    removed_clearings: tuple[int, ...]
    meanders: tuple[int, ...]
    reservoirs: tuple[int, ...]
    harvested: tuple[int, ...]
    forester_tokens: tuple[ForesterToken, ...]
    hq: HqDeal
    technology_side: TechnologySide | None
    round_tokens: tuple[str, ...]
    seat_coins: tuple[int, ...]
    characters: tuple[Character, ...]
    dealt_characters: tuple[Character, ...]
    trade_specialist_rewards: tuple[tuple[Species, TradeReward], ...]
    road_manager_card: int | None
    growing_forward: GrowingForwardDeal | None
    board: ForestBoard

    def to_json(self) -> dict[str, Any]:
        """A JSON-serialisable dict (the ``--json`` output of ``forest-table setup forestry``)."""
        out: dict[str, Any] = {
            "game": "forestry",
            "seed": self.seed,
            "players": self.players,
            "options": self.options.to_json(),
            "steps": [s.to_json() for s in self.steps],
            "spawn_reveals": [r.to_json() for r in self.spawn_reveals],
            "upgraded_sawmills": list(self.upgraded_sawmills),
            "removed_clearings": list(self.removed_clearings),
            "meanders": list(self.meanders),
            "reservoirs": list(self.reservoirs),
            "harvested": list(self.harvested),
            "forester_tokens": {t.kind.value: t.space for t in self.forester_tokens},
            "hq": self.hq.to_json(),
            "technology_side": self.technology_side.value if self.technology_side else None,
            "round_tokens": list(self.round_tokens),
            "first_round_token": self.round_tokens[0],
            "seat_coins": list(self.seat_coins),
            "characters": [c.value for c in self.characters],
            "dealt_characters": [c.value for c in self.dealt_characters],
            "trade_specialist_rewards": {
                s.value: r.value for s, r in self.trade_specialist_rewards
            },
            "road_manager_card": self.road_manager_card,
            "board_after_setup": self.board.to_json(),
        }
        if self.growing_forward is not None:
            out["growing_forward"] = self.growing_forward.to_json()
        return out


# --------------------------------------------------------------------------- dealing


def _stream(seed: int, name: str) -> random.Random:
    """The generator for one concern of the deal (stable across Python versions: str seed)."""
    return random.Random(f"forestry/{seed}/{name}")


@dataclass(frozen=True, slots=True)
class _Dealt:
    """Everything dealt, before the steps are written (the steps' context)."""

    seed: int
    players: int
    options: ForestryOptions
    sawmill_reveals: tuple[Reveal, ...]
    harvest_reveals: tuple[Reveal, ...]
    clearing_reveals: tuple[Reveal, ...]
    river_reveals: tuple[Reveal, ...]
    forester_reveals: tuple[Reveal, ...]
    upgraded_sawmills: tuple[int, ...]
    removed_clearings: tuple[int, ...]
    meanders: tuple[int, ...]
    reservoirs: tuple[int, ...]
    harvested: tuple[int, ...]
    forester_tokens: tuple[ForesterToken, ...]
    reshuffle_before: frozenset[Reveal]
    hq: HqDeal
    round_tokens: tuple[str, ...]
    round_tokens_out: tuple[str, ...]
    technology_side: TechnologySide | None
    technology_dealt: bool
    growing_forward: GrowingForwardDeal | None
    characters: tuple[Character, ...]
    dealt_characters: tuple[Character, ...]
    trade_specialist_rewards: tuple[tuple[Species, TradeReward], ...]
    road_manager_card: int | None
    deck_after: SpawnDeck

    @property
    def mode(self) -> Mode:
        return self.options.mode


def _new_in_range(high: int, taken: tuple[int, ...]) -> Callable[[int], bool]:
    return lambda card: 1 <= card <= high and card not in taken


def _neutral_picks(
    deck: SpawnDeck,
    rng: random.Random,
    count: int,
    high: int,
    purpose: SpawnPurpose,
) -> tuple[tuple[Reveal, ...], tuple[int, ...], SpawnDeck]:
    """Reveal until 1..``high`` ``count`` times, each pick different (002 setup 5, 10, 11)."""
    reveals: list[Reveal] = []
    picks: list[int] = []
    for _ in range(count):
        got, deck = reveal_until(deck, rng, _new_in_range(high, tuple(picks)), purpose)
        reveals.extend(got)
        picks.append(got[-1].card)
    return tuple(reveals), tuple(picks), deck


def _deal(options: ForestryOptions, players: int, seed: int) -> _Dealt:
    neutral = {1: 0, 2: 2, 3: 1, 4: 0}[players]

    # --- spawn deck, in rulebook step order (002 setup 3, 5, 9, 10, 11, 14)
    spawn = _stream(seed, "spawn")
    deck = new_deck(spawn)
    sawmill_reveals, upgraded, deck = _neutral_picks(deck, spawn, neutral, 9, SpawnPurpose.SAWMILL)
    # 002 setup 9: the top three cards; a card repeating an already harvested
    # space (only possible after a reshuffle) is passed over.
    harvest_reveals: list[Reveal] = []
    harvested: list[int] = []
    while len(harvested) < 3:
        got, deck = reveal(deck, spawn, 1, SpawnPurpose.HARVEST)
        harvest_reveals.extend(got)
        if got[0].card not in harvested:
            harvested.append(got[0].card)
    clearing_reveals, removed, deck = _neutral_picks(deck, spawn, neutral, 9, SpawnPurpose.CLEARING)
    river_reveals, rivers, deck = _neutral_picks(deck, spawn, neutral, 8, SpawnPurpose.RIVER)
    before_14 = sawmill_reveals + tuple(harvest_reveals) + clearing_reveals + river_reveals
    reshuffle_before = frozenset(
        r
        for prev, r in zip((None, *before_14), before_14, strict=False)
        if r.cycle != (prev.cycle if prev else 1)
    )
    deck = shuffle_all(deck, spawn)
    forester_reveals, deck = reveal(deck, spawn, 3, SpawnPurpose.FORESTER)
    foresters: list[ForesterToken] = []
    for kind, card in zip(ForesterType, forester_reveals, strict=True):
        space, _ = next_free_space(card.card, {t.space for t in foresters})
        assert space is not None
        foresters.append(ForesterToken(kind, space))

    # --- HQ tiles (002 setup 7): a random permutation of positions 1-3 over the areas
    positions = [1, 2, 3]
    _stream(seed, "hq").shuffle(positions)
    hq = HqDeal(players, tuple(zip(HQ_AREAS, positions, strict=True)))

    # --- round tokens (002 setup 12): shuffle all ten; the advanced game keeps nine
    order = [t.id for t in ROUND_TOKENS]
    _stream(seed, "round_tokens").shuffle(order)
    keep = ROUND_COUNT[options.mode]
    round_tokens, round_out = tuple(order[:keep]), tuple(order[keep:])

    # --- technology side (002 player setup 6): chosen, dealt, or none
    technology_side = options.technology_side
    technology_dealt = False
    if technology_side is None and options.mode is not Mode.TUTORIAL and not options.tutorial_table:
        technology_side = _stream(seed, "technology").choice(list(TechnologySide))
        technology_dealt = True

    # --- Growing Forward infestation module (001 setup)
    growing_forward = None
    if options.infestation:
        gf = _stream(seed, "growing_forward")
        criteria = tuple(gf.sample(list(DetachedCriterion), 3))
        infestation_card = gf.randint(1, 3)
        tiles = list(LocationTile)
        gf.shuffle(tiles)
        growing_forward = GrowingForwardDeal(
            criteria, infestation_card, tuple(zip(HQ_AREAS, tiles, strict=True))
        )

    # --- characters (002 advanced game; 001 advanced characters)
    characters: tuple[Character, ...] = ()
    dealt: tuple[Character, ...] = ()
    rewards: tuple[tuple[Species, TradeReward], ...] = ()
    road_card = None
    if options.mode is Mode.ADVANCED:
        ch = _stream(seed, "characters")
        pool = BASE_CHARACTERS + (GROWING_FORWARD_CHARACTERS if options.growing_forward else ())
        free = [c for c in pool if c not in options.characters]
        dealt = tuple(ch.sample(free, players - len(options.characters)))
        characters = options.characters + dealt
        if Character.TRADE_SPECIALIST in characters:
            tokens = list(TradeReward)
            _stream(seed, "trade_specialist").shuffle(tokens)
            rewards = tuple(zip(Species, tokens, strict=True))
        if Character.FOREST_ROAD_MANAGER in characters:
            road_card = _stream(seed, "forest_road_manager").randint(1, 3)

    return _Dealt(
        seed=seed,
        players=players,
        options=options,
        sawmill_reveals=sawmill_reveals,
        harvest_reveals=tuple(harvest_reveals),
        clearing_reveals=clearing_reveals,
        river_reveals=river_reveals,
        forester_reveals=forester_reveals,
        upgraded_sawmills=tuple(sorted(upgraded)),
        removed_clearings=tuple(sorted(removed)),
        meanders=rivers[:1],
        reservoirs=rivers[1:2],
        harvested=tuple(sorted(harvested)),
        forester_tokens=tuple(foresters),
        reshuffle_before=reshuffle_before,
        hq=hq,
        round_tokens=round_tokens,
        round_tokens_out=round_out,
        technology_side=technology_side,
        technology_dealt=technology_dealt,
        growing_forward=growing_forward,
        characters=characters,
        dealt_characters=dealt,
        trade_specialist_rewards=rewards,
        road_manager_card=road_card,
        deck_after=deck,
    )


# --------------------------------------------------------------------------- step texts


def _join(items: list[str] | tuple[str, ...]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _cards(reveals: tuple[Reveal, ...]) -> str:
    return ", ".join(str(r.card) for r in reveals)


def _reshuffle_note(reveals: tuple[Reveal, ...], d: _Dealt) -> str:
    """A sentence for a step during which the spawn deck ran out, else ``""``."""
    marked = [r for r in reveals if r in d.reshuffle_before]
    if not marked:
        return ""
    return (
        f" (The spawn deck ran out before card {marked[0].card}: all 15 spawn cards were "
        "shuffled into a new deck.)"
    )


def _came_up(reveals: tuple[Reveal, ...], high: int) -> str:
    """``card 6`` or ``cards 14, 3 (14 is outside 1–9)`` for one reveal-until run."""
    if len(reveals) == 1:
        return f"card {_cards(reveals)}"
    passed = [str(r.card) for r in reveals[:-1]]
    outside = [c for c in passed if not 1 <= int(c) <= high]
    repeats = [c for c in passed if 1 <= int(c) <= high]
    notes = []
    if outside:
        verb = "is" if len(outside) == 1 else "are"
        notes.append(f"{_join(outside)} {verb} outside 1–{high}")
    if repeats:
        notes.append(f"{_join(repeats)} was already chosen (the deck had been reshuffled)")
    return f"cards {_cards(reveals)} ({'; '.join(notes)})"


def _players(n: int) -> str:
    return "1 player" if n == 1 else f"{n} players"


def _split(reveals: tuple[Reveal, ...], picks: int, high: int) -> list[tuple[Reveal, ...]]:
    """Group a run of reveal-until reveals into one group per pick."""
    groups: list[tuple[Reveal, ...]] = []
    current: list[Reveal] = []
    taken: list[int] = []
    for r in reveals:
        current.append(r)
        if 1 <= r.card <= high and r.card not in taken:
            taken.append(r.card)
            groups.append(tuple(current))
            current = []
    assert len(groups) == picks
    return groups


def _d_board(d: _Dealt) -> str:
    return "Put the game board in the middle of the table."


def _d_contracts(d: _Dealt) -> str:
    return (
        "Shuffle the contract deck. Lay 2 contracts face up beside each area (orange, dark "
        "green, light green) and put the deck face down beside the board."
    )


def _d_spawn(d: _Dealt) -> str:
    return (
        "Put the forester tokens beside the board. This dealer plays the spawn deck (15 cards, "
        "numbered 1–15): every card it turned up is named in the steps below, so leave your "
        "spawn cards aside for now."
    )


def _d_tasks(d: _Dealt) -> str:
    return (
        "Shuffle the task deck, put it face down beside the board and turn 1 task card face "
        "up next to it."
    )


def _runs(d: _Dealt, reveals: tuple[Reveal, ...], count: int, high: int) -> str:
    """``3 players: spawn cards were turned up until ... came up: card 6.`` for a neutral step."""
    groups = _split(reveals, count, high)
    if count == 1:
        text = (
            f" 3 players: spawn cards were turned up until one numbered 1–{high} came up: "
            f"{_came_up(groups[0], high)}."
        )
    else:
        text = (
            f" 2 players: twice, spawn cards were turned up until one numbered 1–{high} came "
            f"up (a different one the second time): first {_came_up(groups[0], high)}, "
            f"then {_came_up(groups[1], high)}."
        )
    return text + _reshuffle_note(reveals, d)


def _d_sawmills(d: _Dealt) -> str:
    text = (
        "Put the nine sawmill building tiles (numbered 1–9) on their matching spaces in the "
        "orange, dark green and light green areas."
    )
    picks = d.upgraded_sawmills
    if not picks:
        return text
    text += _runs(d, d.sawmill_reveals, len(picks), 9)
    if len(picks) == 1:
        return text + (
            f" Flip sawmill building {picks[0]} to its upgraded side and put a building token "
            "of a colour nobody plays on its upgrade icon."
        )
    return text + (
        f" Flip sawmill buildings {picks[0]} and {picks[1]} to their upgraded side and put a "
        "building token of a colour nobody plays on each upgrade icon."
    )


def _d_processing(d: _Dealt) -> str:
    return (
        "Put the wood-processing tokens beside the three sawmill buildings that show the "
        "matching processing symbol."
    )


def _d_hq(d: _Dealt) -> str:
    where = _join([f"tile {pos} on the {label(area)} HQ space" for area, pos in d.hq.tiles])
    text = (
        f"Take the set of three HQ tiles for {_players(d.players)}. Lay them face up in a row "
        f"in any order and count them 1, 2, 3 from the left; put {where}, each with the side "
        f"for {_players(d.players)} up."
    )
    if d.players == 1:
        text += (
            " Solo: our sources do not say which set a solo game uses; if your copy has none "
            "for 1 player, your solo rules decide."
        )
    return text


def _d_harvest_tokens(d: _Dealt) -> str:
    text = "Put the 15 harvest tokens, colourful side up, on the spaces printed for them."
    if d.options.growing_forward:
        text += " (Growing Forward: you may use its wooden harvest tokens instead.)"
    return text


def _d_harvested(d: _Dealt) -> str:
    spaces = _join([str(s) for s in d.harvested])
    text = f"Spawn cards {_cards(d.harvest_reveals)} came up"
    if len(d.harvest_reveals) > 3:
        text += " (a number that came up again after the reshuffle was passed over)"
    return (
        text
        + f": turn the harvest tokens on spaces {spaces} to their dark (harvested) side."
        + _reshuffle_note(d.harvest_reveals, d)
    )


def _d_clearings(d: _Dealt) -> str:
    text = (
        "Shuffle the 9 clearing tokens face down, put one on each numbered clearing space "
        "1–9 and turn them face up."
    )
    picks = d.removed_clearings
    if not picks:
        return text
    text += _runs(d, d.clearing_reveals, len(picks), 9)
    if len(picks) == 1:
        return text + (
            f" Remove the clearing token on clearing space {picks[0]} (back to the box) and "
            "put a building token of a colour nobody plays there."
        )
    return text + (
        f" Remove the clearing tokens on clearing spaces {picks[0]} and {picks[1]} (back to "
        "the box) and put a building token of a colour nobody plays on each."
    )


def _d_rivers(d: _Dealt) -> str:
    text = (
        "Shuffle the river tokens face down, put one on each river space 1–8 and turn them face up."
    )
    if not d.meanders:
        return text
    text += _runs(d, d.river_reveals, len(d.meanders) + len(d.reservoirs), 8)
    if not d.reservoirs:
        return text + (
            f" Replace the river token on river space {d.meanders[0]} with a meander of a "
            "colour nobody plays (the river token goes back in the box)."
        )
    return text + (
        f" Replace the river token on river space {d.meanders[0]} with a meander and the one "
        f"on river space {d.reservoirs[0]} with a reservoir with bridge, both of a colour "
        "nobody plays (the river tokens go back in the box)."
    )


def _d_round_tokens(d: _Dealt) -> str:
    count = len(d.round_tokens)
    text = (
        f"The dealer has shuffled the round tokens and keeps their order hidden; it turns one "
        f"up each round ({count} rounds). Put the tokens face down by the round slot with the "
        "green start icon."
    )
    if d.round_tokens_out:
        text += f" Advanced game: only {count} are used — one, unseen, stays in the box."
    text += (
        " If you turn round tokens up by hand instead, shuffle them face down into a stack "
        "on that slot"
        + (" (one fewer: put one back unseen)" if d.round_tokens_out else "")
        + " and at the first round reveal your own top token."
    )
    return text


def _d_supply(d: _Dealt) -> str:
    return (
        "Make a common supply of coins, construction materials, temp workers, seedlings and "
        "the five kinds of wood token."
    )


def _d_foresters(d: _Dealt) -> str:
    where = _join([f"{label(t.kind)} on space {t.space}" for t in d.forester_tokens])
    return (
        "All 15 spawn cards were shuffled into a new deck and cards "
        f"{_cards(d.forester_reveals)} came up: put one forester token of each type on the "
        f"forest — {where}. Playing without the app? Shuffle all 15 spawn cards into a "
        "face-down deck for play."
    )


# Growing Forward (001 "Game Setup")


def _gf(d: _Dealt) -> GrowingForwardDeal:
    assert d.growing_forward is not None
    return d.growing_forward


def _d_gf_storages(d: _Dealt) -> str:
    return (
        "Shuffle the 3 detached storage tiles face down and put one face up between each "
        "pair of neighbouring HQ tiles, next to the board."
    )


def _d_gf_scoring(d: _Dealt) -> str:
    crit = _gf(d).detached_criteria
    listed = "; ".join(f"{i}) {label(c)}" for i, c in enumerate(crit, 1))
    return (
        "Detached scoring tokens: starting with the detached storage near the start of the "
        f"score track and going clockwise, put on the marked space (right side) of each: "
        f"{listed}. The other three tokens go back in the box."
    )


def _d_gf_reproduction(d: _Dealt) -> str:
    return "Put a spruce bark beetle reproduction token on score-track spaces 4, 10, 18 and 28."


def _d_gf_infestation(d: _Dealt) -> str:
    n = _gf(d).infestation_card
    return (
        "Put the 21 infested wood tokens in a supply. Lay the three infestation cards face "
        f"up in a row in any order and take card {n}, counting from the left; put an infested "
        f"wood token on each space it shows for {d.players} players and return the cards to "
        "the box. The cards' spaces are not in our sources: tell the app which spaces got "
        "infested wood."
    )


def _d_gf_locations(d: _Dealt) -> str:
    tiles = dict(_gf(d).location_tiles)
    return (
        f"Location tiles, one per area on its double-hex space: {label(tiles[Area.LIGHT_GREEN])} "
        f"in light green (on the double-hex space near the start of the score track), "
        f"{label(tiles[Area.DARK_GREEN])} in dark green, {label(tiles[Area.ORANGE])} in "
        "orange. Leave the harvest tokens on those spaces visible."
    )


def _d_gf_supply(d: _Dealt) -> str:
    return (
        "Put the detached scoring card near the board and make a supply of water monitoring "
        "specialist, fir seedling and lookout tower level tokens."
    )


def _d_gf_van(d: _Dealt) -> str:
    return "Each player puts a van tile on the character picture of their player board."


# Characters (002 advanced game, 001 advanced characters)


def _d_characters(d: _Dealt) -> str:
    names = _join([label(c) for c in d.characters])
    text = f"Characters in play: {names}."
    if d.options.characters and d.dealt_characters:
        text += (
            f" You named {_join([label(c) for c in d.options.characters])}; the dealer drew "
            f"{_join([label(c) for c in d.dealt_characters])} at random."
        )
    elif d.dealt_characters:
        text += " All drawn at random by the dealer."
    if d.players > 1:
        text += " Hand them out at random (or as you agree); each player takes one."
    pool = "the four base characters"
    if d.options.growing_forward:
        pool += " and the three Growing Forward characters"
    if d.dealt_characters:
        text += f" (Drawn from {pool}.)"
    return text


def _has(c: Character) -> Callable[[_Dealt], bool]:
    return lambda d: c in d.characters


def _d_trade(d: _Dealt) -> str:
    rewards = _join([f"{s.value} → {label(r)}" for s, r in d.trade_specialist_rewards])
    return (
        "Put the five reward tokens, bright side up, below the character "
        f"picture, one per wood type: {rewards}."
    )


def _d_ecologist(d: _Dealt) -> str:
    return (
        "Put the den tree board next to the player board; shuffle the 15 "
        "creature tokens (5 blue, 5 yellow, 5 red) face down nearby."
    )


def _d_logistics(d: _Dealt) -> str:
    return (
        "At player step 7 use the Logistics Manager's own storage "
        "extension tiles on the three rightmost storage spaces."
    )


def _d_monitoring(d: _Dealt) -> str:
    return "Put one data token on every forest space."


def _d_forest_worker(d: _Dealt) -> str:
    return "Uses the Forest Worker player board with its combined forestry and reforestation table."


def _d_road_manager(d: _Dealt) -> str:
    return (
        "Lay the three Forest Road Manager setup cards face up in a row "
        f"in any order and take card {d.road_manager_card}, counting from the left. Shuffle "
        "the 9 damaged road tiles face down and put one, damaged side up, on each border the "
        "card highlights; the rest go back in the box."
    )


def _d_technician(d: _Dealt) -> str:
    return (
        "Turn the 9 Technician tiles optimised side (tools, the same on all) up, "
        "shuffle them, put one on each of the nine sawmill building tiles and flip each to "
        "its diagnostics (split) side."
    )


# Player setup (002 "プレイヤーのセットアップ" 1–18)


def _d_solo(d: _Dealt) -> str:
    return (
        "The solo opponent's rules (its own setup, its turns, its fixed starting "
        "resources) are not in our sources. The steps below are the ones the sources give; "
        "add whatever your solo rules add. The infestation module is not played solo (001)."
    )


def _d_p_board(d: _Dealt) -> str:
    side = "B (advanced game)" if d.mode is Mode.ADVANCED else "A"
    text = (
        f"Each player takes a player board and every component of one colour; play the "
        f"board's side {side}."
    )
    own = [c for c in d.characters if c in GROWING_FORWARD_CHARACTERS]
    if own:
        text += f" {_join([label(c) for c in own])}: use that character's own player board."
    return text


def _d_p_action(d: _Dealt) -> str:
    return "Put your action marker on space 3 of the action track."


def _d_p_buildings(d: _Dealt) -> str:
    return "Put your six building tokens on their spaces at the bottom left of your board."


def _d_p_cubes(d: _Dealt) -> str:
    return (
        "Put one cube of your colour on each of: the leftmost space of the development track; "
        'the reward-track space whose reward includes "any resource"; the bottom space of '
        "the water structures track (1×)."
    )


def _d_p_spare(d: _Dealt) -> str:
    return "Put your remaining six cubes beside your board."


def _d_p_technology(d: _Dealt) -> str:
    if d.mode is Mode.TUTORIAL or d.options.tutorial_table:
        return (
            "No technology tiles: you use the technology table printed on the player board "
            "(tutorial table)."
        )
    assert d.technology_side is not None
    how = "dealt at random" if d.technology_dealt else "as chosen"
    return (
        f"Put the technology tiles on their spaces of each board, side {d.technology_side.value} "
        f"up for every player ({how}; everyone plays the same side)."
    )


def _d_p_storage(d: _Dealt) -> str:
    return (
        "Put the storage extension tiles I, II, III (left to right) on the three rightmost "
        "spaces of your storage."
    )


def _d_p_star(d: _Dealt) -> str:
    return "Put your star marker on space 2 of the reward track."


def _d_p_water(d: _Dealt) -> str:
    return (
        "Put your meander on the upper and your reservoir with bridge on the lower water "
        "structure space of your board."
    )


def _d_p_reference(d: _Dealt) -> str:
    return "Put the reference tiles beside the boards (there are only two: share them)."


def _d_p_score(d: _Dealt) -> str:
    return 'Put your score marker on space 0 of the score track, the side without "50+" up.'


def _d_p_contract(d: _Dealt) -> str:
    return (
        "Each player draws one starting contract at random and puts it to the right of their board."
    )


def _d_p_manager(d: _Dealt) -> str:
    return (
        "Put your sawmill manager on the HQ tile whose colour matches the HQ symbol at the "
        "bottom right of your starting contract."
    )


def _d_p_wood(d: _Dealt) -> str:
    return "Put the wood token(s) shown on your starting contract on free storage spaces."


def _d_p_first(d: _Dealt) -> str:
    if d.players == 1:
        return "You are the first player: take the first player token."
    return (
        "The player who last touched a tree is the first player and takes the first player "
        "token; play goes clockwise."
    )


def _d_p_coins(d: _Dealt) -> str:
    if d.options.asymmetric:
        if d.players == 1:
            return (
                "Asymmetric setup cards (instead of the seedling and coins): shuffle the 12 "
                "cards, draw two and keep one; take what it shows (coins for the first seat) "
                "and return both cards to the box. Only you choose; the solo opponent's "
                "starting resources are fixed by the solo rules."
            )
        return (
            "Asymmetric setup cards (instead of the seedling and coins): shuffle the 12 "
            "cards; each player draws two and keeps one, takes what it shows (coins by seat "
            "order, as printed) and returns both cards to the box."
        )
    seats = ["first", "second", "third", "fourth"]
    coins = _join([f"{seats[i]} {c}" for i, c in enumerate(SEAT_COINS[: d.players])])
    return f"Each player takes 1 seedling and coins by seat order: {coins}."


def _d_p_round(d: _Dealt) -> str:
    token = ROUND_TOKENS_BY_ID[d.round_tokens[0]]
    return f"The first round token is turned up: {token.name}. {token.effect}"


def _d_p_harvesters(d: _Dealt) -> str:
    if d.players == 1:
        return "Put your harvester on any forest space."
    return (
        "Starting with the last player and going counter-clockwise, each player puts their "
        "harvester on any forest space; one harvester per space (a double space counts as "
        "one)."
    )


def _always(d: _Dealt) -> bool:
    return True


def _infestation(d: _Dealt) -> bool:
    return d.options.infestation


def _advanced(d: _Dealt) -> bool:
    return d.mode is Mode.ADVANCED


def _solo(d: _Dealt) -> bool:
    return d.players == 1


@dataclass(frozen=True, slots=True)
class _StepSpec:
    id: str
    source: str
    title: str
    applies: Callable[[_Dealt], bool]
    detail: Callable[[_Dealt], str]


#: The setup checklist, in table order, each step citing its source and step number.
STEPS: tuple[_StepSpec, ...] = (
    _StepSpec("solo.note", "RULES §2.9", "Solo game", _solo, _d_solo),
    _StepSpec("board.1.board", "002 setup 1", "Game board", _always, _d_board),
    _StepSpec("board.2.contracts", "002 setup 2", "Contracts", _always, _d_contracts),
    _StepSpec("board.3.spawn_deck", "002 setup 3", "Spawn deck", _always, _d_spawn),
    _StepSpec("board.4.tasks", "002 setup 4", "Task cards", _always, _d_tasks),
    _StepSpec("board.5.sawmills", "002 setup 5", "Sawmill buildings", _always, _d_sawmills),
    _StepSpec(
        "board.6.processing", "002 setup 6", "Wood-processing tokens", _always, _d_processing
    ),
    _StepSpec("board.7.hq", "002 setup 7", "HQ tiles", _always, _d_hq),
    _StepSpec(
        "board.8.harvest_tokens", "002 setup 8", "Harvest tokens", _always, _d_harvest_tokens
    ),
    _StepSpec("board.9.harvested", "002 setup 9", "Harvested spaces", _always, _d_harvested),
    _StepSpec("board.10.clearings", "002 setup 10", "Clearing tokens", _always, _d_clearings),
    _StepSpec("board.11.rivers", "002 setup 11", "River tokens", _always, _d_rivers),
    _StepSpec("board.12.round_tokens", "002 setup 12", "Round tokens", _always, _d_round_tokens),
    _StepSpec("board.13.supply", "002 setup 13", "Supply", _always, _d_supply),
    _StepSpec("board.14.foresters", "002 setup 14", "Forester tokens", _always, _d_foresters),
    _StepSpec(
        "gf.detached_storages", "001 setup", "Detached storages", _infestation, _d_gf_storages
    ),
    _StepSpec(
        "gf.detached_scoring", "001 setup", "Detached scoring tokens", _infestation, _d_gf_scoring
    ),
    _StepSpec(
        "gf.reproduction",
        "001 setup",
        "Reproduction tokens",
        _infestation,
        _d_gf_reproduction,
    ),
    _StepSpec("gf.infestation", "001 setup", "Infestation card", _infestation, _d_gf_infestation),
    _StepSpec("gf.locations", "001 setup", "Location tiles", _infestation, _d_gf_locations),
    _StepSpec(
        "gf.supply", "001 setup", "Scoring card and new resources", _infestation, _d_gf_supply
    ),
    _StepSpec("char.deal", "002 advanced game", "Characters", _advanced, _d_characters),
    _StepSpec(
        "char.trade_specialist",
        "002 characters",
        "Trade Specialist",
        _has(Character.TRADE_SPECIALIST),
        _d_trade,
    ),
    _StepSpec(
        "char.forest_ecologist",
        "002 characters",
        "Forest Ecologist",
        _has(Character.FOREST_ECOLOGIST),
        _d_ecologist,
    ),
    _StepSpec(
        "char.logistics_manager",
        "002 characters",
        "Logistics Manager",
        _has(Character.LOGISTICS_MANAGER),
        _d_logistics,
    ),
    _StepSpec(
        "char.monitoring_specialist",
        "002 characters",
        "Monitoring Specialist",
        _has(Character.MONITORING_SPECIALIST),
        _d_monitoring,
    ),
    _StepSpec(
        "char.forest_worker",
        "001 advanced characters",
        "Forest Worker",
        _has(Character.FOREST_WORKER),
        _d_forest_worker,
    ),
    _StepSpec(
        "char.forest_road_manager",
        "001 advanced characters",
        "Forest Road Manager",
        _has(Character.FOREST_ROAD_MANAGER),
        _d_road_manager,
    ),
    _StepSpec(
        "char.technician",
        "001 advanced characters",
        "Technician",
        _has(Character.TECHNICIAN),
        _d_technician,
    ),
    _StepSpec("player.1.board", "002 player setup 1", "Player boards", _always, _d_p_board),
    _StepSpec("player.2.action", "002 player setup 2", "Action marker", _always, _d_p_action),
    _StepSpec(
        "player.3.buildings", "002 player setup 3", "Building tokens", _always, _d_p_buildings
    ),
    _StepSpec("player.4.cubes", "002 player setup 4", "Track cubes", _always, _d_p_cubes),
    _StepSpec("player.5.spare_cubes", "002 player setup 5", "Spare cubes", _always, _d_p_spare),
    _StepSpec(
        "player.6.technology",
        "002 player setup 6",
        "Technology tiles",
        _always,
        _d_p_technology,
    ),
    _StepSpec(
        "player.7.storage", "002 player setup 7", "Storage extensions", _always, _d_p_storage
    ),
    _StepSpec("player.8.star", "002 player setup 8", "Star marker", _always, _d_p_star),
    _StepSpec("player.9.water", "002 player setup 9", "Water structures", _always, _d_p_water),
    _StepSpec(
        "player.10.reference", "002 player setup 10", "Reference tiles", _always, _d_p_reference
    ),
    _StepSpec("player.11.score", "002 player setup 11", "Score marker", _always, _d_p_score),
    _StepSpec(
        "player.12.contract", "002 player setup 12", "Starting contract", _always, _d_p_contract
    ),
    _StepSpec("player.13.manager", "002 player setup 13", "Sawmill manager", _always, _d_p_manager),
    _StepSpec("player.14.wood", "002 player setup 14", "Starting wood", _always, _d_p_wood),
    _StepSpec("player.15.first", "002 player setup 15", "First player", _always, _d_p_first),
    _StepSpec(
        "player.16.resources",
        "002 player setup 16; 001 asymmetric setup cards",
        "Seedling and coins",
        _always,
        _d_p_coins,
    ),
    _StepSpec("player.gf_van", "001 setup", "Van tiles", _infestation, _d_gf_van),
    _StepSpec(
        "player.17.round_token", "002 player setup 17", "First round token", _always, _d_p_round
    ),
    _StepSpec(
        "player.18.harvesters", "002 player setup 18", "Harvesters", _always, _d_p_harvesters
    ),
)


def _title(spec: _StepSpec, d: _Dealt) -> str:
    if spec.id == "player.16.resources" and d.options.asymmetric:
        return "Asymmetric setup cards"
    return spec.title


def deal(options: ForestryOptions, players: int, seed: int) -> SetupPlan:
    """Deal a Forestry setup: a pure function of ``(options, players, seed)``.

    Raises ``SetupOptionError`` (a ``ValueError``) for combinations that cannot
    be dealt: players outside 1–4, a negative seed, infestation solo, a
    technology side in the tutorial game, characters outside the advanced game.
    """
    from setup.texts_ja import forestry_step

    validate(options, players, seed)
    d = _deal(options, players, seed)
    steps = tuple(
        SetupStep(spec.id, spec.source, _title(spec, d), spec.detail(d), *forestry_step(spec.id, d))
        for spec in STEPS
        if spec.applies(d)
    )
    reveals = (
        d.sawmill_reveals
        + d.harvest_reveals
        + d.clearing_reveals
        + d.river_reveals
        + d.forester_reveals
    )
    board = ForestBoard(
        deck=d.deck_after,
        harvested=frozenset(d.harvested),
        foresters=d.forester_tokens,
        round_tokens=RoundTokenStack(order=d.round_tokens, revealed=1),
    )
    return SetupPlan(
        seed=seed,
        players=players,
        options=options,
        steps=steps,
        spawn_reveals=reveals,
        upgraded_sawmills=d.upgraded_sawmills,
        removed_clearings=d.removed_clearings,
        meanders=d.meanders,
        reservoirs=d.reservoirs,
        harvested=d.harvested,
        forester_tokens=d.forester_tokens,
        hq=d.hq,
        technology_side=d.technology_side,
        round_tokens=d.round_tokens,
        seat_coins=() if options.asymmetric else SEAT_COINS[:players],
        characters=d.characters,
        dealt_characters=d.dealt_characters,
        trade_specialist_rewards=d.trade_specialist_rewards,
        road_manager_card=d.road_manager_card,
        growing_forward=d.growing_forward,
        board=board,
    )

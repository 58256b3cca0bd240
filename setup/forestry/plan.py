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
order. ``SetupPlan.board`` is the forest board after setup, for ``setup.forestry.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from scoring.cite import Citation, CiteTitle, Source, cite, worded
from scoring.forestry.enums import (
    Area,
    Character,
    DetachedCriterion,
    ForesterType,
    Mode,
    TechnologySide,
)
from scoring.message import ListCode, MessageCode, Msg, Refusal, Say, joined, msg
from scoring.message import say_code as _code
from scoring.sourced import APP, NOT_PRINTED, Sourced, Uncited
from setup.forestry.deck import (
    Reveal,
    SpawnDeck,
    SpawnPurpose,
    new_deck,
    next_free_space,
    reveal,
    reveal_until,
    shuffle_all,
)
from setup.forestry.play import (
    ROUND_TOKENS,
    ROUND_TOKENS_BY_ID,
    ForestBoard,
    ForesterToken,
    RoundToken,
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


def label(value: Enum) -> Msg:
    """The checklist's name of an enum value (area, character, ...): ``label-<value>``."""
    return msg(f"label-{value.value}")


#: Every enum whose values the checklist names (the catalogue test renders each label).
LABELLED: tuple[type[Enum], ...] = (Area, ForesterType, DetachedCriterion, LocationTile,
                                    TradeReward, Character, Species)


# --------------------------------------------------------------------------- options


class SetupCode(MessageCode):
    """Forestry options that cannot be dealt (``SetupOptionError`` codes)."""

    BARK_BEETLE_INFESTATION_MODULE_CANNOT_BE = "refusal-setup-bark-beetle-infestation-module"
    CHARACTERS_BELONG_TO_ADVANCED = "refusal-setup-characters-belong-to-advanced-game-add"
    CHARACTERS_NAMED_FOR_PLAYER = "refusal-setup-characters-named-for-player"
    COMBINES_ADVANCED_GAME_WITH_TUTORIAL_TECHNOLOGY = "refusal-setup-combines-advanced-game-with"
    EACH_CHARACTER_CAN_BE_IN_PLAY = "refusal-setup-each-character-can-be-in-play"
    FORESTRY_PLAYED_BY_1_4_PLAYERS = "refusal-setup-forestry-played-by-1-4-players"
    MUST_BE_WHOLE_NUMBER_0 = "refusal-setup-must-be-whole-number-0"
    MUST_BE_WHOLE_NUMBER_1_4 = "refusal-setup-must-be-whole-number-1-4"
    NOT_CHARACTER = "refusal-setup-not-character"
    ONE = "refusal-setup-one"
    OR_B = "refusal-setup-or-b"
    TUTORIAL_GAME_USES_TECHNOLOGY_TABLE_PRINTED = "refusal-setup-tutorial-game-uses-technology"
    TUTORIAL_TABLE_REPLACES_TECHNOLOGY_TILES = "refusal-setup-tutorial-technology-table-replaces"


class SetupOptionError(Refusal):
    """Options that cannot be dealt together; ``option`` (the ``field``) names the option."""

    @property
    def option(self) -> str:
        return self.field or ""


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
        raise SetupOptionError(SetupCode.MUST_BE_WHOLE_NUMBER_1_4, field="players", players=players)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupOptionError(
            SetupCode.FORESTRY_PLAYED_BY_1_4_PLAYERS,
            field="players",
            players=players,
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SetupOptionError(SetupCode.MUST_BE_WHOLE_NUMBER_0, field="seed", seed=seed)
    if not isinstance(options.mode, Mode):
        raise SetupOptionError(SetupCode.ONE, field="mode", value=', '.join(m.value for m in Mode))
    if options.technology_side is not None and not isinstance(
        options.technology_side, TechnologySide
    ):
        raise SetupOptionError(SetupCode.OR_B, field="technology-side")
    bad = [c for c in options.characters if not isinstance(c, Character)]
    if bad:
        raise SetupOptionError(SetupCode.NOT_CHARACTER, field="character", value=bad[0])
    if options.mode is Mode.TUTORIAL and options.technology_side is not None:
        raise SetupOptionError(
            SetupCode.TUTORIAL_GAME_USES_TECHNOLOGY_TABLE_PRINTED,
            field="technology-side",
        )
    if options.tutorial_table and options.mode is not Mode.ADVANCED:
        raise SetupOptionError(
            SetupCode.COMBINES_ADVANCED_GAME_WITH_TUTORIAL_TECHNOLOGY,
            field="tutorial-table",
        )
    if options.tutorial_table and options.technology_side is not None:
        raise SetupOptionError(
            SetupCode.TUTORIAL_TABLE_REPLACES_TECHNOLOGY_TILES,
            field="technology-side",
        )
    if options.infestation and players == 1:
        raise SetupOptionError(
            SetupCode.BARK_BEETLE_INFESTATION_MODULE_CANNOT_BE,
            field="infestation",
        )
    if options.characters and options.mode is not Mode.ADVANCED:
        raise SetupOptionError(SetupCode.CHARACTERS_BELONG_TO_ADVANCED, field="character")
    if len(set(options.characters)) != len(options.characters):
        raise SetupOptionError(SetupCode.EACH_CHARACTER_CAN_BE_IN_PLAY, field="character")
    if len(options.characters) > players:
        raise SetupOptionError(
            SetupCode.CHARACTERS_NAMED_FOR_PLAYER,
            field="character",
            characters_count=len(options.characters),
            players=players,
        )


# --------------------------------------------------------------------------- plan types


@dataclass(frozen=True, slots=True)
class SetupStep:
    """One checklist step: stable ``id``, ``source`` citation, ``title``, ``detail`` to read.

    ``title`` is a message and ``detail`` the messages to read one after the
    other (codes with the dealt values); the catalogues word them in every
    language (``app.l10n``). ``say`` words one message (the CLI passes English).
    """

    id: str
    source: Citation
    title: Msg
    detail: Detail

    def to_json(self, say: Say = _code) -> dict[str, str]:
        return {"id": self.id, "title": say(self.title),
                "detail": say(joined(ListCode.SENTENCES, self.detail)),
                "source": worded(self.source, say)}


@dataclass(frozen=True, slots=True)
class HqDeal:
    """HQ tiles (002 setup 7): the set and side for the player count, and which tile goes where.

    The sources do not name the tiles, so ``tiles`` maps each area to a position
    1–3 in a row the players lay out in any order.
    """

    players: int
    tiles: tuple[tuple[Area, int], ...]

    def to_json(self, say: Say = _code) -> dict[str, Any]:
        return {
            "players": self.players,
            "set": say(msg(StepCode.HQ_SET, players=self.players)),
            "side": say(msg(StepCode.HQ_SIDE, players=self.players)),
            "tiles": {area.value: pos for area, pos in self.tiles},
            "positions": say(msg(StepCode.HQ_POSITIONS)),
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

    def to_json(self, say: Say = _code) -> dict[str, Any]:
        """A JSON-serialisable dict (the ``--json`` output of ``forest-table setup forestry``).

        ``say`` words the steps' messages (the CLI passes English; by default a
        message shows its code).
        """
        out: dict[str, Any] = {
            "game": "forestry",
            "seed": self.seed,
            "players": self.players,
            "options": self.options.to_json(),
            "steps": [s.to_json(say) for s in self.steps],
            "spawn_reveals": [r.to_json() for r in self.spawn_reveals],
            "upgraded_sawmills": list(self.upgraded_sawmills),
            "removed_clearings": list(self.removed_clearings),
            "meanders": list(self.meanders),
            "reservoirs": list(self.reservoirs),
            "harvested": list(self.harvested),
            "forester_tokens": {t.kind.value: t.space for t in self.forester_tokens},
            "hq": self.hq.to_json(say),
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
#
# A step's detail is a tuple of messages (codes with the dealt values), read one
# after the other; the catalogues word them (app/l10n: ``step-*``, ``label-*``).

Detail = tuple[Msg, ...]


class StepCode(MessageCode):
    """The sentences of the Forestry setup checklist (their words are in the catalogues)."""

    CAME_UP_ONE = "step-came-up-one"
    CAME_UP_MANY = "step-came-up-many"
    OUTSIDE = "step-outside"
    REPEATED = "step-repeated"
    RESHUFFLED = "step-reshuffled"
    RUNS_ONE = "step-runs-one"
    RUNS_TWO = "step-runs-two"
    BOARD = "step-board"
    CONTRACTS = "step-contracts"
    SPAWN = "step-spawn"
    TASKS = "step-tasks"
    SAWMILLS = "step-sawmills"
    SAWMILLS_UPGRADED = "step-sawmills-upgraded"
    PROCESSING = "step-processing"
    HQ = "step-hq"
    HQ_TILE = "step-hq-tile"
    HQ_SOLO = "step-hq-solo"
    HARVEST_TOKENS = "step-harvest-tokens"
    HARVEST_TOKENS_GF = "step-harvest-tokens-gf"
    HARVESTED = "step-harvested"
    CLEARINGS = "step-clearings"
    CLEARINGS_REMOVED = "step-clearings-removed"
    RIVERS = "step-rivers"
    RIVERS_MEANDER = "step-rivers-meander"
    RIVERS_MEANDER_RESERVOIR = "step-rivers-meander-reservoir"
    ROUND_TOKENS = "step-round-tokens"
    ROUND_TOKENS_ADVANCED = "step-round-tokens-advanced"
    ROUND_TOKENS_BY_HAND = "step-round-tokens-by-hand"
    SUPPLY = "step-supply"
    FORESTERS = "step-foresters"
    FORESTER_ON = "step-forester-on"
    GF_STORAGES = "step-gf-storages"
    GF_SCORING = "step-gf-scoring"
    GF_CRITERION = "step-gf-criterion"
    GF_REPRODUCTION = "step-gf-reproduction"
    GF_INFESTATION = "step-gf-infestation"
    GF_LOCATIONS = "step-gf-locations"
    GF_SUPPLY = "step-gf-supply"
    GF_VAN = "step-gf-van"
    CHARACTERS = "step-characters"
    CHARACTERS_NAMED = "step-characters-named"
    CHARACTERS_ALL_DRAWN = "step-characters-all-drawn"
    CHARACTERS_HAND_OUT = "step-characters-hand-out"
    CHARACTERS_POOL = "step-characters-pool"
    TRADE = "step-trade"
    TRADE_REWARD = "step-trade-reward"
    ECOLOGIST = "step-ecologist"
    LOGISTICS = "step-logistics"
    MONITORING = "step-monitoring"
    FOREST_WORKER = "step-forest-worker"
    ROAD_MANAGER = "step-road-manager"
    TECHNICIAN = "step-technician"
    SOLO = "step-solo"
    P_BOARD = "step-p-board"
    P_BOARD_OWN = "step-p-board-own"
    P_ACTION = "step-p-action"
    P_BUILDINGS = "step-p-buildings"
    P_CUBES = "step-p-cubes"
    P_SPARE = "step-p-spare"
    P_TECHNOLOGY_NONE = "step-p-technology-none"
    P_TECHNOLOGY = "step-p-technology"
    P_STORAGE = "step-p-storage"
    P_STAR = "step-p-star"
    P_WATER = "step-p-water"
    P_REFERENCE = "step-p-reference"
    P_SCORE = "step-p-score"
    P_CONTRACT = "step-p-contract"
    P_MANAGER = "step-p-manager"
    P_WOOD = "step-p-wood"
    P_FIRST = "step-p-first"
    P_ASYMMETRIC = "step-p-asymmetric"
    P_COINS = "step-p-coins"
    P_SEAT_COINS = "step-p-seat-coins"
    P_ROUND = "step-p-round"
    P_HARVESTERS = "step-p-harvesters"
    ROUND_TOKEN_NAME = "step-round-token-name"
    ROUND_TOKEN_EFFECT = "step-round-token-effect"
    HQ_SET = "hq-set"
    HQ_SIDE = "hq-side"
    HQ_POSITIONS = "hq-positions"


def title_code(step_id: str) -> str:
    """The catalogue code of a step's title: ``board.1.board`` -> ``step-title-board-1-board``."""
    return "step-title-" + step_id.replace(".", "-")


def _m(code: StepCode, **params: Any) -> Detail:
    return (msg(code, **params),)


def _cards(reveals: tuple[Reveal, ...]) -> Msg:
    return joined(ListCode.COMMAS, (r.card for r in reveals))


def _reshuffle_note(reveals: tuple[Reveal, ...], d: _Dealt) -> Detail:
    """A sentence for a step during which the spawn deck ran out, else nothing."""
    marked = [r for r in reveals if r in d.reshuffle_before]
    if not marked:
        return ()
    return _m(StepCode.RESHUFFLED, card=marked[0].card)


def _came_up(reveals: tuple[Reveal, ...], high: int) -> Msg:
    """``card 6`` or ``cards 14, 3 (14 is outside 1–9)`` for one reveal-until run."""
    if len(reveals) == 1:
        return msg(StepCode.CAME_UP_ONE, card=reveals[0].card)
    passed = [r.card for r in reveals[:-1]]
    outside = tuple(c for c in passed if not 1 <= c <= high)
    repeats = tuple(c for c in passed if 1 <= c <= high)
    notes: list[Msg] = []
    if outside:
        notes.append(msg(StepCode.OUTSIDE, cards=outside, count=len(outside), high=high))
    if repeats:
        notes.append(msg(StepCode.REPEATED, cards=repeats))
    return msg(StepCode.CAME_UP_MANY, cards=_cards(reveals),
               notes=joined(ListCode.SEMICOLONS, notes))


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


def _d_board(d: _Dealt) -> Detail:
    return _m(StepCode.BOARD)


def _d_contracts(d: _Dealt) -> Detail:
    return _m(StepCode.CONTRACTS)


def _d_spawn(d: _Dealt) -> Detail:
    return _m(StepCode.SPAWN)


def _d_tasks(d: _Dealt) -> Detail:
    return _m(StepCode.TASKS)


def _runs(d: _Dealt, reveals: tuple[Reveal, ...], count: int, high: int) -> Detail:
    """``3 players: spawn cards were turned up until ... came up: card 6.`` for a neutral step."""
    groups = _split(reveals, count, high)
    if count == 1:
        text = _m(StepCode.RUNS_ONE, high=high, first=_came_up(groups[0], high))
    else:
        text = _m(StepCode.RUNS_TWO, high=high, first=_came_up(groups[0], high),
                  second=_came_up(groups[1], high))
    return text + _reshuffle_note(reveals, d)


def _d_sawmills(d: _Dealt) -> Detail:
    picks = d.upgraded_sawmills
    if not picks:
        return _m(StepCode.SAWMILLS)
    return (_m(StepCode.SAWMILLS) + _runs(d, d.sawmill_reveals, len(picks), 9)
            + _m(StepCode.SAWMILLS_UPGRADED, count=len(picks), first=picks[0],
                 second=picks[-1]))


def _d_processing(d: _Dealt) -> Detail:
    return _m(StepCode.PROCESSING)


def _d_hq(d: _Dealt) -> Detail:
    where = tuple(msg(StepCode.HQ_TILE, position=pos, area=label(area)) for area, pos in d.hq.tiles)
    if d.players == 1:  # 002 names sets for the player counts it covers; none for 1 player
        return _m(StepCode.HQ_SOLO, tiles=where)
    return _m(StepCode.HQ, players=d.players, tiles=where)


def _d_harvest_tokens(d: _Dealt) -> Detail:
    text = _m(StepCode.HARVEST_TOKENS)
    return text + _m(StepCode.HARVEST_TOKENS_GF) if d.options.growing_forward else text


def _d_harvested(d: _Dealt) -> Detail:
    return _m(StepCode.HARVESTED, cards=_cards(d.harvest_reveals),
              passed_over=len(d.harvest_reveals) > 3,
              spaces=tuple(d.harvested)) + _reshuffle_note(d.harvest_reveals, d)


def _d_clearings(d: _Dealt) -> Detail:
    picks = d.removed_clearings
    if not picks:
        return _m(StepCode.CLEARINGS)
    return (_m(StepCode.CLEARINGS) + _runs(d, d.clearing_reveals, len(picks), 9)
            + _m(StepCode.CLEARINGS_REMOVED, count=len(picks), first=picks[0],
                 second=picks[-1]))


def _d_rivers(d: _Dealt) -> Detail:
    if not d.meanders:
        return _m(StepCode.RIVERS)
    text = _m(StepCode.RIVERS) + _runs(d, d.river_reveals, len(d.meanders) + len(d.reservoirs), 8)
    if not d.reservoirs:
        return text + _m(StepCode.RIVERS_MEANDER, meander=d.meanders[0])
    return text + _m(StepCode.RIVERS_MEANDER_RESERVOIR, meander=d.meanders[0],
                     reservoir=d.reservoirs[0])


def _d_round_tokens(d: _Dealt) -> Detail:
    count = len(d.round_tokens)
    text = _m(StepCode.ROUND_TOKENS, count=count)
    if d.round_tokens_out:
        text += _m(StepCode.ROUND_TOKENS_ADVANCED, count=count)
    return text + _m(StepCode.ROUND_TOKENS_BY_HAND, one_out=bool(d.round_tokens_out))


def _d_supply(d: _Dealt) -> Detail:
    return _m(StepCode.SUPPLY)


def _d_foresters(d: _Dealt) -> Detail:
    where = tuple(msg(StepCode.FORESTER_ON, kind=label(t.kind), space=t.space)
                  for t in d.forester_tokens)
    return _m(StepCode.FORESTERS, cards=_cards(d.forester_reveals), where=where)


# Growing Forward (001 "Game Setup")


def _gf(d: _Dealt) -> GrowingForwardDeal:
    assert d.growing_forward is not None
    return d.growing_forward


def _d_gf_storages(d: _Dealt) -> Detail:
    return _m(StepCode.GF_STORAGES)


def _d_gf_scoring(d: _Dealt) -> Detail:
    crit = _gf(d).detached_criteria
    listed = joined(ListCode.SEMICOLONS, (msg(StepCode.GF_CRITERION, number=i, criterion=label(c))
                                          for i, c in enumerate(crit, 1)))
    return _m(StepCode.GF_SCORING, criteria=listed)


def _d_gf_reproduction(d: _Dealt) -> Detail:
    return _m(StepCode.GF_REPRODUCTION)


def _d_gf_infestation(d: _Dealt) -> Detail:
    return _m(StepCode.GF_INFESTATION, card=_gf(d).infestation_card, players=d.players)


def _d_gf_locations(d: _Dealt) -> Detail:
    tiles = dict(_gf(d).location_tiles)
    return _m(StepCode.GF_LOCATIONS, light_green=label(tiles[Area.LIGHT_GREEN]),
              dark_green=label(tiles[Area.DARK_GREEN]), orange=label(tiles[Area.ORANGE]))


def _d_gf_supply(d: _Dealt) -> Detail:
    return _m(StepCode.GF_SUPPLY)


def _d_gf_van(d: _Dealt) -> Detail:
    return _m(StepCode.GF_VAN)


# Characters (002 advanced game, 001 advanced characters)


def _labels(values: tuple[Character, ...]) -> tuple[Msg, ...]:
    return tuple(label(c) for c in values)


def _d_characters(d: _Dealt) -> Detail:
    text = _m(StepCode.CHARACTERS, names=_labels(d.characters))
    if d.options.characters and d.dealt_characters:
        text += _m(StepCode.CHARACTERS_NAMED, named=_labels(d.options.characters),
                   drawn=_labels(d.dealt_characters))
    elif d.dealt_characters:
        text += _m(StepCode.CHARACTERS_ALL_DRAWN)
    if d.players > 1:
        text += _m(StepCode.CHARACTERS_HAND_OUT)
    if d.dealt_characters:
        text += _m(StepCode.CHARACTERS_POOL, growing_forward=d.options.growing_forward)
    return text


def _has(c: Character) -> Callable[[_Dealt], bool]:
    return lambda d: c in d.characters


def _d_trade(d: _Dealt) -> Detail:
    rewards = tuple(msg(StepCode.TRADE_REWARD, species=label(s), reward=label(r))
                    for s, r in d.trade_specialist_rewards)
    return _m(StepCode.TRADE, rewards=rewards)


def _d_ecologist(d: _Dealt) -> Detail:
    return _m(StepCode.ECOLOGIST)


def _d_logistics(d: _Dealt) -> Detail:
    return _m(StepCode.LOGISTICS, step=step_number(d, STORAGE_STEP))


#: The player step the Logistics Manager's own storage extension tiles replace (002).
STORAGE_STEP = "player.7.storage"


def step_number(d: _Dealt, step_id: str) -> int:
    """The number a step has in this deal's checklist (1-based; steps that do not apply
    to the deal are not numbered), as the checklist prints it."""
    return [spec.id for spec in STEPS if spec.applies(d)].index(step_id) + 1


def _d_monitoring(d: _Dealt) -> Detail:
    return _m(StepCode.MONITORING)


def _d_forest_worker(d: _Dealt) -> Detail:
    return _m(StepCode.FOREST_WORKER)


def _d_road_manager(d: _Dealt) -> Detail:
    return _m(StepCode.ROAD_MANAGER, card=d.road_manager_card)


def _d_technician(d: _Dealt) -> Detail:
    return _m(StepCode.TECHNICIAN)


# Player setup (002 "プレイヤーのセットアップ" 1–18)


def _d_solo(d: _Dealt) -> Detail:
    return _m(StepCode.SOLO)


def _d_p_board(d: _Dealt) -> Detail:
    text = _m(StepCode.P_BOARD, advanced=d.mode is Mode.ADVANCED)
    own = tuple(c for c in d.characters if c in GROWING_FORWARD_CHARACTERS)
    return text + _m(StepCode.P_BOARD_OWN, names=_labels(own)) if own else text


def _d_p_action(d: _Dealt) -> Detail:
    return _m(StepCode.P_ACTION)


def _d_p_buildings(d: _Dealt) -> Detail:
    return _m(StepCode.P_BUILDINGS)


def _d_p_cubes(d: _Dealt) -> Detail:
    return _m(StepCode.P_CUBES)


def _d_p_spare(d: _Dealt) -> Detail:
    return _m(StepCode.P_SPARE)


def _d_p_technology(d: _Dealt) -> Detail:
    if d.mode is Mode.TUTORIAL or d.options.tutorial_table:
        return _m(StepCode.P_TECHNOLOGY_NONE)
    assert d.technology_side is not None
    return _m(StepCode.P_TECHNOLOGY, side=d.technology_side.value, dealt=d.technology_dealt)


def _d_p_storage(d: _Dealt) -> Detail:
    return _m(StepCode.P_STORAGE)


def _d_p_star(d: _Dealt) -> Detail:
    return _m(StepCode.P_STAR)


def _d_p_water(d: _Dealt) -> Detail:
    return _m(StepCode.P_WATER)


def _d_p_reference(d: _Dealt) -> Detail:
    return _m(StepCode.P_REFERENCE)


def _d_p_score(d: _Dealt) -> Detail:
    return _m(StepCode.P_SCORE)


def _d_p_contract(d: _Dealt) -> Detail:
    return _m(StepCode.P_CONTRACT)


def _d_p_manager(d: _Dealt) -> Detail:
    return _m(StepCode.P_MANAGER)


def _d_p_wood(d: _Dealt) -> Detail:
    return _m(StepCode.P_WOOD)


def _d_p_first(d: _Dealt) -> Detail:
    return _m(StepCode.P_FIRST, players=d.players)


def _d_p_coins(d: _Dealt) -> Detail:
    if d.options.asymmetric:
        return _m(StepCode.P_ASYMMETRIC, solo=d.players == 1)
    coins = tuple(msg(StepCode.P_SEAT_COINS, seat=i + 1, coins=c)
                  for i, c in enumerate(SEAT_COINS[: d.players]))
    return _m(StepCode.P_COINS, coins=coins)


def round_token_name(token: RoundToken) -> Msg:
    """A round token's short name (``1 coin + flip a pine``)."""
    return msg(StepCode.ROUND_TOKEN_NAME, **_token_params(token))


def round_token_effect(token: RoundToken) -> Msg:
    """What a round token does."""
    return msg(StepCode.ROUND_TOKEN_EFFECT, **_token_params(token))


def _token_params(token: RoundToken) -> dict[str, Any]:
    if token.flip_species is not None:
        return {"gain": "flip", "coins": token.coins, "species": label(token.flip_species)}
    return {"gain": token.gain or "coins", "coins": token.coins, "species": ""}


def _d_p_round(d: _Dealt) -> Detail:
    token = ROUND_TOKENS_BY_ID[d.round_tokens[0]]
    return _m(StepCode.P_ROUND, name=round_token_name(token), effect=round_token_effect(token))


def _d_p_harvesters(d: _Dealt) -> Detail:
    return _m(StepCode.P_HARVESTERS, players=d.players)


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
    source: Citation
    applies: Callable[[_Dealt], bool]
    detail: Callable[[_Dealt], Detail]


_S0, _S1, _S2, _C = Source.S000, Source.S001, Source.S002, CiteTitle
_GF_SETUP = cite(_S1, _C.SETUP)
_CHARACTERS = cite(_S2, _C.CHARACTERS)
_GF_CHARACTERS = cite(_S1, _C.ADVANCED_CHARACTERS)


def _setup(step: int) -> Citation:
    return cite(_S2, _C.SETUP, step=step)


def _player(step: int) -> Citation:
    return cite(_S2, _C.PLAYER_SETUP, step=step)


#: The setup checklist, in table order, each step citing its source and step number.
STEPS: tuple[_StepSpec, ...] = (
    _StepSpec("solo.note", cite(Source.RULES, mark="§2.9"), _solo, _d_solo),
    _StepSpec("board.1.board", _setup(1), _always, _d_board),
    _StepSpec("board.2.contracts", _setup(2), _always, _d_contracts),
    _StepSpec("board.3.spawn_deck", _setup(3), _always, _d_spawn),
    _StepSpec("board.4.tasks", _setup(4), _always, _d_tasks),
    _StepSpec("board.5.sawmills", _setup(5), _always, _d_sawmills),
    _StepSpec("board.6.processing", _setup(6), _always, _d_processing
    ),
    _StepSpec("board.7.hq", _setup(7), _always, _d_hq),
    _StepSpec("board.8.harvest_tokens", _setup(8), _always, _d_harvest_tokens
    ),
    _StepSpec("board.9.harvested", _setup(9), _always, _d_harvested),
    _StepSpec("board.10.clearings", _setup(10), _always, _d_clearings),
    _StepSpec("board.11.rivers", _setup(11), _always, _d_rivers),
    _StepSpec("board.12.round_tokens", _setup(12), _always, _d_round_tokens),
    _StepSpec("board.13.supply", _setup(13), _always, _d_supply),
    _StepSpec("board.14.foresters", _setup(14), _always, _d_foresters),
    _StepSpec("gf.detached_storages", _GF_SETUP, _infestation, _d_gf_storages
    ),
    _StepSpec("gf.detached_scoring", _GF_SETUP, _infestation, _d_gf_scoring
    ),
    _StepSpec("gf.reproduction", _GF_SETUP, _infestation,
        _d_gf_reproduction,
    ),
    _StepSpec("gf.infestation", _GF_SETUP, _infestation, _d_gf_infestation),
    _StepSpec("gf.locations", _GF_SETUP, _infestation, _d_gf_locations),
    _StepSpec("gf.supply", _GF_SETUP, _infestation, _d_gf_supply
    ),
    _StepSpec("char.deal", cite(_S2, _C.ADVANCED_GAME), _advanced, _d_characters),
    _StepSpec("char.trade_specialist", _CHARACTERS, _has(Character.TRADE_SPECIALIST),
        _d_trade,
    ),
    _StepSpec("char.forest_ecologist", _CHARACTERS, _has(Character.FOREST_ECOLOGIST),
        _d_ecologist,
    ),
    _StepSpec("char.logistics_manager", _CHARACTERS, _has(Character.LOGISTICS_MANAGER),
        _d_logistics,
    ),
    _StepSpec("char.monitoring_specialist", _CHARACTERS, _has(Character.MONITORING_SPECIALIST),
        _d_monitoring,
    ),
    _StepSpec("char.forest_worker", _GF_CHARACTERS, _has(Character.FOREST_WORKER),
        _d_forest_worker,
    ),
    _StepSpec("char.forest_road_manager", _GF_CHARACTERS,
        _has(Character.FOREST_ROAD_MANAGER),
        _d_road_manager,
    ),
    _StepSpec("char.technician", _GF_CHARACTERS, _has(Character.TECHNICIAN),
        _d_technician,
    ),
    _StepSpec("player.1.board", _player(1), _always, _d_p_board),
    _StepSpec("player.2.action", _player(2), _always, _d_p_action),
    _StepSpec("player.3.buildings", _player(3), _always, _d_p_buildings
    ),
    _StepSpec("player.4.cubes", _player(4), _always, _d_p_cubes),
    _StepSpec("player.5.spare_cubes", _player(5), _always, _d_p_spare),
    _StepSpec("player.6.technology", _player(6), _always,
        _d_p_technology,
    ),
    _StepSpec("player.7.storage", _player(7), _always, _d_p_storage
    ),
    _StepSpec("player.8.star", _player(8), _always, _d_p_star),
    _StepSpec("player.9.water", _player(9), _always, _d_p_water),
    _StepSpec("player.10.reference", _player(10), _always, _d_p_reference
    ),
    _StepSpec("player.11.score", _player(11), _always, _d_p_score),
    _StepSpec("player.12.contract", _player(12), _always, _d_p_contract
    ),
    _StepSpec("player.13.manager", _player(13), _always, _d_p_manager),
    _StepSpec("player.14.wood", _player(14), _always, _d_p_wood),
    _StepSpec("player.15.first", _player(15), _always, _d_p_first),
    _StepSpec("player.16.resources", _player(16) + cite(_S1, _C.ASYMMETRIC_SETUP), _always,
        _d_p_coins,
    ),
    _StepSpec("player.gf_van", _GF_SETUP, _infestation, _d_gf_van),
    _StepSpec("player.17.round_token", _player(17), _always, _d_p_round
    ),
    _StepSpec("player.18.harvesters", _player(18), _always, _d_p_harvesters
    ),
)


def _title(spec: _StepSpec, d: _Dealt) -> Msg:
    if spec.id == "player.16.resources" and d.options.asymmetric:
        return msg(title_code("player.16.asymmetric"))
    return msg(title_code(spec.id))


def deal(options: ForestryOptions, players: int, seed: int) -> SetupPlan:
    """Deal a Forestry setup: a pure function of ``(options, players, seed)``.

    Raises ``SetupOptionError`` (a ``ValueError``) for combinations that cannot
    be dealt: players outside 1–4, a negative seed, infestation solo, a
    technology side in the tutorial game, characters outside the advanced game.
    """
    validate(options, players, seed)
    d = _deal(options, players, seed)
    steps = tuple(
        SetupStep(spec.id, spec.source, _title(spec, d), spec.detail(d))
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


def _n(value: int, what: str, source: Citation | Uncited, param: str = "") -> Sourced:
    return Sourced(value, what, source, param)


_SPAWN_CARDS = cite(_S0, _C.REPLENISH_FORESTERS) + _setup(3)
_GF = cite(_S1, _C.COMPONENTS)
S = StepCode
_DOUBLE = _n(2, "hexes of a double space", cite(_S2, _C.GAME_BOARD))
#: Round tokens (002 ラウンドトークン): 1 of a resource or card, 2 coins, or 1 coin and a
#: harvest token turned; the resource and card tokens carry no coins (0).
_ROUND_TOKEN_NUMBERS = (
    _n(1, "coin, resource or card", cite(_S2, _C.ROUND_TOKENS)),
    *(_n(v, "coins on the token", cite(_S2, _C.ROUND_TOKENS), "coins") for v in (0, 1, 2)))

#: Every number each setup message states (the catalogue's words and the parameters
#: that are rule constants), with its source (``tests/app/test_l10n_numbers.py``).
#: Parameters that are deal outcomes (cards drawn, positions, player counts) are not
#: claims and are not listed.
STEP_NUMBERS: dict[str, tuple[Sourced, ...]] = {
    "step-outside": (_n(1, "lowest spawn card", _SPAWN_CARDS),),
    "step-reshuffled": (_n(15, "spawn cards", _SPAWN_CARDS),),
    "step-runs-one": (_n(3, "players", _setup(5) + _setup(10) + _setup(11)),
                      _n(1, "lowest card counted", _setup(5) + _setup(10) + _setup(11))),
    "step-runs-two": (_n(2, "players; twice", _setup(5) + _setup(10) + _setup(11)),
                      _n(1, "lowest card counted", _setup(5) + _setup(10) + _setup(11))),
    S.CONTRACTS: (_n(2, "contracts face up per area", _setup(2)),),
    S.SPAWN: (_n(15, "spawn cards", _SPAWN_CARDS), _n(1, "lowest card", _SPAWN_CARDS)),
    S.TASKS: (_n(1, "task card face up", _setup(4)),),
    S.SAWMILLS: (_n(9, "sawmill building tiles", _setup(5)),
                 _n(1, "lowest tile number", _setup(5))),
    S.PROCESSING: (_n(3, "sawmill buildings with processing", _setup(6)),),
    S.HQ: (_n(3, "HQ tiles in a set", _setup(7)),
           _n(1, "counted from the left", APP), _n(2, "counted from the left", APP)),
    S.HQ_SOLO: (_n(3, "HQ tiles in a set", _setup(7)),
                _n(1, "player (no set named)", NOT_PRINTED),
                _n(2, "counted from the left", APP)),
    S.HARVEST_TOKENS: (_n(15, "harvest tokens", _setup(8)),),
    S.CLEARINGS: (_n(9, "clearing tokens and spaces", _setup(10)),
                  _n(1, "lowest clearing space", _setup(10))),
    S.RIVERS: (_n(1, "lowest river space", _setup(11)),
               _n(8, "river spaces", _setup(11))),
    S.ROUND_TOKENS: (_n(1, "token turned up per round", cite(_S2, _C.ROUND_TOKENS)),
                     _n(10, "round tokens", _setup(12), "count"),
                     _n(9, "rounds in the advanced game", cite(_S2, _C.ADVANCED_GAME), "count")),
    S.ROUND_TOKENS_ADVANCED: (_n(1, "token left in the box (10 - 9)", cite(_S2, _C.ADVANCED_GAME)),
                              _n(9, "round tokens in the advanced game",
                                 _setup(12) + cite(_S2, _C.ADVANCED_GAME), "count"),),
    S.SUPPLY: (_n(5, "kinds of wood token (species)", cite(_S0, _C.FOREST_SPECIES)),),
    S.FORESTERS: (_n(15, "spawn cards", _SPAWN_CARDS),
                  _n(1, "forester token of each type", _setup(14))),
    S.GF_STORAGES: (_n(3, "detached storage tiles", _GF),
                    _n(1, "tile between each pair of HQ tiles", cite(_S1, _C.SETUP))),
    S.GF_SCORING: (_n(3, "detached scoring tokens left over (6 - 3)", _GF),),
    S.GF_REPRODUCTION: tuple(_n(v, "reproduction token space", cite(_S1, _C.SETUP))
                             for v in (4, 10, 18, 28)),
    S.GF_INFESTATION: (_n(21, "infested wood tokens", _GF), _n(3, "infestation cards", _GF),
                       _n(1, "token per space the card shows", cite(_S1, _C.SETUP))),
    S.GF_LOCATIONS: (_n(1, "location tile per area", cite(_S1, _C.SETUP)), _DOUBLE),
    S.CHARACTERS_HAND_OUT: (_n(1, "character each", cite(_S2, _C.ADVANCED_GAME)),),
    S.MONITORING: (_n(1, "data token per forest space", cite(_S2, _C.MONITORING_SPECIALIST)),),
    S.CHARACTERS_POOL: (_n(4, "base characters", cite(_S2, _C.CHARACTER_ABILITIES)),
                        _n(3, "Growing Forward characters", cite(_S1, _C.ADVANCED_CHARACTERS))),
    S.TRADE: (_n(5, "reward tokens", cite(_S2, _C.TRADE_SPECIALIST)),
              _n(1, "token per wood type", cite(_S2, _C.TRADE_SPECIALIST))),
    S.ECOLOGIST: (_n(15, "creature tokens", cite(_S2, _C.ECOLOGIST)),
                  _n(5, "creature tokens per colour", cite(_S2, _C.ECOLOGIST))),
    S.LOGISTICS: (_n(7, "player setup step (storage extension tiles)",
                     _player(7)),
                  _n(3, "rightmost storage spaces", cite(_S2, _C.LOGISTICS_MANAGER))),
    S.ROAD_MANAGER: (_n(3, "Forest Road Manager setup cards", _GF),
                     _n(9, "damaged road tiles", _GF),
                     _n(1, "card drawn; tile per highlighted border",
                        cite(_S1, _C.ROAD_MANAGER))),
    S.TECHNICIAN: (_n(9, "Technician tiles; sawmill building tiles", _GF),
                   _n(1, "tile per sawmill building", cite(_S1, _C.TECHNICIAN))),
    S.P_ACTION: (_n(3, "action track space", _player(2)),),
    S.P_BUILDINGS: (_n(6, "building tokens", _player(3)),),
    S.P_CUBES: (_n(1, "cube per space; water multiplier 1x", _player(4)),
                _n(3, "spaces (4a-4c)", _player(4))),
    S.P_BOARD: (_n(1, "colour each", _player(1)),),
    S.P_CONTRACT: (_n(1, "starting contract", _player(12)),),
    S.P_HARVESTERS: (_n(1, "harvester per space; a double space is one",
                        _player(18)), _DOUBLE),
    S.RIVERS_MEANDER_RESERVOIR: (_n(1, "the (one) other river space",
                                    _setup(11)),),
    S.ROUND_TOKENS_BY_HAND: (_n(1, "token fewer in the advanced game",
                                cite(_S2, _C.ADVANCED_GAME)),),
    S.P_SPARE: (_n(6, "remaining cubes", _player(5)),),
    S.P_STORAGE: (_n(3, "rightmost storage spaces", _player(7)),),
    S.P_STAR: (_n(2, "reward track space", _player(8)),),
    S.P_REFERENCE: (_n(2, "reference tiles", _player(10)),),
    S.P_SCORE: (_n(0, "score track space", _player(11)),
                _n(50, "the 50+ side", _player(11))),
    S.P_ASYMMETRIC: (_n(12, "asymmetric setup cards", _GF),
                     _n(2, "cards drawn", cite(_S1, _C.ASYMMETRIC_SETUP)),
                     _n(1, "card kept", cite(_S1, _C.ASYMMETRIC_SETUP))),
    S.P_COINS: (_n(1, "seedling", _player(16)),),
    S.P_SEAT_COINS: (*(_n(v, "coins by seat", _player(16), "coins")
                       for v in sorted(set(SEAT_COINS))),
                     _n(2, "seat ordinals (2nd-4th)", APP)),
    S.ROUND_TOKEN_NAME: _ROUND_TOKEN_NUMBERS,
    S.ROUND_TOKEN_EFFECT: _ROUND_TOKEN_NUMBERS,
    S.HQ_SET: (_n(1, "player (no set named)", NOT_PRINTED),),
    S.HQ_SIDE: (_n(1, "player (no side named)", NOT_PRINTED),),
    S.HQ_POSITIONS: (_n(1, "counted from the left", APP), _n(3, "counted from the left", APP)),
}

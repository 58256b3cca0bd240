"""Forest Guardians setup dealer: a pure function of (options, players, seed) (source 003).

The plan is an ordered checklist of physical steps. The rulebook identifies no
individual tile or card (only the animal species), so the steps describe what
to do with the components rather than naming ids. The only outcome the app
draws is the rangers of the advanced game (unless the players choose them);
every shuffle happens at the table.

With 2 players the removals come first, before any deck is shuffled or pile
built, so nobody has to search a shuffled deck (docs/rules-decisions.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.cite import Citation, Source, cite
from scoring.guardians.rules import (
    ANIMAL_CARDS,
    CUBES_PER_BOARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESOURCE_CARDS,
    STARTING_HAND,
    Ranger,
)
from scoring.message import ListCode, MessageCode, Msg, Refusal, Say, joined, msg, say_code

#: Every step cites the rulebook as a whole (003).
SOURCE: Citation = cite(Source.S003)
GAME_ID = "forest-guardians"


class GuardiansSetupCode(MessageCode):
    """Forest Guardians setups that cannot be dealt (``SetupError`` codes)."""

    CHOSEN_TWICE_EACH_RANGER_EXISTS_ONCE = "refusal-gsetup-chosen-twice-each-ranger-exists-once"
    EVERY_PLAYER_NEEDS_NAME = "refusal-gsetup-every-player-needs-name"
    FOREST_GUARDIANS_FOR_PLAYERS_NOT = "refusal-gsetup-forest-guardians-for-players-not"
    GIVE_NUMBER_PLAYERS_OR_LIST_NAMES = "refusal-gsetup-give-number-players-or-list-names"
    NAME_GIVEN_TWICE = "refusal-gsetup-name-given-twice"
    NOT_ONE_PLAYERS = "refusal-gsetup-not-one-players"
    NOT_RANGER = "refusal-gsetup-not-ranger"
    RANGERS_ARE_PLAYED_ONLY_IN_ADVANCED = "refusal-gsetup-rangers-are-played-only-in-advanced"


class SetupError(Refusal):
    """Options or players that cannot be dealt; the message says which and why."""


@dataclass(frozen=True, slots=True)
class GuardiansOptions:
    """Setup options: ``advanced`` plays ranger board side B with the rangers."""

    advanced: bool = False

    @property
    def board_side(self) -> str:
        return "B" if self.advanced else "A"


class GuardiansStep(MessageCode):
    """The sentences of the Forest Guardians setup checklist (words in the catalogues)."""

    TITLE = "gsetup-title"
    TWO_PLAYER_REMOVALS = "gsetup-two-player-removals"
    REMOVAL = "gsetup-removal"
    ANIMAL_TOKENS = "gsetup-animal-tokens"
    RESOURCE_DECK = "gsetup-resource-deck"
    ANIMAL_DECK = "gsetup-animal-deck"
    STARTING_TILE = "gsetup-starting-tile"
    TERRAIN_PILES = "gsetup-terrain-piles"
    STARTING_HANDS = "gsetup-starting-hands"
    START_PLAYER = "gsetup-start-player"
    RANGER_BOARDS = "gsetup-ranger-boards"
    RANGER_TOKENS = "gsetup-ranger-tokens"
    RANGER_LINE = "gsetup-ranger-line"
    RANGER_TITLE = "gsetup-ranger-title"


@dataclass(frozen=True, slots=True)
class SetupStep:
    """One checklist step; ``outcome`` lists what it removed or what the app dealt for it.

    ``title``, ``detail`` (messages read one after the other) and ``outcome``
    are codes with values; the catalogues word them (``app.l10n``).
    """

    id: str
    title: Msg
    detail: tuple[Msg, ...]
    outcome: tuple[Msg, ...] = ()
    source: Citation = SOURCE

    def to_json(self, say: Say = say_code) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "title": say(self.title),
                               "detail": say(joined(ListCode.SENTENCES, self.detail))}
        if self.outcome:
            out["outcome"] = [say(m) for m in self.outcome]
        return out


@dataclass(frozen=True, slots=True)
class Removal:
    """Components returned to the box; ``count`` is None when the rulebook says "all".

    ``what`` names them with their count (a message: ``gsetup-removal`` selects on
    the id; count 0 leaves the count out).
    """

    id: str
    count: int | None
    source: Citation = SOURCE

    @property
    def what(self) -> Msg:
        return msg(GuardiansStep.REMOVAL, id=self.id, count=self.count or 0)

    def to_json(self, say: Say = say_code) -> dict[str, Any]:
        uncounted = msg(GuardiansStep.REMOVAL, id=self.id, count=0)
        return {"id": self.id, "what": say(uncounted), "count": self.count}


@dataclass(frozen=True, slots=True)
class RangerDeal:
    """Which ranger a player plays, and whether they chose it or the app dealt it."""

    player: str
    ranger: Ranger
    chosen: bool

    def to_json(self, say: Say = say_code) -> dict[str, Any]:
        return {
            "player": self.player,
            "ranger": self.ranger.value,
            "title": say(msg(GuardiansStep.RANGER_TITLE, ranger=self.ranger.value)),
            "chosen": self.chosen,
        }


#: What a 2-player game leaves in the box (003 "Special Setup for 2 Players").
TWO_PLAYER_REMOVALS: tuple[Removal, ...] = (
    Removal("high_altitude_tiles", 4),
    Removal("low_altitude_tiles", None),
    Removal("common_pheasant_cards", 2),
    Removal("common_pheasant_tokens", 2),
)


@dataclass(frozen=True, slots=True)
class GuardiansSetupPlan:
    """A dealt setup: the checklist and what it removed and dealt."""

    seed: int
    players: tuple[str, ...]
    options: GuardiansOptions
    steps: tuple[SetupStep, ...]
    removed: tuple[Removal, ...]
    rangers: tuple[RangerDeal, ...]

    def ranger_of(self, player: str) -> Ranger | None:
        for d in self.rangers:
            if d.player == player:
                return d.ranger
        return None

    def to_json(self, say: Say = say_code) -> dict[str, Any]:
        """The ``--json`` output; ``say`` words the messages (the CLI passes English)."""
        return {
            "game": GAME_ID,
            "seed": self.seed,
            "players": list(self.players),
            "options": {"advanced": self.options.advanced},
            "board_side": self.options.board_side,
            "steps": [s.to_json(say) for s in self.steps],
            "removed": [r.to_json(say) for r in self.removed],
            "rangers": [d.to_json(say) for d in self.rangers],
        }

    def record_template(self) -> dict[str, Any]:
        """A record-v1 document for this table, every score field at 0, to fill in at the end."""
        return {
            "format": "forest-table/record",
            "version": 1,
            "game": GAME_ID,
            "seed": self.seed,
            "options": {"advanced": self.options.advanced},
            "players": [
                {
                    "name": name,
                    "ranger": r.value if (r := self.ranger_of(name)) is not None else None,
                    "tree_points": [0, 0, 0],
                    "animal_cards": [],
                    "animals_in_shelter": 0,
                    "fire_tokens": 0,
                    "calocedrus_on_mountains": 0,
                }
                for name in self.players
            ],
        }


def _player_names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        names: tuple[str, ...] = tuple(f"Player {i}" for i in range(1, players + 1))
        count = players
    elif isinstance(players, (str, bool)):
        raise SetupError(GuardiansSetupCode.GIVE_NUMBER_PLAYERS_OR_LIST_NAMES, field="players")
    else:
        names = tuple(players)
        count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise SetupError(
            GuardiansSetupCode.FOREST_GUARDIANS_FOR_PLAYERS_NOT,
            field="players",
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            count=count,
        )
    seen: set[str] = set()
    for n in names:
        key = n.strip().casefold()
        if not key:
            raise SetupError(GuardiansSetupCode.EVERY_PLAYER_NEEDS_NAME, field="players")
        if key in seen:
            raise SetupError(GuardiansSetupCode.NAME_GIVEN_TWICE, field="players", n=n)
        seen.add(key)
    return names


def _deal_rangers(
    names: tuple[str, ...],
    options: GuardiansOptions,
    chosen: Mapping[str, Ranger | str],
    rng: random.Random,
) -> tuple[RangerDeal, ...]:
    if not options.advanced:
        if chosen:
            raise SetupError(
                GuardiansSetupCode.RANGERS_ARE_PLAYED_ONLY_IN_ADVANCED,
                field="rangers",
            )
        return ()
    picked: dict[str, Ranger] = {}
    for player, value in chosen.items():
        if player not in names:
            raise SetupError(GuardiansSetupCode.NOT_ONE_PLAYERS, field="rangers", player=player)
        try:
            ranger = Ranger(value)
        except ValueError:
            ids = ", ".join(r.value for r in Ranger)
            raise SetupError(GuardiansSetupCode.NOT_RANGER, field="rangers", value=value,
                             ids=ids) from None
        if ranger in picked.values():
            raise SetupError(
                GuardiansSetupCode.CHOSEN_TWICE_EACH_RANGER_EXISTS_ONCE,
                field="rangers",
                value=msg(f"ranger-{ranger.value}"),
            )
        picked[player] = ranger
    pool = [r for r in Ranger if r not in picked.values()]
    rng.shuffle(pool)
    deals: list[RangerDeal] = []
    for name in names:
        if name in picked:
            deals.append(RangerDeal(name, picked[name], True))
        else:
            deals.append(RangerDeal(name, pool.pop(0), False))
    return tuple(deals)


def deal(
    options: GuardiansOptions,
    players: int | Sequence[str],
    seed: int,
    *,
    rangers: Mapping[str, Ranger | str] | None = None,
    rng: random.Random | None = None,
) -> GuardiansSetupPlan:
    """Deal a Forest Guardians setup.

    ``players`` is a count (named "Player 1", ...) or the names in seat order.
    ``rangers`` maps players who choose their ranger to it (advanced game);
    the others are dealt one at random from the rest. ``rng`` defaults to
    ``random.Random(seed)``: the same seed deals the same plan.

    >>> plan = deal(GuardiansOptions(advanced=True), ["Mei", "Ken"], 7)
    >>> [s.id for s in plan.steps][:2]
    ['two_player_removals', 'animal_tokens']
    """
    names = _player_names(players)
    rand = rng if rng is not None else random.Random(seed)
    dealt = _deal_rangers(names, options, dict(rangers or {}), rand)
    two = len(names) == 2
    removed = TWO_PLAYER_REMOVALS if two else ()
    steps = _steps(options, dealt, two)
    return GuardiansSetupPlan(seed, names, options, steps, removed, dealt)


def _steps(
    options: GuardiansOptions,
    dealt: tuple[RangerDeal, ...],
    two: bool,
) -> tuple[SetupStep, ...]:
    animals = ANIMAL_CARDS - 2 if two else ANIMAL_CARDS
    G = GuardiansStep
    steps: list[SetupStep] = []
    if two:
        steps.append(_step("two_player_removals", (msg(G.TWO_PLAYER_REMOVALS),),
                           tuple(r.what for r in TWO_PLAYER_REMOVALS)))
    steps += [
        _step("animal_tokens", (msg(G.ANIMAL_TOKENS, count=animals),)),
        _step("resource_deck", (msg(G.RESOURCE_DECK, count=RESOURCE_CARDS),)),
        _step("animal_deck", (msg(G.ANIMAL_DECK, count=animals),)),
        _step("starting_tile", (msg(G.STARTING_TILE),)),
        _step("terrain_piles", (msg(G.TERRAIN_PILES, two=two),)),
        _step("starting_hands", (msg(G.STARTING_HANDS, count=STARTING_HAND),)),
        _board_step(options, dealt),
        _step("start_player", (msg(G.START_PLAYER),)),
    ]
    return tuple(steps)


def _step(step_id: str, detail: tuple[Msg, ...], outcome: tuple[Msg, ...] = (),
          title: str | None = None) -> SetupStep:
    return SetupStep(step_id, msg(GuardiansStep.TITLE, step=title or step_id), detail, outcome)


def _board_step(options: GuardiansOptions, dealt: tuple[RangerDeal, ...]) -> SetupStep:
    common = msg(GuardiansStep.RANGER_BOARDS, side=options.board_side, advanced=options.advanced,
                 cubes=CUBES_PER_BOARD)
    if not options.advanced:
        return _step("ranger_boards", (common,))
    lines = tuple(msg(GuardiansStep.RANGER_LINE, player=d.player, ranger=d.ranger.value,
                      chosen=d.chosen) for d in dealt)
    return _step("ranger_boards", (common, msg(GuardiansStep.RANGER_TOKENS)), lines,
                 title="ranger_boards_and_rangers")

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
from dataclasses import dataclass, replace
from typing import Any

from scoring.guardians.rules import (
    ANIMAL_CARDS,
    CUBES_PER_BOARD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RANGERS,
    RESOURCE_CARDS,
    STARTING_HAND,
    Ranger,
)

SOURCE = "003"
GAME_ID = "forest-guardians"


class SetupError(ValueError):
    """Options or players that cannot be dealt; the message says which and why."""


@dataclass(frozen=True, slots=True)
class GuardiansOptions:
    """Setup options: ``advanced`` plays ranger board side B with the rangers."""

    advanced: bool = False

    @property
    def board_side(self) -> str:
        return "B" if self.advanced else "A"


@dataclass(frozen=True, slots=True)
class SetupStep:
    """One checklist step; ``outcome`` lists what it removed or what the app dealt for it."""

    id: str
    title: str
    detail: str
    outcome: tuple[str, ...] = ()
    source: str = SOURCE
    #: The same step in Japanese (``setup.texts_ja.guardians_texts``); not in the JSON.
    title_ja: str = ""
    detail_ja: str = ""
    outcome_ja: tuple[str, ...] = ()

    def text(self, lang: str) -> tuple[str, str]:
        """``(title, detail)`` in ``lang`` ("en" or "ja"); English for any other language."""
        if lang == "ja" and self.detail_ja:
            return self.title_ja, self.detail_ja
        return self.title, self.detail

    def outcome_in(self, lang: str) -> tuple[str, ...]:
        """``outcome`` in ``lang`` ("en" or "ja")."""
        return self.outcome_ja if lang == "ja" and self.detail_ja else self.outcome

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "title": self.title, "detail": self.detail}
        if self.outcome:
            out["outcome"] = list(self.outcome)
        return out


@dataclass(frozen=True, slots=True)
class Removal:
    """Components returned to the box; ``count`` is None when the rulebook says "all"."""

    id: str
    what: str
    count: int | None
    source: str = SOURCE

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "what": self.what, "count": self.count}


@dataclass(frozen=True, slots=True)
class RangerDeal:
    """Which ranger a player plays, and whether they chose it or the app dealt it."""

    player: str
    ranger: Ranger
    chosen: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "ranger": self.ranger.value,
            "title": RANGERS[self.ranger].title,
            "chosen": self.chosen,
        }


#: What a 2-player game leaves in the box (003 "Special Setup for 2 Players").
TWO_PLAYER_REMOVALS: tuple[Removal, ...] = (
    Removal("high_altitude_tiles", "regular high-altitude (I) terrain tiles", 4),
    Removal("low_altitude_tiles", "all low-altitude (III) terrain tiles", None),
    Removal("common_pheasant_cards", "Common Pheasant animal cards", 2),
    Removal("common_pheasant_tokens", "Common Pheasant animal tokens", 2),
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

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "seed": self.seed,
            "players": list(self.players),
            "options": {"advanced": self.options.advanced},
            "board_side": self.options.board_side,
            "steps": [s.to_json() for s in self.steps],
            "removed": [r.to_json() for r in self.removed],
            "rangers": [d.to_json() for d in self.rangers],
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
        raise SetupError("players: give a number of players or a list of names")
    else:
        names = tuple(players)
        count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise SetupError(
            f"players: Forest Guardians is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {count}"
        )
    seen: set[str] = set()
    for n in names:
        key = n.strip().casefold()
        if not key:
            raise SetupError("players: every player needs a name")
        if key in seen:
            raise SetupError(f"players: the name {n!r} is given twice")
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
            raise SetupError("rangers: rangers are played only in the advanced game")
        return ()
    picked: dict[str, Ranger] = {}
    for player, value in chosen.items():
        if player not in names:
            raise SetupError(f"rangers: {player!r} is not one of the players")
        try:
            ranger = Ranger(value)
        except ValueError:
            ids = ", ".join(r.value for r in Ranger)
            raise SetupError(f"rangers: {value!r} is not a ranger ({ids})") from None
        if ranger in picked.values():
            raise SetupError(f"rangers: {ranger.value} is chosen twice; each ranger exists once")
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
    steps: list[SetupStep] = []
    if two:
        steps.append(
            SetupStep(
                "two_player_removals",
                "2 players: return components to the box",
                "Before anything else, put back in the box: 4 regular high-altitude (I) terrain "
                "tiles taken at random among the non-special ones (no mountain or lake), every "
                "low-altitude (III) terrain tile, and both Common Pheasant sets (its 2 animal "
                "cards and 2 animal tokens). They are not used this game.",
                tuple(_removal_line(r) for r in TWO_PLAYER_REMOVALS),
            )
        )
    steps += [
        SetupStep(
            "animal_tokens",
            "Animal tokens",
            f"Put all {animals} animal tokens on the table, next to the play area.",
        ),
        SetupStep(
            "resource_deck",
            "Resource deck",
            f"Shuffle the {RESOURCE_CARDS} resource cards and place them face down as the draw "
            "deck.",
        ),
        SetupStep(
            "animal_deck",
            "Animal deck",
            f"Sort the {animals} animal cards into 2 piles by the symbol on their backs. Shuffle "
            "each pile on its own, then stack them face down with the pile showing the marked "
            "symbol on top.",
        ),
        SetupStep(
            "starting_tile",
            "Starting tile and Illegal Logger",
            "Place the starting tile face up in the middle of the table and stand the Illegal "
            "Logger on his base.",
        ),
        SetupStep(
            "terrain_piles",
            "Terrain piles",
            "Sort the terrain tiles by the altitude on their backs, shuffle each pile face down "
            "and line them up from high to low: "
            + ("I then II (no III pile with 2 players)." if two else "I, then II, then III.")
            + " Tiles are always drawn from the highest pile that still has tiles.",
        ),
        SetupStep(
            "starting_hands",
            "Starting hands",
            f"Each player draws {STARTING_HAND} resource cards (the starting hand limit).",
        ),
        _board_step(options, dealt),
        SetupStep(
            "start_player",
            "Start player",
            "The youngest player starts; play goes clockwise. Record the players in seat order "
            "from the start player.",
        ),
    ]
    return tuple(_with_japanese(s, options, dealt, two) for s in steps)


def _with_japanese(
    step: SetupStep, options: GuardiansOptions, dealt: tuple[RangerDeal, ...], two: bool
) -> SetupStep:
    from setup.texts_ja import guardians_texts

    title, detail, outcome = guardians_texts(step.id, options, dealt, two)
    return replace(step, title_ja=title, detail_ja=detail, outcome_ja=outcome)


def _removal_line(r: Removal) -> str:
    return r.what if r.count is None else f"{r.count} {r.what}"


def _board_step(options: GuardiansOptions, dealt: tuple[RangerDeal, ...]) -> SetupStep:
    common = (
        f"Each player takes a ranger board, side {options.board_side} up "
        f"({'advanced' if options.advanced else 'basic'} game), lays a tree of their colour on "
        f"every number of the three tree rows and puts the {CUBES_PER_BOARD} wooden upgrade cubes "
        "on their spots."
    )
    if not options.advanced:
        return SetupStep("ranger_boards", "Ranger boards", common)
    detail = (
        common + " Each player also takes the ranger token of their ranger and keeps it next to "
        "the board (it is sent out with the Send Your Ranger action)."
    )
    lines = tuple(
        f"{d.player}: {d.ranger.value.title()}, {RANGERS[d.ranger].title}"
        f" ({'chosen' if d.chosen else 'dealt'}) - {RANGERS[d.ranger].bonus}"
        for d in dealt
    )
    return SetupStep("ranger_boards", "Ranger boards and rangers", detail, lines)

"""Forestry end-game scoring (002 "end of game and scoring", 001 detached storages).

One small pure function per category and a table of categories
(:data:`CATEGORIES`); :func:`score_forestry` turns a
:class:`~scoring.forestry.model.ForestryGame` into a
:class:`~scoring.sheet.ScoreSheet`. Printed values come from
:mod:`scoring.printed`; an unknown one becomes a need and the category that
depends on it is left out of the total (``complete`` is then false).

Two-category contracts are assigned, per player, for the most VP over every category
the assignment touches (water, task cards, unused resources, the detached storage
ranking task cards), then the most task cards fulfilled, unless the record sets
``chosen`` (:func:`choose_assignments`).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring.forestry.enums import (
    Area,
    Category,
    Character,
    ContractCategory,
    DetachedCriterion,
    ForesterType,
    Mode,
    RiverSymbol,
)
from scoring.forestry.model import (
    ContractTask,
    ForestBuildingTask,
    ForesterTask,
    ForestryGame,
    ForestryPlayer,
    RiverTokenTask,
    SawmillUpgradeTask,
    SeedlingsTask,
    buildings_used,
    contracts_fulfilled,
    forester_tokens_of,
    forester_tokens_on_table,
    forester_tokens_total,
    seedlings_on_table,
    seedlings_planted,
    unlocked_storage_spaces,
    water_multiplier,
)
from scoring.message import ListCode, MessageCode, Msg, joined, msg
from scoring.placing import shared_ranks, split_spread
from scoring.printed import (
    BUILDINGS_VP,
    DETACHED_ALL_TIED,
    DETACHED_LEAST,
    DETACHED_MOST,
    DETACHED_SECOND,
    DETACHED_TIED_BELOW_TOP,
    FOREST_WORKER_BUILDINGS_VP,
    FORESTER_MAJORITY,
    TASKS_VP,
    TECHNICIAN_VP,
    Found,
    lookup_count,
    lookup_top_tie,
    need_order,
)
from scoring.sheet import Need, PlayerScore, ScoreSheet

Confirmed = Mapping[str, Mapping[str, Any]]
#: A category result: VP, or the needs that keep it out of the total.
Outcome = int | tuple[Need, ...]

#: Seedlings a reforestation column needs to fulfil a seedlings task card (002 task list).
SEEDLINGS_PER_TASK = 2
#: Forester tokens / seedlings per river-token symbol (002 token list).
TOKENS_PER_PAIR = 2
#: Unused resources per VP (002 end-game scoring, category 5).
RESOURCES_PER_VP = 3


# --------------------------------------------------------------------------- symbols and tasks


def category_counts(categories: Sequence[ContractCategory]) -> Counter[ContractCategory]:
    """Fulfilled contracts per category for one assignment of the contracts."""
    return Counter(categories)


def river_symbols(player: ForestryPlayer, symbol: RiverSymbol,
                  counts: Mapping[ContractCategory, int]) -> int:
    """Matching symbols for one river token (002 token list; RULES §2.5 item 2).

    Forester tokens and seedlings count in pairs and only on their tables
    (tokens below the reforestation table are not on a table).
    """
    if symbol is RiverSymbol.SAWMILL_UPGRADE:
        return len(player.buildings.sawmill)
    if symbol is RiverSymbol.FOREST_BUILDING:
        return player.buildings.forest
    if symbol is RiverSymbol.FORESTER_PAIR:
        return forester_tokens_on_table(player) // TOKENS_PER_PAIR
    if symbol is RiverSymbol.SEEDLING_PAIR:
        return seedlings_on_table(player) // TOKENS_PER_PAIR
    return counts.get(ContractCategory(symbol.value), 0)


#: A task card requirement: what kind of item, and which one (category, area, type).
Requirement = tuple[str, object]


def task_items(player: ForestryPlayer, counts: Mapping[ContractCategory, int]
               ) -> dict[Requirement, int]:
    """How many task cards of each requirement the player's items can fulfil.

    Every item serves only task cards of its own requirement (a furniture
    contract only furniture contract tasks, a thinning token only thinning
    tasks, ...), and each item fulfils at most one card.
    """
    items: dict[Requirement, int] = {}
    for cat in ContractCategory:
        items[("contract", cat)] = counts.get(cat, 0)
    for area in Area:
        # a column fulfils at most one seedlings task (it holds 3 seedlings at most)
        items[("seedlings", area)] = int(
            player.reforestation_table.of(area) >= SEEDLINGS_PER_TASK)
        items[("sawmill_upgrade", area)] = player.buildings.sawmill.count(area)
    for kind in ForesterType:
        items[("forester", kind)] = forester_tokens_of(player, kind)
    items[("river_token", None)] = len(player.river_tokens)
    return items


def task_requirement(task: object) -> Requirement:
    """The item kind a task card needs (forest building cards are confirmed per card)."""
    if isinstance(task, ContractTask):
        return ("contract", task.category)
    if isinstance(task, SeedlingsTask):
        return ("seedlings", task.area)
    if isinstance(task, ForesterTask):
        return ("forester", task.type)
    if isinstance(task, SawmillUpgradeTask):
        return ("sawmill_upgrade", task.area)
    if isinstance(task, RiverTokenTask):
        return ("river_token", None)
    raise TypeError(f"not an item task card: {task!r}")


def _task_counter(player: ForestryPlayer) -> Callable[[Mapping[ContractCategory, int]], int]:
    """``counts -> task cards fulfilled`` for one player (the parts that do not
    depend on the contract assignment are worked out once)."""
    items = task_items(player, {})
    wanted: Counter[Requirement] = Counter()
    for task in player.task_cards:
        if not isinstance(task, ForestBuildingTask):
            wanted[task_requirement(task)] += 1
    fixed = forest_building_tasks_met(player) + sum(
        min(n, items[kind]) for kind, n in wanted.items() if kind[0] != "contract")
    contract_tasks = Counter(t.category for t in player.task_cards
                             if isinstance(t, ContractTask))

    def count(counts: Mapping[ContractCategory, int]) -> int:
        return fixed + sum(min(n, counts.get(cat, 0)) for cat, n in contract_tasks.items())

    return count


def forest_building_tasks_met(player: ForestryPlayer) -> int:
    """Forest building task cards that count: those marked met, at most one per forest
    building the player built (002 task list: "a forest building built next to the given
    harvest token" needs a forest building; one item fulfils one task card, as two
    accessory task cards need two accessory contracts). The map is not modelled, so which
    building stands next to which harvest token is the player's ``met``."""
    marked = sum(1 for t in player.task_cards if isinstance(t, ForestBuildingTask) and t.met)
    return min(marked, player.buildings.forest)


def tasks_fulfilled(player: ForestryPlayer, counts: Mapping[ContractCategory, int]) -> int:
    """Task cards fulfilled: the maximum matching of task cards to items.

    The bipartite graph is a disjoint union of complete graphs (one per
    requirement), so the maximum matching is, per requirement,
    ``min(cards, items)``; forest building cards count when ``met``, at most one per
    forest building (:func:`forest_building_tasks_met`).
    """
    return _task_counter(player)(counts)


# --------------------------------------------------------------------------- contract assignment


def resources_vp(player: ForestryPlayer, tasks_fulfilled: int) -> int:
    """Unused resources VP (002 end-game scoring 5): materials + seedlings + temp workers +
    coins + unfulfilled task cards (each counts as a resource), per 3."""
    r = player.resources
    unfulfilled = len(player.task_cards) - tasks_fulfilled
    total = r.construction_materials + r.seedlings + r.temp_workers + r.coins + unfulfilled
    return total // RESOURCES_PER_VP


@dataclass(frozen=True, slots=True)
class Assignment:
    """One way to count a player's contracts: a category per contract, in record order,
    and what it gives: water VP, task cards fulfilled and unused-resources VP."""

    categories: tuple[ContractCategory, ...]
    water: int
    tasks_fulfilled: int
    resources: int = 0


def possible_assignments(player: ForestryPlayer) -> list[Assignment]:
    """Every distinct assignment of the two-category contracts (``chosen`` honoured), in
    record order: the first one is the one the record lists first.

    Contracts with the same two categories are interchangeable, so only how many of
    them go to each side matters. Each such split is represented by the assignment that
    comes first in record order (:func:`_first_in_record_order`), and the splits are
    listed in that order: compared contract by contract as the record lists them, a
    contract counting for the category its card lists first comes first. So the first
    of equally good assignments (``max`` keeps the first) is the first in record order
    (docs/rules-decisions.md, two-category contracts).
    """
    fixed: list[ContractCategory | None] = []
    groups: dict[tuple[ContractCategory, ContractCategory], list[int]] = {}
    order = list(ContractCategory)
    for i, contract in enumerate(player.contracts):
        if len(contract.categories) == 1:
            fixed.append(contract.categories[0])
        elif contract.chosen is not None:
            fixed.append(contract.chosen)
        else:
            a, b = sorted(contract.categories, key=order.index)
            groups.setdefault((a, b), []).append(i)
            fixed.append(None)
    keys = list(groups)
    count_tasks = _task_counter(player)
    mult = water_multiplier(player)
    ranked: list[tuple[tuple[int, ...], Assignment]] = []
    for split in itertools.product(*(range(len(groups[k]) + 1) for k in keys)):
        cats = list(fixed)
        for (a, b), first in zip(keys, split, strict=True):
            _first_in_record_order(player, groups[(a, b)], a, first, cats)
        final = tuple(c for c in cats if c is not None)
        counts = category_counts(final)
        water = sum(mult * river_symbols(player, token, counts)
                    for token in player.river_tokens)
        fulfilled = count_tasks(counts)
        place = tuple(player.contracts[i].categories.index(final[i])
                      for i, c in enumerate(fixed) if c is None)
        ranked.append((place, Assignment(final, water, fulfilled,
                                         resources_vp(player, fulfilled))))
    ranked.sort(key=lambda item: item[0])
    return [a for _, a in ranked]


def _first_in_record_order(player: ForestryPlayer, group: Sequence[int],
                           a: ContractCategory, first: int,
                           cats: list[ContractCategory | None]) -> None:
    """Give ``first`` of the interchangeable contracts ``group`` (indices, in record
    order) category ``a`` and the rest the other one, the way that comes first in record
    order: each contract in turn takes the category its card lists first while that
    category still has places left."""
    (b,) = (c for c in player.contracts[group[0]].categories if c is not a)
    left = {a: first, b: len(group) - first}
    for idx in group:
        listed = player.contracts[idx].categories
        take = listed[0] if left[listed[0]] else listed[1]
        left[take] -= 1
        cats[idx] = take


@dataclass(frozen=True, slots=True)
class Choice:
    """The assignment used for a player, or the needs that keep it undecided."""

    assignment: Assignment | None
    needs: tuple[Need, ...] = ()
    task_vp: Found | Need | None = None
    alternatives: int = 1


#: The VP of an assignment that do not come from the task-card row (all known): water,
#: unused resources and, where the choices interact, the detached storage ranking task cards.
OtherVP = Callable[[Assignment], int]


def own_vp(a: Assignment) -> int:
    """Water + unused-resources VP of an assignment (what it changes besides task VP)."""
    return a.water + a.resources


def best_assignment(options: Sequence[Assignment], task_vp: Callable[[int], Found | Need],
                    other: OtherVP = own_vp) -> Assignment | Need:
    """The assignment with the most VP over everything it changes (``other`` + task VP),
    then the most task cards fulfilled (002's last tie-breaker; seedlings planted and
    contracts fulfilled do not depend on it), then the first in ``options``.

    An unknown task VP is bounded (:func:`settle_with_bounds`); the one value that could
    change the choice is returned as a need instead of a guess.
    """
    counts = {a.tasks_fulfilled for a in options}
    if len(counts) == 1:  # the task VP is the same for all: it cannot change the choice
        return max(options, key=other)  # first of equals: stable
    vps = {n: task_vp(n) for n in sorted(counts)}
    if any(isinstance(v, Need) for v in vps.values()):
        return settle_with_bounds(options, vps, task_vp, other)
    known = {n: v.value for n, v in vps.items() if isinstance(v, Found)}

    def value(a: Assignment) -> tuple[int, int]:
        vp = known[a.tasks_fulfilled]
        assert isinstance(vp, int)
        return (other(a) + vp, a.tasks_fulfilled)

    return max(options, key=value)


def _decided(player_options: Sequence[Assignment], best: Assignment,
             task_vp: Callable[[int], Found | Need]) -> Choice:
    return Choice(best, (), task_vp(best.tasks_fulfilled), len(player_options))


def choose_assignment(player: ForestryPlayer, task_vp: Callable[[int], Found | Need],
                      other: OtherVP = own_vp) -> Choice:
    """One player's assignment by :func:`best_assignment` (no detached ranks involved)."""
    options = possible_assignments(player)
    best = best_assignment(options, task_vp, other)
    if isinstance(best, Need):
        return Choice(None, (best,), None, len(options))
    return _decided(options, best, task_vp)


#: Rounds of best replies before the fallback (docs/rules-decisions.md).
MAX_REPLY_ROUNDS = 10


@dataclass(frozen=True, slots=True)
class Settlement:
    """How the assignments were settled, for the breakdown.

    ``ranked``: a detached storage ranks task cards fulfilled and at least one player's
    choice changes their count, so the players' choices depend on each other. ``rounds``:
    rounds of best replies in seat order until a round changed nothing. ``fallback``: no
    such round within :data:`MAX_REPLY_ROUNDS`; each player's best choice without that
    storage is used.
    """

    ranked: bool = False
    rounds: int = 0
    fallback: bool = False
    #: The players whose choice changes their task cards fulfilled (seat indices).
    in_play: tuple[int, ...] = ()
    #: The other stable outcomes (issue 35): task cards fulfilled per player of
    #: ``in_play``, one tuple per outcome in which every player's choice is a best reply
    #: to the others' too (:func:`stable_outcomes`); empty when the settled one is alone.
    others: tuple[tuple[int, ...], ...] = ()


def task_criterion_spread(game: ForestryGame, spreads: Sequence[tuple[int, ...] | Need] | None
                          ) -> tuple[int, ...] | Need | None:
    """The spread of the detached storage ranking task cards fulfilled, if one does."""
    if spreads is None:
        return None
    for storage, spread in zip(game.detached_storages, spreads, strict=True):
        if storage.criterion is DetachedCriterion.MOST_TASK_CARDS_FULFILLED:
            return spread
    return None


def choose_assignments(game: ForestryGame, task_vp: Callable[[int], Found | Need],
                       spreads: Sequence[tuple[int, ...] | Need] | None = None
                       ) -> tuple[list[Choice], Settlement]:
    """Every player's assignment: the most VP for that player over every category it
    touches (water, task cards, unused resources, the detached storage ranking task
    cards), then the most task cards fulfilled (docs/rules-decisions.md).

    Without a detached storage ranking task cards, each player's choice is their own. With
    one, a player's VP depend on the others' counts: each player first takes their best
    choice without that storage; then, in seat order, each takes their best reply to the
    others' current choices (keeping theirs when nothing is better) until a whole round
    changes nothing. No settled round within :data:`MAX_REPLY_ROUNDS`: the first choices
    stand. An undecided reply (a task VP to ask) leaves every player whose count can
    change undecided.
    """
    players = game.players
    options = [possible_assignments(p) for p in players]
    start = [best_assignment(o, task_vp) for o in options]
    in_play = [i for i, o in enumerate(options) if len({a.tasks_fulfilled for a in o}) > 1]
    spread = task_criterion_spread(game, spreads)

    def result(profile: Sequence[Assignment | Need], undecided: tuple[Need, ...] = ()
               ) -> list[Choice]:
        out: list[Choice] = []
        for i, (o, got) in enumerate(zip(options, profile, strict=True)):
            if isinstance(got, Need):
                out.append(Choice(None, (got,), None, len(o)))
            elif undecided and i in in_play:
                out.append(Choice(None, undecided, None, len(o)))
            else:
                out.append(_decided(o, got, task_vp))
        return out

    if spread is None or not in_play:
        return result(start), Settlement()
    if isinstance(spread, Need):  # the detached category asks for it anyway
        return result(start, (spread,)), Settlement(ranked=True)
    waiting = tuple(dict.fromkeys(s for i, s in enumerate(start)
                                  if isinstance(s, Need) and i in in_play))
    if waiting:
        return result(start, waiting), Settlement(ranked=True)
    current = [s for s in start if isinstance(s, Assignment)]
    for rounds in range(1, MAX_REPLY_ROUNDS + 1):
        changed = False
        for i in in_play:
            counts = [a.tasks_fulfilled for a in current]

            def other(a: Assignment, i: int = i, counts: list[int] = counts) -> int:
                ranked = list(counts)
                ranked[i] = a.tasks_fulfilled
                return own_vp(a) + split_spread(ranked, spread)[i]

            mine = current[i]
            ordered = [mine, *(a for a in options[i] if a is not mine)]
            reply = best_assignment(ordered, task_vp, other)
            if isinstance(reply, Need):
                return result(current, (reply,)), Settlement(ranked=True, rounds=rounds)
            if reply is not mine:
                current[i] = reply
                changed = True
        if not changed:
            chosen = tuple(current[i].tasks_fulfilled for i in in_play)
            stable = stable_outcomes(options, current, in_play, spread, task_vp)
            others = tuple(o for o in stable if o != chosen)
            return result(current), Settlement(ranked=True, rounds=rounds,
                                               in_play=tuple(in_play), others=others)
    return result(start), Settlement(ranked=True, rounds=MAX_REPLY_ROUNDS, fallback=True)


#: Most profiles :func:`stable_outcomes` looks at (beyond: the check is not made).
MAX_STABLE_PROFILES = 4096


def stable_outcomes(options: Sequence[Sequence[Assignment]], current: Sequence[Assignment],
                    in_play: Sequence[int], spread: tuple[int, ...],
                    task_vp: Callable[[int], Found | Need]) -> list[tuple[int, ...]]:
    """Every stable outcome of the interdependent choices: task cards fulfilled per player
    of ``in_play`` such that no player has a better reply (on their VP, then task cards
    fulfilled, as :func:`best_assignment` judges) to the others' counts (issue 35).

    A player's VP depend on the others only through their counts (the detached rank), so
    per count only the player's best assignment at that count matters (the first in record
    order among equals), and a reply is a count: the task cards fulfilled are part of the
    comparison, so two counts never compare equal and the best reply is one count. A
    profile is stable when every player's count is their best reply to the others'. A
    reply that needs a task VP not known yet leaves its profiles out; so is the whole check
    beyond :data:`MAX_STABLE_PROFILES` profiles.
    """
    best_at: list[dict[int, Assignment]] = []
    for i in in_play:
        at: dict[int, Assignment] = {}
        for a in options[i]:
            if a.tasks_fulfilled not in at or own_vp(a) > own_vp(at[a.tasks_fulfilled]):
                at[a.tasks_fulfilled] = a
        best_at.append(at)
    if len(in_play) < 2 or math.prod(len(at) for at in best_at) > MAX_STABLE_PROFILES:
        return []  # one player in play: their best reply is the one outcome
    replies = [_BestReply(i, at, spread, task_vp) for i, at in zip(in_play, best_at,
                                                                    strict=True)]
    counts = [a.tasks_fulfilled for a in current]
    *firsts, last = in_play
    out: list[tuple[int, ...]] = []
    for head in itertools.product(*(sorted(at) for at in best_at[:-1])):
        for i, n in zip(firsts, head, strict=True):
            counts[i] = n
        tail = replies[-1].to(counts)  # the last player's count is their reply, if any
        if tail is None:
            continue
        counts[last] = tail
        if all(reply.to(counts) == n for reply, n in zip(replies, head, strict=False)):
            out.append((*head, tail))
    return out


class _BestReply:
    """One player's best reply (a count of task cards fulfilled, or None: it needs a task
    VP not known yet) to the others' counts, remembered per profile of the others."""

    def __init__(self, i: int, at: Mapping[int, Assignment], spread: tuple[int, ...],
                 task_vp: Callable[[int], Found | Need]) -> None:
        self.i, self.at, self.spread, self.task_vp = i, at, spread, task_vp
        found = {n: task_vp(n) for n in at}
        #: own VP + task VP per count when every task VP is known (else the bounds decide)
        self.known: dict[int, int] | None = {
            n: own_vp(a) + int(f.value) for n, a in at.items()
            if isinstance(f := found[n], Found) and isinstance(f.value, int)}
        if len(self.known) < len(at):
            self.known = None
        self.seen: dict[tuple[int, ...], int | None] = {}
        self.points: dict[tuple[int, int], int] = {}

    def _points(self, better: int, tied: int) -> int:
        """The spread's points for ``tied`` players sharing the places after ``better``
        (:func:`scoring.placing.split_spread`)."""
        key = (better, tied)
        if key not in self.points:
            self.points[key] = sum(self.spread[p] for p in range(better, better + tied)
                                   if p < len(self.spread)) // tied
        return self.points[key]

    def to(self, counts: Sequence[int]) -> int | None:
        others = tuple(c for j, c in enumerate(counts) if j != self.i)
        if others in self.seen:
            return self.seen[others]
        reply: int | None
        known = self.known
        if known is not None:
            reply = max(known, key=lambda n: (
                known[n] + self._points(sum(1 for o in others if o > n),
                                        1 + sum(1 for o in others if o == n)), n))
        else:
            def other(a: Assignment) -> int:
                ranked = list(counts)
                ranked[self.i] = a.tasks_fulfilled
                return own_vp(a) + split_spread(ranked, self.spread)[self.i]

            best = best_assignment(list(self.at.values()), self.task_vp, other)
            reply = None if isinstance(best, Need) else best.tasks_fulfilled
        self.seen[others] = reply
        return reply


#: Counts above the highest candidate looked up for an upper bound (a task tile row).
MAX_TASK_LOOKAHEAD = 16


def vp_bounds(n: int, known: Mapping[int, int]) -> tuple[int, int | None]:
    """Bounds on the unknown task VP for ``n`` fulfilled cards: RULES.md decision "tracks
    never fall" (more fulfilled cards never pay less), so it lies between its known
    neighbours. ``None`` upper bound: no known entry above it.

    >>> vp_bounds(4, {3: 6, 5: 11})
    (6, 11)
    >>> vp_bounds(6, {5: 11})
    (11, None)
    """
    below = [v for k, v in known.items() if k < n]
    above = [v for k, v in known.items() if k > n]
    return (max(below, default=0), min(above) if above else None)


def settle_with_bounds(options: Sequence[Assignment], vps: Mapping[int, Found | Need],
                       task_vp: Callable[[int], Found | Need],
                       other: OtherVP = own_vp) -> Assignment | Need:
    """The best assignment when the unknown task VP cannot change it, else the one value
    to ask for first.

    An assignment whose task VP is known wins without asking when even the most an
    unknown one could pay (its upper bound, :func:`vp_bounds`) does not beat it (on
    ``other`` + task VP, then task cards fulfilled). Otherwise the value asked first is
    the highest count still in question: the count the player reached with the
    assignment that could be best (once known, the others may no longer matter).
    """
    known: dict[int, int] = {}
    for n, v in vps.items():
        if isinstance(v, Found) and isinstance(v.value, int):
            known[n] = v.value
    # entries known for other counts bound the candidates' too (one row of the tile)
    for n in range(0, max(vps) + MAX_TASK_LOOKAHEAD):
        if n not in vps:
            extra = task_vp(n)
            if isinstance(extra, Found) and isinstance(extra.value, int):
                known[n] = extra.value
    candidates = {a.tasks_fulfilled for a in options}
    best_known = max((a for a in options if a.tasks_fulfilled in known
                      and a.tasks_fulfilled in candidates),
                     key=lambda a: (other(a) + known[a.tasks_fulfilled], a.tasks_fulfilled),
                     default=None)
    open_ones = [a for a in options if a.tasks_fulfilled not in known]
    if best_known is not None:
        floor = (other(best_known) + known[best_known.tasks_fulfilled],
                 best_known.tasks_fulfilled)
        contenders = []
        for a in open_ones:
            high = vp_bounds(a.tasks_fulfilled, known)[1]
            if high is None or (other(a) + high, a.tasks_fulfilled) > floor:
                contenders.append(a)
        if not contenders:
            return best_known
        open_ones = contenders
    ask = max(a.tasks_fulfilled for a in open_ones)
    need = vps[ask]
    assert isinstance(need, Need)
    return need


# --------------------------------------------------------------------------- context


@dataclass(slots=True)
class Context:
    """What the category functions share: the game, lookups and per-player facts."""

    game: ForestryGame
    confirmed: Confirmed | None
    choices: list[Choice]
    majority: list[int]
    detached: list[Outcome] | None
    detached_details: list[dict[str, int]]
    used: list[Found] = field(default_factory=list)

    @property
    def board_side_b(self) -> bool:
        return self.game.options.mode is Mode.ADVANCED

    def count(self, table: str, n: int) -> Found | Need:
        record: tuple[tuple[int, int], ...] = getattr(self.game.printed, table)
        return lookup_count(table, n, record=dict(record), confirmed=self.confirmed,
                            board_side_b=self.board_side_b and table == BUILDINGS_VP)

    def value(self, found: Found | Need) -> Outcome:
        if isinstance(found, Need):
            return (found,)
        if found not in self.used:
            self.used.append(found)
        assert isinstance(found.value, int)
        return found.value


# --------------------------------------------------------------------------- categories

CategoryFn = Callable[[int, ForestryPlayer, Context], Outcome]


def score_track(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """VP reached on the score track during play."""
    return player.score_track


def buildings(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """VP under the rightmost uncovered space of the buildings track (002 category 1).

    Forest Worker (001): their own track pays differently for the 5th and 6th
    building; for 0-4 buildings the normal table applies (decision).
    """
    n = buildings_used(player)
    if player.character is Character.FOREST_WORKER and n >= 5:
        return ctx.value(ctx.count(FOREST_WORKER_BUILDINGS_VP, n))
    return ctx.value(ctx.count(BUILDINGS_VP, n))


def water(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """Water structures: multiplier x matching symbols per river token (002 category 2)."""
    choice = ctx.choices[i]
    if choice.assignment is None:
        return choice.needs
    return choice.assignment.water


def tasks(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """VP by fulfilled task cards, reference tile row 3 (002 category 3)."""
    choice = ctx.choices[i]
    if choice.assignment is None or choice.task_vp is None:
        return choice.needs
    return ctx.value(choice.task_vp)


def forester_majority(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """Most forester tokens (table + below) 10/6/2, ties split (002 category 4)."""
    return ctx.majority[i]


def resources(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """(Materials + seedlings + temp workers + coins + unfulfilled task cards) // 3."""
    choice = ctx.choices[i]
    if choice.assignment is None:
        return choice.needs
    return resources_vp(player, choice.assignment.tasks_fulfilled)


def wood(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """1 VP per wood token in storage; infested wood is not wood (decision)."""
    return player.storage.wood


def detached(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """Growing Forward detached storage criteria (001)."""
    assert ctx.detached is not None
    return ctx.detached[i]


def road_connections(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """Forest Road Manager: 1 VP per direct connection between repaired road tiles (001)."""
    return player.road_connections or 0


def technician(i: int, player: ForestryPlayer, ctx: Context) -> Outcome:
    """Technician: the VP printed below the rightmost collected tile (001)."""
    return ctx.value(ctx.count(TECHNICIAN_VP, player.technician_tiles or 0))


def _always(player: ForestryPlayer, game: ForestryGame) -> bool:
    return True


#: The categories in score-output order: key, when it applies, how it scores.
CATEGORIES: tuple[tuple[Category, Callable[[ForestryPlayer, ForestryGame], bool],
                        CategoryFn], ...] = (
    (Category.SCORE_TRACK, _always, score_track),
    (Category.BUILDINGS, _always, buildings),
    (Category.WATER, _always, water),
    (Category.TASKS, _always, tasks),
    (Category.FORESTER_MAJORITY, lambda p, g: len(g.players) > 1, forester_majority),
    (Category.RESOURCES, _always, resources),
    (Category.WOOD, _always, wood),
    (Category.DETACHED, lambda p, g: g.options.infestation, detached),
    (Category.ROAD_CONNECTIONS,
     lambda p, g: p.character is Character.FOREST_ROAD_MANAGER, road_connections),
    (Category.TECHNICIAN, lambda p, g: p.character is Character.TECHNICIAN, technician),
)


# --------------------------------------------------------------------------- detached storages


def detached_spreads(game: ForestryGame, confirmed: Confirmed | None
                     ) -> list[tuple[int, ...] | Need]:
    """The 1st/2nd/3rd spread each detached storage pays, by infested wood (001)."""
    wood_counts = [s.infested_wood for s in game.detached_storages]
    distinct = sorted(set(wood_counts), reverse=True)
    if len(distinct) == 1:
        return [DETACHED_ALL_TIED.points for _ in wood_counts]
    if len(distinct) == len(wood_counts):
        spreads = (DETACHED_MOST.points, DETACHED_SECOND.points, DETACHED_LEAST.points)
        return [spreads[distinct.index(w)] for w in wood_counts]
    top = distinct[0]
    if wood_counts.count(top) == 2:  # two tied at the top
        tie = lookup_top_tie(game.printed.detached_top_tie, confirmed)
        tie_value: tuple[int, ...] | Need = (
            tie if isinstance(tie, Need) else tuple(int(v) for v in _as_tuple(tie.value)))
        return [tie_value if w == top else DETACHED_LEAST.points for w in wood_counts]
    return [DETACHED_MOST.points if w == top else DETACHED_TIED_BELOW_TOP.points
            for w in wood_counts]


def _as_tuple(value: int | tuple[int, ...]) -> tuple[int, ...]:
    return value if isinstance(value, tuple) else (value,)


def criterion_value(criterion: DetachedCriterion, player: ForestryPlayer,
                    choice: Choice) -> int | None:
    """A player's value for a detached scoring criterion (None: not decided yet)."""
    if criterion is DetachedCriterion.MOST_OPEN_STORAGE_SPACES:
        return unlocked_storage_spaces(player)
    if criterion is DetachedCriterion.MOST_BUILDINGS:
        return buildings_used(player)
    if criterion is DetachedCriterion.MOST_CONTRACTS_FULFILLED:
        return contracts_fulfilled(player)
    if criterion is DetachedCriterion.MOST_TASK_CARDS_FULFILLED:
        return None if choice.assignment is None else choice.assignment.tasks_fulfilled
    if criterion is DetachedCriterion.HIGHEST_WATER_MULTIPLIER:
        return water_multiplier(player)
    return seedlings_planted(player)


def detached_points(game: ForestryGame, choices: Sequence[Choice],
                    spreads: Sequence[tuple[int, ...] | Need]
                    ) -> tuple[list[Outcome], list[dict[str, int]]]:
    """Each player's detached storage VP (or needs), and the VP per criterion."""
    n = len(game.players)
    totals = [0] * n
    per: list[dict[str, int]] = [{} for _ in range(n)]
    needs: list[Need] = []
    for storage, spread in zip(game.detached_storages, spreads, strict=True):
        if isinstance(spread, Need):
            needs.append(spread)
            continue
        values = [criterion_value(storage.criterion, p, c)
                  for p, c in zip(game.players, choices, strict=True)]
        if any(v is None for v in values):
            for c in choices:
                needs.extend(nd for nd in c.needs if nd not in needs)
            continue
        points = split_spread([v or 0 for v in values], spread)
        for i, pts in enumerate(points):
            totals[i] += pts
            per[i][storage.criterion.value] = pts
    if needs:
        return [tuple(needs) for _ in range(n)], per
    return list(totals), per


# --------------------------------------------------------------------------- the sheet


class NoteCode(MessageCode):
    """The score sheet's notes (ties, contract categories, values used)."""

    TIE_DECIDED = "note-tie-decided"
    TIE_SHARED = "note-tie-shared"
    TIE_THEN = "note-tie-then"
    TIE_THEN_SHARED = "note-tie-then-shared"
    TIE_LEVEL = "note-tie-level"
    NOT_COMPLETE = "note-not-complete"
    ONE_PLAYER = "note-one-player"
    VALUE_USED = "note-value-used"
    CONTRACTS_UNKNOWN = "note-contracts-unknown"
    CONTRACTS_CHOSEN = "note-contracts-chosen"
    CONTRACT_CHOSEN = "note-contract-chosen"
    ASSIGNMENT_RULE = "note-assignment-rule"
    ASSIGNMENT_REPLIES = "note-assignment-replies"
    FOREST_BUILDING_TASKS = "note-forest-building-tasks"
    ASSIGNMENT_STABLE = "note-assignment-stable"


#: The parameters each note is rendered with (the catalogue test renders every code).
#: ``level`` is the tie-breaker that decided (1 seedlings planted, 2 contracts
#: fulfilled, 3 task cards fulfilled; 002 end of the game), ``equal`` the levels before it
#: that were equal, ``then`` the steps for players the level left tied.
NOTE_PARAMS: dict[str, tuple[str, ...]] = {
    NoteCode.TIE_DECIDED: ("names", "total", "level", "values", "equal", "has_equal", "then",
                           "has_then"),
    NoteCode.TIE_SHARED: ("names", "total"),
    NoteCode.TIE_THEN: ("names", "level", "values", "equal", "has_equal"),
    NoteCode.TIE_THEN_SHARED: ("names",),
    NoteCode.TIE_LEVEL: ("level",),
    NoteCode.NOT_COMPLETE: (),
    NoteCode.ONE_PLAYER: (),
    NoteCode.VALUE_USED: ("table", "key", "value", "origin"),
    NoteCode.CONTRACTS_UNKNOWN: ("player",),
    NoteCode.CONTRACTS_CHOSEN: ("player", "parts"),
    NoteCode.CONTRACT_CHOSEN: ("number", "first", "second", "chosen", "by_record"),
    NoteCode.ASSIGNMENT_RULE: ("ranked",),
    NoteCode.ASSIGNMENT_REPLIES: ("rounds", "fallback"),
    NoteCode.FOREST_BUILDING_TASKS: ("player", "marked", "counted"),
    NoteCode.ASSIGNMENT_STABLE: ("count", "others"),
}


#: The tie-breakers in order (002 ゲーム終了とスコアリング, end): 1 seedlings planted,
#: 2 contracts fulfilled, 3 task cards fulfilled (a rank key's positions after the total).
TIE_LEVELS = (1, 2, 3)


def _tie_notes(names: Sequence[str], totals: Sequence[int],
               keys: Sequence[tuple[int, ...]]) -> list[Msg]:
    """The tie-break notes: per group of equal totals, every tie-breaker that decided a
    place, in order, and who stays tied on all of them (issue 35).

    The tie-breakers apply one after another to the players still tied (002 ゲーム終了と
    スコアリング: most VP, then seedlings planted, then contracts fulfilled, then task cards
    fulfilled; still tied: shared). So a level that splits the group leaves subgroups still
    tied, which the later levels may decide: each such step is told ("then"), and a
    subgroup equal on every level shares its rank.
    """
    notes: list[Msg] = []
    for total in sorted(set(totals), reverse=True):
        group = [i for i, t in enumerate(totals) if t == total]
        if len(group) < 2:
            continue
        tied = tuple(names[i] for i in group)
        first = _deciding_level(group, keys, TIE_LEVELS[0])
        if first is None:
            notes.append(msg(NoteCode.TIE_SHARED, names=tied, total=total))
            continue
        then = _tie_steps(group, keys, names, first)
        notes.append(msg(NoteCode.TIE_DECIDED, names=tied, total=total,
                         **_step_params(group, keys, TIE_LEVELS[0], first),
                         then=joined(ListCode.SENTENCES, then), has_then=bool(then)))
    return notes


def _deciding_level(group: Sequence[int], keys: Sequence[tuple[int, ...]],
                    start: int) -> int | None:
    """The first tie-breaker from ``start`` on whose values differ within ``group``."""
    for level in TIE_LEVELS:
        if level >= start and len({keys[i][level] for i in group}) > 1:
            return level
    return None


def _step_params(group: Sequence[int], keys: Sequence[tuple[int, ...]], start: int,
                 level: int) -> dict[str, Any]:
    """A deciding step's words: the levels that were equal before it, the level, the
    values (in the order of the names)."""
    equal = tuple(msg(NoteCode.TIE_LEVEL, level=x) for x in TIE_LEVELS if start <= x < level)
    return {"level": level, "values": joined(ListCode.COMMAS, (str(keys[i][level])
                                                               for i in group)),
            "equal": equal, "has_equal": bool(equal)}


def _tie_steps(group: Sequence[int], keys: Sequence[tuple[int, ...]], names: Sequence[str],
               level: int) -> list[Msg]:
    """The steps after ``level`` split ``group``: for each subgroup still tied (best
    first), the next level that decides it, recursively, or that it shares its rank."""
    steps: list[Msg] = []
    for value in sorted({keys[i][level] for i in group}, reverse=True):
        sub = [i for i in group if keys[i][level] == value]
        if len(sub) < 2:
            continue
        tied = tuple(names[i] for i in sub)
        nxt = level + 1
        decided = _deciding_level(sub, keys, nxt)
        if decided is None:
            steps.append(msg(NoteCode.TIE_THEN_SHARED, names=tied))
            continue
        steps.append(msg(NoteCode.TIE_THEN, names=tied, **_step_params(sub, keys, nxt, decided)))
        steps.extend(_tie_steps(sub, keys, names, decided))
    return steps


def score_forestry(game: ForestryGame, *, confirmed: Confirmed | None = None) -> ScoreSheet:
    """Score a Forestry game: per-category VP, totals, ranks and winners.

    ``confirmed`` holds printed values the user confirmed (table -> key ->
    value, see :func:`scoring.printed.confirmed_table`); the record's own
    values win over them, both over the shipped ones.
    """
    players = game.players
    ctx = Context(game, confirmed, [], [], None, [])
    spreads = detached_spreads(game, confirmed) if game.options.infestation else None
    ctx.choices, settlement = choose_assignments(game, lambda n: ctx.count(TASKS_VP, n),
                                                 spreads)
    ctx.majority = split_spread([forester_tokens_total(p) for p in players],
                                FORESTER_MAJORITY.points)
    if spreads is not None:
        ctx.detached, ctx.detached_details = detached_points(game, ctx.choices, spreads)

    needs: list[Need] = []
    notes: list[Msg] = []
    rows: list[tuple[dict[str, int], dict[str, Any]]] = []
    player_complete: list[bool] = []
    for i, player in enumerate(players):
        cats: dict[str, int] = {}
        done = True
        for category, applies, fn in CATEGORIES:
            if not applies(player, game):
                continue
            outcome = fn(i, player, ctx)
            if isinstance(outcome, tuple):
                done = False
                needs.extend(n for n in outcome if n not in needs)
            else:
                cats[category.value] = outcome
        choice = ctx.choices[i]
        details: dict[str, Any] = {"water_multiplier": water_multiplier(player)}
        if choice.assignment is not None:
            details["tasks_fulfilled"] = choice.assignment.tasks_fulfilled
            details["contract_categories"] = [c.value for c in choice.assignment.categories]
        details["forester_tokens"] = forester_tokens_total(player)
        details["seedlings_planted"] = seedlings_planted(player)
        details["contracts_fulfilled"] = contracts_fulfilled(player)
        if game.options.infestation and ctx.detached_details:
            details["detached"] = ctx.detached_details[i]
        rows.append((cats, details))
        player_complete.append(done)
        notes.extend(_contract_notes(player, choice))
        notes.extend(_forest_building_notes(player))
    notes.extend(_assignment_notes(players, settlement))

    complete = not needs
    totals = [sum(cats.values()) for cats, _ in rows]
    keys = [
        (totals[i], seedlings_planted(p), contracts_fulfilled(p), _tasks_or_unknown(c))
        for i, (p, c) in enumerate(zip(players, ctx.choices, strict=True))
    ]
    ranks = shared_ranks(keys)
    names = [p.name for p in players]
    if complete and len(players) > 1:
        winners = tuple(names[i] for i, r in enumerate(ranks) if r == 1)
        notes.extend(_tie_notes(names, totals, keys))
    else:
        winners = ()
        if not complete:
            notes.append(msg(NoteCode.NOT_COMPLETE))
    if len(players) == 1:
        notes.append(msg(NoteCode.ONE_PLAYER))
    for found in ctx.used:
        if found.origin != "shipped":
            value = "/".join(map(str, found.value)) if isinstance(found.value, tuple) \
                else found.value
            notes.append(msg(NoteCode.VALUE_USED, table=found.table, key=found.key,
                             value=value, origin=found.origin))

    scores = tuple(
        PlayerScore(name=names[i], total=totals[i], rank=ranks[i], categories=rows[i][0],
                    details=rows[i][1])
        for i in range(len(players))
    )
    return ScoreSheet(game="forestry", complete=complete,
                      needs=tuple(sorted(needs, key=need_order)), players=scores,
                      winners=winners, notes=tuple(notes))


def _tasks_or_unknown(choice: Choice) -> int:
    return -1 if choice.assignment is None else choice.assignment.tasks_fulfilled


def _assignment_notes(players: Sequence[ForestryPlayer], settlement: Settlement) -> list[Msg]:
    """How two-category contracts were assigned (shown whenever one was left to the app)."""
    if not any(c.is_double and c.chosen is None for p in players for c in p.contracts):
        return []
    notes = [msg(NoteCode.ASSIGNMENT_RULE, ranked=settlement.ranked)]
    if settlement.ranked and settlement.rounds:
        notes.append(msg(NoteCode.ASSIGNMENT_REPLIES, rounds=settlement.rounds,
                         fallback=settlement.fallback))
    if settlement.others:
        others = tuple(
            joined(ListCode.COMMAS, (f"{players[i].name} {n}"
                                     for i, n in zip(settlement.in_play, o, strict=True)))
            for o in settlement.others)
        notes.append(msg(NoteCode.ASSIGNMENT_STABLE, count=len(others) + 1,
                         others=joined(ListCode.SEMICOLONS, others)))
    return notes


def _forest_building_notes(player: ForestryPlayer) -> list[Msg]:
    """Forest building task cards marked met that do not count (no forest building of
    their own: :func:`forest_building_tasks_met`)."""
    marked = sum(1 for t in player.task_cards if isinstance(t, ForestBuildingTask) and t.met)
    counted = forest_building_tasks_met(player)
    if marked == counted:
        return []
    return [msg(NoteCode.FOREST_BUILDING_TASKS, player=player.name, marked=marked,
                counted=counted)]


def _contract_notes(player: ForestryPlayer, choice: Choice) -> list[Msg]:
    """The two-category contract notes."""
    doubles = [i for i, c in enumerate(player.contracts) if c.is_double]
    if not doubles:
        return []
    if choice.assignment is None:
        return [msg(NoteCode.CONTRACTS_UNKNOWN, player=player.name)]
    parts = tuple(
        msg(NoteCode.CONTRACT_CHOSEN, number=i + 1,
            first=msg(f"category-{player.contracts[i].categories[0].value}"),
            second=msg(f"category-{player.contracts[i].categories[1].value}"),
            chosen=msg(f"category-{choice.assignment.categories[i].value}"),
            by_record=player.contracts[i].chosen is not None)
        for i in doubles
    )
    return [msg(NoteCode.CONTRACTS_CHOSEN, player=player.name,
                parts=joined(ListCode.SEMICOLONS, parts))]

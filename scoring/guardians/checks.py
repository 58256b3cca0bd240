"""Pure checks of what a player enters during a Forest Guardians game (source 003).

Each check returns data the UI can show (allowed or not, with the reasons as
message codes and values, :class:`PlantingCode` and :class:`GameEndCode`, that
the catalogues of ``app/l10n`` put in words) or raises
:class:`GuardiansRuleError` (a ``ValueError``) for input that cannot describe a
real game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.guardians.rules import (
    CUBES_PER_BOARD,
    PILE_ORDER,
    RANGERS,
    SHARING_EXTRA_CARDS,
    SHELTER_CAPACITY,
    SKILLS,
    Altitude,
    EndTrigger,
    Ranger,
    Skill,
    TileKind,
    TreeRow,
    TreeSpecies,
)
from scoring.message import ListCode, MessageCode, Msg, Refusal, joined, msg


class GuardiansRuleCode(MessageCode):
    """Forest Guardians input no game can produce (``GuardiansRuleError`` codes)."""

    FOREST_GUARDIANS_FOR_2_4_PLAYERS = "refusal-guardians-forest-guardians-for-2-4-players"
    HAND_LIMIT_AT_MOST_SO_AT = "refusal-guardians-hand-limit-at-most-so-at"
    ONLY_TREES_THIS_ROW_ARE_PLANTED = "refusal-guardians-only-trees-this-row-are-planted"
    PILE_CANNOT_HOLD_TILES = "refusal-guardians-pile-cannot-hold-tiles"
    PLAYER_NAMES_MUST_BE_UNIQUE = "refusal-guardians-player-names-must-be-unique"
    RANGER_BOARD_HAS_UPGRADE_CUBES = "refusal-guardians-ranger-board-has-upgrade-cubes"
    ROW_SPACES_CANNOT_HOLD_TREES = "refusal-guardians-row-spaces-cannot-hold-trees"
    TILE_HAS_ALTITUDE_I_II_OR = "refusal-guardians-tile-has-altitude-i-ii-or"
    TURNS_GAME_ALREADY_OVER = "refusal-guardians-turns-game-already-over"
    TURNS_IT_TURN_NOT_PLAY_GOES = "refusal-guardians-turns-it-turn-not-play-goes"
    TURNS_NOT_AT_TABLE = "refusal-guardians-turns-not-at-table"
    UPGRADES_CANNOT_BE_NEGATIVE = "refusal-guardians-upgrades-cannot-be-negative"


class GuardiansRuleError(Refusal):
    """Input that no Forest Guardians game can produce."""


# --------------------------------------------------------------------------- planting


class PlantingCode(MessageCode):
    """The planting check's verdicts, reasons and the words they are made of (app/l10n).

    A reason is a :class:`~scoring.message.Msg` whose parameters are plain values
    (a player's name, a count) or nested messages: the tile (:attr:`TILE`), the
    cost (:attr:`COST`), the tree row (:attr:`ROW`), a species (:attr:`SPECIES`)
    and the altitudes a row allows (numerals joined by ``ListCode.OR``).
    """

    TILE = "check-fg-tile"
    ROW = "check-fg-row"
    SPECIES = "check-fg-species"
    COST = "check-fg-cost"
    ALLOWED = "check-fg-allowed"
    FIRE = "check-fg-fire"
    ALREADY_PLANTED = "check-fg-already-planted"
    STARTING_TILE = "check-fg-starting-tile"
    LAKE = "check-fg-lake"
    MOUNTAIN = "check-fg-mountain"
    MOUNTAIN_SPECIES = "check-fg-mountain-species"
    ROW_ALTITUDE = "check-fg-row-altitude"
    PAID_COUNT = "check-fg-paid-count"
    PAID_TYPES = "check-fg-paid-types"


@dataclass(frozen=True, slots=True)
class Tile:
    """A revealed tile as the planting check needs it.

    ``altitude`` is None only for the starting tile. ``planted_by`` names the
    players with a tree on the tile.
    """

    kind: TileKind
    altitude: Altitude | None
    fire: bool = False
    planted_by: frozenset[str] = frozenset()
    name: str | None = None

    def __post_init__(self) -> None:
        if self.kind is not TileKind.STARTING and self.altitude is None:
            raise GuardiansRuleError(
                GuardiansRuleCode.TILE_HAS_ALTITUDE_I_II_OR,
                value=self.kind.value,
            )

    @property
    def message(self) -> Msg:
        """The tile as a reason names it: its name, or its kind and altitude.

        >>> Tile(TileKind.REGULAR, Altitude.HIGH).message.params
        {'kind': 'regular', 'name': '', 'named': False, 'numeral': 'I'}
        """
        return msg(
            PlantingCode.TILE,
            kind=self.kind,
            numeral=self.altitude.value if self.altitude is not None else "",
            name=self.name or "",
            named=bool(self.name),
        )


@dataclass(frozen=True, slots=True)
class PlantingCost:
    """Resource cards a planting costs: ``cards`` of them, all one type if ``same_type``."""

    cards: int
    same_type: bool
    sharing_extra: int

    @property
    def message(self) -> Msg:
        """The cost in words ("3 resource cards of one type (incl. 1 for sharing the tile)")."""
        return msg(PlantingCode.COST, cards=self.cards, same_type=self.same_type,
                   extra=self.sharing_extra)


@dataclass(frozen=True, slots=True)
class PlantingCheck:
    """The verdict on a planting: ``allowed``, the ``reasons`` if not, and the ``cost``."""

    allowed: bool
    reasons: tuple[Msg, ...]
    cost: PlantingCost | None

    @property
    def message(self) -> Msg:
        """Allowed with its cost, or the reasons read one after the other."""
        if self.allowed:
            assert self.cost is not None
            return msg(PlantingCode.ALLOWED, cost=self.cost.message)
        return joined(ListCode.SENTENCES, self.reasons)


def planting_cost(row: TreeRow, shared: bool, ranger: Ranger | None = None) -> PlantingCost:
    """The cost of a row's tree, on a tile another player planted if ``shared``.

    Sharing adds one card of the same type, so even the top row's single card
    then becomes two of one type. The Master Gardener never pays the extra.

    >>> planting_cost(TreeRow.MIDDLE, shared=True).message.params
    {'cards': 3, 'extra': 1, 'same_type': True}
    >>> planting_cost(TreeRow.MIDDLE, shared=True, ranger=Ranger.BEAN).cards
    2
    """
    rule = row.rule
    extra = SHARING_EXTRA_CARDS if shared and ranger is not Ranger.BEAN else 0
    return PlantingCost(rule.cost_cards + extra, rule.same_type or extra > 0, extra)


def check_planting(
    player: str,
    row: TreeRow,
    tile: Tile,
    *,
    ranger: Ranger | None = None,
    species: TreeSpecies | None = None,
    paid: Sequence[str] | None = None,
) -> PlantingCheck:
    """May ``player`` plant the leftmost tree of ``row`` on ``tile``, and at what cost?

    ``ranger`` is the player's ranger (advanced game). ``species`` is the tree's
    species as printed on the board; it matters only for the Mountain
    Protector's Calocedrus Formosana on a mountain. ``paid``, if given, lists
    the type of each resource card offered and is checked against the cost.
    Each reason is a :class:`~scoring.message.Msg` (:class:`PlantingCode`).

    >>> high = Tile(TileKind.REGULAR, Altitude.HIGH)
    >>> (why,) = check_planting("Mei", TreeRow.BOTTOM, high).reasons
    >>> why.code, why.params["row"].params, why.params["allowed"].params
    ('check-fg-row-altitude', {'row': 'bottom'}, {'items': ('II', 'III')})
    >>> why.params["tile"] == high.message
    True
    """
    reasons: list[Msg] = []
    where = tile.message
    if tile.fire:
        reasons.append(msg(PlantingCode.FIRE, tile=where))
    if player in tile.planted_by:
        reasons.append(msg(PlantingCode.ALREADY_PLANTED, player=player, tile=where))
    if tile.kind is TileKind.STARTING:
        reasons.append(msg(PlantingCode.STARTING_TILE))
    elif tile.kind is TileKind.LAKE:
        reasons.append(msg(PlantingCode.LAKE, tile=where))
    elif tile.kind is TileKind.MOUNTAIN:
        if ranger is not Ranger.FLUFFY:
            reasons.append(msg(PlantingCode.MOUNTAIN, tile=where))
        elif species is not TreeSpecies.CALOCEDRUS_FORMOSANA:
            reasons.append(msg(
                PlantingCode.MOUNTAIN_SPECIES, known=species is not None,
                species=msg(PlantingCode.SPECIES, species=species) if species else None))
    if tile.kind is TileKind.REGULAR:
        assert tile.altitude is not None
        rule = row.rule
        if tile.altitude not in rule.allowed:
            allowed = tuple(a.value for a in PILE_ORDER if a in rule.allowed)
            reasons.append(msg(
                PlantingCode.ROW_ALTITUDE, row=msg(PlantingCode.ROW, row=row),
                allowed=joined(ListCode.OR, allowed), tile=where))
    shared = bool(tile.planted_by - {player})
    cost = planting_cost(row, shared, ranger)
    if not reasons and paid is not None:
        reasons.extend(_payment_problems(cost, paid))
    if reasons:
        return PlantingCheck(False, tuple(reasons), cost)
    return PlantingCheck(True, (), cost)


def _payment_problems(cost: PlantingCost, paid: Sequence[str]) -> list[Msg]:
    out: list[Msg] = []
    if len(paid) != cost.cards:
        out.append(msg(PlantingCode.PAID_COUNT, cost=cost.message, offered=len(paid)))
    elif cost.same_type and len({p.strip().casefold() for p in paid}) > 1:
        out.append(msg(PlantingCode.PAID_TYPES, cost=cost.message))
    return out


# --------------------------------------------------------------------------- skills and boards


def _check_upgrades(resource_upgrades: int, action_upgrades: int) -> None:
    if resource_upgrades < 0 or action_upgrades < 0:
        raise GuardiansRuleError(GuardiansRuleCode.UPGRADES_CANNOT_BE_NEGATIVE)
    rmax = SKILLS[Skill.INCREASE_RESOURCE].maximum
    assert rmax is not None
    if SKILLS[Skill.INCREASE_RESOURCE].start + resource_upgrades > rmax:
        raise GuardiansRuleError(
            GuardiansRuleCode.HAND_LIMIT_AT_MOST_SO_AT,
            rmax=rmax,
            value=rmax - SKILLS[Skill.INCREASE_RESOURCE].start,
        )
    if resource_upgrades + action_upgrades > CUBES_PER_BOARD:
        raise GuardiansRuleError(
            GuardiansRuleCode.RANGER_BOARD_HAS_UPGRADE_CUBES,
            cubes_per_board=CUBES_PER_BOARD,
        )


def hand_limit(resource_upgrades: int = 0, action_upgrades: int = 0) -> int:
    """Resource cards a player may hold: 3, +1 per resource upgrade, at most 5.

    >>> hand_limit(0), hand_limit(2)
    (3, 5)
    """
    _check_upgrades(resource_upgrades, action_upgrades)
    return SKILLS[Skill.INCREASE_RESOURCE].start + resource_upgrades


def actions_per_turn(action_upgrades: int = 0, resource_upgrades: int = 0) -> int:
    """Actions a player takes each turn: 1, +1 per action upgrade.

    The rulebook prints no maximum; the four cubes on a board bound the upgrades.

    >>> actions_per_turn(0), actions_per_turn(2)
    (1, 3)
    """
    _check_upgrades(resource_upgrades, action_upgrades)
    return SKILLS[Skill.INCREASE_ACTION].start + action_upgrades


def shelter_capacity(ranger: Ranger | None) -> int:
    """Animal tokens a shelter takes by rescue: 1, the Animal Expert's 2.

    Retrieved animals may overfill a shelter (003 "Retrieve Released Animals").
    """
    return RANGERS[ranger].shelter_capacity if ranger is not None else SHELTER_CAPACITY


def next_terrain_pile(remaining: Mapping[Altitude, int]) -> Altitude | None:
    """The pile the active player draws from: the highest altitude not yet empty.

    >>> next_terrain_pile({Altitude.HIGH: 0, Altitude.MEDIUM: 4, Altitude.LOW: 9})
    <Altitude.MEDIUM: 'II'>
    """
    for alt in PILE_ORDER:
        n = remaining.get(alt, 0)
        if n < 0:
            raise GuardiansRuleError(GuardiansRuleCode.PILE_CANNOT_HOLD_TILES, value=alt.value, n=n)
        if n > 0:
            return alt
    return None


def trees_on_board_after_removal(on_board: int, returned: int, spaces: int) -> int:
    """Trees on a row after ``returned`` trees come back (filled right to left).

    Planting takes the leftmost tree, returning fills the rightmost free
    space first, so the row stays "the first N spaces uncovered" and its
    uncovered points drop by those of the most recently uncovered spaces.
    """
    if not 0 <= on_board <= spaces:
        raise GuardiansRuleError(
            GuardiansRuleCode.ROW_SPACES_CANNOT_HOLD_TREES,
            spaces=spaces,
            on_board=on_board,
        )
    if not 0 <= returned <= spaces - on_board:
        raise GuardiansRuleError(
            GuardiansRuleCode.ONLY_TREES_THIS_ROW_ARE_PLANTED,
            value=spaces - on_board,
            returned=returned,
        )
    return on_board + returned


# --------------------------------------------------------------------------- game end


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn, in play order: who took it and whether it fired an end trigger.

    ``planted_last_tree``: the player planted the last tree of their board.
    ``drew_last_tile``: the player drew the last terrain tile.
    """

    player: str
    planted_last_tree: bool = False
    drew_last_tile: bool = False


class GameEndCode(MessageCode):
    """Where the game stands (:attr:`GameEndStatus.message`; words in app/l10n)."""

    NONE = "status-fg-end-none"
    END = "status-fg-end"


def end_message(
    trigger: EndTrigger | str | None,
    by: str | None,
    remaining: Sequence[str] = (),
    over: bool = False,
    last: str | None = None,
    then_drew: bool = False,
) -> Msg:
    """The game-end status as a message, from its data.

    ``trigger`` fired by ``by``; ``remaining`` still play, unless ``over`` after
    ``last``'s turn (``by`` if not given); ``then_drew``: ``last`` drew the last
    terrain tile during the final round, which ended the game at once.

    >>> end_message(None, None).code
    'status-fg-end-none'
    >>> m = end_message(EndTrigger.LAST_TREE_PLANTED, "B", ("C", "A"))
    >>> m.params["trigger"], m.params["by"], m.params["remaining"].params["items"]
    ('last_tree_planted', 'B', ('C', 'A'))
    """
    if trigger is None:
        return msg(GameEndCode.NONE)
    return msg(
        GameEndCode.END,
        trigger=EndTrigger(trigger),
        by=by or "",
        over=bool(over),
        last=last or by or "",
        then_drew=bool(then_drew),
        remaining=joined(ListCode.COMMAS, remaining),
    )


@dataclass(frozen=True, slots=True)
class GameEndStatus:
    """Where the game stands after the turns given.

    ``trigger`` and ``triggered_by`` name the first end condition that fired;
    ``remaining`` lists, in order, the players who still take a turn (empty
    when no trigger has fired yet or the game is over); ``over`` is True
    when no turn follows the last one given.
    """

    triggered: bool
    trigger: EndTrigger | None
    triggered_by: str | None
    remaining: tuple[str, ...]
    over: bool
    message: Msg

    @property
    def next_player(self) -> str | None:
        """Whose turn is next, if the game goes on and a trigger fired."""
        return self.remaining[0] if self.remaining else None


def game_end_status(players: Sequence[str], turns: Sequence[Turn]) -> GameEndStatus:
    """Replay ``turns`` (in play order) and tell the table whether the game ends.

    ``players`` is the seat order, clockwise from the start player. Turns must
    follow the seats clockwise, starting with any seat (the first turn listed
    may be mid-game). The last turn given may be the one in progress.

    - A player plants their last tree: every other player takes one more turn,
      then the game ends. The trigger stays fired even if fire or the logger
      later returns trees to that board.
    - A player draws the last terrain tile: the game ends after that turn, also
      during the final round (the remaining extra turns are not played: there
      is no tile left to explore).

    ``message`` says it (:func:`end_message`).

    >>> s = game_end_status(["A", "B", "C"], [Turn("A"), Turn("B", planted_last_tree=True)])
    >>> s.remaining, s.over
    (('C', 'A'), False)
    >>> s.message == end_message(EndTrigger.LAST_TREE_PLANTED, "B", ("C", "A"))
    True
    """
    seats = list(players)
    if len(set(seats)) != len(seats):
        raise GuardiansRuleError(GuardiansRuleCode.PLAYER_NAMES_MUST_BE_UNIQUE)
    if not 2 <= len(seats) <= 4:
        raise GuardiansRuleError(
            GuardiansRuleCode.FOREST_GUARDIANS_FOR_2_4_PLAYERS,
            seats_count=len(seats),
        )
    trigger: EndTrigger | None = None
    by: str | None = None
    remaining: list[str] | None = None
    over = False
    prev: int | None = None
    for i, turn in enumerate(turns):
        if turn.player not in seats:
            raise GuardiansRuleError(GuardiansRuleCode.TURNS_NOT_AT_TABLE, i=i, player=turn.player)
        seat = seats.index(turn.player)
        if prev is not None and seat != (prev + 1) % len(seats):
            expected = seats[(prev + 1) % len(seats)]
            raise GuardiansRuleError(
                GuardiansRuleCode.TURNS_IT_TURN_NOT_PLAY_GOES,
                i=i,
                expected=expected,
                player=turn.player,
            )
        if over:
            raise GuardiansRuleError(GuardiansRuleCode.TURNS_GAME_ALREADY_OVER, i=i)
        prev = seat
        if remaining is not None:
            remaining.pop(0)
        if turn.drew_last_tile:
            if trigger is None:
                trigger, by = EndTrigger.LAST_TILE_DRAWN, turn.player
            over = True
            remaining = []
            continue
        if turn.planted_last_tree and trigger is None:
            trigger, by = EndTrigger.LAST_TREE_PLANTED, turn.player
            remaining = [seats[(seat + k) % len(seats)] for k in range(1, len(seats))]
        if remaining is not None and not remaining:
            over = True
    rest = tuple(remaining or ())
    return GameEndStatus(
        trigger is not None, trigger, by, rest, over, _end_message(trigger, by, rest, over, turns)
    )


def _end_message(
    trigger: EndTrigger | None,
    by: str | None,
    rest: tuple[str, ...],
    over: bool,
    turns: Sequence[Turn],
) -> Msg:
    if trigger is None or not over:
        return end_message(trigger, by, rest)
    last = turns[-1]
    then_drew = trigger is EndTrigger.LAST_TREE_PLANTED and last.drew_last_tile
    return end_message(trigger, by, rest, over=True, last=last.player, then_drew=then_drew)

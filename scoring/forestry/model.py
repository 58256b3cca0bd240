"""Forestry domain types: one player's board at game end and the game around it.

Every player field of record format v1 (``../shared/spec/record-v1.md``) has a
typed home here. The types are frozen value objects (tuples, never lists), so a
game state can be shared, hashed and compared freely. Derived values (water
multiplier, forester tokens, seedlings planted, ...) are pure functions of the
state at the bottom of this module: they are computed, never stored twice.

Nothing here validates a record; ``scoring.forestry.record`` does that and
builds these types. Constructing them directly (the live game session does) is
trusted input: keep the invariants documented on each field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.forestry.enums import (
    Area,
    Character,
    ContractCategory,
    DetachedCriterion,
    ForesterType,
    Mode,
    RiverSymbol,
    TechnologySide,
)

#: Building tokens each player owns (002 setup): forest buildings and sawmill upgrades.
BUILDING_TOKENS = 6
#: Storage spaces open from the start, and extension tiles I-III (002).
BASE_STORAGE_SPACES = 2
MAX_STORAGE_EXTENSIONS = 3
#: Water structures track: 1x at start, at most 5x (000, 002).
BASE_WATER_MULTIPLIER = 1
MAX_WATER_MULTIPLIER = 5
#: Rows (spaces per column) of the forestry and reforestation tables (002).
TABLE_ROWS = 3
#: Columns of the forestry table (002).
FORESTRY_COLUMNS = 3
#: River tokens a player can hold: one per water structure (000).
MAX_RIVER_TOKENS = 2


# --------------------------------------------------------------------------- board parts


@dataclass(frozen=True, slots=True)
class Buildings:
    """Building tokens used: forest buildings built and sawmill buildings upgraded.

    ``sawmill`` lists the area of each upgraded sawmill building (one entry per
    upgrade, so an area may repeat). ``forest + len(sawmill) <= 6``.
    """

    forest: int = 0
    sawmill: tuple[Area, ...] = ()


@dataclass(frozen=True, slots=True)
class Storage:
    """Storage on the player board: extensions opened (0-3), wood, infested wood.

    ``wood + infested_wood <= 2 + extensions``. Infested wood (Growing Forward)
    takes a space but is not wood (see docs/rules-decisions.md).
    """

    extensions: int = 0
    wood: int = 0
    infested_wood: int = 0


@dataclass(frozen=True, slots=True)
class Resources:
    """Resource tokens and coins left at game end (they score as unused resources)."""

    coins: int = 0
    construction_materials: int = 0
    seedlings: int = 0
    temp_workers: int = 0


@dataclass(frozen=True, slots=True)
class ForestryColumn:
    """One column of the forestry table: its forester type and tokens in it (1-3)."""

    type: ForesterType
    count: int


@dataclass(frozen=True, slots=True)
class ForesterTokens:
    """A count per forester type (used for the tokens below the reforestation table)."""

    thinning: int = 0
    den_tree: int = 0
    painting: int = 0

    def of(self, kind: ForesterType) -> int:
        """The count of one type."""
        return int(getattr(self, kind.value))

    def total(self) -> int:
        return self.thinning + self.den_tree + self.painting


@dataclass(frozen=True, slots=True)
class Reforestation:
    """Seedlings in each area column of the reforestation table (0-3 each)."""

    light_green: int = 0
    dark_green: int = 0
    orange: int = 0

    def of(self, area: Area) -> int:
        """The seedlings in one area's column."""
        return int(getattr(self, area.value))

    def total(self) -> int:
        return self.light_green + self.dark_green + self.orange


@dataclass(frozen=True, slots=True)
class Contract:
    """A fulfilled contract: one or two categories, and the player's override.

    ``chosen`` (only for two-category cards) must be one of ``categories``;
    ``None`` lets the scoring pick the best assignment.
    """

    categories: tuple[ContractCategory, ...]
    chosen: ContractCategory | None = None

    @property
    def is_double(self) -> bool:
        return len(self.categories) == 2


# --------------------------------------------------------------------------- task cards
# Each task card has exactly one end-game requirement (002 task card list).


@dataclass(frozen=True, slots=True)
class ContractTask:
    """Needs a fulfilled contract of ``category`` (each contract fulfils one task)."""

    category: ContractCategory


@dataclass(frozen=True, slots=True)
class SeedlingsTask:
    """Needs two seedlings in ``area``'s reforestation column (a column fulfils one)."""

    area: Area


@dataclass(frozen=True, slots=True)
class ForesterTask:
    """Needs a forester token of ``type`` (each token fulfils one task)."""

    type: ForesterType


@dataclass(frozen=True, slots=True)
class SawmillUpgradeTask:
    """Needs an upgraded sawmill building in ``area`` (each upgrade fulfils one)."""

    area: Area


@dataclass(frozen=True, slots=True)
class RiverTokenTask:
    """Needs a river token (each river token fulfils one)."""


@dataclass(frozen=True, slots=True)
class ForestBuildingTask:
    """Needs a forest building next to a given harvest token.

    The app does not model the map, so the player confirms ``met``; ``text``
    is what the card names (e.g. "next to harvest token 7").
    """

    text: str
    met: bool


TaskCard = (
    ContractTask
    | SeedlingsTask
    | ForesterTask
    | SawmillUpgradeTask
    | RiverTokenTask
    | ForestBuildingTask
)


# --------------------------------------------------------------------------- player


@dataclass(frozen=True, slots=True)
class ForestryPlayer:
    """One player's board at the end of the game (record v1 player fields).

    Character extras are ``None`` unless the player has that character:
    ``road_connections`` (Forest Road Manager), ``technician_tiles``
    (Technician), ``full_seedling_rows`` 0-3 (Forest Worker).
    """

    name: str
    character: Character | None = None
    score_track: int = 0
    buildings: Buildings = field(default_factory=Buildings)
    storage: Storage = field(default_factory=Storage)
    resources: Resources = field(default_factory=Resources)
    forestry_table: tuple[ForestryColumn, ...] = ()
    forester_tokens_below: ForesterTokens = field(default_factory=ForesterTokens)
    reforestation_table: Reforestation = field(default_factory=Reforestation)
    seedlings_below: int = 0
    river_tokens: tuple[RiverSymbol, ...] = ()
    contracts: tuple[Contract, ...] = ()
    task_cards: tuple[TaskCard, ...] = ()
    road_connections: int | None = None
    technician_tiles: int | None = None
    full_seedling_rows: int | None = None


# --------------------------------------------------------------------------- game


@dataclass(frozen=True, slots=True)
class GrowingForward:
    """Growing Forward modules in play (001)."""

    infestation: bool = False
    asymmetric_setup: bool = False


@dataclass(frozen=True, slots=True)
class ForestryOptions:
    """Game options: mode, technology side (None only in tutorial), expansion."""

    mode: Mode = Mode.STANDARD
    technology_side: TechnologySide | None = TechnologySide.A
    growing_forward: GrowingForward | None = None

    @property
    def infestation(self) -> bool:
        return self.growing_forward is not None and self.growing_forward.infestation


@dataclass(frozen=True, slots=True)
class DetachedStorage:
    """A Growing Forward detached storage: its scoring criterion and infested wood."""

    criterion: DetachedCriterion
    infested_wood: int


@dataclass(frozen=True, slots=True)
class PrintedValues:
    """Printed values a record carries (RULES.md "Printed values").

    The count tables are ``(count, vp)`` pairs sorted by count;
    ``detached_top_tie`` is the 1st/2nd/3rd spread for two storages tied at the top.
    """

    buildings_vp: tuple[tuple[int, int], ...] = ()
    tasks_vp: tuple[tuple[int, int], ...] = ()
    forest_worker_buildings_vp: tuple[tuple[int, int], ...] = ()
    technician_vp: tuple[tuple[int, int], ...] = ()
    detached_top_tie: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class ForestryGame:
    """A Forestry game record: options, printed values, storages, players in seat order.

    ``detached_storages`` holds exactly three storages (in scoring order: from
    the one near the score track's start, clockwise) when the infestation
    module is on, none otherwise. ``played_at`` is the record's ISO 8601 text.
    ``first_player`` is the seat (1-based) who started, or None when not recorded.
    """

    options: ForestryOptions
    players: tuple[ForestryPlayer, ...]
    printed: PrintedValues = field(default_factory=PrintedValues)
    detached_storages: tuple[DetachedStorage, ...] = ()
    seed: int | None = None
    played_at: str | None = None
    location: str | None = None
    first_player: int | None = None


# --------------------------------------------------------------------------- derived values


def buildings_used(player: ForestryPlayer) -> int:
    """Building tokens used: forest buildings plus sawmill upgrades (0-6)."""
    return player.buildings.forest + len(player.buildings.sawmill)


def unlocked_storage_spaces(player: ForestryPlayer) -> int:
    """Open storage spaces: the 2 printed ones plus one per extension (2-5)."""
    return BASE_STORAGE_SPACES + player.storage.extensions


def forester_tokens_on_table(player: ForestryPlayer) -> int:
    """Forester tokens on the forestry table (not the ones below the reforestation table)."""
    return sum(column.count for column in player.forestry_table)


def forester_tokens_of(player: ForestryPlayer, kind: ForesterType) -> int:
    """Forester tokens of one type, on the table and below it."""
    on_table = sum(c.count for c in player.forestry_table if c.type is kind)
    return on_table + player.forester_tokens_below.of(kind)


def forester_tokens_total(player: ForestryPlayer) -> int:
    """All forester tokens: on the forestry table and below the reforestation table."""
    return forester_tokens_on_table(player) + player.forester_tokens_below.total()


def seedlings_on_table(player: ForestryPlayer) -> int:
    """Seedlings on the reforestation table (not the ones below it)."""
    return player.reforestation_table.total()


def seedlings_planted(player: ForestryPlayer) -> int:
    """Seedlings planted: on the reforestation table plus below it (tie-breaker, 001)."""
    return seedlings_on_table(player) + player.seedlings_below


def contracts_fulfilled(player: ForestryPlayer) -> int:
    """Fulfilled contracts (each card counts once, whatever its categories)."""
    return len(player.contracts)


def forestry_row_full(player: ForestryPlayer, row: int) -> bool:
    """Whether forestry table row ``row`` (1-3) is full: all three columns reach it."""
    columns = player.forestry_table
    return len(columns) == FORESTRY_COLUMNS and all(c.count >= row for c in columns)


def reforestation_row_full(player: ForestryPlayer, row: int) -> bool:
    """Whether reforestation table row ``row`` (1-3) is full: every area column reaches it."""
    return all(player.reforestation_table.of(area) >= row for area in Area)


def water_steps(player: ForestryPlayer) -> tuple[str, ...]:
    """The water structures track steps a player has earned, each named.

    Normal boards (000, 002): forestry table row 2 full, reforestation table
    row 2 full, third storage extension, fifth building token used.
    Forest Worker (001): one step per completely full area seedling row
    (``full_seedling_rows``) instead of the two row-2 steps; the fifth building
    gives none; the third storage extension still gives one (decision).
    """
    steps: list[str] = []
    if player.character is Character.FOREST_WORKER:
        steps.extend(["full seedling row"] * (player.full_seedling_rows or 0))
    else:
        if forestry_row_full(player, 2):
            steps.append("forestry table row 2")
        if reforestation_row_full(player, 2):
            steps.append("reforestation table row 2")
    if player.storage.extensions >= MAX_STORAGE_EXTENSIONS:
        steps.append("third storage extension")
    if player.character is not Character.FOREST_WORKER and buildings_used(player) >= 5:
        steps.append("fifth building token")
    return tuple(steps)


def water_multiplier(player: ForestryPlayer) -> int:
    """The water structures multiplier: 1 + steps earned, at most 5 (000, 002, 001)."""
    return min(MAX_WATER_MULTIPLIER, BASE_WATER_MULTIPLIER + len(water_steps(player)))

"""Forestry records (record format v1) <-> the domain model.

``parse_forestry(data)`` validates a decoded JSON record strictly and returns a
:class:`~scoring.forestry.model.ForestryGame`; ``to_record(game)`` is the
reverse (``parse_forestry(to_record(g)) == g``).

Validation has two layers, and both report every problem they find:

* structure (pydantic models, ``extra="forbid"``, strict ints/strings/bools):
  unknown fields, missing fields, wrong types, unknown enum values;
* rules (plain checks): ranges and impossible combinations, each with a
  message written for players, e.g.
  ``players[0].buildings.forest: 7 is more than the 6 building tokens a player has``.

Each part of the record (options, printed, each storage, each player) is
validated on its own, so one bad player does not hide the problems of another.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

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
from scoring.forestry.model import (
    BASE_STORAGE_SPACES,
    BUILDING_TOKENS,
    FORESTRY_COLUMNS,
    MAX_RIVER_TOKENS,
    MAX_STORAGE_EXTENSIONS,
    TABLE_ROWS,
    Buildings,
    Contract,
    ContractTask,
    DetachedStorage,
    ForestBuildingTask,
    ForesterTask,
    ForesterTokens,
    ForestryColumn,
    ForestryGame,
    ForestryOptions,
    ForestryPlayer,
    GrowingForward,
    PrintedValues,
    Reforestation,
    Resources,
    RiverTokenTask,
    SawmillUpgradeTask,
    SeedlingsTask,
    Storage,
    TaskCard,
)
from scoring.message import MessageCode, Msg, msg
from scoring.printed import COUNT_TABLES, TABLE_KEYS
from scoring.record import (
    FORMAT,
    VERSION,
    Problem,
    RecordError,
    check_envelope,
    common_problems,
    problems_from,
)

#: Characters of the Growing Forward expansion (001); the rest are base game (002).
GROWING_FORWARD_CHARACTERS = frozenset(
    {Character.FOREST_WORKER, Character.FOREST_ROAD_MANAGER, Character.TECHNICIAN}
)
#: Character extras and the character each belongs to (record v1).
CHARACTER_EXTRAS: Mapping[str, Character] = {
    "road_connections": Character.FOREST_ROAD_MANAGER,
    "technician_tiles": Character.TECHNICIAN,
    "full_seedling_rows": Character.FOREST_WORKER,
}
#: Highest value of each character extra (None: no upper bound in the sources).
EXTRA_MAX: Mapping[str, int | None] = {
    "road_connections": None,
    "technician_tiles": 9,  # 9 Technician tiles (001 components)
    "full_seedling_rows": 3,  # one seedling row per area (001)
}
#: Sawmill buildings per area (002 setup: nine tiles, three per area).
SAWMILLS_PER_AREA = 3
#: Clearing spaces for forest buildings (002 setup: nine clearing tokens).
CLEARINGS = 9
#: Infested wood tokens in the box (001 components).
INFESTED_WOOD_TOKENS = 21
#: Sawmill buildings and clearings taken by unused colours at setup (002 setup 3 and 7).
NEUTRAL_BUILDINGS = {2: 2, 3: 1}


# --------------------------------------------------------------------------- structure


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GrowingForwardIn(_Strict):
    infestation: StrictBool = False
    asymmetric_setup: StrictBool = False


class OptionsIn(_Strict):
    mode: Mode
    technology_side: TechnologySide | None = None
    growing_forward: GrowingForwardIn | None = None


class PrintedIn(_Strict):
    buildings_vp: dict[StrictStr, StrictInt] | None = None
    tasks_vp: dict[StrictStr, StrictInt] | None = None
    forest_worker_buildings_vp: dict[StrictStr, StrictInt] | None = None
    technician_vp: dict[StrictStr, StrictInt] | None = None
    detached_top_tie: list[StrictInt] | None = None


class DetachedStorageIn(_Strict):
    criterion: DetachedCriterion
    infested_wood: StrictInt


class BuildingsIn(_Strict):
    forest: StrictInt
    sawmill: list[Area]


class StorageIn(_Strict):
    extensions: StrictInt
    wood: StrictInt
    infested_wood: StrictInt = 0


class ResourcesIn(_Strict):
    coins: StrictInt
    construction_materials: StrictInt
    seedlings: StrictInt
    temp_workers: StrictInt


class ColumnIn(_Strict):
    type: ForesterType
    count: StrictInt


class ForestersBelowIn(_Strict):
    thinning: StrictInt = 0
    den_tree: StrictInt = 0
    painting: StrictInt = 0


class ReforestationIn(_Strict):
    light_green: StrictInt
    dark_green: StrictInt
    orange: StrictInt


class ContractObjectIn(_Strict):
    categories: list[ContractCategory]
    chosen: ContractCategory | None = None


class TaskCardIn(_Strict):
    contract: ContractCategory | None = None
    seedlings: Area | None = None
    forester: ForesterType | None = None
    sawmill_upgrade: Area | None = None
    river_token: StrictBool | None = None
    forest_building: StrictStr | None = None
    met: StrictBool | None = None


class PlayerIn(_Strict):
    name: StrictStr
    character: Character | None = None
    score_track: StrictInt
    buildings: BuildingsIn
    storage: StorageIn
    resources: ResourcesIn
    forestry_table: list[ColumnIn]
    forester_tokens_below: ForestersBelowIn = ForestersBelowIn()
    reforestation_table: ReforestationIn
    seedlings_below: StrictInt = 0
    river_tokens: list[RiverSymbol]
    contracts: list[Any]
    task_cards: list[TaskCardIn]
    road_connections: StrictInt | None = None
    technician_tiles: StrictInt | None = None
    full_seedling_rows: StrictInt | None = None


class PlayerShellIn(_Strict):
    """A player's field names (unknown/missing fields); each field is checked on its own."""

    name: Any
    character: Any = None
    score_track: Any
    buildings: Any
    storage: Any
    resources: Any
    forestry_table: Any
    forester_tokens_below: Any = None
    reforestation_table: Any
    seedlings_below: Any = None
    river_tokens: Any
    contracts: Any
    task_cards: Any
    road_connections: Any = None
    technician_tiles: Any = None
    full_seedling_rows: Any = None


class RecordIn(_Strict):
    """The top level; the parts are validated separately (see module docstring)."""

    format: Any
    version: Any
    game: Any
    played_at: Any = None
    location: Any = None
    seed: Any = None
    first_player: Any = None  # 1-based seat; checked by common_problems
    options: Any
    printed: Any = None
    detached_storages: Any = None
    players: Any
    # the app's backup block (play id, person ids, notes ...): not scored, checked by the
    # importer (app/store/imports.py, docs/record-format.md "history")
    history: Any = None


REQUIREMENT_KEYS = ("contract", "seedlings", "forester", "sawmill_upgrade", "river_token",
                    "forest_building")

M = TypeVar("M", bound=BaseModel)


class ForestryRecordCode(MessageCode):
    """The problems of a Forestry record (``Problem`` codes)."""

    ALREADY_NAME_PLAYERS_NAMES_MUST_BE = "record-forestry-already-name-players-names-must-be"
    ALREADY_ON_DETACHED_STORAGES_EACH_SCORING = "record-forestry-already-on-detached-storages-each"
    ALREADY_PLAYED_BY_PLAYERS_EACH_CHARACTER = "record-forestry-already-played-by-players-each"
    BELOW_TABLE_BUT_FORESTRY_TABLE_CAN = "record-forestry-below-table-but-forestry-table-can"
    BELOW_TABLE_BUT_NO_REFORESTATION_COLUMN = "record-forestry-below-table-but-no-reforestation"
    CHARACTERS_ARE_ONLY_PLAYED_IN_ADVANCED = "record-forestry-characters-are-only-played-in"
    COLUMNS_MORE_THAN_COLUMNS_FORESTRY_TABLE = "record-forestry-columns-more-than-columns-forestry"
    COMES_WITH_GROWING_FORWARD_ADD_OPTIONS = "record-forestry-comes-with-growing-forward-add"
    CONTRACT_SHOWS_1_OR_2_CATEGORIES = "record-forestry-contract-shows-1-or-2-categories"
    FOREST_BUILDINGS_IN_ALL_BUT_PLAYER = "record-forestry-forest-buildings-in-all-but-player"
    FOREST_BUILDINGS_SAWMILL_UPGRADES_BUILDING_TOKENS = "record-forestry-forest-buildings-sawmill"
    FORESTRY_PLAYED_BY_1_4_PLAYERS = "record-forestry-forestry-played-by-1-4-players"
    INFESTATION_MODULE_CANNOT_BE_PLAYED_SOLO = "record-forestry-infestation-module-cannot-be-played"
    INFESTATION_MODULE_HAS_EXACTLY_3_DETACHED = "record-forestry-infestation-module-has-exactly-3"
    INFESTED_WOOD_EXISTS_ONLY_WITH_GROWING = "record-forestry-infested-wood-exists-only-with"
    INFESTED_WOOD_TOKENS_IN_STORAGES_BUT = "record-forestry-infested-wood-tokens-in-storages-but"
    KEYS_ARE_COUNTS_WRITTEN_AS_WHOLE = "record-forestry-keys-are-counts-written-as-whole"
    LIMIT_BUILDING_TOKENS = "record-forestry-limit-building-tokens"
    LIMIT_COLUMN_SPACES = "record-forestry-limit-column-spaces"
    LIMIT_MOST_POSSIBLE = "record-forestry-limit-most-possible"
    LIMIT_REFORESTATION_SPACES = "record-forestry-limit-reforestation-spaces"
    LIMIT_STORAGE_EXTENSIONS = "record-forestry-limit-storage-extensions"
    MORE_THAN = "record-forestry-more-than"
    MUST_BE_AT_LEAST = "record-forestry-must-be-at-least"
    MUST_BE_ISO_8601_DATE_TIME = "record-forestry-must-be-iso-8601-date-time"
    MUST_BE_LIST_1_4_PLAYERS = "record-forestry-must-be-list-1-4-players"
    MUST_BE_LIST_3_DETACHED_STORAGES = "record-forestry-must-be-list-3-detached-storages"
    MUST_BE_NULL_IN_TUTORIAL_IT = "record-forestry-must-be-null-in-tutorial-it"
    MUST_BE_STRING = "record-forestry-must-be-string"
    MUST_BE_TRUE_CARD_ASKS_FOR = "record-forestry-must-be-true-card-asks-for"
    MUST_BE_WHOLE_NUMBER = "record-forestry-must-be-whole-number"
    MUST_LIST_3_NUMBERS_1ST_2ND = "record-forestry-must-list-3-numbers-1st-2nd"
    MUST_NOT_BE_EMPTY = "record-forestry-must-not-be-empty"
    MUST_NOT_BE_NEGATIVE = "record-forestry-must-not-be-negative"
    NO_ENTRY_FOR_KEYS_RUN_FROM = "record-forestry-no-entry-for-keys-run-from"
    NOT_A_CATEGORY = "record-forestry-not-a-category"
    NOT_A_CONTRACT = "record-forestry-not-a-contract"
    NOT_ISO_8601_DATE_TIME = "record-forestry-not-iso-8601-date-time"
    NOT_ONE_THIS_CONTRACT_CATEGORIES = "record-forestry-not-one-this-contract-categories"
    ONLY_CHARACTER_HAS = "record-forestry-only-character-has"
    ONLY_FOREST_BUILDING_TASK_CARD_HAS = "record-forestry-only-forest-building-task-card-has"
    ONLY_TWO_CATEGORY_CONTRACT_HAS_CHOSEN = "record-forestry-only-two-category-contract-has-chosen"
    ONLY_WITH_GROWING_FORWARD_INFESTATION_MODULE = "record-forestry-only-with-growing-forward"
    REQUIRED_FOR_CHARACTER = "record-forestry-required-for-character"
    REQUIRED_FOR_FOREST_BUILDING_TASK_CARD = "record-forestry-required-for-forest-building-task"
    REQUIRED_IN_STANDARD_GAME_OR_B = "record-forestry-required-in-standard-game-or-b"
    REQUIRED_WITH_INFESTATION_MODULE_3_DETACHED = "record-forestry-required-with-infestation-module"
    RIVER_TOKENS_MORE_THAN_ONE_PER = "record-forestry-river-tokens-more-than-one-per"
    SAWMILL_UPGRADES_IN_ALL_BUT_PLAYER = "record-forestry-sawmill-upgrades-in-all-but-player"
    SAWMILL_UPGRADES_IN_IN_ALL_BUT = "record-forestry-sawmill-upgrades-in-in-all-but"
    TASK_CARD_HAS_EXACTLY_ONE_REQUIREMENT = "record-forestry-task-card-has-exactly-one-requirement"
    TWO_CATEGORY_CONTRACT_SHOWS_TWO_DIFFERENT = "record-forestry-two-category-contract-shows-two"
    UPGRADES_IN_BUT_EACH_AREA_HAS = "record-forestry-upgrades-in-but-each-area-has"
    UPGRADES_MORE_THAN_BUILDING_TOKENS_PLAYER = "record-forestry-upgrades-more-than-building-tokens"
    WOOD_INFESTED_WOOD_TOKENS_MORE_THAN = "record-forestry-wood-infested-wood-tokens-more-than"


class _Problems:
    """Collects problems with their paths."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, path: str, message: Msg) -> None:
        self.items.append(Problem(path, message))

    def validate(self, model: type[M], data: Any, prefix: str) -> M | None:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            for p in problems_from(exc):
                path = prefix + ("" if not p.path else
                                 (p.path if p.path.startswith("[") or not prefix
                                  else "." + p.path))
                self.items.append(Problem(path, p.msg))
            return None

    def count(self, path: str, value: int, *, low: int = 0, high: int | None = None,
              what: Msg | None = None) -> bool:
        """Check ``low <= value <= high``; ``what`` names the limit (else the number)."""
        if value < low:
            if low == 0:
                self.add(path, msg(ForestryRecordCode.MUST_NOT_BE_NEGATIVE, value=value))
            else:
                self.add(path, msg(ForestryRecordCode.MUST_BE_AT_LEAST, low=low, value=value))
            return False
        if high is not None and value > high:
            limit = what if what is not None else high
            self.add(path, msg(ForestryRecordCode.MORE_THAN, value=value, value2=limit))
            return False
        return True


def _shell(model: type[M], data: Any, prefix: str, ps: _Problems) -> M | None:
    """Check a part's field names only (unknown or missing fields), then build it as is.

    The fields are ``Any`` in shell models; each is validated on its own later,
    so one bad field does not hide the problems of the others.
    """
    if not isinstance(data, dict):
        ps.validate(model, data, prefix)  # "Input should be a valid dictionary"
        return None
    ps.validate(model, data, prefix)
    known = {k: v for k, v in data.items() if k in model.model_fields}
    return model.model_construct(**known)


def _column_can_take(table: Sequence[ColumnIn], kind: ForesterType) -> bool:
    """Whether a forestry table could still take a token of ``kind`` (000: topmost free
    space of a column of that type, or an empty column)."""
    if len(table) < FORESTRY_COLUMNS:
        return True
    return any(col.type is kind and col.count < TABLE_ROWS for col in table)


def _may_go_below(table: Sequence[ColumnIn], kind: ForesterType) -> bool:
    """RULES.md "Below the table (Decision)": a token of ``kind`` may lie below the
    reforestation table when a column of ``kind`` is full (002, the player's choice)
    or when no column can take it (000)."""
    full = any(col.type is kind and col.count >= TABLE_ROWS for col in table)
    return full or not _column_can_take(table, kind)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# --------------------------------------------------------------------------- parts


def _options(raw: OptionsIn, ps: _Problems) -> ForestryOptions:
    if raw.mode is Mode.TUTORIAL and raw.technology_side is not None:
        ps.add("options.technology_side", msg(ForestryRecordCode.MUST_BE_NULL_IN_TUTORIAL_IT))
    if raw.mode is Mode.STANDARD and raw.technology_side is None:
        # the advanced game may use the tutorial's pre-printed technology table (002)
        ps.add("options.technology_side", msg(
            ForestryRecordCode.REQUIRED_IN_STANDARD_GAME_OR_B,
        ))
    gf = raw.growing_forward
    return ForestryOptions(
        mode=raw.mode,
        technology_side=raw.technology_side,
        growing_forward=None if gf is None else GrowingForward(gf.infestation,
                                                                gf.asymmetric_setup),
    )


def _count_table(raw: Mapping[str, int] | None, table: str, ps: _Problems
                 ) -> tuple[tuple[int, int], ...]:
    if raw is None:
        return ()
    allowed = TABLE_KEYS[table]
    out: dict[int, int] = {}
    for key, vp in raw.items():
        path = f"printed.{table}.{key}" if key else f"printed.{table}"
        if not key.isdigit() or not key.isascii() or (len(key) > 1 and key.startswith("0")):
            ps.add(path, msg(ForestryRecordCode.KEYS_ARE_COUNTS_WRITTEN_AS_WHOLE, key=key))
            continue
        n = int(key)
        if allowed is not None and n not in allowed:
            ps.add(path, msg(
                ForestryRecordCode.NO_ENTRY_FOR_KEYS_RUN_FROM,
                n=n,
                table=table,
                start=allowed.start,
                value=allowed.stop - 1,
            ))
            continue
        if ps.count(path, vp):
            out[n] = vp
    return tuple(sorted(out.items()))


def _printed(raw: PrintedIn, ps: _Problems) -> PrintedValues:
    tie: tuple[int, int, int] | None = None
    if raw.detached_top_tie is not None:
        spread = raw.detached_top_tie
        if len(spread) != 3:
            ps.add("printed.detached_top_tie", msg(
                ForestryRecordCode.MUST_LIST_3_NUMBERS_1ST_2ND,
                spread_count=len(spread),
            ))
        elif all(ps.count(f"printed.detached_top_tie[{i}]", v) for i, v in enumerate(spread)):
            tie = (spread[0], spread[1], spread[2])
    return PrintedValues(
        buildings_vp=_count_table(raw.buildings_vp, "buildings_vp", ps),
        tasks_vp=_count_table(raw.tasks_vp, "tasks_vp", ps),
        forest_worker_buildings_vp=_count_table(raw.forest_worker_buildings_vp,
                                                "forest_worker_buildings_vp", ps),
        technician_vp=_count_table(raw.technician_vp, "technician_vp", ps),
        detached_top_tie=tie,
    )


def _contract(entry: Any, path: str, ps: _Problems) -> Contract | None:
    if isinstance(entry, list):
        categories: list[ContractCategory] = []
        for j, item in enumerate(entry):
            try:
                categories.append(ContractCategory(item))
            except (ValueError, TypeError):
                ps.add(f"{path}[{j}]", msg(ForestryRecordCode.NOT_A_CATEGORY, value=repr(item),
                                           allowed=", ".join(c.value for c in ContractCategory)))
                return None
        chosen, cat_path = None, path
    elif isinstance(entry, dict):
        obj = ps.validate(ContractObjectIn, entry, path)
        if obj is None:
            return None
        categories, chosen, cat_path = obj.categories, obj.chosen, path + ".categories"
    else:
        ps.add(path, msg(ForestryRecordCode.NOT_A_CONTRACT, value=repr(entry)))
        return None
    ok = True
    if not 1 <= len(categories) <= 2:
        ps.add(cat_path, msg(
            ForestryRecordCode.CONTRACT_SHOWS_1_OR_2_CATEGORIES,
            categories_count=len(categories),
        ))
        ok = False
    elif len(categories) == 2 and categories[0] is categories[1]:
        ps.add(cat_path, msg(
            ForestryRecordCode.TWO_CATEGORY_CONTRACT_SHOWS_TWO_DIFFERENT,
            value=categories[0].value,
        ))
        ok = False
    if chosen is not None and ok:
        if len(categories) != 2:
            ps.add(path + ".chosen", msg(
                ForestryRecordCode.ONLY_TWO_CATEGORY_CONTRACT_HAS_CHOSEN,
            ))
            ok = False
        elif chosen not in categories:
            ps.add(path + ".chosen", msg(
                ForestryRecordCode.NOT_ONE_THIS_CONTRACT_CATEGORIES,
                value=chosen.value,
                value2=categories[0].value,
                value3=categories[1].value,
            ))
            ok = False
    return Contract(tuple(categories), chosen) if ok else None


def _task_card(raw: TaskCardIn, path: str, ps: _Problems) -> TaskCard | None:
    present = [k for k in REQUIREMENT_KEYS if getattr(raw, k) is not None]
    if len(present) != 1:
        got = "none" if not present else ", ".join(present)
        ps.add(path, msg(ForestryRecordCode.TASK_CARD_HAS_EXACTLY_ONE_REQUIREMENT, got=got))
        return None
    key = present[0]
    if raw.met is not None and key != "forest_building":
        ps.add(path + ".met", msg(ForestryRecordCode.ONLY_FOREST_BUILDING_TASK_CARD_HAS))
        return None
    if key == "contract" and raw.contract is not None:
        return ContractTask(raw.contract)
    if key == "seedlings" and raw.seedlings is not None:
        return SeedlingsTask(raw.seedlings)
    if key == "forester" and raw.forester is not None:
        return ForesterTask(raw.forester)
    if key == "sawmill_upgrade" and raw.sawmill_upgrade is not None:
        return SawmillUpgradeTask(raw.sawmill_upgrade)
    if key == "river_token":
        if raw.river_token is not True:
            ps.add(path + ".river_token", msg(ForestryRecordCode.MUST_BE_TRUE_CARD_ASKS_FOR))
            return None
        return RiverTokenTask()
    if raw.forest_building is not None:
        if raw.met is None:
            ps.add(path + ".met", msg(
                ForestryRecordCode.REQUIRED_FOR_FOREST_BUILDING_TASK_CARD,
            ))
            return None
        return ForestBuildingTask(raw.forest_building, raw.met)
    return None  # pragma: no cover - every key handled above


@dataclass
class _PlayerParts:
    """What validated of one player (None where the part has a problem)."""

    name: str | None = None
    character: Character | None = None
    infested_wood: int = 0
    player: ForestryPlayer | None = None


def _part(ps: _Problems, shell: PlayerShellIn | PlayerIn, name: str, p: str) -> Any:
    """Validate one player field against its :class:`PlayerIn` type (None if invalid)."""
    if isinstance(shell, PlayerIn):  # fast path: the whole player is well-formed
        return getattr(shell, name)
    if name not in shell.model_fields_set:
        if PlayerIn.model_fields[name].is_required():
            return None  # reported as missing by the shell
        return PlayerIn.model_fields[name].get_default(call_default_factory=True)
    value = getattr(shell, name)
    adapter = _adapter(name)
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        for prob in problems_from(exc):
            sub = prob.path
            path = f"{p}.{name}" + ("" if not sub else (sub if sub.startswith("[") else "." + sub))
            ps.add(path, prob.msg)
        return None


_ADAPTERS: dict[str, TypeAdapter[Any]] = {}


def _adapter(name: str) -> TypeAdapter[Any]:
    if name not in _ADAPTERS:
        _ADAPTERS[name] = TypeAdapter(PlayerIn.model_fields[name].rebuild_annotation())
    return _ADAPTERS[name]


def _player(shell: PlayerShellIn | PlayerIn, p: str, ps: _Problems, before: int
            ) -> _PlayerParts:
    """Validate one player part by part, so every problem is reported.

    ``before`` is the number of problems known before this player's checks
    began (the shell's unknown/missing fields count against the player).
    Each part is checked by its own function, in the order of the record.
    """
    parts = _PlayerParts()
    name = _part(ps, shell, "name", p)
    if name is not None:
        if not name.strip():
            ps.add(f"{p}.name", msg(ForestryRecordCode.MUST_NOT_BE_EMPTY))
        else:
            parts.name = name
    character: Character | None = _part(ps, shell, "character", p)
    parts.character = character
    score = _part(ps, shell, "score_track", p)
    if score is not None:
        ps.count(f"{p}.score_track", score)
    b: BuildingsIn | None = _part(ps, shell, "buildings", p)
    if b is not None:
        _check_buildings(b, p, ps)
    s: StorageIn | None = _part(ps, shell, "storage", p)
    if s is not None and _check_storage(s, p, ps):
        parts.infested_wood = s.infested_wood
    r: ResourcesIn | None = _part(ps, shell, "resources", p)
    if r is not None:
        for res in ("coins", "construction_materials", "seedlings", "temp_workers"):
            ps.count(f"{p}.resources.{res}", getattr(r, res))
    table: list[ColumnIn] | None = _part(ps, shell, "forestry_table", p)
    if table is not None:
        _check_table(table, p, ps)
    # Overflow below the reforestation table only happens when the tables are full
    # (000): checked for the normal boards, not the Forest Worker's combined table.
    normal_board = character is not Character.FOREST_WORKER
    below: ForestersBelowIn | None = _part(ps, shell, "forester_tokens_below", p)
    if below is not None:
        _check_below(below, table if normal_board else None, p, ps)
    refo: ReforestationIn | None = _part(ps, shell, "reforestation_table", p)
    if refo is not None:
        for area in Area:
            ps.count(f"{p}.reforestation_table.{area.value}", getattr(refo, area.value),
                     high=TABLE_ROWS,
                     what=msg(ForestryRecordCode.LIMIT_REFORESTATION_SPACES, count=TABLE_ROWS))
    seedlings_below = _part(ps, shell, "seedlings_below", p)
    if seedlings_below is not None:
        _check_seedlings_below(seedlings_below, refo if normal_board else None, p, ps)
    rivers: list[RiverSymbol] | None = _part(ps, shell, "river_tokens", p)
    if rivers is not None and len(rivers) > MAX_RIVER_TOKENS:
        ps.add(f"{p}.river_tokens", msg(
            ForestryRecordCode.RIVER_TOKENS_MORE_THAN_ONE_PER,
            rivers_count=len(rivers),
            max_river_tokens=MAX_RIVER_TOKENS,
        ))
    contracts = _contracts(shell, p, ps)
    tasks = _task_cards(shell, p, ps)
    extras = _extras(shell, character, p, ps)
    if len(ps.items) > before:
        return parts
    assert name is not None and score is not None and b is not None and s is not None
    assert r is not None and table is not None and below is not None and refo is not None
    assert seedlings_below is not None and rivers is not None
    parts.player = ForestryPlayer(
        name=name,
        character=character,
        score_track=score,
        buildings=Buildings(b.forest, tuple(b.sawmill)),
        storage=Storage(s.extensions, s.wood, s.infested_wood),
        resources=Resources(r.coins, r.construction_materials, r.seedlings, r.temp_workers),
        forestry_table=tuple(ForestryColumn(c.type, c.count) for c in table),
        forester_tokens_below=ForesterTokens(below.thinning, below.den_tree, below.painting),
        reforestation_table=Reforestation(refo.light_green, refo.dark_green, refo.orange),
        seedlings_below=seedlings_below,
        river_tokens=tuple(rivers),
        contracts=tuple(c for c in contracts if c is not None),
        task_cards=tuple(t for t in tasks if t is not None),
        road_connections=extras["road_connections"],
        technician_tiles=extras["technician_tiles"],
        full_seedling_rows=extras["full_seedling_rows"],
    )
    return parts


def _check_buildings(b: BuildingsIn, p: str, ps: _Problems) -> None:
    """The building tokens: forest buildings plus sawmill upgrades, per area."""
    tokens = msg(ForestryRecordCode.LIMIT_BUILDING_TOKENS, count=BUILDING_TOKENS)
    ok_forest = ps.count(f"{p}.buildings.forest", b.forest, high=BUILDING_TOKENS,
                         what=tokens)
    if len(b.sawmill) > BUILDING_TOKENS:
        ps.add(f"{p}.buildings.sawmill", msg(
            ForestryRecordCode.UPGRADES_MORE_THAN_BUILDING_TOKENS_PLAYER,
            sawmill_count=len(b.sawmill),
            building_tokens=BUILDING_TOKENS,
        ))
    elif ok_forest and b.forest + len(b.sawmill) > BUILDING_TOKENS:
        ps.add(f"{p}.buildings", msg(
            ForestryRecordCode.FOREST_BUILDINGS_SAWMILL_UPGRADES_BUILDING_TOKENS,
            forest=b.forest,
            sawmill_count=len(b.sawmill),
            value=b.forest + len(b.sawmill),
            building_tokens=BUILDING_TOKENS,
        ))
    for area, n in Counter(b.sawmill).items():
        if n > SAWMILLS_PER_AREA:
            ps.add(f"{p}.buildings.sawmill", msg(
                ForestryRecordCode.UPGRADES_IN_BUT_EACH_AREA_HAS,
                n=n,
                value=area.value,
                sawmills_per_area=SAWMILLS_PER_AREA,
            ))


def _check_storage(s: StorageIn, p: str, ps: _Problems) -> bool:
    """The storage's counts and spaces; True if every count is valid."""
    ok = ps.count(f"{p}.storage.extensions", s.extensions, high=MAX_STORAGE_EXTENSIONS,
                  what=msg(ForestryRecordCode.LIMIT_STORAGE_EXTENSIONS,
                           count=MAX_STORAGE_EXTENSIONS))
    ok = ps.count(f"{p}.storage.wood", s.wood) and ok
    ok = ps.count(f"{p}.storage.infested_wood", s.infested_wood) and ok
    spaces = BASE_STORAGE_SPACES + s.extensions
    if ok and s.wood + s.infested_wood > spaces:
        ps.add(f"{p}.storage", msg(
            ForestryRecordCode.WOOD_INFESTED_WOOD_TOKENS_MORE_THAN,
            wood=s.wood,
            infested_wood=s.infested_wood,
            value=s.wood + s.infested_wood,
            spaces=spaces,
            value2=_plural(s.extensions, 'extension'),
        ))
    return ok


def _check_table(table: list[ColumnIn], p: str, ps: _Problems) -> None:
    """The forestry table: how many columns, and each column's spaces."""
    if len(table) > FORESTRY_COLUMNS:
        ps.add(f"{p}.forestry_table", msg(
            ForestryRecordCode.COLUMNS_MORE_THAN_COLUMNS_FORESTRY_TABLE,
            table_count=len(table),
            forestry_columns=FORESTRY_COLUMNS,
        ))
    for i, col in enumerate(table):
        ps.count(f"{p}.forestry_table[{i}].count", col.count, low=1, high=TABLE_ROWS,
                 what=msg(ForestryRecordCode.LIMIT_COLUMN_SPACES, count=TABLE_ROWS))


def _check_below(below: ForestersBelowIn, table: list[ColumnIn] | None, p: str,
                 ps: _Problems) -> None:
    """Forester tokens below the table; ``table`` is None where overflow is not checked
    (the Forest Worker's combined table, or a table that did not validate)."""
    for kind in ForesterType:
        n = getattr(below, kind.value)
        if (ps.count(f"{p}.forester_tokens_below.{kind.value}", n) and n
                and table is not None and len(table) <= FORESTRY_COLUMNS
                and not _may_go_below(table, kind)):
            ps.add(f"{p}.forester_tokens_below.{kind.value}", msg(
                ForestryRecordCode.BELOW_TABLE_BUT_FORESTRY_TABLE_CAN,
                value=_plural(n, 'token'),
                value2=kind.value,
            ))


def _check_seedlings_below(seedlings_below: int, refo: ReforestationIn | None, p: str,
                           ps: _Problems) -> None:
    """Seedlings below the reforestation table; ``refo`` is None where overflow is not
    checked (the Forest Worker's combined table, or a table that did not validate)."""
    if (ps.count(f"{p}.seedlings_below", seedlings_below) and seedlings_below
            and refo is not None
            and all(getattr(refo, a.value) < TABLE_ROWS for a in Area)):
        ps.add(f"{p}.seedlings_below", msg(
            ForestryRecordCode.BELOW_TABLE_BUT_NO_REFORESTATION_COLUMN,
            value=_plural(seedlings_below, 'seedling'),
        ))


def _contracts(shell: PlayerShellIn | PlayerIn, p: str, ps: _Problems
               ) -> list[Contract | None]:
    """The player's contracts, each validated (None where one has a problem)."""
    raw_contracts = _part(ps, shell, "contracts", p)
    if raw_contracts is None:
        return []
    return [_contract(c, f"{p}.contracts[{i}]", ps) for i, c in enumerate(raw_contracts)]


def _task_cards(shell: PlayerShellIn | PlayerIn, p: str, ps: _Problems
                ) -> list[TaskCard | None]:
    """The player's task cards, each validated (None where one has a problem)."""
    tasks: list[TaskCard | None] = []
    raw_tasks = shell.task_cards if "task_cards" in shell.model_fields_set else []
    if not isinstance(raw_tasks, list):
        _part(ps, shell, "task_cards", p)  # reports the type problem
        return tasks
    for i, item in enumerate(raw_tasks):
        card = (item if isinstance(item, TaskCardIn)
                else ps.validate(TaskCardIn, item, f"{p}.task_cards[{i}]"))
        tasks.append(None if card is None else _task_card(card, f"{p}.task_cards[{i}]", ps))
    return tasks


def _extras(shell: PlayerShellIn | PlayerIn, character: Character | None, p: str,
            ps: _Problems) -> dict[str, int | None]:
    """The characters' own counts: required for their owner, refused for the others."""
    extras: dict[str, int | None] = {}
    for extra, owner in CHARACTER_EXTRAS.items():
        known = len(ps.items)
        value = _part(ps, shell, extra, p)
        extras[extra] = value
        if value is None:
            if character is owner and len(ps.items) == known:  # absent, not malformed
                ps.add(f"{p}.{extra}", msg(
                    ForestryRecordCode.REQUIRED_FOR_CHARACTER,
                    value=owner.value,
                ))
            continue
        if character is not owner:
            ps.add(f"{p}.{extra}", msg(
                ForestryRecordCode.ONLY_CHARACTER_HAS,
                value=owner.value,
                extra=extra,
            ))
            continue
        limit = EXTRA_MAX[extra]
        ps.count(f"{p}.{extra}", value, high=limit,
                 what=msg(ForestryRecordCode.LIMIT_MOST_POSSIBLE, count=limit))
    return extras


def _detached(raw: Any, options: ForestryOptions | None, ps: _Problems
              ) -> tuple[DetachedStorage, ...]:
    infestation = options is not None and options.infestation
    if raw is None:
        if infestation:
            ps.add("detached_storages", msg(
                ForestryRecordCode.REQUIRED_WITH_INFESTATION_MODULE_3_DETACHED,
            ))
        return ()
    if options is not None and not infestation:
        ps.add("detached_storages", msg(
            ForestryRecordCode.ONLY_WITH_GROWING_FORWARD_INFESTATION_MODULE,
        ))
        return ()
    if not isinstance(raw, list):
        ps.add("detached_storages", msg(
            ForestryRecordCode.MUST_BE_LIST_3_DETACHED_STORAGES,
            raw=raw,
        ))
        return ()
    if len(raw) != 3:
        ps.add("detached_storages", msg(
            ForestryRecordCode.INFESTATION_MODULE_HAS_EXACTLY_3_DETACHED,
            raw_count=len(raw),
        ))
    out: list[DetachedStorage] = []
    seen: dict[DetachedCriterion, int] = {}
    for i, item in enumerate(raw):
        st = ps.validate(DetachedStorageIn, item, f"detached_storages[{i}]")
        if st is None:
            continue
        if not ps.count(f"detached_storages[{i}].infested_wood", st.infested_wood):
            continue
        if st.criterion in seen:
            ps.add(f"detached_storages[{i}].criterion", msg(
                ForestryRecordCode.ALREADY_ON_DETACHED_STORAGES_EACH_SCORING,
                value=st.criterion.value,
                value2=seen[st.criterion],
            ))
            continue
        seen[st.criterion] = i
        out.append(DetachedStorage(st.criterion, st.infested_wood))
    return tuple(out)


def _game_checks(options: ForestryOptions | None, parts: Sequence[_PlayerParts],
                 storages: Sequence[DetachedStorage], ps: _Problems) -> None:
    n = len(parts)
    if options is not None and options.infestation and n == 1:
        ps.add("options.growing_forward.infestation", msg(
            ForestryRecordCode.INFESTATION_MODULE_CANNOT_BE_PLAYED_SOLO,
        ))
    seen: dict[str, int] = {}
    characters: dict[Character, int] = {}
    for i, part in enumerate(parts):
        if part.name is not None:
            key = part.name.strip().casefold()
            if key in seen:
                ps.add(f"players[{i}].name", msg(
                    ForestryRecordCode.ALREADY_NAME_PLAYERS_NAMES_MUST_BE,
                    name=part.name,
                    value=seen[key],
                ))
            else:
                seen[key] = i
        character = part.character
        if character is not None and options is not None:
            if options.mode is not Mode.ADVANCED:
                ps.add(f"players[{i}].character", msg(
                    ForestryRecordCode.CHARACTERS_ARE_ONLY_PLAYED_IN_ADVANCED,
                    value=options.mode.value,
                ))
            elif character in GROWING_FORWARD_CHARACTERS and options.growing_forward is None:
                ps.add(f"players[{i}].character", msg(
                    ForestryRecordCode.COMES_WITH_GROWING_FORWARD_ADD_OPTIONS,
                    value=character.value,
                ))
            if character in characters:
                first = characters[character]
                ps.add(f"players[{i}].character", msg(
                    ForestryRecordCode.ALREADY_PLAYED_BY_PLAYERS_EACH_CHARACTER,
                    value=character.value,
                    first=first,
                ))
            else:
                characters[character] = i
        if part.infested_wood and options is not None and not options.infestation:
            ps.add(f"players[{i}].storage.infested_wood", msg(
                ForestryRecordCode.INFESTED_WOOD_EXISTS_ONLY_WITH_GROWING,
            ))
    players = [part.player for part in parts]
    done = [pl for pl in players if pl is not None]
    if len(done) != n:
        return
    neutral = NEUTRAL_BUILDINGS.get(n, 0)
    for area in Area:
        upgrades = sum(pl.buildings.sawmill.count(area) for pl in done)
        if upgrades > SAWMILLS_PER_AREA:
            ps.add("players", msg(
                ForestryRecordCode.SAWMILL_UPGRADES_IN_IN_ALL_BUT,
                upgrades=upgrades,
                value=area.value,
                sawmills_per_area=SAWMILLS_PER_AREA,
            ))
    upgrades = sum(len(pl.buildings.sawmill) for pl in done)
    if upgrades > 3 * SAWMILLS_PER_AREA - neutral:
        ps.add("players", msg(
            ForestryRecordCode.SAWMILL_UPGRADES_IN_ALL_BUT_PLAYER,
            upgrades=upgrades,
            n=n,
            value=3 * SAWMILLS_PER_AREA - neutral,
        ))
    forest = sum(pl.buildings.forest for pl in done)
    if forest > CLEARINGS - neutral:
        ps.add("players", msg(
            ForestryRecordCode.FOREST_BUILDINGS_IN_ALL_BUT_PLAYER,
            forest=forest,
            n=n,
            value=CLEARINGS - neutral,
        ))
    infested = sum(pl.storage.infested_wood for pl in done) + sum(
        st.infested_wood for st in storages)
    if infested > INFESTED_WOOD_TOKENS:
        ps.add("detached_storages", msg(
            ForestryRecordCode.INFESTED_WOOD_TOKENS_IN_STORAGES_BUT,
            infested=infested,
            infested_wood_tokens=INFESTED_WOOD_TOKENS,
        ))


# --------------------------------------------------------------------------- public


def parse_forestry(data: Any) -> ForestryGame:
    """Validate a decoded Forestry record and return the game (raises RecordError).

    Every problem is collected before raising; each names its field path
    (0-based indices), e.g. ``players[1].storage: 3 wood + 1 infested wood = 4
    tokens, more than the 3 open storage spaces (2 + 1 extension)``.
    """
    check_envelope(data)
    ps = _Problems()
    top: dict[str, Any] = data
    _shell(RecordIn, data, "", ps)  # unknown and missing top-level fields
    if top.get("played_at") is not None:
        if not isinstance(top["played_at"], str):
            ps.add("played_at", msg(
                ForestryRecordCode.MUST_BE_ISO_8601_DATE_TIME,
                value=top['played_at'],
            ))
        else:
            try:
                datetime.fromisoformat(top["played_at"])
            except ValueError:
                ps.add("played_at", msg(
                    ForestryRecordCode.NOT_ISO_8601_DATE_TIME,
                    value=top['played_at'],
                ))
    if top.get("location") is not None and not isinstance(top["location"], str):
        ps.add("location", msg(ForestryRecordCode.MUST_BE_STRING, value=top['location']))
    seed = top.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        ps.add("seed", msg(ForestryRecordCode.MUST_BE_WHOLE_NUMBER, seed=seed))
    for problem in common_problems(top):
        ps.add(problem.path, problem.msg)

    options: ForestryOptions | None = None
    if "options" in top:
        opts_in = ps.validate(OptionsIn, top["options"], "options")
        options = None if opts_in is None else _options(opts_in, ps)

    printed = PrintedValues()
    if top.get("printed") is not None:
        printed_in = ps.validate(PrintedIn, top["printed"], "printed")
        if printed_in is not None:
            printed = _printed(printed_in, ps)

    storages = _detached(top.get("detached_storages"), options, ps)
    players: list[ForestryPlayer | None] = []
    raw_players = top.get("players")
    if "players" not in top:
        pass  # reported as missing by the shell
    elif not isinstance(raw_players, list):
        ps.add("players", msg(
            ForestryRecordCode.MUST_BE_LIST_1_4_PLAYERS,
            raw_players=raw_players,
        ))
    elif not 1 <= len(raw_players) <= 4:
        ps.add("players", msg(
            ForestryRecordCode.FORESTRY_PLAYED_BY_1_4_PLAYERS,
            raw_players_count=len(raw_players),
        ))
    else:
        parts: list[_PlayerParts] = []
        for i, item in enumerate(raw_players):
            before = len(ps.items)
            try:  # fast path: well-formed, only the rules are left to check
                whole: PlayerIn | PlayerShellIn | None = PlayerIn.model_validate(item)
            except ValidationError:
                whole = _shell(PlayerShellIn, item, f"players[{i}]", ps)
            parts.append(_PlayerParts() if whole is None
                         else _player(whole, f"players[{i}]", ps, before))
        players = [part.player for part in parts]
        _game_checks(options, parts, storages, ps)

    if ps.items or options is None:
        raise RecordError(ps.items)
    return ForestryGame(
        options=options,
        players=tuple(pl for pl in players if pl is not None),
        printed=printed,
        detached_storages=storages,
        seed=seed,
        played_at=top.get("played_at"),
        location=top.get("location"),
        first_player=top.get("first_player"),
    )


def _task_json(task: TaskCard) -> dict[str, Any]:
    if isinstance(task, ContractTask):
        return {"contract": task.category.value}
    if isinstance(task, SeedlingsTask):
        return {"seedlings": task.area.value}
    if isinstance(task, ForesterTask):
        return {"forester": task.type.value}
    if isinstance(task, SawmillUpgradeTask):
        return {"sawmill_upgrade": task.area.value}
    if isinstance(task, RiverTokenTask):
        return {"river_token": True}
    return {"forest_building": task.text, "met": task.met}


def _contract_json(contract: Contract) -> list[str] | dict[str, Any]:
    cats = [c.value for c in contract.categories]
    if contract.chosen is None:
        return cats
    return {"categories": cats, "chosen": contract.chosen.value}


def _player_json(pl: ForestryPlayer) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": pl.name,
        "character": None if pl.character is None else pl.character.value,
        "score_track": pl.score_track,
        "buildings": {"forest": pl.buildings.forest,
                      "sawmill": [a.value for a in pl.buildings.sawmill]},
        "storage": {"extensions": pl.storage.extensions, "wood": pl.storage.wood,
                    "infested_wood": pl.storage.infested_wood},
        "resources": {"coins": pl.resources.coins,
                      "construction_materials": pl.resources.construction_materials,
                      "seedlings": pl.resources.seedlings,
                      "temp_workers": pl.resources.temp_workers},
        "forestry_table": [{"type": c.type.value, "count": c.count} for c in pl.forestry_table],
        "forester_tokens_below": {k.value: pl.forester_tokens_below.of(k) for k in ForesterType
                                  if pl.forester_tokens_below.of(k)},
        "reforestation_table": {a.value: pl.reforestation_table.of(a) for a in Area},
        "seedlings_below": pl.seedlings_below,
        "river_tokens": [r.value for r in pl.river_tokens],
        "contracts": [_contract_json(c) for c in pl.contracts],
        "task_cards": [_task_json(t) for t in pl.task_cards],
    }
    for extra in CHARACTER_EXTRAS:
        if getattr(pl, extra) is not None:
            out[extra] = getattr(pl, extra)
    return out


def to_record(game: ForestryGame) -> dict[str, Any]:
    """The record-v1 JSON object for a game (the reverse of :func:`parse_forestry`)."""
    opts = game.options
    options: dict[str, Any] = {
        "mode": opts.mode.value,
        "technology_side": None if opts.technology_side is None else opts.technology_side.value,
    }
    if opts.growing_forward is not None:
        options["growing_forward"] = {"infestation": opts.growing_forward.infestation,
                                      "asymmetric_setup": opts.growing_forward.asymmetric_setup}
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": "forestry"}
    if game.played_at is not None:
        out["played_at"] = game.played_at
    if game.location is not None:
        out["location"] = game.location
    if game.seed is not None:
        out["seed"] = game.seed
    if game.first_player is not None:
        out["first_player"] = game.first_player
    out["options"] = options
    printed: dict[str, Any] = {}
    for table in COUNT_TABLES:
        entries: tuple[tuple[int, int], ...] = getattr(game.printed, table)
        if entries:
            printed[table] = {str(k): v for k, v in entries}
    if game.printed.detached_top_tie is not None:
        printed["detached_top_tie"] = list(game.printed.detached_top_tie)
    if printed:
        out["printed"] = printed
    if game.detached_storages:
        out["detached_storages"] = [{"criterion": s.criterion.value,
                                     "infested_wood": s.infested_wood}
                                    for s in game.detached_storages]
    out["players"] = [_player_json(pl) for pl in game.players]
    return out

"""Pure player-board actions: the Forestry player board as players tap it.

Each action takes a frozen :class:`~scoring.forestry.model.ForestryPlayer` and
returns ``(new board, events)``. Events are data (:class:`RowCompleted`,
:class:`WaterStep`, :class:`BelowTable`, ...). **The mirror principle**
(docs/rules-decisions.md): an action changes only what it names; the VP an
event carries (RULES.md §2.3 "Immediate VP") are *never* added to the score
track here. The session offers them as one-tap suggestions, so a score track
the player typed is never counted twice.

What the actions mirror (000 "Reforestation table", "Tending the forest",
"Forest buildings", "Water structures track"; 002 the same sections):

- forester tokens go to the topmost free space of a column holding their type,
  or start a new column while the table has fewer than 3; a token no column can
  take goes below the reforestation table for 2 VP;
- seedlings go to their area's column from the top; a seedling for a full
  column goes below the table for 2 VP;
- a full row pays its bonus: row 1 a technology upgrade (a message: technology
  tiles are not modelled), row 2 a water track step, row 3 6 VP;
- building tokens are used left to right for forest buildings and sawmill
  upgrades alike (6 in all); the third storage extension and the fifth
  building token each step the water track.

Water steps are never stored: the multiplier is derived from the board
(:func:`scoring.forestry.model.water_steps`), and the actions report a
:class:`WaterStep` whenever that derivation gains a step. Resource costs are
not deducted (they depend on technology tiles and characters); players set
their resources with :func:`set_count`. Undo is the session log's job, not an
inverse of these functions.

Forest Worker (001) uses a combined table whose row bonuses the sources do not
list: for that character, tokens and seedlings are counted as usual but no row
bonus is applied automatically; a :class:`Notice` says so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from scoring.forestry.enums import Area, Character, ContractCategory, ForesterType, RiverSymbol
from scoring.forestry.model import (
    BASE_STORAGE_SPACES,
    BUILDING_TOKENS,
    FORESTRY_COLUMNS,
    MAX_RIVER_TOKENS,
    MAX_STORAGE_EXTENSIONS,
    TABLE_ROWS,
    Contract,
    ForestBuildingTask,
    ForesterTokens,
    ForestryColumn,
    ForestryPlayer,
    Resources,
    Storage,
    TaskCard,
    buildings_used,
    forestry_row_full,
    reforestation_row_full,
    water_multiplier,
    water_steps,
)
from scoring.message import MessageCode, Refusal, msg

#: VP for a full row 3 of either table (000, 002).
ROW_3_VP = 6
#: VP for a seedling or forester token put below the reforestation table (000, 002).
BELOW_TABLE_VP = 2
#: VP for taking a reward-track lap as VP (RULES.md §2.3).
REWARD_LAP_VP = 3
#: Upgradable sawmill buildings per area (002 setup 10: nine tiles, three per area).
SAWMILLS_PER_AREA = 3
#: Score track bound used to reject typos (a score marker laps at 50; RULES.md §2.3).
MAX_SCORE_TRACK = 500
#: Bound for coins / resources counts (typo guard, not a rule).
MAX_COUNT = 99

Table = str  # "forestry" | "reforestation"


class BoardCode(MessageCode):
    """What the Forestry board refuses (``BoardError`` codes)."""

    ALL_BUILDING_TOKENS_ARE_USED = "refusal-board-all-building-tokens-are-used"
    ALL_THREE_STORAGE_EXTENSIONS_ARE_OPEN = "refusal-board-all-three-storage-extensions-are-open"
    AREA_HAS_ONLY_SAWMILL_BUILDINGS = "refusal-board-area-has-only-sawmill-buildings"
    CONTRACT_SHOWS_ONE_CATEGORY_OR_TWO = "refusal-board-contract-shows-one-category-or-two"
    FORESTRY_TABLE_ALREADY_HAS_3_COLUMNS = "refusal-board-forestry-table-already-has-3-columns"
    FORESTRY_TABLE_HAS_COLUMNS_0_1 = "refusal-board-forestry-table-has-columns-0-1"
    MUST_BE_BETWEEN_AND = "refusal-board-must-be-between-and"
    MUST_BE_WHOLE_NUMBER = "refusal-board-must-be-whole-number"
    NO_COLUMN_CAN_TAKE_TOKEN_IT = "refusal-board-no-column-can-take-token-it"
    NO_CONTRACT_TO_CHANGE = "refusal-board-no-contract-to-change"
    NO_CONTRACT_TO_REMOVE = "refusal-board-no-contract-to-remove"
    NO_RIVER_TOKEN_TO_REMOVE = "refusal-board-no-river-token-to-remove"
    NO_TASK_CARD_TO_CHANGE = "refusal-board-no-task-card-to-change"
    NO_TASK_CARD_TO_REMOVE = "refusal-board-no-task-card-to-remove"
    NOT_COUNT_THAT_CAN_BE_SET = "refusal-board-not-count-that-can-be-set"
    ONLY_FOREST_BUILDING_TASK_CARD_CONFIRMED = "refusal-board-only-forest-building-task"
    ONLY_HAS_THIS_COUNT = "refusal-board-only-has-this-count"
    CHOOSE_ONE_OF_TWO = "refusal-board-choose-one-of-two"
    PLAYER_HAS_AT_MOST_RIVER_TOKENS = "refusal-board-player-has-at-most-river-tokens"
    START_NEXT_COLUMN_FIRST = "refusal-board-start-next-column-first"
    STORAGE_HAS_OPEN_SPACES_WOOD_AND = "refusal-board-storage-has-open-spaces-wood-and"
    THIS_COLUMN_FULL = "refusal-board-this-column-full"
    THIS_COLUMN_HOLDS_TOKENS_NOT = "refusal-board-this-column-holds-tokens-not"
    COLUMN_INDEX = "refusal-board-column-index"  # column, next
    COLUMN_COUNT = "refusal-board-column-count"  # value, high
    COUNT_RANGE = "refusal-board-count-range"  # value, low, high
    BUILDING_TOKENS = "refusal-board-building-tokens"  # limit
    SAWMILLS = "refusal-board-sawmills-per-area"  # limit
    STORAGE_SPACES = "refusal-board-storage-spaces"  # spaces


class BoardError(Refusal):
    """An action the board does not allow; ``field`` names the board field (record-v1 path)."""

    @classmethod
    def coded(cls, code: BoardCode, field: str, **params: int | str) -> BoardError:
        """A refusal given as a code with its field (the form the sheet branch wrote)."""
        return cls(code, field=field, **params)


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class ForesterPlaced:
    """A forester token went onto the forestry table: column index (0-based) and row (1-3)."""

    type: ForesterType
    column: int
    row: int


@dataclass(frozen=True, slots=True)
class SeedlingPlanted:
    """A seedling went onto the reforestation table: its area column and row (1-3)."""

    area: Area
    row: int


@dataclass(frozen=True, slots=True)
class BelowTable:
    """A seedling or forester token went below the reforestation table for 2 VP."""

    item: str  # "seedling" | "forester:<type>"
    vp: int = BELOW_TABLE_VP


@dataclass(frozen=True, slots=True)
class RowCompleted:
    """A row of the forestry or reforestation table is now full; ``vp`` is 6 for row 3."""

    table: Table
    row: int
    vp: int = 0


@dataclass(frozen=True, slots=True)
class TechnologyUpgrade:
    """Row 1 of a table is full: the player upgrades a technology (not modelled)."""

    source: str


@dataclass(frozen=True, slots=True)
class WaterStep:
    """The water structures track moved up a step; ``new_multiplier`` is 1-5."""

    reason: str
    new_multiplier: int


@dataclass(frozen=True, slots=True)
class RewardLap:
    """A reward-track lap taken as VP."""

    vp: int = REWARD_LAP_VP


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the player must do by hand (the app does not model it).

    ``kind`` says what (``forest_worker_row``: a Forest Worker's combined table
    row is full, its printed bonus is taken by hand); ``table`` and ``row`` name
    the row. The catalogues word it (``event-forest-worker-row``).
    """

    kind: str = "forest_worker_row"
    table: Table = ""
    row: int = 0


BoardEvent = (
    ForesterPlaced
    | SeedlingPlanted
    | BelowTable
    | RowCompleted
    | TechnologyUpgrade
    | WaterStep
    | RewardLap
    | Notice
)
Result = tuple[ForestryPlayer, tuple[BoardEvent, ...]]


def event_vp(event: BoardEvent) -> int:
    """The immediate VP an event earns (suggested to the player, never added by itself)."""
    if isinstance(event, BelowTable | RowCompleted | RewardLap):
        return event.vp
    return 0


# --------------------------------------------------------------------------- helpers


def _finish(before: ForestryPlayer, after: ForestryPlayer, events: list[BoardEvent]) -> Result:
    """Report new water steps after ``events`` (their VP are suggestions, never added)."""
    gained = Counter(water_steps(after)) - Counter(water_steps(before))
    multiplier = water_multiplier(after)
    for reason in water_steps(after):
        if gained[reason] > 0:
            gained[reason] -= 1
            events.append(WaterStep(reason, multiplier))
    return after, tuple(events)


def _row_events(board: ForestryPlayer, table: Table, row: int) -> list[BoardEvent]:
    """The bonus events for a row that just became full."""
    if board.character is Character.FOREST_WORKER:
        return [
            Notice("forest_worker_row", table, row)
        ]
    if row == 1:
        return [RowCompleted(table, 1), TechnologyUpgrade(f"{table} table row 1")]
    if row == 2:
        return [RowCompleted(table, 2)]  # the water step follows from the derived track
    return [RowCompleted(table, 3, ROW_3_VP)]


def _check_range(field: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BoardError(BoardCode.MUST_BE_WHOLE_NUMBER, field=field, value=value)
    if not low <= value <= high:
        raise BoardError(
            BoardCode.MUST_BE_BETWEEN_AND,
            field=field,
            low=low,
            high=high,
            value=value,
        )


# --------------------------------------------------------------------------- tables


def forester_targets(board: ForestryPlayer, kind: ForesterType) -> tuple[int, ...]:
    """Column indexes (0-based) that can take a token of ``kind``.

    Existing columns of that type with a free space, then ``len(columns)`` for a
    new column while there are fewer than 3. Empty: the token goes below.
    """
    columns = board.forestry_table
    out = [i for i, c in enumerate(columns) if c.type is kind and c.count < TABLE_ROWS]
    if len(columns) < FORESTRY_COLUMNS:
        out.append(len(columns))
    return tuple(out)


def place_forester(
    board: ForestryPlayer, kind: ForesterType, column: int | None = None
) -> Result:
    """Put a forester token of ``kind`` on the forestry table (000 "Tending the forest").

    ``column`` (0-based) picks the column; ``len(forestry_table)`` starts a new
    one. ``None`` picks the least-filled column of that type (leftmost on a
    tie), else a new column. Only when no column can take the token does it go
    below the reforestation table for 2 VP; naming a column then is an error.

    >>> b, ev = place_forester(ForestryPlayer("P"), ForesterType.THINNING)
    >>> b.forestry_table, ev
    ((ForestryColumn(type=<ForesterType.THINNING: 'thinning'>, count=1),), \
(ForesterPlaced(type=<ForesterType.THINNING: 'thinning'>, column=0, row=1),))
    """
    kind = ForesterType(kind)
    targets = forester_targets(board, kind)
    columns = list(board.forestry_table)
    if not targets:
        if column is not None:
            raise BoardError(
                BoardCode.NO_COLUMN_CAN_TAKE_TOKEN_IT,
                field=f"forestry_table[{column}]",
                kind=msg(f"label-{kind.value}"),
            )
        below = board.forester_tokens_below
        new_below = replace(below, **{kind.value: below.of(kind) + 1})
        after = replace(board, forester_tokens_below=new_below)
        return _finish(board, after, [BelowTable(f"forester:{kind.value}")])
    if column is None:
        existing = [i for i in targets if i < len(columns)]
        column = min(existing, key=lambda i: (columns[i].count, i)) if existing else targets[-1]
    elif column not in targets:
        field = f"forestry_table[{column}]"
        if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column < 3:
            raise BoardError(BoardCode.FORESTRY_TABLE_HAS_COLUMNS_0_1, field=field)
        if column > len(columns):
            raise BoardError(
                BoardCode.START_NEXT_COLUMN_FIRST,
                field=field,
                columns_count=len(columns),
                number=len(columns) + 1,
            )
        if column == len(columns):
            raise BoardError(BoardCode.FORESTRY_TABLE_ALREADY_HAS_3_COLUMNS, field=field)
        have = columns[column]
        if have.type is not kind:
            holds, wanted = msg(f"label-{have.type.value}"), msg(f"label-{kind.value}")
            raise BoardError(
                BoardCode.THIS_COLUMN_HOLDS_TOKENS_NOT,
                field=field,
                holds=holds,
                wanted=wanted,
            )
        raise BoardError(BoardCode.THIS_COLUMN_FULL, field=field)
    if column == len(columns):
        columns.append(ForestryColumn(kind, 1))
    else:
        columns[column] = ForestryColumn(kind, columns[column].count + 1)
    row = columns[column].count
    after = replace(board, forestry_table=tuple(columns))
    events: list[BoardEvent] = [ForesterPlaced(kind, column, row)]
    if forestry_row_full(after, row) and not forestry_row_full(board, row):
        events += _row_events(board, "forestry", row)
    return _finish(board, after, events)


def plant_seedling(board: ForestryPlayer, area: Area) -> Result:
    """Plant a seedling in ``area``'s reforestation column, from the top (000 "Reforestation").

    A full column sends the seedling below the table for 2 VP.
    """
    area = Area(area)
    have = board.reforestation_table.of(area)
    if have >= TABLE_ROWS:
        after = replace(board, seedlings_below=board.seedlings_below + 1)
        return _finish(board, after, [BelowTable("seedling")])
    table = replace(board.reforestation_table, **{area.value: have + 1})
    after = replace(board, reforestation_table=table)
    row = have + 1
    events: list[BoardEvent] = [SeedlingPlanted(area, row)]
    if reforestation_row_full(after, row) and not reforestation_row_full(board, row):
        events += _row_events(board, "reforestation", row)
    return _finish(board, after, events)


def set_column(board: ForestryPlayer, column: int, kind: ForesterType, count: int) -> Result:
    """Set forestry table column ``column`` (0-based) to ``count`` tokens of ``kind``.

    The board as it is, column by column (several columns may hold one type;
    002): ``column == len(forestry_table)`` starts a new column, ``count`` 0
    takes the column away (the columns to its right move left, as the record
    lists only columns holding tokens). Row bonuses and water steps it brings are
    reported as events; their VP are suggestions (never added here).

    >>> b, _ = set_column(ForestryPlayer("P"), 0, ForesterType.THINNING, 2)
    >>> b, _ = set_column(b, 1, ForesterType.THINNING, 2)
    >>> [(c.type.value, c.count) for c in b.forestry_table]
    [('thinning', 2), ('thinning', 2)]
    """
    kind = ForesterType(kind)
    columns = list(board.forestry_table)
    field = f"forestry_table[{column}]"
    top = min(len(columns), FORESTRY_COLUMNS - 1)
    if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column <= top:
        raise BoardError.coded(BoardCode.COLUMN_INDEX, field, column=str(column),
                               next=len(columns) + 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= TABLE_ROWS:
        raise BoardError.coded(BoardCode.COLUMN_COUNT, f"{field}.count", value=str(count),
                               high=TABLE_ROWS)
    if count == 0:
        if column < len(columns):
            del columns[column]
    elif column == len(columns):
        columns.append(ForestryColumn(kind, count))
    else:
        columns[column] = ForestryColumn(kind, count)
    after = replace(board, forestry_table=tuple(columns))
    return _finish(board, after, _diff_events(board, after))


def remove_column(board: ForestryPlayer, column: int) -> Result:
    """Take forestry table column ``column`` away (entered by mistake)."""
    columns = board.forestry_table
    if isinstance(column, bool) or not isinstance(column, int) or \
            not 0 <= column < len(columns):
        raise BoardError.coded(BoardCode.COLUMN_INDEX, f"forestry_table[{column}]",
                               column=str(column), next=len(columns) + 1)
    return set_column(board, column, columns[column].type, 0)


def _diff_events(before: ForestryPlayer, after: ForestryPlayer) -> list[BoardEvent]:
    """The immediate effects a direct change brings: rows newly full, tokens newly below."""
    events: list[BoardEvent] = []
    tables = (("forestry", forestry_row_full), ("reforestation", reforestation_row_full))
    for table, full in tables:
        for row in range(1, TABLE_ROWS + 1):
            if full(after, row) and not full(before, row):
                events += _row_events(before, table, row)
    for kind in ForesterType:
        gained = after.forester_tokens_below.of(kind) - before.forester_tokens_below.of(kind)
        events += [BelowTable(f"forester:{kind.value}")] * max(0, gained)
    events += [BelowTable("seedling")] * max(0, after.seedlings_below - before.seedlings_below)
    return events


# --------------------------------------------------------------------------- buildings, storage


def _check_building_token(board: ForestryPlayer) -> None:
    if buildings_used(board) >= BUILDING_TOKENS:
        raise BoardError(
            BoardCode.ALL_BUILDING_TOKENS_ARE_USED,
            field="buildings",
            building_tokens=BUILDING_TOKENS,
        )


def build_forest_building(board: ForestryPlayer) -> Result:
    """Use the leftmost building token for a forest building (the fifth steps the water track)."""
    _check_building_token(board)
    after = replace(board, buildings=replace(board.buildings, forest=board.buildings.forest + 1))
    return _finish(board, after, [])


def upgrade_sawmill(board: ForestryPlayer, area: Area) -> Result:
    """Use the leftmost building token to upgrade a sawmill building in ``area``."""
    area = Area(area)
    _check_building_token(board)
    if board.buildings.sawmill.count(area) >= SAWMILLS_PER_AREA:
        raise BoardError(
            BoardCode.AREA_HAS_ONLY_SAWMILL_BUILDINGS,
            field="buildings.sawmill",
            area=msg(f"label-{area.value}"),
            sawmills_per_area=SAWMILLS_PER_AREA,
        )
    buildings = replace(board.buildings, sawmill=(*board.buildings.sawmill, area))
    return _finish(board, replace(board, buildings=buildings), [])


def open_storage_extension(board: ForestryPlayer) -> Result:
    """Open the next storage extension (I, II, III); the third steps the water track."""
    if board.storage.extensions >= MAX_STORAGE_EXTENSIONS:
        raise BoardError(
            BoardCode.ALL_THREE_STORAGE_EXTENSIONS_ARE_OPEN,
            field="storage.extensions",
        )
    storage = replace(board.storage, extensions=board.storage.extensions + 1)
    return _finish(board, replace(board, storage=storage), [])


# --------------------------------------------------------------------------- river tokens, cards


def add_river_token(board: ForestryPlayer, symbol: RiverSymbol) -> Result:
    """Keep the river token a water structure replaced (at most 2: one per structure)."""
    symbol = RiverSymbol(symbol)
    if len(board.river_tokens) >= MAX_RIVER_TOKENS:
        raise BoardError(
            BoardCode.PLAYER_HAS_AT_MOST_RIVER_TOKENS,
            field="river_tokens",
            max_river_tokens=MAX_RIVER_TOKENS,
        )
    return replace(board, river_tokens=(*board.river_tokens, symbol)), ()


def remove_river_token(board: ForestryPlayer, symbol: RiverSymbol) -> Result:
    """Take back a river token entered by mistake."""
    symbol = RiverSymbol(symbol)
    tokens = list(board.river_tokens)
    if symbol not in tokens:
        raise BoardError(
            BoardCode.NO_RIVER_TOKEN_TO_REMOVE,
            field="river_tokens",
            symbol=msg(f"label-{symbol.value}"),
        )
    tokens.remove(symbol)
    return replace(board, river_tokens=tuple(tokens)), ()


def add_contract(
    board: ForestryPlayer,
    categories: tuple[ContractCategory, ...],
    chosen: ContractCategory | None = None,
) -> Result:
    """Add a fulfilled contract of one or two categories (``chosen`` overrides a double)."""
    field = f"contracts[{len(board.contracts)}]"
    cats = tuple(ContractCategory(c) for c in categories)
    if not 1 <= len(cats) <= 2 or len(set(cats)) != len(cats):
        raise BoardError(BoardCode.CONTRACT_SHOWS_ONE_CATEGORY_OR_TWO, field=field)
    if chosen is not None:
        chosen = ContractCategory(chosen)
        if len(cats) != 2 or chosen not in cats:
            raise BoardError(BoardCode.CHOOSE_ONE_OF_TWO, field=f"{field}.chosen")
    return replace(board, contracts=(*board.contracts, Contract(cats, chosen))), ()


def choose_contract_category(
    board: ForestryPlayer, index: int, chosen: ContractCategory | None
) -> Result:
    """Override (or, with ``None``, let the scoring choose) a double contract's category."""
    if not board.contracts:
        raise BoardError(BoardCode.NO_CONTRACT_TO_CHANGE, field="contracts")
    field = f"contracts[{index}]"
    _check_range(field, index, 0, len(board.contracts) - 1)
    contract = board.contracts[index]
    if chosen is not None:
        chosen = ContractCategory(chosen)
        if not contract.is_double or chosen not in contract.categories:
            raise BoardError(BoardCode.CHOOSE_ONE_OF_TWO, field=f"{field}.chosen")
    contracts = list(board.contracts)
    contracts[index] = replace(contract, chosen=chosen)
    return replace(board, contracts=tuple(contracts)), ()


def remove_contract(board: ForestryPlayer, index: int) -> Result:
    """Remove the contract at ``index`` (entered by mistake)."""
    if not board.contracts:
        raise BoardError(BoardCode.NO_CONTRACT_TO_REMOVE, field="contracts")
    _check_range(f"contracts[{index}]", index, 0, len(board.contracts) - 1)
    contracts = board.contracts[:index] + board.contracts[index + 1 :]
    return replace(board, contracts=contracts), ()


def add_task_card(board: ForestryPlayer, task: TaskCard) -> Result:
    """Add a task card held (its one end-game requirement)."""
    return replace(board, task_cards=(*board.task_cards, task)), ()


def remove_task_card(board: ForestryPlayer, index: int) -> Result:
    """Remove the task card at ``index`` (used for its immediate effect, or a mistake)."""
    if not board.task_cards:
        raise BoardError(BoardCode.NO_TASK_CARD_TO_REMOVE, field="task_cards")
    _check_range(f"task_cards[{index}]", index, 0, len(board.task_cards) - 1)
    return replace(board, task_cards=board.task_cards[:index] + board.task_cards[index + 1 :]), ()


def set_task_met(board: ForestryPlayer, index: int, met: bool) -> Result:
    """Confirm (or not) a forest-building task card's adjacency requirement."""
    if not board.task_cards:
        raise BoardError(BoardCode.NO_TASK_CARD_TO_CHANGE, field="task_cards")
    field = f"task_cards[{index}]"
    _check_range(field, index, 0, len(board.task_cards) - 1)
    task = board.task_cards[index]
    if not isinstance(task, ForestBuildingTask):
        raise BoardError(BoardCode.ONLY_FOREST_BUILDING_TASK_CARD_CONFIRMED, field=f"{field}.met")
    cards = list(board.task_cards)
    cards[index] = replace(task, met=bool(met))
    return replace(board, task_cards=tuple(cards)), ()


def reward_lap(board: ForestryPlayer) -> Result:
    """Take a reward-track lap as 3 VP."""
    return _finish(board, board, [RewardLap()])


# --------------------------------------------------------------------------- counts

_RESOURCE_FIELDS = {f"resources.{name}" for name in Resources.__dataclass_fields__}
_BELOW_FIELDS = {f"forester_tokens_below.{name}" for name in ForesterTokens.__dataclass_fields__}
_CHARACTER_FIELDS = {
    "road_connections": Character.FOREST_ROAD_MANAGER,
    "technician_tiles": Character.TECHNICIAN,
    "full_seedling_rows": Character.FOREST_WORKER,
}
_REFORESTATION_FIELDS = {f"reforestation_table.{a.value}" for a in Area}
_SAWMILL_FIELDS = {f"buildings.sawmill.{a.value}" for a in Area}
#: Fields :func:`set_count` accepts (record-v1 paths; ``buildings.sawmill.<area>`` counts
#: the upgraded sawmill buildings of one area).
COUNT_FIELDS: frozenset[str] = frozenset(
    {
        "score_track",
        "storage.wood",
        "storage.infested_wood",
        "storage.extensions",
        "seedlings_below",
        "buildings.forest",
        *_RESOURCE_FIELDS,
        *_BELOW_FIELDS,
        *_CHARACTER_FIELDS,
        *_REFORESTATION_FIELDS,
        *_SAWMILL_FIELDS,
    }
)


def count_of(board: ForestryPlayer, field: str) -> int:
    """The current value of a :data:`COUNT_FIELDS` field (0 for an unset character extra)."""
    if field not in COUNT_FIELDS:
        raise BoardError(BoardCode.NOT_COUNT_THAT_CAN_BE_SET, field=field)
    if field in _SAWMILL_FIELDS:
        return board.buildings.sawmill.count(Area(field.rsplit(".", 1)[1]))
    obj: object = board
    for part in field.split("."):
        obj = getattr(obj, part)
    return int(obj) if isinstance(obj, int) else 0


def set_count(board: ForestryPlayer, field: str, value: int) -> Result:
    """Set a count directly (resources, wood, score track, character extras, corrections).

    Storage contents stay within the open spaces; a character extra needs that
    character. Rows it fills, tokens it puts below the table and water steps are
    reported as events (their VP are suggestions: nothing is added). Setting
    ``score_track`` is absolute and reports no VP event.
    """
    if field not in COUNT_FIELDS:
        raise BoardError(BoardCode.NOT_COUNT_THAT_CAN_BE_SET, field=field)
    if field in _REFORESTATION_FIELDS or field in _SAWMILL_FIELDS or field in (
            "buildings.forest", "storage.extensions"):
        return _set_board_count(board, field, value)
    if field == "score_track":
        _check_range(field, value, 0, MAX_SCORE_TRACK)
        return replace(board, score_track=value), ()
    if field in _CHARACTER_FIELDS:
        needed = _CHARACTER_FIELDS[field]
        if board.character is not needed:
            raise BoardError(
                BoardCode.ONLY_HAS_THIS_COUNT,
                field=field,
                needed=msg(f"label-{needed.value}"),
            )
        high = TABLE_ROWS if field == "full_seedling_rows" else MAX_COUNT
        _check_range(field, value, 0, high)
        if field == "road_connections":
            after = replace(board, road_connections=value)
        elif field == "technician_tiles":
            after = replace(board, technician_tiles=value)
        else:
            after = replace(board, full_seedling_rows=value)
        return _finish(board, after, [])
    _check_range(field, value, 0, MAX_COUNT)
    group, _, name = field.partition(".")
    if group == "storage":
        storage: Storage = replace(board.storage, **{name: value})
        spaces = BASE_STORAGE_SPACES + storage.extensions
        if storage.wood + storage.infested_wood > spaces:
            raise BoardError(BoardCode.STORAGE_HAS_OPEN_SPACES_WOOD_AND, field=field, spaces=spaces)
        return replace(board, storage=storage), ()
    if group == "resources":
        return replace(board, resources=replace(board.resources, **{name: value})), ()
    if group == "forester_tokens_below":
        below = replace(board.forester_tokens_below, **{name: value})
        after = replace(board, forester_tokens_below=below)
    else:
        after = replace(board, seedlings_below=value)
    return _finish(board, after, _diff_events(board, after))


def _coded_range(field: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BoardError.coded(BoardCode.COUNT_RANGE, field, value=str(value), low=low,
                               high=high)


def _set_board_count(board: ForestryPlayer, field: str, value: int) -> Result:
    """The counts a player may also set directly: seedlings per column, buildings, extensions."""
    group, _, name = field.partition(".")
    if group == "reforestation_table":
        _coded_range(field, value, 0, TABLE_ROWS)
        table = replace(board.reforestation_table, **{name: value})
        after = replace(board, reforestation_table=table)
    elif group == "storage":
        _coded_range(field, value, 0, MAX_STORAGE_EXTENSIONS)
        storage = replace(board.storage, extensions=value)
        spaces = BASE_STORAGE_SPACES + value
        if storage.wood + storage.infested_wood > spaces:
            raise BoardError.coded(BoardCode.STORAGE_SPACES, field, spaces=spaces)
        after = replace(board, storage=storage)
    elif field == "buildings.forest":
        _coded_range(field, value, 0, BUILDING_TOKENS)
        if value + len(board.buildings.sawmill) > BUILDING_TOKENS:
            raise BoardError.coded(BoardCode.BUILDING_TOKENS, field, limit=BUILDING_TOKENS)
        after = replace(board, buildings=replace(board.buildings, forest=value))
    else:
        area = Area(field.rsplit(".", 1)[1])
        _coded_range(field, value, 0, SAWMILLS_PER_AREA)
        others = tuple(a for a in board.buildings.sawmill if a is not area)
        if board.buildings.forest + len(others) + value > BUILDING_TOKENS:
            raise BoardError.coded(BoardCode.BUILDING_TOKENS, field, limit=BUILDING_TOKENS)
        sawmill = tuple(sorted((*others, *([area] * value)), key=list(Area).index))
        after = replace(board, buildings=replace(board.buildings, sawmill=sawmill))
    return _finish(board, after, _diff_events(board, after))

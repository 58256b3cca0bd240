"""Printed-value tables with provenance, and the "needs" when a value is unknown.

The rule sources do not print every number the scoring uses (RULES.md,
"Printed values"). This module ships only the entries the sources do give,
each with its source, and looks values up in this order:

1. the record's own ``printed`` values (they travel with the record);
2. values the user confirmed earlier (``confirmed``: table -> key -> value);
3. the values shipped here.

Anything else is a :class:`scoring.sheet.Need`: the table, the key and a
message (:class:`scoring.message.Msg`) telling the player what to read off
which component. Nothing is ever
guessed or interpolated.

>>> lookup_count(BUILDINGS_VP, 5, record={}, confirmed=None).value
7
>>> lookup_count(BUILDINGS_VP, 4, record={}, confirmed=None).table
'buildings_vp'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scoring.cite import Citation, CiteTitle, Source, cite
from scoring.message import MessageCode, Msg, msg
from scoring.sheet import Need

BUILDINGS_VP = "buildings_vp"
TASKS_VP = "tasks_vp"
FOREST_WORKER_BUILDINGS_VP = "forest_worker_buildings_vp"
TECHNICIAN_VP = "technician_vp"
DETACHED_TOP_TIE = "detached_top_tie"

#: Tables indexed by a count (record keys are the count as a decimal string).
COUNT_TABLES = (BUILDINGS_VP, TASKS_VP, FOREST_WORKER_BUILDINGS_VP, TECHNICIAN_VP)
#: Every table a record's ``printed`` object may carry.
TABLES = (*COUNT_TABLES, DETACHED_TOP_TIE)

#: Counts each count table can be indexed by (a record's keys must be among them).
#: Buildings: 0-6 building tokens (002); Forest Worker: only the 5th and 6th
#: building pay differently (001); Technician: 9 Technician tiles (001).
TABLE_KEYS: Mapping[str, range | None] = {
    BUILDINGS_VP: range(0, 7),
    TASKS_VP: None,  # any number of task cards (002: no hand limit)
    FOREST_WORKER_BUILDINGS_VP: range(5, 7),
    TECHNICIAN_VP: range(0, 10),
}

#: The key under which ``detached_top_tie`` is listed in needs (a single row).
TOP_TIE_KEY = ""

Origin = Literal["record", "confirmed", "shipped"]


@dataclass(frozen=True, slots=True)
class Shipped:
    """A printed value shipped with the product, and where it comes from."""

    value: int
    source: Citation


@dataclass(frozen=True, slots=True)
class Spread:
    """VP for 1st / 2nd / 3rd place, with its source."""

    points: tuple[int, int, int]
    source: Citation


#: The only count-table entries the sources print (RULES.md "Printed values").
#: Board side A: both come from 002's 93-VP worked example (a standard game).
SHIPPED: Mapping[str, Mapping[str, Shipped]] = {
    BUILDINGS_VP: {"5": Shipped(7, cite(Source.S002, CiteTitle.EXAMPLE_BUILDINGS))},
    TASKS_VP: {"5": Shipped(11, cite(Source.S002, CiteTitle.EXAMPLE_TASKS))},
}

#: Detached storage spreads by how the storages rank on infested wood (001 Detached
#: Storage Scoring).
DETACHED_MOST = Spread((10, 6, 2), cite(Source.S001, CiteTitle.DETACHED_MOST))
DETACHED_SECOND = Spread((7, 4, 1), cite(Source.S001, CiteTitle.DETACHED_SECOND))
DETACHED_LEAST = Spread((5, 3, 0), cite(Source.S001, CiteTitle.DETACHED_FEWEST))
DETACHED_ALL_TIED = Spread((6, 4, 2), cite(Source.S001, CiteTitle.DETACHED_ALL_TIED))
DETACHED_TIED_BELOW_TOP = Spread(
    (6, 3, 1), cite(Source.S001, CiteTitle.DETACHED_TIED_BELOW_TOP)
)
#: Forester majority (002 end-game scoring, category 4).
FORESTER_MAJORITY = Spread((10, 6, 2), cite(Source.S002, CiteTitle.MOST_FORESTERS))


@dataclass(frozen=True, slots=True)
class Found:
    """A printed value and where it came from (record, confirmed or shipped)."""

    table: str
    key: str
    value: int | tuple[int, ...]
    origin: Origin
    #: where a shipped value is printed (a record's or a confirmed value: its origin says)
    source: Citation = ()


def confirmed_table(table: str, *, board_side_b: bool = False) -> str:
    """The name under which ``confirmed`` holds a table's user-confirmed values.

    The buildings track is printed on the player board; advanced games use
    board side B and the sources give no side-B values, so a side-A value a
    user confirmed must not be reused there: side B values live under
    ``buildings_vp_side_b``. Every other table has one printed version.
    """
    if table == BUILDINGS_VP and board_side_b:
        return "buildings_vp_side_b"
    return table


class AskCode(MessageCode):
    """What to read off which component, one code per printed table."""

    BUILDINGS_VP_NONE = "ask-buildings-vp-none"
    BUILDINGS_VP = "ask-buildings-vp"
    TASKS_VP = "ask-tasks-vp"
    FOREST_WORKER_BUILDINGS_VP = "ask-forest-worker-buildings-vp"
    TECHNICIAN_VP = "ask-technician-vp"
    DETACHED_TOP_TIE = "ask-detached-top-tie"


#: The parameters each ask is rendered with (the catalogue test renders every code).
ASK_PARAMS: Mapping[str, tuple[str, ...]] = {
    AskCode.BUILDINGS_VP_NONE: ("side_b",),
    AskCode.BUILDINGS_VP: ("side_b", "count"),
    AskCode.TASKS_VP: ("count",),
    AskCode.FOREST_WORKER_BUILDINGS_VP: ("count",),
    AskCode.TECHNICIAN_VP: ("count",),
    AskCode.DETACHED_TOP_TIE: (),
}


def ask(table: str, key: str, *, board_side_b: bool = False) -> Msg:
    """What to tell the player to read off which component (a message code and values)."""
    if table == BUILDINGS_VP:
        if key == "0":
            return msg(AskCode.BUILDINGS_VP_NONE, side_b=board_side_b)
        return msg(AskCode.BUILDINGS_VP, side_b=board_side_b, count=int(key))
    if table == TASKS_VP:
        return msg(AskCode.TASKS_VP, count=int(key))
    if table == FOREST_WORKER_BUILDINGS_VP:
        return msg(AskCode.FOREST_WORKER_BUILDINGS_VP, count=int(key))
    if table == TECHNICIAN_VP:
        return msg(AskCode.TECHNICIAN_VP, count=int(key))
    if table == DETACHED_TOP_TIE:
        return msg(AskCode.DETACHED_TOP_TIE)
    raise ValueError(f"unknown printed table {table!r}")  # pragma: no cover


def need_order(need: Need) -> tuple[int, int, str]:
    """Sort key for needs: table order, then count."""
    rank = TABLES.index(need.table) if need.table in TABLES else len(TABLES)
    return (rank, int(need.key) if need.key.isdigit() else -1, need.key)


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def lookup_count(
    table: str,
    count: int,
    *,
    record: Mapping[int, int] | Mapping[str, Any],
    confirmed: Mapping[str, Mapping[str, Any]] | None,
    board_side_b: bool = False,
) -> Found | Need:
    """Look up a count table entry: record > confirmed > shipped, else a Need.

    ``record`` is the record's own table for ``table`` (count -> VP; keys may
    be ints or decimal strings). Shipped values for the buildings track are
    board side A values and are not used when ``board_side_b``.
    """
    key = str(count)
    for k, v in record.items():
        if str(k) == key and (val := _int(v)) is not None:
            return Found(table, key, val, "record")
    if confirmed:
        row = confirmed.get(confirmed_table(table, board_side_b=board_side_b), {})
        if key in row and (val := _int(row[key])) is not None:
            return Found(table, key, val, "confirmed")
    shipped = SHIPPED.get(table, {}).get(key)
    if shipped is not None and not (table == BUILDINGS_VP and board_side_b):
        return Found(table, key, shipped.value, "shipped", shipped.source)
    return Need(table, key, ask(table, key, board_side_b=board_side_b))


def lookup_top_tie(
    record: tuple[int, int, int] | None,
    confirmed: Mapping[str, Mapping[str, Any]] | None,
) -> Found | Need:
    """The detached spread for two storages tied at the top (not in the sources)."""
    if record is not None:
        return Found(DETACHED_TOP_TIE, TOP_TIE_KEY, tuple(record), "record")
    if confirmed:
        value = confirmed.get(DETACHED_TOP_TIE, {}).get(TOP_TIE_KEY)
        if isinstance(value, (list, tuple)) and len(value) == 3:
            ints = [_int(v) for v in value]
            if all(i is not None for i in ints):
                return Found(DETACHED_TOP_TIE, TOP_TIE_KEY, tuple(i or 0 for i in ints),
                             "confirmed")
    return Need(DETACHED_TOP_TIE, TOP_TIE_KEY, ask(DETACHED_TOP_TIE, TOP_TIE_KEY))


def embed_confirmed(record: Mapping[str, Any], confirmed: Mapping[str, Mapping[str, Any]],
                    *, keep_own: bool = False) -> dict[str, Any]:
    """``record`` with the user-confirmed printed values it may use embedded in its
    ``printed``: the values the game is scored with travel with it.

    For a game in play the remembered values win over the ones the game confirmed
    itself (a value corrected in Settings applies to unfinished games); once finished,
    the record keeps what it was scored with (``keep_own``: only the values it lacked
    are added, as when a game finished incomplete is completed). Board side B
    (advanced) takes the buildings values confirmed for side B.

    >>> rec = {"game": "forestry", "options": {"mode": "standard"},
    ...        "printed": {"buildings_vp": {"4": 5}}}
    >>> embed_confirmed(rec, {"buildings_vp": {"4": 6, "3": 4}})["printed"]
    {'buildings_vp': {'4': 6, '3': 4}}
    >>> embed_confirmed(rec, {"buildings_vp": {"4": 6, "3": 4}}, keep_own=True)["printed"]
    {'buildings_vp': {'4': 5, '3': 4}}
    """
    out: dict[str, Any] = dict(record)
    side_b = (out.get("options") or {}).get("mode") == "advanced"
    printed: dict[str, Any] = {k: (dict(v) if isinstance(v, Mapping) else v)
                               for k, v in (out.get("printed") or {}).items()}
    for table in ("buildings_vp", "tasks_vp", "forest_worker_buildings_vp", "technician_vp"):
        known = confirmed.get(confirmed_table(table, board_side_b=side_b)) or {}
        if known:
            mine, theirs = printed.get(table, {}), {str(k): v for k, v in known.items()}
            printed[table] = {**theirs, **mine} if keep_own else {**mine, **theirs}
    top_tie = confirmed.get("detached_top_tie")
    infestation = ((out.get("options") or {}).get("growing_forward") or {}).get("infestation")
    if top_tie and infestation and not (keep_own and "detached_top_tie" in printed):
        value = top_tie.get("") if isinstance(top_tie, Mapping) else top_tie
        if value is not None:
            printed["detached_top_tie"] = value
    if printed:
        out["printed"] = printed
    return out

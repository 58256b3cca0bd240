"""The settings screen's view models: the printed values with their source, the rules
decisions (no flet here). Unit-tested without Flutter (tests/app/test_ui_presenters.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.bounds import MAX_WHOLE_BYTES, read_bytes
from scoring import printed
from scoring.cite import Citation

ROOT = Path(__file__).resolve().parents[3]
RULES_DECISIONS_DOC = ROOT / "docs" / "rules-decisions.md"
#: The copy packaged with the app (``flet build`` ships app/, not docs/).
RULES_DECISIONS_COPY = Path(__file__).resolve().parents[1] / "data" / "rules-decisions.md"


def rules_decisions_text() -> str | None:
    """docs/rules-decisions.md, read at run time (the packaged copy in a built app)."""
    for path in (RULES_DECISIONS_DOC, RULES_DECISIONS_COPY):
        if path.exists():  # read through app.bounds, as every file (the doc is ~100 KB)
            return read_bytes(str(path), MAX_WHOLE_BYTES).decode("utf-8")
    return None


@dataclass(frozen=True, slots=True)
class PrintedRow:
    table: str
    key: str
    value: str
    source: Citation
    known: bool
    #: a value the table confirmed (no source: the table read it off its component)
    confirmed: bool = False


def printed_rows(confirmed: Mapping[str, Mapping[str, Any]] | None = None) -> list[PrintedRow]:
    """Every printed-value table with what is known and where it comes from.

    Shipped values carry their source; values the table confirmed are listed as
    such; a table with nothing known says so (it is asked for when needed).
    """
    rows: list[PrintedRow] = []
    confirmed = confirmed or {}
    shipped: Mapping[str, Mapping[str, Any]] = printed.SHIPPED
    for table in printed.COUNT_TABLES:
        entries = shipped.get(table, {})
        for key, item in sorted(entries.items(), key=lambda kv: int(kv[0])):
            rows.append(PrintedRow(table, key, str(item.value), item.source, True))
        for key, value in sorted(confirmed.get(table, {}).items()):
            if key not in entries:
                rows.append(PrintedRow(table, key, str(value), (), True, confirmed=True))
        if not entries and not confirmed.get(table):
            rows.append(PrintedRow(table, "", "", (), False))
    for name in ("FORESTER_MAJORITY", "DETACHED_MOST", "DETACHED_SECOND", "DETACHED_LEAST",
                 "DETACHED_ALL_TIED", "DETACHED_TIED_BELOW_TOP"):
        spread = getattr(printed, name)
        rows.append(PrintedRow(name.lower(), "", " / ".join(map(str, spread.points)),
                               spread.source, True))
    top_tie = printed.DETACHED_TOP_TIE
    if top_tie and not confirmed.get(top_tie):
        rows.append(PrintedRow(top_tie, "", "", (), False))
    return rows

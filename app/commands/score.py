"""``forest-table score FILE [--json]``: score a game record (record format v1).

Default output is a readable table per player (categories, total, rank), the
tie-break that decided any tie, the contract categories chosen and what is
still needed; ``--json`` prints exactly the score output of record-v1.

Exit status: 0 scored (complete or not); 2 invalid record, bad JSON, a
missing file or one beyond :mod:`app.bounds` (more than 1 MiB, e.g. ``/dev/zero``;
nested deeper than 32 levels; a number beyond 2**63-1: one line, at once); every problem
on stderr, each naming its field; never a traceback.

It starts fast: ``app.cli`` parses a command line that starts with ``score`` with the
score branch alone, and this module imports ``scoring`` (``scoring.api`` then imports only
the record's own game) and :mod:`app.l10n.quick`, which words the English from the few
catalogue entries it needs without Fluent's runtime. Beyond ``scoring`` the process
imports ``app``, ``app.bounds``, ``app.cli``, ``app.commands``, this module, ``app.l10n``
and ``app.l10n.quick``; no flet, sqlalchemy, babel or other command's helpers
(tests/app/test_cli_score.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from app.bounds import MAX_RECORD_BYTES, Unreadable, loads, read_bytes
from app.l10n.quick import english
from scoring.api import categories_of, score_record
from scoring.message import msg
from scoring.record import RecordError
from scoring.sheet import ScoreSheet

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INVALID = 2

def _read(path: str) -> Any:
    """Decode the record within :mod:`app.bounds` (at most 1 MiB, 32 levels, numbers up to
    2**63-1); raises OSError, UnicodeDecodeError, ``json.JSONDecodeError`` or
    :class:`~app.bounds.Unreadable`."""
    raw = read_bytes(path, MAX_RECORD_BYTES)
    return loads(raw.decode("utf-8"))


def render(sheet: ScoreSheet, data: Any) -> str:
    """The readable score table (plain text)."""
    lines = _table_lines(sheet, data)
    if sheet.winners:
        label = "Winner" if len(sheet.winners) == 1 else "Winners (shared)"
        lines.append(f"{label}: {', '.join(sheet.winners)}")
    if any("?" in line for line in lines):
        lines.append("? = left out of the total until the value below is known")
    lines.extend(_after_lines(sheet))
    return "\n".join(lines)


def _table_lines(sheet: ScoreSheet, data: Any) -> list[str]:
    """The title and the table: a row per category, the totals and the ranks."""
    names = [p.name for p in sheet.players]
    order, applies = categories_of(data)  # the game's own (scoring.api), none written here
    keys = [key for key in order
            if any(key in p.categories for p in sheet.players) or any(key in a for a in applies)]
    labels = {key: english(msg(f"category-{key}")) for key in keys}
    width = max([len(labels[k]) for k in keys] + [len("rank")])
    cols = [max(len(n), 5) for n in names]
    title = english(msg(f"game-{sheet.game}"))
    status = "complete" if sheet.complete else "NOT complete: some printed values are needed"
    lines = [f"{title}: {status}", ""]
    lines.append(" " * width + "  " + "  ".join(n.rjust(c) for n, c in zip(names, cols,
                                                                              strict=True)))
    for key in keys:
        cells = []
        for i, p in enumerate(sheet.players):
            if key in p.categories:
                cells.append(str(p.categories[key]))
            elif key in applies[i]:
                cells.append("?")
            else:
                cells.append("-")
        lines.append(labels[key].ljust(width) + "  "
                     + "  ".join(c.rjust(w) for c, w in zip(cells, cols, strict=True)))
    lines.append("-" * (width + 2 + sum(cols) + 2 * (len(cols) - 1)))
    lines.append("total".ljust(width) + "  " + "  ".join(
        str(p.total).rjust(w) for p, w in zip(sheet.players, cols, strict=True)))
    rank_word = "rank" if sheet.complete else "rank (provisional)"
    lines.append(rank_word.ljust(width) + "  " + "  ".join(
        str(p.rank).rjust(w) for p, w in zip(sheet.players, cols, strict=True)))
    lines.append("")
    return lines


def _after_lines(sheet: ScoreSheet) -> list[str]:
    """Below the table: the contracts counted, the notes and what is still needed."""
    lines: list[str] = []
    for p in sheet.players:
        cats = p.details.get("contract_categories")
        if cats:
            lines.append(f"Contracts counted for {p.name}: {', '.join(cats)}")
    if sheet.notes:
        lines.append("")
        lines.extend(f"Note: {english(n)}" for n in sheet.notes)
    if sheet.needs:
        lines.append("")
        lines.append("Still needed (add them to the record's \"printed\" object, then score "
                     "again):")
        for need in sheet.needs:
            key = f"[{need.key}]" if need.key else ""
            lines.append(f"  - {need.table}{key}: {english(need.ask)}")
    return lines


def problem_text(p: Any) -> str:
    """A record problem as the CLI prints it: ``path: problem`` in English."""
    said = english(p.msg)
    return f"{p.path}: {said}" if p.path else said


def _fail(messages: Sequence[str], err: TextIO) -> int:
    for m in messages:
        print(m, file=err)
    return EXIT_INVALID


def run(args: argparse.Namespace) -> int:
    """Score ``args.file`` (``-`` for stdin); ``args.json`` selects the JSON output."""
    out, err = sys.stdout, sys.stderr
    source = "standard input" if args.file == "-" else args.file
    try:
        data = _read(args.file)
    except FileNotFoundError:
        return _fail([f"{source}: no such file"], err)
    except Unreadable as exc:
        return _fail([f"{source}: {english(exc.message)}"], err)
    except json.JSONDecodeError as exc:
        return _fail([f"{source}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                      f"{exc.msg})"], err)
    except (OSError, UnicodeDecodeError) as exc:
        return _fail([f"{source}: cannot read it ({exc})"], err)
    try:
        sheet = score_record(data)
        text = (json.dumps(sheet.as_json(english), ensure_ascii=False, indent=2) if args.json
                else render(sheet, data))
    except RecordError as exc:
        return _fail([f"{source}: invalid record ({len(exc.problems)} "
                      f"problem{'s' if len(exc.problems) != 1 else ''}):"]
                     + [f"  {problem_text(p)}" for p in exc.problems], err)
    except Exception as exc:  # boundary: the CLI's edge: never a traceback for the user
        print(f"{source}: could not score this record: internal error "
              f"({type(exc).__name__}: {exc}); please report it", file=err)
        return EXIT_INTERNAL
    try:
        print(text, file=out)
        out.flush()
    except BrokenPipeError:  # e.g. piped into `head`: not an error of ours
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK

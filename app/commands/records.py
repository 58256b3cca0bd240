"""``forest-table records list|show|export|import|stats|...``: the saved games' parser.

Its verbs are :mod:`app.commands.records_verbs` (the database, imported at its top), loaded
once when a verb runs: the parser (``records --help``, ``completion``, which a shell runs as
it starts) loads without sqlalchemy (docs/architecture.md, "Imports inside functions").
"""

from __future__ import annotations

import argparse
from typing import Any

from app.bounds import MAX_ID, parse_id
from app.game.registry import VARIANTS


def record_id(text: str) -> int:
    """A game's id (``records show ID`` ...): 1 to :data:`app.bounds.MAX_ID`, the ids the
    database holds (the same bound as the store's and the web's)."""
    return _id(text)


def bgg_id(text: str) -> int:
    """``records bgg-id GAME ID``: a BoardGameGeek id (an id: :func:`record_id`'s bound),
    or 0 to forget it."""
    return 0 if text.strip() == "0" else _id(text, ", or 0 to forget it")


def _id(text: str, or_else: str = "") -> int:
    value = parse_id(text.strip())
    if value is None:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {MAX_ID}{or_else} (got {_shown(text)})")
    return value


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 24 else f"{text[:12]!r}... ({len(text)} characters)"


def add_parser(sub: argparse._SubParsersAction[Any], description: str, summary: str) -> None:
    """``records`` and its actions on ``sub`` (the CLI's subcommands): ``summary`` its
    one-line help, ``description`` where the games are kept (every action's help says it)."""
    games = [str(game) for game in VARIANTS]
    p = sub.add_parser("records", help=summary, description=description)
    rsub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    r = rsub.add_parser("list", help="finished and open games", description=description)
    r.add_argument("--game", choices=games, default=None,
                   help="only games of this kind")
    r.add_argument("--player", default=None, metavar="NAME",
                   help="only games this person played (case and width do not matter)")
    r.add_argument("--json", action="store_true", help="print the games as JSON")
    r = rsub.add_parser("show", help="one game with its score breakdown", description=description)
    r.add_argument("id", type=record_id, help="the game's id (see `records list`)")
    r.add_argument("--json", action="store_true",
                   help="print the game, its record and its score output as JSON")
    r = rsub.add_parser("export", help="export finished games", description=description)
    r.add_argument("ids", nargs="*", type=record_id, metavar="ID",
                   help="the games to export (default: every finished game, oldest first)")
    r.add_argument("--format", choices=["record", "bgstats", "bgg-csv", "bgg-xml"],
                   default="record",
                   help="record v1 JSON / JSON lines with the history block: a lossless "
                        "backup, deleted games marked (default); a BG Stats play file with "
                        "push links; or BoardGameGeek plays as CSV or as its XML")
    r.add_argument("--lang", choices=["en", "ja"], default="en",
                   help="the language of roles and comments in BG Stats and CSV exports")
    r.add_argument("--me", default=None, metavar="NAME",
                   help="BG Stats: the player who owns the file (its userInfo)")
    r.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="write to FILE (default: standard output)")
    r = rsub.add_parser("import", help="import a backup (record v1), a BG Stats export or "
                        "BGG plays (all or nothing)", description=description)
    r.add_argument("file", metavar="FILE", help="record v1 JSON or JSON lines, a BG Stats play "
                   "file, BGG plays (XML) or this app's BGG CSV; - for standard input")
    r.add_argument("--from", dest="source", choices=["record", "bgstats", "bgg"], default=None,
                   help="what the file is (default: told by its contents)")
    r.add_argument("--match", action="append", default=[], metavar="THEIRS=OURS",
                   help="BG Stats/BGG: their player THEIRS is our person OURS (repeatable; "
                        "others are matched by id, then by name, else added)")
    r.add_argument("--dry-run", action="store_true",
                   help="check and list what would come in (and who is who); write nothing")
    r = rsub.add_parser("stats", help="statistics per person", description=description)
    r.add_argument("--player", default=None, metavar="NAME",
                   help="one person's statistics, categories, characters and head-to-head")
    r.add_argument("--game", choices=games, default=None,
                   help="only games of this kind")
    r.add_argument("--json", action="store_true", help="print the statistics as JSON")
    r = rsub.add_parser("edit", help="correct a finished game's date or location (it keeps "
                        "its id; scored again)", description=description)
    r.add_argument("id", type=record_id, help="the game's id (see `records list`)")
    r.add_argument("--date", default=None, metavar="WHEN",
                   help="when it was played, ISO 8601 (2026-03-01T19:30, +09:00 optional)")
    r.add_argument("--location", default=None, metavar="TEXT",
                   help="where it was played (\"\" removes it)")
    r = rsub.add_parser("delete", help="delete a game (finished, or abandon an open one); "
                        "undone by undelete", description=description)
    r.add_argument("id", type=record_id, help="the game's id (see `records list`)")
    r = rsub.add_parser("undelete", help="bring a deleted game back", description=description)
    r.add_argument("id", type=record_id, help="the deleted game's id")
    r = rsub.add_parser("note", help="the notes on a play", description=description)
    r.add_argument("id", type=record_id, help="the game's id")
    r.add_argument("text", help="the notes (\"\" removes them)")
    r = rsub.add_parser("rename", help="give a person another name", description=description)
    r.add_argument("name", help="the person's name now")
    r.add_argument("new_name", metavar="NEW_NAME", help="their new name")
    r = rsub.add_parser("merge", help="merge two people who are the same person",
                        description=description)
    r.add_argument("name", help="the person to merge (this name goes away)")
    r.add_argument("into", metavar="INTO", help="the person who keeps every game")
    r = rsub.add_parser("bgg-id", help="the BoardGameGeek id of each game, for exports",
                        description=description)
    r.add_argument("game", nargs="?", choices=games, default=None,
                   help="the game whose BGG id to keep (without: show them)")
    r.add_argument("id", nargs="?", type=bgg_id, default=None, metavar="BGG_ID",
                   help="its id on boardgamegeek.com (the number in the game's page address); "
                        "0 forgets it")


def run(args: argparse.Namespace) -> int:
    """Run ``records ACTION`` (exit status: :mod:`app.commands.records_verbs`)."""
    from app.commands import records_verbs

    return records_verbs.run(args)

"""``forest-table`` command line: serve | desktop | score | setup | records.

Each subcommand imports its implementation lazily, so ``score`` and ``setup``
start fast and never import flet or sqlalchemy.
Exit status: 0 done, 2 bad input (the message names the field and the problem).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="forest-table",
        description="Table companion for Forestry (with Growing Forward) and Forest Guardians.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("serve", help="serve the table on the LAN (phones join by QR code)")
    p.add_argument("--host", default=None, help="interface to listen on (default: all)")
    p.add_argument("--port", type=int, default=8550, help="port (default 8550)")
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    p.add_argument("--new-host-link", action="store_true",
                   help="revoke the host link and issue a new one (kept for later starts)")
    p.add_argument("--no-browser", action="store_true",
                   help="do not open the host link in this computer's browser")

    sub.add_parser("desktop", help="open the app in a desktop window (one device)")

    p = sub.add_parser("score", help="score a game record (record format v1)")
    p.add_argument("file", help="record JSON file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print the score output of record-v1")

    p = sub.add_parser("setup", help="deal a game's setup from a seed")
    gsub = p.add_subparsers(dest="game", required=True, metavar="GAME")
    f = gsub.add_parser("forestry", help="deal Forestry (with Growing Forward)")
    f.add_argument("--players", type=int, required=True)
    f.add_argument("--seed", type=int, default=None)
    f.add_argument("--mode", choices=["tutorial", "standard", "advanced"], default="standard")
    f.add_argument("--technology-side", choices=["A", "B"], default=None)
    f.add_argument(
        "--tutorial-table",
        action="store_true",
        help="advanced game with the tutorial's pre-printed technology table",
    )
    f.add_argument("--infestation", action="store_true", help="Growing Forward infestation")
    f.add_argument("--asymmetric", action="store_true", help="asymmetric setup cards")
    f.add_argument(
        "--character",
        action="append",
        default=[],
        help=(
            "a character chosen for the game (repeatable): trade_specialist, forest_ecologist, "
            "logistics_manager, monitoring_specialist, forest_worker, forest_road_manager, "
            "technician; the other seats are dealt at random (advanced mode)"
        ),
    )
    f.add_argument("--json", action="store_true")
    g = gsub.add_parser("forest-guardians", help="deal Forest Guardians")
    g.add_argument("--players", type=int, required=True)
    g.add_argument("--seed", type=int, default=None)
    g.add_argument("--advanced", action="store_true")
    g.add_argument(
        "--ranger",
        action="append",
        default=[],
        metavar="SEAT=RANGER",
        help="a ranger a player chooses, e.g. 1=julia (advanced game; others are dealt)",
    )
    g.add_argument("--json", action="store_true")

    p = sub.add_parser("records", help="saved games: list, show, export, import, stats")
    rsub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    r = rsub.add_parser("list", help="finished and open games")
    r.add_argument("--game", choices=["forestry", "forest-guardians"], default=None)
    r.add_argument("--player", default=None)
    r = rsub.add_parser("show", help="one game with its score breakdown")
    r.add_argument("id", type=int)
    r = rsub.add_parser("export", help="export games")
    r.add_argument("ids", nargs="*", type=int)
    r.add_argument("--format", choices=["record", "bgstats", "bgg-csv"], default="record")
    r.add_argument("-o", "--output", default=None)
    r = rsub.add_parser("import", help="import record v1 JSON or JSON lines (all or nothing)")
    r.add_argument("file")
    r = rsub.add_parser("stats", help="statistics per person")
    r.add_argument("--player", default=None)
    r.add_argument("--game", choices=["forestry", "forest-guardians"], default=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "score":
        from app.commands.score import run as run_score

        return run_score(args)
    if args.command == "setup":
        from app.commands.setup_cmd import run as run_setup

        return run_setup(args)
    if args.command == "records":
        from app.commands.records import run as run_records

        return run_records(args)
    if args.command == "serve":
        from app.server import serve

        return serve(host=args.host, port=args.port, show_qr=not args.no_qr,
                     new_host_link=args.new_host_link, browser=not args.no_browser)
    if args.command == "desktop":
        from app.server import desktop

        return desktop()
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

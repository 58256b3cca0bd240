"""``forest-table setup GAME``: deal a game's setup from a seed, as a checklist or as JSON.

One command for every game: its parser is built from the games' variants (each game's
``setup_input``: its own options, the deal they make, the checklist's words), the players,
the seed, the printing and the errors are the same for all (``app/commands/setup_common``).
No seed given: one is picked and said, so the same deal can be dealt again. Exit status: 0
dealt; 2 invalid options (the message names the option); quiet when piped into ``head``.
Imports neither flet nor sqlalchemy.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from typing import Any, TextIO

from app.commands.setup_common import (
    Usage,
    add_player_options,
    checklist,
    fail,
    player_names,
    reproduce,
)
from app.game.registry import VARIANTS, variant
from app.game.setup_input import SetupUsage

#: Seeds picked when none is given: short enough to read out and type again.
AUTO_SEED_BOUND = 1_000_000


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """``setup`` and one subcommand per game that has a ``setup_input``."""
    p = sub.add_parser("setup", help="deal a game's setup from a seed")
    games = p.add_subparsers(dest="game", required=True, metavar="GAME")
    for game, v in VARIANTS.items():
        if v.setup_input is None:
            continue
        g = games.add_parser(str(game), help=v.setup_input.help)
        add_player_options(g, v.min_players, v.max_players)
        g.add_argument("--seed", type=int, default=None,
                       help="deal this seed (default: one is picked and printed)")
        v.setup_input.add_arguments(g)
        g.add_argument("--json", action="store_true", help="print the plan as JSON")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Deal and print; 0 on success, 2 on invalid options."""
    try:
        return _deal(args, out if out is not None else sys.stdout,
                     err if err is not None else sys.stderr)
    except BrokenPipeError:  # piped into `head`: the reader has what it wanted
        quiet_stdout()
        return 0


def _deal(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    v = variant(args.game)
    prog = f"forest-table setup {args.game}"
    assert v.setup_input is not None  # only such games have the subcommand
    try:
        names = player_names(args, v.min_players, v.max_players, v.name)
    except Usage as exc:
        return fail(err, prog, exc.flag, exc.message)
    picked = args.seed is None
    seed = secrets.randbelow(AUTO_SEED_BOUND) if picked else int(args.seed)
    try:
        dealt = v.setup_input.deal(args, names, seed)
    except SetupUsage as exc:
        return fail(err, prog, exc.flag, exc.message)
    if args.json:
        if picked:
            print(f"{prog}: seed {seed} (picked at random; pass --seed {seed} to deal this "
                  "setup again)", file=err)
        out.write(json.dumps(dealt.json, ensure_ascii=False, indent=2) + "\n")
    else:
        again = reproduce(prog, names, seed, dealt.again)
        out.write(checklist(dealt.headline, again, seed, picked, names, dealt.steps,
                            dealt.footer))
    out.flush()
    return 0


def quiet_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush of a closed pipe
    prints no "Exception ignored ... BrokenPipeError"."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass

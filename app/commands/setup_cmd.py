"""``forest-table setup GAME``: dispatch to the game's dealer command."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping

from app.commands.setup_forestry import run as run_forestry
from app.commands.setup_guardians import run as run_guardians
from scoring.games import Game

#: each game's dealer command
DEALERS: Mapping[Game, Callable[[argparse.Namespace], int]] = {
    Game.FORESTRY: run_forestry,
    Game.GUARDIANS: run_guardians,
}


def run(args: argparse.Namespace) -> int:
    try:
        return DEALERS[Game(args.game)](args)
    except BrokenPipeError:  # piped into `head`: the reader has what it wanted
        quiet_stdout()
        return 0


def quiet_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush of a closed pipe
    prints no "Exception ignored ... BrokenPipeError"."""
    import os
    import sys

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass

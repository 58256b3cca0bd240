"""``forest-table setup GAME``: dispatch to the game's dealer command."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    try:
        if args.game == "forestry":
            from app.commands.setup_forestry import run as run_forestry

            return run_forestry(args)
        from app.commands.setup_guardians import run as run_guardians

        return run_guardians(args)
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

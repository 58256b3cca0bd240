"""``forest-table setup GAME``: run the dealer command the game's subcommand carries
(``app.cli``: ``set_defaults(deal=...)``), quietly when piped into ``head``."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def run(args: argparse.Namespace) -> int:
    try:
        deal: Callable[[argparse.Namespace], int] = args.deal
        return deal(args)
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

"""``forest-table setup GAME``: dispatch to the game's dealer command."""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    if args.game == "forestry":
        from app.commands.setup_forestry import run as run_forestry

        return run_forestry(args)
    from app.commands.setup_guardians import run as run_guardians

    return run_guardians(args)

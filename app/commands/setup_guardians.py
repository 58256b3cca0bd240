"""``forest-table setup forest-guardians --players N [--seed S] [--advanced] [--json]``.

Prints the dealt setup as a numbered checklist, or with ``--json`` the plan as
data. Without ``--seed`` a seed is picked and printed so the deal can be
repeated. Exit 0 done, 2 bad input (the message names the option).
Imports neither flet nor sqlalchemy.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TextIO

from app.l10n import english
from scoring.message import ListCode, joined
from setup.guardians import GuardiansOptions, GuardiansSetupPlan, SetupError, deal


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def format_checklist(plan: GuardiansSetupPlan, *, seed_picked: bool = False) -> str:
    """The plan as a numbered checklist for the table."""
    mode = "advanced game (ranger board side B)" if plan.options.advanced else "basic game"
    lines = [
        f"Forest Guardians setup: {len(plan.players)} players, {mode}",
        f"Seed: {plan.seed}"
        + (f" (picked; pass --seed {plan.seed} to deal this setup again)" if seed_picked else ""),
        f"Players (seat order): {', '.join(plan.players)}",
        "",
    ]
    for i, step in enumerate(plan.steps, 1):
        lines.append(f"{i}. {english(step.title)}")
        lines.append(f"   {english(joined(ListCode.SENTENCES, step.detail))}")
        for item in step.outcome:
            lines.append(f"   - {english(item)}")
    if not plan.removed and len(plan.players) > 2:
        lines += ["", f"Nothing is removed with {len(plan.players)} players: every tile and card "
                  "is used."]
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    players = int(args.players)
    if not 2 <= players <= 4:
        print(
            f"forest-table setup forest-guardians: --players must be 2, 3 or 4 "
            f"(Forest Guardians is for 2-4 players); got {players}",
            file=stderr,
        )
        return 2
    rangers: dict[str, str] = {}
    for item in getattr(args, "ranger", None) or []:
        seat, sep, ranger = str(item).partition("=")
        if not sep or not seat.strip().isdigit() or not 1 <= int(seat) <= players:
            print(
                f"forest-table setup forest-guardians: --ranger {item!r}: expected SEAT=RANGER "
                f"with SEAT from 1 to {players}, e.g. 1=julia",
                file=stderr,
            )
            return 2
        rangers[f"Player {int(seat)}"] = ranger.strip().lower()
    seed_picked = args.seed is None
    seed = _new_seed() if seed_picked else int(args.seed)
    try:
        plan = deal(
            GuardiansOptions(advanced=bool(args.advanced)), players, seed, rangers=rangers or None
        )
    except SetupError as exc:
        said = english(exc.msg)
        print(f"forest-table setup forest-guardians: {exc.field}: {said}" if exc.field
              else f"forest-table setup forest-guardians: {said}", file=stderr)
        return 2
    if args.json:
        json.dump(plan.to_json(english), stdout, indent=2, ensure_ascii=False)
        stdout.write("\n")
        if seed_picked:
            print(f"seed {seed} picked (pass --seed {seed} to deal this setup again)", file=stderr)
    else:
        print(format_checklist(plan, seed_picked=seed_picked), file=stdout)
    return 0

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

from app.commands.setup_common import Usage, checklist, fail, player_names, reproduce
from app.l10n import english
from scoring.message import ListCode, joined
from setup.guardians.plan import GuardiansOptions, GuardiansSetupPlan, SetupError, deal


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


PROG = "forest-table setup forest-guardians"


def _headline(plan: GuardiansSetupPlan) -> str:
    mode = "advanced game (ranger board side B)" if plan.options.advanced else "basic game"
    n = len(plan.players)
    return f"Forest Guardians setup: {n} players, {mode}. Seed {plan.seed}."


def format_checklist(plan: GuardiansSetupPlan, *, seed_picked: bool = False,
                     rangers: dict[int, str] | None = None) -> str:
    """The plan as a numbered checklist for the table (app/commands/setup_common)."""
    extra: list[str] = ["--advanced"] if plan.options.advanced else []
    for seat, ranger in sorted((rangers or {}).items()):
        extra += ["--ranger", f"{seat}={ranger}"]
    again = reproduce(PROG, list(plan.players), plan.seed, extra)
    steps = [(None, english(s.title), english(joined(ListCode.SENTENCES, s.detail)),
              tuple(english(o) for o in s.outcome)) for s in plan.steps]
    footer = []
    if not plan.removed and len(plan.players) > 2:
        footer.append(f"Nothing is removed with {len(plan.players)} players: every tile and "
                      "card is used.")
    return checklist(_headline(plan), again, plan.seed, seed_picked, list(plan.players), steps,
                     footer)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    try:
        names = player_names(args, 2, 4, "Forest Guardians")
    except Usage as exc:
        return fail(stderr, PROG, exc.flag, exc.message)
    players = len(names)
    rangers: dict[str, str] = {}
    by_seat: dict[int, str] = {}
    for item in getattr(args, "ranger", None) or []:
        seat, sep, ranger = str(item).partition("=")
        if not sep or not seat.strip().isdigit() or not 1 <= int(seat) <= players:
            return fail(stderr, PROG, "--ranger", f"{item!r}: expected SEAT=RANGER with SEAT "
                                                  f"from 1 to {players}, e.g. 1=julia")
        rangers[names[int(seat) - 1]] = ranger.strip().lower()
        by_seat[int(seat)] = ranger.strip().lower()
    seed_picked = args.seed is None
    seed = _new_seed() if seed_picked else int(args.seed)
    try:
        plan = deal(
            GuardiansOptions(advanced=bool(args.advanced)), names, seed, rangers=rangers or None
        )
    except SetupError as exc:
        return fail(stderr, PROG, "--ranger" if rangers else "--advanced", english(exc.msg))
    if args.json:
        if seed_picked:
            print(f"{PROG}: seed {seed} (picked at random; pass --seed {seed} to deal this "
                  "setup again)", file=stderr)
        json.dump(plan.to_json(english), stdout, indent=2, ensure_ascii=False)
        stdout.write("\n")
    else:
        stdout.write(format_checklist(plan, seed_picked=seed_picked, rangers=by_seat))
    stdout.flush()
    return 0

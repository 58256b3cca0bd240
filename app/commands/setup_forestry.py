"""``forest-table setup forestry``: deal a Forestry setup from a seed.

Default output: a numbered checklist to read aloud at the table. ``--json``:
the plan as data (``SetupPlan.to_json()``). No seed given: one is picked at
random and printed, so the same deal can be dealt again.

Exit status: 0 dealt; 2 invalid options (the message names the option).
Imports neither flet nor sqlalchemy.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import TextIO

from app.commands.setup_common import Usage, checklist, fail, player_names, reproduce
from app.l10n import english
from scoring.forestry.enums import Character, Mode, TechnologySide
from scoring.message import ListCode, joined
from setup.forestry.plan import ForestryOptions, SetupOptionError, SetupPlan, deal, label

PROG = "forest-table setup forestry"
#: Seeds picked when none is given: short enough to read out and type again.
AUTO_SEED_BOUND = 1_000_000
_FLAGS = {
    "players": "--players",
    "seed": "--seed",
    "mode": "--mode",
    "technology-side": "--technology-side",
    "tutorial-table": "--tutorial-table",
    "infestation": "--infestation",
    "asymmetric": "--asymmetric",
    "character": "--character",
}
_SECTIONS = {
    "solo": "Solo",
    "board": "Board",
    "gf": "Growing Forward: bark beetle infestation",
    "char": "Characters",
    "player": "Players",
}


class _Usage(Exception):
    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option
        self.message = message


def _character(name: str) -> Character:
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return Character(key)
    except ValueError:
        valid = ", ".join(c.value for c in Character)
        raise _Usage("character", f"unknown character {name!r} (one of: {valid})") from None


def options_from_args(args: argparse.Namespace) -> ForestryOptions:
    """Build the dealer's options from the parsed command line (raises ``_Usage``)."""
    try:
        mode = Mode(args.mode)
    except ValueError:
        raise _Usage("mode", f"unknown mode {args.mode!r}") from None
    side = getattr(args, "technology_side", None)
    return ForestryOptions(
        mode=mode,
        technology_side=TechnologySide(side) if side else None,
        tutorial_table=bool(getattr(args, "tutorial_table", False)),
        infestation=bool(args.infestation),
        asymmetric=bool(args.asymmetric),
        characters=tuple(_character(n) for n in (args.character or [])),
    )


def _extra(plan: SetupPlan) -> list[str]:
    o = plan.options
    parts: list[str] = []
    if o.mode is not Mode.STANDARD:
        parts += ["--mode", o.mode.value]
    if o.technology_side is not None:
        parts += ["--technology-side", o.technology_side.value]
    if o.tutorial_table:
        parts.append("--tutorial-table")
    if o.infestation:
        parts.append("--infestation")
    if o.asymmetric:
        parts.append("--asymmetric")
    for c in o.characters:
        parts += ["--character", c.value]
    return parts


def reproduce_command(plan: SetupPlan, names: list[str] | None = None) -> str:
    """The command line that deals ``plan`` again."""
    names = names or [f"Player {i}" for i in range(1, plan.players + 1)]
    return reproduce(PROG, names, plan.seed, _extra(plan))


def _headline(plan: SetupPlan) -> str:
    o = plan.options
    players = "1 player (solo)" if plan.players == 1 else f"{plan.players} players"
    game = f"{o.mode.value} game"
    if o.tutorial_table or o.mode is Mode.TUTORIAL:
        game += ", tutorial technology table"
    elif plan.technology_side is not None:
        game += f", technology side {plan.technology_side.value}"
    extras = []
    if o.infestation:
        extras.append("Growing Forward infestation")
    if o.asymmetric:
        extras.append("asymmetric setup cards")
    if plan.characters:
        extras.append("characters: " + ", ".join(english(label(c)) for c in plan.characters))
    tail = "; " + "; ".join(extras) if extras else ""
    return f"Forestry setup: {players}, {game}{tail}. Seed {plan.seed}."


def render_checklist(plan: SetupPlan, *, seed_was_picked: bool = False, width: int = 88,
                     names: list[str] | None = None) -> str:
    """The numbered checklist a person reads aloud at the table (app/commands/setup_common)."""
    names = names or [f"Player {i}" for i in range(1, plan.players + 1)]
    steps = []
    for step in plan.steps:
        prefix = step.id.split(".", 1)[0]
        steps.append((_SECTIONS.get(prefix, prefix.title()), english(step.title),
                      english(joined(ListCode.SENTENCES, step.detail)), ()))
    return checklist(_headline(plan), reproduce_command(plan, names), plan.seed,
                     seed_was_picked, names, steps, width=width)


def plan_json(plan: SetupPlan, names: list[str]) -> dict[str, object]:
    """The plan as data, ``players`` the names in seat order (as Forest Guardians')."""
    data = plan.to_json(english)
    data["players"] = list(names)
    return data


def _fail(stderr: TextIO, option: str, message: str) -> int:
    return fail(stderr, PROG, _FLAGS.get(option, option), message)


def run(
    args: argparse.Namespace, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Deal and print; 0 on success, 2 on invalid options."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        options = options_from_args(args)
        names = player_names(args, 1, 4, "Forestry")
    except _Usage as exc:
        return _fail(err, exc.option, exc.message)
    except Usage as exc:
        return fail(err, PROG, exc.flag, exc.message)
    seed_was_picked = args.seed is None
    seed = secrets.randbelow(AUTO_SEED_BOUND) if args.seed is None else int(args.seed)
    try:
        plan = deal(options, len(names), seed)
    except SetupOptionError as exc:
        return _fail(err, exc.option, english(exc.msg))
    if getattr(args, "json", False):
        if seed_was_picked:
            print(f"{PROG}: seed {seed} (picked at random; pass --seed {seed} to deal this "
                  "setup again)", file=err)
        out.write(json.dumps(plan_json(plan, names), ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(render_checklist(plan, seed_was_picked=seed_was_picked, names=names))
    out.flush()
    return 0

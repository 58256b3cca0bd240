"""``forest-table setup forestry``: Forestry's options on the command line, the deal they
make and the checklist's words (:class:`app.game.setup_input.SetupInput`; the command
itself, which prints, is ``app/commands/setup_cmd.py``).

The checklist is read aloud at the table: a headline (players, mode, side, modules,
characters, seed), then the dealer's steps by section. ``--json``: the plan as data
(``SetupPlan.to_json()``), ``players`` the names in seat order.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from app.game.setup_input import Dealt, SetupUsage
from app.l10n import english
from scoring.forestry.enums import Character, Mode, TechnologySide
from scoring.message import ListCode, joined
from setup.forestry.plan import ForestryOptions, SetupOptionError, SetupPlan, deal, label

#: the command line's name of each option the dealer may refuse
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


def _character(name: str) -> Character:
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    try:
        return Character(key)
    except ValueError:
        valid = ", ".join(c.value for c in Character)
        raise SetupUsage("--character", f"unknown character {name!r} (one of: {valid})") \
            from None


def options_from_args(args: argparse.Namespace) -> ForestryOptions:
    """Build the dealer's options from the parsed command line (raises ``SetupUsage``)."""
    try:
        mode = Mode(args.mode)
    except ValueError:
        raise SetupUsage("--mode", f"unknown mode {args.mode!r}") from None
    side = getattr(args, "technology_side", None)
    return ForestryOptions(
        mode=mode,
        technology_side=TechnologySide(side) if side else None,
        tutorial_table=bool(getattr(args, "tutorial_table", False)),
        infestation=bool(args.infestation),
        asymmetric=bool(args.asymmetric),
        characters=tuple(_character(n) for n in (args.character or [])),
    )


def again(plan: SetupPlan) -> tuple[str, ...]:
    """The options that deal ``plan`` again (the players and the seed aside)."""
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
    return tuple(parts)


def headline(plan: SetupPlan) -> str:
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


def steps(plan: SetupPlan) -> tuple[tuple[str | None, str, str, Sequence[str]], ...]:
    """The plan's steps as the checklist numbers them, under their sections."""
    out = []
    for step in plan.steps:
        prefix = step.id.split(".", 1)[0]
        out.append((_SECTIONS.get(prefix, prefix.title()), english(step.title),
                    english(joined(ListCode.SENTENCES, step.detail)), ()))
    return tuple(out)


def plan_json(plan: SetupPlan, names: Sequence[str]) -> dict[str, object]:
    """The plan as data, ``players`` the names in seat order (as Forest Guardians')."""
    data = plan.to_json(english)
    data["players"] = list(names)
    return data


class ForestrySetup:
    """Forestry's ``setup`` command."""

    help = "deal Forestry (with Growing Forward)"

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--mode", choices=[m.value for m in Mode], default="standard",
                            help="the game mode (default standard)")
        parser.add_argument("--technology-side", choices=[s.value for s in TechnologySide],
                            default=None, help="the technology table's side (default: dealt)")
        parser.add_argument(
            "--tutorial-table", action="store_true",
            help="advanced game with the tutorial's pre-printed technology table")
        parser.add_argument("--infestation", action="store_true",
                            help="Growing Forward infestation")
        parser.add_argument("--asymmetric", action="store_true",
                            help="asymmetric setup cards")
        parser.add_argument(
            "--character", action="append", default=[],
            help="a character chosen for the game (repeatable): "
                 + ", ".join(c.value for c in Character)
                 + "; the other seats are dealt at random (advanced mode)")

    def deal(self, args: argparse.Namespace, names: Sequence[str], seed: int) -> Dealt:
        options = options_from_args(args)
        try:
            plan = deal(options, len(names), seed)
        except SetupOptionError as exc:
            raise SetupUsage(_FLAGS.get(exc.option, exc.option), english(exc.msg)) from None
        return Dealt(again(plan), headline(plan), steps(plan), plan_json(plan, names))


SETUP = ForestrySetup()

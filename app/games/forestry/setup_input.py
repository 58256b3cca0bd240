"""``forest-table setup forestry``: the deal Forestry's options make (the variant's) and
the checklist's words (:class:`app.game.setup_input.SetupInput`; the command
itself, which prints, is ``app/commands/setup_cmd.py``).

The checklist is read aloud at the table: a headline (players, mode, side, modules,
characters, seed), then the dealer's steps by section. ``--json``: the plan as data
(``SetupPlan.to_json()``), ``players`` the names in seat order.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.game.setup_input import Dealt, SetupUsage
from app.l10n import english
from scoring.forestry.enums import Mode
from scoring.message import ListCode, joined
from setup.forestry.plan import ForestryOptions, SetupOptionError, SetupPlan, deal, label

_SECTIONS = {
    "solo": "Solo",
    "board": "Board",
    "gf": "Growing Forward: bark beetle infestation",
    "char": "Characters",
    "player": "Players",
}


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
    """Forestry's ``setup`` command: its options are the variant's (``--mode``,
    ``--technology-side``, ``--tutorial-table``, ``--infestation``, ``--asymmetric``,
    ``--role SEAT=CHARACTER``); ``--character NAME`` is the older spelling of a role."""

    help = "deal Forestry (with Growing Forward)"
    role_alias = ("--character", False)

    def deal(self, options: ForestryOptions, roles: Sequence[str | None],
             names: Sequence[str], seed: int, role_flag: str) -> Dealt:
        """The characters named are in ``options`` (the variant reads them from the seats)."""
        try:
            plan = deal(options, len(names), seed)
        except SetupOptionError as exc:
            flag = role_flag if exc.option == "character" else \
                "--" + exc.option.replace("_", "-")
            raise SetupUsage(flag, english(exc.msg)) from None
        return Dealt(headline(plan), steps(plan), plan_json(plan, names))


SETUP = ForestrySetup()

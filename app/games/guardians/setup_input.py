"""``forest-table setup forest-guardians``: the deal Forest Guardians' options make (the
variant's: ``--advanced``, ``--role SEAT=RANGER``; ``--ranger SEAT=RANGER`` is the older
spelling) and the checklist's words (:class:`app.game.setup_input.SetupInput`; the
command itself, which prints, is ``app/commands/setup_cmd.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from app.game.setup_input import Dealt, SetupUsage
from app.l10n import english
from scoring.message import ListCode, joined
from setup.guardians.plan import GuardiansOptions, GuardiansSetupPlan, SetupError, deal


def headline(plan: GuardiansSetupPlan) -> str:
    mode = "advanced game (ranger board side B)" if plan.options.advanced else "basic game"
    n = len(plan.players)
    return f"Forest Guardians setup: {n} players, {mode}. Seed {plan.seed}."


class GuardiansSetup:
    """Forest Guardians' ``setup`` command."""

    help = "deal Forest Guardians"
    role_alias = ("--ranger", True)

    def deal(self, options: GuardiansOptions, roles: Sequence[str | None],
             names: Sequence[str], seed: int, role_flag: str) -> Dealt:
        rangers = {name: ranger for name, ranger in zip(names, roles, strict=True) if ranger}
        try:
            plan = deal(options, list(names), seed, rangers=rangers or None)
        except SetupError as exc:
            raise SetupUsage(role_flag if rangers else "--advanced", english(exc.msg)) \
                from None
        steps = tuple((None, english(s.title), english(joined(ListCode.SENTENCES, s.detail)),
                       tuple(english(o) for o in s.outcome)) for s in plan.steps)
        footer: tuple[str, ...] = ()
        if not plan.removed and len(plan.players) > 2:
            footer = (f"Nothing is removed with {len(plan.players)} players: every tile and "
                      "card is used.",)
        return Dealt(headline(plan), steps, plan.to_json(english), footer)


SETUP = GuardiansSetup()

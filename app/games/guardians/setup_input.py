"""``forest-table setup forest-guardians``: Forest Guardians' options on the command line
(``--advanced``, ``--ranger SEAT=RANGER``), the deal they make and the checklist's words
(:class:`app.game.setup_input.SetupInput`; the command itself, which prints, is
``app/commands/setup_cmd.py``)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from app.game.setup_input import Dealt, SetupUsage
from app.l10n import english
from scoring.message import ListCode, joined
from setup.guardians.plan import GuardiansOptions, GuardiansSetupPlan, SetupError, deal


def headline(plan: GuardiansSetupPlan) -> str:
    mode = "advanced game (ranger board side B)" if plan.options.advanced else "basic game"
    n = len(plan.players)
    return f"Forest Guardians setup: {n} players, {mode}. Seed {plan.seed}."


def _rangers(args: argparse.Namespace, names: Sequence[str]) -> dict[int, str]:
    """The rangers chosen, by seat (1-based), from ``--ranger SEAT=RANGER``."""
    by_seat: dict[int, str] = {}
    for item in getattr(args, "ranger", None) or []:
        seat, sep, ranger = str(item).partition("=")
        if not sep or not seat.strip().isdigit() or not 1 <= int(seat) <= len(names):
            raise SetupUsage("--ranger", f"{item!r}: expected SEAT=RANGER with SEAT from 1 to "
                                         f"{len(names)}, e.g. 1=julia")
        by_seat[int(seat)] = ranger.strip().lower()
    return by_seat


class GuardiansSetup:
    """Forest Guardians' ``setup`` command."""

    help = "deal Forest Guardians"

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--advanced", action="store_true",
                            help="the advanced game (rangers, ranger board side B)")
        parser.add_argument(
            "--ranger", action="append", default=[], metavar="SEAT=RANGER",
            help="a ranger a player chooses, e.g. 1=julia (advanced game; others are dealt)")

    def deal(self, args: argparse.Namespace, names: Sequence[str], seed: int) -> Dealt:
        by_seat = _rangers(args, names)
        rangers = {names[seat - 1]: ranger for seat, ranger in by_seat.items()}
        try:
            plan = deal(GuardiansOptions(advanced=bool(args.advanced)), list(names), seed,
                        rangers=rangers or None)
        except SetupError as exc:
            raise SetupUsage("--ranger" if rangers else "--advanced", english(exc.msg)) \
                from None
        again: list[str] = ["--advanced"] if plan.options.advanced else []
        for seat, ranger in sorted(by_seat.items()):
            again += ["--ranger", f"{seat}={ranger}"]
        steps = tuple((None, english(s.title), english(joined(ListCode.SENTENCES, s.detail)),
                       tuple(english(o) for o in s.outcome)) for s in plan.steps)
        footer: tuple[str, ...] = ()
        if not plan.removed and len(plan.players) > 2:
            footer = (f"Nothing is removed with {len(plan.players)} players: every tile and "
                      "card is used.",)
        return Dealt(tuple(again), headline(plan), steps, plan.to_json(english), footer)


SETUP = GuardiansSetup()

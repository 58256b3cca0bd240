"""What both ``forest-table setup GAME`` commands share: one shape for both games.

- players: ``--players N`` and/or ``--player NAME`` (repeated, in seat order; each name
  through ``app.names.clean_name``); without names, seats are "Player 1", ...
- text: a headline (game, players, mode, seed), the command that deals it again, the
  players in seat order, then numbered steps (``title: detail``, outcomes as ``-`` items);
- JSON: the plan as data with ``players`` always the list of names (seat order);
- errors: ``forest-table setup GAME: error: --option: message`` on standard error, exit 2;
- a picked seed is said (text: in the checklist; JSON: on standard error);
- ``| head`` ends quietly (no BrokenPipeError).

Imports neither flet nor sqlalchemy.
"""

from __future__ import annotations

import argparse
import textwrap
from collections.abc import Sequence
from typing import TextIO

from app.names import clean_name, name_key
from scoring.message import Refusal


class Usage(Exception):
    """A bad option: ``flag`` names it."""

    def __init__(self, flag: str, message: str) -> None:
        super().__init__(message)
        self.flag = flag
        self.message = message


def fail(err: TextIO, prog: str, flag: str, message: str) -> int:
    print(f"{prog}: error: {flag}: {message}", file=err)
    return 2


def _name_problem(exc: Refusal) -> str:
    from app.l10n import refusal

    return refusal("en", exc)


def player_names(args: argparse.Namespace, low: int, high: int, game: str) -> list[str]:
    """The seats' names from ``--player`` / ``--players`` (raises :class:`Usage`)."""
    given = list(getattr(args, "player", None) or [])
    count = getattr(args, "players", None)
    names: list[str] = []
    for i, raw in enumerate(given):
        try:
            names.append(clean_name(raw, f"--player {i + 1}"))
        except Refusal as exc:
            raise Usage("--player", _name_problem(exc)) from None
    keys = [name_key(n) for n in names]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise Usage("--player", f"{names[i]!r} is named twice (seat {keys.index(k) + 1} "
                                    f"and seat {i + 1})")
    if count is None and not names:
        raise Usage("--players", f"give --players N ({low}-{high}) or the players' names "
                                 "with --player NAME (repeated)")
    if count is not None and names and int(count) != len(names):
        raise Usage("--players", f"{count} players but {len(names)} --player names")
    n = int(count) if count is not None and not names else len(names)
    if not low <= n <= high:
        raise Usage("--players", f"{game} is for {low}-{high} players; got {n}")
    return names or [f"Player {i}" for i in range(1, n + 1)]


def reproduce(prog: str, names: Sequence[str], seed: int, extra: Sequence[str]) -> str:
    """The command line that deals the same setup again."""
    if all(n == f"Player {i}" for i, n in enumerate(names, 1)):
        who = ["--players", str(len(names))]
    else:
        who = [part for n in names for part in ("--player", _quote(n))]
    return " ".join([prog, *who, "--seed", str(seed), *extra])


def _quote(name: str) -> str:
    import shlex

    return shlex.quote(name)


def checklist(headline: str, again: str, seed: int, seed_picked: bool, names: Sequence[str],
              steps: Sequence[tuple[str | None, str, str, Sequence[str]]],
              footer: Sequence[str] = (), width: int = 88) -> str:
    """The numbered checklist both commands print. ``steps``: (section or None, title,
    detail, outcome items)."""
    lines = [headline]
    if seed_picked:
        lines.append(f"(Seed {seed} was picked at random. Deal this again with: {again})")
    else:
        lines.append(f"(Deal this again with: {again})")
    lines.append(f"Players (seat order): {', '.join(names)}")
    section: str | None = None
    for number, (sec, title, detail, outcome) in enumerate(steps, 1):
        if sec is not None and sec != section:
            section = sec
            lines += ["", sec]
        elif number == 1:
            lines.append("")
        head = f"{number:>2}. "
        lines.append(textwrap.fill(f"{title}: {detail}", width=width, initial_indent=head,
                                   subsequent_indent=" " * len(head), break_on_hyphens=False))
        for item in outcome:
            lines.append(textwrap.fill(item, width=width, initial_indent=" " * len(head) + "- ",
                                       subsequent_indent=" " * (len(head) + 2),
                                       break_on_hyphens=False))
    if footer:
        lines += ["", *footer]
    return "\n".join(lines) + "\n"


def add_player_options(p: argparse.ArgumentParser, low: int, high: int) -> None:
    """``--players N`` and ``--player NAME`` (repeated), the same for both games."""
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=f"how many play ({low}-{high}); not needed with --player")
    p.add_argument("--player", action="append", default=[], metavar="NAME",
                   help="a player's name, once per player in seat order (seat 1 starts)")

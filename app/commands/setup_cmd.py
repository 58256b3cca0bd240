"""``forest-table setup GAME``: deal a game's setup from a seed, as a checklist or as JSON.

One command for every game: its parser is built from the games' variants (each game's
option specs and roles, spelt as on every verb: :mod:`app.commands.game_options`; its
``setup_input``: the deal they make, the checklist's words); what follows is the same for
all:

- players: ``--players N`` and/or ``--player NAME`` (repeated, in seat order; each name
  through ``app.names.clean_name``); without names, seats are "Player 1", ...
- text: a headline (game, players, mode, seed), the command that deals it again, the
  players in seat order, then numbered steps (``title: detail``, outcomes as ``-`` items);
- JSON: the plan as data with ``players`` always the list of names (seat order);
- errors: ``forest-table setup GAME: error: --option: message`` on standard error, exit 2;
- no seed given: one is picked and said (text: in the checklist; JSON: on standard error),
  so the same deal can be dealt again;
- ``| head`` ends quietly (no BrokenPipeError).

Imports neither flet nor sqlalchemy.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shlex
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, TextIO

from app.bounds import SEED_MAX
from app.commands.game_options import add_options, given_options, given_roles, roles_by_seat
from app.commands.game_options import again as options_again
from app.commands.game_options import flag as option_flag
from app.game.new_game import parse_seed
from app.game.registry import VARIANTS, variant
from app.game.setup_input import SetupUsage
from app.game.state import PlayerSeat
from app.game.variant import Variant
from app.l10n import english, refusal
from app.names import clean_name, name_key
from scoring.message import Refusal

#: Seeds picked when none is given: short enough to read out and type again.
AUTO_SEED_BOUND = 1_000_000


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """``setup`` and one subcommand per game that has a ``setup_input``."""
    p = sub.add_parser("setup", help="deal a game's setup from a seed")
    games = p.add_subparsers(dest="game", required=True, metavar="GAME")
    for game, v in VARIANTS.items():
        if v.setup_input is None:
            continue
        g = games.add_parser(str(game), help=v.setup_input.help,
                             description=f"{v.setup_input.help}: a checklist of its setup "
                             "from a seed")
        add_player_options(g, v.min_players, v.max_players)
        g.add_argument("--seed", default=None, metavar="S",
                       help=f"deal this seed (0 to {SEED_MAX}; default: one is picked and "
                            "printed)")
        add_options(g, [v], role_alias=v.setup_input.role_alias)
        g.add_argument("--json", action="store_true", help="print the plan as JSON")


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Deal and print; 0 on success, 2 on invalid options."""
    try:
        return _deal(args, out if out is not None else sys.stdout,
                     err if err is not None else sys.stderr)
    except BrokenPipeError:  # piped into `head`: the reader has what it wanted
        quiet_stdout()
        return 0


def _deal(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    v = variant(args.game)
    prog = f"forest-table setup {args.game}"
    assert v.setup_input is not None  # only such games have the subcommand
    try:  # the bound every way in takes (app.bounds), as `tables new --seed` and the form
        given = parse_seed(args.seed, "--seed")
    except Refusal as exc:
        print(f"{prog}: error: {_name_problem(exc)}", file=err)
        return 2
    picked = given is None
    seed = secrets.randbelow(AUTO_SEED_BOUND) if given is None else given
    try:
        names = player_names(args, v.min_players, v.max_players, v.name)
        options, roles, role_flag = game_options(v, args, names)
        dealt = v.setup_input.deal(options, roles, names, seed, role_flag)
    except SetupUsage as exc:
        return fail(err, prog, exc.flag, exc.message)
    if args.json:
        if picked:
            print(f"{prog}: seed {seed} (picked at random; pass --seed {seed} to deal this "
                  "setup again)", file=err)
        out.write(json.dumps(dealt.json, ensure_ascii=False, indent=2) + "\n")
    else:
        again = reproduce(prog, names, seed, options_again(v, options, roles))
        out.write(checklist(dealt.headline, again, seed, picked, names, dealt.steps,
                            dealt.footer))
    out.flush()
    return 0


def game_options(v: Variant, args: argparse.Namespace, names: Sequence[str]
                 ) -> tuple[Any, list[str | None], str]:
    """The game's typed options from the command line (the seats' roles in them where the
    game keeps them there), the roles by seat and the flag they were given with (raises
    :class:`SetupUsage` naming the flag as typed)."""
    assert v.setup_input is not None
    specs = {s.key: s for s in v.options}
    given = {key: (value == "yes") if specs[key].is_flag else value  # choices: argparse's
             for _, key, value in given_options(args)}
    alias, seated = v.setup_input.role_alias
    roles, flags, problems = roles_by_seat(given_roles(args), len(names),
                                           bare=() if seated else (alias,))
    if problems:
        raise SetupUsage(problems[0][0], english(problems[0][1]))
    role_flag = next(iter(flags.values()), "--role")
    seats = tuple(PlayerSeat(name, i, character=role)
                  for i, (name, role) in enumerate(zip(names, roles, strict=True), 1))
    try:
        options = v.parse_options(given, seats)
    except Refusal as exc:
        field = getattr(exc, "field", "") or ""
        seat = re.match(r"players\[(\d+)\]", field)
        name = (flags.get(int(seat.group(1)), role_flag) if seat else
                option_flag(field.removeprefix("options.")) if field else "--role")
        raise SetupUsage(name, _name_problem(exc)) from None
    return options, roles, role_flag


def fail(err: TextIO, prog: str, flag: str, message: str) -> int:
    print(f"{prog}: error: {flag}: {message}", file=err)
    return 2


def _name_problem(exc: Refusal) -> str:
    return refusal("en", exc)


def player_names(args: argparse.Namespace, low: int, high: int, game: str) -> list[str]:
    """The seats' names from ``--player`` / ``--players`` (raises :class:`SetupUsage`)."""
    given = list(getattr(args, "player", None) or [])
    count = getattr(args, "players", None)
    names: list[str] = []
    for i, raw in enumerate(given):
        try:
            names.append(clean_name(raw, f"--player {i + 1}"))
        except Refusal as exc:
            raise SetupUsage("--player", _name_problem(exc)) from None
    keys = [name_key(n) for n in names]
    for i, k in enumerate(keys):
        if k in keys[:i]:
            raise SetupUsage("--player", f"{names[i]!r} is named twice (seat {keys.index(k) + 1} "
                                    f"and seat {i + 1})")
    if count is None and not names:
        raise SetupUsage("--players", f"give --players N ({low}-{high}) or the players' names "
                                 "with --player NAME (repeated)")
    if count is not None and names and int(count) != len(names):
        raise SetupUsage("--players", f"{count} players but {len(names)} --player names")
    n = int(count) if count is not None and not names else len(names)
    if not low <= n <= high:
        raise SetupUsage("--players", f"{game} is for {low}-{high} players; got {n}")
    return names or [f"Player {i}" for i in range(1, n + 1)]


def reproduce(prog: str, names: Sequence[str], seed: int, extra: Sequence[str]) -> str:
    """The command line that deals the same setup again."""
    if all(n == f"Player {i}" for i, n in enumerate(names, 1)):
        who = ["--players", str(len(names))]
    else:
        who = [part for n in names for part in ("--player", _quote(n))]
    return " ".join([prog, *who, "--seed", str(seed), *extra])


def _quote(name: str) -> str:
    return shlex.quote(name)


def checklist(headline: str, again: str, seed: int, seed_picked: bool, names: Sequence[str],
              steps: Sequence[tuple[str | None, str, str, Sequence[str]]],
              footer: Sequence[str] = (), width: int = 88) -> str:
    """The numbered checklist every game's setup prints. ``steps``: (section or None, title,
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
    """``--players N`` and ``--player NAME`` (repeated), the same for every game."""
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help=f"how many play ({low}-{high}); not needed with --player")
    p.add_argument("--player", action="append", default=[], metavar="NAME",
                   help="a player's name, once per player in seat order (seat 1 starts)")


def quiet_stdout() -> None:
    """Point standard output at /dev/null, so the interpreter's final flush of a closed pipe
    prints no "Exception ignored ... BrokenPipeError"."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass

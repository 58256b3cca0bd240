"""A game's options on the command line, one spelling on every verb (``setup GAME``,
``tables new GAME``), made from the game's variant (:attr:`app.game.variant.Variant.options`,
``roles``, ``play_options``); nothing here knows a game.

- an option with choices: ``--KEY VALUE`` (``--mode advanced``); a yes/no option: ``--KEY``
  (``--infestation``); ``_`` in a key is ``-`` on the command line;
- a role a seat chooses (a character, a ranger): ``--role SEAT=ROLE``;
- a play option (``tables new --in-play``): ``--KEY VALUE`` (``--harvesters 4,9,13``).

The older spellings stay as aliases: ``tables new --option KEY=VALUE`` (for options and
play options) and each game's own ``setup`` role flag (its ``setup_input.role_alias``:
``--character NAME``, ``--ranger SEAT=RANGER``). What was given is kept with the flag it
was given with, so a problem names the flag as typed.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from app.game.variant import OptionSpec, Variant
from scoring.message import Msg, msg

#: the namespace attributes: ``[(flag, key, value)]`` and ``[(flag, text)]``
OPTIONS, ROLES = "game_options", "roles_given"


def flag(key: str) -> str:
    """An option's flag: ``technology_side`` -> ``--technology-side``."""
    return "--" + key.replace("_", "-")


class _Option(argparse.Action):
    """Appends ``(flag as typed, key, value)`` to :data:`OPTIONS` (a yes/no option: yes)."""

    def __init__(self, option_strings: Sequence[str], dest: str, key: str = "",
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.key = key

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        value = "yes" if self.nargs == 0 else str(values)
        given = [*(getattr(namespace, OPTIONS, None) or []),
                 (option_string or self.option_strings[0], self.key, value)]
        setattr(namespace, OPTIONS, given)


class _Role(argparse.Action):
    """Appends ``(flag as typed, text)`` to :data:`ROLES`."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        given = [*(getattr(namespace, ROLES, None) or []),
                 (option_string or self.option_strings[0], str(values))]
        setattr(namespace, ROLES, given)


class _Offered(tuple[str, ...]):
    """Choices offered (the help, the completion) and left for the command to check, per
    game and with every other problem (``tables new``): argparse lets any value through."""

    def __contains__(self, value: object) -> bool:
        return True


def _any_case(choices: Sequence[str]) -> Callable[[str], str]:
    """A choice typed in any case as the choice (``b`` -> ``B``), as ``--option`` takes it;
    anything else as typed, for argparse to refuse naming the choices."""
    def choice(text: str) -> str:
        return next((c for c in choices if c.lower() == text.strip().lower()), text)
    return choice


def add_options(p: argparse.ArgumentParser, variants: Sequence[Variant], *,
                play: bool = False, role_alias: tuple[str, bool] | None = None,
                checked: bool = True) -> None:
    """The options of ``variants`` on ``p`` (one variant: ``setup GAME``; every game:
    ``tables new GAME``, each option saying whose it is and checked against the game given
    later); ``play``: the play options too; ``role_alias``: an older role flag kept, and
    whether it takes ``SEAT=ROLE`` (else a role alone, for the next seat without one);
    ``checked``: argparse refuses a value not among an option's choices (else the command
    checks it: :class:`_Offered`)."""
    several = len(variants) > 1
    names = " and ".join(v.name + ("'" if v.name.endswith("s") else "'s") for v in variants)
    group = p.add_argument_group(
        f"{names} options", "spelt alike on `setup GAME` and `tables new GAME`" + (
            "; each says whose it is" if several else ""))
    specs: dict[str, tuple[OptionSpec, list[str]]] = {}
    for v in variants:
        for s in v.options:
            known = specs.setdefault(s.key, (s, []))
            if known[0].is_flag != s.is_flag:  # a flag here, a choice there: no one spelling
                raise ValueError(f"option {s.key!r} is a flag in one game only")
            if known[0] is not s:
                specs[s.key] = (OptionSpec(s.key, tuple(dict.fromkeys(
                    (*known[0].choices, *s.choices))), known[0].help), known[1])
            specs[s.key][1].append(v.name)
    for key, (spec, games) in specs.items():
        whose = f" ({', '.join(games)})" if several else ""
        if spec.is_flag:
            group.add_argument(flag(key), action=_Option, key=key, nargs=0, dest=OPTIONS,
                           help=f"{spec.help or key}{whose}")
        else:
            choices = spec.choices if checked else _Offered(spec.choices)
            group.add_argument(flag(key), action=_Option, key=key, choices=choices,
                           type=_any_case(spec.choices), dest=OPTIONS,
                           help=f"{spec.help or key}{whose}")
    if play:
        for v in variants:
            for key in v.play_options:
                group.add_argument(flag(key), action=_Option, key=key, dest=OPTIONS,
                               metavar="VALUE",
                               help=f"a play option of {v.name}, with --in-play")
    roles = "; ".join(f"{v.role}s ({v.name}): {', '.join(v.roles)}" if several else
                      f"{v.role}s: {', '.join(v.roles)}" for v in variants if v.roles)
    role = "ROLE" if several else variants[0].role.upper()
    if roles:
        example = next(v.roles[0] for v in variants if v.roles)
        group.add_argument("--role", action=_Role, dest=ROLES, metavar=f"SEAT={role}",
                       help=f"a role a player chooses, e.g. 1={example} (repeatable; the "
                            f"others are dealt; advanced game): {roles}")
    if role_alias is not None:
        alias, seated = role_alias
        group.add_argument(alias, action=_Role, dest=ROLES,
                       metavar=f"SEAT={role}" if seated else role,
                       help="the older spelling of --role" + (
                           "" if seated else ": a role alone, for the next seat without one"))


def given_options(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """``[(flag as typed, key, value)]`` of the options given, in the order given."""
    return list(getattr(args, OPTIONS, None) or [])


def given_roles(args: argparse.Namespace) -> list[tuple[str, str]]:
    """``[(flag as typed, text)]`` of the roles given, in the order given."""
    return list(getattr(args, ROLES, None) or [])


def role_text(text: str) -> str:
    """A role as typed (``Forest-Road manager``) as its id (``forest_road_manager``)."""
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def roles_by_seat(given: Sequence[tuple[str, str]], count: int, bare: Sequence[str] = ()
                  ) -> tuple[list[str | None], dict[int, str], list[tuple[str, Msg]]]:
    """The roles given (``SEAT=ROLE``; from a flag in ``bare``: also a role alone, for the
    next seat without one) by seat, the flag each seat's was given with, and the problems
    ``(flag, message)``."""
    out: list[str | None] = [None] * count
    flags: dict[int, str] = {}
    problems: list[tuple[str, Msg]] = []
    later: list[tuple[str, str]] = []
    for option, text in given:
        seat, sep, value = str(text).partition("=")
        seat, value = seat.strip(), value.strip()
        if not sep and option in bare and seat:
            later.append((option, seat))
            continue
        ok = sep and value and seat.isascii() and seat.isdigit() and 1 <= int(seat) <= count
        if not ok:
            problems.append((option, msg("tables-error-seat-pair", n=str(max(count, 1)),
                                         value=str(text)[:80])))
        elif out[int(seat) - 1] is not None:
            problems.append((f"{option} #{seat}", msg("tables-error-seat-twice", n=seat)))
        else:
            out[int(seat) - 1] = role_text(value)
            flags[int(seat) - 1] = option
    for option, value in later:
        free = next((i for i, r in enumerate(out) if r is None), None)
        if free is None:
            problems.append((option, msg("tables-error-role-no-seat", n=str(count),
                                         value=value[:80])))
        else:
            out[free] = role_text(value)
            flags[free] = option
    return out, flags, problems


def again(v: Variant, options: Any, roles: Sequence[str | None]) -> tuple[str, ...]:
    """The options and roles (``--mode advanced --role 2=julia``) that give ``options``
    (the game's typed options) and ``roles`` again: those not the game's default."""
    now, default = v.options_json(options), v.options_json(v.default_options())
    parts: list[str] = []
    for spec in v.options:
        value = now.get(spec.key)
        if value == default.get(spec.key) or value is None or value is False:
            continue
        parts += [flag(spec.key)] if spec.is_flag else [flag(spec.key), str(value)]
    parts += [part for seat, role in enumerate(roles, 1) if role
              for part in ("--role", f"{seat}={role}")]
    return tuple(parts)

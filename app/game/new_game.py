"""A new game's players and options, checked before anything is dealt or stored.

The rules-free part of starting a game, shared by the new-game form
(``app/ui/new_game/presenter.py``) and ``forest-table tables new``
(``app/commands/tables.py``), so both refuse exactly the same things:

- **names** as people type them (:func:`app.names.clean_name`), none empty, none twice
  (matched as History matches people, :func:`app.names.name_key`);
- the **number of players** the game takes (the variant's ``min_players``/``max_players``);
- **colours**: the form's six (:data:`COLOURS`), each seat its own (:func:`fill_colours`
  gives the seats without a chosen one theirs, as the form does);
- **roles** (characters, rangers): only when the options let seats choose (the variant's
  ``chooses_roles``), each one of the game's (``roles``), none twice;
- the **first player** (a seat), the **seed** (digits, 0 .. 2**63-1);
- **options** by key (:func:`parse_options`: the variant's
  :class:`~app.game.variant.OptionSpec` list, nothing written here about any game).

What only the dealer knows (a module that is not played solo, the tutorial's table...)
is asked of the dealer itself: :func:`check_new_game` deals the game once, as
:meth:`app.session.GameSession.create` will. Every problem is a :class:`Problem`: the
field it concerns (``players[1].name``, ``options.mode``, ``seed``...) and a message
code with its values; the words are the catalogues'.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.bounds import SEED_MAX
from app.game.errors import DomainError
from app.game.registry import variant
from app.game.rules import initial_state
from app.game.state import PlayerSeat, checked_first_player
from app.game.variant import Variant
from app.names import clean_name, name_key
from scoring.games import Game
from scoring.message import ListCode, MessageCode, Msg, Refusal, joined, msg

#: Player colours a seat may have (its tokens' colour; the rules do not name them).
COLOURS = ("blue", "red", "yellow", "purple", "green", "black")
#: Seeds picked at random are below this (short enough to read out and type again).
SEED_LIMIT = 2**31
#: A seed is what ``random.Random`` and the record format take: 0 .. 2**63 - 1 (app.bounds).
MAX_SEED = SEED_MAX
_YES = ("yes", "true", "on", "1")
_NO = ("no", "false", "off", "0")


class NewGameCode(MessageCode):
    NAME_REQUIRED = "new-error-name-required"
    SAME_NAME = "new-error-same-name"  # n: the other seat
    PLAYER_COUNT = "new-error-player-count"  # game, low, high, n
    COLOUR_UNKNOWN = "new-error-colour-unknown"  # value, colours
    SAME_COLOUR = "new-error-same-colour"  # n
    ROLE_UNKNOWN = "new-error-role-unknown"  # role, value, roles
    ROLE_TAKEN = "new-error-role-taken"  # role, n
    ROLES_OFF = "new-error-roles-off"  # role
    OPTION_UNKNOWN = "new-error-option-unknown"  # game, key, keys
    OPTION_VALUE = "new-error-option-value"  # key, value, choices
    OPTION_FLAG = "new-error-option-flag"  # key, value
    OPTION_TWICE = "new-error-option-twice"  # key
    OPTION_PAIR = "new-error-option-pair"  # value


class SeedCode(MessageCode):
    SEED_NOT_DIGITS = "refusal-seed-not-digits"
    SEED_TOO_LARGE = "refusal-seed-too-large"


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong with a new game: the ``field`` (``players[0].name``, ``players``,
    ``players[1].colour``, ``players[1].role``, ``options.<key>``, ``seed``,
    ``first_player``, ``game``) and the message (its ``field`` parameter, when the
    message names the field, is the caller's: a label on a form, a flag on the CLI)."""

    field: str
    message: Msg


@dataclass(frozen=True, slots=True)
class NewGame:
    """A new game that passed every check: what ``GameSession.create`` takes."""

    game: Game
    seats: tuple[PlayerSeat, ...]
    options: Any  # the variant's typed options (``options_type``)
    seed: int
    first_player: int | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def players_json(self) -> list[dict[str, Any]]:
        """The players as ``GameSession.create`` takes them (name, colour, role)."""
        return [{"name": s.name, "colour": s.colour, "character": s.character}
                for s in self.seats]


def new_seed() -> int:
    """A fresh random seed (shown on the setup screen so the deal can be repeated)."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def _ascii_digits(text: str) -> bool:
    """Only 0-9 (``"²".isdigit()`` is true, and ``int("٣")`` is 3: neither is a seed)."""
    return bool(text) and all("0" <= ch <= "9" for ch in text)


def parse_seed(raw: object, field: str = "seed") -> int | None:
    """A typed seed: empty means "deal one at random" (None); else 0 .. 2**63-1, digits."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise Refusal(SeedCode.SEED_NOT_DIGITS, field=field)
    if isinstance(raw, int):
        if not 0 <= raw <= MAX_SEED:
            raise Refusal(SeedCode.SEED_TOO_LARGE, field=field, limit=str(MAX_SEED))
        return raw
    text = raw.strip()
    if not text:
        return None
    if not _ascii_digits(text):
        raise Refusal(SeedCode.SEED_NOT_DIGITS, field=field)
    # the length first: int() of 5,000 digits is not free
    if len(text) > len(str(MAX_SEED)) + 4 or int(text) > MAX_SEED:
        raise Refusal(SeedCode.SEED_TOO_LARGE, field=field, limit=str(MAX_SEED))
    return int(text)


# --------------------------------------------------------------------------- the checks


def check_names(raw: Sequence[object]) -> tuple[list[str], list[Problem]]:
    """The cleaned names in seat order ("" where a name is refused) and the problems.

    Two seats with the same person's name both get a problem, each naming the other.
    """
    problems: list[Problem] = []
    seen: dict[str, int] = {}  # name key -> the first seat with it
    names: list[str] = []
    for i, typed in enumerate(raw):
        field = f"players[{i}].name"
        if not isinstance(typed, str) or not typed.strip():
            problems.append(Problem(field, msg(NewGameCode.NAME_REQUIRED)))
            names.append("")
            continue
        try:
            name = clean_name(typed, field)
        except Refusal as err:
            problems.append(Problem(field, err.msg))
            names.append("")
            continue
        key = name_key(name)
        if key in seen:
            first = seen[key]
            problems.append(Problem(field, msg(NewGameCode.SAME_NAME, n=first + 1)))
            problems.append(Problem(f"players[{first}].name",
                                    msg(NewGameCode.SAME_NAME, n=i + 1)))
        else:
            seen[key] = i
        names.append(name)
    return names, problems


def check_count(v: Variant, count: int) -> Problem | None:
    """Does the game take ``count`` players?"""
    if v.players_ok(count):
        return None
    return Problem("players", msg(NewGameCode.PLAYER_COUNT, game=msg(f"game-{v.game}"),
                                  low=v.min_players, high=v.max_players, n=count))


def fill_colours(given: Sequence[str | None]) -> tuple[str, ...]:
    """Each seat's colour, as the form gives them: seat by seat the next of :data:`COLOURS`,
    then each colour chosen for a seat taken from whoever had it (they get the seat's
    old one). Chosen colours that are not one of :data:`COLOURS` stay as given (for
    :func:`check_colours` to refuse)."""
    out = [COLOURS[i] if i < len(COLOURS) else "" for i in range(len(given))]
    for i, c in enumerate(given):
        if not c:
            continue
        if c in out:
            out[out.index(c)] = out[i]
        out[i] = c
    return tuple(out)


def check_colours(colours: Sequence[object]) -> list[Problem]:
    """Each colour chosen (``None``: none chosen) one of :data:`COLOURS`, no two seats the
    same."""
    problems: list[Problem] = []
    seen: dict[object, int] = {}
    for i, c in enumerate(colours):
        if c is None:
            continue
        field = f"players[{i}].colour"
        if not isinstance(c, str) or c not in COLOURS:
            problems.append(Problem(field, msg(NewGameCode.COLOUR_UNKNOWN,
                                               value=str(c)[:40], colours=_ids(COLOURS))))
        elif c in seen:
            problems.append(Problem(field, msg(NewGameCode.SAME_COLOUR, n=seen[c] + 1)))
        else:
            seen[c] = i
    return problems


def check_roles(v: Variant, options: Any, roles: Sequence[object]) -> list[Problem]:
    """The roles the seats chose: only when ``options`` let them choose, each one of the
    game's, none twice (a role nobody chose is dealt)."""
    problems: list[Problem] = []
    role = msg(f"new-role-{v.role}")
    chooses = bool(v.chooses_roles(options))
    seen: dict[object, int] = {}
    for i, r in enumerate(roles):
        if r is None or r == "":
            continue
        field = f"players[{i}].role"
        if not chooses:
            problems.append(Problem(field, msg(NewGameCode.ROLES_OFF, role=role)))
        elif not isinstance(r, str) or r not in v.roles:
            problems.append(Problem(field, msg(NewGameCode.ROLE_UNKNOWN, role=role,
                                               value=str(r)[:40], roles=_ids(v.roles))))
        elif r in seen:
            problems.append(Problem(field, msg(NewGameCode.ROLE_TAKEN, role=role,
                                               n=seen[r] + 1)))
        else:
            seen[r] = i
    return problems


def parse_options(v: Variant, pairs: Sequence[str]) -> tuple[dict[str, Any], list[Problem]]:
    """``KEY=VALUE`` texts as the options' JSON (``options_from_json`` takes it).

    A key is one of the variant's :class:`~app.game.variant.OptionSpec` keys (``-`` may
    stand for ``_``, any case); a flag's value is yes/no (true/false, on/off, 1/0), a
    choice's one of its values (any case). An option left out keeps the game's default.
    """
    specs = {s.key: s for s in v.options}
    out: dict[str, Any] = {}
    problems: list[Problem] = []
    for pair in pairs:
        key, sep, value = str(pair).partition("=")
        key = key.strip().lower().replace("-", "_")
        value = value.strip()
        if not sep or not key:
            problems.append(Problem("options", msg(NewGameCode.OPTION_PAIR,
                                                   value=str(pair)[:80])))
            continue
        field = f"options.{key}"
        spec = specs.get(key)
        if spec is None:
            problems.append(Problem(field, msg(NewGameCode.OPTION_UNKNOWN,
                                               game=msg(f"game-{v.game}"), key=key[:40],
                                               keys=_ids(tuple(specs)))))
            continue
        if key in out:
            problems.append(Problem(field, msg(NewGameCode.OPTION_TWICE, key=key)))
            continue
        if spec.is_flag:
            if value.lower() in _YES:
                out[key] = True
            elif value.lower() in _NO:
                out[key] = False
            else:
                problems.append(Problem(field, msg(NewGameCode.OPTION_FLAG, key=key,
                                                   value=value[:40])))
            continue
        chosen = next((c for c in spec.choices if c.lower() == value.lower()), None)
        if chosen is None:
            problems.append(Problem(field, msg(NewGameCode.OPTION_VALUE, key=key,
                                               value=value[:40], choices=_ids(spec.choices))))
        else:
            out[key] = chosen
    return out, problems


def _problem(err: Refusal, default: str) -> Problem:
    return Problem(err.field or default, err.msg)


@dataclass(frozen=True, slots=True)
class Checked:
    """:func:`check_new_game`'s answer: the game (no problems) or every problem found."""

    game: NewGame | None
    problems: tuple[Problem, ...]


def check_new_game(game: str, names: Sequence[object], *,
                   colours: Sequence[str | None] = (), roles: Sequence[object] = (),
                   options: Mapping[str, Any] | Any = None, seed: object = None,
                   first_player: int | None = None,
                   seed_factory: Callable[[], int] = new_seed) -> Checked:
    """Every check of a new game, then one deal by the game's own dealer.

    ``names`` in seat order; ``colours`` and ``roles`` by seat (missing or ``None``: the
    next free colour, a dealt role); ``options`` the variant's typed options or their
    JSON (``None``: the defaults); ``seed`` a number or typed text (empty: a random one
    from ``seed_factory``); ``first_player`` 0-based (``None``: not picked).
    """
    try:
        v = variant(game)
    except DomainError as err:
        return Checked(None, (_problem(err, "game"),))
    clean, problems = check_names(names)
    count = len(clean)
    too_many = check_count(v, count)
    if too_many is not None:
        problems.append(too_many)
    given = [*colours[:count], *[None] * (count - len(colours[:count]))]
    problems += check_colours(given)
    picked = [*roles[:count], *[None] * (count - len(roles[:count]))]
    seats = tuple(PlayerSeat(n, i + 1, c, r if isinstance(r, str) and r else None)
                  for i, (n, c, r) in enumerate(zip(clean, fill_colours(given), picked,
                                                    strict=True)))
    typed: Any = None
    try:
        typed = v.parse_options(options, ())
    except DomainError as err:
        problems.append(_problem(err, "options"))
    if typed is not None:
        problems += check_roles(v, typed, picked)
    number: int | None = None
    try:
        number = parse_seed(seed, "seed")
    except Refusal as err:
        problems.append(_problem(err, "seed"))
    try:
        checked_first_player(first_player, count)
    except DomainError as err:
        problems.append(_problem(err, "first_player"))
    if problems or typed is None:
        return Checked(None, tuple(problems))
    new = NewGame(Game(v.game), seats, typed,
                  number if number is not None else seed_factory(), first_player)
    try:  # the dealer's own refusals (what only it knows), as GameSession.create deals
        initial_state(new.game, typed, new.players_json(), new.seed,
                      first_player=first_player)
    except DomainError as err:
        return Checked(None, (_problem(err, "options"),))
    return Checked(new, ())


def _ids(values: Sequence[str]) -> Msg:
    """Ids listed as they are typed (``a, b, c``)."""
    return joined(ListCode.COMMAS, values)

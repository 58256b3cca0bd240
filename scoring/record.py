"""Record format v1 (../shared/spec/record-v1.md) <-> domain types.

A record is validated strictly: unknown fields, wrong types, out-of-range
values and impossible combinations are all reported, one :class:`Problem` per
issue, each naming the field path (``players[0].buildings.forest``; list
indices are 0-based, as in JSON paths).

This module owns the envelope (:func:`check_envelope`), the errors and the shape of a
game's codec (:class:`RecordCodec`); it imports no game. The game-specific models live in
``scoring.forestry.record`` and ``scoring.guardians.record``, each game's codec in its
``codec.py`` (all import this module); the per-game dispatch, ``scoring.api.parse_record``
and ``scoring.api.score_record``, sits above them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from scoring.games import GAMES, Game
from scoring.message import MessageCode, Msg, msg
from scoring.sheet import ScoreSheet

FORMAT = "forest-table/record"
VERSION = 1
#: the seeds a record may carry: those the app deals and its database keeps (BIGINT)
SEED_MIN, SEED_MAX = 0, 2**63 - 1
_JOINERS = {"\u200c", "\u200d"}  # ZWNJ/ZWJ: emoji and some scripts need them


class RecordCode(MessageCode):
    """The problems of any record: the envelope and pydantic's errors (``Problem`` codes)."""

    AT_LEAST = "record-at-least"
    AT_MOST = "record-at-most"
    INVALID_INPUT = "record-invalid-input"
    MISSING = "record-missing"
    MUST_BE = "record-must-be"
    MUST_BE_2 = "record-must-be-2"
    MUST_BE_ONE = "record-must-be-one"
    NOT_AN_INTEGER = "record-not-an-integer"
    RECORD_MUST_BE_JSON_OBJECT = "record-record-must-be-json-object"
    UNKNOWN_FIELD = "record-unknown-field"
    SEED_RANGE = "record-seed-out-of-range"
    FORBIDDEN_CHARACTER = "record-forbidden-character"
    FIRST_PLAYER = "record-first-player"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a record: where (``path``), and what (``msg``, a code with values).

    The catalogues word it (``app.l10n``); ``str()`` is a developer form.
    """

    path: str
    msg: Msg

    def __str__(self) -> str:
        return f"{self.path}: {self.msg.code} {self.msg.params}" if self.path else self.msg.code


class RecordError(ValueError):
    """An invalid record; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def path_of(loc: Sequence[int | str]) -> str:
    """Render a pydantic ``loc`` as a JSON-ish path.

    >>> path_of(("players", 1, "buildings", "forest"))
    'players[1].buildings.forest'
    """
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif out:
            out += f".{part}"
        else:
            out = str(part)
    return out


#: pydantic's error types worded by our own codes (the others keep pydantic's English
#: wording for the CLI, and a general message in other languages).
_PYDANTIC: dict[str, str] = {
    "extra_forbidden": "record-unknown-field",
    "missing": "record-missing",
    "less_than_equal": "record-at-most",
    "greater_than_equal": "record-at-least",
    "int_type": "record-not-an-integer",
    "int_parsing": "record-not-an-integer",
    "int_from_float": "record-not-an-integer",
}


def problems_from(exc: ValidationError) -> list[Problem]:
    """Turn a pydantic ValidationError into Problems, each a code with its values."""
    problems: list[Problem] = []
    for err in exc.errors(include_url=False):
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        kind = err["type"]
        ctx = {k: v for k, v in dict(err.get("ctx") or {}).items()
               if isinstance(v, (str, int, float, bool))}
        got = repr(err["input"]) if "input" in err else ""
        if kind.startswith("record-"):  # our own validators (PydanticCustomError)
            m = msg(kind, **ctx)
        elif kind in ("extra_forbidden", "missing"):
            m = msg(_PYDANTIC[kind])
        elif kind in ("less_than_equal", "greater_than_equal"):
            limit = ctx.get("le", ctx.get("ge", ""))
            m = msg(_PYDANTIC[kind], limit=str(limit), value=got)
        elif kind in _PYDANTIC:
            m = msg(_PYDANTIC[kind], value=got)
        else:
            m = msg(RecordCode.INVALID_INPUT, kind=kind, detail=str(err["msg"]), value=got)
        problems.append(Problem(path_of(loc), m))
    return problems


def check_envelope(data: Any) -> Game:
    """Check format/version/game; return the game or raise RecordError."""
    if not isinstance(data, dict):
        raise RecordError([Problem("", msg(RecordCode.RECORD_MUST_BE_JSON_OBJECT))])
    problems: list[Problem] = []
    if data.get("format") != FORMAT:
        problems.append(Problem("format", msg(RecordCode.MUST_BE, format=FORMAT,
                                              value=data.get("format"))))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        problems.append(Problem("version", msg(
            RecordCode.MUST_BE_2,
            version=VERSION,
            value=data.get('version'),
        )))
    game = data.get("game")
    if game not in GAMES:
        problems.append(Problem("game", msg(RecordCode.MUST_BE_ONE, value=", ".join(GAMES),
                                            game=game)))
    if problems:
        raise RecordError(problems)
    return Game(str(game))


def forbidden_character(text: str, *, lines: bool = False) -> str | None:
    """The first control, bidi or other format character in ``text`` (None: none), as
    names refuse them (``app.names.clean_name``; ZWJ/ZWNJ and a plain tab are fine;
    with ``lines``, line breaks too: notes).

    >>> forbidden_character("Kyoto \u202eevil"), forbidden_character("Café 👩\u200d💻")
    ('\u202e', None)
    """
    for ch in text:
        if ch in _JOINERS or ch == " " or ch == "\t" or (lines and ch in "\n\r"):
            continue
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return ch
    return None


def common_problems(data: dict[str, Any]) -> list[Problem]:
    """What every game's record refuses the same way: a seed outside
    :data:`SEED_MIN`..:data:`SEED_MAX` (never stored as nothing), a location with a
    control or bidi character, a ``first_player`` (optional, 1-based seat) that is not a
    whole number from 1 to the number of players. Other wrong types are the game
    parsers' to report."""
    problems: list[Problem] = []
    if data.get("first_player") is not None:
        first = data["first_player"]
        players = data.get("players")
        high = len(players) if isinstance(players, list) and players else None
        if (not isinstance(first, int) or isinstance(first, bool) or first < 1
                or (high is not None and first > high)):
            problems.append(Problem("first_player", msg(
                RecordCode.FIRST_PLAYER, high=high if high is not None else 4,
                value=str(first)[:60])))
    seed = data.get("seed")
    if isinstance(seed, int) and not isinstance(seed, bool) and not SEED_MIN <= seed <= SEED_MAX:
        text = str(seed)
        shown = text if len(text) <= 60 else f"{text[:20]}… ({len(text)} digits)"
        problems.append(Problem("seed", msg(RecordCode.SEED_RANGE, low=SEED_MIN, high=SEED_MAX,
                                            value=shown)))
    location = data.get("location")
    if isinstance(location, str):
        bad = forbidden_character(location)
        if bad is not None:
            problems.append(Problem("location", msg(RecordCode.FORBIDDEN_CHARACTER,
                                                    code_point=f"U+{ord(bad):04X}")))
    return problems


#: Printed values the user confirmed: table -> key -> value.
Confirmed = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class RecordCodec:
    """How one game reads a record v1 and scores it, and what its score output holds (each
    game's ``scoring/<game>/codec.py`` makes its own; :data:`scoring.api.CODECS` finds it)."""

    #: decoded record -> the game's domain record (raises ``RecordError``)
    parse: Callable[[Any], Any]
    #: decoded record, confirmed printed values -> score sheet (raises ``RecordError``)
    score: Callable[[Any, Confirmed | None], ScoreSheet]
    #: the game's score categories, in score-output order (``category-<key>`` words them)
    categories: tuple[str, ...]
    #: the domain record -> for each player, the categories that apply to them
    applies: Callable[[Any], tuple[frozenset[str], ...]]
    #: a record's options -> the board played (mode, sides, modules) as one message
    #: (BG Stats' ``board``; the catalogues' ``board-*`` word it)
    board: Callable[[Mapping[str, Any]], Msg]

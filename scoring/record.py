"""Record format v1 (../shared/spec/record-v1.md) <-> domain types.

``parse_record`` validates a decoded JSON document strictly: unknown fields,
wrong types, out-of-range values and impossible combinations are all reported,
one :class:`Problem` per issue, each naming the field path
(``players[0].buildings.forest``; list indices are 0-based, as in JSON paths).
The game-specific models live in ``scoring.forestry.record`` and
``scoring.guardians.record``; this module owns the envelope and the errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

FORMAT = "forest-table/record"
VERSION = 1
GAMES = ("forestry", "forest-guardians")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a record: where, and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


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


def _plain(msg: str) -> str:
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix):]
    return msg


def problems_from(exc: ValidationError) -> list[Problem]:
    """Turn a pydantic ValidationError into Problems with readable messages."""
    problems: list[Problem] = []
    for err in exc.errors(include_url=False):
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        kind = err["type"]
        if kind == "extra_forbidden":
            msg = "unknown field (not in record format v1)"
        elif kind == "missing":
            msg = "required field is missing"
        else:
            msg = _plain(str(err["msg"]))
            if "input" in err and kind not in ("value_error", "assertion_error"):
                msg = f"{msg} (got {err['input']!r})"
        problems.append(Problem(path_of(loc), msg))
    return problems


def check_envelope(data: Any) -> str:
    """Check format/version/game; return the game id or raise RecordError."""
    if not isinstance(data, dict):
        raise RecordError([Problem("", "a record must be a JSON object")])
    problems: list[Problem] = []
    if data.get("format") != FORMAT:
        problems.append(Problem("format", f"must be {FORMAT!r} (got {data.get('format')!r})"))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        problems.append(Problem("version", f"must be {VERSION} (got {data.get('version')!r})"))
    game = data.get("game")
    if game not in GAMES:
        problems.append(Problem("game", f"must be one of {', '.join(GAMES)} (got {game!r})"))
    if problems:
        raise RecordError(problems)
    return str(game)


def parse_record(data: Any) -> Any:
    """Validate a decoded record and return the game's domain record."""
    game = check_envelope(data)
    if game == "forestry":
        from scoring.forestry.record import parse_forestry

        return parse_forestry(data)
    from scoring.guardians.record import parse_guardians

    return parse_guardians(data)

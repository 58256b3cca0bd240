"""Messages as data: a code with parameters, never a sentence.

Every refusal, event, setup step, score note or ask that a person will read is
a :class:`Msg` (or a :class:`Refusal` carrying one). Words live only in the
per-language catalogues of ``app/l10n/`` (Fluent files), which render a code
with its parameters; nothing ever parses a rendered sentence back.

A code is the catalogue's message id: lower case words joined by ``-``, its
first word naming the area (``refusal-``, ``event-``, ``step-``, ``note-``,
``ask-``, ``record-``). Parameter values are plain data (``str``, ``int``,
``float``, ``bool``, ``None``), nested :class:`Msg` values, which the
catalogue renders first (a component's name, a sub-message), or tuples of
those, which the catalogue renders as a list in the language's own way
("A, B and C", "A、B、C").

>>> m = msg("refusal-not-a-whole-number", field="coins", value="x")
>>> m.code, m.params["value"]
('refusal-not-a-whole-number', 'x')
>>> Msg.from_json(m.to_json()) == m
True

Codes are grouped in :class:`MessageCode` enums (one per module or area), so a
test can check that every code has a message in every catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeAlias

Param: TypeAlias = "str | int | float | bool | None | Msg | tuple[Param, ...]"

_CODE = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$")


class MessageCode(StrEnum):
    """Base of every enum of message codes (``class Code(MessageCode): X = "refusal-x"``).

    ``MessageCode.__subclasses__()`` lists the enums of the modules imported so far;
    :func:`all_codes` walks them.
    """


def all_codes() -> set[str]:
    """Every code of every :class:`MessageCode` enum defined so far (import modules first)."""
    out: set[str] = set()
    stack: list[type[MessageCode]] = list(MessageCode.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        out.update(member.value for member in cls)
    return out


@dataclass(frozen=True, slots=True)
class Msg:
    """A code and its parameters: what to say, in no language.

    ``args`` is a sorted tuple of ``(name, value)`` pairs so a message is hashable
    and compares by value; read it as a mapping through :attr:`params`.
    """

    code: str
    args: tuple[tuple[str, Param], ...] = ()

    def __post_init__(self) -> None:
        if not _CODE.match(self.code):
            raise ValueError(f"not a message code: {self.code!r}")

    @property
    def params(self) -> dict[str, Param]:
        return dict(self.args)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: ``{"code": ..., "params": {...}}`` (nested messages likewise)."""
        return {"code": self.code, "params": {k: _json(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        params = {str(k): _unjson(v) for k, v in dict(data.get("params") or {}).items()}
        return msg(str(data["code"]), **params)


def _json(value: Param) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def _unjson(value: Any) -> Param:
    if isinstance(value, Mapping) and "code" in value:
        return Msg.from_json(value)
    if isinstance(value, (list, tuple)):
        return tuple(_unjson(v) for v in value)
    return value  # type: ignore[no-any-return]


def msg(code: str, /, **params: Any) -> Msg:
    """A :class:`Msg` from keyword parameters (enum members become their value)."""
    return Msg(str(code), tuple(sorted((k, _plain(v)) for k, v in params.items())))


def _plain(value: Any) -> Param:
    if isinstance(value, StrEnum):
        return str(value.value)
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if value is None or isinstance(value, (str, int, float, bool, Msg)):
        return value
    return repr(value)  # anything else (a dict a record held, ...) as its developer form


class ListCode(MessageCode):
    """How a list parameter is joined, when not by the language's "A, B and C".

    ``msg(ListCode.COMMAS, items=(...))`` as a parameter renders its items joined
    by the catalogue's ``list-commas`` text (", " / "、"); semicolons likewise.
    """

    AND = "list-and"
    OR = "list-or"
    COMMAS = "list-commas"
    SEMICOLONS = "list-semicolons"
    SENTENCES = "list-sentences"


#: Words one message in some language (``app.l10n``); JSON outputs pass English.
Say = Callable[[Msg], str]


def say_code(m: Msg) -> str:
    """The default :data:`Say` of pure code: a message shows its code."""
    return m.code


def joined(how: ListCode, items: Any) -> Msg:
    """A list parameter joined ``how`` (``ListCode``): ``joined(ListCode.COMMAS, xs)``."""
    return msg(how, items=tuple(items))


class Refusal(ValueError):
    """Input the rules refuse: a code, the field it concerns, and parameters.

    ``field`` names what is wrong (a record-v1 path such as
    ``players[0].storage.wood``, a command field, or ``None``); the UI shows the
    rendered message next to that field's control. ``str()`` gives a
    language-free developer form (code and parameters), never shown to players.
    Subclass it for a refusal a caller needs to catch by kind.
    """

    def __init__(self, code: str, /, field: str | None = None, **params: Any) -> None:
        self.msg = msg(code, **params)
        self.field = field
        super().__init__(f"{field}: {self.msg.code} {self.msg.params}" if field
                         else f"{self.msg.code} {self.msg.params}")

    @property
    def code(self) -> str:
        return self.msg.code

    @property
    def params(self) -> dict[str, Param]:
        return self.msg.params

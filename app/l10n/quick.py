"""A catalogue's messages without Fluent's runtime: the subset of Fluent the catalogues use,
read entry by entry as they are asked for. :func:`english` is ``app.l10n.english`` for
``forest-table score``: the same words.

Importing ``fluent.runtime`` (babel) and parsing a whole catalogue take longer than scoring
a record, so the English of the CLI reads only the entries it renders: :class:`Catalogue`
finds an entry's lines in the ``.ftl`` text, :func:`parse_entry` reads them the way
``fluent.syntax`` does (the same text, the same dedentation), and :func:`format_message`
resolves them the way ``fluent.runtime`` does with ``use_isolating=False`` (numbers as
babel's English writes them, English plural categories). Anything outside the subset (a
function, an attribute, a decimal number, a missing variable, a cycle, ...) raises
:class:`Unsupported`, and the caller asks Fluent itself: the words are always Fluent's
(tests/app/test_l10n_quick.py compares every message of the catalogues).
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any, TypeAlias

from app import l10n
from scoring.message import Msg, msg

#: A pattern: text and placeables, in order (text as ``str``).
Pattern: TypeAlias = "tuple[Element, ...]"
#: ``("str", text)``, ``("num", n)``, ``("var", name)``, ``("msg", id)``,
#: ``("term", id, {name: literal} | None)``, ``("select", ("var", name), variants)`` with
#: variants ``((("id", name) | ("num", n), pattern, default), ...)``
Expression: TypeAlias = tuple[Any, ...]
Element: TypeAlias = "str | Expression"

_SPECIAL_LINE_START = "}.[*"
_ENTRY = re.compile(r"^(-?[a-zA-Z][a-zA-Z0-9_-]*) *=", re.M)
#: where an entry's lines end: a line that starts another entry or a comment
_NEXT = re.compile(r"\n(?=[a-zA-Z#-])")
_ESCAPE = re.compile(r'\\(?:(\\|")|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{6}))')
#: fluent.runtime's limits (beyond them it reports an error: Fluent's own words, then)
_MAX_PART_LENGTH = 2500
_MAX_PARTS = 1000


class Unsupported(Exception):
    """The entry, or this rendering of it, is not in the subset: ask Fluent."""


class Catalogue:
    """One ``.ftl`` text; each entry parsed when it is first asked for."""

    def __init__(self, text: str) -> None:
        if "\r" in text:  # Fluent reads CRLF as LF; this reader does not
            raise Unsupported("CR in the catalogue")
        self.text = text
        self._starts: dict[str, int] = {}
        for m in _ENTRY.finditer(text):
            self._starts.setdefault(m[1], m.start())  # Fluent keeps the first of a name
        self._parsed: dict[str, Pattern] = {}

    def entry_ids(self) -> list[str]:
        """Every id the text defines, in order (terms as ``-name``)."""
        return list(self._starts)

    def has(self, entry_id: str) -> bool:
        """Whether the text defines ``entry_id`` (a message, or ``-name`` for a term)."""
        return entry_id in self._starts

    def pattern(self, entry_id: str) -> Pattern:
        """The value of ``entry_id`` (``-name`` for a term); raises :class:`Unsupported`."""
        found = self._parsed.get(entry_id)
        if found is None:
            start = self._starts.get(entry_id)
            if start is None:
                raise Unsupported(f"no entry {entry_id!r}")
            end = _NEXT.search(self.text, start)
            found = parse_entry(self.text[start:end.start() if end else len(self.text)])
            self._parsed[entry_id] = found
        return found


# --------------------------------------------------------------------------- reading


class _Reader:
    """fluent.syntax's FluentParser, for one entry and the subset."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.i = 0

    def char(self, at: int | None = None) -> str:
        i = self.i if at is None else at
        return self.s[i] if i < len(self.s) else ""

    def expect(self, ch: str) -> None:
        if self.char() != ch:
            raise Unsupported(f"expected {ch!r} at {self.i}")
        self.i += 1

    def blank_inline(self, at: int) -> int:
        while at < len(self.s) and self.s[at] == " ":
            at += 1
        return at

    def skip_blank(self) -> None:
        while self.char() in (" ", "\n") and self.i < len(self.s):
            self.i += 1

    def blank_block(self, at: int) -> tuple[str, int]:
        """Blank lines from ``at`` (a line start): their line ends and where they stop."""
        blank = ""
        while True:
            end = self.blank_inline(at)
            if end < len(self.s) and self.s[end] == "\n":
                blank += "\n"
                at = end + 1
                continue
            if end >= len(self.s):
                return blank, end
            return blank, at

    def is_continuation(self, at: int) -> bool:
        end = self.blank_inline(at)
        ch = self.char(end)
        if ch == "{":
            return True
        if end == at:
            return False
        return ch != "" and ch not in _SPECIAL_LINE_START

    def identifier(self) -> str:
        start = self.i
        if not ("a" <= self.char() <= "z" or "A" <= self.char() <= "Z"):
            raise Unsupported(f"expected an identifier at {self.i}")
        self.i += 1
        while self.i < len(self.s) and (self.s[self.i].isascii() and (
                self.s[self.i].isalnum() or self.s[self.i] in "_-")):
            self.i += 1
        return self.s[start:self.i]

    def entry(self) -> Pattern:
        if self.char() == "-":
            self.i += 1
        self.identifier()
        self.i = self.blank_inline(self.i)
        self.expect("=")
        value = self.maybe_pattern()
        if value is None:
            raise Unsupported("an entry without a value")
        rest = self.s[self.i:]
        if rest.strip(" \n"):  # attributes, or what Fluent would call junk
            raise Unsupported("more than a value")
        return value

    def maybe_pattern(self) -> Pattern | None:
        at = self.blank_inline(self.i)
        if self.char(at) not in ("", "\n"):
            self.i = at
            return self.pattern(block=False)
        _blank, at = self.blank_block(at)
        if self.is_continuation(at):
            self.i = at
            return self.pattern(block=True)
        return None

    def pattern(self, block: bool) -> Pattern:
        elements: list[Any] = []  # str text, ("indent", text) or an expression
        common: float = float("inf")
        if block:
            start = self.i
            self.i = self.blank_inline(self.i)
            elements.append(("indent", self.s[start:self.i]))
            common = self.i - start
        while self.i < len(self.s):
            ch = self.s[self.i]
            if ch == "\n":
                blank, at = self.blank_block(self.i + 1)
                blank = "\n" + blank
                if self.is_continuation(at):
                    end = self.blank_inline(at)
                    common = min(common, end - at)
                    elements.append(("indent", blank + self.s[at:end]))
                    self.i = end
                    continue
                break
            if ch == "}":
                raise Unsupported("a '}' in text")
            if ch == "{":
                elements.append(self.placeable())
            else:
                end = self.i
                while end < len(self.s) and self.s[end] not in "{}\n":
                    end += 1
                elements.append(self.s[self.i:end])
                self.i = end
        return _dedent(elements, int(common) if common != float("inf") else 0)

    def placeable(self) -> Expression:
        self.expect("{")
        self.skip_blank()
        expression = self.expression()
        self.expect("}")
        return expression

    def expression(self) -> Expression:
        selector = self.inline()
        self.skip_blank()
        if self.char() == "-" and self.char(self.i + 1) == ">":
            if selector[0] != "var":
                raise Unsupported("a selector that is not a variable")
            self.i = self.blank_inline(self.i + 2)
            if self.char() not in ("", "\n"):
                raise Unsupported("text after ->")
            if self.char() == "\n":
                self.i += 1
            return ("select", selector, self.variants())
        return selector

    def inline(self) -> Expression:
        ch = self.char()
        if ch == "{":
            raise Unsupported("a placeable in a placeable")
        if ch.isdigit() and ch.isascii() or (ch == "-" and self.char(self.i + 1).isdigit()
                                             and self.char(self.i + 1).isascii()):
            return self.number()
        if ch == '"':
            return ("str", self.string())
        if ch == "$":
            self.i += 1
            return ("var", self.identifier())
        if ch == "-":
            self.i += 1
            name = self.identifier()
            if self.char() == ".":
                raise Unsupported("a term attribute")
            at = self.i
            self.skip_blank()
            if self.char() != "(":
                self.i = at
                return ("term", name, None)
            return ("term", name, self.named_arguments())
        name = self.identifier()
        at = self.i
        self.skip_blank()
        if self.char() == "(":
            raise Unsupported("a function")
        self.i = at
        if self.char() == ".":
            raise Unsupported("a message attribute")
        return ("msg", name)

    def named_arguments(self) -> dict[str, Expression]:
        self.expect("(")
        self.skip_blank()
        named: dict[str, Expression] = {}
        while self.char() != ")":
            if not ("a" <= self.char() <= "z" or "A" <= self.char() <= "Z"):
                raise Unsupported("a positional argument")
            name = self.identifier()
            self.skip_blank()
            if self.char() != ":" or name in named:
                raise Unsupported("a positional or repeated argument")
            self.i += 1
            self.skip_blank()
            if self.char() == '"':
                named[name] = ("str", self.string())
            else:
                named[name] = self.number()
            self.skip_blank()
            if self.char() != ",":
                break
            self.i += 1
            self.skip_blank()
        self.expect(")")
        return named

    def number(self) -> Expression:
        m = re.compile(r"-?[0-9]+(\.[0-9]+)?").match(self.s, self.i)
        if m is None:
            raise Unsupported("a number")
        if m[1] is not None or self.char(m.end()) == ".":
            raise Unsupported("a decimal number")
        self.i = m.end()
        return ("num", int(m[0]))

    def string(self) -> str:
        self.expect('"')
        start = self.i
        while True:
            ch = self.char()
            if ch in ("", "\n"):
                raise Unsupported("an unclosed string")
            if ch == '"':
                break
            if ch == "\\":
                m = _ESCAPE.match(self.s, self.i)
                if m is None:
                    raise Unsupported("an unknown escape")
                self.i = m.end()
                continue
            self.i += 1
        raw = self.s[start:self.i]
        self.i += 1
        return _ESCAPE.sub(_unescape, raw)

    def variants(self) -> tuple[tuple[Expression, Pattern, bool], ...]:
        out: list[tuple[Expression, Pattern, bool]] = []
        has_default = False
        self.skip_blank()
        while self.char() in ("[", "*") and self.char():
            default = self.char() == "*"
            if default:
                if has_default:
                    raise Unsupported("two defaults")
                self.i += 1
            self.expect("[")
            self.skip_blank()
            key: Expression = (self.number() if self.char() == "-" or self.char().isdigit()
                               and self.char().isascii() else ("id", self.identifier()))
            self.skip_blank()
            self.expect("]")
            value = self.maybe_pattern()
            if value is None:
                raise Unsupported("a variant without a value")
            out.append((key, value, default))
            has_default = has_default or default
            if self.char() not in ("", "\n"):
                raise Unsupported("no line end after a variant")
            if self.char() == "\n":
                self.i += 1
            self.skip_blank()
        if not out or not has_default:
            raise Unsupported("no variants or no default")
        return tuple(out)


def _unescape(m: re.Match[str]) -> str:
    if m[1]:
        return m[1]
    point = int(m[2] or m[3], 16)
    return chr(point) if point <= 0xD7FF or 0xE000 <= point else "\ufffd"


def _dedent(elements: list[Any], common: int) -> Pattern:
    """fluent.syntax's dedent: the common indent off each line, adjacent text joined, the
    trailing blank of the pattern trimmed."""
    out: list[Any] = []
    for element in elements:
        if isinstance(element, tuple) and element[0] == "indent":
            text = element[1][:len(element[1]) - common]
            if not text:
                continue
            element = text
        elif not isinstance(element, str):
            out.append(element)
            continue
        if out and isinstance(out[-1], str):
            out[-1] += element
        else:
            out.append(element)
    if out and isinstance(out[-1], str):
        out[-1] = out[-1].rstrip(" \n\r")
        if not out[-1]:
            out.pop()
    return tuple(out)


def parse_entry(text: str) -> Pattern:
    """The value of the one entry (message or term) ``text`` holds; raises
    :class:`Unsupported` for anything outside the subset or not valid Fluent."""
    return _Reader(text).entry()


# --------------------------------------------------------------------------- resolving


class _Env:
    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.active: set[str] = set()
        self.parts = 0


def _plural(n: int) -> str:
    """English plural category of a whole number (CLDR, as babel reads it)."""
    return "one" if abs(n) == 1 else "other"


def _number(n: int) -> str:
    """A whole number as babel writes it in English (``#,##0.###``)."""
    if abs(n) >= 10**15:
        raise Unsupported("a very large number")
    return f"{n:,}"


def _match(selector: Any, key: Expression) -> bool:
    value = key[1]
    if isinstance(selector, int):
        return bool(selector == value if key[0] == "num" else _plural(selector) == value)
    if key[0] == "num":  # fluent.runtime: a number key matches its plural category's name
        return bool(_plural(value) == selector)
    return bool(selector == value)


def _resolve(env: _Env, entry_id: str, args: dict[str, Any], term: bool) -> str:
    if entry_id in env.active:
        raise Unsupported("a cyclic reference")
    env.active.add(entry_id)
    out = _pattern(env, env.catalogue.pattern(entry_id), args, term)
    env.active.discard(entry_id)
    return out


def _pattern(env: _Env, pattern: Pattern, args: dict[str, Any], term: bool) -> str:
    env.parts += len(pattern)
    if env.parts > _MAX_PARTS:
        raise Unsupported("too many parts")
    out = []
    for element in pattern:
        part = element if isinstance(element, str) else _text(env, element, args, term)
        if len(part) > _MAX_PART_LENGTH:
            raise Unsupported("a part too long")
        out.append(part)
    return "".join(out)


def _value(env: _Env, expression: Expression, args: dict[str, Any], term: bool) -> Any:
    """An expression's value: ``str`` or ``int`` (a number), ``None`` for a term's missing
    variable (Fluent's FluentNone: it matches no variant)."""
    kind = expression[0]
    if kind == "var":
        if expression[1] not in args:
            if term:
                return None
            raise Unsupported(f"no argument {expression[1]!r}")
        value = args[expression[1]]
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise Unsupported(f"an argument of type {type(value).__name__}")
        return value
    if kind in ("str", "num"):
        return expression[1]
    if kind == "msg":
        if not env.catalogue.has(expression[1]):
            raise Unsupported(f"no message {expression[1]!r}")
        return _resolve(env, expression[1], args, term)
    if kind == "term":
        if not env.catalogue.has("-" + expression[1]):
            raise Unsupported(f"no term {expression[1]!r}")
        named = {k: v[1] for k, v in (expression[2] or {}).items()}
        return _resolve(env, "-" + expression[1], named, True)
    selector = _value(env, expression[1], args, term)
    chosen = None
    for key, pattern, default in expression[2]:
        if default and chosen is None:
            chosen = pattern
        if selector is not None and _match(selector, key):
            return _pattern(env, pattern, args, term)
    if chosen is None:  # pragma: no cover - the reader takes no select without a default
        raise Unsupported("no default variant")
    return _pattern(env, chosen, args, term)


def _text(env: _Env, expression: Expression, args: dict[str, Any], term: bool) -> str:
    value = _value(env, expression, args, term)
    if value is None:
        raise Unsupported("a term's missing variable shown")
    return _number(value) if isinstance(value, int) else str(value)


def format_message(catalogue: Catalogue, message_id: str, args: dict[str, Any]) -> str:
    """Message ``message_id`` with ``args`` (``str`` or ``int`` values, as ``app.l10n``
    passes them), exactly as ``FluentBundle(use_isolating=False).format_pattern`` renders
    it; raises :class:`Unsupported` where this reader would not be sure of that."""
    return _resolve(_Env(catalogue), message_id, dict(args), False)


# --------------------------------------------------------------------------- English


def english(message: Msg) -> str:
    """``message`` in English: the words of ``app.l10n.english(message)``, read by this
    module where it can, by Fluent where it cannot."""
    return _english(message)


@cache
def _catalogue(lang: str) -> Catalogue | None:
    """``lang``'s catalogue; None if there is none, or one this reader does not take (then
    Fluent words every message)."""
    if lang not in l10n.languages():
        return None
    try:
        return Catalogue(l10n._source(lang))
    except Unsupported:
        return None


def _english_value(value: Any) -> Any:
    """``app.l10n._value`` for English, its messages and lists worded by :func:`_english`."""
    if isinstance(value, Msg):
        return _english(value)
    if isinstance(value, tuple):
        items = [str(_english_value(v)) for v in value]
        if len(items) <= 1:
            return "".join(items)
        head = _english(msg("list-commas")).join(items[:-1])
        return _english(msg("list-and", head=head, last=items[-1]))
    return l10n._value(value, l10n.DEFAULT_LANGUAGE)


# a pure function of its argument, cached by value: lru_cache, not app.cache.Memo
@lru_cache(maxsize=16384)
def _english(m: Msg) -> str:
    """``app.l10n._render`` for English: this reader, else Fluent (its words either way)."""
    items = m.params.get("items")
    if m.code.startswith("list-") and isinstance(items, tuple):
        separator = _english(Msg(m.code))
        return separator.join(str(_english_value(v)) for v in items)
    catalogue = _catalogue(l10n.DEFAULT_LANGUAGE)
    if catalogue is not None and catalogue.has(m.code):
        try:
            return format_message(catalogue, m.code,
                                  {k: _english_value(v) for k, v in m.args})
        except Unsupported:
            pass
    return l10n.english(m)


def _forget() -> None:
    _catalogue.cache_clear()
    _english.cache_clear()


l10n.ON_RELOAD.append(_forget)

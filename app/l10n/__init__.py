"""The catalogues: every word a person reads, one Fluent file per language.

``app/l10n/<lang>.ftl`` holds one language: first its **glossary** (Fluent
terms such as ``-harvester``, one name per component, taken from the rulebooks;
002 for the Japanese Forestry terms), then its messages, which use the terms
(``{ -harvester }``) instead of writing a component's name again. Plurals and
numbers are the catalogue's business (Fluent selectors and ``NUMBER``), not the
code's. A third language is one more ``.ftl`` file here and nothing else.

Code never holds a sentence: it passes a :class:`scoring.message.Msg` (a code
with parameters) or a code and keyword parameters, and this module renders it::

    render("ja", msg("refusal-not-a-whole-number", field="coins", value="x"))
    text("en", "home-new-game")

Why Fluent (docs/l10n.md): terms give the glossary for free, selectors handle
plurals and grammatical variants per language, and the files are plain text a
translator can read without Python.

Fluent's runtime (and babel) is imported when a bundle is first built: ``forest-table
score`` words its English with :mod:`app.l10n.quick`, which reads only the entries it
renders, and never builds one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring.cite import Citation, worded
from scoring.message import Msg, msg

if TYPE_CHECKING:
    from fluent.runtime import FluentBundle

HERE = Path(__file__).resolve().parent
DEFAULT_LANGUAGE = "en"
#: Environment variable naming another catalogue directory (tests, a translator's draft).
DIRECTORY_ENV = "FOREST_TABLE_L10N_DIR"
_override: list[Path] = []
#: What else forgets what it read of the catalogues on :func:`reload` (app.l10n.quick).
ON_RELOAD: list[Callable[[], None]] = []


def directory() -> Path:
    """Where the catalogues are read from: ``app/l10n/`` unless overridden."""
    if _override:
        return _override[-1]
    env = os.environ.get(DIRECTORY_ENV)
    return Path(env) if env else HERE


@contextmanager
def catalogue_directory(path: Path) -> Iterator[None]:
    """Read the catalogues from ``path`` inside the ``with`` block (tests of a new language)."""
    _override.append(Path(path))
    reload()
    try:
        yield
    finally:
        _override.pop()
        reload()


def reload() -> None:
    """Forget the loaded catalogues (after the directory or a file changed)."""
    languages.cache_clear()
    bundle.cache_clear()
    _render.cache_clear()
    for forget in ON_RELOAD:
        forget()


@cache
def languages() -> tuple[str, ...]:
    """The languages that have a catalogue, English first."""
    found = sorted(p.stem for p in directory().glob("*.ftl"))
    return tuple(sorted(found, key=lambda lang: (lang != DEFAULT_LANGUAGE, lang)))


def _source(lang: str) -> str:
    return (directory() / f"{lang}.ftl").read_text(encoding="utf-8")


def all_text() -> str:
    """Every catalogue's text (the Japanese font subset must cover its characters)."""
    return "".join(_source(lang) for lang in languages())


@cache
def bundle(lang: str) -> FluentBundle:
    """The Fluent bundle of one language (loaded once)."""
    from fluent.runtime import FluentBundle, FluentResource

    b = FluentBundle([lang], use_isolating=False)
    b.add_resource(FluentResource(_source(lang)))
    return b


def has(lang: str, code: str) -> bool:
    """Whether ``lang``'s catalogue itself has ``code`` (no fallback)."""
    return bundle(lang).has_message(code)


def message_ids(lang: str) -> set[str]:
    """Every message id (not terms) in ``lang``'s catalogue."""
    from fluent.syntax import FluentParser, ast

    resource = FluentParser().parse(_source(lang))
    return {entry.id.name for entry in resource.body if isinstance(entry, ast.Message)}


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return render(lang, value)
    if isinstance(value, tuple):
        return listing(lang, [str(_value(v, lang)) for v in value])
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    return value


# a pure function of its arguments, cached by value: lru_cache, not app.cache.Memo
@lru_cache(maxsize=16384)
def _render(lang: str, m: Msg) -> str:
    items = m.params.get("items")
    if m.code.startswith("list-") and isinstance(items, tuple):
        separator = _render(lang, Msg(m.code))
        return separator.join(str(_value(v, lang)) for v in items)
    for candidate in (lang, DEFAULT_LANGUAGE):
        if candidate not in languages():
            continue
        b = bundle(candidate)
        if b.has_message(m.code):
            pattern = b.get_message(m.code).value
            if pattern is None:
                break
            args = {k: _value(v, lang) for k, v in m.args}
            out, _errors = b.format_pattern(pattern, args)
            return str(out)
    return m.code  # a missing message shows its code (tests keep every code covered)


def listing(lang: str, items: list[str]) -> str:
    """``items`` as one list in ``lang`` (``list-comma`` between, ``list-and`` before the last)."""
    if len(items) <= 1:
        return "".join(items)
    head = render(lang, "list-commas").join(items[:-1])
    return render(lang, "list-and", head=head, last=items[-1])


def render(lang: str, message: Msg | str, /, **params: Any) -> str:
    """``message`` in ``lang`` (falling back to English, then to the code itself)."""
    m = message if isinstance(message, Msg) else msg(message, **params)
    return _render(lang if lang in languages() else DEFAULT_LANGUAGE, m)


def cite(lang: str, citation: Citation) -> str:
    """A source citation (:mod:`scoring.cite`) as ``lang``'s reader reads it: each part's
    source id (000-003, RULES), section mark ("2.", "I.", "a.") and step number, its title
    in ``lang``; parts joined the language's way."""
    return worded(citation, lambda m: render(lang, m))


def sentences(lang: str, messages: tuple[Msg, ...]) -> str:
    """Messages read one after the other (a setup step's detail), joined the language's way."""
    return render(lang, msg("list-sentences", items=tuple(messages)))


def english(message: Msg) -> str:
    """``message`` in English (the CLI's and the record-v1 JSON's language).

    ``forest-table score`` uses :func:`app.l10n.quick.english` instead: the same words,
    without importing Fluent's runtime."""
    return render(DEFAULT_LANGUAGE, message)


def refusal(lang: str, exc: BaseException) -> str:
    """A refusal (:class:`scoring.message.Refusal`) in ``lang``; its field is a parameter too.

    Anything else (a bug, a store error: not a refusal) is ``refusal-unexpected``, which
    shows its developer text in English and says only that it failed elsewhere.
    """
    m = getattr(exc, "msg", None)
    if not isinstance(m, Msg):  # a bug or a store error, not a refusal: its text in English
        return render(lang, "refusal-unexpected", detail=str(exc))
    field = getattr(exc, "field", None)
    if "field" not in m.params:
        m = msg(m.code, **m.params, field=field or "")
    return render(lang, m)


def text(lang: str, code: str, /, **params: Any) -> str:
    """Shorthand for ``render(lang, code, **params)``."""
    return render(lang, code, **params)


def errors(lang: str, message: Msg | str, /, **params: Any) -> list[str]:
    """Fluent's complaints about rendering ``message`` (tests: an unknown variable, ...)."""
    m = message if isinstance(message, Msg) else msg(message, **params)
    b = bundle(lang)
    if not b.has_message(m.code):
        return [f"no message {m.code!r} in {lang}"]
    pattern = b.get_message(m.code).value
    if pattern is None:
        return [f"message {m.code!r} in {lang} has no value"]
    args: Mapping[str, Any] = {k: _value(v, lang) for k, v in m.args}
    _out, errs = b.format_pattern(pattern, dict(args))
    return [str(e) for e in errs]

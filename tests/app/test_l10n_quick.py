"""``app.l10n.quick``: the catalogues read without Fluent's runtime, word for word Fluent's.

``app.l10n.quick.english`` (``forest-table score``) renders through this reader and asks
Fluent (``app.l10n.english``) only for what it does not read. These tests hold it to
``fluent.syntax`` (every entry of every catalogue reads to the same pattern) and to
``fluent.runtime`` (every English message, with numbers, plural keys and words as
arguments, renders to the same text), and check Fluent's corners on a catalogue of their
own.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast

from app import l10n
from app.l10n import quick
from scoring.message import msg

ROOT = Path(__file__).resolve().parents[2]


def _expression(node: Any) -> Any:
    """A fluent.syntax expression in the reader's form; Unsupported outside its subset."""
    if isinstance(node, ast.StringLiteral):
        return ("str", node.parse()["value"])
    if isinstance(node, ast.NumberLiteral):
        if "." in node.value:
            raise quick.Unsupported("decimal")
        return ("num", int(node.value))
    if isinstance(node, ast.VariableReference):
        return ("var", node.id.name)
    if isinstance(node, ast.MessageReference) and node.attribute is None:
        return ("msg", node.id.name)
    if isinstance(node, ast.TermReference) and node.attribute is None:
        if node.arguments is None:
            return ("term", node.id.name, None)
        if node.arguments.positional:
            raise quick.Unsupported("positional")
        return ("term", node.id.name,
                {a.name.name: _expression(a.value) for a in node.arguments.named})
    if isinstance(node, ast.SelectExpression) and isinstance(node.selector,
                                                             ast.VariableReference):
        return ("select", _expression(node.selector), tuple(
            (_expression(v.key) if isinstance(v.key, ast.NumberLiteral) else ("id", v.key.name),
             _pattern(v.value), v.default) for v in node.variants))
    raise quick.Unsupported(type(node).__name__)


def _pattern(pattern: ast.Pattern) -> tuple[Any, ...]:
    return tuple(e.value if isinstance(e, ast.TextElement) else _expression(e.expression)
                 for e in pattern.elements)


def _fluent_entries(source: str) -> dict[str, Any]:
    """Entry id (``-name`` for a term) -> its pattern in the reader's form, or None where
    the reader must decline it (outside the subset, attributes); the first of a name."""
    out: dict[str, Any] = {}
    for entry in FluentParser(with_spans=False).parse(source).body:
        if not isinstance(entry, (ast.Message, ast.Term)):
            continue
        key = ("-" if isinstance(entry, ast.Term) else "") + entry.id.name
        if key in out:
            continue
        try:
            out[key] = (_pattern(entry.value) if entry.value is not None and not entry.attributes
                        else None)
        except quick.Unsupported:
            out[key] = None
    return out


def _read(catalogue: quick.Catalogue, key: str) -> Any:
    try:
        return catalogue.pattern(key)
    except quick.Unsupported:
        return None


@pytest.mark.parametrize("lang", l10n.languages())
def test_every_entry_reads_as_fluent_syntax_reads_it(lang: str) -> None:
    source = l10n._source(lang)
    catalogue = quick.Catalogue(source)
    want = _fluent_entries(source)
    assert len(want) > 1000
    assert {key: _read(catalogue, key) for key in want} == want
    # and an id Fluent does not define (junk) is never read as an entry
    assert [key for key in catalogue.entry_ids() if key not in want] == []


def _argument_sets(block: str) -> list[dict[str, Any]]:
    """Arguments for one message: each variable as a word, every variant key, numbers
    (0, 1, 2, a thousand and more, negative), alone and mixed."""
    names = sorted(set(re.findall(r"\$([a-zA-Z][\w-]*)", block)))
    keys = sorted(set(re.findall(r"\[([\w-]+)\]", block)))
    values: list[Any] = ["words", "", 0, 1, 2, 5, 1000, -1, 1234567, True, None, *keys]
    sets = [dict.fromkeys(names, v) for v in values]
    sets += [dict(zip(names, itertools.islice(itertools.cycle(values), i, None),
                              strict=False))
             for i in range(len(values))]
    return sets


def test_every_english_message_renders_as_fluent_does() -> None:
    """Every message of the English catalogue, by the reader (none left to Fluent: the
    CLI's words never need Fluent's runtime), equals Fluent's rendering."""
    source = l10n._source("en")
    catalogue = quick.Catalogue(source)
    messages = [key for key in _fluent_entries(source) if not key.startswith("-")]
    declined, different, compared = [], [], 0
    for code in messages:
        start = source.index(f"\n{code} ") + 1 if not source.startswith(f"{code} ") else 0
        block = source[start:source.find("\n\n", start)]
        for args in _argument_sets(block):
            m = msg(code, **args)
            # not the cache: it holds msg(x=1) and msg(x=True) as one (1 == True)
            want = l10n._render.__wrapped__("en", m)
            try:
                got = quick.format_message(catalogue, code,
                                           {k: l10n._value(v, "en") for k, v in m.args})
            except quick.Unsupported as exc:
                declined.append((code, args, str(exc)))
                continue
            compared += 1
            if got != want:
                different.append((code, args, got, want))
    assert different == []
    assert declined == []
    assert compared > 10_000


#: A catalogue of Fluent's corners: block and inline patterns, blank lines, indents,
#: escapes, numbers, selectors on words and numbers, terms with arguments, references,
#: and what the reader leaves to Fluent (functions, attributes, decimals, junk, cycles).
CORNERS = r'''
## corners
-term = { $case ->
        [upper] Term
       *[lower] term
    }
-plain = plain term
-counted = { $n ->
    [one] one thing
   *[other] many things
 }
block =
    first line
      indented more
    last line
blank-lines = a

    b
~~~
      c
inline-multi = a
  b { $x } c
    d
esc = {"\u0041\\\""} {"\U01F600"} {"\uD800"}
num = { 42 } { -7 } { $n } { 007 }
sel-str = { $s ->
    [one] ONE
    [1] NUM-ONE
   *[other] OTHER
 }
sel-num = { $n ->
    [0] zero
    [one] one
   *[other] { $n } things
 }
key-order = { $s ->
    [1] number one
   *[other] other
}
term-args = { -term(case: "upper") }, { -term }, { -term(case: 1) }
    { -counted(n: 1) }, { -counted(n: 2) }, { -counted }
msg-ref = see { block } / { sel-num }
with-attr = value
    .title = attr
func = { NUMBER($n) }
dup = first
dup = second
junk = a } b
missing = { $absent }
only-attr =
    .title = x
trailing = text~~~
brace-col0 = { $n ->
   *[other] x { $n }
}
open-col0 =
{ $x } starts at column 0
float = { 1.5 }
select-inline = { $n -> *[other] x }
term-var = { -plain } and { $x }
nested = { { $x } }
long = { $x }
ref-missing = { nowhere }
'''.replace("~", " ")  # blanks at the end of a line

#: The corners the reader takes itself (the others it leaves to Fluent).
READ = {"block", "blank-lines", "inline-multi", "esc", "num", "sel-str", "sel-num",
        "key-order", "term-args", "msg-ref", "dup", "trailing", "brace-col0", "open-col0",
        "term-var", "long"}


def test_fluent_corners_render_as_fluent_renders_them(tmp_path: Path) -> None:
    (tmp_path / "en.ftl").write_text(CORNERS, encoding="utf-8")
    codes = sorted(set(re.findall(r"^([a-z][a-z0-9-]*) *=", CORNERS, re.M)))
    with l10n.catalogue_directory(tmp_path):
        catalogue = quick.Catalogue(CORNERS)
        read = set()
        for code in codes:
            for args in [{}, {"x": "X", "n": 0, "s": "one"}, {"x": "y" * 3000, "n": 1, "s": "1"},
                         {"x": "", "n": 2, "s": "other"}, {"x": 1234, "n": -1, "s": "two"},
                         {"x": "X", "n": 1001, "s": "x"}]:
                m = msg(code, **args)
                assert quick.english(m) == l10n.render("en", m), (code, args)
                try:
                    quick.format_message(catalogue, code, {k: l10n._value(v, "en")
                                                           for k, v in m.args})
                    read.add(code)
                except quick.Unsupported:
                    pass
        assert read == READ


def test_a_crlf_catalogue_reads_the_same(tmp_path: Path) -> None:
    (tmp_path / "en.ftl").write_text(CORNERS.replace("\n", "\r\n"), encoding="utf-8",
                                     newline="")
    with l10n.catalogue_directory(tmp_path):
        for code in ("block", "blank-lines", "sel-num", "term-args"):
            m = msg(code, x="X", n=1, s="one")
            catalogue = quick._catalogue("en")
            assert catalogue is not None  # read by app.l10n.quick, not left to Fluent
            assert quick.format_message(catalogue, code, {k: l10n._value(v, "en")
                                                          for k, v in m.args}) \
                == quick.english(m) == l10n.render("en", m)


def test_english_needs_no_fluent_runtime() -> None:
    code = ("import sys\n"
            "from app.l10n.quick import english\n"
            "from scoring.message import msg\n"
            "print(english(msg('note-tie-decided', names=('Ann', 'Ben', 'Cy'), total=1200, "
            "level=2, values=msg('category-wood'), equal=(), has_equal=False, "
            "then=msg('list-sentences', items=()), has_then=False)))\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fluent', 'babel')))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    words, imported = proc.stdout.splitlines()
    assert imported == "[]", proc.stderr
    assert words.startswith("Ann, Ben and Cy tied on 1,200 VP; decided by ")

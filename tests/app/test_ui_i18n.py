"""Every catalogue has the same ids with the same variables; the screens' keys all exist."""

from __future__ import annotations

import re
from pathlib import Path

from fluent.syntax import FluentParser, ast, visitor

from app import l10n
from app.i18n import LANGUAGES, Translator, ftl_id


def _variables(pattern: ast.Pattern | None) -> set[str]:
    found: set[str] = set()

    class Walk(visitor.Visitor):
        def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
            found.add(node.id.name)
            self.generic_visit(node)

    if pattern is not None:
        Walk().visit(pattern)
    return found


def _messages(lang: str) -> dict[str, set[str]]:
    source = (l10n.directory() / f"{lang}.ftl").read_text(encoding="utf-8")
    body = FluentParser().parse(source).body
    assert not [e for e in body if isinstance(e, ast.Junk)], f"{lang}.ftl has syntax errors"
    return {e.id.name: _variables(e.value) for e in body if isinstance(e, ast.Message)}


def test_same_ids_in_every_language() -> None:
    assert LANGUAGES[0] == "en" and "ja" in LANGUAGES
    en = _messages("en")
    for lang in LANGUAGES[1:]:
        other = _messages(lang)
        assert set(en) == set(other), (lang, set(en) ^ set(other))


#: Parameters a code passes that English does not show but another language does.
SHOWN_ONLY_IN_SOME_LANGUAGES = {"refusal-session-bad-arguments": {"command"},
                                "refusal-board-start-next-column-first": {"number"},
                                "event-forester-placed": {"kind"}, "event-below-table": {"kind"}}


def test_same_variables_in_every_language() -> None:
    """A language may leave a variable out, but never use one English does not get."""
    en = _messages("en")
    for lang in LANGUAGES[1:]:
        for code, names in _messages(lang).items():
            allowed = en[code] | {"field"} | SHOWN_ONLY_IN_SOME_LANGUAGES.get(code, set())
            assert names <= allowed, (lang, code, names - en[code])


def test_translator_falls_back_and_formats() -> None:
    assert Translator("ja").t("home.new_game") == "新しいゲーム"
    assert Translator("xx").lang == "en"
    assert Translator("en").t("new.player_name", n=2) == "Player 2"
    assert Translator("en").t("no.such.key") == "no.such.key"
    assert ftl_id("game.forest-guardians") == "game-forest-guardians"


def test_every_key_used_in_the_ui_exists() -> None:
    root = Path(__file__).resolve().parents[2] / "app"
    used = set()
    for path in [*root.joinpath("ui").rglob("*.py"), root / "flet_main.py"]:
        used |= set(re.findall(r'\bt\("([a-z_\-]+\.[a-z_.\-]+)"', path.read_text()))
    missing = {k for k in used if not l10n.has("en", ftl_id(k))}
    assert not missing, missing


def test_font_subset_covers_the_japanese_ui() -> None:
    from fontTools.ttLib import TTFont

    font = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansJP-Subset.otf"
    assert font.exists()
    assert font.stat().st_size < 4_000_000
    cmap = TTFont(str(font)).getBestCmap()
    missing = {c for c in l10n.all_text() if ord(c) >= 0x20 and ord(c) not in cmap}
    assert not missing, "".join(sorted(missing)) + " : run tools/make_font_subset.py"
    assert (font.parent / "OFL.txt").exists()

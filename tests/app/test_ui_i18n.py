"""Every catalogue has the same ids with the same variables; the screens' keys all exist."""

from __future__ import annotations

import re
from pathlib import Path

from fluent.syntax import FluentParser, ast, visitor

from app import l10n
from app.i18n import LANGUAGES, Translator


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
    assert Translator("ja").t("home-new-game") == "新しいゲーム"
    assert Translator("xx").lang == "en"
    assert Translator("en").t("new-player-name", n=2) == "Player 2"
    assert Translator("en").t("no-such-key") == "no-such-key"
    assert Translator("ja").t("lang-en") == "English"  # a language in its own words


#: A screen's key: the catalogue's id (``t("home-new-game")``, ``t(f"area-{a.value}")``).
#: (A key the screens build otherwise, in a table, is caught by test_ui_no_raw_keys's walk.)
KEY = re.compile(r"""(?:\bt\(\s*|\blabel\(\s*t,\s*)(f?)["']([a-z][a-z0-9_\-.]*)""")


def _screen_keys() -> list[tuple[bool, str]]:
    root = Path(__file__).resolve().parents[2] / "app"
    found = []
    screens = [*root.joinpath("ui").rglob("*.py"), *root.joinpath("games").glob("*/ui/*.py")]
    for path in [*screens, root / "flet_main.py"]:
        # f"area-{a.value}" and "area-" + a.value: a prefix, a record value after it
        found += [(bool(f) or key.endswith("-"), key) for f, key in KEY.findall(path.read_text())]
    assert len(found) > 250, len(found)
    return found


def test_every_key_used_in_the_ui_exists() -> None:
    used = {key for dynamic, key in _screen_keys() if not dynamic}
    missing = {k for k in used if not l10n.has("en", k)}
    assert not missing, missing
    prefixes = {key for dynamic, key in _screen_keys() if dynamic}
    orphans = {p for p in prefixes if not any(i.startswith(p) for i in l10n.message_ids("en"))}
    assert not orphans, orphans


def test_one_key_style() -> None:
    """The screens ask for the catalogue's own ids: no dotted key (``home.new_game``), and
    every id a screen names is spelt as every code is: words joined by ``-``; a record
    value in it (``river-forester_pair``) keeps its own spelling, after its prefix."""
    keys = _screen_keys()
    assert not [k for _, k in keys if "." in k], [k for _, k in keys if "." in k]
    prefixes = {k for dynamic, k in keys if dynamic}
    for _, key in keys:
        fixed = next((p for p in sorted(prefixes, key=len, reverse=True)
                      if key.startswith(p) and key != p), key)
        assert "_" not in fixed, key
    for lang in LANGUAGES:
        words = [i for i in l10n.message_ids(lang)
                 if "_" in i and not any(i.startswith(p) for p in prefixes)]
        # the rest spell a record value after a code's prefix: label-, command-, step-, ref-
        assert all(i.split("-", 1)[0] in {"label", "command", "step", "ref"} for i in words), \
            [i for i in words if i.split("-", 1)[0] not in {"label", "command", "step", "ref"}]


def test_font_subset_covers_the_japanese_ui() -> None:
    from fontTools.ttLib import TTFont

    font = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansJP-Subset.otf"
    assert font.exists()
    assert font.stat().st_size < 4_000_000
    cmap = TTFont(str(font)).getBestCmap()
    missing = {c for c in l10n.all_text() if ord(c) >= 0x20 and ord(c) not in cmap}
    assert not missing, "".join(sorted(missing)) + " : run tools/make_font_subset.py"
    assert (font.parent / "OFL.txt").exists()


def test_flutters_own_words_follow_the_apps_language() -> None:
    """Issue 22 (the browser walk found it): a snack bar's close button said "Close" on a
    Japanese phone; Flutter's material words follow the page's locale, set with the
    language."""
    import asyncio

    from tests.app.flet_harness import settle, start_app

    async def go() -> None:
        client, app = await start_app()
        assert app.page.locale_configuration.current_locale.language_code == "en"
        app.toggle_language()
        await settle()
        config = app.page.locale_configuration
        assert config.current_locale.language_code == "ja"
        assert config.current_locale in config.supported_locales
        assert {loc.language_code for loc in config.supported_locales} >= set(LANGUAGES)

    asyncio.run(go())

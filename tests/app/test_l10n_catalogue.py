"""Every code has a message in every language; every message renders; a new language is a file.

The checks run over the code enums (``scoring.message.all_codes()`` after importing
every module) and over the catalogues, never over source text.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import shutil
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast, visitor

from app import l10n
from app.i18n import Translator
from scoring.cite import Citation
from scoring.message import Msg, all_codes, msg

ROOT = Path(__file__).resolve().parents[2]


def _import_everything() -> None:
    for package in ("scoring", "setup", "app"):
        mod = importlib.import_module(package)
        for info in pkgutil.walk_packages(mod.__path__, prefix=f"{package}."):
            if ".migrations" in info.name or info.name.endswith("__main__"):
                continue
            importlib.import_module(info.name)


_import_everything()
CODES = sorted(all_codes())


class _Walk(visitor.Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.found.add(node.id.name)


def _variables() -> dict[str, set[str]]:
    """Every message id with the variables any catalogue uses in it."""
    out: dict[str, set[str]] = {}
    for lang in l10n.languages():
        source = (l10n.directory() / f"{lang}.ftl").read_text(encoding="utf-8")
        for entry in FluentParser().parse(source).body:
            if not isinstance(entry, ast.Message):
                continue
            walk = _Walk()
            walk.visit(entry)
            out.setdefault(entry.id.name, set()).update(walk.found)
    return out


VARIABLES = _variables()


def test_the_enums_hold_every_kind_of_message() -> None:
    prefixes = {code.split("-", 1)[0] for code in CODES}
    assert {"refusal", "record", "step", "note", "ask", "event", "list"} <= prefixes
    assert len(CODES) > 300


@pytest.mark.parametrize("lang", l10n.languages())
def test_every_code_has_a_message_in_every_language(lang: str) -> None:
    missing = [code for code in CODES if not l10n.has(lang, code)]
    assert not missing, missing


def test_every_dynamic_code_has_a_message() -> None:
    """Codes built from data: step titles, labels of dealt values, commands, categories."""
    from app.game.commands import COMMANDS
    from scoring.forestry.enums import ContractCategory, RiverSymbol
    from setup.forestry import plan as forestry

    codes = {forestry.title_code(spec.id) for spec in forestry.STEPS}
    codes.add(forestry.title_code("player.16.asymmetric"))
    for enum in (*forestry.LABELLED, RiverSymbol, ContractCategory):
        codes |= {f"label-{member.value}" for member in enum}  # type: ignore[attr-defined]
    codes |= {f"command-{kind}" for kind in COMMANDS} | {"command-undo", "command-redo"}
    codes |= {f"category-{c.value}" for c in ContractCategory}
    for lang in l10n.languages():
        missing = sorted(code for code in codes if not l10n.has(lang, code))
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", l10n.languages())
def test_every_message_renders_without_errors(lang: str) -> None:
    """With a value for each of its variables (in any language), no Fluent error, no code."""
    for code, names in sorted(VARIABLES.items()):
        params = {name: 1 for name in names}
        assert not l10n.errors(lang, code, **params), (lang, code)
        assert l10n.render(lang, code, **params) != code, (lang, code)


def test_nested_messages_and_lists_render_in_the_reader_s_language() -> None:
    from scoring.message import ListCode, joined

    m = msg("refusal-board-this-column-holds-tokens-not", holds=msg("label-den_tree"),
            wanted=msg("label-thinning"))
    assert l10n.render("en", m) == "this column holds den tree tokens, not thinning"
    assert l10n.render("ja", m) == "この列は巣穴の木の列で、間伐ではありません。"
    assert l10n.render("en", msg("step-characters", names=("A", "B", "C"))) == (
        "Characters in play: A, B and C.")
    assert l10n.render("en", joined(ListCode.COMMAS, (1, 2, 3))) == "1, 2, 3"
    assert Msg.from_json(m.to_json()) == m


def test_a_third_language_is_one_more_catalogue_file(tmp_path: Path) -> None:
    """Copy the English catalogue as ``xx.ftl`` with a few changes: it is used, nothing else."""
    for lang in ("en", "ja"):
        shutil.copy(l10n.HERE / f"{lang}.ftl", tmp_path / f"{lang}.ftl")
    source = (l10n.HERE / "en.ftl").read_text(encoding="utf-8")
    source = source.replace("-harvester = harvester", "-harvester = XX-harvester")
    source = source.replace("home-new-game = New game", "home-new-game = XX new game")
    source = source.replace("lang-en = English", "lang-en = English\nlang-xx = Xxish")
    (tmp_path / "xx.ftl").write_text(source, encoding="utf-8")
    with l10n.catalogue_directory(tmp_path):
        assert l10n.languages() == ("en", "ja", "xx")
        assert Translator("xx").t("home-new-game") == "XX new game"
        assert Translator("en").t("lang-xx") == "Xxish"  # named in its own words
        said = l10n.render("xx", msg("refusal-play-space-holds-no-harvester", space=4))
        assert said == "space 4 holds no XX-harvester"  # the glossary term, in every message
        assert l10n.render("en", "refusal-play-space-holds-no-harvester", space=4) == (
            "space 4 holds no harvester")
    assert "xx" not in l10n.languages()


def test_the_japanese_glossary_uses_the_rulebook_terms() -> None:
    """002's names (伐採機トークン, 林業家トークン, 植林テーブル, ストレージ, ...), one each."""
    ja = l10n.bundle("ja")
    assert l10n.render("ja", "refusal-play-space-holds-no-harvester", space=4) == (
        "スペース4には伐採機トークンがありません。")
    text = (l10n.HERE / "ja.ftl").read_text(encoding="utf-8")
    for wrong in ("ハーベスター", "物流マネージャー", "倉庫", "再植林", "フォレスタートークン",
                  "テクノロジー表"):
        assert wrong not in text, wrong
    assert ja.has_message("label-logistics_manager")
    assert l10n.render("ja", "label-logistics_manager") == "ロジスティクス管理者"


def test_the_session_s_refusal_is_a_code_with_a_field_and_values() -> None:
    """DomainError(code, *, field=None, **params): one form, worded by the catalogues."""
    from app.game.errors import DomainError

    coded = DomainError("refusal-play-space-holds-no-harvester", field="space", space=4)
    assert coded.field == "space" and coded.code == "refusal-play-space-holds-no-harvester"
    assert coded.params == {"space": 4}
    assert l10n.refusal("ja", coded) == "スペース4には伐採機トークンがありません。"
    assert l10n.refusal("en", coded) == "space 4 holds no harvester"
    with pytest.raises(TypeError):
        DomainError("space", "a sentence")  # type: ignore[misc]  # the old forms are gone


def _shown_sources() -> set[Citation]:
    """Every source citation the app shows: printed values (settings), the quick references,
    the setup walkthrough's steps (both games, every player count, advanced or not)."""
    from app.i18n import Translator
    from app.ui.new_game.presenter import NewGamePresenter
    from app.ui.settings.presenter import printed_rows
    from app.ui.setup.presenter import SetupPresenter
    from scoring.forestry.reference import forestry_reference
    from scoring.guardians.reference import guardians_reference_lines, quick_reference

    found = {r.source for r in printed_rows() if r.source}
    found |= {line.source for line in forestry_reference()}
    found |= {line.source for line in guardians_reference_lines()}
    found |= {s.source for advanced in (True, False) for s in quick_reference(advanced)}
    t = Translator("en").t
    for game, counts in (("forestry", (1, 2, 3, 4)), ("forest-guardians", (2, 3, 4))):
        for n in counts:
            p = NewGamePresenter(t)
            p.set_game(game)
            p.set_count(n)
            for i in range(n):
                p.set_name(i, f"P{i}")
            request = p.submit(lambda: 7)
            assert request is not None, p.errors
            found |= {c.source for c in SetupPresenter(t, request).cards() if c.source}
    return found


def test_every_source_citation_reads_in_japanese_with_only_its_ids_in_latin() -> None:
    """Issue 22: the quick reference showed the English sources' section titles on a
    Japanese phone. A citation keeps its source ids (000-003, RULES), section marks and
    step numbers; its titles are the catalogue's, in the reader's language."""
    sources = _shown_sources()
    assert len(sources) > 40, len(sources)
    for source in sources:
        ja = l10n.cite("ja", source)
        latin = set(re.findall(r"[A-Za-z]{2,}", ja)) - {"RULES", "HQ", "VP"}
        assert not latin, (source, ja)
    # the known answers, and every citation the games produce: tests/app/test_l10n_cite.py

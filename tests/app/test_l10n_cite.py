"""Citations as data (issue 31, :mod:`scoring.cite`): worded in each language from the
catalogues, never parsed back from English.

``tests/data/citations_on_main.json`` holds every citation the games produced while they were
English strings (main at 98d5a42): the string itself (``text``: what ``forest-table setup
--json`` printed) and what ``app.l10n.cite`` showed on English and Japanese screens.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app import l10n
from app.cli import main
from app.l10n import english
from app.ui.settings.presenter import printed_rows
from scoring import printed
from scoring.cite import Citation, CiteCode, CiteTitle, Source, cite, worded
from scoring.forestry.reference import REF_NUMBERS, forestry_reference
from scoring.guardians import rules as guardians_rules
from scoring.guardians.reference import guardians_reference_lines, quick_reference
from scoring.sourced import Uncited
from setup.forestry import plan as forestry_plan
from setup.forestry.play import ROUND_TOKENS
from setup.guardians import plan as guardians_plan

MAIN: dict[str, dict[str, str]] = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "citations_on_main.json")
    .read_text(encoding="utf-8"))
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: Latin words a Japanese citation keeps: source ids as printed, RULES, and words 002 prints
LATIN_KEPT = {"RULES", "HQ", "VP"}


def _shown() -> dict[str, Citation]:
    """Every citation a screen shows, keyed as in citations_on_main.json."""
    out = {f"step:{spec.id}": spec.source for spec in forestry_plan.STEPS}
    out |= {f"fref:{i}": line.source for i, line in enumerate(forestry_reference())}
    out |= {f"gref:{i}": line.source for i, line in enumerate(guardians_reference_lines())}
    out |= {f"gsec:{s.id}": s.source for s in quick_reference(True)}
    out |= {f"printed:{r.table}:{r.key}": r.source for r in printed_rows() if r.source}
    return out


def _produced() -> list[Citation]:
    """Every citation the games produce, shown or not."""
    out = list(_shown().values())
    out += [s.source for advanced in (True, False) for s in quick_reference(advanced)]
    out += [t.source for t in ROUND_TOKENS]
    out += [guardians_plan.SOURCE, guardians_plan.Removal("x", None).source, guardians_rules.SOURCE]
    out += [e.source for table in printed.SHIPPED.values() for e in table.values()]
    numbers = [*REF_NUMBERS.values(), *forestry_plan.STEP_NUMBERS.values()]
    out += [n.source for claims in numbers for n in claims if not isinstance(n.source, Uncited)]
    return out


def _numbers(text: str) -> list[str]:
    """A citation's source ids and step numbers, in order."""
    return re.findall(r"(?<![^\s;])\d+\b", text)


def _latin(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{2,}", text)) - LATIN_KEPT


def test_a_citation_reads_in_each_language() -> None:
    two = cite(Source.S000, CiteTitle.TEND) + cite(Source.S002, CiteTitle.SETUP, step=3)
    assert l10n.cite("en", two) == "000 Tending the forest; 002 setup 3"
    assert l10n.cite("ja", two) == "000 森の手入れ；002 ゲームのセットアップ 3"
    marked = cite(Source.S003, CiteTitle.PLANTING_CONDITION, mark="a.")
    assert l10n.cite("en", marked) == "003 a. Planting Condition"
    assert l10n.cite("ja", marked) == "003 a. 植樹の条件"
    for lang in ("en", "ja"):
        assert l10n.cite(lang, cite(Source.RULES, mark="§2.9")) == "RULES §2.9"
        assert l10n.cite(lang, cite(Source.S003)) == "003"
    # 002 prints its titles in Japanese: an English screen words them in English
    assert l10n.cite("en", cite(Source.S002, CiteTitle.FREE_ACTIONS, step=4)) \
        == "002 Free actions 4"
    assert l10n.cite("ja", cite(Source.S002, CiteTitle.FREE_ACTIONS, step=4)) \
        == "002 フリーアクション 4"


def test_a_citation_is_plain_json_data() -> None:
    c = cite(Source.S003, CiteTitle.FORESTATION, mark="I.") + cite(Source.S002, step=3)
    assert [p.to_json() for p in c] == [
        {"source": "003", "title": "cite-forestation", "mark": "I."},
        {"source": "002", "step": 3}]
    (section,) = [s for s in quick_reference() if s.id == "components"]
    assert section.as_json()["source"] == [{"source": "003"}]


def test_every_title_has_words_in_every_catalogue() -> None:
    for lang in l10n.languages():
        for code in (*CiteTitle, *CiteCode):
            assert l10n.has(lang, code), (lang, code)
            assert l10n.render(lang, code) != code
            assert not l10n.errors(lang, code), (lang, code)


def test_every_citation_the_games_produce_is_worded_in_both_languages() -> None:
    """Each part is a known source with a catalogue title, or a source as a whole (003) or
    a RULES section by its number; on a Japanese screen only its ids stay in Latin."""
    produced = _produced()
    assert len(produced) > 200
    for citation in produced:
        assert citation, "an empty citation"
        for part in citation:
            assert isinstance(part.source, Source), citation
            assert part.title is not None or part.source is Source.S003 \
                or (part.source is Source.RULES and part.mark), citation
            assert part.title is None or isinstance(part.title, CiteTitle), citation
        ja = l10n.cite("ja", citation)
        assert not _latin(ja), (citation, ja)
        en = l10n.cite("en", citation)
        assert not JAPANESE.search(en), (citation, en)


def test_the_setup_json_cites_each_step_as_it_did() -> None:
    """The public contract (``forest-table setup --json``) words a step's citation in
    English, byte for byte as when it was a string."""
    for spec in forestry_plan.STEPS:
        assert worded(spec.source, english) == MAIN[f"step:{spec.id}"]["text"], spec.id


@pytest.mark.parametrize("argv", [
    ("--players", "2", "--seed", "5"),
    ("--players", "1", "--seed", "3"),
    ("--players", "4", "--seed", "9", "--mode", "advanced", "--infestation",
     "--character", "forest_worker", "--character", "trade_specialist"),
    ("--players", "3", "--seed", "12", "--asymmetric", "--infestation"),
])
def test_the_cli_s_setup_json_says_each_source_as_it_did(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    assert main(["setup", "forestry", *argv, "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    assert len(steps) > 30
    for step in steps:
        assert step["source"] == MAIN[f"step:{step['id']}"]["text"], step["id"]


#: The deliberate changes: two citations now name a step (002 setup 12) or every part's
#: source (003 … ; 003 Increase Resource) where the strings did not.
RESTRUCTURED = {
    "fref:25": ("002 setup 12; 002 advanced game", "002 ゲームのセットアップ 12；002 上級ゲーム"),
    "gref:4": ("003 3. Resource Replenishment; 003 Increase Resource",
               "003 3. 資源の補充；003 資源の増加"),
}


def test_screens_read_every_citation_as_they_did_but_in_the_reader_s_language() -> None:
    """Japanese screens keep main's Japanese; where main left English on a Japanese screen
    (the character steps) or Japanese on an English one (002's titles), the reader's
    language now. A citation without a step lost main's trailing space ("001 setup ")."""
    shown = _shown()
    assert shown.keys() == MAIN.keys()
    for key, citation in shown.items():
        en, ja = l10n.cite("en", citation), l10n.cite("ja", citation)
        if key in RESTRUCTURED:
            assert (en, ja) == RESTRUCTURED[key]
            continue
        was = MAIN[key]
        if _latin(was["ja"]):
            assert not _latin(ja) and ja.split()[0] == was["ja"].split()[0], (key, ja)
        else:
            assert ja == was["ja"].rstrip(), (key, ja)
        if JAPANESE.search(was["en"]):
            assert not JAPANESE.search(en), (key, en)
            assert _numbers(en) == _numbers(was["en"]), (key, en, was["en"])
        else:
            assert en == was["en"].rstrip(), (key, en)

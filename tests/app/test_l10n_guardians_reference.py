"""The whole Forest Guardians quick reference in the phone's language (fgref).

``scoring.guardians.reference.quick_reference`` builds every section as messages
(codes with the rules tables' counts and altitudes); the catalogues word them.
English keeps the words the reference said before it was coded (the known answer
in tests/data/golden/guardians_quick_reference_en.json, captured from the English
strings ``quick_reference()`` returned on main before the change); Japanese has no
English left (only the printed Roman numerals and board sides A/B); the reference
screen shows every section in Japanese.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

from app import l10n
from scoring.guardians import reference as R
from scoring.guardians.reference import LINE_SECTIONS, guardians_reference_lines, quick_reference

GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "data" / "golden"
                     / "guardians_quick_reference_en.json").read_text(encoding="utf-8"))
GAMES = {"advanced": True, "basic": False}
LATIN = re.compile(r"[A-Za-z]+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: Latin a Japanese line may show: the numerals printed on the tiles, the board sides.
PRINTED = {"I", "II", "III", "A", "B"}
#: The enums of the sections beyond the turn and planting lines (each code's en and ja
#: messages: tests/app/test_l10n_play.py and test_l10n_catalogue.py).
ENUMS = R.QUICK_REFERENCE_CODES


#: Where the English deliberately differs from the captured words: the decision on the
#: ranger fields said shelter animals were entered only for Julia and anything else was
#: "a likely typo"; docs/rules-decisions.md (and the record, the sheet) let every player
#: enter them (only Julia scores them) and report Calocedrus on mountains for anyone but
#: Fluffy as an error.
CORRECTED = {("decisions", 3): (
    "Every player may enter the animals in their shelter (only Julia scores them); "
    "Calocedrus on mountains only for Fluffy (at most 4: four mountains), reported as an "
    "error for anyone else."),
    # issue 26: counts 003 does not print are marked as our inference
    ("components", 0): (
        "10 × Animal cards (printed): value read off the card; 5 animals with 2 cards each "
        "is our inference (003 prints the total and five animals' living conditions, not "
        "the cards per animal)"),
    ("components", 6): (
        "15 × Animal tokens, ranger tokens and the Illegal Logger (printed: the total "
        "only); the split is our inference, not printed: 10 animal tokens (one per animal "
        "card), 4 ranger tokens (one per ranger board), 1 Illegal Logger"),
}


def expected_en(game: str) -> dict[str, dict[str, Any]]:
    """The captured English of each section, with the corrections above."""
    out = json.loads(json.dumps(GOLDEN[game]))
    for (sid, n), text in CORRECTED.items():
        assert out[sid]["entries"][n] != text
        out[sid]["entries"][n] = text
    return out


def latin_words(text: str) -> set[str]:
    return set(LATIN.findall(text)) - PRINTED


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_english_reference_keeps_today_s_words(game: str) -> None:
    sections = quick_reference(GAMES[game])
    want = expected_en(game)
    assert [s.id for s in sections] == list(want)
    for s in sections:
        if s.id in LINE_SECTIONS:
            continue
        assert l10n.render("en", s.title) == want[s.id]["title"], s.id
        assert [l10n.render("en", e) for e in s.entries] == want[s.id]["entries"], s.id


def test_turn_and_planting_are_the_coded_lines() -> None:
    """One source for each line: those sections are ``guardians_reference_lines``."""
    for advanced in GAMES.values():
        by_id = {s.id: s for s in quick_reference(advanced)}
        for sid in LINE_SECTIONS:
            assert by_id[sid].entries == tuple(
                line.message for line in guardians_reference_lines() if line.section == sid)
            assert by_id[sid].title.code == f"ref-section-guardians-{sid}"
    # what the English planting section said before, the coded lines say too
    said = " ".join(l10n.render("en", m) for m in by_id["planting"].entries)
    assert "the Mountain Protector may plant Calocedrus Formosana on mountains" in said
    assert "not for the Master Gardener" in said and "leftmost tree" in said


def test_every_code_is_used_and_every_table_entry_has_one() -> None:
    """quick_reference looks each rules-table entry's code up (a missing one raises);
    no code is left over."""
    used = {m.code for adv in GAMES.values() for s in quick_reference(adv)
            for m in (s.title, *s.entries)}
    assert {c.value for enum in ENUMS for c in enum} <= used


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_japanese_reference_has_no_english_left(game: str) -> None:
    for s in quick_reference(GAMES[game]):
        for m in (s.title, *s.entries):
            assert not l10n.errors("ja", m), (s.id, m)
            ja = l10n.render("ja", m)
            assert ja != m.code and JAPANESE.search(ja), (s.id, ja)
            assert not latin_words(ja), (s.id, ja)


def test_the_japanese_words_follow_the_tables_and_the_glossary() -> None:
    by_id = {s.id: s for s in quick_reference()}
    ja = {k: [l10n.render("ja", e) for e in s.entries] for k, s in by_id.items()}
    assert ja["components"][0].startswith("動物カード × 10（印刷された数）：")
    assert "推定" in ja["components"][0] and "推定" in ja["components"][6]
    assert ja["animals"][3].startswith("ベンガルヤマネコ：地形IIまたはIIIに自分の木3本、")
    assert "ジュリアは2個まで" in ja["other_actions"][1]
    basic = {s.id: s for s in quick_reference(False)}
    assert "ジュリア" not in l10n.render("ja", basic["other_actions"].entries[1])
    assert ja["rangers"][2].startswith("フラッフィー（山の守り手）：")
    assert "タイワンショウナンボク" in ja["rangers"][2] and "火災トークン" in ja["events"][1]
    # the top row costs any one card: Japanese has no plural "one", the catalogue says 1
    top = next(line for line in guardians_reference_lines() if line.section == "planting")
    assert l10n.render("ja", top.message) == "上段：地形I。コスト：任意の資源カード1枚。"


# --------------------------------------------------------------------------- the screen


def _reference_texts(lang: str) -> dict[str, list[str]]:
    import flet as ft

    from app.ui.kit.prefs import KEY_PREFIX, MemoryPrefs
    from tests.app.flet_harness import on_page, settle, shown, start_app

    out: dict[str, list[str]] = {}

    async def go() -> None:
        client, app = await start_app(prefs=MemoryPrefs({KEY_PREFIX + "language": lang}))
        await settle(0.1)
        app.go("reference", game="forest-guardians")
        await settle()
        client.session.get_page_patch()
        for s in quick_reference():
            if s.id in LINE_SECTIONS:
                continue
            out[s.id] = [c.value for c in on_page(shown(app, f"reference-fg-{s.id}"))
                         if isinstance(c, ft.Text) and isinstance(c.value, str)]
        out["turn"] = [c.value for c in on_page(shown(app, "reference-section-guardians-turn"))
                       if isinstance(c, ft.Text) and isinstance(c.value, str)]
        assert not client.crashes()

    asyncio.run(go())
    return out


def test_the_reference_screen_shows_every_section_in_japanese() -> None:
    shown_now = _reference_texts("ja")
    want = {s.id: s for s in quick_reference()}
    for sid, texts in shown_now.items():
        if sid == "turn":
            continue
        s = want[sid]
        assert texts[0] == l10n.render("ja", s.title)
        assert texts[1:-1] == [l10n.render("ja", e) for e in s.entries], sid
        assert texts[-1] == l10n.render("ja", "reference-source", source="003")
        assert all(JAPANESE.search(t) and not latin_words(t) for t in texts), (sid, texts)
    assert set(shown_now) == {s.id for s in quick_reference()} - {"planting"}
    assert shown_now["turn"][0] == "手番"  # the coded turn lines, once, above the check


def test_the_reference_screen_in_english_says_today_s_words() -> None:
    shown_now = _reference_texts("en")
    want = expected_en("advanced")
    for sid, texts in shown_now.items():
        if sid == "turn":
            continue
        assert texts[0] == want[sid]["title"]
        assert texts[1:-1] == want[sid]["entries"], sid


def test_a_reference_section_is_plain_json() -> None:
    s = next(x for x in quick_reference() if x.id == "components")
    data: dict[str, Any] = s.as_json()
    assert data["title"] == {"code": "ref-fg-title-components", "params": {}}
    assert data["entries"][0] == {"code": "ref-fg-component-animal_cards",
                                  "params": {"count": 10}}
    assert json.loads(json.dumps(data)) == data


#: Where docs/rules-decisions.md (the copy the app shows: app/ui/data, kept equal by
#: test_ui_presenters) says each decision the reference lists.
DOC_SAYS = {
    "shared_win": ("A tie is a shared win.",),
    "three_rows": ("`tree_points` has exactly 3 entries",),
    "advanced_rangers": ("in the advanced game every player must have one",
                         "each ranger at most once"),
    "ranger_fields": ("`animals_in_shelter` is valid for every player",
                      "only the Animal Expert (Julia) scores it",
                      "`calocedrus_on_mountains` non-zero only for Fluffy, at most 4"),
    "top_row_sharing": ("Sharing with the top row** costs 2 cards of one type",),
    "starting_tile": ("The starting tile is not plantable",),
    "first_trigger": ("The first trigger is kept.",
                      "The last terrain tile ends the game after that turn, also during "
                      "the final round"),
    "two_player_first": ("2-player removals come first",
                         "The 4 high-altitude tiles** are taken at random among the regular"),
    "rangers_dealt": ("are dealt at random from the seed unless players choose theirs",),
}


def test_the_decisions_listed_are_the_documented_ones() -> None:
    from scoring.guardians.rules import DECISIONS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules-decisions.md").read_text(
        encoding="utf-8")
    part = " ".join(doc.split("## Forest Guardians", 1)[1].split())
    assert [d.id for d in DECISIONS] == list(DOC_SAYS)
    for did, phrases in DOC_SAYS.items():
        for phrase in phrases:
            assert phrase in part, (did, phrase)

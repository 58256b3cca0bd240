"""Every scoring note and every printed-value question renders in Japanese with the same values."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app.l10n import render
from scoring import printed
from scoring.api import score_record
from scoring.forestry.record import parse_forestry
from scoring.forestry.score import score_forestry
from scoring.sheet import ScoreSheet
from tests.scoring.test_forestry_support import ALL_PRINTED, load, player, record

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")


def score(data: dict[str, Any], **kw: Any) -> ScoreSheet:
    return score_forestry(parse_forestry(data), **kw)


def ja_notes(sheet: ScoreSheet) -> tuple[str, ...]:
    return tuple(render("ja", n) for n in sheet.notes)


def en_notes(sheet: ScoreSheet) -> tuple[str, ...]:
    return tuple(render("en", n) for n in sheet.notes)


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


def _check(sheet: ScoreSheet, names: set[str]) -> None:
    for en, ja in zip(en_notes(sheet), ja_notes(sheet), strict=True):
        assert JAPANESE.search(ja), ja
        assert not set(LATIN.findall(ja)) - names, ja
        assert _numbers(en) - {"1", "2", "3"} <= _numbers(ja), (en, ja)
    for need in sheet.needs:
        en, ja = render("en", need.ask), render("ja", need.ask)
        assert JAPANESE.search(ja) and not LATIN.findall(ja), ja
        assert _numbers(en) <= _numbers(ja) | {"3"}, (en, ja)


@pytest.mark.parametrize("table", printed.TABLES)
@pytest.mark.parametrize("side_b", [False, True])
def test_every_ask_has_japanese_with_its_count(table: str, side_b: bool) -> None:
    keys = printed.TABLE_KEYS.get(table)
    if keys is not None:
        listed = [str(k) for k in keys]
    else:
        listed = ["1", "5"] if table == printed.TASKS_VP else [printed.TOP_TIE_KEY]
    for key in listed:
        en = render("en", printed.ask(table, key, board_side_b=side_b))
        ja = render("ja", printed.ask(table, key, board_side_b=side_b))
        assert JAPANESE.search(ja) and not LATIN.findall(ja), ja
        assert _numbers(en) - {"1", "2", "3"} <= _numbers(ja), (en, ja)
        if key:
            assert key in ja
        if side_b and table == printed.BUILDINGS_VP:
            assert "B面" in ja


def test_needs_carry_the_japanese_question() -> None:
    ann = player("Ann", buildings={"forest": 4, "sawmill": []})
    sheet = score(record(ann, player("Ben"), printed={"tasks_vp": {"0": 0}}, mode="advanced",
                         side="A"))
    assert sheet.needs and not sheet.complete
    need = next(n for n in sheet.needs if n.table == "buildings_vp")
    assert need.ask == printed.ask("buildings_vp", need.key, board_side_b=True)
    assert need.as_json(lambda m: render("en", m)) == {"table": need.table, "key": need.key,
                                                       "ask": render("en", need.ask)}
    _check(sheet, {"Ann", "Ben"})
    assert render("ja", "note-not-complete") in ja_notes(sheet)


def test_tie_notes_in_japanese() -> None:
    a = player("Ann", score_track=11,
               reforestation_table={"light_green": 1, "dark_green": 0, "orange": 0})
    sheet = score(record(a, player("Ben", score_track=11),
                         printed={"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}}))
    _check(sheet, {"Ann", "Ben"})
    assert ja_notes(sheet).count(
        "Ann、Benは19勝利ポイントで同点。植えた苗木の数で順位が決まりました（1、0）。") == 1
    shared = score(record(player("Ann"), player("Ben"), printed=ALL_PRINTED))
    _check(shared, {"Ann", "Ben"})
    assert any("同じ順位" in n for n in ja_notes(shared))
    # issue 35: every level that decided a place, and who stays tied
    from tests.scoring.test_rules_corners import _three
    three = _three("building")
    _check(three, {"Aya", "Ken", "Sora"})
    assert ja_notes(three)[0] == (
        "Aya、Ken、Soraは89勝利ポイントで同点。植えた苗木の数で順位が決まりました（7、5、5）。"
        "Ken、Soraの間では、履行した契約カードの数は同じで、達成したタスクカードの数で順位が"
        "決まりました（1、0）。")
    assert "Ken、Soraはタイブレークもすべて同じため、同じ順位になります。" in \
        ja_notes(_three("accessory"))[0]


def test_stable_outcomes_note_in_japanese() -> None:
    """issue 35: several stable outcomes, the rule that chose, how to pin another."""
    from tests.scoring.test_rules_corners import _seated
    sheet = score(_seated("Aya", "Sora"))
    _check(sheet, {"Aya", "Sora"})
    assert any("安定した結果が2通りあります" in n and "Aya 0、Sora 1" in n and "席順" in n
               for n in ja_notes(sheet))


def test_contract_notes_in_japanese() -> None:
    p = player("A", contracts=[{"categories": ["building", "accessory"], "chosen": "building"}],
               river_tokens=["building"], task_cards=[{"contract": "accessory"}])
    sheet = score(record(p, player("B"), printed=ALL_PRINTED))
    _check(sheet, {"A", "B"})
    assert any("契約1（建築/アクセサリー）→建築（プレイヤーが指定）" in n for n in ja_notes(sheet))
    unknown = score(record(player("A", contracts=[["building", "accessory"]],
                                  task_cards=[{"contract": "accessory"}]), player("B")))
    _check(unknown, {"A", "B"})


def test_solo_and_values_used_in_japanese() -> None:
    sheet = score(record(player("Solo"), printed=ALL_PRINTED))
    _check(sheet, {"Solo"})
    assert render("ja", "note-one-player") in ja_notes(sheet)
    used = score(record(player("A"), player("B")),
                 confirmed={"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}})
    _check(used, {"A", "B"})
    assert "建物トラックの勝利ポイント（0）＝0（以前に確認済みの値）。" in ja_notes(used)


@pytest.mark.parametrize("name", ["forestry_4p_growing_forward.json",
                                  "forestry_93vp_worked_example.json",
                                  "guardians_advanced.json", "guardians_tie.json"])
def test_example_records_have_japanese_notes(name: str) -> None:
    sheet = score_record(load(name))
    _check(sheet, {p.name for p in sheet.players})


def test_guardians_shared_win_in_japanese() -> None:
    sheet = score_record(load("guardians_tie.json"))
    assert ja_notes(sheet) == ("Mei、Kenは23点で同点となり、勝利を分け合います"
                              "（ルールブックにタイブレークはありません）。",)

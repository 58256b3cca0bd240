"""Every scoring note and every printed-value question has a Japanese text with the same values."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring import printed, texts_ja
from scoring.api import score_record
from scoring.forestry.record import parse_forestry
from scoring.forestry.score import score_forestry
from scoring.sheet import ScoreSheet
from tests.scoring.test_forestry_support import ALL_PRINTED, load, player, record

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")


def score(data: dict[str, Any], **kw: Any) -> ScoreSheet:
    return score_forestry(parse_forestry(data), **kw)


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", text))


def _check(sheet: ScoreSheet, names: set[str]) -> None:
    assert len(sheet.notes_ja) == len(sheet.notes)
    assert sheet.notes_in("ja") == sheet.notes_ja and sheet.notes_in("en") == sheet.notes
    for en, ja in zip(sheet.notes, sheet.notes_ja, strict=True):
        assert JAPANESE.search(ja), ja
        assert not set(LATIN.findall(ja)) - names, ja
        assert _numbers(en) - {"1", "2", "3"} <= _numbers(ja), (en, ja)
    for need in sheet.needs:
        assert JAPANESE.search(need.ask_ja) and need.ask_in("ja") == need.ask_ja
        assert _numbers(need.ask) <= _numbers(need.ask_ja) | {"3"}, (need.ask, need.ask_ja)


def test_table_names_match_the_printed_module() -> None:
    assert set(texts_ja.TABLE_JA) == set(printed.TABLES)
    for name in ("BUILDINGS_VP", "TASKS_VP", "FOREST_WORKER_BUILDINGS_VP", "TECHNICIAN_VP",
                 "DETACHED_TOP_TIE"):
        assert getattr(texts_ja, name) == getattr(printed, name)


@pytest.mark.parametrize("table", printed.TABLES)
@pytest.mark.parametrize("side_b", [False, True])
def test_every_ask_has_japanese_with_its_count(table: str, side_b: bool) -> None:
    keys = printed.TABLE_KEYS.get(table)
    for key in ([str(k) for k in keys] if keys is not None else [printed.TOP_TIE_KEY]):
        en = printed.ask(table, key, board_side_b=side_b)
        ja = texts_ja.ask_ja(table, key, board_side_b=side_b)
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
    assert need.ask_ja == texts_ja.ask_ja("buildings_vp", need.key, board_side_b=True)
    assert need.as_json() == {"table": need.table, "key": need.key, "ask": need.ask}
    _check(sheet, {"Ann", "Ben"})
    assert texts_ja.NOT_COMPLETE_JA in sheet.notes_ja


def test_tie_notes_in_japanese() -> None:
    a = player("Ann", score_track=11,
               reforestation_table={"light_green": 1, "dark_green": 0, "orange": 0})
    sheet = score(record(a, player("Ben", score_track=11),
                         printed={"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}}))
    _check(sheet, {"Ann", "Ben"})
    assert sheet.notes_ja.count(
        "AnnとBenは19勝利ポイントで同点。植えた苗木の数で順位が決まりました（Ann 1、Ben 0）。") == 1
    shared = score(record(player("Ann"), player("Ben"), printed=ALL_PRINTED))
    _check(shared, {"Ann", "Ben"})
    assert any("同じ順位" in n for n in shared.notes_ja)


def test_contract_notes_in_japanese() -> None:
    p = player("A", contracts=[{"categories": ["building", "accessory"], "chosen": "building"}],
               river_tokens=["building"], task_cards=[{"contract": "accessory"}])
    sheet = score(record(p, player("B"), printed=ALL_PRINTED))
    _check(sheet, {"A", "B"})
    assert any("契約1（建築/アクセサリー）→建築（プレイヤーが指定）" in n for n in sheet.notes_ja)
    unknown = score(record(player("A", contracts=[["building", "accessory"]],
                                  task_cards=[{"contract": "accessory"}]), player("B")))
    _check(unknown, {"A", "B"})


def test_solo_and_values_used_in_japanese() -> None:
    sheet = score(record(player("Solo"), printed=ALL_PRINTED))
    _check(sheet, {"Solo"})
    assert texts_ja.ONE_PLAYER_JA in sheet.notes_ja
    used = score(record(player("A"), player("B")),
                 confirmed={"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}})
    _check(used, {"A", "B"})
    assert "建物トラックの勝利ポイント（0）＝0（以前に確認済みの値）。" in used.notes_ja


@pytest.mark.parametrize("name", ["forestry_4p_growing_forward.json",
                                  "forestry_93vp_worked_example.json",
                                  "guardians_advanced.json", "guardians_tie.json"])
def test_example_records_have_japanese_notes(name: str) -> None:
    sheet = score_record(load(name))
    _check(sheet, {p.name for p in sheet.players})


def test_guardians_shared_win_in_japanese() -> None:
    sheet = score_record(load("guardians_tie.json"))
    assert sheet.notes_ja == ("MeiとKenは23点で同点となり、勝利を分け合います"
                              "（ルールブックにタイブレークはありません）。",)

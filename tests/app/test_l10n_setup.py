"""Every setup step the dealers deal renders in Japanese with the dealt values of the English."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from app.l10n import render, sentences
from scoring.forestry.enums import Character, Mode, TechnologySide
from scoring.message import Msg
from setup.forestry import plan as forestry
from setup.forestry.plan import ForestryOptions, SetupOptionError
from setup.guardians import plan as guardians
from setup.guardians.plan import GuardiansOptions


def text(step: object, lang: str) -> tuple[str, str]:
    """A step's (title, detail) in ``lang``."""
    return render(lang, step.title), sentences(lang, step.detail)  # type: ignore[attr-defined]


def outcome(step: object, lang: str) -> tuple[str, ...]:
    return tuple(render(lang, m) for m in step.outcome)  # type: ignore[attr-defined]

#: Latin words a Japanese text may keep: component codes and sides.
ALLOWED_LATIN = {"HQ", "I", "II", "III", "A", "B"}
LATIN_WORD = re.compile(r"[A-Za-z]+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _all_forestry_options() -> list[ForestryOptions]:
    out = []
    for mode, side, table, infestation, asymmetric, chars in itertools.product(
        list(Mode),
        [None, TechnologySide.A, TechnologySide.B],
        [False, True],
        [False, True],
        [False, True],
        [(), (Character.TRADE_SPECIALIST,), (Character.FOREST_ROAD_MANAGER, Character.TECHNICIAN)],
    ):
        out.append(ForestryOptions(mode, side, table, infestation, asymmetric, chars))
    return out


def _forestry_plans() -> list[forestry.SetupPlan]:
    plans = []
    for options in _all_forestry_options():
        for players in range(1, 5):
            for seed in (0, 3):
                try:
                    plans.append(forestry.deal(options, players, seed))
                except SetupOptionError:
                    continue
    return plans


PLANS = _forestry_plans()


def _latin_words(text: str, allowed: set[str]) -> set[str]:
    return {w for w in LATIN_WORD.findall(text) if w not in ALLOWED_LATIN | allowed}


def _numbers(text: str) -> list[int]:
    return sorted(int(n) for n in re.findall(r"\d+", text))


def test_the_enumeration_deals_every_step_id() -> None:
    seen = {s.id for p in PLANS for s in p.steps}
    assert seen == {spec.id for spec in forestry.STEPS}


def test_every_forestry_step_is_japanese_with_the_same_numbers() -> None:
    checked = 0
    for plan in PLANS:
        for step in plan.steps:
            title, detail = text(step, "ja")
            assert JAPANESE.search(title), step.id
            assert JAPANESE.search(detail), (step.id, detail)
            assert not _latin_words(title + detail, set()), (step.id, detail)
            # every number the English step gives (dealt or printed) is in the Japanese one
            english = text(step, "en")[1]
            en, ja = _numbers(english), _numbers(detail)
            missing = [n for n in set(en) if n not in ja]
            assert not missing, (step.id, missing, english, detail)
            checked += 1
    assert checked > 5000


def test_every_guardians_step_is_japanese() -> None:
    names = ["Mei", "Ken", "Aya", "Sho"]
    for advanced, players, seed in itertools.product([False, True], range(2, 5), range(4)):
        plan = guardians.deal(GuardiansOptions(advanced), names[:players], seed)
        for step in plan.steps:
            title, detail = text(step, "ja")
            assert JAPANESE.search(title) and JAPANESE.search(detail), step.id
            assert not _latin_words(title + detail, set()), (step.id, detail)
            lines = outcome(step, "ja")
            assert len(lines) == len(step.outcome)
            for line in lines:
                assert JAPANESE.search(line), line
                assert not _latin_words(line, set(names)), line
            assert set(_numbers(text(step, "en")[1])) <= set(_numbers(detail)), step.id


def test_three_player_upgraded_sawmill_names_the_dealt_tile() -> None:
    plan = forestry.deal(ForestryOptions(), 3, 5)
    step = next(s for s in plan.steps if s.id == "board.5.sawmills")
    (n,) = plan.upgraded_sawmills
    title, detail = text(step, "ja")
    assert title == "製材所の建物"
    assert f"製材所の建物{n}をアップグレードされた面に裏返し" in detail
    assert f"Flip sawmill building {n} to its upgraded side" in text(step, "en")[1]


def test_two_player_rivers_name_meander_and_reservoir() -> None:
    plan = forestry.deal(ForestryOptions(), 2, 11)
    step = next(s for s in plan.steps if s.id == "board.11.rivers")
    _, detail = text(step, "ja")
    assert f"川スペース{plan.meanders[0]}の川トークンを蛇行トークンと" in detail
    assert f"川スペース{plan.reservoirs[0]}の川トークンを橋付き貯水池トークンと" in detail


def test_foresters_and_hq_in_japanese() -> None:
    plan = forestry.deal(ForestryOptions(), 4, 2)
    steps = {s.id: text(s, "ja")[1] for s in plan.steps}
    names = {"thinning": "間伐", "den_tree": "巣穴の木", "painting": "塗装"}
    for token in plan.forester_tokens:
        assert f"{names[token.kind.value]}をスペース{token.space}" in steps["board.14.foresters"]
    areas = {"light_green": "薄緑", "dark_green": "濃い緑", "orange": "オレンジ"}
    for area, pos in plan.hq.tiles:
        assert f"{areas[area.value]}のHQスペースにタイル{pos}" in steps["board.7.hq"]
    assert "ファーストプレイヤー3コイン、2番目4コイン、3番目4コイン、4番目5コイン" in (
        steps["player.16.resources"]
    )


def test_asymmetric_title_is_japanese_too() -> None:
    plan = forestry.deal(ForestryOptions(asymmetric=True), 2, 1)
    step = next(s for s in plan.steps if s.id == "player.16.resources")
    assert isinstance(step.title, Msg)
    assert text(step, "en")[0] == "Asymmetric setup cards"
    assert text(step, "ja")[0] == "非対称セットアップカード"


def test_two_player_guardians_removals_in_japanese() -> None:
    plan = guardians.deal(GuardiansOptions(), 2, 0)
    step = plan.steps[0]
    assert outcome(step, "ja") == ("高地（I）の通常の地形タイル4枚",
                                   "低地（III）の地形タイルすべて",
                                   "キジの動物カード2枚", "キジの動物トークン2つ")
    assert outcome(step, "en")[0] == "4 regular high-altitude (I) terrain tiles"


def test_json_output_is_english_when_worded_in_english() -> None:
    from app.l10n import english

    plan = forestry.deal(ForestryOptions(), 3, 5)
    assert not JAPANESE.search(repr(plan.to_json(english)))
    gplan = guardians.deal(GuardiansOptions(advanced=True), 3, 5)
    assert not JAPANESE.search(repr(gplan.to_json(english)))


def test_the_bundled_font_has_every_character() -> None:
    ttlib = pytest.importorskip("fontTools.ttLib")
    font = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansJP-Subset.otf"
    cmap = ttlib.TTFont(str(font)).getBestCmap()
    shown = "".join("".join(text(s, "ja")) for p in PLANS for s in p.steps)
    for advanced, players in itertools.product([False, True], range(2, 5)):
        plan = guardians.deal(GuardiansOptions(advanced), players, 0)
        shown += "".join("".join(text(s, "ja")) + "".join(outcome(s, "ja")) for s in plan.steps)
    missing = sorted({c for c in shown if ord(c) >= 0x20 and ord(c) not in cmap})
    assert not missing, "".join(missing)

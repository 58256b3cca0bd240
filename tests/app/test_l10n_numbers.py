"""Every number the Forestry quick reference and setup checklist state is sourced (issue 26).

``scoring.sourced`` explains the tables: ``REF_NUMBERS`` (quick reference) and
``STEP_NUMBERS`` (setup checklist) list, per message code, each number the message states
with its source (a rulebook section, "not printed" or the app's own counting). These
tests read the catalogues' own words (Fluent syntax, both languages) and every deal's
parameters, and check each number against those tables.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import ast, parse

from app.l10n import render
from scoring.cite import Cite
from scoring.forestry.enums import Character, Mode
from scoring.forestry.reference import FORESTRY_REFERENCE, REF_NUMBERS
from scoring.message import Msg
from scoring.sourced import NOT_PRINTED, Sourced, Uncited
from setup.forestry.plan import STEP_NUMBERS, ForestryOptions, StepCode, deal

L10N = Path(__file__).resolve().parents[2] / "app" / "l10n"
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twice": 2}
#: Message parameters that are what a deal turned up, not numbers of the rules.
OUTCOME_PARAMS = {"card", "cards", "first", "second", "high", "players", "position", "seat",
                  "number", "count", "step", "space", "spaces_free", "seed", "meander",
                  "reservoir"}
#: Messages whose ``count`` parameter is a rule constant (checked against the table).
COUNT_IS_A_RULE = {StepCode.ROUND_TOKENS, StepCode.ROUND_TOKENS_ADVANCED}


def _texts(node: object, out: list[str]) -> None:
    if isinstance(node, ast.TextElement):
        out.append(node.value)
    elif isinstance(node, ast.Placeable):
        _texts(node.expression, out)
    elif isinstance(node, ast.SelectExpression):
        for v in node.variants:
            _texts(v.value, out)
    elif isinstance(node, ast.Pattern):
        for e in node.elements:
            _texts(e, out)
    elif isinstance(node, ast.StringLiteral):
        out.append(node.value)


def numbers_in(text: str, english: bool) -> set[int]:
    """Numbers a text states: digits, and in English the number words one-twelve;
    citations such as "002" are not numbers."""
    text = re.sub(r"(?<!\d)00[0-3](?!\d)", " ", text)
    out = {int(n) for n in re.findall(r"\d+", text)}
    if english:
        out |= {v for w, v in WORDS.items() if re.search(rf"\b{w}\b", text, re.IGNORECASE)}
    return out


def catalogue_numbers(lang: str) -> dict[str, set[int]]:
    """Per message id: the numbers its own words (not its placeables) state."""
    res = parse((L10N / f"{lang}.ftl").read_text(encoding="utf-8"))
    out: dict[str, set[int]] = {}
    for entry in res.body:
        if isinstance(entry, ast.Message) and entry.value is not None:
            words: list[str] = []
            _texts(entry.value, words)
            out[entry.id.name] = numbers_in(" ".join(words), lang == "en")
    return out


EN, JA = catalogue_numbers("en"), catalogue_numbers("ja")
TABLES = {**REF_NUMBERS, **STEP_NUMBERS}


def claimed(code: str, param: str | None = None) -> set[int]:
    return {c.value for c in TABLES[code] if param is None or c.param == param}


def test_every_number_is_sourced_and_every_source_is_a_citation() -> None:
    for code, claims in TABLES.items():
        for c in claims:
            assert isinstance(c, Sourced), (code, c)
            assert isinstance(c.source, Uncited) or (
                c.source and all(isinstance(p, Cite) for p in c.source)), (code, c)
            assert c.what, (code, c)


def test_every_quick_reference_line_and_step_message_is_in_the_tables() -> None:
    steps = {c.value for c in StepCode if not c.value.startswith("step-title")}
    ref = {line.message.code for line in FORESTRY_REFERENCE}
    with_numbers = {code for code in steps | ref if EN.get(code)}
    assert with_numbers <= set(TABLES), with_numbers - set(TABLES)
    assert ref <= set(REF_NUMBERS)


@pytest.mark.parametrize("code", sorted(TABLES))
def test_the_words_state_only_sourced_numbers(code: str) -> None:
    words = {c.value for c in TABLES[code] if not c.param}
    params = {c.value for c in TABLES[code] if c.param}
    # every number the English words state is claimed, and every word claim is stated
    assert EN[code] <= words | params, (code, EN[code] - words - params)
    ref_params = {v for line in FORESTRY_REFERENCE if line.message.code == code
                  for v in line.message.params.values() if isinstance(v, int)}
    # every claim is stated in at least one language (English often writes "a" or "each"
    # where Japanese writes 1)
    assert words <= EN[code] | JA[code] | ref_params, (code, words - EN[code] - JA[code])
    # the Japanese words state no number the table does not source
    assert JA[code] <= words | params | ref_params, (code, JA[code] - words - params)


@pytest.mark.parametrize("code", sorted(TABLES))
def test_not_printed_numbers_say_so(code: str) -> None:
    if any(c.source == NOT_PRINTED for c in TABLES[code]):
        for lang, says in (("en", r"not print|not in (our|the) sources|name no|names none"),
                           ("ja", r"印刷されていません|資料に|ありません|推定")):
            text = _source_text(lang, code)
            assert re.search(says, text), (lang, code, text)


def _source_text(lang: str, code: str) -> str:
    res = parse((L10N / f"{lang}.ftl").read_text(encoding="utf-8"))
    for entry in res.body:
        if isinstance(entry, ast.Message) and entry.id.name == code and entry.value:
            words: list[str] = []
            _texts(entry.value, words)
            return " ".join(words)
    raise AssertionError(code)


def test_quick_reference_parameters_are_the_sourced_values() -> None:
    for line in FORESTRY_REFERENCE:
        for name, value in line.message.params.items():
            if isinstance(value, int) and not isinstance(value, bool):
                assert value in claimed(line.message.code), (line.message.code, name, value)


def _walk(m: Msg) -> Iterator[Msg]:
    yield m
    for value in m.params.values():
        items = value if isinstance(value, tuple) else (value,)
        for v in items:
            if isinstance(v, Msg):
                yield from _walk(v)


DEALS = [
    (ForestryOptions(), 1), (ForestryOptions(), 2), (ForestryOptions(infestation=True), 3),
    (ForestryOptions(mode=Mode.ADVANCED, infestation=True, asymmetric=True,
                     characters=(Character.LOGISTICS_MANAGER, Character.TRADE_SPECIALIST,
                                 Character.FOREST_ECOLOGIST, Character.TECHNICIAN)), 4),
    (ForestryOptions(mode=Mode.ADVANCED, asymmetric=True,
                     characters=(Character.FOREST_ROAD_MANAGER,)), 1),
]


@pytest.mark.parametrize(("options", "players"), DEALS)
def test_every_deal_states_only_sourced_constants(options: ForestryOptions,
                                                  players: int) -> None:
    for seed in (1, 2, 3):
        plan = deal(options, players, seed)
        for step in plan.steps:
            for top in step.detail:
                for m in _walk(top):
                    for name, value in m.params.items():
                        if not isinstance(value, int) or isinstance(value, bool):
                            continue
                        if name == "count" and m.code in COUNT_IS_A_RULE:
                            assert value in claimed(m.code, "count"), (m.code, value)
                        elif name not in OUTCOME_PARAMS:
                            assert value in claimed(m.code, name), (step.id, m.code, name, value)
                    for lang in ("en", "ja"):
                        assert render(lang, m)  # renders


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_logistics_step_names_the_printed_step_number(players: int) -> None:
    """002 ロジスティクス管理者: their own storage extension tiles go where player setup
    7 puts them; the checklist names that step by the number it prints in this deal."""
    options = ForestryOptions(mode=Mode.ADVANCED, infestation=players > 1, asymmetric=True,
                              characters=(Character.LOGISTICS_MANAGER,))
    plan = deal(options, players, 7)
    number = [s.id for s in plan.steps].index("player.7.storage") + 1
    (step,) = [s for s in plan.steps if s.id == "char.logistics_manager"]
    (m,) = step.detail
    assert m.params["step"] == number
    assert f"At step {number} " in render("en", m)
    assert f"手順{number}" in render("ja", m)
    if players == 4:
        assert number == 32  # the deal issue 26 names


def test_no_step_repeats_its_title() -> None:
    for options, players in DEALS:
        for step in deal(options, players, 5).steps:
            title = render("en", step.title)
            for m in step.detail:
                assert not render("en", m).startswith(title + ":"), step.id


def test_the_solo_hq_step_names_no_set_for_one_player() -> None:
    plan = deal(ForestryOptions(), 1, 3)
    (step,) = [s for s in plan.steps if s.id == "board.7.hq"]
    text = " ".join(render("en", m) for m in step.detail)
    assert "for 1 player" not in text.replace("name none for 1 player", "")
    assert "solo rules" in text

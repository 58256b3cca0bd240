"""The English wording where it matters: what the CLI prints and a player reads.

The tests of the pure rules code (tests/scoring, tests/setup) assert message codes and
parameters; these few check that the English catalogue words a sample of those codes
as the rulebooks and the CLI's users expect (numbers in place, the field named first).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from app.commands.score import problem_text
from app.games.forestry.words import log_entry_msg
from app.l10n import english, refusal, sentences
from scoring.forestry import board as B
from scoring.forestry.enums import ForesterType
from scoring.forestry.model import ForestryPlayer
from scoring.guardians.checks import Turn, game_end_status, hand_limit
from scoring.message import Msg, msg
from scoring.printed import ask
from scoring.record import Problem, RecordError, problems_from
from setup.forestry import plan as forestry
from setup.forestry.deck import SPAWN_CARDS, SpawnDeck
from setup.forestry.play import ForestBoard, ForesterToken, replenish_foresters, spawn_infested_wood
from setup.guardians import plan as guardians


def _refusal(fn: Callable[[], Any]) -> str:
    """``fn``'s refusal as a player reads it in English, after the field it names."""
    with pytest.raises(ValueError) as info:
        fn()
    return f"{getattr(info.value, 'field', '') or ''}: {refusal('en', info.value)}"


G_BASIC, G_ADVANCED = guardians.GuardiansOptions(), guardians.GuardiansOptions(advanced=True)

REFUSALS: list[tuple[str, Callable[[], Any], str]] = [
    ("hand-limit", lambda: hand_limit(3), "at most 5"),
    ("turn-order", lambda: game_end_status(["A", "B", "C"], [Turn("A"), Turn("C")]),
     "it is B's turn"),
    ("seat-unknown", lambda: game_end_status(["A", "B"], [Turn("Z")]), "not at the table"),
    ("guardians-players", lambda: guardians.deal(G_BASIC, 5, seed=1), "2-4 players"),
    ("rangers-basic", lambda: guardians.deal(G_BASIC, ["Mei", "Ken"], seed=3,
                                             rangers={"Mei": "julia"}),
     "^rangers: .*only in the advanced game"),
    ("ranger-twice", lambda: guardians.deal(G_ADVANCED, ["Mei", "Ken"], seed=2,
                                            rangers={"Mei": "jack", "Ken": "jack"}),
     "chosen twice"),
    ("no-name", lambda: guardians.deal(G_BASIC, ["Mei", " "], seed=1), "needs a name"),
    ("infestation-solo", lambda: forestry.deal(forestry.ForestryOptions(infestation=True), 1, 3),
     "^infestation: .*solo"),
    ("technology-side", lambda: forestry.deal(
        forestry.ForestryOptions(technology_side="C"), 2, 1),  # type: ignore[arg-type]
     "^technology-side: "),
    ("column-holds", lambda: B.place_forester(
        B.place_forester(ForestryPlayer("Pink"), ForesterType.THINNING)[0],
        ForesterType.DEN_TREE, column=0),
     "^forestry_table\\[0\\]: .*thinning"),
]


@pytest.mark.parametrize(("fn", "words"), [c[1:] for c in REFUSALS],
                         ids=[c[0] for c in REFUSALS])
def test_refusals_in_english(fn: Callable[[], Any], words: str) -> None:
    said = _refusal(fn)
    assert re.search(words, said), said


def test_record_problems_as_the_cli_prints_them() -> None:
    empty = msg("record-forestry-must-not-be-empty")
    assert problem_text(Problem("players[1].name", empty)) == "players[1].name: must not be empty"
    assert problem_text(Problem("", empty)) == "must not be empty"

    class M(BaseModel):
        model_config = ConfigDict(extra="forbid")
        n: StrictInt

    with pytest.raises(ValidationError) as info:
        M.model_validate({"n": "1", "typo": 2})
    assert [problem_text(p) for p in problems_from(info.value)] == [
        "n: Input should be a valid integer (got '1')",
        "typo: unknown field (not in record format v1)"]


def _problems(parse: Callable[[Any], Any], data: Any) -> list[str]:
    with pytest.raises(RecordError) as info:
        parse(data)
    return [problem_text(p) for p in info.value.problems]


def test_record_problems_of_each_game_in_english() -> None:
    from scoring.forestry.record import parse_forestry
    from scoring.guardians.record import parse_guardians
    from tests.scoring.test_forestry_record import base, p0
    from tests.scoring.test_guardians_record import basic

    data = base()
    p0(data)["buildings"] = {"forest": 7, "sawmill": ["orange"]}
    assert _problems(parse_forestry, data) == [
        "players[0].buildings.forest: 7 is more than the 6 building tokens a player has"]
    d = basic()
    d["players"] = d["players"][:1]
    assert _problems(parse_guardians, d) == ["players: Forest Guardians is for 2-4 players; got 1"]
    d = basic()
    d["players"][0]["fire_tokens"] = 7
    d["players"][1]["fire_tokens"] = 6
    assert _problems(parse_guardians, d) == [
        "players: fire_tokens add up to 13 across the table; the game has 12"]
    d = basic()
    d["players"][1]["fire_tokens"] = -1
    assert _problems(parse_guardians, d) == [
        "players[1].fire_tokens: Input should be greater than or equal to 0 (got -1)"]


def _step(plan: Any, step_id: str) -> str:
    return next(sentences("en", s.detail) for s in plan.steps if s.id == step_id)


def test_setup_steps_in_english() -> None:
    two = guardians.deal(G_BASIC, 2, seed=1)
    removals = _step(two, "two_player_removals")
    for words in ("4 regular high-altitude (I)", "every low-altitude (III)", "Common Pheasant",
                  "2 animal cards and 2 animal tokens"):
        assert words in removals
    assert "no III pile with 2 players" in _step(two, "terrain_piles")
    assert "(8 by our count" in _step(two, "animal_tokens")  # not printed (issue 26)
    board = _step(guardians.deal(G_BASIC, 3, seed=1), "ranger_boards")
    assert "side A" in board and "4 wooden upgrade cubes" in board
    assert "not in our sources" in _step(forestry.deal(forestry.ForestryOptions(), 1, 9),
                                         "solo.note")
    plan = forestry.deal(forestry.ForestryOptions(
        mode=forestry.Mode.ADVANCED, infestation=True,
        characters=(forestry.Character.FOREST_ROAD_MANAGER,)), 4, 11)
    assert f"take card {plan.road_manager_card}" in _step(plan, "char.forest_road_manager")
    assert "count them 1, 2, 3" in _step(plan, "board.7.hq")


@pytest.mark.parametrize(("message", "words"), [
    (ask("buildings_vp", "4"), "rightmost uncovered space"),
    (ask("buildings_vp", "4"), "4 building tokens"),
    (ask("buildings_vp", "5", board_side_b=True), "side B"),
    (ask("technician_vp", "2"), "Technician"),
    (ask("detached_top_tie", ""), "detached scoring card"),
    (msg("note-tie-decided", level=1, names=("Aya", "Sora"), total=89,
         values=msg("list-commas", items=("7", "5")), equal=(), has_equal=False,
         then=msg("list-sentences", items=()), has_then=False),
     "Aya and Sora tied on 89 VP; decided by seedlings planted (7, 5)."),
    (msg("note-tie-decided", level=3, names=("Aya", "Sora"), total=89,
         values=msg("list-commas", items=("2", "1")),
         equal=(msg("note-tie-level", level=1), msg("note-tie-level", level=2)),
         has_equal=True, then=msg("list-sentences", items=()), has_then=False),
     "Aya and Sora tied on 89 VP; equal on seedlings planted and contracts fulfilled, "
     "decided by task cards fulfilled (2, 1)."),
    (msg("note-tie-shared", names=("Ann", "Ben"), total=8), "share the rank"),
    (msg("note-guardians-shared-win", names=("Mei", "Ken"), points=23), "share the win"),
    (msg("note-one-player"), "no solo end score"),
    (msg("note-one-player"), "Most forester tokens is not scored"),
    (ask("tasks_vp", "0"), "enter 0 if nothing is printed there"),
    (msg("note-assignment-rule", ranked=True),
     "the detached storage ranking task cards fulfilled"),
    (msg("note-assignment-rule", ranked=False), "unused resources), then the most task cards"),
    (msg("note-assignment-replies", rounds=2, fallback=False),
     "until a whole round changed nothing (2 rounds)"),
    (msg("note-assignment-replies", rounds=10, fallback=True),
     "each player's best choice without that storage is used"),
    (msg("note-forest-building-tasks", player="Aya", marked=1, counted=0),
     "Aya: 1 task card for a forest building next to a harvest token is marked met, but each "
     "needs a forest building of its own and Aya built none, so none counts."),
    (msg("note-forest-building-tasks", player="Aya", marked=3, counted=2),
     "3 task cards for a forest building next to a harvest token are marked met, but each "
     "needs a forest building of its own and Aya built 2, so only 2 count."),
])
def test_asks_and_notes_in_english(message: Msg, words: str) -> None:
    assert words in english(message)


def test_issue_26_texts_say_what_the_sources_say() -> None:
    """The quick reference and setup lines issue 26 found wrong, each as its source has it
    (both languages): 001 "reaches or passes" a reproduction space; 002's token list gives
    the optional 2-coin cost to the "any wood token" clearing only; the rulebook, not the
    first player, fixes which harvest token a round token turns."""
    from app.l10n import render
    from scoring.forestry.reference import FORESTRY_REFERENCE, RefCode
    from setup.forestry.play import ROUND_TOKENS

    lines = {line.message.code: line.message for line in FORESTRY_REFERENCE}
    spawn, building = lines[RefCode.SPAWN], lines[RefCode.FOREST_BUILDING]
    assert "reaches or passes" in english(spawn) and "到達するか通過" in render("ja", spawn)
    assert 'Only one reward has a cost: on the "any wood token" clearing, paying 2 coins' \
        in english(building)
    assert "費用がかかる報酬は1つだけ" in render("ja", building)
    assert "costs 2 coins more" not in english(building)
    # issue 35: 002 リソース prints the first storage extension's cost (5 coins), not the others
    storage = lines[RefCode.FREE_STORAGE]
    assert "The first costs 5 coins (002, resources); the costs of the others are printed " \
        "on the board, not in the sources" in english(storage)
    assert "最初の拡張は5コイン" in render("ja", storage)
    flip = next(t for t in ROUND_TOKENS if t.flip_species is not None)
    effect = forestry.round_token_effect(flip)
    assert "which one is not the first player's choice: the rulebook fixes the order" \
        in english(effect)
    assert "ファーストプレイヤーの選択ではなく" in render("ja", effect)


def _deck(*top: int) -> SpawnDeck:
    return SpawnDeck(remaining=top, discard=tuple(c for c in SPAWN_CARDS if c not in top))


def test_in_play_draws_in_english() -> None:
    board = ForestBoard(deck=_deck(15, 3), foresters=(ForesterToken(ForesterType.PAINTING, 15),),
                        harvesters=frozenset({1, 4}))
    _, log = replenish_foresters(board, random.Random(0))
    told = log_entry_msg(log)
    assert told is not None and "skipped occupied 15, 1" in english(told)
    full = ForestBoard(deck=_deck(7), infested=frozenset(range(1, 12)),
                       harvesters=frozenset(range(12, 16)))
    _, log = spawn_infested_wood(full, random.Random(0), 0, 4)
    told = log_entry_msg(log, old_score=0, new_score=4)
    assert told is not None and "no infested wood placed" in english(told)
    # issue 26: the supply of 21 is empty, nothing spawns (decision, docs/rules-decisions.md)
    _, log = spawn_infested_wood(ForestBoard(deck=_deck(7)), random.Random(0), 0, 4, held=21)
    told = log_entry_msg(log, old_score=0, new_score=4)
    assert told is not None
    assert "no infested wood left in the supply (all 21 are out)" in english(told)


def test_a_contract_takes_an_before_a_vowel() -> None:
    """Stop 41: the task card read "A Accessory contract" and the tile's screen-reader
    label "Add a Innovation contract"."""
    from app.games.forestry.ui.sheet import task_words
    from app.i18n import Translator
    from scoring.forestry.enums import ContractCategory as Category
    from scoring.forestry.model import ContractTask

    t = Translator("en").t
    for category in Category:
        name = t(f"category-{category.value}")
        said = [task_words(t, ContractTask(category=category)),
                t("board-contract-add-one", category=name, kind=category.value)]
        for line in said:
            assert not re.search(r"\b[Aa] [AEIOU]", line), line
            assert name in line, line

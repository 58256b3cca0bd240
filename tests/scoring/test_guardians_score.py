"""Forest Guardians scoring: worked example (003), ranger bonuses, ties, properties."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.api import score_record
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.record import GuardiansRecordCode, parse_guardians
from scoring.guardians.rules import Ranger
from scoring.guardians.score import CATEGORIES, GuardiansNote, score_guardians
from scoring.message import msg
from scoring.record import RecordError

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


def load(name: str) -> Any:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def player(name: str = "P", ranger: Ranger | None = None, **kw: Any) -> GuardiansPlayer:
    base: dict[str, Any] = {
        "tree_points": (0, 0, 0),
        "animal_cards": (),
        "fire_tokens": 0,
    }
    base.update(kw)
    return GuardiansPlayer(name=name, ranger=ranger, **base)


def game(*players: GuardiansPlayer, advanced: bool = False) -> GuardiansGame:
    return GuardiansGame(players=tuple(players), advanced=advanced)


def test_category_keys_are_record_v1() -> None:
    assert [k for k, _ in CATEGORIES] == ["trees", "animals", "fires", "ranger"]


def test_worked_example_basic_game_scores_23() -> None:
    # 003 "Victory": trees 2 + 6 + 3, animals 3 + 6, 3 fire tokens; basic game, no ranger.
    sheet = score_record(load("guardians_basic_23.json"))
    mei = sheet.players[0]
    assert mei.name == "Mei"
    assert mei.categories == {"trees": 11, "animals": 9, "fires": 3, "ranger": 0}
    assert mei.total == 23
    assert mei.rank == 1
    assert sheet.winners == ("Mei",)
    assert sheet.complete is True and sheet.needs == ()


def test_spec_player_mei_with_julia_scores_26() -> None:
    # record-v1's illustrative Mei: the same board as 003's example, but she plays Julia
    # (advanced) with 1 animal token in her shelter: +1 per card (2) +1 sheltered = +3.
    mei = player("Mei", Ranger.JULIA, tree_points=(2, 6, 3), animal_cards=(3, 6),
                 fire_tokens=3, animals_in_shelter=1)
    sheet = score_guardians(game(mei, player("Ken", Ranger.BEAN), advanced=True))
    ps = sheet.players[0]
    assert ps.categories == {"trees": 11, "animals": 9, "fires": 3, "ranger": 3}
    assert ps.total == 26


def test_spec_snippet_alone_is_not_a_full_record() -> None:
    # The spec shows a single player to illustrate the fields; a game needs 2-4.
    with pytest.raises(RecordError) as exc:
        parse_guardians(load("guardians_spec_example.json"))
    assert [p.path for p in exc.value.problems] == ["players"]
    assert exc.value.problems[0].msg.code == GuardiansRecordCode.FOREST_GUARDIANS_FOR_PLAYERS


def test_advanced_record_every_ranger() -> None:
    sheet = score_record(load("guardians_advanced.json"))
    by = {p.name: p for p in sheet.players}
    assert by["Mei"].categories["ranger"] == 3 and by["Mei"].total == 26
    assert by["Ken"].categories["ranger"] == 4 and by["Ken"].total == 21
    assert by["Ana"].categories["ranger"] == 4 and by["Ana"].total == 16
    assert by["Bo"].categories["ranger"] == 0 and by["Bo"].total == 20
    assert [p.rank for p in sheet.players] == [1, 2, 4, 3]
    assert sheet.winners == ("Mei",)


@pytest.mark.parametrize(
    ("ranger", "kw", "bonus"),
    [
        (Ranger.JULIA, {"animal_cards": (2, 4, 5), "animals_in_shelter": 2}, 5),
        (Ranger.JULIA, {"animal_cards": (), "animals_in_shelter": 0}, 0),
        (Ranger.JACK, {"fire_tokens": 5}, 5),
        (Ranger.FLUFFY, {"calocedrus_on_mountains": 3}, 6),
        (Ranger.BEAN, {"fire_tokens": 4, "animal_cards": (3,)}, 0),
        (None, {"fire_tokens": 4, "animal_cards": (3,)}, 0),
    ],
)
def test_ranger_bonus(ranger: Ranger | None, kw: dict[str, Any], bonus: int) -> None:
    p = player("A", ranger, **kw)
    sheet = score_guardians(game(p, player("B")))
    assert sheet.players[0].categories["ranger"] == bonus


def test_jack_fire_tokens_count_twice() -> None:
    sheet = score_guardians(game(player("Jack", Ranger.JACK, fire_tokens=4), player("B")))
    assert sheet.players[0].categories["fires"] == 4
    assert sheet.players[0].total == 8


def test_tie_is_a_shared_win() -> None:
    sheet = score_record(load("guardians_tie.json"))
    assert [p.total for p in sheet.players] == [23, 23, 3]
    assert [p.rank for p in sheet.players] == [1, 1, 3]
    assert sheet.winners == ("Mei", "Ken")
    assert sheet.notes == (msg(GuardiansNote.SHARED_WIN, names=("Mei", "Ken"), points=23),)


def test_score_output_json_shape() -> None:
    out = score_record(load("guardians_basic_23.json")).as_json()
    assert out["game"] == "forest-guardians"
    assert out["complete"] is True and out["needs"] == []
    assert out["winners"] == ["Mei"]
    assert out["players"][0]["categories"] == {"trees": 11, "animals": 9, "fires": 3, "ranger": 0}
    assert set(out["players"][0]) == {"name", "total", "rank", "categories", "details"}
    json.dumps(out)  # serialisable


# --------------------------------------------------------------------------- properties

rangers = st.sampled_from([Ranger.JULIA, Ranger.JACK, Ranger.FLUFFY, Ranger.BEAN])


@st.composite
def games(draw: st.DrawFn) -> GuardiansGame:
    n = draw(st.integers(2, 4))
    advanced = draw(st.booleans())
    chosen = draw(st.permutations(list(Ranger)))[:n] if advanced else [None] * n
    players = []
    for i, r in enumerate(chosen):
        players.append(
            GuardiansPlayer(
                name=f"P{i}",
                ranger=r,
                tree_points=(
                    draw(st.integers(0, 40)), draw(st.integers(0, 40)), draw(st.integers(0, 40))
                ),
                animal_cards=tuple(draw(st.lists(st.integers(0, 9), max_size=2))),
                fire_tokens=draw(st.integers(0, 3)),
                animals_in_shelter=draw(st.integers(0, 2)) if r is Ranger.JULIA else 0,
                calocedrus_on_mountains=draw(st.integers(0, 4)) if r is Ranger.FLUFFY else 0,
            )
        )
    return GuardiansGame(players=tuple(players), advanced=advanced)


@given(games())
def test_total_is_sum_of_categories(g: GuardiansGame) -> None:
    for ps in score_guardians(g).players:
        assert ps.total == sum(ps.categories.values())
        assert set(ps.categories) == {"trees", "animals", "fires", "ranger"}


@given(games(), st.randoms(use_true_random=False))
def test_player_order_does_not_change_scores(g: GuardiansGame, rnd: Any) -> None:
    shuffled = list(g.players)
    rnd.shuffle(shuffled)
    a = {p.name: (p.total, p.rank, p.categories) for p in score_guardians(g).players}
    b = score_guardians(GuardiansGame(players=tuple(shuffled), advanced=g.advanced))
    assert {p.name: (p.total, p.rank, p.categories) for p in b.players} == a
    assert set(b.winners) == set(score_guardians(g).winners)


@given(games())
def test_winners_have_the_top_total(g: GuardiansGame) -> None:
    sheet = score_guardians(g)
    top = max(p.total for p in sheet.players)
    assert set(sheet.winners) == {p.name for p in sheet.players if p.total == top}
    assert all(p.rank == 1 for p in sheet.players if p.name in sheet.winners)


@given(games())
def test_generated_games_round_trip_and_score_alike(g: GuardiansGame) -> None:
    from scoring.guardians.record import to_record

    assert parse_guardians(to_record(g)) == g
    assert score_record(to_record(g)) == score_guardians(g)


def test_a_boards_side_and_its_categories_sum_to_its_total() -> None:
    """Side A in the basic game, B with a ranger (003); the board's sum line adds up to the
    score sheet's total (no ranger line in the basic game)."""
    from scoring.guardians.score import board_side, categories

    basic = player("Mei", tree_points=(2, 4, 0), animal_cards=(5,), fire_tokens=2)
    fluffy = player("Ken", Ranger.FLUFFY, tree_points=(2, 4, 0), animal_cards=(5,),
                    fire_tokens=2, calocedrus_on_mountains=2)
    assert (board_side(basic), board_side(fluffy)) == ("A", "B")
    assert categories(basic) == (("trees", 6), ("animals", 5), ("fires", 2))
    assert categories(fluffy)[-1] == ("ranger", 4)
    sheet = score_guardians(game(fluffy, player("Aya", Ranger.JACK), advanced=True))
    assert sum(points for _k, points in categories(fluffy)) == sheet.players[0].total == 17

"""Forest Guardians record v1: round trip and strict validation naming each field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scoring.api import parse_record
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.record import (
    GuardiansRecordCode,
    parse_guardians,
    to_record,
)
from scoring.guardians.rules import Ranger
from scoring.message import Msg, msg
from scoring.record import RecordCode, RecordError

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


def load(name: str) -> Any:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def basic() -> dict[str, Any]:
    return {
        "format": "forest-table/record",
        "version": 1,
        "game": "forest-guardians",
        "options": {"advanced": False},
        "players": [
            {"name": "Mei", "tree_points": [2, 6, 3], "animal_cards": [3, 6], "fire_tokens": 3},
            {"name": "Ken", "tree_points": [1, 0, 0], "animal_cards": [], "fire_tokens": 0},
        ],
    }


def advanced() -> dict[str, Any]:
    return load("guardians_advanced.json")  # type: ignore[no-any-return]


def problems(data: Any) -> list[tuple[str, Msg]]:
    """The record's problems: (path, message); as the CLI words them:
    tests/app/test_l10n_records.py."""
    with pytest.raises(RecordError) as exc:
        parse_guardians(data)
    return [(p.path, p.msg) for p in exc.value.problems]


def limit(n: int, *, two: bool) -> Msg:
    """Why so many animal cards are too many: the table's limit (8 with 2 players)."""
    return msg(GuardiansRecordCode.ANIMAL_LIMIT, limit=n, two=two)


def paths(data: Any) -> list[str]:
    with pytest.raises(RecordError) as exc:
        parse_guardians(data)
    return [p.path for p in exc.value.problems]


# --------------------------------------------------------------------------- valid records


@pytest.mark.parametrize(
    "name", ["guardians_basic_23.json", "guardians_advanced.json", "guardians_tie.json"]
)
def test_round_trip_is_lossless(name: str) -> None:
    data = load(name)
    game = parse_guardians(data)
    again = to_record(game)
    assert parse_guardians(again) == game
    assert to_record(parse_guardians(again)) == again


def test_canonical_records_come_back_unchanged() -> None:
    for name in ("guardians_basic_23.json", "guardians_advanced.json"):
        data = load(name)
        assert to_record(parse_guardians(data)) == data


def test_parse_gives_domain_types() -> None:
    g = parse_guardians(load("guardians_advanced.json"))
    assert isinstance(g, GuardiansGame)
    assert g.advanced is True and g.seed == 42
    assert g.players[0] == GuardiansPlayer(
        name="Mei",
        ranger=Ranger.JULIA,
        tree_points=(2, 6, 3),
        animal_cards=(3, 6),
        fire_tokens=3,
        animals_in_shelter=1,
        calocedrus_on_mountains=0,
    )
    assert parse_record(load("guardians_advanced.json")) == g


def test_optional_fields_default() -> None:
    g = parse_guardians(basic())
    assert g.players[0].ranger is None
    assert g.players[0].animals_in_shelter == 0
    assert g.players[0].calocedrus_on_mountains == 0
    assert g.played_at is None and g.location is None and g.seed is None


def test_optional_top_level_fields_kept() -> None:
    data = basic()
    data.update(played_at="2026-11-29T14:30:00Z", location="Tainan", seed=9, printed={})
    g = parse_guardians(data)
    assert (g.played_at, g.location, g.seed) == ("2026-11-29T14:30:00Z", "Tainan", 9)
    out = to_record(g)
    assert out["played_at"] == "2026-11-29T14:30:00Z" and out["seed"] == 9


def test_two_to_four_players_accepted() -> None:
    data = advanced()
    for n in (2, 3, 4):
        d = copy.deepcopy(data)
        d["players"] = d["players"][:n]
        assert len(parse_guardians(d).players) == n


def test_fluffy_four_calocedrus_and_julia_overfull_shelter_are_fine() -> None:
    d = advanced()
    d["players"][2]["calocedrus_on_mountains"] = 4
    d["players"][0]["animals_in_shelter"] = 3  # retrieval may overfill her shelter (003)
    parse_guardians(d)


# --------------------------------------------------------------------------- invalid records


def mutate(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    d = copy.deepcopy(base)
    parts = path.split(".")
    node: Any = d
    for part in parts[:-1]:
        if "[" in part:
            key, idx = part[:-1].split("[")
            node = node[key][int(idx)]
        else:
            node = node[part]
    last = parts[-1]
    if "[" in last:
        key, idx = last[:-1].split("[")
        node[key][int(idx)] = value
    elif value is _DELETE:
        del node[last]
    else:
        node[last] = value
    return d


_DELETE = object()

INVALID = [
    # (base, path to change, new value, expected problem path, the problem's code)
    ("basic", "players[1].fire_tokens", -1, "players[1].fire_tokens", "record-at-least"),
    ("basic", "players[1].fire_tokens", 13, "players[1].fire_tokens", "record-at-most"),
    ("basic", "players[1].fire_tokens", "2", "players[1].fire_tokens", "record-not-an-integer"),
    ("basic", "players[1].fire_tokens", True, "players[1].fire_tokens", "record-not-an-integer"),
    ("basic", "players[1].fire_tokens", 2.0, "players[1].fire_tokens", "record-not-an-integer"),
    ("basic", "players[0].tree_points", [2, 6], "players[0].tree_points",
     "record-guardians-tree-points-need-3"),
    ("basic", "players[0].tree_points", [2, 6, 3, 1], "players[0].tree_points",
     "record-guardians-tree-points-need-3"),
    ("basic", "players[0].tree_points", 11, "players[0].tree_points", "record-invalid-input"),
    ("basic", "players[0].tree_points[1]", -6, "players[0].tree_points[1]", "record-at-least"),
    ("basic", "players[0].animal_cards[0]", -3, "players[0].animal_cards[0]", "record-at-least"),
    ("basic", "players[0].animal_cards", 9, "players[0].animal_cards", "record-invalid-input"),
    ("basic", "players[0].name", "  ", "players[0].name", "record-guardians-player-needs-name"),
    ("basic", "players[1].name", "mei", "players[1].name",
     "record-guardians-already-name-players-names-must-be"),
    ("basic", "players[1].name", " Mei ", "players[1].name",
     "record-guardians-already-name-players-names-must-be"),
    ("basic", "players[0].ranger", "julia", "players[0].ranger",
     "record-guardians-rangers-are-played-only-in-advanced"),
    ("basic", "players[0].ranger", "Julia", "players[0].ranger", "record-invalid-input"),
    ("basic", "players[0].animals_in_shelter", 11, "players[0].animals_in_shelter",
     "record-at-most"),
    ("basic", "players[0].calocedrus_on_mountains", 1, "players[0].calocedrus_on_mountains",
     "record-guardians-only-mountain-protector-fluffy-may"),
    ("basic", "players[0].tree_point", [1, 2, 3], "players[0].tree_point", "record-unknown-field"),
    ("basic", "players[0].fire_tokens", _DELETE, "players[0].fire_tokens", "record-missing"),
    ("basic", "players[0].name", _DELETE, "players[0].name", "record-missing"),
    ("basic", "options.advanced", "yes", "options.advanced", "record-invalid-input"),
    ("basic", "options.advanced", _DELETE, "options.advanced", "record-missing"),
    ("basic", "options.expert", True, "options.expert", "record-unknown-field"),
    ("basic", "options", _DELETE, "options", "record-missing"),
    ("basic", "seed", "42", "seed", "record-not-an-integer"),
    ("basic", "played_at", "yesterday", "played_at", "record-guardians-not-a-date-time"),
    ("basic", "played_at", "2026-11-29", "played_at", "record-guardians-not-a-date-time"),
    ("basic", "location", 5, "location", "record-invalid-input"),
    ("basic", "printed", {"tree_values": {"1": 2}}, "printed.tree_values",
     "record-guardians-forest-guardians-scoring-needs-no"),
    ("basic", "printed", [], "printed", "record-invalid-input"),
    ("basic", "winner", "Mei", "winner", "record-unknown-field"),
    ("basic", "players", [], "players", "record-guardians-forest-guardians-for-players"),
    ("advanced", "players[1].ranger", None, "players[1].ranger",
     "record-guardians-in-advanced-game-every-player-has"),
    ("advanced", "players[1].ranger", "julia", "players[1].ranger",
     "record-guardians-already-played-by-players-each-ranger"),
    ("advanced", "players[3].ranger", "frodo", "players[3].ranger", "record-invalid-input"),
    ("advanced", "players[0].calocedrus_on_mountains", 1, "players[0].calocedrus_on_mountains",
     "record-guardians-only-mountain-protector-fluffy-may"),
    ("advanced", "players[2].calocedrus_on_mountains", 5, "players[2].calocedrus_on_mountains",
     "record-at-most"),
]


@pytest.mark.parametrize(("base", "path", "value", "where", "code"), INVALID)
def test_invalid_field_is_named(base: str, path: str, value: Any, where: str, code: str) -> None:
    data = mutate(basic() if base == "basic" else advanced(), path, value)
    with pytest.raises(RecordError) as exc:
        parse_guardians(data)
    found = [p for p in exc.value.problems if p.path == where]
    assert found, [(p.path, p.msg.code) for p in exc.value.problems]
    assert code in [p.msg.code for p in found], [p.msg for p in found]


def test_more_than_four_players() -> None:
    d = advanced()
    d["options"]["advanced"] = False
    for p in d["players"]:
        p["ranger"] = None
        p["calocedrus_on_mountains"] = 0
        p["animals_in_shelter"] = 0
    d["players"].append({"name": "Eve", "tree_points": [0, 0, 0], "animal_cards": [],
                         "fire_tokens": 0})
    assert paths(d) == ["players"]
    assert problems(d) == [("players", msg(GuardiansRecordCode.FOREST_GUARDIANS_FOR_PLAYERS,
                                           min_players=2, max_players=4, n=5))]


def test_one_player_is_rejected() -> None:
    d = basic()
    d["players"] = d["players"][:1]
    assert problems(d) == [("players", msg(GuardiansRecordCode.FOREST_GUARDIANS_FOR_PLAYERS,
                                           min_players=2, max_players=4, n=1))]


def test_fire_tokens_across_the_table() -> None:
    d = basic()
    d["players"][0]["fire_tokens"] = 7
    d["players"][1]["fire_tokens"] = 6
    assert problems(d) == [("players", msg(GuardiansRecordCode.FIRE_TOKENS_ADD_UP_TO_ACROSS,
                                           fire_tokens=12, fire_total=13))]


def test_animal_cards_across_the_table() -> None:
    d = advanced()
    d["players"][3]["animal_cards"] = [1, 1, 1, 1, 1, 1, 1]  # 4 + 7 = 11 > 10
    assert problems(d) == [("players", msg(GuardiansRecordCode.ANIMAL_CARDS_HELD_ACROSS_TABLE,
                                           cards_total=11, why=limit(10, two=False)))]


def test_two_player_game_has_no_pheasants() -> None:
    d = basic()
    d["players"][0]["animal_cards"] = [1, 2, 3, 4, 5]
    d["players"][1]["animal_cards"] = [1, 2, 3, 4]  # 9 > 8 with 2 players
    assert problems(d) == [("players", msg(GuardiansRecordCode.ANIMAL_CARDS_HELD_ACROSS_TABLE,
                                           cards_total=9, why=limit(8, two=True)))]


def test_julia_shelter_counts_towards_the_animals() -> None:
    d = advanced()
    d["players"] = d["players"][:2]
    d["players"][0]["animal_cards"] = [1, 2, 3, 4, 5, 6]
    d["players"][0]["animals_in_shelter"] = 2  # 6 + 1 cards + 2 sheltered = 9 > 8
    assert problems(d) == [("players", msg(GuardiansRecordCode.ANIMAL_CARDS_PLUS_JULIA_ANIMALS_IN,
                                           value=9, why=limit(8, two=True)))]


def test_single_player_animal_cards_over_ten() -> None:
    d = basic()
    d["players"][0]["animal_cards"] = list(range(11))
    assert "players[0].animal_cards" in paths(d)


def test_every_problem_is_reported_at_once() -> None:
    d = basic()
    d["players"][0]["fire_tokens"] = -2
    d["players"][1]["name"] = "MEI"
    d["players"][1]["ranger"] = "jack"
    d["players"][1]["tree_points"] = [1]
    d["colour"] = "red"
    assert sorted(paths(d)) == sorted(
        [
            "players[0].fire_tokens",
            "players[1].name",
            "players[1].ranger",
            "players[1].tree_points",
            "colour",
        ]
    )


def test_envelope_problems() -> None:
    d = basic()
    d["version"] = 2
    assert paths(d) == ["version"]
    d = basic()
    d["game"] = "forestry"
    assert paths(d) == ["game"]
    with pytest.raises(RecordError):
        parse_guardians([1, 2])


def test_problem_message_format() -> None:
    d = basic()
    d["players"][1]["fire_tokens"] = -1
    assert problems(d) == [("players[1].fire_tokens", msg(RecordCode.AT_LEAST, limit="0",
                                                          value="-1"))]


def test_invalid_example_file() -> None:
    assert sorted(paths(load("guardians_invalid.json"))) == [
        "players[0].fire_tokens",
        "players[1].ranger",
    ]


def test_a_game_built_in_code_is_checked_through_its_record() -> None:
    ok = parse_guardians(basic())
    assert parse_guardians(to_record(ok)) == ok
    bad = GuardiansGame(
        players=(
            GuardiansPlayer("Mei", Ranger.JACK, (1, 2, 3), (), 2),
            GuardiansPlayer("Ken", None, (1, 2, 3), (), 11),
        ),
        advanced=False,
    )
    with pytest.raises(RecordError) as exc:
        parse_guardians(to_record(bad))
    assert {p.path for p in exc.value.problems} == {"players[0].ranger", "players"}


@pytest.mark.parametrize("base", ["basic", "advanced"])
def test_every_player_has_an_animal_shelter(base: str) -> None:
    """RULES.md decision: any player may end with animals in the shelter (003 Rescue);
    only the Animal Expert scores them, and the breakdown says whether they scored."""
    from scoring.guardians.score import score_guardians

    data = mutate(basic() if base == "basic" else advanced(), "players[1].animals_in_shelter", 1)
    game = parse_guardians(data)
    assert game.players[1].animals_in_shelter == 1
    sheet = score_guardians(game)
    details = sheet.players[1].details
    assert details["animals_in_shelter"] == 1 and details["shelter_scored"] is False
    before = score_guardians(parse_guardians(basic() if base == "basic" else advanced()))
    assert sheet.players[1].total == before.players[1].total  # not scored (not Julia)

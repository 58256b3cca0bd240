"""Forest Guardians record v1: round trip and strict validation naming each field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from app.commands.score import problem_text
from app.l10n import english
from scoring.api import parse_record
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.record import parse_guardians, to_record, validate_guardians
from scoring.guardians.rules import Ranger
from scoring.record import RecordError

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


def problems(data: Any) -> list[str]:
    with pytest.raises(RecordError) as exc:
        parse_guardians(data)
    return [problem_text(p) for p in exc.value.problems]


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
    # (base, path to change, new value, expected problem path, words in the message)
    ("basic", "players[1].fire_tokens", -1, "players[1].fire_tokens", "greater than or equal"),
    ("basic", "players[1].fire_tokens", 13, "players[1].fire_tokens", "less than or equal to 12"),
    ("basic", "players[1].fire_tokens", "2", "players[1].fire_tokens", "valid integer"),
    ("basic", "players[1].fire_tokens", True, "players[1].fire_tokens", "valid integer"),
    ("basic", "players[1].fire_tokens", 2.0, "players[1].fire_tokens", "valid integer"),
    ("basic", "players[0].tree_points", [2, 6], "players[0].tree_points", "exactly 3"),
    ("basic", "players[0].tree_points", [2, 6, 3, 1], "players[0].tree_points", "exactly 3"),
    ("basic", "players[0].tree_points", 11, "players[0].tree_points", "valid list"),
    ("basic", "players[0].tree_points[1]", -6, "players[0].tree_points[1]", "greater than"),
    ("basic", "players[0].animal_cards[0]", -3, "players[0].animal_cards[0]", "greater than"),
    ("basic", "players[0].animal_cards", 9, "players[0].animal_cards", "valid list"),
    ("basic", "players[0].name", "  ", "players[0].name", "needs a name"),
    ("basic", "players[1].name", "mei", "players[1].name", "unique"),
    ("basic", "players[1].name", " Mei ", "players[1].name", "unique"),
    ("basic", "players[0].ranger", "julia", "players[0].ranger", "only in the advanced game"),
    ("basic", "players[0].ranger", "Julia", "players[0].ranger", "'julia'"),
    ("basic", "players[0].animals_in_shelter", 11, "players[0].animals_in_shelter",
     "less than or equal to 10"),
    ("basic", "players[0].calocedrus_on_mountains", 1, "players[0].calocedrus_on_mountains",
     "fluffy"),
    ("basic", "players[0].tree_point", [1, 2, 3], "players[0].tree_point", "unknown field"),
    ("basic", "players[0].fire_tokens", _DELETE, "players[0].fire_tokens", "missing"),
    ("basic", "players[0].name", _DELETE, "players[0].name", "missing"),
    ("basic", "options.advanced", "yes", "options.advanced", "valid boolean"),
    ("basic", "options.advanced", _DELETE, "options.advanced", "missing"),
    ("basic", "options.expert", True, "options.expert", "unknown field"),
    ("basic", "options", _DELETE, "options", "missing"),
    ("basic", "seed", "42", "seed", "valid integer"),
    ("basic", "played_at", "yesterday", "played_at", "ISO 8601"),
    ("basic", "played_at", "2026-11-29", "played_at", "date-time"),
    ("basic", "location", 5, "location", "valid string"),
    ("basic", "printed", {"tree_values": {"1": 2}}, "printed.tree_values", "no printed values"),
    ("basic", "printed", [], "printed", "valid dictionary"),
    ("basic", "winner", "Mei", "winner", "unknown field"),
    ("basic", "players", [], "players", "2-4 players"),
    ("advanced", "players[1].ranger", None, "players[1].ranger", "every player has a ranger"),
    ("advanced", "players[1].ranger", "julia", "players[1].ranger", "already played by players[0]"),
    ("advanced", "players[3].ranger", "frodo", "players[3].ranger", "'julia', 'jack'"),
    ("advanced", "players[0].calocedrus_on_mountains", 1, "players[0].calocedrus_on_mountains",
     "must be 0 for the julia player"),
    ("advanced", "players[2].calocedrus_on_mountains", 5, "players[2].calocedrus_on_mountains",
     "less than or equal to 4"),
]


@pytest.mark.parametrize(("base", "path", "value", "where", "words"), INVALID)
def test_invalid_field_is_named(base: str, path: str, value: Any, where: str, words: str) -> None:
    data = mutate(basic() if base == "basic" else advanced(), path, value)
    with pytest.raises(RecordError) as exc:
        parse_guardians(data)
    found = [p for p in exc.value.problems if p.path == where]
    assert found, [problem_text(p) for p in exc.value.problems]
    assert any(words in english(p.msg) for p in found), [english(p.msg) for p in found]


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
    assert "got 5" in problems(d)[0]


def test_one_player_is_rejected() -> None:
    d = basic()
    d["players"] = d["players"][:1]
    assert problems(d) == ["players: Forest Guardians is for 2-4 players; got 1"]


def test_fire_tokens_across_the_table() -> None:
    d = basic()
    d["players"][0]["fire_tokens"] = 7
    d["players"][1]["fire_tokens"] = 6
    assert problems(d) == ["players: fire_tokens add up to 13 across the table; the game has 12"]


def test_animal_cards_across_the_table() -> None:
    d = advanced()
    d["players"][3]["animal_cards"] = [1, 1, 1, 1, 1, 1, 1]  # 4 + 7 = 11 > 10
    msgs = problems(d)
    assert len(msgs) == 1 and msgs[0].startswith("players: animal_cards: 11 held")


def test_two_player_game_has_no_pheasants() -> None:
    d = basic()
    d["players"][0]["animal_cards"] = [1, 2, 3, 4, 5]
    d["players"][1]["animal_cards"] = [1, 2, 3, 4]  # 9 > 8 with 2 players
    msgs = problems(d)
    assert len(msgs) == 1 and "Common Pheasants are removed" in msgs[0]


def test_julia_shelter_counts_towards_the_animals() -> None:
    d = advanced()
    d["players"] = d["players"][:2]
    d["players"][0]["animal_cards"] = [1, 2, 3, 4, 5, 6]
    d["players"][0]["animals_in_shelter"] = 2  # 6 + 1 cards + 2 sheltered = 9 > 8
    msgs = problems(d)
    assert len(msgs) == 1 and "animals_in_shelter make 9 animals" in msgs[0]


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
    assert problems(d) == [
        "players[1].fire_tokens: Input should be greater than or equal to 0 (got -1)"
    ]


def test_invalid_example_file() -> None:
    assert sorted(paths(load("guardians_invalid.json"))) == [
        "players[0].fire_tokens",
        "players[1].ranger",
    ]


def test_validate_a_game_built_in_code() -> None:
    ok = parse_guardians(basic())
    validate_guardians(ok)
    bad = GuardiansGame(
        players=(
            GuardiansPlayer("Mei", Ranger.JACK, (1, 2, 3), (), 2),
            GuardiansPlayer("Ken", None, (1, 2, 3), (), 11),
        ),
        advanced=False,
    )
    with pytest.raises(RecordError) as exc:
        validate_guardians(bad)
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

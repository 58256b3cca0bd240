"""The record's optional ``first_player`` (issue 22): a 1-based seat, in both games,
refused by name when it is not one of the players; records without it still parse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.api import parse_record
from scoring.forestry.record import to_record as forestry_to_record
from scoring.guardians.record import to_record as guardians_to_record
from scoring.record import RecordCode, RecordError

DATA = Path(__file__).resolve().parents[1] / "data" / "records"
RECORDS = ["forestry_93vp_worked_example.json", "guardians_basic_23.json"]


def load(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text())  # type: ignore[no-any-return]


def to_record(game: Any) -> dict[str, Any]:
    return forestry_to_record(game) if hasattr(game, "options") else guardians_to_record(game)


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_without_a_first_player_still_parses_and_says_nothing(name: str) -> None:
    data = load(name)
    assert "first_player" not in data
    game = parse_record(data)
    assert game.first_player is None
    assert "first_player" not in to_record(game)


@pytest.mark.parametrize("name", RECORDS)
def test_every_seat_is_accepted_and_kept_through_a_round_trip(name: str) -> None:
    data = load(name)
    for seat in range(1, len(data["players"]) + 1):
        data["first_player"] = seat
        game = parse_record(data)
        assert game.first_player == seat
        again = to_record(game)
        assert again["first_player"] == seat
        assert parse_record(again) == game


@pytest.mark.parametrize("name", RECORDS)
@pytest.mark.parametrize("bad", [0, -1, 5, "1", 1.0, True, [1], {"seat": 1}])
def test_a_first_player_outside_the_seats_or_not_a_number_is_refused_by_name(
        name: str, bad: Any) -> None:
    data = load(name)
    data["first_player"] = len(data["players"]) + 1 if bad == 5 else bad
    with pytest.raises(RecordError) as err:
        parse_record(data)
    found = [p for p in err.value.problems if p.path == "first_player"]
    assert len(found) == 1, err.value.problems
    assert found[0].msg.code == RecordCode.FIRST_PLAYER.value
    assert found[0].msg.params["high"] == len(data["players"])


def test_null_means_not_recorded() -> None:
    data = load(RECORDS[1])
    data["first_player"] = None
    assert parse_record(data).first_player is None

"""The record envelope and problem helpers shared by both games (scoring/record.py)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from app.commands.score import problem_text
from scoring.record import Problem, RecordError, check_envelope, path_of, problems_from


def test_path_of() -> None:
    assert path_of(("players", 0, "buildings", "forest")) == "players[0].buildings.forest"
    assert path_of(()) == ""


def test_problem_text() -> None:
    from scoring.message import msg

    empty = msg("record-forestry-must-not-be-empty")
    assert problem_text(Problem("players[1].name", empty)) == "players[1].name: must not be empty"
    assert problem_text(Problem("", empty)) == "must not be empty"
    assert str(RecordError([Problem("a", empty)])) == "a: record-forestry-must-not-be-empty {}"


def test_problems_from_pydantic() -> None:
    class M(BaseModel):
        model_config = ConfigDict(extra="forbid")
        n: StrictInt

    with pytest.raises(ValidationError) as info:
        M.model_validate({"n": "1", "typo": 2})
    got = [problem_text(p) for p in problems_from(info.value)]
    assert got == ["n: Input should be a valid integer (got '1')",
                   "typo: unknown field (not in record format v1)"]


def test_envelope() -> None:
    ok = {"format": "forest-table/record", "version": 1, "game": "forestry"}
    assert check_envelope(ok) == "forestry"
    with pytest.raises(RecordError) as info:
        check_envelope({"format": "x", "version": True, "game": "chess"})
    assert [p.path for p in info.value.problems] == ["format", "version", "game"]

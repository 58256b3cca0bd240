"""The record envelope and problem helpers shared by both games (scoring/record.py)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from scoring.message import msg
from scoring.record import Problem, RecordCode, RecordError, check_envelope, path_of, problems_from


def test_path_of() -> None:
    assert path_of(("players", 0, "buildings", "forest")) == "players[0].buildings.forest"
    assert path_of(()) == ""


def test_a_record_error_reads_as_its_codes() -> None:
    """The developer form: codes, no words (the CLI's English: tests/app/test_l10n_records.py)."""
    empty = msg("record-forestry-must-not-be-empty")
    assert str(RecordError([Problem("a", empty)])) == "a: record-forestry-must-not-be-empty {}"


def test_problems_from_pydantic() -> None:
    class M(BaseModel):
        model_config = ConfigDict(extra="forbid")
        n: StrictInt

    with pytest.raises(ValidationError) as info:
        M.model_validate({"n": "1", "typo": 2})
    got = [(p.path, p.msg) for p in problems_from(info.value)]
    assert got == [("n", msg(RecordCode.NOT_AN_INTEGER, value="'1'")),
                   ("typo", msg(RecordCode.UNKNOWN_FIELD))]


def test_envelope() -> None:
    ok = {"format": "forest-table/record", "version": 1, "game": "forestry"}
    assert check_envelope(ok) == "forestry"
    with pytest.raises(RecordError) as info:
        check_envelope({"format": "x", "version": True, "game": "chess"})
    assert [p.path for p in info.value.problems] == ["format", "version", "game"]

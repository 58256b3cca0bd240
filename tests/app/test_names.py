"""Names are cleaned and checked on the server."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.names import MAX_NAME, NameCode, clean_name, name_key
from scoring.message import Refusal


def test_full_width_and_spaces_become_one_plain_name() -> None:
    assert clean_name("  Ｍｅｉ   Tanaka ") == "Mei Tanaka"
    assert name_key("ＭＥＩ") == name_key("mei")


@pytest.mark.parametrize("raw, code", [
    ("", NameCode.EMPTY), ("   ", NameCode.EMPTY), (None, NameCode.EMPTY),
    ("x" * (MAX_NAME + 1), NameCode.TOO_LONG),
    ("Mei\u202eieM", NameCode.FORBIDDEN), ("a\x1b[31m", NameCode.FORBIDDEN),
    ("a\nb", NameCode.FORBIDDEN), ("\ud800", NameCode.FORBIDDEN),
])
def test_bad_names_are_refused_with_the_field_named(raw: object, code: NameCode) -> None:
    with pytest.raises(Refusal) as err:
        clean_name(raw, field="players[0].name")
    assert err.value.code == code and err.value.field == "players[0].name"


def test_joiners_stay() -> None:
    assert clean_name("👩\u200d👩\u200d👧") == "👩\u200d👩\u200d👧"


@given(st.text())
def test_a_clean_name_is_clean_again_and_within_the_limit(raw: str) -> None:
    try:
        name = clean_name(raw)
    except Refusal:
        return
    assert clean_name(name) == name and 1 <= len(name) <= MAX_NAME

"""The message core: codes with parameters, rendered only by the catalogues."""

from __future__ import annotations

import pytest

from app import l10n
from scoring.message import Msg, Refusal, msg


def test_a_message_is_data_and_round_trips_through_json() -> None:
    inner = msg("refusal-not-a-whole-number", field="coins", value="x")
    outer = msg("refusal-not-a-whole-number", field="seed", value=inner)
    assert Msg.from_json(outer.to_json()) == outer
    assert outer.params["value"] == inner


def test_a_code_must_look_like_a_catalogue_id() -> None:
    with pytest.raises(ValueError):
        msg("Not a code.")


def test_a_refusal_carries_code_field_and_params() -> None:
    err = Refusal("refusal-not-a-whole-number", field="coins", value="x")
    assert (err.code, err.field, err.params) == ("refusal-not-a-whole-number", "coins",
                                                 {"value": "x"})
    assert isinstance(err, ValueError)


def test_the_catalogue_renders_in_each_language_and_formats_numbers() -> None:
    assert l10n.languages()[0] == "en"
    assert "ja" in l10n.languages()
    en = l10n.render("en", "refusal-not-a-whole-number", field="coins", value=3000)
    ja = l10n.render("ja", "refusal-not-a-whole-number", field="coins", value="x")
    assert en == "coins: must be a whole number (got 3,000)"
    assert "整数" in ja and "x" in ja


def test_an_unknown_language_falls_back_to_english_and_an_unknown_code_shows_itself() -> None:
    assert l10n.render("xx", "refusal-not-a-whole-number", field="a", value=1).startswith("a:")
    assert l10n.render("en", "refusal-no-such-message") == "refusal-no-such-message"

"""The Japanese UI shows dealers' steps, session messages and scoring notes in Japanese."""

from __future__ import annotations

import re

from app.i18n import Translator
from app.ui.presenters_game import DealRequest, PlayerEntry, SetupPresenter
from setup.forestry import ForestryOptions
from setup.guardians import GuardiansOptions

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ja = Translator("ja").t
en = Translator("en").t


def _players(*names: str) -> tuple[PlayerEntry, ...]:
    colours = ("blue", "red", "yellow", "purple")
    return tuple(PlayerEntry(name=n, colour=c) for n, c in zip(names, colours, strict=False))


def test_setup_cards_in_japanese_carry_the_dealt_values() -> None:
    request = DealRequest("forestry", _players("Mei", "Ken", "Aki"), ForestryOptions(), 5)
    s = SetupPresenter(ja, request, lang="ja")
    cards = {c.id: c for c in s.cards()}
    sawmills = cards["board.5.sawmills"]
    (n,) = s.plan.upgraded_sawmills
    assert sawmills.title == "製材所の建物"
    assert f"製材所の建物{n}" in sawmills.detail
    for card in cards.values():
        assert JAPANESE.search(card.title) and JAPANESE.search(card.detail), card.id
    english = {c.id: c for c in SetupPresenter(en, request).cards()}
    assert english["board.5.sawmills"].detail == s.plan.steps[4].detail


def test_guardians_setup_cards_in_japanese() -> None:
    request = DealRequest("forest-guardians", _players("Mei", "Ken"), GuardiansOptions(), 3)
    s = SetupPresenter(ja, request, lang="ja")
    first = s.cards()[0]
    assert first.id == "two_player_removals" and len(first.big) == 4
    assert all(JAPANESE.search(line) for line in first.big)
    assert "箱に戻します" in first.detail

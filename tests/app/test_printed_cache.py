"""Printed values are read once per session (and per store) until they change anywhere."""

from __future__ import annotations

from typing import Any

import pytest

from app.game.commands import ConfirmPrinted, StartGame
from app.games.forestry.commands import AddScore, SetHarvester
from app.session import GameSession
from app.store.facade import Store


class Counting:
    """Counts the store's database reads of the printed values."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reads = 0
        real = store.get_printed

        def counted() -> dict[str, dict[str, Any]]:
            self.reads += 1
            return real()

        monkeypatch.setattr(store, "get_printed", counted)


def _started(store: Store) -> GameSession:
    s = GameSession.create(store, game="forestry", players=["Mei", "Bo"], seed=7)
    for i in range(2):
        s.apply(SetHarvester(version=s.version, player=i, space=i + 1))
    s.apply(StartGame(version=s.version))
    return s


def _buildings(s: GameSession) -> int:
    return int(s.score().players[0].categories["buildings"])


def test_scores_read_the_printed_values_once_until_they_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open("sqlite://")
    s = _started(store)
    count = Counting(store, monkeypatch)
    for _ in range(5):
        s.apply(AddScore(version=s.version, player=0, delta=1))
        s.score()
    assert count.reads == 1
    # a value confirmed through the session is seen by the next score
    s.apply(ConfirmPrinted(version=s.version, table="buildings_vp", key="0", value=2))
    assert _buildings(s) == 2 and count.reads == 2
    s.score()
    assert count.reads == 2


def test_a_confirm_or_forget_elsewhere_is_seen_by_the_next_apply_and_score() -> None:
    """The settings screen holds its own ``Store`` (on the same database): its changes reach
    a table in play at once (issue 11: a corrected value applies to games in play)."""
    store = Store.open("sqlite://")
    settings = Store(store.engine)
    s = _started(store)
    s.apply(ConfirmPrinted(version=s.version, table="buildings_vp", key="0", value=1))
    assert _buildings(s) == 1
    settings.confirm_printed(table="buildings_vp", key="0", value=4)
    s.apply(AddScore(version=s.version, player=0, delta=1))
    assert _buildings(s) == 4
    assert settings.forget_printed(table="buildings_vp", key="0")
    s.apply(AddScore(version=s.version, player=0, delta=1))
    assert _buildings(s) == 1  # the game's own confirmed value is all that is left
    # the store's cached accessor (for screens) follows too, and hands out copies
    assert "0" not in store.printed().get("buildings_vp", {})
    settings.confirm_printed(table="buildings_vp", key="0", value=6)
    seen = store.printed()
    assert seen["buildings_vp"]["0"] == 6
    seen["buildings_vp"]["0"] = 99
    assert store.printed()["buildings_vp"]["0"] == 6


def test_the_store_accessor_reads_once_per_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store.open("sqlite://")
    count = Counting(store, monkeypatch)
    for _ in range(3):
        store.printed()
    assert count.reads == 1
    before = store.printed_generation
    Store(store.engine).confirm_printed(table="tasks_vp", key="1", value=2)
    assert store.printed_generation == before + 1
    assert store.printed()["tasks_vp"] == {"1": 2} and count.reads == 2

"""The first player picked at setup (issue 22): in the session's record for both games,
kept through undo and a reload, stored with the finished game, shown by `records show`."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.game.errors import DomainError
from app.games.forestry.commands import TakeRewardLap
from app.games.guardians.commands import SetGuardians
from app.session import GameSession
from app.store import queries
from app.store.facade import Store


def _guardians(store: Store, first: int | None) -> GameSession:
    return GameSession.create(store, game="forest-guardians", players=["Mei", "Ken", "Ana"],
                              seed=5, first_player=first)


def test_forestry_records_the_first_player_and_keeps_it_through_undo_and_reload(
        store: Store) -> None:
    s = GameSession.create(store, game="forestry", players=["Pink", "Blue", "Green"],
                           options={"mode": "standard"}, seed=7, first_player=2)
    assert s.record()["first_player"] == 3  # 0-based seat 2 is seat 3 in the record
    assert s.state.table.current == 2  # type: ignore[union-attr]  # and plays first
    s.apply(TakeRewardLap(version=s.version, player=0))
    s.undo(s.version)
    assert s.record()["first_player"] == 3
    again = GameSession.load(store, s.game_id)
    assert again.state == s.state and again.record()["first_player"] == 3


def test_guardians_records_the_first_player_and_stores_it_with_the_finished_game(
        store: Store) -> None:
    s = _guardians(store, 1)
    assert s.record()["first_player"] == 2
    s.apply(SetGuardians(version=s.version, player=0, field="fire_tokens", value=1))
    s.undo(s.version)
    assert GameSession.load(store, s.game_id).record()["first_player"] == 2
    with store.session() as db:
        assert queries.first_player(db, game_id=s.game_id) == 2  # the open game's snapshot
    s.finish(s.version)
    saved = store.get_record(game_id=s.game_id)
    assert saved is not None and saved.record["first_player"] == 2
    with store.session() as db:
        assert queries.first_player(db, game_id=s.game_id) == 2


def test_a_game_without_a_picked_first_player_records_none(store: Store) -> None:
    s = _guardians(store, None)
    assert "first_player" not in s.record()
    f = GameSession.create(store, game="forestry", players=["A", "B"], seed=1)
    assert "first_player" not in f.record()
    assert f.state.table.current == 0  # type: ignore[union-attr]  # seat 1 plays first
    with store.session() as db:
        assert queries.first_player(db, game_id=s.game_id) is None


@pytest.mark.parametrize("bad", [3, -1, True])
def test_a_first_player_outside_the_table_is_refused_by_name_in_both_games(
        store: Store, bad: object) -> None:
    for game in ("forest-guardians", "forestry"):
        with pytest.raises(DomainError) as err:
            GameSession.create(store, game=game, players=["Mei", "Ken", "Ana"], seed=5,
                               first_player=bad)  # type: ignore[arg-type]
        assert err.value.field == "first_player"


def test_records_show_prints_the_first_player(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'records.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    store = Store.open(url)
    picked, unknown = _guardians(store, 2), _guardians(store, None)
    for s in (picked, unknown):
        s.finish(s.version)
    assert main(["records", "show", str(picked.game_id)]) == 0
    assert "first    seat 3 (Ana)" in capsys.readouterr().out
    assert main(["records", "show", str(unknown.game_id)]) == 0
    assert "first    not recorded" in capsys.readouterr().out

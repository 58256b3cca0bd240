"""Commands as data: session operations are commands too, every command carries its rights."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest

from app.game.commands import (
    COMMANDS,
    SESSION_COMMANDS,
    ApplySuggestion,
    Command,
    DismissSuggestion,
    Finish,
    Redo,
    Rights,
    StartGame,
    Undo,
    UndoMine,
)
from app.game.errors import DomainError, StaleVersion
from app.game.registry import command_from_json
from app.games.forestry.commands import AddScore, SetHarvester
from app.session import GameSession
from app.store.facade import Store
from app.table.answers import Accepted
from app.table.rights import SEAT, Access, Forbidden, check_rights

ALL = {**COMMANDS, **SESSION_COMMANDS}


def test_session_operations_round_trip_as_commands() -> None:
    for cmd in (Undo(version=4), Redo(version=5), UndoMine(version=6), Finish(version=7)):
        data = json.loads(json.dumps(cmd.to_json()))
        assert data == {"kind": cmd.kind, "version": cmd.version}
        assert command_from_json(data) == cmd
    # the log's kind strings, unchanged
    assert set(SESSION_COMMANDS) == {"undo", "redo", "undo_mine", "finish", "pause_clock",
                                     "resume_clock"}
    assert not set(SESSION_COMMANDS) & set(COMMANDS)
    with pytest.raises(DomainError) as err:
        command_from_json({"kind": "undo", "version": 1, "player": 0})
    assert err.value.field == "player"


def test_every_command_has_its_rights() -> None:
    for kind, cls in ALL.items():
        assert isinstance(cls.rights, Rights), kind
        has_player = any(f.name == "player" for f in fields(cls))
        if cls.rights is Rights.OWN_BOARD:
            assert has_player, kind
        if cls.rights is Rights.ANY_SEAT:
            assert not has_player, kind
    assert Undo.rights is Redo.rights is Finish.rights is StartGame.rights is Rights.HOST
    assert UndoMine.rights is Rights.ANY_SEAT
    assert COMMANDS["reveal_round_token"].rights is Rights.SHARED
    assert AddScore.rights is Rights.OWN_BOARD


def test_every_command_declares_its_flags_on_its_class() -> None:
    """Intent, applies-once and the shared key are the class's own (one ``command`` decorator)."""
    from dataclasses import FrozenInstanceError, is_dataclass

    from app.game.commands import AdjustCount
    from app.games.forestry.commands import ROUND, EndTurn, ReplenishForesters, RevealRoundToken

    assert {k for k, c in ALL.items() if c.intent} == {"adjust_count"}
    assert {k for k, c in ALL.items() if c.once} == {"reveal_round_token", "replenish_foresters",
                                                      "end_turn", "pause_clock", "resume_clock"}
    assert {k: c.shared_key.field for k, c in ALL.items() if c.shared_key} == {
        "reveal_round_token": "round", "replenish_foresters": "foresters", "end_turn": "turn"}
    for kind, cls in ALL.items():
        assert cls.kind == kind and is_dataclass(cls) and "__slots__" in vars(cls), kind
        if cls.shared_key is not None:  # the key is a field the tapper's screen fills in
            assert cls.shared_key.field in {f.name for f in fields(cls)}, kind
    assert RevealRoundToken.shared_key is ROUND and AdjustCount.intent
    assert not (EndTurn.intent or ReplenishForesters.intent)
    with pytest.raises(TypeError):
        AdjustCount(1, 0, "coins", 1)  # type: ignore[misc]  # keyword-only
    with pytest.raises(FrozenInstanceError):
        AdjustCount(version=1, player=0, field="coins", delta=1).delta = 2  # type: ignore[misc]


def _example(cls: type[Command], player: int | None) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": cls.kind, "version": 1}
    if player is not None:
        data["player"] = player
    return data


def _allowed(access: Access, data: dict[str, Any]) -> bool:
    from types import SimpleNamespace

    cls = ALL[data["kind"]]  # the command as the table sees it: its kind, rights, player
    sent: Any = SimpleNamespace(kind=cls.kind, rights=cls.rights, player=data.get("player"))
    try:
        check_rights(access, 5, sent)
    except Forbidden:
        return False
    return True


@pytest.mark.parametrize("kind", sorted(ALL))
def test_rights_say_what_the_table_allows_a_seat(kind: str) -> None:
    """The attribute agrees with the table's check for a seat (seat 2: player 1)."""
    cls = ALL[kind]
    seat = Access(SEAT, 5, 2)
    has_player = any(f.name == "player" for f in fields(cls))
    own = _allowed(seat, _example(cls, 1 if has_player else None))
    other = _allowed(seat, _example(cls, 0)) if has_player else False
    expected = {Rights.HOST: (False, False), Rights.OWN_BOARD: (True, False),
                Rights.SHARED: (True, False), Rights.ANY_SEAT: (True, False)}[cls.rights]
    assert (own, other) == expected
    if cls.rights is Rights.SHARED and has_player:  # the player is optional: none is fine
        assert _allowed(seat, _example(cls, None))


@pytest.fixture
def started() -> GameSession:
    s = GameSession.create(Store.open("sqlite://"), game="forestry", players=["Mei", "Bo"],
                           seed=7)
    for i in range(2):
        s.apply(SetHarvester(version=s.version, player=i, space=i + 1))
    s.apply(StartGame(version=s.version))
    return s


def test_apply_runs_session_operations(started: GameSession) -> None:
    s = started
    s.apply(AddScore(version=s.version, player=1, delta=2), by=1)
    s.apply(AddScore(version=s.version, player=0, delta=3))
    snap = s.apply(Undo(version=s.version))
    assert snap.state.boards[0].score_track == 0 and snap.can_redo
    snap = s.apply(Redo(version=s.version))
    assert snap.state.boards[0].score_track == 3
    snap = s.apply(UndoMine(version=s.version), by=1)  # Bo's own change, the host's stays
    assert snap.state.boards[1].score_track == 0 and snap.state.boards[0].score_track == 3
    kinds = [e.kind for e in s._store.load_log(game_id=s.game_id)]
    assert kinds[-3:] == ["undo", "redo", "undo_mine"]
    with pytest.raises(StaleVersion):
        s.apply(Undo(version=s.version - 1))
    with pytest.raises(DomainError) as err:
        s.apply(Undo(version="x"))  # type: ignore[arg-type]
    assert err.value.field == "version" and not isinstance(err.value, StaleVersion)
    snap = s.apply(Finish(version=s.version))
    assert snap.state.status == "finished"
    again = GameSession.load(s._store, s.game_id)
    assert again.state == snap.state


def test_the_hub_takes_session_operations_as_commands() -> None:
    from app.table.hub import TableHub

    store = Store.open("sqlite://")
    game = GameSession.create(store, game="forestry", players=["Mei", "Bo"], seed=7).game_id
    hub = TableHub(store)
    host, bo = hub.issue(game), hub.issue(game, 2)
    v = hub.snapshot(game).version
    assert isinstance(hub.submit(game, host, SetHarvester(version=v, player=0, space=1)),
                      Accepted)
    assert isinstance(hub.submit(game, bo, SetHarvester(version=v + 1, player=1, space=2)),
                      Accepted)
    assert hub.submit(game, bo, Undo(version=v + 2)).reason == "forbidden"
    r = hub.submit(game, bo, UndoMine(version=v + 2))
    assert isinstance(r, Accepted) and r.snapshot.state.table.harvesters == (1, None)
    assert isinstance(hub.submit(game, host, Undo(version=v + 3)), Accepted)
    assert hub.snapshot(game).state.table.harvesters == (None, None)


def test_a_seat_settles_the_suggestions_on_its_own_board() -> None:
    """A suggestion is on one board: that seat's phone applies or dismisses it; another
    seat's phone may not, and a command naming the wrong board is refused."""
    from app.table.hub import TableHub

    store = Store.open("sqlite://")
    s = GameSession.create(store, game="forestry", players=["Mei", "Bo"], seed=7)
    for i in range(2):
        s.apply(SetHarvester(version=s.version, player=i, space=i + 1))
    s.apply(StartGame(version=s.version))
    hub = TableHub(store)
    mei, bo = hub.issue(s.game_id, 1), hub.issue(s.game_id, 2)
    state = hub.snapshot(s.game_id).state
    bos = state.suggestions_of(1)
    assert bos, "the start offers each seat its income"
    x = bos[0]
    v = hub.snapshot(s.game_id).version
    r = hub.submit(s.game_id, mei, ApplySuggestion(version=v, id=x.id, player=1))
    assert r.reason == "forbidden" and r.field == "player"
    r = hub.submit(s.game_id, mei, ApplySuggestion(version=v, id=x.id, player=0))
    assert r.reason == "invalid" and r.field == "player"
    assert r.code == "refusal-session-suggestion-on-another-board"
    r = hub.submit(s.game_id, bo, ApplySuggestion(version=v, id=x.id))  # no board named
    assert r.reason == "forbidden"
    before = hub.snapshot(s.game_id).state.boards[1].score_track
    r = hub.submit(s.game_id, bo, ApplySuggestion(version=v, id=x.id, player=1))
    assert isinstance(r, Accepted)
    assert x.id not in {y.id for y in r.snapshot.state.suggestions}
    assert r.snapshot.state.boards[1].score_track == before + x.vp
    meis = r.snapshot.state.suggestions_of(0)
    assert meis, "the start offers each seat its income"
    y = meis[0]
    r2 = hub.submit(s.game_id, bo, DismissSuggestion(version=r.snapshot.version, id=y.id,
                                                     player=0))
    assert r2.reason == "forbidden"  # Bo's phone may not dismiss Mei's
    r2 = hub.submit(s.game_id, mei, DismissSuggestion(version=r.snapshot.version, id=y.id,
                                                      player=0))
    assert isinstance(r2, Accepted)
    assert y.id not in {z.id for z in r2.snapshot.state.suggestions}
    assert r2.snapshot.state.boards[0].score_track == state.boards[0].score_track


@pytest.mark.parametrize("data", [
    {"kind": "reveal_round_token", "round": 1}, {"kind": "end_turn", "turn": 0},
    {"kind": "replenish_foresters", "foresters": 2}])
def test_another_games_shared_action_is_refused_not_a_crash(data: dict[str, Any]) -> None:
    """Forestry's shared actions sent to a Forest Guardians table (a forged frame, an old
    client): their key read the state as a Forestry table and raised a TypeError through
    the hub (no answer for the phone); now the game refuses them, nothing written."""
    from app.table.hub import TableHub

    store = Store.open("sqlite://")
    game = GameSession.create(store, game="forest-guardians", players=["Mei", "Ken"], seed=5)
    hub = TableHub(store)
    host = hub.issue(game.game_id)
    v = hub.snapshot(game.game_id).version
    answer = hub.submit_json(game.game_id, host, {**data, "version": v})
    assert answer.reason == "invalid", answer
    assert hub.snapshot(game.game_id).version == v

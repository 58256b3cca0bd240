"""Playing along (issue 12): the forest map, turns, draws at the rulebook's moment,
shared actions applied once, first player, a seat's own undo (session and hub)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.game.commands import AdjustCount, Command, StartGame, Undo, UndoMine
from app.game.errors import AlreadyDone, DomainError
from app.game.rules import initial_state
from app.games.forestry.commands import (
    AddScore,
    EndTurn,
    PlaceForester,
    ReplenishForesters,
    RevealRoundToken,
    SetCount,
    SetForesterToken,
    SetHarvester,
    SetInfestedWood,
)
from app.games.forestry.handlers import pending_spawns
from app.games.forestry.table import ForestryTable
from app.session import GameSession
from app.store.facade import Store
from app.table.answers import Accepted, Refused
from app.table.hub import TableHub
from setup.forestry.plan import SEAT_COINS, seat_coins

PLAYERS = ["Mei", "Bo", "Ana"]


@pytest.fixture
def store() -> Store:
    return Store.open("sqlite://")


def table(s: GameSession | Any) -> ForestryTable:
    state = s.state if isinstance(s, GameSession) else s
    assert isinstance(state.table, ForestryTable)
    return state.table


def do(s: GameSession, cls: type[Command], *, by: int | None = None, **kw: Any) -> Any:
    return s.apply(cls(version=s.version, **kw), by=by)


def started(store: Store, *, infestation: bool = False, first: int = 0,
            infested: tuple[int, ...] = (), seed: int = 7) -> GameSession:
    s = GameSession.create(store, game="forestry", players=PLAYERS, seed=seed,
                           options={"infestation": infestation}, first_player=first,
                           infested=infested)
    forest = table(s).forest
    free = [sp for sp in range(1, 16) if forest.forester_at(sp) is None
            and sp not in forest.infested]
    for i in range(len(PLAYERS)):
        do(s, SetHarvester, player=i, space=free[i])
    do(s, StartGame)
    return s


# --------------------------------------------------------------------------- first player


def test_first_player_sets_the_seat_order_and_the_seat_coins(store: Store) -> None:
    s = started(store, first=2)
    # the seat coins are suggested to each player (the mirror principle), by seat order
    from app.games.forestry.codes import ForestryCode

    seat = {x.player: dict(x.gains).get("resources.coins", 0) for x in s.state.suggestions
            if x.code == ForestryCode.SUGGEST_SEAT_INCOME}
    assert [seat[i] for i in range(3)] == [4, 4, 3]  # Ana (seat 3) 3, then Mei 4, Bo 4 (002)
    assert all(b.resources.coins == 0 for b in s.state.boards)  # nothing added
    assert table(s).seat_order == (2, 0, 1) and table(s).current == 2
    snap = do(s, EndTurn)
    assert table(snap.state).current == 0


def test_seat_coins_follow_the_first_player() -> None:
    for n in range(1, 5):
        for first in range(n):
            coins = seat_coins(SEAT_COINS[:n], first)
            assert coins[first] == 3
            assert sorted(coins) == sorted(SEAT_COINS[:n])
    with pytest.raises(ValueError):
        seat_coins((3, 4), 2)


def test_a_first_player_outside_the_table_is_refused() -> None:
    with pytest.raises(DomainError) as err:
        initial_state("forestry", None, PLAYERS, 1, first_player=3)
    assert err.value.field == "first_player" and err.value.msg.code == "refusal-first-player"


# --------------------------------------------------------------------------- the forest map


def test_tending_takes_the_token_and_the_next_turn_replenishes_a_free_space(store: Store
                                                                         ) -> None:
    s = started(store)
    kind, space = table(s).forest.foresters[0].kind, table(s).forest.foresters[0].space
    do(s, SetHarvester, player=0, space=space)  # moving is one tap, any time
    snap = do(s, PlaceForester, player=0, type=kind.value, space=space)
    assert table(snap.state).forest.forester_space(kind) is None
    snap = do(s, EndTurn)  # the next turn starts: the board gets 3 forester tokens again
    forest = table(snap.state).forest
    assert len(forest.foresters) == 3
    new = forest.forester_space(kind)
    assert new is not None and new not in forest.harvesters
    kinds = [m.kind for m in snap.messages]
    assert kinds == ["event-turn-ended", "replenish_foresters"]
    placement = snap.messages[-1].data["placements"][0]
    assert placement["space"] == new and placement["token"] == kind.value


def test_the_map_can_always_be_corrected(store: Store) -> None:
    s = started(store, infestation=True)
    forest = table(s).forest
    kind = forest.foresters[0].kind
    free = next(sp for sp in range(1, 16) if forest.forester_at(sp) is None
                and sp not in forest.harvesters)
    snap = do(s, SetForesterToken, type=kind.value, space=free)
    assert table(snap.state).forest.forester_space(kind) == free
    other = table(snap.state).forest.foresters[1]
    with pytest.raises(DomainError) as err:
        do(s, SetForesterToken, type=kind.value, space=other.space)
    assert err.value.field == "space"
    snap = do(s, SetForesterToken, type=kind.value, space=None)
    assert table(snap.state).forest.forester_space(kind) is None
    snap = do(s, SetInfestedWood, space=free)
    assert free in table(snap.state).forest.infested
    with pytest.raises(DomainError):
        do(s, SetInfestedWood, space=16)


def test_infested_wood_needs_the_module(store: Store) -> None:
    s = started(store)
    with pytest.raises(DomainError) as err:
        do(s, SetInfestedWood, space=3)
    assert err.value.msg.code == "refusal-infestation-off"
    with pytest.raises(DomainError):
        GameSession.create(store, game="forestry", players=PLAYERS, seed=1, infested=(3,))


def test_the_infestation_cards_tokens_are_skipped_by_a_later_spawn(store: Store) -> None:
    s = started(store, infestation=True, infested=(5, 6))
    assert table(s).forest.infested == {5, 6}
    do(s, SetCount, player=0, field="score_track", value=4)
    snap = do(s, EndTurn)
    spawn = next(m for m in snap.messages if m.kind == "spawn_infested_wood")
    placement = spawn.data["placements"][0]
    forest = table(snap.state).forest
    assert placement["space"] not in (5, 6) and placement["space"] in forest.infested
    blocked = {5, 6} | forest.harvesters
    card = placement["card"]
    # the skip rule: the card's space, else the next higher without either (after 15, 1)
    expect = next((card - 1 + k) % 15 + 1 for k in range(15)
                  if (card - 1 + k) % 15 + 1 not in blocked)
    assert placement["space"] == expect
    assert placement["skipped"] == [(card - 1 + k) % 15 + 1 for k in range(15)
                                    if (card - 1 + k) % 15 + 1 in blocked][:len(
                                        placement["skipped"])]


def test_a_spawn_waits_for_the_end_of_the_turn(store: Store) -> None:
    s = started(store, infestation=True)
    snap = do(s, AddScore, player=0, delta=5)
    assert table(snap.state).forest.infested == frozenset()
    assert pending_spawns(snap.state) == ((0, 4),)
    snap = do(s, EndTurn)
    assert len(table(snap.state).forest.infested) == 1
    assert pending_spawns(snap.state) == ()


def test_end_turn_before_play_is_refused(store: Store) -> None:
    s = GameSession.create(store, game="forestry", players=PLAYERS, seed=3)
    with pytest.raises(DomainError) as err:
        do(s, EndTurn)
    assert err.value.msg.code == "refusal-not-playing"


def test_a_round_ends_when_the_turn_comes_back_to_the_first_player(store: Store) -> None:
    s = started(store, first=1)
    for _ in range(2):
        snap = do(s, EndTurn)
        assert "event-new-round" not in [m.kind for m in snap.messages]
    snap = do(s, EndTurn)
    new_round = next(m for m in snap.messages if m.kind == "event-new-round")
    assert new_round.data["first"] == "Bo"


def test_turns_replay_from_the_log(store: Store) -> None:
    s = started(store, infestation=True, first=1, infested=(9,))
    do(s, AddScore, player=1, delta=11)
    do(s, EndTurn)
    again = GameSession.load(store, s.game_id)
    assert again.state == s.state and table(again).turn == 1


# --------------------------------------------------------------------------- once


@pytest.mark.parametrize("cls", [RevealRoundToken, EndTurn])
def test_the_same_shared_action_on_the_same_state_applies_once(store: Store,
                                                               cls: type[Command]) -> None:
    s = started(store)
    v = s.version
    first = s.apply(cls(version=v), by=0)
    with pytest.raises(DomainError) as err:
        s.apply(cls(version=v), by=1)
    assert err.value.msg.code == "refusal-already-done"
    assert err.value.messages == first.messages  # type: ignore[attr-defined]
    assert s.version == v + 1


def test_a_different_stale_command_is_still_stale(store: Store) -> None:
    s = started(store)
    v = s.version
    do(s, SetCount, player=0, field="resources.coins", value=9)
    with pytest.raises(DomainError) as err:
        s.apply(RevealRoundToken(version=v))
    assert err.value.field == "version" and not isinstance(err.value, AlreadyDone)


def test_replenish_is_once_too(store: Store) -> None:
    s = started(store)
    kind, space = table(s).forest.foresters[0].kind, table(s).forest.foresters[0].space
    do(s, PlaceForester, player=0, type=kind.value, space=space)
    v = s.version
    s.apply(ReplenishForesters(version=v))
    with pytest.raises(DomainError) as err:
        s.apply(ReplenishForesters(version=v))
    assert err.value.msg.code == "refusal-already-done"


def test_two_phones_end_the_turn_at_once_through_the_hub(tmp_path: Any) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'table.sqlite3'}")
    s = started(store)
    hub = TableHub(store)
    seats = [hub.issue(s.game_id, 1), hub.issue(s.game_id, 2)]
    v = hub.snapshot(s.game_id).version
    barrier = threading.Barrier(2)
    results: list[Any] = []

    def tap(token: str) -> None:
        barrier.wait()
        results.append(hub.submit(s.game_id, token, EndTurn(version=v)))

    threads = [threading.Thread(target=tap, args=(t,)) for t in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted("ok" if isinstance(r, Accepted) else r.reason for r in results) == [
        "already_done", "ok"]
    assert table(hub.snapshot(s.game_id).state).turn == 1


# --------------------------------------------------------------------------- undo mine


def test_a_seat_undoes_its_own_last_change_and_another_seats_stays(store: Store) -> None:
    s = started(store)
    do(s, SetCount, by=0, player=0, field="resources.coins", value=9)
    do(s, SetCount, by=1, player=1, field="resources.coins", value=7)
    snap = s.undo_mine(0, s.version)
    start = [b.resources.coins for b in initial_state(
        "forestry", None, PLAYERS, 7).boards]
    coins = [b.resources.coins for b in snap.state.boards]
    assert coins[0] == start[0] and coins[1] == 7
    assert snap.messages[0].kind == "event-undone-mine"
    assert [c.by for c in snap.changes][-1] == 1
    with pytest.raises(DomainError) as err:  # seat 3 changed nothing
        s.undo_mine(2, s.version)
    assert err.value.msg.code == "refusal-nothing-of-yours-to-undo"
    again = GameSession.load(store, s.game_id)
    assert again.state == s.state and again.snapshot().last_by == snap.last_by


def test_undo_refuses_when_a_later_change_depends_on_it(store: Store) -> None:
    s = started(store)
    kind, space = table(s).forest.foresters[0].kind, table(s).forest.foresters[0].space
    do(s, PlaceForester, by=0, player=0, type=kind.value, space=space)
    do(s, EndTurn, by=1)  # the replenishment drew for the token seat 1 took
    before = s.state
    with pytest.raises(DomainError) as err:
        s.undo_mine(0, s.version)
    assert err.value.msg.code == "refusal-undo-depends"
    assert err.value.msg.params["later"] == "end_turn"
    assert s.state == before


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 20)), min_size=1, max_size=8))
def test_undo_mine_takes_back_exactly_that_seats_last_count(moves: list[tuple[int, int]]
                                                            ) -> None:
    s = started(Store.open("sqlite://"))
    for seat, value in moves:
        do(s, SetCount, by=seat, player=seat, field="resources.temp_workers", value=value)
    seat = moves[-1][0]
    mine = [v for who, v in moves if who == seat]
    snap = s.undo_mine(seat, s.version)
    boards = snap.state.boards
    assert boards[seat].resources.temp_workers == (mine[-2] if len(mine) > 1 else 0)
    for other in {who for who, _ in moves} - {seat}:
        theirs = [v for who, v in moves if who == other]
        assert boards[other].resources.temp_workers == theirs[-1]


def test_the_hub_lets_a_seat_undo_only_its_own_changes(store: Store) -> None:
    s = started(store)
    hub = TableHub(store)
    g = s.game_id
    mei, bo = hub.issue(g, 1), hub.issue(g, 2)
    host = hub.issue(g)

    def v() -> int:
        return hub.snapshot(g).version

    assert isinstance(hub.submit(g, mei, SetCount(version=v(), player=0,
                                                  field="resources.coins", value=8)), Accepted)
    assert isinstance(hub.submit(g, bo, SetCount(version=v(), player=1,
                                                 field="resources.coins", value=6)), Accepted)
    # a forged "by" in the message is refused: who sent it comes from the token
    forged = hub.submit_json(g, bo, {"kind": "set_count", "version": v(), "player": 1,
                                     "field": "resources.coins", "value": 1, "by": 0})
    assert isinstance(forged, Refused)
    # Bo has nothing to undo of Mei's: Bo's undo takes back Bo's own change
    r = hub.submit(g, bo, UndoMine(version=v()))
    assert isinstance(r, Accepted)
    start = [b.resources.coins for b in initial_state(
        "forestry", None, PLAYERS, 7).boards]
    coins = [b.resources.coins for b in r.snapshot.state.boards]
    assert coins[:2] == [8, start[1]]
    r = hub.submit(g, bo, UndoMine(version=v()))
    assert isinstance(r, Refused) and r.msg.code == "refusal-nothing-of-yours-to-undo"
    # table-wide undo stays the host's
    r = hub.submit(g, mei, Undo(version=v()))
    assert isinstance(r, Refused) and r.reason == "forbidden"
    r = hub.submit(g, host, Undo(version=v()))
    assert isinstance(r, Accepted)
    assert r.snapshot.state.boards[0].resources.coins == start[0]


def test_a_keyed_action_applies_once_even_when_the_tapping_phone_had_redrawn(store: Store
                                                                           ) -> None:
    """The phone's key (the round on screen), not the server's idea of its version:
    the second phone's tap is stamped with a newer version by the time it is handled."""
    s = started(store)
    shown = table(s).round
    first = s.apply(RevealRoundToken(version=s.version, round=shown), by=0)
    with pytest.raises(DomainError) as err:  # stamped with the new version, same key
        s.apply(RevealRoundToken(version=s.version, round=shown), by=1)
    assert err.value.msg.code == "refusal-already-done"
    assert err.value.messages == first.messages  # type: ignore[attr-defined]
    assert table(s).round == shown + 1


def test_a_keyed_action_is_not_stale_after_an_unrelated_change(store: Store) -> None:
    s = started(store)
    v, turn = s.version, table(s).turn
    do(s, SetCount, player=1, field="resources.coins", value=9)  # someone else's tap
    snap = s.apply(EndTurn(version=v, turn=turn), by=0)
    assert table(snap.state).turn == turn + 1
    with pytest.raises(DomainError):
        s.apply(EndTurn(version=v, turn=turn), by=2)
    kind, space = table(s).forest.foresters[0].kind, table(s).forest.foresters[0].space
    do(s, PlaceForester, player=1, type=kind.value, space=space)
    n = len(table(s).forest.foresters)
    s.apply(ReplenishForesters(version=s.version, foresters=n))
    with pytest.raises(DomainError):
        s.apply(ReplenishForesters(version=s.version, foresters=n))


@pytest.mark.parametrize("kind", ["reveal", "end_turn"])
def test_a_shared_action_made_on_an_older_screen_is_always_already_done(
        store: Store, kind: str) -> None:
    """The second phone's control was redrawn on the server (its key matches the new
    round or turn) but the phone showed the older version when it tapped (app.shown):
    "already done", from any seat, the first one's too, however late; made against the
    version that shows the first one's action it is a new action."""
    s = started(store)

    def tap(version: int, by: int | None) -> None:
        if kind == "reveal":
            s.apply(RevealRoundToken(version=version, round=table(s).round), by=by)
        else:
            s.apply(EndTurn(version=version, turn=table(s).turn), by=by)

    shown = s.version
    tap(shown, 0)
    after = s.version
    for by in (1, 0, None):  # another seat, the same seat tapping twice, the host
        with pytest.raises(DomainError) as err:
            tap(shown, by)
        assert err.value.msg.code == "refusal-already-done"
        assert s.version == after  # nothing written
    do(s, SetCount, player=1, field="resources.coins", value=9)  # a coin changed meanwhile
    tap(after, 1)  # made on the screen that showed the first action: a new action
    assert s.version == after + 2


def test_undo_says_what_it_took_back_and_whose_board(store: Store) -> None:
    """Issue 22: the host's Undo said only "Undone: a count."; now the seat, the count's
    name and its value before and after, in both languages; a seat's own undo too."""
    from app.ui.sheet.play import change_line, message_lines

    s = started(store)
    names = [p.name for p in s.state.players]
    do(s, SetCount, player=1, field="resources.coins", value=5, by=1)
    do(s, AdjustCount, player=1, field="resources.coins", delta=-1, by=1)
    do(s, AdjustCount, player=0, field="score_track", delta=2, by=0)
    undone = s.undo(s.version)  # the host's table-wide undo: Pink's +2 on the score track
    [line] = message_lines("en", undone.messages[0], names, "forestry")
    assert line == f"Undone: {names[0]}'s Score track VP 2 → 0."
    [ja] = message_lines("ja", undone.messages[0], names, "forestry")
    assert ja.startswith("取り消しました：") and "2 → 0" in ja and names[0] in ja
    mine = s.undo_mine(1, s.version)  # Blue takes back their own last change: 4 → 5
    [line] = message_lines("en", mine.messages[0], names, "forestry")
    assert line.endswith(f"took back their last change: {names[1]}'s Coins 4 → 5.")
    # a change-log line names its place, also when a token comes off the map
    from app.session import Change

    off = Change(seq=1, by=None, kind="set_forester_token", data={"type": "thinning",
                                                                   "space": None})
    assert change_line("en", off, names, "forestry").endswith("off the map")
    on = Change(seq=1, by=None, kind="set_forester_token", data={"type": "thinning",
                                                                  "space": 7})
    assert change_line("en", on, names, "forestry").endswith("on space 7")
    count = Change(seq=1, by=0, kind="adjust_count", data={"player": 0, "field": "resources.coins",
                                                           "delta": 1})
    assert change_line("en", count, names, "forestry").endswith(", Coins +1")
    assert "resources" not in change_line("ja", count, names, "forestry")


def test_a_spawn_at_the_end_of_a_turn_counts_the_tokens_held_against_the_supply(
        store: Store) -> None:
    """001 Components: 21 infested wood tokens; those on the forest, in the players'
    storages and in the detached storages are out of the supply (issue 26). With one left,
    two reproduction spaces reached in a turn spawn one; the second finds the supply empty:
    nothing spawns and no card is drawn (the sources are silent; docs/rules-decisions.md).
    The session passes what is held (a spawn ignoring it placed both)."""
    from app.games.forestry.commands import SetDetachedWood
    from setup.forestry.play import INFESTED_WOOD_TOKENS

    s = started(store, infestation=True, infested=(5, 6))  # 2 on the forest
    do(s, SetDetachedWood, storage=0, value=INFESTED_WOOD_TOKENS - 2 - 1)  # 1 left
    do(s, SetCount, player=0, field="score_track", value=10)  # reaches 4 and 10
    snap = do(s, EndTurn)
    spawn = next(m for m in snap.messages if m.kind == "spawn_infested_wood")
    first, second = spawn.data["placements"]
    assert first["space"] is not None and not first.get("supply_empty")
    assert second.get("supply_empty") and second["space"] is None
    assert len(table(snap.state).forest.infested) == 3

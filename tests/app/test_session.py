"""GameSession: commands, log, undo/redo, stale versions, replay, record and score."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.game.chance import command_rng
from app.game.commands import (
    COMMANDS,
    AdjustCount,
    ApplySuggestion,
    Command,
    ConfirmPrinted,
    DismissSuggestion,
    EndGame,
    StartGame,
)
from app.game.errors import DomainError, StaleVersion
from app.game.registry import command_from_json, state_from_json
from app.game.rules import apply_command, replay_command
from app.game.status import Status
from app.games.forestry.commands import (
    AddContract,
    AddRiverToken,
    AddScore,
    AddTaskCard,
    BuildForestBuilding,
    ChooseContractCategory,
    EndTurn,
    OpenStorageExtension,
    PlaceForester,
    PlantSeedling,
    RemoveColumn,
    RemoveContract,
    RemoveInfestedWood,
    RemoveRiverToken,
    RemoveTaskCard,
    ReplenishForesters,
    RevealRoundToken,
    SetColumn,
    SetCount,
    SetDetachedWood,
    SetForesterToken,
    SetHarvester,
    SetHarvestToken,
    SetInfestedWood,
    SetTaskMet,
    TakeRewardLap,
    UpgradeSawmill,
)
from app.games.forestry.handlers import pending_spawns
from app.games.forestry.table import ForestryTable
from app.games.guardians.commands import SetGuardians, TriggerGameEnd
from app.games.guardians.words import event_msg
from app.l10n import english, refusal
from app.session import GameSession
from app.store.engine import open_engine
from app.store.facade import Store
from scoring.forestry.enums import ForesterType
from scoring.forestry.model import ForestryPlayer, water_multiplier

PLAYERS = ["Pink", "Blue", "Green"]


def forestry(store: Store, *, infestation: bool = False, seed: int = 7,
             players: list[Any] | None = None) -> GameSession:
    return GameSession.create(store, game="forestry", players=players or PLAYERS,
                              options={"mode": "standard", "infestation": infestation}, seed=seed)


def do(s: GameSession, cls: type[Command], **kw: Any) -> Any:
    return s.apply(cls(version=s.version, **kw))


def apply_suggestions(s: GameSession, player: int | None = None) -> int:
    """Tap "apply" on every suggestion (of ``player``); returns how many there were."""
    from app.game.commands import ApplySuggestion

    ids = [x.id for x in s.state.suggestions if player is None or x.player == player]
    for ident in ids:
        do(s, ApplySuggestion, id=ident)
    return len(ids)


def board(s: GameSession, i: int = 0) -> ForestryPlayer:
    b = s.state.boards[i]
    assert isinstance(b, ForestryPlayer)
    return b


def log_seqs(store: Store, game_id: int) -> list[int]:
    return [e.seq for e in store.load_log(game_id=game_id)]


def place_harvesters(s: GameSession) -> None:
    table = s.state.table
    assert isinstance(table, ForestryTable)
    free = [sp for sp in range(1, 16) if table.forest.forester_at(sp) is None]
    for i in range(len(s.state.players)):
        do(s, SetHarvester, player=i, space=free[i])


# --------------------------------------------------------------------------- creation


def test_create_deals_the_table_and_the_starting_resources(store: Store) -> None:
    s = forestry(store, infestation=True)
    snap = s.snapshot()
    assert (snap.version, snap.can_undo, snap.can_redo) == (1, False, False)
    state = snap.state
    assert state.status == Status.SETUP and state.game == "forestry"
    assert [p.seat for p in state.players] == [1, 2, 3]
    table = state.table
    assert isinstance(table, ForestryTable)
    assert len(table.forest.foresters) == 3
    assert table.forest.round_tokens.revealed == 1  # turned up during setup
    assert len(table.detached_storages) == 3
    # 1 seedling and 3/4/4 coins, plus the first round token's effect for everyone:
    # suggested (the mirror principle), the sheet starts as an empty board
    first = table.forest.round_tokens.current
    assert first is not None
    extra_coins = first.coins
    assert all(board(s, i).resources.coins == 0 for i in range(3))
    assert apply_suggestions(s) >= 3
    assert not s.state.suggestions
    assert [board(s, i).resources.coins for i in range(3)] == [
        3 + extra_coins, 4 + extra_coins, 4 + extra_coins]
    assert all(board(s, i).resources.seedlings >= 1 for i in range(3))
    assert state.setup is not None and '"game":"forestry"' in state.setup
    assert log_seqs(store, s.game_id)[0] == 1


def test_create_refuses_impossible_options(store: Store) -> None:
    with pytest.raises(DomainError) as err:
        GameSession.create(store, game="forestry", players=["Solo"],
                           options={"infestation": True}, seed=1)
    assert err.value.field == "options.infestation"
    with pytest.raises(DomainError):
        GameSession.create(store, game="forestry", players=["A"], options={"colour": "x"})


def test_named_characters_keep_their_seats(store: Store) -> None:
    s = GameSession.create(store, game="forestry", seed=3,
                           players=["A", {"name": "B", "character": "technician"}],
                           options={"mode": "advanced", "asymmetric": True})
    chars = [p.character for p in s.state.players]
    assert chars[1] == "technician" and chars[0] is not None
    assert board(s, 1).technician_tiles == 0
    first = s.state.table.forest.round_tokens.current  # type: ignore[union-attr]
    assert first is not None
    # asymmetric setup cards replace the seedling and the seat coins
    apply_suggestions(s)
    assert board(s, 1).resources.seedlings == (first.gain == "seedling")
    assert board(s, 1).resources.coins == first.coins


# --------------------------------------------------------------------------- apply, validation


def test_apply_persists_before_returning_and_reports_events(store: Store) -> None:
    s = forestry(store)
    for area in ("light_green", "dark_green"):
        do(s, PlantSeedling, player=0, area=area)
    snap = do(s, PlantSeedling, player=0, area="orange")
    assert [m.kind for m in snap.messages] == ["SeedlingPlanted", "RowCompleted",
                                               "TechnologyUpgrade"]
    assert all(m.player == 0 for m in snap.messages)
    assert snap.messages[1].data == {"table": "reforestation", "row": 1, "vp": 0}
    assert snap.messages[0].to_json()["data"] == {"area": "orange", "row": 1}
    assert log_seqs(store, s.game_id) == [1, 2, 3, 4]
    assert store.latest_state(game_id=s.game_id).seq == 4  # type: ignore[union-attr]


def test_invalid_command_writes_nothing_and_names_the_field(store: Store) -> None:
    s = forestry(store)
    do(s, SetCount, player=1, field="storage.wood", value=2)
    before = (s.version, s.state, log_seqs(store, s.game_id))
    cases: list[tuple[Command, str | None]] = [
        (SetCount(version=s.version, player=1, field="storage.infested_wood", value=1),
         "players[1].storage.infested_wood"),
        (SetCount(version=s.version, player=1, field="resources.coins", value=-1),
         "players[1].resources.coins"),
        (SetCount(version=s.version, player=5, field="resources.coins", value=1), "player"),
        (PlantSeedling(version=s.version, player=0, area="purple"), "area"),
        (RemoveRiverToken(version=s.version, player=0, symbol="furniture"),
         "players[0].river_tokens"),
        (RevealRoundToken(version=s.version), "status"),
        (StartGame(version=s.version), "table.harvesters"),
        (SetGuardians(version=s.version, player=0, field="fire_tokens", value=1), "kind"),
        (AddTaskCard(version=s.version, player=0, task={"forester": "x"}), "task.forester"),
        (ConfirmPrinted(version=s.version, table="nope", key="1", value=1), "table"),
        (SetDetachedWood(version=s.version, storage=0, value=1), "storage"),
    ]
    for cmd, fieldname in cases:
        with pytest.raises(DomainError) as err:
            s.apply(cmd)
        assert err.value.field == fieldname, cmd
        assert isinstance(err.value, ValueError) and refusal("en", err.value) != err.value.code
    assert (s.version, s.state, log_seqs(store, s.game_id)) == before


def test_cross_player_limits_come_from_the_rules_model(store: Store) -> None:
    s = forestry(store)
    for i in range(3):
        do(s, UpgradeSawmill, player=i, area="orange")
    with pytest.raises(DomainError) as err:  # 3 sawmill buildings per area in all
        do(s, UpgradeSawmill, player=0, area="orange")
    assert err.value.field == "players[0].buildings.sawmill" or err.value.field == "players"


def test_stale_version_is_refused_and_writes_nothing(store: Store) -> None:
    s = forestry(store)
    old = s.version
    do(s, SetCount, player=0, field="resources.coins", value=9)
    with pytest.raises(StaleVersion) as err:
        s.apply(SetCount(version=old, player=0, field="resources.coins", value=1))
    assert err.value.field == "version" and err.value.current == s.version
    with pytest.raises(StaleVersion):
        s.undo(old)
    assert board(s).resources.coins == 9
    assert log_seqs(store, s.game_id) == [1, 2]


def test_two_sessions_on_one_game_cannot_both_write_a_version(store: Store) -> None:
    a = forestry(store)
    b = GameSession.load(store, a.game_id)
    do(a, SetCount, player=0, field="resources.coins", value=1)
    with pytest.raises(StaleVersion) as err:
        do(b, SetCount, player=0, field="resources.coins", value=2)
    assert (err.value.made_at, err.value.current) == (1, 2)
    # the refused session caught up: its next command applies on top of the other's
    assert b.state == a.state and b.version == a.version
    do(b, TakeRewardLap, player=1)
    assert a.refresh().state == b.state
    assert GameSession.load(store, a.game_id).state == b.state
    assert a.record() == b.record()  # the same played_at, whoever loaded the game


# --------------------------------------------------------------------------- undo / redo


def test_undo_redo_walk_the_log(store: Store) -> None:
    s = forestry(store)
    s0 = s.state
    do(s, SetCount, player=0, field="resources.coins", value=1)
    s1 = s.state
    do(s, TakeRewardLap, player=0)
    s2 = s.state
    assert board(s).score_track == 0  # suggested: +3
    assert [x.vp for x in s.state.suggestions_of(0) if x.vp] == [3]

    snap = s.undo(s.version)
    assert snap.state == s1 and snap.can_redo and snap.can_undo
    snap = s.undo(s.version)
    assert snap.state == s0 and not snap.can_undo
    with pytest.raises(DomainError):
        s.undo(s.version)  # the dealt setup cannot be undone
    snap = s.redo(s.version)
    assert snap.state == s1
    snap = s.redo(s.version)
    assert snap.state == s2 and not snap.can_redo
    with pytest.raises(DomainError):
        s.redo(s.version)
    # a new command clears redo
    s.undo(s.version)
    do(s, SetCount, player=1, field="resources.coins", value=5)
    assert not s.snapshot().can_redo
    # undo/redo are log entries: the log is append-only
    assert [e.kind for e in store.load_log(game_id=s.game_id)] == [
        "create", "set_count", "take_reward_lap", "undo", "undo", "redo", "redo", "undo",
        "set_count"]
    again = GameSession.load(store, s.game_id)
    assert again.state == s.state and again.version == s.version
    assert again.snapshot().can_undo and not again.snapshot().can_redo
    again.undo(again.version)
    assert again.state == s1


def test_redo_reuses_the_logged_draws(store: Store) -> None:
    s = forestry(store, infestation=True)
    do(s, AddScore, player=0, delta=12)  # passes 4 and 10: two spawns
    drawn = s.state.table
    s.undo(s.version)
    s.redo(s.version)
    assert s.state.table == drawn


# --------------------------------------------------------------------------- random draws


def started(s: GameSession) -> GameSession:
    """Harvesters on spaces without a forester token, the game started."""
    forest = s.state.table.forest  # type: ignore[union-attr]
    free = [sp for sp in range(1, 16) if forest.forester_at(sp) is None]
    for i in range(len(s.state.players)):
        do(s, SetHarvester, player=i, space=free[i])
    do(s, StartGame)
    return s


def test_score_crossings_spawn_infested_wood_at_the_end_of_the_turn(store: Store) -> None:
    s = started(forestry(store, infestation=True))
    snap = do(s, AddScore, player=1, delta=12)
    table = snap.state.table
    assert isinstance(table, ForestryTable)
    assert table.forest.infested == frozenset() and snap.messages == ()  # not yet (001)
    assert pending_spawns(snap.state) == ((1, 4), (1, 10))
    snap = do(s, EndTurn)
    table = snap.state.table
    assert isinstance(table, ForestryTable)
    assert len(table.forest.infested) == 2 and table.current == 1 and table.turn == 1
    assert [m.kind for m in snap.messages][:2] == ["spawn_infested_wood", "event-turn-ended"]
    entry = store.load_log(game_id=s.game_id)[-1]
    assert entry.outcome["draws"][0]["action"] == "spawn_infested_wood"
    assert [p["trigger"] for p in entry.outcome["draws"][0]["placements"]] == [4, 10]
    # lowering a score spawns nothing
    do(s, AddScore, player=1, delta=-5)
    snap = do(s, EndTurn)
    assert len(snap.state.table.forest.infested) == 2  # type: ignore[union-attr]
    # taking infested wood into storage
    space = min(table.forest.infested)
    snap = do(s, RemoveInfestedWood, space=space, player=2)
    assert board(s, 2).storage.infested_wood == 1
    do(s, SetDetachedWood, storage=1, value=2)
    assert s.state.table.detached_storages[1].infested_wood == 2  # type: ignore[union-attr]


def test_a_corrected_score_does_not_spawn_twice(store: Store) -> None:
    s = started(forestry(store, infestation=True))
    do(s, AddScore, player=0, delta=12)  # 4 and 10
    do(s, AddScore, player=0, delta=-5)  # a typo corrected within the turn: only 4
    assert pending_spawns(s.state) == ((0, 4),)
    do(s, AddScore, player=0, delta=5)  # back to 12
    snap = do(s, EndTurn)
    assert len(snap.state.table.forest.infested) == 2  # type: ignore[union-attr]
    do(s, AddScore, player=0, delta=-5)  # a typo corrected in a later turn
    do(s, AddScore, player=0, delta=5)  # back to 12: nothing new is passed
    snap = do(s, EndTurn)
    assert "spawn_infested_wood" not in [m.kind for m in snap.messages]
    do(s, SetCount, player=0, field="score_track", value=19)  # passes 18
    snap = do(s, EndTurn)
    assert len(snap.state.table.forest.infested) == 3  # type: ignore[union-attr]
    assert snap.state.table.score_peaks == (19, 0, 0)  # type: ignore[union-attr]
    do(s, AddScore, player=1, delta=5)  # every marker triggers the tokens it passes
    snap = do(s, EndTurn)
    assert len(snap.state.table.forest.infested) == 4  # type: ignore[union-attr]


def test_forester_tending_and_replenishment(store: Store) -> None:
    s = forestry(store)
    table = s.state.table
    assert isinstance(table, ForestryTable)
    token = table.forest.foresters[0]
    do(s, SetHarvester, player=0, space=token.space)
    free = [sp for sp in range(1, 16) if table.forest.forester_at(sp) is None]
    do(s, SetHarvester, player=1, space=free[0])
    snap = do(s, PlaceForester, player=0, type=token.kind.value)
    assert snap.state.table.forest.forester_space(token.kind) is None  # type: ignore[union-attr]
    assert board(s).forestry_table[0].type is token.kind
    snap = do(s, ReplenishForesters)
    forest = snap.state.table.forest  # type: ignore[union-attr]
    assert len(forest.foresters) == 3
    assert forest.forester_space(token.kind) not in set(forest.harvesters)
    with pytest.raises(DomainError):
        do(s, ReplenishForesters)
    other = next(t for t in forest.foresters if t.kind is not ForesterType.THINNING)
    with pytest.raises(DomainError) as err:  # that space holds another type
        do(s, PlaceForester, player=1, type="thinning", space=other.space)
    assert err.value.field == "space"


def test_round_tokens_pay_every_player_and_announce_final_turns(store: Store) -> None:
    s = forestry(store)
    place_harvesters(s)
    do(s, StartGame)
    assert s.state.status == Status.PLAYING
    while True:
        apply_suggestions(s)
        before = [board(s, i).resources for i in range(3)]
        snap = do(s, RevealRoundToken)
        table = snap.state.table
        assert isinstance(table, ForestryTable)
        token = table.forest.round_tokens.current
        assert token is not None
        assert [board(s, i).resources for i in range(3)] == before  # only suggested
        apply_suggestions(s)
        assert not s.state.suggestions
        after = [board(s, i).resources for i in range(3)]
        for b, a in zip(before, after, strict=True):
            assert a.coins - b.coins == token.coins
            gained = (a.construction_materials - b.construction_materials,
                      a.seedlings - b.seedlings, a.temp_workers - b.temp_workers)
            assert sum(gained) == (1 if token.gain in (
                "construction_material", "seedling", "temp_worker") else 0)
        if table.final_turns:
            break
    assert table.round == 10
    with pytest.raises(DomainError) as err:
        do(s, RevealRoundToken)
    assert err.value.field == "round_tokens"


def test_harvest_tokens_and_harvesters(store: Store) -> None:
    s = forestry(store)
    do(s, SetHarvestToken, space=9, harvested=True)
    assert 9 in s.state.table.forest.harvested  # type: ignore[union-attr]
    do(s, SetHarvester, player=0, space=9)
    with pytest.raises(DomainError):
        do(s, SetHarvester, player=1, space=9)  # one harvester per space
    do(s, SetHarvester, player=0, space=10)
    do(s, SetHarvester, player=1, space=9)
    assert s.state.table.harvesters[:2] == (10, 9)  # type: ignore[union-attr]
    do(s, SetHarvester, player=0, space=None)
    assert 10 not in s.state.table.forest.harvesters  # type: ignore[union-attr]


# --------------------------------------------------------------------------- JSON


def test_every_command_round_trips_through_json() -> None:
    examples: list[Command] = [
        SetCount(version=3, player=0, field="resources.coins", value=2),
        AddScore(version=3, player=1, delta=-2),
        PlaceForester(version=3, player=0, type="thinning", column=1, space=4),
        PlantSeedling(version=3, player=0, area="orange"),
        BuildForestBuilding(version=3, player=0),
        UpgradeSawmill(version=3, player=2, area="dark_green"),
        OpenStorageExtension(version=3, player=0),
        AddRiverToken(version=3, player=0, symbol="furniture"),
        RemoveRiverToken(version=3, player=0, symbol="furniture"),
        AddContract(version=3, player=0, categories=("building", "furniture"), chosen=None),
        RemoveContract(version=3, player=0, index=0),
        ChooseContractCategory(version=3, player=0, index=0, chosen="furniture"),
        AddTaskCard(version=3, player=0, task={"forest_building": "next to 7", "met": False}),
        RemoveTaskCard(version=3, player=0, index=1),
        SetTaskMet(version=3, player=0, index=1, met=True),
        TakeRewardLap(version=3, player=0),
        SetHarvester(version=3, player=0, space=None),
        ReplenishForesters(version=3),
        RevealRoundToken(version=3),
        RemoveInfestedWood(version=3, space=4, player=None),
        SetDetachedWood(version=3, storage=2, value=1),
        SetHarvestToken(version=3, space=2, harvested=False),
        SetInfestedWood(version=3, space=5),
        SetForesterToken(version=3, type="painting", space=None),
        EndTurn(version=3),
        SetGuardians(version=3, player=0, field="tree_points", value=(1, 2, 3)),
        TriggerGameEnd(version=3, player=1, trigger="last_tile_drawn"),
        ConfirmPrinted(version=3, table="buildings_vp", key="4", value=5),
        StartGame(version=3),
        EndGame(version=3),
        AdjustCount(version=3, player=0, field="resources.coins", delta=-1),
        SetColumn(version=3, player=0, column=1, type="den_tree", count=2),
        RemoveColumn(version=3, player=0, column=0),
        ApplySuggestion(version=3, id=2),
        DismissSuggestion(version=3, id=2),
    ]
    assert {type(c) for c in examples} == set(COMMANDS.values())
    import json

    for cmd in examples:
        data = json.loads(json.dumps(cmd.to_json()))
        assert command_from_json(data) == cmd
    with pytest.raises(DomainError) as err:
        command_from_json({"kind": "set_count", "version": 1, "player": 0, "feild": "x"})
    assert err.value.field == "feild"
    with pytest.raises(DomainError):
        command_from_json({"kind": "teleport", "version": 1})


# --------------------------------------------------------------------------- replay


def test_state_json_round_trips(store: Store) -> None:
    s = forestry(store, infestation=True)
    do(s, AddScore, player=0, delta=20)
    do(s, AddContract, player=0, categories=("building", "furniture"))
    do(s, AddTaskCard, player=0, task={"seedlings": "orange"})
    do(s, ConfirmPrinted, table="detached_top_tie", key="", value=[8, 5, 1])
    assert state_from_json(s.state.to_json()) == s.state


def test_pure_replay_equals_live_application(store: Store) -> None:
    s = forestry(store, infestation=True)
    live = s.state
    cmds: list[Command] = [AddScore(version=0, player=0, delta=30),
                           PlaceForester(version=0, player=1, type="painting"),
                           AddScore(version=0, player=2, delta=60)]
    outcomes = []
    for seq, cmd in enumerate(cmds, start=2):
        live, outcome, _ = apply_command(live, cmd, command_rng(live.seed, seq))
        outcomes.append(outcome)
    again = s.state
    for cmd, outcome in zip(cmds, outcomes, strict=True):
        again, _ = replay_command(again, cmd, outcome)
    assert again == live


_ENGINE = None


def _shared_store() -> Store:
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = open_engine("sqlite://")
    return Store(_ENGINE)


players_idx = st.integers(0, 2)
forestry_cmds = st.one_of(
    st.builds(lambda p, v: ("cmd", SetCount, {"player": p, "field": "resources.coins",
                                              "value": v}), players_idx, st.integers(-1, 12)),
    st.builds(lambda p, d: ("cmd", AddScore, {"player": p, "delta": d}), players_idx,
              st.integers(-5, 30)),
    st.builds(lambda p, t, c: ("cmd", PlaceForester, {"player": p, "type": t, "column": c}),
              players_idx, st.sampled_from(["thinning", "den_tree", "painting"]),
              st.one_of(st.none(), st.integers(0, 2))),
    st.builds(lambda p, a: ("cmd", PlantSeedling, {"player": p, "area": a}), players_idx,
              st.sampled_from(["light_green", "dark_green", "orange"])),
    st.builds(lambda p: ("cmd", BuildForestBuilding, {"player": p}), players_idx),
    st.builds(lambda p, a: ("cmd", UpgradeSawmill, {"player": p, "area": a}), players_idx,
              st.sampled_from(["light_green", "dark_green", "orange"])),
    st.builds(lambda p: ("cmd", OpenStorageExtension, {"player": p}), players_idx),
    st.builds(lambda p, s_: ("cmd", SetHarvester, {"player": p, "space": s_}), players_idx,
              st.one_of(st.none(), st.integers(1, 15))),
    st.just(("cmd", ReplenishForesters, {})),
    st.just(("cmd", StartGame, {})),
    st.just(("cmd", RevealRoundToken, {})),
    st.builds(lambda sp, p: ("cmd", RemoveInfestedWood, {"space": sp, "player": p}),
              st.integers(1, 15), st.one_of(st.none(), players_idx)),
    st.builds(lambda p: ("cmd", TakeRewardLap, {"player": p}), players_idx),
    st.just(("undo", None, {})),
    st.just(("redo", None, {})),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(forestry_cmds, max_size=25), st.integers(0, 2**31))
def test_replay_from_the_database_equals_live_application(steps: list[Any], seed: int) -> None:
    store = _shared_store()
    s = forestry(store, infestation=True, seed=seed)
    accepted = 1
    for what, cls, kw in steps:
        try:
            if what == "undo":
                s.undo(s.version)
            elif what == "redo":
                s.redo(s.version)
            else:
                do(s, cls, **kw)
            accepted += 1
        except DomainError as err:
            assert not isinstance(err, StaleVersion)
        # invariants of every state
        for b in s.state.boards:
            assert water_multiplier(b) <= 5
    assert s.version == accepted == len(store.load_log(game_id=s.game_id))
    again = GameSession.load(store, s.game_id)
    assert again.state == s.state
    assert again.version == s.version
    assert again.snapshot().can_undo == s.snapshot().can_undo
    assert again.snapshot().can_redo == s.snapshot().can_redo


# --------------------------------------------------------------------------- threads


def test_concurrent_taps_are_serialised(store: Store) -> None:
    s = forestry(store)
    results: dict[str, int] = {"ok": 0, "stale": 0}
    lock = threading.Lock()

    def tap(player: int) -> None:
        for k in range(15):
            try:
                do(s, SetCount, player=player, field="resources.coins", value=k)
                with lock:
                    results["ok"] += 1
            except StaleVersion:
                with lock:
                    results["stale"] += 1

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["ok"] + results["stale"] == 45 and results["ok"] >= 15
    seqs = log_seqs(store, s.game_id)
    assert seqs == list(range(1, results["ok"] + 2))
    assert GameSession.load(store, s.game_id).state == s.state


# --------------------------------------------------------------------------- record, score, finish


def enter_pink_93(s: GameSession, i: int) -> None:
    """The 93-VP worked example of 002, tapped in as the game went."""
    for _ in range(3):
        do(s, OpenStorageExtension, player=i)
    for _ in range(3):
        do(s, BuildForestBuilding, player=i)
    do(s, UpgradeSawmill, player=i, area="light_green")
    do(s, UpgradeSawmill, player=i, area="orange")  # fifth building token: water step
    for kind in ["thinning"] * 3 + ["den_tree"] * 2 + ["painting"] * 2:
        do(s, PlaceForester, player=i, type=kind)
    snap = do(s, PlaceForester, player=i, type="thinning")  # no column takes it: below, 2 VP
    assert [m.kind for m in snap.messages] == ["BelowTable"]
    for area, n in (("light_green", 3), ("dark_green", 2), ("orange", 1)):
        for _ in range(n):
            do(s, PlantSeedling, player=i, area=area)
    do(s, AddRiverToken, player=i, symbol="furniture")
    do(s, AddRiverToken, player=i, symbol="sawmill_upgrade")
    do(s, AddContract, player=i, categories=("furniture",))
    do(s, AddContract, player=i, categories=("furniture", "innovation"))
    do(s, AddContract, player=i, categories=("building", "furniture"))
    for task in ({"contract": "furniture"}, {"forester": "thinning"},
                 {"sawmill_upgrade": "light_green"}, {"river_token": True},
                 {"seedlings": "dark_green"}, {"contract": "accessory"},
                 {"forest_building": "next to harvest token 7", "met": False}):
        do(s, AddTaskCard, player=i, task=task)
    for name, value in (("coins", 7), ("construction_materials", 0), ("seedlings", 0),
                        ("temp_workers", 1)):
        do(s, SetCount, player=i, field=f"resources.{name}", value=value)
    do(s, SetCount, player=i, field="storage.wood", value=1)
    # the forester token below the table: +2 suggested, never added by itself
    assert board(s, i).score_track == 0
    assert [x.vp for x in s.state.suggestions_of(i) if x.vp] == [2]
    do(s, AddScore, player=i, delta=45)  # the track as the board shows it (the +2 included)


def test_the_93_vp_example_entered_through_commands(store: Store) -> None:
    s = forestry(store)
    enter_pink_93(s, 0)
    pink = board(s, 0)
    assert water_multiplier(pink) == 4 and pink.score_track == 45
    # Blue has more forester tokens (9), Green fewer (2)
    for kind in ("thinning", "den_tree", "painting") * 3:
        do(s, PlaceForester, player=1, type=kind)
    assert board(s, 1).score_track == 0  # forestry row 3 full: +6 suggested
    assert [x.vp for x in s.state.suggestions_of(1) if x.vp] == [6]
    for _ in range(5):
        do(s, BuildForestBuilding, player=1) if board(s, 1).buildings.forest < 4 else do(
            s, UpgradeSawmill, player=1, area="dark_green")
    do(s, PlaceForester, player=2, type="den_tree")
    do(s, PlaceForester, player=2, type="den_tree")
    for key in ("0",):
        do(s, ConfirmPrinted, table="buildings_vp", key=key, value=0)
        do(s, ConfirmPrinted, table="tasks_vp", key=key, value=0)

    record = s.record()
    assert record["players"][0]["reforestation_table"] == {
        "light_green": 3, "dark_green": 2, "orange": 1}
    assert record["printed"] == {"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}}
    sheet = s.score()
    assert sheet.complete, sheet.needs
    pink_score = sheet.players[0]
    assert pink_score.total == 93
    assert pink_score.categories == {"score_track": 45, "buildings": 7, "water": 20, "tasks": 11,
                                     "forester_majority": 6, "resources": 3, "wood": 1}
    assert sheet.players[1].categories["forester_majority"] == 10

    snap = s.finish(s.version)
    assert snap.state.status == Status.FINISHED and not snap.can_undo
    saved = store.get_record(game_id=s.game_id)
    assert saved is not None and saved.record == record
    assert saved.sheet["players"][0]["total"] == 93
    with pytest.raises(DomainError) as err:
        do(s, SetCount, player=0, field="resources.coins", value=1)
    assert err.value.field == "status"
    again = GameSession.load(store, s.game_id)
    assert again.state.status == Status.FINISHED and again.state == s.state


def test_contract_choice_and_removals(store: Store) -> None:
    s = forestry(store)
    do(s, AddContract, player=0, categories=("building", "furniture"))
    do(s, ChooseContractCategory, player=0, index=0, chosen="building")
    assert s.record()["players"][0]["contracts"] == [
        {"categories": ["building", "furniture"], "chosen": "building"}]
    do(s, RemoveContract, player=0, index=0)
    do(s, AddTaskCard, player=0, task={"forest_building": "next to 3", "met": False})
    do(s, SetTaskMet, player=0, index=0, met=True)
    assert s.record()["players"][0]["task_cards"] == [{"forest_building": "next to 3",
                                                       "met": True}]
    do(s, RemoveTaskCard, player=0, index=0)
    assert board(s).task_cards == () and board(s).contracts == ()


# --------------------------------------------------------------------------- Forest Guardians


def test_forest_guardians_session(store: Store) -> None:
    s = GameSession.create(store, game="forest-guardians", players=["Mei", "Ken", "Ana"],
                           options={"advanced": True}, seed=11)
    assert all(p.character for p in s.state.players)  # rangers dealt
    do(s, SetGuardians, player=0, field="tree_points", value=(2, 6, 3))
    do(s, SetGuardians, player=0, field="animal_cards", value=(3, 6))
    do(s, SetGuardians, player=0, field="fire_tokens", value=3)
    with pytest.raises(DomainError) as err:
        do(s, SetGuardians, player=0, field="tree_points", value=(1, 2))
    assert err.value.field == "players[0].tree_points"
    with pytest.raises(DomainError) as err:
        do(s, PlantSeedling, player=0, area="orange")
    assert err.value.field == "kind"
    snap = do(s, TriggerGameEnd, player=1, trigger="last_tree_planted")
    said = event_msg(snap.messages[0].kind, snap.messages[0].data)
    assert said is not None and "every other player takes one more turn" in english(said)
    with pytest.raises(DomainError):
        do(s, TriggerGameEnd, player=2, trigger="last_tile_drawn")
    sheet = s.score()
    mei = sheet.players[0]
    assert mei.categories["trees"] == 11 and mei.categories["animals"] == 9
    snap = s.finish(s.version)
    assert snap.state.status == Status.FINISHED
    assert GameSession.load(store, s.game_id).state == s.state


def test_load_completes_a_finish_interrupted_after_the_end_game_entry(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = GameSession.create(store, game="forest-guardians", players=["Mei", "Ken"], seed=5)
    do(s, SetGuardians, player=1, field="fire_tokens", value=2)

    def crash(**_: Any) -> None:
        raise KeyboardInterrupt  # the process stops between the two transactions

    monkeypatch.setattr(store, "finish_game", crash)
    with pytest.raises(KeyboardInterrupt):
        s.finish(s.version)
    monkeypatch.undo()
    assert store.get_game(game_id=s.game_id).status == "open"  # type: ignore[union-attr]
    again = GameSession.load(store, s.game_id)
    assert again.state.status == Status.FINISHED
    assert store.get_game(game_id=s.game_id).status == "finished"  # type: ignore[union-attr]
    saved = store.get_record(game_id=s.game_id)
    assert saved is not None and saved.sheet["winners"] == ["Ken"]


def test_a_session_opens_on_an_engine_too(engine: Any) -> None:
    s = GameSession.create(engine, game="forestry", players=["A", "B"], seed=1)
    do(s, TakeRewardLap, player=1)
    assert GameSession.load(engine, s.game_id).state == s.state


def test_session_on_sqlite_and_postgresql(any_store: Store) -> None:
    s = forestry(any_store, infestation=True)
    do(s, AddScore, player=0, delta=20)
    do(s, PlantSeedling, player=1, area="orange")
    s.undo(s.version)
    do(s, AddContract, player=2, categories=("building", "furniture"))
    again = GameSession.load(any_store, s.game_id)
    assert again.state == s.state and again.version == s.version
    s.finish(s.version)
    saved = any_store.get_record(game_id=s.game_id)
    assert saved is not None and saved.record == s.record()


def test_confirmed_buildings_value_is_remembered_per_board_side(store: Store) -> None:
    """Advanced games use board side B: its buildings track is remembered apart (printed.py)."""
    adv = GameSession.create(store, game="forestry", players=PLAYERS,
                             options={"mode": "advanced", "technology_side": "A"}, seed=3)
    do(adv, ConfirmPrinted, table="buildings_vp", key="4", value=5)
    std = forestry(store)
    do(std, ConfirmPrinted, table="buildings_vp", key="3", value=4)
    remembered = store.get_printed()
    assert remembered["buildings_vp_side_b"] == {"4": 5}
    assert remembered["buildings_vp"] == {"3": 4}


# --------------------------------------------------------------------------- issue 11/12


def test_twenty_intents_made_at_one_version_count_twenty(store: Store) -> None:
    """A stepper sends "+1", not the number on screen: taps made before the phone
    redrew (all at one version) each count (issue 12 item 6)."""
    s = forestry(store)
    seen = s.version
    for _ in range(20):
        s.apply(AdjustCount(version=seen, player=0, field="score_track", delta=1))
    assert board(s).score_track == 20
    s.apply(AdjustCount(version=seen, player=0, field="score_track", delta=-1))
    assert board(s).score_track == 19
    with pytest.raises(DomainError) as err:  # refused where it is: the field is named
        s.apply(AdjustCount(version=seen, player=0, field="resources.coins", delta=-1))
    assert err.value.field == "players[0].resources.coins"
    with pytest.raises(DomainError) as err:
        s.apply(AdjustCount(version=seen, player=0, field="teleport", delta=1))
    assert err.value.msg is not None and err.value.msg.code == "refusal-session-not-a-count"


def test_the_sheet_never_changes_an_entered_count_by_itself(store: Store) -> None:
    """Issue 11: she typed 41, then entered her seedlings: the track stays 41; the +6
    (row 3) and +2 (below) are offered once each and applied only when tapped."""
    s = forestry(store)
    apply_suggestions(s)  # seat income, first round token
    do(s, SetCount, player=0, field="score_track", value=41)
    for area in ("light_green", "dark_green", "orange"):
        do(s, SetCount, player=0, field=f"reforestation_table.{area}", value=3)
    do(s, SetCount, player=0, field="seedlings_below", value=1)
    assert board(s).score_track == 41
    offered = s.state.suggestions_of(0)
    assert sorted(x.vp for x in offered) == [2, 6]
    # a correction withdraws what it took back; a refill does not offer the row twice
    do(s, SetCount, player=0, field="seedlings_below", value=0)
    assert [x.vp for x in s.state.suggestions_of(0)] == [6]
    row = s.state.suggestions_of(0)[0]
    do(s, ApplySuggestion, id=row.id)
    assert board(s).score_track == 47 and not s.state.suggestions
    do(s, SetCount, player=0, field="reforestation_table.orange", value=2)
    do(s, SetCount, player=0, field="reforestation_table.orange", value=3)
    assert not s.state.suggestions  # row 3 was already counted: never twice
    with pytest.raises(DomainError):
        do(s, ApplySuggestion, id=row.id)  # gone once applied
    do(s, TakeRewardLap, player=0)
    lap = s.state.suggestions_of(0)[0]
    do(s, DismissSuggestion, id=lap.id)
    assert board(s).score_track == 47 and not s.state.suggestions
    again = GameSession.load(store, s.game_id)  # suggestions are part of the saved state
    assert again.state == s.state


def test_forestry_table_column_by_column(store: Store) -> None:
    s = forestry(store)
    do(s, SetColumn, player=0, column=0, type="thinning", count=2)
    do(s, SetColumn, player=0, column=1, type="thinning", count=2)
    do(s, SetColumn, player=0, column=2, type="den_tree", count=2)
    assert s.record()["players"][0]["forestry_table"] == [
        {"type": "thinning", "count": 2}, {"type": "thinning", "count": 2},
        {"type": "den_tree", "count": 2}]
    assert water_multiplier(board(s)) == 2
    with pytest.raises(DomainError) as err:  # no thinning column full: nothing below yet
        do(s, SetCount, player=0, field="forester_tokens_below.thinning", value=1)
    assert err.value.field == "players[0].forester_tokens_below.thinning"
    do(s, SetColumn, player=0, column=0, type="thinning", count=3)
    do(s, SetCount, player=0, field="forester_tokens_below.thinning", value=1)  # by choice
    assert [x.vp for x in s.state.suggestions_of(0) if x.vp] == [2]
    do(s, SetCount, player=0, field="forester_tokens_below.thinning", value=0)
    do(s, RemoveColumn, player=0, column=1)
    assert len(board(s).forestry_table) == 2
    with pytest.raises(DomainError) as err:
        do(s, SetColumn, player=0, column=3, type="painting", count=1)
    assert err.value.field == "players[0].forestry_table[3]"
    assert err.value.msg is not None


def test_a_remembered_value_applies_to_games_in_play_and_a_finished_game_keeps_its_own(
        store: Store) -> None:
    """Issue 11 item 4: a value corrected in Settings applies to new and unfinished games;
    a finished game keeps the values it was scored with (its record carries them)."""
    s = forestry(store)
    do(s, ConfirmPrinted, table="buildings_vp", key="0", value=1)
    assert s.score().players[0].categories["buildings"] == 1
    store.confirm_printed(table="buildings_vp", key="0", value=4)  # corrected in Settings
    assert s.score().players[0].categories["buildings"] == 4
    for key in range(0, 3):
        store.confirm_printed(table="tasks_vp", key=str(key), value=0)
    s.finish(s.version)
    saved = store.get_record(game_id=s.game_id)
    assert saved is not None and saved.record["printed"]["buildings_vp"]["0"] == 4
    store.confirm_printed(table="buildings_vp", key="0", value=9)  # later: not this game
    from scoring.api import score_record

    again = score_record(dict(saved.record), confirmed=store.get_printed())
    assert again.players[0].categories["buildings"] == 4


def test_a_game_created_before_the_mirror_principle_replays_as_it_was_played(
        store: Store) -> None:
    """Its saved states have no ``mirror``: VP and income were added as they happened, so
    the log must replay to those very states (an upgrade never breaks a game in play)."""
    from app.game.registry import state_from_json
    from app.game.rules import apply_command

    s = forestry(store)
    data = s.state.to_json()
    assert data.pop("mirror") is True
    old = state_from_json(data)
    assert old.mirror is False and old.to_json() == data
    import random

    state = old
    for kind in ("thinning", "den_tree", "painting") * 3:
        state, _, _ = apply_command(state, PlaceForester(version=1, player=0, type=kind),
                                    random.Random(1))
    board0 = state.boards[0]
    assert isinstance(board0, ForestryPlayer)
    assert board0.score_track == 6  # row 3 added, as before
    assert not [x for x in state.suggestions if x.vp]  # and nothing suggested
    state, _, _ = apply_command(state, SetCount(version=1, player=0,
                                                field="forester_tokens_below.thinning",
                                                value=1), random.Random(1))
    board0 = state.boards[0]
    assert isinstance(board0, ForestryPlayer) and board0.score_track == 6

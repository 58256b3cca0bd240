"""Issue 35: the table's shared moments. Each shared action names the state it acts on; one
that arrives after that state moved on is "already done" (or stale), never applied to the
new state; the round's token is due on every phone's turn card; Finish knows who still has a
turn by the rules."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

from app import shown
from app.game.commands import Command, Finish, StartGame
from app.game.errors import AlreadyDone, DomainError, StaleVersion
from app.game.registry import command_from_json, variant
from app.game.status import Status
from app.games.forestry.commands import (
    EndTurn,
    PlaceForester,
    ReplenishForesters,
    RevealRoundToken,
    SetHarvester,
)
from app.games.forestry.table import ForestryTable
from app.games.guardians.commands import TriggerGameEnd
from app.l10n import english
from app.session import Change, GameSession
from app.store.facade import Store
from app.ui.kit.live_table import as_shown

PLAYERS = ["Ken", "Mei", "Ana"]


def _forestry(store: Store, seed: int = 7) -> GameSession:
    s = GameSession.create(store, game="forestry", players=PLAYERS,
                           options={"mode": "standard"}, seed=seed)
    table = s.state.table
    assert isinstance(table, ForestryTable)
    free = [sp for sp in range(1, 16) if table.forest.forester_at(sp) is None]
    for i in range(len(PLAYERS)):
        s.apply(SetHarvester(version=s.version, player=i, space=free[i]))
    s.apply(StartGame(version=s.version))
    return s


def _table(s: GameSession) -> ForestryTable:
    table = s.state.table
    assert isinstance(table, ForestryTable)
    return table


def _end_now(s: GameSession) -> EndTurn:
    """"End <name>'s turn" as the turn card makes it, against the version now."""
    now = variant(s.state.game).turn(s.state)
    assert now is not None and isinstance(now.end, EndTurn)
    return replace(now.end, version=s.version)


def _refused_without_writing(s: GameSession, command: Command, error: type[Exception]) -> Any:
    version, state = s.version, s.state
    with pytest.raises(error) as err:
        s.apply(command)
    assert s.version == version and s.state == state
    return err.value


# --------------------------------------------------------------------------- end turn


def test_end_turn_names_the_turn_and_the_seat_it_ends(store: Store) -> None:
    s = _forestry(store)
    end = _end_now(s)
    assert (end.turn, end.seat) == (0, 0)  # Ken's turn, the first
    s.apply(end)
    assert _table(s).turn == 1
    logged = store.load_log(game_id=s.game_id)[-1]
    assert logged.kind == "end_turn" and logged.payload["turn"] == 0 \
        and logged.payload["seat"] == 0
    nxt = _end_now(s)
    assert (nxt.turn, nxt.seat) == (1, 1)  # Mei's


def test_a_late_tap_for_an_ended_turn_is_already_done(store: Store) -> None:
    s = _forestry(store)
    kens = _end_now(s)
    s.apply(kens)
    # another phone's tap for Ken's turn, made on its screen before the change reached it,
    # arriving now (at the new version, as a tab that redrew before the handler ran makes it)
    late = replace(kens, version=s.version)
    err = _refused_without_writing(s, late, AlreadyDone)
    assert err.kind == "end_turn"
    assert [m.kind for m in err.messages][0] == "event-turn-ended"  # what the first did
    assert _table(s).turn == 1  # Mei's turn was not ended


def test_a_resent_end_turn_is_already_done(store: Store) -> None:
    s = _forestry(store)
    kens = _end_now(s)
    s.apply(kens)
    _refused_without_writing(s, kens, AlreadyDone)  # the same frame again, as sent
    assert _table(s).turn == 1


def test_two_phones_ending_one_turn_end_one_turn(store: Store) -> None:
    s = _forestry(store)
    a, b = _end_now(s), _end_now(s)
    s.apply(a)
    _refused_without_writing(s, b, AlreadyDone)
    assert _table(s).turn == 1


def test_an_end_turn_tapped_on_a_screen_from_before_an_undo_is_stale(store: Store) -> None:
    """Found by the table fuzz test: Ken ends his turn (Mei's turn on every screen), the host
    undoes it; Mei's phone, still showing "End my turn" for her turn, taps. Her tab was
    redrawn on the server after the undo, so the command names Ken's turn (the card now):
    made against the version her phone showed (app.shown), it is stale, and Ken's turn is
    not ended by Mei's tap."""
    s = _forestry(store)
    s.apply(_end_now(s))
    meis_screen = s.version  # Mei's turn, as her phone shows it
    s.undo(s.version)
    assert _table(s).turn == 0  # Ken's turn again
    from_before = replace(_end_now(s), version=meis_screen)  # the redraw's command, her screen
    _refused_without_writing(s, from_before, StaleVersion)
    assert _table(s).turn == 0
    s.apply(_end_now(s))  # tapped on the screen after the undo: it ends Ken's turn
    assert _table(s).turn == 1


def test_a_session_reloaded_from_its_log_remembers_the_last_rewind(store: Store) -> None:
    s = _forestry(store)
    s.apply(_end_now(s))
    before = s.version
    s.undo(s.version)
    again = GameSession.load(store, s.game_id)
    _refused_without_writing(again, replace(_end_now(again), version=before), StaleVersion)


def test_an_end_turn_for_another_seat_is_refused_naming_whose_turn(store: Store) -> None:
    s = _forestry(store)
    forged = replace(_end_now(s), seat=2)  # Ken's turn, said to be Ana's
    err = _refused_without_writing(s, forged, DomainError)
    assert err.field == "seat" and "Ken" in english(err.msg)


def test_a_stored_end_turn_without_the_new_fields_still_replays(store: Store) -> None:
    """Logs written before issue 35 hold ``end_turn`` with neither ``turn`` nor ``seat``
    (and older ones without ``turn``): read back, they end the turn in play."""
    s = _forestry(store)
    old = command_from_json({"kind": "end_turn", "version": s.version})
    assert isinstance(old, EndTurn) and old.turn is None and old.seat is None
    s.apply(old)
    s.apply(command_from_json({"kind": "end_turn", "version": s.version, "turn": 1}))
    assert _table(s).turn == 2
    again = GameSession.load(store, s.game_id)
    assert again.state == s.state and _table(again).turn == 2


# ------------------------------------------------------------------ the other shared actions


def test_a_late_round_token_reveal_is_already_done(store: Store) -> None:
    s = _forestry(store)
    seen = _table(s).round
    s.apply(RevealRoundToken(version=s.version, round=seen))
    err = _refused_without_writing(s, RevealRoundToken(version=s.version, round=seen),
                                   AlreadyDone)
    assert err.kind == "reveal_round_token"
    assert _table(s).round == seen + 1


def test_a_late_replenish_is_already_done(store: Store) -> None:
    s = GameSession.create(store, game="forestry", players=PLAYERS,
                           options={"mode": "standard"}, seed=7)
    table = _table(s)
    token = table.forest.foresters[0]
    free = [sp for sp in range(1, 16) if table.forest.forester_at(sp) is None]
    for i, space in enumerate((token.space, free[0], free[1])):
        s.apply(SetHarvester(version=s.version, player=i, space=space))
    s.apply(PlaceForester(version=s.version, player=0, type=token.kind.value))
    seen = len(_table(s).forest.foresters)
    assert seen == 2
    s.apply(ReplenishForesters(version=s.version, foresters=seen))
    assert len(_table(s).forest.foresters) == 3
    err = _refused_without_writing(s, ReplenishForesters(version=s.version, foresters=seen),
                                   AlreadyDone)
    assert err.kind == "replenish_foresters"


def test_a_second_finish_is_already_done_and_a_stale_one_is_stale(store: Store) -> None:
    s = _forestry(store)
    made_at = s.version
    s.apply(_end_now(s))
    with pytest.raises(StaleVersion):  # the table moved on: "stale", not finished
        s.apply(Finish(version=made_at))
    assert s.state.status == Status.PLAYING
    at = s.version
    s.apply(Finish(version=at))
    assert s.state.status == Status.FINISHED
    err = _refused_without_writing(s, Finish(version=at), AlreadyDone)  # another phone's
    assert err.kind == "end_game"


# --------------------------------------------------------------------------- the phone's screen


def test_a_shared_tap_just_after_another_phone_did_it_is_made_against_what_was_seen() -> None:
    end = EndTurn(version=12, turn=4, seat=1)
    others = (Change(11, 0, "end_turn"),)  # seat 0 ended a turn at version 11
    # the phone had shown version 10 for a while, version 11 only for a moment
    assert as_shown(end, 12, settled=10, changes=others, me=2).version == 10
    # its own end turn: the screen it changed is the one it meant
    assert as_shown(end, 12, settled=10, changes=others, me=0).version == 12
    # another kind of change in between: nothing to be already done
    assert as_shown(end, 12, settled=10, changes=(Change(11, 0, "set_count"),),
                    me=2).version == 12
    # an action that may apply again (not once) keeps what the phone showed
    assert as_shown(SetHarvester(version=12, player=2, space=3), 12, settled=10,
                    changes=others, me=2).version == 12


def test_the_screen_shown_a_moment_is_told_apart_from_the_one_shown_before() -> None:
    sid, game = "shared-moments-session", 77
    shown.drawn(sid, game, 10)
    shown.sent(sid)  # frame 1: version 10
    start = time.monotonic()
    shown.drawn(sid, game, 11)
    shown.sent(sid)  # frame 2: version 11, just now
    shown.tapped(sid, 5, "click", 2, at=start + 0.3)
    assert shown.seen(sid, game, 5) == (11, 10)  # shown 11, had seen 10
    shown.tapped(sid, 5, "click", 2, at=start + shown.SETTLE + 1)
    assert shown.seen(sid, game, 5) == (11, 11)  # long enough: 11 was seen
    shown.tapped(sid, 5, "click", 1, at=start + 0.3)
    assert shown.seen(sid, game, 5) == (10, 10)  # the second frame had not arrived


# --------------------------------------------------------------------------- round prompts


def _end_round(s: GameSession) -> None:
    for _ in range(len(PLAYERS)):
        s.apply(_end_now(s))


def test_the_round_token_is_due_on_every_turn_card_until_it_is_turned_up(store: Store) -> None:
    s = _forestry(store)
    now = variant(s.state.game).turn(s.state)
    assert now is not None and now.due is None  # round 1's token came at setup
    _end_round(s)
    now = variant(s.state.game).turn(s.state)
    assert now is not None and now.player == 0 and isinstance(now.due, RevealRoundToken)
    assert now.due_action == "round-token" and now.due.round == 1
    assert english(now.notes[0]) == "Round 2: turn up the next round token"
    s.apply(_end_now(s))  # not turned up yet: still due on the next turn
    now = variant(s.state.game).turn(s.state)
    assert now is not None and now.due is not None
    s.apply(replace(now.due, version=s.version))
    now = variant(s.state.game).turn(s.state)
    assert now is not None and now.due is None
    assert all("Round" not in english(n) for n in now.notes)


# --------------------------------------------------------------------------- the end by the rules


def test_forestry_final_turns_are_still_to_play_until_the_round_ends(store: Store) -> None:
    s = _forestry(store)
    still = variant(s.state.game).still_to_play
    assert still(s.state) == ()  # round tokens left: not at its end
    while _table(s).forest.round_tokens.left:  # a round each: its turns, then its token
        _end_round(s)
        s.apply(RevealRoundToken(version=s.version, round=_table(s).round))
    # the last token is up (round 10): everyone takes one final turn (002)
    assert _table(s).final_turns and _table(s).round == 10
    assert still(s.state) == (0, 1, 2)
    s.apply(_end_now(s))
    assert still(s.state) == (1, 2)
    s.apply(_end_now(s))
    s.apply(_end_now(s))
    assert still(s.state) == ()  # the final round is over


def test_forest_guardians_last_turns_are_still_to_play(store: Store) -> None:
    s = GameSession.create(store, game="forest-guardians", players=PLAYERS,
                           options={"advanced": False}, seed=11)
    still = variant(s.state.game).still_to_play
    assert still(s.state) == ()  # no end condition yet
    s.apply(TriggerGameEnd(version=s.version, player=0, trigger="last_tree_planted"))
    assert still(s.state) == (1, 2)  # Mei and Ana take one more turn (003)
    s.finish(s.version)
    assert still(s.state) == ()


# --------------------------------------------------------------------------- through the hub


def test_two_seats_ending_one_turn_through_the_hub_one_is_told_already_done(
        store: Store) -> None:
    from app.table.answers import Accepted, Refused
    from app.table.hub import TableHub

    s = _forestry(store)
    hub = TableHub(store)
    seats = [hub.issue(s.game_id, 1), hub.issue(s.game_id, 2)]
    end = _end_now(s)  # both phones showed Ken's turn
    first = hub.submit(s.game_id, seats[1], end)
    second = hub.submit(s.game_id, seats[0], end)
    assert isinstance(first, Accepted)
    assert isinstance(second, Refused) and second.reason == "already_done"
    assert second.msg.code == "refusal-already-done"
    assert [m.kind for m in second.messages] == [m.kind for m in first.snapshot.messages]
    assert hub.snapshot(s.game_id).state.table.turn == 1  # type: ignore[attr-defined]
    # a Finish another phone made after: the table answers that the game is finished
    # (the session's own answer, below the hub, is "already done": above)
    host = hub.issue(s.game_id)
    v = hub.snapshot(s.game_id).version
    assert isinstance(hub.submit(s.game_id, host, Finish(version=v)), Accepted)
    again = hub.submit(s.game_id, host, Finish(version=v))
    assert isinstance(again, Refused) and again.reason == "finished"
    assert hub.snapshot(s.game_id).version == v + 1  # finished once


def test_every_other_shared_action_made_before_the_table_moved_on_is_stale(
        store: Store) -> None:
    """The shared actions that may apply again (a value set on the shared table) name the
    version they were made against: one made before another change is "stale" (tap
    again on the screen as it is now), never applied to the new state."""
    from app.game.commands import COMMANDS, ConfirmPrinted, Rights
    from app.games.forestry.commands import (
        RemoveInfestedWood,
        SetCount,
        SetDetachedWood,
        SetForesterToken,
        SetHarvestToken,
        SetInfestedWood,
    )

    s = GameSession.create(store, game="forestry", players=PLAYERS,
                           options={"mode": "standard", "infestation": True}, seed=7)
    old = s.version
    s.apply(SetCount(version=s.version, player=0, field="resources.coins", value=9))
    forest = _table(s).forest
    free = next(sp for sp in range(1, 16) if forest.forester_at(sp) is None)
    made = [SetInfestedWood(version=old, space=free),
            RemoveInfestedWood(version=old, space=free),
            SetForesterToken(version=old, type=forest.foresters[0].kind.value, space=None),
            SetDetachedWood(version=old, storage=0, value=1),
            SetHarvestToken(version=old, space=free, harvested=True),
            ConfirmPrinted(version=old, table="tasks_vp", key="1", value=1)]
    shared = {cls for cls in COMMANDS.values() if cls.rights == Rights.SHARED and not cls.once
              and variant(s.state.game).accepts(cls)}
    assert {type(c) for c in made} == shared  # every one of them
    for command in made:
        _refused_without_writing(s, command, StaleVersion)

"""What each of Forestry's commands does to a game state (its handlers).

Every board command calls one pure action of ``scoring.forestry.board``; the
shared table (forest board, harvesters, round tokens, infested wood) is
``setup.forestry.play``'s. Immediate effects are *suggested* (the mirror principle,
:class:`~app.game.state.Suggestion`), never applied by themselves, except in a
game created before that principle (``GameState.mirror`` false): its log
replays under the old rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.game.commands import (
    AdjustCount,
    ApplySuggestion,
    Command,
    ConfirmPrinted,
    DismissSuggestion,
    EndGame,
    StartGame,
)
from app.game.errors import DomainError, SessionCode
from app.game.handling import (
    Ctx,
    Handler,
    end,
    enum_of,
    player_index,
    start,
    step_of,
    with_board,
)
from app.game.messages import Message, event_message
from app.game.state import GameState, Suggestion, narrow, validate_state
from app.game.status import Status
from app.games.forestry.codes import ForestryCode
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
from app.games.forestry.table import ForestryTable
from app.games.forestry.words import log_entry_data
from scoring.forestry import board as B
from scoring.forestry.enums import Area, ContractCategory, ForesterType, RiverSymbol
from scoring.forestry.model import (
    ContractTask,
    ForestBuildingTask,
    ForesterTask,
    ForestryPlayer,
    RiverTokenTask,
    SawmillUpgradeTask,
    SeedlingsTask,
    TaskCard,
    forestry_row_full,
    reforestation_row_full,
)
from scoring.forestry.model import ForestryOptions as RecordOptions
from scoring.message import msg
from setup.forestry import play
from setup.forestry.deck import DeckError


def _table(state: GameState) -> ForestryTable:
    return narrow(state.table, ForestryTable)


def _board_action(state: GameState, i: int, ctx: Ctx,
                  action: Callable[[ForestryPlayer], B.Result], *,
                  legacy_vp: bool = True) -> GameState:
    board = state.boards_of(ForestryPlayer)[i]
    try:
        new, events = action(board)
    except B.BoardError as err:
        raise DomainError.of(err, field=f"players[{i}].{err.field}") from err
    ctx.messages.extend(event_message(e, i) for e in events)
    if not state.mirror:  # a game from before the mirror principle: its old rules
        vp = sum(B.event_vp(e) for e in events) if legacy_vp else 0
        return with_board(state, i, replace(new, score_track=new.score_track + vp))
    return _suggest(with_board(state, i, new), i, board, new, events)


def _suggest(state: GameState, i: int, before: ForestryPlayer, after: ForestryPlayer,
             events: Sequence[B.BoardEvent]) -> GameState:
    """Turn the VP events of a board change into suggestions (never applied by themselves).

    A row bonus is offered once per row and game; a suggestion whose cause was taken
    back (the row is no longer full, fewer tokens below) is withdrawn.
    """
    keep: list[Suggestion] = []
    below_lost = {
        "seedling": max(0, before.seedlings_below - after.seedlings_below),
        **{f"forester:{k.value}": max(0, before.forester_tokens_below.of(k)
                                      - after.forester_tokens_below.of(k))
           for k in ForesterType}}
    for x in state.suggestions:
        if x.player == i and x.key.startswith(("forestry:", "reforestation:")):
            table, row = x.key.split(":")
            full = forestry_row_full if table == "forestry" else reforestation_row_full
            if not full(after, int(row)):
                continue
        item = dict(x.params).get("item")
        if x.player == i and item in below_lost and below_lost[str(item)] > 0:
            below_lost[str(item)] -= 1
            continue
        keep.append(x)
    next_id = max((x.id for x in state.suggestions), default=0) + 1
    pending = {(x.player, x.key) for x in keep if x.key}
    for e in events:
        vp = B.event_vp(e)
        if vp <= 0:
            continue
        if isinstance(e, B.RowCompleted):
            key = f"{e.table}:{e.row}"
            if (i, key) in pending or (i, key) in state.settled:
                continue
            pending.add((i, key))
            keep.append(Suggestion(next_id, i, ForestryCode.SUGGEST_ROW, vp, key=key,
                                   params=(("row", e.row), ("table", e.table), ("vp", vp))))
        elif isinstance(e, B.BelowTable):
            code = (ForestryCode.SUGGEST_BELOW_SEEDLING if e.item == "seedling"
                    else ForestryCode.SUGGEST_BELOW_FORESTER)
            params: tuple[tuple[str, Any], ...] = (("item", e.item), ("vp", vp))
            if e.item != "seedling":
                params += (("type", e.item.split(":", 1)[1]),)
            keep.append(Suggestion(next_id, i, code, vp, params=tuple(sorted(params))))
        else:
            keep.append(Suggestion(next_id, i, ForestryCode.SUGGEST_REWARD_LAP, vp,
                                   params=(("vp", vp),)))
        next_id += 1
    return replace(state, suggestions=tuple(keep))


def play_or_refuse(fn: Callable[[], Any], field_name: str) -> Any:
    """``fn()``, a refusal of the forest board or the spawn deck as the session's (naming
    ``field_name``)."""
    try:
        return fn()
    except (play.PlayError, DeckError) as err:
        raise DomainError.of(err, field=field_name) from err


def _log_entry(entry: play.LogEntry, ctx: Ctx, **extra: Any) -> None:
    """A draw of ``setup.forestry.play``: a message for the table and, with cards, a logged draw.

    ``extra`` goes into the message's data only (what the message needs, e.g. the
    round number), never into the logged draw.
    """
    data = log_entry_data(entry)
    if entry.reveals or entry.placements:
        ctx.draws.append(data)
    ctx.messages.append(Message(entry.action, None, {**data, **extra}))


def pending_spawns(state: GameState) -> tuple[tuple[int, int], ...]:
    """``(player, reproduction space)`` for every infested wood due at the end of this turn.

    A score marker that reached or passed a reproduction space since the last
    end of turn (``score_peaks``: the highest score already accounted for)
    spawns one infested wood per space at the end of the turn (001). A typo
    raised and corrected within the turn spawns nothing.
    """
    if not narrow(state.options, RecordOptions).infestation:  # a Forestry state only
        return ()
    table = _table(state)
    out: list[tuple[int, int]] = []
    for i in table.seat_order:
        board = state.boards_of(ForestryPlayer)[i]
        out.extend((i, t) for t in play.reproduction_crossings(table.score_peaks[i],
                                                                 board.score_track))
    return tuple(out)


def _spawn_at_end_of_turn(state: GameState, ctx: Ctx) -> GameState:
    """Infested wood for every reproduction space passed this turn; peaks move up."""
    table = _table(state)
    forest = table.forest
    peaks = list(table.score_peaks)
    due = pending_spawns(state)
    held = (sum(b.storage.infested_wood for b in state.boards_of(ForestryPlayer))
            + sum(s.infested_wood for s in table.detached_storages))  # out of the supply
    for i in table.seat_order:
        triggers = tuple(t for p, t in due if p == i)
        score = state.boards_of(ForestryPlayer)[i].score_track
        if triggers:
            forest, entry = play.spawn_for_triggers(forest, ctx.rng, triggers, peaks[i], score,
                                                    held=held)
            _log_entry(entry, ctx, old_score=peaks[i], new_score=score, player=i)
        peaks[i] = max(peaks[i], score)
    return replace(state, table=replace(table, forest=forest, score_peaks=tuple(peaks)))


# --- Forestry board commands --------------------------------------------------------------


def _categories(value: Any) -> tuple[ContractCategory, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise DomainError(ForestryCode.LIST_ONE_OR_TWO_CATEGORIES, field="categories")
    return tuple(enum_of(ContractCategory, c, "categories") for c in value)


def _chosen(value: Any) -> ContractCategory | None:
    return None if value is None else enum_of(ContractCategory, value, "chosen")


def _delta(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(SessionCode.MUST_BE_WHOLE_NUMBER, field="delta", value=value)
    return value


#: The board commands: each calls one pure action of ``scoring.forestry.board``.
#: Command fields are converted here, so a bad value names the command field.
BOARD_ACTIONS: dict[type[Command], Callable[[ForestryPlayer, Any], B.Result]] = {
    SetCount: lambda b, c: B.set_count(b, c.field, c.value),
    AddScore: lambda b, c: B.set_count(b, "score_track", b.score_track + _delta(c.delta)),
    PlantSeedling: lambda b, c: B.plant_seedling(b, enum_of(Area, c.area, "area")),
    BuildForestBuilding: lambda b, c: B.build_forest_building(b),
    UpgradeSawmill: lambda b, c: B.upgrade_sawmill(b, enum_of(Area, c.area, "area")),
    OpenStorageExtension: lambda b, c: B.open_storage_extension(b),
    AddRiverToken: lambda b, c: B.add_river_token(b, enum_of(RiverSymbol, c.symbol, "symbol")),
    RemoveRiverToken: lambda b, c: B.remove_river_token(
        b, enum_of(RiverSymbol, c.symbol, "symbol")),
    AddContract: lambda b, c: B.add_contract(b, _categories(c.categories), _chosen(c.chosen)),
    RemoveContract: lambda b, c: B.remove_contract(b, c.index),
    ChooseContractCategory: lambda b, c: B.choose_contract_category(
        b, c.index, _chosen(c.chosen)),
    AddTaskCard: lambda b, c: B.add_task_card(b, _task(c.task)),
    RemoveTaskCard: lambda b, c: B.remove_task_card(b, c.index),
    SetTaskMet: lambda b, c: B.set_task_met(b, c.index, c.met),
    TakeRewardLap: lambda b, c: B.reward_lap(b),
}


def _board_cmd(state: GameState, cmd: Any, ctx: Ctx) -> GameState:
    i = player_index(state, cmd.player)
    action = BOARD_ACTIONS[type(cmd)]
    return _board_action(state, i, ctx, lambda b: action(b, cmd),
                         legacy_vp=type(cmd) not in (SetCount, AddScore))


def _adjust(state: GameState, cmd: AdjustCount, ctx: Ctx) -> GameState:
    """A stepper's "+1"/"-1" on any count of the board (``B.COUNT_FIELDS``)."""
    i = player_index(state, cmd.player)
    delta = step_of(cmd.delta)
    field_name = str(cmd.field)
    if field_name not in B.COUNT_FIELDS:
        raise DomainError(SessionCode.NOT_A_COUNT, field=f"players[{i}].{field_name}")

    def adjust(b: ForestryPlayer) -> B.Result:
        return B.set_count(b, field_name, B.count_of(b, field_name) + delta)

    return _board_action(state, i, ctx, adjust, legacy_vp=False)


def _column(state: GameState, cmd: SetColumn | RemoveColumn, ctx: Ctx) -> GameState:
    i = player_index(state, cmd.player)
    if isinstance(cmd, RemoveColumn):
        return _board_action(state, i, ctx, lambda b: B.remove_column(b, cmd.column),
                             legacy_vp=False)
    kind = enum_of(ForesterType, cmd.type, f"players[{i}].forestry_table[{cmd.column}].type")
    return _board_action(state, i, ctx, lambda b: B.set_column(b, cmd.column, kind, cmd.count),
                         legacy_vp=False)


def _find_suggestion(state: GameState, ident: Any) -> Suggestion:
    found = next((x for x in state.suggestions if x.id == ident), None)
    if found is None:
        raise DomainError(SessionCode.NO_SUGGESTION, field="suggestion", id=str(ident))
    return found


def _settle(state: GameState, cmd: ApplySuggestion | DismissSuggestion, ctx: Ctx
            ) -> GameState:
    x = _find_suggestion(state, cmd.id)
    if cmd.player is not None and cmd.player != x.player:
        raise DomainError(SessionCode.SUGGESTION_ON_ANOTHER_BOARD, field="player",
                          id=str(cmd.id))
    rest = tuple(y for y in state.suggestions if y.id != x.id)
    settled = (*state.settled, (x.player, x.key)) if x.key else state.settled
    state = replace(state, suggestions=rest, settled=settled)
    if isinstance(cmd, DismissSuggestion):
        return state

    def apply(b: ForestryPlayer) -> B.Result:
        b, _ = B.set_count(b, "score_track", b.score_track + x.vp) if x.vp else (b, ())
        for name, delta in x.gains:
            b, _ = B.set_count(b, name, B.count_of(b, name) + delta)
        return b, ()

    return _board_action(state, x.player, ctx, apply)


def _task(data: Any) -> TaskCard:
    """A task card from its record-v1 JSON (one requirement per card)."""
    if not isinstance(data, Mapping) or not data:
        raise DomainError(ForestryCode.TASK_CARD_REQUIREMENT_E_G_FORESTER, field="task")
    if "forest_building" in data:
        if set(data) - {"forest_building", "met"}:
            raise DomainError(ForestryCode.FOREST_BUILDING_TASK_HAS_ONLY_FOREST, field="task")
        return ForestBuildingTask(str(data["forest_building"]), bool(data.get("met", False)))
    if len(data) != 1:
        raise DomainError(ForestryCode.TASK_CARD_HAS_EXACTLY_ONE_REQUIREMENT, field="task")
    (key, value), = data.items()
    if key == "contract":
        return ContractTask(enum_of(ContractCategory, value, "task.contract"))
    if key == "seedlings":
        return SeedlingsTask(enum_of(Area, value, "task.seedlings"))
    if key == "forester":
        return ForesterTask(enum_of(ForesterType, value, "task.forester"))
    if key == "sawmill_upgrade":
        return SawmillUpgradeTask(enum_of(Area, value, "task.sawmill_upgrade"))
    if key == "river_token" and value is True:
        return RiverTokenTask()
    raise DomainError(ForestryCode.NOT_TASK_CARD_REQUIREMENT_RECORD_V1, field=f"task.{key}")


def _place_forester(state: GameState, cmd: PlaceForester, ctx: Ctx) -> GameState:
    i = player_index(state, cmd.player)
    kind = enum_of(ForesterType, cmd.type, "type")
    table = _table(state)
    forest = table.forest
    space = cmd.space
    if space is None:
        here = table.harvesters[i]
        if here is not None and forest.forester_at(here) is kind:
            space = here
    if space is not None:
        if forest.forester_at(space) is not kind:
            raise DomainError(
                ForestryCode.SPACE_HOLDS_NO_FORESTER_TOKEN,
                field="space",
                space=space,
                value=msg(f"label-{kind.value}"),
            )
        forest, _ = play_or_refuse(lambda: play.take_forester(forest, space), "space")
        state = replace(state, table=replace(table, forest=forest))
    return _board_action(state, i, ctx, lambda b: B.place_forester(b, kind, cmd.column))


# --- Forestry table commands ---------------------------------------------------------------


def _set_harvester(state: GameState, cmd: SetHarvester, ctx: Ctx) -> GameState:
    i = player_index(state, cmd.player)
    table = _table(state)
    old = table.harvesters[i]
    forest = table.forest
    if old == cmd.space:
        return state
    if old is not None:
        forest = play_or_refuse(lambda: play.remove_harvester(forest, old), "space")
    target = cmd.space
    if target is not None:
        lifted = forest
        forest = play_or_refuse(lambda: play.place_harvester(lifted, target), "space")
    harvesters = list(table.harvesters)
    harvesters[i] = cmd.space
    return replace(state, table=replace(table, forest=forest, harvesters=tuple(harvesters)))


def _replenish(state: GameState, cmd: ReplenishForesters, ctx: Ctx) -> GameState:
    table = _table(state)
    if not table.forest.missing_foresters:
        raise DomainError(ForestryCode.BOARD_ALREADY_HOLDS_ALL_THREE_FORESTER)
    forest, entry = play_or_refuse(lambda: play.replenish_foresters(table.forest, ctx.rng), "table")
    _log_entry(entry, ctx)
    return replace(state, table=replace(table, forest=forest))


#: Round token ``gain`` ids (setup.forestry.play) -> the resource every player takes.
ROUND_GAINS = {"construction_material": "construction_materials", "seedling": "seedlings",
               "temp_worker": "temp_workers"}


def round_token_effect(state: GameState, token: play.RoundToken, ctx: Ctx) -> GameState:
    """Suggest the round token's coins and resource to every player (002 round tokens).

    The mirror principle: income is offered as a one-tap "apply" per player, never
    added by itself (the player may already have counted it on the board).
    """
    if not state.mirror:  # a game from before the mirror principle: income added
        return _legacy_round_token_effect(state, token, ctx)
    suggestions = list(state.suggestions)
    next_id = max((x.id for x in suggestions), default=0) + 1
    for i, _b in enumerate(state.boards_of(ForestryPlayer)):
        gains: list[tuple[str, int]] = []
        if token.coins:
            gains.append(("resources.coins", token.coins))
        if token.gain in ROUND_GAINS:
            gains.append((f"resources.{ROUND_GAINS[token.gain]}", 1))
        if gains:
            suggestions.append(Suggestion(
                next_id, i, ForestryCode.SUGGEST_ROUND_TOKEN, gains=tuple(gains),
                params=(("coins", token.coins),
                        ("gain", token.gain if token.gain in ROUND_GAINS else "none"),
                        ("round_token", token.id))))
            next_id += 1
    _round_token_messages(state, token, ctx)
    return replace(state, suggestions=tuple(suggestions))


def _legacy_round_token_effect(state: GameState, token: play.RoundToken, ctx: Ctx
                               ) -> GameState:
    """The round token's coins and resource added to every board (games created before
    the mirror principle: their logs replay as they were played)."""
    boards = []
    for b in state.boards_of(ForestryPlayer):
        r = replace(b.resources, coins=b.resources.coins + token.coins)
        if token.gain in ROUND_GAINS:
            name = ROUND_GAINS[token.gain]
            r = replace(r, **{name: getattr(r, name) + 1})
        boards.append(replace(b, resources=r))
    _round_token_messages(state, token, ctx)
    return replace(state, boards=tuple(boards))


def _round_token_messages(state: GameState, token: play.RoundToken, ctx: Ctx) -> None:
    if token.gain == "task_card":
        ctx.messages.append(Message("round_token", None, {"round_token": token.id}))
    if token.flip_species is not None:
        first = _table(state).first_player
        ctx.messages.append(Message(
            play.PlayCode.FLIP_HARVEST, first,
            {"round_token": token.id, "species": token.flip_species.value,
             "first": state.players[first].name}))


def _reveal_round(state: GameState, cmd: RevealRoundToken, ctx: Ctx) -> GameState:
    if state.status != Status.PLAYING:
        raise DomainError(ForestryCode.START_GAME_FIRST_FIRST_ROUND_TOKEN, field="status")
    table = _table(state)
    forest, entry = play_or_refuse(lambda: play.reveal_round_token(table.forest), "round_tokens")
    stack = forest.round_tokens
    _log_entry(entry, ctx, round=stack.round, last=stack.left == 0)
    state = replace(state, table=replace(table, forest=forest))
    assert entry.round_token is not None
    return round_token_effect(state, entry.round_token, ctx)


def _remove_infested(state: GameState, cmd: RemoveInfestedWood, ctx: Ctx) -> GameState:
    table = _table(state)
    forest = play_or_refuse(lambda: play.remove_infested(table.forest, cmd.space), "space")
    state = replace(state, table=replace(table, forest=forest))
    if cmd.player is None:
        return state
    i = player_index(state, cmd.player)
    return _board_action(state, i, ctx, lambda b: B.set_count(
        b, "storage.infested_wood", b.storage.infested_wood + 1))


def _set_infested_wood(state: GameState, cmd: SetInfestedWood, ctx: Ctx) -> GameState:
    if not narrow(state.options, RecordOptions).infestation:
        raise DomainError(play.PlayCode.INFESTED_OFF, field="space")
    table = _table(state)
    if isinstance(cmd.space, int) and cmd.space in table.forest.infested:
        return state
    forest = play_or_refuse(lambda: play.set_infested(table.forest, [cmd.space]), "space")
    return replace(state, table=replace(table, forest=forest))


def _set_forester_token(state: GameState, cmd: SetForesterToken, ctx: Ctx) -> GameState:
    kind = enum_of(ForesterType, cmd.type, "type")
    table = _table(state)
    if cmd.space is not None and (isinstance(cmd.space, bool) or not isinstance(cmd.space, int)):
        raise DomainError(play.PlayCode.FOREST_SPACES_ARE_NUMBERED_1_15, field="space",
                          space=repr(cmd.space))
    forest = play_or_refuse(lambda: play.set_forester(table.forest, kind, cmd.space), "space")
    return replace(state, table=replace(table, forest=forest))


def _end_turn(state: GameState, cmd: EndTurn, ctx: Ctx) -> GameState:
    if state.status != Status.PLAYING:
        raise DomainError(play.PlayCode.NOT_PLAYING, field="status")
    seat = cmd.seat
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or seat != _table(state).current):
        raise DomainError(ForestryCode.TURN_OF_ANOTHER_SEAT, field="seat",
                          name=state.players[_table(state).current].name)
    state = _spawn_at_end_of_turn(state, ctx)
    table = _table(state)
    ended = table.current
    table = replace(table, turn=table.turn + 1)
    new_round = table.turn % table.seats == 0
    names = [p.name for p in state.players]
    data: dict[str, Any] = {"ended": names[ended], "next": names[table.current],
                            "turn": table.turn + 1, "new_round": new_round}
    ctx.messages.append(Message(play.PlayCode.TURN_ENDED, None, data))
    if new_round:
        code = play.PlayCode.FINAL_TURNS_DONE if table.final_turns else play.PlayCode.NEW_ROUND
        ctx.messages.append(Message(code, None, {"first": names[table.current]}))
    forest = table.forest
    if forest.missing_foresters:  # the start of the next turn (000, 002)
        forest, entry = play_or_refuse(lambda: play.replenish_foresters(forest, ctx.rng), "table")
        _log_entry(entry, ctx)
    return replace(state, table=replace(table, forest=forest))


def _set_detached(state: GameState, cmd: SetDetachedWood, ctx: Ctx) -> GameState:
    table = _table(state)
    storages = list(table.detached_storages)
    if not storages:
        raise DomainError(
            ForestryCode.DETACHED_STORAGES_COME_WITH_INFESTATION_MODULE,
            field="storage",
        )
    if not isinstance(cmd.storage, int) or not 0 <= cmd.storage < len(storages):
        raise DomainError(
            ForestryCode.DETACHED_STORAGES_ARE_NUMBERED_0_TO,
            field="storage",
            value=len(storages) - 1,
        )
    if isinstance(cmd.value, bool) or not isinstance(cmd.value, int) or cmd.value < 0:
        raise DomainError(SessionCode.MUST_BE_WHOLE_NUMBER_0, field="value", value=cmd.value)
    storages[cmd.storage] = replace(storages[cmd.storage], infested_wood=cmd.value)
    return replace(state, table=replace(table, detached_storages=tuple(storages)))


def _set_harvest_token(state: GameState, cmd: SetHarvestToken, ctx: Ctx) -> GameState:
    table = _table(state)
    forest = play_or_refuse(
        lambda: play.set_harvested(table.forest, cmd.space, bool(cmd.harvested)), "space")
    return replace(state, table=replace(table, forest=forest))


PRINTED_TABLES = {"buildings_vp", "tasks_vp", "forest_worker_buildings_vp", "technician_vp",
                  "detached_top_tie"}


def _confirm_printed(state: GameState, cmd: ConfirmPrinted, ctx: Ctx) -> GameState:
    if cmd.table not in PRINTED_TABLES:
        raise DomainError(SessionCode.ONE_2, field="table", value=', '.join(sorted(PRINTED_TABLES)))
    key = "" if cmd.table == "detached_top_tie" else str(cmd.key)
    value = list(cmd.value) if isinstance(cmd.value, tuple | list) else cmd.value
    rest = tuple(p for p in state.printed if (p[0], p[1]) != (cmd.table, key))
    printed = tuple(sorted((*rest, (cmd.table, key, value)), key=lambda p: (p[0], p[1])))
    new = replace(state, printed=printed)
    try:
        validate_state(new)
    except DomainError as err:
        raise DomainError.of(err, field="value") from err
    return new


def _start(state: GameState, cmd: StartGame, ctx: Ctx) -> GameState:
    """Play begins once every harvester is on the forest board (002 setup)."""
    if state.status != Status.SETUP:
        return start(state)  # the refusal: the game has already started
    table = narrow(state.table, ForestryTable)
    if None in table.harvesters:
        missing = [state.players[i].name for i, h in enumerate(table.harvesters) if h is None]
        raise DomainError(
            ForestryCode.PLACE_EVERY_HARVESTER_FIRST,
            field="table.harvesters",
            value=', '.join(missing),
        )
    return start(state)


#: What each command does in Forestry (the commands it accepts).
HANDLERS: dict[type[Command], Handler] = {
    **{cls: _board_cmd for cls in BOARD_ACTIONS},
    AdjustCount: _adjust,
    SetColumn: _column,
    RemoveColumn: _column,
    ApplySuggestion: _settle,
    DismissSuggestion: _settle,
    PlaceForester: _place_forester,
    SetHarvester: _set_harvester,
    ReplenishForesters: _replenish,
    RevealRoundToken: _reveal_round,
    RemoveInfestedWood: _remove_infested,
    SetInfestedWood: _set_infested_wood,
    SetForesterToken: _set_forester_token,
    EndTurn: _end_turn,
    SetDetachedWood: _set_detached,
    SetHarvestToken: _set_harvest_token,
    ConfirmPrinted: _confirm_printed,
    StartGame: _start,
    EndGame: end,
}



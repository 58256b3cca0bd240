"""What each of Forest Guardians' commands does to a game state (its handlers).

A board is the rules model's :class:`~scoring.guardians.model.GuardiansPlayer`
(tree points per row, animal cards, fire tokens, the ranger's counts); the
shared table holds only the game-end trigger once it fired (003).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.game.commands import AdjustCount, Command, EndGame, StartGame
from app.game.errors import DomainError, SessionCode
from app.game.handling import Ctx, Handler, end, enum_of, player_index, start, step_of, with_board
from app.game.messages import Message
from app.game.state import GameState, narrow
from app.games.guardians.codes import GuardiansCode
from app.games.guardians.commands import SetGuardians, TriggerGameEnd
from app.games.guardians.table import GuardiansTable
from scoring.guardians.checks import GameEndStatus, Turn, game_end_status
from scoring.guardians.model import GuardiansPlayer
from scoring.guardians.rules import MAX_PLAYERS, EndTrigger

#: The values a ``set_guardians`` command sets.
GUARDIANS_FIELDS = ("tree_points", "animal_cards", "fire_tokens", "animals_in_shelter",
                    "calocedrus_on_mountains")
#: The counts a stepper moves (besides ``tree_points.<row>``).
GUARDIANS_STEPPED = ("fire_tokens", "animals_in_shelter", "calocedrus_on_mountains")


def _set_guardians(state: GameState, cmd: SetGuardians, ctx: Ctx) -> GameState:
    i = player_index(state, cmd.player)
    board = narrow(state.boards[i], GuardiansPlayer)
    path = f"players[{i}].{cmd.field}"
    if cmd.field not in GUARDIANS_FIELDS:
        raise DomainError(SessionCode.ONE_2, field="field", value=', '.join(GUARDIANS_FIELDS))
    value = cmd.value
    if cmd.field in ("tree_points", "animal_cards"):
        if not isinstance(value, tuple | list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise DomainError(GuardiansCode.LIST_WHOLE_NUMBERS_0, field=path)
        if cmd.field == "tree_points" and len(value) != 3:
            raise DomainError(GuardiansCode.POINTS_UNCOVERED_ON_EACH_3_TREE, field=path)
        value = tuple(value)
    elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DomainError(SessionCode.MUST_BE_WHOLE_NUMBER_0, field=path, value=value)
    changes: dict[str, Any] = {cmd.field: value}
    return with_board(state, i, replace(board, **changes))


def _trigger_end(state: GameState, cmd: TriggerGameEnd, ctx: Ctx) -> GameState:
    i = player_index(state, cmd.player)
    table = narrow(state.table, GuardiansTable)
    trigger = enum_of(EndTrigger, cmd.trigger, "trigger")
    names = [p.name for p in state.players]
    if table.end_trigger is not None:
        fired = end_status(names, table.end_trigger, table.triggered_by)
        raise DomainError(
            GuardiansCode.GAME_END_WAS_ALREADY_TRIGGERED,
            field="trigger",
            message=fired.message if fired is not None else "",
        )
    status = end_status(names, trigger.value, i)
    data: dict[str, Any] = {"trigger": trigger.value, "by": names[i]}
    if status is not None:
        data.update(remaining=list(status.remaining), over=status.over)
    ctx.messages.append(Message("game_end", i, data))
    return replace(state, table=GuardiansTable(trigger.value, i))


def end_status(names: Sequence[str], trigger: str | None, by: int | None
               ) -> GameEndStatus | None:
    """Where the game stands once ``by`` (a seat) fired ``trigger`` (None: too few seats)."""
    if trigger is None or by is None or not 2 <= len(names) <= MAX_PLAYERS \
            or not 0 <= by < len(names):
        return None
    kind = EndTrigger(trigger)
    turn = Turn(names[by], planted_last_tree=kind is EndTrigger.LAST_TREE_PLANTED,
                drew_last_tile=kind is EndTrigger.LAST_TILE_DRAWN)
    return game_end_status(names, [turn])


def _adjust(state: GameState, cmd: AdjustCount, ctx: Ctx) -> GameState:
    """A stepper's "+1"/"-1": ``fire_tokens``, ``animals_in_shelter``,
    ``calocedrus_on_mountains`` or ``tree_points.<row 0-2>``."""
    i = player_index(state, cmd.player)
    delta = step_of(cmd.delta)
    board = narrow(state.boards[i], GuardiansPlayer)
    name = str(cmd.field)
    if name.startswith("tree_points."):
        row = name.partition(".")[2]
        if row not in ("0", "1", "2"):
            raise DomainError(SessionCode.NOT_A_COUNT, field=f"players[{i}].{name}")
        rows = list(board.tree_points)
        rows[int(row)] += delta
        value: int | tuple[int, ...] = tuple(rows)
        name = "tree_points"
    elif name in GUARDIANS_STEPPED:
        value = int(getattr(board, name)) + delta
    else:
        raise DomainError(SessionCode.NOT_A_COUNT, field=f"players[{i}].{name}")
    return _set_guardians(state, SetGuardians(version=cmd.version, player=i, field=name,
                                              value=value), ctx)


def _start(state: GameState, cmd: StartGame, ctx: Ctx) -> GameState:
    return start(state)


#: What each command does in Forest Guardians (the commands it accepts).
HANDLERS: dict[type[Command], Handler] = {
    SetGuardians: _set_guardians,
    AdjustCount: _adjust,
    TriggerGameEnd: _trigger_end,
    StartGame: _start,
    EndGame: end,
}



"""Forest Guardians as a variant: its handlers, options, deal and state.

A board is the rules model's :class:`~scoring.guardians.model.GuardiansPlayer`
(tree points per row, animal cards, fire tokens, the ranger's counts); the
shared table holds only the game-end trigger once it fired (003).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.game.commands import (
    AdjustCount,
    Command,
    EndGame,
    SetGuardians,
    StartGame,
    TriggerGameEnd,
)
from app.game.errors import DomainError, SessionCode, refusal_of
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
from app.game.messages import Message
from app.game.state import (
    GameState,
    GuardiansTable,
    PlayerSeat,
    StateCodec,
    checked_first_player,
    json_text,
    narrow,
    record_first_player,
    validate_state,
)
from app.game.variant import OptionSpec, Variant
from app.l10n import english
from scoring.games import Game
from scoring.guardians.checks import GameEndStatus, Turn, game_end_status
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.record import parse_guardians
from scoring.guardians.record import to_record as guardians_to_record
from scoring.guardians.rules import MAX_PLAYERS, MIN_PLAYERS, EndTrigger, Ranger
from scoring.guardians.score import score_guardians
from setup.guardians import plan as guardians_setup
from setup.guardians.plan import GuardiansOptions

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
            raise DomainError(SessionCode.LIST_WHOLE_NUMBERS_0, field=path)
        if cmd.field == "tree_points" and len(value) != 3:
            raise DomainError(SessionCode.POINTS_UNCOVERED_ON_EACH_3_TREE, field=path)
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
            SessionCode.GAME_END_WAS_ALREADY_TRIGGERED,
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


def _options_from_json(options: Mapping[str, Any] | None) -> GuardiansOptions:
    """The options from JSON (``{"advanced": bool}``)."""
    raw = dict(options or {})
    opts = GuardiansOptions(advanced=bool(raw.pop("advanced", False)))
    if raw:
        raise DomainError(
            SessionCode.NOT_FOREST_GUARDIANS_OPTION,
            field=f"options.{sorted(raw)[0]}",
        )
    return opts


def _guardians_initial(options: Any, seats: tuple[PlayerSeat, ...], seed: int) -> GameState:
    opts = VARIANT.parse_options(options, seats)
    names = [s.name for s in seats]
    chosen = {s.name: s.character for s in seats if s.character}
    try:
        plan = guardians_setup.deal(opts, names, seed, rangers=chosen)
    except ValueError as err:
        raise refusal_of(err, "players") from err
    rangers = [plan.ranger_of(n) for n in names]
    seats = tuple(replace(s, character=None if r is None else r.value)
                  for s, r in zip(seats, rangers, strict=True))
    boards = tuple(GuardiansPlayer(s.name, None if r is None else Ranger(r), (0, 0, 0), (), 0)
                   for s, r in zip(seats, rangers, strict=True))
    state = GameState(codec=CODEC, options=opts, players=seats, table=GuardiansTable(),
                      boards=boards, seed=seed, setup=json_text(plan.to_json(english)))
    validate_state(state)
    return state


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


def _initial(options: Any, seats: tuple[PlayerSeat, ...], seed: int,
             first_player: int | None = None, infested: Iterable[int] = ()) -> GameState:
    """The dealt state; ``first_player`` (0-based seat, ``None``: not picked) goes to the
    record. Infested wood is Forestry's."""
    if tuple(infested):
        raise DomainError(SessionCode.FORESTRY_ONLY, field="infested")
    first = checked_first_player(first_player, len(seats))
    return replace(_guardians_initial(options, seats, seed), first_player=first)


def _deal(options: Any, names: Sequence[str], seed: int, roles: Mapping[str, str]
          ) -> guardians_setup.GuardiansSetupPlan:
    return guardians_setup.deal(options, list(names), seed, rangers=dict(roles))


def _chooses_roles(options: Any) -> bool:
    """Players choose their rangers in the advanced game."""
    return bool(getattr(options, "advanced", False))


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

def _record(state: GameState, played_at: str | None, location: str | None) -> dict[str, Any]:
    options = narrow(state.options, GuardiansOptions)
    return guardians_to_record(GuardiansGame(state.boards_of(GuardiansPlayer), options.advanced,
                                             played_at, location, state.seed,
                                             record_first_player(state)))


def _from_json(codec: StateCodec, rec: Mapping[str, Any], t: Mapping[str, Any],
               common: dict[str, Any]) -> GameState:
    g = parse_guardians(rec)
    return GameState(codec=codec, options=GuardiansOptions(g.advanced),
                     table=GuardiansTable.from_json(t), boards=g.players, **common)


#: Forest Guardians' state as its record v1 and snapshot JSON, and back.
CODEC = StateCodec(Game.GUARDIANS, parse_guardians, _record, _from_json)

def count_of(state: GameState, player: int, field_name: str) -> int | None:
    """A stepped count of player ``player``'s board (a tree row, fire tokens, ...), else None."""
    if not 0 <= player < len(state.boards):
        return None
    board = narrow(state.boards[player], GuardiansPlayer)
    if field_name.startswith("tree_points."):
        row = field_name.partition(".")[2]
        return int(board.tree_points[int(row)]) if row in ("0", "1", "2") else None
    if field_name in GUARDIANS_STEPPED:
        return int(getattr(board, field_name))
    return None


VARIANT = Variant(
    game=Game.GUARDIANS,
    name="Forest Guardians",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options_type=GuardiansOptions,
    options_from_json=_options_from_json,
    options_json=lambda options: {"advanced": bool(options.advanced)},
    default_options=GuardiansOptions,
    deal=_deal,
    chooses_roles=_chooses_roles,
    role="ranger",
    initial_state=_initial,
    handlers=HANDLERS,
    count_of=count_of,
    codec=CODEC,
    score=lambda game, confirmed: score_guardians(game),
    base_categories=("trees", "animals", "fires"),
    has_end_trigger=True,
    options=(OptionSpec("advanced"),),
    roles=tuple(r.value for r in Ranger),
)

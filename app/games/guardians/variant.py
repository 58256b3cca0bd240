"""Forest Guardians as the app knows it: one :class:`~app.game.variant.Variant`.

Its options, dealer and first state, record and snapshot codec, scorer and counts; what
each command does is :mod:`app.games.guardians.handlers`. Registered in
:mod:`app.game.registry`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.game.errors import DomainError, SessionCode, refusal_of
from app.game.state import (
    GameState,
    PlayerSeat,
    StateCodec,
    checked_first_player,
    json_text,
    narrow,
    record_first_player,
    validate_state,
)
from app.game.status import Status
from app.game.variant import OptionSpec, Variant
from app.games.guardians import words
from app.games.guardians.codes import GuardiansCode
from app.games.guardians.handlers import GUARDIANS_STEPPED, HANDLERS, end_status
from app.games.guardians.setup_input import SETUP
from app.games.guardians.table import LEGACY_TABLE_KEYS, GuardiansTable
from app.l10n import english
from scoring.games import Game
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.record import parse_guardians
from scoring.guardians.record import to_record as guardians_to_record
from scoring.guardians.rules import MAX_PLAYERS, MIN_PLAYERS, Ranger
from scoring.guardians.score import score_guardians
from setup.guardians import plan as guardians_setup
from setup.guardians.plan import GuardiansOptions


def _options_from_json(options: Mapping[str, Any] | None) -> GuardiansOptions:
    """The options from JSON (``{"advanced": bool}``)."""
    raw = dict(options or {})
    opts = GuardiansOptions(advanced=bool(raw.pop("advanced", False)))
    if raw:
        raise DomainError(
            GuardiansCode.NOT_FOREST_GUARDIANS_OPTION,
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


def _initial(options: Any, seats: tuple[PlayerSeat, ...], seed: int,
             first_player: int | None = None, infested: Iterable[int] = ()) -> GameState:
    """The dealt state; ``first_player`` (0-based seat, ``None``: not picked) goes to the
    record. Infested wood is Forestry's."""
    if tuple(infested):
        raise DomainError(SessionCode.NO_FOREST_BOARD, field="infested")
    first = checked_first_player(first_player, len(seats))
    return replace(_guardians_initial(options, seats, seed), first_player=first)


def _deal(options: Any, names: Sequence[str], seed: int, roles: Mapping[str, str]
          ) -> guardians_setup.GuardiansSetupPlan:
    return guardians_setup.deal(options, list(names), seed, rangers=dict(roles))


def _chooses_roles(options: Any) -> bool:
    """Players choose their rangers in the advanced game."""
    return bool(getattr(options, "advanced", False))


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
CODEC = StateCodec(Game.GUARDIANS, parse_guardians, _record, _from_json,
                   legacy_table_keys=LEGACY_TABLE_KEYS)


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


def _still_to_play(state: GameState) -> tuple[int, ...]:
    """The seats still to take a turn once the game's end has been triggered (003: every
    other player takes one more turn after the last tree): the table cannot see turns, so
    until Finish they are all still to play."""
    if state.status == Status.FINISHED:
        return ()
    table = narrow(state.table, GuardiansTable)
    names = [p.name for p in state.players]
    status = end_status(names, table.end_trigger, table.triggered_by)
    if status is None or status.over:
        return ()
    return tuple(names.index(n) for n in status.remaining if n in names)


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
    category_order=("trees", "animals", "fires"),
    words=words.event_msg,
    still_to_play=_still_to_play,
    setup_input=SETUP,
    options=(OptionSpec("advanced", help="the advanced game (rangers, ranger board side B)"),),
    roles=tuple(r.value for r in Ranger),
)



"""Forestry (with Growing Forward) as the app knows it: one :class:`~app.game.variant.Variant`.

Its options (the dealer's, from JSON and from the seats' named characters), its dealer
and first state, its record and snapshot codec, its scorer and what its counts are;
what each command does is :mod:`app.games.forestry.handlers`. Registered in
:mod:`app.game.registry`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from app.game.commands import Command, StartGame
from app.game.errors import DomainError, refusal_of
from app.game.handling import Ctx, enum_of
from app.game.state import (
    GameState,
    PlayerSeat,
    StateCodec,
    Suggestion,
    checked_first_player,
    json_text,
    narrow,
    record_first_player,
    validate_state,
)
from app.game.status import Status
from app.game.variant import OptionSpec, TurnNow, Variant
from app.games.forestry import words
from app.games.forestry.codes import ForestryCode
from app.games.forestry.commands import EndTurn, RevealRoundToken, SetHarvester
from app.games.forestry.handlers import (
    HANDLERS,
    pending_spawns,
    play_or_refuse,
    round_token_effect,
)
from app.games.forestry.setup_input import SETUP
from app.games.forestry.table import ForestryTable
from app.l10n import english
from scoring.forestry import board as B
from scoring.forestry.enums import Character, Mode, TechnologySide
from scoring.forestry.model import DetachedStorage, ForestryGame, ForestryPlayer, GrowingForward
from scoring.forestry.model import ForestryOptions as RecordOptions
from scoring.forestry.record import parse_forestry
from scoring.forestry.record import to_record as forestry_to_record
from scoring.forestry.score import score_forestry
from scoring.games import Game
from scoring.message import ListCode, Msg, joined, msg
from scoring.printed import confirmed_table
from setup.forestry import plan as forestry_setup
from setup.forestry import play
from setup.forestry.deck import SPAWN_CARDS


def _options_from_json(options: Mapping[str, Any] | None) -> forestry_setup.ForestryOptions:
    """The dealer's options from JSON (``mode``, ``technology_side``, ``tutorial_table``,
    ``infestation``, ``asymmetric`` or the record's ``growing_forward``)."""
    raw = dict(options or {})
    gf = raw.pop("growing_forward", None) or {}
    try:
        opts = forestry_setup.ForestryOptions(
            mode=Mode(raw.pop("mode", "standard")),
            technology_side=(None if raw.get("technology_side") is None
                             else TechnologySide(raw["technology_side"])),
            tutorial_table=bool(raw.pop("tutorial_table", False)),
            infestation=bool(raw.pop("infestation", gf.get("infestation", False))),
            asymmetric=bool(raw.pop("asymmetric", gf.get("asymmetric_setup", False))),
        )
    except ValueError as err:
        raise refusal_of(err, "options") from err
    raw.pop("technology_side", None)
    if raw:
        raise DomainError(ForestryCode.NOT_FORESTRY_OPTION, field=f"options.{sorted(raw)[0]}")
    return opts


def _with_seats(opts: forestry_setup.ForestryOptions, seats: tuple[PlayerSeat, ...]
                ) -> forestry_setup.ForestryOptions:
    """The characters the seats named (the dealer deals the others)."""
    named = tuple(enum_of(Character, s.character, f"players[{s.seat - 1}].character")
                  for s in seats if s.character)
    return replace(opts, characters=named) if named else opts


def _forestry_initial(opts: forestry_setup.ForestryOptions, seats: tuple[PlayerSeat, ...],
                      seed: int, first_player: int | None = None,
                      infested: tuple[int, ...] = ()) -> GameState:
    try:
        plan = forestry_setup.deal(opts, len(seats), seed)
    except ValueError as err:
        field_name = getattr(err, "option", None)
        raise refusal_of(err, f"options.{field_name}" if field_name else "options") from err
    # named characters sit where they were named; dealt ones fill the other seats in order
    dealt = iter(plan.dealt_characters)
    chars: list[Character | None] = []
    for s in seats:
        if s.character:
            chars.append(Character(s.character))
        else:
            chars.append(next(dealt, None))
    seats = tuple(replace(s, character=None if c is None else c.value)
                  for s, c in zip(seats, chars, strict=True))
    record_options = RecordOptions(
        mode=opts.mode, technology_side=plan.technology_side,
        growing_forward=(GrowingForward(opts.infestation, opts.asymmetric)
                         if opts.growing_forward else None))
    first = checked_first_player(first_player, len(seats)) or 0
    coins_by_seat = forestry_setup.seat_coins(plan.seat_coins, first)
    boards = []
    income: list[Suggestion] = []
    for i, (s, c) in enumerate(zip(seats, chars, strict=True)):
        coins = coins_by_seat[i] if coins_by_seat else 0
        seedlings = 0 if opts.asymmetric else 1
        gains = tuple((f, n) for f, n in (("resources.coins", coins),
                                          ("resources.seedlings", seedlings)) if n)
        if gains:  # suggested, not added: the sheet starts as the empty board it mirrors
            income.append(Suggestion(len(income) + 1, i, ForestryCode.SUGGEST_SEAT_INCOME,
                                     gains=gains,
                                     params=(("coins", coins), ("seedlings", seedlings))))
        boards.append(ForestryPlayer(
            name=s.name, character=c,
            road_connections=0 if c is Character.FOREST_ROAD_MANAGER else None,
            technician_tiles=0 if c is Character.TECHNICIAN else None,
            full_seedling_rows=0 if c is Character.FOREST_WORKER else None))
    storages: tuple[DetachedStorage, ...] = ()
    if plan.growing_forward is not None:
        storages = tuple(DetachedStorage(c, 0) for c in plan.growing_forward.detached_criteria)
    forest = plan.board
    if infested:
        if not opts.infestation:
            raise DomainError(play.PlayCode.INFESTED_OFF, field="infested")
        forest = play_or_refuse(lambda: play.set_infested(forest, infested), "infested")
    table = ForestryTable(forest, (None,) * len(seats), storages, (0,) * len(seats), first)
    state = GameState(codec=CODEC, options=record_options, players=seats, table=table,
                      boards=tuple(boards), seed=seed, setup=json_text(plan.to_json(english)),
                      suggestions=tuple(income), first_player=first_player)
    token = plan.board.round_tokens.current
    if token is not None:  # the first round token is turned up during setup (002)
        state = round_token_effect(state, token, Ctx(random.Random(0)))
    validate_state(state)
    return state


def _initial(options: Any, seats: tuple[PlayerSeat, ...], seed: int,
             first_player: int | None = None, infested: Iterable[int] = ()) -> GameState:
    """The dealt state: ``first_player`` (0-based seat; 002: whoever last touched a tree;
    ``None``: not picked, seat 1 plays first and the record leaves it out) starts, seat
    coins 3/4/4/5 follow the seat order from them; ``infested`` are the
    spaces the infestation card covers (001 setup)."""
    return _forestry_initial(VARIANT.parse_options(options, seats), seats, seed, first_player,
                             tuple(infested))


def _deal(options: Any, names: Sequence[str], seed: int, roles: Mapping[str, str]
          ) -> forestry_setup.SetupPlan:
    """The setup plan (characters chosen are in the options: ``characters``)."""
    return forestry_setup.deal(options, len(names), seed)


def _chooses_roles(options: Any) -> bool:
    """Players name their characters in the advanced game."""
    return bool(getattr(options, "mode", None) is Mode.ADVANCED)


def _options_json(options: Any) -> dict[str, Any]:
    return dict(narrow(options, forestry_setup.ForestryOptions).to_json())


def _confirmed_table(options: Mapping[str, Any], table: str) -> str:
    """Where a printed value confirmed in a game with these record options is remembered
    (board side B: the advanced game's)."""
    return confirmed_table(table, board_side_b=options.get("mode") == Mode.ADVANCED.value)


#: The expansion, as the published play files name it (BG Stats' games).
GROWING_FORWARD = "Forestry: Growing Forward"


def _expansions(options: Mapping[str, Any]) -> tuple[str, ...]:
    """Growing Forward when one of its modules is on (the record's ``growing_forward``)."""
    gf = options.get("growing_forward")
    return (GROWING_FORWARD,) if isinstance(gf, Mapping) and any(gf.values()) else ()


def _turn(state: GameState) -> TurnNow | None:
    """Whose turn it is (seat order from the first player), the round, the infested wood due
    at the end of the turn, the final turns (002)."""
    if state.status != Status.PLAYING:
        return None
    table = narrow(state.table, ForestryTable)
    names = [p.name for p in state.players]
    pending = pending_spawns(state)
    notes: list[Msg] = []
    stack = table.forest.round_tokens
    # the round's token is turned up before its first turn (002): due until it is
    due = stack.left > 0 and stack.revealed < table.turn // max(1, table.seats) + 1
    if due:
        notes.append(msg(ForestryCode.ROUND_TOKEN_DUE, round=stack.round + 1))
    if pending:
        notes.append(msg(ForestryCode.TURN_PENDING, n=len(pending), spaces=joined(
            ListCode.COMMAS, (f"{names[i]} {t}" for i, t in pending))))
    if table.final_turns:
        notes.append(msg(ForestryCode.TURN_FINAL))
    return TurnNow(table.current, table.turn + 1, table.round, tuple(notes),
                   table.final_turns,
                   EndTurn(version=0, turn=table.turn, seat=table.current),
                   RevealRoundToken(version=0, round=stack.round) if due else None,
                   "round-token", len(stack.order))  # a round a token: 10, advanced 9 (002)


def _still_to_play(state: GameState) -> tuple[int, ...]:
    """The seats still to take their final turn (002: after the last round token is turned
    up, everyone takes one final turn): this round's, from the turn in play on."""
    if state.status != Status.PLAYING:
        return ()
    table = narrow(state.table, ForestryTable)
    if not table.final_turns or table.seats == 0:
        return ()
    if table.turn // table.seats + 1 > table.forest.round_tokens.revealed:
        return ()  # the final round is over
    return table.seat_order[table.turn % table.seats:]


def _in_play(state: GameState, given: Mapping[str, str]) -> tuple[Command, ...]:
    """The taps that bring a dealt table to its first turn: each seat's harvester on the
    space given (``harvesters=S1,S2,…``, seat order; checked by ``set_harvester`` as a tap
    is), then the start (002 setup: the harvesters are placed before play begins)."""
    seats = len(state.players)
    raw = given.get("harvesters")
    example = ",".join(str(n) for n in range(1, seats + 1))
    if raw is None:
        raise DomainError(ForestryCode.IN_PLAY_HARVESTERS, field="options.harvesters",
                          n=seats, example=example)
    parts = [p.strip() for p in str(raw).split(",")]
    if len(parts) != seats or not all(p.isdigit() for p in parts):
        raise DomainError(ForestryCode.IN_PLAY_HARVESTERS, field="options.harvesters",
                          n=seats, example=example)
    return (*(SetHarvester(version=0, player=i, space=int(p)) for i, p in enumerate(parts)),
            StartGame(version=0))


def _record(state: GameState, played_at: str | None, location: str | None) -> dict[str, Any]:
    table = narrow(state.table, ForestryTable)
    game = ForestryGame(narrow(state.options, RecordOptions), state.boards_of(ForestryPlayer),
                        detached_storages=table.detached_storages, seed=state.seed,
                        played_at=played_at, location=location,
                        first_player=record_first_player(state))
    return forestry_to_record(game)


def _from_json(codec: StateCodec, rec: Mapping[str, Any], t: Mapping[str, Any],
               common: dict[str, Any]) -> GameState:
    game = parse_forestry(rec)
    return GameState(codec=codec, options=game.options,
                     table=ForestryTable.from_json(t, game.detached_storages),
                     boards=game.players, **common)


#: Forestry's state as its record v1 and snapshot JSON, and back.
CODEC = StateCodec(Game.FORESTRY, parse_forestry, _record, _from_json)


def count_of(state: GameState, player: int, field_name: str) -> int | None:
    """A count of player ``player``'s board (``B.COUNT_FIELDS``), else None."""
    boards = state.boards_of(ForestryPlayer)
    if field_name not in B.COUNT_FIELDS or not 0 <= player < len(boards):
        return None
    return int(B.count_of(boards[player], field_name))


VARIANT = Variant(
    game=Game.FORESTRY,
    name="Forestry",
    min_players=forestry_setup.MIN_PLAYERS,
    max_players=forestry_setup.MAX_PLAYERS,
    options_type=forestry_setup.ForestryOptions,
    options_from_json=_options_from_json,
    options_with_seats=_with_seats,
    options_json=_options_json,
    default_options=forestry_setup.ForestryOptions,
    deal=_deal,
    chooses_roles=_chooses_roles,
    role="character",
    initial_state=_initial,
    handlers=HANDLERS,
    count_of=count_of,
    codec=CODEC,
    score=lambda game, confirmed: score_forestry(game, confirmed=confirmed),
    category_order=("score_track", "buildings", "water", "tasks", "forester_majority",
                    "resources", "wood"),
    printed=True,
    confirmed_table=_confirmed_table,
    # a printed table's value not known yet holds back these categories (scoring leaves
    # them out for every player)
    need_categories=MappingProxyType({
        "buildings_vp": ("buildings",),
        "forest_worker_buildings_vp": ("buildings",),
        "tasks_vp": ("tasks", "water", "resources", "detached"),
        "technician_vp": ("technician",),
        "detached_top_tie": ("detached",),
    }),
    expansions=_expansions,
    words=words.event_msg,
    setup_input=SETUP,
    turn=_turn,
    still_to_play=_still_to_play,
    in_play=_in_play,
    play_options=("harvesters",),
    forest_spaces=SPAWN_CARDS,  # a spawn card per space
    options=(OptionSpec("mode", tuple(m.value for m in Mode),
                        "the game mode (default standard)"),
             OptionSpec("technology_side", tuple(s.value for s in TechnologySide),
                        "the technology table's side (default: dealt)"),
             OptionSpec("tutorial_table", help="advanced game with the tutorial's pre-printed "
                                               "technology table"),
             OptionSpec("infestation", help="Growing Forward infestation"),
             OptionSpec("asymmetric", help="Growing Forward asymmetric setup cards")),
    roles=tuple(c.value for c in Character),
)



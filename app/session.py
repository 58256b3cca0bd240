"""The authoritative game session: typed commands -> new immutable state, log, undo/redo.

Data flow (docs/session.md, ../shared/ARCHITECTURE.md)::

    Command(version=N) --> GameSession.apply --> apply_command(state, cmd, rng)
                                                   | valid: (new GameState, outcome, messages)
                                                   +-> store.append_command (log row + state
                                                   |   snapshot, ONE transaction)
                                                   +-> Snapshot returned
                                     invalid: DomainError(field, message); nothing written

- **State** (:class:`GameState`) is a frozen value: seats, options, the dealt
  setup plan, the shared table (:class:`ForestryTable` / :class:`GuardiansTable`),
  one board per player (the rules model's types), printed values confirmed,
  status. Every state is validated by the record parser of the rules model,
  so a state is always a valid record v1 (cross-player limits included).
- **Commands** are frozen dataclasses (:data:`COMMANDS`), each with the
  ``version`` it was made against; ``to_json``/:func:`command_from_json`.
- **Randomness**: a command that draws spawn cards gets a seeded generator; the
  shuffles it used are recorded in the log ``outcome`` (with the draws, for
  people), and :func:`replay_command` feeds them back, so replay never re-rolls.
- **Log**: seq 1 is ``create`` (its outcome is the dealt initial state), then
  one entry per accepted command (with its author ``by``: the seat whose token
  sent it; none for the host), ``undo``, ``redo`` or ``undo_mine`` (a seat's own
  last change taken back, later changes replayed without it). The version is
  the seq of the last entry. Undo/redo walk the log; a new command clears redo.

No flet here; the UI and the table server call :class:`GameSession`.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from app.events import log_entry_data, log_entry_msg
from app.game.commands import (
    COMMANDS,  # noqa: F401 - until every importer moves (milestone)
    INTENTS,
    AddContract,
    AddRiverToken,
    AddScore,
    AddTaskCard,
    AdjustCount,
    ApplySuggestion,
    BuildForestBuilding,
    ChooseContractCategory,
    Command,
    ConfirmPrinted,
    DismissSuggestion,
    EndGame,
    EndTurn,
    Finish,
    OpenStorageExtension,
    PlaceForester,
    PlantSeedling,
    Redo,
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
    SetGuardians,
    SetHarvester,
    SetHarvestToken,
    SetInfestedWood,
    SetTaskMet,
    StartGame,
    TakeRewardLap,
    TriggerGameEnd,
    Undo,
    UndoMine,
    UpgradeSawmill,
    command_from_json,
)
from app.game.errors import (
    AlreadyDone,
    CodedError,
    DomainError,
    ReplayError,
    SessionCode,
    StaleVersion,
    refusal_of,
)
from app.game.messages import Message, event_message, plain
from app.l10n import english
from app.store.crud import DuplicateSeq, GameFinished, NotFound
from app.store.facade import Store
from app.store.models import utc
from scoring.forestry import board as B
from scoring.forestry.enums import (
    Area,
    Character,
    ContractCategory,
    ForesterType,
    Mode,
    RiverSymbol,
    TechnologySide,
)
from scoring.forestry.model import (
    ContractTask,
    DetachedStorage,
    ForestBuildingTask,
    ForesterTask,
    ForestryGame,
    ForestryPlayer,
    GrowingForward,
    RiverTokenTask,
    SawmillUpgradeTask,
    SeedlingsTask,
    TaskCard,
)
from scoring.forestry.model import ForestryOptions as RecordOptions
from scoring.forestry.record import parse_forestry
from scoring.forestry.record import to_record as forestry_to_record
from scoring.guardians.checks import Turn, game_end_status
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.record import parse_guardians
from scoring.guardians.record import to_record as guardians_to_record
from scoring.guardians.rules import EndTrigger, Ranger
from scoring.message import Msg, msg
from scoring.printed import confirmed_table
from scoring.record import RecordError
from scoring.sheet import ScoreSheet
from setup import forestry as forestry_setup
from setup import guardians as guardians_setup
from setup import play
from setup.deck import DeckError
from setup.guardians import GuardiansOptions

FORESTRY = "forestry"
GUARDIANS = "forest-guardians"
SETUP, PLAYING, FINISHED = "setup", "playing", "finished"
STATE_SCHEMA = 1



# =========================================================================== state


@dataclass(frozen=True, slots=True)
class PlayerSeat:
    """A player at the table: ``seat`` 1-based (seat 1 starts), colour, character or ranger."""

    name: str
    seat: int
    colour: str | None = None
    character: str | None = None  # Forestry character id, or Forest Guardians ranger id

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "colour": self.colour,
                "character": self.character}



@dataclass(frozen=True, slots=True)
class ForestryTable:
    """Forestry's shared table: the forest board of ``setup.play`` and what the app adds.

    ``forest`` holds the spawn deck, forester tokens, infested wood, harvested
    tokens, harvesters and the round token stack. ``harvesters`` is each seat's
    harvester space (``None``: not placed). ``detached_storages`` are the
    Growing Forward storages with the infested wood delivered to each.
    ``score_peaks`` is the highest score each marker has reached: a score track
    only goes down to correct a typo, so reproduction spaces spawn infested
    wood once per marker and lap, never again after a correction.
    """

    forest: play.ForestBoard
    harvesters: tuple[int | None, ...]
    detached_storages: tuple[DetachedStorage, ...] = ()
    score_peaks: tuple[int, ...] = ()
    first_player: int = 0  # 0-based seat index; play goes clockwise (seat order) from it
    turn: int = 0  # turns ended since play began

    @property
    def seats(self) -> int:
        return len(self.harvesters)

    @property
    def current(self) -> int:
        """Whose turn it is (0-based seat index): seat order from the first player."""
        return (self.first_player + self.turn) % max(1, self.seats)

    @property
    def seat_order(self) -> tuple[int, ...]:
        n = self.seats
        return tuple((self.first_player + k) % n for k in range(n))

    @property
    def final_turns(self) -> bool:
        """The last round token is up: each player takes one final turn (002)."""
        stack = self.forest.round_tokens
        return stack.revealed > 0 and stack.left == 0

    @property
    def round(self) -> int:
        return self.forest.round_tokens.round


@dataclass(frozen=True, slots=True)
class GuardiansTable:
    """Forest Guardians' shared table: the game-end trigger, once fired (003)."""

    end_trigger: str | None = None  # an EndTrigger value
    triggered_by: int | None = None  # 0-based seat index
    message: str = ""


Board = ForestryPlayer | GuardiansPlayer


@dataclass(frozen=True, slots=True)
class Suggestion:
    """An immediate effect the app offers as a one-tap "apply" (the mirror principle).

    The board shows what the player entered; VP the rules give for a full row 3,
    a token or seedling below the table, a reward lap, and the income of a round
    token or a seat are *suggested*: applying one adds ``vp`` to the score track
    and each ``(count field, delta)`` of ``gains`` once, then it is gone. ``key``
    names a row bonus (``forestry:3``): a row completes once per game, so it is
    never suggested again once applied or dismissed (``GameState.settled``).
    """

    id: int
    player: int
    code: str  # a SessionCode.SUGGEST_* value: what to say
    vp: int = 0
    gains: tuple[tuple[str, int], ...] = ()
    key: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def message(self) -> Msg:
        return msg(self.code, **dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "player": self.player, "code": self.code, "vp": self.vp,
                "gains": [list(g) for g in self.gains], "key": self.key,
                "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Suggestion:
        return cls(int(data["id"]), int(data["player"]), str(data["code"]), int(data["vp"]),
                   tuple((str(f), int(d)) for f, d in data.get("gains", ())),
                   str(data.get("key", "")), tuple(sorted(dict(data.get("params", {})).items())))


@dataclass(frozen=True, slots=True)
class GameState:
    """One game at one version: everything the views render and the record needs.

    ``options``: the record's typed options (Forestry) or ``GuardiansOptions``.
    ``setup``: the dealt setup plan's JSON text (immutable; ``None`` if none).
    ``printed``: printed values confirmed for this game, ``(table, key, value)``
    with ``key`` ``""`` for ``detached_top_tie``.
    """

    game: str
    options: RecordOptions | GuardiansOptions
    players: tuple[PlayerSeat, ...]
    table: ForestryTable | GuardiansTable
    boards: tuple[Board, ...]
    seed: int
    status: str = SETUP
    printed: tuple[tuple[str, str, Any], ...] = ()
    setup: str | None = None
    suggestions: tuple[Suggestion, ...] = ()
    settled: tuple[tuple[int, str], ...] = ()  # (player, row bonus key) applied or dismissed
    #: The mirror principle (immediate effects suggested, never applied). A game created
    #: before it (its saved state has no ``mirror``) keeps the old rules: VP and income
    #: added as they happened, so its log replays to the very state it saved.
    mirror: bool = True

    # ------------------------------------------------------------------ views
    def suggestions_of(self, player: int) -> tuple[Suggestion, ...]:
        return tuple(x for x in self.suggestions if x.player == player)

    @property
    def forestry_boards(self) -> tuple[ForestryPlayer, ...]:
        return tuple(b for b in self.boards if isinstance(b, ForestryPlayer))

    @property
    def guardians_boards(self) -> tuple[GuardiansPlayer, ...]:
        return tuple(b for b in self.boards if isinstance(b, GuardiansPlayer))

    def printed_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for table, key, value in self.printed:
            if key == "":
                out[table] = value
            else:
                out.setdefault(table, {})[key] = value
        return out

    def record(self, *, played_at: str | None = None, location: str | None = None
               ) -> dict[str, Any]:
        """The record v1 of this state (not validated here: see :func:`validate_state`)."""
        if self.game == FORESTRY:
            assert isinstance(self.options, RecordOptions)
            assert isinstance(self.table, ForestryTable)
            game = ForestryGame(self.options, self.forestry_boards,
                                detached_storages=self.table.detached_storages, seed=self.seed,
                                played_at=played_at, location=location)
            out = forestry_to_record(game)
        else:
            assert isinstance(self.options, GuardiansOptions)
            out = guardians_to_record(GuardiansGame(self.guardians_boards, self.options.advanced,
                                                    played_at, location, self.seed))
        printed = self.printed_json()
        if printed:
            out["printed"] = printed
        return out

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The snapshot the store keeps (read back by :meth:`from_json`)."""
        out: dict[str, Any] = {
            "schema": STATE_SCHEMA,
            "game": self.game,
            "status": self.status,
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "setup": self.setup,
            "record": self.record(),
        }
        if self.mirror:
            out["mirror"] = True
        if self.suggestions or self.settled:
            out["suggestions"] = [x.to_json() for x in self.suggestions]
            out["settled"] = [list(k) for k in self.settled]
        if isinstance(self.table, ForestryTable):
            out["table"] = {"forest": self.table.forest.to_json(),
                            "harvesters": list(self.table.harvesters),
                            "score_peaks": list(self.table.score_peaks)}
            # only when set: snapshots of games stored before these existed stay equal
            if self.table.first_player:
                out["table"]["first_player"] = self.table.first_player
            if self.table.turn:
                out["table"]["turn"] = self.table.turn
        else:
            out["table"] = {"end_trigger": self.table.end_trigger,
                            "triggered_by": self.table.triggered_by,
                            "message": self.table.message}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameState:
        if data.get("schema") != STATE_SCHEMA:
            raise ReplayError(f"unknown state schema {data.get('schema')!r}")
        rec = data["record"]
        players = tuple(PlayerSeat(p["name"], p["seat"], p.get("colour"), p.get("character"))
                        for p in data["players"])
        printed = _printed_tuples(rec.get("printed") or {})
        common = {"players": players, "seed": int(data["seed"]), "status": data["status"],
                  "printed": printed, "setup": data.get("setup"),
                  "suggestions": tuple(Suggestion.from_json(x)
                                       for x in data.get("suggestions", ())),
                  "settled": tuple((int(p), str(k)) for p, k in data.get("settled", ())),
                  "mirror": bool(data.get("mirror", False))}
        t = data["table"]
        if data["game"] == FORESTRY:
            game = parse_forestry(rec)
            table = ForestryTable(play.ForestBoard.from_json(dict(t["forest"])),
                                  tuple(t["harvesters"]),
                                  game.detached_storages, tuple(t["score_peaks"]),
                                  int(t.get("first_player", 0)), int(t.get("turn", 0)))
            return cls(game=FORESTRY, options=game.options, table=table, boards=game.players,
                       **common)
        g = parse_guardians(rec)
        gtable = GuardiansTable(t.get("end_trigger"), t.get("triggered_by"), t.get("message", ""))
        return cls(game=GUARDIANS, options=GuardiansOptions(g.advanced), table=gtable,
                   boards=g.players, **common)


def _printed_tuples(printed: Mapping[str, Any]) -> tuple[tuple[str, str, Any], ...]:
    out: list[tuple[str, str, Any]] = []
    for table, entries in sorted(printed.items()):
        if isinstance(entries, Mapping):
            out.extend((table, str(k), v) for k, v in sorted(entries.items()))
        else:
            out.append((table, "", entries))
    return tuple(out)


def with_confirmed_printed(record: Mapping[str, Any],
                           confirmed: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """See :func:`scoring.printed.embed_confirmed` (the values a game is scored with)."""
    from scoring.printed import embed_confirmed

    return embed_confirmed(record, confirmed)


def validate_state(state: GameState) -> dict[str, Any]:
    """Check the state against the rules model's record parser; return its record.

    Raises :class:`DomainError` naming the first problem's field.
    """
    record = state.record()
    try:
        if state.game == FORESTRY:
            parse_forestry(record)
        else:
            parse_guardians(record)
    except RecordError as err:
        first = err.problems[0]
        raise DomainError(first.msg.code, field=first.path or None, **first.msg.params) from err
    return record


GUARDIANS_FIELDS = ("tree_points", "animal_cards", "fire_tokens", "animals_in_shelter",
                    "calocedrus_on_mountains")
# =========================================================================== randomness


class RecordingRandom(random.Random):
    """A seeded generator that records every shuffle (the only draws the deck makes)."""

    def __init__(self, seed: Any) -> None:
        super().__init__(seed)
        self.shuffles: list[list[Any]] = []

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        self.shuffles.append(list(x))


class ReplayRandom(random.Random):
    """Feeds recorded shuffles back; any other use of randomness is a ReplayError."""

    def __init__(self, shuffles: Iterable[Sequence[Any]]) -> None:
        super().__init__(0)
        self._left = [list(s) for s in shuffles]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if not self._left:
            raise ReplayError("replay needed a shuffle the log did not record")
        order = self._left.pop(0)
        if sorted(order) != sorted(x):
            raise ReplayError("the recorded shuffle does not match the cards shuffled")
        x[:] = order

    def random(self) -> float:
        raise ReplayError("replay needed a random number the log did not record")

    def getrandbits(self, k: int) -> int:
        raise ReplayError("replay needed a random number the log did not record")

    @property
    def unused(self) -> int:
        return len(self._left)


def command_rng(seed: int, seq: int) -> RecordingRandom:
    """The generator for the command logged as ``seq`` (reproducible from the seed)."""
    return RecordingRandom(f"forest-table/{seed}/{seq}")


# =========================================================================== rules


@dataclass(slots=True)
class _Ctx:
    """What a handler may use besides the state: the generator and the draws it made."""

    rng: random.Random
    draws: list[dict[str, Any]] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)


Handler = Callable[[GameState, Any, _Ctx], GameState]
HANDLERS: dict[type[Command], Handler] = {}


def _handles(*classes: type[Command]) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for cls in classes:
            HANDLERS[cls] = fn
        return fn

    return register


def apply_command(state: GameState, command: Command, rng: random.Random
                  ) -> tuple[GameState, Any, tuple[Message, ...]]:
    """Apply ``command`` to ``state``: ``(new state, outcome, messages)``, or DomainError.

    ``outcome`` is ``None`` for commands without chance; otherwise JSON with the
    ``shuffles`` the command used and the ``draws`` it made (what replay needs).
    """
    recorder = rng if isinstance(rng, RecordingRandom) else RecordingRandom(rng.getrandbits(64))
    ctx = _Ctx(recorder)
    new = _run(state, command, ctx)
    outcome = None
    if ctx.draws or recorder.shuffles:
        outcome = {"shuffles": recorder.shuffles, "draws": ctx.draws}
    return new, outcome, tuple(ctx.messages)


def replay_command(state: GameState, command: Command, outcome: Any
                   ) -> tuple[GameState, tuple[Message, ...]]:
    """Apply ``command`` again with its logged ``outcome`` (never re-rolls)."""
    shuffles = (outcome or {}).get("shuffles", []) if isinstance(outcome, Mapping) else []
    rng = ReplayRandom(shuffles)
    ctx = _Ctx(rng)
    try:
        new = _run(state, command, ctx)
    except DomainError as err:
        raise ReplayError(f"{command.kind} no longer applies on replay: {err}") from err
    recorded = outcome.get("draws", []) if isinstance(outcome, Mapping) else []
    if rng.unused or ctx.draws != recorded:
        raise ReplayError(f"{command.kind}: replay drew differently from the log")
    return new, tuple(ctx.messages)


def _run(state: GameState, command: Command, ctx: _Ctx) -> GameState:
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise DomainError(SessionCode.UNKNOWN_COMMAND, field="kind", kind=command.kind)
    if state.status == FINISHED:
        raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE, field="status")
    new = handler(state, command, ctx)
    if new is not state:
        validate_state(new)
    return new


# --- helpers ------------------------------------------------------------------------------


def _need_game(state: GameState, game: str, command: Command) -> None:
    if state.game != game:
        raise DomainError(
            SessionCode.COMMAND_THIS,
            field="kind",
            kind=command.kind,
            game=msg(f"game-{game}"),
            game2=msg(f"game-{state.game}"),
        )


def _player_index(state: GameState, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < len(state.boards)):
        raise DomainError(
            SessionCode.NO_PLAYER_AT_THIS_TABLE_0,
            field="player",
            player=player,
            value=len(state.boards) - 1,
        )
    return player


def _enum(kind: Any, value: Any, name: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        ids = ", ".join(m.value for m in kind)
        raise DomainError(SessionCode.NOT_ONE, field=name, value=value, ids=ids) from None


def _forestry(state: GameState) -> tuple[ForestryTable, tuple[ForestryPlayer, ...]]:
    assert isinstance(state.table, ForestryTable)
    return state.table, state.forestry_boards


def _with_board(state: GameState, i: int, board: Board) -> GameState:
    boards = list(state.boards)
    boards[i] = board
    return replace(state, boards=tuple(boards))


def _board_action(state: GameState, i: int, ctx: _Ctx,
                  action: Callable[[ForestryPlayer], B.Result], *,
                  legacy_vp: bool = True) -> GameState:
    board = _forestry(state)[1][i]
    try:
        new, events = action(board)
    except B.BoardError as err:
        raise DomainError.of(err, field=f"players[{i}].{err.field}") from err
    ctx.messages.extend(event_message(e, i) for e in events)
    if not state.mirror:  # a game from before the mirror principle: its old rules
        vp = sum(B.event_vp(e) for e in events) if legacy_vp else 0
        return _with_board(state, i, replace(new, score_track=new.score_track + vp))
    return _suggest(_with_board(state, i, new), i, board, new, events)


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
            full = B.forestry_row_full if table == "forestry" else B.reforestation_row_full
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
            keep.append(Suggestion(next_id, i, SessionCode.SUGGEST_ROW, vp, key=key,
                                   params=(("row", e.row), ("table", e.table), ("vp", vp))))
        elif isinstance(e, B.BelowTable):
            code = (SessionCode.SUGGEST_BELOW_SEEDLING if e.item == "seedling"
                    else SessionCode.SUGGEST_BELOW_FORESTER)
            params: tuple[tuple[str, Any], ...] = (("item", e.item), ("vp", vp))
            if e.item != "seedling":
                params += (("type", e.item.split(":", 1)[1]),)
            keep.append(Suggestion(next_id, i, code, vp, params=tuple(sorted(params))))
        else:
            keep.append(Suggestion(next_id, i, SessionCode.SUGGEST_REWARD_LAP, vp,
                                   params=(("vp", vp),)))
        next_id += 1
    return replace(state, suggestions=tuple(keep))


def _play(fn: Callable[[], Any], field_name: str) -> Any:
    try:
        return fn()
    except play.PlayRefusal as err:
        raise CodedError(field_name, err.code, **err.params) from err
    except (play.PlayError, DeckError) as err:
        raise DomainError.of(err, field=field_name) from err


def _log_entry(entry: play.LogEntry, ctx: _Ctx, **extra: Any) -> None:
    """A draw of ``setup.play``: a message for the table and, with cards, a logged draw.

    ``extra`` goes into the message's data only (what the message needs, e.g. the
    round number), never into the logged draw.
    """
    data = log_entry_data(entry)
    if entry.reveals or entry.placements:
        ctx.draws.append(data)
    said = log_entry_msg(entry, **extra)
    text = english(said) if said is not None else entry.action
    ctx.messages.append(Message(text, entry.action, None, {**data, **extra}))


def _action_key(state: GameState, command: Command) -> bool | None:
    """Does a shared-table action's key match the state? None: the command has no key."""
    table = state.table
    if not isinstance(table, ForestryTable):
        return None
    if isinstance(command, RevealRoundToken) and command.round is not None:
        return command.round == table.round
    if isinstance(command, EndTurn) and command.turn is not None:
        return command.turn == table.turn
    if isinstance(command, ReplenishForesters) and command.foresters is not None:
        return command.foresters == len(table.forest.foresters)
    return None


def pending_spawns(state: GameState) -> tuple[tuple[int, int], ...]:
    """``(player, reproduction space)`` for every infested wood due at the end of this turn.

    A score marker that reached or passed a reproduction space since the last
    end of turn (``score_peaks``: the highest score already accounted for)
    spawns one infested wood per space at the end of the turn (001). A typo
    raised and corrected within the turn spawns nothing.
    """
    if state.game != FORESTRY or not isinstance(state.options, RecordOptions) or \
            not state.options.infestation:
        return ()
    table = _forestry(state)[0]
    out: list[tuple[int, int]] = []
    for i in table.seat_order:
        board = state.forestry_boards[i]
        out.extend((i, t) for t in play.reproduction_crossings(table.score_peaks[i],
                                                                 board.score_track))
    return tuple(out)


def _spawn_at_end_of_turn(state: GameState, ctx: _Ctx) -> GameState:
    """Infested wood for every reproduction space passed this turn; peaks move up."""
    table = _forestry(state)[0]
    forest = table.forest
    peaks = list(table.score_peaks)
    due = pending_spawns(state)
    for i in table.seat_order:
        triggers = tuple(t for p, t in due if p == i)
        score = state.forestry_boards[i].score_track
        if triggers:
            forest, entry = play.spawn_for_triggers(forest, ctx.rng, triggers, peaks[i], score)
            _log_entry(entry, ctx, old_score=peaks[i], new_score=score, player=i)
        peaks[i] = max(peaks[i], score)
    return replace(state, table=replace(table, forest=forest, score_peaks=tuple(peaks)))


# --- Forestry board commands --------------------------------------------------------------


def _categories(value: Any) -> tuple[ContractCategory, ...]:
    if isinstance(value, str) or not isinstance(value, tuple | list):
        raise DomainError(SessionCode.LIST_ONE_OR_TWO_CATEGORIES, field="categories")
    return tuple(_enum(ContractCategory, c, "categories") for c in value)


def _chosen(value: Any) -> ContractCategory | None:
    return None if value is None else _enum(ContractCategory, value, "chosen")


def _delta(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(SessionCode.MUST_BE_WHOLE_NUMBER, field="delta", value=value)
    return value


#: The board commands: each calls one pure action of ``scoring.forestry.board``.
#: Command fields are converted here, so a bad value names the command field.
BOARD_ACTIONS: dict[type[Command], Callable[[ForestryPlayer, Any], B.Result]] = {
    SetCount: lambda b, c: B.set_count(b, c.field, c.value),
    AddScore: lambda b, c: B.set_count(b, "score_track", b.score_track + _delta(c.delta)),
    PlantSeedling: lambda b, c: B.plant_seedling(b, _enum(Area, c.area, "area")),
    BuildForestBuilding: lambda b, c: B.build_forest_building(b),
    UpgradeSawmill: lambda b, c: B.upgrade_sawmill(b, _enum(Area, c.area, "area")),
    OpenStorageExtension: lambda b, c: B.open_storage_extension(b),
    AddRiverToken: lambda b, c: B.add_river_token(b, _enum(RiverSymbol, c.symbol, "symbol")),
    RemoveRiverToken: lambda b, c: B.remove_river_token(
        b, _enum(RiverSymbol, c.symbol, "symbol")),
    AddContract: lambda b, c: B.add_contract(b, _categories(c.categories), _chosen(c.chosen)),
    RemoveContract: lambda b, c: B.remove_contract(b, c.index),
    ChooseContractCategory: lambda b, c: B.choose_contract_category(
        b, c.index, _chosen(c.chosen)),
    AddTaskCard: lambda b, c: B.add_task_card(b, _task(c.task)),
    RemoveTaskCard: lambda b, c: B.remove_task_card(b, c.index),
    SetTaskMet: lambda b, c: B.set_task_met(b, c.index, c.met),
    TakeRewardLap: lambda b, c: B.reward_lap(b),
}


@_handles(*BOARD_ACTIONS)
def _board_cmd(state: GameState, cmd: Any, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    i = _player_index(state, cmd.player)
    action = BOARD_ACTIONS[type(cmd)]
    return _board_action(state, i, ctx, lambda b: action(b, cmd),
                         legacy_vp=type(cmd) not in (SetCount, AddScore))


GUARDIANS_STEPPED = ("fire_tokens", "animals_in_shelter", "calocedrus_on_mountains")


def _step(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(SessionCode.NOT_A_STEP, field="delta", value=str(value))
    return value


@_handles(AdjustCount)
def _adjust(state: GameState, cmd: AdjustCount, ctx: _Ctx) -> GameState:
    i = _player_index(state, cmd.player)
    delta = _step(cmd.delta)
    if state.game == FORESTRY:
        field_name = str(cmd.field)
        if field_name not in B.COUNT_FIELDS:
            raise DomainError(f"players[{i}].{field_name}", str(SessionCode.NOT_A_COUNT.value),
                              msg(SessionCode.NOT_A_COUNT, field=field_name))

        def adjust(b: ForestryPlayer) -> B.Result:
            return B.set_count(b, field_name, B.count_of(b, field_name) + delta)

        return _board_action(state, i, ctx, adjust, legacy_vp=False)
    board = state.boards[i]
    assert isinstance(board, GuardiansPlayer)
    name = str(cmd.field)
    if name.startswith("tree_points."):
        row = name.partition(".")[2]
        if row not in ("0", "1", "2"):
            raise DomainError(f"players[{i}].{name}", str(SessionCode.NOT_A_COUNT.value),
                              msg(SessionCode.NOT_A_COUNT, field=name))
        rows = list(board.tree_points)
        rows[int(row)] += delta
        value: int | tuple[int, ...] = tuple(rows)
        name = "tree_points"
    elif name in GUARDIANS_STEPPED:
        value = int(getattr(board, name)) + delta
    else:
        raise DomainError(f"players[{i}].{name}", str(SessionCode.NOT_A_COUNT.value),
                          msg(SessionCode.NOT_A_COUNT, field=name))
    return _set_guardians(state, SetGuardians(version=cmd.version, player=i, field=name,
                                              value=value), ctx)


@_handles(SetColumn, RemoveColumn)
def _column(state: GameState, cmd: SetColumn | RemoveColumn, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    i = _player_index(state, cmd.player)
    if isinstance(cmd, RemoveColumn):
        return _board_action(state, i, ctx, lambda b: B.remove_column(b, cmd.column),
                             legacy_vp=False)
    kind = _enum(ForesterType, cmd.type, f"players[{i}].forestry_table[{cmd.column}].type")
    return _board_action(state, i, ctx, lambda b: B.set_column(b, cmd.column, kind, cmd.count),
                         legacy_vp=False)


def _find_suggestion(state: GameState, ident: Any) -> Suggestion:
    found = next((x for x in state.suggestions if x.id == ident), None)
    if found is None:
        raise DomainError(SessionCode.NO_SUGGESTION, field="suggestion", id=str(ident))
    return found


@_handles(ApplySuggestion, DismissSuggestion)
def _settle(state: GameState, cmd: ApplySuggestion | DismissSuggestion, ctx: _Ctx
            ) -> GameState:
    _need_game(state, FORESTRY, cmd)
    x = _find_suggestion(state, cmd.id)
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
        raise DomainError(SessionCode.TASK_CARD_REQUIREMENT_E_G_FORESTER, field="task")
    if "forest_building" in data:
        if set(data) - {"forest_building", "met"}:
            raise DomainError(SessionCode.FOREST_BUILDING_TASK_HAS_ONLY_FOREST, field="task")
        return ForestBuildingTask(str(data["forest_building"]), bool(data.get("met", False)))
    if len(data) != 1:
        raise DomainError(SessionCode.TASK_CARD_HAS_EXACTLY_ONE_REQUIREMENT, field="task")
    (key, value), = data.items()
    if key == "contract":
        return ContractTask(_enum(ContractCategory, value, "task.contract"))
    if key == "seedlings":
        return SeedlingsTask(_enum(Area, value, "task.seedlings"))
    if key == "forester":
        return ForesterTask(_enum(ForesterType, value, "task.forester"))
    if key == "sawmill_upgrade":
        return SawmillUpgradeTask(_enum(Area, value, "task.sawmill_upgrade"))
    if key == "river_token" and value is True:
        return RiverTokenTask()
    raise DomainError(SessionCode.NOT_TASK_CARD_REQUIREMENT_RECORD_V1, field=f"task.{key}")


@_handles(PlaceForester)
def _place_forester(state: GameState, cmd: PlaceForester, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    i = _player_index(state, cmd.player)
    kind = _enum(ForesterType, cmd.type, "type")
    table = _forestry(state)[0]
    forest = table.forest
    space = cmd.space
    if space is None:
        here = table.harvesters[i]
        if here is not None and forest.forester_at(here) is kind:
            space = here
    if space is not None:
        if forest.forester_at(space) is not kind:
            raise DomainError(
                SessionCode.SPACE_HOLDS_NO_FORESTER_TOKEN,
                field="space",
                space=space,
                value=msg(f"label-{kind.value}"),
            )
        forest, _ = _play(lambda: play.take_forester(forest, space), "space")
        state = replace(state, table=replace(table, forest=forest))
    return _board_action(state, i, ctx, lambda b: B.place_forester(b, kind, cmd.column))


# --- Forestry table commands ---------------------------------------------------------------


@_handles(SetHarvester)
def _set_harvester(state: GameState, cmd: SetHarvester, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    i = _player_index(state, cmd.player)
    table = _forestry(state)[0]
    old = table.harvesters[i]
    forest = table.forest
    if old == cmd.space:
        return state
    if old is not None:
        forest = _play(lambda: play.remove_harvester(forest, old), "space")
    target = cmd.space
    if target is not None:
        lifted = forest
        forest = _play(lambda: play.place_harvester(lifted, target), "space")
    harvesters = list(table.harvesters)
    harvesters[i] = cmd.space
    return replace(state, table=replace(table, forest=forest, harvesters=tuple(harvesters)))


@_handles(ReplenishForesters)
def _replenish(state: GameState, cmd: ReplenishForesters, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    table = _forestry(state)[0]
    if not table.forest.missing_foresters:
        raise DomainError(SessionCode.BOARD_ALREADY_HOLDS_ALL_THREE_FORESTER, field=None)
    forest, entry = _play(lambda: play.replenish_foresters(table.forest, ctx.rng), "table")
    _log_entry(entry, ctx)
    return replace(state, table=replace(table, forest=forest))


#: Round token ``gain`` ids (setup.play) -> the resource every player takes.
ROUND_GAINS = {"construction_material": "construction_materials", "seedling": "seedlings",
               "temp_worker": "temp_workers"}


def _round_token_effect(state: GameState, token: play.RoundToken, ctx: _Ctx) -> GameState:
    """Suggest the round token's coins and resource to every player (002 round tokens).

    The mirror principle: income is offered as a one-tap "apply" per player, never
    added by itself (the player may already have counted it on the board).
    """
    if not state.mirror:  # a game from before the mirror principle: income added
        return _legacy_round_token_effect(state, token, ctx)
    suggestions = list(state.suggestions)
    next_id = max((x.id for x in suggestions), default=0) + 1
    for i, _b in enumerate(state.forestry_boards):
        gains: list[tuple[str, int]] = []
        if token.coins:
            gains.append(("resources.coins", token.coins))
        if token.gain in ROUND_GAINS:
            gains.append((f"resources.{ROUND_GAINS[token.gain]}", 1))
        if gains:
            suggestions.append(Suggestion(
                next_id, i, SessionCode.SUGGEST_ROUND_TOKEN, gains=tuple(gains),
                params=(("coins", token.coins),
                        ("gain", token.gain if token.gain in ROUND_GAINS else "none"),
                        ("round_token", token.id))))
            next_id += 1
    _round_token_messages(state, token, ctx)
    return replace(state, suggestions=tuple(suggestions))


def _legacy_round_token_effect(state: GameState, token: play.RoundToken, ctx: _Ctx
                               ) -> GameState:
    """The round token's coins and resource added to every board (games created before
    the mirror principle: their logs replay as they were played)."""
    boards = []
    for b in state.forestry_boards:
        r = replace(b.resources, coins=b.resources.coins + token.coins)
        if token.gain in ROUND_GAINS:
            name = ROUND_GAINS[token.gain]
            r = replace(r, **{name: getattr(r, name) + 1})
        boards.append(replace(b, resources=r))
    _round_token_messages(state, token, ctx)
    return replace(state, boards=tuple(boards))


def _round_token_messages(state: GameState, token: play.RoundToken, ctx: _Ctx) -> None:
    if token.gain == "task_card":
        ctx.messages.append(Message("Every player draws a random task card: add it to your "
                                    "board when you know its requirement.", "round_token",
                                    None, {"round_token": token.id}))
    if token.flip_species is not None:
        first = _forestry(state)[0].first_player
        ctx.messages.append(Message(
            f"First player: turn one {token.flip_species.value} harvest token to its harvested "
            "side if there is one (on the forest map: Turn harvest tokens, tap the space).",
            play.PlayCode.FLIP_HARVEST, first,
            {"round_token": token.id, "species": token.flip_species.value,
             "first": state.players[first].name}))


@_handles(RevealRoundToken)
def _reveal_round(state: GameState, cmd: RevealRoundToken, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    if state.status != PLAYING:
        raise DomainError(SessionCode.START_GAME_FIRST_FIRST_ROUND_TOKEN, field="status")
    table = _forestry(state)[0]
    forest, entry = _play(lambda: play.reveal_round_token(table.forest), "round_tokens")
    stack = forest.round_tokens
    _log_entry(entry, ctx, round=stack.round, last=stack.left == 0)
    state = replace(state, table=replace(table, forest=forest))
    assert entry.round_token is not None
    return _round_token_effect(state, entry.round_token, ctx)


@_handles(RemoveInfestedWood)
def _remove_infested(state: GameState, cmd: RemoveInfestedWood, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    table = _forestry(state)[0]
    forest = _play(lambda: play.remove_infested(table.forest, cmd.space), "space")
    state = replace(state, table=replace(table, forest=forest))
    if cmd.player is None:
        return state
    i = _player_index(state, cmd.player)
    return _board_action(state, i, ctx, lambda b: B.set_count(
        b, "storage.infested_wood", b.storage.infested_wood + 1))


@_handles(SetInfestedWood)
def _set_infested_wood(state: GameState, cmd: SetInfestedWood, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    assert isinstance(state.options, RecordOptions)
    if not state.options.infestation:
        raise CodedError("space", play.PlayCode.INFESTED_OFF)
    table = _forestry(state)[0]
    if isinstance(cmd.space, int) and cmd.space in table.forest.infested:
        return state
    forest = _play(lambda: play.set_infested(table.forest, [cmd.space]), "space")
    return replace(state, table=replace(table, forest=forest))


@_handles(SetForesterToken)
def _set_forester_token(state: GameState, cmd: SetForesterToken, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    kind = _enum(ForesterType, cmd.type, "type")
    table = _forestry(state)[0]
    if cmd.space is not None and (isinstance(cmd.space, bool) or not isinstance(cmd.space, int)):
        raise DomainError(play.PlayCode.FOREST_SPACES_ARE_NUMBERED_1_15, field="space",
                          space=repr(cmd.space))
    forest = _play(lambda: play.set_forester(table.forest, kind, cmd.space), "space")
    return replace(state, table=replace(table, forest=forest))


@_handles(EndTurn)
def _end_turn(state: GameState, cmd: EndTurn, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    if state.status != PLAYING:
        raise CodedError("status", play.PlayCode.NOT_PLAYING)
    state = _spawn_at_end_of_turn(state, ctx)
    table = _forestry(state)[0]
    ended = table.current
    table = replace(table, turn=table.turn + 1)
    new_round = table.turn % table.seats == 0
    names = [p.name for p in state.players]
    data: dict[str, Any] = {"ended": names[ended], "next": names[table.current],
                            "turn": table.turn + 1, "new_round": new_round}
    ctx.messages.append(Message(f"{names[ended]}'s turn ended; {names[table.current]} is next.",
                                play.PlayCode.TURN_ENDED, None, data))
    if new_round:
        code = play.PlayCode.FINAL_TURNS_DONE if table.final_turns else play.PlayCode.NEW_ROUND
        ctx.messages.append(Message(code, code, None, {"first": names[table.current]}))
    forest = table.forest
    if forest.missing_foresters:  # the start of the next turn (000, 002)
        forest, entry = _play(lambda: play.replenish_foresters(forest, ctx.rng), "table")
        _log_entry(entry, ctx)
    return replace(state, table=replace(table, forest=forest))


@_handles(SetDetachedWood)
def _set_detached(state: GameState, cmd: SetDetachedWood, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    table = _forestry(state)[0]
    storages = list(table.detached_storages)
    if not storages:
        raise DomainError(
            SessionCode.DETACHED_STORAGES_COME_WITH_INFESTATION_MODULE,
            field="storage",
        )
    if not isinstance(cmd.storage, int) or not 0 <= cmd.storage < len(storages):
        raise DomainError(
            SessionCode.DETACHED_STORAGES_ARE_NUMBERED_0_TO,
            field="storage",
            value=len(storages) - 1,
        )
    if isinstance(cmd.value, bool) or not isinstance(cmd.value, int) or cmd.value < 0:
        raise DomainError(SessionCode.MUST_BE_WHOLE_NUMBER_0, field="value", value=cmd.value)
    storages[cmd.storage] = replace(storages[cmd.storage], infested_wood=cmd.value)
    return replace(state, table=replace(table, detached_storages=tuple(storages)))


@_handles(SetHarvestToken)
def _set_harvest_token(state: GameState, cmd: SetHarvestToken, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
    table = _forestry(state)[0]
    forest = _play(lambda: play.set_harvested(table.forest, cmd.space, bool(cmd.harvested)),
                   "space")
    return replace(state, table=replace(table, forest=forest))


# --- Forest Guardians ----------------------------------------------------------------------


@_handles(SetGuardians)
def _set_guardians(state: GameState, cmd: SetGuardians, ctx: _Ctx) -> GameState:
    _need_game(state, GUARDIANS, cmd)
    i = _player_index(state, cmd.player)
    board = state.boards[i]
    assert isinstance(board, GuardiansPlayer)
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
    return _with_board(state, i, replace(board, **changes))


@_handles(TriggerGameEnd)
def _trigger_end(state: GameState, cmd: TriggerGameEnd, ctx: _Ctx) -> GameState:
    _need_game(state, GUARDIANS, cmd)
    i = _player_index(state, cmd.player)
    table = state.table
    assert isinstance(table, GuardiansTable)
    trigger = _enum(EndTrigger, cmd.trigger, "trigger")
    if table.end_trigger is not None:
        raise DomainError(
            SessionCode.GAME_END_WAS_ALREADY_TRIGGERED,
            field="trigger",
            message=table.message,
        )
    names = [p.name for p in state.players]
    turn = Turn(names[i], planted_last_tree=trigger is EndTrigger.LAST_TREE_PLANTED,
                drew_last_tile=trigger is EndTrigger.LAST_TILE_DRAWN)
    status = game_end_status(names, [turn]) if len(names) >= 2 else None
    message = status.message if status is not None else ""
    data: dict[str, Any] = {"trigger": trigger.value, "by": names[i]}
    if status is not None:
        data.update(remaining=list(status.remaining), over=status.over)
    ctx.messages.append(Message(message, "game_end", i, data))
    return replace(state, table=GuardiansTable(trigger.value, i, message))


# --- both games ----------------------------------------------------------------------------

#: Printed tables a game may confirm (record-v1 ``printed``).
PRINTED_TABLES = {"buildings_vp", "tasks_vp", "forest_worker_buildings_vp", "technician_vp",
                  "detached_top_tie"}


@_handles(ConfirmPrinted)
def _confirm_printed(state: GameState, cmd: ConfirmPrinted, ctx: _Ctx) -> GameState:
    _need_game(state, FORESTRY, cmd)
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


@_handles(StartGame)
def _start(state: GameState, cmd: StartGame, ctx: _Ctx) -> GameState:
    if state.status != SETUP:
        raise DomainError(SessionCode.GAME_HAS_ALREADY_STARTED, field="status")
    if isinstance(state.table, ForestryTable) and None in state.table.harvesters:
        missing = [state.players[i].name for i, h in enumerate(state.table.harvesters)
                   if h is None]
        raise DomainError(
            SessionCode.PLACE_EVERY_HARVESTER_FIRST,
            field="table.harvesters",
            value=', '.join(missing),
        )
    return replace(state, status=PLAYING)


@_handles(EndGame)
def _end(state: GameState, cmd: EndGame, ctx: _Ctx) -> GameState:
    return replace(state, status=FINISHED)


# =========================================================================== initial state


def _seats(players: Sequence[Any]) -> tuple[PlayerSeat, ...]:
    seats: list[PlayerSeat] = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            seats.append(PlayerSeat(p, i + 1))
        elif isinstance(p, PlayerSeat):
            seats.append(replace(p, seat=i + 1))
        elif isinstance(p, Mapping):
            seats.append(PlayerSeat(str(p["name"]), i + 1, p.get("colour", p.get("color")),
                                    p.get("character", p.get("ranger"))))
        else:
            raise DomainError(SessionCode.NAME_OR_NAME_COLOUR_CHARACTER, field=f"players[{i}]")
    return tuple(seats)


def _forestry_options(options: Any, seats: tuple[PlayerSeat, ...]
                      ) -> forestry_setup.ForestryOptions:
    if isinstance(options, forestry_setup.ForestryOptions):
        opts = options
    else:
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
            raise DomainError(SessionCode.NOT_FORESTRY_OPTION, field=f"options.{sorted(raw)[0]}")
    named = tuple(_enum(Character, s.character, f"players[{s.seat - 1}].character")
                  for s in seats if s.character)
    return replace(opts, characters=named) if named else opts


def initial_state(game: str, options: Any, players: Sequence[Any], seed: int, *,
                  first_player: int = 0, infested: Iterable[int] = ()) -> GameState:
    """The dealt state of a new game (a pure function of its arguments).

    Forestry: ``first_player`` (0-based seat; 002: whoever last touched a tree)
    starts, seat coins 3/4/4/5 follow the seat order from them; ``infested``
    are the spaces the infestation card covers (001 setup).
    """
    seats = _seats(players)
    if game == FORESTRY:
        return _forestry_initial(_forestry_options(options, seats), seats, seed,
                                 first_player, tuple(infested))
    if first_player or tuple(infested):
        raise CodedError("first_player", play.PlayCode.FORESTRY_ONLY)
    if game == GUARDIANS:
        return _guardians_initial(options, seats, seed)
    raise DomainError(
        SessionCode.ONE,
        field="game",
        forestry=FORESTRY,
        guardians=GUARDIANS,
        game=game,
    )


def _forestry_initial(opts: forestry_setup.ForestryOptions, seats: tuple[PlayerSeat, ...],
                      seed: int, first: int = 0, infested: tuple[int, ...] = ()) -> GameState:
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
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < len(seats):
        raise CodedError("first_player", play.PlayCode.FIRST_PLAYER, players=len(seats))
    coins_by_seat = forestry_setup.seat_coins(plan.seat_coins, first)
    boards = []
    income: list[Suggestion] = []
    for i, (s, c) in enumerate(zip(seats, chars, strict=True)):
        coins = coins_by_seat[i] if coins_by_seat else 0
        seedlings = 0 if opts.asymmetric else 1
        gains = tuple((f, n) for f, n in (("resources.coins", coins),
                                          ("resources.seedlings", seedlings)) if n)
        if gains:  # suggested, not added: the sheet starts as the empty board it mirrors
            income.append(Suggestion(len(income) + 1, i, SessionCode.SUGGEST_SEAT_INCOME,
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
            raise CodedError("infested", play.PlayCode.INFESTED_OFF)
        forest = _play(lambda: play.set_infested(forest, infested), "infested")
    table = ForestryTable(forest, (None,) * len(seats), storages, (0,) * len(seats), first)
    state = GameState(game=FORESTRY, options=record_options, players=seats, table=table,
                      boards=tuple(boards), seed=seed, setup=_json_text(plan.to_json(english)),
                      suggestions=tuple(income))
    token = plan.board.round_tokens.current
    if token is not None:  # the first round token is turned up during setup (002)
        state = _round_token_effect(state, token, _Ctx(random.Random(0)))
    validate_state(state)
    return state


def _guardians_initial(options: Any, seats: tuple[PlayerSeat, ...], seed: int) -> GameState:
    if isinstance(options, GuardiansOptions):
        opts = options
    else:
        raw = dict(options or {})
        opts = GuardiansOptions(advanced=bool(raw.pop("advanced", False)))
        if raw:
            raise DomainError(
                SessionCode.NOT_FOREST_GUARDIANS_OPTION,
                field=f"options.{sorted(raw)[0]}",
            )
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
    state = GameState(game=GUARDIANS, options=opts, players=seats, table=GuardiansTable(),
                      boards=boards, seed=seed, setup=_json_text(plan.to_json(english)))
    validate_state(state)
    return state


def _iso(value: datetime) -> str:
    """A stored timestamp as ISO 8601 with its UTC offset (SQLite returns naive UTC)."""
    aware = utc(value)
    assert aware is not None
    return aware.isoformat()


def _json_text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


# =========================================================================== the session


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a view renders: the state at ``version`` and what the last change said."""

    game_id: int
    version: int
    state: GameState
    can_undo: bool
    can_redo: bool
    messages: tuple[Message, ...] = ()
    #: the last changes, oldest first (who changed what: :class:`Change`)
    changes: tuple[Change, ...] = ()
    #: ``(author, seq)`` of each author's last change still in effect (author: seat or None)
    last_by: tuple[tuple[int | None, int], ...] = ()

    def last_change_of(self, by: int | None) -> int | None:
        """The seq of ``by``'s last change still in effect (``None``: nothing to undo)."""
        return dict(self.last_by).get(by)


@dataclass(frozen=True, slots=True)
class Change:
    """One applied command for the table's log: who (seat index, ``None`` the host) did what.

    ``data`` is the command's fields (codes and numbers): the log is rendered
    from them by the catalogues (``log-change``), never from a sentence.
    """

    seq: int
    by: int | None
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Step:
    """An applied command in the undo stack, with the state after it."""

    seq: int
    command: Command
    outcome: Any
    state: GameState
    messages: tuple[Message, ...]
    by: int | None = None  # the seat (0-based) whose token sent it; None: the host
    at: float = 0.0  # when it was applied (time.monotonic; 0: replayed from the log)


#: Shared-table actions that must apply once: a copy made against an older version,
#: after which the same action was done, is answered "already done" (:class:`AlreadyDone`).
ONCE_KINDS: frozenset[str] = frozenset({"reveal_round_token", "replenish_foresters", "end_turn"})
#: A shared action (:data:`ONCE_KINDS`) from another phone this soon after the same action,
#: with nothing in between, is the same tap made twice (seconds): see ``_already_done``.
DUPLICATE_WINDOW_S = 2.0
#: How many of the last changes a snapshot carries for the table's log.
CHANGES_SHOWN = 12


class GameSession:
    """One game's authoritative session; thread-safe (one lock per session).

    Every accepted command is in the database (log row + state snapshot, one
    transaction) before :meth:`apply` returns; an invalid command writes nothing.
    """

    def __init__(self, store: Store, game_id: int, initial: GameState, *,
                 played_at: str | None = None, location: str | None = None) -> None:
        self._store = store
        self.game_id = game_id
        self._initial = initial
        self._done: list[_Step] = []
        self._undone: list[_Step] = []
        self._version = 1
        self._messages: tuple[Message, ...] = ()
        self._lock = threading.RLock()
        self._played_at = played_at
        self._location = location

    # ------------------------------------------------------------------ opening
    @staticmethod
    def _as_store(store: Store | Engine) -> Store:
        return store if isinstance(store, Store) else Store(store)

    @classmethod
    def create(cls, store: Store | Engine, *, game: str, players: Sequence[Any],
               options: Any = None, seed: int | None = None, location: str | None = None,
               first_player: int = 0, infested: Iterable[int] = ()) -> GameSession:
        """Deal a new game and store it; ``seed`` ``None`` picks one (kept in the state).

        ``first_player`` and ``infested``: see :func:`initial_state`.
        """
        st = cls._as_store(store)
        seed = secrets.randbelow(2**53) if seed is None else seed
        infested = tuple(infested)
        state = initial_state(game, options, players, seed, first_player=first_player,
                              infested=infested)
        data = state.to_json()
        row = st.create_game(
            game=game, options=data["record"].get("options", {}), seed=seed, location=location,
            players=[{"name": p.name, "colour": p.colour, "character": p.character}
                     for p in state.players], state=data)
        assert row.id is not None
        payload: dict[str, Any] = {"game": game, "players": [p.to_json() for p in state.players],
                                   "options": data["record"].get("options", {}), "seed": seed}
        if first_player:
            payload["first_player"] = first_player
        if infested:
            payload["infested"] = sorted(infested)
        st.append_command(game_id=row.id, seq=1, kind="create", payload=payload, outcome=data,
                          state=data)
        return cls(st, row.id, state, played_at=_iso(row.played_at), location=location)

    @classmethod
    def load(cls, store: Store | Engine, game_id: int) -> GameSession:
        """Rebuild a session from the log (authoritative), checked against the snapshot."""
        st = cls._as_store(store)
        row = st.get_game(game_id=game_id)
        if row is None:
            raise NotFound(f"no game with id {game_id}")
        log = st.load_log(game_id=game_id)
        if not log:
            # created, but the create entry never made it: the version-0 snapshot is all
            snap = st.latest_state(game_id=game_id)
            if snap is None or not snap.state:
                raise ReplayError(f"game {game_id} has neither a log nor a state")
            initial = GameState.from_json(snap.state)
            session = cls(st, game_id, initial, played_at=_iso(row.played_at),
                          location=row.location)
            st.append_command(game_id=game_id, seq=1, kind="create", payload={},
                              outcome=snap.state, state=snap.state)
            return session
        if log[0].kind != "create":
            raise ReplayError(f"game {game_id}: the log does not start with 'create'")
        session = cls(st, game_id, GameState.from_json(log[0].outcome),
                      played_at=_iso(row.played_at), location=row.location)
        for entry in log[1:]:
            session._replay_entry(entry.seq, entry.kind, entry.payload, entry.outcome)
        session._version = log[-1].seq
        snap = st.latest_state(game_id=game_id)
        if snap is not None and snap.seq == session._version and snap.state != \
                session.state.to_json():
            raise ReplayError(f"game {game_id}: replaying the log does not give the stored state")
        if session.state.status == FINISHED and row.status != FINISHED:
            session._store_finished()  # the process stopped between end_game and the record
        return session

    def _replay_entry(self, seq: int, kind: str, payload: Mapping[str, Any], outcome: Any
                      ) -> None:
        if kind == "undo":
            self._undone.append(self._done.pop())
        elif kind == "redo":
            self._done.append(self._undone.pop())
        elif kind == "undo_mine":
            try:
                self._done = self._without(int(outcome["seq"]))[0]
            except (DomainError, KeyError, TypeError, ValueError) as err:
                raise ReplayError(f"undo_mine at {seq} does not replay: {err}") from err
            self._undone.clear()
        else:
            body = {k: v for k, v in payload.items() if k != "by"}
            by = payload.get("by")
            cmd = command_from_json({**body, "kind": kind})
            state, messages = replay_command(self.state, cmd, outcome)
            self._done.append(_Step(seq, cmd, outcome, state, messages,
                                    by if isinstance(by, int) else None))
            self._undone.clear()

    def refresh(self) -> Snapshot:
        """Catch up with log entries another writer (process) appended since."""
        with self._lock:
            for entry in self._store.load_log(game_id=self.game_id, after=self._version):
                self._replay_entry(entry.seq, entry.kind, entry.payload, entry.outcome)
                self._version = entry.seq
            return self.snapshot()

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self._done[-1].state if self._done else self._initial

    @property
    def version(self) -> int:
        return self._version

    def snapshot(self) -> Snapshot:
        with self._lock:
            last: dict[int | None, int] = {}
            for step in self._done:
                last[step.by] = step.seq
            changes = tuple(Change(s.seq, s.by, s.command.kind,
                                   {k: v for k, v in s.command.payload().items()
                                    if k != "version"})
                            for s in self._done[-CHANGES_SHOWN:])
            return Snapshot(self.game_id, self._version, self.state,
                            bool(self._done) and self.state.status != FINISHED,
                            bool(self._undone) and self.state.status != FINISHED,
                            self._messages, changes, tuple(sorted(
                                last.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))))

    def record(self) -> dict[str, Any]:
        """The record v1 of the current state, validated by the rules model's parser."""
        with self._lock:
            state = self.state
        rec = state.record(played_at=self._played_at, location=self._location)
        try:
            (parse_forestry if state.game == FORESTRY else parse_guardians)(rec)
        except RecordError as err:
            first = err.problems[0]
            raise DomainError(first.msg.code, field=first.path or None,
                              **first.msg.params) from err
        return rec

    def score(self) -> ScoreSheet:
        """The score sheet now (printed values: those users confirmed, then the game's own:
        a value corrected in Settings applies to a game in play)."""
        record = self.record()
        if self.state.game == FORESTRY:
            record = with_confirmed_printed(record, self._store.get_printed())
        return self._score(record)

    # ------------------------------------------------------------------ writing
    def _check_version(self, version: int) -> None:
        if version != self._version:
            raise StaleVersion(version, self._version)

    def _append(self, kind: str, payload: Mapping[str, Any], outcome: Any, state: GameState
                ) -> int:
        seq = self._version + 1
        try:
            self._store.append_command(game_id=self.game_id, seq=seq, kind=kind,
                                       payload=payload, outcome=outcome, state=state.to_json())
        except DuplicateSeq as err:  # another writer (process) got there first
            made_at = self._version
            self.refresh()
            raise StaleVersion(made_at, self._version) from err
        except GameFinished as err:
            raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE, field="status") \
                from err
        self._version = seq
        return seq

    def _already_done(self, command: Command, by: int | None = None) -> bool:
        """Raise :class:`AlreadyDone` if ``command`` (a shared-table action) was done.

        With a key (the round, the turn or the forester count the phone showed):
        the key no longer matching the state means another phone did it (the last
        step of that kind says what it did); a matching key applies at the
        current version (True: the version need not be checked — a coin changed
        meanwhile does not make "end turn" stale). Without a key: made against
        ``command.version``, the same action applied after that version is the
        second phone's tap on the same state.
        """
        key = _action_key(self.state, command)
        last = self._done[-1] if self._done else None
        if key is True and last is not None and last.command.kind == command.kind \
                and last.by != by and last.at \
                and time.monotonic() - last.at < DUPLICATE_WINDOW_S:
            # the phone had redrawn before its tap arrived: two people, one action
            raise AlreadyDone(command.kind, last.seq, last.messages)
        if key is True:
            return True
        if key is False:
            step = next((s for s in reversed(self._done) if s.command.kind == command.kind),
                        None)
            raise AlreadyDone(command.kind, step.seq if step else 0,
                              step.messages if step else ())
        if command.kind not in ONCE_KINDS or command.version >= self._version:
            return False
        mine = {k: v for k, v in command.payload().items() if k != "version"}
        for step in reversed(self._done):
            if step.seq <= command.version:
                break
            theirs = {k: v for k, v in step.command.payload().items() if k != "version"}
            if step.command.kind == command.kind and theirs == mine:
                raise AlreadyDone(command.kind, step.seq, step.messages)
        return False

    def apply(self, command: Command, *, by: int | None = None) -> Snapshot:
        """Validate, apply, persist; return the new snapshot (or raise DomainError).

        A session operation (:class:`Undo`, :class:`Redo`, :class:`UndoMine`,
        :class:`Finish`) runs :meth:`undo`, :meth:`redo`, :meth:`undo_mine` (``by``'s
        own last change) or :meth:`finish`.

        ``by`` is the seat (0-based) whose token sent it, ``None`` for the host:
        the table server sets it from the token, never from what a phone says.
        """
        if not isinstance(command, Command):
            raise DomainError(SessionCode.NOT_COMMAND, field=None)
        if by is not None and (isinstance(by, bool) or not isinstance(by, int)):
            raise CodedError("by", play.PlayCode.BAD_AUTHOR)
        if isinstance(command, Undo | Redo | UndoMine | Finish):
            return self._session_op(command, by)
        with self._lock:
            # an intent holds no value seen on screen; a shared action already done by
            # another phone is answered by _already_done (raises AlreadyDone)
            if not self._already_done(command, by) and not isinstance(command, INTENTS):
                self._check_version(command.version)
            seq = self._version + 1
            state, outcome, messages = apply_command(self.state, command,
                                                     command_rng(self.state.seed, seq))
            payload = command.payload()
            if by is not None:
                payload["by"] = by
            self._append(command.kind, payload, outcome, state)
            if isinstance(command, ConfirmPrinted):  # remembered for later games too
                side_b = isinstance(state.options, RecordOptions) and (
                    state.options.mode is Mode.ADVANCED)
                self._store.confirm_printed(
                    table=confirmed_table(command.table, board_side_b=side_b),
                    key=command.key, value=plain(command.value))
            self._done.append(_Step(seq, command, outcome, state, messages, by,
                                    time.monotonic()))
            self._undone.clear()
            self._messages = messages
            return self.snapshot()

    def _session_op(self, op: Undo | Redo | UndoMine | Finish, by: int | None) -> Snapshot:
        """Run a session operation (it walks the log; ``by``: the sender, for undo_mine)."""
        version = op.version
        if isinstance(version, bool) or not isinstance(version, int):
            raise DomainError(SessionCode.WHOLE_NUMBER, field="version")
        if isinstance(op, UndoMine):
            return self.undo_mine(by, version)
        if isinstance(op, Undo):
            return self.undo(version)
        if isinstance(op, Redo):
            return self.redo(version)
        return self.finish(version)

    def _without(self, seq: int) -> tuple[list[_Step], _Step]:
        """The undo stack without the step ``seq``, every later step replayed on top.

        A later step that no longer applies, or would draw differently, without
        it (it depends on it) raises :class:`CodedError` ``refusal-undo-depends``.
        """
        index = next((n for n, s in enumerate(self._done) if s.seq == seq), None)
        if index is None:
            raise CodedError(None, play.PlayCode.NOTHING_OF_YOURS)
        step = self._done[index]
        state = self._done[index - 1].state if index else self._initial
        kept = list(self._done[:index])
        for later in self._done[index + 1:]:
            try:
                state, messages = replay_command(state, later.command, later.outcome)
            except ReplayError as err:
                raise CodedError(None, play.PlayCode.UNDO_DEPENDS, kind=step.command.kind,
                                 later=later.command.kind, seq=later.seq,
                                 by=-1 if later.by is None else later.by) from err
            kept.append(replace(later, state=state, messages=messages))
        return kept, step

    def undo_mine(self, by: int | None, version: int) -> Snapshot:
        """Take back ``by``'s own last change (a seat's, or the host's with ``None``).

        Changes made after it by others stay: they are replayed without it. If
        one of them depends on it (it no longer applies, or a draw would come
        out differently), nothing changes and the refusal names it: the host's
        table-wide undo can take the later changes back first. A log entry
        ``undo_mine`` (outcome: the seq taken back); redo is cleared.
        """
        with self._lock:
            self._check_version(version)
            if self.state.status == FINISHED:
                raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE,
                                  field="status")
            seq = next((s.seq for s in reversed(self._done) if s.by == by), None)
            if seq is None:
                raise CodedError(None, play.PlayCode.NOTHING_OF_YOURS)
            kept, step = self._without(seq)
            after = kept[-1].state if kept else self._initial
            payload: dict[str, Any] = {"version": version}
            if by is not None:
                payload["by"] = by
            self._append("undo_mine", payload, {"seq": seq}, after)
            self._done = kept
            self._undone.clear()
            data = {"command": step.command.kind, "seq": seq, "by": -1 if by is None else by}
            self._messages = (Message(f"Undone: {step.command.kind}", play.PlayCode.UNDONE_MINE,
                                      by, data),)
            return self.snapshot()

    def undo(self, version: int) -> Snapshot:
        """Take back the last command (a log entry too; the log is append-only)."""
        with self._lock:
            self._check_version(version)
            if not self._done:
                raise DomainError(SessionCode.NOTHING_TO_UNDO, field=None)
            if self.state.status == FINISHED:
                raise DomainError(
                    SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE,
                    field="status",
                )
            step = self._done[-1]
            before = self._done[-2].state if len(self._done) > 1 else self._initial
            self._append("undo", {"version": version}, {"seq": step.seq}, before)
            self._undone.append(self._done.pop())
            self._messages = (Message(f"Undone: {step.command.kind}", "undo", None,
                                      {"command": step.command.kind}),)
            return self.snapshot()

    def redo(self, version: int) -> Snapshot:
        """Apply the last undone command again, with its logged outcome."""
        with self._lock:
            self._check_version(version)
            if not self._undone:
                raise DomainError(SessionCode.NOTHING_TO_REDO, field=None)
            step = self._undone[-1]
            self._append("redo", {"version": version}, {"seq": step.seq}, step.state)
            self._done.append(self._undone.pop())
            self._messages = (Message(f"Redone: {step.command.kind}", "redo", None,
                                      {"command": step.command.kind}), *step.messages)
            return self.snapshot()

    def finish(self, version: int) -> Snapshot:
        """End the game and store its record and score sheet (totals, ranks, winners).

        Two transactions: the ``end_game`` log entry, then the finished record;
        :meth:`load` completes the second if the process stopped in between.
        """
        with self._lock:
            self._check_version(version)
            self.record()  # refuse to end a game whose record would not be valid
            snap = self.apply(EndGame(version=version))
            self._store_finished()
            return snap

    def _store_finished(self) -> None:
        """Store the record with every printed value it was scored with (the game's own and
        those users confirmed), so a value changed later in Settings leaves it as scored."""
        record = self.record()
        if self.state.game == FORESTRY:
            record = with_confirmed_printed(record, self._store.get_printed())
        self._store.finish_game(game_id=self.game_id, record=record,
                                sheet=self._score(record))

    def _score(self, record: Mapping[str, Any]) -> ScoreSheet:
        from scoring.api import score_record

        return score_record(dict(record), confirmed=self._store.get_printed())

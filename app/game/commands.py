"""The commands: every tap is a frozen :class:`Command` made against a ``version``.

Two kinds, both with ``to_json``/:func:`command_from_json` and their :class:`Rights`:

- **game commands** (:data:`COMMANDS`): state transitions; each game's variant
  (``app.game.registry``) says which it handles;
- **session operations** (:data:`SESSION_COMMANDS`): :class:`Undo`, :class:`Redo`,
  :class:`UndoMine`, :class:`Finish`: they walk the log (``app.session.GameSession``).

The JSON ``kind`` strings are the log's: never rename one (old logs replay).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, TypeVar, dataclass_transform

from app.events import command_name
from app.game.errors import DomainError, SessionCode
from app.game.messages import plain
from app.game.state import ForestryTable, GameState, narrow


class Rights(StrEnum):
    """Who may send a command at a table (a host may send every command).

    - ``HOST``: only a host (the table's host link or the server's);
    - ``OWN_BOARD``: a seat, for its own board only (the command's ``player``; a command
      naming no player is the host's);
    - ``SHARED``: any seat (the shared table: whoever's turn it is does it); a
      ``player`` given (where a token goes) must be the sender's own;
    - ``ANY_SEAT``: any seat, no player named: the author is the sender (undo_mine).
    """

    HOST = "host"
    OWN_BOARD = "own_board"
    SHARED = "shared"
    ANY_SEAT = "any_seat"


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """A tap, made against ``version`` (the version of the game the tapper saw).

    What a command is to the table is declared on its class by :func:`command`
    (boardgame.io keeps a move's flags on the move): read them as class attributes.
    """

    #: the log's name of the command (never renamed: old logs replay)
    kind: ClassVar[str] = ""
    #: who may send it at a table (``app.table.rights`` checks it against the sender's token)
    rights: ClassVar[Rights] = Rights.HOST
    #: an intent, not a value: it applies at any version (the session skips the stale check)
    intent: ClassVar[bool] = False
    #: a shared action that applies once: the same action made against an older version
    #: after it was done is "already done" (``GameSession._already_done``)
    once: ClassVar[bool] = False
    #: a shared action's key: what the tapper saw, against the state now (``None``: none)
    shared_key: ClassVar[SharedKey | None] = None
    version: int

    def payload(self) -> dict[str, Any]:
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.payload()}


@dataclass(frozen=True, slots=True)
class SharedKey:
    """A shared action's key: the command's ``field`` holds what the tapper's screen showed
    (the round, the turn, the forester count), ``now`` reads the same from the state."""

    field: str
    now: Callable[[GameState], Any]

    def matches(self, state: GameState, cmd: Command) -> bool | None:
        """Does the key the tapper saw match the state? ``None``: the command carries none,
        or the state has no such key (another game's table: the game refuses the command)."""
        seen = getattr(cmd, self.field)
        if seen is None:
            return None
        try:
            now = self.now(state)
        except TypeError:  # not this game's table (a forged command)
            return None
        return bool(seen == now)


#: The game commands (state transitions a variant handles), by ``kind``.
COMMANDS: dict[str, type[Command]] = {}
#: The session operations, by ``kind`` (log entries of their own: ``undo``, ``redo``, ...).
SESSION_COMMANDS: dict[str, type[Command]] = {}

C = TypeVar("C", bound=Command)


@dataclass_transform(kw_only_default=True, frozen_default=True)
def command(kind: str, *, rights: Rights = Rights.HOST, intent: bool = False,
            once: bool = False, shared_key: SharedKey | None = None,
            session: bool = False
            ) -> Callable[[type[C]], type[C]]:
    """Declare a command class: a frozen, keyword-only dataclass with its flags, registered.

    ``kind`` (the log's name), ``rights`` (who may send it), ``intent`` (skips the
    stale check), ``once`` (a shared action applied once), ``shared_key`` (its
    :class:`SharedKey`) and ``session`` (a session operation: it walks the log, in
    :data:`SESSION_COMMANDS`; else a game command, in :data:`COMMANDS`).
    """
    def declare(cls: type[C]) -> type[C]:
        cls.kind, cls.rights, cls.intent, cls.once = kind, rights, intent, once
        cls.shared_key = shared_key
        made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
        registry = SESSION_COMMANDS if session else COMMANDS
        assert kind not in COMMANDS and kind not in SESSION_COMMANDS, kind
        registry[kind] = made
        return made
    return declare


def _forestry_table(state: GameState) -> ForestryTable:
    return narrow(state.table, ForestryTable)


#: Forestry's shared actions' keys (the round, the turn, the foresters on the board)
ROUND = SharedKey("round", lambda state: _forestry_table(state).round)
TURN = SharedKey("turn", lambda state: _forestry_table(state).turn)
FORESTERS = SharedKey("foresters", lambda state: len(_forestry_table(state).forest.foresters))


# --- Forestry: one player's board (player = 0-based seat index) --------------------------


@command("set_count", rights=Rights.OWN_BOARD)
class SetCount(Command):
    """Set a count on a player's board (``scoring.forestry.board.COUNT_FIELDS``).

    Raising ``score_track`` past a reproduction space spawns infested wood.
    """

    player: int
    field: str
    value: int


@command("add_score", rights=Rights.OWN_BOARD)
class AddScore(Command):
    """Move a score marker by ``delta`` VP (negative to correct); may spawn infested wood."""

    player: int
    delta: int


@command("place_forester", rights=Rights.OWN_BOARD)
class PlaceForester(Command):
    """Put a forester token on the forestry table (``column`` 0-based, ``None``: automatic).

    The token leaves the forest board: from ``space`` when given, else from the
    player's harvester space when it holds a token of that type.
    """

    player: int
    type: str
    column: int | None = None
    space: int | None = None


@command("plant_seedling", rights=Rights.OWN_BOARD)
class PlantSeedling(Command):
    player: int
    area: str


@command("build_forest_building", rights=Rights.OWN_BOARD)
class BuildForestBuilding(Command):
    player: int


@command("upgrade_sawmill", rights=Rights.OWN_BOARD)
class UpgradeSawmill(Command):
    player: int
    area: str


@command("open_storage_extension", rights=Rights.OWN_BOARD)
class OpenStorageExtension(Command):
    player: int


@command("add_river_token", rights=Rights.OWN_BOARD)
class AddRiverToken(Command):
    player: int
    symbol: str


@command("remove_river_token", rights=Rights.OWN_BOARD)
class RemoveRiverToken(Command):
    player: int
    symbol: str


@command("add_contract", rights=Rights.OWN_BOARD)
class AddContract(Command):
    """A fulfilled contract: one or two categories; ``chosen`` overrides a double."""

    player: int
    categories: tuple[str, ...]
    chosen: str | None = None


@command("remove_contract", rights=Rights.OWN_BOARD)
class RemoveContract(Command):
    player: int
    index: int


@command("choose_contract_category", rights=Rights.OWN_BOARD)
class ChooseContractCategory(Command):
    """Override a two-category contract's category (``None``: let the scoring choose)."""

    player: int
    index: int
    chosen: str | None


@command("add_task_card", rights=Rights.OWN_BOARD)
class AddTaskCard(Command):
    """A task card held; ``task`` is its record-v1 JSON, e.g. ``{"forester": "thinning"}``."""

    player: int
    task: Mapping[str, Any]


@command("remove_task_card", rights=Rights.OWN_BOARD)
class RemoveTaskCard(Command):
    player: int
    index: int


@command("set_task_met", rights=Rights.OWN_BOARD)
class SetTaskMet(Command):
    """Confirm a forest-building task card's adjacency (the app does not model the map)."""

    player: int
    index: int
    met: bool


@command("take_reward_lap", rights=Rights.OWN_BOARD)
class TakeRewardLap(Command):
    """A reward-track lap taken as 3 VP."""

    player: int


@command("adjust_count", rights=Rights.OWN_BOARD, intent=True)
class AdjustCount(Command):
    """An intent, not a value: move a count by ``delta`` (a stepper's "+1" / "−1").

    Two fast taps made against the same version both count (the session adds
    each to the count as it is then), so no tap is lost. Forestry: any
    ``scoring.forestry.board.COUNT_FIELDS`` field; Forest Guardians:
    ``fire_tokens``, ``animals_in_shelter``, ``calocedrus_on_mountains``,
    ``tree_points.<row 0-2>``.
    """

    player: int
    field: str
    delta: int


@command("set_column", rights=Rights.OWN_BOARD)
class SetColumn(Command):
    """Set forestry table column ``column`` (0-based; the next one starts a new column) to
    ``count`` tokens of ``type``; ``count`` 0 takes the column away."""

    player: int
    column: int
    type: str
    count: int


@command("remove_column", rights=Rights.OWN_BOARD)
class RemoveColumn(Command):
    player: int
    column: int


# a suggestion is on one board: its seat settles it (older logs name no player)
@command("apply_suggestion", rights=Rights.OWN_BOARD)
class ApplySuggestion(Command):
    """Apply a suggested immediate effect once (its VP to the score track, its gains)."""

    id: int
    #: the board the suggestion is on (checked against the suggestion)
    player: int | None = None


# a suggestion is on one board: its seat settles it (older logs name no player)
@command("dismiss_suggestion", rights=Rights.OWN_BOARD)
class DismissSuggestion(Command):
    """Drop a suggestion (already counted on the board, or not taken)."""

    id: int
    #: the board the suggestion is on (checked against the suggestion)
    player: int | None = None


# --- Forestry: the shared table ----------------------------------------------------------


@command("set_harvester", rights=Rights.OWN_BOARD)
class SetHarvester(Command):
    """Put, move (or with ``None`` lift) a player's harvester; one harvester per space."""

    player: int
    space: int | None


@command("replenish_foresters", rights=Rights.SHARED, once=True, shared_key=FORESTERS)
class ReplenishForesters(Command):
    """Start of a turn: draw spawn cards until the board holds 3 forester tokens.

    ``foresters``: how many the board held on the tapper's screen (the action's
    key: with fewer or more now, someone else did it or changed it: "already done").
    """

    foresters: int | None = None


@command("reveal_round_token", rights=Rights.SHARED, once=True, shared_key=ROUND)
class RevealRoundToken(Command):
    """Turn up the next round token; its coins/resources go to every player.

    ``round``: the round on the tapper's screen (the action's key: revealed once per
    round, whichever phone taps first; see :meth:`GameSession.apply`).
    """

    round: int | None = None


@command("remove_infested_wood", rights=Rights.SHARED)
class RemoveInfestedWood(Command):
    """Infested wood leaves ``space``; with ``player`` it goes into that player's storage."""

    space: int
    player: int | None = None


@command("set_infested_wood", rights=Rights.SHARED)
class SetInfestedWood(Command):
    """Correct the map: infested wood on ``space`` (the infestation card, or a fix)."""

    space: int


@command("set_forester_token", rights=Rights.SHARED)
class SetForesterToken(Command):
    """Correct the map: the ``type`` forester token lies on ``space`` (``None``: not on it)."""

    type: str
    space: int | None


@command("end_turn", rights=Rights.SHARED, once=True, shared_key=TURN)
class EndTurn(Command):
    """The current player's turn ends (RULES §2.3).

    At the end of the turn every reproduction space a score marker reached or
    passed since the last end of turn spawns one infested wood (001); then the
    next player in seat order (clockwise from the first player) starts and the
    board is brought back to 3 forester tokens (000, 002).
    """

    turn: int | None = None  # turns ended on the tapper's screen (the action's key)


@command("set_detached_wood", rights=Rights.SHARED)
class SetDetachedWood(Command):
    """Set the infested wood delivered to detached storage ``storage`` (0-2, scoring order)."""

    storage: int
    value: int


@command("set_harvest_token", rights=Rights.SHARED)
class SetHarvestToken(Command):
    """Turn the harvest token on ``space`` to its dark (harvested) side or back."""

    space: int
    harvested: bool


# --- Forest Guardians --------------------------------------------------------------------



@command("set_guardians", rights=Rights.OWN_BOARD)
class SetGuardians(Command):
    """Set a Forest Guardians value: ``tree_points`` (3 rows), ``animal_cards`` (values),
    ``fire_tokens``, ``animals_in_shelter`` (Julia), ``calocedrus_on_mountains`` (Fluffy)."""

    player: int
    field: str
    value: int | tuple[int, ...]


@command("trigger_game_end", rights=Rights.OWN_BOARD)
class TriggerGameEnd(Command):
    """A game-end condition fired: ``last_tree_planted`` or ``last_tile_drawn`` (003)."""

    player: int
    trigger: str


# --- both games --------------------------------------------------------------------------


@command("confirm_printed", rights=Rights.SHARED)
class ConfirmPrinted(Command):
    """A printed value read off a component (``key`` ``""`` for ``detached_top_tie``)."""

    table: str
    key: str
    value: Any


@command("start_game", rights=Rights.HOST)
class StartGame(Command):
    """Setup is done (harvesters placed): play begins."""



@command("end_game", rights=Rights.HOST)
class EndGame(Command):
    """The game is over: the state becomes read-only (``GameSession.finish`` stores it)."""



# --- session operations: they walk the log, not the rules ---------------------------------

def _session_op(cls: type[Command]) -> type[Command]:
    SESSION_COMMANDS[cls.kind] = cls
    return cls


@command("undo", rights=Rights.HOST, session=True)
class Undo(Command):
    """Take back the table's last change (the host's table-wide undo)."""



@command("redo", rights=Rights.HOST, session=True)
class Redo(Command):
    """Apply the last undone change again, with its logged outcome."""



@command("undo_mine", rights=Rights.ANY_SEAT, session=True)
class UndoMine(Command):
    """Take back the sender's own last change (who sent it comes from the token)."""



@command("finish", rights=Rights.HOST, session=True)
class Finish(Command):
    """End the game and store its record and score sheet."""



#: Session operations: they walk the log (``GameSession.apply`` runs them).
SessionOp = Undo | Redo | UndoMine | Finish


def command_from_json(data: Mapping[str, Any]) -> Command:
    """A command (or session operation) from its JSON (``to_json``); unknown kinds or fields
    raise DomainError."""
    if not isinstance(data, Mapping):
        raise DomainError(SessionCode.COMMAND_MUST_BE_JSON_OBJECT)
    kind = data.get("kind")
    cls = COMMANDS.get(str(kind)) or SESSION_COMMANDS.get(str(kind))
    if cls is None:
        raise DomainError(SessionCode.UNKNOWN_COMMAND, field="kind", kind=kind)
    names = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(names) - {"kind"})
    if unknown:
        raise DomainError(SessionCode.NOT_FIELD, field=unknown[0], kind=kind)
    kwargs: dict[str, Any] = {}
    for name, value in data.items():
        if name == "kind":
            continue
        kwargs[name] = tuple(value) if isinstance(value, list) else value
    try:
        return cls(**kwargs)
    except TypeError as err:
        raise DomainError(SessionCode.BAD_ARGUMENTS, field=None, kind=kind,
                          command=command_name(str(kind)), detail=str(err)) from err


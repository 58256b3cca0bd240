"""The commands: every tap is a frozen :class:`Command` made against a ``version``.

Two kinds, both with ``to_json``/:func:`command_from_json` and their :class:`Rights`:

- **game commands** (:data:`COMMANDS`): state transitions; each game's variant
  (``app.game.registry``) says which it handles;
- **session operations** (:data:`SESSION_COMMANDS`): :class:`Undo`, :class:`Redo`,
  :class:`UndoMine`, :class:`Finish`: they walk the log (``app.session.GameSession``).

The JSON ``kind`` strings are the log's: never rename one (old logs replay).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar

from app.events import command_name
from app.game.errors import DomainError, SessionCode
from app.game.messages import plain


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
    """A tap, made against ``version`` (the version of the game the tapper saw)."""

    kind: ClassVar[str] = ""
    #: who may send it at a table (``app.table`` checks it against the sender's token)
    rights: ClassVar[Rights] = Rights.HOST
    version: int

    def payload(self) -> dict[str, Any]:
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.payload()}


#: The game commands (state transitions a variant handles), by ``kind``.
COMMANDS: dict[str, type[Command]] = {}


def _register(cls: type[Command]) -> type[Command]:
    COMMANDS[cls.kind] = cls
    return cls


# --- Forestry: one player's board (player = 0-based seat index) --------------------------


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetCount(Command):
    """Set a count on a player's board (``scoring.forestry.board.COUNT_FIELDS``).

    Raising ``score_track`` past a reproduction space spawns infested wood.
    """

    kind: ClassVar[str] = "set_count"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    field: str
    value: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class AddScore(Command):
    """Move a score marker by ``delta`` VP (negative to correct); may spawn infested wood."""

    kind: ClassVar[str] = "add_score"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    delta: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceForester(Command):
    """Put a forester token on the forestry table (``column`` 0-based, ``None``: automatic).

    The token leaves the forest board: from ``space`` when given, else from the
    player's harvester space when it holds a token of that type.
    """

    kind: ClassVar[str] = "place_forester"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    type: str
    column: int | None = None
    space: int | None = None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class PlantSeedling(Command):
    kind: ClassVar[str] = "plant_seedling"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    area: str


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class BuildForestBuilding(Command):
    kind: ClassVar[str] = "build_forest_building"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class UpgradeSawmill(Command):
    kind: ClassVar[str] = "upgrade_sawmill"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    area: str


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class OpenStorageExtension(Command):
    kind: ClassVar[str] = "open_storage_extension"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class AddRiverToken(Command):
    kind: ClassVar[str] = "add_river_token"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    symbol: str


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveRiverToken(Command):
    kind: ClassVar[str] = "remove_river_token"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    symbol: str


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class AddContract(Command):
    """A fulfilled contract: one or two categories; ``chosen`` overrides a double."""

    kind: ClassVar[str] = "add_contract"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    categories: tuple[str, ...]
    chosen: str | None = None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveContract(Command):
    kind: ClassVar[str] = "remove_contract"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    index: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseContractCategory(Command):
    """Override a two-category contract's category (``None``: let the scoring choose)."""

    kind: ClassVar[str] = "choose_contract_category"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    index: int
    chosen: str | None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class AddTaskCard(Command):
    """A task card held; ``task`` is its record-v1 JSON, e.g. ``{"forester": "thinning"}``."""

    kind: ClassVar[str] = "add_task_card"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    task: Mapping[str, Any]


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveTaskCard(Command):
    kind: ClassVar[str] = "remove_task_card"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    index: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetTaskMet(Command):
    """Confirm a forest-building task card's adjacency (the app does not model the map)."""

    kind: ClassVar[str] = "set_task_met"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    index: int
    met: bool


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class TakeRewardLap(Command):
    """A reward-track lap taken as 3 VP."""

    kind: ClassVar[str] = "take_reward_lap"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class AdjustCount(Command):
    """An intent, not a value: move a count by ``delta`` (a stepper's "+1" / "−1").

    Two fast taps made against the same version both count (the session adds
    each to the count as it is then), so no tap is lost. Forestry: any
    ``scoring.forestry.board.COUNT_FIELDS`` field; Forest Guardians:
    ``fire_tokens``, ``animals_in_shelter``, ``calocedrus_on_mountains``,
    ``tree_points.<row 0-2>``.
    """

    kind: ClassVar[str] = "adjust_count"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    field: str
    delta: int


#: Commands that say what to change, not what the tapper saw: they apply at any version
#: (two fast "+" taps on a phone that has not redrawn yet both count).
INTENTS: tuple[type[Command], ...] = (AdjustCount,)


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetColumn(Command):
    """Set forestry table column ``column`` (0-based; the next one starts a new column) to
    ``count`` tokens of ``type``; ``count`` 0 takes the column away."""

    kind: ClassVar[str] = "set_column"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    column: int
    type: str
    count: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveColumn(Command):
    kind: ClassVar[str] = "remove_column"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    column: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class ApplySuggestion(Command):
    """Apply a suggested immediate effect once (its VP to the score track, its gains)."""

    kind: ClassVar[str] = "apply_suggestion"
    #: a suggestion is on one board: its seat settles it (older logs name no player)
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    id: int
    #: the board the suggestion is on (checked against the suggestion)
    player: int | None = None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class DismissSuggestion(Command):
    """Drop a suggestion (already counted on the board, or not taken)."""

    kind: ClassVar[str] = "dismiss_suggestion"
    #: a suggestion is on one board: its seat settles it (older logs name no player)
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    id: int
    #: the board the suggestion is on (checked against the suggestion)
    player: int | None = None


# --- Forestry: the shared table ----------------------------------------------------------


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetHarvester(Command):
    """Put, move (or with ``None`` lift) a player's harvester; one harvester per space."""

    kind: ClassVar[str] = "set_harvester"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    space: int | None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class ReplenishForesters(Command):
    """Start of a turn: draw spawn cards until the board holds 3 forester tokens.

    ``foresters``: how many the board held on the tapper's screen (the action's
    key: with fewer or more now, someone else did it or changed it: "already done").
    """

    kind: ClassVar[str] = "replenish_foresters"
    rights: ClassVar[Rights] = Rights.SHARED
    foresters: int | None = None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RevealRoundToken(Command):
    """Turn up the next round token; its coins/resources go to every player.

    ``round``: the round on the tapper's screen (the action's key: revealed once per
    round, whichever phone taps first; see :meth:`GameSession.apply`).
    """

    kind: ClassVar[str] = "reveal_round_token"
    rights: ClassVar[Rights] = Rights.SHARED
    round: int | None = None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveInfestedWood(Command):
    """Infested wood leaves ``space``; with ``player`` it goes into that player's storage."""

    kind: ClassVar[str] = "remove_infested_wood"
    rights: ClassVar[Rights] = Rights.SHARED
    space: int
    player: int | None = None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetInfestedWood(Command):
    """Correct the map: infested wood on ``space`` (the infestation card, or a fix)."""

    kind: ClassVar[str] = "set_infested_wood"
    rights: ClassVar[Rights] = Rights.SHARED
    space: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetForesterToken(Command):
    """Correct the map: the ``type`` forester token lies on ``space`` (``None``: not on it)."""

    kind: ClassVar[str] = "set_forester_token"
    rights: ClassVar[Rights] = Rights.SHARED
    type: str
    space: int | None


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
    """The current player's turn ends (RULES §2.3).

    At the end of the turn every reproduction space a score marker reached or
    passed since the last end of turn spawns one infested wood (001); then the
    next player in seat order (clockwise from the first player) starts and the
    board is brought back to 3 forester tokens (000, 002).
    """

    kind: ClassVar[str] = "end_turn"
    rights: ClassVar[Rights] = Rights.SHARED
    turn: int | None = None  # turns ended on the tapper's screen (the action's key)


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetDetachedWood(Command):
    """Set the infested wood delivered to detached storage ``storage`` (0-2, scoring order)."""

    kind: ClassVar[str] = "set_detached_wood"
    rights: ClassVar[Rights] = Rights.SHARED
    storage: int
    value: int


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetHarvestToken(Command):
    """Turn the harvest token on ``space`` to its dark (harvested) side or back."""

    kind: ClassVar[str] = "set_harvest_token"
    rights: ClassVar[Rights] = Rights.SHARED
    space: int
    harvested: bool


# --- Forest Guardians --------------------------------------------------------------------



@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class SetGuardians(Command):
    """Set a Forest Guardians value: ``tree_points`` (3 rows), ``animal_cards`` (values),
    ``fire_tokens``, ``animals_in_shelter`` (Julia), ``calocedrus_on_mountains`` (Fluffy)."""

    kind: ClassVar[str] = "set_guardians"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    field: str
    value: int | tuple[int, ...]


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerGameEnd(Command):
    """A game-end condition fired: ``last_tree_planted`` or ``last_tile_drawn`` (003)."""

    kind: ClassVar[str] = "trigger_game_end"
    rights: ClassVar[Rights] = Rights.OWN_BOARD
    player: int
    trigger: str


# --- both games --------------------------------------------------------------------------


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmPrinted(Command):
    """A printed value read off a component (``key`` ``""`` for ``detached_top_tie``)."""

    kind: ClassVar[str] = "confirm_printed"
    rights: ClassVar[Rights] = Rights.SHARED
    table: str
    key: str
    value: Any


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class StartGame(Command):
    """Setup is done (harvesters placed): play begins."""

    kind: ClassVar[str] = "start_game"
    rights: ClassVar[Rights] = Rights.HOST


@_register
@dataclass(frozen=True, slots=True, kw_only=True)
class EndGame(Command):
    """The game is over: the state becomes read-only (``GameSession.finish`` stores it)."""

    kind: ClassVar[str] = "end_game"
    rights: ClassVar[Rights] = Rights.HOST


# --- session operations: they walk the log, not the rules ---------------------------------

#: The session operations, by ``kind`` (log entries of their own: ``undo``, ``redo``, ...).
SESSION_COMMANDS: dict[str, type[Command]] = {}


def _session_op(cls: type[Command]) -> type[Command]:
    SESSION_COMMANDS[cls.kind] = cls
    return cls


@_session_op
@dataclass(frozen=True, slots=True, kw_only=True)
class Undo(Command):
    """Take back the table's last change (the host's table-wide undo)."""

    kind: ClassVar[str] = "undo"
    rights: ClassVar[Rights] = Rights.HOST


@_session_op
@dataclass(frozen=True, slots=True, kw_only=True)
class Redo(Command):
    """Apply the last undone change again, with its logged outcome."""

    kind: ClassVar[str] = "redo"
    rights: ClassVar[Rights] = Rights.HOST


@_session_op
@dataclass(frozen=True, slots=True, kw_only=True)
class UndoMine(Command):
    """Take back the sender's own last change (who sent it comes from the token)."""

    kind: ClassVar[str] = "undo_mine"
    rights: ClassVar[Rights] = Rights.ANY_SEAT


@_session_op
@dataclass(frozen=True, slots=True, kw_only=True)
class Finish(Command):
    """End the game and store its record and score sheet."""

    kind: ClassVar[str] = "finish"
    rights: ClassVar[Rights] = Rights.HOST


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


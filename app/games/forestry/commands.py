"""Forestry's commands: a player's board (``player`` is a 0-based seat) and the shared table.

Each is declared with its flags (:func:`app.game.commands.command`): who may send it, an
intent or a value, a shared action applied once and the key it is made against. The JSON
``kind`` strings are the log's: never rename one (old logs replay).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.game.commands import Command, Rights, SharedKey, command
from app.game.state import GameState, narrow
from app.games.forestry.table import ForestryTable


def _forestry_table(state: GameState) -> ForestryTable:
    return narrow(state.table, ForestryTable)


#: Forestry's shared actions' keys (the round, the turn, the foresters on the board)
ROUND = SharedKey("round", lambda state: _forestry_table(state).round)


TURN = SharedKey("turn", lambda state: _forestry_table(state).turn)


FORESTERS = SharedKey("foresters", lambda state: len(_forestry_table(state).forest.foresters))


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

    It names the turn it ends: ``turn`` (turns ended on the tapper's screen, the action's
    key: a tap for a turn that has ended is "already done") and ``seat`` (whose turn it
    was, 0-based; checked against the turn). A logged command without them (older logs)
    ends the turn in play.
    """

    turn: int | None = None  # turns ended on the tapper's screen (the action's key)
    seat: int | None = None  # whose turn that was (not ``player``: any seat may end it)


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



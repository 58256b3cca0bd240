"""Applying a command: the game's own handler, by lookup in its variant; and a new game.

:func:`apply_command` resolves chance with a recording generator (its shuffles
and draws become the log's ``outcome``); :func:`replay_command` feeds a logged
outcome back and never re-rolls. :func:`initial_state` deals a new game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from app.game.chance import RecordingRandom, ReplayRandom
from app.game.commands import Command
from app.game.errors import DomainError, ReplayError, SessionCode
from app.game.handling import Ctx
from app.game.messages import Message
from app.game.registry import owner_of, variant
from app.game.state import GameState, seats_of, validate_state
from app.game.status import Status
from scoring.message import msg


def apply_command(state: GameState, command: Command, rng: random.Random
                  ) -> tuple[GameState, Any, tuple[Message, ...]]:
    """Apply ``command`` to ``state``: ``(new state, outcome, messages)``, or DomainError.

    ``outcome`` is ``None`` for commands without chance; otherwise JSON with the
    ``shuffles`` the command used and the ``draws`` it made (what replay needs).
    """
    recorder = rng if isinstance(rng, RecordingRandom) else RecordingRandom(rng.getrandbits(64))
    ctx = Ctx(recorder)
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
    ctx = Ctx(rng)
    try:
        new = _run(state, command, ctx)
    except DomainError as err:
        raise ReplayError(f"{command.kind} no longer applies on replay: {err}") from err
    recorded = outcome.get("draws", []) if isinstance(outcome, Mapping) else []
    if rng.unused or ctx.draws != recorded:
        raise ReplayError(f"{command.kind}: replay drew differently from the log")
    return new, tuple(ctx.messages)


def _run(state: GameState, command: Command, ctx: Ctx) -> GameState:
    handler = variant(state.game).handlers.get(type(command))
    owner = owner_of(command) if handler is None else None
    if handler is None and owner is None:  # no game's command (a session operation)
        raise DomainError(SessionCode.UNKNOWN_COMMAND, field="kind", kind=command.kind)
    if state.status == Status.FINISHED:
        raise DomainError(SessionCode.GAME_FINISHED_NOTHING_CHANGES_ANY_MORE, field="status")
    if handler is None:  # another game's command
        game = owner.game if owner is not None else ""
        raise DomainError(SessionCode.COMMAND_THIS, field="kind", kind=command.kind,
                          game=msg(f"game-{game}"), game2=msg(f"game-{state.game}"))
    new = handler(state, command, ctx)
    if new is not state:
        validate_state(new)
    return new


def initial_state(game: str, options: Any, players: Sequence[Any], seed: int, *,
                  first_player: int | None = None, infested: Iterable[int] = ()) -> GameState:
    """The dealt state of a new game (a pure function of its arguments).

    ``first_player``: the 0-based seat picked at setup, kept in the record as
    ``first_player`` (1-based); ``None``: not picked (seat 1 plays first, the record
    leaves it out); what follows from it is the game's (its variant's ``initial_state``:
    Forestry's seat coins follow the seat order from them); ``infested``: the spaces an
    infestation card covers at setup (a game with a forest board), refused by the others.
    """
    seats = seats_of(players)
    return variant(game).initial_state(options, seats, seed, first_player, infested)

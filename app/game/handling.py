"""What every game's command handlers share: the context they get, and small checks.

A handler is ``(state, command, ctx) -> new state`` (or raises :class:`DomainError`);
each game's ``app/games/<game>/handlers.py`` has a table of them
and its variant (``app.game.registry``) says which commands it handles.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypeVar

from app.game.commands import Command, EndGame
from app.game.errors import DomainError, SessionCode
from app.game.messages import Message
from app.game.state import Board, GameState
from app.game.status import Status

E = TypeVar("E", bound=Enum)


@dataclass(slots=True)
class Ctx:
    """What a handler may use besides the state: the generator and the draws it made."""

    rng: random.Random
    draws: list[dict[str, Any]] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)


Handler = Callable[[GameState, Any, Ctx], GameState]
#: A game's handlers: which commands it accepts, and what each does.
Handlers = Mapping[type[Command], Handler]


def player_index(state: GameState, player: Any) -> int:
    """The command's ``player`` as a seat index of this table (else the refusal)."""
    if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < len(state.boards)):
        raise DomainError(
            SessionCode.NO_PLAYER_AT_THIS_TABLE_0,
            field="player",
            player=player,
            value=len(state.boards) - 1,
        )
    return player


def enum_of(kind: type[E], value: Any, name: str) -> E:
    """``kind(value)``, or the refusal naming the command field ``name`` and the ids."""
    try:
        return kind(value)
    except ValueError:
        ids = ", ".join(str(m.value) for m in kind)
        raise DomainError(SessionCode.NOT_ONE, field=name, value=value, ids=ids) from None


def with_board(state: GameState, i: int, board: Board) -> GameState:
    boards = list(state.boards)
    boards[i] = board
    return replace(state, boards=tuple(boards))


def start(state: GameState) -> GameState:
    """Play begins (a game's own ``StartGame`` handler checks its setup first)."""
    if state.status != Status.SETUP:
        raise DomainError(SessionCode.GAME_HAS_ALREADY_STARTED, field="status")
    return replace(state, status=Status.PLAYING)


def end(state: GameState, cmd: EndGame, ctx: Ctx) -> GameState:
    """The game is over: the state becomes read-only."""
    return replace(state, status=Status.FINISHED)


def step_of(value: Any) -> int:
    """A stepper's ``delta`` (a whole number, negative to go down)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(SessionCode.NOT_A_STEP, field="delta", value=str(value))
    return value

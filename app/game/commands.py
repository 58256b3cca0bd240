"""The commands: every tap is a frozen :class:`Command` made against a ``version``.

Two kinds, both with ``to_json`` (read back by :func:`app.game.registry.command_from_json`)
and their :class:`Rights`:

- **game commands** (:data:`COMMANDS`): state transitions. The ones every game shares are
  here (counts, suggestions, printed values, start, end); each game declares its own in
  its folder (``app/games/<game>/commands.py``) and its variant says which it handles;
- **session operations** (:data:`SESSION_COMMANDS`): :class:`Undo`, :class:`Redo`,
  :class:`UndoMine`, :class:`Finish`, :class:`PauseClock`, :class:`ResumeClock`: they walk
  the log (``app.session.GameSession``).

The JSON ``kind`` strings are the log's: never rename one (old logs replay).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any, ClassVar, TypeVar, dataclass_transform

from app.game.messages import plain
from app.game.state import GameState


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


# --- every game's boards: counts and suggestions (player = 0-based seat index) -----------


@command("adjust_count", rights=Rights.OWN_BOARD, intent=True)
class AdjustCount(Command):
    """An intent, not a value: move a count by ``delta`` (a stepper's "+1" / "−1").

    Two fast taps made against the same version both count (the session adds
    each to the count as it is then), so no tap is lost. Which fields are counts is the
    game's (its handler refuses any other).
    """

    player: int
    field: str
    delta: int


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


# --- every game: printed values, the start and the end ----------------------------------


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


@command("pause_clock", rights=Rights.SHARED, once=True, session=True)
class PauseClock(Command):
    """Pause the game clock (any seat or the host). ``pauses``: the number of pauses the
    tapper's screen showed; a clock already paused, or paused and resumed since, is
    "already done" (``app.game.clock``: the clock is the log's entries)."""

    pauses: int


@command("resume_clock", rights=Rights.SHARED, once=True, session=True)
class ResumeClock(Command):
    """Resume the paused game clock; ``pauses`` as :class:`PauseClock` (the pause it ends)."""

    pauses: int


#: Session operations: they walk the log (``GameSession.apply`` runs them).
SessionOp = Undo | Redo | UndoMine | Finish | PauseClock | ResumeClock

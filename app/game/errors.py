"""What the session refuses: :class:`DomainError` and its kinds, with :class:`SessionCode`.

A refusal is data (a code with values and the ``field`` it is about): the
catalogues word it (``app.l10n.refusal``). Nothing was written when one is raised.
"""

from __future__ import annotations

from typing import Any

from app.game.messages import Message
from scoring.message import MessageCode, Refusal


class SessionCode(MessageCode):
    """What the session refuses (``DomainError`` codes) whatever the game (a game's own
    refusals and suggestions are its own codes, in its folder)."""

    STALE_VERSION = "refusal-session-stale-version"
    BAD_ARGUMENTS = "refusal-session-bad-arguments"
    INVALID_VALUE = "refusal-session-invalid-value"
    WHOLE_NUMBER = "refusal-session-whole-number"  # a session operation's version

    COMMAND_MUST_BE_JSON_OBJECT = "refusal-session-command-must-be-json-object"
    COMMAND_THIS = "refusal-session-command-this"
    GAME_FINISHED_NOTHING_CHANGES_ANY_MORE = "refusal-session-game-finished-nothing-changes"
    GAME_HAS_ALREADY_STARTED = "refusal-session-game-has-already-started"
    MUST_BE_WHOLE_NUMBER = "refusal-session-must-be-whole-number"
    MUST_BE_WHOLE_NUMBER_0 = "refusal-session-must-be-whole-number-0"
    NAME_OR_NAME_COLOUR_CHARACTER = "refusal-session-name-or-name-colour-character"
    NO_PLAYER_AT_THIS_TABLE_0 = "refusal-session-no-player-at-this-table-0"
    NOT_COMMAND = "refusal-session-not-command"
    NOT_FIELD = "refusal-session-not-field"
    NOT_ONE = "refusal-session-not-one"
    NOTHING_TO_REDO = "refusal-session-nothing-to-redo"
    NOTHING_TO_UNDO = "refusal-session-nothing-to-undo"
    ONE = "refusal-session-one"
    ONE_2 = "refusal-session-one-2"
    UNKNOWN_COMMAND = "refusal-session-unknown-command"
    CLOCK_NOT_STARTED = "refusal-session-clock-not-started"
    # the board-entry commands' refusals (the mirror principle: suggestions)
    NO_SUGGESTION = "refusal-session-no-suggestion"  # id
    SUGGESTION_ON_ANOTHER_BOARD = "refusal-session-suggestion-on-another-board"  # id
    NOT_A_COUNT = "refusal-session-not-a-count"  # field
    NOT_A_STEP = "refusal-session-not-a-step"  # value
    # the session's own: undo and redo, shared actions done once, a new game's first player
    UNDONE_MINE = "event-undone-mine"
    UNDONE = "event-undone"
    REDONE = "event-redone"
    ALREADY_DONE = "refusal-already-done"
    NOTHING_OF_YOURS = "refusal-nothing-of-yours-to-undo"
    UNDO_DEPENDS = "refusal-undo-depends"
    FIRST_PLAYER = "refusal-first-player"
    NO_FOREST_BOARD = "refusal-forestry-only"  # infested wood given to a game without one
    BAD_AUTHOR = "refusal-bad-author"


class DomainError(Refusal):
    """A command the rules (or the session) refuse; nothing was written.

    ``DomainError(code, *, field=None, **params)``: a typed refusal
    (:class:`scoring.message.Refusal`) with a code from :class:`SessionCode` (or the
    rules' own codes), ``field`` naming what is wrong (a record-v1 path such as
    ``players[0].storage.wood``, a command field, or ``None``) and the values; the
    catalogues word it next to the control that caused it (``app.l10n.refusal``).
    """

    def __init__(self, code: str, /, *, field: str | None = None, **params: Any) -> None:
        super().__init__(str(code), field=field, **params)

    @classmethod
    def of(cls, err: Refusal, field: str | None = None) -> DomainError:
        """The rules' refusal ``err`` as the session's, keeping its code and values."""
        return cls(err.code, field=field if field is not None else err.field, **err.params)


def refusal_of(err: ValueError, field: str) -> DomainError:
    """A refusal of the rules as the session's; any other bad value as an invalid value."""
    if isinstance(err, Refusal):
        return DomainError.of(err, field=field)
    return DomainError(SessionCode.INVALID_VALUE, field=field, detail=str(err))


class StaleVersion(DomainError):
    """The command was made against an older version of the game: reload and retry."""

    def __init__(self, made_at: int, current: int) -> None:
        super().__init__(SessionCode.STALE_VERSION, field="version", current=str(current),
                         made_at=str(made_at))
        self.made_at = made_at
        self.current = current


class AlreadyDone(DomainError):
    """A shared-table action made against a version after which the same action was done.

    Two phones tapping "turn up the next round token" against one version: the
    first applies, the second gets this (nothing written) with what the first
    one did (``messages``), so it can show "already done" and the result.
    """

    def __init__(self, kind: str, seq: int, messages: tuple[Message, ...]) -> None:
        super().__init__(SessionCode.ALREADY_DONE, field="version", kind=kind, seq=seq)
        self.kind = kind
        self.seq = seq
        self.messages = messages


class ReplayError(RuntimeError):
    """A log entry cannot be replayed (a corrupt or foreign log): never silently re-rolled."""


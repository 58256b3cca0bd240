"""What table mode says (app/l10n/*.ftl), and database failures sorted into codes."""

from __future__ import annotations

import sqlalchemy as sa

from scoring.message import MessageCode, Msg, msg


class TableCode(MessageCode):
    """What table mode says (app/l10n/*.ftl): storage failures, and what the hub refuses
    (``Forbidden`` and other ``DomainError`` codes)."""

    BUSY = "refusal-table-busy"
    DISK_FULL = "refusal-storage-full"
    READ_ONLY = "refusal-storage-read-only"
    STORAGE = "refusal-storage-failed"
    FINISHED = "refusal-table-finished"
    SLOW_DOWN = "refusal-token-slow-down"
    FAILED = "refusal-tap-failed"
    GAME_FINISHED_NOTHING_CHANGES_ANY_MORE = "refusal-session-game-finished-nothing-changes"
    WHOLE_NUMBER = "refusal-session-whole-number"
    ONLY_HOST_CAN = "refusal-table-only-host-can"
    THIS_LINK_FOR_ANOTHER_TABLE = "refusal-table-this-link-for-another-table"
    THIS_LINK_NOT_VALID_FOR_THIS = "refusal-table-this-link-not-valid-for-this"
    THIS_PHONE_IT_CHANGES_ONLY_BOARD = "refusal-table-this-phone-it-changes-only-board"
    NO_TABLE = "refusal-table-no-table"


def storage_message(err: BaseException) -> Msg:
    """What to tell a player when the database refused a write (nothing was saved).

    SQLite's own words are the only signal of *why* (a held write lock, a full disk,
    a read-only file); they are sorted into codes here and never shown.
    """
    text = str(getattr(err, "orig", None) or err).lower()
    if "locked" in text or "busy" in text:
        return msg(TableCode.BUSY)
    if "full" in text or "no space" in text:
        return msg(TableCode.DISK_FULL)
    if "readonly" in text or "read-only" in text or "read only" in text:
        return msg(TableCode.READ_ONLY)
    return msg(TableCode.STORAGE)


def is_storage_error(err: BaseException) -> bool:
    """A database failure (lock, disk, I/O) rather than a bug: say so, keep going."""
    import sqlite3

    return isinstance(err, (sa.exc.OperationalError, sa.exc.DisconnectionError,
                            sqlite3.OperationalError)) or (
        isinstance(err, OSError) and not isinstance(err, (FileNotFoundError, TimeoutError)))

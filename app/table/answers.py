"""What the hub answers a command: :class:`Accepted` or :class:`Refused` (typed).

Neither carries a sentence: a refusal is its message code, the field it names and
the code's values, so every phone words it in its own language
(``app.l10n.render(lang, refused.msg)``). An accepted command is *not* drawn from
its answer: every phone at the table, the tapper included, draws the broadcast
(:meth:`app.table.hub.TableHub.subscribe`); a refusal goes to the tapper only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from app.game.errors import DomainError
from app.game.messages import Message
from app.l10n import render
from app.session import Snapshot
from scoring.message import Msg, Param, msg


class Reason(StrEnum):
    """Why a command was refused (what the tapper's phone does about it differs)."""

    FORBIDDEN = "forbidden"  # the token does not allow it
    STALE = "stale"  # made against an older version
    INVALID = "invalid"  # the rules refuse it
    UNKNOWN = "unknown"  # no such table
    FINISHED = "finished"  # the game is over: read-only
    STORAGE = "storage"  # the database refused the write (nothing saved)
    ALREADY_DONE = "already_done"  # a shared action another phone did first


@dataclass(frozen=True, slots=True)
class Accepted:
    """Applied and saved; ``snapshot`` is what every phone is sent."""

    snapshot: Snapshot


@dataclass(frozen=True, slots=True)
class Refused:
    """Not applied, nothing written: ``code`` (a MessageCode value) at ``field`` with
    ``params``; ``snapshot``: the table as it is (None: no table or no access)."""

    code: str
    field: str | None
    params: Mapping[str, Param]
    snapshot: Snapshot | None
    reason: Reason
    #: already_done: what the action that was done said
    messages: tuple[Message, ...] = ()

    @classmethod
    def of(cls, err: DomainError, snapshot: Snapshot | None, reason: Reason,
           messages: tuple[Message, ...] = ()) -> Refused:
        return cls(err.code, err.field, err.params, snapshot, reason, messages)

    @classmethod
    def said(cls, coded: Msg, field: str | None, snapshot: Snapshot | None,
             reason: Reason) -> Refused:
        return cls(coded.code, field, coded.params, snapshot, reason)

    @property
    def msg(self) -> Msg:
        """The refusal as a message (its field is a parameter too)."""
        params = dict(self.params)
        params.setdefault("field", self.field or "")
        return msg(self.code, **params)

    @property
    def message(self) -> str:
        """The refusal in English, for logs and assertions (phones render :attr:`msg`)."""
        return render("en", self.msg)


Answer: TypeAlias = Accepted | Refused

"""What the table is told after a session operation (undo, redo), as a message code with
values; a game's own messages are its words (``app/games/<game>/words.py``, the variant's
``words``: :meth:`app.game.variant.Variant.event_msg` asks the game first, then this).

The session keeps each :class:`app.game.messages.Message` as its ``kind`` and ``data`` (JSON
values): a message already shown can be said again in another language. Nothing here parses
a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.message import MessageCode, Msg, msg


class EventCode(MessageCode):
    """The session's own messages told to the table."""

    UNDONE = "event-command-undone"
    REDONE = "event-command-redone"


def command_name(kind: str) -> Msg:
    """A command's name to show (``command-<kind>`` in the catalogues)."""
    return msg(f"command-{kind}")


def event_msg(kind: str, data: Mapping[str, Any]) -> Msg | None:
    """The message for a session operation's ``kind`` and ``data``; None for a kind not known."""
    if kind in ("undo", "redo") and data.get("command"):
        code = EventCode.UNDONE if kind == "undo" else EventCode.REDONE
        return msg(code, command=command_name(str(data["command"])))
    return None

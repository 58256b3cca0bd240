"""What Forest Guardians' table is told after a command, in no language: the game-end
trigger and who still plays (003), as a message code with values; the variant carries
:func:`event_msg` as its ``words``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.guardians.checks import end_message
from scoring.guardians.rules import EndTrigger
from scoring.message import Msg


def event_msg(kind: str, data: Mapping[str, Any]) -> Msg | None:
    """The message for a session message's ``kind`` and ``data`` (None: not one of Forest
    Guardians')."""
    d = dict(data)
    try:
        if kind == "game_end" and "over" in d:
            return end_message(EndTrigger(str(d["trigger"])), str(d["by"]),
                               tuple(str(n) for n in d.get("remaining") or ()),
                               over=bool(d["over"]), last=d.get("last") or None,
                               then_drew=bool(d.get("then_drew")))
    except (KeyError, TypeError, ValueError):
        return None
    return None

"""What the table is told after a command: :class:`Message`, a kind (a code) and its data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any


@dataclass(frozen=True, slots=True)
class Message:
    """Something to tell the table after a command, in no language.

    ``kind`` (a board event type, a play-log action, or a code) and ``data`` (the event's
    fields as JSON values, the code's parameters) are what a view says in the reader's
    language (``Variant.event_msg``: the game's words, then the session's; the catalogues).
    """

    kind: str = "info"  # an event type name, a play log action, "round_token", ...
    player: int | None = None  # 0-based seat index, or None for everyone
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player,
                "data": dict(self.data)}


def event_message(event: Any, player: int) -> Message:
    """A rules model's event (a frozen dataclass, e.g. a board action's) as a message: its
    type's name is the kind, its fields the data."""
    kind = type(event).__name__
    data = {f.name: plain(getattr(event, f.name)) for f in fields(event)}
    return Message(kind, player, data)


def plain(value: Any) -> Any:
    """``value`` as JSON values (enums by their value, tuples as lists)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value

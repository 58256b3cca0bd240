"""What the table is told after a command: :class:`Message` (English text plus its data)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any

from app.events import event_msg
from app.l10n import english
from scoring.forestry import board as B


@dataclass(frozen=True, slots=True)
class Message:
    """Something to tell the table after a command.

    ``text`` is English; ``kind`` and ``data`` let a view say it in the
    player's language (``data`` holds the event's fields as JSON values).
    """

    text: str
    kind: str = "info"  # an event type name, a play log action, "round_token", ...
    player: int | None = None  # 0-based seat index, or None for everyone
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "player": self.player,
                "data": dict(self.data)}


def event_message(event: B.BoardEvent, player: int) -> Message:
    kind = type(event).__name__
    data = {f.name: plain(getattr(event, f.name)) for f in fields(event)}
    said = event_msg(kind, data)
    return Message(english(said) if said is not None else kind, kind, player, data)



def plain(value: Any) -> Any:
    """``value`` as JSON values (enums by their value, tuples as lists)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value

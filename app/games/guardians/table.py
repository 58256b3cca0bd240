"""Forest Guardians' shared table in a game state: the game-end trigger, once fired (003)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GuardiansTable:
    """Forest Guardians' shared table: the game-end trigger, once fired (003).

    What it means for the table (who still plays) is derived from the seats:
    :func:`app.games.guardians.handlers.end_status`. Snapshots stored before ``gl10n``
    also hold ``"message"``, that status as an English sentence: it is read past (never
    shown), and :func:`app.game.state.comparable` leaves it out (:data:`LEGACY_TABLE_KEYS`,
    the codec's ``legacy_table_keys``) when a replayed state is checked against such a
    snapshot.
    """

    end_trigger: str | None = None  # an EndTrigger value
    triggered_by: int | None = None  # 0-based seat index

    def to_json(self) -> dict[str, Any]:
        return {"end_trigger": self.end_trigger, "triggered_by": self.triggered_by}

    @classmethod
    def from_json(cls, t: Mapping[str, Any]) -> GuardiansTable:
        return cls(t.get("end_trigger"), t.get("triggered_by"))


#: Keys of a table's snapshot JSON that older versions wrote and this one no longer does.
LEGACY_TABLE_KEYS = frozenset({"message"})

"""Game-independent score result types: data, never printed text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.message import Msg, Say
from scoring.message import say_code as _code


@dataclass(frozen=True, slots=True)
class Need:
    """A printed value the scoring needs but does not know.

    ``table`` and ``key`` name the entry (e.g. ``buildings_vp`` / ``"4"``);
    ``ask`` says what to read off which component, as a message code with its
    values; the catalogues word it (``app.l10n``).
    """

    table: str
    key: str
    ask: Msg

    def as_json(self, say: Say = _code) -> dict[str, str]:
        """The record-v1 ``needs`` entry; ``say`` words the ask (the CLI passes English)."""
        return {"table": self.table, "key": self.key, "ask": say(self.ask)}


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's breakdown. ``categories`` omits categories left out for a need."""

    name: str
    total: int
    rank: int
    categories: dict[str, int]
    details: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": self.total,
            "rank": self.rank,
            "categories": dict(self.categories),
            "details": dict(self.details),
        }


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A scored game: the score output of record-v1.md as data.

    ``notes`` explain the result (tie-breaks applied, contract categories
    chosen, decisions used) as message codes with values; they are not part of
    the JSON contract.
    """

    game: str
    complete: bool
    needs: tuple[Need, ...]
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    notes: tuple[Msg, ...] = ()

    def as_json(self, say: Say = _code) -> dict[str, Any]:
        """The record-v1 score output; ``say`` words each need's ask (English for the CLI)."""
        return {
            "game": self.game,
            "complete": self.complete,
            "needs": [n.as_json(say) for n in self.needs],
            "players": [p.as_json() for p in self.players],
            "winners": list(self.winners),
        }

"""Game-independent score result types: data, never printed text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Need:
    """A printed value the scoring needs but does not know.

    ``table`` and ``key`` name the entry (e.g. ``buildings_vp`` / ``"4"``);
    ``ask`` is a sentence telling the player what to read off which component;
    ``ask_ja`` says it in Japanese (``scoring.texts_ja``; not in the JSON).
    """

    table: str
    key: str
    ask: str
    ask_ja: str = field(default="", compare=False)

    def ask_in(self, lang: str) -> str:
        """``ask`` in ``lang`` ("en" or "ja")."""
        return self.ask_ja if lang == "ja" and self.ask_ja else self.ask

    def as_json(self) -> dict[str, str]:
        return {"table": self.table, "key": self.key, "ask": self.ask}


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

    ``notes`` are human-readable explanations (tie-breaks applied, contract
    categories chosen, decisions used); they are not part of the JSON contract.
    ``notes_ja`` are the same notes in Japanese (``scoring.texts_ja``).
    """

    game: str
    complete: bool
    needs: tuple[Need, ...]
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    notes: tuple[str, ...] = ()
    notes_ja: tuple[str, ...] = field(default=(), compare=False)

    def notes_in(self, lang: str) -> tuple[str, ...]:
        """``notes`` in ``lang`` ("en" or "ja")."""
        if lang == "ja" and len(self.notes_ja) == len(self.notes):
            return self.notes_ja
        return self.notes

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "complete": self.complete,
            "needs": [n.as_json() for n in self.needs],
            "players": [p.as_json() for p in self.players],
            "winners": list(self.winners),
        }

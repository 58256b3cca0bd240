"""Forestry's shared table in a game state: the forest board and what the app adds to it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.forestry.model import DetachedStorage
from setup.forestry import play


@dataclass(frozen=True, slots=True)
class ForestryTable:
    """Forestry's shared table: the forest board of ``setup.forestry.play`` and what the app adds.

    ``forest`` holds the spawn deck, forester tokens, infested wood, harvested
    tokens, harvesters and the round token stack. ``harvesters`` is each seat's
    harvester space (``None``: not placed). ``detached_storages`` are the
    Growing Forward storages with the infested wood delivered to each.
    ``score_peaks`` is the highest score each marker has reached: a score track
    only goes down to correct a typo, so reproduction spaces spawn infested
    wood once per marker and lap, never again after a correction.
    """

    forest: play.ForestBoard
    harvesters: tuple[int | None, ...]
    detached_storages: tuple[DetachedStorage, ...] = ()
    score_peaks: tuple[int, ...] = ()
    first_player: int = 0  # 0-based seat index; play goes clockwise (seat order) from it
    turn: int = 0  # turns ended since play began

    @property
    def seats(self) -> int:
        return len(self.harvesters)

    @property
    def current(self) -> int:
        """Whose turn it is (0-based seat index): seat order from the first player."""
        return (self.first_player + self.turn) % max(1, self.seats)

    @property
    def seat_order(self) -> tuple[int, ...]:
        n = self.seats
        return tuple((self.first_player + k) % n for k in range(n))

    @property
    def final_turns(self) -> bool:
        """The last round token is up: each player takes one final turn (002)."""
        stack = self.forest.round_tokens
        return stack.revealed > 0 and stack.left == 0

    @property
    def round(self) -> int:
        return self.forest.round_tokens.round

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"forest": self.forest.to_json(),
                               "harvesters": list(self.harvesters),
                               "score_peaks": list(self.score_peaks)}
        # only when set: snapshots of games stored before these existed stay equal
        if self.first_player:
            out["first_player"] = self.first_player
        if self.turn:
            out["turn"] = self.turn
        return out

    @classmethod
    def from_json(cls, t: Mapping[str, Any], detached_storages: tuple[DetachedStorage, ...]
                  ) -> ForestryTable:
        return cls(play.ForestBoard.from_json(dict(t["forest"])), tuple(t["harvesters"]),
                   detached_storages, tuple(t["score_peaks"]),
                   int(t.get("first_player", 0)), int(t.get("turn", 0)))

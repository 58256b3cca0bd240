"""Chance as data: a seeded generator that records its shuffles, and one that replays them.

A command that draws spawn cards gets :func:`command_rng` (reproducible from the
game's seed and the command's log seq); the shuffles it used go into the log's
``outcome``; replay feeds them back through :class:`ReplayRandom`, so a replay
never re-rolls (OpenSpiel's explicit chance outcomes).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from app.game.errors import ReplayError


class RecordingRandom(random.Random):
    """A seeded generator that records every shuffle (the only draws the deck makes)."""

    def __init__(self, seed: Any) -> None:
        super().__init__(seed)
        self.shuffles: list[list[Any]] = []

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        self.shuffles.append(list(x))


class ReplayRandom(random.Random):
    """Feeds recorded shuffles back; any other use of randomness is a ReplayError."""

    def __init__(self, shuffles: Iterable[Sequence[Any]]) -> None:
        super().__init__(0)
        self._left = [list(s) for s in shuffles]

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        if not self._left:
            raise ReplayError("replay needed a shuffle the log did not record")
        order = self._left.pop(0)
        if sorted(order) != sorted(x):
            raise ReplayError("the recorded shuffle does not match the cards shuffled")
        x[:] = order

    def random(self) -> float:
        raise ReplayError("replay needed a random number the log did not record")

    def getrandbits(self, k: int) -> int:
        raise ReplayError("replay needed a random number the log did not record")

    @property
    def unused(self) -> int:
        return len(self._left)


def command_rng(seed: int, seq: int) -> RecordingRandom:
    """The generator for the command logged as ``seq`` (reproducible from the seed)."""
    return RecordingRandom(f"forest-table/{seed}/{seq}")


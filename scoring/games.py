"""The games Forest Table knows: one :class:`Game` enum for the whole project.

Values are the record format's ``game`` strings (../shared/spec/record-v1.md),
so ``Game("forestry")`` parses a record's field and ``str(Game.FORESTRY)`` writes it.
What each game *does* is looked up in a registry (``app.game.registry``), never
branched on with ``if game == ...``.
"""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    """A game, by its record-format name."""

    FORESTRY = "forestry"
    GUARDIANS = "forest-guardians"


#: Every game, in the order the app lists them.
GAMES: tuple[Game, ...] = tuple(Game)

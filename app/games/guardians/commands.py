"""Forest Guardians' commands: a player's board values and the game-end trigger (003).

The JSON ``kind`` strings are the log's: never rename one (old logs replay).
"""

from __future__ import annotations

from app.game.commands import Command, Rights, command


@command("set_guardians", rights=Rights.OWN_BOARD)
class SetGuardians(Command):
    """Set a Forest Guardians value: ``tree_points`` (3 rows), ``animal_cards`` (values),
    ``fire_tokens``, ``animals_in_shelter`` (Julia), ``calocedrus_on_mountains`` (Fluffy)."""

    player: int
    field: str
    value: int | tuple[int, ...]


@command("trigger_game_end", rights=Rights.OWN_BOARD)
class TriggerGameEnd(Command):
    """A game-end condition fired: ``last_tree_planted`` or ``last_tile_drawn`` (003)."""

    player: int
    trigger: str



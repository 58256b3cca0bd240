"""Forest Guardians: rules model, record format and end-game scoring (source 003).

Public API:

- rules data: :mod:`scoring.guardians.rules` (components, tree rows, rangers,
  animals and their living conditions, special events);
- checks: :func:`check_planting`, :func:`game_end_status`, :func:`hand_limit`,
  :func:`actions_per_turn`, :func:`shelter_capacity`, :func:`next_terrain_pile`;
- :func:`quick_reference` for the app's rules screen;
- records: ``scoring.guardians.record.parse_guardians`` / ``to_record`` (a
  separate import: it needs pydantic);
- :func:`score_guardians` -> :class:`scoring.sheet.ScoreSheet`.
"""

from __future__ import annotations

from scoring.guardians.checks import (
    GameEndStatus,
    GuardiansRuleError,
    PlantingCheck,
    PlantingCost,
    Tile,
    Turn,
    actions_per_turn,
    check_planting,
    game_end_status,
    hand_limit,
    next_terrain_pile,
    planting_cost,
    shelter_capacity,
)
from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.reference import ReferenceSection, quick_reference
from scoring.guardians.rules import (
    Altitude,
    AnimalSpecies,
    EndTrigger,
    Ranger,
    SpecialEvent,
    TileKind,
    TreeRow,
    TreeSpecies,
)
from scoring.guardians.score import score_guardians

__all__ = [
    "Altitude",
    "AnimalSpecies",
    "EndTrigger",
    "GameEndStatus",
    "GuardiansGame",
    "GuardiansPlayer",
    "GuardiansRuleError",
    "PlantingCheck",
    "PlantingCost",
    "Ranger",
    "ReferenceSection",
    "SpecialEvent",
    "Tile",
    "TileKind",
    "TreeRow",
    "TreeSpecies",
    "Turn",
    "actions_per_turn",
    "check_planting",
    "game_end_status",
    "hand_limit",
    "next_terrain_pile",
    "planting_cost",
    "quick_reference",
    "score_guardians",
    "shelter_capacity",
]

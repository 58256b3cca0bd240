"""Forest Guardians: rules model, record format and end-game scoring (source 003).

This package's ``__init__`` imports none of its modules (a package that
re-exports submodules which import their siblings is an import cycle):
import each name from the module that holds it.

Public API:

- rules data: :mod:`scoring.guardians.rules` (components, tree rows, rangers,
  animals and their living conditions, special events; ``Altitude``,
  ``AnimalSpecies``, ``EndTrigger``, ``Ranger``, ``SpecialEvent``, ``TileKind``,
  ``TreeRow``, ``TreeSpecies``);
- checks, :mod:`scoring.guardians.checks`: :func:`check_planting`,
  :func:`planting_cost`, :func:`game_end_status`, :func:`hand_limit`,
  :func:`actions_per_turn`, :func:`shelter_capacity`, :func:`next_terrain_pile`
  (and ``Tile``, ``Turn``, ``PlantingCheck``, ``PlantingCost``,
  ``GameEndStatus``, ``GuardiansRuleError``); the reasons, costs and game-end
  status are messages (codes of ``PlantingCode`` and ``GameEndCode``,
  :func:`end_message`), never sentences;
- the game-end state, :mod:`scoring.guardians.model`: ``GuardiansGame``,
  ``GuardiansPlayer``;
- :func:`scoring.guardians.reference.quick_reference` (``ReferenceSection``:
  a title and entries, all messages) for the app's rules screen;
- records: ``scoring.guardians.record.parse_guardians`` / ``to_record`` (it
  needs pydantic);
- :func:`scoring.guardians.score.score_guardians` ->
  :class:`scoring.sheet.ScoreSheet`.
"""

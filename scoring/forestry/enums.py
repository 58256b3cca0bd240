"""Closed sets of the Forestry rules model (ids are the record-v1 spellings)."""

from __future__ import annotations

from enum import StrEnum


class Area(StrEnum):
    """The three forest areas, in reforestation-table column order (002)."""

    LIGHT_GREEN = "light_green"
    DARK_GREEN = "dark_green"
    ORANGE = "orange"


class ForesterType(StrEnum):
    """Forester token types, in spawn-card back order (000, 002)."""

    THINNING = "thinning"
    DEN_TREE = "den_tree"
    PAINTING = "painting"


class ContractCategory(StrEnum):
    """Contract categories (002)."""

    BUILDING = "building"
    FURNITURE = "furniture"
    INNOVATION = "innovation"
    ACCESSORY = "accessory"


class RiverSymbol(StrEnum):
    """What a river token counts when its water structure is scored (002)."""

    ACCESSORY = "accessory"
    INNOVATION = "innovation"
    FURNITURE = "furniture"
    BUILDING = "building"
    SAWMILL_UPGRADE = "sawmill_upgrade"
    FOREST_BUILDING = "forest_building"
    FORESTER_PAIR = "forester_pair"
    SEEDLING_PAIR = "seedling_pair"


class DetachedCriterion(StrEnum):
    """Growing Forward detached scoring token criteria (001)."""

    MOST_OPEN_STORAGE_SPACES = "most_open_storage_spaces"
    MOST_BUILDINGS = "most_buildings"
    MOST_CONTRACTS_FULFILLED = "most_contracts_fulfilled"
    MOST_TASK_CARDS_FULFILLED = "most_task_cards_fulfilled"
    HIGHEST_WATER_MULTIPLIER = "highest_water_multiplier"
    MOST_SEEDLINGS_PLANTED = "most_seedlings_planted"


class Character(StrEnum):
    """Advanced-game characters: four base (002) and three Growing Forward (001)."""

    TRADE_SPECIALIST = "trade_specialist"
    FOREST_ECOLOGIST = "forest_ecologist"
    LOGISTICS_MANAGER = "logistics_manager"
    MONITORING_SPECIALIST = "monitoring_specialist"
    FOREST_WORKER = "forest_worker"
    FOREST_ROAD_MANAGER = "forest_road_manager"
    TECHNICIAN = "technician"


class Mode(StrEnum):
    """Game mode (002 variants)."""

    TUTORIAL = "tutorial"
    STANDARD = "standard"
    ADVANCED = "advanced"


class TechnologySide(StrEnum):
    """Technology tile side, the same for every player (002)."""

    A = "A"
    B = "B"


class Category(StrEnum):
    """Forestry score categories: the keys of the score output (record-v1)."""

    SCORE_TRACK = "score_track"
    BUILDINGS = "buildings"
    WATER = "water"
    TASKS = "tasks"
    FORESTER_MAJORITY = "forester_majority"
    RESOURCES = "resources"
    WOOD = "wood"
    DETACHED = "detached"
    ROAD_CONNECTIONS = "road_connections"
    TECHNICIAN = "technician"

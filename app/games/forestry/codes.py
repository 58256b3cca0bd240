"""Forestry's own message codes on the app side: its refusals, its suggestions (the mirror
principle: an immediate effect offered as one tap) and what the table is told after its
commands (words in ``app/l10n/*.ftl``; the rules' own codes are ``scoring.forestry``'s and
``setup.forestry``'s)."""

from __future__ import annotations

from scoring.message import MessageCode


class ForestryCode(MessageCode):
    """What Forestry's commands refuse, and what they suggest (``Suggestion.code``)."""

    BOARD_ALREADY_HOLDS_ALL_THREE_FORESTER = "refusal-session-board-already-holds-all"
    DETACHED_STORAGES_ARE_NUMBERED_0_TO = "refusal-session-detached-storages-are-numbered-0-to"
    DETACHED_STORAGES_COME_WITH_INFESTATION_MODULE = "refusal-session-detached-storages-come-with"
    FOREST_BUILDING_TASK_HAS_ONLY_FOREST = "refusal-session-forest-building-task-has-only-forest"
    LIST_ONE_OR_TWO_CATEGORIES = "refusal-session-list-one-or-two-categories"
    NOT_FORESTRY_OPTION = "refusal-session-not-forestry-option"
    NOT_TASK_CARD_REQUIREMENT_RECORD_V1 = "refusal-session-not-task-card-requirement-record-v1"
    PLACE_EVERY_HARVESTER_FIRST = "refusal-session-place-every-harvester-first"
    SPACE_HOLDS_NO_FORESTER_TOKEN = "refusal-session-space-holds-no-forester-token"
    START_GAME_FIRST_FIRST_ROUND_TOKEN = "refusal-session-start-game-first-first-round-token"
    TASK_CARD_HAS_EXACTLY_ONE_REQUIREMENT = "refusal-session-task-card-has-exactly-one-requirement"
    TASK_CARD_REQUIREMENT_E_G_FORESTER = "refusal-session-task-card-requirement-e-g-forester"
    # the turn: what is due at its end, the final turns (``Variant.turn``'s notes)
    TURN_PENDING = "turn-pending"  # n, spaces
    TURN_FINAL = "turn-final"
    # the round token due before the round's first turn is played (every phone says it)
    ROUND_TOKEN_DUE = "turn-round-token-due"  # round
    # "End Ken's turn" for a turn that is not Ken's (a forged or mismatched command)
    TURN_OF_ANOTHER_SEAT = "refusal-play-turn-of-another-seat"  # name
    # ``tables new --in-play``: the harvesters' spaces, one per seat
    IN_PLAY_HARVESTERS = "refusal-in-play-harvesters"  # n, example
    # suggestions
    SUGGEST_ROW = "suggest-row-bonus"  # table, row, vp
    SUGGEST_BELOW_SEEDLING = "suggest-below-seedling"  # vp
    SUGGEST_BELOW_FORESTER = "suggest-below-forester"  # type, vp
    SUGGEST_REWARD_LAP = "suggest-reward-lap"  # vp
    SUGGEST_ROUND_TOKEN = "suggest-round-token"  # round_token, coins, gain
    SUGGEST_SEAT_INCOME = "suggest-seat-income"  # coins, seedlings

"""Forest Guardians' own message codes on the app side: what its commands refuse (words in
``app/l10n/*.ftl``; the rules' own codes are ``scoring.guardians``')."""

from __future__ import annotations

from scoring.message import MessageCode


class GuardiansCode(MessageCode):
    """What Forest Guardians' commands refuse."""

    GAME_END_WAS_ALREADY_TRIGGERED = "refusal-session-game-end-was-already-triggered"
    LIST_WHOLE_NUMBERS_0 = "refusal-session-list-whole-numbers-0"
    NOT_FOREST_GUARDIANS_OPTION = "refusal-session-not-forest-guardians-option"
    POINTS_UNCOVERED_ON_EACH_3_TREE = "refusal-session-points-uncovered-on-each-3-tree"

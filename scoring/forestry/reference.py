"""Forestry's quick reference as data: one line per rule, a code and where it comes from.

Every line is a code (words in the app's catalogues) with its parameters and
the source it is taken from (000, 001, 002 in ``rules/seeds``; 002 is the
Japanese rulebook, its section named). A cost the sources do not give is said
to be unknown (``...-not-in-sources`` codes), never filled in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.cite import Citation, CiteTitle, Source, cite
from scoring.message import MessageCode, Msg, msg
from scoring.sourced import Sourced


class RefCode(MessageCode):
    """Codes of the Forestry quick reference lines."""

    AP_START = "ref-fo-ap-start"
    AP_MORE = "ref-fo-ap-more"
    TURN_END = "ref-fo-turn-end"
    FORESTERS = "ref-fo-foresters"
    ROUND_TOKEN = "ref-fo-round-token"
    FREE_RENEW = "ref-fo-free-renew"
    FREE_TASK = "ref-fo-free-task"
    FREE_BUY_AP = "ref-fo-free-buy-ap"
    FREE_STORAGE = "ref-fo-free-storage"
    MOVE = "ref-fo-move"
    HARVEST = "ref-fo-harvest"
    REFOREST = "ref-fo-reforest"
    TEND = "ref-fo-tend"
    INFESTED = "ref-fo-infested"
    SPAWN = "ref-fo-spawn"
    FOREST_BUILDING = "ref-fo-forest-building"
    WATER = "ref-fo-water"
    MANAGER = "ref-fo-manager"
    SAWMILL_USE = "ref-fo-sawmill-use"
    SAWMILL_UPGRADE = "ref-fo-sawmill-upgrade"
    CONTRACT = "ref-fo-contract"
    HQ_REWARDS = "ref-fo-hq-rewards"
    HQ_COUNT = "ref-fo-hq-count"
    HQ_EMPTY = "ref-fo-hq-empty"
    HQ_PRINTED = "ref-fo-hq-printed"
    FINAL_TURN = "ref-fo-final-turn"
    ROUNDS = "ref-fo-rounds"


class RefSection(StrEnum):
    """Sections of the quick reference (titles in the catalogues: ``ref-section-<id>``)."""

    TURN = "turn"
    FREE = "free"
    ACTIONS = "actions"
    HQ = "hq"
    END = "end"


@dataclass(frozen=True, slots=True)
class RefLine:
    """One line: what it says (a message) and its source."""

    section: RefSection
    message: Msg
    source: Citation


def _line(section: RefSection, code: RefCode, source: Citation, **params: int) -> RefLine:
    return RefLine(section, msg(code, **params), source)


_T, _F, _A, _H, _E = (RefSection.TURN, RefSection.FREE, RefSection.ACTIONS, RefSection.HQ,
                      RefSection.END)
_S0, _S1, _S2 = Source.S000, Source.S001, Source.S002
_C = CiteTitle
_MANAGER = cite(_S2, _C.MANAGER_MOVEMENT)

#: The Forestry turn, its free actions, every action's cost, HQ rewards and the game end.
FORESTRY_REFERENCE: tuple[RefLine, ...] = (
    _line(_T, RefCode.ROUND_TOKEN,
          cite(_S2, _C.PLAYER_SETUP, step=17) + cite(_S2, _C.ROUND_TOKENS)),
    _line(_T, RefCode.FORESTERS, cite(_S0, _C.REPLENISH_FORESTERS) + cite(_S2, _C.TEND)),
    _line(_T, RefCode.AP_START, cite(_S2, _C.ACTION_POINT_TRACK), ap=3),
    _line(_T, RefCode.AP_MORE, cite(_S2, _C.DEVELOPMENT_TRACK)),
    _line(_T, RefCode.TURN_END, cite(_S2, _C.ACTION_POINT_TRACK)),
    _line(_T, RefCode.SPAWN, cite(_S1, _C.SPAWN_INFESTED)),
    _line(_F, RefCode.FREE_RENEW, cite(_S2, _C.FREE_ACTIONS, step=1), coins=1),
    _line(_F, RefCode.FREE_TASK, cite(_S2, _C.FREE_ACTIONS, step=2), times=1),
    _line(_F, RefCode.FREE_BUY_AP, cite(_S2, _C.FREE_ACTIONS, step=3), times=2, coins=4),
    _line(_F, RefCode.FREE_STORAGE, cite(_S2, _C.FREE_ACTIONS, step=4) + cite(_S2, _C.RESOURCES),
          times=3, coins=5),
    _line(_A, RefCode.MOVE, cite(_S0, _C.MOVEMENT) + cite(_S2, _C.HARVESTER_MOVEMENT),
          ap=1, spaces=2, coins=1),
    _line(_A, RefCode.HARVEST, cite(_S0, _C.HARVEST) + cite(_S2, _C.HARVESTER_ACTIONS)),
    _line(_A, RefCode.REFOREST, cite(_S0, _C.REFORESTATION) + cite(_S2, _C.REFORESTATION)),
    _line(_A, RefCode.TEND, cite(_S0, _C.TEND) + cite(_S2, _C.TEND), ap=1),
    _line(_A, RefCode.INFESTED, cite(_S1, _C.REMOVE_INFESTED), ap=1),
    _line(_A, RefCode.FOREST_BUILDING,
          cite(_S0, _C.FOREST_BUILDINGS) + cite(_S2, _C.FOREST_BUILDINGS), ap=1, coins=2),
    _line(_A, RefCode.WATER, cite(_S0, _C.WATER) + cite(_S2, _C.WATER), ap=1, n=3),
    _line(_A, RefCode.MANAGER, _MANAGER, ap=1),
    _line(_A, RefCode.SAWMILL_USE, cite(_S2, _C.SAWMILL_ACTIONS), ap=1),
    _line(_A, RefCode.SAWMILL_UPGRADE, cite(_S2, _C.SAWMILL_UPGRADES), ap=1),
    _line(_A, RefCode.CONTRACT, cite(_S2, _C.CONTRACTS), ap=1),
    _line(_H, RefCode.HQ_COUNT, _MANAGER, two=1, more=2),
    _line(_H, RefCode.HQ_REWARDS, _MANAGER),
    _line(_H, RefCode.HQ_EMPTY, _MANAGER),
    _line(_H, RefCode.HQ_PRINTED, cite(_S2, _C.HQ_ICONS)),
    _line(_E, RefCode.ROUNDS, cite(_S2, _C.SETUP, step=12) + cite(_S2, _C.ADVANCED_GAME),
          standard=10, advanced=9),
    _line(_E, RefCode.FINAL_TURN, cite(_S2, _C.GAME_END_SCORING)),
)


def forestry_reference() -> tuple[RefLine, ...]:
    """The Forestry quick reference lines, in play order."""
    return FORESTRY_REFERENCE


def _n(value: int, what: str, source: Citation) -> Sourced:
    return Sourced(value, what, source)


_MOVE = cite(_S2, _C.HARVESTER_MOVEMENT)
_HQ = cite(_S2, _C.MANAGER_MOVEMENT)
_FREE_4 = cite(_S2, _C.FREE_ACTIONS, step=4)

#: Every number each quick reference line states (its parameters and the catalogue's
#: words alike), with its source (``tests/app/test_l10n_numbers.py``).
REF_NUMBERS: dict[str, tuple[Sourced, ...]] = {
    RefCode.ROUND_TOKEN: (),
    RefCode.FORESTERS: (_n(3, "forester tokens on the board", cite(_S0, _C.REPLENISH_FORESTERS)),
                        _n(1, "spawn card per missing token", cite(_S0, _C.REPLENISH_FORESTERS))),
    RefCode.AP_START: (_n(3, "action points at the start", cite(_S2, _C.ACTION_POINT_TRACK)),),
    RefCode.AP_MORE: (),
    RefCode.TURN_END: (),
    RefCode.SPAWN: (_n(1, "infested wood per reproduction token", cite(_S1, _C.SPAWN_INFESTED)),
                    _n(21, "infested wood tokens in the supply", cite(_S1, _C.COMPONENTS))),
    RefCode.FREE_RENEW: (_n(1, "coin to renew the contracts", cite(_S2, _C.FREE_ACTIONS, step=1)),),
    RefCode.FREE_TASK: (_n(1, "task card effect per turn", cite(_S2, _C.FREE_ACTIONS, step=2)),),
    RefCode.FREE_BUY_AP: (_n(2, "bought AP per turn", cite(_S2, _C.FREE_ACTIONS, step=3)),
                          _n(4, "coins per bought AP", cite(_S2, _C.FREE_ACTIONS, step=3)),
                          _n(1, "AP bought at a time", cite(_S2, _C.FREE_ACTIONS, step=3))),
    RefCode.FREE_STORAGE: (_n(3, "storage spaces opened per turn", _FREE_4),
                           _n(1, "per (one) turn", _FREE_4),
                           Sourced(5, "coins for the first storage extension",
                                   cite(_S2, _C.RESOURCES), "coins")),
    RefCode.MOVE: (_n(1, "AP per move", _MOVE), _n(2, "spaces per AP", _MOVE),
                   _n(1, "coin per river crossed", _MOVE)),
    RefCode.HARVEST: (_n(1, "AP (one dot)", cite(_S2, _C.HARVESTER_HARVEST)),
                      _n(2, "AP (two dots)", cite(_S2, _C.HARVESTER_HARVEST))),
    RefCode.REFOREST: (_n(1, "AP or seedlings (one)", cite(_S2, _C.REFORESTATION)),
                       _n(2, "AP or seedlings (two)", cite(_S2, _C.REFORESTATION))),
    RefCode.TEND: (_n(1, "AP", cite(_S2, _C.TEND)),),
    RefCode.INFESTED: (_n(1, "AP", cite(_S1, _C.REMOVE_INFESTED)),),
    RefCode.FOREST_BUILDING: (
        _n(1, "AP, construction material, temp worker", cite(_S2, _C.FOREST_BUILDINGS)),
        _n(2, "coins for the any-wood clearing reward", cite(_S2, _C.CLEARING_TOKENS))),
    RefCode.WATER: (_n(1, "AP", cite(_S2, _C.WATER)),
                    _n(3, "temp workers or construction materials", cite(_S2, _C.WATER))),
    RefCode.MANAGER: (_n(1, "AP", _HQ),),
    RefCode.SAWMILL_USE: (_n(1, "AP", cite(_S2, _C.SAWMILL_ACTIONS)),),
    RefCode.SAWMILL_UPGRADE: (_n(1, "AP", cite(_S2, _C.SAWMILL_UPGRADES)),),
    RefCode.CONTRACT: (_n(1, "AP", cite(_S2, _C.CONTRACTS)),),
    RefCode.HQ_COUNT: (_n(1, "rewards per HQ tile with 2 players", _HQ),
                       _n(2, "rewards per HQ tile with 3-4 players; 2 players", _HQ),
                       _n(3, "3 players", _HQ), _n(4, "4 players", _HQ)),
    RefCode.HQ_REWARDS: (),
    RefCode.HQ_EMPTY: (_n(2, "the second reward", _HQ),),
    RefCode.HQ_PRINTED: (_n(1, "coin for the first reward's purchase", cite(_S2, _C.HQ_ICONS)),),
    RefCode.ROUNDS: (_n(10, "rounds", cite(_S2, _C.SETUP, step=12)),
                     _n(9, "rounds in the advanced game", cite(_S2, _C.ADVANCED_GAME))),
    RefCode.FINAL_TURN: (_n(1, "final turn each", cite(_S2, _C.GAME_END_SCORING)),),
}

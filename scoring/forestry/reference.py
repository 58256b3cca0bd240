"""Forestry's quick reference as data: one line per rule, a code and where it comes from.

Every line is a code (words in the app's catalogues) with its parameters and
the source it is taken from (000, 001, 002 in ``rules/seeds``; 002 is the
Japanese rulebook, its section named). A cost the sources do not give is said
to be unknown (``...-not-in-sources`` codes), never filled in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.message import MessageCode, Msg, msg


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
    GUARDIANS_TURN = "guardians-turn"
    GUARDIANS_PLANTING = "guardians-planting"


@dataclass(frozen=True, slots=True)
class RefLine:
    """One line: what it says (a message) and its source."""

    section: RefSection
    message: Msg
    source: str


def _line(section: RefSection, code: RefCode, source: str, **params: int) -> RefLine:
    return RefLine(section, msg(code, **params), source)


_T, _F, _A, _H, _E = (RefSection.TURN, RefSection.FREE, RefSection.ACTIONS, RefSection.HQ,
                      RefSection.END)

#: The Forestry turn, its free actions, every action's cost, HQ rewards and the game end.
FORESTRY_REFERENCE: tuple[RefLine, ...] = (
    _line(_T, RefCode.ROUND_TOKEN, "002 プレイヤーのセットアップ 17; 002 ラウンドトークン"),
    _line(_T, RefCode.FORESTERS, "000 Replenishing forester tokens; 002 森の手入れ"),
    _line(_T, RefCode.AP_START, "002 アクションポイントトラック", ap=3),
    _line(_T, RefCode.AP_MORE, "002 開発トラックの前進"),
    _line(_T, RefCode.TURN_END, "002 アクションポイントトラック"),
    _line(_T, RefCode.SPAWN, "001 Spawning Infested Wood"),
    _line(_F, RefCode.FREE_RENEW, "002 フリーアクション 1", coins=1),
    _line(_F, RefCode.FREE_TASK, "002 フリーアクション 2", times=1),
    _line(_F, RefCode.FREE_BUY_AP, "002 フリーアクション 3", times=2, coins=4),
    _line(_F, RefCode.FREE_STORAGE, "002 フリーアクション 4; 002 リソース (first extension)",
          times=3, first=5),
    _line(_A, RefCode.MOVE, "000 Movement; 002 伐採機アクション: 移動", ap=1, spaces=2, coins=1),
    _line(_A, RefCode.HARVEST, "000 Harvest; 002 伐採機アクション"),
    _line(_A, RefCode.REFOREST, "000 Reforestation; 002 植林"),
    _line(_A, RefCode.TEND, "000 Tending the forest; 002 森の手入れ", ap=1),
    _line(_A, RefCode.INFESTED, "001 Removing Infested Wood", ap=1),
    _line(_A, RefCode.FOREST_BUILDING, "000 Forest buildings; 002 森の建物", ap=1, coins=2),
    _line(_A, RefCode.WATER, "000 Water structures; 002 水施設", ap=1, n=3),
    _line(_A, RefCode.MANAGER, "002 製材所管理者のアクション: 移動", ap=1),
    _line(_A, RefCode.SAWMILL_USE, "002 製材所アクション", ap=1),
    _line(_A, RefCode.SAWMILL_UPGRADE, "002 製材所のアップグレード", ap=1),
    _line(_A, RefCode.CONTRACT, "002 契約の履行", ap=1),
    _line(_H, RefCode.HQ_COUNT, "002 製材所管理者のアクション: 移動", two=1, more=2),
    _line(_H, RefCode.HQ_REWARDS, "002 製材所管理者のアクション: 移動"),
    _line(_H, RefCode.HQ_EMPTY, "002 製材所管理者のアクション: 移動"),
    _line(_H, RefCode.HQ_PRINTED, "002 HQタイルアイコン"),
    _line(_E, RefCode.ROUNDS, "002 ゲームのセットアップ (ラウンドトークン); 002 上級ゲーム",
          standard=10, advanced=9),
    _line(_E, RefCode.FINAL_TURN, "002 ゲーム終了とスコアリング"),
)


def forestry_reference() -> tuple[RefLine, ...]:
    """The Forestry quick reference lines, in play order."""
    return FORESTRY_REFERENCE

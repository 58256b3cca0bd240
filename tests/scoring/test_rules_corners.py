"""Issue 35 item 6, the rules corners: known answers, each with the rule line it follows.

Sources as in ``rules/seeds``: 001 (Growing Forward), 002 (base rulebook, Japanese; the
sections named as it names them). The decisions are in docs/rules-decisions.md.
"""

from __future__ import annotations

from typing import Any

from scoring.forestry.record import parse_forestry
from scoring.forestry.reference import FORESTRY_REFERENCE, REF_NUMBERS, RefCode
from scoring.forestry.score import score_forestry
from scoring.sheet import ScoreSheet


def score(data: dict[str, Any]) -> ScoreSheet:
    return score_forestry(parse_forestry(data))


# --------------------------------------------------------------------------- storage costs


def test_the_first_storage_extension_costs_the_5_coins_002_prints() -> None:
    """002 リソース: 「プレイヤーボードのストレージを初めて拡張するには、プレイヤーは5コイン
    を消費する必要があります」 (the first extension costs 5 coins); 002 フリーアクション 4
    says only "the coins printed on the leftmost locked space", so the others stay unknown."""
    (line,) = [x for x in FORESTRY_REFERENCE if x.message.code == RefCode.FREE_STORAGE]
    assert line.message.params["coins"] == 5
    assert "002 リソース" in line.source
    (five,) = [n for n in REF_NUMBERS[RefCode.FREE_STORAGE] if n.value == 5]
    assert five.param == "coins" and five.source == "002 リソース"

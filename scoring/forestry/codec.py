"""Forestry's record codec (:class:`scoring.record.RecordCodec`): its record v1 read,
scored and described; :data:`scoring.api.CODECS` imports it when first asked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.forestry.model import ForestryGame
from scoring.forestry.record import parse_forestry
from scoring.forestry.score import CATEGORIES, score_forestry
from scoring.message import ListCode, Msg, msg
from scoring.record import Confirmed, RecordCodec
from scoring.sheet import ScoreSheet


def _score(data: Any, confirmed: Confirmed | None) -> ScoreSheet:
    return score_forestry(parse_forestry(data), confirmed=confirmed)


def _applying(game: ForestryGame) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(c.value for c, applies, _fn in CATEGORIES
                           if applies(p, game)) for p in game.players)


def _board(options: Mapping[str, Any]) -> Msg:
    parts = [msg("board-mode", mode=str(options.get("mode") or "standard"))]
    if options.get("technology_side"):
        parts.append(msg("board-technology", side=str(options["technology_side"])))
    gf = options.get("growing_forward")
    modules = tuple(msg(f"board-module-{m.replace('_', '-')}")
                    for m in ("infestation", "asymmetric_setup")
                    if isinstance(gf, Mapping) and gf.get(m))
    if modules:
        parts.append(msg("board-growing-forward", modules=msg(ListCode.COMMAS, items=modules)))
    return msg(ListCode.COMMAS, items=tuple(parts))


CODEC = RecordCodec(parse_forestry, _score, tuple(c.value for c, _a, _fn in CATEGORIES),
                    _applying, _board)

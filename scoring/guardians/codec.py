"""Forest Guardians' record codec (:class:`scoring.record.RecordCodec`): its record v1
read, scored and described; :data:`scoring.api.CODECS` imports it when first asked for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.guardians.model import GuardiansGame
from scoring.guardians.record import parse_guardians
from scoring.guardians.score import CATEGORIES, score_guardians
from scoring.message import Msg, msg
from scoring.record import Confirmed, RecordCodec
from scoring.sheet import ScoreSheet


def _score(data: Any, confirmed: Confirmed | None) -> ScoreSheet:
    # Forest Guardians prints no value a player confirms: ``confirmed`` does not apply
    return score_guardians(parse_guardians(data))


def _applying(game: GuardiansGame) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(key for key, _fn in CATEGORIES) for _p in game.players)


def _board(options: Mapping[str, Any]) -> Msg:
    return msg("board-guardians", advanced=bool(options.get("advanced")))


CODEC = RecordCodec(parse_guardians, _score, tuple(key for key, _fn in CATEGORIES),
                    _applying, _board)

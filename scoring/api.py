"""One entry point to score any record: decoded JSON in, ScoreSheet out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.record import check_envelope
from scoring.sheet import ScoreSheet


def score_record(
    data: Any, confirmed: Mapping[str, Mapping[str, Any]] | None = None
) -> ScoreSheet:
    """Validate and score a record (raises ``scoring.record.RecordError``).

    ``confirmed`` holds printed values the user confirmed earlier (table ->
    key -> value); a record's own ``printed`` values win over them, and both
    win over the values shipped with the product.
    """
    game = check_envelope(data)
    if game == "forestry":
        from scoring.forestry.record import parse_forestry
        from scoring.forestry.score import score_forestry

        return score_forestry(parse_forestry(data), confirmed=confirmed)
    from scoring.guardians.record import parse_guardians
    from scoring.guardians.score import score_guardians

    return score_guardians(parse_guardians(data))

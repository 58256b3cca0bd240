"""Play records: plays that came from another app (BG Stats, BoardGameGeek), totals only.

``{"format": "forest-table/play", "version": 1, "game", "played_at", "location"?,
"source": "bgstats" | "bgg", "players": [{"name", "score", "winner", "colour"?}]}``
(docs/records.md). No board, so no category points and nothing to score again; the score
sheet is made from the totals (:func:`play_sheet`). Read by the importers of
:mod:`app.store.plays_import` and :mod:`app.store.imports` (a backup carries them).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from scoring.games import GAMES

PLAY_FORMAT = "forest-table/play"
SOURCES = ("bgstats", "bgg")
__all__ = ["PLAY_FORMAT", "SOURCES", "check_play_record", "play_sheet"]


def play_sheet(record: Mapping[str, Any]) -> dict[str, Any]:
    """The score sheet of a play record: its totals, ranks by total, the winners it names
    (complete only when every score is known)."""
    players = list(record.get("players") or [])
    totals = [p.get("score") for p in players]
    complete = all(isinstance(t, int) for t in totals)
    known = [t for t in totals if isinstance(t, int)]
    rows = [{"name": p.get("name"), "total": p.get("score") if complete else None,
             "rank": (1 + sum(1 for t in known if t > p["score"])) if complete else None,
             "categories": {}, "details": {}} for p in players]
    winners = [p.get("name") for p in players if p.get("winner")]
    return {"game": record.get("game"), "complete": complete, "needs": [], "players": rows,
            "winners": winners}


def check_play_record(data: Mapping[str, Any]) -> list[str]:
    """What is wrong with a play record (a backup line with ``format: forest-table/play``)."""
    problems = []
    allowed = {"format", "version", "game", "played_at", "location", "source", "players",
               "history"}
    problems += [f"{k}: unknown field of a play record" for k in data if k not in allowed]
    if data.get("version") != 1:
        problems.append("version: must be 1")
    if data.get("game") not in GAMES:
        problems.append(f"game: must be one of {', '.join(GAMES)}")
    if data.get("source") not in SOURCES:
        problems.append(f"source: must be one of {', '.join(SOURCES)}")
    try:
        datetime.fromisoformat(str(data.get("played_at")))
    except ValueError:
        problems.append("played_at: not an ISO 8601 date-time")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        problems.append("players: 1 to 4 players")
        return problems
    for i, p in enumerate(players):
        if not isinstance(p, dict) or set(p) - {"name", "score", "winner", "colour"}:
            problems.append(f"players[{i}]: name, score, winner and colour only")
            continue
        if not isinstance(p.get("name"), str) or not p["name"].strip():
            problems.append(f"players[{i}].name: required")
        s = p.get("score")
        if s is not None and (not isinstance(s, int) or isinstance(s, bool)):
            problems.append(f"players[{i}].score: a whole number or null")
        if not isinstance(p.get("winner"), bool):
            problems.append(f"players[{i}].winner: true or false")
    return problems



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
from scoring.message import MessageCode, Msg, Refusal, msg
from scoring.record import RecordCode, forbidden_character

PLAY_FORMAT = "forest-table/play"
SOURCES = ("bgstats", "bgg")
MAX_LOCATION = 200  # as a game's location (app.store.crud.MAX_LOCATION)
__all__ = ["PLAY_FORMAT", "SOURCES", "PlayRecordCode", "check_play_record", "play_sheet"]


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


class PlayRecordCode(MessageCode):
    """What is wrong with a play record (a backup line with ``format: forest-table/play``)."""

    FIELD = "play-record-field"
    VERSION = "play-record-version"
    GAME = "play-record-game"
    SOURCE = "play-record-source"
    PLAYED_AT = "play-record-played-at"
    PLAYERS = "play-record-players"
    PLAYER_FIELDS = "play-record-player-fields"
    SCORE = "play-record-score"
    WINNER = "play-record-winner"
    LOCATION = "play-record-location"


def check_play_record(data: Mapping[str, Any]) -> list[tuple[str, Msg]]:
    """What is wrong with a play record, as (path, message): its fields, and its names and
    location cleaned as everywhere (``app.names.clean_name``; no control or bidi
    characters, docs/records.md)."""
    from app.names import clean_name

    problems: list[tuple[str, Msg]] = []
    allowed = {"format", "version", "game", "played_at", "location", "source", "players",
               "history"}
    problems += [(k, msg(PlayRecordCode.FIELD)) for k in data if k not in allowed]
    if data.get("version") != 1:
        problems.append(("version", msg(PlayRecordCode.VERSION)))
    if data.get("game") not in GAMES:
        problems.append(("game", msg(PlayRecordCode.GAME, games=", ".join(GAMES))))
    if data.get("source") not in SOURCES:
        problems.append(("source", msg(PlayRecordCode.SOURCE, sources=", ".join(SOURCES))))
    try:
        datetime.fromisoformat(str(data.get("played_at")))
    except ValueError:
        problems.append(("played_at", msg(PlayRecordCode.PLAYED_AT)))
    location = data.get("location")
    if location is not None:
        bad = forbidden_character(location) if isinstance(location, str) else None
        if not isinstance(location, str) or not 0 < len(location) <= MAX_LOCATION:
            problems.append(("location", msg(PlayRecordCode.LOCATION, limit=MAX_LOCATION)))
        elif bad is not None:
            problems.append(("location", msg(RecordCode.FORBIDDEN_CHARACTER,
                                             code_point=f"U+{ord(bad):04X}")))
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        problems.append(("players", msg(PlayRecordCode.PLAYERS)))
        return problems
    for i, p in enumerate(players):
        at = f"players[{i}]"
        if not isinstance(p, dict) or set(p) - {"name", "score", "winner", "colour"}:
            problems.append((at, msg(PlayRecordCode.PLAYER_FIELDS)))
            continue
        try:
            clean_name(p.get("name"), f"{at}.name")
        except Refusal as exc:
            problems.append(("", msg(exc.code, field=exc.field or f"{at}.name",
                                     **exc.params)))
        s = p.get("score")
        if s is not None and (not isinstance(s, int) or isinstance(s, bool)):
            problems.append((f"{at}.score", msg(PlayRecordCode.SCORE)))
        if not isinstance(p.get("winner"), bool):
            problems.append((f"{at}.winner", msg(PlayRecordCode.WINNER)))
    return problems

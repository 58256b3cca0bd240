"""Play records: plays that came from another app (BG Stats, BoardGameGeek), totals only.

``{"format": "forest-table/play", "version": 1, "game", "played_at", "location"?,
"source": "bgstats" | "bgg", "players": [{"name", "score", "winner", "colour"?, ...}],
...}`` (docs/records.md). No board, so no category points and nothing to score again; the
score sheet is made from the totals (:func:`play_sheet`). What else the other app knew of
the play is kept in it, so that it goes back out whole (:data:`PLAY_FIELDS`,
:data:`PLAYER_FIELDS`, :data:`ANONYMOUS_FIELDS`): the duration, the first player, roles,
expansions, BG Stats' player uuids and ``manualWinner``, BGG usernames, ids and quantity,
and the anonymous players (kept out of people and statistics). Read by the importers of
:mod:`app.store.plays_import` and :mod:`app.store.imports` (a backup carries them).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast

from app.names import clean_name
from app.store.models import PersonAlias, Seat
from scoring.games import GAMES
from scoring.message import MessageCode, Msg, Refusal, msg
from scoring.record import RecordCode, forbidden_character

PLAY_FORMAT = "forest-table/play"
SOURCES = ("bgstats", "bgg")
MAX_LOCATION = 200  # as a game's location (app.store.crud.MAX_LOCATION)
__all__ = ["ANONYMOUS_FIELDS", "PLAYER_FIELDS", "PLAY_FIELDS", "PLAY_FORMAT", "SOURCES",
           "PlayRecordCode", "check_play_record", "play_sheet"]


#: Optional fields of a play record: name -> (type, lowest, highest) (a number's value, a
#: text's or a list's length).
PLAY_FIELDS: dict[str, tuple[type, int, int]] = {
    "duration_min": (int, 0, 100_000), "first_player": (int, 1, 4), "rounds": (int, 0, 1000),
    "board": (str, 1, 200), "expansions": (list, 0, 20), "manual_winner": (bool, 0, 1),
    "bgg_id": (int, 1, 2**31 - 1), "bgg_play_id": (int, 1, 2**53), "quantity": (int, 2, 1000),
    "anonymous": (list, 1, 3)}
#: Optional fields of one of its players (each is one of our people).
PLAYER_FIELDS: dict[str, tuple[type, int, int]] = {
    "colour": (str, 1, 32), "uuid": (str, 1, 64), "role": (str, 1, 100),
    "character": (str, 1, 40), "rank": (int, 0, 100), "new": (bool, 0, 1),
    "seat_order": (int, 0, 100), "bgg_username": (str, 1, 100),
    "bgg_user_id": (int, 1, 2**31 - 1)}
#: An anonymous player (BG Stats ``isAnonymous``, a BGG player without name or username):
#: kept in the play only, at its place among the players (``at``), never a person.
ANONYMOUS_FIELDS: dict[str, tuple[type, int, int]] = {
    **{k: v for k, v in PLAYER_FIELDS.items() if k != "character"},
    "at": (int, 0, 4), "name": (str, 1, 100), "score": (int, -10**6, 10**6),
    "winner": (bool, 0, 1), "start": (bool, 0, 1)}
EXPANSION_FIELDS: dict[str, tuple[type, int, int]] = {
    "name": (str, 1, 100), "bgg_id": (int, 1, 2**31 - 1)}


def play_sheet(record: Mapping[str, Any]) -> dict[str, Any]:
    """The score sheet of a play record: its totals, ranks (as the other app gave them, else
    by total), the winners it names (complete only when every score is known)."""
    players = list(record.get("players") or [])
    totals = [p.get("score") for p in players]
    complete = all(isinstance(t, int) for t in totals)
    known = [t for t in totals if isinstance(t, int)]
    rows = [{"name": p.get("name"), "total": p.get("score") if complete else None,
             "rank": (p["rank"] if isinstance(p.get("rank"), int) and p["rank"] > 0 else
                      1 + sum(1 for t in known if t > p["score"])) if complete else None,
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
    FIELD_TYPE = "play-record-field-type"
    FIELD_RANGE = "play-record-field-range"


def check_play_record(data: Mapping[str, Any]) -> list[tuple[str, Msg]]:
    """What is wrong with a play record, as (path, message): its fields, and its names and
    location cleaned as everywhere (``app.names.clean_name``; no control or bidi
    characters, docs/records.md)."""
    problems: list[tuple[str, Msg]] = []
    allowed = {"format", "version", "game", "played_at", "location", "source", "players",
               "history", *PLAY_FIELDS}
    problems += [(k, msg(PlayRecordCode.FIELD)) for k in data if k not in allowed]
    problems += _fields(data, PLAY_FIELDS, "")
    for i, e in enumerate(data.get("expansions") or []):
        problems += _fields(e, EXPANSION_FIELDS, f"expansions[{i}]", need={"name"})
    for i, a in enumerate(data.get("anonymous") or []):
        problems += _fields(a, ANONYMOUS_FIELDS, f"anonymous[{i}]", need={"at", "winner"})
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
        if not isinstance(p, dict) or set(p) - {"name", "score", "winner", *PLAYER_FIELDS}:
            problems.append((at, msg(PlayRecordCode.PLAYER_FIELDS)))
            continue
        problems += _fields({k: v for k, v in p.items() if k in PLAYER_FIELDS},
                            PLAYER_FIELDS, at)
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


def _fields(data: Any, fields: Mapping[str, tuple[type, int, int]], at: str,
            need: set[str] | None = None) -> list[tuple[str, Msg]]:
    """Each optional field of ``fields`` present in ``data``: its type and bounds; texts
    without control or bidi characters; ``need``: the fields it must have."""
    if not isinstance(data, dict) or set(data) - set(fields) or not (need or set()) <= set(
            data):
        return [(at, msg(PlayRecordCode.PLAYER_FIELDS))] if at else []
    out: list[tuple[str, Msg]] = []
    for key, (kind, low, high) in fields.items():
        if key not in data or (key == "score" and data[key] is None):
            continue
        value = cast(Any, data[key])
        path = f"{at}.{key}" if at else key
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            out.append((path, msg(PlayRecordCode.FIELD_TYPE, expected=kind.__name__)))
            continue
        size: int = cast(int, value) if kind is int else len(cast(Any, value)) \
            if kind in (str, list) else low
        bad = forbidden_character(str(value)) if kind is str else None
        if not low <= size <= high:
            out.append((path, msg(PlayRecordCode.FIELD_RANGE, low=low, high=high)))
        elif bad is not None:
            out.append((path, msg(RecordCode.FORBIDDEN_CHARACTER,
                                  code_point=f"U+{ord(bad):04X}")))
    return out


def record_fields(record: Mapping[str, Any]) -> set[str]:
    """The fields a record holds, its players' too (``players.role``): what it knows."""
    out = {str(k) for k in record}
    for p in record.get("players") or []:
        if isinstance(p, Mapping):
            out.update(f"players.{k}" for k in p)
    return out


def record_aliases(record: Mapping[str, Any]) -> list[tuple[int, str]]:
    """(seat, alias) for each player of a play record with an id in its app: the BG Stats
    player uuid (``bgstats:<UUID>``), the BGG username (``bgg:<name>``)."""
    out = []
    for seat, p in enumerate(record.get("players") or [], start=1):
        if not isinstance(p, Mapping):
            continue
        if isinstance(p.get("uuid"), str):
            out.append((seat, f"bgstats:{p['uuid'].upper()}"))
        if isinstance(p.get("bgg_username"), str):
            out.append((seat, f"bgg:{p['bgg_username'].lower()}"))
    return out


def keep_aliases(session: Any, game_id: int, record: Mapping[str, Any]) -> None:
    """Remember how each of a play's people is known in their app (:func:`record_aliases`),
    for the next import of their file and for the exports; an alias already given to
    someone stays theirs."""
    wanted = record_aliases(record)
    if not wanted:
        return
    from sqlmodel import col, select


    have = set(session.exec(select(PersonAlias.alias).where(
        col(PersonAlias.alias).in_([a for _, a in wanted]))).all())
    seats = dict(session.exec(select(Seat.seat, Seat.person_id).where(
        Seat.game_id == game_id)).all())
    for seat, alias in wanted:
        if alias not in have and seat in seats:
            session.add(PersonAlias(alias=alias, person_id=seats[seat]))
            have.add(alias)
    session.flush()

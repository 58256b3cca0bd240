"""Export and import: record v1 (JSON / JSON lines), BG Stats, BoardGameGeek CSV.

Export (finished games only, oldest first):

- ``record``: one game is one JSON object (indented), several are JSON lines
  (one compact record per line) — exactly the records stored, so export ->
  import is lossless.
- ``bgstats``: a BG Stats play file (``games``/``players``/``locations``/
  ``plays`` with ``playerScores``), plus one ``bgstats://`` createPlay link
  per game (:func:`bgstats_link`) that pushes the play into the app.
- ``bgg-csv``: one row per player with BoardGameGeek's play fields (date,
  location, length, name, startposition, color, score, win, new).

Import (:func:`import_records`) reads record v1 as one JSON object or JSON
lines, validates *everything* first — every record through
``scoring.record.parse_record`` and ``scoring.api.score_record`` — and writes
all or nothing in one transaction. Problems are reported as
``line N: players[0].coins: ...`` (``N`` is the file line the record starts on).
A record already in the database (same canonical JSON) is skipped, not doubled.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import quote

import sqlalchemy as sa
from sqlmodel import Session, col, select

from app.store.crud import (
    InvalidData,
    NotFound,
    add_finished_game,
    fingerprint,
    get_printed,
    person_key,
    replace_results,
)
from app.store.models import (
    FINISHED,
    SOURCE_APP,
    FinishedRecord,
    Game,
    Person,
    Seat,
    utc,
)
from app.store.queries import GameSummary, _summaries
from app.store.summary import rebuild_stats

GAME_TITLES = {"forestry": "Forestry", "forest-guardians": "Forest Guardians"}
SOURCE_NAME = "Forest Table"
BGSTATS_CREATE_PLAY = "bgstats://app.bgstatsapp.com/createPlay.html?data="
_UUID_NS = uuid.UUID("6f0d9a8e-3c1b-5d7e-9a40-f0a5e57ab1e0")  # stable ids across exports
MAX_DURATION = timedelta(hours=12)  # longer: the game was paused, duration unknown
BATCH = 500
BULK = 50  # importing more records than this: rebuild the statistics once at the end


# --------------------------------------------------------------------------- export


@dataclass(frozen=True, slots=True)
class ExportedGame:
    """A finished game as the exporters see it."""

    summary: GameSummary
    record: dict[str, Any]
    sheet: dict[str, Any]
    duration_min: int | None
    new_players: frozenset[int] = field(default_factory=frozenset)  # first play of this game

    @property
    def id(self) -> int:
        return self.summary.id


def _finished_ids(session: Session, ids: Sequence[int] | None) -> list[int]:
    order = (col(Game.played_at), col(Game.id))
    if ids is None:
        stmt = select(Game.id).where(Game.status == FINISHED).order_by(*order)
        return [int(i) for i in session.exec(stmt).all() if i is not None]
    wanted = list(dict.fromkeys(ids))
    rows = {g.id: g.status for g in session.exec(select(Game).where(col(Game.id).in_(wanted)))}
    missing = [i for i in wanted if i not in rows]
    if missing:
        raise NotFound("no game with id " + ", ".join(map(str, missing)))
    open_ = [i for i in wanted if rows[i] != FINISHED]
    if open_:
        raise InvalidData("game " + ", ".join(map(str, open_))
                          + " is not finished yet (only finished games are exported)")
    return wanted


def _duration(game: Game) -> int | None:
    if game.source != SOURCE_APP or game.finished_at is None:
        return None
    span = (utc(game.finished_at) or game.finished_at) - (utc(game.created_at) or game.created_at)
    if span <= timedelta(0) or span > MAX_DURATION:
        return None
    return max(1, round(span.total_seconds() / 60))


def _new_players(session: Session, ids: Sequence[int]) -> dict[int, set[int]]:
    """game id -> persons for whom it was their first finished play of that game."""
    seat: sa.Table = Seat.__table__  # type: ignore[attr-defined]
    s, t = seat.alias("s"), seat.alias("t")
    earlier = (sa.select(sa.literal(1)).select_from(t).where(
        t.c.person_id == s.c.person_id, t.c.finished.is_(True), t.c.game == s.c.game,
        sa.or_(t.c.played_at < s.c.played_at,
               sa.and_(t.c.played_at == s.c.played_at, t.c.game_id < s.c.game_id))))
    out: dict[int, set[int]] = {}
    rows = session.execute(sa.select(s.c.game_id, s.c.person_id)
                           .where(s.c.game_id.in_(ids), ~earlier.exists())).all()
    for gid, pid in rows:
        out.setdefault(int(gid), set()).add(int(pid))
    return out


def export_games(session: Session, *, ids: Sequence[int] | None = None) -> Iterator[ExportedGame]:
    """Finished games (all, oldest first, or ``ids`` in that order), streamed in batches.

    Unknown ids raise ``NotFound``, open games ``InvalidData`` — before anything is yielded.
    """
    all_ids = _finished_ids(session, ids)
    for start in range(0, len(all_ids), BATCH):
        chunk = all_ids[start:start + BATCH]
        games = {g.id: g for g in session.exec(select(Game).where(col(Game.id).in_(chunk)))}
        records = {r.game_id: r for r in session.exec(
            select(FinishedRecord).where(col(FinishedRecord.game_id).in_(chunk)))}
        ordered = [games[i] for i in chunk]
        summaries = {s.id: s for s in _summaries(session, ordered)}
        new = _new_players(session, chunk)
        for g in ordered:
            assert g.id is not None
            rec = records[g.id]
            yield ExportedGame(summaries[g.id], dict(rec.record), dict(rec.sheet), _duration(g),
                               frozenset(new.get(g.id, set())))


def records_text(games: Sequence[ExportedGame]) -> str:
    """Record v1: one game as an indented JSON object, several as JSON lines."""
    if len(games) == 1:
        return json.dumps(games[0].record, indent=2, ensure_ascii=False) + "\n"
    return "".join(json.dumps(g.record, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for g in games)


def _local(dt: datetime) -> datetime:
    return dt.astimezone()


def _bgstats_date(dt: datetime) -> str:
    return _local(dt).strftime("%Y-%m-%d %H:%M:%S")


def _comments(g: ExportedGame) -> str:
    lines = []
    for p in g.sheet.get("players") or []:
        cats = ", ".join(f"{k} {v}" for k, v in (p.get("categories") or {}).items())
        lines.append(f"{p.get('name')}: {p.get('total')} ({cats})")
    if not g.sheet.get("complete", True):
        lines.append("score incomplete: printed values missing")
    return f"{SOURCE_NAME} game {g.id}\n" + "\n".join(lines)


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(_UUID_NS, f"{kind}:{key}")).upper()


def bgstats_play(g: ExportedGame) -> dict[str, Any]:
    """The JSON of BG Stats' createPlay link for one game."""
    s = g.summary
    players = []
    for p in s.players:
        entry: dict[str, Any] = {
            "name": p.name, "sourcePlayerId": person_key(p.name), "winner": p.winner,
            "startPlayer": p.seat == 1, "seatOrder": p.seat, "newPlayer": p.person_id in
            g.new_players,
        }
        if p.total is not None:
            entry["score"] = p.total
        if p.rank is not None:
            entry["rank"] = p.rank
        if p.colour:
            entry["color"] = p.colour
        if p.character:
            entry["role"] = p.character
        players.append(entry)
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"forest-table-{_uuid('play', str(g.id))}",
        "game": {"name": GAME_TITLES.get(s.game, s.game), "sourceGameId": s.game,
                 "highestWins": True, "noPoints": False, "cooperative": False},
        "playDate": _bgstats_date(s.played_at),
        "players": players,
        "comments": _comments(g),
    }
    if g.duration_min is not None:
        play["durationMin"] = g.duration_min
    if s.location:
        play["location"] = {"name": s.location, "sourceLocationId": person_key(s.location)}
    return play


def bgstats_link(g: ExportedGame) -> str:
    """``bgstats://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` for one game."""
    data = json.dumps(bgstats_play(g), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_CREATE_PLAY + quote(data, safe="")


def bgstats_file(games: Sequence[ExportedGame]) -> dict[str, Any]:
    """A BG Stats play file: games, players, locations and plays referring to them by id."""
    game_ids: dict[str, int] = {}
    player_ids: dict[str, int] = {}
    location_ids: dict[str, int] = {}
    out_games: list[dict[str, Any]] = []
    out_players: list[dict[str, Any]] = []
    out_locations: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    for g in games:
        s = g.summary
        if s.game not in game_ids:
            game_ids[s.game] = len(game_ids) + 1
            out_games.append({"id": game_ids[s.game], "uuid": _uuid("game", s.game),
                              "name": GAME_TITLES.get(s.game, s.game), "highestWins": True,
                              "noPoints": False, "cooperative": False, "usesTeams": False})
        loc_ref = None
        if s.location:
            k = person_key(s.location)
            if k not in location_ids:
                location_ids[k] = len(location_ids) + 1
                out_locations.append({"id": location_ids[k], "uuid": _uuid("location", k),
                                      "name": s.location})
            loc_ref = location_ids[k]
        scores = []
        for p in s.players:
            k = person_key(p.name)
            if k not in player_ids:
                player_ids[k] = len(player_ids) + 1
                out_players.append({"id": player_ids[k], "uuid": _uuid("player", k),
                                    "name": p.name, "isAnonymous": False})
            ps: dict[str, Any] = {
                "playerRefId": player_ids[k],
                "score": "" if p.total is None else str(p.total),
                "winner": p.winner, "rank": p.rank or 0, "seatOrder": p.seat,
                "startPlayer": p.seat == 1, "newPlayer": p.person_id in g.new_players,
                "role": p.character or "",
            }
            if p.colour:
                ps["color"] = p.colour
            scores.append(ps)
        play: dict[str, Any] = {
            "uuid": _uuid("play", str(g.id)), "gameRefId": game_ids[s.game],
            "playDate": _bgstats_date(s.played_at), "durationMin": g.duration_min or 0,
            "ignored": False, "manualWinner": False, "usesTeams": False,
            "comments": _comments(g), "playerScores": scores,
        }
        if loc_ref is not None:
            play["locationRefId"] = loc_ref
        plays.append(play)
    return {
        "about": "A play file that BG Stats (Board Game Stats) can read: open it with the app.",
        "sourceName": SOURCE_NAME,
        "games": out_games, "players": out_players, "locations": out_locations, "plays": plays,
    }


BGG_COLUMNS = ["play_id", "date", "game", "location", "quantity", "length", "name",
               "startposition", "color", "score", "win", "new", "comments"]


def bgg_csv(games: Sequence[ExportedGame]) -> str:
    """BoardGameGeek play fields as CSV, one row per player (``win``/``new`` are 0/1)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(BGG_COLUMNS)
    for g in games:
        s = g.summary
        for p in s.players:
            w.writerow([
                g.id, _local(s.played_at).date().isoformat(), GAME_TITLES.get(s.game, s.game),
                s.location or "", 1, "" if g.duration_min is None else g.duration_min, p.name,
                p.seat, p.colour or "", "" if p.total is None else p.total, int(p.winner),
                int(p.person_id in g.new_players),
                "" if g.sheet.get("complete", True) else "score incomplete",
            ])
    return buf.getvalue()


# --------------------------------------------------------------------------- import


@dataclass(frozen=True, slots=True)
class ImportProblem:
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class ImportFailed(InvalidData):
    """The file was not imported; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: Sequence[ImportProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True, slots=True)
class ImportResult:
    imported: tuple[int, ...]  # new game ids, in file order
    skipped: tuple[tuple[int, int], ...]  # (line, existing game id): already in the database
    # (line, new game id, needs): scored without a printed value nobody has confirmed yet;
    # each need is {"table", "key", "ask"}. Confirming the value re-scores the game.
    incomplete: tuple[tuple[int, int, tuple[dict[str, str], ...]], ...] = ()


def read_records(text: str) -> list[tuple[int, Any]]:
    """(line, decoded JSON) per record: one JSON object, or JSON lines (blank lines ignored)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    stripped = text.strip()
    if not stripped:
        raise ImportFailed([ImportProblem(1, "", "the file is empty")])
    first_line = 1 + text[: len(text) - len(text.lstrip())].count("\n")
    try:
        whole = json.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    else:
        if isinstance(whole, list):
            raise ImportFailed([ImportProblem(first_line, "", "a JSON array is not a record file; "
                                              "use one JSON object or JSON lines")])
        return [(first_line, whole)]
    out: list[tuple[int, Any]] = []
    problems: list[ImportProblem] = []
    # only "\n" ends a line: str.splitlines() would also split inside a record at
    # U+0085, U+2028 ... which JSON (ensure_ascii=False) writes as they are
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            out.append((n, json.loads(line)))
        except json.JSONDecodeError as exc:
            problems.append(ImportProblem(n, "", f"not valid JSON ({exc.msg} at column "
                                                 f"{exc.colno})"))
    if problems:
        raise ImportFailed(problems)
    return out


def _check(line: int, data: Any, confirmed: Mapping[str, Mapping[str, Any]]
           ) -> tuple[list[ImportProblem], dict[str, Any] | None]:
    from scoring.api import score_record
    from scoring.record import RecordError, parse_record

    try:
        parse_record(data)
        sheet = score_record(data, confirmed=confirmed).as_json()
    except RecordError as exc:
        return [ImportProblem(line, p.path, p.message) for p in exc.problems], None
    problems: list[ImportProblem] = []
    seen: dict[str, int] = {}
    for i, p in enumerate(data.get("players") or []):
        k = person_key(str(p.get("name", "")))
        if k in seen:
            problems.append(ImportProblem(line, f"players[{i}].name",
                                          f"same person as players[{seen[k]}] ({p.get('name')!r})"))
        seen.setdefault(k, i)
    return problems, sheet


def import_records(session: Session, text: str) -> ImportResult:
    """Validate every record, then save all of them in one transaction (or none).

    Raises :class:`ImportFailed` listing every problem; the database is unchanged then.
    """
    items = read_records(text)
    confirmed = get_printed(session)
    problems: list[ImportProblem] = []
    checked: list[tuple[int, dict[str, Any], dict[str, Any], str]] = []
    for line, data in items:
        found, sheet = _check(line, data, confirmed)
        problems.extend(found)
        if sheet is not None and not found:
            checked.append((line, data, sheet, fingerprint(data)))
    if problems:
        raise ImportFailed(problems)
    prints = list({fp for *_, fp in checked})
    existing: dict[str, int] = {}
    for start in range(0, len(prints), BATCH):
        chunk = prints[start:start + BATCH]
        for gid, fp in session.exec(select(FinishedRecord.game_id, FinishedRecord.fingerprint)
                                    .where(col(FinishedRecord.fingerprint).in_(chunk))):
            existing.setdefault(str(fp), int(gid))
    imported: list[int] = []
    skipped: list[tuple[int, int]] = []
    incomplete: list[tuple[int, int, tuple[dict[str, str], ...]]] = []
    try:
        for line, data, sheet, fp in checked:
            if fp in existing:
                skipped.append((line, existing[fp]))
                continue
            game = add_finished_game(session, record=data, sheet=sheet, source="import",
                                     commit=False, update_stats=len(checked) <= BULK)
            assert game.id is not None
            existing[fp] = game.id
            imported.append(game.id)
            if not sheet.get("complete", True):
                incomplete.append((line, game.id, tuple(sheet.get("needs") or ())))
        if len(checked) > BULK and imported:
            keys = {person_key(str(p.get("name", ""))) for _, d, _, _ in checked
                    for p in d.get("players") or []}
            people = session.exec(select(Person.id).where(col(Person.key).in_(keys))).all()
            rebuild_stats(session, [p for p in people if p is not None])
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return ImportResult(tuple(imported), tuple(skipped), tuple(incomplete))


def rescore_incomplete(session: Session) -> list[int]:
    """Score again the finished games that lacked a printed value, with the values confirmed
    since; those now complete get their totals, ranks and winners. Returns their ids."""
    from scoring.api import score_record
    from scoring.record import RecordError

    confirmed = get_printed(session)
    if not confirmed:
        return []
    ids = session.exec(select(Game.id).where(Game.status == FINISHED,
                                             col(Game.complete).is_(False))).all()
    done: list[int] = []
    for gid in ids:
        assert gid is not None
        rec = session.get(FinishedRecord, gid)
        if rec is None:
            continue
        from scoring.printed import embed_confirmed

        record = dict(rec.record)
        if record.get("game") == "forestry":  # it keeps what it was scored with, plus these
            record = embed_confirmed(record, confirmed, keep_own=True)
        try:
            sheet = score_record(record, confirmed=confirmed)
        except RecordError:  # saved by an older version with other rules: leave it
            continue
        if sheet.complete:
            replace_results(session, game_id=gid, sheet=sheet, record=record)
            done.append(gid)
    return done

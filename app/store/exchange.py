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
``scoring.api.parse_record`` and ``scoring.api.score_record`` — and writes
all or nothing in one transaction. Problems are reported as
``line N: players[0].coins: ...`` (``N`` is the file line the record starts on).
A record already in the database (same canonical JSON) is skipped, not doubled.
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import IO, Any
from urllib.parse import quote

import sqlalchemy as sa
from sqlmodel import Session, col, select

from app.game.registry import VARIANTS, variant
from app.l10n import render
from app.names import clean_name
from app.store.crud import (
    InvalidData,
    NotFound,
    add_finished_game,
    fingerprint,
    get_bgg_ids,
    get_printed,
    person_key,
    replace_results,
)
from app.store.models import (
    DELETED,
    FINISHED,
    SOURCE_APP,
    FinishedRecord,
    GameRow,
    Person,
    Seat,
    utc,
)
from app.store.queries import GameSummary, _summaries
from app.store.summary import rebuild_stats
from scoring.games import Game
from scoring.message import MessageCode, Msg, Refusal, msg

#: Each game's name in exports (BG Stats, CSV).
GAME_TITLES = {str(game): v.name for game, v in VARIANTS.items()}
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
    bgg_id: int | None = None  # the game's BoardGameGeek id, when the user entered it

    @property
    def id(self) -> int:
        return self.summary.id

    @property
    def play_id(self) -> str:
        """The play's identity outside this database: the content fingerprint of its record
        as first saved (``GameRow.play_uid``, revision 0006) — the same in every database the
        record is imported into, in any order; two different games never share one."""
        return self.summary.play_uid or fingerprint(self.record)

    @property
    def complete(self) -> bool:
        return bool(self.sheet.get("complete", True))


def finished_ids(session: Session, ids: Sequence[int] | None) -> list[int]:
    """The finished games to export: all, oldest first, or ``ids`` (checked) in that order."""
    order = (col(GameRow.played_at), col(GameRow.id))
    if ids is None:
        stmt = select(GameRow.id).where(GameRow.status == FINISHED).order_by(*order)
        return [int(i) for i in session.exec(stmt).all() if i is not None]
    wanted = list(dict.fromkeys(ids))
    rows = {g.id: g.status
            for g in session.exec(select(GameRow).where(col(GameRow.id).in_(wanted)))}
    missing = [i for i in wanted if i not in rows]
    if missing:
        raise NotFound("no game with id " + ", ".join(map(str, missing)))
    deleted = [i for i in wanted if rows[i] == DELETED]
    if deleted:
        raise InvalidData("game " + ", ".join(map(str, deleted))
                          + " is deleted (bring it back with `records undelete` first)")
    open_ = [i for i in wanted if rows[i] != FINISHED]
    if open_:
        raise InvalidData("game " + ", ".join(map(str, open_))
                          + " is not finished yet (only finished games are exported)")
    return wanted


def _duration(game: GameRow) -> int | None:
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
    all_ids = finished_ids(session, ids)
    bgg = get_bgg_ids(session)
    for start in range(0, len(all_ids), BATCH):
        chunk = all_ids[start:start + BATCH]
        games = {g.id: g for g in session.exec(select(GameRow).where(col(GameRow.id).in_(chunk)))}
        records = {r.game_id: r for r in session.exec(
            select(FinishedRecord).where(col(FinishedRecord.game_id).in_(chunk)))}
        ordered = [games[i] for i in chunk]
        summaries = {s.id: s for s in _summaries(session, ordered)}
        new = _new_players(session, chunk)
        for g in ordered:
            assert g.id is not None
            rec = records[g.id]
            yield ExportedGame(summaries[g.id], dict(rec.record), dict(rec.sheet), _duration(g),
                               frozenset(new.get(g.id, set())), bgg.get(g.game))


def records_text(games: Sequence[ExportedGame]) -> str:
    """Record v1: one game as an indented JSON object, several as JSON lines."""
    if len(games) == 1:
        return json.dumps(games[0].record, indent=2, ensure_ascii=False) + "\n"
    return "".join(json.dumps(g.record, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for g in games)


def _bgstats_date(g: ExportedGame) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in the record's own offset (a game at 00:30 +09:00 is on
    that day wherever it is exported)."""
    return g.summary.local_played_at.strftime("%Y-%m-%d %H:%M:%S")


def _title(word: str) -> str:
    return " ".join(w.capitalize() for w in word.replace("-", "_").split("_"))


def role_name(role: str | None) -> str:
    """A character/ranger id as people read it (``forest_worker`` -> ``Forest Worker``)."""
    return _title(role) if role else ""


def _forestry_board(options: Mapping[str, Any]) -> str:
    parts = [_title(str(options.get("mode") or "standard"))]
    if options.get("technology_side"):
        parts.append(f"technology {options['technology_side']}")
    gf = options.get("growing_forward") or {}
    modules = [m.replace("_", " ") for m in ("infestation", "asymmetric_setup")
               if isinstance(gf, Mapping) and gf.get(m)]
    if modules:
        parts.append("Growing Forward: " + ", ".join(modules))
    return ", ".join(parts)


def _guardians_board(options: Mapping[str, Any]) -> str:
    return "Advanced" if options.get("advanced") else "Basic"


_BOARD_TEXT: dict[Game, Callable[[Mapping[str, Any]], str]] = {
    Game.FORESTRY: _forestry_board,
    Game.GUARDIANS: _guardians_board,
}


def board_text(game: str, options: Mapping[str, Any]) -> str:
    """BG Stats' ``board``: the mode and modules played (``Advanced, technology B,
    Growing Forward: infestation``; Forest Guardians ``Basic`` / ``Advanced``)."""
    return _BOARD_TEXT[Game(game)](options)


def _comments(g: ExportedGame) -> str:
    lines = []
    for p in g.sheet.get("players") or []:
        cats = ", ".join(f"{k} {v}" for k, v in (p.get("categories") or {}).items())
        total = p.get("total") if g.complete else "?"
        lines.append(f"{p.get('name')}: {total} ({cats})")
    if not g.complete:
        needs = ", ".join(f"{n.get('table')}[{n.get('key')}]" for n in g.sheet.get("needs") or [])
        lines.append("SCORE INCOMPLETE: printed values missing (" + needs + "); no scores, "
                     "ranks or winners exported")
    if g.summary.notes:
        lines.append(g.summary.notes)
    return f"{SOURCE_NAME} play {g.play_id[:12]}\n" + "\n".join(lines)


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(_UUID_NS, f"{kind}:{key}")).upper()


def bgstats_play(g: ExportedGame) -> dict[str, Any]:
    """The JSON of BG Stats' createPlay link for one game."""
    s = g.summary
    players = []
    for p in s.players:
        entry: dict[str, Any] = {
            "name": p.name, "sourcePlayerId": person_key(p.name),
            "startPlayer": p.seat == 1, "seatOrder": p.seat, "newPlayer": p.person_id in
            g.new_players, "role": role_name(p.character),
        }
        if g.complete:  # an incomplete sheet: no score, rank or winner is known
            entry["winner"] = p.winner
            if p.total is not None:
                entry["score"] = p.total
            if p.rank is not None:
                entry["rank"] = p.rank
        if p.colour:
            entry["color"] = p.colour
        players.append(entry)
    game: dict[str, Any] = {"name": GAME_TITLES.get(s.game, s.game), "sourceGameId": s.game,
                            "highestWins": True, "noPoints": False, "cooperative": False}
    if g.bgg_id is not None:
        game["bggId"] = g.bgg_id
    play: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": g.play_id,
        "game": game,
        "board": board_text(s.game, g.record.get("options") or {}),
        "playDate": _bgstats_date(g),
        "players": players,
        "comments": _comments(g),
    }
    if g.duration_min is not None:
        play["durationMin"] = g.duration_min
    if s.location:
        play["location"] = s.location
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
            entry = {"id": game_ids[s.game], "uuid": _uuid("game", s.game),
                     "name": GAME_TITLES.get(s.game, s.game), "highestWins": True,
                     "noPoints": False, "cooperative": False, "usesTeams": False}
            if g.bgg_id is not None:
                entry["bggId"] = g.bgg_id
            out_games.append(entry)
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
            known = g.complete  # an incomplete sheet: no score, rank or winner is known
            ps: dict[str, Any] = {
                "playerRefId": player_ids[k],
                "score": "" if p.total is None or not known else str(p.total),
                "winner": p.winner and known, "rank": (p.rank or 0) if known else 0,
                "seatOrder": p.seat, "startPlayer": p.seat == 1,
                "newPlayer": p.person_id in g.new_players, "role": role_name(p.character),
            }
            if p.colour:
                ps["color"] = p.colour
            scores.append(ps)
        play: dict[str, Any] = {
            "uuid": _uuid("play", g.play_id), "gameRefId": game_ids[s.game],
            "playDate": _bgstats_date(g), "durationMin": g.duration_min or 0,
            "board": board_text(s.game, g.record.get("options") or {}),
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


BGG_COLUMNS = ["play_id", "date", "objectid", "game", "location", "quantity", "length", "name",
               "startposition", "color", "score", "win", "new", "comments"]
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A text cell a spreadsheet will not run: one starting with ``= + - @``, a tab or a
    carriage return gets a leading ``'`` (OWASP's CSV injection advice). Numbers stay."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def bgg_csv(games: Iterable[ExportedGame]) -> str:
    """:func:`bgg_csv_lines` as one text."""
    return "".join(bgg_csv_lines(games))


def bgg_csv_lines(games: Iterable[ExportedGame]) -> Iterator[str]:
    """BoardGameGeek play fields as CSV lines, one row per player (``win``/``new`` are 0/1;
    ``objectid`` the game's BGG id when entered in Settings, else empty). Streamed."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")

    def flush() -> str:
        text = buf.getvalue()
        buf.seek(0)
        buf.truncate()
        return text

    w.writerow(BGG_COLUMNS)
    yield flush()
    for g in games:
        s = g.summary
        for p in s.players:
            w.writerow([csv_cell(c) for c in (
                g.play_id, s.local_played_at.date().isoformat(),
                "" if g.bgg_id is None else g.bgg_id, GAME_TITLES.get(s.game, s.game),
                s.location or "", 1, "" if g.duration_min is None else g.duration_min, p.name,
                p.seat, p.colour or "", "" if p.total is None or not g.complete else p.total,
                int(p.winner and g.complete), int(p.person_id in g.new_players),
                "" if g.complete else "score incomplete",
            )])
        yield flush()


# --------------------------------------------------------------------------- import

MAX_RECORD_BYTES = 1 << 20  # one record (one line of JSON lines) is far smaller than 1 MiB
MAX_DEPTH = 32  # a record nests 5 levels deep
MAX_DIGITS = 4300  # Python's own limit for int(str)
MAX_INT = 10**9  # no count or VP comes near; only the seed may be larger
MAX_PROBLEMS = 50  # problems listed; the rest are counted
MAX_LOCATION = 200
KEEP_SHEETS = 10_000  # score sheets kept from the check for the write (~1 KB each)


class ImportCode(MessageCode):
    NOT_UTF8 = "import-not-utf8"
    TOO_DEEP = "import-too-deep"
    NUMBER_TOO_LONG = "import-number-too-long"
    NUMBER_TOO_LARGE = "import-number-too-large"
    NOT_A_NUMBER = "import-not-a-number"
    LONE_SURROGATE = "import-lone-surrogate"
    LINE_TOO_LONG = "import-line-too-long"
    LOCATION_TOO_LONG = "import-location-too-long"
    CANNOT_SCORE = "import-cannot-score"
    MORE_PROBLEMS = "import-more-problems"


@dataclass(frozen=True, slots=True)
class ImportProblem:
    line: int
    path: str
    message: str | Msg

    def text(self, lang: str = "en") -> str:
        m = self.message
        body = m if isinstance(m, str) else render(lang, m)
        where = f"line {self.line}"
        return f"{where}: {self.path}: {body}" if self.path else f"{where}: {body}"

    def __str__(self) -> str:
        return self.text()


class ImportFailed(InvalidData):
    """The file was not imported; ``problems`` lists the first :data:`MAX_PROBLEMS` things
    wrong with it, ``count`` how many there are in all."""

    def __init__(self, problems: Sequence[ImportProblem], count: int | None = None) -> None:
        self.problems = tuple(problems)
        self.count = len(self.problems) if count is None else count
        lines = [str(p) for p in self.problems]
        if self.count > len(self.problems):
            lines.append(render("en", msg(ImportCode.MORE_PROBLEMS,
                                          count=self.count - len(self.problems))))
        super().__init__("\n".join(lines))


@dataclass(frozen=True, slots=True)
class ImportResult:
    imported: tuple[int, ...]  # new game ids, in file order
    skipped: tuple[tuple[int, int], ...]  # (line, existing game id): already in the database
    # (line, new game id, needs): scored without a printed value nobody has confirmed yet;
    # each need is {"table", "key", "ask"}. Confirming the value re-scores the game.
    incomplete: tuple[tuple[int, int, tuple[dict[str, str], ...]], ...] = ()


class _Bad(Exception):
    def __init__(self, problem: Msg, path: str = "") -> None:
        self.problem = problem
        self.path = path


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Bad(msg(ImportCode.NUMBER_TOO_LONG, limit=MAX_DIGITS))
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise _Bad(msg(ImportCode.NOT_A_NUMBER, value=name))


def _walk(value: Any) -> None:
    """Depth, lone surrogates and number sizes, checked without recursion."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        v, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _Bad(msg(ImportCode.TOO_DEEP, limit=MAX_DEPTH), path)
        if isinstance(v, str):
            for i, ch in enumerate(v):
                if "\ud800" <= ch <= "\udfff":
                    raise _Bad(msg(ImportCode.LONE_SURROGATE, code_point=f"U+{ord(ch):04X}",
                                   column=i + 1), path)
        elif isinstance(v, bool):
            continue
        elif isinstance(v, int):
            if abs(v) > MAX_INT and path != "seed":
                raise _Bad(msg(ImportCode.NUMBER_TOO_LARGE, limit=MAX_INT), path)
        elif isinstance(v, dict):
            for k, item in v.items():
                _walk_key(k, path)
                stack.append((item, f"{path}.{k}" if path else str(k), depth + 1))
        elif isinstance(v, list):
            for i, item in enumerate(v):
                stack.append((item, f"{path}[{i}]", depth + 1))


def _walk_key(key: str, path: str) -> None:
    for ch in key:
        if "\ud800" <= ch <= "\udfff":
            raise _Bad(msg(ImportCode.LONE_SURROGATE, code_point=f"U+{ord(ch):04X}", column=1),
                       path)


def _loads(text: str) -> Any:
    """``json.loads`` that refuses what would later fail deep inside: NaN/Infinity, numbers
    over 4,300 digits, nesting deeper than :data:`MAX_DEPTH`, lone surrogates."""
    try:
        value = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError as exc:
        raise _Bad(msg(ImportCode.TOO_DEEP, limit=MAX_DEPTH)) from exc
    _walk(value)
    return value


_Item = tuple[int, Any] | ImportProblem


def _json_error(n: int, exc: json.JSONDecodeError) -> ImportProblem:
    return ImportProblem(n, "", f"not valid JSON ({exc.msg} at column {exc.colno})")


def _one(n: int, raw: bytes) -> _Item | None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return ImportProblem(n, "", msg(ImportCode.NOT_UTF8, byte=f"0x{raw[exc.start]:02X}",
                                         column=exc.start + 1))
    if not text.strip():
        return None
    try:
        return (n, _loads(text))
    except _Bad as exc:
        return ImportProblem(n, exc.path, exc.problem)
    except json.JSONDecodeError as exc:
        return _json_error(n, exc)
    except ValueError as exc:  # e.g. an int(str) limit of this Python
        return ImportProblem(n, "", f"not valid JSON ({exc})")


def _lines(fh: IO[bytes], head: bytes) -> Iterator[tuple[int, bytes | None]]:
    """``(line number, bytes)`` per ``\\n``-ended line; ``None`` for a line longer than
    :data:`MAX_RECORD_BYTES` (skipped without being held in memory)."""
    n = 1
    buf = bytearray()
    too_long = False
    chunk = head
    while chunk:
        start = 0
        while True:
            nl = chunk.find(b"\n", start)
            if nl < 0:
                if not too_long:
                    buf += chunk[start:]
                    if len(buf) > MAX_RECORD_BYTES:
                        too_long = True
                        buf.clear()
                break
            if too_long:
                yield n, None
            else:
                buf += chunk[start:nl]
                yield n, (None if len(buf) > MAX_RECORD_BYTES else bytes(buf))
            buf.clear()
            too_long = False
            n += 1
            start = nl + 1
        chunk = fh.read(1 << 16)
    if too_long:
        yield n, None
    elif buf:
        yield n, bytes(buf)


def iter_records(source: str | bytes | IO[bytes]) -> Iterator[_Item]:
    """``(line, decoded JSON)`` per record, or an :class:`ImportProblem`, streamed: one JSON
    object (indented or not) or JSON lines (blank lines ignored). A file up to
    :data:`MAX_RECORD_BYTES` may be one indented object; a bigger one is read line by line,
    each at most that long."""
    if isinstance(source, str):
        fh: IO[bytes] = io.BytesIO(source.encode("utf-8", "surrogatepass"))
    elif isinstance(source, bytes):
        fh = io.BytesIO(source)
    else:
        fh = source
    head = fh.read(MAX_RECORD_BYTES + 1)
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    if len(head) <= MAX_RECORD_BYTES:
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError:
            text = None
        if text is not None:
            stripped = text.strip()
            if not stripped:
                yield ImportProblem(1, "", "the file is empty")
                return
            first_line = 1 + text[: len(text) - len(text.lstrip())].count("\n")
            try:
                whole = _loads(stripped)
            except _Bad as exc:
                if "\n" not in stripped:
                    yield ImportProblem(first_line, exc.path, exc.problem)
                    return
            except ValueError:
                pass
            else:
                if isinstance(whole, list):
                    yield ImportProblem(first_line, "", "a JSON array is not a record file; "
                                                        "use one JSON object or JSON lines")
                else:
                    yield (first_line, whole)
                return
    # only "\n" ends a line: str.splitlines() would also split inside a record at
    # U+0085, U+2028 ... which JSON (ensure_ascii=False) writes as they are
    for n, raw in _lines(fh, head):
        if raw is None:
            yield ImportProblem(n, "", msg(ImportCode.LINE_TOO_LONG, limit=MAX_RECORD_BYTES))
            continue
        item = _one(n, raw)
        if item is not None:
            yield item


def read_records(text: str | bytes) -> list[tuple[int, Any]]:
    """(line, decoded JSON) per record (all in memory: small inputs); problems raise
    :class:`ImportFailed` (the first :data:`MAX_PROBLEMS`, and their count)."""
    out: list[tuple[int, Any]] = []
    problems: list[ImportProblem] = []
    count = 0
    for item in iter_records(text):
        if isinstance(item, ImportProblem):
            count += 1
            if len(problems) < MAX_PROBLEMS:
                problems.append(item)
        else:
            out.append(item)
    if count:
        raise ImportFailed(problems, count)
    return out


def _sheet_json(sheet: Any) -> dict[str, Any]:
    """A score sheet as stored (its asks worded in English, as every stored sheet)."""
    from app.l10n import english

    return dict(sheet.as_json(english))


def _check(line: int, data: Any, confirmed: Mapping[str, Mapping[str, Any]]
           ) -> tuple[list[ImportProblem], dict[str, Any] | None]:
    from scoring.api import parse_record, score_record
    from scoring.record import RecordError

    try:
        parse_record(data)
        sheet = _sheet_json(score_record(data, confirmed=confirmed))
    except RecordError as exc:
        return [ImportProblem(line, p.path, p.msg) for p in exc.problems], None
    except (ValueError, TypeError, KeyError, ArithmeticError, RecursionError) as exc:
        return [ImportProblem(line, "", msg(ImportCode.CANNOT_SCORE,
                                            error=type(exc).__name__))], None
    problems: list[ImportProblem] = []
    seen: dict[str, int] = {}
    for i, p in enumerate(data.get("players") or []):
        try:
            name = clean_name(p.get("name"), f"players[{i}].name")
        except Refusal as exc:
            problems.append(ImportProblem(line, "", msg(exc.code, field=exc.field or "",
                                                        **exc.params)))
            continue
        k = person_key(name)
        if k in seen:
            problems.append(ImportProblem(line, f"players[{i}].name",
                                          f"same person as players[{seen[k]}] ({p.get('name')!r})"))
        seen.setdefault(k, i)
    loc = data.get("location")
    if isinstance(loc, str) and len(loc) > MAX_LOCATION:
        problems.append(ImportProblem(line, "location", msg(ImportCode.LOCATION_TOO_LONG,
                                                            limit=MAX_LOCATION,
                                                            length=len(loc))))
    return problems, (sheet if not problems else None)


Progress = Callable[[str, int, int | None], None]  # (phase "check"|"write", done, total)


def _reopen(source: str | bytes | IO[bytes]) -> tuple[Any, Any]:
    """A source that can be read twice: files are rewound, a pipe is spooled to disk as it is
    checked (memory stays bounded). Returns (first pass source, second pass opener)."""
    if isinstance(source, str | bytes):
        return source, lambda: source
    try:
        pos = source.tell()
        source.seek(pos)
    except (OSError, ValueError, AttributeError):
        spool = tempfile.TemporaryFile()
        pipe: IO[bytes] = source  # (a class body does not see the narrowing above)

        class _Tee(io.RawIOBase):
            def readable(self) -> bool:
                return True

            def read(self, n: int = -1) -> bytes:
                data = pipe.read(n)
                spool.write(data)
                return data

        def second() -> IO[bytes]:
            spool.flush()
            spool.seek(0)
            return spool

        return _Tee(), second

    def again() -> IO[bytes]:
        source.seek(pos)
        return source

    return source, again


def import_records(session: Session, source: str | bytes | IO[bytes], *,
                   progress: Progress | None = None) -> ImportResult:
    """Check every record, then save all of them in one transaction (or none).

    Two passes over the input, so memory stays bounded however large it is: the
    first checks every record (JSON, record format, scoring, names) and keeps only
    the first :data:`MAX_PROBLEMS` problems and their count; the second scores
    and writes the records in batches of :data:`BATCH` (flushed, then let go), all
    in one transaction: the documented all-or-nothing stays. Raises
    :class:`ImportFailed`; the database is unchanged then.
    """
    first, second = _reopen(source)
    confirmed = get_printed(session)
    problems: list[ImportProblem] = []
    count = 0
    valid = 0
    sheets: dict[int, dict[str, Any] | None] = {}
    for item in iter_records(first):
        if isinstance(item, ImportProblem):
            found = [item]
        else:
            found, sheet = _check(item[0], item[1], confirmed)
            if not found:
                valid += 1
                if len(sheets) < KEEP_SHEETS:  # not scored twice (memory stays bounded)
                    sheets[item[0]] = sheet
        count += len(found)
        problems.extend(found[:max(0, MAX_PROBLEMS - len(problems))])
        if progress is not None:
            progress("check", valid + count, None)
    if count:
        raise ImportFailed(problems, count)
    imported: list[int] = []
    skipped: list[tuple[int, int]] = []
    incomplete: list[tuple[int, int, tuple[dict[str, str], ...]]] = []
    seen: dict[str, int] = {}
    keys: set[str] = set()
    bulk = valid > BULK
    done = 0

    def write(batch: list[tuple[int, dict[str, Any]]]) -> None:
        nonlocal done
        prints = {fingerprint(d): None for _, d in batch}
        for gid, fp in session.exec(select(FinishedRecord.game_id, FinishedRecord.fingerprint)
                                    .where(col(FinishedRecord.fingerprint).in_(list(prints)))):
            seen.setdefault(str(fp), int(gid))
        for line, data in batch:
            with session.no_autoflush:  # add_finished_game flushes what it needs itself
                _write_one(line, data)
        session.flush()
        session.expunge_all()  # memory stays bounded: the rows are written, not held
        done += len(batch)
        if progress is not None:
            progress("write", done, valid)

    def _write_one(line: int, data: dict[str, Any]) -> None:
        from scoring.api import score_record

        fp = fingerprint(data)
        if fp in seen:
            skipped.append((line, seen[fp]))
            return
        sheet = sheets.pop(line, None) or _sheet_json(score_record(data, confirmed=confirmed))
        game = add_finished_game(session, record=data, sheet=sheet, source="import",
                                 commit=False, update_stats=not bulk)
        assert game.id is not None
        seen[fp] = game.id
        imported.append(game.id)
        keys.update(person_key(str(p.get("name", ""))) for p in data.get("players") or [])
        if not sheet.get("complete", True):
            incomplete.append((line, game.id, tuple(sheet.get("needs") or ())))

    try:
        batch: list[tuple[int, dict[str, Any]]] = []
        for item in iter_records(second()):
            assert not isinstance(item, ImportProblem)
            batch.append(item)
            if len(batch) >= BATCH:
                write(batch)
                batch = []
        if batch:
            write(batch)
        if bulk and imported:
            people = [p for p in session.exec(select(Person.id).where(
                col(Person.key).in_(list(keys)))).all() if p is not None]
            rebuild_stats(session, people)
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
    ids = session.exec(select(GameRow.id).where(GameRow.status == FINISHED,
                                             col(GameRow.complete).is_(False))).all()
    done: list[int] = []
    for gid in ids:
        assert gid is not None
        rec = session.get(FinishedRecord, gid)
        if rec is None:
            continue
        from scoring.printed import embed_confirmed

        record = dict(rec.record)
        if variant(str(record.get("game"))).printed:  # it keeps what it was scored with, and these
            record = embed_confirmed(record, confirmed, keep_own=True)
        try:
            sheet = score_record(record, confirmed=confirmed)
        except RecordError:  # saved by an older version with other rules: leave it
            continue
        if sheet.complete:
            replace_results(session, game_id=gid, sheet=sheet, record=record)
            done.append(gid)
    return done

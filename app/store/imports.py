"""Import: record v1 as one JSON object or JSON lines, all or nothing.

:func:`import_records` validates *everything* first — every record through
``scoring.api.parse_record`` and ``scoring.api.score_record`` — and writes
all or nothing in one transaction. Problems are reported as
``line N: players[0].coins: ...`` (``N`` is the file line the record starts on).
A record already in the database (same canonical JSON) is skipped, not doubled.

Export is :mod:`app.store.exports`.
"""

from __future__ import annotations

import io
import json
import re
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any, NamedTuple, cast

import sqlalchemy as sa
from sqlmodel import Session, col, select

from app.bounds import MAX_DEPTH, MAX_RECORD_BYTES
from app.game.clock import END, PAUSE, RESUME, START
from app.game.registry import variant
from app.l10n import english, render
from app.names import clean_name
from app.store.crud import (
    MAX_NOTES,
    InvalidData,
    _current_names,
    add_finished_game,
    delete_game_rows,
    fingerprint,
    get_bgg_ids,
    get_printed,
    person_key,
    replace_results,
    transaction,
)
from app.store.models import (
    DELETED,
    FINISHED,
    BggGame,
    CommandLog,
    FinishedRecord,
    GamePhoto,
    GameRow,
    Person,
    Seat,
)
from app.store.play_records import (
    PLAY_FORMAT,
    check_play_record,
    keep_aliases,
    play_sheet,
    record_fields,
)
from app.store.summary import rebuild_stats
from scoring.api import parse_record, score_record
from scoring.message import MessageCode, Msg, Refusal, msg
from scoring.printed import embed_confirmed
from scoring.record import RecordCode, RecordError, forbidden_character

BATCH = 500
BULK = 50  # importing more records than this: rebuild the statistics once at the end

# MAX_RECORD_BYTES: one record (one line of JSON lines) is far smaller than 1 MiB;
# MAX_DEPTH: a record nests 5 levels deep (both app.bounds', as every file reader's)
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
    HISTORY_FIELD = "import-history-field"
    HISTORY_TYPE = "import-history-type"
    HISTORY_PEOPLE = "import-history-people"
    HISTORY_FIRST_PLAYS = "import-history-first-plays"
    HISTORY_TOO_LONG = "import-history-too-long"
    HISTORY_MOMENT = "import-history-moment"
    HISTORY_CLOCK = "import-history-clock"
    MORE_PROBLEMS = "import-more-problems"
    WRONG_SOURCE = "plays-wrong-source"


@dataclass(frozen=True, slots=True)
class ImportProblem:
    line: int
    path: str
    message: str | Msg
    where: str = ""  # the entry, when not a line (a BG Stats file's "plays[3]")

    def text(self, lang: str = "en") -> str:
        m = self.message
        body = m if isinstance(m, str) else render(lang, m)
        where = self.where or f"line {self.line}"
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
    #: (line, game id): plays here that were known by their totals only (a BG Stats or BGG
    #: import), completed by the fuller record of the file (same play id, same game id)
    completed: tuple[tuple[int, int], ...] = ()
    dry_run: bool = False  # nothing was written: this is what would have come in


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


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):  # 1e400
        raise _Bad(msg(ImportCode.NUMBER_TOO_LARGE, limit=MAX_INT))
    return value


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
    over 4,300 digits or overflowing a float (``1e400``), nesting deeper than
    :data:`MAX_DEPTH`, lone surrogates."""
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                           parse_constant=_parse_constant)
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
            if stripped.startswith("<") or stripped.startswith("play_id,"):  # --from record
                yield ImportProblem(1, "", msg(ImportCode.WRONG_SOURCE, found="bgg",
                                               wanted="record"))
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
    return dict(sheet.as_json(english))


def _check(line: int, data: Any, confirmed: Mapping[str, Mapping[str, Any]]
           ) -> tuple[list[ImportProblem], dict[str, Any] | None]:
    if isinstance(data, dict) and "format" not in data and isinstance(data.get("plays"), list):
        return [ImportProblem(line, "", msg(ImportCode.WRONG_SOURCE, found="bgstats",
                                            wanted="record"))], None  # --from record
    if isinstance(data, dict) and data.get("format") == PLAY_FORMAT:  # totals from elsewhere
        found = [ImportProblem(line, path, m) for path, m in check_play_record(data)]
        found += [ImportProblem(line, path, m) for path, m in history_problems(data)]
        return found, (None if found else play_sheet(data))
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
    problems += [ImportProblem(line, path, m) for path, m in history_problems(data)]
    loc = data.get("location")
    if isinstance(loc, str) and len(loc) > MAX_LOCATION:
        problems.append(ImportProblem(line, "location", msg(ImportCode.LOCATION_TOO_LONG,
                                                            limit=MAX_LOCATION,
                                                            length=len(loc))))
    return problems, (sheet if not problems else None)


#: The ``history`` block of a backup (docs/record-format.md): field -> (type, limit).
HISTORY_FIELDS: dict[str, tuple[type, int]] = {
    "play_id": (str, 64), "people": (list, 4), "first_plays": (list, 4),
    "notes": (str, MAX_NOTES), "deleted": (bool, 1), "bgg_id": (int, 2**31 - 1),
    "entered": (str, 20), "modified": (str, 20), "clock": (dict, 3)}
MAX_UID = 64
MAX_PAUSES = 10_000  # pauses of one game's clock in a backup
#: the moments of a backup's ``clock``: UTC, to the second or finer (export: microseconds)
CLOCK_MOMENT = re.compile(
    r"^2[01][0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?Z$")
#: the moments of a backup (``entered``, ``modified``): UTC to the second, 2000 to 2199
MOMENT = re.compile(r"^2[01][0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$")


def history_moment(value: str) -> datetime | None:
    """A backup's ``entered``/``modified`` as an aware UTC datetime (None: not one)."""
    if not MOMENT.match(value):
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def parse_clock_moment(value: Any) -> datetime | None:
    """A moment of a backup's ``clock`` as an aware UTC datetime (None: not one)."""
    if not isinstance(value, str) or not CLOCK_MOMENT.match(value):
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%dT%H:%M:%S.%fZ" if "." in value
                                 else "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def history_clock(value: Any) -> list[tuple[str, datetime]] | None:
    """A backup's ``history.clock`` as the log's clock entries it stands for, in order
    (``start_game``, ``pause_clock`` / ``resume_clock`` per pause, ``end_game``); None:
    not a clock (docs/record-format.md)."""
    if not isinstance(value, dict) or set(value) != {"started", "paused", "finished"}:
        return None
    started, finished = parse_clock_moment(value["started"]), parse_clock_moment(value["finished"])
    pauses = value["paused"]
    if started is None or finished is None or not isinstance(pauses, list) \
            or len(pauses) > MAX_PAUSES:
        return None
    marks = [(START, started)]
    for pause in pauses:
        if not isinstance(pause, list) or len(pause) != 2:
            return None
        paused, resumed = parse_clock_moment(pause[0]), parse_clock_moment(pause[1])
        if paused is None or resumed is None:
            return None
        marks += [(PAUSE, paused), (RESUME, resumed)]
    return [*marks, (END, finished)]


def history_problems(data: Mapping[str, Any]) -> list[tuple[str, Msg]]:
    """What is wrong with a record's ``history`` block (none: it is absent or right)."""
    hist = data.get("history")
    if hist is None:
        return []
    if not isinstance(hist, dict):
        return [("history", msg(ImportCode.HISTORY_TYPE, expected="object"))]
    out: list[tuple[str, Msg]] = []
    for key, value in hist.items():
        problem = _history_problem(key, value, data)
        if problem is not None:
            out.append((f"history.{key}", problem))
    return out


def _history_problem(key: str, value: Any, data: Mapping[str, Any]) -> Msg | None:
    """What is wrong with one field of the ``history`` block (None: it is right)."""
    if key not in HISTORY_FIELDS:
        return msg(ImportCode.HISTORY_FIELD)
    kind, limit = HISTORY_FIELDS[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        return msg(ImportCode.HISTORY_TYPE,
                   expected="object" if kind is dict else kind.__name__)
    value = cast(Any, value)
    if kind is str and not 0 < len(value) <= limit:
        return msg(ImportCode.HISTORY_TOO_LONG, limit=limit, length=len(value))
    if kind is int and not 0 < value <= limit:
        return msg(ImportCode.HISTORY_TOO_LONG, limit=limit, length=value)
    if key == "notes" and forbidden_character(value, lines=True) is not None:
        bad = forbidden_character(value, lines=True) or ""  # cleaned as `records note`
        return msg(RecordCode.FORBIDDEN_CHARACTER, code_point=f"U+{ord(bad):04X}")
    if key in ("entered", "modified") and history_moment(value) is None:
        return msg(ImportCode.HISTORY_MOMENT)
    if key == "clock" and history_clock(value) is None:
        return msg(ImportCode.HISTORY_CLOCK, limit=MAX_PAUSES)
    if key in ("first_plays", "people"):
        return _history_seats_problem(key, value, len(data.get("players") or []))
    return None


def _history_seats_problem(key: str, value: Any, players: int) -> Msg | None:
    """``first_plays`` (a flag per seat) or ``people`` (a distinct uid per seat)."""
    if key == "first_plays":
        if len(value) != players or not all(isinstance(b, bool) for b in value):
            return msg(ImportCode.HISTORY_FIRST_PLAYS, players=players)
        return None
    if len(value) != players or not all(
            isinstance(u, str) and 0 < len(u) <= MAX_UID for u in value):
        return msg(ImportCode.HISTORY_PEOPLE, players=players)
    if len(set(value)) != len(value):
        return msg(ImportCode.HISTORY_PEOPLE, players=players)
    return None


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


class _DryRun(Exception):
    """Raised inside the import's transaction to undo it: a dry run."""


class Dropped(NamedTuple):
    """A finished game taken out to be saved again whole (:func:`drop_game`)."""

    uid: str | None  # its play id
    notes: str | None
    people: list[int]  # whose statistics the caller rebuilds
    photos: list[dict[str, Any]]  # its photo rows (their files stay): :func:`keep_photos`


def drop_game(session: Session, game_id: int) -> Dropped:
    """Take a finished game out inside the caller's transaction (a fuller record of the same
    play replaces it, with its id); returns its play id, its notes, its people, whose
    statistics the caller rebuilds, and its photo rows, which the caller puts back on the
    game that replaces it (:func:`keep_photos`): the files are not touched."""
    game = session.get(GameRow, game_id)
    assert game is not None
    uid, notes = game.play_uid, game.notes
    table: sa.Table = GamePhoto.__table__  # type: ignore[attr-defined]
    photos = [dict(r._mapping) for r in session.execute(
        sa.select(table).where(table.c.game_id == game_id).order_by(table.c.id))]
    people = delete_game_rows(session, game)
    session.expunge_all()
    return Dropped(uid, notes, people, photos)


def keep_photos(session: Session, game_id: int, dropped: Dropped) -> None:
    """The photos of a game :func:`drop_game` took out, on the game that replaced it (the
    same rows: ids, files, who attached them and when)."""
    if dropped.photos:
        table: sa.Table = GamePhoto.__table__  # type: ignore[attr-defined]
        session.execute(sa.insert(table), [{**p, "game_id": game_id} for p in dropped.photos])


def _totals_only(session: Session, game_id: int) -> bool:
    rec = session.get(FinishedRecord, game_id)
    return rec is not None and rec.record.get("format") == PLAY_FORMAT


def import_records(session: Session, source: str | bytes | IO[bytes], *,
                   progress: Progress | None = None, dry_run: bool = False) -> ImportResult:
    """Check every record, then save all of them in one transaction (or none).

    Two passes over the input, so memory stays bounded however large it is: the
    first checks every record (JSON, record format, scoring, names) and keeps only
    the first :data:`MAX_PROBLEMS` problems and their count; the second scores
    and writes the records in batches of :data:`BATCH` (flushed, then let go), all
    in one transaction: the documented all-or-nothing stays. Raises
    :class:`ImportFailed`; the database is unchanged then. A play here known by its totals
    only (a BG Stats or BGG import) is completed by a fuller record of it (the backup).
    ``dry_run``: everything is done, then undone; the result says what would come in.
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
    completed: list[tuple[int, int]] = []
    dropped: set[int] = set()  # people of plays completed: their statistics rebuilt
    incomplete: list[tuple[int, int, tuple[dict[str, str], ...]]] = []
    seen: dict[str, int] = {}
    keys: set[str] = set()
    bgg: dict[str, int] = get_bgg_ids(session)
    names_by_uid: dict[str, str] = {}  # the people found by their ids (_people)
    bulk = valid > BULK
    done = 0

    def write(batch: list[tuple[int, dict[str, Any]]]) -> None:
        nonlocal done
        prints = {fingerprint(_bare(d)): None for _, d in batch}
        for gid, fp in session.exec(select(FinishedRecord.game_id, FinishedRecord.fingerprint)
                                    .where(col(FinishedRecord.fingerprint).in_(list(prints)))):
            seen.setdefault(str(fp), int(gid))
        # a play id the file brings, or a record as first saved (edited here since): known
        uids = list(prints) + [str((d.get("history") or {}).get("play_id")) for _, d in batch
                               if (d.get("history") or {}).get("play_id")]
        for game_id, uid in session.exec(select(GameRow.id, GameRow.play_uid)
                                         .where(col(GameRow.play_uid).in_(uids))):
            if game_id is not None and uid is not None:
                seen.setdefault(uid, game_id)
        for line, data in batch:
            with session.no_autoflush:  # add_finished_game flushes what it needs itself
                _write_one(line, data)
        session.flush()
        session.expunge_all()  # memory stays bounded: the rows are written, not held
        done += len(batch)
        if progress is not None:
            progress("write", done, valid)

    def _write_one(line: int, data: dict[str, Any]) -> None:
        hist = data.get("history") or {}
        data = _bare(data)
        fp = fingerprint(data)
        play_id = hist.get("play_id")
        known: int | None = seen.get(play_id) if play_id else None
        if known is None and fp in seen:
            known = seen[fp]
        old: Dropped | None = None
        if known is not None and known not in completed_ids and _fuller(session, known, data):
            old = drop_game(session, known)  # totals only here: the record completes it
            dropped.update(old.people)
        elif known is not None:
            skipped.append((line, known))
            return
        sheet = sheets.pop(line, None)
        renamed = _people(session, data, hist.get("people") or [], names_by_uid)
        if renamed is not None:  # people known here by another name: scored with theirs
            data, sheet = renamed, None
        if sheet is None:
            sheet = (play_sheet(data) if data.get("format") == PLAY_FORMAT
                     else _sheet_json(score_record(data, confirmed=confirmed)))
        deleted = bool(hist.get("deleted"))
        game = add_finished_game(session, record=data, sheet=sheet, source="import",
                                 commit=False, update_stats=not bulk and not deleted,
                                 # (not known by its fingerprint: that id is free)
                                 play_uid=old.uid if old is not None else play_id or fp,
                                 first_plays=hist.get("first_plays"),
                                 game_id=known if old is not None else None)
        assert game.id is not None
        if old is not None:
            keep_photos(session, game.id, old)
            completed.append((line, game.id))
            completed_ids.add(game.id)
            if not hist.get("notes") and old.notes:
                game.notes = old.notes
            if not bulk:
                rebuild_stats(session, old.people)
        if data.get("format") == PLAY_FORMAT:
            keep_aliases(session, game.id, data)
        _restore_history(session, game, hist, bgg)
        seen[fp] = game.id
        if play_id:
            seen[play_id] = game.id
        if old is None:
            imported.append(game.id)
        keys.update(person_key(str(p.get("name", ""))) for p in data.get("players") or [])
        if not sheet.get("complete", True):
            incomplete.append((line, game.id, tuple(sheet.get("needs") or ())))

    completed_ids: set[int] = set()

    def _fuller(session: Session, game_id: int, data: Mapping[str, Any]) -> bool:
        """A record with the board (or a play record knowing more) of a play kept here by
        its totals only."""
        if not _totals_only(session, game_id):
            return False
        if data.get("format") != PLAY_FORMAT:
            return True
        saved = session.get(FinishedRecord, game_id)
        return saved is not None and record_fields(_bare(data)) > record_fields(saved.record)

    try:
        with transaction(session):
            batch: list[tuple[int, dict[str, Any]]] = []
            for item in iter_records(second()):
                assert not isinstance(item, ImportProblem)
                batch.append(item)
                if len(batch) >= BATCH:
                    write(batch)
                    batch = []
            if batch:
                write(batch)
            if bulk and (imported or completed):
                people = [p for p in session.exec(select(Person.id).where(
                    col(Person.key).in_(list(keys)))).all() if p is not None]
                rebuild_stats(session, sorted(set(people) | dropped))
            if dry_run:
                session.flush()
                raise _DryRun
    except _DryRun:
        pass
    return ImportResult(tuple(imported), tuple(skipped), tuple(incomplete), tuple(completed),
                        dry_run)


def _bare(data: Mapping[str, Any]) -> dict[str, Any]:
    """The record without its ``history`` block: what is stored and fingerprinted."""
    return {k: v for k, v in data.items() if k != "history"}


def _people(session: Session, data: dict[str, Any], uids: Sequence[str],
            known: dict[str, str] | None = None) -> dict[str, Any] | None:
    """Find or create each seat's person by the id the backup gives (``history.people``):
    a person already here by that id keeps the name they have here (the record is returned
    with those names; ``None`` when no name changed); a new one is created with the id, so
    it never moves. Without ids, people are matched by name (as before). ``known``: person
    id -> name of the people found so far (an import asks for the same people again and
    again; nobody is renamed during it)."""
    if not uids:
        return None
    known = {} if known is None else known
    players = [dict(p) for p in data.get("players") or []]
    changed = False
    for p, uid in zip(players, uids, strict=True):
        here = known.get(uid)
        if here is None:
            here = session.exec(select(Person.name).where(Person.uid == uid)).first()
        if here is not None:
            known[uid] = here
            if person_key(here) != person_key(str(p.get("name", ""))) or here != p.get("name"):
                p["name"] = here
                changed = True
            continue
        name = clean_name(str(p.get("name", "")), "name")
        if session.exec(select(Person.id).where(Person.key == person_key(name))).first() is None:
            session.add(Person(name=name, key=person_key(name), uid=uid))
            session.flush()
            known[uid] = name
    return {**data, "players": players} if changed else None


def _restore_history(session: Session, game: GameRow, hist: Mapping[str, Any],
                     bgg: dict[str, int]) -> None:
    """Notes, the deleted mark, when the play was entered and last changed (BG Stats'
    ``entryDate`` and ``modificationDate``), the game clock (its log's clock entries) and
    the game's BGG id (when none is kept here yet)."""
    entered = history_moment(str(hist.get("entered") or ""))
    modified = history_moment(str(hist.get("modified") or ""))
    if entered is not None:
        game.created_at = game.finished_at = entered
    if modified is not None:
        game.updated_at = modified
    if hist.get("notes"):
        game.notes = str(hist["notes"])
    clock = history_clock(hist["clock"]) if "clock" in hist else None
    if clock:  # the game clock: its log's clock entries, as the game played here wrote them
        log: sa.Table = CommandLog.__table__  # type: ignore[attr-defined]
        session.connection().execute(sa.insert(log), [
            {"game_id": game.id, "seq": seq, "kind": kind, "payload": {}, "outcome": None,
             "created_at": at} for seq, (kind, at) in enumerate(clock, start=1)])
    if hist.get("deleted"):
        game.deleted_status = FINISHED
        game.status = DELETED
        game.deleted_at = game.finished_at
        for seat in session.exec(select(Seat).where(Seat.game_id == game.id)).all():
            seat.finished = False
            session.add(seat)
    session.add(game)
    if hist.get("bgg_id") and game.game not in bgg:
        bgg[game.game] = int(hist["bgg_id"])
        session.add(BggGame(game=game.game, bgg_id=int(hist["bgg_id"])))


def rescore_incomplete(session: Session) -> list[int]:
    """Score again the finished games that lacked a printed value, with the values confirmed
    since; those now complete get their totals, ranks and winners. Returns their ids."""
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

        if rec.record.get("format") == "forest-table/play":  # totals only: nothing to score
            continue
        seats = list(session.exec(select(Seat).where(Seat.game_id == gid)
                                  .order_by(col(Seat.seat))).all())
        record = _current_names(session, seats, rec.record)
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

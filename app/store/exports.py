"""Export: record v1 (JSON / JSON lines), BG Stats, BoardGameGeek CSV.

Finished games only, oldest first:

- ``record``: one game is one JSON object (indented), several are JSON lines
  (one compact record per line) — exactly the records stored, so export ->
  import is lossless.
- ``bgstats``: a BG Stats play file (``games``/``players``/``locations``/
  ``plays`` with ``playerScores``), plus one ``bgstats://`` createPlay link
  per game (:func:`bgstats_link`) that pushes the play into the app.
- ``bgg-csv``: one row per player with BoardGameGeek's play fields (date,
  location, length, name, startposition, color, score, win, new).

Import is :mod:`app.store.imports`.
"""

from __future__ import annotations

import csv
import io
import json
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import quote

import sqlalchemy as sa
from sqlmodel import Session, col, select

from app.game.clock import CLOCK_KINDS, END, PAUSE, RESUME, START, Mark, clock_of
from app.game.registry import VARIANTS
from app.l10n import has, render, text
from app.store.crud import (
    UID_NAMESPACE,
    InvalidData,
    NotFound,
    SeatInfo,
    fingerprint,
    get_bgg_ids,
    person_key,
)
from app.store.models import (
    DELETED,
    FINISHED,
    SOURCE_APP,
    CommandLog,
    FinishedRecord,
    GameRow,
    Person,
    PersonAlias,
    Seat,
    utc,
)
from app.store.queries import GameSummary, _summaries
from scoring.api import board_of
from scoring.games import Game

#: Each game's name in exports (BG Stats, CSV).
GAME_TITLES = {str(game): v.name for game, v in VARIANTS.items()}
SOURCE_NAME = "Forest Table"
BGSTATS_CREATE_PLAY = "bgstats://app.bgstatsapp.com/createPlay.html?data="
_UUID_NS = UID_NAMESPACE  # stable ids across exports
#: a game without a clock in its log (no ``start_game``): from creation to finish, left out
#: when longer (the game was left open, its duration unknown)
MAX_DURATION = timedelta(hours=12)
BATCH = 500


@dataclass(frozen=True, slots=True)
class ExportedGame:
    """A finished game as the exporters see it."""

    summary: GameSummary
    record: dict[str, Any]
    sheet: dict[str, Any]
    duration_min: int | None
    new_players: frozenset[int] = field(default_factory=frozenset)  # first play of this game
    bgg_id: int | None = None  # the game's BoardGameGeek id, when the user entered it
    person_uids: tuple[str, ...] = ()  # each seat's ``Person.uid`` (0008), in seat order
    deleted: bool = False  # soft-deleted (only the record backup carries such games)
    entered_at: datetime | None = None  # when it was first saved here (finished or imported)
    modified_at: datetime | None = None  # when it last changed here
    #: each seat's person's ids in other apps (PersonAlias): BG Stats uuid, BGG username
    aliases: tuple[tuple[str | None, str | None], ...] = ()
    #: the game clock as the backup carries it (:func:`clock_block`), when it has one
    clock: dict[str, Any] | None = None

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


def finished_ids(session: Session, ids: Sequence[int] | None, *,
                 deleted: bool = False) -> list[int]:
    """The finished games to export: all, oldest first, or ``ids`` (checked) in that order.
    With ``deleted`` (the record backup) soft-deleted finished games come too."""
    order = (col(GameRow.played_at), col(GameRow.id))
    kept = col(GameRow.status) == FINISHED
    if deleted:
        kept = sa.or_(kept, sa.and_(col(GameRow.status) == DELETED,
                                    col(GameRow.deleted_status) == FINISHED))
    if ids is None:
        stmt = select(GameRow.id).where(kept).order_by(*order)
        return [int(i) for i in session.exec(stmt).all() if i is not None]
    wanted = list(dict.fromkeys(ids))
    rows = {g.id: (g.deleted_status if deleted and g.status == DELETED else g.status)
            for g in session.exec(select(GameRow).where(col(GameRow.id).in_(wanted)))}
    missing = [i for i in wanted if i not in rows]
    if missing:
        raise NotFound("no game with id " + ", ".join(map(str, missing)))
    deleted_ids = [i for i in wanted if rows[i] == DELETED]
    if deleted_ids:
        raise InvalidData("game " + ", ".join(map(str, deleted_ids))
                          + " is deleted (bring it back with `records undelete` first)")
    open_ = [i for i in wanted if rows[i] != FINISHED]
    if open_:
        raise InvalidData("game " + ", ".join(map(str, open_))
                          + " is not finished yet (only finished games are exported)")
    return wanted


def clock_marks(session: Session, ids: Sequence[int]) -> dict[int, list[Mark]]:
    """game id -> its log's clock entries (``app.game.clock``), for the games ``ids``."""
    out: dict[int, list[Mark]] = {}
    stmt = (select(CommandLog.game_id, CommandLog.seq, CommandLog.kind, CommandLog.created_at)
            .where(col(CommandLog.game_id).in_(ids), col(CommandLog.kind).in_(CLOCK_KINDS)))
    for gid, seq, kind, at in session.exec(stmt):
        out.setdefault(gid, []).append(Mark(seq, kind, utc(at) or at))
    return out


def clock_moment(when: datetime) -> str:
    """A moment of the backup's ``clock``: UTC to the microsecond (``...T08:01:02.123456Z``):
    the log's own precision, so a restored clock gives the same duration."""
    aware = utc(when)
    assert aware is not None
    return aware.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def clock_block(marks: Iterable[Mark]) -> dict[str, Any] | None:
    """The game clock of a finished game as a backup carries it (``history.clock``,
    docs/record-format.md): when it started, each pause ``[paused, resumed]`` and when it
    finished (a game finished paused: at its pause), read from the log's clock entries
    exactly as :func:`app.game.clock.clock_of` reads them; ``None``: no clock (no
    ``start_game``, or not finished)."""
    started = finished = paused_since = None
    paused: list[list[str]] = []
    for m in sorted(marks, key=lambda m: m.seq):
        if m.kind == START and finished is None:  # (started again after an undo: from then)
            started, paused_since, paused = m.at, None, []
        elif started is None or finished is not None:
            continue
        elif m.kind == PAUSE and paused_since is None:
            paused_since = m.at
        elif m.kind == RESUME and paused_since is not None:
            paused.append([clock_moment(paused_since), clock_moment(m.at)])
            paused_since = None
        elif m.kind == END:
            finished = paused_since or m.at
    if started is None or finished is None:
        return None
    return {"started": clock_moment(started), "paused": paused,
            "finished": clock_moment(finished)}


def _duration(game: GameRow, marks: Sequence[Mark] = ()) -> int | None:
    """The minutes a game lasted: its clock (started to finished, pauses left out, however
    long; a game played here, or restored from a backup that carried it); a game played
    here without one in its log: creation to finish, left out when over
    :data:`MAX_DURATION`."""
    if game.finished_at is None:
        return None
    clock = clock_of(marks)
    played = clock.seconds() if clock.finished is not None else None
    if played is not None:
        return max(1, round(played / 60))
    if game.source != SOURCE_APP:
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


def export_games(session: Session, *, ids: Sequence[int] | None = None,
                 deleted: bool = False) -> Iterator[ExportedGame]:
    """Finished games (all, oldest first, or ``ids`` in that order), streamed in batches;
    with ``deleted`` also the soft-deleted finished ones (the record backup).

    Unknown ids raise ``NotFound``, open games ``InvalidData`` — before anything is yielded.
    """
    all_ids = finished_ids(session, ids, deleted=deleted)
    bgg = get_bgg_ids(session)
    for start in range(0, len(all_ids), BATCH):
        chunk = all_ids[start:start + BATCH]
        games = {g.id: g for g in session.exec(select(GameRow).where(col(GameRow.id).in_(chunk)))}
        records = {r.game_id: r for r in session.exec(
            select(FinishedRecord).where(col(FinishedRecord.game_id).in_(chunk)))}
        ordered = [games[i] for i in chunk]
        summaries = {s.id: s for s in _summaries(session, ordered)}
        new = _new_players(session, chunk)
        marks = clock_marks(session, chunk)
        for gid, pid, first in session.exec(select(Seat.game_id, Seat.person_id,
                                                   Seat.first_play)
                                            .where(col(Seat.game_id).in_(chunk))):
            if first:  # judged at its first save (0008): that answer stands
                new.setdefault(gid, set()).add(pid)
            elif first is not None:
                new.get(gid, set()).discard(pid)
        people = {p.person_id for s in summaries.values() for p in s.players}
        uids = {i: u for i, u in session.exec(
            select(Person.id, Person.uid).where(col(Person.id).in_(people))) if i is not None}
        aliases: dict[int, dict[str, str]] = {}
        for alias, pid in session.exec(select(PersonAlias.alias, PersonAlias.person_id)
                                       .where(col(PersonAlias.person_id).in_(people))
                                       .order_by(col(PersonAlias.alias))):
            kind, _, value = alias.partition(":")
            aliases.setdefault(pid, {}).setdefault(kind, value)
        for g in ordered:
            assert g.id is not None
            rec = records[g.id]
            summary = summaries[g.id]
            yield ExportedGame(summary, dict(rec.record), dict(rec.sheet),
                               _duration(g, marks.get(g.id, ())),
                               frozenset(new.get(g.id, set())), bgg.get(g.game),
                               tuple(uids[p.person_id] for p in summary.players),
                               g.status == DELETED, utc(g.finished_at), utc(g.updated_at),
                               tuple((aliases.get(p.person_id, {}).get("bgstats"),
                                      aliases.get(p.person_id, {}).get("bgg"))
                                     for p in summary.players),
                               clock_block(marks.get(g.id, ())))


def backup_record(g: ExportedGame) -> dict[str, Any]:
    """The record as a lossless backup (record format v1 with its ``history`` block,
    docs/record-format.md): the people's names as they are now (after renames and merges),
    then ``history``: the play id, each seat's person id, the notes, ``deleted``, the
    game's BGG id, when it was entered and changed, and its game clock.
    :func:`app.store.imports.import_records` restores all of it, so export -> import into a
    fresh database -> export gives the same bytes."""
    record = {k: v for k, v in g.record.items() if k != "history"}
    players = [dict(p) for p in record.get("players") or []]
    for p, seat in zip(players, g.summary.players, strict=False):
        p["name"] = seat.name
    record["players"] = players
    history: dict[str, Any] = {"play_id": g.play_id, "people": list(g.person_uids),
                               "first_plays": [p.person_id in g.new_players
                                               for p in g.summary.players]}
    if g.summary.notes:
        history["notes"] = g.summary.notes
    if g.deleted:
        history["deleted"] = True
    if g.bgg_id is not None:
        history["bgg_id"] = g.bgg_id
    for key, when in (("entered", g.entered_at), ("modified", g.modified_at)):
        if when is not None:  # BG Stats' entryDate and modificationDate survive a restore
            history[key] = history_moment(when)
    if g.clock is not None:  # the game clock: the restored game keeps its duration
        history["clock"] = g.clock
    record["history"] = history
    return record


def history_moment(when: datetime) -> str:
    """A moment of the backup block: UTC, ISO 8601 to the second (``2026-12-02T08:01:02Z``)."""
    aware = utc(when)
    assert aware is not None
    return aware.strftime("%Y-%m-%dT%H:%M:%SZ")  # (utc: already in UTC)


def record_line(g: ExportedGame) -> str:
    """One game of a JSON lines backup (compact, one line)."""
    return json.dumps(backup_record(g), ensure_ascii=False, separators=(",", ":")) + "\n"


def records_text(games: Sequence[ExportedGame]) -> str:
    """Record v1 (with ``history``): one game as an indented JSON object, several as JSON
    lines."""
    if len(games) == 1:
        return json.dumps(backup_record(games[0]), indent=2, ensure_ascii=False) + "\n"
    return "".join(record_line(g) for g in games)


def _bgstats_date(g: ExportedGame) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in the record's own offset (a game at 00:30 +09:00 is on
    that day wherever it is exported)."""
    return g.summary.local_played_at.strftime("%Y-%m-%d %H:%M:%S")


def _title(word: str) -> str:
    return " ".join(w.capitalize() for w in word.replace("-", "_").split("_"))


def role_name(role: str | None, lang: str = "en") -> str:
    """A character/ranger id in words (``forest_worker`` -> ``Forest Worker``, ``julia`` ->
    ``Julia (Animal Expert)``; in Japanese with ``lang="ja"``), from the catalogues."""
    if not role:
        return ""
    for code in (f"character-{role}", f"ranger-{role}"):
        if has(lang, code) or has("en", code):
            return text(lang, code)
    return _title(role)


def category_name(category: str, lang: str = "en") -> str:
    """A score category key in words (``forester_majority`` -> ``Forester tokens``)."""
    code = f"category-{category}"
    return text(lang, code) if has(lang, code) or has("en", code) else _title(category)


def board_text(game: str, options: Mapping[str, Any], lang: str = "en") -> str:
    """BG Stats' ``board``: the mode and modules played (``Advanced, technology B,
    Growing Forward: infestation``; Forest Guardians ``Basic`` / ``Advanced``), in words of
    ``lang``; each game says what its board is (``scoring.api.board_of``)."""
    return render(lang, board_of(Game(game), options))


def _comments(g: ExportedGame, lang: str = "en") -> str:
    """The play's comments in words of ``lang``: each player (the name as kept, cleaned) with
    their total and categories, a note when printed values were missing, the notes. A play
    from another app (totals only): its notes alone, as they came (its scores are in the
    scores)."""
    if is_play_record(g):
        return g.summary.notes or ""
    names = [p.name for p in g.summary.players]
    lines = []
    for i, p in enumerate(g.sheet.get("players") or []):
        cats = text(lang, "list-commas").join(
            text(lang, "bgstats-comment-category", category=category_name(k, lang), points=v)
            for k, v in (p.get("categories") or {}).items())
        total = str(p.get("total")) if g.complete else "?"
        name = names[i] if i < len(names) else str(p.get("name"))
        lines.append(text(lang, "bgstats-comment-player", name=name, total=total,
                          categories=cats) if cats else
                     text(lang, "bgstats-comment-total", name=name, total=total))
    if not g.complete:
        needs = ", ".join(f"{n.get('table')}[{n.get('key')}]" for n in g.sheet.get("needs") or [])
        lines.append(text(lang, "bgstats-comment-incomplete", needs=needs))
    if g.summary.notes:
        lines.append(g.summary.notes)
    return "\n".join(lines)


def is_play_record(g: ExportedGame) -> bool:
    """A play from another app, kept by its totals (app.store.play_records)."""
    return g.record.get("format") == "forest-table/play"


def _kept(g: ExportedGame, seat: int) -> dict[str, Any]:
    """What a play record keeps of the player in ``seat`` (1-based) beyond name and score."""
    players = g.record.get("players") or []
    p = players[seat - 1] if 0 < seat <= len(players) else {}
    return dict(p) if isinstance(p, Mapping) else {}


def _role_text(g: ExportedGame, seat: int, character: str | None, lang: str) -> str:
    return role_name(character, lang) if character else str(_kept(g, seat).get("role") or "")


def _new(g: ExportedGame, seat: int, person_id: int) -> bool:
    kept = _kept(g, seat).get("new")
    return kept if isinstance(kept, bool) else person_id in g.new_players


def _duration_of(g: ExportedGame) -> int | None:
    kept = g.record.get("duration_min")
    return kept if isinstance(kept, int) and g.duration_min is None else g.duration_min


def _anonymous(g: ExportedGame) -> list[dict[str, Any]]:
    """The anonymous players of a play from another app (never people here), by place."""
    return [dict(a) for a in g.record.get("anonymous") or [] if isinstance(a, Mapping)]


def _everyone(g: ExportedGame) -> list[tuple[int, Any]]:
    """(place in the play 1-based, seat or anonymous entry): seats and anonymous players in
    the order they were at the table."""
    out: list[tuple[int, Any]] = []
    seats = iter(g.summary.players)
    anonymous = {int(a["at"]): a for a in _anonymous(g)}
    for place in range(len(g.summary.players) + len(anonymous)):
        out.append((place + 1, anonymous[place] if place in anonymous else next(seats)))
    return out


ANONYMOUS_UUID = str(uuid.uuid5(UID_NAMESPACE, "player:anonymous")).upper()


def tie_broken(g: ExportedGame) -> bool:
    """A tie-breaker, not the score alone, decided the winner: the highest total is shared by
    more players than won (BG Stats ``manualWinner``: the winner is set, not derived)."""
    kept = g.record.get("manual_winner")
    if isinstance(kept, bool):
        return kept
    if not g.complete:
        return False
    totals = [p.total for p in g.summary.players if p.total is not None]
    if not totals:
        return False
    top = [p for p in g.summary.players if p.total == max(totals)]
    return len(top) > 1 and len([p for p in top if p.winner]) < len(top)


def expansions(g: ExportedGame) -> tuple[str, ...]:
    """The expansions played, by their published names (the game's variant says which its
    record's options play)."""
    if is_play_record(g):
        return tuple(str(e.get("name")) for e in g.record.get("expansions") or []
                     if isinstance(e, Mapping))
    options = g.record.get("options") or {}
    if not isinstance(options, Mapping):
        return ()
    return VARIANTS[Game(g.summary.game)].expansions(options)


def _stamp(g: ExportedGame, when: datetime | None) -> str:
    """A moment as BG Stats writes it (``YYYY-MM-DD HH:MM:SS``) in the record's offset."""
    if when is None:
        return _bgstats_date(g)
    off = g.summary.utc_offset
    local = when.astimezone() if off is None else when.astimezone(
        timezone(timedelta(minutes=off)))
    return local.strftime("%Y-%m-%d %H:%M:%S")


def _uids(g: ExportedGame) -> tuple[str, ...]:
    """Each seat's person id (``Person.uid``: kept through renames); for a game built by
    hand without them, the id a person of that name was first given."""
    if len(g.person_uids) == len(g.summary.players):
        return g.person_uids
    return tuple(_uuid("player", person_key(p.name)) for p in g.summary.players)


def _bgstats_uids(g: ExportedGame) -> tuple[str, ...]:
    """Each seat's BG Stats player uuid: the one the play came with from BG Stats, else the
    one BG Stats knows the person by (an earlier import), else the person's id here."""
    ours = _uids(g)
    out = []
    for i, p in enumerate(g.summary.players):
        kept = _kept(g, p.seat).get("uuid")
        alias = g.aliases[i][0] if i < len(g.aliases) else None
        out.append(str(kept) if isinstance(kept, str) else alias or ours[i])
    return tuple(out)


def _bgg_user(g: ExportedGame, i: int, seat: int) -> str:
    kept = _kept(g, seat).get("bgg_username")
    alias = g.aliases[i][1] if i < len(g.aliases) else None
    return str(kept) if isinstance(kept, str) else alias or ""


def play_uuid_of(g: ExportedGame) -> str:
    """The BG Stats play ``uuid``: the one it came with from BG Stats (kept as its play id),
    else one made of the play id (the same in every export)."""
    if is_play_record(g) and g.record.get("source") == "bgstats" and g.summary.play_uid:
        return g.summary.play_uid
    return _uuid("play", g.play_id)


def _uuid(kind: str, key: str) -> str:
    return str(uuid.uuid5(_UUID_NS, f"{kind}:{key}")).upper()


def first_seat(g: ExportedGame) -> int | None:
    """The seat (1-based) the record names as the first player; ``None`` when the record
    does not say (games saved before it was kept): no seat is then marked as starting."""
    first = g.record.get("first_player")
    return first if isinstance(first, int) and not isinstance(first, bool) else None


def start_position(g: ExportedGame, seat: int) -> int | None:
    """A seat's place in the play order counted from the first player (1: they start);
    ``None`` when the record does not name a first player."""
    first = first_seat(g)
    if first is None:
        return None
    return (seat - first) % max(1, len(g.summary.players)) + 1


def bgstats_play(g: ExportedGame, lang: str = "en") -> dict[str, Any]:
    """The JSON of BG Stats' createPlay link for one game (roles and comments in ``lang``)."""
    s = g.summary
    players = []
    for p, uid in zip(s.players, _uids(g), strict=True):
        entry: dict[str, Any] = {
            "name": p.name, "sourcePlayerId": uid,
            "startPlayer": p.seat == first_seat(g), "seatOrder": p.seat, "newPlayer": p.person_id in
            g.new_players, "role": role_name(p.character, lang),
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
        "board": board_text(s.game, g.record.get("options") or {}, lang),
        "playDate": _bgstats_date(g),
        "players": players,
        "comments": _comments(g, lang),
    }
    if g.duration_min is not None:
        play["durationMin"] = g.duration_min
    if s.location:
        play["location"] = s.location
    return play


def bgstats_link(g: ExportedGame, lang: str = "en") -> str:
    """``bgstats://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`` for one game."""
    data = json.dumps(bgstats_play(g, lang), ensure_ascii=False, separators=(",", ":"))
    return BGSTATS_CREATE_PLAY + quote(data, safe="")


#: The web form of the push link (BG Stats' page hands it to the app): what a phone's
#: camera opens from a QR code.
BGSTATS_CREATE_PLAY_WEB = "https://app.bgstatsapp.com/createPlay.html?data="
#: The longest QR link: 666 bytes is what a QR code of version 20 (97 modules a side,
#: error correction M) holds — about 3 px a module in the finish screen's 320 px, still
#: scanned off a phone's screen; the whole push link reached version 36.
QR_LIMIT = 666
_QR_DROPPED = ("comments", "board", "location", "durationMin")


def _compact(play: Mapping[str, Any], *, ids: bool, roles: bool = True) -> dict[str, Any]:
    """The push play with what BG Stats needs to create it: the play id, the game, the date
    and each player's name, score and winner (and the first player's mark, a role when
    there is one and ``roles``, their id when ``ids``); defaults and words left out."""
    out = {k: v for k, v in play.items() if k not in _QR_DROPPED and k != "players"}
    out["game"] = {k: v for k, v in play["game"].items()
                   if k in ("name", "sourceGameId", "bggId")}
    out["players"] = [{k: v for k, v in p.items()
                       if k in ("name", "score", "winner") or (k == "sourcePlayerId" and ids)
                       or (k in ("startPlayer", "newPlayer") and v and roles)
                       or (k == "role" and v and roles)}
                      for p in play["players"]]
    return out


def bgstats_qr_link(g: ExportedGame, lang: str = "en") -> str:
    """The push link for a QR code on the finish screen (its web form), kept small enough
    to scan (:data:`QR_LIMIT`): the whole play when it fits; else the play without comments,
    board, place and duration and without defaults; else also without the players' ids
    (BG Stats then matches them by name). Scores, winners, the play id stay: the BG Stats
    file (``records export --format bgstats``) carries everything; last, without roles."""
    play = bgstats_play(g, lang)
    for candidate in (play, _compact(play, ids=True), _compact(play, ids=False),
                      _compact(play, ids=False, roles=False)):
        data = json.dumps(candidate, ensure_ascii=False, separators=(",", ":"))
        link = BGSTATS_CREATE_PLAY_WEB + quote(data, safe=":,")  # both allowed in a query
        if len(link.encode("utf-8")) <= QR_LIMIT:
            return link
    return link


def bgstats_file(games: Sequence[ExportedGame], lang: str = "en", *,
                 me: str | None = None) -> dict[str, Any]:
    """A BG Stats play file: games, players, locations and plays referring to them by id;
    ``userInfo.meRefId`` is the player named ``me`` (the file's owner), when given. Roles
    and comments in ``lang``. docs/records.md lists every field and where it comes from.
    A play that came from BG Stats goes back with its own uuid, its players' uuids and
    everything it was imported with (a round trip adds nothing)."""
    out = _BgstatsFile(lang)
    for g in games:
        out.add_play(g)
    out.date_rows()
    user: dict[str, Any] = {}
    if me is not None:
        mine = [p["id"] for p in out.players if person_key(p["name"]) == person_key(me)]
        if mine:
            user["meRefId"] = mine[0]
    return {
        "about": "A play file that BG Stats (Board Game Stats) can read: open it with the app.",
        "sourceName": SOURCE_NAME,
        "games": out.games, "players": out.players, "locations": out.locations,
        "plays": out.plays, "userInfo": user,
    }


@dataclass
class _BgstatsFile:
    """A BG Stats file as it is written: its rows by id, and each row's newest play."""

    lang: str
    game_ids: dict[str, int] = field(default_factory=dict)
    player_ids: dict[str, int] = field(default_factory=dict)
    location_ids: dict[str, int] = field(default_factory=dict)
    games: list[dict[str, Any]] = field(default_factory=list)
    players: list[dict[str, Any]] = field(default_factory=list)
    locations: list[dict[str, Any]] = field(default_factory=list)
    plays: list[dict[str, Any]] = field(default_factory=list)
    # (kind, id) -> the newest play that names it
    changed: dict[tuple[str, int], str] = field(default_factory=dict)

    def touch(self, kind: str, ref: int, when: str) -> None:
        self.changed[(kind, ref)] = max(self.changed.get((kind, ref), when), when)

    def date_rows(self) -> None:
        """Each game, player and location row dated by the newest play naming it."""
        for kind, rows in (("game", self.games), ("player", self.players),
                           ("location", self.locations)):
            for row in rows:
                if (kind, row["id"]) in self.changed:
                    row["modificationDate"] = self.changed[(kind, row["id"])]

    def add_play(self, g: ExportedGame) -> None:
        """One play, with the rows it refers to."""
        s = g.summary
        modified = _stamp(g, g.modified_at)
        self.base_game(g, modified)
        expansion_refs = self.expansion_refs(g, modified)
        loc_ref = self.location(s.location, modified)
        scores = []
        uids = dict(zip((p.seat for p in s.players), _bgstats_uids(g), strict=True))
        for place, who in _everyone(g):
            ps = (self.anonymous_score(who, place) if isinstance(who, dict)
                  else self.player_score(g, who, uids[who.seat], place))
            self.touch("player", int(ps["playerRefId"]), modified)
            scores.append(ps)
        local = s.local_played_at
        play: dict[str, Any] = {
            "uuid": play_uuid_of(g), "gameRefId": self.game_ids[s.game],
            "playDate": _bgstats_date(g), "playDateYmd": int(local.strftime("%Y%m%d")),
            "entryDate": _stamp(g, g.entered_at), "modificationDate": modified,
            "durationMin": _duration_of(g) or 0,
            "rounds": int(g.record.get("rounds") or 0) if is_play_record(g) else 0,
            "board": str(g.record.get("board") or "") if is_play_record(g) else board_text(
                s.game, g.record.get("options") or {}, self.lang),
            "ignored": False, "manualWinner": tie_broken(g), "usesTeams": False,
            "scoringSetting": 0,  # the value BG Stats' own files carry (docs/records.md)
            "comments": _comments(g, self.lang), "playerScores": scores,
            "expansionPlays": expansion_refs,
        }
        if isinstance(g.record.get("bgg_play_id"), int):
            play["bggId"] = g.record["bgg_play_id"]
        elif s.play_uid and s.play_uid.startswith("bgg:") and s.play_uid[4:].isdigit():
            play["bggId"] = int(s.play_uid[4:])  # the BGG play it came from
        if loc_ref is not None:
            play["locationRefId"] = loc_ref
        self.plays.append(play)

    def base_game(self, g: ExportedGame, modified: str) -> None:
        """The play's game row (its BGG id from the first play that knows it)."""
        s = g.summary
        kept_bgg = g.record.get("bgg_id") if is_play_record(g) else None
        if s.game not in self.game_ids:
            self.game_ids[s.game] = len(self.game_ids) + 1
            entry = {"id": self.game_ids[s.game], "uuid": _uuid("game", s.game),
                     "name": GAME_TITLES.get(s.game, s.game), "highestWins": True,
                     "noPoints": False, "cooperative": False, "usesTeams": False,
                     "isBaseGame": True, "isExpansion": False}
            self.games.append(entry)
        entry = self.games[self.game_ids[s.game] - 1]
        bgg_id = g.bgg_id if g.bgg_id is not None else kept_bgg
        if "bggId" not in entry and isinstance(bgg_id, int):
            entry["bggId"] = bgg_id
        self.touch("game", self.game_ids[s.game], modified)

    def expansion_refs(self, g: ExportedGame, modified: str) -> list[dict[str, Any]]:
        """The play's expansions: a game row each, and the play's references to them."""
        expansion_refs = []
        kept_expansions = {str(e.get("name")): e.get("bgg_id") for e in
                           g.record.get("expansions") or [] if isinstance(e, Mapping)}
        for name in expansions(g):
            if name not in self.game_ids:
                self.game_ids[name] = len(self.game_ids) + 1
                self.games.append({"id": self.game_ids[name], "uuid": _uuid("game", name),
                                   "name": name, "highestWins": True, "noPoints": False,
                                   "cooperative": False, "usesTeams": False,
                                   "isBaseGame": False, "isExpansion": True})
            ref: dict[str, Any] = {"gameRefId": self.game_ids[name]}
            if isinstance(kept_expansions.get(name), int):
                ref["bggId"] = kept_expansions[name]
                self.games[self.game_ids[name] - 1].setdefault("bggId", kept_expansions[name])
            self.touch("game", self.game_ids[name], modified)
            expansion_refs.append(ref)
        return expansion_refs

    def location(self, location: str | None, modified: str) -> int | None:
        """The play's location row's id (None: no location)."""
        if not location:
            return None
        k = person_key(location)
        if k not in self.location_ids:
            self.location_ids[k] = len(self.location_ids) + 1
            self.locations.append({"id": self.location_ids[k], "uuid": _uuid("location", k),
                                   "name": location})
        loc_ref = self.location_ids[k]
        self.touch("location", loc_ref, modified)
        return loc_ref

    def anonymous_score(self, who: dict[str, Any], place: int) -> dict[str, Any]:
        """An anonymous player's score: in the play, not a person here."""
        k = str(who.get("uuid") or ANONYMOUS_UUID)
        if k not in self.player_ids:
            self.player_ids[k] = len(self.player_ids) + 1
            self.players.append({"id": self.player_ids[k], "uuid": k,
                                 "name": str(who.get("name") or "Anonymous player"),
                                 "isAnonymous": True, "bggUsername": ""})
        score = who.get("score")
        ps: dict[str, Any] = {
            "playerRefId": self.player_ids[k],
            "score": "" if score is None else str(score),
            "winner": bool(who.get("winner")), "rank": int(who.get("rank") or 0),
            "seatOrder": int(who.get("seat_order", place)),
            "startPlayer": bool(who.get("start")), "newPlayer": bool(who.get("new")),
            "role": str(who.get("role") or "")}
        if who.get("colour"):
            ps["color"] = who["colour"]
        return ps

    def player_score(self, g: ExportedGame, p: SeatInfo, k: str, place: int) -> dict[str, Any]:
        """A seated player's score (``k``: the player's uuid); an incomplete sheet has no
        score, rank or winner."""
        known = g.complete
        i = g.summary.players.index(p)
        if k not in self.player_ids:
            self.player_ids[k] = len(self.player_ids) + 1
            self.players.append({"id": self.player_ids[k], "uuid": k,
                                 "name": p.name, "isAnonymous": False,
                                 "bggUsername": _bgg_user(g, i, p.seat)})
        kept = _kept(g, p.seat) if is_play_record(g) else {}
        ps: dict[str, Any] = {
            "playerRefId": self.player_ids[k],
            "score": "" if p.total is None or not known else str(p.total),
            "winner": p.winner and known, "rank": (p.rank or 0) if known else 0,
            "seatOrder": int(kept.get("seat_order", place)),
            "startPlayer": p.seat == first_seat(g),
            "newPlayer": _new(g, p.seat, p.person_id),
            "role": _role_text(g, p.seat, p.character, self.lang),
        }
        if p.colour:
            ps["color"] = p.colour
        return ps


BGG_COLUMNS = ["play_id", "date", "objectid", "game", "location", "quantity", "length", "name",
               "startposition", "color", "score", "win", "new", "comments", "username",
               "userid"]
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A text cell a spreadsheet will not run: one starting with ``= + - @``, a tab or a
    carriage return gets a leading ``'`` (OWASP's CSV injection advice). Numbers stay."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _blank(value: int | None) -> int | str:
    return "" if value is None else value


def bgg_csv(games: Iterable[ExportedGame], lang: str = "en") -> str:
    """:func:`bgg_csv_lines` as one text."""
    return "".join(bgg_csv_lines(games, lang))


def bgg_csv_lines(games: Iterable[ExportedGame], lang: str = "en") -> Iterator[str]:
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
        for row in bgg_rows(g, lang):
            w.writerow([csv_cell(row[c]) for c in BGG_COLUMNS])
        yield flush()


def bgg_rows(g: ExportedGame, lang: str = "en") -> list[dict[str, Any]]:
    """One game as BoardGameGeek's play fields, a row per player (:data:`BGG_COLUMNS`), in
    the order they sat; an anonymous player: no name, no username (as BGG has them)."""
    s = g.summary
    kept = g.record if is_play_record(g) else {}
    bgg_id = g.bgg_id if g.bgg_id is not None else kept.get("bgg_id")
    head = (g.play_id, s.local_played_at.date().isoformat(),
            "" if bgg_id is None else bgg_id, GAME_TITLES.get(s.game, s.game),
            s.location or "", kept.get("quantity") or 1, _blank(_duration_of(g)))
    comments = _comments(g, lang)
    rows = []
    for place, who in _everyone(g):
        if isinstance(who, dict):
            score = who.get("score")
            row: tuple[Any, ...] = (
                "", _position(who.get("seat_order"), place if who.get("start") or
                              first_seat(g) else None), who.get("colour") or "",
                "" if score is None else score, int(bool(who.get("winner"))),
                int(bool(who.get("new"))), comments, "", "")
        else:
            p = who
            mine = _kept(g, p.seat)
            row = (p.name, _position(mine.get("seat_order"), start_position(g, p.seat)),
                   p.colour or "", "" if p.total is None or not g.complete else p.total,
                   int(p.winner and g.complete), int(_new(g, p.seat, p.person_id)),
                   comments, _bgg_user(g, s.players.index(p), p.seat),
                   mine.get("bgg_user_id") or "")
        rows.append(dict(zip(BGG_COLUMNS, (*head, *row), strict=True)))
    return rows


def bgg_xml(games: Iterable[ExportedGame], lang: str = "en") -> str:
    """The games as BoardGameGeek's XML plays (``<plays><play id date quantity length
    location><item name objectid/><comments/><players><player .../>``, the shape its XML
    API gives and :func:`app.store.plays_import.parse_bgg_xml` reads): a play from BGG
    keeps its BGG id, others carry their play id."""
    import xml.etree.ElementTree as ET

    root = ET.Element("plays")
    count = 0
    for g in games:
        rows = bgg_rows(g, lang)
        first = rows[0]
        uid = str(first["play_id"])
        play = ET.SubElement(root, "play", {
            "id": uid[4:] if uid.startswith("bgg:") else uid, "date": str(first["date"]),
            "quantity": str(first["quantity"]), "length": str(first["length"] or 0),
            "incomplete": "0", "nowinstats": "0", "location": str(first["location"])})
        item = ET.SubElement(play, "item", {"name": str(first["game"]), "objecttype": "thing",
                                            "objectid": str(first["objectid"] or 0)})
        ET.SubElement(ET.SubElement(item, "subtypes"), "subtype", {"value": "boardgame"})
        if first["comments"]:
            ET.SubElement(play, "comments").text = str(first["comments"])
        players = ET.SubElement(play, "players")
        for r in rows:
            ET.SubElement(players, "player", {
                "username": str(r["username"]), "userid": str(r["userid"] or 0),
                "name": str(r["name"]), "startposition": str(r["startposition"]),
                "color": str(r["color"]), "score": str(r["score"]), "new": str(r["new"]),
                "rating": "0", "win": str(r["win"])})
        count += 1
    root.set("total", str(count))
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(
        root, encoding="unicode") + "\n"


def _position(kept: Any, position: int | None) -> int | str:
    """A BGG ``startposition``: as it came (0: none), else the place from the first player."""
    if isinstance(kept, int):
        return kept or ""
    return _blank(position)

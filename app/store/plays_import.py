"""Plays from the apps people already use: a BG Stats export and BoardGameGeek plays.

Such a play knows who played, their scores, the winners, the date and the place, not the
boards: it is kept as a *play record* (``format: "forest-table/play"``, docs/records.md),
totals only, with no category points. Three sources are read:

- a BG Stats play file (``.bgsplay`` / its JSON export: ``games``, ``players``,
  ``locations``, ``plays`` with ``playerScores`` referring to them by ``id``);
- BoardGameGeek's plays as its XML API gives them (``<plays><play id date location ...>
  <item name objectid/><players><player name username startposition score win/>``);
- the BGG CSV this app writes (``records export --format bgg-csv``).

Only plays of our games come in (matched by the game's BGG id when one is kept, else by
its name). Each of their people is matched to one of ours (:func:`match_people`): by an
explicit ``THEIRS=OURS`` pair, by the person id our own exports give (BG Stats player
``uuid``), by name (``app.names.name_key``), else a new person. A play whose id is already
here (a backup, an earlier import, the app's own export) is skipped. Everything is checked
first; one problem and nothing is written (the message names the entry). Names, places
and comments are cleaned as everywhere (no control or bidi characters: a problem naming
the entry). A play that cannot be kept is left out and said so (:attr:`PlaysImported.
notes`): BGG's plays with no players recorded or marked incomplete, BG Stats' ignored
plays; a BGG entry for several plays (``quantity``) is kept once, and said so. Their
comments become the play's notes (cut to :data:`app.store.crud.MAX_NOTES`, and said so).
Messages are codes (:class:`PlaysCode`), in words in the catalogues.
"""

from __future__ import annotations

import csv
import io
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from app import bounds
from app.names import clean_name, name_key
from app.store.crud import (
    MAX_LOCATION,
    MAX_NOTES,
    UID_NAMESPACE,
    add_finished_game,
    get_bgg_ids,
    transaction,
)
from app.store.exports import GAME_TITLES
from app.store.imports import ImportFailed, ImportProblem, ImportResult
from app.store.models import GameRow, Person
from app.store.play_records import PLAY_FORMAT, play_sheet
from scoring.message import MessageCode, Msg, Refusal, msg
from scoring.record import RecordCode, forbidden_character

MAX_PLAYS = 100_000


class PlaysCode(MessageCode):
    """Problems with a BG Stats or BGG file, and what was left out of it."""

    NOT_BGSTATS = "plays-not-bgstats"
    NOT_A_PLAYS_FILE = "plays-not-a-plays-file"
    NOT_JSON = "plays-not-json"
    NOT_XML = "plays-not-xml"
    NOT_CSV = "plays-not-csv"
    NOT_OBJECT = "plays-not-object"
    NO_GAME = "plays-no-game"
    SCORES_NOT_A_LIST = "plays-scores-not-a-list"
    NO_PLAYER = "plays-no-player"
    NO_UUID = "plays-no-uuid"
    NO_ID = "plays-no-id"
    BAD_DATE = "plays-bad-date"
    BAD_SCORE = "plays-bad-score"
    SCORE_NOT_WHOLE = "plays-score-not-whole"
    PLAYERS = "plays-players"
    SAME_PERSON = "plays-same-person"
    ONE_PERSON_HERE = "plays-one-person-here"
    LOCATION = "plays-location"
    # what was left out or changed (PlaysImported.notes)
    LEFT_NO_PLAYERS = "plays-left-no-players"
    LEFT_INCOMPLETE = "plays-left-incomplete"
    LEFT_IGNORED = "plays-left-ignored"
    KEPT_ONCE = "plays-kept-once"
    NOTES_CUT = "plays-notes-cut"


@dataclass(frozen=True, slots=True)
class PlaysImported(ImportResult):
    """What an import of plays did; ``notes``: (entry, message) for each play left out or
    kept otherwise than the file says (none of them is an error)."""

    notes: tuple[tuple[str, Msg], ...] = ()


@dataclass(frozen=True, slots=True)
class ForeignPlayer:
    name: str
    source_id: str | None  # BG Stats player uuid / BGG username: what matching tries first
    score: int | None
    winner: bool
    seat: int
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class ForeignPlay:
    entry: str  # where it is in the file: "plays[3]", "play 12345", "line 7"
    play_id: str  # kept as the game's play id: a second import skips it
    game: str  # "forestry" | "forest-guardians"
    played_at: str  # ISO 8601 to the second, this machine's offset (the file's is unknown)
    location: str | None
    players: tuple[ForeignPlayer, ...]
    source: str  # "bgstats" | "bgg"
    also_known: tuple[str, ...] = ()  # other ids of the same play (our own exports' uuids)
    notes: str | None = None  # their comments on the play: kept as its notes


@dataclass(frozen=True, slots=True)
class Match:
    theirs: str
    ours: str
    how: str  # "given" | "id" | "name" | "new"


@dataclass
class _Problems:
    items: list[ImportProblem] = field(default_factory=list)
    notes: list[tuple[str, Msg]] = field(default_factory=list)  # left out, kept once, cut

    def add(self, entry: str, problem: Msg) -> None:
        self.items.append(ImportProblem(0, "", problem, where=entry))

    def note(self, entry: str, what: Msg) -> None:
        self.notes.append((entry, what))


def _our_game(name: str | None, bgg_id: Any, bgg: Mapping[str, int]) -> str | None:
    if isinstance(bgg_id, int) and not isinstance(bgg_id, bool) and bgg_id:
        for game, known in bgg.items():
            if known == bgg_id:
                return game
    wanted = name_key(str(name or ""))
    for game, title in GAME_TITLES.items():
        if wanted in (name_key(title), name_key(game)):
            return game
    return None


def _date(text: Any, entry: str, ps: _Problems) -> str | None:
    """``YYYY-MM-DD[ HH:MM[:SS]]`` (BG Stats, BGG) as ISO 8601 in this machine's offset."""
    try:
        when = datetime.fromisoformat(str(text).strip().replace(" ", "T"))
    except ValueError:
        ps.add(entry, msg(PlaysCode.BAD_DATE, value=repr(text)[:60]))
        return None
    if when.tzinfo is None:
        when = when.astimezone()  # the file's wall clock, read as this machine's
    return when.isoformat(timespec="seconds")


def _score(value: Any, entry: str, ps: _Problems) -> int | None:
    if value in (None, ""):
        return None
    try:
        number = float(str(value).strip())
    except ValueError:
        ps.add(entry, msg(PlaysCode.BAD_SCORE, value=repr(value)[:60]))
        return None
    if number != number or abs(number) > 10**6 or number != int(number):
        ps.add(entry, msg(PlaysCode.SCORE_NOT_WHOLE, value=repr(value)[:60]))
        return None
    return int(number)


def _name(value: Any, entry: str, ps: _Problems) -> str | None:
    """Their name as they wrote it (white space made single), when this app can keep it as
    a name (``app.names.clean_name``: it is kept so cleaned), or a problem."""
    text = " ".join(str(value or "").split())
    try:
        clean_name(text, "name")
    except Refusal as exc:
        ps.add(entry, msg(exc.code, field=exc.field or "name", **exc.params))
        return None
    return text


def _location(value: Any, entry: str, ps: _Problems) -> str | None:
    """A place as a game's location is kept (one line, no control or bidi characters)."""
    if value is None:
        return None
    text = " ".join(str(value).split())
    if not text:
        return None
    bad = forbidden_character(text)
    if bad is not None:
        ps.add(entry, msg(RecordCode.FORBIDDEN_CHARACTER, code_point=f"U+{ord(bad):04X}"))
        return None
    if len(text) > MAX_LOCATION:
        ps.add(entry, msg(PlaysCode.LOCATION, limit=MAX_LOCATION, length=len(text)))
        return None
    return text


def _notes(value: Any, entry: str, ps: _Problems) -> str | None:
    """Their comments as the play's notes (as ``records note`` keeps them); a longer text
    is cut to :data:`MAX_NOTES` characters, and that is said."""
    text = str(value or "").strip()
    if not text:
        return None
    bad = forbidden_character(text, lines=True)
    if bad is not None:
        ps.add(entry, msg(RecordCode.FORBIDDEN_CHARACTER, code_point=f"U+{ord(bad):04X}"))
        return None
    if len(text) > MAX_NOTES:
        ps.note(entry, msg(PlaysCode.NOTES_CUT, limit=MAX_NOTES, length=len(text)))
        text = text[:MAX_NOTES - 1].rstrip() + "…"
    return text


def _players_ok(players: Sequence[ForeignPlayer], entry: str, ps: _Problems) -> bool:
    if not 1 <= len(players) <= 4:
        ps.add(entry, msg(PlaysCode.PLAYERS, count=len(players)))
        return False
    keys = [name_key(p.name) for p in players]
    if len(set(keys)) != len(keys):
        ps.add(entry, msg(PlaysCode.SAME_PERSON))
        return False
    return True


# --------------------------------------------------------------------------- BG Stats


def play_uuid(play_id: str) -> str:
    """The BG Stats play ``uuid`` this app's play file gives a play (app.store.exports)."""
    return str(uuid.uuid5(UID_NAMESPACE, f"play:{play_id}")).upper()


def parse_bgstats(data: Any, bgg: Mapping[str, int], ps: _Problems | None = None
                  ) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays of our games in a BG Stats file (others are left out); problems. Plays
    BG Stats ignores (``ignored``: out of its statistics) are left out, and said so."""
    ps = ps if ps is not None else _Problems()
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        ps.add("file", msg(PlaysCode.NOT_BGSTATS))
        return [], ps.items

    def by_id(key: str) -> dict[Any, dict[str, Any]]:
        rows = data.get(key) or []
        return {r.get("id"): r for r in rows if isinstance(r, dict)} if isinstance(
            rows, list) else {}

    games, people, places = by_id("games"), by_id("players"), by_id("locations")
    out: list[ForeignPlay] = []
    for i, play in enumerate(data["plays"][:MAX_PLAYS]):
        entry = f"plays[{i}]"
        if not isinstance(play, dict):
            ps.add(entry, msg(PlaysCode.NOT_OBJECT))
            continue
        g = games.get(play.get("gameRefId"))
        if g is None:
            ps.add(entry, msg(PlaysCode.NO_GAME, ref=repr(play.get("gameRefId"))[:40]))
            continue
        game = _our_game(g.get("name"), g.get("bggId"), bgg)
        if game is None:
            continue  # another game: not ours to keep
        if play.get("ignored") is True:
            ps.note(entry, msg(PlaysCode.LEFT_IGNORED))
            continue
        when = _date(play.get("playDate"), entry, ps)
        place = places.get(play.get("locationRefId"))
        players: list[ForeignPlayer] = []
        scores = play.get("playerScores")
        if not isinstance(scores, list):
            ps.add(entry, msg(PlaysCode.SCORES_NOT_A_LIST))
            continue
        for j, sc in enumerate(scores):
            where = f"{entry}.playerScores[{j}]"
            person = people.get(sc.get("playerRefId")) if isinstance(sc, dict) else None
            if person is None:
                ps.add(where, msg(PlaysCode.NO_PLAYER))
                continue
            name = _name(person.get("name"), where, ps)
            seat = sc.get("seatOrder")
            if name is not None:
                players.append(ForeignPlayer(
                    name, str(person.get("uuid") or "") or None,
                    _score(sc.get("score"), where, ps), sc.get("winner") is True,
                    seat if isinstance(seat, int) and not isinstance(seat, bool) and seat > 0
                    else j + 1, str(sc.get("color") or "") or None))
        uid = str(play.get("uuid") or "").strip()
        if not uid:
            ps.add(entry, msg(PlaysCode.NO_UUID))
            continue
        location = _location(place.get("name") if isinstance(place, dict) else None,
                             entry, ps)
        notes = _notes(play.get("comments"), entry, ps)
        if when is None or not _players_ok(players, entry, ps):
            continue
        players.sort(key=lambda p: p.seat)
        out.append(ForeignPlay(entry, uid, game, when, location, tuple(players), "bgstats",
                               notes=notes))
    return out, ps.items


# --------------------------------------------------------------------------- BoardGameGeek


def parse_bgg_xml(text: str, bgg: Mapping[str, int], ps: _Problems | None = None
                  ) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays of our games in BGG's XML plays (``<plays><play ...>``, as its XML API
    gives them). Plays without players or marked ``incomplete`` are left out, and said
    so; one entry for several plays (``quantity``) is kept once, and said so; its
    ``<comments>`` are the play's notes."""
    ps = ps if ps is not None else _Problems()
    try:
        root = ET.fromstring(text)  # noqa: S314 - a local file the user chose; no entities
    except ET.ParseError as exc:
        ps.add("file", msg(PlaysCode.NOT_XML, error=str(exc)[:200]))
        return [], ps.items
    out: list[ForeignPlay] = []
    for i, play in enumerate(root.iter("play")):
        pid = play.get("id") or ""
        entry = f"play {pid}" if pid else f"play #{i + 1}"
        item = play.find("item")
        oid = item.get("objectid") if item is not None else None
        game = _our_game(item.get("name") if item is not None else None,
                         int(oid) if oid and oid.isdigit() else None, bgg)
        if game is None:
            continue
        if not pid:
            ps.add(entry, msg(PlaysCode.NO_ID))
            continue
        if play.get("incomplete") == "1":
            ps.note(entry, msg(PlaysCode.LEFT_INCOMPLETE))
            continue
        if not any(True for _ in play.iter("player")):
            ps.note(entry, msg(PlaysCode.LEFT_NO_PLAYERS))
            continue
        quantity = play.get("quantity") or "1"
        if quantity.isdigit() and int(quantity) > 1:
            ps.note(entry, msg(PlaysCode.KEPT_ONCE, quantity=int(quantity)))
        when = _date(play.get("date"), entry, ps)
        location = _location(play.get("location"), entry, ps)
        comments = play.find("comments")
        notes = _notes(comments.text if comments is not None else None, entry, ps)
        players: list[ForeignPlayer] = []
        for j, p in enumerate(play.iter("player")):
            where = f"{entry} player {j + 1}"
            name = _name(p.get("name") or p.get("username"), where, ps)
            pos = p.get("startposition") or ""
            if name is not None:
                players.append(ForeignPlayer(
                    name, p.get("username") or None, _score(p.get("score"), where, ps),
                    p.get("win") == "1", int(pos) if pos.isdigit() and int(pos) > 0 else j + 1,
                    p.get("color") or None))
        if when is None or not _players_ok(players, entry, ps):
            continue
        players.sort(key=lambda p: p.seat)
        out.append(ForeignPlay(entry, f"bgg:{pid}", game, when, location, tuple(players),
                               "bgg", notes=notes))
    return out, ps.items


def parse_bgg_csv(text: str, bgg: Mapping[str, int], ps: _Problems | None = None
                  ) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays in the BGG CSV this app writes (one row per player, ``play_id`` first)."""
    ps = ps if ps is not None else _Problems()
    rows = list(csv.DictReader(io.StringIO(text)))
    groups: dict[str, list[tuple[int, dict[str, str]]]] = {}
    for n, row in enumerate(rows, start=2):
        groups.setdefault(row.get("play_id") or f"line {n}", []).append((n, row))
    out: list[ForeignPlay] = []
    for pid, group in groups.items():
        first_line, first = group[0]
        entry = f"line {first_line}"
        oid = (first.get("objectid") or "").strip()
        game = _our_game(first.get("game"), int(oid) if oid.isdigit() else None, bgg)
        if game is None:
            continue
        when = _date(first.get("date"), entry, ps)
        players: list[ForeignPlayer] = []
        for n, row in group:
            where = f"line {n}"
            name = _name(row.get("name"), where, ps)
            pos = (row.get("startposition") or "").strip()
            if name is not None:
                players.append(ForeignPlayer(
                    name, None, _score(row.get("score"), where, ps), row.get("win") == "1",
                    int(pos) if pos.isdigit() and int(pos) > 0 else len(players) + 1,
                    row.get("color") or None))
        location = _location(first.get("location"), entry, ps)
        notes = _notes(first.get("comments"), entry, ps)
        if when is None or not _players_ok(players, entry, ps):
            continue
        players.sort(key=lambda p: p.seat)
        out.append(ForeignPlay(entry, pid, game, when, location, tuple(players), "bgg",
                               notes=notes))
    return out, ps.items


def parse(text: str, source: str, bgg: Mapping[str, int], ps: _Problems | None = None
          ) -> tuple[list[ForeignPlay], list[Any]]:
    """``source``: ``bgstats`` (JSON) or ``bgg`` (XML, or this app's CSV). What was left
    out goes to ``ps.notes`` when ``ps`` is given."""
    ps = ps if ps is not None else _Problems()
    if source == "bgstats":
        try:
            data = bounds.loads(text)  # nesting and numbers bounded, as every file read
        except bounds.Unreadable as exc:
            return [], [ImportProblem(0, "", exc.message, where="file")]
        except ValueError as exc:
            return [], [ImportProblem(0, "", msg(PlaysCode.NOT_JSON, error=str(exc)[:200]),
                                      where="file")]
        return parse_bgstats(data, bgg, ps)
    if text.lstrip().startswith("<"):
        return parse_bgg_xml(text, bgg, ps)
    try:
        return parse_bgg_csv(text, bgg, ps)
    except csv.Error as exc:  # e.g. a cell beyond the csv module's 131,072 characters
        return [], [ImportProblem(0, "", msg(PlaysCode.NOT_CSV, error=str(exc)[:200]),
                                  where="file")]


def left_out(text: str, source: str, bgg: Mapping[str, int]
             ) -> tuple[list[ForeignPlay], list[Any], list[tuple[str, Msg]]]:
    """:func:`parse`, and what it left out or kept otherwise (entry, message)."""
    ps = _Problems()
    plays, problems = parse(text, source, bgg, ps)
    return plays, problems, ps.notes


def sniff(text: str) -> str:
    """``record``, ``bgstats`` or ``bgg``: what a file looks like."""
    head = text.lstrip()[:4096]
    if head.startswith("<"):
        return "bgg"
    if head.startswith("{") and '"plays"' in text[:1 << 20] and '"playerScores"' in text:
        return "bgstats"
    if head.startswith("play_id,") or head.startswith("\ufeffplay_id,"):
        return "bgg"
    return "record"


# --------------------------------------------------------------------------- people


def given_problems(given: Mapping[str, str] | None) -> list[ImportProblem]:
    """Each name typed for one of their people that this app would not keep as a name
    (``app.names.clean_name``), named by their person."""
    out = []
    for theirs, ours in (given or {}).items():
        try:
            clean_name(ours, "name")
        except Refusal as exc:
            out.append(ImportProblem(0, "", msg(exc.code, field=exc.field or "name",
                                                **exc.params), where=theirs))
    return out


def match_people(session: Session, plays: Sequence[ForeignPlay],
                 given: Mapping[str, str] | None = None) -> dict[str, Match]:
    """Each distinct person of ``plays`` (by name key) -> one of ours: ``given`` (their name
    -> our name, typed by the user; :func:`given_problems` checks them), their id when it
    is one of our person ids (this app's BG Stats files), the same name, else a new person
    of that name."""
    wanted = {name_key(k): v for k, v in (given or {}).items()}
    out: dict[str, Match] = {}
    for play in plays:
        for p in play.players:
            k = name_key(p.name)
            if k in out:
                continue
            if k in wanted:
                out[k] = Match(p.name, _clean(wanted[k]), "given")
                continue
            if p.source_id:
                mine = session.exec(select(Person).where(
                    Person.uid == p.source_id.upper())).first()
                if mine is not None:
                    out[k] = Match(p.name, mine.name, "id")
                    continue
            same = session.exec(select(Person).where(Person.key == k)).first()
            out[k] = (Match(p.name, same.name, "name") if same is not None
                      else Match(p.name, _clean(p.name), "new"))
    return out


def _clean(name: str) -> str:
    """A name the parsers (their people) or :func:`given_problems` (typed) checked."""
    try:
        return clean_name(name)
    except Refusal:  # pragma: no cover - reported by the checks before
        return name


# --------------------------------------------------------------------------- records


def play_record(play: ForeignPlay, names: Mapping[str, str]) -> dict[str, Any]:
    """The play record kept for a play from another app (docs/records.md)."""
    record: dict[str, Any] = {"format": PLAY_FORMAT, "version": 1, "game": play.game,
                              "played_at": play.played_at}
    if play.location:
        record["location"] = play.location
    record["source"] = play.source
    record["players"] = [
        {"name": names[name_key(p.name)], "score": p.score, "winner": p.winner,
         **({"colour": p.colour} if p.colour else {})} for p in play.players]
    return record


def import_plays(session: Session, text: str, source: str, *,
                 match: Mapping[str, str] | None = None) -> tuple[PlaysImported, list[Match]]:
    """Check every play of the file, then save the new ones in one transaction (or none).

    Returns the result (``skipped`` holds plays already here, ``notes`` what was left out)
    and how each person was matched. Raises :class:`app.store.imports.ImportFailed`
    naming each bad entry."""
    bgg = get_bgg_ids(session)
    plays, problems, notes = left_out(text, source, bgg)
    problems += given_problems(match)
    if problems:
        raise ImportFailed(problems[:50], len(problems))
    matches = match_people(session, plays, match)
    names = {k: m.ours for k, m in matches.items()}
    for play in plays:  # two of their people matched to one of ours at one table
        ours = [name_key(names[name_key(p.name)]) for p in play.players]
        if len(set(ours)) != len(ours):
            problems.append(ImportProblem(0, "", msg(PlaysCode.ONE_PERSON_HERE),
                                          where=play.entry))
    if problems:
        raise ImportFailed(problems[:50], len(problems))
    known: dict[str, int] = {}
    for gid, uid in session.exec(select(GameRow.id, GameRow.play_uid)):
        if gid is not None and uid:
            known[uid] = gid
            known[play_uuid(uid)] = gid  # this app's own BG Stats file names it so
    imported: list[int] = []
    skipped: list[tuple[int, int]] = []
    with transaction(session):
        for n, play in enumerate(plays, start=1):
            # this app's play id, or the BG Stats uuid this app's file made of it
            ids = (play.play_id, play.play_id.upper(), play.play_id.lower(),
                   play_uuid(play.play_id))
            hit = next((known[i] for i in ids if i in known), None)
            if hit is not None:
                skipped.append((n, hit))
                continue
            record = play_record(play, names)
            with session.no_autoflush:
                game = add_finished_game(session, record=record, sheet=play_sheet(record),
                                         source=play.source, commit=False,
                                         play_uid=play.play_id)
            assert game.id is not None
            if play.notes:
                game.notes = play.notes
                session.add(game)
            known[play.play_id] = game.id
            imported.append(game.id)
    return (PlaysImported(tuple(imported), tuple(skipped), notes=tuple(notes)),
            list(matches.values()))

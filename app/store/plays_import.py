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

from sqlmodel import Session, col, select

from app import bounds
from app.game.registry import VARIANTS
from app.l10n import languages
from app.names import clean_name, name_key
from app.store.crud import (
    MAX_LOCATION,
    MAX_NOTES,
    UID_NAMESPACE,
    add_finished_game,
    get_bgg_ids,
    transaction,
)
from app.store.exports import GAME_TITLES, role_name
from app.store.imports import ImportFailed, ImportProblem, ImportResult, drop_game, keep_photos
from app.store.models import FinishedRecord, GameRow, Person, PersonAlias
from app.store.play_records import PLAY_FORMAT, keep_aliases, play_sheet, record_fields
from app.store.summary import rebuild_stats
from scoring.games import Game
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
    PLAYERS = "plays-players"
    SAME_PERSON = "plays-same-person"
    ONE_PERSON_HERE = "plays-one-person-here"
    LOCATION = "plays-location"
    # what was left out or changed (PlaysImported.notes)
    LEFT_NO_PLAYERS = "plays-left-no-players"
    LEFT_INCOMPLETE = "plays-left-incomplete"
    LEFT_IGNORED = "plays-left-ignored"
    LEFT_NOT_WHOLE = "plays-left-not-whole"
    LEFT_BAD_SCORE = "plays-left-bad-score"
    LEFT_ONLY_ANONYMOUS = "plays-left-only-anonymous"
    WRONG_SOURCE = "plays-wrong-source"
    NOT_BGG = "plays-not-bgg"
    KEPT_ONCE = "plays-kept-once"
    NOTES_CUT = "plays-notes-cut"


@dataclass(frozen=True, slots=True)
class PlaysImported(ImportResult):
    """What an import of plays did; ``notes``: (entry, message) for each play left out or
    kept otherwise than the file says (none of them is an error); ``completed``: (n, game
    id) of plays already here that the file knows more of, completed from it."""

    notes: tuple[tuple[str, Msg], ...] = ()


@dataclass(frozen=True, slots=True)
class ForeignPlayer:
    name: str
    source_id: str | None  # BG Stats player uuid / BGG username: what matching tries first
    score: int | None
    winner: bool
    seat: int
    colour: str | None = None
    #: what else their app knew of this player, kept in the play record (PLAYER_FIELDS)
    extra: tuple[tuple[str, Any], ...] = ()
    start: bool = False  # the first player (BG Stats startPlayer, BGG startposition 1)
    anonymous: bool = False  # BG Stats isAnonymous, a BGG player without name or username
    alias: str | None = None  # how this person is known there: PersonAlias.alias


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
    #: what else their app knew of the play, kept in the play record (PLAY_FIELDS)
    extra: tuple[tuple[str, Any], ...] = ()
    entered: datetime | None = None  # BG Stats entryDate: when it was first saved there
    modified: datetime | None = None  # BG Stats modificationDate


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


def _score(value: Any) -> tuple[int | None, Msg | None]:
    """A score as a whole number (``None``: none given), or why it cannot be kept: a play
    with such a score ("23.5", "20+3") is left out, and said so, not the whole file."""
    if value in (None, ""):
        return None, None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 10**6:
        return value, None
    text = str(value).strip()
    shown = repr(value)[:60]
    try:
        number = float(text)
    except ValueError:
        return None, msg(PlaysCode.LEFT_BAD_SCORE, value=shown)
    if number != number or abs(number) > 10**6 or number != int(number):
        return None, msg(PlaysCode.LEFT_NOT_WHOLE, value=shown)
    return int(number), None


def _int(value: Any, low: int = 1, high: int = 2**31 - 1) -> int | None:
    """A whole number from their file (a number or its digits) within bounds, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 12:
        value = int(value.strip())
    return value if isinstance(value, int) and low <= value <= high else None


def _text(value: Any, limit: int = 100) -> str | None:
    """A short text of theirs (a role, a board, a username) as kept: one line, no control
    or bidi characters, at most ``limit`` characters; else None (not kept)."""
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    if not text or len(text) > limit or forbidden_character(text) is not None:
        return None
    return text


def _moment(value: Any, played_at: str | None) -> datetime | None:
    """BG Stats' ``entryDate`` / ``modificationDate`` (wall clock, like ``playDate``) in the
    play's own offset, so that they are written back as they came."""
    if not isinstance(value, str) or not value.strip() or played_at is None:
        return None
    try:
        when = datetime.fromisoformat(value.strip().replace(" ", "T"))
    except ValueError:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.fromisoformat(played_at).tzinfo)
    return when


def _role(game: str, text: str | None) -> tuple[tuple[str, Any], ...]:
    """A role in words as one of the game's characters or rangers (any language of the
    catalogues: statistics per character count it) or, else, the text as they wrote it."""
    if not text:
        return ()

    for role in VARIANTS[Game(game)].roles:
        if any(role_name(role, lang) == text for lang in languages()):
            return (("character", role),)
    return (("role", text),)


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


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
        else None


def _assemble(entry: str, play_id: str, game: str, when: str | None, location: str | None,
              everyone: list[ForeignPlayer], source: str, notes: str | None,
              extra: dict[str, Any], ps: _Problems, *, left: bool,
              entered: datetime | None = None, modified: datetime | None = None
              ) -> ForeignPlay | None:
    """One play from its parts, or None (a problem said, or left out and said so)."""
    if left or when is None:
        return None
    players = [p for p in everyone if not p.anonymous]
    if not players and everyone:
        ps.note(entry, msg(PlaysCode.LEFT_ONLY_ANONYMOUS))
        return None
    if not _players_ok(players, entry, ps) or len(everyone) > 4:
        if len(everyone) > 4 and len(players) <= 4:
            ps.add(entry, msg(PlaysCode.PLAYERS, count=len(everyone)))
        return None
    order = sorted(range(len(everyone)), key=lambda i: (everyone[i].seat, i))
    ranked = [everyone[i] for i in order]
    anonymous = []
    for at, p in enumerate(ranked):
        if p.anonymous:
            a: dict[str, Any] = {"at": at, **dict(p.extra), "winner": p.winner}
            if p.name:
                a["name"] = p.name
            if p.score is not None:
                a["score"] = p.score
            if p.colour:
                a["colour"] = p.colour
            if p.start:
                a["start"] = True
            anonymous.append(a)
    named = tuple(p for p in ranked if not p.anonymous)
    starts = [i for i, p in enumerate(named, start=1) if p.start]
    if starts:
        extra = {**extra, "first_player": starts[0]}
    if anonymous:
        extra = {**extra, "anonymous": anonymous}
    return ForeignPlay(entry, play_id, game, when, location, named, source, notes=notes,
                       extra=tuple(extra.items()), entered=entered, modified=modified)


def parse_bgstats(data: Any, bgg: Mapping[str, int], ps: _Problems | None = None
                  ) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays of our games in a BG Stats file (others are left out); problems. Plays
    BG Stats ignores (``ignored``: out of its statistics) are left out, and said so; so is
    a play with a score that is not a whole number (each named)."""
    ps = ps if ps is not None else _Problems()
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        ps.add("file", msg(PlaysCode.NOT_BGSTATS))
        return [], ps.items

    def by_id(key: str) -> dict[Any, dict[str, Any]]:
        rows = data.get(key) or []
        return {r.get("id"): r for r in rows if isinstance(r, dict)} if isinstance(
            rows, list) else {}

    rows = _BgstatsRows(by_id("games"), by_id("players"), by_id("locations"))
    out: list[ForeignPlay] = []
    for i, play in enumerate(data["plays"][:MAX_PLAYS]):
        found = _bgstats_play(play, f"plays[{i}]", rows, bgg, ps)
        if found is not None:
            out.append(found)
    return out, ps.items


@dataclass(frozen=True)
class _BgstatsRows:
    """A BG Stats file's games, players and locations by id."""

    games: dict[Any, dict[str, Any]]
    people: dict[Any, dict[str, Any]]
    places: dict[Any, dict[str, Any]]


def _bgstats_play(play: Any, entry: str, rows: _BgstatsRows, bgg: Mapping[str, int],
                  ps: _Problems) -> ForeignPlay | None:
    """One play of a BG Stats file (None: not ours, left out, or with a problem)."""
    if not isinstance(play, dict):
        ps.add(entry, msg(PlaysCode.NOT_OBJECT))
        return None
    g = rows.games.get(play.get("gameRefId"))
    if g is None:
        ps.add(entry, msg(PlaysCode.NO_GAME, ref=repr(play.get("gameRefId"))[:40]))
        return None
    game = _our_game(g.get("name"), g.get("bggId"), bgg)
    if game is None:
        return None  # another game: not ours to keep
    if play.get("ignored") is True:
        ps.note(entry, msg(PlaysCode.LEFT_IGNORED))
        return None
    when = _date(play.get("playDate"), entry, ps)
    place = rows.places.get(play.get("locationRefId"))
    scores = play.get("playerScores")
    if not isinstance(scores, list):
        ps.add(entry, msg(PlaysCode.SCORES_NOT_A_LIST))
        return None
    everyone: list[ForeignPlayer] = []
    left = False
    for j, sc in enumerate(scores):
        player, bad = _bgstats_player(game, sc, j, f"{entry}.playerScores[{j}]", rows, ps)
        left = left or bad
        if player is not None:
            everyone.append(player)
    uid = str(play.get("uuid") or "").strip()
    if not uid:
        ps.add(entry, msg(PlaysCode.NO_UUID))
        return None
    location = _location(place.get("name") if isinstance(place, dict) else None,
                         entry, ps)
    notes = _notes(play.get("comments"), entry, ps)
    fields = _bgstats_fields(play, g, rows)
    return _assemble(entry, uid, game, when, location, everyone, "bgstats", notes, fields,
                     ps, left=left, entered=_moment(play.get("entryDate"), when),
                     modified=_moment(play.get("modificationDate"), when))


def _bgstats_player(game: str, sc: Any, j: int, where: str, rows: _BgstatsRows,
                    ps: _Problems) -> tuple[ForeignPlayer | None, bool]:
    """One player's score of a play (``j``: its place in the list); (player, left out: a
    score not whole)."""
    person = rows.people.get(sc.get("playerRefId")) if isinstance(sc, dict) else None
    if person is None or not isinstance(sc, dict):
        ps.add(where, msg(PlaysCode.NO_PLAYER))
        return None, False
    anonymous = person.get("isAnonymous") in (True, 1)
    name = (_text(person.get("name")) or "") if anonymous else _name(
        person.get("name"), where, ps)
    score, bad = _score(sc.get("score"))
    if bad is not None:
        ps.note(where, bad)
    uid = _text(person.get("uuid"), 64)
    seat = _seat(sc.get("seatOrder"))
    extra: dict[str, Any] = {}
    if uid:
        extra["uuid"] = uid
    extra.update(_role(game, _text(sc.get("role"))))
    if _int(sc.get("rank"), 1, 100):
        extra["rank"] = sc["rank"]
    if isinstance(sc.get("newPlayer"), bool):
        extra["new"] = sc["newPlayer"]
    if seat is not None and seat != j + 1:
        extra["seat_order"] = seat
    if _text(person.get("bggUsername")):
        extra["bgg_username"] = _text(person.get("bggUsername"))
    if anonymous:
        extra.pop("character", None)
    if name is None:
        return None, bad is not None
    return ForeignPlayer(
        name, uid, score, sc.get("winner") is True,
        seat if seat else j + 1, _text(sc.get("color"), 32),
        tuple(extra.items()), sc.get("startPlayer") is True, anonymous,
        f"bgstats:{uid.upper()}" if uid and not anonymous else None), bad is not None


def _bgstats_fields(play: dict[str, Any], g: dict[str, Any], rows: _BgstatsRows
                    ) -> dict[str, Any]:
    """What a play keeps of BG Stats' own fields (duration, rounds, ids, board, winner
    chosen by hand, expansions), each checked."""
    fields: dict[str, Any] = {}
    for key, theirs, low, high in (("duration_min", "durationMin", 1, 100_000),
                                   ("rounds", "rounds", 1, 1000),
                                   ("bgg_play_id", "bggId", 1, 2**53)):
        if _int(play.get(theirs), low, high) is not None:
            fields[key] = play[theirs]
    if _text(play.get("board"), 200):
        fields["board"] = _text(play.get("board"), 200)
    if _int(g.get("bggId")) is not None:
        fields["bgg_id"] = g["bggId"]
    if play.get("manualWinner") in (True, 1):
        fields["manual_winner"] = True
    expansions = []
    for e in play.get("expansionPlays") or []:
        eg = rows.games.get(e.get("gameRefId")) if isinstance(e, dict) else None
        name = _text(eg.get("name")) if eg is not None else None
        if name:
            expansions.append({"name": name, **({"bgg_id": eg["bggId"]} if eg and _int(
                eg.get("bggId")) is not None else {})})
    if expansions:
        fields["expansions"] = expansions[:20]
    return fields


# --------------------------------------------------------------------------- BoardGameGeek


def _bgg_player(p: Mapping[str, str], where: str, seat: int, ps: _Problems
                ) -> tuple[ForeignPlayer | None, bool]:
    """One BGG player (XML attributes or a CSV row); (player, left out: a score not whole)."""
    username = _text(p.get("username"))
    raw = " ".join(str(p.get("name") or "").split())
    anonymous = not raw and not username
    name = "" if anonymous else _name(raw or username, where, ps)
    score, bad = _score(p.get("score"))
    if bad is not None:
        ps.note(where, bad)
    pos = str(p.get("startposition") or "").strip()
    extra: dict[str, Any] = {}
    if username:
        extra["bgg_username"] = username
    user_id = _int(p.get("userid"))
    if user_id is not None:
        extra["bgg_user_id"] = user_id
    if p.get("new") in ("0", "1"):
        extra["new"] = p.get("new") == "1"
    if pos:  # kept as given: BGG's start positions need not follow from the first player
        extra["seat_order"] = int(pos) if pos.isdigit() and int(pos) <= 100 else 0
    if name is None:
        return None, bad is not None
    return ForeignPlayer(name, username, score, p.get("win") == "1",
                         int(pos) if pos.isdigit() and 0 < int(pos) <= 100 else seat,
                         _text(p.get("color"), 32), tuple(extra.items()), pos == "1",
                         anonymous, f"bgg:{username.lower()}" if username else None
                         ), bad is not None


def _bgg_fields(length: Any, quantity: Any, objectid: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if _int(length, 1, 100_000) is not None:
        fields["duration_min"] = _int(length, 1, 100_000)
    if _int(quantity, 2, 1000) is not None:
        fields["quantity"] = _int(quantity, 2, 1000)
    if _int(objectid) is not None:
        fields["bgg_id"] = _int(objectid)
    return fields


def parse_bgg_xml(text: str, bgg: Mapping[str, int], ps: _Problems | None = None
                  ) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays of our games in BGG's XML plays (``<plays><play ...>``, as its XML API
    gives them). Plays without players or marked ``incomplete`` are left out, and said
    so, as is one with a score that is not a whole number; one entry for several plays
    (``quantity``) is kept as one play with its quantity, and said so; its ``<comments>``
    are the play's notes."""
    ps = ps if ps is not None else _Problems()
    try:
        root = ET.fromstring(text)  # noqa: S314 - a local file the user chose; no entities
    except ET.ParseError as exc:
        ps.add("file", msg(PlaysCode.NOT_XML, error=str(exc)[:200]))
        return [], ps.items
    if root.tag != "plays":
        ps.add("file", msg(PlaysCode.NOT_BGG, found=f"<{root.tag[:40]}>"))
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
        fields = _bgg_fields(play.get("length"), play.get("quantity"), oid)
        if "quantity" in fields:
            ps.note(entry, msg(PlaysCode.KEPT_ONCE, quantity=fields["quantity"]))
        when = _date(play.get("date"), entry, ps)
        location = _location(play.get("location"), entry, ps)
        comments = play.find("comments")
        notes = _notes(comments.text if comments is not None else None, entry, ps)
        everyone: list[ForeignPlayer] = []
        left = False
        for j, p in enumerate(play.iter("player")):
            found, bad = _bgg_player(p.attrib, f"{entry} player {j + 1}", j + 1, ps)
            left = left or bad
            if found is not None:
                everyone.append(found)
        play_id = f"bgg:{pid}" if pid.isdigit() else pid  # this app's own ids stay as they are
        kept = _assemble(entry, play_id, game, when, location, everyone, "bgg", notes,
                         fields, ps, left=left)
        if kept is not None:
            out.append(kept)
    return out, ps.items


#: The columns a BGG CSV must have (this app's export; the others are optional).
BGG_CSV_NEEDS = ("play_id", "date", "game", "name")


def parse_bgg_csv(text: str, bgg: Mapping[str, int], ps: _Problems | None = None
                  ) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays in the BGG CSV this app writes (one row per player, ``play_id`` first)."""
    ps = ps if ps is not None else _Problems()
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in BGG_CSV_NEEDS if c not in (reader.fieldnames or [])]
    if missing:
        ps.add("file", msg(PlaysCode.NOT_BGG, found=", ".join(missing)))
        return [], ps.items
    groups: dict[str, list[tuple[int, dict[str, str]]]] = {}
    for n, row in enumerate(reader, start=2):
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
        everyone: list[ForeignPlayer] = []
        left = False
        for j, (n, row) in enumerate(group):
            found, bad = _bgg_player(row, f"line {n}", j + 1, ps)
            left = left or bad
            if found is not None:
                everyone.append(found)
        location = _location(first.get("location"), entry, ps)
        notes = _notes(first.get("comments"), entry, ps)
        fields = _bgg_fields(first.get("length"), first.get("quantity"), oid)
        kept = _assemble(entry, pid, game, when, location, everyone, "bgg", notes, fields, ps,
                         left=left)
        if kept is not None:
            out.append(kept)
    return out, ps.items


def parse(text: str, source: str, bgg: Mapping[str, int], ps: _Problems | None = None
          ) -> tuple[list[ForeignPlay], list[Any]]:
    """``source``: ``bgstats`` (JSON) or ``bgg`` (XML, or this app's CSV). What was left
    out goes to ``ps.notes`` when ``ps`` is given. A file that is plainly of another kind
    (a BG Stats file given as BGG plays, ...) is refused with what it is."""
    ps = ps if ps is not None else _Problems()
    found = sniff(text)
    json_text = text.lstrip()[:1] in ("{", "[")
    if found != source and (found != "record" or source == "bgg" and json_text):
        ps.add("file", msg(PlaysCode.WRONG_SOURCE, found=found, wanted=source))
        return [], ps.items
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
            if p.alias:  # known by their id before (an earlier import of their file)
                mine = session.exec(select(Person).join(
                    PersonAlias, col(PersonAlias.person_id) == col(Person.id)).where(
                    PersonAlias.alias == p.alias)).first()
                if mine is not None:
                    out[k] = Match(p.name, mine.name, "id")
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
    """The play record kept for a play from another app (docs/records.md): with all their
    app knew of it that a play here can hold."""
    record: dict[str, Any] = {"format": PLAY_FORMAT, "version": 1, "game": play.game,
                              "played_at": play.played_at}
    if play.location:
        record["location"] = play.location
    record["source"] = play.source
    record["players"] = [
        {"name": names[name_key(p.name)], "score": p.score, "winner": p.winner,
         **({"colour": p.colour} if p.colour else {}), **dict(p.extra)} for p in play.players]
    record.update(play.extra)
    return record


class _DryRun(Exception):
    """Raised inside the import's transaction to undo it: a dry run."""


def import_plays(session: Session, text: str, source: str, *,
                 match: Mapping[str, str] | None = None, dry_run: bool = False
                 ) -> tuple[PlaysImported, list[Match]]:
    """Check every play of the file, then save the new ones in one transaction (or none).

    Returns the result (``skipped`` holds plays already here, ``completed`` plays here that
    the file knows more of, ``notes`` what was left out) and how each person was matched.
    ``dry_run``: all of it is done, then undone: the result says what would come in (its
    ids are the ones the games would get). Raises :class:`app.store.imports.ImportFailed`
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
    completed: list[tuple[int, int]] = []
    try:
        with transaction(session):
            for n, play in enumerate(plays, start=1):
                # this app's play id, or the BG Stats uuid this app's file made of it
                ids = (play.play_id, play.play_id.upper(), play.play_id.lower(),
                       play_uuid(play.play_id))
                hit = next((known[i] for i in ids if i in known), None)
                record = play_record(play, names)
                if hit is not None and not _richer(session, hit, record):
                    skipped.append((n, hit))
                    continue
                with session.no_autoflush:
                    if hit is not None:  # a play here the file knows more of: completed

                        old = drop_game(session, hit)
                        game = add_finished_game(
                            session, record=record, sheet=play_sheet(record),
                            source=play.source, commit=False, play_uid=old.uid, game_id=hit,
                            first_plays=_first_plays(play))
                        keep_photos(session, hit, old)
                        rebuild_stats(session, old.people)
                        game.notes = play.notes or old.notes
                        completed.append((n, hit))
                    else:
                        game = add_finished_game(
                            session, record=record, sheet=play_sheet(record),
                            source=play.source, commit=False, play_uid=play.play_id,
                            first_plays=_first_plays(play))
                        game.notes = play.notes
                        imported.append(int(game.id or 0))
                assert game.id is not None
                if play.entered is not None:  # BG Stats' entryDate / modificationDate
                    game.created_at = game.finished_at = play.entered
                if play.modified is not None:
                    game.updated_at = play.modified
                session.add(game)
                keep_aliases(session, game.id, record)
                known[play.play_id] = game.id
            session.flush()
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass
    return (PlaysImported(tuple(imported), tuple(skipped), notes=tuple(notes),
                          completed=tuple(completed), dry_run=dry_run),
            list(matches.values()))


def _first_plays(play: ForeignPlay) -> list[bool] | None:
    """Each player's ``newPlayer`` as their app said it, when it said it for everyone."""
    given = [dict(p.extra).get("new") for p in play.players]
    return [bool(g) for g in given] if all(isinstance(g, bool) for g in given) else None


def _richer(session: Session, game_id: int, record: Mapping[str, Any]) -> bool:
    """Does ``record`` know more of the play saved as ``game_id`` (a play record: totals
    only) than that one does: a field it lacks, or a player's?"""
    saved = session.get(FinishedRecord, game_id)
    if saved is None or saved.record.get("format") != PLAY_FORMAT:
        return False
    return record_fields(record) > record_fields(saved.record)

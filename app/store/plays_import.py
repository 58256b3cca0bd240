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
first; one problem and nothing is written (the message names the entry).
"""

from __future__ import annotations

import csv
import io
import json
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from app.names import name_key
from app.store.crud import UID_NAMESPACE, add_finished_game, get_bgg_ids, transaction
from app.store.exports import GAME_TITLES
from app.store.imports import ImportFailed, ImportProblem, ImportResult
from app.store.models import GameRow, Person
from app.store.play_records import PLAY_FORMAT, play_sheet

MAX_PLAYS = 100_000
MAX_NAME = 80


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


@dataclass(frozen=True, slots=True)
class Match:
    theirs: str
    ours: str
    how: str  # "given" | "id" | "name" | "new"


@dataclass
class _Problems:
    items: list[ImportProblem] = field(default_factory=list)

    def add(self, entry: str, problem: str) -> None:
        self.items.append(ImportProblem(0, "", problem, where=entry))


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
        ps.add(entry, f"date: {text!r} is not a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)")
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
        ps.add(entry, f"score {value!r} is not a number")
        return None
    if number != int(number) or abs(number) > 10**6:
        ps.add(entry, f"score {value!r} is not a whole number of points (up to a million)")
        return None
    return int(number)


def _name(value: Any, entry: str, ps: _Problems) -> str | None:
    text = " ".join(str(value or "").split())
    if not text or len(text) > MAX_NAME:
        ps.add(entry, f"name {value!r}: 1 to {MAX_NAME} characters")
        return None
    return text


def _players_ok(players: Sequence[ForeignPlayer], entry: str, ps: _Problems) -> bool:
    if not 1 <= len(players) <= 4:
        ps.add(entry, f"{len(players)} players: a game here has 1 to 4")
        return False
    keys = [name_key(p.name) for p in players]
    if len(set(keys)) != len(keys):
        ps.add(entry, "the same person twice at one table")
        return False
    return True


# --------------------------------------------------------------------------- BG Stats


def play_uuid(play_id: str) -> str:
    """The BG Stats play ``uuid`` this app's play file gives a play (app.store.exports)."""
    return str(uuid.uuid5(UID_NAMESPACE, f"play:{play_id}")).upper()


def parse_bgstats(data: Any, bgg: Mapping[str, int]) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays of our games in a BG Stats file (others are left out); problems."""
    ps = _Problems()
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        ps.add("file", "not a BG Stats play file (no \"plays\" list)")
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
            ps.add(entry, "not an object")
            continue
        g = games.get(play.get("gameRefId"))
        if g is None:
            ps.add(entry, f"gameRefId {play.get('gameRefId')!r}: no such game in the file")
            continue
        game = _our_game(g.get("name"), g.get("bggId"), bgg)
        if game is None:
            continue  # another game: not ours to keep
        when = _date(play.get("playDate"), entry, ps)
        place = places.get(play.get("locationRefId"))
        players: list[ForeignPlayer] = []
        scores = play.get("playerScores")
        if not isinstance(scores, list):
            ps.add(entry, "playerScores: not a list")
            continue
        for j, sc in enumerate(scores):
            where = f"{entry}.playerScores[{j}]"
            person = people.get(sc.get("playerRefId")) if isinstance(sc, dict) else None
            if person is None:
                ps.add(where, "playerRefId: no such player in the file")
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
            ps.add(entry, "uuid: missing (BG Stats gives every play one)")
            continue
        if when is None or not _players_ok(players, entry, ps):
            continue
        players.sort(key=lambda p: p.seat)
        loc = place.get("name") if isinstance(place, dict) else None
        out.append(ForeignPlay(entry, uid, game, when, str(loc) if loc else None,
                               tuple(players), "bgstats"))
    return out, ps.items


# --------------------------------------------------------------------------- BoardGameGeek


def parse_bgg_xml(text: str, bgg: Mapping[str, int]) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays of our games in BGG's XML plays (``<plays><play ...>``)."""
    ps = _Problems()
    try:
        root = ET.fromstring(text)  # noqa: S314 - a local file the user chose; no entities
    except ET.ParseError as exc:
        ps.add("file", f"not valid XML ({exc})")
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
            ps.add(entry, "id: missing (BGG gives every play one)")
            continue
        when = _date(play.get("date"), entry, ps)
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
        out.append(ForeignPlay(entry, f"bgg:{pid}", game, when, play.get("location") or None,
                               tuple(players), "bgg"))
    return out, ps.items


def parse_bgg_csv(text: str, bgg: Mapping[str, int]) -> tuple[list[ForeignPlay], list[Any]]:
    """The plays in the BGG CSV this app writes (one row per player, ``play_id`` first)."""
    ps = _Problems()
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
        if when is None or not _players_ok(players, entry, ps):
            continue
        players.sort(key=lambda p: p.seat)
        out.append(ForeignPlay(entry, pid, game, when, first.get("location") or None,
                               tuple(players), "bgg"))
    return out, ps.items


def parse(text: str, source: str, bgg: Mapping[str, int]
          ) -> tuple[list[ForeignPlay], list[Any]]:
    """``source``: ``bgstats`` (JSON) or ``bgg`` (XML, or this app's CSV)."""
    if source == "bgstats":
        try:
            data = json.loads(text)
        except ValueError as exc:
            return [], [ImportProblem(0, "", f"not valid JSON ({exc})", where="file")]
        return parse_bgstats(data, bgg)
    if text.lstrip().startswith("<"):
        return parse_bgg_xml(text, bgg)
    return parse_bgg_csv(text, bgg)


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


def match_people(session: Session, plays: Sequence[ForeignPlay],
                 given: Mapping[str, str] | None = None) -> dict[str, Match]:
    """Each distinct person of ``plays`` (by name key) -> one of ours: ``given`` (their name
    -> our name, typed by the user), their id when it is one of our person ids (this app's
    BG Stats files), the same name, else a new person of that name."""
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
    from app.names import clean_name

    try:
        return clean_name(name)
    except Exception:  # refused names were reported by the parsers' checks
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
                 match: Mapping[str, str] | None = None) -> tuple[ImportResult, list[Match]]:
    """Check every play of the file, then save the new ones in one transaction (or none).

    Returns the result (``skipped`` holds plays already here) and how each person was
    matched. Raises :class:`app.store.imports.ImportFailed` naming each bad entry."""
    bgg = get_bgg_ids(session)
    plays, problems = parse(text, source, bgg)
    if problems:
        raise ImportFailed(problems[:50], len(problems))
    matches = match_people(session, plays, match)
    names = {k: m.ours for k, m in matches.items()}
    for play in plays:  # two of their people matched to one of ours at one table
        ours = [name_key(names[name_key(p.name)]) for p in play.players]
        if len(set(ours)) != len(ours):
            problems.append(ImportProblem(0, "", "two players there are one person here "
                                          "(check --match)", where=play.entry))
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
            known[play.play_id] = game.id
            imported.append(game.id)
    return ImportResult(tuple(imported), tuple(skipped)), list(matches.values())

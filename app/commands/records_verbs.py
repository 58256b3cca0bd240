"""``forest-table records``' verbs: list, show, export, import, stats, edit, delete, undelete,
note, rename, merge, bgg-id (their parser: :mod:`app.commands.records`, which imports this
module when a verb runs, so ``records --help`` and ``completion`` load no database).

The database is ``DATABASE_URL`` when set, else the SQLite file in the user's
data directory (docs/records.md); it is created and migrated on first use.
Exit status: 0 done; 2 bad input (unknown game id or person, unreadable or
invalid import file — every problem on stderr, nothing imported); 1 the
database cannot be opened. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zipfile
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, TextIO

from sqlalchemy import make_url
from sqlmodel import select

from app import bounds
from app.commands.score import render as render_sheet
from app.commands.terminal import SafeOut, table, terminal_safe
from app.game.registry import VARIANTS, variant
from app.game.status import Status
from app.l10n import english, has, render, text
from app.store import crud, exchange, photos, queries
from app.store.crud import (
    InvalidData,
    NotFound,
    get_bgg_ids,
    get_game,
    get_record,
    latest_state,
    list_people,
    set_bgg_id,
)
from app.store.engine import database_url
from app.store.exports import role_name
from app.store.facade import Store
from app.store.imports import ImportCode
from app.store.models import GameRow
from app.store.plays_import import import_plays, sniff
from app.store.queries import resolve_person
from scoring.api import all_categories
from scoring.message import MessageCode, Refusal, msg
from scoring.sheet import Need, PlayerScore, ScoreSheet

EXIT_OK = 0
EXIT_DB = 1
EXIT_INVALID = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl+C

#: Each game's name as the CLI prints it.
TITLES = {str(game): v.name for game, v in VARIANTS.items()}
PAGE = 500


class Bad(Exception):
    """Bad input: the message is shown, the exit status is 2."""


class ProgressCode(MessageCode):
    CHECK = "progress-check"
    WRITE = "progress-write"
    EXPORT = "progress-export"


def _when(dt: datetime, offset: int | None = None) -> str:
    """Date and time in the record's own UTC offset (the machine's when unknown)."""
    local = dt.astimezone() if offset is None else dt.astimezone(
        timezone(timedelta(minutes=offset)))
    return local.strftime("%Y-%m-%d %H:%M")


def _short(text: str, width: int = 32) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _label(category: str) -> str:
    code = f"category-{category}"
    return english(msg(code)) if has("en", code) else category.replace("_", " ")


def _category_order(category: str) -> tuple[int, str]:
    keys = all_categories()
    return (keys.index(category) if category in keys else len(keys), category)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


# --------------------------------------------------------------------------- actions


def _iter_history(s: Any, *, game: str | None, player: str | None) -> Iterator[Any]:
    offset = 0
    while True:
        page = queries.history(s, game=game, person=player, status=None, limit=PAGE,
                               offset=offset)
        yield from page.items
        if not page.has_more:
            return
        offset += PAGE


def _players_cell(g: Any) -> str:
    parts = []
    for p in g.players:
        if g.status != Status.FINISHED:
            parts.append(p.name)
        else:
            score = "?" if p.total is None else str(p.total)
            parts.append(f"{p.name} {score}{'*' if p.winner else ''}")
    return ", ".join(parts)


def _unknown_person(s: Any, exc: Exception) -> Bad:
    known = ", ".join(p.name for p in _people(s)) or "nobody yet"
    return Bad(f"{exc} (known: {known})")


def do_list(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    with store.session() as s:
        if args.player is not None:
            try:
                resolve_person(s, args.player)
            except NotFound as exc:
                raise _unknown_person(s, exc) from exc
        rows = []
        if getattr(args, "json", False):
            _print_json([_game_json(g) for g in _iter_history(s, game=args.game,
                                                               player=args.player)], out)
            return EXIT_OK
        for g in _iter_history(s, game=args.game, player=args.player):
            status = g.status if g.complete is not False else "finished (incomplete)"
            rows.append([g.id, _when(g.played_at, g.utc_offset), TITLES.get(g.game, g.game), status,
                         _short(g.location or ""), _players_cell(g)])
    if not rows:
        print("No games yet." if not (args.game or args.player) else "No games match.", file=out)
        return EXIT_OK
    print(table(["id", "played", "game", "status", "location", "players (* won)"], rows,
                [True, False, False, False, False, False]), file=out)
    return EXIT_OK


def _sheet(data: dict[str, Any]) -> Any:
    return ScoreSheet(
        game=data["game"], complete=bool(data.get("complete", True)),
        needs=tuple(Need(n["table"], n["key"], n["ask"]) for n in data.get("needs") or []),
        players=tuple(PlayerScore(p["name"], p["total"], p["rank"], dict(p["categories"]),
                                  dict(p.get("details") or {})) for p in data["players"]),
        winners=tuple(data.get("winners") or []))


def do_show(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    with store.session() as s:
        g = queries.game_summary(s, game_id=args.id)
        if g is None:
            raise Bad(f"no game with id {args.id} (see `forest-table records list`)")

        game = get_game(s, game_id=args.id)
        rec = get_record(s, game_id=args.id)
        snap = latest_state(s, game_id=args.id)
        first = queries.first_player(s, game_id=args.id)
    assert game is not None
    if getattr(args, "json", False):
        data = _game_json(g)
        data.update(seed=game.seed, options=game.options, source=g.source, first_player=first,
                    record=None if rec is None else rec.record,
                    score=None if rec is None else rec.sheet,
                    version=None if snap is None or rec is not None else snap.seq)
        _print_json(data, out)
        return EXIT_OK
    head = [f"Game {g.id}: {TITLES.get(g.game, g.game)}, {g.status}",
            f"played   {_when(g.played_at, g.utc_offset)}"
            + (f" at {g.location}" if g.location else "")]
    if game.seed is not None:
        head.append(f"seed     {game.seed}")
    names = {p.seat: p.name for p in g.players}
    head.append("first    " + ("not recorded" if first is None else
                               f"seat {first} ({names.get(first, '?')})"))
    if game.options:
        head.append(f"options  {json.dumps(game.options, ensure_ascii=False)}")
    if g.source == "import":
        head.append("imported from a record file")
    if g.notes:
        head.append(f"notes    {g.notes}")
    print("\n".join(head), file=out)
    role = variant(g.game).role
    print("", file=out)
    print(table(["seat", "player", "colour", role],
                [[p.seat, p.name, p.colour or "", _role(p.character)]
                 for p in g.players], [True, False, False, False]), file=out)
    print("", file=out)
    if rec is not None and rec.record.get("format") == "forest-table/play":
        where = {"bgstats": "BG Stats", "bgg": "BoardGameGeek"}.get(
            str(rec.record.get("source")), str(rec.record.get("source")))
        print(f"From {where}: totals only (no board, no categories)", file=out)
        print(table(["player", "total", "rank", "won"],
                    [[p.name, p.total, p.rank, "yes" if p.winner else ""] for p in g.players],
                    [False, True, True, False]), file=out)
    elif rec is not None:
        print(render_sheet(_sheet(rec.sheet), rec.record), file=out)
    else:
        version = 0 if snap is None else snap.seq
        print(f"Still being played (version {version}); scores appear when it is finished.",
              file=out)
    return EXIT_OK


class Progress:
    """A progress bar on standard error when it is a terminal; silent otherwise (pipes, CI).

    Redrawn at most 10 times a second; ``done()`` clears the line.
    """

    def __init__(self, err: TextIO, *, min_items: int = 200) -> None:
        self.err = err
        self.enabled = bool(getattr(err, "isatty", lambda: False)())
        self.min_items = min_items
        self._last = 0.0
        self._shown = False

    def __call__(self, phase: str, done: int, total: int | None) -> None:
        if not self.enabled or (total is not None and total < self.min_items):
            return
        now = time.monotonic()
        if now - self._last < 0.1 and done != total:
            return
        self._last = now

        label = text("en", f"progress-{phase}")
        if total:
            width = 30
            filled = width * done // total
            bar = "#" * filled + "-" * (width - filled)
            line = f"{label:<9} [{bar}] {done}/{total}"
        else:
            line = f"{label:<9} {done}"
        self.err.write("\r" + line)
        self.err.flush()
        self._shown = True

    def done(self) -> None:
        if self._shown:
            self.err.write("\r\033[K")
            self.err.flush()
            self._shown = False


def do_export(store: Any, args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    with store.session() as s:
        try:
            backup = args.format == "record"  # the backup carries deleted games (marked)
            ids = exchange.finished_ids(s, args.ids or None, deleted=backup)
        except (NotFound, InvalidData) as exc:
            raise Bad(str(exc)) from exc
        if not ids:
            print("No finished games to export.", file=err)
            return EXIT_OK
        if args.format == "bgstats" and getattr(args, "me", None) is not None:
            _check_me(s, args.me)
        bar = Progress(err)
        n = len(ids)
        plays: list[tuple[int, str]] = []  # (game id, play id): the backup's photos

        def games() -> Iterator[Any]:
            for i, g in enumerate(exchange.export_games(s, ids=ids, deleted=backup), start=1):
                bar("export", i, n)
                plays.append((g.id, g.play_id))
                yield g

        try:
            fh = out if args.output in (None, "-") else open(args.output, "w", encoding="utf-8",
                                                              newline="")
        except OSError as exc:
            raise Bad(f"{args.output}: cannot write it ({exc.strerror or exc})") from exc
        links: list[str] = []
        try:
            _write_export(fh, args, n, games, links)
            fh.flush()
        except BrokenPipeError:  # `records export | head`: the reader has gone, say nothing
            raise
        except OSError as exc:
            where = "standard output" if fh is out else args.output
            raise Bad(f"{where}: cannot write it ({exc.strerror or exc})") from exc
        finally:
            bar.done()
            if fh is not out:
                fh.close()
    where = "standard output" if args.output in (None, "-") else args.output
    print(f"Exported {n} game{'s' if n != 1 else ''} to {where} ({args.format}).", file=err)
    if backup:
        _export_photos(store, args.output, plays, err)
    if args.format == "bgstats":
        _bgstats_hint(where, links, out, err)
    return EXIT_OK


def _check_me(s: Any, me: str) -> None:
    """``--me``: a person of the records, never silently a file without its owner."""
    try:
        resolve_person(s, me)
    except NotFound as exc:
        raise Bad(f"--me {me!r}: no such person (known: "
                  + (", ".join(p.name for p in _people(s)) or "nobody yet")
                  + ")") from exc


def _write_export(fh: TextIO, args: argparse.Namespace, n: int,
                  games: Callable[[], Iterator[Any]], links: list[str]) -> None:
    """The ``n`` games in ``args.format`` to ``fh``; BG Stats' push links (one a game) go
    to ``links`` when the file goes to standard output."""
    if args.format == "record" and n == 1:
        fh.write(exchange.records_text(list(games())))
    elif args.format == "record":
        for g in games():
            fh.write(exchange.record_line(g))
    elif args.format == "bgg-csv":
        for chunk in exchange.bgg_csv_lines(games(), args.lang):
            fh.write(chunk)
    elif args.format == "bgg-xml":
        fh.write(exchange.bgg_xml(games(), args.lang))
    else:
        kept = []
        to_file = args.output not in (None, "-")
        for g in games():
            kept.append(g)
            if not to_file:  # with -o FILE, a summary line only (thousands of links)
                links.append(f"  game {g.id}: {exchange.bgstats_link(g, args.lang)}")
        fh.write(json.dumps(exchange.bgstats_file(kept, args.lang, me=args.me),
                            ensure_ascii=False, indent=2) + "\n")


def _bgstats_hint(where: str, links: list[str], out: TextIO, err: TextIO) -> None:
    """How to open a BG Stats export: its push links, or the file with the app."""
    if links:
        print("Open a link on the phone with BG Stats to add that play:", file=err)
        for line in links:
            print(line, file=err)
    else:
        print(f"Open {where} with BG Stats to add the plays (or export one game to standard "
              "output for its push link).", file=out)


def _import_plays(store: Any, args: argparse.Namespace, raw: bytes, kind: str, source: str,
                  out: TextIO) -> int:
    """A BG Stats export or BGG plays: people matched, then all or nothing."""
    pairs: dict[str, str] = {}
    for item in getattr(args, "match", None) or []:
        theirs, sep, ours = item.partition("=")
        if not sep or not theirs.strip() or not ours.strip():
            raise Bad(f"--match {item!r}: give THEIRS=OURS, e.g. --match 'Meiko=Mei'")
        pairs[theirs.strip()] = ours.strip()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Bad(f"{source}: not UTF-8 text (byte {exc.start + 1})") from exc
    dry = bool(getattr(args, "dry_run", False))
    try:
        with store.session() as s:
            result, matches = import_plays(s, text, kind, match=pairs, dry_run=dry)
    except exchange.ImportFailed as exc:
        raise Bad(_not_imported(source, exc)) from exc
    how = {"given": "as you said", "id": "same person id", "name": "same name",
           "new": "new person"}
    if matches:
        print("People:", file=out)
        for m in matches:
            print(f"  {m.theirs} -> {m.ours} ({how[m.how]})", file=out)
    ids = result.imported
    print(f"{'Would import' if dry else 'Imported'} {len(ids)} play{'s' if len(ids) != 1 else ''}"
          f" from {'BG Stats' if kind == 'bgstats' else 'BoardGameGeek'}"
          + (f" (id {', '.join(map(str, ids))})" if 0 < len(ids) <= 10 else "") + "."
          + (" Dry run: nothing was written." if dry else ""), file=out)
    _completed_and_skipped(out, "play", result.completed, result.skipped, dry, "file")

    for entry, what in result.notes[:MAX_LISTED]:
        print(f"  {terminal_safe(entry)}: {render('en', what)}", file=out)
    if len(result.notes) > MAX_LISTED:
        print(f"  ... and {len(result.notes) - MAX_LISTED} more", file=out)
    return EXIT_OK


def do_import(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    """Every way a file comes in goes through :func:`app.bounds.open_limited`: a backup is
    streamed up to 256 MiB, a plays file read whole up to 64 MiB (``/dev/zero`` refused
    after that many bytes, in one line)."""
    source = "standard input" if args.file == "-" else args.file
    kind = getattr(args, "source", None)
    try:
        fh = bounds.open_limited(args.file, bounds.MAX_FILE_BYTES)
    except FileNotFoundError as exc:
        raise Bad(f"{source}: no such file") from exc
    except OSError as exc:
        raise Bad(f"{source}: cannot read it ({exc.strerror or exc})") from exc
    with fh:
        try:
            if kind is None:
                kind = sniff(fh.peek(1 << 16).decode("utf-8", "replace").lstrip("\ufeff"))
            if kind != "record":
                fh.limit = bounds.MAX_WHOLE_BYTES
                raw = fh.readall()
        except bounds.Unreadable as exc:
            raise _unreadable(source, exc) from exc
        except OSError as exc:
            raise Bad(f"{source}: cannot read it ({exc.strerror or exc})") from exc
        if kind != "record":
            return _import_plays(store, args, raw, kind, source, out)
        return _import_records(store, fh, source, out, exchange,
                               bool(getattr(args, "dry_run", False)))


def _not_imported(source: str, exc: Any) -> str:
    """An :class:`~app.store.exchange.ImportFailed` as printed: one problem on one line,
    several listed below a count."""
    n = exc.count
    if n == 1 and len(exc.problems) == 1:
        return f"{source}: nothing imported: {terminal_safe(str(exc.problems[0]))}"
    lines = [f"{source}: nothing imported, {n} problem{'s' if n != 1 else ''}:"]
    lines += [f"  {terminal_safe(str(p))}" for p in exc.problems]
    if n > len(exc.problems):
        lines.append("  " + render("en", msg(ImportCode.MORE_PROBLEMS,
                                             count=n - len(exc.problems))))
    return "\n".join(lines)


def _unreadable(source: str, exc: Any) -> Bad:
    return Bad(f"{source}: nothing imported: {render('en', exc.message)}")


def _import_records(store: Any, fh: Any, source: str, out: TextIO, exchange: Any,
                    dry: bool = False) -> int:
    bar = Progress(sys.stderr)
    try:
        with store.session() as s:
            result = exchange.import_records(s, fh, progress=bar, dry_run=dry)
    except exchange.ImportFailed as exc:
        bar.done()
        raise Bad(_not_imported(source, exc)) from exc
    except bounds.Unreadable as exc:
        raise _unreadable(source, exc) from exc
    except OSError as exc:
        raise Bad(f"{source}: cannot read it ({exc.strerror or exc})") from exc
    finally:
        bar.done()
    ids = result.imported
    done = "Would import" if dry else "Imported"
    if ids:
        shown = ", ".join(map(str, ids)) if len(ids) <= 10 else f"{ids[0]}..{ids[-1]}"
        print(f"{done} {len(ids)} game{'s' if len(ids) != 1 else ''} (id {shown}).", file=out)
    else:
        print(f"{done} nothing new.", file=out)
    if dry:
        print("  Dry run: nothing was written.", file=out)
    _completed_and_skipped(out, "line", result.completed, result.skipped, dry, "record")
    for line, gid, needs in result.incomplete[:MAX_LISTED]:
        print(f"  line {line}: game {gid} is scored without some printed values (no total "
              "until they are known):", file=out)
        for need in needs:
            print(f"    - {need['table']}[{need['key']}]: {need['ask']}", file=out)
    if len(result.incomplete) > MAX_LISTED:
        print(f"  ... and {len(result.incomplete) - MAX_LISTED} more games scored without "
              "some printed values", file=out)
    if result.incomplete:
        print("  Confirm these values in the app: the games are then scored again.", file=out)
    if not dry:
        _import_photos(store, source, [*ids, *(g for _l, g in result.completed),
                                       *(g for _l, g in result.skipped)], out)
    return EXIT_OK


def _export_photos(store: Any, output: str | None, plays: list[tuple[int, str]],
                   err: TextIO) -> None:
    """A backup written to ``FILE`` carries its games' photos in ``FILE.photos.zip``
    (docs/records.md); on standard output, only a line saying how to get them."""
    if output in (None, "-"):
        with store.session() as s:
            if any(photos.list_photos(s, gid) for gid, _p in plays):
                print("Photos are not written to standard output: export with -o FILE to "
                      f"write them to FILE{photos.ARCHIVE_SUFFIX}.", file=err)
        return
    target = Path(str(output) + photos.ARCHIVE_SUFFIX)
    try:
        n = photos.write_archive(store.engine, target, plays)
    except OSError as exc:
        raise Bad(f"{target}: cannot write it ({exc.strerror or exc})") from exc
    if n:
        print(f"Wrote {n} photo{'s' if n != 1 else ''} to {target}.", file=err)


def _import_photos(store: Any, source: str, game_ids: list[int], out: TextIO) -> None:
    """The photos of a backup ``FILE`` come from ``FILE.photos.zip`` when it is there."""
    archive = Path(source + photos.ARCHIVE_SUFFIX)
    if source == "standard input" or not game_ids or not archive.is_file():
        return
    with store.session() as s:
        rows = s.exec(select(GameRow.id, GameRow.play_uid)
                      .where(GameRow.id.in_(game_ids))).all()  # type: ignore[union-attr]
    plays = [(gid, uid) for gid, uid in rows if gid is not None and uid]
    try:
        n = photos.read_archive(store.engine, archive, plays)
    except (OSError, zipfile.BadZipFile) as exc:
        print(f"  {archive}: photos not read ({exc})", file=out)
        return
    if n:
        print(f"  {n} photo{'s' if n != 1 else ''} from {archive}.", file=out)


MAX_LISTED = 50


def do_keep(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    """delete / undelete a game (soft: undone by undelete), rename or merge people, notes."""
    with store.session() as s:
        try:
            if args.action == "delete":
                g = crud.soft_delete_game(s, game_id=args.id)
                print(f"Game {g.id} deleted ({g.deleted_status}); undo with "
                      f"`forest-table records undelete {g.id}`.", file=out)
            elif args.action == "undelete":
                g = crud.restore_game(s, game_id=args.id)
                print(f"Game {g.id} is back ({g.status}).", file=out)
            elif args.action == "edit":
                if args.date is None and args.location is None:
                    raise Bad("edit: give --date and/or --location (see `records edit -h`)")
                g = crud.edit_finished_game(s, game_id=args.id, played_at=args.date,
                                            location=args.location)
                print(f"Game {g.id}: played {_when(g.played_at, g.utc_offset)}"
                      + (f" at {g.location}" if g.location else " (no location)")
                      + "; saved.", file=out)
            elif args.action == "note":
                crud.set_notes(s, game_id=args.id, notes=args.text)
                print(f"Game {args.id}: notes saved.", file=out)
            elif args.action == "rename":
                p = resolve_person(s, args.name)
                assert p.id is not None
                new = crud.rename_person(s, person_id=p.id, name=args.new_name)
                print(f"Renamed {args.name!r} to {new.name!r}.", file=out)
            else:
                src, dst = resolve_person(s, args.name), resolve_person(s, args.into)
                assert src.id is not None and dst.id is not None
                name = src.name
                crud.merge_people(s, source_id=src.id, target_id=dst.id)
                print(f"Merged {name!r} into {dst.name!r}.", file=out)
        except Refusal as exc:
            raise Bad(render("en", msg(exc.code, field=exc.field or "name", **exc.params))
                      ) from exc
        except (crud.NotFound, crud.InvalidData) as exc:
            raise Bad(str(exc)) from exc
    return EXIT_OK


def do_bgg_id(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    """Show the BGG ids entered, or keep one (exports then carry it; never guessed)."""
    with store.session() as s:
        if args.game is not None:
            if args.id is None:
                raise Bad("bgg-id: give the game's BoardGameGeek id, e.g. "
                          "`records bgg-id forestry 123456` (0 forgets it)")
            try:
                set_bgg_id(s, game=args.game, bgg_id=args.id or None)
            except ValueError as exc:
                raise Bad(exc.text() if hasattr(exc, "text") else str(exc)) from exc
        ids = get_bgg_ids(s)
    for game in TITLES:
        shown = ids.get(game)
        print(f"{TITLES[game]}: " + (str(shown) if shown else "no BGG id (exports leave "
                                     "objectid/bggId out)"), file=out)
    return EXIT_OK


def do_stats(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    as_json = getattr(args, "json", False)
    with store.session() as s:
        if args.player is None:
            rows = queries.everyone_stats(s, game=args.game)
            if as_json:
                _print_json([_stats_json(p) for p in rows], out)
                return EXIT_OK
            if not rows:
                print("No finished games yet.", file=out)
                return EXIT_OK
            print(table(["player", "game", "plays", "wins", "win rate", "average", "best"],
                        [[p.name, TITLES.get(p.game, p.game), p.plays, p.wins, _pct(p.win_rate),
                          _num(p.average_score), "-" if p.best_score is None else p.best_score]
                         for p in rows], [False, False, True, True, True, True, True]), file=out)
            return EXIT_OK
        try:
            stats = queries.person_stats(s, person=args.player, game=args.game)
            rivals = queries.opponents(s, person=args.player, game=args.game)
        except NotFound as exc:
            raise _unknown_person(s, exc) from exc
    if as_json:
        _print_json({"player": stats[0].name if stats else args.player,
                     "games": [_stats_json(p) for p in stats],
                     "opponents": [{"opponent": h.b, "games": h.games, "won": h.a_wins,
                                    "lost_to": h.b_wins, "average_margin": h.average_margin}
                                   for h in rivals]}, out)
        return EXIT_OK
    if not stats:
        print(f"{args.player}: no finished games"
              + (f" of {TITLES[args.game]}" if args.game else "") + ".", file=out)
        return EXIT_OK
    blocks = []
    for p in stats:
        lines = [f"{p.name}: {TITLES.get(p.game, p.game)}",
                 f"  plays {p.plays}, wins {p.wins} ({_pct(p.win_rate)}), "
                 f"average score {_num(p.average_score)}, best "
                 f"{'-' if p.best_score is None else p.best_score}"
                 + (f" (averages over {p.scored_plays} complete score sheets)"
                    if p.scored_plays != p.plays else "")]
        if p.categories:
            lines += ["", _indent(table(["category", "average", "games"],
                                        [[_label(c.category), f"{c.average:.1f}", c.games]
                                         for c in sorted(p.categories,
                                                         key=lambda c: _category_order(
                                                             c.category))],
                                        [False, True, True]))]
        if p.characters:
            role = variant(p.game).role
            lines += ["", _indent(table([role, "plays", "wins", "win rate"],
                                        [[_role(c.character) or "(none)", c.plays,
                                          c.wins, _pct(c.win_rate)] for c in p.characters],
                                        [False, True, True, True]))]
        blocks.append("\n".join(lines))
    if rivals:
        blocks.append("\n".join([
            f"{stats[0].name} against" + (f" ({TITLES[args.game]})" if args.game else ""),
            _indent(table(["opponent", "games", "won", "lost to", "avg margin"],
                          [[h.b, h.games, h.a_wins, h.b_wins,
                            "-" if h.average_margin is None else f"{h.average_margin:+.1f}"]
                           for h in rivals], [False, True, True, True, True]))]))
    print("\n\n".join(blocks), file=out)
    return EXIT_OK


def _role(role: str | None) -> str:
    """A character or ranger in words (``julia`` -> ``Julia (Animal Expert)``)."""
    return role_name(role)


def _iso(dt: datetime, offset: int | None) -> str:
    """ISO 8601 to the second in the record's own offset (the machine's when unknown)."""
    local = dt.astimezone() if offset is None else dt.astimezone(
        timezone(timedelta(minutes=offset)))
    return local.isoformat(timespec="seconds")


def _game_json(g: Any) -> dict[str, Any]:
    """A game of ``records list --json`` / ``show --json``: names and roles in words too."""
    finished = g.status == Status.FINISHED
    return {
        "id": g.id, "game": g.game, "game_name": TITLES.get(g.game, g.game),
        "status": g.status, "complete": g.complete, "played_at": _iso(g.played_at, g.utc_offset),
        "location": g.location, "notes": g.notes, "play_id": g.play_uid,
        "players": [{"seat": p.seat, "name": p.name, "colour": p.colour,
                     "role": p.character, "role_name": _role(p.character) or None,
                     "total": p.total if finished else None,
                     "rank": p.rank if finished else None,
                     "winner": bool(p.winner) if finished else None} for p in g.players],
        "winners": list(g.winners) if finished else [],
    }


def _stats_json(p: Any) -> dict[str, Any]:
    return {
        "name": p.name, "game": p.game, "game_name": TITLES.get(p.game, p.game),
        "plays": p.plays, "wins": p.wins, "win_rate": p.win_rate,
        "scored_plays": p.scored_plays, "average": p.average_score, "best": p.best_score,
        "categories": [{"category": c.category, "label": _label(c.category),
                        "average": c.average, "games": c.games}
                       for c in sorted(p.categories, key=lambda c: _category_order(c.category))],
        "roles": [{"role": c.character, "role_name": _role(c.character) or None,
                   "plays": c.plays, "wins": c.wins, "win_rate": c.win_rate}
                  for c in p.characters],
    }


def _print_json(data: Any, out: TextIO) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2), file=out)


def _people(s: Any) -> list[Any]:
    return list_people(s)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


# --------------------------------------------------------------------------- entry


def open_store() -> Any:
    """The store at ``DATABASE_URL`` or the default location (created and migrated)."""
    return Store.open()


def run(args: argparse.Namespace) -> int:
    out, err = sys.stdout, sys.stderr
    try:
        store = open_store()
    except KeyboardInterrupt:
        print(f"records {args.action}: interrupted", file=err)
        return EXIT_INTERRUPTED
    except Exception as exc:  # boundary: the CLI's edge: one line (no server, a bad URL...)

        try:
            where = database_url()
        except ValueError:
            where = "DATABASE_URL"
        print(f"cannot open the database {_safe(where)}: {type(exc).__name__}: "
              f"{str(exc).splitlines()[0] if str(exc) else ''}", file=err)
        return EXIT_DB
    try:
        if args.action == "list":
            return do_list(store, args, SafeOut(out))  # type: ignore[arg-type]
        if args.action == "show":
            return do_show(store, args, SafeOut(out))  # type: ignore[arg-type]
        if args.action == "export":
            return do_export(store, args, out, err)
        if args.action == "import":
            return do_import(store, args, out)
        if args.action == "bgg-id":
            return do_bgg_id(store, args, out)
        if args.action in ("delete", "undelete", "rename", "merge", "note", "edit"):
            return do_keep(store, args, SafeOut(out))  # type: ignore[arg-type]
        if args.action == "stats":
            return do_stats(store, args, SafeOut(out))  # type: ignore[arg-type]
        raise Bad(f"unknown action {args.action!r}")
    except Bad as exc:
        print(str(exc), file=err)
        return EXIT_INVALID
    except BrokenPipeError:  # piped into `head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:  # Ctrl+C: one line, never a traceback (an import: rolled back)
        print(f"records {args.action}: interrupted"
              + ("; nothing imported" if args.action == "import" else ""), file=err)
        return EXIT_INTERRUPTED
    except Exception as exc:  # boundary: the CLI's edge: never a traceback for the user
        print(f"records {args.action}: internal error ({type(exc).__name__}: {exc}); "
              "please report it", file=err)
        return EXIT_DB
    finally:
        store.engine.dispose()


def _safe(url: str) -> str:
    """A URL without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # boundary: a URL that does not parse is named, never shown (its password)
        return "(DATABASE_URL)"


def _completed_and_skipped(out: TextIO, unit: str, completed: Sequence[tuple[int, int]],
                           skipped: Sequence[tuple[int, int]], dry: bool, whence: str) -> None:
    """An import's plays or lines that completed a game known by its totals only, then
    those already saved (each list cut at :data:`MAX_LISTED`)."""
    for n, gid in completed[:MAX_LISTED]:
        print(f"  {unit} {n}: game {gid} {'would be' if dry else 'was'} known by its totals "
              f"only: completed from this {whence}", file=out)
    for n, gid in skipped[:MAX_LISTED]:
        print(f"  {unit} {n}: already saved as game {gid}, skipped", file=out)
    if len(skipped) > MAX_LISTED:
        print(f"  ... and {len(skipped) - MAX_LISTED} more already saved, skipped", file=out)

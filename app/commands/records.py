"""``forest-table records list|show|export|import|stats``: the saved games.

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
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import Any, TextIO

from app import bounds
from app.bounds import MAX_ID, parse_id
from app.commands.score import render as render_sheet
from app.game.registry import VARIANTS, variant
from app.game.status import Status
from app.l10n import english, has, render, text
from scoring.api import all_categories
from scoring.message import MessageCode, Refusal, msg
from scoring.sheet import Need, PlayerScore, ScoreSheet

# The database (app.store) is imported in the verbs that use it (start-up: the parser, for
# `--help` and `completion`, loads without sqlalchemy; docs/architecture.md).

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


# =========================================================================== arguments


def record_id(text: str) -> int:
    """A game's id (``records show ID`` ...): 1 to :data:`app.bounds.MAX_ID`, the ids the
    database holds (the same bound as the store's and the web's)."""
    return _id(text)


def bgg_id(text: str) -> int:
    """``records bgg-id GAME ID``: a BoardGameGeek id (an id: :func:`record_id`'s bound),
    or 0 to forget it."""
    return 0 if text.strip() == "0" else _id(text, ", or 0 to forget it")


def _id(text: str, or_else: str = "") -> int:
    value = parse_id(text.strip())
    if value is None:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {MAX_ID}{or_else} (got {_shown(text)})")
    return value


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 24 else f"{text[:12]!r}... ({len(text)} characters)"


def add_parser(sub: argparse._SubParsersAction[Any], description: str, summary: str) -> None:
    """``records`` and its actions on ``sub`` (the CLI's subcommands): ``summary`` its
    one-line help, ``description`` where the games are kept (every action's help says it)."""
    games = [str(game) for game in VARIANTS]
    p = sub.add_parser("records", help=summary, description=description)
    rsub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    r = rsub.add_parser("list", help="finished and open games", description=description)
    r.add_argument("--game", choices=games, default=None,
                   help="only games of this kind")
    r.add_argument("--player", default=None, metavar="NAME",
                   help="only games this person played (case and width do not matter)")
    r.add_argument("--json", action="store_true", help="print the games as JSON")
    r = rsub.add_parser("show", help="one game with its score breakdown", description=description)
    r.add_argument("id", type=record_id, help="the game's id (see `records list`)")
    r.add_argument("--json", action="store_true",
                   help="print the game, its record and its score output as JSON")
    r = rsub.add_parser("export", help="export finished games", description=description)
    r.add_argument("ids", nargs="*", type=record_id, metavar="ID",
                   help="the games to export (default: every finished game, oldest first)")
    r.add_argument("--format", choices=["record", "bgstats", "bgg-csv", "bgg-xml"],
                   default="record",
                   help="record v1 JSON / JSON lines with the history block: a lossless "
                        "backup, deleted games marked (default); a BG Stats play file with "
                        "push links; or BoardGameGeek plays as CSV or as its XML")
    r.add_argument("--lang", choices=["en", "ja"], default="en",
                   help="the language of roles and comments in BG Stats and CSV exports")
    r.add_argument("--me", default=None, metavar="NAME",
                   help="BG Stats: the player who owns the file (its userInfo)")
    r.add_argument("-o", "--output", default=None, metavar="FILE",
                   help="write to FILE (default: standard output)")
    r = rsub.add_parser("import", help="import a backup (record v1), a BG Stats export or "
                        "BGG plays (all or nothing)", description=description)
    r.add_argument("file", metavar="FILE", help="record v1 JSON or JSON lines, a BG Stats play "
                   "file, BGG plays (XML) or this app's BGG CSV; - for standard input")
    r.add_argument("--from", dest="source", choices=["record", "bgstats", "bgg"], default=None,
                   help="what the file is (default: told by its contents)")
    r.add_argument("--match", action="append", default=[], metavar="THEIRS=OURS",
                   help="BG Stats/BGG: their player THEIRS is our person OURS (repeatable; "
                        "others are matched by id, then by name, else added)")
    r.add_argument("--dry-run", action="store_true",
                   help="check and list what would come in (and who is who); write nothing")
    r = rsub.add_parser("stats", help="statistics per person", description=description)
    r.add_argument("--player", default=None, metavar="NAME",
                   help="one person's statistics, categories, characters and head-to-head")
    r.add_argument("--game", choices=games, default=None,
                   help="only games of this kind")
    r.add_argument("--json", action="store_true", help="print the statistics as JSON")
    r = rsub.add_parser("edit", help="correct a finished game's date or location (it keeps "
                        "its id; scored again)", description=description)
    r.add_argument("id", type=record_id, help="the game's id (see `records list`)")
    r.add_argument("--date", default=None, metavar="WHEN",
                   help="when it was played, ISO 8601 (2026-03-01T19:30, +09:00 optional)")
    r.add_argument("--location", default=None, metavar="TEXT",
                   help="where it was played (\"\" removes it)")
    r = rsub.add_parser("delete", help="delete a game (finished, or abandon an open one); "
                        "undone by undelete", description=description)
    r.add_argument("id", type=record_id, help="the game's id (see `records list`)")
    r = rsub.add_parser("undelete", help="bring a deleted game back", description=description)
    r.add_argument("id", type=record_id, help="the deleted game's id")
    r = rsub.add_parser("note", help="the notes on a play", description=description)
    r.add_argument("id", type=record_id, help="the game's id")
    r.add_argument("text", help="the notes (\"\" removes them)")
    r = rsub.add_parser("rename", help="give a person another name", description=description)
    r.add_argument("name", help="the person's name now")
    r.add_argument("new_name", metavar="NEW_NAME", help="their new name")
    r = rsub.add_parser("merge", help="merge two people who are the same person",
                        description=description)
    r.add_argument("name", help="the person to merge (this name goes away)")
    r.add_argument("into", metavar="INTO", help="the person who keeps every game")
    r = rsub.add_parser("bgg-id", help="the BoardGameGeek id of each game, for exports",
                        description=description)
    r.add_argument("game", nargs="?", choices=games, default=None,
                   help="the game whose BGG id to keep (without: show them)")
    r.add_argument("id", nargs="?", type=bgg_id, default=None, metavar="BGG_ID",
                   help="its id on boardgamegeek.com (the number in the game's page address); "
                        "0 forgets it")


_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def terminal_safe(text: str) -> str:
    """``text`` with control, bidi-override and other invisible format characters shown as
    ``\\uXXXX`` (a name cannot clear the screen or reverse a line); newlines stay."""
    out = []
    for ch in text:
        if ch == "\n":
            out.append(ch)
            continue
        cat = unicodedata.category(ch)
        if ch in _BIDI or cat in ("Cc", "Cs", "Zl", "Zp") or (cat == "Cf" and ch not in
                                                               "\u200c\u200d"):
            out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return "".join(out)


class SafeOut:
    """A text stream that writes :func:`terminal_safe` text (records list/show/stats)."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, text: str) -> int:
        return self._out.write(terminal_safe(text))

    def flush(self) -> None:
        self._out.flush()


def _when(dt: datetime, offset: int | None = None) -> str:
    """Date and time in the record's own UTC offset (the machine's when unknown)."""
    from datetime import timedelta, timezone

    local = dt.astimezone() if offset is None else dt.astimezone(
        timezone(timedelta(minutes=offset)))
    return local.strftime("%Y-%m-%d %H:%M")


def shown_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: East Asian wide and full-width characters two
    (a Japanese header lines up with its column), combining marks none."""
    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]],
          right: Sequence[bool] | None = None) -> str:
    """A plain-text table; numbers right-aligned."""
    cells = [[("" if c is None else terminal_safe(str(c))) for c in row] for row in rows]
    widths = [max([shown_width(h)] + [shown_width(r[i]) for r in cells])
              for i, h in enumerate(headers)]
    if right is None:
        right = [bool(rows) and all(isinstance(r[i], int | float) or r[i] is None for r in rows)
                 for i in range(len(headers))]

    def pad(v: str, w: int, on_left: bool) -> str:
        space = " " * max(0, w - shown_width(v))
        return space + v if on_left else v + space

    def line(values: Sequence[str]) -> str:
        return "  ".join(pad(v, w, r)
                         for v, w, r in zip(values, widths, right, strict=True)).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out.extend(line(r) for r in cells)
    return "\n".join(out)


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
    from app.store import queries

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
    from app.store.crud import NotFound
    from app.store.queries import resolve_person

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
    from app.store import queries

    with store.session() as s:
        g = queries.game_summary(s, game_id=args.id)
        if g is None:
            raise Bad(f"no game with id {args.id} (see `forest-table records list`)")
        from app.store.crud import get_game, get_record, latest_state

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
    from app.store import exchange
    from app.store.crud import InvalidData, NotFound

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
    from app.store.crud import NotFound
    from app.store.queries import resolve_person

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
    from app.store import exchange

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
    from app.store import exchange
    from app.store.plays_import import import_plays

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
    for n, gid in result.skipped[:MAX_LISTED]:
        print(f"  play {n}: already saved as game {gid}, skipped", file=out)
    for n, gid in result.completed[:MAX_LISTED]:
        print(f"  play {n}: game {gid} {'would be' if dry else 'was'} known by its totals only: "
              "completed from this file", file=out)

    for entry, what in result.notes[:MAX_LISTED]:
        print(f"  {terminal_safe(entry)}: {render('en', what)}", file=out)
    if len(result.notes) > MAX_LISTED:
        print(f"  ... and {len(result.notes) - MAX_LISTED} more", file=out)
    return EXIT_OK


def do_import(store: Any, args: argparse.Namespace, out: TextIO) -> int:
    """Every way a file comes in goes through :func:`app.bounds.open_limited`: a backup is
    streamed up to 256 MiB, a plays file read whole up to 64 MiB (``/dev/zero`` refused
    after that many bytes, in one line)."""
    from app.store import exchange

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
                from app.store.plays_import import sniff

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
        from app.store.imports import ImportCode

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
    for line, gid in result.completed[:MAX_LISTED]:
        print(f"  line {line}: game {gid} {'would be' if dry else 'was'} known by its totals "
              "only: completed from this record", file=out)
    for line, gid in result.skipped[:MAX_LISTED]:
        print(f"  line {line}: already saved as game {gid}, skipped", file=out)
    if len(result.skipped) > MAX_LISTED:
        print(f"  ... and {len(result.skipped) - MAX_LISTED} more already saved, skipped",
              file=out)
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
    from pathlib import Path

    from app.store import photos

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
    import zipfile
    from pathlib import Path

    from sqlmodel import select

    from app.store import photos
    from app.store.models import GameRow

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
    from app.store import crud
    from app.store.queries import resolve_person

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
    from app.store.crud import get_bgg_ids, set_bgg_id

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
    from app.store import queries
    from app.store.crud import NotFound

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
    from app.store.exports import role_name

    return role_name(role)


def _iso(dt: datetime, offset: int | None) -> str:
    """ISO 8601 to the second in the record's own offset (the machine's when unknown)."""
    from datetime import timedelta, timezone

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
    from app.store.crud import list_people

    return list_people(s)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


# --------------------------------------------------------------------------- entry


def open_store() -> Any:
    """The store at ``DATABASE_URL`` or the default location (created and migrated)."""
    from app.store.facade import Store

    return Store.open()


def run(args: argparse.Namespace) -> int:
    out, err = sys.stdout, sys.stderr
    try:
        store = open_store()
    except KeyboardInterrupt:
        print(f"records {args.action}: interrupted", file=err)
        return EXIT_INTERRUPTED
    except Exception as exc:  # boundary: the CLI's edge: one line (no server, a bad URL...)
        from app.store.engine import database_url

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
        from sqlalchemy import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # boundary: a URL that does not parse is named, never shown (its password)
        return "(DATABASE_URL)"

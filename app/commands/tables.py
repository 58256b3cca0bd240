"""``forest-table tables new|list|sheet``: open tables prepared before an event.

- ``new GAME --player NAME ... [--mode advanced, --infestation, ... (the game's options)]
  [--colour SEAT=COLOUR ...] [--role SEAT=ROLE ...] [--first-player SEAT|NAME] [--seed S]
  [--base-url URL | --port P] [--in-play] [--json]`` creates an open table the way the
  app's new-game form does (:func:`app.game.new_game.check_new_game`, then
  :meth:`app.session.GameSession.create` with the seeded setup) and prints its host link
  and one link per seat: as JSON
  ``{"table": ID, "host": URL, "seats": [{"name": NAME, "url": URL}, ...], "status": S,
  "version": V}``, or as text with a QR code under each link. The options are the game's
  own (:attr:`app.game.variant.Variant.options`), spelt as on ``setup GAME``
  (:mod:`app.commands.game_options`; every game's are offered, each checked against the
  game given); ``--option KEY=VALUE`` is their older spelling. Nothing here knows a game.
  ``--in-play``: the table is brought to its first turn (the game's
  :attr:`~app.game.variant.Variant.in_play` taps, each checked as a tap is, with its play
  options, e.g. Forestry's ``--harvesters S1,S2,…``); checked before anything is
  stored.
- ``list [--json]``: the open tables (id, game, players, created, updated, version, status).
- ``sheet --html FILE``: a printable page of every open table's seat QR codes (PNG data
  URIs, no external resource, a page per table), in the command line's language.

Links start with the LAN address and port ``serve`` prints (:func:`app.table.links.join_url`;
``--port``) or with ``--base-url`` (a load balancer's address). The database keeps only
the tokens' hashes, so every link shown is a new token; the ones shown before keep
working until revoked. Messages come from the catalogues (``tables-*``, ``new-error-*``),
in Japanese when the locale is.

Exit status: 0 done; 2 bad input (one line per problem, each naming its flag; nothing is
created); 1 the database cannot be opened or the page cannot be written.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from app.commands.game_options import add_options, given_options, given_roles, roles_by_seat
from app.commands.game_options import flag as option_flag
from app.commands.terminal import table as text_table
from app.game.chance import command_rng
from app.game.new_game import COLOURS, Problem, check_new_game, parse_options
from app.game.registry import VARIANTS, variant
from app.game.rules import apply_command, initial_state
from app.i18n import cli_language
from app.l10n import render
from app.names import clean_name, name_key
from app.table.links import base_url_problem, join_link, join_url, qr_png, terminal_qr
from scoring.message import MessageCode, Msg, Refusal, msg

# The database (app.store, app.session, app.table.hub) is imported in the verbs that use it
# (start-up: the parser, for `--help` and `completion`, loads without sqlalchemy).

PROG = "forest-table tables"
EXIT_OK, EXIT_FAILED, EXIT_INVALID = 0, 1, 2
DEFAULT_PORT = 8550


class TablesCode(MessageCode):
    ERROR = "tables-error"
    NOTHING_CREATED = "tables-nothing-created"
    BASE_URL = "tables-error-base-url"
    PORT_AND_BASE_URL = "tables-error-port-and-base-url"
    SEAT_PAIR = "tables-error-seat-pair"
    SEAT_TWICE = "tables-error-seat-twice"
    FIRST_PLAYER = "tables-error-first-player"
    DATABASE = "tables-error-database"
    WRITE = "tables-error-write"
    CREATED = "tables-created"
    HOST_LINK = "tables-host-link"
    SEAT_LINK = "tables-seat-link"
    LINKS_WORK = "tables-links-work"
    LINKS_NEW = "tables-links-new"
    NONE = "tables-none"
    SHEET_WRITTEN = "tables-sheet-written"
    SHEET_TITLE = "tables-sheet-title"
    SHEET_TABLE = "tables-sheet-table"
    SHEET_SEAT = "tables-sheet-seat"
    SHEET_SCAN = "tables-sheet-scan"
    SHEET_NONE = "tables-sheet-none"
    IN_PLAY_ONLY = "tables-error-in-play-only"


#: the columns of ``tables list`` (``tables-col-<name>``)
COLUMNS = ("table", "game", "players", "created", "updated", "version", "status")


class Usage(Exception):
    """Bad input: each problem is (flag, message); nothing was created."""

    def __init__(self, problems: Sequence[tuple[str, Msg]]) -> None:
        super().__init__(f"{len(problems)} problems")
        self.problems = list(problems)


# =========================================================================== arguments


def add_parser(sub: Any, description: str, port: Any) -> None:
    """``tables new|list|sheet`` on ``sub`` (the CLI's subcommands); the options of ``new``
    and their help come from the game registry. ``port``: the CLI's port type."""
    games = ", ".join(str(g) for g in VARIANTS)
    links = ("Links start with the LAN address and port `serve` prints (--port, default "
             f"{DEFAULT_PORT}) or --base-url URL (e.g. a load balancer's "
             "http://tables.example:8080); they work while `forest-table serve` runs on this "
             "database (the same data folder or DATABASE_URL) at that address. Only the "
             "tokens' hashes are stored: every link shown is a new token (links shown "
             "before keep working until revoked).")
    p = sub.add_parser("tables", help="open tables prepared before an event: new, list, sheet",
                       description=description)
    tsub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    n = tsub.add_parser("new", help="create an open table and print its host and seat links",
                        description="Create an open table, as the app's new-game form does "
                        "(the same checks, the seeded setup dealt), and print its host link "
                        "and a link per seat. A game's options are spelt as on `setup GAME`; "
                        "each says whose it is. " + links, epilog=description)
    n.add_argument("game", metavar="GAME", help=f"the game: {games}")
    n.add_argument("--player", action="append", default=[], metavar="NAME",
                   help="a player's name, once per player in seat order (seat 1 first)")
    add_options(n, list(VARIANTS.values()), play=True, checked=False)  # checked per game
    n.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="the older spelling of a game's option (repeatable): --option "
                        "KEY=VALUE is --KEY VALUE; --option KEY=yes is --KEY (a yes/no option)")
    n.add_argument("--colour", "--color", action="append", default=[], metavar="SEAT=COLOUR",
                   help="a seat's colour, e.g. 2=red, taken from whoever had it (seats "
                        f"have {', '.join(COLOURS)} in seat order)")
    n.add_argument("--first-player", default=None, metavar="SEAT|NAME",
                   help="who starts (a seat number or a player's name; default: seat 1, not "
                        "recorded)")
    n.add_argument("--seed", default=None, metavar="S",
                   help="deal this seed (0 to 2**63-1; default: one is picked)")
    n.add_argument("--in-play", action="store_true",
                   help="deal the setup and begin the first turn, as the players would at the "
                        "table (with the game's play options)")
    _link_options(n, port)
    n.add_argument("--json", action="store_true",
                   help='print {"table": ID, "host": URL, "seats": [{"name": NAME, "url": URL}],'
                        ' "status": STATUS, "version": V}')
    r = tsub.add_parser("list", help="the open tables", description=description)
    r.add_argument("--json", action="store_true", help="print the tables as JSON")
    s = tsub.add_parser("sheet", help="a printable page of every open table's seat QR codes",
                        description="Write a printable HTML page with a QR code per seat of "
                        "every open table (one page per table; the images are inside the "
                        "page). " + links, epilog=description)
    s.add_argument("--html", required=True, metavar="FILE", help="the page to write")
    _link_options(s, port)


def _link_options(p: argparse.ArgumentParser, port: Any) -> None:
    p.add_argument("--base-url", default=None, metavar="URL",
                   help="the address phones reach the server at (http:// or https://, a host, "
                        "an optional port), e.g. a load balancer's")
    p.add_argument("--port", type=port, default=None,
                   help=f"the port `serve` listens on, with the LAN address (default "
                        f"{DEFAULT_PORT})")


def base_url(args: argparse.Namespace) -> str:
    """Where links start (raises :class:`Usage`)."""
    given = getattr(args, "base_url", None)
    if given is not None:
        if getattr(args, "port", None) is not None:
            raise Usage([("--port", msg(TablesCode.PORT_AND_BASE_URL))])
        if base_url_problem(given) is not None:
            raise Usage([("--base-url", msg(TablesCode.BASE_URL, value=given[:100]))])
        return str(given).strip().rstrip("/")
    return join_url(None, args.port or DEFAULT_PORT).rstrip("/")


def _by_seat(pairs: Sequence[str], count: int, flag: str
             ) -> tuple[list[str | None], list[tuple[str, Msg]]]:
    """``SEAT=VALUE`` texts as a value per seat (None where none is given)."""
    out: list[str | None] = [None] * count
    problems: list[tuple[str, Msg]] = []
    for pair in pairs:
        seat, sep, value = str(pair).partition("=")
        seat, value = seat.strip(), value.strip()
        ok = sep and value and seat.isascii() and seat.isdigit() and 1 <= int(seat) <= count
        if not ok:
            problems.append((flag, msg(TablesCode.SEAT_PAIR, n=str(max(count, 1)),
                                       value=str(pair)[:80])))
        elif out[int(seat) - 1] is not None:
            problems.append((f"{flag} #{seat}", msg(TablesCode.SEAT_TWICE, n=seat)))
        else:
            out[int(seat) - 1] = value.lower()
    return out, problems


def _first_player(raw: str | None, names: Sequence[str]) -> tuple[int | None, list[Any]]:
    """``--first-player``: a seat number or a player's name, as a 0-based seat."""
    if raw is None:
        return None, []
    text = raw.strip()
    if text.isascii() and text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1, []
    try:
        key = name_key(clean_name(text))
    except Refusal:
        key = None
    for i, name in enumerate(names):
        if key is not None and name and name_key(name) == key:
            return i, []
    return None, [("--first-player", msg(TablesCode.FIRST_PLAYER, n=str(max(len(names), 1)),
                                         value=text[:80]))]


def flag_of(field: str, role: str | None = None, origin: Mapping[str, str] | None = None
            ) -> str:
    """The command-line flag a :class:`~app.game.new_game.Problem`'s field stands for: an
    option's as it was given (``origin``: key -> flag as typed), else its one spelling.

    >>> flag_of("players[1].name"), flag_of("options.mode"), flag_of("options.character",
    ...                                                                 "character")
    ('--player #2', '--mode', '--role')
    >>> flag_of("options.technology_side", origin={"technology_side": "--option technology_side"})
    '--option technology_side'
    """
    m = re.fullmatch(r"players\[(\d+)\](?:\.(\w+))?", field)
    if m:
        kind = {"colour": "--colour", "role": "--role", "character": "--role",
                "ranger": "--role"}.get(m.group(2) or "", "--player")
        return f"{kind} #{int(m.group(1)) + 1}"
    if field.startswith("options."):
        key = field[len("options."):].replace("-", "_")
        if key in ("character", "ranger", role):
            return "--role"
        if key == "players":
            return "--player"
        return (origin or {}).get(key) or option_flag(key)
    return {"players": "--player", "options": "--option", "seed": "--seed",
            "first_player": "--first-player", "game": "GAME",
            "infestation": "--option"}.get(field, field)


def _said(lang: str, flag: str, message: Msg) -> str:
    """A problem's text, without the flag when the message starts with it already."""
    text = render(lang, msg(message.code, **{**message.params, "field": flag}))
    for sep in (": ", "：", ":"):
        if text.startswith(flag + sep):
            return text[len(flag) + len(sep):]
    return text


def _fail(err: TextIO, lang: str, prog: str, problems: Sequence[tuple[str, Msg]],
          nothing_created: bool = True) -> int:
    for flag, message in problems:
        err.write(render(lang, TablesCode.ERROR, prog=prog, field=flag,
                         problem=_said(lang, flag, message)) + "\n")
    if nothing_created:
        err.write(render(lang, TablesCode.NOTHING_CREATED) + "\n")
    err.flush()
    return EXIT_INVALID


# =========================================================================== tables new


def check_args(args: argparse.Namespace) -> tuple[Any, str]:
    """The new game and the base URL from the command line, or :class:`Usage` with every
    problem found (the database is not touched)."""
    problems: list[tuple[str, Msg]] = []
    link_base = ""
    try:
        link_base = base_url(args)
    except Usage as exc:
        problems += exc.problems
    try:
        v = variant(args.game)
    except Refusal as exc:
        raise Usage([*problems, ("GAME", exc.msg)]) from None
    names = list(args.player or [])
    count = len(names)
    colours, bad = _by_seat(args.colour or [], count, "--colour")
    problems += bad
    roles, _, bad = roles_by_seat(given_roles(args), count)
    problems += bad
    plays: dict[str, str] = {}
    dealt: list[str] = []
    origin: dict[str, str] = {}  # an option's key -> the flag it was given with, as typed
    for given, text in _options_given(args):
        key, sep, value = text.partition("=")
        key = key.strip().lower().replace("-", "_")
        if sep and key:
            origin[key] = given
        if sep and key in v.play_options:
            if not getattr(args, "in_play", False):
                problems.append((given, msg(TablesCode.IN_PLAY_ONLY)))
            plays[key] = value.strip()
        else:
            dealt.append(text)
    opts, bad_opts = parse_options(v, dealt)
    problems += [(flag_of(p.field, v.role, origin), p.message) for p in bad_opts]
    cleaned = []
    for raw in names:
        try:
            cleaned.append(clean_name(raw))
        except Refusal:
            cleaned.append("")
    first, bad = _first_player(args.first_player, cleaned)
    problems += bad
    checked = check_new_game(v.game, names, colours=colours, roles=roles, options=opts,
                             seed=args.seed, first_player=first)
    problems += [(flag_of(p.field, v.role, origin), p.message)
                 for p in _ordered(checked.problems)]
    if problems or checked.game is None:
        raise Usage(problems)
    if getattr(args, "in_play", False):
        problems += _play_problems(checked.game, plays, origin)
        if problems:
            raise Usage(problems)
    args.plays = plays
    return checked.game, link_base


def _options_given(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The game's options and play options given, as ``(flag as typed, KEY=VALUE)``: the
    one spelling (``--mode advanced``) and the older one (``--option mode=advanced``)."""
    given = [(flag, f"{key}={value}") for flag, key, value in given_options(args)]
    for raw in args.option or []:
        key, sep, _ = str(raw).partition("=")
        key = key.strip().lower().replace("-", "_")
        given.append((f"--option {key}" if sep and key else "--option", str(raw)))
    return given


def _play_problems(new: Any, plays: dict[str, str], origin: Mapping[str, str]
                   ) -> list[tuple[str, Msg]]:
    """What stops ``new`` from being brought into play with ``plays`` (nothing is stored):
    its taps applied to the dealt state as the session would (the same draws)."""
    v = variant(new.game)
    flag = flag_of(f"options.{v.play_options[0]}", v.role, origin) if v.play_options \
        else "--in-play"
    try:
        state = initial_state(new.game, new.options, new.players_json(), new.seed,
                              first_player=new.first_player)
        for seq, tap in enumerate(v.in_play(state, plays), start=2):
            state = apply_command(state, tap, command_rng(state.seed, seq))[0]
    except Refusal as exc:
        field = getattr(exc, "field", "") or ""
        return [(flag_of(field, v.role, origin) if field.startswith("options.") else flag,
                 exc.msg)]
    return []


def _ordered(problems: Sequence[Problem]) -> list[Problem]:
    """Each field's first problem, in the order found (a duplicate name is said twice:
    once at each seat)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for p in problems:
        key = (p.field, p.message.code)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def open_store() -> Any:
    from app.store.facade import Store

    return Store.open()


class DatabaseFailed(Exception):
    """The database failed under a verb (``cause``: what it raised): said in one line by
    run."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


@contextmanager
def the_store() -> Iterator[Any]:
    """The store, opened, then disposed; whatever opening or using it raises comes out as
    DatabaseFailed (a bad DATABASE_URL, a server gone, a full disk...)."""
    store = None
    try:
        store = open_store()
        yield store
    except Exception as exc:  # boundary: the CLI's edge: the database failed, said in one line
        raise DatabaseFailed(exc) from exc
    finally:
        if store is not None:
            store.engine.dispose()


def do_new(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    prog = f"{PROG} new"
    try:
        new, link_base = check_args(args)
    except Usage as exc:
        return _fail(err, lang, prog, exc.problems)
    with the_store() as store:
        from app.session import GameSession
        from app.table.hub import TableHub

        session = GameSession.create(store, game=new.game, players=new.players_json(),
                                     options=new.options, seed=new.seed,
                                     first_player=new.first_player)
        if args.in_play:  # checked already (check_args): applied as taps, logged
            for tap in variant(new.game).in_play(session.state, args.plays):
                session.apply(replace(tap, version=session.version))
        status, version = str(session.state.status), int(session.version)
        hub = TableHub(store)
        table = int(session.game_id)
        host = join_link(link_base, hub.issue(table))
        seats = [(name, join_link(link_base, hub.issue(table, i)))
                 for i, name in enumerate(new.names, 1)]
    if args.json:
        json.dump({"table": table, "host": host,
                   "seats": [{"name": name, "url": url} for name, url in seats],
                   "status": status, "version": version},
                  out, ensure_ascii=False)
        out.write("\n")
        out.flush()
        return EXIT_OK
    lines = [render(lang, TablesCode.CREATED, table=str(table), game=msg(f"game-{new.game}"),
                    n=len(seats), seed=str(new.seed)), "",
             render(lang, TablesCode.HOST_LINK), f"  {host}", terminal_qr(host)]
    for i, (name, url) in enumerate(seats, 1):
        lines += [render(lang, TablesCode.SEAT_LINK, name=name, n=str(i)), f"  {url}",
                  terminal_qr(url)]
    lines += [render(lang, TablesCode.LINKS_WORK, url=link_base + "/"),
              render(lang, TablesCode.LINKS_NEW)]
    out.write("\n".join(lines) + "\n")
    out.flush()
    return EXIT_OK


def _db_failed(err: TextIO, lang: str, prog: str, exc: BaseException) -> int:
    first = str(exc).splitlines()[0] if str(exc) else ""
    reason = f"{type(exc).__name__}: {first}" if first else type(exc).__name__
    err.write(render(lang, TablesCode.ERROR, prog=prog, field="DATABASE_URL" if os.environ.get(
        "DATABASE_URL") else "database",
                     problem=render(lang, TablesCode.DATABASE, reason=_no_password(reason)))
              + "\n")
    err.flush()
    return EXIT_FAILED


def _no_password(text: str) -> str:
    return re.sub(r"(://[^:/@\s]+:)[^@\s]+@", r"\1***@", text)


# =========================================================================== tables list


def open_tables(store: Any) -> list[dict[str, Any]]:
    """The open tables, most recently changed first: id, game, players, created,
    updated (ISO 8601, UTC), version and status (``setup``/``playing``)."""
    from app.store import crud, queries

    out = []
    with store.session() as s:
        for g in queries.open_games(s):
            snap = crud.latest_state(s, game_id=g.id)
            state = snap.state if snap is not None and isinstance(snap.state, dict) else {}
            out.append({"table": g.id, "game": g.game, "players": list(g.names),
                        "created": _iso(g.played_at), "updated": _iso(g.updated_at),
                        "version": int(snap.seq) if snap is not None else 0,
                        "status": str(state.get("status") or "setup")})
    return out


def _iso(dt: Any) -> str | None:
    from datetime import UTC

    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return str(dt.astimezone(UTC).isoformat(timespec="seconds"))


def _local(iso: str | None) -> str:
    from datetime import datetime

    return "" if iso is None else datetime.fromisoformat(iso).astimezone().strftime(
        "%Y-%m-%d %H:%M")


def do_list(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    with the_store() as store:
        tables = open_tables(store)
    if args.json:
        json.dump(tables, out, ensure_ascii=False, indent=2)
        out.write("\n")
        out.flush()
        return EXIT_OK
    if not tables:
        out.write(render(lang, TablesCode.NONE) + "\n")
        return EXIT_OK

    rows = [[t["table"], render(lang, f"game-{t['game']}"), ", ".join(t["players"]),
             _local(t["created"]), _local(t["updated"]), t["version"],
             render(lang, f"tables-status-{t['status']}")] for t in tables]
    out.write(text_table([render(lang, f"tables-col-{c}") for c in COLUMNS], rows) + "\n")
    out.flush()
    return EXIT_OK


# =========================================================================== tables sheet


def sheet_html(lang: str, tables: Sequence[dict[str, Any]]) -> str:
    """The printable page: per table a heading and one QR code per seat, each with the
    player's name, the table and the link's text under it (PNG data URIs; nothing else is
    loaded: no font, script or style sheet from anywhere)."""
    e = html.escape
    title = render(lang, TablesCode.SHEET_TITLE)
    parts = [
        "<!DOCTYPE html>", f'<html lang="{e(lang)}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}</title>", "<style>", _CSS, "</style>", "</head>", "<body>",
        f"<h1>{e(title)}</h1>", f'<p class="scan">{e(render(lang, TablesCode.SHEET_SCAN))}</p>',
    ]
    if not tables:
        parts.append(f'<p class="none">{e(render(lang, TablesCode.SHEET_NONE))}</p>')
    for t in tables:
        heading = render(lang, TablesCode.SHEET_TABLE, table=str(t["table"]),
                         game=msg(f"game-{t['game']}"))
        parts += [f'<section class="table" data-table="{t["table"]}">', f"<h2>{e(heading)}</h2>",
                  '<div class="seats">']
        for seat in t["seats"]:
            label = render(lang, TablesCode.SHEET_SEAT, name=seat["name"], n=str(seat["seat"]))
            png = base64.b64encode(qr_png(seat["url"])).decode("ascii")
            parts += [
                f'<figure class="seat" data-table="{t["table"]}" data-seat="{seat["seat"]}">',
                f'<img src="data:image/png;base64,{png}" alt="{e(label)}">',
                f'<figcaption><strong class="name">{e(label)}</strong>'
                f'<span class="where">{e(heading)}</span>'
                f'<code class="link">{e(seat["url"])}</code></figcaption>',
                "</figure>"]
        parts += ["</div>", "</section>"]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


_CSS = """body { font-family: sans-serif; margin: 12mm; color: #000; background: #fff; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
.scan { margin: 0 0 6mm; }
section.table { break-after: page; page-break-after: always; margin-bottom: 8mm; }
section.table:last-of-type { break-after: auto; page-break-after: auto; }
h2 { font-size: 14pt; margin: 0 0 4mm; }
.seats { display: flex; flex-wrap: wrap; gap: 6mm; }
figure.seat { margin: 0; width: 55mm; break-inside: avoid; page-break-inside: avoid;
  border: 0.3mm solid #888; padding: 3mm; text-align: center; }
figure.seat img { width: 48mm; height: 48mm; image-rendering: pixelated; }
figcaption { display: flex; flex-direction: column; gap: 1mm; }
.name { font-size: 13pt; }
.where { font-size: 9pt; }
.link { font-size: 6.5pt; word-break: break-all; }"""


def do_sheet(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    prog = f"{PROG} sheet"
    try:
        link_base = base_url(args)
    except Usage as exc:
        return _fail(err, lang, prog, exc.problems, nothing_created=False)
    target = Path(args.html)
    try:  # the page's folder takes a file before any link is issued
        fd, tmp = tempfile.mkstemp(prefix=".forest-table-sheet-", suffix=".html",
                                   dir=target.parent if str(target.parent) else ".")
    except OSError as exc:
        return _write_failed(err, lang, prog, target, exc)
    try:
        with the_store() as store:
            from app.table.hub import TableHub

            hub = TableHub(store)
            tables = []
            for t in sorted(open_tables(store), key=lambda t: t["table"]):
                seats = [{"seat": i, "name": name,
                          "url": join_link(link_base, hub.issue(t["table"], i))}
                         for i, name in enumerate(hub.names(t["table"]), 1)]
                tables.append({**t, "seats": seats})
        page = sheet_html(lang, tables)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                fd = -1
                f.write(page)
            os.replace(tmp, target)
        except OSError as exc:
            return _write_failed(err, lang, prog, target, exc)
    finally:
        if fd != -1:
            os.close(fd)
        Path(tmp).unlink(missing_ok=True)
    out.write(render(lang, TablesCode.SHEET_WRITTEN, path=str(target), tables=str(len(tables)),
                     seats=str(sum(len(t["seats"]) for t in tables))) + "\n")
    out.write(render(lang, TablesCode.LINKS_WORK, url=link_base + "/") + "\n")
    out.write(render(lang, TablesCode.LINKS_NEW) + "\n")
    out.flush()
    return EXIT_OK


def _write_failed(err: TextIO, lang: str, prog: str, path: Path, exc: OSError) -> int:
    err.write(render(lang, TablesCode.ERROR, prog=prog, field="--html",
                     problem=render(lang, TablesCode.WRITE, path=str(path),
                                    reason=exc.strerror or type(exc).__name__)) + "\n")
    err.flush()
    return EXIT_FAILED


# =========================================================================== entry


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    stdout = out if out is not None else sys.stdout
    stderr = err if err is not None else sys.stderr
    lang = cli_language()
    verb = {"new": do_new, "list": do_list}.get(args.action, do_sheet)
    try:
        return verb(args, lang, stdout, stderr)
    except DatabaseFailed as failed:
        return _db_failed(stderr, lang, f"{PROG} {args.action}", failed.cause)

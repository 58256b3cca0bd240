"""``forest-table`` command line: serve | desktop | score | setup | records | tables |
completion.

Each command owns its parser (``add_parser`` in its module, imported lazily), so ``score``
and ``setup`` start fast and never import flet or sqlalchemy; the words of ``setup GAME``,
``records`` and ``tables`` come from the games' variants (:mod:`app.game.registry`), built
only for that command (a game's options are spelt alike on every verb:
:mod:`app.commands.game_options`).
``score`` (the first argument) builds only its own branch of the parser
(:func:`score_parser`): the same words, without importing the other commands' option
helpers; ``--version`` asks the installed metadata only when given.
Exit status: 0 done, 2 bad input (the message names the field and the problem).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Collection, Sequence
from typing import Any

# Our other modules are imported where they are used (start-up: `score`, `setup` and `--help`
# load no flet, sqlalchemy or other command; docs/architecture.md, "Imports inside functions").

#: ``records``' one-line help (the same whether it is built in full or not)
RECORDS_HELP = "saved games: list, show, export, import, stats"
_DB_HELP = (
    "Games are kept in the database named by the DATABASE_URL environment variable, or else "
    "in forest-table.sqlite3 in the data directory (FLET_APP_STORAGE_DATA, or the per-user "
    "data directory, e.g. ~/.local/share/forest-table on Linux). See docs/records.md."
)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("forest-table")
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


class _Version(argparse._VersionAction):
    """``--version``: the installed version, looked up only when the option is given."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        self.version = f"forest-table {_version()}"
        super().__call__(parser, namespace, values, option_string)


def port(text: str) -> int:
    """A TCP port for ``serve --port``: a whole number from 1 to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to 65535 (got {text!r})") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be from 1 to 65535 (got {value})")
    return value


def base_url(text: str) -> str:
    """An address links start with (``serve --base-url``): http(s), a host, a port."""
    from app.table.links import base_url_problem

    problem = base_url_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(
            f"{problem} (got {text!r}): give http:// or https://, a host and an optional "
            "port, e.g. http://tables.example:8080")
    return text.strip().rstrip("/")


def proxy(text: str) -> str:
    """``serve --trusted-proxy``: an IP address or network (``10.0.0.5``, ``10.0.0.0/24``)."""
    from app.web.forwarded import parse_proxy

    try:
        parse_proxy(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not an IP address or network (got {text!r}), e.g. 10.0.0.5 or 10.0.0.0/24"
        ) from None
    return text.strip()


def workers(text: str) -> int:
    """How many server processes ``serve --workers`` runs: 1 to 4 per CPU of this machine."""
    from app.server import max_workers

    top = max_workers()
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {top} (got {text!r})") from None
    if not 1 <= value <= top:
        raise argparse.ArgumentTypeError(
            f"must be from 1 to {top}: 4 per CPU of this computer ({os.cpu_count() or 1}) "
            f"(got {value})")
    return value


def _top() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction[Any]]:
    """The top of the parser: the program, ``--version`` and where the commands go."""
    parser = argparse.ArgumentParser(
        prog="forest-table",
        description="Table companion for Forestry (with Growing Forward) and Forest Guardians.",
        epilog=_DB_HELP,
    )
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    return parser, sub


def _add_serve(sub: argparse._SubParsersAction[Any]) -> None:
    """``serve``: its options are the CLI's (its code, :mod:`app.server`, sits above the
    commands' layer and imports flet)."""
    p = sub.add_parser("serve", help="serve the table on the LAN (phones join by QR code)")
    p.add_argument("--host", default=None, help="interface to listen on (default: all)")
    p.add_argument("--port", type=port, default=8550, help="port, 1-65535 (default 8550)")
    p.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    p.add_argument("--new-host-link", action="store_true",
                   help="revoke the host link and issue a new one (kept for later starts)")
    p.add_argument("--no-browser", action="store_true",
                   help="do not open the host link in this computer's browser")
    p.add_argument("--base-url", type=base_url, default=None, metavar="URL",
                   help="the address phones reach this server at when it is not its own, "
                        "e.g. a load balancer's http://tables.example:8080: the links and QR "
                        "codes start with it and requests for that host are accepted "
                        "(docs/deployment.md)")
    p.add_argument("--trusted-proxy", type=proxy, action="append", default=[],
                   metavar="ADDR",
                   help="a reverse proxy or load balancer in front (an IP address or "
                        "network, repeatable): a phone's address is read from the "
                        "X-Forwarded-For it adds, and its connections are capped in all "
                        "only; the header is never read from anyone else")
    p.add_argument("--workers", type=workers, default=1, metavar="N",
                   help="N server processes on the one port, each with its own phones "
                        "(PostgreSQL only: DATABASE_URL); default 1")
    p.add_argument("--worker-fd", type=int, default=None, help=argparse.SUPPRESS)


def _add_desktop(sub: argparse._SubParsersAction[Any]) -> None:
    """``desktop``: one window on this computer (:mod:`app.server` too)."""
    p = sub.add_parser("desktop", help="open the app in a desktop window (one device; needs "
                       "Flet's desktop client: pip install 'forest-table[desktop]')")
    p.add_argument("--download-client", action="store_true",
                   help="fetch Flet's desktop window from github.com if it is not on this "
                        "computer yet (otherwise nothing is downloaded)")


def _stub(sub: argparse._SubParsersAction[Any], name: str, summary: str,
          description: str | None = None) -> None:
    """A command not built in full: its help line, the rest of the line kept for the
    parse in full (``main`` parses again in full the command given)."""
    p = sub.add_parser(name, help=summary, description=description)
    p.add_argument("rest", nargs=argparse.REMAINDER)


def _add_score(sub: argparse._SubParsersAction[Any]) -> None:
    p = sub.add_parser("score", help="score a game record (record format v1)")
    p.add_argument("file", help="record JSON file, or - for standard input")
    p.add_argument("--json", action="store_true", help="print the score output of record-v1")


def score_parser() -> argparse.ArgumentParser:
    """The parser for a command line that starts with ``score``: the top and only the
    ``score`` command. Everything after ``score`` is the subcommand's, so it parses, helps
    and refuses exactly as :func:`build_parser`'s does (tests/app/test_cli_score.py)."""
    parser, sub = _top()
    _add_score(sub)
    return parser


def build_parser(full: Collection[str] = ("setup", "records", "tables")
                 ) -> argparse.ArgumentParser:
    """The command line's parser: each command adds its own (``add_parser`` in its module).
    The commands in ``full`` are built in full: ``setup``, ``records`` and ``tables`` take
    their words from the games' variants (the game registry), which the other commands
    start without (``main`` builds in full only the command given)."""
    parser, sub = _top()
    _add_serve(sub)
    _add_desktop(sub)
    _add_score(sub)
    if "setup" in full:
        from app.commands.setup_cmd import add_parser as add_setup

        add_setup(sub)
    else:  # parsed again in full when it is the command: its games' options are theirs
        _stub(sub, "setup", "deal a game's setup from a seed")
    if "records" in full:
        from app.commands.records import add_parser as add_records

        add_records(sub, _DB_HELP, RECORDS_HELP)
    else:
        _stub(sub, "records", RECORDS_HELP, _DB_HELP)
    if "tables" in full:
        from app.commands.tables import add_parser as add_tables

        add_tables(sub, _DB_HELP, port)
    else:
        _stub(sub, "tables", "open tables prepared before an event: new, list, sheet")
    from app.commands.completion import add_parser as add_completion

    add_completion(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["score"]:  # the fast start: nothing of the other commands
        args = score_parser().parse_args(given)
        from app.commands.score import run as run_score

        return run_score(args)
    command = next((a for a in given if not a.startswith("-")), None)
    args = build_parser(full=(command,) if command else ()).parse_args(given)
    if args.command == "tables":
        from app.commands.tables import run as run_tables

        return run_tables(args)
    if args.command == "score":
        from app.commands.score import run as run_score

        return run_score(args)
    if args.command == "setup":
        from app.commands.setup_cmd import run as run_setup

        return run_setup(args)
    if args.command == "records":
        from app.commands.records import run as run_records

        return run_records(args)
    if args.command == "serve":
        from app.server import serve

        if args.worker_fd is not None:  # one of `serve --workers N`'s processes
            from app.server import serve_worker

            return serve_worker(args.worker_fd, host=args.host, port=args.port,
                                base_url=args.base_url,
                                trusted_proxies=tuple(args.trusted_proxy))
        return serve(host=args.host, port=args.port, show_qr=not args.no_qr,
                     new_host_link=args.new_host_link, browser=not args.no_browser,
                     workers=args.workers, base_url=args.base_url,
                     trusted_proxies=tuple(args.trusted_proxy))
    if args.command == "completion":
        from app.commands.completion import run as run_completion

        return run_completion(args, build_parser())
    if args.command == "desktop":
        from app.server import desktop

        return desktop(download_client=args.download_client)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

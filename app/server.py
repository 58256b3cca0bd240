"""LAN table server: binding, the host link with the LAN address, QR on the terminal.

``forest-table serve`` opens the database (migrating it), resumes every open
table (:meth:`app.table.hub.TableHub.resume`), takes the data directory's one
server host link (:meth:`app.table.hub.TableHub.host_link_token`: the same on every
start, a new one with ``--new-host-link``), prints it with its QR code, opens it
in the laptop's browser (not with ``--no-browser``, in CI or without a display),
then serves table mode (:func:`table_main`: an :class:`app.ui.shell.tab.TableTab`) to browsers on
the LAN, offline. Tokens never reach a log (:func:`redact_tokens`). A database
that cannot be opened or written is one line on stderr and exit status 1: the
start writes and syncs a real file in the data folder and wants
:data:`MIN_FREE_BYTES` free there (:func:`check_storage`). The data folder, the
database and the host link's file are their owner's only; looser ones get a
warning line (:func:`not_private`). One ``serve`` per SQLite file: a second is one line
naming the first, exit status 1 (:func:`hold_database`). The open-file limit is raised first
(:func:`app.web.limits.raise_open_file_limit`); SIGTERM or Ctrl+C tells every tab
and stops within :data:`app.web.server.STOP_DEADLINE` seconds. ``/healthz`` and
``/readyz`` answer a load balancer (:mod:`app.web.health`; the database and, with
PostgreSQL, the notifications are readiness checks); ``--base-url`` and
``--trusted-proxy`` put it behind one (docs/deployment.md).

With PostgreSQL every process listens for the others' changes
(:meth:`app.table.hub.TableHub.listen`). ``--workers N`` (PostgreSQL only: with SQLite
it is refused with one line, exit 2) runs N processes on the one socket bound here
(:func:`supervise`): each a whole server (its hub, listener, Flet sessions), started as
``forest-table serve --worker-fd FD`` (:func:`serve_worker`) with the socket inherited;
this process prints the host link once, starts a worker again if one dies, and passes
SIGTERM/Ctrl+C on: every worker is gone within the same deadline.
See docs/table-mode.md.
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from app import desktop_client
from app.i18n import cli_language
from app.l10n import render
from app.resources import assets_dir
from app.store import lock
from app.table.links import join_link, join_url, lan_address, terminal_qr
from app.web import health
from app.web.forwarded import TrustedProxies
from app.web.limits import raise_open_file_limit

# flet, the UI and the database (app.store, app.table.hub, app.ui, app.web.server) are
# imported where a server starts: the CLI imports this module for `serve --workers N`'s
# check, and `desktop` without Flet's client answers without them (docs/architecture.md).

if TYPE_CHECKING:
    from app.store.lock import ServeLock
    from app.table.hub import TableHub
    from app.ui.kit.services import Services, Serving

__all__ = ["cli_language", "join_url", "lan_address", "serve", "desktop"]

#: A tab that went away keeps its session (and seat view) this long, in seconds; a
#: phone back later gets a fresh session and finds its seat again from its stored token.
SESSION_TIMEOUT = 900

#: ``serve`` waits at most this long for another program's SQLite write lock (a records
#: import): the tap then says "busy, tap again" instead of freezing the phone.
SERVE_BUSY_TIMEOUT_MS = 1500

#: ``serve`` does not start with less than this free in the data folder (a tap's write,
#: the write-ahead log before a checkpoint: a few MB at most)
MIN_FREE_BYTES = 8 * 1024 * 1024
#: what the start writes (and syncs) in the data folder to know it can
PROBE_BYTES = 64 * 1024

#: ``serve --workers``: at most this many processes per CPU of the machine
WORKERS_PER_CPU = 4
#: a worker that dies is started again; this many quick deaths in a row (each within
#: :data:`QUICK_DEATH` seconds of its start) stop the server instead
QUICK_DEATHS, QUICK_DEATH = 5, 10.0


def max_workers() -> int:
    """The most processes ``serve --workers`` runs here: 4 per CPU."""
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


def workers_refusal(workers: int) -> str | None:
    """Why ``serve --workers N`` cannot run here (one line), or None. SQLite: each
    process would keep its own copy of a table and never hear of another's taps."""
    if workers <= 1:
        return None
    if database_path() is not None or not _is_postgresql():
        return _say("serve-workers-need-postgresql", workers=workers)
    if os.name != "posix":
        return _say("serve-workers-need-posix", workers=workers)
    return None


def _is_postgresql() -> bool:
    import sqlalchemy as sa

    from app.store.engine import database_url

    try:
        return sa.make_url(database_url()).get_backend_name() == "postgresql"
    except (sa.exc.ArgumentError, ValueError):
        return False


def _say(code: str, **params: Any) -> str:
    return render(cli_language(), code, **params)


def local_url(host: str | None, port: int) -> str | None:
    """Where the laptop's own browser reaches the server, when it listens on loopback."""
    if host in (None, "", "0.0.0.0", "::", "localhost") or str(host).startswith("127."):
        return f"http://localhost:{port}"
    return None


def print_join(url: str, show_qr: bool = True, *, local: str | None = None,
               new: bool = False, opened: bool = False) -> None:
    """Print the host link (and its QR code): whoever opens it hosts every table."""
    print(_say("serve-serving-at", url=url.split("/join/")[0] + "/"))
    print(_say("serve-host-link"))
    print(f"  {url}")
    if new:
        print(_say("serve-host-link-new"))
    if show_qr:
        sys.stdout.write(terminal_qr(url))
    if local is not None:
        line = _say("serve-on-this-laptop", url=local)
        print(line + (" " + _say("serve-opened-browser") if opened else ""))
    print(_say("serve-stop"))
    sys.stdout.flush()


def can_open_browser() -> bool:
    """A browser can be opened here: not in CI, not on a Linux box without a display."""
    if os.environ.get("CI") or os.environ.get("FOREST_TABLE_NO_BROWSER"):
        return False
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def open_browser(url: str, opener: Callable[[str], Any] | None = None) -> bool:
    """Open ``url`` in the laptop's browser; False when that did not work (never raises)."""
    try:
        if opener is None:
            import webbrowser

            opener = webbrowser.open
        return bool(opener(url))
    except Exception:  # boundary: opening a browser is a courtesy; never raises (its docstring)
        return False


# --------------------------------------------------------------------------- no tokens in logs

_JOIN = re.compile(r"(join/)[A-Za-z0-9_\-]{6,}")
#: a token as :func:`app.table.hub.new_token` makes them (32 URL-safe characters) anywhere in a
#: text: flet's debug log shows the phone's stored token in the messages it sends
_BARE = re.compile(r"(?<![A-Za-z0-9_\-])[A-Za-z0-9_\-]{32,200}(?![A-Za-z0-9_\-])")


def redact(text: str) -> str:
    """``/join/<token>`` (also without its slash, as flet's static files log it) and any
    token-like word with the token replaced: what may reach a log."""
    return _BARE.sub("<token>", _JOIN.sub(r"\1<token>", text))


def redact_tokens() -> None:
    """Keep tokens out of every log record of this process (flet's debug logs of routes
    and events, uvicorn's access log of ``GET /join/<token>``, ours).

    A log record factory: records are made only once a logger is enabled for their
    level, so this costs nothing for messages nobody logs. A record is formatted once
    and its text redacted; uvicorn's access log keeps its arguments (its formatter
    unpacks them), each redacted.
    """
    factory = logging.getLogRecordFactory()
    if getattr(factory, "_forest_table_redacts", False):
        return

    def make(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = factory(*args, **kwargs)
        try:
            if record.name.startswith("uvicorn.access") and isinstance(record.args, tuple):
                record.args = tuple(redact(a) if isinstance(a, str) else a
                                    for a in record.args)
            elif record.args:
                record.msg, record.args = redact(record.getMessage()), ()
            elif isinstance(record.msg, str):
                record.msg = redact(record.msg)
            else:
                record.msg = redact(str(record.msg))
        except Exception:  # boundary: a logging filter must never raise; says nothing of a token
            record.msg, record.args = "(unprintable log record)", ()
        return record

    make._forest_table_redacts = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(make)


# --------------------------------------------------------------------------- storage errors


def database_path() -> Path | None:
    """The SQLite file ``serve`` uses (None: another database)."""
    import sqlalchemy as sa

    from app.store.engine import database_url

    u = sa.make_url(database_url())
    if u.get_backend_name() != "sqlite" or u.database in (None, "", ":memory:"):
        return None
    return Path(u.database or "").expanduser()


def host_link_dir() -> Path:
    """Where the host link's text is kept: beside the SQLite file, else the data dir."""
    from app.store.engine import data_dir

    path = database_path()
    return path.parent if path is not None else data_dir()


def hold_database(path: Path | None, url: str) -> ServeLock | str | None:
    """Take the SQLite file ``path``'s one-server lock (:mod:`app.store.lock`) for the
    server's life: the lock (:class:`~app.store.lock.ServeLock`), or the one line (a ``str``)
    that says why not (another ``serve`` holds it, named; a folder that cannot take the
    lock file). PostgreSQL (``path`` None): None, not locked: several processes serving it
    are a supported deployment."""
    if path is None:
        return None
    from app.store.engine import data_dir

    try:
        if not path.parent.is_dir() and path.parent.resolve() == data_dir().resolve():
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)  # as Store.open
        held = lock.hold(path, url)
    except lock.Held as other:
        if other.pid:
            return _say("serve-error-already-served", path=str(path), pid=other.pid,
                        url=other.url or "?")
        return _say("serve-error-already-served-unknown", path=str(path))
    except OSError as err:
        return storage_error_line(err, path)
    return held


def check_writable(store: Any) -> None:
    """Raise now if the database cannot be written (a read-only file or directory), rather
    than on the first tap: ``BEGIN IMMEDIATE`` takes SQLite's write lock, nothing else."""
    if store.engine.dialect.name != "sqlite":
        return
    with store.engine.connect() as conn:
        raw: Any = conn.connection.dbapi_connection
        saved = raw.isolation_level
        raw.isolation_level = None
        try:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            conn.exec_driver_sql("ROLLBACK")
        except Exception as err:  # boundary: a filter: re-raised unless SQLite says "locked"
            if "locked" not in str(err).lower():  # held by another writer: writable, busy
                raise
        finally:
            raw.isolation_level = saved


def check_storage(directory: Path, min_free: int = MIN_FREE_BYTES) -> None:
    """Raise ``OSError`` unless ``directory`` takes a real write: a file of
    :data:`PROBE_BYTES` written, synced to the disk and removed (``EROFS``/``EACCES``:
    read-only; ``ENOSPC``: full), and ``min_free`` bytes free after it."""
    import errno
    import secrets

    probe = directory / f".forest-table-write-check-{secrets.token_hex(4)}"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        left = memoryview(b"\0" * PROBE_BYTES)
        while left:
            left = left[os.write(fd, left):]
        os.fsync(fd)
    finally:
        os.close(fd)
        probe.unlink(missing_ok=True)
    if _free_bytes(directory) < min_free:
        raise OSError(errno.ENOSPC, "less than the minimum free", str(directory))


def not_private(directory: Path, files: list[Path]) -> list[Path]:
    """Which of the data folder and its files others may read or write (mode ``go`` bits)."""
    loose = []
    for path in [directory, *files]:
        try:
            if path.stat().st_mode & 0o077:
                loose.append(path)
        except OSError:
            continue
    return loose


def storage_error_line(err: BaseException, path: Path | None) -> str:
    """One line for a database that cannot be opened or written (no traceback)."""
    import errno

    where = str(path if path is not None else host_link_dir())
    text = str(getattr(err, "orig", None) or err).lower()
    code = getattr(err, "errno", None) or getattr(getattr(err, "orig", None), "errno", None)
    if code == errno.ENOSPC or "full" in text or "no space" in text:
        return _say("serve-error-disk-full", path=where)
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) or "readonly" in text \
            or "read-only" in text or "permission" in text:
        return _say("serve-error-readonly", path=where)
    if isinstance(err, FileNotFoundError) or "unable to open" in text \
            or "does not exist" in text or "no such file" in text:
        parent = path.parent if path is not None else Path(where)
        if not parent.exists():
            return _say("serve-error-missing-dir", path=str(parent))
        return _say("serve-error-readonly", path=where)
    if _free_bytes(Path(where).parent if path is not None else Path(where)) < MIN_FREE_BYTES:
        return _say("serve-error-disk-full", path=where)  # SQLite says "disk I/O error"
    return _say("serve-error-database", reason=type(err).__name__)


def _free_bytes(directory: Path) -> int:
    try:
        stat = os.statvfs(directory)
    except (OSError, AttributeError):  # gone, or no statvfs (Windows)
        return MIN_FREE_BYTES
    return stat.f_bavail * stat.f_frsize


def tune_runtime() -> None:
    """Keep the interpreter's pauses off the path of a tap (benchmarks/bench_table.py).

    - Garbage collector: everything loaded so far (flet, SQLAlchemy, the rules, the
      open tables) is frozen out of collection, and young objects are collected in
      larger batches: with 250 sessions the default thresholds gave full collections
      of 70-270 ms in the middle of a broadcast.
    - Thread switching: a tap's command is written and broadcast on a worker thread
      while the event loop redraws other phones; both need the one interpreter lock.
      Asking the running thread to hand it over after 1 ms instead of 5 ms lets the
      write and the broadcast go ahead between redraws (50 tables x 5 phones, 40
      taps/s: p95 from a tap to every phone's update queued ~85 -> ~45 ms).
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)
    sys.setswitchinterval(0.001)


def table_main(services: Services, hub: TableHub, page: Any) -> None:
    """``forest-table serve``: one tab of table mode (``services``: the process's, over its
    store and ``hub``, with what serve worked out for its tabs)."""
    from app.ui.kit.prefs import DevicePrefs
    from app.ui.shell.tab import TableTab

    TableTab(page, hub, DevicePrefs(), services=services).start()


def _serving(host: str | None, port: int, public: str | None) -> Serving:
    """What the tabs of this process are told at start: the URL phones reach it at
    (``public``, a load balancer's, or this machine's LAN address) and where its host link
    is kept."""
    from app.ui.kit import services

    return services.Serving(base_url=public or join_url(host, port).rstrip("/"),
                            host_link_dir=host_link_dir)


def _environment() -> None:
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    os.environ.setdefault("FLET_FORCE_WEB_SERVER", "1")
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SESSION_TIMEOUT))
    os.environ.setdefault("FOREST_TABLE_BUSY_TIMEOUT_MS", str(SERVE_BUSY_TIMEOUT_MS))
    # signs the photo upload URLs (the same in every worker: they inherit it)
    os.environ.setdefault("FLET_SECRET_KEY", secrets.token_hex(32))
    redact_tokens()


def _web_app(svc: Services, hub: TableHub, host: str | None, port: int, public: str | None,
             trusted_proxies: tuple[str, ...]) -> Any:
    """The web app of this process (:func:`app.web.server.build_app`), its tabs over
    ``svc`` and ``hub``; ``public``: where phones reach it when not at its own address (a
    load balancer's). ``/readyz`` checks that the database answers and, with PostgreSQL,
    that the notifications from the other processes are heard (:meth:`TableHub.ready`)."""
    from app.store.engine import database_url
    from app.store.photos import MAX_BYTES, incoming_path
    from app.ui.kit import flet_compat, icon_assets
    from app.web import server as web

    flet_compat.check_web_private_names()  # a flet-web without one fails here, naming it
    app, _client = web.build_app(partial(table_main, svc, hub), assets_dir=assets_dir(),
                                 port=port, host=host,
                                 session_timeout=int(os.environ["FLET_SESSION_TIMEOUT"]),
                                 trusted_proxies=TrustedProxies(trusted_proxies),
                                 public_hosts=(urlsplit(public).netloc,) if public else (),
                                 # a little over a photo's cap: the app names a big one
                                 upload_dir=incoming_path(database_url()),
                                 max_upload_size=MAX_BYTES + (1 << 20),
                                 peers=svc.serving.peers,
                                 readiness=health.Readiness({
                                     "database": health.database_check(hub.store.engine),
                                     "notifications": hub.ready}))
    icon_assets.set_asset_base(_client.prefix)  # icons from the immutable, versioned prefix
    return app


def _run_here(app: Any, sock: socket.socket, hub: Any) -> None:
    """Serve ``app`` on ``sock`` in this process until stopped: with PostgreSQL, listening
    for the other processes' changes (:meth:`app.table.hub.TableHub.listen`)."""
    from app.ui.shell.tab import announce_stop
    from app.web import server as web

    listener = hub.listen()
    tune_runtime()
    try:
        web.run(app, sock, on_stop=announce_stop)
    finally:
        if listener is not None:
            listener.stop(timeout=0.5)


def serve(host: str | None = None, port: int = 8550, show_qr: bool = True, *,
          new_host_link: bool = False, browser: bool = True, workers: int = 1,
          base_url: str | None = None, trusted_proxies: tuple[str, ...] = ()) -> int:
    """Serve table mode to browsers on the LAN, offline (no CDN); the web layer is app/web.

    ``workers`` > 1: that many processes on the one port (PostgreSQL only). ``base_url``:
    where phones reach this server when not at its own address (a load balancer's): the
    links start with it and its host is accepted. ``trusted_proxies``: the proxies whose
    ``X-Forwarded-For`` is read (docs/deployment.md).
    """
    _environment()
    refusal = workers_refusal(workers)
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 2
    public = base_url.strip().rstrip("/") if base_url else None
    held = hold_database(database_path(), public or join_url(host, port).rstrip("/"))
    if isinstance(held, str):
        print(held, file=sys.stderr)
        return 1
    try:
        return _serve(host, port, show_qr, new_host_link=new_host_link, browser=browser,
                      workers=workers, public=public, trusted_proxies=trusted_proxies)
    finally:
        if held is not None:
            held.release()


def _serve(host: str | None, port: int, show_qr: bool, *, new_host_link: bool, browser: bool,
           workers: int, public: str | None, trusted_proxies: tuple[str, ...]) -> int:
    """:func:`serve` once the database is this process's to serve."""
    from app.store.facade import Store
    from app.store.tokens import HOST_LINK_FILE
    from app.table.hub import TableHub
    from app.ui.kit import services
    from app.web import server as web

    raise_open_file_limit()  # a laptop's usual soft limit is 1024 descriptors

    # the web server (app/web): bound first, so a busy port is one line and no traceback
    try:
        sock = web.bind(host, port)
    except web.BindError as e:
        print(f"forest-table serve: {e}", file=sys.stderr)
        return 2
    path = database_path()
    try:
        store = Store.open()
        hub = TableHub(store)
        # every tab's store, hub and base URL
        svc = services.Services(store, hub=hub, serving=_serving(host, port, public))
        check_writable(store)
        if path is None:  # PostgreSQL: the host link is still kept in the data folder
            host_link_dir().mkdir(parents=True, exist_ok=True, mode=0o700)
        check_storage(host_link_dir())
        # one process: its tables loaded now; several: each worker loads them
        tables = hub.resume() if workers == 1 else hub.open_tables()
        token, new = hub.host_link_token(host_link_dir(), rotate=new_host_link)
    except Exception as err:  # boundary: the CLI's edge: a one-line answer, not a traceback
        print(storage_error_line(err, path), file=sys.stderr)
        return 1
    app = _web_app(svc, hub, host, port, public, trusted_proxies) if workers == 1 else None
    files = [host_link_dir() / HOST_LINK_FILE]
    if path is not None:
        files += [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
    loose = not_private(host_link_dir(), files)
    if loose:
        print(_say("serve-warn-not-private", paths=", ".join(str(p) for p in loose)),
              file=sys.stderr)
    if tables:
        print(f"Resumed {len(tables)} open table(s): " + ", ".join(f"#{t}" for t in tables))
    base = public or join_url(host, port).rstrip("/")
    local = local_url(host, port)
    local_link = join_link(local, token) if local is not None else None
    opened = browser and can_open_browser() and open_browser(
        local_link or join_link(base, token))
    if workers > 1:
        print(_say("serve-workers", workers=workers))
    print_join(join_link(base, token), show_qr, local=local_link, new=new and new_host_link,
               opened=opened)
    if app is not None:
        _run_here(app, sock, hub)
        return 0
    store.engine.dispose()  # the workers open their own connections
    extra = [*(["--base-url", public] if public else []),
             *(a for proxy in trusted_proxies for a in ("--trusted-proxy", proxy))]
    return supervise(sock, workers, host, port, extra=extra)


# --------------------------------------------------------------------------- --workers


def serve_worker(fd: int, *, host: str | None, port: int, base_url: str | None = None,
                 trusted_proxies: tuple[str, ...] = ()) -> int:
    """One of ``serve --workers N``'s processes: a whole server (its hub, its listener, its
    Flet sessions) on the listening socket it inherited as ``fd``. It prints nothing
    (the parent printed the link) and stops when the parent goes."""
    _environment()
    from app.store.facade import Store
    from app.table.hub import TableHub
    from app.ui.kit import services

    raise_open_file_limit()
    sock = socket.socket(fileno=fd)
    try:
        store = Store.open()
        hub = TableHub(store)
        public = base_url.strip().rstrip("/") if base_url else None
        svc = services.Services(store, hub=hub, serving=_serving(host, port, public))
        hub.resume()
    except Exception as err:  # boundary: the CLI's edge: a one-line answer, not a traceback
        print(storage_error_line(err, database_path()), file=sys.stderr)
        return 1
    app = _web_app(svc, hub, host, port, public, trusted_proxies)
    _stop_with_parent()
    _run_here(app, sock, hub)
    return 0


def _stop_with_parent() -> None:
    """A worker ends (SIGTERM to itself: the clean stop) when its parent is gone, killed
    without passing the stop on."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="forest-table-parent", daemon=True).start()


def supervise(sock: socket.socket, workers: int, host: str | None, port: int,
              argv0: list[str] | None = None, extra: list[str] | None = None) -> int:
    """Run ``workers`` processes serving ``sock`` (inherited: the kernel hands each new
    connection to one of them) until SIGTERM/SIGINT, which is passed on to each once
    (they are in their own process group, so Ctrl+C reaches them only through here); a
    worker that dies is started again. Every worker is gone within the stop deadline."""
    from app.web.server import STOP_DEADLINE

    fd = sock.fileno()
    cmd = [*(argv0 or [sys.executable, "-m", "app"]), "serve", "--port", str(port),
           "--worker-fd", str(fd), *(["--host", host] if host else []), *(extra or [])]
    stop = threading.Event()
    asked: list[int] = []

    def on_signal(sig: int, _frame: Any) -> None:
        asked.append(sig)
        stop.set()

    saved = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}

    def start(n: int) -> subprocess.Popen[bytes]:
        env = dict(os.environ, FOREST_TABLE_WORKER=str(n + 1))
        return subprocess.Popen(cmd, pass_fds=(fd,), env=env, start_new_session=True)

    procs = [start(n) for n in range(workers)]
    started = [time.monotonic()] * workers
    quick = 0
    code = 0
    try:
        while not stop.wait(0.2):
            for n, proc in enumerate(procs):
                status = proc.poll()
                if status is None or stop.is_set():
                    continue
                quick = quick + 1 if time.monotonic() - started[n] < QUICK_DEATH else 0
                if quick >= QUICK_DEATHS:
                    print(_say("serve-workers-failing", status=status), file=sys.stderr)
                    code = 1
                    stop.set()
                    break
                print(_say("serve-worker-restarted", worker=n + 1, pid=proc.pid,
                           status=status), file=sys.stderr)
                procs[n], started[n] = start(n), time.monotonic()
    finally:
        deadline = time.monotonic() + STOP_DEADLINE + 0.3
        told = 0
        while True:
            alive = [p for p in procs if p.poll() is None]
            if not alive or time.monotonic() >= deadline:
                break
            if told < len(asked) or told == 0:  # each signal passed on once (a second
                for p in alive:  # SIGTERM: the workers stop without waiting)
                    try:
                        p.send_signal(signal.SIGTERM)
                    except OSError:
                        pass
                told = max(1, len(asked))
            time.sleep(0.05)
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
        for sig, handler in saved.items():
            signal.signal(sig, handler)
        sock.close()
    return code


def desktop(download_client: bool = False) -> int:
    """Open the app in a desktop window (single device, pass-and-play). Nothing is installed
    here: without Flet's desktop client one line says so and offers the browser
    (:mod:`app.desktop_client`); the client is downloaded only with ``download_client``."""
    problem = desktop_client.missing(download=download_client)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    import flet as ft

    from app.flet_main import main as app_main
    from app.ui.kit.services import Services

    try:  # the window's services made here, at start
        ft.run(partial(app_main, services=Services()), assets_dir=str(assets_dir()))
    except OSError as exc:  # --download-client offline: github.com did not answer
        print(f"forest-table desktop: Flet's desktop window could not be fetched or opened "
              f"({exc}); use the table in a browser instead: forest-table serve",
              file=sys.stderr)
        return 1
    return 0

"""Database engines: where the database lives, SQLite pragmas, migrations on open.

- :func:`database_url` — ``DATABASE_URL`` when set, else SQLite in the user's
  data directory (``FLET_APP_STORAGE_DATA`` when set — built apps and
  ``flet run`` — else platformdirs' per-user data dir for ``forest-table``).
- :func:`make_engine` — an engine for a URL, nothing else (SQLite: WAL,
  ``foreign_keys=ON``, ``busy_timeout`` on every connection). A SQLite file it
  creates is its owner's only (0600; SQLite gives its WAL and shared-memory files
  the same mode), and so is the default data directory when it makes it (0700):
  names and games are nobody else's business on a shared computer.
- :func:`open_engine` — :func:`make_engine` plus :func:`upgrade` to the newest
  schema: opening a database never loses records.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

APP_NAME = "forest-table"
DB_FILENAME = "forest-table.sqlite3"
BUSY_TIMEOUT_MS = 5000
MIGRATIONS_DIR = Path(__file__).with_name("migrations")


class DatabaseDirMissing(FileNotFoundError):
    """A SQLite ``DATABASE_URL`` names a directory that does not exist."""


class MissingDriver(ImportError):
    """``DATABASE_URL`` needs a database driver that is not installed."""


def data_dir() -> Path:
    """The directory the default database lives in (not created here)."""
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def default_sqlite_url() -> str:
    """SQLite URL of the database file in :func:`data_dir`."""
    return f"sqlite:///{data_dir() / DB_FILENAME}"


def database_url() -> str:
    """``DATABASE_URL`` when set (``postgresql://`` means psycopg 3), else the default file."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return default_sqlite_url()
    return normalise_url(url)


def normalise_url(url: str) -> str:
    """Use psycopg 3 for plain ``postgres://`` / ``postgresql://`` URLs."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def busy_timeout_ms() -> int:
    """How long a write waits for another connection's lock: ``FOREST_TABLE_BUSY_TIMEOUT_MS``
    (``serve`` sets a short one: a phone then says "busy, tap again"), else 5 s."""
    try:
        value = int(os.environ.get("FOREST_TABLE_BUSY_TIMEOUT_MS", ""))
    except ValueError:
        return BUSY_TIMEOUT_MS
    return value if 0 <= value <= 600_000 else BUSY_TIMEOUT_MS


def _sqlite_on_connect(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    try:
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA busy_timeout={busy_timeout_ms()}")
        mode = cur.execute("PRAGMA journal_mode").fetchone()[0]
        if mode != "memory":  # in-memory databases cannot use WAL
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
    finally:
        cur.close()


def create_private_file(path: Path) -> bool:
    """Create ``path`` empty, readable and writable by its owner only, if it is missing
    (an empty file is an empty SQLite database); whether it was made. Never raises: a
    file that cannot be made is reported by whoever opens it."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return False
    os.close(fd)
    return True


def make_engine(url: str | None = None, *, echo: bool = False) -> Engine:
    """An engine for ``url`` (default :func:`database_url`), without migrating.

    SQLite files get their directory created; ``sqlite://`` (in memory) uses a
    :class:`StaticPool` so every session sees the same database.
    """
    url = normalise_url(url) if url else database_url()
    u = sa.make_url(url)
    kwargs: dict[str, Any] = {"echo": echo}
    if u.get_backend_name() == "sqlite":
        memory = u.database in (None, "", ":memory:")
        kwargs["connect_args"] = {"check_same_thread": False}
        if memory:
            kwargs["poolclass"] = StaticPool
        else:
            path = Path(u.database or "").expanduser()
            if not path.parent.is_dir():
                if path.parent.resolve() != data_dir().resolve():
                    # a mistyped path must not become a new, empty database
                    raise DatabaseDirMissing(
                        f"the directory {path.parent} does not exist (DATABASE_URL names "
                        f"{path}); create it first, or fix the path")
                # the default data directory: its owner's only
                path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            create_private_file(path)
            u = u.set(database=str(path))
        engine = sa.create_engine(u, **kwargs)
        event.listen(engine, "connect", _sqlite_on_connect)
        return engine
    kwargs["pool_pre_ping"] = True
    try:
        return sa.create_engine(u, **kwargs)
    except ModuleNotFoundError as exc:
        if u.get_backend_name() == "postgresql":
            raise MissingDriver(
                f"DATABASE_URL is a PostgreSQL URL, but its driver ({exc.name}) is not "
                "installed: pip install 'psycopg[binary]>=3.1,<4' (Forest Table's postgres extra)"
            ) from exc
        raise MissingDriver(f"the database driver {exc.name} is not installed") from exc


def alembic_config(engine: Engine | None = None) -> Any:
    """An Alembic ``Config`` for the migrations shipped in the package (no alembic.ini)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url",
                            engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return cfg


@contextmanager
def schema_transaction(engine: Engine) -> Iterator[Connection]:
    """A connection for schema changes: all of them commit together or not at all.

    PostgreSQL: one transaction (DDL is transactional). SQLite follows its
    documented procedure for schema changes: foreign keys off (a table that
    Alembic's batch mode recreates is dropped first, and ``ON DELETE CASCADE``
    would empty its children), ``BEGIN IMMEDIATE`` (pysqlite would otherwise
    commit each DDL statement on its own), ``PRAGMA foreign_key_check`` before
    ``COMMIT``, foreign keys on again.
    """
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            yield conn
        return
    with engine.connect() as conn:
        raw: Any = conn.connection.dbapi_connection
        saved = raw.isolation_level
        raw.isolation_level = None  # no implicit BEGIN/COMMIT: ours are explicit
        try:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                yield conn
                broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise RuntimeError(f"schema change would break foreign keys: {broken[:5]}")
                conn.exec_driver_sql("COMMIT")
            except BaseException:
                conn.exec_driver_sql("ROLLBACK")
                raise
        finally:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            raw.isolation_level = saved


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision`` (default: the newest), all or nothing."""
    from alembic import command

    with schema_transaction(engine) as conn:
        cfg = alembic_config(engine)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Migrate the database back to ``revision`` (development and tests), all or nothing."""
    from alembic import command

    with schema_transaction(engine) as conn:
        cfg = alembic_config(engine)
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None``: empty database)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head_revision() -> str:
    """The newest schema revision shipped with this version."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def open_engine(url: str | None = None, *, echo: bool = False) -> Engine:
    """An engine for ``url`` (default :func:`database_url`), upgraded to the newest schema."""
    engine = make_engine(url, echo=echo)
    if current_revision(engine) != head_revision():
        upgrade(engine)
    return engine

"""Alembic environment for the Forest Table store (run programmatically, no alembic.ini).

``app.store.engine.upgrade`` passes an open connection in
``config.attributes["connection"]``; without one (developer use:
``alembic -c <cfg> revision --autogenerate``) the ``sqlalchemy.url`` option is used.
SQLite needs batch mode (``render_as_batch=True``) to alter tables.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, engine_from_config, pool
from sqlmodel import SQLModel

import app.store.models  # noqa: F401  (registers the tables)
import app.store.tokens  # noqa: F401  (registers table_tokens, revision 0003)

config = context.config
target_metadata = SQLModel.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    connectable = engine_from_config(
        config.get_section(config.config_ini_section, {}),
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with connectable.connect() as conn:
        _run(conn)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()

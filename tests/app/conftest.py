"""Shared store fixtures for tests/app.

- ``engine``: in-memory SQLite (``StaticPool``), migrated to the newest schema.
- ``session``: a ``Session`` on ``engine``; ``store``: a ``Store`` on ``engine``.
- ``file_engine``: a SQLite file in ``tmp_path`` (WAL, several connections).
- ``pg_engine``: PostgreSQL at ``PG_TEST_URL``, in a fresh schema of its own
  (``pg_schema_url``), migrated; the test is skipped when ``PG_TEST_URL`` is
  unset. Mark such tests ``postgres``.
- ``any_engine``: parametrised over SQLite (memory) and PostgreSQL.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session

from app.store.engine import make_engine, normalise_url, open_engine
from app.store.facade import Store

PG_SKIP = "PG_TEST_URL is not set (.ci/run starts PostgreSQL and sets it)"


@pytest.fixture
def engine() -> Iterator[Engine]:
    eng = open_engine("sqlite://")
    yield eng
    eng.dispose()


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as s:
        yield s


@pytest.fixture
def store(engine: Engine) -> Store:
    return Store(engine)


@pytest.fixture
def sqlite_path(tmp_path: os.PathLike[str]) -> str:
    return os.path.join(os.fspath(tmp_path), "forest-table.sqlite3")


@pytest.fixture
def file_engine(sqlite_path: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Engine]:
    # the store's own default, whatever an in-process `serve` test set for its process
    monkeypatch.delenv("FOREST_TABLE_BUSY_TIMEOUT_MS", raising=False)
    eng = open_engine(f"sqlite:///{sqlite_path}")
    yield eng
    eng.dispose()


@pytest.fixture
def pg_url() -> str:
    url = os.environ.get("PG_TEST_URL")
    if not url:
        pytest.skip(PG_SKIP)
    return url


@pytest.fixture
def pg_schema_url(pg_url: str) -> Iterator[str]:
    """``PG_TEST_URL`` with a fresh, empty schema of its own as ``search_path``.

    Each test gets its own schema (dropped afterwards), so test runs sharing the
    server — two engineers, or CI jobs — never see each other's tables.
    """
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = make_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    url = sa.make_url(normalise_url(pg_url)).update_query_dict(
        {"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def pg_engine(pg_schema_url: str) -> Iterator[Engine]:
    eng = open_engine(pg_schema_url)
    yield eng
    eng.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def any_engine(request: pytest.FixtureRequest) -> Engine:
    if request.param == "sqlite":
        return request.getfixturevalue("engine")  # type: ignore[no-any-return]
    return request.getfixturevalue("pg_engine")  # type: ignore[no-any-return]


@pytest.fixture
def any_store(any_engine: Engine) -> Store:
    return Store(any_engine)


def make_sheet(game: str, results: list[tuple[str, dict[str, int]]],
               complete: bool = True) -> dict[str, object]:
    """A score sheet (``ScoreSheet.as_json()`` shape) from ``(name, categories)`` in seat order.

    Ranks: higher total ranks first, equal totals share a rank; winners: rank 1.
    """
    totals = [sum(c.values()) for _, c in results]
    players = []
    for (name, cats), total in zip(results, totals, strict=True):
        rank = 1 + sum(1 for t in totals if t > total)
        players.append({"name": name, "total": total, "rank": rank, "categories": dict(cats),
                        "details": {}})
    return {"game": game, "complete": complete, "needs": [], "players": players,
            "winners": [p["name"] for p in players if p["rank"] == 1]}


@pytest.fixture()
def svc(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """App services over a fresh in-memory database, given to the apps the harness starts."""
    from tests.app import flet_harness

    s = flet_harness.memory_services()
    monkeypatch.setattr(flet_harness, "SERVICES", s)
    yield s

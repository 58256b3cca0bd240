"""50 tables on PostgreSQL: ``serve --workers 1`` and ``--workers 2`` side by side.

The load of :mod:`benchmarks.bench_load` (200 raw-protocol phones on 50 tables, each
tapping every 8 s on average for a minute, from 4 other processes) against a real
``forest-table serve`` over PostgreSQL, once with one server process and once with two
on the one port (``--workers 2``: the kernel hands each phone's connection to either,
and each table's phones end up spread over both: every tap reaches the other process
through LISTEN/NOTIFY). One Python process keeps one core busy with every phone's
redraws; two use two cores, when the machine has them: the phones' own processes
are printed too (on a 2-core machine they take a good part of it).

The database: ``FOREST_TABLE_BENCH_DATABASE_URL``, else ``PG_TEST_URL`` (each run in a
fresh schema of its own, dropped after), else a throwaway cluster made with
``initdb`` and ``pg_ctl`` (``/usr/lib/postgresql/*/bin``) in a temporary directory, as
the current user, on a Unix socket there. ``initdb`` refuses to run as root: as root,
without a URL, the bench says it was skipped and why. ``FOREST_TABLE_LOAD_PHONES`` and
``FOREST_TABLE_LOAD_SECONDS`` change the load as for bench_load.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.bench_load import DURATION, GAP, PHONES, TARGET_MAX_MS, TARGET_P95_MS, _pct, run

WORKER_COUNTS = (1, 2)


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A PostgreSQL cluster of its own in a temporary directory (the current user's), on a
    Unix socket there and no TCP port; its URL. Stopped and removed afterwards."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError("no initdb/pg_ctl (apt-get install postgresql)")
    if os.geteuid() == 0:
        raise RuntimeError("initdb refuses to run as root (set FOREST_TABLE_BENCH_"
                           "DATABASE_URL or PG_TEST_URL to a server instead)")
    tmp = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    data, sock = tmp / "data", tmp / "sock"
    sock.mkdir()
    try:
        subprocess.run([initdb, "-D", str(data), "-U", "bench", "--auth=trust", "-E", "UTF8",
                        "--no-sync"], check=True, capture_output=True, timeout=120)
        subprocess.run([pg_ctl, "-D", str(data), "-l", str(tmp / "log"), "-w", "-t", "60",
                        "-o", f"-c listen_addresses='' -k {sock} -c fsync=off "
                              "-c max_connections=200", "start"],
                       check=True, capture_output=True, timeout=120)
        try:
            yield f"postgresql+psycopg://bench@/postgres?host={sock}"
        finally:
            subprocess.run([pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"],
                           capture_output=True, timeout=60)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """``url`` with a new, empty schema as its search path (dropped afterwards)."""
    import sqlalchemy as sa

    from app.store.engine import make_engine, normalise_url

    schema = f"bench_{uuid.uuid4().hex[:12]}"
    admin = make_engine(url)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield sa.make_url(normalise_url(url)).update_query_dict(
            {"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@contextmanager
def database() -> Iterator[tuple[str, str]]:
    """(a PostgreSQL URL, where it came from)."""
    given = os.environ.get("FOREST_TABLE_BENCH_DATABASE_URL") or os.environ.get("PG_TEST_URL")
    if given:
        yield given, "the server in " + ("FOREST_TABLE_BENCH_DATABASE_URL"
                                        if os.environ.get("FOREST_TABLE_BENCH_DATABASE_URL")
                                        else "PG_TEST_URL")
        return
    with throwaway_cluster() as url:
        yield url, "a throwaway cluster (initdb, a temporary directory)"


def main() -> None:
    from app.resources import assets_dir
    from app.web.static import WebClient

    try:
        import psycopg  # noqa: F401
    except ImportError:
        print("  skipped: psycopg is not installed (pip install 'forest-table[postgres]')")
        return

    async def nothing(scope: Any, receive: Any, send: Any) -> None: ...

    WebClient(nothing, assets_dir(), compress_in_background=False).compress_all()
    results: dict[int, dict[str, Any]] = {}
    try:
        with database() as (url, where):
            for workers in WORKER_COUNTS:
                with fresh_schema(url) as schema_url:
                    results[workers] = run(PHONES, DURATION, db_url=schema_url,
                                           server_workers=workers)
    except Exception as exc:  # no server and no cluster: say why, do not fail make bench
        print(f"  skipped: no PostgreSQL to measure on: {exc}")
        return
    print(f"  {PHONES} phones on {PHONES // 4} tables on PostgreSQL ({where}), raw Flet "
          f"protocol, each tapping every {GAP:.0f} s on average for {DURATION:.0f} s:")
    rows = [("", "--workers 1", "--workers 2", "target")]

    def row(name: str, cell: Any, target: str = "") -> None:
        rows.append((name, *(cell(results[w]) for w in WORKER_COUNTS), target))

    row("phones joined", lambda r: f"{r['ready']} of {r['phones']} in {r['joined_s']:.0f} s")
    row("taps", lambda r: str(r["taps"]))
    row("other phones updated p50", lambda r: f"{_pct(r['latencies'], 50):.0f} ms")
    row("other phones updated p95", lambda r: f"{_pct(r['latencies'], 95):.0f} ms",
        f"< {TARGET_P95_MS:.0f} ms")
    row("max", lambda r: f"{max(r['latencies'], default=float('nan')):.0f} ms")
    row("later than 2 s", lambda r: str(sum(1 for x in r["latencies"] if x > TARGET_MAX_MS)),
        "0")
    row("missing", lambda r: str(r["missing"]), "0")
    row("server CPU", lambda r: f"{r['server_cpu']:.2f} cores")
    row("the phones' 4 processes' CPU", lambda r: f"{r['phones_cpu']:.2f} cores")
    row("load average (start, end)", lambda r: f"{r['load'][0]:.1f}, {r['load'][1]:.1f}")
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for r in rows:
        print("     " + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    for w in WORKER_COUNTS:
        lat = results[w]["latencies"]
        ok = (_pct(lat, 95) < TARGET_P95_MS and results[w]["missing"] == 0
              and not any(x > TARGET_MAX_MS for x in lat))
        print(f"     --workers {w}: {'ok' if ok else 'MISSED'}"
              + (f"; phone errors: {'; '.join(results[w]['errors'][:3])}"
                 if results[w]["errors"] else ""))
    cores = os.cpu_count() or 1
    if max(max(results[w]["load"]) for w in WORKER_COUNTS) > cores:
        print(f"     note: load average above the {cores} cores: the servers got only their "
              "share of the CPU, so these are not quiet-machine figures")


if __name__ == "__main__":
    main()

"""Every test run ends by saying how many PostgreSQL tests it skipped and how to run them
(issue 25: `make test` skipped them without a word); no test touches the user's data folder."""

from __future__ import annotations

import os
import tempfile
from typing import Any

# No test reads or writes the user's own data folder (platformdirs' per-user one: a test
# that opened the default database there migrated it, and the next tree's tests then met a
# database newer than their code): every test process and the commands it starts default
# to a folder of this run's own. A test that needs the variable unset or elsewhere sets it.
os.environ.setdefault("FLET_APP_STORAGE_DATA", tempfile.mkdtemp(prefix="forest-table-tests-"))

PG_HOW = ("run them against a server: PG_TEST_URL=postgresql+psycopg://USER:PASSWORD@HOST:5432"
          "/DB make test (each test gets a schema of its own), or .ci/run, which starts "
          "PostgreSQL itself")


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if "postgres" in getattr(r, "keywords", {})]
    if not skipped:
        return
    n = len(skipped)
    why = "PG_TEST_URL is not set" if not os.environ.get("PG_TEST_URL") else "skipped"
    terminalreporter.write_line(
        f"{n} PostgreSQL test{'s' if n != 1 else ''} skipped ({why}): {PG_HOW}", yellow=True)

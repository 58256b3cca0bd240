"""Every test run ends by saying how many PostgreSQL tests it skipped and how to run them
(issue 25: `make test` skipped them without a word)."""

from __future__ import annotations

import os
from typing import Any

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

"""``make bench``: run every benchmarks/bench_*.py module's ``main()`` in turn.

Each benchmark prints its own figures (with the target next to them).
``python -m benchmarks scoring`` runs only the modules whose name contains "scoring".
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main() -> int:
    wanted = sys.argv[1:]
    names = sorted(
        m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_")
    )
    for name in names:
        if wanted and not any(w in name for w in wanted):
            continue
        print(f"== {name}")
        t0 = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").main()
        print(f"   ({time.perf_counter() - t0:.1f} s)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

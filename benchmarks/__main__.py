"""``make bench``: run every benchmarks/bench_*.py module's ``main()`` in turn.

Each benchmark prints its own figures (with the target next to them).
``python -m benchmarks scoring`` runs only the modules whose name contains "scoring".
Each module runs in a Python process of its own: a bench's figures do not depend on what
ran before it (bench_store leaves a heap of ~700 MB that every later garbage collection
in the same process walked: bench_table's 50-table figures doubled after it).
"""

from __future__ import annotations

import pkgutil
import subprocess
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
        sys.stdout.flush()
        subprocess.run([sys.executable, "-c",
                        f"import benchmarks.{name} as b; b.main()"], check=False)
        print(f"   ({time.perf_counter() - t0:.1f} s)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

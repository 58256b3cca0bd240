"""``records import`` at scale: time for 3,000 valid records (SQLite file), and the peak
memory and report size for a file of bad lines (each in a child process, so the figures
are the import's own). Targets: 3,000 records well under 8 s; memory flat in the number
of bad lines (the report: 50 problems and a count)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _child(db: Path, src: Path) -> tuple[int, float, int, int, float]:
    script = textwrap.dedent(f"""
        import os, sys, time, io
        os.environ["DATABASE_URL"] = "sqlite:///{db}"
        from app.cli import main
        err = io.StringIO()
        sys.stderr = err
        t0, c0 = time.perf_counter(), time.process_time()
        code = main(["records", "import", "{src}"])
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        with open("/proc/self/status") as fh:  # this process's own peak (ru_maxrss would
            # carry the benchmark process's peak across fork/exec)
            peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
        print("RESULT", code, dt, peak, len(err.getvalue()), cpu)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, timeout=1200, check=True).stdout.split("RESULT")[1].split()
    return int(out[0]), float(out[1]), int(out[2]), int(out[3]), float(out[4])


def main() -> None:
    rec = json.loads((ROOT / "tests/data/records/guardians_basic_23.json").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        good = d / "good.jsonl"
        with good.open("w") as fh:
            for i in range(3000):
                r = dict(rec, played_at="2026-01-01T00:00:00+09:00", seed=i)
                fh.write(json.dumps(r) + "\n")
        code, dt, peak, _, cpu = _child(d / "a.sqlite3", good)
        # (the CPU time beside it: on a machine others share, the time alone says little)
        print(f"import 3,000 records: {dt:.1f} s (CPU {cpu:.1f} s), peak RSS {peak // 1024} MiB "
              f"(exit {code}; target well under 8 s)")
        for n in (200_000, 1_000_000):
            bad = d / f"bad{n}.jsonl"
            with bad.open("wb") as fh:
                fh.write(b'{"format": oops}\n' * n)
            code, dt, peak, size, _ = _child(d / f"b{n}.sqlite3", bad)
            print(f"import {n:,} bad lines: {dt:.1f} s, peak RSS {peak // 1024} MiB, report "
                  f"{size:,} bytes (exit {code}; target: flat memory, small report)")


if __name__ == "__main__":
    main()

"""Scoring speed: in-process score of a 4-player Growing Forward record, and the CLI.

Targets: median in-process scoring < 1 ms; ``forest-table score FILE`` as a
whole process < 300 ms (wall time, Python start-up included) and <= 1.5x a bare
Python start that imports pydantic and builds a model (the floor of any CLI built
on the scoring model), measured side by side: the runs alternate, both with their
bytecode compiled as an installed package has it (a temporary PYTHONPYCACHEPREFIX; where
the environment sets PYTHONDONTWRITEBYTECODE, the figures without it follow); the ratio is
of wall times, the CPU times' ratio beside it is the steadier under load. It lists what the
process imports beyond ``scoring/`` (expected: ``app app.cli app.commands
app.commands.score app.l10n app.l10n.quick``: the score branch of the parser, the English
read from the catalogue's text without Fluent's runtime).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the floor: Python, pydantic, one model built and validated
BARE = ("import pydantic\n"
        "class M(pydantic.BaseModel):\n    a: int\n    b: list[str] = []\n"
        "print(M(a=1, b=['x']).a)\n")
TARGET_RATIO = 1.5
RECORD = ROOT / "tests" / "data" / "records" / "forestry_4p_growing_forward.json"


def _cli() -> list[str]:
    exe = Path(sys.executable).parent / "forest-table"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "app.cli"]


def _side_by_side(env: dict[str, str],
                  runs: int) -> tuple[list[float], list[float], list[float], list[float]] | None:
    """``runs`` alternate starts of ``forest-table score`` and of the bare start (after one
    warm-up each): the CLI's wall and CPU times, the bare start's; None if the CLI failed."""
    subprocess.run([*_cli(), "score", str(RECORD)], capture_output=True, cwd=ROOT,
                   env=env, check=False)
    subprocess.run([sys.executable, "-c", BARE], capture_output=True, env=env, check=True)
    walls, cpus, bare, bare_cpus = [], [], [], []
    for _ in range(runs):  # side by side: the CLI, then the bare start, in turn
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run([*_cli(), "score", str(RECORD)], capture_output=True,
                              cwd=ROOT, env=env, check=False)
        walls.append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
        if proc.returncode != 0:
            print(f"   forest-table score failed (exit {proc.returncode}): "
                  f"{proc.stderr.decode(errors='replace').strip()}")
            return None
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", BARE], capture_output=True, env=env, check=True)
        bare.append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        bare_cpus.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    return walls, cpus, bare, bare_cpus


def main() -> None:
    from scoring.api import score_record

    data = json.loads(RECORD.read_text(encoding="utf-8"))
    score_record(data)  # warm-up: imports, pydantic schema build
    runs = []
    for _ in range(300):
        t0 = time.perf_counter()
        score_record(data)
        runs.append(time.perf_counter() - t0)
    median_ms = statistics.median(runs) * 1000
    verdict = "ok" if median_ms < 1 else "OVER TARGET"
    print(f"   score 4-player Growing Forward record (parse + score), median of {len(runs)}: "
          f"{median_ms:.3f} ms  (target < 1 ms: {verdict})")

    # As installed: pip compiles the modules' bytecode; an environment that forbids writing
    # it (PYTHONDONTWRITEBYTECODE) would make every start compile the project's modules,
    # which the bare start (site-packages, compiled) does not. Both are measured with
    # their bytecode in a temporary cache (one warm-up run each), then, if the environment
    # forbids bytecode, once more as it stands.
    installed = dict(os.environ)
    no_bytecode = installed.pop("PYTHONDONTWRITEBYTECODE", None) is not None
    with tempfile.TemporaryDirectory(prefix="bench-pyc-") as cache:
        installed["PYTHONPYCACHEPREFIX"] = cache
        measured = _side_by_side(installed, runs=7)
        if measured is None:
            return
        walls, cpus, bare, bare_cpus = measured
    wall_ms = statistics.median(walls) * 1000
    bare_ms = statistics.median(bare) * 1000
    ratio = wall_ms / bare_ms
    verdict = "ok" if wall_ms < 300 else "OVER TARGET"
    print(f"   forest-table score FILE as a process, median of {len(walls)}: {wall_ms:.0f} ms "
          f"wall, {statistics.median(cpus) * 1000:.0f} ms CPU  (target < 300 ms wall: {verdict})")
    print(f"   bare python + pydantic model, median of {len(bare)}: {bare_ms:.0f} ms wall, "
          f"{statistics.median(bare_cpus) * 1000:.0f} ms CPU; forest-table score / bare: "
          f"{ratio:.2f}x wall, {statistics.median(cpus) / statistics.median(bare_cpus):.2f}x "
          f"CPU  (target <= {TARGET_RATIO}x: {'ok' if ratio <= TARGET_RATIO else 'MISSED'})")
    if no_bytecode:
        measured = _side_by_side(dict(os.environ), runs=5)
        if measured is not None:
            walls, cpus, bare, bare_cpus = measured
            print(f"   with PYTHONDONTWRITEBYTECODE set here (each start compiles the project's "
                  f"modules): {statistics.median(walls) * 1000:.0f} ms vs "
                  f"{statistics.median(bare) * 1000:.0f} ms bare, "
                  f"{statistics.median(walls) / statistics.median(bare):.2f}x wall, "
                  f"{statistics.median(cpus) / statistics.median(bare_cpus):.2f}x CPU")
    probe = subprocess.run(
        [sys.executable, "-c", "import sys, io, contextlib; from app.cli import main\n"
         "with contextlib.redirect_stdout(io.StringIO()): main(['score', sys.argv[1]])\n"
         "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
         "('app', 'setup', 'flet', 'sqlmodel', 'sqlalchemy', 'fluent', 'babel'))))",
         str(RECORD)],
        capture_output=True, text=True, cwd=ROOT, check=False).stdout.split()
    print(f"   its imports beyond scoring/: {' '.join(probe) or 'none'}")
    load = os.getloadavg()[0]
    if load > (os.cpu_count() or 1):
        print(f"   note: load average {load:.1f} on {os.cpu_count()} CPUs; wall times are "
              "inflated, the CPU time is the steadier figure")


if __name__ == "__main__":
    main()

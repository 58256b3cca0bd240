"""No function in app/, scoring/ or setup/ above cyclomatic complexity 30 (issue 31).

Measured with radon (a dev dependency), the tool the issue's figures come from: a
function above the bound is split into named functions a reader can hold in mind.
"""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("app", "scoring", "setup")
BOUND = 30

def _blocks() -> set[tuple[str, str, int]]:
    """(file, function, complexity) of every function, method and closure."""
    found = set()
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for block in cc_visit(path.read_text(encoding="utf-8")):
                items = [block, *block.methods] if isinstance(block, Class) else [block]
                for item in items:
                    found.add((rel, item.fullname, item.complexity))
                    found.update((rel, f"{item.fullname}.{c.name}", c.complexity)
                                 for c in getattr(item, "closures", []))
    return found


def test_no_function_above_complexity_30() -> None:
    blocks = _blocks()
    assert len(blocks) > 1000  # every module was read
    over = sorted((rel, name, cc) for rel, name, cc in blocks
                  if cc > BOUND)
    assert not over, "split these into named functions (cyclomatic complexity > 30): " + \
        ", ".join(f"{rel}:{name} ({cc})" for rel, name, cc in over)


def test_the_measure_counts_branches() -> None:
    """A canary: radon still measures what the bound means (one per branch, plus one)."""
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(BOUND + 1))
    (block,) = cc_visit(f"def f(x):\n{branches}\n    return -1\n")
    assert block.complexity == BOUND + 2

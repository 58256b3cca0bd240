"""Imports of the project's own modules sit at the top of each module (issue 31): one
inside a function is allowed only where :data:`LAZY` says, and only of the modules it
names, each for a start-up that must stay light (docs/architecture.md, "Imports inside
functions"). No import cycle hides behind one: tools/import_graph.py counts every import,
function-level ones too, and finds none (tests/test_architecture.py).

Counted on the source (an AST walk): ``app/``, ``scoring/`` and ``setup/``, an import of
``app``, ``scoring`` or ``setup`` anywhere inside a function or method; an ``if
TYPE_CHECKING:`` block is not run, so it is not counted.
"""

from __future__ import annotations

import ast
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "scoring", "setup")

#: module -> (what it may import inside a function: module patterns, fnmatch), why
LAZY: dict[str, tuple[tuple[str, ...], str]] = {
    "app/cli.py": (
        ("app", "app.*"),
        "each command's module when that command runs: `score`, `setup` and `--help` "
        "start without flet, sqlalchemy or the other commands (tests/app/test_cli_score.py, "
        "test_cli_setup.py; `make bench`: `forest-table score` as a process)"),
    "app/forest_table_start/__init__.py": (
        ("app.cli",),
        "the console script checks that `app` is ours before importing it: another "
        "distribution's `app/__init__.py` is one line, not a traceback (issue 34)"),
    "app/commands/records.py": (
        ("app.commands.records_verbs",),
        "its verbs (they import the database at their top) once a verb runs: the parser "
        "(`records --help`, `completion`, which a shell runs at its start) loads without "
        "sqlalchemy"),
    "app/commands/tables.py": (
        ("app.store", "app.store.*", "app.session", "app.table", "app.table.*"),
        "the database in the verbs that use it: the parser (`tables --help`, `completion`) "
        "loads without sqlalchemy"),
    "app/server.py": (
        ("app.store", "app.store.*", "app.table.hub", "app.ui.*", "app.web.server",
         "app.flet_main"),
        "flet, the UI and the database load when a server starts: `serve --workers N`'s "
        "check (app/cli.py) and `desktop` without Flet's client answer without them"),
    "scoring/api.py": (
        ("scoring.*.codec",),
        "a game's rules when its record is first read: `forest-table score` loads one "
        "game's models (`make bench`)"),
}


def _is_type_checking(test: ast.expr) -> bool:
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _names(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The project's modules (or module.name) the statement imports."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif node.level:  # relative: ours by definition
        names = ["." * node.level + (node.module or "")]
    else:
        names = [f"{node.module}.{a.name}" for a in node.names]
    return [n for n in names if n.startswith(".") or n.split(".")[0] in PACKAGES]


def function_imports(source: str) -> list[tuple[int, str]]:
    """``(line, module)`` of every import of the project's own modules inside a function,
    outside ``if TYPE_CHECKING:`` blocks."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    visit_one(other, in_function)
                continue
            visit_one(child, in_function)

    def visit_one(node: ast.AST, in_function: bool) -> None:
        if in_function and isinstance(node, (ast.Import, ast.ImportFrom)):
            found.extend((node.lineno, name) for name in _names(node))
        visit(node, in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(ast.parse(source), False)
    return found


def _allowed(name: str, patterns: tuple[str, ...]) -> bool:
    """``name`` is ``module.name`` of a ``from`` import, or a module: it or its module."""
    candidates = (name, name.rpartition(".")[0])
    return any(fnmatchcase(c, p) for c in candidates if c for p in patterns)


def _sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
                  if "__pycache__" not in p.parts)


def test_the_reader_sees_function_imports_and_skips_type_checking() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import app.top\n"
        "if TYPE_CHECKING:\n    from app.hidden import X\n"
        "def f():\n    import json\n    from app.store import crud\n"
        "    if TYPE_CHECKING:\n        from app.typed import T\n"
        "    else:\n        import scoring.api\n"
        "class C:\n    def m(self):\n        try:\n            from setup.forestry import plan\n"
        "        except ImportError:\n            pass\n"
        "        def inner():\n            from . import sibling\n"
        "async def g():\n    from scoring import games\n"
    )
    assert function_imports(source) == [
        (7, "app.store.crud"), (11, "scoring.api"), (15, "setup.forestry.plan"),
        (19, "."), (21, "scoring.games")]


def test_allowed_matches_a_module_or_its_name() -> None:
    assert _allowed("app.store.crud.get_game", ("app.store", "app.store.*"))
    assert _allowed("scoring.forestry.codec", ("scoring.*.codec",))
    assert not _allowed("scoring.record.RecordError", ("scoring.*.codec",))
    assert not _allowed("app.storeroom.x", ("app.store", "app.store.*"))
    assert not _allowed("app.l10n.render", ("app.store", "app.store.*", "app.table.*"))


def test_imports_inside_functions_only_where_documented() -> None:
    """Every import of our modules inside a function is in a module of :data:`LAZY` and of
    a module it names; so they cannot grow back unnoticed."""
    stray = []
    counts = {}
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        found = function_imports(path.read_text(encoding="utf-8"))
        counts[rel] = len(found)
        patterns = LAZY.get(rel, ((), ""))[0]
        stray += [f"{rel}:{line}: {name}" for line, name in found
                  if not _allowed(name, patterns)]
    assert stray == [], ("imports inside functions: move them to the top of the module "
                         "(or, for a start-up figure, add them to LAZY and to "
                         "docs/architecture.md):\n" + "\n".join(stray))
    idle = sorted(m for m in LAZY if counts.get(m, 0) == 0)
    assert idle == [], f"on LAZY but with no import inside a function any more: {idle}"


def test_the_lazy_modules_are_documented() -> None:
    """docs/architecture.md's section lists each module of :data:`LAZY`."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("## Imports inside functions", 1)[1].split("\n## ", 1)[0]
    missing = [m for m in LAZY if f"`{m}`" not in section]
    assert missing == []

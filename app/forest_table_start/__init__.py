"""``forest-table``'s console script (issue 34): before anything imports ``app``, check that
``app``, ``scoring`` and ``setup`` are this installation's, then run :func:`app.cli.main`.

Another distribution's ``app`` installed over ours replaces ``app/__init__.py``: a script
``app.cli:main`` would import it before any of our code runs, and end in a traceback. This
package has a name of its own (the wheel installs it as the top-level ``forest_table_start``
beside ``app``; its source lives here because the repository's top level is fixed:
pyproject.toml maps it) and imports nothing of ours at module level: it loads
``app/installation.py`` (the standard library only) by its file path, so the check stays in
one place, prints that module's one line and exits 1, or else runs the CLI.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent


def _installation() -> ModuleType | None:
    """``app/installation.py`` loaded from its file, without importing ``app``: beside this
    package in an installation (``forest_table_start/`` next to ``app/``), or this package's
    parent from a checkout (``app/forest_table_start/``, an editable install). None: absent."""
    for path in (_HERE.parent / "app" / "installation.py", _HERE.parent / "installation.py"):
        if path.is_file():
            spec = importlib.util.spec_from_file_location("_forest_table_installation", path)
            if spec is None or spec.loader is None:  # pragma: no cover - a .py file has both
                continue
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    return None


def main() -> int:
    installation = _installation()
    problem = (f"forest-table: app/installation.py is missing beside {_HERE}: the installation "
               "is incomplete; install Forest Table again" if installation is None
               else installation.foreign_package())
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    from app.cli import main as cli_main

    return cli_main()

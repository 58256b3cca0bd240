"""Is this Forest Table's own installation? (issue 34, 5.)

The top-level import names ``app``, ``scoring`` and ``setup`` are fixed by the design and
common: another project's package of the same name, installed into the same environment,
overwrites ours (pip replaces the files) or comes first on ``sys.path`` (a ``PYTHONPATH``, the
current folder of ``python -m app``). :func:`foreign_package` finds that at start, without
importing either package, so the command line says so in one line instead of a traceback
(or running another project's ``setup.py``). Its callers: the ``forest-table`` console script
(``forest_table_start``, which loads this file by its path before anything imports ``app``:
so it imports the standard library only) and ``python -m app`` (``app/__main__.py``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

#: our top-level packages
NAMES = ("app", "scoring", "setup")
DISTRIBUTION = "forest-table"
FIX = ("install Forest Table in an environment of its own: pipx install PATH (the checkout "
       "or its wheel), or python3 -m venv ~/.forest-table && ~/.forest-table/bin/pip install "
       "PATH")


def root() -> Path:
    """The folder that holds our ``app`` package (site-packages, or the checkout)."""
    return Path(__file__).resolve().parent.parent


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _owners(name: str) -> list[str]:
    """The other distributions that install a top-level ``name`` (slow: only on failure)."""
    from importlib.metadata import packages_distributions

    mine = DISTRIBUTION.replace("-", "_").lower()
    return sorted({d for d in packages_distributions().get(name, [])
                   if d.replace("-", "_").lower() != mine})


def _overwritten(home: Path) -> list[str]:
    """Our packages whose ``__init__.py`` is not the one our wheel installed (another
    distribution's files replaced it): the hashes in our ``RECORD`` beside them (read
    directly: :mod:`importlib.metadata` costs ~0.1 s at every start). Nothing for an
    editable install or a checkout (no ``RECORD`` there)."""
    import base64
    import csv
    import hashlib

    wanted = {f"{name}/__init__.py": name for name in NAMES}
    found = []
    for record in home.glob("forest_table-*.dist-info/RECORD"):
        try:
            rows = list(csv.reader(record.read_text(encoding="utf-8").splitlines()))
        except (OSError, UnicodeDecodeError, csv.Error):
            continue
        for row in rows:
            name = wanted.get(row[0]) if len(row) >= 2 else None
            if name is None or not row[1].startswith("sha256="):
                continue
            try:
                digest = hashlib.sha256((home / row[0]).read_bytes()).digest()
            except OSError:
                found.append(name)
                continue
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != row[1][7:]:
                found.append(name)
    return found


def foreign_package() -> str | None:
    """One line naming the package that is another installation's and how to fix it, or
    None when ``app``, ``scoring`` and ``setup`` are all ours (the folder next to this one)."""
    home = root()
    for name in NAMES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = None if spec is None else spec.origin
        expected = home / name / "__init__.py"
        if origin is None or not _same(Path(origin), expected):
            where = origin or (", ".join(spec.submodule_search_locations or ())
                               if spec is not None else "not found")
            return (f"forest-table: the package {name!r} here is not Forest Table's "
                    f"({where}); {FIX}.")
    for name in _overwritten(home):
        owners = _owners(name)
        by = f" by {', '.join(owners)}" if owners else ""
        return (f"forest-table: the package {name!r} in {home} was overwritten{by} (another "
                f"project uses the same name); {FIX}.")
    return None


def drop_current_folder() -> None:
    """``python -m app`` puts the current folder first on ``sys.path``: in another project's
    folder its ``setup.py`` (or ``scoring/``) would be imported as ours. Drop it, unless the
    current folder is where our packages are (a checkout run without installing)."""
    home = root()
    cwd = os.getcwd()
    sys.path[:] = [p for p in sys.path
                   if not (p in ("", ".") or _same(Path(p), Path(cwd)))
                   or _same(Path(p or "."), home)]

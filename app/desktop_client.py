"""``forest-table desktop`` needs Flet's desktop client: is it here? (issue 34, 5.)

Flet's ``ft.run`` pip-installs ``flet-desktop`` when it cannot import it (or its version
differs), and ``flet-desktop`` then downloads the window's client (a Flutter build) from
GitHub on first use: at a table without internet, a 90-line traceback. Forest Table never
installs anything while it runs: :func:`missing` says in one line what is not here and how
to get it, and offers the browser instead (``forest-table serve``). The client is fetched
only when asked for (``forest-table desktop --download-client``).

What "here" means follows flet-desktop 1.0.5's own lookup
(``flet_desktop.__locate_and_unpack_flet_view``): ``FLET_VIEW_PATH``, the unpacked client in
``~/.flet/client/flet-desktop-<flavor>-<version>``, or an archive bundled in the package.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

DISTRIBUTION = "flet-desktop"
BROWSER = "or use the table in a browser instead: forest-table serve"


def _flet_version() -> str:
    import flet.version

    return str(flet.version.flet_version)


def _client_here(module: Any) -> bool:
    """Is the window's client on this computer (nothing to download)?"""
    view = os.environ.get("FLET_VIEW_PATH")
    if view and Path(view).is_dir():
        return True
    if any((Path.cwd() / "build" / system).is_dir() for system in ("linux", "macos", "windows")):
        return True  # a `flet build` of this folder: flet-desktop opens that
    names = vars(module)
    storage = names.get("__get_client_storage_dir")
    artifact = names.get("get_artifact_filename") or names.get("__get_artifact_filename")
    bin_dir = names.get("get_package_bin_dir")
    if storage is None or artifact is None or bin_dir is None:  # not 1.0.5's lookup
        return True  # its own lookup decides
    try:
        if Path(bin_dir(), artifact()).is_file():  # an archive bundled in the package
            return True
        return Path(storage()).is_dir()  # unpacked in ~/.flet/client by an earlier run
    except (OSError, LookupError, RuntimeError):  # a lookup that fails is "not here"
        return False


def missing(download: bool = False) -> str | None:
    """One line saying why the desktop window cannot open without installing or
    downloading anything, or None when it can. ``download``: the client may be fetched
    (``--download-client``); the package itself is never installed here."""
    want = _flet_version()
    install = f"pip install 'forest-table[desktop]' (flet-desktop {want})"
    if importlib.util.find_spec("flet_desktop") is None:
        return (f"forest-table desktop: Flet's desktop client is not installed: {install}, "
                f"{BROWSER}.")
    try:
        import flet_desktop
        import flet_desktop.version
    except Exception as exc:  # boundary: a broken installation raises anything on import: one line
        return (f"forest-table desktop: Flet's desktop client does not load ({exc}): "
                f"{install}, {BROWSER}.")
    have = str(getattr(flet_desktop.version, "version", "") or "")
    if have and have != want:
        return (f"forest-table desktop: Flet's desktop client is version {have}, this Forest "
                f"Table needs {want}: {install}, {BROWSER}.")
    if not download and not _client_here(flet_desktop):
        return ("forest-table desktop: Flet's desktop window is not downloaded yet: run "
                "forest-table desktop --download-client once while online (it fetches "
                f"Flet's client from github.com), {BROWSER}.")
    return None

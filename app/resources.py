"""Files the app ships beside its code, found the same way in a checkout and an install.

An installed wheel carries the repository's top-level ``assets/`` inside the package as
``app/assets`` (setup.py copies it at build time); a source checkout (also an editable
install) keeps it at the repository's root. :func:`assets_dir` asks ``importlib.resources``
first, so an install never depends on the directory it is started from.
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path

#: The repository's own folder (a checkout or an editable install).
SOURCE_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def assets_dir() -> Path:
    """The folder with the web manifest, icons and fonts (``fonts/NotoSansJP-Subset.otf``)."""
    packaged = files("app").joinpath("assets")
    if packaged.is_dir():
        with as_file(packaged) as path:  # a real folder for a wheel installed on disk
            return Path(path)
    return SOURCE_ASSETS

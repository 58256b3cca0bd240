"""Flutter's Material icons font cut down to the icons this app can show.

flet-web ships ``assets/fonts/MaterialIcons-Regular.otf`` (1.26 MB, 0.36 MB
brotli: 8,600 glyphs) because a Flet app may name any icon at run time. This
app names a few dozen, all as ``ft.Icons.<NAME>`` in its source: ``used_icons()``
reads them (the AST of every module under ``app/``; a test checks that no icon
is chosen any other way). Flet 1.0 sends an icon as an integer: set id in bits
16-23 (1 = Material), the index in the client's ``materialIcons`` list in the low
16 bits; the client turns that index into a Flutter icon: a code point in the
font family 'MaterialIcons'. ``client_icons()`` reads that list, and every
Material icon the Flutter framework and Flet's own Dart code draw by themselves
(back arrow, drop-down arrow, close, more, password eye …), out of the compiled
client (``main.dart.js``: each icon is a constant defined once and listed once
in ``materialIcons``; one referenced anywhere else is drawn by the client
itself). ``make_subset()`` keeps those glyphs (fontTools, at the first ``serve``
beside the compressed variants, in the cache directory). If the client can't be
read (a new flet-web's layout), the full font is served: never a missing icon.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ICON_FONT = "assets/fonts/MaterialIcons-Regular.otf"
MATERIAL_SET = 1  # flet: bits 16-23 of an icon's value
APP_DIR = Path(__file__).resolve().parents[1]


def used_icons(root: Path = APP_DIR) -> frozenset[str]:
    """Every ``Icons.<NAME>`` (``ft.Icons.<X>``, ``flet.Icons.<X>``) in the source.

    A text scan (a few ms; parsing every module would hold up ``serve``'s start by
    a second), kept to names Flet knows; the tests check it against the modules' AST.
    """
    known = _flet_icons()
    names: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        names.update(n for n in _USE.findall(path.read_text(encoding="utf-8")) if n in known)
    return frozenset(names)


_USE = re.compile(r"\bIcons\.([A-Z][A-Z0-9_]*)\b")


def icon_value(name: str) -> int:
    """The integer Flet sends for ``ft.Icons.<name>`` (KeyError if there's none)."""
    return _flet_icons()[name]


@cache
def _flet_icons() -> dict[str, int]:
    from importlib import resources

    data = resources.files("flet.controls.material").joinpath("icons.json").read_text()
    return {str(k): int(v) for k, v in json.loads(data).items()}


@dataclass(frozen=True)
class ClientIcons:
    """What the compiled client knows of Material icons."""

    by_index: tuple[int | None, ...]  # flet's index -> code point
    own: frozenset[int]  # code points the client draws without being told

    def codepoint(self, name: str) -> int:
        value = icon_value(name)
        if value >> 16 != MATERIAL_SET:
            raise KeyError(f"{name} is not a Material icon")
        cp = self.by_index[value & 0xFFFF]
        if cp is None:
            raise KeyError(f"the client has no code point for {name}")
        return cp


_DEF = re.compile(r'\bB\.(\w+)=new A\.\w+\((\d+),"MaterialIcons",null,!\d\)')
_LIST = re.compile(r"\[(B\.\w+(?:,B\.\w+){1000,})\]")
_REF = re.compile(r"\bB\.(\w+)\b")


def client_icons(web_dir: Path) -> ClientIcons:
    """The client's icon list and its own icons, read from flet-web's ``main.dart.js``.

    Raises ValueError when the file does not look as expected (then serve the full font).
    """
    js = (web_dir / "main.dart.js").read_text(encoding="utf-8")
    defs = {m[1]: int(m[2]) for m in _DEF.finditer(js)}
    lists = [m[1].split(",") for m in _LIST.finditer(js)]
    lists = [xs for xs in lists if sum(x[2:] in defs for x in xs) > 0.9 * len(xs)]
    if len(defs) < 1000 or len(lists) != 1:
        raise ValueError("main.dart.js: no single list of Material icons found")
    by_index = tuple(defs.get(x[2:]) for x in lists[0])
    if len(by_index) != len(_flet_icons()):
        raise ValueError(f"main.dart.js lists {len(by_index)} icons, flet {len(_flet_icons())}")
    refs = Counter(_REF.findall(js))
    listed = Counter(x[2:] for x in lists[0])
    # defined once + listed n times; any further reference is the client's own use
    own = frozenset(cp for name, cp in defs.items() if refs[name] > 1 + listed[name])
    return ClientIcons(by_index, own)


def codepoints(client: ClientIcons, names: frozenset[str]) -> frozenset[int]:
    """The code points to keep: the app's icons and the client's own."""
    return frozenset({client.codepoint(n) for n in names} | client.own)


def set_hash(names: frozenset[str]) -> str:
    """Short hash of an icon set (part of the client's URL prefix: a new icon, new URL)."""
    return hashlib.sha256("\n".join(sorted(names)).encode()).hexdigest()[:8]


def make_subset(font: Path, keep: frozenset[int], dest: Path) -> None:
    """Write ``font`` with only the glyphs for ``keep`` (and the space) to ``dest``."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    f = subset.load_font(str(font), options)
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(keep | {0x20}))
    sub.subset(f)
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".tmp-")  # two serves at once
    os.close(fd)
    try:
        subset.save_font(f, tmp, options)
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)

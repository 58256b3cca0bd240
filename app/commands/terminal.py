"""Text for a terminal, shared by the CLI's commands (``records``, ``tables``): a plain-text
table whose columns line up with Japanese in them, and names that cannot clear the screen or
reverse a line (:func:`terminal_safe`). Imports nothing of ours (a parser's start stays light).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any, TextIO

_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def terminal_safe(text: str) -> str:
    """``text`` with control, bidi-override and other invisible format characters shown as
    ``\\uXXXX`` (a name cannot clear the screen or reverse a line); newlines stay."""
    out = []
    for ch in text:
        if ch == "\n":
            out.append(ch)
            continue
        cat = unicodedata.category(ch)
        if ch in _BIDI or cat in ("Cc", "Cs", "Zl", "Zp") or (cat == "Cf" and ch not in
                                                               "\u200c\u200d"):
            out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return "".join(out)


class SafeOut:
    """A text stream that writes :func:`terminal_safe` text (records list/show/stats)."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, text: str) -> int:
        return self._out.write(terminal_safe(text))

    def flush(self) -> None:
        self._out.flush()


def shown_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: East Asian wide and full-width characters two
    (a Japanese header lines up with its column), combining marks none."""
    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]],
          right: Sequence[bool] | None = None) -> str:
    """A plain-text table; numbers right-aligned."""
    cells = [[("" if c is None else terminal_safe(str(c))) for c in row] for row in rows]
    widths = [max([shown_width(h)] + [shown_width(r[i]) for r in cells])
              for i, h in enumerate(headers)]
    if right is None:
        right = [bool(rows) and all(isinstance(r[i], int | float) or r[i] is None for r in rows)
                 for i in range(len(headers))]

    def pad(v: str, w: int, on_left: bool) -> str:
        space = " " * max(0, w - shown_width(v))
        return space + v if on_left else v + space

    def line(values: Sequence[str]) -> str:
        return "  ".join(pad(v, w, r)
                         for v, w, r in zip(values, widths, right, strict=True)).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out.extend(line(r) for r in cells)
    return "\n".join(out)

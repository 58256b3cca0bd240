"""What every way in accepts: ids, seeds and files, defined once (issue 32).

The CLI, the store and the web check against these, so a number one of them takes is
never one another cannot hold:

- an **id** (a game's, a person's, a BoardGameGeek id) is 1 to :data:`MAX_ID`, the
  largest the databases' id columns hold (``INTEGER``: 32 bits on PostgreSQL);
  :func:`parse_id` reads one from text (0-9 only: ``"²".isdigit()`` is true);
- a **seed** is :data:`SEED_MIN` to :data:`SEED_MAX`, the record format's
  (:mod:`scoring.record`; what ``random.Random`` and the database's ``BIGINT`` take);
- a **file** is read in chunks up to a cap (:func:`read_bytes`, :class:`Limited`): one that
  never ends (``/dev/zero``, a pipe) is refused once the cap is passed, never held whole;
- **JSON** (:func:`loads`) nests at most :data:`MAX_DEPTH` levels and holds no number
  beyond :data:`MAX_INT` (no count, id or seed of ours comes near), no ``NaN`` or
  ``Infinity`` and no float that overflows (``1e400``): each refused with
  :class:`Unreadable` before anything else sees the value.

Imports only the standard library and :mod:`scoring` (``forest-table score`` starts fast).
"""

from __future__ import annotations

import io
import json
import sys
from typing import IO, Any

from scoring.message import MessageCode, Msg, msg
from scoring.record import SEED_MAX, SEED_MIN

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "MAX_ID", "MAX_INT", "MAX_RECORD_BYTES",
           "MAX_WHOLE_BYTES", "SEED_MAX", "SEED_MIN", "Limited", "ReadCode", "Unreadable",
           "loads", "open_limited", "parse_id", "read_bytes"]

#: The largest id: the databases' ``INTEGER`` id columns (PostgreSQL's hold 32 bits).
MAX_ID = 2**31 - 1
#: The largest whole number in any JSON we read: 64 bits, the largest seed.
MAX_INT = SEED_MAX
#: JSON nested deeper than this is refused (a record nests 5 levels, BG Stats files 4).
MAX_DEPTH = 32
#: One record (a file ``score`` reads, one line of JSON lines) is far smaller than 1 MiB.
MAX_RECORD_BYTES = 1 << 20
#: A file read whole into memory (a BG Stats or BGG plays file): at most 64 MiB.
MAX_WHOLE_BYTES = 64 << 20
#: A file read as a stream (a backup of records, ~4 KB a game): at most 256 MiB.
MAX_FILE_BYTES = 256 << 20
CHUNK = 1 << 16


class ReadCode(MessageCode):
    TOO_LARGE = "read-too-large"  # limit
    TOO_DEEP = "read-too-deep"  # limit
    NUMBER_TOO_LARGE = "read-number-too-large"  # limit, number
    NOT_A_NUMBER = "read-not-a-number"  # value


class Unreadable(ValueError):
    """A file refused by its bounds; ``message`` says why (the caller names the file)."""

    def __init__(self, message: Msg) -> None:
        self.message = message
        super().__init__(message.code)


# --------------------------------------------------------------------------- ids


def parse_id(raw: object) -> int | None:
    """An id (1 to :data:`MAX_ID`) from text (0-9 only, no spaces) or a whole number, else
    ``None``."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw if 1 <= raw <= MAX_ID else None
    if not isinstance(raw, str):
        return None
    text = raw
    # 0-9 only, and the length first: int() of 5,000 digits is not free
    if not 1 <= len(text) <= len(str(MAX_ID)) or not all("0" <= ch <= "9" for ch in text):
        return None
    value = int(text)
    return value if 1 <= value <= MAX_ID else None


# --------------------------------------------------------------------------- files


class Limited(io.RawIOBase):
    """A binary file read through a cap: reading past ``limit`` bytes raises
    :class:`Unreadable`. :meth:`peek` reads a head that :meth:`read` then gives again;
    a seek (a second pass over a file) counts from where it lands."""

    def __init__(self, raw: IO[bytes] | _Encoded, limit: int, *, keep_open: bool = False
                 ) -> None:
        super().__init__()
        self._raw = raw
        self._keep_open = keep_open
        self.limit = limit
        self._count = 0
        self._head = b""

    def readable(self) -> bool:
        return True

    def _take(self, n: int) -> bytes:
        data = self._raw.read(min(n, self.limit - self._count + 1)) or b""
        self._count += len(data)
        if self._count > self.limit:
            raise Unreadable(msg(ReadCode.TOO_LARGE, limit=self.limit))
        return data

    def peek(self, n: int) -> bytes:
        """The first ``n`` bytes (fewer at the end), left to be read again."""
        while len(self._head) < n:
            more = self._take(n - len(self._head))
            if not more:
                break
            self._head += more
        return self._head[:n]

    def read(self, n: int | None = -1) -> bytes:
        if n is None or n < 0:
            return self.readall()
        if self._head:
            out, self._head = self._head[:n], self._head[n:]
            return out
        return self._take(n) if n else b""

    def readall(self) -> bytes:
        parts = [self._head]
        self._head = b""
        while True:
            chunk = self._take(CHUNK)
            if not chunk:
                return b"".join(parts)
            parts.append(chunk)

    def readinto(self, buffer: Any) -> int:
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def seekable(self) -> bool:
        return bool(self._raw.seekable())

    def tell(self) -> int:
        return int(self._raw.tell()) - len(self._head)

    def seek(self, pos: int, whence: int = 0) -> int:
        if whence == io.SEEK_CUR:
            pos, whence = self.tell() + pos, io.SEEK_SET
        self._head = b""
        self._count = int(self._raw.seek(pos, whence))
        return self._count

    def close(self) -> None:
        if not self._keep_open:
            self._raw.close()
        super().close()


class _Encoded(io.RawIOBase):
    """A text stream read as UTF-8 bytes (a standard input without ``buffer``)."""

    def __init__(self, text: IO[str]) -> None:
        super().__init__()
        self._text = text

    def readable(self) -> bool:
        return True

    def read(self, n: int | None = -1) -> bytes:
        return self._text.read(CHUNK if n is None or n < 0 else n).encode("utf-8")


def open_limited(path: str, limit: int) -> Limited:
    """``path`` (``-``: standard input) opened for reading through :class:`Limited`;
    raises ``OSError`` as ``open`` does. Closing it leaves standard input open."""
    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)
        return Limited(raw if raw is not None else _Encoded(sys.stdin), limit, keep_open=True)
    return Limited(open(path, "rb"), limit)  # noqa: SIM115 - closed with the Limited


def read_bytes(path: str, limit: int) -> bytes:
    """The whole of ``path`` (``-``: standard input), read in chunks: more than ``limit``
    bytes raise :class:`Unreadable` (``/dev/zero`` after ``limit`` bytes, not never)."""
    with open_limited(path, limit) as fh:
        return fh.readall()


# --------------------------------------------------------------------------- JSON


def _shown(text: str) -> str:
    return text if len(text) <= 24 else f"{text[:12]}… ({len(text)} characters)"


def _parse_int(text: str) -> int:
    # the length first: int() of 5,000 digits is not free
    if len(text.lstrip("-")) > len(str(MAX_INT)) or abs(value := int(text)) > MAX_INT:
        raise Unreadable(msg(ReadCode.NUMBER_TOO_LARGE, limit=MAX_INT, number=_shown(text)))
    return value


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise Unreadable(msg(ReadCode.NUMBER_TOO_LARGE, limit=MAX_INT, number=_shown(text)))
    return value


def _parse_constant(name: str) -> Any:
    raise Unreadable(msg(ReadCode.NOT_A_NUMBER, value=name))


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests more than ``limit`` lists and objects (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = v.values()
        elif not isinstance(v, list):
            continue
        if depth >= limit:
            return True
        stack.extend((item, depth + 1) for item in v if isinstance(item, dict | list))
    return False


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` within the bounds: :class:`Unreadable` for nesting deeper than
    ``max_depth``, a whole number beyond :data:`MAX_INT`, a float that overflows, ``NaN``
    or ``Infinity``; ``json.JSONDecodeError`` (a ``ValueError``) for text that is not JSON."""
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                           parse_constant=_parse_constant)
    except RecursionError:  # the decoder's own guard, far below a 10,000-deep nesting
        raise Unreadable(msg(ReadCode.TOO_DEEP, limit=max_depth)) from None
    if too_deep(value, max_depth):
        raise Unreadable(msg(ReadCode.TOO_DEEP, limit=max_depth))
    return value

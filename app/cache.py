"""One small identity cache for the whole app: sized, locked, the least recently used
entry out first, its hits and misses counted.

A :class:`Memo` keeps what was made for a key (a view model of one version, a thumbnail,
a phone's screen record) so every phone and redraw asking for the same key shares it. An
entry may be kept only for the very same inputs: ``fits`` checks it (usually by identity,
``kept[0] is state``) and a kept entry that does not fit counts as a miss and is made anew.
``make`` runs outside the lock (two threads may both make a missing entry: the last one
kept wins; nothing waits on another's work).

Named memos register themselves (:func:`memos`); ``make bench`` prints each one's size,
hits and misses (:func:`report_lines`). A cache that is not an identity cache (a
rate-limit window, ``functools.lru_cache`` of a pure function) stays what it is.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_NAMED: dict[str, Memo[Any, Any]] = {}
_NAMED_LOCK = threading.Lock()


class Memo(Generic[K, V]):
    """At most ``size`` entries, least recently used out first; thread-safe.

    ``name``: listed by :func:`memos` (one memo per name: a second one with the same name
    takes its place in the list); ``None``: not listed (tests)."""

    def __init__(self, name: str | None, size: int) -> None:
        if size < 1:
            raise ValueError(f"a memo keeps at least one entry (size {size})")
        self.name, self.size = name, size
        self._kept: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        if name is not None:
            with _NAMED_LOCK:
                _NAMED[name] = self

    def __len__(self) -> int:
        with self._lock:  # not in the middle of a put
            return len(self._kept)

    def get(self, key: K, fits: Callable[[V], bool] | None = None) -> V | None:
        """The entry kept for ``key`` (now the most recently used) if ``fits`` it, else
        ``None``; counted as a hit or a miss."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and (fits is None or fits(kept)):
                self._kept.move_to_end(key)
                self.hits += 1
                return kept
            self.misses += 1
            return None

    def peek(self, key: K) -> V | None:
        """The entry kept for ``key``, not counted and not moved."""
        with self._lock:
            return self._kept.get(key)

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (the most recently used); the oldest go past ``size``."""
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V],
                    fits: Callable[[V], bool] | None = None) -> V:
        """The entry kept for ``key`` if it ``fits``, else ``make()`` (outside the lock),
        kept."""
        kept = self.get(key, fits)
        if kept is not None:
            return kept
        made = make()
        self.put(key, made)
        return made

    def clear(self) -> None:
        """Nothing kept; the counts back to 0."""
        with self._lock:
            self._kept.clear()
            self.hits = self.misses = 0


def memos() -> list[Memo[Any, Any]]:
    """The named memos, by name."""
    with _NAMED_LOCK:
        return [_NAMED[n] for n in sorted(_NAMED)]


def report_lines() -> list[str]:
    """One line per named memo: its name, entries kept of its size, hits and misses."""
    out = []
    for m in memos():
        asked = m.hits + m.misses
        rate = f"{100 * m.hits / asked:.0f} % hits" if asked else "not asked"
        out.append(f"     cache {m.name}: {len(m)} of {m.size} kept, {m.hits} hits, "
                   f"{m.misses} misses ({rate})")
    return out

"""app.cache.Memo: the one identity cache (size bound, LRU order, counts, threads)."""

from __future__ import annotations

import sys
import threading

import pytest

from app import cache
from app.cache import Memo


def test_size_bound_drops_the_least_recently_used() -> None:
    m: Memo[int, str] = Memo(None, 3)
    for k in range(3):
        m.put(k, str(k))
    assert m.get(0) == "0"  # 0 is now the most recent: 1 goes first
    m.put(3, "3")
    assert len(m) == 3
    assert m.peek(1) is None
    assert [m.peek(k) for k in (0, 2, 3)] == ["0", "2", "3"]
    m.put(4, "4")  # then 2, the least recent
    assert m.peek(2) is None and m.peek(0) == "0"


def test_put_again_makes_the_key_the_most_recent() -> None:
    m: Memo[str, int] = Memo(None, 2)
    m.put("a", 1)
    m.put("b", 2)
    m.put("a", 3)
    m.put("c", 4)
    assert m.peek("b") is None and m.peek("a") == 3


def test_peek_neither_counts_nor_moves() -> None:
    m: Memo[int, int] = Memo(None, 2)
    m.put(1, 1)
    m.put(2, 2)
    assert m.peek(1) == 1
    m.put(3, 3)  # 1 was peeked, not used: it goes
    assert m.peek(1) is None
    assert (m.hits, m.misses) == (0, 0)


def test_hits_and_misses_are_counted_and_make_runs_once_per_miss() -> None:
    m: Memo[str, list[int]] = Memo(None, 4)
    made: list[str] = []

    def make(k: str) -> list[int]:
        made.append(k)
        return [len(made)]

    first = m.get_or_make("x", lambda: make("x"))
    assert m.get_or_make("x", lambda: make("x")) is first
    m.get_or_make("y", lambda: make("y"))
    assert made == ["x", "y"]
    assert (m.hits, m.misses) == (1, 2)
    m.clear()
    assert (len(m), m.hits, m.misses) == (0, 0, 0)


def test_an_entry_that_does_not_fit_is_made_anew() -> None:
    """The identity check: kept for one state object, never used for another."""
    m: Memo[int, tuple[object, str]] = Memo(None, 4)
    a, b = object(), object()
    kept = m.get_or_make(1, lambda: (a, "for a"), lambda v: v[0] is a)
    assert m.get_or_make(1, lambda: (a, "again"), lambda v: v[0] is a) is kept
    assert m.get_or_make(1, lambda: (b, "for b"), lambda v: v[0] is b) == (b, "for b")
    assert m.peek(1) == (b, "for b")
    assert (m.hits, m.misses) == (1, 2)


def test_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Memo(None, 0)


def test_thread_safety_under_contention() -> None:
    """Eight threads hammer a small memo: it never holds more than its size, never
    raises (a racing eviction), every answer is the value for its own key, and every
    call is counted once."""
    m: Memo[int, tuple[int, int]] = Memo(None, 16)
    errors: list[BaseException] = []
    per_thread, threads = 10000, 8
    barrier = threading.Barrier(threads)

    def work(seed: int) -> None:
        try:
            barrier.wait()
            for i in range(per_thread):
                k = (i * 7 + seed) % 40
                got = m.get_or_make(k, lambda k=k: (k, k * k))  # type: ignore[misc]
                if got != (k, k * k):
                    raise AssertionError(f"{k}: {got}")
                if len(m) > 16:
                    raise AssertionError(f"{len(m)} kept")
        except BaseException as exc:  # noqa: BLE001 - carried to the test's thread
            errors.append(exc)

    pool = [threading.Thread(target=work, args=(n,)) for n in range(threads)]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch between any two steps: races show
    try:
        for t in pool:
            t.start()
        for t in pool:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    assert errors == []
    assert len(m) <= 16
    assert m.hits + m.misses == per_thread * threads
    assert m.misses >= 40  # every key made at least once


def test_named_memos_are_listed_and_reported() -> None:
    m: Memo[str, int] = Memo("test memo", 5)
    try:
        m.get_or_make("a", lambda: 1)
        m.get_or_make("a", lambda: 2)
        m.get_or_make("b", lambda: 3)
        assert m in cache.memos()
        assert "     cache test memo: 2 of 5 kept, 1 hits, 2 misses (33 % hits)" \
            in cache.report_lines()
        unnamed: Memo[str, int] = Memo(None, 5)
        assert unnamed not in cache.memos()
    finally:
        with cache._NAMED_LOCK:
            cache._NAMED.pop("test memo", None)


def test_the_app_s_identity_caches_are_memos() -> None:
    """The five hand-rolled caches are named memos now, with their old sizes."""
    import app.games.forestry.ui.sheet  # noqa: F401 - registers its memo
    import app.shown
    import app.ui.kit.photos  # noqa: F401
    import app.ui.sheet.presenter  # noqa: F401

    sizes = {m.name: m.size for m in cache.memos()}
    assert {k: sizes.get(k) for k in ("sheets", "sheet sections", "forestry sheet parts",
                                     "photo thumbnails", "phone screens")} == {
        "sheets": 512, "sheet sections": 512, "forestry sheet parts": 1536,
        "photo thumbnails": 64, "phone screens": app.shown.KEEP}

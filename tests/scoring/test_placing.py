"""Shared rank and tie arithmetic (002 forester majority, 001 detached storages)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.placing import competition_places, shared_ranks, split_spread

SPREADS = [(10, 6, 2), (7, 4, 1), (5, 3, 0), (6, 4, 2), (6, 3, 1)]


def test_known_splits() -> None:
    assert split_spread([8, 9, 8, 1], (10, 6, 2)) == [4, 10, 4, 0]
    assert split_spread([3, 3], (6, 3, 1)) == [4, 4]  # (6 + 3) // 2
    assert split_spread([5, 2, 2], (6, 3, 1)) == [6, 2, 2]  # 001 example: (3 + 1) // 2
    assert split_spread([1, 1, 1, 1], (10, 6, 2)) == [4, 4, 4, 4]  # 18 // 4
    assert split_spread([4], (10, 6, 2)) == [10]
    assert split_spread([4, 3, 2, 1], (5, 3, 0)) == [5, 3, 0, 0]


def test_places_and_ranks() -> None:
    assert competition_places([2, 2, 1]) == [(1, 2), (1, 2), (3, 1)]
    assert shared_ranks([(5, 1), (5, 1), (4, 9)]) == [1, 1, 3]


@given(st.lists(st.integers(0, 6), min_size=1, max_size=4), st.sampled_from(SPREADS))
def test_ties_never_pay_more_than_the_places_they_share(values: list[int],
                                                        spread: tuple[int, int, int]) -> None:
    pays = split_spread(values, spread)
    for (first, tied), value in zip(competition_places(values), values, strict=True):
        group = [p for v, p in zip(values, pays, strict=True) if v == value]
        shared = sum(spread[p - 1] if p - 1 < len(spread) else 0
                     for p in range(first, first + tied))
        assert sum(group) <= shared
        assert max(group) <= (spread[first - 1] if first - 1 < len(spread) else 0)
        assert len(set(group)) == 1
    # a better value never earns less
    for a, pa in zip(values, pays, strict=True):
        for b, pb in zip(values, pays, strict=True):
            if a > b:
                assert pa >= pb
    assert sum(pays) <= sum(spread)

"""Shared rank and tie arithmetic (002 forester majority, 001 detached storages).

Places are 1-based. Tied players share: the sum of the points of the places
they occupy, divided by the number tied, rounded down; the next player takes
the place after the tie. Places past the end of a spread pay 0.
"""

from __future__ import annotations

from collections.abc import Sequence


def competition_places(values: Sequence[int]) -> list[tuple[int, int]]:
    """For each value (higher is better): (first place occupied, number tied).

    >>> competition_places([8, 9, 8, 1])
    [(2, 2), (1, 1), (2, 2), (4, 1)]
    """
    out: list[tuple[int, int]] = []
    for v in values:
        better = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append((better + 1, tied))
    return out


def split_spread(values: Sequence[int], spread: Sequence[int]) -> list[int]:
    """Points each player earns from a place spread such as (10, 6, 2).

    >>> split_spread([8, 9, 8, 1], (10, 6, 2))
    [4, 10, 4, 0]
    >>> split_spread([5, 5, 5], (10, 6, 2))
    [6, 6, 6]
    """
    result: list[int] = []
    for first, tied in competition_places(values):
        pts = [spread[p - 1] if p - 1 < len(spread) else 0 for p in range(first, first + tied)]
        result.append(sum(pts) // tied)
    return result


def shared_ranks(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """1-based ranks for comparable keys (higher is better); equal keys share a rank.

    >>> shared_ranks([(93, 5), (93, 7), (80, 9)])
    [2, 1, 3]
    """
    return [1 + sum(1 for other in keys if other > k) for k in keys]

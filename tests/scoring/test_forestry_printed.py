"""Printed-value tables: only what the sources print, lookup order, asks."""

from __future__ import annotations

from scoring.cite import Source
from scoring.message import msg
from scoring.printed import (
    DETACHED_ALL_TIED,
    DETACHED_LEAST,
    DETACHED_MOST,
    DETACHED_SECOND,
    DETACHED_TIED_BELOW_TOP,
    SHIPPED,
    AskCode,
    Found,
    confirmed_table,
    lookup_count,
    lookup_top_tie,
)
from scoring.sheet import Need


def test_only_the_entries_the_sources_print_are_shipped() -> None:
    assert {t: {k: v.value for k, v in e.items()} for t, e in SHIPPED.items()} == {
        "buildings_vp": {"5": 7}, "tasks_vp": {"5": 11}}
    assert all([c.source for c in e.source] == [Source.S002]
               for t in SHIPPED.values() for e in t.values())
    spreads = [DETACHED_MOST, DETACHED_SECOND, DETACHED_LEAST, DETACHED_ALL_TIED,
               DETACHED_TIED_BELOW_TOP]
    assert [s.points for s in spreads] == [(10, 6, 2), (7, 4, 1), (5, 3, 0), (6, 4, 2),
                                           (6, 3, 1)]
    assert all([c.source for c in s.source] == [Source.S001] for s in spreads)


def test_lookup_order() -> None:
    shipped = lookup_count("tasks_vp", 5, record={}, confirmed=None)
    assert isinstance(shipped, Found) and (shipped.value, shipped.origin) == (11, "shipped")
    confirmed = lookup_count("tasks_vp", 5, record={}, confirmed={"tasks_vp": {"5": 12}})
    assert isinstance(confirmed, Found) and (confirmed.value, confirmed.origin) == (
        12, "confirmed")
    own = lookup_count("tasks_vp", 5, record={5: 13}, confirmed={"tasks_vp": {"5": 12}})
    assert isinstance(own, Found) and (own.value, own.origin) == (13, "record")


def test_unknown_entries_are_needs_with_a_plain_ask() -> None:
    need = lookup_count("buildings_vp", 3, record={}, confirmed={"buildings_vp": {"3": "x"}})
    assert isinstance(need, Need) and (need.table, need.key) == ("buildings_vp", "3")
    assert need.ask == msg(AskCode.BUILDINGS_VP, count=3, side_b=False)
    tech = lookup_count("technician_vp", 2, record={}, confirmed=None)
    assert isinstance(tech, Need) and tech.ask == msg(AskCode.TECHNICIAN_VP, count=2)
    fw = lookup_count("forest_worker_buildings_vp", 6, record={}, confirmed=None)
    assert isinstance(fw, Need) and fw.ask == msg(AskCode.FOREST_WORKER_BUILDINGS_VP, count=6)


def test_side_b_never_reuses_side_a_values() -> None:
    need = lookup_count("buildings_vp", 5, record={}, confirmed={"buildings_vp": {"5": 7}},
                        board_side_b=True)
    assert isinstance(need, Need) and need.ask == msg(AskCode.BUILDINGS_VP, count=5, side_b=True)
    assert confirmed_table("buildings_vp", board_side_b=True) == "buildings_vp_side_b"
    assert confirmed_table("tasks_vp", board_side_b=True) == "tasks_vp"
    found = lookup_count("buildings_vp", 5, record={}, board_side_b=True,
                         confirmed={"buildings_vp_side_b": {"5": 8}})
    assert isinstance(found, Found) and found.value == 8


def test_top_tie() -> None:
    assert isinstance(lookup_top_tie(None, None), Need)
    assert lookup_top_tie(None, None).key == ""  # type: ignore[union-attr]
    found = lookup_top_tie(None, {"detached_top_tie": {"": [8, 5, 1]}})
    assert isinstance(found, Found) and found.value == (8, 5, 1)
    own = lookup_top_tie((9, 5, 0), {"detached_top_tie": {"": [8, 5, 1]}})
    assert isinstance(own, Found) and own.value == (9, 5, 0)

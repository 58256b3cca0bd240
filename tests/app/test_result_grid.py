"""The result grid (issue 33 item 5; app/ui/kit/result_grid.py) as built: widths, the winner's
column, "?" cells, five or six players, each game's category icons."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from app.i18n import Translator
from app.ui.kit.games import ui
from app.ui.kit.result_grid import COL_W, LABEL_W, result_grid
from scoring.games import GAMES

t = Translator("en").t
ASSETS = Path(__file__).resolve().parents[2] / "assets" / "icons"


def board(n: int, *, winners=("P0",), values=None, needs=()):
    names = tuple(f"P{i}" for i in range(n))
    rows = (SimpleNamespace(category="score_track", label="Score track",
                            values=values or tuple(range(n)), waiting=()),)
    return SimpleNamespace(names=names, rows=rows, totals=tuple(range(n)),
                           ranks=tuple(range(1, n + 1)), winners=winners, needs=needs,
                           colours=("purple", "blue", "yellow", "red", "green", "black")[:n],
                           game="forestry", notes=(), tie_notes=())


def _find(control, pred, out=None):
    import dataclasses

    out = [] if out is None else out
    if pred(control):
        out.append(control)
    for f in dataclasses.fields(control):
        if f.name.startswith("_"):
            continue
        v = getattr(control, f.name, None)
        for c in v if isinstance(v, list) else [v]:
            if isinstance(c, ft.Control):
                _find(c, pred, out)
    return out


def _ids(control):
    return {s.identifier: s.content for s in _find(control, lambda c: isinstance(c, ft.Semantics))}


def test_four_players_fit_at_fixed_widths_and_the_winner_is_tinted():
    grid = result_grid(t, board(4))
    ids = _ids(grid)
    assert not _find(grid, lambda c: isinstance(c, ft.Row) and c.scroll is not None)
    assert all(ids[f"score-score_track-{i}"].width == COL_W for i in range(4))
    assert LABEL_W + 4 * COL_W == 352  # the design's 132 + 4 × 55
    assert ids["score-score_track-0"].bgcolor == ft.Colors.SECONDARY_CONTAINER
    assert ids["score-score_track-1"].bgcolor is None
    assert ids["score-head-0"].bgcolor == "#7446A8"  # purple
    assert ids["score-head-2"].content.controls[0].controls[-1].color == "#2A2000"  # on yellow
    assert [ids[f"score-total-{i}"].content.value for i in range(4)] == ["0", "1", "2", "3"]


def test_six_players_scroll_sideways_and_dark_mode_uses_the_tints():
    grid = result_grid(t, board(6), dark=True)
    assert _find(grid, lambda c: isinstance(c, ft.Row) and c.scroll == ft.ScrollMode.AUTO)
    ids = _ids(grid)
    assert ids["score-head-5"].bgcolor == "#D6D6D6"  # black's tint on a dark page


def test_a_question_mark_is_tappable_only_with_a_way_to_enter_it():
    need = SimpleNamespace(table="tasks_vp", key="0", ask="Read the VP")
    b = board(2, values=(None, None), needs=(need,))
    b.rows[0].waiting = ("Read the VP",)
    shown = _ids(result_grid(t, b))["score-score_track-0"]
    assert shown.content.value == "?" and shown.on_click is None
    asked = []
    cell = _ids(result_grid(t, b, on_unknown=asked.append))["score-score_track-1"]
    assert cell.on_click is not None and cell.height >= 48  # a tap target
    cell.on_click(None)
    assert asked == [0]


@pytest.mark.parametrize("game", [g.value for g in GAMES])
def test_every_category_icon_is_an_asset_in_both_themes(game):
    icons = ui(game).category_icons
    assert icons, game
    for name in icons.values():
        assert (ASSETS / f"{name}.svg").is_file() and (ASSETS / "dark" / f"{name}.svg").is_file()

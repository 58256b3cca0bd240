"""The Forestry board drawn as the board (issue 33 item 2; app/games/forestry/ui/board.py),
through the real sheet in the Flet test harness: a cell sets its count and the top token
again is one less; the full rows and the water multiplier are the rules' (scoring/forestry);
every icon the board shows ships in assets/ in both themes, with the design's bytes; no
abbreviation on the board."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft

from scoring.forestry.model import water_multiplier
from tests.app.flet_harness import by_id, semantics_ids, start_app
from tests.app.test_ui_sheet_entry import new_forestry, presenter, step

ROOT = Path(__file__).resolve().parents[2]
DESIGN = Path("/work/shared/design/icons")


def _board(p: Any) -> Any:
    return p.state.record()["players"][p.player]


def test_cells_set_their_count_and_the_top_token_takes_one_back(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        await step(client, ("tap", "sheet-seedlings-orange-3"))
        assert _board(p)["reforestation_table"]["orange"] == 3
        await step(client, ("tap", "sheet-seedlings-orange-3"))  # the top token: one less
        assert _board(p)["reforestation_table"]["orange"] == 2
        await step(client, ("tap", "sheet-seedlings-orange-1"))
        assert _board(p)["reforestation_table"]["orange"] == 1
        await step(client, ("tap", "sheet-seedlings-orange-1"))  # at 1 that reaches 0
        assert _board(p)["reforestation_table"]["orange"] == 0
        # a column: its type, then a cell; the top token again is one less
        await step(client, ("tap", "sheet-column-0-type-den_tree"))
        await step(client, ("tap", "sheet-column-0-count-3"))
        assert _board(p)["forestry_table"] == [{"type": "den_tree", "count": 3}]
        await step(client, ("tap", "sheet-column-0-count-3"))
        assert _board(p)["forestry_table"] == [{"type": "den_tree", "count": 2}]
        assert p.error is None
        assert not client.crashes()

    asyncio.run(go())


def _lit(client: Any, ident: str) -> bool:
    label = by_id_semantics(client, ident).label or ""
    return label.endswith(": full")


def by_id_semantics(client: Any, ident: str) -> ft.Semantics:
    found = client.find(ft.Semantics, lambda c: c.identifier == ident)
    assert found, ident
    return found[0]


def test_full_rows_and_the_water_multiplier_are_the_rules(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        assert not _lit(client, "board-reforestation-full-row-1")
        assert "now" in (by_id_semantics(client, "board-water-1").label or "")
        for area in ("light_green", "dark_green", "orange"):
            await step(client, ("tap", f"sheet-seedlings-{area}-2"))
        # reforestation rows 1 and 2 full: the water step from row 2 (000, 002)
        want = water_multiplier(p.state.boards_of(type(p.kind().board()))[p.player])
        assert want == 2
        assert "now" in (by_id_semantics(client, f"board-water-{want}").label or "")
        assert "now" not in (by_id_semantics(client, "board-water-1").label or "")
        assert _lit(client, "board-reforestation-full-row-1")
        assert _lit(client, "board-reforestation-full-row-2")
        assert not _lit(client, "board-reforestation-full-row-3")
        assert not _lit(client, "board-forestry-full-row-1")  # the other table: not full
        assert not client.crashes()

    asyncio.run(go())


def test_the_board_shows_the_design_ids_icons_and_words(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        ids = set(semantics_ids(client))
        want = {"sheet-storage-wood-plus", "sheet-storage-extensions-plus", "board-left",
                "board-right", "board-water-track", "sheet-score-track-value",
                *(f"board-building-slot-{n}" for n in range(1, 7)),
                *(f"sheet-contract-{c}" for c in ("building", "furniture", "innovation",
                                                  "accessory")),
                # an empty column's types lie in its empty cells (its counts come with one)
                *(f"sheet-column-0-type-{t}" for t in ("thinning", "den_tree", "painting")),
                *(f"sheet-seedlings-light_green-{r}" for r in (1, 2, 3)),
                *(f"sheet-resources-{r}-value" for r in ("coins", "construction-materials",
                                                         "seedlings", "temp-workers"))}
        assert want <= ids, want - ids
        assert not any(i.startswith("sheet-column-0-count-") for i in ids)
        srcs = {c.src for c in client.find(ft.Image) if isinstance(c.src, str)
                and c.src.startswith("icons/")}
        assert len(srcs) >= 15, srcs
        for src in srcs:
            name = src.removeprefix("icons/").removeprefix("dark/")
            for theme in ("", "dark/"):
                shipped = ROOT / "assets" / "icons" / f"{theme}{name}"
                assert shipped.is_file(), shipped
                if DESIGN.is_dir():  # the design's own bytes
                    assert shipped.read_bytes() == (DESIGN / f"{theme}{name}").read_bytes()
        texts = " ".join(t for t in client.texts() if isinstance(t, str))
        assert "Temporary workers" in texts and "Temp workers" not in texts
        for word in ("Th", "De", "Pa", "Be", "Fu", "In"):
            assert word not in [t for t in client.texts()], word
        # a slot opens its picker: a forest building or a sawmill upgrade in an area
        await step(client, ("tap", "board-building-slot-1"))
        picked = set(semantics_ids(client))
        assert {"sheet-buildings-forest-plus", "sheet-buildings-sawmill-light-green-plus",
                "sheet-buildings-sawmill-dark-green-plus",
                "sheet-buildings-sawmill-orange-plus"} <= picked
        assert isinstance(by_id(client, "sheet-buildings-forest-plus"), ft.OutlinedButton)
        assert not client.crashes()

    asyncio.run(go())


def test_no_identifier_twice_on_the_board(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        ids = semantics_ids(client)
        twice = {i for i in ids if ids.count(i) > 1}
        assert not twice, twice

    asyncio.run(go())


def test_a_task_tiles_words_fit_it_and_never_break_before_a_small_kana() -> None:
    from app.games.forestry.ui.board import NO_LINE_START, TASK_ADD_W, tile_words
    from app.ui.kit.fit import text_width

    width = TASK_ADD_W - 4
    assert tile_words("Den tree", width) == ("Den tree", 10)
    assert tile_words("Innovation", width) == ("Innovation", 9)  # was cut "Innovatio / n"
    for word in ("イノベーション", "アクセサリー"):
        words, size = tile_words(word, width)
        lines = words.split("\n")
        assert len(lines) == 2 and "".join(lines) == word
        assert lines[1][0] not in NO_LINE_START  # never "イノベーシ / ョン"
        assert all(text_width(line, size) <= width for line in lines)

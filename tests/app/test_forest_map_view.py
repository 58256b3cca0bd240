"""The forest drawn as a honeycomb (issue 33, item 4) and the icons it draws with (item 8):
through the app shell (no Flutter), the served icon files, the map's colours' contrast."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import flet as ft
import flet.canvas as cv
import httpx
import pytest

from app.games.forestry.ui import forest_map_view as MV
from app.ui.kit import icon_assets
from app.ui.kit.colours import PLAYER_COLOURS, seat_colour
from app.ui.kit.prefs import MemoryPrefs
from tests.app.flet_harness import by_id, on_page, settle, start_app, tap
from tests.app.test_ui_sheet_entry import new_forestry, refresh

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "assets" / "icons"
DESIGN_ICONS = {"animal-card", "coin", "harvester", "harvested", "infested-wood",
                "forester-thinning", "forester-den-tree", "forester-painting", "wood", "tree"}


def _lum(hex_colour: str) -> float:
    r, g, b = (int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_lum(a), _lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize(("pal", "surface"), [(MV.LIGHT, "#F7FBF1"), (MV.DARK, "#10140F")])
def test_the_maps_colours_meet_wcag_aa_in_both_themes(pal: MV.Palette, surface: str) -> None:
    """Numbers and names on every kind of space >= 4.5:1 (the token labels were 3.33-3.98:1
    in dark mode: a hard-coded green); the "New" badge too; outlines >= 3:1 on the card."""
    for fill, text in (pal.free, pal.harvested, pal.infested):
        assert contrast(fill, text) >= 4.5, (fill, text)
    assert contrast(pal.drawn, pal.on_drawn) >= 4.5
    assert contrast(pal.outline, surface) >= 3
    for fill, _text in (pal.free, pal.harvested, pal.infested):
        assert contrast(pal.drawn, fill) >= 3, fill  # the dashed outline on its space
    dark = pal is MV.DARK
    for name in PLAYER_COLOURS:
        line = seat_colour(name, dark).line
        assert contrast(line, surface) >= 3, name  # a name's bar, this phone's outline
        assert contrast(PLAYER_COLOURS[name][2], "#FFFFFF") >= 3, name  # a ring on a disc


def test_the_icon_set_ships_in_assets_light_and_dark() -> None:
    light = {p.stem for p in ICONS.glob("*.svg")}
    dark = {p.stem for p in (ICONS / "dark").glob("*.svg")}
    assert len(light) >= 41 and light == dark and DESIGN_ICONS <= light
    for p in [*ICONS.glob("*.svg"), *(ICONS / "dark").glob("*.svg")]:
        assert p.read_text(encoding="utf-8").startswith("<svg"), p
    for name in set(MV.MODE_ICONS.values()) - {None}:
        assert name in light, name


def test_icons_are_fetched_from_the_versioned_prefix_when_served() -> None:
    try:
        assert icon_assets.icon_src("coin") == "icons/coin.svg"  # the desktop window
        assert icon_assets.icon_src("coin", dark=True) == "icons/dark/coin.svg"
        icon_assets.set_asset_base("/_ft/1.0.5-abc")
        assert icon_assets.icon_src("coin") == "/_ft/1.0.5-abc/icons/coin.svg"
    finally:
        icon_assets.set_asset_base("")


def test_the_server_sends_the_icons_for_a_year(tmp_path: Path) -> None:
    """An icon under the client's prefix: its bytes, ``immutable`` for a year, compressed
    when asked; its address from :func:`icon_src` once ``serve`` has set the prefix."""
    from app.web.static import IMMUTABLE
    from tests.app.web_server import running

    with running(tmp_path) as (url, client):
        try:
            icon_assets.set_asset_base(client.prefix)
            for name, dark in (("harvester", False), ("forester-den-tree", True)):
                src = icon_assets.icon_src(name, dark=dark)
                with httpx.Client(base_url=url) as c:
                    r = c.get(src, headers={"Accept-Encoding": "identity"})
                assert r.status_code == 200, src
                assert r.headers["cache-control"] == IMMUTABLE
                assert r.headers["content-type"].startswith("image/svg+xml")
                assert r.content == (ICONS / ("dark" if dark else "") / f"{name}.svg"
                                     ).read_bytes()
        finally:
            icon_assets.set_asset_base("")


# --------------------------------------------------------------------------- the map drawn


def _map_controls(client: Any) -> list[Any]:
    root = next(c for c in client.find(ft.Semantics) if c.identifier == "play-map")
    return list(on_page(root))


def _texts(controls: list[Any]) -> list[str]:
    return [c.value for c in controls if isinstance(c, ft.Text) and c.value]


def _run(steps: Any, theme: str = "light", language: str = "en") -> None:
    async def go() -> None:
        prefs = MemoryPrefs({"forest_table.theme": theme, "forest_table.language": language})
        client, app = await start_app(prefs=prefs)
        for _ in range(200):  # the stored settings are read once the first screen is out
            await settle(0.02)
            if (app.settings.theme, app.settings.language) == (theme, language):
                break
        assert (app.settings.theme, app.settings.language) == (theme, language)
        await refresh(client)
        await new_forestry(client, app, ["Mei", "Ken", "Aya"])
        await refresh(client)
        await steps(client, app)

    asyncio.run(go())


def test_the_forest_is_a_honeycomb_of_fifteen_spaces_with_full_words() -> None:
    async def steps(client: Any, app: Any) -> None:
        controls = _map_controls(client)
        shapes = [s for c in controls if isinstance(c, cv.Canvas) for s in c.shapes]
        fill_colours = {MV.LIGHT.free[0], MV.LIGHT.harvested[0], MV.LIGHT.infested[0]}
        fills = [s for s in shapes if s.paint.color in fill_colours]
        # each space a filled hex (three bands: 6 points) and outlined (6 edges: 12 points)
        assert sum(len(f.points) for f in fills) == 15 * 6
        edges = [s for s in shapes if s.paint.color == MV.LIGHT.outline]
        assert len(edges) == 1 and len(edges[0].points) == 15 * 12
        for n in range(1, 16):
            hit = by_id(client, f"map-space-{n}")
            assert hit.width >= 56 and hit.height >= 66, n
            assert hit.on_click is not None
        texts = _texts(controls)
        assert "Now: Move my harvester" in texts
        assert any(t.startswith("Tap a free space") for t in texts)
        assert "Put a forester token:" in texts
        assert "Schematic" in texts and any("reading order" in t for t in texts)
        for word in ("Your harvester (space outlined)", "Harvested (dark side up)",
                     "Just drawn (New)", "Infested wood", "Forester tokens"):
            assert word in texts, word
        for m in ("harvester", "act", "harvested", "thinning", "den_tree", "painting"):
            button = by_id(client, f"map-mode-{m}")
            assert button.height >= 48, m
        # no abbreviation left on the map (Thin / Den / Paint before issue 33)
        assert not {"Thin", "Den", "Paint"} & set(texts), texts
        assert {"Thinning token", "Den tree token", "Painting token"} <= set(texts)
        assert {"Mei", "Ken", "Aya"} <= set(texts)  # the harvesters' names
        srcs = {c.src for c in controls if isinstance(c, ft.Image)}
        assert "icons/harvester.svg" in srcs and not any("/dark/" in s for s in srcs)
        assert all((ROOT / "assets" / s).is_file() for s in srcs), srcs
        # a mode button chooses the mode: the banner says it, the button is selected
        await tap(client, "map-mode-harvested")
        await refresh(client)
        texts = _texts(_map_controls(client))
        assert "Now: Turn harvest tokens" in texts
        assert next(c for c in client.find(ft.Semantics)
                    if c.identifier == "map-mode-harvested").selected
        app.states.get(MV.MapState, next(iter(
            k for k, _ in app.states.all(MV.MapState)))).mode = MV.FM.MODES[0]

    _run(steps)


def test_a_harvester_is_ringed_in_its_players_colour() -> None:
    async def steps(client: Any, app: Any) -> None:
        controls = _map_controls(client)
        rings = {c.border.top.color for c in controls if isinstance(c, ft.Container)
                 and c.shape == ft.BoxShape.CIRCLE and c.border is not None
                 and isinstance(c.content, ft.Image) and c.content.src.endswith("harvester.svg")}
        # the form's seat colours: blue, red, yellow (yellow's ring on white is the darker)
        assert {"#1F5FAD", "#B83A2E", "#9A7400"} <= rings, rings

    _run(steps)


def test_dark_mode_draws_dark_spaces_and_dark_ink_icons_beside_white_tokens() -> None:
    async def steps(client: Any, app: Any) -> None:
        controls = _map_controls(client)
        fills = {s.paint.color for c in controls if isinstance(c, cv.Canvas)
                 for s in c.shapes}
        assert MV.DARK.free[0] in fills and MV.LIGHT.free[0] not in fills
        srcs = [c.src for c in controls if isinstance(c, ft.Image)]
        assert any(s == "icons/dark/harvested.svg" for s in srcs)  # a mode button's icon
        assert "icons/harvester.svg" in srcs  # on a white disc: the dark ink stays
        # a space's number in the dark ink of its kind (the dealt setup harvests some spaces:
        # which ones depends on the seed, so every number is checked against the three kinds)
        inks = {MV.DARK.free[1], MV.DARK.harvested[1], MV.DARK.infested[1]}
        numbers = {c.value: c.color for c in controls
                   if isinstance(c, ft.Text) and c.value in {str(n) for n in range(1, 16)}}
        assert len(numbers) == 15 and set(numbers.values()) <= inks, numbers
        assert MV.DARK.free[1] in numbers.values()

    _run(steps, theme="dark")


def test_the_map_in_japanese_has_no_latin_word() -> None:
    async def steps(client: Any, app: Any) -> None:
        texts = _texts(_map_controls(client))
        names = {"Mei", "Ken", "Aya"}
        latin = [t for t in texts if re.search(r"[A-Za-z]", t) and t not in names]
        assert not latin, latin
        assert "模式図" in texts

    _run(steps, language="ja")


def test_every_colour_of_the_new_game_form_has_its_colours_and_a_seat_without_one_gets_its_own(
        ) -> None:
    from app.game.new_game import COLOURS

    assert set(PLAYER_COLOURS) == set(COLOURS)
    assert MV.FM.player_colour("purple", 0) == "purple"
    assert [MV.FM.player_colour(None, i) for i in range(3)] == list(COLOURS[:3])
    assert MV.FM.player_colour("pink", 7) == COLOURS[1]  # not a colour of ours: the seat's

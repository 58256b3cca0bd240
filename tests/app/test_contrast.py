"""WCAG AA for every text colour on its background, both themes, computed from the theme itself
(issue 33 item 7): the Material 3 scheme Flutter makes from the app's seed (``GREEN_800``,
tonal spot, the 2021 spec Flutter uses) and the app's own colours (app/ui/kit/colours.py).
Normal text needs 4.5:1, large text 3:1."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest
from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors
from materialyoucolor.hct import Hct
from materialyoucolor.scheme.scheme_tonal_spot import SchemeTonalSpot

from app.ui.kit.colours import GRAPHIC_PAIRS, ON_TINT, PLAYER_COLOURS, TEXT_PAIRS, seat_colour
from app.ui.shell.app import SEED_COLOR

#: Flutter's Colors.green.shade800 (what ``ft.Colors.GREEN_800`` names)
GREEN_800 = 0xFF2E7D32


def scheme(dark: bool) -> dict[str, str]:
    s = SchemeTonalSpot(Hct.from_int(GREEN_800), dark, 0.0, spec_version="2021")
    out = {}
    for name in ("surface", "surfaceContainerLowest", "surfaceContainerLow", "surfaceContainer",
                 "surfaceContainerHigh", "surfaceContainerHighest", "onSurface",
                 "onSurfaceVariant", "outline", "outlineVariant", "primary", "onPrimary",
                 "primaryContainer", "onPrimaryContainer", "secondaryContainer",
                 "onSecondaryContainer", "secondary", "onSecondary", "tertiary",
                 "tertiaryContainer",
                 "onTertiaryContainer", "error", "onError", "errorContainer",
                 "onErrorContainer"):
        out[name] = "#%06X" % (getattr(MaterialDynamicColors, name).get_argb(s) & 0xFFFFFF)
    return out


def luminance(hex_colour: str) -> float:
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def ratio(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def over(fg: str, bg: str, alpha: float) -> str:
    """``fg`` drawn at ``alpha`` on ``bg`` (an opacity), as one colour."""
    f, b = fg.lstrip("#"), bg.lstrip("#")
    mix = [round(int(f[i:i + 2], 16) * alpha + int(b[i:i + 2], 16) * (1 - alpha))
           for i in (0, 2, 4)]
    return "#" + "".join(f"{c:02X}" for c in mix)


def test_the_scheme_is_the_seed_the_app_sets():
    assert SEED_COLOR == ft.Colors.GREEN_800
    light, dark = scheme(False), scheme(True)
    # the design's tokens (../shared/design/src/common.py) are this scheme
    assert (light["surface"], light["primary"], light["outline"]) == (
        "#F7FBF1", "#3C6939", "#72796F")
    assert (dark["surface"], dark["primary"]) == ("#10140F", "#A1D39A")


def test_the_ratio_is_wcags():
    assert ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_text_pair_of_the_theme_meets_aa(dark):
    roles = scheme(dark)
    low = []
    for fg, bg, large in TEXT_PAIRS:
        r = ratio(roles[fg], roles[bg])
        if r < (3.0 if large else 4.5):
            low.append(f"{fg} on {bg}: {r:.2f}:1")
    assert not low, low


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_line_that_tells_a_control_meets_3_to_1(dark):
    """A stepper's outlined − and + on every surface (WCAG 1.4.11, non-text: 3:1)."""
    roles = scheme(dark)
    low = [f"{fg} on {bg}: {ratio(roles[fg], roles[bg]):.2f}:1" for fg, bg in GRAPHIC_PAIRS
           if ratio(roles[fg], roles[bg]) < 3.0]
    assert GRAPHIC_PAIRS and not low, low


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_every_player_colour_meets_aa(dark):
    """A column head's name on the seat's colour, and the seat's line (a name in the seat's
    colour, a chip's ring) on every surface."""
    roles = scheme(dark)
    for colour in PLAYER_COLOURS:
        c = seat_colour(colour, dark)
        assert ratio(c.on_fill, c.fill) >= 4.5, (colour, c)
        for bg in ("surface", "surfaceContainerLow", "surfaceContainerHighest"):
            # lines and rings: 3:1 (WCAG 1.4.11); a chart bar is a graphic too
            assert ratio(c.line, roles[bg]) >= 3.0, (colour, bg)
    assert ratio(ON_TINT, "#D6D6D6") >= 4.5


def test_hints_and_reasons_are_not_the_outline_colour():
    """Issue 33: hints in ``outline`` were 4.06:1 on a card (below AA); they are
    ``onSurfaceVariant`` now."""
    from app.ui.kit.widgets import stepper, toggle

    light = scheme(False)
    assert ratio(light["outline"], light["surfaceContainerLow"]) < 4.5  # why not outline
    hint = stepper("x", "X", 1, None, None, "less", "more", hint="a hint").controls[-1]
    assert hint.value == "a hint" and hint.color == ft.Colors.ON_SURFACE_VARIANT
    reason = toggle("y", "Y", False, lambda v: None, disabled=True, reason="why").controls[-1]
    assert reason.content.color == ft.Colors.ON_SURFACE_VARIANT


def test_a_finished_setup_step_keeps_its_text_readable():
    """Issue 33: a finished step was the whole card at 60 % opacity: 2.34:1 for its muted
    lines. Whatever opacity it has, its muted text stays at 4.5:1."""
    from app.ui.setup.view import DONE_OPACITY

    for dark in (False, True):
        roles = scheme(dark)
        page, card_bg = roles["surface"], roles["surfaceContainerLow"]
        bg = over(card_bg, page, DONE_OPACITY)
        for role in ("onSurface", "onSurfaceVariant", "primary"):
            text = over(roles[role], page, DONE_OPACITY)  # the layer on the page
            assert ratio(text, bg) >= 4.5, (dark, role, ratio(text, bg))


# --------------------------------------------------------------------------- drawn screens

#: what a control paints behind its children when it sets no colour (Material 3 defaults)
_DEFAULT_BG = {"Card": "surfaceContainerLow"}
_ROLES = {name.lower(): name for name in scheme(False)}


def _resolve(colour: Any, roles: dict[str, str]) -> str | None:
    if colour is None:
        return None
    value = getattr(colour, "value", colour)
    if isinstance(value, str) and value.startswith("#"):
        return value.upper()
    role = _ROLES.get(str(value).lower())
    assert role is not None, f"a colour the test does not know: {colour!r}"
    return roles[role]


def _texts(control: Any, bg: str, roles: dict[str, str], out: list[tuple[str, str, bool, str]],
           fade: tuple[float, str] = (1.0, "")) -> None:
    """Every text under ``control`` with the colour it is drawn on: (text colour, background,
    large, the text). ``fade``: the opacity of a layer above and what lies under it."""
    import dataclasses

    def seen(colour: str) -> str:
        return colour if fade[0] >= 1.0 else over(colour, fade[1], fade[0])

    if not getattr(control, "visible", True):
        return
    if isinstance(control, ft.Text):
        size = control.size or 14
        bold = control.weight in (ft.FontWeight.BOLD, ft.FontWeight.W_700, ft.FontWeight.W_800,
                                  ft.FontWeight.W_900)
        fg = _resolve(control.color, roles) or roles["onSurface"]
        out.append((seen(fg), seen(bg), size >= 24 or (size >= 18.66 and bold),
                    str(control.value)))
        return
    opacity = getattr(control, "opacity", None)
    if opacity is not None and opacity < 1.0:
        fade = (fade[0] * opacity, fade[1] if fade[0] < 1.0 else bg)
    here = _resolve(getattr(control, "bgcolor", None), roles) \
        or _resolve(getattr(control, "collapsed_bgcolor", None), roles)
    if here is None and type(control).__name__ in _DEFAULT_BG:
        here = roles[_DEFAULT_BG[type(control).__name__]]
    bg = here or bg
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in ("data", "key", "tooltip", "badge"):
            continue
        value = getattr(control, f.name, None)
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ft.Control):
                _texts(child, bg, roles, out, fade)


def _low(drawn: list[tuple[str, str, bool, str]]) -> list[str]:
    return sorted({f"{text!r}: {fg} on {bg} {ratio(fg, bg):.2f}:1"
                   for fg, bg, large, text in drawn if ratio(fg, bg) < (3.0 if large else 4.5)})


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_the_result_screen_draws_meets_aa(svc: Any, theme: str) -> None:
    """The finish screen and the scoreboard as the app draws them (a 4-player game, the
    seats' colours, the winner's tint, a tie note, the notes), every text on the colour
    under it, computed from the scheme of the seed."""
    import asyncio

    from app.ui.kit.prefs import Settings
    from tests.app.flet_harness import by_id, settle, start_app, tap
    from tests.app.test_ui_finish import guardians

    gid, _ = guardians(svc, names=("Mei", "Ken", "Aya", "Sora"), fires=(3, 1, 2, 2))
    roles = scheme(theme == "dark")

    async def go() -> list[tuple[str, str, bool, str]]:
        client, app = await start_app()
        app.apply_settings(Settings(theme=theme), save=False)
        app.go("finish", game_id=gid)
        await settle()
        client.session.get_page_patch()
        drawn: list[tuple[str, str, bool, str]] = []
        _texts(app.page, roles["surface"], roles, drawn)
        assert any(text == "Mei" for *_x, text in drawn)  # the grid's heads were walked
        await tap(client, "finish-scoreboard")
        await settle()
        client.session.get_page_patch()
        _texts(app.page, roles["surface"], roles, drawn)
        assert by_id(client, "score-table") is not None
        assert not client.crashes()
        return drawn

    assert not _low(asyncio.run(go()))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_of_the_setup_and_the_sheet_meets_aa(svc: Any, theme: str) -> None:
    """A Forestry game's setup walkthrough (a finished step dimmed: issue 33 named 2.34:1),
    then its sheet with the forest map, as drawn, both themes."""
    import asyncio

    from app.ui.kit.prefs import Settings
    from tests.app.flet_harness import by_id, settle, start_app, tap

    roles = scheme(theme == "dark")

    async def go() -> list[tuple[str, str, bool, str]]:
        client, app = await start_app()
        app.apply_settings(Settings(theme=theme), save=False)
        await settle()
        client.session.get_page_patch()

        async def press(identifier: str) -> None:
            await tap(client, identifier)
            await settle()
            client.session.get_page_patch()

        drawn: list[tuple[str, str, bool, str]] = []
        await press("home-new-game")
        _texts(app.page, roles["surface"], roles, drawn)
        for i, name in enumerate(["Mei", "Ken"]):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        await press("new-start")
        await press("setup-step-1-done") if client.find(
            ft.Semantics, lambda c: c.identifier == "setup-step-1-done") else None
        _texts(app.page, roles["surface"], roles, drawn)
        await press("setup-start-play")
        _texts(app.page, roles["surface"], roles, drawn)
        assert any(text == "Mei" or text.startswith("Mei") for *_x, text in drawn)
        # the status strip was walked too: its turn, "To apply" (its words, or its count
        # alone when row 1 has no room: app/ui/kit/fit.py), the chips, the menu
        assert "Quick reference" in {text for *_x, text in drawn}
        assert client.find(ft.Semantics, lambda c: c.identifier == "status-apply")
        assert not client.crashes()
        return drawn

    assert not _low(asyncio.run(go()))


def test_the_boards_pieces_meet_aa():
    """The Forestry board drawn as the board (app/games/forestry/ui/board.py): the dark ink
    on a storage space, a token's disc, a locked space and the lap button (both themes: the
    pieces keep their colours); each area's name on its colour and on its cells' tint; the
    outline of a space on the page and on the slot (3:1, a component's edge)."""
    from app.games.forestry.ui import board

    for bg in (board.SLOT_FILL, board.DISC, board.LOCKED_FILL, board.LAP_FILL):
        assert ratio(board.INK, bg) >= 4.5, bg
    for area, (fill, text, tint) in board.AREA_LOOK.items():
        assert ratio(text, fill) >= 4.5, (area, text, fill)
        assert ratio(board.INK, tint) >= 4.5, (area, tint)
    assert ratio(board.OUTLINE, board.SLOT_FILL) >= 3.0
    for dark in (False, True):  # an empty slot's edge on the board and on the page
        for bg in ("surface", "surfaceContainerLow"):
            assert ratio(board.OUTLINE, scheme(dark)[bg]) >= 3.0, (dark, bg)

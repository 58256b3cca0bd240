"""Player colours in one place (issue 33 item 7): the new-game form's six, their dark-mode
tints and the text on them; on the form's chips, the result grid's heads and the charts."""

from __future__ import annotations

import asyncio

import flet as ft

from app.game.new_game import COLOURS
from app.ui.kit.colours import PLAYER_COLOURS, THEME_SEAT, seat_colour
from tests.app.flet_harness import by_id, start_app, tap


def test_the_six_colours_are_the_forms():
    assert set(PLAYER_COLOURS) == set(COLOURS)
    assert seat_colour("purple") == seat_colour("purple", dark=False)
    assert (seat_colour("purple").fill, seat_colour("purple").on_fill) == ("#7446A8", "#FFFFFF")
    # yellow's line on a light page is darker; every dark-mode colour is a lighter tint
    assert seat_colour("yellow").line == "#9A7400"
    assert seat_colour("black", dark=True).fill == "#D6D6D6"
    assert seat_colour("black", dark=True).on_fill != "#FFFFFF"
    # no colour (an imported record): the theme's own
    assert seat_colour(None) is THEME_SEAT and seat_colour("teal", dark=True) is THEME_SEAT


def test_the_new_game_forms_colour_chips_show_their_colour():
    async def go():
        client, _app = await start_app()
        await tap(client, "home-new-game")
        client.session.get_page_patch()
        for colour in COLOURS:
            chip = by_id(client, f"new-player-0-colour-{colour}")
            assert isinstance(chip, ft.Chip)
            assert chip.leading.bgcolor == seat_colour(colour).line, colour
        assert not client.crashes()

    asyncio.run(go())

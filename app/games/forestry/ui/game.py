"""What the screens show of Forestry (with Growing Forward): its :class:`GameUI`, registered
in :mod:`app.ui.kit.games`."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

import flet as ft

from app.games.forestry.ui.board import COUNT_ICONS, forestry_board
from app.games.forestry.ui.forest_map_view import forest_map
from app.games.forestry.ui.form import ForestryForm
from app.games.forestry.ui.form_view import option_block
from app.games.forestry.ui.lines import WORDS
from app.games.forestry.ui.setup_view import harvesters, setup_lines
from app.games.forestry.ui.sheet import ForestrySheet
from app.ui.kit.game_ui import GameUI, RefLine, SheetHost
from scoring.forestry.reference import forestry_reference
from scoring.games import Game

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav


def reference_lines() -> list[RefLine]:
    """The turn, the free actions, the actions, the headquarters and the end, line by line
    with their sources."""
    return [(line.section.value, line.message, line.source) for line in forestry_reference()]


def play_piece(app: Nav, p: SheetHost, c: TableClient, lang: str) -> ft.Control:
    """The shared forest board: foresters, harvesters, infested wood, harvest tokens."""
    return forest_map(app, p, c, lang)


UI = GameUI(Game.FORESTRY, sheet=ForestrySheet, form=ForestryForm, option_block=option_block,
            play_piece=play_piece, words=WORDS, reference_lines=reference_lines,
            setup_piece=harvesters, setup_lines=setup_lines, infestation_step="gf.infestation",
            category_icons=MappingProxyType({
                "score_track": "score", "buildings": "forest-building", "water": "water-structure",
                "tasks": "task-card", "forester_majority": "forester-pair", "resources": "coin",
                "wood": "wood", "detached": "storage-space", "technician": "technology"}),
            count_icons=COUNT_ICONS, board=forestry_board)

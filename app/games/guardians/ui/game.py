"""What the screens show of Forest Guardians: its :class:`GameUI`, registered in
:mod:`app.ui.kit.games`."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import flet as ft

from app.games.guardians.ui.board import KEYPAD_ICONS, guardians_board
from app.games.guardians.ui.form import GuardiansForm
from app.games.guardians.ui.form_view import option_block
from app.games.guardians.ui.lines import WORDS
from app.games.guardians.ui.planting import planting_check
from app.games.guardians.ui.sheet import GuardiansSheet
from app.ui.kit.game_ui import GameUI, RefLine, SheetHost
from scoring.games import Game
from scoring.guardians.reference import LINE_SECTIONS, guardians_reference_lines, quick_reference

if TYPE_CHECKING:
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav


def reference_lines() -> list[RefLine]:
    """The turn and the planting rules, line by line with their sources."""
    return [(f"guardians-{line.section}", line.message, line.source)
            for line in guardians_reference_lines()]


def reference_cards(advanced: bool) -> Sequence[Any]:
    """Every other section of the quick reference (those above are shown line by line)."""
    return [s for s in quick_reference(advanced) if s.id not in LINE_SECTIONS]


def play_piece(app: Nav, p: SheetHost, c: TableClient, lang: str) -> ft.Control:
    """Where a player enters a tree: may it go there, and what does it cost (003)."""
    return planting_check(app, lang)


UI = GameUI(Game.GUARDIANS, sheet=GuardiansSheet, form=GuardiansForm,
            option_block=option_block, play_piece=play_piece, words=WORDS,
            reference_lines=reference_lines, reference_cards=reference_cards,
            reference_piece=planting_check,
            category_icons=MappingProxyType({"trees": "tree", "animals": "animal-card",
                                             "fires": "fire-token", "ranger": "ranger"}),
            count_icons=KEYPAD_ICONS, board=guardians_board)

"""The screen registry: route -> screen builder (every screen takes a :class:`~app.ui.nav.Nav`).

Assembled here, imported by the shell (:mod:`app.ui.app`); no screen imports
this module or the shell.
"""

from __future__ import annotations

from app.ui.nav import ScreenBuilder
from app.ui.screens import (
    finish,
    home,
    host,
    new_game,
    records,
    reference,
    settings,
    setup,
    sheet,
)


def screens() -> dict[str, ScreenBuilder]:
    """Every screen by route (a fresh dict: a tab may not change another tab's routes)."""
    return {
        "home": home.build,
        "settings": settings.build,
        "new": new_game.build,
        "setup": setup.build,
        "sheet": sheet.build,
        "scoreboard": sheet.build_scoreboard,
        "reference": reference.build,
        "history": records.build_history,
        "stats": records.build_stats,
        "played": records.build_played,  # correct, delete or replay a finished game
        "people": records.build_people,  # rename and merge people
        "person": records.build_person,  # one person's charts
        "finish": finish.build,  # after the finish: result, sharing, exports, rematch
        "tables": host.build_tables,  # table mode: the open tables' QR codes
        "host": host.build,  # table mode: one table's QR codes
    }

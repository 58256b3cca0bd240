"""The screen registry: route -> screen builder (every screen takes a :class:`~app.ui.kit.nav.Nav`).

Assembled here, imported by the shell (:mod:`app.ui.shell.app`); no screen imports
this module or the shell.
"""

from __future__ import annotations

from app.ui.finish import view as finish
from app.ui.home import view as home
from app.ui.host import view as host
from app.ui.kit.nav import ScreenBuilder
from app.ui.new_game import view as new_game
from app.ui.records import view as records
from app.ui.reference import view as reference
from app.ui.settings import view as settings
from app.ui.setup import view as setup
from app.ui.sheet import scoreboard
from app.ui.sheet import view as sheet


def screens() -> dict[str, ScreenBuilder]:
    """Every screen by route (a fresh dict: a tab may not change another tab's routes)."""
    return {
        "home": home.build,
        "settings": settings.build,
        "new": new_game.build,
        "setup": setup.build,
        "sheet": sheet.build,
        "scoreboard": scoreboard.build,
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

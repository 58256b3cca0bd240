"""Swipe sideways on the board: the next or the previous player's board, as a tap on their
seat chip does (``../shared/design/README.md``, "How a tap works").

A :class:`ft.GestureDetector` (``sheet-swipe``) around everything under the status strip
listens to horizontal drags only: Flutter's gesture arena gives a drag that starts
sideways to it and one that starts up or down to the page's scrolling, and a tap stays a
tap (a drag is recognised past the touch slop only). It listens to fingers and pens, not
to a mouse: a mouse's drag is recognised at 1 px, so the jitter of a click on the
laptop would take the click from the button under it. Two messages per swipe (its start
and its end), none while the finger moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from app.ui.kit.widgets import sid
from app.ui.sheet.strip import select_player

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav
    from app.ui.sheet.presenter import SheetPresenter

#: a deliberate swipe: this far sideways (px, from where the drag was recognised, which is
#: past the touch slop of 18 px) ...
DISTANCE = 80.0
#: ... or a flick: this far at least, this fast (px/s) the same way
FLICK_DISTANCE, FLICK_SPEED = 40.0, 500.0
DEVICES = [ft.PointerDeviceType.TOUCH, ft.PointerDeviceType.STYLUS,
           ft.PointerDeviceType.INVERTED_STYLUS]


def step(dx: float, dy: float, velocity: float) -> int:
    """The board a drag by (``dx``, ``dy``) px ending at ``velocity`` px/s (sideways) leads
    to: +1 the next player's (a swipe to the left), -1 the previous one's, 0 none (too short,
    too slow, or more up or down than sideways)."""
    if abs(dy) > abs(dx):
        return 0
    flick = abs(dx) >= FLICK_DISTANCE and abs(velocity) >= FLICK_SPEED \
        and (velocity < 0) == (dx < 0)
    if abs(dx) < DISTANCE and not flick:
        return 0
    return 1 if dx < 0 else -1


@dataclass(slots=True)
class Drag:
    """Where this tab's sideways drag was recognised (one per game id): the detector may be
    drawn anew between its start and its end."""

    x: float = 0.0
    y: float = 0.0


def board_swipe(app: Nav, p: SheetPresenter, content: ft.Control) -> ft.Control:
    """``content`` (the board and what lies under the strip) in a detector of sideways
    swipes that show the next or previous seat's board."""
    game_id = p.snapshot.game_id

    def started(e: Any) -> None:
        drag = app.states.setdefault(Drag, Drag, game_id)
        drag.x, drag.y = e.global_position.x, e.global_position.y

    def ended(e: Any) -> None:
        drag = app.states.setdefault(Drag, Drag, game_id)
        velocity = e.primary_velocity if e.primary_velocity is not None else e.velocity.x
        moved = step(e.global_position.x - drag.x, e.global_position.y - drag.y, velocity)
        n = len(p.state.players)
        if moved and n > 1:
            select_player(app, p, (p.player + moved) % n)

    return sid("sheet-swipe", ft.GestureDetector(
        content=content, on_horizontal_drag_start=started, on_horizontal_drag_end=ended,
        allowed_devices=DEVICES, exclude_from_semantics=True))

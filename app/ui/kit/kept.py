"""The sheet's pieces kept between redraws (one set per game id), so a tap elsewhere at the
table sends this phone only the numbers that changed. ``p`` is the sheet's presenter
(:class:`app.ui.sheet.presenter.SheetPresenter`: its ``snapshot.game_id``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from app.ui.kit.flet_compat import keyed, on_screen, patch_slot

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


@dataclass(slots=True)
class KeptPieces:
    """The sheet's pieces kept from its last redraw (one per game id): name -> (key, control)."""

    pieces: dict[str, tuple[Any, ft.Control]] = field(default_factory=dict)
    #: the names drawn in the redraw under way: a name twice gets a control of its own
    drawn: set[str] = field(default_factory=set)
    #: the ids of controls found on the page in the redraw under way (flet_compat.on_screen)
    live: set[int] = field(default_factory=set)

    def done(self) -> None:
        """The redraw under way was drawn: what it found is not known for the next."""
        self.drawn.clear()
        self.live.clear()


def keep_piece(app: Nav, p: Any, name: str, key: Any,
               make: Callable[[], ft.Control]) -> ft.Control:
    """A piece of the sheet, kept from the last redraw when ``key`` says it is unchanged.

    Another player's tap changes a few numbers on this phone's sheet; every
    other piece (a card, the header, the buttons) stays the very control the
    phone already has: nothing to build, diff or send for it. That is what lets
    one laptop serve many tables. ``key`` must hold everything the piece shows
    or does; taps inside kept pieces make their command when tapped, with the
    version on screen then (:class:`~app.ui.kit.sheet_views.Tap`).
    """
    key = (key, app.settings.language)
    game_id = p.snapshot.game_id
    held = app.states.get(KeptPieces, game_id)
    if held is None:
        held = app.states.put(KeptPieces(), game_id)
        app.on_close(lambda: app.states.pop(KeptPieces, game_id))  # nothing kept past the tab
    cache = held.pieces
    drawn = held.drawn
    if name in drawn:  # one control, one place: a second piece of that name is its own
        return make()
    if not drawn:
        app.after_render(held.done)
    drawn.add(name)
    kept = cache.get(name)
    if kept is not None and kept[0] == key and on_screen(app.page, kept[1], held.live):
        return kept[1]
    control = keyed(make(), f"kept-{name}")  # matched by key, not place, when pieces come and go
    cache[name] = (key, control)
    return control


def keep_column(app: Nav, p: Any, name: str, controls: list[ft.Control],
                **props: Any) -> ft.Control:
    """A column holding ``controls`` (pieces), kept from the last redraw while it holds the
    very same controls with the same ``props``: the columns around the pieces are then
    neither made nor diffed again, and a redraw in which no piece changed sends nothing.

    The key is the controls' identities: the kept column holds its controls, so none of
    them can be collected and its id given to another while the column is kept."""
    return keep_piece(app, p, name, (tuple(map(id, controls)), tuple(props.items())),
                      lambda: ft.Column(controls, **props))


def keep_slot(app: Nav, p: Any, name: str, key: Any, make: Callable[[], ft.Control],
              **props: Any) -> ft.Control:
    """A piece that changes on most redraws (the last change at the table, a seat's total),
    in a holder (a column of ``props``) kept from one redraw to the next.

    A kept piece that changes is a new control, and so is every column holding it (each is
    kept while it holds the very same controls): the last change line, new after every tap
    at the table, made every phone build, diff and send the sheet's columns down to it
    (about half of a redraw's CPU). In a slot, the holder stays the very control the phone
    has, so nothing around it changes; the new piece alone is sent in its place once the
    screen is drawn (:func:`app.ui.kit.flet_compat.patch_slot`, one patch of its own)."""
    piece = keep_piece(app, p, name, key, make)
    # (a piece of another kind: a new holder, sent with it; a name drawn twice in one
    # redraw: a holder of its own around its own piece)
    slot = cast(ft.Column, keep_piece(
        app, p, f"{name}-slot", (type(piece), tuple(props.items())),
        lambda: ft.Column([piece], spacing=0, tight=True, **props)))
    if slot.controls[0] is not piece:  # the holder is the phone's: the piece goes in later
        app.after_render(lambda: patch_slot(app.page, slot, piece))
    return slot


def forget_pieces(app: Nav, p: Any) -> None:
    """Draw this phone's sheet anew at the next redraw: it was tapped.

    A tap may have changed a control on the phone and in its server copy before
    the handler runs (a chip tapped while selected is now unselected on both);
    kept as is, it would stay that way. A fresh sheet is diffed against it and the
    phone shows what the game says. Only the tapping phone pays for this: the other
    phones at the table keep their pieces.
    """
    held = app.states.get(KeptPieces, p.snapshot.game_id)
    if held is not None:
        held.pieces.clear()

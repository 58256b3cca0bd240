"""Typed state that several screens share (kept in :class:`app.ui.nav.States`).

State only one screen uses lives in that screen's module; what the sheet, its
scoreboard, the finish and the reference screens all read (the open table of a
game) is here, so no screen imports another for a type.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    import flet as ft

    from app.ui.presenters_sheet import SheetPresenter, TableClient


class OpenTable(NamedTuple):
    """A game this tab has open (one per game id): its presenter and its table link."""

    presenter: SheetPresenter
    client: TableClient


@dataclass(slots=True)
class KeptPieces:
    """The sheet's pieces kept from its last redraw (one per game id): name -> (key, control,
    everything it holds)."""

    pieces: dict[str, tuple[Any, ft.Control, list[ft.BaseControl]]] = field(default_factory=dict)


@dataclass(slots=True)
class TapLock:
    """One tap of a tab at a time, in the order they came (one per tab)."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass(slots=True)
class TableResult:
    """A finished table's result on a table link's phone (key: game id and language)."""

    view: Any

"""Forestry's board drawn as the board (issue 33, ``../shared/design`` a.): the score track as
a ruler, then a frame in the player's colour holding the resources, storage as its spaces,
the reward and development tracks, the character's count and the building track as its
six slots; the contracts as category tiles and two-category cards.

One small function per region. Every control sends what the sheet's view models
(:mod:`app.games.forestry.ui.sheet`) say it sends: nothing here knows a rule. The counts
are the kit's steppers and number fields (:mod:`app.ui.kit.widgets`); a space or a slot is
a tap on a count's own step (the first empty storage space is "one more wood"). Sections
this module does not draw are drawn the generic way (``draw``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import flet as ft

from app.games.forestry.ui.sheet import task_words
from app.ui.kit import flet_compat
from app.ui.kit.board_parts import box, frame, icon, marked, title
from app.ui.kit.colours import SeatColour, is_dark, seat_colour
from app.ui.kit.fit import text_width
from app.ui.kit.kept import keep_column, keep_piece
from app.ui.kit.live_table import tapped
from app.ui.kit.sheet_views import Action, CardItem, Count, GridColumn, Option, Section, Tap
from app.ui.kit.widgets import (
    TOUCH,
    bottom_sheet,
    muted,
    number_field,
    sid,
    stepper,
    value_sid,
)
from scoring.forestry.enums import Area, ContractCategory
from scoring.forestry.model import MAX_RIVER_TOKENS, ForestryPlayer

if TYPE_CHECKING:
    from app.ui.kit.game_ui import SheetHost
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav

#: the sections drawn here (the others: ``draw``)
LEFT_SIDE = ("resources", "storage", "character", "buildings")
RIGHT_SIDE = ("forestry-table", "reforestation", "river-tokens")
DRAWN = frozenset(("score", "contracts", "task-cards", *LEFT_SIDE, *RIGHT_SIDE))
#: storage: two spaces, then the extensions I, II, III; the building track: six slots
SPACES, SLOTS = 5, 6
EXTENSION_MARKS = ("", "", "I", "II", "III")
#: board pieces (the design's): a storage space, a token's disc, a space's outline
SLOT_FILL, DISC, OUTLINE = "#EADFCB", "#FFFFFF", "#72796F"
#: a piece's ink: the dark ink on a slot or a disc in both themes
INK = "#1B1C18"
#: the areas' colours (a sawmill's bar, a reforestation column's head): (fill, text on it,
#: the pale tint of its cells)
AREA_LOOK = {Area.LIGHT_GREEN: ("#A8D672", INK, "#E4F2D2"),
             Area.DARK_GREEN: ("#2E6B34", "#FFFFFF", "#CBE0CB"),
             Area.ORANGE: ("#F0A23B", INK, "#FBE4C4")}
AREA_COLOURS = {a: look[0] for a, look in AREA_LOOK.items()}
#: the reward track's lap button, a locked storage space
LAP_FILL, LOCKED_FILL = "#B9E4B0", "#DDE5D8"
RESOURCE_ICONS = {"coins": "coin", "construction-materials": "construction-materials",
                  "seedlings": "seedling", "temp-workers": "temporary-worker"}
#: what lies below the tables: each count's icon (its id without "sheet-")
BELOW_ICONS = {"seedlings-below": "seedling",
               "forester-tokens-below-thinning": "forester-thinning",
               "forester-tokens-below-den-tree": "forester-den-tree",
               "forester-tokens-below-painting": "forester-painting"}
#: each typed count's icon by its id (the keypad's head and "Next")
COUNT_ICONS = MappingProxyType({
    "score-track": "score", "storage-extensions": "storage-extension", "storage-wood": "wood",
    "buildings-forest": "forest-building", "buildings-sawmill-light-green": "sawmill",
    "buildings-sawmill-dark-green": "sawmill", "buildings-sawmill-orange": "sawmill",
    **{f"resources-{k}": v for k, v in RESOURCE_ICONS.items()}, **BELOW_ICONS})
#: a river token's symbol (its count id without "river-") -> its icon
RIVER_ICONS = {"accessory": "category-accessory", "innovation": "category-innovation",
               "furniture": "category-furniture", "building": "category-building",
               "sawmill_upgrade": "sawmill", "forest_building": "forest-building",
               "forester_pair": "forester-pair", "seedling_pair": "seedling-pair"}


@dataclass(frozen=True, slots=True)
class Ctx:
    """What every region needs: the tab, the sheet's presenter, the table, the mode, the
    theme and the shown seat's colours."""

    app: Nav
    p: SheetHost
    c: TableClient
    final: bool
    dark: bool
    colour: SeatColour
    keyed: Callable[[Count], Any]  # a count's keypad opener (None: not typed here)

    def t(self, key: str, **args: Any) -> str:
        return self.app.t(key, **args)

    def on(self, what: Tap | None) -> Any:
        """A control's handler for ``what`` (None: not offered)."""
        return tapped(self.app, self.p, self.c, what) if what is not None else None

    def typed(self, count: Count) -> Any:
        """The handler that opens ``count``'s keypad (None: it cannot be typed here)."""
        return self.keyed(count)


def _error_of(p: SheetHost, s: Section, count_id: str) -> str | None:
    """The last refusal, when it names ``count_id``'s field (shown under that count)."""
    if p.error and p.error_id and count_id.endswith(p.error_id):
        return p.error
    return None


def _left_error(p: SheetHost, s: Section) -> str | None:
    """The last refusal of section ``s`` that no count of it names (shown at its end)."""
    if not (p.error and p.error_id) or not p.error_id.startswith(s.id):
        return None
    if any(count.id.endswith(p.error_id) for count in s.counts):
        return None
    return p.error


def _count(s: Section, ident: str) -> Count | None:
    return next((k for k in s.counts if k.id == ident), None)


def count_tile(x: Ctx, s: Section, count: Count, compact: bool = True,
               badge: ft.Control | None = None) -> ft.Control:
    """A count as the kit's stepper: − n +, the number typed; ``badge`` ends its label's row."""
    return stepper(f"sheet-{count.id}", count.label, count.value, x.on(count.minus),
                   x.on(count.plus), x.t("sheet-decrease", field=count.label),
                   x.t("sheet-increase", field=count.label), error=_error_of(x.p, s, count.id),
                   hint=count.hint, on_typed=x.typed(count), compact=compact,
                   typed_label=x.t("keypad-open", field=count.label), badge=badge)


def count_number(x: Ctx, s: Section, count: Count, caption: str,
                 beside: bool = False) -> ft.Control:
    """A count as its number alone (its − / + are spaces or slots of the board): the
    caption (over the number, or ``beside`` it), the kit's number field, the refusal
    naming it."""
    typed = x.typed(count)
    field = number_field(count.label, count.value, typed, compact=True)
    words = ft.Text(caption, size=12, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1)
    number = value_sid(f"sheet-{count.id}-value", field,
                       x.t("keypad-open", field=count.label) if typed is not None else None)
    items: list[ft.Control] = [ft.Row([words, number], spacing=2, tight=True,
                                      vertical_alignment=ft.CrossAxisAlignment.CENTER)
                               if beside else words]
    if not beside:
        items.append(number)
    err = _error_of(x.p, s, count.id)
    if err:
        items.append(sid(f"sheet-{count.id}-error", ft.Text(err, size=12, color=ft.Colors.ERROR)))
    return ft.Column(items, spacing=0, tight=True,
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def _title(x: Ctx, name: str, text: str, size: int = 15) -> ft.Control:
    return title(name, text, x.dark, size)


def _section_error(x: Ctx, s: Section) -> list[ft.Control]:
    err = _left_error(x.p, s)
    return [] if err is None else [sid(f"sheet-{s.id}-error",
                                       ft.Text(err, color=ft.Colors.ERROR))]


_marked = marked


# --------------------------------------------------------------------------- score track


RULER = 150  # px from 0 to 50


def ruler_scale() -> ft.Control:
    """The score track's ruler without its marker: its line, ticks and numbers."""
    ink = ft.Colors.ON_SURFACE_VARIANT
    parts: list[ft.Control] = [ft.Container(left=4, top=28, width=RULER, height=2, bgcolor=ink)]
    for i in range(11):
        tall = i % 2 == 0
        parts.append(ft.Container(left=4 + i * RULER / 10, top=20 if tall else 24, width=2,
                                  height=10 if tall else 6, bgcolor=ink))
        if tall:
            parts.append(ft.Container(ft.Text("50+" if i == 10 else str(i * 5), size=10,
                                              color=ink), left=i * RULER / 10, top=2))
    return ft.Stack(parts, width=RULER + 24, height=40)


def ruler(x: Ctx, value: int) -> ft.Control:
    """The score track as a ruler from 0 to 50+, the marker at the value (50+ at its end):
    the scale kept (25 controls nobody changes), the marker drawn over it."""
    scale = keep_piece(x.app, x.p, "board-ruler-scale", None, ruler_scale)
    at = 4 + min(value, 50) * RULER / 50
    marker = ft.Container(left=at - 8, top=21, width=16, height=16, shape=ft.BoxShape.CIRCLE,
                          bgcolor=x.colour.fill, border=ft.Border.all(2, DISC))
    return ft.Stack([scale, marker], width=RULER + 24, height=40)


def score_region(x: Ctx, s: Section) -> ft.Control:
    """The score track above the board, one row: its title over its ruler, and its
    stepper (its words over − n +)."""
    count = _count(s, "score-track")
    left = ft.Column([_title(x, "score", s.title), *([ruler(x, count.value)]
                                                     if count is not None else [])],
                     spacing=0, tight=True)
    items: list[ft.Control] = [ft.Row(
        [left, *([count_tile(x, s, count)] if count is not None else [])],
        spacing=4, wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        vertical_alignment=ft.CrossAxisAlignment.END)]
    items += _section_error(x, s)
    return _marked(s, ft.Container(ft.Column(items, spacing=2), border_radius=12,
                                   padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                                   bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH))


# --------------------------------------------------------------------------- resources


def resource_tile(x: Ctx, s: Section, count: Count) -> ft.Control:
    """A resource: its icon beside the label, − n + (the number typed)."""
    name = count.id.removeprefix("resources-")
    badge = icon(RESOURCE_ICONS.get(name, "coin"), x.dark, 22)
    return box(count_tile(x, s, count, badge=badge), padding=6, expand=True)


def resources_region(x: Ctx, s: Section) -> ft.Control:
    """The personal supply, 2 × 2."""
    tiles = [resource_tile(x, s, k) for k in s.counts]
    rows = [ft.Row(tiles[i:i + 2], spacing=6) for i in range(0, len(tiles), 2)]
    return _marked(s, ft.Column([*rows, *_section_error(x, s)], spacing=6))


# --------------------------------------------------------------------------- storage


@dataclass(frozen=True, slots=True)
class SpaceLook:
    """What one storage space shows and does."""

    ident: str
    label: str
    token: str | None  # the icon on it
    mark: str  # I, II, III
    locked: bool
    on: Tap | None


@dataclass(slots=True)
class _Firsts:
    """While the spaces are laid out: whether the first empty space and the next locked
    one are still to come (each carries its count's step and id)."""

    empty: bool = True
    locked: bool = True


def _locked_space(x: Ctx, i: int, ext: Count | None, firsts: _Firsts) -> SpaceLook:
    n = i + 1
    own = firsts.locked and ext is not None and ext.plus is not None
    firsts.locked = firsts.locked and not own
    return SpaceLook("sheet-storage-extensions-plus" if own else f"board-storage-space-{n}",
                     x.t("board-storage-open" if own else "board-storage-locked", n=n),
                     "storage-locked", EXTENSION_MARKS[i], True,
                     ext.plus if own and ext else None)


def _wood_space(x: Ctx, i: int, wood: Count | None, last: bool) -> SpaceLook:
    n = i + 1
    last = last and wood is not None and wood.minus is not None
    return SpaceLook("sheet-storage-wood-minus" if last else f"board-storage-space-{n}",
                     x.t("board-storage-wood-last" if last else "board-storage-wood", n=n),
                     "wood", EXTENSION_MARKS[i], False, wood.minus if last and wood else None)


def _infested_space(x: Ctx, i: int, infested: Count | None, last: bool) -> SpaceLook:
    n = i + 1
    return SpaceLook(f"board-storage-space-{n}", x.t("board-storage-infested", n=n),
                     "infested-wood", EXTENSION_MARKS[i], False,
                     infested.minus if last and infested else None)


def _empty_space(x: Ctx, i: int, wood: Count | None, firsts: _Firsts) -> SpaceLook:
    n = i + 1
    own = firsts.empty and wood is not None and wood.plus is not None
    firsts.empty = firsts.empty and not own
    return SpaceLook("sheet-storage-wood-plus" if own else f"board-storage-space-{n}",
                     x.t("board-storage-empty", n=n), None, EXTENSION_MARKS[i], False,
                     wood.plus if own and wood else None)


def storage_spaces(x: Ctx, s: Section) -> list[SpaceLook]:
    """The five spaces: open ones (2 + extensions) hold the wood, then the infested wood;
    the first empty one adds wood, the last wood takes it back, the next locked one opens."""
    ext, wood, infested = (_count(s, f"storage-{k}") for k in
                           ("extensions", "wood", "infested-wood"))
    n_ext, n_wood, n_inf = (k.value if k else 0 for k in (ext, wood, infested))
    firsts = _Firsts()
    looks: list[SpaceLook] = []
    for i in range(SPACES):
        if i >= 2 + n_ext:
            looks.append(_locked_space(x, i, ext, firsts))
        elif i < n_wood:
            looks.append(_wood_space(x, i, wood, i == n_wood - 1))
        elif i < n_wood + n_inf:
            looks.append(_infested_space(x, i, infested, i == n_wood + n_inf - 1))
        else:
            looks.append(_empty_space(x, i, wood, firsts))
    return looks


def storage_space(x: Ctx, look: SpaceLook) -> ft.Control:
    """One space: a 60 × 50 slot, its token on it, its extension's numeral."""
    inner: list[ft.Control] = []
    if look.token == "storage-locked":
        inner.append(ft.Column([icon("storage-locked", size=20),
                                ft.Text(look.mark, size=12, color=INK,
                                        weight=ft.FontWeight.BOLD)],
                               spacing=0, tight=True,
                               horizontal_alignment=ft.CrossAxisAlignment.CENTER))
    elif look.token is not None:
        inner.append(icon(look.token, size=30))
    else:
        inner.append(ft.Icon(ft.Icons.ADD, color=INK, size=20) if look.on else ft.Container())
    if look.mark and look.token != "storage-locked":
        inner = [ft.Stack([ft.Container(ft.Text(look.mark, size=11, color=INK), left=4, top=0),
                           ft.Container(inner[0], alignment=ft.Alignment.CENTER, left=0, top=0,
                                        right=0, bottom=0)])]
    box = ft.Container(inner[0], width=60, height=TOUCH + 2, border_radius=10,
                       alignment=ft.Alignment.CENTER,
                       bgcolor=LOCKED_FILL if look.locked else SLOT_FILL,
                       border=ft.Border.all(1, OUTLINE), on_click=x.on(look.on),
                       tooltip=look.label)
    return sid(look.ident, box, label=look.label, button=look.on is not None,
               key=f"{look.ident}-{look.label}")  # a new node when it changes (see cell)


def storage_region(x: Ctx, s: Section) -> ft.Control:
    """Storage: its title with the extensions and the wood as numbers to type beside it,
    infested wood's − n + (with the infestation), its five spaces."""
    numbers = [count_number(x, s, k, x.t("board-wood" if k.id == "storage-wood" else
                                         "board-extensions"), beside=True)
               for k in s.counts if k.id in ("storage-extensions", "storage-wood")]
    head: list[ft.Control] = [_title(x, "storage-space", s.title), *numbers]
    infested = _count(s, "storage-infested-wood")
    if infested is not None:
        head.append(count_tile(x, s, infested))
    spaces = ft.Row([storage_space(x, look) for look in storage_spaces(x, s)], spacing=4,
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
    return _marked(s, box(ft.Column([
        ft.Row(head, wrap=True, spacing=6, run_spacing=2,
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        spaces, *_section_error(x, s)], spacing=4)))


# --------------------------------------------------------------------------- tracks


def reward_track(x: Ctx, lap: Action | None) -> ft.Control:
    """The reward track: seven stars round the lap button (``lap``, a play action: not in
    the final board mode)."""
    stars = [ft.Container(icon("star", size=14), left=at, top=top) for at, top in
             ((53, 0), (88, 11), (98, 38), (84, 64), (22, 64), (6, 38), (18, 11))]
    middle: ft.Control = ft.Container(
        ft.Text(x.t("board-reward-lap"), size=12, text_align=ft.TextAlign.CENTER, color=INK,
                weight=ft.FontWeight.BOLD),
        width=56, height=56, shape=ft.BoxShape.CIRCLE, bgcolor=LAP_FILL,
        alignment=ft.Alignment.CENTER,
        on_click=x.on(lap.command) if lap and not x.final else None)
    if lap is not None and not x.final:
        middle = sid("sheet-reward-lap", middle, label=lap.label, button=True)
    middle = ft.Container(middle, left=32, top=16)
    return box(ft.Column([ft.Text(x.t("board-reward-track"), size=13,
                                   weight=ft.FontWeight.W_600),
                           ft.Stack([*stars, middle], width=120, height=80)],
                          spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def development_track(x: Ctx) -> ft.Control:
    """The development track: nothing to enter."""
    return sid("board-development-track", box(ft.Column([
        _title(x, "technology", x.t("board-dev-track"), 14),
        muted(x.t("board-dev-not-needed"), 13)], spacing=2, tight=True)))


def character_region(x: Ctx, s: Section) -> ft.Control:
    """The character's own count (technician tiles, road connections, full seedling rows)."""
    return _marked(s, box(ft.Column([count_tile(x, s, k) for k in s.counts]
                                     + _section_error(x, s), spacing=4)))


def tracks_row(x: Ctx, lap: Action | None, character: Section | None) -> ft.Control:
    """The reward track (``lap``: its button's action) beside the development track and the
    character's count."""
    right: list[ft.Control] = [development_track(x)]
    if character is not None:
        right.append(character_region(x, character))
    return ft.Row([reward_track(x, lap), ft.Column(right, spacing=6, expand=True)],
                  spacing=6, vertical_alignment=ft.CrossAxisAlignment.START)


# --------------------------------------------------------------------------- buildings


@dataclass(frozen=True, slots=True)
class SlotLook:
    """One slot of the building track: its token (None: empty) and area."""

    kind: str | None  # "forest", "sawmill" or None
    area: Area | None = None


def building_slots(s: Section) -> list[SlotLook]:
    """The six slots, forest buildings first, then sawmills by area (the record keeps no
    order)."""
    forest = _count(s, "buildings-forest")
    looks = [SlotLook("forest")] * (forest.value if forest else 0)
    for a in Area:
        k = _count(s, f"buildings-sawmill-{a.value.replace('_', '-')}")
        looks += [SlotLook("sawmill", a)] * (k.value if k else 0)
    return (looks + [SlotLook(None)] * SLOTS)[:max(SLOTS, len(looks))]


def _slot_tap(x: Ctx, s: Section, look: SlotLook) -> Tap | None:
    """A token's slot takes it back (its count's − step)."""
    if look.kind == "forest":
        k = _count(s, "buildings-forest")
    elif look.area is not None:
        k = _count(s, f"buildings-sawmill-{look.area.value.replace('_', '-')}")
    else:
        return None
    return k.minus if k else None


def building_slot(x: Ctx, s: Section, n: int, look: SlotLook, first_empty: bool) -> ft.Control:
    """Slot ``n`` (1-6): a token in the player's colour, or empty (the first empty one opens
    the picker)."""
    ident = f"board-building-slot-{n}"
    if look.kind is None:
        label = x.t("board-building-empty", n=n)
        body: ft.Control = ft.Icon(ft.Icons.ADD, color=INK) if first_empty else ft.Container()
        on: Any = (lambda e: open_building_picker(x, s, n)) if first_empty else None
    else:
        name = x.t("board-forest-building") if look.kind == "forest" else x.t(
            "board-sawmill-in", area=x.t(f"area-{look.area.value}" if look.area else ""))
        label = f"{x.t('board-building-slot', n=n)}: {name}"
        disc = ft.Container(icon("forest-building" if look.kind == "forest" else "sawmill",
                                 size=24), width=40, height=40, shape=ft.BoxShape.CIRCLE,
                            bgcolor=DISC, alignment=ft.Alignment.CENTER,
                            border=ft.Border.all(3, x.colour.line))
        bar = ft.Container(width=34, height=5, border_radius=3,
                           bgcolor=AREA_COLOURS[look.area] if look.area else None)
        body = ft.Column([disc, bar], spacing=2, tight=True,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        step = _slot_tap(x, s, look)
        on = x.on(step)
    box = ft.Container(body, width=50, height=58, border_radius=10, alignment=ft.Alignment.CENTER,
                       bgcolor=SLOT_FILL if look.kind else None, on_click=on, tooltip=label,
                       border=ft.Border.all(1, OUTLINE))
    return sid(ident, box, label=label, button=on is not None,
               key=f"{ident}-{label}-{on is not None}")  # a new node when it changes (see cell)


def open_building_picker(x: Ctx, s: Section, n: int) -> None:
    """The picker of an empty slot: a forest building, or a sawmill upgrade in an area."""
    rows: list[ft.Control] = []
    forest = _count(s, "buildings-forest")
    if forest is not None:
        rows.append(_pick_button(x, f"sheet-{forest.id}-plus", x.t("board-forest-building"),
                                 "forest-building", forest.plus))
    for a in Area:
        k = _count(s, f"buildings-sawmill-{a.value.replace('_', '-')}")
        if k is not None:
            rows.append(_pick_button(x, f"sheet-{k.id}-plus",
                                     x.t("board-sawmill-in", area=x.t(f"area-{a.value}")),
                                     "sawmill", k.plus))
    open_picker(x, "board-building-picker", x.t("board-building-pick", n=n), rows)


def open_picker(x: Ctx, ident: str, title: str, rows: Sequence[ft.Control]) -> None:
    """A bottom sheet of choices (a picker or a part's detail), closed by any choice."""
    x.app.page.show_dialog(bottom_sheet(ident, title, rows, x.t("board-close"),
                                        lambda e: _close(x)))


def _close(x: Ctx) -> None:
    try:
        x.app.page.pop_dialog()
    except flet_compat.TAB_GONE:  # already closed, or the tab went away
        pass


def _pick_button(x: Ctx, ident: str, text: str, icon_name: str | None,
                 what: Tap | None) -> ft.Control:
    """A picker's choice: sends ``what``, then closes the picker."""
    send = x.on(what)

    async def choose(e: Any) -> None:
        _close(x)
        if send is not None:
            await send(e)

    return sid(ident, ft.OutlinedButton(
        content=ft.Row([*([icon(icon_name, x.dark)] if icon_name else []),
                        ft.Text(text, size=15)], spacing=8, tight=True),
        height=TOUCH + 4, disabled=what is None, on_click=choose), button=True)


def buildings_region(x: Ctx, s: Section) -> ft.Control:
    """The building track: six slots along the board's bottom, how many are used, the
    sawmill upgrades by area in words, the counts to type."""
    looks = building_slots(s)
    first = next((i for i, k in enumerate(looks) if k.kind is None), -1)
    used = sum(1 for k in looks if k.kind)
    slots = ft.Row([building_slot(x, s, i + 1, k, i == first) for i, k in enumerate(looks)],
                   spacing=4, wrap=True)
    sawmills = [f"{x.t('area-' + a.value)} {sum(1 for k in looks if k.area is a)}"
                for a in Area if any(k.area is a for k in looks)]
    captions = {f"buildings-sawmill-{a.value.replace('_', '-')}": x.t(f"area-{a.value}")
                for a in Area}  # under "Sawmill upgrades" (the slots' caption names them)
    numbers = [count_number(x, s, k, captions.get(k.id, k.label)) for k in s.counts]
    items: list[ft.Control] = [
        ft.Row([_title(x, "forest-building", x.t("board-building-track"), 14),
                muted(x.t("board-building-used", n=used), 12)],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN), slots]
    items.append(muted(x.t("board-sawmill-caption", list=x.t("list-commas").join(sawmills))
                       if sawmills else x.t("board-sawmill-none"), 12))
    items.append(ft.Row(numbers, spacing=6, wrap=True,
                        vertical_alignment=ft.CrossAxisAlignment.START))
    return _marked(s, box(ft.Column([*items, *_section_error(x, s)], spacing=6)))


# --------------------------------------------------------------------------- the frame


def side_frame(x: Ctx, name: str, inner: ft.Control, side: str = "board-left") -> ft.Control:
    """One side of the player's board: a frame in the seat's colour, its name on a tab."""
    return frame(side, x.t(side, name=name), x.colour, inner)


# --------------------------------------------------------------------------- contracts


def category_tile(x: Ctx, option: Option, n: int, s: Section) -> ft.Control:
    """A category's tile: its icon, how many single contracts, its name; a tap adds one."""
    cat = option.value
    name = x.t(f"category-{cat}")
    body = ft.Column([
        ft.Row([icon(f"category-{cat}", x.dark, 26), ft.Text(str(n), size=20,
                                                             weight=ft.FontWeight.BOLD)],
               spacing=4, tight=True, alignment=ft.MainAxisAlignment.CENTER),
        ft.Text(name, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    box = ft.Container(body, height=64, expand=True, border_radius=12, padding=4,
                       border=ft.Border.all(1, OUTLINE), on_click=x.on(option.command),
                       on_long_press=lambda e: open_category_sheet(x, s, cat),
                       alignment=ft.Alignment.CENTER)
    return ft.Container(sid(f"sheet-contract-{cat}", box, button=True,
                            label=f"{x.t('board-contract-add-one', category=name, kind=cat)}: {n}"),
                        expand=True)


def open_category_sheet(x: Ctx, s: Section, cat: str) -> None:
    """A category tile's long press: its contracts, each with Remove."""
    board = _board(x)
    rows = [_pick_button(x, f"sheet-{k.remove.id}", k.remove.label, f"category-{cat}",
                         k.remove.command)
            for i, k in enumerate(s.cards) if k.remove is not None and board is not None
            and i < len(board.contracts) and not board.contracts[i].is_double
            and board.contracts[i].categories[0].value == cat]
    open_picker(x, f"board-contracts-{cat}",
                x.t("board-contracts-of", category=x.t(f"category-{cat}")),
                rows or [muted(x.t("common-none"))])


def _board(x: Ctx) -> ForestryPlayer | None:
    boards = x.p.state.boards_of(ForestryPlayer)
    return boards[x.p.player] if x.p.player < len(boards) else None


def contract_card(x: Ctx, k: CardItem, categories: tuple[ContractCategory, ...],
                  chosen: ContractCategory | None, counts_as: ContractCategory | None
                  ) -> ft.Control:
    """A two-category contract: both icons, what it counts as, "best" or "chosen" in words;
    a tap opens its sheet (Best for me / either category, Remove)."""
    a, b = categories
    tag = x.t("board-contract-chosen" if chosen is not None else "board-contract-best")
    shown = counts_as or chosen
    body = ft.Column([
        ft.Row([icon(f"category-{a.value}", x.dark, 24), ft.Text("/", size=14),
                icon(f"category-{b.value}", x.dark, 24),
                ft.Container(ft.Text(tag, size=12, color=ft.Colors.ON_SECONDARY_CONTAINER),
                             bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8,
                             padding=ft.Padding.symmetric(horizontal=6, vertical=1))],
               spacing=4, tight=True),
        ft.Text(x.t("board-counts-as", c=x.t(f"category-{shown.value}")) if shown
                else f"{x.t('category-' + a.value)} / {x.t('category-' + b.value)}", size=12)],
        spacing=2, tight=True)
    box = ft.Container(body, padding=8, border_radius=12, border=ft.Border.all(1, OUTLINE),
                       on_click=lambda e: open_contract_sheet(x, k), height=64)
    return sid(f"sheet-{k.id}", box, button=True, label=k.label)


def open_contract_sheet(x: Ctx, k: CardItem) -> None:
    """A two-category contract's sheet: what it counts as (Best for me, A, B) and Remove."""
    rows: list[ft.Control] = []
    for row in k.choices:
        for o in row.options:
            text = f"✓ {o.label}" if o.selected else o.label
            rows.append(_pick_button(x, f"sheet-{row.id}-{o.value}", text, None, o.command))
    if k.remove is not None:
        rows.append(_pick_button(x, f"sheet-{k.remove.id}", k.remove.label, None,
                                 k.remove.command))
    open_picker(x, f"board-{k.id}", k.label, rows)


def pair_button(x: Ctx, o: Option) -> ft.Control:
    """A two-category contract of one pair, added in one tap: both icons (its name in
    words for screen readers)."""
    a, b = o.value.split("-", 1)
    body = ft.Row([icon(f"category-{a}", x.dark, 20), icon(f"category-{b}", x.dark, 20)],
                  spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER)
    box = ft.Container(body, width=TOUCH + 4, height=TOUCH, border_radius=10,
                       alignment=ft.Alignment.CENTER, border=ft.Border.all(1, OUTLINE),
                       on_click=x.on(o.command), tooltip=o.label)
    return sid(f"sheet-contract-double-{o.value}", box, button=True,
               label=x.t("board-contract-add-pair", pair=o.label))


def pairs_row(x: Ctx, s: Section) -> ft.Control:
    """The six pairs a two-category contract can show, each one tap (the design's "Two
    categories" picker would take two taps a contract: the board bench's 30 would not
    hold)."""
    row = next((r for r in s.choices if r.id == "contract-double"), None)
    return ft.Column([muted(x.t("board-contract-double-add"), 12), ft.Row(
        [pair_button(x, o) for o in (row.options if row else ())], spacing=4, wrap=True,
        run_spacing=4)], spacing=2, tight=True)


def contracts_region(x: Ctx, s: Section) -> ft.Control:
    """Contracts fulfilled: one tile per category (single contracts as counts), the pairs
    that add a two-category contract, then a card per two-category contract."""
    board = _board(x)
    contracts = board.contracts if board is not None else ()
    singles = next((r for r in s.choices if r.id == "contract"), None)
    tiles = [category_tile(x, o, sum(1 for k in contracts if not k.is_double
                                     and k.categories[0].value == o.value), s)
             for o in (singles.options if singles else ())]
    cards: list[ft.Control] = []
    for i, k in enumerate(s.cards):
        if i < len(contracts) and contracts[i].is_double:
            kc = contracts[i]
            cards.append(contract_card(x, k, tuple(kc.categories), kc.chosen, None))
    return _marked(s, ft.Column([
        _title(x, "contract-card", x.t("board-contracts"), 16),
        ft.Row(tiles, spacing=6), pairs_row(x, s),
        ft.Row(cards, wrap=True, spacing=6, run_spacing=6), *_section_error(x, s)], spacing=6))


# --------------------------------------------------------------------------- the tables


CELL, FULL_W = 66, 40  # a cell's width, the full-row column's
#: the column beside the tables: the water structures track, the river tokens
SIDE = 66
ROWS = (1, 2, 3)
ROW_BONUS = {1: "technology", 2: "water-step"}  # row 3: +6 VP (suggested, never added)


def _marks(x: Ctx) -> Any:
    """The board's derived marks (full rows, water multiplier), from the game's sheet."""
    kind = getattr(x.p, "kind", None)
    return kind().marks() if kind is not None else None


def _options(g: GridColumn, suffix: str) -> dict[str, Option]:
    row = next((r for r in g.rows if r.id.endswith(suffix)), None)
    return {o.value: o for o in row.options} if row else {}


def _selected(options: dict[str, Option]) -> int:
    return next((int(v) for v, o in options.items() if o.selected and v.isdigit()), 0)


def type_button(x: Ctx, g: GridColumn, o: Option, on_click: Any = None) -> ft.Control:
    """One forester type in a column's head (the chosen one filled): full words. A tap
    chooses it (``on_click``: what the chosen one does instead)."""
    ident = f"sheet-{g.id}-type-{o.value}"
    body = ft.Column([icon(f"forester-{o.value.replace('_', '-')}", x.dark, 18),
                      ft.Text(o.label, size=11, max_lines=1, text_align=ft.TextAlign.CENTER)],
                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    box = ft.Container(body, width=CELL, height=TOUCH, border_radius=10, padding=2,
                       alignment=ft.Alignment.CENTER,
                       on_click=on_click if on_click is not None else x.on(o.command),
                       bgcolor=ft.Colors.SECONDARY_CONTAINER if o.selected else None,
                       border=ft.Border.all(2 if o.selected else 1, OUTLINE))
    return sid(ident, box, button=True, selected=o.selected, label=o.label)


def column_head(x: Ctx, g: GridColumn) -> ft.Control:
    """A column's head: once its type is chosen, that type alone (the design's head), whose
    tap opens a sheet with the other two (``board-column-N-type-<type>``: another type
    takes two taps, the first one one); before, the column's name (its three types lie in
    its empty cells: :func:`type_cell`); "—" for a column not yet open (a column is
    started once the one on its left is)."""
    types = _options(g, "-type")
    if not types:
        return ft.Container(muted("—"), width=CELL, height=TOUCH, alignment=ft.Alignment.CENTER)
    chosen = next((o for o in types.values() if o.selected), None)
    if chosen is None:
        return sid(f"sheet-{g.id}", ft.Container(
            ft.Text(g.title, size=11, text_align=ft.TextAlign.CENTER, max_lines=2),
            width=CELL, height=TOUCH, alignment=ft.Alignment.BOTTOM_CENTER), label=g.title)

    def change(_e: Any) -> None:
        rows = [_pick_button(x, f"board-{g.id}-type-{o.value}", o.label,
                             f"forester-{o.value.replace('_', '-')}", o.command)
                for o in types.values() if not o.selected]
        open_picker(x, f"board-{g.id}-type", g.title, rows)

    return sid(f"sheet-{g.id}", type_button(x, g, chosen, change), label=g.title)


def type_cell(x: Ctx, g: GridColumn, o: Option) -> ft.Control:
    """A type to start an empty column with, lying in one of its empty cells (the three
    types fill the column's three rows until one is chosen: the table keeps one head row)."""
    return ft.Container(type_button(x, g, o), height=TOUCH + 6, alignment=ft.Alignment.CENTER)


def _disc(name: str) -> ft.Control:
    return ft.Container(icon(name, size=24), width=38, height=38, shape=ft.BoxShape.CIRCLE,
                        bgcolor=DISC, alignment=ft.Alignment.CENTER,
                        border=ft.Border.all(1, OUTLINE))


def cell(x: Ctx, ident: str, title: str, r: int, counts: dict[str, Option],
         token: str | None, tint: str | None, zero: Callable[[], None]) -> ft.Control:
    """Row ``r`` of a column: a tap sets the count to it; the top token again is one
    less. Its long press holds the count 0."""
    have = _selected(counts)
    target = counts.get(str(r - 1 if r == have else r))
    filled = token is not None and r <= have
    box = ft.Container(_disc(token) if filled and token else None, width=CELL, height=TOUCH + 6,
                       border_radius=10, alignment=ft.Alignment.CENTER, bgcolor=tint,
                       border=ft.Border.all(1, OUTLINE),
                       on_click=x.on(target.command) if target else None,
                       on_long_press=(lambda e: zero()) if counts else None)
    label = x.t("board-cell-full" if filled else "board-cell", column=title, row=r)
    # keyed by what it does: a cell that becomes tappable is a new node for the browser's
    # semantics tree (patched in place, its identifier was lost)
    return sid(f"{ident}-{r}", box, button=target is not None, selected=filled, label=label,
               key=f"{ident}-{r}-{target is not None}-{filled}")


def full_row(x: Ctx, table: str, r: int, full: bool) -> ft.Control:
    """A row's bonus, lit with ✓ when the rules say the row is full."""
    body: ft.Control = icon(ROW_BONUS[r], size=22) if r in ROW_BONUS else ft.Text(
        x.t("board-six-vp"), size=12, color=INK, weight=ft.FontWeight.BOLD,
        text_align=ft.TextAlign.CENTER)
    if full:
        body = ft.Column([body, ft.Text("✓", size=12, color=INK)], spacing=0, tight=True,
                         horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    label = f"{x.t('board-full-row')} {r}" + (f": {x.t('board-row-full')}" if full else "")
    return sid(f"board-{table}-full-row-{r}", ft.Container(
        body, width=FULL_W, height=TOUCH + 6, border_radius=10, alignment=ft.Alignment.CENTER,
        bgcolor=LAP_FILL if full else DISC, border=ft.Border.all(1, OUTLINE)), label=label)


def _zero_picker(x: Ctx, ident: str, title: str, o: Option | None) -> Callable[[], None]:
    def show() -> None:
        rows = [_pick_button(x, f"{ident}-0", o.label if o else "0", None,
                             o.command if o else None)]
        open_picker(x, f"board-{ident.removeprefix('sheet-')}", title, rows)
    return show


def _grid(heads: list[ft.Control], rows: list[list[ft.Control]]) -> ft.Control:
    return ft.Column([ft.Row(heads, spacing=4, vertical_alignment=ft.CrossAxisAlignment.END),
                      *(ft.Row(r, spacing=4) for r in rows)], spacing=4, tight=True)


def forestry_table_region(x: Ctx, s: Section) -> ft.Control:
    """The forestry table: three columns under their type, three rows of cells, the full
    rows' bonuses; what lies below it; placing a token (a play action)."""
    marks = _marks(x)
    heads = [column_head(x, g) for g in s.columns]
    heads.append(ft.Container(ft.Text(x.t("board-full-row"), size=11,
                                      text_align=ft.TextAlign.CENTER), width=FULL_W))
    rows = []
    for r in ROWS:
        row: list[ft.Control] = []
        for g in s.columns:
            counts, types = _options(g, "-count"), _options(g, "-type")
            kind = next((o.value for o in types.values() if o.selected), None)
            if types and kind is None:  # not started: its types lie in its cells
                row.append(type_cell(x, g, list(types.values())[r - 1]))
                continue
            token = f"forester-{kind.replace('_', '-')}" if kind else None
            row.append(cell(x, f"sheet-{g.id}-count", g.title, r, counts, token, None,
                            _zero_picker(x, f"sheet-{g.id}-count", g.title, counts.get("0"))))
        row.append(full_row(x, "forestry", r, bool(marks and marks.forestry_rows[r - 1])))
        rows.append(row)
    return _table(x, s, "forester-pair", _grid(heads, rows), place_menu(x, s))


def place_menu(x: Ctx, s: Section) -> ft.Control | None:
    """"Place a token" (a play action: not in the final board mode): one button in the
    table's title row; its sheet holds a choice per forester type (``sheet-place-<type>``)."""
    places = [a for a in s.actions if a.id.startswith("place-")]
    if x.final or not places:
        return None

    def show(_e: Any) -> None:
        rows = [_pick_button(x, f"sheet-{a.id}", a.label,
                             f"forester-{a.id.removeprefix('place-').replace('_', '-')}",
                             a.command) for a in places]
        open_picker(x, "board-place", x.t("board-place"), rows)

    return sid("sheet-place", ft.Container(
        ft.Row([ft.Text(x.t("board-place"), size=13, color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.Icon(ft.Icons.ARROW_DROP_DOWN, size=18,
                        color=ft.Colors.ON_SECONDARY_CONTAINER)], spacing=0, tight=True),
        height=TOUCH, padding=ft.Padding.only(left=10, right=4), border_radius=TOUCH // 2,
        bgcolor=ft.Colors.SECONDARY_CONTAINER, ink=True, on_click=show),
        button=True, label=x.t("board-place"))


def _table(x: Ctx, s: Section, icon_name: str, grid: ft.Control,
           menu: ft.Control | None = None) -> ft.Control:
    """A table's region: its title (with ``menu`` beside it), its grid, its other play
    actions (what lies below the tables is drawn by :func:`below_region`)."""
    actions = [sid(f"sheet-{a.id}", ft.OutlinedButton(
        content=ft.Text(a.label), height=TOUCH, disabled=a.command is None,
        on_click=x.on(a.command)), button=True) for a in s.actions
        if not (x.final and a.play) and not (menu is not None and a.id.startswith("place-"))]
    title = _title(x, icon_name, s.title, 14 if menu is not None else 15)
    if menu is not None:  # one row on a 390-px phone (the title a size smaller)
        title = ft.Row([title, menu], alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True,
                       spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return _marked(s, box(ft.Column([
        title, grid,
        *([ft.Row(actions, wrap=True, spacing=6, run_spacing=6)] if actions else []),
        *_section_error(x, s)], spacing=6)))


def area_head(x: Ctx, g: GridColumn, area: Area) -> ft.Control:
    """An area's name on its colour, as a heading ("Light green": the design's)."""
    fill, text, _tint = AREA_LOOK[area]
    return sid(f"sheet-{g.id}", ft.Container(
        ft.Text(g.title[:1].upper() + g.title[1:], size=12, color=text,
                weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER, max_lines=1),
        width=CELL, height=28, border_radius=8, bgcolor=fill, alignment=ft.Alignment.CENTER),
        label=g.title)


def reforestation_region(x: Ctx, s: Section) -> ft.Control:
    """The reforestation table: three area columns in the area colours, seedlings in cells
    of a pale tint, the full rows' bonuses; the seedlings below it."""
    marks = _marks(x)
    areas = {f"area-{a.value}": a for a in Area}
    heads: list[ft.Control] = [area_head(x, g, areas[g.id]) for g in s.columns if g.id in areas]
    heads.append(ft.Container(width=FULL_W))
    rows = []
    for r in ROWS:
        row: list[ft.Control] = []
        for g in s.columns:
            area = areas.get(g.id)
            if area is None:
                continue
            counts = _options(g, f"seedlings-{area.value}")
            ident = f"sheet-seedlings-{area.value}"
            row.append(cell(x, ident, g.title, r, counts, "seedling", AREA_LOOK[area][2],
                            _zero_picker(x, ident, g.title, counts.get("0"))))
        row.append(full_row(x, "reforestation", r,
                            bool(marks and marks.reforestation_rows[r - 1])))
        rows.append(row)
    return _table(x, s, "seedling", _grid(heads, rows))


def water_track(x: Ctx) -> ft.Control:
    """The water structures track down the board's right edge, ×5 at the top to ×1, the
    multiplier the rules derive marked with a cube in the player's colour."""
    marks = _marks(x)
    now = marks.water if marks else 1
    steps: list[ft.Control] = []
    for n in range(5, 0, -1):
        box = ft.Container(
            ft.Text(f"×{n}", size=15, color=INK if n == now else ft.Colors.ON_SURFACE,
                    weight=ft.FontWeight.BOLD if n == now else None),
            width=SIDE - 14, height=36, border_radius=10, alignment=ft.Alignment.CENTER,
            bgcolor=LAP_FILL if n == now else None,
            border=ft.Border.all(3 if n == now else 1, x.colour.line if n == now else OUTLINE))
        cube = ft.Container(width=10, height=10, border_radius=2,
                            bgcolor=x.colour.fill if n == now else None,
                            border=ft.Border.all(1, DISC) if n == now else None)
        steps.append(sid(f"board-water-{n}", ft.Row([cube, box], spacing=2, tight=True),
                         label=f"×{n}" + (f": {x.t('board-water-now')}" if n == now else "")))
    return sid("board-water-track", ft.Column([
        icon("water-structure", x.dark, 20),
        ft.Text(x.t("category-water"), size=11, weight=ft.FontWeight.W_600,
                text_align=ft.TextAlign.CENTER, width=SIDE),
        *steps], spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def river_slots(s: Section) -> list[tuple[Count | None, bool]]:
    """The river token spaces, tokens in the sheet's order of symbols: each space's count
    (None: empty) and whether its token is that symbol's last (its − step takes it back)."""
    held = [(k, n == k.value - 1) for k in s.counts for n in range(k.value)]
    empty: list[tuple[Count | None, bool]] = [(None, False)] * MAX_RIVER_TOKENS
    return (held + empty)[:max(MAX_RIVER_TOKENS, len(held))]


def river_slot(x: Ctx, n: int, count: Count | None, last: bool) -> ft.Control:
    """River token space ``n``: the token as a white disc with its symbol (a tap on a
    symbol's last token takes it back), or empty."""
    if count is None:
        label = x.t("board-river-empty", n=n)
        return sid(f"board-river-slot-{n}", ft.Container(
            width=TOUCH + 4, height=TOUCH + 4, shape=ft.BoxShape.CIRCLE,
            border=ft.Border.all(1, OUTLINE)), label=label)
    symbol = count.id.removeprefix("river-")
    back = count.minus if last else None
    label = x.t("board-river-token", n=n, symbol=count.label) + (
        f": {x.t('board-river-take-back')}" if back is not None else "")
    ident = f"sheet-{count.id}-minus" if back is not None else f"board-river-slot-{n}"
    disc = ft.Container(icon(RIVER_ICONS.get(symbol, "river-token"), size=26),
                        width=TOUCH + 4, height=TOUCH + 4, shape=ft.BoxShape.CIRCLE,
                        bgcolor=DISC, alignment=ft.Alignment.CENTER, tooltip=label,
                        border=ft.Border.all(3, x.colour.line), on_click=x.on(back))
    return sid(ident, disc, label=label, button=back is not None,
               key=f"{ident}-{label}")  # a new node when it changes (see cell)


def river_column(x: Ctx, s: Section) -> ft.Control:
    """The river tokens under the water structures track: their spaces."""
    return _marked(s, ft.Column([
        ft.Text(s.title, size=11, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER,
                width=SIDE),
        *(river_slot(x, n, k, last) for n, (k, last) in enumerate(river_slots(s), start=1))],
        spacing=4, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER))


def river_adds(x: Ctx, s: Section) -> ft.Control:
    """A button per symbol that puts a river token on the next space (one tap: a picker
    would take two a token), and the refusal of the last one."""
    buttons = []
    for k in s.counts:
        symbol = k.id.removeprefix("river-")
        box = ft.Container(icon(RIVER_ICONS.get(symbol, "river-token"), x.dark, 22),
                           width=TOUCH, height=TOUCH, border_radius=10,
                           alignment=ft.Alignment.CENTER, border=ft.Border.all(1, OUTLINE),
                           on_click=x.on(k.plus), tooltip=k.label)
        buttons.append(sid(f"sheet-{k.id}-plus", box, button=k.plus is not None,
                           label=x.t("board-river-add-one", symbol=k.label)))
    # the words in the row, before the buttons (on a line of their own: ~20 px longer)
    words = ft.Container(muted(x.t("board-river-add"), 12), width=2 * TOUCH + 4)
    return ft.Column([ft.Row([words, *buttons], spacing=4, wrap=True, run_spacing=4),
                      *_section_error(x, s)], spacing=2, tight=True)


def below_tile(x: Ctx, s: Section, count: Count) -> ft.Control:
    """One count below the reforestation table as the design's tile: its icon and number
    over its short name (the region says where it lies; screen readers hear the count's
    whole name). A tap opens its keypad (which has − and +)."""
    name = BELOW_ICONS.get(count.id, "seedling")
    kind = count.id.removeprefix("forester-tokens-below-").replace("-", "_")
    caption = x.t("field-seedlings") if count.id == "seedlings-below" else x.t(
        f"forester-{kind}")
    typed = x.typed(count)
    number = ft.Container(
        ft.Row([icon(name, x.dark, 20), ft.Text(str(count.value), size=20,
                                                 weight=ft.FontWeight.BOLD)],
               spacing=4, tight=True, alignment=ft.MainAxisAlignment.CENTER,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        height=TOUCH, border_radius=10, ink=True, on_click=typed)
    face = ft.Container(ft.Column([
        value_sid(f"sheet-{count.id}-value", number,
                  x.t("keypad-open", field=count.label) if typed is not None else None),
        ft.Text(caption, size=11, max_lines=2, text_align=ft.TextAlign.CENTER)],
        spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=ft.Padding.only(left=2, right=2, bottom=4), border_radius=12,
        bgcolor=ft.Colors.SURFACE,
        border=ft.Border.all(1, OUTLINE if typed is not None else ft.Colors.OUTLINE_VARIANT))
    items: list[ft.Control] = [face]
    err = _error_of(x.p, s, count.id)
    if err:
        items.append(sid(f"sheet-{count.id}-error", ft.Text(err, size=12, color=ft.Colors.ERROR)))
    return ft.Column(items, spacing=2, tight=True, expand=True)


BELOW_WORDS_W = 84  # px: "Below the reforestation table" in three lines, as the design


def below_region(x: Ctx, parts: Sequence[tuple[Section, Count]]) -> ft.Control:
    """What lies below the reforestation table (002): its words on the left, then the
    seedlings and the forester tokens as four tiles, one row (the design's; the words on
    a line of their own made the board ~30 px longer)."""
    words = ft.Container(ft.Text(x.t("board-below"), size=13, weight=ft.FontWeight.W_600,
                                 max_lines=3), width=BELOW_WORDS_W)
    return sid("board-below", ft.Row(
        [words, *(below_tile(x, s, k) for s, k in parts)], spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER))


# --------------------------------------------------------------------------- task cards


def task_icon(task: Any) -> str:
    """A task card's icon, from what it asks for."""
    kind = type(task).__name__
    if kind == "ContractTask":
        return f"category-{task.category.value}"
    if kind == "SeedlingsTask":
        return "seedling-pair"
    if kind == "ForesterTask":
        return f"forester-{task.type.value.replace('_', '-')}"
    if kind == "SawmillUpgradeTask":
        return "sawmill"
    if kind == "RiverTokenTask":
        return "river-token"
    return "forest-building"


def task_card(x: Ctx, k: CardItem, task: Any) -> ft.Control:
    """A task card lying on the table: its icon and what it asks in words (a tap opens its
    sheet: Remove); a forest building's card asks whether it is met, on the card (Yes / No:
    one tap, as the board bench counts it)."""
    words = task_words(x.t, task)
    face = ft.Container(ft.Row([icon(task_icon(task), x.dark, 26),
                                ft.Text(words, size=13, expand=True, max_lines=4)],
                               spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                        height=None, on_click=lambda e: open_task_sheet(x, k))
    items: list[ft.Control] = [sid(f"sheet-{k.id}", face, button=True, label=k.label)]
    for row in k.choices:
        items.append(ft.Container(ft.Row(
            [_choice(x, f"sheet-{row.id}-{o.value}", o, f"{row.label} {o.label}")
             for o in row.options], spacing=4),
            padding=ft.Padding.only(left=8, bottom=6)))
    return ft.Container(ft.Column(items, spacing=0, tight=True), width=TASK_W,
                        border_radius=12, border=ft.Border.all(1, OUTLINE),
                        bgcolor=ft.Colors.SURFACE)


def open_task_sheet(x: Ctx, k: CardItem) -> None:
    """A task card's sheet: Remove."""
    rows: list[ft.Control] = []
    if k.remove is not None:
        rows.append(_pick_button(x, f"sheet-{k.remove.id}", k.remove.label, None,
                                 k.remove.command))
    open_picker(x, f"board-{k.id}", k.label, rows)


def _choice(x: Ctx, ident: str, o: Option, label: str) -> ft.Control:
    """A choice's chip (Yes / No): filled when chosen; ``label`` its full words."""
    return sid(ident, ft.Container(
        ft.Text(o.label, size=13, color=ft.Colors.ON_SECONDARY_CONTAINER if o.selected
                else None), height=TOUCH, width=TOUCH + 8, border_radius=10,
        alignment=ft.Alignment.CENTER, on_click=x.on(o.command),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if o.selected else None,
        border=ft.Border.all(2 if o.selected else 1, OUTLINE)),
        button=True, selected=o.selected, checked=o.selected, label=label,
        key=f"{ident}-{o.selected}")  # checked: aria-checked; keyed: a new node when it changes


def _task_add(x: Ctx, ident: str, icon_name: str, text: str, what: Tap | None,
              row: str = "", tint: str | None = None) -> ft.Control:
    """One "add a task card" button, one tap: its icon above its word (a small tile, so
    fifteen of them fit three rows of a phone), or, for a card that is its own group (no
    ``row``), its icon beside its full words. ``tint`` is an area's pale colour (its word
    says the area too). Screen readers hear what it adds in full ("Add a task card: Task: a
    contract of Building")."""
    ink = INK if tint else None
    if row:
        words, size = tile_words(text, TASK_ADD_W - 4)
        body: ft.Control = ft.Column(
            [icon(icon_name, x.dark and not tint, 20),
             ft.Text(words, size=size, color=ink, max_lines=2, text_align=ft.TextAlign.CENTER)],
            spacing=0, tight=True, alignment=ft.MainAxisAlignment.CENTER,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        width, padding = TASK_ADD_W, ft.Padding.symmetric(horizontal=1, vertical=2)
    else:
        body = ft.Row([icon(icon_name, x.dark, 20),
                       ft.Text(text, size=11, max_lines=3, expand=True)],
                      spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        width, padding = TASK_SINGLE_W.get(ident.removeprefix("sheet-"), 130), \
            ft.Padding.symmetric(horizontal=6)
    return sid(ident, ft.Container(
        body, width=width, height=TASK_ADD_H, border_radius=10, padding=padding,
        alignment=ft.Alignment.CENTER, bgcolor=tint,
        border=ft.Border.all(1, OUTLINE), on_click=x.on(what)),
        button=what is not None,
        label=" ".join(w for w in (x.t("board-task-add"), row, text) if w))


#: what a line may not start with (Japanese: small kana, the long vowel mark, closing marks)
NO_LINE_START = "ゃゅょャュョっッぁぃぅぇぉァィゥェォー、。）」"


def tile_words(text: str, width: float) -> tuple[str, int]:
    """``text`` for a tile ``width`` px wide and its size: 10 px when each word fits a line,
    else 9 px; a word too long for either (イノベーション) is broken into two lines where
    the second does not start with a small kana or a long vowel mark (never "…シ / ョン")."""
    for size in (10, 9):
        if all(text_width(w, size) <= width for w in text.split()):
            return text, size
    if " " in text:
        return text, 9
    cut = max((i for i in range(1, len(text)) if text[i] not in NO_LINE_START
               and text_width(text[:i], 10) <= width), default=len(text))
    return f"{text[:cut]}\n{text[cut:]}", 10 if text_width(text[cut:], 10) <= width else 9


TASK_W = 176  # a task card's width: two side by side on a 390-px phone
#: an add button's tile (icon above a word) and its height; the two cards that are a group
#: of their own are wider (icon beside their words): the groups then fill three rows
TASK_ADD_W, TASK_ADD_H = 56, 56
TASK_SINGLE_W = {"task-add-river": 120, "task-add-forest-building": 180}
TASK_ROW_ICONS = {"task-add-contract": "category-{}", "task-add-seedlings": "seedling-pair",
                  "task-add-forester": "forester-{}", "task-add-sawmill": "sawmill",
                  "task-add-river": "river-token",
                  "task-add-forest-building": "forest-building"}


def _task_group(x: Ctx, row: Any) -> ft.Control:
    """A row of add buttons under its words ("Task: two seedlings in"), as wide as its
    buttons."""
    shape = TASK_ROW_ICONS.get(row.id, "task-card")
    areas = {a.value: a for a in Area}
    buttons = [_task_add(x, f"sheet-{row.id}-{o.value}", shape.format(o.value.replace("_", "-")),
                         o.label, o.command, row.label,
                         AREA_LOOK[areas[o.value]][2] if o.value in areas else None)
               for o in row.options]
    width = len(buttons) * (TASK_ADD_W + 4) - 4
    return ft.Column([ft.Text(row.label, size=11, color=ft.Colors.ON_SURFACE_VARIANT,
                              width=max(width, TASK_ADD_W)),
                      ft.Row(buttons, spacing=4, tight=True)], spacing=2, tight=True)


def _task_adds(x: Ctx, s: Section) -> list[ft.Control]:
    """The groups of add buttons in the order they pack into three rows: the contracts and
    the river token, the seedlings and the forester token, the sawmill and the forest
    building (each single card under an empty line, level with its neighbour's buttons)."""
    groups = {row.id: _task_group(x, row) for row in s.choices}
    singles = {a.id: ft.Column([ft.Text("", size=11), _task_add(
        x, f"sheet-{a.id}", TASK_ROW_ICONS.get(a.id, "task-card"), a.label, a.command)],
        spacing=2, tight=True) for a in s.actions}
    order = ("task-add-contract", "task-add-river", "task-add-seedlings", "task-add-forester",
             "task-add-sawmill", "task-add-forest-building")
    both = {**groups, **singles}
    return [both[k] for k in order if k in both] + [v for k, v in both.items()
                                                     if k not in order]


def tasks_region(x: Ctx, s: Section) -> ft.Control:
    """The task cards: what adds one (each a button with its icon and words, one tap),
    then the cards lying on the table (below the buttons, so that the buttons stay where
    they are while cards are added)."""
    board = _board(x)
    tasks = board.task_cards if board is not None else ()
    cards = [task_card(x, k, tasks[i]) for i, k in enumerate(s.cards) if i < len(tasks)]
    head = ft.Row([_title(x, "task-card", s.title, 16),
                   muted(x.t("board-task-add") if cards else
                         f"{x.t('common-none')} · {x.t('board-task-add')}", 12)],
                  spacing=10, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return _marked(s, ft.Column([
        head, ft.Row(_task_adds(x, s), spacing=4, run_spacing=6, wrap=True,
                     vertical_alignment=ft.CrossAxisAlignment.END),
        *_section_error(x, s),
        *([ft.Row(cards, spacing=6, run_spacing=6, wrap=True)] if cards else [])], spacing=6))


# --------------------------------------------------------------------------- the board


def right_side(x: Ctx, by: dict[str, Section]) -> ft.Control:
    """The board's right half: the forestry and reforestation tables, the water structures
    track and the river tokens down the right edge, what lies below the tables, the river
    tokens' buttons. Each region is kept while it looks the same (a redraw sends only the
    regions that changed)."""
    app, p = x.app, x.p
    tables = [_region(x, by[name], make) for name, make in
              (("forestry-table", forestry_table_region),
               ("reforestation", reforestation_region)) if name in by]
    side: list[ft.Control] = [_kept(x, "board-water", tuple(by.get(k) for k in (
        "forestry-table", "reforestation", "storage", "buildings", "character")),
        lambda: water_track(x))]
    rivers = by.get("river-tokens")
    if rivers is not None:
        side.append(_kept(x, "board-rivers", rivers, lambda: river_column(x, rivers)))
    left_col = keep_column(app, p, "board-tables", tables, spacing=6, expand=True)
    side_col = keep_column(app, p, "board-side", side, spacing=10, tight=True,
                           horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    row = _kept(x, "board-right-row", (id(left_col), id(side_col)), lambda: ft.Row(
        [left_col, ft.Container(side_col, width=SIDE + 6, border_radius=12,
                                padding=ft.Padding.symmetric(vertical=8),
                                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                                bgcolor=ft.Colors.SURFACE)],
        spacing=6, vertical_alignment=ft.CrossAxisAlignment.START))
    items: list[ft.Control] = [row]
    below = [(by[name], k) for name in ("reforestation", "forestry-table") if name in by
             for k in by[name].counts]
    if below:
        items.append(_kept(x, "board-below", tuple(by.get(k) for k in (
            "reforestation", "forestry-table")), lambda: below_region(x, below)))
    if rivers is not None:
        items.append(_kept(x, "board-river-adds", rivers, lambda: river_adds(x, rivers)))
    return keep_column(app, p, "board-right-inner", items, spacing=8)


def _kept(x: Ctx, name: str, key: Any, make: Callable[[], ft.Control]) -> ft.Control:
    """A region kept while what it shows is the same (its sections, the refusal, the
    seat, the mode, the theme)."""
    p = x.p
    return keep_piece(x.app, p, name, (key, p.error, p.error_id, p.player, p.locked_player,
                                       x.final, x.dark, x.colour), make)


def _region(x: Ctx, s: Section, make: Callable[[Ctx, Section], ft.Control]) -> ft.Control:
    return _kept(x, f"board-{s.id}", s, lambda: make(x, s))


def forestry_board(app: Nav, p: SheetHost, c: TableClient, sections: Sequence[Section],
                   final: bool, draw: Callable[[Section], ft.Control],
                   keyed: Callable[[Count], Any]) -> list[ft.Control]:
    """The shown player's board as the board: screen 1 (the left half) drawn here, the
    other sections by ``draw`` after it."""
    colours: list[str | None] = list(getattr(p, "colours", list)())
    dark = is_dark(app.page)
    x = Ctx(app, p, c, final, dark,
            seat_colour(colours[p.player] if p.player < len(colours) else None, dark), keyed)
    by = {s.id: s for s in sections}
    out: list[ft.Control] = []
    score = by.get("score")
    if score is not None:
        out.append(_kept(x, "board-score", score, lambda: score_region(x, score)))
    inside = [_region(x, by[name], make) for name, make in
              (("resources", resources_region), ("storage", storage_region)) if name in by]
    character = by.get("character")
    lap = next((a for a in score.actions if a.id == "reward-lap"), None) if score else None
    inside.append(_kept(x, "board-tracks", (lap, character),  # (not the score's count)
                        lambda: tracks_row(x, lap, character)))
    if "buildings" in by:
        inside.append(_kept(x, "board-buildings", by["buildings"],
                            lambda: buildings_region(x, by["buildings"])))
    names = p.names()
    name = names[p.player] if p.player < len(names) else ""
    inner = keep_column(app, p, "board-left-inner", inside, spacing=6)
    out.append(_kept(x, "board-left", (name, id(inner)), lambda: side_frame(x, name, inner)))
    if "contracts" in by:
        out.append(_kept(x, "board-contracts", by["contracts"],
                         lambda: contracts_region(x, by["contracts"])))
    inner_right = right_side(x, by)
    out.append(_kept(x, "board-right", (name, id(inner_right)),
                     lambda: side_frame(x, name, inner_right, "board-right")))
    if "task-cards" in by:
        out.append(_region(x, by["task-cards"], tasks_region))
    out += [draw(s) for s in sections if s.id not in DRAWN]
    return out

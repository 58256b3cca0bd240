"""Forest Guardians' ranger board drawn as the board (issue 33, item 6;
``../shared/design/guardians-sheet.png``): a frame in the player's colour holding the three
tree rows (each with where its trees grow and what one costs, from 003), the fire tokens
and the shelter, the animal cards as cards, the ranger's own count, and the skill upgrades
that do not score. Every control sends what the sheet's view models
(:mod:`app.games.guardians.ui.sheet`) say it sends: nothing here knows a rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.i18n import language_of
from app.ui.kit.board_parts import box, frame, icon, marked, title
from app.ui.kit.colours import SeatColour, is_dark, seat_colour
from app.ui.kit.kept import keep_column, keep_piece
from app.ui.kit.live_table import tapped
from app.ui.kit.sheet_views import CardItem, Count, Option, Section, Tap
from app.ui.kit.widgets import TOUCH, muted, sid, stepper
from scoring.guardians.model import GuardiansPlayer
from scoring.guardians.rules import PILE_ORDER, ROW_ORDER
from scoring.guardians.score import board_side, categories

if TYPE_CHECKING:
    from app.ui.kit.game_ui import SheetHost
    from app.ui.kit.live_table import TableClient
    from app.ui.kit.nav import Nav

#: the sections drawn here (the others: ``draw``)
DRAWN = frozenset(("trees", "animals", "ranger"))
COUNT_ICONS = {"fire-tokens": "fire-token", "animals-in-shelter": "shelter",
               "calocedrus-on-mountains": "mountain"}
#: each typed count's icon by its id (the keypad's head and "Next"): the tree rows too
KEYPAD_ICONS = MappingProxyType({**COUNT_ICONS, **{f"tree-points-{r}": "tree" for r in (1, 2, 3)}})


@dataclass(frozen=True, slots=True)
class Ctx:
    """What every region needs: the tab, the presenter, the table, the theme, the colours."""

    app: Nav
    p: SheetHost
    c: TableClient
    dark: bool
    colour: SeatColour
    keyed: Callable[[Count], Any]
    side: str = "A"  # the ranger board's side (003: A basic, B advanced)

    def t(self, key: str, **args: Any) -> str:
        return self.app.t(key, **args)

    def on(self, what: Tap | None) -> Any:
        return tapped(self.app, self.p, self.c, what) if what is not None else None


def _error(x: Ctx, count: Count) -> str | None:
    p = x.p
    return p.error if p.error and p.error_id and count.id.endswith(p.error_id) else None


def _stepper(x: Ctx, count: Count, words: str, compact: bool, hint: str | None = None,
             badge: ft.Control | None = None) -> ft.Control:
    """A count's − n + (its number typed with the keypad); ``words`` shown, its whole name
    read to screen readers."""
    return stepper(f"sheet-{count.id}", words, count.value, x.on(count.minus), x.on(count.plus),
                   x.t("sheet-decrease", field=count.label),
                   x.t("sheet-increase", field=count.label), error=_error(x, count),
                   hint=hint if hint is not None else count.hint, on_typed=x.keyed(count),
                   compact=compact, typed_label=x.t("keypad-open", field=count.label),
                   badge=badge)


def _icon_tile(name: str, dark: bool) -> ft.Control:
    return ft.Container(icon(name, dark, 28), width=TOUCH, height=TOUCH, border_radius=10,
                        alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)


def tree_row(x: Ctx, n: int, count: Count) -> ft.Control:
    """Tree row ``n`` (1 top, 3 bottom): its name, where its trees grow and what one costs
    (003 gives them for side A only: on side B, not said), the points uncovered."""
    row = ROW_ORDER[n - 1] if 0 < n <= len(ROW_ORDER) else None
    words, rule = count.label, None
    if row is not None:
        words = x.t("board-fg-row", row=row.value)
        if x.side == "A":
            allowed = " / ".join(a.value for a in PILE_ORDER if a in row.rule.allowed)
            # rendered with the number as a number (the catalogue picks the one-card words)
            rule = l10n.render(language_of(x.app.t), "board-fg-row-rule", allowed=allowed,
                               cards=row.rule.cost_cards)
    return ft.Row([_icon_tile("tree", x.dark),
                   ft.Container(_stepper(x, count, words, False, rule), expand=True)],
                  spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def count_tile(x: Ctx, count: Count) -> ft.Control:
    """A count as a tile: its icon beside its name, − n +."""
    name = COUNT_ICONS.get(count.id)
    badge = None if name is None else icon(name, x.dark, 22)
    return box(_stepper(x, count, count.label, True, badge=badge), padding=6, expand=True)


def trees_region(x: Ctx, s: Section) -> ft.Control:
    """The tree rows (the fire tokens: :func:`tokens_row`)."""
    rows = [tree_row(x, int(k.id.rsplit("-", 1)[1]), k) for k in s.counts
            if k.id.startswith("tree-points-")]
    if x.side != "A":  # 003 prints the planting conditions of side A only
        rows.append(sid("board-fg-side-b-rules", muted(x.t("board-fg-side-b-rules"), 13)))
    return marked(s, box(ft.Column([title("tree", s.title, x.dark), *rows], spacing=8)))


def tokens_row(x: Ctx, trees: Section | None, animals: Section | None) -> ft.Control:
    """The fire tokens beside the shelter, under the tree rows (as the board has them)."""
    counts = [k for s in (trees, animals) if s is not None for k in s.counts
              if not k.id.startswith("tree-points-")]
    return ft.Row([count_tile(x, k) for k in counts], spacing=6,
                  vertical_alignment=ft.CrossAxisAlignment.START)


def animal_card(x: Ctx, k: CardItem, points: int) -> ft.Control:
    """An animal card held: its icon and points; its remove button on it."""
    face = ft.Column([icon("animal-card", x.dark, 24),
                      ft.Text(str(points), size=20, weight=ft.FontWeight.BOLD),
                      ft.Text(x.t("board-fg-points"), size=11)],
                     spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    items: list[ft.Control] = [sid(f"sheet-{k.id}", ft.Container(face, padding=4), label=k.label)]
    if k.remove is not None:
        items.append(sid(f"sheet-{k.remove.id}", ft.IconButton(
            icon=ft.Icons.CLOSE, tooltip=k.remove.label, width=TOUCH, height=TOUCH,
            disabled=k.remove.command is None, on_click=x.on(k.remove.command)),
            button=True, label=k.remove.label))
    return ft.Container(ft.Column(items, spacing=0, tight=True,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        width=72, border_radius=12, bgcolor=ft.Colors.SURFACE,
                        border=ft.Border.all(2, x.colour.line))


def add_button(x: Ctx, ident: str, o: Option) -> ft.Control:
    """"Add a card worth N": one tap."""
    return sid(ident, ft.Container(
        ft.Row([ft.Icon(ft.Icons.ADD, size=16), ft.Text(o.label, size=15)], spacing=0,
               tight=True, alignment=ft.MainAxisAlignment.CENTER),
        width=TOUCH, height=TOUCH, border_radius=10, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(1, ft.Colors.OUTLINE), on_click=x.on(o.command)),
        button=o.command is not None, label=x.t("board-fg-add-card", n=o.label))


def animals_region(x: Ctx, s: Section, cards: Sequence[int]) -> ft.Control:
    """The animal cards as cards, the buttons that add one by its points (the shelter:
    :func:`tokens_row`)."""
    held = [animal_card(x, k, cards[i]) for i, k in enumerate(s.cards) if i < len(cards)]
    adds = [add_button(x, f"sheet-{row.id}-{o.value}", o) for row in s.choices
            for o in row.options]
    items: list[ft.Control] = [
        title("animal-card", s.title, x.dark),
        ft.Row(held, spacing=6, run_spacing=6, wrap=True) if held
        else muted(x.t("common-none"), 13),
        muted(x.t("board-fg-add"), 12), ft.Row(adds, spacing=4, wrap=True, run_spacing=4)]
    for a in s.actions:
        items.append(sid(f"sheet-{a.id}", ft.TextButton(
            content=ft.Text(a.label), height=TOUCH, disabled=a.command is None,
            on_click=x.on(a.command)), button=True))
    return marked(s, box(ft.Column(items, spacing=6)))


def ranger_region(x: Ctx, s: Section) -> ft.Control:
    """The ranger's own count (Fluffy: Calocedrus on mountains)."""
    return marked(s, box(ft.Column([title("ranger", s.title, x.dark),
                                    *(ft.Row([_icon_tile(COUNT_ICONS.get(k.id, "ranger"),
                                                         x.dark),
                                              ft.Container(_stepper(x, k, k.label, False),
                                                           expand=True)], spacing=8)
                                      for k in s.counts)], spacing=6)))


def _cards_of(p: SheetHost) -> tuple[int, ...]:
    """The shown player's animal cards, by their points."""
    board = _board_of(p)
    return tuple(int(c) for c in board.animal_cards) if board is not None else ()


def guardians_board(app: Nav, p: SheetHost, c: TableClient, sections: Sequence[Section],
                    final: bool, draw: Callable[[Section], ft.Control],
                    keyed: Callable[[Count], Any]) -> list[ft.Control]:
    """The shown player's ranger board as the board; the other sections by ``draw``."""
    colours: list[str | None] = list(getattr(p, "colours", list)())
    dark = is_dark(app.page)
    board = _board_of(p)
    side = board_side(board) if board is not None else "A"
    x = Ctx(app, p, c, dark,
            seat_colour(colours[p.player] if p.player < len(colours) else None, dark), keyed,
            side)
    by = {s.id: s for s in sections}

    def kept(name: str, key: Any, make: Callable[[], ft.Control]) -> ft.Control:
        return keep_piece(app, p, name, (key, p.error, p.error_id, p.player, p.locked_player,
                                         final, dark, x.colour), make)

    inside: list[ft.Control] = []
    if "trees" in by:
        inside.append(kept("fg-trees", (by["trees"], side),
                           lambda: trees_region(x, by["trees"])))
    trees, animals = by.get("trees"), by.get("animals")
    inside.append(kept("fg-tokens", (trees, animals), lambda: tokens_row(x, trees, animals)))
    if "animals" in by:
        cards = _cards_of(p)
        inside.append(kept("fg-animals", (by["animals"], cards),
                           lambda: animals_region(x, by["animals"], cards)))
    if "ranger" in by:
        inside.append(kept("fg-ranger", by["ranger"], lambda: ranger_region(x, by["ranger"])))
    inside.append(kept("fg-skills", None, lambda: sid("board-fg-skills", ft.Row(
        [icon("technology", dark, 20), ft.Text(x.t("board-fg-skills"), size=13, expand=True)],
        spacing=6))))
    names = p.names()
    name = names[p.player] if p.player < len(names) else ""
    inner = keep_column(app, p, "fg-board-inner", inside, spacing=8)
    out: list[ft.Control] = [kept("fg-board", (name, side, id(inner)), lambda: frame(
        "board-ranger", x.t("board-fg-ranger-board", name=name, side=side), x.colour, inner))]
    if board is not None:
        parts = categories(board)
        out.append(kept("fg-sum", parts, lambda: sum_line(x, parts)))
    out += [draw(s) for s in sections if s.id not in DRAWN]
    return out


def sum_line(x: Ctx, parts: Sequence[tuple[str, int]]) -> ft.Control:
    """Under the board, how its total is made: "17 = Trees 6 + Animals 5 + …" (the
    scoring's categories, in full words)."""
    words = " + ".join(f"{x.t(f'category-{key}')} {points}" for key, points in parts)
    total = sum(points for _key, points in parts)
    return sid("board-fg-sum", ft.Text(x.t("board-fg-sum", total=str(total), parts=words),
                                      size=15))


def _board_of(p: SheetHost) -> GuardiansPlayer | None:
    boards = p.state.boards_of(GuardiansPlayer)
    return boards[p.player] if p.player < len(boards) else None

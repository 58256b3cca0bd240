"""The scoreboard of a game: every category per player, totals, ranks, what is still missing.

A game in play is read from its open table (:func:`app.ui.sheet.view.open_table`); a
finished one from its stored record, as it was scored.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import flet as ft

from app import l10n
from app.game.registry import variant
from app.game.state import parsed_state
from app.game.status import Status
from app.i18n import language_of
from app.store.crud import FAILURES
from app.ui.kit.colours import is_dark, seat_colour
from app.ui.kit.live_table import TableClient, submit_off_loop
from app.ui.kit.result_grid import result_grid, score_notes, tie_box
from app.ui.kit.validate import shown, typed_number
from app.ui.kit.widgets import TOUCH, card, header, muted, sid
from app.ui.sheet.presenter import SheetPresenter, scoreboard, stored_scoreboard
from app.ui.sheet.view import open_table, undo_redo
from scoring.message import Refusal

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

log = logging.getLogger(__name__)


def _chart(board: Any, dark: bool = False) -> ft.Control | None:
    import flet_charts as fch

    top = max([*board.totals, 1])
    max_y = int(top * 1.2) + 1
    groups = [
        fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=total, width=28, color=seat_colour(colour, dark).fill,
            border_radius=4, tooltip=f"{name}: {total}")])
        for i, (name, total, colour) in enumerate(zip(
            board.names, board.totals,
            (*board.colours, *[None] * (len(board.names) - len(board.colours))), strict=True))
    ]
    chart: ft.Control = fch.BarChart(  # flet_charts has no type hints
        groups=groups, max_y=max_y, interactive=False,
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(n[:8], size=12))
            for i, n in enumerate(board.names)], label_size=28),
        left_axis=fch.ChartAxis(label_size=36),
        horizontal_grid_lines=fch.ChartGridLines(interval=max(1, top // 4),
                                                 color=ft.Colors.OUTLINE_VARIANT, width=1),
        height=220,
    )
    return chart


def _stored_board(app: Nav) -> Any | None:
    """A finished game without a command log (imported): its stored record's scoreboard.

    Only for the app's own user (who sees the whole history); a table-mode seat link
    sees its table through the session's access rules, never around them.
    """
    store = app.services.store
    game_id = app.params.get("game_id")
    if store is None or game_id is None or app.locked is not None:
        return None
    try:
        return stored_scoreboard(store, int(game_id), app.t)
    except FAILURES:
        log.exception("scoreboard of stored game %s", game_id)
        return None


def _confirmed_where(app: Nav, p: SheetPresenter | None, table: str) -> str:
    """Where a value confirmed for ``table`` in this game is remembered: its game says, from
    the game's options as its record keeps them (a board side of its own, say)."""
    if p is not None:
        game, options = p.game, parsed_state(p.state)[0].get("options") or {}
    else:
        store = app.services.store
        rec = store.get_record(game_id=int(app.params["game_id"])) if store is not None \
            else None
        if rec is None:
            return table
        game, options = str(rec.record.get("game")), rec.record.get("options") or {}
    where = variant(game).confirmed_table
    return where(options, table) if where is not None else table


def _confirm_stored(app: Nav, p: SheetPresenter | None, need: Any, value: int
                    ) -> None:
    store = app.services.store
    if store is None:
        return
    table = _confirmed_where(app, p, need.table)
    store.confirm_printed(table=table, key=need.key, value=value)
    if p is not None:
        p.printed = dict(store.get_printed())
        p._sheet = None
    app.refresh()


def app_l10n(app: Nav, code: str, **params: Any) -> str:
    return l10n.render(app.settings.language, code, **params)


def _rescore(app: Nav, p: SheetPresenter | None) -> None:
    store = app.services.store
    game_id = app.params.get("game_id")
    if store is None or game_id is None:
        return
    store.rescore_game(game_id=int(game_id))
    if p is not None:
        p.printed = dict(store.get_printed())
        p._sheet = None
    app.refresh()


def build(app: Nav) -> ft.Control:
    t = app.t
    opened = open_table(app)
    p: SheetPresenter | None = None
    c: TableClient | None = None
    if isinstance(opened, str):
        board = _stored_board(app)
        if board is None:
            return ft.Column([header(t("score-title"), back=app.back,
                                     back_label=t("nav-back")), muted(opened)])
    else:
        p, c = opened
        board = scoreboard(p.sheet(), t, p.colours())
        if p.status == Status.FINISHED:  # what it was scored with: its stored record
            board = _stored_board(app) or board
    controls: list[ft.Control] = [
        header(t("score-title"), back=app.back, back_label=t("nav-back"),
               actions=undo_redo(app, p, c) if p is not None and c is not None else ()),
    ]
    if board is None:
        controls.append(muted(t("sheet-not-scorable")))
        return ft.Column(controls, spacing=10)
    # a "?" opens the entry of the printed value it waits for (the field below the grid)
    can_enter = not (app.locked is not None and (p is None or p.status == Status.FINISHED))

    def enter(n: int) -> None:
        need = board.needs[n]
        field = app.kept(f"score-need-{need.table}-{need.key}", ft.TextField)
        app.page.run_task(field.focus)  # type: ignore[attr-defined]
    controls.append(result_grid(t, board, dark=is_dark(app.page),
                                on_unknown=enter if can_enter and board.needs else None))
    for row in board.rows:
        if row.waiting:  # the question a "?" in the row waits for, under the grid
            controls.extend(sid(f"score-{row.category}-waiting", muted(f"{row.label}: {q}", 12))
                            for q in row.waiting)
    if board.winners:
        controls.append(sid("score-winners", ft.Text(
            t("score-winners", names=t("list-commas").join(board.winners)), size=20,
            weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)))
    if board.tie_notes:
        controls.append(tie_box("\n".join(board.tie_notes), "score-tie"))
    if not board.complete:
        controls.append(muted(t("score-provisional")))
    chart = _chart(board, is_dark(app.page))
    if chart is not None:
        controls.append(card([ft.Text(t("score-chart"), weight=ft.FontWeight.W_600), chart],
                             identifier="score-chart"))
    if board.needs:
        needs: list[ft.Control] = [ft.Text(t("score-needs-title"), size=18,
                                           weight=ft.FontWeight.BOLD)]
        for n, need in enumerate(board.needs):
            if app.locked is not None and (p is None or p.status == Status.FINISHED):
                # a seat link does not complete a finished game: it only says what is missing
                needs.append(ft.Text(need.ask, size=15))
                continue
            field = app.kept(f"score-need-{need.table}-{need.key}", lambda: ft.TextField(
                keyboard_type=ft.KeyboardType.NUMBER, width=120,
                input_filter=ft.InputFilter(regex_string=r"^\d*$", allow=True,
                                            replacement_string="")))
            field.label = t("score-value")  # type: ignore[attr-defined]

            async def confirm(_e: Any, need: Any = need, field: Any = field,
                              p: SheetPresenter | None = p, c: TableClient | None = c) -> None:
                try:  # the browser's digit filter is a convenience: checked here
                    value = typed_number(field.value, "value")
                except Refusal as err:
                    field.error = shown(language_of(app.t), err, t("score-value"))
                    app.refresh()
                    return
                field.error = None
                if p is not None and c is not None and p.status != Status.FINISHED:
                    await submit_off_loop(app, p, c, lambda: p.confirm_printed(
                        need.table, need.key, value))
                    return
                # a finished game (completed later, from History): remembered, and the
                # stored games that lacked it are scored again (Store.confirm_printed)
                _confirm_stored(app, p, need, value)
            # keyed by the question, not its place: confirming one card removes it, and the
            # cards after it move up — matched by place, a kept field would take over the id
            # (and the phone's text) of the one before it
            needs.append(ft.Column([
                ft.Text(need.ask, size=15),
                ft.Row([sid(f"score-need-{n}-value", field),
                        sid(f"score-need-{n}-confirm", ft.FilledTonalButton(
                            content=ft.Text(t("score-confirm")), height=TOUCH,
                            on_click=confirm), button=True)], wrap=True),
            ], spacing=4, key=f"need-{need.table}-{need.key}"))
        controls.append(card(needs, identifier="score-needs"))
    controls.append(score_notes(t, board.notes))
    if (p is None or p.status == Status.FINISHED) and app.locked is None \
            and app.services.store is not None:
        # a finished game keeps the values it was scored with; on request, the ones
        # remembered now (Settings) score it again
        controls.append(sid("score-rescore", ft.TextButton(
            content=ft.Text(app_l10n(app, "score-rescore")), height=TOUCH,
            on_click=lambda e: _rescore(app, p)), button=True))
    if p is not None and p.error:
        controls.append(sid("score-error", ft.Text(p.error, color=ft.Colors.ERROR)))
    controls.append(ft.Container(height=TOUCH))
    return ft.Column(controls, spacing=10)


# the play-along pieces draw inside the sheet: their taps go the sheet's way

"""History and statistics of finished games (from ``app.store.queries``).

A person's statistics open as charts (flet-charts): score over time (line),
category averages (bars) and the win rate (number and bar).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from app.l10n import refusal, render
from app.store import crud, queries
from app.ui.finish.view import rematch as start
from app.ui.kit.colours import is_dark, seat_colour
from app.ui.kit.photos import photos_card
from app.ui.kit.widgets import (
    TOUCH,
    big_button,
    card,
    choice_chips,
    header,
    muted,
    sid,
    small_button,
)
from app.ui.records.presenter import (
    ALL,
    HistoryFilters,
    history_filters,
    history_lines,
    stats_lines,
)
from app.ui.records.stats import PersonView, load_person
from app.ui.records.transfer import transfer_section
from scoring.message import Refusal

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav


HISTORY_PAGE = 50  # games per page of the history ("Show more" adds a page)


@dataclass(slots=True)
class HistoryFilter:
    """The history's filter and page count, kept while the tab navigates."""

    game: str = ALL
    person: str = ALL
    limit: int | None = None  # None: one page (HISTORY_PAGE)


@dataclass(frozen=True, slots=True)
class Deleted:
    """The game just deleted ("Undo" on the history, until the next delete or an undo)."""

    game_id: int


@dataclass(slots=True)
class PlayedForm:
    """One finished game's form (one per game id): the last save's outcome, a delete asked."""

    error: str | None = None
    saved: bool = False
    confirm: bool = False


@dataclass(slots=True)
class PeopleForm:
    """The people screen: the last outcome and a merge in progress (source, then target)."""

    message: str | None = None
    error: str | None = None
    merge: int | None = None
    into: int | None = None


def _filter_chips(app: Nav, f: HistoryFilters, chosen: HistoryFilter) -> list[ft.Control]:
    """Game and player chips (they wrap); a pick redraws the list."""
    def pick(key: str) -> Any:
        def on_pick(value: str) -> None:
            setattr(chosen, key, value)
            chosen.limit = None  # a new filter starts with one page again
            app.refresh()
        return on_pick

    t = app.t
    return [
        muted(t("history-filter-game"), 13),
        choice_chips("history-filter-game", f.games, f.game, pick("game")),
        muted(t("history-filter-person"), 13),
        choice_chips("history-filter-person", f.people, f.person, pick("person")),
    ]


def _open_scoreboard(app: Nav, game_id: int, _e: Any = None) -> None:
    app.go("scoreboard", game_id=game_id)


def _open_person(app: Nav, person_id: int, game: str, _e: Any = None) -> None:
    app.go("person", person_id=person_id, game=game)


def build_history(app: Nav) -> ft.Control:
    t = app.t
    svc = app.services
    chosen = app.states.setdefault(HistoryFilter, HistoryFilter)
    stats = svc.stats()
    f = history_filters(stats, chosen.game, chosen.person, t)
    limit = chosen.limit or HISTORY_PAGE
    lines = history_lines(svc.history(limit=limit, **f.query()), t)
    banner = undo_banner(app)
    body: list[ft.Control] = ([] if banner is None else [banner]) \
        + (_filter_chips(app, f, chosen) if stats else [])
    for line in lines:
        # a ListTile is a real button to a screen reader (a Container's on_click is not);
        # keyed: a filtered list reuses no other game's card (nor its semantics identifier)
        body.append(sid(f"history-game-{line.id}", ft.Card(content=ft.ListTile(
            title=ft.Row([ft.Text(line.title, weight=ft.FontWeight.BOLD, expand=True),
                          muted(line.when)]),
            subtitle=ft.Text("   ".join(line.players)),
            trailing=manage_button(app, line.id),
            on_click=lambda e, gid=line.id: app.go("scoreboard", game_id=gid),
            min_height=TOUCH,
        )), button=True, key=f"history-game-{line.id}"))
        if line.incomplete:  # finished with a value missing: complete it (the scoreboard asks)
            body.append(small_button(
                f"history-complete-{line.id}", _tx(app, "history-complete-game"),
                partial(_open_scoreboard, app, line.id), icon=ft.Icons.EDIT_NOTE, filled=True))
    if len(lines) >= limit:  # there may be more: one more page on a tap

        def more(_e: Any) -> None:
            chosen.limit = limit + HISTORY_PAGE
            app.refresh()
        body.append(big_button("history-more", t("history-more"), more,
                               icon=ft.Icons.EXPAND_MORE))
    if not lines:
        filtered = (f.game, f.person) != (ALL, ALL)
        body.append(sid("history-empty", muted(
            t("history-none-match" if filtered else "history-empty"))))

    transfer = transfer_section(app)  # the host's only (issue 34)
    if transfer is not None:
        body.append(transfer)
    people = sid("history-people", ft.IconButton(
        icon=ft.Icons.PEOPLE, tooltip=_tx(app, "history-people"), width=TOUCH, height=TOUCH,
        on_click=lambda e: app.go("people")), button=True)
    return ft.Column([header(t("history-title"), back=app.back, back_label=t("nav-back"),
                             actions=[people]),
                      *body], spacing=10)


def _win_rate(t: Any, rate: float, text: str, ident: str) -> ft.Control:
    return ft.Row([
        sid(ident, ft.Text(t("stats-win-rate", n=text), weight=ft.FontWeight.W_600)),
        ft.ProgressBar(value=rate, expand=True, bar_height=10, border_radius=5),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def build_stats(app: Nav) -> ft.Control:
    t = app.t
    raw = app.services.stats()
    lines = stats_lines(raw, t)
    body: list[ft.Control] = []
    for i, (line, st) in enumerate(zip(lines, raw, strict=True)):
        rate = float(st.win_rate)
        body.append(sid(f"stats-{i}", card([
            ft.Row([ft.Text(line.name, weight=ft.FontWeight.BOLD, expand=True),
                    muted(line.game)]),
            _figures(t, line),
            _win_rate(t, rate, f"{rate * 100:.0f}", f"stats-{i}-win-rate"),
            # a real button (a tap action in the semantics tree): a card's on_click is not
            big_button(f"stats-{i}-charts", t("stats-charts"),
                       partial(_open_person, app, st.person_id, st.game),
                       icon=ft.Icons.SHOW_CHART),
        ])))
    if not body:
        body.append(sid("stats-empty", muted(t("stats-empty"))))
    return ft.Column([header(t("stats-title"), back=app.back, back_label=t("nav-back")),
                      *body], spacing=10)


def _figures(t: Any, v: Any) -> ft.Control:
    """Plays, wins, average and best of a person in a game (a stats line or a person)."""
    return ft.Row([ft.Text(t("stats-plays", n=v.plays)), ft.Text(t("stats-wins", n=v.wins)),
                   ft.Text(t("stats-average", n=v.average)), ft.Text(t("stats-best", n=v.best))],
                  wrap=True, spacing=16)


def _grid(step: int) -> Any:
    """A chart's horizontal lines, one per ``step`` of its axis."""
    import flet_charts as fch

    return fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1)


def score_chart(v: PersonView, dark: bool = False) -> ft.Control | None:
    """Score over time: one point per finished game with a total, oldest first."""
    import flet_charts as fch

    if not v.scores:
        return None
    top, step = v.score_axis
    every = max(1, len(v.scores) // 5)
    chart = fch.LineChart(
        data_series=[fch.LineChartData(
            points=[fch.LineChartDataPoint(x=p.x, y=p.y, tooltip=f"{p.label}: {p.y}")
                    for p in v.scores],
            stroke_width=3, color=seat_colour(v.colour, dark).line, curved=False,
            point=True)],
        min_x=0, max_x=max(1, len(v.scores) - 1), min_y=0, max_y=top,
        # the values from one step up: a "0" at the corner ran into the first date
        left_axis=fch.ChartAxis(label_size=36, labels=[
            fch.ChartAxisLabel(value=y, label=ft.Text(str(y), size=11))
            for y in range(step, top + 1, step)], show_min=False),
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=p.x, label=ft.Text(p.label, size=11))
            for p in v.scores if p.x % every == 0], label_size=28),
        horizontal_grid_lines=_grid(step), interactive=False, height=200)
    # room on the right for the last date, centred under the last point
    return sid("person-scores-chart", ft.Container(chart, padding=ft.Padding.only(right=24)))


def category_chart(v: PersonView, dark: bool = False) -> ft.Control | None:
    """Average points per category (bars, largest first), numbered: the names are written
    out in full under the chart with the same numbers (a name under a bar was cut to five
    letters at 390 px)."""
    import flet_charts as fch

    if not v.categories:
        return None
    top, step = v.category_axis
    chart = fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=round(c.average, 1), width=18, color=seat_colour(v.colour, dark).line,
            border_radius=3, tooltip=f"{c.label}: {c.average:.1f}")])
            for i, c in enumerate(v.categories)],
        max_y=top, interactive=False,
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(str(i + 1), size=11))
            for i, c in enumerate(v.categories)], label_size=24),
        left_axis=fch.ChartAxis(label_size=32, label_spacing=step),
        horizontal_grid_lines=_grid(step), height=200)
    return sid("person-categories-chart", chart)


def build_person(app: Nav) -> ft.Control:
    t = app.t
    store = app.services.store
    pid, game = app.params.get("person_id"), app.params.get("game")
    v = load_person(store, int(pid), str(game), t) \
        if store is not None and pid is not None and game else None
    if v is None:
        return ft.Column([header(t("stats-title"), back=app.back, back_label=t("nav-back")),
                          sid("stats-empty", muted(t("stats-empty")))], spacing=10)
    controls: list[ft.Control] = [
        header(v.name, back=app.back, back_label=t("nav-back")),
        muted(v.game_title),
        card([_figures(t, v), _win_rate(t, v.win_rate, v.win_rate_text, "person-win-rate")],
             identifier="person-summary"),
    ]
    for chart, title, ident, notes in (
            (score_chart(v, is_dark(app.page)), t("stats-chart-scores"), "person-scores", []),
            (category_chart(v, is_dark(app.page)), t("stats-chart-categories"),
             "person-categories",
             [muted(f"{i}. {c.label}: {c.average:.1f}", 13)
              for i, c in enumerate(v.categories, start=1)])):
        if chart is not None:
            controls.append(card([ft.Text(title, weight=ft.FontWeight.W_600), chart, *notes],
                                 identifier=ident))
    return ft.Column(controls, spacing=10)


# --------------------------------------------------------------------------- keeping the history
# (issue 15) A finished game's details can be corrected (date, location, notes, names:
# scored again), a game deleted (confirmed in place; soft delete, undone from History),
# people renamed and merged. Words: app/l10n/*.ftl, "## records".


def _setter(app: Nav, form: Any, **values: Any) -> Callable[[Any], None]:
    """An event handler: set ``values`` on ``form``, then draw the screen again."""
    def handler(_e: Any) -> None:
        for name, value in values.items():
            setattr(form, name, value)
        app.refresh()
    return handler


def _tx(app: Nav, code: str, **params: Any) -> str:
    return render(app.settings.language, code, **params)


def _problem(app: Nav, exc: Exception) -> str:
    """A refusal in the tab's language; a store error's own message otherwise."""
    if isinstance(exc, Refusal):
        return refusal(app.settings.language, exc)
    return str(exc)


def manage_button(app: Nav, game_id: int) -> ft.Control:
    """The history card's "edit or delete" button (opens :func:`build_played`)."""
    return sid(f"history-manage-{game_id}", ft.IconButton(
        icon=ft.Icons.EDIT_NOTE, tooltip=_tx(app, "history-manage"), width=TOUCH,
        height=TOUCH, on_click=lambda e: app.go("played", game_id=game_id)), button=True)


def undo_banner(app: Nav) -> ft.Control | None:
    """"Game N deleted. Undo" after a delete (until the next delete or an undo)."""
    deleted = app.states.get(Deleted)
    store = app.services.store
    if deleted is None or store is None:  # (nothing is deleted without a store)
        return None
    gid = deleted.game_id

    def undo(_e: Any) -> None:
        with store.session() as s:
            crud.restore_game(s, game_id=int(gid))
        app.states.pop(Deleted)
        app.refresh()

    return sid("history-undo-banner", card([ft.Row([
        ft.Text(_tx(app, "history-deleted", id=int(gid)), expand=True),
        small_button("history-undo", _tx(app, "history-undo"), undo, icon=ft.Icons.UNDO,
                     filled=True)])]))


def build_played(app: Nav) -> ft.Control:
    """One finished game's details to correct, delete (confirmed) or play again."""
    store = app.services.store
    gid = app.params.get("game_id")
    summary = None
    if store is not None and gid is not None:
        with store.session() as s:
            summary = queries.game_summary(s, game_id=int(gid))
            first = queries.first_player(s, game_id=int(gid))
    back = header(_tx(app, "played-title", id=int(gid or 0)), back=app.back,
                  back_label=app.t("nav-back"))
    if store is None or gid is None or summary is None or summary.status == "deleted":
        return ft.Column([back, sid("played-missing", muted(_tx(app, "played-not-found")))],
                         spacing=10)
    ui = app.states.setdefault(PlayedForm, PlayedForm, int(gid))

    def field(key: str, label: str, value: str, multiline: bool = False) -> ft.Control:
        ctl = app.kept(f"played-{gid}-{key}", lambda: sid(f"played-{key}", ft.TextField(
            value=value, multiline=multiline, min_lines=2 if multiline else None,
            max_length=2000 if multiline else None)))
        tf: ft.TextField = ctl.content  # type: ignore[attr-defined]
        tf.label = label
        return ctl

    when = summary.local_played_at.isoformat(timespec="minutes")
    date_ctl = field("date", _tx(app, "played-date"), when)
    loc_ctl = field("location", _tx(app, "played-location"), summary.location or "")
    notes_ctl = field("notes", _tx(app, "played-notes"), summary.notes or "", True)
    names = [field(f"name-{p.seat}", _tx(app, "played-name", n=p.seat), p.name)
             for p in summary.players]

    def value(ctl: Any) -> str:
        return str(ctl.content.value or "")

    def save(_e: Any) -> None:
        try:
            with store.session() as s:
                crud.edit_finished_game(
                    s, game_id=int(gid), played_at=value(date_ctl), location=value(loc_ctl),
                    notes=value(notes_ctl), names=[value(c) for c in names])
        except (ValueError, LookupError) as exc:
            ui.error, ui.saved = _problem(app, exc), False
        else:
            ui.error, ui.saved = None, True
            app.forget(f"played-{gid}-")  # fields show the stored (cleaned) values
        app.refresh()

    def delete(_e: Any) -> None:
        with store.session() as s:
            crud.soft_delete_game(s, game_id=int(gid))
        app.states.pop(PlayedForm, int(gid))
        app.states.put(Deleted(int(gid)))
        if app.came_from() == "history":
            app.back()  # to the list it came from, with "Undo"
        else:
            app.go("history")

    def rematch(_e: Any) -> None:
        start(app, int(gid))

    opened = summary.status == "open"  # an open game: only abandoned (undo in History)
    controls = [back, muted(app.t(f"game-{summary.game}"))]
    starter = next((p.name for p in summary.players if p.seat == first), None)
    if starter is not None:  # only when the record says (docs/record-format.md)
        controls.append(sid("played-first-player",
                            muted(_tx(app, "played-first-player", name=starter, n=first))))
    if opened:
        controls.append(muted(app.t("list-commas").join(p.name for p in summary.players)))
    else:
        controls += [date_ctl, loc_ctl, *names, notes_ctl]
        if ui.error:
            controls.append(sid("played-error", ft.Text(ui.error, color=ft.Colors.ERROR)))
        elif ui.saved:
            controls.append(sid("played-saved", muted(_tx(app, "played-saved"))))
        controls.append(big_button("played-save", _tx(app, "played-save"), save,
                                   icon=ft.Icons.SAVE, primary=True))
        controls.append(photos_card(app, int(gid)))
        controls.append(big_button("played-rematch", _tx(app, "played-rematch"), rematch,
                                   icon=ft.Icons.REPLAY))
    if ui.confirm:
        ask = "played-abandon-confirm" if opened else "played-delete-confirm"
        controls.append(sid("played-delete-confirm", card([
            ft.Text(_tx(app, ask, id=int(gid))),
            ft.Row([small_button("played-delete-yes", _tx(app, "played-delete-yes"), delete,
                                 icon=ft.Icons.DELETE, filled=True),
                    small_button("played-delete-cancel", _tx(app, "played-cancel"),
                                 _setter(app, ui, confirm=False))], wrap=True)])))
    else:
        controls.append(big_button(
            "played-delete", _tx(app, "played-abandon" if opened else "played-delete"),
            _setter(app, ui, confirm=True), icon=ft.Icons.DELETE_OUTLINE))
    return ft.Column(controls, spacing=10)


def _person_field(pid: int, name: str) -> ft.Control:
    return sid(f"people-name-{pid}", ft.TextField(value=name, expand=True))


def build_people(app: Nav) -> ft.Control:
    """Everyone who played: rename a person, or merge two who are the same person."""
    store = app.services.store
    ui = app.states.setdefault(PeopleForm, PeopleForm)
    people = []
    if store is not None:
        with store.session() as s:
            people = [(int(p.id), p.name) for p in crud.list_people(s) if p.id is not None]
    names = dict(people)
    controls: list[ft.Control] = [header(_tx(app, "people-title"), back=app.back,
                                         back_label=app.t("nav-back"))]
    if ui.message:
        controls.append(sid("people-message", muted(ui.message)))
    if ui.error:
        controls.append(sid("people-error", ft.Text(ui.error, color=ft.Colors.ERROR)))

    def rename(pid: int, ctl: Any) -> Any:
        def run(_e: Any) -> None:
            assert store is not None  # (no people are listed without a store)
            try:
                with store.session() as s:
                    p = crud.rename_person(s, person_id=pid, name=str(ctl.content.value or ""))
            except (ValueError, LookupError) as exc:
                ui.error, ui.message = _problem(app, exc), None
            else:
                ui.error = None
                ui.message = _tx(app, "people-renamed", name=p.name)
                app.forget("people-name-")
            app.refresh()
        return run

    cancel = _setter(app, ui, merge=None, into=None)

    def merge(_e: Any) -> None:
        if ui.merge is None or ui.into is None:
            return
        src, dst = ui.merge, ui.into
        assert store is not None  # (no people are listed without a store)
        try:
            with store.session() as s:
                crud.merge_people(s, source_id=src, target_id=dst)
        except (ValueError, LookupError) as exc:
            ui.error, ui.message = _problem(app, exc), None
        else:
            ui.error = None
            ui.message = _tx(app, "people-merged", source=names[src], target=names[dst])
        ui.merge, ui.into = None, None
        app.refresh()

    for pid, name in people:
        ctl = app.kept(f"people-name-{pid}", partial(_person_field, pid, name))
        row: list[ft.Control] = [
            ft.Row([ctl, small_button(f"people-rename-{pid}", _tx(app, "people-rename"),
                                      rename(pid, ctl))]),
        ]
        if ui.merge == pid:
            if ui.into is None:
                row.append(muted(_tx(app, "people-merge-pick", name=name)))
                row.append(ft.Row([small_button(f"people-into-{other}", other_name,
                                                _setter(app, ui, into=other))
                                   for other, other_name in people if other != pid]
                                  + [small_button("people-merge-cancel",
                                                  _tx(app, "played-cancel"), cancel)],
                                  wrap=True))
            else:
                row.append(sid("people-merge-confirm", ft.Text(_tx(
                    app, "people-merge-confirm", source=name, target=names[ui.into]))))
                row.append(ft.Row([
                    small_button("people-merge-yes", _tx(app, "people-merge-yes"), merge,
                                 icon=ft.Icons.CALL_MERGE, filled=True),
                    small_button("people-merge-cancel", _tx(app, "played-cancel"), cancel),
                ], wrap=True))
        else:
            pick = _setter(app, ui, merge=pid, into=None, error=None, message=None)
            row.append(small_button(f"people-merge-{pid}", _tx(app, "people-merge"), pick,
                                    icon=ft.Icons.CALL_MERGE))
        controls.append(sid(f"people-{pid}", card(row)))
    if not people:
        controls.append(sid("people-empty", muted(app.t("history-empty"))))
    return ft.Column(controls, spacing=10)

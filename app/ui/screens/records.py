"""History and statistics of finished games (from ``app.store.queries``).

A person's statistics open as charts (flet-charts): score over time (line),
category averages (bars) and the win rate (number and bar).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from app.ui import services
from app.ui.presenters import ALL, HistoryFilters, history_filters, history_lines, stats_lines
from app.ui.presenters_stats import PersonView, load_person
from app.ui.widgets import TOUCH, big_button, card, choice_chips, header, muted, sid, small_button

if TYPE_CHECKING:
    from app.ui.app import ForestTableApp


HISTORY_PAGE = 50  # games per page of the history ("Show more" adds a page)


def _filter_chips(app: ForestTableApp, f: HistoryFilters,
                  chosen: dict[str, Any]) -> list[ft.Control]:
    """Game and player chips (they wrap); a pick redraws the list."""
    def pick(key: str) -> Any:
        def on_pick(value: str) -> None:
            chosen[key] = value
            chosen.pop("limit", None)  # a new filter starts with one page again
            app.refresh()
        return on_pick

    t = app.t
    return [
        muted(t("history.filter_game"), 13),
        choice_chips("history-filter-game", f.games, f.game, pick("game")),
        muted(t("history.filter_person"), 13),
        choice_chips("history-filter-person", f.people, f.person, pick("person")),
    ]


def build_history(app: ForestTableApp) -> ft.Control:
    t = app.t
    svc = services.shared()
    # the filter and the page count, kept while the tab navigates
    chosen: dict[str, Any] = app.state.setdefault("history-filter", {"game": ALL, "person": ALL})
    stats = svc.stats()
    f = history_filters(stats, chosen["game"], chosen["person"], t)
    limit = int(chosen.get("limit", HISTORY_PAGE))
    lines = history_lines(svc.history(limit=limit, **f.query()), t)
    body: list[ft.Control] = _filter_chips(app, f, chosen) if stats else []
    for line in lines:
        # a ListTile is a real button (Flutter gives it a tap action in the semantics
        # tree): a Container's on_click is not, so a screen reader could not open it
        body.append(sid(f"history-game-{line.id}", ft.Card(content=ft.ListTile(
            title=ft.Row([ft.Text(line.title, weight=ft.FontWeight.BOLD, expand=True),
                          muted(line.when)]),
            subtitle=ft.Text("   ".join(line.players)),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=lambda e, gid=line.id: app.go("scoreboard", game_id=gid),
            min_height=TOUCH,
        )), button=True, key=f"history-game-{line.id}"))  # keyed: a filtered list
        # reuses no other game's card (the semantics identifier would stay the old one)
        if line.incomplete:  # finished with a value missing: complete it (the scoreboard asks)
            from app import l10n

            body.append(small_button(
                f"history-complete-{line.id}", l10n.render(app.settings.language,
                                                           "history-complete-game"),
                lambda e, gid=line.id: app.go("scoreboard", game_id=gid),
                icon=ft.Icons.EDIT_NOTE, filled=True))
    if len(lines) >= limit:  # there may be more: one more page on a tap

        def more(_e: Any) -> None:
            chosen["limit"] = limit + HISTORY_PAGE
            app.refresh()
        body.append(big_button("history-more", t("history.more"), more,
                               icon=ft.Icons.EXPAND_MORE))
    if not lines:
        filtered = f.game != ALL or f.person != ALL
        body.append(sid("history-empty", muted(
            t("history.none_match" if filtered else "history.empty"))))
    return ft.Column([header(t("history.title"), back=app.back, back_label=t("nav.back")),
                      *body], spacing=10)


def _win_rate(t: Any, rate: float, text: str, ident: str) -> ft.Control:
    return ft.Row([
        sid(ident, ft.Text(t("stats.win_rate", n=text), weight=ft.FontWeight.W_600)),
        ft.ProgressBar(value=rate, expand=True, bar_height=10, border_radius=5),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def build_stats(app: ForestTableApp) -> ft.Control:
    t = app.t
    raw = services.shared().stats()
    lines = stats_lines(raw, t)
    body: list[ft.Control] = []
    for i, (line, st) in enumerate(zip(lines, raw, strict=True)):
        rate = float(st.win_rate)
        body.append(sid(f"stats-{i}", card([
            ft.Row([ft.Text(line.name, weight=ft.FontWeight.BOLD, expand=True),
                    muted(line.game)]),
            ft.Row([
                ft.Text(t("stats.plays", n=line.plays)),
                ft.Text(t("stats.wins", n=line.wins)),
                ft.Text(t("stats.average", n=line.average)),
                ft.Text(t("stats.best", n=line.best)),
            ], wrap=True, spacing=16),
            _win_rate(t, rate, f"{rate * 100:.0f}", f"stats-{i}-win-rate"),
            # a real button (a tap action in the semantics tree, 48 px): the card's own
            # Container.on_click was not one, so the charts could not be opened by
            # assistive technology (nor by a tap on the card's semantics node)
            big_button(f"stats-{i}-charts", t("stats.charts"),
                       lambda e, pid=st.person_id, g=st.game: app.go(
                           "person", person_id=pid, game=g),
                       icon=ft.Icons.SHOW_CHART),
        ])))
    if not body:
        body.append(sid("stats-empty", muted(t("stats.empty"))))
    return ft.Column([header(t("stats.title"), back=app.back, back_label=t("nav.back")),
                      *body], spacing=10)


def score_chart(v: PersonView) -> ft.Control | None:
    """Score over time: one point per finished game with a total, oldest first."""
    try:
        import flet_charts as fch
    except ImportError:
        return None
    if not v.scores:
        return None
    top, step = v.score_axis
    every = max(1, len(v.scores) // 5)
    chart = fch.LineChart(
        data_series=[fch.LineChartData(
            points=[fch.LineChartDataPoint(x=p.x, y=p.y, tooltip=f"{p.label}: {p.y}")
                    for p in v.scores],
            stroke_width=3, color=ft.Colors.PRIMARY, curved=False,
            point=True)],
        min_x=0, max_x=max(1, len(v.scores) - 1), min_y=0, max_y=top,
        left_axis=fch.ChartAxis(label_size=36, label_spacing=step),
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=p.x, label=ft.Text(p.label, size=11))
            for p in v.scores if p.x % every == 0], label_size=28),
        horizontal_grid_lines=fch.ChartGridLines(interval=step,
                                                 color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=False, height=200,
    )
    # room on the right for the last date, centred under the last point
    return sid("person-scores-chart", ft.Container(chart, padding=ft.Padding.only(right=24)))


def category_chart(v: PersonView) -> ft.Control | None:
    """Average points per category (bars, largest first)."""
    try:
        import flet_charts as fch
    except ImportError:
        return None
    if not v.categories:
        return None
    top, step = v.category_axis
    chart = fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=round(c.average, 1), width=18, color=ft.Colors.TERTIARY,
            border_radius=3, tooltip=f"{c.label}: {c.average:.1f}")])
            for i, c in enumerate(v.categories)],
        max_y=top, interactive=False,
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=i, label=ft.Text(c.label[:5], size=10))
            for i, c in enumerate(v.categories)], label_size=24),
        left_axis=fch.ChartAxis(label_size=32, label_spacing=step),
        horizontal_grid_lines=fch.ChartGridLines(interval=step,
                                                 color=ft.Colors.OUTLINE_VARIANT, width=1),
        height=200,
    )
    return sid("person-categories-chart", chart)


def build_person(app: ForestTableApp) -> ft.Control:
    t = app.t
    store = services.shared().store
    pid, game = app.params.get("person_id"), app.params.get("game")
    v = load_person(store, int(pid), str(game), t) \
        if store is not None and pid is not None and game else None
    if v is None:
        return ft.Column([header(t("stats.title"), back=app.back, back_label=t("nav.back")),
                          sid("stats-empty", muted(t("stats.empty")))], spacing=10)
    controls: list[ft.Control] = [
        header(v.name, back=app.back, back_label=t("nav.back")),
        muted(v.game_title),
        card([
            ft.Row([
                ft.Text(t("stats.plays", n=v.plays)),
                ft.Text(t("stats.wins", n=v.wins)),
                ft.Text(t("stats.average", n=v.average)),
                ft.Text(t("stats.best", n=v.best)),
            ], wrap=True, spacing=16),
            _win_rate(t, v.win_rate, v.win_rate_text, "person-win-rate"),
        ], identifier="person-summary"),
    ]
    chart = score_chart(v)
    if chart is not None:
        controls.append(card([ft.Text(t("stats.chart_scores"), weight=ft.FontWeight.W_600),
                              chart], identifier="person-scores"))
    chart = category_chart(v)
    if chart is not None:
        controls.append(card([ft.Text(t("stats.chart_categories"), weight=ft.FontWeight.W_600),
                              chart, *[muted(f"{c.label}: {c.average:.1f}", 13)
                                       for c in v.categories]],
                             identifier="person-categories"))
    return ft.Column(controls, spacing=10)

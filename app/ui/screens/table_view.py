"""Table mode in the browser: the token gate, the shared table view, sync between phones.

``forest-table serve`` runs :func:`main` for every tab. A :class:`TableTab`

1. finds the phone's token: the ``/join/<token>`` route it was opened with,
   else the one this phone remembered (``ft.SharedPreferences``, i.e. the
   browser's localStorage: reload, sleep, a new tab or a new IP come back
   to the same seat);
2. asks the hub what the token opens (:meth:`app.table.TableHub.access`):
   nothing → the join screen only (no table data at all, not even names);
   a seat or table-host token → that table; the server host token → the
   whole app (:class:`app.ui.app.ForestTableApp`) plus the tables' QR codes;
3. subscribes to its table; the hub calls :meth:`TableTab._on_snapshot` on the
   thread of whoever changed the table, and the tab hops back onto its own
   session (``page.run_task``) before touching its controls.

Database work (token checks, commands) runs in a worker thread
(``asyncio.to_thread``): Flet runs event handlers on the server's one loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import flet as ft

from app.session import (
    FINISHED,
    FORESTRY,
    SETUP,
    AddScore,
    Command,
    ReplenishForesters,
    RevealRoundToken,
    SetCount,
    SetGuardians,
    SetHarvester,
    Snapshot,
    StartGame,
)
from app.table import (
    SERVER,
    TRACE,
    Access,
    Subscription,
    TableHub,
    table_from_route,
    token_from_route,
)
from app.ui.widgets import big_button, card, header, muted, sid, small_button

log = logging.getLogger(__name__)

PREF_TOKEN = "forest_table.table_token"
LOCAL_ADDRESSES = frozenset({"127.0.0.1", "::1", "localhost"})
PREFS_TIMEOUT = 5.0

TEXT = {
    "join.title": "Join the table",
    "join.how": "Scan the table's QR code with this phone's camera: the host shows one "
                "for each seat. Or open the link the host sent you.",
    "join.invalid": "This link no longer works. Ask the host for your seat's new QR code.",
    "join.revoked": "The host gave this seat a new link. Scan the new QR code to come back.",
    "loading": "Joining the table…",
    "table.title": "Table #{game_id}",
    "you": "{name} · seat {seat}",
    "host": "Host · everything on this table",
    "round": "Round {round} · round tokens turned up: {revealed}, left: {left}",
    "setup": "Setting up: place each harvester, then start the game.",
    "finished": "The game is finished.",
    "reveal": "Reveal the next round token",
    "replenish": "Replenish forester tokens",
    "start": "Start the game",
    "undo": "Undo",
    "redo": "Redo",
    "qr": "QR codes and links",
    "hide_qr": "Hide the QR codes",
    "score": "Score track (VP)",
    "coins": "Coins",
    "harvester": "Harvester space",
    "fire": "Fire tokens",
    "seat": "Seat {seat}: {name}",
    "mine": "{name} (you)",
    "less": "Less",
    "more": "More",
    "tables": "Tables and QR codes",
}


def trust_local() -> bool:
    """The laptop's own browser (loopback) is the host unless ``FOREST_TABLE_TRUST_LOCAL=0``."""
    return os.environ.get("FOREST_TABLE_TRUST_LOCAL", "1").strip() not in ("0", "false", "no")


def join_screen(message: str | None = None) -> ft.Control:
    """What a phone without a valid token sees: how to join, and nothing of any table."""
    items: list[ft.Control] = [
        ft.Container(height=24),
        ft.Icon(ft.Icons.QR_CODE_SCANNER, size=64, color=ft.Colors.PRIMARY),
        sid("join-title", ft.Text(TEXT["join.title"], size=26, weight=ft.FontWeight.BOLD),
            header=True),
        muted(TEXT["join.how"], size=16),
    ]
    if message:
        items.append(sid("join-message", ft.Text(message, color=ft.Colors.ERROR, size=15)))
    return sid("join-screen", ft.Column(items, spacing=16,
                                        horizontal_alignment=ft.CrossAxisAlignment.CENTER))


class TableTab:
    """One browser tab in table mode (``forest-table serve``)."""

    def __init__(self, page: ft.Page, hub: TableHub, prefs: Any | None = None,
                 base_url: str = "") -> None:
        self.page = page
        self.hub = hub
        self.prefs = prefs
        self.base_url = base_url
        self.token: str | None = None  # the token this tab came with (None: the laptop)
        self._use_token: str | None = None  # the token of the table on screen
        self.access: Access | None = None
        self.snap: Snapshot | None = None
        self.sub: Subscription | None = None
        self.message: str | None = None
        self.show_qr = False
        self._live: dict[str, ft.Control] = {}
        self._shape: tuple[Any, ...] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._opening = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> None:
        page = self.page
        try:
            self.loop = asyncio.get_running_loop()
        except RuntimeError:
            self.loop = None
        from app.ui.app import FONT_ASSET, FONT_FAMILY, SEED_COLOR

        page.title = "Forest Table"
        page.fonts = {FONT_FAMILY: FONT_ASSET}  # names in Japanese too (no CDN at the table)
        page.theme = ft.Theme(color_scheme_seed=SEED_COLOR, font_family=FONT_FAMILY)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED_COLOR, font_family=FONT_FAMILY)
        page.padding = ft.Padding.symmetric(horizontal=12, vertical=8)
        page.scroll = ft.ScrollMode.AUTO
        page.on_close = self._closed
        page.on_connect = self._reconnected
        page.on_route_change = self._route_changed
        self._show(ft.Column([ft.ProgressRing(), muted(TEXT["loading"])],
                             horizontal_alignment=ft.CrossAxisAlignment.CENTER))
        page.run_task(self.open, token_from_route(page.route))

    async def _pref(self, key: str, value: str | None = None) -> Any:
        if self.prefs is None:
            return None
        try:
            if value is None:
                return await asyncio.wait_for(self.prefs.get(key), PREFS_TIMEOUT)
            return await asyncio.wait_for(self.prefs.set(key, value), PREFS_TIMEOUT)
        except Exception:  # no answer from the browser: behave as if nothing is stored
            return None

    async def open(self, route_token: str | None) -> None:
        """Find this phone's token and show what it opens (or the join screen)."""
        async with self._opening:  # one at a time (start and a route change may overlap)
            await self._open(route_token)

    async def _open(self, route_token: str | None) -> None:
        candidates = [route_token] if route_token else []
        stored = await self._pref(PREF_TOKEN)
        if isinstance(stored, str) and stored and stored != route_token:
            candidates.append(stored)
        for token in candidates:
            access = await asyncio.to_thread(self.hub.access, token)
            if access is not None:
                if token != stored:
                    await self._pref(PREF_TOKEN, token)
                await self._enter(token, access)
                return
        if trust_local() and (self.page.client_ip or "") in LOCAL_ADDRESSES:
            await self._enter(None, Access(SERVER))
            return
        self._show(join_screen(TEXT["join.invalid"] if candidates else None))

    async def _enter(self, token: str | None, access: Access) -> None:
        self.token, self.access = token, access
        if access.role == SERVER:
            self._open_app()
            return
        assert access.game_id is not None
        await self.watch(access.game_id)

    def _open_app(self) -> None:
        """The server host: the whole app, with the tables' QR codes one tap away."""
        from app.ui.app import ForestTableApp
        from app.ui.prefs import DevicePrefs
        from app.ui.screens import host

        app = ForestTableApp(self.page, prefs=DevicePrefs())
        # table-mode screens: app.go("tables"), app.go("host", game_id=N)
        app._screens.setdefault("tables", host.build_tables)
        app._screens.setdefault("host", host.build)
        self.page.floating_action_button = ft.FloatingActionButton(
            icon=ft.Icons.QR_CODE, tooltip=TEXT["tables"], on_click=lambda e: app.go("tables"))
        app.start()

    async def watch(self, game_id: int) -> None:
        """Subscribe to table ``game_id`` and show it."""
        if self.sub is not None:
            self.sub.close()
        token = self.token
        if token is None:  # the laptop's own browser: a table host token of its own
            token = await asyncio.to_thread(self.hub.link_token, game_id)
        self._use_token = token
        try:
            self.sub, snap = await asyncio.to_thread(
                self.hub.subscribe, game_id, token, self._on_snapshot, self._on_revoked)
        except Exception as err:
            log.info("subscribe refused: %s", err)
            self._show(join_screen(TEXT["join.invalid"]))
            return
        self.snap = snap
        self.render()

    def _closed(self, _e: Any = None) -> None:
        """The session expired (FLET_SESSION_TIMEOUT after the tab went away)."""
        if self.sub is not None:
            self.sub.close()
            self.sub = None

    async def _route_changed(self, e: Any) -> None:
        """A reload keeps the tab's session: a new ``/join/<token>`` arrives as a route change."""
        async with self._opening:
            await self._follow(getattr(e, "route", None) or self.page.route)

    async def _follow(self, route: str) -> None:
        game_id = table_from_route(route)
        if game_id is not None and self.access is not None and self.access.role == SERVER:
            self.page.floating_action_button = None  # the host opens one of the tables
            self._shape = None
            await self.watch(game_id)
            return
        token = token_from_route(route)
        if token is None or token == self.token:
            return
        if self.sub is not None:
            self.sub.close()
        self.sub, self.snap, self.access, self.token, self.message = None, None, None, None, None
        self._use_token = None
        self.page.floating_action_button = None
        await self._open(token)

    def _reconnected(self, _e: Any = None) -> None:
        """Back after a disconnect: catch up with the table (the hub kept going)."""
        if self.sub is not None and self.snap is not None:
            self.snap = self.hub.snapshot(self.snap.game_id)
            self.render()

    # ------------------------------------------------------------------ from other sessions
    def _hop(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run coroutine function ``fn`` on this tab's own session (from any thread)."""
        try:
            self.page.run_task(fn, *args)
        except Exception:  # disconnected for now: the loop still runs, the page catches up
            if self.loop is not None:
                asyncio.run_coroutine_threadsafe(fn(*args), self.loop)

    def _on_snapshot(self, snap: Snapshot) -> None:
        self._hop(self._apply, snap)

    def _on_revoked(self) -> None:
        self._hop(self._revoked)

    async def _apply(self, snap: Snapshot) -> None:
        if self.snap is None or snap.version > self.snap.version:
            self.snap = snap
            if TRACE:
                t0 = time.perf_counter()
                self.render()
                print(f"  render v{snap.version} {(time.perf_counter() - t0) * 1000:.1f} ms",
                      file=sys.stderr, flush=True)
            else:
                self.render()

    async def _revoked(self) -> None:
        self.sub, self.snap, self.access, self.token = None, None, None, None
        self._use_token = None
        await self._pref(PREF_TOKEN, "")
        self._show(join_screen(TEXT["join.revoked"]))

    # ------------------------------------------------------------------ commands
    async def send(self, command: Command | dict[str, Any]) -> None:
        if self.access is None or self.snap is None or self._use_token is None:
            return
        res = await asyncio.to_thread(self.hub.submit, self.snap.game_id, self._use_token,
                                      command)
        if res.ok:
            self.message = None
        else:
            self.message = res.message
            if res.snapshot is None:  # the token stopped working
                await self._revoked()
                return
        if res.snapshot is not None and res.snapshot.version >= self.snap.version:
            self.snap = res.snapshot
        self.render()

    def _cmd(self, make: Callable[[int], Command | dict[str, Any]]) -> Callable[[Any], Any]:
        """A click handler sending ``make(version)`` against the version this phone shows."""
        async def handler(_e: Any) -> None:
            if self.snap is not None:
                await self.send(make(self.snap.version))
        return handler

    # ------------------------------------------------------------------ drawing
    def _show(self, body: ft.Control) -> None:
        self._live = {}
        self._shape = None
        self.page.controls = [ft.SafeArea(body, expand=True)]
        self._push()

    def _push(self, *controls: ft.Control) -> None:
        try:
            self.page.update(*controls)
        except Exception:  # the tab is gone; the next connect redraws
            log.debug("update of a disconnected tab", exc_info=True)

    def can_edit(self, player: int) -> bool:
        return self.access is not None and (self.access.is_host or self.access.player == player)

    def render(self) -> None:
        """Draw the snapshot: in place when only values changed (small patches), else anew."""
        try:
            snap = self.snap
            if snap is None or self.access is None:
                return
            shape = self._shape_of(snap)
            if shape == self._shape and self._live:
                self._refresh(snap)
            else:
                self._build(snap)
                self._shape = shape
        except Exception as exc:  # a view must never take the tab down
            log.exception("table view failed")
            self._show(ft.Text(f"Something went wrong: {exc}", color=ft.Colors.ERROR))

    def _shape_of(self, snap: Snapshot) -> tuple[Any, ...]:
        """What decides the controls on screen (values aside)."""
        st = snap.state
        return (snap.game_id, st.game, st.status, len(st.players), self.access, self.show_qr)

    def _values(self, snap: Snapshot) -> dict[str, Any]:
        """Every value shown that changes with the game: text values and enabled buttons."""
        st = snap.state
        out: dict[str, Any] = {}
        if st.game == FORESTRY:
            table: Any = st.table
            stack = table.forest.round_tokens
            out["table-round"] = TEXT["round"].format(round=table.round,
                                                      revealed=stack.revealed, left=stack.left)
            out["table-foresters"] = ", ".join(f"{f.kind.value} @ {f.space}"
                                               for f in table.forest.foresters)
        out["table-events"] = " · ".join(m.text for m in snap.messages)
        out["table-message"] = self.message or ""
        for i, player in enumerate(st.players):
            board: Any = st.boards[i]
            edit = self.can_edit(i) and st.status != FINISHED
            if st.game == FORESTRY:
                score, coins = int(board.score_track), int(board.resources.coins)
                out[f"p{i}-summary"] = f"{player.name}: {score} VP, {coins} coins"
                counts = {"score": score, "coins": coins}
                if st.status == SETUP and self.access is not None and self.access.is_host:
                    counts["harvester"] = st.table.harvesters[i] or 0  # type: ignore[union-attr]
            else:
                fire = int(board.fire_tokens)
                out[f"p{i}-summary"] = f"{player.name}: {fire} fire tokens"
                counts = {"fire": fire}
            for key, value in counts.items():
                out[f"p{i}-{key}-value"] = str(value)
                out[f"p{i}-{key}-minus"] = edit and value > 0
                out[f"p{i}-{key}-plus"] = edit
        out["table-undo"] = snap.can_undo
        out["table-redo"] = snap.can_redo
        return out

    def _refresh(self, snap: Snapshot) -> None:
        changed: list[ft.Control] = []
        for key, value in self._values(snap).items():
            control = self._live.get(key)
            if control is None:
                continue
            if isinstance(control, ft.Text):
                if control.value != value:
                    control.value = value
                    changed.append(control)
            elif control.disabled != (not value):
                control.disabled = not value
                changed.append(control)
        if changed:
            self._push(*changed)

    def _text(self, key: str, values: dict[str, Any], **style: Any) -> ft.Control:
        text = ft.Text(values.get(key, ""), **style)
        self._live[key] = text
        return sid(key, text)

    def _icon_button(self, key: str, icon: Any, tooltip: str, values: dict[str, Any],
                     make: Callable[[int], Command | dict[str, Any]]) -> ft.Control:
        btn = ft.IconButton(icon=icon, tooltip=tooltip, on_click=self._cmd(make),
                            disabled=not values.get(key, False), width=48, height=48)
        self._live[key] = btn
        return sid(key, btn)

    def _button(self, key: str, text: str, values: dict[str, Any], icon: Any,
                make: Callable[[int], Command | dict[str, Any]]) -> ft.Control:
        btn = ft.TextButton(content=ft.Text(text), icon=icon, on_click=self._cmd(make),
                            disabled=not values.get(key, False), height=48)
        self._live[key] = btn
        return sid(key, btn, button=True)

    def _build(self, snap: Snapshot) -> None:
        access = self.access
        assert access is not None
        st = snap.state
        values = self._values(snap)
        live: dict[str, ft.Control] = {}
        self._live = live
        items: list[ft.Control] = []
        who = (TEXT["host"] if access.is_host else
               TEXT["you"].format(name=st.players[access.player or 0].name, seat=access.seat))
        actions: list[ft.Control] = []
        back = self._back_to_app if access.role == SERVER else None
        if access.is_host:
            actions.append(sid("table-qr", ft.IconButton(
                icon=ft.Icons.QR_CODE, tooltip=TEXT["hide_qr" if self.show_qr else "qr"],
                on_click=self._toggle_qr)))
        items.append(header(TEXT["table.title"].format(game_id=snap.game_id), back=back,
                            actions=actions))
        items.append(sid("table-who", ft.Text(who, size=15, weight=ft.FontWeight.W_600)))
        # always there (empty when there is nothing to say): a tap is never lost to a redraw
        items.append(self._text("table-message", values, color=ft.Colors.ERROR))
        items.append(self._text("table-events", values, size=13,
                                color=ft.Colors.ON_SURFACE_VARIANT))
        if access.is_host and self.show_qr and self.base_url:
            from app.ui.screens import host

            items.append(card([host.panel(self.hub, snap.game_id, self.base_url,
                                          on_change=self._qr_changed)], "table-qr-panel"))
        items.append(self._shared(snap, values))
        order = list(range(len(st.players)))
        if access.player is not None:  # my own board first
            order.sort(key=lambda i: i != access.player)
        for i in order:
            items.append(self._board(snap, i, values))
        if access.is_host:
            items.append(ft.Row([
                self._button("table-undo", TEXT["undo"], values, ft.Icons.UNDO,
                             lambda v: {"kind": "undo", "version": v}),
                self._button("table-redo", TEXT["redo"], values, ft.Icons.REDO,
                             lambda v: {"kind": "redo", "version": v}),
            ]))
        self.page.controls = [ft.SafeArea(ft.Column(items, spacing=10), expand=True)]
        self._live = live
        self._push()

    def _back_to_app(self, _e: Any = None) -> None:
        """The server host leaves the table for the rest of the app."""
        if self.sub is not None:
            self.sub.close()
        self.sub, self.snap, self._use_token, self._shape = None, None, None, None
        self._open_app()

    def _toggle_qr(self, _e: Any = None) -> None:
        self.show_qr = not self.show_qr
        self.render()

    def _qr_changed(self, message: str) -> None:
        self.message = message
        self._shape = None  # new links: draw the QR codes anew
        self.render()

    def _shared(self, snap: Snapshot, values: dict[str, Any]) -> ft.Control:
        st = snap.state
        rows: list[ft.Control] = []
        if st.status == SETUP:
            rows.append(muted(TEXT["setup"]))
            if self.access is not None and self.access.is_host:
                rows.append(big_button("table-start", TEXT["start"],
                                       self._cmd(lambda v: StartGame(version=v)),
                                       icon=ft.Icons.PLAY_ARROW, primary=True))
        elif st.status == FINISHED:
            rows.append(muted(TEXT["finished"]))
        if st.game == FORESTRY and st.status != FINISHED:
            rows.append(self._text("table-round", values))
            rows.append(self._text("table-foresters", values, size=13,
                                   color=ft.Colors.ON_SURFACE_VARIANT))
            if st.status != SETUP:
                rows.append(ft.Row([
                    small_button("table-reveal", TEXT["reveal"],
                                 self._cmd(lambda v: RevealRoundToken(version=v)),
                                 icon=ft.Icons.FLIP, filled=True),
                    small_button("table-replenish", TEXT["replenish"],
                                 self._cmd(lambda v: ReplenishForesters(version=v)),
                                 icon=ft.Icons.REFRESH, filled=True),
                ], wrap=True))
        if not rows:
            return ft.Container()
        return sid("table-shared", ft.Card(content=ft.Container(
            ft.Column(rows, spacing=8), padding=16, expand=True)))

    def _count(self, i: int, key: str) -> int:
        """A count of player ``i`` in the snapshot this phone shows (read at tap time)."""
        assert self.snap is not None
        st = self.snap.state
        board: Any = st.boards[i]
        if key == "score":
            return int(board.score_track)
        if key == "coins":
            return int(board.resources.coins)
        if key == "harvester":
            return int(st.table.harvesters[i] or 0)  # type: ignore[union-attr]
        return int(board.fire_tokens)

    def _board(self, snap: Snapshot, i: int, values: dict[str, Any]) -> ft.Control:
        st = snap.state
        player = st.players[i]
        mine = self.access is not None and self.access.player == i
        title = TEXT["seat"].format(seat=player.seat,
                                    name=TEXT["mine"].format(name=player.name) if mine
                                    else player.name)
        rows: list[ft.Control] = [
            sid(f"p{i}-name", ft.Text(title, size=17, weight=ft.FontWeight.BOLD)),
            self._text(f"p{i}-summary", values),
        ]

        def step(key: str, label: str, make: Callable[[int, int], Command]) -> ft.Control:
            ident = f"p{i}-{key}"
            return ft.Row([
                ft.Container(ft.Text(label, size=16), expand=True),
                self._icon_button(f"{ident}-minus", ft.Icons.REMOVE, TEXT["less"], values,
                                  lambda v: make(v, self._count(i, key) - 1)),
                ft.Container(self._text(f"{ident}-value", values, size=22,
                                        weight=ft.FontWeight.BOLD,
                                        text_align=ft.TextAlign.CENTER),
                             width=44, alignment=ft.Alignment.CENTER),
                self._icon_button(f"{ident}-plus", ft.Icons.ADD, TEXT["more"], values,
                                  lambda v: make(v, self._count(i, key) + 1)),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=2)

        if st.game == FORESTRY:
            rows.append(step("score", TEXT["score"],
                             lambda v, n: AddScore(version=v, player=i,
                                                   delta=n - self._count(i, "score"))))
            rows.append(step("coins", TEXT["coins"],
                             lambda v, n: SetCount(version=v, player=i,
                                                   field="resources.coins", value=n)))
            if f"p{i}-harvester-value" in values:
                rows.append(step("harvester", TEXT["harvester"],
                                 lambda v, n: SetHarvester(version=v, player=i,
                                                           space=n or None)))
        else:
            rows.append(step("fire", TEXT["fire"],
                             lambda v, n: SetGuardians(version=v, player=i,
                                                       field="fire_tokens", value=n)))
        return card(rows, f"board-{i}")


def main(page: ft.Page) -> None:
    """``forest-table serve``: one tab of table mode."""
    from app import server
    from app.table import shared_hub
    from app.ui import services
    from app.ui.prefs import DevicePrefs

    TableTab(page, shared_hub(services.shared().store), DevicePrefs(),
             base_url=server.BASE_URL).start()

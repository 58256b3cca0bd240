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
from collections.abc import Callable
from typing import Any

import flet as ft

from app.session import (
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
from app.table import SERVER, Access, Subscription, TableHub, token_from_route
from app.ui.widgets import big_button, card, header, muted, sid, small_button, stepper

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
        self.token: str | None = None
        self.access: Access | None = None
        self.snap: Snapshot | None = None
        self.sub: Subscription | None = None
        self.message: str | None = None
        self.show_qr = False
        self.loop: asyncio.AbstractEventLoop | None = None

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
            token = self.token = await asyncio.to_thread(self.hub.link_token, game_id)
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

    def _reconnected(self, _e: Any = None) -> None:
        """Back after a disconnect: catch up with the table (the hub kept going)."""
        if self.access is not None and self.access.game_id is not None and self.sub:
            self.snap = self.hub.snapshot(self.access.game_id)
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
            self.render()

    async def _revoked(self) -> None:
        self.sub, self.snap, self.access, self.token = None, None, None, None
        await self._pref(PREF_TOKEN, "")
        self._show(join_screen(TEXT["join.revoked"]))

    # ------------------------------------------------------------------ commands
    async def send(self, command: Command | dict[str, Any]) -> None:
        if self.access is None or self.snap is None or self.token is None:
            return
        res = await asyncio.to_thread(self.hub.submit, self.snap.game_id, self.token, command)
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
        self.page.controls = [ft.SafeArea(body, expand=True)]
        try:
            self.page.update()
        except Exception:  # the tab is gone; the next connect redraws
            log.debug("update of a disconnected tab", exc_info=True)

    def can_edit(self, player: int) -> bool:
        return self.access is not None and (self.access.is_host or self.access.player == player)

    def render(self) -> None:
        snap, access = self.snap, self.access
        if snap is None or access is None:
            return
        st = snap.state
        items: list[ft.Control] = []
        who = (TEXT["host"] if access.is_host else
               TEXT["you"].format(name=st.players[access.player or 0].name, seat=access.seat))
        actions: list[ft.Control] = []
        if access.is_host:
            actions.append(sid("table-qr", ft.IconButton(
                icon=ft.Icons.QR_CODE, tooltip=TEXT["hide_qr" if self.show_qr else "qr"],
                on_click=self._toggle_qr)))
        items.append(header(TEXT["table.title"].format(game_id=snap.game_id), actions=actions))
        items.append(sid("table-who", ft.Text(who, size=15, weight=ft.FontWeight.W_600)))
        if self.message:
            items.append(sid("table-message", ft.Text(self.message, color=ft.Colors.ERROR)))
        if snap.messages:
            items.append(sid("table-events", muted(" · ".join(m.text for m in snap.messages))))
        if access.is_host and self.show_qr and self.base_url:
            from app.ui.screens import host

            items.append(card([host.panel(self.hub, snap.game_id, self.base_url,
                                          on_change=self._qr_changed)], "table-qr-panel"))
        items.append(self._shared(snap))
        order = list(range(len(st.players)))
        if access.player is not None:  # my own board first
            order.sort(key=lambda i: i != access.player)
        for i in order:
            items.append(self._board(snap, i))
        if access.is_host:
            items.append(ft.Row([
                small_button("table-undo", TEXT["undo"], self._cmd(
                    lambda v: {"kind": "undo", "version": v}), icon=ft.Icons.UNDO,
                    disabled=not snap.can_undo),
                small_button("table-redo", TEXT["redo"], self._cmd(
                    lambda v: {"kind": "redo", "version": v}), icon=ft.Icons.REDO,
                    disabled=not snap.can_redo),
            ]))
        self._show(ft.Column(items, spacing=10))

    def _toggle_qr(self, _e: Any = None) -> None:
        self.show_qr = not self.show_qr
        self.render()

    def _qr_changed(self, message: str) -> None:
        self.message = message
        self.render()

    def _shared(self, snap: Snapshot) -> ft.Control:
        st = snap.state
        rows: list[ft.Control] = []
        if st.status == SETUP:
            rows.append(muted(TEXT["setup"]))
            if self.access is not None and self.access.is_host:
                rows.append(big_button("table-start", TEXT["start"],
                                       self._cmd(lambda v: StartGame(version=v)),
                                       icon=ft.Icons.PLAY_ARROW, primary=True))
        elif st.status == "finished":
            rows.append(muted(TEXT["finished"]))
        if st.game == FORESTRY and st.status != "finished":
            table: Any = st.table
            stack = table.forest.round_tokens
            rows.append(sid("table-round", ft.Text(TEXT["round"].format(
                round=table.round, revealed=stack.revealed, left=stack.left))))
            foresters = ", ".join(f"{f.type.value} @ {f.space}" for f in table.forest.foresters)
            if foresters:
                rows.append(muted(foresters))
            if st.status != SETUP:
                rows.append(ft.Row([
                    small_button("table-reveal", TEXT["reveal"],
                                 self._cmd(lambda v: RevealRoundToken(version=v)),
                                 icon=ft.Icons.FLIP, filled=True),
                    small_button("table-replenish", TEXT["replenish"],
                                 self._cmd(lambda v: ReplenishForesters(version=v)),
                                 icon=ft.Icons.REFRESH, filled=True),
                ], wrap=True))
        return card(rows, "table-shared") if rows else ft.Container()

    def _board(self, snap: Snapshot, i: int) -> ft.Control:
        st = snap.state
        player = st.players[i]
        board: Any = st.boards[i]
        mine = self.access is not None and self.access.player == i
        edit = self.can_edit(i) and st.status != "finished"
        title = TEXT["seat"].format(seat=player.seat,
                                    name=TEXT["mine"].format(name=player.name) if mine
                                    else player.name)
        rows: list[ft.Control] = [sid(f"p{i}-name", ft.Text(title, size=17,
                                                            weight=ft.FontWeight.BOLD))]

        def step(key: str, label: str, value: int,
                 minus: Callable[[int], Command] | None,
                 plus: Callable[[int], Command] | None) -> ft.Control:
            return stepper(f"p{i}-{key}", label, value,
                           self._cmd(minus) if edit and minus else None,
                           self._cmd(plus) if edit and plus else None,
                           TEXT["less"], TEXT["more"])

        if st.game == FORESTRY:
            score = int(board.score_track)
            coins = int(board.resources.coins)
            rows.append(sid(f"p{i}-summary", ft.Text(f"{player.name}: {score} VP, {coins} coins")))
            rows.append(step("score", TEXT["score"], score,
                             (lambda v: AddScore(version=v, player=i, delta=-1))
                             if score > 0 else None,
                             lambda v: AddScore(version=v, player=i, delta=1)))
            rows.append(step("coins", TEXT["coins"], coins,
                             (lambda v: SetCount(version=v, player=i, field="resources.coins",
                                                 value=coins - 1)) if coins > 0 else None,
                             lambda v: SetCount(version=v, player=i, field="resources.coins",
                                                value=coins + 1)))
            if st.status == SETUP and self.access is not None and self.access.is_host:
                space = st.table.harvesters[i] or 0  # type: ignore[union-attr]
                rows.append(step("harvester", TEXT["harvester"], space,
                                 (lambda v: SetHarvester(version=v, player=i,
                                                         space=space - 1 or None))
                                 if space > 0 else None,
                                 lambda v: SetHarvester(version=v, player=i, space=space + 1)))
        else:
            fire = int(board.fire_tokens)
            rows.append(sid(f"p{i}-summary", ft.Text(f"{player.name}: {fire} fire tokens")))
            rows.append(step("fire", TEXT["fire"], fire,
                             (lambda v: SetGuardians(version=v, player=i, field="fire_tokens",
                                                     value=fire - 1)) if fire > 0 else None,
                             lambda v: SetGuardians(version=v, player=i, field="fire_tokens",
                                                    value=fire + 1)))
        return card(rows, f"board-{i}")


def main(page: ft.Page) -> None:
    """``forest-table serve``: one tab of table mode."""
    from app import server
    from app.table import shared_hub
    from app.ui import services
    from app.ui.prefs import DevicePrefs

    TableTab(page, shared_hub(services.shared().store), DevicePrefs(),
             base_url=server.BASE_URL).start()

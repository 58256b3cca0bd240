"""History's "Backup and import" section (issue 34): import a file the phone's or the
laptop's browser uploads (a backup, a BG Stats or BoardGameGeek file) and "export
everything" (backup, BG Stats, BoardGameGeek) as a download.

Only the server host's tab (or the laptop's own app, not serving) sees it, and every action
checks that again on the server (:func:`may_transfer`). Served: the file goes up to a
one-time address and comes down from one (:mod:`app.web.transfers`); the laptop's own app
reads the picked file's path and saves through its own dialog. The import keeps the CLI's
rules (``records import``): read through :func:`app.bounds.open_limited` with the same
caps, a dry run first, then all or nothing with each problem named.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from app import bounds
from app.commands.records_verbs import do_export
from app.l10n import render
from app.store import exchange
from app.store.crud import FAILURES
from app.store.plays_import import sniff
from app.ui.kit.widgets import muted, section, sid, small_button
from app.ui.settings.import_presenter import check, run
from app.web.transfers import DOWNLOAD, TRANSFERS, UPLOAD, private_file

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

log = logging.getLogger(__name__)

#: "export everything": the CLI's format, the file's name, its type
EXPORTS = {
    "backup": ("record", "forest-table-backup.jsonl", "application/jsonl"),
    "bgstats": ("bgstats", "forest-table-bgstats.json", "application/json"),
    "bgg": ("bgg-xml", "forest-table-bgg-plays.xml", "application/xml"),
}


@dataclass(slots=True)
class FileImport:
    """This tab's file import: where it is and what the check found."""

    picker: ft.FilePicker | None = None
    token: str | None = None  # the one-time upload address being used
    busy: str = ""  # "" | "upload" | "check" | "write" | "export"
    done: int = 0
    total: int | None = None
    path: str | None = None  # the received file (private; deleted when done)
    own: bool = True  # an uploaded copy of ours (deleted), not the laptop's own file
    kind: str = ""  # "record" | "bgstats" | "bgg"
    text: str = ""  # a plays file's text
    summary: str = ""  # what the dry run says would come in
    people: dict[str, str] = field(default_factory=dict)
    rows: tuple[Any, ...] = ()  # PersonRow of a plays file
    ready: bool = False  # checked, nothing wrong: the Import button shows
    problems: str = ""
    message: str = ""


def may_transfer(app: Nav) -> bool:
    """The host's rights, checked on the server: the laptop's own app (no table mode) or
    a tab opened with the server host link (still valid now); never a table's link."""
    if getattr(app, "locked", None) is not None:
        return False
    hub = getattr(app, "hub", None)
    if hub is None:
        return True
    token = getattr(app, "host_token", None)
    if not token or not getattr(app, "table_host", False):
        return False
    try:
        access = hub.access(token)
    except FAILURES:  # fail closed
        return False
    return access is not None and access.role == "server"


def _forget(ui: FileImport) -> None:
    if ui.path and ui.own:
        try:
            os.unlink(ui.path)
        except OSError:
            pass
    ui.path, ui.text, ui.kind, ui.summary, ui.rows, ui.ready = None, "", "", "", (), False
    ui.people = {}


def _progress(ui: FileImport) -> Any:
    """The import's progress callback (called from the worker thread): only numbers."""
    def report(phase: str, done: int, total: int | None) -> None:
        ui.busy, ui.done, ui.total = ("write" if phase == "write" else "check"), done, total
    return report


async def _show_progress(app: Nav, ui: FileImport, work: Any) -> Any:
    """Run ``work`` in a thread; meanwhile the bar follows its progress (on this loop)."""
    task = asyncio.ensure_future(asyncio.to_thread(work))
    shown = (ui.busy, ui.done, ui.total)
    while not task.done():  # the screen is drawn anew (its controls are frozen)
        await asyncio.wait({task}, timeout=0.5)
        if not task.done() and (ui.busy, ui.done, ui.total) != shown:
            shown = (ui.busy, ui.done, ui.total)
            app.refresh()
    return task.result()


def _check(store: Any, path: str, lang: str, ui: FileImport) -> None:
    """Read the file as ``records import --dry-run`` does; fills ``ui``."""
    try:
        with bounds.open_limited(path, bounds.MAX_FILE_BYTES) as fh:
            kind = sniff(fh.peek(1 << 16).decode("utf-8", "replace").lstrip("\ufeff"))
            if kind == "record":
                with store.session() as s:
                    result = exchange.import_records(s, cast(Any, fh), progress=_progress(ui),
                                                     dry_run=True)
                ui.kind = kind
                ui.summary = render(lang, "import-file-would", count=len(result.imported),
                                    skipped=len(result.skipped),
                                    completed=len(result.completed))
                ui.ready = bool(result.imported or result.completed)
                return
            fh.limit = bounds.MAX_WHOLE_BYTES
            raw = fh.readall()
    except exchange.ImportFailed as exc:
        ui.problems = _named(lang, exc)
        return
    except bounds.Unreadable as exc:
        ui.problems = render(lang, "settings-import-bad", problems=render(lang, exc.message))
        return
    except OSError as exc:
        ui.problems = render(lang, "settings-import-bad", problems=str(exc.strerror or exc))
        return
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        ui.problems = render(lang, "settings-import-bad", problems=render(
            lang, "import-file-not-text", byte=exc.start + 1))
        return
    c = check(store, text, lang)
    if c.problems:
        ui.problems = render(lang, "settings-import-bad", problems="; ".join(c.problems[:5]))
        return
    ui.kind, ui.text, ui.rows = c.source, text, c.people
    ui.people = {p.theirs: p.ours for p in c.people}
    ui.summary = render(lang, "settings-import-people", plays=c.plays)
    if c.left_out:
        ui.summary += "\n" + "; ".join(c.left_out[:5]) + (" …" if len(c.left_out) > 5 else "")
    ui.ready = c.plays > 0


def _named(lang: str, exc: Any) -> str:
    """An ImportFailed's problems, each naming its line or entry (as the CLI lists them)."""
    shown = [p.text(lang) if hasattr(p, "text") else str(p) for p in exc.problems[:5]]
    more = exc.count - len(shown)
    if more > 0:
        shown.append(render(lang, "import-file-more", count=more))
    return render(lang, "settings-import-bad", problems="; ".join(shown))


def _write(store: Any, ui: FileImport, lang: str) -> None:
    """The import itself: all or nothing; fills ``ui.message`` or ``ui.problems``."""
    try:
        if ui.kind == "record":
            assert ui.path is not None
            with bounds.open_limited(ui.path, bounds.MAX_FILE_BYTES) as fh, \
                    store.session() as s:
                result = exchange.import_records(s, cast(Any, fh), progress=_progress(ui))
            ui.message = render(lang, "import-file-done", count=len(result.imported),
                                skipped=len(result.skipped),
                                completed=len(result.completed))
        else:
            done, skipped = run(store, ui.text, ui.kind, dict(ui.people))
            ui.message = render(lang, "settings-import-done", count=done, skipped=skipped)
    except exchange.ImportFailed as exc:
        ui.problems = _named(lang, exc)
    except (bounds.Unreadable, OSError) as exc:
        ui.problems = render(lang, "settings-import-bad", problems=str(exc))


def export_file(store: Any, what: str, lang: str) -> tuple[str, int]:
    """Everything in ``what``'s format, written by the CLI's own ``records export`` into a
    private temporary file: (its path, the number of games; 0: nothing, no file)."""
    fmt, _name, _mime = EXPORTS[what]
    with store.session() as s:  # as do_export counts them (the backup: deleted ones too)
        n = len(exchange.finished_ids(s, None, deleted=fmt == "record"))
    if not n:
        return "", 0
    fd, path = private_file()
    os.close(fd)
    args = argparse.Namespace(format=fmt, ids=None, output=path, lang=lang, me=None)
    try:
        do_export(store, args, io.StringIO(), io.StringIO())
    except BaseException:
        os.unlink(path)
        raise
    return path, n


def transfer_section(app: Nav) -> ft.Control | None:
    """The section, or None for a tab without the host's rights."""
    if getattr(app, "locked", None) is not None or (
            getattr(app, "hub", None) is not None and not getattr(app, "table_host", False)):
        return None
    lang = app.settings.language
    store = app.services.store
    ui = app.states.setdefault(FileImport, FileImport)

    def refused() -> bool:
        if may_transfer(app):
            return False
        ui.problems, ui.message = render(lang, "transfer-host-only"), ""
        app.refresh()
        return True

    async def received(path: str, own: bool = True) -> None:
        _forget(ui)
        ui.path, ui.own, ui.busy, ui.done, ui.total = path, own, "check", 0, None
        app.refresh()
        try:
            await _show_progress(app, ui, lambda: _check(store, path, lang, ui))
        finally:
            ui.busy = ""
            if not ui.ready:
                _forget(ui)
            app.refresh()

    async def on_result(e: Any) -> None:
        files = list(getattr(e, "files", None) or [])
        if not files or store is None or refused():
            return
        f = files[0]
        ui.problems = ui.message = ""
        if not TRANSFERS.served:  # the laptop's own app: the picked file's path
            if f.path:
                await received(f.path, own=False)
            else:  # (no path from this platform's picker: said, not silently nothing)
                ui.problems = render(lang, "settings-import-bad", problems=render(
                    lang, "import-file-not-sent", reason=f.name))
                app.refresh()
            return
        if ui.token:
            TRANSFERS.discard(ui.token)
        ui.token = TRANSFERS.upload_token()
        ui.busy, ui.done, ui.total = "upload", 0, 100
        app.refresh()
        assert ui.picker is not None
        await ui.picker.upload([ft.FilePickerUploadFile(
            upload_url=UPLOAD + ui.token, method="PUT", id=f.id)])

    async def on_upload(e: Any) -> None:
        token = ui.token
        if token is None:
            return
        if e.error:
            TRANSFERS.discard(token)
            ui.token, ui.busy = None, ""
            ui.problems = render(lang, "settings-import-bad", problems=render(
                lang, "import-file-not-sent", reason=str(e.error)))
            app.refresh()
            return
        ui.done = round((e.progress or 0.0) * 100)
        if (e.progress or 0.0) < 1.0:
            app.refresh()
            return
        path = None
        for _ in range(20):  # the answer reached the phone: the file is here (or soon)
            path = TRANSFERS.take_upload(token)
            if path is not None:
                break
            await asyncio.sleep(0.1)
        ui.token = None
        if path is None:
            ui.busy = ""
            ui.problems = render(lang, "settings-import-bad", problems=render(
                lang, "import-file-not-sent", reason="-"))
            app.refresh()
            return
        await received(path)

    if ui.picker is None:
        ui.picker = ft.FilePicker(on_result=on_result, on_upload=on_upload)

    async def do_import(_e: Any) -> None:
        if store is None or not ui.ready or refused():
            return
        ui.ready, ui.busy, ui.done, ui.total = False, "write", 0, None
        app.refresh()
        try:
            await _show_progress(app, ui, lambda: _write(store, ui, lang))
        finally:
            ui.busy = ""
            _forget(ui)
            app.refresh()

    def exporter(what: str) -> Any:
        async def run(_e: Any) -> None:
            if store is None or refused():
                return
            ui.problems = ui.message = ""
            ui.busy, ui.done, ui.total = "export", 0, None
            app.refresh()
            try:
                path, n = await asyncio.to_thread(export_file, store, what, lang)
            except FAILURES as exc:
                log.warning("export %s: %s", what, exc)
                ui.busy, ui.problems = "", render(lang, "common-error", message=str(exc))
                app.refresh()
                return
            ui.busy = ""
            _fmt, name, mime = EXPORTS[what]
            if not n:
                ui.message = render(lang, "export-nothing")
            elif TRANSFERS.served:
                token = TRANSFERS.download_token(path, name, mime)
                await ft.UrlLauncher().launch_url(DOWNLOAD + token,
                                                  web_only_window_name="_self")
                ui.message = render(lang, "export-sent", name=name)
            else:  # the laptop's own app: its save dialog writes the bytes
                with open(path, "rb") as fh:
                    data = fh.read()
                os.unlink(path)
                assert ui.picker is not None
                await ui.picker.save_file(file_name=name, src_bytes=data)
                ui.message = render(lang, "export-sent", name=name)
            app.refresh()
        return run

    busy = bool(ui.busy)
    body: list[ft.Control] = [
        muted(render(lang, "transfer-hint"), 13),
        sid("history-import-file", ft.FilledTonalButton(
            content=ft.Text(render(lang, "history-import-file")), icon=ft.Icons.UPLOAD_FILE,
            action=ft.PickFiles(ui.picker), disabled=busy or store is None, height=48),
            button=True),
    ]
    if busy:
        bar = ft.ProgressBar(value=(ui.done / ui.total) if ui.total else None)
        body.append(sid("import-progress", ft.Column([
            muted(render(lang, f"import-progress-{ui.busy}")), bar], spacing=4),
            label=render(lang, f"import-progress-{ui.busy}")))
    if ui.problems:
        body.append(sid("settings-import-problems", muted(ui.problems)))
    if ui.ready and not busy:
        body.append(sid("import-summary", muted(ui.summary, 13)))
        for i, row in enumerate(ui.rows):
            def changed(e: Any, theirs: str = row.theirs) -> None:
                ui.people[theirs] = str(e.control.value or "").strip() or theirs

            body.append(sid(f"settings-import-person-{i}", ft.TextField(
                value=ui.people.get(row.theirs, row.ours), on_change=changed,
                label=row.theirs, helper=render(lang, "settings-import-how", how=row.how))))
        body.append(small_button("settings-import-go", render(lang, "settings-import-go"),
                                 do_import, filled=True))
    if ui.message:
        body.append(sid("settings-import-message", muted(ui.message)))
    for what, icon in (("backup", ft.Icons.SAVE_ALT), ("bgstats", ft.Icons.DOWNLOAD),
                       ("bgg", ft.Icons.DOWNLOAD)):
        body.append(small_button(f"history-export-{what}",
                                 render(lang, f"history-export-{what}"), exporter(what),
                                 icon=icon, disabled=busy or store is None))
    return section(render(lang, "transfer-title"), body, identifier="history-transfer")


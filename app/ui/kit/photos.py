"""Photos of the final boards: a card on the result (phones and the host) and on the
game's page in History.

"Add a photo" (``photo-add``) opens the browser's file picker (a phone offers its
camera): the file is uploaded to this server's upload folder (``ft.FilePicker.upload``
to a signed ``page.get_upload_url``; nowhere else), then checked, cleaned and kept by
:mod:`app.store.photos`. Rights come from the tab's token on the server: a seat adds to
its own table's game and removes what it added; the host adds to and removes from any.
Each photo is ``photo-N``; its remove button ``photo-N-remove``.
"""

from __future__ import annotations

import asyncio
import io
import logging
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from app.cache import Memo
from app.store import photos as P
from app.store.models import GamePhoto
from app.table.rights import SERVER, Access
from app.ui.kit.flet_compat import TAB_GONE
from app.ui.kit.widgets import TOUCH, card, muted, sid

if TYPE_CHECKING:
    from app.ui.kit.nav import Nav

log = logging.getLogger(__name__)
THUMB = 480
_thumbs: Memo[str, bytes] = Memo("photo thumbnails", 64)


@dataclass(slots=True)
class PhotoPicker:
    """The tab's picker for photos, and the uploads under way (picked name -> saved name)."""

    picker: ft.FilePicker | None = None
    pending: dict[str, tuple[str, int]] = field(default_factory=dict)
    busy: bool = False


def _store(app: Nav) -> Any:
    return app.services.store


def access_of(app: Nav, game_id: int) -> Access | None:
    """What this tab may do with game ``game_id``'s photos, from its token (the server's
    check; None: nothing). The app outside table mode is its owner's: everything."""
    hub = getattr(app, "hub", None)
    lock = getattr(app, "locked", None)
    token = lock["token"] if lock else getattr(app, "host_token", None) \
        or getattr(app, "tokens", {}).get(game_id)
    if token and hub is not None and hasattr(hub, "access"):
        access: Access | None = hub.access(token)
        return access
    if lock or app.services.serving.base_url:  # table mode without a token here: nothing
        return None
    return Access(SERVER)


def thumbnail(data: bytes, uid: str) -> bytes:
    """A small JPEG of a kept photo for the screen (kept for the last 64 shown)."""
    return _thumbs.get_or_make(uid, lambda: _shrink(data))


def _shrink(data: bytes) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as im:
        im.thumbnail((THUMB, THUMB))
        out = io.BytesIO()
        im.save(out, format="JPEG", quality=80)
    return out.getvalue()


def _refused(app: Nav, exc: P.PhotoRefused) -> str:
    return app.t("photo-refused", reason=app.t(exc.code, **exc.params))


def _keep(app: Nav, game_id: int, data: bytes) -> None:
    """Check the rights again (the token, now) and keep ``data`` as a photo of the game."""
    access = access_of(app, game_id)
    if not P.may_add(access, game_id):
        raise P.PhotoRefused("photo-not-allowed")
    seat = access.seat if access is not None and not access.is_host else None
    P.add_photo(_store(app).engine, game_id, data, seat=seat)


def _picker(app: Nav, game_id: int) -> PhotoPicker:
    state = app.states.setdefault(PhotoPicker, PhotoPicker)
    if state.picker is None:
        state.picker = ft.FilePicker(on_upload=lambda e: _uploaded(app, state, e))
    return state


def _uploaded(app: Nav, state: PhotoPicker, e: Any) -> None:
    """One upload's progress: at the end (or on error) the file is checked and kept."""
    name = getattr(e, "file_name", None) or ""
    if name not in state.pending or (e.error is None and (e.progress or 0) < 1.0):
        return
    saved, game_id = state.pending.pop(name)
    path = P.incoming_path(_store(app).engine) / saved
    try:
        if e.error is not None:
            raise P.PhotoRefused("photo-upload-failed")
        with open(path, "rb") as f:
            data = f.read(P.MAX_BYTES + 1)
        _keep(app, game_id, data)
    except P.PhotoRefused as exc:
        app.toast(_refused(app, exc))
    except OSError:
        log.warning("photo upload %s not readable", saved, exc_info=True)
        app.toast(app.t("photo-refused", reason=app.t("photo-upload-failed")))
    else:
        app.toast(app.t("photo-added"))
    finally:
        path.unlink(missing_ok=True)
        state.busy = bool(state.pending)
        app.refresh()


def add_photo(app: Nav, game_id: int) -> None:
    """``photo-add``: pick a picture (a phone offers its camera) and upload it here."""
    state = _picker(app, game_id)
    picker = state.picker
    assert picker is not None

    served = bool(app.services.serving.base_url)  # `serve`: its upload endpoint, else the bytes

    async def run() -> None:
        try:
            files = await picker.pick_files(
                dialog_title=app.t("photo-add"), file_type=ft.FilePickerFileType.IMAGE,
                allow_multiple=True, with_data=not served,
                cancel_upload_on_window_blur=False)  # a phone camera takes a while
        except TAB_GONE as exc:  # no client (tests) or the platform refused
            log.warning("photo picker: %s", exc)
            return
        uploads = []
        for f in files or []:
            if f.size > P.MAX_BYTES:  # the browser's word; the server checks again
                app.toast(_refused(app, P.PhotoRefused("photo-too-large",
                                                       mb=P.MAX_BYTES // (1024 * 1024))))
                continue
            if not served:  # the desktop app: the bytes came with the pick
                try:
                    await asyncio.to_thread(_keep, app, game_id, f.bytes or b"")
                except P.PhotoRefused as exc:
                    app.toast(_refused(app, exc))
                else:
                    app.toast(app.t("photo-added"))
                continue
            P.incoming_dir(_store(app).engine)
            saved = secrets.token_hex(16)
            state.pending[f.name] = (saved, game_id)
            uploads.append(ft.FilePickerUploadFile(
                upload_url=app.page.get_upload_url(saved, 120), id=f.id, name=f.name))
        state.busy = bool(uploads)
        app.refresh()
        if uploads:
            await picker.upload(uploads)

    async def guarded() -> None:
        try:
            await run()
        except Exception:  # boundary: a task of its own: failures logged and said, not lost
            log.exception("adding a photo")
            app.toast(app.t("photo-refused", reason=app.t("photo-upload-failed")))
    app.page.run_task(guarded)


def remove_photo(app: Nav, photo_id: int) -> None:
    """``photo-N-remove``: by the seat that added it or the host (checked here, now)."""
    engine = _store(app).engine
    with _store(app).session() as s:
        row = s.get(GamePhoto, photo_id)
    if row is None or not P.may_remove(access_of(app, row.game_id), row):
        app.toast(app.t("photo-refused", reason=app.t("photo-not-allowed")))
        return
    P.remove_photo(engine, photo_id)
    app.refresh()


def photos_card(app: Nav, game_id: int) -> ft.Control:
    """The game's photos (``photo-N``) with "Add a photo" (``photo-add``) when allowed."""
    t = app.t
    store = _store(app)
    access = access_of(app, game_id)
    with store.session() as s:
        rows = P.list_photos(s, game_id)
    items: list[ft.Control] = [ft.Text(t("photo-title"), size=18, weight=ft.FontWeight.BOLD)]
    if not rows:
        items.append(muted(t("photo-none")))
    tiles: list[ft.Control] = []
    for n, row in enumerate(rows, 1):
        data = P.read_photo(store.engine, row)
        label = t("photo-label", n=n)
        parts: list[ft.Control] = [sid(f"photo-{n}", ft.Container(ft.Image(
            src=thumbnail(data, row.uid), width=160, height=160, fit=ft.BoxFit.COVER,
            border_radius=8, semantics_label=label) if data is not None
            else ft.Text(t("photo-missing")), width=160, height=160), label=label)]
        if P.may_remove(access, row):
            parts.append(sid(f"photo-{n}-remove", ft.TextButton(
                content=ft.Text(t("photo-remove")), icon=ft.Icons.DELETE_OUTLINE, height=TOUCH,
                on_click=lambda e, pid=row.id: remove_photo(app, pid)),
                button=True, label=t("photo-remove-label", n=n)))
        tiles.append(ft.Column(parts, spacing=4, tight=True))
    if tiles:
        items.append(ft.Row(tiles, wrap=True, spacing=10, run_spacing=10))
    if P.may_add(access, game_id) and len(rows) < P.MAX_PER_GAME:
        state = app.states.get(PhotoPicker)
        busy = state is not None and state.busy
        items.append(sid("photo-add", ft.OutlinedButton(
            content=ft.Text(t("photo-uploading") if busy else t("photo-add"), size=17),
            icon=ft.Icons.ADD_A_PHOTO, height=56, disabled=busy,
            on_click=lambda e: add_photo(app, game_id)), button=True))
        items.append(muted(t("photo-hint", mb=P.MAX_BYTES // (1024 * 1024))))
    return card(items, identifier="photos")

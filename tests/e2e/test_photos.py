"""Photos of the final boards in the browser (issue 34, item 4): a seat phone attaches a
photo through the browser's file chooser (Flet's FilePicker uploads it to this server),
it shows on the phone's result and on the game's page in History, the backup carries it,
its GPS block is gone and its file is private; a file that is not an image and a file
that is too large are refused with a message."""

from __future__ import annotations

import io
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import as_host, by_id, enable_semantics, tap, wait_text
from tests.e2e.table_fixtures import TableServer, table_browser

__all__ = ["table_browser"]

TALL = {"width": 412, "height": 2600}
WAIT_MS = 20_000


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[TableServer, int]]:
    srv = TableServer()
    game_id = srv.seed()
    srv.start()
    try:
        yield srv, game_id
    finally:
        srv.kill()


def _seat_token(srv: TableServer, game_id: int, seat: int) -> str:
    from app.store.facade import Store
    from app.table.hub import TableHub

    store = Store.open(srv.db_url)
    try:
        return TableHub(store).issue(game_id, seat)
    finally:
        store.engine.dispose()


def _photos(srv: TableServer, game_id: int) -> list[Any]:
    from app.store import photos
    from app.store.facade import Store

    store = Store.open(srv.db_url)
    try:
        with store.session() as s:
            return photos.list_photos(s, game_id)
    finally:
        store.engine.dispose()


def _finish(host: Any) -> None:
    """The host ends the game, through whichever "finish anyway" questions come."""
    import time

    tap(host, "sheet-finish", reply=False)
    deadline = time.monotonic() + WAIT_MS / 1000
    while by_id(host, "finish-rematch").count() == 0:
        assert time.monotonic() < deadline, "the game did not finish"
        for ask in ("finish-turns-anyway", "finish-missing-anyway"):
            if by_id(host, ask).count():
                try:
                    tap(host, ask, reply=False, timeout=3000)
                except AssertionError:  # a dialog on its way out: look again
                    pass
                break
        host.wait_for_timeout(300)


def _choose(page: Any, files: Any) -> None:
    with page.expect_file_chooser(timeout=WAIT_MS) as chooser:
        tap(page, "photo-add", reply=False)
    chooser.value.set_files(files)


def test_a_seat_attaches_a_photo_from_its_phone(
        table_browser: Any, server: tuple[TableServer, int], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    from tests.app.test_photos import GPS_IFD, jpeg_with_gps

    srv, game_id = server
    contexts = []
    try:
        ctx = table_browser.new_context(viewport=TALL)
        contexts.append(ctx)
        seat = ctx.new_page()
        seat.goto(f"{srv.url}/join/{_seat_token(srv, game_id, 2)}")
        enable_semantics(seat)
        by_id(seat, "sheet-total").first.wait_for(state="attached", timeout=WAIT_MS)
        ctx = table_browser.new_context(viewport=TALL)
        contexts.append(ctx)
        as_host(ctx, srv.host_link.rsplit("/", 1)[1])
        host = ctx.new_page()
        host.goto(f"{srv.url}/table/{game_id}")
        enable_semantics(host)
        _finish(host)
        # the seat phone shows the result, with "Add a photo"
        by_id(seat, "photo-add").first.wait_for(state="attached", timeout=WAIT_MS)
        # not an image: refused, named
        bad = tmp_path / "notes.jpg"
        bad.write_bytes(b"%PDF-1.7 these are not the boards")
        _choose(seat, str(bad))
        wait_text(seat, "Photo not added: the file is not a photo (JPEG, PNG or WebP).")
        # too large (the phone's size, before sending; the server checks again)
        big = tmp_path / "big.jpg"
        big.write_bytes(jpeg_with_gps() + b"\0" * (15 * 1024 * 1024))
        _choose(seat, str(big))
        wait_text(seat, "Photo not added: the photo is larger than 15 megabytes.")
        assert _photos(srv, game_id) == []
        # a real photo with a GPS block
        good = tmp_path / "boards.jpg"
        good.write_bytes(jpeg_with_gps((320, 240)))
        _choose(seat, str(good))
        by_id(seat, "photo-1").first.wait_for(state="attached", timeout=WAIT_MS)
        by_id(seat, "photo-1-remove").first.wait_for(state="attached", timeout=WAIT_MS)
        (row,) = _photos(srv, game_id)
        assert row.seat == 2
        folder = srv.data_dir / "photos"
        kept = folder / f"{row.uid}.jpg"
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
        assert not Image.open(io.BytesIO(kept.read_bytes())).getexif().get_ifd(GPS_IFD)
        assert b"PhoneMaker" not in kept.read_bytes()
        assert not any((folder / "incoming").iterdir())  # the upload itself is gone
        # History: the game's page shows it (the host may remove it)
        host.goto(f"{srv.url}/played/{game_id}")
        enable_semantics(host)
        by_id(host, "photo-1").first.wait_for(state="attached", timeout=WAIT_MS)
        by_id(host, "photo-1-remove").first.wait_for(state="attached", timeout=WAIT_MS)
        # the backup carries it, beside the JSON lines
        import zipfile

        from app.cli import main

        monkeypatch.setenv("DATABASE_URL", srv.db_url)
        backup = tmp_path / "all.jsonl"
        assert main(["records", "export", "-o", str(backup)]) == 0
        with zipfile.ZipFile(str(backup) + ".photos.zip") as z:
            (name,) = z.namelist()
            assert z.read(name) == kept.read_bytes()
    finally:
        for ctx in contexts:
            ctx.close()

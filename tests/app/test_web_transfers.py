"""One-time addresses of an in-app import's upload and an export's download (issue 34):
nothing readable or writable without a token the host's tab was given; each works once."""

from __future__ import annotations

import asyncio
import os
import stat
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from app.table.rights import SEAT, SERVER, Access
from app.ui.records.transfer import may_transfer, transfer_section
from app.web import transfers
from app.web.transfers import DOWNLOAD, UPLOAD, TransferRoutes, Transfers


async def _rest(scope: Any, receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


@pytest.fixture()
def reg() -> Transfers:
    return Transfers()


class client:
    """Requests straight into the ASGI layer (no server)."""

    def __init__(self, reg: Transfers) -> None:
        self.app = TransferRoutes(_rest, reg)

    def _go(self, method: str, path: str, content: bytes | None = None) -> httpx.Response:
        async def go() -> httpx.Response:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app),
                                         base_url="http://t") as c:
                return await c.request(method, path, content=content)
        return asyncio.run(go())

    def put(self, path: str, content: bytes) -> httpx.Response:
        return self._go("PUT", path, content)

    def get(self, path: str) -> httpx.Response:
        return self._go("GET", path)


def test_an_upload_is_received_once_into_a_private_file(reg: Transfers) -> None:
    token = reg.upload_token()
    c = client(reg)
    assert c.put(UPLOAD + token, content=b"hello").status_code == 200
    assert c.put(UPLOAD + token, content=b"again").status_code == 404  # once
    path = reg.take_upload(token)
    assert path is not None and open(path, "rb").read() == b"hello"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert reg.take_upload(token) is None  # taken once
    os.unlink(path)


def test_unknown_tokens_and_other_paths(reg: Transfers) -> None:
    c = client(reg)
    assert c.put(UPLOAD + "guess", content=b"x").status_code == 404
    assert c.get(DOWNLOAD + "guess").status_code == 404
    assert c.get("/anything").status_code == 204  # the rest passes through
    down = reg.upload_token()
    assert c.get(DOWNLOAD + down).status_code == 404  # an upload token downloads nothing


def test_too_large_an_upload_is_refused_and_nothing_kept(reg: Transfers,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transfers, "MAX_FILE_BYTES", 10)
    token = reg.upload_token()
    assert client(reg).put(UPLOAD + token, content=b"x" * 11).status_code == 413
    assert reg.take_upload(token) is None


def test_a_download_is_served_once_then_deleted(reg: Transfers, tmp_path: Any) -> None:
    fd, path = transfers.private_file()
    os.write(fd, b"backup\n")
    os.close(fd)
    token = reg.download_token(path, "forest-table-backup.jsonl", "application/jsonl")
    c = client(reg)
    r = c.get(DOWNLOAD + token)
    assert r.status_code == 200 and r.content == b"backup\n"
    assert r.headers["content-disposition"] == \
        'attachment; filename="forest-table-backup.jsonl"'
    assert r.headers["cache-control"] == "no-store"
    assert not os.path.exists(path)
    assert c.get(DOWNLOAD + token).status_code == 404


def test_an_expired_token_opens_nothing(reg: Transfers, monkeypatch: pytest.MonkeyPatch) -> None:
    token = reg.upload_token()
    clock = transfers.time.monotonic() + 700
    monkeypatch.setattr(transfers.time, "monotonic", lambda: clock)
    assert client(reg).put(UPLOAD + token, content=b"x").status_code == 404


class _Hub:
    def __init__(self, access: Access | None) -> None:
        self._access = access

    def access(self, token: str) -> Access | None:
        return self._access


def _app(**kw: Any) -> Any:
    base = {"locked": None, "hub": None, "host_token": None, "table_host": False}
    return SimpleNamespace(**{**base, **kw})


def test_only_the_host_may_import_or_export_everything() -> None:
    assert may_transfer(_app())  # the laptop's own app (no table mode)
    host = _app(hub=_Hub(Access(SERVER)), host_token="t", table_host=True)
    assert may_transfer(host)
    # a seat link's tab: locked to its table
    seat = _app(hub=_Hub(Access(SEAT, 1, 2)), host_token=None,
                locked=SimpleNamespace(game_id=1))
    assert not may_transfer(seat) and transfer_section(seat) is None
    # the host link revoked meanwhile (a new host link): checked again on the server
    assert not may_transfer(_app(hub=_Hub(None), host_token="old", table_host=True))
    # a table host's token is not the server host's
    assert not may_transfer(_app(hub=_Hub(Access("host", 1)), host_token="t",
                                 table_host=True))


@pytest.mark.parametrize("size", [0, transfers.CHUNK, 2 * transfers.CHUNK + 7])
def test_a_large_download_comes_whole_in_chunks(reg: Transfers, size: int) -> None:
    fd, path = transfers.private_file()
    data = os.urandom(size)
    os.write(fd, data)
    os.close(fd)
    r = client(reg).get(DOWNLOAD + reg.download_token(path, "x.jsonl", "application/jsonl"))
    assert r.status_code == 200 and r.content == data
    assert r.headers["content-length"] == str(size)

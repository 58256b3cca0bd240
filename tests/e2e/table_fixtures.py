"""Fixtures for the table-mode browser tests: a seeded database and a killable server.

The browsers here connect from 127.0.0.1 and go through the token rules like any
phone on the LAN (there is no trust by address): the host uses the host link.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    START_TIMEOUT,
    _forest_table_cmd,
    _free_port,
)

PLAYERS = ["Mireille", "Bartholomew", "Annika"]


def seated(names: list[str]) -> list[dict[str, str]]:
    """``names`` as the new-game form seats them: each seat the next of its colours."""
    from app.game.new_game import fill_colours

    return [{"name": n, "colour": c} for n, c in zip(names, fill_colours([None] * len(names)),
                                                      strict=True)]


#: every phone at a table is in the foreground: no background-tab throttling
FOREGROUND_ARGS = [
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]
HOST_LINK = re.compile(r"^\s+(http://\S+/join/\S+)\s*$", re.M)


class TableServer:
    """`forest-table serve` on a fixed port and data directory; SIGKILL and restart."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.env = dict(env or {})  # more of the server's environment
        self.port = _free_port()
        self.data_dir = Path(tempfile.mkdtemp(prefix="forest-table-table-e2e-"))
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.host_link = ""
        self.starts = 0

    @property
    def db_url(self) -> str:
        return f"sqlite:///{self.data_dir / 'forest-table.sqlite3'}"

    def seed(self) -> int:
        """A Forestry game for three, harvesters placed and started; returns its id."""
        from app.game.commands import StartGame
        from app.games.forestry.commands import SetHarvester
        from app.session import GameSession
        from app.store.facade import Store

        store = Store.open(self.db_url)
        session = GameSession.create(store, game="forestry", players=seated(PLAYERS), seed=11)
        for i in range(len(PLAYERS)):
            session.apply(SetHarvester(version=session.version, player=i, space=i + 1))
        session.apply(StartGame(version=session.version))
        store.engine.dispose()
        return session.game_id

    def start(self) -> None:
        self.starts += 1
        log_path = self.data_dir / f"server-{self.starts}.log"
        env = dict(os.environ)
        env.pop("DATABASE_URL", None)
        env.update(FLET_WEB_NO_CDN="1", FLET_FORCE_WEB_SERVER="1",
                   FLET_APP_STORAGE_DATA=str(self.data_dir), PYTHONUNBUFFERED="1",
                   FOREST_TABLE_TRACE="1")
        env.update(self.env)
        with open(log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [*_forest_table_cmd(), "serve", "--host", "127.0.0.1", "--port",
                 str(self.port), "--no-qr", "--no-browser"],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited early:\n{log_path.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server did not answer:\n{log_path.read_text()}")
            time.sleep(0.2)
        m = HOST_LINK.search(log_path.read_text())
        assert m, log_path.read_text()
        self.host_link = m.group(1)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=10)

    def log(self) -> str:
        return "\n".join(p.read_text() for p in sorted(self.data_dir.glob("server-*.log")))


@pytest.fixture(scope="module")
def table_server() -> Iterator[tuple[TableServer, int]]:
    server = TableServer()
    game_id = server.seed()
    server.start()
    try:
        yield server, game_id
    finally:
        server.kill(signal.SIGTERM)
        server.kill()


@pytest.fixture(scope="module")
def table_browser() -> Iterator[Any]:
    """Chromium for several phones at once, none of them throttled as a background tab."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + FOREGROUND_ARGS)
        yield b
        b.close()


def decode_qr_codes(png: bytes) -> list[str]:
    """Every QR code in a screenshot, decoded with zxing-cpp."""
    import zxingcpp
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("L")
    return [r.text for r in zxingcpp.read_barcodes(img) if r.text]

"""Backup and import in the app, in a real browser (issue 34): the host picks a file on
the phone, the browser uploads it, the dry run shows what comes in, then the import; a bad
file names its problem and imports nothing; "export everything" downloads the same bytes
as the CLI's ``records export``."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, _forest_table_cmd, by_id, tap
from tests.e2e.test_history_keep import KeepServer
from tests.e2e.test_records import ids_with, label_of, record, seeded_server_fixtures

pytestmark = pytest.mark.e2e

NEW_GAME = record("2026-04-01T20:00:00+09:00", [("Mei", (3, 3, 3), (2,), 1),
                                                 ("Ken", (1, 2, 3), (4,), 0)])

seeded_server, server_url, no_server_errors = seeded_server_fixtures(KeepServer)


def _cli(server: KeepServer, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_forest_table_cmd(), "records", *args], cwd=ROOT, env=server.env,
                          capture_output=True, text=True, timeout=120)


def _pick(phone, path: Path) -> None:  # type: ignore[no-untyped-def]
    tap(phone, "home-history", appears="history-import-file")
    with phone.expect_file_chooser() as chooser:
        tap(phone, "history-import-file", reply=False)
    chooser.value.set_files(str(path))


def test_a_bad_file_names_its_problem_and_imports_nothing(phone, seeded_server
                                                          ):  # type: ignore[no-untyped-def]
    bad = seeded_server.data_dir / "bad.jsonl"
    bad.write_text(json.dumps(NEW_GAME) + "\n" + "{not json\n")
    _pick(phone, bad)
    by_id(phone, "settings-import-problems").first.wait_for(state="attached", timeout=30_000)
    problems = label_of(phone, "settings-import-problems")
    assert "Nothing imported" in problems and "line 2" in problems, problems
    assert by_id(phone, "settings-import-go").count() == 0
    listed = _cli(seeded_server, "list")
    assert listed.returncode == 0 and "2026-04-01" not in listed.stdout, listed.stdout


def test_a_backup_file_comes_in_after_its_dry_run(phone, seeded_server
                                                  ):  # type: ignore[no-untyped-def]
    good = seeded_server.data_dir / "good.jsonl"
    good.write_text(json.dumps(NEW_GAME) + "\n")
    _pick(phone, good)
    by_id(phone, "settings-import-go").first.wait_for(state="attached", timeout=30_000)
    summary = label_of(phone, "import-summary")
    assert "1 new game can come in" in summary, summary
    tap(phone, "settings-import-go", appears="settings-import-message")
    message = label_of(phone, "settings-import-message")
    assert "Imported 1 game" in message, message
    listed = _cli(seeded_server, "list")
    assert "2026-04-01" in listed.stdout, listed.stdout


def test_export_everything_is_the_cli_backup(phone, seeded_server
                                             ):  # type: ignore[no-untyped-def]
    tap(phone, "home-history", appears="history-export-backup")
    with phone.expect_download(timeout=30_000) as download:
        tap(phone, "history-export-backup")
    got = Path(download.value.path()).read_bytes()
    cli = _cli(seeded_server, "export")
    assert cli.returncode == 0, cli.stderr
    assert got == cli.stdout.encode("utf-8")
    assert got.count(b"\n") >= 2
    # the address worked once: fetched again, nothing
    import urllib.error
    import urllib.request

    with pytest.raises(urllib.error.HTTPError) as again:
        urllib.request.urlopen(download.value.url, timeout=10)
    assert again.value.code == 404


def test_a_seat_phone_cannot_reach_import_or_export(browser, seeded_server
                                                    ):  # type: ignore[no-untyped-def]
    from app.game.commands import StartGame
    from app.session import GameSession
    from app.store.facade import Store
    from app.table.hub import TableHub
    from tests.e2e.conftest import PHONES, enable_semantics, instrument

    store = Store.open(f"sqlite:///{seeded_server.data_dir / 'forest-table.sqlite3'}")
    try:
        s = GameSession.create(store, game="forest-guardians", players=["Mei", "Ken"], seed=3)
        s.apply(StartGame(version=s.version))
        token = TableHub(store).issue(s.game_id, 2)
    finally:
        store.engine.dispose()
    ctx = browser.new_context(viewport=PHONES["iphone"], device_scale_factor=2)
    try:
        instrument(ctx)
        page = ctx.new_page()
        for path in (f"/join/{token}", f"/join/{token}/history", "/history"):
            page.goto(seeded_server.url.rstrip("/") + path)
            enable_semantics(page)
            page.locator("[flt-semantics-identifier]").first.wait_for(state="attached",
                                                                      timeout=30_000)
            page.wait_for_timeout(1_000)
            shown = ids_with(page, r"^sheet-")
            assert shown, (path, ids_with(page, r"."))  # its own board, not the join screen
            for gone in ("history-import-file", "history-export-backup",
                         "history-export-bgstats", "history-export-bgg", "home-history"):
                assert by_id(page, gone).count() == 0, (path, gone)
    finally:
        ctx.close()

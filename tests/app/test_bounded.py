"""Bounded reading and one server per SQLite file (issue 32, items 5 and 6).

Through the real CLI in child processes (``python -m app``): a file that never ends
(``/dev/zero``, as a file and as a pipe), a 10,000-deep nesting and a number of 10^400
(whole and as a float) are refused by ``score`` and ``records import`` with one line and
exit status 2 within a few seconds; ids and seeds beyond what the app holds are refused
naming the argument; a second ``serve`` on one SQLite file is one line naming the first,
exit status 1, while the first keeps serving. The bounds themselves (:mod:`app.bounds`)
are tested directly.
"""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app import bounds
from app.bounds import MAX_ID, SEED_MAX, Limited, Unreadable, loads, parse_id, read_bytes
from tests.app.web_server import free_port

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests" / "data" / "records" / "guardians_basic_23.json"
#: A refusal's own time: the child's processor time (under 1.5 s here, whatever else runs
#: on the machine); its wall time only has to show it never hangs on a shared machine.
FEW_SECONDS = 5.0
NEVER_HANGS = 30.0


def _env(tmp: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(FLET_APP_STORAGE_DATA=str(tmp / "data"), PYTHONUNBUFFERED="1",
               FOREST_TABLE_NO_BROWSER="1", **more)
    return env


def _cli(tmp: Path, *argv: str, stdin: Any = subprocess.DEVNULL,
         **env: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run ``forest-table ARGV``: the result and the child's processor seconds (asserting
    its wall time stays under :data:`NEVER_HANGS`)."""
    t0, cpu0 = time.monotonic(), _children_cpu()
    done = subprocess.run([sys.executable, "-m", "app", *argv], cwd=ROOT, env=_env(tmp, **env),
                          stdin=stdin, capture_output=True, text=True, timeout=120)
    assert time.monotonic() - t0 < NEVER_HANGS, (argv, time.monotonic() - t0)
    return done, _children_cpu() - cpu0


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    return lines[0]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The files: 10,000-deep nestings, 10^400 as a whole number and as a float (each in an
    otherwise valid record, so nothing else can be what is refused)."""
    tmp = tmp_path_factory.mktemp("hostile")
    good = json.loads(RECORD.read_text())
    text = json.dumps(good)
    files = {
        "deep-array": "[" * 10_000 + "]" * 10_000,
        "deep-object": '{"a":' * 10_000 + "1" + "}" * 10_000,
        "huge-int": text.replace('"seed": 23', '"seed": 1' + "0" * 400, 1)
        if '"seed": 23' in text else json.dumps(dict(good, seed=10**400)),
        "huge-float": json.dumps(dict(good, location="x")).replace('"x"', "1e400", 1),
    }
    out = {}
    for name, body in files.items():
        out[name] = tmp / f"{name}.json"
        out[name].write_text(body)
    return out


# --------------------------------------------------------------------------- the CLI


@pytest.mark.parametrize("command", [["score"], ["records", "import"],
                                     ["records", "import", "--from", "bgstats"],
                                     ["records", "import", "--from", "bgg"]])
def test_a_file_that_never_ends_is_one_line_and_exit_2(tmp_path: Path,
                                                       command: list[str]) -> None:
    done, cpu = _cli(tmp_path, *command, "/dev/zero")
    line = _one_line(done)
    assert done.returncode == 2 and cpu < FEW_SECONDS, (done.returncode, cpu)
    assert line.startswith("/dev/zero: ") and "longer than" in line and "bytes" in line, line
    with open("/dev/zero", "rb") as zero:  # the same through a pipe: standard input
        done, cpu = _cli(tmp_path, *command, "-", stdin=zero)
    line = _one_line(done)
    assert done.returncode == 2 and cpu < FEW_SECONDS, (done.returncode, cpu)
    assert line.startswith("standard input: ") and "longer than" in line, line


@pytest.mark.parametrize("name, said", [
    ("deep-array", "nested deeper than 32 levels"),
    ("deep-object", "nested deeper than 32 levels"),
    ("huge-int", "9,223,372,036,854,775,807"),
    ("huge-float", "a number beyond"),
])
def test_score_refuses_deep_nesting_and_huge_numbers_in_one_line(
        tmp_path: Path, hostile: dict[str, Path], name: str, said: str) -> None:
    done, cpu = _cli(tmp_path, "score", str(hostile[name]))
    line = _one_line(done)
    assert done.returncode == 2 and cpu < FEW_SECONDS, (done.returncode, cpu)
    assert line.startswith(f"{hostile[name]}: ") and said in line, line
    assert done.stdout == ""


@pytest.mark.parametrize("name, said", [
    ("deep-array", "line 1: nested deeper than 32 levels"),
    ("deep-object", "line 1: nested deeper than 32 levels"),
    ("huge-int", "line 1: seed: must be a whole number from 0 to 9,223,372,036,854,775,807"),
    ("huge-float", "line 1: a number beyond 1,000,000,000"),
])
def test_records_import_refuses_deep_nesting_and_huge_numbers_in_one_line(
        tmp_path: Path, hostile: dict[str, Path], name: str, said: str) -> None:
    done, cpu = _cli(tmp_path, "records", "import", str(hostile[name]))
    line = _one_line(done)
    assert done.returncode == 2 and cpu < FEW_SECONDS, (done.returncode, cpu)
    assert line.startswith(f"{hostile[name]}: nothing imported: ") and said in line, line
    with sqlite3.connect(tmp_path / "data" / "forest-table.sqlite3") as con:
        assert con.execute("SELECT count(*) FROM game").fetchone() == (0,)  # nothing kept


@pytest.mark.parametrize("body, said", [
    ('{"plays": [{"playerScores": ' + "[" * 10_000 + "]" * 10_000 + "}]}",
     "file: nested deeper than 32 levels"),
    ('{"plays": [{"playerScores": [], "x": 1' + "0" * 400 + "}]}",
     "file: a number beyond 9,223,372,036,854,775,807"),
    ('{"plays": [{"playerScores": [], "x": 1e400}]}', "file: a number beyond"),
])
def test_a_bg_stats_file_is_read_within_the_same_bounds(tmp_path: Path, body: str,
                                                        said: str) -> None:
    src = tmp_path / "plays.bgsplay"
    src.write_text(body)
    done, cpu = _cli(tmp_path, "records", "import", "--from", "bgstats", str(src))
    assert done.returncode == 2 and cpu < FEW_SECONDS, (done.returncode, cpu)
    assert said in _one_line(done)


def test_a_csv_cell_beyond_the_csv_reader_s_limit_is_one_line(tmp_path: Path) -> None:
    """Before: ``records import: internal error (Error: field larger than field limit)``."""
    src = tmp_path / "plays.csv"
    src.write_text("play_id,date,game,name,score\n1,2026-01-01,Forestry," + "A" * 200_000
                   + ",3\n")
    done, _ = _cli(tmp_path, "records", "import", str(src))
    assert done.returncode == 2
    assert "file: not valid CSV (field larger than field limit" in _one_line(done)


def _main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``forest-table ARGV`` in this process: (exit status, stdout, stderr)."""
    from app.cli import main

    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's refusal
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "records.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return path


@pytest.mark.parametrize("argv", [
    ["records", "show", "1" * 41], ["records", "show", "2147483648"], ["records", "show", "0"],
    ["records", "show", "-3"], ["records", "show", "²"], ["records", "delete", "1" * 41],
    ["records", "undelete", "1" * 41], ["records", "note", "1" * 41, "x"],
    ["records", "edit", "1" * 41, "--location", "x"], ["records", "export", "1", "1" * 41],
])
def test_an_id_beyond_the_database_s_is_refused_naming_the_bound(
        db: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """Before: ``records show: internal error (OverflowError: Python int too large to
    convert to SQLite INTEGER)``."""
    code, _, err = _main(capsys, *argv)
    assert code == 2, err
    assert "internal error" not in err and "Traceback" not in err
    assert "argument id" in err or "argument ID" in err, err
    assert f"must be a whole number from 1 to {MAX_ID}" in err, err


def test_a_bgg_id_is_an_id_or_0(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _main(capsys, "records", "bgg-id", "forestry", "1" * 41)
    assert code == 2 and f"from 1 to {MAX_ID}, or 0 to forget it" in err
    code, out, err = _main(capsys, "records", "bgg-id", "forestry", str(MAX_ID))
    assert code == 0 and f"Forestry: {MAX_ID}" in out, err
    code, out, err = _main(capsys, "records", "bgg-id", "forestry", "0")
    assert code == 0 and "Forestry: no BGG id" in out, err


@pytest.mark.parametrize("game", ["forestry", "forest-guardians"])
def test_setup_refuses_a_seed_the_app_cannot_keep_naming_seed(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    """Before: ``setup forestry --seed 10**29`` dealt, though a record, the database and
    ``tables new`` take at most 2**63-1."""
    for seed in (str(SEED_MAX + 1), "9" * 30, "9" * 5000):
        code, out, err = _main(capsys, "setup", game, "--players", "2", "--seed", seed)
        assert code == 2 and out == ""
        assert err.splitlines() == [f"forest-table setup {game}: error: --seed: a seed is at "
                                    f"most {SEED_MAX}"], err
    code, _, err = _main(capsys, "setup", game, "--players", "2", "--seed", "-5")
    assert code == 2 and "--seed: a seed is a whole number" in err
    code, out, _ = _main(capsys, "setup", game, "--players", "2", "--seed", str(SEED_MAX),
                         "--json")
    assert code == 0 and json.loads(out)["seed"] == SEED_MAX


# --------------------------------------------------------------------------- serve


class _Serve:
    def __init__(self, tmp: Path, log: str, **env: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp / log
        with open(self.log, "wb") as fh:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port",
                 str(self.port), "--no-qr", "--no-browser"], cwd=ROOT, env=_env(tmp, **env),
                stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()
            if "Stop the server" in self.log.read_text() and self.healthy():
                return
            time.sleep(0.2)
        raise AssertionError("serve did not start: " + self.log.read_text())

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=2) as r:
                return bool(r.status == 200)
        except OSError:
            return False

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(15)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[list[_Serve]]:
    started: list[_Serve] = []
    yield started
    for s in started:
        s.stop(signal.SIGKILL)


def test_a_second_serve_on_one_sqlite_file_is_one_line_naming_the_first(
        tmp_path: Path, served: list[_Serve]) -> None:
    first = _Serve(tmp_path, "first.log")
    served.append(first)
    database = tmp_path / "data" / "forest-table.sqlite3"
    port = free_port()
    done, cpu = _cli(tmp_path, "serve", "--host", "127.0.0.1", "--port", str(port),
                      "--no-qr", "--no-browser")
    line = _one_line(done)
    assert done.returncode == 1 and done.stdout == "" and cpu < FEW_SECONDS
    assert line.startswith(f"forest-table serve: {database} is already served by another "
                           f"forest-table serve (process {first.proc.pid}, {first.url})"), line
    # the same file by another name (a symbolic link to its folder): the same lock
    (tmp_path / "again").symlink_to(tmp_path / "data")
    done, _ = _cli(tmp_path, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr",
                   "--no-browser", DATABASE_URL=f"sqlite:///{tmp_path / 'again' / database.name}")
    assert done.returncode == 1 and f"(process {first.proc.pid}," in _one_line(done)
    # on the first's own port too: named, not "port in use"
    done, _ = _cli(tmp_path, "serve", "--host", "127.0.0.1", "--port", str(first.port),
                   "--no-qr", "--no-browser")
    assert done.returncode == 1 and "is already served" in _one_line(done)
    # the first kept serving; the other commands are not locked out, nor another file
    assert first.healthy() and first.proc.poll() is None
    listed, _ = _cli(tmp_path, "records", "list")
    assert listed.returncode == 0, listed.stderr
    (tmp_path / "other").mkdir(mode=0o700)
    elsewhere = _Serve(tmp_path, "elsewhere.log",
                       DATABASE_URL=f"sqlite:///{tmp_path / 'other' / 'db.sqlite3'}")
    served.append(elsewhere)
    assert elsewhere.healthy() and first.healthy()
    # killed without a word: the system let go of the lock, the next serve starts
    first.stop(signal.SIGKILL)
    second = _Serve(tmp_path, "second.log")
    served.append(second)
    assert "is already served" not in second.log.read_text()
    assert second.healthy()


def test_the_lock_names_its_holder_and_postgresql_is_not_locked(tmp_path: Path) -> None:
    from app.server import hold_database
    from app.store import lock

    db = tmp_path / "db.sqlite3"
    held = lock.hold(db, "http://10.0.0.5:8550")
    try:
        assert lock.lock_path(db).read_text() == f"{os.getpid()} http://10.0.0.5:8550\n"
        assert oct(lock.lock_path(db).stat().st_mode & 0o777) == "0o600"
        # a second taker in another process is refused, told who holds it
        code = (f"from pathlib import Path\nfrom app.store import lock\n"
                f"try:\n    lock.hold(Path({str(db)!r}), 'x')\n"
                f"except lock.Held as e:\n    print(e.pid, e.url)\n")
        other = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                               text=True, timeout=60)
        assert other.stdout.strip() == f"{os.getpid()} http://10.0.0.5:8550", other.stderr
    finally:
        held.release()
    assert lock.lock_path(db).read_text() == ""  # let go: nobody named
    assert hold_database(None, "http://x") is None  # PostgreSQL: several servers by design


def test_serve_lets_go_of_the_lock_when_it_returns(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Called in a process that goes on (a test, an embedding): a serve that stops, here on
    a busy port, leaves the database to the next."""
    import socket

    from app import server
    from app.store import lock

    db = tmp_path / "db.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{db}")
    monkeypatch.setattr(server, "tune_runtime", lambda: None)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        assert server.serve("127.0.0.1", busy.getsockname()[1], False, browser=False) == 2
    assert "already in use" in capsys.readouterr().err
    lock.hold(db, "http://next").release()  # free again (flock: per open file, even here)


# --------------------------------------------------------------------------- app.bounds


def test_ids_are_the_database_s() -> None:
    assert [parse_id(t) for t in ("1", "42", str(MAX_ID), 7, MAX_ID)] == [1, 42, MAX_ID, 7,
                                                                            MAX_ID]
    for bad in ("0", "-1", str(MAX_ID + 1), "1" * 41, "9" * 5000, "²", "١٢", " 12", "",
                "1.0", None, True, 0, MAX_ID + 1, 1.0):
        assert parse_id(bad) is None, bad


def test_the_store_and_the_web_take_the_same_ids(tmp_path: Path) -> None:
    from app.store import crud
    from app.store.facade import Store
    from app.table.links import table_from_route

    store = Store.open("sqlite://")
    with store.session() as s:
        assert crud.get_game(s, game_id=10**40) is None
        with pytest.raises(crud.NotFound):
            crud.soft_delete_game(s, game_id=10**40)
        with pytest.raises(ValueError):
            crud.set_bgg_id(s, game="forestry", bgg_id=MAX_ID + 1)
        crud.set_bgg_id(s, game="forestry", bgg_id=MAX_ID)
    assert table_from_route(f"/table/{MAX_ID}") == MAX_ID
    assert table_from_route(f"/table/{MAX_ID + 1}") is None
    assert table_from_route("/table/" + "1" * 41) is None


def test_seeds_have_one_definition() -> None:
    from app.game.new_game import MAX_SEED
    from scoring.record import SEED_MAX as RECORD_SEED_MAX

    assert MAX_SEED == SEED_MAX == RECORD_SEED_MAX == bounds.MAX_INT == 2**63 - 1


@pytest.mark.parametrize("text, code", [
    ("[" * 10_000 + "]" * 10_000, "read-too-deep"),
    ("[" * 33 + "]" * 33, "read-too-deep"),
    ('{"a": ' * 33 + "1" + "}" * 33, "read-too-deep"),
    ("1" + "0" * 400, "read-number-too-large"),
    (str(2**63), "read-number-too-large"),
    (str(-(2**63) - 1), "read-number-too-large"),
    ("1e400", "read-number-too-large"),
    ("-1e400", "read-number-too-large"),
    ("[NaN]", "read-not-a-number"),
    ("[-Infinity]", "read-not-a-number"),
])
def test_json_beyond_the_bounds_is_refused(text: str, code: str) -> None:
    with pytest.raises(Unreadable) as caught:
        loads(text)
    assert caught.value.message.code == code


def test_json_within_the_bounds_is_read() -> None:
    assert loads("[" * 32 + "]" * 32) is not None
    assert loads(f"[{2**63 - 1}, {-(2**63) + 1}, 1e300, 0.5]") == [2**63 - 1, -(2**63) + 1,
                                                                     1e300, 0.5]
    assert loads(RECORD.read_text()) == json.loads(RECORD.read_text())
    with pytest.raises(json.JSONDecodeError):
        loads("{oops}")


def test_a_file_is_read_up_to_its_cap(tmp_path: Path) -> None:
    f = tmp_path / "f"
    f.write_bytes(b"x" * 1000)
    assert read_bytes(str(f), 1000) == b"x" * 1000
    with pytest.raises(Unreadable) as caught:
        read_bytes(str(f), 999)
    assert caught.value.message.params["limit"] == 999
    t0 = time.monotonic()
    with pytest.raises(Unreadable):
        read_bytes("/dev/zero", 8 << 20)
    assert time.monotonic() - t0 < FEW_SECONDS


def test_a_limited_file_peeks_reads_and_seeks() -> None:
    fh = Limited(io.BytesIO(b"0123456789"), 10)
    assert fh.peek(4) == b"0123" and fh.tell() == 0
    assert fh.read(2) == b"01" and fh.read(5) == b"23" and fh.read(3) == b"456"
    assert fh.readall() == b"789"
    assert fh.seek(0) == 0 and fh.read() == b"0123456789"  # a second pass counts again
    fh.seek(0)
    fh.limit = 5
    with pytest.raises(Unreadable):
        fh.read()


@pytest.mark.parametrize("typed", ["²", "9" * 5000, str(MAX_ID + 1)])
def test_the_settings_refuse_a_bgg_id_beyond_the_bound_with_a_message(
        svc: Any, typed: str) -> None:
    """Before: ``"²".isdigit()`` passed and ``int("²")`` raised in the save handler."""
    import asyncio

    from app.store import crud
    from tests.app.flet_harness import by_id, semantics_ids, start_app, tap

    async def go() -> None:
        client, app = await start_app()
        app.go("settings")
        client.session.get_page_patch()
        await client.type(by_id(client, "settings-bgg-forestry"), typed)
        await tap(client, "settings-bgg-save")
        client.session.get_page_patch()
        assert "settings-bgg-message" in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())
    with svc.store.session() as s:
        assert crud.get_bgg_ids(s) == {}


@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000])
def test_the_settings_refuse_a_printed_value_that_is_not_a_number_with_a_message(
        svc: Any, typed: str) -> None:
    """Before: ``"²".isdigit()`` passed and ``int("²")`` raised in the save handler; other
    text was dropped without a word."""
    import asyncio

    from tests.app.flet_harness import by_id, semantics_ids, start_app, tap

    svc.store.confirm_printed(table="buildings_vp", key="0", value=4)

    async def go() -> None:
        client, app = await start_app()
        app.go("settings")
        client.session.get_page_patch()
        ident = "settings-printed-buildings-vp-0"
        await client.type(by_id(client, f"{ident}-value"), typed)
        await tap(client, f"{ident}-save")
        client.session.get_page_patch()
        assert f"{ident}-error" in semantics_ids(client)
        assert not client.crashes()

    asyncio.run(go())
    assert svc.store.get_printed()["buildings_vp"]["0"] == 4

"""`records import` refuses every malformed document with exit 2 and the place named,
caps its report and its memory; terminal output and CSV cells are made safe (issue 13)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from app.cli import main
from app.commands.terminal import terminal_safe
from tests.app.test_exchange import DATA, load

GOOD = json.dumps(load("guardians_basic_23.json"))


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "records.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return path


def _import(tmp_path: Path, data: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    src = tmp_path / "in.jsonl"
    src.write_bytes(data)
    code = main(["records", "import", str(src)])
    cap = capsys.readouterr()
    return code, cap.err + cap.out


def _with(**changes: object) -> bytes:
    rec = load("guardians_basic_23.json")
    rec.update(changes)
    return json.dumps(rec).encode()


def _named(name: str) -> bytes:
    rec = load("guardians_basic_23.json")
    rec["players"][0]["name"] = name
    return json.dumps(rec).encode()


@pytest.mark.parametrize(("data", "expected"), [
    (b"[" * 100_000 + b"]" * 100_000, "line 1: nested deeper than"),
    (b'{"a":' * 40 + b"1" + b"}" * 40, "nested deeper than 32 levels"),
    (_with(seed=0).replace(b'"seed": 0', b'"seed": ' + b"9" * 5000),
     "line 1: a number with more than 4,300 digits"),
    (_with(location="\ud800x"), "line 1: location: a lone surrogate U+D800"),
    (GOOD.encode() + b"\n" + b'{"format": "\xff\xfe"}\n', "line 2: not UTF-8 text (byte 0xFF"),
    (_with(location=float("nan")), "NaN is not a JSON number"),
    (GOOD.encode() + b"\n" + b" " * (1 << 20) + b"x\n", "line 2: a line longer than 1,048,576"),
    (_named("Mei\u202e"),
     "players[0].name: a name cannot contain the invisible or control character U+202E"),
    (_with(location="x" * 201), "line 1: location: at most 200 characters"),
])
def test_malformed_documents_exit_2_naming_the_place(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes,
        expected: str) -> None:
    code, out = _import(tmp_path, data, capsys)
    assert code == 2, out
    assert expected in out
    assert "internal error" not in out and "Traceback" not in out
    assert main(["records", "list"]) == 0
    assert "No games yet." in capsys.readouterr().out  # nothing imported


def test_full_width_name_is_the_same_person(db: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    rec = load("guardians_basic_23.json")
    wide = dict(rec, played_at="2026-01-02T10:00:00+00:00")
    wide["players"] = [dict(p) for p in rec["players"]]
    first = wide["players"][0]["name"]
    wide["players"][0]["name"] = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c
                                         for c in first)  # full width
    code, out = _import(tmp_path, (json.dumps(rec) + "\n" + json.dumps(wide)).encode(), capsys)
    assert code == 0, out
    assert main(["records", "stats", "--player", first]) == 0
    assert "plays 2" in capsys.readouterr().out


def test_report_is_capped_and_memory_bounded(tmp_path: Path) -> None:
    """200,000 bad lines: the first 50 problems and a count, small output, bounded memory
    (measured in a child process: peak RSS and the output size)."""
    src = tmp_path / "bad.jsonl"
    with src.open("wb") as fh:
        for _ in range(200_000):
            fh.write(b'{"format": oops}\n')
    script = textwrap.dedent(f"""
        import sys, os
        os.environ["DATABASE_URL"] = "sqlite:///{tmp_path / 'db.sqlite3'}"
        from app.cli import main
        code = main(["records", "import", "{src}"])
        # VmHWM is this process's own peak (ru_maxrss carries the parent's across fork/exec)
        with open("/proc/self/status") as fh:
            peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:"))
        print(f"RESULT {{code}} {{peak}}", file=sys.stdout)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, cwd=Path(__file__).parents[2])
    code, peak_kib = done.stdout.split("RESULT ")[1].split()
    assert int(code) == 2
    assert "nothing imported, 200000 problems" in done.stderr
    assert done.stderr.count("not valid JSON") == 50
    assert "and 199,950 more problems" in done.stderr
    print(f"200k bad lines: peak RSS {int(peak_kib) // 1024} MiB, report {len(done.stderr)} B")
    assert len(done.stderr) < 10_000
    assert int(peak_kib) < 300 * 1024, f"peak RSS {int(peak_kib) // 1024} MiB"


def test_terminal_output_escapes_control_and_bidi_characters() -> None:
    assert terminal_safe("Mei\x1b[2J") == "Mei\\u001b[2J"
    assert terminal_safe("abc\u202edef") == "abc\\u202edef"
    assert terminal_safe("👩\u200d👩 Ｍｅｉ\nnext") == "👩\u200d👩 Ｍｅｉ\nnext"


def test_records_list_escapes_an_old_name_with_control_characters(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.store.facade import Store

    store = Store.open()
    with store.session() as s:  # saved by an older version, before names were checked
        from app.store.models import Person

        g = store.create_game(game="forest-guardians", players=["Mei", "Ken"])
        p = s.get(Person, 1)
        assert p is not None
        p.name = "Mei\x1b]0;pwned\x07"
        s.add(p)
        s.commit()
    store.engine.dispose()
    assert g.id == 1
    assert main(["records", "list"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Mei\\u001b]0;pwned\\u0007" in out


def test_importing_many_records_shows_no_progress_when_not_a_terminal(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = load("guardians_basic_23.json")
    lines = []
    for i in range(260):  # more than a batch (BULK), fewer than a minute
        r = dict(rec, played_at=f"2026-01-01T{i // 60:02d}:{i % 60:02d}:00+09:00")
        lines.append(json.dumps(r))
    code, out = _import(tmp_path, ("\n".join(lines) + "\n").encode(), capsys)
    assert code == 0 and "Imported 260 games" in out
    assert "\r" not in out  # quiet: standard error is not a terminal here
    assert (DATA / "guardians_basic_23.json").exists()


def test_keep_commands(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = load("guardians_basic_23.json")
    other = dict(rec, played_at="2026-01-01T10:00:00+00:00",
                 players=[dict(rec["players"][0], name="Meiko"), rec["players"][1]])
    code, out = _import(tmp_path, (GOOD + "\n" + json.dumps(other) + "\n").encode(), capsys)
    assert code == 0, out
    assert main(["records", "delete", "1"]) == 0
    assert "undelete 1" in capsys.readouterr().out
    assert main(["records", "list"]) == 0
    assert [ln.split()[0] for ln in capsys.readouterr().out.splitlines()[2:]] == ["2"]
    assert main(["records", "undelete", "1"]) == 0
    assert main(["records", "note", "1", "rematch next week"]) == 0
    assert main(["records", "merge", "meiko", "MEI"]) == 0
    assert "Merged 'Meiko' into 'Mei'." in capsys.readouterr().out
    assert main(["records", "rename", "mei", "Ｍｅｉ Tanaka"]) == 0
    assert "to 'Mei Tanaka'" in capsys.readouterr().out
    assert main(["records", "rename", "Mei Tanaka", "x" * 41]) == 2
    assert "at most 40 characters" in capsys.readouterr().err
    assert main(["records", "show", "1"]) == 0
    assert "notes    rematch next week" in capsys.readouterr().out
    assert main(["records", "stats", "--player", "mei tanaka"]) == 0
    assert "plays 2, wins 2" in capsys.readouterr().out
    assert main(["records", "bgg-id", "forestry", "1234"]) == 0
    assert "Forestry: 1234" in capsys.readouterr().out


def test_progress_bar_only_on_a_terminal() -> None:
    import io as _io

    from app.commands.records_verbs import Progress

    class Tty(_io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe = Tty(), _io.StringIO()
    for stream in (tty, pipe):
        bar = Progress(stream, min_items=10)
        for i in range(1, 301):
            bar("write", i, 300)
        bar.done()
    assert pipe.getvalue() == ""
    shown = tty.getvalue()
    assert "\r" in shown and "writing" in shown and "300/300" in shown and "[" in shown
    assert shown.endswith("\r\x1b[K")  # the line is cleared at the end
    small = Tty()
    bar = Progress(small, min_items=200)
    bar("write", 5, 5)  # a short import: no bar at all
    assert small.getvalue() == ""


def test_import_from_standard_input(tmp_path: Path) -> None:
    """``-`` reads a pipe (spooled for the second pass): good records, then bad ones."""
    rec = load("guardians_basic_23.json")
    good = "".join(json.dumps(dict(rec, played_at=f"2026-01-0{i}T10:00:00+00:00")) + "\n"
                   for i in range(1, 4)).encode()
    env = {**__import__("os").environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    cmd = [sys.executable, "-m", "app.cli", "records", "import", "-"]
    root = Path(__file__).parents[2]
    done = subprocess.run(cmd, input=good, capture_output=True, env=env, cwd=root, timeout=120)
    assert done.returncode == 0 and b"Imported 3 games" in done.stdout, done.stderr
    bad = good + b"\xff\n"
    done = subprocess.run(cmd, input=bad, capture_output=True, env=env, cwd=root, timeout=120)
    assert done.returncode == 2 and b"line 4: not UTF-8" in done.stderr

"""``forest-table records ...`` end to end through ``app.cli.main`` (a temp SQLite file)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from app.cli import main
from tests.app.test_exchange import DATA, as_given, jsonl, sample_records


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "records.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return path


@pytest.fixture
def loaded(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    src = tmp_path / "in.jsonl"
    src.write_text(jsonl(sample_records()))
    assert main(["records", "import", str(src)]) == 0
    assert "Imported 4 games (id 1, 2, 3, 4)." in capsys.readouterr().out
    return src


def test_empty_database(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["records", "list"]) == 0
    assert "No games yet." in capsys.readouterr().out
    assert db.exists()  # created and migrated on first use
    assert main(["records", "stats"]) == 0
    assert "No finished games yet." in capsys.readouterr().out


def test_list_show_stats(loaded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["records", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["id", "played", "game", "status"]
    assert [line.split()[0] for line in out[2:]] == ["4", "3", "2", "1"]  # newest first
    assert "Mei 23*, Ken 13" in out[4]
    assert main(["records", "list", "--game", "forestry"]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()[2:]] == ["1"]
    assert main(["records", "list", "--player", "BO"]) == 0
    assert [line.split()[0] for line in capsys.readouterr().out.splitlines()[2:]] == ["3"]

    assert main(["records", "show", "2"]) == 0
    out2 = capsys.readouterr().out
    assert "Game 2: Forest Guardians, finished" in out2 and "Winner: Mei" in out2
    assert "total       23     13" in out2  # the widest label: "Animals"

    assert main(["records", "stats", "--player", "mei"]) == 0
    out3 = capsys.readouterr().out
    assert "plays 3, wins 3 (100%), average score 24.0, best 26" in out3
    assert "Mei against" in out3
    assert main(["records", "stats", "--game", "forestry"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:]
    assert [r.split()[0] for r in rows] == ["Blue", "Green", "Pink"]


def test_bad_input_exits_2(loaded: Path, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["records", "show", "99"]) == 2
    assert "no game with id 99" in capsys.readouterr().err
    assert main(["records", "stats", "--player", "Zed"]) == 2
    assert "no person named 'Zed' (known: Ana, Blue, Bo, Green, Ken, Mei, Pink)" in \
        capsys.readouterr().err
    assert main(["records", "list", "--player", "Zed"]) == 2
    capsys.readouterr()
    assert main(["records", "export", "7"]) == 2
    assert "no game with id 7" in capsys.readouterr().err
    assert main(["records", "import", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["records", "import", str(DATA / "guardians_invalid.json")]) == 2
    err = capsys.readouterr().err
    assert "nothing imported, 2 problems" in err
    assert "line 1: players[0].fire_tokens:" in err
    assert main(["records", "list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2 + 4  # still the same 4 games


def test_export_formats(loaded: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["records", "export", "-o", str(out)]) == 0
    assert [as_given(json.loads(x), r) for x, r in zip(
        out.read_text().splitlines(), sample_records(), strict=True)] == sample_records()
    assert "Exported 4 games" in capsys.readouterr().err
    assert main(["records", "export", "2"]) == 0
    assert as_given(json.loads(capsys.readouterr().out), sample_records()[1]) == \
        sample_records()[1]
    assert main(["records", "export", "1", "2", "--format", "bgg-csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["name"] for r in rows] == ["Pink", "Blue", "Green", "Mei", "Ken"]
    bg = tmp_path / "plays.json"
    assert main(["records", "export", "--format", "bgstats", "-o", str(bg)]) == 0
    said = capsys.readouterr()
    assert len(json.loads(bg.read_text())["plays"]) == 4
    # to a file: a summary line, not a push link per game (3,000 games were 5.1 MB of them)
    assert "bgstats://" not in said.out + said.err
    assert said.out.count("\n") == 1 and str(bg) in said.out
    assert main(["records", "export", "2", "--format", "bgstats"]) == 0
    said = capsys.readouterr()  # to standard output: the file there, the link beside it
    assert said.err.count("bgstats://app.bgstatsapp.com/createPlay.html?data=") == 1


def test_export_me_unknown_is_refused_naming_it(loaded: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bg = tmp_path / "plays.json"
    assert main(["records", "export", "--format", "bgstats", "--me", "Nobody",
                 "-o", str(bg)]) == 2
    err = capsys.readouterr().err
    assert "--me 'Nobody': no such person" in err and "Mei" in err
    assert not bg.exists()
    assert main(["records", "export", "--format", "bgstats", "--me", "mei", "-o",
                 str(bg)]) == 0
    data = json.loads(bg.read_text())
    assert data["userInfo"]["meRefId"] == next(p["id"] for p in data["players"]
                                               if p["name"] == "Mei")


def test_ctrl_c_during_import_is_one_line(db: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from app.store import imports

    src = tmp_path / "all.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in sample_records()) + "\n")
    real = imports.add_finished_game
    calls = []

    def interrupted(*args: object, **kw: object) -> object:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(imports, "add_finished_game", interrupted)
    assert main(["records", "import", str(src)]) == 130
    err = capsys.readouterr().err
    assert err == "records import: interrupted; nothing imported\n"
    monkeypatch.setattr(imports, "add_finished_game", real)
    assert main(["records", "list"]) == 0
    assert "No games yet." in capsys.readouterr().out  # the two written were rolled back


def test_database_that_cannot_be_opened(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://someone:secret@127.0.0.1:9/nowhere")
    assert main(["records", "list"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cannot open the database postgresql+psycopg://someone:***@")
    assert "secret" not in err


def test_import_tells_what_is_still_needed(db: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    rec = json.loads((DATA / "forestry_93vp_worked_example.json").read_text())
    rec["players"][0]["buildings"] = {"forest": 0, "sawmill": []}
    src = tmp_path / "one.json"
    src.write_text(json.dumps(rec, indent=2))
    assert main(["records", "import", str(src)]) == 0
    out = capsys.readouterr().out
    assert "line 1: game 1 is scored without some printed values" in out
    assert "- tasks_vp[4]: " in out
    assert main(["records", "list"]) == 0
    assert "finished (incomplete)" in capsys.readouterr().out


def test_show_an_open_game(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from app.store.facade import Store

    store = Store.open()
    g = store.create_game(game="forest-guardians", players=[{"name": "Mei", "ranger": "julia"},
                                                            "Ken"])
    store.engine.dispose()
    assert main(["records", "show", str(g.id)]) == 0
    out = capsys.readouterr().out
    assert "Game 1: Forest Guardians, open" in out and "Still being played (version 0)" in out
    assert "Julia (Animal Expert)" in out  # the ranger in words


# --------------------------------------------------------------------------- issue 25: each CLI
# defect has a test that failed before it was fixed


def test_list_show_and_stats_answer_json(loaded: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    assert main(["records", "list", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in games] == [4, 3, 2, 1]
    g2 = next(g for g in games if g["id"] == 2)
    assert g2["game_name"] == "Forest Guardians" and g2["winners"] == ["Mei"]
    assert g2["played_at"] == "2026-02-15T20:00:00+02:00"  # its own offset, to the second
    assert [(p["name"], p["total"], p["winner"]) for p in g2["players"]] == [
        ("Mei", 23, True), ("Ken", 13, False)]
    assert main(["records", "show", "3", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["record"]["game"] == "forest-guardians" and shown["score"]["winners"]
    assert shown["players"][0]["role"] == "julia"
    assert shown["players"][0]["role_name"] == "Julia (Animal Expert)"
    assert main(["records", "stats", "--json"]) == 0
    everyone = json.loads(capsys.readouterr().out)
    assert {(p["name"], p["game"]) for p in everyone} >= {("Mei", "forest-guardians")}
    assert main(["records", "stats", "--player", "mei", "--json"]) == 0
    mei = json.loads(capsys.readouterr().out)
    assert mei["player"] == "Mei" and mei["games"][0]["plays"] == 3
    assert {r["role_name"] for r in mei["games"][0]["roles"]} >= {"Julia (Animal Expert)"}
    assert all(c["label"] for c in mei["games"][0]["categories"])
    assert {o["opponent"] for o in mei["opponents"]} >= {"Ken"}


def test_show_and_stats_name_roles_in_words(loaded: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    assert main(["records", "show", "3"]) == 0
    out = capsys.readouterr().out
    assert "Julia (Animal Expert)" in out and "Jack (Firefighter)" in out
    assert " julia" not in out
    assert main(["records", "stats", "--player", "Mei", "--game", "forest-guardians"]) == 0
    out = capsys.readouterr().out
    assert "Julia (Animal Expert)" in out and "julia" not in out


def test_export_into_a_closed_pipe_is_quiet(db: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``records export | head -c 10``: no "None: cannot write it (Broken pipe)", status 0.

    The export is several times a pipe's buffer (64 KiB on Linux), so the exporter is
    still writing when the reader goes away, whatever the timing."""
    import os
    import subprocess
    import sys

    base = json.loads((DATA / "forestry_93vp_worked_example.json").read_text())
    many = [dict(base, played_at=f"2026-01-{1 + i // 24:02d}T{i % 24:02d}:00:00+09:00")
            for i in range(80)]
    src = tmp_path / "many.jsonl"
    src.write_text(jsonl(many))
    assert main(["records", "import", str(src)]) == 0
    out = tmp_path / "all.jsonl"
    assert main(["records", "export", "-o", str(out)]) == 0
    capsys.readouterr()
    assert out.stat().st_size > 3 * 65536, out.stat().st_size
    script = ("import sys; from app.cli import main; "
              "sys.exit(main(['records', 'export']))")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=dict(os.environ),
                            cwd=Path(__file__).parents[2])
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()  # the reader goes away (head -c 10)
    err = proc.stderr.read().decode()
    assert proc.wait(60) == 0, err
    assert "Broken pipe" not in err and "None" not in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["99999", "0", "-1", "65536", "http"])
def test_serve_port_must_be_a_port(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["serve", "--port", value])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "--port" in err and "65535" in err and "in use" not in err


def test_edit_changes_date_and_location(loaded: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    assert main(["records", "list", "--json"]) == 0
    before = {g["id"]: g for g in json.loads(capsys.readouterr().out)}
    assert main(["records", "edit", "2", "--date", "2026-02-16T21:30:00+09:00",
                 "--location", "Kyoto"]) == 0
    assert "Game 2: played 2026-02-16 21:30 at Kyoto" in capsys.readouterr().out
    assert main(["records", "show", "2", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["played_at"] == "2026-02-16T21:30:00+09:00" and shown["location"] == "Kyoto"
    assert shown["record"]["played_at"] == "2026-02-16T21:30:00+09:00"
    assert shown["play_id"] == before[2]["play_id"]  # the play keeps its id
    assert main(["records", "edit", "2", "--location", ""]) == 0
    capsys.readouterr()
    assert main(["records", "show", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["location"] is None
    assert main(["records", "edit", "2", "--date", "yesterday"]) == 2
    err = capsys.readouterr().err
    assert "played_at" in err or "date" in err
    assert main(["records", "edit", "2"]) == 2
    assert "--date" in capsys.readouterr().err
    assert main(["records", "edit", "99", "--location", "x"]) == 2


def test_readme_lists_every_records_subcommand() -> None:
    from app.cli import build_parser

    parser = build_parser()
    records = next(a for a in parser._subparsers._group_actions  # type: ignore[union-attr]
                   ).choices["records"]
    actions = next(a for a in records._subparsers._group_actions).choices  # type: ignore
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    missing = [name for name in actions if f"`forest-table records {name}" not in readme]
    assert not missing, f"README's command table lacks records {missing}"
    for name, sub in actions.items():  # and each option the subcommand takes
        row = next(line for line in readme.splitlines()
                   if line.startswith(f"| `forest-table records {name}"))
        for action in sub._actions:
            flags = [f for f in action.option_strings if f not in ("-h", "--help")]
            if flags:
                assert any(f in row for f in flags), f"records {name}: {flags} not in README"


def test_the_records_parser_loads_neither_its_verbs_nor_the_database(tmp_path: Path) -> None:
    """``records --help`` and ``completion`` (a shell runs it as it starts) build the
    records parser without its verbs' module, so without sqlalchemy or flet; a verb loads
    them (issue 31: the verbs import the database at their top)."""
    import os
    import subprocess
    import sys

    code = (
        "import contextlib, io, sys\n"
        "from app.cli import main\n"
        "def heavy():\n"
        "    return sorted(m for m in sys.modules if m.split('.')[0] in ('flet', 'sqlalchemy',\n"
        "                  'sqlmodel') or m == 'app.commands.records_verbs')\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    try:\n"
        "        main(['records', '--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "    main(['completion', 'bash'])\n"
        "print(repr(heavy()), 'stats' in out.getvalue())\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['records', 'list'])\n"
        "print('app.commands.records_verbs' in heavy(), 'sqlalchemy' in heavy())\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    proc = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parents[2],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.stdout.splitlines() == ["[] True", "True True"], proc.stderr

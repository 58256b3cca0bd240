"""``forest-table records ...`` end to end through ``app.cli.main`` (a temp SQLite file)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from app.cli import main
from tests.app.test_exchange import DATA, jsonl, sample_records


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
    assert [json.loads(x) for x in out.read_text().splitlines()] == sample_records()
    assert "Exported 4 games" in capsys.readouterr().err
    assert main(["records", "export", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == sample_records()[1]
    assert main(["records", "export", "1", "2", "--format", "bgg-csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["name"] for r in rows] == ["Pink", "Blue", "Green", "Mei", "Ken"]
    bg = tmp_path / "plays.json"
    assert main(["records", "export", "--format", "bgstats", "-o", str(bg)]) == 0
    links = capsys.readouterr().out
    assert len(json.loads(bg.read_text())["plays"]) == 4
    assert links.count("bgstats://app.bgstatsapp.com/createPlay.html?data=") == 4


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
    assert "julia" in out

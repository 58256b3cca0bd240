"""A clean install and first run (issue 15): version, help, LICENSE, the postgres extra,
a missing SQLite directory, a missing driver, the real PostgreSQL server through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from app.cli import build_parser, main
from tests.app.test_exchange import jsonl, sample_records

ROOT = Path(__file__).parents[2]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("forest-table ") and out.split()[1][0].isdigit()


def test_every_records_option_has_help_and_names_the_database() -> None:
    parser = build_parser()
    records = next(a for a in parser._subparsers._group_actions  # type: ignore[union-attr]
                   ).choices["records"]
    actions = next(a for a in records._subparsers._group_actions).choices  # type: ignore
    for name, sub in actions.items():
        text = sub.format_help()
        assert "DATABASE_URL" in text and "data directory" in text, name
        for action in sub._actions:
            if action.dest != "help":
                assert action.help, f"records {name} {action.dest}: no help"


def test_license_and_postgres_extra() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["license"] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert any(d.startswith("psycopg") for d in meta["project"]["optional-dependencies"]
               ["postgres"])


def test_a_missing_sqlite_directory_is_an_error_not_a_new_database(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-dir" / "db.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{missing}")
    assert main(["records", "list"]) == 1
    err = capsys.readouterr().err
    assert "does not exist" in err and "no-such-dir" in err
    assert not missing.parent.exists()


def test_a_missing_driver_says_how_to_install_it(tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['psycopg'] = None\n"
        "from app.cli import main\n"
        "sys.exit(main(['records', 'list']))\n")
    env = dict(os.environ, DATABASE_URL="postgresql://u:secret@127.0.0.1:1/x")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    assert "pip install 'forest-table[postgres]'" in done.stderr
    assert "secret" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.postgres
def test_database_url_works_against_the_real_server(
        pg_schema_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``DATABASE_URL=postgresql+psycopg://...`` through the CLI: import, list, export."""
    monkeypatch.setenv("DATABASE_URL", pg_schema_url)
    src = tmp_path / "in.jsonl"
    src.write_text(jsonl(sample_records()))
    assert main(["records", "import", str(src)]) == 0
    assert "Imported 4 games" in capsys.readouterr().out
    assert main(["records", "list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 6
    assert main(["records", "export"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line) for line in lines] == sample_records()

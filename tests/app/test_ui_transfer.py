"""History's file import and "export everything" over a real store (issue 34): the same
caps, dry run and all-or-named-problems rules as ``records import``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import bounds
from app.store import queries
from app.store.facade import Store
from app.ui.records.transfer import FileImport, _check, _write, export_file

PLAYS = Path(__file__).parents[1] / "data" / "plays"


def _file(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _games(store: Store) -> int:
    with store.session() as s:
        return len(queries.history(s, limit=50).items)


def test_a_bgstats_file_is_checked_then_imported(store: Store, tmp_path: Path) -> None:
    ui = FileImport()
    ui.path = _file(tmp_path, "bgstats.json",
                    (PLAYS / "bgstats_sample.json").read_text(encoding="utf-8"))
    _check(store, ui.path, "en", ui)
    assert ui.problems == "" and ui.ready and ui.kind == "bgstats"
    assert {r.theirs for r in ui.rows} == {"Meiko", "Ｋｅｎ", "Rin"}
    assert _games(store) == 0  # checked only
    _write(store, ui, "en")
    assert ui.problems == "" and ui.message == "Imported 2, skipped 0 already here."
    assert _games(store) == 2


def test_a_bad_entry_is_named_and_nothing_imported(store: Store, tmp_path: Path) -> None:
    data = json.loads((PLAYS / "bgstats_sample.json").read_text(encoding="utf-8"))
    data["plays"][0]["playerScores"][2]["playerRefId"] = 7
    ui = FileImport()
    _check(store, _file(tmp_path, "bad.json", json.dumps(data)), "en", ui)
    assert not ui.ready
    assert ui.problems.startswith("Nothing imported: ")
    assert "plays[0].playerScores[2]" in ui.problems, ui.problems
    assert _games(store) == 0


def test_a_backup_line_that_is_not_json_is_named(store: Store, tmp_path: Path) -> None:
    ui = FileImport()
    _check(store, _file(tmp_path, "bad.jsonl", '{"format": "forest-table/record"}\n{x\n'),
           "en", ui)
    assert not ui.ready and "line 2" in ui.problems, ui.problems
    assert _games(store) == 0


def test_the_cli_caps_apply(store: Store, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "MAX_WHOLE_BYTES", 70_000)  # (a head of 64 KiB is read first)
    ui = FileImport()
    text = (PLAYS / "bgstats_sample.json").read_text(encoding="utf-8") + " " * 80_000
    _check(store, _file(tmp_path, "bgstats.json", text), "en", ui)
    assert not ui.ready and "longer than 70,000 bytes" in ui.problems, ui.problems


def test_export_everything_is_the_cli_export(store: Store, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import io

    from app.commands.records_verbs import do_export

    assert export_file(store, "backup", "en")[1] == 0  # nothing finished: no file
    ui = FileImport()
    ui.path = _file(tmp_path, "bgstats.json",
                    (PLAYS / "bgstats_sample.json").read_text(encoding="utf-8"))
    _check(store, ui.path, "en", ui)
    _write(store, ui, "en")
    for what, fmt in (("backup", "record"), ("bgstats", "bgstats"), ("bgg", "bgg-xml")):
        path, n = export_file(store, what, "en")
        assert n == 2  # the two plays of ours in the BG Stats file
        out = io.StringIO()
        do_export(store, argparse.Namespace(format=fmt, ids=None, output=None, lang="en",
                                            me=None), out, io.StringIO())
        got = Path(path).read_text(encoding="utf-8")
        Path(path).unlink()
        if fmt == "bgstats":  # on standard output the CLI adds how to open it
            assert out.getvalue().startswith(got)
        else:
            assert got == out.getvalue()

"""``forest-table score``: output, exit status, error messages, imports."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from scoring.api import score_record
from tests.scoring.test_forestry_record import INVALID
from tests.scoring.test_forestry_support import RECORDS, load, player, record

EXAMPLE = RECORDS / "forestry_93vp_worked_example.json"
ROOT = Path(__file__).resolve().parents[2]

#: What the CLI prints for each case of ``INVALID`` (by id), after the field it names: the
#: problem in English, its numbers in place (the scoring tests assert its code).
WORDS: dict[str, str] = {
    "forest-over-6": "7 is more than the 6 building tokens",
    "forest-plus-sawmill-over-6": "= 7 building tokens, more than the 6",
    "sawmill-4-in-one-area": "each area has 3 sawmill buildings",
    "storage-overfull": "more than the 3 open storage spaces",
    "extensions-over-3": "4 is more than the 3 storage extensions",
    "four-columns": "4 columns is more than the 3",
    "column-count-0": "at least 1",
    "column-count-4": "4 is more than the 3 spaces",
    "three-river-tokens": "3 river tokens is more than 2",
    "reforestation-4": "4 is more than the 3 spaces",
    "reforestation-negative": "must not be negative",
    "negative-coins": "must not be negative (got -2)",
    "negative-score-track": "must not be negative",
    "negative-below": "must not be negative",
    "infestation-solo": "cannot be played solo",
    "detached-missing": "required with the infestation module",
    "detached-two": "exactly 3 detached storages (got 2)",
    "detached-without-infestation": "only with the Growing Forward infestation module",
    "detached-duplicate-criterion": "most_buildings is already on detached_storages[0]",
    "detached-negative": "must not be negative",
    "infested-wood-without-module": "only with the Growing Forward infestation module",
    "task-no-requirement": "exactly one requirement",
    "task-two-requirements": "got contract, forester",
    "task-river-false": "must be true",
    "task-forest-building-without-met": "required for a forest_building task card",
    "task-met-elsewhere": "only a forest_building task card",
    "technology-side-missing": "required in the standard game",
    "technology-side-in-tutorial": "must be null in the tutorial",
    "character-in-standard": "only played in the advanced game",
    "character-twice": "already played by players[0]",
    "growing-forward-character-without-expansion": "comes with Growing Forward",
    "extra-for-another-character": "only the forest_road_manager character",
    "extra-missing-for-character": "required for the technician character",
    "full-seedling-rows-over-3": "4 is more than the most possible (3)",
    "chosen-not-a-category": "building is not one of this contract's categories",
    "chosen-on-single": "only a two-category contract",
    "contract-three-categories": "1 or 2 categories (got 3)",
    "contract-same-category-twice": "two different categories",
    "contract-unknown-category": "must be one of building",
    "no-players": "1-4 players (got 0)",
    "five-players": "1-4 players (got 5)",
    "duplicate-names": "already the name of players[0]",
    "empty-name": "must not be empty",
    "unknown-player-field": "unknown field",
    "unknown-top-field": "unknown field",
    "typo-in-nested-field": "unknown field",
    "missing-field": "required field",
    "wrong-type-bool-for-int": "valid integer",
    "wrong-type-string-for-int": "valid integer",
    "unknown-area": "'light_green', 'dark_green' or 'orange'",
    "unknown-mode": "tutorial",
    "bad-played-at": "ISO 8601",
    "printed-bad-key": "whole numbers",
    "printed-key-out-of-range": "run from 0 to 6",
    "printed-forest-worker-key": "run from 5 to 6",
    "printed-negative": "must not be negative",
    "printed-top-tie-length": "must list 3 numbers",
    "printed-unknown-table": "unknown field",
    "forester-below-while-a-column-can-take-it": "can still take a painting token",
    "forester-below-with-an-empty-column": "can still take a painting token",
    "forester-below-with-its-column-not-full": "no thinning column is full",
    "seedlings-below-without-a-full-column": "no reforestation column is full",
    "too-many-sawmill-upgrades-in-all": "4 sawmill upgrades in orange in all",
    "too-many-forest-buildings-in-all":
        "9 forest buildings in all, but a 3-player game has 8 clearings",
}


GUARDIANS = {
    "format": "forest-table/record", "version": 1, "game": "forest-guardians",
    "options": {"advanced": True},
    "players": [
        {"name": "Mei", "ranger": "julia", "tree_points": [2, 6, 3], "animal_cards": [3, 6],
         "animals_in_shelter": 1, "fire_tokens": 3, "calocedrus_on_mountains": 0},
        {"name": "Ken", "ranger": "jack", "tree_points": [2, 2, 0], "animal_cards": [3],
         "animals_in_shelter": 0, "fire_tokens": 2, "calocedrus_on_mountains": 0},
    ],
}


def write(tmp_path: Path, data: Any, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "Forestry: complete" in out
    assert "Winner: Pink" in out
    lines = {line.split("  ")[0].strip(): line.split() for line in out.splitlines()}
    assert lines["total"][-3:] == ["93", "91", "79"]
    assert lines["rank"][-3:] == ["1", "2", "3"]
    assert "Contracts counted for Pink: furniture, furniture, furniture" in out


def test_json_output_is_the_spec_score_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(EXAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == score_record(load(EXAMPLE.name)).as_json()
    assert out["players"][0]["total"] == 93 and out["winners"] == ["Pink"]


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE.read_text(encoding="utf-8")))
    assert main(["score", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["complete"] is True


def test_incomplete_record_exits_0_and_lists_the_asks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = record(player("A", buildings={"forest": 4, "sawmill": []}), player("B"))
    assert main(["score", write(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert "NOT complete" in out
    assert "Still needed" in out
    assert "buildings_vp[4]: Read the number printed under your rightmost uncovered space" in out
    assert "?" in out and "Winner" not in out
    assert main(["score", write(tmp_path, data), "--json"]) == 0
    out_json = json.loads(capsys.readouterr().out)
    assert out_json["complete"] is False and out_json["winners"] == []
    assert any(n["table"] == "buildings_vp" and n["key"] == "4" for n in out_json["needs"])


def test_tie_break_is_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = record(player("Ann", score_track=5,
                         reforestation_table={"light_green": 1, "dark_green": 0, "orange": 0}),
                  player("Ben", score_track=5),
                  printed={"buildings_vp": {"0": 0}, "tasks_vp": {"0": 0}})
    assert main(["score", write(tmp_path, data)]) == 0
    out = capsys.readouterr().out
    assert "Ann and Ben tied on 13 VP; decided by seedlings planted (1, 0)." in out
    assert "Winner: Ann" in out


def test_every_invalid_case_has_its_words() -> None:
    assert sorted(WORDS) == sorted(c[0] for c in INVALID)


@pytest.mark.parametrize(("mutate", "path", "words"),
                         [(c[1], c[2], WORDS[c[0]]) for c in INVALID],
                         ids=[c[0] for c in INVALID])
def test_invalid_record_exits_2_naming_the_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        mutate: Callable[[dict[str, Any]], None], path: str, words: str) -> None:
    data = load(EXAMPLE.name)
    mutate(data)
    assert main(["score", write(tmp_path, data)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"  {path}: " in captured.err
    assert words in captured.err
    assert "Traceback" not in captured.err


def test_every_problem_is_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = load(EXAMPLE.name)
    data["players"][0]["buildings"]["forest"] = 9
    data["players"][1]["storage"]["wood"] = -1
    assert main(["score", write(tmp_path, data)]) == 2
    err = capsys.readouterr().err
    assert "invalid record (2 problems)" in err
    assert "players[0].buildings.forest" in err and "players[1].storage.wood" in err


@pytest.mark.parametrize(
    ("content", "words"),
    [("{", "not valid JSON (line 1"), ("[1, 2]", "a record must be a JSON object"),
     ('{"format": "x"}', "format: must be 'forest-table/record'"),
     ("", "not valid JSON")],
)
def test_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
                           words: str) -> None:
    assert main(["score", write(tmp_path, content)]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and "Traceback" not in captured.err


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_forest_guardians_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("scoring.guardians.score")
    assert main(["score", write(tmp_path, GUARDIANS), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "forest-guardians"
    assert main(["score", write(tmp_path, GUARDIANS)]) == 0
    assert "Forest Guardians" in capsys.readouterr().out


def test_process_imports_no_ui_or_database(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from app.cli import main\n"
        f"rc = main(['score', {str(EXAMPLE)!r}, '--json'])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flet', 'sqlalchemy', 'sqlmodel', 'alembic', 'setup') or m.startswith('app.game'))\n"
        "print(repr((rc, heavy)), file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.stderr.strip().splitlines()[-1] == "(0, [])"


def test_console_script_never_shows_a_traceback(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "forest-table"
    if not exe.exists():
        pytest.skip("console script not installed")
    bad = write(tmp_path, {"format": "forest-table/record", "version": 1, "game": "forestry",
                           "options": {"mode": "standard", "technology_side": "A"},
                           "players": "Pink"})
    proc = subprocess.run([str(exe), "score", bad], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "players: must be a list" in proc.stderr and "Traceback" not in proc.stderr
    ok = subprocess.run([str(exe), "score", str(EXAMPLE)], capture_output=True, text=True,
                        timeout=60)
    assert ok.returncode == 0 and "Winner: Pink" in ok.stdout


def test_every_legal_board_of_issue_11_is_scored(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Two thinning columns, a token below by choice (the 93-VP boards as issue 11 enters
    them), and an animal in the shelter of a player who is not the Animal Expert."""
    from tests.e2e.full_game_steps import example_93_variants

    assert main(["score", "--json", write(tmp_path, example_93_variants())]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["total"]) for p in out["players"]] == [
        ("Pink", 93), ("Blue", 91), ("Green", 79)]
    for advanced in (True, False):
        data = json.loads(json.dumps(GUARDIANS))
        data["options"]["advanced"] = advanced
        for p in data["players"]:
            p["ranger"] = p["ranger"] if advanced else None
        data["players"][1]["animals_in_shelter"] = 1  # Jack / a basic-game player
        assert main(["score", "--json", write(tmp_path, data, "g.json")]) == 0
        out = json.loads(capsys.readouterr().out)
        ken = out["players"][1]
        assert ken["details"]["animals_in_shelter"] == 1
        assert ken["details"]["shelter_scored"] is False


# --------------------------------------------------------------------------- issue 23

GOLDEN = ROOT / "tests" / "data" / "golden" / "cli_score.json"


def test_output_is_the_golden_transcript(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Text, ``--json``, invalid and missing records: stdout, stderr and exit status as
    ``forest-table score`` printed them before its start was made faster."""
    import os

    monkeypatch.chdir(ROOT)
    doc = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = []
    for case in doc["cases"]:
        rc = main(case["argv"])
        out = capsys.readouterr()
        got.append({**case, "exit": rc, "stdout": out.out, "stderr": out.err})
    if os.environ.get("UPDATE_GOLDEN") == "1":
        doc["cases"] = got
        GOLDEN.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for case, now in zip(doc["cases"], got, strict=True):
        assert (now["exit"], now["stdout"], now["stderr"]) == (
            case["exit"], case["stdout"], case["stderr"]), case["argv"]


def test_console_script_prints_the_golden_transcript() -> None:
    """The same through the process's own entry (``sys.argv``, the fast parser)."""
    exe = Path(sys.executable).parent / "forest-table"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "app.cli"]
    for case in json.loads(GOLDEN.read_text(encoding="utf-8"))["cases"][:3]:
        proc = subprocess.run([*command, *case["argv"]], capture_output=True, text=True,
                              cwd=ROOT, timeout=60)
        assert (proc.returncode, proc.stdout, proc.stderr) == (
            case["exit"], case["stdout"], case["stderr"]), case["argv"]


def _parsed(parser: Any, argv: list[str]) -> tuple[Any, str, str]:
    import argparse
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: Any = vars(parser.parse_args(argv))
        except SystemExit as exc:
            result = ("exit", exc.code)
    assert isinstance(parser, argparse.ArgumentParser)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", [
    ["score", "r.json"], ["score", "r.json", "--json"], ["score", "--json", "-"],
    ["score"], ["score", "--help"], ["score", "-h", "r.json"], ["score", "r.json", "extra"],
    ["score", "--bogus", "r.json"], ["score", "r.json", "--version"], ["score", "--", "-x"],
])
def test_score_parser_answers_as_the_whole_parser(monkeypatch: pytest.MonkeyPatch,
                                                  argv: list[str]) -> None:
    """``score ...`` is parsed by the score branch alone (no other command's helpers): its
    namespace, help, usage and errors are the whole parser's."""
    from app.cli import build_parser, score_parser

    monkeypatch.setenv("COLUMNS", "100")
    assert _parsed(score_parser(), argv) == _parsed(build_parser(full=()), argv)


def test_score_imports_only_scoring_and_the_english_reader(tmp_path: Path) -> None:
    """``forest-table score`` imports ``scoring`` (a Forestry record: not Forest Guardians'
    models), the CLI's own modules and ``app.l10n``'s reader: no other command's helpers, no
    Fluent runtime or babel, not the installed metadata for ``--version``."""
    incomplete = write(tmp_path, record(player("A", buildings={"forest": 4, "sawmill": []}),
                                        player("B")), "incomplete.json")
    bad = write(tmp_path, {"format": "forest-table/record", "version": 1, "game": "forestry",
                           "options": {"mode": "standard"}, "players": "Pink"}, "bad.json")
    code = (
        "import contextlib, io, sys\n"
        "from app.cli import main\n"
        "out, err = contextlib.redirect_stdout(io.StringIO()), "
        "contextlib.redirect_stderr(io.StringIO())\n"
        "with out, err:\n"
        f"    rcs = [main(['score', f]) for f in {[str(EXAMPLE), incomplete, bad]!r}]\n"
        f"    rcs.append(main(['score', {incomplete!r}, '--json']))\n"
        "print(repr(rcs))\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('app', 'fluent',\n"
        "    'babel', 'flet', 'sqlalchemy', 'sqlmodel', 'alembic', 'setup')\n"
        "    or m.startswith('scoring.guardians'))))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    rcs, modules = proc.stdout.splitlines()
    assert rcs == "[0, 0, 2, 0]", proc.stderr
    assert modules.split() == ["app", "app.bounds", "app.cli", "app.commands",
                               "app.commands.score", "app.l10n", "app.l10n.quick"]

"""``forest-table setup forestry``: checklist, --json, seeds, exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.l10n import english
from scoring.forestry.enums import Character, Mode
from setup.forestry.plan import ForestryOptions, deal

ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["setup", "forestry", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_checklist_is_numbered_and_names_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--players", "3", "--seed", "42")
    assert code == 0 and err == ""
    assert "Seed 42" in out
    assert "forest-table setup forestry --players 3 --seed 42" in out
    numbers = [int(m) for m in re.findall(r"^\s*(\d+)\. ", out, flags=re.M)]
    plan = deal(ForestryOptions(), 3, 42)
    assert numbers == list(range(1, len(plan.steps) + 1))
    for step in plan.steps:
        assert english(step.title) in out
    assert "Board" in out and "Players" in out


def test_no_seed_picks_one_and_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--players", "2")
    assert code == 0
    match = re.search(r"Seed (\d+) was picked at random", out)
    assert match
    seed = match.group(1)
    # the printed seed deals the same checklist again (apart from the "picked" line)
    code, again, _ = run_cli(capsys, "--players", "2", "--seed", seed)
    assert out.splitlines()[2:] == again.splitlines()[2:]


def test_no_seed_json_keeps_stdout_pure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "--players", "2", "--json")
    data = json.loads(out)
    assert code == 0 and f"seed {data['seed']}" in err


def test_same_seed_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--players", "4", "--seed", "9", "--mode", "advanced", "--infestation")
    assert run_cli(capsys, *args) == run_cli(capsys, *args)


def test_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "--players", "2", "--seed", "5", "--infestation", "--json")
    assert code == 0
    data = json.loads(out)
    want = deal(ForestryOptions(infestation=True), 2, 5).to_json(english)
    want["players"] = ["Player 1", "Player 2"]  # the names, as Forest Guardians' JSON
    assert data == want
    assert data["seed"] == 5 and data["players"] == ["Player 1", "Player 2"]
    assert data["options"]["infestation"] is True
    assert all({"id", "title", "detail"} <= set(s) for s in data["steps"])
    assert all(set(r) == {"card", "for"} for r in data["spawn_reveals"])
    fors = {r["for"] for r in data["spawn_reveals"]}
    assert fors <= {"sawmill", "harvest", "clearing", "river", "forester"}
    assert len(data["upgraded_sawmills"]) == 2 and len(data["removed_clearings"]) == 2
    assert len(data["meanders"]) == 1 and len(data["reservoirs"]) == 1
    assert len(data["harvested"]) == 3
    assert set(data["forester_tokens"]) == {"thinning", "den_tree", "painting"}
    assert sorted(data["hq"]["tiles"].values()) == [1, 2, 3]
    assert set(data["hq"]["tiles"]) == {"light_green", "dark_green", "orange"}
    assert len(data["round_tokens"]) == 10
    gf = data["growing_forward"]
    assert len(gf["detached_criteria"]) == 3 and 1 <= gf["infestation_card"] <= 3
    assert set(gf["location_tiles"]) == {"light_green", "dark_green", "orange"}


@pytest.mark.parametrize("players", ["1", "4"])
def test_json_lists_are_empty_without_neutral_colours(
    capsys: pytest.CaptureFixture[str], players: str
) -> None:
    _, out, _ = run_cli(capsys, "--players", players, "--seed", "1", "--json")
    data = json.loads(out)
    for key in ("upgraded_sawmills", "removed_clearings", "meanders", "reservoirs"):
        assert data[key] == []
    assert "growing_forward" not in data


def test_advanced_json_has_nine_round_tokens_and_characters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run_cli(
        capsys,
        *("--players", "3", "--seed", "2", "--mode", "advanced", "--json"),
        *("--character", "forest-road-manager", "--character", "Technician"),
    )
    data = json.loads(out)
    assert len(data["round_tokens"]) == 9
    assert data["characters"][:2] == ["forest_road_manager", "technician"]
    opts = ForestryOptions(
        mode=Mode.ADVANCED,
        characters=(Character.FOREST_ROAD_MANAGER, Character.TECHNICIAN),
    )
    want = deal(opts, 3, 2).to_json(english)
    want["players"] = ["Player 1", "Player 2", "Player 3"]
    assert data == want


@pytest.mark.parametrize(
    "argv, flag",
    [
        (("--players", "0"), "--players"),
        (("--players", "5"), "--players"),
        (("--players", "1", "--infestation"), "--infestation"),
        (("--players", "2", "--mode", "tutorial", "--technology-side", "A"), "--technology-side"),
        (("--players", "2", "--tutorial-table"), "--tutorial-table"),
        (("--players", "2", "--character", "technician"), "--character"),
        (("--players", "2", "--mode", "advanced", "--character", "wizard"), "--character"),
        (
            ("--players", "3", "--mode", "advanced", "--character", "technician")
            + ("--character", "technician"),
            "--character",
        ),
        (("--players", "2", "--seed", "-3"), "--seed"),
    ],
)
def test_invalid_combinations_exit_2_naming_the_option(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], flag: str
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert flag in err and "error" in err


def test_malformed_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["setup", "forestry", "--players", "two"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["setup", "forestry", "--players", "2", "--technology-side", "C"])
    assert info.value.code == 2


def test_cli_does_not_import_flet_or_sqlalchemy() -> None:
    code = (
        "import sys; from app.cli import main; "
        "rc = main(['setup', 'forestry', '--players', '2', '--seed', '1', '--json']); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'sqlalchemy', 'sqlmodel')]; "
        "sys.stderr.write(repr(bad)); sys.exit(rc or (3 if bad else 0))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
    json.loads(proc.stdout)


def test_advanced_with_the_tutorial_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(
        capsys, "--players", "2", "--seed", "3", "--mode", "advanced", "--tutorial-table"
    )
    assert code == 0 and "tutorial technology table" in out
    assert "--tutorial-table" in out  # in the command that deals it again


def test_both_setup_commands_have_one_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """--player NAME repeated, the same headline/again/players lines, players a list of names
    in both JSONs, the same error prefix (issue 15)."""
    outs = {}
    for game in ("forestry", "forest-guardians"):
        assert main(["setup", game, "--player", "Ｍｅｉ", "--player", "Ken", "--seed", "3"]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].endswith("Seed 3.") and out[1].startswith("(Deal this again with: ")
        assert f"forest-table setup {game} --player Mei --player Ken --seed 3" in out[1]
        assert out[2] == "Players (seat order): Mei, Ken"
        assert out[3] == "" and " 1. " in "\n".join(out[4:6])  # (Forestry: a section title)
        assert main(["setup", game, "--player", "Mei", "--player", "Ken", "--seed", "3",
                     "--json"]) == 0
        outs[game] = json.loads(capsys.readouterr().out)
        assert main(["setup", game, "--player", "Mei", "--player", "MEI"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"forest-table setup {game}: error: --player: ")
        assert main(["setup", game, "--players", "3", "--player", "Mei"]) == 2
        assert capsys.readouterr().err.startswith(f"forest-table setup {game}: error: --players")
    assert outs["forestry"]["players"] == outs["forest-guardians"]["players"] == ["Mei", "Ken"]
    assert {"game", "seed", "players", "options", "steps"} <= set(outs["forestry"]) \
        & set(outs["forest-guardians"])


@pytest.mark.parametrize("game", ["forestry", "forest-guardians"])
def test_piped_into_head_ends_quietly(game: str) -> None:
    proc = subprocess.run(f"{sys.executable} -m app.cli setup {game} --players 2 --seed 1 "
                          "| head -n 1", shell=True, cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0
    assert proc.stdout.count("\n") == 1
    assert "BrokenPipe" not in proc.stderr and "Traceback" not in proc.stderr

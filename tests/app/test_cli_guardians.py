"""``forest-table setup forest-guardians`` and ``forest-table score`` on Guardians records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "data" / "records"


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=60,
    )


# --------------------------------------------------------------------------- setup


def test_setup_checklist_two_players() -> None:
    r = cli("setup", "forest-guardians", "--players", "2", "--seed", "7")
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Seed 7." in out
    assert "1. 2 players: return components to the box" in out
    assert "4 regular high-altitude (I) terrain tiles" in out
    assert "all low-altitude (III) terrain tiles" in out
    assert "Common Pheasant" in out
    assert "9. Start player" in out


def test_setup_checklist_advanced_lists_rangers() -> None:
    r = cli("setup", "forest-guardians", "--players", "4", "--seed", "3", "--advanced")
    assert r.returncode == 0, r.stderr
    assert "side B" in r.stdout
    for name in ("Julia", "Jack", "Fluffy", "Bean"):
        assert name in r.stdout
    assert "Nothing is removed with 4 players" in r.stdout


def test_setup_json() -> None:
    r = cli("setup", "forest-guardians", "--players", "2", "--seed", "11", "--advanced", "--json")
    assert r.returncode == 0, r.stderr
    plan = json.loads(r.stdout)
    assert plan["seed"] == 11
    assert plan["players"] == ["Player 1", "Player 2"]
    assert plan["options"] == {"advanced": True}
    assert plan["steps"][0]["id"] == "two_player_removals"
    assert all({"id", "title", "detail"} <= set(s) for s in plan["steps"])
    assert {r["id"] for r in plan["removed"]} == {
        "high_altitude_tiles", "low_altitude_tiles", "common_pheasant_cards",
        "common_pheasant_tokens",
    }
    assert len(plan["rangers"]) == 2


def test_setup_same_seed_same_output() -> None:
    args = ("setup", "forest-guardians", "--players", "3", "--seed", "5", "--advanced", "--json")
    assert cli(*args).stdout == cli(*args).stdout


def test_setup_without_seed_picks_and_prints_one() -> None:
    r = cli("setup", "forest-guardians", "--players", "3")
    assert r.returncode == 0
    assert "was picked at random. Deal this again with" in r.stdout
    seed = int(r.stdout.split("Seed ")[1].split(".")[0])
    again = cli("setup", "forest-guardians", "--players", "3", "--seed", str(seed))
    assert again.stdout.splitlines()[2:] == r.stdout.splitlines()[2:]
    j = cli("setup", "forest-guardians", "--players", "3", "--json")
    assert isinstance(json.loads(j.stdout)["seed"], int)
    assert "pass --seed" in j.stderr


@pytest.mark.parametrize("n", ["0", "1", "5"])
def test_setup_bad_player_count_exits_2(n: str) -> None:
    r = cli("setup", "forest-guardians", "--players", n)
    assert r.returncode == 2
    assert "--players" in r.stderr and "2-4 players" in r.stderr
    assert "Traceback" not in r.stderr


def test_setup_imports_neither_flet_nor_sqlalchemy() -> None:
    code = (
        "import sys, io, contextlib\n"
        "from app.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    rc = main(['setup', 'forest-guardians', '--players', '2', '--seed', '1', '--json'])\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'sqlalchemy', 'sqlmodel')]\n"
        "print(rc, bad)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.stdout.strip() == "0 []", r.stderr


# --------------------------------------------------------------------------- score


def test_score_worked_example_json() -> None:
    r = cli("score", str(RECORDS / "guardians_basic_23.json"), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "forest-guardians" and out["complete"] is True
    mei = out["players"][0]
    assert mei["total"] == 23 and mei["rank"] == 1
    assert mei["categories"] == {"trees": 11, "animals": 9, "fires": 3, "ranger": 0}
    assert out["winners"] == ["Mei"]


def test_score_advanced_table() -> None:
    r = cli("score", str(RECORDS / "guardians_advanced.json"))
    assert r.returncode == 0, r.stderr
    assert "Forest Guardians" in r.stdout
    assert "26" in r.stdout and "Mei" in r.stdout


def test_score_tie_is_shared() -> None:
    r = cli("score", str(RECORDS / "guardians_tie.json"), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["winners"] == ["Mei", "Ken"]
    assert [p["rank"] for p in out["players"]] == [1, 1, 3]


def test_score_invalid_record_exits_2_naming_fields() -> None:
    r = cli("score", str(RECORDS / "guardians_invalid.json"))
    assert r.returncode == 2
    assert "players[0].fire_tokens" in r.stderr
    assert "players[1].ranger" in r.stderr
    assert "Traceback" not in r.stderr


def test_score_from_stdin() -> None:
    text = (RECORDS / "guardians_basic_23.json").read_text(encoding="utf-8")
    r = cli("score", "-", "--json", stdin=text)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["players"][0]["total"] == 23


def test_setup_chosen_rangers_are_kept_and_the_rest_dealt() -> None:
    r = cli("setup", "forest-guardians", "--players", "3", "--seed", "4", "--advanced",
            "--ranger", "1=julia", "--ranger", "3=jack", "--json")
    assert r.returncode == 0, r.stderr
    rangers = {d["player"]: (d["ranger"], d["chosen"]) for d in json.loads(r.stdout)["rangers"]}
    assert rangers["Player 1"] == ("julia", True)
    assert rangers["Player 3"] == ("jack", True)
    assert rangers["Player 2"][0] in {"fluffy", "bean"} and rangers["Player 2"][1] is False


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--players", "2", "--ranger", "1=julia"], "advanced game"),
        (["--players", "2", "--advanced", "--ranger", "3=julia"], "--ranger"),
        (["--players", "2", "--advanced", "--ranger", "julia"], "--ranger"),
        (["--players", "2", "--advanced", "--ranger", "1=zorro"], "'zorro' is not a ranger"),
        (["--players", "2", "--advanced", "--ranger", "1=jack", "--ranger", "2=jack"],
         "chosen twice"),
    ],
)
def test_setup_bad_ranger_choice_exits_2(args: list[str], named: str) -> None:
    r = cli("setup", "forest-guardians", *args)
    assert r.returncode == 2
    assert named in r.stderr
    assert "Traceback" not in r.stderr

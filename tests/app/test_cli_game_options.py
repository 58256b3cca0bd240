"""A game's options spelt alike on every verb (issue 31, item 5): ``setup GAME`` and
``tables new GAME`` take ``--mode advanced``, ``--infestation``, ``--advanced``,
``--role SEAT=ROLE`` (from the game's option specs), and the older spellings
(``--option KEY=VALUE``, ``--character NAME``, ``--ranger SEAT=RANGER``) still give the same
result; a bad value names its flag, exit 2; ``--help`` lists them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.cli import build_parser, main
from app.store.facade import Store
from app.table.hub import TableHub


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "tables.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    return path


def setup(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["setup", *args])
    out, err = capsys.readouterr()
    return code, out, err


def table(db: Path, capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """The state of the table ``tables new ARGS`` made (its snapshot JSON)."""
    assert main(["tables", "new", *args, "--json"]) == 0, capsys.readouterr().err
    made = json.loads(capsys.readouterr().out)
    state = TableHub(Store.open(f"sqlite:///{db}")).snapshot(made["table"]).state
    return state.to_json()  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- setup GAME

@pytest.mark.parametrize(("game", "old", "new"), [
    ("forestry", ["--mode", "advanced", "--character", "forest-road-manager",
                  "--character", "Technician"],
     ["--mode", "advanced", "--role", "1=forest_road_manager", "--role", "2=technician"]),
    ("forestry", ["--mode", "advanced", "--role", "1=forest_worker", "--character",
                  "technician"],
     ["--mode", "advanced", "--role", "1=forest_worker", "--role", "2=technician"]),
    ("forest-guardians", ["--advanced", "--ranger", "1=julia", "--ranger", "3=jack"],
     ["--advanced", "--role", "3=jack", "--role", "1=julia"]),
])
def test_setup_old_spelling_deals_what_the_new_one_deals(
        capsys: pytest.CaptureFixture[str], game: str, old: list[str], new: list[str]) -> None:
    """The same checklist (its "deal this again" line in the one spelling) and JSON."""
    base = [game, "--players", "3", "--seed", "11"]
    code, old_text, err = setup(capsys, *base, *old)
    assert code == 0, err
    code, new_text, err = setup(capsys, *base, *new)
    assert code == 0, err
    assert old_text == new_text
    again = old_text.splitlines()[1]
    assert "--character" not in again and "--ranger" not in again
    assert "--role 1=" in again and ("--role 3=jack" in again or "--role 2=technician" in again)
    assert setup(capsys, *base, *old, "--json")[1] == setup(capsys, *base, *new, "--json")[1]


def test_setup_dealt_again_from_its_own_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The "deal this again" line, run, deals the same checklist."""
    code, out, _ = setup(capsys, "forestry", "--players", "2", "--seed", "5", "--mode",
                         "advanced", "--technology-side", "a", "--infestation",
                         "--character", "technician")
    assert code == 0
    line = out.splitlines()[1]
    again = line.removeprefix("(Deal this again with: forest-table setup ").rstrip(")")
    assert again == ("forestry --players 2 --seed 5 --mode advanced --technology-side A "
                     "--infestation --role 1=technician")
    assert setup(capsys, *again.split())[1] == out


@pytest.mark.parametrize(("game", "args", "flag"), [
    ("forestry", ["--mode", "hard"], "--mode"),
    ("forestry", ["--technology-side", "C"], "--technology-side"),
    ("forest-guardians", ["--mode", "advanced"], "--mode"),  # not this game's option
])
def test_setup_bad_option_value_exits_2_naming_the_flag(
        capsys: pytest.CaptureFixture[str], game: str, args: list[str], flag: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(["setup", game, "--players", "2", *args])
    assert info.value.code == 2
    assert flag in capsys.readouterr().err


@pytest.mark.parametrize(("game", "args", "flag", "said"), [
    ("forestry", ["--mode", "advanced", "--role", "3=technician"], "--role",
     "SEAT from 1 to 2"),
    ("forestry", ["--mode", "advanced", "--role", "1=wizard"], "--role", "'wizard'"),
    ("forestry", ["--mode", "advanced", "--character", "wizard"], "--character", "'wizard'"),
    ("forestry", ["--mode", "advanced", "--role", "technician"], "--role", "SEAT=VALUE"),
    ("forestry", ["--mode", "advanced", "--character", "technician", "--character",
                  "forest_worker", "--character", "forest_ecologist"], "--character",
     "no seat is left for 'forest_ecologist'"),
    ("forestry", ["--mode", "advanced", "--role", "1=technician", "--role", "1=forest_worker"],
     "--role #1", "seat 1 is given twice"),
    ("forestry", ["--role", "1=technician"], "--role", "advanced game"),
    ("forest-guardians", ["--advanced", "--ranger", "julia"], "--ranger", "SEAT=VALUE"),
    ("forest-guardians", ["--advanced", "--role", "1=zorro"], "--role",
     "'zorro' is not a ranger"),
])
def test_setup_bad_role_exits_2_naming_the_flag_as_typed(
        capsys: pytest.CaptureFixture[str], game: str, args: list[str], flag: str,
        said: str) -> None:
    code, out, err = setup(capsys, game, "--players", "2", *args)
    assert code == 2 and out == ""
    assert err.startswith(f"forest-table setup {game}: error: {flag}: "), err
    assert said in err, err


# --------------------------------------------------------------------------- tables new

@pytest.mark.parametrize(("game", "roles", "old", "new"), [
    ("forestry", ["--role", "2=technician"],
     ["--option", "mode=advanced", "--option", "infestation=yes",
      "--option", "technology-side=b", "--option", "asymmetric=no"],
     ["--mode", "advanced", "--infestation", "--technology-side", "b"]),
    ("forestry", [], ["--option", "mode=tutorial"], ["--mode", "TUTORIAL"]),
    ("forest-guardians", ["--role", "2=julia"], ["--option", "advanced=yes"], ["--advanced"]),
])
def test_tables_new_old_spelling_makes_the_table_the_new_one_makes(
        db: Path, capsys: pytest.CaptureFixture[str], game: str, roles: list[str],
        old: list[str], new: list[str]) -> None:
    base = [game, "--player", "Mei", "--player", "Ken", "--seed", "7"]
    made = table(db, capsys, *base, *roles, *old)
    assert made == table(db, capsys, *base, *roles, *new)
    assert made["record"]["options"] != table(db, capsys, *base)["record"]["options"]  # used


def test_tables_new_in_play_with_either_spelling_of_the_harvesters(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["forestry", "--player", "Mei", "--player", "Ken", "--seed", "5", "--in-play"]
    old = table(db, capsys, *base, "--option", "harvesters=4,9")
    new = table(db, capsys, *base, "--harvesters", "4,9")
    assert old["table"]["harvesters"] == new["table"]["harvesters"] == [4, 9]


@pytest.mark.parametrize(("args", "flag", "said"), [
    (["forest-guardians", "--mode", "advanced"], "--mode",
     "Forest Guardians has no option 'mode' (its options: advanced)"),
    (["forest-guardians", "--infestation"], "--infestation", "has no option 'infestation'"),
    (["forest-guardians", "--harvesters", "1,2"], "--harvesters", "has no option"),
    (["forestry", "--tutorial-table"], "--tutorial-table", "advanced game"),
    (["forestry", "--mode", "advanced", "--option", "mode=standard"], "--option mode",
     "mode is given twice"),
    (["forestry", "--mode", "advanced", "--role", "3=technician"], "--role",
     "SEAT from 1 to 2"),
    (["forestry", "--mode", "hard"], "--mode",
     "mode is one of tutorial, standard, advanced (got 'hard')"),
    (["forestry", "--technology-side", "C"], "--technology-side", "(got 'C')"),
])
def test_tables_new_bad_option_names_the_flag_as_typed_and_creates_nothing(
        db: Path, capsys: pytest.CaptureFixture[str], args: list[str], flag: str,
        said: str) -> None:
    assert main(["tables", "new", *args[:1], "--player", "Mei", "--player", "Ken",
                 *args[1:]]) == 2
    err = capsys.readouterr().err
    assert f"forest-table tables new: error: {flag}: " in err, err
    assert said in err, err
    assert not db.exists()


def test_tables_new_says_every_problem_at_once_in_the_catalogue_s_language(
        db: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A bad choice is checked with the other problems (not by argparse alone): every line
    names its flag, in Japanese when the locale is; nothing is created."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["tables", "new", "forestry", "--player", "Mei", "--player", "mei",
                 "--mode", "hard", "--seed", "x"]) == 2
    err = capsys.readouterr().err
    for flag in ("--player #2", "--mode", "--seed"):
        assert f"forest-table tables new：エラー：{flag}：" in err, err
    assert "「hard」" in err and err.rstrip().endswith("何も作成していません。")
    assert not db.exists()


# --------------------------------------------------------------------------- help

def _help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          *argv: str) -> str:
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as info:
        main([*argv, "--help"])
    assert info.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def test_help_lists_each_option_in_its_one_spelling(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    forestry = _help(capsys, monkeypatch, "setup", "forestry")
    assert "--mode {tutorial,standard,advanced} the game mode (default standard)" in forestry
    assert "--infestation Growing Forward infestation" in forestry
    assert "--role SEAT=CHARACTER a role a player chooses, e.g. 1=trade_specialist" in forestry
    assert "--character CHARACTER the older spelling of --role" in forestry
    guardians = _help(capsys, monkeypatch, "setup", "forest-guardians")
    assert "--advanced the advanced game (rangers, ranger board side B)" in guardians
    assert "--role SEAT=RANGER" in guardians and "rangers: julia, jack, fluffy, bean" in guardians
    assert "--ranger SEAT=RANGER the older spelling of --role" in guardians
    new = _help(capsys, monkeypatch, "tables", "new")
    assert "--mode {tutorial,standard,advanced} the game mode (default standard) (Forestry)" \
        in new
    assert "--advanced the advanced game (rangers, ranger board side B) (Forest Guardians)" \
        in new
    assert "--harvesters VALUE a play option of Forestry, with --in-play" in new
    assert "characters (Forestry): trade_specialist" in new
    assert "rangers (Forest Guardians): julia" in new
    assert "--option KEY=VALUE the older spelling of a game's option" in new
    assert "Forestry's and Forest Guardians' options: spelt alike on `setup GAME` and " \
        "`tables new GAME`; each says whose it is" in new
    assert "Forestry's options: spelt alike on `setup GAME` and `tables new GAME`" in forestry


def test_the_completion_table_offers_the_one_spelling_on_both_verbs() -> None:
    from app.commands.completion import _table

    words, values = _table(build_parser())
    for path in ("forest-table setup forestry", "forest-table tables new"):
        assert {"--mode", "--technology-side", "--infestation", "--role"} <= set(words[path])
        assert words[f"{path} --mode"] == ["tutorial", "standard", "advanced"]
        assert f"{path} --role" in values
    assert {"--advanced", "--role", "--ranger"} <= set(words["forest-table setup forest-guardians"])
    assert {"--advanced", "--harvesters", "--option"} <= set(words["forest-table tables new"])

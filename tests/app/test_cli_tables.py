"""``forest-table tables new|list|sheet`` through ``app.cli.main`` (a temp SQLite file).

The links printed open their seat (``hub.access`` of the printed token), the table is the
one the new-game form would make (same checks, same ``GameSession.create``), every bad
option or name is one line naming its flag, exit 2, and the database stays as it was.
"""

from __future__ import annotations

import base64
import json
import sqlite3
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from app.store.facade import Store
from app.table.hub import TableHub
from app.table.links import join_url, qr_png, terminal_qr
from app.table.rights import HOST, SEAT


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    path = tmp_path / "tables.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    return path


def new(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["tables", "new", *args, "--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def token(url: str) -> str:
    return url.rsplit("/join/", 1)[1]


def hub(db: Path) -> TableHub:
    return TableHub(Store.open(f"sqlite:///{db}"))


def dump(db: Path) -> list[str] | None:
    """Every row of the database (None: there is no database file)."""
    if not db.exists():
        return None
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


# --------------------------------------------------------------------------- tables new


def test_new_prints_the_links_as_json_and_each_opens_its_seat(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = new(capsys, "forestry", "--player", "Mei", "--player", "Ken", "--player", "Ana",
              "--port", "9123")
    assert set(out) == {"table", "host", "seats", "status", "version"}
    assert isinstance(out["table"], int) and (out["status"], out["version"]) == ("setup", 1)
    assert [set(s) for s in out["seats"]] == [{"name", "url"}] * 3
    assert [s["name"] for s in out["seats"]] == ["Mei", "Ken", "Ana"]
    base = join_url(None, 9123)  # the LAN address serve prints
    for url in [out["host"], *(s["url"] for s in out["seats"])]:
        assert url.startswith(base + "join/") and len(token(url)) == 32
    h = hub(db)
    host = h.access(token(out["host"]))
    assert host is not None and (host.role, host.game_id, host.seat) == (HOST, out["table"], None)
    for seat, s in enumerate(out["seats"], 1):
        access = h.access(token(s["url"]))
        assert access is not None
        assert (access.role, access.game_id, access.seat) == (SEAT, out["table"], seat)
    assert h.names(out["table"]) == ("Mei", "Ken", "Ana")
    assert h.snapshot(out["table"]).state.status == "setup"


def test_a_running_server_s_hub_opens_a_table_made_after_it_started(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tables new`` while ``serve`` runs on the database: its hub (which resumed the open
    tables at start) lets the new links in and loads the new table when asked."""
    new(capsys, "forestry", "--player", "Mei", "--player", "Ken")
    running = hub(db)
    assert len(running.resume()) == 1
    later = new(capsys, "forest-guardians", "--player", "Ana", "--player", "Bo")
    access = running.access(token(later["seats"][1]["url"]))
    assert access is not None and (access.game_id, access.seat) == (later["table"], 2)
    _sub, snap = running.subscribe(later["table"], token(later["seats"][1]["url"]),
                                   lambda snapshot: None)
    assert snap.state.game == "forest-guardians" and running.names(later["table"]) == (
        "Ana", "Bo")


def test_new_makes_the_table_the_new_game_form_makes(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Same names, options, colours, roles, seed and first player through the form and
    services.create_table: the same dealt state."""
    from app.i18n import Translator
    from app.ui.kit.services import Services
    from app.ui.new_game.presenter import NewGamePresenter

    out = new(capsys, "forestry", "--player", "Mei", "--player", "Ken", "--seed", "4242",
              "--option", "mode=advanced", "--option", "infestation=yes",
              "--option", "technology-side=b", "--role", "2=technician",
              "--colour", "1=green", "--first-player", "ken")
    cli_state = hub(db).snapshot(out["table"]).state

    p = NewGamePresenter(Translator("en").t)
    p.set_count(2)
    p.set_name(0, "Mei")
    p.set_name(1, "Ken")
    p.form.set_mode("advanced")
    p.form.set_toggle("infestation", True)
    p.form.set_tech_side("B")
    p.set_role(1, "technician")
    p.set_colour(0, "green")
    p.set_seed_text("4242")
    request = p.submit()
    assert request is not None, p.errors
    services = Services(Store.open("sqlite://"))
    game_id, _ = services.create_table(request, first_player=1)
    form_state = services.hub().snapshot(game_id).state  # type: ignore[union-attr]
    assert cli_state.to_json() == form_state.to_json()
    assert [(s.name, s.colour, s.character) for s in cli_state.players] == [
        ("Mei", "green", cli_state.players[0].character), ("Ken", "red", "technician")]
    # a colour chosen for a seat comes from whoever had it, as on the form
    swapped = new(capsys, "forestry", "--player", "Mei", "--player", "Ken", "--colour",
                  "2=blue")
    assert [s.colour for s in hub(db).snapshot(swapped["table"]).state.players] == [
        "red", "blue"]
    assert cli_state.first_player == 1 and cli_state.seed == 4242


def test_new_forest_guardians_with_a_ranger(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = new(capsys, "forest-guardians", "--player", "Mei", "--player", "Ken",
              "--option", "advanced=yes", "--role", "2=julia")
    state = hub(db).snapshot(out["table"]).state
    assert state.game == "forest-guardians" and state.players[1].character == "julia"
    assert state.players[0].character not in (None, "julia")  # dealt


def test_new_text_has_each_link_with_its_qr_code(db: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "new", "forestry", "--player", "Mei", "--player", "Ken",
                 "--seed", "7", "--base-url", "http://tables.example:8080/"]) == 0
    text = capsys.readouterr().out
    links = [line.strip() for line in text.splitlines() if "/join/" in line]
    assert len(links) == 3
    assert all(link.startswith("http://tables.example:8080/join/") for link in links)
    for link in links:  # the QR code right under its link
        assert f"  {link}\n{terminal_qr(link)}" in text
    assert text.index("Host link") < text.index("Mei (seat 1):") < text.index("Ken (seat 2):")
    assert "Forestry, 2 players, seed 7" in text
    assert "forest-table serve runs on this database" in text
    assert "new ones are issued" in text


def test_new_in_japanese(db: Path, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert main(["tables", "new", "forestry", "--player", "Mei", "--player", "Ken"]) == 0
    text = capsys.readouterr().out
    assert "フォレストリー" in text and "ホスト用リンク" in text and "Mei（1番手）" in text
    assert main(["tables", "new", "forestry", "--player", "Mei", "--player", "mei"]) == 2
    err = capsys.readouterr().err
    assert "エラー" in err and "プレイヤー1と同じ名前です" in err and "何も作成していません" in err


# --------------------------------------------------------------------------- bad input

BAD = [
    (["forestry", "--player", "Mei", "--player", "mei"], "--player #2",
     "The same name as player 1"),
    (["forestry", "--player", "Mei", "--player", "  "], "--player #2",
     "Every player needs a name"),
    (["forestry", "--player", "Mei", "--player", "K\u202een"], "--player #2",
     "cannot contain the invisible or control character U+202E"),
    (["forestry", "--player", "M" * 41], "--player #1", "at most 40 characters"),
    (["forestry", *[a for n in "ABCDE" for a in ("--player", n)]], "--player",
     "Forestry is for 1–4 players (got 5)"),
    (["forestry"], "--player", "Forestry is for 1–4 players (got 0)"),
    (["forest-guardians", "--player", "Mei"], "--player",
     "Forest Guardians is for 2–4 players (got 1)"),
    (["chess", "--player", "Mei"], "GAME", "one of forestry, forest-guardians (got 'chess')"),
    (["forestry", "--player", "Mei", "--option", "speed=fast"], "--option speed",
     "Forestry has no option 'speed' (its options: mode, technology_side, tutorial_table, "
     "infestation, asymmetric)"),
    (["forest-guardians", "--player", "A", "--player", "B", "--option", "mode=advanced"],
     "--option mode", "Forest Guardians has no option 'mode' (its options: advanced)"),
    (["forestry", "--player", "Mei", "--option", "mode=hard"], "--option mode",
     "mode is one of tutorial, standard, advanced (got 'hard')"),
    (["forestry", "--player", "Mei", "--option", "asymmetric=maybe"], "--option asymmetric",
     "asymmetric is yes or no (got 'maybe')"),
    (["forestry", "--player", "Mei", "--option", "mode=standard", "--option", "mode=advanced"],
     "--option mode", "mode is given twice"),
    (["forestry", "--player", "Mei", "--option", "advanced"], "--option",
     "an option is KEY=VALUE (got 'advanced')"),
    (["forestry", "--player", "Mei", "--option", "infestation=yes"], "--option infestation",
     "infestation module cannot be played solo"),
    (["forestry", "--player", "A", "--player", "B", "--option", "tutorial_table=yes"],
     "--option tutorial_table", "advanced game"),
    (["forestry", "--player", "A", "--player", "B", "--role", "1=technician"], "--role #1",
     "With these options no player chooses a character"),
    (["forestry", "--player", "A", "--player", "B", "--option", "mode=advanced",
      "--role", "1=wizard"], "--role #1", "'wizard' is not a character of this game"),
    (["forest-guardians", "--player", "A", "--player", "B", "--option", "advanced=yes",
      "--role", "1=julia", "--role", "2=julia"], "--role #2",
     "Player 1 already has this ranger"),
    (["forestry", "--player", "A", "--player", "B", "--role", "3=technician"], "--role",
     "expected SEAT=VALUE with SEAT from 1 to 2 (got '3=technician')"),
    (["forestry", "--player", "A", "--player", "B", "--colour", "1=pink"], "--colour #1",
     "'pink' is not one of the colours (blue, red, yellow, purple, green, black)"),
    (["forestry", "--player", "A", "--player", "B", "--colour", "1=red", "--colour", "2=red"],
     "--colour #2", "The same colour as player 1"),
    (["forestry", "--player", "A", "--player", "B", "--colour", "2=red", "--colour", "2=green"],
     "--colour #2", "seat 2 is given twice"),
    (["forestry", "--player", "A", "--player", "B", "--first-player", "3"], "--first-player",
     "a seat from 1 to 2 or a player's name (got '3')"),
    (["forestry", "--player", "A", "--player", "B", "--first-player", "Zed"], "--first-player",
     "a seat from 1 to 2 or a player's name (got 'Zed')"),
    (["forestry", "--player", "A", "--seed", "-1"], "--seed",
     "a seed is a whole number written with the digits 0 to 9"),
    (["forestry", "--player", "A", "--seed", str(2**63)], "--seed", "a seed is at most"),
    (["forestry", "--player", "A", "--base-url", "ftp://tables.example"], "--base-url",
     "not an address links can start with"),
    (["forestry", "--player", "A", "--base-url", "http://tables.example/forest"], "--base-url",
     "not an address links can start with"),
    (["forestry", "--player", "A", "--base-url", "http://:8080"], "--base-url",
     "not an address links can start with"),
    (["forestry", "--player", "A", "--base-url", "http://x.example", "--port", "9000"],
     "--port", "give the port in --base-url"),
]


# --------------------------------------------------------------------------- --in-play


def test_in_play_deals_places_the_harvesters_and_begins_the_first_turn(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: a table prepared in play: the setup dealt from its seed (the same as the
    form's), each harvester on its space as a tap puts it, the first turn begun."""
    out = new(capsys, "forestry", "--player", "Mei", "--player", "Ken", "--player", "Ana",
              "--seed", "5", "--in-play", "--option", "harvesters=4,9,13")
    assert out["status"] == "playing" and out["version"] == 5  # create, 3 harvesters, start
    state = hub(db).snapshot(out["table"]).state
    assert state.status == "playing" and state.seed == 5
    assert state.table.harvesters == (4, 9, 13)  # type: ignore[attr-defined]
    assert state.table.turn == 0 and state.table.current == 0  # type: ignore[attr-defined]
    # the same deal as without --in-play (a table in setup from the same seed)
    setup = new(capsys, "forestry", "--player", "Mei", "--player", "Ken", "--player", "Ana",
                "--seed", "5")
    dealt = hub(db).snapshot(setup["table"]).state
    assert setup["status"] == "setup" and dealt.boards == state.boards
    assert dealt.table.forest.round_tokens == state.table.forest.round_tokens  # type: ignore[attr-defined]
    log = Store.open(f"sqlite:///{db}").load_log(game_id=out["table"])
    assert [e.kind for e in log] == ["create", "set_harvester", "set_harvester",
                                     "set_harvester", "start_game"]


def test_in_play_forest_guardians_begins_without_play_options(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = new(capsys, "forest-guardians", "--player", "Mei", "--player", "Ken", "--in-play")
    assert out["status"] == "playing"
    assert hub(db).snapshot(out["table"]).state.status == "playing"


@pytest.mark.parametrize(("args", "flag", "said"), [
    (["--in-play"], "--harvesters", "2 numbers in seat order (for example harvesters=1,2)"),
    (["--in-play", "--option", "harvesters=3"], "--option harvesters",
     "2 numbers in seat order"),
    (["--in-play", "--option", "harvesters=3,x"], "--option harvesters",
     "2 numbers in seat order"),
    (["--in-play", "--option", "harvesters=3,3"], "--option harvesters",
     "space 3 already holds a harvester"),
    (["--in-play", "--harvesters", "3,3"], "--harvesters", "space 3 already holds a harvester"),
    (["--in-play", "--option", "harvesters=3,16"], "--option harvesters", "1–15"),
    (["--option", "harvesters=3,4"], "--option harvesters", "give it with --in-play"),
    (["--harvesters", "3,4"], "--harvesters", "give it with --in-play"),
])
def test_in_play_bad_harvesters_are_refused_as_a_tap_would_be_and_nothing_created(
        db: Path, capsys: pytest.CaptureFixture[str], args: list[str], flag: str,
        said: str) -> None:
    """Each problem names the flag as typed: ``--harvesters`` (the one spelling, also when
    none is given) or ``--option harvesters`` (the older one)."""
    assert main(["tables", "new", "forestry", "--player", "Mei", "--player", "Ken",
                 *args]) == 2
    err = capsys.readouterr().err
    assert f"forest-table tables new: error: {flag}: " in err, err
    assert said in err, err
    assert err.rstrip().endswith("Nothing was created.")
    assert dump(db) is None


@pytest.mark.parametrize("args, flag, said", BAD, ids=[f"{b[1]}:{b[2][:30]}" for b in BAD])
def test_bad_input_is_said_with_its_flag_exit_2_and_nothing_created(
        db: Path, capsys: pytest.CaptureFixture[str], args: list[str], flag: str,
        said: str) -> None:
    assert main(["tables", "new", *args]) == 2
    err = capsys.readouterr().err
    assert f"forest-table tables new: error: {flag}: " in err
    assert said in err
    assert err.rstrip().endswith("Nothing was created.")
    assert "Traceback" not in err
    assert dump(db) is None  # not even an empty database


def test_bad_input_leaves_an_existing_database_as_it_was(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    new(capsys, "forestry", "--player", "Mei", "--player", "Ken")
    before = dump(db)
    assert before is not None
    for args, _flag, _said in BAD:
        assert main(["tables", "new", *args]) == 2
    capsys.readouterr()
    assert dump(db) == before
    assert main(["tables", "list", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1


def test_every_problem_is_said_at_once(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "new", "forestry", "--player", "Mei", "--player", "mei",
                 "--player", "", "--option", "mode=hard", "--seed", "x"]) == 2
    err = capsys.readouterr().err
    for flag in ("--player #2", "--player #3", "--option mode", "--seed"):
        assert f"error: {flag}: " in err


def test_the_form_refuses_what_the_command_line_refuses() -> None:
    """The same checks (app.game.new_game) behind both: a ranger taken twice, a colour
    that is not one, a name twice."""
    from app.i18n import Translator
    from app.ui.new_game.presenter import NewGamePresenter

    p = NewGamePresenter(Translator("en").t)
    p.set_game("forest-guardians")
    p.set_count(2)
    p.set_name(0, "Mei")
    p.set_name(1, "Ken")
    p.form.set_toggle("advanced", True)
    p.set_role(0, "julia")
    p.set_role(1, "julia")  # a client can send a taken ranger: the view only greys it
    assert p.submit() is None
    assert p.errors["players[1].name"] == "Player 1 already has this ranger"
    p.set_role(1, "dealt")
    p.players[1].colour = "pink"  # a client's own protocol message, past set_colour
    assert p.submit() is None
    assert "'pink' is not one of the colours" in p.errors["players[1].name"]
    p.players[1].colour = "red"
    p.set_colour(1, "pink")  # set_colour keeps to the colours
    assert p.players[1].colour == "red"
    assert p.submit() is not None


# --------------------------------------------------------------------------- tables list


def test_list(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "list"]) == 0
    assert capsys.readouterr().out == "No open tables.\n"
    one = new(capsys, "forestry", "--player", "Mei", "--player", "Ken")
    two = new(capsys, "forest-guardians", "--player", "Ana", "--player", "Bo")
    h = hub(db)
    from app.games.forestry.commands import SetHarvester

    answer = h.submit(one["table"], token(one["host"]),
                      SetHarvester(version=1, player=0, space=1))
    assert type(answer).__name__ == "Accepted"
    assert main(["tables", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["table"] for r in rows] == [one["table"], two["table"]]  # last changed first
    assert set(rows[0]) == {"table", "game", "players", "created", "updated", "version",
                            "status"}
    assert (rows[0]["game"], rows[0]["players"], rows[0]["version"], rows[0]["status"]) == (
        "forestry", ["Mei", "Ken"], 2, "setup")
    assert (rows[1]["game"], rows[1]["players"], rows[1]["version"]) == (
        "forest-guardians", ["Ana", "Bo"], 1)
    assert rows[1]["created"].endswith("+00:00")
    assert main(["tables", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["table", "game", "players", "created", "updated", "version",
                                "status"]
    assert lines[2].split()[0] == str(one["table"]) and "Mei, Ken" in lines[2]
    assert "Forest Guardians" in lines[3] and lines[3].rstrip().endswith("1  setup")


# --------------------------------------------------------------------------- tables sheet


class Sheet(HTMLParser):
    """The seats of a sheet: (table, seat, name, link, png) each, and what else it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.seats: list[dict[str, Any]] = []
        self.tags: list[str] = []
        self.sources: list[str] = []
        self.lang = ""
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        for key in ("src", "href"):
            if a.get(key):
                self.sources.append(str(a[key]))
        if tag == "html":
            self.lang = str(a.get("lang"))
        if tag == "figure":
            self.seats.append({"table": int(str(a["data-table"])),
                               "seat": int(str(a["data-seat"])), "img": [], "name": "",
                               "link": ""})
        elif tag == "img" and self.seats:
            self.seats[-1]["img"].append(str(a["src"]))
        elif tag == "strong" or tag == "code":
            self._in = tag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "strong":
            self.seats[-1]["name"] += data
        elif self._in == "code":
            self.seats[-1]["link"] += data


def test_sheet_has_one_qr_code_per_seat_of_every_open_table(
        db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = new(capsys, "forestry", "--player", "Mei", "--player", "Ken", "--player", "Ana")
    two = new(capsys, "forest-guardians", "--player", "Bo", "--player", "Kai")
    page = tmp_path / "sheet.html"
    assert main(["tables", "sheet", "--html", str(page), "--base-url",
                 "https://tables.example"]) == 0
    said = capsys.readouterr().out
    assert f"Wrote {page}: 2 open tables, 5 seat QR codes." in said
    assert "new ones are issued" in said
    sheet = Sheet()
    sheet.feed(page.read_text(encoding="utf-8"))
    assert sheet.lang == "en"
    assert not {"script", "link", "iframe", "object"} & set(sheet.tags)
    assert all(src.startswith("data:image/png;base64,") for src in sheet.sources)
    assert [(s["table"], s["seat"]) for s in sheet.seats] == [
        (one["table"], 1), (one["table"], 2), (one["table"], 3),
        (two["table"], 1), (two["table"], 2)]
    h = hub(db)
    names = ["Mei", "Ken", "Ana", "Bo", "Kai"]
    for s, name in zip(sheet.seats, names, strict=True):
        assert len(s["img"]) == 1
        assert s["name"] == f"{name} (seat {s['seat']})"
        assert s["link"].startswith("https://tables.example/join/")
        png = base64.b64decode(s["img"][0].split(",", 1)[1])
        assert png == qr_png(s["link"])  # the code holds the link printed under it
        access = h.access(token(s["link"]))
        assert access is not None
        assert (access.role, access.game_id, access.seat) == (SEAT, s["table"], s["seat"])
    # the links shown before stay valid (only hashes are kept: showing issues new ones)
    for s in [*one["seats"], *two["seats"]]:
        assert h.access(token(s["url"])) is not None
    assert {token(s["url"]) for s in one["seats"]}.isdisjoint(
        {token(s["link"]) for s in sheet.seats})
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="table"') == 2 and "break-after: page" in text
    assert page.stat().st_mode & 0o077 == 0  # it holds seat links: private, like the data


def test_sheet_in_japanese_and_empty(db: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    page = tmp_path / "empty.html"
    assert main(["tables", "sheet", "--html", str(page)]) == 0
    capsys.readouterr()
    sheet = Sheet()
    sheet.feed(page.read_text(encoding="utf-8"))
    assert sheet.lang == "ja" and sheet.seats == []
    assert "進行中のテーブルはありません" in page.read_text(encoding="utf-8")
    new(capsys, "forestry", "--player", "Mei")
    assert main(["tables", "sheet", "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "<title>Forest Table：席のQRコード</title>" in text and "Mei（1番手）" in text


def test_sheet_to_a_folder_that_cannot_take_it(db: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "sheet", "--html", str(tmp_path / "missing" / "s.html")]) == 1
    err = capsys.readouterr().err
    assert "error: --html: cannot write" in err and "Traceback" not in err


# --------------------------------------------------------------------------- the database fails


@pytest.mark.parametrize("verb", [
    ["new", "forestry", "--player", "Mei", "--player", "Ken"],
    ["list"],
    ["sheet", "--html", "SHEET"],
])
def test_a_database_that_fails_is_one_line_naming_database_url_without_its_password(
        verb: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each verb, its database unreachable (a PostgreSQL server that is not there): exit 1,
    one line on stderr naming the verb and DATABASE_URL, the password masked, no traceback,
    and the sheet's page not written."""
    monkeypatch.setenv("DATABASE_URL",
                       "postgresql+psycopg://ft:s3cret@127.0.0.1:1/forest_table?connect_timeout=2")
    sheet = tmp_path / "sheet.html"
    args = [str(sheet) if a == "SHEET" else a for a in verb]
    assert main(["tables", *args]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"forest-table tables {verb[0]}:") and "DATABASE_URL" in lines[0]
    assert "s3cret" not in err and "Traceback" not in err
    assert not sheet.exists() and not list(tmp_path.iterdir())

"""The play-along words (issue 12): every code in both catalogues, the quick reference,
the forest map's taps, banners and the log of who changed what."""

from __future__ import annotations

import re
from typing import Any

import pytest

from app import l10n
from app import session as S
from app.game.commands import StartGame
from app.game.errors import AlreadyDone
from app.game.registry import owner_of
from app.game.rules import initial_state
from app.games.forestry.commands import (
    EndTurn,
    PlaceForester,
    RemoveInfestedWood,
    RevealRoundToken,
    SetCount,
    SetForesterToken,
    SetHarvester,
    SetInfestedWood,
)
from app.games.forestry.table import ForestryTable
from app.games.forestry.ui import forest_map as FM
from app.games.forestry.ui.lines import LineLabel
from app.store.facade import Store
from app.ui.setup.presenter import SetupLabel
from app.ui.sheet import play as PP
from scoring.cite import Source
from scoring.forestry.reference import RefCode, forestry_reference
from scoring.guardians.reference import (
    QUICK_REFERENCE_CODES,
    GuardiansRefCode,
    guardians_reference_lines,
)
from setup.forestry.play import PlayCode

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CODES = [*PlayCode, *PP.PlayLabel, *FM.MapLabel, *LineLabel, *SetupLabel, *RefCode,
         *GuardiansRefCode,
         *(code for enum in QUICK_REFERENCE_CODES for code in enum)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_play_code_has_a_message_in_both_catalogues(lang: str) -> None:
    missing = [c.value for c in CODES if not l10n.has(lang, c.value)]
    assert not missing, missing


def test_the_quick_reference_cites_the_sources_and_renders_in_both_languages() -> None:
    lines = forestry_reference()
    assert {line.section.value for line in lines} == {"turn", "free", "actions", "hq", "end"}
    for line in lines:
        assert line.source and {c.source for c in line.source} <= {Source.S000, Source.S001,
                                                                   Source.S002}, line
        for lang in ("en", "ja"):
            assert not l10n.errors(lang, line.message), (lang, line)
        assert JAPANESE.search(l10n.render("ja", line.message))
    said = " ".join(l10n.render("en", line.message) for line in lines)
    assert "buy 1 AP for 4 coins" in said and "Up to 2 times" in said  # 002 free action 3
    assert "3 action points" in said and "not in the sources" in said
    for line in guardians_reference_lines():
        assert {c.source for c in line.source} == {Source.S003}
        for lang in ("en", "ja"):
            assert not l10n.errors(lang, line.message), (lang, line)
    rows = [l10n.render("en", line.message) for line in guardians_reference_lines()
            if line.message.code == GuardiansRefCode.ROW]
    assert rows == ["Top row: terrain I; cost 1 resource card of any type.",
                    "Middle row: terrain I / II; cost 2 resource cards of one type.",
                    "Bottom row: terrain II / III; cost 3 resource cards of one type."]


def _game(store: Store, **options: Any) -> S.GameSession:
    s = S.GameSession.create(store, game="forestry", players=["Mei", "Bo"], seed=5,
                             options=options)
    forest = s.state.table.forest  # type: ignore[union-attr]
    free = [sp for sp in range(1, 16) if forest.forester_at(sp) is None]
    s.apply(SetHarvester(version=s.version, player=0, space=free[0]))
    s.apply(SetHarvester(version=s.version, player=1, space=free[1]))
    s.apply(StartGame(version=s.version))
    return s


def test_map_taps_per_mode() -> None:
    store = Store.open("sqlite://")
    s = _game(store, infestation=True)
    state = s.state
    table = state.table
    assert isinstance(table, ForestryTable)
    token = table.forest.foresters[0]
    other = table.harvesters[1]
    assert other is not None
    assert FM.map_command(state, "harvester", 0, other) is None  # one harvester per space
    move = FM.map_command(state, "harvester", 0, token.space)
    assert isinstance(move, SetHarvester) and move.space == token.space
    tend = FM.map_command(state, "act", 0, token.space)
    assert isinstance(tend, PlaceForester) and tend.space == token.space \
        and tend.type == token.kind.value
    add = FM.map_command(state, "infested", 0, token.space)
    assert isinstance(add, SetInfestedWood)
    s.apply(SetInfestedWood(version=s.version, space=token.space))
    # infested wood on the space is harvested first (001)
    take = FM.map_command(s.state, "act", 0, token.space)
    assert isinstance(take, RemoveInfestedWood) and take.player == 0
    fix = FM.map_command(s.state, token.kind.value, 0, token.space)
    assert isinstance(fix, SetForesterToken) and fix.space is None
    assert "infested" in FM.modes(s.state)
    assert "infested" not in FM.modes(_game(store).state)
    tiles = FM.map_tiles(s.state, "harvester", None)
    assert len(tiles) == 15 and all(t.command is None for t in tiles)  # nobody to act for
    label = FM.tile_label("en", tiles[token.space - 1])
    assert "infested wood" in label and "forester token" in label


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_map_space_says_its_token_in_full_words_and_cuts_only_a_long_name(lang: str) -> None:
    """A space draws its forester token as an icon, and its label names it in full words (it
    showed "Thin", "Den", "Paint" before issue 33); its harvester's name is cut with "…" only
    when long."""
    def tile(forester: str | None, *names: str) -> FM.MapTile:
        return FM.MapTile(3, names, forester, False, False, False, None)

    full = {"en": ("thinning", "den tree", "painting"), "ja": ("間伐", "巣穴の木", "塗装")}[lang]
    for kind, word in zip(("thinning", "den_tree", "painting"), full, strict=True):
        assert word in FM.tile_label(lang, tile(kind))
    assert FM.tile_name(tile(None, "Mei")) == "Mei"
    assert FM.tile_name(tile(None, "Annika")) == "Annika"
    assert FM.tile_name(tile(None, "Bartholomew", "Mei")) == "Barth…"
    assert FM.tile_name(tile("den_tree")) is None


def test_the_honeycomb_holds_fifteen_spaces_apart() -> None:
    """Every space has its own hex inside the map, none overlapping another (schematic,
    reading order: each row left to right, rows top to bottom)."""
    centres = [FM.hex_centre(s) for s in range(1, 16)]
    for i, (x, y) in enumerate(centres):
        assert FM.HEX_WIDTH / 2 <= x <= FM.MAP_WIDTH - FM.HEX_WIDTH / 2
        assert FM.HEX_RADIUS <= y <= FM.MAP_HEIGHT - FM.HEX_RADIUS + 1e-9
        for x2, y2 in centres[i + 1:]:
            assert ((x - x2) ** 2 + (y - y2) ** 2) ** 0.5 >= FM.HEX_WIDTH - 1e-6
            assert (y2, x2) > (y, x)  # reading order
    with pytest.raises(ValueError):
        FM.hex_centre(16)


def test_banner_and_log_lines_in_both_languages() -> None:
    store = Store.open("sqlite://")
    s = _game(store, infestation=True)
    token = s.state.table.forest.foresters[0]  # type: ignore[union-attr]
    s.apply(PlaceForester(version=s.version, player=0, type=token.kind.value,
                            space=token.space), by=0)
    s.apply(SetCount(version=s.version, player=0, field="score_track", value=5), by=0)
    snap = s.apply(EndTurn(version=s.version), by=0)
    for lang in ("en", "ja"):
        view = PP.banner_view(lang, snap.messages, ["Mei", "Bo"], "forestry")
        assert view is not None
        banner = view.lines
        assert len(banner) == 2, banner  # one short line per draw: the spawn, the forester
        assert len(view.why) == 2 and len(view.spaces) == 2  # each skip rule once
        assert all("→" in line for line in banner)
        if lang == "ja":
            assert all(JAPANESE.search(line) for line in (*banner, *view.why))
        lines = PP.change_lines(lang, snap)
        assert lines[0].startswith("Mei")
        assert all("{" not in line for line in lines)
    en = PP.banner_view("en", snap.messages, ["Mei", "Bo"], "forestry")
    assert en is not None and "after 15 comes 1" in " ".join(en.why)
    assert "after 15" not in " ".join(en.lines)  # the rule is behind "why", not per line
    log = PP.change_lines("en", snap)
    assert log[0] == "Mei: ending a turn"
    assert log[2].startswith("Mei: tending the forest for Mei,") and str(token.space) in log[2]
    assert log[-1].startswith("host: ")  # the setup changes were the host's


def test_already_done_and_undo_refusals_in_words() -> None:
    store = Store.open("sqlite://")
    s = _game(store)
    v = s.version
    s.apply(RevealRoundToken(version=v), by=0)
    with pytest.raises(AlreadyDone) as err:
        s.apply(RevealRoundToken(version=v), by=1)
    for lang in ("en", "ja"):
        text = PP.refusal_line(lang, err.value.msg, ["Mei", "Bo"])
        assert "{" not in text and ("Already done" in text or JAPANESE.search(text))


def test_the_setup_walkthrough_takes_the_first_player_and_the_infestation_card() -> None:
    from app.i18n import Translator
    from app.ui.new_game.presenter import DealRequest, PlayerEntry
    from app.ui.setup.presenter import SetupPresenter
    from setup.forestry.plan import ForestryOptions

    players = tuple(PlayerEntry(n, c) for n, c in (("Mei", "pink"), ("Ken", "blue"),
                                                    ("Aki", "green")))
    request = DealRequest("forestry", players, ForestryOptions(infestation=True), 5)
    p = SetupPresenter(Translator("en").t, request)
    coins = next(c for c in p.cards() if c.id.endswith(".resources"))
    assert "Mei 3 · Ken 4 · Aki 4" in coins.big[0]
    p.set_first_player(2)
    coins = next(c for c in p.cards() if c.id.endswith(".resources"))
    assert "Aki 3 · Mei 4 · Ken 4" in coins.big[0]  # 002: seat order from the first player
    p.set_first_player(7)  # not a player: ignored
    assert p.first_player == 2
    for space in (4, 9, 4, 12):
        p.toggle_infested(space)
    assert p.infested == {9, 12}
    state = initial_state("forestry", request.options, [e.name for e in players], 5,
                            first_player=p.first_player, infested=p.infested)
    assert state.table.first_player == 2  # type: ignore[union-attr]
    assert state.table.forest.infested == {9, 12}  # type: ignore[union-attr]
    p.deal_again(lambda: 6)
    assert p.infested == set() and p.first_player == 2  # a new card may be dealt




def _every_command() -> Any:
    """Every game's command classes by name (the registry has imported every game)."""
    from types import SimpleNamespace

    from app.game.commands import COMMANDS
    from app.game.registry import VARIANTS

    assert VARIANTS
    return SimpleNamespace(**{cls.__name__: cls for cls in COMMANDS.values()})


def _places() -> list[tuple[Any, tuple[str, ...], tuple[str, ...]]]:
    C = _every_command()  # noqa: N806 - read as a module of commands
    v = 1
    return [
        (C.PlaceForester(version=v, player=0, type="thinning", column=1, space=7),
         ("space 7", "column 2"), ("マス7", "2列目")),
        (C.SetColumn(version=v, player=0, column=2, type="den_tree", count=3),
         ("column 3", "× 3"), ("3列目", "× 3")),
        (C.RemoveColumn(version=v, player=0, column=0), ("column 1",), ("1列目",)),
        (C.PlantSeedling(version=v, player=0, area="dark_green"), ("dark green",), ("濃い緑",)),
        (C.UpgradeSawmill(version=v, player=0, area="orange"), ("orange",), ("オレンジ",)),
        (C.AddContract(version=v, player=0, categories=("furniture", "building")),
         ("Furniture", "Building"), ("家具", "建築")),
        (C.RemoveContract(version=v, player=0, index=1), ("contract 2",), ("契約2",)),
        (C.ChooseContractCategory(version=v, player=0, index=0, chosen="accessory"),
         ("contract 1", "Accessory"), ("契約1", "アクセサリー")),
        (C.AddRiverToken(version=v, player=0, symbol="seedling_pair"), ("Two seedlings",),
         ("苗木2つ",)),
        (C.RemoveRiverToken(version=v, player=0, symbol="furniture"), ("Furniture",),
         ("家具",)),
        (C.RemoveTaskCard(version=v, player=0, index=2), ("task card 3",), ("タスクカード3",)),
        (C.SetTaskMet(version=v, player=0, index=0, met=True), ("task card 1", "met"),
         ("タスクカード1", "達成")),
        (C.SetDetachedWood(version=v, storage=1, value=4), ("detached storage 2", "4"),
         ("分離ストレージ2", "4")),
        (C.SetGuardians(version=v, player=0, field="fire_tokens", value=2),
         ("Fire tokens", "2"), ("火事トークン", "2")),
        (C.SetGuardians(version=v, player=0, field="tree_points", value=(2, 0, 1)),
         ("Tree rows", "2, 0, 1"), ("木の列", "2、0、1")),
        (C.TriggerGameEnd(version=v, player=0, trigger="last_tile_drawn"),
         ("the last terrain tile drawn",), ("最後の地形タイル",)),
        (C.SetForesterToken(version=v, type="painting", space=None), ("off the map",),
         ("マップから外す",)),
        (C.SetHarvester(version=v, player=1, space=9), ("space 9",), ("マス9",)),
        (C.SetInfestedWood(version=v, space=4), ("space 4",), ("マス4",)),
        (C.SetCount(version=v, player=0, field="resources.coins", value=5), ("Coins = 5",),
         ("コイン = 5",)),
        (C.AdjustCount(version=v, player=0, field="storage.wood", delta=-1),
         ("Wood in storage -1",), ("-1",)),
        (C.RemoveInfestedWood(version=v, space=6, player=0), ("space 6",), ("マス6",)),
        (C.SetHarvestToken(version=v, space=11, harvested=True), ("space 11",), ("マス11",)),
    ]


@pytest.mark.parametrize("case", range(23))
def test_every_change_log_line_names_its_place(case: int) -> None:
    """Issue 22: "correcting a forester token, thinning on " lost its space; a forestry
    table column, a card, an area, a river token, a detached storage or a Forest Guardians
    value was not named at all, and an area showed as its code ("light_green")."""
    command, en, ja = _places()[case]
    payload = {k: v for k, v in command.payload().items() if k != "version"}
    change = S.Change(seq=1, by=1, kind=command.kind, data=payload)
    names = ["Pink", "Blue"]
    owner = owner_of(command)
    assert owner is not None
    english = PP.change_line("en", change, names, owner.game)
    japanese = PP.change_line("ja", change, names, owner.game)
    assert all(word in english for word in en), english
    assert all(word in japanese for word in ja), japanese
    latin = set(re.findall(r"[A-Za-z]+", japanese)) - {"Pink", "Blue"}
    assert not latin, japanese
    assert "_" not in english and "{" not in english + japanese, (english, japanese)


def test_the_place_cases_cover_every_placed_command() -> None:
    """Every command with a place in its fields is in the cases above."""
    import dataclasses

    placed = {"space", "column", "index", "area", "symbol", "categories", "storage",
              "trigger", "field"}
    kinds = {cls.kind for cls in vars(_every_command()).values()
             if dataclasses.is_dataclass(cls)
             and placed & {f.name for f in dataclasses.fields(cls)}}
    covered = {command.kind for command, _en, _ja in _places()}
    assert kinds <= covered, kinds - covered
    assert len(_places()) == 23

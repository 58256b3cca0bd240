"""The Japanese UI shows dealers' steps, session messages and scoring notes in Japanese."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fontTools import ttLib as ttlib

from app.game.commands import StartGame
from app.game.errors import DomainError
from app.games.forestry.commands import (
    AddScore,
    EndTurn,
    PlaceForester,
    PlantSeedling,
    RemoveContract,
    RemoveInfestedWood,
    RemoveTaskCard,
    ReplenishForesters,
    RevealRoundToken,
    SetCount,
    SetDetachedWood,
    SetHarvester,
    SetHarvestToken,
    TakeRewardLap,
)
from app.games.guardians.commands import TriggerGameEnd
from app.i18n import Translator
from app.l10n import sentences
from app.ui.new_game.presenter import DealRequest, PlayerEntry
from app.ui.setup.presenter import SetupPresenter
from setup.forestry.plan import ForestryOptions
from setup.guardians.plan import GuardiansOptions

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ja = Translator("ja").t
en = Translator("en").t


def _players(*names: str) -> tuple[PlayerEntry, ...]:
    colours = ("blue", "red", "yellow", "purple")
    return tuple(PlayerEntry(name=n, colour=c) for n, c in zip(names, colours, strict=False))


def test_setup_cards_in_japanese_carry_the_dealt_values() -> None:
    request = DealRequest("forestry", _players("Mei", "Ken", "Aki"), ForestryOptions(), 5)
    s = SetupPresenter(ja, request, lang="ja")
    cards = {c.id: c for c in s.cards()}
    sawmills = cards["board.5.sawmills"]
    (n,) = s.plan.upgraded_sawmills
    assert sawmills.title == "製材所の建物"
    assert f"製材所の建物{n}" in sawmills.detail
    for card in cards.values():
        assert JAPANESE.search(card.title) and JAPANESE.search(card.detail), card.id
    english = {c.id: c for c in SetupPresenter(en, request).cards()}
    assert english["board.5.sawmills"].detail == sentences("en", s.plan.steps[4].detail)


def test_guardians_setup_cards_in_japanese() -> None:
    request = DealRequest("forest-guardians", _players("Mei", "Ken"), GuardiansOptions(), 3)
    s = SetupPresenter(ja, request, lang="ja")
    first = s.cards()[0]
    assert first.id == "two_player_removals" and len(first.big) == 4
    assert all(JAPANESE.search(line) for line in first.big)
    assert "箱に戻します" in first.detail


# --------------------------------------------------------------------------- session messages

LATIN = re.compile(r"[A-Za-z]{2,}")


def _collect(s: Any, cls: type[Any], out: list[Any], **kw: Any) -> Any:
    snap = s.apply(cls(version=s.version, **kw))
    out.extend((s.state.game, m) for m in snap.messages)
    return snap


def _played_messages(store: Any) -> list[tuple[str, Any]]:
    """Messages of every kind the session emits, from real commands, with their game."""
    from app import session as S

    out: list[Any] = []
    s = S.GameSession.create(store, game="forestry", players=["Pink", "Blue", "Green"],
                             options={"mode": "standard", "infestation": True}, seed=7)
    table = s.state.table
    token = table.forest.foresters[0]
    _collect(s, SetHarvester, out, player=0, space=token.space)
    free = [sp for sp in range(1, 16) if table.forest.forester_at(sp) is None]
    _collect(s, SetHarvester, out, player=1, space=free[0])
    _collect(s, SetHarvester, out, player=2, space=free[1])
    _collect(s, PlaceForester, out, player=0, type=token.kind.value)
    _collect(s, ReplenishForesters, out)
    for _ in range(3):
        for area in ("light_green", "dark_green", "orange"):
            _collect(s, PlantSeedling, out, player=1, area=area)
    _collect(s, PlantSeedling, out, player=1, area="orange")  # below the table
    _collect(s, TakeRewardLap, out, player=2)
    _collect(s, AddScore, out, player=2, delta=12)  # infested wood (at the end of the turn)
    _collect(s, StartGame, out)
    _collect(s, EndTurn, out)
    while not s.state.table.final_turns:
        _collect(s, RevealRoundToken, out)
    out.extend(("forestry", m) for m in s.undo(s.version).messages)
    out.extend(("forestry", m) for m in s.redo(s.version).messages)

    w = S.GameSession.create(store, game="forestry", seed=3,
                             players=[{"name": "Ann", "character": "forest_worker"}, "Bo"],
                             options={"mode": "advanced", "infestation": True})
    worker = 0
    for area in ("light_green", "dark_green", "orange"):
        _collect(w, PlantSeedling, out, player=worker, area=area)

    for trigger, names in (("last_tree_planted", ["Mei", "Ken", "Aki"]),
                           ("last_tile_drawn", ["Mei", "Ken"])):
        g = S.GameSession.create(store, game="forest-guardians", players=names, seed=1)
        _collect(g, TriggerGameEnd, out, player=0, trigger=trigger)
    return out


#: Every message kind the session emits (what ``_played_messages`` plays through).
EMITTED_KINDS = {"ForesterPlaced", "SeedlingPlanted", "BelowTable", "RowCompleted",
                 "TechnologyUpgrade", "WaterStep", "RewardLap", "Notice", "replenish_foresters",
                 "spawn_infested_wood", "reveal_round_token", "round_token", "game_end", "undo",
                 "redo"}


def test_every_message_kind_the_session_emits_renders_in_japanese(store: Any) -> None:
    from app.game.registry import variant
    from app.l10n import errors, render
    from app.ui.sheet.presenter import message_text as text_of
    from setup.forestry.play import PlayCode

    played = _played_messages(store)
    # the play-along kinds (codes) are rendered by the catalogues: tests/app/test_l10n_play.py
    coded = [(g, m) for g, m in played if m.kind in set(PlayCode)]
    played = [(g, m) for g, m in played if m.kind not in set(PlayCode)]
    assert {m.kind for _g, m in coded} >= {PlayCode.TURN_ENDED, PlayCode.FLIP_HARVEST}
    for game, m in coded:
        assert JAPANESE.search(text_of(m, ja, game)), m
    kinds = {m.kind for _g, m in played}
    assert kinds == EMITTED_KINDS, EMITTED_KINDS ^ kinds
    for game, m in played:
        def message_text(m: Any, t: Any, game: str = game) -> str:
            return text_of(m, t, game)

        said = variant(game).event_msg(m.kind, m.data)
        assert said is not None, (m.kind, m.data)
        assert not errors("ja", said) and not errors("en", said), (m.kind, said)
        text = render("ja", said)
        assert JAPANESE.search(text), text
        names = {"Pink", "Blue", "Green", "Ann", "Bo", "Mei", "Ken", "Aki"}
        assert not set(LATIN.findall(text)) - names, text
        if m.kind in ("replenish_foresters", "spawn_infested_wood", "reveal_round_token",
                      "undo", "redo"):
            # the sheet says draws with their skip rule, from the catalogues (app.ui.sheet.play)
            assert JAPANESE.search(message_text(m, ja)) and str(m.data.get("round", "")) in \
                message_text(m, ja)
        else:
            assert message_text(m, ja) == text
            english = message_text(m, en)
            assert set(re.findall(r"\d+", english)) <= set(re.findall(r"\d+", text)) | {"1"}, (
                english, text)
        assert not JAPANESE.search(message_text(m, en))  # English stays English


def test_known_messages_in_japanese() -> None:
    from app.game.registry import VARIANTS
    from app.l10n import render

    def ja_of(kind: str, data: dict[str, Any]) -> str | None:
        said = next((x for v in VARIANTS.values() if (x := v.event_msg(kind, data))), None)
        return None if said is None else render("ja", said)

    assert ja_of("ForesterPlaced", {"type": "den_tree", "column": 0, "row": 2}) == (
        "巣穴の木の林業家トークンを林業テーブルの1列目・2行目に置きました。")
    assert ja_of("undo", {"command": "plant_seedling"}) == "取り消しました：苗木の植林"
    placements = [{"token": "painting", "card": 6, "space": 7, "skipped": [6], "trigger": None}]
    assert ja_of("replenish_foresters", {"placements": placements, "reshuffled": False}) == (
        "林業家トークンを補充：カード6：塗装をスペース7へ（埋まっている6は飛ばしました）")
    assert ja_of("undo", {}) is None  # an old message without its data: the caller shows its text
    assert ja_of("info", {}) is None


def test_refusals_in_japanese_keep_their_values(store: Any) -> None:
    from app import session as S
    from app.l10n import errors, refusal

    s = S.GameSession.create(store, game="forestry", players=["Pink", "Blue"], seed=7,
                             options={"mode": "standard"})
    refusals = []
    for cls, kw in (
        (RevealRoundToken, {}),
        (StartGame, {}),
        (ReplenishForesters, {}),
        (SetCount, {"player": 0, "field": "coins", "value": -1}),
        (SetCount, {"player": 0, "field": "score_track", "value": 999}),
        (RemoveContract, {"player": 0, "index": 0}),
        (RemoveTaskCard, {"player": 0, "index": 0}),
        (SetDetachedWood, {"storage": 0, "value": 1}),
        (SetHarvestToken, {"space": 99, "harvested": True}),
        (RemoveInfestedWood, {"space": 3, "player": 0}),
    ):
        try:
            s.apply(cls(version=s.version, **kw))
        except DomainError as err:
            refusals.append(err)
    assert len(refusals) == 10
    for err in refusals:
        assert not errors("ja", err.msg) and not errors("en", err.msg), err
        english, said = refusal("en", err), refusal("ja", err)
        assert JAPANESE.search(said) and not JAPANESE.search(english), (english, said)
        assert set(re.findall(r"\d+", english)) <= set(re.findall(r"\d+", said)), (english, said)
    from scoring.forestry import board as B
    from scoring.message import msg

    between = DomainError(B.BoardCode.MUST_BE_BETWEEN_AND, field="x", low=0, high=200,
                            value=999)
    assert refusal("ja", between) == "0〜200の範囲で入力してください（999）。"
    holds = DomainError(B.BoardCode.THIS_COLUMN_HOLDS_TOKENS_NOT, field="x",
                          holds=msg("label-den_tree"), wanted=msg("label-thinning"))
    assert refusal("ja", holds) == "この列は巣穴の木の列で、間伐ではありません。"
    assert refusal("en", holds) == "this column holds den tree tokens, not thinning"


def test_the_bundled_font_has_every_message_character(store: Any) -> None:
    from app.l10n import all_text
    from app.ui.sheet.presenter import message_text

    font = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansJP-Subset.otf"
    cmap = ttlib.TTFont(str(font)).getBestCmap()
    text = "".join(message_text(m, ja, game) for game, m in _played_messages(store))
    text += all_text()
    missing = sorted({c for c in text if ord(c) >= 0x20 and ord(c) not in cmap})
    assert not missing, "".join(missing)


# --------------------------------------------------------------------------- scoreboard


def test_scoreboard_notes_and_needs_in_japanese() -> None:
    from app.ui.sheet.presenter import scoreboard
    from scoring.forestry.record import parse_forestry
    from scoring.forestry.score import score_forestry
    from tests.scoring.test_forestry_support import player, record

    ann = player("Ann", score_track=11, buildings={"forest": 4, "sawmill": []},
                 reforestation_table={"light_green": 1, "dark_green": 0, "orange": 0})
    sheet = score_forestry(parse_forestry(record(ann, player("Ben", score_track=11),
                                                 printed={"tasks_vp": {"0": 0}})))
    board_ja = scoreboard(sheet, ja)
    board_en = scoreboard(sheet, en)
    assert board_ja is not None and board_en is not None
    from app.l10n import render

    assert board_en.notes == tuple(render("en", n) for n in sheet.notes)
    assert board_ja.notes == tuple(render("ja", n) for n in sheet.notes)
    assert [n.ask for n in board_en.needs] == [render("en", n.ask) for n in sheet.needs]
    need = board_ja.needs[0]
    assert need.ask == render("ja", sheet.needs[0].ask) and "建物トラック" in need.ask
    assert (need.table, need.key) == (sheet.needs[0].table, sheet.needs[0].key)
    assert all(JAPANESE.search(n) for n in board_ja.notes)

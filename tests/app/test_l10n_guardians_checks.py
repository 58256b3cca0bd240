"""Forest Guardians' planting check and game-end status in the phone's language (gl10n).

``scoring.guardians.checks`` says why a planting is refused and where the game
stands as codes with values; the catalogues word them. English keeps today's
meaning (the words the rule tests asserted before), Japanese has no English
left (only player and tile names and the printed Roman numerals); the
reference screen, a game end at a Japanese table and an old saved game (its
snapshot still holding the English sentence older versions stored) show them.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app import l10n
from app.game.messages import Message
from app.games.guardians.commands import TriggerGameEnd
from app.i18n import Translator
from app.session import GameSession
from app.ui.sheet.play import message_lines
from scoring.guardians.checks import GameEndCode, Tile, Turn, check_planting, game_end_status
from scoring.guardians.rules import Altitude, Ranger, TileKind, TreeRow, TreeSpecies

HIGH, MED, LOW = Altitude.HIGH, Altitude.MEDIUM, Altitude.LOW
#: Latin letters a Japanese line may show: the names used here and the printed numerals.
NAMES = ("Mei", "Ken", "Aki", "Alishan", "A", "B", "C", "D")
LATIN = re.compile(r"[A-Za-z]+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def latin_words(text: str) -> set[str]:
    return {w for w in LATIN.findall(text) if w not in {*NAMES, "I", "II", "III"}}


def regular(alt: Altitude, **kw: Any) -> Tile:
    return Tile(TileKind.REGULAR, alt, **kw)


calo = TreeSpecies.CALOCEDRUS_FORMOSANA
shared = regular(MED, planted_by=frozenset({"Ken"}))
#: Every outcome of the check, with the words its English must keep (today's meaning).
OUTCOMES = {
    "row-altitude": (check_planting("Mei", TreeRow.BOTTOM, regular(HIGH)), (
        "A bottom-row tree grows only on terrain II or III; this high altitude (I) tile is not.",)),
    "allowed": (check_planting("Mei", TreeRow.TOP, regular(HIGH)),
                ("Allowed; pay 1 resource card of any type.",)),
    "allowed-shared": (check_planting("Mei", TreeRow.MIDDLE, shared), (
        "Allowed; pay 3 resource cards of one type (incl. 1 for sharing the tile).",)),
    "already-planted": (check_planting("Mei", TreeRow.MIDDLE,
                                       regular(MED, planted_by=frozenset({"Mei"}))),
                        ("One tree per player per tile: Mei already planted on this medium "
                         "altitude (II) tile.",)),
    "fire": (check_planting("Mei", TreeRow.MIDDLE, regular(MED, fire=True)),
             ("fire token on this medium altitude (II) tile", "put it out")),
    "starting": (check_planting("Mei", TreeRow.TOP, Tile(TileKind.STARTING, None)),
                 ("only on regular terrain tiles, not on the starting tile",)),
    "lake": (check_planting("Mei", TreeRow.MIDDLE, Tile(TileKind.LAKE, MED)),
             ("special tile", "is a lake")),
    "mountain": (check_planting("Ken", TreeRow.TOP, Tile(TileKind.MOUNTAIN, HIGH, name="Alishan"),
                                ranger=Ranger.JACK, species=calo),
                 ("Mountain Protector (Fluffy)", "Alishan is a mountain", "special tile")),
    "mountain-spruce": (check_planting("Mei", TreeRow.TOP, Tile(TileKind.MOUNTAIN, HIGH),
                                       ranger=Ranger.FLUFFY, species=TreeSpecies.TAIWAN_SPRUCE),
                        ("only Calocedrus Formosana on a mountain, not a Taiwan Spruce",)),
    "mountain-unknown": (check_planting("Mei", TreeRow.TOP, Tile(TileKind.MOUNTAIN, HIGH),
                                        ranger=Ranger.FLUFFY), ("say which species",)),
    "paid-count": (check_planting("Mei", TreeRow.MIDDLE, shared, paid=["wood"] * 2), (
        "This planting costs 3 resource cards of one type (incl. 1 for sharing the tile); "
        "2 offered.",)),
    "paid-types": (check_planting("Mei", TreeRow.MIDDLE, shared, paid=["wood", "wood", "water"]),
                   ("the cards offered are of different types",)),
    "three-reasons": (check_planting("Mei", TreeRow.TOP,
                                     regular(LOW, fire=True, planted_by=frozenset({"Mei"}))),
                      ("fire token", "Mei already planted",
                       "A top-row tree grows only on terrain I;")),
}


@pytest.mark.parametrize("case", sorted(OUTCOMES))
def test_every_planting_outcome_in_english_and_japanese(case: str) -> None:
    check, english_words = OUTCOMES[case]
    said = [check.message, *check.reasons]
    if check.cost is not None:
        said.append(check.cost.message)
    for m in said:
        for lang in ("en", "ja"):
            assert not l10n.errors(lang, m), (lang, m)
            assert l10n.render(lang, m) != m.code
    en = l10n.render("en", check.message)
    for words in english_words:
        assert words in en, (case, en)
    ja = l10n.render("ja", check.message)
    assert JAPANESE.search(ja) and not latin_words(ja), (case, ja)
    if not check.allowed:  # the verdict is each reason, one after the other
        assert ja == "".join(l10n.render("ja", r) for r in check.reasons)


def test_the_japanese_words_of_the_check() -> None:
    """Terms the Japanese catalogue uses elsewhere (高地（I）, 下段, 資源カード, 火災トークン,
    山の守り手, タイワンショウナンボク), and the cost with its sharing part."""
    def ja(key: str) -> str:
        return l10n.render("ja", OUTCOMES[key][0].message)

    assert ja("row-altitude") == (
        "下段の木は地形IIまたはIIIにしか植えられません。この高地（I）の地形タイルには植えられません。")
    assert ja("allowed-shared") == (
        "植えられます：同じ種類の資源カード3枚（うちタイルの共有分1枚）を支払います。")
    assert "火災トークン" in ja("fire") and "スタートタイル" in ja("starting")
    assert "山の守り手（フラッフィー）" in ja("mountain") and "Alishanは山です" in ja("mountain")
    assert "ニイタカトウヒ" in ja("mountain-spruce") and "出されたのは2枚" in ja("paid-count")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(list(TreeRow)), st.sampled_from(list(TileKind)),
       st.sampled_from(list(Altitude)), st.booleans(),
       st.frozensets(st.sampled_from(["Mei", "Ken"])), st.sampled_from([None, *Ranger]),
       st.sampled_from([None, *TreeSpecies]), st.sampled_from([None, "Alishan"]),
       st.sampled_from([None, ["wood"], ["wood", "water"], ["wood"] * 3]))
def test_any_check_reads_in_both_languages(row: TreeRow, kind: TileKind, alt: Altitude,
                                           fire: bool, planted: frozenset[str],
                                           ranger: Ranger | None, species: TreeSpecies | None,
                                           name: str | None, paid: list[str] | None) -> None:
    tile = Tile(kind, None if kind is TileKind.STARTING else alt, fire, planted, name)
    check = check_planting("Mei", row, tile, ranger=ranger, species=species, paid=paid)
    assert check.allowed == (not check.reasons)
    for lang in ("en", "ja"):
        assert not l10n.errors(lang, check.message)
    assert not latin_words(l10n.render("ja", check.message))


# --------------------------------------------------------------------------- game end

SEATS = ["A", "B", "C", "D"]
#: Turns, then the English status (today's sentences, word for word) and words of the Japanese.
STATUSES = [
    ([Turn("A"), Turn("B")], "No end condition yet: play on.", "まだ"),
    ([Turn("A"), Turn("B", planted_last_tree=True)],
     "B planted their last tree: every other player takes one more turn. "
     "Still to play: C, D, A.", "残りの手番：C、D、A。"),
    ([Turn("A"), Turn("B", planted_last_tree=True), Turn("C"), Turn("D"), Turn("A")],
     "B planted their last tree: every other player takes one more turn. "
     "The game is over after A's turn: score it.", "Aの手番のあとでゲーム終了です"),
    ([Turn("A"), Turn("B", drew_last_tile=True)],
     "B drew the last terrain tile: the game ends after that turn. "
     "The game is over after B's turn: score it.", "Bが最後の地形タイルを引きました"),
    ([Turn("A", planted_last_tree=True), Turn("B", drew_last_tile=True)],
     "A planted their last tree: every other player takes one more turn. "
     "B then drew the last terrain tile, which ends the game at once. "
     "The game is over after B's turn: score it.", "そのあとBが最後の地形タイルを引いた"),
]


@pytest.mark.parametrize(("turns", "english", "japanese"), STATUSES)
def test_the_game_end_status_in_english_and_japanese(turns: list[Turn], english: str,
                                                     japanese: str) -> None:
    status = game_end_status(SEATS, turns)
    assert status.message.code in set(GameEndCode)
    assert l10n.render("en", status.message) == english
    ja = l10n.render("ja", status.message)
    assert japanese in ja and not latin_words(ja), ja
    assert not l10n.errors("ja", status.message)


def _guardians(store: Any, names: tuple[str, ...] = ("Mei", "Ken", "Aki")) -> GameSession:
    return GameSession.create(store, game="forest-guardians", players=list(names), seed=3)


def test_a_japanese_table_hears_the_game_end_in_japanese(svc: Any) -> None:
    """Ken plants his last tree at a Japanese table: his phone says who still plays, in
    Japanese; a second trigger is refused in Japanese, naming the first."""
    from app.ui.kit.live_table import TableClient
    from app.ui.new_game.presenter import NewGamePresenter
    from app.ui.sheet.presenter import SheetPresenter

    t = Translator("ja").t
    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    p.set_count(3)
    for i, n in enumerate(["Mei", "Ken", "Aki"]):
        p.set_name(i, n)
    gid, token = svc.create_table(p.submit(lambda: 42))
    c = TableClient(svc.hub(), gid, token)
    s = SheetPresenter(t, c.snapshot(), printed=c.printed())
    other = SheetPresenter(t, c.snapshot(), printed=c.printed())  # another phone
    c.subscribe(s.update)
    c.subscribe(other.update)
    s.result(c.submit(s.start_game()))
    sec = next(x for x in s.sections() if x.id == "table")
    s.tapped()
    s.result(c.submit(s.command(sec.choices[0].options[1].command)))  # Ken: last tree
    assert s.error is None, s.error
    line = ("Kenが最後の木を植えました。ほかのプレイヤーはあと1回ずつ手番を行います。"
            "残りの手番：Aki、Mei。")
    # every phone is told where it looks (issue 22: it was the tapper's alone, 1,000 px
    # up): the banner on top and the news (a snack bar), the other phone's too
    for phone in (s, other):
        assert line in phone.banner, phone.banner
        assert phone.news_kind == "end" and phone.news_lines == (line,), phone.news_lines
    assert line not in s.info  # not said twice on the tapper's sheet
    assert not any(latin_words(x) for x in s.info + s.banner), s.info
    sec = next(x for x in s.sections() if x.id == "table")
    assert sec.lines and "Ken" in sec.lines[0] and not latin_words(sec.lines[0])
    # the end is told in English to an English phone, from the same message
    (m,) = c.snapshot().messages
    assert message_lines("en", m, ["Mei", "Ken", "Aki"], "forest-guardians") == [
        "Ken planted their last tree: every other player takes one more turn. "
        "Still to play: Aki, Mei."]
    assert not hasattr(m, "text")  # no words in the message: the catalogues say it


def test_the_second_trigger_is_refused_in_the_reader_s_language(store: Any) -> None:
    from app.game.errors import DomainError

    g = _guardians(store)
    g.apply(TriggerGameEnd(version=g.version, player=1, trigger="last_tile_drawn"))
    with pytest.raises(DomainError) as err:
        g.apply(TriggerGameEnd(version=g.version, player=0, trigger="last_tree_planted"))
    assert l10n.refusal("en", err.value) == (
        "the game end was already triggered (Ken drew the last terrain tile: the game ends "
        "after that turn. The game is over after Ken's turn: score it.)")
    assert not latin_words(l10n.refusal("ja", err.value))


#: The table an older version stored with the trigger: the status as an English sentence.
OLD_MESSAGE = ("Ken planted their last tree: every other player takes one more turn. "
               "Still to play: Aki, Mei.")


def test_an_old_saved_game_with_the_english_sentence_still_loads_and_replays(store: Any) -> None:
    g = _guardians(store)
    g.apply(TriggerGameEnd(version=g.version, player=1, trigger="last_tree_planted"))
    from app.store.models import GameStateRow

    with store.session() as s:  # the snapshot as versions before gl10n stored it
        row = s.get(GameStateRow, g.game_id)
        assert row is not None
        old = dict(row.state)
        assert old["table"] == {"end_trigger": "last_tree_planted", "triggered_by": 1}
        old["table"] = {**old["table"], "message": OLD_MESSAGE}
        row.state = old
        s.add(row)
        s.commit()
    again = GameSession.load(store, g.game_id)  # replays the log, checks it against that
    assert again.state.table == g.state.table
    assert again.state.to_json() == g.state.to_json()
    from app.game.registry import state_from_json

    assert state_from_json(old).table == g.state.table  # the old snapshot reads too


def test_a_replayed_old_game_with_a_changed_table_still_fails(store: Any) -> None:
    """Only the old English sentence is overlooked: a different trigger is a ReplayError."""
    from app.game.errors import ReplayError
    from app.store.models import GameStateRow

    g = _guardians(store)
    g.apply(TriggerGameEnd(version=g.version, player=1, trigger="last_tree_planted"))
    with store.session() as s:
        row = s.get(GameStateRow, g.game_id)
        assert row is not None
        row.state = {**row.state, "table": {"end_trigger": "last_tile_drawn", "triggered_by": 1,
                                            "message": OLD_MESSAGE}}
        s.add(row)
        s.commit()
    with pytest.raises(ReplayError):
        GameSession.load(store, g.game_id)


@pytest.mark.parametrize(("data", "en", "ja"), [
    ({"trigger": "last_tree_planted", "by": "Ken"},  # no status: the trigger alone
     "Ken planted their last tree: everyone else takes one more turn.",
     "Kenが最後の木を植えました：他の全員がもう1手番行います。"),
    ({}, None, None),  # nothing to go by: nothing to say (a message holds no sentence)
])
def test_an_old_game_end_message_still_shows_a_line(data: dict[str, Any], en: str | None,
                                                     ja: str | None) -> None:
    old = Message("game_end", 1, data)
    names = ["Mei", "Ken", "Aki"]
    assert message_lines("en", old, names, "forest-guardians") == ([en] if en else [])
    assert message_lines("ja", old, names, "forest-guardians") == ([ja] if ja else [])


# --------------------------------------------------------------------------- the screen


def test_the_reference_screen_checks_a_planting_in_japanese(svc: Any) -> None:
    import flet as ft

    from app.ui.kit.prefs import KEY_PREFIX, MemoryPrefs
    from tests.app.flet_harness import by_id, on_page, settle, shown, start_app, tap

    def verdict(app: Any) -> list[str]:
        return [c.value for c in on_page(shown(app, "check-verdict"))
                if isinstance(c, ft.Text) and isinstance(c.value, str)]

    async def go() -> None:
        prefs = MemoryPrefs({KEY_PREFIX + "language": "ja"})
        client, app = await start_app(prefs=prefs)
        await settle(0.1)
        app.go("reference", game="forest-guardians")
        await settle()
        client.session.get_page_patch()
        assert verdict(app) == ["植えられます：任意の資源カード1枚を支払います。"]
        await tap(client, "check-row-bottom")
        client.session.get_page_patch()
        shown_now = verdict(app)
        assert shown_now[0] == "植えられません："
        assert shown_now[1:] == ["下段の木は地形IIまたはIIIにしか植えられません。"
                                 "この高地（I）の地形タイルには植えられません。"]
        for box in ("check-fire", "check-mine"):  # a checkbox: its value, then "change"
            await client.type(by_id(client, box), True)
            client.session.get_page_patch()
        shown_now = verdict(app)
        assert len(shown_now) == 4 and "火災トークン" in shown_now[1], shown_now
        assert "あなたはすでにこの高地（I）の地形タイルに木を植えています" in shown_now[2]
        assert all(JAPANESE.search(x) and not latin_words(x) for x in shown_now), shown_now
        await tap(client, "check-kind-starting")
        client.session.get_page_patch()
        assert any("スタートタイル" in x for x in verdict(app))
        assert not client.crashes()

    asyncio.run(go())


def test_the_screen_calls_the_player_asking_you() -> None:
    from app.games.guardians.ui.planting import ME, _reason

    check = check_planting(ME, TreeRow.TOP, regular(HIGH, planted_by=frozenset({ME})))
    (why,) = check.reasons
    assert _reason("en", why) == (
        "One tree per player per tile: you already planted on this high altitude (I) tile.")
    assert _reason("ja", why).startswith("1枚のタイルに植えられるのは1人1本までです。あなたは")

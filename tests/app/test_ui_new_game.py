"""New game form and setup walkthrough: presenters and screens without Flutter."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest

from app.i18n import Translator
from app.ui.new_game.presenter import NewGamePresenter
from app.ui.setup.presenter import SetupPresenter
from scoring.forestry.enums import Character, Mode
from tests.app import flet_harness
from tests.app.flet_harness import by_id, memory_services, settle, start_app, tap

t = Translator("en").t


@pytest.fixture(autouse=True)
def _services(monkeypatch):
    monkeypatch.setattr(flet_harness, "SERVICES", memory_services())


def named(p: NewGamePresenter, *names: str) -> None:
    p.set_count(len(names))
    for i, n in enumerate(names):
        p.set_name(i, n)


def test_solo_cannot_take_the_infestation_module():
    p = NewGamePresenter(t)
    named(p, "Mei")
    inf = next(tg for tg in p.form.toggles() if tg.id == "new-infestation")
    assert not inf.enabled and "solo" in inf.reason
    named(p, "Mei", "Ken")
    p.form.set_toggle("infestation", True)
    assert p.form.infestation
    one = next(c for c in p.count_choices() if c.value == "1")
    assert not one.enabled and one.reason


def test_changes_the_dealer_refuses_are_undone():
    p = NewGamePresenter(t)
    named(p, "Mei", "Ken")
    p.form.set_toggle("infestation", True)
    p.set_count(1)
    assert not p.form.infestation
    p.form.set_mode("advanced")
    p.set_role(0, Character.TECHNICIAN.value)
    assert p.form.characters == (Character.TECHNICIAN,)
    p.form.set_mode("standard")
    assert p.form.characters == ()


def test_tutorial_has_no_technology_side_and_characters_need_advanced():
    p = NewGamePresenter(t)
    p.form.set_mode(Mode.TUTORIAL.value)
    sides = {c.value: c for c in p.form.tech_side_choices()}
    assert sides["random"].enabled and not sides["A"].enabled
    assert sides["A"].reason == t("new-reason-tech-tutorial")
    assert all(not c.enabled for c in p.form.role_choices(0) if c.value != "dealt")


def test_characters_at_most_one_per_player():
    p = NewGamePresenter(t)
    named(p, "Mei", "Ken")
    p.form.set_mode("advanced")
    p.set_role(0, "technician")
    p.set_role(1, "forest_worker")
    taken = next(c for c in p.role_choices(0) if c.value == "forest_worker")
    assert not taken.enabled and taken.reason  # another seat's
    third = p.form.options(characters=(*p.form.characters, Character.TRADE_SPECIALIST))
    assert p.form.refused(third) is not None  # the dealer: one character per player


def test_guardians_is_two_to_four():
    p = NewGamePresenter(t)
    p.set_count(1)
    p.set_game("forest-guardians")
    assert p.count == 2
    assert not next(c for c in p.count_choices() if c.value == "1").enabled


def test_submit_checks_names_and_seed():
    p = NewGamePresenter(t)
    p.set_name(0, "Mei")
    p.set_name(1, " mei ")
    p.set_seed_text("x1")
    assert p.submit() is None
    # both fields say it, each naming the other seat, and the button says to look above
    assert p.errors["players[1].name"] == t("new-error-same-name", n=1)
    assert p.errors["players[0].name"] == t("new-error-same-name", n=2)
    assert p.errors["start"] == t("new-error-fix-above", n=3)
    assert p.errors["seed"].startswith(t("new-seed")) and "0 to 9" in p.errors["seed"]
    p.set_name(1, "Ken")
    p.set_seed_text("42")
    req = p.submit()
    assert req is not None and req.seed == 42 and [x.name for x in req.players] == ["Mei", "Ken"]


def test_colours_stay_unique_and_seats_move():
    p = NewGamePresenter(t)
    named(p, "A", "B", "C")
    p.set_colour(0, p.players[1].colour)
    assert len({x.colour for x in p.players}) == 3
    p.move(2, -1)
    assert [x.name for x in p.players] == ["A", "C", "B"]


def test_setup_presenter_progress_and_deal_again():
    p = NewGamePresenter(t)
    named(p, "Mei", "Ken", "Aki")
    p.set_seed_text("7")
    s = SetupPresenter(t, p.submit())
    cards = s.cards()
    assert cards and s.progress() == (0, len(cards))
    harvested = next(c for c in cards if c.id.endswith(".harvested"))
    assert harvested.big and harvested.big[0].startswith("Harvested: ")
    s.toggle(cards[0].id)
    assert s.progress() == (1, len(cards))
    before = s.plan
    s.deal_again(lambda: 8)
    assert s.seed == 8 and s.progress()[0] == 0 and s.plan != before


def test_guardians_setup_shows_removals_big():
    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    named(p, "Mei", "Ken")
    s = SetupPresenter(t, p.submit(lambda: 3))
    first = s.cards()[0]
    assert first.id == "two_player_removals" and len(first.big) == 4


def test_new_game_to_setup_in_the_shell():
    async def go():
        client, app = await start_app()
        await tap(client, "home-new-game")
        client.session.get_page_patch()
        assert app.route == "new"
        await tap(client, "new-start")  # names missing: errors next to the fields
        client.session.get_page_patch()
        assert app.route == "new"
        said = by_id(client, "new-player-0-name-error")  # the problem, under the field
        assert said.controls[1].value == t("new-error-name-required")
        for i, name in enumerate(["Mei", "Ken"]):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        await tap(client, "new-start")
        client.session.get_page_patch()
        assert app.route == "setup"
        await tap(client, "setup-step-1-done")
        client.session.get_page_patch()
        assert app.states.get(SetupPresenter).progress()[0] == 1
        seed = app.states.get(SetupPresenter).seed
        await tap(client, "setup-deal-again")
        assert app.states.get(SetupPresenter).seed != seed
        await settle()
        assert not client.crashes()

    asyncio.run(go())


def test_guardians_rangers_chosen_or_dealt():
    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    named(p, "Mei", "Ken", "Aki")
    p.form.set_toggle("advanced", True)
    p.set_role(0, "julia")
    julia = next(c for c in p.role_choices(1) if c.value == "julia")
    assert not julia.enabled and julia.reason
    s = SetupPresenter(t, p.submit(lambda: 9))
    assert s.plan.ranger_of("Mei").value == "julia"
    boards = next(c for c in s.cards() if c.id == "ranger_boards")
    assert any(line.startswith("Mei: Julia") for line in boards.big)
    p.form.set_toggle("advanced", False)
    assert all(x.role is None for x in p.players)


def test_setup_titles_in_japanese_by_step_id():
    ja = Translator("ja").t
    p = NewGamePresenter(ja)
    named(p, "芽衣", "健太")
    s = SetupPresenter(ja, p.submit(lambda: 3), lang="ja")
    titles = {c.id: c.title for c in s.cards()}
    assert titles["board.1.board"] == "ゲームボード"
    s.lang = "en"
    assert s.cards()[0].title == "Game board"


def test_a_name_typed_after_a_redraw_still_reaches_the_form():
    """Kept fields (names, seed) survive redraws on the phone; the server must still take
    their changes. Flet forgets reused controls from its index at a redraw; the phone's
    value update for a forgotten field is dropped (the change handler then reads the old
    value) unless the app indexes them again."""
    from tests.app.flet_harness import shown

    async def go():
        client, app = await start_app(encode=True)  # diffs and index as in the web server
        app.new_game()
        await settle()
        for game in ("forest-guardians", "forestry"):  # two redraws of the form
            await client.session.dispatch_event(shown(app, f"new-game-{game}")._i, "select",
                                                None)
            await settle()
        name = shown(app, "new-player-0-name")
        seed = shown(app, "new-seed")
        await client.type(name, "Aiko")
        await client.type(seed, "1234")
        p = app.states.get(NewGamePresenter)
        assert p.players[0].name == "Aiko"
        assert p.seed_text == "1234"
        assert not client.crashes()

    asyncio.run(go())


def test_empty_and_duplicate_names_are_named_at_their_fields():
    """"Ann"/"Ann" and an empty third name: each field says its own problem."""
    p = NewGamePresenter(t)
    p.set_count(3)
    p.set_name(0, "Ann")
    p.set_name(1, "Ａｎｎ")  # full-width: the same person as History would match
    assert p.submit() is None
    assert p.errors["players[0].name"] == t("new-error-same-name", n=2)
    assert p.errors["players[1].name"] == t("new-error-same-name", n=1)
    assert p.errors["players[2].name"] == t("new-error-name-required")
    p.set_name(2, "Bo")
    assert "start" not in p.errors  # typing clears the button's note


def test_the_roster_offers_history_people_for_the_next_empty_seat():
    p = NewGamePresenter(t, known=("Ann", "Bo", "Mei"))
    p.set_name(0, " ann ")
    assert [(c.value, c.enabled) for c in p.roster_choices()] == [
        ("Ann", False), ("Bo", True), ("Mei", True)]
    p.pick_known("Mei")
    assert [x.name for x in p.players] == [" ann ", "Mei"]
    assert not any(c.enabled for c in p.roster_choices())  # no empty seat left
    p.pick_known("Eve")  # not from History: ignored (a client can send anything)
    assert [x.name for x in p.players] == [" ann ", "Mei"]


def test_a_kept_field_can_show_its_first_error_after_flet_froze_it():
    """Flet freezes a diffed screen's controls; a kept name field then could not take its
    first error ("Frozen controls cannot be updated": the screen failed to draw)."""
    import pytest

    from app.ui.kit.flet_compat import thaw

    field = ft.TextField()
    kept = ft.Container(field)
    for c in (kept, field):
        c._frozen = True  # what Flet's diff leaves on them
    with pytest.raises(RuntimeError, match="Frozen"):
        field.error = "The same name as player 1"
    thaw(kept)
    field.error = "The same name as player 1"
    assert field.error == "The same name as player 1"


def test_forest_guardians_setup_picks_the_first_player_and_the_game_records_it():
    """Issue 22: the start-player step has the same chips as Forestry's (``setup-first-N``,
    0-based seat); the table dealt from it names that seat in its record."""
    from app.session import GameSession

    async def go():
        client, app = await start_app()
        await tap(client, "home-new-game")
        client.session.get_page_patch()
        await tap(client, "new-game-forest-guardians")
        client.session.get_page_patch()
        for i, name in enumerate(["Mei", "Ken"]):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        await tap(client, "new-start")
        client.session.get_page_patch()
        assert app.route == "setup"
        setup = app.states.get(SetupPresenter)
        step = next(c for c in setup.cards() if c.id == "start_player")
        assert "Tap the start player" in step.detail  # it no longer asks to reorder seats
        assert setup.first_player == 0  # seat 1 shown picked until another is tapped
        await tap(client, "setup-first-1")
        client.session.get_page_patch()
        assert setup.first_player == 1
        await tap(client, "setup-start-play")
        client.session.get_page_patch()
        assert app.route == "sheet"
        game_id = int(app.params["game_id"])
        record = GameSession.load(app.services.store, game_id).record()
        assert record["first_player"] == 2
        await settle()
        assert not client.crashes()

    asyncio.run(go())


def test_a_value_no_chip_offers_changes_nothing():
    """A client can send any text: the form keeps what it had, and raises nothing."""
    p = NewGamePresenter(t)
    named(p, "Mei", "Ken")
    p.form.set_mode("advanced")
    p.set_role(0, "technician")
    for bad in ("wizard", "", "ADVANCED"):
        p.form.set_mode(bad)
        p.form.set_tech_side(bad)
        p.set_role(1, bad)
    assert p.form.mode.value == "advanced" and p.form.technology_side is None
    assert [x.role for x in p.players] == ["technician", None]

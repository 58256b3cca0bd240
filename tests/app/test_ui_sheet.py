"""Player sheet and scoreboard over a real game session (in-memory database), no Flutter."""

from __future__ import annotations

import asyncio

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

from app.games.forestry.commands import SetCount
from app.games.forestry.ui.setup_view import harvester_choices, harvester_of, set_harvester
from app.i18n import Translator
from app.table.answers import Accepted
from app.ui.kit.live_table import OpenTable, TableClient
from app.ui.kit.prefs import MemoryPrefs
from app.ui.kit.sheet_views import field_to_id
from app.ui.new_game.presenter import NewGamePresenter
from app.ui.sheet.presenter import SheetPresenter, scoreboard
from app.ui.shell.app import ForestTableApp
from tests.app.flet_harness import (
    Client,
    by_id,
    new_hub,
    on_page,
    semantics_ids,
    settle,
    shown,
    start_app,
    tap,
)

t = Translator("en").t




def table(svc, game="forestry", names=("Mei", "Ken")):
    p = NewGamePresenter(t)
    p.set_game(game)
    p.set_count(len(names))
    for i, n in enumerate(names):
        p.set_name(i, n)
    req = p.submit(lambda: 42)
    gid, token = svc.create_table(req)
    client = TableClient(svc.hub(), gid, token)
    return live(SheetPresenter(t, client.snapshot(), printed=client.printed()), client), client


def live(p, c):
    """``p`` draws the table's broadcast (as a tab's Inbox does, here on the tapping thread):
    an accepted command reaches ``p`` that way, never through its answer."""
    c.subscribe(p.update)
    return p


def test_field_to_id():
    assert field_to_id("players[1].resources.coins") == "resources-coins"
    assert field_to_id(None) is None


def test_harvesters_then_start_then_live_total(svc):
    p, c = table(svc)
    assert p.status == "setup"
    p.result(c.submit(p.start_game()))
    assert p.error and p.error_id.startswith("table")  # harvesters first
    p.result(c.submit(set_harvester(p, 0, 3)))
    assert dict(harvester_choices(p, 1))[3] is False
    p.result(c.submit(set_harvester(p, 1, 4)))
    p.result(c.submit(p.start_game()))
    assert p.status == "playing" and p.error is None
    before = p.total()
    wood = next(x for s in p.sections() for x in s.counts if x.id == "storage-wood")
    p.result(c.submit(p.command(wood.plus)))
    assert p.total() == before + 1
    # a refused command: the message goes next to the control it names
    for _ in range(2):
        wood = next(x for s in p.sections() for x in s.counts if x.id == "storage-wood")
        p.result(c.submit(p.command(wood.plus)))
    assert p.error_id == "storage-wood" and "open spaces" in p.error
    p.result(c.submit(p.undo()))
    assert p.snapshot.can_redo


def test_scoreboard_lists_categories_and_needs(svc):
    p, c = table(svc)
    board = scoreboard(p.sheet(), t)
    assert board.names == ("Mei", "Ken")
    assert any(r.category == "wood" for r in board.rows)
    assert not board.complete and board.needs
    need = board.needs[0]
    p.result(c.submit(p.confirm_printed(need.table, need.key, 0)))
    assert p.error is None


def test_guardians_sheet(svc):
    p, c = table(svc, "forest-guardians")
    trees = next(x for s in p.sections() for x in s.counts if x.id == "tree-points-1")
    p.result(c.submit(p.command(trees.plus)))
    assert p.error is None, p.error
    assert p.total() == 1


def test_sheet_screen_end_to_end_in_the_shell(svc):
    async def go():
        client, app = await start_app()
        await tap(client, "home-new-game")
        client.session.get_page_patch()
        for i, name in enumerate(["Mei", "Ken"]):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        await tap(client, "new-start")
        client.session.get_page_patch()
        await tap(client, "setup-start-play")
        client.session.get_page_patch()
        assert app.route == "sheet"
        await tap(client, "sheet-harvester-0-1")
        client.session.get_page_patch()
        await tap(client, "sheet-harvester-1-2")
        client.session.get_page_patch()
        await tap(client, "sheet-start-game")
        client.session.get_page_patch()
        total = by_id(client, "sheet-total").value
        await tap(client, "sheet-storage-wood-plus")
        client.session.get_page_patch()
        assert int(by_id(client, "sheet-total").value) == int(total) + 1
        await tap(client, "sheet-scoreboard")
        client.session.get_page_patch()
        assert app.route == "scoreboard"
        assert by_id(client, "score-total-0").content.value == str(int(total) + 1)
        await settle()
        assert not client.crashes()

    asyncio.run(go())


def test_finished_game_shows_in_history_and_stats(svc):
    from app.ui.records.presenter import history_lines, stats_lines

    p, c = table(svc)
    p.result(c.submit(set_harvester(p, 0, 3)))
    p.result(c.submit(set_harvester(p, 1, 4)))
    p.result(c.submit(p.start_game()))
    p.result(c.submit(p.finish()))
    assert p.error is None, p.error
    assert p.status == "finished"
    (line,) = history_lines(svc.history(), t)
    assert line.title == "Forestry" and len(line.players) == 2
    assert {s.name for s in stats_lines(svc.stats(), t)} == {"Mei", "Ken"}


def _find(p, section_id, kind, ident):
    sec = next(s for s in p.sections() if s.id == section_id)
    if kind == "action":
        return p.command(next(a for a in sec.actions if a.id == ident).command)
    rows = [*sec.choices, *(r for k in sec.cards for r in k.choices)]  # a card's own choices
    row = next(r for r in rows if r.id == ident[0])
    return p.command(next(o for o in row.options if o.value == ident[1]).command)


def test_contracts_and_task_cards_go_through_the_session(svc):
    p, c = table(svc)
    for i, space in enumerate((3, 4)):
        p.result(c.submit(set_harvester(p, i, space)))
    p.result(c.submit(p.start_game()))
    p.result(c.submit(_find(p, "contracts", "choice", ("contract-double", "building-furniture"))))
    assert p.error is None, p.error
    p.result(c.submit(_find(p, "contracts", "choice", ("contract-0-choose", "furniture"))))
    assert p.error is None, p.error
    assert p.state.boards[0].contracts[0].chosen.value == "furniture"
    p.result(c.submit(_find(p, "task-cards", "choice", ("task-add-contract", "furniture"))))
    p.result(c.submit(_find(p, "task-cards", "action", "task-add-forest-building")))
    p.result(c.submit(_find(p, "task-cards", "choice", ("task-1-met", "yes"))))
    assert p.error is None, p.error
    tasks = p.state.boards[0].task_cards
    assert len(tasks) == 2 and tasks[1].met is True
    cards = next(s for s in p.sections() if s.id == "task-cards").cards
    assert cards[0].label == "1. A Furniture contract"  # drawn as a card, its remove on it
    assert cards[0].remove is not None and cards[0].remove.id == "task-0-remove"


def test_session_messages_are_translated_when_we_know_them():
    from types import SimpleNamespace as NS

    from app.ui.sheet.presenter import message_text

    m = NS(kind="SeedlingPlanted", data={"area": "orange", "row": 1})  # no words in it
    ja = Translator("ja").t
    assert message_text(m, ja, "forestry") == "苗木をオレンジの列の1行目に植えました。"
    assert message_text(m, t, "forestry") == "Seedling planted in the orange column, row 1."
    odd = NS(kind="Notice", data={})  # nothing the catalogues can word: its kind, as a code
    assert message_text(odd, Translator("ja").t, "forestry") == "Notice"


def test_shared_table_round_tokens_and_detached_storages(svc):
    p = NewGamePresenter(t)
    p.set_count(3)
    for i, n in enumerate(["Mei", "Ken", "Aki"]):
        p.set_name(i, n)
    p.form.set_toggle("infestation", True)
    gid, token = svc.create_table(p.submit(lambda: 5))
    c = TableClient(svc.hub(), gid, token)
    s = live(SheetPresenter(t, c.snapshot()), c)
    assert all(x.id != "table" for x in s.sections())  # during setup: harvesters first
    for i, space in enumerate((1, 2, 3)):
        s.result(c.submit(set_harvester(s, i, space)))
    s.result(c.submit(s.start_game()))
    table_sec = next(x for x in s.sections() if x.id == "table")
    assert len(table_sec.counts) == 3 and table_sec.counts[0].label.startswith("Detached")
    s.result(c.submit(s.command(table_sec.counts[0].plus)))
    assert s.error is None, s.error
    before = s.state.table.round
    table_sec = next(x for x in s.sections() if x.id == "table")
    s.result(c.submit(s.command(next(a for a in table_sec.actions
                                     if a.id == "round-token").command)))
    assert s.error is None, s.error
    assert s.state.table.round == before + 1 and (s.info or s.banner)  # a reveal: the banner


def test_guardians_game_end_trigger(svc):
    p, c = table(svc, "forest-guardians")
    p.result(c.submit(p.start_game()))
    sec = next(x for x in p.sections() if x.id == "table")
    cmd = p.command(sec.choices[0].options[1].command)
    p.result(c.submit(cmd))
    assert p.error is None, p.error
    sec = next(x for x in p.sections() if x.id == "table")
    assert sec.lines and "Ken" in sec.lines[0]


def test_the_session_deals_what_the_walkthrough_showed(svc):
    from app.ui.setup.presenter import SetupPresenter

    p = NewGamePresenter(t)
    p.set_game("forest-guardians")
    p.set_count(3)
    for i, n in enumerate(["Mei", "Ken", "Aki"]):
        p.set_name(i, n)
    p.form.set_toggle("advanced", True)
    p.set_role(1, "fluffy")
    req = p.submit(lambda: 11)
    shown = SetupPresenter(t, req).plan
    gid, token = svc.create_table(req)
    state = TableClient(svc.hub(), gid, token).snapshot().state
    assert [s.character for s in state.players] == [
        shown.ranger_of(n).value for n in ("Mei", "Ken", "Aki")]
    assert state.players[1].character == "fluffy"

    f = NewGamePresenter(t)
    f.set_count(3)
    for i, n in enumerate(["Mei", "Ken", "Aki"]):
        f.set_name(i, n)
    f.form.set_toggle("infestation", True)
    freq = f.submit(lambda: 12)
    fshown = SetupPresenter(t, freq).plan
    gid, token = svc.create_table(freq)
    fstate = TableClient(svc.hub(), gid, token).snapshot().state
    assert fstate.table.forest.harvested == frozenset(fshown.harvested)


def test_history_opens_a_finished_games_scoreboard(svc):
    p, c = table(svc)
    for i, space in enumerate((3, 4)):
        p.result(c.submit(set_harvester(p, i, space)))
    p.result(c.submit(p.start_game()))
    p.result(c.submit(p.finish()))
    gid = p.snapshot.game_id

    async def go():
        client, app = await start_app()
        await tap(client, "home-history")
        client.session.get_page_patch()
        card = by_id(client, f"history-game-{gid}")
        await client.session.dispatch_event(card.content._i, "click", None)  # the Container
        await settle()
        client.session.get_page_patch()
        assert app.route == "scoreboard"
        assert by_id(client, "score-total-0").content.value.isdigit()
        assert not client.crashes()

    asyncio.run(go())


def test_a_seat_link_opens_that_players_sheet_only(svc):
    p, c = table(svc)
    gid = p.snapshot.game_id
    seat_token = svc.hub().issue(gid, seat=2)

    async def go():
        client = Client(new_hub())
        holder = {}

        def main(page):
            page.route = f"/join/{seat_token}"
            holder["app"] = ForestTableApp(page, prefs=MemoryPrefs(), services=svc)
            holder["app"].start()

        await client.start(main)
        app = holder["app"]
        assert app.route == "sheet"
        presenter, _client = app.states.get(OpenTable, gid)
        assert presenter.locked_player == 1 and presenter.player == 1
        ids = semantics_ids(client)
        # the other players' sheets are one chip away, read-only; no way out of the table
        assert "sheet-player-0" in ids and "sheet-start-game" not in ids
        assert "nav-back" not in ids and app.locked is not None
        await tap(client, "sheet-harvester-1-9")
        client.session.get_page_patch()
        assert harvester_of(presenter, 1) == 9
        app.go("home")
        assert app.route == "sheet"
        assert not client.crashes()

    asyncio.run(go())


def test_a_chosen_character_sits_on_its_seat(svc):
    p = NewGamePresenter(t)
    p.set_count(3)
    for i, n in enumerate(["Mei", "Ken", "Aki"]):
        p.set_name(i, n)
    p.form.set_mode("advanced")
    p.set_role(1, "technician")
    assert not next(c for c in p.role_choices(0) if c.value == "technician").enabled
    req = p.submit(lambda: 21)
    gid, token = svc.create_table(req)
    state = TableClient(svc.hub(), gid, token).snapshot().state
    chars = [s.character for s in state.players]
    assert chars[1] == "technician" and all(chars)  # the others were dealt one each
    assert state.boards[1].technician_tiles == 0
    p.form.set_mode("standard")
    assert all(x.role is None for x in p.players)


def test_a_tap_on_an_old_view_says_the_game_changed(svc):
    p, c = table(svc)
    other = live(SheetPresenter(Translator("ja").t, c.snapshot()), c)  # another phone
    old_view = set_harvester(other, 1, 4)  # tapped before the broadcast below reached it
    p.result(c.submit(set_harvester(p, 0, 3)))
    other.result(c.submit(old_view))  # made against the old version
    assert other.error == Translator("ja").t("sheet-stale")
    assert other.version == p.version  # and it shows the current state (the broadcast)


async def tap_shown(client, app, identifier):
    control = shown(app, identifier)
    await client.session.dispatch_event(control._i, "click", None)
    await settle()


def _started_for_two_seats(svc):
    """A started two-player table: its presenter, client, and both seats' tokens."""
    p, c = table(svc)
    gid = p.snapshot.game_id
    hub = svc.hub()
    c.submit(set_harvester(p, 0, 3))
    p.update(c.snapshot())
    c.submit(set_harvester(p, 1, 7))
    p.update(c.snapshot())
    c.submit(p.start_game())
    return p, c, gid, hub.issue(gid, seat=1), hub.issue(gid, seat=2)


def test_another_phones_tap_sends_this_phone_one_patch_of_its_body(svc):
    """A redraw within a visit (flet_compat 8.): the screen's frame stays the control the
    phone has; what changed goes in patches addressed to the scrolling column, to the pinned
    status strip's rows, or to the slot of a piece that changes at every tap (kept.keep_slot:
    the other player's total on her chip, the last change): no more than the controls that
    show something new, and here not the body's columns at all."""
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)

    async def go():
        c1, a1 = await start_app(route=f"/join/{seat1}", encode=True)
        c2, a2 = await start_app(route=f"/join/{seat2}", encode=True)
        frame = c2.page.controls[0]
        column = frame.content
        strip_box, scrolling = column.controls
        pinned = strip_box.content.content  # the strip's rows' column (its box: once a visit)
        assert strip_box.identifier == "status-strip" and isinstance(pinned, ft.Column)
        chip = shown(a2, "sheet-player-0")
        first_slot = chip.label.controls[0]  # her chip's first line, in its slot
        card_slot = _slot_of(shown(a2, "play-changes"))
        line_slot = _slot_of(shown(a2, "changes-line-0"))  # the last change: its own slot
        sent = len(c2.conn.messages)
        await tap_shown(c1, a1, "sheet-score-track-plus")  # Mei moves her score marker
        await settle(0.2)
        assert c2.page.controls[0] is frame and frame.content is column  # the same frame
        patches = [m for m in c2.conn.messages[sent:] if m.action == MessageAction.PATCH_CONTROL]
        to = {m.body.id for m in patches}
        slots = {i for i in to if str(getattr(c2.session.index.get(i), "key", "")).endswith(
            "-slot")}
        assert to - slots <= {pinned._i}, patches  # the body's columns: nothing to send
        assert {first_slot._i, line_slot._i} <= slots
        assert card_slot._i not in slots  # the card around the line: kept, nothing sent
        assert shown(a2, "sheet-player-0") is chip  # the very chip, its first line new
        assert "Mei  " in first_slot.controls[0].value  # her new total, on this phone's copy
        assert c2.session.index.get(first_slot.controls[0]._i) is first_slot.controls[0]
        strip_patch = " ".join(str(m.body.patch) for m in patches if m.body.id == first_slot._i)
        assert "Mei  " in strip_patch  # ... and sent to the phone
        assert _slot_of(shown(a2, "play-changes")) is card_slot
        assert _slot_of(shown(a2, "changes-line-0")) is line_slot
        assert "Mei" in " ".join(str(m.body.patch) for m in patches if m.body.id == line_slot._i)
        assert sum(len(str(m.body.patch)) for m in patches) < 2000  # the changes only

    asyncio.run(go())


def _first_line(chip):
    """A seat chip's first line (in its slot: kept.keep_slot)."""
    return chip.label.controls[0].controls[0].value


def _slot_of(control):
    """The slot holding ``control`` (kept.keep_slot: a column keyed ``kept-<name>-slot``)."""
    while not str(getattr(control, "key", "")).endswith("-slot"):
        control = control.parent
    return control


def _keyed(control, key):
    from app.ui.kit.flet_compat import subtree

    return next(c for c in subtree(control) if getattr(c, "key", None) == key)


def test_the_columns_around_unchanged_pieces_are_kept_and_a_redraw_of_nothing_new_sends_nothing(
        svc):
    """kept.keep_column: a column holding the very same pieces is the very same column; a
    redraw in which nothing changed leaves the body as it is and sends no patch."""
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)

    async def go():
        c1, a1 = await start_app(route=f"/join/{seat1}", encode=True)
        c2, a2 = await start_app(route=f"/join/{seat2}", encode=True)
        column = c2.page.controls[0].content.controls[1]  # (above it: the pinned strip)
        body = column.controls[0]
        head = _keyed(body, "kept-head")
        sent = len(c2.conn.messages)
        a2.refresh()  # the same snapshot drawn again
        await settle(0.1)
        assert column.controls[0] is body
        assert not [m for m in c2.conn.messages[sent:]
                    if m.action == MessageAction.PATCH_CONTROL]
        await tap_shown(c1, a1, "sheet-score-track-plus")  # Mei's total changes
        await settle(0.2)
        # her total (her chip's first line) and the last change line are in slots of their
        # own (kept.keep_slot), sent alone: the body's columns stay the phone's
        assert column.controls[0] is body and _keyed(body, "kept-head") is head
        patched = {m.body.id for m in c2.conn.messages[sent:]
                   if m.action == MessageAction.PATCH_CONTROL}
        assert column._i not in patched
        assert "Mei  " in _first_line(shown(a2, "sheet-player-0"))

    asyncio.run(go())


def test_a_redraw_keeps_unchanged_sections_and_taps_on_them_use_the_current_version(svc):
    """Another phone's tap redraws this sheet: its unchanged cards stay (same controls),
    and a tap on a kept card is made against the version now on screen (not refused)."""
    p, c, gid, seat1, seat2 = _started_for_two_seats(svc)

    async def open_seat(token):  # diffs and an index as in the web server
        return await start_app(route=f"/join/{token}", encode=True)

    async def go():
        c1, a1 = await open_seat(seat1)
        c2, a2 = await open_seat(seat2)
        p2 = a2.states.get(OpenTable, gid)[0]
        card = shown(a2, "sheet-section-resources")
        table_card = shown(a2, "sheet-section-table")
        coins = p2.state.boards[1].resources.coins
        before = p2.version
        await tap_shown(c1, a1, "sheet-score-track-plus")  # Mei moves her score marker
        await settle(0.2)
        assert p2.version == before + 1  # Ken's phone got it ...
        assert shown(a2, "sheet-section-resources") is card  # ... and kept his cards
        assert shown(a2, "sheet-section-table") is table_card
        plus = shown(a2, "sheet-resources-coins-plus")
        assert c2.session.index.get(plus._i) is plus  # the phone's updates for it apply
        assert "Mei  " in _first_line(shown(a2, "sheet-player-0"))  # her new total
        await tap_shown(c2, a2, "sheet-resources-coins-plus")  # a kept card: current version
        assert p2.error is None
        assert p2.state.boards[1].resources.coins == coins + 1
        assert shown(a2, "sheet-resources-coins-value").content.value == str(coins + 1)
        assert shown(a2, "sheet-section-resources") is not card  # this one changed: redrawn
        # away to the scoreboard and back: a fresh sheet whose taps work
        a2.go("scoreboard")
        a2.go("sheet")
        assert shown(a2, "sheet-section-table") is not table_card
        await tap_shown(c2, a2, "sheet-resources-coins-plus")
        assert p2.error is None and p2.state.boards[1].resources.coins == coins + 2
        # in Japanese the kept cards are drawn again (their texts changed)
        table_card = shown(a2, "sheet-section-table")
        a2.toggle_language()
        assert shown(a2, "sheet-section-table") is not table_card
        assert not c1.crashes() and not c2.crashes()

    asyncio.run(go())


def test_phones_at_a_table_share_one_score_sheet_per_version(svc):
    """The score sheet is computed once per version for every phone showing it."""
    p, c = table(svc)
    other = SheetPresenter(Translator("ja").t, c.snapshot(), printed=c.printed())
    assert p.sheet() is other.sheet()  # the same snapshot: scored once
    p.result(c.submit(set_harvester(p, 0, 3)))
    other.update(c.snapshot())
    assert p.sheet() is other.sheet() and p.version == other.version
    # a newly confirmed printed value is scored anew, not served from the shared sheet
    before = p.sheet()
    p.printed = {"x": {"y": 1}}
    p._sheet = None
    assert p.sheet() is not before
    # sections for the screen carry no version (equal across versions: kept cards); a
    # tap's command is made with the version on screen
    s = p.sections()
    assert all(not hasattr(tap, "version") for sec in s for cnt in sec.counts
               for tap in (cnt.minus, cnt.plus) if tap is not None)
    assert all(p.command(tap).version == p.version for sec in p.sections() for cnt in sec.counts
               for tap in (cnt.minus, cnt.plus) if tap is not None)


def test_snapshots_arriving_together_are_drawn_once_at_the_newest(svc):
    p, c = table(svc)
    gid = p.snapshot.game_id
    hub = svc.hub()
    token = hub.issue(gid, seat=2)

    async def go():
        client, app = await start_app(route=f"/join/{token}", encode=True)
        drawn = []
        refresh = app.refresh
        app.refresh = lambda: (refresh(), drawn.append(app.states.get(OpenTable, gid)[0].version))
        for space in (3, 4, 5):  # three taps elsewhere before this tab's turn on the loop
            p.update(c.snapshot())
            assert isinstance(c.submit(set_harvester(p, 0, space)), Accepted)
        await settle(0.2)
        assert drawn == [hub.snapshot(gid).version]  # one redraw, at the newest version
        assert harvester_of(app.states.get(OpenTable, gid)[0], 0) == 5
        assert not client.crashes()

    asyncio.run(go())


def test_a_tap_on_the_selected_player_chip_leaves_it_selected_on_the_phone(svc):
    """Tapping a selected chip unselects it on the phone (and in the server's copy) before
    the handler runs; the sheet must send it back as selected, not keep the changed copy."""
    p, c = table(svc)
    gid = p.snapshot.game_id
    token = svc.hub().issue(gid, seat=1)

    async def go():
        client, app = await start_app(route=f"/join/{token}", encode=True)
        chip = shown(app, "sheet-player-0")
        assert chip.selected
        sent = len(client.conn.messages)
        client.session.apply_patch(chip._i, {"selected": False})  # what the phone reports
        await client.session.dispatch_event(chip._i, "select", False)
        await settle()
        assert shown(app, "sheet-player-0").selected
        patches = [m for m in client.conn.messages[sent:] if "selected" in str(m.body)]
        assert patches, "the phone is told the chip is selected again"
        assert not client.crashes()

    asyncio.run(go())


def _started(svc) -> int:
    """A started two-player Forestry table (harvesters placed): its game id."""
    p, c = table(svc)
    for player, space in ((0, 3), (1, 7)):
        p.update(c.snapshot())
        c.submit(set_harvester(p, player, space))
    p.update(c.snapshot())
    c.submit(p.start_game())
    return p.snapshot.game_id


def test_a_reveal_tapped_before_the_other_phones_reveal_is_drawn_is_already_done(svc):
    """Issue 22's double reveal, deterministically. Two phones tap the round token at
    once; the second phone's tap reaches the server (the web layer records what the phone
    showed: every frame it was sent) before its tab draws the first phone's reveal, and
    its handler runs after that draw, when the tab's round-token control makes the next
    round's reveal. It must be "already done" (it was a second reveal: the round advanced
    twice, and a phone went on showing the round it had drawn before)."""
    from app import shown as screen
    from app.games.forestry.commands import RevealRoundToken
    from app.ui.kit import flet_compat

    gid = _started(svc)
    hub = svc.hub()
    seat1, seat2 = hub.issue(gid, seat=1), hub.issue(gid, seat=2)

    async def go():
        client, app = await start_app(route=f"/join/{seat2}", encode=True)
        sid = client.session.id
        send = client.conn.send_message
        frames = []

        def sending(message):  # the web layer counts the frames it sends (app.web.taps)
            send(message)
            frames.append(screen.sent(sid))

        client.conn.send_message = sending
        screen.reset(sid)
        host = hub.issue(gid)  # a coin changed: the sheet drawn and sent, the phone has it
        assert isinstance(hub.submit(gid, host, SetCount(
            version=hub.snapshot(gid).version, player=0, field="resources.coins", value=3)),
            Accepted)
        await settle(0.2)
        assert frames
        before = hub.snapshot(gid).state.table.round
        target = flet_compat.control_id(shown(app, "sheet-round-token"))
        assert target is not None
        screen.tapped(sid, target, "click", frames[-1])  # the tap arrives ...
        r = hub.submit(gid, seat1, RevealRoundToken(version=hub.snapshot(gid).version,
                                                    round=before))  # ... seat 1's first
        assert isinstance(r, Accepted)
        await settle(0.2)  # this tab draws seat 1's reveal before the tap's handler runs
        p2 = app.states.get(OpenTable, gid)[0]
        assert p2.state.table.round == before + 1
        await client.session.dispatch_event(target, "click", None)  # the tap's handler
        await settle(0.2)
        assert hub.snapshot(gid).state.table.round == before + 1  # advanced once
        assert any("Already done on another phone" in line for line in p2.info), p2.info
        assert not client.crashes()

    asyncio.run(go())


async def _coins_below_zero_refused(gid: int):
    """The host's app on table ``gid``, its sheet showing a refusal (coins set to -1)."""
    from app.ui.sheet import view as sheet

    client, app = await start_app(encode=True)
    app.open_game(gid)
    await settle()
    sp, sc = app.states.get(OpenTable, gid)
    await sheet.submit_off_loop(app, sp, sc, lambda: SetCount(
        version=sp.version, player=0, field="resources.coins", value=-1))
    assert sp.error and sp.error_id == "resources-coins"
    return client, app, sp, sc


def test_a_refusal_shows_next_to_the_count_it_names(svc):
    gid = _started(svc)

    async def go():
        client, app, sp, _sc = await _coins_below_zero_refused(gid)
        assert shown(app, "sheet-resources-coins-error").value == sp.error  # under its stepper
        with pytest.raises(AssertionError):
            shown(app, "sheet-error")  # and not again at the top
        assert not client.crashes()

    asyncio.run(go())


def test_a_new_tap_clears_the_old_refusal_before_its_broadcast_is_drawn(svc):
    """A refusal (here a count below zero; in play, "the table is busy") stays on the sheet
    until the phone taps again. The accepted tap's broadcast may be drawn before its answer
    is taken (CI caught the busy message still on screen next to the new count): what the
    broadcast draws must already be without the old refusal."""
    from app.ui.sheet import view as sheet

    gid = _started(svc)
    hub = svc.hub()
    broadcast = hub._broadcast
    seen: list = []

    async def go():
        client, app, sp, sc = await _coins_below_zero_refused(gid)

        def watched(table_, snap):  # what a phone would draw from this broadcast
            seen.append((snap.version, sp.error, sp.error_id))
            broadcast(table_, snap)

        hub._broadcast = watched
        try:
            await sheet.submit_off_loop(app, sp, sc, lambda: SetCount(
                version=sp.version, player=0, field="resources.coins", value=2))
        finally:
            hub._broadcast = broadcast
        assert seen and all(error is None and eid is None for _v, error, eid in seen)
        await settle()
        assert sp.error is None
        with pytest.raises(AssertionError):
            shown(app, "sheet-resources-coins-error")
        assert not client.crashes()

    asyncio.run(go())


def test_the_tapper_is_drawn_only_from_the_broadcast(svc):
    """Every phone at a table, the tapping one included, is drawn from the hub's broadcast
    (boardgame.io's ``sendAll``): held back, the tapper's sheet does not change although
    its tap was accepted and saved; released, it changes. A refusal is the tapper's alone."""
    from app.game.commands import AdjustCount

    p, c = table(svc)
    gid = p.snapshot.game_id
    for player, space in ((0, 3), (1, 7)):
        p.result(c.submit(set_harvester(p, player, space)))
    p.result(c.submit(p.start_game()))
    hub = svc.hub()
    token = hub.issue(gid, seat=1)
    held: list = []
    broadcast = hub._broadcast

    async def go():
        client, app = await start_app(route=f"/join/{token}", encode=True)
        await settle()
        tab = app.states.get(OpenTable, gid)[0]

        def wood():
            return int(shown(app, "sheet-storage-wood-value").content.value)

        before, version = wood(), hub.snapshot(gid).version
        hub._broadcast = lambda table, snap: held.append((table, snap))
        await tap_shown(client, app, "sheet-storage-wood-plus")
        await settle(0.3)
        assert hub.snapshot(gid).version == version + 1  # accepted and saved
        assert len(held) == 1 and held[0][1].version == version + 1
        assert wood() == before and tab.version == version  # not drawn from the answer
        hub._broadcast = broadcast
        for table_, snap in held:  # the broadcast reaches every phone, the tapper too
            broadcast(table_, snap)
        await settle(0.2)
        assert wood() == before + 1 and tab.version == version + 1
        # a refusal (the other seat's board) reaches only the tapper, with nothing broadcast
        hub._broadcast = lambda table, snap: held.append((table, snap))
        held.clear()
        c2 = TableClient(hub, gid, token)
        answer = c2.submit(AdjustCount(version=tab.version, player=1, field="storage.wood",
                                         delta=1))
        assert answer.reason == "forbidden" and held == []
        hub._broadcast = broadcast
        assert not client.crashes()

    asyncio.run(go())


def test_the_game_end_reaches_every_phone_where_it_looks(svc):
    """Issue 22: Forest Guardians' last-tree message showed only on the tapper's phone,
    about 1,000 px up. Another seat's phone is told too: a snack bar in its viewport
    (``sheet-news-end``) and the banner on top of its sheet."""
    import flet as ft

    from app.games.guardians.commands import TriggerGameEnd

    p, c = table(svc, game="forest-guardians", names=("Mei", "Ken", "Aki"))
    p.result(c.submit(p.start_game()))
    gid = p.snapshot.game_id
    hub = svc.hub()
    ken, mei = hub.issue(gid, seat=2), hub.issue(gid, seat=1)

    async def go():
        client, app = await start_app(route=f"/join/{mei}", encode=True)
        await settle()
        assert isinstance(hub.submit(gid, ken, TriggerGameEnd(
            version=hub.snapshot(gid).version, player=1, trigger="last_tree_planted")),
            Accepted)
        await settle(0.3)
        bars = [b for b in client.find(ft.SnackBar) if b.open]
        assert len(bars) == 1, bars
        said = bars[0].content
        assert said.identifier == "sheet-news-end"
        assert said.content.value.startswith("Ken planted their last tree"), said.content.value
        assert shown(app, "play-banner-0").value == said.content.value
        assert not client.crashes()

    asyncio.run(go())


def test_the_draws_banner_never_outlives_the_next_turn_or_finish():
    """Issue 22: the spawn banner was still there after Finish. End turn draws (a banner of
    one line per draw); the next turn without draws clears it; Finish clears it too."""
    from app.game.commands import Finish, StartGame
    from app.games.forestry.commands import EndTurn, SetCount, SetHarvester
    from app.session import GameSession
    from app.store.facade import Store

    store = Store.open("sqlite://")
    s = GameSession.create(store, game="forestry", players=["Mei", "Ken", "Aki"], seed=5,
                           options={"infestation": True}, infested=(3, 8, 13))
    free = [sp for sp in range(1, 16) if s.state.table.forest.forester_at(sp) is None
            and sp not in s.state.table.forest.infested]
    for i in range(3):
        s.apply(SetHarvester(version=s.version, player=i, space=free[i]))
    s.apply(StartGame(version=s.version))
    p = SheetPresenter(Translator("en").t, s.snapshot())

    def spawning_turn() -> None:
        seat = s.state.table.current
        p.update(s.apply(SetCount(version=s.version, player=seat, field="score_track",
                                  value=s.state.boards[seat].score_track + 30)))
        p.update(s.apply(EndTurn(version=s.version, turn=s.state.table.turn)))

    spawning_turn()
    assert len(p.banner) >= 3 and p.banner_spaces, p.banner  # a line per draw, spaces lit
    p.update(s.apply(EndTurn(version=s.version, turn=s.state.table.turn)))
    assert p.banner == () and p.banner_spaces == frozenset()  # the next turn: gone
    spawning_turn()
    assert p.banner
    p.update(s.apply(Finish(version=s.version)))
    assert p.banner == () and p.banner_spaces == frozenset()  # never after Finish


def test_a_language_switch_redraws_the_banner():
    """Issue 22: a banner stayed English after switching to Japanese (it was kept as text)."""
    from app.game.commands import StartGame
    from app.games.forestry.commands import RevealRoundToken, SetHarvester
    from app.session import GameSession
    from app.store.facade import Store

    store = Store.open("sqlite://")
    s = GameSession.create(store, game="forestry", players=["Mei", "Ken"], seed=5)
    for i in range(2):
        s.apply(SetHarvester(version=s.version, player=i, space=i + 1))
    s.apply(StartGame(version=s.version))
    p = SheetPresenter(Translator("en").t, s.snapshot())
    p.update(s.apply(RevealRoundToken(version=s.version, round=s.state.table.round)))
    english = p.banner
    assert english and any("Round" in line for line in english), english
    p.t = Translator("ja").t
    assert p.banner and p.banner != english
    assert any("ラウンド" in line for line in p.banner), p.banner


def test_the_shared_tables_section_is_the_same_object_while_the_table_is_the_same(svc):
    """A board's change leaves the table's section (view model) the very same object, so
    every phone's kept table card is matched by identity; a change of the table makes it
    anew, with what changed."""
    p, c, _gid, _seat1, _seat2 = _started_for_two_seats(svc)

    def shared():
        return next(s for s in p.sections() if s.id == "table")

    before = shared()
    c.submit(p.set_value("resources.coins", 3))  # Mei's board, not the table
    assert p.kind().board().resources.coins == 3
    assert shared() is before
    reveal = next(a for a in before.actions if a.id == "round-token")
    c.submit(p.command(reveal.command))  # the table: the next round
    after = shared()
    assert after is not before and after != before
    assert after.lines[0] != before.lines[0]  # "Round 2 ..." instead of "Round 1 ..."


def test_a_players_suggestions_section_is_the_same_object_while_the_suggestions_are(svc):
    p, c, _gid, _seat1, _seat2 = _started_for_two_seats(svc)

    def suggested():
        return next((s for s in p.sections() if s.id == "suggestions"), None)

    before = suggested()  # seat income and the round token's coin, offered to Mei
    assert before is not None and len(before.choices) == 2
    c.submit(p.set_value("resources.construction_materials", 2))  # her board, not these
    assert suggested() is before  # the very same view model: kept cards match by identity
    dismiss = next(o for o in before.choices[0].options if o.value == "dismiss")
    c.submit(p.command(dismiss.command))
    after = suggested()
    assert after is not None and after is not before and len(after.choices) == 1


def test_the_round_token_due_is_on_every_turn_card_with_its_button_on_the_first_players(svc):
    """Issue 35: after the round's last turn every phone's turn card says the next round
    token is due; the first player's phone has the button there (``sheet-round-token``,
    then not also in the shared table's card), the others keep theirs in the table's card.
    The End turn button names whose turn it ends."""
    from app.games.forestry.commands import EndTurn
    from app.ui.sheet.play import turn_view
    from tests.app.flet_harness import on_page

    gid = _started(svc)
    hub = svc.hub()
    seats = [hub.issue(gid, seat=1), hub.issue(gid, seat=2)]
    host = hub.issue(gid)

    def ids_under(app, ident):
        for root in list(app.page.controls):
            for node in on_page(root):
                if isinstance(node, ft.Semantics) and node.identifier == ident:
                    return [n.identifier for n in on_page(node)
                            if isinstance(n, ft.Semantics) and n.identifier]
        return []

    def every_id(app):
        return [n.identifier for root in list(app.page.controls) for n in on_page(root)
                if isinstance(n, ft.Semantics) and n.identifier]

    def strip_label(app):
        for root in list(app.page.controls):
            for node in on_page(root):
                if isinstance(node, ft.Semantics) and node.identifier == "status-turn":
                    return str(node.label)
        return ""

    def text_of(app, ident):
        control = shown(app, ident)
        content = getattr(control, "content", control)
        return str(getattr(content, "value", "") or "")

    async def go():
        apps = []
        for token in seats:
            client, app = await start_app(route=f"/join/{token}")
            apps.append((client, app))
        await settle(0.2)
        # Mei's phone: in its status strip; Ken's: on the turn card, naming the turn
        assert text_of(apps[0][1], "turn-end") == "End my turn"
        assert "turn-end" not in ids_under(apps[0][1], "play-turn")
        assert text_of(apps[1][1], "turn-end") == "End Mei's turn"
        for _ in range(2):  # Mei's and Ken's turns: the round is over
            snap = hub.snapshot(gid)
            end = turn_view(snap.state, snap.version)
            assert end is not None and isinstance(end.command, EndTurn)
            assert isinstance(hub.submit(gid, host, end.command), Accepted)
        await settle(0.3)
        prompt = "Round 2: turn up the next round token"
        for _client, app in apps:  # every phone's strip says it
            assert strip_label(app).startswith(prompt)
        assert text_of(apps[1][1], "turn-line-0") == prompt  # Ken's phone: a line
        assert text_of(apps[0][1], "sheet-round-token") == prompt  # Mei's: the button
        assert "turn-line-0" not in every_id(apps[0][1])  # (said once)
        for _client, app in apps:
            assert every_id(app).count("sheet-round-token") == 1  # one control per id
        assert "sheet-round-token" in ids_under(apps[0][1], "play-turn")  # Mei's phone
        assert "sheet-round-token" not in ids_under(apps[1][1], "play-turn")
        await tap(apps[0][0], "sheet-round-token")
        await settle(0.3)
        assert hub.snapshot(gid).state.table.round == 2
        for client, app in apps:
            assert "sheet-round-token" not in ids_under(app, "play-turn")
            assert all(prompt not in text_of(app, i) for i in every_id(app)
                       if i.startswith("turn-line-"))
            assert not client.crashes()

    asyncio.run(go())


def test_what_a_tap_said_is_a_snack_bar_never_a_line_on_top_of_the_board(svc):
    """Stop 41: what an accepted tap said (a token placed, a full row, a water step) was a
    line on top of the sheet: ~2,000 px above the forestry table the player tapped, and its
    coming and going moved the whole board 42-64 px under the player's finger (the board
    bench's extra swipes). It is a snack bar where the player looks (``sheet-messages``),
    and the next tap makes it old news."""
    p, c, gid, mei, _ken = _started_for_two_seats(svc)

    async def go():
        client, app = await start_app(route=f"/join/{mei}", encode=True)
        await settle()
        await tap_shown(client, app, "sheet-place")
        await tap_shown(client, app, "sheet-place-thinning")
        await settle(0.3)
        bars = [b for b in client.find(ft.SnackBar) if b.open]
        assert len(bars) == 1, bars
        said = bars[0].content
        assert said.identifier == "sheet-messages"
        assert "Thinning" in said.content.value, said.content.value
        on_board = [n for root in app.page.controls for n in on_page(root)
                    if isinstance(n, ft.Semantics) and n.identifier == "sheet-messages"]
        assert on_board == [], "said on top of the board too"
        await tap_shown(client, app, "sheet-resources-coins-plus")  # the next tap: old news
        await settle(0.3)
        assert not any(b.open for b in client.find(ft.SnackBar) if b is bars[0])
        assert not client.crashes()

    asyncio.run(go())

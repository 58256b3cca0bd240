"""Entering whole boards through the sheet screen's own controls (the app shell, no Flutter).

The same steps as the browser test (tests/e2e/test_sheet_entry.py, from
tests/e2e/full_game_steps.py): the three boards of the 93-VP example as issue 11
asks (Pink 93; a board with two thinning columns; a token below by choice), Pink
in at most 30 taps from an empty sheet, a mistake corrected on each, and what
the sheet suggests is applied only when tapped.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

import flet as ft

from app.ui.kit.live_table import OpenTable
from tests.app.flet_harness import by_id, on_page, semantics_ids, settle, start_app, tap
from tests.e2e.full_game_steps import example_93_variants, forestry_steps, taps


def _same(a: list[Any], b: list[Any]) -> bool:
    """The same items, in any order."""
    return sorted(map(json.dumps, a)) == sorted(map(json.dumps, b))


async def refresh(client: Any) -> None:
    client.session.get_page_patch()
    await settle(0.01)


async def step(client: Any, s: tuple[Any, ...]) -> None:
    if s[0] == "tap":
        await tap(client, s[1])
    else:  # typed with the keypad: its number opens it, the digits, Done
        await type_with_keypad(client, s[1], s[2])
    await refresh(client)


async def type_with_keypad(client: Any, ident: str, value: int) -> None:
    """Tap the count's number (the keypad opens), its digits, Done."""
    await tap(client, f"{ident}-value")
    await refresh(client)
    keys = open_keys(client)
    for d in str(value):
        await client.session.dispatch_event(keys[d]._i, "click", None)
    await client.session.dispatch_event(keys["done"]._i, "click", None)
    await settle(0.01)


def open_keys(client: Any) -> dict[str, Any]:
    """The keys of the keypad open now (``"7"``, ``"done"``, ...): the page's dialog."""
    pad = [d for d in client.page._dialogs.controls if isinstance(d, ft.BottomSheet)][-1]
    return {node.identifier.removeprefix("keypad-"): node.content for node in on_page(pad)
            if isinstance(node, ft.Semantics) and (node.identifier or "").startswith("keypad-")}


async def tap_key(client: Any, end: str) -> None:
    """Tap ``keypad-<end>`` of the keypad open now."""
    await client.session.dispatch_event(open_keys(client)[end]._i, "click", None)
    await settle(0.01)


async def _deal(client: Any, game_tap: str, names: Sequence[str]) -> None:
    """The new-game form: the game (or the player count), the names, Start, the deal."""
    await tap(client, "home-new-game")
    await refresh(client)
    await tap(client, game_tap)
    await refresh(client)
    for i, name in enumerate(names):
        await client.type(by_id(client, f"new-player-{i}-name"), name)
    await tap(client, "new-start")
    await refresh(client)
    await tap(client, "setup-start-play")
    await refresh(client)


async def new_forestry(client: Any, app: Any, names: list[str]) -> None:
    await _deal(client, f"new-count-{len(names)}", names)
    for i in range(len(names)):
        await tap(client, f"sheet-harvester-{i}-{i + 1}")
        await refresh(client)
    await tap(client, "sheet-start-game")
    await refresh(client)
    assert app.route == "sheet"


def presenter(app: Any) -> Any:
    key = next(k for k, _t in app.states.all(OpenTable))
    return app.states.get(OpenTable, key)[0]


def test_the_three_boards_of_the_93_vp_example_tap_by_tap(svc: Any) -> None:
    record = example_93_variants()
    players = record["players"]

    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, [p["name"] for p in players])
        p = presenter(app)
        for i, player in enumerate(players):
            await tap(client, f"sheet-player-{i}")
            await refresh(client)
            steps = forestry_steps(player)
            if i == 0:
                assert taps(steps) <= 30  # issue 11: the Pink board in at most 30 taps
            for s in steps:
                await step(client, s)
                assert p.error is None, (s, p.error)
            # a mistake, corrected where it was made
            if i == 0:  # one task card too many: removed by its own button
                await step(client, ("tap", "sheet-task-add-river"))
                n = len(player["task_cards"])  # its card's sheet holds Remove
                await step(client, ("tap", f"sheet-task-{n}"))
                await step(client, ("tap", f"sheet-task-{n}-remove"))
            elif i == 1:  # a column of the wrong type: its type changed back
                # a typed column's head is its type: its tap opens the other two
                await step(client, ("tap", "sheet-column-1-type-thinning"))
                await step(client, ("tap", "board-column-1-type-painting"))
                assert p.state.record()["players"][1]["forestry_table"][1]["type"] == "painting"
                await step(client, ("tap", "sheet-column-1-type-painting"))
                await step(client, ("tap", "board-column-1-type-thinning"))
            else:  # a seedling column one too high, typed back; a wrong count typed
                await step(client, ("tap", "sheet-seedlings-orange-3"))
                await step(client, ("tap", "sheet-seedlings-orange-2"))
                await step(client, ("type", "sheet-resources-coins", 12))
                await step(client, ("type", "sheet-resources-coins", 2))
            assert p.error is None, p.error
            board = p.state.record()["players"][i]
            for key in ("score_track", "forestry_table", "forester_tokens_below",
                        "reforestation_table", "resources", "seedlings_below", "storage"):
                assert board[key] == player[key], (player["name"], key)
            # cards and river tokens are entered in the sheet's order (none scores by its
            # place on the table): the same ones as the record's
            for key in ("contracts", "river_tokens"):
                assert _same(board[key], player[key]), (player["name"], key)
            # a forest building task's text is the card's, not typed (only "met" scores)
            assert _same([{k: ("" if k == "forest_building" else v) for k, v in x.items()}
                          for x in board["task_cards"]],
                         [{k: ("" if k == "forest_building" else v) for k, v in x.items()}
                          for x in player["task_cards"]])
        sheet = p.sheet()
        assert [(s.name, s.total) for s in sheet.players] == [
            ("Pink", 93), ("Blue", 91), ("Green", 79)]
        # the app suggested what the rules give (Blue's row 3 +6, the tokens below +2),
        # and added none of it: the typed score tracks are what counts
        assert p.state.suggestions and all(
            b.score_track == pl["score_track"]
            for b, pl in zip(p.state.boards, players, strict=True))
        assert not client.crashes()

    asyncio.run(go())


def _suggestions(client: Any) -> list[str] | None:
    """The open "To apply" sheet's suggestions (their Apply buttons' ids); None: closed."""
    import flet as ft

    sheets = client.find(ft.BottomSheet, lambda b: b.open and any(
        getattr(c, "identifier", None) == "sheet-suggestions" for c in on_page(b)))
    if not sheets:
        return None
    return [c.identifier for c in on_page(sheets[0]) if str(getattr(c, "identifier", "")
                                                                 ).endswith("-apply")]


async def _sheet_shows(client: Any, want: list[str] | None, seconds: float = 15) -> None:
    """Wait until the "To apply" sheet lists ``want`` (None: closed): a tap is saved in a
    worker thread and the sheet redrawn when its broadcast comes back (a loaded machine
    takes longer than a settle)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while _suggestions(client) != want and loop.time() < end:
        await asyncio.sleep(0.02)
    assert _suggestions(client) == want


async def _suggested(p: Any, seconds: float = 15) -> Any:
    """Mei's first suggestion once the tap that makes it has come back to this phone."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not p.state.suggestions_of(0) and loop.time() < end:
        await asyncio.sleep(0.02)
    return p.state.suggestions_of(0)[0]


def test_a_suggestion_is_applied_once_by_one_tap(svc: Any) -> None:
    """What the app suggests is in the sheet the strip's "To apply" opens (the design:
    ``status-apply`` opens a bottom sheet of ``sheet-suggest-<id>-apply`` / ``-dismiss``),
    not on the board; the sheet follows each tap and closes when none is left."""
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        # the seat income is offered, not added: the sheet starts as the empty board
        assert p.state.boards[0].resources.coins == 0
        first = list(p.state.suggestions_of(0))  # Mei's seat income (and the round token's,
        assert first  # as the seed dealt it)
        await step(client, ("tap", "sheet-reward-lap"))  # one more: a lap, +3 VP
        loop = asyncio.get_running_loop()
        end = loop.time() + 15
        while len(p.state.suggestions_of(0)) <= len(first) and loop.time() < end:
            await asyncio.sleep(0.02)
        income = list(p.state.suggestions_of(0))
        assert len(income) == len(first) + 1, income
        ids = semantics_ids(client)
        assert "sheet-suggestions" not in ids and f"sheet-suggest-{income[0].id}-apply" \
            not in ids  # not on the board
        await _sheet_shows(client, None)
        await step(client, ("tap", "status-apply"))
        await _sheet_shows(client, [f"sheet-suggest-{x.id}-apply" for x in income])
        for n, x in enumerate(income):
            await step(client, ("tap", f"sheet-suggest-{x.id}-apply"))
            # applied once; the sheet lists the others, and closes after the last
            left = [f"sheet-suggest-{y.id}-apply" for y in income[n + 1:]]
            await _sheet_shows(client, left or None)
        coins = p.state.boards[0].resources.coins
        assert coins > 0 and p.state.boards[0].score_track == 3
        assert not p.state.suggestions_of(0)
        assert "status-apply" not in semantics_ids(client)  # nothing left to apply
        await step(client, ("tap", "sheet-reward-lap"))
        lap = await _suggested(p)
        await step(client, ("tap", "status-apply"))
        await _sheet_shows(client, [f"sheet-suggest-{lap.id}-apply"])
        await step(client, ("tap", f"sheet-suggest-{lap.id}-apply"))
        await _sheet_shows(client, None)
        assert p.state.boards[0].score_track == 6 and not p.state.suggestions_of(0)
        # closed by its button, opened again, a suggestion dismissed: nothing added
        await step(client, ("tap", "sheet-reward-lap"))
        lap = await _suggested(p)
        await step(client, ("tap", "status-apply"))
        await _sheet_shows(client, [f"sheet-suggest-{lap.id}-apply"])
        await step(client, ("tap", "sheet-suggestions-close"))
        await _sheet_shows(client, None)
        await step(client, ("tap", "status-apply"))
        await _sheet_shows(client, [f"sheet-suggest-{lap.id}-apply"])
        await step(client, ("tap", f"sheet-suggest-{lap.id}-dismiss"))
        await _sheet_shows(client, None)
        assert p.state.boards[0].score_track == 6 and not p.state.suggestions_of(0)
        assert not client.crashes()

    asyncio.run(go())


def test_a_refused_tap_shows_beside_its_control(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Ken"])
        p = presenter(app)
        await step(client, ("tap", "sheet-storage-wood-plus"))
        await step(client, ("tap", "sheet-storage-wood-plus"))
        # both open spaces hold wood: the board offers no third; typed, it is refused
        assert not [i for i in semantics_ids(client) if i == "sheet-storage-wood-plus"]
        await step(client, ("type", "sheet-storage-wood", 3))
        assert p.error and p.error_id == "storage-wood"
        assert by_id(client, "sheet-storage-wood-error") is not None
        await step(client, ("tap", "sheet-column-0-type-thinning"))
        await step(client, ("type", "sheet-forester-tokens-below-thinning", 1))  # not full yet
        assert p.error_id == "forester-tokens-below-thinning"
        assert by_id(client, "sheet-forester-tokens-below-thinning-error") is not None
        assert not client.crashes()

    asyncio.run(go())


async def new_guardians(client: Any, names: Sequence[str] = ("Mei", "Ken")) -> None:
    """A Forest Guardians game through the new-game form, started."""
    await _deal(client, "new-game-forest-guardians", names)
    await tap(client, "sheet-start-game")
    await refresh(client)


def test_forest_guardians_animal_in_any_shelter(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_guardians(client)
        p = presenter(app)
        await step(client, ("type", "sheet-tree-points-2", 6))
        await step(client, ("tap", "sheet-animals-in-shelter-plus"))  # basic game: no ranger
        await step(client, ("tap", "sheet-fire-tokens-plus"))
        await step(client, ("tap", "sheet-fire-tokens-plus"))
        await step(client, ("tap", "sheet-fire-tokens-minus"))  # a mistake, corrected
        await step(client, ("tap", "sheet-animal-add-3"))
        await step(client, ("tap", "sheet-animal-add-5"))
        await step(client, ("tap", "sheet-animal-0-remove"))  # the first card, by mistake
        assert p.error is None, p.error
        assert p.state.boards[0].animal_cards == (5,)
        await step(client, ("tap", "sheet-animal-0-remove"))
        board = p.state.boards[0]
        assert (board.tree_points, board.animals_in_shelter, board.fire_tokens) == (
            (0, 6, 0), 1, 1)
        assert p.total() == 7  # the sheltered animal scores only for the Animal Expert
        assert not client.crashes()

    asyncio.run(go())


def test_a_waiting_category_shows_its_question_in_its_row() -> None:
    from app.i18n import Translator
    from app.ui.sheet.presenter import scoreboard
    from scoring.api import score_record
    from tests.e2e.full_game_steps import example_93

    record = example_93()
    record.pop("printed", None)
    record["players"][0]["buildings"]["forest"] = 2  # 4 building tokens: not printed
    board = scoreboard(score_record(record), Translator("en").t)
    assert board is not None and not board.complete
    rows = {r.category: r for r in board.rows}
    assert [r.category for r in board.rows][:3] == ["score_track", "buildings", "water"]
    assert rows["buildings"].values == (None, 7, 7)
    assert rows["buildings"].waiting and "building" in rows["buildings"].waiting[0]
    assert rows["wood"].waiting == ()


def test_the_maps_mode_is_read_at_tap_time_and_returns_to_moving(svc: Any) -> None:
    """Issue 22, item 9: a tile drawn for moving the harvester, tapped after the mode
    changed to tending, tends (the mode on the server at tap time); afterwards the map
    is back to moving the harvester; a tap with nothing to do there sends nothing."""
    from app.games.forestry.ui import forest_map_view as map_view
    from app.games.forestry.ui.forest_map import MODES

    async def go() -> None:
        client, app = await start_app()
        await new_forestry(client, app, ["Mei", "Bo", "Ann"])
        p = presenter(app)
        forest = p.state.table.forest
        token = next(t for t in forest.foresters if t.space not in p.state.table.harvesters)
        await refresh(client)
        tile = by_id(client, f"map-space-{token.space}")  # drawn for moving the harvester
        app.states.setdefault(map_view.MapState, map_view.MapState,
                              p.snapshot.game_id).mode = "act"  # chosen, not redrawn
        await client.session.dispatch_event(tile._i, "click", None)
        await settle()
        forest = p.state.table.forest
        assert forest.forester_at(token.space) is None  # tended, not moved onto
        assert p.state.table.harvesters[0] != token.space
        assert p.state.boards[0].forestry_table[0].type is token.kind
        assert map_view.map_mode(app, p) == MODES[0]  # back to moving the harvester
        version = p.version
        await refresh(client)
        other = p.state.table.harvesters[1]
        await tap(client, f"map-space-{other}")  # another's harvester stands there
        assert p.version == version  # nothing sent

    asyncio.run(go())

"""Forest Guardians' ranger board drawn as the board (issue 33, item 6;
app/games/guardians/ui/board.py), through the real sheet in the Flet test harness: the frame
in the player's colour, each tree row with where its trees grow and what one costs (003's
planting condition, from scoring/guardians/rules.py), the fire tokens beside the shelter,
the animal cards as cards with their points, entered and taken back where they lie."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from scoring.guardians.rules import ROW_ORDER
from tests.app.flet_harness import by_id, on_page, start_app
from tests.app.test_ui_sheet_entry import new_guardians, presenter, step


def _texts(control: Any) -> list[str]:
    return [c.value for c in on_page(control) if isinstance(c, ft.Text) and c.value]


def test_the_ranger_board_is_drawn_and_entered_where_it_lies(svc: Any) -> None:
    async def go() -> None:
        client, app = await start_app()
        await new_guardians(client)
        p = presenter(app)
        board = by_id(client, "board-ranger")
        texts = _texts(board)
        assert "Mei's ranger board (side A)" in texts  # the basic game: side A (003)
        # the rows' words come from the rules' table (003), the top row's one card of any type
        assert [t for t in texts if t.endswith("row")] == ["Top row", "Middle row", "Bottom row"]
        assert "Terrain I · 1 resource card of any type" in texts
        assert ROW_ORDER[2].rule.cost_cards == 3 and "Terrain II / III · 3 cards of one type" \
            in texts
        await step(client, ("tap", "sheet-tree-points-1-plus"))
        await step(client, ("tap", "sheet-fire-tokens-plus"))
        await step(client, ("tap", "sheet-animals-in-shelter-plus"))
        await step(client, ("tap", "sheet-animal-add-4"))
        await step(client, ("tap", "sheet-animal-add-2"))
        b = p.state.boards[0]
        assert (b.tree_points[0], b.fire_tokens, b.animals_in_shelter, b.animal_cards) == (
            1, 1, 1, (4, 2))
        card = by_id(client, "sheet-animal-1")
        assert "2" in _texts(card)  # the card shows its points
        await step(client, ("tap", "sheet-animal-0-remove"))  # taken back where it lies
        assert p.state.boards[0].animal_cards == (2,)
        # under the board, how its total is made, from the scoring's categories: the tree row
        # 1 point, the card 2, the fire token 1 (the shelter scores only for the Animal Expert)
        assert _texts(by_id(client, "board-fg-sum")) == ["4 = Trees 1 + Animals 2 + Fires 1"]
        assert "Skill upgrades (hand size, actions) are not needed for the score." in _texts(
            by_id(client, "board-fg-skills"))
        assert p.error is None and not client.crashes()

    asyncio.run(go())


def test_side_b_shows_no_planting_conditions_the_sources_do_not_give(svc: Any) -> None:
    """003 prints each tree row's terrain and cost for side A only: the advanced game's board
    (side B) names its side and says they are not in the sources, never side A's."""
    from tests.app.flet_harness import tap
    from tests.app.test_ui_sheet_entry import refresh

    async def go() -> None:
        client, app = await start_app()
        await tap(client, "home-new-game")
        await refresh(client)
        await tap(client, "new-game-forest-guardians")
        await refresh(client)
        await client.type(by_id(client, "new-advanced"), True)
        for i, name in enumerate(("Mei", "Ken")):
            await client.type(by_id(client, f"new-player-{i}-name"), name)
        await tap(client, "new-start")
        await refresh(client)
        await tap(client, "setup-start-play")
        await refresh(client)
        await tap(client, "sheet-start-game")
        await refresh(client)
        assert presenter(app).state.boards[0].ranger is not None  # the advanced game
        texts = _texts(by_id(client, "board-ranger"))
        assert "Mei's ranger board (side B)" in texts
        assert not [t for t in texts if t.startswith("Terrain ")]  # no side A conditions
        assert _texts(by_id(client, "board-fg-side-b-rules"))[0].startswith("On side B")
        assert not client.crashes()

    asyncio.run(go())

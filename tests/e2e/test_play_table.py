"""Playing along at a shared table in the browser (issue 12): three seat phones on
`forest-table serve`. A seat tends a space and the next turn's replenishment lands on a
free space; two phones reveal at once and the round advances once; a seat undoes its
own last change while another seat's change stays."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import aim, by_id, enable_semantics, instrument, tap
from tests.e2e.table_fixtures import PLAYERS, TableServer, table_browser

__all__ = ["table_browser"]

TALL = {"width": 412, "height": 2600}
VALUE_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return e ? (e.getAttribute('aria-label') || e.textContent || '').trim() : null;
}"""
IN_VIEW_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
}"""
SELECTED_JS = """(id) => {
  const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
  return !!e && [e, ...e.querySelectorAll('*')].some(
    x => x.getAttribute('aria-selected') === 'true' || x.getAttribute('aria-checked') === 'true');
}"""


def _value(page: Any, ident: str) -> str:
    return str(page.evaluate(VALUE_JS, ident) or "")


def _wait(page: Any, ident: str, pred: Any, timeout_s: float = 15) -> str:
    deadline = time.monotonic() + timeout_s
    while True:
        text = _value(page, ident)
        if pred(text):
            return text
        assert time.monotonic() < deadline, (ident, text)
        page.wait_for_timeout(100)


def _int(text: str) -> int:
    m = re.search(r"-?\d+", text)
    assert m, text
    return int(m.group())


class Phones:
    def __init__(self, browser: Any, server: TableServer, game_id: int) -> None:
        self.server, self.game_id = server, game_id
        self.contexts: list[Any] = []
        self.seats: list[Any] = []
        for token in server.seat_tokens:
            ctx = browser.new_context(viewport=TALL)
            instrument(ctx)
            self.contexts.append(ctx)
            page = ctx.new_page()
            page.goto(f"{server.url}/join/{token}")
            enable_semantics(page)
            self.seats.append(page)
        for page in self.seats:
            by_id(page, "play-map").first.wait_for(state="attached", timeout=60_000)

    def state(self) -> Any:
        from app.session import GameSession
        from app.store.facade import Store

        store = Store.open(self.server.db_url)
        try:
            return GameSession.load(store, self.game_id).state
        finally:
            store.engine.dispose()


@pytest.fixture(scope="module")
def phones(table_browser: Any) -> Iterator[Phones]:
    from app.store.facade import Store
    from app.table.hub import TableHub

    server = TableServer()
    game_id = server.seed()
    store = Store.open(server.db_url)
    hub = TableHub(store)
    server.seat_tokens = [hub.issue(game_id, seat) for seat in (1, 2, 3)]  # type: ignore[attr-defined]
    store.engine.dispose()
    server.start()
    p = Phones(table_browser, server, game_id)
    try:
        yield p
    finally:
        for ctx in p.contexts:
            ctx.close()
        server.kill()


def test_a_seat_tends_a_space_and_the_next_turn_replenishes_a_free_space(phones: Phones
                                                                          ) -> None:
    seat1, seat2 = phones.seats[0], phones.seats[1]
    forest = phones.state().table.forest
    token = next(t for t in forest.foresters if t.space not in forest.harvesters)
    x = token.space
    tap(seat1, f"map-space-{x}")  # moving a harvester: one tap on its new space
    _wait(seat2, f"map-space-{x}", lambda s: f"harvester of {PLAYERS[0]}" in s)
    # the chip shows itself selected at once; its answer is the map redrawn for acting
    tap(seat1, "map-mode-act", until=(SELECTED_JS, "map-mode-act"))
    for _attempt in range(3):
        tap(seat1, f"map-space-{x}")  # tending takes the token off the map in the same tap
        try:
            _wait(seat2, f"map-space-{x}", lambda s: "forester token" not in s, timeout_s=5)
            break
        except AssertionError:
            if phones.state().table.forest.forester_at(x) is None:  # tended: drawn soon
                _wait(seat2, f"map-space-{x}", lambda s: "forester token" not in s)
                break
            # not tended: the tap met the space as drawn for moving (nothing to do there,
            # so nothing was sent), before the redraw for acting: a player taps again
    else:
        raise AssertionError(f"space {x} was tapped 3 times and never tended")
    state = phones.state()
    assert state.table.forest.forester_space(token.kind) is None
    assert state.boards[0].forestry_table[0].type is token.kind
    tap(seat1, "turn-end")  # the next turn starts: replenishment onto a free space
    banner = _wait(seat2, "play-banner-0", lambda s: "→" in s)  # one short line per draw
    space = int(re.search(r"→ (\d+)", banner).group(1))  # type: ignore[union-attr]
    state = phones.state()
    assert state.table.forest.forester_space(token.kind) == space
    assert space not in state.table.forest.harvesters
    assert space not in {t.space for t in state.table.forest.foresters if t.kind != token.kind}
    _wait(seat2, f"map-space-{space}", lambda s: "forester token" in s)
    assert f"{PLAYERS[1]} plays" in _value(seat2, "turn-title")


def test_two_phones_reveal_at_once_and_the_round_advances_once(phones: Phones) -> None:
    seat1, seat2, seat3 = phones.seats
    before = phones.state().table.round
    for page in (seat1, seat2):
        _wait(page, "sheet-table-line-0", lambda s: f"Round {before} " in s)
    for _attempt in range(3):
        points = [aim(p, "sheet-round-token") for p in (seat1, seat2)]
        for page, (x, y) in zip((seat1, seat2), points, strict=True):  # at the same moment
            page.mouse.click(x, y)
        t0 = time.monotonic()  # both clicks lost in the browser (nothing reached the table):
        while phones.state().table.round == before and time.monotonic() < t0 + 5:
            seat1.wait_for_timeout(100)  # the players tap again, at most 3 times
        if phones.state().table.round != before:
            break
    for page in (seat1, seat2, seat3):
        _wait(page, "sheet-table-line-0", lambda s: f"Round {before + 1} " in s)
    time.sleep(1.5)  # nothing more comes: the second tap did not apply
    assert phones.state().table.round == before + 1, phones.server.log()[-3000:]
    # the phone whose tap came second is told, with what the first one did, where it looks
    told = [_value(p, "sheet-messages") for p in (seat1, seat2)]
    assert sum("Already done on another phone" in t for t in told) == 1, told
    assert any(f"Round {before + 1}" in t for t in told), told
    (page,) = [p for p, t in zip((seat1, seat2), told, strict=True) if "Already done" in t]
    assert page.evaluate(IN_VIEW_JS, "sheet-messages") or page.evaluate(
        IN_VIEW_JS, "sheet-news-done"), "'already done' is not inside the phone's viewport"

def test_a_seat_undoes_its_own_last_change_while_another_seats_stays(phones: Phones) -> None:
    seat1, seat2 = phones.seats[0], phones.seats[1]
    coins = "sheet-resources-coins-value"
    c1, c2 = _int(_value(seat1, coins)), _int(_value(seat2, coins))
    tap(seat1, "sheet-resources-coins-plus")
    _wait(seat1, coins, lambda s: s == str(c1 + 1))
    tap(seat2, "sheet-resources-coins-plus")
    _wait(seat2, coins, lambda s: s == str(c2 + 1))
    _wait(seat1, "changes-line-0", lambda s: s.startswith(PLAYERS[1]))  # who changed what
    tap(seat1, "undo-mine")
    _wait(seat1, coins, lambda s: s == str(c1))
    state = phones.state()
    assert state.boards[0].resources.coins == c1
    assert state.boards[1].resources.coins == c2 + 1  # the other seat's stays
    _wait(seat2, coins, lambda s: s == str(c2 + 1))

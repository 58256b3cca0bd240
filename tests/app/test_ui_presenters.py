"""Home, settings and records presenters (plain Python)."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace as NS

import pytest

from app.i18n import Translator
from app.store.crud import SeatInfo
from app.store.queries import GameSummary
from app.ui.home import presenter as presenters_home
from app.ui.records import presenter as presenters_records
from app.ui.settings import presenter as presenters_settings
from scoring.cite import CiteTitle, Source, cite

t = Translator("en").t


def test_rules_decisions_copy_equals_the_doc():
    """The copy packaged under app/ui/data (built apps) must match docs/rules-decisions.md.

    If this fails: cp docs/rules-decisions.md app/ui/data/rules-decisions.md
    """
    assert presenters_settings.RULES_DECISIONS_DOC.exists()
    assert presenters_settings.RULES_DECISIONS_COPY.read_text(encoding="utf-8") == \
        presenters_settings.RULES_DECISIONS_DOC.read_text(encoding="utf-8"), (
        "docs/rules-decisions.md changed: cp docs/rules-decisions.md "
        "app/ui/data/rules-decisions.md (the copy built apps show)")
    assert presenters_settings.rules_decisions_text().startswith("# Rules decisions")


def test_printed_rows_have_sources_and_unknowns():
    rows = presenters_settings.printed_rows({"buildings_vp": {"4": 5}})
    known = {(r.table, r.key): r for r in rows if r.known}
    assert known[("buildings_vp", "5")].value == "7"
    assert known[("buildings_vp", "5")].source == cite(Source.S002, CiteTitle.EXAMPLE_BUILDINGS)
    assert known[("buildings_vp", "4")].confirmed and not known[("buildings_vp", "4")].source
    assert not known[("buildings_vp", "5")].confirmed
    assert any(not r.known and r.table == "technician_vp" for r in rows)
    assert any(r.table == "forester_majority" and r.value == "10 / 6 / 2" for r in rows)


def test_game_lines():
    seats = tuple(SeatInfo(i + 1, i + 1, name, None, None, None, None, False)
                  for i, name in enumerate(("Mei", "Ken")))
    g = GameSummary(3, "forestry", "open", None, "app", datetime(2026, 1, 1, 20), None, seats,
                    updated_at=datetime(2026, 1, 2, 3, 4))
    (line,) = presenters_home.game_lines([g], t)
    assert line.title == "Forestry" and "Mei, Ken" in line.detail and "2026-01-02" in line.detail


def test_the_games_in_progress_come_from_the_store():
    from app.store.facade import Store
    from app.ui.kit.services import Services

    store = Store.open("sqlite://")
    g = store.create_game(game="forest-guardians", players=["Ana", "Bo"])
    store.create_game(game="forestry", players=["Cy"])
    done = store.create_game(game="forestry", players=["Dee"])
    assert g.id is not None and done.id is not None
    store.delete_game(game_id=done.id)
    open_now = Services(store).open_games()
    assert [x.names for x in open_now] == [("Cy",), ("Ana", "Bo")]  # newest change first
    lines = presenters_home.game_lines(open_now, t)
    assert lines[1].id == g.id and lines[1].title == "Forest Guardians"
    assert "Ana, Bo" in lines[1].detail


def test_history_and_stats_lines():
    p1 = NS(name="Mei", total=93, winner=True, rank=1, seat=1)
    p2 = NS(name="Ken", total=None, winner=False, rank=None, seat=2)
    g = NS(id=1, game="forest-guardians", played_at=datetime(2026, 5, 1), players=(p2, p1))
    (h,) = presenters_records.history_lines([g], t)
    assert h.players == ("Mei 93 ★", "Ken –") and h.title == "Forest Guardians"
    s = NS(name="Mei", game="forestry", plays=3, wins=2, average_score=81.333, best_score=93)
    (line,) = presenters_records.stats_lines([s], t)
    assert (line.average, line.best, line.plays) == ("81.3", "93", 3)


def test_game_lines_show_local_time(monkeypatch):
    """The store keeps UTC; home shows when a game in progress changed in local time (issue
    25: it showed UTC)."""
    import time
    from datetime import UTC

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        seat = SeatInfo(1, 1, "Mei", None, None, None, None, False)
        g = GameSummary(3, "forestry", "open", None, "app", datetime(2026, 1, 2, 20, tzinfo=UTC),
                        None, (seat,), updated_at=datetime(2026, 1, 2, 23, 30, tzinfo=UTC))
        (line,) = presenters_home.game_lines([g], t)
        assert "2026-01-03 08:30" in line.detail
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game,count", [("forestry", 3), ("forest-guardians", 2)])
def test_no_setup_step_repeats_its_title(lang: str, game: str, count: int) -> None:
    """Issue 22: step 16 (Growing Forward's detached scoring tokens) began with its title."""
    from app.i18n import Translator
    from app.ui.new_game.presenter import NewGamePresenter
    from app.ui.setup.presenter import SetupPresenter

    t = Translator(lang).t
    p = NewGamePresenter(t)
    p.set_game(game)
    p.set_count(count)
    for i in range(count):
        p.set_name(i, "ABC"[i])
    if game == "forestry":
        p.form.infestation = True
    request = p.submit(lambda: 3)
    assert request is not None
    for card in SetupPresenter(t, request).cards():
        assert not str(card.detail).startswith(str(card.title)), (card.number, card.title)

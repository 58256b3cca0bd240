"""A history people can keep, in a real browser (issue 15): a game deleted with a
confirmation comes back with Undo; two people who are one are merged.

Its own server and database (the figures of test_records.py stay as they are): two
Forest Guardians games imported with ``forest-table records import`` — Mei against Ken,
then Meiko (Mei under another name) against Aiko.
"""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.e2e.conftest import ROOT, _forest_table_cmd, by_id, tap, wait_text
from tests.e2e.test_records import (
    Server,
    card_of,
    ids_with,
    label_of,
    record,
    seeded_server_fixtures,
)

pytestmark = pytest.mark.e2e

GAMES = [
    ("2026-02-01T00:30:00+09:00", [("Mei", (2, 6, 3), (3, 6), 3), ("Ken", (4, 2, 0), (5,), 2)]),
    ("2026-03-01T19:00:00+09:00", [("Meiko", (5, 5, 0), (2,), 2),
                                   ("Aiko", (1, 1, 1), (), 1)]),
]


class KeepServer(Server):
    def seed(self) -> int:
        path = self.data_dir / "seed.jsonl"
        path.write_text("".join(json.dumps(record(w, s)) + "\n" for w, s in GAMES))
        done = subprocess.run([*_forest_table_cmd(), "records", "import", str(path)],
                              cwd=ROOT, env=self.env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0 and "Imported 2 games (id 1, 2)." in done.stdout, \
            done.stdout + done.stderr
        return 2


seeded_server, server_url, no_server_errors = seeded_server_fixtures(KeepServer)


def test_delete_asks_first_and_undo_brings_the_game_back(phone):  # type: ignore[no-untyped-def]
    tap(phone, "home-history", appears="history-game-1")
    # the record's own date (00:30 +09:00), not UTC's (the day before)
    assert "2026-02-01" in label_of(phone, "history-game-1")
    tap(phone, "history-manage-1", appears="played-delete")
    tap(phone, "played-delete", appears="played-delete-confirm")
    tap(phone, "played-delete-yes", appears="history-undo-banner")
    by_id(phone, "history-game-1").first.wait_for(state="detached", timeout=15_000)
    assert by_id(phone, "history-game-2").count() == 1
    tap(phone, "history-undo", gone="history-undo-banner")
    by_id(phone, "history-game-1").first.wait_for(state="attached", timeout=15_000)


def test_merge_two_people_into_one(phone):  # type: ignore[no-untyped-def]
    # people by name: Aiko 4, Ken 2, Mei 1, Meiko 3 (ids in the order the import met them)
    tap(phone, "home-history", appears="history-people")
    tap(phone, "history-people", appears="people-merge-3")
    tap(phone, "people-merge-3", appears="people-into-1")
    tap(phone, "people-into-1", appears="people-merge-confirm")
    tap(phone, "people-merge-yes", gone="people-3")
    wait_text(phone, "Meiko merged into Mei.")
    tap(phone, "nav-back", appears="history-game-2")
    tap(phone, "nav-back", appears="home-stats")
    tap(phone, "home-stats", appears="stats-0")
    card_of(phone, "stats-", "Mei", "Plays 2")  # Mei: both games now
    assert not [i for i in ids_with(phone, r"^stats-\d+$") if "Meiko" in label_of(phone, i)]

"""Crash safety: a process applying commands is SIGKILLed mid-burst; nothing acknowledged is lost.

The child loads the game from a SQLite file and applies commands as fast as it
can, printing each acknowledged version (flushed) after ``apply``/``undo``/
``redo`` returned. The parent kills it with SIGKILL, then reopens the file:
the database passes ``PRAGMA integrity_check``, every acknowledged version is
in the log, and reloading (which replays the log and compares it with the
stored snapshot) gives the same state twice.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from app.session import GameSession
from app.store.engine import open_engine
from app.store.facade import Store

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import sys
    from app.games.forestry.commands import AddScore, PlaceForester, SetCount
    from app.game.errors import DomainError
    from app.session import GameSession
    from app.store.facade import Store

    store = Store.open(sys.argv[1])
    s = GameSession.load(store, int(sys.argv[2]))
    print("ready", flush=True)
    k = 0
    while True:
        k += 1
        try:
            step = k % 6
            if step == 0:
                s.apply(AddScore(version=s.version, player=k % 3, delta=4))
            elif step == 1:
                s.apply(SetCount(version=s.version, player=k % 3, field="resources.coins",
                                 value=k % 40))
            elif step == 2:
                s.undo(s.version)
            elif step == 3:
                s.redo(s.version)
            elif step == 4:
                s.apply(PlaceForester(version=s.version, player=k % 3,
                                      type=("thinning", "den_tree", "painting")[k % 3]))
            else:
                s.apply(SetCount(version=s.version, player=k % 3, field="score_track",
                                 value=(k * 7) % 120))
        except DomainError:
            continue
        print(s.version, flush=True)
    """
)


def _integrity(url: str) -> str:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            return str(conn.execute(sa.text("PRAGMA integrity_check")).scalar())
    finally:
        engine.dispose()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
@pytest.mark.parametrize("acks_before_kill", [5, 60, 200])
def test_sigkill_mid_burst_loses_no_acknowledged_command(
    tmp_path: Path, acks_before_kill: int
) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    engine = open_engine(url)
    session = GameSession.create(Store(engine), game="forestry", players=["A", "B", "C"],
                                 options={"infestation": True}, seed=acks_before_kill)
    game_id = session.game_id
    engine.dispose()

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, url, str(game_id)], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None
    acked: list[int] = []
    try:
        ready = child.stdout.readline().strip()
        assert ready == "ready", child.stderr.read() if child.stderr else ""
        deadline = time.monotonic() + 60
        while len(acked) < acks_before_kill and time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line:
                break
            acked.append(int(line))
        child.send_signal(signal.SIGKILL)
        rest, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    acked.extend(int(x) for x in rest.split())
    assert child.returncode == -signal.SIGKILL, err
    assert len(acked) >= acks_before_kill, err

    assert _integrity(url) == "ok"
    engine = open_engine(url)
    try:
        store = Store(engine)
        seqs = [e.seq for e in store.load_log(game_id=game_id)]
        assert seqs == list(range(1, len(seqs) + 1))  # no gap, no half-written entry
        assert set(acked) <= set(seqs)
        snapshot = store.latest_state(game_id=game_id)
        assert snapshot is not None and snapshot.seq == seqs[-1]  # log and state together
        first = GameSession.load(store, game_id)  # replays and compares with the snapshot
        second = GameSession.load(store, game_id)
        assert first.version == second.version == seqs[-1] >= max(acked)
        assert first.state == second.state
        assert first.state.to_json() == snapshot.state
        # the game goes on after the crash
        if first.snapshot().can_undo:
            first.undo(first.version)
        assert GameSession.load(store, game_id).state == first.state
    finally:
        engine.dispose()

"""``Store``: the CRUD functions bound to an engine, one session per call.

What ``GameSession`` and the table server hold: ``Store.open()`` (database
from ``DATABASE_URL`` or the default location, migrated to the newest schema),
``Store.open("sqlite://")`` for an in-memory database in tests.
Objects returned are detached (``expire_on_commit=False``): read them freely.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from app.game.registry import variant
from app.store import crud, photos
from app.store.engine import open_engine
from app.store.exchange import rescore_incomplete
from app.store.models import CommandLog, FinishedRecord, GameRow, GameStateRow, Person, PrintedValue
from scoring.api import score_record
from scoring.printed import embed_confirmed

log = logging.getLogger(__name__)

#: How often the confirmed printed values of a database changed in this process (per
#: engine: every ``Store`` on one engine sees the others' changes). Caches of printed
#: values (:meth:`Store.printed_view`) compare it before reuse.
_printed_generations: weakref.WeakKeyDictionary[Engine, int] = weakref.WeakKeyDictionary()
_printed_lock = threading.Lock()


class Store:
    """The store of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._printed: tuple[int, dict[str, dict[str, Any]]] | None = None

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """Open (and migrate) the database at ``url`` (default: ``DATABASE_URL`` or data dir)."""
        return cls(open_engine(url))

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session whose objects stay readable after commit."""
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    # people ------------------------------------------------------------------
    def get_or_create_person(self, *, name: str) -> Person:
        with self.session() as s:
            return crud.get_or_create_person(s, name=name)

    # games -------------------------------------------------------------------
    def create_game(
        self,
        *,
        game: str,
        players: Sequence[crud.SeatSpec | Mapping[str, Any] | str],
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        location: str | None = None,
        played_at: datetime | None = None,
        state: Mapping[str, Any] | None = None,
    ) -> GameRow:
        with self.session() as s:
            return crud.create_game(s, game=game, players=players, options=options, seed=seed,
                                    location=location, played_at=played_at, state=state)

    def get_game(self, *, game_id: int) -> GameRow | None:
        with self.session() as s:
            return crud.get_game(s, game_id=game_id)

    def game_seats(self, *, game_id: int) -> list[crud.SeatInfo]:
        with self.session() as s:
            return crud.game_seats(s, game_id=game_id)

    def list_open_games(self) -> list[GameRow]:
        with self.session() as s:
            return crud.list_open_games(s)

    def delete_game(self, *, game_id: int) -> None:
        """Delete a game whole (:func:`crud.delete_game`), its photos' files too: once the
        rows are gone (a delete that fails loses no photo)."""
        with self.session() as s:
            shots = photos.list_photos(s, game_id)
            crud.delete_game(s, game_id=game_id)
        for shot in shots:
            photos.photo_path(self.engine, shot).unlink(missing_ok=True)

    # log and state -----------------------------------------------------------
    def append_command(
        self,
        *,
        game_id: int,
        seq: int,
        kind: str,
        payload: Mapping[str, Any],
        outcome: Any,
        state: Mapping[str, Any],
    ) -> CommandLog:
        with self.session() as s:
            return crud.append_command(s, game_id=game_id, seq=seq, kind=kind, payload=payload,
                                       outcome=outcome, state=state)

    def load_log(self, *, game_id: int, after: int = 0) -> list[CommandLog]:
        with self.session() as s:
            return crud.load_log(s, game_id=game_id, after=after)

    def latest_state(self, *, game_id: int) -> GameStateRow | None:
        with self.session() as s:
            return crud.latest_state(s, game_id=game_id)

    # finishing ---------------------------------------------------------------
    def finish_game(self, *, game_id: int, record: Mapping[str, Any], sheet: Any) -> GameRow:
        with self.session() as s:
            return crud.finish_game(s, game_id=game_id, record=record, sheet=sheet)

    def get_record(self, *, game_id: int) -> FinishedRecord | None:
        with self.session() as s:
            return crud.get_record(s, game_id=game_id)

    # printed values ----------------------------------------------------------
    def get_printed(self) -> dict[str, dict[str, Any]]:
        """Every confirmed printed value, read from the database now."""
        with self.session() as s:
            return crud.get_printed(s)

    @property
    def printed_generation(self) -> int:
        """Changes so far to the printed values of this database (in this process): a
        cache made at one generation is stale at another."""
        return _printed_generations.get(self.engine, 0)

    def _printed_changed(self) -> None:
        with _printed_lock:
            _printed_generations[self.engine] = _printed_generations.get(self.engine, 0) + 1

    def printed_changed(self) -> None:
        """The printed values changed elsewhere (another server process notified it): every
        cache of them in this process is read again."""
        self._printed_changed()

    def printed_view(self) -> Mapping[str, Mapping[str, Any]]:
        """The confirmed printed values, read once and again only after they changed
        (:attr:`printed_generation`): what sessions score with on every tap. Read-only."""
        generation = self.printed_generation
        cached = self._printed
        if cached is None or cached[0] != generation:
            cached = self._printed = (generation, self.get_printed())
        return cached[1]

    def printed(self) -> dict[str, dict[str, Any]]:
        """:meth:`printed_view` as a copy (what screens read: change it freely)."""
        return {table: dict(values) for table, values in self.printed_view().items()}

    def confirm_printed(self, *, table: str, key: str, value: Any) -> PrintedValue:
        """Save the value; then finished games that lacked it are scored again.

        The re-scoring never makes this fail: a problem there is logged.
        """
        try:
            with self.session() as s:
                row = crud.confirm_printed(s, table=table, key=key, value=value)
        finally:
            self._printed_changed()
        self.rescore_incomplete()
        return row

    def forget_printed(self, *, table: str, key: str) -> bool:
        """Delete a confirmed value: new and unfinished games ask for it again; finished
        games keep the values they were scored with (embedded in their records)."""
        try:
            with self.session() as s:
                return crud.forget_printed(s, table=table, key=key)
        finally:
            self._printed_changed()

    def rescore_game(self, *, game_id: int) -> bool:
        """Score a finished game again with the printed values remembered now (the user
        asked for it): its record takes them; totals, ranks and statistics follow."""
        with self.session() as s:
            saved = crud.get_record(s, game_id=game_id)
            if saved is None:
                return False
            confirmed = crud.get_printed(s)
            record = dict(saved.record)
            if variant(str(record.get("game"))).printed:
                record = embed_confirmed(record, confirmed)
            sheet = score_record(record, confirmed=confirmed)
            crud.replace_results(s, game_id=game_id, sheet=sheet, record=record)
        return True

    def rescore_incomplete(self) -> list[int]:
        """Score again finished games that lacked a printed value (see exchange)."""
        try:
            with self.session() as s:
                return rescore_incomplete(s)
        except crud.STORAGE_ERRORS + (crud.StoreError, ValueError):
            log.exception("re-scoring games that lacked a printed value")
            return []

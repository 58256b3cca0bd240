"""Storage: SQLModel tables, engine (SQLite default, ``DATABASE_URL``), migrations, CRUD.

Public API (see docs/session.md "app/store" and docs/records.md):

- engine: :func:`open_engine`, :func:`make_engine`, :func:`database_url`, :func:`upgrade`
- CRUD (``Session`` first, keyword-only): :func:`create_game`, :func:`append_command`,
  :func:`load_log`, :func:`latest_state`, :func:`list_open_games`, :func:`finish_game`,
  :func:`get_or_create_person`, :func:`get_printed`, :func:`confirm_printed`, ...
- :class:`Store`: the same bound to an engine, one session per call.
- history and statistics: ``app.store.queries``; export/import: ``app.store.exchange``.
"""

from __future__ import annotations

from app.store.crud import (
    DuplicateSeq,
    GameFinished,
    InvalidData,
    NotFound,
    SeatInfo,
    SeatSpec,
    StoreError,
    add_finished_game,
    append_command,
    confirm_printed,
    create_game,
    delete_game,
    finish_game,
    game_seats,
    get_game,
    get_or_create_person,
    get_person,
    get_printed,
    get_printed_value,
    get_record,
    latest_state,
    list_open_games,
    list_people,
    load_log,
    replace_results,
)
from app.store.engine import database_url, make_engine, open_engine, upgrade
from app.store.facade import Store
from app.store.models import (
    CommandLog,
    FinishedRecord,
    Game,
    GameState,
    Person,
    PrintedValue,
    Seat,
    SeatCategory,
)
from app.store.tokens import TableToken  # noqa: F401  (table mode, revision 0003: registers the table)

__all__ = [
    "CommandLog", "DuplicateSeq", "FinishedRecord", "Game", "GameFinished", "GameState",
    "InvalidData", "NotFound", "Person", "PrintedValue", "Seat", "SeatCategory", "SeatInfo",
    "SeatSpec", "Store", "StoreError", "add_finished_game", "append_command", "confirm_printed",
    "create_game", "database_url", "delete_game", "finish_game", "game_seats", "get_game",
    "get_or_create_person", "get_person", "get_printed", "get_printed_value", "get_record",
    "latest_state", "list_open_games", "list_people", "load_log", "make_engine", "open_engine",
    "replace_results",
    "upgrade",
]

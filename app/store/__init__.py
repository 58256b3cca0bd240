"""Storage: SQLModel tables, engine (SQLite default, ``DATABASE_URL``), migrations, CRUD.

This package's ``__init__`` imports none of its modules (a package that
re-exports submodules which import their siblings is an import cycle):
import each name from the module that holds it.

Public API (see docs/session.md "app/store" and docs/records.md):

- tables, :mod:`app.store.models`: ``GameRow``, ``Seat``, ``SeatCategory``,
  ``Person``, ``CommandLog``, ``GameStateRow``, ``FinishedRecord``, ``PrintedValue``;
  table-mode tokens (revision 0003), :mod:`app.store.tokens`: ``TableToken``;
- engine, :mod:`app.store.engine`: :func:`open_engine`, :func:`make_engine`,
  :func:`database_url`, :func:`upgrade`;
- CRUD, :mod:`app.store.crud` (``Session`` first, keyword-only): :func:`create_game`,
  :func:`append_command`, :func:`load_log`, :func:`latest_state`,
  :func:`list_open_games`, :func:`finish_game`, :func:`get_or_create_person`,
  :func:`get_printed`, :func:`confirm_printed`, ..., the one transaction helper
  :func:`transaction`, and its errors (``StoreError``,
  ``NotFound``, ``InvalidData``, ``DuplicateSeq``, ``GameFinished``);
- :class:`app.store.facade.Store`: the same bound to an engine, one session per call;
- history and statistics: :mod:`app.store.queries` (summaries kept by
  :mod:`app.store.summary`); export: :mod:`app.store.exports`, import:
  :mod:`app.store.imports` (both re-exported by :mod:`app.store.exchange`).
"""

"""Table mode: one authoritative session per open table, every phone in sync.

Where things are (no submodule is imported here: importing ``app.table.hub`` must not
import the tab, nor the tab the hub's callers):

- :mod:`app.table.hub` — :class:`~app.table.hub.TableHub`: the process's open tables;
  a tap is checked, applied and saved, then broadcast to every phone (the tapper too).
- :mod:`app.table.answers` — what the hub answers: ``Accepted | Refused``.
- :mod:`app.table.rights` — who may send what (:class:`~app.table.rights.Access`,
  :func:`~app.table.rights.check_rights`, from a command's ``rights``).
- :mod:`app.table.codes` — table mode's message codes, storage failures as codes.
- :mod:`app.table.links` — join links, routes, QR codes.
- :mod:`app.ui.shell.tab` — :class:`~app.ui.shell.tab.TableTab`: one browser tab's controller
  (the token gate, the join screen); the app it opens is given to it (``TabShell``).

Token storage is :mod:`app.store.tokens`. See docs/table-mode.md.
"""

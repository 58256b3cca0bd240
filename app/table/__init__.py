"""Table mode: one authoritative session per open table, every phone in sync.

Where things are (no submodule is imported here; no flet and nothing of the UI anywhere:
a browser tab's controller is the UI shell's, :mod:`app.ui.shell.tab`):

- :mod:`app.table.hub` — :class:`~app.table.hub.TableHub`: the process's open tables;
  a tap is checked, applied and saved, then broadcast to every phone (the tapper too).
- :mod:`app.table.answers` — what the hub answers: ``Accepted | Refused``.
- :mod:`app.table.rights` — who may send what (:class:`~app.table.rights.Access`,
  :func:`~app.table.rights.check_rights`, from a command's ``rights``).
- :mod:`app.table.codes` — table mode's message codes, storage failures as codes.
- :mod:`app.table.links` — join links, routes, QR codes.

Token storage is :mod:`app.store.tokens`. See docs/table-mode.md.
"""

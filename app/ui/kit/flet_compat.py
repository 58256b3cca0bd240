"""Every workaround for Flet 1.0.5's behaviour, in one place (pinned: re-check on upgrade).

Each entry says what Flet 1.0.5 does, why the app works around it and which
test shows it (``tests/app``, pure Python through flet's own session, see
../shared/notes/flet-1.0.md). Nothing else in ``app/ui`` touches a private
Flet attribute (``_i``, ``session.index``); the table benchmark
(``benchmarks/bench_table.py``) is the gate for every change here: the kept
pieces and the reconciled redraw are what let one laptop serve many tables.

1. Removed: re-indexing reused controls. Flet 1.0.5 keeps a control reused from the last
   render in its session's index through every redraw the app makes now (the body-only
   patch, 8., and a new frame alike): switched off, no browser test and no test whose
   session encodes its messages as the web server does failed, and in the browser runs it
   never had a control to put back. (The plain test harness indexes nothing until
   ``get_page_patch()``: there it had put kept fields in the index, and the tests that type
   into them now encode, as the server does.) ``tests/app/test_ui_sheet.py``
   (``session.index.get(plus._i) is plus``) and ``tests/app/test_ui_new_game.py::``
   ``test_a_name_typed_after_a_redraw_still_reaches_the_form`` hold Flet to it.
2. **Text fields must survive a redraw** (:class:`KeptControls`). A field made
   anew is diffed against the one the phone has: its value (the server's, without what
   was typed since) is sent over the typed text and the change event then reads it (in
   a new frame, the event reaches no handler at all), losing what the user just typed;
   the same field instance is handed out on every render.
   Shown by the new-game, settings and records tests that type, redraw, save.
3. **Only a control still on the page may be reused** (:func:`on_screen`).
   One the page dropped (another screen came between) has lost its place and
   takes no more taps. Shown by ``tests/app/test_ui_sheet.py`` (the redraw test above) and
   ``tests/e2e/test_table_mode.py::test_a_seat_taps_its_kept_sheet_after_another_seats_change``.
4. **One scrolling column per visit** (:func:`screen_key`). A navigation gets
   a new keyed column, which starts at the top in the same frame; a
   ``scroll_to`` sent after the redraw arrived late and Flutter's semantics boxes
   (screen readers, the browser tests) stayed where the old screen was
   scrolled to. A redraw within the visit keeps the key, so Flet reconciles it
   (same type and place = the same control, which keeps its id): a tap on the
   sheet sends ~0.4 kB instead of ~30 kB and the phone keeps focus and scroll.
   No unit test can see Flutter's scrolling: the browser tests tap through the
   screens right after each navigation (``tests/e2e/test_navigation.py``,
   ``test_home.py``); the reconciled redraw is measured by the table benchmark
   (CPU per phone redraw).
5. **A reconnected tab is sent whole** (the shell's ``reconnected``: a new
   screen key). Flet drops what a disconnected session sends but its record of
   what the phone has moves on, so a reconciled redraw could leave the phone
   showing an old value. Shown by ``tests/app/test_trust.py::test_a_phone_back_from_sleep_``
   ``gets_every_later_update`` and ``tests/e2e/test_table_trust.py::test_a_phone_back_``
   ``from_sleep_gets_live_updates_also_after_a_reload``.
6. **No ``history.back()``** (:func:`push_route`). Flet 1.0 can only push an
   address; the in-app back arrow pushes the previous screen's address, and a
   push waits for no client longer than :data:`PUSH_TIMEOUT` (tests have none).
   Shown by ``tests/app/test_ui_navigation.py::test_a_new_screen_pushes_its_address`` and
   ``test_browser_back_and_forward`` (no client: the push gives up quietly).

7. **A control's id and the send queue are private** (:func:`control_id`,
   :func:`frames_queued`). A tap's frame names the control by Flet's id (``_i``:
   a control has no public ``id``; reading ``control.id`` gave ``None``, so the
   version the phone showed was never found); the web connection sends a
   session's frames in order from one queue, so a patch made now goes out after
   the frames still in it (:mod:`app.shown` matches a draw to its frame); a socket that
   closed leaves that queue None while the session still holds the connection
   (:func:`stopped_sending`: a table's broadcast is not drawn then). Shown by
   ``tests/app/test_ui_sheet.py::test_a_reveal_tapped_before_the_other_phones_``
   ``reveal_is_drawn_is_already_done`` and ``tests/app/test_taps.py``.

8. **A redraw patches only the screen's body** (:func:`patch_body`). ``page.update()``
   after a new ``SafeArea``/``Column`` walks the page and reconciles the screen's frame
   anew on every redraw; within a visit the frame stays as it is and the new body is
   diffed against the one on the phone (frozen, as Flet does for a keyed control), in one
   patch addressed to the frame's column: the same frame, the same answer, less work.
   A frame not sent frozen (10.) and a page with changes of its own take the whole
   page's ``update()``. The pinned rows (the status strip's) are patched the same way,
   one patch per row that changed, in a box made once a visit (:func:`patch_children`).
   A piece that changes at most taps (a seat's total, the last change at the table) sits
   in a slot, a column kept from one redraw to the next (``kept.keep_slot``): the columns
   around it stay the phone's and are neither made nor diffed, and its new piece goes in a
   patch of its own addressed to the slot once the screen is drawn (:func:`patch_slot`;
   CPU per redraw 1.87 -> 1.1 ms in bench_table at 10 tables).
   Measured by the table benchmark; the sheet's tests and the browser tests draw
   through it.

9. **A valid control keeps no record of its errors** (:func:`_validate`). Flet 1.0.5
   validates every control it draws and leaves an empty set on each (the errors it
   already reported, so an error is reported once): about a third of a sheet's memory
   per phone. The set is made when a control first fails, as Flet reports it then:
   the same errors, once each. Shown by ``tests/app/test_flet_compat.py``.

10. **A screen is drawn frozen** (:func:`frozen`). Flet keeps, on every control it
   first sends unfrozen, copies of its lists and empty records for the next in-place
   diff; the app never updates a screen's control in place (every redraw is diffed
   frozen, 4. and 8.), so a new screen's frame is marked frozen before it is sent:
   Flet then marks everything in it frozen and keeps no copies (memory per phone), and
   the first redraw of a visit is already a body-only one (8.). A kept text field is
   thawed before it is changed (:func:`thaw`). Shown by the same tests as 1.-2. and 8.

11. **A new control is made without setting its defaults one by one** (:func:`fast_init`).
   A Flet 1.0.5 control's ``__init__`` (made by ``dataclasses``) assigns each of its
   50-80 fields, and each assignment of a declared default runs Flet's property
   descriptor only to be dropped there (sparse ``_values``): ~17 us a control, a third
   of a redraw at a busy table. The replacement assigns what the caller gave and what
   the original would store (factories, non-property fields, a default a subclass
   changed), in the same order, and calls the same ``__post_init__``; anything else
   (a missing or unknown argument) goes to the original, which raises as before.
   Shown by ``tests/app/test_flet_compat.py`` (every control class made both ways,
   without and with arguments: the same fields, values and changes).

   A key given to a control just made (:func:`keyed`) is recorded as given to its
   constructor: Flet clears a new control's change record once it is constructed, and a
   key set right after stayed in it for as long as the piece was kept (a dict on each
   kept piece, ~18 KiB a phone). Shown by ``tests/app/test_flet_compat.py``.

   A control's own attributes stay in place (:func:`prime_attributes`). CPython 3.11
   keeps an object's attributes in a small array shared in layout by its class, while the
   class's table of attribute names has room; each new object takes one place of that
   room, so the names set on the first few (Flet's ``__init__``: seven) were all there
   was, and the three Flet adds once a control is on a page (``_parent``, ``_frozen``,
   ``_initialized``) made each control a dictionary of its own: ~390 bytes a control,
   a quarter of a phone's memory (1,139 -> 886 KiB a session, bench_table's measure).
   Each control class gets them all on one throwaway object at import; so does each value
   class (:func:`prime_value_attributes`: a border, its sides, an alignment, a padding: Flet
   sets ``_parent`` and ``_frozen`` on them too, ~430 a phone, ~115 KiB). Shown by
   ``tests/app/test_flet_compat.py``.

   What every control of a class holds alike is held once (:data:`SHARED_INTERNALS`,
   :data:`NO_CHANGES`). Flet 1.0.5 gives each control its own ``_internals`` (what it tells
   the phone's renderer besides the properties: a container's ``skip_properties`` list, a
   row's ``host_expanded``), made by the class's ``init`` and written nowhere else for the
   classes listed: one per class (~150 KiB a phone). And each its own empty record of
   changes (``_dirty``, ~95 KiB a phone): a control or value not changed since it was made
   holds one shared empty record, and its first change (``_prop_set``, Flet's ``Prop.__set__``
   but for that) gives it its own. Together 1,298 -> 928 KiB a session (1 table x 5 phones,
   bench_table's measure; 1,255 -> 885 KiB at 50 tables), CPU per redraw unchanged. Shown by
   ``tests/app/test_flet_compat.py`` (with canaries: Flet's writers of ``_internals`` and its
   ``Prop.__set__`` as they were in 1.0.5).

12. **The diff's debug lines cost when nobody reads them** (:class:`_QuietDiffLog`).
   Flet's diff calls ``logger.debug`` ~440 times in one phone's redraw, on a logger it
   sets to INFO itself (``flet_object_patch``): ~0.15 ms of a redraw only to find the
   level off. Unless that logger is enabled for DEBUG when this module is imported, its
   debug calls return at once; everything else goes to the logger. Shown by
   ``tests/app/test_flet_compat.py``.

13. **A tab that draws after its socket closed** (``serve`` installs
   :func:`app.web.sessions.quiet_closed_sends`; :func:`stopped_sending`). Flet
   1.0.5's web connection sets its send queue to None when its socket closes, before
   the session hears of it; a frame sent then (a redraw, ``on_connect``'s render) raised
   ``AttributeError`` in the tab's handler, and ``page.run_task`` after the session was
   told raised on its ``connection`` None. The frame is dropped, as flet-web drops a
   data-channel frame then (a tab that comes back is sent whole: 5.), and the task runs
   on the server's loop when there is one, else is dropped (a destroyed session's too).
   Found by ``tests/app/test_table_fuzz.py`` and the hostile-tab tests; shown by
   ``tests/app/test_live_table.py`` and ``tests/app/test_web_hostile.py``.

14. **A control that changes place is sent anew, not "moved"** (:func:`_no_pairing`).
   Flet 1.0.5's diff pairs the removal of a control from one place with its addition in
   another (the same object, or the same key at the same path) and turns the two into one
   "move", emitted where the later of the two was found. Inside a list whose items also
   moved, the earlier one's path was anchored at the item's place *before* that move, so
   the "move" took the wrong control (a phone showed a piece in a list it had left and
   lost a neighbour) or the diff raised ``AttributeError: 'Semantics' object has no
   attribute 'controls'`` and the redraw was lost (a kept piece of the sheet that went
   from one column to another while a card above it moved: CI's round-token prompt never
   reached a phone). Every removal and addition now stands on its own: a moved piece is
   removed where it was and sent whole where it goes (the keyed "move" within one list,
   which Flet emits directly, is unchanged). Shown by ``tests/app/test_flet_diff.py``: a
   model of the phone applies each patch of random frozen redraws with kept pieces and
   must end as the server's tree (unpatched, 115 of 400 seeded runs of six redraws crashed or
   left the phone wrong);
   its canary (``test_flet_still_needs_it``) puts Flet's pairing back and expects the crash.

15. **A handler's start and end, and its event's data, are seen by wrapping
   ``Session.dispatch_event``** (in ``app/web``: it sits below this module's layer and
   installs them at ``build_app``): :func:`app.web.taps.install_handled_hook` (a tap's
   answer once its handler is done, a resent tap applied once),
   :func:`app.web.budget.install_gate_hook` (a tab's event budget) and
   :func:`app.web.sessions.install_event_checks` (event data checked against the type of
   the event its control makes, the control found in ``Session.index``). Flet 1.0.5 has no
   hook around a handler and makes an event of whatever data the phone sent. Shown by
   ``tests/app/test_taps.py`` and ``tests/app/test_web_hostile.py``.

16. **A kept session is evicted from flet-web too**
   (:func:`app.web.sessions._evict_from_flet`): flet-web keeps a closed tab's session for
   its return, under an id of its own making, and lists its sessions only in a private
   dictionary (``FletAppManager.__sessions``); the cap of tabs per address drops the oldest
   there as well. Shown by ``tests/app/test_flet_canaries.py`` (``test_16_...``).

Every private name these rely on is in :data:`FLET_PRIVATE_NAMES` (and
:data:`FLET_WEB_PRIVATE_NAMES`), checked at import (``serve``: at its start);
docs/flet-workarounds.md lists each workaround with its test and its canary
(``tests/app/test_flet_canaries.py``: Flet's behaviour with the workaround off).
Other ties to flet-web that are not Python names: the client's icon list read from
``main.dart.js`` (:mod:`app.web.icons`, the full font when it cannot be read), its
loading page (:mod:`app.web.loading`) and its CDN request and CORS header
(:mod:`app.web.security`).

The crash panel (``Session.error``, ``SESSION_CRASHED``) is replaced for table
mode by :func:`app.ui.shell.tab.guard_session`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import importlib
import inspect
import logging
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import flet as ft
import flet.controls.base_control as _base_control
import flet.controls.object_patch as _object_patch
import flet.utils.validation as _validation
from flet.controls.value_types import _UNSET, _get_raw_descriptor
from flet.controls.value_types import Prop as _Prop

# --------------------------------------------------------------------------- private names

#: Every private name of Flet's (and flet-web's) a workaround here or in ``app/web`` relies
#: on, with the workarounds that read it: ``(where, name, workarounds)``. A name Flet renamed
#: would not raise where it is read (``getattr(..., None)``, ``hasattr``): ``control_id``
#: would give None and ``frames_queued`` 0 without a word. So each is checked when this
#: module is imported (:func:`check_private_names`; flet-web's at ``serve``'s start,
#: :func:`check_web_private_names`) and a Flet without one fails there, naming it.
#: ``where`` is an object (the name must be its attribute) or, for an attribute Flet sets
#: on each instance, ``uses:<module or class>`` (Flet's code there must use the name).
FLET_PRIVATE_NAMES: tuple[tuple[str, str, str], ...] = (
    ("flet.messaging.session.Session", "index", "15."),
    ("flet.messaging.session.Session", "patch_control", "8."),
    ("flet.messaging.session.Session", "dispatch_event", "15."),
    ("flet.controls.page.Page", "run_task", "13."),
    ("flet.controls.context", "_context_page", "13."),
    ("flet.controls.context.context", "mark_update_called", "8."),
    ("uses:flet.controls.base_control.BaseControl", "validate", "9."),
    ("flet.utils.validation", "_get_reported_validation_errors", "9."),
    ("flet.utils.validation", "_REPORTED_VALIDATION_ERRORS_KEY", "9."),
    ("flet.controls.value_types", "_get_raw_descriptor", "11."),
    ("uses:flet.controls.object_patch.DiffBuilder", "logger", "12."),
    ("uses:flet.controls.object_patch.DiffBuilder", "_index_key", "14."),
    ("uses:flet.controls.base_control.BaseControl", "_i", "7."),
    ("uses:flet.controls.base_control.BaseControl", "_frozen", "8. 10."),
    ("uses:flet.controls.base_control.BaseControl", "_dirty", "8. 11."),
    ("uses:flet.controls.value_types", "_values", "11."),
    ("uses:flet.controls.base_control.BaseControl", "_parent", "11."),
    ("uses:flet.controls.object_patch", "_initialized", "11."),
    ("uses:flet.controls.object_patch", "_structural_fields", "11."),
)
#: flet-web's private names (its web server only: checked by ``serve``).
FLET_WEB_PRIVATE_NAMES: tuple[tuple[str, str, str], ...] = (
    ("flet_web.fastapi.flet_app.FletApp", "send_message", "13."),
    ("uses:flet_web.fastapi.flet_app.FletApp", "_FletApp__send_queue", "7. 13."),
    ("flet_web.fastapi.flet_app_manager.app_manager", "_FletAppManager__sessions", "16."),
    ("flet_web.fastapi.flet_app_manager.app_manager", "delete_session", "16."),
)


class FletChanged(RuntimeError):
    """This Flet lacks a private name a workaround relies on (see :data:`FLET_PRIVATE_NAMES`)."""


def _resolve(where: str) -> Any:
    """The object named by a dotted path: a module, then attributes."""
    parts = where.split(".")
    for i in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            found = getattr(found, part)
        return found
    raise ImportError(where)


def _code_names(owner: Any) -> set[str]:
    """Every name (and string constant) the code of ``owner``'s functions uses: a class's
    methods and properties, or a module's own functions and classes."""
    if inspect.ismodule(owner):
        items = [v for v in vars(owner).values() if getattr(v, "__module__", None)
                 == owner.__name__]
    else:
        items = [owner]
    todo: list[Any] = []
    while items:
        item = items.pop()
        if isinstance(item, staticmethod | classmethod):
            item = item.__func__
        if isinstance(item, type):
            items.extend(vars(item).values())
        elif isinstance(item, property):
            items.extend(f for f in (item.fget, item.fset) if f is not None)
        elif inspect.isfunction(item):
            todo.append(item.__code__)
    names: set[str] = set()
    while todo:
        code = todo.pop()
        names.update(code.co_names)
        for const in code.co_consts:
            if inspect.iscode(const):
                todo.append(const)
            elif isinstance(const, str):
                names.add(const)
    return names


def check_private_names(names: Iterable[tuple[str, str, str]] = FLET_PRIVATE_NAMES) -> None:
    """Raise :class:`FletChanged`, naming Flet's version, the missing name and the
    workarounds that read it, unless every one of ``names`` is there."""
    missing: list[str] = []
    for where, name, workarounds in names:
        uses = where.startswith("uses:")
        path = where.removeprefix("uses:")
        try:
            owner = _resolve(path)
            there = name in _code_names(owner) if uses else hasattr(owner, name)
        except (ImportError, AttributeError):
            there = False
        if not there:
            missing.append(f"{path} {'no longer uses' if uses else 'has no'} {name!r} "
                           f"(flet_compat {workarounds})")
    if missing:
        raise FletChanged(f"Flet {ft.version.flet_version}: " + "; ".join(missing)
                          + ". Look at those workarounds in app/ui/kit/flet_compat.py again.")


def check_web_private_names() -> None:
    """:func:`check_private_names` for flet-web's (``serve`` calls it before it serves)."""
    check_private_names(FLET_WEB_PRIVATE_NAMES)

#: What Flet 1.0.5 raises when the tab went away or its browser does not answer: a
#: ``RuntimeError`` (``page.session`` of a destroyed session, ``update``/``pop_dialog`` of a
#: control no longer on the page, ``run_task`` on a closed loop, a method call the client
#: refused), an ``AttributeError`` (``run_task`` on a session without a connection:
#: ``None.loop``), a ``TimeoutError`` (a client that never answers a method call).
TAB_GONE: tuple[type[Exception], ...] = (RuntimeError, AttributeError, TimeoutError)
#: Fields through which a control holds other controls (those the screens use).
CHILD_FIELDS = ("content", "controls", "label", "leading", "title", "subtitle", "trailing",
                "actions")
#: How long a pushed address waits for a client to take it (6.).
PUSH_TIMEOUT = 5.0
#: How far up :func:`on_screen` walks the parents before it gives up.
MAX_DEPTH = 64


def _validate(instance: Any, *, suppress_repeated_errors: bool = False) -> None:
    """Flet's ``validate`` (9.), its record of reported errors made on the first error only."""
    try:
        _flet_validate(instance)
    except ValueError as ex:
        reported = _reported(instance) if suppress_repeated_errors else None
        if reported is None:
            raise
        signature = (ex.__class__.__name__, str(ex))
        if signature in reported:
            return
        reported.add(signature)
        raise
    else:
        if suppress_repeated_errors:
            reported = getattr(instance, _REPORTED_KEY, None)
            if reported:
                reported.clear()  # valid again: a later error is reported anew


_flet_validate = _validation.validate
_reported = _validation._get_reported_validation_errors
_REPORTED_KEY = _validation._REPORTED_VALIDATION_ERRORS_KEY
# what BaseControl._before_update_safe calls (Flet imports it there without re-exporting it)
_base_control.validate = _validate  # type: ignore[attr-defined]


def subtree(control: ft.BaseControl) -> list[ft.BaseControl]:
    """``control`` and every control inside it."""
    found: list[ft.BaseControl] = []
    todo: list[Any] = [control]
    while todo:
        node = todo.pop()
        if isinstance(node, list):
            todo.extend(node)
        elif isinstance(node, ft.BaseControl):
            found.append(node)
            for name in CHILD_FIELDS:
                value = getattr(node, name, None)
                if isinstance(value, ft.BaseControl | list):
                    todo.append(value)
    return found


def drop_replaced(page: ft.Page, old: Any) -> None:
    """After a whole page's update that replaced the frame ``old``: take whatever of it the
    page no longer shows out of the session's index.

    Flet finds what an update removed from what it recorded at the control's last full
    send; a frame whose body went out in patches (8.) or frozen (10.) holds controls it
    never recorded, which stayed in the index (a tab back on its join screen still had
    its sheet's buttons there, and a late tap on one would have reached its handler)."""
    if not isinstance(old, ft.BaseControl):
        return
    try:
        index = page.session.index
        now = page.controls
    except TAB_GONE:  # the tab went away
        return
    live = {id(c) for c in subtree(now[0])} if now else set()
    for c in subtree(old):
        i = getattr(c, "_i", None)
        if id(c) not in live and i is not None and index.get(i) is c:
            index.pop(i, None)


def patch_body(page: ft.Page, frame: ft.Control | None, key: str,
               column: ft.Column | None, body: ft.Control) -> bool:
    """Send ``body`` in place of the body ``column`` holds (its first control) when the page
    still shows this visit's ``frame`` (keyed ``key``) as the last redraw left it (8.);
    False: nothing sent, draw the whole page."""
    rest = column.controls[1:] if column is not None else []
    return patch_children(page, frame, key, column, [body, *rest])


def patch_children(page: ft.Page, frame: ft.Control | None, key: str,
                   column: ft.Column | None, children: Sequence[ft.Control]) -> bool:
    """Send each of ``children`` that is not the control ``column`` holds at its place in
    place of it, one patch each, when the page still shows this visit's ``frame`` (keyed
    ``key``) as the last redraw left it (8.); False: nothing sent (another number of
    children, a child of another kind), draw the whole page."""
    if frame is None or column is None or not page.controls or page.controls[0] is not frame:
        return False
    if frame.key != key or not hasattr(frame, "_frozen") or len(column.controls) != len(children):
        return False  # another visit, or a frame not frozen (10.): the whole page's update
    olds = list(column.controls)
    if not children or any(type(old) is not type(new) or old.key != new.key
                           for old, new in zip(olds, children, strict=True)):
        return False
    if getattr(page, "_dirty", None) or any(getattr(v, "_dirty", None) for v in page.views):
        return False  # the page itself changed: its own update sends that
    try:
        session = page.session
    except TAB_GONE:  # the tab went away
        return False
    # as page.update() does: no automatic one after a tap (Flet leaves it unannotated)
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]
    for i, (old, new) in enumerate(zip(olds, children, strict=True)):
        if old is not new:
            _patch_at(session, column, i, old, new)
    return True


def _patch_at(session: Any, column: ft.Column, i: int, old: ft.Control,
              new: ft.Control) -> None:
    """Send ``new`` in place of ``old``, the ``i``-th of ``column``'s controls (diffed
    frozen, one patch addressed to ``column``), and put it there."""
    session.patch_control(new, prev_control=old, parent=column, path=["controls", i],
                          frozen=True)
    column.controls[i] = new


def patch_slot(page: ft.Page, slot: ft.Column, new: ft.Control) -> bool:
    """Send ``new`` in place of the one control ``slot`` holds (a piece of the same name: its
    type and key, which ``keep_slot`` keeps so), when ``slot`` is on the page (8.: a piece
    that changes on most redraws, in a holder kept from one redraw to the next,
    :func:`app.ui.kit.kept.keep_slot`); False: nothing sent (the slot left the page, or
    holds ``new`` already).

    Called once the screen is drawn: the slot, kept, was skipped by the redraw's diff (the
    same object) and the phone has it holding the old piece, whichever way the screen went
    out (its body patched, or the whole page)."""
    if len(slot.controls) != 1 or slot.controls[0] is new or not on_screen(page, slot):
        return False
    old = slot.controls[0]
    try:
        session = page.session
    except TAB_GONE:  # the tab went away
        return False
    ft.context.mark_update_called()  # type: ignore[no-untyped-call]
    _patch_at(session, slot, 0, old, new)
    return True


def on_screen(page: ft.Page, control: ft.BaseControl, known: set[int] | None = None) -> bool:
    """Is ``control`` part of what the page shows now (the previous redraw of this screen)? (3.)

    ``known``: the ids of controls found on the page so far while one screen is built (the
    page does not change meanwhile): a walk up stops at one, and adds those it passed."""
    views = page.views  # (page.controls resolves the views anew on every call)
    view = views[0] if isinstance(views, list) and views else None
    shown_ = view.controls if isinstance(view, ft.View) else page.controls
    shown = shown_[0] if shown_ else None
    node: Any = control
    passed: list[int] = []
    for _ in range(MAX_DEPTH):
        if node is None or shown is None:
            return False
        if node is shown or (known is not None and id(node) in known):
            if known is not None:
                known.update(passed)
            return True
        passed.append(id(node))
        node = node.parent
    return False


def screen_key(route: str, visit: int) -> str:
    """The key of a visit's scrolling column (4.): new per navigation, kept per redraw."""
    return f"screen-{route}-{visit}"


async def push_route(page: ft.Page, url: str) -> None:
    """Push ``url`` as a browser history entry (6.); no client to answer is no error."""
    with contextlib.suppress(Exception):  # no client to answer (tests) or the tab went away
        await asyncio.wait_for(page.push_route(url), PUSH_TIMEOUT)


def frozen(control: ft.Control) -> ft.Control:
    """``control`` marked frozen, as Flet marks a reconciled control (10.)."""
    control._frozen = True
    return control


def thaw(control: ft.BaseControl) -> None:
    """Let a kept control (and what it holds) be changed again: Flet marks the controls of a
    screen it diffed as frozen, and setting a changed property on one then raises "Frozen
    controls cannot be updated" (a name field's first error: the new-game screen failed to
    draw, so "Deal the setup" seemed to do nothing). The next diff compares it as usual."""
    for c in subtree(control):
        if hasattr(c, "_frozen"):
            delattr(c, "_frozen")


class KeptControls:
    """The same control instance on every render, by key (2.)."""

    def __init__(self) -> None:
        self._cache: dict[str, ft.Control] = {}

    def get(self, key: str, factory: Callable[[], ft.Control], **props: Any) -> ft.Control:
        control = self._cache.get(key)
        if control is None:
            control = self._cache[key] = factory()
        else:
            thaw(control)
        for name, value in props.items():
            setattr(control, name, value)
        return control

    def forget(self, prefix: str) -> None:
        for key in [k for k in self._cache if k.startswith(prefix)]:
            del self._cache[key]


def scroll_key(name: str) -> Any:
    """``ft.ScrollKey(name)`` (its dataclass is made at import, which mypy cannot see)."""
    return cast(Any, ft.ScrollKey)(name)


def scroll_mark(name: str, part: ft.Control) -> ft.Control:
    """``part`` with "Go to"'s target just above it: an empty control keyed
    ``ft.ScrollKey(name)`` (:func:`scroll_to_part` scrolls to it).

    Flet 1.0.5's client makes a new ``GlobalKey`` for a scroll key each time the control
    holding it is built again (``ControlWidget.build``), and a new key throws the keyed
    subtree away and builds and lays it out anew. Its view is built again whenever a
    snack bar comes or goes (``View._overlayOrDialogsChanged``), so with the key on a part
    of the sheet every part was thrown away each time: frames of 0.5-2 s in Chromium. On
    an empty mark only the mark is."""
    return ft.Column([ft.Container(key=scroll_key(name), height=0), part], spacing=0,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


async def scroll_to_part(page: ft.Page, key: str) -> None:
    """Scroll the screen's own column (the shell's, 4.) to the control keyed
    ``ft.ScrollKey(key)``: "Go to" (the strip's menu). Flet 1.0.5 scrolls only a scrollable
    control it is asked of (``scroll_to(scroll_key=...)``), so the column is found as the
    shell puts it on the page (a SafeArea holding the column). Nothing to scroll (no
    client, another screen): nothing happens. Shown by
    ``tests/e2e/test_sheet_board.py::test_go_to_reaches_every_part_in_two_taps_and_screenshots``."""
    try:
        column = page.controls[0].content  # type: ignore[attr-defined]
        await column.scroll_to(scroll_key=key, duration=200)
    except TAB_GONE + (IndexError,):  # no client, or the screen went away meanwhile
        pass


def control_id(control: Any) -> int | None:
    """The id Flet gave ``control`` (what a tap's frame names: :mod:`app.shown`); Flet 1.0.5
    keeps it in ``_i`` (a control has no public ``id``)."""
    i = getattr(control, "_i", None) if isinstance(control, ft.BaseControl) else None
    return i if isinstance(i, int) else None


def stopped_sending(page: ft.Page) -> bool:
    """The page's web connection has stopped sending (its socket closed: Flet 1.0.5's send
    loop set ``FletApp.__send_queue`` to None before the session is told it is gone), so
    anything drawn now raises. False for any other connection, and for none."""
    conn = getattr(getattr(page, "session", None), "connection", None)
    return conn is not None and hasattr(conn, "_FletApp__send_queue") \
        and conn._FletApp__send_queue is None


def frames_queued(page: ft.Page) -> int:
    """How many frames wait in the page's connection to be sent to the phone (Flet 1.0.5's web
    connection sends them in order from one queue, ``FletApp.__send_queue``): a patch made
    now goes out after them (:mod:`app.shown`). 0 without a web connection."""
    try:
        queue = getattr(page.session.connection, "_FletApp__send_queue", None)
        return int(queue.qsize()) if queue is not None else 0
    except TAB_GONE:  # no connection (the tab went away, the desktop app, tests)
        return 0


# --------------------------------------------------------------------------- 11.

_SET, _FACTORY, _GIVEN_ONLY = 0, 1, 2
_AS_FACTORY = dataclasses._HAS_DEFAULT_FACTORY  # type: ignore[attr-defined]  # "use the factory"


def fast_init(cls: type) -> bool:
    """Give ``cls`` (a Flet control class with the ``__init__`` dataclasses made) an
    ``__init__`` that skips assigning the declared defaults Flet's descriptor would drop
    (11.). False: ``cls`` has an ``__init__`` of its own making, left as it is."""
    orig: Callable[..., None] | None = cls.__dict__.get("__init__")
    if getattr(getattr(orig, "__code__", None), "co_filename", None) != "<string>":
        return False  # not generated by dataclasses (or replaced already)
    assert orig is not None
    params = list(inspect.signature(orig).parameters.values())[1:]
    positional = tuple(p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD)
    accepted = frozenset(p.name for p in params)
    required = frozenset(p.name for p in params if p.default is p.empty)
    plan: list[tuple[str, int, Any]] = []
    initvars: list[tuple[str, Any]] = []
    for f in cls.__dataclass_fields__.values():  # type: ignore[attr-defined]
        kind = f._field_type  # noqa: SLF001 - dataclasses' own record of InitVar / ClassVar
        if kind is dataclasses._FIELD_INITVAR:  # type: ignore[attr-defined]
            initvars.append((f.name, None if f.default is dataclasses.MISSING else f.default))
        elif kind is not dataclasses._FIELD:  # type: ignore[attr-defined]
            continue
        elif f.default_factory is not dataclasses.MISSING:
            plan.append((f.name, _FACTORY if f.init else -_FACTORY, f.default_factory))
        elif f.init:
            raw = _get_raw_descriptor(cls, f.name)
            dropped = isinstance(raw, _Prop) and f.default is raw.default  # as Flet drops it
            plan.append((f.name, _GIVEN_ONLY if dropped else _SET, f.default))
    steps = tuple(plan)
    post = tuple(initvars)
    place = {name: i for i, (name, _how, _value) in enumerate(steps)}
    always = frozenset(i for i, (_name, how, _value) in enumerate(steps) if how != _GIVEN_ONLY)

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            if len(args) > len(positional):
                return orig(self, *args, **kwargs)
            for name, value in zip(positional, args, strict=False):
                if name in kwargs:
                    return orig(self, *args, **kwargs)
                kwargs[name] = value
        if not (required <= kwargs.keys() and accepted >= kwargs.keys()):
            return orig(self, *args, **kwargs)  # raises as the original does
        # the fields the original assigns for good, in its order: what is always made or
        # set, and what was given (a given default the descriptor drops, as there)
        for i in sorted(always.union([place[n] for n in kwargs if n in place])):
            name, how, value = steps[i]
            if how == -_FACTORY:  # init=False: always made
                setattr(self, name, value())
            elif name in kwargs and (how != _FACTORY or kwargs[name] is not _AS_FACTORY):
                setattr(self, name, kwargs[name])
            elif how == _FACTORY:
                setattr(self, name, value())
            elif how == _SET:
                setattr(self, name, value)
        self.__post_init__(*[kwargs.get(n, d) for n, d in post])
        shared = SHARED_INTERNALS.get(cls)
        if shared is not None and type(self) is cls:
            made: Any = self  # (mypy narrowed self to cls: a plain type)
            made._internals = shared
        if not self._dirty:
            self._dirty = NO_CHANGES  # its own record once it changes (_prop_set)
        return None

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__wrapped__ = orig  # type: ignore[attr-defined]
    cls.__init__ = __init__  # type: ignore[misc]
    return True


#: The change record of every control not changed since it was made (11.): Flet 1.0.5
#: gives each control its own empty one, ~64 KiB a phone; never written into.
NO_CHANGES: dict[str, None] = {}
_flet_prop_set = _Prop.__set__


def _prop_set(self: Any, obj: Any, value: Any) -> None:
    """Flet 1.0.5's ``Prop.__set__`` (a property's assignment), a control's first change
    recorded in a record of its own instead of in :data:`NO_CHANGES` (11.)."""
    vals = obj._values
    name = self.name
    old = vals.get(name, _UNSET)
    if old is _UNSET and value == self.default:
        return
    if old is not _UNSET and old == value:
        return
    if hasattr(obj, "_frozen"):
        raise RuntimeError("Frozen controls cannot be updated.") from None
    if value == self.default:
        vals.pop(name, None)
    else:
        vals[name] = value
    dirty = obj._dirty
    if dirty is NO_CHANGES:
        dirty = obj._dirty = {}
    dirty[name] = None
    if hasattr(obj, "_notify"):
        obj._notify(name, value)


_Prop.__set__ = _prop_set  # type: ignore[method-assign]


def keyed(control: ft.Control, key: str) -> ft.Control:
    """``control`` (just made, not sent yet) with ``key``, as if its constructor had been given
    it: no change is recorded for it (11.). A control already sent takes it as a change."""
    control.key = key
    if not hasattr(control, "_initialized"):  # not configured by a diff yet
        dirty = control._dirty
        dirty.pop("key", None)
        if not dirty:
            control._dirty = NO_CHANGES  # (an emptied dict keeps its table)
    return control


def _control_classes() -> list[type]:
    found: list[type] = []
    todo: list[type] = [_base_control.BaseControl]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


#: The controls the screens make (flet loads its classes when first named): loaded here,
#: so that they and everything they build on get :func:`fast_init` (11.).
SCREEN_CONTROLS = ("Text", "Column", "Row", "Container", "IconButton", "TextField", "Icon",
                   "TextButton", "Chip", "Divider", "SnackBar", "Card", "OutlinedButton",
                   "ListTile", "Semantics", "SafeArea", "ProgressBar", "Image",
                   "FilledTonalButton", "ExpansionTile", "AlertDialog", "Switch",
                   "ProgressRing", "Markdown", "FilledButton", "Checkbox", "Stack")
for _name in SCREEN_CONTROLS:
    getattr(ft, _name)
FAST_INIT = tuple(cls for cls in _control_classes() if fast_init(cls))
"""The control classes made with :func:`fast_init`'s ``__init__`` (11.)."""


# --------------------------------------------------------------------------- 11. (attributes)

#: What Flet 1.0.5 keeps in a control's own attributes once it is on a page (its
#: ``__init__``, then ``_configure_dataclass``: parent, frozen, built), in that order.
_OWN_BEFORE = ("_values", "_dirty", "data")
_OWN_AFTER = ("_c", "_i", "_parent", "_frozen", "_initialized")


def prime_attributes(cls: type) -> bool:
    """Give ``cls``'s instances room for every attribute Flet sets on them (11.), by
    setting them all on one throwaway instance before the class has many. False: not a
    dataclass control or no instance dictionary."""
    fields = cls.__dict__.get("__dataclass_fields__")
    if not isinstance(fields, dict):
        return False
    names = list(_OWN_BEFORE)
    structural: frozenset[str] = getattr(cls, "_structural_fields", frozenset())
    names += [f for f in fields if f in structural and f not in _OWN_AFTER]
    names += _OWN_AFTER
    try:
        probe: Any = object.__new__(cls)
        for name in names:
            object.__setattr__(probe, name, None)
    except (TypeError, AttributeError):  # no instance dictionary (slots) or no plain init
        return False
    return True


PRIMED = tuple(cls for cls in _control_classes() if prime_attributes(cls))
"""The control classes whose instances keep Flet's attributes in place (11.)."""

#: The control classes whose ``_internals`` (what Flet 1.0.5 tells the phone's renderer
#: besides the properties) is the same on every instance: set by their ``init`` only (or
#: never), read by the diff and the encoder, written by no other code (Flet writes it
#: elsewhere only for ``Page``, ``View``, ``Overlay``, buttons, ``IconButton`` and
#: ``DataTable``; a phone's update replaces the attribute, it never writes into it).
SHARES_INTERNALS = (ft.Container, ft.Image, ft.Row, ft.Column, ft.Stack, ft.Card, ft.Text,
                    ft.Semantics, ft.Icon)


def _made_internals(cls: type) -> dict[str, Any]:
    """What ``cls``'s ``init`` leaves in ``_internals`` (a throwaway instance's)."""
    probe: Any = object.__new__(cls)
    probe._internals = {}
    probe.init()
    return cast(dict[str, Any], probe._internals)


SHARED_INTERNALS: dict[type, dict[str, Any]] = {}
"""One ``_internals`` per class of :data:`SHARES_INTERNALS`, shared by all its instances
made with :func:`fast_init`'s ``__init__`` (11.): ~120 KiB a phone."""
SHARED_INTERNALS.update({cls: _made_internals(cls) for cls in SHARES_INTERNALS})


def prime_value_attributes(cls: type) -> bool:
    """The same for a Flet value class (``@value``: a border, its sides, an alignment, a
    padding): Flet's diff sets ``_parent`` and ``_frozen`` on every value a control holds,
    which made each one a dictionary of its own (~430 a phone, ~100 KiB). False: not a
    value class or no instance dictionary."""
    fields = cls.__dict__.get("__dataclass_fields__")
    if not isinstance(fields, dict) or not getattr(cls, "_is_flet_value", False):
        return False
    structural: frozenset[str] = getattr(cls, "_structural_fields", frozenset())
    names = ["_values", "_dirty", *(f for f in fields if f in structural), "_parent", "_frozen"]
    try:
        probe: Any = object.__new__(cls)
        for name in names:
            object.__setattr__(probe, name, None)
    except (TypeError, AttributeError):  # no instance dictionary (slots)
        return False
    return True


def _value_classes() -> list[type]:
    """Flet's value classes loaded so far (``@value`` keeps no list of them)."""
    found: dict[int, type] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("flet.controls") and module is not None:
            for obj in vars(module).values():
                if isinstance(obj, type) and obj.__dict__.get("_is_flet_value"):
                    found[id(obj)] = obj
    return list(found.values())


PRIMED_VALUES = tuple(cls for cls in _value_classes() if prime_value_attributes(cls))
"""The value classes whose instances keep Flet's attributes in place (11.)."""


def share_value_changes(cls: type) -> bool:
    """A new value of ``cls`` (a Flet ``@value`` class) holds :data:`NO_CHANGES` as its
    record of changes, as a new control does (11.): ~32 KiB a phone. False: ``cls`` has no
    ``__init__`` of Flet's ``@value`` making."""
    made = cls.__dict__.get("__init__")
    if getattr(made, "__name__", None) != "_value_init":
        return False
    assert made is not None

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        if not self._dirty:
            object.__setattr__(self, "_dirty", NO_CHANGES)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__wrapped__ = made  # type: ignore[attr-defined]
    cls.__init__ = __init__  # type: ignore[misc]
    return True


SHARED_VALUE_CHANGES = tuple(cls for cls in PRIMED_VALUES if share_value_changes(cls))
"""The value classes whose new instances share :data:`NO_CHANGES` (11.)."""


# --------------------------------------------------------------------------- 12.


class _QuietDiffLog:
    """Flet's diff logger with its ``debug`` calls returning at once (12.)."""

    def __init__(self, logger: logging.Logger) -> None:
        self.logger = logger

    def __getattr__(self, name: str) -> Any:
        return getattr(self.logger, name)

    @staticmethod
    def debug(*_args: Any, **_kwargs: Any) -> None:
        return None


if isinstance(_object_patch.logger, logging.Logger) \
        and not _object_patch.logger.isEnabledFor(logging.DEBUG):
    _object_patch.logger = _QuietDiffLog(_object_patch.logger)  # type: ignore[assignment]


# --------------------------------------------------------------------------- 14.


def _no_pairing(_builder: Any, _item: Any, _item_key: Any, _path: list[Any]) -> object:
    """A key no other removal or addition shares: nothing is paired into a "move" (14.)."""
    return object()


#: Flet's own pairing key (its name asserted: a Flet without it needs this looked at again);
#: kept for the canary test that shows Flet still needs the workaround
FLET_INDEX_KEY = _object_patch.DiffBuilder._index_key
_object_patch.DiffBuilder._index_key = _no_pairing  # type: ignore[method-assign,assignment]


# (last: the modules it loads are not among those 11. made fast and primed above)
check_private_names()

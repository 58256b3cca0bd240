"""Flet 1.0.5 workarounds of app/ui/kit/flet_compat.py that need no session."""

from __future__ import annotations

import inspect
from typing import Any

import flet as ft
import pytest

from app.ui.kit import flet_compat

REPORTED = "__reported_validation_errors"
#: sha256 (first 16 hex digits) of Flet 1.0.5's ``Prop.__set__`` source
FLET_PROP_SET = "97739f9e3ae6bb22"


def test_a_valid_control_keeps_no_record_of_errors() -> None:
    """9.: a control that validates carries nothing (Flet 1.0.5 left an empty set on each)."""
    assert flet_compat is not None  # imported: the workaround is in place
    text = ft.Text("x", size=13)
    text._before_update_safe()
    text._before_update_safe()
    assert not hasattr(text, REPORTED)


def test_an_invalid_control_is_reported_once_and_again_after_it_was_valid() -> None:
    """9.: the same error once (as Flet reports it), a new one after the control was valid."""
    field = ft.TextField(max_lines=0)
    with pytest.raises(ValueError, match="max_lines"):
        field._before_update_safe()
    field._before_update_safe()  # the same error: reported already
    field.max_lines = 2
    field._before_update_safe()  # valid: the record is cleared
    field.max_lines = 0
    with pytest.raises(ValueError, match="max_lines"):
        field._before_update_safe()


# --------------------------------------------------------------------------- 11. fast_init

def _made(cls: type, init: object, args: tuple[object, ...], kwargs: dict[str, object]
          ) -> tuple[str, object]:
    """What ``init`` leaves on a new ``cls``: its fields, property values and changes, in the
    order they were set (or the error it raised); the control id aside."""
    obj = cls.__new__(cls)
    try:
        init(obj, *args, **dict(kwargs))  # type: ignore[operator]
    except Exception as exc:  # both ways must raise the same
        return "raised", (type(exc), str(exc).replace("__wrapped__", "__init__"))
    state = {k: v for k, v in vars(obj).items() if k != "_i"}
    return "made", (list(state.items()), list(getattr(obj, "_values", {}).items()),
                    list(getattr(obj, "_dirty", {}).items()), type(getattr(obj, "_i", None)))


def _same(cls: type, *args: object, **kwargs: object) -> None:
    new = cls.__init__
    old = new.__wrapped__  # type: ignore[misc]
    assert _made(cls, new, args, kwargs) == _made(cls, old, args, kwargs), cls


@pytest.mark.parametrize("cls", flet_compat.FAST_INIT, ids=lambda c: c.__qualname__)
def test_a_control_made_fast_has_what_the_original_init_gives_it(cls: type) -> None:
    _same(cls)  # no argument: defaults (or the same error for a missing one)
    # every parameter given its own default: what the original stores, the fast one too
    import inspect
    params = list(inspect.signature(cls.__init__.__wrapped__).parameters.values())[1:]
    given = {p.name: p.default for p in params if p.default is not p.empty}  # <factory> too
    _same(cls, **given)
    _same(cls, no_such_argument=1)  # the original's TypeError


def test_the_screens_controls_made_fast_with_their_usual_arguments() -> None:
    assert {ft.Text, ft.Column, ft.Row, ft.Container, ft.Semantics, ft.Chip, ft.Card,
            ft.IconButton, ft.OutlinedButton, ft.TextField} <= set(flet_compat.FAST_INIT)
    text = ft.Text("x", size=13)
    _same(ft.Text, "x", size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR)
    _same(ft.Text, "x", value="y")  # twice: the original's TypeError
    _same(ft.Column, [text], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    _same(ft.Row, [text], wrap=True, spacing=8, run_spacing=8)
    _same(ft.Container, text, padding=ft.Padding.all(2), expand=True, key="k")
    _same(ft.Semantics, identifier="sheet-total", content=text)
    _same(ft.Chip, label=text, selected=True, on_select=lambda e: None, height=48)
    _same(ft.Card, content=text)
    _same(ft.IconButton, icon=ft.Icons.ADD, tooltip="+", on_click=print, width=48)
    _same(ft.OutlinedButton, content=text, on_click=print)
    _same(ft.TextField, value="3", width=64, text_align=ft.TextAlign.CENTER)
    _same(ft.Text, "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n",
          "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z")  # too many: TypeError
    ref: ft.Ref[ft.Text] = ft.Ref()
    made = ft.Text("x", ref=ref)
    assert ref.current is made  # the InitVar reaches __post_init__
    assert made._i != text._i  # a new id each  # noqa: SLF001


def test_a_default_a_subclass_changed_is_stored_as_the_original_init_stores_it() -> None:
    from flet.controls.base_control import control

    @control("Text")
    class Loud(ft.Text):  # Flet keeps the parent's property, with the parent's default
        size: float | None = 20

    assert flet_compat.fast_init(Loud)
    assert Loud("x").size == 20
    _same(Loud, "x")
    _same(Loud, "x", size=None)
    assert not flet_compat.fast_init(Loud)  # once only


def test_the_diff_logs_no_debug_line_and_still_its_warnings(caplog: pytest.LogCaptureFixture
                                                              ) -> None:
    import logging

    import flet.controls.object_patch as object_patch

    quiet = object_patch.logger
    assert isinstance(quiet, flet_compat._QuietDiffLog)  # noqa: SLF001
    assert quiet.logger is logging.getLogger("flet_object_patch")
    assert not quiet.logger.isEnabledFor(logging.DEBUG)  # Flet sets it to INFO itself
    with caplog.at_level(logging.INFO, logger="flet_object_patch"):
        quiet.debug("not %s", "said")
        quiet.warning("said %s", "once")
    assert [r.getMessage() for r in caplog.records] == ["said once"]


def test_a_key_given_to_a_new_control_is_as_given_to_its_constructor() -> None:
    made = flet_compat.keyed(ft.Column([ft.Text("x")], spacing=4), "kept-x")
    as_given = ft.Column([ft.Text("x")], spacing=4, key="kept-x")
    assert made.key == "kept-x" and made._values == as_given._values  # noqa: SLF001
    assert made._dirty == as_given._dirty == {}  # noqa: SLF001
    sent = ft.Text("y")
    object.__setattr__(sent, "_initialized", True)  # as a diff leaves a control it sent
    flet_compat.keyed(sent, "k")
    assert "key" in sent._dirty  # noqa: SLF001  # a change, for an in-place diff to send


def _grown_per_item(makes: Any, put: Any) -> list[float]:
    """Bytes each of 300 new items grows by when ``put`` on a page (as Flet's
    ``_configure_dataclass`` does), one figure per maker."""
    import tracemalloc

    out = []
    for make in makes:
        items = [make() for _ in range(300)]
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for item in items:
                put(item)
            out.append((tracemalloc.get_traced_memory()[0] - before) / len(items))
        finally:
            tracemalloc.stop()
    return out


def test_a_control_on_a_page_keeps_its_attributes_without_a_dictionary_of_its_own() -> None:
    """Flet sets _parent, _frozen and _initialized on a control it puts on a page: with the
    classes primed (flet_compat 11.) that takes no new memory; before, ~390 bytes a control."""
    import weakref

    assert ft.Text in flet_compat.PRIMED and ft.Semantics in flet_compat.PRIMED
    ref = weakref.ref(ft.Column())

    def put(c: Any) -> None:
        c._parent = ref
        c._frozen = True
        object.__setattr__(c, "_initialized", True)

    grown = _grown_per_item((lambda: ft.Text("x"), lambda: ft.Container(ft.Text("y")),
                             lambda: ft.Semantics(identifier="z", content=ft.Text("z"))), put)
    assert all(g < 40 for g in grown), grown


def test_a_value_on_a_page_keeps_its_attributes_without_a_dictionary_of_its_own() -> None:
    """The same for the values a control holds (a border, its sides, an alignment, a
    padding): Flet's diff sets _parent and _frozen on each; before, ~210 bytes a value."""
    import weakref

    for cls in (ft.Border, ft.BorderSide, ft.Alignment, ft.Padding):
        assert cls in flet_compat.PRIMED_VALUES, cls
    ref = weakref.ref(ft.Column())

    def put(v: Any) -> None:
        v._parent = ref
        v._frozen = True

    grown = _grown_per_item((lambda: ft.Border.all(1, "red"), lambda: ft.Alignment.CENTER,
                             lambda: ft.Padding.symmetric(horizontal=3)), put)
    assert all(g < 40 for g in grown), grown


def test_controls_of_a_class_share_the_internals_flet_gives_them() -> None:
    """One ``_internals`` per class (11.), equal to what Flet's own ``init`` makes."""
    for cls in flet_compat.SHARES_INTERNALS:
        assert cls in flet_compat.FAST_INIT, cls
    a, b = ft.Container(), ft.Container(ft.Text("x"), padding=3)
    assert a._internals is b._internals  # noqa: SLF001
    assert a._internals == {"skip_properties": ["width", "height", "margin"]}  # noqa: SLF001
    assert ft.Row([])._internals == {"host_expanded": True}  # noqa: SLF001
    assert ft.Text("x")._internals is ft.Text("y")._internals == {}  # noqa: SLF001
    # a button's own (Flet writes its style into it when it is drawn): not shared
    assert ft.FilledButton("x")._internals is not ft.FilledButton("y")._internals  # noqa: SLF001


def test_flet_writes_internals_only_where_the_shared_ones_allow() -> None:
    """A Flet upgrade that writes ``_internals`` anywhere else must be looked at: a write
    into a shared one would reach every control of its class on every phone."""
    import re
    from pathlib import Path

    root = Path(ft.__file__).parent
    writers = {str(p.relative_to(root)) for p in root.rglob("*.py")
               if re.search(r"_internals\[[^\]]+\]\s*=|_internals\.(pop|update|setdefault)",
                            p.read_text(encoding="utf-8"))}
    assert writers == {"controls/page.py", "controls/base_page.py", "controls/core/view.py",
                       "controls/material/container.py", "controls/core/image.py",
                       "controls/core/row.py", "controls/core/column.py",
                       "controls/core/stack.py", "controls/material/card.py",
                       "controls/material/button.py", "controls/material/icon_button.py",
                       "controls/material/datatable.py"}, writers
    for cls in flet_compat.SHARES_INTERNALS:  # their own init is the only writer
        for name in ("before_update", "build", "did_mount"):
            assert getattr(cls, name) is getattr(ft.BaseControl, name) \
                or "_internals" not in inspect.getsource(getattr(cls, name)), (cls, name)


def test_an_unchanged_control_shares_one_empty_change_record() -> None:
    """11.: a control made and not changed holds :data:`NO_CHANGES`; its first change gets
    a record of its own, which Flet's in-place diff reads and clears as before."""
    a, b = ft.Text("x"), ft.Text("y", size=12)
    assert a._dirty is b._dirty is flet_compat.NO_CHANGES  # noqa: SLF001
    a.size = 14
    assert a._dirty == {"size": None} and flet_compat.NO_CHANGES == {}  # noqa: SLF001
    assert b._dirty is flet_compat.NO_CHANGES and b.size == 12  # noqa: SLF001
    a.size = 14  # no change: nothing recorded anew
    assert list(a._dirty) == ["size"]  # noqa: SLF001
    frozen = flet_compat.frozen(ft.Text("z"))
    with pytest.raises(RuntimeError, match="Frozen"):
        frozen.value = "w"
    assert flet_compat.NO_CHANGES == {}
    assert flet_compat.keyed(ft.Text("k"), "k")._dirty is flet_compat.NO_CHANGES  # noqa: SLF001
    border = ft.Border.all(1, "red")  # a value: the same
    assert border._dirty is border.left._dirty is flet_compat.NO_CHANGES  # noqa: SLF001
    border.left.width = 2
    assert border.left._dirty == {"width": None} and flet_compat.NO_CHANGES == {}  # noqa: SLF001
    assert ft.Border.all(1, "red").left.width == 1


def test_the_replaced_property_assignment_is_flet_1_0_5s() -> None:
    """:func:`flet_compat._prop_set` is Flet 1.0.5's ``Prop.__set__`` but for its record of
    changes: a Flet whose own assignment changed needs it looked at again."""
    import hashlib

    source = inspect.getsource(flet_compat._flet_prop_set)
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == FLET_PROP_SET, \
        hashlib.sha256(source.encode()).hexdigest()[:16]
    assert inspect.getattr_static(ft.Text, "size").__class__.__set__ is flet_compat._prop_set

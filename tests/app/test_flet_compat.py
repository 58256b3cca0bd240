"""Flet 1.0.5 workarounds of app/ui/kit/flet_compat.py that need no session."""

from __future__ import annotations

import flet as ft
import pytest

from app.ui.kit import flet_compat

REPORTED = "__reported_validation_errors"


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

"""Tests of refusals by their code, field and parameters — what the rules say, in no language.

How a code reads in English or Japanese is the catalogues' business, tested where the
wording matters (tests/app/test_l10n_*.py); a test of pure rules code asserts the code.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from scoring.message import Msg, Refusal, msg

_ANY: Any = object()


def has_params(m: Msg, **params: Any) -> bool:
    """``m`` carries these parameters (among others), compared as :func:`msg` stores them
    (enum members as their value, lists as tuples)."""
    want = msg(m.code, **params).params
    got = m.params
    return all(name in got and got[name] == value for name, value in want.items())


@contextmanager
def refused(kind: type[BaseException] | tuple[type[BaseException], ...], code: str, /, *,
            field: str | None = _ANY, **params: Any) -> Iterator[Any]:
    """``pytest.raises(kind)`` whose refusal has ``code`` and, when given, ``field`` and
    these parameters (others may be there too)."""
    with pytest.raises(kind) as info:
        yield info
    exc = info.value
    assert isinstance(exc, Refusal), f"not a coded refusal: {exc!r}"
    assert exc.code == str(code), f"refused with {exc.code} {exc.params}, not {code}"
    if field is not _ANY:
        assert exc.field == field, f"{exc.code}: field {exc.field!r}, not {field!r}"
    assert has_params(exc.msg, **params), f"{exc.code}: {exc.params}, not {params}"

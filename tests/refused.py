"""Tests of refusals by what they say in English (the catalogue's wording of their code)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from app.l10n import refusal


def said(exc: BaseException, lang: str = "en") -> str:
    """A refusal as the catalogue words it (its field, too, for refusals that show it)."""
    return refusal(lang, exc)


@contextmanager
def refused(kind: type[BaseException] | tuple[type[BaseException], ...],
            words: str) -> Iterator[Any]:
    """``pytest.raises(kind)`` whose English wording matches ``words`` (a regular expression)."""
    with pytest.raises(kind) as info:
        yield info
    text = f"{getattr(info.value, 'field', '') or ''}: {said(info.value)}"
    assert re.search(words, text), text

"""The docstring examples of the Forestry board, scoring and printed-value modules stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import scoring.forestry.board
import scoring.forestry.score
import scoring.printed

MODULES = [scoring.forestry.board, scoring.forestry.score, scoring.printed]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0

"""The docstring examples of the Forest Guardians modules stay true."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import scoring.guardians.checks
import scoring.guardians.record
import scoring.guardians.rules
import scoring.guardians.score
import setup.guardians.plan

MODULES = [
    scoring.guardians.checks,
    scoring.guardians.record,
    scoring.guardians.rules,
    scoring.guardians.score,
    setup.guardians.plan,
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0

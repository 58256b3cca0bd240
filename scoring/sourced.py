"""Numbers the app states in its own words, each with where it comes from (issue 26).

The quick reference and the setup checklist say many numbers ("15 spawn cards", "1 AP
for up to 2 spaces"). Every one of them is listed here, per message code, with its
source: a citation of a rulebook's section (:mod:`scoring.cite`), :data:`NOT_PRINTED`
when the line itself says the sources do not print it (an inference, say), or
:data:`APP` when it is the app's own counting (a position in a row, a step number), not
a rule. ``tests/app/test_l10n_numbers.py`` checks every number in the English and
Japanese catalogues (and every constant passed as a parameter) against these tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.cite import Citation


class Uncited(StrEnum):
    """Where a number comes from when no source prints it."""

    #: The line says that the sources do not print this number (it is inferred or unknown).
    NOT_PRINTED = "not printed"
    #: The app's own counting (positions, step numbers, list numbering), not a rule number.
    APP = "app"


NOT_PRINTED = Uncited.NOT_PRINTED
APP = Uncited.APP


@dataclass(frozen=True, slots=True)
class Sourced:
    """A number a line states, what it counts, and its source."""

    value: int
    what: str
    source: Citation | Uncited
    #: The message parameter that carries it ("" when the catalogue's words state it).
    param: str = ""

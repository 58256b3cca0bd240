"""Values a client types, checked on the server (the browser's filters are a convenience).

A phone's keyboard filter, a ``max_length`` or a regex on a text field runs in the
browser and any client can skip it by sending its own protocol message: every value
that reaches a handler goes through one of these first. Each raises a
:class:`~scoring.message.Refusal` naming the field (never a traceback), rendered next
to the field by the screen.
"""

from __future__ import annotations

from app.game.new_game import MAX_SEED, parse_seed  # a new game's seed: checked below the UI
from app.l10n import render
from scoring.message import MessageCode, Refusal, msg

#: A count typed on a phone (a printed value, a number of points): at most this many digits.
MAX_DIGITS = 9

__all__ = ["MAX_DIGITS", "MAX_SEED", "InputCode", "parse_seed", "shown", "typed_number"]


class InputCode(MessageCode):
    NOT_A_NUMBER = "refusal-not-a-whole-number"
    TOO_LONG = "refusal-value-too-long"


def _ascii_digits(text: str) -> bool:
    """Only 0-9 (``"²".isdigit()`` is true, and ``int("٣")`` is 3)."""
    return bool(text) and all("0" <= ch <= "9" for ch in text)


#: Full-width digits (a Japanese keyboard types ３ for 3) read as 0-9; nothing else does.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def typed_number(raw: object, field: str, digits: int = MAX_DIGITS) -> int:
    """A whole number typed on a phone (0-9 or full-width ０-９ only, at most ``digits``
    digits)."""
    text = raw.strip().translate(_FULL_WIDTH) if isinstance(raw, str) else ""
    if len(text) > digits and _ascii_digits(text):
        raise Refusal(InputCode.TOO_LONG, field=field, limit=digits)
    if not _ascii_digits(text):
        shown = text[:12] + ("…" if len(text) > 12 else "")
        raise Refusal(InputCode.NOT_A_NUMBER, field=field, value=shown)
    return int(text)


def shown(lang: str, err: Refusal, label: str) -> str:
    """A refusal as the screen shows it next to its field: ``label`` names the field."""
    return render(lang, msg(err.code, **{**err.params, "field": label}))

"""Values a client types, checked on the server (the browser's filters are a convenience).

A phone's keyboard filter, a ``max_length`` or a regex on a text field runs in the
browser and any client can skip it by sending its own protocol message: every value
that reaches a handler goes through one of these first. Each raises a
:class:`~scoring.message.Refusal` naming the field (never a traceback), rendered next
to the field by the screen.
"""

from __future__ import annotations

from scoring.message import MessageCode, Refusal

#: A seed is what ``random.Random`` and the record format take: 0 .. 2**63 - 1.
MAX_SEED = 2**63 - 1
#: A count typed on a phone (a printed value, a number of points): at most this many digits.
MAX_DIGITS = 9


class InputCode(MessageCode):
    SEED_NOT_DIGITS = "refusal-seed-not-digits"
    SEED_TOO_LARGE = "refusal-seed-too-large"
    NOT_A_NUMBER = "refusal-not-a-whole-number"
    TOO_LONG = "refusal-value-too-long"


def _ascii_digits(text: str) -> bool:
    """Only 0-9 (``"²".isdigit()`` is true, and ``int("٣")`` is 3: neither is a seed)."""
    return bool(text) and all("0" <= ch <= "9" for ch in text)


def parse_seed(raw: object, field: str = "seed") -> int | None:
    """A typed seed: empty means "deal one at random" (None); else 0 .. 2**63-1, digits."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (str, int)):
        raise Refusal(InputCode.SEED_NOT_DIGITS, field=field)
    if isinstance(raw, int):
        if not 0 <= raw <= MAX_SEED:
            raise Refusal(InputCode.SEED_TOO_LARGE, field=field, limit=str(MAX_SEED))
        return raw
    text = raw.strip()
    if not text:
        return None
    if not _ascii_digits(text):
        raise Refusal(InputCode.SEED_NOT_DIGITS, field=field)
    # the length first: int() of 5,000 digits is not free
    if len(text) > len(str(MAX_SEED)) + 4 or int(text) > MAX_SEED:
        raise Refusal(InputCode.SEED_TOO_LARGE, field=field, limit=str(MAX_SEED))
    return int(text)


def typed_number(raw: object, field: str, digits: int = MAX_DIGITS) -> int:
    """A whole number typed on a phone (0-9 only, at most ``digits`` digits)."""
    text = raw.strip() if isinstance(raw, str) else ""
    if len(text) > digits and _ascii_digits(text):
        raise Refusal(InputCode.TOO_LONG, field=field, limit=digits)
    if not _ascii_digits(text):
        shown = text[:12] + ("…" if len(text) > 12 else "")
        raise Refusal(InputCode.NOT_A_NUMBER, field=field, value=shown)
    return int(text)


def shown(lang: str, err: Refusal, label: str) -> str:
    """A refusal as the screen shows it next to its field: ``label`` names the field."""
    from app.l10n import render
    from scoring.message import msg

    return render(lang, msg(err.code, **{**err.params, "field": label}))

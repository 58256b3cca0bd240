"""Player and person names: cleaned and checked on the server, compared as people would.

Every name a client sends (new game form, seat renames, imports, History edits)
goes through :func:`clean_name` before it is stored: NFKC-normalised (full-width
``Ｍｅｉ`` becomes ``Mei``), trimmed, inner runs of white space made one space,
1 to :data:`MAX_NAME` characters, and no control, bidi-override or other format
characters (ZWJ/ZWNJ stay: emoji and some scripts need them). :func:`name_key`
is what two names are matched by (same person): the cleaned name, case-folded.
"""

from __future__ import annotations

import unicodedata

from scoring.message import MessageCode, Refusal

MAX_NAME = 40
_JOINERS = {"\u200c", "\u200d"}


class NameCode(MessageCode):
    EMPTY = "refusal-name-empty"
    TOO_LONG = "refusal-name-too-long"
    FORBIDDEN = "refusal-name-forbidden-character"


def clean_name(raw: object, field: str = "name") -> str:
    """The stored form of a typed name, or a :class:`Refusal` naming ``field``."""
    if not isinstance(raw, str):
        raise Refusal(NameCode.EMPTY, field=field)
    text = unicodedata.normalize("NFKC", raw)
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in _JOINERS:
            continue
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") and not ch.isspace():
            raise Refusal(NameCode.FORBIDDEN, field=field, code_point=f"U+{ord(ch):04X}")
        if cat in ("Cc", "Zl", "Zp") and ch not in " \t":
            raise Refusal(NameCode.FORBIDDEN, field=field, code_point=f"U+{ord(ch):04X}")
    text = " ".join(text.split())
    if not text:
        raise Refusal(NameCode.EMPTY, field=field)
    if len(text) > MAX_NAME:
        raise Refusal(NameCode.TOO_LONG, field=field, limit=MAX_NAME, length=len(text))
    return text


def name_key(name: str) -> str:
    """What two names are matched by: NFKC, trimmed, single-spaced, case-folded."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()

"""Small words every screen uses: a list's separator, who made a change."""

from __future__ import annotations

from collections.abc import Sequence

from app import l10n
from scoring.message import MessageCode


class WordCode(MessageCode):
    """The words of this module."""

    HOST = "who-host"


def commas(lang: str) -> str:
    """The list separator of ``lang`` (", " / "、")."""
    return l10n.render(lang, "list-commas")


def who(lang: str, by: int | None, names: Sequence[str]) -> str:
    """A seat's name, or "host"."""
    if by is None or not 0 <= by < len(names):
        return l10n.render(lang, WordCode.HOST)
    return names[by]

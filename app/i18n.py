"""The screens' translator: a thin shim over the catalogues of ``app.l10n``.

Every word lives in ``app/l10n/<lang>.ftl``. The screens ask for a text by the
catalogue's own id, in the one spelling every message id has (lower-case words
joined by ``-``; a part that is a record value keeps its own spelling:
``t("home-new-game")``, ``t(f"river-{symbol}")`` -> ``river-forester_pair``).
``{name}`` fields are the keyword arguments. An id no catalogue has shows itself,
so a slip shows up on screen instead of crashing; ``tests/app/test_ui_i18n.py``
keeps every catalogue on the same ids and every id the screens use present.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

from app import l10n

DEFAULT_LANGUAGE = l10n.DEFAULT_LANGUAGE
#: The languages with a catalogue, English first (a new ``.ftl`` file adds one).
LANGUAGES: tuple[str, ...] = l10n.languages()


class Translator:
    """Looks up the texts of one language."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang if lang in l10n.languages() else DEFAULT_LANGUAGE

    def t(self, key: str, **fields: Any) -> str:
        try:  # a redraw asks for the same texts again: each is worded once per language
            # (the type too: 1, 1.0 and True are equal keys but are worded apart)
            return _worded(self.lang, key, tuple((k, type(v), v) for k, v in fields.items()))
        except TypeError:  # a field that cannot be a key (a list): worded every time
            return _word(self.lang, key, fields)

    def has(self, key: str) -> bool:
        return l10n.has(self.lang, key)


# a pure function of its arguments, cached by value: lru_cache, not app.cache.Memo
@lru_cache(maxsize=8192)
def _worded(lang: str, key: str, fields: tuple[tuple[str, type, Any], ...]) -> str:
    return _word(lang, key, {k: v for k, _type, v in fields})


def _word(lang: str, key: str, fields: dict[str, Any]) -> str:
    if key.startswith("lang-") and key[5:] in l10n.languages():
        lang = key[5:]  # a language is named in its own words (its own catalogue)
    if not (l10n.has(lang, key) or l10n.has(DEFAULT_LANGUAGE, key)):
        return key
    # fields are shown as given (ids, seeds, counts); plurals and number formats
    # belong to catalogue messages that take numbers (app.l10n.render)
    args = {k: (str(v) if isinstance(v, int) and not isinstance(v, bool) else v)
            for k, v in fields.items()}
    return l10n.render(lang, key, **args)


def language_of(t: Any) -> str:
    """The language a translate function speaks (``app.t`` or ``Translator.t``)."""
    owner = getattr(t, "__self__", None)
    return str(getattr(getattr(owner, "tr", owner), "lang", DEFAULT_LANGUAGE))


def cli_language() -> str:
    """The language of the command line's own lines (``serve``, ``tables``): Japanese when
    the locale says so (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"

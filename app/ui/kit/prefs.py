"""Per-device settings (language, theme) kept in the device's own storage.

On the web that is the browser's localStorage (``ft.SharedPreferences``), so
every phone keeps its own language and theme. ``MemoryPrefs`` stands in for
tests and for a page without a client.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, replace
from typing import Any, Protocol

from app.i18n import DEFAULT_LANGUAGE, LANGUAGES
from app.ui.kit.flet_compat import TAB_GONE

THEMES: tuple[str, ...] = ("system", "light", "dark")
KEY_PREFIX = "forest_table."


@dataclass(frozen=True, slots=True)
class Settings:
    language: str = DEFAULT_LANGUAGE
    theme: str = "system"

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    @staticmethod
    def clean(language: Any, theme: Any) -> Settings:
        """Settings from stored values; anything unknown falls back to the default."""
        return Settings(language=language if language in LANGUAGES else DEFAULT_LANGUAGE,
                        theme=theme if theme in THEMES else "system")


class Prefs(Protocol):
    async def get(self, key: str) -> Any: ...

    async def set(self, key: str, value: str) -> Any: ...


class MemoryPrefs:
    """Prefs in a dict (tests, and a fallback)."""

    def __init__(self, values: dict[str, Any] | None = None) -> None:
        self.values: dict[str, Any] = dict(values or {})

    async def get(self, key: str) -> Any:
        return self.values.get(key)

    async def set(self, key: str, value: str) -> bool:
        self.values[key] = value
        return True


async def load_settings(prefs: Prefs, timeout: float = 5.0) -> Settings:
    async def _load() -> Settings:
        return Settings.clean(await prefs.get(KEY_PREFIX + "language"),
                              await prefs.get(KEY_PREFIX + "theme"))

    try:
        return await asyncio.wait_for(_load(), timeout)
    except TAB_GONE:  # no client answer (tests, a closed tab): defaults
        return Settings()


async def save_settings(prefs: Prefs, settings: Settings, timeout: float = 5.0) -> None:
    async def _save() -> None:
        await prefs.set(KEY_PREFIX + "language", settings.language)
        await prefs.set(KEY_PREFIX + "theme", settings.theme)

    with contextlib.suppress(Exception):  # no client answer (tests, a closed tab)
        await asyncio.wait_for(_save(), timeout)


class DevicePrefs:
    """The device's storage (browser localStorage on the web) via ft.SharedPreferences."""

    def __init__(self) -> None:
        import flet as ft

        self._prefs = ft.SharedPreferences()

    async def get(self, key: str) -> Any:
        return await self._prefs.get(key)

    async def set(self, key: str, value: str) -> Any:
        return await self._prefs.set(key, value)

"""Flet entry point (``flet build`` and ``forest-table serve|desktop`` use this module)."""

from __future__ import annotations

import flet as ft

from app.ui.kit.prefs import DevicePrefs
from app.ui.shell.app import ForestTableApp


def main(page: ft.Page) -> None:
    """One browser tab (or window): settings come from the device's own storage."""
    ForestTableApp(page, prefs=DevicePrefs()).start()


if __name__ == "__main__":  # pragma: no cover
    ft.run(main, assets_dir="../assets")

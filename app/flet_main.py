"""Flet entry point (``flet build`` and ``forest-table serve|desktop`` use this module)."""

from __future__ import annotations

import flet as ft

from app.ui.kit.prefs import DevicePrefs
from app.ui.kit.services import Services
from app.ui.shell.app import ForestTableApp


def main(page: ft.Page, services: Services | None = None) -> None:
    """One window (the desktop app, a phone's ``flet build``): settings come from the
    device's own storage; ``services``: the process's (none: this window's own)."""
    ForestTableApp(page, prefs=DevicePrefs(), services=services).start()


if __name__ == "__main__":  # pragma: no cover
    ft.run(main, assets_dir="../assets")

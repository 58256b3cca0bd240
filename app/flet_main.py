"""Flet entry point (``flet build`` uses this module too)."""

from __future__ import annotations

import flet as ft


def main(page: ft.Page) -> None:
    page.title = "Forest Table"
    page.add(ft.Text("Forest Table", size=28, weight=ft.FontWeight.BOLD))
    page.add(ft.Text("Table companion for Forestry and Forest Guardians."))


if __name__ == "__main__":  # pragma: no cover
    ft.run(main)

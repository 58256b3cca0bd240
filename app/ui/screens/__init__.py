"""Screens: ``build(app) -> ft.Control``; they render presenters' view models only."""

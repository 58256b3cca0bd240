"""Entry point for ``flet build`` (it looks for ``main.py`` at the app root).

The app itself is ``app.flet_main.main``; ``forest-table serve|desktop`` run it too.
"""

import flet as ft

from app.flet_main import main

if __name__ == "__main__":
    ft.run(main, assets_dir="assets")

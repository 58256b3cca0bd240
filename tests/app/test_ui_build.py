"""``flet build`` finds its entry point and assets (it needs the Flutter SDK: not run here)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_flet_build_entry_point_and_assets():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["flet"]
    app_dir = ROOT / cfg["app"]["path"]
    # flet build takes Path(module).stem + ".py" at the app root
    assert (app_dir / f"{Path(cfg['app']['module']).stem}.py").exists()
    assert (app_dir / "assets" / "fonts" / "NotoSansJP-Subset.otf").exists()
    assert ".venv" in cfg["app"]["exclude"]
    import main
    from app.flet_main import main as app_main

    assert main.main is app_main

"""Build hook: the wheel carries the repository's top-level ``assets/`` as ``app/assets``.

The metadata lives in pyproject.toml. ``assets/`` stays where it is in the repository
(``flet build`` and ``forest-table desktop`` from a checkout read it there); a wheel (also one
built from the sdist, which MANIFEST.in gives the folder) copies it into the ``app`` package,
where :func:`app.resources.assets_dir` finds it through ``importlib.resources``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithAssets(build_py):  # type: ignore[misc]
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # an editable install reads the checkout
            return
        source = HERE / "assets"
        target = Path(self.build_lib) / "app" / "assets"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not getattr(self, "editable_mode", False):
            target = Path(self.build_lib) / "app" / "assets"
            outputs += [str(target / p.relative_to(HERE / "assets"))
                        for p in sorted((HERE / "assets").rglob("*")) if p.is_file()]
        return outputs


setup(cmdclass={"build_py": BuildWithAssets})

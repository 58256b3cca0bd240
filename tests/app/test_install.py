"""A clean install and first run (issue 15): version, help, LICENSE, the postgres extra,
a missing SQLite directory, a missing driver, the real PostgreSQL server through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from app.cli import build_parser, main
from tests.app.test_exchange import as_given, jsonl, sample_records

ROOT = Path(__file__).parents[2]


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("forest-table ") and out.split()[1][0].isdigit()


def test_every_records_option_has_help_and_names_the_database() -> None:
    parser = build_parser()
    records = next(a for a in parser._subparsers._group_actions  # type: ignore[union-attr]
                   ).choices["records"]
    actions = next(a for a in records._subparsers._group_actions).choices  # type: ignore
    for name, sub in actions.items():
        text = sub.format_help()
        assert "DATABASE_URL" in text and "data directory" in text, name
        for action in sub._actions:
            if action.dest != "help":
                assert action.help, f"records {name} {action.dest}: no help"


def test_license_and_postgres_extra() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["license"] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert any(d.startswith("psycopg") for d in meta["project"]["optional-dependencies"]
               ["postgres"])


def test_a_missing_sqlite_directory_is_an_error_not_a_new_database(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-dir" / "db.sqlite3"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{missing}")
    assert main(["records", "list"]) == 1
    err = capsys.readouterr().err
    assert "does not exist" in err and "no-such-dir" in err
    assert not missing.parent.exists()


def test_a_missing_driver_says_how_to_install_it(tmp_path: Path) -> None:
    script = (
        "import sys; sys.modules['psycopg'] = None\n"
        "from app.cli import main\n"
        "sys.exit(main(['records', 'list']))\n")
    env = dict(os.environ, DATABASE_URL="postgresql://u:secret@127.0.0.1:1/x")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    assert "pip install 'forest-table[postgres]'" in done.stderr
    assert "secret" not in done.stderr and "Traceback" not in done.stderr


@pytest.mark.postgres
def test_database_url_works_against_the_real_server(
        pg_schema_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``DATABASE_URL=postgresql+psycopg://...`` through the CLI: import, list, export."""
    monkeypatch.setenv("DATABASE_URL", pg_schema_url)
    src = tmp_path / "in.jsonl"
    src.write_text(jsonl(sample_records()))
    assert main(["records", "import", str(src)]) == 0
    assert "Imported 4 games" in capsys.readouterr().out
    assert main(["records", "list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 6
    assert main(["records", "export"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [as_given(json.loads(line), r) for line, r in zip(lines, sample_records(),
                                                              strict=True)] == sample_records()


# --------------------------------------------------------------------------- a package that
# carries itself (issue 25): the sdist, a wheel built from it, installed outside the checkout

def _site_packages() -> Path:
    import sysconfig

    return Path(sysconfig.get_paths()["purelib"])


@pytest.mark.install
def test_the_wheel_built_from_the_sdist_serves_japanese_from_a_fresh_venv(
        tmp_path: Path) -> None:
    """``python -m build`` (sdist, then the wheel from it) -> a fresh venv outside the checkout
    -> ``forest-table serve``: the manifest is ours and the Japanese font answers 200.

    The fresh venv borrows the third-party dependencies from this environment (a ``.pth``
    line: no download, a few seconds); Forest Table itself comes only from the wheel."""
    import socket
    import time
    import urllib.request
    import zipfile

    dist = tmp_path / "dist"
    done = subprocess.run([sys.executable, "-m", "build", "-q", "-o", str(dist), str(ROOT)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    sdist = next(dist.glob("*.tar.gz"))
    wheel = next(dist.glob("*.whl"))
    import tarfile

    with tarfile.open(sdist) as tar:
        in_sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    with zipfile.ZipFile(wheel) as z:
        in_wheel = set(z.namelist())
    for name in ("assets/fonts/NotoSansJP-Subset.otf", "assets/manifest.json",
                 "assets/icons/harvester.svg", "assets/icons/dark/harvester.svg",
                 "app/l10n/en.ftl", "app/l10n/ja.ftl"):
        assert name in in_sdist, name
    for name in ("app/assets/fonts/NotoSansJP-Subset.otf", "app/assets/manifest.json",
                 "app/assets/icons/icon-192.png", "app/l10n/en.ftl", "app/l10n/ja.ftl",
                 "app/store/migrations/env.py"):
        assert name in in_wheel, name
    # the project's icon set (issue 33), light and dark: every file of assets/icons
    for svg in sorted((ROOT / "assets" / "icons").rglob("*.svg")):
        name = "app/assets/" + svg.relative_to(ROOT / "assets").as_posix()
        assert name in in_wheel, name
    assert sum(n.endswith(".svg") for n in in_wheel) >= 82

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--disable-pip-version-check", str(wheel)], check=True, timeout=120)
    purelib = subprocess.run([str(py), "-c", "import sysconfig;print(sysconfig.get_paths()"
                              "['purelib'])"], capture_output=True, text=True,
                             check=True).stdout.strip()
    (Path(purelib) / "zz_borrowed_dependencies.pth").write_text(f"{_site_packages()}\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")}
    env["FLET_APP_STORAGE_DATA"] = str(tmp_path / "data")
    (tmp_path / "data").mkdir()
    where = subprocess.run([str(py), "-c", "import app.resources as r; print(r.__file__); "
                            "print(r.assets_dir())"], capture_output=True, text=True, env=env,
                           cwd=tmp_path, check=True).stdout.split()
    assert all(w.startswith(str(venv)) for w in where), where  # not the checkout's

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [str(venv / "bin" / "forest-table"), "serve", "--host", "127.0.0.1", "--port",
         str(port), "--no-qr", "--no-browser"], cwd=tmp_path, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/manifest.json", timeout=5) as r:
                    manifest = json.loads(r.read())
                break
            except OSError:
                assert server.poll() is None, server.communicate()[0][-2000:]
                assert time.monotonic() < deadline, "the installed server did not answer"
                time.sleep(0.3)
        assert manifest["name"] == "Forest Table"
        with urllib.request.urlopen(base + "/fonts/NotoSansJP-Subset.otf", timeout=10) as r:
            assert r.status == 200
            assert r.read() == (ROOT / "assets" / "fonts" / "NotoSansJP-Subset.otf").read_bytes()
        with urllib.request.urlopen(base + "/icons/dark/harvester.svg", timeout=10) as r:
            assert r.read() == (ROOT / "assets" / "icons" / "dark" / "harvester.svg").read_bytes()
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()


def _imported_top_modules() -> dict[str, str]:
    """Every third-party top-level module the shipped code imports -> one file importing it."""
    import ast

    local = {"app", "scoring", "setup", "main"}
    found: dict[str, str] = {}
    for base in ("app", "scoring", "setup"):
        for path in sorted((ROOT / base).rglob("*.py")):
            if "migrations" in path.parts and path.name == "script.py.mako":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top not in sys.stdlib_module_names and top not in local:
                        found.setdefault(top, str(path.relative_to(ROOT)))
    return found


def test_every_imported_package_is_declared_with_bounds() -> None:
    """msgpack, starlette, sqlalchemy ... are imported by our code, so pyproject names them,
    each with a lower bound and an upper one (or a pin), not only through another package."""
    from importlib.metadata import packages_distributions

    from packaging.requirements import Requirement

    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    declared = {}
    for line in meta["project"]["dependencies"] + meta["project"]["optional-dependencies"][
            "postgres"]:
        req = Requirement(line)
        declared[req.name.lower().replace("_", "-").replace(".", "-")] = req
    dists = packages_distributions()
    missing = []
    for top, where in _imported_top_modules().items():
        names = {d.lower().replace("_", "-").replace(".", "-") for d in dists.get(top, [top])}
        if not names & declared.keys():
            missing.append(f"{top} ({where}; distribution {sorted(names)})")
    assert not missing, "imported but not declared in pyproject.toml: " + ", ".join(missing)
    for name, req in declared.items():
        ops = {s.operator for s in req.specifier}
        assert "==" in ops or ({">=", "<"} <= ops), f"{name}: {req.specifier} is not bounded"


def test_make_run_takes_a_port() -> None:
    done = subprocess.run(["make", "-n", "run", "PORT=9123"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "forest-table serve --port 9123" in done.stdout
    plain = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
    assert "forest-table serve" in plain.stdout and "--port" not in plain.stdout


def test_a_test_run_says_how_many_postgres_tests_it_skipped() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PG_TEST_URL", "DATABASE_URL")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "tests/app/test_store.py", "-k", "postgres_migrates_to_head or empty_database"],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]
    assert "1 PostgreSQL test skipped (PG_TEST_URL is not set)" in done.stdout
    assert "PG_TEST_URL=postgresql+psycopg://" in done.stdout and ".ci/run" in done.stdout

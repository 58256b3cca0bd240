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
    # the driver itself: 'forest-table[postgres]' is no published package (issue 34)
    assert "pip install 'psycopg[binary]>=3.1,<4'" in done.stderr
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


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """``python -m build`` once per session (sdist, then the wheel from it): both."""
    dist = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "-q", "-o", str(dist), str(ROOT)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return next(dist.glob("*.tar.gz")), next(dist.glob("*.whl"))


def _fresh_venv(tmp_path: Path, wheel: Path) -> Path:
    """A fresh venv with only our wheel installed; the third-party dependencies borrowed
    from this environment (a ``.pth`` line: no download). Its python."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q",
                    "--no-deps", "--no-index", "--disable-pip-version-check", str(wheel)],
                   check=True, timeout=120)
    purelib = subprocess.run([str(py), "-c", "import sysconfig;print(sysconfig.get_paths()"
                              "['purelib'])"], capture_output=True, text=True,
                             check=True).stdout.strip()
    (Path(purelib) / "zz_borrowed_dependencies.pth").write_text(f"{_site_packages()}\n")
    return py


def _clean_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PYTHONPATH")}
    env["FLET_APP_STORAGE_DATA"] = str(tmp_path / "data")
    (tmp_path / "data").mkdir(exist_ok=True)
    return env


@pytest.mark.install
def test_the_wheel_built_from_the_sdist_serves_japanese_from_a_fresh_venv(
        tmp_path: Path, built: tuple[Path, Path]) -> None:
    """``python -m build`` (sdist, then the wheel from it) -> a fresh venv outside the checkout
    -> ``forest-table serve``: the manifest is ours and the Japanese font answers 200.

    The fresh venv borrows the third-party dependencies from this environment (a ``.pth``
    line: no download, a few seconds); Forest Table itself comes only from the wheel."""
    import socket
    import time
    import urllib.request
    import zipfile

    sdist, wheel = built
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

    py = _fresh_venv(tmp_path, wheel)
    venv = py.parent.parent
    env = _clean_env(tmp_path)
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
    extras = meta["project"]["optional-dependencies"]
    for line in meta["project"]["dependencies"] + extras["postgres"] + extras["desktop"]:
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


# --------------------------------------------------------------------------- installing as a
# user would (issue 34): another project's `scoring`, a hostile setup.py, the desktop client,
# shell completion

def _one_line_without_traceback(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and done.stdout == "", done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def _fake_wheel(where: Path, name: str, files: dict[str, str]) -> Path:
    """A minimal wheel of another project (written by hand: nothing to build)."""
    import zipfile

    base = name.replace("-", "_")
    path = where / f"{base}-1.0-py3-none-any.whl"
    info = f"{base}-1.0.dist-info"
    files = {**files, f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\n"
             "Version: 1.0\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
             "Tag: py3-none-any\n"}
    record = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for n, text in {**files, f"{info}/RECORD": record}.items():
            z.writestr(n, text)
    return path


def _install_over(py: Path, where: Path, name: str, package: str) -> None:
    """Install another project's wheel ``name`` whose top-level ``package`` (one of ours'
    names) raises at import, over our wheel in the venv of ``py``."""
    wheel = _fake_wheel(where, name, {
        f"{package}/__init__.py": "raise ImportError('not Forest Table')\n"})
    done = subprocess.run([sys.executable, "-m", "pip", "-q", "--disable-pip-version-check",
                           "--python", str(py), "install", "--no-deps", "--no-index",
                           str(wheel)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.install
def test_an_unrelated_scoring_package_installed_over_the_wheel_is_one_clear_line(
        tmp_path: Path, built: tuple[Path, Path]) -> None:
    """pip lets another distribution's ``scoring`` overwrite ours: the command says which
    and how to fix it, in one line, instead of a traceback."""
    py = _fresh_venv(tmp_path, built[1])
    env = _clean_env(tmp_path)
    tool = str(py.parent / "forest-table")
    ok = subprocess.run([tool, "records", "list"], capture_output=True, text=True, env=env,
                        cwd=tmp_path, timeout=120)
    assert ok.returncode == 0, ok.stderr  # our own wheel alone: no false alarm

    _install_over(py, tmp_path, "scoring-utils", "scoring")
    for argv in ([tool, "records", "list"], [tool, "setup", "forestry", "--players", "2"],
                 [str(py), "-m", "app", "score", "-"]):
        line = _one_line_without_traceback(subprocess.run(
            argv, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120))
        assert "'scoring'" in line and "scoring-utils" in line, line
        assert "pipx" in line and "venv" in line, line


@pytest.mark.install
def test_an_unrelated_app_package_installed_over_the_wheel_is_one_clear_line(
        tmp_path: Path, built: tuple[Path, Path]) -> None:
    """Another distribution's ``app`` over ours replaces ``app/__init__.py``, which a console
    script ``app.cli:main`` would import first: ours (``forest_table_start``) checks before
    importing ``app`` and says which and how to fix it, in one line."""
    py = _fresh_venv(tmp_path, built[1])
    env = _clean_env(tmp_path)
    tool = str(py.parent / "forest-table")
    for argv in ([tool, "records", "list"], [tool, "setup", "forestry", "--players", "2"]):
        ok = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp_path,
                            timeout=120)
        assert ok.returncode == 0 and "Traceback" not in ok.stderr, ok.stderr  # no false alarm

    _install_over(py, tmp_path, "app-utils", "app")
    for argv in ([tool, "records", "list"], [tool, "setup", "forestry", "--players", "2"]):
        line = _one_line_without_traceback(subprocess.run(
            argv, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120))
        assert "'app'" in line and "app-utils" in line, line
        assert "pipx" in line and "venv" in line, line


def test_the_console_script_checks_before_importing_app(tmp_path: Path) -> None:
    """``forest-table`` runs ``forest_table_start:main``: with another ``app`` first on the
    path it prints one line naming it, and never imports that ``app`` (it raises)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["scripts"]["forest-table"] == "forest_table_start:main"
    (tmp_path / "other" / "app").mkdir(parents=True)
    (tmp_path / "other" / "app" / "__init__.py").write_text("raise ImportError('not ours')\n")
    script = "import sys, forest_table_start; sys.exit(forest_table_start.main())"
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "other"))
    line = _one_line_without_traceback(subprocess.run(
        [sys.executable, "-c", script, "records", "list"], capture_output=True, text=True,
        env=env, cwd=tmp_path, timeout=120))
    assert "'app'" in line and str(tmp_path / "other" / "app") in line and "pipx" in line
    env.pop("PYTHONPATH")  # our own app: the command runs
    done = subprocess.run([sys.executable, "-c", script, "setup", "forestry", "--players", "2",
                           "--seed", "1", "--json"], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seed"] == 1


def test_a_scoring_package_first_on_the_path_is_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "other" / "scoring").mkdir(parents=True)
    (tmp_path / "other" / "scoring" / "__init__.py").write_text("raise ImportError('no')\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "other"))
    line = _one_line_without_traceback(subprocess.run(
        [sys.executable, "-m", "app", "records", "list"], capture_output=True, text=True,
        env=env, cwd=tmp_path, timeout=120))
    assert "'scoring'" in line and str(tmp_path / "other" / "scoring") in line and "pipx" in line


def test_python_m_app_never_runs_the_current_folders_setup_py(tmp_path: Path) -> None:
    """``python -m app`` in another project's folder: its ``setup.py`` (the name of our
    dealer package) is neither run nor taken for ours; the command works."""
    ran = tmp_path / "setup-py-ran"
    (tmp_path / "setup.py").write_text(f"open({str(ran)!r}, 'w').close()\nraise SystemExit(7)\n")
    done = subprocess.run([sys.executable, "-m", "app", "setup", "forestry", "--players", "2",
                           "--seed", "1", "--json"], capture_output=True, text=True,
                          cwd=tmp_path, env={k: v for k, v in os.environ.items()
                                             if k != "PYTHONPATH"}, timeout=120)
    assert not ran.exists()
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["seed"] == 1


def _desktop(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             *argv: str) -> str:
    import flet

    def no(*_a: object, **_k: object) -> None:
        raise AssertionError("the desktop window was started or something installed")

    monkeypatch.setattr(flet, "run", no)
    monkeypatch.setattr(subprocess, "run", no)
    monkeypatch.setattr(subprocess, "check_call", no)
    assert main(["desktop", *argv]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_desktop_without_flets_desktop_client_is_one_line_offering_the_browser(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "flet_desktop", None)  # not installed
    line = _desktop(monkeypatch, capsys)
    assert "not installed" in line and "forest-table[desktop]" in line
    assert "forest-table serve" in line


def test_desktop_never_downloads_the_window_unless_asked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """flet-desktop 1.0.5 installed, its client neither bundled nor unpacked: one line
    (``--download-client``); a client of another version: one line too."""
    import types

    import flet.version

    fake = types.ModuleType("flet_desktop")
    version = types.ModuleType("flet_desktop.version")
    version.version = flet.version.flet_version  # type: ignore[attr-defined]
    fake.version = version  # type: ignore[attr-defined]
    vars(fake).update({
        "get_package_bin_dir": lambda: str(tmp_path / "bin"),
        "get_artifact_filename": lambda: "flet-linux-light-amd64.tar.gz",
        "__get_client_storage_dir": lambda: tmp_path / "client" / "flet-desktop-light-1.0.5",
    })
    fake.__spec__ = importlib_spec("flet_desktop")
    monkeypatch.setitem(sys.modules, "flet_desktop", fake)
    monkeypatch.setitem(sys.modules, "flet_desktop.version", version)
    monkeypatch.delenv("FLET_VIEW_PATH", raising=False)
    monkeypatch.chdir(tmp_path)
    line = _desktop(monkeypatch, capsys)
    assert "--download-client" in line and "forest-table serve" in line

    from app.desktop_client import missing

    assert missing(download=True) is None
    (tmp_path / "client" / "flet-desktop-light-1.0.5").mkdir(parents=True)  # unpacked once
    assert missing() is None
    version.version = "0.99.0"  # type: ignore[attr-defined]
    line = _desktop(monkeypatch, capsys, "--download-client")
    assert "version 0.99.0" in line and "forest-table[desktop]" in line


def importlib_spec(name: str) -> object:
    from importlib.machinery import ModuleSpec

    return ModuleSpec(name, None)


def test_desktop_extra_is_declared() -> None:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["optional-dependencies"]["desktop"] == ["flet-desktop==1.0.5"]
    readme = (ROOT / "README.md").read_text()
    assert "pip install 'forest-table[" not in readme  # no such published package
    assert "pipx install ." in readme


#: the command lines both shells' tests complete, one a line: "" is the word being typed
PROBES = ('t forest-table ""\nt forest-table rec\nt forest-table records ""\n'
          't forest-table records export --format bg\nt forest-table setup ""\n'
          't forest-table tables new forestry --player Mei --mo\n'
          't forest-table setup forestry --mode a\nt forest-table setup forest-guardians --r\n')


def _completed_the_probes(done: subprocess.CompletedProcess[str]) -> None:
    """What a shell printed for :data:`PROBES`: the commands, a command's prefix, a
    command's actions, an option's choices (every export format), a verb's games; a game's
    option in its one spelling on ``tables new`` and on ``setup``, its choices, ``--role``
    and the older spelling beside it."""
    assert done.returncode == 0, done.stderr
    top, rec, records, formats, setup, mode, advanced, role = done.stdout.splitlines()
    assert mode == "--mode" and advanced == "advanced"
    assert role.split() == ["--role", "--ranger"]
    assert {"serve", "desktop", "score", "setup", "records", "tables", "completion",
            "--version"} <= set(top.split())
    assert rec == "records"
    assert {"list", "show", "export", "import", "stats", "merge"} <= set(records.split())
    assert formats.split() == ["bgstats", "bgg-csv", "bgg-xml"]
    assert {"forestry", "forest-guardians"} <= set(setup.split())


def test_completion_script_completes_the_commands_in_bash(tmp_path: Path) -> None:
    """``forest-table completion bash`` made from the parser: bash completes the commands,
    a command's actions and an option's choices with it."""
    import shutil

    from app.commands.completion import script

    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    (tmp_path / "c.sh").write_text(script("bash", build_parser()))
    probe = (
        f"source {tmp_path / 'c.sh'}\n"
        't() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _forest_table; '
        'echo "${COMPREPLY[*]}"; }\n'
        + PROBES)
    done = subprocess.run([bash, "-c", probe], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path)
    _completed_the_probes(done)


def test_completion_script_completes_the_commands_in_zsh(tmp_path: Path) -> None:
    """``forest-table completion zsh`` in zsh, called as zsh's ``bashcompinit`` calls it
    (``_bash_complete``: ``COMP_WORDS`` the words as zsh holds them, counted from 1,
    ``COMP_CWORD`` the current word's place less one; ``compadd`` keeps the replies that
    start with the word typed). It completed only the first word before: zsh counts from
    1 and reads a quoted key as quotes."""
    import shutil

    from app.commands.completion import script

    zsh = shutil.which("zsh")
    if zsh is None:
        pytest.skip("no zsh (.ci/run installs it)")
    (tmp_path / "c.zsh").write_text(script("zsh", build_parser()))
    probe = (
        f"autoload -U compinit && compinit -u -d {tmp_path / 'zcd'}\n"
        f"source {tmp_path / 'c.zsh'}\n"
        't() { local -a words COMP_WORDS COMPREPLY; words=("$@"); local CURRENT=$#; '
        'local COMP_CWORD=$((CURRENT - 1)); COMP_WORDS=("${words[@]}"); _forest_table; '
        'local cur=${words[CURRENT]}; echo "${(M)COMPREPLY[@]:#${cur}*}"; }\n'
        + PROBES)
    done = subprocess.run([zsh, "-f", "-c", probe], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path)
    _completed_the_probes(done)


def test_completion_command_prints_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "zsh"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("autoload -U +X bashcompinit && bashcompinit\n")
    assert "complete -o default -F _forest_table forest-table" in out
    assert "'forest-table records'" in out


@pytest.mark.parametrize("python", ["echo 3.10", "exit 127"])
def test_make_run_with_a_venv_of_a_too_old_python_says_how_to_fix_it(
        tmp_path: Path, python: str) -> None:
    """A ``.venv`` made by Python 3.10 (or whose Python is gone) failed every ``make run``
    with pip's error about the install: now one line says what to do."""
    venv = tmp_path / ".venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text(f"#!/bin/sh\n{python}\n")
    (venv / "bin" / "python").chmod(0o755)
    for stamp in (None, ".installed"):  # before and after an install that went through
        if stamp:
            (venv / stamp).touch()
        done = subprocess.run(["make", "--no-print-directory", "run", f"VENV={venv}"],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode != 0
        said = [line for line in done.stderr.splitlines() if not line.startswith("make")]
        assert len(said) == 1, done.stderr
        assert "needs Python 3.11 or newer" in said[0] and f"rm -rf {venv}" in said[0]
        assert "PYTHON=python3.11" in said[0]
        assert ("Python 3.10" in said[0]) == (python == "echo 3.10")
    assert not (venv / "install.log").exists()  # nothing was tried with it


def test_desktop_download_offline_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--download-client`` without internet: Flet's download raises (URLError, an
    OSError): one line offering the browser, not a traceback."""
    import urllib.error

    import flet

    import app.desktop_client

    def offline(*_a: object, **_k: object) -> None:
        raise urllib.error.URLError("[Errno -3] Temporary failure in name resolution")

    monkeypatch.setattr(app.desktop_client, "missing", lambda download=False: None)
    monkeypatch.setattr(flet, "run", offline)
    assert main(["desktop", "--download-client"]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "forest-table serve" in lines[0], lines
    assert "name resolution" in lines[0]

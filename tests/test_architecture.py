"""The house rules of the code's shape (issues 17 and 31), checked on the source tree.

- no import cycle among app/, scoring/ and setup/ (every import counts:
  function-level, ``TYPE_CHECKING``, a submodule's import of its package);
- no ``game ==`` dispatch branch outside a game's own folders (a game's behaviour is
  looked up);
- no string-keyed ``app.state`` in app/ui;
- one rule set (section d): layers by pattern (:data:`LAYERS`); a game's modules
  (:data:`GAME_FOLDERS`) imported only by that game's and the three registries
  (:data:`REGISTRIES`), so no game imports another; what a part never imports from
  outside (:data:`NEVER`: scoring/ and setup/ stay pure, the engine has no screen and no
  database, table mode no screen); each game has its one place in each layer;
- game-keyed tables (``dict[Game…``, ``Mapping[Game…``) live only in the registries;
- docs/architecture.md's "where things live" map matches the folders.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from collections.abc import Iterable
from fnmatch import fnmatchcase
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "scoring", "setup")


def _import_graph() -> ModuleType:
    """tools/import_graph.py (tools/ is not a package)."""
    name = "_forest_table_import_graph"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def cycles() -> list[list[str]]:
    ig = _import_graph()
    found: list[list[str]] = ig.cycles(ig.graph(ROOT))
    return found


def _sources(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py")
                  if "__pycache__" not in p.parts)


# --------------------------------------------------------------------------- (a) import cycles


def test_the_cycle_finder_sees_every_kind_of_import(tmp_path: Path) -> None:
    """A cycle through a function-level import, a TYPE_CHECKING import or a package
    ``__init__`` that re-exports a submodule is found (so a passing check means something)."""
    ig = _import_graph()
    for pkg in PACKAGES:
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "app" / "a.py").write_text("def f():\n    from app import b\n")
    (tmp_path / "app" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.a import f\n")
    (tmp_path / "scoring" / "p").mkdir()
    (tmp_path / "scoring" / "p" / "__init__.py").write_text("from scoring.p.x import y\n")
    (tmp_path / "scoring" / "p" / "x.py").write_text("from scoring.p.z import w\ny = 1\n")
    (tmp_path / "scoring" / "p" / "z.py").write_text("w = 2\n")
    (tmp_path / "setup" / "ok.py").write_text("import scoring.p.z\n")
    found = ig.cycles(ig.graph(tmp_path))
    assert sorted(found) == [["app.a", "app.b"], ["scoring.p", "scoring.p.x"]]


def test_no_import_cycle_touches_scoring_setup_or_the_store(cycles: list[list[str]]) -> None:
    touching = [c for c in cycles
                if any(m.split(".")[0] in ("scoring", "setup") or m.startswith("app.store")
                       for m in c)]
    assert touching == []


def test_package_inits_import_none_of_their_submodules() -> None:
    """A package ``__init__`` that re-exports a submodule which imports a sibling is a
    cycle: every ``__init__`` keeps to its docstring (and its own code), and importers
    take each name from the module that holds it."""
    ig = _import_graph()
    g = ig.graph(ROOT)
    inits = {name for name, path in ig.modules(ROOT).items() if path.name == "__init__.py"}
    bad = {pkg: sorted(m for m in g[pkg] if m.startswith(pkg + "."))
           for pkg in sorted(inits)}
    assert {k: v for k, v in bad.items() if v} == {}


def test_no_import_cycles(cycles: list[list[str]]) -> None:
    assert cycles == [], "\n".join(f"cycle of {len(c)}: {' '.join(c)}" for c in cycles)


# --------------------------------------------------------------------------- (b) game dispatch

DISPATCH = re.compile(r"game ?(==|!=) ?|isinstance\([^)]*(Forestry|Guardians)")
#: today: two SQL joins on the game column (store), no branch
MAX_DISPATCH = 3


def dispatch_lines() -> list[str]:
    """Every line of app/ outside a game's own folder that branches on the game."""
    out = []
    for path in _sources("app"):
        if "games" in path.relative_to(ROOT).parts[:2]:  # a game on its own types
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if DISPATCH.search(line):
                out.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    return out


def test_dispatch_pattern_matches_what_it_should() -> None:
    assert DISPATCH.search('if game == "forestry":')
    assert DISPATCH.search("if state.game != Game.GUARDIANS:")
    assert DISPATCH.search("isinstance(state, ForestryState)")
    assert DISPATCH.search("isinstance(s.board, (GuardiansBoard, Foo))")
    assert not DISPATCH.search("GAMES[game].handlers")


def test_few_game_dispatch_branches() -> None:
    found = dispatch_lines()
    assert len(found) < MAX_DISPATCH, "\n".join(found)


# --------------------------------------------------------------------------- (c) app.state

STATE_KEYS = re.compile(r"app\.state\[|app\.state\.get\(|\.state\.setdefault\(")


def state_key_lines() -> list[str]:
    out = []
    for path in _sources("app/ui"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if STATE_KEYS.search(line):
                out.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    return out


def test_state_key_pattern_matches_what_it_should() -> None:
    assert STATE_KEYS.search('self.app.state["table"] = t')
    assert STATE_KEYS.search('app.state.get("lang")')
    assert STATE_KEYS.search('shell.state.setdefault("x", 1)')
    assert not STATE_KEYS.search("self.app.nav.state")


def test_no_string_keyed_app_state_in_ui() -> None:
    found = state_key_lines()
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- (d) the rules
#
# One declarative rule set for the whole house, checked on the import graph (every import
# counts, tools/import_graph.py) and on each file's imports of outside packages:
#
# 1. layers by pattern: a module imports only from its own layer or lower ones;
# 2. one place per game in each layer: a game's modules (GAME_FOLDERS) are imported only by
#    the same game's modules and the three registries, so no game imports another;
# 3. what a part must never import from outside (flet, the database, ``app`` itself).
#
# (import-linter was weighed: its layers take wildcards only as containers and its
# "protected" contracts name each protected package, so rule 2, "the same game's folders",
# would take one contract per game: a new game would edit the contracts. Here the game is
# a variable.)

#: Each layer by the patterns of its modules' dotted names (``fnmatch``; the pattern with
#: the most dotted parts names a module's layer), lowest first. A game's screens' pieces
#: (``app.games.<game>.ui``) sit with the UI kit, whose registry imports them; the rest of
#: a game's folder with the engine, whose registry imports its variant.
LAYERS: dict[str, int] = {
    "scoring": 0, "scoring.*": 0,
    "setup": 1, "setup.*": 1,
    "app.l10n": 2, "app.l10n.*": 2, "app.names": 2, "app.peer": 2, "app.shown": 2,
    "app.cache": 2,
    "app.events": 2, "app.resources": 2, "app.bounds": 2, "app.installation": 2,
    "app.desktop_client": 2,
    "app.i18n": 3, "app.game": 3, "app.game.*": 3, "app.games": 3, "app.games.*": 3,
    "app.store": 4, "app.store.*": 4,
    "app.session": 5,
    "app.table": 6, "app.table.*": 6, "app.web": 6, "app.web.*": 6,
    "app.commands": 7, "app.commands.*": 7, "app.ui.kit": 7, "app.ui.kit.*": 7,
    "app.games.*.ui": 7, "app.games.*.ui.*": 7,
    "app.ui": 8, "app.ui.*": 8,
    "app.ui.shell": 9, "app.ui.shell.*": 9,
    "app.flet_main": 10, "app.server": 11, "app.cli": 12, "app.__main__": 13,
    "app.forest_table_start": 13,
}
#: A game's folders in each layer (``{game}``: the name of its folder under app/games/).
GAME_FOLDERS = ("scoring.{game}", "setup.{game}", "app.games.{game}")
#: The only modules outside a game's folders that import it: one import line per game each.
REGISTRIES = frozenset({"scoring.api", "app.game.registry", "app.ui.kit.games"})
#: What a part never imports from outside the project (the pattern with the most dotted
#: parts names a module's part): the rules and the dealers stay pure; the engine and a
#: game's rules have no screen and no database; table mode has no screen.
NEVER: dict[str, frozenset[str]] = {
    "scoring": frozenset({"app", "flet", "sqlmodel", "sqlalchemy"}),
    "scoring.*": frozenset({"app", "flet", "sqlmodel", "sqlalchemy"}),
    "setup": frozenset({"app", "flet", "sqlmodel", "sqlalchemy"}),
    "setup.*": frozenset({"app", "flet", "sqlmodel", "sqlalchemy"}),
    "app.game.*": frozenset({"flet", "sqlmodel", "sqlalchemy"}),
    "app.games.*": frozenset({"flet", "sqlmodel", "sqlalchemy"}),
    "app.games.*.ui": frozenset(), "app.games.*.ui.*": frozenset(),
    "app.table.*": frozenset({"flet"}),
}


def most_specific(module: str, patterns: Iterable[str]) -> str | None:
    """The pattern ``module`` matches with the most dotted parts (None: none matches)."""
    hits = [p for p in patterns if fnmatchcase(module, p)]
    return max(hits, key=lambda p: p.count("."), default=None)


def layer_of(module: str) -> int | None:
    pattern = most_specific(module, LAYERS)
    return None if pattern is None else LAYERS[pattern]


def games_in(modules: Iterable[str]) -> frozenset[str]:
    """The games: the packages right under ``app.games``."""
    return frozenset(m.split(".")[2] for m in modules
                     if m.startswith("app.games.") and m.count(".") >= 2)


def game_of(module: str, games: Iterable[str]) -> str | None:
    """The game whose folders hold ``module`` (None: a shared module)."""
    for game in games:
        for folder in GAME_FOLDERS:
            root = folder.format(game=game)
            if module == root or module.startswith(root + "."):
                return game
    return None


def broken_rules(g: dict[str, set[str]], packages: set[str],
                 outside: dict[str, set[str]] | None = None) -> list[str]:
    """Every import of the graph ``g`` that breaks a rule, as ``importer -> imported: rule``.

    ``packages``: the package ``__init__`` modules (each holds a docstring only: importing
    one is no import of its modules); ``outside``: each module's imports of outside
    packages, by their top-level names."""
    games = games_in(g)
    out = []
    for importer, targets in sorted(g.items()):
        low = layer_of(importer)
        mine = game_of(importer, games)
        for target in sorted(targets - packages):
            high = layer_of(target)
            if low is None or high is None:
                out.append(f"{importer} -> {target}: a module of no layer")
            elif high > low:
                out.append(f"{importer} -> {target}: runs back up a layer")
            theirs = game_of(target, games)
            if theirs is not None and theirs != mine and importer not in REGISTRIES:
                out.append(f"{importer} -> {target}: "
                           + (f"the game {mine} imports {theirs}" if mine
                              else "a shared module imports a game (only the registries do)"))
    for module, roots in sorted((outside or {}).items()):
        part = most_specific(module, NEVER)
        for root in sorted(roots & (NEVER[part] if part is not None else frozenset())):
            out.append(f"{module} -> {root}: never imported here")
    return out


def _outside_imports() -> dict[str, set[str]]:
    known = _import_graph().modules(ROOT)
    return {name: imported_roots(path) for name, path in known.items()}


def test_the_rules_see_every_kind_of_break() -> None:
    """Each rule fires on a graph that breaks it, and only there (so a clean house means
    something): a layer run back up, a game importing another, a shared module importing a
    game, a module of no layer, an outside package a part never imports."""
    g = {
        "app.table.hub": {"app.ui.kit.widgets", "app.session", "app"},
        "app.ui.kit.widgets": {"app.ui.sheet.view"}, "app.ui.sheet.view": {"app.ui.kit.nav"},
        "app.ui.records.view": {"app.ui.finish.view"},
        "app.games.chess.variant": {"app.games.go.commands", "app.game.state"},
        "app.games.go.commands": {"app.game.commands"},
        "app.games.chess.ui.sheet": {"app.ui.kit.widgets", "app.games.chess.variant",
                                     "scoring.chess.codec"},
        "app.store.exports": {"app.games.chess.variant", "scoring.chess.codec"},
        "app.game.registry": {"app.games.chess.variant", "app.games.go.commands"},
        "scoring.api": {"scoring.chess.codec"}, "scoring.chess.codec": set(),
        "setup.chess.plan": {"scoring.chess.codec", "app.game.state"},
        "app.ui.home.view": {"app.frobnicate"},
    }
    outside = {"app.game.state": {"flet", "json"}, "app.games.chess.ui.sheet": {"flet"},
               "scoring.chess.codec": {"sqlalchemy"}, "app.table.links": {"qrcode"}}
    assert set(broken_rules(g, {"app"}, outside)) == {
        "app.game.state -> flet: never imported here",
        "app.games.chess.variant -> app.games.go.commands: the game chess imports go",
        "app.store.exports -> app.games.chess.variant: a shared module imports a game "
        "(only the registries do)",
        "app.store.exports -> scoring.chess.codec: a shared module imports a game "
        "(only the registries do)",
        "app.table.hub -> app.ui.kit.widgets: runs back up a layer",
        "app.ui.kit.widgets -> app.ui.sheet.view: runs back up a layer",
        "app.ui.home.view -> app.frobnicate: a module of no layer",
        "scoring.chess.codec -> sqlalchemy: never imported here",
        "setup.chess.plan -> app.game.state: runs back up a layer",
    }


def test_a_game_module_is_known_by_its_folders() -> None:
    games = games_in(["app.games", "app.games.chess", "app.games.chess.ui.sheet",
                      "app.games.go.variant", "app.game.state"])
    assert games == {"chess", "go"}
    assert [game_of(m, games) for m in ("scoring.chess.codec", "setup.go", "app.games.go",
                                        "app.games.chess.ui.sheet", "scoring.api",
                                        "app.game.registry", "setup.chessboard")] == [
        "chess", "go", "go", "chess", None, None, None]


def test_the_house_keeps_the_rules() -> None:
    ig = _import_graph()
    known = ig.modules(ROOT)
    packages = {m for m, path in known.items() if path.name == "__init__.py"}
    assert broken_rules(ig.graph(ROOT), packages, _outside_imports()) == []


def test_each_game_has_one_place_in_each_layer() -> None:
    """Every game has its rules, its dealer and its app folder, and nothing else is a game."""
    def subpackages(folder: str) -> set[str]:
        return {p.parent.name for p in (ROOT / folder).glob("*/__init__.py")}

    games = subpackages("app/games")
    assert games and subpackages("scoring") == subpackages("setup") == games


def test_the_rules_name_every_module() -> None:
    known = _import_graph().modules(ROOT)
    assert [m for m in known if m not in PACKAGES and layer_of(m) is None] == []


def test_the_launcher_imports_nothing_of_ours_before_its_check() -> None:
    """``forest_table_start`` (the console script, app/forest_table_start/) runs before
    ``app`` is imported: at module level it imports nothing of ours (``app/installation.py``
    is loaded by its file path), and inside its functions only ``app.cli``, after the check."""
    tree = ast.parse((ROOT / "app" / "forest_table_start" / "__init__.py").read_text())
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    inner = [n for f in tree.body if isinstance(f, ast.FunctionDef) for n in ast.walk(f)
             if isinstance(n, (ast.Import, ast.ImportFrom))]

    def ours(nodes: list[ast.Import | ast.ImportFrom]) -> list[str]:
        names = [a.name for n in nodes if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "." for n in nodes if isinstance(n, ast.ImportFrom)]
        return [m for m in names if m.startswith(".") or m.split(".")[0] in PACKAGES]

    assert top and ours(top) == []
    assert ours(inner) == ["app.cli"]


def test_table_mode_imports_no_flet_and_nothing_of_the_ui() -> None:
    """app/table is hub, rights, answers, codes and links: a browser tab's controller and its
    join screen are the UI's (app/ui/shell/tab.py)."""
    bad = {str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p)
                                            if m.split(".")[0] == "flet"
                                            or m == "app.ui" or m.startswith("app.ui."))
           for p in _sources("app/table")}
    assert {k: v for k, v in bad.items() if v} == {}


def imported_roots(path: Path) -> set[str]:
    """The top-level names a file imports, anywhere in it (absolute imports; a relative
    import stays inside its own package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
              and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
              in ("import_module", "__import__")
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            out.add(node.args[0].value.split(".")[0])
    return out


def test_import_reader_sees_hidden_imports(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text("def f():\n    import flet as ft\n    from sqlmodel import Session\n"
                 "    importlib.import_module('app.store')\n    __import__('sqlalchemy.orm')\n")
    assert imported_roots(f) >= {"app", "flet", "sqlmodel", "sqlalchemy"}


def imported_modules(path: Path) -> set[str]:
    """The dotted names a file imports, anywhere in it (absolute imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.update([node.module, *(f"{node.module}.{a.name}" for a in node.names)])
    return out


# --------------------------------------------------------------------------- (f) registries

GAME_KEYED = re.compile(r"\b(?:dict|Mapping)\[Game")
#: The only files that hold a table keyed by the game: the registries'.
REGISTRY_FILES = frozenset(m.replace(".", "/") + ".py" for m in REGISTRIES)


def game_keyed_tables() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
            for path in _sources(*PACKAGES)
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if GAME_KEYED.search(line)]


def test_game_keyed_pattern_matches_what_it_should() -> None:
    assert GAME_KEYED.search("UI: dict[Game, GameUI] = {")
    assert GAME_KEYED.search("CODECS: Mapping[Game, RecordCodec] = {")
    assert GAME_KEYED.search("_BOARD_TEXT: dict[GameName, Callable[[], str]] = {")
    assert not GAME_KEYED.search("PIECES: dict[PlayPiece, Callable] = {")


def test_game_keyed_tables_live_only_in_the_registries() -> None:
    found = [line for line in game_keyed_tables()
             if line.split(":")[0] not in REGISTRY_FILES]
    assert found == [], "\n".join(found)


# --------------------------------------------------------------------------- (g) the map

MAP_DOC = ROOT / "docs" / "architecture.md"
MAP_ENTRY = re.compile(r"^\s*[-*]\s+`((?:app|scoring|setup)(?:/[\w.-]+)*/)`")


def folders() -> set[str]:
    """Every folder of app/, scoring/ and setup/ that holds a file (the roots included),
    as ``app/ui/``; a folder left with only ``__pycache__`` in it does not count."""
    out: set[str] = set()
    for pkg in PACKAGES:
        for p in (ROOT / pkg).rglob("*"):
            rel = p.relative_to(ROOT)
            if p.is_file() and "__pycache__" not in rel.parts and not p.name.startswith("."):
                out.update(d.as_posix() + "/" for d in rel.parents if d != Path("."))
    return out


def mapped_folders(text: str) -> list[str]:
    """The folders the "Where things live" section lists, one list item each."""
    section = re.search(r"^## Where things live\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert section, "docs/architecture.md has no '## Where things live' section"
    return [m.group(1) for line in section.group(1).splitlines()
            if (m := MAP_ENTRY.match(line))]


def test_map_reader_reads_one_folder_per_line() -> None:
    text = ("# x\n## Where things live\n- `app/` — the app\n- `app/ui/screens/` — screens\n"
            "text mentioning `setup/` is no entry\n## Next\n- `scoring/` — not in the map\n")
    assert mapped_folders(text) == ["app/", "app/ui/screens/"]


def test_architecture_map_matches_the_tree() -> None:
    listed = mapped_folders(MAP_DOC.read_text(encoding="utf-8"))
    assert len(listed) == len(set(listed)), "a folder is listed twice"
    tree = folders()
    assert {"missing from the map": sorted(tree - set(listed)),
            "listed but not in the tree": sorted(set(listed) - tree)} == {
        "missing from the map": [], "listed but not in the tree": []}


def test_every_game_has_its_ui_and_an_unknown_game_has_none() -> None:
    """A screen asks for the UI of the table's game; an unknown name is refused, not
    drawn as Forestry."""
    from app.ui.kit.games import ui
    from scoring.games import GAMES, Game

    assert {ui(g).seat_role for g in GAMES}  # every game resolves
    assert ui(Game.FORESTRY) is ui("forestry")
    with pytest.raises(ValueError):
        ui("chess")

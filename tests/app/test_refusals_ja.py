"""Every refusal a player can meet is said in Japanese when the UI is in Japanese.

Two checks:

- **static**: every raise site of the session, the table hub, the rules model,
  the dealers and the record parsers is found in the source (``ast``); its
  English message is rendered with each ``{value}`` as ``1`` and must be known
  to ``app.messages_ja.error_ja``, which must answer in Japanese. A new
  refusal without a translation fails here. A site whose message is not a
  sentence written there (it passes another error's text on) is listed in
  :data:`PASS_THROUGH` with where its text comes from.
- **dynamic**: commands refused for each reason go through the table hub and
  the sheet presenter with a Japanese translator; the error shown must be
  Japanese, with no English words left (player names and the values typed are
  allowed). The dealers' refusals go through the new-game form.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app import session as S
from app.i18n import Translator
from app.messages_ja import error_ja, refusal_text
from app.table import TableHub
from app.ui.presenters_sheet import SheetPresenter

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{2,}")
#: Latin words a Japanese refusal may keep: the altitudes printed on the terrain tiles.
ALLOWED_WORDS = {"II", "III"}
ja = Translator("ja").t

#: file -> {error class or call: index of the message argument}
SITES: dict[str, dict[str, int]] = {
    "app/session.py": {"DomainError": 1, "NotFound": 0},
    "app/table.py": {"Forbidden": 1, "DomainError": 1, "ValueError": 0, "NotFound": 0,
                     "Result": 2},
    "scoring/forestry/board.py": {"BoardError": 1},
    "scoring/forestry/record.py": {"add": 1, "Problem": 1},
    "scoring/record.py": {"Problem": 1},
    "scoring/guardians/record.py": {"Problem": 1, "ValueError": 0},
    "scoring/guardians/checks.py": {"GuardiansRuleError": 0},
    "scoring/printed.py": {"ValueError": 0},
    "setup/play.py": {"PlayError": 0},
    "setup/deck.py": {"DeckError": 0},
    "setup/forestry.py": {"SetupOptionError": 1},
    "setup/guardians.py": {"SetupError": 0},
}

#: (file, message expression) of sites that pass another error's text on.
PASS_THROUGH: dict[tuple[str, str], str] = {
    ("app/session.py", "first.message"): "a record Problem (scoring/*record.py)",
    ("app/session.py", "err.message"): "a BoardError / DomainError checked at its own site",
    ("app/session.py", "str(err)"): "PlayError, DeckError, SetupOptionError, SetupError, "
                                    "or an enum's ValueError ('x' is not a valid Mode)",
    ("app/session.py", "f'{kind}: {err}'"): "Python's TypeError for a malformed command",
    ("app/table.py", "err.message"): "a DomainError of the session",
    ("scoring/forestry/record.py", "p.message"): "problems_from (scoring/record.py)",
    ("scoring/forestry/record.py", "prob.message"): "problems_from (scoring/record.py)",
    ("scoring/forestry/record.py", "message"): "_Problems.add's own argument",
    ("scoring/record.py", "msg"): "problems_from: pydantic's message, or the two sentences "
                                  "checked in test_pydantic_and_wrapped_messages",
}


def _constants(tree: ast.Module) -> dict[str, str]:
    out = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            out[node.targets[0].id] = node.value.value
    return out


def _sample(node: ast.expr, consts: dict[str, str]) -> str | None:
    """The message with every interpolated value as ``1``; None if not written here."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = [_sample(v, consts) if isinstance(v, ast.Constant) else "1" for v in node.values]
        text = "".join(p or "" for p in parts)
        return text if re.search(r"[A-Za-z]{2}", text) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _sample(node.left, consts), _sample(node.right, consts)
        return (left or "1") + (right or "1") if left or right else None
    if isinstance(node, ast.Name) and node.id in consts:
        return consts[node.id]
    return None


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def raise_sites() -> Iterator[tuple[str, int, str | None, str]]:
    """(file, line, rendered sample or None, source of the message) for every site."""
    for rel, classes in SITES.items():
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        consts = _constants(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name not in classes:
                continue
            if name == "add" and not (isinstance(node.func, ast.Attribute)
                                      and ast.unparse(node.func.value) in ("ps", "self")):
                continue
            index = classes[name]
            if name == "DomainError" and len(node.args) >= 3:
                continue  # a coded refusal (its Msg): rendered by the catalogues, tested there
            if len(node.args) <= index:
                continue  # Result(True, snap): no message
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and arg.value is None:
                continue
            yield rel, node.lineno, _sample(arg, consts), ast.unparse(arg)
        # ps.count(..., what=...) finishes the sentence "{value} is more than {what}"
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) == "count":
                for kw in node.keywords:
                    if kw.arg == "what":
                        what = _sample(kw.value, consts)
                        sample = None if what is None else f"1 is more than {what}"
                        yield rel, node.lineno, sample, ast.unparse(kw.value)


def _english_words(text: str, allowed: set[str] = frozenset()) -> set[str]:
    return set(WORD.findall(text)) - ALLOWED_WORDS - set(allowed)


def test_every_raise_site_has_a_japanese_text() -> None:
    sites = list(raise_sites())
    assert len(sites) > 150, len(sites)  # the walk found the sites (not an empty pass)
    missing, english = [], []
    for rel, line, sample, source in sites:
        if sample is None:
            if (rel, source) not in PASS_THROUGH:
                missing.append(f"{rel}:{line}: not a sentence written here: {source}")
            continue
        said = error_ja(sample)
        if said is None:
            missing.append(f"{rel}:{line}: {sample!r}")
        elif not JAPANESE.search(said) or _english_words(said):
            english.append(f"{rel}:{line}: {sample!r} -> {said!r}")
    assert not missing, "no Japanese for:\n" + "\n".join(missing)
    assert not english, "English left in:\n" + "\n".join(english)


def test_the_static_check_fails_for_a_new_sentence(tmp_path: Path) -> None:
    """The check above is not vacuous: an unknown sentence is reported."""
    assert error_ja("the river is too wide to cross") is None
    assert error_ja("space 3 holds no harvester") == "スペース3には伐採機トークンがありません。"
    tree = ast.parse('raise BoardError("x", f"the {area} river is too wide")')
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call))
    sample = _sample(call.args[1], {})
    assert sample == "the 1 river is too wide" and error_ja(sample) is None


def test_pydantic_and_wrapped_messages() -> None:
    for english in (
        "unknown field (not in record format v1)",
        "required field is missing",
        "Input should be less than or equal to 12 (got 13)",
        "Input should be greater than or equal to 0 (got -1)",
        "Input should be a valid integer, unable to parse string as an integer (got 'x')",
        "Input should be a valid list (got 3)",
        "'x' is not a valid Mode",
        "character: each character can be in play only once",
        "players: the name 'Mei' is given twice",
        "turns[2]: the game is already over",
        "set_count: SetCount.__init__() got an unexpected keyword argument 'x'",
    ):
        said = error_ja(english)
        assert said is not None and JAPANESE.search(said), english
        assert not _english_words(said, {"Mei"}), (english, said)
    assert refusal_text("something new", "ja") == "something new"  # English when unknown
    assert refusal_text("nothing to undo", "en") == "nothing to undo"


# --------------------------------------------------------------------------- dynamic

NAMES = ("Mei", "Ken", "Aki")
#: Refusals whose Japanese leaves out a number of the English on purpose.
DROPS_NUMBERS = (
    r"\w+: \w+\.__init__\(\)",  # Python's own count of missing arguments
    r"no player \d+ at this table",  # the 0-based index typed, not a seat
    r"not a task card requirement of record v1",
    r"the forestry table has columns 0, 1 and 2",  # "3 columns"
    r"start the next column \(\d+\)",  # 0-based: said as the column's number
    r"keys are counts written as whole numbers such as",
    r"the game has changed since",  # versions: not for players
    r"only the (Animal Expert|Mountain Protector)",  # "must be 0 for ..."
)


class Table:
    """A table on the hub, with a host link and a Japanese sheet presenter."""

    def __init__(self, store: Any, game: str, names: tuple[str, ...] = NAMES,
                 options: Any = None) -> None:
        self.hub = TableHub(store)
        self.session = S.GameSession.create(store, game=game, players=list(names),
                                            options=options, seed=7)
        self.id = self.session.game_id
        self.host = self.hub.issue(self.id)
        self.names = names
        self.shown: list[tuple[str, str, str]] = []  # (what was sent, English, shown)

    @property
    def version(self) -> int:
        return self.hub.snapshot(self.id).version

    def send(self, command: Any, *, token: str | None = None, ok: bool = False,
             typed: tuple[str, ...] = ()) -> Any:
        """Send ``command`` (a class and fields, or a mapping); check what the sheet shows."""
        if isinstance(command, tuple):
            cls, kw = command
            command = cls(version=self.version, **kw)
        result = self.hub.submit(self.id, token or self.host, command)
        if ok:
            assert result.ok, result.message
            return result
        assert not result.ok, command
        presenter = SheetPresenter(ja, self.hub.snapshot(self.id))
        presenter.result(result)
        shown = str(presenter.error)
        label = repr(command)[:80]
        assert JAPANESE.search(shown), (label, result.message, shown)
        left = _english_words(shown, set(self.names) | set(typed))
        assert not left, (label, result.message, shown, left)
        said = error_ja(str(result.message))  # the message itself, also behind a fixed text
        assert said is not None, (label, result.message)
        assert not _english_words(said, set(self.names) | set(typed)), (result.message, said)
        english = str(result.message)
        if not any(re.match(drop, english) for drop in DROPS_NUMBERS):
            lost = set(re.findall(r"\d+", english)) - set(re.findall(r"\d+", said))
            assert not lost, (english, said, lost)  # the values the refusal gives are kept
        self.shown.append((label, english, shown))
        return result


def _forestry_refusals(store: Any) -> set[str]:
    t = Table(store, "forestry", options={"mode": "standard"})
    c = S
    # before the game starts
    t.send((c.RevealRoundToken, {}))
    t.send((c.StartGame, {}))
    t.send((c.ReplenishForesters, {}))
    t.send({"kind": "undo", "version": t.version})
    t.send({"kind": "redo", "version": t.version})
    t.send({"kind": "undo", "version": "x"}, typed=("x",))
    t.send({"kind": "fly", "version": t.version}, typed=("fly",))
    t.send({"kind": "set_count", "version": t.version, "wings": 2})
    t.send({"kind": "set_count", "version": t.version})
    t.send((c.SetCount, {"player": 0, "field": "resources.coins", "value": -1}))
    t.send((c.SetCount, {"player": 0, "field": "score_track", "value": 999}))
    t.send((c.SetCount, {"player": 0, "field": "resources.coins", "value": 1.5}))
    t.send((c.SetCount, {"player": 0, "field": "wings", "value": 1}))
    t.send((c.SetCount, {"player": 0, "field": "road_connections", "value": 1}))
    t.send((c.SetCount, {"player": 0, "field": "storage.wood", "value": 5}))
    t.send((c.SetCount, {"player": 9, "field": "storage.wood", "value": 1}))
    t.send((c.SetCount, {"player": 0, "field": "forester_tokens_below.thinning", "value": 1}))
    t.send((c.SetCount, {"player": 0, "field": "seedlings_below", "value": 1}))
    t.send((c.SetCount, {"player": 0, "field": "storage.infested_wood", "value": 1}))
    t.send((c.AddScore, {"player": 0, "delta": "3"}))
    t.send((c.RemoveContract, {"player": 0, "index": 0}))
    t.send((c.ChooseContractCategory, {"player": 0, "index": 0, "chosen": None}))
    t.send((c.RemoveTaskCard, {"player": 0, "index": 0}))
    t.send((c.SetTaskMet, {"player": 0, "index": 0, "met": True}))
    t.send((c.AddContract, {"player": 0, "categories": "building"}))
    t.send((c.AddContract, {"player": 0, "categories": ("building", "building")}))
    t.send((c.AddContract, {"player": 0, "categories": ("building",), "chosen": "furniture"}))
    t.send((c.AddContract, {"player": 0, "categories": ("purple",)}), typed=("purple",))
    t.send((c.AddContract, {"player": 0, "categories": ("building", "furniture")}), ok=True)
    t.send((c.RemoveContract, {"player": 0, "index": 4}))
    t.send((c.ChooseContractCategory, {"player": 0, "index": 0, "chosen": "accessory"}))
    t.send((c.AddTaskCard, {"player": 0, "task": {}}))
    t.send((c.AddTaskCard, {"player": 0, "task": {"forest_building": "pine", "x": 1}}))
    t.send((c.AddTaskCard, {"player": 0, "task": {"contract": "building",
                                                  "forester": "thinning"}}))
    t.send((c.AddTaskCard, {"player": 0, "task": {"wings": 1}}))
    t.send((c.AddTaskCard, {"player": 0, "task": {"contract": "building"}}), ok=True)
    t.send((c.SetTaskMet, {"player": 0, "index": 0, "met": True}))
    t.send((c.RemoveRiverToken, {"player": 0, "symbol": "building"}))
    for _ in range(2):
        t.send((c.AddRiverToken, {"player": 0, "symbol": "building"}), ok=True)
    t.send((c.AddRiverToken, {"player": 0, "symbol": "building"}))
    for _ in range(3):
        t.send((c.OpenStorageExtension, {"player": 0}), ok=True)
    t.send((c.OpenStorageExtension, {"player": 0}))
    for _ in range(6):
        t.send((c.BuildForestBuilding, {"player": 0}), ok=True)
    t.send((c.BuildForestBuilding, {"player": 0}))
    for _ in range(2):
        t.send((c.BuildForestBuilding, {"player": 1}), ok=True)
    t.send((c.BuildForestBuilding, {"player": 1}))  # 9 forest buildings: 8 clearings (3p)
    for _ in range(3):
        t.send((c.UpgradeSawmill, {"player": 2, "area": "orange"}), ok=True)
    t.send((c.UpgradeSawmill, {"player": 2, "area": "orange"}))
    t.send((c.UpgradeSawmill, {"player": 1, "area": "orange"}))  # 4 in orange in all
    t.send((c.PlantSeedling, {"player": 0, "area": "purple"}), typed=("purple",))
    t.send((c.PlaceForester, {"player": 0, "type": "thinning", "column": 5}))
    t.send((c.PlaceForester, {"player": 0, "type": "thinning", "column": 2}))
    for _ in range(3):
        t.send((c.PlaceForester, {"player": 0, "type": "thinning", "column": 0}), ok=True)
    t.send((c.PlaceForester, {"player": 0, "type": "thinning", "column": 0}))
    t.send((c.PlaceForester, {"player": 0, "type": "painting", "column": 0}))
    for kind in ("den_tree", "painting"):
        for _ in range(3):
            t.send((c.PlaceForester, {"player": 0, "type": kind}), ok=True)
    t.send((c.PlaceForester, {"player": 0, "type": "painting", "column": 1}))
    empty = next(sp for sp in range(1, 16)
                 if t.hub.snapshot(t.id).state.table.forest.forester_at(sp) is None)
    t.send((c.PlaceForester, {"player": 1, "type": "thinning", "space": empty}))
    t.send((c.SetHarvester, {"player": 0, "space": 99}))
    t.send((c.SetHarvester, {"player": 0, "space": empty}), ok=True)
    t.send((c.SetHarvester, {"player": 1, "space": empty}))
    t.send((c.SetHarvestToken, {"space": 99, "harvested": True}))
    t.send((c.RemoveInfestedWood, {"space": 3, "player": 0}))
    t.send((c.SetDetachedWood, {"storage": 0, "value": 1}))
    t.send((c.ConfirmPrinted, {"table": "wings", "key": "1", "value": 1}))
    t.send((c.ConfirmPrinted, {"table": "buildings_vp", "key": "x", "value": 3}))
    t.send((c.ConfirmPrinted, {"table": "buildings_vp", "key": "99", "value": 3}))
    t.send((c.ConfirmPrinted, {"table": "buildings_vp", "key": "2", "value": -1}))
    t.send((c.ConfirmPrinted, {"table": "detached_top_tie", "key": "", "value": (1, 2)}))
    t.send((c.SetGuardians, {"player": 0, "field": "fire_tokens", "value": 1}))
    t.send((c.TriggerGameEnd, {"player": 0, "trigger": "last_tree_planted"}))
    # a seat's link
    seat = t.hub.issue(t.id, 2)
    t.send((c.SetCount, {"player": 0, "field": "resources.coins", "value": 2}), token=seat)
    t.send((c.StartGame, {}), token=seat)
    t.send({"kind": "undo", "version": t.version}, token=seat)
    t.send((c.RemoveInfestedWood, {"space": 3, "player": 0}), token=seat)
    other = S.GameSession.create(store, game="forestry", players=["Ann", "Bo"], seed=1)
    t.send((c.SetCount, {"player": 0, "field": "resources.coins", "value": 2}),
           token=t.hub.issue(other.game_id))
    # stale and unknown tables
    t.send(c.SetCount(version=1, player=0, field="resources.coins", value=2))
    result = t.hub.submit(999, t.host, c.StartGame(version=1))
    presenter = SheetPresenter(ja, t.hub.snapshot(t.id))
    presenter.result(result)
    assert not _english_words(str(presenter.error)), presenter.error
    # playing
    for i in (1, 2):
        free = next(sp for sp in range(1, 16)
                    if t.hub.snapshot(t.id).state.table.forest.forester_at(sp) is None
                    and sp not in t.hub.snapshot(t.id).state.table.harvesters)
        t.send((c.SetHarvester, {"player": i, "space": free}), ok=True)
    t.send((c.StartGame, {}), ok=True)
    t.send((c.StartGame, {}))
    while not t.hub.snapshot(t.id).state.table.final_turns:
        t.send((c.RevealRoundToken, {}), ok=True)
    t.send((c.RevealRoundToken, {}))
    t.send({"kind": "finish", "version": t.version}, ok=True)
    t.send((c.SetCount, {"player": 0, "field": "resources.coins", "value": 2}))
    t.send({"kind": "undo", "version": t.version})
    return {english for _, english, _ in t.shown}


def _infestation_refusals(store: Any) -> set[str]:
    t = Table(store, "forestry", names=("Mei", "Ken"),
              options={"mode": "standard", "infestation": True})
    c = S
    t.send((c.SetDetachedWood, {"storage": 5, "value": 1}))
    t.send((c.SetDetachedWood, {"storage": 0, "value": -1}))
    t.send((c.SetDetachedWood, {"storage": 0, "value": 99}))
    return {english for _, english, _ in t.shown}


def _guardians_refusals(store: Any) -> set[str]:
    t = Table(store, "forest-guardians", names=("Mei", "Ken"))
    c = S
    t.send((c.SetGuardians, {"player": 0, "field": "wings", "value": 1}))
    t.send((c.SetGuardians, {"player": 0, "field": "tree_points", "value": "x"}))
    t.send((c.SetGuardians, {"player": 0, "field": "tree_points", "value": (1, 2)}))
    t.send((c.SetGuardians, {"player": 0, "field": "fire_tokens", "value": -1}))
    t.send((c.SetGuardians, {"player": 0, "field": "fire_tokens", "value": 13}))
    t.send((c.SetGuardians, {"player": 0, "field": "animal_cards", "value": (1,) * 11}))
    t.send((c.SetGuardians, {"player": 0, "field": "animals_in_shelter", "value": 11}))
    t.send((c.SetGuardians, {"player": 0, "field": "calocedrus_on_mountains", "value": 1}))
    t.send((c.SetGuardians, {"player": 0, "field": "fire_tokens", "value": 12}), ok=True)
    t.send((c.SetGuardians, {"player": 1, "field": "fire_tokens", "value": 1}))
    t.send((c.SetGuardians, {"player": 0, "field": "animal_cards", "value": (1,) * 6}), ok=True)
    t.send((c.SetGuardians, {"player": 1, "field": "animal_cards", "value": (1,) * 6}))
    t.send((c.PlantSeedling, {"player": 0, "area": "orange"}))
    t.send((c.ConfirmPrinted, {"table": "buildings_vp", "key": "2", "value": 1}))
    t.send((c.TriggerGameEnd, {"player": 0, "trigger": "wings"}), typed=("wings",))
    t.send((c.TriggerGameEnd, {"player": 0, "trigger": "last_tree_planted"}), ok=True)
    t.send((c.TriggerGameEnd, {"player": 1, "trigger": "last_tile_drawn"}))
    return {english for _, english, _ in t.shown}


def test_every_refusal_of_play_is_shown_in_japanese(store: Any) -> None:
    said = _forestry_refusals(store) | _infestation_refusals(store) | _guardians_refusals(store)
    assert len(said) >= 75, len(said)  # distinct English refusals met on the way


# --------------------------------------------------------------------------- the dealers


def test_dealer_refusals_on_the_new_game_form_in_japanese() -> None:
    from app.ui.presenters_game import NewGamePresenter
    from scoring.forestry.enums import Character, Mode, TechnologySide
    from setup import forestry as F
    from setup import guardians as G

    refusals: list[str] = []
    for options, players in (
        (F.ForestryOptions(), 5),
        (F.ForestryOptions(), True),
        (F.ForestryOptions(mode=Mode.TUTORIAL, technology_side=TechnologySide.A), 2),
        (F.ForestryOptions(tutorial_table=True), 2),
        (F.ForestryOptions(mode=Mode.ADVANCED, tutorial_table=True,
                           technology_side=TechnologySide.A), 2),
        (F.ForestryOptions(infestation=True), 1),
        (F.ForestryOptions(characters=(Character.TECHNICIAN,)), 2),
        (F.ForestryOptions(mode=Mode.ADVANCED,
                           characters=(Character.TECHNICIAN, Character.TECHNICIAN)), 2),
        (F.ForestryOptions(mode=Mode.ADVANCED,
                           characters=(Character.TECHNICIAN, Character.FOREST_WORKER)), 1),
        (F.ForestryOptions(mode="x"), 2),  # type: ignore[arg-type]
        (F.ForestryOptions(technology_side="C"), 2),  # type: ignore[arg-type]
        (F.ForestryOptions(characters=("x",)), 2),  # type: ignore[arg-type]
    ):
        with pytest.raises(F.SetupOptionError) as err:
            F.validate(options, players)
        refusals.append(str(err.value))  # what start_setup shows
        shown = NewGamePresenter(ja).refusal(options, players)
        assert shown is not None and JAPANESE.search(shown[1]), (err.value, shown)
        assert not _english_words(shown[1], {"True", "x"}), (err.value, shown)
    with pytest.raises(F.SetupOptionError) as err:
        F.validate(F.ForestryOptions(), 2, seed=-1)
    refusals.append(str(err.value))
    for players, rangers, advanced in (
        ("Mei", {}, False), (["Mei"], {}, False), (["Mei", " "], {}, False),
        (["Mei", "mei"], {}, False), (["Mei", "Ken"], {"Mei": "jack"}, False),
        (["Mei", "Ken"], {"Aki": "jack"}, True), (["Mei", "Ken"], {"Mei": "x"}, True),
        (["Mei", "Ken"], {"Mei": "jack", "Ken": "jack"}, True),
    ):
        with pytest.raises(G.SetupError) as gerr:
            G.deal(G.GuardiansOptions(advanced=advanced), players, 1,  # type: ignore[arg-type]
                   rangers=rangers)
        refusals.append(str(gerr.value))
    for english in refusals:
        said = refusal_text(english, "ja")
        assert said != english and JAPANESE.search(said), english
        assert not _english_words(said, {"Mei", "mei", "Aki", "True", "x"}), (english, said)


# --------------------------------------------------------------------------- messages


def test_every_message_kind_the_session_can_emit_has_a_japanese_text() -> None:
    """Static: each ``Message(text, kind, ...)`` in the session, each board event type
    and each play log action has a renderer in ``MESSAGES_JA``."""
    import typing

    from app.messages_ja import MESSAGES_JA
    from scoring.forestry import board as B

    kinds: set[str] = {cls.__name__ for cls in typing.get_args(B.BoardEvent)}
    tree = ast.parse((ROOT / "app/session.py").read_text(encoding="utf-8"))
    dynamic = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) == "Message" and len(node.args) > 1:
            kind = node.args[1]
            if isinstance(kind, ast.Constant):
                kinds.add(str(kind.value))
            else:
                dynamic.append(ast.unparse(kind))
    # the two kinds not written as a literal: the event's class name, the play log action;
    # and the play-along codes (play.PlayCode, rendered by app/l10n: test_l10n_play.py)
    dynamic = [d for d in dynamic if not d.startswith("play.PlayCode.") and d != "code"]
    assert sorted(dynamic) == ["entry.action", "type(event).__name__"], dynamic
    play = ast.parse((ROOT / "setup/play.py").read_text(encoding="utf-8"))
    for node in ast.walk(play):
        if isinstance(node, ast.Call) and _name(node.func) == "LogEntry":
            action = node.args[0] if node.args else next(
                k.value for k in node.keywords if k.arg == "action")
            assert isinstance(action, ast.Constant), ast.unparse(action)
            kinds.add(str(action.value))
    assert len(kinds) >= 15, kinds
    assert not kinds - set(MESSAGES_JA), kinds - set(MESSAGES_JA)

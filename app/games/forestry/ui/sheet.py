"""Forestry's part of the sheet, as view models (no Flet): a player's board (score track,
resources, storage, the reforestation and forestry tables, buildings, river tokens,
contracts, task cards), the suggestions offered, and the shared table (round tokens, forester
tokens, infested wood, detached storages)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

from app.cache import Memo
from app.game.commands import ApplySuggestion, Command, DismissSuggestion
from app.games.forestry.commands import (
    AddContract,
    AddRiverToken,
    AddTaskCard,
    ChooseContractCategory,
    PlaceForester,
    RemoveContract,
    RemoveRiverToken,
    RemoveTaskCard,
    ReplenishForesters,
    RevealRoundToken,
    SetColumn,
    SetCount,
    SetDetachedWood,
    SetTaskMet,
    TakeRewardLap,
)
from app.games.forestry.table import ForestryTable
from app.i18n import language_of
from app.ui.kit.sheet_views import (
    Action,
    CardItem,
    ChoiceRow,
    Count,
    GameSheet,
    GridColumn,
    Option,
    Section,
    Tap,
    field_to_id,
    label,
    tap,
)
from scoring.forestry.enums import Area, ContractCategory, ForesterType, RiverSymbol
from scoring.forestry.model import (
    ForestBuildingTask,
    ForestryPlayer,
    forestry_row_full,
    reforestation_row_full,
    water_multiplier,
)
from scoring.games import Game

#: View models (immutable) made from parts of a state, by what they show and the language:
#: a board's sections (by board, player), the shared table's section, a player's
#: suggestions. Shared by the phones and versions that show the very same parts (a tap
#: leaves the others' as they were), so a phone's kept card is matched by identity, not
#: compared field by field; a few hundred of each kind kept.
_MADE: Memo[tuple[Any, ...], tuple[tuple[Any, ...], Any]] = Memo("forestry sheet parts", 1536)
T = TypeVar("T")


def _made_of(key: tuple[Any, ...], parts: tuple[Any, ...], make: Callable[[], T]) -> T:
    """``make()``, or what it made for the very same ``parts`` (by identity) under ``key``.
    The parts are held with it, so their ids are not reused while it is kept."""
    return cast(T, _MADE.get_or_make(
        key, lambda: (parts, make()),
        lambda kept: len(kept[0]) == len(parts)
        and all(a is b for a, b in zip(kept[0], parts, strict=True)))[1])


@dataclass(frozen=True, slots=True)
class BoardMarks:
    """What the board shows that nobody enters, as the rules derive it (scoring/forestry):
    the full rows of each table (rows 1-3) and the water structures multiplier."""

    forestry_rows: tuple[bool, bool, bool]
    reforestation_rows: tuple[bool, bool, bool]
    water: int



def task_words(t: Callable[..., str], task: Any) -> str:
    """What a task card asks, in words (the sheet's card and the board's card)."""
    name = type(task).__name__
    if name == "ContractTask":
        return t("task-contract", what=t(f"category-{task.category.value}"),
                 kind=task.category.value)
    if name == "SeedlingsTask":
        return t("task-seedlings", area=t(f"area-{task.area.value}"))
    if name == "ForesterTask":
        return t("task-forester", what=t(f"forester-{task.type.value}"))
    if name == "SawmillUpgradeTask":
        return t("task-sawmill-upgrade", area=t(f"area-{task.area.value}"))
    if name == "RiverTokenTask":
        return t("task-river-token")
    return t("task-forest-building")

class ForestrySheet(GameSheet):
    game: ClassVar[Game] = Game.FORESTRY
    role_prefix: ClassVar[str] = "character"
    printed_in_play: ClassVar[bool] = True

    def board(self) -> ForestryPlayer:
        return self.state.boards_of(ForestryPlayer)[self.player]

    def marks(self) -> BoardMarks:
        """The shown board's full rows and water multiplier (the rules': scoring/forestry)."""
        b = self.board()
        return BoardMarks(tuple(forestry_row_full(b, r) for r in (1, 2, 3)),  # type: ignore[arg-type]
                          tuple(reforestation_row_full(b, r) for r in (1, 2, 3)),  # type: ignore[arg-type]
                          water_multiplier(b))

    def _set(self, field_path: str, value: int) -> Tap:
        return tap(SetCount, player=self.player, field=field_path, value=value)

    def _count(self, field_path: str, value: int, lab: str, hint: str | None = None) -> Count:
        return Count(field_to_id(field_path) or field_path, lab, value,
                     self._step(field_path, -1) if value > 0 else None,
                     self._step(field_path, +1), hint, field_path)

    def set_value(self, field_path: str, value: int) -> Command:
        """The typed target of a count: ``SetCount``."""
        return SetCount(version=self.version, player=self.player, field=field_path,
                          value=value)

    def _river_label(self, symbol: str) -> str:
        return self.t(f"river-{symbol}")

    def suggestions_section(self) -> Section | None:
        """The immediate effects offered as one-tap "apply" (never applied by themselves)."""
        own = self.state.suggestions_of(self.player)
        if not own:
            return None
        return _made_of(("suggestions", id(own[0]), self.player, language_of(self.t)), own,
                        lambda: self._suggestions_section(own))

    def _suggestions_section(self, own: tuple[Any, ...]) -> Section:
        rows = tuple(ChoiceRow(f"suggest-{x.id}", self.say(x.code, **self._suggestion_params(x)), (
            Option("apply", self.say("sheet-suggest-apply"), False,
                   tap(ApplySuggestion, id=x.id, player=x.player)),
            Option("dismiss", self.say("sheet-suggest-dismiss"), False,
                   tap(DismissSuggestion, id=x.id, player=x.player))))
            for x in own)
        return Section("suggestions", self.say("sheet-suggest-title"), choices=rows,
                       short=self.say("sheet-jump-suggestions", n=len(rows)))

    def _suggestion_params(self, x: Any) -> dict[str, Any]:
        t = self.t
        params = dict(x.params)
        if "type" in params:
            params["type"] = t(f"forester-{params['type']}")
        if "table" in params:
            params["table"] = self.say(f"sheet-table-{params['table']}")
        if "gain" in params:
            gain = str(params["gain"])
            params["gain_name"] = self.say(f"sheet-gain-{gain.replace('_', '-')}") if gain in (
                "construction_material", "seedling", "temp_worker") else ""
        params.pop("item", None)
        params.pop("round_token", None)
        return params

    def _table_columns(self, b: ForestryPlayer) -> tuple[GridColumn, ...]:
        """The forestry table as the board shows it: three columns side by side, each its
        type (a chip per forester type) and its height (a cell per count, 0 takes it away).

        A column can be started once the one on its left is there (002: a column is
        added next to the last one); the others show their title only.
        """
        p = self.player
        columns = list(b.forestry_table)
        out: list[GridColumn] = []
        for i in range(3):
            have = columns[i] if i < len(columns) else None
            rows: list[ChoiceRow] = []
            if i <= len(columns):
                rows.append(ChoiceRow(f"column-{i}-type", self.say("sheet-column-type", n=i + 1),
                                      tuple(Option(f.value, self.t(f"forester-{f.value}"),
                                                   have is not None and have.type is f,
                                                   tap(SetColumn, player=p, column=i,
                                                       type=f.value,
                                                       count=have.count if have else 1))
                                            for f in ForesterType)))
            if have is not None:
                rows.append(ChoiceRow(f"column-{i}-count",
                                      self.say("sheet-column-count", n=i + 1), tuple(
                                          Option(str(n), str(n), have.count == n,
                                                 tap(SetColumn, player=p, column=i,
                                                     type=have.type.value, count=n))
                                          for n in (3, 2, 1, 0))))
            out.append(GridColumn(f"column-{i}", self.say("sheet-board-column", n=i + 1),
                                  tuple(rows)))
        return tuple(out)

    def _reforestation_columns(self, b: ForestryPlayer) -> tuple[GridColumn, ...]:
        """The reforestation table's three area columns, each its seedlings 0-3."""
        t, refo = self.t, b.reforestation_table
        return tuple(GridColumn(f"area-{a.value}", t(f"area-{a.value}"), (
            ChoiceRow(f"seedlings-{a.value}",
                      self.say("sheet-seedlings-in", area=t(f"area-{a.value}")),
                      tuple(Option(str(n), str(n), refo.of(a) == n,
                                   self._set(f"reforestation_table.{a.value}", n))
                            for n in (3, 2, 1, 0))),))
            for a in Area)

    def own_sections(self) -> list[Section]:
        """The player's board (worked out again only when the board, the options or the
        language changed: another player's tap leaves it as it was), the suggestions first."""
        b, options = self.board(), self.state.options
        sections = list(_made_of(("board", id(b), self.player, language_of(self.t)),
                                 (b, options), lambda: tuple(self._board_sections(b))))
        suggested = self.suggestions_section()
        return [suggested, *sections] if suggested is not None else sections

    def _board_sections(self, b: ForestryPlayer) -> list[Section]:
        t, p = self.t, self.player
        res = b.resources
        sections = [
            Section("score", t("sheet-sec-score"), counts=(
                self._count("score_track", b.score_track, t("field-score_track")),
            ), actions=(
                Action("reward-lap", t("sheet-reward-lap"), tap(TakeRewardLap, player=p),
                       play=True),
            ), short=self.say("sheet-jump-score")),
            Section("resources", t("sheet-sec-resources"), counts=tuple(
                self._count(f"resources.{name}", getattr(res, name), t(f"field-{name}"))
                for name in ("coins", "construction_materials", "seedlings", "temp_workers")
            ), short=self.say("sheet-jump-resources")),
        ]
        storage = [self._count("storage.extensions", b.storage.extensions,
                               self.say("sheet-field-extensions")),
                   self._count("storage.wood", b.storage.wood, t("field-wood"))]
        if getattr(self.state.options, "infestation", False):
            storage.append(self._count("storage.infested_wood", b.storage.infested_wood,
                                       t("field-infested_wood")))
        sections.append(Section("storage", t("sheet-sec-storage"), counts=tuple(storage),
                                short=self.say("sheet-jump-storage")))
        sections.append(Section(
            "reforestation", t("sheet-sec-reforestation"),
            counts=(self._count("seedlings_below", b.seedlings_below, t("field-seedlings_below")),),
            columns=self._reforestation_columns(b), short=self.say("sheet-jump-reforestation"),
        ))
        sections.append(Section(
            "forestry-table", t("sheet-sec-forestry-table"),
            counts=tuple(self._count(f"forester_tokens_below.{f.value}",
                                     b.forester_tokens_below.of(f),
                                     t("field-below", what=t(f"forester-{f.value}")))
                         for f in ForesterType),
            actions=tuple(Action(f"place-{f.value}",
                                 t("sheet-place-forester", what=t(f"forester-{f.value}")),
                                 tap(PlaceForester, player=p, type=f.value), play=True)
                          for f in ForesterType),
            columns=self._table_columns(b), short=self.say("sheet-jump-forestry-table"),
        ))
        sections.append(Section(
            "buildings", t("sheet-sec-buildings"),
            counts=(self._count("buildings.forest", b.buildings.forest,
                                self.say("sheet-field-forest-buildings")),
                    *(self._count(f"buildings.sawmill.{a.value}",
                                  b.buildings.sawmill.count(a),
                                  self.say("sheet-field-sawmill-upgrades",
                                         area=t(f"area-{a.value}")))
                      for a in Area)),
            short=self.say("sheet-jump-buildings"),
        ))
        rivers = b.river_tokens
        sections.append(Section(
            "river-tokens", t("sheet-sec-river-tokens"),
            counts=tuple(Count(
                f"river-{s.value}", self._river_label(s.value), rivers.count(s),
                tap(RemoveRiverToken, player=p, symbol=s.value) if s in rivers else None,
                tap(AddRiverToken, player=p, symbol=s.value)) for s in RiverSymbol),
            short=self.say("sheet-jump-river"),
        ))
        sections.append(self._contracts_section(b))
        sections.append(self._tasks_section(b))
        extras = []
        for name in ("road_connections", "technician_tiles", "full_seedling_rows"):
            value = getattr(b, name)
            if value is not None:
                extras.append(self._count(name, value, t(f"field-{name}")))
        if extras:
            sections.append(Section("character", t("sheet-sec-character"), counts=tuple(extras),
                                    short=self.say("sheet-jump-character")))
        return sections

    def _contracts_section(self, b: ForestryPlayer) -> Section:
        t, p = self.t, self.player
        cats = list(ContractCategory)
        singles = ChoiceRow("contract", self.say("sheet-add-contract-row"), tuple(
            Option(c.value, t(f"category-{c.value}"), False,
                   tap(AddContract, player=p, categories=(c.value,)))
            for c in cats))
        pairs = [(a, c) for i, a in enumerate(cats) for c in cats[i + 1:]]
        doubles = ChoiceRow("contract-double", t("sheet-add-double-contract"), tuple(
            Option(f"{a.value}-{c.value}",
                   f"{t('category-' + a.value)} / {t('category-' + c.value)}", False,
                   tap(AddContract, player=p, categories=(a.value, c.value)))
            for a, c in pairs))
        cards = []
        for i, k in enumerate(b.contracts):
            names = " / ".join(t(f"category-{c.value}") for c in k.categories)
            choices: tuple[ChoiceRow, ...] = ()
            if k.is_double:
                choices = (ChoiceRow(f"contract-{i}-choose", t("sheet-contract-counts-as",
                                                               n=i + 1), (
                    Option("auto", t("sheet-contract-auto"), k.chosen is None,
                           tap(ChooseContractCategory, player=p, index=i, chosen=None)),
                    *(Option(c.value, t(f"category-{c.value}"), k.chosen == c,
                             tap(ChooseContractCategory, player=p, index=i,
                                 chosen=c.value))
                      for c in k.categories))),)
            cards.append(CardItem(f"contract-{i}", f"{i + 1}. {names}", Action(
                f"contract-{i}-remove", self.say("sheet-remove-contract", n=i + 1),
                tap(RemoveContract, player=p, index=i)), choices))
        return Section("contracts", t("sheet-sec-contracts"),
                       lines=() if cards else (t("common-none"),),
                       choices=(singles, doubles), cards=tuple(cards),
                       short=self.say("sheet-jump-contracts"))

    def task_label(self, task: Any) -> str:
        return task_words(self.t, task)

    def _tasks_section(self, b: ForestryPlayer) -> Section:
        t, p = self.t, self.player

        def add(kind: str, value: Any) -> Tap:
            return tap(AddTaskCard, player=p, task={kind: value})

        choices = [
            ChoiceRow("task-add-contract", t("sheet-task-add-contract"), tuple(
                Option(c.value, t(f"category-{c.value}"), False, add("contract", c.value))
                for c in ContractCategory)),
            ChoiceRow("task-add-seedlings", t("sheet-task-add-seedlings"), tuple(
                Option(a.value, t(f"area-{a.value}"), False, add("seedlings", a.value))
                for a in Area)),
            ChoiceRow("task-add-forester", t("sheet-task-add-forester"), tuple(
                Option(f.value, t(f"forester-{f.value}"), False, add("forester", f.value))
                for f in ForesterType)),
            ChoiceRow("task-add-sawmill", t("sheet-task-add-sawmill"), tuple(
                Option(a.value, t(f"area-{a.value}"), False, add("sawmill_upgrade", a.value))
                for a in Area)),
        ]
        actions = [
            Action("task-add-river", t("sheet-task-add-river"), add("river_token", True)),
            Action("task-add-forest-building", t("sheet-task-add-forest-building"),
                   tap(AddTaskCard, player=p,
                                 task={"forest_building": "", "met": False})),
        ]
        cards = []
        for i, task in enumerate(b.task_cards):
            met: tuple[ChoiceRow, ...] = ()
            if isinstance(task, ForestBuildingTask):
                met = (ChoiceRow(f"task-{i}-met", t("sheet-task-met", n=i + 1), (
                    Option("yes", t("common-yes"), bool(task.met),
                           tap(SetTaskMet, player=p, index=i, met=True)),
                    Option("no", t("common-no"), not task.met,
                           tap(SetTaskMet, player=p, index=i, met=False)))),)
            cards.append(CardItem(f"task-{i}", f"{i + 1}. {self.task_label(task)}", Action(
                f"task-{i}-remove", self.say("sheet-remove-task", n=i + 1),
                tap(RemoveTaskCard, player=p, index=i)), met))
        return Section("task-cards", t("sheet-sec-tasks"), actions=tuple(actions),
                       lines=() if cards else (t("common-none"),), choices=tuple(choices),
                       cards=tuple(cards), short=self.say("sheet-jump-tasks"))

    def table_section(self) -> Section | None:
        """The shared table: round tokens, forester tokens, infested wood, detached storages
        (made again only when the table or the language changed)."""
        table = self.state.table
        assert isinstance(table, ForestryTable)  # a Forestry state has a Forestry table
        return _made_of(("table", id(table), language_of(self.t)), (table,),
                        lambda: self._table_section(table))

    def _table_section(self, table: ForestryTable) -> Section:
        t = self.t
        forest = table.forest
        stack = forest.round_tokens
        lines = [t("table-round", n=stack.round, left=stack.left)]
        if forest.foresters:
            lines.append(t("table-foresters", spaces=t("list-commas").join(
                f"{t('forester-' + f.kind.value)} {f.space}" for f in forest.foresters)))
        if forest.infested:
            lines.append(t("table-infested", spaces=t("list-commas").join(map(str,
                                                                  sorted(forest.infested)))))
        if table.final_turns:
            lines.append(t("table-final-turns"))
        counts = tuple(
            Count(f"detached-{i}", label(t, f"criterion-{d.criterion.value}",
                                         d.criterion.value), int(d.infested_wood),
                  tap(SetDetachedWood, storage=i, value=d.infested_wood - 1)
                  if d.infested_wood > 0 else None,
                  tap(SetDetachedWood, storage=i, value=d.infested_wood + 1),
                  hint=t("table-detached-hint"))
            for i, d in enumerate(table.detached_storages))
        actions = (
            Action("round-token", t("table-reveal-round"),
                   tap(RevealRoundToken, round=stack.round))
            if stack.left else Action("round-token", t("table-no-round-left"), None),
            Action("replenish", t("table-replenish"),
                   tap(ReplenishForesters, foresters=len(forest.foresters))),
        )
        return Section("table", t("table-title"), counts=counts, actions=actions,
                       lines=tuple(lines), short=self.say("sheet-jump-table"))



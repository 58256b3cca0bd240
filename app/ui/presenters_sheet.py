"""Presenters for a game in play: the table link, player sheets, the scoreboard.

They turn a session :class:`~app.session.Snapshot` into view models and taps
into session commands (``app.session``); the rules are applied by the session
(and its rules model), which answers with a new snapshot or a
:class:`~app.session.DomainError` message that is shown next to the control
whose field it names. Scores come from ``scoring.api.score_record`` — the same
call ``GameSession.score`` makes. No rule is decided here.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from app import session as S
from app.events import event_msg
from app.game.commands import (
    AddContract,
    AddRiverToken,
    AddTaskCard,
    AdjustCount,
    ApplySuggestion,
    ChooseContractCategory,
    Command,
    ConfirmPrinted,
    DismissSuggestion,
    PlaceForester,
    RemoveContract,
    RemoveRiverToken,
    RemoveTaskCard,
    ReplenishForesters,
    RevealRoundToken,
    SetColumn,
    SetCount,
    SetDetachedWood,
    SetGuardians,
    SetHarvester,
    SetTaskMet,
    StartGame,
    TakeRewardLap,
    TriggerGameEnd,
)
from app.game.state import ForestryTable, GameState, GuardiansTable, with_confirmed_printed
from app.i18n import language_of
from app.l10n import render
from scoring.forestry.enums import Area, ContractCategory, ForesterType, RiverSymbol
from scoring.games import Game

T = Callable[..., str]

SETUP, PLAYING, FINISHED = "setup", "playing", "finished"
FOREST_SPACES = range(1, 16)


def label(t: T, key: str, fallback: str) -> str:
    """A translated label for a data-driven key, or a readable fallback."""
    text = t(key)
    return text if text != key else fallback.replace("_", " ").capitalize()


def message_text(message: Any, t: T) -> str:
    """A session message in the reader's language (its code from ``kind`` and ``data``).

    The play-along messages (``app.ui.presenters_play.message_lines``) first; a kind
    the catalogues do not know yet shows the message's own text.
    """
    from app.ui.presenters_play import message_lines

    lines = message_lines(language_of(t), message, ())
    if lines is not None:
        return " ".join(lines)
    said = event_msg(str(message.kind), dict(getattr(message, "data", {}) or {}))
    return render(language_of(t), said) if said is not None else str(message.text)


# --------------------------------------------------------------------------- table link


class TableClient:
    """One tab's link to a table: the hub, the table (game id) and this tab's token."""

    def __init__(self, hub: Any, game_id: int, token: str) -> None:
        self.hub = hub
        self.game_id = game_id
        self.token = token

    def snapshot(self) -> S.Snapshot:
        return self.hub.snapshot(self.game_id)

    def access(self) -> Any:
        return self.hub.access(self.token)

    def submit(self, command: Command | Mapping[str, Any]) -> Any:
        return self.hub.submit(self.game_id, self.token, command)

    def subscribe(self, callback: Callable[[S.Snapshot], Any],
                  on_revoked: Callable[[], Any] | None = None) -> Any:
        sub, _snap = self.hub.subscribe(self.game_id, self.token, callback, on_revoked)
        return sub

    def printed(self) -> dict[str, dict[str, Any]]:
        try:
            return dict(self.hub.store.get_printed())
        except Exception:
            return {}


# --------------------------------------------------------------------------- view models


@dataclass(frozen=True, slots=True)
class Count:
    """A number on the sheet with − / + taps (either may be None: not offered).

    ``minus``/``plus`` are intents ("−1"/"+1", ``AdjustCount``), so fast taps all
    count; ``field`` (when set) lets the player type the number directly
    (:meth:`SheetPresenter.set_value`).
    """

    id: str
    label: str
    value: int
    minus: Command | dict[str, Any] | None
    plus: Command | dict[str, Any] | None
    hint: str | None = None
    field: str | None = None


@dataclass(frozen=True, slots=True)
class Action:
    id: str
    label: str
    command: Command | dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class Option:
    value: str
    label: str
    selected: bool
    command: Command | dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class ChoiceRow:
    """A labelled row of chips; each chip sends its command."""

    id: str
    label: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    counts: tuple[Count, ...] = ()
    actions: tuple[Action, ...] = ()
    lines: tuple[str, ...] = ()
    choices: tuple[ChoiceRow, ...] = ()


_SHEETS: OrderedDict[tuple[int, int], tuple[GameState, Any, Any]] = OrderedDict()
_SHEETS_LOCK = threading.Lock()
_SHEETS_KEPT = 512  # recent (game, version) sheets: a table's phones share each one


def _shared_sheet(snapshot: S.Snapshot, printed: Mapping[str, Mapping[str, Any]]) -> Any:
    """``score_record`` of the snapshot's state, once for all phones showing that version.

    Kept by (game, version) and used only for the very same state object and
    equal printed values, so a reused id or a newly confirmed value is scored anew.
    """
    from scoring.api import score_record

    key = (snapshot.game_id, snapshot.version)
    with _SHEETS_LOCK:
        kept = _SHEETS.get(key)
    if kept is not None and kept[0] is snapshot.state and kept[1] == printed:
        return kept[2]
    record = snapshot.state.record()
    if snapshot.state.game == Game.FORESTRY and snapshot.state.status != FINISHED:
        # a value corrected in Settings applies to a game in play (its own confirmations
        # give way); a finished game keeps what it was scored with
        record = with_confirmed_printed(record, printed)
    sheet = score_record(record, confirmed=printed)
    with _SHEETS_LOCK:
        _SHEETS[key] = (snapshot.state, dict(printed), sheet)
        _SHEETS.move_to_end(key)
        while len(_SHEETS) > _SHEETS_KEPT:
            _SHEETS.popitem(last=False)
    return sheet


def field_to_id(field_path: str | None) -> str | None:
    """The control id for a session error's field.

    >>> field_to_id("players[0].storage.wood")
    'storage-wood'
    """
    if not field_path:
        return None
    path = re.sub(r"^players\[\d+\]\.?", "", field_path)
    return path.replace(".", "-").replace("_", "-") or None


@dataclass
class SheetPresenter:
    """One table in play: whose sheet is shown, the last error, the live scores."""

    t: T
    snapshot: S.Snapshot
    player: int = 0
    locked_player: int | None = None  # a seat link edits only its own sheet (others read-only)
    error: str | None = None
    error_id: str | None = None
    info: tuple[str, ...] = ()
    printed: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: what the last reveal/draw/turn change said, shown on every phone (presenters_play)
    banner: tuple[str, ...] = ()
    _sheet: Any = None
    _stamp: int | None = None  # the version the sheet's commands carry (None: the current)

    def __post_init__(self) -> None:
        if self.locked_player is not None:
            self.player = self.locked_player

    # ------------------------------------------------------------------ snapshot
    @property
    def state(self) -> GameState:
        return self.snapshot.state

    @property
    def version(self) -> int:
        return self.snapshot.version

    @property
    def _v(self) -> int:
        return self.version if self._stamp is None else self._stamp

    @property
    def game(self) -> str:
        return self.state.game

    @property
    def status(self) -> str:
        return self.state.status

    def names(self) -> list[str]:
        return [p.name for p in self.state.players]

    def role(self, player: int | None = None) -> str | None:
        """The seat's character (Forestry) or ranger (Forest Guardians), translated."""
        seat = self.state.players[self.player if player is None else player]
        if not seat.character:
            return None
        prefix = "character" if self.game == Game.FORESTRY else "ranger"
        return label(self.t, f"{prefix}.{seat.character}", seat.character)

    def update(self, snapshot: S.Snapshot) -> None:
        """A newer snapshot (ours or another phone's)."""
        if snapshot.version >= self.snapshot.version:
            if snapshot.version > self.snapshot.version:
                from app.ui.presenters_play import banner_lines

                lines = banner_lines(language_of(self.t), snapshot.messages,
                                     [p.name for p in snapshot.state.players])
                if lines:
                    self.banner = lines
            self.snapshot = snapshot
            self._sheet = None

    def result(self, result: Any) -> None:
        """Take the table's answer to a command: the new snapshot, or the refusal."""
        if result.snapshot is not None:
            self.update(result.snapshot)
        if result.ok:
            self.error = self.error_id = None
            from app.ui.presenters_play import message_lines

            names = self.names()
            self.info = tuple(line for m in result.snapshot.messages for line in (
                message_lines(language_of(self.t), m, names) or [message_text(m, self.t)])
                if line not in self.banner)  # a draw is in the banner already
        else:
            reason = getattr(result, "reason", None)
            coded = getattr(result, "msg", None)
            from app.ui.presenters_play import message_lines, refusal_line

            lang, names = language_of(self.t), self.names()
            if reason == "already_done":  # another phone did it: say so, and what it did
                said = [refusal_line(lang, coded, names)] if coded is not None else []
                for m in getattr(result, "messages", ()):
                    said.extend(message_lines(lang, m, names) or ())
                self.error = self.error_id = None
                self.info = tuple(said)
                return
            if reason in ("storage", "finished") and coded is not None:  # storage, finished
                from app.l10n import render

                self.error = render(lang, coded)
            elif reason == "stale":
                self.error = self.t("sheet.stale")
            elif reason == "forbidden":
                self.error = self.t("sheet.forbidden")
            elif coded is not None:
                self.error = self.t("sheet.refused", message=refusal_line(lang, coded, names))
            else:
                refusal = getattr(result, "refusal", None)
                said = (render(language_of(self.t), refusal) if refusal is not None
                        else str(result.message))
                self.error = self.t("sheet.refused", message=said)
            self.error_id = field_to_id(result.field)
            self.info = ()

    @property
    def read_only(self) -> bool:
        """A seat looking at another player's sheet (the hub refuses its commands anyway)."""
        return self.locked_player is not None and self.player != self.locked_player

    def select(self, player: int) -> None:
        if 0 <= player < len(self.state.players):
            self.player = player
            self.error = self.error_id = None

    # ------------------------------------------------------------------ scores
    def sheet(self) -> Any:
        """The score sheet of the current state (None when the record is not scorable).

        Every phone at a table gets the same snapshot: the sheet is scored once
        per version and printed values for all of them (:func:`_shared_sheet`).
        """
        if self._sheet is None:
            try:
                self._sheet = _shared_sheet(self.snapshot, self.printed)
            except Exception:
                return None
        return self._sheet

    def total(self, player: int | None = None) -> int | None:
        sheet = self.sheet()
        if sheet is None:
            return None
        i = self.player if player is None else player
        return int(sheet.players[i].total)

    # ------------------------------------------------------------------ commands
    def undo(self) -> dict[str, Any]:
        return {"kind": "undo", "version": self.version}

    def undo_mine(self) -> dict[str, Any]:
        """Take back this phone's own last change (the server knows who from the token)."""
        return {"kind": "undo_mine", "version": self.version}

    def redo(self) -> dict[str, Any]:
        return {"kind": "redo", "version": self.version}

    def finish(self) -> dict[str, Any]:
        return {"kind": "finish", "version": self.version}

    def start_game(self) -> Command:
        return StartGame(version=self.version)

    def harvester_choices(self, player: int) -> list[tuple[int, bool]]:
        """Forest spaces for a harvester: (space, free) — the session refuses a taken one."""
        table = self.state.table
        taken = {h for i, h in enumerate(getattr(table, "harvesters", ())) if i != player and h}
        return [(s, s not in taken) for s in FOREST_SPACES]

    def harvester_of(self, player: int) -> int | None:
        return getattr(self.state.table, "harvesters", (None,) * 8)[player]

    def set_harvester(self, player: int, space: int) -> Command:
        return SetHarvester(version=self.version, player=player, space=space)

    def confirm_printed(self, table: str, key: str, value: int) -> Command:
        return ConfirmPrinted(version=self.version, table=table, key=key, value=value)

    # ------------------------------------------------------------------ Forestry sheet
    def say(self, code: str, **params: Any) -> str:
        """New text: a catalogue code rendered in the reader's language (``app.l10n``)."""
        from app import l10n

        return l10n.render(language_of(self.t), code, **params)

    def _set(self, field_path: str, value: int) -> Command:
        return SetCount(version=self._v, player=self.player, field=field_path,
                          value=value)

    def _step(self, field_path: str, delta: int) -> Command:
        return AdjustCount(version=self._v, player=self.player, field=field_path,
                             delta=delta)

    def _count(self, field_path: str, value: int, lab: str, hint: str | None = None) -> Count:
        return Count(field_to_id(field_path) or field_path, lab, value,
                     self._step(field_path, -1) if value > 0 else None,
                     self._step(field_path, +1), hint, field_path)

    def set_value(self, field_path: str, value: int) -> Command:
        """The typed target of a count (Forestry ``SetCount``; Forest Guardians fields)."""
        if self.game == Game.FORESTRY:
            return SetCount(version=self.version, player=self.player, field=field_path,
                              value=value)
        b = self.state.boards[self.player]
        if field_path.startswith("tree_points."):
            rows = list(b.tree_points)
            rows[int(field_path.partition(".")[2])] = value
            return SetGuardians(version=self.version, player=self.player,
                                  field="tree_points", value=tuple(rows))
        return SetGuardians(version=self.version, player=self.player, field=field_path,
                              value=value)

    def _river_label(self, symbol: str) -> str:
        text = self.t(f"river.{symbol}")
        return text if text != f"river.{symbol}" else self.say(f"river-{symbol.replace('_', '-')}")

    def suggestions_section(self) -> Section | None:
        """The immediate effects offered as one-tap "apply" (never applied by themselves)."""
        own = self.state.suggestions_of(self.player)
        if not own:
            return None
        v = self._v
        rows = tuple(ChoiceRow(f"suggest-{x.id}", self.say(x.code, **self._suggestion_params(x)), (
            Option("apply", self.say("sheet-suggest-apply"), False,
                   ApplySuggestion(version=v, id=x.id)),
            Option("dismiss", self.say("sheet-suggest-dismiss"), False,
                   DismissSuggestion(version=v, id=x.id))))
            for x in own)
        return Section("suggestions", self.say("sheet-suggest-title"), choices=rows)

    def _suggestion_params(self, x: Any) -> dict[str, Any]:
        t = self.t
        params = dict(x.params)
        if "type" in params:
            params["type"] = t(f"forester.{params['type']}")
        if "table" in params:
            params["table"] = self.say(f"sheet-table-{params['table']}")
        if "gain" in params:
            gain = str(params["gain"])
            params["gain_name"] = self.say(f"sheet-gain-{gain.replace('_', '-')}") if gain in (
                "construction_material", "seedling", "temp_worker") else ""
        params.pop("item", None)
        params.pop("round_token", None)
        return params

    def _column_rows(self, b: Any) -> tuple[ChoiceRow, ...]:
        """The forestry table column by column: each column's type, then its count.

        One more (empty) column is offered while the table has fewer than three;
        a count of 0 takes the column away.
        """
        v, p = self._v, self.player
        rows: list[ChoiceRow] = []
        columns = list(b.forestry_table)
        for i in range(min(len(columns) + 1, 3)):
            have = columns[i] if i < len(columns) else None
            rows.append(ChoiceRow(f"column-{i}-type", self.say("sheet-column-type", n=i + 1),
                                  tuple(Option(f.value, self.t(f"forester.{f.value}"),
                                               have is not None and have.type is f,
                                               SetColumn(version=v, player=p, column=i,
                                                           type=f.value,
                                                           count=have.count if have else 1))
                                        for f in ForesterType)))
            if have is not None:
                rows.append(ChoiceRow(f"column-{i}-count",
                                      self.say("sheet-column-count", n=i + 1), tuple(
                                          Option(str(n), str(n), have.count == n,
                                                 SetColumn(version=v, player=p, column=i,
                                                             type=have.type.value, count=n))
                                          for n in range(0, 4))))
        return tuple(rows)

    def forestry_sections(self) -> list[Section]:
        t, v, p = self.t, self._v, self.player
        b = self.state.boards[p]
        res = b.resources
        sections = [
            Section("score", t("sheet.sec.score"), counts=(
                self._count("score_track", b.score_track, t("field.score_track")),
            ), actions=(
                Action("reward-lap", t("sheet.reward_lap"), TakeRewardLap(version=v, player=p)),
            )),
            Section("resources", t("sheet.sec.resources"), counts=tuple(
                self._count(f"resources.{name}", getattr(res, name), t(f"field.{name}"))
                for name in ("coins", "construction_materials", "seedlings", "temp_workers")
            )),
        ]
        storage = [self._count("storage.extensions", b.storage.extensions,
                               self.say("sheet-field-extensions")),
                   self._count("storage.wood", b.storage.wood, t("field.wood"))]
        if getattr(self.state.options, "infestation", False):
            storage.append(self._count("storage.infested_wood", b.storage.infested_wood,
                                       t("field.infested_wood")))
        sections.append(Section("storage", t("sheet.sec.storage"), counts=tuple(storage)))
        refo = b.reforestation_table
        sections.append(Section(
            "reforestation", t("sheet.sec.reforestation"),
            counts=(self._count("seedlings_below", b.seedlings_below, t("field.seedlings_below")),),
            choices=tuple(ChoiceRow(f"seedlings-{a.value}",
                                    self.say("sheet-seedlings-in", area=t(f"area.{a.value}")),
                                    tuple(Option(str(n), str(n), refo.of(a) == n,
                                                 self._set(f"reforestation_table.{a.value}", n))
                                          for n in range(0, 4)))
                          for a in Area),
        ))
        sections.append(Section(
            "forestry-table", t("sheet.sec.forestry_table"),
            counts=tuple(self._count(f"forester_tokens_below.{f.value}",
                                     b.forester_tokens_below.of(f),
                                     t("field.below", what=t(f"forester.{f.value}")))
                         for f in ForesterType),
            actions=tuple(Action(f"place-{f.value}",
                                 t("sheet.place_forester", what=t(f"forester.{f.value}")),
                                 PlaceForester(version=v, player=p, type=f.value))
                          for f in ForesterType),
            choices=self._column_rows(b),
        ))
        sections.append(Section(
            "buildings", t("sheet.sec.buildings"),
            counts=(self._count("buildings.forest", b.buildings.forest,
                                self.say("sheet-field-forest-buildings")),
                    *(self._count(f"buildings.sawmill.{a.value}",
                                  b.buildings.sawmill.count(a),
                                  self.say("sheet-field-sawmill-upgrades",
                                         area=t(f"area.{a.value}")))
                      for a in Area)),
        ))
        rivers = b.river_tokens
        sections.append(Section(
            "river-tokens", t("sheet.sec.river_tokens"),
            counts=tuple(Count(
                f"river-{s.value}", self._river_label(s.value), rivers.count(s),
                RemoveRiverToken(version=v, player=p, symbol=s.value) if s in rivers else None,
                AddRiverToken(version=v, player=p, symbol=s.value)) for s in RiverSymbol),
        ))
        sections.append(self._contracts_section(b))
        sections.append(self._tasks_section(b))
        extras = []
        for name in ("road_connections", "technician_tiles", "full_seedling_rows"):
            value = getattr(b, name)
            if value is not None:
                extras.append(self._count(name, value, t(f"field.{name}")))
        if extras:
            sections.append(Section("character", t("sheet.sec.character"), counts=tuple(extras)))
        suggested = self.suggestions_section()
        return [suggested, *sections] if suggested is not None else sections

    def _contracts_section(self, b: Any) -> Section:
        t, v, p = self.t, self._v, self.player
        cats = list(ContractCategory)
        singles = tuple(Action(f"contract-{c.value}",
                               t("sheet.add_contract", what=t(f"category.{c.value}")),
                               AddContract(version=v, player=p, categories=(c.value,)))
                        for c in cats)
        pairs = [(a, c) for i, a in enumerate(cats) for c in cats[i + 1:]]
        doubles = ChoiceRow("contract-double", t("sheet.add_double_contract"), tuple(
            Option(f"{a.value}-{c.value}",
                   f"{t('category.' + a.value)} / {t('category.' + c.value)}", False,
                   AddContract(version=v, player=p, categories=(a.value, c.value)))
            for a, c in pairs))
        choices = [doubles]
        lines = []
        for i, k in enumerate(b.contracts):
            names = " / ".join(t(f"category.{c.value}") for c in k.categories)
            lines.append(f"{i + 1}. {names}")
            if k.is_double:
                choices.append(ChoiceRow(f"contract-{i}-choose", t("sheet.contract_counts_as",
                                                                   n=i + 1), (
                    Option("auto", t("sheet.contract_auto"), k.chosen is None,
                           ChooseContractCategory(version=v, player=p, index=i, chosen=None)),
                    *(Option(c.value, t(f"category.{c.value}"), k.chosen == c,
                             ChooseContractCategory(version=v, player=p, index=i,
                                                      chosen=c.value))
                      for c in k.categories))))
        remove = tuple(Action(f"contract-{i}-remove", self.say("sheet-remove-contract", n=i + 1),
                              RemoveContract(version=v, player=p, index=i))
                       for i in range(len(b.contracts)))
        return Section("contracts", t("sheet.sec.contracts"), actions=singles + remove,
                       lines=tuple(lines) or (t("common.none"),), choices=tuple(choices))

    def task_label(self, task: Any) -> str:
        t = self.t
        name = type(task).__name__
        if name == "ContractTask":
            return t("task.contract", what=t(f"category.{task.category.value}"))
        if name == "SeedlingsTask":
            return t("task.seedlings", area=t(f"area.{task.area.value}"))
        if name == "ForesterTask":
            return t("task.forester", what=t(f"forester.{task.type.value}"))
        if name == "SawmillUpgradeTask":
            return t("task.sawmill_upgrade", area=t(f"area.{task.area.value}"))
        if name == "RiverTokenTask":
            return t("task.river_token")
        return t("task.forest_building")

    def _tasks_section(self, b: Any) -> Section:
        t, v, p = self.t, self._v, self.player

        def add(kind: str, value: Any) -> Command:
            return AddTaskCard(version=v, player=p, task={kind: value})

        choices = [
            ChoiceRow("task-add-contract", t("sheet.task_add_contract"), tuple(
                Option(c.value, t(f"category.{c.value}"), False, add("contract", c.value))
                for c in ContractCategory)),
            ChoiceRow("task-add-seedlings", t("sheet.task_add_seedlings"), tuple(
                Option(a.value, t(f"area.{a.value}"), False, add("seedlings", a.value))
                for a in Area)),
            ChoiceRow("task-add-forester", t("sheet.task_add_forester"), tuple(
                Option(f.value, t(f"forester.{f.value}"), False, add("forester", f.value))
                for f in ForesterType)),
            ChoiceRow("task-add-sawmill", t("sheet.task_add_sawmill"), tuple(
                Option(a.value, t(f"area.{a.value}"), False, add("sawmill_upgrade", a.value))
                for a in Area)),
        ]
        actions = [
            Action("task-add-river", t("sheet.task_add_river"), add("river_token", True)),
            Action("task-add-forest-building", t("sheet.task_add_forest_building"),
                   AddTaskCard(version=v, player=p,
                                 task={"forest_building": "", "met": False})),
        ]
        lines = []
        for i, task in enumerate(b.task_cards):
            lines.append(f"{i + 1}. {self.task_label(task)}")
            if type(task).__name__ == "ForestBuildingTask":
                choices.append(ChoiceRow(f"task-{i}-met", t("sheet.task_met", n=i + 1), (
                    Option("yes", t("common.yes"), bool(task.met),
                           SetTaskMet(version=v, player=p, index=i, met=True)),
                    Option("no", t("common.no"), not task.met,
                           SetTaskMet(version=v, player=p, index=i, met=False)))))
        actions += [Action(f"task-{i}-remove", self.say("sheet-remove-task", n=i + 1),
                           RemoveTaskCard(version=v, player=p, index=i))
                    for i in range(len(b.task_cards))]
        return Section("task-cards", t("sheet.sec.tasks"), actions=tuple(actions),
                       lines=tuple(lines) or (t("common.none"),), choices=tuple(choices))

    # ------------------------------------------------------------------ Forest Guardians sheet
    def _g(self, field_path: str, value: Any) -> Command:
        return SetGuardians(version=self._v, player=self.player, field=field_path,
                              value=value)

    def _gcount(self, ident: str, field_path: str, value: int, lab: str) -> Count:
        return Count(ident, lab, value, self._step(field_path, -1) if value > 0 else None,
                     self._step(field_path, +1), None, field_path)

    def guardians_sections(self) -> list[Section]:
        t = self.t
        b = self.state.boards[self.player]
        trees = tuple(b.tree_points)
        counts = [self._gcount(f"tree-points-{i + 1}", f"tree_points.{i}", value,
                               t("field.tree_row", n=i + 1))
                  for i, value in enumerate(trees)]
        counts.append(self._gcount("fire-tokens", "fire_tokens", int(b.fire_tokens),
                                   t("field.fire_tokens")))
        ranger = getattr(b, "ranger", None)
        ranger_value = getattr(ranger, "value", ranger)
        # every player has an Animal Shelter (003); only the Animal Expert scores it
        shelter = self._gcount("animals-in-shelter", "animals_in_shelter",
                               int(b.animals_in_shelter), t("field.animals_in_shelter"))
        shelter = replace(shelter, hint=self.say("sheet-shelter-scored" if ranger_value == "julia"
                                               else "sheet-shelter-not-scored"))
        extras = []
        if ranger_value == "fluffy":
            extras.append(self._gcount("calocedrus-on-mountains", "calocedrus_on_mountains",
                                       int(b.calocedrus_on_mountains),
                                       t("field.calocedrus_on_mountains")))
        cards = tuple(int(c) for c in b.animal_cards)
        card_actions = tuple(
            Action(f"animal-add-{n}", t("sheet.add_animal", n=n),
                   self._g("animal_cards", cards + (n,))) for n in range(1, 7))
        if cards:
            card_actions += (Action("animal-remove-last", t("sheet.remove_last_animal"),
                                    self._g("animal_cards", cards[:-1])),)
            card_actions += tuple(  # any card entered by mistake, by its own button
                Action(f"animal-{i}-remove", self.say("sheet-remove-animal", n=i + 1),
                       self._g("animal_cards", cards[:i] + cards[i + 1:]))
                for i in range(len(cards)))
        sections = [
            Section("trees", t("sheet.sec.trees"), counts=tuple(counts)),
            Section("animals", t("sheet.sec.animals"), actions=card_actions,
                    counts=(shelter,),
                    lines=(" + ".join(map(str, cards)) if cards else t("common.none"),)),
        ]
        if extras:
            sections.append(Section("ranger", t("sheet.sec.ranger", ranger=label(
                                        t, f"ranger.{ranger_value}", str(ranger_value))),
                                    counts=tuple(extras)))
        return sections

    def table_section(self) -> Section | None:
        """The shared table: round tokens, forester tokens, infested wood, detached storages."""
        t, v = self.t, self._v
        table = self.state.table
        if isinstance(table, ForestryTable):
            forest = table.forest
            stack = forest.round_tokens
            lines = [t("table.round", n=stack.round, left=stack.left)]
            if forest.foresters:
                lines.append(t("table.foresters", spaces=", ".join(
                    f"{t('forester.' + f.kind.value)} {f.space}" for f in forest.foresters)))
            if forest.infested:
                lines.append(t("table.infested", spaces=", ".join(map(str,
                                                                      sorted(forest.infested)))))
            if table.final_turns:
                lines.append(t("table.final_turns"))
            counts = tuple(
                Count(f"detached-{i}", label(t, f"criterion.{d.criterion.value}",
                                             d.criterion.value), int(d.infested_wood),
                      SetDetachedWood(version=v, storage=i, value=d.infested_wood - 1)
                      if d.infested_wood > 0 else None,
                      SetDetachedWood(version=v, storage=i, value=d.infested_wood + 1),
                      hint=t("table.detached_hint"))
                for i, d in enumerate(table.detached_storages))
            actions = (
                Action("round-token", t("table.reveal_round"),
                       RevealRoundToken(version=v, round=stack.round))
                if stack.left else Action("round-token", t("table.no_round_left"), None),
                Action("replenish", t("table.replenish"),
                       ReplenishForesters(version=v, foresters=len(forest.foresters))),
            )
            return Section("table", t("table.title"), counts=counts, actions=actions,
                           lines=tuple(lines))
        if isinstance(table, GuardiansTable):
            if table.end_trigger:
                return Section("table", t("table.title"), lines=(
                    t(f"table.end.{table.end_trigger}",
                      name=self.names()[table.triggered_by or 0]),))
            return Section("table", t("table.title"), choices=tuple(
                ChoiceRow(f"end-{trigger}", t(f"table.trigger.{trigger}"), tuple(
                    Option(str(i), name, False,
                           TriggerGameEnd(version=v, player=i, trigger=trigger))
                    for i, name in enumerate(self.names())))
                for trigger in ("last_tree_planted", "last_tile_drawn")))
        return None

    def sections(self, version: int | None = None) -> list[Section]:
        """The sheet's sections; their commands carry ``version`` (default: the current one).

        The screen asks for version 0 (equal sections then look and act the same)
        and stamps a command when it is tapped (:func:`restamp`).
        """
        self._stamp = version
        try:
            own = (self.forestry_sections() if self.game == Game.FORESTRY
                   else self.guardians_sections())
            shared = self.table_section()
        finally:
            self._stamp = None
        if self.read_only:  # another seat's sheet: values only, no taps
            own = [_without_commands(s) for s in own]
        return [*own, shared] if shared is not None and self.status != SETUP else own


def restamp(command: Command | dict[str, Any], version: int) -> Command | dict[str, Any]:
    """The same command made against ``version`` (the version the phone shows)."""
    if isinstance(command, dict):
        return command if command.get("version") == version else {**command, "version": version}
    return command if command.version == version else replace(command, version=version)


def _without_commands(s: Section) -> Section:
    return replace(
        s, counts=tuple(replace(c, minus=None, plus=None) for c in s.counts),
        actions=tuple(replace(a, command=None) for a in s.actions),
        choices=tuple(replace(r, options=tuple(replace(o, command=None) for o in r.options))
                      for r in s.choices))


# --------------------------------------------------------------------------- scoreboard


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """A category's row; ``waiting``: the questions a "?" in it waits for."""

    category: str
    label: str
    values: tuple[int | None, ...]
    waiting: tuple[str, ...] = ()


#: Categories a need may hold back from every player (Forestry's always-scored ones).
CATEGORY_ORDER = ("score_track", "buildings", "water", "tasks", "forester_majority",
                  "resources", "wood")
#: The categories a printed-value table's need holds back (scoring leaves them out).
NEED_CATEGORIES: dict[str, tuple[str, ...]] = {
    "buildings_vp": ("buildings",),
    "forest_worker_buildings_vp": ("buildings",),
    "tasks_vp": ("tasks", "water", "resources", "detached"),
    "technician_vp": ("technician",),
    "detached_top_tie": ("detached",),
}


@dataclass(frozen=True, slots=True)
class Scoreboard:
    names: tuple[str, ...]
    rows: tuple[ScoreRow, ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[str, ...]
    complete: bool
    needs: tuple[Any, ...]
    notes: tuple[str, ...]


def scoreboard(sheet: Any, t: T) -> Scoreboard | None:
    """The per-category table of a score sheet (categories in the sheet's order)."""
    if sheet is None:
        return None
    order: list[str] = []
    for p in sheet.players:
        for cat in p.categories:
            if cat not in order:
                order.append(cat)
    lang = language_of(t)
    needs = tuple(replace(n, ask=render(lang, n.ask)) for n in sheet.needs)  # worded here
    for need in needs:  # a category left out for every player: its row shows "?" too
        for cat in NEED_CATEGORIES.get(need.table, ()):
            if cat not in order and cat in CATEGORY_ORDER:
                order.append(cat)

    order.sort(key=lambda c: CATEGORY_ORDER.index(c) if c in CATEGORY_ORDER
               else len(CATEGORY_ORDER))

    def waiting(cat: str, values: tuple[int | None, ...]) -> tuple[str, ...]:
        if None not in values:
            return ()
        asks = tuple(dict.fromkeys(n.ask for n in needs
                                   if cat in NEED_CATEGORIES.get(n.table, ())))
        if asks:
            return asks
        return (render(lang, "score-waiting"),)

    rows = []
    for cat in order:
        values = tuple(p.categories.get(cat) for p in sheet.players)
        rows.append(ScoreRow(cat, label(t, f"category.{cat}", cat), values,
                             waiting(cat, values)))
    notes = tuple(render(lang, n) for n in sheet.notes)
    return Scoreboard(
        names=tuple(p.name for p in sheet.players), rows=tuple(rows),
        totals=tuple(int(p.total) for p in sheet.players),
        ranks=tuple(int(p.rank) for p in sheet.players), winners=tuple(sheet.winners),
        complete=bool(sheet.complete), needs=needs, notes=tuple(notes),
    )


def stored_scoreboard(store: Any, game_id: int, t: T) -> Scoreboard | None:
    """The scoreboard of a finished game from its stored record (None: no such record).

    A game imported from a file (``records import``) is stored as its record and
    score sheet only — it has no command log for a session to open. Its record is
    scored again with the printed values confirmed since, which is what the store's
    totals are kept equal to (``exchange.rescore_incomplete``).
    """
    from scoring.api import score_record

    rec = store.get_record(game_id=game_id)
    if rec is None:
        return None
    return scoreboard(score_record(dict(rec.record), confirmed=store.get_printed()), t)

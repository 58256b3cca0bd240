"""What the UI needs of Forest Guardians: its sheet (a player's board: tree rows, fire
tokens, animals, the ranger's extras; how the game ends), its new-game options and its
quick reference."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from app.game.commands import Command, SetGuardians, TriggerGameEnd
from app.game.state import GuardiansTable
from app.ui.kit.game_ui import GameForm, GameUI, OptionBlock, PlayPiece, RefLine
from app.ui.kit.sheet_views import (
    Action,
    CardItem,
    ChoiceRow,
    Count,
    GameSheet,
    Option,
    Section,
    Tap,
    label,
    tap,
)
from scoring.games import Game
from scoring.guardians.model import GuardiansPlayer
from scoring.guardians.reference import LINE_SECTIONS, guardians_reference_lines, quick_reference
from setup.guardians.plan import GuardiansOptions


class GuardiansSheet(GameSheet):
    game: ClassVar[Game] = Game.GUARDIANS
    role_prefix: ClassVar[str] = "ranger"

    def board(self) -> GuardiansPlayer:
        return self.state.guardians_boards[self.player]

    def set_value(self, field_path: str, value: int) -> Command:
        """The typed target of a count: ``SetGuardians`` (a tree row within its list)."""
        b = self.board()
        if field_path.startswith("tree_points."):
            rows = list(b.tree_points)
            rows[int(field_path.partition(".")[2])] = value
            return SetGuardians(version=self.version, player=self.player,
                                  field="tree_points", value=tuple(rows))
        return SetGuardians(version=self.version, player=self.player, field=field_path,
                              value=value)

    def _g(self, field_path: str, value: Any) -> Tap:
        return tap(SetGuardians, player=self.player, field=field_path, value=value)

    def _gcount(self, ident: str, field_path: str, value: int, lab: str) -> Count:
        return Count(ident, lab, value, self._step(field_path, -1) if value > 0 else None,
                     self._step(field_path, +1), None, field_path)

    def own_sections(self) -> list[Section]:
        t = self.t
        b = self.board()
        trees = tuple(b.tree_points)
        counts = [self._gcount(f"tree-points-{i + 1}", f"tree_points.{i}", value,
                               t("field-tree_row", n=i + 1))
                  for i, value in enumerate(trees)]
        counts.append(self._gcount("fire-tokens", "fire_tokens", int(b.fire_tokens),
                                   t("field-fire_tokens")))
        ranger = getattr(b, "ranger", None)
        ranger_value = getattr(ranger, "value", ranger)
        # every player has an Animal Shelter (003); only the Animal Expert scores it
        shelter = self._gcount("animals-in-shelter", "animals_in_shelter",
                               int(b.animals_in_shelter), t("field-animals_in_shelter"))
        shelter = replace(shelter, hint=self.say("sheet-shelter-scored" if ranger_value == "julia"
                                               else "sheet-shelter-not-scored"))
        extras = []
        if ranger_value == "fluffy":
            extras.append(self._gcount("calocedrus-on-mountains", "calocedrus_on_mountains",
                                       int(b.calocedrus_on_mountains),
                                       t("field-calocedrus_on_mountains")))
        cards = tuple(int(c) for c in b.animal_cards)
        add = ChoiceRow("animal-add", self.say("sheet-add-animal-row"), tuple(
            Option(str(n), str(n), False, self._g("animal_cards", cards + (n,)))
            for n in range(1, 7)))
        card_actions: tuple[Action, ...] = ()
        if cards:
            card_actions = (Action("animal-remove-last", t("sheet-remove-last-animal"),
                                   self._g("animal_cards", cards[:-1])),)
        # each card held lies on the table as a card, with its own remove button
        held = tuple(CardItem(f"animal-{i}", self.say("sheet-animal-card", n=n), Action(
            f"animal-{i}-remove", self.say("sheet-remove-animal", n=i + 1),
            self._g("animal_cards", cards[:i] + cards[i + 1:])))
            for i, n in enumerate(cards))
        sections = [
            Section("trees", t("sheet-sec-trees"), counts=tuple(counts),
                    short=self.say("sheet-jump-trees")),
            Section("animals", t("sheet-sec-animals"), actions=card_actions,
                    counts=(shelter,), choices=(add,), cards=held,
                    lines=(" + ".join(map(str, cards)) if cards else t("common-none"),),
                    short=self.say("sheet-jump-animals")),
        ]
        if extras:
            sections.append(Section("ranger", t("sheet-sec-ranger", ranger=label(
                                        t, f"ranger-{ranger_value}", str(ranger_value))),
                                    counts=tuple(extras), short=self.say("sheet-jump-ranger")))
        return sections

    def table_section(self) -> Section | None:
        """The shared table: how the game ends (who triggered it)."""
        t = self.t
        table = self.state.table
        assert isinstance(table, GuardiansTable)  # a Forest Guardians state has its table
        short = self.say("sheet-jump-table")
        if table.end_trigger:
            return Section("table", t("table-title"), lines=(
                t(f"table-end-{table.end_trigger}",
                  name=self.names()[table.triggered_by or 0]),), short=short)
        return Section("table", t("table-title"), choices=tuple(
            ChoiceRow(f"end-{trigger}", t(f"table-trigger-{trigger}"), tuple(
                Option(str(i), name, False,
                       tap(TriggerGameEnd, player=i, trigger=trigger))
                for i, name in enumerate(self.names())))
            for trigger in ("last_tree_planted", "last_tile_drawn")), short=short)


class GuardiansForm(GameForm):
    game = Game.GUARDIANS

    def options(self, p: Any) -> Any:
        return GuardiansOptions(advanced=p.advanced)

    def restore(self, p: Any, opts: dict[str, Any]) -> None:
        p.advanced = bool(opts.get("advanced", False))


def reference_lines() -> list[RefLine]:
    """The turn and the planting rules, line by line with their sources."""
    return [(f"guardians-{line.section}", line.message, line.source)
            for line in guardians_reference_lines()]


def reference_cards(advanced: bool) -> Sequence[Any]:
    """Every other section of the quick reference (those above are shown line by line)."""
    return [s for s in quick_reference(advanced) if s.id not in LINE_SECTIONS]


UI = GameUI(Game.GUARDIANS, PlayPiece.PLANTING_CHECK, OptionBlock.ADVANCED_ONLY, GuardiansSheet,
            GuardiansForm(), reference_lines, reference_cards)

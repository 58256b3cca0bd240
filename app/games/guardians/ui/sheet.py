"""Forest Guardians' part of the sheet, as view models (no Flet): a player's board (tree
rows, fire tokens, animals, the ranger's extras) and the shared table (how the game ends)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from app.game.commands import Command
from app.games.guardians.commands import SetGuardians, TriggerGameEnd
from app.games.guardians.table import GuardiansTable
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


class GuardiansSheet(GameSheet):
    game: ClassVar[Game] = Game.GUARDIANS
    role_prefix: ClassVar[str] = "ranger"

    def board(self) -> GuardiansPlayer:
        return self.state.boards_of(GuardiansPlayer)[self.player]

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



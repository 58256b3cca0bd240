"""Forestry's part of the new-game form: mode, technology side, the modules, characters.

Which combinations are offered is decided by the dealer itself: each choice is probed with
:func:`setup.forestry.plan.validate`, and one it refuses is shown disabled with its reason
(the form's own short words where it has them). A change that makes another choice invalid
switches that one off. The form holds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from app.i18n import language_of
from app.l10n import refusal
from app.ui.kit.game_ui import Choice, FormHost, GameForm, Toggle
from scoring.forestry.enums import Character, Mode, TechnologySide
from scoring.games import Game
from setup.forestry import plan as forestry_setup

#: the toggles the form offers: (control id, label key, option)
TOGGLES = (("new-infestation", "new-infestation", "infestation"),
           ("new-asymmetric", "new-asymmetric", "asymmetric"),
           ("new-tutorial-table", "new-tutorial-table", "tutorial_table"))


def _reason_key(option: str, code: str) -> str | None:
    """The new-game form's own short reason for a dealer refusal, when it has one."""
    if option == "infestation":
        return "new-reason-infestation-solo"
    if option == "technology-side":
        return "new-reason-tech-tutorial"
    if option == "character" and code == forestry_setup.SetupCode.CHARACTERS_BELONG_TO_ADVANCED:
        return "new-reason-characters-advanced"
    if option == "character":
        return "new-reason-characters-count"
    if option == "tutorial-table":
        return "new-reason-tutorial-table"
    return None


class ForestryForm(GameForm):
    """Forestry's choices on the form (the dealer's options; characters are the seats')."""

    game = Game.FORESTRY

    def __init__(self, host: FormHost) -> None:
        super().__init__(host)
        self.mode = Mode.STANDARD
        self.technology_side: TechnologySide | None = None
        self.tutorial_table = False
        self.infestation = False
        self.asymmetric = False

    @property
    def characters(self) -> tuple[Character, ...]:
        """The characters the seats chose, in seat order (the rest are dealt)."""
        return tuple(Character(p.role) for p in self.host.players if p.role)

    # ------------------------------------------------------------------ probing the dealer
    def options(self, **changes: Any) -> forestry_setup.ForestryOptions:
        """The options as the dealer takes them (characters: the seats' choices)."""
        base = forestry_setup.ForestryOptions(
            mode=self.mode, technology_side=self.technology_side,
            tutorial_table=self.tutorial_table, infestation=self.infestation,
            asymmetric=self.asymmetric, characters=self.characters,
        )
        return replace(base, **changes)

    def refused(self, options: Any, players: int | None = None) -> tuple[str, str] | None:
        """(option, reason) when the dealer refuses these options, else None."""
        try:
            forestry_setup.validate(options, players if players is not None else self.count)
        except forestry_setup.SetupOptionError as exc:
            key = _reason_key(exc.option, exc.code)
            return exc.option, (self.t(key) if key else refusal(language_of(self.t), exc))
        return None

    def count_refused(self, players: int) -> str | None:
        refused = self.refused(self.options(), players)
        return refused[1] if refused else None

    def changed(self) -> None:
        """Switch off whatever the dealer no longer accepts after a change."""
        resets: list[tuple[str, dict[str, Any]]] = [
            ("infestation", {"infestation": False}),
            ("tutorial-table", {"tutorial_table": False}),
            ("technology-side", {"technology_side": None}),
            ("character", {}),
        ]
        for _ in range(len(resets)):
            refused = self.refused(self.options())
            if refused is None:
                return
            for option, change in resets:
                if option == refused[0]:
                    for name, value in change.items():
                        setattr(self, name, value)
                    if option == "character":
                        for p in self.host.players:
                            p.role = None
                    break
            else:
                return

    # ------------------------------------------------------------------ view model
    def mode_choices(self) -> list[Choice]:
        out = []
        for mode in Mode:
            refused = self.refused(self.options(mode=mode, characters=(), tutorial_table=False,
                                                technology_side=None))
            out.append(Choice(mode.value, self.t(f"new-mode-{mode.value}"), refused is None,
                              refused[1] if refused else None))
        return out

    def tech_side_choices(self) -> list[Choice]:
        out = []
        for value, side in (("random", None), ("A", TechnologySide.A), ("B", TechnologySide.B)):
            label = self.t("new-tech-random") if side is None else side.value
            refused = (self.refused(self.options(technology_side=side))
                       if side is not None else None)
            out.append(Choice(value, label, refused is None, refused[1] if refused else None))
        return out

    def tech_side_value(self) -> str:
        return self.technology_side.value if self.technology_side else "random"

    def toggles(self) -> list[Toggle]:
        """The modules and the tutorial table, each disabled when the dealer refuses it."""
        out = []
        for ident, label_key, attr in TOGGLES:
            value = bool(getattr(self, attr))
            refused = None if value else self.refused(self.options(**{attr: True}))
            out.append(Toggle(ident, self.t(label_key), value, refused is None,
                              refused[1] if refused else None))
        return out

    def role_choices(self, i: int) -> list[Choice]:
        """Characters seat ``i`` may choose: the dealer must accept the choice, and another
        seat's character is taken; "dealt" leaves it to the dealer."""
        players = self.host.players
        taken = {p.role for j, p in enumerate(players) if j != i and p.role}
        others = tuple(Character(p.role) for j, p in enumerate(players) if j != i and p.role)
        out = [Choice("dealt", self.t("new-character-dealt"), True)]
        for ch in Character:
            if ch.value in taken:
                out.append(Choice(ch.value, self.t(f"character-{ch.value}"), False,
                                  self.t("new-ranger-taken")))
                continue
            refused = self.refused(self.options(characters=(*others, ch)))
            out.append(Choice(ch.value, self.t(f"character-{ch.value}"), refused is None,
                              refused[1] if refused else None))
        return out

    # ------------------------------------------------------------------ taps
    # a client can send any text: a value no chip offers changes nothing
    def set_mode(self, mode: str) -> None:
        if mode in {m.value for m in Mode}:
            self.mode = Mode(mode)
            self.changed()

    def set_tech_side(self, value: str) -> None:
        if value == "random" or value in {t.value for t in TechnologySide}:
            self.technology_side = None if value == "random" else TechnologySide(value)
            self.changed()

    def set_toggle(self, attr: str, value: bool) -> None:
        if attr in {a for _, _, a in TOGGLES}:
            setattr(self, attr, bool(value))
            self.changed()

    def set_role(self, i: int, value: str) -> None:
        if value == "dealt" or value in {c.value for c in Character}:
            self.host.players[i].role = None if value == "dealt" else value
            self.changed()

    def restore(self, opts: Mapping[str, Any]) -> None:
        try:
            self.mode = Mode(opts.get("mode", "standard"))
        except ValueError:
            pass
        side = opts.get("technology_side")
        if side:
            try:
                self.technology_side = TechnologySide(side)
            except ValueError:
                pass
        # the record keeps Growing Forward's modules in their own block (record v1)
        block = opts.get("growing_forward")
        gf: Mapping[str, Any] = block if isinstance(block, Mapping) else {}
        self.tutorial_table = bool(opts.get("tutorial_table", False))
        self.infestation = bool(gf.get("infestation", opts.get("infestation", False)))
        self.asymmetric = bool(gf.get("asymmetric_setup", opts.get("asymmetric", False)))

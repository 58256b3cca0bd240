"""Forest Guardians' part of the new-game form: the advanced game, and each seat's ranger in
it (003: the players may choose their rangers; one a seat took is taken)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.ui.kit.game_ui import Choice, FormHost, GameForm
from scoring.games import Game
from scoring.guardians.rules import Ranger
from setup.guardians.plan import GuardiansOptions


class GuardiansForm(GameForm):
    """The advanced game (ranger board side B), and the rangers chosen in it."""

    game = Game.GUARDIANS

    def __init__(self, host: FormHost) -> None:
        super().__init__(host)
        self.advanced = False

    def options(self) -> GuardiansOptions:
        return GuardiansOptions(advanced=self.advanced)

    def set_toggle(self, attr: str, value: bool) -> None:
        if attr == "advanced":  # a client can send any name
            self.advanced = bool(value)
            if not self.advanced:  # the basic game deals the rangers
                for p in self.host.players:
                    p.role = None

    def role_choices(self, i: int) -> list[Choice]:
        """Rangers a player may choose (advanced game); ones taken by others are disabled."""
        taken = {p.role for j, p in enumerate(self.host.players) if j != i and p.role}
        out = [Choice("dealt", self.t("new-ranger-dealt"), True)]
        for r in Ranger:
            out.append(Choice(r.value, self.t(f"ranger-{r.value}"), r.value not in taken,
                              self.t("new-ranger-taken") if r.value in taken else None))
        return out

    def restore(self, opts: Mapping[str, Any]) -> None:
        self.advanced = bool(opts.get("advanced", False))

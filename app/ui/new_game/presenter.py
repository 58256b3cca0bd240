"""The new-game form's presenter (the setup walkthrough's is app.ui.setup.presenter).

Which option combinations are offered is decided by the setup dealers
themselves: each option is probed with ``setup.forestry.plan.validate`` (and the
player limits of ``scoring.guardians.rules``), and a combination the dealer
refuses is shown disabled with its reason. What the form sends is checked by
:func:`app.game.new_game.check_new_game`, as ``forest-table tables new`` checks its
command line: the same names, counts, colours, roles, seed and dealer refusals. The
UI holds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from app.game.new_game import COLOURS, Problem, check_new_game, new_seed
from app.i18n import language_of
from app.l10n import refusal, render
from app.ui.kit.game_ui import GameForm, SeatRole
from app.ui.kit.games import ui
from scoring.forestry.enums import Character, Mode, TechnologySide
from scoring.games import GAMES, Game
from scoring.guardians import rules as guardian_rules
from scoring.message import msg
from setup.forestry import plan as forestry_setup

T = Callable[..., str]

__all__ = ["COLOURS", "DealRequest", "NewGamePresenter", "PlayerEntry", "deal", "new_seed"]

#: the most of a typed name the form keeps (names are at most 40 characters: app.names)
MAX_TYPED = 200


@dataclass
class PlayerEntry:
    name: str
    colour: str
    role: str | None = None  # the character (Forestry) or ranger (Forest Guardians) chosen


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str
    enabled: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Toggle:
    id: str
    label: str
    value: bool
    enabled: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class DealRequest:
    """What the form produces: enough to deal (and to create the game session)."""

    game: str
    players: tuple[PlayerEntry, ...]
    options: Any  # ForestryOptions | GuardiansOptions
    seed: int
    rematch_of: int | None = None  # the finished table whose phones follow to this one

    def options_json(self) -> dict[str, Any]:
        return ui(self.game).form.options_json(self.options)


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


@dataclass
class NewGamePresenter:
    t: T
    game: str = Game.FORESTRY
    players: list[PlayerEntry] = field(default_factory=list)
    mode: Mode = Mode.STANDARD
    technology_side: TechnologySide | None = None
    tutorial_table: bool = False
    infestation: bool = False
    asymmetric: bool = False
    advanced: bool = False
    seed_text: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    rematch_of: int | None = None  # a rematch of this game: its table's phones follow
    known: tuple[str, ...] | None = None  # the people in History to pick from (None: unread)

    def __post_init__(self) -> None:
        if not self.players:
            self.set_count(2)

    @property
    def form(self) -> GameForm:
        """How the form handles the chosen game (:attr:`app.ui.kit.game_ui.GameUI.form`)."""
        return ui(self.game).form

    @property
    def characters(self) -> tuple[Character, ...]:
        """The Forestry characters the players chose, in seat order (the rest are dealt)."""
        if self.form.role is not SeatRole.CHARACTER:
            return ()
        return tuple(Character(p.role) for p in self.players if p.role)

    def seat_role(self) -> SeatRole | None:
        """What each seat may choose now (an advanced game), or None."""
        return self.form.role if self.form.roles_on(self) else None

    def role_choices(self, i: int) -> list[Choice]:
        """Seat ``i``'s role choices (:meth:`seat_role`)."""
        return self.character_choices(i) if self.form.role is SeatRole.CHARACTER \
            else self.ranger_choices(i)

    def set_role(self, i: int, value: str) -> None:
        if self.form.role is SeatRole.CHARACTER:
            self.set_character(i, value)
        else:
            self.set_ranger(i, value)

    def _clear_roles(self) -> None:
        for p in self.players:
            p.role = None

    # ------------------------------------------------------------------ probing the dealer
    def forestry_options(self, **changes: Any) -> forestry_setup.ForestryOptions:
        """The options as the dealer takes them (characters: the seats' choices)."""
        base = forestry_setup.ForestryOptions(
            mode=self.mode, technology_side=self.technology_side,
            tutorial_table=self.tutorial_table, infestation=self.infestation,
            asymmetric=self.asymmetric, characters=self.characters,
        )
        return replace(base, **changes)

    def refusal(self, options: forestry_setup.ForestryOptions, players: int | None = None
                ) -> tuple[str, str] | None:
        """(option, reason) when the Forestry dealer refuses these options, else None."""
        try:
            forestry_setup.validate(options, players if players is not None else self.count)
        except forestry_setup.SetupOptionError as exc:
            key = _reason_key(exc.option, exc.code)
            return exc.option, (self.t(key) if key else refusal(language_of(self.t), exc))
        return None

    def _normalise(self) -> None:
        """Switch off whatever the dealer no longer accepts after a change."""
        resets: list[tuple[str, dict[str, Any]]] = [
            ("infestation", {"infestation": False}),
            ("tutorial-table", {"tutorial_table": False}),
            ("technology-side", {"technology_side": None}),
            ("character", {}),
        ]
        for _ in range(len(resets)):
            refused = self.refusal(self.forestry_options())
            if refused is None:
                return
            for option, change in resets:
                if option == refused[0]:
                    for name, value in change.items():
                        setattr(self, name, value)
                    if option == "character":
                        self._clear_roles()
                    break
            else:
                return

    # ------------------------------------------------------------------ view model
    @property
    def count(self) -> int:
        return len(self.players)

    def player_limits(self) -> tuple[int, int]:
        return self.form.limits

    def game_choices(self) -> list[Choice]:
        return [Choice(g, self.t(f"game-{g}"), True) for g in GAMES]

    def count_choices(self) -> list[Choice]:
        out = []
        for n in range(1, 5):
            lo, hi = self.player_limits()
            if not lo <= n <= hi:
                out.append(Choice(str(n), str(n), False, self.t("new-reason-guardians-players")))
                continue
            if self.form.probes_dealer:
                refused = self.refusal(self.forestry_options(), n)
                if refused:
                    out.append(Choice(str(n), str(n), False, refused[1]))
                    continue
            out.append(Choice(str(n), str(n), True))
        return out

    def mode_choices(self) -> list[Choice]:
        out = []
        for mode in Mode:
            refused = self.refusal(self.forestry_options(mode=mode, characters=(),
                                                         tutorial_table=False,
                                                         technology_side=None))
            out.append(Choice(mode.value, self.t(f"new-mode-{mode.value}"), refused is None,
                              refused[1] if refused else None))
        return out

    def tech_side_choices(self) -> list[Choice]:
        out = []
        for value, side in (("random", None), ("A", TechnologySide.A), ("B", TechnologySide.B)):
            label = self.t("new-tech-random") if side is None else side.value
            refused = (self.refusal(self.forestry_options(technology_side=side))
                       if side is not None else None)
            out.append(Choice(value, label, refused is None, refused[1] if refused else None))
        return out

    def tech_side_value(self) -> str:
        return self.technology_side.value if self.technology_side else "random"

    def _toggle(self, ident: str, label_key: str, attr: str) -> Toggle:
        value = bool(getattr(self, attr))
        refused = None if value else self.refusal(self.forestry_options(**{attr: True}))
        return Toggle(ident, self.t(label_key), value, refused is None,
                      refused[1] if refused else None)

    def forestry_toggles(self) -> list[Toggle]:
        return [
            self._toggle("new-infestation", "new-infestation", "infestation"),
            self._toggle("new-asymmetric", "new-asymmetric", "asymmetric"),
            self._toggle("new-tutorial-table", "new-tutorial-table", "tutorial_table"),
        ]

    def character_toggles(self) -> list[Toggle]:
        out = []
        for ch in Character:
            on = ch in self.characters
            refused = None if on else self.refusal(
                self.forestry_options(characters=(*self.characters, ch)))
            out.append(Toggle(f"new-character-{ch.value}", self.t(f"character-{ch.value}"),
                              on, refused is None, refused[1] if refused else None))
        return out

    def ranger_choices(self, i: int) -> list[Choice]:
        """Rangers a player may choose (advanced game); ones taken by others are disabled."""
        taken = {p.role for j, p in enumerate(self.players) if j != i and p.role}
        out = [Choice("dealt", self.t("new-ranger-dealt"), True)]
        for r in guardian_rules.Ranger:
            out.append(Choice(r.value, self.t(f"ranger-{r.value}"), r.value not in taken,
                              self.t("new-ranger-taken") if r.value in taken else None))
        return out

    def set_ranger(self, i: int, value: str) -> None:
        self.players[i].role = None if value == "dealt" else value

    def colour_choices(self) -> list[Choice]:
        return [Choice(c, self.t(f"colour-{c}"), True) for c in COLOURS]

    # ------------------------------------------------------------------ taps
    def set_game(self, game: str) -> None:
        if game not in GAMES:
            return
        if Game(game) is not Game(self.game):
            self._clear_roles()
        self.game = Game(game)
        lo, hi = self.player_limits()
        self.set_count(min(max(self.count, lo), hi))

    def set_count(self, n: int) -> None:
        n = max(1, min(int(n), len(COLOURS)))  # a client can send any number
        while len(self.players) < n:
            used = {p.colour for p in self.players}
            colour = next(c for c in COLOURS if c not in used)
            self.players.append(PlayerEntry("", colour))
        del self.players[n:]
        self._normalise()

    def set_name(self, i: int, name: str) -> None:
        # kept as typed (checked by submit), but bounded: a client can send any text
        self.players[i].name = name[:MAX_TYPED] if isinstance(name, str) else ""
        self.errors.pop(f"players[{i}].name", None)
        self.errors.pop("players", None)
        self.errors.pop("start", None)

    def roster_choices(self) -> list[Choice]:
        """The people of History to pick from; one already seated (matched as History
        matches names) or with no empty seat left is not offered."""
        from app.names import name_key

        seated = {name_key(p.name) for p in self.players if p.name.strip()}
        free = any(not p.name.strip() for p in self.players)
        return [Choice(name, name, free and name_key(name) not in seated)
                for name in self.known or ()]

    def pick_known(self, name: str) -> None:
        """Put a person of History (only those, checked here) in the first empty seat."""
        if name not in (self.known or ()):
            return
        for i, p in enumerate(self.players):
            if not p.name.strip():
                self.set_name(i, name)
                return

    def move(self, i: int, delta: int) -> None:
        j = i + delta
        if 0 <= j < len(self.players):
            self.players[i], self.players[j] = self.players[j], self.players[i]

    def set_colour(self, i: int, colour: str) -> None:
        """Pick a colour; whoever had it gets this player's old colour."""
        if colour not in COLOURS:  # a client can send any text
            return
        for other in self.players:
            if other.colour == colour:
                other.colour = self.players[i].colour
        self.players[i].colour = colour

    def set_mode(self, mode: str) -> None:
        self.mode = Mode(mode)
        self._normalise()

    def set_tech_side(self, value: str) -> None:
        self.technology_side = None if value == "random" else TechnologySide(value)
        self._normalise()

    def set_toggle(self, attr: str, value: bool) -> None:
        if attr in ("infestation", "asymmetric", "tutorial_table"):
            setattr(self, attr, bool(value))
            self._normalise()
        elif attr == "advanced":
            self.advanced = bool(value)
            if not self.advanced:
                for p in self.players:
                    p.role = None

    def character_choices(self, i: int) -> list[Choice]:
        """Characters seat ``i`` may choose: the dealer must accept the choice, and another
        seat's character is taken; "dealt" leaves it to the dealer."""
        taken = {p.role for j, p in enumerate(self.players) if j != i and p.role}
        others = tuple(Character(p.role) for j, p in enumerate(self.players)
                       if j != i and p.role)
        out = [Choice("dealt", self.t("new-character-dealt"), True)]
        for ch in Character:
            if ch.value in taken:
                out.append(Choice(ch.value, self.t(f"character-{ch.value}"), False,
                                  self.t("new-ranger-taken")))
                continue
            refused = self.refusal(self.forestry_options(characters=(*others, ch)))
            out.append(Choice(ch.value, self.t(f"character-{ch.value}"), refused is None,
                              refused[1] if refused else None))
        return out

    def set_character(self, i: int, value: str) -> None:
        self.players[i].role = None if value == "dealt" else Character(value).value
        self._normalise()

    def toggle_character(self, value: str) -> None:
        """Name a character for the first seat without one (or un-name it)."""
        for p in self.players:
            if p.role == value:
                p.role = None
                return
        free = next((i for i, p in enumerate(self.players) if not p.role), None)
        if free is not None:
            self.set_character(free, value)

    def set_seed_text(self, text: str) -> None:
        self.seed_text = text.strip() if isinstance(text, str) else ""
        self.errors.pop("seed", None)

    # ------------------------------------------------------------------ submit
    def submit(self, seed_factory: Callable[[], int] = new_seed) -> DealRequest | None:
        """The deal request, or None with ``errors`` filled (shown next to the fields).

        Checked here, on the server, whatever was sent (:func:`check_new_game`); the
        dealer's refusal of the options is said in the form's own short words first.
        """
        self.errors.clear()
        lang = language_of(self.t)
        options = self.form.options(self)
        refused = self.form.refused(self, options)
        if refused:
            self.errors["options"] = refused[1]
        keep_roles = self.seat_role() is not None
        checked = check_new_game(
            self.game, [p.name for p in self.players],
            colours=[p.colour for p in self.players],
            roles=[p.role if keep_roles else None for p in self.players],
            options=options, seed=self.seed_text, seed_factory=seed_factory)
        for problem in checked.problems:
            key, label = self._where(problem)
            self.errors.setdefault(key, render(lang, msg(problem.message.code,
                                                         **{**problem.message.params,
                                                            "field": label})))
        if self.errors or checked.game is None:  # said at the button too: the fields
            # may be a screen away
            self.errors["start"] = self.t("new-error-fix-above", n=max(1, len(self.errors)))
            return None
        new = checked.game
        players = tuple(PlayerEntry(s.name, s.colour or "", s.character) for s in new.seats)
        return DealRequest(self.game, players, options, new.seed, self.rematch_of)

    def _where(self, problem: Problem) -> tuple[str, str]:
        """(the error's place on the form, the label a message names the field by)."""
        name, _, _rest = problem.field.partition(".")
        if name.startswith("players[") and name.endswith("]") and name[8:-1].isdigit():
            i = int(name[8:-1])  # a seat's problem is said under its name
            return f"players[{i}].name", self.t("new-player-name", n=i + 1)
        if problem.field == "seed":
            return "seed", self.t("new-seed")
        return "options", self.t("new-options")


def deal(request: DealRequest) -> Any:
    """Deal with the game's own dealer (a pure function of options, players, seed)."""
    return ui(request.game).form.deal(request)

"""The new-game form's presenter (the setup walkthrough's is app.ui.setup.presenter).

The game, the seats (names, colours, order, each seat's role) and the seed are the form's;
each game's own choices are its part of the form (:class:`app.ui.kit.game_ui.GameForm`, one
per game, kept while the form lives), which probes its dealer for what it offers. What the
form sends is checked by :func:`app.game.new_game.check_new_game`, as ``forest-table tables
new`` checks its command line: the same names, counts, colours, roles, seed and dealer
refusals. The UI holds no rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.game.new_game import COLOURS, Problem, check_new_game, new_seed
from app.game.registry import variant
from app.i18n import language_of
from app.l10n import render
from app.names import name_key
from app.ui.kit.game_ui import Choice, GameForm, SeatRole
from app.ui.kit.games import ui
from scoring.games import GAMES, Game
from scoring.message import msg

T = Callable[..., str]

__all__ = ["COLOURS", "Choice", "DealRequest", "NewGamePresenter", "PlayerEntry", "deal",
           "new_seed"]

#: the most of a typed name the form keeps (names are at most 40 characters: app.names)
MAX_TYPED = 200


@dataclass
class PlayerEntry:
    name: str
    colour: str
    role: str | None = None  # the role chosen (a character, a ranger: the game's)


@dataclass(frozen=True, slots=True)
class DealRequest:
    """What the form produces: enough to deal (and to create the game session)."""

    game: str
    players: tuple[PlayerEntry, ...]
    options: Any  # the game's dealer's options (its form's ``options()``)
    seed: int
    rematch_of: int | None = None  # the finished table whose phones follow to this one

    def options_json(self) -> dict[str, Any]:
        return variant(self.game).options_json(self.options)


@dataclass
class NewGamePresenter:
    t: T
    game: str = GAMES[0]
    players: list[PlayerEntry] = field(default_factory=list)
    seed_text: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    rematch_of: int | None = None  # a rematch of this game: its table's phones follow
    known: tuple[str, ...] | None = None  # the people in History to pick from (None: unread)
    #: each game's part of the form, made when the game is first shown (kept when another
    #: game is picked and this one again)
    forms: dict[str, GameForm] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.players:
            self.set_count(2)

    @property
    def form(self) -> GameForm:
        """The chosen game's part of the form (:attr:`app.ui.kit.game_ui.GameUI.form`)."""
        game = str(self.game)
        if game not in self.forms:
            self.forms[game] = ui(game).form(self)
        return self.forms[game]

    def seat_role(self) -> SeatRole | None:
        """What each seat may choose now (an advanced game), or None."""
        return self.form.role if self.form.roles_on() else None

    def role_choices(self, i: int) -> list[Choice]:
        """Seat ``i``'s role choices (:meth:`seat_role`)."""
        return self.form.role_choices(i)

    def set_role(self, i: int, value: str) -> None:
        if 0 <= i < len(self.players) and isinstance(value, str):  # a client sends anything
            self.form.set_role(i, value)

    def _clear_roles(self) -> None:
        for p in self.players:
            p.role = None

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
                out.append(Choice(str(n), str(n), False, self.t(
                    "new-reason-players", game=self.t(f"game-{self.game}"), low=lo, high=hi)))
                continue
            refused = self.form.count_refused(n)
            if refused:
                out.append(Choice(str(n), str(n), False, refused))
                continue
            out.append(Choice(str(n), str(n), True))
        return out

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
        self.form.changed()

    def set_name(self, i: int, name: str) -> None:
        # kept as typed (checked by submit), but bounded: a client can send any text
        self.players[i].name = name[:MAX_TYPED] if isinstance(name, str) else ""
        self.errors.pop(f"players[{i}].name", None)
        self.errors.pop("players", None)
        self.errors.pop("start", None)

    def roster_choices(self) -> list[Choice]:
        """The people of History to pick from; one already seated (matched as History
        matches names) or with no empty seat left is not offered."""
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
        options = self.form.options()
        refused = self.form.refused(options)
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
    return variant(request.game).deal(request.options, [p.name for p in request.players],
                                      request.seed, {p.name: p.role for p in request.players
                                                     if p.role})

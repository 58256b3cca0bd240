"""The setup walkthrough's presenter: the dealt setup as step cards, marking steps done,
dealing again before play (the game's own dealer: :func:`app.ui.new_game.presenter.deal`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from app.game.registry import variant
from app.l10n import render, sentences
from app.ui.kit.games import ui
from app.ui.new_game.presenter import DealRequest, T, deal, new_seed
from scoring.cite import Citation
from scoring.message import MessageCode


class SetupLabel(MessageCode):
    """Words of the step cards' own controls (the first player, the infestation card)."""

    FIRST_PLAYER = "setup-first-player"
    START_PLAYER = "setup-start-player"
    INFESTED = "setup-infested"
    INFESTED_COUNT = "setup-infested-count"


@dataclass(frozen=True, slots=True)
class StepCard:
    id: str
    number: int
    title: str
    detail: str
    big: tuple[str, ...]  # the dealt numbers / outcomes, shown large
    source: Citation
    done: bool


def outcome_lines(step: Any, lang: str = "en") -> tuple[str, ...]:
    """What a step says it dealt (its ``outcome`` messages), to show large."""
    return tuple(render(lang, m) for m in getattr(step, "outcome", ()))


@dataclass
class SetupPresenter:
    """The dealt setup as step cards; marking steps done; dealing again before play."""

    t: T
    request: DealRequest
    plan: Any = None
    done: set[str] = field(default_factory=set)
    game_id: int | None = None
    lang: str = "en"
    #: who starts (0-based; as the game's rulebook says who); the record keeps it
    #: (``first_player``)
    first_player: int = 0
    #: the spaces the infestation card covers (001), entered on its step
    infested: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.plan is None:
            self.plan = deal(self.request)

    def player_names(self) -> list[str]:
        return [p.name for p in self.request.players]

    def set_first_player(self, i: int) -> None:
        if 0 <= i < len(self.request.players):
            self.first_player = i

    def toggle_infested(self, space: int) -> None:
        if space in variant(self.request.game).forest_spaces:  # a client can send any number
            self.infested.symmetric_difference_update({space})

    @property
    def seed(self) -> int:
        return int(self.request.seed)

    def title(self, step: Any) -> str:
        """The step's title in the reader's language (the dealer gives a code)."""
        return render(self.lang, step.title)

    def detail(self, step: Any) -> str:
        """The step's detail, with its dealt values, in the reader's language."""
        return sentences(self.lang, step.detail)

    def cards(self) -> list[StepCard]:
        return [
            StepCard(s.id, i, self.title(s), self.detail(s),
                     ui(self.request.game).setup_lines(self.plan, s, self.t, self.lang,
                                                       self.first_player, self.player_names())
                     or outcome_lines(s, self.lang),
                     getattr(s, "source", ()), s.id in self.done)
            for i, s in enumerate(self.plan.steps, start=1)
        ]

    def progress(self) -> tuple[int, int]:
        ids = {s.id for s in self.plan.steps}
        return len(self.done & ids), len(ids)

    def toggle(self, step_id: str) -> None:
        self.done.symmetric_difference_update({step_id})

    def all_done(self) -> bool:
        done, total = self.progress()
        return done == total

    def deal_again(self, seed_factory: Callable[[], int] = new_seed) -> None:
        """A new seed, a new deal; steps marked done are cleared."""
        seed = seed_factory()
        while seed == self.request.seed:
            seed = seed_factory()
        self.request = replace(self.request, seed=seed)
        self.plan = deal(self.request)
        self.done.clear()
        self.infested.clear()  # another infestation card may be dealt

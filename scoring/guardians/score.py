"""Forest Guardians end-game scoring (003 "Victory", "Ranger Abilities").

One small pure function per category; the result is a ScoreSheet with the
record-v1 category keys ``trees, animals, fires, ranger``. The rulebook names
no tie-breaker: equal totals share the rank and the win (docs/rules-decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.rules import RANGERS, Ranger
from scoring.message import MessageCode, Msg, msg
from scoring.placing import shared_ranks
from scoring.sheet import PlayerScore, ScoreSheet

GAME_ID = "forest-guardians"


def trees(p: GuardiansPlayer) -> int:
    """Points uncovered by planted trees, summed over the three rows."""
    return sum(p.tree_points)


def animals(p: GuardiansPlayer) -> int:
    """The values printed on the animal cards the player holds."""
    return sum(p.animal_cards)


def fires(p: GuardiansPlayer) -> int:
    """1 point per fire token put out."""
    return p.fire_tokens


def ranger_bonus(p: GuardiansPlayer) -> int:
    """The ranger's end-game bonus (advanced game); 0 without a ranger.

    Julia +1 per animal card and per sheltered animal token; Jack +1 per fire
    token; Fluffy +2 per Calocedrus Formosana on a mountain; Bean nothing.
    """
    if p.ranger is Ranger.JULIA:
        return len(p.animal_cards) + p.animals_in_shelter
    if p.ranger is Ranger.JACK:
        return p.fire_tokens
    if p.ranger is Ranger.FLUFFY:
        return 2 * p.calocedrus_on_mountains
    return 0


def board_side(p: GuardiansPlayer) -> str:
    """The side of the ranger board a player plays (003): side A in the basic game, side B
    in the advanced game, where every player has a ranger."""
    return "B" if p.ranger is not None else "A"


def categories(p: GuardiansPlayer) -> tuple[tuple[str, int], ...]:
    """One player's points by category (the basic game has no ranger: no ranger line)."""
    return tuple((key, fn(p)) for key, fn in CATEGORIES
                 if key != "ranger" or p.ranger is not None)


CATEGORIES: tuple[tuple[str, Callable[[GuardiansPlayer], int]], ...] = (
    ("trees", trees),
    ("animals", animals),
    ("fires", fires),
    ("ranger", ranger_bonus),
)


def _details(p: GuardiansPlayer) -> dict[str, object]:
    d: dict[str, object] = {
        "ranger": p.ranger.value if p.ranger is not None else None,
        "tree_points": list(p.tree_points),
        "animal_cards": len(p.animal_cards),
        "fire_tokens": p.fire_tokens,
    }
    if p.ranger is not None:
        d["ranger_bonus"] = RANGERS[p.ranger].bonus
    # every player has a shelter (003); only the Animal Expert scores it: the breakdown says so
    d["animals_in_shelter"] = p.animals_in_shelter
    d["shelter_scored"] = p.ranger is Ranger.JULIA
    if p.ranger is Ranger.FLUFFY:
        d["calocedrus_on_mountains"] = p.calocedrus_on_mountains
    return d


def score_guardians(game: GuardiansGame) -> ScoreSheet:
    """Score a Forest Guardians game: every category, total, shared ranks, winners."""
    cats = [{key: fn(p) for key, fn in CATEGORIES} for p in game.players]
    totals = [sum(c.values()) for c in cats]
    ranks = shared_ranks([(t,) for t in totals])
    players = tuple(
        PlayerScore(p.name, total, rank, cat, _details(p))
        for p, cat, total, rank in zip(game.players, cats, totals, ranks, strict=True)
    )
    winners = tuple(ps.name for ps in players if ps.rank == 1)
    notes: list[Msg] = []
    if len(winners) > 1:
        notes.append(msg(GuardiansNote.SHARED_WIN, names=winners, points=max(totals)))
    return ScoreSheet(GAME_ID, True, (), players, winners, tuple(notes))


class GuardiansNote(MessageCode):
    """The Forest Guardians score sheet's notes."""

    SHARED_WIN = "note-guardians-shared-win"


#: The parameters each note is rendered with.
GUARDIANS_NOTE_PARAMS: dict[str, tuple[str, ...]] = {GuardiansNote.SHARED_WIN: ("names", "points")}

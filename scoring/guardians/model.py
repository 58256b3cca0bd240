"""Forest Guardians game-end state: what a record holds and the scoring reads."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.guardians.rules import Ranger


@dataclass(frozen=True, slots=True)
class GuardiansPlayer:
    """One player's board at game end (record-v1 player fields).

    ``tree_points``: the points uncovered on each tree row, top to bottom.
    ``animal_cards``: the value printed on each animal card held.
    ``animals_in_shelter``: animal tokens in the shelter (scored for Julia only).
    ``calocedrus_on_mountains``: Fluffy's Calocedrus Formosana on mountains.
    """

    name: str
    ranger: Ranger | None
    tree_points: tuple[int, int, int]
    animal_cards: tuple[int, ...]
    fire_tokens: int
    animals_in_shelter: int = 0
    calocedrus_on_mountains: int = 0


@dataclass(frozen=True, slots=True)
class GuardiansGame:
    """A Forest Guardians game record: players in seat order; ``first_player`` the seat
    (1-based) who started, or None when not recorded."""

    players: tuple[GuardiansPlayer, ...]
    advanced: bool
    played_at: str | None = None
    location: str | None = None
    seed: int | None = None
    first_player: int | None = None

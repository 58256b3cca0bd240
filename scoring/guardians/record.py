"""Record format v1, Forest Guardians part (../shared/spec/record-v1.md) <-> GuardiansGame.

``parse_guardians`` validates strictly and reports every problem at once, one
:class:`~scoring.record.Problem` per issue, each naming the field path
(``players[1].fire_tokens``, 0-based). Field rules beyond the spec's types, each
from the rulebook (003) or a decision in docs/rules-decisions.md:

- 2-4 players, unique names (compared ignoring case and surrounding spaces);
- ``ranger`` null in the basic game; in the advanced game every player has one
  (board side B), each ranger at most once;
- ``tree_points``: exactly 3 entries, one per tree row, top to bottom;
- all numbers are whole and >= 0; at most 12 fire tokens across the table; at
  most 10 animals (cards held plus sheltered tokens) across the table,
  8 with 2 players (the Common Pheasants are removed);
- ``animals_in_shelter`` is valid for every player (every player has an Animal
  Shelter, 003; only the Animal Expert scores it), ``calocedrus_on_mountains``
  only for Fluffy (no one else may
  plant on a mountain) and at most 4 (four mountains, one tree each);
- ``printed``: Forest Guardians needs no printed values; absent or ``{}``.

``to_record`` writes the canonical form: every player field spelled out,
optional top-level fields only when set (``printed`` is never written).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from scoring.guardians.model import GuardiansGame, GuardiansPlayer
from scoring.guardians.rules import (
    ANIMAL_CARDS,
    FIRE_TOKENS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOUNTAINS,
    Ranger,
)
from scoring.message import MessageCode, msg
from scoring.record import (
    FORMAT,
    VERSION,
    Problem,
    RecordError,
    check_envelope,
    common_problems,
    problems_from,
)

GAME_ID = "forest-guardians"
TWO_PLAYER_ANIMAL_CARDS = ANIMAL_CARDS - 2  # both Common Pheasant sets removed (003)
MAX_CALOCEDRUS_ON_MOUNTAINS = len(MOUNTAINS)

NonNegInt = Annotated[int, Field(ge=0)]
RangerId = Literal["julia", "jack", "fluffy", "bean"]


def _invalid(code: str, **ctx: str | int) -> PydanticCustomError:
    """A validator's problem as a code with values (``problems_from`` reads it back)."""
    return PydanticCustomError(code, code, ctx)


class GuardiansRecordCode(MessageCode):
    """The problems of a Forest Guardians record (``Problem`` codes)."""

    ANIMAL_LIMIT = "record-guardians-animal-limit"
    ALREADY_NAME_PLAYERS_NAMES_MUST_BE = "record-guardians-already-name-players-names-must-be"
    ALREADY_PLAYED_BY_PLAYERS_EACH_RANGER = "record-guardians-already-played-by-players-each-ranger"
    ANIMAL_CARDS_HELD_ACROSS_TABLE = "record-guardians-animal-cards-held-across-table"
    ANIMAL_CARDS_PLUS_JULIA_ANIMALS_IN = "record-guardians-animal-cards-plus-julia-animals-in"
    FIRE_TOKENS_ADD_UP_TO_ACROSS = "record-guardians-fire-tokens-add-up-to-across"
    FOREST_GUARDIANS_FOR_PLAYERS = "record-guardians-forest-guardians-for-players"
    FOREST_GUARDIANS_SCORING_NEEDS_NO_PRINTED = "record-guardians-forest-guardians-scoring-needs-no"
    IN_ADVANCED_GAME_EVERY_PLAYER_HAS = "record-guardians-in-advanced-game-every-player-has"
    MUST_BE_HERE = "record-guardians-must-be-here"
    NOT_A_DATE_TIME = "record-guardians-not-a-date-time"
    ONLY_MOUNTAIN_PROTECTOR_FLUFFY_MAY_PLANT = "record-guardians-only-mountain-protector-fluffy-may"
    PLAYER_NEEDS_NAME = "record-guardians-player-needs-name"
    RANGERS_ARE_PLAYED_ONLY_IN_ADVANCED = "record-guardians-rangers-are-played-only-in-advanced"
    TOO_MANY_ANIMAL_CARDS = "record-guardians-too-many-animal-cards"
    TREE_POINTS_NEED_3 = "record-guardians-tree-points-need-3"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class PlayerIn(_Strict):
    name: str
    ranger: RangerId | None = None
    tree_points: list[NonNegInt]
    animal_cards: list[NonNegInt]
    fire_tokens: Annotated[int, Field(ge=0, le=FIRE_TOKENS)]
    animals_in_shelter: Annotated[int, Field(ge=0, le=ANIMAL_CARDS)] = 0
    calocedrus_on_mountains: Annotated[int, Field(ge=0, le=MAX_CALOCEDRUS_ON_MOUNTAINS)] = 0

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        if not v.strip():
            raise _invalid(GuardiansRecordCode.PLAYER_NEEDS_NAME)
        return v

    @field_validator("tree_points")
    @classmethod
    def _rows(cls, v: list[int]) -> list[int]:
        if len(v) != 3:
            raise _invalid(GuardiansRecordCode.TREE_POINTS_NEED_3, got=len(v))
        return v

    @field_validator("animal_cards")
    @classmethod
    def _cards(cls, v: list[int]) -> list[int]:
        if len(v) > ANIMAL_CARDS:
            raise _invalid(GuardiansRecordCode.TOO_MANY_ANIMAL_CARDS, cards=ANIMAL_CARDS,
                           got=len(v))
        return v


class OptionsIn(_Strict):
    advanced: bool


class GuardiansRecordIn(_Strict):
    format: Literal["forest-table/record"]
    version: Literal[1]
    game: Literal["forest-guardians"]
    played_at: str | None = None
    location: str | None = None
    seed: int | None = None
    first_player: Any = None  # 1-based seat; checked by common_problems
    options: OptionsIn
    printed: dict[str, Any] | None = None
    players: list[PlayerIn]
    history: Any = None  # the app's backup block: not scored (app/store/imports.py)

    @field_validator("played_at")
    @classmethod
    def _played_at(cls, v: str | None) -> str | None:
        if v is None:
            return v
        try:
            datetime.fromisoformat(v)
        except ValueError:
            ok = False
        else:
            ok = len(v) > 10
        if not ok:
            raise _invalid(GuardiansRecordCode.NOT_A_DATE_TIME, value=repr(v))
        return v


def parse_guardians(data: Any) -> GuardiansGame:
    """Validate a decoded Forest Guardians record; raise RecordError listing every problem."""
    game = check_envelope(data)
    if game != GAME_ID:
        raise RecordError([Problem("game", msg(GuardiansRecordCode.MUST_BE_HERE, game_id=GAME_ID,
                                               game=str(game)))])
    problems: list[Problem] = []
    model: GuardiansRecordIn | None = None
    try:
        model = GuardiansRecordIn.model_validate(data)
    except ValidationError as exc:
        problems.extend(problems_from(exc))
    for p in [*_cross_problems(data), *common_problems(data)]:
        if p not in problems:
            problems.append(p)
    if problems or model is None:
        raise RecordError(problems)
    return GuardiansGame(
        players=tuple(
            GuardiansPlayer(
                name=p.name,
                ranger=Ranger(p.ranger) if p.ranger is not None else None,
                tree_points=(p.tree_points[0], p.tree_points[1], p.tree_points[2]),
                animal_cards=tuple(p.animal_cards),
                fire_tokens=p.fire_tokens,
                animals_in_shelter=p.animals_in_shelter,
                calocedrus_on_mountains=p.calocedrus_on_mountains,
            )
            for p in model.players
        ),
        advanced=model.options.advanced,
        played_at=model.played_at,
        location=model.location,
        seed=model.seed,
        first_player=model.first_player,
    )


def to_record(game: GuardiansGame) -> dict[str, Any]:
    """The record-v1 document for ``game`` (``parse_guardians(to_record(g)) == g``)."""
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": GAME_ID}
    if game.played_at is not None:
        out["played_at"] = game.played_at
    if game.location is not None:
        out["location"] = game.location
    if game.seed is not None:
        out["seed"] = game.seed
    if game.first_player is not None:
        out["first_player"] = game.first_player
    out["options"] = {"advanced": game.advanced}
    out["players"] = [
        {
            "name": p.name,
            "ranger": p.ranger.value if p.ranger is not None else None,
            "tree_points": list(p.tree_points),
            "animal_cards": list(p.animal_cards),
            "animals_in_shelter": p.animals_in_shelter,
            "fire_tokens": p.fire_tokens,
            "calocedrus_on_mountains": p.calocedrus_on_mountains,
        }
        for p in game.players
    ]
    return out


# --------------------------------------------------------------------------- cross-field checks


def _int(v: Any) -> int | None:
    """``v`` if it is a valid count (a non-negative int, not a bool), else None."""
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


_RANGER_IDS = {r.value for r in Ranger}
_UNKNOWN = object()


def _ranger(p: dict[str, Any]) -> Any:
    """The player's ranger id, None, or _UNKNOWN when the field is invalid."""
    r = p.get("ranger")
    if r is None or r in _RANGER_IDS:
        return r
    return _UNKNOWN


def _cross_problems(data: dict[str, Any]) -> list[Problem]:
    """Rules that span fields or players, checked on whatever parts are well-formed."""
    out: list[Problem] = []
    printed = data.get("printed")
    if isinstance(printed, dict):
        for key in printed:
            out.append(
                Problem(f"printed.{key}", msg(
                    GuardiansRecordCode.FOREST_GUARDIANS_SCORING_NEEDS_NO_PRINTED,
                ))
            )
    players = data.get("players")
    if not isinstance(players, list):
        return out
    n = len(players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        out.append(
            Problem("players", msg(
                GuardiansRecordCode.FOREST_GUARDIANS_FOR_PLAYERS,
                min_players=MIN_PLAYERS,
                max_players=MAX_PLAYERS,
                n=n,
            ))
        )
    opts = data.get("options")
    advanced = opts.get("advanced") if isinstance(opts, dict) else None
    if not isinstance(advanced, bool):
        advanced = None

    names: dict[str, int] = {}
    rangers: dict[str, int] = {}
    fire_total = 0
    cards_total = 0
    sheltered = 0
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            continue
        at = f"players[{i}]"
        name = p.get("name")
        if isinstance(name, str) and name.strip():
            key = name.strip().casefold()
            if key in names:
                out.append(
                    Problem(f"{at}.name", msg(
                        GuardiansRecordCode.ALREADY_NAME_PLAYERS_NAMES_MUST_BE,
                        name=name,
                        value=names[key],
                    ))
                )
            else:
                names[key] = i
        ranger = _ranger(p)
        if ranger is not _UNKNOWN:
            if advanced is False and ranger is not None:
                out.append(
                    Problem(f"{at}.ranger", msg(
                        GuardiansRecordCode.RANGERS_ARE_PLAYED_ONLY_IN_ADVANCED,
                    ))
                )
            if advanced is True and ranger is None:
                out.append(
                    Problem(f"{at}.ranger", msg(
                        GuardiansRecordCode.IN_ADVANCED_GAME_EVERY_PLAYER_HAS,
                    ))
                )
            if isinstance(ranger, str):
                if ranger in rangers:
                    out.append(
                        Problem(f"{at}.ranger", msg(
                            GuardiansRecordCode.ALREADY_PLAYED_BY_PLAYERS_EACH_RANGER,
                            ranger=ranger,
                            value=rangers[ranger],
                        ))
                    )
                else:
                    rangers[ranger] = i
            # Every player has an Animal Shelter (003 "f. Animal Shelter", Rescue): any
            # player may end with animals in it; only the Animal Expert scores them.
            sheltered += _int(p.get("animals_in_shelter", 0)) or 0
            calocedrus = _int(p.get("calocedrus_on_mountains", 0))
            if calocedrus and ranger != Ranger.FLUFFY.value:
                who = f"the {ranger} player" if ranger else "a player without a ranger"
                out.append(
                    Problem(f"{at}.calocedrus_on_mountains", msg(
                        GuardiansRecordCode.ONLY_MOUNTAIN_PROTECTOR_FLUFFY_MAY_PLANT,
                        who=who,
                    ))
                )
        fire = _int(p.get("fire_tokens"))
        fire_total += fire or 0
        cards = p.get("animal_cards")
        if isinstance(cards, list):
            cards_total += len(cards)

    if fire_total > FIRE_TOKENS:
        out.append(
            Problem("players", msg(
                GuardiansRecordCode.FIRE_TOKENS_ADD_UP_TO_ACROSS,
                fire_total=fire_total,
                fire_tokens=FIRE_TOKENS,
            ))
        )
    limit = TWO_PLAYER_ANIMAL_CARDS if n == 2 else ANIMAL_CARDS
    why = msg(GuardiansRecordCode.ANIMAL_LIMIT, limit=limit, two=n == 2)
    if cards_total > limit:
        out.append(Problem("players", msg(
            GuardiansRecordCode.ANIMAL_CARDS_HELD_ACROSS_TABLE,
            cards_total=cards_total,
            why=why,
        )))
    elif cards_total + sheltered > limit:
        out.append(
            Problem("players", msg(
                GuardiansRecordCode.ANIMAL_CARDS_PLUS_JULIA_ANIMALS_IN,
                value=cards_total + sheltered,
                why=why,
            ))
        )
    return out

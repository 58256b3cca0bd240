"""One entry point to parse or score any record: decoded JSON in, domain game or ScoreSheet out.

This module sits above the envelope (``scoring.record``, which imports no game)
and the game modules (``scoring.forestry.record``, ``scoring.guardians.record``,
which import the envelope): the per-game dispatch is a lookup in
:data:`CODECS`, keyed by :class:`scoring.games.Game`. A game's modules (its pydantic
models) are imported when its codec is first asked for, so scoring a Forestry record
(``forest-table score``) does not build Forest Guardians' models.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scoring.games import GAMES, Game
from scoring.message import ListCode, Msg, msg
from scoring.record import check_envelope
from scoring.sheet import ScoreSheet

if TYPE_CHECKING:
    from scoring.forestry.model import ForestryGame
    from scoring.guardians.model import GuardiansGame

#: Printed values the user confirmed: table -> key -> value.
Confirmed = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class RecordCodec:
    """How one game reads a record v1 and scores it, and what its score output holds."""

    #: decoded record -> the game's domain record (raises ``RecordError``)
    parse: Callable[[Any], Any]
    #: decoded record, confirmed printed values -> score sheet (raises ``RecordError``)
    score: Callable[[Any, Confirmed | None], ScoreSheet]
    #: the game's score categories, in score-output order (``category-<key>`` words them)
    categories: tuple[str, ...]
    #: the domain record -> for each player, the categories that apply to them
    applies: Callable[[Any], tuple[frozenset[str], ...]]
    #: a record's options -> the board played (mode, sides, modules) as one message
    #: (BG Stats' ``board``; the catalogues' ``board-*`` word it)
    board: Callable[[Mapping[str, Any]], Msg]


def _forestry_codec() -> RecordCodec:
    from scoring.forestry.record import parse_forestry
    from scoring.forestry.score import CATEGORIES, score_forestry

    def score(data: Any, confirmed: Confirmed | None) -> ScoreSheet:
        return score_forestry(parse_forestry(data), confirmed=confirmed)

    def applying(game: ForestryGame) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(c.value for c, applies, _fn in CATEGORIES
                               if applies(p, game)) for p in game.players)

    return RecordCodec(parse_forestry, score, tuple(c.value for c, _a, _fn in CATEGORIES),
                       applying, _forestry_board)


def _guardians_codec() -> RecordCodec:
    from scoring.guardians.record import parse_guardians
    from scoring.guardians.score import CATEGORIES, score_guardians

    def score(data: Any, confirmed: Confirmed | None) -> ScoreSheet:
        # Forest Guardians prints no value a player confirms: ``confirmed`` does not apply
        return score_guardians(parse_guardians(data))

    def applying(game: GuardiansGame) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(key for key, _fn in CATEGORIES) for _p in game.players)

    return RecordCodec(parse_guardians, score, tuple(key for key, _fn in CATEGORIES),
                       applying, _guardians_board)


def _forestry_board(options: Mapping[str, Any]) -> Msg:
    parts = [msg("board-mode", mode=str(options.get("mode") or "standard"))]
    if options.get("technology_side"):
        parts.append(msg("board-technology", side=str(options["technology_side"])))
    gf = options.get("growing_forward")
    modules = tuple(msg(f"board-module-{m.replace('_', '-')}")
                    for m in ("infestation", "asymmetric_setup")
                    if isinstance(gf, Mapping) and gf.get(m))
    if modules:
        parts.append(msg("board-growing-forward", modules=msg(ListCode.COMMAS, items=modules)))
    return msg(ListCode.COMMAS, items=tuple(parts))


def _guardians_board(options: Mapping[str, Any]) -> Msg:
    return msg("board-guardians", advanced=bool(options.get("advanced")))


class _Codecs(Mapping[Game, RecordCodec]):
    """Each game's codec, made (its modules imported) when it is first asked for."""

    def __init__(self, makers: Mapping[Game, Callable[[], RecordCodec]]) -> None:
        self._makers = makers
        self._made: dict[Game, RecordCodec] = {}

    def __getitem__(self, game: Game) -> RecordCodec:
        codec = self._made.get(game)
        if codec is None:
            codec = self._made[game] = self._makers[game]()
        return codec

    def __iter__(self) -> Iterator[Game]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


#: Every game's record codec.
CODECS: Mapping[Game, RecordCodec] = _Codecs({
    Game.FORESTRY: _forestry_codec,
    Game.GUARDIANS: _guardians_codec,
})


def parse_record(data: Any) -> Any:
    """Validate a decoded record and return the game's domain record (raises ``RecordError``)."""
    return CODECS[check_envelope(data)].parse(data)


def all_categories() -> tuple[str, ...]:
    """Every game's score categories, in score-output order (games in ``GAMES`` order)."""
    keys = (key for game in GAMES for key in CODECS[game].categories)
    return tuple(dict.fromkeys(keys))


def categories_of(data: Any) -> tuple[tuple[str, ...], tuple[frozenset[str], ...]]:
    """A record's score categories in score-output order and, for each player, those that
    apply to them (a character's, an option's); raises ``RecordError``."""
    codec = CODECS[check_envelope(data)]
    return codec.categories, codec.applies(codec.parse(data))


def score_record(data: Any, confirmed: Confirmed | None = None) -> ScoreSheet:
    """Validate and score a record (raises ``scoring.record.RecordError``).

    ``confirmed`` holds printed values the user confirmed earlier (table ->
    key -> value); a record's own ``printed`` values win over them, and both
    win over the values shipped with the product.
    """
    return CODECS[check_envelope(data)].score(data, confirmed)


def board_of(game: Game, options: Mapping[str, Any]) -> Msg:
    """The board a record's ``options`` describe (mode, sides, modules), as one message."""
    return CODECS[game].board(options)

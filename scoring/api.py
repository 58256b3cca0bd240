"""One entry point to parse or score any record: decoded JSON in, domain game or ScoreSheet out.

The registry of the rules: this module sits above the envelope (``scoring.record``, which
imports no game) and each game's codec (``scoring/<game>/codec.py``): the per-game dispatch
is a lookup in :data:`CODECS`, keyed by :class:`scoring.games.Game`, one import line per
game. A game's modules (its pydantic models) are imported when its codec is first asked
for, so scoring a Forestry record (``forest-table score``) does not build Forest Guardians'
models.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from scoring.games import GAMES, Game
from scoring.message import Msg
from scoring.record import Confirmed, RecordCodec, check_envelope
from scoring.sheet import ScoreSheet


def _forestry() -> RecordCodec:
    from scoring.forestry import codec  # lazy: `score` loads one game's models
    return codec.CODEC


def _guardians() -> RecordCodec:
    from scoring.guardians import codec  # lazy: `score` loads one game's models
    return codec.CODEC


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
    Game.FORESTRY: _forestry,
    Game.GUARDIANS: _guardians,
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

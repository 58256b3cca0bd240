"""A game at one version: :class:`GameState`, a frozen value, and what it is made of.

Seats, options, the dealt setup plan, the shared table (each game's own, in its folder:
``app/games/<game>/table.py``), one board per player (the rules model's types), the
printed values confirmed, the suggestions offered, the status. Every state is a
valid record v1 (:func:`validate_state`, cross-player limits included); each
game's :class:`StateCodec` (built by its module, held by its states) turns it into
its record and its snapshot JSON and back.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from app.game.errors import DomainError, ReplayError, SessionCode
from app.game.status import Status
from scoring.games import Game
from scoring.message import Msg, msg
from scoring.printed import embed_confirmed
from scoring.record import RecordError

STATE_SCHEMA = 1


@dataclass(frozen=True, slots=True)
class PlayerSeat:
    """A player at the table: ``seat`` 1-based (seat 1 starts), colour, character or ranger."""

    name: str
    seat: int
    colour: str | None = None
    character: str | None = None  # the role the seat plays: a character, a ranger (the game's)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seat": self.seat, "colour": self.colour,
                "character": self.character}


def comparable(data: Mapping[str, Any], codec: StateCodec) -> dict[str, Any]:
    """A state's snapshot JSON without what older versions stored and this one derives
    (the table's keys its game's codec names as ``legacy_table_keys``), so a log replayed
    today still matches the snapshot stored with it."""
    out = dict(data)
    table = out.get("table")
    if isinstance(table, Mapping) and codec.legacy_table_keys:
        out["table"] = {k: v for k, v in table.items() if k not in codec.legacy_table_keys}
    return out


class Table(Protocol):
    """A game's shared table in its state (``app/games/<game>/table.py``): a frozen value
    that its game's codec reads back from this JSON."""

    def to_json(self) -> dict[str, Any]: ...


class Board(Protocol):
    """A player's board: the rules model's player of the game (``scoring/<game>/model.py``)."""

    @property
    def name(self) -> str: ...


T = TypeVar("T")


def narrow(value: object, cls: type[T]) -> T:
    """``value`` as a ``cls`` (a game's own handler reads its own table, board, options)."""
    if not isinstance(value, cls):
        raise TypeError(f"expected {cls.__name__}, got {type(value).__name__}")
    return value


@dataclass(frozen=True, slots=True)
class Suggestion:
    """An immediate effect the app offers as a one-tap "apply" (the mirror principle).

    The board shows what the player entered; VP the rules give for a full row 3,
    a token or seedling below the table, a reward lap, and the income of a round
    token or a seat are *suggested*: applying one adds ``vp`` to the score track
    and each ``(count field, delta)`` of ``gains`` once, then it is gone. ``key``
    names a row bonus (``forestry:3``): a row completes once per game, so it is
    never suggested again once applied or dismissed (``GameState.settled``).
    """

    id: int
    player: int
    code: str  # the game's suggestion code (a message code): what to say
    vp: int = 0
    gains: tuple[tuple[str, int], ...] = ()
    key: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def message(self) -> Msg:
        return msg(self.code, **dict(self.params))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "player": self.player, "code": self.code, "vp": self.vp,
                "gains": [list(g) for g in self.gains], "key": self.key,
                "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Suggestion:
        return cls(int(data["id"]), int(data["player"]), str(data["code"]), int(data["vp"]),
                   tuple((str(f), int(d)) for f, d in data.get("gains", ())),
                   str(data.get("key", "")), tuple(sorted(dict(data.get("params", {})).items())))


@dataclass(frozen=True, slots=True)
class GameState:
    """One game at one version: everything the views render and the record needs.

    ``options``: the game's typed options (what its record keeps), read by its own code.
    ``setup``: the dealt setup plan's JSON text (immutable; ``None`` if none).
    ``printed``: printed values confirmed for this game, ``(table, key, value)``
    with ``key`` ``""`` for ``detached_top_tie``.
    """

    #: how this game's state becomes its record and snapshot (its variant's ``codec``)
    codec: StateCodec = field(repr=False)
    options: object
    players: tuple[PlayerSeat, ...]
    table: Table
    boards: tuple[Board, ...]
    seed: int
    status: Status = Status.SETUP
    printed: tuple[tuple[str, str, Any], ...] = ()
    setup: str | None = None
    suggestions: tuple[Suggestion, ...] = ()
    settled: tuple[tuple[int, str], ...] = ()  # (player, row bonus key) applied or dismissed
    #: The mirror principle (immediate effects suggested, never applied). A game created
    #: before it (its saved state has no ``mirror``) keeps the old rules: VP and income
    #: added as they happened, so its log replays to the very state it saved.
    mirror: bool = True
    #: the seat (0-based) picked at setup as the first player, written to the record as
    #: ``first_player`` (1-based); ``None``: not picked (games dealt before it was kept)
    first_player: int | None = None

    # ------------------------------------------------------------------ views
    @property
    def game(self) -> Game:
        return self.codec.game

    def suggestions_of(self, player: int) -> tuple[Suggestion, ...]:
        return tuple(x for x in self.suggestions if x.player == player)

    def boards_of(self, cls: type[T]) -> tuple[T, ...]:
        """The boards as ``cls`` (every board of a game has its game's type)."""
        return tuple(narrow(b, cls) for b in self.boards)

    def printed_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for table, key, value in self.printed:
            if key == "":
                out[table] = value
            else:
                out.setdefault(table, {})[key] = value
        return out

    def record(self, *, played_at: str | None = None, location: str | None = None
               ) -> dict[str, Any]:
        """The record v1 of this state (not validated here: see :func:`validate_state`)."""
        out = self.codec.record(self, played_at, location)
        printed = self.printed_json()
        if printed:
            out["printed"] = printed
        return out

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """The snapshot the store keeps (read back by :meth:`from_json`)."""
        out: dict[str, Any] = {
            "schema": STATE_SCHEMA,
            "game": str(self.game),
            "status": str(self.status),
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "setup": self.setup,
            "record": self.record(),
        }
        if self.mirror:
            out["mirror"] = True
        if self.suggestions or self.settled:
            out["suggestions"] = [x.to_json() for x in self.suggestions]
            out["settled"] = [list(k) for k in self.settled]
        out["table"] = self.table.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any], codec: StateCodec) -> GameState:
        """The state of ``codec``'s game from its snapshot (``app.game.registry.state_from_json``
        finds the codec by the snapshot's ``game``)."""
        if data.get("schema") != STATE_SCHEMA:
            raise ReplayError(f"unknown state schema {data.get('schema')!r}")
        rec = data["record"]
        players = tuple(PlayerSeat(p["name"], p["seat"], p.get("colour"), p.get("character"))
                        for p in data["players"])
        printed = printed_tuples(rec.get("printed") or {})
        common = {"players": players, "seed": int(data["seed"]), "status": Status(data["status"]),
                  "printed": printed, "setup": data.get("setup"),
                  "suggestions": tuple(Suggestion.from_json(x)
                                       for x in data.get("suggestions", ())),
                  "settled": tuple((int(p), str(k)) for p, k in data.get("settled", ())),
                  "mirror": bool(data.get("mirror", False)),
                  "first_player": recorded_first_player(rec)}
        return codec.from_json(codec, rec, data["table"], common)


def recorded_first_player(rec: Mapping[str, Any]) -> int | None:
    """The record's ``first_player`` (1-based) as a 0-based seat, ``None`` when absent."""
    first = rec.get("first_player")
    return None if first is None else int(first) - 1


def checked_first_player(first: Any, seats: int) -> int | None:
    """A first player from setup (0-based seat, ``None``: not picked), refused by name
    when it is not one of the ``seats`` players."""
    if first is None:
        return None
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats:
        raise DomainError(SessionCode.FIRST_PLAYER, field="first_player", players=seats)
    return first


def record_first_player(state: GameState) -> int | None:
    """The state's first player as the record writes it (1-based), ``None`` when unknown."""
    return None if state.first_player is None else state.first_player + 1


def printed_tuples(printed: Mapping[str, Any]) -> tuple[tuple[str, str, Any], ...]:
    out: list[tuple[str, str, Any]] = []
    for table, entries in sorted(printed.items()):
        if isinstance(entries, Mapping):
            out.extend((table, str(k), v) for k, v in sorted(entries.items()))
        else:
            out.append((table, "", entries))
    return tuple(out)


def with_confirmed_printed(record: Mapping[str, Any],
                           confirmed: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """See :func:`scoring.printed.embed_confirmed` (the values a game is scored with)."""
    return embed_confirmed(record, confirmed)


def validate_state(state: GameState) -> dict[str, Any]:
    """Check the state against the rules model's record parser; return its record.

    Raises :class:`DomainError` naming the first problem's field.
    """
    return dict(parsed_state(state)[0])


#: The last states checked: id -> (state, record, the rules model's game). A state is
#: immutable, so its record is built and parsed once, when it is made
#: (:func:`validate_state`), and scoring it (``app.session.score_state``) reuses the parse.
_PARSED: dict[int, tuple[GameState, dict[str, Any], Any]] = {}
_PARSED_KEPT = 256


def parsed_state(state: GameState) -> tuple[Mapping[str, Any], Any]:
    """``state``'s record v1 and the rules model's game parsed from it, once per state.

    Raises :class:`DomainError` naming the first problem's field. Read-only.
    """
    kept = _PARSED.get(id(state))
    if kept is not None and kept[0] is state:
        return kept[1], kept[2]
    record = state.record()
    try:
        parsed = state.codec.parse(record)
    except RecordError as err:
        first = err.problems[0]
        raise DomainError(first.msg.code, field=first.path or None, **first.msg.params) from err
    _PARSED[id(state)] = (state, record, parsed)  # (dict operations: thread-safe)
    while len(_PARSED) > _PARSED_KEPT:
        try:
            del _PARSED[next(iter(_PARSED))]
        except (KeyError, RuntimeError, StopIteration):  # another thread trimmed it
            break
    return record, parsed


def json_text(data: Any) -> str:
    """JSON as the state keeps it (the dealt setup plan): compact, keys sorted."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def seats_of(players: Sequence[Any]) -> tuple[PlayerSeat, ...]:
    """The seats of a new game: names, :class:`PlayerSeat` or ``{"name", "colour",
    "character"}`` objects, in seat order (seat 1 starts)."""
    seats: list[PlayerSeat] = []
    for i, p in enumerate(players):
        if isinstance(p, str):
            seats.append(PlayerSeat(p, i + 1))
        elif isinstance(p, PlayerSeat):
            seats.append(replace(p, seat=i + 1))
        elif isinstance(p, Mapping):
            seats.append(PlayerSeat(str(p["name"]), i + 1, p.get("colour", p.get("color")),
                                    p.get("character", p.get("ranger"))))
        else:
            raise DomainError(SessionCode.NAME_OR_NAME_COLOUR_CHARACTER, field=f"players[{i}]")
    return tuple(seats)


# =========================================================================== codecs


@dataclass(frozen=True, slots=True)
class StateCodec:
    """How one game's state becomes its record v1 and its snapshot, and back.

    ``parse``: record-v1 JSON to the rules model's game (raises ``RecordError``);
    ``record``: the state's record (``state, played_at, location``); ``from_json``:
    the state from the codec itself, its record, its table JSON and the fields every
    game has; ``legacy_table_keys``: keys of the table's snapshot JSON that older versions
    wrote and this one derives (:func:`comparable`). Each game's variant module
    (``app/games/<game>/variant.py``) builds its own, which its variant carries and every
    state of that game holds.
    """

    game: Game
    parse: Callable[[Any], Any]
    record: Callable[[GameState, str | None, str | None], dict[str, Any]]
    from_json: Callable[[StateCodec, Mapping[str, Any], Mapping[str, Any], dict[str, Any]],
                        GameState]
    legacy_table_keys: frozenset[str] = frozenset()

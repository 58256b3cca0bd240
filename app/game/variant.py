"""What a game is to the app: one frozen :class:`Variant` descriptor per game.

python-chess keeps one board class per variant in ``VARIANTS``; OpenSpiel has
``register_game`` with a game type and its parameters. Here each game's folder builds its
``VARIANT`` (``app/games/<game>/variant.py``) and ``app.game.registry`` lists them: the
session, the store, the CLI and the UI look a game up (``variant(game)``) instead of
branching on its name, and name no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.events import event_msg
from app.game.commands import Command, StartGame
from app.game.handling import Handlers
from app.game.setup_input import SetupInput
from app.game.state import GameState, PlayerSeat, StateCodec
from scoring.games import Game
from scoring.message import Msg
from scoring.sheet import ScoreSheet

#: ``(options, names in seat order, seed, roles by name) -> the dealt setup plan``
Dealer = Callable[[Any, Sequence[str], int, Mapping[str, str]], Any]
#: ``(options, seats, seed, first_player, infested) -> the dealt initial state``
InitialState = Callable[[Any, tuple[PlayerSeat, ...], int, int | None, Iterable[int]],
                        GameState]
#: ``(the rules model's game parsed from a record, printed values confirmed) -> sheet``
Scorer = Callable[[Any, Mapping[str, Mapping[str, Any]] | None], ScoreSheet]
#: ``(a message's kind, its data) -> its message`` (None: not one of the game's)
Words = Callable[[str, Mapping[str, Any]], Msg | None]


@dataclass(frozen=True, slots=True)
class TurnNow:
    """Whose turn it is in a game in play: ``player`` (0-based seat), the turn ``number``
    (1-based) and the ``round``, what is due at its end (``notes``, messages), whether these
    are the final turns, and ``end``, the command that ends it (made at version 0: the
    phone makes it again against the version it shows). ``due``: a shared action due
    before the turn is played (Forestry's round token), the sheet's action ``due_action``
    (its control ``sheet-<due_action>``): the turn's player's phone offers it on the turn
    card, every phone says it in ``notes``, until it is done. ``rounds``: how many rounds
    the game has ("Round 6 of 10")."""

    player: int
    number: int
    round: int
    notes: tuple[Msg, ...]
    final: bool
    end: Command
    due: Command | None = None
    due_action: str = ""
    rounds: int = 0  # the game's number of rounds (0: it has none, or it is not known)


def _no_turn(state: GameState) -> TurnNow | None:
    return None


def _no_one(state: GameState) -> tuple[int, ...]:
    return ()


def _just_start(state: GameState, given: Mapping[str, str]) -> tuple[Command, ...]:
    """A dealt game begins with the host's start (no play option to read)."""
    return (StartGame(version=0),)


def _no_words(kind: str, data: Mapping[str, Any]) -> Msg | None:
    return None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option a new game takes, by its JSON key (``options_from_json``): a yes/no flag
    (no ``choices``) or one of ``choices`` (absent: the game's default, e.g. dealt).

    What the command line offers, the same on every verb (``--KEY VALUE`` or ``--KEY``,
    :mod:`app.commands.game_options`; ``help`` its one-line help, in English as the
    command line's), and checks before the dealer sees it
    (:func:`app.game.new_game.parse_options`).
    """

    key: str
    choices: tuple[str, ...] = ()
    help: str = ""

    @property
    def is_flag(self) -> bool:
        return not self.choices


@dataclass(frozen=True, slots=True)
class Variant:
    """One game: its options, players, dealer, rules (handlers), record codec and scorer.

    Setup: ``options_type`` (the dealer's options), ``options_from_json`` and
    ``options_with_seats`` (see :meth:`parse_options`), ``options_json``,
    ``default_options``, ``min_players``/``max_players``, ``deal``,
    ``chooses_roles`` (do players pick their own role with these options?) and
    ``role`` (what a seat's role is called: ``character`` or ``ranger``, also the
    record's field).

    Play: ``initial_state``, ``handlers`` (the commands it accepts; what a command
    is to the table, its rights, intent, applies-once and shared key, is declared on
    its class: ``app.game.commands.command``).

    Records and scores: ``codec`` (``parse``/``record`` of ``scoring.*.record``,
    the snapshot JSON), ``score`` (``scoring.*.score``), ``printed`` (printed values users
    confirm apply to it) and ``confirmed_table`` (where a printed value confirmed in a game
    with these record options is remembered for later games).

    The command line: ``options`` (each option's key and values, :class:`OptionSpec`),
    ``roles`` (the ids a seat may choose as its ``role`` when ``chooses_roles``) and
    ``setup_input`` (``forest-table setup GAME``'s options and words).

    What the table is told: ``words`` (the game's messages after its commands, as codes);
    ``turn`` (whose turn it is, when the game keeps its turns).

    For the UI: ``forest_spaces`` (a shared forest board: its spaces, the infestation card's
    at setup), ``category_order`` (the order a scoreboard shows its categories in),
    ``need_categories`` (the categories a printed value not yet known holds back), ``name``
    (the English name, for the CLI; screens use the catalogue's ``game-<game>``);
    ``expansions`` (the expansions a record's options play, by their published names:
    exports).
    """

    game: Game
    name: str
    min_players: int
    max_players: int
    options_type: type[Any]
    options_from_json: Callable[[Mapping[str, Any] | None], Any]
    options_json: Callable[[Any], dict[str, Any]]
    default_options: Callable[[], Any]
    deal: Dealer
    chooses_roles: Callable[[Any], bool]
    role: str
    initial_state: InitialState
    handlers: Handlers
    codec: StateCodec
    score: Scorer
    #: the score categories in the order a scoreboard shows them (others after them)
    category_order: tuple[str, ...]
    printed: bool = False
    #: ``(the record's options, a printed table) -> where a value confirmed is remembered``
    confirmed_table: Callable[[Mapping[str, Any], str], str] | None = None
    #: a printed table's value not yet known holds back these categories (for every player)
    need_categories: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: ``(a record's options) -> the expansions played, by their published names``
    expansions: Callable[[Mapping[str, Any]], tuple[str, ...]] = lambda options: ()
    #: a count on a player's board by its field path (None: not a count of this game), so
    #: an undo can say what it took back ("Blue's coins 5 → 4")
    count_of: Callable[[GameState, int, str], int | None] | None = None
    options_with_seats: Callable[[Any, tuple[PlayerSeat, ...]], Any] = lambda opts, seats: opts
    #: the options a new game takes, by JSON key (the command line's ``--option``)
    options: tuple[OptionSpec, ...] = ()
    #: the ids of the roles a seat may choose (characters, rangers), in the rulebook's order
    roles: tuple[str, ...] = ()
    #: the game's messages after its commands, as codes (``app/games/<game>/words.py``)
    words: Words = _no_words
    #: whose turn it is in a game in play (None: the game keeps no turns, or is not in play)
    turn: Callable[[GameState], TurnNow | None] = _no_turn
    #: the seats (0-based, in turn order) that still have a turn before the game is over by
    #: the rules, once its end is known (Forestry's final turns, Forest Guardians' last
    #: turns); empty: over, not near its end, or not known. Finish asks first.
    still_to_play: Callable[[GameState], tuple[int, ...]] = _no_one
    #: a table prepared in play (``tables new --in-play``): ``(the dealt state, the play
    #: options given, by key) -> the taps that bring it to its first turn`` (made at
    #: version 0, applied as taps are: each checked by its handler); a bad play option is
    #: refused naming ``options.<key>``
    in_play: Callable[[GameState, Mapping[str, str]], tuple[Command, ...]] = _just_start
    #: the keys of the play options ``in_play`` reads (``--option KEY=VALUE`` with
    #: ``--in-play``; not the dealer's options)
    play_options: tuple[str, ...] = ()
    #: the forest board's spaces, 1-based (empty: the game has no shared forest board)
    forest_spaces: tuple[int, ...] = ()
    #: ``forest-table setup GAME``: its options and the checklist's words (None: no such
    #: command)
    setup_input: SetupInput | None = None

    def parse_options(self, options: Any, seats: tuple[PlayerSeat, ...] = ()) -> Any:
        """The typed options of a new game: as given (``options_type``) or from JSON (``None``:
        the defaults), with what the seats chose (Forestry's named characters); a bad
        option is refused naming ``options.<name>``."""
        typed = options if isinstance(options, self.options_type) else \
            self.options_from_json(options)
        return self.options_with_seats(typed, seats)

    def event_msg(self, kind: str, data: Mapping[str, Any]) -> Msg | None:
        """A message of this game's table in no language: the game's own words, else the
        session's (undo, redo); None for a kind neither knows."""
        said = self.words(kind, data)
        return said if said is not None else event_msg(kind, data)

    def accepts(self, command: Command | type[Command]) -> bool:
        """Does this game handle the command (or command class)?"""
        cls = command if isinstance(command, type) else type(command)
        return cls in self.handlers

    def players_ok(self, count: int) -> bool:
        return self.min_players <= count <= self.max_players

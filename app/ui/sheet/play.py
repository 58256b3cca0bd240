"""Playing along (issue 12): the turn, the banner for draws, the game's end, who changed what.

View models only: they read a :class:`~app.session.Snapshot` and make session commands;
the session applies the rules. A message of the game's own (a draw, a round token, the
game's end) is worded by the game (:attr:`app.ui.kit.game_ui.GameUI.words`); the
session's own (undo, redo, "already done") here. Every word comes from the catalogues
(``app/l10n``) by code: nothing here writes a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app import l10n
from app import session as S
from app.game.commands import Command
from app.game.errors import SessionCode
from app.game.registry import variant
from app.game.state import GameState
from app.game.variant import TurnNow
from app.ui.kit.game_ui import GameWords
from app.ui.kit.games import ui
from app.ui.kit.words import commas, who
from scoring.message import MessageCode, Msg, msg


class PlayLabel(MessageCode):
    """Labels of the play-along pieces of the sheet."""

    TURN_TITLE = "turn-title"
    TURN_END = "turn-end"
    TURN_NONE_PENDING = "turn-none-pending"
    BANNER_TITLE = "banner-title"
    BANNER_WHY = "banner-why"
    ALREADY_DONE_INFO = "info-already-done"
    CHANGES_TITLE = "changes-title"
    CHANGES_MORE = "changes-more"
    CHANGE_LINE = "log-change"
    UNDO_MINE = "undo-mine"
    COMMAND_NAME = "command-name"
    REFERENCE_OPEN = "reference-open"


def _names(state: GameState) -> list[str]:
    return [p.name for p in state.players]


def _words(game: str) -> GameWords:
    return ui(game).words


# --------------------------------------------------------------------------- the turn


@dataclass(frozen=True, slots=True)
class TurnView:
    """Whose turn it is, as the turn card shows it; ``command`` ends it (made against the
    version on screen) and names it (``seat``, the turn: "End Ken's turn"). ``due``: the
    shared action due before the turn is played (the round token; ``notes[0]`` says it),
    the sheet's action ``due_action``."""

    player: str
    turn: int
    round: int
    notes: tuple[Msg, ...]
    final: bool
    command: Command
    seat: int = -1
    due: Command | None = None
    due_action: str = ""
    rounds: int = 0  # the game's number of rounds (0: not known)


def turn_view(state: GameState, version: int = 0) -> TurnView | None:
    """The turn of a game in play, as its variant says (None: the game tracks no turn, or
    it is not in play)."""
    now: TurnNow | None = variant(state.game).turn(state)
    if now is None:
        return None
    return TurnView(_names(state)[now.player], now.number, now.round, now.notes, now.final,
                    replace(now.end, version=version), now.player,
                    None if now.due is None else replace(now.due, version=version),
                    now.due_action, now.rounds)


def turn_lines(lang: str, view: TurnView) -> tuple[str, ...]:
    return (l10n.render(lang, PlayLabel.TURN_TITLE, name=view.player, n=view.turn,
                        round=view.round),
            *(l10n.render(lang, note) for note in view.notes))


# --------------------------------------------------------------------------- messages in words


def message_lines(lang: str, message: Any, names: Sequence[str], game: str
                  ) -> list[str] | None:
    """A play-along message of ``game``'s table in words, from its kind and data (None: not
    one the game or the session words)."""
    said = _words(game).message_lines(lang, message, names)
    if said is not None:
        return said
    kind = str(message.kind)
    data = dict(getattr(message, "data", {}) or {})
    if kind in ("undo", "redo"):  # the host's table-wide undo/redo: which change, in words
        taken = taken_back(data, names, game)
        if kind == "undo" and taken is not None:
            return [l10n.render(lang, UNDONE_WHAT, what=taken)]
        code = SessionCode.UNDONE if kind == "undo" else SessionCode.REDONE
        return [l10n.render(lang, code,
                            command=msg(PlayLabel.COMMAND_NAME, kind=str(data.get("command"))))]
    if kind == SessionCode.UNDONE_MINE:
        by = data.get("by")
        taken = taken_back(data, names, game)
        if taken is not None:
            return [l10n.render(lang, UNDONE_MINE_WHAT,
                                who=who(lang, None if by == -1 else by, names), what=taken)]
        return [l10n.render(lang, kind, who=who(lang, None if by == -1 else by, names),
                            command=msg(PlayLabel.COMMAND_NAME, kind=str(data.get("command"))))]
    return None


#: an undo that says what it took back ("Undone: Blue's coins 5 → 4.")
UNDONE_WHAT = "event-undone-what"
UNDONE_MINE_WHAT = "event-undone-mine-what"
TAKEN_COUNT = "event-taken-count"
TAKEN_BOARD = "event-taken-board"


def taken_back(data: Mapping[str, Any], names: Sequence[str], game: str) -> Msg | None:
    """What an undo took back, from its data: "Blue's coins 5 → 4", else "a task card on
    Blue's board"; None when it names no board."""
    player = data.get("player")
    if not isinstance(player, int) or not 0 <= player < len(names):
        return None
    label = _words(game).field_label(str(data.get("field", "")))
    old, new = data.get("old"), data.get("new")
    if label is not None and isinstance(old, int) and isinstance(new, int):
        return msg(TAKEN_COUNT, player=names[player], field=label, old=old, new=new)
    return msg(TAKEN_BOARD, player=names[player],
               command=msg(PlayLabel.COMMAND_NAME, kind=str(data.get("command"))))


@dataclass(frozen=True, slots=True)
class BannerView:
    """The banner of a turn's draws: one short line per draw, the spaces they went to
    (highlighted on the map) and the rule behind them, once per kind of draw (behind "why")."""

    lines: tuple[str, ...]
    spaces: frozenset[int]
    why: tuple[str, ...]


def banner_view(lang: str, messages: Iterable[Any], names: Sequence[str], game: str
                ) -> BannerView | None:
    """The banner of these messages (None: nothing for the banner)."""
    words = _words(game)
    lines: list[str] = []
    spaces: set[int] = set()
    why: list[str] = []
    for m in messages:
        part = words.banner(lang, m, names)
        if part is None:
            continue
        lines.extend(part.lines)
        spaces.update(part.spaces)
        why.extend(rule for rule in part.why if rule not in why)
    if not lines:
        return None
    return BannerView(tuple(lines), frozenset(spaces), tuple(why))


def end_lines(lang: str, messages: Iterable[Any], names: Sequence[str], game: str
              ) -> tuple[str, ...]:
    """What of these messages says the game is ending or over (every phone is told where it
    looks), as the game says it."""
    words = _words(game)
    return tuple(line for m in messages if words.ends(m)
                 for line in message_lines(lang, m, names, game) or ())


def refusal_line(lang: str, code_msg: Msg, names: Sequence[str]) -> str:
    """A coded refusal in words (names put in for seat indexes)."""
    params = code_msg.params
    if code_msg.code == SessionCode.UNDO_DEPENDS:
        by = params.get("by")
        return l10n.render(lang, code_msg.code,
                           kind=msg(PlayLabel.COMMAND_NAME, kind=str(params.get("kind"))),
                           later=msg(PlayLabel.COMMAND_NAME, kind=str(params.get("later"))),
                           who=who(lang, None if by == -1 or not isinstance(by, int) else by,
                                   names))
    if code_msg.code == SessionCode.ALREADY_DONE:
        return l10n.render(lang, code_msg.code,
                           kind=msg(PlayLabel.COMMAND_NAME, kind=str(params.get("kind"))))
    return l10n.render(lang, code_msg)


# --------------------------------------------------------------------------- who changed what


def _param(value: Any, lang: str) -> Any:
    if isinstance(value, list | tuple):
        return commas(lang).join(l10n.render(lang, v) if isinstance(v, Msg) else str(v)
                                 for v in value)
    if isinstance(value, Mapping):
        return commas(lang).join(f"{k} {v}" for k, v in value.items())
    return value


#: 0-based places the board numbers from 1 (a forestry table column, a card in a row)
_COUNTED_FROM_ONE = ("column", "index", "storage")


def _place(key: str, value: Any, worded: Mapping[str, tuple[str, frozenset[str]]]) -> Any:
    """A change's value as the line names it: a code by its name, a place by its number."""
    if key in _COUNTED_FROM_ONE and isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    if key in worded:
        prefix, known = worded[key]
        if isinstance(value, list | tuple):
            return [msg(prefix + v) if v in known else v for v in value]
        if isinstance(value, str) and value in known:
            return msg(prefix + value)
    return value


def change_line(lang: str, change: S.Change, names: Sequence[str], game: str) -> str:
    """One line of who changed what, naming its place (the space, column, card, area)."""
    words = _words(game)
    data = {k: _param(_place(k, v, words.worded), lang) for k, v in change.data.items()}
    player = data.pop("player", None)
    if "type" in data and isinstance(data["type"], str):
        data["type"] = words.field_value("type", data["type"])
    if isinstance(data.get("field"), str):  # a count by its name, not its path
        data["field"] = words.field_label(data["field"]) or data["field"]
    if isinstance(data.get("delta"), int) and change.kind == "adjust_count":
        data["delta"] = f"{data['delta']:+d}"
    data["placed"] = data.get("space") is not None
    return l10n.render(lang, PlayLabel.CHANGE_LINE, who=who(lang, change.by, names),
                       kind=change.kind,
                       command=msg(PlayLabel.COMMAND_NAME, kind=change.kind),
                       player=names[player] if isinstance(player, int)
                       and 0 <= player < len(names) else "",
                       has_player=isinstance(player, int) and 0 <= player < len(names),
                       **{k: v for k, v in data.items()
                          if isinstance(v, str | int | float | bool | Msg) or v is None})


def change_lines(lang: str, snapshot: S.Snapshot, limit: int = 8) -> tuple[str, ...]:
    """The last changes, newest first: who changed what."""
    state = snapshot.state
    names = _names(state)
    return tuple(change_line(lang, c, names, state.game)
                 for c in reversed(snapshot.changes[-limit:]))

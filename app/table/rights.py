"""Who may send what to a table: a token's :class:`Access` and :func:`check_rights`.

- **server host token** (``forest-table serve`` prints its link): everything on
  every table, and the rest of the app (new game, records).
- **table host token**: everything on that table — any player's board, the
  shared table, start/undo/redo/finish, revoking and reissuing seat links.
- **seat token**: its own player's board (any command whose ``player`` is
  that seat), plus the shared-table commands (revealing a round token,
  replenishing forester tokens, harvest tokens, infested wood, detached storages,
  confirming a printed value): at a real table whoever's turn it is does these,
  and versions keep two simultaneous taps from both applying to the same state
  (a shared action applies once: "already done"). Read-only for every other
  board. ``undo_mine`` takes back the seat's own last change (the author comes
  from the token). Game-level commands (start, table-wide undo, redo, finish)
  are the host's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from app.events import command_name
from app.session import COMMANDS, Command, DomainError
from app.table.codes import TableCode

SERVER, HOST, SEAT = "server", "host", "seat"

#: Shared-table commands any seat may send (they have no ``player``, or an optional one).
SHARED_KINDS: frozenset[str] = frozenset({
    "replenish_foresters", "reveal_round_token", "remove_infested_wood", "set_detached_wood",
    "set_harvest_token", "confirm_printed", "set_infested_wood", "set_forester_token", "end_turn",
})
#: Game-level commands only a host may send (besides undo/redo/finish).
HOST_KINDS: frozenset[str] = frozenset({"start_game", "end_game"})
#: Session operations that are not commands: ``{"kind": "undo", "version": N}``.
SESSION_OPS: frozenset[str] = frozenset({"undo", "redo", "finish", "undo_mine"})
#: Session operations a seat may send too: ``undo_mine`` takes back the sender's own
#: last change (who the sender is comes from the token, never from the message).
SEAT_OPS: frozenset[str] = frozenset({"undo_mine"})


@dataclass(frozen=True, slots=True)
class Access:
    """What a valid token opens: ``role`` server | host | seat, the table, the seat (1-based)."""

    role: str
    game_id: int | None = None
    seat: int | None = None

    @property
    def is_host(self) -> bool:
        return self.role in (SERVER, HOST)

    def sees(self, game_id: int) -> bool:
        """May this token look at table ``game_id`` at all?"""
        return self.role == SERVER or self.game_id == game_id

    @property
    def player(self) -> int | None:
        """The 0-based player index commands use (seat tokens only)."""
        return None if self.seat is None else self.seat - 1


class Forbidden(DomainError):
    """The token does not allow this command; nothing was written."""


def kind_of(command: Command | Mapping[str, Any]) -> str:
    return command.kind if isinstance(command, Command) else str(command.get("kind"))


def _player_of(command: Command | Mapping[str, Any]) -> Any:
    if isinstance(command, Command):
        return getattr(command, "player", None)
    return command.get("player")


def check_rights(access: Access, game_id: int, command: Command | Mapping[str, Any],
                 names: tuple[str, ...] = ()) -> None:
    """Raise :class:`Forbidden` unless ``access`` may send ``command`` to table ``game_id``."""
    if not access.sees(game_id):
        raise Forbidden(TableCode.THIS_LINK_FOR_ANOTHER_TABLE, field="token")
    if access.is_host:
        return
    kind = kind_of(command)
    me = access.player
    who = names[me] if me is not None and me < len(names) else f"seat {access.seat}"
    if kind in SEAT_OPS:
        return
    if kind in SESSION_OPS or kind in HOST_KINDS:
        raise Forbidden(TableCode.ONLY_HOST_CAN, field="kind", value=command_name(kind))
    cls = COMMANDS.get(kind)
    has_player = cls is not None and any(f.name == "player" for f in fields(cls))
    player = _player_of(command)
    if kind in SHARED_KINDS:
        if player is not None and player != me:
            raise Forbidden(TableCode.THIS_PHONE_IT_CHANGES_ONLY_BOARD, field="player",
                            who=who, who2=who)
        return
    if not has_player:
        raise Forbidden(TableCode.ONLY_HOST_CAN, field="kind", value=command_name(kind))
    if player != me:
        raise Forbidden(TableCode.THIS_PHONE_IT_CHANGES_ONLY_BOARD, field="player",
                        who=who, who2=who)

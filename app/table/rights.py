"""Who may send what to a table: a token's :class:`Access` and :func:`check_rights`.

- **server host token** (``forest-table serve`` prints its link): everything on
  every table, and the rest of the app (new game, records).
- **table host token**: everything on that table — any player's board, the
  shared table, start/undo/redo/finish, revoking and reissuing seat links.
- **seat token**: its own player's board (a command whose ``rights`` are
  ``OWN_BOARD`` and whose ``player`` is that seat), plus the ``SHARED`` commands
  (revealing a round token, replenishing forester tokens, harvest tokens,
  infested wood, detached storages, confirming a printed value): at a real table
  whoever's turn it is does these, and versions keep two simultaneous taps from
  both applying to the same state (a shared action applies once: "already done").
  Read-only for every other board. ``undo_mine`` (``ANY_SEAT``) takes back the
  seat's own last change (the author comes from the token). Game-level commands
  (``HOST``: start, table-wide undo, redo, finish) are the host's.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.events import command_name
from app.game.commands import Command, Rights
from app.game.errors import DomainError
from app.table.codes import TableCode
from scoring.message import Msg, msg

SERVER, HOST, SEAT = "server", "host", "seat"


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


def check_rights(access: Access, game_id: int, command: Command,
                 names: tuple[str, ...] = ()) -> None:
    """Raise :class:`Forbidden` unless ``access`` may send ``command`` to table ``game_id``.

    What a seat may send is the command's own ``rights`` (:class:`app.game.commands.Rights`);
    a host may send every command of its table.
    """
    if not access.sees(game_id):
        raise Forbidden(TableCode.THIS_LINK_FOR_ANOTHER_TABLE, field="token")
    if access.is_host:
        return
    rights = command.rights
    if rights == Rights.ANY_SEAT:  # the author comes from the token (undo_mine)
        return
    if rights == Rights.HOST:
        raise Forbidden(TableCode.ONLY_HOST_CAN, field="kind", value=command_name(command.kind))
    me = access.player
    player = getattr(command, "player", None)
    if rights == Rights.SHARED and player is None:
        return
    if player != me:  # another board, or a shared action's token for another seat
        who: str | Msg = names[me] if me is not None and me < len(names) else \
            msg("new-seat", n=access.seat)
        raise Forbidden(TableCode.THIS_PHONE_IT_CHANGES_ONLY_BOARD, field="player",
                        who=who, who2=who)

"""What ``forest-table setup GAME`` asks of a game: the deal its options make and the
checklist's words (each game's ``app/games/<game>/setup_input.py``; its
variant carries it as ``setup_input``). No I/O here: the command prints
(``app/commands/setup_cmd.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


class SetupUsage(Exception):
    """A bad option of ``setup GAME``: ``flag`` names it (``--mode``), ``message`` says why."""

    def __init__(self, flag: str, message: str) -> None:
        super().__init__(message)
        self.flag = flag
        self.message = message


#: A checklist step: (section or None, title, detail, outcome items), all in English.
Step = tuple[str | None, str, str, Sequence[str]]


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal of ``setup GAME``: the checklist's headline, steps and footer, and the plan as
    JSON (the options that deal it again are the command's: the game's option specs)."""

    headline: str
    steps: tuple[Step, ...]
    json: dict[str, Any]
    footer: tuple[str, ...] = field(default=())


class SetupInput(Protocol):
    """A game's ``setup`` command: what its options deal, and its words. The options
    themselves are the variant's (``options``, ``roles``: the same spelling on every verb,
    ``app/commands/game_options.py``)."""

    #: the one-line help of ``setup GAME``
    help: str
    #: the flag this game's roles had before ``--role`` (kept as an alias), and whether it
    #: takes ``SEAT=ROLE`` as ``--role`` does (else a role alone, for the next seat)
    role_alias: tuple[str, bool]

    def deal(self, options: Any, roles: Sequence[str | None], names: Sequence[str],
             seed: int, role_flag: str) -> Dealt:
        """Deal the game with ``options`` (the variant's, the seats' roles in them where the
        game keeps them there) and the roles chosen by seat (None: dealt) for the seats
        ``names`` and ``seed``; a bad combination raises :class:`SetupUsage` naming its
        flag (``role_flag``: the one the roles were given with)."""

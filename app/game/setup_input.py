"""What ``forest-table setup GAME`` asks of a game: its options on the command line, the deal
they make and the checklist's words (each game's ``app/games/<game>/setup_input.py``; its
variant carries it as ``setup_input``). No I/O here: the command prints
(``app/commands/setup_cmd.py``).
"""

from __future__ import annotations

import argparse
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
    """A deal of ``setup GAME``: the options that deal it again (``--mode advanced``...),
    the checklist's headline, steps and footer, and the plan as JSON."""

    again: tuple[str, ...]
    headline: str
    steps: tuple[Step, ...]
    json: dict[str, Any]
    footer: tuple[str, ...] = field(default=())


class SetupInput(Protocol):
    """A game's ``setup`` command: its options and what they deal."""

    #: the one-line help of ``setup GAME``
    help: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """The game's own options (``--players``, ``--player``, ``--seed`` and ``--json``
        are every game's)."""

    def deal(self, args: argparse.Namespace, names: Sequence[str], seed: int) -> Dealt:
        """Deal the game for the seats ``names`` and ``seed``; a bad option raises
        :class:`SetupUsage` naming it."""

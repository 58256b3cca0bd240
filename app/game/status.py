"""The one status a game session has (the store's row status is a different thing)."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """Where a session stands: being set up, being played, or finished (no more changes)."""

    SETUP = "setup"
    PLAYING = "playing"
    FINISHED = "finished"

"""Importing plays from BG Stats or BoardGameGeek in the app (issue 25): the people-matching
step. Pure over the store: no flet here (app/ui/settings/import_plays.py draws it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PersonRow:
    theirs: str  # the name in their file
    ours: str  # who they are here: one of our people, or the name of a new person
    how: str  # "id" | "name" | "new": why this suggestion


@dataclass(frozen=True, slots=True)
class ImportCheck:
    source: str  # "bgstats" | "bgg"
    plays: int  # plays of our games in the file
    people: tuple[PersonRow, ...]
    problems: tuple[str, ...]  # each names the entry ("plays[3]: ..."); none: it can come in


def check(store: Any, text: str) -> ImportCheck:
    """Read a pasted BG Stats or BGG file; suggest who each of its people is here."""
    from app.store.crud import get_bgg_ids
    from app.store.plays_import import match_people, parse, sniff

    source = sniff(text)
    if source == "record":
        return ImportCheck("record", 0, (), ("file: not a BG Stats or BoardGameGeek file",))
    with store.session() as s:
        plays, problems = parse(text, source, get_bgg_ids(s))
        matches = match_people(s, plays)
    return ImportCheck(source, len(plays),
                       tuple(PersonRow(m.theirs, m.ours, m.how) for m in matches.values()),
                       tuple(str(p) for p in problems))


def run(store: Any, text: str, source: str, people: dict[str, str]) -> tuple[int, int]:
    """Import with the people as matched (their name -> ours); (imported, skipped).
    Raises ``ImportFailed`` (nothing written) naming each bad entry."""
    from app.store.plays_import import import_plays

    with store.session() as s:
        result, _ = import_plays(s, text, source, match=people)
    return len(result.imported), len(result.skipped)

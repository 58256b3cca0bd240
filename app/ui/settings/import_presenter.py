"""Importing plays from BG Stats or BoardGameGeek in the app (issue 25): the people-matching
step. Pure over the store: no flet here (app/ui/settings/import_plays.py draws it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.l10n import render
from app.store.crud import get_bgg_ids
from app.store.plays_import import PlaysCode, import_plays, left_out, match_people, sniff
from scoring.message import msg


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
    left_out: tuple[str, ...] = ()  # plays left out or kept once, each naming its entry


def check(store: Any, text: str, lang: str = "en") -> ImportCheck:
    """Read a pasted BG Stats or BGG file; suggest who each of its people is here.
    Problems and what is left out in ``lang``."""
    source = sniff(text)
    if source == "record":
        return ImportCheck("record", 0, (), (
            "file: " + render(lang, msg(PlaysCode.NOT_A_PLAYS_FILE)),))
    with store.session() as s:
        plays, problems, notes = left_out(text, source, get_bgg_ids(s))
        matches = match_people(s, plays)
    return ImportCheck(source, len(plays),
                       tuple(PersonRow(m.theirs, m.ours, m.how) for m in matches.values()),
                       tuple(p.text(lang) for p in problems),
                       tuple(f"{entry}: {render(lang, what)}" for entry, what in notes))


def run(store: Any, text: str, source: str, people: dict[str, str]) -> tuple[int, int]:
    """Import with the people as matched (their name -> ours); (imported, skipped).
    Raises ``ImportFailed`` (nothing written) naming each bad entry (a name typed for one
    of their people that cannot be a name, too)."""
    with store.session() as s:
        result, _ = import_plays(s, text, source, match=people)
    return len(result.imported), len(result.skipped)

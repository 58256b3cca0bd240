"""Forest Guardians' messages in the phone's words: the game's end (who fired which trigger,
who still plays, 003), in the banner every phone shows too; the board's counts by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from app import l10n
from app.games.guardians.words import event_msg
from app.ui.kit.game_ui import BannerPart, GameWords
from scoring.guardians.rules import EndTrigger
from scoring.message import Msg, msg

_FIELD_LABELS = {
    "fire_tokens": "field-fire_tokens", "animals_in_shelter": "field-animals_in_shelter",
    "calocedrus_on_mountains": "field-calocedrus_on_mountains",
    "tree_points": "field-tree_points", "animal_cards": "field-animal_cards",
}


def _game_end_lines(lang: str, data: Mapping[str, Any]) -> list[str]:
    """The game end from its data (who fired which trigger, who still plays), in ``lang``.

    Data without the status (older messages) falls back to the trigger alone, else
    there is nothing to say.
    """
    said = event_msg("game_end", data)
    if said is not None:
        return [l10n.render(lang, said)]
    trigger, by = data.get("trigger"), data.get("by")
    if trigger in set(EndTrigger) and isinstance(by, str):
        return [l10n.render(lang, f"table-end-{trigger}", name=by)]
    return []


class GuardiansWords(GameWords):
    """Forest Guardians' messages in words (the game's end)."""

    worded: ClassVar[Mapping[str, tuple[str, frozenset[str]]]] = {
        "trigger": ("label-trigger-", frozenset(EndTrigger))}

    def message_lines(self, lang: str, message: Any, names: Sequence[str]) -> list[str] | None:
        if str(message.kind) == "game_end":
            return _game_end_lines(lang, dict(getattr(message, "data", {}) or {}))
        return None

    def banner(self, lang: str, message: Any, names: Sequence[str]) -> BannerPart | None:
        lines = self.message_lines(lang, message, names)
        return BannerPart(tuple(lines)) if lines else None

    def ends(self, message: Any) -> bool:
        """A game-end trigger fired: a last tree planted, the last tile drawn."""
        return str(message.kind) == "game_end"

    def field_label(self, path: str) -> Msg | None:
        if path in _FIELD_LABELS:
            return msg(_FIELD_LABELS[path])
        head, _, rest = path.partition(".")
        if head == "tree_points" and rest in ("0", "1", "2"):
            return msg("field-tree_row", n=int(rest) + 1)
        return None


WORDS = GuardiansWords()

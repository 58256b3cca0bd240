"""Forestry's messages in the phone's words: the draws of the forest board (each card, the
space it went to and the skip rule), a round token turned up, a harvest token to flip, the
turns and rounds; what goes in the banner every phone shows; the board's counts by name.

The session keeps every message as a kind with data (:mod:`app.games.forestry.words` says
the table's events); this is what the sheet shows of them. Every word from the catalogues.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from app import l10n
from app.games.forestry.ui.forest_map import forester_name
from app.ui.kit.game_ui import BannerPart, GameWords
from app.ui.kit.words import commas
from scoring.forestry.enums import Area, ContractCategory, RiverSymbol
from scoring.message import MessageCode, Msg, msg
from setup.forestry.play import PlayCode


class LineLabel(MessageCode):
    """Labels of Forestry's lines and banners."""

    BANNER_FORESTER = "banner-forester"
    BANNER_INFESTED = "banner-infested"
    BANNER_INFESTED_NOWHERE = "banner-infested-nowhere"
    BANNER_WHY_FORESTER = "banner-why-forester"
    BANNER_WHY_INFESTED = "banner-why-infested"
    SPECIES = "species-name"
    ROUND_TOKEN_NAME = "round-token-name"


#: the draws of the forest board (their lines name each card and where it went)
DRAWS = ("replenish_foresters", "spawn_infested_wood")
#: the other kinds a banner shows on every phone: a reveal, a harvest token to flip, the
#: last turns played
BANNER_KINDS = frozenset({"reveal_round_token", PlayCode.FINAL_TURNS_DONE, PlayCode.FLIP_HARVEST})

_FIELD_LABELS = {
    "resources.coins": "field-coins",
    "resources.construction_materials": "field-construction_materials",
    "resources.seedlings": "field-seedlings", "resources.temp_workers": "field-temp_workers",
    "storage.wood": "field-wood", "storage.infested_wood": "field-infested_wood",
    "storage.extensions": "sheet-field-extensions",
    "score_track": "field-score_track", "seedlings_below": "field-seedlings_below",
    "road_connections": "field-road_connections", "technician_tiles": "field-technician_tiles",
    "full_seedling_rows": "field-full_seedling_rows",
}


def _placement_lines(lang: str, action: str, placements: Iterable[Mapping[str, Any]]
                     ) -> list[str]:
    out = []
    for p in placements:
        skipped = commas(lang).join(str(s) for s in p.get("skipped") or [])
        card = p.get("card")
        if action == "replenish_foresters":
            out.append(l10n.render(lang, PlayCode.FORESTER_DRAWN, card=card,
                                   type=forester_name(p.get("token")), space=p.get("space"),
                                   skipped=skipped, has_skipped=bool(skipped)))
            out.append(l10n.render(lang, PlayCode.SKIP_FORESTER, card=card))
        elif p.get("space") is None:
            out.append(l10n.render(lang, PlayCode.INFESTED_NOWHERE, card=card,
                                   trigger=p.get("trigger")))
        else:
            out.append(l10n.render(lang, PlayCode.INFESTED_DRAWN, card=card,
                                   space=p.get("space"), skipped=skipped,
                                   has_skipped=bool(skipped), trigger=p.get("trigger")))
            out.append(l10n.render(lang, PlayCode.SKIP_INFESTED, card=card))
    return out


def _draw_line(lang: str, action: str, p: Mapping[str, Any]) -> str:
    skipped = ("、" if lang == "ja" else ", ").join(str(s) for s in p.get("skipped") or [])
    if action == "replenish_foresters":
        return l10n.render(lang, LineLabel.BANNER_FORESTER, type=forester_name(p.get("token")),
                           space=p.get("space"), card=p.get("card"), skipped=skipped,
                           has_skipped=bool(skipped))
    if p.get("space") is None:
        return l10n.render(lang, LineLabel.BANNER_INFESTED_NOWHERE, card=p.get("card"))
    return l10n.render(lang, LineLabel.BANNER_INFESTED, space=p.get("space"), card=p.get("card"),
                       skipped=skipped, has_skipped=bool(skipped))


def _data(message: Any) -> dict[str, Any]:
    return dict(getattr(message, "data", {}) or {})


class ForestryWords(GameWords):
    """Forestry's messages in words (the draws, round tokens, turns and rounds)."""

    worded: ClassVar[Mapping[str, tuple[str, frozenset[str]]]] = {
        "area": ("area-", frozenset(Area)), "symbol": ("river-", frozenset(RiverSymbol)),
        "chosen": ("category-", frozenset(ContractCategory)),
        "categories": ("category-", frozenset(ContractCategory))}

    def message_lines(self, lang: str, message: Any, names: Sequence[str]) -> list[str] | None:
        kind = str(message.kind)
        data = _data(message)
        if kind in DRAWS:
            return _placement_lines(lang, kind, data.get("placements") or [])
        if kind == "reveal_round_token":
            return [l10n.render(lang, PlayCode.ROUND_TOKEN, round=data.get("round", ""),
                                token=msg(LineLabel.ROUND_TOKEN_NAME,
                                          id=str(data.get("round_token", ""))),
                                last=bool(data.get("last")))]
        if kind == PlayCode.FLIP_HARVEST:
            return [l10n.render(lang, kind, first=data.get("first", ""),
                                species=msg(LineLabel.SPECIES,
                                            species=str(data.get("species"))))]
        if kind == PlayCode.TURN_ENDED:
            return [l10n.render(lang, kind, ended=data.get("ended", ""),
                                next=data.get("next", ""), turn=data.get("turn", 0))]
        if kind in (PlayCode.NEW_ROUND, PlayCode.FINAL_TURNS_DONE):
            return [l10n.render(lang, kind, first=data.get("first", ""))]
        return None

    def banner(self, lang: str, message: Any, names: Sequence[str]) -> BannerPart | None:
        kind = str(message.kind)
        if kind in DRAWS:
            placements = list(_data(message).get("placements") or [])
            if not placements:
                return None
            rule = l10n.render(lang, LineLabel.BANNER_WHY_FORESTER
                               if kind == "replenish_foresters"
                               else LineLabel.BANNER_WHY_INFESTED)
            return BannerPart(tuple(_draw_line(lang, kind, p) for p in placements),
                              frozenset(int(p["space"]) for p in placements
                                        if isinstance(p.get("space"), int)), (rule,))
        if kind in BANNER_KINDS:
            return BannerPart(tuple(self.message_lines(lang, message, names) or ()))
        return None

    def ends(self, message: Any) -> bool:
        """The last round token turned up, and the final turns played."""
        kind = str(message.kind)
        return kind == PlayCode.FINAL_TURNS_DONE \
            or kind == "reveal_round_token" and bool(_data(message).get("last"))

    def field_label(self, path: str) -> Msg | None:
        if path in _FIELD_LABELS:
            return msg(_FIELD_LABELS[path])
        head, _, rest = path.partition(".")
        if head == "forester_tokens_below" and rest in ("thinning", "den_tree", "painting"):
            return msg("field-below", what=msg(f"forester-{rest}"))
        return None

    def field_value(self, key: str, value: str) -> Any:
        """A forester token's type by its name."""
        return forester_name(value) if key == "type" else value


WORDS = ForestryWords()

"""Playing along (issue 12): the forest map, the turn, banners for draws, who changed what.

View models only: they read a :class:`~app.session.Snapshot` and make session
commands; the session applies the rules. Every word comes from the catalogues
(``app/l10n``) by code: nothing here writes a sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app import l10n
from app import session as S
from app.events import event_msg
from app.game.commands import (
    Command,
    EndTurn,
    PlaceForester,
    RemoveInfestedWood,
    SetForesterToken,
    SetHarvester,
    SetHarvestToken,
    SetInfestedWood,
)
from app.game.errors import SessionCode
from app.game.forestry import pending_spawns
from app.game.state import ForestryTable, GameState
from app.game.status import Status
from scoring.forestry.enums import Area, ContractCategory, ForesterType, RiverSymbol
from scoring.guardians.rules import EndTrigger
from scoring.message import MessageCode, Msg, msg
from setup.forestry.deck import SPAWN_CARDS
from setup.forestry.play import PlayCode

#: The forest board's spaces, 1-15: a spawn card per space (setup.forestry.deck).
FOREST_SPACES = SPAWN_CARDS


class PlayLabel(MessageCode):
    """Labels of the play-along pieces of the sheet."""

    MAP_TITLE = "map-title"
    MAP_HELP = "map-help"
    MAP_SPACE = "map-space"
    MAP_MODE = "map-mode"
    MAP_FORESTER = "map-forester-short"
    TURN_TITLE = "turn-title"
    TURN_END = "turn-end"
    TURN_PENDING = "turn-pending"
    TURN_NONE_PENDING = "turn-none-pending"
    TURN_FINAL = "turn-final"
    BANNER_TITLE = "banner-title"
    BANNER_FORESTER = "banner-forester"
    BANNER_INFESTED = "banner-infested"
    BANNER_INFESTED_NOWHERE = "banner-infested-nowhere"
    BANNER_WHY = "banner-why"
    BANNER_WHY_FORESTER = "banner-why-forester"
    BANNER_WHY_INFESTED = "banner-why-infested"
    MAP_NOTHING = "map-nothing"
    MAP_DRAWN = "map-drawn"
    MAP_MODE_NOW = "map-mode-now"
    ALREADY_DONE_INFO = "info-already-done"
    CHANGES_TITLE = "changes-title"
    CHANGES_MORE = "changes-more"
    CHANGE_LINE = "log-change"
    UNDO_MINE = "undo-mine"
    HOST = "who-host"
    FORESTER_TYPE = "forester-type"
    SPECIES = "species-name"
    ROUND_TOKEN_NAME = "round-token-name"
    COMMAND_NAME = "command-name"
    REFERENCE_OPEN = "reference-open"


#: Map modes: what a tap on a space does (the first is the default).
MODES: tuple[str, ...] = ("harvester", "act", "harvested", "infested", "thinning", "den_tree",
                          "painting")
#: Message kinds a banner shows on every phone: draws, reveals, the last turns done (whose
#: turn and which round it is the turn card says).
BANNER_KINDS = frozenset({
    "replenish_foresters", "spawn_infested_wood", "reveal_round_token",
    PlayCode.FINAL_TURNS_DONE, PlayCode.FLIP_HARVEST, "game_end",
})
#: What a map tap in a mode that acts once leaves the map in: moving the harvester.
ONE_OFF_MODES = frozenset({"act", "infested", "harvested"})


@dataclass(frozen=True, slots=True)
class MapTile:
    """One forest space as the map shows it, and what a tap on it sends (``None``: nothing)."""

    space: int
    harvesters: tuple[str, ...]  # the names of the players whose harvester stands here
    forester: str | None  # a ForesterType value
    infested: bool
    harvested: bool
    mine: bool  # the harvester of the player this phone acts for
    command: Command | None


def forest_table(state: GameState) -> ForestryTable | None:
    """The shared forest board of a Forestry table (None: the game has none)."""
    table = state.table
    return table if isinstance(table, ForestryTable) else None


def _names(state: GameState) -> list[str]:
    return [p.name for p in state.players]


def who(lang: str, by: int | None, names: Sequence[str]) -> str:
    """A seat's name, or "host"."""
    if by is None or not 0 <= by < len(names):
        return l10n.render(lang, PlayLabel.HOST)
    return names[by]


def modes(state: GameState) -> tuple[str, ...]:
    """The map modes this game offers (infested wood only with the infestation module)."""
    infestation = bool(getattr(state.options, "infestation", False))
    return tuple(m for m in MODES if m != "infested" or infestation)


def map_command(state: GameState, mode: str, me: int, space: int, version: int = 0
                ) -> Command | None:
    """What a tap on ``space`` sends in ``mode`` for player ``me`` (None: nothing to do)."""
    table = forest_table(state)
    if table is None:
        return None
    forest = table.forest
    others = {h for i, h in enumerate(table.harvesters) if i != me and h is not None}
    here = forest.forester_at(space)
    if mode == "harvester":
        if space in others or table.harvesters[me] == space:
            return None
        return SetHarvester(version=version, player=me, space=space)
    if mode == "act":
        # 001: infested wood on the space is harvested (into storage) before anything else
        if space in forest.infested:
            return RemoveInfestedWood(version=version, space=space, player=me)
        if here is not None:
            return PlaceForester(version=version, player=me, type=here.value, space=space)
        return None
    if mode == "harvested":
        return SetHarvestToken(version=version, space=space,
                                 harvested=space not in forest.harvested)
    if mode == "infested":
        if space in forest.infested:
            return RemoveInfestedWood(version=version, space=space, player=None)
        return SetInfestedWood(version=version, space=space)
    if mode in {f.value for f in ForesterType}:
        kind = ForesterType(mode)
        if here is kind:
            return SetForesterToken(version=version, type=mode, space=None)
        if here is not None:
            return None
        return SetForesterToken(version=version, type=mode, space=space)
    return None


def map_tiles(state: GameState, mode: str, me: int | None, version: int = 0
              ) -> tuple[MapTile, ...]:
    """The 15 spaces with what lies on them; taps only for a phone that acts (``me``)."""
    table = forest_table(state)
    if table is None:
        return ()
    forest = table.forest
    names = _names(state)
    out = []
    for space in FOREST_SPACES:
        standing = tuple(names[i] for i, h in enumerate(table.harvesters) if h == space)
        kind = forest.forester_at(space)
        out.append(MapTile(
            space, standing, None if kind is None else kind.value, space in forest.infested,
            space in forest.harvested,
            me is not None and table.harvesters[me] == space,
            None if me is None else map_command(state, mode, me, space, version)))
    return tuple(out)


def commas(lang: str) -> str:
    """The list separator of ``lang`` (", " / "、")."""
    return l10n.render(lang, "list-commas")


def tile_label(lang: str, tile: MapTile) -> str:
    """What a space shows, in words (its accessible label)."""
    return l10n.render(
        lang, PlayLabel.MAP_SPACE, space=tile.space, harvesters=commas(lang).join(tile.harvesters),
        has_harvesters=bool(tile.harvesters), has_forester=tile.forester is not None,
        forester=forester_name(tile.forester) if tile.forester else "",
        infested=tile.infested, harvested=tile.harvested)


def forester_name(kind: str | None) -> Msg:
    return msg(PlayLabel.FORESTER_TYPE, type=kind or "")


#: A map space is small: a name under its number is cut to this many characters.
MARK_CHARS = 5


def tile_marks(lang: str, tile: MapTile) -> list[str]:
    """The short words a map space shows under its number: its forester token's short
    name (a catalogue word, never a cut one) and its first harvester's name, cut with
    "…" when long. The space's full description is its label (:func:`tile_label`)."""
    out: list[str] = []
    if tile.forester:
        out.append(l10n.render(lang, msg(PlayLabel.MAP_FORESTER, type=tile.forester)))
    if tile.harvesters:
        name = tile.harvesters[0]
        out.append(name if len(name) <= MARK_CHARS else name[:MARK_CHARS - 1] + "…")
    return out


# --------------------------------------------------------------------------- the turn


@dataclass(frozen=True, slots=True)
class TurnView:
    player: str
    turn: int
    round: int
    pending: tuple[tuple[str, int], ...]  # (name, reproduction space) due at the end of turn
    final: bool
    command: Command | None


def turn_view(state: GameState, version: int = 0) -> TurnView | None:
    table = forest_table(state)
    if table is None or state.status != Status.PLAYING:
        return None
    names = _names(state)
    return TurnView(names[table.current], table.turn + 1, table.round,
                    tuple((names[i], t) for i, t in pending_spawns(state)),
                    table.final_turns, EndTurn(version=version, turn=table.turn))


def turn_lines(lang: str, view: TurnView) -> tuple[str, ...]:
    lines = [l10n.render(lang, PlayLabel.TURN_TITLE, name=view.player, n=view.turn,
                         round=view.round)]
    if view.pending:
        spaces = commas(lang).join(f"{name} {t}" for name, t in view.pending)
        lines.append(l10n.render(lang, PlayLabel.TURN_PENDING, n=len(view.pending),
                                 spaces=spaces))
    if view.final:
        lines.append(l10n.render(lang, PlayLabel.TURN_FINAL))
    return tuple(lines)


# --------------------------------------------------------------------------- draws in words


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


def message_lines(lang: str, message: Any, names: Sequence[str]) -> list[str] | None:
    """A play-along message in words, from its kind and data (None: not one of ours)."""
    kind = str(message.kind)
    data = dict(getattr(message, "data", {}) or {})
    if kind in ("replenish_foresters", "spawn_infested_wood"):
        return _placement_lines(lang, kind, data.get("placements") or [])
    if kind == "reveal_round_token":
        return [l10n.render(lang, PlayCode.ROUND_TOKEN, round=data.get("round", ""),
                            token=msg(PlayLabel.ROUND_TOKEN_NAME,
                                      id=str(data.get("round_token", ""))),
                            last=bool(data.get("last")))]
    if kind == PlayCode.FLIP_HARVEST:
        return [l10n.render(lang, kind, first=data.get("first", ""),
                            species=msg(PlayLabel.SPECIES, species=str(data.get("species"))))]
    if kind == PlayCode.TURN_ENDED:
        return [l10n.render(lang, kind, ended=data.get("ended", ""), next=data.get("next", ""),
                            turn=data.get("turn", 0))]
    if kind in (PlayCode.NEW_ROUND, PlayCode.FINAL_TURNS_DONE):
        return [l10n.render(lang, kind, first=data.get("first", ""))]
    if kind == "game_end":
        return _game_end_lines(lang, message, data)
    if kind in ("undo", "redo"):  # the host's table-wide undo/redo: which change, in words
        taken = taken_back(data, names)
        if kind == "undo" and taken is not None:
            return [l10n.render(lang, UNDONE_WHAT, what=taken)]
        code = SessionCode.UNDONE if kind == "undo" else SessionCode.REDONE
        return [l10n.render(lang, code,
                            command=msg(PlayLabel.COMMAND_NAME, kind=str(data.get("command"))))]
    if kind == SessionCode.UNDONE_MINE:
        by = data.get("by")
        taken = taken_back(data, names)
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
_FIELD_LABELS = {
    "resources.coins": "field-coins",
    "resources.construction_materials": "field-construction_materials",
    "resources.seedlings": "field-seedlings", "resources.temp_workers": "field-temp_workers",
    "storage.wood": "field-wood", "storage.infested_wood": "field-infested_wood",
    "score_track": "field-score_track", "seedlings_below": "field-seedlings_below",
    "road_connections": "field-road_connections", "technician_tiles": "field-technician_tiles",
    "full_seedling_rows": "field-full_seedling_rows", "fire_tokens": "field-fire_tokens",
    "animals_in_shelter": "field-animals_in_shelter",
    "calocedrus_on_mountains": "field-calocedrus_on_mountains",
    "tree_points": "field-tree_points", "animal_cards": "field-animal_cards",
}


def field_label(path: str) -> Msg | None:
    """A board count's name by its field path (None: no name of its own)."""
    if path in _FIELD_LABELS:
        return msg(_FIELD_LABELS[path])
    head, _, rest = path.partition(".")
    if head == "tree_points" and rest in ("0", "1", "2"):
        return msg("field-tree_row", n=int(rest) + 1)
    if head == "forester_tokens_below" and rest in ("thinning", "den_tree", "painting"):
        return msg("field-below", what=msg(f"forester-{rest}"))
    return None


def taken_back(data: Mapping[str, Any], names: Sequence[str]) -> Msg | None:
    """What an undo took back, from its data: "Blue's coins 5 → 4", else "a task card on
    Blue's board"; None when it names no board."""
    player = data.get("player")
    if not isinstance(player, int) or not 0 <= player < len(names):
        return None
    label = field_label(str(data.get("field", "")))
    old, new = data.get("old"), data.get("new")
    if label is not None and isinstance(old, int) and isinstance(new, int):
        return msg(TAKEN_COUNT, player=names[player], field=label, old=old, new=new)
    return msg(TAKEN_BOARD, player=names[player],
               command=msg(PlayLabel.COMMAND_NAME, kind=str(data.get("command"))))


def _game_end_lines(lang: str, message: Any, data: Mapping[str, Any]) -> list[str]:
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


def banner_lines(lang: str, messages: Iterable[Any], names: Sequence[str]) -> tuple[str, ...]:
    """The banner every phone shows after a reveal, a draw or a new round (or nothing)."""
    view = banner_view(lang, messages, names)
    return () if view is None else view.lines


@dataclass(frozen=True, slots=True)
class BannerView:
    """The banner of a turn's draws: one short line per draw, the spaces they went to
    (highlighted on the map) and the skip rule, once per kind of draw (behind "why")."""

    lines: tuple[str, ...]
    spaces: frozenset[int]
    why: tuple[str, ...]


def _draw_line(lang: str, action: str, p: Mapping[str, Any]) -> str:
    skipped = ("、" if lang == "ja" else ", ").join(str(s) for s in p.get("skipped") or [])
    if action == "replenish_foresters":
        return l10n.render(lang, PlayLabel.BANNER_FORESTER, type=forester_name(p.get("token")),
                           space=p.get("space"), card=p.get("card"), skipped=skipped,
                           has_skipped=bool(skipped))
    if p.get("space") is None:
        return l10n.render(lang, PlayLabel.BANNER_INFESTED_NOWHERE, card=p.get("card"))
    return l10n.render(lang, PlayLabel.BANNER_INFESTED, space=p.get("space"), card=p.get("card"),
                       skipped=skipped, has_skipped=bool(skipped))


def banner_view(lang: str, messages: Iterable[Any], names: Sequence[str]) -> BannerView | None:
    """The banner of these messages (None: nothing for the banner)."""
    lines: list[str] = []
    spaces: set[int] = set()
    why: list[str] = []
    for m in messages:
        kind = str(m.kind)
        if kind not in BANNER_KINDS:
            continue
        if kind in ("replenish_foresters", "spawn_infested_wood"):
            placements = list(dict(getattr(m, "data", {}) or {}).get("placements") or [])
            for p in placements:
                lines.append(_draw_line(lang, kind, p))
                if isinstance(p.get("space"), int):
                    spaces.add(int(p["space"]))
            rule = l10n.render(lang, PlayLabel.BANNER_WHY_FORESTER if kind == "replenish_foresters"
                               else PlayLabel.BANNER_WHY_INFESTED)
            if placements and rule not in why:
                why.append(rule)
        else:
            lines.extend(message_lines(lang, m, names) or ())
    if not lines:
        return None
    return BannerView(tuple(lines), frozenset(spaces), tuple(why))


def end_lines(lang: str, messages: Iterable[Any], names: Sequence[str]) -> tuple[str, ...]:
    """What of these messages says the game is ending or over (every phone is told where it
    looks): Forest Guardians' trigger (a last tree, the last tile), Forestry's last round
    token turned up and its final turns played."""
    lines: list[str] = []
    for m in messages:
        kind = str(m.kind)
        last = bool(dict(getattr(m, "data", {}) or {}).get("last"))
        if kind in ("game_end", PlayCode.FINAL_TURNS_DONE) \
                or kind == "reveal_round_token" and last:
            lines.extend(message_lines(lang, m, names) or ())
    return tuple(lines)


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


#: change-log values worded by a catalogue key (``prefix + value``), when a known code
_WORDED = {"area": ("area-", frozenset(Area)), "symbol": ("river-", frozenset(RiverSymbol)),
           "chosen": ("category-", frozenset(ContractCategory)),
           "categories": ("category-", frozenset(ContractCategory)),
           "trigger": ("label-trigger-", frozenset(EndTrigger))}
#: 0-based places the board numbers from 1 (a forestry table column, a card in a row)
_COUNTED_FROM_ONE = ("column", "index", "storage")


def _place(key: str, value: Any) -> Any:
    """A change's value as the line names it: a code by its name, a place by its number."""
    if key in _COUNTED_FROM_ONE and isinstance(value, int) and not isinstance(value, bool):
        return value + 1
    if key in _WORDED:
        prefix, known = _WORDED[key]
        if isinstance(value, list | tuple):
            return [msg(prefix + v) if v in known else v for v in value]
        if isinstance(value, str) and value in known:
            return msg(prefix + value)
    return value


def change_line(lang: str, change: S.Change, names: Sequence[str]) -> str:
    """One line of who changed what, naming its place (the space, column, card, area)."""
    data = {k: _param(_place(k, v), lang) for k, v in change.data.items()}
    player = data.pop("player", None)
    if "type" in data and isinstance(data["type"], str):
        data["type"] = forester_name(data["type"])
    if isinstance(data.get("field"), str):  # a count by its name, not its path
        data["field"] = field_label(data["field"]) or data["field"]
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
    names = _names(snapshot.state)
    return tuple(change_line(lang, c, names) for c in reversed(snapshot.changes[-limit:]))

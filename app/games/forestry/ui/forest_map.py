"""The forest map's view models (no Flet): the 15 spaces with what lies on them, and what
a tap on a space sends in each mode (issue 12); where each space is drawn in the honeycomb
(issue 33: :func:`hex_centre`, schematic).

They read a game state and make session commands; the session applies the rules. Every
word comes from the catalogues by code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from app import l10n
from app.game.commands import Command
from app.game.new_game import COLOURS
from app.game.state import GameState
from app.games.forestry.commands import (
    PlaceForester,
    RemoveInfestedWood,
    SetForesterToken,
    SetHarvester,
    SetHarvestToken,
    SetInfestedWood,
)
from app.games.forestry.table import ForestryTable
from app.ui.kit.words import commas
from scoring.forestry.enums import ForesterType
from scoring.message import MessageCode, Msg, msg
from setup.forestry.deck import SPAWN_CARDS

#: The forest board's spaces, 1-15: a spawn card per space (setup.forestry.deck).
FOREST_SPACES = SPAWN_CARDS


class MapLabel(MessageCode):
    """Labels of the forest map."""

    MAP_TITLE = "map-title"
    MAP_HELP = "map-help"
    MAP_SPACE = "map-space"
    MAP_MODE = "map-mode"
    MAP_NOTHING = "map-nothing"
    MAP_DRAWN = "map-drawn"
    MAP_MODE_NOW = "map-mode-now"
    MAP_MODE_TAP = "map-mode-tap"  # mode: what a tap on a space does in it
    MAP_FORESTER_ROW = "map-forester-row"
    MAP_SCHEMATIC = "map-schematic"
    MAP_SCHEMATIC_NOTE = "map-schematic-note"
    MAP_NEW = "map-new"
    MAP_LEGEND = "map-legend"  # item: mine, others, forester, infested, harvested, drawn, free
    FORESTER_TYPE = "forester-type"


#: The legend under the map, in its order (``map-legend``'s items).
LEGEND: tuple[str, ...] = ("mine", "others", "forester", "infested", "harvested", "drawn",
                           "free")


#: Map modes: what a tap on a space does (the first is the default).
MODES: tuple[str, ...] = ("harvester", "act", "harvested", "infested", "thinning", "den_tree",
                          "painting")
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
    #: the colour names (app.game.new_game.COLOURS) of the harvesters, as ``harvesters``
    colours: tuple[str, ...] = ()


def forest_table(state: GameState) -> ForestryTable | None:
    """The shared forest board of a Forestry table (None: the game has none)."""
    table = state.table
    return table if isinstance(table, ForestryTable) else None


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
    names = [p.name for p in state.players]
    colours = [player_colour(getattr(p, "colour", None), i) for i, p in enumerate(state.players)]
    out = []
    for space in FOREST_SPACES:
        here = [i for i, h in enumerate(table.harvesters) if h == space]
        kind = forest.forester_at(space)
        out.append(MapTile(
            space, tuple(names[i] for i in here), None if kind is None else kind.value,
            space in forest.infested, space in forest.harvested,
            me is not None and table.harvesters[me] == space,
            None if me is None else map_command(state, mode, me, space, version),
            tuple(colours[i] for i in here)))
    return tuple(out)


def player_colour(colour: str | None, index: int) -> str:
    """A player's colour name: their own, else the one the new-game form gives seat ``index``
    (0-based; an older game's seats have none)."""
    return colour if colour in COLOURS else COLOURS[index % len(COLOURS)]


def tile_label(lang: str, tile: MapTile) -> str:
    """What a space shows, in words (its accessible label)."""
    return l10n.render(
        lang, MapLabel.MAP_SPACE, space=tile.space,
        harvesters=commas(lang).join(tile.harvesters), has_harvesters=bool(tile.harvesters),
        has_forester=tile.forester is not None,
        forester=forester_name(tile.forester) if tile.forester else "",
        infested=tile.infested, harvested=tile.harvested)


def forester_name(kind: str | None) -> Msg:
    return msg(MapLabel.FORESTER_TYPE, type=kind or "")


#: A map space is small: a name under its harvester is cut to this many characters.
MARK_CHARS = 6


def tile_name(tile: MapTile) -> str | None:
    """The name a map space shows under its harvester: the first one's, cut with "…" when
    long (its forester token and the rest are drawn as icons; the space's full description
    is its label, :func:`tile_label`)."""
    if not tile.harvesters:
        return None
    name = tile.harvesters[0]
    return name if len(name) <= MARK_CHARS else name[:MARK_CHARS - 1] + "…"


# --------------------------------------------------------------------------- the honeycomb
#: Rows of the schematic honeycomb (pointy-top hexes), spaces numbered in reading order;
#: odd rows sit half a hex to the right. The rulebooks do not say which number lies where
#: (nor which spaces are double), so the map says it is schematic and draws all alike.
HEX_ROWS: tuple[int, ...] = (4, 4, 4, 3)
HEX_WIDTH = 72.0  # px, flat side to flat side
HEX_RADIUS = HEX_WIDTH / math.sqrt(3)  # centre to corner
MAP_WIDTH = HEX_WIDTH * (max(HEX_ROWS) + 0.5)
MAP_HEIGHT = HEX_RADIUS * (2 + 1.5 * (len(HEX_ROWS) - 1))


def hex_centre(space: int) -> tuple[float, float]:
    """Where space ``space`` (1-15) is drawn: its centre in px from the map's top left.

    >>> hex_centre(1), hex_centre(5)[0]
    ((36.0, 41.569219381653056), 72.0)
    """
    if not 1 <= space <= sum(HEX_ROWS):
        raise ValueError(f"no forest space {space}")
    row, index = 0, space - 1
    while index >= HEX_ROWS[row]:
        index -= HEX_ROWS[row]
        row += 1
    x = HEX_WIDTH / 2 + index * HEX_WIDTH + (HEX_WIDTH / 2 if row % 2 else 0)
    return x, HEX_RADIUS + row * 1.5 * HEX_RADIUS


def hex_corners(space: int, inset: float = 0.0) -> list[tuple[float, float]]:
    """The six corners of a space's hex (pointy top), ``inset`` px inside its outline."""
    cx, cy = hex_centre(space)
    r = HEX_RADIUS - inset
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (-90, -30, 30, 90, 150, 210)]

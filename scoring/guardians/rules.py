"""Forest Guardians rules data: components, ranger board, rangers, animals, events.

Everything here is declarative and cites the rulebook (source 003, see
``../shared/rules/seeds``). Numbers the rulebook does not print are not here:
the points printed under each tree on a ranger board and the value of each
animal card are read off the components by the players (RULES.md, "Printed
values"). Which tree species sits in which ranger-board row, how many trees a
row holds, and how many tiles each altitude pile holds are not printed either.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.cite import Citation, Source, cite

#: What every rules-table entry cites: the rulebook (003).
SOURCE: Citation = cite(Source.S003)


class Altitude(StrEnum):
    """Terrain altitude, printed as a Roman numeral (003 "Terrain Tile Types")."""

    HIGH = "I"
    MEDIUM = "II"
    LOW = "III"


#: Draw order of the terrain piles: high before medium before low (003 "Draw a Terrain Tile").
PILE_ORDER: tuple[Altitude, ...] = (Altitude.HIGH, Altitude.MEDIUM, Altitude.LOW)


class TileKind(StrEnum):
    """What a placed tile is (003 "Terrain Tile Types"; the starting tile is separate)."""

    REGULAR = "regular"
    MOUNTAIN = "mountain"
    LAKE = "lake"
    STARTING = "starting"

    @property
    def special(self) -> bool:
        """Mountains and lakes are the special terrain tiles."""
        return self in (TileKind.MOUNTAIN, TileKind.LAKE)


#: The four named mountains (003 "Terrain Tile Types").
MOUNTAINS: tuple[str, ...] = ("Jade Mountain", "Alishan", "Huoyan Mountain", "Dajian Mountain")
#: The named lakes; the rulebook also lists unnamed "ordinary" lakes without a count (003).
NAMED_LAKES: tuple[str, ...] = ("Chiaming Lake", "Songluo Lake")


class TreeSpecies(StrEnum):
    """The three tree species (003 "Components"). Their ranger-board rows are not printed."""

    TAIWAN_SPRUCE = "taiwan_spruce"
    CALOCEDRUS_FORMOSANA = "calocedrus_formosana"
    CAMPHOR_TREE = "camphor_tree"


class Ranger(StrEnum):
    """The four rangers of the advanced game (003 "Ranger Abilities"); ids are record-v1's."""

    JULIA = "julia"
    JACK = "jack"
    FLUFFY = "fluffy"
    BEAN = "bean"

    @property
    def info(self) -> RangerInfo:
        return RANGERS[self]

    @property
    def label(self) -> str:
        return f"{self.value.title()} ({RANGERS[self].title})"


class AnimalSpecies(StrEnum):
    """The five animals (003 "Living Conditions")."""

    COMMON_PHEASANT = "common_pheasant"
    FORMOSAN_BLACK_BEAR = "formosan_black_bear"
    SAMBAR_DEER = "sambar_deer"
    LEOPARD_CAT = "leopard_cat"
    PANGOLIN = "pangolin"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()


class SpecialEvent(StrEnum):
    """Icons on terrain tiles that trigger an event when revealed (003 "Special Event")."""

    ANIMAL_ENCOUNTER = "animal_encounter"
    FOREST_FIRE = "forest_fire"
    ILLEGAL_LOGGER = "illegal_logger"


class Action(StrEnum):
    """Player actions: four on side A, Send Your Ranger added on side B (003)."""

    FORESTATION = "forestation"
    PUT_OUT_FIRE = "put_out_fire"
    RESCUE = "rescue"
    RELEASE = "release"
    SWAP_CARDS = "swap_cards"
    SEND_RANGER = "send_ranger"


class Skill(StrEnum):
    """The two skills an upgrade cube can raise (003 "Upgrade Skill")."""

    INCREASE_RESOURCE = "increase_resource"
    INCREASE_ACTION = "increase_action"


class EndTrigger(StrEnum):
    """The two game-end conditions (003 "Game End Condition")."""

    LAST_TREE_PLANTED = "last_tree_planted"
    LAST_TILE_DRAWN = "last_tile_drawn"


# --------------------------------------------------------------------------- components


@dataclass(frozen=True, slots=True)
class Component:
    """One line of the component list; ``count`` is the number in the box.

    What each component is and what it is for are words: the catalogues' message
    ``ref-fg-component-<id>`` (``scoring.guardians.reference.ComponentCode``).
    """

    id: str
    count: int
    source: Citation = SOURCE


COMPONENTS: tuple[Component, ...] = (
    Component("animal_cards", 10),  # 5 animals, 2 cards each
    Component("resource_cards", 30),  # one type is Water
    Component("terrain_tiles", 36),  # regular I/II/III, mountains, lakes
    Component("starting_tile", 1),  # the Illegal Logger's base
    Component("upgrade_cubes", 20),  # 4 per ranger board at setup
    Component("trees", 40),  # the three species
    Component("animals_and_rangers", 15),  # 10 animal tokens, 4 ranger tokens, the logger
    Component("fire_tokens", 12),
    Component("ranger_boards", 4),  # side A basic, side B advanced
)

ANIMAL_CARDS = 10
FIRE_TOKENS = 12
RESOURCE_CARDS = 30
TERRAIN_TILES = 36
RANGER_BOARDS = 4
CUBES_PER_BOARD = 4  # 003 Ranger Board d: "place all 4 cubes"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
STARTING_HAND = 3  # 003 "Starting a Game" step 2


def component(component_id: str) -> Component:
    """Look a component up by id (``KeyError`` if unknown)."""
    for c in COMPONENTS:
        if c.id == component_id:
            return c
    raise KeyError(component_id)


# --------------------------------------------------------------------------- ranger board


class TreeRow(StrEnum):
    """The three tree rows of a ranger board, top to bottom (003 "Planting Condition")."""

    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"

    @property
    def rule(self) -> TreeRowRule:
        return TREE_ROWS[self]


@dataclass(frozen=True, slots=True)
class TreeRowRule:
    """Where a row's trees may grow and what planting one costs (side A).

    ``cost_cards`` resource cards; ``same_type`` says whether they must all be
    of one type (the top row takes any one card).
    """

    row: TreeRow
    allowed: frozenset[Altitude]
    cost_cards: int
    same_type: bool
    source: Citation = SOURCE


_I, _II, _III = Altitude.HIGH, Altitude.MEDIUM, Altitude.LOW
TREE_ROWS: dict[TreeRow, TreeRowRule] = {
    TreeRow.TOP: TreeRowRule(TreeRow.TOP, frozenset({_I}), 1, False),
    TreeRow.MIDDLE: TreeRowRule(TreeRow.MIDDLE, frozenset({_I, _II}), 2, True),
    TreeRow.BOTTOM: TreeRowRule(TreeRow.BOTTOM, frozenset({_II, _III}), 3, True),
}
ROW_ORDER: tuple[TreeRow, ...] = (TreeRow.TOP, TreeRow.MIDDLE, TreeRow.BOTTOM)

#: Extra cards of the same type for planting on a tile another player planted (003 "Sharing").
SHARING_EXTRA_CARDS = 1


@dataclass(frozen=True, slots=True)
class SkillRule:
    """A skill track: its starting value, +1 per upgrade, and a printed maximum if any."""

    skill: Skill
    start: int
    maximum: int | None
    note: str
    source: Citation = SOURCE


SKILLS: dict[Skill, SkillRule] = {
    Skill.INCREASE_RESOURCE: SkillRule(
        Skill.INCREASE_RESOURCE, 3, 5, "hand limit; draw a card at once when upgrading"
    ),
    Skill.INCREASE_ACTION: SkillRule(
        Skill.INCREASE_ACTION,
        1,
        None,
        "actions per turn; take one more action at once when upgrading",
    ),
}


# --------------------------------------------------------------------------- rangers


@dataclass(frozen=True, slots=True)
class RangerInfo:
    """A ranger's title and end-game bonus (003 "Ranger Abilities").

    The ability during play is words: ``ref-fg-ranger-<id>`` in the catalogues
    (``scoring.guardians.reference.RangerCode``).
    """

    ranger: Ranger
    title: str
    bonus: str
    shelter_capacity: int
    source: Citation = SOURCE


RANGERS: dict[Ranger, RangerInfo] = {
    Ranger.JULIA: RangerInfo(
        Ranger.JULIA,
        "Animal Expert",
        "+1 per animal card she holds and +1 per animal token in her shelter.",
        2,
    ),
    Ranger.JACK: RangerInfo(
        Ranger.JACK,
        "Firefighter",
        "+1 per fire token he holds.",
        1,
    ),
    Ranger.FLUFFY: RangerInfo(
        Ranger.FLUFFY,
        "Mountain Protector",
        "+2 per Calocedrus Formosana planted on a mountain.",
        1,
    ),
    Ranger.BEAN: RangerInfo(
        Ranger.BEAN,
        "Master Gardener",
        "No end-game bonus.",
        1,
    ),
}

#: A shelter holds one animal token unless the ranger says otherwise (003 "Rescue").
SHELTER_CAPACITY = 1


# --------------------------------------------------------------------------- animals


@dataclass(frozen=True, slots=True)
class LivingCondition:
    """Where an animal may be released: trees the releasing player planted (003).

    ``trees`` trees on ``trees`` distinct regular tiles of the ``altitudes``;
    ``next_to`` a special terrain kind the tree tile must touch. How several
    tiles must lie and where the token goes are words: ``ref-fg-living-<animal>``
    in the catalogues (``scoring.guardians.reference.LivingCode``).
    """

    animal: AnimalSpecies
    trees: int
    altitudes: frozenset[Altitude]
    next_to: TileKind | None
    cards: int = 2
    source: Citation = SOURCE


LIVING_CONDITIONS: dict[AnimalSpecies, LivingCondition] = {
    # a single tile; the token goes on it
    AnimalSpecies.COMMON_PHEASANT: LivingCondition(
        AnimalSpecies.COMMON_PHEASANT, 1, frozenset({Altitude.LOW}), None),
    # the tree's tile touches a mountain; the token goes between them
    AnimalSpecies.FORMOSAN_BLACK_BEAR: LivingCondition(
        AnimalSpecies.FORMOSAN_BLACK_BEAR, 1, frozenset({Altitude.HIGH, Altitude.MEDIUM}),
        TileKind.MOUNTAIN),
    # the tree's tile touches a lake; the token goes between them
    AnimalSpecies.SAMBAR_DEER: LivingCondition(
        AnimalSpecies.SAMBAR_DEER, 1, frozenset({Altitude.HIGH, Altitude.MEDIUM}),
        TileKind.LAKE),
    # three tiles all touching each other (not in a line); the token in their middle
    AnimalSpecies.LEOPARD_CAT: LivingCondition(
        AnimalSpecies.LEOPARD_CAT, 3, frozenset({Altitude.MEDIUM, Altitude.LOW}), None),
    # two adjacent tiles; the token between them
    AnimalSpecies.PANGOLIN: LivingCondition(
        AnimalSpecies.PANGOLIN, 2, frozenset({Altitude.MEDIUM}), None),
}

#: General release rules (003 "Living Conditions", "Release"), by id; the words are the
#: catalogues' ``ref-fg-release-<id>``: the trees are the releasing player's own; a
#: released animal occupies its tiles; of two animals of a kind, the card matching the
#: token's base colour; the Mountain Protector's Calocedrus on a mountain never counts.
RELEASE_RULES: tuple[str, ...] = ("own_trees", "occupied", "matching_card", "calocedrus")


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class EventRule:
    """A special event (003 "Appendix: Special Events"); what it does is words in the
    catalogues: ``ref-fg-event-<event>`` (``scoring.guardians.reference.EventCode``)."""

    event: SpecialEvent
    source: Citation = SOURCE


EVENTS: dict[SpecialEvent, EventRule] = {e: EventRule(e) for e in SpecialEvent}

#: Tree removal and animal retrieval (003 "Tree Removal", "Retrieve Released Animals"), by id;
#: words: ``ref-fg-removal-<id>``. Removed trees go back to the owner's board (right to
#: left), skills stay upgraded, an animal whose habitat burns or loses a tree goes back to
#: the shelter with its card, and retrieved animals may overfill a shelter.
REMOVAL_RULES: tuple[str, ...] = ("trees_back", "skills_stay", "animal_back", "overfill")


# --------------------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class Decision:
    """Where 003 is silent, what the app does (also in docs/rules-decisions.md).

    The wording is the catalogues' ``ref-fg-decision-<id>``
    (``scoring.guardians.reference.DecisionCode``).
    """

    id: str
    source: Citation = SOURCE


DECISIONS: tuple[Decision, ...] = tuple(Decision(d) for d in (
    "shared_win",  # equal totals share the win
    "three_rows",  # a record holds exactly 3 tree rows
    "advanced_rangers",  # every player has a ranger in the advanced game, each at most once
    "ranger_fields",  # everyone's shelter counts (Julia scores it); mountains only Fluffy, <= 4
    "top_row_sharing",  # sharing with a top-row tree: 2 cards of one type
    "starting_tile",  # no tree on the starting tile
    "first_trigger",  # the first end condition stays; the last tile still ends the game
    "two_player_first",  # 2-player removals before shuffling; 4 high tiles at random
    "rangers_dealt",  # rangers dealt at random from the seed unless chosen
))

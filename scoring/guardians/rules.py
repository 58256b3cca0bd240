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

SOURCE = "003"


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
    """One line of the component list; ``count`` is the number in the box."""

    id: str
    name: str
    count: int
    note: str
    source: str = SOURCE


COMPONENTS: tuple[Component, ...] = (
    Component(
        "animal_cards", "Animal cards", 10, "5 animals, 2 cards each; value read off the card"
    ),
    Component("resource_cards", "Resource cards", 30, "one type is Water (used to put out fire)"),
    Component("terrain_tiles", "Terrain tiles", 36, "regular I/II/III, mountains and lakes"),
    Component("starting_tile", "Starting tile", 1, "holds the Illegal Logger's base"),
    Component("upgrade_cubes", "Wooden upgrade cubes", 20, "4 go on each ranger board at setup"),
    Component("trees", "Trees", 40, "Taiwan Spruce, Calocedrus Formosana, Camphor Tree"),
    Component(
        "animals_and_rangers",
        "Animal tokens, ranger tokens and the Illegal Logger",
        15,
        "10 animal tokens (one per animal card), 4 ranger tokens, 1 Illegal Logger",
    ),
    Component("fire_tokens", "Fire tokens", 12, "1 point each for whoever puts the fire out"),
    Component("ranger_boards", "Ranger boards", 4, "side A basic game, side B advanced game"),
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
    source: str = SOURCE

    @property
    def allowed_label(self) -> str:
        names = [a.value for a in PILE_ORDER if a in self.allowed]
        return " or ".join(names)

    @property
    def cost_label(self) -> str:
        if self.cost_cards == 1:
            return "1 resource card of any type"
        return f"{self.cost_cards} resource cards of one type"


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
    source: str = SOURCE


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
    """A ranger's title, ability during play, and end-game bonus (003 "Ranger Abilities")."""

    ranger: Ranger
    title: str
    ability: str
    bonus: str
    shelter_capacity: int
    source: str = SOURCE


RANGERS: dict[Ranger, RangerInfo] = {
    Ranger.JULIA: RangerInfo(
        Ranger.JULIA,
        "Animal Expert",
        "Her shelter holds 2 animal tokens instead of 1.",
        "+1 per animal card she holds and +1 per animal token in her shelter.",
        2,
    ),
    Ranger.JACK: RangerInfo(
        Ranger.JACK,
        "Firefighter",
        "Fire does not burn his trees (the fire token is still placed, other players' trees "
        "still burn, and his animals on a burning habitat still go back to his shelter).",
        "+1 per fire token he holds.",
        1,
    ),
    Ranger.FLUFFY: RangerInfo(
        Ranger.FLUFFY,
        "Mountain Protector",
        "May plant Calocedrus Formosana on mountain tiles of any altitude; those trees do not "
        "count towards animals' living conditions.",
        "+2 per Calocedrus Formosana planted on a mountain.",
        1,
    ),
    Ranger.BEAN: RangerInfo(
        Ranger.BEAN,
        "Master Gardener",
        "Plants on tiles other players planted without the extra resource card.",
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
    ``next_to`` a special terrain kind the tree tile must touch; ``shape`` how
    several tiles must lie; ``placement`` where the token goes.
    """

    animal: AnimalSpecies
    trees: int
    altitudes: frozenset[Altitude]
    next_to: TileKind | None
    shape: str
    placement: str
    cards: int = 2
    source: str = SOURCE


LIVING_CONDITIONS: dict[AnimalSpecies, LivingCondition] = {
    AnimalSpecies.COMMON_PHEASANT: LivingCondition(
        AnimalSpecies.COMMON_PHEASANT,
        1,
        frozenset({Altitude.LOW}),
        None,
        "a single tile",
        "on that tile",
    ),
    AnimalSpecies.FORMOSAN_BLACK_BEAR: LivingCondition(
        AnimalSpecies.FORMOSAN_BLACK_BEAR,
        1,
        frozenset({Altitude.HIGH, Altitude.MEDIUM}),
        TileKind.MOUNTAIN,
        "the tree's tile touches a mountain",
        "between the tree's tile and the mountain",
    ),
    AnimalSpecies.SAMBAR_DEER: LivingCondition(
        AnimalSpecies.SAMBAR_DEER,
        1,
        frozenset({Altitude.HIGH, Altitude.MEDIUM}),
        TileKind.LAKE,
        "the tree's tile touches a lake",
        "between the tree's tile and the lake",
    ),
    AnimalSpecies.LEOPARD_CAT: LivingCondition(
        AnimalSpecies.LEOPARD_CAT,
        3,
        frozenset({Altitude.MEDIUM, Altitude.LOW}),
        None,
        "three tiles that all touch each other (not in a straight line)",
        "in the middle of the three tiles",
    ),
    AnimalSpecies.PANGOLIN: LivingCondition(
        AnimalSpecies.PANGOLIN,
        2,
        frozenset({Altitude.MEDIUM}),
        None,
        "two adjacent tiles",
        "between the two tiles",
    ),
}

#: General release rules (003 "Living Conditions", "Release").
RELEASE_RULES: tuple[str, ...] = (
    "The trees must be the releasing player's own.",
    "A released animal occupies its tiles: no other animal may use them.",
    "With two animals of one kind out, take the card whose point colour matches the token's base.",
    "The Mountain Protector's Calocedrus on a mountain never counts for a living condition.",
)


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class EventRule:
    """What a special event does (003 "Appendix: Special Events")."""

    event: SpecialEvent
    title: str
    effect: tuple[str, ...]
    source: str = SOURCE


EVENTS: dict[SpecialEvent, EventRule] = {
    SpecialEvent.ANIMAL_ENCOUNTER: EventRule(
        SpecialEvent.ANIMAL_ENCOUNTER,
        "Animal Encounter",
        (
            "Draw the top animal card and lay it face up on the table.",
            "Put the matching animal token (base colour = the card's point colour) on it.",
        ),
    ),
    SpecialEvent.FOREST_FIRE: EventRule(
        SpecialEvent.FOREST_FIRE,
        "Forest Fire",
        (
            "After placing the tile, put a fire token on it and on every tile next to it.",
            "Trees on those tiles go back to their owners (not the Firefighter's).",
            "Every tile can burn, mountains and lakes too; only the Illegal Logger's base cannot.",
            "A tile with a ranger token gets no fire token.",
            "No tree may be planted on a tile with a fire token.",
        ),
    ),
    SpecialEvent.ILLEGAL_LOGGER: EventRule(
        SpecialEvent.ILLEGAL_LOGGER,
        "Illegal Logger",
        (
            "Place this tile at the end of one of the arrow directions from the logger's base; "
            "it needs to touch only one other tile.",
            "The logger walks in a straight line from his base to the new tile; every tree on "
            "the way goes back to its owner. Tiles with a ranger token are skipped.",
            "Then the logger returns to his base.",
        ),
    ),
}

#: Tree removal and animal retrieval (003 "Tree Removal", "Retrieve Released Animals").
REMOVAL_RULES: tuple[str, ...] = (
    "Removed trees go back onto the owner's ranger board, filling spaces from right to left; "
    "their points are lost until planted again.",
    "Skills already upgraded stay upgraded.",
    "A released animal goes back to its owner's shelter, and its card is handed back, when a "
    "fire token lands on a tile its living condition needs (mountains and lakes included) or a "
    "tree it needs is removed.",
    "Retrieved animals may overfill a shelter; their points are lost until released again.",
)


# --------------------------------------------------------------------------- decisions


@dataclass(frozen=True, slots=True)
class Decision:
    """Where 003 is silent, what the app does (also in docs/rules-decisions.md)."""

    id: str
    text: str
    source: str = SOURCE


DECISIONS: tuple[Decision, ...] = (
    Decision("shared_win", "Equal totals share the win: the rulebook names no tie-breaker."),
    Decision(
        "three_rows",
        "A record holds the uncovered points of exactly 3 tree rows (top, middle, bottom).",
    ),
    Decision(
        "advanced_rangers",
        "In the advanced game every player has a ranger, each ranger at most once; "
        "the basic game has none.",
    ),
    Decision(
        "ranger_fields",
        "Animals in the shelter are entered only for Julia, Calocedrus on mountains only for "
        "Fluffy (at most 4: four mountains); anything else is flagged as a likely typo.",
    ),
    Decision(
        "top_row_sharing",
        "Sharing a tile with a top-row tree costs 2 cards of one type (the extra card matches).",
    ),
    Decision("starting_tile", "No tree may be planted on the starting tile."),
    Decision(
        "first_trigger",
        "The first end condition stays fired; drawing the last terrain tile during the final "
        "round ends the game after that turn.",
    ),
    Decision(
        "two_player_first",
        "With 2 players the removals are done before shuffling anything; the 4 high-altitude "
        "tiles are taken at random among the regular ones.",
    ),
    Decision(
        "rangers_dealt",
        "In the advanced game the app deals rangers at random from the seed unless players "
        "choose theirs.",
    ),
)

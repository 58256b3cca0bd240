"""A quick reference of the Forest Guardians rules, built from the rules tables (003).

Every line is a message (:class:`scoring.message.Msg`): a code with the values
the rules tables give (counts, altitudes); the words are in the catalogues
(``app/l10n``), so a table reads the whole reference in its own language. The
turn and the planting rules are :func:`guardians_reference_lines` (one source:
:func:`quick_reference` takes its ``turn`` and ``planting`` sections from
there); the other sections have their codes here, one per rules-table entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.cite import Citation, CiteTitle, Source, cite
from scoring.guardians.rules import (
    COMPONENTS,
    DECISIONS,
    EVENTS,
    LIVING_CONDITIONS,
    PILE_ORDER,
    RANGERS,
    RELEASE_RULES,
    REMOVAL_RULES,
    ROW_ORDER,
    SHARING_EXTRA_CARDS,
    SHELTER_CAPACITY,
    SKILLS,
    SOURCE,
    Ranger,
    Skill,
)
from scoring.message import ListCode, MessageCode, Msg, joined, msg

_S3, _C = Source.S003, CiteTitle
#: Sections whose lines are :func:`guardians_reference_lines` (each with its own source).
LINE_SECTIONS: tuple[str, ...] = ("turn", "planting")


@dataclass(frozen=True, slots=True)
class ReferenceSection:
    """One section of the quick reference: a title and short entries, all messages."""

    id: str
    title: Msg
    entries: tuple[Msg, ...]
    source: Citation = SOURCE

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title.to_json(),
                "entries": [e.to_json() for e in self.entries],
                "source": [c.to_json() for c in self.source]}


class QuickRefTitle(MessageCode):
    """The titles of the sections that are not :func:`guardians_reference_lines`."""

    COMPONENTS = "ref-fg-title-components"
    OTHER_ACTIONS = "ref-fg-title-other_actions"
    ANIMALS = "ref-fg-title-animals"
    EVENTS = "ref-fg-title-events"
    REMOVAL = "ref-fg-title-removal"
    GAME_END = "ref-fg-title-game_end"
    SCORING = "ref-fg-title-scoring"
    TWO_PLAYERS = "ref-fg-title-two_players"
    RANGERS = "ref-fg-title-rangers"
    DECISIONS = "ref-fg-title-decisions"


class QuickRefCode(MessageCode):
    """The lines of the quick reference that no rules-table entry carries."""

    PUT_OUT_FIRE = "ref-fg-put-out-fire"
    RESCUE = "ref-fg-rescue"
    RELEASE = "ref-fg-release"
    SWAP = "ref-fg-swap"
    SEND_RANGER = "ref-fg-send-ranger"
    END_LAST_TREE = "ref-fg-end-last-tree"
    END_LAST_TILE = "ref-fg-end-last-tile"
    SCORE_TREES = "ref-fg-score-trees"
    SCORE_ANIMALS = "ref-fg-score-animals"
    SCORE_FIRES = "ref-fg-score-fires"
    SCORE_WIN = "ref-fg-score-win"
    TWO_PLAYERS = "ref-fg-two-players"


class ComponentCode(MessageCode):
    """One line per component of the box (``rules.COMPONENTS`` ids), with its count."""

    ANIMAL_CARDS = "ref-fg-component-animal_cards"
    RESOURCE_CARDS = "ref-fg-component-resource_cards"
    TERRAIN_TILES = "ref-fg-component-terrain_tiles"
    STARTING_TILE = "ref-fg-component-starting_tile"
    UPGRADE_CUBES = "ref-fg-component-upgrade_cubes"
    TREES = "ref-fg-component-trees"
    ANIMALS_AND_RANGERS = "ref-fg-component-animals_and_rangers"
    FIRE_TOKENS = "ref-fg-component-fire_tokens"
    RANGER_BOARDS = "ref-fg-component-ranger_boards"


class LivingCode(MessageCode):
    """One living condition per animal (``rules.LIVING_CONDITIONS``): trees and altitudes."""

    COMMON_PHEASANT = "ref-fg-living-common_pheasant"
    FORMOSAN_BLACK_BEAR = "ref-fg-living-formosan_black_bear"
    SAMBAR_DEER = "ref-fg-living-sambar_deer"
    LEOPARD_CAT = "ref-fg-living-leopard_cat"
    PANGOLIN = "ref-fg-living-pangolin"


class ReleaseCode(MessageCode):
    """The general release rules (``rules.RELEASE_RULES`` ids)."""

    OWN_TREES = "ref-fg-release-own_trees"
    OCCUPIED = "ref-fg-release-occupied"
    MATCHING_CARD = "ref-fg-release-matching_card"
    CALOCEDRUS = "ref-fg-release-calocedrus"


class EventCode(MessageCode):
    """What each special event does (``rules.EVENTS``)."""

    ANIMAL_ENCOUNTER = "ref-fg-event-animal_encounter"
    FOREST_FIRE = "ref-fg-event-forest_fire"
    ILLEGAL_LOGGER = "ref-fg-event-illegal_logger"


class RemovalCode(MessageCode):
    """Tree removal and retrieved animals (``rules.REMOVAL_RULES`` ids)."""

    TREES_BACK = "ref-fg-removal-trees_back"
    SKILLS_STAY = "ref-fg-removal-skills_stay"
    ANIMAL_BACK = "ref-fg-removal-animal_back"
    OVERFILL = "ref-fg-removal-overfill"


class RangerCode(MessageCode):
    """Each ranger's ability and end-game bonus (``rules.RANGERS``)."""

    JULIA = "ref-fg-ranger-julia"
    JACK = "ref-fg-ranger-jack"
    FLUFFY = "ref-fg-ranger-fluffy"
    BEAN = "ref-fg-ranger-bean"


class DecisionCode(MessageCode):
    """The app's decisions where 003 is silent (``rules.DECISIONS`` ids)."""

    SHARED_WIN = "ref-fg-decision-shared_win"
    THREE_ROWS = "ref-fg-decision-three_rows"
    ADVANCED_RANGERS = "ref-fg-decision-advanced_rangers"
    RANGER_FIELDS = "ref-fg-decision-ranger_fields"
    TOP_ROW_SHARING = "ref-fg-decision-top_row_sharing"
    STARTING_TILE = "ref-fg-decision-starting_tile"
    FIRST_TRIGGER = "ref-fg-decision-first_trigger"
    TWO_PLAYER_FIRST = "ref-fg-decision-two_player_first"
    RANGERS_DEALT = "ref-fg-decision-rangers_dealt"


#: Every code enum of the sections beyond the turn and planting lines.
QUICK_REFERENCE_CODES: tuple[type[MessageCode], ...] = (
    QuickRefTitle, QuickRefCode, ComponentCode, LivingCode, ReleaseCode, EventCode,
    RemovalCode, RangerCode, DecisionCode)


def _altitudes(alts: frozenset[Any]) -> Msg:
    """Printed numerals, in draw order, joined by the language's "or"."""
    return joined(ListCode.OR, (a.value for a in PILE_ORDER if a in alts))


def _lines(section: str) -> tuple[Msg, ...]:
    return tuple(line.message for line in guardians_reference_lines() if line.section == section)


def quick_reference(advanced: bool = True) -> tuple[ReferenceSection, ...]:
    """The rules a table needs at hand, in play order; ``advanced`` adds the ranger parts."""
    julia = RANGERS[Ranger.JULIA].shelter_capacity
    sections: list[ReferenceSection] = [
        ReferenceSection("components", msg(QuickRefTitle.COMPONENTS), tuple(
            msg(ComponentCode(f"ref-fg-component-{c.id}"), count=c.count) for c in COMPONENTS)),
        ReferenceSection("turn", msg("ref-section-guardians-turn"), _lines("turn")),
        ReferenceSection("planting", msg("ref-section-guardians-planting"), _lines("planting")),
        ReferenceSection("other_actions", msg(QuickRefTitle.OTHER_ACTIONS), (
            msg(QuickRefCode.PUT_OUT_FIRE),
            msg(QuickRefCode.RESCUE, capacity=SHELTER_CAPACITY, advanced=advanced,
                julia=julia),
            msg(QuickRefCode.RELEASE),
            msg(QuickRefCode.SWAP),
        ) + ((msg(QuickRefCode.SEND_RANGER),) if advanced else ())),
        ReferenceSection("animals", msg(QuickRefTitle.ANIMALS), tuple(
            msg(LivingCode(f"ref-fg-living-{lc.animal.value}"), trees=lc.trees,
                altitudes=_altitudes(lc.altitudes))
            for lc in LIVING_CONDITIONS.values()
        ) + tuple(msg(ReleaseCode(f"ref-fg-release-{r}")) for r in RELEASE_RULES)),
        ReferenceSection("events", msg(QuickRefTitle.EVENTS), tuple(
            msg(EventCode(f"ref-fg-event-{e.event.value}")) for e in EVENTS.values())),
        ReferenceSection("removal", msg(QuickRefTitle.REMOVAL), tuple(
            msg(RemovalCode(f"ref-fg-removal-{r}")) for r in REMOVAL_RULES)),
        ReferenceSection("game_end", msg(QuickRefTitle.GAME_END), (
            msg(QuickRefCode.END_LAST_TREE), msg(QuickRefCode.END_LAST_TILE))),
        ReferenceSection("scoring", msg(QuickRefTitle.SCORING), (
            msg(QuickRefCode.SCORE_TREES), msg(QuickRefCode.SCORE_ANIMALS),
            msg(QuickRefCode.SCORE_FIRES), msg(QuickRefCode.SCORE_WIN))),
        ReferenceSection("two_players", msg(QuickRefTitle.TWO_PLAYERS),
                         (msg(QuickRefCode.TWO_PLAYERS),)),
    ]
    if advanced:
        sections.append(ReferenceSection("rangers", msg(QuickRefTitle.RANGERS), tuple(
            msg(RangerCode(f"ref-fg-ranger-{r.ranger.value}")) for r in RANGERS.values())))
    sections.append(ReferenceSection("decisions", msg(QuickRefTitle.DECISIONS), tuple(
        msg(DecisionCode(f"ref-fg-decision-{d.id}")) for d in DECISIONS)))
    return tuple(sections)


# --------------------------------------------------------------------------- coded lines


class GuardiansRefCode(MessageCode):
    """Codes of the Forest Guardians turn and planting lines (words in the app's catalogues)."""

    START = "ref-fg-start"
    EXPLORE = "ref-fg-explore"
    ACT = "ref-fg-act"
    ACTIONS = "ref-fg-actions"
    REFILL = "ref-fg-refill"
    ROW = "ref-fg-row"
    LEFTMOST = "ref-fg-leftmost"
    REGULAR_ONLY = "ref-fg-regular-only"
    SHARING = "ref-fg-sharing"
    UPGRADE = "ref-fg-upgrade"
    END = "ref-fg-end"


@dataclass(frozen=True, slots=True)
class GuardiansRefLine:
    """One line of the Forest Guardians quick reference: ``section`` (turn | planting)."""

    section: str
    message: Msg
    source: Citation = SOURCE


def guardians_reference_lines() -> tuple[GuardiansRefLine, ...]:
    """The turn and the planting rules as coded lines, built from the rules tables (003)."""
    res = SKILLS[Skill.INCREASE_RESOURCE]
    act = SKILLS[Skill.INCREASE_ACTION]
    lines = [
        GuardiansRefLine("turn", msg(GuardiansRefCode.START), cite(_S3, _C.START)),
        GuardiansRefLine("turn", msg(GuardiansRefCode.EXPLORE),
                         cite(_S3, _C.FOREST_EXPLORATION, mark="1.")),
        GuardiansRefLine("turn", msg(GuardiansRefCode.ACT, actions=act.start),
                         cite(_S3, _C.PLAYER_ACTION, mark="2.")),
        GuardiansRefLine("turn", msg(GuardiansRefCode.ACTIONS),
                         cite(_S3, _C.PLAYER_ACTION, mark="2.")),
        GuardiansRefLine("turn", msg(GuardiansRefCode.REFILL, start=res.start,
                                     maximum=res.maximum or 0),
                         cite(_S3, _C.RESOURCE_REPLENISHMENT, mark="3.")
                         + cite(_S3, _C.INCREASE_RESOURCE)),
        GuardiansRefLine("turn", msg(GuardiansRefCode.END), cite(_S3, _C.GAME_END)),
    ]
    for row in ROW_ORDER:
        rule = row.rule
        allowed = " / ".join(a.value for a in PILE_ORDER if a in rule.allowed)
        lines.append(GuardiansRefLine("planting", msg(
            GuardiansRefCode.ROW, row=row.value, allowed=allowed, cards=rule.cost_cards,
            same_type=rule.same_type), cite(_S3, _C.PLANTING_CONDITION, mark="a.")))
    lines += [
        GuardiansRefLine("planting", msg(GuardiansRefCode.LEFTMOST),
                         cite(_S3, _C.FORESTATION, mark="I.")),
        GuardiansRefLine("planting", msg(GuardiansRefCode.REGULAR_ONLY),
                         cite(_S3, _C.FORESTATION, mark="I.")),
        GuardiansRefLine("planting", msg(GuardiansRefCode.SHARING, extra=SHARING_EXTRA_CARDS),
                         cite(_S3, _C.SHARING_TERRAIN, mark="b.")),
        GuardiansRefLine("planting", msg(GuardiansRefCode.UPGRADE),
                         cite(_S3, _C.UPGRADE_SKILL, mark="c.")),
    ]
    return tuple(lines)

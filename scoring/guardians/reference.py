"""A quick reference of the Forest Guardians rules, built from the rules tables (003)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    SKILLS,
    SOURCE,
    Skill,
)
from scoring.message import MessageCode, Msg, msg


@dataclass(frozen=True, slots=True)
class ReferenceSection:
    """One section of the quick reference: a title and short entries."""

    id: str
    title: str
    entries: tuple[str, ...]
    source: str = SOURCE

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "entries": list(self.entries),
                "source": self.source}


def _alts(alts: frozenset[Any]) -> str:
    return " or ".join(a.value for a in PILE_ORDER if a in alts)


def quick_reference(advanced: bool = True) -> tuple[ReferenceSection, ...]:
    """The rules a table needs at hand, in play order; ``advanced`` adds the ranger parts."""
    res = SKILLS[Skill.INCREASE_RESOURCE]
    act = SKILLS[Skill.INCREASE_ACTION]
    sections: list[ReferenceSection] = [
        ReferenceSection(
            "components",
            "In the box",
            tuple(f"{c.count} × {c.name}: {c.note}" for c in COMPONENTS),
        ),
        ReferenceSection(
            "turn",
            "A turn (clockwise from the youngest player)",
            (
                "1. Explore: draw a terrain tile from the highest altitude pile that is not "
                "empty (I, then II, then III); place it touching at least 2 edges of placed "
                "tiles; resolve its icon (animal, fire, logger).",
                f"2. Act: {act.start} action, +1 per action upgrade. Actions: forestation, put "
                "out fire, rescue an animal, release an animal, swap cards"
                + ("; advanced: send your ranger." if advanced else "."),
                f"3. Refill your hand up to your limit ({res.start}, +1 per resource upgrade, "
                f"at most {res.maximum}).",
            ),
        ),
        ReferenceSection(
            "planting",
            "Forestation",
            tuple(
                f"{r.value.title()} row: terrain {r.rule.allowed_label}; cost {r.rule.cost_label}."
                for r in ROW_ORDER
            )
            + (
                "Take the leftmost tree of the row; the number it uncovers scores at the end.",
                "Only on regular tiles: never on mountains, lakes or the starting tile "
                "(advanced: the Mountain Protector's Calocedrus Formosana may go on mountains).",
                "Never on a tile with a fire token, never twice on a tile you planted.",
                "A tile another player planted costs 1 extra card of the same type (any number "
                "of trees there: still 1)"
                + ("; not for the Master Gardener." if advanced else "."),
                "A tree with an upgrade cube beside it lets you upgrade a skill at once; "
                "upgrades stay even if the tree is removed.",
            ),
        ),
        ReferenceSection(
            "other_actions",
            "Other actions",
            (
                "Put out fire: pay 1 Water card, take 1 fire token (1 point at the end).",
                "Rescue: put any animal token into your shelter (room for 1"
                + ("; Julia's for 2" if advanced else "")
                + "); it stays there until released.",
                "Release: put a sheltered animal on tiles meeting its living condition and take "
                "its card.",
                "Swap cards: discard any number of cards and draw as many.",
            )
            + (
                ("Send your ranger (advanced): put your ranger token on any revealed tile; "
                 "it shields that tile (all its trees) from fire and the logger until moved.",)
                if advanced
                else ()
            ),
        ),
        ReferenceSection(
            "animals",
            "Living conditions",
            tuple(
                f"{lc.animal.label}: {lc.trees} tree{'s' if lc.trees > 1 else ''} of yours on "
                f"terrain {_alts(lc.altitudes)}, {lc.shape}; token goes {lc.placement}."
                for lc in LIVING_CONDITIONS.values()
            )
            + RELEASE_RULES,
        ),
        ReferenceSection(
            "events",
            "Special events",
            tuple(f"{e.title}: {' '.join(e.effect)}" for e in EVENTS.values()),
        ),
        ReferenceSection("removal", "Tree removal and retrieved animals", REMOVAL_RULES),
        ReferenceSection(
            "game_end",
            "Game end",
            (
                "A player plants their last tree: every other player takes one more turn, then "
                "the game ends.",
                "A player draws the last terrain tile: the game ends after that turn.",
            ),
        ),
        ReferenceSection(
            "scoring",
            "Scoring",
            (
                "Trees: the points uncovered on your ranger board.",
                "Animals: the points on your animal cards.",
                "Fires: 1 point per fire token.",
                "Most points wins; equal totals share the win (the rulebook names no "
                "tie-breaker).",
            ),
        ),
        ReferenceSection(
            "two_players",
            "Two players",
            (
                "Before play, return to the box 4 regular high-altitude (I) tiles, all "
                "low-altitude (III) tiles and both Common Pheasant sets (cards and tokens).",
            ),
        ),
    ]
    if advanced:
        sections.append(
            ReferenceSection(
                "rangers",
                "Rangers (advanced game, board side B)",
                tuple(
                    f"{r.ranger.value.title()}, {r.title}: {r.ability} Scoring: {r.bonus}"
                    for r in RANGERS.values()
                ),
            )
        )
    sections.append(
        ReferenceSection(
            "decisions",
            "Where the rulebook is silent (the app's decisions)",
            tuple(d.text for d in DECISIONS),
        )
    )
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
    source: str = SOURCE


def guardians_reference_lines() -> tuple[GuardiansRefLine, ...]:
    """The turn and the planting rules as coded lines, built from the rules tables (003)."""
    res = SKILLS[Skill.INCREASE_RESOURCE]
    act = SKILLS[Skill.INCREASE_ACTION]
    lines = [
        GuardiansRefLine("turn", msg(GuardiansRefCode.START), f"{SOURCE} Start"),
        GuardiansRefLine("turn", msg(GuardiansRefCode.EXPLORE), f"{SOURCE} 1. Forest Exploration"),
        GuardiansRefLine("turn", msg(GuardiansRefCode.ACT, actions=act.start),
                         f"{SOURCE} 2. Player Action"),
        GuardiansRefLine("turn", msg(GuardiansRefCode.ACTIONS), f"{SOURCE} 2. Player Action"),
        GuardiansRefLine("turn", msg(GuardiansRefCode.REFILL, start=res.start,
                                     maximum=res.maximum or 0),
                         f"{SOURCE} 3. Resource Replenishment; Increase Resource"),
        GuardiansRefLine("turn", msg(GuardiansRefCode.END), f"{SOURCE} Game End"),
    ]
    for row in ROW_ORDER:
        rule = row.rule
        allowed = " / ".join(a.value for a in PILE_ORDER if a in rule.allowed)
        lines.append(GuardiansRefLine("planting", msg(
            GuardiansRefCode.ROW, row=row.value, allowed=allowed, cards=rule.cost_cards,
            same_type=rule.same_type), f"{SOURCE} a. Planting Condition"))
    lines += [
        GuardiansRefLine("planting", msg(GuardiansRefCode.LEFTMOST), f"{SOURCE} I. Forestation"),
        GuardiansRefLine("planting", msg(GuardiansRefCode.REGULAR_ONLY),
                         f"{SOURCE} I. Forestation"),
        GuardiansRefLine("planting", msg(GuardiansRefCode.SHARING, extra=SHARING_EXTRA_CARDS),
                         f"{SOURCE} b. Sharing Terrain"),
        GuardiansRefLine("planting", msg(GuardiansRefCode.UPGRADE), f"{SOURCE} c. Upgrade Skill"),
    ]
    return tuple(lines)

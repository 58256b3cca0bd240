"""Citations as data: which source, which section, which step (issue 31).

A line the app states (a quick-reference line, a setup step, a printed value) says where
it comes from. A :class:`Cite` names one place: a source (:class:`Source`: the rulebooks
000-003 of ``rules/seeds`` or the project's rules summary, RULES), the section's mark as
the source prints it ("2.", "I.", "a.", "§2.9"), the section's title (a catalogue code,
:class:`CiteTitle`: the words are in ``app/l10n``, one per language) and a step number.
A :data:`Citation` is one or more of them.

Nothing parses a worded citation back: :func:`worded` words one with a :data:`Say` of the
reader's language (``app.l10n.cite``), and a JSON contract (``forest-table setup --json``)
words it in English at its boundary.

>>> worded(cite(Source.S000, CiteTitle.TEND) + cite(Source.S002, CiteTitle.SETUP, step=3),
...        lambda m: {"cite-separator": "; ", "cite-tending-the-forest": "Tending the forest",
...                   "cite-setup": "setup"}[m.code])
'000 Tending the forest; 002 setup 3'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from scoring.message import MessageCode, Say, msg


class Source(StrEnum):
    """The sources a citation names (``rules/seeds``; RULES: /work/shared/rules/RULES.md)."""

    S000 = "000"  # Forestry rulebook (English)
    S001 = "001"  # Growing Forward rulebook (English)
    S002 = "002"  # Forestry rulebook (Japanese)
    S003 = "003"  # Forest Guardians rulebook (English)
    RULES = "RULES"  # the project's rules summary, by section number


class CiteTitle(MessageCode):
    """The section titles citations name (the words: ``cite-…`` in each catalogue)."""

    # 000, and the same sections in 002
    FOREST_SPECIES = "cite-forest-five-species"
    FOREST_BUILDINGS = "cite-forest-buildings"
    HARVEST = "cite-harvest"
    MOVEMENT = "cite-movement"
    REFORESTATION = "cite-reforestation"
    REPLENISH_FORESTERS = "cite-replenishing-forester-tokens"
    TEND = "cite-tending-the-forest"
    WATER = "cite-water-structures"
    # 001
    REMOVE_INFESTED = "cite-removing-infested-wood"
    SPAWN_INFESTED = "cite-spawning-infested-wood"
    DETACHED_ALL_TIED = "cite-detached-storage-scoring-all-three-storages-tied"
    DETACHED_FEWEST = "cite-detached-storage-scoring-storage-with-the-fewest"
    DETACHED_MOST = "cite-detached-storage-scoring-storage-with-the-most-infested-wood"
    DETACHED_SECOND = "cite-detached-storage-scoring-storage-with-the-second-most"
    DETACHED_TIED_BELOW_TOP = (
        "cite-detached-storage-scoring-two-storages-tied-below-the-top-worked-example")
    ASYMMETRIC_SETUP = "cite-asymmetric-setup-cards"
    ADVANCED_CHARACTERS = "cite-advanced-characters"
    ROAD_MANAGER = "cite-advanced-characters-forest-road-manager"
    TECHNICIAN = "cite-advanced-characters-technician"
    COMPONENTS = "cite-components"
    # 002 (001 and 002 both have a "setup")
    SETUP = "cite-setup"
    PLAYER_SETUP = "cite-player-setup"
    ADVANCED_GAME = "cite-advanced-game"
    CHARACTERS = "cite-characters"
    CHARACTER_ABILITIES = "cite-character-abilities"
    ECOLOGIST = "cite-character-abilities-forest-ecologist"
    TRADE_SPECIALIST = "cite-trade-specialist"
    LOGISTICS_MANAGER = "cite-logistics-manager"
    MONITORING_SPECIALIST = "cite-monitoring-specialist"
    GAME_BOARD = "cite-game-board-15-forest-spaces"
    CLEARING_TOKENS = "cite-clearing-tokens"
    HARVESTER_HARVEST = "cite-harvester-actions-harvest"
    ROUND_TOKENS = "cite-round-tokens"
    ACTION_POINT_TRACK = "cite-action-point-track"
    DEVELOPMENT_TRACK = "cite-advancing-on-the-development-track"
    FREE_ACTIONS = "cite-free-actions"
    RESOURCES = "cite-resources"
    HARVESTER_MOVEMENT = "cite-harvester-actions-movement"
    HARVESTER_ACTIONS = "cite-harvester-actions"
    MANAGER_MOVEMENT = "cite-sawmill-manager-actions-movement"
    SAWMILL_ACTIONS = "cite-sawmill-actions"
    SAWMILL_UPGRADES = "cite-sawmill-upgrades"
    CONTRACTS = "cite-fulfilling-contracts"
    HQ_ICONS = "cite-hq-tile-icons"
    GAME_END_SCORING = "cite-game-end-and-scoring"
    EXAMPLE_BUILDINGS = "cite-end-game-scoring-worked-example-5-buildings-score-7-vp-board-a"
    EXAMPLE_TASKS = "cite-end-game-scoring-worked-example-5-task-cards-fulfilled-score-11-vp"
    MOST_FORESTERS = "cite-end-game-scoring-most-forester-tokens"
    # 003
    START = "cite-start"
    FOREST_EXPLORATION = "cite-forest-exploration"
    PLAYER_ACTION = "cite-player-action"
    RESOURCE_REPLENISHMENT = "cite-resource-replenishment"
    INCREASE_RESOURCE = "cite-increase-resource"
    GAME_END = "cite-game-end"
    FORESTATION = "cite-forestation"
    PLANTING_CONDITION = "cite-planting-condition"
    SHARING_TERRAIN = "cite-sharing-terrain"
    UPGRADE_SKILL = "cite-upgrade-skill"


class CiteCode(MessageCode):
    """How a citation's parts are joined ("; " in English, "；" in Japanese)."""

    SEPARATOR = "cite-separator"


@dataclass(frozen=True, slots=True)
class Cite:
    """One place in one source: its id, the section's mark and title, a step number."""

    source: Source
    title: CiteTitle | None = None
    mark: str = ""
    step: int | None = None

    def worded(self, say: Say) -> str:
        """``000 Tending the forest``, ``003 a. Planting Condition``, ``002 setup 3``."""
        title = say(msg(self.title)) if self.title is not None else ""
        step = "" if self.step is None else str(self.step)
        return " ".join(x for x in (self.source.value, self.mark, title, step) if x)

    def to_json(self) -> dict[str, str | int]:
        """Plain JSON: the source id and whichever of title (its code), mark, step it has."""
        out: dict[str, str | int] = {"source": self.source.value}
        if self.title is not None:
            out["title"] = self.title.value
        if self.mark:
            out["mark"] = self.mark
        if self.step is not None:
            out["step"] = self.step
        return out


#: A citation: the places a line comes from, in the order it names them.
Citation: TypeAlias = tuple[Cite, ...]


def cite(source: Source, title: CiteTitle | None = None, *, mark: str = "",
         step: int | None = None) -> Citation:
    """A citation of one place (``+`` joins citations: ``cite(...) + cite(...)``)."""
    return (Cite(source, title, mark, step),)


def worded(citation: Citation, say: Say) -> str:
    """``citation`` in the language ``say`` words: its parts joined the language's way."""
    return say(msg(CiteCode.SEPARATOR)).join(part.worded(say) for part in citation)


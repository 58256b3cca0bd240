"""What Forestry's table is told after a command, in no language: the board's events, the
draws of the forest board and the round tokens as message codes with values.

The session keeps each message as its ``kind`` (a board event type, a play-log action,
``round_token``) and ``data`` (JSON values); :func:`event_msg` turns that data into a
:class:`scoring.message.Msg` the catalogues word (``event-*`` in ``app/l10n/*.ftl``), so a
message already shown can be said again in another language. Nothing here parses a
sentence. The game's variant carries :func:`event_msg` as its ``words``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.message import ListCode, MessageCode, Msg, joined, msg
from setup.forestry.plan import round_token_effect
from setup.forestry.play import INFESTED_WOOD_TOKENS, ROUND_TOKENS_BY_ID


class ForestryEvent(MessageCode):
    """What Forestry's table is told after a command."""

    FORESTER_PLACED = "event-forester-placed"
    SEEDLING_PLANTED = "event-seedling-planted"
    BELOW_TABLE = "event-below-table"
    ROW_COMPLETED = "event-row-completed"
    TECHNOLOGY_UPGRADE = "event-technology-upgrade"
    WATER_STEP = "event-water-step"
    REWARD_LAP = "event-reward-lap"
    FOREST_WORKER_ROW = "event-forest-worker-row"
    PLACEMENT = "event-placement"
    INFESTED_SUPPLY_EMPTY = "event-infested-supply-empty"
    RESHUFFLED = "event-reshuffled"
    FORESTERS_REPLENISHED = "event-foresters-replenished"
    FORESTERS_FULL = "event-foresters-full"
    INFESTED_WOOD = "event-infested-wood"
    NO_REPRODUCTION = "event-no-reproduction"
    ROUND_TOKEN = "event-round-revealed"
    LAST_ROUND_TOKEN = "event-last-round-token"
    FLIP_HARVEST_TOKEN = "event-flip-harvest-token"
    DRAW_TASK_CARD = "event-draw-task-card"


def log_entry_data(entry: Any) -> dict[str, Any]:
    """A ``setup.forestry.play.LogEntry`` as the session's message data (the draw as JSON)."""
    data: dict[str, Any] = {"action": entry.action}
    if entry.round_token is not None:
        data["round_token"] = entry.round_token.id
    if entry.reveals or entry.placements:
        data.update({
            "reveals": [r.to_json() for r in entry.reveals],
            "placements": [{"token": p.token, "card": p.card, "space": p.space,
                            "skipped": list(p.skipped), "trigger": p.trigger,
                            **({"supply_empty": True} if p.supply_empty else {})}
                           for p in entry.placements],
            "reshuffled": entry.reshuffled,
        })
    return data


def log_entry_msg(entry: Any, **extra: Any) -> Msg | None:
    """The message of an in-play draw; ``extra``: what the session adds (scores, round)."""
    return event_msg(str(entry.action), {**log_entry_data(entry), **extra})


def _placement(p: Mapping[str, Any]) -> Msg:
    if p.get("supply_empty"):
        return msg(ForestryEvent.INFESTED_SUPPLY_EMPTY, total=INFESTED_WOOD_TOKENS)
    return msg(ForestryEvent.PLACEMENT, card=int(p["card"]), token=msg(f"label-{p['token']}"),
               space=p["space"] if p.get("space") is not None else 0,
               skipped=joined(ListCode.COMMAS, p.get("skipped") or ()),
               has_skipped=bool(p.get("skipped")))


def _placements(d: Mapping[str, Any]) -> Msg:
    return joined(ListCode.SEMICOLONS, (_placement(p) for p in d.get("placements") or ()))


def event_msg(kind: str, data: Mapping[str, Any]) -> Msg | None:  # noqa: C901 - one table
    """The message for a session message's ``kind`` and ``data`` (None: not one of Forestry's)."""
    d = dict(data)
    try:
        if kind == "ForesterPlaced":
            return msg(ForestryEvent.FORESTER_PLACED, type=d["type"],
                       kind=msg(f"label-{d['type']}"), column=int(d["column"]) + 1,
                       row=int(d["row"]))
        if kind == "SeedlingPlanted":
            return msg(ForestryEvent.SEEDLING_PLANTED, area=msg(f"label-{d['area']}"),
                       row=int(d["row"]))
        if kind == "BelowTable":
            item = str(d["item"])
            forester = item.split(":", 1)[1] if item.startswith("forester:") else ""
            return msg(ForestryEvent.BELOW_TABLE, seedling=item == "seedling",
                       kind=msg(f"label-{forester}") if forester else "", vp=int(d["vp"]))
        if kind == "RowCompleted":
            return msg(ForestryEvent.ROW_COMPLETED, table=str(d["table"]), row=int(d["row"]),
                       vp=int(d.get("vp") or 0))
        if kind == "TechnologyUpgrade":
            return msg(ForestryEvent.TECHNOLOGY_UPGRADE, table=str(d["source"]).split(" ", 1)[0])
        if kind == "WaterStep":
            return msg(ForestryEvent.WATER_STEP, reason=str(d["reason"]).replace(" ", "_"),
                       multiplier=int(d["new_multiplier"]))
        if kind == "RewardLap":
            return msg(ForestryEvent.REWARD_LAP, vp=int(d["vp"]))
        if kind == "Notice" and d.get("table") and d.get("row"):
            return msg(ForestryEvent.FOREST_WORKER_ROW, table=str(d["table"]), row=int(d["row"]))
        if kind == "replenish_foresters":
            if not d.get("placements"):
                return msg(ForestryEvent.FORESTERS_FULL)
            return msg(ForestryEvent.FORESTERS_REPLENISHED, placements=_placements(d),
                       reshuffled=bool(d.get("reshuffled")))
        if kind == "spawn_infested_wood" and "old_score" in d:
            if not d.get("placements"):
                return msg(ForestryEvent.NO_REPRODUCTION, old=int(d["old_score"]),
                           new=int(d["new_score"]))
            crossed = tuple(int(p["trigger"]) for p in d["placements"])
            return msg(ForestryEvent.INFESTED_WOOD, old=int(d["old_score"]),
                       new=int(d["new_score"]), crossed=joined(ListCode.COMMAS, crossed),
                       placements=_placements(d), reshuffled=bool(d.get("reshuffled")))
        if kind == "reveal_round_token" and d.get("round_token"):
            effect = round_token_effect(ROUND_TOKENS_BY_ID[str(d["round_token"])])
            return msg(ForestryEvent.ROUND_TOKEN, round=int(d.get("round") or 0), effect=effect,
                       last=bool(d.get("last")))
        if kind == "round_token":
            if d.get("species"):
                return msg(ForestryEvent.FLIP_HARVEST_TOKEN, species=msg(f"label-{d['species']}"))
            if d.get("round_token") == "task_card":
                return msg(ForestryEvent.DRAW_TASK_CARD)
            return None
    except (KeyError, TypeError, ValueError):
        return None
    return None

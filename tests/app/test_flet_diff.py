"""Flet's diff of a frozen redraw, checked against a model of the phone (flet_compat 14.).

The app redraws a screen as a new tree diffed frozen against the old one, with the
pieces that did not change kept (the very same objects, possibly in another column now).
A model of the phone holds what was sent; each patch is applied to it as the phone
applies it (operations in order, by path); after every redraw it must be the server's
tree. Random trees and redraws (seeded: the same on every run), and the smallest case they find.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet.messaging.protocol import configure_encode_object_for_msgpack

from app.ui.kit import flet_compat  # (installs the workaround under test)

ENCODE = configure_encode_object_for_msgpack(BaseControl)
NAMES = itertools.count()


def sent(value: Any) -> Any:
    """What the phone receives for ``value``."""
    return msgpack.unpackb(msgpack.packb(value, default=ENCODE), strict_map_key=False)


def look(node: Any) -> Any:
    """What a received control shows: its type, text, key and children (ids aside: a
    frozen redraw's new controls take the old ones' ids)."""
    if not (isinstance(node, dict) and "_c" in node):
        return node
    out: list[Any] = [node["_c"], node.get("value"), node.get("key")]
    for name in sorted(node, key=str):
        value = node[name]
        if isinstance(value, list) and any(isinstance(v, dict) and "_c" in v for v in value):
            out.append((name, [look(v) for v in value]))
        elif isinstance(value, dict) and "_c" in value:
            out.append((name, look(value)))
    return out


def apply(phone: Any, ops: list[dict[str, Any]]) -> None:
    """Apply a patch's operations to the phone's model, in order."""
    for op in ops:
        if op["op"] == "move":
            *source, key = op["from"]
            here = phone
            for part in source:
                here = here[part]
            moved = here.pop(key)
            *target, key = op["path"]
            there = phone
            for part in target:
                there = there[part]
            there.insert(key, moved) if isinstance(there, list) else there.__setitem__(key, moved)
            continue
        *where, key = op["path"]
        here = phone
        for part in where:
            here = here[part]
        if op["op"] == "remove":
            here.pop(key) if isinstance(here, list) else here.pop(key, None)
        elif op["op"] == "add":
            value = sent(op["value"])
            here.insert(key, value) if isinstance(here, list) else here.__setitem__(key, value)
        else:
            here[key] = sent(op["value"])


def leaf(r: random.Random) -> ft.Control:
    n = next(NAMES)
    pick = r.random()
    if pick < 0.4:
        return ft.Text(f"t{n}")
    if pick < 0.7:
        return ft.Semantics(content=ft.Text(f"s{n}"), identifier=f"s{n}")
    return ft.Container(content=ft.Text(f"c{n}"))


def tree(r: random.Random, depth: int) -> ft.Control:
    if depth == 0 or r.random() < 0.3:
        return leaf(r)
    column = r.choice([ft.Column, ft.Row])([tree(r, depth - 1) for _ in range(r.randint(0, 4))])
    if r.random() < 0.4:
        column.key = f"kept-{next(NAMES)}"
    return column


def redrawn(r: random.Random, node: Any) -> Any:
    """The same look made anew, a quarter of the pieces kept (the same object)."""
    if r.random() < 0.25:
        return node
    if isinstance(node, ft.Column | ft.Row):
        copy = type(node)([redrawn(r, c) for c in node.controls])
        if node.key is not None:
            copy.key = node.key
        return copy
    if isinstance(node, ft.Semantics):
        return ft.Semantics(content=redrawn(r, node.content), identifier=node.identifier)
    if isinstance(node, ft.Container):
        return ft.Container(content=redrawn(r, node.content))
    return ft.Text(node.value)


def every(node: Any, into: list[Any]) -> list[Any]:
    into.append(node)
    for child in getattr(node, "controls", None) or []:
        every(child, into)
    if getattr(node, "content", None) is not None:
        every(node.content, into)
    return into


def change(r: random.Random, new: Any, old: Any) -> None:
    """A few changes in the new tree's own columns (a kept piece is never changed, but it
    may go to another column)."""
    kept = {id(c) for c in every(old, [])}
    columns = [c for c in every(new, []) if isinstance(c, ft.Column | ft.Row) and id(c) not in kept]
    for _ in range(r.randint(1, 4)):
        target = r.choice(columns)
        pick = r.random()
        if pick < 0.3 and len(target.controls) > 1:
            target.controls = r.sample(target.controls, len(target.controls))
        elif pick < 0.55:
            source = r.choice(columns)
            if source.controls:
                i = r.randrange(len(source.controls))
                piece = source.controls[i]
                if target in every(piece, []):
                    continue
                source.controls = source.controls[:i] + source.controls[i + 1:]
                j = r.randint(0, len(target.controls))
                target.controls = target.controls[:j] + [piece] + target.controls[j:]
        elif pick < 0.75:
            j = r.randint(0, len(target.controls))
            target.controls = target.controls[:j] + [tree(r, 2)] + target.controls[j:]
        elif target.controls:
            i = r.randrange(len(target.controls))
            target.controls = target.controls[:i] + target.controls[i + 1:]


def redraw(holder: ft.Column, new: ft.Control, phone: Any) -> None:
    """Diff ``new`` against the body ``holder`` shows, as flet_compat.patch_body does."""
    old = holder.controls[0]
    patch, _added, _removed = ObjectPatch.from_diff(
        old, new, control_cls=BaseControl, parent=holder, path=["controls", 0], frozen=True)
    msgpack.packb(patch.to_message(), default=ENCODE)  # sent (and Flet's records moved on)
    holder.controls[0] = new
    apply(phone, patch.patch)


def next_body(r: random.Random, holder: ft.Column) -> tuple[Any, Any]:
    """The body ``holder`` shows, and the next redraw's (always a new column)."""
    old = holder.controls[0]
    new = redrawn(r, old)
    if new is old:
        new = ft.Column(list(old.controls), key="body")
    return old, new


def test_random_frozen_redraws_with_kept_pieces_leave_the_phone_as_the_server() -> None:
    for seed in range(150):
        r = random.Random(seed)
        holder = ft.Column([ft.Column([tree(r, 4) for _ in range(3)], key="body")])
        phone = sent(holder)
        for step in range(6):
            old, new = next_body(r, holder)
            change(r, new, old)
            redraw(holder, new, phone)
            assert look(phone) == look(sent(holder)), f"seed {seed}, redraw {step + 1}"


def test_two_kept_pieces_that_change_places() -> None:
    """The smallest case the random redraws find: two kept pieces of a body trade places
    (unpatched, Flet pairs each one's removal with its addition and its "move" raises
    AttributeError: 'Container' object has no attribute 'controls': the redraw is lost)."""
    text, box = ft.Text("t0"), ft.Container(content=ft.Text("c1"))
    holder = ft.Column([ft.Column([text, box], key="body")])
    phone = sent(holder)
    redraw(holder, ft.Column([box, text], key="body"), phone)
    assert look(phone) == look(sent(holder))
    body = phone["controls"][0]["controls"]
    assert [body[0]["content"]["value"], body[1]["value"]] == ["c1", "t0"]


def test_flet_still_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The canary: with Flet's own pairing back, the smallest case still breaks (the day
    it does not, Flet fixed it and workaround 14. can go)."""
    monkeypatch.setattr(DiffBuilder, "_index_key", flet_compat.FLET_INDEX_KEY)
    text, box = ft.Text("t0"), ft.Container(content=ft.Text("c1"))
    holder = ft.Column([ft.Column([text, box], key="body")])
    phone = sent(holder)
    with pytest.raises(AttributeError, match="has no attribute 'controls'"):
        redraw(holder, ft.Column([box, text], key="body"), phone)


def _node(phone: Any, i: int) -> Any:
    """The phone's model of the control whose id is ``i``."""
    if isinstance(phone, dict):
        if phone.get("_i") == i:
            return phone
        values: Any = phone.values()
    elif isinstance(phone, list):
        values = phone
    else:
        return None
    for v in values:
        found = _node(v, i)
        if found is not None:
            return found
    return None


def test_random_redraws_with_slots_leave_the_phone_as_the_server() -> None:
    """Pieces in slots (kept.keep_slot): each redraw keeps the slots (the very objects, in
    columns made anew or kept, possibly moved) and makes some of their pieces anew; the body
    is diffed frozen, then each new piece is sent in its slot alone, as
    flet_compat.patch_slot does once the screen is drawn."""
    for seed in range(100):
        r = random.Random(seed)
        slots = [ft.Column([ft.Text(f"v{k}-0", key=f"kept-{k}")], key=f"kept-{k}-slot")
                 for k in range(4)]
        body = ft.Column([tree(r, 3) for _ in range(2)], key="body")
        for slot in slots:  # each in a column of the body, at a place of its own
            columns = [c for c in every(body, []) if isinstance(c, ft.Column | ft.Row)]
            target = r.choice(columns)
            target.controls = [*target.controls, slot]
        holder = ft.Column([body])
        phone = sent(holder)
        for step in range(6):
            _old, new = next_body(r, holder)
            for c in every(new, []):  # the slots stay the very objects (kept pieces)
                if isinstance(c, ft.Column | ft.Row) and c not in slots:
                    c.controls = [next((s for s in slots if s.key == k.key), k)
                                  if str(k.key).endswith("-slot") else k for k in c.controls]
            redraw(holder, new, phone)
            for k, slot in enumerate(slots):
                if r.random() < 0.5:
                    piece = slot.controls[0]
                    fresh = ft.Text(f"v{k}-{step + 1}", key=piece.key)
                    patch, _a, _r = ObjectPatch.from_diff(
                        piece, fresh, control_cls=BaseControl, parent=slot,
                        path=["controls", 0], frozen=True)
                    msgpack.packb(patch.to_message(), default=ENCODE)
                    slot.controls[0] = fresh
                    apply(_node(phone, slot._i), patch.patch)  # noqa: SLF001
            assert look(phone) == look(sent(holder)), f"seed {seed}, redraw {step + 1}"


def test_a_slot_inside_a_piece_made_anew_in_its_own_slot() -> None:
    """The changes card (app/ui/sheet/play_panel.py): each line in a slot, inside the card,
    the card in a slot of its own. A redraw that makes the card anew (a row more: "Undo my
    last change" came) and the line anew: the line's patch goes first (its slot is built
    first, so its patch is the first after the redraw), to the slot in the card the phone
    has; then the new card, holding the very same line slot, is sent in the card's slot.
    The phone ends as the server, and again after a redraw that changes the line alone."""
    line_slot = ft.Column([ft.Text("Mei: +1", key="kept-changes-line-0")],
                          key="kept-changes-line-0-slot")
    head = ft.Text("Changes", key="kept-changes-head")
    card_slot = ft.Column([ft.Column([head, line_slot], key="kept-play-changes")],
                          key="kept-play-changes-slot")
    holder = ft.Column([ft.Column([ft.Text("Turn 1"), card_slot], key="body")])
    phone = sent(holder)

    def patch_slot(slot: ft.Column, new: ft.Control) -> None:  # as flet_compat.patch_slot
        patch, _a, _r = ObjectPatch.from_diff(slot.controls[0], new, control_cls=BaseControl,
                                              parent=slot, path=["controls", 0], frozen=True)
        msgpack.packb(patch.to_message(), default=ENCODE)
        slot.controls[0] = new
        apply(_node(phone, slot._i), patch.patch)  # noqa: SLF001

    undo = ft.Text("Undo my last change", key="kept-undo-mine")
    patch_slot(line_slot, ft.Text("Ken: +2", key="kept-changes-line-0"))
    patch_slot(card_slot, ft.Column([head, line_slot, undo], key="kept-play-changes"))
    assert look(phone) == look(sent(holder))
    assert "Ken: +2" in str(look(phone)) and "Undo my last change" in str(look(phone))
    patch_slot(line_slot, ft.Text("Aya: +3", key="kept-changes-line-0"))  # the line alone
    assert look(phone) == look(sent(holder))
    assert "Aya: +3" in str(look(phone)) and "Ken: +2" not in str(look(phone))

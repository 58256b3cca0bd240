"""How the status strip's first row fits a phone (390 px wide): the turn block's words in full.

The row holds the turn block (whose turn it is and the round), "End Ken's turn" on the
phone that ends it, "To apply", the total and rank, the menu (and the laptop's back
arrow). The server lays it out before the phone does, so it estimates each text's width
from the app's font (Noto Sans JP: its advance widths, below) and picks the first layout
in which the turn block's words fit uncut: the player's ▶ badge, "To apply" in words,
End turn on one line, the turn's words at 15 px are given up in that order (see
:data:`_TRIES`). A pure module: no flet.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

#: the phone the strip is laid out for (the design's), and the row's width on it: the
#: page's padding (12 px a side) and the strip's (4 px a side) taken off
PHONE = 390
ROW = PHONE - 2 * 12 - 2 * 4
GAP = 4  # between the row's items
TOUCH = 48
#: advance widths of ' '..'~' in assets/fonts/NotoSansJP-Subset.otf (1000 units per em)
_ASCII = (
    224, 323, 474, 555, 555, 921, 680, 278, 338, 338, 467, 555, 278, 347, 278, 392, 555, 555,
    555, 555, 555, 555, 555, 555, 555, 555, 278, 278, 555, 555, 555, 474, 946, 608, 657, 638,
    688, 589, 552, 689, 728, 293, 535, 646, 543, 812, 723, 742, 633, 742, 635, 596, 599, 721,
    575, 878, 573, 531, 603, 338, 392, 338, 555, 559, 606, 563, 618, 510, 620, 554, 325, 564,
    607, 275, 275, 552, 284, 926, 610, 606, 620, 620, 388, 468, 377, 607, 521, 802, 498, 521,
    475, 338, 270, 338, 555)
#: the phone's text is a little wider than the advances say (measured in Chromium: 47.6 px
#: for 46.2, 58.6 for 55.8, and bold, the font's one weight drawn thicker, 95.3 for 91.6)
SLACK = 1.06
BADGE = 32 + 6  # the turn's ▶ in the player's colour, and the gap after it
PAD = 4 + 4  # the turn block's padding, and room to spare
END_PAD = 2 * 8 + 4  # End turn's padding (8 a side), and room to spare
#: End turn's text size on 1, 2 or 3 lines (three lines of 13 px are taller than the button)
END_SIZE = {1: 13, 2: 13, 3: 12}
END_MAX = 124  # End turn's widest (a longer name is cut there: 40 letters are allowed)


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at ``size`` px (a little more, never less)."""
    return _units(text) * size / 1000 * SLACK


@lru_cache(maxsize=4096)
def _units(text: str) -> int:
    """``text``'s advance in thousandths of the font size (the strip measures the same
    few dozen texts at every redraw of every phone: worked out once each)."""
    units = 0
    for ch in text:
        o = ord(ch)
        if 32 <= o < 127:
            units += _ASCII[o - 32]
        elif unicodedata.east_asian_width(ch) in "WF" or ch in "▶…":
            units += 1000
        elif not unicodedata.combining(ch):
            units += 650
    return units


#: The seat chips' first line ("▶ Mireille  6"): the sizes tried, largest first, and
#: what a chip takes besides it: its colour dot, paddings and border, measured in
#: Chromium (40 px before the words, 8 after them); this phone's own chip has a border
#: 2 px thicker a side
CHIP_SIZES = (13, 12, 11)
#: a chip's second line ("you · online") is drawn at this size whatever the first's
CHIP_SECOND = 11
CHIP_FRAME = 48
CHIP_FRAME_YOU = CHIP_FRAME + 4


def chip_frame(you: bool) -> int:
    """What a seat chip takes besides its words (px; ``you``: this phone's own chip)."""
    return CHIP_FRAME_YOU if you else CHIP_FRAME


def chip_words(first: str, second: str, size: float) -> float:
    """How wide a chip's words are: its first line at ``size`` px or its second, the wider
    ("Mei  22" over "you · online": the second)."""
    return max(text_width(first, size), text_width(second, CHIP_SECOND))


def chip_size(firsts: Sequence[str], taken: float = 0, you: bool = False,
              seconds: Sequence[str] = ()) -> int:
    """The size the seat chips' first lines are drawn at: the largest at which every one
    is whole in a row of chips sharing the row by what they say (``taken``: px of the
    row already used, "To apply" before them; ``you``: one of them is this phone's own
    chip; ``seconds``: their second lines); the smallest when none is ("▶ Mireille  6"
    beside "Bartholomew  6" and "Annika  6" was "▶ Mireill…" at 13 px)."""
    room = _chips_room(len(firsts), taken, you)
    for size in CHIP_SIZES:
        if _words(firsts, seconds, size) <= room:
            return size
    return CHIP_SIZES[-1]


def chips_whole(firsts: Sequence[str], taken: float = 0, you: bool = False,
                seconds: Sequence[str] = ()) -> bool:
    """Whether the chips' words are whole at the smallest size with ``taken`` px of
    their row used (:func:`chip_size`): "To apply" goes before them only then."""
    return _words(firsts, seconds, CHIP_SIZES[-1]) <= _chips_room(len(firsts), taken, you)


def _words(firsts: Sequence[str], seconds: Sequence[str], size: float) -> float:
    return sum(chip_words(f, seconds[i] if i < len(seconds) else "", size)
               for i, f in enumerate(firsts))


def _chips_room(n: int, taken: float, you: bool) -> float:
    """The px a row of ``n`` chips leaves their words (``you``: one is this phone's)."""
    frames = chip_frame(False) * (n - you) + chip_frame(True) * you
    return ROW - taken - GAP * max(0, n - 1) - frames


#: Japanese particles a line may end with ("Kenの" / "手番を終える"; never "Kenの手" / "番…")
_PARTICLES = "のをはがにでともへや、。"


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in "WF"


def _breaks(text: str) -> list[int]:
    """Where ``text`` may wrap: at a space, after a Japanese particle, or where Japanese
    gives way to Latin letters (never inside a Japanese word)."""
    return [i for i in range(1, len(text))
            if text[i - 1] == " " or text[i] == " "
            or text[i - 1] in _PARTICLES and text[i] != " "
            or _wide(text[i - 1]) and not _wide(text[i])]


@lru_cache(maxsize=1024)
def split_lines(text: str, size: float, lines: int) -> tuple[str, ...]:
    """``text`` on at most ``lines`` lines broken where the widest line is narrowest (as
    :func:`_breaks` allows): the lines the phone is sent (a phone left to break them
    itself breaks Japanese anywhere, inside a word)."""
    best: tuple[str, ...] = (text,)
    if lines <= 1:
        return best
    widest = text_width(text, size)
    for i in _breaks(text):
        head, rest = text[:i].rstrip(), text[i:].lstrip()
        if not head or not rest:
            continue
        tail = split_lines(rest, size, lines - 1)
        w = max(text_width(x, size) for x in (head, *tail))
        if w < widest - 0.01:
            best, widest = (head, *tail), w
    return best


def lines_width(text: str, size: float, lines: int) -> float:
    """The width of ``text`` on at most ``lines`` lines (:func:`split_lines`)."""
    return max(text_width(x, size) for x in split_lines(text, size, lines))


@dataclass(frozen=True, slots=True)
class Fit:
    """Row 1's layout: the turn's ▶ badge; "To apply" (``full``; ``compact``: its count
    alone; ``none``: left out, only when there is nothing to apply; ``row2``: its count
    alone before the seat chips); End turn's width and lines; the size of the turn's first
    line and whether it wraps onto two."""

    badge: bool = True
    apply: str = "full"
    end_width: int = 0
    end_lines: int = 1
    size: int = 15
    wrap: bool = False
    fits: bool = True


#: what each way of making room costs the strip (the cheapest layout that fits is drawn)
_COST = {"badge": 1.0, "compact": 1.0, "none": 0.5, "row2": 3.0, "end2": 2.0, "end3": 5.0,
         "small": 4.0, "wrap": 6.0}


def _tries() -> list[tuple[bool, str, int, int, bool]]:
    """Every layout (badge, apply, End turn's lines, size, wrap), the cheapest first."""
    out = []
    for badge in (True, False):
        for apply in ("full", "compact", "none", "row2"):
            for lines in (1, 2, 3):
                for size, wrap in ((15, False), (13, False), (13, True)):
                    cost = (0 if badge else _COST["badge"]) + _COST.get(apply, 0.0) \
                        + (_COST[f"end{lines}"] if lines > 1 else 0) \
                        + (_COST["small"] if size < 15 else 0) + (_COST["wrap"] if wrap else 0)
                    out.append((cost, (badge, apply, lines, size, wrap)))
    return [t for _, t in sorted(out, key=lambda x: x[0])]


_TRIES = _tries()


def fit_row(main: str, sub: str, *, end: str = "", apply_word: str = "",
            apply_n: int | None = None, total: str = "", rank: str = "", back: bool = False,
            row: int = ROW, row2: bool = True) -> Fit:
    """The cheapest layout of :data:`_TRIES` in which the turn's words fit uncut on a
    ``row`` px row. ``apply_n`` None: no "To apply" (the final board, a finished game);
    ``end``: End turn's words when this phone has it; ``row2`` False: "To apply" goes
    before the seat chips only if nothing else fits (their names would be cut there:
    :func:`chips_whole`; the turn's words come first). None fits (a name of 40 letters):
    the most compact, its words cut. Worked out once per turn and phone kind: the digits
    of the total and rank are alike to it (every digit is as wide as the others)."""
    args = (main, sub, end, apply_word, None if apply_n is None else min(apply_n, 1),
            _DIGIT.sub("0", total), _DIGIT.sub("0", rank), back, row)
    fit = _fit(*args, row2)
    return fit if fit.fits or row2 else _fit(*args, True)


_DIGIT = re.compile(r"[0-9]")


@lru_cache(maxsize=1024)  # the same few strips on every redraw of every phone
def _fit(main: str, sub: str, end: str, apply_word: str, apply_n: int | None, total: str,
         rank: str, back: bool, row: int, row2: bool = True) -> Fit:
    total_w = max(text_width(total, 24), text_width(rank, 11)) + 8
    fixed = TOUCH + total_w + (TOUCH + GAP if back else 0) + 2 * GAP  # menu, total, back
    last = Fit(fits=False)
    for badge, apply, lines, size, wrap in _TRIES:
        if apply_n is None and apply != "none" or apply == "none" and apply_n \
                or lines > 1 and not end or apply == "row2" and not row2:
            continue
        apply_w = {"full": text_width(apply_word, 13) + 6 + 24 + 20,
                   "compact": float(TOUCH)}.get(apply, 0.0)
        end_need = 0.0 if not end else max(
            lines_width(end, END_SIZE[lines], lines) + END_PAD, float(TOUCH))
        end_w = min(end_need, END_MAX)
        words = max(lines_width(main, size, 2 if wrap else 1), text_width(sub, 12))
        need = (BADGE if badge else 0) + words + PAD
        room = row - fixed - (apply_w + GAP if apply_w else 0) - (end_w + GAP if end_w else 0)
        last = Fit(badge, apply, round(end_w + 0.5), lines, size, wrap,
                   need <= room and end_need <= END_MAX)
        if last.fits:
            return last
    return last

"""The status strip's first row on a 390 px phone (app/ui/kit/fit.py) and the swipe's
threshold (app/ui/sheet/swipe.py): known answers."""

from __future__ import annotations

import pytest

from app.ui.kit import fit as F
from app.ui.sheet.swipe import step

RANK = "Rank 1 of 3"


def test_widths_are_never_below_what_chromium_draws():
    """Measured in Chromium at 390×844 (the semantics node of each text, issue 33): the
    estimate is at least the drawn width and within 6 % of it."""
    for text, size, drawn in (("Round 1", 12, 47.6), (RANK, 11, 58.6),
                              ("Mireille plays", 15, 95.3), ("Your turn", 15, 66.7)):
        est = F.text_width(text, size)
        assert drawn <= est <= drawn * 1.06, (text, est, drawn)
    assert F.text_width("の手番", 10) == pytest.approx(30 * F.SLACK)  # one em a wide letter


def test_two_lines_break_at_the_best_space_and_between_wide_letters():
    assert F.lines_width("End Bartholomew's turn", 13, 2) == pytest.approx(
        F.text_width("End Bartholomew's", 13))
    assert F.lines_width("End Bartholomew's turn", 13, 3) == pytest.approx(
        F.text_width("Bartholomew's", 13))
    ja = "Bartholomewの手番を終える"
    assert F.lines_width(ja, 13, 2) < F.text_width(ja, 13) * 0.7


def test_japanese_breaks_after_a_particle_never_inside_a_word():
    """The phone broke 「Mireilleの手 / 番を終える」 (inside 手番): the lines are sent."""
    assert F.split_lines("Mireilleの手番を終える", 13, 2) == ("Mireilleの", "手番を終える")
    assert F.split_lines("Mireilleの手番を終える", 12, 3) == ("Mireilleの", "手番を", "終える")
    assert F.split_lines("フォレストガーディアンズ", 15, 2) == ("フォレストガーディアンズ",)
    assert F.split_lines("End Mireille's turn", 13, 2) == ("End Mireille's", "turn")
    assert F.split_lines("End my turn", 13, 1) == ("End my turn",)


def test_a_seat_watching_keeps_the_designs_row_when_there_is_room():
    fit = F.fit_row("Ken plays", "Round 6", apply_word="To apply", apply_n=2, total="68",
                    rank=RANK)
    assert fit == F.Fit(badge=True, apply="full", end_width=0, end_lines=1, size=15,
                        wrap=False, fits=True)


def test_the_turns_phone_has_end_my_turn_on_one_line():
    fit = F.fit_row("Your turn", "Round 1", end="End my turn", apply_word="To apply",
                    apply_n=2, total="6", rank=RANK)
    assert fit.fits and fit.end_lines == 1 and fit.apply == "compact" and fit.size == 15


def test_the_hosts_phone_names_a_long_name_twice_without_cutting_it():
    """The host's phone during Bartholomew's turn: "Bartholomew plays" / "Round 1" and
    "End Bartholomew's turn" in one row of 358 px: "To apply" goes before the seat chips,
    the words wrap rather than being cut."""
    fit = F.fit_row("Bartholomew plays", "Round 1", end="End Bartholomew's turn",
                    apply_word="To apply", apply_n=2, total="6", rank=RANK)
    assert fit.fits and fit.apply == "row2" and not fit.badge
    assert fit.end_width <= F.END_MAX
    # nothing to apply: the pill is left out and End turn takes its place
    empty = F.fit_row("Bartholomew plays", "Round 1", end="End Bartholomew's turn",
                      apply_word="To apply", apply_n=0, total="6", rank=RANK)
    assert empty.fits and empty.apply == "none"
    short = F.fit_row("Ken plays", "Round 1", end="End Ken's turn", apply_word="To apply",
                      apply_n=2, total="6", rank=RANK)
    assert short.fits and short.apply == "compact" and short.size == 15 and not short.wrap


def test_forest_guardians_on_the_laptop_says_the_game_in_full():
    """Was "Fo…": the laptop's back arrow, "To apply 0" and the badge left 30 px."""
    fit = F.fit_row("Forest Guardians", "", apply_word="To apply", apply_n=0, total="5",
                    rank="Rank 1 of 2", back=True)
    assert fit.fits and fit.badge and fit.apply == "none" and fit.size == 15


def test_japanese_fits_too():
    fit = F.fit_row("Bartholomewの手番", "ラウンド1", end="Bartholomewの手番を終える",
                    apply_word="適用するもの", apply_n=2, total="6", rank="3人中1位")
    assert fit.fits
    mine = F.fit_row("あなたの手番", "ラウンド1", end="手番を終える", apply_word="適用するもの",
                     apply_n=1, total="6", rank="3人中1位")
    assert mine.fits and mine.size == 15 and not mine.wrap


@pytest.mark.parametrize("name", ["Ken", "Mireille", "Bartholomew", "Annika", "Pink", "松本"])
def test_to_apply_is_never_hidden_while_something_is_to_apply(name):
    for end in ("", f"End {name}'s turn"):
        for back in (False, True):
            fit = F.fit_row(f"{name} plays", "Round 12", end=end, apply_word="To apply",
                            apply_n=3, total="101", rank=RANK, back=back)
            assert fit.apply != "none"
            if not back:  # a phone (the laptop's back arrow takes 52 px more)
                assert fit.fits, (name, end, fit)


def test_a_name_of_forty_letters_does_not_fit_and_says_so():
    fit = F.fit_row("W" * 40 + " plays", "Round 1", end="End " + "W" * 40 + "'s turn",
                    apply_word="To apply", apply_n=1, total="6", rank=RANK)
    assert not fit.fits and fit.end_width <= F.END_MAX


def test_a_swipe_is_deliberate():
    assert step(-120, 10, -50) == 1  # far to the left: the next player's board
    assert step(120, -10, 50) == -1  # to the right: the previous one's
    assert step(-50, 0, -900) == 1  # a short flick
    assert step(-50, 0, 900) == 0  # a flick back the other way
    assert step(-50, 0, -100) == 0  # short and slow
    assert step(-30, 0, -3000) == 0  # too short, however fast
    assert step(-100, 140, -900) == 0  # more down than sideways: a scroll


def test_seat_chips_take_the_largest_size_at_which_every_name_is_whole():
    """Stop 41: "▶ Mireille  6", "Bartholomew  6", "Annika  6" on Mireille's phone were
    cut at 13 px ("▶ Mireil…", "Bartholome…"); at 11 px the three are whole on a 390 px
    phone (the chips' frames as measured in Chromium: 48 px, 52 for this phone's own)."""
    three = ["▶ Mireille  6", "Bartholomew  6", "Annika  6"]
    room = F.ROW - 2 * F.GAP - 2 * F.CHIP_FRAME - F.CHIP_FRAME_YOU
    assert F.chip_size(three, you=True) == 11
    assert sum(F.text_width(f, 12) for f in three) > room  # (cut at 12 px)
    two = ["▶ Mireille  6", "Bartholomew  6"]
    assert F.chip_size(two, you=True) == 13  # two chips have the room at 13 px
    assert F.chip_size(["▶ Mei  68", "Ken  63", "Aya  52"], you=True) == 13  # the design's
    assert F.chip_size(["Mei  68", "Ken  63", "Aya  52", "Kai  9"]) == 11  # four: narrow
    assert F.chip_size(["W" * 30, "W" * 30]) == 11  # too long at any size: the smallest


def test_to_apply_goes_before_the_seat_chips_only_when_nothing_else_fits():
    """The turn's phone with three long names ("▶ Mireille  6", "Bartholomew  6",
    "Annika  6"): "To apply" before the chips cut two names ("Mireil…", "Bartholom…"); it
    now stays in row 1 as its count, End my turn on two lines. The host's phone during
    Bartholomew's turn has no such room: there the turn's words come first."""
    three = ["▶ Mireille  6", "Bartholomew  6", "Annika  6"]
    assert F.chips_whole(three, you=True)
    assert not F.chips_whole(three, taken=F.TOUCH + 4, you=True)
    mine = dict(end="End my turn", apply_word="To apply", apply_n=2, total="6", rank=RANK)
    assert F.fit_row("Your turn", "Round 1 of 10", **mine).apply == "row2"  # (unasked)
    kept = F.fit_row("Your turn", "Round 1 of 10", **mine, row2=False)
    assert kept.fits and kept.apply == "compact"
    host = dict(end="End Bartholomew's turn", apply_word="To apply", apply_n=2, total="6",
                rank=RANK)
    assert F.fit_row("Bartholomew plays", "Round 1 of 10", **host, row2=False) == \
        F.fit_row("Bartholomew plays", "Round 1 of 10", **host)
    assert F.fit_row("Bartholomew plays", "Round 1 of 10", **host).apply == "row2"


def test_a_chip_under_a_short_name_takes_the_room_of_its_second_line():
    """The forest map's screenshot: Mei's own chip said "you ·", its "online" wrapped out
    of sight: the chips shared the row by their first lines alone ("Mei  22" is narrower
    than "you · online" at 11 px). A chip's words are its wider line."""
    first, second = "Mei  22", "you · online"
    assert F.text_width(second, F.CHIP_SECOND) > F.text_width(first, 13)
    assert F.chip_words(first, second, 13) == F.text_width(second, F.CHIP_SECOND)
    assert F.chip_words("▶ Mireille  6", second, 13) == F.text_width("▶ Mireille  6", 13)
    firsts = ["Mei  22", "▶ Ken  16", "Aya  16"]
    seconds = ["you · online", "offline", "offline"]
    assert F.chip_size(firsts, you=True, seconds=seconds) == 13  # the room is there
    # Japanese seconds are the wider: three short names fit beside "To apply", their
    # second lines ("自分・オフライン", "オフライン" twice) do not
    short = ["Al  1", "Bo  2", "Cy  3"]
    ja = ["自分・オフライン", "オフライン", "オフライン"]
    assert F.chips_whole(short, taken=F.TOUCH + 4, you=True)
    assert not F.chips_whole(short, taken=F.TOUCH + 4, you=True, seconds=ja)

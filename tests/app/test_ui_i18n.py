"""Both languages have the same keys and the same {fields}."""

from __future__ import annotations

import re
import string
from pathlib import Path

from app.i18n import EN, JA, LANGUAGES, STRINGS, Translator, all_japanese_text


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_same_keys_in_every_language():
    assert set(LANGUAGES) == set(STRINGS)
    assert set(EN) == set(JA), (set(EN) ^ set(JA))


def test_same_format_fields():
    for key in EN:
        assert fields(EN[key]) == fields(JA[key]), key


def test_translator_falls_back_and_formats():
    assert Translator("ja").t("home.new_game") == "新しいゲーム"
    assert Translator("xx").lang == "en"
    assert Translator("en").t("new.player_name", n=2) == "Player 2"
    assert Translator("en").t("no.such.key") == "no.such.key"


def test_every_key_used_in_the_ui_exists():
    root = Path(__file__).resolve().parents[2] / "app"
    used = set()
    for path in [*root.joinpath("ui").rglob("*.py"), root / "flet_main.py"]:
        used |= set(re.findall(r'\bt\("([a-z_\-]+\.[a-z_.\-]+)"', path.read_text()))
    missing = {k for k in used if k not in EN}
    assert not missing, missing


def test_font_subset_covers_the_japanese_ui():
    from fontTools.ttLib import TTFont

    font = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansJP-Subset.otf"
    assert font.exists()
    assert font.stat().st_size < 4_000_000
    cmap = TTFont(str(font)).getBestCmap()
    missing = {c for c in all_japanese_text() if ord(c) >= 0x20 and ord(c) not in cmap}
    assert not missing, "".join(sorted(missing)) + " : run tools/make_font_subset.py"
    assert (font.parent / "OFL.txt").exists()

"""Regenerate assets/fonts/NotoSansJP-Subset.otf, the Japanese font the app ships.

Offline (no CDN) Flutter web only has Roboto: Japanese would show as boxes.
This cuts Noto Sans CJK JP Regular (SIL OFL 1.1, Debian ``fonts-noto-cjk``) down
to what the app can show:

- Basic Latin, Latin-1, general punctuation, arrows, math and shape symbols;
- CJK symbols and punctuation, hiragana, katakana, half/full-width forms;
- the kanji of JIS X 0208 level 1 (2,965 common kanji: enough for names);
- every character of the catalogues (app/l10n/*.ftl: every message, refusal,
  setup step, note and screen text in every language), of app/ui/ sources
  and of docs/rules-decisions.md (shown
  in Settings).

Usage: ``.venv/bin/python tools/make_font_subset.py [--source FONT.ttc]``
(needs fonttools: ``pip install -e '.[dev]'``; ``apt-get install fonts-noto-cjk``).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "fonts"
OUT = OUT_DIR / "NotoSansJP-Subset.otf"
LICENCE = OUT_DIR / "OFL.txt"
SOURCES = [
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/opentype/noto-cjk/NotoSansCJK-Regular.ttc"),
]
#: Face 0 of the Debian collection is "Noto Sans CJK JP".
FONT_NUMBER = 0

RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1
    (0x2010, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x2460, 0x2473),  # circled numbers
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x2606),  # a few symbols (stars)
    (0x2713, 0x2717),  # check marks
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0xFF01, 0xFF9F),  # full-width / half-width forms
]


def jis_level1_kanji() -> str:
    """The 2,965 kanji of JIS X 0208 level 1 (EUC-JP rows 16–47)."""
    chars = []
    for first in range(0xB0, 0xD0):
        for second in range(0xA1, 0xFF):
            try:
                chars.append(bytes([first, second]).decode("euc_jp"))
            except UnicodeDecodeError:
                continue
    return "".join(chars)


def ui_text() -> str:
    text = ""
    for path in sorted((ROOT / "app" / "l10n").glob("*.ftl")):
        text += path.read_text(encoding="utf-8")  # every catalogue: all words of the app
    for path in sorted((ROOT / "app" / "ui").rglob("*.py")):
        text += path.read_text(encoding="utf-8")
    rules = ROOT / "docs" / "rules-decisions.md"
    if rules.exists():
        text += rules.read_text(encoding="utf-8")
    return text


def wanted_codepoints() -> set[int]:
    cps = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    cps |= {ord(c) for c in jis_level1_kanji()}
    cps |= {ord(c) for c in ui_text() if ord(c) >= 0x20}
    return cps


def write_licence() -> None:
    """Keep the OFL text (from Debian's copyright file) beside the font."""
    src = Path("/usr/share/doc/fonts-noto-cjk/copyright")
    if not src.exists():
        return
    text = src.read_text(encoding="utf-8")
    start = text.find("SIL OPEN FONT LICENSE Version 1.1")
    end_marker = "OTHER DEALINGS IN THE FONT SOFTWARE."
    end = text.find(end_marker, start)
    if start == -1 or end == -1:
        shutil.copy(src, LICENCE)
        return
    lines = []
    for line in text[start : end + len(end_marker)].splitlines():
        line = line[1:] if line.startswith(" ") else line
        lines.append("" if line == "." else line)
    LICENCE.write_text(
        "Noto Sans CJK JP, subset in NotoSansJP-Subset.otf by tools/make_font_subset.py\n"
        "Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name "
        "'Source'.\nThis Font Software is licensed under the SIL Open Font License, "
        "Version 1.1.\n\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=None)
    parser.add_argument("--output", type=Path, default=OUT)
    args = parser.parse_args(argv)
    source = args.source or next((p for p in SOURCES if p.exists()), None)
    if source is None or not source.exists():
        print("Noto Sans CJK not found: apt-get install fonts-noto-cjk", file=sys.stderr)
        return 2

    from fontTools import subset

    options = subset.Options()
    options.font_number = FONT_NUMBER
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(wanted_codepoints()))
    subsetter.subset(font)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(args.output), options)

    if args.output == OUT:
        write_licence()
    size = args.output.stat().st_size
    print(f"wrote {args.output} ({size / 1e6:.2f} MB, {len(font.getGlyphOrder())} glyphs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Draw the app's icon (a conifer and a leaf on forest green) and write its identity files.

Writes, from nothing but Pillow and this script:

- ``assets/icon.png`` (1024 px): the icon ``flet build`` uses for Android/iOS/desktop;
- ``assets/favicon.png`` (the browser tab), ``assets/icons/icon-192.png``,
  ``icon-512.png``, ``icon-maskable-192.png``, ``icon-maskable-512.png`` (the web
  app manifest's icons; maskable ones keep the tree inside the central 80 %),
  ``apple-touch-icon-192.png`` and ``loading.png`` (shown while the client loads);
- ``assets/manifest.json`` from :func:`app.web.static.manifest_json`.

flet-web serves files of ``assets/`` in place of its own of the same name, so these
replace Flet's logo everywhere. Run: ``.venv/bin/python tools/make_icon.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GREEN = (46, 107, 58)  # #2E6B3A, the theme colour
DARK = (27, 42, 30)
PALE = (232, 240, 214)
LEAF = (139, 195, 74)
TRUNK = (121, 85, 61)
SS = 4  # drawn this many times larger, then scaled down (smooth edges)


def tree(draw: ImageDraw.ImageDraw, cx: float, top: float, height: float) -> None:
    """A conifer of three tiers and a trunk, ``height`` tall, its tip at (cx, top)."""
    w = height * 0.78
    trunk_w, trunk_h = height * 0.13, height * 0.16
    draw.rectangle([cx - trunk_w / 2, top + height - trunk_h, cx + trunk_w / 2, top + height],
                   fill=TRUNK)
    tiers = [(0.00, 0.42, 0.55), (0.20, 0.66, 0.78), (0.40, 0.86, 1.00)]
    for t_top, t_bottom, t_width in tiers:
        y0, y1, half = top + height * t_top, top + height * t_bottom, w * t_width / 2
        draw.polygon([(cx, y0), (cx + half, y1), (cx - half, y1)], fill=PALE)


def leaf(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A leaf: two arcs' lens, tilted, with a midrib."""
    box = [cx - r, cy - r * 0.55, cx + r, cy + r * 0.55]
    layer = Image.new("L", (int(r * 2.2), int(r * 2.2)), 0)
    d = ImageDraw.Draw(layer)
    lr = r * 1.1
    d.ellipse([lr - r, lr - r * 0.48, lr + r, lr + r * 0.48], fill=255)
    layer = layer.rotate(38, resample=Image.BICUBIC)
    del box
    img = draw._image  # type: ignore[attr-defined]
    color = Image.new("RGBA", layer.size, LEAF + (255,))
    img.paste(color, (int(cx - lr), int(cy - lr)), layer)
    # midrib
    import math

    a = math.radians(-38)
    dx, dy = math.cos(a) * r * 0.85, math.sin(a) * r * 0.85
    draw.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=GREEN, width=max(1, int(r / 9)))


def icon(size: int, *, maskable: bool = False, rounded: bool = True) -> Image.Image:
    big = size * SS
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if maskable or not rounded:
        draw.rectangle([0, 0, big, big], fill=GREEN)
    else:
        draw.rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.22, fill=GREEN)
    scale = 0.62 if maskable else 0.78  # maskable: inside the 80 % safe circle
    h = big * scale
    cx, top = big * 0.46, (big - h) / 2
    tree(draw, cx, top, h)
    leaf(draw, big * 0.5 + h * 0.36, top + h * 0.70, h * 0.17)
    return img.resize((size, size), Image.LANCZOS)


def main() -> int:
    from app.web.static import manifest_json

    assets = ROOT / "assets"
    (assets / "icons").mkdir(parents=True, exist_ok=True)
    icon(1024, rounded=False).convert("RGB").save(assets / "icon.png", optimize=True)
    icon(64).save(assets / "favicon.png", optimize=True)
    for n in (192, 512):
        icon(n).save(assets / "icons" / f"icon-{n}.png", optimize=True)
        icon(n, maskable=True).convert("RGB").save(assets / "icons" / f"icon-maskable-{n}.png",
                                                   optimize=True)
    icon(192, rounded=False).convert("RGB").save(assets / "icons" / "apple-touch-icon-192.png",
                                                 optimize=True)
    icon(160).save(assets / "icons" / "loading.png", optimize=True)
    (assets / "manifest.json").write_text(manifest_json(), encoding="utf-8")
    for p in sorted(assets.glob("*.png")) + sorted((assets / "icons").glob("*.png")):
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

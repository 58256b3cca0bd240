"""The loading screen (issue 33 item 7): the app's look and the phone's language, instead of
flet-web's white page and the client's English "Working..." (app/web/loading.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from app.l10n import languages, render
from app.web.loading import DARK, LIGHT, loading_html, words


def _page(tmp_path: Any) -> Any:
    fw = pytest.importorskip("flet_web")
    from app.web.static import WebClient

    return WebClient(Path(fw.__file__).parent / "web", Path("assets"), cache_dir=tmp_path,
                     compress_in_background=False)


def test_the_page_has_our_loading_screen_instead_of_flet_webs(tmp_path: Any) -> None:
    web = _page(tmp_path)
    html = web.index_html
    # flet-web's element (removed at Flutter's first frame, before the first screen) is gone;
    # ours comes before Flutter and the link script, which wrap the socket after it
    assert 'id="loading"' not in html and "loading-animation.png" not in html
    assert html.index('id="ft-loading"') < html.index("flutter_bootstrap.js")
    assert f'src="{web.prefix}icons/loading.png"' in html
    # its style and script are covered by the page's CSP hashes
    body = re.search(r'<div id="ft-loading".*?<script>(.*?)</script>', html, flags=re.S)
    assert body is not None
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(body.group(1).encode()).digest()).decode()
    assert f"script:'sha256-{digest}'" in web.inline_hashes()


def test_every_language_has_its_line_from_the_catalogues() -> None:
    said = words()
    assert set(said) == set(languages())
    assert said["en"] == render("en", "loading-message")
    assert said["ja"] == render("ja", "loading-message") and said["ja"] != said["en"]
    page = loading_html("/x/icons/loading.png")
    script = page[page.index("<script>") + 8:page.index("</script>")]
    assert json.dumps(said, ensure_ascii=False) in script
    assert "Working" not in page
    # the phone's choice in the app first (its preferences), then the phone's language
    assert "flutter.forest_table.language" in script and "navigator.language" in script


def test_the_loading_screen_is_in_the_themes_colours() -> None:
    from tests.app.test_contrast import ratio, scheme

    for theme, dark in ((LIGHT, False), (DARK, True)):
        roles = scheme(dark)
        assert theme["bg"] == roles["surface"] and theme["fg"] == roles["onSurface"]
        assert theme["accent"] == roles["primary"]
        assert ratio(theme["fg"], theme["bg"]) >= 4.5
        assert ratio(theme["accent"], theme["bg"]) >= 3.0  # the spinner: a graphic

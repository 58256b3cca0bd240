"""The BG Stats QR code on the finish screen stays small enough to scan off a phone (issue
34: a 4-player game's code reached version 34-36). What was chosen: the QR carries the
push link with what BG Stats needs to create the play (play id, game, date, each player's
name, score and winner), the rest (comments, board, place, duration, defaults, the players'
ids, then roles) left out step by step until it fits version 20; the BG Stats file keeps
everything."""

from __future__ import annotations

import io
import json
import urllib.parse

import qrcode
import zxingcpp
from PIL import Image

from app.store.exchange import bgstats_play, bgstats_qr_link, export_games, import_records
from app.store.exports import QR_LIMIT
from app.store.facade import Store
from app.table.links import qr_png
from tests.app.test_exchange import sample_records


def _version(text: str) -> int:
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    return int(code.version)


def test_the_qr_link_fits_a_small_code_and_keeps_the_play(store: Store) -> None:
    with store.session() as s:
        import_records(s, "\n".join(json.dumps(r) for r in sample_records()))
        games = list(export_games(s))
    four = next(g for g in games if len(g.summary.players) == 4)
    for g in games:
        for lang in ("en", "ja"):
            link = bgstats_qr_link(g, lang)
            assert len(link.encode()) <= QR_LIMIT and _version(link) <= 20, (g.id, lang)
    link = bgstats_qr_link(four, "ja")
    img = Image.open(io.BytesIO(qr_png(link, box_size=3, border=4)))  # 3 px a module
    assert [r.text for r in zxingcpp.read_barcodes(img)] == [link]
    play = json.loads(urllib.parse.unquote(link.split("data=", 1)[1]))
    full = bgstats_play(four, "ja")
    assert play["sourcePlayId"] == full["sourcePlayId"]
    assert play["game"]["name"] == "Forest Guardians"
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        (p["name"], p["score"], p["winner"]) for p in full["players"]]

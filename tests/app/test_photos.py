"""Photos of a game's final boards (app.store.photos): checked, cleaned, private, backed up."""

from __future__ import annotations

import io
import stat
from pathlib import Path

import pytest
from PIL import Image

from app.store import photos as P
from app.store.facade import Store
from app.table.rights import HOST, SEAT, SERVER, Access

GPS_IFD = 0x8825


def jpeg_with_gps(size: tuple[int, int] = (64, 48)) -> bytes:
    """A JPEG carrying an EXIF block with GPS coordinates, a camera make and a comment."""
    im = Image.new("RGB", size, (30, 120, 60))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x0112] = 1  # Orientation
    gps = exif.get_ifd(GPS_IFD)
    gps[1] = "N"
    gps[2] = (35.0, 40.0, 12.0)
    gps[3] = "E"
    gps[4] = (139.0, 45.0, 30.0)
    out = io.BytesIO()
    im.save(out, format="JPEG", exif=exif.tobytes(), comment=b"secret place")
    return out.getvalue()


def png_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (20, 10), (1, 2, 3, 255)).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(f"sqlite:///{tmp_path / 'forest.sqlite3'}")


def _game(store: Store) -> int:
    g = store.create_game(game="forestry", players=["Ana", "Ben"])
    assert g.id is not None
    return g.id


def test_the_input_really_has_gps() -> None:
    data = jpeg_with_gps()
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(GPS_IFD)
    assert b"PhoneMaker" in data and b"secret place" in data


def test_gps_exif_in_none_out() -> None:
    cleaned = P.clean(jpeg_with_gps())
    assert cleaned.data[:3] == b"\xff\xd8\xff"
    im = Image.open(io.BytesIO(cleaned.data))
    assert (im.width, im.height) == (64, 48) == (cleaned.width, cleaned.height)
    assert not im.getexif()  # no EXIF at all, so no GPS
    assert "exif" not in im.info and "comment" not in im.info and "icc_profile" not in im.info
    assert b"Exif" not in cleaned.data and b"PhoneMaker" not in cleaned.data
    assert b"secret place" not in cleaned.data


def test_exif_orientation_is_applied_before_it_is_dropped() -> None:
    im = Image.new("RGB", (40, 20))
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to show
    out = io.BytesIO()
    im.save(out, format="JPEG", exif=exif.tobytes())
    cleaned = P.clean(out.getvalue())
    assert (cleaned.width, cleaned.height) == (20, 40)


@pytest.mark.parametrize("data", [b"%PDF-1.7 not a photo", b"<svg></svg>", b"",
                                  b"GIF89a" + b"\0" * 40, b"MZ\x90\0" * 10])
def test_not_an_image_is_refused_naming_the_field(data: bytes) -> None:
    with pytest.raises(P.PhotoRefused) as err:
        P.clean(data)
    assert err.value.code == "photo-not-image" and err.value.field == "photo"


def test_a_jpeg_signature_on_garbage_is_refused() -> None:
    with pytest.raises(P.PhotoRefused) as err:
        P.clean(b"\xff\xd8\xff\xe0" + b"garbage" * 100)
    assert err.value.code == "photo-unreadable"


def test_heic_is_refused_with_its_own_reason() -> None:
    with pytest.raises(P.PhotoRefused) as err:
        P.clean(b"\0\0\0\x18ftypheic\0\0\0\0" + b"\0" * 100)
    assert err.value.code == "photo-heic"


def test_too_large_is_refused_before_decoding() -> None:
    with pytest.raises(P.PhotoRefused) as err:
        P.clean(jpeg_with_gps() + b"\0" * P.MAX_BYTES)
    assert err.value.code == "photo-too-large" and err.value.params == {"mb": 15}


def test_png_and_webp_are_kept_as_jpeg() -> None:
    assert P.clean(png_bytes()).data[:3] == b"\xff\xd8\xff"
    out = io.BytesIO()
    Image.new("RGB", (8, 8)).save(out, format="WEBP")
    assert P.kind_of(out.getvalue()[:16]) == "webp"
    assert P.clean(out.getvalue()).width == 8


def test_stored_beside_the_database_with_private_modes(store: Store, tmp_path: Path) -> None:
    gid = _game(store)
    row = P.add_photo(store.engine, gid, jpeg_with_gps(), seat=2)
    folder = tmp_path / "photos"
    assert P.photos_dir(store.engine) == folder
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    path = folder / f"{row.uid}.jpg"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert b"PhoneMaker" not in path.read_bytes()
    with store.session() as s:
        assert [p.uid for p in P.list_photos(s, gid)] == [row.uid]
    assert P.remove_photo(store.engine, row.id or 0)
    assert not path.exists()
    with store.session() as s:
        assert P.list_photos(s, gid) == []


def test_a_refused_photo_leaves_nothing(store: Store, tmp_path: Path) -> None:
    gid = _game(store)
    with pytest.raises(P.PhotoRefused):
        P.add_photo(store.engine, gid, b"not an image", seat=None)
    with store.session() as s:
        assert P.list_photos(s, gid) == []
    assert not any((tmp_path / "photos").glob("*.jpg"))


def test_rights() -> None:
    row = P.GamePhoto(game_id=5, uid="x", seat=2)
    seat2, seat1 = Access(SEAT, 5, 2), Access(SEAT, 5, 1)
    assert P.may_add(seat2, 5) and not P.may_add(Access(SEAT, 6, 1), 5)
    assert P.may_add(Access(HOST, 5), 5) and P.may_add(Access(SERVER), 5)
    assert not P.may_add(None, 5)
    assert P.may_remove(seat2, row) and not P.may_remove(seat1, row)
    assert P.may_remove(Access(HOST, 5), row) and not P.may_remove(Access(HOST, 6), row)
    assert not P.may_remove(seat2, P.GamePhoto(game_id=5, uid="y", seat=None))


def test_archive_round_trip(store: Store, tmp_path: Path) -> None:
    gid = _game(store)
    P.add_photo(store.engine, gid, jpeg_with_gps(), seat=None)
    P.add_photo(store.engine, gid, png_bytes(), seat=1)
    zip_path = tmp_path / "all.jsonl.photos.zip"
    assert P.write_archive(store.engine, zip_path, [(gid, "play-1")]) == 2
    assert stat.S_IMODE(zip_path.stat().st_mode) == 0o600
    (tmp_path / "other").mkdir()
    other = Store.open(f"sqlite:///{tmp_path / 'other' / 'x.sqlite3'}")
    gid2 = _game(other)
    assert P.read_archive(other.engine, zip_path, [(gid2, "play-1")]) == 2
    assert P.read_archive(other.engine, zip_path, [(gid2, "play-1")]) == 0  # already there
    with other.session() as s:
        assert len(P.list_photos(s, gid2)) == 2
    assert P.write_archive(store.engine, tmp_path / "none.zip", [(999, "p")]) == 0
    assert not (tmp_path / "none.zip").exists()


def test_backup_carries_photos_beside_the_json_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``records export -o all.jsonl`` writes ``all.jsonl.photos.zip``; importing
    ``all.jsonl`` into another database brings the photos back (checked again)."""
    import zipfile

    from app.cli import main
    from tests.app.test_exchange import jsonl, sample_records

    first = tmp_path / "a" / "records.sqlite3"
    first.parent.mkdir()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{first}")
    src = tmp_path / "in.jsonl"
    src.write_text(jsonl(sample_records()))
    assert main(["records", "import", str(src)]) == 0
    store = Store.open(f"sqlite:///{first}")
    P.add_photo(store.engine, 2, jpeg_with_gps(), seat=1)
    capsys.readouterr()
    backup = tmp_path / "all.jsonl"
    assert main(["records", "export", "-o", str(backup)]) == 0
    assert "Wrote 1 photo to " in capsys.readouterr().err
    archive = tmp_path / "all.jsonl.photos.zip"
    with zipfile.ZipFile(archive) as z:
        (name,) = z.namelist()
        assert b"PhoneMaker" not in z.read(name)
    second = tmp_path / "b" / "records.sqlite3"
    second.parent.mkdir()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{second}")
    assert main(["records", "import", str(backup)]) == 0
    assert "1 photo from " in capsys.readouterr().out
    other = Store.open(f"sqlite:///{second}")
    with other.session() as s:
        counts = {gid: len(P.list_photos(s, gid)) for gid in (1, 2, 3, 4)}
    assert sorted(counts.values()) == [0, 0, 0, 1]
    assert (second.parent / "photos").is_dir()


def test_a_game_deleted_whole_takes_its_photos_with_it(store: Store, tmp_path: Path) -> None:
    """An abandoned open game deleted whole (``Store.delete_game``): its photo rows and
    files go too (they stayed on disk, nameless, before); another game's stay."""
    gid, other = _game(store), _game(store)
    gone = P.add_photo(store.engine, gid, jpeg_with_gps(), seat=1)
    kept = P.add_photo(store.engine, other, png_bytes(), seat=None)
    folder = tmp_path / "photos"
    assert (folder / f"{gone.uid}.jpg").exists()
    store.delete_game(game_id=gid)
    assert not (folder / f"{gone.uid}.jpg").exists()
    assert (folder / f"{kept.uid}.jpg").exists()
    with store.session() as s:
        assert P.list_photos(s, gid) == []
        assert [p.uid for p in P.list_photos(s, other)] == [kept.uid]


def test_photos_of_a_totals_only_play_survive_its_completion_by_the_backup(
        store: Store, tmp_path: Path) -> None:
    """A play that came in from a BGG CSV (totals only) gets a photo; the backup of the same
    plays then completes it (the game is taken out and saved again whole, with its id): the
    photo row and its file stay with the game (they were deleted, the file left nameless)."""
    import json

    from app.store import crud
    from app.store.exchange import bgg_csv, export_games, import_records, records_text
    from app.store.plays_import import import_plays
    from tests.app.test_exchange import sample_records

    source = Store.open(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    with source.session() as s:
        import_records(s, "\n".join(json.dumps(r) for r in sample_records()))
        games = list(export_games(s, deleted=True))
        csv_text, backup = bgg_csv(games), records_text(games)
    with store.session() as s:
        ids = import_plays(s, csv_text, "bgg")[0].imported
    gid = ids[1]
    kept = [P.add_photo(store.engine, gid, jpeg_with_gps(), seat=None),
            P.add_photo(store.engine, gid, png_bytes(), seat=1)]
    with store.session() as s:
        result = import_records(s, backup)
        assert gid in [g for _, g in result.completed]
        saved = crud.get_record(s, game_id=gid)
        assert saved is not None and saved.record.get("format") != "forest-table/play"
        after = P.list_photos(s, gid)
    assert [(p.id, p.uid, p.seat, p.width, p.height, p.size, p.created_at) for p in after] == \
        [(p.id, p.uid, p.seat, p.width, p.height, p.size, p.created_at) for p in kept]
    for p in kept:
        assert (tmp_path / "photos" / f"{p.uid}.jpg").exists()
        assert P.read_photo(store.engine, p) is not None


def test_a_dry_run_completion_leaves_the_photos_as_they_were(
        store: Store, tmp_path: Path) -> None:
    import json

    from app.store.exchange import bgg_csv, export_games, import_records, records_text
    from app.store.plays_import import import_plays
    from tests.app.test_exchange import sample_records

    source = Store.open(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    with source.session() as s:
        import_records(s, "\n".join(json.dumps(r) for r in sample_records()))
        games = list(export_games(s, deleted=True))
        csv_text, backup = bgg_csv(games), records_text(games)
    with store.session() as s:
        gid = import_plays(s, csv_text, "bgg")[0].imported[0]
    photo = P.add_photo(store.engine, gid, jpeg_with_gps(), seat=2)
    with store.session() as s:
        assert import_records(s, backup, dry_run=True).completed
    with store.session() as s:
        assert [p.uid for p in P.list_photos(s, gid)] == [photo.uid]
    assert (tmp_path / "photos" / f"{photo.uid}.jpg").exists()


def test_photos_survive_a_bgstats_file_completing_a_bgg_play(store: Store, tmp_path: Path
                                                             ) -> None:
    """The same through ``import_plays``: a BG Stats file that knows more of a play that came
    from a BGG CSV replaces it (same game id); its photo stays."""
    from app.store.exchange import bgg_csv, export_games
    from app.store.plays_import import import_plays

    text = (Path(__file__).parents[1] / "data" / "plays" / "bgstats_roundtrip.json"
            ).read_text(encoding="utf-8")
    source = Store.open(f"sqlite:///{tmp_path / 'source.sqlite3'}")
    with source.session() as s:
        import_plays(s, text, "bgstats")
        csv_text = bgg_csv(list(export_games(s)))
    with store.session() as s:
        ids = import_plays(s, csv_text, "bgg")[0].imported
    photos = {gid: P.add_photo(store.engine, gid, png_bytes(), seat=None).uid for gid in ids}
    with store.session() as s:
        result = import_plays(s, text, "bgstats")[0]
        completed = [gid for _, gid in result.completed]
        assert completed
        for gid in ids:
            assert [p.uid for p in P.list_photos(s, gid)] == [photos[gid]]
    assert all((tmp_path / "photos" / f"{uid}.jpg").exists() for uid in photos.values())

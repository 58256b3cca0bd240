"""Photos of a game's final boards: checked, cleaned and kept beside the database.

A photo arrives as bytes a phone uploaded (``ft.FilePicker`` to the server's upload
folder, never anywhere else). It is accepted only when its first bytes are a JPEG, PNG or
WebP signature, it is at most :data:`MAX_BYTES` and Pillow decodes it; it is then
re-encoded as a JPEG from its pixels alone (turned upright first), so no EXIF, GPS, XMP,
comment or colour-profile block survives. The file ``<uid>.jpg`` is written with mode
0600 in :func:`photos_dir` (mode 0700): ``photos/`` beside the SQLite file, or the data
folder's ``photos/`` (PostgreSQL, an in-memory database). A row of ``game_photo`` names it.

Who may add or remove a photo is decided by the caller from a token
(:func:`may_add`, :func:`may_remove`, with :class:`app.table.rights.Access`).
"""

from __future__ import annotations

import io
import os
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, select

from app.store.engine import data_dir
from app.store.models import GamePhoto, GameRow

#: The largest photo accepted, in bytes (a phone camera's JPEG is 2-8 MB).
MAX_BYTES = 15 * 1024 * 1024
#: Photos kept per game.
MAX_PER_GAME = 12
#: The longest side of a stored photo, in pixels (bigger ones are scaled down).
MAX_SIDE = 3000
#: Pictures with more pixels than this are refused before decoding (decompression bombs).
MAX_PIXELS = 60_000_000
FIELD = "photo"
#: The name of a backup's photo archive: ``<backup file>`` + this.
ARCHIVE_SUFFIX = ".photos.zip"


class PhotoRefused(ValueError):
    """A photo that is not kept; ``code`` names why (an ``l10n`` key), ``field`` the field."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{FIELD}: {code} {params}" if params else f"{FIELD}: {code}")
        self.code = code
        self.field = FIELD
        self.params = params


def kind_of(head: bytes) -> str | None:
    """The kind the first bytes announce (``jpeg``, ``png``, ``webp``, ``heic``), else None."""
    if head[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"mif1", b"msf1", b"hevc"):
        return "heic"
    return None


@dataclass(frozen=True, slots=True)
class Cleaned:
    """A photo ready to keep: JPEG bytes without metadata, and its size in pixels."""

    data: bytes
    width: int
    height: int


def clean(data: bytes) -> Cleaned:
    """``data`` checked (signature, size, decodable) and re-encoded without metadata.

    Raises :class:`PhotoRefused` (``photo-too-large``, ``photo-not-image``,
    ``photo-heic``, ``photo-unreadable``)."""
    if len(data) > MAX_BYTES:
        raise PhotoRefused("photo-too-large", mb=MAX_BYTES // (1024 * 1024))
    kind = kind_of(data[:16])
    if kind is None:
        raise PhotoRefused("photo-not-image")
    if kind == "heic":  # Pillow cannot read it without a plug-in; browsers send JPEG on ask
        raise PhotoRefused("photo-heic")
    from PIL import Image, ImageOps

    try:
        with Image.open(io.BytesIO(data), formats=[kind.upper()]) as im:
            if im.width * im.height > MAX_PIXELS:
                raise PhotoRefused("photo-too-large", mb=MAX_BYTES // (1024 * 1024))
            im.load()
            upright = ImageOps.exif_transpose(im)
            pixels = upright.convert("RGB")
    except PhotoRefused:
        raise
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise PhotoRefused("photo-unreadable") from exc
    pixels.thumbnail((MAX_SIDE, MAX_SIDE))
    # a new image from the pixels alone: nothing of the original's blocks is carried
    bare = Image.new("RGB", pixels.size)
    bare.paste(pixels)
    out = io.BytesIO()
    bare.save(out, format="JPEG", quality=85, optimize=True)
    return Cleaned(out.getvalue(), bare.width, bare.height)


# --------------------------------------------------------------------------- where


def photos_dir(where: sa.Engine | str) -> Path:
    """The folder of the photos of a database (its engine or URL; not created here):
    ``photos`` beside a SQLite file, else in the data folder
    (:func:`app.store.engine.data_dir`)."""
    url = where.url if isinstance(where, sa.Engine) else sa.make_url(where)
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return Path(url.database or "").expanduser().parent / "photos"

    return data_dir() / "photos"


def private_dir(path: Path) -> Path:
    """``path`` created if missing, its owner's only (0700); returns it."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)
    return path


def incoming_path(where: sa.Engine | str) -> Path:
    """Where uploads land before they are checked: ``photos/incoming`` (not created here)."""
    return photos_dir(where) / "incoming"


def incoming_dir(where: sa.Engine | str) -> Path:
    """:func:`incoming_path`, created if missing (0700, as its ``photos`` folder)."""
    private_dir(photos_dir(where))
    return private_dir(incoming_path(where))


def _write_private(path: Path, data: bytes) -> None:
    """Write ``path`` whole with mode 0600 (a temporary file renamed over it)."""
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def photo_path(engine: sa.Engine, photo: GamePhoto) -> Path:
    return photos_dir(engine) / f"{photo.uid}.jpg"


# --------------------------------------------------------------------------- rows


def list_photos(session: Session, game_id: int) -> list[GamePhoto]:
    """The game's photos, oldest first."""
    return list(session.exec(select(GamePhoto).where(GamePhoto.game_id == game_id)
                             .order_by(GamePhoto.id)))  # type: ignore[arg-type]


def add_photo(engine: sa.Engine, game_id: int, data: bytes, *, seat: int | None) -> GamePhoto:
    """Keep ``data`` (checked and cleaned, :func:`clean`) as a photo of game ``game_id``,
    attached by ``seat`` (None: the host). The file is written before its row: a failed
    write leaves no row, a failed row leaves no file."""
    cleaned = clean(data)
    with Session(engine, expire_on_commit=False) as s:
        game = s.get(GameRow, game_id)
        if game is None or game.status == "deleted":
            raise PhotoRefused("photo-no-game")
        if len(list_photos(s, game_id)) >= MAX_PER_GAME:
            raise PhotoRefused("photo-too-many", n=MAX_PER_GAME)
        row = GamePhoto(game_id=game_id, uid=secrets.token_hex(16), seat=seat,
                        width=cleaned.width, height=cleaned.height, size=len(cleaned.data))
        path = private_dir(photos_dir(engine)) / f"{row.uid}.jpg"
        _write_private(path, cleaned.data)
        try:
            s.add(row)
            s.commit()
        except BaseException:
            path.unlink(missing_ok=True)
            raise
        return row


def remove_photo(engine: sa.Engine, photo_id: int) -> bool:
    """Remove one photo (row, then file); whether it was there."""
    with Session(engine, expire_on_commit=False) as s:
        row = s.get(GamePhoto, photo_id)
        if row is None:
            return False
        s.delete(row)
        s.commit()
    photo_path(engine, row).unlink(missing_ok=True)
    return True


def read_photo(engine: sa.Engine, photo: GamePhoto) -> bytes | None:
    """The photo's JPEG bytes, or None when its file is gone."""
    try:
        return photo_path(engine, photo).read_bytes()
    except OSError:
        return None


# --------------------------------------------------------------------------- rights


def may_add(access: Any, game_id: int) -> bool:
    """A seat's token adds to its own table's game; a host's (or the server's) to any it sees."""
    return access is not None and access.sees(game_id)


def may_remove(access: Any, photo: GamePhoto) -> bool:
    """The host removes any photo of a game it sees; a seat only the photos it added."""
    if access is None or not access.sees(photo.game_id):
        return False
    return bool(access.is_host) or (photo.seat is not None and photo.seat == access.seat)


# --------------------------------------------------------------------------- backup


def archive_name(play_id: str, photo: GamePhoto, n: int) -> str:
    return f"{play_id}/{n}-{photo.uid}.jpg"


def write_archive(engine: sa.Engine, path: Path, games: Iterable[tuple[int, str]]) -> int:
    """Write the photos of ``games`` (game id, play id) to the zip file ``path`` (0600);
    how many. No file is written when there are none."""
    import zipfile

    with Session(engine, expire_on_commit=False) as s:
        found = [(play_id, p) for gid, play_id in games for p in list_photos(s, gid)]
    if not found:
        return 0
    n = 0
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f, zipfile.ZipFile(f, "w", zipfile.ZIP_STORED) as z:
            for i, (play_id, photo) in enumerate(found, 1):
                data = read_photo(engine, photo)
                if data is None:
                    continue
                z.writestr(archive_name(play_id, photo, i), data)
                n += 1
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return n


def read_archive(engine: sa.Engine, path: Path, games: Sequence[tuple[int, str]]) -> int:
    """Restore the photos of ``games`` (game id, play id) from the zip file ``path``
    (each checked and cleaned again; a game that has photos already is left as it is);
    how many were added."""
    import zipfile

    by_play = {play_id: gid for gid, play_id in games}
    added = 0
    with zipfile.ZipFile(path) as z:
        with Session(engine) as s:
            has = {gid for gid in by_play.values() if list_photos(s, gid)}
        for info in z.infolist():
            play_id, _, name = info.filename.partition("/")
            gid = by_play.get(play_id)
            if gid is None or gid in has or not name.endswith(".jpg") \
                    or info.file_size > MAX_BYTES:
                continue
            try:
                add_photo(engine, gid, z.read(info), seat=None)
            except PhotoRefused:
                continue
            added += 1
    return added

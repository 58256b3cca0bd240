"""SQLModel tables: people, games, seats, command log, snapshots, printed values, records.

A table class whose name would shadow a domain name is named as a row
(``GameRow``: not ``scoring.games.Game``; ``GameStateRow``: not
``app.game.state.GameState``); ``__tablename__`` names every table explicitly.
All timestamps are UTC; :func:`utc` turns what a driver returns (naive on
SQLite, aware on PostgreSQL) back into an aware UTC ``datetime``.

Denormalised on purpose (written once, when a game finishes, never updated):
``Seat.game`` / ``Seat.finished`` / ``Seat.played_at`` and ``SeatCategory.person_id`` / ``.game``,
so that the statistics of one person are a single index range scan
(see ``app/store/queries.py`` and ``benchmarks/bench_store.py``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB
from sqlmodel import Field, SQLModel

#: JSON on SQLite, JSONB on PostgreSQL.
JSONType = sa.JSON().with_variant(JSONB(), "postgresql")

OPEN = "open"
FINISHED = "finished"
DELETED = "deleted"  # soft-deleted (finished or abandoned open game): undo restores it (0006)
GAME_STATUSES = (OPEN, FINISHED, DELETED)
SOURCE_APP = "app"
SOURCE_IMPORT = "import"


def now_utc() -> datetime:
    """The current time, aware, in UTC."""
    return datetime.now(UTC)


def utc(value: datetime | None) -> datetime | None:
    """Normalise a stored timestamp to an aware UTC datetime (``None`` stays ``None``)."""
    if value is None:
        return None
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


class UTCDateTime(sa.types.TypeDecorator[datetime]):
    """``TIMESTAMP WITH TIME ZONE`` that always hands back aware UTC datetimes.

    SQLite keeps no offset: values are converted to UTC before they are stored
    (so text order is time order) and marked UTC when read.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        return utc(value)


def _ts(**kw: Any) -> Any:
    return Field(sa_type=UTCDateTime, **kw)


# --------------------------------------------------------------------------- people


class Person(SQLModel, table=True):
    """Someone who plays; reused across games. ``key`` is the case-folded name (unique);
    ``uid`` the person's id outside this database (0008): given once, kept through renames
    and merges, carried by exports (BG Stats ``sourcePlayerId``)."""

    __tablename__ = "person"
    __table_args__ = (sa.Index("ix_person_uid", "uid", unique=True),)

    name: str = Field(max_length=80)
    id: int | None = Field(default=None, primary_key=True)
    key: str = Field(max_length=80, sa_column_kwargs={"unique": True}, nullable=False)
    uid: str = Field(max_length=36, nullable=False)
    created_at: datetime = _ts(default_factory=now_utc, nullable=False)


class PersonAlias(SQLModel, table=True):
    """Another app's id of one of our people (0010): a BG Stats player ``uuid``
    (``bgstats:<UUID>``) or a BoardGameGeek username (``bgg:<name>``). An import matches
    their person by it first; exports write it back (BG Stats player ``uuid``,
    ``bggUsername``). A merge moves them; a backup carries them in its play records."""

    __tablename__ = "person_alias"

    alias: str = Field(max_length=120, primary_key=True)
    person_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id", ondelete="CASCADE"),
                            nullable=False, index=True)
    )


# --------------------------------------------------------------------------- games


class GameRow(SQLModel, table=True):
    """One game, open (being played) or finished.

    ``played_at`` is when the game was played: the record's ``played_at`` when
    it has one, else when the app created the game (or imported the record).
    """

    __tablename__ = "game"
    __table_args__ = (
        # history: newest first, all games / one game kind (revision 0002)
        sa.Index("ix_game_status_played", "status", "played_at", "id"),
        sa.Index("ix_game_kind_status_played", "game", "status", "played_at", "id"),
        sa.Index("ix_game_play_uid", "play_uid", unique=True),  # (revision 0006)
    )

    game: str = Field(max_length=32)  # "forestry" | "forest-guardians"
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSONType)
    seed: int | None = Field(default=None, sa_type=sa.BigInteger)
    location: str | None = Field(default=None, max_length=200)
    id: int | None = Field(default=None, primary_key=True)
    status: str = Field(default=OPEN, max_length=16)
    complete: bool | None = None  # finished: was the score sheet complete (no "needs")?
    source: str = Field(default=SOURCE_APP, max_length=16)
    created_at: datetime = _ts(default_factory=now_utc, nullable=False)
    updated_at: datetime = _ts(default_factory=now_utc, nullable=False)
    finished_at: datetime | None = _ts(default=None, nullable=True)
    played_at: datetime = _ts(default_factory=now_utc, nullable=False)
    # (revision 0006) the play's identity outside this database: the content fingerprint of
    # its record as first saved (kept through edits); BG Stats uuid, BGG play id
    play_uid: str | None = Field(default=None, max_length=64)
    # minutes east of UTC of the record's played_at: dates shown/exported in its own offset
    utc_offset: int | None = None
    notes: str | None = Field(default=None, sa_type=sa.Text)
    deleted_at: datetime | None = _ts(default=None, nullable=True)
    deleted_status: str | None = Field(default=None, max_length=16)  # status before deletion


# --------------------------------------------------------------------------- seats


class Seat(SQLModel, table=True):
    """A person at a game. Totals, rank and winner are set when the game finishes."""

    __tablename__ = "seat"
    __table_args__ = (
        sa.UniqueConstraint("game_id", "seat", name="uq_seat_game_seat"),
        # (revision 0002) statistics of one person: covering, grouped in index order
        sa.Index("ix_seat_person_stats", "person_id", "finished", "game", "character", "winner",
                 "total"),
        # history of one person, newest first: all games / one game kind
        sa.Index("ix_seat_person_played", "person_id", "finished", "played_at", "game_id"),
        sa.Index("ix_seat_person_kind_played", "person_id", "finished", "game", "played_at",
                 "game_id"),
        # head-to-head: the other person's seat in the same game
        sa.Index("ix_seat_game_person", "game_id", "person_id", "winner", "total"),
    )

    seat: int  # 1-based; seat 1 starts
    colour: str | None = Field(default=None, max_length=32)
    character: str | None = Field(default=None, max_length=40)  # character or ranger
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                            nullable=False)
    )
    person_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), nullable=False)
    )
    # denormalised from game (see module docstring)
    game: str = Field(max_length=32)
    finished: bool = Field(default=False)
    played_at: datetime | None = _ts(default=None, nullable=True)  # the game's, once finished
    total: int | None = None  # NULL while open, and when the score sheet is incomplete
    rank: int | None = None
    winner: bool = Field(default=False)
    # (revision 0008) the person's first play of this game, judged once, when the game was
    # first saved (BG Stats newPlayer); a backup carries it. NULL: saved before 0008
    first_play: bool | None = None


class SeatCategory(SQLModel, table=True):
    """Points of one scoring category for one seat of a finished game."""

    __tablename__ = "seat_category"
    __table_args__ = (
        # (revision 0002) category averages of one person: covering, grouped in index order
        sa.Index("ix_seat_category_person", "person_id", "game", "category", "points"),
    )

    seat_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("seat.id", ondelete="CASCADE"),
                            primary_key=True)
    )
    category: str = Field(max_length=40, primary_key=True)
    points: int
    # denormalised from seat/game (see module docstring)
    person_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), nullable=False)
    )
    game: str = Field(max_length=32)


# --------------------------------------------------------------------------- log and state


class CommandLog(SQLModel, table=True):
    """One applied command, append-only. ``seq`` counts from 1 per game."""

    __tablename__ = "command_log"
    __table_args__ = (sa.UniqueConstraint("game_id", "seq", name="uq_command_log_game_seq"),)

    seq: int
    kind: str = Field(max_length=64)
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSONType)
    outcome: Any = Field(default=None, sa_type=JSONType, nullable=True)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                            nullable=False)
    )
    created_at: datetime = _ts(default_factory=now_utc, nullable=False)


class GameStateRow(SQLModel, table=True):
    """The latest state snapshot of a game (``seq`` = version of the last log entry)."""

    __tablename__ = "game_state"

    game_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                            primary_key=True)
    )
    seq: int = 0
    state: dict[str, Any] = Field(default_factory=dict, sa_type=JSONType)
    updated_at: datetime = _ts(default_factory=now_utc, nullable=False)


# --------------------------------------------------------------------------- printed values


class PrintedValue(SQLModel, table=True):
    """A printed value a user read off a component and confirmed (unique per table/key)."""

    __tablename__ = "printed_value"
    __table_args__ = (sa.UniqueConstraint("table", "key", name="uq_printed_value_table_key"),)

    table: str = Field(max_length=64)  # e.g. "buildings_vp"
    key: str = Field(max_length=64)  # e.g. "4"
    value: Any = Field(sa_type=JSONType)
    id: int | None = Field(default=None, primary_key=True)
    confirmed_at: datetime = _ts(default_factory=now_utc, nullable=False)


# --------------------------------------------------------------------------- finished records


class FinishedRecord(SQLModel, table=True):
    """The record v1 of a finished game, exactly as saved/imported, and its score sheet."""

    __tablename__ = "finished_record"

    game_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                            primary_key=True)
    )
    # plain JSON (text) even on PostgreSQL: the record keeps its key order (0005)
    record: dict[str, Any] = Field(sa_type=sa.JSON)
    sheet: dict[str, Any] = Field(sa_type=sa.JSON)
    # SHA-256 of the record's canonical JSON: import skips records already here (0004)
    fingerprint: str | None = Field(default=None, max_length=64, index=True)
    created_at: datetime = _ts(default_factory=now_utc, nullable=False)


class BggGame(SQLModel, table=True):
    """The BoardGameGeek id of one of our games, entered once by the user (0006)."""

    __tablename__ = "bgg_game"

    game: str = Field(max_length=32, primary_key=True)
    bgg_id: int


# --------------------------------------------------------------------------- statistics summaries
#
# Running totals per person (and per pair of people), kept in step with the
# seats in the same transaction that finishes a game (``app/store/summary.py``),
# so a person's statistics cost the same at 100 games and at 100,000.
# ``summary.rebuild_stats`` recomputes them from the seats (import, delete, migration).


class PersonGameStat(SQLModel, table=True):
    """Plays, wins and score totals of one person in one game."""

    __tablename__ = "person_game_stat"

    person_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), primary_key=True)
    )
    game: str = Field(max_length=32, primary_key=True)
    plays: int = 0
    wins: int = 0
    scored_plays: int = 0  # plays with a complete score sheet (a total)
    total_sum: int = Field(default=0, sa_type=sa.BigInteger)
    best: int | None = None


class PersonCategoryStat(SQLModel, table=True):
    """Sum of one scoring category's points of one person in one game."""

    __tablename__ = "person_category_stat"

    person_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), primary_key=True)
    )
    game: str = Field(max_length=32, primary_key=True)
    category: str = Field(max_length=40, primary_key=True)
    games: int = 0
    points_sum: int = Field(default=0, sa_type=sa.BigInteger)


class PersonCharacterStat(SQLModel, table=True):
    """Plays and wins of one person with one character/ranger (``""``: none)."""

    __tablename__ = "person_character_stat"

    person_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), primary_key=True)
    )
    game: str = Field(max_length=32, primary_key=True)
    character: str = Field(max_length=40, primary_key=True)
    plays: int = 0
    wins: int = 0


class PairStat(SQLModel, table=True):
    """Two people (``person_a`` < ``person_b``) over the finished games both played."""

    __tablename__ = "pair_stat"

    person_a: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), primary_key=True)
    )
    person_b: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("person.id"), primary_key=True)
    )
    game: str = Field(max_length=32, primary_key=True)
    games: int = 0
    a_wins: int = 0
    b_wins: int = 0
    scored: int = 0  # games where both totals are known
    margin_sum: int = Field(default=0, sa_type=sa.BigInteger)  # sum of (a's total - b's total)


# --------------------------------------------------------------------------- photos


class GamePhoto(SQLModel, table=True):
    """A photo of a game's final boards (revision 0011): the file ``<uid>.jpg`` in the
    photos folder beside the database (:mod:`app.store.photos`), re-encoded without
    metadata. ``seat`` is who attached it (None: the host)."""

    __tablename__ = "game_photo"
    __table_args__ = (sa.Index("ix_game_photo_game_id", "game_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(
        sa_column=sa.Column(sa.Integer, sa.ForeignKey("game.id", ondelete="CASCADE"),
                            nullable=False))
    uid: str = Field(max_length=32, unique=True)
    seat: int | None = None
    width: int = 0
    height: int = 0
    size: int = 0
    created_at: datetime = _ts(default_factory=now_utc, nullable=False)

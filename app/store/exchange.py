"""Export and import in one name, for callers that use both (the CLI, the records screen).

The code is in :mod:`app.store.exports` (record v1, BG Stats, BoardGameGeek CSV) and
:mod:`app.store.imports` (record v1, all or nothing); this module only re-exports them.
"""

from __future__ import annotations

from app.bounds import MAX_RECORD_BYTES
from app.store.exports import (
    BGG_COLUMNS,
    BGSTATS_CREATE_PLAY,
    GAME_TITLES,
    SOURCE_NAME,
    ExportedGame,
    backup_record,
    bgg_csv,
    bgg_csv_lines,
    bgg_xml,
    bgstats_file,
    bgstats_link,
    bgstats_play,
    bgstats_qr_link,
    board_text,
    csv_cell,
    export_games,
    finished_ids,
    record_line,
    records_text,
    role_name,
)
from app.store.imports import (
    BULK,
    ImportCode,
    ImportFailed,
    ImportProblem,
    ImportResult,
    import_records,
    iter_records,
    read_records,
    rescore_incomplete,
)

__all__ = [
    "BGG_COLUMNS", "BGSTATS_CREATE_PLAY", "BULK", "GAME_TITLES", "MAX_RECORD_BYTES",
    "SOURCE_NAME", "ExportedGame", "backup_record", "record_line", "ImportCode", "ImportFailed",
    "ImportProblem",
    "ImportResult", "bgg_csv", "bgg_csv_lines", "bgstats_file", "bgstats_link", "bgstats_play",
    "bgg_xml", "bgstats_qr_link",
    "board_text", "csv_cell", "export_games", "finished_ids", "import_records", "iter_records",
    "read_records", "records_text", "rescore_incomplete", "role_name",
]

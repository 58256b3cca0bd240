"""The finish screen's view model: the final result, sharing, exports, rematch.

Plain Python (no Flutter): reads the stored record of a finished game through
``app.store.queries`` / ``app.store.exchange`` and turns it into texts. No rules
are decided here: totals, ranks and winners are the stored score sheet's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.game.status import Status
from app.store import exchange, queries
from app.ui.kit.games import ui
from app.ui.new_game.presenter import COLOURS, NewGamePresenter, PlayerEntry
from app.ui.sheet.presenter import stored_scoreboard
from scoring.games import GAMES, Game

T = Callable[..., str]


@dataclass(frozen=True, slots=True)
class FinishRow:
    name: str
    total: int | None
    rank: int | None
    winner: bool
    colour: str | None


@dataclass(frozen=True, slots=True)
class Exports:
    record_json: str  # record v1 (docs/record-format.md)
    bgstats_json: str  # a BG Stats play file
    bgstats_link: str  # bgstats://...createPlay.html?data=...
    bgg_csv: str
    bgstats_qr: str = ""  # the push link's web form, short enough for a QR code


@dataclass(frozen=True, slots=True)
class FinishView:
    game_id: int
    game: str
    title: str
    date: str  # YYYY-MM-DD
    rows: tuple[FinishRow, ...]  # best first
    winners: tuple[str, ...]
    tie_note: str | None  # how a tie on the top total was settled
    notes: tuple[str, ...]
    saved: bool  # the game is in the history (the finish stored its record)
    share_text: str
    exports: Exports | None
    board: Any = None  # the result grid's scoreboard (app.ui.sheet.presenter.Scoreboard)


def _tie_note(rows: Sequence[FinishRow], winners: Sequence[str], notes: Sequence[str],
              t: T) -> str | None:
    totals = [r.total for r in rows if r.total is not None]
    if not totals:
        return None
    top = max(totals)
    tied = [r.name for r in rows if r.total == top]
    if len(tied) < 2:
        return None
    if len(winners) > 1:
        return t("finish-tie-shared", names=t("list-commas").join(winners), total=top)
    said = [n for n in notes if "tie" in n.casefold() or "タイ" in n or "同点" in n]
    how = "; ".join(said) if said else t("finish-tie-rules")
    return t("finish-tie-broken", names=t("list-commas").join(tied), total=top, how=how)


def share_text(title: str, date: str, rows: Sequence[FinishRow], winners: Sequence[str],
               t: T) -> str:
    """A short plain-text result (for the QR code and the clipboard)."""
    lines = [f"{title} {date}"]
    for r in rows:
        total = "-" if r.total is None else str(r.total)
        rank = "-" if r.rank is None else str(r.rank)
        lines.append(f"{rank}. {r.name} {total}")
    if winners:
        lines.append(t("score-winners", names=t("list-commas").join(winners)))
    return "\n".join(lines)


def finish_view(summary: Any, exported: Any | None, t: T, *, saved: bool,
                notes: Sequence[str] = (), lang: str = "en", board: Any = None) -> FinishView:
    """``summary``: ``queries.GameSummary``; ``exported``: ``exchange.ExportedGame`` or None;
    the BG Stats comments and roles are in ``lang``; ``board``: the game's scoreboard (its
    notes on ties say how every tied place was decided)."""
    seats = sorted(summary.players, key=lambda p: (p.rank if p.rank is not None else 99, p.seat))
    rows = tuple(FinishRow(p.name, p.total, p.rank, bool(p.winner), p.colour) for p in seats)
    winners = tuple(summary.winners)
    title = t(f"game-{summary.game}")
    date = summary.played_at.astimezone().date().isoformat()
    exports = None
    if exported is not None:
        exports = Exports(
            record_json=exchange.records_text([exported]),
            bgstats_json=json.dumps(exchange.bgstats_file([exported], lang),
                                    ensure_ascii=False, indent=2) + "\n",
            bgstats_link=exchange.bgstats_link(exported, lang),
            bgg_csv=exchange.bgg_csv([exported], lang),
            bgstats_qr=exchange.bgstats_qr_link(exported, lang),
        )
    if board is not None and not notes:
        notes = board.notes
    tie_note = "\n".join(board.tie_notes) if board is not None and board.tie_notes \
        else _tie_note(rows, winners, notes, t)
    return FinishView(
        game_id=int(summary.id), game=str(summary.game), title=title, date=date, rows=rows,
        winners=winners, tie_note=tie_note, notes=tuple(notes),
        saved=saved, share_text=share_text(title, date, rows, winners, t), exports=exports,
        board=board,
    )


def load_finish(store: Any, game_id: int, t: T, notes: Sequence[str] = (),
                lang: str = "en") -> FinishView | None:
    """The finish view of a stored game (None: not found or not finished)."""
    with store.session() as s:
        summary = queries.game_summary(s, game_id=game_id)
        if summary is None or summary.status != Status.FINISHED:
            return None
        saved = any(g.id == game_id for g in queries.history(s, limit=50).items)
        exported = next(iter(exchange.export_games(s, ids=[game_id])), None)
    board = stored_scoreboard(store, game_id, t)
    return finish_view(summary, exported, t, saved=saved, notes=notes, lang=lang, board=board)


def export_files(view: FinishView) -> list[tuple[str, str, str]]:
    """(id, file name, text) of each export file of the game."""
    if view.exports is None:
        return []
    stem = f"forest-table-{view.game}-{view.date}-{view.game_id}"
    e = view.exports
    return [("record", f"{stem}.json", e.record_json),
            ("bgstats", f"{stem}.bgsplay", e.bgstats_json),
            ("bgg", f"{stem}.csv", e.bgg_csv)]


def rematch_presenter(record: dict[str, Any], t: T,
                      colours: Sequence[str | None] = (),
                      game_id: int | None = None) -> NewGamePresenter:
    """A new-game form with the same game, players, seat order, colours and options
    (Growing Forward's modules included; the technology side as dealt).

    The seed is left empty: the form deals a new one. ``game_id``: the finished table,
    whose phones follow to the new one when it starts (:meth:`TableHub.move_table`).
    """
    try:
        game = Game(str(record.get("game")))
    except ValueError:  # not a game of ours: the form's first
        game = GAMES[0]
    role_field = ui(game).seat_role.value  # "character" / "ranger"
    opts = dict(record.get("options") or {})
    colours = list(colours)
    players: list[PlayerEntry] = []
    for i, p in enumerate(record.get("players") or []):
        colour = p.get("colour") or (colours[i] if i < len(colours) else None)
        role = p.get(role_field)
        if colour not in COLOURS or any(q.colour == colour for q in players):
            colour = next(c for c in COLOURS if all(q.colour != c for q in players))
        players.append(PlayerEntry(str(p.get("name", "")), str(colour), role or None))
    presenter = NewGamePresenter(t, game=game, players=players, rematch_of=game_id)
    presenter.form.restore(opts)
    if presenter.seat_role() is None:  # not an advanced game: the dealer deals the roles
        for pl in presenter.players:
            pl.role = None
    return presenter

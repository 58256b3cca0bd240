"""Japanese texts of the scoring: the "needs" questions and the score sheet's notes.

Pure and typed like the rest of ``scoring``. Each function takes the same
values as its English counterpart (``scoring.printed.ask``, the notes of
``scoring.forestry.score`` and ``scoring.guardians.score``) and says the same in
Japanese; the scorers store both (``Need.ask_ja``, ``ScoreSheet.notes_ja``),
the JSON output stays English. Component names follow the Japanese Forestry
rulebook (002); the sentences are our own.
"""

from __future__ import annotations

from collections.abc import Sequence

BUILDINGS_VP = "buildings_vp"
TASKS_VP = "tasks_vp"
FOREST_WORKER_BUILDINGS_VP = "forest_worker_buildings_vp"
TECHNICIAN_VP = "technician_vp"
DETACHED_TOP_TIE = "detached_top_tie"

#: The printed tables by name, for notes that cite a value used.
TABLE_JA: dict[str, str] = {
    BUILDINGS_VP: "建物トラックの勝利ポイント",
    TASKS_VP: "タスクカードの勝利ポイント",
    FOREST_WORKER_BUILDINGS_VP: "森林作業員ボードの建物トラックの勝利ポイント",
    TECHNICIAN_VP: "技術者ボードの最適化トラックの勝利ポイント",
    DETACHED_TOP_TIE: "分離倉庫が最多で同数のときの勝利ポイント",
}
#: Where a value used came from (``scoring.printed.Found.origin``).
ORIGIN_JA: dict[str, str] = {
    "record": "この記録に入力された印刷値",
    "confirmed": "以前に確認済みの値",
}
#: The Forestry tie-breakers, in order (002 end of the game).
TIE_BREAKERS_JA: tuple[str, ...] = (
    "植えた苗木の数",
    "履行した契約カードの数",
    "達成したタスクカードの数",
)
CONTRACT_CATEGORY_JA: dict[str, str] = {
    "building": "建築",
    "furniture": "家具",
    "innovation": "イノベーション",
    "accessory": "アクセサリー",
}


def ask_ja(table: str, key: str, *, board_side_b: bool = False) -> str:
    """What to read off which component, in Japanese (``scoring.printed.ask``)."""
    board = "プレイヤーボード（B面）" if board_side_b else "プレイヤーボード"
    if table == BUILDINGS_VP:
        if key == "0":
            return (
                f"{board}の建物トラックで、建物トークンを1つも使っていないときの数字を読んで"
                "ください（数字が印刷されていなければ0を入力）。"
            )
        return (
            f"{board}の建物トラックで、見えている一番右のスペースの下に印刷された数字を読んで"
            f"ください（使った建物トークン{key}つ）。"
        )
    if table == TASKS_VP:
        return (
            f"リファレンスタイル裏面の3行目から、達成したタスクカード{key}枚の勝利ポイントを"
            "読んでください。"
        )
    if table == FOREST_WORKER_BUILDINGS_VP:
        return (
            "森林作業員ボードの建物トラックで、見えている一番右のスペースの下に印刷された数字を"
            f"読んでください（使った建物トークン{key}つ）。"
        )
    if table == TECHNICIAN_VP:
        return (
            "技術者ボードの最適化トラックで、集めた一番右の技術者タイルの下に印刷された勝利"
            f"ポイントを読んでください（集めたタイル{key}枚。数字がなければ0を入力）。"
        )
    if table == DETACHED_TOP_TIE:
        return (
            "分離倉庫の得点カードで、被害木が最も多い分離倉庫が2つ同数のときの行から、"
            "1位／2位／3位の勝利ポイントを読んでください。"
        )
    raise ValueError(f"unknown printed table {table!r}")


def _who(names: Sequence[str]) -> str:
    return "と".join(names)


def tie_decided_ja(
    names: Sequence[str], total: int, level: int, shown: Sequence[tuple[str, int]]
) -> str:
    """Players tied on ``total`` VP, decided by tie-breaker ``level`` (1-3)."""
    values = "、".join(f"{name} {value}" for name, value in shown)
    return (
        f"{_who(names)}は{total}勝利ポイントで同点。{TIE_BREAKERS_JA[level - 1]}で順位が"
        f"決まりました（{values}）。"
    )


def tie_shared_ja(names: Sequence[str], total: int) -> str:
    """Players tied on ``total`` VP and on every tie-breaker."""
    return (
        f"{_who(names)}は{total}勝利ポイントで同点。タイブレーク（{'、'.join(TIE_BREAKERS_JA)}）"
        "もすべて同じため、同じ順位になります。"
    )


def contracts_unknown_ja(player: str) -> str:
    """Two-category contracts wait for the task card VP still needed."""
    return (
        f"{player}：必要なタスクカードの勝利ポイントがわかるまで、2カテゴリの契約カードの"
        "割り当ては決まりません。"
    )


def contracts_chosen_ja(player: str, parts: Sequence[tuple[int, Sequence[str], str, bool]]) -> str:
    """What each two-category contract counts as: (number, categories, chosen, by record)."""
    listed = "；".join(
        f"契約{n}（{'/'.join(CONTRACT_CATEGORY_JA[c] for c in cats)}）→"
        f"{CONTRACT_CATEGORY_JA[chosen]}（{'プレイヤーが指定' if by_record else '最適'}）"
        for n, cats, chosen, by_record in parts
    )
    return (
        f"{player}：{listed}。水施設とタスクカードの勝利ポイントの合計が最も大きくなる"
        "割り当てをアプリが選んでいます。契約カードごとにカテゴリを指定すると、そちらが"
        "優先されます。"
    )


NOT_COMPLETE_JA = (
    "未完了：順位は暫定です（まだ値が必要なカテゴリを除いています）。すべての値がそろうまで"
    "勝者は決まりません。"
)
ONE_PLAYER_JA = (
    "1人プレイ：複数人用のルールで計算しています（ソロ対戦相手のルールは資料にありません）。"
    "林業家トークン最多は10勝利ポイントです。"
)


def value_used_ja(table: str, key: str, value: int | tuple[int, ...], origin: str) -> str:
    """A printed value the scoring used that did not ship with the app."""
    shown = "／".join(str(v) for v in value) if isinstance(value, tuple) else str(value)
    where = f"（{key}）" if key else ""
    return f"{TABLE_JA[table]}{where}＝{shown}（{ORIGIN_JA.get(origin, origin)}）。"


def guardians_shared_win_ja(winners: Sequence[str], points: int) -> str:
    """Forest Guardians players tied at the top share the win."""
    return (
        f"{_who(winners)}は{points}点で同点となり、勝利を分け合います"
        "（ルールブックにタイブレークはありません）。"
    )

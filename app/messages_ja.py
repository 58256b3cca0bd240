"""The session's messages and refusals in Japanese, from their language-neutral data.

``app.session`` writes each :class:`~app.session.Message` in English and keeps
what it says as data (``kind`` plus ``data``: the board event's fields, the
draw's cards and spaces, the round token id, the command undone). This module
says the same in Japanese from that data alone, so a stored message renders in
either language; a message whose data is too old to carry what is needed
returns ``None`` (the caller shows the English text).

Refusals (``DomainError.message``) are English sentences written by the rules
model; :func:`error_ja` matches each known sentence and says it in Japanese,
keeping its values. Component names follow the Japanese Forestry rulebook
(002). Pure Python: no flet, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from setup.play import ROUND_TOKENS_BY_ID
from setup.texts_ja import label_ja, round_token_effect_ja, species_ja

AREA_JA = {"light_green": "薄緑", "dark_green": "濃い緑", "orange": "オレンジ"}
FORESTER_JA = {"thinning": "間伐", "den_tree": "巣穴の木", "painting": "塗装"}
TABLE_JA = {"forestry": "林業テーブル", "reforestation": "植林テーブル"}
#: Why the water structures track moved (``scoring.forestry.model.water_steps``).
WATER_REASON_JA = {
    "forestry table row 2": "林業テーブルの2行目が埋まった",
    "reforestation table row 2": "植林テーブルの2行目が埋まった",
    "third storage extension": "3枚目のストレージ拡張",
    "fifth building token": "5つ目の建物トークン",
    "full seedling row": "苗木の行がすべて埋まった",
}
TOKEN_JA = {**FORESTER_JA, "infested_wood": "被害木トークン"}
RIVER_JA = {
    "accessory": "アクセサリー",
    "innovation": "イノベーション",
    "furniture": "家具",
    "building": "建築",
    "sawmill_upgrade": "製材所のアップグレード",
    "forest_building": "森の建物",
    "forester_pair": "林業家トークン2つ",
    "seedling_pair": "苗木2つ",
}

#: Every session command by ``kind``, for "undone" / "redone".
COMMAND_JA: dict[str, str] = {
    "set_count": "数の変更",
    "add_score": "得点の加算",
    "place_forester": "林業家トークンの配置",
    "plant_seedling": "苗木の植林",
    "build_forest_building": "森の建物の建設",
    "upgrade_sawmill": "製材所のアップグレード",
    "open_storage_extension": "ストレージ拡張の開放",
    "add_river_token": "川トークンの追加",
    "remove_river_token": "川トークンの削除",
    "add_contract": "契約カードの追加",
    "remove_contract": "契約カードの削除",
    "choose_contract_category": "契約カードのカテゴリ選択",
    "add_task_card": "タスクカードの追加",
    "remove_task_card": "タスクカードの削除",
    "set_task_met": "タスクカードの達成",
    "take_reward_lap": "報酬トラックの周回",
    "set_harvester": "伐採機トークンの配置",
    "replenish_foresters": "林業家トークンの補充",
    "reveal_round_token": "ラウンドトークンの公開",
    "remove_infested_wood": "被害木トークンの除去",
    "set_detached_wood": "分離倉庫の被害木",
    "set_harvest_token": "伐採トークンの向き",
    "set_guardians": "フォレストガーディアンズの記入",
    "trigger_game_end": "ゲーム終了条件",
    "confirm_printed": "印刷値の確認",
    "start_game": "ゲーム開始",
    "end_game": "ゲーム終了",
}

RESHUFFLED_JA = "（スポーンデッキが尽きたのでシャッフルし直しました）"


def _list(items: list[Any]) -> str:
    return "、".join(str(i) for i in items)


def _placement(p: Mapping[str, Any]) -> str:
    name = TOKEN_JA.get(str(p["token"]), str(p["token"]))
    if p.get("space") is None:
        return f"カード{p['card']}：空いているスペースがないため{name}は置きません"
    text = f"カード{p['card']}：{name}をスペース{p['space']}へ"
    if p.get("skipped"):
        text += f"（埋まっている{_list(list(p['skipped']))}は飛ばしました）"
    return text


def _forester_placed(d: Mapping[str, Any]) -> str:
    kind = FORESTER_JA[d["type"]]
    where = f"林業テーブルの{d['column'] + 1}列目・{d['row']}行目"
    return f"{kind}の林業家トークンを{where}に置きました。"


def _seedling_planted(d: Mapping[str, Any]) -> str:
    return f"苗木を{AREA_JA[d['area']]}の列の{d['row']}行目に植えました。"


def _below_table(d: Mapping[str, Any]) -> str:
    item = str(d["item"])
    if item == "seedling":
        what = "苗木"
    else:
        what = f"{FORESTER_JA[item.split(':', 1)[1]]}の林業家トークン"
    return f"{what}を植林テーブルの下に置きました：+{d['vp']}勝利ポイント。"


def _row_completed(d: Mapping[str, Any]) -> str:
    row = int(d["row"])
    bonus = {1: "テクノロジーを1つアップグレード", 2: "水施設トラックを1段階前進"}.get(row)
    if bonus is None:
        bonus = f"+{d['vp']}勝利ポイント" if d["vp"] else "この行のボーナス"
    return f"{TABLE_JA[d['table']]}の{row}行目が埋まりました：{bonus}。"


def _technology_upgrade(d: Mapping[str, Any]) -> str:
    table = TABLE_JA[str(d["source"]).split(" ", 1)[0]]
    return f"テクノロジーを1つアップグレードしてください（{table}の1行目）。"


def _water_step(d: Mapping[str, Any]) -> str:
    reason = WATER_REASON_JA[d["reason"]]
    return f"水施設トラックが1段階進みました（{reason}）：係数{d['new_multiplier']}×。"


def _reward_lap(d: Mapping[str, Any]) -> str:
    return f"報酬トラックを1周しました：+{d['vp']}勝利ポイント。"


def _notice(d: Mapping[str, Any]) -> str:
    if not d.get("table") or not d.get("row"):
        raise KeyError("table")
    return (
        f"森林作業員：{TABLE_JA[d['table']]}の{d['row']}行目が埋まりました。一体型テーブルに"
        "印刷されたボーナスは手で受け取ってください（自動では反映されません）。"
    )


def _replenish(d: Mapping[str, Any]) -> str:
    if not d.get("placements"):
        return "林業家トークン：ボードにはすでに3つそろっています。"
    text = "林業家トークンを補充：" + "；".join(_placement(p) for p in d["placements"])
    return text + (RESHUFFLED_JA if d.get("reshuffled") else "")


def _infested(d: Mapping[str, Any]) -> str:
    placements = d.get("placements") or []
    if "old_score" not in d:
        raise KeyError("old_score")
    moved = f"スコア{d['old_score']}→{d['new_score']}"
    if not placements:
        return f"{moved}：繁殖トークンには届いていません。"
    crossed = _list([p["trigger"] for p in placements])
    text = f"{moved}で繁殖スペース{crossed}に到達：" + "；".join(_placement(p) for p in placements)
    return text + (RESHUFFLED_JA if d.get("reshuffled") else "")


def _reveal_round(d: Mapping[str, Any]) -> str:
    token = ROUND_TOKENS_BY_ID[d["round_token"]]
    text = f"ラウンド{d['round']}：{round_token_effect_ja(token)}"
    if d.get("last"):
        text += (
            "これが最後のラウンドトークンです。このあと各プレイヤーが最後の手番を1回ずつ"
            "行います。"
        )
    return text


def _round_token(d: Mapping[str, Any]) -> str:
    if d.get("species"):
        return (
            f"ファーストプレイヤー：{species_ja(d['species'])}の伐採トークンがあれば、1枚を伐採済みの面に"
            "裏返してください（そのスペースをタップ）。"
        )
    if d.get("round_token") == "task_card":
        return (
            "全員がタスクカードを1枚ランダムに引きます。条件がわかったら自分のボードに"
            "追加してください。"
        )
    raise KeyError("round_token")


def _game_end(d: Mapping[str, Any]) -> str:
    by = d["by"]
    if "over" not in d:
        raise KeyError("over")
    if d["trigger"] == "last_tree_planted":
        head = f"{by}が最後の木を植えました。ほかのプレイヤーはあと1回ずつ手番を行います。"
    else:
        head = f"{by}が最後の地形タイルを引きました。この手番でゲームは終わります。"
    if d["over"]:
        return head + f"{by}の手番のあとでゲーム終了です。得点を計算してください。"
    return head + f"残りの手番：{_list(list(d['remaining']))}。"


def _undo(d: Mapping[str, Any]) -> str:
    return f"取り消しました：{COMMAND_JA[d['command']]}"


def _redo(d: Mapping[str, Any]) -> str:
    return f"やり直しました：{COMMAND_JA[d['command']]}"


#: Japanese for every message kind the session emits.
MESSAGES_JA: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "ForesterPlaced": _forester_placed,
    "SeedlingPlanted": _seedling_planted,
    "BelowTable": _below_table,
    "RowCompleted": _row_completed,
    "TechnologyUpgrade": _technology_upgrade,
    "WaterStep": _water_step,
    "RewardLap": _reward_lap,
    "Notice": _notice,
    "replenish_foresters": _replenish,
    "spawn_infested_wood": _infested,
    "reveal_round_token": _reveal_round,
    "round_token": _round_token,
    "game_end": _game_end,
    "undo": _undo,
    "redo": _redo,
}


def message_ja(kind: str, data: Mapping[str, Any]) -> str | None:
    """A session message in Japanese, or ``None`` when its kind or data is not known."""
    render = MESSAGES_JA.get(kind)
    if render is None:
        return None
    try:
        return render(data)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None


# --------------------------------------------------------------------------- refusals

#: (English refusal as a regex, Japanese template with the groups as {1}, {2}, ...)
_ERRORS: tuple[tuple[str, str], ...] = (
    (
        r"the game is finished; nothing changes any more",
        "ゲームは終了しています。もう変更できません。",
    ),
    (r"nothing to undo", "取り消せる操作はありません。"),
    (r"nothing to redo", "やり直せる操作はありません。"),
    (r"the game has already started", "ゲームはすでに始まっています。"),
    (
        r"start the game first \(the first round token was turned up during setup\)",
        "先にゲームを開始してください（最初のラウンドトークンはセットアップ中に公開済みです）。",
    ),
    (r"place every harvester first \((.+)\)", "先に全員の伐採機トークンを置いてください（{1}）。"),
    (
        r"the board already holds all three forester tokens",
        "ボードにはすでに林業家トークンが3つそろっています。",
    ),
    (
        r"space (\d+) holds no (.+) forester token",
        "スペース{1}には{2:forester}の林業家トークンがありません。",
    ),
    (r"space (\d+) holds no forester token", "スペース{1}には林業家トークンがありません。"),
    (r"space (\d+) already holds a harvester", "スペース{1}にはすでに伐採機トークンがあります。"),
    (r"space (\d+) holds no harvester", "スペース{1}には伐採機トークンがありません。"),
    (r"space (\d+) holds no infested wood", "スペース{1}には被害木トークンがありません。"),
    (
        r"forest spaces are numbered 1–15, got (.+)",
        "森のスペースは1〜15です（{1}が指定されました）。",
    ),
    (
        r"no round token left: the game ends after everyone's final turn",
        "ラウンドトークンは残っていません。全員が最後の手番を終えるとゲーム終了です。",
    ),
    (
        r"detached storages come with the infestation module",
        "分離倉庫はキクイムシ侵入モジュールでのみ使います。",
    ),
    (r"detached storages are numbered 0 to (\d+)", "分離倉庫の番号は0〜{1}です。"),
    (r"must be a whole number >= 0 \(got (.+)\)", "0以上の整数で入力してください（{1}）。"),
    (r"must be a whole number \(got (.+)\)", "整数で入力してください（{1}）。"),
    (
        r"must be between (-?\d+) and (-?\d+) \(got (-?\d+)\)",
        "{1}〜{2}の範囲で入力してください（{3}）。",
    ),
    (r"a list of whole numbers >= 0", "0以上の整数のリストで入力してください。"),
    (
        r"the points uncovered on each of the 3 tree rows",
        "3列ある木の列それぞれで見えている点数を入力してください。",
    ),
    (r"the game end was already triggered \((.*)\)", "ゲーム終了条件はすでに満たされています。"),
    (
        r"no column can take a (.+) token; it goes below the reforestation table",
        "{1:forester}の林業家トークンを置ける列がありません。植林テーブルの下に置きます。",
    ),
    (r"the forestry table has columns 0, 1 and 2", "林業テーブルの列は3列です。"),
    (r"start the next column \((\d+)\) first", "先に次の列（{1:column}列目）を始めてください。"),
    (r"the forestry table already has 3 columns", "林業テーブルにはすでに3列あります。"),
    (
        r"this column holds (.+) tokens, not (.+)",
        "この列は{1:forester}の列で、{2:forester}ではありません。",
    ),
    (r"this column is full", "この列は埋まっています。"),
    (r"all (\d+) building tokens are used", "建物トークン{1}つをすべて使っています。"),
    (
        r"the (.+) area has only (\d+) sawmill buildings",
        "{1:area}エリアの製材所の建物は{2}つだけです。",
    ),
    (r"all three storage extensions are open", "ストレージ拡張タイルは3枚とも開放済みです。"),
    (r"a player has at most (\d+) river tokens", "川トークンは1人{1}枚までです。"),
    (r"no (.+) river token to remove", "取り除ける{1:river}の川トークンがありません。"),
    (
        r"a contract shows one category or two different ones",
        "契約カードのカテゴリは1つ、または異なる2つです。",
    ),
    (
        r"only a two-category contract chooses, and one of its two",
        "カテゴリを選べるのは2カテゴリの契約カードだけで、その2つのどちらかです。",
    ),
    (r"no contract to change", "変更できる契約カードがありません。"),
    (r"no contract to remove", "取り除ける契約カードがありません。"),
    (r"no task card to remove", "取り除けるタスクカードがありません。"),
    (r"no task card to change", "変更できるタスクカードがありません。"),
    (
        r"only a forest building task card is confirmed by hand",
        "手で確認するのは森の建物のタスクカードだけです。",
    ),
    (r"not a count that can be set", "この数は変更できません。"),
    (r"only the (.+) has this count", "この数を使うのは{1:character}だけです。"),
    (
        r"storage has (\d+) open spaces \(wood and infested wood together\)",
        "ストレージの空きは{1}スペースです（木材と被害木の合計）。",
    ),
    (r"a list of one or two categories", "カテゴリを1つか2つ指定してください。"),
    (r"a task card has exactly one requirement", "タスクカードの条件はちょうど1つです。"),
    (
        r"no player (.+) at this table \(0 to (\d+)\)",
        "このテーブルにそのプレイヤーはいません（0〜{2}）。",
    ),
    (r"(.+) is not one of (.+)", "{1}は選べません（選べるもの：{2}）。"),
)
_COMPILED = tuple((re.compile(f"^{pattern}$"), template) for pattern, template in _ERRORS)

_LABELS: dict[str, Callable[[str], str]] = {
    "forester": lambda v: FORESTER_JA.get(v.replace(" ", "_"), v),
    "area": lambda v: AREA_JA.get(v.replace(" ", "_"), v),
    "river": lambda v: RIVER_JA.get(v.replace(" ", "_"), v),
    "column": lambda v: str(int(v) + 1),
    "character": lambda v: _character_ja(v),
}


def _character_ja(value: str) -> str:
    from scoring.forestry.enums import Character

    try:
        return label_ja(Character(value.replace(" ", "_")))
    except ValueError:
        return value


def _fill(template: str, groups: tuple[str | Any, ...]) -> str:
    def one(m: re.Match[str]) -> str:
        index, _, how = m.group(1).partition(":")
        value = str(groups[int(index) - 1])
        return _LABELS[how](value) if how else value

    return re.sub(r"\{(\d+(?::\w+)?)\}", one, template)


def error_ja(message: str) -> str | None:
    """A refusal in Japanese, or ``None`` for a sentence we do not know."""
    for pattern, template in _COMPILED:
        m = pattern.match(message)
        if m:
            return _fill(template, m.groups())
    return None

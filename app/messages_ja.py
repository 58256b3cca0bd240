"""The session's messages and refusals in Japanese, from their language-neutral data.

``app.session`` writes each :class:`~app.session.Message` in English and keeps
what it says as data (``kind`` plus ``data``: the board event's fields, the
draw's cards and spaces, the round token id, the command undone). This module
says the same in Japanese from that data alone, so a stored message renders in
either language; a message whose data is too old to carry what is needed
returns ``None`` (the caller shows the English text).

Refusals are English sentences written where they are raised: the session
(``DomainError.message``), the table hub, the rules model (``BoardError``,
``PlayError``, ``DeckError``, the record parsers' problems), and the dealers
(``SetupOptionError``, ``SetupError``, shown on the new-game form).
:func:`error_ja` matches each known sentence and says it in Japanese, keeping
its values; :func:`refusal_text` picks the reader's language.
``tests/app/test_refusals_ja.py`` finds every raise site in the source and
fails for a sentence this table does not know. Component names follow the
Japanese Forestry rulebook (002). Pure Python: no flet, no I/O.
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

#: (English refusal as a regex, Japanese template with the groups as {1}, {2}, ...;
#: ``{1:label}`` names the group through :data:`_LABELS`). The sentences come from
#: every raise site of the session, the table hub, the rules model (``scoring``),
#: the dealers and the record parsers (``setup``, ``scoring.*.record``);
#: ``tests/app/test_refusals_ja.py`` renders each raise site and checks that one of
#: these says it. Specific sentences first: the first match wins.
_ERRORS: tuple[tuple[str, str], ...] = (
    # --- the session (app/session.py)
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
    (
        r"place every harvester first \((.+)\)",
        "先に全員の伐採機トークンを置いてください（{1:list}）。",
    ),
    (
        r"the game has changed since \(version (\d+), your view was at (\d+)\): .+",
        "ゲームが更新されました（最新{1}・表示中{2}）。画面を確認して、必要ならもう一度タップしてください。",
    ),
    (r"not a command", "操作として受け付けられません。"),
    (r"a command must be a JSON object", "操作の形式が正しくありません。"),
    (r"unknown command (.+)", "知らない操作です（{1:quoted}）。"),
    (r"not a field of (\w+)", "{1:command}にはない項目です。"),
    (r"(\w+): .*(?:argument|positional).*", "{1:command}の項目が正しくありません。"),
    (
        r"(\w+) is a (.+) command; this is (.+)",
        "{1:command}は{2:game}の操作です（このゲームは{3:game}）。",
    ),
    (
        r"no player (.+) at this table \(0 to (-?\d+)\)",
        "このテーブルにそのプレイヤーはいません（0〜{2}）。",
    ),
    (r"a list of one or two categories", "カテゴリを1つか2つ指定してください。"),
    (
        r"a task card's requirement, e\.g\. .+",
        "タスクカードの条件を指定してください。",
    ),
    (
        r"a forest building task has only 'forest_building', 'met'",
        "森の建物のタスクカードには、条件と達成したかどうかだけを指定します。",
    ),
    (r"a task card has exactly one requirement", "タスクカードの条件はちょうど1つです。"),
    (r"not a task card requirement of record v1", "タスクカードの条件として使えません。"),
    (
        r"space (\d+) holds no (.+) forester token",
        "スペース{1}には{2:forester}の林業家トークンがありません。",
    ),
    (
        r"the board already holds all three forester tokens",
        "ボードにはすでに林業家トークンが3つそろっています。",
    ),
    (
        r"detached storages come with the infestation module",
        "分離倉庫はキクイムシ侵入モジュールでのみ使います。",
    ),
    (r"detached storages are numbered 0 to (-?\d+)", "分離倉庫の番号は0〜{1}です。"),
    (r"must be a whole number >= 0 \(got (.+)\)", "0以上の整数で入力してください（{1}）。"),
    (r"must be a whole number >= 0, got (.+)", "0以上の整数で入力してください（{1}）。"),
    (r"must be a whole number \(got (.+)\)", "整数で入力してください（{1}）。"),
    (r"a list of whole numbers >= 0", "0以上の整数のリストで入力してください。"),
    (
        r"the points uncovered on each of the 3 tree rows",
        "3つある木の行それぞれで見えている点数を入力してください。",
    ),
    (r"the game end was already triggered \((.*)\)", "ゲーム終了条件はすでに満たされています。"),
    (r"a name or \{name, colour, character\}", "プレイヤーは名前で指定してください。"),
    (r"not a Forestry option", "フォレストリーのオプションではありません。"),
    (r"not a Forest Guardians option", "フォレストガーディアンズのオプションではありません。"),
    (r"no game with id (\d+)", "番号{1}のゲームはありません。"),
    # --- the table hub (app/table.py)
    (r"this link is for another table", "このリンクは別のテーブル用です。"),
    (r"this link is not valid for this table", "このリンクはこのテーブルでは使えません。"),
    (r"only the host can (.+)", "{1:command}はホストだけが行えます。"),
    (
        r"this phone is (.+)'s: it changes only (.+)'s board",
        "この端末は{1:who}用です。変更できるのは{2:who}のボードだけです。",
    ),
    (r"no table (\d+)", "テーブル{1}はありません。"),
    (r"a whole number", "整数で指定してください。"),
    (r"a seat token needs a table", "席のリンクにはテーブルが必要です。"),
    (r"table (\d+) has no seat (\d+)", "テーブル{1}に{2}番手の席はありません。"),
    # --- the Forestry board (scoring/forestry/board.py)
    (
        r"must be between (-?\d+) and (-?\d+) \(got (-?\d+)\)",
        "{1}〜{2}の範囲で入力してください（{3}）。",
    ),
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
    # --- the forest board in play (setup/play.py, setup/deck.py)
    (
        r"no round token left: the game ends after everyone's final turn",
        "ラウンドトークンは残っていません。全員が最後の手番を終えるとゲーム終了です。",
    ),
    (
        r"forest spaces are (?:numbered )?1–15, got (.+)",
        "森のスペースは1〜15です（{1}が指定されました）。",
    ),
    (r"space (\d+) already holds a harvester", "スペース{1}にはすでに伐採機トークンがあります。"),
    (r"space (\d+) holds no harvester", "スペース{1}には伐採機トークンがありません。"),
    (r"space (\d+) holds no forester token", "スペース{1}には林業家トークンがありません。"),
    (r"space (\d+) holds no infested wood", "スペース{1}には被害木トークンがありません。"),
    (r"unknown round token id\(s\): (.+)", "知らないラウンドトークンです（{1}）。"),
    (r"a round token appears twice in the stack", "同じラウンドトークンが2枚あります。"),
    (r"revealed must be 0\.\.(\d+), got (.+)", "公開したラウンドトークンの数は0〜{1}です（{2}）。"),
    (
        r"the board holds at most one forester token of each type",
        "ボードの林業家トークンは種類ごとに1つまでです。",
    ),
    (r"two forester tokens on one space", "1つのスペースに林業家トークンが2つあります。"),
    (r"malformed forest board data: .+", "森のボードのデータが壊れています。"),
    (
        r"scores are never negative \(got (.+) → (.+)\)",
        "得点はマイナスになりません（{1}→{2}）。",
    ),
    (
        r"a spawn deck must hold each card 1–15 exactly once .+",
        "スポーンデッキには1〜15のカードが1枚ずつ必要です。",
    ),
    (r"deck cycle must be >= 0, got (.+)", "スポーンデッキの周回数は0以上です（{1}）。"),
    (
        r"spawn deck: 'remaining' and 'discard' must be lists",
        "スポーンデッキのデータが壊れています（山札と捨て札）。",
    ),
    (r"spawn deck: 'cycle' must be an integer", "スポーンデッキのデータが壊れています（周回数）。"),
    (r"cannot reveal (-?\d+) cards", "{1}枚は公開できません。"),
    (
        r"no spawn card satisfies the requested condition",
        "条件に合うスポーンカードがありません。",
    ),
    # --- the Forestry dealer (setup/forestry.py)
    (r"must be a whole number 1–4, got (.+)", "1〜4の整数で指定してください（{1}）。"),
    (
        r"Forestry is played by 1–4 players, got (.+)",
        "フォレストリーは1〜4人で遊びます（{1}人）。",
    ),
    (r"A or B", "AかBを選んでください。"),
    (r"not a character: (.+)", "{1:quoted}はキャラクターではありません。"),
    (
        r"the tutorial game uses the technology table printed on the player board; .+",
        "チュートリアルゲームではプレイヤーボードに印刷されたテクノロジーテーブルを使います。"
        "テクノロジータイルの面はスタンダードと上級ゲームで選びます。",
    ),
    (
        r"combines the advanced game with the tutorial technology table: .+",
        "チュートリアルのテクノロジーテーブルは上級ゲームと組み合わせます"
        "（チュートリアルゲームはもともとこのテーブルを使います）。",
    ),
    (
        r"the tutorial technology table replaces the technology tiles",
        "チュートリアルのテクノロジーテーブルを使うときはテクノロジータイルを使いません。",
    ),
    (
        r"the bark beetle infestation module cannot be played solo .*",
        "キクイムシ侵入モジュールはソロでは使えません。",
    ),
    (
        r"characters belong to the advanced game: .+",
        "キャラクターは上級ゲームで使います。",
    ),
    (r"each character can be in play only once", "同じキャラクターは1人しか使えません。"),
    (
        r"(\d+) characters named for (\d+) player\(s\)",
        "{2}人のゲームにキャラクターが{1}人指定されています。",
    ),
    # --- the Forest Guardians dealer and rules (setup/guardians.py, scoring/guardians)
    (
        r"give a number of players or a list of names",
        "プレイヤーの人数か名前を指定してください。",
    ),
    (
        r"Forest Guardians is for (\d+)-(\d+) players(?:, not|; got) (.+)",
        "フォレストガーディアンズは{1}〜{2}人で遊びます（{3}人）。",
    ),
    (r"every player needs a name", "プレイヤー全員に名前が必要です。"),
    (r"the name (.+) is given twice", "名前{1:quoted}が2回使われています。"),
    (r"rangers are played only in the advanced game", "レンジャーは上級ゲームで使います。"),
    (r"(.+) is not one of the players", "{1:quoted}はプレイヤーにいません。"),
    (r"(.+) is not a ranger \(.+\)", "{1:quoted}はレンジャーではありません。"),
    (
        r"(.+) is chosen twice; each ranger exists once",
        "{1:ranger}が2回選ばれています。レンジャーは1人ずつです。",
    ),
    (
        r"a (.+) tile has an altitude \(I, II or III\)",
        "この地形タイルには高度（I・II・III）があります。",
    ),
    (r"upgrades cannot be negative", "アップグレードはマイナスにできません。"),
    (
        r"the hand limit is at most (\d+), so at most (\d+) resource upgrades",
        "手札の上限は最大{1}枚なので、資源のアップグレードは{2}回までです。",
    ),
    (
        r"a ranger board has (\d+) upgrade cubes",
        "レンジャーボードのアップグレードキューブは{1}個です。",
    ),
    (r"pile (.+) cannot hold (-?\d+) tiles", "地形タイルの山{1}を{2}枚にはできません。"),
    (
        r"a row of (\d+) spaces cannot hold (-?\d+) trees",
        "{1}マスの行に木{2}本は置けません。",
    ),
    (
        r"only (-?\d+) trees of this row are planted, (-?\d+) cannot return",
        "この行に植えた木は{1}本なので、{2}本は戻せません。",
    ),
    (r"player names must be unique", "プレイヤー名が重複しています。"),
    (r"(.+) is not at the table", "{1:quoted}はこのテーブルにいません。"),
    (
        r"it is (.+)'s turn, not (.+)'s \(play goes clockwise\)",
        "{1}の手番です。{2}ではありません（手番は時計回り）。",
    ),
    (r"the game is already over", "ゲームはすでに終わっています。"),
    # --- records (scoring/record.py, scoring/forestry/record.py, scoring/guardians/record.py)
    (r"a record must be a JSON object", "記録の形式が正しくありません。"),
    (r"unknown field \(not in record format v1\)", "記録形式v1にない項目です。"),
    (r"required field is missing", "必要な項目がありません。"),
    (
        r"Input should be less than or equal to (-?[\d.]+) \(got (.+)\)",
        "{1}以下で入力してください（{2}）。",
    ),
    (r"Input should be less than or equal to (-?[\d.]+)", "{1}以下で入力してください。"),
    (
        r"Input should be greater than or equal to (-?[\d.]+) \(got (.+)\)",
        "{1}以上で入力してください（{2}）。",
    ),
    (r"Input should be greater than or equal to (-?[\d.]+)", "{1}以上で入力してください。"),
    (r"Input should be a valid integer.*", "整数で入力してください。"),
    (r"(?:Input|List|String|Dictionary) should .+", "入力の形式が正しくありません。"),
    (r"must not be negative \(got (.+)\)", "マイナスにはできません（{1}）。"),
    (r"must be at least (-?\d+) \(got (.+)\)", "{1}以上で入力してください（{2}）。"),
    (
        r"(\d+) is more than the (\d+) building tokens a player has",
        "{1}は多すぎます（建物トークンは{2}つ）。",
    ),
    (
        r"(\d+) is more than the (\d+) storage extensions \(I, II, III\)",
        "{1}は多すぎます（ストレージ拡張タイルは{2}枚）。",
    ),
    (
        r"(\d+) is more than the (\d+) spaces of a column \(list only columns holding tokens\)",
        "{1}は多すぎます（1列は{2}スペース）。",
    ),
    (
        r"(\d+) is more than the (\d+) spaces of a reforestation column",
        "{1}は多すぎます（植林テーブルの1列は{2}スペース）。",
    ),
    (r"(\d+) is more than the most possible \((.+)\)", "{1}は多すぎます（最大{2}）。"),
    (r"(\d+) is more than (\d+)", "{1}は多すぎます（最大{2}）。"),
    (
        r"must be null in the tutorial .+",
        "チュートリアルゲームではテクノロジータイルの面を選びません。",
    ),
    (
        r"required in the standard game: .+",
        "スタンダードゲームではテクノロジータイルの面（AかB）が必要です。",
    ),
    (r"keys are counts written as whole numbers .+", "数は整数で書いてください。"),
    (
        r"no entry for (\d+): the keys of (\w+) run from (\d+) to (\d+)",
        "{1}の欄はありません（{3}〜{4}）。",
    ),
    (
        r"must list 3 numbers \(1st, 2nd, 3rd place VP\), got (\d+)",
        "1位・2位・3位の3つの数が必要です（{1}個）。",
    ),
    (
        r"a contract is a list of its 1 or 2 categories, .+",
        "契約カードはカテゴリ1つか2つで指定します。",
    ),
    (
        r"a contract shows 1 or 2 categories \(got (\d+)\)",
        "契約カードのカテゴリは1つか2つです（{1}）。",
    ),
    (
        r"a two-category contract shows two different categories \(got (\w+) twice\)",
        "2カテゴリの契約カードのカテゴリは異なる2つです（{1:category}が2回）。",
    ),
    (
        r"only a two-category contract has a chosen category",
        "カテゴリを選べるのは2カテゴリの契約カードだけです。",
    ),
    (
        r"(\w+) is not one of this contract's categories \((\w+), (\w+)\)",
        "{1:category}はこの契約カードのカテゴリ（{2:category}・{3:category}）ではありません。",
    ),
    (r"a task card has exactly one requirement: .+", "タスクカードの条件はちょうど1つです。"),
    (
        r"only a forest_building task card has \"met\"",
        "達成したかどうかを指定するのは森の建物のタスクカードだけです。",
    ),
    (
        r"must be true \(the card asks for a river token\)",
        "川トークンのタスクカードでは「あり」にします。",
    ),
    (
        r"required for a forest_building task card: .+",
        "森の建物のタスクカードには、達成したかどうかが必要です。",
    ),
    (r"must not be empty", "空にはできません。"),
    (
        r"(\d+) upgrades is more than the (\d+) building tokens a player has",
        "アップグレード{1}回は多すぎます（建物トークンは{2}つ）。",
    ),
    (
        r"(\d+) forest buildings \+ (\d+) sawmill upgrades = (\d+) building tokens, "
        r"more than the (\d+) a player has",
        "森の建物{1}つ＋製材所のアップグレード{2}つ＝建物トークン{3}つで、{4}つを超えています。",
    ),
    (
        r"(\d+) upgrades in (\w+), but each area has (\d+) sawmill buildings",
        "{2:area}のアップグレードが{1}つありますが、各エリアの製材所の建物は{3}つです。",
    ),
    (
        r"(\d+) wood \+ (\d+) infested wood = (\d+) tokens, more than the (\d+) open storage "
        r"spaces .+",
        "木材{1}＋被害木{2}＝{3}個で、開いているストレージ{4}スペースを超えています。",
    ),
    (
        r"(\d+) columns is more than the (\d+) columns of the forestry table",
        "林業テーブルは{2}列です（{1}列）。",
    ),
    (
        r"(\d+)(?: tokens?)? below the table, but no (\w+) column is full and the forestry "
        r"table can still take a \w+ token .+",
        "{2:forester}の列が埋まっておらず、林業テーブルにまだ置けるので、植林テーブルの下には置けません（{1}個）。",
    ),
    (
        r"(\d+)(?: seedlings?)? below the table, but no reforestation column is full .+",
        "植林テーブルに埋まった列がないので、苗木は植林テーブルの下に置けません（{1}本）。",
    ),
    (
        r"(\d+) river tokens is more than (\d+) \(one per water structure\)",
        "川トークンは{2}枚までです（水施設1つにつき1枚；{1}枚）。",
    ),
    (r"required for the (\w+) character", "{1:character}には必要です。"),
    (r"only the (\w+) character has (\w+)", "{2:field}を使うのは{1:character}だけです。"),
    (
        r"required with the infestation module: .+",
        "キクイムシ侵入モジュールでは分離倉庫3つが必要です。",
    ),
    (
        r"only with the Growing Forward infestation module .+",
        "分離倉庫はキクイムシ侵入モジュールでのみ使います。",
    ),
    (
        r"the infestation module has exactly 3 detached storages \(got (\d+)\)",
        "キクイムシ侵入モジュールの分離倉庫は3つです（{1}）。",
    ),
    (
        r"(\w+) is already on detached_storages\[(\d+)\] .+",
        "この得点トークン（{1:criterion}）はすでに使われています。",
    ),
    (
        r"the infestation module cannot be played solo .+",
        "キクイムシ侵入モジュールはソロでは使えません（2〜4人）。",
    ),
    (
        r"(.+) is already the name of players\[(\d+)\].+",
        "名前{1:quoted}はすでに使われています。",
    ),
    (
        r"characters are only played in the advanced game .+",
        "キャラクターは上級ゲームで使います。",
    ),
    (
        r"(\w+) comes with Growing Forward: .+",
        "{1:character}にはグローイング・フォワードが必要です。",
    ),
    (
        r"(\w+) is already played by players\[(\d+)\] \(each character once\)",
        "{1:character}はすでに使われています（キャラクターは1人ずつ）。",
    ),
    (
        r"infested wood exists only with the Growing Forward infestation module",
        "被害木はキクイムシ侵入モジュールでのみ使います。",
    ),
    (
        r"(\d+) sawmill upgrades in (\w+) in all, but the area has (\d+) sawmill buildings",
        "{2:area}の製材所のアップグレードが全員で{1}つですが、製材所の建物は{3}つです。",
    ),
    (
        r"(\d+) sawmill upgrades in all, but a (\d+)-player game has (\d+) sawmill buildings "
        r"to upgrade",
        "製材所のアップグレードが全員で{1}つですが、{2}人ゲームでアップグレードできる"
        "製材所の建物は{3}つです。",
    ),
    (
        r"(\d+) forest buildings in all, but a (\d+)-player game has (\d+) clearings",
        "森の建物が全員で{1}つですが、{2}人ゲームの空き地は{3}つです。",
    ),
    (
        r"(\d+) infested wood tokens in storages, but the game has (\d+)",
        "ストレージの被害木が{1}個ですが、被害木トークンは{2}個です。",
    ),
    (r"not an ISO 8601 date-time .+", "日時の形式が正しくありません。"),
    (r"must be an ISO 8601 date-time .+", "日時の形式が正しくありません。"),
    (r"must be a string \(got .+\)", "文字列で入力してください。"),
    (
        r"must be a list of 3 detached storages \(got .+\)",
        "分離倉庫3つのリストが必要です。",
    ),
    (
        r"must be a list of 1-4 players in seat order \(got .+\)",
        "プレイヤー1〜4人のリストが席順で必要です。",
    ),
    (
        r"Forestry is played by 1-4 players \(got (\d+)\)",
        "フォレストリーは1〜4人で遊びます（{1}人）。",
    ),
    (r"a player needs a name", "プレイヤーには名前が必要です。"),
    (
        r"needs exactly 3 entries, the points uncovered on each tree row .+",
        "木の3行それぞれで見えている点数が必要です。",
    ),
    (r"the game has (\d+) animal cards; got (\d+)", "動物カードは{1}枚です（{2}枚）。"),
    (
        r"Forest Guardians scoring needs no printed values .+",
        "フォレストガーディアンズの得点計算に印刷値は不要です。",
    ),
    (
        r"rangers are played only in the advanced game \(options\.advanced is false\); use null",
        "レンジャーは上級ゲームで使います。",
    ),
    (
        r"in the advanced game every player has a ranger .+",
        "上級ゲームでは全員がレンジャーを使います。",
    ),
    (
        r"(\w+) is already played by players\[(\d+)\]; each ranger is in the box once",
        "{1:ranger}はすでに使われています（レンジャーは1人ずつ）。",
    ),
    (
        r"only the Animal Expert \(julia\) scores animals in her shelter; must be 0 for .+",
        "保護施設の動物を得点にするのは動物の専門家（ジュリア）だけです。",
    ),
    (
        r"only the Mountain Protector \(fluffy\) may plant Calocedrus Formosana on mountains; "
        r"must be 0 for .+",
        "山にタイワンショウナンボクを植えられるのは山の守り手（フラッフィー）だけです。",
    ),
    (
        r"fire_tokens add up to (\d+) across the table; the game has (\d+)",
        "火事トークンが全員で{1}個ですが、ゲームには{2}個しかありません。",
    ),
    (
        r"animal_cards: (\d+) held across the table; the game has (\d+) with (\d+) players .+",
        "動物カードが全員で{1}枚ですが、{3}人プレイでは{2}枚です（キジを除くため）。",
    ),
    (
        r"animal_cards plus animals_in_shelter make (\d+) animals; the game has (\d+) "
        r"with (\d+) players .+",
        "動物カードと保護施設の動物で{1}匹ですが、{3}人プレイでは{2}匹です（キジを除くため）。",
    ),
    (
        r"animal_cards: (\d+) held across the table; (?:the game has )?(\d+).*",
        "動物カードが全員で{1}枚ですが、このゲームでは{2}枚です。",
    ),
    (
        r"animal_cards plus animals_in_shelter make (\d+) animals; "
        r"(?:the game has )?(\d+).*",
        "動物カードと保護施設の動物で{1}匹ですが、このゲームでは{2}匹です。",
    ),
    (r"unknown printed table (.+)", "知らない印刷値の表です。"),
    # --- generic last: values that are not among the allowed ones
    (r"(.+) is not one of (.+)", "{1:quoted}は選べない値です。"),
    (r"(.+) is not a valid (\w+)", "{1:quoted}は選べない値です。"),
    (r"must be one of (.+)", "選べない値です。"),
    (r"must be (.+) \(got (.*)\)", "値が正しくありません（{2}）。"),
    (r"one of (.+)", "指定できない値です。"),
)
_COMPILED = tuple((re.compile(f"^{pattern}$"), template) for pattern, template in _ERRORS)
#: "option: message", "players[0].name: message", "turns[2]: message" (dealers, checks, records)
_PREFIXED = re.compile(r"^\w[\w.\[\]-]*: (.+)$", re.DOTALL)


def _ja(key: str, value: str) -> str:
    from app.i18n import JA

    return JA.get(f"{key}.{value}", value)


def _who(value: str) -> str:
    m = re.fullmatch(r"seat (\d+)", value)
    return f"{m.group(1)}番手" if m else value


def _command(value: str) -> str:
    kind = value.strip("'\"").replace(" ", "_")
    extra = {"undo": "取り消し", "redo": "やり直し", "finish": "ゲームの終了"}
    return COMMAND_JA.get(kind, extra.get(kind, "この操作"))


def _criterion(value: str) -> str:
    from scoring.forestry.enums import DetachedCriterion

    try:
        return label_ja(DetachedCriterion(value))
    except ValueError:
        return value


_LABELS: dict[str, Callable[[str], str]] = {
    "forester": lambda v: FORESTER_JA.get(v.replace(" ", "_"), v),
    "area": lambda v: AREA_JA.get(v.replace(" ", "_"), v),
    "river": lambda v: RIVER_JA.get(v.replace(" ", "_"), v),
    "column": lambda v: str(int(v) + 1),
    "character": lambda v: _character_ja(v),
    "category": lambda v: _ja("category", v),
    "ranger": lambda v: _ja("ranger", v),
    "field": lambda v: _ja("field", v),
    "game": lambda v: _ja("game", v),
    "command": _command,
    "who": _who,
    "list": lambda v: v.replace(", ", "、"),
    "quoted": lambda v: f"「{v[1:-1]}」" if len(v) > 1 and v[0] == v[-1] and v[0] in "'\"" else v,
    "criterion": _criterion,
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
        group = groups[int(index) - 1]
        value = "" if group is None else str(group)
        return _LABELS[how](value) if how else value

    return re.sub(r"\{(\d+(?::\w+)?)\}", one, template)


def error_ja(message: str) -> str | None:
    """A refusal in Japanese, or ``None`` for a sentence we do not know.

    A message prefixed by the option or field it is about (``players: ...``,
    ``character: ...``, ``turns[2]: ...``: the dealers' and checks' ``str``)
    is said without the prefix: the screen shows it next to that field.
    """
    prefixed = _PREFIXED.match(message)
    if prefixed:
        said = error_ja(prefixed.group(1))
        if said is not None:
            return said
    for pattern, template in _COMPILED:
        m = pattern.match(message)
        if m:
            return _fill(template, m.groups())
    return None


def language_of(t: Callable[..., str]) -> str:
    """The language a translate function speaks (``app.t`` or ``Translator.t``)."""
    owner = getattr(t, "__self__", None)
    return str(getattr(getattr(owner, "tr", owner), "lang", "en"))


def refusal_text(message: str, lang: str) -> str:
    """A refusal in the reader's language: Japanese when we know it, else the English."""
    if lang == "ja":
        said = error_ja(message)
        if said is not None:
            return said
    return message

"""Japanese texts of the setup checklists (Forestry and Forest Guardians).

Pure and typed like the dealers. Each Forestry step id has a Japanese title
and a detail function reading the same dealt context (``_Dealt``) as the
English one in ``setup.forestry``, so both languages carry the same dealt
values; ``deal`` writes both into each ``SetupStep`` (``title_ja`` /
``detail_ja``), and ``SetupStep.text(lang)`` picks one. Forest Guardians steps
get theirs from ``guardians_texts``.

Component names follow the Japanese Forestry rulebook (002): スポーンカード,
伐採トークン, 林業家トークン, 伐採機トークン, 製材所の建物タイル, 空き地トークン,
蛇行トークン, 橋付き貯水池トークン, HQタイル, 製材所管理者トークン, ... The
sentences are our own. Growing Forward (001) and Forest Guardians (003) are
English sources; their component names here are our translations.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from scoring.forestry.enums import (
    Area,
    Character,
    DetachedCriterion,
    ForesterType,
    Mode,
)
from scoring.guardians.rules import (
    ANIMAL_CARDS,
    CUBES_PER_BOARD,
    RESOURCE_CARDS,
    STARTING_HAND,
    Ranger,
)
from setup.deck import Reveal
from setup.play import ROUND_TOKENS_BY_ID, RoundToken, Species

if TYPE_CHECKING:
    from setup.forestry import _Dealt
    from setup.guardians import GuardiansOptions, RangerDeal

#: Seat names for the coins by seat order.
_SEATS_JA = ("ファーストプレイヤー", "2番目", "3番目", "4番目")

_SPECIES_JA: dict[str, str] = {
    Species.PINE: "マツ",
    Species.BIRCH: "カバ",
    Species.SPRUCE: "トウヒ",
    Species.BEECH: "ブナ",
    Species.OAK: "オーク",
}

_LABEL_JA: dict[str, str] = {
    Area.LIGHT_GREEN: "薄緑",
    Area.DARK_GREEN: "濃い緑",
    Area.ORANGE: "オレンジ",
    ForesterType.THINNING: "間伐",
    ForesterType.DEN_TREE: "巣穴の木",
    ForesterType.PAINTING: "塗装",
    DetachedCriterion.MOST_OPEN_STORAGE_SPACES: "開放したストレージスペースが最も多い",
    DetachedCriterion.MOST_BUILDINGS: "アップグレードした製材所と森の建物の合計が最も多い",
    DetachedCriterion.MOST_CONTRACTS_FULFILLED: "履行した契約カードが最も多い",
    DetachedCriterion.MOST_TASK_CARDS_FULFILLED: "達成したタスクカードが最も多い",
    DetachedCriterion.HIGHEST_WATER_MULTIPLIER: "水施設の係数が最も高い",
    DetachedCriterion.MOST_SEEDLINGS_PLANTED: "植えた苗木が最も多い",
    "tree_nursery": "苗畑",
    "lookout_tower_construction_site": "展望台の建設予定地",
    "lake": "湖",
    "two_coins": "2コイン",
    "task_card": "タスクカード1枚",
    "two_stars": "星2つ",
    "any_resource": "好きなリソース1つ",
    "two_vp": "2勝利ポイント",
    Character.TRADE_SPECIALIST: "トレードスペシャリスト",
    Character.FOREST_ECOLOGIST: "森林生態学者",
    Character.LOGISTICS_MANAGER: "ロジスティクス管理者",
    Character.MONITORING_SPECIALIST: "モニタリングスペシャリスト",
    Character.FOREST_WORKER: "森林作業員",
    Character.FOREST_ROAD_MANAGER: "林道管理者",
    Character.TECHNICIAN: "技術者",
}


def label_ja(value: Enum) -> str:
    """The Japanese name of an enum value the checklist names (area, character, ...)."""
    key = str(value.value)
    return _LABEL_JA.get(key, _SPECIES_JA.get(key, key))


def species_ja(value: str) -> str:
    """The Japanese name of a tree species id (``"oak"`` -> ``"オーク"``)."""
    return _SPECIES_JA.get(value, value)


def _list(items: list[str] | tuple[str, ...]) -> str:
    return "、".join(items)


def _cards(reveals: tuple[Reveal, ...]) -> str:
    return "、".join(str(r.card) for r in reveals)


# --------------------------------------------------------------------------- round tokens

_GAIN_JA: dict[str, str] = {
    "construction_material": "建設資材1つ",
    "seedling": "苗木1つ",
    "task_card": "タスクカード1枚",
    "temp_worker": "臨時労働者1人",
}


def round_token_name_ja(token: RoundToken) -> str:
    """A round token's short Japanese name (``1コイン＋マツを裏返す``)."""
    if token.flip_species is not None:
        return f"1コイン＋{species_ja(token.flip_species)}を裏返す"
    if token.gain is not None:
        return _GAIN_JA[token.gain]
    return f"{token.coins}コイン"


def round_token_effect_ja(token: RoundToken) -> str:
    """What a round token does, in Japanese."""
    if token.flip_species is not None:
        return (
            f"全員が1コインを受け取ります。ファーストプレイヤーは、{species_ja(token.flip_species)}"
            "の伐採トークンが表向きで残っていれば、そのうち1枚を裏（伐採済み）に返します。"
        )
    if token.gain == "task_card":
        return "全員がタスクデッキからタスクカードを1枚ずつ引きます。"
    if token.gain is not None:
        return f"全員が{_GAIN_JA[token.gain]}を受け取ります。"
    return f"全員が{token.coins}コインを受け取ります。"


# --------------------------------------------------------------------------- Forestry steps


def _reshuffle_note(reveals: tuple[Reveal, ...], d: _Dealt) -> str:
    marked = [r for r in reveals if r in d.reshuffle_before]
    if not marked:
        return ""
    return (
        f"（カード{marked[0].card}の前にスポーンデッキが尽きたため、15枚すべてのスポーンカードを"
        "シャッフルして新しいデッキにしました。）"
    )


def _came_up(reveals: tuple[Reveal, ...], high: int) -> str:
    shown = f"カード{_cards(reveals)}"
    if len(reveals) == 1:
        return shown
    passed = [str(r.card) for r in reveals[:-1]]
    outside = [c for c in passed if not 1 <= int(c) <= high]
    repeats = [c for c in passed if 1 <= int(c) <= high]
    notes = []
    if outside:
        notes.append(f"{_list(outside)}は1〜{high}の範囲外")
    if repeats:
        notes.append(f"{_list(repeats)}はすでに選ばれた番号（デッキを作り直した後）")
    return f"{shown}（{'、'.join(notes)}）"


def _runs(d: _Dealt, reveals: tuple[Reveal, ...], count: int, high: int) -> str:
    from setup.forestry import _split

    groups = _split(reveals, count, high)
    if count == 1:
        text = (
            f"3人用：1〜{high}の番号のカードが出るまでスポーンカードをめくりました。"
            f"出たのは{_came_up(groups[0], high)}です。"
        )
    else:
        text = (
            f"2人用：1〜{high}の番号のカードが出るまでスポーンカードをめくる手順を2回行いました"
            f"（2回目は1回目と違う番号）。1回目は{_came_up(groups[0], high)}、"
            f"2回目は{_came_up(groups[1], high)}です。"
        )
    return text + _reshuffle_note(reveals, d)


def _players(n: int) -> str:
    return f"{n}人用"


def _d_solo(d: _Dealt) -> str:
    return (
        "ソロ対戦相手のルール（専用の準備、手番、決まった初期リソース）は、このアプリの資料には"
        "ありません。以下はルールブックにある手順だけなので、ソロ用ルールが追加する分はそちらに"
        "従ってください。キクイムシ侵入モジュールはソロでは使いません（001）。"
    )


def _d_board(d: _Dealt) -> str:
    return "ゲームボードをテーブルの真ん中に広げます。"


def _d_contracts(d: _Dealt) -> str:
    return (
        "契約カードのデッキを切り、オレンジ・濃い緑・薄緑の各エリアの横に2枚ずつ表向きで並べます。"
        "残りのデッキは裏向きでボードの横へ。"
    )


def _d_spawn(d: _Dealt) -> str:
    return (
        "林業家トークンをボードの横に用意します。スポーンデッキ（1〜15の15枚）はこのアプリが"
        "代わりに扱い、めくったカードは以下の手順でお知らせします。手元のスポーンカードは"
        "ひとまず脇に置いておいてください。"
    )


def _d_tasks(d: _Dealt) -> str:
    return (
        "タスクカードのデッキを切って裏向きでボードの横に置き、1枚を表にしてその隣に置きます。"
    )


def _d_sawmills(d: _Dealt) -> str:
    text = (
        "製材所の建物タイル（1〜9の番号付き）9枚を、オレンジ・濃い緑・薄緑のエリアにある"
        "同じ番号の場所に置きます。"
    )
    picks = d.upgraded_sawmills
    if not picks:
        return text
    text += _runs(d, d.sawmill_reveals, len(picks), 9)
    if len(picks) == 1:
        return text + (
            f"製材所の建物{picks[0]}をアップグレードされた面に裏返し、そのアップグレードアイコンに"
            "未使用のプレイヤー色の建物トークンを1つ置きます。"
        )
    return text + (
        f"製材所の建物{picks[0]}と{picks[1]}をアップグレードされた面に裏返し、それぞれの"
        "アップグレードアイコンに未使用のプレイヤー色の建物トークンを1つずつ置きます。"
    )


def _d_processing(d: _Dealt) -> str:
    return (
        "木材加工トークンを、同じ加工シンボルが描かれた3つの製材所の建物の横にそれぞれ置きます。"
    )


def _d_hq(d: _Dealt) -> str:
    where = "、".join(f"{label_ja(area)}のHQスペースにタイル{pos}" for area, pos in d.hq.tiles)
    text = (
        f"{_players(d.players)}のHQタイル3枚のセットを用意します。好きな順で表向きに1列に並べ、"
        f"左から1、2、3と数えます。{where}を、{_players(d.players)}の面を上にして置きます。"
    )
    if d.players == 1:
        text += (
            "ソロ：ソロでどのセットを使うかは資料に書かれていません。1人用のセットがなければ、"
            "ソロ用ルールに従ってください。"
        )
    return text


def _d_harvest_tokens(d: _Dealt) -> str:
    text = "伐採トークン15枚を、色の付いた面を上にして、ボードに印刷された場所に置きます。"
    if d.options.growing_forward:
        text += "（グローイング・フォワードの木製伐採トークンを代わりに使っても構いません。）"
    return text


def _d_harvested(d: _Dealt) -> str:
    spaces = "、".join(str(s) for s in d.harvested)
    text = f"スポーンカード{_cards(d.harvest_reveals)}が出ました"
    if len(d.harvest_reveals) > 3:
        text += "（デッキを作り直した後に再び出た番号は飛ばしています）"
    return (
        text
        + f"。スペース{spaces}の伐採トークンを暗い（伐採済み）面に裏返します。"
        + _reshuffle_note(d.harvest_reveals, d)
    )


def _d_clearings(d: _Dealt) -> str:
    text = (
        "空き地トークン9枚を裏向きで混ぜ、1〜9の番号の付いた空き地スペースに1枚ずつ置いてから"
        "表にします。"
    )
    picks = d.removed_clearings
    if not picks:
        return text
    text += _runs(d, d.clearing_reveals, len(picks), 9)
    if len(picks) == 1:
        return text + (
            f"空き地スペース{picks[0]}の空き地トークンを取り除いて箱に戻し、そこに未使用の"
            "プレイヤー色の建物トークンを置きます。"
        )
    return text + (
        f"空き地スペース{picks[0]}と{picks[1]}の空き地トークンを取り除いて箱に戻し、"
        "それぞれに未使用のプレイヤー色の建物トークンを置きます。"
    )


def _d_rivers(d: _Dealt) -> str:
    text = "川トークンを裏向きで混ぜ、1〜8の川スペースに1枚ずつ置いてから表にします。"
    if not d.meanders:
        return text
    text += _runs(d, d.river_reveals, len(d.meanders) + len(d.reservoirs), 8)
    if not d.reservoirs:
        return text + (
            f"川スペース{d.meanders[0]}の川トークンを、未使用のプレイヤー色の蛇行トークンと"
            "入れ替えます（川トークンは箱へ）。"
        )
    return text + (
        f"川スペース{d.meanders[0]}の川トークンを蛇行トークンと、川スペース{d.reservoirs[0]}"
        "の川トークンを橋付き貯水池トークンと入れ替えます。どちらも未使用のプレイヤー色を使い、"
        "外した川トークンは箱に戻します。"
    )


def _d_round_tokens(d: _Dealt) -> str:
    count = len(d.round_tokens)
    text = (
        "ラウンドトークンはアプリがシャッフル済みで、順番は伏せたまま毎ラウンド1枚ずつ公開します"
        f"（全{count}ラウンド）。トークンは裏向きのまま、緑の開始アイコンのラウンドスロットの"
        "そばに置いてください。"
    )
    if d.round_tokens_out:
        text += f"上級ゲームでは{count}枚だけを使い、見ないまま1枚を箱に残します。"
    text += (
        "アプリを使わずに手でめくる場合は、裏向きで混ぜてそのスロットに積み"
        + ("（1枚少なく：1枚は見ずに箱へ）" if d.round_tokens_out else "")
        + "、最初のラウンドでその山の一番上を公開します。"
    )
    return text


def _d_supply(d: _Dealt) -> str:
    return (
        "コイン、建設資材、臨時労働者、苗木、5種類の木材トークンを共通サプライとして"
        "まとめて置きます。"
    )


def _d_foresters(d: _Dealt) -> str:
    where = "、".join(
        f"{label_ja(t.kind)}をスペース{t.space}" for t in d.forester_tokens
    )
    return (
        "15枚すべてのスポーンカードをシャッフルして新しいデッキにし、カード"
        f"{_cards(d.forester_reveals)}が出ました。林業家トークンを各タイプ1枚ずつ森に置きます："
        f"{where}。アプリなしで遊ぶ場合は、スポーンカード15枚をすべて切って裏向きのデッキにします。"
    )


def _gf(d: _Dealt) -> tuple[tuple[DetachedCriterion, ...], int, dict[Area, str]]:
    gf = d.growing_forward
    assert gf is not None
    tiles = {area: _LABEL_JA[tile.value] for area, tile in gf.location_tiles}
    return gf.detached_criteria, gf.infestation_card, tiles


def _d_gf_storages(d: _Dealt) -> str:
    return (
        "分離倉庫タイル3枚を裏向きで混ぜ、ボードの横、隣り合うHQタイルの間に1枚ずつ表向きで"
        "置きます。"
    )


def _d_gf_scoring(d: _Dealt) -> str:
    crit, _, _ = _gf(d)
    listed = "、".join(f"{i}) {label_ja(c)}" for i, c in enumerate(crit, 1))
    return (
        "分離倉庫の得点トークン：スコアトラックの始まりに近い分離倉庫から時計回りに、各倉庫の"
        f"右側の印のスペースへ次の順で置きます：{listed}。残り3枚は箱に戻します。"
    )


def _d_gf_reproduction(d: _Dealt) -> str:
    return "スコアトラックの4、10、18、28のスペースに、トウヒキクイムシの繁殖トークンを置きます。"


def _d_gf_infestation(d: _Dealt) -> str:
    _, n, _ = _gf(d)
    return (
        "被害木トークン21枚をサプライに置きます。侵入カード3枚を好きな順で表向きに1列に並べ、"
        f"左から数えて{n}枚目を使います。そのカードが{d.players}人用に示すスペースすべてに"
        "被害木トークンを1枚ずつ置き、カードは箱に戻します。カードのスペースは資料にないので、"
        "どのスペースに被害木を置いたかをアプリに入力してください。"
    )


def _d_gf_locations(d: _Dealt) -> str:
    _, _, tiles = _gf(d)
    return (
        "場所タイルを各エリアの2ヘクスのスペースに1枚ずつ置きます："
        f"薄緑（スコアトラックの始まりに近い2ヘクスのスペース）に{tiles[Area.LIGHT_GREEN]}、"
        f"濃い緑に{tiles[Area.DARK_GREEN]}、オレンジに{tiles[Area.ORANGE]}。"
        "そのスペースの伐採トークンは見えるままにしておきます。"
    )


def _d_gf_supply(d: _Dealt) -> str:
    return (
        "分離倉庫の得点カードをボードの近くに置き、水のモニタリングスペシャリスト、モミの苗木、"
        "展望台のレベルの各トークンをサプライとして用意します。"
    )


def _d_gf_van(d: _Dealt) -> str:
    return "各プレイヤーは、自分のプレイヤーボードのキャラクターの絵の上にバンタイルを1枚置きます。"


def _d_characters(d: _Dealt) -> str:
    text = f"使うキャラクター：{_list([label_ja(c) for c in d.characters])}。"
    if d.options.characters and d.dealt_characters:
        text += (
            f"指定されたのは{_list([label_ja(c) for c in d.options.characters])}で、"
            f"{_list([label_ja(c) for c in d.dealt_characters])}はアプリがランダムに選びました。"
        )
    elif d.dealt_characters:
        text += "すべてアプリがランダムに選びました。"
    if d.players > 1:
        text += "ランダムに（または話し合って）配り、各プレイヤーが1人ずつ担当します。"
    if d.dealt_characters:
        pool = "基本の4キャラクター"
        if d.options.growing_forward:
            pool += "とグローイング・フォワードの3キャラクター"
        text += f"（{pool}から選んでいます。）"
    return text


def _d_trade(d: _Dealt) -> str:
    rewards = "、".join(
        f"{species_ja(s.value)}→{_LABEL_JA[r.value]}" for s, r in d.trade_specialist_rewards
    )
    return (
        "報酬トークン5枚を、明るい面を上にして、キャラクターの絵の下に木材の種類ごとに1枚ずつ"
        f"置きます：{rewards}。"
    )


def _d_ecologist(d: _Dealt) -> str:
    return (
        "巣穴の木ボードをプレイヤーボードの隣に置き、生物トークン15枚（青・黄・赤が5枚ずつ）を"
        "裏向きで混ぜてそばに置きます。"
    )


def _d_logistics(d: _Dealt) -> str:
    return (
        "プレイヤーのセットアップ7では、ロジスティクス管理者専用のストレージ拡張タイルを"
        "右端の3つのストレージスペースに置きます。"
    )


def _d_monitoring(d: _Dealt) -> str:
    return "森のすべてのスペースにデータトークンを1枚ずつ置きます。"


def _d_forest_worker(d: _Dealt) -> str:
    return "林業テーブルと植林テーブルが一体になった、森林作業員専用のプレイヤーボードを使います。"


def _d_road_manager(d: _Dealt) -> str:
    return (
        "林道管理者のセットアップカード3枚を好きな順で表向きに1列に並べ、左から数えて"
        f"{d.road_manager_card}枚目を使います。損傷した道路タイル9枚を裏向きで混ぜ、そのカードが"
        "示す境界それぞれに損傷面を上にして1枚ずつ置きます。残りは箱に戻します。"
    )


def _d_technician(d: _Dealt) -> str:
    return (
        "技術者タイル9枚を最適化面（工具の絵、全タイル共通）を上にしてシャッフルし、9枚の"
        "製材所の建物タイルに1枚ずつ置いてから、それぞれを診断面（分割された面）に裏返します。"
    )


def _d_p_board(d: _Dealt) -> str:
    side = "B面（上級ゲーム）" if d.mode is Mode.ADVANCED else "A面"
    text = (
        "各プレイヤーはプレイヤーボード1枚と1色分のコンポーネントをすべて取り、"
        f"ボードの{side}を使います。"
    )
    from setup.forestry import GROWING_FORWARD_CHARACTERS

    own = [c for c in d.characters if c in GROWING_FORWARD_CHARACTERS]
    if own:
        names = _list([label_ja(c) for c in own])
        text += f"{names}は、そのキャラクター専用のプレイヤーボードを使います。"
    return text


def _d_p_action(d: _Dealt) -> str:
    return "アクショントラックの3のスペースにアクショントークンを置きます。"


def _d_p_buildings(d: _Dealt) -> str:
    return "建物トークン6つを、プレイヤーボード左下の決まったスペースに置きます。"


def _d_p_cubes(d: _Dealt) -> str:
    return (
        "自分の色のキューブを次の3か所に1つずつ置きます：開発トラックの左端、報酬トラックで"
        "報酬に「任意のリソース」を含むスペース、水施設トラックの一番下（1×）。"
    )


def _d_p_spare(d: _Dealt) -> str:
    return "残りのキューブ6つはプレイヤーボードの横に置きます。"


def _d_p_technology(d: _Dealt) -> str:
    if d.mode is Mode.TUTORIAL or d.options.tutorial_table:
        return (
            "テクノロジータイルは使いません。プレイヤーボードに印刷されたテクノロジー表"
            "（チュートリアル用）を使います。"
        )
    assert d.technology_side is not None
    how = "アプリがランダムに決定" if d.technology_dealt else "指定どおり"
    return (
        f"各ボードの決まったスペースにテクノロジータイルを置きます。全員{d.technology_side.value}面"
        f"を上にします（{how}。全員が同じ面を使います）。"
    )


def _d_p_storage(d: _Dealt) -> str:
    return "ストレージ拡張タイルI、II、IIIを左から順に、ストレージの右端3つのスペースに置きます。"


def _d_p_star(d: _Dealt) -> str:
    return "報酬トラックの2のスペースに星トークンを置きます。"


def _d_p_water(d: _Dealt) -> str:
    return (
        "プレイヤーボードの水施設の場所に、蛇行トークンを上側、橋付き貯水池トークンを下側に"
        "置きます。"
    )


def _d_p_reference(d: _Dealt) -> str:
    return "リファレンスタイルはボードの横に置きます（2枚しかないので共用してください）。"


def _d_p_score(d: _Dealt) -> str:
    return "スコアトラックの0のスペースに、「50+」のない面を上にしてスコアトークンを置きます。"


def _d_p_contract(d: _Dealt) -> str:
    return "各プレイヤーは開始契約カードをランダムに1枚引き、プレイヤーボードの右側に置きます。"


def _d_p_manager(d: _Dealt) -> str:
    return (
        "開始契約カードの右下にあるHQシンボルと同じ色のHQタイルに、製材所管理者トークンを"
        "置きます。"
    )


def _d_p_wood(d: _Dealt) -> str:
    return "開始契約カードに描かれた木材トークンを、空いているストレージスペースに置きます。"


def _d_p_first(d: _Dealt) -> str:
    if d.players == 1:
        return "あなたがファーストプレイヤーです。ファーストプレイヤートークンを取ります。"
    return (
        "最後に木に触れた人がファーストプレイヤーとなり、ファーストプレイヤートークンを取ります。"
        "手番は時計回りです。"
    )


def _d_p_coins(d: _Dealt) -> str:
    from setup.forestry import SEAT_COINS

    if d.options.asymmetric:
        if d.players == 1:
            return (
                "苗木とコインの代わりに非対称セットアップカードを使います：12枚を切って2枚引き、"
                "1枚を選んでそこに描かれたもの（コインはファーストプレイヤーの分）を受け取り、"
                "2枚とも箱に戻します。選ぶのはあなただけで、ソロ対戦相手の初期リソースは"
                "ソロ用ルールで決まっています。"
            )
        return (
            "苗木とコインの代わりに非対称セットアップカードを使います：12枚を切り、各プレイヤーが"
            "2枚引いて1枚を選び、描かれたもの（コインは手番順の欄のとおり）を受け取って2枚とも"
            "箱に戻します。"
        )
    coins = "、".join(
        f"{_SEATS_JA[i]}{c}コイン" for i, c in enumerate(SEAT_COINS[: d.players])
    )
    return f"各プレイヤーは苗木1つと、手番順に応じたコインを受け取ります：{coins}。"


def _d_p_round(d: _Dealt) -> str:
    token = ROUND_TOKENS_BY_ID[d.round_tokens[0]]
    return (
        f"最初のラウンドトークンを公開しました：{round_token_name_ja(token)}。"
        f"{round_token_effect_ja(token)}"
    )


def _d_p_harvesters(d: _Dealt) -> str:
    if d.players == 1:
        return "伐採機トークンを好きな森のスペースに置きます。"
    return (
        "最後のプレイヤーから反時計回りに、各プレイヤーは自分の伐採機トークンを好きな森の"
        "スペースに置きます。1つのスペースには伐採機1つまでです（2ヘクスのスペースも1つと"
        "数えます）。"
    )


#: Japanese (title, detail) for every Forestry step id of ``setup.forestry.STEPS``.
FORESTRY_STEPS: dict[str, tuple[str, Callable[[_Dealt], str]]] = {
    "solo.note": ("ソロゲーム", _d_solo),
    "board.1.board": ("ゲームボード", _d_board),
    "board.2.contracts": ("契約カード", _d_contracts),
    "board.3.spawn_deck": ("スポーンデッキ", _d_spawn),
    "board.4.tasks": ("タスクカード", _d_tasks),
    "board.5.sawmills": ("製材所の建物", _d_sawmills),
    "board.6.processing": ("木材加工トークン", _d_processing),
    "board.7.hq": ("HQタイル", _d_hq),
    "board.8.harvest_tokens": ("伐採トークン", _d_harvest_tokens),
    "board.9.harvested": ("伐採済みのスペース", _d_harvested),
    "board.10.clearings": ("空き地トークン", _d_clearings),
    "board.11.rivers": ("川トークン", _d_rivers),
    "board.12.round_tokens": ("ラウンドトークン", _d_round_tokens),
    "board.13.supply": ("共通サプライ", _d_supply),
    "board.14.foresters": ("林業家トークン", _d_foresters),
    "gf.detached_storages": ("分離倉庫", _d_gf_storages),
    "gf.detached_scoring": ("分離倉庫の得点トークン", _d_gf_scoring),
    "gf.reproduction": ("繁殖トークン", _d_gf_reproduction),
    "gf.infestation": ("侵入カード", _d_gf_infestation),
    "gf.locations": ("場所タイル", _d_gf_locations),
    "gf.supply": ("得点カードと新しいリソース", _d_gf_supply),
    "char.deal": ("キャラクター", _d_characters),
    "char.trade_specialist": ("トレードスペシャリスト", _d_trade),
    "char.forest_ecologist": ("森林生態学者", _d_ecologist),
    "char.logistics_manager": ("ロジスティクス管理者", _d_logistics),
    "char.monitoring_specialist": ("モニタリングスペシャリスト", _d_monitoring),
    "char.forest_worker": ("森林作業員", _d_forest_worker),
    "char.forest_road_manager": ("林道管理者", _d_road_manager),
    "char.technician": ("技術者", _d_technician),
    "player.1.board": ("プレイヤーボード", _d_p_board),
    "player.2.action": ("アクショントークン", _d_p_action),
    "player.3.buildings": ("建物トークン", _d_p_buildings),
    "player.4.cubes": ("トラックのキューブ", _d_p_cubes),
    "player.5.spare_cubes": ("残りのキューブ", _d_p_spare),
    "player.6.technology": ("テクノロジータイル", _d_p_technology),
    "player.7.storage": ("ストレージ拡張タイル", _d_p_storage),
    "player.8.star": ("星トークン", _d_p_star),
    "player.9.water": ("水施設", _d_p_water),
    "player.10.reference": ("リファレンスタイル", _d_p_reference),
    "player.11.score": ("スコアトークン", _d_p_score),
    "player.12.contract": ("開始契約カード", _d_p_contract),
    "player.13.manager": ("製材所管理者トークン", _d_p_manager),
    "player.14.wood": ("最初の木材", _d_p_wood),
    "player.15.first": ("ファーストプレイヤー", _d_p_first),
    "player.16.resources": ("苗木とコイン", _d_p_coins),
    "player.gf_van": ("バンタイル", _d_gf_van),
    "player.17.round_token": ("最初のラウンドトークン", _d_p_round),
    "player.18.harvesters": ("伐採機トークン", _d_p_harvesters),
}

ASYMMETRIC_TITLE_JA = "非対称セットアップカード"


def forestry_step(step_id: str, d: _Dealt) -> tuple[str, str]:
    """The Japanese ``(title, detail)`` of one Forestry step for the dealt context ``d``."""
    title, detail = FORESTRY_STEPS[step_id]
    if step_id == "player.16.resources" and d.options.asymmetric:
        title = ASYMMETRIC_TITLE_JA
    return title, detail(d)


# --------------------------------------------------------------------------- Forest Guardians

_RANGER_JA: dict[Ranger, tuple[str, str, str]] = {
    Ranger.JULIA: (
        "ジュリア",
        "動物の専門家",
        "持っている動物カード1枚につき+1、保護区の動物トークン1つにつき+1",
    ),
    Ranger.JACK: ("ジャック", "消防士", "持っている火災トークン1つにつき+1"),
    Ranger.FLUFFY: (
        "フラッフィー",
        "山の守り手",
        "山に植えたタイワンショウナンボク1本につき+2",
    ),
    Ranger.BEAN: ("ビーン", "園芸の達人", "ゲーム終了時のボーナスなし"),
}

#: Japanese lines for the 2-player removals, by ``Removal.id``.
REMOVALS_JA: dict[str, str] = {
    "high_altitude_tiles": "高地（I）の通常の地形タイル4枚",
    "low_altitude_tiles": "低地（III）の地形タイルすべて",
    "common_pheasant_cards": "キジの動物カード2枚",
    "common_pheasant_tokens": "キジの動物トークン2つ",
}


def ranger_name_ja(ranger: Ranger) -> str:
    """``ジュリア（動物の専門家）``."""
    name, title, _ = _RANGER_JA[ranger]
    return f"{name}（{title}）"


def guardians_texts(
    step_id: str,
    options: GuardiansOptions,
    dealt: tuple[RangerDeal, ...],
    two: bool,
) -> tuple[str, str, tuple[str, ...]]:
    """The Japanese ``(title, detail, outcome)`` of one Forest Guardians step."""
    animals = ANIMAL_CARDS - 2 if two else ANIMAL_CARDS
    if step_id == "two_player_removals":
        return (
            "2人用：箱に戻すコンポーネント",
            "ほかの準備を始める前に、次のものを箱に戻します：特殊でない（山も湖もない）高地（I）の"
            "地形タイルからランダムに4枚、低地（III）の地形タイルすべて、キジの2セット（動物カード"
            "2枚と動物トークン2つ）。このゲームでは使いません。",
            tuple(REMOVALS_JA.values()),
        )
    if step_id == "animal_tokens":
        return "動物トークン", f"動物トークン{animals}つをすべて、プレイエリアの横に置きます。", ()
    if step_id == "resource_deck":
        return (
            "資源デッキ",
            f"資源カード{RESOURCE_CARDS}枚をシャッフルし、裏向きにして山札にします。",
            (),
        )
    if step_id == "animal_deck":
        return (
            "動物デッキ",
            f"動物カード{animals}枚を裏面のシンボルで2つの山に分けます。それぞれを別々に"
            "シャッフルし、印の付いたシンボルの山が上になるように裏向きで重ねます。",
            (),
        )
    if step_id == "starting_tile":
        return (
            "スタートタイルと違法伐採者",
            "スタートタイルを表向きでテーブルの中央に置き、違法伐採者のコマを台に立てます。",
            (),
        )
    if step_id == "terrain_piles":
        order = "I、II（2人用ではIIIの山なし）" if two else "I、II、III"
        return (
            "地形タイルの山",
            "地形タイルを裏面の高度で分け、山ごとに裏向きでシャッフルして、高い順に"
            f"{order}と並べます。タイルは常に、まだ残っている一番高い山から引きます。",
            (),
        )
    if step_id == "starting_hands":
        return (
            "初期手札",
            f"各プレイヤーは資源カードを{STARTING_HAND}枚引きます（初期の手札上限）。",
            (),
        )
    if step_id == "start_player":
        return (
            "スタートプレイヤー",
            "一番若いプレイヤーから始め、時計回りに進みます。スタートプレイヤーから席順に"
            "プレイヤーを記録してください。",
            (),
        )
    if step_id == "ranger_boards":
        kind = "上級" if options.advanced else "基本"
        common = (
            f"各プレイヤーはレンジャーボードを1枚取って{options.board_side}面（{kind}ゲーム）を上に"
            "して置き、3列ある木の列のすべての数字に自分の色の木を置き、木製のアップグレード用キューブ"
            f"{CUBES_PER_BOARD}つを所定の位置に置きます。"
        )
        if not options.advanced:
            return "レンジャーボード", common, ()
        detail = common + (
            "さらに各自、自分のレンジャーのトークンを取ってボードの横に置きます"
            "（「レンジャーを派遣する」アクションで出すものです）。"
        )
        lines = tuple(
            f"{x.player}：{ranger_name_ja(x.ranger)}（{'選択' if x.chosen else 'ランダム'}）"
            f" - {_RANGER_JA[x.ranger][2]}"
            for x in dealt
        )
        return "レンジャーボードとレンジャー", detail, lines
    raise KeyError(step_id)

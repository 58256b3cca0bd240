## Forest Table: 日本語カタログ.
## 最初に用語集（Fluent の term、コンポーネントごとに 1 つの名前、002 の用語）、次にメッセージ。

## 用語集

-forestry = フォレストリー
-forest-guardians = フォレストガーディアンズ
-growing-forward = グローイング・フォワード
-harvester = 伐採機トークン
-forester-token = 林業家トークン
-seedling = 苗木
-wood = 木材
-infested-wood = 被害木
-reforestation-table = 植林テーブル
-forestry-table = 林業テーブル
-technology-table = テクノロジーテーブル
-technology-tile = テクノロジータイル
-spawn-card = スポーンカード
-spawn-deck = スポーンデッキ
-round-token = ラウンドトークン
-storage = ストレージ
-storage-extension = ストレージ拡張タイル
-detached-storage = 分離ストレージ
-contract-card = 契約カード
-task-card = タスクカード
-river-token = 川トークン
-building-token = 建物トークン
-sawmill-building = 製材所の建物
-forest-building = 森の建物
-harvest-token = 伐採トークン
-clearing-token = 空き地トークン
-player-board = プレイヤーボード
-vp = 勝利ポイント
-infestation-module = キクイムシ侵入モジュール
-logistics-manager = ロジスティクス管理者

## リスト：項目の間と最後の項目の前。

list-semicolons = ；
list-commas = 、
list-and = { $head }、{ $last }

## 得点表：コンポーネントから読む値（scoring.printed.AskCode）

ask-buildings-vp-none = { $side_b ->
        [true] { -player-board }（B面）
       *[false] { -player-board }
    }の建物トラックで、{ -building-token }を1つも使っていないときの数字を読んでください（数字が印刷されていなければ0を入力）。
ask-buildings-vp = { $side_b ->
        [true] { -player-board }（B面）
       *[false] { -player-board }
    }の建物トラックで、見えている一番右のスペースの下に印刷された数字を読んでください（使った{ -building-token }{ $count }つ）。
ask-tasks-vp = リファレンスタイル裏面の3行目から、達成した{ -task-card }{ $count }枚の{ -vp }を読んでください。
ask-forest-worker-buildings-vp = 森林作業員ボードの建物トラックで、見えている一番右のスペースの下に印刷された数字を読んでください（使った{ -building-token }{ $count }つ）。
ask-technician-vp = 技術者ボードの最適化トラックで、集めた一番右の技術者タイルの下に印刷された{ -vp }を読んでください（集めたタイル{ $count }枚。数字がなければ0を入力）。
ask-detached-top-tie = { -detached-storage }の得点カードで、{ -infested-wood }が最も多い{ -detached-storage }が2つ同数のときの行から、1位／2位／3位の{ -vp }を読んでください。

## 得点表の注記（scoring.forestry.score.NoteCode、scoring.guardians.score.GuardiansNote）

-tie-breaker = { $level ->
        [1] 植えた{ -seedling }の数
        [2] 履行した{ -contract-card }の数
       *[3] 達成した{ -task-card }の数
    }
note-tie-decided = { $names }は{ $total }{ -vp }で同点。{ $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    }で順位が決まりました（{ $values }）。
note-tie-shared = { $names }は{ $total }{ -vp }で同点。タイブレーク（{ -tie-breaker(level: 1) }、{ -tie-breaker(level: 2) }、{ -tie-breaker(level: 3) }）もすべて同じため、同じ順位になります。
note-not-complete = 未完了：順位は暫定です（まだ値が必要なカテゴリを除いています）。すべての値がそろうまで勝者は決まりません。
note-one-player = 1人プレイ：複数人用のルールで計算しています（ソロ対戦相手のルールは資料にありません）。{ -forester-token }最多は10{ -vp }です。
note-value-used = { $table ->
        [buildings_vp] 建物トラックの{ -vp }
        [tasks_vp] { -task-card }の{ -vp }
        [forest_worker_buildings_vp] 森林作業員ボードの建物トラックの{ -vp }
        [technician_vp] 技術者ボードの最適化トラックの{ -vp }
       *[detached_top_tie] { -detached-storage }が最多で同数のときの{ -vp }
    }（{ $key }）＝{ $value }（{ $origin ->
        [record] この記録に入力された印刷値
       *[confirmed] 以前に確認済みの値
    }）。
note-contracts-unknown = { $player }：必要な{ -task-card }の{ -vp }がわかるまで、2カテゴリの{ -contract-card }の割り当ては決まりません。
note-contract-chosen = 契約{ $number }（{ $first }/{ $second }）→{ $chosen }（{ $by_record ->
        [true] 記録で指定
       *[false] 最適
    }）
note-contracts-chosen = { $player }：{ $parts }。水施設と{ -task-card }の{ -vp }の合計が最も大きくなる割り当てをアプリが選んでいます。{ -contract-card }ごとにカテゴリを指定すると、そちらが優先されます。
note-guardians-shared-win = { $names }は{ $points }点で同点となり、勝利を分け合います（ルールブックにタイブレークはありません）。

## UI texts (the screens' words; app.i18n.Translator.t("a.b") reads id "a-b")

app-title = フォレストテーブル
app-tagline = { -forestry }と{ -forest-guardians }の卓上コンパニオン
nav-back = 戻る
nav-home = ホーム
common-yes = はい
common-no = いいえ
common-cancel = キャンセル
common-ok = OK
common-none = なし
common-loading = 読み込み中…
common-not_available = まだ使えません
common-not_available_reason = この機能はまだ準備中です：{ $what }。
common-error = エラーが発生しました：{ $message }
game-forestry = { -forestry }
game-forestry_long = { -forestry }（拡張：{ -growing-forward }）
game-forest-guardians = { -forest-guardians }
home-new_game = 新しいゲーム
home-in_progress = 進行中のゲーム
home-history = 履歴
home-statistics = 統計
home-settings = 設定
home-no_games = 進行中のゲームはありません。
home-resume = 再開
home-game_line = { $game }・{ $players }・{ $when }
settings-title = 設定
settings-language = 言語
settings-theme = テーマ
settings-theme-system = システム
settings-theme-light = ライト
settings-theme-dark = ダーク
settings-printed = 印刷された数値
settings-printed_intro = コンポーネントに印刷された数値です。不明なものはゲーム中に尋ね、記録します。
settings-printed_source = 出典：{ $source }
settings-printed_unknown = 資料に記載なし：必要なときに尋ねます
settings-rules = ルールの判断
settings-rules_missing = ルール判断のファイルが見つかりません。
settings-about = このアプリについて
printed-buildings_vp = 建物トラックの得点（使った{ -building-token }数ごと）
printed-tasks_vp = { -task-card }の得点（達成数ごと）
printed-forest_worker_buildings_vp = 森林作業員の建物トラックの得点
printed-technician_vp = 技術者の得点（集めたタイル数ごと）
printed-detached_top_tie = { -detached-storage }：最多で2つが同数
printed-forester_majority = { -forester-token }最多：1位／2位／3位
printed-detached_most = { -infested-wood }が最多の{ -detached-storage }
printed-detached_second = { -infested-wood }が2番目の{ -detached-storage }
printed-detached_least = { -infested-wood }が最少の{ -detached-storage }
printed-detached_all_tied = { -detached-storage }がすべて同数
printed-detached_tied_below_top = { -detached-storage }：最多以外の2つが同数
lang-en = English
lang-ja = 日本語
new-title = 新しいゲーム
new-game = ゲーム
new-players = プレイヤー
new-player_count = プレイヤー人数
new-player_name = プレイヤー{ $n }
new-player_name_hint = 名前
new-seat = { $n }番手
new-colour = 色
new-move_up = 上へ
new-move_down = 下へ
new-options = オプションとモジュール
new-mode = モード
new-mode-tutorial = チュートリアル
new-mode-standard = スタンダード
new-mode-advanced = 上級ゲーム
new-tech_side = { -technology-tile }の面
new-infestation = { -infestation-module }（{ -growing-forward }）
new-asymmetric = 非対称セットアップカード（{ -growing-forward }）
new-guardians_advanced = 上級ゲーム（レンジャーボードB面）
new-seed = シード（任意）
new-seed_hint = 空欄：ランダムなシード
new-start = セットアップを配る
new-unavailable = 選択できません：{ $reason }
new-reason-infestation_solo = { -infestation-module }はソロでは使いません
new-reason-tech_tutorial = チュートリアルは印刷済みの{ -technology-table }を使います
new-reason-characters_advanced = キャラクターは上級ゲームで使います
new-reason-guardians_players = { -forest-guardians }は2〜4人用です
new-reason-characters_count = キャラクターは1人につき1つまでです
new-reason-tutorial_table = チュートリアルの{ -technology-table }は上級ゲームのオプションです
new-tech_random = ランダム
new-ranger = レンジャー
ranger-julia = ジュリア（動物の専門家）
ranger-jack = ジャック（消防士）
ranger-fluffy = フラッフィー（山の守り手）
ranger-bean = ビーン（園芸の達人）
new-character = キャラクター（上級ゲーム）
new-character_dealt = ランダムに配る
new-ranger_dealt = ランダムに配る
new-ranger_taken = 他のプレイヤーが選んでいます
new-tutorial_table = チュートリアルの{ -technology-table }（上級ゲーム）
new-seat_order = 席順（1番手からスタート）
character-trade_specialist = トレードスペシャリスト
character-forest_ecologist = 森林生態学者
character-logistics_manager = { -logistics-manager }
character-monitoring_specialist = モニタリング専門家
area-light_green = 薄緑
area-dark_green = 濃い緑
area-orange = オレンジ
setup-big-sawmills = アップグレードする製材所：{ $n }
setup-big-harvested = 伐採済み：{ $n }
setup-big-clearings = 取り除く空き地：{ $n }
setup-big-meanders = 蛇行：{ $n }
setup-big-reservoirs = 貯水池：{ $n }
setup-big-forester-thinning = 間伐 → { $n }
setup-big-forester-den_tree = 巣穴の木 → { $n }
setup-big-forester-painting = 塗装 → { $n }
setup-big-hq = 本部（{ $area }）：タイル{ $n }
setup-big-coins = 席順ごとのコイン：{ $n }
setup-big-tech_side = { $side }面
setup-source = 出典：{ $source }
new-error-name_required = 全員の名前が必要です
new-error-names_unique = 名前が重複しています
new-error-seed = シードは整数で入力してください
colour-blue = 青
colour-red = 赤
colour-yellow = 黄
colour-purple = 紫
colour-green = 緑
colour-black = 黒
character-forest_worker = 森林作業員
character-forest_road_manager = 林道管理者
character-technician = 技術者
setup-title = セットアップ
setup-progress = { $total }手順中{ $done }完了
setup-step = 手順{ $n }
setup-mark_done = 完了
setup-mark_undone = 未完了
setup-deal_again = 配り直す
setup-deal_again_help = 新しいシードで別のセットアップを配ります（開始前のみ）。
setup-seed = シード { $seed }
setup-start_play = ゲーム開始
setup-all_done = セットアップ完了です。
setup-dealer_missing = セットアップ機能はまだ使えません。
sheet-title = { $name }
sheet-total = 合計
sheet-undo = 元に戻す
sheet-redo = やり直す
sheet-decrease = { $field }を減らす
sheet-increase = { $field }を増やす
sheet-scoreboard = 得点表
sheet-finish = ゲーム終了
score-title = 得点表
score-category = 項目
score-total = 合計
score-rank = 順位
score-tie = 同点
score-needs = 印刷された数値が必要です
score-confirm = 確定
sheet-players = プレイヤー
sheet-stale = 他の端末でゲームが更新されました。確認して、必要ならもう一度タップしてください。
sheet-forbidden = この端末ではその変更はできません。
sheet-refused = できません：{ $message }
table-title = 共有の盤面
table-round = ラウンド{ $n }（残りの{ -round-token }{ $left }）
table-foresters = { -forester-token }：{ $spaces }
table-infested = { -infested-wood }のあるマス：{ $spaces }
table-final_turns = 最後の{ -round-token }が公開されました：全員が最後の手番を行います。
table-reveal_round = 次の{ -round-token }を公開
table-no_round_left = { -round-token }は残っていません
table-replenish = { -forester-token }を補充
table-detached_hint = この{ -detached-storage }に届けた{ -infested-wood }
table-trigger-last_tree_planted = 最後の木を植えた人：
table-trigger-last_tile_drawn = 最後の地形タイルを引いた人：
table-end-last_tree_planted = { $name }が最後の木を植えました：他の全員がもう1手番行います。
table-end-last_tile_drawn = { $name }が最後の地形タイルを引きました：この手番でゲーム終了です。
criterion-most_open_storage_spaces = { -detached-storage }：開いた{ -storage }スペースが最多
criterion-most_buildings = { -detached-storage }：建物が最多
criterion-most_contracts_fulfilled = { -detached-storage }：契約が最多
criterion-most_task_cards_fulfilled = { -detached-storage }：{ -task-card }が最多
criterion-highest_water_multiplier = { -detached-storage }：水利倍率が最高
criterion-most_seedlings_planted = { -detached-storage }：植えた{ -seedling }が最多
msg-seedlingplanted = { -seedling }を{ $area }の列の{ $row }行目に植えました。
msg-foresterplaced = { $type }の{ -forester-token }を{ $column }列目の{ $row }行目に置きました。
msg-rewardlap = 報酬トラック1周：+{ $vp }点。
msg-waterstep = 水利施設トラック：{ $new_multiplier }倍になりました。
sheet-add_double_contract = ＋2カテゴリーの契約：
sheet-contract_counts_as = 契約{ $n }のカテゴリー
sheet-contract_auto = 最も有利に
sheet-sec-tasks = { -task-card }
sheet-task_add_contract = ＋タスク：契約
sheet-task_add_seedlings = ＋タスク：{ -seedling }2本
sheet-task_add_forester = ＋タスク：{ -forester-token }
sheet-task_add_sawmill = ＋タスク：アップグレードした製材所
sheet-task_met = タスク{ $n }：伐採トークンの隣に森の建物がありますか？
sheet-remove_last_task = 最後の{ -task-card }を取り除く
task-contract = { $what }の契約
task-seedlings = { $area }に{ -seedling }2本
task-forester = { $what }の{ -forester-token }
task-sawmill_upgrade = { $area }のアップグレードした製材所
task-river_token = { -river-token }
task-forest_building = 伐採トークンの隣の森の建物
sheet-task_add_river = ＋タスク：{ -river-token }
sheet-task_add_forest_building = ＋タスク：伐採トークンの隣の森の建物
sheet-share = 他のスマホ用の席のQRコード
sheet-live_total = 現在の合計
sheet-rank = { $rank }位
sheet-not_scorable = まだ得点はありません
sheet-sec-score = 得点トラック
sheet-sec-resources = 資源
sheet-sec-storage = { -storage }
sheet-sec-reforestation = { -reforestation-table }
sheet-sec-forestry_table = { -forestry-table }
sheet-sec-buildings = 建物
sheet-sec-river_tokens = { -river-token }
sheet-sec-contracts = 契約
sheet-sec-character = キャラクター
sheet-sec-trees = 植えた木（見えている得点）
sheet-sec-animals = 動物カード
sheet-sec-ranger = レンジャー：{ $ranger }
sheet-reward_lap = 報酬トラック1周（+3点）
sheet-open_extension = { -storage }の拡張を開く
sheet-extensions = 開いた{ -storage }拡張：{ $n }
sheet-plant = { $area }に植える（{ $n }）
sheet-place_forester = { $what }を置く
sheet-columns = 列：{ $columns }
sheet-build_forest = 森の建物を建てる（{ $n }）
sheet-upgrade_sawmill = { $area }の製材所をアップグレード（{ $n }）
sheet-add_contract = ＋{ $what }の契約
sheet-remove_last_contract = 最後の契約を取り除く
sheet-add_animal = ＋{ $n }点のカード
sheet-remove_last_animal = 最後のカードを取り除く
sheet-setup_status = 全員の{ -harvester }を置いてからゲームを始めます。
sheet-harvester = { $name }：{ -harvester }のマス
sheet-start_game = ゲームを始める
sheet-finished = このゲームは終了しました。
sheet-no_table = このゲームを開けませんでした：{ $message }
field-score_track = 得点トラックの点
field-coins = コイン
field-construction_materials = 建材
field-seedlings = { -seedling }
field-temp_workers = 臨時作業員
field-wood = { -storage }の木材
field-infested_wood = { -storage }の{ -infested-wood }
field-seedlings_below = { -reforestation-table }の下の{ -seedling }
field-below = { -reforestation-table }の下の{ $what }
field-road_connections = 道路の接続
field-technician_tiles = 技術者タイル
field-full_seedling_rows = 埋まった{ -seedling }の行
field-tree_row = 木の{ $n }行目
field-fire_tokens = 火事トークン
field-animals_in_shelter = 保護施設の動物
field-calocedrus_on_mountains = 山のタイワンショウナンボク
forester-thinning = 間伐
forester-den_tree = 巣穴の木
forester-painting = 塗装
river-accessory = アクセサリー
river-innovation = イノベーション
river-furniture = 家具
river-building = 建築
river-sawmill_upgrade = 製材所のアップグレード
river-forest_building = 森の建物
category-accessory = アクセサリー
category-innovation = イノベーション
category-furniture = 家具
category-building = 建築
category-score_track = 得点トラック
category-buildings = 建物
category-water = 水利施設
category-tasks = { -task-card }
category-forester_majority = { -forester-token }
category-resources = 未使用の資源
category-wood = 木材
category-detached = { -detached-storage }
category-road_connections = 道路の接続
category-technician = 技術者
category-trees = 木
category-animals = 動物
category-fires = 火事
category-ranger = レンジャー
score-winners = 勝者：{ $names }
score-provisional = 暫定：印刷された数値がまだ必要です。
score-needs_title = 必要な印刷された数値
score-value = 数値
score-chart = 合計
history-title = 履歴
history-empty = 終了したゲームはまだありません。
history-none_match = 条件に合う終了したゲームはありません。
history-more = さらに表示
history-filter_game = ゲーム
history-filter_person = プレイヤー
history-all_games = すべてのゲーム
history-everyone = 全員
stats-title = 統計
stats-empty = 統計はまだありません。
stats-plays = プレイ { $n }
stats-wins = 勝利 { $n }
stats-average = 平均 { $n }
stats-best = 最高 { $n }
finish-title = ゲーム終了
finish-saved = 保存しました：履歴にあります。
finish-not_saved = まだ履歴にありません：記録が保存されていません。
finish-not_finished = このゲームはまだ終わっていません。
finish-tie_shared = { $total }点で同点：{ $names }が勝利を分け合います。
finish-tie_broken = { $names }が{ $total }点で同点、決着：{ $how }
finish-tie_rules = ルールのタイブレーク
finish-share = 共有
finish-share_hint = コードを読み取ると結果をテキストで受け取れます。
finish-copy = コピー
finish-copied = コピーしました
finish-download = ダウンロード
finish-exports = 書き出し
finish-exports_hint = ファイルをダウンロードするか、テキストをコピーします。
finish-export-record = 記録（JSON、v1）
finish-export-bgstats = BG Stats ファイル
finish-export-bgg = BoardGameGeek CSV
finish-bgstats_link = BG Stats で開く
finish-rematch = 再戦
finish-open = 結果と共有
stats-win_rate = 勝率 { $n }%
stats-chart_scores = 得点の推移
stats-chart_categories = 項目別の平均
stats-person = プレイヤー
stats-charts = グラフ
tablemode-join-title = テーブルに参加
tablemode-join-how = ホストが席ごとに表示するテーブルのQRコードを、この端末のカメラで読み取ってください。ホストから届いたリンクを開いてもかまいません。
tablemode-join-invalid = このリンクはもう使えません。ホストに自分の席の新しいQRコードを表示してもらってください。
tablemode-join-revoked = ホストがこの席に新しいリンクを発行しました。新しいQRコードを読み取って戻ってください。
tablemode-loading = テーブルに接続しています…
tablemode-you = { $name } · { $seat }番席
tablemode-host = ホスト · このテーブルのすべてを操作できます
tablemode-read_only = { $name }さんのシート（閲覧のみ）。自分の名前をタップすると戻ります。
tablemode-language = 言語：{ $language }
tablemode-tables = テーブルとQRコード
host-title = テーブル #{ $game_id }：QRコード
host-host_link = ホスト用リンク（このテーブルのすべて）
host-seat = { $seat }番席：{ $name }
host-scan = { $name }さんの端末で読み取ってください
host-reissue = 新しいリンク（古いリンクは使えなくなります）
host-reissued = { $seat }番席：新しいリンクを発行しました。古いリンクはもう使えません。
host-tables = テーブル
host-open = テーブルを開く
host-no_tables = 進行中のテーブルはありません。先に新しいゲームを始めてください。
host-open_table = テーブル #{ $game_id }：{ $players }

## メッセージ

refusal-not-a-whole-number = { $field }: 整数で入力してください（入力: { $value }）
refusal-name-empty = { $field }: 名前を入力してください
refusal-name-too-long = { $field }: 名前は { $limit } 文字までです（この名前は { $length } 文字）
refusal-name-forbidden-character = { $field }: 名前に見えない文字や制御文字（{ $code_point }）は使えません

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
-construction-material = 建設資材
-temp-worker = 臨時労働者
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
list-or = または
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
ask-tasks-vp = リファレンスタイル裏面の3行目から、達成した{ -task-card }{ $count }枚の{ -vp }を読んでください{ $count ->
        [0] （数字が印刷されていなければ0を入力）
       *[other] {""}
    }。
ask-forest-worker-buildings-vp = 森林作業員ボードの建物トラックで、見えている一番右のスペースの下に印刷された数字を読んでください（使った{ -building-token }{ $count }つ）。
ask-technician-vp = 技術者ボードの最適化トラックで、集めた一番右の技術者タイルの下に印刷された{ -vp }を読んでください（集めたタイル{ $count }枚。数字がなければ0を入力）。
ask-detached-top-tie = { -detached-storage }の得点カードで、{ -infested-wood }が最も多い{ -detached-storage }が2つ同数のときの行から、1位／2位／3位の{ -vp }を読んでください。

## 得点表の注記（scoring.forestry.score.NoteCode、scoring.guardians.score.GuardiansNote）

-tie-breaker = { $level ->
        [1] 植えた{ -seedling }の数
        [2] 履行した{ -contract-card }の数
       *[3] 達成した{ -task-card }の数
    }
note-tie-level = { $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    }
note-tie-decided = { $names }は{ $total }{ -vp }で同点。{ $has_equal ->
        [true] { $equal }は同じで、
       *[false] {""}
    }{ $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    }で順位が決まりました（{ $values }）。{ $has_then ->
        [true] { $then }
       *[false] {""}
    }
note-tie-then = { $names }の間では、{ $has_equal ->
        [true] { $equal }は同じで、
       *[false] {""}
    }{ $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    }で順位が決まりました（{ $values }）。
note-tie-then-shared = { $names }はタイブレークもすべて同じため、同じ順位になります。
note-tie-shared = { $names }は{ $total }{ -vp }で同点。タイブレーク（{ -tie-breaker(level: 1) }、{ -tie-breaker(level: 2) }、{ -tie-breaker(level: 3) }）もすべて同じため、同じ順位になります。
note-not-complete = 未完了：順位は暫定です（まだ値が必要なカテゴリを除いています）。すべての値がそろうまで勝者は決まりません。
note-one-player = 1人プレイ：資料にはソロの最終得点計算がありません（ソロゲームには対戦相手がいますが、そのルールは資料にありません）。このため、これはソロの最終得点ではなく、表示したカテゴリの合計にすぎず、勝者も決めません。{ -forester-token }最多は得点にしていません（資料の中に比べる相手がいません）。
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
note-contracts-unknown = { $player }：必要な値がわかるまで、2カテゴリの{ -contract-card }の割り当ては決まりません。
note-contract-chosen = 契約{ $number }（{ $first }/{ $second }）→{ $chosen }（{ $by_record ->
        [true] プレイヤーが指定
       *[false] 最適
    }）
note-contracts-chosen = { $player }：{ $parts }。{ -contract-card }ごとにカテゴリを指定すると、そのカテゴリに固定されます。
note-assignment-rule = 2カテゴリの{ -contract-card }：それぞれ、その割り当てで変わるもの（水施設、{ -task-card }、未使用の資源{ $ranked ->
        [true] 、{ -task-card }の達成枚数を順位付けする{ -detached-storage }
       *[false] {""}
    }）の合計で、そのプレイヤーの{ -vp }が最も大きくなるカテゴリに数えます。同じなら達成した{ -task-card }が多い方、それも同じなら記録の順で最初の割り当てです。
note-assignment-replies = { $fallback ->
        [true] { -task-card }の達成枚数を順位付けする{ -detached-storage }があるため、プレイヤーの選択が互いに影響します。席順に各プレイヤーが他のプレイヤーの選択に対する最善の選択を取っても{ $rounds }巡以内に落ち着かなかったため、その{ -detached-storage }を除いた各プレイヤーの最善の選択を使います。
       *[false] { -task-card }の達成枚数を順位付けする{ -detached-storage }があるため、プレイヤーの選択が互いに影響します。席順に各プレイヤーが他のプレイヤーの選択に対する最善の選択を取り、1巡全体で何も変わらなくなるまで続けました（{ $rounds }巡）。
    }
note-forest-building-tasks = { $player }：「{ -harvest-token }の隣の{ -forest-building }」の{ -task-card }{ $marked }枚が達成済みになっていますが、1枚ごとに自分の{ -forest-building }が1つ必要です。{ $counted ->
        [0] { $player }は{ -forest-building }を建設していないため、1枚も数えません。
       *[other] { $player }が建設した{ -forest-building }は{ $counted }つなので、数えるのは{ $counted }枚だけです。
    }
note-assignment-stable = 安定した結果が{ $count }通りあります（どれも、各プレイヤーの選択が他のプレイヤーの選択に対する最善の選択になっています）。結果によって合計点や勝者が変わることがあります。この結果は上の規則で選ばれました：その{ -detached-storage }を除いた各プレイヤーの最善の選択から、席順に最善の選択を取ったものです。そのため席順で決まることがあります。ほかの結果（達成した{ -task-card }の数）：{ $others }。別の結果で得点するには、各プレイヤーがシートの「契約」で2カテゴリの{ -contract-card }のカテゴリーを指定します（記録での指定と同じです）。
note-guardians-shared-win = { $names }は{ $points }点で同点となり、勝利を分け合います（ルールブックにタイブレークはありません）。

## 画面の文言（画面は ID をそのまま求める：t("home-new-game")）

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
common-not-available-reason = この機能はまだ準備中です：{ $what }。
common-error = エラーが発生しました：{ $message }
game-forestry = { -forestry }
game-forestry-long = { -forestry }（拡張：{ -growing-forward }）
game-forest-guardians = { -forest-guardians }
home-new-game = 新しいゲーム
home-in-progress = 進行中のゲーム
home-history = 履歴
home-statistics = 統計
home-settings = 設定
home-no-games = 進行中のゲームはありません。
home-resume = 再開
home-game-line = { $game }・{ $players }・{ $when }
settings-title = 設定
settings-language = 言語
settings-theme = テーマ
settings-theme-system = システム
settings-theme-light = ライト
settings-theme-dark = ダーク
settings-printed = 印刷された数値
settings-printed-intro = コンポーネントに印刷された数値です。不明なものはゲーム中に尋ね、記録します。
settings-printed-source = 出典：{ $source }
settings-printed-unknown = 資料に記載なし：必要なときに尋ねます
settings-rules = ルールの判断
settings-rules-missing = ルール判断のファイルが見つかりません。
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
new-player-count = プレイヤー人数
new-player-name = プレイヤー{ $n }
new-player-name-hint = 名前
new-seat = { $n }番手
new-colour = 色
new-move-up = 上へ
new-move-down = 下へ
new-options = オプションとモジュール
new-mode = モード
new-mode-tutorial = チュートリアル
new-mode-standard = スタンダード
new-mode-advanced = 上級ゲーム
new-tech-side = { -technology-tile }の面
new-infestation = { -infestation-module }（{ -growing-forward }）
new-asymmetric = 非対称セットアップカード（{ -growing-forward }）
new-guardians-advanced = 上級ゲーム（レンジャーボードB面）
new-seed = シード（任意）
new-seed-hint = 空欄：ランダムなシード
new-start = セットアップを配る
new-unavailable = 選択できません：{ $reason }
new-reason-infestation-solo = { -infestation-module }はソロでは使いません
new-reason-tech-tutorial = チュートリアルは印刷済みの{ -technology-table }を使います
new-reason-characters-advanced = キャラクターは上級ゲームで使います
new-reason-players = { $game }は{ $low }〜{ $high }人用です
new-reason-characters-count = キャラクターは1人につき1つまでです
new-reason-tutorial-table = チュートリアルの{ -technology-table }は上級ゲームのオプションです
new-tech-random = ランダム
new-ranger = レンジャー
ranger-julia = ジュリア（動物の専門家）
ranger-jack = ジャック（消防士）
ranger-fluffy = フラッフィー（山の守り手）
ranger-bean = ビーン（園芸の達人）
new-character = キャラクター（上級ゲーム）
new-character-dealt = ランダムに配る
new-ranger-dealt = ランダムに配る
new-ranger-taken = 他のプレイヤーが選んでいます
new-tutorial-table = チュートリアルの{ -technology-table }（上級ゲーム）
new-seat-order = 席順（1番手からスタート）
character-trade_specialist = { label-trade_specialist }
character-forest_ecologist = { label-forest_ecologist }
character-logistics_manager = { label-logistics_manager }
character-monitoring_specialist = { label-monitoring_specialist }
area-light_green = { label-light_green }
area-dark_green = { label-dark_green }
area-orange = { label-orange }
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
setup-big-tech-side = { $side }面
setup-source = 出典：{ $source }
new-error-name-required = 全員の名前が必要です
new-error-same-name = プレイヤー{ $n }と同じ名前です
new-error-fix-above = まだ配れません。上の{ $n }か所を直してください。
new-roster = 履歴にいる人：タップすると次の空いた席に入ります
new-error-seed = シードは整数で入力してください
new-error-player-count = { $game }は{ $low }～{ $high }人用です（{ $n }人が指定されました）
new-error-colour-unknown = 「{ $value }」は使える色ではありません（{ $colours }）
new-error-same-colour = プレイヤー{ $n }と同じ色です
new-error-role-unknown = 「{ $value }」はこのゲームの{ $role }ではありません（{ $roles }のどれか）
new-error-role-taken = プレイヤー{ $n }がすでにこの{ $role }を選んでいます
new-error-roles-off = この設定では{ $role }を選びません（選ぶのは上級ゲームです）
new-error-option-unknown = { $game }に「{ $key }」という設定はありません（設定：{ $keys }）
new-error-option-value = { $key }は{ $choices }のどれかです（「{ $value }」が指定されました）
new-error-option-flag = { $key }は yes か no です（「{ $value }」が指定されました）
new-error-option-twice = { $key }が2回指定されています
new-error-option-pair = 設定は KEY=VALUE の形で書きます（「{ $value }」が指定されました）
new-role-character = キャラクター
new-role-ranger = レンジャー
colour-blue = 青
colour-red = 赤
colour-yellow = 黄
colour-purple = 紫
colour-green = 緑
colour-black = 黒
character-forest_worker = { label-forest_worker }
character-forest_road_manager = { label-forest_road_manager }
character-technician = { label-technician }
setup-title = セットアップ
setup-progress = { $total }手順中{ $done }完了
setup-step = 手順{ $n }
setup-mark-done = 完了
setup-mark-undone = 未完了
setup-deal-again = 配り直す
setup-deal-again-help = 新しいシードで別のセットアップを配ります（開始前のみ）。
setup-seed = シード { $seed }
setup-start-play = ゲーム開始
setup-all-done = セットアップ完了です。
setup-dealer-missing = セットアップ機能はまだ使えません。
sheet-title = { $name }
sheet-total = 合計
sheet-undo = 元に戻す
sheet-redo = やり直す
sheet-decrease = { $field }を減らす
sheet-increase = { $field }を増やす
keypad-open = { $field }をキーパッドで入力
keypad-owner = { $name } · { $part }
keypad-close = キーパッドを閉じる
keypad-now = 現在 { $a } → { $b }
keypad-change = 変化 { $change }
keypad-digit = 数字 { $digit }
keypad-plus = 足す
keypad-minus = 引く
keypad-backspace = 最後のキーを消す
keypad-clear = クリア
keypad-clear-label = 入力を消す
keypad-done = 完了
keypad-next = 次：{ $field }
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
table-final-turns = 最後の{ -round-token }が公開されました：全員が最後の手番を行います。
table-reveal-round = 次の{ -round-token }を公開
table-no-round-left = { -round-token }は残っていません
table-replenish = { -forester-token }を補充
table-detached-hint = この{ -detached-storage }に届けた{ -infested-wood }
table-trigger-last_tree_planted = 最後の木を植えた人：
table-trigger-last_tile_drawn = 最後の地形タイルを引いた人：
table-end-last_tree_planted = { $name }が最後の木を植えました：他の全員がもう1手番行います。
table-end-last_tile_drawn = { $name }が最後の地形タイルを引きました：この手番でゲーム終了です。
criterion-most_open_storage_spaces = { -detached-storage }：開いた{ -storage }スペースが最多
criterion-most_buildings = { -detached-storage }：建物が最多
criterion-most_contracts_fulfilled = { -detached-storage }：契約が最多
criterion-most_task_cards_fulfilled = { -detached-storage }：{ -task-card }が最多
criterion-highest_water_multiplier = { -detached-storage }：水施設の係数が最高
criterion-most_seedlings_planted = { -detached-storage }：植えた{ -seedling }が最多
sheet-add-double-contract = ＋2カテゴリーの契約：
sheet-contract-counts-as = 契約{ $n }のカテゴリー
sheet-contract-auto = 最も有利に
sheet-sec-tasks = { -task-card }
sheet-task-add-contract = タスク：契約
sheet-task-add-seedlings = タスク：{ -seedling }2本
sheet-task-add-forester = タスク：{ -forester-token }
sheet-task-add-sawmill = タスク：アップグレードした製材所
sheet-task-met = タスク{ $n }：伐採トークンの隣に森の建物がありますか？
task-contract = { $what }の契約
task-seedlings = { $area }に{ -seedling }2本
task-forester = { $what }の{ -forester-token }
task-sawmill-upgrade = { $area }のアップグレードした製材所
task-river-token = { -river-token }
task-forest-building = 伐採トークンの隣の森の建物
sheet-task-add-river = タスク：{ -river-token }
sheet-task-add-forest-building = タスク：伐採トークンの隣の森の建物
sheet-share = 他のスマホ用の席のQRコード
sheet-live-total = 現在の合計
sheet-rank = { $rank }位
sheet-not-scorable = まだ得点はありません
sheet-sec-score = 得点トラック
sheet-sec-resources = 資源
sheet-sec-storage = { -storage }
sheet-sec-reforestation = { -reforestation-table }
sheet-sec-forestry-table = { -forestry-table }
sheet-sec-buildings = 建物
sheet-sec-river-tokens = { -river-token }
sheet-sec-contracts = 契約
sheet-sec-character = キャラクター
sheet-sec-trees = 植えた木（見えている得点）
sheet-sec-animals = 動物カード
sheet-sec-ranger = レンジャー：{ $ranger }
sheet-reward-lap = 報酬トラック1周（+3点）
sheet-extensions = 開いた{ -storage }拡張：{ $n }
sheet-plant = { $area }に植える（{ $n }）
sheet-place-forester = { $what }を置く
sheet-columns = 列：{ $columns }
sheet-add-contract = ＋{ $what }の契約
sheet-add-animal = ＋{ $n }点のカード
sheet-remove-last-animal = 最後のカードを取り除く
sheet-setup-status = 全員の{ -harvester }を置いてからゲームを始めます。
sheet-harvester = { $name }：{ -harvester }のマス
sheet-start-game = ゲームを始める
sheet-finished = このゲームは終了しました。
sheet-no-table = このゲームを開けませんでした：{ $message }
field-score_track = 得点トラックの点
field-coins = コイン
field-construction_materials = { -construction-material }
field-seedlings = { -seedling }
field-temp_workers = { -temp-worker }
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
forester-thinning = { label-thinning }
forester-den_tree = { label-den_tree }
forester-painting = { label-painting }
river-accessory = アクセサリー
river-innovation = イノベーション
river-furniture = 家具
river-building = 建築
river-sawmill_upgrade = 製材所のアップグレード
river-forester_pair = { -forester-token }2つ
river-seedling_pair = { -seedling }2つ
river-forest_building = 森の建物
category-accessory = アクセサリー
category-innovation = イノベーション
category-furniture = 家具
category-building = 建築
category-score_track = 得点トラック
category-buildings = 建物
category-water = 水施設
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
score-needs-title = 必要な印刷された数値
score-value = 数値
score-chart = 合計
history-title = 履歴
history-empty = 終了したゲームはまだありません。
history-none-match = 条件に合う終了したゲームはありません。
history-more = さらに表示
history-filter-game = ゲーム
history-filter-person = プレイヤー
history-all-games = すべてのゲーム
history-everyone = 全員
stats-title = 統計
stats-empty = 統計はまだありません。
stats-plays = プレイ { $n }
stats-wins = 勝利 { $n }
stats-average = 平均 { $n }
stats-best = 最高 { $n }
finish-title = ゲーム終了
finish-row = { $rank }位 { $name }：{ $total }点
finish-row-incomplete = { $name }：合計はまだありません（結果は未完成です）
finish-saved = 保存しました：履歴にあります。
finish-not-saved = まだ履歴にありません：記録が保存されていません。
finish-not-finished = このゲームはまだ終わっていません。
finish-tie-shared = { $total }点で同点：{ $names }が勝利を分け合います。
finish-tie-broken = { $names }が{ $total }点で同点、決着：{ $how }
finish-tie-rules = ルールのタイブレーク
finish-share = 共有
finish-share-hint = コードを読み取ると結果をテキストで受け取れます。
finish-copy = コピー
finish-copied = コピーしました
finish-download = ダウンロード
finish-exports = 書き出し
finish-exports-hint = ファイルをダウンロードするか、テキストをコピーします。
finish-export-record = 記録（JSON、v1）
finish-export-bgstats = BG Stats ファイル
finish-export-bgg = BoardGameGeek CSV
finish-bgstats-link = BG Stats で開く
finish-bgstats-qr-hint = BG Stats の入ったスマートフォンで読み取ると、このプレイを BG Stats に追加できます。
finish-rematch = 再戦
finish-open = 結果と共有
stats-win-rate = 勝率 { $n }%
stats-chart-scores = 得点の推移
stats-chart-categories = 項目別の平均
stats-person = プレイヤー
stats-charts = グラフ
tablemode-join-title = テーブルに参加
tablemode-join-how = ホストが席ごとに表示するテーブルのQRコードを、この端末のカメラで読み取ってください。ホストから届いたリンクを開いてもかまいません。
tablemode-join-invalid = このリンクはもう使えません。ホストに自分の席の新しいQRコードを表示してもらってください。
tablemode-join-revoked = ホストがこの席に新しいリンクを発行しました。新しいQRコードを読み取って戻ってください。
tablemode-loading = テーブルに接続しています…
tablemode-stopped-title = テーブルのサーバーが停止しました
tablemode-stopped-how = 入力した内容は失われていません。ホストがサーバーを再び起動したら、このページを再読み込みしてください。
tablemode-you = { $name } · { $seat }番席
tablemode-host = ホスト · このテーブルのすべてを操作できます
tablemode-read-only = { $name }さんのシート（閲覧のみ）。自分の名前をタップすると戻ります。
tablemode-language = 言語：{ $language }
tablemode-tables = テーブルとQRコード
host-title = テーブル #{ $game_id }：QRコード
host-host-link = ホスト用リンク（このテーブルのすべて）
host-host-link-keep = プレイヤー用ではありません：このコードでテーブルのすべてのボードを操作できます。テーブルのホストだけが使ってください。
host-seat = { $seat }番席：{ $name }
host-qr = { $what }のQRコード
host-scan = { $name }さんの端末で読み取ってください
host-reissue = 新しいリンク（古いリンクは使えなくなります）
host-reissued = { $seat }番席：新しいリンクを発行しました。古いリンクはもう使えません。
host-tables = テーブル
host-open = テーブルを開く
host-no-tables = 進行中のテーブルはありません。先に新しいゲームを始めてください。
host-open-table = テーブル #{ $game_id }：{ $players }

## セットアップのチェックリスト（setup.forestry.StepCode、手順IDごとの見出し、配った値の名前）

list-sentences = {""}

step-title-solo-note = ソロゲーム
step-title-board-1-board = ゲームボード
step-title-board-2-contracts = { -contract-card }
step-title-board-3-spawn_deck = { -spawn-deck }
step-title-board-4-tasks = { -task-card }
step-title-board-5-sawmills = { -sawmill-building }
step-title-board-6-processing = 木材加工トークン
step-title-board-7-hq = HQタイル
step-title-board-8-harvest_tokens = { -harvest-token }
step-title-board-9-harvested = 伐採済みのスペース
step-title-board-10-clearings = { -clearing-token }
step-title-board-11-rivers = { -river-token }
step-title-board-12-round_tokens = { -round-token }
step-title-board-13-supply = 共通サプライ
step-title-board-14-foresters = { -forester-token }
step-title-gf-detached_storages = { -detached-storage }
step-title-gf-detached_scoring = { -detached-storage }の得点トークン
step-title-gf-reproduction = 繁殖トークン
step-title-gf-infestation = 侵入カード
step-title-gf-locations = 場所タイル
step-title-gf-supply = 得点カードと新しいリソース
step-title-char-deal = キャラクター
step-title-char-trade_specialist = { label-trade_specialist }
step-title-char-forest_ecologist = { label-forest_ecologist }
step-title-char-logistics_manager = { label-logistics_manager }
step-title-char-monitoring_specialist = { label-monitoring_specialist }
step-title-char-forest_worker = { label-forest_worker }
step-title-char-forest_road_manager = { label-forest_road_manager }
step-title-char-technician = { label-technician }
step-title-player-1-board = { -player-board }
step-title-player-2-action = アクショントークン
step-title-player-3-buildings = { -building-token }
step-title-player-4-cubes = トラックのキューブ
step-title-player-5-spare_cubes = 残りのキューブ
step-title-player-6-technology = { -technology-tile }
step-title-player-7-storage = { -storage-extension }
step-title-player-8-star = 星トークン
step-title-player-9-water = 水施設
step-title-player-10-reference = リファレンスタイル
step-title-player-11-score = スコアトークン
step-title-player-12-contract = 開始{ -contract-card }
step-title-player-13-manager = 製材所管理者トークン
step-title-player-14-wood = 最初の{ -wood }
step-title-player-15-first = ファーストプレイヤー
step-title-player-16-resources = { -seedling }とコイン
step-title-player-16-asymmetric = 非対称セットアップカード
step-title-player-gf_van = バンタイル
step-title-player-17-round_token = 最初の{ -round-token }
step-title-player-18-harvesters = { -harvester }

label-light_green = 薄緑
label-dark_green = 濃い緑
label-orange = オレンジ
label-thinning = 間伐
label-den_tree = 巣穴の木
label-painting = 塗装
label-most_open_storage_spaces = 開放した{ -storage }スペースが最も多い
label-most_buildings = アップグレードした製材所と{ -forest-building }の合計が最も多い
label-most_contracts_fulfilled = 履行した{ -contract-card }が最も多い
label-most_task_cards_fulfilled = 達成した{ -task-card }が最も多い
label-highest_water_multiplier = 水施設の係数が最も高い
label-most_seedlings_planted = 植えた{ -seedling }が最も多い
label-tree_nursery = 苗畑
label-lookout_tower_construction_site = 展望台の建設予定地
label-lake = 湖
label-two_coins = 2コイン
label-task_card = { -task-card }1枚
label-two_stars = 星2つ
label-any_resource = 好きなリソース1つ
label-two_vp = 2{ -vp }
label-trade_specialist = トレードスペシャリスト
label-forest_ecologist = 森林生態学者
label-logistics_manager = { -logistics-manager }
label-monitoring_specialist = モニタリングスペシャリスト
label-forest_worker = 森林作業員
label-forest_road_manager = 林道管理者
label-technician = 技術者
label-accessory = アクセサリー
label-innovation = イノベーション
label-furniture = 家具
label-building = 建築
label-sawmill_upgrade = 製材所のアップグレード
label-forest_building = { -forest-building }
label-forester_pair = { -forester-token }2つ
label-seedling_pair = { -seedling }2つ
label-pine = マツ
label-birch = カバ
label-spruce = トウヒ
label-beech = ブナ
label-oak = オーク

step-came-up-one = カード{ $card }
step-came-up-many = カード{ $cards }（{ $notes }）
step-outside = { $cards }は1〜{ $high }の範囲外
step-repeated = { $cards }はすでに選ばれた番号（デッキを作り直した後）
step-reshuffled = （カード{ $card }の前に{ -spawn-deck }が尽きたため、15枚すべての{ -spawn-card }をシャッフルして新しいデッキにしました。）
step-runs-one = 3人用：1〜{ $high }の番号のカードが出るまで{ -spawn-card }をめくりました。出たのは{ $first }です。
step-runs-two = 2人用：1〜{ $high }の番号のカードが出るまで{ -spawn-card }をめくる手順を2回行いました（2回目は1回目と違う番号）。1回目は{ $first }、2回目は{ $second }です。
step-board = ゲームボードをテーブルの真ん中に広げます。
step-contracts = { -contract-card }のデッキを切り、オレンジ・濃い緑・薄緑の各エリアの横に2枚ずつ表向きで並べます。残りのデッキは裏向きでボードの横へ。
step-spawn = { -forester-token }をボードの横に用意します。{ -spawn-deck }（1〜15の15枚）はこのアプリが代わりに扱い、めくったカードは以下の手順でお知らせします。手元の{ -spawn-card }はひとまず脇に置いておいてください。
step-tasks = { -task-card }のデッキを切って裏向きでボードの横に置き、1枚を表にしてその隣に置きます。
step-sawmills = { -sawmill-building }タイル（1〜9の番号付き）9枚を、オレンジ・濃い緑・薄緑のエリアにある同じ番号の場所に置きます。
step-sawmills-upgraded = { $count ->
        [1] { -sawmill-building }{ $first }をアップグレードされた面に裏返し、そのアップグレードアイコンに未使用のプレイヤー色の{ -building-token }を1つ置きます。
       *[other] { -sawmill-building }{ $first }と{ $second }をアップグレードされた面に裏返し、それぞれのアップグレードアイコンに未使用のプレイヤー色の{ -building-token }を1つずつ置きます。
    }
step-processing = 木材加工トークンを、同じ加工シンボルが描かれた3つの{ -sawmill-building }の横にそれぞれ置きます。
step-hq = { $players }人用のHQタイル3枚のセットを用意します。好きな順で表向きに1列に並べ、左から1、2、3と数えます。{ $tiles }を、{ $players }人用の面を上にして置きます。
step-hq-tile = { $area }のHQスペースにタイル{ $position }
step-hq-solo = ソロ：002ではHQタイル3枚のセットと面をプレイ人数で選びますが、資料には1人用のセットも面もありません。ソロ用ルールが示すタイルと面を使ってください。3枚を好きな順で1列に並べ、左から1、2、3と数えます。{ $tiles }を置きます。
step-harvest-tokens = { -harvest-token }15枚を、色の付いた面を上にして、ボードに印刷された場所に置きます。
step-harvest-tokens-gf = （{ -growing-forward }の木製{ -harvest-token }を代わりに使っても構いません。）
step-harvested = { -spawn-card }{ $cards }が出ました{ $passed_over ->
        [true] （デッキを作り直した後に再び出た番号は飛ばしています）
       *[false] {""}
    }。スペース{ $spaces }の{ -harvest-token }を暗い（伐採済み）面に裏返します。
step-clearings = { -clearing-token }9枚を裏向きで混ぜ、1〜9の番号の付いた空き地スペースに1枚ずつ置いてから表にします。
step-clearings-removed = { $count ->
        [1] 空き地スペース{ $first }の{ -clearing-token }を取り除いて箱に戻し、そこに未使用のプレイヤー色の{ -building-token }を置きます。
       *[other] 空き地スペース{ $first }と{ $second }の{ -clearing-token }を取り除いて箱に戻し、それぞれに未使用のプレイヤー色の{ -building-token }を置きます。
    }
step-rivers = { -river-token }を裏向きで混ぜ、1〜8の川スペースに1枚ずつ置いてから表にします。
step-rivers-meander = 川スペース{ $meander }の{ -river-token }を、未使用のプレイヤー色の蛇行トークンと入れ替えます（{ -river-token }は箱へ）。
step-rivers-meander-reservoir = 川スペース{ $meander }の{ -river-token }を蛇行トークンと、川スペース{ $reservoir }の{ -river-token }を橋付き貯水池トークンと入れ替えます。どちらも未使用のプレイヤー色を使い、外した{ -river-token }は箱に戻します。
step-round-tokens = { -round-token }はアプリがシャッフル済みで、順番は伏せたまま毎ラウンド1枚ずつ公開します（全{ $count }ラウンド）。トークンは裏向きのまま、緑の開始アイコンのラウンドスロットのそばに置いてください。
step-round-tokens-advanced = 上級ゲームでは{ $count }枚だけを使い、見ないまま1枚を箱に残します。
step-round-tokens-by-hand = アプリを使わずに手でめくる場合は、裏向きで混ぜてそのスロットに積み{ $one_out ->
        [true] （1枚少なく：1枚は見ずに箱へ）
       *[false] {""}
    }、最初のラウンドでその山の一番上を公開します。
step-supply = コイン、{ -construction-material }、{ -temp-worker }、{ -seedling }、5種類の{ -wood }トークンを共通サプライとしてまとめて置きます。
step-foresters = 15枚すべての{ -spawn-card }をシャッフルして新しいデッキにし、カード{ $cards }が出ました。{ -forester-token }を各タイプ1枚ずつ森に置きます：{ $where }。アプリなしで遊ぶ場合は、{ -spawn-card }15枚をすべて切って裏向きのデッキにします。
step-forester-on = { $kind }をスペース{ $space }
step-gf-storages = { -detached-storage }タイル3枚を裏向きで混ぜ、ボードの横、隣り合うHQタイルの間に1枚ずつ表向きで置きます。
step-gf-scoring = スコアトラックの始まりに近い{ -detached-storage }から時計回りに、各{ -detached-storage }の右側の印のスペースへ次の順で置きます：{ $criteria }。残り3枚は箱に戻します。
step-gf-criterion = { $number }) { $criterion }
step-gf-reproduction = スコアトラックの4、10、18、28のスペースに、トウヒキクイムシの繁殖トークンを置きます。
step-gf-infestation = { -infested-wood }トークン21枚をサプライに置きます。侵入カード3枚を好きな順で表向きに1列に並べ、左から数えて{ $card }枚目を使います。そのカードが{ $players }人用に示すスペースすべてに{ -infested-wood }トークンを1枚ずつ置き、カードは箱に戻します。カードのスペースは資料にないので、どのスペースに{ -infested-wood }を置いたかをアプリに入力してください。
step-gf-locations = 場所タイルを各エリアの2ヘクスのスペースに1枚ずつ置きます：薄緑（スコアトラックの始まりに近い2ヘクスのスペース）に{ $light_green }、濃い緑に{ $dark_green }、オレンジに{ $orange }。そのスペースの{ -harvest-token }は見えるままにしておきます。
step-gf-supply = { -detached-storage }の得点カードをボードの近くに置き、水のモニタリングスペシャリスト、モミの{ -seedling }、展望台のレベルの各トークンをサプライとして用意します。
step-gf-van = 各プレイヤーは、自分の{ -player-board }のキャラクターの絵の上にバンタイルを1枚置きます。
step-characters = 使うキャラクター：{ $names }。
step-characters-named = 指定されたのは{ $named }で、{ $drawn }はアプリがランダムに選びました。
step-characters-all-drawn = すべてアプリがランダムに選びました。
step-characters-hand-out = ランダムに（または話し合って）配り、各プレイヤーが1人ずつ担当します。
step-characters-pool = （基本の4キャラクター{ $growing_forward ->
        [true] と{ -growing-forward }の3キャラクター
       *[false] {""}
    }から選んでいます。）
step-trade = 報酬トークン5枚を、明るい面を上にして、キャラクターの絵の下に{ -wood }の種類ごとに1枚ずつ置きます：{ $rewards }。
step-trade-reward = { $species }→{ $reward }
step-ecologist = 巣穴の木ボードを{ -player-board }の隣に置き、生物トークン15枚（青・黄・赤が5枚ずつ）を裏向きで混ぜてそばに置きます。
step-logistics = 手順{ $step }（002 プレイヤーのセットアップ7、{ -storage-extension }）では、{ -logistics-manager }専用の{ -storage-extension }を右端の3つの{ -storage }スペースに置きます。
step-monitoring = 森のすべてのスペースにデータトークンを1枚ずつ置きます。
step-forest-worker = { -forestry-table }と{ -reforestation-table }が一体になった、森林作業員専用の{ -player-board }を使います。
step-road-manager = 林道管理者のセットアップカード3枚を好きな順で表向きに1列に並べ、左から数えて{ $card }枚目を使います。損傷した道路タイル9枚を裏向きで混ぜ、そのカードが示す境界それぞれに損傷面を上にして1枚ずつ置きます。残りは箱に戻します。
step-technician = 技術者タイル9枚を最適化面（工具の絵、全タイル共通）を上にしてシャッフルし、9枚の{ -sawmill-building }タイルに1枚ずつ置いてから、それぞれを診断面（分割された面）に裏返します。
step-solo = ソロ対戦相手のルール（専用の準備、手番、決まった初期リソース）は、このアプリの資料にはありません。以下はルールブックにある手順だけなので、ソロ用ルールが追加する分はそちらに従ってください。{ -infestation-module }はソロでは使いません（001）。
step-p-board = 各プレイヤーは{ -player-board }1枚と1色分のコンポーネントをすべて取り、ボードの{ $advanced ->
        [true] B面（上級ゲーム）
       *[false] A面
    }を使います。
step-p-board-own = { $names }は、そのキャラクター専用の{ -player-board }を使います。
step-p-action = アクショントラックの3のスペースにアクショントークンを置きます。
step-p-buildings = { -building-token }6つを、{ -player-board }左下の決まったスペースに置きます。
step-p-cubes = 自分の色のキューブを次の3か所に1つずつ置きます：開発トラックの左端、報酬トラックで報酬に「任意のリソース」を含むスペース、水施設トラックの一番下（1×）。
step-p-spare = 残りのキューブ6つは{ -player-board }の横に置きます。
step-p-technology-none = { -technology-tile }は使いません。{ -player-board }に印刷された{ -technology-table }（チュートリアル用）を使います。
step-p-technology = 各ボードの決まったスペースに{ -technology-tile }を置きます。全員{ $side }面を上にします（{ $dealt ->
        [true] アプリがランダムに決定
       *[false] 指定どおり
    }。全員が同じ面を使います）。
step-p-storage = { -storage-extension }I、II、IIIを左から順に、{ -storage }の右端3つのスペースに置きます。
step-p-star = 報酬トラックの2のスペースに星トークンを置きます。
step-p-water = { -player-board }の水施設の場所に、蛇行トークンを上側、橋付き貯水池トークンを下側に置きます。
step-p-reference = リファレンスタイルはボードの横に置きます（2枚しかないので共用してください）。
step-p-score = スコアトラックの0のスペースに、「50+」のない面を上にしてスコアトークンを置きます。
step-p-contract = 各プレイヤーは開始{ -contract-card }をランダムに1枚引き、{ -player-board }の右側に置きます。
step-p-manager = 開始{ -contract-card }の右下にあるHQシンボルと同じ色のHQタイルに、製材所管理者トークンを置きます。
step-p-wood = 開始{ -contract-card }に描かれた{ -wood }トークンを、空いている{ -storage }スペースに置きます。
step-p-first = { $players ->
        [1] あなたがファーストプレイヤーです。ファーストプレイヤートークンを取ります。
       *[other] 最後に木に触れた人がファーストプレイヤーとなり、ファーストプレイヤートークンを取ります。手番は時計回りです。
    }
step-p-asymmetric = { $solo ->
        [true] { -seedling }とコインの代わりに非対称セットアップカードを使います：12枚を切って2枚引き、1枚を選んでそこに描かれたもの（コインはファーストプレイヤーの分）を受け取り、2枚とも箱に戻します。選ぶのはあなただけで、ソロ対戦相手の初期リソースはソロ用ルールで決まっています。
       *[false] { -seedling }とコインの代わりに非対称セットアップカードを使います：12枚を切り、各プレイヤーが2枚引いて1枚を選び、描かれたもの（コインは手番順の欄のとおり）を受け取って2枚とも箱に戻します。
    }
step-p-coins = 各プレイヤーは{ -seedling }1つと、手番順に応じたコインを受け取ります：{ $coins }。
step-p-seat-coins = { $seat ->
        [1] ファーストプレイヤー
        [2] 2番目
        [3] 3番目
       *[4] 4番目
    }{ $coins }コイン
step-p-round = 最初の{ -round-token }を公開しました：{ $name }。{ $effect }
step-p-harvesters = { $players ->
        [1] { -harvester }を好きな森のスペースに置きます。
       *[other] 最後のプレイヤーから反時計回りに、各プレイヤーは自分の{ -harvester }を好きな森のスペースに置きます。1つのスペースには{ -harvester }1つまでです（2ヘクスのスペースも1つと数えます）。
    }
step-round-token-name = { $gain ->
        [flip] 1コイン＋{ $species }を裏返す
        [construction_material] { -construction-material }1つ
        [seedling] { -seedling }1つ
        [task_card] { -task-card }1枚
        [temp_worker] { -temp-worker }1人
       *[coins] { $coins }コイン
    }
step-round-token-effect = { $gain ->
        [flip] 全員が1コインを受け取ります。ファーストプレイヤーは、{ $species }の{ -harvest-token }が表向きで残っていれば1枚を裏（伐採済み）に返します。どれを返すかはファーストプレイヤーの選択ではなく、ルールブックが順序を決めています（図にあり、資料の文章にはありません）。
        [construction_material] 全員が{ -construction-material }1つを受け取ります。
        [seedling] 全員が{ -seedling }1つを受け取ります。
        [task_card] 全員がタスクデッキから{ -task-card }を1枚ずつ引きます。
        [temp_worker] 全員が{ -temp-worker }1人を受け取ります。
       *[coins] 全員が{ $coins }コインを受け取ります。
    }
hq-set = { $players ->
        [one] ソロ用ルールが示すHQタイル（資料に1人用のセットはありません）
       *[other] { $players }人用のHQタイルのセット
    }
hq-side = { $players ->
        [one] ソロ用ルールが示す面（資料に1人用の面はありません）
       *[other] { $players }人用の面
    }
hq-positions = 好きな順で1列に並べたセットのタイルの、左からの位置（1〜3）

## フォレストガーディアンズのセットアップ（setup.guardians.GuardiansStep）

gsetup-title = { $step ->
        [two_player_removals] 2人用：箱に戻すコンポーネント
        [animal_tokens] 動物トークン
        [resource_deck] 資源デッキ
        [animal_deck] 動物デッキ
        [starting_tile] スタートタイルと違法伐採者
        [terrain_piles] 地形タイルの山
        [starting_hands] 初期手札
        [ranger_boards] レンジャーボード
        [ranger_boards_and_rangers] レンジャーボードとレンジャー
       *[start_player] スタートプレイヤー
    }
gsetup-two-player-removals = ほかの準備を始める前に、次のものを箱に戻します：特殊でない（山も湖もない）高地（I）の地形タイルからランダムに4枚、低地（III）の地形タイルすべて、キジの2セット（動物カード2枚と動物トークン2つ）。このゲームでは使いません。
gsetup-removal = { $id ->
        [high_altitude_tiles] 高地（I）の通常の地形タイル{ $count }枚
        [low_altitude_tiles] 低地（III）の地形タイルすべて
        [common_pheasant_cards] キジの動物カード{ $count }枚
       *[common_pheasant_tokens] キジの動物トークン{ $count }つ
    }
gsetup-animal-tokens = 動物トークンをすべて、プレイエリアの横に置きます（推定で{ $count }つ：使う動物カード1枚につき1つ。003に個数は印刷されていません）。
gsetup-resource-deck = 資源カード{ $count }枚をシャッフルし、裏向きにして山札にします。
gsetup-animal-deck = 動物カード{ $count }枚を裏面のシンボルで2つの山に分けます。それぞれを別々にシャッフルし、印の付いたシンボルの山が上になるように裏向きで重ねます。
gsetup-starting-tile = スタートタイルを表向きでテーブルの中央に置き、違法伐採者のコマを台に立てます。
gsetup-terrain-piles = 地形タイルを裏面の高度で分け、山ごとに裏向きでシャッフルして、高い順に{ $two ->
        [true] I、II（2人用ではIIIの山なし）
       *[false] I、II、III
    }と並べます。タイルは常に、まだ残っている一番高い山から引きます。
gsetup-starting-hands = 各プレイヤーは資源カードを{ $count }枚引きます（初期の手札上限）。
gsetup-start-player = 一番若いプレイヤーから始め、席順に時計回りに進みます。下でスタートプレイヤーをタップしてください（ゲームの記録に残ります）。
gsetup-ranger-boards = 各プレイヤーはレンジャーボードを1枚取って{ $side }面（{ $advanced ->
        [true] 上級
       *[false] 基本
    }ゲーム）を上にして置き、3列ある木の列のすべての数字に自分の色の木を置き、木製のアップグレード用キューブ{ $cubes }つを所定の位置に置きます。
gsetup-ranger-tokens = さらに各自、自分のレンジャーのトークンを取ってボードの横に置きます（「レンジャーを派遣する」アクションで出すものです）。
gsetup-ranger-title = { $ranger ->
        [julia] 動物の専門家
        [jack] 消防士
        [fluffy] 山の守り手
       *[bean] 園芸の達人
    }
gsetup-ranger-line = { $player }：{ $ranger ->
        [julia] ジュリア
        [jack] ジャック
        [fluffy] フラッフィー
       *[bean] ビーン
    }（{ gsetup-ranger-title }）（{ $chosen ->
        [true] 選択
       *[false] ランダム
    }） - { $ranger ->
        [julia] 持っている動物カード1枚につき+1、保護区の動物トークン1つにつき+1
        [jack] 持っている火災トークン1つにつき+1
        [fluffy] 山に植えたタイワンショウナンボク1本につき+2
       *[bean] ゲーム終了時のボーナスなし
    }

## 拒否：ルール・セッション・テーブルが受け付けないもの（各モジュールの *Code）

refusal-unexpected = 処理できませんでした。
refusal-session-stale-version = ゲームが更新されました（最新{ $current }・表示中{ $made_at }）。画面を確認して、必要ならもう一度タップしてください。
refusal-session-bad-arguments = { $command }の項目が正しくありません。
refusal-session-invalid-value = 値が正しくありません。
refusal-table-no-table = テーブル{ $game_id }はありません。
refusal-board-choose-one-of-two = カテゴリを選べるのは2カテゴリの{ -contract-card }だけで、その2つのどちらかです。
refusal-board-must-be-whole-number = 整数で入力してください（'{ $value }'）。
refusal-board-must-be-between-and = { $low }〜{ $high }の範囲で入力してください（{ $value }）。
refusal-board-all-building-tokens-are-used = { -building-token }{ $building_tokens }つをすべて使っています。
refusal-board-area-has-only-sawmill-buildings = { $area }エリアの{ -sawmill-building }は{ $sawmills_per_area }つだけです。
refusal-board-all-three-storage-extensions-are-open = { -storage-extension }は3枚とも開放済みです。
refusal-board-player-has-at-most-river-tokens = { -river-token }は1人{ $max_river_tokens }枚までです。
refusal-board-no-river-token-to-remove = 取り除ける{ $symbol }の{ -river-token }がありません。
refusal-board-contract-shows-one-category-or-two = { -contract-card }のカテゴリは1つ、または異なる2つです。
refusal-board-no-contract-to-change = 変更できる{ -contract-card }がありません。
refusal-board-no-contract-to-remove = 取り除ける{ -contract-card }がありません。
refusal-board-no-task-card-to-remove = 取り除ける{ -task-card }がありません。
refusal-board-no-task-card-to-change = 変更できる{ -task-card }がありません。
refusal-board-only-forest-building-task = 手で確認するのは{ -forest-building }の{ -task-card }だけです。
refusal-board-not-count-that-can-be-set = この数は変更できません。
refusal-board-no-column-can-take-token-it = { $kind }の{ -forester-token }を置ける列がありません。{ -reforestation-table }の下に置きます。
refusal-board-this-column-full = この列は埋まっています。
refusal-board-only-has-this-count = この数を使うのは{ $needed }だけです。
refusal-board-storage-has-open-spaces-wood-and = { -storage }の空きは{ $spaces }スペースです（木材と{ -infested-wood }の合計）。
refusal-board-forestry-table-has-columns-0-1 = { -forestry-table }の列は3列です。
refusal-board-start-next-column-first = 先に次の列（{ $number }列目）を始めてください。
refusal-board-forestry-table-already-has-3-columns = { -forestry-table }にはすでに3列あります。
refusal-board-this-column-holds-tokens-not = この列は{ $holds }の列で、{ $wanted }ではありません。
refusal-play-scores-are-never-negative = 得点はマイナスになりません（{ $old_score }→{ $new_score }）。
refusal-play-no-round-token-left-game-ends = { -round-token }は残っていません。全員が最後の手番を終えるとゲーム終了です。
refusal-play-forest-spaces-are-numbered-1-15 = 森のスペースは1〜15です（{ $space }が指定されました）。
refusal-play-space-already-holds-harvester = スペース{ $space }にはすでに{ -harvester }があります。
refusal-play-space-holds-no-harvester = スペース{ $space }には{ -harvester }がありません。
refusal-play-space-holds-no-forester-token = スペース{ $space }には{ -forester-token }がありません。
refusal-play-space-holds-no-infested-wood = スペース{ $space }には{ -infested-wood }トークンがありません。
refusal-play-unknown-round-token-id = 知らない{ -round-token }です（{ $value }）。
refusal-play-round-token-appears-twice-in-stack = 同じ{ -round-token }が2枚あります。
refusal-play-revealed-must-be-0 = 公開した{ -round-token }の数は0〜{ $order_count }です（{ $revealed }）。
refusal-play-board-holds-at-most-one-forester = ボードの{ -forester-token }は種類ごとに1つまでです。
refusal-play-two-forester-tokens-on-one-space = 1つのスペースに{ -forester-token }が2つあります。
refusal-play-forest-spaces-are-1-15 = 森のスペースは1〜15です（{ $bad }が指定されました）。
refusal-play-forest-spaces-are-1-15-2 = 森のスペースは1〜15です（{ $bad }が指定されました）。
refusal-play-malformed-forest-board-data = 森のボードのデータが壊れています。
refusal-play-turn-of-another-seat = 今は{ $name }の手番です：この操作が終える手番はもう終わっています。
refusal-in-play-harvesters = 各席の{ -harvester }を置く森のスペースを、席順に{ $n }個の数で指定してください（例：harvesters={ $example }）
refusal-deck-cannot-reveal-cards = { $count }枚は公開できません。
refusal-deck-no-spawn-card-satisfies = 条件に合う{ -spawn-card }がありません。
refusal-deck-forest-spaces-are-numbered-1-15 = 森のスペースは1〜15です（{ $start }が指定されました）。
refusal-deck-spawn-deck-must-hold-each-card = { -spawn-deck }には1〜15のカードが1枚ずつ必要です。
refusal-deck-deck-cycle-must-be-0 = { -spawn-deck }の周回数は0以上です（{ $cycle }）。
refusal-deck-spawn-deck-remaining-and-discard-must = { -spawn-deck }のデータが壊れています（山札と捨て札）。
refusal-deck-spawn-deck-cycle-must-be-integer = { -spawn-deck }のデータが壊れています（周回数）。
refusal-setup-must-be-whole-number-1-4 = 1〜4の整数で指定してください（'{ $players }'）。
refusal-setup-forestry-played-by-1-4-players = { -forestry }は1〜4人で遊びます（{ $players }人）。
refusal-setup-must-be-whole-number-0 = 0以上の整数で入力してください（'{ $seed }'）。
refusal-setup-one = 指定できない値です。
refusal-setup-or-b = AかBを選んでください。
refusal-setup-not-character = 「{ $value }」はキャラクターではありません。
refusal-setup-tutorial-game-uses-technology = チュートリアルゲームではプレイヤーボードに印刷されたテクノロジーテーブルを使います。{ -technology-tile }の面はスタンダードと上級ゲームで選びます。
refusal-setup-combines-advanced-game-with = チュートリアルのテクノロジーテーブルは上級ゲームと組み合わせます（チュートリアルゲームはもともとこのテーブルを使います）。
refusal-setup-tutorial-technology-table-replaces = チュートリアルのテクノロジーテーブルを使うときは{ -technology-tile }を使いません。
refusal-setup-bark-beetle-infestation-module = { -infestation-module }はソロでは使えません。
refusal-setup-characters-belong-to-advanced-game-add = キャラクターは上級ゲームで使います。
refusal-setup-each-character-can-be-in-play = 同じキャラクターは1人しか使えません。
refusal-setup-characters-named-for-player = { $players }人のゲームにキャラクターが{ $characters_count }人指定されています。
refusal-gsetup-forest-guardians-for-players-not = { -forest-guardians }は{ $min_players }〜{ $max_players }人で遊びます（{ $count }人）。
refusal-gsetup-give-number-players-or-list-names = プレイヤーの人数か名前を指定してください。
refusal-gsetup-every-player-needs-name = プレイヤー全員に名前が必要です。
refusal-gsetup-name-given-twice = 名前「{ $n }」が2回使われています。
refusal-gsetup-rangers-are-played-only-in-advanced = レンジャーは上級ゲームで使います。
refusal-gsetup-not-one-players = 「{ $player }」はプレイヤーにいません。
refusal-gsetup-chosen-twice-each-ranger-exists-once = { $value }が2回選ばれています。レンジャーは1人ずつです。
refusal-gsetup-not-ranger = 「{ $value }」はレンジャーではありません。
refusal-guardians-upgrades-cannot-be-negative = アップグレードはマイナスにできません。
refusal-guardians-hand-limit-at-most-so-at = 手札の上限は最大{ $rmax }枚なので、資源のアップグレードは{ $value }回までです。
refusal-guardians-ranger-board-has-upgrade-cubes = レンジャーボードのアップグレードキューブは{ $cubes_per_board }個です。
refusal-guardians-row-spaces-cannot-hold-trees = { $spaces }マスの行に木{ $on_board }本は置けません。
refusal-guardians-only-trees-this-row-are-planted = この行に植えた木は{ $value }本なので、{ $returned }本は戻せません。
refusal-guardians-player-names-must-be-unique = プレイヤー名が重複しています。
refusal-guardians-forest-guardians-for-2-4-players = { -forest-guardians }は2〜4人で遊びます（{ $seats_count }人）。
refusal-guardians-tile-has-altitude-i-ii-or = この地形タイルには高度（I・II・III）があります。
refusal-guardians-pile-cannot-hold-tiles = 地形タイルの山{ $value }を{ $n }枚にはできません。
refusal-guardians-turns-not-at-table = 「{ $player }」はこのテーブルにいません。
refusal-guardians-turns-it-turn-not-play-goes = { $expected }の手番です。{ $player }ではありません（手番は時計回り）。
refusal-guardians-turns-game-already-over = ゲームはすでに終わっています。
refusal-session-not-task-card-requirement-record-v1 = { -task-card }の条件として使えません。
refusal-session-one = 指定できない値です。
refusal-session-command-must-be-json-object = 操作の形式が正しくありません。
refusal-session-unknown-command = 知らない操作です（「{ $kind }」）。
refusal-session-not-field = { $kind }にはない項目です。
refusal-session-game-finished-nothing-changes = ゲームは終了しています。もう変更できません。
refusal-session-command-this = この操作は{ $game }の操作です（このゲームは{ $game2 }）。
refusal-session-no-player-at-this-table-0 = このテーブルにそのプレイヤーはいません（0〜{ $value }）。
refusal-session-list-one-or-two-categories = カテゴリを1つか2つ指定してください。
refusal-session-must-be-whole-number = 整数で入力してください（'{ $value }'）。
refusal-session-task-card-requirement-e-g-forester = { -task-card }の条件を指定してください。
refusal-session-task-card-has-exactly-one-requirement = { -task-card }の条件はちょうど1つです。
refusal-session-board-already-holds-all = ボードにはすでに{ -forester-token }が3つそろっています。
refusal-session-start-game-first-first-round-token = 先にゲームを開始してください（最初の{ -round-token }はセットアップ中に公開済みです）。
refusal-session-detached-storages-come-with = { -detached-storage }は{ -infestation-module }でのみ使います。
refusal-session-detached-storages-are-numbered-0-to = { -detached-storage }の番号は0〜{ $value }です。
refusal-session-must-be-whole-number-0 = 0以上の整数で入力してください（'{ $value }'）。
refusal-session-one-2 = 指定できない値です。
refusal-session-game-end-was-already-triggered = ゲーム終了条件はすでに満たされています。
refusal-session-game-has-already-started = ゲームはすでに始まっています。
refusal-session-place-every-harvester-first = 先に全員の{ -harvester }を置いてください（{ $value }）。
refusal-session-not-one = 「{ $value }」は選べない値です。
refusal-session-forest-building-task-has-only-forest = { -forest-building }の{ -task-card }には、条件と達成したかどうかだけを指定します。
refusal-session-space-holds-no-forester-token = スペース{ $space }には{ $value }の{ -forester-token }がありません。
refusal-session-list-whole-numbers-0 = 0以上の整数のリストで入力してください。
refusal-session-points-uncovered-on-each-3-tree = 3つある木の行それぞれで見えている点数を入力してください。
refusal-session-not-forestry-option = { -forestry }のオプションではありません。
refusal-session-not-forest-guardians-option = { -forest-guardians }のオプションではありません。
refusal-session-not-command = 操作として受け付けられません。
refusal-session-nothing-to-undo = 取り消せる操作はありません。
refusal-session-nothing-to-redo = やり直せる操作はありません。
refusal-session-name-or-name-colour-character = プレイヤーは名前で指定してください。
refusal-table-this-link-for-another-table = このリンクは別のテーブル用です。
refusal-table-only-host-can = { $value }はホストだけが行えます。
refusal-table-this-phone-it-changes-only-board = この端末は{ $who }用です。変更できるのは{ $who2 }のボードだけです。
refusal-table-this-link-not-valid-for-this = このリンクはこのテーブルでは使えません。
refusal-session-whole-number = 整数で指定してください。

## 操作の名前（取り消し・やり直し、ホスト専用の拒否で使う）

command-add_contract = { -contract-card }の追加
command-add_river_token = { -river-token }の追加
command-add_score = 得点の加算
command-add_task_card = { -task-card }の追加
command-build_forest_building = 森の建物の建設
command-choose_contract_category = { -contract-card }のカテゴリ選択
command-confirm_printed = 印刷値の確認
command-end_game = ゲーム終了
command-finish = ゲームの終了
command-open_storage_extension = { -storage }拡張の開放
command-place_forester = { -forester-token }の配置
command-plant_seedling = 苗木の植林
command-redo = やり直し
command-remove_contract = { -contract-card }の削除
command-remove_infested_wood = { -infested-wood }トークンの除去
command-remove_river_token = { -river-token }の削除
command-remove_task_card = { -task-card }の削除
command-replenish_foresters = { -forester-token }の補充
command-reveal_round_token = { -round-token }の公開
command-set_count = 数の変更
command-set_detached_wood = { -detached-storage }の{ -infested-wood }
command-set_guardians = { -forest-guardians }の記入
command-set_harvest_token = 伐採トークンの向き
command-set_harvester = { -harvester }の配置
command-set_task_met = { -task-card }の達成
command-start_game = ゲーム開始
command-take_reward_lap = 報酬トラックの周回
command-trigger_game_end = ゲーム終了条件
command-undo = 取り消し
command-upgrade_sawmill = 製材所のアップグレード
command-adjust_count = 数値の増減
command-apply_suggestion = 提案の適用
command-dismiss_suggestion = 数え済みの提案
command-end_turn = 手番の終了
command-remove_column = { -forestry-table }の列の取り消し
command-set_column = { -forestry-table }の列
command-set_forester_token = { -forester-token }の修正
command-set_infested_wood = { -infested-wood }の配置
command-undo_mine = 自分の最後の変更の取り消し

## The game clock (app/ui/sheet/clock.py): minutes played, pause and resume
command-pause_clock = 時計の一時停止
command-resume_clock = 時計の再開
refusal-session-clock-not-started = 時計はゲームの開始とともに動きます：先にゲームを開始してください。
clock-time = プレイ時間 { $minutes }分
clock-time-paused = 時計は一時停止中：プレイ時間 { $minutes }分
clock-pause = 時計を一時停止
clock-resume = 時計を再開

## 記録の問題（scoring.record.RecordCode、ForestryRecordCode、GuardiansRecordCode）

record-unknown-field = 記録形式v1にない項目です。
record-missing = 必要な項目がありません。
record-at-most = { $limit }以下で入力してください（{ $value }）。
record-at-least = { $limit }以上で入力してください（{ $value }）。
record-seed-out-of-range = { $low }から{ $high }までの整数で入力してください（{ $value }）。
record-first-player = { -first-player }は1から{ $high }までの席番号で入力してください（{ $value }）。
record-forbidden-character = 制御文字や書字方向の文字は使えません（{ $code_point }）。
record-not-an-integer = 整数で入力してください（{ $value }）。
record-invalid-input = 入力の形式が正しくありません（{ $value }）。
record-forestry-not-a-category = 選べない値です（{ $value }）。
record-forestry-not-a-contract = { -contract-card }はカテゴリ1つか2つで指定します。
record-forestry-limit-building-tokens = プレイヤーの{ -building-token }{ $count }つ
record-forestry-limit-storage-extensions = { -storage-extension }{ $count }枚
record-forestry-limit-column-spaces = 1列の{ $count }スペース
record-forestry-limit-reforestation-spaces = { -reforestation-table }の1列の{ $count }スペース
record-forestry-limit-most-possible = { $count }
record-guardians-player-needs-name = プレイヤーには名前が必要です。
record-guardians-tree-points-need-3 = 木の3行それぞれで見えている点数が必要です（{ $got }個）。
record-guardians-too-many-animal-cards = 動物カードは{ $cards }枚です（{ $got }枚）。
record-guardians-not-a-date-time = 日時の形式が正しくありません。
record-guardians-animal-limit = { $limit }
record-forestry-must-be-null-in-tutorial-it = チュートリアルゲームでは{ -technology-tile }の面を選びません。
record-forestry-required-in-standard-game-or-b = スタンダードゲームでは{ -technology-tile }の面（AかB）が必要です。
record-forestry-contract-shows-1-or-2-categories = { -contract-card }のカテゴリは1つか2つです（{ $categories_count }）。
record-forestry-task-card-has-exactly-one-requirement = { -task-card }の条件はちょうど1つです。
record-forestry-only-forest-building-task-card-has = 達成したかどうかを指定するのは{ -forest-building }の{ -task-card }だけです。
record-forestry-river-tokens-more-than-one-per = { -river-token }は{ $max_river_tokens }枚までです（水施設1つにつき1枚；{ $rivers_count }枚）。
record-forestry-only-with-growing-forward = { -detached-storage }は{ -infestation-module }でのみ使います。
record-forestry-must-be-list-3-detached-storages = { -detached-storage }3つのリストが必要です。
record-forestry-infestation-module-has-exactly-3 = { -infestation-module }の{ -detached-storage }は3つです（{ $raw_count }）。
record-forestry-infestation-module-cannot-be-played = { -infestation-module }はソロでは使えません（2〜4人）。
record-forestry-sawmill-upgrades-in-all-but-player = 製材所のアップグレードが全員で{ $upgrades }つですが、{ $n }人ゲームでアップグレードできる{ -sawmill-building }は{ $value }つです。
record-forestry-forest-buildings-in-all-but-player = { -forest-building }が全員で{ $forest }つですが、{ $n }人ゲームの空き地は{ $value }つです。
record-forestry-infested-wood-tokens-in-storages-but = { -storage }の{ -infested-wood }が{ $infested }個ですが、{ -infested-wood }トークンは{ $infested_wood_tokens }個です。
record-forestry-must-be-string = 文字列で入力してください。
record-forestry-must-be-whole-number = 整数で入力してください（'{ $seed }'）。
record-forestry-more-than = { $value }は多すぎます（最大{ $value2 }）。
record-forestry-keys-are-counts-written-as-whole = 数は整数で書いてください。
record-forestry-no-entry-for-keys-run-from = { $n }の欄はありません（{ $start }〜{ $value }）。
record-forestry-must-list-3-numbers-1st-2nd = 1位・2位・3位の3つの数が必要です（{ $spread_count }個）。
record-forestry-two-category-contract-shows-two = 2カテゴリの{ -contract-card }のカテゴリは異なる2つです（{ $value }が2回）。
record-forestry-only-two-category-contract-has-chosen = カテゴリを選べるのは2カテゴリの{ -contract-card }だけです。
record-forestry-must-be-true-card-asks-for = { -river-token }の{ -task-card }では「あり」にします。
record-forestry-required-for-forest-building-task = { -forest-building }の{ -task-card }には、達成したかどうかが必要です。
record-forestry-must-not-be-empty = 空にはできません。
record-forestry-upgrades-more-than-building-tokens = アップグレード{ $sawmill_count }回は多すぎます（{ -building-token }は{ $building_tokens }つ）。
record-forestry-wood-infested-wood-tokens-more-than = 木材{ $wood }＋{ -infested-wood }{ $infested_wood }＝{ $value }個で、開いている{ -storage }{ $spaces }スペースを超えています。
record-forestry-columns-more-than-columns-forestry = { -forestry-table }は{ $forestry_columns }列です（{ $table_count }列）。
record-forestry-below-table-but-no-reforestation = { -reforestation-table }に埋まった列がないので、苗木は{ -reforestation-table }の下に置けません（{ $value }本）。
record-forestry-only-character-has = { $extra }を使うのは{ $value }だけです。
record-forestry-required-with-infestation-module = { -infestation-module }では{ -detached-storage }3つが必要です。
record-forestry-already-on-detached-storages-each = この得点トークン（{ $value }）はすでに使われています。
record-forestry-infested-wood-exists-only-with = { -infested-wood }は{ -infestation-module }でのみ使います。
record-forestry-sawmill-upgrades-in-in-all-but = { $value }の製材所のアップグレードが全員で{ $upgrades }つですが、{ -sawmill-building }は{ $sawmills_per_area }つです。
record-forestry-must-be-iso-8601-date-time = 日時の形式が正しくありません。
record-forestry-must-be-list-1-4-players = プレイヤー1〜4人のリストが席順で必要です。
record-forestry-must-not-be-negative = マイナスにはできません（{ $value }）。
record-forestry-must-be-at-least = { $low }以上で入力してください（{ $value }）。
record-forestry-not-one-this-contract-categories = { $value }はこの{ -contract-card }のカテゴリ（{ $value2 }・{ $value3 }）ではありません。
record-forestry-forest-buildings-sawmill = { -forest-building }{ $forest }つ＋製材所のアップグレード{ $sawmill_count }つ＝{ -building-token }{ $value }つで、{ $building_tokens }つを超えています。
record-forestry-upgrades-in-but-each-area-has = { $value }のアップグレードが{ $n }つありますが、各エリアの{ -sawmill-building }は{ $sawmills_per_area }つです。
record-forestry-below-table-but-forestry-table-can = { $value2 }の列が埋まっておらず、{ -forestry-table }にまだ{ $value2 }の{ -forester-token }を置けるので、{ -reforestation-table }の下には置けません（{ $value }個）。
record-forestry-required-for-character = { $value }には必要です。
record-forestry-already-name-players-names-must-be = 名前「{ $name }」はすでに使われています。
record-forestry-characters-are-only-played-in = キャラクターは上級ゲームで使います。
record-forestry-already-played-by-players-each = { $value }はすでに使われています（キャラクターは1人ずつ）。
record-forestry-forestry-played-by-1-4-players = { -forestry }は1〜4人で遊びます（{ $raw_players_count }人）。
record-forestry-comes-with-growing-forward-add = { $value }には{ -growing-forward }が必要です。
record-forestry-not-iso-8601-date-time = 日時の形式が正しくありません。
record-guardians-forest-guardians-for-players = { -forest-guardians }は{ $min_players }〜{ $max_players }人で遊びます（{ $n }人）。
record-guardians-fire-tokens-add-up-to-across = 火事トークンが全員で{ $fire_total }個ですが、ゲームには{ $fire_tokens }個しかありません。
record-guardians-animal-cards-held-across-table = 動物カードが全員で{ $cards_total }枚ですが、このゲームでは{ $why }枚です。
record-guardians-must-be-here = 値が正しくありません（'{ $game }'）。
record-guardians-forest-guardians-scoring-needs-no = { -forest-guardians }の得点計算に印刷値は不要です。
record-guardians-animal-cards-plus-julia-animals-in = 動物カードと保護施設の動物で{ $value }匹ですが、このゲームでは{ $why }匹です。
record-guardians-already-name-players-names-must-be = 名前「{ $name }」はすでに使われています。
record-guardians-rangers-are-played-only-in-advanced = レンジャーは上級ゲームで使います。
record-guardians-in-advanced-game-every-player-has = 上級ゲームでは全員がレンジャーを使います。
record-guardians-only-mountain-protector-fluffy-may = 山にタイワンショウナンボクを植えられるのは山の守り手（フラッフィー）だけです。
record-guardians-already-played-by-players-each-ranger = { $ranger }はすでに使われています（レンジャーは1人ずつ）。
record-must-be = 値が正しくありません（'{ $value }'）。
record-must-be-2 = 値が正しくありません（'{ $value }'）。
record-must-be-one = 選べない値です。
record-record-must-be-json-object = 記録の形式が正しくありません。

## コマンドのあとテーブルに伝えること（app.events.EventCode、メッセージの kind と data から）

event-forester-placed = { $kind }の{ -forester-token }を{ -forestry-table }の{ $column }列目・{ $row }行目に置きました。
event-seedling-planted = { -seedling }を{ $area }の列の{ $row }行目に植えました。
event-below-table = { $seedling ->
        [true] { -seedling }
       *[false] { $kind }の{ -forester-token }
    }を{ -reforestation-table }の下に置きました：+{ $vp }{ -vp }。
event-row-completed = { $table ->
        [forestry] { -forestry-table }
       *[reforestation] { -reforestation-table }
    }の{ $row }行目が埋まりました：{ $row ->
        [1] テクノロジーを1つアップグレード
        [2] 水施設トラックを1段階前進
       *[3] { $vp ->
            [0] この行のボーナス
           *[other] +{ $vp }{ -vp }
        }
    }。
event-technology-upgrade = テクノロジーを1つアップグレードしてください（{ $table ->
        [forestry] { -forestry-table }
       *[reforestation] { -reforestation-table }
    }の1行目）。
event-water-step = 水施設トラックが1段階進みました（{ $reason ->
        [forestry_table_row_2] { -forestry-table }の2行目が埋まった
        [reforestation_table_row_2] { -reforestation-table }の2行目が埋まった
        [third_storage_extension] 3枚目の{ -storage-extension }
        [fifth_building_token] 5つ目の{ -building-token }
       *[full_seedling_row] { -seedling }の行がすべて埋まった
    }）：係数{ $multiplier }×。
event-reward-lap = 報酬トラックを1周しました：+{ $vp }{ -vp }。
event-forest-worker-row = 森林作業員：{ $table ->
        [forestry] { -forestry-table }
       *[reforestation] { -reforestation-table }
    }の{ $row }行目が埋まりました。一体型テーブルに印刷されたボーナスは手で受け取ってください（自動では反映されません）。
event-infested-supply-empty = サプライに{ -infested-wood }が残っていません（{ $total }個すべてが使われています）。出現せず、{ -spawn-card }も引きません（資料に記載がないため、アプリの決定です）
event-placement = カード{ $card }：{ $space ->
        [0] 空いているスペースがないため{ $token }は置きません
       *[other] { $token }をスペース{ $space }へ{ $has_skipped ->
            [true] （埋まっている{ $skipped }は飛ばしました）
           *[false] {""}
        }
    }
event-reshuffled = （{ -spawn-deck }が尽きたのでシャッフルし直しました）
event-foresters-replenished = { -forester-token }を補充：{ $placements }{ $reshuffled ->
        [true] { event-reshuffled }
       *[false] {""}
    }
event-foresters-full = { -forester-token }：ボードにはすでに3つそろっています。
event-infested-wood = スコア{ $old }→{ $new }で繁殖スペース{ $crossed }に到達：{ $placements }{ $reshuffled ->
        [true] { event-reshuffled }
       *[false] {""}
    }
event-no-reproduction = スコア{ $old }→{ $new }：繁殖トークンには届いていません。
event-round-revealed = ラウンド{ $round }：{ $effect }{ $last ->
        [true] { event-last-round-token }
       *[false] {""}
    }
event-last-round-token = これが最後の{ -round-token }です。このあと各プレイヤーが最後の手番を1回ずつ行います。
event-flip-harvest-token = ファーストプレイヤー：{ $species }の{ -harvest-token }が残っていれば、ルールブックの順序が示す1枚（自分で選ぶのではありません）を伐採済みの面に裏返してください（そのスペースをタップ）。
event-draw-task-card = 全員が{ -task-card }を1枚ランダムに引きます。条件がわかったら自分のボードに追加してください。
event-command-undone = 取り消しました：{ $command }
event-command-redone = やり直しました：{ $command }
label-infested_wood = { -infested-wood }トークン

## メッセージ

refusal-not-a-whole-number = { $field }: 整数で入力してください（入力: { $value }）
refusal-name-empty = { $field }: 名前を入力してください
refusal-name-too-long = { $field }: 名前は { $limit } 文字までです（この名前は { $length } 文字）
refusal-name-forbidden-character = { $field }: 名前に見えない文字や制御文字（{ $code_point }）は使えません

## web
serve-port-in-use = { $host } のポート { $port } はすでに使われています（別のサーバーが動いていませんか）。それを止めるか、--port で別のポートを選んでください
serve-address-not-ours = { $host } で待ち受けできません：このコンピューターのアドレスではありません
serve-port-forbidden = ポート { $port } で待ち受ける権限がありません（1024 未満のポートには権限が必要です）。--port で別のポートを選んでください
serve-cannot-listen = { $host }:{ $port } で待ち受けできません：{ $reason }
web-refused-unknown-host = 不明なホストです
web-refused-foreign-origin = 別のオリジンからの WebSocket は受け付けません
web-refused-too-many-sessions = このアドレスからのセッションが多すぎます。タブを閉じて再読み込みしてください
web-closed-too-many-messages = このタブからのメッセージが多すぎます。ページを再読み込みしてください
web-closed-too-many-tabs = このアドレスから新しいタブが多すぎます。少し待ってから再読み込みしてください
link-reconnecting = 再接続中…
loading-message = フォレストテーブルを開いています…
link-taps-waiting = 送信待ちのタップ：{ $count }
link-taps-unconfirmed = { $count } 回分のタップが保存されていないかもしれません（サーバーが再起動したか、別のサーバープロセスが応答しました）。シートを確かめ、足りなければもう一度タップしてください。
link-taps-not-saved = { $count } 回分のタップは保存されていません。シートを確かめて、もう一度タップしてください。
## records
import-not-utf8 = UTF-8 のテキストではありません（{ $column } 桁目のバイト { $byte }）
import-too-deep = 入れ子が { $limit } 段より深すぎます（記録はもっと浅いはずです）
import-number-too-long = { $limit } 桁を超える数があります
import-number-too-large = { $limit } を超える数があります（点数や個数でこれに近いものはありません）
import-not-a-number = { $value } は JSON の数ではありません
import-lone-surrogate = { $column } 桁目に対になっていないサロゲート { $code_point } があります（正しい Unicode テキストではありません）
import-line-too-long = { $limit } バイトを超える行があります（記録1件はずっと小さいはずです）
import-location-too-long = { $limit } 文字までです（この場所は { $length } 文字）
import-cannot-score = この記録は採点できません（{ $error }）
read-too-large = { $limit } バイトを超えています（この種類のファイルとして読む上限です。正しいファイルか確かめてください）
read-too-deep = 入れ子が { $limit } 段より深すぎます（このファイルはもっと浅いはずです）
read-number-too-large = { $limit } を超える数があります：{ $number }
read-not-a-number = { $value } は JSON の数ではありません
bgstats-comment-total = { $name }：{ $total }
bgstats-comment-player = { $name }：{ $total }（{ $categories }）
bgstats-comment-category = { $category } { $points }
bgstats-comment-incomplete = 得点は未確定：印刷値が不明（{ $needs }）のため、得点・順位・勝者は書き出していません
import-history-field = history ブロックにない項目です（記録形式 v1、docs/record-format.md）
import-history-type = { $expected ->
    [object] JSON オブジェクト
    [str] 文字列
    [int] 整数
    [bool] true か false
    [list] リスト
   *[other] { $expected }
}でなければなりません
import-history-people = プレイヤーごとに人物 ID（64 文字までの文字列）を 1 つずつ、重複なしで、全部で { $players } 個
import-history-first-plays = プレイヤーごとに true か false を 1 つ（全部で { $players } 個）：そのゲームを初めて遊んだかどうか
import-history-too-long = 1 から { $limit } まで（この値は { $length }）
import-history-moment = UTC の秒までの日時（2026-12-02T08:01:02Z の形、2000年から2199年まで）
import-history-clock = ゲームの時計：started と finished（UTC の日時、2026-12-02T08:01:02.123456Z の形）と paused（そのような日時の組 [一時停止, 再開] のリスト、{ $limit } 組まで）だけを持つオブジェクト
import-more-problems = …ほかに { $count } 件の問題があります（最初の 50 件を表示）
play-record-field = プレイ記録にない項目です（docs/records.md）
play-record-version = 1 でなければなりません
play-record-game = { $games } のどれかでなければなりません
play-record-source = { $sources } のどれかでなければなりません
play-record-played-at = ISO 8601 の日時ではありません
play-record-players = プレイヤーは 1 人から 4 人です
play-record-player-fields = プレイ記録のプレイヤーにない項目です（docs/records.md）
play-record-score = 整数（わからないときは null）
play-record-winner = true か false
play-record-location = 1 から { $limit } 文字の文字列
plays-not-bgstats = BG Stats のプレイファイルではありません（"plays" のリストがありません）
plays-not-a-plays-file = BG Stats のファイルでも BoardGameGeek のファイルでもありません
plays-not-json = 正しい JSON ではありません（{ $error }）
plays-not-xml = 正しい XML ではありません（{ $error }）
plays-not-csv = 正しい CSV ではありません（{ $error }）
plays-not-object = JSON オブジェクトではありません
plays-no-game = gameRefId { $ref }：ファイルにそのゲームがありません
plays-scores-not-a-list = playerScores がリストではありません
plays-no-player = playerRefId：ファイルにそのプレイヤーがいません
plays-no-uuid = uuid がありません（BG Stats はどのプレイにも付けます）
plays-no-id = id がありません（BoardGameGeek はどのプレイにも付けます）
plays-bad-date = 日付 { $value } は日付ではありません（YYYY-MM-DD か YYYY-MM-DD HH:MM:SS）
plays-left-bad-score = 取り込みません：得点 { $value } は数ではありません
plays-left-not-whole = 取り込みません：得点 { $value } は整数の点数ではありません（100万まで）
plays-players = プレイヤー { $count } 人：ここでは 1 人から 4 人です
plays-same-person = 同じ人が 1 つのテーブルに 2 回います
plays-one-person-here = そのプレイヤーのうち 2 人がここでは同じ人です：別々の人に対応させてください
plays-location = 場所：{ $limit } 文字までです（この場所は { $length } 文字）
plays-left-no-players = 取り込みません：プレイヤーが記録されていません
plays-left-incomplete = 取り込みません：終わっていないプレイとして記録されています
plays-left-ignored = 取り込みません：BG Stats が統計から外しているプレイです
plays-kept-once = { $quantity } 回分のプレイが 1 件にまとめられています：回数を残して 1 回のプレイとして取り込みます（統計では 1 回）
plays-notes-cut = コメントをメモの上限 { $limit } 文字に切りました（元は { $length } 文字）
play-record-field-type = { $expected ->
    [int] 整数
    [str] 文字列
    [list] リスト
   *[bool] true か false
  }でなければなりません
play-record-field-range = { $low } から { $high } まで（数はその値、文字列とリストはその長さ）
plays-left-only-anonymous = 取り込みません：匿名のプレイヤーしかいません（匿名のプレイヤーは人として残しません）
plays-wrong-source = これは{ $found ->
    [bgstats] BG Stats のプレイファイル
    [bgg] BoardGameGeek のプレイ
   *[record] Forest Table の記録ファイル
  }で、{ $wanted ->
    [bgstats] BG Stats のプレイファイル
    [record] Forest Table の記録ファイル
   *[bgg] BoardGameGeek のプレイ
  }ではありません：--from { $found } を付けてください（または --from を省いてください）
plays-not-bgg = BoardGameGeek のプレイ（その XML か、このアプリが書く CSV）ではありません：{ $found } がありません
progress-check = 確認中
progress-write = 書き込み中
progress-export = 書き出し中
history-manage = このゲームを編集・削除
history-deleted = ゲーム { $id } を削除しました。
history-undo = 元に戻す
history-people = プレイヤー
played-title = ゲーム { $id }
played-date = 日時（例: 2026-05-02T00:30+09:00）
played-location = 場所
played-notes = メモ
played-name = プレイヤー { $n }
played-first-player = ▶ { $name }（{ $n }番席）が{ -first-player }でした
played-save = 保存して再計算
played-saved = 保存して再計算しました。
played-delete = このゲームを削除
played-delete-confirm = ゲーム { $id } を削除しますか？ 履歴と統計から外れます。元に戻せます。
played-delete-yes = 削除する
played-cancel = キャンセル
played-rematch = 同じメンバーでもう一度
played-not-found = このゲームは履歴にありません（削除済み、または未終了）。
people-title = プレイヤー
people-rename = 名前を変更
people-merge = 統合…
people-merge-pick = { $name } をどの人に統合しますか：
people-merge-confirm = { $source } を { $target } に統合しますか？ { $source } のゲームはすべて { $target } のものになります。
people-merge-yes = 統合する
people-merged = { $source } を { $target } に統合しました。
people-renamed = 名前を変更しました: { $name }
settings-import-title = プレイの取り込み（BG Stats、BoardGameGeek）
settings-import-hint = BG Stats のプレイファイル、BoardGameGeek のプレイ記録、このアプリの BGG CSV の中身を貼り付けてください。ほかのゲームのプレイは取り込まず、すでにあるプレイは飛ばします。
settings-import-field = ファイルの中身
settings-import-check = 確認
settings-import-people = このゲームのプレイが { $plays } 件あります。誰が誰か、あなたの記録の名前を入力してください（新しい名前なら人を追加します）。
settings-import-how = { $how ->
    [id] 同じ人（ID が一致）
    [name] 同じ名前
    [given] 指定どおり
   *[new] 新しい人
}
settings-import-go = 取り込む
settings-import-done = { $count } 件取り込み、すでにある { $skipped } 件は飛ばしました。
settings-import-bad = 何も取り込んでいません：{ $problems }
settings-bgg-title = BoardGameGeek の ID
settings-bgg-hint = BoardGameGeek のゲームのアドレスにある番号です。BG Stats や BGG への書き出しに含まれます。推測はしません。
settings-bgg-field = { $game } の BGG ID
settings-bgg-save = BGG ID を保存
settings-bgg-saved = BGG ID を保存しました。
settings-bgg-bad = { $game }: BGG ID は正の整数です
played-abandon = このゲームを中止
played-abandon-confirm = ゲーム { $id } を中止しますか？ 未終了のまま進行中のゲームから外れます。履歴から元に戻せます。
refusal-keep-already-deleted = { $field }: ゲーム { $id } はすでに削除されています
refusal-keep-not-deleted = { $field }: ゲーム { $id } は削除されていません
refusal-keep-not-finished = { $field }: ゲーム { $id } はまだ終わっていません（修正できるのは終了したゲームだけです）
refusal-keep-bad-date = { $field }: 日時として読めません（入力: { $value }、例: 2026-05-02T00:30+09:00）
refusal-keep-too-long = { $field }: { $limit } 文字までです（{ $length } 文字あります）
refusal-keep-forbidden-character = { $field }: 制御文字や見えない文字は使えません
refusal-keep-names-count = { $field }: 席ごとに1つの名前が必要です（席 { $seats }、名前 { $count }）
refusal-keep-same-person = { $field }: { $name } はすでにこのテーブルにいます（席 { $seat }）
refusal-keep-unscorable = { $field }: 修正した記録は採点できません（{ $detail }）
refusal-keep-name-taken = { $field }: { $name } は別の人の名前です（2人を統合してください）
refusal-keep-merge-self = { $field }: 同じ人どうしは統合できません
refusal-keep-merge-same-table = { $field }: { $source } と { $target } は同じテーブルで遊んでいます（ゲーム { $games }）。別の人です
refusal-keep-bad-bgg-id = { $field }: BGG ID は正の整数です（入力: { $value }）
## trust
refusal-table-busy = テーブルは保存中です（別のプログラムがデータベースに書き込んでいます）。何も保存されていません。もう一度タップしてください。
refusal-storage-full = ノートPCのディスクがいっぱいです。このタップは保存されていません（それまでの内容は保存済みです）。ノートPCの空き容量を増やしてから、もう一度タップしてください。
refusal-storage-read-only = ノートPCがデータベースに書き込めません（読み取り専用です）。このタップは保存されていません。ホストに伝えてください。
refusal-storage-failed = ノートPCがこのタップを保存できませんでした（保存エラー）。それまでの内容は失われていません。もう一度タップするか、ホストに伝えてください。
refusal-tap-failed = 操作を受け付けられませんでした（サーバーで問題が起きました。何も変更されていません）。もう一度お試しください。
refusal-table-finished = このゲームは終了しました。結果は確定しており、もう変更できません。
refusal-token-slow-down = このネットワークから使えないリンクが何度も開かれました。{ $seconds }秒待ってから、自分の席のQRコードをもう一度読み取ってください。
refusal-seed-not-digits = { $field }：シードは0～9の数字だけで書いた整数です
refusal-seed-too-large = { $field }：シードは{ $limit }以下です
refusal-value-too-long = { $field }：{ $limit }文字までです
tablemode-host-link-title = ホスト用リンク（このノートPCのブラウザ用。他の人に見せないでください）
tablemode-host-link-new = 新しいホスト用リンク（古いリンクは使えなくなります）
tablemode-host-link-done = 新しいホスト用リンクに切り替えました。古いリンクではもう何も開けません。
tablemode-table-finished = このゲームは終了しました。結果はこちらです。
serve-serving-at = Forest Table を { $url } で提供しています
serve-host-link = ホスト用リンク（他の人に見せないでください。プレイヤーはこのリンクで表示される席ごとのQRコードで参加します）：
serve-host-link-new = （新しいホスト用リンクです。以前のリンクはもう使えません）
serve-on-this-laptop = このノートPCでは：{ $url }
serve-opened-browser = （このノートPCのブラウザで開きました）
serve-stop = サーバーを止めるには Ctrl+C を押してください。
serve-error-readonly = forest-table serve：{ $path } のデータベースに書き込めません（読み取り専用）。書き込めるデータ用フォルダー（FLET_APP_STORAGE_DATA または DATABASE_URL）を使ってください。
serve-error-missing-dir = forest-table serve：データベースのフォルダー { $path } がありません。
serve-error-disk-full = forest-table serve：{ $path } のディスクがいっぱいです。空き容量を増やしてから、もう一度起動してください。
serve-error-database = forest-table serve：データベースを開けませんでした（{ $reason }）。
serve-error-already-served = forest-table serve：{ $path } はすでに別の forest-table serve（プロセス { $pid }、{ $url }）が提供しています。電話はそちらに参加してください。ここでこのデータベースを提供するには、先にそれを止めてください。
serve-error-already-served-unknown = forest-table serve：{ $path } はすでに別の forest-table serve が提供しています。電話はそちらに参加してください。ここでこのデータベースを提供するには、先にそれを止めてください。
serve-warn-not-private = forest-table serve：警告：このコンピューターの他のユーザーが { $paths } を読めます（chmod go= … で本人だけにしてください）。
tables-error = { $prog }：エラー：{ $field }：{ $problem }
tables-nothing-created = 何も作成していません。
tables-error-in-play-only = プレイ中の卓のオプションです：--in-play と一緒に指定してください
tables-error-base-url = リンクの先頭にできるアドレスではありません。http:// か https://、ホスト、必要ならポートだけを書きます（「{ $value }」が指定されました）
tables-error-port-and-base-url = ポートは --base-url の中に書いてください（--port は LAN アドレス用です）
tables-error-seat-pair = SEAT=VALUE の形で、SEAT は1～{ $n }です（「{ $value }」が指定されました）
tables-error-seat-twice = { $n }番の席が2回指定されています
tables-error-role-no-seat = 「{ $value }」の席が残っていません（{ $n }人より多くの役割が指定されました）
tables-error-first-player = 1～{ $n }の席番号かプレイヤーの名前です（「{ $value }」が指定されました）
tables-error-database = データベースを開けませんでした（{ $reason }）
tables-error-write = { $path } に書き込めません（{ $reason }）
tables-created = テーブル{ $table }：{ $game }、{ $n }人、シード{ $seed }
tables-host-link = ホスト用リンク（他の人に見せないでください。テーブル全体を操作できます）：
tables-seat-link = { $name }（{ $n }番手）：
tables-links-work = これらのリンクは、このデータベース（同じデータ用フォルダーまたは DATABASE_URL）で forest-table serve が動いていて、{ $url } で届くあいだ使えます。
tables-links-new = リンクを表示するたびに新しいリンクを発行します（保存するのはハッシュだけです）。前に表示したリンクも、取り消すまで使えます。
tables-none = 進行中のテーブルはありません。
tables-col-table = テーブル
tables-col-game = ゲーム
tables-col-players = プレイヤー
tables-col-created = 作成
tables-col-updated = 更新
tables-col-version = 版
tables-col-status = 状態
tables-status-setup = 準備中
tables-status-playing = プレイ中
tables-status-finished = 終了
tables-sheet-written = { $path } に書きました：進行中のテーブル{ $tables }卓、席のQRコード{ $seats }個。
tables-sheet-title = Forest Table：席のQRコード
tables-sheet-table = テーブル{ $table }：{ $game }
tables-sheet-seat = { $name }（{ $n }番手）
tables-sheet-scan = 各プレイヤーは自分の席のコードをスマートフォンのカメラで読み取ってください。自分のシートが開きます。
tables-sheet-none = 進行中のテーブルはありません。印刷するものはありません。
serve-workers = このポートで { $workers } 個のサーバープロセスが動いています（どの電話もどのプロセスにつながってもかまいません。PostgreSQL が足並みをそろえます）。
serve-workers-need-postgresql = forest-table serve：--workers { $workers } には PostgreSQL が必要です（DATABASE_URL=postgresql://…）。SQLite ではプロセスごとに卓の写しを持つことになり、別のプロセスにつながった電話どうしでタップが見えません。SQLite では --workers 1 を使ってください。
serve-workers-need-posix = forest-table serve：--workers { $workers } は Linux、macOS などの POSIX のシステムでしか使えません（プロセスが一つの待ち受けソケットを共有します）。ここでは --workers 1 を使ってください。
serve-worker-restarted = forest-table serve：サーバープロセス { $worker }（pid { $pid }）が終了しました（状態 { $status }）。起動し直しました。
serve-workers-failing = forest-table serve：サーバープロセスが起動してすぐに終了し続けます（最後の状態 { $status }）。止めました。理由を見るには --workers 1 で起動してください。
## play

-reproduction-space = 繁殖トークンのマス
-first-player = ファーストプレイヤー

forester-type = { $type ->
    [thinning] 間伐
    [den_tree] 巣穴の木
   *[painting] 塗装
  }
species-name = { $species ->
    [pine] マツ
    [beech] ブナ
    [birch] カバ
    [oak] ナラ
   *[spruce] トウヒ
  }
round-token-name = { $id ->
    [construction_material] 全員が{ -construction-material }1つ
    [seedling] 全員が{ -seedling }1つ
    [task_card] 全員が{ -task-card }をランダムに1枚
    [two_coins] 全員がコイン2枚
    [temp_worker] 全員が{ -temp-worker }1人
    [coin_flip_pine] 全員がコイン1枚；{ -first-player }がマツの{ -harvest-token }を1枚裏返す
    [coin_flip_beech] 全員がコイン1枚；{ -first-player }がブナの{ -harvest-token }を1枚裏返す
    [coin_flip_birch] 全員がコイン1枚；{ -first-player }がカバの{ -harvest-token }を1枚裏返す
    [coin_flip_oak] 全員がコイン1枚；{ -first-player }がナラの{ -harvest-token }を1枚裏返す
    [coin_flip_spruce] 全員がコイン1枚；{ -first-player }がトウヒの{ -harvest-token }を1枚裏返す
   *[other] { $id }
  }
command-name = { $kind ->
    [set_count] 数値
    [add_score] 得点
    [place_forester] 森の手入れ
    [plant_seedling] { -seedling }
    [build_forest_building] { -forest-building }
    [upgrade_sawmill] { -sawmill-building }のアップグレード
    [open_storage_extension] { -storage-extension }
    [add_river_token] { -river-token }
    [remove_river_token] { -river-token }の取り消し
    [add_contract] 契約
    [remove_contract] 契約の取り消し
    [choose_contract_category] 契約のカテゴリー
    [add_task_card] { -task-card }
    [remove_task_card] { -task-card }の取り消し
    [set_task_met] { -task-card }
    [take_reward_lap] 報酬トラックの周回
    [set_harvester] { -harvester }の移動
    [replenish_foresters] { -forester-token }の補充
    [reveal_round_token] { -round-token }の公開
    [remove_infested_wood] { -infested-wood }の除去
    [set_infested_wood] { -infested-wood }の配置
    [set_forester_token] { -forester-token }の修正
    [set_detached_wood] { -detached-storage }
    [set_harvest_token] { -harvest-token }の裏返し
    [end_turn] 手番の終了
    [confirm_printed] 印刷された値
    [start_game] ゲーム開始
    [set_guardians] 数値
    [trigger_game_end] ゲーム終了
    [adjust_count] 数値
    [set_column] { -forestry-table }の列
    [remove_column] { -forestry-table }の列の取り消し
    [apply_suggestion] 提案の適用
    [dismiss_suggestion] 数え済みの提案
    [end_game] ゲームの終了
   *[other] { $kind }
  }

event-turn-ended = { $ended }の手番が終わりました：次は{ $next }です（手番{ $turn }）。
event-new-round = 新しいラウンドです：{ $first }の手番の前に次の{ -round-token }を公開してください。
event-final-turns-done = 全員が最後の手番を終えました：ゲーム終了です。得点計算のためにゲームを終了してください。
event-forester-drawn = { -spawn-card }{ $card }：{ $type }の{ -forester-token }をマス{ $space }に置きます{ $has_skipped ->
    [false] 。
   *[other] （{ $skipped }は飛ばしました）。
  }
event-infested-drawn = { -spawn-card }{ $card }（得点が{ -reproduction-space }{ $trigger }を通過）：{ -infested-wood }をマス{ $space }に置きます{ $has_skipped ->
    [false] 。
   *[other] （{ $skipped }は飛ばしました）。
  }
event-infested-nowhere = { -spawn-card }{ $card }（得点が{ $trigger }を通過）：すべてのマスに{ -infested-wood }か{ -harvester }があるため置きません。
event-round-token = ラウンド{ $round }：{ $token }。{ $last ->
    [true] これが最後の{ -round-token }です：この後、全員が最後の手番を1回行います。
   *[other] {""}
  }
event-flip-harvest = { $first }（{ -first-player }）：{ $species }の{ -harvest-token }が残っていれば、ルールブックの順序が示す1枚（自分で選ぶのではありません）を伐採済みの面に裏返してください（森のマップで「{ -harvest-token }を裏返す」を選んでマスをタップ）。
event-task-card = 全員が{ -task-card }をランダムに1枚引きます。
event-undone-mine = { $who }が自分の最後の変更（{ $command }）を取り消しました。
event-undone-what = 取り消しました：{ $what }。
event-undone-mine-what = { $who }が直前の変更を取り消しました：{ $what }。
event-taken-count = { $player }の{ $field } { $old } → { $new }
event-taken-board = { $player }のボードの{ $command }
note-skip-forester = マップが最新でない場合：マス{ $card }に{ -forester-token }も{ -harvester }もなければそこに、あれば番号の大きい方へ両方ともないマスを探して置きます（15の次は1）。
note-skip-infested = マップが最新でない場合：マス{ $card }に{ -infested-wood }も{ -harvester }もなければそこに、あれば番号の大きい方へ両方ともないマスを探して置きます（15の次は1）。

refusal-already-done = 別のスマートフォンですでに行われました（{ $kind }）：結果は次のとおりです。
refusal-nothing-of-yours-to-undo = 取り消せるあなたの変更はありません。
refusal-undo-depends = { $kind }は取り消せません：その後に{ $who }が行った{ $later }がそれに依存しています。ホストが後の変更から順に取り消せます。
refusal-not-playing = 先にゲームを開始してください。
refusal-infestation-off = { -infested-wood }は{ -infestation-module }の要素ですが、このゲームでは使っていません。
refusal-first-player = { -first-player }は{ $players }人のプレイヤーのうちの1人です。

map-title = 森
map-help = マスをタップ：何が起きるかは選んだモードで決まります。マップはいつでも修正できます。
map-space = マス{ $space }{ $has_harvesters ->
    [false] {""}
   *[other] 、{ $harvesters }の{ -harvester }
  }{ $has_forester ->
    [false] {""}
   *[other] 、{ $forester }の{ -forester-token }
  }{ $infested ->
    [true] 、{ -infested-wood }
   *[other] {""}
  }{ $harvested ->
    [true] 、伐採済み
   *[other] {""}
  }
map-mode = { $mode ->
    [harvester] 自分の{ -harvester }を移動
    [act] 手入れ／{ -infested-wood }を取る
    [harvested] { -harvest-token }を裏返す
    [infested] { -infested-wood }を置く／取る
    [thinning] 間伐トークン
    [den_tree] 巣穴の木トークン
   *[painting] 塗装トークン
  }
turn-title = 手番{ $n }（ラウンド{ $round }）：{ $name }の手番
turn-end = { $name }の手番を終える
turn-pending = この手番の終わりに{ -infested-wood }が{ $n }個出現します（得点が{ $spaces }を通過）。
turn-none-pending = {""}
turn-final = 最後の{ -round-token }が公開されました：全員が最後の手番を1回行います。
turn-round-token-due = ラウンド{ $round }：次の{ -round-token }を公開してください
banner-title = 盤面の出来事
info-already-done = 別のスマートフォンですでに行われました：
changes-title = 誰が何を変えたか
log-change = { $who }：{ $command }{ $has_player ->
    [false] {""}
   *[other] （{ $player }）
  }{ $kind ->
    [set_count] 、{ $field } = { $value }
    [adjust_count] 、{ $field } { $delta }
    [add_score] 、{ $delta }
    [place_forester] 、{ $placed ->
        [true] マス{ $space }の
       *[other] {""}
      }{ $type }を{ $column }列目に
    [set_harvester] 、マス{ $space }
    [remove_infested_wood] 、マス{ $space }
    [set_infested_wood] 、マス{ $space }
    [set_forester_token] 、{ $type }を{ $placed ->
        [true] マス{ $space }に
       *[other] マップから外す
      }
    [set_harvest_token] 、マス{ $space }
    [plant_seedling] 、{ $area }
    [upgrade_sawmill] 、{ $area }
    [set_column] 、{ $column }列目：{ $type } × { $count }
    [remove_column] 、{ $column }列目
    [add_contract] 、{ $categories }
    [remove_contract] 、契約{ $index }
    [choose_contract_category] 、契約{ $index }を{ $chosen }として数える
    [add_river_token] 、{ $symbol }
    [remove_river_token] 、{ $symbol }
    [remove_task_card] 、タスクカード{ $index }
    [set_task_met] 、タスクカード{ $index }：{ $met ->
        [true] 達成
       *[other] 未達成
      }
    [set_guardians] 、{ $field } = { $value }
    [set_detached_wood] 、{ -detached-storage }{ $storage } = { $value }
    [trigger_game_end] 、{ $trigger }
   *[other] {""}
  }
label-trigger-last_tree_planted = 最後の木を植えた
label-trigger-last_tile_drawn = 最後の地形タイルを引いた
field-tree_points = 木の列
field-animal_cards = 動物カード
undo-mine = 自分の最後の変更を取り消す
who-host = ホスト
reference-open = 早見表
setup-start-player = 一番若いのは誰ですか？その人から始めます（そこから時計回り）：
setup-first-player = 最後に木に触れたのは誰ですか？その人が{ -first-player }です（コインはそこから席順に）：
setup-infested = プレイ人数に応じて虫害カードが示すマスをタップしてください：
setup-infested-count = { $n ->
    [0] { -infested-wood }はまだ入力されていません。
   *[other] { -infested-wood }：{ $spaces }。
  }

reference-title = 早見表
reference-source = 出典：{ $source }
reference-game = { $game ->
    [forestry] { -forestry }
   *[other] { -forest-guardians }
  }
reference-full-guardians = { -forest-guardians }の詳しい早見表（ルール表から、英語）：
reference-check-title = 植樹チェック
reference-check-row = 木の列
reference-check-tile = タイル
reference-check-altitude = 標高
reference-check-fire = タイルに火災トークンがある
reference-check-shared = 他のプレイヤーが植えている
reference-check-mine = 自分がすでに植えている
reference-check-refused = 植えられません：
tile-kind = { $kind ->
    [regular] 通常
    [mountain] 山
    [lake] 湖
   *[starting] スタートタイル
  }
tree-row = { $row ->
    [top] 上段
    [middle] 中段
   *[bottom] 下段
  }
ref-section-turn = 手番
ref-section-free = フリーアクション（自分の手番中）
ref-section-actions = アクションとコスト
ref-section-hq = HQタイル（製材所管理者の移動）
ref-section-end = ラウンドとゲーム終了
ref-section-guardians-turn = 手番
ref-section-guardians-planting = 木を植える
ref-fo-round-token = 各ラウンド、{ -first-player }の手番の前に次の{ -round-token }を公開します。全員がそのボーナスを受け取ります。{ -harvest-token }を裏返す{ -round-token }では、その樹種のどのトークンを裏返すかを{ -first-player }は選びません：ルールブックが順序を決めています（002 ラウンドトークン。順序は図にあり、資料の文章にはありません）。
ref-fo-foresters = 各手番の開始時、盤面には{ -forester-token }が3つあります：足りない分だけ{ -spawn-card }を引きます（間伐、巣穴の木、塗装の順）。埋まっているマスは番号の大きい方へ飛ばします。
ref-fo-ap-start = 手番ごとに{ $ap }アクションポイントがあり、アクショントラックで管理します。任意の順にアクションに使います。
ref-fo-ap-more = 開発トラックを進めるとアクションポイントが増えることがあります（最初の前進ではテクノロジーのアップグレードになります）。
ref-fo-turn-end = 購入分も含めてアクションポイントをすべて使うと手番が終わり、時計回りに次のプレイヤーへ移ります。
ref-fo-spawn = { -infestation-module }：得点が{ -reproduction-space }に到達するか通過すると、その手番の終わりにトークン1つにつき{ -infested-wood }が1つ出現します。サプライは21個で、残っていなければ出現しません（資料に記載がないため、アプリの決定です）。
ref-fo-free-renew = 何度でも：{ $coins }コインで管理者のいるエリアの{ -contract-card }を更新します。
ref-fo-free-task = 1手番に1回：{ -task-card }を捨てて即時効果を使います。
ref-fo-free-buy-ap = 1手番に最大{ $times }回：{ $coins }コインで1アクションポイントを購入します。
ref-fo-free-storage = 1手番に最大{ $times }回：次の{ -storage }のスペースを記載のコインで開放し、報酬を得ます。最初の拡張は{ $coins }コインです（002「リソース」）。それ以降の費用はボードに印刷されていて、資料にはありません。
ref-fo-move = { -harvester }の移動：{ $ap }アクションポイントで最大{ $spaces }スペース。移動の終わりに1マスに{ -harvester }は1つ。川を渡るたびに{ $coins }コイン（橋付き貯水池は無料、蛇行は{ -seedling }ももらえます）。
ref-fo-harvest = 伐採（明るい面の{ -harvest-token }）：トークンのドットの数だけ1または2アクションポイント。示された木材と星を得て、トークンを裏返します。
ref-fo-reforest = 植林（暗い面の{ -harvest-token }）：1または2アクションポイント（ドット）と、トークンが示す1または2つの{ -seedling }。トークンを裏返します。
ref-fo-tend = 森の手入れ：{ $ap }アクションポイント。自分のマスの{ -forester-token }を{ -forestry-table }に置きます。
ref-fo-infested = 自分のマスの{ -infested-wood }の除去：{ $ap }アクションポイント（伐採アクション）。除去するまでそのマスでは他のアクションはできません。
ref-fo-forest-building = { -forest-building }：{ $ap }アクションポイント、{ -construction-material }1つ、{ -temp-worker }1人。その後、{ -clearing-token }の報酬を受け取ります。費用がかかる報酬は1つだけです：「任意の種類の{ -wood }トークン」の空き地では、希望すれば{ $coins }コインを払って任意の種類の{ -wood }トークンを1つ受け取ります。
ref-fo-water = 水施設：{ $ap }アクションポイントと、{ -temp-worker }{ $n }人（蛇行）または{ -construction-material }{ $n }つ（橋付き貯水池）。ボードの表示どおり。
ref-fo-manager = 製材所管理者を別のHQタイルへ移動：{ $ap }アクションポイント（その後HQの報酬、下記）。
ref-fo-sawmill-use = 管理者のいるエリアの{ -sawmill-building }を使う：1回につき{ $ap }アクションポイント（1手番に何回でも）。
ref-fo-sawmill-upgrade = { -sawmill-building }のアップグレード：{ $ap }アクションポイントとタイルに印刷されたアップグレードコスト（出典にはコストの一覧はありません）。
ref-fo-contract = 契約の履行：{ $ap }アクションポイントと求められた木材。
ref-fo-hq-count = HQタイルごとの報酬の数：2人なら{ $two }つ、3人・4人なら{ $more }つ。
ref-fo-hq-rewards = 報酬は移動後にそのタイルにいる管理者の数で決まります。報酬より管理者が多ければ報酬はありません。
ref-fo-hq-empty = 管理者のいないタイルに移動したときは、最初の報酬の代わりに2番目の報酬を選べます。
ref-fo-hq-printed = HQの各報酬の内容はタイルに印刷されています。出典が説明しているのは最初の報酬のアイコン（1コインで木材加工、{ -task-card }、リソースのいずれかを購入）だけです。
ref-fo-rounds = { $standard }ラウンド（上級ゲームは{ $advanced }ラウンド）。
ref-fo-final-turn = { -first-player }が最後の{ -round-token }を公開したら、全員が最後の手番を1回行います。最後のプレイヤーがアクションポイントをすべて使うとゲーム終了です。
ref-fg-start = 最年少のプレイヤーから始め、時計回りに手番を行います。
ref-fg-explore = 1. 探索：空でない最も高い標高の山（I、II、IIIの順）から地形タイルを引き、置かれたタイルの2辺以上に接するように置きます。アイコンがあれば解決します。
ref-fg-act = 2. アクション：手番ごとに{ $actions }回、アクションのアップグレード1つにつき+1。
ref-fg-actions = アクション：植樹、消火、動物の救助、カードの交換（上級：レンジャーの派遣）。
ref-fg-refill = 3. 手札を上限まで補充：{ $start }枚、資源のアップグレード1つにつき+1（最大{ $maximum }枚）。
ref-fg-end = 最後の木を植えたプレイヤーが出たら他の全員がもう1手番。最後の地形タイルが引かれたらその手番でゲーム終了。
ref-fg-row = { $row ->
    [top] 上段
    [middle] 中段
   *[bottom] 下段
  }：地形{ $allowed }。コスト：{ $cards ->
    [1] 任意の資源カード1枚
   *[other] 同じ種類の資源カード{ $cards }枚
  }。
ref-fg-leftmost = その列の一番左の木を取ります。見えた点数がゲーム終了時に入ります。
ref-fg-regular-only = 通常の地形タイルにだけ植えられます：特殊タイルやスタートタイル、火災のあるタイル、自分がすでに植えたタイルには植えられません（上級：{ -fg-mountain-protector }は山に{ -fg-calocedrus }を植えられます）。
ref-fg-sharing = 他のプレイヤーが植えたタイルに植えるには、同じ種類のカードを{ $extra }枚追加で支払います（木がいくつあっても同じ。上級：園芸の達人は不要）。
ref-fg-upgrade = 横にアップグレードキューブのある木を植えたら、すぐにスキルを1つアップグレードします。木が取り除かれても残ります。
refusal-space-holds-forester = マス{ $space }にはすでに{ $type ->
    [thinning] 間伐
    [den_tree] 巣穴の木
   *[painting] 塗装
  }の{ -forester-token }があります。
refusal-forestry-only = { -first-player }と{ -infested-wood }は{ -forestry }の設定です。
refusal-bad-author = 変更を送った人はリンクから決まり、席番号で表します。
changes-more = { $open ->
    [true] 最後の変更だけを表示
   *[other] 最近の変更を表示
  }
event-undone = 取り消しました：{ $command }。
event-redone = やり直しました：{ $command }。
## sheet
refusal-board-column-index = { -forestry-table }は3列です：次は{ $next }列目です（{ $column }ではありません）
refusal-board-column-count = 1列に置けるのは0〜{ $high }個です（{ $value }ではありません）
refusal-board-count-range = { $low }〜{ $high }の数を入力してください（{ $value }ではありません）
refusal-board-building-tokens = { -building-token }{ $limit }個をすべて使っています
refusal-board-sawmills-per-area = 1つのエリアの{ -sawmill-building }は{ $limit }つです
refusal-board-storage-spaces = { -storage }のスペースは{ $spaces }つです：先に木材を減らしてください
refusal-session-no-suggestion = その提案はすでに適用または却下されています
refusal-session-suggestion-on-another-board = その提案は別のプレイヤーのボードのものです
refusal-session-not-a-count = この数はここでは変えられません
refusal-session-not-a-step = 増減は整数です（{ $value }ではありません）
suggest-row-bonus = { $table }の{ $row }行目が埋まりました：+{ $vp }点
suggest-below-seedling = { -reforestation-table }の下の{ -seedling }：+{ $vp }点
suggest-below-forester = { -reforestation-table }の下の{ $type }の{ -forester-token }：+{ $vp }点
suggest-reward-lap = 報酬トラック1周：+{ $vp }点
suggest-round-token = { -round-token }：{ $coins ->
        [0] {""}
       *[other] コイン+{ $coins }
    }{ $gain ->
        [none] {""}
       *[other] { $coins ->
            [0] {""}
           *[other] 、
        }{ $gain_name }+1
    }
suggest-seat-income = 手番順の収入：コイン+{ $coins }{ $seedlings ->
        [0] {""}
       *[other] 、{ -seedling }+{ $seedlings }
    }
sheet-suggest-title = 適用するもの（アプリが自動で加えることはありません）
sheet-suggest-apply = 適用
sheet-suggest-dismiss = 記入済み
sheet-table-forestry = { -forestry-table }
sheet-table-reforestation = { -reforestation-table }
sheet-gain-construction-material = { -construction-material }
sheet-gain-seedling = { -seedling }
sheet-gain-temp-worker = { -temp-worker }
sheet-column-type = { $n }列目：種類
sheet-column-count = { $n }列目：個数
sheet-field-extensions = 開いた{ -storage-extension }
sheet-seedlings-in = { $area }の{ -seedling }
sheet-field-forest-buildings = { -forest-building }
sheet-field-sawmill-upgrades = { $area }のアップグレードした{ -sawmill-building }
sheet-remove-contract = 契約{ $n }を取り除く
sheet-remove-task = { -task-card }{ $n }を取り除く
sheet-remove-animal = カード{ $n }を取り除く
sheet-shelter-scored = 得点：動物エキスパートは1匹につき+1
sheet-shelter-not-scored = 保護施設は全員にあります。得点になるのは動物エキスパートだけです
score-waiting = 印刷された数値を待っています（下で入力）
sheet-total-provisional = 暫定：印刷された数値がまだ必要です
sheet-score-failed = 得点を計算できませんでした：アプリの不具合です（サーバーのログに記録しました）
finish-missing-title = 数値が足りないまま終了しますか？
finish-missing-text = 印刷された数値があと{ $n }つ必要です。合計は暫定で、勝者は決まりません。このゲームは後で履歴から完成できます。
finish-missing-back = 入力を続ける
finish-missing-anyway = このまま終了
finish-turns-title = 最後の手番の前に終了しますか？
finish-turns-text = { $names }にまだ手番があります：このまま終了しますか？
finish-turns-back = プレイを続ける
finish-turns-anyway = このまま終了
history-complete-game = このゲームを完成させる
settings-printed-confirmed = このテーブルで確認した値：新しいゲームと終わっていないゲームに使われます
settings-printed-save = 保存
settings-printed-delete = 削除
score-rescore = 今覚えている印刷値で採点し直す
score-head = { $name }、{ $seat }番手
score-winner-mark = （勝者）
score-place = { $rank }位
score-unknown = { $category }：まだ分かりません。タップして印刷された数値を入力
score-notes = 各合計の計算方法
score-notes-none = どの合計も、表示されたカテゴリーの合計です。
finish-share-open = 共有とエクスポート
finish-winner-total = { $total } { -vp }

## gl10n

## フォレストガーディアンズの植樹チェック（scoring.guardians.checks.PlantingCode）とゲーム終了（GameEndCode）
## フォレストガーディアンズの用語（003 は英語版。訳語はこのカタログの既存の訳に合わせた）

-fg-terrain-tile = 地形タイル
-fg-starting-tile = スタートタイル
-fg-special-tile = 特殊タイル
-fg-fire-token = 火災トークン
-fg-resource-card = 資源カード
-fg-mountain-protector = 山の守り手
-fg-calocedrus = タイワンショウナンボク

check-fg-tile = { $named ->
        [true] { $name }
       *[false] { $kind ->
            [starting] { -fg-starting-tile }
            [regular] この{ $numeral ->
                [I] 高地
                [II] 中地
               *[III] 低地
            }（{ $numeral }）の{ -fg-terrain-tile }
           *[other] このタイル
        }
    }
check-fg-row = { $row ->
        [top] 上段
        [middle] 中段
       *[bottom] 下段
    }
check-fg-species = { $species ->
        [taiwan_spruce] ニイタカトウヒ
        [calocedrus_formosana] { -fg-calocedrus }
       *[camphor_tree] クスノキ
    }
check-fg-cost = { $same_type ->
        [true] 同じ種類の{ -fg-resource-card }{ $cards }枚{ $extra ->
            [0] {""}
           *[other] （うちタイルの共有分{ $extra }枚）
        }
       *[false] 任意の{ -fg-resource-card }{ $cards }枚
    }
check-fg-allowed = 植えられます：{ $cost }を支払います。
check-fg-fire = { $tile }には{ -fg-fire-token }があります。植える前に消火してください。
check-fg-already-planted = 1枚のタイルに植えられるのは1人1本までです。{ $player }はすでに{ $tile }に木を植えています。
reference-check-you = あなた
check-fg-starting-tile = 木は通常の{ -fg-terrain-tile }にだけ植えられます。{ -fg-starting-tile }には植えられません。
check-fg-lake = { -fg-special-tile }には木を植えられません。{ $tile }は湖です。
check-fg-mountain = { -fg-special-tile }に植えられるのは{ -fg-mountain-protector }（フラッフィー）だけで、山に植えられるのは{ -fg-calocedrus }だけです。{ $tile }は山です。
check-fg-mountain-species = { -fg-mountain-protector }が山に植えられるのは{ -fg-calocedrus }だけです。{ $known ->
        [true] { $species }は植えられません。
       *[false] この木の種類を選んでください。
    }
check-fg-row-altitude = { $row }の木は地形{ $allowed }にしか植えられません。{ $tile }には植えられません。
check-fg-paid-count = この植樹には{ $cost }が必要です。出されたのは{ $offered }枚です。
check-fg-paid-types = この植樹には{ $cost }が必要ですが、出されたカードの種類がそろっていません。
status-fg-end-none = ゲーム終了条件はまだ満たされていません。プレイを続けてください。
status-fg-end = { $trigger ->
        [last_tree_planted] { $by }が最後の木を植えました。ほかのプレイヤーはあと1回ずつ手番を行います。
       *[last_tile_drawn] { $by }が最後の{ -fg-terrain-tile }を引きました。この手番でゲームは終わります。
    }{ $then_drew ->
        [true] そのあと{ $last }が最後の{ -fg-terrain-tile }を引いたので、ゲームはすぐに終わります。
       *[false] {""}
    }{ $over ->
        [true] { $last }の手番のあとでゲーム終了です。得点を計算してください。
       *[false] 残りの手番：{ $remaining }。
    }

## map

## fgref
## フォレストガーディアンズのクイックリファレンス：手番と植樹の行以外の節
## （scoring.guardians.reference の QuickRefTitle、QuickRefCode、ComponentCode、LivingCode、
## ReleaseCode、EventCode、RemovalCode、RangerCode、DecisionCode）。003 は英語版のため、
## 訳語はこのカタログの既存の訳（gsetup-*、check-fg-*、ref-fg-*）に合わせた。

-fg-animal-card = 動物カード
-fg-animal-token = 動物トークン
-fg-ranger-token = レンジャートークン
-fg-ranger-board = レンジャーボード
-fg-shelter = 保護施設
-fg-illegal-logger = 違法伐採者
-fg-upgrade-cube = アップグレードキューブ

ref-fg-title-components = 内容物
ref-fg-title-other_actions = ほかのアクション
ref-fg-title-animals = 生息条件
ref-fg-title-events = 特殊イベント
ref-fg-title-removal = 木の除去と動物の回収
ref-fg-title-game_end = ゲーム終了
ref-fg-title-scoring = 得点計算
ref-fg-title-two_players = 2人プレイ
ref-fg-title-rangers = レンジャー（上級ゲーム、ボードのB面）
ref-fg-title-decisions = ルールブックに書かれていないこと（アプリの決定）

ref-fg-component-animal_cards = { -fg-animal-card } × { $count }（印刷された数）：点数はカードから読みます。5種類の動物が2枚ずつというのは推定です（003には合計枚数と5種類の動物の生息条件があり、動物ごとの枚数はありません）
ref-fg-component-resource_cards = { -fg-resource-card } × { $count }：種類の1つは水（消火に使います）
ref-fg-component-terrain_tiles = { -fg-terrain-tile } × { $count }：通常（I／II／III）、山、湖
ref-fg-component-starting_tile = { -fg-starting-tile } × { $count }：{ -fg-illegal-logger }の拠点があります
ref-fg-component-upgrade_cubes = 木製の{ -fg-upgrade-cube } × { $count }：準備で各{ -fg-ranger-board }に4つ置きます
ref-fg-component-trees = 木 × { $count }：ニイタカトウヒ、{ -fg-calocedrus }、クスノキ
ref-fg-component-animals_and_rangers = { -fg-animal-token }、{ -fg-ranger-token }、{ -fg-illegal-logger } × { $count }（印刷されているのは合計のみ）。内訳は推定で、印刷されていません：{ -fg-animal-token }10個（{ -fg-animal-card }1枚につき1個）、{ -fg-ranger-token }4個（レンジャーボード1枚につき1個）、{ -fg-illegal-logger }1個
ref-fg-component-fire_tokens = { -fg-fire-token } × { $count }：消火したプレイヤーに1つにつき1点
ref-fg-component-ranger_boards = { -fg-ranger-board } × { $count }：A面は基本ゲーム、B面は上級ゲーム

ref-fg-put-out-fire = 消火：水の{ -fg-resource-card }を1枚支払い、{ -fg-fire-token }を1個取ります（ゲーム終了時に1点）。
ref-fg-rescue = 救助：好きな{ -fg-animal-token }を1個、自分の{ -fg-shelter }に入れます（{ $capacity }個まで{ $advanced ->
        [true] 。ジュリアは{ $julia }個まで
       *[false] {""}
    }）。放すまでそこに置いたままです。
ref-fg-release = 放す：{ -fg-shelter }の動物を、その生息条件を満たすタイルに置き、対応する{ -fg-animal-card }を取ります。
ref-fg-swap = カードの交換：手札を好きな枚数捨て、同じ枚数を引きます。
ref-fg-send-ranger = レンジャーの派遣（上級）：自分の{ -fg-ranger-token }を表向きのタイルのどれかに置きます。動かすまで、そのタイル（そこの木すべて）は火災と{ -fg-illegal-logger }から守られます。

ref-fg-living-common_pheasant = キジ：地形{ $altitudes }に自分の木{ $trees }本、タイル1枚。トークンはそのタイルの上に置きます。
ref-fg-living-formosan_black_bear = タイワンツキノワグマ：地形{ $altitudes }に自分の木{ $trees }本、その木のタイルが山に接していること。トークンは木のタイルと山の間に置きます。
ref-fg-living-sambar_deer = スイロク：地形{ $altitudes }に自分の木{ $trees }本、その木のタイルが湖に接していること。トークンは木のタイルと湖の間に置きます。
ref-fg-living-leopard_cat = ベンガルヤマネコ：地形{ $altitudes }に自分の木{ $trees }本、3枚のタイルが互いに接していること（一直線ではだめ）。トークンは3枚のタイルの真ん中に置きます。
ref-fg-living-pangolin = センザンコウ：地形{ $altitudes }に自分の木{ $trees }本、隣り合う2枚のタイル。トークンは2枚のタイルの間に置きます。
ref-fg-release-own_trees = 木は放すプレイヤー自身が植えたものでなければなりません。
ref-fg-release-occupied = 放された動物はそのタイルを占めます。ほかの動物はそのタイルを使えません。
ref-fg-release-matching_card = 同じ種類の動物が2匹とも場にあるときは、点数の色がトークンの台の色と同じカードを取ります。
ref-fg-release-calocedrus = { -fg-mountain-protector }が山に植えた{ -fg-calocedrus }は、生息条件には数えません。

ref-fg-event-animal_encounter = 動物との遭遇：{ -fg-animal-card }の山から1枚引き、表向きでテーブルに置きます。対応する{ -fg-animal-token }（台の色＝カードの点数の色）をその上に置きます。
ref-fg-event-forest_fire = 森林火災：タイルを置いたあと、そのタイルと隣接するすべてのタイルに{ -fg-fire-token }を置きます。それらのタイルの木は持ち主に戻ります（消防士の木は除く）。山や湖も含めてどのタイルも燃えます。燃えないのは{ -fg-illegal-logger }の拠点だけです。{ -fg-ranger-token }のあるタイルには{ -fg-fire-token }を置きません。{ -fg-fire-token }のあるタイルには木を植えられません。
ref-fg-event-illegal_logger = { -fg-illegal-logger }：このタイルは{ -fg-illegal-logger }の拠点から出る矢印の方向のどれかの先に置きます。ほかのタイル1枚に接していれば足ります。{ -fg-illegal-logger }は拠点から新しいタイルまでまっすぐ進み、通り道の木はすべて持ち主に戻ります。{ -fg-ranger-token }のあるタイルは飛ばします。そのあと{ -fg-illegal-logger }は拠点に戻ります。

ref-fg-removal-trees_back = 取り除かれた木は持ち主の{ -fg-ranger-board }に戻し、右から左へスペースを埋めます。その点数は植え直すまで失われます。
ref-fg-removal-skills_stay = すでにアップグレードしたスキルはそのままです。
ref-fg-removal-animal_back = 生息条件に必要なタイルに{ -fg-fire-token }が置かれたとき（山や湖も含む）、または必要な木が取り除かれたとき、放された動物は持ち主の{ -fg-shelter }に戻り、その{ -fg-animal-card }も返します。
ref-fg-removal-overfill = 戻ってきた動物で{ -fg-shelter }が定員を超えてもかまいません。その点数は放し直すまで失われます。

ref-fg-end-last-tree = だれかが最後の木を植えたら、ほかのプレイヤー全員があと1回ずつ手番を行い、ゲーム終了です。
ref-fg-end-last-tile = だれかが最後の{ -fg-terrain-tile }を引いたら、その手番のあとでゲーム終了です。

ref-fg-score-trees = 木：{ -fg-ranger-board }で見えている点数。
ref-fg-score-animals = 動物：持っている{ -fg-animal-card }の点数。
ref-fg-score-fires = 火災：{ -fg-fire-token }1個につき1点。
ref-fg-score-win = 最も点数の多いプレイヤーの勝ち。同点なら勝利を分け合います（ルールブックにタイブレークはありません）。

ref-fg-two-players = プレイの前に、高地（I）の通常の{ -fg-terrain-tile }4枚、低地（III）の{ -fg-terrain-tile }すべて、キジの2セット（カードとトークン）を箱に戻します。

ref-fg-ranger-julia = ジュリア（動物の専門家）：{ -fg-shelter }に{ -fg-animal-token }を1個ではなく2個まで入れられます。得点：持っている{ -fg-animal-card }1枚につき+1、{ -fg-shelter }の{ -fg-animal-token }1個につき+1。
ref-fg-ranger-jack = ジャック（消防士）：火災で自分の木は燃えません（{ -fg-fire-token }は置かれ、ほかのプレイヤーの木は燃え、燃えた生息地にいる自分の動物は{ -fg-shelter }に戻ります）。得点：持っている{ -fg-fire-token }1個につき+1。
ref-fg-ranger-fluffy = フラッフィー（{ -fg-mountain-protector }）：どの高度の山のタイルにも{ -fg-calocedrus }を植えられます。その木は動物の生息条件には数えません。得点：山に植えた{ -fg-calocedrus }1本につき+2。
ref-fg-ranger-bean = ビーン（園芸の達人）：ほかのプレイヤーが植えたタイルに、追加の{ -fg-resource-card }なしで植えられます。得点：ゲーム終了時のボーナスなし。

ref-fg-decision-shared_win = 同点なら勝利を分け合います。ルールブックにタイブレークはありません。
ref-fg-decision-three_rows = 記録には、木の3列（上段、中段、下段）それぞれの見えている点数をちょうど3つ入れます。
ref-fg-decision-advanced_rangers = 上級ゲームでは全員がレンジャーを1人持ち、同じレンジャーは1人までです。基本ゲームにはレンジャーはいません。
ref-fg-decision-ranger_fields = { -fg-shelter }の動物は全員が入力できます（得点になるのはジュリアだけ）。山の{ -fg-calocedrus }はフラッフィーだけ（山は4つなので最大4）で、ほかのプレイヤーに入力があれば誤りとして知らせます。
ref-fg-decision-top_row_sharing = 上段の木でタイルを共有するには、同じ種類のカード2枚が必要です（追加のカードも同じ種類）。
ref-fg-decision-starting_tile = { -fg-starting-tile }には木を植えられません。
ref-fg-decision-first_trigger = 最初に満たされた終了条件はそのまま有効です。最終ラウンド中に最後の{ -fg-terrain-tile }が引かれたら、その手番のあとでゲーム終了です。
ref-fg-decision-two_player_first = 2人プレイでは、何かをシャッフルする前に取り除きます。高地の4枚は通常のタイルからランダムに選びます。
ref-fg-decision-rangers_dealt = 上級ゲームでは、プレイヤーが選ばないかぎり、アプリがシードからランダムにレンジャーを配ります。

## 書き出しでの遊んだ盤面（BG Stats の board）：scoring.api.board_of
board-mode = { $mode ->
        [tutorial] チュートリアル
        [advanced] 上級ゲーム
       *[standard] スタンダード
    }
board-technology = 技術タイル{ $side }面
board-growing-forward = { -growing-forward }：{ $modules }
board-module-infestation = { -infestation-module }
board-module-asymmetric-setup = 非対称セットアップカード
board-guardians = { $advanced ->
        [true] 上級ゲーム
       *[false] 基本ゲーム
    }

## 盤面の絵としてのシート（issue 22）：ジャンプバー、最終盤面モード
sheet-jump-score = 得点
sheet-jump-resources = 資源
sheet-jump-storage = { -storage }
sheet-jump-reforestation = { -reforestation-table }
sheet-jump-forestry-table = { -forestry-table }
sheet-jump-buildings = 建物
sheet-jump-river = { -river-token }
sheet-jump-contracts = 契約
sheet-jump-tasks = { -task-card }
sheet-jump-character = キャラクター
sheet-jump-trees = 木
sheet-jump-animals = 動物
sheet-jump-ranger = レンジャー
sheet-jump-play = 手番と森
sheet-jump-table = 共有の盤面
sheet-final-board = 最終盤面
sheet-board-column = { $n }列目
sheet-jump-suggestions = 適用するもの（{ $n }）
sheet-add-contract-row = ＋契約：
sheet-add-animal-row = ＋動物カード（点数）：
sheet-animal-card = { $n }点のカード
banner-forester = { $type } → { $space }{ $has_skipped ->
    [true] （{ $skipped }は埋まっている）
   *[other] {""}
  }
banner-infested = { -infested-wood } → { $space }{ $has_skipped ->
    [true] （{ $skipped }は埋まっている）
   *[other] {""}
  }
banner-infested-nowhere = { -infested-wood }：空いているスペースなし（カード{ $card }）
banner-why = なぜこのスペース？
banner-why-forester = めくった{ -spawn-card }の番号のスペースに{ -forester-token }を置きます。{ -forester-token }か{ -harvester }のあるスペースは埋まっているので、次に大きい番号のスペースへ（15の次は1）。
banner-why-infested = めくった{ -spawn-card }の番号のスペースに{ -infested-wood }を置きます。{ -infested-wood }か{ -harvester }のあるスペースは埋まっているので、次に大きい番号のスペースへ（15の次は1）。
map-nothing = このモード（{ $mode }）ではスペース{ $space }でできることはありません。
map-mode-now = 現在：{ $mode }
map-drawn = { $label }、今引いた
map-mode-tap = { $mode ->
    [harvester] 空いているマスをタップ：自分の{ -harvester }がそこへ移動します。
    [act] { -forester-token }のあるマスをタップして手入れ、{ -infested-wood }のあるマスなら取ります。
    [harvested] マスをタップして{ -harvest-token }を裏返します。
    [infested] マスをタップして{ -infested-wood }を置く／取ります。
   *[other] マスをタップしてトークンを置きます。もう一度タップで取り除きます。
  }
map-forester-row = { -forester-token }を置く：
map-schematic = 模式図
map-schematic-note = 模式図：マスは読む順に番号を振り、すべて同じ形で描いています。どの番号がどこにあるか、どのマスが2マス分かはルールブックに書かれていません。マスは番号で探してください。
map-new = 新規
map-legend = { $item ->
    [mine] 自分の{ -harvester }（マスを縁取り）
    [others] 他のプレイヤーの{ -harvester }
    [forester] { -forester-token }
    [infested] { -infested-wood }
    [harvested] 伐採済み（濃い面が上）
    [drawn] 今引いた（新規）
   *[free] 空きマス
  }

## 出典の節の題名（scoring.cite.CiteTitle。002の題名は002の表記どおり。app.l10n.cite）
cite-separator = ；
cite-forest-buildings = 森の建物
cite-harvest = 伐採
cite-movement = 移動
cite-reforestation = 植林
cite-replenishing-forester-tokens = 林業家トークンの補充
cite-tending-the-forest = 森の手入れ
cite-water-structures = 水施設
cite-removing-infested-wood = 被害木の除去
cite-spawning-infested-wood = 被害木の発生
cite-detached-storage-scoring-all-three-storages-tied = 分離ストレージの得点計算：3つとも同数
cite-detached-storage-scoring-storage-with-the-fewest = 分離ストレージの得点計算：最も少ないストレージ
cite-detached-storage-scoring-storage-with-the-most-infested-wood = 分離ストレージの得点計算：被害木が最も多いストレージ
cite-detached-storage-scoring-storage-with-the-second-most = 分離ストレージの得点計算：2番目に多いストレージ
cite-detached-storage-scoring-two-storages-tied-below-the-top-worked-example = 分離ストレージの得点計算：1位の下で2つが同数（計算例）
cite-end-game-scoring-worked-example-5-buildings-score-7-vp-board-a = ゲーム終了時の得点計算の例：建物5つで7VP（ボードA）
cite-end-game-scoring-worked-example-5-task-cards-fulfilled-score-11-vp = ゲーム終了時の得点計算の例：達成したタスクカード5枚で11VP
cite-end-game-scoring-most-forester-tokens = ゲーム終了時の得点計算：林業家トークンの最多
cite-player-setup = プレイヤーのセットアップ
cite-setup = ゲームのセットアップ
cite-asymmetric-setup-cards = 非対称セットアップカード
cite-round-tokens = ラウンドトークン
cite-advanced-game = 上級ゲーム
cite-characters = キャラクター
cite-advanced-characters = 上級キャラクター
cite-action-point-track = アクションポイントトラック
cite-advancing-on-the-development-track = 開発トラックの前進
cite-free-actions = フリーアクション
cite-resources = リソース
cite-harvester-actions-movement = 伐採機アクション: 移動
cite-harvester-actions = 伐採機アクション
cite-sawmill-manager-actions-movement = 製材所管理者のアクション: 移動
cite-sawmill-actions = 製材所アクション
cite-sawmill-upgrades = 製材所のアップグレード
cite-fulfilling-contracts = 契約の履行
cite-hq-tile-icons = HQタイルアイコン
cite-game-end-and-scoring = ゲーム終了とスコアリング
cite-forest-five-species = 森（5種類）
cite-advanced-characters-forest-road-manager = { cite-advanced-characters }：{ label-forest_road_manager }
cite-advanced-characters-technician = { cite-advanced-characters }：{ label-technician }
cite-components = 内容物
cite-character-abilities = キャラクターの能力
cite-character-abilities-forest-ecologist = { cite-character-abilities }: { label-forest_ecologist }
cite-trade-specialist = { label-trade_specialist }
cite-logistics-manager = { label-logistics_manager }
cite-monitoring-specialist = { label-monitoring_specialist }
cite-game-board-15-forest-spaces = ゲームボード (森林エリアの15スペース)
cite-clearing-tokens = 空き地トークン
cite-harvester-actions-harvest = 伐採機アクション (伐採)
cite-start = スタート
cite-forest-exploration = 森の探索
cite-player-action = プレイヤーのアクション
cite-resource-replenishment = 資源の補充
cite-increase-resource = 資源の増加
cite-game-end = ゲームの終了
cite-forestation = 植林
cite-planting-condition = 植樹の条件
cite-sharing-terrain = 地形の共有
cite-upgrade-skill = スキルのアップグレード

## History: backup and import (issue 34)
transfer-title = バックアップと読み込み
transfer-hint = この端末から、このアプリのバックアップ、BG Stats のファイル、BoardGameGeek のプレイ記録を読み込めます。すべてをファイルに保存することもできます。ホストだけが使えます。
transfer-host-only = すべての読み込みと書き出しはホストだけができます。
history-import-file = ファイルを読み込む
history-export-backup = すべて書き出す：このアプリのバックアップ
history-export-bgstats = すべて BG Stats 用に書き出す
history-export-bgg = すべて BoardGameGeek 用に書き出す
import-progress-upload = ファイルを送っています
import-progress-check = ファイルを確認しています
import-progress-write = 読み込んでいます
import-progress-export = ファイルを書いています
import-file-would = 新しいゲーム { $count } 件を読み込めます。{ $skipped } 件は保存済み、{ $completed } 件を補完します。
import-file-done = { $count } 件のゲームを読み込みました。保存済みの { $skipped } 件は飛ばし、{ $completed } 件を補完しました。
import-file-more = ほかに { $count } 件の問題
import-file-not-text = UTF-8 のテキストではありません（{ $byte } バイト目）
import-file-not-sent = ファイルを送れませんでした（{ $reason }）
export-nothing = 書き出す終了済みのゲームがありません。
export-sent = { $name } として保存しました。

## The Forestry board drawn as the board (issue 33)
board-left = { $name }のプレイヤーボード（左側）
board-right = { $name }のプレイヤーボード（右側）
board-dev-track = 開発トラック
board-dev-not-needed = 得点には不要です
board-reward-track = 報酬トラック
board-reward-lap = 1周 +3点
board-building-track = 建物トラック
board-building-used = 6枠中{ $n }枠使用
board-building-slot = 建物の枠{ $n }
board-building-empty = 建物の枠{ $n }：空き
board-building-pick = 枠{ $n }に建てる
board-forest-building = { -forest-building }
board-sawmill-in = { $area }の{ -sawmill-building }のアップグレード
board-sawmill-caption = { -sawmill-building }のアップグレード：{ $list }
board-storage-space = { -storage }の枠{ $n }
board-storage-empty = { -storage }の枠{ $n }：空き、木材を置く
board-storage-wood = { -storage }の枠{ $n }：木材
board-storage-wood-last = { -storage }の枠{ $n }：木材、取り除く
board-storage-infested = { -storage }の枠{ $n }：{ -infested-wood }
board-storage-locked = { -storage }の枠{ $n }：未開放
board-storage-open = { -storage }の枠{ $n }：未開放、開く
board-wood = 木材
board-extensions = 拡張
board-contracts = 達成した契約
board-contract-best = 最も有利に
board-contract-chosen = 選択
board-counts-as = { $c }として
board-contracts-of = { $category }の契約
board-contract-add-one = { $category }の契約を加える
board-close = 閉じる
board-contract-add-pair = 2カテゴリーの契約を加える：{ $pair }
board-contract-double-add = 2カテゴリーの契約を加える：
board-six-vp = +6点
board-full-row = 行の完成
board-row-full = 完成
board-water-now = 現在の倍率
board-place = { -forester-token }を置く
board-fg-ranger-board = { $name }のレンジャーボード（{ $side }面）
board-fg-sum = { $total } = { $parts }
board-fg-side-b-rules = B面の各列の植樹できる地形とコストは資料にありません（ルールブックはA面のみ記載）。ボードでご確認ください。
board-fg-row = { $row ->
    [top] 上段
    [middle] 中段
   *[bottom] 下段
  }
board-fg-row-rule = 地形{ $allowed }・{ $cards ->
    [1] 任意の資源カード1枚
   *[other] 同じ種類の資源カード{ $cards }枚
  }
board-fg-points = 点
board-fg-add = 動物カードを点数で加える：
board-fg-add-card = { $n }点の動物カードを加える
board-fg-skills = スキルの強化（手札の上限、アクション）は得点には不要です。
board-below = { -reforestation-table }の下
board-river-empty = { -river-token }の枠{ $n }：空き
board-river-token = { -river-token }の枠{ $n }：{ $symbol }
board-river-take-back = 取り除く
board-river-add = 次の枠に{ -river-token }を置く：
board-river-add-one = { -river-token }を加える：{ $symbol }
board-task-add = { -task-card }を加える：
board-cell = { $column }、{ $row }行目
board-cell-full = { $column }、{ $row }行目：トークンあり
board-sawmill-none = { -sawmill-building }のアップグレード（エリア別）：まだなし

## 最終盤面の写真 (app/ui/kit/photos.py)
photo-title = 最終盤面の写真
photo-none = まだ写真はありません。
photo-add = 写真を追加
photo-uploading = 写真を送信しています…
photo-hint = この端末のカメラや写真から盤面の写真を追加できます。JPEG、PNG、WebP で { $mb } メガバイトまで。写真はこのサーバーにだけ保存され、位置情報とカメラの情報は削除されます。
photo-label = 最終盤面の写真 { $n }
photo-missing = この写真のファイルが見つかりません。
photo-remove = 削除
photo-remove-label = 写真 { $n } を削除
photo-added = 写真を追加しました
photo-refused = 写真は追加されませんでした：{ $reason }
photo-too-large = 写真が { $mb } メガバイトを超えています。
photo-not-image = このファイルは写真（JPEG、PNG、WebP）ではありません。
photo-heic = HEIC の写真はここでは読めません。カメラの設定で「互換性優先」（JPEG）を選ぶか、JPEG で送ってください。
photo-unreadable = 写真を読み取れませんでした（破損しているか不完全です）。
photo-no-game = このゲームはもうありません。
photo-too-many = 1 ゲームに保存できる写真は { $n } 枚までです。
photo-not-allowed = このリンクではこのゲームの写真を変更できません。
photo-upload-failed = アップロードが完了しませんでした。もう一度お試しください。

## The status strip (pinned above a game's sheet)
status-your-turn = あなたの手番
status-plays = { $name }の手番
status-round = ラウンド{ $round }
status-round-of = ラウンド{ $round }／{ $rounds }
status-last-turns = 最後の手番：{ $names }
status-rank = { $n }人中{ $r }位
status-total-label = { $name }：{ $total }{ $ranked ->
    [true] 、{ $rank }
   *[false] {""}
}
status-apply-word = 適用するもの
status-apply = 適用するもの：{ $n }
status-menu = その他：クイックリファレンス、言語、最終ボード、取り消し
status-go-to = ボードの場所へ移動
status-go-to-title = 移動先
status-you = 自分
status-online = 接続中
status-offline = オフライン
turn-end-mine = 手番を終える

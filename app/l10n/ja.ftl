## Forest Table: 日本語カタログ.
## 最初に用語集（Fluent の term、コンポーネントごとに 1 つの名前、002 の用語）、次にメッセージ。

## 用語集

-forestry = フォレストリー
-forest-guardians = フォレストガーディアン
-harvester = ハーベスター
-forester-token = フォレスタートークン
-seedling = 苗木
-infested-wood = 侵入木材
-reforestation-table = 再植林テーブル
-forestry-table = 林業テーブル
-spawn-card = スポーンカード
-round-token = ラウンドトークン

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
import-more-problems = …ほかに { $count } 件の問題があります（最初の 50 件を表示）
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
## play

-reproduction-space = 繁殖トークンのマス
-harvest-token = 収穫トークン
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
    [construction_material] 全員が建設資材1つ
    [seedling] 全員が{ -seedling }1つ
    [task_card] 全員がタスクカードをランダムに1枚
    [two_coins] 全員がコイン2枚
    [temp_worker] 全員が臨時作業員1人
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
    [build_forest_building] 森の建物
    [upgrade_sawmill] 製材所のアップグレード
    [open_storage_extension] 倉庫の拡張
    [add_river_token] 川トークン
    [remove_river_token] 川トークンの取り消し
    [add_contract] 契約
    [remove_contract] 契約の取り消し
    [choose_contract_category] 契約のカテゴリー
    [add_task_card] タスクカード
    [remove_task_card] タスクカードの取り消し
    [set_task_met] タスクカード
    [take_reward_lap] 報酬トラックの周回
    [set_harvester] { -harvester }の移動
    [replenish_foresters] { -forester-token }の補充
    [reveal_round_token] { -round-token }の公開
    [remove_infested_wood] { -infested-wood }の除去
    [set_infested_wood] { -infested-wood }の配置
    [set_forester_token] { -forester-token }の修正
    [set_detached_wood] 分離倉庫
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
event-flip-harvest = { $first }（{ -first-player }）：{ $species }の{ -harvest-token }があれば1枚を収穫済みの面に裏返してください（森のマップで「{ -harvest-token }を裏返す」を選んでマスをタップ）。
event-task-card = 全員がタスクカードをランダムに1枚引きます。
event-undone-mine = { $who }が自分の最後の変更（{ $command }）を取り消しました。
note-skip-forester = マップが最新でない場合：マス{ $card }に{ -forester-token }も{ -harvester }もなければそこに、あれば番号の大きい方へ両方ともないマスを探して置きます（15の次は1）。
note-skip-infested = マップが最新でない場合：マス{ $card }に{ -infested-wood }も{ -harvester }もなければそこに、あれば番号の大きい方へ両方ともないマスを探して置きます（15の次は1）。

refusal-already-done = 別のスマートフォンですでに行われました（{ $kind }）：結果は次のとおりです。
refusal-nothing-of-yours-to-undo = 取り消せるあなたの変更はありません。
refusal-undo-depends = { $kind }は取り消せません：その後に{ $who }が行った{ $later }がそれに依存しています。ホストが後の変更から順に取り消せます。
refusal-not-playing = 先にゲームを開始してください。
refusal-infestation-off = { -infested-wood }は虫害モジュールの要素ですが、このゲームでは使っていません。
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
    [true] 、収穫済み
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
turn-end = 手番を終える
turn-pending = この手番の終わりに{ -infested-wood }が{ $n }個出現します（得点が{ $spaces }を通過）。
turn-none-pending = {""}
turn-final = 最後の{ -round-token }が公開されました：全員が最後の手番を1回行います。
banner-title = 盤面の出来事
info-already-done = 別のスマートフォンですでに行われました：
changes-title = 誰が何を変えたか
log-change = { $who }：{ $command }{ $has_player ->
    [false] {""}
   *[other] （{ $player }）
  }{ $kind ->
    [set_count] 、{ $field } = { $value }
    [add_score] 、{ $delta }
    [place_forester] 、マス{ $space }の{ $type }
    [set_harvester] 、マス{ $space }
    [remove_infested_wood] 、マス{ $space }
    [set_infested_wood] 、マス{ $space }
    [set_forester_token] 、{ $type }を{ $space }に
    [set_harvest_token] 、マス{ $space }
    [plant_seedling] 、{ $area }
    [upgrade_sawmill] 、{ $area }
   *[other] {""}
  }
undo-mine = 自分の最後の変更を取り消す
who-host = ホスト
reference-open = 早見表
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
reference-check-allowed = 植えられます：{ $cards ->
    [one] 任意の資源カード1枚
   *[other] 同じ種類の資源カード{ $cards }枚
  }を支払います。
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
ref-fo-round-token = 各ラウンド、{ -first-player }の手番の前に次の{ -round-token }を公開します。全員がそのボーナスを受け取ります。
ref-fo-foresters = 各手番の開始時、盤面には{ -forester-token }が3つあります：足りない分だけ{ -spawn-card }を引きます（間伐、巣穴の木、塗装の順）。埋まっているマスは番号の大きい方へ飛ばします。
ref-fo-ap-start = 手番ごとに{ $ap }アクションポイント（AP）があり、アクショントラックで管理します。任意の順にアクションに使います。
ref-fo-ap-more = 開発トラックを進めるとAPが増えることがあります（最初の前進ではテクノロジーのアップグレードになります）。
ref-fo-turn-end = 購入分も含めてAPをすべて使うと手番が終わり、時計回りに次のプレイヤーへ移ります。
ref-fo-spawn = 虫害モジュール：得点が{ -reproduction-space }を通過すると、その手番の終わりにトークン1つにつき{ -infested-wood }が1つ出現します。
ref-fo-free-renew = 何度でも：{ $coins }コインで管理者のいるエリアの契約カードを更新します。
ref-fo-free-task = 1手番に1回：タスクカードを捨てて即時効果を使います。
ref-fo-free-buy-ap = 1手番に最大{ $times }回：{ $coins }コインで1APを購入します。
ref-fo-free-storage = 1手番に最大{ $times }回：次のストレージスペースを記載のコインで開放し、報酬を得ます（最初は{ $first }コイン。他はボードに印刷されていて、出典にはありません）。
ref-fo-move = { -harvester }の移動：{ $ap }APで最大{ $spaces }スペース。移動の終わりに1マスに{ -harvester }は1つ。川を渡るたびに{ $coins }コイン（橋付き貯水池は無料、蛇行は{ -seedling }ももらえます）。
ref-fo-harvest = 伐採（明るい面の{ -harvest-token }）：トークンのドットの数だけ1または2AP。示された木材と星を得て、トークンを裏返します。
ref-fo-reforest = 植林（暗い面の{ -harvest-token }）：1または2AP（ドット）と、トークンが示す1または2つの{ -seedling }。トークンを裏返します。
ref-fo-tend = 森の手入れ：{ $ap }AP。自分のマスの{ -forester-token }を{ -forestry-table }に置きます。
ref-fo-infested = 自分のマスの{ -infested-wood }の除去：{ $ap }AP（伐採アクション）。除去するまでそのマスでは他のアクションはできません。
ref-fo-forest-building = 森の建物：{ $ap }AP、建設資材1つ、臨時労働者1人。空き地の報酬が欲しければさらに{ $coins }コイン。
ref-fo-water = 水施設：{ $ap }APと、臨時労働者{ $n }人（蛇行）または建設資材{ $n }つ（橋付き貯水池）。ボードの表示どおり。
ref-fo-manager = 製材所管理者を別のHQタイルへ移動：{ $ap }AP（その後HQの報酬、下記）。
ref-fo-sawmill-use = 管理者のいるエリアの製材所の建物を使う：1回につき{ $ap }AP（1手番に何回でも）。
ref-fo-sawmill-upgrade = 製材所の建物のアップグレード：{ $ap }APとタイルに印刷されたアップグレードコスト（出典にはコストの一覧はありません）。
ref-fo-contract = 契約の履行：{ $ap }APと求められた木材。
ref-fo-hq-count = HQタイルごとの報酬の数：2人なら{ $two }つ、3人・4人なら{ $more }つ。
ref-fo-hq-rewards = 報酬は移動後にそのタイルにいる管理者の数で決まります。報酬より管理者が多ければ報酬はありません。
ref-fo-hq-empty = 管理者のいないタイルに移動したときは、最初の報酬の代わりに2番目の報酬を選べます。
ref-fo-hq-printed = HQの各報酬の内容はタイルに印刷されています。出典が説明しているのは最初の報酬のアイコン（1コインで木材加工、タスクカード、リソースのいずれかを購入）だけです。
ref-fo-rounds = { $standard }ラウンド（上級ゲームは{ $advanced }ラウンド）。
ref-fo-final-turn = { -first-player }が最後の{ -round-token }を公開したら、全員が最後の手番を1回行います。最後のプレイヤーがAPをすべて使うとゲーム終了です。
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
  }：地形{ $allowed }。コスト{ $cards ->
    [one] 任意の資源カード1枚
   *[other] 同じ種類の資源カード{ $cards }枚
  }。
ref-fg-leftmost = その列の一番左の木を取ります。見えた点数がゲーム終了時に入ります。
ref-fg-regular-only = 通常の地形タイルにだけ植えられます：特殊タイルやスタートタイル、火災のあるタイル、自分がすでに植えたタイルには植えられません。
ref-fg-sharing = 他のプレイヤーが植えたタイルに植えるには、同じ種類のカードを{ $extra }枚追加で支払います（木がいくつあっても同じ）。
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
refusal-board-column-index = 林業テーブルは3列です：次は{ $next }列目です（{ $column }ではありません）
refusal-board-column-count = 1列に置けるのは0〜{ $high }個です（{ $value }ではありません）
refusal-board-count-range = { $low }〜{ $high }の数を入力してください（{ $value }ではありません）
refusal-board-building-tokens = 建物トークン{ $limit }個をすべて使っています
refusal-board-sawmills-per-area = 1つのエリアの製材所は{ $limit }つです
refusal-board-storage-spaces = 倉庫のスペースは{ $spaces }つです：先に木材を減らしてください
refusal-session-no-suggestion = その提案はすでに適用または却下されています
refusal-session-not-a-count = この数はここでは変えられません
refusal-session-not-a-step = 増減は整数です（{ $value }ではありません）
suggest-row-bonus = { $table }の{ $row }行目が埋まりました：+{ $vp }点
suggest-below-seedling = { -reforestation-table }の下の{ -seedling }：+{ $vp }点
suggest-below-forester = { -reforestation-table }の下の{ $type }トークン：+{ $vp }点
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
sheet-table-forestry = 林業テーブル
sheet-table-reforestation = 再植林テーブル
sheet-gain-construction-material = 建築資材
sheet-gain-seedling = { -seedling }
sheet-gain-temp-worker = 臨時労働者
sheet-column-type = { $n }列目：種類
sheet-column-count = { $n }列目：個数
sheet-field-extensions = 開いた倉庫拡張
sheet-seedlings-in = { $area }の{ -seedling }
sheet-field-forest-buildings = 森の建物
sheet-field-sawmill-upgrades = { $area }のアップグレードした製材所
sheet-remove-contract = 契約{ $n }を取り除く
sheet-remove-task = タスクカード{ $n }を取り除く
sheet-remove-animal = カード{ $n }を取り除く
sheet-shelter-scored = 得点：動物エキスパートは1匹につき+1
sheet-shelter-not-scored = 保護施設は全員にあります。得点になるのは動物エキスパートだけです
score-waiting = 印刷された数値を待っています（下で入力）
sheet-total-provisional = 暫定：印刷された数値がまだ必要です
finish-missing-title = 数値が足りないまま終了しますか？
finish-missing-text = 印刷された数値があと{ $n }つ必要です。合計は暫定で、勝者は決まりません。このゲームは後で履歴から完成できます。
finish-missing-back = 入力を続ける
finish-missing-anyway = このまま終了
history-complete-game = このゲームを完成させる
settings-printed-confirmed = このテーブルで確認した値：新しいゲームと終わっていないゲームに使われます
settings-printed-save = 保存
settings-printed-delete = 削除
river-forester-pair = { -forester-token }2個ごと
river-seedling-pair = { -seedling }2本ごと
score-rescore = 今覚えている印刷値で採点し直す

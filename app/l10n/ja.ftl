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

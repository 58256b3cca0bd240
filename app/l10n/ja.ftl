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

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

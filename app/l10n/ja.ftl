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

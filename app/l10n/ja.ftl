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

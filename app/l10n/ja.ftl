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
settings-bgg-hint = boardgamegeek.com のゲームのアドレスにある番号です。BG Stats や BGG への書き出しに含まれます。推測はしません。
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

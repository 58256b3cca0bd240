## Forest Table: English catalogue.
## Glossary first: one name per component (Fluent terms), then the messages.
## Messages never repeat a component's name: they use its term.

## Glossary (terms)

-forestry = Forestry
-forest-guardians = Forest Guardians
-harvester = harvester
-forester-token = forester token
-seedling = seedling
-infested-wood = infested wood
-reforestation-table = reforestation table
-forestry-table = forestry table
-spawn-card = spawn card
-round-token = round token

## Messages

refusal-not-a-whole-number = { $field }: must be a whole number (got { $value })
refusal-name-empty = { $field }: type a name
refusal-name-too-long = { $field }: a name has at most { $limit } characters (this one has { $length })
refusal-name-forbidden-character = { $field }: a name cannot contain the invisible or control character { $code_point }

## web
serve-port-in-use = port { $port } on { $host } is already in use (another server is running there?): stop it or choose another with --port
serve-address-not-ours = cannot listen on { $host }: not an address of this machine
serve-port-forbidden = not allowed to listen on port { $port } (ports below 1024 need privileges): choose another with --port
serve-cannot-listen = cannot listen on { $host }:{ $port }: { $reason }
web-refused-unknown-host = Unknown host
web-refused-foreign-origin = Cross-origin websocket refused
web-refused-too-many-sessions = Too many sessions from this address: close a tab and reload
## records
import-not-utf8 = not UTF-8 text (byte { $byte } at column { $column })
import-too-deep = nested deeper than { $limit } levels (a record is far flatter)
import-number-too-long = a number with more than { $limit } digits
import-number-too-large = a number beyond { $limit } (no count or score comes near)
import-not-a-number = { $value } is not a JSON number
import-lone-surrogate = a lone surrogate { $code_point } at column { $column } (not valid Unicode text)
import-line-too-long = a line longer than { $limit } bytes (one record is far smaller)
import-location-too-long = at most { $limit } characters (this one has { $length })
import-cannot-score = the record cannot be scored ({ $error })
import-more-problems = … and { $count } more { $count ->
    [one] problem
   *[other] problems
  } (the first 50 are listed)
progress-check = checking
progress-write = writing
progress-export = exporting
history-manage = Edit or delete this game
history-deleted = Game { $id } deleted.
history-undo = Undo
history-people = People
played-title = Game { $id }
played-date = Date and time (e.g. 2026-05-02T00:30+09:00)
played-location = Location
played-notes = Notes
played-name = Player { $n }
played-save = Save and score again
played-saved = Saved and scored again.
played-delete = Delete this game
played-delete-confirm = Delete game { $id }? It leaves History and the statistics; you can undo it.
played-delete-yes = Yes, delete
played-cancel = Cancel
played-rematch = Rematch
played-not-found = This game is not in History (deleted, or never finished).
people-title = People
people-rename = Rename
people-merge = Merge into…
people-merge-pick = Merge { $name } into:
people-merge-confirm = Merge { $source } into { $target }? Every game of { $source } becomes { $target }'s.
people-merge-yes = Yes, merge
people-merged = { $source } merged into { $target }.
people-renamed = Renamed: { $name }.
settings-bgg-title = BoardGameGeek ids
settings-bgg-hint = The number in the game's address on boardgamegeek.com. Exports to BG Stats and BGG carry it; nothing is guessed.
settings-bgg-field = { $game } BGG id
settings-bgg-save = Save BGG ids
settings-bgg-saved = BGG ids saved.
settings-bgg-bad = { $game }: a BGG id is a positive whole number
played-abandon = Abandon this game
played-abandon-confirm = Abandon game { $id }? It is not finished and leaves the open games; you can undo it in History.
refusal-keep-already-deleted = { $field }: game { $id } is already deleted
refusal-keep-not-deleted = { $field }: game { $id } is not deleted
refusal-keep-not-finished = { $field }: game { $id } is not finished (only finished games are corrected)
refusal-keep-bad-date = { $field }: not a date and time (got { $value }; e.g. 2026-05-02T00:30+09:00)
refusal-keep-too-long = { $field }: at most { $limit } characters (this has { $length })
refusal-keep-forbidden-character = { $field }: control or invisible characters are not allowed
refusal-keep-names-count = { $field }: one name per seat ({ $seats }), got { $count }
refusal-keep-same-person = { $field }: { $name } is already at this table (seat { $seat })
refusal-keep-unscorable = { $field }: the corrected record cannot be scored ({ $detail })
refusal-keep-name-taken = { $field }: { $name } is someone else already (merge the two instead)
refusal-keep-merge-self = { $field }: a person cannot be merged with themselves
refusal-keep-merge-same-table = { $field }: { $source } and { $target } sat at the same table (game { $games }): they are two people
refusal-keep-bad-bgg-id = { $field }: a BGG id is a positive whole number (got { $value })
## trust
refusal-table-busy = The table is busy saving (another program is writing the database): nothing was saved. Tap again.
refusal-storage-full = The laptop's disk is full: this tap was not saved (everything before it is). Free some space on the laptop, then tap again.
refusal-storage-read-only = The laptop cannot write the database (it is read-only): this tap was not saved. Tell the host.
refusal-storage-failed = The laptop could not save this tap (a storage error): nothing was lost before it. Tap again, or tell the host.
refusal-tap-failed = That did not go through (the server had a problem; nothing was changed). Try again.
refusal-table-finished = This game is finished: the result is final and nothing changes any more.
refusal-token-slow-down = Too many links that do not work came from this network: wait { $seconds } seconds, then scan your seat's QR code again.
refusal-seed-not-digits = { $field }: a seed is a whole number written with the digits 0 to 9
refusal-seed-too-large = { $field }: a seed is at most { $limit }
refusal-value-too-long = { $field }: at most { $limit } characters
tablemode-host-link-title = Your host link (for this laptop's browser: keep it to yourself)
tablemode-host-link-new = New host link (the old one stops working)
tablemode-host-link-done = A new host link is in use: the old one no longer opens anything.
tablemode-table-finished = This game is finished: here is the result.
serve-serving-at = Forest Table is serving at { $url }
serve-host-link = Host link (keep it to yourself; players join with the seat QR codes it shows):
serve-host-link-new = (a new host link: the previous one no longer works)
serve-on-this-laptop = On this laptop: { $url }
serve-opened-browser = (opened in this laptop's browser)
serve-stop = Stop the server with Ctrl+C.
serve-error-readonly = forest-table serve: cannot write the database in { $path } (read-only). Use a writable data directory (FLET_APP_STORAGE_DATA or DATABASE_URL).
serve-error-missing-dir = forest-table serve: the database directory { $path } does not exist.
serve-error-disk-full = forest-table serve: the disk holding { $path } is full. Free some space and start again.
serve-error-database = forest-table serve: the database could not be opened ({ $reason }).

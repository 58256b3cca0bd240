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

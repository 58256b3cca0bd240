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

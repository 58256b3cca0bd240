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

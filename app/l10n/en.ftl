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

## sheet
refusal-board-column-index = The forestry table has 3 columns: fill column { $next } next (not { $column })
refusal-board-column-count = A column holds 0 to { $high } tokens (not { $value })
refusal-board-count-range = Must be between { $low } and { $high } (not { $value })
refusal-board-building-tokens = All { $limit } building tokens are used
refusal-board-sawmills-per-area = An area has { $limit } sawmill buildings
refusal-board-storage-spaces = Storage has { $spaces } open spaces: take wood out first
refusal-session-no-suggestion = That suggestion was already applied or dismissed
refusal-session-not-a-count = This count cannot be changed here
refusal-session-not-a-step = A step is a whole number (not { $value })
suggest-row-bonus = { $table } row { $row } is full: +{ $vp } VP
suggest-below-seedling = A { -seedling } below the { -reforestation-table }: +{ $vp } VP
suggest-below-forester = A { $type } token below the { -reforestation-table }: +{ $vp } VP
suggest-reward-lap = Reward track lap: +{ $vp } VP
suggest-round-token = From the { -round-token }: { $coins ->
        [0] {""}
        [one] +1 coin
       *[other] +{ $coins } coins
    }{ $gain ->
        [none] {""}
       *[other] { $coins ->
            [0] {""}
           *[other] ,{" "}
        }+1 { $gain_name }
    }
suggest-seat-income = Seat income: +{ $coins } coins{ $seedlings ->
        [0] {""}
       *[other] , +{ $seedlings } { -seedling }
    }
sheet-suggest-title = To apply (the app never adds these by itself)
sheet-suggest-apply = Apply
sheet-suggest-dismiss = Already counted
sheet-table-forestry = Forestry table
sheet-table-reforestation = Reforestation table
sheet-gain-construction-material = construction material
sheet-gain-seedling = { -seedling }
sheet-gain-temp-worker = temp worker
sheet-column-type = Column { $n }: type
sheet-column-count = Column { $n }: tokens
sheet-field-extensions = Storage extensions open
sheet-seedlings-in = { -seedling }s in { $area }
sheet-field-forest-buildings = Forest buildings
sheet-field-sawmill-upgrades = Upgraded sawmills in { $area }
sheet-remove-contract = Remove contract { $n }
sheet-remove-task = Remove task card { $n }
sheet-remove-animal = Remove card { $n }
sheet-shelter-scored = Scored: +1 each for the Animal Expert
sheet-shelter-not-scored = Every player has a shelter; only the Animal Expert scores it
score-waiting = Waiting for a printed value (asked below)
sheet-total-provisional = provisional: a printed value is still needed
finish-missing-title = Finish with values missing?
finish-missing-text = { $n ->
        [one] One printed value is still missing
       *[other] { $n } printed values are still missing
    }: the totals are provisional and no winner is named. You can complete this game later from History.
finish-missing-back = Keep entering
finish-missing-anyway = Finish anyway
history-complete-game = Complete this game
settings-printed-confirmed = Confirmed at this table: applies to new and unfinished games
settings-printed-save = Save
settings-printed-delete = Delete
river-forester-pair = Each 2 { -forester-token }s
river-seedling-pair = Each 2 { -seedling }s
score-rescore = Score again with the printed values remembered now

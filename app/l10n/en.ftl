## Forest Table: English catalogue.
## Glossary first: one name per component (Fluent terms), then the messages.
## Messages never repeat a component's name: they use its term. A term that can start a
## sentence takes case: "upper" ({ -seedling(case: "upper") }); other languages ignore it.

## Glossary (terms)

-forestry = Forestry
-forest-guardians = Forest Guardians
-growing-forward = Growing Forward
-harvester = harvester
-forester-token = { $case ->
        [upper] Forester token
       *[lower] forester token
    }
-seedling = { $case ->
        [upper] Seedling
       *[lower] seedling
    }
-wood = wood
-construction-material = construction material
-temp-worker = temp worker
-infested-wood = infested wood
-reforestation-table = reforestation table
-forestry-table = forestry table
-technology-table = technology table
-technology-tile = technology tile
-spawn-card = spawn card
-spawn-deck = spawn deck
-round-token = round token
-storage = storage
-storage-extension = storage extension
-detached-storage = detached storage
-contract-card = contract
-task-card = task card
-river-token = river token
-building-token = building token
-sawmill-building = sawmill building
-forest-building = forest building
-harvest-token = harvest token
-clearing-token = clearing token
-player-board = player board
-vp = VP
-infestation-module = bark beetle infestation module
-logistics-manager = Logistics Manager

## Lists: between items, and before the last one.

list-semicolons = {"; "}
list-commas = {", "}
list-or = {" or "}
list-and = { $head } and { $last }

## Score sheet: what to read off a component (scoring.printed.AskCode)

ask-buildings-vp-none = Read the number printed on the buildings track of { $side_b ->
        [true] your { -player-board }, side B
       *[false] your { -player-board }
    } for no { -building-token }s used (enter 0 if no number is printed there).
ask-buildings-vp = Read the number printed under your rightmost uncovered space on the buildings track of { $side_b ->
        [true] your { -player-board }, side B
       *[false] your { -player-board }
    } ({ $count } { -building-token }s used).
ask-tasks-vp = Read the { -vp } for { $count } fulfilled { $count ->
        [one] { -task-card }
       *[other] { -task-card }s
    } on row 3 of the back of the reference tile{ $count ->
        [0] {" "}(enter 0 if nothing is printed there)
       *[other] {""}
    }.
ask-forest-worker-buildings-vp = Read the number printed under the rightmost uncovered space on the Forest Worker board's buildings track ({ $count } { -building-token }s used).
ask-technician-vp = Read the { -vp } printed below the rightmost collected Technician tile on the optimisation track of the Technician board ({ $count } tiles collected; enter 0 if no number is printed for it).
ask-detached-top-tie = Read the 1st / 2nd / 3rd place { -vp } on the detached scoring card's row for two { -detached-storage }s tied for the most { -infested-wood }.

## Score sheet notes (scoring.forestry.score.NoteCode, scoring.guardians.score.GuardiansNote)

-tie-breaker = { $level ->
        [1] { -seedling }s planted
        [2] contracts fulfilled
       *[3] { -task-card }s fulfilled
    }
note-tie-level = { $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    }
note-tie-decided = { $names } tied on { $total } { -vp }; { $has_equal ->
        [true] equal on { $equal }, decided
       *[false] decided
    } by { $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    } ({ $values }).{ $has_then ->
        [true] {" "}{ $then }
       *[false] {""}
    }
note-tie-then = Between { $names }, { $has_equal ->
        [true] equal on { $equal }, decided
       *[false] decided
    } by { $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    } ({ $values }).
note-tie-then-shared = { $names } stay tied on every tie-breaker: they share the rank.
note-tie-shared = { $names } tied on { $total } { -vp } and on every tie-breaker ({ -tie-breaker(level: 1) }, { -tie-breaker(level: 2) }, { -tie-breaker(level: 3) }): they share the rank.
note-not-complete = Not complete: ranks are provisional (they leave out the categories still needed) and no winner is named until every value is known.
note-one-player = One player: the sources give no solo end scoring (the solo game has an opponent whose rules they do not print), so this is no solo end score and names no winner: it is only the sum of the categories shown. Most { -forester-token }s is not scored (there is nobody in the sources to compare with).
note-value-used = { $table }[{ $key }] = { $value } ({ $origin ->
        [record] this record's printed values
       *[confirmed] confirmed by you earlier
    }).
note-contracts-unknown = { $player }: the two-category contracts cannot be assigned until the values listed as needed are known.
note-contract-chosen = contract { $number } ({ $first }/{ $second }) -> { $chosen } ({ $by_record ->
        [true] chosen by the player
       *[false] best
    })
note-contracts-chosen = { $player }: { $parts }. Choose a contract's category to pin it.
note-assignment-rule = Two-category contracts: each counts for the category that gives its player the most { -vp } over everything it changes (water, { -task-card }s, unused resources{ $ranked ->
        [true] , the { -detached-storage } ranking { -task-card }s fulfilled
       *[false] {""}
    }), then the most { -task-card }s fulfilled, then the first such choice in record order.
note-assignment-replies = { $fallback ->
        [true] A { -detached-storage } ranks { -task-card }s fulfilled, so the players' choices depend on each other; taking, in seat order, each player's best reply to the others' did not settle within { $rounds } rounds, so each player's best choice without that storage is used.
       *[false] A { -detached-storage } ranks { -task-card }s fulfilled, so the players' choices depend on each other: in seat order each player took their best reply to the others' choices until a whole round changed nothing ({ $rounds } { $rounds ->
            [one] round
           *[other] rounds
        }).
    }
note-forest-building-tasks = { $player }: { $marked ->
        [one] 1 { -task-card } for a { -forest-building } next to a { -harvest-token } is
       *[other] { $marked } { -task-card }s for a { -forest-building } next to a { -harvest-token } are
    } marked met, but each needs a { -forest-building } of its own and { $player } built { $counted ->
        [0] none, so none counts.
        [one] 1, so only 1 counts.
       *[other] { $counted }, so only { $counted } count.
    }
note-assignment-stable = { $count } stable outcomes exist (in each, every player's choice is their best reply to the others'), and they can give different totals and a different winner. The rule above chose this one: from each player's best choice without that storage, best replies in seat order, so seat order can decide it. { $count ->
        [2] The other one
       *[other] The others
    } ({ -task-card }s fulfilled): { $others }. To score another one, players pin their two-category contracts on their sheets (Contracts, "counts as"), as a record's "chosen" does.
note-guardians-shared-win = { $names } tie on { $points } points and share the win (the rulebook names no tie-breaker).

## UI texts (the screens' words; a screen asks for the id itself: t("home-new-game"))

app-title = Forest Table
app-tagline = Table companion for Forestry and Forest Guardians
nav-back = Back
nav-home = Home
common-yes = Yes
common-no = No
common-cancel = Cancel
common-ok = OK
common-none = None
common-loading = Loading…
common-not-available-reason = This part of the app is not ready yet: { $what }.
common-error = Something went wrong: { $message }
game-forestry = Forestry
game-forestry-long = Forestry (with Growing Forward)
game-forest-guardians = Forest Guardians
home-new-game = New game
home-in-progress = Games in progress
home-history = History
home-statistics = Statistics
home-settings = Settings
home-no-games = No games in progress.
home-resume = Resume
home-game-line = { $game } · { $players } · { $when }
settings-title = Settings
settings-language = Language
settings-theme = Theme
settings-theme-system = System
settings-theme-light = Light
settings-theme-dark = Dark
settings-printed = Printed values
settings-printed-intro = Numbers printed on the components. Unknown ones are asked at the table and remembered.
settings-printed-source = Source: { $source }
settings-printed-unknown = not printed in the sources: asked when needed
settings-rules = Rules decisions
settings-rules-missing = The rules decisions file was not found.
settings-about = About
printed-buildings_vp = Buildings track VP (by building tokens used)
printed-tasks_vp = Task cards VP (by cards fulfilled)
printed-forest_worker_buildings_vp = Forest Worker buildings track VP
printed-technician_vp = Technician VP (by tiles collected)
printed-detached_top_tie = Detached storages: two tied at the top
printed-forester_majority = Most forester tokens: 1st / 2nd / 3rd
printed-detached_most = Detached storage with the most { -infested-wood }
printed-detached_second = Detached storage with the second-most
printed-detached_least = Detached storage with the fewest
printed-detached_all_tied = Detached storages all tied
printed-detached_tied_below_top = Detached storages: two tied below the top
lang-en = English
lang-ja = 日本語
new-title = New game
new-game = Game
new-players = Players
new-player-count = Number of players
new-player-name = Player { $n }
new-player-name-hint = Name
new-seat = Seat { $n }
new-colour = Colour
new-move-up = Move up
new-move-down = Move down
new-options = Options and modules
new-mode = Mode
new-mode-tutorial = Tutorial
new-mode-standard = Standard
new-mode-advanced = Advanced
new-tech-side = Technology tiles side
new-infestation = Bark beetle infestation (Growing Forward)
new-asymmetric = Asymmetric setup cards (Growing Forward)
new-guardians-advanced = Advanced game (ranger board side B)
new-seed = Seed (optional)
new-seed-hint = Empty: a random seed
new-start = Deal the setup
new-unavailable = Not available: { $reason }
new-reason-infestation-solo = the infestation module is not played solo
new-reason-tech-tutorial = the tutorial uses the pre-printed { -technology-table }
new-reason-characters-advanced = characters are part of the advanced game
new-reason-players = { $game } is for { $low }–{ $high } players
new-reason-characters-count = one character per player at most
new-reason-tutorial-table = the tutorial { -technology-table } is an option of the advanced game
new-tech-random = Random
new-ranger = Ranger
ranger-julia = Julia (Animal Expert)
ranger-jack = Jack (Firefighter)
ranger-fluffy = Fluffy (Mountain Protector)
ranger-bean = Bean (Master Gardener)
new-character = Character (advanced game)
new-character-dealt = Dealt at random
new-ranger-dealt = Dealt at random
new-ranger-taken = another player has this ranger
new-tutorial-table = Tutorial { -technology-table } (advanced game)
new-seat-order = Seat order (seat 1 starts)
character-trade_specialist = Trade Specialist
character-forest_ecologist = Forest Ecologist
character-logistics_manager = Logistics Manager
character-monitoring_specialist = Monitoring Specialist
area-light_green = light green
area-dark_green = dark green
area-orange = orange
setup-big-sawmills = Upgraded sawmill: { $n }
setup-big-harvested = Harvested: { $n }
setup-big-clearings = Clearing removed: { $n }
setup-big-meanders = Meander: { $n }
setup-big-reservoirs = Reservoir: { $n }
setup-big-forester-thinning = Thinning → { $n }
setup-big-forester-den_tree = Den tree → { $n }
setup-big-forester-painting = Painting → { $n }
setup-big-hq = HQ { $area }: tile { $n }
setup-big-coins = Coins by seat: { $n }
setup-big-tech-side = Side { $side }
setup-source = Source: { $source }
new-error-name-required = Every player needs a name
new-error-same-name = The same name as player { $n }
new-error-fix-above = Not dealt yet: { $n ->
    [one] one field above needs a fix
   *[other] { $n } fields above need a fix
}
new-roster = People in History: tap one for the next empty seat
new-error-seed = The seed is a whole number
new-error-player-count = { $game } is for { $low }–{ $high } players (got { $n })
new-error-colour-unknown = '{ $value }' is not one of the colours ({ $colours })
new-error-same-colour = The same colour as player { $n }
new-error-role-unknown = '{ $value }' is not a { $role } of this game (one of: { $roles })
new-error-role-taken = Player { $n } already has this { $role }
new-error-roles-off = With these options no player chooses a { $role } (they do in the advanced game)
new-error-option-unknown = { $game } has no option '{ $key }' (its options: { $keys })
new-error-option-value = { $key } is one of { $choices } (got '{ $value }')
new-error-option-flag = { $key } is yes or no (got '{ $value }')
new-error-option-twice = { $key } is given twice
new-error-option-pair = an option is KEY=VALUE (got '{ $value }')
new-role-character = character
new-role-ranger = ranger
colour-blue = Blue
colour-red = Red
colour-yellow = Yellow
colour-purple = Purple
colour-green = Green
colour-black = Black
character-forest_worker = Forest Worker
character-forest_road_manager = Forest Road Manager
character-technician = Technician
setup-title = Setup
setup-progress = Step { $done } of { $total } done
setup-step = Step { $n }
setup-mark-done = Done
setup-mark-undone = Not done
setup-deal-again = Deal again
setup-deal-again-help = A new seed deals a different setup (only before play starts).
setup-seed = Seed { $seed }
setup-start-play = Start playing
setup-all-done = Everything is set up.
setup-dealer-missing = The setup dealer is not available yet.
sheet-title = { $name }
sheet-total = Total
sheet-undo = Undo
sheet-redo = Redo
sheet-decrease = Less { $field }
sheet-increase = More { $field }
keypad-open = Type { $field } with the keypad
keypad-owner = { $name } · { $part }
keypad-close = Close the keypad
keypad-now = Now { $a } → { $b }
keypad-change = change { $change }
keypad-digit = Digit { $digit }
keypad-plus = Plus
keypad-minus = Minus
keypad-backspace = Delete the last key
keypad-clear = Clear
keypad-clear-label = Clear what was typed
keypad-done = Done
keypad-next = Next: { $field }
sheet-scoreboard = Scoreboard
sheet-finish = Finish the game
score-title = Scoreboard
score-category = Category
score-total = Total
score-rank = Rank
score-tie = Tie
score-needs = Needs a printed value
score-confirm = Confirm
sheet-players = Players
sheet-stale = Another phone changed the game just now: look again and tap again if it still applies.
sheet-forbidden = This phone may not change that.
sheet-refused = { $message }
table-title = The table
table-round = Round { $n } ({ $left } round tokens left)
table-foresters = Forester tokens: { $spaces }
table-infested = Infested wood on spaces { $spaces }
table-final-turns = Last { -round-token } is up: everyone takes one final turn.
table-reveal-round = Turn up the next { -round-token }
table-no-round-left = No { -round-token } left
table-replenish = Replenish forester tokens
table-detached-hint = { -infested-wood } delivered to this { -detached-storage }
table-trigger-last_tree_planted = Planted their last tree:
table-trigger-last_tile_drawn = Drew the last terrain tile:
table-end-last_tree_planted = { $name } planted their last tree: everyone else takes one more turn.
table-end-last_tile_drawn = { $name } drew the last terrain tile: the game ends after this turn.
criterion-most_open_storage_spaces = Detached storage: most open storage spaces
criterion-most_buildings = Detached storage: most buildings
criterion-most_contracts_fulfilled = Detached storage: most contracts
criterion-most_task_cards_fulfilled = Detached storage: most task cards
criterion-highest_water_multiplier = Detached storage: highest water multiplier
criterion-most_seedlings_planted = Detached storage: most seedlings planted
sheet-add-double-contract = + Two-category contract:
sheet-contract-counts-as = Contract { $n } counts as
sheet-contract-auto = Best for me
sheet-sec-tasks = Task cards
sheet-task-add-contract = Task: a contract of
sheet-task-add-seedlings = Task: two seedlings in
sheet-task-add-forester = Task: a { -forester-token }
sheet-task-add-sawmill = Task: an upgraded sawmill in
sheet-task-met = Task { $n }: forest building next to its harvest token?
# "an" before a vowel ($kind: the category's code)
task-contract = { $kind ->
    [accessory] An { $what } contract
    [innovation] An { $what } contract
   *[other] A { $what } contract
}
task-seedlings = Two seedlings in { $area }
task-forester = A { $what } { -forester-token }
task-sawmill-upgrade = An upgraded sawmill in { $area }
task-river-token = A { -river-token }
task-forest-building = A forest building next to a harvest token
sheet-task-add-river = Task: a { -river-token }
sheet-task-add-forest-building = Task: a forest building next to a harvest token
sheet-share = Seat QR codes for the other phones
sheet-live-total = Live total
sheet-rank = Rank { $rank }
sheet-not-scorable = No score yet
sheet-sec-score = Score track
sheet-sec-resources = Resources
sheet-sec-storage = Storage
sheet-sec-reforestation = Reforestation table
sheet-sec-forestry-table = Forestry table
sheet-sec-buildings = Buildings
sheet-sec-river-tokens = River tokens
sheet-sec-contracts = Contracts
sheet-sec-character = Character
sheet-sec-trees = Trees planted (points uncovered)
sheet-sec-animals = Animal cards
sheet-sec-ranger = Ranger: { $ranger }
sheet-reward-lap = Reward lap (+3 VP)
sheet-extensions = Storage extensions open: { $n }
sheet-plant = Plant in { $area } ({ $n })
sheet-place-forester = Place { $what }
sheet-columns = Columns: { $columns }
sheet-add-contract = + { $what } contract
sheet-add-animal = + card worth { $n }
sheet-remove-last-animal = Remove the last card
sheet-setup-status = Place every { -harvester }, then start the game.
sheet-harvester = { $name }: { -harvester } on space
sheet-start-game = Start the game
sheet-finished = This game is finished.
sheet-no-table = This game could not be opened: { $message }
field-score_track = Score track VP
field-coins = Coins
field-construction_materials = Construction materials
field-seedlings = Seedlings
field-temp_workers = Temporary workers
field-wood = Wood in storage
field-infested_wood = Infested wood in storage
field-seedlings_below = Seedlings below the table
field-below = { $what } below the table
field-road_connections = Road connections
field-technician_tiles = Technician tiles
field-full_seedling_rows = Full seedling rows
field-tree_row = Tree row { $n }
field-fire_tokens = Fire tokens
field-animals_in_shelter = Animals in the shelter
field-calocedrus_on_mountains = Calocedrus on mountains
forester-thinning = Thinning
forester-den_tree = Den tree
forester-painting = Painting
river-accessory = Accessory
river-innovation = Innovation
river-furniture = Furniture
river-building = Building
river-sawmill_upgrade = Sawmill upgrade
river-forest_building = Forest building
river-forester_pair = Two { -forester-token }s
river-seedling_pair = Two { -seedling }s
category-accessory = Accessory
category-innovation = Innovation
category-furniture = Furniture
category-building = Building
category-score_track = Score track
category-buildings = Buildings
category-water = Water structures
category-tasks = Task cards
category-forester_majority = Forester tokens
category-resources = Unused resources
category-wood = Wood
category-detached = Detached storages
category-road_connections = Road connections
category-technician = Technician
category-trees = Trees
category-animals = Animals
category-fires = Fires
category-ranger = Ranger
score-winners = Winner: { $names }
score-provisional = Provisional: some printed values are still needed.
score-needs-title = Printed values needed
score-value = Value
score-chart = Totals
history-title = History
history-empty = No finished games yet.
history-none-match = No finished games match.
history-more = Show more games
history-filter-game = Game
history-filter-person = Player
history-all-games = All games
history-everyone = Everyone
stats-title = Statistics
stats-empty = No statistics yet.
stats-plays = Plays { $n }
stats-wins = Wins { $n }
stats-average = Average { $n }
stats-best = Best { $n }
finish-title = Game over
finish-row = { $rank }. { $name }: { $total } points
finish-row-incomplete = { $name }: no total yet (the result is incomplete)
finish-saved = Saved: the game is in the history.
finish-not-saved = Not in the history yet: the record was not stored.
finish-not-finished = This game is not finished yet.
finish-tie-shared = Tie on { $total }: { $names } share the victory.
finish-tie-broken = Tie on { $total } between { $names }, broken by: { $how }
finish-tie-rules = the rules' tie-breaker
finish-share = Share
finish-share-hint = Scan the code to get the result as text.
finish-copy = Copy
finish-copied = Copied
finish-download = Download
finish-exports = Export
finish-exports-hint = Download a file or copy its text.
finish-export-record = Record (JSON, v1)
finish-export-bgstats = BG Stats file
finish-export-bgg = BoardGameGeek CSV
finish-bgstats-link = Open in BG Stats
finish-bgstats-qr-hint = Scan with a phone that has BG Stats to add this play there.
finish-rematch = Rematch
finish-open = Result and sharing
stats-win-rate = Win rate { $n }%
stats-chart-scores = Score over time
stats-chart-categories = Category averages
stats-person = Person
stats-charts = Charts
tablemode-join-title = Join the table
tablemode-join-how = Scan the table's QR code with this phone's camera: the host shows one for each seat. Or open the link the host sent you.
tablemode-join-invalid = This link no longer works. Ask the host for your seat's new QR code.
tablemode-join-revoked = The host gave this seat a new link. Scan the new QR code to come back.
tablemode-loading = Joining the table…
tablemode-stopped-title = The table server has stopped
tablemode-stopped-how = Nothing you entered is lost. When the host starts it again, reload this page.
tablemode-you = { $name } · seat { $seat }
tablemode-host = Host · everything on this table
tablemode-read-only = { $name }'s sheet: read only. Tap your own name to play.
tablemode-language = Language: { $language }
tablemode-tables = Tables and QR codes
host-title = Table #{ $game_id }: QR codes
host-host-link = Host link (everything on this table)
host-host-link-keep = Not for a player: this code opens every board of the table. Keep it for the table's host.
host-seat = Seat { $seat }: { $name }
host-qr = QR code for { $what }
host-scan = Scan with the phone of { $name }
host-reissue = New link (the old one stops working)
host-reissued = Seat { $seat }: new link; the old one no longer works.
host-tables = Tables
host-open = Open the table
host-no-tables = No open tables. Start a new game first.
host-open-table = Table #{ $game_id }: { $players }

## Setup checklists (setup.forestry.StepCode, step titles by step id, labels of dealt values)

list-sentences = {" "}

step-title-solo-note = Solo game
step-title-board-1-board = Game board
step-title-board-2-contracts = Contracts
step-title-board-3-spawn_deck = Spawn deck
step-title-board-4-tasks = Task cards
step-title-board-5-sawmills = Sawmill buildings
step-title-board-6-processing = Wood-processing tokens
step-title-board-7-hq = HQ tiles
step-title-board-8-harvest_tokens = Harvest tokens
step-title-board-9-harvested = Harvested spaces
step-title-board-10-clearings = Clearing tokens
step-title-board-11-rivers = River tokens
step-title-board-12-round_tokens = Round tokens
step-title-board-13-supply = Supply
step-title-board-14-foresters = Forester tokens
step-title-gf-detached_storages = Detached storages
step-title-gf-detached_scoring = Detached scoring tokens
step-title-gf-reproduction = Reproduction tokens
step-title-gf-infestation = Infestation card
step-title-gf-locations = Location tiles
step-title-gf-supply = Scoring card and new resources
step-title-char-deal = Characters
step-title-char-trade_specialist = { label-trade_specialist }
step-title-char-forest_ecologist = { label-forest_ecologist }
step-title-char-logistics_manager = { label-logistics_manager }
step-title-char-monitoring_specialist = { label-monitoring_specialist }
step-title-char-forest_worker = { label-forest_worker }
step-title-char-forest_road_manager = { label-forest_road_manager }
step-title-char-technician = { label-technician }
step-title-player-1-board = Player boards
step-title-player-2-action = Action marker
step-title-player-3-buildings = Building tokens
step-title-player-4-cubes = Track cubes
step-title-player-5-spare_cubes = Spare cubes
step-title-player-6-technology = Technology tiles
step-title-player-7-storage = Storage extensions
step-title-player-8-star = Star marker
step-title-player-9-water = Water structures
step-title-player-10-reference = Reference tiles
step-title-player-11-score = Score marker
step-title-player-12-contract = Starting contract
step-title-player-13-manager = Sawmill manager
step-title-player-14-wood = Starting wood
step-title-player-15-first = First player
step-title-player-16-resources = Seedling and coins
step-title-player-16-asymmetric = Asymmetric setup cards
step-title-player-gf_van = Van tiles
step-title-player-17-round_token = First round token
step-title-player-18-harvesters = Harvesters

label-light_green = light green
label-dark_green = dark green
label-orange = orange
label-thinning = thinning
label-den_tree = den tree
label-painting = painting
label-most_open_storage_spaces = most open { -storage } spaces
label-most_buildings = most upgraded sawmills + { -forest-building }s
label-most_contracts_fulfilled = most contracts fulfilled
label-most_task_cards_fulfilled = most { -task-card }s fulfilled
label-highest_water_multiplier = highest water structures multiplier
label-most_seedlings_planted = most { -seedling }s planted
label-tree_nursery = tree nursery
label-lookout_tower_construction_site = lookout tower construction site
label-lake = lake
label-two_coins = 2 coins
label-task_card = 1 { -task-card }
label-two_stars = 2 stars
label-any_resource = 1 resource of your choice
label-two_vp = 2 { -vp }
label-trade_specialist = Trade Specialist
label-forest_ecologist = Forest Ecologist
label-logistics_manager = { -logistics-manager }
label-monitoring_specialist = Monitoring Specialist
label-forest_worker = Forest Worker
label-forest_road_manager = Forest Road Manager
label-technician = Technician
label-accessory = accessory
label-innovation = innovation
label-furniture = furniture
label-building = building
label-sawmill_upgrade = sawmill upgrade
label-forest_building = forest building
label-forester_pair = forester pair
label-seedling_pair = seedling pair
label-pine = pine
label-birch = birch
label-spruce = spruce
label-beech = beech
label-oak = oak

step-came-up-one = card { $card }
step-came-up-many = cards { $cards } ({ $notes })
step-outside = { $cards } { $count ->
        [one] is
       *[other] are
    } outside 1–{ $high }
step-repeated = { $cards } was already chosen (the deck had been reshuffled)
step-reshuffled = (The { -spawn-deck } ran out before card { $card }: all 15 { -spawn-card }s were shuffled into a new deck.)
step-runs-one = 3 players: { -spawn-card }s were turned up until one numbered 1–{ $high } came up: { $first }.
step-runs-two = 2 players: twice, { -spawn-card }s were turned up until one numbered 1–{ $high } came up (a different one the second time): first { $first }, then { $second }.
step-board = Put the game board in the middle of the table.
step-contracts = Shuffle the contract deck. Lay 2 contracts face up beside each area (orange, dark green, light green) and put the deck face down beside the board.
step-spawn = Put the { -forester-token }s beside the board. This dealer plays the { -spawn-deck } (15 cards, numbered 1–15): every card it turned up is named in the steps below, so leave your { -spawn-card }s aside for now.
step-tasks = Shuffle the task deck, put it face down beside the board and turn 1 { -task-card } face up next to it.
step-sawmills = Put the nine { -sawmill-building } tiles (numbered 1–9) on their matching spaces in the orange, dark green and light green areas.
step-sawmills-upgraded = { $count ->
        [one] Flip { -sawmill-building } { $first } to its upgraded side and put a { -building-token } of a colour nobody plays on its upgrade icon.
       *[other] Flip { -sawmill-building }s { $first } and { $second } to their upgraded side and put a { -building-token } of a colour nobody plays on each upgrade icon.
    }
step-processing = Put the wood-processing tokens beside the three { -sawmill-building }s that show the matching processing symbol.
step-hq = Take the set of three HQ tiles for { $players ->
        [one] 1 player
       *[other] { $players } players
    }. Lay them face up in a row in any order and count them 1, 2, 3 from the left; put { $tiles }, each with the side for { $players ->
        [one] 1 player
       *[other] { $players } players
    } up.
step-hq-tile = tile { $position } on the { $area } HQ space
step-hq-solo = Solo: 002 picks the set of three HQ tiles and its side by the number of players, and our sources name none for 1 player: take the tiles and side your solo rules give. Lay the three in a row in any order and count them 1, 2, 3 from the left; put { $tiles }.
step-harvest-tokens = Put the 15 { -harvest-token }s, colourful side up, on the spaces printed for them.
step-harvest-tokens-gf = ({ -growing-forward }: you may use its wooden { -harvest-token }s instead.)
step-harvested = Spawn cards { $cards } came up{ $passed_over ->
        [true] {" "}(a number that came up again after the reshuffle was passed over)
       *[false] {""}
    }: turn the { -harvest-token }s on spaces { $spaces } to their dark (harvested) side.
step-clearings = Shuffle the 9 { -clearing-token }s face down, put one on each numbered clearing space 1–9 and turn them face up.
step-clearings-removed = { $count ->
        [one] Remove the { -clearing-token } on clearing space { $first } (back to the box) and put a { -building-token } of a colour nobody plays there.
       *[other] Remove the { -clearing-token }s on clearing spaces { $first } and { $second } (back to the box) and put a { -building-token } of a colour nobody plays on each.
    }
step-rivers = Shuffle the { -river-token }s face down, put one on each river space 1–8 and turn them face up.
step-rivers-meander = Replace the { -river-token } on river space { $meander } with a meander of a colour nobody plays (the { -river-token } goes back in the box).
step-rivers-meander-reservoir = Replace the { -river-token } on river space { $meander } with a meander and the one on river space { $reservoir } with a reservoir with bridge, both of a colour nobody plays (the { -river-token }s go back in the box).
step-round-tokens = The dealer has shuffled the { -round-token }s and keeps their order hidden; it turns one up each round ({ $count } rounds). Put the tokens face down by the round slot with the green start icon.
step-round-tokens-advanced = Advanced game: only { $count } are used — one, unseen, stays in the box.
step-round-tokens-by-hand = If you turn { -round-token }s up by hand instead, shuffle them face down into a stack on that slot{ $one_out ->
        [true] {" "}(one fewer: put one back unseen)
       *[false] {""}
    } and at the first round reveal your own top token.
step-supply = Make a common supply of coins, construction materials, temp workers, { -seedling }s and the five kinds of wood token.
step-foresters = All 15 { -spawn-card }s were shuffled into a new deck and cards { $cards } came up: put one { -forester-token } of each type on the forest — { $where }. Playing without the app? Shuffle all 15 { -spawn-card }s into a face-down deck for play.
step-forester-on = { $kind } on space { $space }
step-gf-storages = Shuffle the 3 { -detached-storage } tiles face down and put one face up between each pair of neighbouring HQ tiles, next to the board.
step-gf-scoring = Starting with the { -detached-storage } near the start of the score track and going clockwise, put on the marked space (right side) of each: { $criteria }. The other three tokens go back in the box.
step-gf-criterion = { $number }) { $criterion }
step-gf-reproduction = Put a spruce bark beetle reproduction token on score-track spaces 4, 10, 18 and 28.
step-gf-infestation = Put the 21 { -infested-wood } tokens in a supply. Lay the three infestation cards face up in a row in any order and take card { $card }, counting from the left; put an { -infested-wood } token on each space it shows for { $players } players and return the cards to the box. The cards' spaces are not in our sources: tell the app which spaces got { -infested-wood }.
step-gf-locations = One per area on its double-hex space: { $light_green } in light green (on the double-hex space near the start of the score track), { $dark_green } in dark green, { $orange } in orange. Leave the { -harvest-token }s on those spaces visible.
step-gf-supply = Put the detached scoring card near the board and make a supply of water monitoring specialist, fir seedling and lookout tower level tokens.
step-gf-van = Each player puts a van tile on the character picture of their { -player-board }.
step-characters = Characters in play: { $names }.
step-characters-named = You named { $named }; the dealer drew { $drawn } at random.
step-characters-all-drawn = All drawn at random by the dealer.
step-characters-hand-out = Hand them out at random (or as you agree); each player takes one.
step-characters-pool = (Drawn from the four base characters{ $growing_forward ->
        [true] {" "}and the three { -growing-forward } characters
       *[false] {""}
    }.)
step-trade = Put the five reward tokens, bright side up, below the character picture, one per wood type: { $rewards }.
step-trade-reward = { $species } → { $reward }
step-ecologist = Put the den tree board next to the { -player-board }; shuffle the 15 creature tokens (5 blue, 5 yellow, 5 red) face down nearby.
step-logistics = At step { $step } (002 player setup 7, the { -storage-extension } tiles) use the { -logistics-manager }'s own { -storage-extension } tiles on the three rightmost { -storage } spaces.
step-monitoring = Put one data token on every forest space.
step-forest-worker = Uses the Forest Worker { -player-board } with its combined forestry and reforestation table.
step-road-manager = Lay the three Forest Road Manager setup cards face up in a row in any order and take card { $card }, counting from the left. Shuffle the 9 damaged road tiles face down and put one, damaged side up, on each border the card highlights; the rest go back in the box.
step-technician = Turn the 9 Technician tiles optimised side (tools, the same on all) up, shuffle them, put one on each of the nine { -sawmill-building } tiles and flip each to its diagnostics (split) side.
step-solo = The solo opponent's rules (its own setup, its turns, its fixed starting resources) are not in our sources. The steps below are the ones the sources give; add whatever your solo rules add. The infestation module is not played solo (001).
step-p-board = Each player takes a { -player-board } and every component of one colour; play the board's side { $advanced ->
        [true] B (advanced game)
       *[false] A
    }.
step-p-board-own = { $names }: use that character's own { -player-board }.
step-p-action = Put your action marker on space 3 of the action track.
step-p-buildings = Put your six { -building-token }s on their spaces at the bottom left of your board.
step-p-cubes = Put one cube of your colour on each of: the leftmost space of the development track; the reward-track space whose reward includes "any resource"; the bottom space of the water structures track (1×).
step-p-spare = Put your remaining six cubes beside your board.
step-p-technology-none = No { -technology-tile }s: you use the { -technology-table } printed on the { -player-board } (tutorial table).
step-p-technology = Put the { -technology-tile }s on their spaces of each board, side { $side } up for every player ({ $dealt ->
        [true] dealt at random
       *[false] as chosen
    }; everyone plays the same side).
step-p-storage = Put the { -storage-extension } tiles I, II, III (left to right) on the three rightmost spaces of your { -storage }.
step-p-star = Put your star marker on space 2 of the reward track.
step-p-water = Put your meander on the upper and your reservoir with bridge on the lower water structure space of your board.
step-p-reference = Put the reference tiles beside the boards (there are only two: share them).
step-p-score = Put your score marker on space 0 of the score track, the side without "50+" up.
step-p-contract = Each player draws one starting contract at random and puts it to the right of their board.
step-p-manager = Put your sawmill manager on the HQ tile whose colour matches the HQ symbol at the bottom right of your starting contract.
step-p-wood = Put the wood token(s) shown on your starting contract on free { -storage } spaces.
step-p-first = { $players ->
        [one] You are the first player: take the first player token.
       *[other] The player who last touched a tree is the first player and takes the first player token; play goes clockwise.
    }
step-p-asymmetric = { $solo ->
        [true] Asymmetric setup cards (instead of the { -seedling } and coins): shuffle the 12 cards, draw two and keep one; take what it shows (coins for the first seat) and return both cards to the box. Only you choose; the solo opponent's starting resources are fixed by the solo rules.
       *[false] Asymmetric setup cards (instead of the { -seedling } and coins): shuffle the 12 cards; each player draws two and keeps one, takes what it shows (coins by seat order, as printed) and returns both cards to the box.
    }
step-p-coins = Each player takes 1 { -seedling } and coins by seat order: { $coins }.
step-p-seat-coins = { $seat ->
        [1] first
        [2] second
        [3] third
       *[4] fourth
    } { $coins }
step-p-round = The first { -round-token } is turned up: { $name }. { $effect }
step-p-harvesters = { $players ->
        [one] Put your { -harvester } on any forest space.
       *[other] Starting with the last player and going counter-clockwise, each player puts their { -harvester } on any forest space; one { -harvester } per space (a double space counts as one).
    }
step-round-token-name = { $gain ->
        [flip] 1 coin + flip a { $species }
        [construction_material] 1 construction material
        [seedling] 1 { -seedling }
        [task_card] 1 { -task-card }
        [temp_worker] 1 temp worker
       *[coins] { $coins } coins
    }
step-round-token-effect = { $gain ->
        [flip] Every player takes 1 coin; the first player turns a { $species } { -harvest-token } from its colourful to its dark (harvested) side, if one is left; which one is not the first player's choice: the rulebook fixes the order (its picture, not in our sources).
        [construction_material] Every player takes 1 construction material.
        [seedling] Every player takes 1 { -seedling }.
        [task_card] Every player draws 1 random { -task-card } from the deck.
        [temp_worker] Every player takes 1 temp worker.
       *[coins] Every player takes { $coins } coins.
    }
hq-set = { $players ->
        [one] the HQ tiles your solo rules give (our sources name no set for 1 player)
       *[other] the HQ tile set for { $players } players
    }
hq-side = { $players ->
        [one] the side your solo rules give (our sources name none for 1 player)
       *[other] the side for { $players } players
    }
hq-positions = 1-3 from the left in a row of the set's tiles laid out in any order

## Forest Guardians setup checklist (setup.guardians.GuardiansStep)

gsetup-title = { $step ->
        [two_player_removals] 2 players: return components to the box
        [animal_tokens] Animal tokens
        [resource_deck] Resource deck
        [animal_deck] Animal deck
        [starting_tile] Starting tile and Illegal Logger
        [terrain_piles] Terrain piles
        [starting_hands] Starting hands
        [ranger_boards] Ranger boards
        [ranger_boards_and_rangers] Ranger boards and rangers
       *[start_player] Start player
    }
gsetup-two-player-removals = Before anything else, put back in the box: 4 regular high-altitude (I) terrain tiles taken at random among the non-special ones (no mountain or lake), every low-altitude (III) terrain tile, and both Common Pheasant sets (its 2 animal cards and 2 animal tokens). They are not used this game.
gsetup-removal = { $count ->
        [0] {""}
       *[other] { $count }{" "}
    }{ $id ->
        [high_altitude_tiles] regular high-altitude (I) terrain tiles
        [low_altitude_tiles] all low-altitude (III) terrain tiles
        [common_pheasant_cards] Common Pheasant animal cards
       *[common_pheasant_tokens] Common Pheasant animal tokens
    }
gsetup-animal-tokens = Put all the animal tokens on the table, next to the play area ({ $count } by our count, one per animal card in play; 003 does not print the number).
gsetup-resource-deck = Shuffle the { $count } resource cards and place them face down as the draw deck.
gsetup-animal-deck = Sort the { $count } animal cards into 2 piles by the symbol on their backs. Shuffle each pile on its own, then stack them face down with the pile showing the marked symbol on top.
gsetup-starting-tile = Place the starting tile face up in the middle of the table and stand the Illegal Logger on his base.
gsetup-terrain-piles = Sort the terrain tiles by the altitude on their backs, shuffle each pile face down and line them up from high to low: { $two ->
        [true] I then II (no III pile with 2 players).
       *[false] I, then II, then III.
    } Tiles are always drawn from the highest pile that still has tiles.
gsetup-starting-hands = Each player draws { $count } resource cards (the starting hand limit).
gsetup-start-player = The youngest player starts; play goes clockwise in seat order. Tap the start player below: the game's record keeps who started.
gsetup-ranger-boards = Each player takes a ranger board, side { $side } up ({ $advanced ->
        [true] advanced
       *[false] basic
    } game), lays a tree of their colour on every number of the three tree rows and puts the { $cubes } wooden upgrade cubes on their spots.
gsetup-ranger-tokens = Each player also takes the ranger token of their ranger and keeps it next to the board (it is sent out with the Send Your Ranger action).
gsetup-ranger-title = { $ranger ->
        [julia] Animal Expert
        [jack] Firefighter
        [fluffy] Mountain Protector
       *[bean] Master Gardener
    }
gsetup-ranger-line = { $player }: { $ranger ->
        [julia] Julia
        [jack] Jack
        [fluffy] Fluffy
       *[bean] Bean
    }, { gsetup-ranger-title } ({ $chosen ->
        [true] chosen
       *[false] dealt
    }) - { $ranger ->
        [julia] +1 per animal card she holds and +1 per animal token in her shelter.
        [jack] +1 per fire token he holds.
        [fluffy] +2 per Calocedrus Formosana planted on a mountain.
       *[bean] No end-game bonus.
    }

## Refusals: what the rules, the session and the table refuse (the *Code enums of each module)

refusal-unexpected = { $detail }
refusal-session-stale-version = the game has changed since (version { $current }, your view was at { $made_at }): look again and repeat the tap if it still applies
refusal-session-bad-arguments = { $kind }: { $detail }
refusal-session-invalid-value = { $detail }
refusal-table-no-table = no table { $game_id }
refusal-board-choose-one-of-two = only a two-category contract chooses, and one of its two
refusal-board-must-be-whole-number = must be a whole number (got '{ $value }')
refusal-board-must-be-between-and = must be between { $low } and { $high } (got { $value })
refusal-board-all-building-tokens-are-used = all { $building_tokens } building tokens are used
refusal-board-area-has-only-sawmill-buildings = the { $area } area has only { $sawmills_per_area } sawmill buildings
refusal-board-all-three-storage-extensions-are-open = all three storage extensions are open
refusal-board-player-has-at-most-river-tokens = a player has at most { $max_river_tokens } river tokens
refusal-board-no-river-token-to-remove = no { $symbol } { -river-token } to remove
refusal-board-contract-shows-one-category-or-two = a contract shows one category or two different ones
refusal-board-no-contract-to-change = no contract to change
refusal-board-no-contract-to-remove = no contract to remove
refusal-board-no-task-card-to-remove = no { -task-card } to remove
refusal-board-no-task-card-to-change = no { -task-card } to change
refusal-board-only-forest-building-task = only a { -forest-building } { -task-card } is confirmed by hand
refusal-board-not-count-that-can-be-set = not a count that can be set
refusal-board-no-column-can-take-token-it = no column can take a { $kind } token; it goes below the { -reforestation-table }
refusal-board-this-column-full = this column is full
refusal-board-only-has-this-count = only the { $needed } has this count
refusal-board-storage-has-open-spaces-wood-and = storage has { $spaces } open spaces (wood and { -infested-wood } together)
refusal-board-forestry-table-has-columns-0-1 = the { -forestry-table } has columns 0, 1 and 2
refusal-board-start-next-column-first = start the next column ({ $columns_count }) first
refusal-board-forestry-table-already-has-3-columns = the { -forestry-table } already has 3 columns
refusal-board-this-column-holds-tokens-not = this column holds { $holds } tokens, not { $wanted }
refusal-play-scores-are-never-negative = scores are never negative (got { $old_score } → { $new_score })
refusal-play-no-round-token-left-game-ends = no { -round-token } left: the game ends after everyone's final turn
refusal-play-forest-spaces-are-numbered-1-15 = forest spaces are numbered 1–15, got { $space }
refusal-play-space-already-holds-harvester = space { $space } already holds a { -harvester }
refusal-play-space-holds-no-harvester = space { $space } holds no { -harvester }
refusal-play-space-holds-no-forester-token = space { $space } holds no { -forester-token }
refusal-play-space-holds-no-infested-wood = space { $space } holds no { -infested-wood }
refusal-play-unknown-round-token-id = unknown { -round-token } id(s): { $value }
refusal-play-round-token-appears-twice-in-stack = a { -round-token } appears twice in the stack
refusal-play-revealed-must-be-0 = revealed must be 0..{ $order_count }, got { $revealed }
refusal-play-board-holds-at-most-one-forester = the board holds at most one { -forester-token } of each type
refusal-play-two-forester-tokens-on-one-space = two forester tokens on one space
refusal-play-forest-spaces-are-1-15 = forest spaces are 1–15, got { $bad }
refusal-play-forest-spaces-are-1-15-2 = { $name }: forest spaces are 1–15, got { $bad }
refusal-play-malformed-forest-board-data = malformed forest board data: { $exc }
refusal-play-turn-of-another-seat = it is { $name }'s turn: the turn this tap ends is over
refusal-in-play-harvesters = give each seat's harvester a forest space, { $n } numbers in seat order (for example harvesters={ $example })
refusal-deck-cannot-reveal-cards = cannot reveal { $count } cards
refusal-deck-no-spawn-card-satisfies = no { -spawn-card } satisfies the requested condition
refusal-deck-forest-spaces-are-numbered-1-15 = forest spaces are numbered 1–15, got { $start }
refusal-deck-spawn-deck-must-hold-each-card = a { -spawn-deck } must hold each card 1–15 exactly once (remaining { $remaining }, discard { $discard })
refusal-deck-deck-cycle-must-be-0 = deck cycle must be >= 0, got { $cycle }
refusal-deck-spawn-deck-remaining-and-discard-must = { -spawn-deck }: 'remaining' and 'discard' must be lists
refusal-deck-spawn-deck-cycle-must-be-integer = { -spawn-deck }: 'cycle' must be an integer
refusal-setup-must-be-whole-number-1-4 = must be a whole number 1–4, got '{ $players }'
refusal-setup-forestry-played-by-1-4-players = Forestry is played by 1–4 players, got { $players }
refusal-setup-must-be-whole-number-0 = must be a whole number >= 0, got '{ $seed }'
refusal-setup-one = one of { $value }
refusal-setup-or-b = A or B
refusal-setup-not-character = not a character: '{ $value }'
refusal-setup-tutorial-game-uses-technology = the tutorial game uses the { -technology-table } printed on the player board; a technology side applies to the standard and advanced game only
refusal-setup-combines-advanced-game-with = combines the advanced game with the tutorial { -technology-table }: use it with --mode advanced (the tutorial game already uses that table)
refusal-setup-tutorial-technology-table-replaces = the tutorial { -technology-table } replaces the technology tiles
refusal-setup-bark-beetle-infestation-module = the bark beetle infestation module cannot be played solo (001 solo compatibility)
refusal-setup-characters-belong-to-advanced-game-add = characters belong to the advanced game: add --mode advanced
refusal-setup-each-character-can-be-in-play = each character can be in play only once
refusal-setup-characters-named-for-player = { $characters_count } characters named for { $players } player(s)
refusal-gsetup-forest-guardians-for-players-not = Forest Guardians is for { $min_players }-{ $max_players } players, not { $count }
refusal-gsetup-give-number-players-or-list-names = give a number of players or a list of names
refusal-gsetup-every-player-needs-name = every player needs a name
refusal-gsetup-name-given-twice = the name '{ $n }' is given twice
refusal-gsetup-rangers-are-played-only-in-advanced = rangers are played only in the advanced game
refusal-gsetup-not-one-players = '{ $player }' is not one of the players
refusal-gsetup-chosen-twice-each-ranger-exists-once = { $value } is chosen twice; each ranger exists once
refusal-gsetup-not-ranger = '{ $value }' is not a ranger ({ $ids })
refusal-guardians-upgrades-cannot-be-negative = upgrades cannot be negative
refusal-guardians-hand-limit-at-most-so-at = the hand limit is at most { $rmax }, so at most { $value } resource upgrades
refusal-guardians-ranger-board-has-upgrade-cubes = a ranger board has { $cubes_per_board } upgrade cubes
refusal-guardians-row-spaces-cannot-hold-trees = a row of { $spaces } spaces cannot hold { $on_board } trees
refusal-guardians-only-trees-this-row-are-planted = only { $value } trees of this row are planted, { $returned } cannot return
refusal-guardians-player-names-must-be-unique = player names must be unique
refusal-guardians-forest-guardians-for-2-4-players = Forest Guardians is for 2-4 players, not { $seats_count }
refusal-guardians-tile-has-altitude-i-ii-or = a { $value } tile has an altitude (I, II or III)
refusal-guardians-pile-cannot-hold-tiles = pile { $value } cannot hold { $n } tiles
refusal-guardians-turns-not-at-table = turns[{ $i }]: '{ $player }' is not at the table
refusal-guardians-turns-it-turn-not-play-goes = turns[{ $i }]: it is { $expected }'s turn, not { $player }'s (play goes clockwise)
refusal-guardians-turns-game-already-over = turns[{ $i }]: the game is already over
refusal-session-not-task-card-requirement-record-v1 = not a { -task-card } requirement of record v1
refusal-session-one = one of { $games } (got '{ $game }')
refusal-session-command-must-be-json-object = a command must be a JSON object
refusal-session-unknown-command = unknown command '{ $kind }'
refusal-session-not-field = not a field of { $kind }
refusal-session-game-finished-nothing-changes = the game is finished; nothing changes any more
refusal-session-command-this = { $kind } is a { $game } command; this is { $game2 }
refusal-session-no-player-at-this-table-0 = no player '{ $player }' at this table (0 to { $value })
refusal-session-list-one-or-two-categories = a list of one or two categories
refusal-session-must-be-whole-number = must be a whole number (got '{ $value }')
refusal-session-task-card-requirement-e-g-forester = a { -task-card }'s requirement, e.g. {"{"}"forester": "thinning"{"}"}
refusal-session-task-card-has-exactly-one-requirement = a { -task-card } has exactly one requirement
refusal-session-board-already-holds-all = the board already holds all three forester tokens
refusal-session-start-game-first-first-round-token = start the game first (the first { -round-token } was turned up during setup)
refusal-session-detached-storages-come-with = detached storages come with the infestation module
refusal-session-detached-storages-are-numbered-0-to = detached storages are numbered 0 to { $value }
refusal-session-must-be-whole-number-0 = must be a whole number >= 0 (got '{ $value }')
refusal-session-one-2 = one of { $value }
refusal-session-game-end-was-already-triggered = the game end was already triggered ({ $message })
refusal-session-game-has-already-started = the game has already started
refusal-session-place-every-harvester-first = place every { -harvester } first ({ $value })
refusal-session-not-one = '{ $value }' is not one of { $ids }
refusal-session-forest-building-task-has-only-forest = a { -forest-building } task has only 'forest_building', 'met'
refusal-session-space-holds-no-forester-token = space { $space } holds no { $value } { -forester-token }
refusal-session-list-whole-numbers-0 = a list of whole numbers >= 0
refusal-session-points-uncovered-on-each-3-tree = the points uncovered on each of the 3 tree rows
refusal-session-not-forestry-option = not a Forestry option
refusal-session-not-forest-guardians-option = not a Forest Guardians option
refusal-session-not-command = not a command
refusal-session-nothing-to-undo = nothing to undo
refusal-session-nothing-to-redo = nothing to redo
refusal-session-name-or-name-colour-character = a name or {"{"}name, colour, character{"}"}
refusal-table-this-link-for-another-table = this link is for another table
refusal-table-only-host-can = only the host can { $value }
refusal-table-this-phone-it-changes-only-board = this phone is { $who }'s: it changes only { $who2 }'s board
refusal-table-this-link-not-valid-for-this = this link is not valid for this table
refusal-session-whole-number = a whole number

## Commands by kind (undo, redo and the host-only refusals name them)

command-add_contract = add contract
command-add_river_token = add { -river-token }
command-add_score = add score
command-add_task_card = add { -task-card }
command-build_forest_building = build { -forest-building }
command-choose_contract_category = choose contract category
command-confirm_printed = confirm printed
command-end_game = end game
command-finish = finish
command-open_storage_extension = open { -storage-extension }
command-place_forester = place forester
command-plant_seedling = plant seedling
command-redo = redo
command-remove_contract = remove contract
command-remove_infested_wood = remove { -infested-wood }
command-remove_river_token = remove { -river-token }
command-remove_task_card = remove { -task-card }
command-replenish_foresters = replenish foresters
command-reveal_round_token = reveal { -round-token }
command-set_count = set count
command-set_detached_wood = set detached wood
command-set_guardians = set guardians
command-set_harvest_token = set harvest token
command-set_harvester = set { -harvester }
command-set_task_met = set task met
command-start_game = start game
command-take_reward_lap = take reward lap
command-trigger_game_end = trigger game end
command-undo = undo
command-upgrade_sawmill = upgrade sawmill
command-adjust_count = adjust count
command-apply_suggestion = apply suggestion
command-dismiss_suggestion = dismiss suggestion
command-end_turn = end turn
command-remove_column = remove { -forestry-table } column
command-set_column = set { -forestry-table } column
command-set_forester_token = set { -forester-token }
command-set_infested_wood = set { -infested-wood }
command-undo_mine = undo my last change

## The game clock (app/ui/sheet/clock.py): minutes played, pause and resume
command-pause_clock = pause the clock
command-resume_clock = resume the clock
refusal-session-clock-not-started = The clock starts with the game: start the game first.
clock-time = { $minutes ->
    [one] Played { $minutes } minute
   *[other] Played { $minutes } minutes
}
clock-time-paused = { $minutes ->
    [one] Clock paused: played { $minutes } minute
   *[other] Clock paused: played { $minutes } minutes
}
clock-pause = Pause the clock
clock-resume = Resume the clock

## Record problems (scoring.record.RecordCode, ForestryRecordCode, GuardiansRecordCode): the CLI prints "path: problem"

record-unknown-field = unknown field (not in record format v1)
record-missing = required field is missing
record-at-most = Input should be less than or equal to { $limit } (got { $value })
record-at-least = Input should be greater than or equal to { $limit } (got { $value })
record-seed-out-of-range = must be a whole number from { $low } to { $high } (got { $value })
record-first-player = the { -first-player } must be a seat number from 1 to { $high } (got { $value })
record-forbidden-character = must not contain control or direction characters (found { $code_point })
record-not-an-integer = Input should be a valid integer (got { $value })
record-invalid-input = { $detail } (got { $value })
record-forestry-not-a-category = must be one of { $allowed } (got { $value })
record-forestry-not-a-contract = a contract is a list of its 1 or 2 categories, e.g. ["furniture"], or {"{"}"categories": [...], "chosen": ...{"}"} (got { $value })
record-forestry-limit-building-tokens = the { $count } { -building-token }s a player has
record-forestry-limit-storage-extensions = the { $count } { -storage-extension }s (I, II, III)
record-forestry-limit-column-spaces = the { $count } spaces of a column (list only columns holding tokens)
record-forestry-limit-reforestation-spaces = the { $count } spaces of a reforestation column
record-forestry-limit-most-possible = the most possible ({ $count })
record-guardians-player-needs-name = a player needs a name
record-guardians-tree-points-need-3 = needs exactly 3 entries, the points uncovered on each tree row (top, middle, bottom); got { $got }
record-guardians-too-many-animal-cards = the game has { $cards } animal cards; got { $got }
record-guardians-not-a-date-time = must be an ISO 8601 date-time such as 2026-11-29T14:30:00+01:00 (got { $value })
record-guardians-animal-limit = the game has { $limit }{ $two ->
        [true] {" "}with 2 players (the Common Pheasants are removed)
       *[false] {""}
    }
record-forestry-must-be-null-in-tutorial-it = must be null in the tutorial (it uses the pre-printed { -technology-table })
record-forestry-required-in-standard-game-or-b = required in the standard game: "A" or "B" (the side every player's technology tiles show)
record-forestry-contract-shows-1-or-2-categories = a contract shows 1 or 2 categories (got { $categories_count })
record-forestry-task-card-has-exactly-one-requirement = a { -task-card } has exactly one requirement: contract, seedlings, forester, sawmill_upgrade, river_token or forest_building (got { $got })
record-forestry-only-forest-building-task-card-has = only a forest_building { -task-card } has "met"
record-forestry-river-tokens-more-than-one-per = { $rivers_count } river tokens is more than { $max_river_tokens } (one per water structure)
record-forestry-only-with-growing-forward = only with the Growing Forward infestation module (options.growing_forward.infestation is not true)
record-forestry-must-be-list-3-detached-storages = must be a list of 3 detached storages (got '{ $raw }')
record-forestry-infestation-module-has-exactly-3 = the infestation module has exactly 3 detached storages (got { $raw_count })
record-forestry-infestation-module-cannot-be-played = the infestation module cannot be played solo (001): needs 2-4 players
record-forestry-sawmill-upgrades-in-all-but-player = { $upgrades } sawmill upgrades in all, but a { $n }-player game has { $value } sawmill buildings to upgrade
record-forestry-forest-buildings-in-all-but-player = { $forest } forest buildings in all, but a { $n }-player game has { $value } clearings
record-forestry-infested-wood-tokens-in-storages-but = { $infested } { -infested-wood } tokens in storages, but the game has { $infested_wood_tokens }
record-forestry-must-be-string = must be a string (got '{ $value }')
record-forestry-must-be-whole-number = must be a whole number (got '{ $seed }')
record-forestry-more-than = { $value } is more than { $value2 }
record-forestry-keys-are-counts-written-as-whole = keys are counts written as whole numbers such as "5" (got '{ $key }')
record-forestry-no-entry-for-keys-run-from = no entry for { $n }: the keys of { $table } run from { $start } to { $value }
record-forestry-must-list-3-numbers-1st-2nd = must list 3 numbers (1st, 2nd, 3rd place VP), got { $spread_count }
record-forestry-two-category-contract-shows-two = a two-category contract shows two different categories (got { $value } twice)
record-forestry-only-two-category-contract-has-chosen = only a two-category contract has a chosen category
record-forestry-must-be-true-card-asks-for = must be true (the card asks for a { -river-token })
record-forestry-required-for-forest-building-task = required for a forest_building { -task-card }: true if your { -forest-building } is next to the harvest token it names
record-forestry-must-not-be-empty = must not be empty
record-forestry-upgrades-more-than-building-tokens = { $sawmill_count } upgrades is more than the { $building_tokens } building tokens a player has
record-forestry-wood-infested-wood-tokens-more-than = { $wood } wood + { $infested_wood } { -infested-wood } = { $value } tokens, more than the { $spaces } open storage spaces (2 + { $value2 })
record-forestry-columns-more-than-columns-forestry = { $table_count } columns is more than the { $forestry_columns } columns of the { -forestry-table }
record-forestry-below-table-but-no-reforestation = { $value } below the table, but no reforestation column is full (a seedling goes below only when its area's column is full)
record-forestry-only-character-has = only the { $value } character has { $extra }
record-forestry-required-with-infestation-module = required with the infestation module: the 3 detached storages in scoring order
record-forestry-already-on-detached-storages-each = { $value } is already on detached_storages[{ $value2 }] (each scoring token is used once)
record-forestry-infested-wood-exists-only-with = { -infested-wood } exists only with the Growing Forward infestation module
record-forestry-sawmill-upgrades-in-in-all-but = { $upgrades } sawmill upgrades in { $value } in all, but the area has { $sawmills_per_area } sawmill buildings
record-forestry-must-be-iso-8601-date-time = must be an ISO 8601 date-time string (got '{ $value }')
record-forestry-must-be-list-1-4-players = must be a list of 1-4 players in seat order (got '{ $raw_players }')
record-forestry-must-not-be-negative = must not be negative (got { $value })
record-forestry-must-be-at-least = must be at least { $low } (got { $value })
record-forestry-not-one-this-contract-categories = { $value } is not one of this contract's categories ({ $value2 }, { $value3 })
record-forestry-forest-buildings-sawmill = { $forest } forest buildings + { $sawmill_count } sawmill upgrades = { $value } building tokens, more than the { $building_tokens } a player has
record-forestry-upgrades-in-but-each-area-has = { $n } upgrades in { $value }, but each area has { $sawmills_per_area } sawmill buildings
record-forestry-below-table-but-forestry-table-can = { $value } below the table, but no { $value2 } column is full and the { -forestry-table } can still take a { $value2 } token (a token goes below once a column of its type is full, or when no column can take it)
record-forestry-required-for-character = required for the { $value } character
record-forestry-already-name-players-names-must-be = '{ $name }' is already the name of players[{ $value }] (names must be unique)
record-forestry-characters-are-only-played-in = characters are only played in the advanced game (options.mode is { $value })
record-forestry-already-played-by-players-each = { $value } is already played by players[{ $first }] (each character once)
record-forestry-forestry-played-by-1-4-players = Forestry is played by 1-4 players (got { $raw_players_count })
record-forestry-comes-with-growing-forward-add = { $value } comes with Growing Forward: add options.growing_forward (infestation and asymmetric_setup may be false)
record-forestry-not-iso-8601-date-time = not an ISO 8601 date-time (got '{ $value }')
record-guardians-forest-guardians-for-players = Forest Guardians is for { $min_players }-{ $max_players } players; got { $n }
record-guardians-fire-tokens-add-up-to-across = fire_tokens add up to { $fire_total } across the table; the game has { $fire_tokens }
record-guardians-animal-cards-held-across-table = animal_cards: { $cards_total } held across the table; { $why }
record-guardians-must-be-here = must be '{ $game_id }' here (got '{ $game }')
record-guardians-forest-guardians-scoring-needs-no = Forest Guardians scoring needs no printed values (players read the uncovered tree points and the animal card values); remove it
record-guardians-animal-cards-plus-julia-animals-in = animal_cards plus animals_in_shelter make { $value } animals; { $why }
record-guardians-already-name-players-names-must-be = '{ $name }' is already the name of players[{ $value }]; names must be unique
record-guardians-rangers-are-played-only-in-advanced = rangers are played only in the advanced game (options.advanced is false); use null
record-guardians-in-advanced-game-every-player-has = in the advanced game every player has a ranger (board side B): julia, jack, fluffy or bean
record-guardians-only-mountain-protector-fluffy-may = only the Mountain Protector (fluffy) may plant Calocedrus Formosana on mountains; must be 0 for { $who }
record-guardians-already-played-by-players-each-ranger = { $ranger } is already played by players[{ $value }]; each ranger is in the box once
record-must-be = must be '{ $format }' (got '{ $value }')
record-must-be-2 = must be { $version } (got '{ $value }')
record-must-be-one = must be one of { $value } (got '{ $game }')
record-record-must-be-json-object = a record must be a JSON object

## Told to the table after a command (app.events.EventCode, from each message's kind and data)

event-forester-placed = { $type ->
        [thinning] Thinning
        [den_tree] Den tree
       *[painting] Painting
    } token placed in column { $column }, row { $row }.
event-seedling-planted = { -seedling(case: "upper") } planted in the { $area } column, row { $row }.
event-below-table = { $seedling ->
        [true] Seedling
       *[false] Forester token
    } below the { -reforestation-table }: +{ $vp } { -vp }.
event-row-completed = { $table ->
        [forestry] Forestry
       *[reforestation] Reforestation
    } table row { $row } full: { $row ->
        [1] technology upgrade
        [2] water track step
       *[3] { $vp ->
            [0] row bonus
           *[other] +{ $vp } { -vp }
        }
    }.
event-technology-upgrade = Upgrade a technology ({ $table } table row 1).
event-water-step = Water track step ({ $reason ->
        [forestry_table_row_2] { -forestry-table } row 2
        [reforestation_table_row_2] { -reforestation-table } row 2
        [third_storage_extension] third { -storage-extension }
        [fifth_building_token] fifth { -building-token }
       *[full_seedling_row] full { -seedling } row
    }): multiplier { $multiplier }x.
event-reward-lap = Reward track lap: +{ $vp } { -vp }.
event-forest-worker-row = Forest Worker: { $table } row { $row } full; take the bonus printed on your combined table by hand (not applied automatically).
event-infested-supply-empty = no { -infested-wood } left in the supply (all { $total } are out), so none spawns and no { -spawn-card } is drawn (the sources do not say; the app's decision)
event-placement = card { $card }: { $space ->
        [0] every space is occupied, no { $token } placed
       *[other] { $token } on space { $space }{ $has_skipped ->
            [true] {" "}(skipped occupied { $skipped })
           *[false] {""}
        }
    }
event-reshuffled = (the { -spawn-deck } ran out and was reshuffled)
event-foresters-replenished = { -forester-token(case: "upper") }s: { $placements }{ $reshuffled ->
        [true] {" "}{ event-reshuffled }
       *[false] {""}
    }
event-foresters-full = { -forester-token(case: "upper") }s: the board already holds all three.
event-infested-wood = Score { $old } → { $new } passed reproduction space(s) { $crossed }: { $placements }{ $reshuffled ->
        [true] {" "}{ event-reshuffled }
       *[false] {""}
    }
event-no-reproduction = Score { $old } → { $new }: no reproduction token reached.
event-round-revealed = Round { $round }: { $effect }{ $last ->
        [true] {" "}{ event-last-round-token }
       *[false] {""}
    }
event-last-round-token = This is the last { -round-token }: afterwards each player takes one final turn.
event-flip-harvest-token = First player: turn a { $species } { -harvest-token } to its harvested side if one is left — the one the rulebook's order gives, not one of your choice (tap the space).
event-draw-task-card = Every player draws a random { -task-card }: add it to your board when you know its requirement.
event-command-undone = Undone: { $command }
event-command-redone = Redone: { $command }
label-infested_wood = { -infested-wood }

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
web-closed-too-many-messages = Too many messages from this tab: reload the page
web-closed-too-many-tabs = Too many new tabs from this address: wait a moment and reload
link-reconnecting = Reconnecting…
loading-message = Opening Forest Table…
link-taps-waiting = Taps waiting: { $count }
link-taps-unconfirmed = { $count ->
    [one] A tap may not have been saved (the server was restarted, or another server process answered): check your sheet and tap again if it is missing.
   *[other] { $count } taps may not have been saved (the server was restarted, or another server process answered): check your sheet and tap again where one is missing.
}
link-taps-not-saved = { $count ->
    [one] A tap was not saved: check your sheet and tap again.
   *[other] { $count } taps were not saved: check your sheet and tap again.
}
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
read-too-large = longer than { $limit } bytes, the most read from such a file (is it the right file?)
read-too-deep = nested deeper than { $limit } levels (such a file is far flatter)
read-number-too-large = a number beyond { $limit }: { $number }
read-not-a-number = { $value } is not a JSON number
bgstats-comment-total = { $name }: { $total }
bgstats-comment-player = { $name }: { $total } ({ $categories })
bgstats-comment-category = { $category } { $points }
bgstats-comment-incomplete = Score incomplete: printed values missing ({ $needs }); no scores, ranks or winners exported
import-history-field = unknown field of the history block (not in record format v1, docs/record-format.md)
import-history-type = must be { $expected ->
    [object] a JSON object
    [str] text
    [int] a whole number
    [bool] true or false
    [list] a list
   *[other] { $expected }
}
import-history-people = one person id (text, at most 64 characters) per player, each once: { $players } in all
import-history-first-plays = one true or false per player ({ $players } in all): whose first play of the game it was
import-history-too-long = from 1 to { $limit } (this one is { $length })
import-history-moment = a moment in UTC to the second, as 2026-12-02T08:01:02Z (from the year 2000 to 2199)
import-history-clock = the game clock: an object with started and finished (moments in UTC, as 2026-12-02T08:01:02.123456Z) and paused (a list of up to { $limit } pairs [paused, resumed] of such moments), nothing else
import-more-problems = … and { $count } more { $count ->
    [one] problem
   *[other] problems
  } (the first 50 are listed)
play-record-field = unknown field of a play record (docs/records.md)
play-record-version = must be 1
play-record-game = must be one of { $games }
play-record-source = must be one of { $sources }
play-record-played-at = not an ISO 8601 date and time
play-record-players = 1 to 4 players
play-record-player-fields = not a field of a play record's player (docs/records.md)
play-record-score = a whole number, or null when it is not known
play-record-winner = true or false
play-record-location = text of 1 to { $limit } characters
plays-not-bgstats = not a BG Stats play file (it has no "plays" list)
plays-not-a-plays-file = not a BG Stats or BoardGameGeek file
plays-not-json = not valid JSON ({ $error })
plays-not-xml = not valid XML ({ $error })
plays-not-csv = not valid CSV ({ $error })
plays-not-object = not a JSON object
plays-no-game = gameRefId { $ref }: no such game in the file
plays-scores-not-a-list = playerScores: not a list
plays-no-player = playerRefId: no such player in the file
plays-no-uuid = uuid: missing (BG Stats gives every play one)
plays-no-id = id: missing (BoardGameGeek gives every play one)
plays-bad-date = date: { $value } is not a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)
plays-left-bad-score = left out: score { $value } is not a number
plays-left-not-whole = left out: score { $value } is not a whole number of points (up to a million)
plays-players = { $count } players: a game here has 1 to 4
plays-same-person = the same person twice at one table
plays-one-person-here = two of its players are one person here: match them to different people
plays-location = location: at most { $limit } characters (this one has { $length })
plays-left-no-players = left out: no players recorded
plays-left-incomplete = left out: marked as not finished (incomplete)
plays-left-ignored = left out: BG Stats ignores it (left out of its statistics)
plays-kept-once = one entry for { $quantity } plays: kept as one play, with its quantity (statistics count it once)
plays-notes-cut = comments cut to { $limit } characters (they had { $length }), the notes' limit
play-record-field-type = must be { $expected ->
    [int] a whole number
    [str] text
    [list] a list
   *[bool] true or false
  }
play-record-field-range = from { $low } to { $high } (a number's value, a text's or a list's length)
plays-left-only-anonymous = left out: only anonymous players (they are never kept as people)
plays-wrong-source = this is { $found ->
    [bgstats] a BG Stats play file
    [bgg] BoardGameGeek plays
   *[record] a Forest Table record file
  }, not { $wanted ->
    [bgstats] a BG Stats play file
    [record] a Forest Table record file
   *[bgg] BoardGameGeek plays
  }: give --from { $found } (or leave --from out)
plays-not-bgg = not BoardGameGeek plays (their XML, or the CSV this app writes): { $found } missing
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
played-first-player = ▶ { $name } (seat { $n }) started: the { -first-player }
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
settings-import-title = Import plays (BG Stats, BoardGameGeek)
settings-import-hint = Paste a BG Stats play file, BoardGameGeek plays (XML) or this app's BGG CSV. Plays of other games are left out; plays already here are skipped.
settings-import-field = The file's contents
settings-import-check = Check
settings-import-people = { $plays ->
    [one] 1 play of these games. Who is who here? Type one of your people's names, or a new name to add someone.
   *[other] { $plays } plays of these games. Who is who here? Type one of your people's names, or a new name to add someone.
}
settings-import-how = { $how ->
    [id] the same person (their id)
    [name] the same name
    [given] as you said
   *[new] a new person
}
settings-import-go = Import
settings-import-done = Imported { $count }, skipped { $skipped } already here.
settings-import-bad = Nothing imported: { $problems }
settings-bgg-title = BoardGameGeek ids
settings-bgg-hint = The number in the game's address on BoardGameGeek. Exports to BG Stats and BGG carry it; nothing is guessed.
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
serve-error-already-served = forest-table serve: { $path } is already served by another forest-table serve (process { $pid }, { $url }): phones join that one. Stop it first to serve this database here.
serve-error-already-served-unknown = forest-table serve: { $path } is already served by another forest-table serve: phones join that one. Stop it first to serve this database here.
serve-warn-not-private = forest-table serve: warning: other users of this computer can read { $paths } (make them private: chmod go= …).
tables-error = { $prog }: error: { $field }: { $problem }
tables-nothing-created = Nothing was created.
tables-error-in-play-only = a play option: give it with --in-play
tables-error-base-url = not an address links can start with: http:// or https://, a host and an optional port, nothing after it (got '{ $value }')
tables-error-port-and-base-url = give the port in --base-url (--port is for the LAN address)
tables-error-seat-pair = expected SEAT=VALUE with SEAT from 1 to { $n } (got '{ $value }')
tables-error-seat-twice = seat { $n } is given twice
tables-error-role-no-seat = no seat is left for '{ $value }' (one role per player; { $n } players)
tables-error-first-player = a seat from 1 to { $n } or a player's name (got '{ $value }')
tables-error-database = the database could not be opened ({ $reason })
tables-error-write = cannot write { $path } ({ $reason })
tables-created = Table { $table }: { $game }, { $n ->
    [one] one player
   *[other] { $n } players
}, seed { $seed }
tables-host-link = Host link (keep it to yourself: it opens the whole table):
tables-seat-link = { $name } (seat { $n }):
tables-links-work = These links work while forest-table serve runs on this database (the same data folder or DATABASE_URL) and is reached at { $url }.
tables-links-new = Every time links are shown new ones are issued (only their hashes are stored); the ones shown before keep working until revoked.
tables-none = No open tables.
tables-col-table = table
tables-col-game = game
tables-col-players = players
tables-col-created = created
tables-col-updated = updated
tables-col-version = version
tables-col-status = status
tables-status-setup = setup
tables-status-playing = playing
tables-status-finished = finished
tables-sheet-written = Wrote { $path }: { $tables } open tables, { $seats } seat QR codes.
tables-sheet-title = Forest Table: seat QR codes
tables-sheet-table = Table { $table }: { $game }
tables-sheet-seat = { $name } (seat { $n })
tables-sheet-scan = Each player scans their own seat's code with their phone's camera: it opens their sheet.
tables-sheet-none = No open tables: nothing to print.
serve-workers = { $workers } server processes on this port (each phone may be served by any of them; PostgreSQL keeps them in step).
serve-workers-need-postgresql = forest-table serve: --workers { $workers } needs PostgreSQL (DATABASE_URL=postgresql://…): with SQLite each process would keep its own copy of the tables and phones on different processes would not see each other's taps. Use --workers 1 with SQLite.
serve-workers-need-posix = forest-table serve: --workers { $workers } needs Linux, macOS or another POSIX system (the processes share one listening socket); use --workers 1 here.
serve-worker-restarted = forest-table serve: server process { $worker } (pid { $pid }) ended (status { $status }); started it again.
serve-workers-failing = forest-table serve: the server processes keep ending right after they start (last status { $status }); stopped. Run with --workers 1 to see why.
## play

-reproduction-space = reproduction space
-first-player = first player

forester-type = { $type ->
    [thinning] thinning
    [den_tree] den tree
   *[painting] painting
  }
species-name = { $species ->
    [pine] pine
    [beech] beech
    [birch] birch
    [oak] oak
   *[spruce] spruce
  }
round-token-name = { $id ->
    [construction_material] 1 construction material each
    [seedling] 1 { -seedling } each
    [task_card] 1 random task card each
    [two_coins] 2 coins each
    [temp_worker] 1 temp worker each
    [coin_flip_pine] 1 coin each; the { -first-player } turns a pine { -harvest-token }
    [coin_flip_beech] 1 coin each; the { -first-player } turns a beech { -harvest-token }
    [coin_flip_birch] 1 coin each; the { -first-player } turns a birch { -harvest-token }
    [coin_flip_oak] 1 coin each; the { -first-player } turns an oak { -harvest-token }
    [coin_flip_spruce] 1 coin each; the { -first-player } turns a spruce { -harvest-token }
   *[other] { $id }
  }
command-name = { $kind ->
    [set_count] a count
    [add_score] the score
    [place_forester] tending the forest
    [plant_seedling] a { -seedling }
    [build_forest_building] a forest building
    [upgrade_sawmill] a sawmill upgrade
    [open_storage_extension] a storage extension
    [add_river_token] a river token
    [remove_river_token] removing a river token
    [add_contract] a contract
    [remove_contract] removing a contract
    [choose_contract_category] a contract's category
    [add_task_card] a task card
    [remove_task_card] removing a task card
    [set_task_met] a task card
    [take_reward_lap] a reward lap
    [set_harvester] moving a { -harvester }
    [replenish_foresters] replenishing { -forester-token }s
    [reveal_round_token] turning up a { -round-token }
    [remove_infested_wood] removing { -infested-wood }
    [set_infested_wood] placing { -infested-wood }
    [set_forester_token] correcting a { -forester-token }
    [set_detached_wood] a detached storage
    [set_harvest_token] turning a { -harvest-token }
    [end_turn] ending a turn
    [confirm_printed] a printed value
    [start_game] starting the game
    [set_guardians] a value
    [trigger_game_end] the game end
    [adjust_count] a count
    [set_column] a { -forestry-table } column
    [remove_column] removing a { -forestry-table } column
    [apply_suggestion] applying a suggestion
    [dismiss_suggestion] a suggestion already counted
    [end_game] finishing the game
   *[other] { $kind }
  }

event-turn-ended = { $ended }'s turn is over: { $next } plays (turn { $turn }).
event-new-round = A new round: turn up the next { -round-token } before { $first } plays.
event-final-turns-done = Everyone has had their final turn: the game is over, finish it to score.
event-forester-drawn = Drawn { -spawn-card } { $card }: the { $type } { -forester-token } goes on space { $space }{ $has_skipped ->
    [false] .
   *[other] {" "}(skipped { $skipped }).
  }
event-infested-drawn = Drawn { -spawn-card } { $card } (score passed { -reproduction-space } { $trigger }): { -infested-wood } goes on space { $space }{ $has_skipped ->
    [false] .
   *[other] {" "}(skipped { $skipped }).
  }
event-infested-nowhere = Drawn { -spawn-card } { $card } (score passed { $trigger }): every space holds { -infested-wood } or a { -harvester }; none is placed.
event-round-token = Round { $round }: { $token }.{ $last ->
    [true] {" "}This is the last { -round-token }: afterwards everyone takes one final turn.
   *[other] {""}
  }
event-flip-harvest = { $first } (the { -first-player }): turn a { $species } { -harvest-token } to its harvested side if one is left — the one the rulebook's order gives, not one of your choice (on the forest map: "Turn { -harvest-token }s", then tap the space).
event-task-card = Every player draws a random task card.
event-undone-mine = { $who } took back their last change ({ $command }).
event-undone-what = Undone: { $what }.
event-undone-mine-what = { $who } took back their last change: { $what }.
event-taken-count = { $player }'s { $field } { $old } → { $new }
event-taken-board = { $command } on { $player }'s board
note-skip-forester = If the map is not current: put it on space { $card } unless that space holds a { -forester-token } or a { -harvester }; then the next space up without either (after 15 comes 1).
note-skip-infested = If the map is not current: put it on space { $card } unless that space holds { -infested-wood } or a { -harvester }; then the next higher space without either (after 15 comes 1).

refusal-already-done = Already done on another phone ({ $kind }): this is the result.
refusal-nothing-of-yours-to-undo = Nothing of yours to undo.
refusal-undo-depends = Cannot take back { $kind }: { $who } made { $later } afterwards and it depends on it. The host can undo the later changes first.
refusal-not-playing = Start the game first.
refusal-infestation-off = { -infested-wood } comes with the infestation module, which this game does not use.
refusal-first-player = The { -first-player } must be one of the { $players } players.

map-title = The forest
map-help = Tap a space: what it does depends on the chosen mode. Correct the map any time.
map-space = Space { $space }{ $has_harvesters ->
    [false] {""}
   *[other] , { -harvester } of { $harvesters }
  }{ $has_forester ->
    [false] {""}
   *[other] , { $forester } { -forester-token }
  }{ $infested ->
    [true] , { -infested-wood }
   *[other] {""}
  }{ $harvested ->
    [true] , harvested
   *[other] {""}
  }
map-mode = { $mode ->
    [harvester] Move my { -harvester }
    [act] Tend / take { -infested-wood }
    [harvested] Turn { -harvest-token }s
    [infested] Add/remove { -infested-wood }
    [thinning] Thinning token
    [den_tree] Den tree token
   *[painting] Painting token
  }
turn-title = Turn { $n } (round { $round }): { $name } plays
turn-end = End { $name }'s turn
turn-pending = At the end of this turn { $n ->
    [one] 1 { -infested-wood } spawns
   *[other] { $n } { -infested-wood } spawn
  } (score passed { $spaces }).
turn-none-pending = {""}
turn-final = The last { -round-token } is up: everyone takes one final turn.
turn-round-token-due = Round { $round }: turn up the next { -round-token }
banner-title = On the table
info-already-done = Already done on another phone:
changes-title = Who changed what
log-change = { $who }: { $command }{ $has_player ->
    [false] {""}
   *[other] {" "}for { $player }
  }{ $kind ->
    [set_count] , { $field } = { $value }
    [adjust_count] , { $field } { $delta }
    [add_score] , { $delta }
    [place_forester] , { $type }{ $placed ->
        [true] {" "}from space { $space }
       *[other] {""}
      } to column { $column }
    [set_harvester] , space { $space }
    [remove_infested_wood] , space { $space }
    [set_infested_wood] , space { $space }
    [set_forester_token] , { $type } { $placed ->
        [true] on space { $space }
       *[other] off the map
      }
    [set_harvest_token] , space { $space }
    [plant_seedling] , { $area }
    [upgrade_sawmill] , { $area }
    [set_column] , column { $column }: { $type } × { $count }
    [remove_column] , column { $column }
    [add_contract] , { $categories }
    [remove_contract] , contract { $index }
    [choose_contract_category] , contract { $index } counts as { $chosen }
    [add_river_token] , { $symbol }
    [remove_river_token] , { $symbol }
    [remove_task_card] , task card { $index }
    [set_task_met] , task card { $index } { $met ->
        [true] met
       *[other] not met
      }
    [set_guardians] , { $field } = { $value }
    [set_detached_wood] , detached storage { $storage } = { $value }
    [trigger_game_end] , { $trigger }
   *[other] {""}
  }
label-trigger-last_tree_planted = the last tree planted
label-trigger-last_tile_drawn = the last terrain tile drawn
field-tree_points = Tree rows
field-animal_cards = Animal cards
undo-mine = Undo my last change
who-host = host
reference-open = Quick reference
setup-start-player = Who is the youngest? They start (play goes clockwise from them):
setup-first-player = Who last touched a tree? They are the { -first-player } (coins follow the seat order from them):
setup-infested = Tap the spaces the infestation card covers for your player count:
setup-infested-count = { $n ->
    [0] No { -infested-wood } entered yet.
   *[other] { -infested-wood } on { $spaces }.
  }

reference-title = Quick reference
reference-source = Source: { $source }
reference-game = { $game ->
    [forestry] { -forestry }
   *[other] { -forest-guardians }
  }
reference-full-guardians = The full { -forest-guardians } reference (from the rules tables):
reference-check-title = Planting check
reference-check-row = Tree row
reference-check-tile = Tile
reference-check-altitude = Altitude
reference-check-fire = Fire token on the tile
reference-check-shared = Another player planted there
reference-check-mine = I planted there already
reference-check-refused = Not allowed:
tile-kind = { $kind ->
    [regular] regular
    [mountain] mountain
    [lake] lake
   *[starting] starting tile
  }
tree-row = { $row ->
    [top] top
    [middle] middle
   *[bottom] bottom
  }
ref-section-turn = A turn
ref-section-free = Free actions (during your turn)
ref-section-actions = Actions and their costs
ref-section-hq = HQ tiles (moving the sawmill manager)
ref-section-end = Rounds and the end
ref-section-guardians-turn = A turn
ref-section-guardians-planting = Planting trees
ref-fo-round-token = Each round, before the { -first-player }'s turn: turn up the next { -round-token }; every player gets its bonus. On a harvest-token round token the { -first-player } does not pick which token of that species turns: the rulebook fixes the order (002 ラウンドトークン; the order is in its picture, not in our sources).
ref-fo-foresters = At the start of every turn the board holds 3 { -forester-token }s: draw a { -spawn-card } for each missing one (thinning, den tree, painting); occupied spaces are skipped upwards.
ref-fo-ap-start = You have { $ap } action points (AP) per turn, tracked on the action track; spend them on actions in any order.
ref-fo-ap-more = Advancing on the development track can raise your AP (the first advance gives a technology upgrade instead).
ref-fo-turn-end = Your turn ends when you have spent all AP (bought ones included); play passes clockwise.
ref-fo-spawn = { -infested-wood } module: a score that reaches or passes a { -reproduction-space } spawns one { -infested-wood } per token at the end of that turn. The supply holds 21; with none left, none spawns (the sources do not say: the app's decision).
ref-fo-free-renew = Any number of times: pay { $coins } coin to renew the contracts of your manager's area.
ref-fo-free-task = Once per turn: discard a task card for its immediate effect.
ref-fo-free-buy-ap = Up to { $times } times per turn: buy 1 AP for { $coins } coins.
ref-fo-free-storage = Up to { $times } times per turn: open the next storage space for the coins printed on it and take its reward. The first costs { $coins } coins (002, resources); the costs of the others are printed on the board, not in the sources.
ref-fo-move = Move the { -harvester }: { $ap } AP for up to { $spaces } spaces; one { -harvester } per space at the end; { $coins } coin per river crossed (none over a reservoir with bridge; a meander also gives a { -seedling }).
ref-fo-harvest = Harvest (colourful { -harvest-token }): 1 or 2 AP as the dots on the token show; take the wood shown, gain its stars, turn the token.
ref-fo-reforest = Reforest (dark { -harvest-token }): 1 or 2 AP (the dots) and 1 or 2 { -seedling }s as the token shows; turn the token.
ref-fo-tend = Tend the forest: { $ap } AP; the { -forester-token } on your space goes onto your { -forestry-table }.
ref-fo-infested = Remove { -infested-wood } on your space: { $ap } AP (the harvest action); nothing else happens on that space before it is gone.
ref-fo-forest-building = Forest building: { $ap } AP, 1 construction material and 1 temp worker; then take the clearing token's reward. Only one reward has a cost: on the "any wood token" clearing, paying { $coins } coins (if you want) gets you one wood token of any kind.
ref-fo-water = Water structure: { $ap } AP and { $n } temp workers (meander) or { $n } construction materials (reservoir with bridge), as your board shows.
ref-fo-manager = Move the sawmill manager to another HQ tile: { $ap } AP (then the HQ reward, below).
ref-fo-sawmill-use = Use a sawmill building in your manager's area: { $ap } AP each time (several per turn are fine).
ref-fo-sawmill-upgrade = Upgrade a sawmill building: { $ap } AP plus the upgrade cost printed on the tile (the sources give no table of these costs).
ref-fo-contract = Fulfil a contract: { $ap } AP and the wood it asks for.
ref-fo-hq-count = Rewards per HQ tile: { $two } with 2 players, { $more } with 3 or 4.
ref-fo-hq-rewards = The reward depends on how many managers stand on the tile after your move; with more managers than rewards you get none.
ref-fo-hq-empty = Moving to a tile with no manager, you may take the second reward instead of the first.
ref-fo-hq-printed = What each HQ reward gives is printed on the tiles; the sources describe only the first reward's icon (buy a wood processing, a task card or a resource for 1 coin).
ref-fo-rounds = { $standard } rounds ({ $advanced } in the advanced game).
ref-fo-final-turn = After the { -first-player } turns up the last { -round-token }, everyone takes one final turn; the game ends when the last player has spent all AP.
ref-fg-start = The youngest player starts; turns go clockwise.
ref-fg-explore = 1. Explore: draw a terrain tile from the highest altitude pile that is not empty (I, then II, then III); it must touch at least 2 borders of placed tiles; resolve its icon.
ref-fg-act = 2. Act: { $actions } action per turn, +1 for each action upgrade.
ref-fg-actions = Actions: forestation, put out fire, help an animal, swap cards (advanced: send your ranger).
ref-fg-refill = 3. Refill your hand up to your limit: { $start } cards, +1 per resource upgrade (at most { $maximum }).
ref-fg-end = A player plants their last tree: everyone else takes one more turn. The last terrain tile drawn: the game ends after that turn.
ref-fg-row = { $row ->
    [top] Top row
    [middle] Middle row
   *[bottom] Bottom row
  }: terrain { $allowed }; cost { $cards ->
    [one] 1 resource card of any type
   *[other] { $cards } resource cards of one type
  }.
ref-fg-leftmost = Take the leftmost tree of the row; the points it uncovers score at the end.
ref-fg-regular-only = Only on regular terrain tiles: not on special tiles or the starting tile, not on a tile with fire, not twice on a tile you planted (advanced: the { -fg-mountain-protector } may plant { -fg-calocedrus } on mountains).
ref-fg-sharing = Planting where another player planted costs { $extra } extra card of the same type (however many trees are there; advanced: not for the Master Gardener).
ref-fg-upgrade = A tree with an upgrade cube beside it: upgrade one skill at once; it stays even if the tree is removed.
refusal-space-holds-forester = Space { $space } already holds the { $type ->
    [thinning] thinning
    [den_tree] den tree
   *[painting] painting
  } { -forester-token }.
refusal-forestry-only = The first player and infested wood are { -forestry } settings.
refusal-bad-author = Who sent a change comes from the link, as a seat number.
changes-more = { $open ->
    [true] Show only the last change
   *[other] Show the last changes
  }
event-undone = Undone: { $command }.
event-redone = Redone: { $command }.
## sheet
refusal-board-column-index = The forestry table has 3 columns: fill column { $next } next (not { $column })
refusal-board-column-count = A column holds 0 to { $high } tokens (not { $value })
refusal-board-count-range = Must be between { $low } and { $high } (not { $value })
refusal-board-building-tokens = All { $limit } building tokens are used
refusal-board-sawmills-per-area = An area has { $limit } sawmill buildings
refusal-board-storage-spaces = Storage has { $spaces } open spaces: take wood out first
refusal-session-no-suggestion = That suggestion was already applied or dismissed
refusal-session-suggestion-on-another-board = That suggestion is on another player's board
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
sheet-score-failed = The scores could not be worked out: a fault in the app, written to the server's log
finish-missing-title = Finish with values missing?
finish-missing-text = { $n ->
        [one] One printed value is still missing
       *[other] { $n } printed values are still missing
    }: the totals are provisional and no winner is named. You can complete this game later from History.
finish-missing-back = Keep entering
finish-missing-anyway = Finish anyway
finish-turns-title = Finish before the last turns?
finish-turns-text = { $n ->
        [one] { $names } still has a turn: finish anyway?
       *[other] { $names } still have a turn: finish anyway?
    }
finish-turns-back = Keep playing
finish-turns-anyway = Finish anyway
history-complete-game = Complete this game
settings-printed-confirmed = Confirmed at this table: applies to new and unfinished games
settings-printed-save = Save
settings-printed-delete = Delete
score-rescore = Score again with the printed values remembered now
score-head = { $name }, seat { $seat }
score-winner-mark = (winner)
score-place = { $rank ->
        [1] 1st
        [2] 2nd
        [3] 3rd
       *[other] { $rank }th
    }
score-unknown = { $category }: not known yet; tap to enter the printed value
score-notes = How each total was worked out
score-notes-none = Every total is the sum of the categories shown.
finish-share-open = Share and export
finish-winner-total = { $total } { -vp }

## gl10n

## Forest Guardians planting check (scoring.guardians.checks.PlantingCode) and game end (GameEndCode)
## Forest Guardians glossary terms (003 is English; used by the messages below)

-fg-terrain-tile = terrain tile
-fg-starting-tile = starting tile
-fg-special-tile = special tile
-fg-fire-token = fire token
-fg-resource-card = { $count ->
        [one] resource card
       *[other] resource cards
    }
-fg-mountain-protector = Mountain Protector
-fg-calocedrus = Calocedrus Formosana

check-fg-tile = { $named ->
        [true] { $name }
       *[false] { $kind ->
            [starting] the { -fg-starting-tile }
            [regular] this { $numeral ->
                [I] high altitude
                [II] medium altitude
               *[III] low altitude
            } ({ $numeral }) tile
           *[other] this tile
        }
    }
check-fg-row = { $row ->
        [top] top
        [middle] middle
       *[bottom] bottom
    }
check-fg-species = { $species ->
        [taiwan_spruce] Taiwan Spruce
        [calocedrus_formosana] { -fg-calocedrus }
       *[camphor_tree] Camphor Tree
    }
check-fg-cost = { $same_type ->
        [true] { $cards } { -fg-resource-card(count: "other") } of one type{ $extra ->
            [0] {""}
           *[other] {" "}(incl. { $extra } for sharing the tile)
        }
       *[false] { $cards ->
            [one] 1 { -fg-resource-card(count: "one") } of any type
           *[other] { $cards } { -fg-resource-card(count: "other") } of any type
        }
    }
check-fg-allowed = Allowed; pay { $cost }.
check-fg-fire = There is a { -fg-fire-token } on { $tile }: put it out before planting there.
check-fg-already-planted = One tree per player per tile: { $player } already planted on { $tile }.
reference-check-you = you
check-fg-starting-tile = Trees grow only on regular { -fg-terrain-tile }s, not on the { -fg-starting-tile }.
check-fg-lake = No trees on { -fg-special-tile }s: { $tile } is a lake.
check-fg-mountain = Only the { -fg-mountain-protector } (Fluffy) may plant on a { -fg-special-tile }, and only { -fg-calocedrus } on a mountain: { $tile } is a mountain.
check-fg-mountain-species = The { -fg-mountain-protector } may plant only { -fg-calocedrus } on a mountain, not { $known ->
        [true] a { $species }.
       *[false] this tree (say which species the tree is).
    }
check-fg-row-altitude = A { $row }-row tree grows only on terrain { $allowed }; { $tile } is not.
check-fg-paid-count = This planting costs { $cost }; { $offered } offered.
check-fg-paid-types = This planting costs { $cost }; the cards offered are of different types.
status-fg-end-none = No end condition yet: play on.
status-fg-end = { $trigger ->
        [last_tree_planted] { $by } planted their last tree: every other player takes one more turn.
       *[last_tile_drawn] { $by } drew the last { -fg-terrain-tile }: the game ends after that turn.
    }{ $then_drew ->
        [true] {" "}{ $last } then drew the last { -fg-terrain-tile }, which ends the game at once.
       *[false] {""}
    } { $over ->
        [true] The game is over after { $last }'s turn: score it.
       *[false] Still to play: { $remaining }.
    }

## map

## fgref
## Forest Guardians quick reference: the sections beyond the turn and planting lines
## (scoring.guardians.reference: QuickRefTitle, QuickRefCode, ComponentCode, LivingCode,
## ReleaseCode, EventCode, RemovalCode, RangerCode, DecisionCode). 003 is English.

-fg-animal-token = animal token
-fg-ranger-token = ranger token
-fg-shelter = shelter
-fg-illegal-logger = Illegal Logger

ref-fg-title-components = In the box
ref-fg-title-other_actions = Other actions
ref-fg-title-animals = Living conditions
ref-fg-title-events = Special events
ref-fg-title-removal = Tree removal and retrieved animals
ref-fg-title-game_end = Game end
ref-fg-title-scoring = Scoring
ref-fg-title-two_players = Two players
ref-fg-title-rangers = Rangers (advanced game, board side B)
ref-fg-title-decisions = Where the rulebook is silent (the app's decisions)

ref-fg-component-animal_cards = { $count } × Animal cards (printed): value read off the card; 5 animals with 2 cards each is our inference (003 prints the total and five animals' living conditions, not the cards per animal)
ref-fg-component-resource_cards = { $count } × Resource cards: one type is Water (used to put out fire)
ref-fg-component-terrain_tiles = { $count } × Terrain tiles: regular I/II/III, mountains and lakes
ref-fg-component-starting_tile = { $count } × Starting tile: holds the { -fg-illegal-logger }'s base
ref-fg-component-upgrade_cubes = { $count } × Wooden upgrade cubes: 4 go on each ranger board at setup
ref-fg-component-trees = { $count } × Trees: Taiwan Spruce, { -fg-calocedrus }, Camphor Tree
ref-fg-component-animals_and_rangers = { $count } × Animal tokens, ranger tokens and the { -fg-illegal-logger } (printed: the total only); the split is our inference, not printed: 10 { -fg-animal-token }s (one per animal card), 4 { -fg-ranger-token }s (one per ranger board), 1 { -fg-illegal-logger }
ref-fg-component-fire_tokens = { $count } × Fire tokens: 1 point each for whoever puts the fire out
ref-fg-component-ranger_boards = { $count } × Ranger boards: side A basic game, side B advanced game

ref-fg-put-out-fire = Put out fire: pay 1 Water card, take 1 { -fg-fire-token } (1 point at the end).
ref-fg-rescue = Rescue: put any { -fg-animal-token } into your { -fg-shelter } (room for { $capacity }{ $advanced ->
        [true] ; Julia's for { $julia }
       *[false] {""}
    }); it stays there until released.
ref-fg-release = Release: put a sheltered animal on tiles meeting its living condition and take its card.
ref-fg-swap = Swap cards: discard any number of cards and draw as many.
ref-fg-send-ranger = Send your ranger (advanced): put your { -fg-ranger-token } on any revealed tile; it shields that tile (all its trees) from fire and the logger until moved.

ref-fg-living-common_pheasant = Common Pheasant: { $trees } { $trees ->
        [one] tree
       *[other] trees
    } of yours on terrain { $altitudes }, a single tile; token goes on that tile.
ref-fg-living-formosan_black_bear = Formosan Black Bear: { $trees } { $trees ->
        [one] tree
       *[other] trees
    } of yours on terrain { $altitudes }, the tree's tile touches a mountain; token goes between the tree's tile and the mountain.
ref-fg-living-sambar_deer = Sambar Deer: { $trees } { $trees ->
        [one] tree
       *[other] trees
    } of yours on terrain { $altitudes }, the tree's tile touches a lake; token goes between the tree's tile and the lake.
ref-fg-living-leopard_cat = Leopard Cat: { $trees } { $trees ->
        [one] tree
       *[other] trees
    } of yours on terrain { $altitudes }, three tiles that all touch each other (not in a straight line); token goes in the middle of the three tiles.
ref-fg-living-pangolin = Pangolin: { $trees } { $trees ->
        [one] tree
       *[other] trees
    } of yours on terrain { $altitudes }, two adjacent tiles; token goes between the two tiles.
ref-fg-release-own_trees = The trees must be the releasing player's own.
ref-fg-release-occupied = A released animal occupies its tiles: no other animal may use them.
ref-fg-release-matching_card = With two animals of one kind out, take the card whose point colour matches the token's base.
ref-fg-release-calocedrus = The { -fg-mountain-protector }'s Calocedrus on a mountain never counts for a living condition.

ref-fg-event-animal_encounter = Animal Encounter: Draw the top animal card and lay it face up on the table. Put the matching { -fg-animal-token } (base colour = the card's point colour) on it.
ref-fg-event-forest_fire = Forest Fire: After placing the tile, put a { -fg-fire-token } on it and on every tile next to it. Trees on those tiles go back to their owners (not the Firefighter's). Every tile can burn, mountains and lakes too; only the { -fg-illegal-logger }'s base cannot. A tile with a { -fg-ranger-token } gets no { -fg-fire-token }. No tree may be planted on a tile with a { -fg-fire-token }.
ref-fg-event-illegal_logger = { -fg-illegal-logger }: Place this tile at the end of one of the arrow directions from the logger's base; it needs to touch only one other tile. The logger walks in a straight line from his base to the new tile; every tree on the way goes back to its owner. Tiles with a { -fg-ranger-token } are skipped. Then the logger returns to his base.

ref-fg-removal-trees_back = Removed trees go back onto the owner's ranger board, filling spaces from right to left; their points are lost until planted again.
ref-fg-removal-skills_stay = Skills already upgraded stay upgraded.
ref-fg-removal-animal_back = A released animal goes back to its owner's { -fg-shelter }, and its card is handed back, when a { -fg-fire-token } lands on a tile its living condition needs (mountains and lakes included) or a tree it needs is removed.
ref-fg-removal-overfill = Retrieved animals may overfill a { -fg-shelter }; their points are lost until released again.

ref-fg-end-last-tree = A player plants their last tree: every other player takes one more turn, then the game ends.
ref-fg-end-last-tile = A player draws the last { -fg-terrain-tile }: the game ends after that turn.

ref-fg-score-trees = Trees: the points uncovered on your ranger board.
ref-fg-score-animals = Animals: the points on your animal cards.
ref-fg-score-fires = Fires: 1 point per { -fg-fire-token }.
ref-fg-score-win = Most points wins; equal totals share the win (the rulebook names no tie-breaker).

ref-fg-two-players = Before play, return to the box 4 regular high-altitude (I) tiles, all low-altitude (III) tiles and both Common Pheasant sets (cards and tokens).

ref-fg-ranger-julia = Julia, Animal Expert: Her { -fg-shelter } holds 2 { -fg-animal-token }s instead of 1. Scoring: +1 per animal card she holds and +1 per { -fg-animal-token } in her { -fg-shelter }.
ref-fg-ranger-jack = Jack, Firefighter: Fire does not burn his trees (the { -fg-fire-token } is still placed, other players' trees still burn, and his animals on a burning habitat still go back to his { -fg-shelter }). Scoring: +1 per { -fg-fire-token } he holds.
ref-fg-ranger-fluffy = Fluffy, { -fg-mountain-protector }: May plant { -fg-calocedrus } on mountain tiles of any altitude; those trees do not count towards animals' living conditions. Scoring: +2 per { -fg-calocedrus } planted on a mountain.
ref-fg-ranger-bean = Bean, Master Gardener: Plants on tiles other players planted without the extra { -fg-resource-card(count: "one") }. Scoring: No end-game bonus.

ref-fg-decision-shared_win = Equal totals share the win: the rulebook names no tie-breaker.
ref-fg-decision-three_rows = A record holds the uncovered points of exactly 3 tree rows (top, middle, bottom).
ref-fg-decision-advanced_rangers = In the advanced game every player has a ranger, each ranger at most once; the basic game has none.
ref-fg-decision-ranger_fields = Every player may enter the animals in their { -fg-shelter } (only Julia scores them); Calocedrus on mountains only for Fluffy (at most 4: four mountains), reported as an error for anyone else.
ref-fg-decision-top_row_sharing = Sharing a tile with a top-row tree costs 2 cards of one type (the extra card matches).
ref-fg-decision-starting_tile = No tree may be planted on the { -fg-starting-tile }.
ref-fg-decision-first_trigger = The first end condition stays fired; drawing the last { -fg-terrain-tile } during the final round ends the game after that turn.
ref-fg-decision-two_player_first = With 2 players the removals are done before shuffling anything; the 4 high-altitude tiles are taken at random among the regular ones.
ref-fg-decision-rangers_dealt = In the advanced game the app deals rangers at random from the seed unless players choose theirs.

## the board played, in exports (BG Stats' board): scoring.api.board_of
board-mode = { $mode ->
        [tutorial] Tutorial
        [advanced] Advanced
       *[standard] Standard
    }
board-technology = technology { $side }
board-growing-forward = { -growing-forward }: { $modules }
board-module-infestation = infestation
board-module-asymmetric-setup = asymmetric setup
board-guardians = { $advanced ->
        [true] Advanced
       *[false] Basic
    }

## The sheet as a picture of the board (issue 22): "Go to" (the strip's menu), final board mode
sheet-jump-score = Score
sheet-jump-resources = Resources
sheet-jump-storage = Storage
sheet-jump-reforestation = Reforestation
sheet-jump-forestry-table = Forestry table
sheet-jump-buildings = Buildings
sheet-jump-river = River
sheet-jump-contracts = Contracts
sheet-jump-tasks = Tasks
sheet-jump-character = Character
sheet-jump-trees = Trees
sheet-jump-animals = Animals
sheet-jump-ranger = Ranger
sheet-jump-play = Turn, map
sheet-jump-table = Table
sheet-final-board = Final board
sheet-board-column = Column { $n }
sheet-jump-suggestions = To apply ({ $n })
sheet-add-contract-row = + Contract:
sheet-add-animal-row = + Animal card worth:
sheet-animal-card = Card worth { $n }
banner-forester = { $type } → { $space }{ $has_skipped ->
    [true] {" "}({ $skipped } taken)
   *[other] {""}
  }
banner-infested = { -infested-wood } → { $space }{ $has_skipped ->
    [true] {" "}({ $skipped } taken)
   *[other] {""}
  }
banner-infested-nowhere = { -infested-wood }: no free space (card { $card })
banner-why = Why these spaces?
banner-why-forester = A drawn { -spawn-card } puts its { -forester-token } on the space of its number; a space that holds a { -forester-token } or a { -harvester } is taken: the next space up (after 15 comes 1).
banner-why-infested = A drawn { -spawn-card } puts { -infested-wood } on the space of its number; a space that holds { -infested-wood } or a { -harvester } is taken: the next space up (after 15 comes 1).
map-nothing = Nothing to do on space { $space } in this mode ({ $mode }).
map-mode-now = Now: { $mode }
map-drawn = { $label }, just drawn
map-mode-tap = { $mode ->
    [harvester] Tap a free space: your { -harvester } moves there.
    [act] Tap a space with a { -forester-token } to tend it, or with { -infested-wood } to take it.
    [harvested] Tap a space to turn its { -harvest-token } over.
    [infested] Tap a space to add or remove { -infested-wood }.
   *[other] Tap a space to put the token there; tap it again to take it off.
  }
map-forester-row = Put a { -forester-token }:
map-schematic = Schematic
map-schematic-note = Schematic: the spaces are numbered in reading order and drawn alike. The rulebooks do not say which number lies where or which spaces are double: find a space by its number.
map-new = New
map-legend = { $item ->
    [mine] Your { -harvester } (space outlined)
    [others] Other players' { -harvester }s
    [forester] { -forester-token(case: "upper") }s
    [infested] Infested wood
    [harvested] Harvested (dark side up)
    [drawn] Just drawn (New)
   *[free] Free space
  }

## Section titles in citations (scoring.cite.CiteTitle; app.l10n.cite adds the source id, mark
## and step number): 000, 001 and 003 print these words, 002 prints Japanese titles (in ja.ftl)
cite-separator = {"; "}
cite-forest-buildings = Forest buildings
cite-harvest = Harvest
cite-movement = Movement
cite-reforestation = Reforestation
cite-replenishing-forester-tokens = Replenishing forester tokens
cite-tending-the-forest = Tending the forest
cite-water-structures = Water structures
cite-removing-infested-wood = Removing Infested Wood
cite-spawning-infested-wood = Spawning Infested Wood
cite-detached-storage-scoring-all-three-storages-tied = Detached Storage Scoring: all three storages tied
cite-detached-storage-scoring-storage-with-the-fewest = Detached Storage Scoring: storage with the fewest
cite-detached-storage-scoring-storage-with-the-most-infested-wood = Detached Storage Scoring: storage with the most infested wood
cite-detached-storage-scoring-storage-with-the-second-most = Detached Storage Scoring: storage with the second-most
cite-detached-storage-scoring-two-storages-tied-below-the-top-worked-example = Detached Storage Scoring: two storages tied below the top (worked example)
cite-end-game-scoring-worked-example-5-buildings-score-7-vp-board-a = end-game scoring worked example: 5 buildings score 7 VP (board A)
cite-end-game-scoring-worked-example-5-task-cards-fulfilled-score-11-vp = end-game scoring worked example: 5 task cards fulfilled score 11 VP
cite-end-game-scoring-most-forester-tokens = end-game scoring: most forester tokens
cite-player-setup = player setup
cite-setup = setup
cite-asymmetric-setup-cards = asymmetric setup cards
cite-round-tokens = round tokens
cite-advanced-game = advanced game
cite-characters = characters
cite-advanced-characters = advanced characters
cite-action-point-track = Action point track
cite-advancing-on-the-development-track = Advancing on the development track
cite-free-actions = Free actions
cite-resources = Resources
cite-harvester-actions-movement = Harvester actions: movement
cite-harvester-actions = Harvester actions
cite-sawmill-manager-actions-movement = Sawmill manager actions: movement
cite-sawmill-actions = Sawmill actions
cite-sawmill-upgrades = Sawmill upgrades
cite-fulfilling-contracts = Fulfilling contracts
cite-hq-tile-icons = HQ tile icons
cite-game-end-and-scoring = Game end and scoring
cite-forest-five-species = Forest (five species)
cite-advanced-characters-forest-road-manager = { cite-advanced-characters }: { label-forest_road_manager }
cite-advanced-characters-technician = { cite-advanced-characters }: { label-technician }
cite-components = Components
cite-character-abilities = Character abilities
cite-character-abilities-forest-ecologist = { cite-character-abilities }: { label-forest_ecologist }
cite-trade-specialist = { label-trade_specialist }
cite-logistics-manager = { label-logistics_manager }
cite-monitoring-specialist = { label-monitoring_specialist }
cite-game-board-15-forest-spaces = Game board (the 15 spaces of the forest area)
cite-clearing-tokens = Clearing tokens
cite-harvester-actions-harvest = Harvester actions (harvest)
cite-start = Start
cite-forest-exploration = Forest Exploration
cite-player-action = Player Action
cite-resource-replenishment = Resource Replenishment
cite-increase-resource = Increase Resource
cite-game-end = Game End
cite-forestation = Forestation
cite-planting-condition = Planting Condition
cite-sharing-terrain = Sharing Terrain
cite-upgrade-skill = Upgrade Skill

## History: backup and import (issue 34)
transfer-title = Backup and import
transfer-hint = Import a backup of this app, a BG Stats file or BoardGameGeek plays from this device; or save everything in a file. Only the host can.
transfer-host-only = Only the host can import or export everything.
history-import-file = Import a file
history-export-backup = Export everything: backup of this app
history-export-bgstats = Export everything for BG Stats
history-export-bgg = Export everything for BoardGameGeek
import-progress-upload = Sending the file
import-progress-check = Checking the file
import-progress-write = Importing
import-progress-export = Writing the file
import-file-would = { $count ->
    [one] 1 new game can come in
   *[other] { $count } new games can come in
}; { $skipped } already here; { $completed } completed.
import-file-done = { $count ->
    [one] Imported 1 game
   *[other] Imported { $count } games
}; { $skipped } already here, skipped; { $completed } completed.
import-file-more = and { $count } more problems
import-file-not-text = the file is not UTF-8 text (byte { $byte })
import-file-not-sent = the file could not be sent ({ $reason })
export-nothing = No finished games to export.
export-sent = Saved as { $name }.

## The Forestry board drawn as the board (issue 33)
board-left = { $name }'s board · left side
board-right = { $name }'s board · right side
board-dev-track = Development track
board-dev-not-needed = Not needed for the score
board-reward-track = Reward track
board-reward-lap = Lap +3 VP
board-building-track = Building track
board-building-used = { $n } of 6 used
board-building-slot = Building slot { $n }
board-building-empty = Building slot { $n }: empty
board-building-pick = Build in slot { $n }
board-forest-building = Forest building
board-sawmill-in = Sawmill upgrade in { $area }
board-sawmill-caption = Sawmill upgrades: { $list }
board-storage-space = Storage space { $n }
board-storage-empty = Storage space { $n }: empty, add wood
board-storage-wood = Storage space { $n }: wood
board-storage-wood-last = Storage space { $n }: wood, take it back
board-storage-infested = Storage space { $n }: infested wood
board-storage-locked = Storage space { $n }: locked
board-storage-open = Storage space { $n }: locked, open it
board-wood = Wood
board-extensions = Extensions
board-contracts = Contracts fulfilled
board-contract-best = best
board-contract-chosen = chosen
board-counts-as = counts as { $c }
board-contracts-of = { $category } contracts
board-contract-add-one = { $kind ->
    [accessory] Add an { $category } contract
    [innovation] Add an { $category } contract
   *[other] Add a { $category } contract
}
board-close = Close
board-contract-add-pair = Add a two-category contract: { $pair }
board-contract-double-add = Add a two-category contract:
board-six-vp = +6 VP
board-full-row = Full row
board-row-full = full
board-water-now = the multiplier now
board-place = Place a token
board-fg-ranger-board = { $name }'s ranger board (side { $side })
board-fg-sum = { $total } = { $parts }
board-fg-side-b-rules = On side B, where each row's trees grow and what one costs are not in our sources (the rulebook prints them for side A): read them on the board.
board-fg-row = { $row ->
    [top] Top row
    [middle] Middle row
   *[bottom] Bottom row
  }
board-fg-row-rule = Terrain { $allowed } · { $cards ->
    [1] 1 resource card of any type
   *[other] { $cards } cards of one type
  }
board-fg-points = points
board-fg-add = Add an animal card by its points:
board-fg-add-card = Add an animal card worth { $n }
board-fg-skills = Skill upgrades (hand size, actions) are not needed for the score.
board-below = Below the reforestation table
board-river-empty = River token space { $n }: empty
board-river-token = River token space { $n }: { $symbol }
board-river-take-back = take it back
board-river-add = Put a river token on the next space:
board-river-add-one = Add a river token: { $symbol }
board-task-add = Add a task card:
board-cell = { $column }, row { $row }
board-cell-full = { $column }, row { $row }: a token
board-sawmill-none = Sawmill upgrades, by area: none yet

## Photos of the final boards (app/ui/kit/photos.py)
photo-title = Photos of the final boards
photo-none = No photos yet.
photo-add = Add a photo
photo-uploading = Sending the photo…
photo-hint = A photo of the boards from this phone's camera or its pictures: JPEG, PNG or WebP, at most { $mb } megabytes. It stays on this server; its location and camera details are removed.
photo-label = Photo { $n } of the final boards
photo-missing = This photo's file is missing.
photo-remove = Remove
photo-remove-label = Remove photo { $n }
photo-added = Photo added
photo-refused = Photo not added: { $reason }
photo-too-large = the photo is larger than { $mb } megabytes.
photo-not-image = the file is not a photo (JPEG, PNG or WebP).
photo-heic = HEIC photos cannot be read here: choose "Most compatible" (JPEG) in the camera's settings, or send the photo as JPEG.
photo-unreadable = the photo could not be read (damaged or incomplete).
photo-no-game = this game is no longer here.
photo-too-many = a game keeps at most { $n } photos.
photo-not-allowed = this link may not change this game's photos.
photo-upload-failed = the upload did not finish; try again.

## The status strip (pinned above a game's sheet)
status-your-turn = Your turn
status-plays = { $name } plays
status-round = Round { $round }
status-round-of = Round { $round } of { $rounds }
status-last-turns = Last turns: { $names }
status-rank = Rank { $r } of { $n }
status-total-label = { $name }: { $total }{ $ranked ->
    [true] , { $rank }
   *[false] {""}
}
status-apply-word = To apply
status-apply = To apply: { $n }
status-menu = More: quick reference, language, final board, undo
status-go-to = Go to a part of the board
status-go-to-title = Go to
status-you = you
status-online = online
status-offline = offline
turn-end-mine = End my turn

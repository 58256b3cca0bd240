## Forest Table: English catalogue.
## Glossary first: one name per component (Fluent terms), then the messages.
## UI texts (the screens' words; app.i18n.Translator.t("a.b") reads id "a-b")

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
common-not_available = Not available yet
common-not_available_reason = This part of the app is not ready yet: { $what }.
common-error = Something went wrong: { $message }
game-forestry = Forestry
game-forestry_long = Forestry (with Growing Forward)
game-forest-guardians = Forest Guardians
home-new_game = New game
home-in_progress = Games in progress
home-history = History
home-statistics = Statistics
home-settings = Settings
home-no_games = No games in progress.
home-resume = Resume
home-game_line = { $game } · { $players } · { $when }
settings-title = Settings
settings-language = Language
settings-theme = Theme
settings-theme-system = System
settings-theme-light = Light
settings-theme-dark = Dark
settings-printed = Printed values
settings-printed_intro = Numbers printed on the components. Unknown ones are asked at the table and remembered.
settings-printed_source = Source: { $source }
settings-printed_unknown = not printed in the sources: asked when needed
settings-rules = Rules decisions
settings-rules_missing = The rules decisions file was not found.
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
new-player_count = Number of players
new-player_name = Player { $n }
new-player_name_hint = Name
new-seat = Seat { $n }
new-colour = Colour
new-move_up = Move up
new-move_down = Move down
new-options = Options and modules
new-mode = Mode
new-mode-tutorial = Tutorial
new-mode-standard = Standard
new-mode-advanced = Advanced
new-tech_side = Technology tiles side
new-infestation = Bark beetle infestation (Growing Forward)
new-asymmetric = Asymmetric setup cards (Growing Forward)
new-guardians_advanced = Advanced game (ranger board side B)
new-seed = Seed (optional)
new-seed_hint = Empty: a random seed
new-start = Deal the setup
new-unavailable = Not available: { $reason }
new-reason-infestation_solo = the infestation module is not played solo
new-reason-tech_tutorial = the tutorial uses the pre-printed { -technology-table }
new-reason-characters_advanced = characters are part of the advanced game
new-reason-guardians_players = Forest Guardians is for 2–4 players
new-reason-characters_count = one character per player at most
new-reason-tutorial_table = the tutorial { -technology-table } is an option of the advanced game
new-tech_random = Random
new-ranger = Ranger
ranger-julia = Julia (Animal Expert)
ranger-jack = Jack (Firefighter)
ranger-fluffy = Fluffy (Mountain Protector)
ranger-bean = Bean (Master Gardener)
new-character = Character (advanced game)
new-character_dealt = Dealt at random
new-ranger_dealt = Dealt at random
new-ranger_taken = another player has this ranger
new-tutorial_table = Tutorial { -technology-table } (advanced game)
new-seat_order = Seat order (seat 1 starts)
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
setup-big-tech_side = Side { $side }
setup-source = Source: { $source }
new-error-name_required = Every player needs a name
new-error-names_unique = Names must be different
new-error-seed = The seed is a whole number
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
setup-mark_done = Done
setup-mark_undone = Not done
setup-deal_again = Deal again
setup-deal_again_help = A new seed deals a different setup (only before play starts).
setup-seed = Seed { $seed }
setup-start_play = Start playing
setup-all_done = Everything is set up.
setup-dealer_missing = The setup dealer is not available yet.
sheet-title = { $name }
sheet-total = Total
sheet-undo = Undo
sheet-redo = Redo
sheet-decrease = Less { $field }
sheet-increase = More { $field }
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
table-final_turns = Last { -round-token } is up: everyone takes one final turn.
table-reveal_round = Turn up the next { -round-token }
table-no_round_left = No { -round-token } left
table-replenish = Replenish forester tokens
table-detached_hint = { -infested-wood } delivered to this { -detached-storage }
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
msg-seedlingplanted = Seedling planted in the { $area } column, row { $row }.
msg-foresterplaced = { $type } { -forester-token } placed in column { $column }, row { $row }.
msg-rewardlap = Reward lap taken: +{ $vp } VP.
msg-waterstep = Water structures track: now { $new_multiplier }×.
sheet-add_double_contract = + Two-category contract:
sheet-contract_counts_as = Contract { $n } counts as
sheet-contract_auto = Best for me
sheet-sec-tasks = Task cards
sheet-task_add_contract = + Task: a contract of
sheet-task_add_seedlings = + Task: two seedlings in
sheet-task_add_forester = + Task: a { -forester-token }
sheet-task_add_sawmill = + Task: an upgraded sawmill in
sheet-task_met = Task { $n }: forest building next to its harvest token?
sheet-remove_last_task = Remove the last { -task-card }
task-contract = A { $what } contract
task-seedlings = Two seedlings in { $area }
task-forester = A { $what } { -forester-token }
task-sawmill_upgrade = An upgraded sawmill in { $area }
task-river_token = A { -river-token }
task-forest_building = A forest building next to a harvest token
sheet-task_add_river = + Task: a { -river-token }
sheet-task_add_forest_building = + Task: a forest building next to a harvest token
sheet-share = Seat QR codes for the other phones
sheet-live_total = Live total
sheet-rank = Rank { $rank }
sheet-not_scorable = No score yet
sheet-sec-score = Score track
sheet-sec-resources = Resources
sheet-sec-storage = Storage
sheet-sec-reforestation = Reforestation table
sheet-sec-forestry_table = Forestry table
sheet-sec-buildings = Buildings
sheet-sec-river_tokens = River tokens
sheet-sec-contracts = Contracts
sheet-sec-character = Character
sheet-sec-trees = Trees planted (points uncovered)
sheet-sec-animals = Animal cards
sheet-sec-ranger = Ranger: { $ranger }
sheet-reward_lap = Reward lap (+3 VP)
sheet-open_extension = Open a { -storage-extension }
sheet-extensions = Storage extensions open: { $n }
sheet-plant = Plant in { $area } ({ $n })
sheet-place_forester = Place { $what }
sheet-columns = Columns: { $columns }
sheet-build_forest = Build a forest building ({ $n })
sheet-upgrade_sawmill = Upgrade a sawmill in { $area } ({ $n })
sheet-add_contract = + { $what } contract
sheet-remove_last_contract = Remove the last contract
sheet-add_animal = + card worth { $n }
sheet-remove_last_animal = Remove the last card
sheet-setup_status = Place every { -harvester }, then start the game.
sheet-harvester = { $name }: { -harvester } on space
sheet-start_game = Start the game
sheet-finished = This game is finished.
sheet-no_table = This game could not be opened: { $message }
field-score_track = Score track VP
field-coins = Coins
field-construction_materials = Construction materials
field-seedlings = Seedlings
field-temp_workers = Temp workers
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
score-needs_title = Printed values needed
score-value = Value
score-chart = Totals
history-title = History
history-empty = No finished games yet.
history-none_match = No finished games match.
history-more = Show more games
history-filter_game = Game
history-filter_person = Player
history-all_games = All games
history-everyone = Everyone
stats-title = Statistics
stats-empty = No statistics yet.
stats-plays = Plays { $n }
stats-wins = Wins { $n }
stats-average = Average { $n }
stats-best = Best { $n }
finish-title = Game over
finish-saved = Saved: the game is in the history.
finish-not_saved = Not in the history yet: the record was not stored.
finish-not_finished = This game is not finished yet.
finish-tie_shared = Tie on { $total }: { $names } share the victory.
finish-tie_broken = Tie on { $total } between { $names }, broken by: { $how }
finish-tie_rules = the rules' tie-breaker
finish-share = Share
finish-share_hint = Scan the code to get the result as text.
finish-copy = Copy
finish-copied = Copied
finish-download = Download
finish-exports = Export
finish-exports_hint = Download a file or copy its text.
finish-export-record = Record (JSON, v1)
finish-export-bgstats = BG Stats file
finish-export-bgg = BoardGameGeek CSV
finish-bgstats_link = Open in BG Stats
finish-rematch = Rematch
finish-open = Result and sharing
stats-win_rate = Win rate { $n }%
stats-chart_scores = Score over time
stats-chart_categories = Category averages
stats-person = Person
stats-charts = Charts
tablemode-join-title = Join the table
tablemode-join-how = Scan the table's QR code with this phone's camera: the host shows one for each seat. Or open the link the host sent you.
tablemode-join-invalid = This link no longer works. Ask the host for your seat's new QR code.
tablemode-join-revoked = The host gave this seat a new link. Scan the new QR code to come back.
tablemode-loading = Joining the table…
tablemode-you = { $name } · seat { $seat }
tablemode-host = Host · everything on this table
tablemode-read_only = { $name }'s sheet: read only. Tap your own name to play.
tablemode-language = Language: { $language }
tablemode-tables = Tables and QR codes
host-title = Table #{ $game_id }: QR codes
host-host_link = Host link (everything on this table)
host-seat = Seat { $seat }: { $name }
host-scan = Scan with the phone of { $name }
host-reissue = New link (the old one stops working)
host-reissued = Seat { $seat }: new link; the old one no longer works.
host-tables = Tables
host-open = Open the table
host-no_tables = No open tables. Start a new game first.
host-open_table = Table #{ $game_id }: { $players }

## Messages never repeat a component's name: they use its term.

## Glossary (terms)

-forestry = Forestry
-forest-guardians = Forest Guardians
-growing-forward = Growing Forward
-harvester = harvester
-forester-token = forester token
-seedling = seedling
-wood = wood
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
    } on row 3 of the back of the reference tile.
ask-forest-worker-buildings-vp = Read the number printed under the rightmost uncovered space on the Forest Worker board's buildings track ({ $count } { -building-token }s used).
ask-technician-vp = Read the { -vp } printed below the rightmost collected Technician tile on the optimisation track of the Technician board ({ $count } tiles collected; enter 0 if no number is printed for it).
ask-detached-top-tie = Read the 1st / 2nd / 3rd place { -vp } on the detached scoring card's row for two { -detached-storage }s tied for the most { -infested-wood }.

## Score sheet notes (scoring.forestry.score.NoteCode, scoring.guardians.score.GuardiansNote)

-tie-breaker = { $level ->
        [1] { -seedling }s planted
        [2] contracts fulfilled
       *[3] { -task-card }s fulfilled
    }
note-tie-decided = { $names } tied on { $total } { -vp }; decided by { $level ->
        [1] { -tie-breaker(level: 1) }
        [2] { -tie-breaker(level: 2) }
       *[3] { -tie-breaker(level: 3) }
    } ({ $values }).
note-tie-shared = { $names } tied on { $total } { -vp } and on every tie-breaker ({ -tie-breaker(level: 1) }, { -tie-breaker(level: 2) }, { -tie-breaker(level: 3) }): they share the rank.
note-not-complete = Not complete: ranks are provisional (they leave out the categories still needed) and no winner is named until every value is known.
note-one-player = One player: scored by the multiplayer rules (the solo opponent's rules are not in the sources); most { -forester-token }s pays 10.
note-value-used = { $table }[{ $key }] = { $value } ({ $origin ->
        [record] this record's printed values
       *[confirmed] confirmed by you earlier
    }).
note-contracts-unknown = { $player }: the two-category contracts cannot be assigned until the { -task-card } { -vp } listed as needed are known.
note-contract-chosen = contract { $number } ({ $first }/{ $second }) -> { $chosen } ({ $by_record ->
        [true] chosen in the record
       *[false] best
    })
note-contracts-chosen = { $player }: { $parts }. The app picks the assignment with the most water + task { -vp }; set "chosen" on a contract to override.
note-guardians-shared-win = { $names } tie on { $points } points and share the win (the rulebook names no tie-breaker).

## Messages

refusal-not-a-whole-number = { $field }: must be a whole number (got { $value })
refusal-name-empty = { $field }: type a name
refusal-name-too-long = { $field }: a name has at most { $limit } characters (this one has { $length })
refusal-name-forbidden-character = { $field }: a name cannot contain the invisible or control character { $code_point }

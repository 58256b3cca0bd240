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
## play

-reproduction-space = reproduction space
-harvest-token = harvest token
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
event-flip-harvest = { $first } (the { -first-player }): turn one { $species } { -harvest-token } to its harvested side if there is one (on the forest map: "Turn { -harvest-token }s", then tap the space).
event-task-card = Every player draws a random task card.
event-undone-mine = { $who } took back their last change ({ $command }).
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
turn-end = End turn
turn-pending = At the end of this turn { $n ->
    [one] 1 { -infested-wood } spawns
   *[other] { $n } { -infested-wood } spawn
  } (score passed { $spaces }).
turn-none-pending = {""}
turn-final = The last { -round-token } is up: everyone takes one final turn.
banner-title = On the table
info-already-done = Already done on another phone:
changes-title = Who changed what
log-change = { $who }: { $command }{ $has_player ->
    [false] {""}
   *[other] {" "}for { $player }
  }{ $kind ->
    [set_count] , { $field } = { $value }
    [add_score] , { $delta }
    [place_forester] , { $type } from space { $space }
    [set_harvester] , space { $space }
    [remove_infested_wood] , space { $space }
    [set_infested_wood] , space { $space }
    [set_forester_token] , { $type } on { $space }
    [set_harvest_token] , space { $space }
    [plant_seedling] , { $area }
    [upgrade_sawmill] , { $area }
   *[other] {""}
  }
undo-mine = Undo my last change
who-host = host
reference-open = Quick reference
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
reference-check-allowed = Allowed: pay { $cards ->
    [one] 1 resource card of any type
   *[other] { $cards } resource cards of one type
  }.
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
ref-fo-round-token = Each round, before the { -first-player }'s turn: turn up the next { -round-token }; every player gets its bonus.
ref-fo-foresters = At the start of every turn the board holds 3 { -forester-token }s: draw a { -spawn-card } for each missing one (thinning, den tree, painting); occupied spaces are skipped upwards.
ref-fo-ap-start = You have { $ap } action points (AP) per turn, tracked on the action track; spend them on actions in any order.
ref-fo-ap-more = Advancing on the development track can raise your AP (the first advance gives a technology upgrade instead).
ref-fo-turn-end = Your turn ends when you have spent all AP (bought ones included); play passes clockwise.
ref-fo-spawn = { -infested-wood } module: a score passing a { -reproduction-space } spawns one { -infested-wood } per token at the end of that turn.
ref-fo-free-renew = Any number of times: pay { $coins } coin to renew the contracts of your manager's area.
ref-fo-free-task = Once per turn: discard a task card for its immediate effect.
ref-fo-free-buy-ap = Up to { $times } times per turn: buy 1 AP for { $coins } coins.
ref-fo-free-storage = Up to { $times } times per turn: open the next storage space for the coins printed on it (the first costs { $first } coins; the others are printed on the board, not in the sources) and take its reward.
ref-fo-move = Move the { -harvester }: { $ap } AP for up to { $spaces } spaces; one { -harvester } per space at the end; { $coins } coin per river crossed (none over a reservoir with bridge; a meander also gives a { -seedling }).
ref-fo-harvest = Harvest (colourful { -harvest-token }): 1 or 2 AP as the dots on the token show; take the wood shown, gain its stars, turn the token.
ref-fo-reforest = Reforest (dark { -harvest-token }): 1 or 2 AP (the dots) and 1 or 2 { -seedling }s as the token shows; turn the token.
ref-fo-tend = Tend the forest: { $ap } AP; the { -forester-token } on your space goes onto your { -forestry-table }.
ref-fo-infested = Remove { -infested-wood } on your space: { $ap } AP (the harvest action); nothing else happens on that space before it is gone.
ref-fo-forest-building = Forest building: { $ap } AP, 1 construction material and 1 temp worker; the clearing's reward costs { $coins } coins more, if you want it.
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
ref-fg-regular-only = Only on regular terrain tiles: not on special tiles or the starting tile, not on a tile with fire, not twice on a tile you planted.
ref-fg-sharing = Planting where another player planted costs { $extra } extra card of the same type (however many trees are there).
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

"""What the screens show of Forestry: its sheet, its part of the new-game form, the forest
map, its setup walkthrough's numbers, its messages in words (:mod:`.game`: its GameUI)."""

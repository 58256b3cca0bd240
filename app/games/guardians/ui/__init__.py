"""What the screens show of Forest Guardians: its sheet, its part of the new-game form, the
planting check, its messages in words (:mod:`.game`: its GameUI)."""

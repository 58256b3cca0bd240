"""The new-game form."""

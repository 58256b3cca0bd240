"""The sheet: a game in play, its scoreboard and play-along panel."""

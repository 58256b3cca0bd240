"""History, statistics, a played game, people."""

"""Forestry (with Growing Forward) in the app: its commands, handlers, variant and words;
its screens' pieces in :mod:`app.games.forestry.ui`."""

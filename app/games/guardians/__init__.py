"""Forest Guardians in the app: its commands, handlers, variant and words; its screens'
pieces in :mod:`app.games.guardians.ui`."""

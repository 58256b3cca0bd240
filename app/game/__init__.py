"""Pure game-session logic: state, commands, chance, and one registered variant per game.

No I/O, no flet, no sqlmodel here (``mypy --strict``); ``app.session`` wraps it
with the log, persistence and the undo stack. See docs/architecture.md.
"""

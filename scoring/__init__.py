"""Forest Table rules model and end-game scoring: pure Python, no I/O.

Nothing in this package imports flet, sqlmodel, sqlalchemy or ``app``.
"""

"""The shell on top: the app, its routes, a table-mode tab."""

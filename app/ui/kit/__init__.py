"""The kit below every screen: Flet workarounds, widgets, services, preferences, the
live table, each game's UI."""

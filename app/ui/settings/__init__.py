"""Settings: language, theme, printed values, rules decisions."""

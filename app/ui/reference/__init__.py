"""The quick reference and the planting check."""

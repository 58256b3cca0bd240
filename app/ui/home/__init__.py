"""The home screen."""

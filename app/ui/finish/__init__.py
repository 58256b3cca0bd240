"""After the finish: result, sharing, exports, rematch."""

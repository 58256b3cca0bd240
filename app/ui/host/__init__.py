"""Table mode: the open tables' QR codes."""

"""The setup checklist: dealing the table."""

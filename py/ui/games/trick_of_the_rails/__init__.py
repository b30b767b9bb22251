"""Trick of the Rails at the table: its face, table drawing, and move log."""

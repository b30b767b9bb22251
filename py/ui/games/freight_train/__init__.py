"""Freight Train at the table: its face, yard drawing, and move log."""

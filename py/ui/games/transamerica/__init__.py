"""TransAmerica at the table: its face, map and position drawing, and move log."""

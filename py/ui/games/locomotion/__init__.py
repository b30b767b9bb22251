"""Locomotion at the table: its face, board drawing and move animation, and move log."""

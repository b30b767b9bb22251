"""Pure drawing: each game's view to SVG strings with svgwrite; no browser module is imported here."""

"""Each game's part of the move log (`ui.logs.<game_id>`): formatters and variants for its own events.

`ui.log` imports a game's module the first time it formats an event of that game; importing it
registers its formatters with `ui.log.register_param` and `ui.log.register_variant`.
"""

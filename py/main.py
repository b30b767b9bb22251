"""Page entry point: hand over to the browser glue as soon as Python is up (keep this file thin)."""

from ui.app import start

start()

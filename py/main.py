"""Page entry point: hand over to the browser glue as soon as Python is up (keep this file thin).
PyScript may start Python before the page is parsed (index.html loads it early and async)."""

from ui import browser as web
from ui.app import start

web.when_parsed(start)

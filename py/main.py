"""Page entry point: hand over to the browser glue as soon as Python is up (keep this file thin).
PyScript may start Python before the page is parsed (index.html loads it early and async)."""

from ui.snapshot import settle

fits = settle()  # a restored snapshot of another build of the app: its modules are imported again

from ui import browser as web  # noqa: E402
from ui.app import start  # noqa: E402

if not fits:  # boot.js then keeps the snapshot of this build
    web.document.documentElement.setAttribute("data-python-start", "stale")
web.when_parsed(start)

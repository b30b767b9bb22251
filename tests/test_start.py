"""The page's start: Python imports only the lobby's modules before the page is ready.

Pyodide compiles every module it imports from source at each page load, so what `py/main.py` imports
before `ui.browser.mark_ready` is the boot's cost beyond a bare page. The rest of the app (the table,
links, class games, presenting, the games' faces and engines) comes after, in idle steps.

`py/main.py` runs here in a fresh interpreter, over a stand-in for the browser: the `pyodide` and
`pyscript` modules faked, an empty storage, a lobby address, the timers kept to run afterwards.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games import GAME_IDS

PY = Path(__file__).resolve().parent.parent / "py"

SCRIPT = r"""
import json, runpy, sys, types
from unittest import mock

sys.path.insert(0, sys.argv[1])


class Storage:  # window.localStorage, empty
    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)

    def key(self, index):
        return list(self.items)[index]

    @property
    def length(self):
        return len(self.items)


window, document = mock.MagicMock(), mock.MagicMock()
document.readyState = "complete"
document.querySelector.return_value = None
document.querySelectorAll.return_value = []
document.getElementById.return_value.value = "normal"  # the lobby's bots' speed
document.getElementById.return_value.checked = False
window.location.hash = ""
window.navigator.languages = ["en-GB"]
window.localStorage = Storage()
window.railTableLobby.take.return_value = False  # no "Start" pressed before Python
window.railTablePicture.take.return_value = None  # no move tapped on a kept picture
timers = []
window.setTimeout.side_effect = lambda handler, ms: timers.append(handler) or len(timers)

ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = ffi.create_once_callable = lambda handler: handler
ffi.to_js = lambda value, **options: value
pyscript = types.ModuleType("pyscript")
pyscript.window, pyscript.document = window, document
sys.modules.update({"pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi, "pyscript": pyscript})
before = set(sys.modules)

from ui import browser as web

at_ready = []
mark_ready = web.mark_ready


def marked():
    at_ready.extend(sys.modules)
    mark_ready()


web.mark_ready = marked
runpy.run_path(f"{sys.argv[1]}/main.py", run_name="__main__")
while timers:  # the idle steps after the start, one per task
    timers.pop(0)()
print(json.dumps({"at_ready": sorted(set(at_ready) - before), "after": sorted(set(sys.modules) - before)}))
"""


@pytest.fixture(scope="module")
def started() -> dict[str, list[str]]:
    """The modules imported by the time the page is ready, and after the idle steps that follow."""
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(PY)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    result: dict[str, list[str]] = json.loads(run.stdout.splitlines()[-1])
    return result


def ours(modules: list[str]) -> set[str]:
    return {name for name in modules if name.split(".")[0] in ("games", "ui", "svgwrite", "segno")}


# What the lobby needs: its form and Continue list, the saves, preferences, language, the address.
LOBBY = {
    "games", "games.core", "games.bots",  # the registry: each game's engine only when one is saved
    "ui", "ui.app", "ui.browser", "ui.lobby_screen", "ui.lobby", "ui.saves", "ui.seats", "ui.preferences",
    "ui.i18n", "ui.markup", "ui.navigation", "ui.games",
    "ui.snapshot",  # whether a restored snapshot fits the app's files
}
# The table's side, and what the first game needs: imported after the page is ready.
LATER = {
    "ui.controller", "ui.table_page", "ui.table", "ui.panels", "ui.log", "ui.focus", "ui.replay", "ui.qr",
    "ui.classroom", "ui.classroom_screen", "ui.present", "ui.present_screen", "ui.links", "ui.games.face",
    "svgwrite", "games.transamerica", "ui.games.transamerica.face",
}


def test_the_page_is_ready_with_only_the_lobby_imported(started: dict[str, list[str]]) -> None:
    assert sorted(ours(started["at_ready"]) - LOBBY) == []
    assert sorted(LOBBY - set(started["at_ready"])) == []  # the lobby did start
    for game_id in GAME_IDS:  # no game's engine nor face: no game is saved
        assert not [name for name in started["at_ready"] if name.startswith((f"games.{game_id}",
                                                                             f"ui.games.{game_id}"))]
    assert not {"hashlib", "csv", "svgwrite", "segno"} & set(started["at_ready"])


def test_the_rest_is_imported_after_ready_in_idle_steps(started: dict[str, list[str]]) -> None:
    assert sorted(LATER - set(started["after"])) == []
    assert "segno" not in started["after"]  # a QR code's library comes with the first code

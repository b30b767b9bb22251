// See snapshot.html. window.snapReadyAt: ms from navigation until the app's modules are imported and
// its files are on Python's file system (a snapshot restores memory, not files: later imports need them);
// window.snapBootedAt: ms until loadPyodide returned; window.snapError: why it failed (snapReadyAt -1).
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const mode = new URLSearchParams(location.search).get("mode");
const indexURL = new URL("../static/vendor/pyodide/", location.href).href;
const ARCHIVES = [["../static/vendor/app.zip", "zip"], ["../static/vendor/svgwrite-1.4.3-py3-none-any.whl", "wheel"],
                  ["../static/vendor/segno-1.6.6-py3-none-any.whl", "wheel"]];
// What the page imports at start, less the modules that touch the browser through PyScript, and what a
// TransAmerica table imports next (its rules, face and svgwrite): ?only=start leaves the table's out,
// ?only=none imports nothing (a snapshot of the bare interpreter).
const START = ["games.bots", "games.core", "ui.bot_runner", "ui.controller", "ui.focus", "ui.games", "ui.i18n",
               "ui.links", "ui.lobby", "ui.log", "ui.navigation", "ui.panels", "ui.preferences", "ui.present",
               "ui.qr", "ui.replay", "ui.saves", "ui.table", "ui.viewbox", "json", "urllib.parse", "hashlib"];
const TABLE = ["games.transamerica", "ui.games.transamerica.face", "svgwrite"];
const only = new URLSearchParams(location.search).get("only");
const names = only === "none" ? [] : only === "start" ? START : START.concat(TABLE);
const IMPORT = `
import importlib, importlib.util, sys
sys.path.insert(0, "/home/pyodide")
for name in ${JSON.stringify(names)}:
    if importlib.util.find_spec(name) is not None:  # a module another tree of the app may not have
        importlib.import_module(name)
`;

const archives = ARCHIVES.map(([url, format]) => fetch(url).then((r) => r.arrayBuffer()).then((b) => [b, format]));
const options = { indexURL };
if (mode === "make") options._makeSnapshot = true;
if (mode === "load") options._loadSnapshot = fetch("./snapshot.bin").then((r) => r.arrayBuffer());
try {
  const py = await loadPyodide(options);
  window.snapBootedAt = performance.now();
  for (const [buffer, format] of await Promise.all(archives)) {
    py.unpackArchive(buffer, format, { extractDir: "/home/pyodide" });
  }
  if (mode !== "load") py.runPython(IMPORT);
  window.snapImported = py.runPython(`import sys; sum(name in sys.modules for name in ${JSON.stringify(names)})`);
  window.snapHeap = py._module.HEAP8.length;
  window.snapReadyAt = performance.now();
  if (mode === "make") window.snapshot = py.makeMemorySnapshot();
} catch (error) {
  window.snapError = String(error);
  window.snapReadyAt = -1;
}

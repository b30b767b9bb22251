// Make static/vendor/start.snapshot: Python's memory with the app's modules imported, for a return
// visit to restore instead of starting Python and importing them again (static/js/python_start.mjs).
// Usage: node tools/snapshot.mjs (after tools/vendor.py; `make setup` runs it when app.zip changes).
//
// The vendored Pyodide makes it here, under Node, as the page would: app.zip and svgwrite's wheel
// unpacked into the home folder PyScript unpacks them into, then every module of the app imported,
// but those that need the page (ui.app, the glue, the screens): nothing of the page is in the snapshot.
// The file is gzip (a browser inflates it natively). A snapshot restores only into Python's initial
// memory (30 MiB): if all those modules outgrow it, the snapshot holds the lobby's only, and if those
// do, the build fails.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(ROOT, "static", "vendor");
const TARGET = path.join(VENDOR, "start.snapshot");
const HOME = "/home/pyodide"; // PyScript's [files] unpack into Python's working folder
// What pyscript.toml's [files] unpack, but segno (a QR code's library, imported on the first code).
const ARCHIVES = [["app.zip", "zip"],
                  ...fs.readdirSync(VENDOR).filter((name) => /^svgwrite-.*\.whl$/.test(name))
                    .map((name) => [name, "wheel"])];

const { loadPyodide } = await import(path.join(VENDOR, "pyodide", "pyodide.mjs"));

// Python, one of two programs, each printing the modules it imported. EVERYTHING: svgwrite, then every
// module of the app (the lobby's, the engines and their bots, the table's side, the faces and their
// drawings), but those that need the page. LOBBY: the modules the page imports before it is ready,
// found by importing the app's entry with a stand-in for PyScript's `pyscript` module, then imported
// again without it. The order matters: in the same memory, svgwrite imported after the engines, or
// anything after the stand-in's imports, grows Python's memory past its initial size.
const PATH = `import sys\nsys.path.insert(0, ${JSON.stringify(HOME)})\n`;
const EVERYTHING = PATH + `
import pkgutil

import games
import ui
from ui.snapshot import take

names = ["svgwrite", *sorted(module.name for package in (games, ui)
                             for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".",
                                                                 onerror=lambda name: None))]
",".join(take(names))
`;
const LOBBY = PATH + `
import gc
import types

from ui.snapshot import app_modules


class Page:
    """Anything of the page: the entry's imports only name it."""

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return self


stand_in = types.ModuleType("pyscript")
stand_in.document = stand_in.window = Page()
sys.modules["pyscript"] = stand_in
import ui.app  # noqa: E402, F401  what main.py imports, and all it imports
names = app_modules()
for name in [*names, "pyscript"]:
    del sys.modules[name]
del stand_in, Page, ui, app_modules
gc.collect()
from ui.snapshot import take  # noqa: E402
",".join(take(names))
`;

// A snapshot restores only into Python's initial memory: everything if it fits, else the lobby's.
async function snapshot(program) {
  const py = await loadPyodide({ indexURL: path.join(VENDOR, "pyodide") + "/", _makeSnapshot: true });
  const initial = py._module.HEAP8.length;
  for (const [file, format] of ARCHIVES) {
    py.unpackArchive(new Uint8Array(fs.readFileSync(path.join(VENDOR, file))), format, { extractDir: HOME });
  }
  const imported = py.runPython(program);
  const grown = py._module.HEAP8.length !== initial;
  return grown ? null : { memory: py.makeMemorySnapshot(), initial, imported };
}

const made = (await snapshot(EVERYTHING)) ?? (await snapshot(LOBBY));
if (!made) {
  console.error("tools/snapshot.mjs: the lobby's modules outgrow Python's initial memory, which a " +
                "snapshot must fit: import less before the page is ready");
  process.exit(1);
}
const packed = zlib.gzipSync(made.memory, { level: 9 });
fs.writeFileSync(TARGET + ".tmp", packed);
fs.renameSync(TARGET + ".tmp", TARGET);
console.log(`${path.relative(ROOT, TARGET)}: ${packed.length} B (${made.initial} B of memory), ` +
            `${made.imported.split(",").length} modules: ${made.imported}`);

// Make static/vendor/start.snapshot: Python's memory with the app's modules imported, for a return
// visit to restore instead of starting Python and importing them again (static/js/python_start.mjs).
// Usage: node tools/snapshot.mjs (after tools/vendor.py; `make setup` runs it when app.zip changes).
//
// The vendored Pyodide makes it here, under Node, as the page would: app.zip unpacked into the home
// folder PyScript unpacks it into, then the modules the page imports before it is ready, found by
// importing the app's entry with a stand-in for PyScript's `pyscript` module and importing them again
// without it, and the app's other modules; those that need the page or a wheel (svgwrite, segno) are
// left to the page. Nothing of the page is in the snapshot. The file is gzip (a browser inflates it
// natively). A snapshot restores only into Python's initial memory (30 MiB): if all those modules
// outgrow it, the snapshot holds the lobby's only, and if those do, the build fails.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VENDOR = path.join(ROOT, "static", "vendor");
const TARGET = path.join(VENDOR, "start.snapshot");
const HOME = "/home/pyodide"; // PyScript's [files] unpack into Python's working folder

const { loadPyodide } = await import(path.join(VENDOR, "pyodide", "pyodide.mjs"));

// Python: the modules the page imports before it is ready, then (`everything`) every other module of
// the app that imports without the page or a wheel (the games' engines and bots, the table's side),
// so that a return to a game imports only its drawing. Prints the modules imported.
const IMPORTS = (everything) => `
import gc, pkgutil, sys, types

sys.path.insert(0, ${JSON.stringify(HOME)})


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
names = [name for name in sys.modules if name.split(".")[0] in ("games", "ui")]
for name in [*names, "pyscript"]:
    del sys.modules[name]
del stand_in, Page, ui
gc.collect()
if ${everything ? "True" : "False"}:
    import games, ui
    names += sorted(module.name for package in (games, ui)
                    for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".",
                                                        onerror=lambda name: None))
from ui.snapshot import take  # noqa: E402
",".join(take(list(dict.fromkeys(names))))
`;

// A snapshot restores only into Python's initial memory: everything if it fits, else the lobby's.
async function snapshot(everything) {
  const py = await loadPyodide({ indexURL: path.join(VENDOR, "pyodide") + "/", _makeSnapshot: true });
  const initial = py._module.HEAP8.length;
  const archive = new Uint8Array(fs.readFileSync(path.join(VENDOR, "app.zip")));
  py.unpackArchive(archive, "zip", { extractDir: HOME });
  const imported = py.runPython(IMPORTS(everything));
  const grown = py._module.HEAP8.length !== initial;
  return grown ? null : { memory: py.makeMemorySnapshot(), initial, imported };
}

const made = (await snapshot(true)) ?? (await snapshot(false));
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

// Python's start for PyScript (pyscript.toml's `interpreter`): Pyodide's own loadPyodide, given the
// memory snapshot of tools/snapshot.mjs when the browser already holds it, so that a return visit
// restores Python with the app's modules imported instead of starting it and importing them (in less
// than half the bare page's time; docs/benchmarks.md). A first visit never waits for the snapshot's
// download: the service worker precaches it with the site, or, where no worker runs, boot.js keeps it
// in the cache storage once the page is ready. A snapshot this Pyodide refuses (another build) or
// that cannot be read is skipped, and the start goes on afresh. `html[data-python-start]` says which
// start it was ("stale" when py/main.py found the snapshot of another build of the app).
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../vendor/start.snapshot", import.meta.url).href;

const KEPT = "rail-table-start"; // where boot.js keeps it when no service worker runs

async function heldSnapshot() {
  try {
    // The worker's copy, of this page's version; never from the network.
    const response = navigator.serviceWorker?.controller
      ? await fetch(SNAPSHOT, { cache: "only-if-cached", mode: "same-origin" })
      : await caches.match(SNAPSHOT, { cacheName: KEPT });
    if (!response?.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a host already inflated it
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(inflated).arrayBuffer());
  } catch {
    return null; // not held (no cache storage on an insecure page), or unreadable
  }
}

export async function loadPyodide(options) {
  const root = document.documentElement;
  const snapshot = await heldSnapshot();
  if (snapshot) {
    try {
      const python = await load({ ...options, indexURL: INDEX, _loadSnapshot: snapshot });
      root.setAttribute("data-python-start", "snapshot");
      return python;
    } catch (error) {
      console.warn("Python's snapshot was not restored; starting afresh:", error);
    }
  }
  root.setAttribute("data-python-start", "fresh");
  return load({ ...options, indexURL: INDEX });
}

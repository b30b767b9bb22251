// Python's start for PyScript (pyscript.toml's `interpreter`): Pyodide's own loadPyodide, given the
// memory snapshot of tools/snapshot.mjs, so that Python is restored with the app's modules imported
// instead of starting and importing them (in about half the bare page's time; docs/benchmarks.md).
// A return visit finds the snapshot held: in the service worker's precache, or, where no worker runs,
// in the cache storage that boot.js fills once the page is ready. A first visit downloads it beside
// Pyodide's runtime only where its first bytes show that the rest will arrive sooner than Python's
// own start would take; on a slower link it stops that download, which would slow the runtime's, and
// Python starts afresh. A snapshot this Pyodide refuses (another build) or that cannot be read is
// skipped, and the start goes on afresh. `html[data-python-start]` says which start it was: "snapshot"
// (held), "downloaded", "fresh", or "stale" (py/main.py found the snapshot of another build of the app).
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX = new URL("../vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("../vendor/start.snapshot", import.meta.url).href;

const KEPT = "rail-table-start"; // where boot.js keeps it when no service worker runs
// A first visit's download: judged PROBE_MS after its first bytes, and kept on only if the rest, at the
// speed seen since them, takes less than BUDGET_MS, well under Python's own start on a laptop (about
// 1.5 s). A link's delay before the first bytes holds back Pyodide's runtime as much, so it is not
// counted as slowness, unless no bytes come within FIRST_BYTES_MS.
const PROBE_MS = 150;
const BUDGET_MS = 1000;
const FIRST_BYTES_MS = 500;

async function inflated(blob) {
  const [first, second] = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  const gzip = first === 0x1f && second === 0x8b; // else a host already inflated it
  const stream = gzip ? blob.stream().pipeThrough(new DecompressionStream("gzip")) : blob.stream();
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function heldSnapshot() {
  try {
    // The worker's copy, of this page's version; never from the network.
    const response = navigator.serviceWorker?.controller
      ? await fetch(SNAPSHOT, { cache: "only-if-cached", mode: "same-origin" })
      : await caches.match(SNAPSHOT, { cacheName: KEPT });
    if (!response?.ok) return null;
    return await inflated(await response.blob());
  } catch {
    return null; // not held (no cache storage on an insecure page), or unreadable
  }
}

// The snapshot's download, if the link is fast enough: `{ blob, bytes }`, promises of it as sent and
// inflated, or null. The verdict comes when the download ends or at the probe, before the rest arrives
// and is inflated, so that Pyodide's runtime starts downloading beside it (Pyodide awaits the bytes).
async function downloadedSnapshot() {
  if (typeof DecompressionStream === "undefined") return null; // it could not be inflated
  const stop = new AbortController();
  let firstAt = 0; // when the first bytes came, and how many
  let first = 0;
  let received = 0;
  let size = 0;
  let firstBytes = () => {};
  const arrival = (async () => {
    const response = await fetch(SNAPSHOT, { signal: stop.signal });
    if (!response.ok) throw new Error(`the snapshot's download failed: ${response.status}`);
    size = Number(response.headers.get("Content-Length")) || 0;
    const reader = response.body.getReader();
    const chunks = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      received += read.value.length;
      if (!first) {
        [firstAt, first] = [performance.now(), received];
        firstBytes();
      }
    }
    return new Blob(chunks);
  })();
  // Why not to wait for it, or null.
  const slowness = await new Promise((verdict) => {
    let probe = setTimeout(() => verdict(`no bytes within ${FIRST_BYTES_MS} ms`), FIRST_BYTES_MS);
    firstBytes = () => {
      clearTimeout(probe);
      probe = setTimeout(() => {
        const since = received - first;
        const rest = size && since ? ((size - received) * (performance.now() - firstAt)) / since : Infinity;
        verdict(rest <= BUDGET_MS ? null : `the rest would take ${Math.round(rest)} ms`);
      }, PROBE_MS);
    };
    arrival.then(() => verdict(null), (error) => verdict(String(error))).finally(() => clearTimeout(probe));
  });
  if (slowness) {
    console.info(`Python starts afresh, without the snapshot's download: ${slowness}`);
    stop.abort();
    arrival.catch(() => {}); // stopped on purpose
    return null;
  }
  return { blob: arrival, bytes: arrival.then(inflated) };
}

export async function loadPyodide(options) {
  const root = document.documentElement;
  const held = await heldSnapshot();
  const download = held ? null : await downloadedSnapshot();
  const snapshot = held ?? download?.bytes;
  if (snapshot) {
    try {
      const python = await load({ ...options, indexURL: INDEX, _loadSnapshot: snapshot });
      root.setAttribute("data-python-start", held ? "snapshot" : "downloaded");
      if (download) window.railTableBoot.downloaded = await download.blob; // for boot.js to keep
      return python;
    } catch (error) {
      console.warn("Python's snapshot was not restored; starting afresh:", error);
    }
  }
  root.setAttribute("data-python-start", "fresh");
  return load({ ...options, indexURL: INDEX });
}

"""The offline build: the service worker's precache list, its content version, the worker's behaviour
(run under Node with fake caches and pages, across an update), `dist/`, and the pages' security policy.
Unit tests use a small fake site under a tmp folder; the checks on the real site need the vendored
runtime (`python3 tools/vendor.py`)."""

from __future__ import annotations

import importlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
build_sw = importlib.import_module("build_sw")
dist = importlib.import_module("dist")
vendor = importlib.import_module("vendor")

FAKE_SITE = {
    "index.html": '<link rel="stylesheet" href="./static/css/app.css"><a href="./rules/ta.en.html">r</a>'
    '<a href="./">home</a><script src="./static/vendor/pyscript/core.js"></script>'
    '<a href="https://example.org/">ext</a><a href="#top">top</a><link rel="icon" href="data:,">',
    "pyscript.toml": 'interpreter = "./static/vendor/pyodide/pyodide.mjs"\n'
    '[files]\n"./static/vendor/app.zip" = "./*"\n',
    "py/main.py": "print('main')\n",
    "py/ui/locales/en.json": "{}",
    "py/ui/locales/fr.json": "{}",
    "py/ui/i18n.py": "# inside app.zip, never fetched as a file\n",
    "py/games/core.py": "# inside app.zip\n",
    "static/css/app.css": "body {}",
    "static/css/rules.css": "body {}",
    "static/js/boot.js": "boot();",
    "static/js/sw.template.js": (ROOT / "static/js/sw.template.js").read_text(encoding="utf-8"),
    "static/.DS_Store": "junk",
    "static/vendor/pyodide/pyodide.mjs": "pyodide",
    "static/vendor/pyodide/pyodide.mjs.map": "{}",
    "static/vendor/pyodide/pyodide.asm.mjs": "asm",
    "static/vendor/pyodide/pyodide.asm.wasm": "wasm",
    "static/vendor/pyodide/python_stdlib.zip": "stdlib",
    "static/vendor/pyodide/pyodide-lock.json": "{}",
    "static/vendor/pyscript/core.js": "core",
    "static/vendor/pyscript/core-abc123.js": "chunk",
    "static/vendor/pyscript/core.js.map": "{}",
    "static/vendor/pyscript/core.css": "css",
    "static/vendor/pyscript/xterm-abc123.js": "terminal, not used",
    "static/vendor/pyscript/xterm.css": "terminal, not used",
    "static/vendor/pyscript/codemirror_view-abc123.js": "editor, not used",
    "static/vendor/pyscript/mpy-abc123.js": "MicroPython, not used",
    "static/vendor/svgwrite-1.4.3-py3-none-any.whl": "wheel",
    "static/vendor/app.zip": "app",
    "static/vendor/app.css": "body {}",
    "static/vendor/start.snapshot": "snapshot",
    "static/vendor/app.tmp": "half written",
    "rules/ta.en.html": '<a href="ta.fr.html">fr</a><a href="../index.html#play=x">app</a>'
    '<link rel="stylesheet" href="../static/css/rules.css?v=2">',
    "rules/ta.fr.html": '<a href="ta.en.html">en</a>',
    "README.md": "not served",
    "node_modules/pyodide/pyodide.mjs": "not served",
    "tools/build_sw.py": "not served",
}
FAKE_LISTED = sorted(
    {
        "index.html",
        "pyscript.toml",
        "py/main.py",
        "py/ui/locales/en.json",
        "py/ui/locales/fr.json",
        "static/css/app.css",
        "static/css/rules.css",
        "static/js/boot.js",
        "static/vendor/pyodide/pyodide.mjs",
        "static/vendor/pyodide/pyodide.asm.mjs",
        "static/vendor/pyodide/pyodide.asm.wasm",
        "static/vendor/pyodide/python_stdlib.zip",
        "static/vendor/pyodide/pyodide-lock.json",
        "static/vendor/pyscript/core.js",
        "static/vendor/pyscript/core-abc123.js",
        "static/vendor/pyscript/core.css",
        "static/vendor/svgwrite-1.4.3-py3-none-any.whl",
        "static/vendor/app.zip",
        "static/vendor/app.css",
        "static/vendor/start.snapshot",
        "rules/ta.en.html",
        "rules/ta.fr.html",
    }
)
RUNTIME = (
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyodide/pyodide-lock.json",
    "static/vendor/pyodide/pyodide.mjs",
    "static/vendor/pyscript/core.js",
    "static/vendor/app.zip",
)


def make_site(root: Path, files: dict[str, str] = FAKE_SITE) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return make_site(tmp_path / "site")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [value for name, value in attrs if name in ("href", "src") and value]


def local_targets(page: str, html: str) -> list[str]:
    """The site-relative files that a page's local href/src point at (external, data: and #x skipped)."""
    parser = _Links()
    parser.feed(html)
    targets = []
    for url in parser.urls:
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or not parts.path:
            continue
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path)))
        if parts.path.endswith("/") or path == ".":
            path = posixpath.join(path, "index.html")
        targets.append(posixpath.normpath(path))
    return targets


def broken_links(root: Path, files: list[str]) -> list[tuple[str, str]]:
    """(page, target) for every local reference of the pages and of pyscript.toml missing from `files`."""
    listed = set(files)
    broken = []
    for page in [name for name in files if name.endswith(".html")]:
        html = (root / page).read_text(encoding="utf-8")
        broken += [(page, target) for target in local_targets(page, html) if target not in listed]
    # interpreter resolves relative to the page, [files] relative to the config: both sit at the root.
    config = tomllib.loads((root / "pyscript.toml").read_text(encoding="utf-8"))
    for url in [config.get("interpreter", ""), *config.get("files", {})]:
        target = posixpath.normpath(url)
        if target not in listed:
            broken.append(("pyscript.toml", target))
    return broken


def test_list_follows_the_include_and_exclude_rules(site: Path) -> None:
    files = build_sw.site_files(site)
    assert files == FAKE_LISTED
    assert not [name for name in files if name.endswith(".map")]


def test_missing_runtime_fails_the_build(site: Path) -> None:
    (site / "static/vendor/pyodide/pyodide.asm.wasm").unlink()
    with pytest.raises(build_sw.MissingFiles) as error:
        build_sw.site_files(site)
    assert error.value.names == ["static/vendor/pyodide/pyodide.asm.wasm"]


def test_version_changes_with_every_listed_file_only(site: Path) -> None:
    files = build_sw.site_files(site)
    base = build_sw.content_version(site, files)
    for name in files:
        path = site / name
        original = path.read_bytes()
        path.write_bytes(original + b" ")
        assert build_sw.content_version(site, files) != base, name
        path.write_bytes(original)
    assert build_sw.content_version(site, files) == base
    for name in ("py/games/core.py", "static/vendor/pyscript/core.js.map", "README.md"):
        (site / name).write_text("changed", encoding="utf-8")
    assert build_sw.content_version(site, build_sw.site_files(site)) == base


def test_generated_worker_lists_every_file_and_its_version(site: Path) -> None:
    files, version = build_sw.write_sw(site)
    text = (site / "sw.js").read_text(encoding="utf-8")
    assert "__VERSION__" not in text and "__URLS__" not in text
    assert f'const VERSION = "{version}";' in text
    listed = json.loads(text.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    assert listed == ["./", *(f"./{name}" for name in files)]
    # The worker is not a file of the site: writing it changes neither the list nor the version.
    assert build_sw.site_files(site) == files
    assert build_sw.content_version(site, files) == version


# Runs generated workers in Node with fake caches, pages and network; a scenario reports what they did.
WORKER_HARNESS = r"""
const fs = require("fs"), vm = require("vm");
const SCOPE = "https://rail.test/app/";
const stores = new Map([["railtable-old", new Map()], ["someone-else", new Map()]]);
const log = [];
const open = new Set();  // ids of the open pages
const registration = {installing: null, waiting: null};
let online = true;
function storeOf(name) { if (!stores.has(name)) stores.set(name, new Map()); return stores.get(name); }
function urlOf(request) { return new URL(typeof request === "string" ? request : request.url); }
const caches = {
  open: async (name) => {
    const store = storeOf(name);
    return {
      addAll: async (requests) => {
        for (const request of requests) {
          log.push(["add", request.url, request.cache]);
          const response = new Response(`${name} ${request.url}`);
          // A host that redirects /index.html to / gives a redirected response.
          if (request.url.endsWith("/index.html")) {
            Object.defineProperty(response, "redirected", {value: true});
          }
          store.set(request.url, response);
        }
      },
      put: async (request, response) => { store.set(urlOf(request).href, response); },
      match: async (request, options) => {
        const url = urlOf(request);
        if (options && options.ignoreSearch) url.search = "";
        const hit = store.get(url.href);
        if (!hit) return undefined;
        const copy = hit.clone();
        if (hit.redirected) Object.defineProperty(copy, "redirected", {value: true});
        return copy;
      },
      keys: async () => [...store.keys()].map((url) => ({url})),
      delete: async (request) => store.delete(urlOf(request).href),
    };
  },
  has: async (name) => stores.has(name),
  keys: async () => [...stores.keys()],
  delete: async (name) => stores.delete(name),
};
const location = new URL(SCOPE + "sw.js");
class ScopedRequest extends Request {
  constructor(url, init) { super(new URL(url, location), init); }
}
const network = async (request) => {
  if (!online) throw new TypeError("offline");
  return new Response("network " + request.url);
};

// Starts the worker in the file `path`, as the browser does at any time, with nothing in memory.
// Returns its dispatch(type, data): a promise of what it handed to respondWith (once everything it
// handed to waitUntil is done), or null when it handled nothing.
function start(path, inflates = true) {
  const listeners = {};
  const self = {
    location,
    registration,
    addEventListener: (type, handler) => { listeners[type] = handler; },
    skipWaiting: async () => { log.push(["skipWaiting"]); },
    clients: {
      claim: async () => { log.push(["claim"]); },
      matchAll: async () => [...open].map((id) => ({id})),
    },
  };
  const context = {self, caches, fetch: network, Request: ScopedRequest, Response, URL, Promise};
  if (inflates) context.DecompressionStream = DecompressionStream;
  vm.runInNewContext(fs.readFileSync(path, "utf8"), context);
  return (type, data) => {
    const waits = [];
    let response = null;
    const event = {...data, waitUntil: (p) => { waits.push(p); }, respondWith: (p) => { response = p; }};
    listeners[type](event);
    if (response === null && waits.length === 0) return null;
    return Promise.allSettled(waits).then(() => response);
  };
}
// A GET from the page `clientId` ("" for a navigation, whose page is `resultingClientId`).
async function get(worker, url, extra, ids) {
  const pending = worker("fetch", {request: {url: SCOPE + url, method: "GET", mode: "cors", ...extra},
                                   clientId: "", resultingClientId: "", ...ids});
  if (pending === null) return "unhandled";
  try {
    const response = await pending;
    const body = response.headers.get("location") || (await response.text());
    return [response.status, body, response.redirected];
  } catch (error) { return "failed"; }
}
// The page `id` says hello; returns what the worker answered.
async function hello(worker, id) {
  const answers = [];
  await worker("message", {data: {type: "hello"}, source: {id, postMessage: (m) => answers.push(m)}});
  return answers;
}
const cacheNames = () => [...stores.keys()].sort();
(async () => {
  const out = {};
  const [first, second] = process.argv.slice(1);
  SCENARIO
  console.log(JSON.stringify(out));
})();
"""

# One worker installed over an old version that no page uses any more.
FIRST_INSTALL = r"""
  const worker = start(first);
  await worker("install", {});
  out.installed = [...log];
  log.length = 0;
  await worker("activate", {});
  out.activated = [...log];
  out.caches = cacheNames();
  out.cached = await get(worker, "static/css/app.css?v=2");
  out.root = await get(worker, "");
  out.index = await get(worker, "index.html");
  out.post = await get(worker, "index.html", {method: "POST"});
  out.foreign = worker("fetch", {request: {url: "https://cdn.test/x.js", method: "GET"}});
  out.online = await get(worker, "not/listed.txt");
  online = false;
  out.offline_page = await get(worker, "somewhere?x=1", {mode: "navigate"});
  out.offline_file = await get(worker, "not/listed.txt");
"""

# A browser without DecompressionStream (Safari before 16.4) installs the worker.
CANNOT_INFLATE = r"""
  const worker = start(first, false);
  await worker("install", {});
  out.installed = [...log];
"""

# Version one, then version two while page "a" is open on one: the life of a deploy.
UPDATE = r"""
  const css = "static/css/app.css";
  const one = start(first);
  await one("install", {});
  await one("activate", {});
  await get(one, "", {mode: "navigate"}, {resultingClientId: "a"});
  open.add("a");
  out.a_hello_before = await hello(one, "a");
  const two = start(second);
  await two("install", {});
  await two("activate", {});
  out.after_update = cacheNames();
  out.a_file = await get(two, css, {}, {clientId: "a"});
  out.a_hello = await hello(two, "a");
  await get(two, "index.html", {mode: "navigate"}, {resultingClientId: "b"});  // a new tab
  open.add("b");
  out.b_file = await get(two, css, {}, {clientId: "b"});
  const restarted = start(second);
  out.a_file_restarted = await get(restarted, css, {}, {clientId: "a"});
  out.b_file_restarted = await get(restarted, css, {}, {clientId: "b"});
  out.unrecorded = await get(restarted, css, {}, {clientId: "z"});  // claimed on a first visit
  open.delete("a");  // page a closes (or reloads: a new page, on version two)
  open.delete("z");
  registration.installing = {};
  await hello(restarted, "b");
  out.while_installing = cacheNames();
  registration.installing = null;
  await hello(one, "b");  // a worker of version one still running
  out.old_worker_tidied = cacheNames();
  out.b_hello = await hello(restarted, "b");
  out.after_close = cacheNames();
  out.records = [...storeOf("railtable-clients").keys()].sort();
"""


def run_workers(scenario: str, *workers: Path) -> dict[str, Any]:
    script = WORKER_HARNESS.replace("SCENARIO", scenario)
    run = subprocess.run(
        ["node", "-e", script, *map(str, workers)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the worker's logic")
def test_worker_precaches_serves_cache_first_and_falls_back_offline(site: Path) -> None:
    files, version = build_sw.write_sw(site)
    out = run_workers(FIRST_INSTALL, site / "sw.js")
    scope = "https://rail.test/app/"
    cache = f"railtable-{version}"
    urls = [scope, *(scope + name for name in files)]
    # Every file asked of the host, which confirms the HTTP cache's copy (what the page has just
    # downloaded) or sends the current one.
    assert out["installed"] == [*(["add", url, "no-cache"] for url in urls), ["skipWaiting"]]
    assert out["activated"] == [["claim"]]
    assert out["caches"] == sorted([cache, "railtable-clients", "someone-else"])  # no page used "old"
    assert out["cached"] == [200, f"{cache} {scope}static/css/app.css", False]
    assert out["root"] == [200, f"{cache} {scope}", False]
    assert out["index"] == [200, f"{cache} {scope}index.html", False]  # a host's redirect is unwrapped
    assert out["post"] == "unhandled"
    assert out["foreign"] is None
    assert out["online"] == [200, f"network {scope}not/listed.txt", False]
    assert out["offline_page"] == [302, f"{scope}index.html", False]
    assert out["offline_file"] == "failed"


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the worker's logic")
def test_a_browser_that_cannot_inflate_the_snapshot_does_not_precache_it(site: Path) -> None:
    files, _version = build_sw.write_sw(site)
    out = run_workers(CANNOT_INFLATE, site / "sw.js")
    scope = "https://rail.test/app/"
    kept = [scope, *(scope + name for name in files if name != "static/vendor/start.snapshot")]
    assert len(kept) == len(files)  # "./" and every file but the snapshot
    assert out["installed"] == [*(["add", url, "no-cache"] for url in kept), ["skipWaiting"]]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the worker's logic")
def test_worker_serves_each_page_its_own_version_until_no_page_uses_it(site: Path, tmp_path: Path) -> None:
    _files, one = build_sw.write_sw(site)
    first = tmp_path / "sw-one.js"
    shutil.copy(site / "sw.js", first)
    (site / "static/css/app.css").write_text("body { margin: 0 }", encoding="utf-8")
    _files, two = build_sw.write_sw(site)
    assert one != two
    out = run_workers(UPDATE, first, site / "sw.js")
    css = "https://rail.test/app/static/css/app.css"
    old, new = f"railtable-{one}", f"railtable-{two}"
    assert out["a_hello_before"] == [{"type": "version", "page": one, "newest": one}]
    assert out["after_update"] == sorted([old, new, "railtable-clients", "someone-else"])
    assert out["a_file"] == [200, f"{old} {css}", False]  # the open page keeps its version
    assert out["a_hello"] == [{"type": "version", "page": one, "newest": two}]  # and learns of the new one
    assert out["b_file"] == [200, f"{new} {css}", False]  # a new page gets the newest
    # A worker stopped and started again remembers which page runs which version.
    assert out["a_file_restarted"] == out["a_file"]
    assert out["b_file_restarted"] == out["b_file"]
    assert out["unrecorded"] == out["b_file"]
    assert old in out["while_installing"]  # a worker being installed may be filling a cache
    assert new in out["old_worker_tidied"]  # an older worker never deletes the newest cache
    assert out["b_hello"] == [{"type": "version", "page": two, "newest": two}]
    assert out["after_close"] == sorted([new, "railtable-clients", "someone-else"])
    assert out["records"] == [f"https://rail.test/app/.railtable/{key}" for key in ("client/b", "newest")]


def test_dist_holds_exactly_the_listed_files_and_its_worker(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "dist"
    written = dist.build_dist(site, out)
    files = build_sw.site_files(site)
    assert written == [*files, "sw.js"]
    on_disk = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    assert on_disk == sorted(written)
    assert all((out / name).read_bytes() == (site / name).read_bytes() for name in files)
    version = build_sw.content_version(site, files)
    assert f'const VERSION = "{version}";' in (out / "sw.js").read_text(encoding="utf-8")
    (out / "stale.txt").write_text("from an older build", encoding="utf-8")
    dist.build_dist(site, out)
    assert not (out / "stale.txt").exists()


def test_dist_refuses_to_wipe_what_is_not_a_build(site: Path, tmp_path: Path) -> None:
    other = make_site(tmp_path / "precious", {"notes.txt": "keep me"})
    for out in (other, site, site.parent):
        with pytest.raises(dist.UnsafeOutput):
            dist.build_dist(site, out)
    assert (other / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_command_lines(site: Path, tmp_path: Path) -> None:
    tools = ROOT / "tools"
    run = subprocess.run(
        [sys.executable, str(tools / "build_sw.py"), "--root", str(site)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert (site / "sw.js").is_file()
    out = tmp_path / "out"
    run = subprocess.run(
        [sys.executable, str(tools / "dist.py"), "--root", str(site), "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert f"{len(FAKE_LISTED) + 1} files" in run.stdout
    (site / "index.html").unlink()
    run = subprocess.run(
        [sys.executable, str(tools / "build_sw.py"), "--root", str(site)], capture_output=True, text=True
    )
    assert run.returncode == 1 and "index.html" in run.stderr


def test_link_check_finds_broken_links(site: Path) -> None:
    files = build_sw.site_files(site)
    assert broken_links(site, files) == []
    (site / "rules/ta.fr.html").write_text('<img src="../static/missing.png">', encoding="utf-8")
    assert broken_links(site, files) == [("rules/ta.fr.html", "static/missing.png")]


@pytest.fixture(scope="module")
def real_files() -> list[str]:
    if not (ROOT / "static/vendor/pyodide").is_dir():
        pytest.skip("no vendored runtime: run `python3 tools/vendor.py` first")
    return build_sw.site_files(ROOT)


def test_real_site_lists_runtime_locales_and_rules(real_files: list[str]) -> None:
    for name in RUNTIME:
        assert name in real_files
    locales = sorted(path.relative_to(ROOT).as_posix() for path in ROOT.glob("py/ui/locales/*.json"))
    rules = sorted(path.relative_to(ROOT).as_posix() for path in ROOT.glob("rules/*.html"))
    assert locales and set(locales) <= set(real_files)
    assert {"rules/transamerica.en.html", "rules/transamerica.fr.html"} <= set(rules) <= set(real_files)
    assert not [name for name in real_files if name.endswith(".map")]


def test_real_site_links_resolve_to_listed_files(real_files: list[str]) -> None:
    assert broken_links(ROOT, real_files) == []


class _Policy(HTMLParser):
    """A page's Content-Security-Policy (from its meta element), what comes before it (which it would
    not cover), and everything inline that a strict policy must refuse: scripts, handlers, styles."""

    def __init__(self) -> None:
        super().__init__()
        self.directives: dict[str, list[str]] | None = None
        self.before: list[str] = []
        self.inline: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            parts = [part.split() for part in (values.get("content") or "").split(";")]
            self.directives = {words[0]: words[1:] for words in parts if words}
        elif self.directives is None and tag in ("script", "link", "style"):
            self.before.append(tag)
        self.inline += [f"<{tag} {name}>" for name, _ in attrs if name.startswith("on")]
        self.inline += [f"<{tag} {name}>" for name, value in attrs
                        if value and value.strip().lower().startswith("javascript:")]
        if (tag == "script" and "src" not in values) or tag == "style":
            self.inline.append(f"<{tag}> inline")


def page_policy(page: str) -> _Policy:
    parser = _Policy()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    return parser


def test_the_app_page_preloads_what_python_starts_with() -> None:
    """What PyScript fetches on its way to Python is asked for by the page's head (PyScript's own chunk,
    the interpreter's module and Pyodide's files, the config's [files], the page's entry script), so
    the downloads overlap instead of waiting on one another. Each is a file the worker keeps for
    offline use, asked for at low priority, after the lobby's own files. Not the config, which
    PyScript asks for at once (a preload would race it), nor Pyodide's WebAssembly: a preloaded module
    misses Chrome's cache of compiled code (measured: a warm boot 0.75 s slower). (That the preloads are
    consumed, not fetched twice, is a browser test: `test_boot.py`.)"""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    preloads = re.findall(r'<link rel="(modulepreload|preload)" href="\./([^"]+)"( as="fetch" crossorigin)?'
                          r' fetchpriority="low">', page)
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    chunk = re.findall(r'from"\./(core-[\w-]+\.js)"', (ROOT / "static/vendor/pyscript/core.js").read_text())
    modules = {config["interpreter"].removeprefix("./"),  # Python's start, over Pyodide's own modules
               "static/vendor/pyodide/pyodide.mjs", "static/vendor/pyodide/pyodide.asm.mjs",
               *(f"static/vendor/pyscript/{name}" for name in chunk)}
    entry = re.findall(r'<script type="py" src="\./([^"]+)"', page)
    fetched = {*(posixpath.normpath(name) for name in config["files"]), *entry,
               *(f"static/vendor/pyodide/{name}" for name in build_sw.PYODIDE_FILES)} - modules
    fetched.remove("static/vendor/pyodide/pyodide.asm.wasm")
    assert len(chunk) == len(entry) == 1
    assert {href for rel, href, _ in preloads if rel == "modulepreload"} == modules
    assert {href for rel, href, cors in preloads if rel == "preload" and cors} == fetched
    assert len(re.findall(r'rel="(?:module)?preload"', page)) == len(preloads) == len(modules) + len(fetched)
    assert page.index("lobby.js") < page.index('rel="modulepreload"')
    assert set(build_sw.site_files(ROOT)) >= modules | fetched


def test_the_app_page_has_one_stylesheet_built_from_every_sheet_of_styles() -> None:
    """One request for every style the page has: PyScript's sheet, then each of styles/ in cascade order,
    as the source files now hold them (`make` rebuilds it; measured, the six requests saved let the
    browser start PyScript's chain to Pyodide sooner)."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    built = (ROOT / "static/vendor/app.css").read_text(encoding="utf-8")
    assert re.findall(r'<link rel="stylesheet" href="\./([^"]+)">', page) == ["static/vendor/app.css"]
    assert built == vendor.stylesheet()
    sheets = ["static/vendor/pyscript/core.css", *(f"styles/{name}.css" for name in (
        "app", "board", "transamerica", "trick_of_the_rails", "freight_train", "locomotion"))]
    assert [built.index(f"/* {name} */") for name in sheets] == sorted(built.index(f"/* {name} */")
                                                                         for name in sheets)
    for name in sheets:
        assert (ROOT / name).read_text(encoding="utf-8").rstrip() in built


def test_a_sheet_of_styles_left_out_of_the_page_fails_the_build(tmp_path: Path) -> None:
    for name in vendor.STYLESHEETS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("body {}\n", encoding="utf-8")
    assert vendor.stylesheet(tmp_path).count("body {}") == len(vendor.STYLESHEETS)
    (tmp_path / "styles/tickets.css").write_text(".ticket {}\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"tickets\.css"):
        vendor.stylesheet(tmp_path)


def test_the_app_page_carries_a_strict_policy_and_nothing_inline() -> None:
    page = page_policy("index.html")
    assert page.directives is not None and page.before == [] and page.inline == []
    assert page.directives.pop("script-src") == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]  # Pyodide
    assert page.directives == {
        "default-src": ["'none'"], "style-src": ["'self'"], "img-src": ["'self'"],
        "connect-src": ["'self'"], "manifest-src": ["'self'"],
        "base-uri": ["'none'"], "form-action": ["'none'"], "object-src": ["'none'"],
    }


@pytest.mark.parametrize("page", sorted(path.name for path in (ROOT / "rules").glob("*.html")))
def test_rules_pages_run_no_script(page: str) -> None:
    rules = page_policy(f"rules/{page}")
    assert rules.directives is not None and rules.before == [] and rules.inline == []
    assert rules.directives == {
        "default-src": ["'none'"], "style-src": ["'self'"], "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'"], "base-uri": ["'none'"], "form-action": ["'none'"],
    }

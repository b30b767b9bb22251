"""The offline build: the service worker's precache list, its content version, the worker's behaviour
(run under Node with fake caches) and `dist/`. Unit tests use a small fake site under a tmp folder; the
checks on the real site need the vendored runtime (`python3 tools/vendor.py`)."""

from __future__ import annotations

import importlib
import json
import posixpath
import shutil
import subprocess
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
build_sw = importlib.import_module("build_sw")
dist = importlib.import_module("dist")

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


# Runs the generated worker in Node with fake caches and network, and reports what it did.
WORKER_HARNESS = r"""
const fs = require("fs"), vm = require("vm");
const SCOPE = "https://rail.test/app/";
const stores = new Map([["railtable-old", new Map()], ["someone-else", new Map()]]);
const log = [];
let online = true;
function storeOf(name) { if (!stores.has(name)) stores.set(name, new Map()); return stores.get(name); }
const caches = {
  open: async (name) => {
    const store = storeOf(name);
    return {
      addAll: async (requests) => {
        for (const request of requests) {
          log.push(["add", request.url, request.cache]);
          const response = new Response("cached " + request.url);
          // A host that redirects /index.html to / gives a redirected response.
          if (request.url.endsWith("/index.html")) {
            Object.defineProperty(response, "redirected", {value: true});
          }
          store.set(request.url, response);
        }
      },
      match: async (request, options) => {
        const url = new URL(typeof request === "string" ? request : request.url);
        if (options && options.ignoreSearch) url.search = "";
        const hit = store.get(url.href);
        if (!hit) return undefined;
        const copy = hit.clone();
        if (hit.redirected) Object.defineProperty(copy, "redirected", {value: true});
        return copy;
      },
    };
  },
  keys: async () => [...stores.keys()],
  delete: async (name) => stores.delete(name),
};
const listeners = {};
const self = {
  location: new URL(SCOPE + "sw.js"),
  addEventListener: (type, handler) => { listeners[type] = handler; },
  skipWaiting: async () => { log.push(["skipWaiting"]); },
  clients: {claim: async () => { log.push(["claim"]); }},
};
class ScopedRequest extends Request {
  constructor(url, init) { super(new URL(url, self.location), init); }
}
const network = async (request) => {
  if (!online) throw new TypeError("offline");
  return new Response("network " + request.url);
};
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"),
  {self, caches, fetch: network, Request: ScopedRequest, Response, URL, Promise});

// Dispatches an event; returns the promise the worker handed to waitUntil/respondWith, or null.
function dispatch(type, data) {
  let pending = null;
  const event = {...data, waitUntil: (p) => { pending = p; }, respondWith: (p) => { pending = p; }};
  listeners[type](event);
  return pending;
}
async function get(url, extra) {
  const pending = dispatch("fetch", {request: {url: SCOPE + url, method: "GET", mode: "cors", ...extra}});
  if (pending === null) return "unhandled";
  try {
    const response = await pending;
    const body = response.headers.get("location") || (await response.text());
    return [response.status, body, response.redirected];
  } catch (error) { return "failed"; }
}
(async () => {
  await dispatch("install", {});
  const installed = [...log];
  log.length = 0;
  await dispatch("activate", {});
  const out = {installed, activated: [...log], caches: [...stores.keys()]};
  out.cached = await get("static/css/app.css?v=2");
  out.root = await get("");
  out.index = await get("index.html");
  out.post = await get("index.html", {method: "POST"});
  out.foreign = dispatch("fetch", {request: {url: "https://cdn.test/x.js", method: "GET"}});
  out.online = await get("not/listed.txt");
  online = false;
  out.offline_page = await get("somewhere?x=1", {mode: "navigate"});
  out.offline_file = await get("not/listed.txt");
  console.log(JSON.stringify(out));
})();
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node runs the worker's logic")
def test_worker_precaches_serves_cache_first_and_falls_back_offline(site: Path) -> None:
    files, version = build_sw.write_sw(site)
    run = subprocess.run(
        ["node", "-e", WORKER_HARNESS, str(site / "sw.js")], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    scope = "https://rail.test/app/"
    urls = [scope, *(scope + name for name in files)]
    assert out["installed"] == [*(["add", url, "reload"] for url in urls), ["skipWaiting"]]
    assert out["activated"] == [["claim"]]
    assert sorted(out["caches"]) == sorted([f"railtable-{version}", "someone-else"])
    assert out["cached"] == [200, f"cached {scope}static/css/app.css", False]
    assert out["root"] == [200, f"cached {scope}", False]
    assert out["index"] == [200, f"cached {scope}index.html", False]  # a host's redirect is unwrapped
    assert out["post"] == "unhandled"
    assert out["foreign"] is None
    assert out["online"] == [200, f"network {scope}not/listed.txt", False]
    assert out["offline_page"] == [302, f"{scope}index.html", False]
    assert out["offline_file"] == "failed"


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

// Rail Table's service worker. sw.js is generated from static/js/sw.template.js by tools/build_sw.py:
// edit the template, never sw.js. VERSION is a hash of every precached file, so any change to the app
// installs a fresh cache, railtable-<VERSION>.
//
// An open page keeps the version it started with until it reloads: a page of one version that loads a
// file of the next (a chunk, a catalog, a rules page's stylesheet) could break in ways no test sees.
// * A navigation (a reload, a new tab) gets this worker's version, the newest.
// * The worker records the version each page (client) started with, in the CLIENTS cache rather than
//   in memory since the browser stops and restarts workers at will, and answers every later request
//   of that page from that version's cache.
// * A new worker takes over at once, so it also serves the pages that older workers started, from
//   their caches; a cache is deleted once no open page uses it (checked when a worker activates and
//   whenever a page starts, since closing a page wakes no worker).
// * A page says "hello"; the answer names its version and the newest, and boot.js offers a reload
//   when they differ.
const VERSION = "__VERSION__";
const PREFIX = "railtable-";
const CACHE = PREFIX + VERSION;
const CLIENTS = `${PREFIX}clients`; // a version is a hex hash, never "clients"
const PRECACHE = __URLS__;
const INDEX = new URL("./index.html", self.location).href;
const SNAPSHOT = "/static/vendor/start.snapshot"; // the memory snapshot of Python's start
// Keys in CLIENTS (never requested): a page's id after CLIENT_KEY holds its version; NEWEST_KEY holds
// the version activated last, whose cache an older worker still running must not delete.
const CLIENT_KEY = new URL("./.railtable/client/", self.location).href;
const NEWEST_KEY = new URL("./.railtable/newest", self.location).href;

// Client id -> the promise of its version: a memo of CLIENTS, which outlives this worker.
const versions = new Map();

self.addEventListener("install", (event) => {
  // "no-cache" asks the host whether the HTTP cache's copy is current, so a new version never
  // precaches a stale file, and a first visit's worker does not download again the runtime (and the
  // snapshot) the page has just downloaded over the same link.
  // A browser that cannot inflate the snapshot never starts from it (boot.js): it is not kept either.
  const kept = typeof DecompressionStream === "undefined" ? PRECACHE.filter((url) => !url.endsWith(SNAPSHOT))
    : PRECACHE;
  const requests = kept.map((url) => new Request(url, { cache: "no-cache" }));
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.open(CLIENTS)
      .then((store) => store.put(NEWEST_KEY, new Response(VERSION)))
      .then(() => self.clients.claim())
      .then(tidy),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    // The page this navigation makes starts on this version; its id is known before it exists.
    if (event.resultingClientId) {
      event.waitUntil(remember(event.resultingClientId, VERSION));
    }
    event.respondWith(respond(request, VERSION));
  } else {
    event.respondWith(versionOf(event.clientId).then((version) => respond(request, version)));
  }
});

self.addEventListener("message", (event) => {
  const page = event.source;
  if (!page || !event.data || event.data.type !== "hello") {
    return;
  }
  // The answer comes after the tidying, so a page that has its answer sees the caches as they stay.
  event.waitUntil(
    versionOf(page.id).then((version) => tidy()
      .catch(() => { /* the caches are tidied next time */ })
      .then(() => page.postMessage({ type: "version", page: version, newest: VERSION }))),
  );
});

async function respond(request, version) {
  const cache = await cacheOf(version);
  // ignoreSearch: a cache-busting query must not bypass the precached copy.
  const cached = await cache.match(request, { ignoreSearch: true });
  if (cached) {
    return servable(cached);
  }
  try {
    return await fetch(request);
  } catch (error) {
    // Offline and not precached: a navigation is sent to the cached app page. A redirect, not the page
    // itself, so that its relative URLs resolve from the right folder; the browser carries the
    // fragment (index.html#play=...) over to the new location.
    if (request.mode === "navigate" && (await cache.match(INDEX))) {
      return Response.redirect(INDEX, 302);
    }
    throw error;
  }
}

// The cache of `version`; this worker's own if that one is gone (the browser may evict storage): the
// page then gets the newest files, and its notice already asks for a reload.
async function cacheOf(version) {
  if (version !== VERSION && (await caches.has(PREFIX + version))) {
    return caches.open(PREFIX + version);
  }
  return caches.open(CACHE);
}

// Browsers refuse a redirected response for a navigation, and some hosts redirect /index.html to /.
function servable(response) {
  return response.redirected ? new Response(response.body, response) : response;
}

function versionOf(clientId) {
  if (!clientId) {
    return Promise.resolve(VERSION);
  }
  if (!versions.has(clientId)) {
    versions.set(clientId, recorded(clientId));
  }
  return versions.get(clientId);
}

// A page no worker has recorded started before any worker controlled it (a first visit), from the
// network, which is what this worker has just cached: it is taken to run this version.
async function recorded(clientId) {
  try {
    const known = await (await caches.open(CLIENTS)).match(CLIENT_KEY + encodeURIComponent(clientId));
    if (known) {
      return await known.text();
    }
    await remember(clientId, VERSION);
  } catch (error) {
    // Storage failing: the page gets the newest files, as it would without this record.
  }
  return VERSION;
}

async function remember(clientId, version) {
  versions.set(clientId, Promise.resolve(version));
  const store = await caches.open(CLIENTS);
  await store.put(CLIENT_KEY + encodeURIComponent(clientId), new Response(version));
}

// Forgets the pages that are gone and deletes every version's cache that no open page uses.
async function tidy() {
  // A newer worker being installed fills a cache that no record names yet: leave the caches to it.
  if (self.registration.installing || self.registration.waiting) {
    return;
  }
  const store = await caches.open(CLIENTS);
  const open = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
  const ids = new Set(open.map((client) => client.id));
  const newest = await store.match(NEWEST_KEY);
  const used = new Set([CACHE, PREFIX + (newest ? await newest.text() : VERSION)]);
  for (const key of await store.keys()) {
    if (!key.url.startsWith(CLIENT_KEY)) {
      continue;
    }
    const id = decodeURIComponent(key.url.slice(CLIENT_KEY.length));
    const entry = ids.has(id) ? await store.match(key) : undefined;
    if (entry) {
      used.add(PREFIX + (await entry.text()));
    } else {
      versions.delete(id);
      await store.delete(key);
    }
  }
  const unused = (await caches.keys())
    .filter((name) => name.startsWith(PREFIX) && name !== CLIENTS && !used.has(name));
  await Promise.all(unused.map((name) => caches.delete(name)));
}

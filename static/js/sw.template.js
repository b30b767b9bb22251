// Rail Table's service worker. sw.js is generated from static/js/sw.template.js by tools/build_sw.py:
// edit the template, never sw.js. VERSION is a hash of every precached file, so any change to the app
// installs a fresh cache, and the old one is deleted once the new worker takes over.
const VERSION = "__VERSION__";
const CACHE = `railtable-${VERSION}`;
const PRECACHE = __URLS__;
const INDEX = new URL("./index.html", self.location).href;

self.addEventListener("install", (event) => {
  // "reload" skips the HTTP cache: a new version must never precache a stale copy of a file.
  const requests = PRECACHE.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names
          .filter((name) => name.startsWith("railtable-") && name !== CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(respond(request));
});

async function respond(request) {
  const cache = await caches.open(CACHE);
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

// Browsers refuse a redirected response for a navigation, and some hosts redirect /index.html to /.
function servable(response) {
  return response.redirected ? new Response(response.body, response) : response;
}

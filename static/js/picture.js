// Pictures: each saved game's table as it was last drawn (ui/table_page.py keeps it here), so that a
// reload or "Continue" shows the board at once, before Python is ready. Python draws the same table
// again the moment it is ready, and takes over. Until then a tap on one of the board's moves is queued
// (Python plays it when ready, `take`), and any other control says the game is getting ready.
(function () {
  "use strict";
  var CACHE = "rt-pictures"; // not "railtable-…": the service worker deletes the caches of that name it does not use
  var GAME_PREFIX = "railtable/v1/game/";
  var OVER_LOBBY = "over-lobby"; // ui/navigation.py: a history entry pushed over the lobby's
  var root = document.documentElement;
  var base = new URL("./.railtable/picture/", location.href).href;
  var queued = null;
  var held = {}; // what this page read or wrote last at each address: the same again is not written
  var SESSION = "railtable-picture:"; // the tab's session storage, before an address

  function address(kind, id) { return base + kind + "/" + encodeURIComponent(id); }

  // What the tab's session storage holds for `url` (null: nothing, or no storage).
  function leftInSession(url) {
    try { return sessionStorage.getItem(SESSION + url); } catch (e) { return null; }
  }

  // Keep `text` for `url` in the tab's session storage; null forgets what it held.
  function keepInSession(url, text) {
    try {
      if (text === null) sessionStorage.removeItem(SESSION + url);
      else sessionStorage.setItem(SESSION + url, text);
    } catch (e) { /* full or refused: a picture is only a head start */ }
  }

  function put(url, text) {
    // A resumed table draws the picture it was opened with: writing it again could only race a reload.
    if (!window.caches || held[url] === text) return;
    held[url] = text;
    // The cache writes later, and a reload right after a move (the page going away) may come first:
    // the tab's session storage, written at once and read first, keeps the picture until the cache
    // has it. It lets it go then, so that it never hides a later picture another tab kept.
    keepInSession(url, text);
    caches.open(CACHE).then(function (cache) {
      return cache.put(url, new Response(text, { headers: { "Content-Type": "application/json" } }));
    }).then(function () {
      if (leftInSession(url) === text) keepInSession(url, null);
    }).catch(function () { /* a picture is only a head start: without it Python draws the table */ });
  }

  function get(url) {
    if (!window.caches) return Promise.resolve(null);
    var left = leftInSession(url);
    if (left !== null) {
      put(url, left); // into the cache, for a later visit from another tab
      return Promise.resolve(left);
    }
    return caches.open(CACHE).then(function (cache) { return cache.match(url); })
      .then(function (response) { return response ? response.text() : null; })
      .then(function (text) { if (text !== null) held[url] = text; return text; })
      .catch(function () { return null; });
  }

  // The save's revision; undefined when there is no readable save of that id.
  function savedRevision(id) {
    try {
      var entry = JSON.parse(localStorage.getItem(GAME_PREFIX + id));
      return entry && typeof entry.rev === "number" ? entry.rev : undefined;
    } catch (e) {
      return undefined;
    }
  }

  function ready() { return root.hasAttribute("data-app-ready"); }

  function whenParsed(action) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", action);
    else action();
  }

  function setHtml(id, html) { document.getElementById(id).innerHTML = html; }

  function draw(picture, map) {
    if (ready()) return; // Python came first: its table is on screen
    setHtml("board-map", map);
    setHtml("board-position", picture.position);
    setHtml("players", picture.players);
    setHtml("hand", picture.side);
    setHtml("actions", picture.actions);
    document.getElementById("status").textContent = picture.status;
    document.getElementById("table-title").textContent = picture.title;
    document.getElementById("board-desc").textContent = picture.description;
    document.getElementById("board").style.setProperty("--aspect", String(picture.aspect));
    document.getElementById("table").setAttribute("data-ply", String(picture.ply));
    document.getElementById("autoplay-field").hidden = !picture.autoplay;
    document.title = picture.tab;
    document.getElementById("lobby").hidden = true;
    document.getElementById("table").hidden = false;
    root.setAttribute("data-picture", "");
  }

  // Show the saved game `id`: its picture when one is kept for its revision and the page's language;
  // either way the lobby stays out of sight until Python sits at the game (or says why it cannot).
  function show(id) {
    var revision = savedRevision(id);
    if (revision === undefined) return;
    root.setAttribute("data-resuming", "");
    get(address("game", id)).then(function (text) {
      var picture = text && JSON.parse(text);
      if (!picture || picture.rev !== revision || picture.lang !== root.lang) return null;
      return get(address("map", picture.game + "." + picture.lang)).then(function (map) {
        if (map) whenParsed(function () { draw(picture, map); });
      });
    }).catch(function () { /* no picture: Python draws the table */ });
  }

  function note(kind) {
    document.querySelectorAll("#boot [data-note]").forEach(function (node) {
      node.hidden = node.getAttribute("data-note") !== kind;
    });
  }

  // Before Python is ready, a move tapped on the picture is queued and marked; another control is
  // refused, visibly. A saved game chosen in the Continue list is shown at once.
  document.addEventListener("click", function (event) {
    if (ready() || !event.target.closest) return;
    var saved = event.target.closest("#saved-games [data-save]");
    if (saved) {
      var id = saved.getAttribute("data-save");
      history.pushState(OVER_LOBBY, "", location.pathname + location.search + "#game=" + encodeURIComponent(id));
      show(id);
      return;
    }
    if (event.target.closest("#saved-games button")) { // deleting waits for Python
      note("wait");
      return;
    }
    if (!root.hasAttribute("data-picture")) return;
    var target = event.target.closest("#table [data-move]");
    if (target) {
      document.querySelectorAll("#table .queued").forEach(function (node) { node.classList.remove("queued"); });
      target.classList.add("queued");
      queued = target.getAttribute("data-move");
      note("queued");
    } else if (event.target.closest("#table button, #table input, #table a")) {
      event.preventDefault();
      note("wait");
    }
  }, true);

  window.railTablePicture = {
    keep: function (id, json) { put(address("game", id), json); },
    keepMap: function (key, svg) { put(address("map", key), svg); },
    keepSavedGames: function (lang, json) { put(address("lobby", lang), json); },
    // The move tapped before Python was ready, once: Python plays it when it sits at the table.
    take: function () { var move = queued; queued = null; return move; }
  };

  // Every save as the kept Continue list names it, and no other.
  function asListed(saves) {
    var ids = Object.keys(saves), stored = 0;
    for (var i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i).indexOf(GAME_PREFIX) === 0) stored++;
    }
    return stored === ids.length && ids.every(function (id) {
      return saves[id] === null ? localStorage.getItem(GAME_PREFIX + id) !== null : savedRevision(id) === saves[id];
    });
  }

  // The Continue list as Python last drew it, while it is still true: a game can be chosen at once.
  function showSavedGames() {
    get(address("lobby", root.lang)).then(function (text) {
      var kept = text && JSON.parse(text);
      if (!kept || !asListed(kept.saves)) return;
      whenParsed(function () {
        if (!ready() && document.querySelector("#saved-games > .empty")) setHtml("saved-games", kept.html);
      });
    }).catch(function () { /* the list comes with Python */ });
  }

  var found = /^#game=(.+)$/.exec(location.hash);
  if (found) {
    try { show(decodeURIComponent(found[1])); } catch (e) { /* a malformed address: Python says so */ }
  } else {
    showSavedGames();
  }
})();

// Boot: runs before Python. Translates the static page, reports real loading progress from
// PyScript's own "py:progress" events, and turns any start-up failure into a clear message.
// Everything interactive is Python's, except what concerns the page itself: its reload buttons, the
// service worker, and the notice that a new version is ready.
(function () {
  "use strict";
  var root = document.documentElement;
  var PREFS_KEY = "railtable/v1/prefs";
  var STAGES = { "Loading Pyodide": ["download", 10], "Loaded Pyodide": ["python", 60],
                 "Loading files": ["python", 65], "Loaded files": ["games", 80] };

  function storedPreferences() {
    try {
      var prefs = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}");
      return prefs && typeof prefs === "object" ? prefs : {};
    } catch (e) {
      return {}; // corrupt preferences: the defaults (Python says the same)
    }
  }
  var prefs = storedPreferences();

  function preferredLanguage() {
    if (prefs.lang === "fr" || prefs.lang === "en") return prefs.lang;
    var langs = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < langs.length; i++) {
      var code = String(langs[i]).slice(0, 2).toLowerCase();
      if (code === "fr" || code === "en") return code;
    }
    return "en";
  }

  function translate(catalog) {
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var text = catalog[node.getAttribute("data-i18n")];
      if (text) node.textContent = text;
    });
    document.querySelectorAll("[data-i18n-title]").forEach(function (node) {
      var text = catalog[node.getAttribute("data-i18n-title")];
      if (text) node.title = text;
    });
    // The new-game form's seat rows name their seat: "{n}" is its number (ui/lobby.py).
    [["data-i18n-placeholder", "placeholder"], ["data-i18n-aria", "aria-label"]].forEach(function (pair) {
      document.querySelectorAll("[" + pair[0] + "]").forEach(function (node) {
        var text = catalog[node.getAttribute(pair[0])];
        if (text) node.setAttribute(pair[1], text.replace("{n}", node.getAttribute("data-i18n-n") || ""));
      });
    });
  }

  var lang = preferredLanguage();
  root.lang = lang;
  root.setAttribute("data-display", prefs.display === "projector" ? "projector" : "normal");
  window.railTableBoot = { lang: lang, failed: false };
  if (lang !== "en") {
    fetch("./py/ui/locales/" + lang + ".json").then(function (r) { return r.json(); })
      .then(function (catalog) {
        // The catalog may come before the page is parsed: translate what the page then holds.
        function apply() { if (!root.hasAttribute("data-app-ready")) translate(catalog); }
        if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply);
        else apply();
      })
      .catch(function () { /* the English text stays */ });
  }

  function setStage(name, percent) {
    var bar = document.getElementById("boot-progress");
    if (bar && percent > bar.value) bar.value = percent;
    document.querySelectorAll(".boot .stage").forEach(function (node) {
      var order = ["download", "python", "games"];
      var at = order.indexOf(node.getAttribute("data-stage")), now = order.indexOf(name);
      node.classList.toggle("done", at < now);
      node.classList.toggle("active", at === now);
    });
  }

  function fail(reason) {
    if (root.hasAttribute("data-app-ready") || window.railTableBoot.failed) return;
    window.railTableBoot.failed = true;
    root.setAttribute("data-boot-failed", reason);
    var box = document.getElementById("boot-error");
    if (box) box.hidden = false;
    var boot = document.getElementById("boot");
    if (boot) boot.hidden = true;
  }

  window.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".lang-choice").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-lang") === lang));
    });
    var rules = document.getElementById("rules-link");
    if (rules) rules.href = rules.getAttribute("href").replace(/\.en\.html$/, "." + lang + ".html");
    setStage("download", 3);
    // The form's preferences as stored: a change before Python is ready is the player's (ui/app.py).
    var speed = document.getElementById("bot-speed");
    if (speed && speed.querySelector('option[value="' + prefs.speed + '"]')) speed.value = prefs.speed;
    var autoplay = document.getElementById("autoplay");
    if (autoplay) autoplay.checked = prefs.autoplay === true;
    if (typeof WebAssembly !== "object") fail("no-webassembly");
  });
  document.addEventListener("py:progress", function (event) {
    var stage = STAGES[event.detail];
    if (stage) setStage(stage[0], stage[1]);
  });
  // A missing runtime file or a Python error at start-up: PyScript reports it as an error
  // event, a rejected promise, or a .py-error box; any of them before "ready" is a failed start.
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.src || target.href)) fail("missing-file");
  }, true);
  window.addEventListener("unhandledrejection", function () { fail("start-error"); });
  new MutationObserver(function () {
    if (document.querySelector(".py-error")) fail("python-error");
  }).observe(document.documentElement, { childList: true, subtree: true });

  // The reload buttons (a failed start, the update notice): the page's CSP allows no inline handler.
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-reload]")) location.reload();
  });

  // Where no worker keeps the site (offline is then optional), the page keeps the snapshot of Python's
  // start for the next visit (static/js/python_start.mjs), unless it started from a held one: the copy
  // this visit downloaded and started from (handed over as `downloaded`), or else the build's own, asked
  // again and checked with the host (the HTTP cache may hold another build's). A browser that cannot
  // inflate it (no DecompressionStream) could never start from it: it keeps none.
  var KEPT = "rail-table-start";
  var SNAPSHOT = "./static/vendor/start.snapshot";
  function keepSnapshot() {
    var start = root.getAttribute("data-python-start");
    var downloaded = window.railTableBoot.downloaded;
    delete window.railTableBoot.downloaded;
    if (!root.hasAttribute("data-app-ready") || start === "snapshot" || typeof caches === "undefined"
        || typeof DecompressionStream === "undefined") return;
    caches.open(KEPT).then(function (store) {
      return start === "downloaded" ? store.put(SNAPSHOT, new Response(downloaded))
        : store.add(new Request(SNAPSHOT, { cache: "no-cache" }));
    }).then(function () { root.setAttribute("data-snapshot-kept", ""); }, function () { /* next time */ });
  }

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    var workers = navigator.serviceWorker;
    // On a first visit the worker precaches the whole runtime (14 MB): it is registered once the page
    // has started (or failed to), not while the page downloads that runtime itself over the same link.
    var begin = workers.controller ? function (go) { window.addEventListener("load", go); } : afterStart;
    begin(function () {
      workers.register("./sw.js").then(function (registration) {
        if (!registration) return afterStart(keepSnapshot); // workers blocked (a browser's setting)
        delete window.railTableBoot.downloaded;
        if (typeof caches !== "undefined") caches.delete(KEPT); // the worker's cache holds it now
        checkForUpdates(registration);
      }, function () { afterStart(keepSnapshot); });
      watchVersion(workers);
    });
  } else {
    afterStart(keepSnapshot);
  }

  function afterStart(go) {
    var observer = new MutationObserver(check);
    function check() {
      if (!root.hasAttribute("data-app-ready") && !root.hasAttribute("data-boot-failed")) return;
      observer.disconnect();
      go();
    }
    observer.observe(root, { attributes: true, attributeFilter: ["data-app-ready", "data-boot-failed"] });
    check();
  }

  // The worker answers "hello" with the version this page started with and the newest installed one
  // (sw.template.js). The page asks again whenever a new worker takes over, so the notice appears as
  // soon as a newer version is ready; a reload runs it.
  function watchVersion(workers) {
    function hello() {
      if (workers.controller) workers.controller.postMessage({ type: "hello" });
    }
    workers.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type !== "version") return;
      window.railTableBoot.version = data.page;
      window.railTableBoot.newest = data.newest;
      document.getElementById("update-notice").hidden = data.page === data.newest;
    });
    workers.addEventListener("controllerchange", hello);
    workers.startMessages();
    hello();
  }

  // Browsers look for a new worker when a page is opened; a page left open for days looks again,
  // at most hourly, whenever it comes back into view.
  function checkForUpdates(registration) {
    var checked = Date.now();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState !== "visible" || Date.now() - checked < 3600e3) return;
      checked = Date.now();
      registration.update().catch(function () { /* offline: next time */ });
    });
  }
})();

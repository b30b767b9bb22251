// The new-game form in plain HTML: it holds every game's seats and options (ui/lobby.py), and this
// shows those of the chosen game and player count, before Python is ready and after. A "Start" before
// Python is ready is kept: Python starts the game as the form then stands (`take`).
(function () {
  "use strict";
  var startQueued = false;

  function fit() {
    var form = document.getElementById("new-game");
    var game = form.querySelector("input[name=game]:checked");
    if (!game) return;
    var fewest = Number(game.getAttribute("data-min")), most = Number(game.getAttribute("data-max"));
    var count = document.getElementById("player-count");
    Array.prototype.forEach.call(count.options, function (option) {
      var allowed = Number(option.value) >= fewest && Number(option.value) <= most;
      option.hidden = !allowed;
      option.disabled = !allowed;
    });
    var players = Math.min(Math.max(Number(count.value), fewest), most);
    count.value = String(players);
    form.querySelectorAll("#seats .seat").forEach(function (row, seat) { row.hidden = seat >= players; });
    form.querySelectorAll("#options .game-options").forEach(function (group) {
      group.hidden = group.getAttribute("data-game") !== game.value;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("new-game");
    form.addEventListener("change", fit);
    // The page never submits a form (its CSP says so too): Python starts the game, now or when ready.
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (document.documentElement.hasAttribute("data-app-ready")) return;
      startQueued = true;
      document.getElementById("start").setAttribute("aria-busy", "true");
      document.querySelectorAll("#boot [data-note]").forEach(function (node) {
        node.hidden = node.getAttribute("data-note") !== "starting";
      });
    });
    fit();
  });

  window.railTableLobby = {
    fit: fit,
    take: function () { var queued = startQueued; startQueued = false; return queued; }
  };
})();

// The board's zoom on small screens: pinch with two fingers, the −/Fit/+ buttons, and a tap where
// the targets are smaller than a finger zooms in around it instead of playing, so a move is only
// ever tapped at a zoom where its target is at least FINGER_PX across. Plain JS, not Python: a
// pinch needs every pointer move at once, and it works before Python is ready.
(() => {
  "use strict";
  const FINGER_PX = 44; // the smallest target a finger hits reliably (WCAG 2.5.5)
  const MAX_ZOOM = 5;
  const STEP = 1.5;
  let zoom = 1;
  let lastPointer = "mouse";
  const touches = new Map();
  let pinch = null;

  const wrap = () => document.getElementById("board-wrap");

  // Zoom to `level`, keeping the board point under (x, y) (client coordinates) where it is.
  function zoomTo(level, x, y) {
    const box = wrap();
    const next = Math.min(MAX_ZOOM, Math.max(1, level));
    const rect = box.getBoundingClientRect();
    const px = x === undefined ? rect.width / 2 : x - rect.left;
    const py = y === undefined ? rect.height / 2 : y - rect.top;
    const boardX = (box.scrollLeft + px) / zoom;
    const boardY = (box.scrollTop + py) / zoom;
    zoom = next;
    box.style.setProperty("--zoom", String(zoom));
    box.dataset.zoom = zoom.toFixed(2);
    box.scrollLeft = boardX * zoom - px;
    box.scrollTop = boardY * zoom - py;
  }

  // The size on screen of a playable target: its longer side (a track is long and thin).
  function targetPx(target) {
    const rect = target.getBoundingClientRect();
    return Math.max(rect.width, rect.height);
  }

  function onClick(event) {
    if (lastPointer !== "touch" || !event.target.closest("#board")) return;
    const target = event.target.closest("[data-move]") || wrap().querySelector("#board-position [data-move]");
    if (!target) return;
    const size = targetPx(target);
    if (size >= FINGER_PX || zoom >= MAX_ZOOM) return;
    event.preventDefault();
    event.stopPropagation(); // not a move: the player could not see what they tapped
    zoomTo(zoom * FINGER_PX / size * 1.1, event.clientX, event.clientY);
  }

  function distance() {
    const [a, b] = [...touches.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  function onPointerDown(event) {
    lastPointer = event.pointerType;
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (touches.size === 2) pinch = { from: distance(), zoom };
  }

  function onPointerMove(event) {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch && touches.size === 2) {
      const [a, b] = [...touches.values()];
      zoomTo(pinch.zoom * distance() / pinch.from, (a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  }

  function onPointerUp(event) {
    touches.delete(event.pointerId);
    if (touches.size < 2) pinch = null;
  }

  function onButton(event) {
    const button = event.target.closest("[data-zoom]");
    if (!button) return;
    const step = button.dataset.zoom;
    zoomTo(step === "fit" ? 1 : step === "in" ? zoom * STEP : zoom / STEP);
  }

  function start() {
    const box = wrap();
    if (!box) return;
    box.addEventListener("click", onClick, true);
    box.addEventListener("pointerdown", onPointerDown);
    box.addEventListener("pointermove", onPointerMove);
    box.addEventListener("pointerup", onPointerUp);
    box.addEventListener("pointercancel", onPointerUp);
    box.querySelector(".zoom-tools").addEventListener("click", onButton);
    // A new game's board (a new map) opens whole. Only when zoomed: measuring the box would lay the
    // whole new table out inside the task that drew it.
    new MutationObserver(() => { if (zoom !== 1) zoomTo(1); })
      .observe(document.getElementById("board-map"), { childList: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

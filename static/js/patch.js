// A region of the table drawn again by patching (ui/browser.py's patch_html): each new child is
// paired with an old one of the same tag, class and move; an equal one stays, another is updated in
// place, `depth` levels down. A move then costs the browser the layout of what it changed, not of the
// whole drawing, and the focus stays on a target that is still there. Plain JS, not Python: walking
// the nodes from Python crossed into JS a few hundred times per move, a sixth of a click's time on a
// slowed phone.
(() => {
  "use strict";

  const key = (node) => (node.nodeType !== 1 ? node.nodeName
    : `${node.nodeName}.${node.getAttribute("data-move") || ""}.${node.getAttribute("class") || ""}`);

  function patch(old, fresh, depth, focused) {
    const unused = new Map();
    for (const node of old.childNodes) {
      const kind = key(node);
      if (unused.has(kind)) unused.get(kind).push(node);
      else unused.set(kind, [node]);
    }
    const kept = [];
    for (const after of Array.from(fresh.childNodes)) {
      const sameKind = unused.get(key(after));
      const before = sameKind && sameKind.length ? sameKind.shift() : null;
      if (before && before.isEqualNode(after)) {
        kept.push(before);
      } else if (before && depth > 1 && before.nodeType === 1) {
        for (const name of before.getAttributeNames()) {
          if (!after.hasAttribute(name)) before.removeAttribute(name);
        }
        // Only the attributes that changed: Chromium lays an SVG element out again for any attribute set,
        // even to the value it had. The focused target keeps its tab stop, which the page gives back to
        // it after every move (ui/focus.py): a tabindex set on the focused element makes Chromium
        // recompute the page's style at once.
        for (const name of after.getAttributeNames()) {
          const value = after.getAttribute(name);
          if (before.getAttribute(name) !== value && !(name === "tabindex" && before === focused)) {
            before.setAttribute(name, value);
          }
        }
        patch(before, after, depth - 1, focused);
        kept.push(before);
      } else {
        kept.push(after);
      }
    }
    // The old nodes left unpaired go first: removed after the others were put in order, each would have
    // moved every node after it.
    const keep = new Set(kept);
    for (const node of Array.from(old.childNodes)) {
      if (!keep.has(node)) node.remove();
    }
    const children = old.childNodes;
    kept.forEach((node, index) => {
      if (index >= children.length) old.appendChild(node);
      else if (children[index] !== node) old.insertBefore(node, children[index]);
    });
  }

  window.railTablePatch = (id, html, depth) => {
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    patch(document.getElementById(id), fresh.content, depth, document.activeElement);
  };
})();

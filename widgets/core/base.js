// necro widget toolkit (widgets/core/base.js, the first part of widgets/core/).
//
// One toolkit for every game: status line, decision panel, log with rule
// links, undo/redo/reset, a JSON position editor and "play against the
// computer". The game's board module draws only the picture: Python appends
// its source as BOARD_SOURCE (see necro/widget/assets.py) and the toolkit
// imports it from a blob URL, so the board keeps its own scope.
//
// Board contract: `export function drawBoard(container, view, ui)` draws
// view.position into `container` and calls `ui.act(notation)` when the user
// picks a legal action (`ui.preview(notation)` / `ui.clearPreview()` on
// hover). It may return `{ highlight(notation | null) }` to be told which
// action the user is pointing at in the decision panel. `ui.el` and `ui.svg`
// build HTML and SVG elements. Give each clickable target `data-a` (its
// notation), `tabindex="0"`, a role and an aria-label that starts with the
// text it shows (`ui.named(node, more)` writes one: see shownText): keyboard
// focus then survives the redraw after each action. A board may also export
// `actionLabel(action, view)`: the text of that action's button in the
// decision panel when the notation alone would not read well (card ids), or
// null for the notation.
//
// Three modes, one code path. On render the toolkit sends {type: "hello"}; a
// kernel answers {type: "hello-ack"}: the board is "live with a kernel" and
// every request goes to Python (mode "live"). Without an answer within
// HELLO_MS the page is static (no kernel): the toolkit walks the precomputed
// `graph` trait, which holds a view per position and, per action, the node it
// leads to (see build_graph in necro/widget/view.py): mode "static". When
// the board first comes into view and the page is idle, the toolkit starts
// the rules engine in the reader's browser, once per page: a Web Worker
// running Pyodide with the very same Python package (necro-js/engine/, see
// necro/widget/browser.py and widgets/engine-worker.js); the first
// interaction with the board (pointer over it, focus, a click) starts it too
// if it is not running yet, and attaches the board to it. When the engine is
// ready the board replays the path already clicked there and from
// then on sends the engine the messages it would send a kernel, which answers
// with the same views: mode "browser" ("live in your browser"), no depth
// limit. Where the engine cannot start (a page opened from file://, no
// WebAssembly) the board stays on its graph and says why in one line.
// No rules here.
//
// Insight: a view may carry `insight` ({title, columns, rows, note}), a small
// table Python computed for this position (GameWidget(insight=...)); it is
// drawn under the decisions as given, and hidden when the view has none.
//
// The toolkit is written as several files, concatenated in this order into one module
// by necro/widget/assets.py (TOOLKIT), so every part sees the others' names:
//   base.js    this overview, constants, small DOM and text helpers
//   style.js   the toolkit's CSS
//   widget.js  the NecroWidget class: handshake, requests, layout and redraw; render()
//   engine.js  the engine bridge: the page's in-browser engine and a board's session in it
//   static.js  the precomputed graph: walking it when no engine answers
//   panels.js  the decisions panel, insight table, seats, viewer and log
//   editor.js  edit mode (the position editor)
//   share.js   share links, saved games, pictures and the position as JSON
//   presenter.js  the presenter view: full screen, large type, arrow keys step (any board, replay, lesson)
//   lesson.js  the lesson board
// The parts after widget.js add their methods to NecroWidget.prototype.

const HELLO_MS = 400;
const LINK_PREFIX = "#necro="; // a share link's fragment (necro/widget/links.py)
const ENGINE_FORMAT = 1; // the `engine` trait written by necro.widget.browser.engine_spec
const THINKING_MS = 150; // a request to the in-browser engine slower than this shows "thinking"
const ENGINE_STARTING = "Starting the rules engine in your browser: your move is played as soon as it is ready" +
  " (a few seconds the first time).";
const STYLE_ID = "necro-widget-style-v1";
// Where a board that cannot run its engine here plays on (no Play live button is promised:
// only pages that necro live serves have one).
const PLAY_ON = "open the book over http (the command necro book) to play on in your browser," +
  " or with a Python kernel (necro live)";
const NO_KERNEL = "No Python kernel has answered, so this board cannot move yet. If the notebook is still" +
  ` running, your click will be played when it is done; on a page of the book, ${PLAY_ON}.`;


// ------------------------------------------------------------------ helpers

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}
// Exact probabilities travel as "1/6"; a number is needed only to draw a roll.
function probability(p) {
  if (p === null || p === undefined) return null;
  const [num, den] = String(p).split("/");
  return Number(num) / (den === undefined ? 1 : Number(den));
}

// A short readable sentence from a board hint (describe_action's JSON).
function hintText(hint) {
  if (!hint || typeof hint !== "object") return "";
  for (const key of ["preview", "text", "label", "effect", "summary"]) {
    if (typeof hint[key] === "string" && hint[key]) return hint[key];
  }
  return "";
}

// JSON with short arrays and objects kept on one line: easier to edit by hand.
function prettyJson(value, indent = "") {
  const flat = JSON.stringify(value);
  if (flat === undefined) return "null";
  if (value === null || typeof value !== "object" || flat.length + indent.length <= 72) return flat;
  const inner = indent + "  ";
  if (Array.isArray(value)) return "[\n" + value.map((v) => inner + prettyJson(v, inner)).join(",\n") + "\n" + indent + "]";
  return "{\n" + Object.entries(value).map(([k, v]) => inner + JSON.stringify(k) + ": " + prettyJson(v, inner))
    .join(",\n") + "\n" + indent + "}";
}

// Where rule links point: the book page's own root (Sphinx 7 sets
// data-content_root on <html>), else a page that serves the book elsewhere
// (the live mode's Voila template) may name it in
// <meta name="necro-book-root" content="/book/">. Without either (plain
// JupyterLab) the log shows rule ids without links.
function contentRoot() {
  const data = document.documentElement && document.documentElement.dataset;
  if (data && data.content_root !== undefined) return data.content_root;
  const meta = document.querySelector('meta[name="necro-book-root"]');
  return meta ? meta.getAttribute("content") : null;
}

// A share link: the book's playground page (beside the book's root) with the engine's fragment.
function playgroundUrl(fragment) {
  const root = contentRoot();
  const page = new URL((root === null ? "" : root + "book/") + "playground.html", document.baseURI);
  return page.href.split("#")[0] + fragment;
}

// Label in name (WCAG 2.5.3): a control's accessible name must hold the words it shows, in the
// order shown, so that someone who says or types the visible label reaches it. `shownText` is
// what a control shows: every rendered text under it, as a checker reads it (aria-hidden does not
// hide text from the eye). Shapes laid out apart (blocks, flex items, SVG parts) are first set
// apart by a space, so that their words do not run together. `named(node, more)` names `node` by
// that text, then `more` (what the picture alone does not say); a board builds the element
// first, then names it. `labelInName(root)` does so, after each drawing, for every control whose
// name lacks the words it shows (boards that redraw a part of themselves call ui.labelInName).
const CONTROL_ROLES = new Set(["button", "link", "checkbox", "menuitem", "menuitemcheckbox", "menuitemradio", "option",
  "radio", "switch", "tab", "treeitem"]);
const UNSHOWN = new Set(["title", "desc", "style", "script", "template"]);
function spaceApart(node) {
  for (const child of [...node.children]) {
    const svgPart = child.namespaceURI === "http://www.w3.org/2000/svg";
    const display = svgPart ? "" : getComputedStyle(child).display;
    const apart = svgPart || !display.startsWith("inline") ||
      /flex|grid/.test(getComputedStyle(node).display);
    const before = child.previousSibling;
    if (apart && before && !(before.nodeType === 3 && /\s$/.test(before.textContent))) child.before(" ");
    if (apart && child.nextSibling && child.nextSibling.nodeType === 1) child.after(" ");
    spaceApart(child);
  }
}
function shownText(node) {
  let out = "";
  for (const child of node.childNodes) {
    if (child.nodeType === 3) out += child.textContent;
    else if (child.nodeType === 1 && !UNSHOWN.has(child.localName) && !child.hidden &&
      (child.namespaceURI === "http://www.w3.org/2000/svg" || getComputedStyle(child).display !== "none")) {
      out += shownText(child);
    }
  }
  return out;
}
// Words as a checker compares them: no parenthesis, no symbol or punctuation, any case.
function words(text) {
  let t = text.normalize("NFKD");
  for (let before = ""; before !== t;) { before = t; t = t.replace(/\([^()]*\)/g, " "); }
  return t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim().split(" ").filter(Boolean);
}
function holds(name, shown) {
  const a = words(name), b = words(shown);
  if (!b.length) return true;
  for (let i = 0; i + b.length <= a.length; i++) if (b.every((w, j) => a[i + j] === w)) return true;
  return false;
}
// The shown text as the start of a name: spaces collapsed, lone marks (◆, ▶) left out.
const spoken = (text) => text.replace(/\s+/g, " ").split(" ").filter((w) => /[\p{L}\p{N}]/u.test(w)).join(" ");

function named(node, more) {
  spaceApart(node);
  const shown = spoken(shownText(node));
  const extra = more ? String(more).trim() : "";
  node.setAttribute("aria-label", shown && extra ? `${shown}: ${extra}` : shown || extra);
  return node;
}

function labelInName(root) {
  for (const node of root.querySelectorAll("[aria-label]")) {
    const role = node.getAttribute("role") || { button: "button", a: "link" }[node.localName];
    if (!CONTROL_ROLES.has(role)) continue;
    const label = node.getAttribute("aria-label");
    spaceApart(node);
    if (!holds(label, shownText(node))) named(node, label);
  }
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

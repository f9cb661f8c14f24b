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
// text it shows (`ui.named(node, more)` writes one: see spokenText): keyboard
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
// The parts after widget.js add their methods to NecroWidget.prototype.

const HELLO_MS = 400;
const LINK_PREFIX = "#necro="; // a share link's fragment (necro/widget/links.py)
const ENGINE_FORMAT = 1; // the `engine` trait written by necro.widget.browser.engine_spec
const THINKING_MS = 150; // a request to the in-browser engine slower than this shows "thinking"
const ENGINE_STARTING = "Starting the rules engine in your browser: your move is played as soon as it is ready" +
  " (a few seconds the first time).";
const STYLE_ID = "necro-widget-style-v1";
const NO_KERNEL = "No Python kernel has answered, so this board cannot move yet. If the notebook is still" +
  " running, your click will be played when it is done; on a static page, play the chapter live" +
  " (Play live, or the command necro live in a checkout of the book).";


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

// Label in name (WCAG 2.5.3): a control's accessible name must hold the text it shows, so that
// a reader who says or types what they see reaches it. `spokenText` is that text as assistive
// technology reads it: parts marked aria-hidden left out, an element with role "img" read by its
// label, inline elements run together and blocks (and SVG shapes) set apart by spaces.
// `named(node, more)` labels `node` with that text, then `more` (what the picture alone does not
// say); a board builds the element first, then names it.
const INLINE = new Set(["a", "abbr", "b", "bdi", "bdo", "br", "button", "cite", "code", "dfn", "em", "i", "img", "input",
  "kbd", "label", "mark", "q", "s", "samp", "select", "small", "span", "strong", "sub", "sup", "svg", "time", "u", "var"]);
function spokenText(node) {
  let out = "";
  for (const child of node.childNodes) {
    if (child.nodeType === 3) { out += child.textContent; continue; }
    if (child.nodeType !== 1 || child.getAttribute("aria-hidden") === "true") continue;
    const tag = child.localName;
    if (tag === "title" || tag === "style" || tag === "script" || tag === "desc") continue;
    const text = child.getAttribute("role") === "img" && child.hasAttribute("aria-label")
      ? child.getAttribute("aria-label") : spokenText(child);
    out += INLINE.has(tag) ? text : ` ${text} `;
  }
  return out.replace(/\s+/g, " ").trim();
}

function named(node, more) {
  const shown = spokenText(node);
  const extra = more ? String(more).trim() : "";
  node.setAttribute("aria-label", shown && extra ? `${shown}: ${extra}` : shown || extra);
  return node;
}

// After a board is drawn, every control in it whose label does not hold the text it shows gets
// that text in front (compared as a speech tool would: case, punctuation and spacing aside).
// Boards that redraw a part of themselves later call it again (ui.labelInName).
const CONTROL_ROLES = new Set(["button", "link", "checkbox", "menuitem", "menuitemcheckbox", "menuitemradio", "option",
  "radio", "switch", "tab", "treeitem"]);
const plainText = (text) => text.toLowerCase().replace(/[\p{P}$+<=>^`|~±£¢¥§€]/gu, "").replace(/\s+/g, " ").trim();
function labelInName(root) {
  for (const node of root.querySelectorAll("[aria-label]")) {
    const role = node.getAttribute("role") || { button: "button", a: "link" }[node.localName];
    if (!CONTROL_ROLES.has(role)) continue;
    if (node.namespaceURI === "http://www.w3.org/2000/svg") {
      // SVG draws its words as separate shapes (and a tooltip as <title>): the label lists those
      // words, spaced as read, and the shapes themselves are left to the label (a control's
      // content is presentational), so a tool comparing the two finds the same words.
      const words = [...node.querySelectorAll("text")].filter((t) => !t.closest("[aria-hidden=true]"))
        .map((t) => t.textContent.trim()).filter(Boolean).join(" ");
      for (const part of node.querySelectorAll("text, title")) part.setAttribute("aria-hidden", "true");
      const label = node.getAttribute("aria-label");
      if (words && !plainText(label).includes(plainText(words))) node.setAttribute("aria-label", `${words}: ${label}`);
      continue;
    }
    const shown = plainText(spokenText(node));
    if (shown && !plainText(node.getAttribute("aria-label")).includes(shown)) named(node, node.getAttribute("aria-label"));
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

// necro widget toolkit (widgets/core.js).
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
// notation), `tabindex="0"`, a role and an aria-label: keyboard focus then
// survives the redraw after each action.
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

const CSS = `
.necro-w { /* JupyterLab's theme, else the book theme's (pydata), else light defaults */
  --necro-fg: var(--jp-ui-font-color1, var(--pst-color-text-base, #1b1b1b));
  --necro-bg: var(--jp-layout-color1, var(--pst-color-background, #fff));
  --necro-muted: var(--jp-ui-font-color2, var(--pst-color-text-muted, #555));
  --necro-line: var(--jp-border-color1, var(--pst-color-border, #8a8a8a));
  --necro-soft: var(--jp-layout-color2, var(--pst-color-surface, #f1f1ee));
  --necro-accent: var(--jp-brand-color1, var(--pst-color-link, #0b5cad)); --necro-warn: var(--jp-warn-color0, #b34d00);
  color: var(--necro-fg); background: var(--necro-bg); font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
  border: 1px solid var(--necro-line); border-radius: 6px; padding: 8px; max-width: 960px; box-sizing: border-box; }
.necro-w * { box-sizing: border-box; }
.necro-w [hidden] { display: none !important; }
.necro-w button { font: inherit; color: var(--necro-fg); background: var(--necro-soft); border: 1px solid var(--necro-line);
  border-radius: 4px; padding: 3px 9px; margin: 2px; cursor: pointer; min-height: 28px; }
.necro-w button:hover:not(:disabled) { border-color: var(--necro-accent); }
.necro-w button:disabled { opacity: .45; cursor: not-allowed; }
.necro-w button:focus-visible, .necro-w select:focus-visible, .necro-w textarea:focus-visible,
.necro-w a:focus-visible, .necro-w summary:focus-visible, .necro-w [tabindex]:focus-visible {
  outline: 3px solid var(--necro-accent); outline-offset: 2px; }
.necro-w .necro-top { display: flex; gap: 8px; align-items: baseline; justify-content: space-between; flex-wrap: wrap;
  border-bottom: 1px solid var(--necro-line); padding-bottom: 4px; margin-bottom: 6px; }
.necro-w .necro-status { font-weight: 600; }
.necro-w .necro-mode { font-size: 12px; color: var(--necro-muted); border: 1px dashed var(--necro-line);
  border-radius: 10px; padding: 0 8px; }
.necro-w[data-mode=browser] .necro-mode { border-style: solid; border-color: var(--necro-accent); color: var(--necro-accent); }
.necro-w .necro-engine-note { font-size: 12px; color: var(--necro-muted); margin: -2px 0 6px; }
.necro-w .necro-main { display: flex; flex-wrap: wrap; gap: 10px; }
.necro-w .necro-board { flex: 3 1 320px; min-width: 0; overflow-x: auto; }
.necro-w .necro-side { flex: 2 1 240px; min-width: 0; }
.necro-w h4 { font-size: 13px; margin: 6px 0 2px; text-transform: uppercase; letter-spacing: .04em; color: var(--necro-muted); }
.necro-w .necro-actions { display: flex; flex-wrap: wrap; max-height: 220px; overflow-y: auto;
  scrollbar-gutter: stable; /* a scrollbar that comes and goes would re-wrap the buttons in a loop */ }
.necro-w .necro-actions button.necro-hot { border: 2px solid var(--necro-accent); text-decoration: underline; }
.necro-w .necro-actions button .necro-p { color: var(--necro-muted); font-size: 12px; margin-left: 4px; }
.necro-w .necro-preview { min-height: 2.8em; font-size: 13px; color: var(--necro-muted); }
.necro-w .necro-error:not(:empty) { border: 2px solid var(--necro-warn); border-left-width: 6px; padding: 4px 6px;
  margin: 4px 0; border-radius: 4px; }
.necro-w .necro-error:not(:empty)::before { content: "Refused: "; font-weight: 700; color: var(--necro-warn); }
.necro-w .necro-error.necro-board-error:not(:empty)::before { content: "Board problem: "; }
.necro-w .necro-note:not(:empty) { border: 1px dashed var(--necro-line); border-left: 6px double var(--necro-accent);
  padding: 4px 6px; margin: 4px 0; border-radius: 4px; }
.necro-w .necro-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 2px; margin-top: 4px; }
.necro-w .necro-seat-label { display: block; width: 100%; margin-top: 4px; }
.necro-w select { display: block; width: 100%; font: inherit; color: var(--necro-fg); background: var(--necro-bg); border: 1px solid var(--necro-line);
  border-radius: 4px; padding: 2px 4px; max-width: 100%; }
.necro-w details { margin-top: 6px; border-top: 1px solid var(--necro-line); padding-top: 2px; }
.necro-w summary { cursor: pointer; font-weight: 600; font-size: 13px; }
.necro-w .necro-log { max-height: 200px; overflow-y: auto; margin: 2px 0; padding-left: 0; list-style: none; font-size: 13px; }
.necro-w .necro-log li { padding: 1px 0; border-bottom: 1px dotted var(--necro-line); }
.necro-w .necro-log .necro-step { font-variant-numeric: tabular-nums; color: var(--necro-muted); margin-right: 4px; }
.necro-w .necro-log .necro-why { color: var(--necro-muted); font-size: 12px; }
.necro-w .necro-log a { color: var(--necro-accent); }
.necro-w table { margin: 0; }
.necro-w .necro-insight { margin: 4px 0; border: 1px solid var(--necro-line); border-radius: 4px; padding: 4px 6px;
  background: var(--necro-soft); }
.necro-w .necro-insight-title { font-weight: 600; font-size: 13px; }
.necro-w .necro-insight-scroll { overflow-x: auto; }
.necro-w .necro-insight table { border-collapse: collapse; font-size: 12px; width: 100%; }
.necro-w .necro-insight th, .necro-w .necro-insight td { border-bottom: 1px solid var(--necro-line); padding: 2px 3px;
  text-align: left; vertical-align: top; }
.necro-w .necro-insight td { font-variant-numeric: tabular-nums; }
.necro-w .necro-insight p { margin: 2px 0 0; font-size: 12px; color: var(--necro-muted); }
.necro-w code { color: inherit; background: none; padding: 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
.necro-w textarea { width: 100%; font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; color: var(--necro-fg);
  background: var(--necro-bg); border: 1px solid var(--necro-line); border-radius: 4px; }
.necro-w .necro-link input { width: 100%; font: 12px ui-monospace, "DejaVu Sans Mono", monospace; color: var(--necro-fg);
  background: var(--necro-bg); border: 1px solid var(--necro-line); border-radius: 4px; padding: 2px 4px; }
.necro-w .necro-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.necro-w .necro-edit { border: 1px solid var(--necro-accent); border-radius: 4px; padding: 4px 6px; margin: 4px 0; }
.necro-w .necro-edit label { display: block; margin: 3px 0; }
.necro-w .necro-edit input[type=number] { width: 7em; font: inherit; color: var(--necro-fg); background: var(--necro-bg);
  border: 1px solid var(--necro-line); border-radius: 4px; }
.necro-w .necro-edit .necro-edit-pending { border-left: 6px solid var(--necro-accent); padding-left: 6px; font-weight: 600; }
.necro-w .necro-edit-pick[aria-pressed=true] { border: 2px solid var(--necro-accent); }
.necro-w[data-editing="1"] .necro-board [data-edit] { cursor: pointer; }
.necro-w .necro-thinking::after { content: " (the computer is thinking...)"; font-weight: 400; font-style: italic; }
`;

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

function injectStyle() {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  document.head.append(style);
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

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

let boardPromise = null;
function loadBoard() {
  if (!boardPromise) {
    const url = URL.createObjectURL(new Blob([BOARD_SOURCE], { type: "text/javascript" }));
    boardPromise = import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url));
  }
  return boardPromise;
}

// ----------------------------------------------------------- the engine
// One engine per page, shared by every board of every game (each game's
// module is a separate copy of this toolkit, hence globalThis).

function engineHub() {
  if (!globalThis.__necroEngine) {
    globalThis.__necroEngine = { state: "idle", reason: "", worker: null, ready: null, seq: 0, ids: 0,
      calls: new Map(), stats: {} };
  }
  return globalThis.__necroEngine;
}

// Where the engine's folder is: named by the page (<meta name="necro-engine">,
// standalone pages), else necro-js/engine/ under the book's root; null when
// neither (JupyterLab, Voila: a kernel answers there).
function engineBase() {
  const meta = document.querySelector('meta[name="necro-engine"]');
  const data = document.documentElement && document.documentElement.dataset;
  const where = meta ? meta.getAttribute("content")
    : (data && data.content_root !== undefined ? data.content_root + "necro-js/engine/" : null);
  return where === null ? null : new URL(where, document.baseURI).href;
}

// Why the engine cannot start in this page, or "" when it may.
function engineUnavailable() {
  if (location.protocol === "file:") {
    return "this page was opened as a file, and browsers do not start the in-browser engine from files" +
      " (serve the book, e.g. with necro book, to play on)";
  }
  if (typeof Worker !== "function") return "this browser has no Web Workers";
  if (typeof WebAssembly !== "object") return "this browser cannot run WebAssembly";
  return "";
}

function startEngine() {
  const hub = engineHub();
  if (hub.ready) return hub.ready;
  hub.ready = new Promise((resolve, reject) => {
    const base = engineBase();
    const reason = engineUnavailable() || (base ? "" : "this page does not say where the engine is");
    if (reason) { reject(new Error(reason)); return; }
    hub.state = "starting";
    hub.stats.start = performance.now();
    let worker;
    try {
      worker = new Worker(new URL("worker.js", base), { type: "module" });
    } catch (err) {
      reject(new Error(`the engine's worker could not be created (${err && err.message ? err.message : err})`));
      return;
    }
    hub.worker = worker;
    worker.onmessage = (event) => {
      const data = event.data || {};
      if (data.kind === "ready") {
        hub.state = "ready";
        hub.stats.ready = performance.now();
        hub.stats.worker = data.ms;
        hub.versions = data.versions;
        resolve(hub);
      } else if (data.kind === "failed") {
        reject(new Error(`the engine could not start (${data.error})`));
      } else {
        const call = hub.calls.get(data.seq);
        if (call) { hub.calls.delete(data.seq); call(data); }
      }
    };
    worker.onerror = (event) => {
      if (event && event.preventDefault) event.preventDefault();
      reject(new Error(`the engine could not start (${(event && event.message) || "its worker failed to load"})`));
    };
  });
  hub.ready.catch((err) => {
    hub.state = "failed";
    hub.reason = String(err && err.message ? err.message : err);
    if (hub.worker) hub.worker.terminate();
    for (const call of hub.calls.values()) call({ error: hub.reason });
    hub.calls.clear();
  });
  return hub.ready;
}

// Before any interaction: a board that comes into view on a page that can run
// the engine starts the page's engine once the browser is idle, in its Web
// Worker (never on the page's own thread), and has it load the board's game,
// so that the reader's first click finds it ready or nearly. The board itself
// stays precomputed, and says so, until the reader interacts with it.
function prestartEngine(game) {
  const hub = engineHub();
  hub.prepared = hub.prepared || new Set();
  if (hub.prepared.has(game) || hub.state === "failed") return;
  hub.prepared.add(game);
  startEngine().then(() => engineCall({ kind: "prepare", games: [game] }), () => {});
}

// One request to the engine: resolves to {reply} (JSON text) or {error}.
function engineCall(payload) {
  const hub = engineHub();
  if (hub.state !== "ready") return Promise.resolve({ error: hub.reason || "the engine is not running" });
  const seq = ++hub.seq;
  return new Promise((resolve) => {
    hub.calls.set(seq, resolve);
    hub.worker.postMessage({ ...payload, seq });
  });
}

function fallbackBoard(container, view) {
  container.append(el("pre", { class: "necro-fallback" }, prettyJson(view.position)));
}

// --------------------------------------------------------------- controller


// A position from a precomputed graph with its shared parts put back: `$shared`
// maps a key ("ground") or a key and sub-key ("map.hexes") to graph.shared
// (necro/widget/view.py, build_graph).
function unshare(graph, position) {
  const out = { ...position };
  delete out.$shared;
  for (const [name, i] of Object.entries(position.$shared)) {
    const dot = name.indexOf(".");
    if (dot < 0) out[name] = graph.shared[i];
    else {
      const key = name.slice(0, dot);
      out[key] = { ...(out[key] || {}), [name.slice(dot + 1)]: graph.shared[i] };
    }
  }
  return out;
}
class NecroWidget {
  constructor(model, host) {
    this.model = model;
    this.mode = "pending"; // pending | live | static | offline | browser
    // The in-browser engine of this board: none (no spec, or a kernel) | idle |
    // starting | attaching | ready | failed (engineReason says why)
    this.engineState = "none";
    this.engineReason = "";
    this.engineQueue = []; // requests waiting for the engine, in order
    this.local = null; // mode browser: {view, error, bot_seats} as the engine last answered
    this.inflight = 0;
    this.queue = [];
    this.path = []; // static mode: the packed actions followed from the root
    this.redoStack = [];
    this.note = "";
    this.staticError = "";
    this.board = null;
    this.boardApi = null;
    this.editorDirty = false;
    this.destroyed = false;
    this.build(host);
    this.listeners = [
      ["change:view", () => this.onKernelView()],
      ["change:error", () => this.redraw()],
      ["change:link", () => this.redraw()],
      ["change:record", () => this.redraw()],
      ["change:bot_thinking", () => this.drawStatus()],
      ["change:bot_seats", () => this.redraw()],
      ["change:graph", () => this.redraw()],
      ["msg:custom", (msg) => this.onMessage(msg)],
    ];
    for (const [name, fn] of this.listeners) model.on(name, fn);
    this.boardLoaded = false;
    loadBoard().then(
      (mod) => { this.board = typeof mod.drawBoard === "function" ? mod.drawBoard : null;
        this.boardError = this.board ? "" : `board module ${BOARD_NAME} exports no drawBoard`; },
      (err) => { this.board = null; this.boardError = `board module ${BOARD_NAME} failed to load: ${err}`; },
    ).then(() => { this.boardLoaded = true; this.redraw(); });
    this.redraw();
    this.hello();
    this.watchView();
  }

  destroy() {
    this.destroyed = true;
    clearTimeout(this.timer);
    if (this.viewObserver) this.viewObserver.disconnect();
    for (const [name, fn] of this.listeners) this.model.off(name, fn);
    if (this.sid) engineCall({ kind: "close", id: this.sid });
  }

  // A trait as the board's engine last said it: the kernel's model, or the in-browser engine.
  get(name) {
    if (this.mode === "browser" && this.local && name in this.local) return this.local[name];
    return this.model.get(name);
  }

  // ---------------------------------------------------------- handshake
  hello() {
    if (this.model.get("_necro_no_kernel")) { this.noKernel(); return; } // a standalone page says so
    try { this.model.send({ type: "hello" }); } catch (err) { /* no kernel */ }
    this.timer = setTimeout(() => this.noKernel(), HELLO_MS);
  }

  onMessage(msg) {
    if (msg && msg.type === "hello-ack") this.goLive();
  }

  goLive() {
    if (this.mode === "live") return;
    clearTimeout(this.timer);
    if (this.sid) { engineCall({ kind: "close", id: this.sid }); this.sid = null; }
    this.engineState = "none";
    this.engineQueue = [];
    this.mode = "live";
    this.note = "";
    const queued = this.queue;
    this.queue = [];
    for (const msg of queued) this.send(msg);
    this.redraw();
    this.maybeOpenLink();
  }

  noKernel() {
    if (this.mode !== "pending") return;
    const graph = this.graph();
    this.mode = graph ? "static" : "offline";
    this.path = [];
    this.redoStack = [];
    const queued = this.queue;
    this.queue = [];
    this.initEngine();
    if (this.mode === "static") {
      this.autoChance();
      for (const msg of queued) this.request(msg); // what the graph cannot answer waits for the engine
    } else if (queued.length && this.engineState === "idle") {
      this.engineQueue = queued;
      this.warmEngine();
    } else if (queued.length) {
      this.queue = queued; // kept for a kernel that answers late
      this.note = NO_KERNEL;
    }
    this.redraw();
    this.maybeOpenLink();
  }

  // ------------------------------------------------- the in-browser engine
  // The widget's `engine` trait, if it describes the position this page starts from.
  engineSpec() {
    const spec = this.model.get("engine");
    if (!spec || spec.format !== ENGINE_FORMAT || !spec.doc) return null;
    const graph = this.graph();
    const view = this.model.get("view") || {};
    const step = graph ? graph.root_step : view.step;
    const game = graph ? graph.common.game : view.game;
    return spec.step === step && spec.game === game ? spec : null;
  }

  // When the board is first in view and the page idle, start the engine (see prestartEngine).
  watchView() {
    const spec = this.model.get("engine");
    if (!spec || spec.format !== ENGINE_FORMAT || !spec.game) return;
    if (engineBase() === null || engineUnavailable() || typeof IntersectionObserver !== "function") return;
    this.viewObserver = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      this.viewObserver.disconnect();
      const go = () => { if (!this.destroyed && this.mode !== "live") prestartEngine(spec.game); };
      if (typeof requestIdleCallback === "function") requestIdleCallback(go, { timeout: 1000 });
      else setTimeout(go, 200);
    });
    this.viewObserver.observe(this.root);
  }

  initEngine() {
    if (this.engineState !== "none" || !this.engineSpec() || engineBase() === null) return;
    const hub = engineHub();
    const reason = hub.state === "failed" ? hub.reason : engineUnavailable();
    if (reason) { this.engineState = "failed"; this.engineReason = reason; return; }
    this.engineState = "idle";
    const warm = () => this.warmEngine();
    for (const name of ["pointerenter", "focusin", "pointerdown"]) this.root.addEventListener(name, warm);
  }

  warmEngine() {
    if (this.engineState !== "idle" || this.destroyed) return;
    this.engineState = "starting";
    this.drawMode();
    startEngine().then(() => this.attach(), (err) => this.engineFailed(err));
  }

  engineFailed(err) {
    if (this.engineState === "none") return; // a kernel answered meanwhile
    this.engineState = "failed";
    this.engineReason = String(err && err.message ? err.message : err);
    const queued = this.engineQueue;
    this.engineQueue = [];
    if (this.mode === "browser") this.mode = this.graph() ? "static" : "offline"; // not expected: the engine died
    for (const msg of queued) {
      if (this.mode === "static") this.staticDo(msg);
      else { this.queue = [msg]; this.note = NO_KERNEL; }
    }
    this.redraw();
  }

  // The engine is up: start this board's session where the reader is, then play what waited.
  async attach() {
    if (this.destroyed || this.engineState !== "starting") return;
    this.engineState = "attaching"; // from now on requests wait for the session
    const hub = engineHub();
    const sid = `board-${++hub.ids}`;
    const static_ = this.mode === "static";
    const request = {
      spec: this.engineSpec(),
      bot_seats: this.model.get("bot_seats") || [],
      auto_chance: !this.pickChance,
      path: static_ ? this.path.map((x) => x.a) : [],
      redo: static_ ? this.redoStack.slice().reverse().map((x) => x.a) : [],
      advance: true, // chance and the computer move now where the graph stopped at their turn
    };
    const t = performance.now();
    const answer = await engineCall({ kind: "start", id: sid, request: JSON.stringify(request) });
    if (this.engineState !== "attaching") return;
    let reply = null;
    try { reply = answer.reply ? JSON.parse(answer.reply) : null; } catch (err) { reply = null; }
    if (!reply || reply.failed) {
      this.engineFailed(new Error((reply && reply.failed) || answer.error || "the engine did not answer"));
      return;
    }
    this.sid = sid;
    this.local = reply;
    this.mode = "browser";
    this.engineState = "ready";
    hub.stats.attachMs = performance.now() - t;
    this.note = "";
    const queued = this.engineQueue;
    this.engineQueue = [];
    this.redraw();
    for (const msg of queued) this.browserSend(msg);
  }

  browserSend(msg) {
    this.inflight += 1;
    this.root.dataset.busy = "1";
    const slow = setTimeout(() => { this.slow = true; this.drawStatus(); }, THINKING_MS);
    const t = performance.now();
    engineCall({ kind: "msg", id: this.sid, message: JSON.stringify(msg) }).then((answer) => {
      clearTimeout(slow);
      this.inflight -= 1;
      if (answer.reply) {
        try { this.local = JSON.parse(answer.reply); } catch (err) { this.local.error = `internal error: ${err}`; }
      } else {
        this.local = { ...this.local, error: `internal error: ${answer.error}` };
      }
      const stats = engineHub().stats;
      (stats.replies = stats.replies || []).push(performance.now() - t);
      if (!this.inflight) { this.slow = false; this.root.dataset.busy = "0"; }
      this.redraw();
    });
  }

  // Whether the precomputed graph can answer `msg` itself (else it waits for the engine).
  staticCan(msg) {
    if (this.mode !== "static") return false;
    const node = this.node();
    switch (msg.type) {
      case "act": {
        const action = node.actions.find((x) => x.a === msg.a);
        return !action || action.to !== undefined; // an illegal action is refused by the graph too
      }
      case "roll": {
        const followed = node.actions.filter((x) => x.to !== undefined);
        return followed.some((x) => x.forced) || (followed.length > 0 && followed.length === node.actions.length);
      }
      case "undo": case "redo": case "reset": return true;
      default: return false;
    }
  }

  // A view change from Python means a kernel is there, even if the hello was missed.
  onKernelView() {
    if (this.mode !== "live" && this.mode !== "pending") this.goLive();
    else this.redraw();
  }

  graph() {
    const graph = this.model.get("graph");
    return graph && Array.isArray(graph.nodes) && graph.nodes.length ? graph : null;
  }

  // --------------------------------------------------------------- input
  // Every user request goes through here: to Python when live, to the graph when static.
  request(msg) {
    this.note = "";
    this.staticError = "";
    if (this.mode === "live") { this.send(msg); return; }
    if (this.mode === "browser") { this.browserSend(msg); return; }
    if (this.engineState === "idle" && (this.mode === "static" || this.mode === "offline")) this.warmEngine();
    const waiting = this.engineState === "starting" || this.engineState === "attaching";
    if (waiting && (this.engineQueue.length || this.engineState === "attaching" || !this.staticCan(msg))) {
      this.engineQueue.push(msg);
      this.note = ENGINE_STARTING;
      this.redraw();
    } else if (this.mode === "static") { this.staticDo(msg); this.redraw(); }
    // Before a kernel answers only the latest click is kept: the earlier ones were
    // made on a position that click would change.
    else if (this.mode === "pending") this.queue = [msg];
    else { this.queue = [msg]; this.note = NO_KERNEL; this.redraw(); } // a busy kernel may still answer
  }

  send(msg) {
    try { this.model.send(msg); } catch (err) { this.note = `could not reach the kernel: ${err}`; this.redraw(); }
  }

  // ------------------------------------------------------- static mode
  // The path is the list of packed actions followed from the graph's root;
  // each carries `to` (the child node) and `log` (the lines it wrote).
  node() {
    const graph = this.graph();
    const at = this.path.length ? this.path[this.path.length - 1].to : graph.root;
    return graph.nodes[at];
  }

  staticView() {
    const graph = this.graph();
    const node = this.node();
    const line = (rule, text, step, a) => {
      const info = graph.rules[rule] || [null, null];
      return { rule, text, href: info[0], title: info[1], step, a };
    };
    const log = graph.root_log.map(([rule, text, step, a]) => line(rule, text, step, a));
    this.path.forEach((action, i) => {
      for (const [rule, text] of action.log || []) log.push(line(rule, text, graph.root_step + i + 1, action.m || action.a));
    });
    const actions = node.actions.map((x) => ({ a: x.a, hint: x.hint || {}, p: x.p === undefined ? null : x.p, rule: x.rule }));
    // parts the graph stores once (repeated parts of positions, card faces): back into the position
    let view = node.view;
    if (view.position && view.position.$shared) view = { ...view, position: unshare(graph, view.position) };
    if (graph.pooled && view.position) view = { ...view, position: { ...view.position, ...graph.pooled } };
    if (graph.viewing !== undefined) view = { ...view, viewing: graph.viewing }; // whose eyes the graph was built for
    return { terminal: false, winner: null, ...graph.common, ...view, step: graph.root_step + this.path.length,
      actions, log, can_undo: this.path.length > 0, can_redo: this.redoStack.length > 0 };
  }

  frontierNote(node) {
    const graph = this.graph();
    const some = node.actions.some((x) => x.to !== undefined);
    const where = some ? "Only some moves from here were precomputed" : "The precomputed moves end here";
    return `${where} (the page holds ${graph.depth} step${graph.depth === 1 ? "" : "s"} from the start` +
      ` of this board). To keep playing, ${PLAY_ON}; or undo.`;
  }

  staticDo(msg) {
    const graph = this.graph();
    if (!graph) return;
    switch (msg.type) {
      case "act": this.staticAct(msg.a); break;
      case "roll": this.staticRoll(); break;
      case "undo": this.staticUndo(); break;
      case "redo": this.staticRedo(); break;
      case "reset": this.path = []; this.redoStack = []; this.autoChance(); break;
      case "load_position":
        this.note = `Loading a position needs the live rules engine to check it: ${PLAY_ON}.` +
          " Copying the position out works here.";
        break;
      case "bot_move": case "seats":
        this.note = `The computer player needs the live rules engine: ${PLAY_ON}.`;
        break;
      case "share": case "open_link": case "save": case "edit_mode": case "edit":
        this.note = "Links, saved games and edit mode need the rules engine, which cannot start here: serve the book (the" +
          " command necro book) or play it live (necro live).";
        break;
      default: break;
    }
  }

  staticAct(notation) {
    const node = this.node();
    const action = node.actions.find((x) => x.a === notation);
    if (action && action.to !== undefined) {
      this.path.push(action);
      this.redoStack = [];
      this.autoChance();
    } else if (action) {
      this.note = this.frontierNote(node);
    } else {
      this.staticError = `illegal action '${notation}': it is not among the legal actions of this position (rule core-legal)`;
    }
  }

  staticRoll() {
    const node = this.node();
    if (node.view.to_move !== "chance") { this.staticError = "it is not chance's turn to decide (rule core-turn)"; return; }
    const followed = node.actions.filter((x) => x.to !== undefined);
    const forced = followed.find((x) => x.forced);  // a scenario fixed this outcome (the next card, the die)
    if (forced) { this.path.push(forced); this.redoStack = []; return; }
    if (!followed.length || followed.length < node.actions.length) { this.note = this.frontierNote(node); return; }
    let pick = Math.random();
    let chosen = followed[followed.length - 1];
    for (const action of followed) {
      const p = probability(action.p) || 0;
      if (pick < p) { chosen = action; break; }
      pick -= p;
    }
    this.path.push(chosen);
    this.redoStack = [];
  }

  isAutoStep() {
    return this.node().view.to_move === "chance" && !this.pickChance;
  }

  autoChance() {
    for (let i = 0; i < 1000 && this.isAutoStep(); i++) {
      const before = this.path.length;
      this.staticRoll();
      if (this.path.length === before) break; // the depth ends at this roll
    }
  }

  staticUndo() {
    if (!this.path.length) { this.staticError = "there is no step to undo"; return; }
    this.redoStack.push(this.path.pop());
    while (this.path.length && this.isAutoStep()) this.redoStack.push(this.path.pop());
  }

  staticRedo() {
    if (!this.redoStack.length) { this.staticError = "there is no undone step to redo"; return; }
    this.path.push(this.redoStack.pop());
    while (this.redoStack.length && this.isAutoStep()) this.path.push(this.redoStack.pop());
  }

  // ------------------------------------------------------------ drawing
  view() {
    if (this.mode === "static") return this.staticView();
    return this.get("view");
  }

  build(host) {
    injectStyle();
    this.root = el("div", { class: "necro-w", role: "group" });
    this.root.dataset.game = this.gameId() || ""; // a share link goes to the page's first board of its game
    this.status = el("div", { class: "necro-status", role: "status", "aria-live": "polite" });
    this.modeBadge = el("span", { class: "necro-mode" });
    this.engineLine = el("div", { class: "necro-engine-note", hidden: true });
    // Wide boards scroll sideways: the region takes focus so a keyboard can scroll it too.
    this.boardBox = el("div", { class: "necro-board", role: "region", "aria-label": "board", tabindex: 0 });
    this.actionsTitle = el("h4", {}, "Decisions");
    this.actionsBox = el("div", { class: "necro-actions", role: "group", "aria-label": "legal actions" });
    this.previewLine = el("div", { class: "necro-preview", "aria-live": "polite" });
    this.insightBox = el("section", { class: "necro-insight", hidden: true });
    this.errorBox = el("div", { class: "necro-error", role: "alert" });
    this.noteBox = el("div", { class: "necro-note", role: "status" });
    this.undoBtn = el("button", { type: "button", class: "necro-undo", onclick: () => this.request({ type: "undo" }) }, "Undo");
    this.redoBtn = el("button", { type: "button", class: "necro-redo", onclick: () => this.request({ type: "redo" }) }, "Redo");
    this.resetBtn = el("button", { type: "button", class: "necro-reset", onclick: () => this.request({ type: "reset" }) }, "Reset");
    this.botBtn = el("button", { type: "button", class: "necro-bot-move", onclick: () => this.request({ type: "bot_move" }) }, "Computer move");
    this.seatSelect = el("select", { class: "necro-seats", "aria-label": "who the computer plays",
      onchange: () => this.request({ type: "seats", bots: this.seatSelect.value ? this.seatSelect.value.split(",").map(Number) : [] }) });
    this.seatLabel = el("label", { class: "necro-seat-label" }, "The computer plays: ", this.seatSelect);
    this.viewerSelect = el("select", { class: "necro-viewer",
      onchange: () => this.request({ type: "viewer", seat: this.viewerSelect.value === "" ? null : Number(this.viewerSelect.value) }) });
    this.viewerLabel = el("label", { class: "necro-seat-label", hidden: true }, "Show the board as: ", this.viewerSelect);
    // Chance by hand: the board stops at every roll and draw, and the reader picks the outcome
    // ("what if the worm shows 4"); off, the engine rolls as the table would.
    this.pickChance = !this.model.get("auto_chance");
    this.chanceBox = el("input", { type: "checkbox", class: "necro-pick-chance", checked: this.pickChance,
      onchange: () => this.setPickChance(this.chanceBox.checked) });
    this.chanceLabel = el("label", { class: "necro-seat-label" }, this.chanceBox, " I pick every roll and draw myself");
    this.editBtn = el("button", { type: "button", class: "necro-edit-toggle", "aria-pressed": "false",
      title: "set up any position by clicking: every change is checked by the rules engine",
      onclick: () => this.toggleEdit() }, "Edit position");
    this.editBox = el("section", { class: "necro-edit", hidden: true, "aria-label": "edit the position" });
    this.logList = el("ol", { class: "necro-log", "aria-label": "game log" });
    this.logBox = el("details", { class: "necro-logbox", open: true }, el("summary", {}, "Log (why each thing happened)"), this.logList);
    this.editor = el("textarea", { class: "necro-json", rows: 8, spellcheck: "false", "aria-label": "position as JSON",
      oninput: () => { this.editorDirty = true; } });
    this.editorBox = el("details", { class: "necro-editor", ontoggle: () => this.fillEditor(true) },
      el("summary", {}, "Position as JSON (copy out, paste in)"),
      this.editor,
      el("div", { class: "necro-controls" },
        el("button", { type: "button", class: "necro-copy", onclick: () => this.copyPosition() }, "Copy"),
        el("button", { type: "button", class: "necro-current", onclick: () => this.fillEditor(true) }, "Show current"),
        el("button", { type: "button", class: "necro-load",
          onclick: () => { this.editorDirty = false; this.request({ type: "load_position", text: this.editor.value }); } }, "Load"),
        el("button", { type: "button", class: "necro-share", title: "a link that opens this position in the book's playground",
          onclick: () => { this.linkShown = null; this.request({ type: "share" }); } }, "Link"),
        el("button", { type: "button", class: "necro-save", title: "download the game so far (JSON, with its history)",
          onclick: () => { this.wantRecord = true; this.request({ type: "save" }); } }, "Save game"),
        el("button", { type: "button", class: "necro-open", title: "load a saved game or a position from a file",
          onclick: () => this.fileInput.click() }, "Open file…"),
        this.fileInput = el("input", { type: "file", accept: ".json,application/json", class: "necro-file", hidden: true,
          "aria-label": "saved game or position file", onchange: () => this.openFile() }),
        el("button", { type: "button", class: "necro-picture", title: "download a picture of the board (SVG)",
          onclick: () => this.savePicture() }, "Picture")),
      this.linkBox = el("div", { class: "necro-link", hidden: true },
        el("label", {}, "Link to this position: ", this.linkField = el("input", { type: "text", readonly: true,
          class: "necro-link-url", "aria-label": "link to this position", onfocus: (e) => e.target.select() }))));
    this.root.append(
      el("div", { class: "necro-top" }, this.status, this.modeBadge),
      this.engineLine,
      el("div", { class: "necro-main" },
        this.boardBox,
        el("div", { class: "necro-side" },
          this.actionsTitle, this.actionsBox, this.editBox, this.previewLine, this.insightBox, this.errorBox, this.noteBox,
          el("div", { class: "necro-controls" }, this.undoBtn, this.redoBtn, this.resetBtn, this.editBtn, this.botBtn, this.seatLabel, this.viewerLabel,
            this.chanceLabel),
          this.logBox, this.editorBox)));
    // In edit mode a click (or Enter) on a board element carrying data-edit selects it, or is the
    // destination of the control waiting for one; the board itself plays nothing then.
    this.boardBox.addEventListener("click", (event) => this.editClick(event), true);
    this.boardBox.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.editClick(event);
    }, true);
    host.append(this.root);
  }

  redraw() {
    if (this.destroyed) return;
    const view = this.view();
    if (!view || !view.game) { this.status.textContent = "(no position yet)"; return; }
    this.current = view;
    this.root.setAttribute("aria-label", `${view.title || view.game}: board, decisions and log`);
    const focused = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused && focused.dataset ? focused.dataset.a : undefined;
    const focusInBoard = focused && this.boardBox.contains(focused);
    this.drawStatus();
    this.drawMode();
    this.drawBoard(view);
    this.drawActions(view);
    this.drawEdit(view);
    this.drawInsight(view);
    this.errorBox.textContent = this.mode === "static" ? this.staticError
      : (this.mode === "live" || this.mode === "browser" ? this.get("error") : "");
    let note = this.note;
    const engineComing = ["idle", "starting", "attaching"].includes(this.engineState);
    if (!note && this.mode === "static" && this.node().frontier && !view.terminal && !engineComing) {
      note = this.frontierNote(this.node());
    }
    this.noteBox.textContent = note;
    this.undoBtn.disabled = !view.can_undo;
    this.redoBtn.disabled = !view.can_redo;
    this.drawSeats(view);
    this.drawViewer(view);
    this.drawLog(view);
    this.fillEditor(false);
    this.drawLink();
    this.takeRecord();
    // Keyboard users keep their place: when the focused action (a panel button,
    // or a board target carrying data-a) was redrawn, focus its new twin, else
    // the first target of the same region.
    if (focused && !this.root.contains(focused)) {
      const region = focusInBoard ? this.boardBox : this.actionsBox;
      const same = focusKey === undefined ? null
        : [...region.querySelectorAll("[data-a]")].find((node) => node.dataset.a === focusKey);
      const again = same || region.querySelector("[data-a], button, [tabindex]");
      if (again && typeof again.focus === "function") again.focus();
    }
  }

  drawStatus() {
    const view = this.view();
    if (!view || !view.game) return;
    this.status.textContent = view.status;
    this.status.classList.toggle("necro-thinking",
      (this.mode === "live" && !!this.model.get("bot_thinking")) || (this.mode === "browser" && !!this.slow));
  }

  drawMode() {
    const graph = this.graph();
    const starting = this.engineState === "starting" || this.engineState === "attaching";
    let text = {
      pending: "connecting...",
      live: "live with a kernel",
      browser: "live in your browser",
      static: graph ? `precomputed: ${graph.depth} step${graph.depth === 1 ? "" : "s"} deep` : "precomputed",
      offline: engineUnavailable() || !engineBase() ? "read-only (no kernel)" : "not precomputed: a click starts the engine in your browser",
    }[this.mode];
    if (starting) text += "; starting the engine in your browser...";
    this.modeBadge.textContent = text;
    this.modeBadge.title = {
      live: "A Python kernel runs the rules engine for this board.",
      browser: "The rules engine (the same Python code) runs in this page, in your browser: no server, no depth limit.",
      static: "The moves shown were worked out when the book was built.",
    }[this.mode] || "";
    this.root.dataset.mode = this.mode;
    this.root.dataset.engine = this.engineState;
    const failed = this.engineState === "failed" && (this.mode === "static" || this.mode === "offline");
    this.engineLine.hidden = !failed;
    this.engineLine.textContent = failed
      ? `Precomputed moves only: ${this.engineReason.replace(/\.$/, "")}.` : "";
  }

  ui(view) {
    return {
      act: (notation) => this.request({ type: "act", a: String(notation) }),
      preview: (notation) => this.preview(notation, false),
      clearPreview: () => this.preview(null, false),
      // In edit mode (view.edit) a board marks its pieces and places with data-edit="<element id>"
      // (focusable, with a role and a label); `editing.selected` is the element chosen now, and
      // `editing.targets` the elements a click may send the waiting control to (to outline them).
      editing: view.edit ? {
        selected: this.editElement || null, pending: this.editPending || null,
        targets: ((view.edit.controls || []).find((c) => c.id === this.editPending) || { choices: [] }).choices
          .map(([value]) => value).filter((value) => typeof value === "string" && value),
      } : null,
      el, svg, mode: this.mode, view,
    };
  }

  drawBoard(view) {
    this.boardBox.replaceChildren();
    this.boardApi = null;
    const container = el("div", { class: "necro-board-inner" });
    this.boardBox.append(container);
    if (!this.boardLoaded) { container.append(el("div", { class: "necro-preview" }, "drawing the board...")); return; }
    if (this.boardError) this.boardBox.prepend(el("div", { class: "necro-error necro-board-error" }, this.boardError));
    if (!this.board) { fallbackBoard(container, view); return; }
    try {
      const api = this.board(container, view, this.ui(view));
      if (api && typeof api.highlight === "function") this.boardApi = api;
    } catch (err) {
      container.replaceChildren();
      this.boardBox.prepend(el("div", { class: "necro-error necro-board-error" }, `the board could not be drawn: ${err}`));
      fallbackBoard(container, view);
      console.error(err);
    }
  }

  drawActions(view) {
    this.previewLine.style.minHeight = "";
    const actions = view.actions || [];
    const who = view.to_move === "chance" ? "chance" : (view.players && view.players[view.to_move] ? view.players[view.to_move].name : "");
    this.actionsTitle.textContent = view.terminal ? "Decisions (the game is over)" : `Decisions: ${who}`;
    const buttons = [];
    if (view.to_move === "chance") {
      buttons.push(el("button", { type: "button", class: "necro-roll", onclick: () => this.request({ type: "roll" }),
        "aria-label": "roll: let chance decide" }, "Roll"));
    }
    for (const action of actions) {
      const hint = hintText(action.hint);
      const rule = this.ruleTitle(view, action.rule);
      const label = (view.to_move === "chance" ? "force " : "") + action.a;
      const aria = [label, action.p ? `probability ${action.p}` : "", hint].filter(Boolean).join(", ");
      buttons.push(el("button", {
        type: "button", class: "necro-action", "data-a": action.a, "aria-label": aria,
        title: [hint, rule ? `rule: ${rule}` : ""].filter(Boolean).join(" | ") || null,
        onclick: () => this.request({ type: "act", a: action.a }),
        onmouseenter: () => this.preview(action.a, true), onmouseleave: () => this.preview(null, true),
        onfocus: () => this.preview(action.a, true), onblur: () => this.preview(null, true),
      }, label, action.p ? el("span", { class: "necro-p" }, action.p) : null));
    }
    if (view.hidden_choices) {  // the engine lists none: they would show this seat another's secrets
      buttons.push(el("span", { class: "necro-preview necro-hidden-choices" }, view.to_move === "chance"
        ? "(what may be drawn is hidden from this seat)"
        : `(${who}'s choices are hidden from this seat: show the board as them, or as the hot seat, to choose)`));
      // Hand the screen over in one click: to the player deciding, or to whoever decides from now on.
      if (this.viewerOffered(view) && view.to_move !== "chance" && view.players && view.players[view.to_move]) {
        buttons.push(
          el("button", { type: "button", class: "necro-take-seat", onclick: () => this.request({ type: "viewer", seat: view.to_move }) },
            `Show ${who}'s hand`),
          el("button", { type: "button", class: "necro-take-seat", onclick: () => this.request({ type: "viewer", seat: null }) },
            "Hot seat: show each player's hand in turn"));
      }
    } else if (!buttons.length && !view.terminal) {
      buttons.push(el("span", { class: "necro-preview" }, "(no action to choose)"));
    }
    this.actionsBox.replaceChildren(...buttons);
  }

  // The table Python computed for this position (view.insight), or nothing.
  drawInsight(view) {
    const insight = view.insight;
    this.insightBox.hidden = !insight;
    if (!insight) { this.insightBox.replaceChildren(); return; }
    const columns = insight.columns || [];
    const head = columns.length
      ? el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))) : null;
    const body = el("tbody", {}, (insight.rows || []).map((row) =>
      el("tr", {}, row.map((cell, i) => el(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {}, cell)))));
    // The title is drawn outside the (scrollable) table and read from its caption.
    this.insightBox.setAttribute("aria-label", insight.title || "insight");
    this.insightBox.replaceChildren(
      insight.title ? el("div", { class: "necro-insight-title", "aria-hidden": "true" }, insight.title) : null,
      el("div", { class: "necro-insight-scroll", role: "region", tabindex: "0",
        "aria-label": `${insight.title || "insight"} (table, scrolls sideways when narrow)` },
        el("table", {}, insight.title ? el("caption", { class: "necro-sr" }, insight.title) : null, head, body)),
      insight.note ? el("p", {}, insight.note) : null);
  }

  ruleTitle(view, ruleId) {
    if (!ruleId) return "";
    const graph = this.mode === "static" ? this.graph() : null;
    const title = graph && graph.rules[ruleId] ? graph.rules[ruleId][1] : null;
    return title ? `${title} (${ruleId})` : ruleId;
  }

  // Point at an action: explain it under the buttons, mark its button, tell the board.
  preview(notation, fromPanel) {
    const view = this.current;
    const action = notation === null ? null : (view.actions || []).find((x) => x.a === notation);
    for (const button of this.actionsBox.querySelectorAll("button.necro-action")) {
      button.classList.toggle("necro-hot", !!action && button.dataset.a === notation);
    }
    // Pointing away keeps the line's height until the next redraw: the controls below must not
    // move between a press and its release (a click on them would land elsewhere).
    this.previewLine.style.minHeight = action ? "" : `${this.previewLine.offsetHeight}px`;
    this.previewLine.textContent = action
      ? [action.a, hintText(action.hint), action.p ? `probability ${action.p}` : "", action.rule ? `rule ${action.rule}` : ""]
        .filter(Boolean).join(" - ")
      : "";
    if (fromPanel && this.boardApi) {
      try { this.boardApi.highlight(action ? notation : null); } catch (err) { console.error(err); }
    }
  }

  drawSeats(view) {
    const pool = this.model.get("bot_names") || [];
    const live = this.mode === "live" || this.mode === "pending" || this.mode === "browser"
      || ["idle", "starting", "attaching"].includes(this.engineState);
    this.botBtn.hidden = !pool.length || !live || !!view.edit; // nothing plays in edit mode
    this.botBtn.disabled = view.terminal;
    this.seatLabel.hidden = !pool.length || !live;
    if (!pool.length) return;
    const players = view.players || [];
    const seats = players.map((p) => p.seat);
    const current = (this.get("bot_seats") || []).join(",");
    const names = (list) => list.map((s) => (players[s] ? players[s].name : `seat ${s + 1}`)).join(", ");
    const options = [["", "nobody (people play every seat)"]];
    for (const p of players) {
      const others = seats.filter((s) => s !== p.seat);
      options.push([others.join(","), `${names(others)} (you play ${p.name})`]);
    }
    options.push([seats.join(","), "every seat (step with Computer move)"]);
    if (!options.some(([value]) => value === current)) {
      options.push([current, names(current.split(",").map(Number))]);
    }
    this.seatSelect.replaceChildren(...options.map(([value, text]) =>
      el("option", { value, selected: value === current }, text)));
    this.seatSelect.value = current;
  }

  // Whether the page offers a change of eyes: where an engine answers it, a kernel or the page's
  // engine (running, or able to start: a static board's precomputed views are all from the one
  // seat it was built for).
  viewerOffered(view) {
    if (!("viewing" in view)) return false;
    return this.mode === "live" || this.mode === "browser" ||
      (this.mode !== "pending" && ["idle", "starting", "attaching"].includes(this.engineState));
  }

  // Whose eyes the board looks through, in games that hide something (view.viewing, from the
  // engine: null for whoever decides now, -2 for the table, or a seat).
  drawViewer(view) {
    const offered = this.viewerOffered(view);
    this.viewerLabel.hidden = !offered;
    if (!offered) return;
    const current = view.viewing === null || view.viewing === undefined ? "" : String(view.viewing);
    const options = [["", "whoever decides now (hot seat)"], ["-2", "the table: no hidden card"],
      ...(view.players || []).map((p) => [String(p.seat), `${p.name} only`])];
    this.viewerSelect.replaceChildren(...options.map(([value, text]) =>
      el("option", { value, selected: value === current }, text)));
    this.viewerSelect.value = current;
  }

  drawLog(view) {
    const root = contentRoot();
    const log = view.log || [];
    let lastStep = null;
    const items = log.map((entry) => {
      const name = entry.title ? `${entry.title} (${entry.rule})` : entry.rule;
      const why = entry.href && root !== null
        ? el("a", { href: root + entry.href }, name)
        : el("span", {}, entry.title ? `${entry.title} ` : "", el("code", {}, entry.rule));
      // The step and its notation head its first line only; long notations
      // (a shuffled deck) are shortened, in full on hover.
      // step 0: what a set-up position did on its own before its first decision
      const head = entry.step === lastStep ? null : entry.step === 0 ? [el("span", { class: "necro-step" }, "Before:")] : [
        el("span", { class: "necro-step" }, `${entry.step}.`),
        el("code", { title: entry.a }, entry.a.length > 24 ? entry.a.slice(0, 22) + "..." : entry.a), ": "];
      lastStep = entry.step;
      return el("li", {}, head, entry.text, " ", el("span", { class: "necro-why" }, "because of rule ", why));
    });
    if (!items.length) items.push(el("li", { class: "necro-preview" }, "Nothing has happened yet."));
    const grew = log.length !== this.logLength;
    const atEnd = this.logList.scrollTop + this.logList.clientHeight >= this.logList.scrollHeight - 4;
    this.logLength = log.length;
    this.logList.replaceChildren(...items);
    // Follow new lines (also on first draw, when the element may not be laid out yet).
    if (grew || atEnd) {
      this.logList.scrollTop = this.logList.scrollHeight;
      requestAnimationFrame(() => { this.logList.scrollTop = this.logList.scrollHeight; });
    }
  }

  // ------------------------------------------------------------ edit mode
  // The engine lists what may change (view.edit: controls and board elements, necro/core/edit.py)
  // and checks every change; the page only offers the controls and sends {type: "edit"}.
  toggleEdit() {
    const on = !(this.current && this.current.edit);
    this.editElement = null;
    this.editPending = null;
    this.request({ type: "edit_mode", on });
  }

  editControls() {
    return (this.current && this.current.edit && this.current.edit.controls) || [];
  }

  sendEdit(control, value) {
    this.editPending = null;
    this.request({ type: "edit", control: control.id, value });
  }

  // A click on the board in edit mode: the destination of the waiting control, else a selection.
  editClick(event) {
    if (!this.current || !this.current.edit) return;
    event.stopPropagation();
    event.preventDefault();
    const target = event.target && event.target.closest ? event.target.closest("[data-edit]") : null;
    if (!target) return;
    const id = target.getAttribute("data-edit");
    const pending = this.editPending && this.editControls().find((c) => c.id === this.editPending);
    if (pending && (pending.choices || []).some(([value]) => value === id)) { this.sendEdit(pending, id); return; }
    this.selectElement(id);
  }

  // Select a board element: its controls are shown, and the first that takes a place on the
  // board waits for one (click a part, then where it goes).
  selectElement(id) {
    this.editElement = id || null;
    const first = this.editControls().find((c) => c.on === id && c.target);
    this.editPending = first ? first.id : null;
    this.redraw();
  }

  editField(control) {
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    let input;
    if (control.kind === "number") {
      input = el("input", { type: "number", min: control.low, max: control.high, value: control.value,
        "data-control": control.id, onchange: () => this.sendEdit(control, Number(input.value)) });
    } else {
      input = el("select", { "data-control": control.id, onchange: () => this.sendEdit(control, JSON.parse(input.value)) },
        (control.choices || []).map(([value, text]) =>
          el("option", { value: JSON.stringify(value), selected: same(value, control.value) }, text)));
    }
    const waiting = this.editPending === control.id;
    const pick = control.target ? el("button", {
      type: "button", class: "necro-edit-pick", "aria-pressed": String(waiting),
      "aria-label": `${control.label}: pick the place on the board`,
      onclick: () => { this.editPending = waiting ? null : control.id; this.redraw(); } }, "pick on board") : null;
    return el("label", { class: waiting ? "necro-edit-pending" : null }, `${control.label} `, input, pick);
  }

  drawEdit(view) {
    const edit = view.edit;
    this.root.dataset.editing = edit ? "1" : "0";
    this.editBox.hidden = !edit;
    this.actionsTitle.hidden = !!edit;
    this.actionsBox.hidden = !!edit;
    this.editBtn.textContent = edit ? "Done editing" : "Edit position";
    this.editBtn.setAttribute("aria-pressed", String(!!edit));
    this.editBtn.hidden = this.mode === "offline" && (engineUnavailable() || !engineBase());
    if (!edit) { this.editBox.replaceChildren(); this.editElement = null; this.editPending = null; return; }
    const controls = edit.controls || [];
    const elements = edit.elements || [];
    const names = new Map(elements);
    if (this.editElement && !names.has(this.editElement) && !controls.some((c) => c.on === this.editElement)) {
      this.editElement = null;
    }
    if (this.editPending && !controls.some((c) => c.id === this.editPending)) this.editPending = null;
    const pending = controls.find((c) => c.id === this.editPending);
    const picker = el("select", { class: "necro-edit-element", onchange: () => this.selectElement(picker.value || null) },
      el("option", { value: "" }, "(click one on the board, or choose here)"),
      elements.map(([id, name]) => el("option", { value: id, selected: id === this.editElement }, name)));
    const parts = [
      el("h4", {}, "Edit the position"),
      el("p", { class: "necro-preview" }, pending
        ? `Click on the board: ${pending.label.replace(/ (to|on)$/, "")} goes where you click (or choose it below).`
        : "Click a piece or a place on the board, or pick it here. The rules engine checks every change."),
      el("label", {}, "Piece or place: ", picker)];
    if (this.editElement) {
      const mine = controls.filter((c) => c.on === this.editElement);
      parts.push(el("h4", {}, names.get(this.editElement) || this.editElement));
      parts.push(...(mine.length ? mine.map((c) => this.editField(c))
        : [el("p", { class: "necro-preview" }, "Nothing to change here: pick a piece or another place.")]));
    }
    const groups = new Map();
    for (const control of controls.filter((c) => !c.on)) {
      if (!groups.has(control.group)) groups.set(control.group, []);
      groups.get(control.group).push(control);
    }
    for (const [group, list] of groups) {
      const fields = list.map((c) => this.editField(c));
      // The rules and the player count change rarely: folded, to keep the position's controls in sight.
      if (group === "Rules and variants" || group === "Game") {
        parts.push(el("details", {}, el("summary", {}, group), fields));
      } else {
        parts.push(el("h4", {}, group), ...fields);
      }
    }
    parts.push(el("div", { class: "necro-controls" },
      el("button", { type: "button", class: "necro-edit-done", onclick: () => this.toggleEdit() }, "Done editing: play from here")));
    // Keep open what the reader opened (a redraw follows every edit).
    const opened = new Set([...this.editBox.querySelectorAll("details[open] > summary")].map((s) => s.textContent));
    this.editBox.replaceChildren(...parts);
    for (const summary of this.editBox.querySelectorAll("details > summary")) {
      if (opened.has(summary.textContent)) summary.parentElement.open = true;
    }
  }

  // ------------------------------------------------------- share links
  // The engine writes a link's fragment (necro/widget/links.py: #necro=<game>.<payload>); the page
  // puts it after the book's playground page and offers it to copy.
  drawLink() {
    const fragment = this.mode === "live" || this.mode === "browser" ? this.get("link") : "";
    if (!fragment || fragment === this.linkShown) return;
    this.linkShown = fragment;
    const url = playgroundUrl(fragment);
    this.linkField.value = url;
    this.linkBox.hidden = false;
    this.editorBox.open = true;
    const done = () => { this.noteBox.textContent = "Link copied: anyone who opens it sees this position."; };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, () => {});
  }

  // The game so far as a file: the engine writes it (Play.save) when asked, the page downloads it.
  takeRecord() {
    const record = this.mode === "live" || this.mode === "browser" ? this.get("record") : "";
    if (!this.wantRecord || !record) return;
    this.wantRecord = false;
    const view = this.current || {};
    download(`${view.game || "necro"}-step-${view.step || 0}.json`, record, "application/json");
    this.noteBox.textContent = "Game saved: Open file… (here or on any board of this game) loads it back.";
  }

  openFile() {
    const file = this.fileInput.files && this.fileInput.files[0];
    if (!file) return;
    if (file.size > 20_000_000) { this.note = "That file is too large to be a saved game."; this.redraw(); return; }
    file.text().then((text) => { this.fileInput.value = ""; this.request({ type: "load_position", text }); });
  }

  // A picture of the board as it is drawn now: its elements inside an SVG foreignObject, with the
  // toolkit's styles, so every board (SVG or HTML) comes out as one self-contained .svg file.
  savePicture() {
    const box = this.boardBox.getBoundingClientRect();
    const width = Math.ceil(box.width), height = Math.ceil(box.height);
    const style = (document.getElementById(STYLE_ID) || {}).textContent || "";
    const body = new XMLSerializer().serializeToString(this.boardBox.cloneNode(true));
    const svgText = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `viewBox="0 0 ${width} ${height}"><foreignObject x="0" y="0" width="${width}" height="${height}">` +
      `<div xmlns="http://www.w3.org/1999/xhtml" class="necro-w" style="border:0;padding:0;max-width:none;` +
      `background:#fff;color:#1b1b1b"><style>${style.replace(/]]>/g, "]] >")}</style>${body}</div></foreignObject></svg>`;
    const view = this.current || {};
    download(`${view.game || "necro"}-step-${view.step || 0}.svg`, svgText, "image/svg+xml");
    this.noteBox.textContent = "Picture saved (SVG: opens in any browser, and in most slide and drawing programs).";
  }

  setPickChance(on) {
    this.pickChance = !!on;
    if (this.mode === "static" && !this.pickChance) { this.autoChance(); this.redraw(); return; }
    if (this.mode === "static") { this.redraw(); return; }
    this.request({ type: "auto_chance", on: !this.pickChance });
  }

  gameId() {
    const spec = this.model.get("engine") || {};
    const graph = this.graph();
    return spec.game || (graph ? graph.common.game : (this.model.get("view") || {}).game);
  }

  // A page opened from a share link hands it to its first board of that game, once a kernel has
  // answered or the page knows it is static (the board then starts its in-browser engine).
  maybeOpenLink() {
    const hash = typeof location === "undefined" ? "" : location.hash || "";
    if (!hash.startsWith(LINK_PREFIX) || globalThis.__necroLinkTaken) return;
    let payload = hash.slice(LINK_PREFIX.length);
    try { payload = decodeURIComponent(payload); } catch (err) { /* left as it is: the engine refuses it */ }
    const linkGame = payload.split(".")[0];
    if (linkGame !== this.gameId()) { this.refuseForeignLink(linkGame); return; }
    // Two boards of one game (Cave Evil's map and full games): the first in the page takes it,
    // whichever is ready first.
    const first = [...document.querySelectorAll(".necro-w")].find((b) => b.dataset.game === this.gameId());
    if (first && first !== this.root) return;
    globalThis.__necroLinkTaken = true;
    if (typeof this.root.scrollIntoView === "function") this.root.scrollIntoView({ block: "start" });
    this.request({ type: "open_link", payload });
  }

  // A link to a game that no board of this page plays (a typo, another book, a made-up name):
  // once every board knows its game, the page's first board says so above itself, as text only,
  // and every board keeps its own start.
  refuseForeignLink(linkGame) {
    const boards = [...document.querySelectorAll(".necro-w")];
    if (boards.some((b) => !b.dataset.game || b.dataset.game === linkGame)) return;
    globalThis.__necroLinkTaken = true;
    const shown = linkGame.length > 40 ? linkGame.slice(0, 40) + "…" : linkGame;
    const notice = el("div", { class: "necro-error necro-link-refused", role: "alert" },
      `The link is for "${shown}", which is not a game of this page: every board shows its start.`);
    boards[0].prepend(notice);
  }

  fillEditor(force) {
    if (!this.current) return;
    if (!force && (this.editorDirty || !this.editorBox.open)) return;
    if (force) this.editorDirty = false;
    this.editor.value = prettyJson(this.current.position);
  }

  copyPosition() {
    const text = this.editorDirty ? this.editor.value : prettyJson(this.current.position);
    this.editor.value = text;
    const done = () => { this.note = "Position copied."; this.noteBox.textContent = this.note; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, () => this.selectEditor());
    } else {
      this.selectEditor();
    }
  }

  selectEditor() {
    this.editorBox.open = true;
    this.editor.focus();
    this.editor.select();
    this.note = "Press Ctrl+C (or Cmd+C) to copy the selected position.";
    this.noteBox.textContent = this.note;
  }
}

function render({ model, el: host }) {
  const widget = new NecroWidget(model, host);
  return () => widget.destroy();
}

// Called (by the line Python appends) when this module loads: other widgets
// of the page that carry only a stub (see necro/widget/assets.py) wait for it.
// eslint-disable-next-line no-unused-vars
function registerNecroCode(key) {
  const all = (globalThis.__necroWidgetCode = globalThis.__necroWidgetCode || {});
  if (!all[key]) {
    let resolve;
    const promise = new Promise((r) => { resolve = r; });
    all[key] = { promise, resolve };
  }
  all[key].resolve({ render });
}

export default { render };

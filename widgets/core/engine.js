// necro widget toolkit, the engine bridge (widgets/core/engine.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.

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

// ------------------------------------------------- a board's session in the engine
Object.assign(NecroWidget.prototype, {
  // The widget's `engine` trait, if it describes the position this page starts from.
  engineSpec() {
    const spec = this.model.get("engine");
    if (!spec || spec.format !== ENGINE_FORMAT || !spec.doc) return null;
    const graph = this.graph();
    const view = this.model.get("view") || {};
    const step = graph ? graph.root_step : view.step;
    const game = graph ? graph.common.game : view.game;
    return spec.step === step && spec.game === game ? spec : null;
  },

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
  },

  initEngine() {
    if (this.engineState !== "none" || !this.engineSpec() || engineBase() === null) return;
    const hub = engineHub();
    const reason = hub.state === "failed" ? hub.reason : engineUnavailable();
    if (reason) { this.engineState = "failed"; this.engineReason = reason; return; }
    this.engineState = "idle";
    const warm = () => this.warmEngine();
    // pointermove too: a pointer already resting on the board as it was drawn sends no pointerenter
    for (const name of ["pointerenter", "pointermove", "focusin", "pointerdown"]) this.root.addEventListener(name, warm);
    if (this.root.matches(":hover")) this.warmEngine();
  },

  warmEngine() {
    if (this.engineState !== "idle" || this.destroyed) return;
    this.engineState = "starting";
    this.drawMode();
    startEngine().then(() => this.attach(), (err) => this.engineFailed(err));
  },

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
  },

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
  },

  browserSend(msg) {
    this.inflight += 1;
    this.root.dataset.busy = "1";
    // Slow replies say who is at work: the computer when a computer seat may move after this
    // request, else the rules engine (opening a link, loading, editing).
    const bots = (this.get("bot_seats") || []).length > 0;
    const computer = msg.type === "bot_move" || (bots && ["act", "roll", "seats", "reset", "redo"].includes(msg.type));
    const slow = setTimeout(() => { this.slow = computer ? "computer" : "engine"; this.drawStatus(); }, THINKING_MS);
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
      if (!this.inflight) { this.slow = ""; this.root.dataset.busy = "0"; }
      this.redraw();
    });
  },
});

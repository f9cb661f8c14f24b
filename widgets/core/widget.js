// necro widget toolkit, the widget: handshake, requests, layout and redraw (widgets/core/widget.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.

let boardPromise = null;
function loadBoard() {
  if (!boardPromise) {
    const url = URL.createObjectURL(new Blob([BOARD_SOURCE], { type: "text/javascript" }));
    boardPromise = import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url));
  }
  return boardPromise;
}

function fallbackBoard(container, view) {
  container.append(el("pre", { class: "necro-fallback" }, prettyJson(view.position)));
}

// --------------------------------------------------------------- controller
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
    const lesson = model.get("lesson");
    if (lesson && Array.isArray(lesson.steps) && lesson.steps.length) this.lessonInit(lesson); // widgets/core/lesson.js
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
        this.actionLabel = typeof mod.actionLabel === "function" ? mod.actionLabel : null;
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
    this.presenterDestroy();
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
  // A view change from Python means a kernel is there, even if the hello was missed.
  onKernelView() {
    if (this.mode !== "live" && this.mode !== "pending") this.goLive();
    else this.redraw();
  }

  // --------------------------------------------------------------- input
  // Every user request goes through here: to Python when live, to the graph when static.
  request(msg) {
    if (this.lessonData && this.lessonIntercept(msg)) return; // a lesson answers the moves it does not expect
    this.note = "";
    if (this.announcer) this.announcer.replaceChildren(); // from now on it says what this request makes happen
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
    // made on a position that click would change. A lesson's moves go together (the learner's and
    // the replies), so they are all kept.
    else if (this.mode === "pending") this.queue = msg.fromLesson ? [...this.queue, msg] : [msg];
    else { this.queue = msg.fromLesson ? [...this.queue, msg] : [msg]; this.note = NO_KERNEL; this.redraw(); } // a busy kernel may still answer
  }

  send(msg) {
    try { this.model.send(msg); } catch (err) { this.note = `could not reach the kernel: ${err}`; this.redraw(); }
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
    // The status line takes focus from the script only (tabindex -1): where the focus goes when the
    // control it was on is gone and nothing takes its place (the game is over).
    this.status = el("div", { class: "necro-status", role: "status", "aria-live": "polite", tabindex: -1 });
    // What the last moves did, the log's new lines, said by a screen reader: a polite live region out of
    // sight (the log itself is redrawn whole at every step, which a live region would read again).
    this.announcer = el("div", { class: "necro-sr necro-said", role: "log", "aria-live": "polite", "aria-label": "moves just played" });
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
      el("div", { class: "necro-top" }, this.status, this.modeBadge, this.announcer),
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
    this.presenterInit(); // widgets/core/presenter.js
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
    // (on a replay's recorded game the page holds every next move: no edge to speak of)
    if (!note && this.mode === "static" && this.node().frontier && !view.terminal && !engineComing && this.replayNext(view) === null) {
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
    if (this.lessonData) this.drawLesson();
    this.drawPresenter();
    // Keyboard users keep their place: when the focused action (a panel button,
    // or a board target carrying data-a) was redrawn, focus its new twin, else
    // the first target of the same region, else (the game is over) the status line.
    if (focused && !this.root.contains(focused) && !this.root.contains(document.activeElement)) {
      const region = focusInBoard ? this.boardBox : this.actionsBox;
      const same = focusKey === undefined ? null
        : [...region.querySelectorAll("[data-a]")].find((node) => node.dataset.a === focusKey);
      const again = same || region.querySelector("[data-a], button, [tabindex]") || this.status;
      if (again && typeof again.focus === "function") again.focus();
    }
  }

  drawStatus() {
    const view = this.view();
    if (!view || !view.game) return;
    this.status.textContent = view.status;
    this.status.classList.toggle("necro-thinking",
      (this.mode === "live" && !!this.model.get("bot_thinking")) || (this.mode === "browser" && this.slow === "computer"));
    this.status.classList.toggle("necro-working", this.mode === "browser" && this.slow === "engine");
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
      el, svg, named, labelInName, mode: this.mode, view,
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
      labelInName(container);
    } catch (err) {
      container.replaceChildren();
      this.boardBox.prepend(el("div", { class: "necro-error necro-board-error" }, `the board could not be drawn: ${err}`));
      fallbackBoard(container, view);
      console.error(err);
    }
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

// necro widget toolkit, the presenter view (widgets/core/presenter.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.
//
// Any board (an ordinary one, a replay, a lesson) goes full screen for a projector: large type,
// the board on one side and the game told in sentences on the other (each step's log lines, with
// the rule that decided them), the controls a teacher does not need hidden. Keys: Right steps
// forward, Left back, Home to the start, D shows or hides the decisions, Esc leaves. What a step is
// depends on the board:
// - a lesson (widgets/core/lesson.js) sets `presenterSteps`: its own forward, back and start;
// - a replay (the `replay` trait, necro/widget/replay.py: the notations of a recorded game from
//   the board's start) steps along the recorded game: Right plays its next move, Left undoes;
// - any other board steps through its history: Right redoes, Left undoes.
// Every step is an ordinary request (undo, redo, act), so it works alike with a kernel, the
// browser's engine or the precomputed graph (which holds a replay's whole line).

const PRESENTER_CSS = `
.necro-w.necro-presenter { position: fixed; inset: 0; z-index: 10000; max-width: none; border: 0; border-radius: 0;
  overflow: auto; font-size: 22px; display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  grid-template-areas: "top top" "note note" "bar bar" "main text"; grid-auto-rows: min-content; gap: 8px 24px;
  padding: 16px 24px; }
.necro-w.necro-presenter[data-lesson] { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  grid-template-areas: "top top" "note note" "bar bar" "lesson main" "text main"; }
.necro-w.necro-presenter > .necro-top { grid-area: top; }
.necro-w.necro-presenter > .necro-engine-note { grid-area: note; }
.necro-w.necro-presenter > .necro-presenter-bar { grid-area: bar; }
.necro-w.necro-presenter > .necro-lesson { grid-area: lesson; font-size: 22px; }
.necro-w.necro-presenter > .necro-main { grid-area: main; font-size: 18px; flex-direction: column; flex-wrap: nowrap; }
.necro-w.necro-presenter > .necro-presenter-text { grid-area: text; }
.necro-w.necro-presenter .necro-status { font-size: 26px; }
.necro-w.necro-presenter .necro-board { zoom: 1.5; flex: none; }
.necro-w.necro-presenter .necro-lesson h3 { font-size: 28px; }
.necro-w.necro-presenter .necro-lesson h4 { font-size: 24px; }
.necro-w.necro-presenter .necro-lesson-played { font-size: 18px; }
.necro-w.necro-presenter:not(.necro-show-decisions) .necro-actions,
.necro-w.necro-presenter:not(.necro-show-decisions) .necro-side > h4,
.necro-w.necro-presenter:not(.necro-show-decisions) .necro-preview,
.necro-w.necro-presenter .necro-side > .necro-controls, .necro-w.necro-presenter .necro-logbox,
.necro-w.necro-presenter .necro-editor, .necro-w.necro-presenter .necro-edit { display: none; }
.necro-w[data-lesson] .necro-side .necro-present { display: none; }
.necro-w .necro-presenter-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px;
  border-bottom: 1px solid var(--necro-line); padding-bottom: 6px; }
.necro-w .necro-presenter-bar button { font-size: 18px; }
.necro-w .necro-presenter-where { font-weight: 600; }
.necro-w .necro-presenter-said:not(:empty) { border-left: 4px solid var(--necro-warn); padding-left: 8px; }
.necro-w .necro-presenter-keys { font-size: 16px; color: var(--necro-muted); flex-basis: 100%; margin: 0; }
.necro-w .necro-presenter-text h3 { font-size: 26px; margin: 0 0 6px; }
.necro-w .necro-presenter-text h4 { font-size: 16px; }
.necro-w .necro-presenter-text p { margin: 4px 0; }
.necro-w .necro-presenter-now { font-size: 24px; }
.necro-w .necro-presenter-why { color: var(--necro-muted); font-size: 16px; }
.necro-w .necro-presenter-earlier { max-height: 45vh; overflow-y: auto; list-style: none; padding-left: 0; font-size: 18px; margin: 0; }
.necro-w .necro-presenter-earlier li { margin: 0 0 6px; }
`;

Object.assign(NecroWidget.prototype, {
  // Called once the layout is built: the button that enters the view, the bar of its controls and
  // the panel that tells the game in sentences (both hidden until the view is entered).
  presenterInit() {
    if (!document.getElementById("necro-presenter-style")) {
      document.head.append(el("style", { id: "necro-presenter-style" }, PRESENTER_CSS));
    }
    const replay = this.model.get("replay");
    this.replayData = replay && Array.isArray(replay.line) && replay.line.length ? replay : null;
    if (this.replayData) this.root.dataset.replay = String(this.replayData.line.length);
    this.presenterSteps = null; // a lesson's own {forward, back, start, keys}
    this.presentBtn = this.presenterButton("necro-present");
    this.undoBtn.parentNode.append(this.presentBtn);
    if (this.replayData) {
      this.replayNextBtn = el("button", { type: "button", class: "necro-replay-next",
        onclick: () => this.presenterForward() }, "Next move of the game");
      this.redoBtn.after(this.replayNextBtn);
    }
    this.presenterWhere = el("span", { class: "necro-presenter-where" });
    this.presenterSaid = el("span", { class: "necro-presenter-said", role: "status", "aria-live": "polite" });
    this.presenterDecisions = el("button", { type: "button", class: "necro-presenter-decisions", "aria-pressed": "false",
      onclick: () => this.presenterShowDecisions() }, "Decisions (D)");
    this.presenterKeys = el("p", { class: "necro-presenter-keys" });
    this.presenterBar = el("div", { class: "necro-presenter-bar", role: "group", "aria-label": "presenter view", hidden: true },
      el("button", { type: "button", class: "necro-presenter-back", onclick: () => this.presenterBack() }, "Back (Left arrow)"),
      this.presenterForwardBtn = el("button", { type: "button", class: "necro-presenter-forward",
        onclick: () => this.presenterForward() }, "Forward (Right arrow)"),
      this.presenterDecisions,
      el("button", { type: "button", class: "necro-presenter-leave", onclick: () => this.presenter(false) },
        "Leave the presenter view (Esc)"),
      this.presenterWhere, this.presenterSaid, this.presenterKeys);
    this.presenterNow = el("div", { class: "necro-presenter-now" });
    this.presenterHeading = el("h3", {});
    this.presenterEarlier = el("ol", { class: "necro-presenter-earlier", reversed: true, tabindex: 0,
      "aria-label": "earlier steps, the latest first" });
    this.presenterBox = el("section", { class: "necro-presenter-text", hidden: true, "aria-label": "the game in sentences" },
      this.presenterHeading, this.presenterNow, el("h4", {}, "Earlier"), this.presenterEarlier);
    this.engineLine.after(this.presenterBar);
    this.root.querySelector(".necro-main").after(this.presenterBox);
    this.root.addEventListener("keydown", (event) => this.presenterKeydown(event));
    this.onFullscreen = () => { // the browser's own Esc leaves full screen: the view too
      if (this.presenterFull && document.fullscreenElement !== this.root) { this.presenterFull = false; this.presenter(false); }
    };
    document.addEventListener("fullscreenchange", this.onFullscreen);
  },

  presenterDestroy() {
    document.removeEventListener("fullscreenchange", this.onFullscreen);
  },

  // A button that enters or leaves the presenter view (every board has one; a lesson adds its own).
  presenterButton(cls) {
    return el("button", { type: "button", class: `necro-present ${cls}`, "aria-pressed": "false",
      title: "full screen, large type: the arrow keys step, D shows or hides the decisions, Esc leaves",
      onclick: (event) => { this.presentOpener = event.currentTarget; this.presenter(!this.presenting()); } },
    "Presenter view");
  },

  presenting() { return this.root.classList.contains("necro-presenter"); },

  presenter(on) {
    const was = this.presenting();
    this.root.classList.toggle("necro-presenter", on);
    for (const button of this.root.querySelectorAll(".necro-present")) button.setAttribute("aria-pressed", on ? "true" : "false");
    this.presenterBar.hidden = !on;
    this.presenterBox.hidden = !on;
    this.presenterSaid.textContent = "";
    try {
      if (on && !was && this.root.requestFullscreen && !document.fullscreenElement) {
        this.root.requestFullscreen().then(() => { this.presenterFull = true; }, () => {});
      }
      if (!on && document.fullscreenElement === this.root) { this.presenterFull = false; document.exitFullscreen().catch(() => {}); }
    } catch (err) { /* full screen refused: the view still fills the window */ }
    if (on) {
      this.drawPresenter();
      (this.presenterSteps ? this.presentOpener || this.presenterForwardBtn : this.presenterForwardBtn).focus();
    } else if (was) {
      const back = this.presentOpener && this.presentOpener.offsetParent !== null ? this.presentOpener : this.presentBtn;
      if (back && back.offsetParent !== null) back.focus();
    }
  },

  presenterShowDecisions() {
    const shown = this.root.classList.toggle("necro-show-decisions");
    this.presenterDecisions.setAttribute("aria-pressed", shown ? "true" : "false");
    // a decision hidden with the focus on it would leave the keys nowhere: the bar takes it
    if (!shown && this.actionsBox.contains(document.activeElement)) this.presenterForwardBtn.focus();
  },

  presenterKeydown(event) {
    if (!this.presenting() || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Tab") { this.presenterKeepFocus(event); return; }
    const target = event.target;
    // A list keeps its arrow keys, and a move field its text being typed (empty, the arrows step).
    if (target && target.matches && (target.matches("select, textarea")
      || (target.matches("input[type=text]") && target.value !== ""))) return;
    const keys = { ArrowRight: () => this.presenterForward(), ArrowLeft: () => this.presenterBack(),
      Home: () => this.presenterStart(), d: () => this.presenterShowDecisions(), D: () => this.presenterShowDecisions(),
      Escape: () => this.presenter(false) };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  },

  // The view covers the page: Tab goes round its own controls, never to the page hidden behind it.
  presenterKeepFocus(event) {
    const stops = [...this.root.querySelectorAll("button, a[href], input, select, textarea, summary, [tabindex]")]
      .filter((node) => node.tabIndex >= 0 && !node.disabled && node.getClientRects().length > 0);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  },

  presenterSay(text) {
    this.presenterSaid.textContent = text;
  },

  // The recorded game's next move from the board's position, or null: at its end, or once the
  // board has left it (a move of the reader's own: Left comes back).
  replayNext(view) {
    const replay = this.replayData;
    if (!replay || !view) return null;
    const done = this.replayDone(view);
    return done === null || done >= replay.line.length ? null : replay.line[done];
  },

  // How many moves of the recorded game the board has played, or null when it is off the game.
  replayDone(view) {
    const replay = this.replayData;
    const done = (view.step || 0) - (replay.start || 0);
    if (done < 0 || done > replay.line.length) return null;
    const shown = replay.shown || replay.line; // the notations as the log writes them (secrets masked)
    for (const entry of view.log || []) {
      const i = entry.step - (replay.start || 0) - 1;
      if (i >= 0 && i < done && entry.a && entry.a !== shown[i]) return null;
    }
    return done;
  },

  presenterForward() {
    this.presenterSay("");
    if (this.presenterSteps) { this.presenterSteps.forward(); return; }
    const view = this.view() || {};
    const next = this.replayNext(view);
    // On a replay the recorded move comes first (a redo could be the reader's own move, undone).
    if (next !== null) this.request({ type: "act", a: next });
    else if (view.can_redo) this.request({ type: "redo" });
    else if (this.replayData && this.replayDone(view) === null) this.presenterSay("The board has left the recorded game: Left goes back.");
    else if (this.replayData || view.terminal) this.presenterSay("This is the end of the game.");
    else this.presenterSay("Nothing to step forward to: show the decisions (D) and choose a move.");
  },

  presenterBack() {
    this.presenterSay("");
    if (this.presenterSteps) { this.presenterSteps.back(); return; }
    const view = this.view() || {};
    if (view.can_undo) this.request({ type: "undo" });
    else this.presenterSay("This is where the board starts.");
  },

  presenterStart() {
    this.presenterSay("");
    if (this.presenterSteps) this.presenterSteps.start();
    else this.request({ type: "reset" });
  },

  // ------------------------------------------------------------- drawing
  // The panel: the last step told in full, the earlier ones below, the latest first; each line a
  // sentence with the rule that made it happen.
  drawPresenter() {
    if (!this.presenting()) return;
    const view = this.view() || {};
    this.presenterKeys.textContent = "Keys: " + (this.presenterSteps ? this.presenterSteps.keys
      : this.replayData ? "Right arrow: the game's next move; Left arrow: back one move; Home: the start;"
        : "Right arrow: forward (redo); Left arrow: back one step (undo); Home: where the board started;")
      + " D: show or hide the decisions; Esc: leave the presenter view.";
    if (this.replayData && !this.presenterSteps) {
      const done = this.replayDone(view);
      this.presenterWhere.textContent = done === null ? "Off the recorded game"
        : `Move ${done} of ${this.replayData.line.length} of the recorded game`;
    } else this.presenterWhere.textContent = "";
    const steps = [];
    for (const entry of view.log || []) {
      const last = steps[steps.length - 1];
      if (last && last.step === entry.step) last.lines.push(entry);
      else steps.push({ step: entry.step, a: entry.a, lines: [entry] });
    }
    const current = steps.pop();
    this.presenterHeading.textContent = current ? this.stepName(current) : "Nothing has happened yet";
    this.presenterNow.replaceChildren(...(current ? current.lines.map((entry) => this.sentence(entry, "p")) : []));
    this.presenterEarlier.replaceChildren(...steps.reverse().map((step) =>
      el("li", {}, el("strong", {}, `${this.stepName(step)}: `), step.lines.map((entry) => this.sentence(entry, "span")))));
  },

  stepName(step) {
    return step.step === 0 ? "Before the first move" : `Step ${step.step} (${step.a})`;
  },

  // One log line as a sentence, then the rule that decided it.
  sentence(entry, tag) {
    const text = entry.text.trim();
    return el(tag, {}, /[.!?]$/.test(text) ? text : `${text}.`, " ",
      el("span", { class: "necro-presenter-why" }, "(", this.ruleLinkOf(entry), ") "));
  },
});

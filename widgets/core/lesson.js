// necro widget toolkit, the lesson board (widgets/core/lesson.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.
//
// A board whose `lesson` trait holds a lesson (necro/widget/lesson.py; the format is
// necro/core/lesson.py and book/lessons-guide.md) walks the reader through it. The lesson
// holds no rules: it compares the reader's move with the notations the step expects and with the
// legal actions the engine listed in the view; an illegal move goes to the engine (kernel, the
// browser's engine, or the precomputed graph), whose refusal names the rule. The other players'
// replies and the moves a prediction plays out are sent as ordinary requests, in order.
// Progress (the furthest step, finished or not) may be kept in localStorage, never sent anywhere.
// An exercise (`kind: "exercise"`: a question or two on one position, its answer computed by the
// engine when the book was built) is the same board; it also keeps whether each question was
// answered right at the first try.

const LESSON_CSS = `
.necro-w .necro-lesson { border: 2px solid var(--necro-accent); border-radius: 6px; padding: 8px 10px; margin: 0 0 8px; }
.necro-w .necro-lesson h3 { margin: 0 0 4px; font-size: 16px; }
.necro-w .necro-lesson .necro-lesson-progress { font-size: 12px; color: var(--necro-muted); margin-left: 8px; font-weight: normal; }
.necro-w .necro-lesson h4 { text-transform: none; letter-spacing: 0; font-size: 14px; color: var(--necro-fg); }
.necro-w .necro-lesson p { margin: 4px 0; }
.necro-w .necro-lesson-options { display: flex; flex-direction: column; align-items: flex-start; }
.necro-w .necro-lesson-options button { text-align: left; }
.necro-w .necro-lesson-options button[aria-pressed=true] { border: 2px solid var(--necro-accent); }
.necro-w .necro-lesson-feedback:not(:empty) { border-left: 4px solid var(--necro-accent); padding: 2px 8px; margin: 6px 0; }
.necro-w .necro-lesson-feedback[data-kind=wrong], .necro-w .necro-lesson-feedback[data-kind=refused],
.necro-w .necro-lesson-feedback[data-kind=legal] { border-left-color: var(--necro-warn); }
.necro-w .necro-lesson-move input { font: inherit; width: 9em; margin: 2px; color: var(--necro-fg); background: var(--necro-bg);
  border: 1px solid var(--necro-line); border-radius: 4px; padding: 2px 6px; }
.necro-w .necro-lesson-played { font-size: 13px; margin: 4px 0; padding-left: 1.4em; }
.necro-w.necro-lesson-mode .necro-undo, .necro-w.necro-lesson-mode .necro-redo, .necro-w.necro-lesson-mode .necro-reset,
.necro-w.necro-lesson-mode .necro-edit-toggle, .necro-w.necro-lesson-mode .necro-bot-move,
.necro-w.necro-lesson-mode .necro-seat-label, .necro-w.necro-lesson-mode .necro-editor,
.necro-w.necro-lesson-mode .necro-take-seat { display: none; }
.necro-w.necro-lesson-free .necro-reset { display: inline-block; }
`;

// Requests that would take the board off the lesson's line (the lesson sends its own resets).
// A lesson in a game that hides something shows the learner's seat only: no other seat's view.
const LESSON_PLAYS = ["roll", "undo", "redo", "reset", "bot_move", "load_position", "open_link", "edit_mode", "edit",
  "viewer"];
const LESSON_RULE = /\(rule ([a-z0-9]+(?:-[a-z0-9]+)*)\)\s*$/;

Object.assign(NecroWidget.prototype, {
  lessonInit(data) {
    if (!document.getElementById("necro-lesson-style")) {
      document.head.append(el("style", { id: "necro-lesson-style" }, LESSON_CSS));
    }
    this.lessonData = data;
    this.lessonStep = 0;
    this.lessonPhase = "ask"; // ask | answered | done
    this.lessonFeedback = null; // {kind, text, rule}
    this.lessonChosen = null;
    this.lessonMark = null; // the log's length when a prediction was played out
    this.lessonRefusal = null; // the move sent to the engine for its refusal
    // The board's step once every lesson move sent so far is played: from the lesson's start (where
    // a reset returns), one more for each move sent.
    this.lessonStart = Number.isInteger(data.start_step) ? data.start_step : (this.model.get("view") || {}).step || 0;
    this.lessonUntil = this.lessonStart;
    this.root.classList.add("necro-lesson-mode");
    this.root.dataset.lesson = data.id || "";
    // The move field stays the same element from step to step, so the keyboard keeps its place.
    this.lessonTyped = el("input", { type: "text", class: "necro-lesson-typed", "aria-label": "type a move", spellcheck: "false",
      autocomplete: "off", onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); this.lessonTry(); } } });
    this.lessonMove = el("div", { class: "necro-lesson-move" },
      el("p", {}, "Your move: click it on the board or among the decisions, or type it here."),
      this.lessonTyped, el("button", { type: "button", class: "necro-lesson-try", onclick: () => this.lessonTry() }, "Try this move"));
    const title = data.title || "Lesson";
    this.lessonNoun = data.kind === "exercise" ? "exercise" : "lesson";
    this.lessonProgress = el("span", { class: "necro-lesson-progress" });
    this.lessonStepTitle = el("h4", { tabindex: -1 });
    this.lessonText = el("p", { class: "necro-lesson-text" });
    this.lessonAsk = el("div", { class: "necro-lesson-ask" });
    this.lessonFeedbackBox = el("div", { class: "necro-lesson-feedback", role: "status", "aria-live": "polite" });
    this.lessonPlayed = el("ol", { class: "necro-lesson-played", "aria-label": "what the engine did" });
    this.lessonNext = el("button", { type: "button", class: "necro-lesson-next", onclick: () => this.lessonGoOn() }, "Next step");
    this.lessonHintBtn = el("button", { type: "button", class: "necro-lesson-hint", onclick: () => this.lessonHint() }, "Hint");
    this.lessonRestart = el("button", { type: "button", class: "necro-lesson-restart", onclick: () => this.lessonReset() },
      `Start the ${this.lessonNoun} again`);
    this.lessonResume = el("button", { type: "button", class: "necro-lesson-resume", hidden: true,
      onclick: () => this.lessonGoTo(this.lessonLoad().step || 0) });
    // The presenter view (widgets/core/presenter.js) steps through the lesson.
    this.lessonPresent = this.presenterButton("necro-lesson-present");
    this.presenterSteps = { forward: () => this.lessonForward(), back: () => this.lessonBack(), start: () => this.lessonReset(),
      keys: "Right arrow: next (plays the asked move, or reveals the answer); Left arrow: back one step; Home: the first step;" };
    this.lessonSaved = el("p", { class: "necro-lesson-saved" });
    const noun = this.lessonNoun === "exercise" ? "Exercise" : "Lesson";
    this.lessonBox = el("section", { class: "necro-lesson", "aria-label": `${this.lessonNoun}: ${title}` },
      el("h3", {}, `${noun}: ${title}`, this.lessonProgress),
      this.lessonIntro = data.intro ? el("p", { class: "necro-lesson-intro" }, data.intro) : null,
      this.lessonSaved, this.lessonStepTitle, this.lessonText, this.lessonAsk, this.lessonFeedbackBox, this.lessonPlayed,
      el("div", { class: "necro-controls" }, this.lessonNext, this.lessonHintBtn, this.lessonResume, this.lessonRestart,
        this.lessonPresent));
    this.root.insertBefore(this.lessonBox, this.root.querySelector(".necro-main"));
    const saved = this.lessonLoad();
    if (saved.done) {
      const firsts = Object.values(saved.first || {});
      const how = !firsts.length ? "" : firsts.every(Boolean) ? ", right at the first try"
        : ", not every answer right at the first try";
      this.lessonSaved.textContent = `You finished this ${this.lessonNoun} before${how} (remembered by this browser only).`;
    }
    else if (saved.step && saved.step < data.steps.length) {
      this.lessonSaved.textContent = `Last time you reached step ${saved.step + 1} of ${data.steps.length}.`;
      this.lessonResume.textContent = `Resume at step ${saved.step + 1}`;
      this.lessonResume.hidden = false;
    }
  },

  lessonCurrent() {
    return this.lessonPhase === "done" ? null : this.lessonData.steps[this.lessonStep];
  },

  // ------------------------------------------------------------ progress
  lessonKey() { return `necro-lesson:${this.lessonData.id || this.lessonData.title}`; },
  lessonLoad() {
    try { return JSON.parse(localStorage.getItem(this.lessonKey()) || "{}") || {}; } catch (err) { return {}; }
  },
  lessonSave() {
    try {
      const saved = this.lessonLoad();
      const step = Math.max(saved.step || 0, this.lessonStep);
      const record = { step, done: !!saved.done || this.lessonPhase === "done" };
      if (saved.first) record.first = saved.first;
      localStorage.setItem(this.lessonKey(), JSON.stringify(record));
    } catch (err) { /* storage refused (file://, private mode): progress is simply not kept */ }
  },

  // Whether the reader's first answer to question `step` was right (an exercise's score), kept once.
  lessonSaveFirst(step, right) {
    try {
      const saved = this.lessonLoad();
      saved.first = saved.first || {};
      if (!(step in saved.first)) saved.first[step] = right;
      localStorage.setItem(this.lessonKey(), JSON.stringify(saved));
    } catch (err) { /* storage refused: nothing is kept */ }
  },

  // --------------------------------------------------------------- input
  // Every request passes here first: a move the current step does not expect is answered by the
  // lesson; the expected one, and any illegal one (for the engine's refusal), go on.
  lessonIntercept(msg) {
    if (!this.lessonData || msg.fromLesson || this.lessonPhase === "done") return false;
    if (LESSON_PLAYS.includes(msg.type)) { // the lesson's line would be lost: it steps back itself
      this.lessonSay("info", "During the lesson the board plays the dice and the other players, and goes back"
        + " only from the start: press Start the lesson again.");
      return true;
    }
    if (msg.type !== "act") return false;
    const step = this.lessonCurrent();
    const view = this.view() || {};
    if ((view.step || 0) < this.lessonUntil) { // the board has not caught up with the lesson yet
      this.lessonSay("info", "One moment: the board is still playing the lesson's moves.");
      return true;
    }
    const legal = (view.actions || []).some((x) => x.a === msg.a);
    if (step.ask !== "move" || this.lessonPhase !== "ask") {
      this.lessonSay("info", step.ask === "read" || this.lessonPhase === "answered"
        ? "Read the step, then press Next step." : "First answer the question above.");
      return true;
    }
    if (step.expect.includes(msg.a)) {
      this.lessonPlayAsked(msg.a);
      return true;
    }
    if (legal) {
      const reason = (step.other && step.other[msg.a]) || step.otherwise || "the lesson goes another way here.";
      this.lessonSay("legal", `${msg.a} is legal, but try ${step.expect[0]}: ${reason}`);
      return true;
    }
    this.lessonRefusal = msg.a;
    this.lessonFeedback = null;
    return false;
  },

  // The asked move: the learner's, or a presenter's step forward. It goes after the lesson's moves
  // still on their way (requests reach the engine in order), so it needs no wait for the board.
  lessonPlayAsked(a) {
    const step = this.lessonCurrent();
    this.lessonSay("right", `Yes: ${a}.`);
    this.lessonSend([a, ...(step.then || [])]);
    this.lessonStep += 1;
    this.lessonPhase = "ask";
    this.lessonAfterStep();
  },

  lessonTry() {
    const text = this.lessonTyped.value.trim();
    if (!text) return;
    this.lessonTyped.value = "";
    this.request({ type: "act", a: text });
  },

  // The lesson's own moves, in order. Until the board shows them all (the engine may answer later:
  // a kernel, the browser's worker), a click is on a position about to change, so it waits.
  lessonSend(actions) {
    this.lessonUntil += actions.length;
    for (const a of actions) this.request({ type: "act", a, fromLesson: true });
  },

  lessonSay(kind, text) {
    this.lessonFeedback = { kind, text };
    this.drawLesson();
  },

  lessonHint() {
    const step = this.lessonCurrent();
    if (!step) return;
    const hint = step.hint || (step.ask === "move" ? `Play ${step.expect[0]}.` : "Read the step again: the rule it names decides.");
    this.lessonSay("hint", `Hint: ${hint}`);
  },

  lessonChoose(index) {
    const step = this.lessonCurrent();
    if (!step || this.lessonPhase !== "ask") return;
    this.lessonChosen = index;
    const right = index === step.answer;
    if (this.lessonNoun === "exercise") this.lessonSaveFirst(this.lessonStep, right);
    this.lessonFeedback = { kind: right ? "right" : "wrong",
      text: (right ? "Right. " : `Not quite: the answer is ${String.fromCharCode(65 + step.answer)}. `) + step.explain, rule: step.rule };
    this.lessonPhase = "answered";
    const log = (this.view() || {}).log || [];
    this.lessonMark = step.ask === "predict" ? log.length : null;
    this.lessonSend([...(step.play || []), ...(step.then || [])]);
    this.drawLesson();
    this.lessonNext.focus();
  },

  lessonGoOn() {
    const step = this.lessonCurrent();
    if (!step) return;
    if (step.ask === "read") this.lessonSend(step.then || []);
    else if (this.lessonPhase !== "answered") {
      this.lessonSay("info", step.ask === "move" ? "Make the move first (or ask for a hint)." : "First choose an answer.");
      return;
    }
    this.lessonStep += 1;
    this.lessonPhase = "ask";
    this.lessonFeedback = null;
    this.lessonAfterStep();
    this.lessonStepTitle.focus();
  },

  lessonAfterStep() {
    this.lessonChosen = null;
    this.lessonMark = null;
    if (this.lessonStep >= this.lessonData.steps.length) {
      this.lessonPhase = "done";
      this.root.classList.remove("necro-lesson-mode");
      this.root.classList.add("necro-lesson-free");
    }
    this.lessonSave();
    this.drawLesson();
  },

  lessonReset() {
    this.lessonGoTo(0);
    this.lessonStepTitle.focus();
  },

  // The moves of steps 0..n-1 on the lesson's own line: what the board plays to reach step n.
  lessonActionsBefore(n) {
    const actions = [];
    for (const step of this.lessonData.steps.slice(0, n)) {
      if (step.ask === "move") actions.push(step.expect[0]);
      else actions.push(...(step.play || []));
      actions.push(...(step.then || []));
    }
    return actions;
  },

  // Go to the start of step n (resume, or a presenter stepping back): the board starts again and
  // plays the lesson's line up to there.
  lessonGoTo(n) {
    const target = Math.max(0, Math.min(n, this.lessonData.steps.length));
    this.lessonResume.hidden = true;
    this.lessonStep = target;
    this.lessonPhase = "ask";
    this.lessonFeedback = null;
    this.lessonRefusal = null;
    this.root.classList.add("necro-lesson-mode");
    this.root.classList.remove("necro-lesson-free");
    this.request({ type: "reset", fromLesson: true });
    this.lessonUntil = this.lessonStart;
    this.lessonSend(this.lessonActionsBefore(target));
    this.lessonAfterStep();
  },

  // A presenter's step forward: the asked move is played, a question answered, a text read.
  lessonForward() {
    const step = this.lessonCurrent();
    if (!step) return;
    // Not through lessonIntercept: a key press in a row is not a click on a position about to
    // change, so it is played, not asked to wait, while the board catches up with the lesson.
    if (step.ask === "move") this.lessonPlayAsked(step.expect[0]);
    else if (step.ask !== "read" && this.lessonPhase === "ask") this.lessonChoose(step.answer);
    else this.lessonGoOn();
  },

  lessonBack() {
    if (this.lessonPhase === "answered") this.lessonGoTo(this.lessonStep);
    else if (this.lessonPhase === "done") this.lessonGoTo(this.lessonData.steps.length - 1);
    else if (this.lessonStep > 0) this.lessonGoTo(this.lessonStep - 1);
  },

  lessonRuleLink(ruleId) {
    const info = (this.lessonData.rules || {})[ruleId];
    const root = contentRoot();
    const name = info && info[1] ? `${info[1]} (${ruleId})` : ruleId;
    return info && info[0] && root !== null ? el("a", { href: root + info[0] }, name) : el("code", {}, name);
  },

  // ------------------------------------------------------------- drawing
  drawLesson() {
    if (!this.lessonData || this.destroyed) return;
    const data = this.lessonData;
    const total = data.steps.length;
    const step = this.lessonCurrent();
    const focused = document.activeElement && this.lessonBox.contains(document.activeElement) ? document.activeElement : null;
    // The engine's answer to an illegal move: its refusal names the rule.
    if (this.lessonRefusal && !this.inflight && !this.engineQueue.length) {
      const refusal = this.errorBox.textContent;
      if (refusal) {
        const rule = (refusal.match(LESSON_RULE) || [])[1];
        this.lessonFeedback = { kind: "refused", text: `The rules engine refuses ${this.lessonRefusal}: ${refusal}`, rule };
        this.lessonRefusal = null;
      }
    }
    if (this.lessonIntro) this.lessonIntro.hidden = this.lessonStep > 0;
    this.lessonProgress.textContent = step ? `step ${this.lessonStep + 1} of ${total}` : "finished";
    this.lessonStepTitle.textContent = step ? (step.title || `Step ${this.lessonStep + 1}`) : "Well done";
    this.lessonText.textContent = step ? step.text : (data.end || `You reached the end of the ${this.lessonNoun}.`) +
      " The board is yours now: play on freely.";
    // Rebuilt only when the question changes: a redraw must not take the focus (or the text being
    // typed) from the move field or an option.
    const asked = `${this.lessonStep}:${this.lessonPhase}:${this.lessonChosen}`;
    if (asked !== this.lessonAsked) {
      this.lessonAsked = asked;
      this.lessonAsk.replaceChildren(...this.lessonAskParts(step));
    }
    const feedback = this.lessonFeedback;
    this.lessonFeedboxFill(feedback);
    this.lessonPlayed.replaceChildren();
    if (this.lessonMark !== null && step) {
      const lines = ((this.view() || {}).log || []).slice(this.lessonMark);
      this.lessonPlayed.replaceChildren(...lines.map((entry) => el("li", {}, entry.text, " (",
        this.lessonRuleLink(entry.rule), ")")));
    }
    this.lessonNext.hidden = !step || !(step.ask === "read" || this.lessonPhase === "answered");
    this.lessonHintBtn.hidden = !step || this.lessonPhase !== "ask" || step.ask === "read";
    if (focused && document.activeElement !== focused) { // redrawn away, or moved back into place
      const again = this.lessonBox.contains(focused) && !focused.disabled && !focused.closest("[hidden]") ? focused
        : this.lessonBox.contains(this.lessonTyped) ? this.lessonTyped
          : (this.lessonNext.hidden ? this.lessonStepTitle : this.lessonNext);
      again.focus();
    }
  },

  lessonFeedboxFill(feedback) {
    this.lessonFeedbackBox.dataset.kind = feedback ? feedback.kind : "";
    if (!feedback) { this.lessonFeedbackBox.replaceChildren(); return; }
    const parts = [el("span", {}, feedback.text)];
    if (feedback.rule) parts.push(el("span", {}, " Rule: ", this.lessonRuleLink(feedback.rule), "."));
    this.lessonFeedbackBox.replaceChildren(...parts);
  },

  lessonAskParts(step) {
    if (!step) return [];
    if (step.ask === "move") {
      this.lessonTyped.placeholder = step.expect[0].includes(" ") ? "e.g. enter a1" : "e.g. a1-b1";
      return [this.lessonMove];
    }
    if (step.ask === "read") return [];
    const group = el("div", { class: "necro-lesson-options", role: "group", "aria-label": step.question },
      ...step.options.map((text, i) => el("button", {
        type: "button", class: "necro-lesson-option", "data-option": i,
        "aria-pressed": this.lessonChosen === i ? "true" : "false", disabled: this.lessonPhase !== "ask",
        onclick: () => this.lessonChoose(i) }, `${String.fromCharCode(65 + i)}. ${text}`)));
    return [el("p", { class: "necro-lesson-question" }, el("strong", {}, step.ask === "predict" ? "Predict: " : "Question: "),
      step.question), group];
  },
});

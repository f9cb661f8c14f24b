// necro widget toolkit, the decisions panel and the other side panels (widgets/core/panels.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.

Object.assign(NecroWidget.prototype, {
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
      const label = (view.to_move === "chance" ? "force " : "") + this.labelOf(action, view);
      const aria = [label + (action.p ? ` ${action.p} probability` : ""), hint].filter(Boolean).join(", ");
      buttons.push(el("button", {
        type: "button", class: "necro-action", "data-a": action.a, "aria-label": aria,
        title: [label.endsWith(action.a) ? "" : action.a, hint, rule ? `rule: ${rule}` : ""].filter(Boolean).join(" | ") || null,
        onclick: () => this.request({ type: "act", a: action.a }),
        onmouseenter: () => this.preview(action.a, true), onmouseleave: () => this.preview(null, true),
        onfocus: () => this.preview(action.a, true), onblur: () => this.preview(null, true),
      }, label, action.p ? " " : null, action.p ? el("span", { class: "necro-p" }, action.p) : null));
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
  },

  // An action's button text: what the board module says (its actionLabel export, e.g. card names
  // for card ids), else the notation; data-a and the log keep the notation.
  labelOf(action, view) {
    if (!this.actionLabel) return action.a;
    try {
      return this.actionLabel(action, view) || action.a;
    } catch (err) {
      console.error(err);
      return action.a;
    }
  },

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
  },

  ruleTitle(view, ruleId) {
    if (!ruleId) return "";
    const graph = this.mode === "static" ? this.graph() : null;
    const title = graph && graph.rules[ruleId] ? graph.rules[ruleId][1] : null;
    return title ? `${title} (${ruleId})` : ruleId;
  },

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
  },

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
  },

  // Whether the page offers a change of eyes: where an engine answers it, a kernel or the page's
  // engine (running, or able to start: a static board's precomputed views are all from the one
  // seat it was built for).
  viewerOffered(view) {
    if (!("viewing" in view)) return false;
    return this.mode === "live" || this.mode === "browser" ||
      (this.mode !== "pending" && ["idle", "starting", "attaching"].includes(this.engineState));
  },

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
  },

  // The live region says the new log lines as they read in the log, without their step number and
  // rule link; it keeps what the reader's last request brought (`request` empties it), at most 60 lines.
  announce(items) {
    for (const item of items) {
      const copy = item.cloneNode(true);
      copy.querySelectorAll(".necro-step, .necro-why").forEach((node) => node.remove());
      this.announcer.append(el("p", {}, copy.textContent.replace(/\s+/g, " ").trim()));
    }
    while (this.announcer.childElementCount > 60) this.announcer.firstElementChild.remove();
  },

  // A log line's rule: its title and id, linked to the rule's section where the book is there.
  ruleLinkOf(entry) {
    const root = contentRoot();
    const name = entry.title ? `${entry.title} (${entry.rule})` : entry.rule;
    return entry.href && root !== null
      ? el("a", { href: root + entry.href }, name)
      : el("span", {}, entry.title ? `${entry.title} ` : "", el("code", {}, entry.rule));
  },

  drawLog(view) {
    const log = view.log || [];
    let lastStep = null;
    const items = log.map((entry) => {
      const why = this.ruleLinkOf(entry);
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
    if (this.logLength !== undefined && log.length > this.logLength) this.announce(items.slice(this.logLength));
    const atEnd = this.logList.scrollTop + this.logList.clientHeight >= this.logList.scrollHeight - 4;
    this.logLength = log.length;
    this.logList.replaceChildren(...items);
    // Follow new lines (also on first draw, when the element may not be laid out yet).
    if (grew || atEnd) {
      this.logList.scrollTop = this.logList.scrollHeight;
      requestAnimationFrame(() => { this.logList.scrollTop = this.logList.scrollHeight; });
    }
  },
});

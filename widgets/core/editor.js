// necro widget toolkit, edit mode (widgets/core/editor.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.

Object.assign(NecroWidget.prototype, {
  // The engine lists what may change (view.edit: controls and board elements, necro/core/edit.py)
  // and checks every change; the page only offers the controls and sends {type: "edit"}.
  toggleEdit() {
    const on = !(this.current && this.current.edit);
    this.editElement = null;
    this.editPending = null;
    this.request({ type: "edit_mode", on });
  },

  editControls() {
    return (this.current && this.current.edit && this.current.edit.controls) || [];
  },

  sendEdit(control, value) {
    this.editPending = null;
    this.request({ type: "edit", control: control.id, value });
  },

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
  },

  // Select a board element: its controls are shown, and the first that takes a place on the
  // board waits for one (click a part, then where it goes).
  selectElement(id) {
    this.editElement = id || null;
    const first = this.editControls().find((c) => c.on === id && c.target);
    this.editPending = first ? first.id : null;
    this.redraw();
  },

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
      "aria-label": `pick on board: ${control.label}`,
      onclick: () => { this.editPending = waiting ? null : control.id; this.redraw(); } }, "pick on board") : null;
    return el("label", { class: waiting ? "necro-edit-pending" : null }, `${control.label} `, input, pick);
  },

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
  },
});

// necro widget toolkit, share links, saved games, pictures and the position as JSON (widgets/core/share.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.

Object.assign(NecroWidget.prototype, {
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
  },

  // The game so far as a file: the engine writes it (Play.save) when asked, the page downloads it.
  takeRecord() {
    const record = this.mode === "live" || this.mode === "browser" ? this.get("record") : "";
    if (!this.wantRecord || !record) return;
    this.wantRecord = false;
    const view = this.current || {};
    download(`${view.game || "necro"}-step-${view.step || 0}.json`, record, "application/json");
    this.noteBox.textContent = "Game saved: Open file… (here or on any board of this game) loads it back.";
  },

  openFile() {
    const file = this.fileInput.files && this.fileInput.files[0];
    if (!file) return;
    if (file.size > 20_000_000) { this.note = "That file is too large to be a saved game."; this.redraw(); return; }
    file.text().then((text) => { this.fileInput.value = ""; this.request({ type: "load_position", text }); });
  },

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
  },

  gameId() {
    const spec = this.model.get("engine") || {};
    const graph = this.graph();
    return spec.game || (graph ? graph.common.game : (this.model.get("view") || {}).game);
  },

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
  },

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
  },

  fillEditor(force) {
    if (!this.current) return;
    if (!force && (this.editorDirty || !this.editorBox.open)) return;
    if (force) this.editorDirty = false;
    this.editor.value = prettyJson(this.current.position);
  },

  copyPosition() {
    const text = this.editorDirty ? this.editor.value : prettyJson(this.current.position);
    this.editor.value = text;
    const done = () => { this.note = "Position copied."; this.noteBox.textContent = this.note; };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, () => this.selectEditor());
    } else {
      this.selectEditor();
    }
  },

  selectEditor() {
    this.editorBox.open = true;
    this.editor.focus();
    this.editor.select();
    this.note = "Press Ctrl+C (or Cmd+C) to copy the selected position.";
    this.noteBox.textContent = this.note;
  },
});

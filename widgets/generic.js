// Generic board (widgets/generic.js): the position as readable text.
//
// Used for any game without its own board module, so every game is playable
// in the book from its first commit. Top-level fields become labelled rows;
// short lists and small objects are written inline, bigger ones as indented
// JSON. Legal actions are the toolkit's buttons; a field whose value equals
// an action's notation is not clickable here (no rules are guessed).

function inline(value) {
  if (value === null) return "none";
  if (typeof value !== "object") return String(value);
  return JSON.stringify(value);
}

function isSmall(value) {
  return value === null || typeof value !== "object" || JSON.stringify(value).length <= 60;
}

function label(key) {
  return String(key).replace(/[_-]+/g, " ");
}

export function drawBoard(container, view, ui) {
  const { el } = ui;
  const position = view.position;
  const box = el("div", { class: "necro-generic", style: "font-size:13px" });
  box.append(el("div", { style: "font-weight:600;margin-bottom:4px" }, `${view.title || view.game}: position`));
  if (position === null || typeof position !== "object" || Array.isArray(position)) {
    box.append(el("pre", { style: "margin:0;white-space:pre-wrap" }, JSON.stringify(position, null, 1)));
    container.append(box);
    return;
  }
  const rows = Object.entries(position).map(([key, value]) =>
    el("tr", {},
      el("th", { scope: "row", style: "text-align:left;vertical-align:top;padding:2px 8px 2px 0;font-weight:600" }, label(key)),
      el("td", { style: "padding:2px 0" },
        isSmall(value)
          ? el("code", {}, inline(value))
          : el("pre", { style: "margin:0;white-space:pre-wrap;font-size:12px" }, JSON.stringify(value, null, 1)))));
  box.append(el("table", { class: "necro-generic-table", style: "border-collapse:collapse;margin:0;width:auto;border:0" }, el("tbody", {}, rows)));
  container.append(box);
}

// Generic board (widgets/generic.js): the position as readable text.
//
// Used for any game without its own board module, so every game is playable
// in the book from its first commit. Top-level fields become labelled rows:
// short values are written inline, a flat object (say squares -> contents)
// as a wrapped list of "key value" pairs, anything bigger as indented JSON.
// The legal actions are the toolkit's buttons; no rule is guessed here.

const MONO = "font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:12px";

function inline(value) {
  if (value === null) return "none";
  if (typeof value !== "object") return String(value);
  return JSON.stringify(value);
}

function pretty(value, indent = "") {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== "object" || flat.length + indent.length <= 60) return flat;
  const inner = indent + "  ";
  if (Array.isArray(value)) return "[\n" + value.map((v) => inner + pretty(v, inner)).join(",\n") + "\n" + indent + "]";
  return "{\n" + Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`)
    .join(",\n") + "\n" + indent + "}";
}

function isFlatObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    && Object.values(value).every((v) => v === null || typeof v !== "object");
}

function label(key) {
  return String(key).replace(/[_-]+/g, " ");
}

function cell(el, value) {
  if (value === null || typeof value !== "object" || JSON.stringify(value).length <= 50) {
    return el("code", { style: MONO }, inline(value));
  }
  if (isFlatObject(value)) {
    return el("div", { style: "display:flex;flex-wrap:wrap;gap:2px 10px" },
      Object.entries(value).map(([k, v]) =>
        el("span", { style: MONO }, el("b", {}, k), " ", inline(v))));
  }
  return el("pre", { style: `margin:0;padding:0;background:none;border:0;white-space:pre-wrap;${MONO}` },
    pretty(value));
}

export function drawBoard(container, view, ui) {
  const { el } = ui;
  const position = view.position;
  const box = el("div", { class: "necro-generic", style: "font-size:13px" });
  box.append(el("div", { style: "font-weight:600;margin-bottom:4px" }, `${view.title || view.game}: position`));
  if (position === null || typeof position !== "object" || Array.isArray(position)) {
    box.append(cell(el, position));
    container.append(box);
    return;
  }
  const rows = Object.entries(position).map(([key, value]) =>
    el("tr", {},
      el("th", { scope: "row", style: "text-align:left;vertical-align:top;padding:2px 8px 2px 0;font-weight:600;border:0" },
        label(key)),
      el("td", { style: "padding:2px 0;border:0" }, cell(el, value))));
  box.append(el("table", { class: "necro-generic-table", style: "border-collapse:collapse;margin:0;width:auto;border:0" },
    el("tbody", {}, rows)));
  container.append(box);
}

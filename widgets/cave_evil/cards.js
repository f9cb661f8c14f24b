// Cave Evil board, cards (widgets/cave_evil/cards.js).
// One part of the board module: necro/widget/assets.py concatenates widgets/cave_evil/*.js in
// the order it lists (MODULES) into one module; map.js says what each part draws.
//
// The faces of cards: a creature card (its attribute hexagon among them: see squads.js for
// what it shows), an item or spell card (the full game's hand and discard piles), and the
// size icon the control cards use too.

// ---- control cards and creature cards (map.control, map.cards: necro/cave_evil/board.py)
const CARD_CSS = `
.ce-control { margin: 6px 0; font-size: 12px; }
.ce-ctl-player { margin: 4px 0 2px; font-weight: 700; font-size: 12px; }
.ce-ctl-row { display: flex; flex-wrap: wrap; gap: 5px; }
.ce-ctl { width: 118px; min-height: 64px; border: 2px solid #555; border-radius: 6px; padding: 2px 4px 3px;
  background: #fffdf7; color: #1b1b1b; line-height: 1.25; position: relative; }
.ce-ctl[role=button] { cursor: pointer; }
.ce-ctl.ce-ctl-empty { border-style: dashed; border-color: #999; background: none; color: var(--necro-muted, #666); }
.ce-ctl.ce-ctl-picked { box-shadow: 0 0 0 3px #000, 0 0 0 6px #E69F00; }
.ce-ctl.ce-ctl-picked::after { content: "▲ shown"; position: absolute; right: 3px; bottom: 1px; font-size: 9px; font-weight: 700; }
.ce-ctl-head { display: flex; align-items: center; gap: 4px; font-weight: 700; }
.ce-ctl-num { font-family: Georgia, serif; font-size: 15px; min-width: 22px; }
.ce-ctl-num::before { content: attr(data-mark); }
.ce-ctl-full { margin-left: auto; font-size: 10px; border: 1.5px solid #000; border-radius: 3px; padding: 0 3px;
  background: #1b1b1b; color: #fff; }
/* the card's own light face, in either colour mode: a fixed grey that reads on it (7:1);
   an empty slot has no face and takes the theme's muted grey */
.ce-ctl-room { font-size: 10px; color: #555; }
.ce-ctl.ce-ctl-empty .ce-ctl-room { color: inherit; }
.ce-ctl-effect { font-size: 10px; font-style: italic; color: #5b2a86; }
.ce-markers { font-size: 12px; margin-top: 4px; }
.ce-ctl ul { list-style: none; margin: 1px 0 0; padding: 0; }
.ce-ctl li { display: flex; align-items: flex-start; gap: 3px; overflow-wrap: anywhere; }
.ce-ctl li .ce-size { flex: none; margin-top: 1px; }
.ce-cardview { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; margin: 6px 0; font-size: 12px; }
.ce-card { width: 300px; border: 2px solid #333; border-radius: 8px; padding: 6px 8px; background: #fffdf7; color: #1b1b1b; }
.ce-card-name { font-weight: 700; font-size: 15px; }
.ce-card-kind { font-size: 11px; color: #444; }
.ce-card-stats { display: flex; flex-wrap: wrap; gap: 3px 10px; margin: 3px 0; }
.ce-card-stats span { white-space: nowrap; }
.ce-card ul { margin: 2px 0; padding-left: 16px; }
.ce-card-legend { font-size: 10px; color: #444; margin-top: 4px; }
.ce-card-tabs { display: flex; flex-wrap: wrap; gap: 4px; margin-bottom: 4px; }
.ce-card-tabs button[aria-pressed=true] { font-weight: 700; border: 2px solid #E69F00; }
`;
const SIZE_LETTER = { large: "L", medium: "M", small: "S", trinket: "t" };
const MARK = { rules: "", faq: "†", inferred: "°", book: "*" };
const SOURCE_TEXT = { rules: "stated by the rules", faq: "from a published answer of the designers",
  inferred: "implied by the rules", book: "made up by this book" };

// a size as a shape with its letter (large: square, medium: circle, small: triangle, trinket: diamond)
function sizeIcon(svg, size) {
  const shape = {
    large: svg("rect", { x: 1, y: 1, width: 12, height: 12, fill: "#fff", stroke: "#000", "stroke-width": 1.4 }),
    medium: svg("circle", { cx: 7, cy: 7, r: 6, fill: "#fff", stroke: "#000", "stroke-width": 1.4 }),
    small: svg("path", { d: "M7,1L13,13H1Z", fill: "#fff", stroke: "#000", "stroke-width": 1.4 }),
    trinket: svg("path", { d: "M7,2L12,7L7,12L2,7Z", fill: "#fff", stroke: "#000", "stroke-width": 1.2 }),
  }[size] || svg("circle", { cx: 7, cy: 7, r: 5, fill: "#ddd" });
  return svg("svg", { class: "ce-size", "data-size": size, width: 14, height: 14, viewBox: "0 0 14 14", role: "img",
    "aria-label": size }, svg("title", {}, size), shape,
  svg("text", { x: 7, y: size === "small" ? 12 : 10, "text-anchor": "middle", "font-size": size === "small" ? 6.5 : 7.5,
    "font-weight": 700, fill: "#000" }, SIZE_LETTER[size] || "?"));
}

const costText = (cost) => {
  const parts = Object.entries(cost || {}).map(([k, n]) => `${n} ${k}`);
  return parts.length ? parts.join(", ") : "none";
};

// The six attributes round a hexagon in ring order: each side of the hexagon joins two ring neighbours.
function attributeHexagon(svg, face) {
  const g = svg("svg", { class: "ce-card-hex", width: 200, height: 170, viewBox: "-100 -85 200 170", role: "group",
    "aria-label": `${face.name}'s attributes round the ring: ` +
      face.attributes.map((a) => `${a.name} ${a.value}${a.source === "rules" ? "" : ` (${SOURCE_TEXT[a.source]})`}`).join(", ") });
  const at = (i, r) => { const t = (Math.PI / 3) * i - Math.PI / 2; return [r * Math.cos(t), r * Math.sin(t)]; };
  g.append(svg("polygon", { points: face.attributes.map((_, i) => at(i, 48).map((v) => v.toFixed(1)).join(",")).join(" "),
    fill: "#3b3631", stroke: "#000", "stroke-width": 2 }),
  svg("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, "ring"));
  face.attributes.forEach((a, i) => {
    const [x, y] = at(i, 58);
    const mark = MARK[a.source] || "";
    g.append(svg("g", { class: "ce-card-attr", "data-attr": a.name, "data-value": a.value, "data-source": a.source },
      svg("title", {}, `${a.name} ${a.value}: ${SOURCE_TEXT[a.source] || a.source}`),
      svg("circle", { cx: x, cy: y, r: 19, fill: "#fff", stroke: "#000", "stroke-width": 1.5,
        "stroke-dasharray": a.source === "book" ? "3 2" : null }),
      svg("text", { x, y: y - 6, "text-anchor": "middle", "font-size": 8.5, fill: "#333" }, a.short),
      svg("text", { class: "ce-card-value", x, y: y + 9, "text-anchor": "middle", "font-size": 14, "font-weight": 700,
        fill: "#000" }, `${a.value}${mark}`)));
  });
  return g;
}

// An item or spell card (the full game's hand and discard piles).
function itemCard(ui, face) {
  const { el } = ui;
  const src = face.sources || {};
  const m = (group) => MARK[src[group]] || "";
  const uses = { always: "always in use", pay: "pay to use", discard: "discarded when used" };
  return el("div", { class: "ce-card", "data-card": face.id, role: "region", "aria-label": `${face.kind} card: ${face.name}` },
    el("div", { class: "ce-card-name" }, face.name),
    el("div", { class: "ce-card-kind" }, [face.kind, face.deck ? `${face.deck} deck` : "", face.size || ""].filter(Boolean).join(" · ")),
    el("div", {}, `use: ${uses[face.use] || face.use}${m("use")}`),
    el("div", { style: "font-weight:700" }, "Abilities"),
    face.abilities.length ? el("ul", { class: "ce-card-abilities" }, face.abilities.map((t) => el("li", {}, t + m("effects")))) :
      el("div", { class: "ce-card-abilities" }, "no combat ability"),
    face.notes ? el("div", { class: "ce-card-notes", style: "font-style:italic" }, face.notes) : null,
    el("div", { class: "ce-card-cost" }, `cost: ${costText(face.cost)}${m("cost")}`));
}

function creatureCard(ui, face, held, cards) {
  const { el, svg } = ui;
  const src = face.sources || {};
  const m = (group) => MARK[src[group]] || "";
  const items = face.items || { count: 0, use: false };
  const stats = el("div", { class: "ce-card-stats" },
    el("span", {}, sizeIcon(svg, face.size), ` ${face.size}${m("size")}`),
    el("span", { title: "movement (speed)" }, `speed ${face.movement}${m("movement")}`),
    el("span", { title: "pick-axe speed (excavation)" }, `pick-axe ${face.pick}${m("pick")}`),
    el("span", { title: "items it carries, and whether it uses them" },
      (items.count ? `items ${items.count}${items.use ? "" : " (carries, cannot use)"}` : "no items") + m("items")),
    face.spellcaster ? el("span", { class: "ce-card-spell" }, `✶ spellcaster${m("spellcaster")}`) : null);
  const abilities = face.abilities.length ? el("ul", { class: "ce-card-abilities" },
    face.abilities.map((t) => el("li", {}, t + (face.ranged && t.startsWith("ranged") ? m("ranged") : m("effects"))))) :
    el("div", { class: "ce-card-abilities" }, "no combat ability");
  const heldList = (held || []).map((id) => {
    const f = cards[id];
    return el("li", {}, f ? `${f.name} (${f.kind}${f.use && f.use !== "always" ? `, ${f.use}` : ""})` +
      `${f.abilities.length ? `: ${f.abilities.join("; ")}` : ""}` : id);
  });
  const kinds = { necromancer: "Necromancer", protector: "Protector", "awakened-evil": "Awakened Evil" };
  const marks = new Set(face.attributes.map((a) => a.source).concat(Object.values(src)));
  return el("div", { class: "ce-card", "data-card": face.id, role: "region", "aria-label": `creature card: ${face.name}` },
    el("div", { class: "ce-card-name" }, face.name),
    el("div", { class: "ce-card-kind" }, [kinds[face.kind] || "creature", face.deck ? `${face.deck} deck` : "",
      (face.species || []).join(", ")].filter(Boolean).join(" · ") + (face.blank ? " (no card known: every attribute 0)" : "")),
    stats, attributeHexagon(svg, face),
    el("div", { style: "font-weight:700" }, "Abilities"), abilities,
    face.notes ? el("div", { class: "ce-card-notes", style: "font-style:italic" }, face.notes) : null,
    el("div", { class: "ce-card-cost" }, `cost: ${costText(face.cost)}${m("cost")}`),
    heldList.length ? el("div", {}, el("div", { style: "font-weight:700" }, "Holds"), el("ul", {}, heldList)) : null,
    el("div", { class: "ce-card-legend" }, ["faq", "inferred", "book"].filter((s) => marks.has(s))
      .map((s) => `${MARK[s]} ${SOURCE_TEXT[s]}`).concat(["no mark: stated by the rules"]).join("; ")));
}

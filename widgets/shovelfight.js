// Necromancer Shovelfight board (widgets/shovelfight.js).
//
// Draws the staggered graveyard as SVG: graves face down (hatched, "?"),
// dug (the card: rank, and colour written as a letter and a suit shape so it
// never depends on colour alone) or fallen (a dashed hole). Each team has a
// colour *and* a number: wizards are pointed hats "W2", zombies round tokens
// "2" with a count. Under the board, one row per player: hit boxes, stick
// figures, the worm die, whose turn it is.
//
// Graves where a legal action lands are outlined and clickable (mouse or
// keyboard: Tab to a grave, Enter or Space). If several actions land on the
// same grave (two zombies that could shamble there, or a choice of what to
// hit), a small menu of buttons opens below the board. No rules here: the
// actions and their graves come from the engine's hints.
//
// Edit mode (ui.editing): every grave is a place to click (data-edit="c3"),
// and so is each piece drawn on top of it: a wizard ("W2") and one player's
// zombies on a grave ("Z2@c3"); each player's supply of zombies off the board
// ("supply2") sits in the players' table. While a control waits for a place,
// the pieces let clicks through to the graves under them.

const TEAM = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]; // Okabe-Ito
const CW = 66, CH = 84, GAP = 10, PAD = 14;
const RANK = { A: "A", Q: "Q", J: "J" };

function cardLabel(card) {
  if (card === "Jo") return { rank: "Jkr", suit: "★", colour: "none", word: "Joker" };
  const red = card[1] === "r";
  return { rank: RANK[card[0]] || card[0], suit: red ? "♥" : "♠", colour: red ? "red" : "black",
    word: red ? "R" : "B" };
}

function xy(name, sizes) {
  const c = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  const shift = sizes[c] === 4 ? 1 : 0;
  return [PAD + c * (CW + GAP), PAD + ((2 * r + shift) * (CH + GAP)) / 2];
}

// The action's grave on the board: where the piece ends up, else the first grave named.
function targetsOf(action) {
  const hint = action.hint || {};
  if (hint.kind === "joker") return hint.graves || [];
  if (hint.to) return [hint.to];
  return (hint.graves || []).filter(Boolean).slice(0, 1);
}

export function drawBoard(container, view, ui) {
  const { el, svg } = ui;
  const pos = view.position;
  const names = Object.keys(pos.graves);
  const columns = new Set(names.map((g) => g[0])).size;
  const sizes = [];
  for (let c = 0; c < columns; c++) sizes.push(names.filter((g) => g.charCodeAt(0) - 97 === c).length);
  const dug = new Set(pos.dug), fallen = new Set(pos.fallen);
  const width = PAD * 2 + columns * CW + (columns - 1) * GAP;
  const lowest = Math.max(...names.map((g) => xy(g, sizes)[1]));
  const height = lowest + CH + PAD;

  // which actions land on which grave
  const byGrave = {};
  for (const action of view.actions || []) {
    for (const g of targetsOf(action)) (byGrave[g] = byGrave[g] || []).push(action);
  }
  const menu = el("div", { class: "sf-menu", role: "group", "aria-label": "actions on the chosen grave" });
  const choose = (grave) => {
    const list = byGrave[grave] || [];
    if (list.length === 1) { ui.act(list[0].a); return; }
    menu.replaceChildren(el("span", { style: "margin-right:6px" }, `On ${grave}:`),
      ...list.map((a) => el("button", { type: "button", onclick: () => ui.act(a.a),
        onmouseenter: () => ui.preview(a.a), onmouseleave: () => ui.clearPreview(),
        onfocus: () => ui.preview(a.a), onblur: () => ui.clearPreview() }, a.a)));
    const first = menu.querySelector("button");
    if (first) first.focus();
  };

  // a group, not an image: its graves are controls (axe: nested-interactive)
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "group",
    "aria-label": `Shovelfight graveyard, ${names.length - fallen.size} graves standing`,
    style: "max-width:100%;height:auto;font-family:system-ui,sans-serif" });
  root.append(svg("defs", {},
    svg("pattern", { id: "sf-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 8, height: 8, fill: "#d9d4c7" }),
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#a79f8a", "stroke-width": 3 }))));

  const pieces = {};
  pos.teams.forEach((t, p) => {
    if (t.wizard) (pieces[t.wizard] = pieces[t.wizard] || { w: [], z: {} }).w.push(p);
    for (const z of t.zombies) {
      const slot = (pieces[z] = pieces[z] || { w: [], z: {} });
      slot.z[p] = (slot.z[p] || 0) + 1;
    }
  });

  const editing = ui.editing;
  const pieceLayer = svg("g", {});
  const editTarget = (id, label, chosen) => ({ "data-edit": id, tabindex: 0, role: "button", "aria-label": `${label}: edit`,
    class: chosen ? "sf-edit-chosen" : "sf-edit", style: editing.pending ? "pointer-events:none" : "cursor:pointer" });
  const cells = {};
  for (const g of names) {
    const [x, y] = xy(g, sizes);
    const group = svg("g", { "data-grave": g });
    const actions = byGrave[g] || [];
    if (fallen.has(g)) {
      group.append(svg("rect", { x, y, width: CW, height: CH, rx: 6, fill: "none", stroke: "#999",
        "stroke-dasharray": "4 4" }), svg("text", { x: x + CW / 2, y: y + CH / 2 + 4, "text-anchor": "middle",
        "font-size": 11, fill: "#888" }, `${g} gone`));
    } else if (dug.has(g) && pos.graves[g]) {
      const card = cardLabel(pos.graves[g]);
      const ink = card.colour === "red" ? "#b3261e" : "#1b1b1b";
      group.append(svg("rect", { x, y, width: CW, height: CH, rx: 6, fill: "#fffdf7", stroke: "#555" }),
        svg("text", { x: x + 6, y: y + 18, "font-size": 16, "font-weight": 700, fill: ink }, card.rank),
        svg("text", { x: x + CW - 6, y: y + 18, "font-size": 15, "text-anchor": "end", fill: ink }, card.suit),
        svg("text", { x: x + CW - 6, y: y + CH - 6, "font-size": 10, "text-anchor": "end", fill: "#555" }, g));
    } else {
      group.append(svg("rect", { x, y, width: CW, height: CH, rx: 6, fill: "url(#sf-hatch)", stroke: "#6b6455" }),
        svg("text", { x: x + CW - 6, y: y + CH - 6, "font-size": 10, "text-anchor": "end", fill: "#333" }, g));
    }
    // pieces: wizard hats on top, zombie tokens below
    const here = pieces[g];
    if (here) {
      // in edit mode each piece is its own place to click, drawn above the graves' edit targets
      const holder = (id, label) => {
        if (!editing) return group;
        const chosen = editing.selected === id;
        const piece = svg("g", editTarget(id, label, chosen));
        pieceLayer.append(piece);
        return piece;
      };
      here.w.forEach((p, i) => {
        const cx = x + 14 + (i % 3) * 19, cy = y + 34 + Math.floor(i / 3) * 8;
        const into = holder(`W${p + 1}`, `player ${p + 1}'s wizard on ${g}`);
        if (editing && editing.selected === `W${p + 1}`) {
          into.append(svg("circle", { cx, cy: cy - 2, r: 15, fill: "#dce8f5", stroke: "#0b5cad", "stroke-width": 3 }));
        }
        into.append(svg("path", { d: `M${cx - 11},${cy + 10} L${cx},${cy - 16} L${cx + 11},${cy + 10} Z`,
          fill: TEAM[p], stroke: "#000", "stroke-width": 1.2 }),
          svg("text", { x: cx, y: cy + 7, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff",
            stroke: "#000", "stroke-width": 0.4 }, `W${p + 1}`));
      });
      Object.entries(here.z).forEach(([p, count], i) => {
        const cx = x + 12 + (i % 3) * 20, cy = y + 58 + Math.floor(i / 3) * 16;
        const id = `Z${Number(p) + 1}@${g}`;
        const into = holder(id, `${count} zombie${count > 1 ? "s" : ""} of player ${Number(p) + 1} on ${g}`);
        if (editing && editing.selected === id) {
          into.append(svg("circle", { cx, cy, r: 12, fill: "#dce8f5", stroke: "#0b5cad", "stroke-width": 3 }));
        }
        into.append(svg("circle", { cx, cy, r: 8, fill: TEAM[p], stroke: "#000", "stroke-width": 1 }),
          svg("text", { x: cx, y: cy + 3.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#fff" },
            `${Number(p) + 1}`));
        if (count > 1) into.append(svg("text", { x: cx + 9, y: cy - 4, "font-size": 9, "font-weight": 700 }, `×${count}`));
      });
    }
    if (actions.length) {
      const outline = svg("rect", { x: x - 3, y: y - 3, width: CW + 6, height: CH + 6, rx: 8, fill: "none",
        stroke: "#0b5cad", "stroke-width": 3, "stroke-dasharray": "7 3", class: "sf-target" });
      group.append(outline);
      const label = actions.map((a) => a.a).join(", ");
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      group.setAttribute("aria-label", `grave ${g}: ${label}`);
      group.style.cursor = "pointer";
      group.append(svg("title", {}, label));
      group.addEventListener("click", () => choose(g));
      group.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(g); }
      });
      group.addEventListener("mouseenter", () => { if (actions.length === 1) ui.preview(actions[0].a); });
      group.addEventListener("mouseleave", () => ui.clearPreview());
    }
    cells[g] = group;
    root.append(group);
  }
  // Edit mode: a clear target over each grave (select it, or send the waiting piece or card there),
  // then the pieces above them.
  if (editing) {
    for (const g of names) {
      const [x, y] = xy(g, sizes);
      const chosen = editing.selected === g;
      const state = fallen.has(g) ? "fallen" : dug.has(g) ? `face up${pos.graves[g] ? `, ${cardLabel(pos.graves[g]).rank}` : ""}` : "face down";
      root.append(svg("rect", { x: x - 2, y: y - 2, width: CW + 4, height: CH + 4, rx: 7, fill: "#0b5cad",
        "fill-opacity": chosen ? 0.15 : 0, stroke: chosen ? "#0b5cad" : "none", "stroke-width": 4,
        tabindex: 0, role: "button", "aria-label": `grave ${g} (${state}): edit`, "data-edit": g, style: "cursor:pointer" }));
    }
    root.append(pieceLayer);
  }

  // highlight layer: the graves of the action the user points at in the panel
  const glow = svg("g", { "pointer-events": "none" });
  root.append(glow);

  const turnOf = view.to_move;
  const phase = pos.phase;
  const head = el("div", { style: "margin:2px 0 4px;font-size:13px" },
    phase === "over" ? "The game is over." :
      `Turn: player ${pos.turn + 1}. Phase: ${phase}${pos.used && pos.used.length ? ` (done: ${pos.used.join(", ")})` : ""}` +
      (typeof turnOf === "number" && turnOf !== pos.turn ? `. Deciding now: player ${turnOf + 1}` : "") +
      (pos.worm !== null ? `. Worm die: player ${pos.worm + 1}` : ""));

  const rows = pos.teams.map((t, p) => {
    const boxes = [];
    for (let i = 0; i < t.boxes; i++) boxes.push(i < t.hits ? "☒" : "☐");
    const dead = t.wizard === null;
    const figs = "웃".repeat(Math.min(t.figures, 12)) + (t.figures > 12 ? `+${t.figures - 12}` : "");
    const half = t.lids ? ` + ${t.lids} lid${t.lids > 1 ? "s" : ""}` : t.pants ? ` + ${t.pants} pants` : "";
    return el("tr", { style: pos.turn === p && phase !== "over" ? "font-weight:700" : "" },
      el("td", {}, el("span", { style: `display:inline-block;width:12px;height:12px;border:1px solid #000;` +
        `background:${TEAM[p]};margin-right:4px;vertical-align:middle` }), `P${p + 1}${pos.turn === p ? " ▶" : ""}`),
      el("td", { "aria-label": `${t.boxes - t.hits} of ${t.boxes} boxes unchecked` },
        dead ? (t.cause ? `dead (${t.cause})` : "not placed yet") : boxes.join("")),
      el("td", {}, `${t.zombies.length} zombie${t.zombies.length === 1 ? "" : "s"}`),
      el("td", {}, `figures: ${t.figures ? figs : "0"}${half}`),
      el("td", {}, pos.worm === p ? "WORM DIE" : ""),
      editing ? el("td", {}, el("span", { "data-edit": `supply${p + 1}`, tabindex: 0, role: "button",
        "aria-label": `player ${p + 1}'s zombie supply (off the board): edit`,
        style: "padding:0 6px;border:1px dashed #8a8a8a;border-radius:4px;cursor:pointer" +
          (editing.selected === `supply${p + 1}` ? ";background:#dce8f5;border:2px solid #0b5cad" : "") },
      "supply")) : null);
  });
  for (const row of rows) for (const cell of row.children) { cell.style.padding = "1px 8px 1px 0"; cell.style.whiteSpace = "nowrap"; }
  const table = el("table", { style: "border-collapse:collapse;font-size:13px;margin-top:4px;width:auto;border:0", class: "sf-teams" },
    el("tbody", {}, rows));
  container.append(head, root, menu, table);

  return {
    highlight(notation) {
      glow.replaceChildren();
      const action = (view.actions || []).find((a) => a.a === notation);
      if (!action || !action.hint) return;
      for (const g of (action.hint.graves || []).filter(Boolean)) {
        if (!pos.graves.hasOwnProperty(g)) continue;
        const [x, y] = xy(g, sizes);
        glow.append(svg("rect", { x: x - 5, y: y - 5, width: CW + 10, height: CH + 10, rx: 9, fill: "none",
          stroke: "#E69F00", "stroke-width": 4 }));
      }
    },
  };
}

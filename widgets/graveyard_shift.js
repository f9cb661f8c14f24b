// Graveyard Shift board (widgets/graveyard_shift.js).
//
// Draws the 4x4 graveyard from view.position: gates in the corners,
// mausoleums in the centre, graves around the edge, every stack of parts from
// bottom to top as lettered chips (B brain, H heart, C chest, L legs: letter
// and colour, so colour is never the only cue), the two pawns (player 1 a
// round token marked 1, player 2 a square token marked 2), each player's
// collected kinds and the parts waiting to be put back.
//
// Legal actions come from view.actions only (no rules here): destination
// squares of moves and placements are outlined and clickable (mouse, or Tab
// then Enter/Space); pointing at one previews its path, the parts dropped on
// the way and what arrives, from the action's hint. Put-backs are chosen in
// two clicks (a part, then a square); the master's choice by clicking a part.

const CELL = 92;
const PAD = 26;
const SIZE = CELL * 4;
const FILES = "abcd";
const KINDS = {
  B: { name: "brain", fill: "#228833", text: "#fff" },
  H: { name: "heart", fill: "#ee6677", text: "#000" },
  C: { name: "chest", fill: "#ccbb44", text: "#000" },
  L: { name: "legs", fill: "#bbbbbb", text: "#000" },
};
const ENTRANCES = new Set(["a1", "d1", "a4", "d4"]);
const MAUSOLEUMS = new Set(["b2", "c2", "b3", "c3"]);
const PLAYER_NAMES = ["Player 1", "Player 2"];

// Remembered between redraws: the part chosen for a put-back.
let chosenPut = null;

function squareXY(square) {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]) - 1;
  return [PAD + file * CELL, PAD + (3 - rank) * CELL];
}

function kindName(kind) {
  return KINDS[kind] ? KINDS[kind].name : kind;
}

function describeStack(parts) {
  if (!parts) return "no parts";
  return `${parts.length} part${parts.length > 1 ? "s" : ""}, bottom to top ${parts.split("").map(kindName).join(", ")}`;
}

function chip(ui, kind, x, y, w, h, extra = {}) {
  const k = KINDS[kind] || { fill: "#fff", text: "#000" };
  return ui.svg("g", extra,
    ui.svg("rect", { x, y, width: w, height: h, rx: 3, fill: k.fill, stroke: "#222", "stroke-width": 1 }),
    h >= 9 ? ui.svg("text", {
      x: x + w / 2, y: y + h / 2 + Math.min(h, 14) * 0.36, "text-anchor": "middle",
      "font-size": Math.min(h - 1, 12), "font-weight": 700, fill: k.text, "font-family": "sans-serif",
    }, kind) : null);
}

// A stack drawn bottom to top in the lower-left of a cell; long stacks get thinner chips.
function drawStack(ui, layer, parts, x, y, opts = {}) {
  if (!parts) return;
  const room = CELL - 24;
  const h = Math.max(6, Math.min(14, Math.floor(room / parts.length)));
  const w = opts.width || 30;
  parts.split("").forEach((kind, i) => {
    const top = y + CELL - 6 - (i + 1) * h;
    layer.append(chip(ui, kind, x + (opts.dx || 6), top, w, h - 1, opts.ghost ? { opacity: 0.55 } : {}));
  });
  if (h < 9) {
    layer.append(ui.svg("text", { x: x + (opts.dx || 6) + w + 3, y: y + CELL - 8, "font-size": 11, fill: "#000" },
      parts));
  }
}

function pawn(ui, seat, cx, cy, r = 12) {
  const g = ui.svg("g", { "aria-hidden": "true" });
  if (seat === 0) {
    g.append(ui.svg("circle", { cx, cy, r, fill: "#f5e6c8", stroke: "#000", "stroke-width": 2 }));
    g.append(ui.svg("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#000" }, "1"));
  } else {
    g.append(ui.svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 2, fill: "#111", stroke: "#fff", "stroke-width": 2 }));
    g.append(ui.svg("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff" }, "2"));
  }
  return g;
}

function cellBackground(ui, square, x, y) {
  const g = ui.svg("g", { "aria-hidden": "true" });
  if (ENTRANCES.has(square)) {
    g.append(ui.svg("rect", { x, y, width: CELL, height: CELL, fill: "#d9d4c7", stroke: "#555" }));
    // a gate: two posts and bars
    for (let i = 0; i < 5; i++) {
      g.append(ui.svg("line", { x1: x + 52 + i * 7, y1: y + 10, x2: x + 52 + i * 7, y2: y + 34, stroke: "#444", "stroke-width": 2 }));
    }
    g.append(ui.svg("line", { x1: x + 48, y1: y + 14, x2: x + 86, y2: y + 14, stroke: "#444", "stroke-width": 2 }));
    g.append(ui.svg("text", { x: x + 68, y: y + 48, "text-anchor": "middle", "font-size": 10, fill: "#333" }, "gate"));
  } else if (MAUSOLEUMS.has(square)) {
    g.append(ui.svg("rect", { x, y, width: CELL, height: CELL, fill: "#e8e6f0", stroke: "#555" }));
    g.append(ui.svg("path", { d: `M${x + 52} ${y + 26} L${x + 68} ${y + 10} L${x + 84} ${y + 26} Z`, fill: "#b8b4c8", stroke: "#555" }));
    g.append(ui.svg("rect", { x: x + 55, y: y + 26, width: 26, height: 16, fill: "#b8b4c8", stroke: "#555" }));
  } else {
    g.append(ui.svg("rect", { x, y, width: CELL, height: CELL, fill: "#e4efdc", stroke: "#555" }));
    g.append(ui.svg("path", { d: `M${x + 60} ${y + 40} L${x + 60} ${y + 20} Q${x + 68} ${y + 10} ${x + 76} ${y + 20} L${x + 76} ${y + 40} Z`, fill: "#c9cfc4", stroke: "#666" }));
  }
  g.append(ui.svg("text", { x: x + 4, y: y + 12, "font-size": 10, fill: "#333" }, square));
  return g;
}

function actionFor(actions, square) {
  return actions.filter((a) => {
    const h = a.hint || {};
    if (h.kind === "move" || h.kind === "enter") return h.to === square;
    return false;
  });
}

export function drawBoard(container, view, ui) {
  const pos = view.position || {};
  const board = pos.board || {};
  const pawns = pos.pawns || [null, null];
  const actions = view.actions || [];
  const byNotation = new Map(actions.map((a) => [a.a, a]));
  const puts = actions.filter((a) => a.hint && a.hint.kind === "put");
  const takes = actions.filter((a) => a.hint && a.hint.kind === "take");
  const putKinds = [...new Set(puts.map((a) => a.hint.part))];
  if (!putKinds.includes(chosenPut)) chosenPut = putKinds.length === 1 ? putKinds[0] : null;

  const wrap = ui.el("div", { class: "gs-board", style: "display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start" });
  const root = ui.svg("svg", {
    viewBox: `0 0 ${SIZE + 2 * PAD} ${SIZE + 2 * PAD}`, width: SIZE + 2 * PAD, height: SIZE + 2 * PAD,
    role: "group", "aria-label": "Graveyard Shift board, rank 4 at the top", style: "max-width:100%;height:auto",
  });
  const base = ui.svg("g", {});
  const overlay = ui.svg("g", { "pointer-events": "none" });
  const targets = ui.svg("g", {});
  root.append(base, targets, overlay);

  // coordinates
  for (let i = 0; i < 4; i++) {
    base.append(ui.svg("text", { x: PAD + i * CELL + CELL / 2, y: PAD + SIZE + 18, "text-anchor": "middle", "font-size": 12, fill: "currentColor" }, FILES[i]));
    base.append(ui.svg("text", { x: 8, y: PAD + i * CELL + CELL / 2 + 4, "font-size": 12, fill: "currentColor" }, String(4 - i)));
  }

  for (let rank = 4; rank >= 1; rank--) {
    for (const file of FILES) {
      const square = `${file}${rank}`;
      const [x, y] = squareXY(square);
      base.append(cellBackground(ui, square, x, y));
      drawStack(ui, base, board[square] || "", x, y);
      const here = [0, 1].filter((s) => pawns[s] === square);
      here.forEach((seat, i) => base.append(pawn(ui, seat, x + CELL - 16 - i * 26, y + CELL - 18)));
    }
  }

  // Which action a square click means now.
  function squareAction(square) {
    const direct = actionFor(actions, square);
    if (direct.length) return direct[0];
    if (chosenPut) return puts.find((a) => a.hint.part === chosenPut && a.hint.to === square) || null;
    return null;
  }

  function clearHighlight() {
    overlay.replaceChildren();
  }

  function highlight(notation) {
    overlay.replaceChildren();
    const action = notation ? byNotation.get(notation) : null;
    if (!action || !action.hint) return;
    const h = action.hint;
    if (h.kind === "move" && h.path) {
      const [fx, fy] = squareXY(h.from);
      let px = fx + CELL / 2;
      let py = fy + CELL / 2;
      for (const square of h.path) {
        const [x, y] = squareXY(square);
        overlay.append(ui.svg("line", { x1: px, y1: py, x2: x + CELL / 2, y2: y + CELL / 2, stroke: "#0b5cad", "stroke-width": 4, "stroke-dasharray": "8 5", opacity: 0.8 }));
        px = x + CELL / 2;
        py = y + CELL / 2;
      }
      (h.drops || []).forEach((drop) => {
        const [x, y] = squareXY(drop.square);
        overlay.append(chip(ui, drop.part, x + 44, y + 50, 26, 16, { opacity: 0.9 }));
        overlay.append(ui.svg("text", { x: x + 30, y: y + 63, "font-size": 13, "font-weight": 700, fill: "#0b5cad" }, "+"));
      });
      const [tx, ty] = squareXY(h.to);
      overlay.append(ui.svg("rect", { x: tx + 3, y: ty + 3, width: CELL - 6, height: CELL - 6, fill: "none", stroke: "#0b5cad", "stroke-width": 4 }));
      const tag = [h.attack ? "ATTACK" : "", h.delivery ? "DELIVER" : ""].filter(Boolean).join(" + ");
      if (tag) {
        overlay.append(ui.svg("rect", { x: tx + 4, y: ty + 16, width: CELL - 8, height: 15, fill: "#fff", opacity: 0.9 }));
        overlay.append(ui.svg("text", { x: tx + CELL / 2, y: ty + 27, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#b34d00" }, tag));
      }
      if (h.arrive) {
        overlay.append(ui.svg("rect", { x: tx + 4, y: ty + 34, width: 40, height: CELL - 40, fill: "#fff", opacity: 0.85 }));
        drawStack(ui, overlay, h.arrive, tx, ty, { ghost: false, dx: 8, width: 30 });
      }
    } else if (h.kind === "enter" || h.kind === "put") {
      const [tx, ty] = squareXY(h.to);
      overlay.append(ui.svg("rect", { x: tx + 3, y: ty + 3, width: CELL - 6, height: CELL - 6, fill: "none", stroke: "#0b5cad", "stroke-width": 4 }));
      if (h.kind === "put") overlay.append(chip(ui, h.part, tx + 44, ty + 50, 26, 16));
      if (h.attack) overlay.append(ui.svg("text", { x: tx + CELL / 2, y: ty + 27, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#b34d00" }, "ATTACK"));
    }
  }

  // Clickable targets: one focusable square per reachable destination.
  for (let rank = 4; rank >= 1; rank--) {
    for (const file of FILES) {
      const square = `${file}${rank}`;
      const action = squareAction(square);
      if (!action) continue;
      const [x, y] = squareXY(square);
      const text = (action.hint && action.hint.text) || action.a;
      const target = ui.svg("rect", {
        x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "#0b5cad", "fill-opacity": 0.08,
        stroke: "#0b5cad", "stroke-width": 2, "stroke-dasharray": "6 4", tabindex: 0, role: "button",
        "aria-label": `${action.a}: ${text}`, style: "cursor:pointer", "data-a": action.a,
      });
      target.append(ui.svg("title", {}, `${action.a}: ${text}`));
      const go = () => { chosenPut = null; ui.act(action.a); };
      target.addEventListener("click", go);
      target.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); go(); }
      });
      const show = () => { highlight(action.a); ui.preview(action.a); };
      const hide = () => { clearHighlight(); ui.clearPreview(); };
      target.addEventListener("mouseenter", show);
      target.addEventListener("focus", show);
      target.addEventListener("mouseleave", hide);
      target.addEventListener("blur", hide);
      targets.append(target);
    }
  }
  // Edit mode: every square is a place to click (select it, or put the part or pawn waiting there).
  const editing = ui.editing;
  if (editing) {
    for (let rank = 4; rank >= 1; rank--) {
      for (const file of FILES) {
        const square = `${file}${rank}`;
        const [x, y] = squareXY(square);
        const chosen = editing.selected === square;
        const target = editing.targets.includes(square);
        const place = ui.svg("rect", {
          x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: "#0b5cad", "fill-opacity": chosen ? 0.12 : 0,
          stroke: chosen || target ? "#0b5cad" : "none", "stroke-width": chosen ? 4 : 2,
          "stroke-dasharray": chosen ? null : "6 4", tabindex: 0, role: "button",
          "aria-label": `square ${square}${board[square] ? `, parts ${board[square]}` : ""}: edit`, "data-edit": square,
        });
        targets.append(place);
      }
    }
  }
  wrap.append(root);

  // Side panel: round, players, collected kinds, parts waiting.
  const side = ui.el("div", { style: "min-width:190px;font-size:13px" });
  const results = pos.results || [];
  const wins = [results.filter((r) => r === 0).length, results.filter((r) => r === 1).length];
  const rounds = (pos.options && pos.options.rounds) || 3;
  const roundNo = Math.min(results.length + (view.terminal ? 0 : 1), rounds);
  side.append(ui.el("div", { style: "font-weight:600;margin-bottom:6px" },
    view.terminal ? `Match over: ${wins[0]}-${wins[1]} in rounds` : `Round ${roundNo} of ${rounds}, rounds won ${wins[0]}-${wins[1]}`));
  for (const seat of [0, 1]) {
    const got = (pos.collected || ["", ""])[seat] || "";
    const tray = `tray${seat + 1}`;
    const row = ui.el("div", { style: "margin:6px 0;padding:4px;border:1px solid #8a8a8a;border-radius:4px" + (view.to_move === seat ? ";outline:3px solid #0b5cad" : "")
      + (editing && editing.selected === tray ? ";background:#dce8f5" : ""),
    ...(editing ? { "data-edit": tray, tabindex: 0, role: "button", "aria-label": `${PLAYER_NAMES[seat]}'s collected kinds: edit` } : {}) });
    const token = ui.svg("svg", { width: 28, height: 28, viewBox: "0 0 28 28", "aria-hidden": "true", style: "vertical-align:middle" }, pawn(ui, seat, 14, 14, 11));
    const where = pawns[seat] ? `on ${pawns[seat]}` : "off the map";
    row.append(ui.el("div", {}, token, " ", ui.el("b", {}, PLAYER_NAMES[seat]), ` (${where})`, view.to_move === seat ? " - to act" : ""));
    const slots = ui.svg("svg", { width: 4 * 34, height: 22, role: "img", "aria-label": `collected: ${got ? got.split("").map(kindName).join(", ") : "nothing yet"}` });
    "BHCL".split("").forEach((kind, i) => {
      if (got.includes(kind)) slots.append(chip(ui, kind, i * 34 + 1, 2, 30, 18));
      else slots.append(ui.svg("rect", { x: i * 34 + 1, y: 2, width: 30, height: 18, rx: 3, fill: "none", stroke: "#8a8a8a", "stroke-dasharray": "3 3" }));
    });
    row.append(ui.el("div", { style: "margin-top:3px" }, "collected ", slots));
    side.append(row);
  }

  const pool = pos.pool || "";
  if (editing) {
    side.append(ui.el("div", { "data-edit": "pool", tabindex: 0, role: "button", "aria-label": "parts waiting to be put back: edit",
      style: "margin-top:8px;padding:4px;border:1px dashed #8a8a8a;border-radius:4px" + (editing.selected === "pool" ? ";background:#dce8f5" : "") },
    `Waiting to be put back: ${pool ? pool.split("").map(kindName).join(", ") : "none"}`));
  } else if (pool && !view.terminal) {
    const box = ui.el("div", { style: "margin-top:8px" });
    const label = takes.length ? "Delivered: click the kind the master keeps"
      : puts.length ? "To put back: pick a part, then a highlighted square" : "To put back";
    box.append(ui.el("div", { style: "font-weight:600" }, label));
    const seen = new Set();
    for (const kind of pool.split("")) {
      const take = takes.find((a) => a.hint.part === kind);
      const canPut = putKinds.includes(kind);
      const picked = chosenPut === kind;
      const attrs = {
        type: "button", "aria-pressed": takes.length ? null : String(picked),
        "aria-label": take ? `${take.a}: the master takes the ${kindName(kind)}` : `put back the ${kindName(kind)}`,
        style: `background:${KINDS[kind].fill};color:${KINDS[kind].text};font-weight:700;min-width:34px` + (picked ? ";outline:3px solid #0b5cad" : ""),
        disabled: !(take || canPut) || seen.has(kind),
      };
      seen.add(kind);
      if (take) attrs.onclick = () => ui.act(take.a);
      else if (canPut) attrs.onclick = () => { chosenPut = kind; drawAgain(); };
      box.append(ui.el("button", attrs, `${kind} ${kindName(kind)}`));
    }
    side.append(box);
  }
  const legend = ui.el("div", { style: "margin-top:10px;font-size:12px" },
    "Stacks read bottom to top. ", ...Object.entries(KINDS).map(([k, v]) =>
      ui.el("span", { style: `display:inline-block;margin:1px 4px 1px 0;padding:0 4px;border:1px solid #222;border-radius:3px;background:${v.fill};color:${v.text}` }, `${k} ${v.name}`)));
  side.append(legend);
  wrap.append(side);

  const api = { highlight };

  function drawAgain() {
    container.replaceChildren();
    api.highlight = drawBoard(container, view, ui).highlight;
  }

  container.append(wrap);
  return api;
}

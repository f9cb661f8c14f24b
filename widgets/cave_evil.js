// Cave Evil board (widgets/cave_evil.js).
//
// Draws the cave as a live SVG hex map from view.position and its display-only
// `map` (added by CaveEvilState.decorate_view: per hex its status and top tile,
// spawn pits, Lairs with owner, shell and Chthonic Crystal, numbered
// Thronerooms). Hexes are flat-topped (necro/cave_evil/hexes.py): q grows to
// the south-east, r to the south. Undug rock is dark; open ground is filled by
// its tile, with a letter code and a pattern so no kind depends on colour alone
// (legend under the map); collapsed ground is a rubble hatch. Spawn pits are
// black rings, each Crystal a diamond in its owner's colour, Lair shells are
// rock striped in the owner's colour, Thronerooms carry "T1", "T2"... Squads
// are tokens in their owner's colour (Okabe-Ito) reading owner number and
// control card ("1N"); the Necromancer's squad has a double gold ring. A dig in
// progress is a badge on the hex it was declared from: rocks left and its card
// ("?" while face down).
//
// Pan and zoom: drag or wheel on the map, or the buttons (+, -, arrows, reset);
// with the map focused, arrow keys pan and +/- zoom. The view survives redraws.
//
// Clickable (mouse, or Tab then Enter/Space; outlined in blue dashes): move and
// step destinations (hint.to), placement anchors (the hex named in the
// notation; hover shows the tile as a ghost with its hexes, hint.hexes; several
// rotations open a menu), and squads with actions (move/dig/collapse/continue).
// Actions that name no hex are buttons. Clicking any other hex says what it is
// and, during a placement, that it is not a legal placement here. No rules
// here: everything comes from the engine's actions and hints.

const TEAM = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const S = 20, R3 = Math.sqrt(3), ACCENT = "#0b5cad", HOT = "#E69F00", ROCK = "#3b3631";
const KIND = {
  "pit-room": { fill: "#dcc9a0", code: "P", pat: "dots" },
  "great-hall": { fill: "#9ecae1", code: "H", pat: "grid" },
  lair: { fill: "#e3cdea", code: "L", pat: "diag" },
  throneroom: { fill: "#f3d36b", code: "T", pat: "none" },
  tunnel: { fill: "#ece6da", code: "", pat: "none" },
};
const OTHER = { fill: "#bfe3b4", pat: "vert" };
const cameras = new WeakMap(); // per widget: the viewBox [x, y, w, h]
let uid = 0;

const kindOf = (t) => KIND[t] || { ...OTHER, code: (t || "?").slice(0, 2).replace(/^./, (c) => c.toUpperCase()) };
const parseHex = (name) => { const m = /^([+-]\d+)([+-]\d+)$/.exec(name || ""); return m ? [+m[1], +m[2]] : null; };
const hexName = (q, r) => `${q >= 0 ? "+" : ""}${q}${r >= 0 ? "+" : ""}${r}`;
const centre = (q, r) => [S * 1.5 * q, S * R3 * (r + q / 2)];
const corners = (x, y, s = S) => [0, 1, 2, 3, 4, 5].map((i) =>
  `${(x + s * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(y + s * Math.sin((Math.PI / 3) * i)).toFixed(1)}`).join(" ");
const hexInNotation = (a) => (/[+-]\d+[+-]\d+/.exec(a) || [null])[0];
const SQUAD_VERB = /^(move|dig|collapse|continue) ([IVN]+)(?: with [IVN,]+)?$/;

function patterns(svg, id) {
  const p = (name, size, ...kids) => svg("pattern", { id: `${id}-${name}`, width: size, height: size,
    patternUnits: "userSpaceOnUse" }, ...kids);
  const defs = [
    p("dots", 6, svg("circle", { cx: 3, cy: 3, r: 1, fill: "#0005" })),
    p("grid", 8, svg("path", { d: "M0,0H8M0,0V8", stroke: "#0003", "stroke-width": 1 })),
    p("diag", 7, svg("path", { d: "M0,7L7,0", stroke: "#0004", "stroke-width": 1 })),
    p("vert", 6, svg("path", { d: "M3,0V6", stroke: "#0003", "stroke-width": 1 })),
    p("rubble", 8, svg("rect", { width: 8, height: 8, fill: "#8d8478" }),
      svg("path", { d: "M0,0L8,8M8,0L0,8", stroke: "#4a443d", "stroke-width": 1.6 })),
  ];
  TEAM.forEach((c, i) => defs.push(p(`shell${i}`, 8, svg("rect", { width: 8, height: 8, fill: ROCK }),
    svg("path", { d: "M0,8L8,0", stroke: c, "stroke-width": 2.5 }))));
  return svg("defs", {}, ...defs);
}

export function drawBoard(container, view, ui) {
  const { el, svg } = ui;
  const pos = view.position, map = pos.map || { radius: 12, hexes: {}, pits: [], lairs: [], thrones: [], names: {} };
  const actions = view.actions || [];
  const id = `ce${++uid}`;
  const key = container.closest(".necro-w") || container;
  const note = el("div", { class: "ce-note", role: "status", "aria-live": "polite",
    style: "min-height:1.4em;font-size:13px;margin:2px 0" });
  const menu = el("div", { class: "ce-menu", role: "group", "aria-label": "choices for the chosen hex or squad" });

  // ---- what lies where (all from the view)
  const cells = new Map(); // hex name -> [q, r]
  const R = map.radius;
  for (let q = -R; q <= R; q++) for (let r = Math.max(-R, -q - R); r <= Math.min(R, -q + R); r++) cells.set(hexName(q, r), [q, r]);
  const shell = {}, interior = {}, crystal = {}, throne = {};
  map.lairs.forEach((l) => {
    for (const h of l.shell) shell[h] = l.owner;
    for (const h of l.spaces) interior[h] = l.owner;
    crystal[l.crystal] = l.owner;
  });
  map.thrones.forEach((t) => { for (const h of t.spaces) if (map.hexes[h] && map.hexes[h].t === "throneroom") throne[h] = t.n; });
  const pits = new Set(map.pits);
  const squadsAt = {};
  for (const s of pos.squads) (squadsAt[s.at] = squadsAt[s.at] || []).push(s);
  const digsAt = {};
  for (const d of pos.digs) (digsAt[d.at] = digsAt[d.at] || []).push(d);

  // ---- actions: on a hex (destination or placement anchor), on a squad, or a button
  const onHex = {}, onSquad = {}, buttons = [];
  for (const a of actions) {
    const hint = a.hint || {}, m = SQUAD_VERB.exec(a.a);
    const at = hint.to || (hint.hexes ? hexInNotation(a.a) : null);
    if (at) (onHex[at] = onHex[at] || []).push(a);
    else if (m && typeof view.to_move === "number") {
      const s = pos.squads.find((x) => x.owner === view.to_move && x.card === m[2]);
      if (s) (onSquad[s.id] = onSquad[s.id] || []).push(a);
      buttons.push(a);
    } else buttons.push(a);
  }
  const placing = actions.some((a) => a.hint && a.hint.hexes);
  const hinted = new Set([].concat(...actions.map((a) => (a.hint && a.hint.hexes) || [])));
  for (const h of Object.keys(onHex).concat([...hinted])) {
    const c = parseHex(h);
    if (c && !cells.has(h)) cells.set(h, c);
  }

  // ---- the SVG and its camera
  const xs = [], ys = [];
  for (const [h, [q, r]] of cells) {
    if (!(map.hexes[h] || shell[h] !== undefined || onHex[h] || hinted.has(h))) continue;
    const [x, y] = centre(q, r); xs.push(x); ys.push(y);
  }
  if (!xs.length) xs.push(0), ys.push(0);
  const m2 = S * 2.5;
  const home = [Math.min(...xs) - m2, Math.min(...ys) - m2, Math.max(...xs) - Math.min(...xs) + 2 * m2,
    Math.max(...ys) - Math.min(...ys) + 2 * m2];
  let cam = cameras.get(key) || home.slice();
  const seen = (h) => { const [x, y] = centre(...cells.get(h)); return x > cam[0] && x < cam[0] + cam[2] && y > cam[1] && y < cam[1] + cam[3]; };
  if (!Object.keys(onHex).every(seen)) { // this decision's hexes would be off screen: frame them
    const pts = Object.keys(onHex).concat([...hinted]).map((h) => centre(...cells.get(h)));
    const x0 = Math.min(...pts.map((p) => p[0])), x1 = Math.max(...pts.map((p) => p[0]));
    const y0 = Math.min(...pts.map((p) => p[1])), y1 = Math.max(...pts.map((p) => p[1]));
    const w = Math.max(x1 - x0 + 4 * S, S * 16, ((y1 - y0 + 4 * S) * home[2]) / home[3]), h = (w * home[3]) / home[2];
    cam = [(x0 + x1 - w) / 2, (y0 + y1 - h) / 2, w, h];
  }
  const root = svg("svg", { role: "group", tabindex: 0, width: "100%", height: 540, preserveAspectRatio: "xMidYMid meet",
    "aria-label": "Cave Evil map: drag or use arrow keys to pan, wheel or + and - to zoom",
    style: "display:block;background:#1f1c19;border-radius:6px;touch-action:none;font-family:system-ui,sans-serif;cursor:grab" });
  const setCam = (c) => { cam = c; cameras.set(key, c); root.setAttribute("viewBox", c.map((v) => v.toFixed(1)).join(" ")); };
  const zoom = (f, fx = 0.5, fy = 0.5) => {
    const w = Math.min(Math.max(cam[2] * f, S * 6), S * 120), h = (cam[3] * w) / cam[2];
    setCam([cam[0] + (cam[2] - w) * fx, cam[1] + (cam[3] - h) * fy, w, h]);
  };
  const pan = (dx, dy) => setCam([cam[0] + dx * cam[2], cam[1] + dy * cam[3], cam[2], cam[3]]);
  setCam(cam);
  root.append(patterns(svg, id));

  const ground = svg("g", {}), marks = svg("g", { "pointer-events": "none" }), ghost = svg("g", { "pointer-events": "none" });
  const targets = svg("g", {});
  for (const [h, [q, r]] of cells) {
    const [x, y] = centre(q, r), info = map.hexes[h];
    let fill = ROCK, over = null, code = "";
    if (info && info.s === "collapsed") fill = `url(#${id}-rubble)`;
    else if (info && info.s === "open") {
      const k = kindOf(info.t);
      fill = k.fill; code = throne[h] ? `T${throne[h]}` : k.code;
      if (k.pat !== "none") over = `url(#${id}-${k.pat})`;
    } else if (shell[h] !== undefined) fill = `url(#${id}-shell${shell[h] ?? 0})`;
    const cell = svg("g", { "data-hex": h });
    cell.append(svg("polygon", { points: corners(x, y), fill, stroke: info ? "#6b6358" : "#2c2824", "stroke-width": 1 }));
    if (over) cell.append(svg("polygon", { points: corners(x, y), fill: over, stroke: "none" }));
    if (interior[h] !== undefined && info && info.s === "open")
      cell.append(svg("polygon", { points: corners(x, y, S - 2.5), fill: "none", stroke: TEAM[interior[h]] || "#000", "stroke-width": 2.5 }));
    if (code && crystal[h] === undefined) cell.append(svg("text", { x, y: y + S * 0.62, "text-anchor": "middle", "font-size": 7, fill: "#000a" }, code));
    cell.addEventListener("click", () => explain(h));
    ground.append(cell);
    if (pits.has(h)) marks.append(svg("circle", { cx: x, cy: y, r: S * 0.55, fill: "#000", stroke: "#c0392b", "stroke-width": 2.5 }),
      svg("circle", { cx: x, cy: y, r: S * 0.25, fill: "none", stroke: "#fff", "stroke-width": 1 }));
    if (crystal[h] !== undefined) marks.append(svg("path", { d: `M${x},${y + 5}L${x + 6},${y + 11}L${x},${y + 17}L${x - 6},${y + 11}Z`,
      fill: TEAM[crystal[h]] || "#fff", stroke: "#fff", "stroke-width": 1.5 }),
      svg("text", { x, y: y + 13.5, "text-anchor": "middle", "font-size": 6.5, "font-weight": 700, fill: "#fff" }, "C"));
  }
  // digs in progress
  for (const [h, list] of Object.entries(digsAt)) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c);
    list.forEach((d, i) => {
      const card = d.card === "?" || d.stage === "digging" ? "?" : (map.names[d.card] || d.card || "");
      const label = `dig ${d.rocks} ${card}`.trim();
      const w = 7 + label.length * 5.2;
      marks.append(svg("rect", { x: x - w / 2, y: y - S - 4 - i * 12, width: w, height: 11, rx: 3,
        fill: d.mode === "collapse" ? "#4a443d" : "#fff", stroke: HOT, "stroke-width": 1.5 }),
        svg("text", { x, y: y - S + 4.5 - i * 12, "text-anchor": "middle", "font-size": 8, "font-weight": 700,
          fill: d.mode === "collapse" ? "#fff" : "#000" }, label));
    });
  }

  const target = (node, list, label, pick) => {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `${label}: ${list.map((a) => a.a).join(", ")}`);
    if (list.length === 1) node.setAttribute("data-a", list[0].a);
    node.style.cursor = "pointer";
    node.append(svg("title", {}, list.map((a) => a.a).join("\n")));
    node.addEventListener("click", (e) => { e.stopPropagation(); if (!dragged) pick(); });
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    const show = () => { drawGhost(list[0]); if (list.length === 1) ui.preview(list[0].a); };
    const hide = () => { drawGhost(null); ui.clearPreview(); };
    node.addEventListener("mouseenter", show); node.addEventListener("focus", show);
    node.addEventListener("mouseleave", hide); node.addEventListener("blur", hide);
  };
  const choose = (title, list) => {
    if (list.length === 1) { ui.act(list[0].a); return; }
    menu.replaceChildren(el("span", { style: "margin-right:6px" }, title),
      ...list.map((a) => el("button", { type: "button", class: "ce-choice", "data-a": a.a, onclick: () => ui.act(a.a),
        onmouseenter: () => { drawGhost(a); ui.preview(a.a); }, onmouseleave: () => { drawGhost(null); ui.clearPreview(); },
        onfocus: () => { drawGhost(a); ui.preview(a.a); }, onblur: () => { drawGhost(null); ui.clearPreview(); } }, a.a)));
    const first = menu.querySelector("button");
    if (first) first.focus();
  };
  for (const [h, list] of Object.entries(onHex)) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c);
    const node = svg("g", { "data-hex": h, class: "ce-target" },
      svg("polygon", { points: corners(x, y, S - 2), fill: "#ffffff22", stroke: "#fff", "stroke-width": 3.5 }),
      svg("polygon", { points: corners(x, y, S - 2), fill: "none", stroke: ACCENT, "stroke-width": 2.5, "stroke-dasharray": "5 3" }),
      svg("circle", { cx: x, cy: y + (squadsAt[h] ? 12 : 0), r: 3.5, fill: ACCENT, stroke: "#fff", "stroke-width": 1.2 }));
    const isMove = list.every((a) => a.hint.to);
    target(node, list, `${isMove ? "to" : "place at"} ${h}`,
      () => choose(list[0].hint.hexes ? `Place at ${h} (${list.length} rotations):` : `To ${h}:`, list));
    targets.append(node);
  }
  // squads
  for (const [h, list] of Object.entries(squadsAt)) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c);
    list.forEach((s, i) => {
      const cx = x + (list.length > 1 ? (i - (list.length - 1) / 2) * 13 : 0), cy = y - 4;
      const boss = s.creatures.some((k) => k.necromancer);
      const node = svg("g", { "data-squad": s.id });
      if (boss) node.append(svg("circle", { cx, cy, r: 11.5, fill: "#f5c518", stroke: "#000", "stroke-width": 1 }));
      node.append(svg("circle", { cx, cy, r: 8.5, fill: TEAM[s.owner] || "#777", stroke: "#000", "stroke-width": 1.2 }),
        svg("text", { x: cx, y: cy + 3.3, "text-anchor": "middle", "font-size": 8.5, "font-weight": 700, fill: "#fff" },
          `${s.owner + 1}${s.card}`));
      const acts = onSquad[s.id];
      if (acts) {
        node.append(svg("circle", { cx, cy, r: 13.5, fill: "none", stroke: "#7cc4ff", "stroke-width": 2, "stroke-dasharray": "4 2" }));
        target(node, acts, `squad ${s.card} of player ${s.owner + 1}`, () => choose(`Squad ${s.card}:`, acts));
      } else node.append(svg("title", {}, `Player ${s.owner + 1}'s squad ${s.card}${boss ? " (Necromancer)" : ""}: ` +
        s.creatures.map((k) => k.id).join(", ")));
      targets.append(node);
    });
  }
  root.append(ground, marks, targets, ghost);

  function drawGhost(action) {
    ghost.replaceChildren();
    if (!action || !action.hint) return;
    const hint = action.hint, hot = hint.hexes || (hint.to ? [hint.to] : []);
    const k = hint.tile ? kindOf(hint.tile) : null, rim = new Set(hint.shell || []);
    for (const h of hot) {
      const c = parseHex(h); if (!c) continue;
      const [x, y] = centre(...c);
      const fill = !k ? "none" : rim.has(h) ? `url(#${id}-shell${view.to_move in TEAM ? view.to_move : 0})` :
        hint.side === "collapse" ? `url(#${id}-rubble)` : k.fill;
      ghost.append(svg("polygon", { points: corners(x, y, S - 1), fill, "fill-opacity": 0.8, stroke: HOT, "stroke-width": 3 }));
    }
    for (const h of hint.pits || []) {
      const c = parseHex(h); if (!c) continue;
      const [x, y] = centre(...c);
      ghost.append(svg("circle", { cx: x, cy: y, r: S * 0.5, fill: "#000", stroke: "#c0392b", "stroke-width": 2.5 }));
    }
    if (hint.crystal && parseHex(hint.crystal)) {
      const [x, y] = centre(...parseHex(hint.crystal));
      ghost.append(svg("path", { d: `M${x},${y + 5}L${x + 6},${y + 11}L${x},${y + 17}L${x - 6},${y + 11}Z`, fill: "#fff", stroke: "#000" }));
    }
    if (k && hot.length) {
      const [x, y] = centre(...parseHex(hot[0]));
      ghost.append(svg("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, "font-weight": 700 },
        (map.names[hint.tile] || hint.tile).slice(0, 10)));
    }
  }
  function explain(h) {
    if (dragged) return;
    const info = map.hexes[h];
    const what = info ? `${info.s}, ${map.names[info.t] || info.t}${throne[h] ? ` T${throne[h]}` : ""}` :
      shell[h] !== undefined ? `undug, shell of player ${shell[h] + 1}'s Lair` : "undug rock";
    const extra = [pits.has(h) ? "spawn pit" : "", crystal[h] !== undefined ? `player ${crystal[h] + 1}'s Chthonic Crystal` : "",
      ...(squadsAt[h] || []).map((s) => `player ${s.owner + 1}'s squad ${s.card}`)].filter(Boolean);
    let why = "";
    if (placing) why = ` Not a legal placement here; legal anchors: ${Object.keys(onHex).join(", ")}.`;
    else if (Object.keys(onHex).length) why = " No action goes here.";
    note.textContent = `${h}: ${what}${extra.length ? ` (${extra.join("; ")})` : ""}.${why}`;
  }

  // ---- pan and zoom by mouse
  let drag = null, dragged = false;
  root.addEventListener("pointerdown", (e) => { drag = { x: e.clientX, y: e.clientY, cam: cam.slice() }; dragged = false; });
  root.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!dragged && Math.hypot(dx, dy) < 5) return;
    if (!dragged) root.setPointerCapture(e.pointerId);
    dragged = true;
    const k = Math.max(cam[2] / (root.clientWidth || 1), cam[3] / (root.clientHeight || 1)); // units per pixel
    setCam([drag.cam[0] - dx * k, drag.cam[1] - dy * k, cam[2], cam[3]]);
  });
  const stop = () => { drag = null; setTimeout(() => { dragged = false; }, 0); };
  root.addEventListener("pointerup", stop); root.addEventListener("pointercancel", stop);
  root.addEventListener("wheel", (e) => {
    e.preventDefault();
    const b = root.getBoundingClientRect();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, (e.clientX - b.left) / (b.width || 1), (e.clientY - b.top) / (b.height || 1));
  }, { passive: false });
  root.addEventListener("keydown", (e) => {
    if (e.target !== root) return;
    const moves = { ArrowLeft: [-0.15, 0], ArrowRight: [0.15, 0], ArrowUp: [0, -0.15], ArrowDown: [0, 0.15] };
    if (moves[e.key]) pan(...moves[e.key]);
    else if (e.key === "+" || e.key === "=") zoom(1 / 1.25);
    else if (e.key === "-") zoom(1.25);
    else if (e.key === "0") setCam(home.slice());
    else return;
    e.preventDefault();
  });
  const btn = (label, aria, fn) => el("button", { type: "button", "aria-label": aria, title: aria, onclick: fn }, label);
  const camBar = el("div", { class: "ce-cam", role: "group", "aria-label": "map view" },
    btn("+", "zoom in", () => zoom(1 / 1.25)), btn("−", "zoom out", () => zoom(1.25)),
    btn("←", "pan west", () => pan(-0.15, 0)), btn("↑", "pan north", () => pan(0, -0.15)),
    btn("↓", "pan south", () => pan(0, 0.15)), btn("→", "pan east", () => pan(0.15, 0)),
    btn("reset", "reset the map view", () => setCam(home.slice())));

  // ---- text around the map
  const who = typeof view.to_move === "number" ? `player ${view.to_move + 1} decides` : view.to_move === "chance" ? "chance" : "";
  const head = el("div", { style: "margin:2px 0 4px;font-size:13px" },
    pos.phase === "over" ? "The game is over." :
      `${pos.phase === "setup" ? "Set-up" : `Cycle ${pos.cycle}, player ${(pos.turn ?? 0) + 1}'s turn`}${who ? `; ${who}` : ""}` +
      (pos.pending ? ` (${pos.pending.kind === "move" ? "moving" : pos.pending.kind} squad ${String(pos.pending.squad || "").split(":").pop()})` : "") +
      (pos.out && pos.out.length ? `. Out: ${pos.out.map((p) => `player ${p + 1}`).join(", ")}` : ""));
  const digs = pos.digs.map((d) => el("li", {}, `Player ${+d.squad.split(":")[0] + 1}'s squad ${d.squad.split(":").pop()}: ${d.mode === "excavate" ? "excavation" : "collapse"} from ${d.at}, ` +
    `${d.rocks} rock${d.rocks === 1 ? "" : "s"} left, card ${d.card === "?" || d.stage === "digging" ? "face down (?)" : map.names[d.card] || d.card}, ${d.stage}`));
  const bar = el("div", { class: "ce-buttons", role: "group", "aria-label": "decisions that name no hex" },
    ...buttons.map((a) => el("button", { type: "button", "data-a": a.a, onclick: () => ui.act(a.a),
      onmouseenter: () => ui.preview(a.a), onmouseleave: () => ui.clearPreview() }, a.a)));
  const swatch = (fill, over, text, extra) => el("span", { style: "display:inline-flex;align-items:center;gap:3px;margin-right:10px;white-space:nowrap" },
    svg("svg", { width: 22, height: 20, viewBox: "-11 -10 22 20", "aria-hidden": "true" }, patterns(svg, `${id}l`),
      svg("polygon", { points: corners(0, 0, 9.5), fill: fill.replace(id, `${id}l`), stroke: "#555" }),
      over ? svg("polygon", { points: corners(0, 0, 9.5), fill: over.replace(id, `${id}l`) }) : null, extra || null), text);
  const kinds = [...new Set(Object.values(map.hexes).filter((i) => i.s === "open").map((i) => i.t))];
  const legend = el("div", { class: "ce-legend", style: "font-size:12px;margin-top:4px;line-height:1.9" },
    swatch(ROCK, null, "undug rock"), swatch(`url(#${id}-rubble)`, null, "collapsed"),
    swatch(`url(#${id}-shell0)`, null, "Lair shell (owner's stripes)"),
    ...kinds.map((t) => { const k = kindOf(t); return swatch(k.fill, k.pat === "none" ? null : `url(#${id}-${k.pat})`,
      `${k.code ? `${k.code} ` : ""}${map.names[t] || t}${t === "lair" ? " interior (owner's rim)" : ""}`); }),
    swatch("#000", null, "spawn pit", svg("circle", { r: 4, fill: "none", stroke: "#c0392b", "stroke-width": 2 })),
    swatch(ROCK, null, "Chthonic Crystal", svg("path", { d: "M0,-7L5,0L0,7L-5,0Z", fill: "#fff" })),
    swatch(ROCK, null, "squad 1N (gold ring: Necromancer)", svg("circle", { r: 5, fill: TEAM[0] })),
    swatch("#fff", null, "dig N ?: a dig, N rocks left, its card (? face down)", null));
  container.append(head, root, camBar, note, menu, bar, digs.length ? el("ul", { style: "font-size:13px;margin:4px 0" }, digs) : "", legend);

  return {
    highlight(notation) {
      drawGhost(notation ? actions.find((a) => a.a === notation) || null : null);
    },
  };
}

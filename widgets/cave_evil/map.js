// Cave Evil board: the map (widgets/cave_evil/map.js, the first part of widgets/cave_evil/).
//
// Draws the cave as a live SVG hex map from view.position and its display-only
// `map` (added by CaveEvilState.decorate_view: per hex its status and top tile,
// spawn pits, Lairs with owner, shell and Chthonic Crystal, numbered
// Thronerooms; while a move or a break-away is pending, `reach`; for every
// squad on open ground, `sight`; while a fight is on, `fight`; always `control`
// and `cards`, see below). Hexes are flat-topped (necro/cave_evil/hexes.py):
// q grows to the south-east, r to the south.
//
// Layers, bottom to top:
// 1. ground: undug rock is dark; open ground is filled by its tile, with a
//    letter code and a pattern so no kind depends on colour alone (legend
//    under the map); collapsed ground is a rubble hatch; Lair shells are rock
//    striped in the owner's colour, Lair interiors have an owner's rim.
// 2. reach (map.reach, only while a move or break is pending): hexes the squad
//    may end on get a blue shade and their cost in movement points printed
//    small at the left; hexes it may only pass over (spawn pits, friendly
//    squads it cannot merge with) get a light hatch and no number.
// 3. sight (line-of-sight mode only): the hexes map.sight says the chosen
//    shooter sees get a pale shade with dots.
// 4. marks: spawn pits (black rings), Crystals (a diamond "C" in the owner's
//    colour), Throneroom numbers "T1", "T2"..., and the dig badges on the hex
//    a dig was declared from ("dig <rocks left> <card>", "?" while face down).
// 5. targets (see below) and squads: tokens in their owner's colour (Okabe-Ito)
//    reading owner number and control card ("1N"); the Necromancer's squad has
//    a gold ring; squads with actions a dashed light-blue ring.
// 6. ghost (the tile an action would lay, on hover) and the sight line.
//
// Pan and zoom: drag or wheel on the map, or the buttons (+, -, arrows, reset);
// with the map focused, arrow keys pan and +/- zoom. The view survives redraws.
//
// Clickable (mouse, or Tab then Enter/Space; outlined in blue dashes): move,
// break-away and step destinations (hint.to), placement anchors (the hex
// named in the notation; hover shows the tile as a ghost with its hexes,
// hint.hexes; several rotations open a menu), and squads with actions (a menu
// of move / dig / collapse / continue / "break away: <creatures>"). Actions
// that name no hex are buttons. Clicking any other hex says what it is and,
// during a placement, that it is not a legal placement here.
//
// Line of sight (the toolbar's "Line of sight" toggle; Esc or the toggle leaves
// it): the map's targets give way to a look-only layer. Click a squad (or Tab
// to it and press Enter) to make it the shooter; its sight is shaded; hovering
// or focusing any hex draws the straight centre-to-centre line from the
// shooter (geometry only) and the note reads what map.sight says: "1N sees
// +3-2", "rock blocks the line", "aimed at 2III, the shot hits 2II in the way".
// Nothing in this mode plays an action. The mode and shooter survive redraws.
//
// The board module is written as several files, concatenated in this order into one module by
// necro/widget/assets.py (MODULES), so every part sees the others' names:
//   map.js     this overview; the hex map, its targets, line of sight, pan and zoom; drawBoard
//   combat.js  the combat panel (map.fight)
//   cards.js   creature, item and spell cards
//   squads.js  the control-card strip and the creature card it shows
//   full.js    the full game: phases, decks, hand, Awaken Track, events, purses (map.full)
// The map's render() gathers what the other parts need in one object, `b` (the board being drawn).
//
// No rules here: everything comes from the engine's actions, hints and `map`.

const TEAM = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];
const S = 20, R3 = Math.sqrt(3), ACCENT = "#0b5cad", HOT = "#E69F00", ROCK = "#3b3631";
// The map's height in pixels (shorter in the full game, whose hand and decks sit under it), and how
// far out it opens: at most LEGIBLE map units a pixel, so that its 10-unit labels read at 10 px.
const MAP_HEIGHT = 540, FULL_MAP_HEIGHT = 360, LEGIBLE = 1;
const KIND = {
  "pit-room": { fill: "#dcc9a0", code: "P", pat: "dots" },
  "great-hall": { fill: "#9ecae1", code: "H", pat: "grid" },
  lair: { fill: "#e3cdea", code: "L", pat: "diag" },
  throneroom: { fill: "#f3d36b", code: "T", pat: "none" },
  tunnel: { fill: "#ece6da", code: "", pat: "none" },
};
const OTHER = { fill: "#bfe3b4", pat: "vert" };
const cameras = new WeakMap(); // per widget: the viewBox [x, y, w, h] in play and in edit mode
const sightModes = new WeakMap(); // per widget: { on, shooter } of the line-of-sight tool
let uid = 0;

const kindOf = (t) => KIND[t] || { ...OTHER, code: (t || "?").slice(0, 2).replace(/^./, (c) => c.toUpperCase()) };
const parseHex = (name) => { const m = /^([+-]\d+)([+-]\d+)$/.exec(name || ""); return m ? [+m[1], +m[2]] : null; };
const hexName = (q, r) => `${q >= 0 ? "+" : ""}${q}${r >= 0 ? "+" : ""}${r}`;
const centre = (q, r) => [S * 1.5 * q, S * R3 * (r + q / 2)];
const corners = (x, y, s = S) => [0, 1, 2, 3, 4, 5].map((i) =>
  `${(x + s * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(y + s * Math.sin((Math.PI / 3) * i)).toFixed(1)}`).join(" ");
const hexInNotation = (a) => (/[+-]\d+[+-]\d+/.exec(a) || [null])[0];
const SQUAD_VERB = /^(move|dig|collapse|continue|break) ([IVN]+)(?: with [IVN,]+| [a-z][a-z0-9-]*(?:,[a-z][a-z0-9-]*)*)?$/;
// picking up, passing and dropping loot (loot.py) go on the squad that does it
const LOOT_VERB = /^(pick|pass|drop) ([IVN]+) /;
const LOOT_SHORT = { metals: "m", gore: "g", shadowflame: "s" };
// the full game: actions with a control of their own (decks, discard piles, the card looked at, end)
const FULL_PANEL = /^(?:(?:conjure|meditate) [a-z]+|take [a-z]+ [a-z0-9-]+|keep|trade [a-z]+ \d+|end)$/;
const INVOKE_INTO = /^invoke ([a-z][a-z0-9-]*) ([IVN]+)$/;
const lootText = (spot) => Object.keys(LOOT_SHORT).filter((r) => spot[r]).map((r) => `${spot[r]}${LOOT_SHORT[r]}`)
  .concat((spot.items || []).length ? [`◆${spot.items.length}`] : []).join(" ");
const wandering = (s) => s.owner === null || s.owner === undefined;
const squadName = (s) => `${wandering(s) ? "W" : s.owner + 1}${s.card || ""}`;
const whose = (s) => (wandering(s) ? "the Wandering Monsters'" : `player ${s.owner + 1}'s`);

// A readable label for an action in a squad's or a hex's menu (the notation stays its data-a).
// `names` (card id -> name, the full game's) names the cards of invoke actions.
function actionLabel(a, names) {
  const named = (id) => (names && names[id]) || id;
  let m = /^invoke ([a-z][a-z0-9-]*) (?:new ([+-]\d+[+-]\d+)|([IVN]+))$/.exec(a);
  if (m) return m[2] ? `invoke ${named(m[1])} as a new squad at ${m[2]}` : `invoke ${named(m[1])} into squad ${m[3]}`;
  m = /^(spot|count) ([+-]\d+[+-]\d+)$/.exec(a);
  if (m) return m[1] === "spot" ? `the spawned card goes to ${m[2]}` : `the count ends at ${m[2]}`;
  m = /^wander (\S+) (stay|[+-]\d+[+-]\d+)$/.exec(a);
  if (m) return m[2] === "stay" ? `Wandering Monster ${m[1]} stays` : `Wandering Monster ${m[1]} moves to ${m[2]}`;
  m = /^lay ([+-]\d+[+-]\d+) r([0-5])$/.exec(a);
  if (m) return `lay the tile at ${m[1]}, rotation ${m[2]}`;
  m = /^break [IVN]+ ([a-z][a-z0-9,-]*)(?: ([+-]\d+[+-]\d+))?$/.exec(a);
  if (m) return `break away: ${m[1].split(",").join(", ")}${m[2] ? ` to ${m[2]}` : ""}`;
  m = /^continue [IVN]+(?: with ([IVN,]+))?$/.exec(a);
  if (m) return `continue the dig${m[1] ? ` with ${m[1].split(",").join(", ")}` : ""}`;
  m = /^bathe N (\S+)$/.exec(a);
  if (m) return `bathe the Statue in 18 kill points: its eyes strike ${m[1]}`;
  m = /^fight ([IVN]+) (\S+) apart$/.exec(a);
  if (m) return `attack ${m[2]} with ${m[1]}, tearing it apart (the Attacktite): one combat per creature`;
  m = /^(fight|shoot|hire|subdue) ([IVN,]+) (\S+)( by shot)?$/.exec(a);
  if (m) return `${{ fight: "attack", shoot: "shoot at", hire: "hire", subdue: "subdue" }[m[1]]} ${m[3]}` +
    `${m[4] ? " by a shot" : ""} with ${m[2].split(",").join(", ")}`;
  m = /^bomb ([IVN]+) at ([+-]\d+[+-]\d+)$/.exec(a);
  if (m) return `throw squad ${m[1]}'s bomb at ${m[2]} (everything in its blast is destroyed)`;
  m = /^(move|dig|collapse) [IVN]+$/.exec(a);
  if (m) return m[1];
  m = /^move [IVN]+ ([+-]\d+[+-]\d+) via ([+-]\d+[+-]\d+)$/.exec(a);
  if (m) return `move to ${m[1]}, crossing the spawn pit at ${m[2]} and picking up what lies there`;
  m = /^move [IVN]+ ([+-]\d+[+-]\d+)$/.exec(a);
  if (m) return `move to ${m[1]}`;
  return a;
}

function patterns(svg, id) {
  const p = (name, size, ...kids) => svg("pattern", { id: `${id}-${name}`, width: size, height: size,
    patternUnits: "userSpaceOnUse" }, ...kids);
  const defs = [
    p("dots", 6, svg("circle", { cx: 3, cy: 3, r: 1, fill: "#0005" })),
    p("grid", 8, svg("path", { d: "M0,0H8M0,0V8", stroke: "#0003", "stroke-width": 1 })),
    p("diag", 7, svg("path", { d: "M0,7L7,0", stroke: "#0004", "stroke-width": 1 })),
    p("vert", 6, svg("path", { d: "M3,0V6", stroke: "#0003", "stroke-width": 1 })),
    p("pass", 6, svg("path", { d: "M0,6L6,0M-1,1L1,-1M5,7L7,5", stroke: "#ffffffcc", "stroke-width": 1.4 })),
    p("seen", 6, svg("rect", { width: 6, height: 6, fill: "#ffe066", "fill-opacity": 0.6 }),
      svg("circle", { cx: 3, cy: 3, r: 1.3, fill: "#5a4500" })),
    p("rubble", 8, svg("rect", { width: 8, height: 8, fill: "#8d8478" }),
      svg("path", { d: "M0,0L8,8M8,0L0,8", stroke: "#4a443d", "stroke-width": 1.6 })),
  ];
  TEAM.forEach((c, i) => defs.push(p(`shell${i}`, 8, svg("rect", { width: 8, height: 8, fill: ROCK }),
    svg("path", { d: "M0,8L8,0", stroke: c, "stroke-width": 2.5 }))));
  return svg("defs", {}, ...defs);
}

export function drawBoard(container, view, ui) {
  // The line-of-sight toggle redraws the board in place; the toolkit keeps the first api.
  let current = null;
  const paint = (focus) => {
    container.replaceChildren();
    current = render(container, view, ui, paint);
    if (ui.labelInName) ui.labelInName(container); // a repaint after the toolkit's check
    const again = focus && container.querySelector(focus);
    if (again) again.focus();
  };
  paint();
  return { highlight(notation) { if (current) current.highlight(notation); } };
}

function render(container, view, ui, paint) {
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
  const squadsAt = {}, squadById = {};
  for (const s of pos.squads) {
    (squadsAt[s.at] = squadsAt[s.at] || []).push(s);
    squadById[s.id] = s;
  }
  const nameOf = (sid) => (squadById[sid] ? squadName(squadById[sid]) :
    /^(\d+|w):(.+)$/.test(sid || "") ? sid.replace(/^(\d+|w):(.+)$/, (_, o, c) => `${o === "w" ? "W" : +o + 1}${c}`) : sid);
  const digsAt = {};
  for (const d of pos.digs) (digsAt[d.at] = digsAt[d.at] || []).push(d);
  const reach = map.reach || null;
  const sight = map.sight || {};
  let los = sightModes.get(key) || { on: false, shooter: null };
  if (los.shooter && !sight[los.shooter]) los = { ...los, shooter: null }; // it moved into rock, or is gone
  sightModes.set(key, los);

  // ---- control cards and creature cards (squads.js): who is in which squad, what is picked.
  // `b` carries what the other parts (squads.js, full.js) need of this board.
  const control = map.control || [], cards = map.cards || {};
  const b = { ui, el, svg, view, pos, actions, key, control, cards, squadById, nameOf };
  squadPicks(b);

  // ---- actions: on a hex (destination or placement anchor), on a squad, or a button
  const onHex = {}, onSquad = {}, buttons = [];
  // the full game (map.full): its decks, hand, keep/trade and "end" have their own controls below
  const full = map.full || null;
  const faces = full ? { ...cards, ...(full.cards || {}) } : cards;
  const cardNames = {};
  for (const [k, f] of Object.entries(faces)) cardNames[k] = f.name;
  for (const c of full ? full.hand.cards : []) cardNames[c.card] = c.name;
  Object.assign(b, { full, faces, cardNames });
  const ownPanel = (a) => full && FULL_PANEL.test(a.a);
  for (const a of actions) {
    const hint = a.hint || {}, m = SQUAD_VERB.exec(a.a) || LOOT_VERB.exec(a.a);
    const at = hint.to || (hint.hexes ? hexInNotation(a.a) : null);
    const into = full && typeof view.to_move === "number" ? INVOKE_INTO.exec(a.a) : null;
    const host = into && pos.squads.find((x) => x.owner === view.to_move && x.card === into[2]);
    if (host) (onSquad[host.id] = onSquad[host.id] || []).push(a); // into a squad: its token's menu
    else if (at) (onHex[at] = onHex[at] || []).push(a);
    else if (m && typeof view.to_move === "number") {
      const s = pos.squads.find((x) => x.owner === view.to_move && x.card === m[2]);
      if (s) (onSquad[s.id] = onSquad[s.id] || []).push(a);
      buttons.push(a);
    } else if (!ownPanel(a)) buttons.push(a);
  }
  const placing = actions.some((a) => a.hint && a.hint.hexes);
  const hinted = new Set([].concat(...actions.map((a) => (a.hint && a.hint.hexes) || [])));
  const reachHexes = reach ? Object.keys(reach.stops || {}).concat(reach.over || []) : [];
  for (const h of Object.keys(onHex).concat([...hinted], reachHexes)) {
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
  const whole = [Math.min(...xs) - m2, Math.min(...ys) - m2, Math.max(...xs) - Math.min(...xs) + 2 * m2,
    Math.max(...ys) - Math.min(...ys) + 2 * m2];
  // The map opens on the whole dug area, unless that would shrink its labels below legibility
  // (more than LEGIBLE map units a pixel): then on the part of it around the squads of the player
  // deciding (else its middle), at that scale. "whole map" shows it all; "reset" comes back here.
  // Edit mode opens on the whole cave, where any hex may be picked.
  const mapHeight = map.full ? FULL_MAP_HEIGHT : MAP_HEIGHT;
  const pixels = [Math.max(container.clientWidth || 0, 240), mapHeight];
  let home = whole;
  if (!ui.editing && Math.max(whole[2] / pixels[0], whole[3] / pixels[1]) > LEGIBLE) { // editing: the whole cave
    const seat = typeof view.to_move === "number" ? view.to_move : pos.turn;
    const spots = pos.squads.filter((q) => q.owner === seat).map((q) => parseHex(q.at)).filter(Boolean).map((c) => centre(...c));
    const mid = (i) => (spots.length ? spots.reduce((t, p) => t + p[i], 0) / spots.length : whole[i] + whole[i + 2] / 2);
    const w = pixels[0] * LEGIBLE, h = pixels[1] * LEGIBLE;
    const inside = (i, size) => Math.min(Math.max(mid(i) - size / 2, whole[i]), whole[i] + whole[i + 2] - size);
    home = [w < whole[2] ? inside(0, w) : whole[0] + (whole[2] - w) / 2, h < whole[3] ? inside(1, h) : whole[1] + (whole[3] - h) / 2, w, h];
  }
  const views = cameras.get(key) || {}, mode = ui.editing ? "edit" : "play";
  let cam = views[mode] || home.slice();
  const seen = (h) => { const [x, y] = centre(...cells.get(h)); return x > cam[0] && x < cam[0] + cam[2] && y > cam[1] && y < cam[1] + cam[3]; };
  if (!Object.keys(onHex).every(seen)) { // this decision's hexes would be off screen: frame them
    const pts = Object.keys(onHex).concat([...hinted]).map((h) => centre(...cells.get(h)));
    const x0 = Math.min(...pts.map((p) => p[0])), x1 = Math.max(...pts.map((p) => p[0]));
    const y0 = Math.min(...pts.map((p) => p[1])), y1 = Math.max(...pts.map((p) => p[1]));
    const w = Math.max(x1 - x0 + 4 * S, S * 16, ((y1 - y0 + 4 * S) * home[2]) / home[3]), h = (w * home[3]) / home[2];
    cam = [(x0 + x1 - w) / 2, (y0 + y1 - h) / 2, w, h];
  }
  const root = svg("svg", { role: "group", tabindex: 0, width: "100%", height: mapHeight, preserveAspectRatio: "xMidYMid meet",
    "aria-label": "Cave Evil map: drag or use arrow keys to pan, wheel or + and - to zoom",
    style: "display:block;background:#1f1c19;border-radius:6px;touch-action:none;font-family:system-ui,sans-serif;cursor:grab" });
  const setCam = (c) => { cam = c; cameras.set(key, { ...views, [mode]: c }); root.setAttribute("viewBox", c.map((v) => v.toFixed(1)).join(" ")); };
  const zoom = (f, fx = 0.5, fy = 0.5) => {
    const w = Math.min(Math.max(cam[2] * f, S * 6), S * 120), h = (cam[3] * w) / cam[2];
    setCam([cam[0] + (cam[2] - w) * fx, cam[1] + (cam[3] - h) * fy, w, h]);
  };
  const pan = (dx, dy) => setCam([cam[0] + dx * cam[2], cam[1] + dy * cam[3], cam[2], cam[3]]);
  setCam(cam);
  root.append(patterns(svg, id));

  const ground = svg("g", {}), marks = svg("g", { "pointer-events": "none" }), ghost = svg("g", { "pointer-events": "none" });
  const reachLayer = svg("g", { class: "ce-reach", "pointer-events": "none" });
  const sightLayer = svg("g", { class: "ce-sight-layer", "pointer-events": "none" });
  const lineLayer = svg("g", { class: "ce-line", "pointer-events": "none" });
  const targets = svg("g", {}), costs = svg("g", { "pointer-events": "none" });
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
    if (code && crystal[h] === undefined) cell.append(svg("text", { x, y: y + S * 0.62, "text-anchor": "middle", "font-size": 10, "font-weight": 600, fill: "#000b" }, code));
    cell.addEventListener("click", () => explain(h));
    ground.append(cell);
    if (pits.has(h)) marks.append(svg("circle", { cx: x, cy: y, r: S * 0.55, fill: "#000", stroke: "#c0392b", "stroke-width": 2.5 }),
      svg("circle", { cx: x, cy: y, r: S * 0.25, fill: "none", stroke: "#fff", "stroke-width": 1 }));
    if (crystal[h] !== undefined) marks.append(svg("path", { d: `M${x},${y + 6}L${x + 7.5},${y + 12.5}L${x},${y + 19}L${x - 7.5},${y + 12.5}Z`,
      fill: TEAM[crystal[h]] || "#fff", stroke: "#fff", "stroke-width": 1.5 }),
      svg("text", { x, y: y + 16, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#fff" }, "C"));
  }
  // where the pending move or break may go: a shade and the cost where it may stop, a hatch where it only passes
  if (reach) {
    for (const h of reach.over || []) {
      const c = parseHex(h); if (!c) continue;
      const [x, y] = centre(...c);
      reachLayer.append(svg("polygon", { class: "ce-reach-over", "data-hex": h, points: corners(x, y, S - 1),
        fill: `url(#${id}-pass)`, stroke: "#ffffff99", "stroke-width": 1, "stroke-dasharray": "2 2" }));
    }
    for (const [h, cost] of Object.entries(reach.stops || {})) {
      const c = parseHex(h); if (!c) continue;
      const [x, y] = centre(...c);
      reachLayer.append(svg("polygon", { class: "ce-reach-stop", "data-hex": h, "data-cost": cost, points: corners(x, y, S - 1),
        fill: "#56B4E9", "fill-opacity": 0.45, stroke: "#56B4E9", "stroke-width": 1.5 }));
      costs.append(svg("text", { x: x - 13, y: y + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700,
        fill: "#000", stroke: "#fff", "stroke-width": 2, "paint-order": "stroke" }, String(cost)));
    }
  }
  // loot on hexes: resources (m, g, s) and a wandering marker's count of items and spells (◆)
  for (const [h, spot] of Object.entries(pos.loot || {})) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c), label = lootText(spot), w = 6 + label.length * 6;
    marks.append(svg("g", { class: "ce-loot", "data-hex": h },
      svg("title", {}, `on ${h}: ` + Object.keys(LOOT_SHORT).filter((r) => spot[r]).map((r) => `${spot[r]} ${r}`)
        .concat(spot.items || []).join(", ")),
      svg("rect", { x: x - w / 2, y: y + S - 17, width: w, height: 12, rx: 2, fill: "#3b1d12", stroke: "#fff", "stroke-width": 0.8 }),
      svg("text", { x, y: y + S - 7.8, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }, label)));
  }
  // digs in progress
  for (const [h, list] of Object.entries(digsAt)) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c);
    list.forEach((d, i) => {
      const card = d.card === "?" || d.stage === "digging" ? "?" : (map.names[d.card] || d.card || "");
      const label = `dig ${d.rocks} ${card}`.trim();
      const w = 7 + label.length * 6.2;
      marks.append(svg("rect", { x: x - w / 2, y: y - S - 6 - i * 14, width: w, height: 13, rx: 3,
        fill: d.mode === "collapse" ? "#4a443d" : "#fff", stroke: HOT, "stroke-width": 1.5 }),
        svg("text", { x, y: y - S + 4 - i * 14, "text-anchor": "middle", "font-size": 10, "font-weight": 700,
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
      ...list.map((a) => el("button", { type: "button", class: "ce-choice", "data-a": a.a, title: a.a, onclick: () => ui.act(a.a),
        onmouseenter: () => { drawGhost(a); ui.preview(a.a); }, onmouseleave: () => { drawGhost(null); ui.clearPreview(); },
        onfocus: () => { drawGhost(a); ui.preview(a.a); }, onblur: () => { drawGhost(null); ui.clearPreview(); } }, actionLabel(a.a, cardNames))));
    const first = menu.querySelector("button");
    if (first) first.focus();
  };
  // a squad's token (drawn the same in both modes)
  const token = (s, cx, cy) => {
    const boss = s.creatures.some((k) => k.necromancer);
    const g = svg("g", { "data-squad": s.id, "data-at": s.at });
    if (boss) g.append(svg("circle", { cx, cy, r: 13, fill: "#f5c518", stroke: "#000", "stroke-width": 1 }));
    g.append(svg("g", { class: "ce-picked", display: b.pick.squad === s.id ? null : "none" },
      svg("circle", { cx, cy, r: 17.5, fill: "none", stroke: "#fff", "stroke-width": 4 }),
      svg("circle", { cx, cy, r: 17.5, fill: "none", stroke: "#000", "stroke-width": 1.5, "stroke-dasharray": "2 2" })));
    g.append(svg("circle", { cx, cy, r: 10.5, fill: TEAM[s.owner] || "#777", stroke: "#000", "stroke-width": 1.2 }),
      svg("text", { x: cx, y: cy + 3.6, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff",
        textLength: squadName(s).length > 3 ? 19 : null, lengthAdjust: "spacingAndGlyphs" }, squadName(s)));
    return [g, boss];
  };
  const squadSpots = []; // [squad, cx, cy]
  for (const [h, list] of Object.entries(squadsAt)) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c);
    list.forEach((s, i) => squadSpots.push([s, x + (list.length > 1 ? (i - (list.length - 1) / 2) * 15 : 0), y - 4]));
  }
  const describeSquad = (s, boss) => `${whose(s).replace(/^./, (c) => c.toUpperCase())} squad ${s.card}` +
    `${boss ? " (Necromancer)" : ""}: ${s.creatures.map((k) => k.id).join(", ")}`;

  if (!los.on) {
    for (const [h, list] of Object.entries(onHex)) {
      const c = parseHex(h); if (!c) continue;
      const [x, y] = centre(...c);
      const node = svg("g", { "data-hex": h, class: "ce-target" },
        svg("polygon", { points: corners(x, y, S - 2), fill: "#ffffff22", stroke: "#fff", "stroke-width": 3.5 }),
        svg("polygon", { points: corners(x, y, S - 2), fill: "none", stroke: ACCENT, "stroke-width": 2.5, "stroke-dasharray": "5 3" }),
        svg("circle", { cx: x, cy: y + (squadsAt[h] ? 12 : 0), r: 3.5, fill: ACCENT, stroke: "#fff", "stroke-width": 1.2 }));
      const isMove = list.every((a) => a.hint.to), isFight = list.every((a) => /^(fight|shoot|hire|subdue) /.test(a.a));
      target(node, list, `${isFight ? "fight or deal with the squad at" : isMove ? "to" : "place at"} ${h}`,
        () => choose(list[0].hint.hexes ? `Place at ${h} (${list.length} rotations):` :
          isFight ? `${nameOf(list[0].hint.target)}:` : `To ${h}:`, list));
      targets.append(node);
    }
    for (const [s, cx, cy] of squadSpots) {
      const [node, boss] = token(s, cx, cy);
      const acts = onSquad[s.id];
      if (acts) {
        node.append(svg("circle", { cx, cy, r: 14.5, fill: "none", stroke: "#7cc4ff", "stroke-width": 2, "stroke-dasharray": "4 2" }));
        target(node, acts, `${whose(s)} squad ${s.card}`, () => { pickSquad(b, s.id); choose(`Squad ${s.card}:`, acts); });
      } else if ((onHex[s.at] || []).length && onHex[s.at].every((a) => /^(fight|shoot|hire|subdue) /.test(a.a))) {
        // a squad that can be attacked, shot, hired or subdued: its token offers what its hex offers
        const list = onHex[s.at];
        target(node, list, `${describeSquad(s, boss)}; fight or deal with it`,
          () => { pickSquad(b, s.id); choose(`${nameOf(list[0].hint.target)}:`, list); });
      } else {
        node.append(svg("title", {}, describeSquad(s, boss)));
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", `${describeSquad(s, boss)}; Enter shows its cards`);
        node.style.cursor = "pointer";
        node.addEventListener("click", (e) => { e.stopPropagation(); if (!dragged) pickSquad(b, s.id); });
        node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickSquad(b, s.id); } });
      }
      targets.append(node);
    }
  } else {
    // ---- line-of-sight mode: a look-only pad over every hex; nothing here plays an action
    const pad = svg("g", { class: "ce-los-pad" }), tokens = svg("g", { "pointer-events": "none" });
    for (const [s, cx, cy] of squadSpots) tokens.append(token(s, cx, cy)[0]);
    const shooterSees = () => new Set(los.shooter ? sight[los.shooter].see || [] : []);
    // One invisible cell a hex, made once (replacing cells under a resting mouse would fire
    // stray mouseenters). Keyboard: the squads' hexes, then the hexes the shooter sees.
    const padCell = (h) => {
      const [x, y] = centre(...cells.get(h));
      const here = squadsAt[h] || [];
      const node = svg("polygon", { class: "ce-los-hex", "data-hex": h, points: corners(x, y), fill: "transparent",
        stroke: "none", style: "cursor:crosshair" });
      if (here.length) {
        node.setAttribute("data-squads", here.map((s) => s.id).join(","));
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", `${here.map((s) => `squad ${squadName(s)}`).join(" and ")} at ${h}: ` +
          "Enter picks it as the shooter");
      }
      const pick = () => {
        const able = here.filter((s) => sight[s.id]);
        if (!able.length) { aimAt(h); return; }
        const i = able.findIndex((s) => s.id === los.shooter);
        setShooter(able[(i + 1) % able.length].id); // several squads on one hex: each click takes the next
      };
      node.addEventListener("click", (e) => { e.stopPropagation(); if (!dragged) pick(); });
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
      node.addEventListener("mouseenter", () => aimAt(h)); node.addEventListener("focus", () => aimAt(h));
      return node;
    };
    const hexes = [...cells.keys()];
    pad.append(...hexes.filter((h) => squadsAt[h]).map(padCell), ...hexes.filter((h) => !squadsAt[h]).map(padCell));
    const drawPad = () => { // the hexes the shooter sees join the tab order
      const sees = shooterSees();
      for (const node of pad.querySelectorAll(".ce-los-hex:not([data-squads])")) {
        const h = node.getAttribute("data-hex");
        if (sees.has(h)) {
          node.setAttribute("tabindex", "0"); node.setAttribute("role", "button");
          node.setAttribute("aria-label", `${h}, seen from the shooter`);
        } else ["tabindex", "role", "aria-label"].forEach((k) => node.removeAttribute(k));
      }
    };
    const drawSight = () => {
      sightLayer.replaceChildren();
      if (!los.shooter) return;
      for (const h of sight[los.shooter].see || []) {
        const c = parseHex(h); if (!c) continue;
        const [x, y] = centre(...c);
        sightLayer.append(svg("polygon", { class: "ce-sight", "data-hex": h, points: corners(x, y, S - 1),
          fill: `url(#${id}-seen)`, stroke: "#ffe066", "stroke-width": 1.5 }));
      }
      const s = squadById[los.shooter], [x, y] = centre(...parseHex(s.at));
      sightLayer.append(svg("circle", { class: "ce-shooter", cx: x, cy: y - 4, r: 15, fill: "none", stroke: "#fff",
        "stroke-width": 3 }), svg("circle", { cx: x, cy: y - 4, r: 15, fill: "none", stroke: HOT, "stroke-width": 2, "stroke-dasharray": "3 2" }));
    };
    function setShooter(sid) {
      los = { on: true, shooter: sid };
      sightModes.set(key, los);
      drawSight(); drawPad(); lineLayer.replaceChildren();
      note.textContent = shooterNote();
    }
    function shooterNote() {
      const n = (sight[los.shooter].see || []).length, s = squadById[los.shooter];
      return `Shooter: ${nameOf(los.shooter)} at ${s.at} (${whose(s)} squad ${s.card}); it sees ${n} ` +
        `hex${n === 1 ? "" : "es"}. Point at a hex or a squad to draw the line; Esc leaves.`;
    }
    function aimAt(h) {
      lineLayer.replaceChildren();
      if (!los.shooter) {
        note.textContent = squadsAt[h] ? `${h}: click a squad (or Enter on it) to make it the shooter.` :
          `${h}: pick a shooter first (click a squad).`;
        return;
      }
      const from = squadById[los.shooter], me = nameOf(los.shooter), info = sight[los.shooter];
      if (h === from.at) { note.textContent = shooterNote(); return; }
      const [x0, y0] = centre(...parseHex(from.at)), [x1, y1] = centre(...cells.get(h));
      const aims = (squadsAt[h] || []).filter((s) => s.id !== los.shooter && info.aim && s.id in info.aim);
      const sees = new Set(info.see || []).has(h);
      let text, clear;
      if (aims.length) {
        const parts = aims.map((s) => {
          const hit = info.aim[s.id];
          if (hit === s.id) return `${me} has a clear shot at ${squadName(s)} (${h})`;
          if (hit === null || hit === undefined) // the sight list ignores squads: seen means a friend is in the way
            return `aimed at ${squadName(s)}: ${sees ? "a friendly squad blocks the line" : "rock blocks the line"}`;
          return `aimed at ${squadName(s)}, the shot hits ${nameOf(hit)} in the way`;
        });
        clear = aims.every((s) => info.aim[s.id] === s.id);
        text = parts.join("; ");
        for (const s of aims) {
          const hit = info.aim[s.id];
          if (hit && hit !== s.id && squadById[hit]) {
            const [hx, hy] = centre(...parseHex(squadById[hit].at));
            lineLayer.append(svg("circle", { class: "ce-hit", cx: hx, cy: hy - 4, r: 12, fill: "none", stroke: "#D55E00", "stroke-width": 3 }));
          }
        }
      } else if (sees) {
        clear = true; text = `${me} sees ${h}`;
      } else {
        clear = false;
        const info2 = map.hexes[h];
        text = info2 && info2.s === "open" ? "rock blocks the line" : `${h} is rock: nothing in it can be seen`;
      }
      lineLayer.append(svg("line", { x1: x0, y1: y0, x2: x1, y2: y1, stroke: "#000", "stroke-width": 4.5, "stroke-linecap": "round" }),
        svg("line", { class: clear ? "ce-line-clear" : "ce-line-blocked", x1: x0, y1: y0, x2: x1, y2: y1,
          stroke: clear ? "#fff" : "#ffb199", "stroke-width": 2.2, "stroke-dasharray": clear ? null : "5 4", "stroke-linecap": "round" }));
      lineLayer.append(clear ? svg("circle", { cx: x1, cy: y1, r: 4, fill: "#fff", stroke: "#000" })
        : svg("path", { d: `M${x1 - 5},${y1 - 5}L${x1 + 5},${y1 + 5}M${x1 + 5},${y1 - 5}L${x1 - 5},${y1 + 5}`, stroke: "#ffb199", "stroke-width": 3 }));
      note.textContent = `${text}.`;
    }
    drawPad(); drawSight();
    targets.append(tokens, pad);
    note.textContent = los.shooter ? shooterNote() :
      "Line of sight: click a squad (or Tab to it and press Enter) to make it the shooter. Esc leaves.";
  }
  root.append(ground, reachLayer, sightLayer, marks, fightLines(svg, map.fight, pos, map), targets, costs, lineLayer, ghost);
  // Edit mode: a pad over every hex of open or collapsed ground, on top of the tokens. A squad's
  // hex selects the squad (necro/cave_evil/editor.py ties its controls to it); a hex the waiting
  // control offers (editing.targets, outlined) is where it puts the squad or creature. Tab
  // reaches the squads' hexes, and those targets while a control waits.
  const editing = ui.editing;
  if (editing) {
    const pad = svg("g", { class: "ce-edit-layer" }), goes = new Set(editing.targets || []);
    for (const [h, info] of Object.entries(map.hexes)) {
      const c = parseHex(h); if (!c || shell[h] !== undefined) continue;
      const [x, y] = centre(...c), here = squadsAt[h] || [], chosen = editing.selected === h, to = goes.has(h);
      const what = here.length ? here.map((s) => describeSquad(s, s.creatures.some((k) => k.necromancer))).join("; ")
        : `${info.s === "collapsed" ? "collapsed" : "open"} ground`;
      pad.append(svg("polygon", { points: corners(x, y, S - 1.5), "data-edit": h, "data-target": to ? "1" : null,
        fill: chosen ? "#ffffff40" : "transparent", stroke: chosen ? "#fff" : to ? "#f5c518" : here.length ? "#7cc4ff" : "none",
        "stroke-width": chosen ? 4 : 2, "stroke-dasharray": chosen ? null : "4 2", style: "cursor:pointer",
        ...(here.length || to ? { tabindex: 0, role: "button", "aria-label": `hex ${h}, ${what}: ${to ? "put it here" : "edit"}` } : {}) }));
    }
    root.append(pad);
    note.textContent = editing.pending ? "Click the hex it goes to." : "Click a squad's hex to edit that squad.";
  }
  const handLayer = svg("g", { class: "ce-hand-layer", "pointer-events": "none" }); // the picked hand card's invoke spots
  if (map.full) root.append(handLayer);

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
      ghost.append(svg("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 10, "font-weight": 700 },
        (map.names[hint.tile] || hint.tile).slice(0, 10)));
    }
  }
  function explain(h) {
    if (dragged || los.on) return;
    const info = map.hexes[h];
    const what = info ? `${info.s}, ${map.names[info.t] || info.t}${throne[h] ? ` T${throne[h]}` : ""}` :
      shell[h] !== undefined ? `undug, shell of player ${shell[h] + 1}'s Lair` : "undug rock";
    const extra = [pits.has(h) ? "spawn pit" : "", crystal[h] !== undefined ? `player ${crystal[h] + 1}'s Chthonic Crystal` : "",
      ...(squadsAt[h] || []).map((s) => `${whose(s)} squad ${s.card}`)].filter(Boolean);
    if (reach && reach.stops && h in reach.stops) extra.push(`reachable for ${reach.stops[h]} movement point${reach.stops[h] === 1 ? "" : "s"}`);
    else if (reach && (reach.over || []).includes(h)) extra.push("may be passed over, not stopped on");
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
  const anySight = Object.keys(sight).length > 0;
  const setLos = (on) => { sightModes.set(key, { on, shooter: on ? los.shooter : null }); paint(".ce-los-toggle"); };
  const losBtn = el("button", { type: "button", class: "ce-los-toggle", "aria-pressed": los.on ? "true" : "false",
    disabled: !anySight && !los.on,
    title: anySight ? "Line of sight: pick a squad, then point at hexes (looks only, plays nothing; Esc leaves)" :
      "no squad stands on open ground yet",
    style: los.on ? "border:2px solid #E69F00;font-weight:700" : null, onclick: () => setLos(!los.on) }, "Line of sight");
  const camBar = el("div", { class: "ce-cam", role: "group", "aria-label": "map view" },
    btn("+", "zoom in", () => zoom(1 / 1.25)), btn("−", "zoom out", () => zoom(1.25)),
    btn("←", "pan west", () => pan(-0.15, 0)), btn("↑", "pan north", () => pan(0, -0.15)),
    btn("↓", "pan south", () => pan(0, 0.15)), btn("→", "pan east", () => pan(0.15, 0)),
    btn("reset", "reset the map view", () => setCam(home.slice())),
    home === whole ? null : btn("whole map", "show the whole map", () => setCam(whole.slice())), losBtn);

  // ---- text around the map
  const who = typeof view.to_move === "number" ? `player ${view.to_move + 1} decides` : view.to_move === "chance" ? "chance" : "";
  const pend = pos.pending, pendCard = pend ? String(pend.squad || "").split(":").pop() : "";
  const pendText = !pend ? "" : pend.kind === "move" ? ` (moving squad ${pendCard})` :
    pend.kind === "break" ? ` (breaking ${(pend.creatures || []).join(", ")} away from squad ${pendCard})` : ` (${pend.kind} squad ${pendCard})`;
  // (the full game's banner says the same, unless a move is pending or a player is out)
  const head = map.full && !pendText && !(pos.out && pos.out.length) ? null : el("div", { style: "margin:2px 0 4px;font-size:13px" },
    pos.phase === "over" ? "The game is over." :
      `${pos.phase === "setup" ? "Set-up" : `Cycle ${pos.cycle}, player ${(pos.turn ?? 0) + 1}'s turn`}${who ? `; ${who}` : ""}` + pendText +
      (pos.out && pos.out.length ? `. Out: ${pos.out.map((p) => `player ${p + 1}`).join(", ")}` : ""));
  const digs = pos.digs.map((d) => el("li", {}, `Player ${+d.squad.split(":")[0] + 1}'s squad ${d.squad.split(":").pop()}: ${d.mode === "excavate" ? "excavation" : "collapse"} from ${d.at}, ` +
    `${d.rocks} rock${d.rocks === 1 ? "" : "s"} left, card ${d.card === "?" || d.stage === "digging" ? "face down (?)" : map.names[d.card] || d.card}, ${d.stage}`));
  const fightPanel = map.fight ? combatPanel(ui, map.fight, actions, nameOf,
    Object.keys(cards).length ? (c) => pickCreature(b, c.id, c.card || `blank-${c.size}`) : null) : "";
  const inPanel = (a) => map.fight && /^(first|second) [a-z]+$/.test(a.a);
  const bar = el("div", { class: "ce-buttons", role: "group", "aria-label": "decisions that name no hex" },
    ...buttons.filter((a) => !inPanel(a)).map((a) => el("button", { type: "button", "data-a": a.a, onclick: () => ui.act(a.a),
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
    swatch("#fff", null, "dig N ?: a dig, N rocks left, its card (? face down)", null),
    reach ? swatch("#9fd3f2", null, "may stop here (number: movement points)",
      svg("text", { x: -4, y: 3, "font-size": 8, "font-weight": 700 }, "2")) : null,
    reach ? swatch("#6b6358", `url(#${id}-pass)`, "may pass over, not stop") : null,
    los.on ? swatch("#a89f8f", `url(#${id}-seen)`, "seen by the shooter") : null);
  const strip = control.length ? controlStrip(b) : "";
  const cardView = el("div", { class: "ce-cardview", role: "region", "aria-label": "creature cards", "aria-live": "polite" });
  // the full game (full.js): a phase banner over the map, then the card being looked at, the decks,
  // the hand, the Awaken Track, the events and the players' purses (all from map.full)
  Object.assign(b, { root, cardView, handLayer });
  if (full) fullPicks(b);
  const banner = full ? phaseBanner(b) : "";
  const fullPanel = full ? fullSection(b) : "";
  const wrap = el("div", { class: "ce-board", "data-los": los.on ? "on" : "off", "data-full": full ? full.part : null },
    el("style", {}, CARD_CSS), full ? el("style", {}, FULL_CSS) : null,
    head, banner, root, camBar, note, menu, bar, fullPanel, strip, cardView, fightPanel,
    digs.length ? el("ul", { style: "font-size:13px;margin:4px 0" }, digs) : "", legend);
  wrap.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && los.on) { e.preventDefault(); setLos(false); }
  });
  b.wrap = wrap;
  container.append(wrap);
  showPicks(b);
  if (full) showHand(b);

  return {
    highlight(notation) {
      drawGhost(notation ? actions.find((a) => a.a === notation) || null : null);
    },
  };
}

// ---- who fights whom, drawn on the map (map.fight): a line from every attacking squad to every
// defender (a squad, or a Chthonic Crystal "1:crystal"), solid red for a melee fight, dashed with an
// arrowhead for a shot along its line of sight. Display only: the engine named the squads.
function fightLines(svg, fight, pos, map) {
  const layer = svg("g", { class: "ce-fight-lines", "pointer-events": "none" });
  if (!fight || fight.finished) return layer;
  const where = {};
  for (const s of pos.squads || []) where[s.id] = s.at;
  for (const l of map.lairs || []) if (l.owner !== null && l.owner !== undefined) where[`${l.owner}:crystal`] = l.crystal;
  const shot = fight.kind === "shoot";
  for (const a of fight.attackers || []) {
    for (const d of fight.defenders || []) {
      const from = parseHex(where[a]), to = parseHex(where[d]);
      if (!from || !to) continue;
      const [x0, y0] = centre(...from), [x1, y1] = centre(...to);
      const len = Math.hypot(x1 - x0, y1 - y0) || 1, ux = (x1 - x0) / len, uy = (y1 - y0) / len;
      const ex = x1 - ux * 9, ey = y1 - uy * 9; // stop short of the target's token
      layer.append(svg("line", { x1: x0, y1: y0, x2: ex, y2: ey, stroke: "#000", "stroke-width": 5, "stroke-linecap": "round" }),
        svg("line", { class: shot ? "ce-fight-shot" : "ce-fight-melee", "data-from": a, "data-to": d,
          x1: x0, y1: y0, x2: ex, y2: ey, stroke: "#ff5a36", "stroke-width": 2.6,
          "stroke-dasharray": shot ? "7 4" : null, "stroke-linecap": "round" }),
        svg("path", { d: `M${ex},${ey}L${ex - ux * 8 - uy * 5},${ey - uy * 8 + ux * 5}L${ex - ux * 8 + uy * 5},${ey - uy * 8 - ux * 5}Z`,
          fill: "#ff5a36", stroke: "#000", "stroke-width": 0.8 }));
    }
  }
  return layer;
}

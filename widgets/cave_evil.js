// Cave Evil board (widgets/cave_evil.js).
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
// Combat (map.fight, while a fight is under way or just over this turn): a panel under the map
// shows both sides (squads, creatures by card name with their six attributes, items used), the
// ring of attributes as a hexagon with the rounds' attributes numbered on it, each round fought
// (both totals broken down creature by creature and modifier by modifier, the dice thrown, ties
// included, the winner), the round under way, and the attacker's exact odds for every opening
// (map.fight.odds: round chance, fight chance, best marked). While an attribute is to be chosen
// the ring's and the odds table's attributes are buttons playing "first X" / "second X". Fights
// themselves ("fight II,III 1:IV"), shots ("shoot II 1:IV"), hiring and subduing are offered on
// the target's hex (hint.to), labelled "attack 1:IV with II, III", "shoot at ...", "hire ...".
// While a fight is on, a line runs from every attacker to every defender: solid for melee,
// dashed for a shot (fightLines).
//
// Control cards and creature cards (map.control and map.cards, necro/cave_evil/board.py): under
// the map, a strip per player of its six control cards N, I..V (then the Wandering Monsters'
// squads); an empty card is dashed and reads "empty"; a squad's card lists its creatures with a
// size icon (shape and letter: square L, circle M, triangle S, diamond t; a crown for the
// Necromancer), "■ full" at the squad size limit, else the sizes that may still join ("room:
// small"). Clicking a control card (or Tab to it, Enter/Space) picks its squad: the card is
// ringed and reads "▲ shown", the squad's token on the map gets a white ring with black dashes,
// and the creature card view shows the squad's first creature (buttons switch between its
// creatures). Picking a squad's token on the map (those with actions also open their menu) picks
// its control card the same way, and the combat panel's creature names show their cards (the
// dead's too). A creature card: name, kind, deck, species; size, speed, pick-axe, items (how many,
// whether it uses them), spellcaster ✶; the attribute hexagon (the six attributes round a
// hexagon in ring order, strength at the top, clockwise, so each side joins two ring neighbours:
// the second and third rounds' choices); abilities, notes, cost and the items it holds. Numbers
// made up by this book are marked "*" (and drawn in dashed circles on the hexagon), inferred ones
// "°", the designers' answers "†"; a legend under the card says so. The pick survives redraws
// while its creature or squad is still there. Picking plays nothing.
//
// The full game (map.full, necro/cave_evil/board.py full_view; absent in the map-and-combat game,
// which looks exactly as without it): a phase banner over the map (the four phases, the current one
// marked "▶" with a solid border and aria-current, the line "what may be done now", and "End turn"
// when "end" is legal); under the map, while a conjured card is looked at, its face with "Keep ..."
// and "Trade for ..." buttons; the four decks (face down: a letter and the count; a button playing
// "conjure <deck>" or "meditate <deck>" when legal) with their discard piles (the top card; a
// button playing "take <deck> <card>" when legal, else showing the card); the hand shown (the
// viewer's, or in hot-seat the deciding player's; the others are counts by deck in the players'
// table): one button a card, marked "▶ can be invoked" when an invoke action names it. Picking a
// hand card shows its face and its invoke actions as buttons, and rings their hexes on the map
// (dashed orange on black, .ce-invoke-spot); invoking into a squad is also offered in that squad
// token's menu, and invoking as a new squad on the hex it names (hint.to). The Awaken Track is a ring of its spaces, clockwise from
// the top, with the Blood Eye (a red eye), the Reveal icon (a diamond "R") and the Awaken icon (a
// triangle "A") for the living Necromancers, spelt out beside it, with the Awakening Evil (face
// down, or its name and what it does). Then the events set aside for Phase 4 with their steps, the
// steps being resolved (the head marked "▶", each with its rule), and a table of the players' hands,
// squad N's purse and kill points. Queued choices that name a hex (spot, count, wander, lay, invoke
// ... new) are map targets like moves. Each of these buttons is named by its visible text.
//
// No rules here: everything comes from the engine's actions, hints and `map`.

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
  m = /^(fight|shoot|hire|subdue) ([IVN,]+) (\S+)( by shot)?$/.exec(a);
  if (m) return `${{ fight: "attack", shoot: "shoot at", hire: "hire", subdue: "subdue" }[m[1]]} ${m[3]}` +
    `${m[4] ? " by a shot" : ""} with ${m[2].split(",").join(", ")}`;
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

  // ---- control cards and creature cards: what is picked (survives redraws while it exists)
  const control = map.control || [], cards = map.cards || {};
  const slotOf = {}, memberOf = {}; // squad id -> its control card entry; creature id -> { squad, card, items }
  for (const p of control) for (const c of p.cards) if (c.squad) {
    slotOf[c.squad] = c;
    for (const k of c.creatures) memberOf[k.id] = { squad: c.squad, card: k.card, items: k.items };
  }
  const membersOf = (sid) => (slotOf[sid] ? slotOf[sid].creatures :
    (squadById[sid] ? squadById[sid].creatures.map((k) => ({ id: k.id, card: k.card || null, size: k.size, items: k.items || [] })) : []));
  const NOPICK = { squad: null, creature: null, card: null };
  let pick = picks.get(key) || NOPICK;
  if (pick.creature && memberOf[pick.creature]) pick = { ...pick, squad: memberOf[pick.creature].squad }; // merged or broke away
  else if (pick.squad && !squadById[pick.squad]) pick = { ...pick, squad: null };
  if (pick.card && !cards[pick.card]) pick = NOPICK;
  picks.set(key, pick);

  // ---- actions: on a hex (destination or placement anchor), on a squad, or a button
  const onHex = {}, onSquad = {}, buttons = [];
  // the full game (map.full): its decks, hand, keep/trade and "end" have their own controls below
  const full = map.full || null;
  const faces = full ? { ...cards, ...(full.cards || {}) } : cards;
  const cardNames = {};
  for (const [k, f] of Object.entries(faces)) cardNames[k] = f.name;
  for (const c of full ? full.hand.cards : []) cardNames[c.card] = c.name;
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
    if (code && crystal[h] === undefined) cell.append(svg("text", { x, y: y + S * 0.62, "text-anchor": "middle", "font-size": 7, fill: "#000a" }, code));
    cell.addEventListener("click", () => explain(h));
    ground.append(cell);
    if (pits.has(h)) marks.append(svg("circle", { cx: x, cy: y, r: S * 0.55, fill: "#000", stroke: "#c0392b", "stroke-width": 2.5 }),
      svg("circle", { cx: x, cy: y, r: S * 0.25, fill: "none", stroke: "#fff", "stroke-width": 1 }));
    if (crystal[h] !== undefined) marks.append(svg("path", { d: `M${x},${y + 5}L${x + 6},${y + 11}L${x},${y + 17}L${x - 6},${y + 11}Z`,
      fill: TEAM[crystal[h]] || "#fff", stroke: "#fff", "stroke-width": 1.5 }),
      svg("text", { x, y: y + 13.5, "text-anchor": "middle", "font-size": 6.5, "font-weight": 700, fill: "#fff" }, "C"));
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
      costs.append(svg("text", { x: x - 14, y: y + 3, "text-anchor": "middle", "font-size": 7.5, "font-weight": 700,
        fill: "#000", stroke: "#fff", "stroke-width": 2, "paint-order": "stroke" }, String(cost)));
    }
  }
  // loot on hexes: resources (m, g, s) and a wandering marker's count of items and spells (◆)
  for (const [h, spot] of Object.entries(pos.loot || {})) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c), label = lootText(spot), w = 6 + label.length * 4.6;
    marks.append(svg("g", { class: "ce-loot", "data-hex": h },
      svg("title", {}, `on ${h}: ` + Object.keys(LOOT_SHORT).filter((r) => spot[r]).map((r) => `${spot[r]} ${r}`)
        .concat(spot.items || []).join(", ")),
      svg("rect", { x: x - w / 2, y: y + S - 15, width: w, height: 9, rx: 2, fill: "#3b1d12", stroke: "#fff", "stroke-width": 0.8 }),
      svg("text", { x, y: y + S - 8.3, "text-anchor": "middle", "font-size": 7, "font-weight": 700, fill: "#fff" }, label)));
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
    if (boss) g.append(svg("circle", { cx, cy, r: 11.5, fill: "#f5c518", stroke: "#000", "stroke-width": 1 }));
    g.append(svg("g", { class: "ce-picked", display: pick.squad === s.id ? null : "none" },
      svg("circle", { cx, cy, r: 16, fill: "none", stroke: "#fff", "stroke-width": 4 }),
      svg("circle", { cx, cy, r: 16, fill: "none", stroke: "#000", "stroke-width": 1.5, "stroke-dasharray": "2 2" })));
    g.append(svg("circle", { cx, cy, r: 8.5, fill: TEAM[s.owner] || "#777", stroke: "#000", "stroke-width": 1.2 }),
      svg("text", { x: cx, y: cy + 3.3, "text-anchor": "middle", "font-size": 8.5, "font-weight": 700, fill: "#fff" }, squadName(s)));
    return [g, boss];
  };
  const squadSpots = []; // [squad, cx, cy]
  for (const [h, list] of Object.entries(squadsAt)) {
    const c = parseHex(h); if (!c) continue;
    const [x, y] = centre(...c);
    list.forEach((s, i) => squadSpots.push([s, x + (list.length > 1 ? (i - (list.length - 1) / 2) * 13 : 0), y - 4]));
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
        node.append(svg("circle", { cx, cy, r: 13.5, fill: "none", stroke: "#7cc4ff", "stroke-width": 2, "stroke-dasharray": "4 2" }));
        target(node, acts, `${whose(s)} squad ${s.card}`, () => { pickSquad(s.id); choose(`Squad ${s.card}:`, acts); });
      } else if ((onHex[s.at] || []).length && onHex[s.at].every((a) => /^(fight|shoot|hire|subdue) /.test(a.a))) {
        // a squad that can be attacked, shot, hired or subdued: its token offers what its hex offers
        const list = onHex[s.at];
        target(node, list, `${describeSquad(s, boss)}; fight or deal with it`,
          () => { pickSquad(s.id); choose(`${nameOf(list[0].hint.target)}:`, list); });
      } else {
        node.append(svg("title", {}, describeSquad(s, boss)));
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", `${describeSquad(s, boss)}; Enter shows its cards`);
        node.style.cursor = "pointer";
        node.addEventListener("click", (e) => { e.stopPropagation(); if (!dragged) pickSquad(s.id); });
        node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickSquad(s.id); } });
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
      ghost.append(svg("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, "font-weight": 700 },
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
    btn("reset", "reset the map view", () => setCam(home.slice())), losBtn);

  // ---- text around the map
  const who = typeof view.to_move === "number" ? `player ${view.to_move + 1} decides` : view.to_move === "chance" ? "chance" : "";
  const pend = pos.pending, pendCard = pend ? String(pend.squad || "").split(":").pop() : "";
  const pendText = !pend ? "" : pend.kind === "move" ? ` (moving squad ${pendCard})` :
    pend.kind === "break" ? ` (breaking ${(pend.creatures || []).join(", ")} away from squad ${pendCard})` : ` (${pend.kind} squad ${pendCard})`;
  const head = el("div", { style: "margin:2px 0 4px;font-size:13px" },
    pos.phase === "over" ? "The game is over." :
      `${pos.phase === "setup" ? "Set-up" : `Cycle ${pos.cycle}, player ${(pos.turn ?? 0) + 1}'s turn`}${who ? `; ${who}` : ""}` + pendText +
      (pos.out && pos.out.length ? `. Out: ${pos.out.map((p) => `player ${p + 1}`).join(", ")}` : ""));
  const digs = pos.digs.map((d) => el("li", {}, `Player ${+d.squad.split(":")[0] + 1}'s squad ${d.squad.split(":").pop()}: ${d.mode === "excavate" ? "excavation" : "collapse"} from ${d.at}, ` +
    `${d.rocks} rock${d.rocks === 1 ? "" : "s"} left, card ${d.card === "?" || d.stage === "digging" ? "face down (?)" : map.names[d.card] || d.card}, ${d.stage}`));
  const fightPanel = map.fight ? combatPanel(ui, map.fight, actions, nameOf,
    Object.keys(cards).length ? (c) => pickCreature(c.id, c.card || `blank-${c.size}`) : null) : "";
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
  const strip = control.length ? controlStrip() : "";
  const cardView = el("div", { class: "ce-cardview", role: "region", "aria-label": "creature cards", "aria-live": "polite" });
  // the full game: a phase banner over the map, then the card being looked at, the decks, the hand,
  // the Awaken Track, the events and the players' purses (all from map.full)
  const legal = new Map(actions.map((a) => [a.a, a]));
  const handView = full ? el("div", { class: "ce-hand-view", role: "region", "aria-live": "polite",
    "aria-label": "the card picked in the hand, a discard pile or the Awakening Evil" }) : null;
  let handPick = full ? handPicks.get(key) || null : null;
  if (handPick && !(handPick.from === "hand" ? full.hand.cards.some((c) => c.card === handPick.card) :
    handPick.from === "discard" ? full.decks.some((d) => d.top === handPick.card) : full.evil.card === handPick.card)) handPick = null;
  if (full) handPicks.set(key, handPick);
  const banner = full ? phaseBanner() : "";
  const fullPanel = full ? fullSection() : "";
  const wrap = el("div", { class: "ce-board", "data-los": los.on ? "on" : "off", "data-full": full ? full.part : null },
    el("style", {}, CARD_CSS), full ? el("style", {}, FULL_CSS) : null,
    head, banner, root, camBar, note, menu, bar, fullPanel, strip, cardView, fightPanel,
    digs.length ? el("ul", { style: "font-size:13px;margin:4px 0" }, digs) : "", legend);
  wrap.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && los.on) { e.preventDefault(); setLos(false); }
  });
  container.append(wrap);
  showPicks();
  if (full) showHand();

  // ---- the full game (map.full, necro/cave_evil/board.py)
  // A button that plays `a`; its accessible name is its visible text.
  function actButton(a, text, cls) {
    return el("button", { type: "button", class: cls || "", "data-a": a, "aria-label": text, title: a,
      onclick: () => ui.act(a), onmouseenter: () => ui.preview(a), onmouseleave: () => ui.clearPreview(),
      onfocus: () => ui.preview(a), onblur: () => ui.clearPreview() }, text);
  }
  function phaseBanner() {
    const steps = [[1, "fights"], [2, "conjure"], [3, "actions"], [4, "events"]];
    const who = typeof full.turn === "number" && full.part !== "over" && full.part !== "setup" ?
      `, player ${full.turn + 1}'s turn, cycle ${full.cycle}` : "";
    return el("section", { class: "ce-phase", "data-part": full.part, "data-phase": full.phase ?? "", role: "region",
      "aria-label": "the part of the turn" },
    el("div", { class: "ce-phase-title" }, `${full.title}${who}`),
    el("ol", { class: "ce-phase-steps", "aria-label": "the four phases of a turn" },
      steps.map(([n, word]) => el("li", { class: "ce-phase-step", "data-phase": n, "aria-current": full.phase === n ? "step" : null },
        `${full.phase === n ? "▶ " : ""}${n} ${word}`))),
    el("div", { class: "ce-now", "data-rule": full.rule || "" }, full.now),
    legal.has("end") ? actButton("end", "End turn (on to Phase 4)", "ce-end") : null);
  }
  function fullSection() {
    return el("section", { class: "ce-full", "aria-label": "cards, decks, the Awaken Track and events" },
      full.looking ? lookingPanel() : null, deckRow(), handStrip(), handView,
      el("div", { class: "ce-full-row" }, trackPanel(), eventsPanel()), playersTable());
  }
  function faceCard(f) {
    return f.attributes ? creatureCard(ui, f, [], faces) : itemCard(ui, f);
  }
  // keep or trade the conjured card (the engine's "keep" / "trade metals 2")
  function lookingPanel() {
    const l = full.looking, f = l.card && faces[l.card];
    const label = (a) => {
      if (a === "keep") return `Keep ${l.name || "the card"}`;
      const [, r, n] = a.split(" ");
      return `Trade for ${n} ${r}`;
    };
    const choices = actions.filter((a) => a.a === "keep" || /^trade [a-z]+ \d+$/.test(a.a));
    return el("div", { class: "ce-looking", role: "region", "aria-label": "the card being looked at", "data-card": l.card || "?" },
      el("div", { style: "font-weight:700" }, `Player ${l.player + 1} looks at ${l.name || "a card (hidden from you)"}` +
        ` from the ${l.deck} deck`),
      choices.length ? el("div", { class: "ce-looking-choices", role: "group", "aria-label": "keep the card or trade it" },
        choices.map((a) => actButton(a.a, label(a.a), a.a === "keep" ? "ce-keep" : "ce-trade"))) : null,
      f ? faceCard(f) : null);
  }
  // the four Conjuration Decks (face down, a count) and their discard piles (face up, the top card)
  function deckRow() {
    return el("div", { class: "ce-decks", role: "group", "aria-label": "Conjuration Decks and discard piles" },
      full.decks.map(deckGroup),
      el("div", { class: "ce-monks" }, `Necromonk deck: ${full.necromonks} left`));
  }
  function deckGroup(d) {
    const [letter, what] = DECK_MARK[d.deck] || [d.deck[0].toUpperCase(), ""];
    const name = `${d.deck[0].toUpperCase()}${d.deck.slice(1)}`;
    const draw = legal.get(`conjure ${d.deck}`) || legal.get(`meditate ${d.deck}`);
    const take = d.top ? legal.get(`take ${d.deck} ${d.top}`) : null;
    const backText = `${name} deck, ${d.left} left` +
      (draw ? (draw.a.startsWith("meditate") ? ": meditate" : ": draw") : "");
    const glyph = (shape) => el("span", { class: "ce-pile-mark", "aria-hidden": "true" }, shape);
    const back = draw ? el("button", { type: "button", class: "ce-pile ce-deck", "data-deck": d.deck, "data-a": draw.a,
      "aria-label": backText, title: `${draw.a} (${what})`, onclick: () => ui.act(draw.a),
      onmouseenter: () => ui.preview(draw.a), onmouseleave: () => ui.clearPreview() }, glyph(letter), el("span", {}, backText)) :
      el("div", { class: "ce-pile ce-deck", "data-deck": d.deck, role: "img", "aria-label": backText, title: what },
        glyph(letter), el("span", {}, backText));
    let discard;
    if (!d.top) discard = el("div", { class: "ce-pile ce-discard ce-pile-empty", "data-deck": d.deck, role: "img",
      "aria-label": `${name} discard pile, empty` }, `${name} discard pile, empty`);
    else {
      const text = `${name} discard pile, ${d.discards}, top ${d.top_name}` + (take ? ": take it" : ": show the card");
      discard = el("button", { type: "button", class: "ce-pile ce-discard", "data-deck": d.deck, "data-card": d.top,
        "data-a": take ? take.a : null, "aria-label": text, title: take ? take.a : `show ${d.top_name}`,
        onclick: () => (take ? ui.act(take.a) : pickCard(d.top, "discard")),
        onmouseenter: () => take && ui.preview(take.a), onmouseleave: () => take && ui.clearPreview() },
      glyph("▭"), el("span", {}, text));
    }
    return el("div", { class: "ce-deck-group", role: "group", "aria-label": `${name} deck (${what})` },
      el("div", { class: "ce-deck-name" }, `${letter} ${name} (${what})`), back, discard);
  }
  // the hand shown (the viewer's; in hot-seat the deciding player's): a button per card
  function handStrip() {
    const h = full.hand;
    const title = h.seen_as === "turn" ? `Player ${h.player + 1}'s hand (the player deciding now; ` +
      "other hands are shown as counts)" : h.player === null || h.player === undefined ?
      "No hand shown: the table sees every hand face down" : `Your hand (player ${h.player + 1})`;
    const invocable = new Set(actions.filter((a) => a.a.startsWith("invoke ")).map((a) => a.a.split(" ")[1]));
    const buttons = h.cards.map((c, i) => {
      const can = invocable.has(c.card);
      const kind = c.kind || "card";
      const lines = [c.name, `${kind}, ${c.deck} deck`, `cost ${costText(c.cost)}`].concat(can ? ["▶ can be invoked"] : []);
      return el("button", { type: "button", class: `ce-hand-card${can ? " ce-can-invoke" : ""}`, "data-card": c.card,
        "data-deck": c.deck, "data-i": i, "aria-pressed": "false", "aria-label": lines.join(", "),
        onclick: () => pickCard(c.card, "hand") },
      el("span", { class: "ce-hand-kind", "aria-hidden": "true" }, KIND_MARK[kind] || "?"),
      lines.map((t, k) => el("span", { class: k === 0 ? "ce-hand-name" : k === 3 ? "ce-hand-invoke" : "ce-hand-line" }, t)));
    });
    return el("div", { class: "ce-hand", role: "group", "aria-label": title, "data-player": h.player ?? "" },
      el("div", { class: "ce-hand-title" }, `${title}: ${h.cards.length} card${h.cards.length === 1 ? "" : "s"}`),
      el("div", { class: "ce-hand-row" }, buttons.length ? buttons : el("span", {}, "no cards")));
  }
  function pickCard(card, from) {
    handPick = handPick && handPick.card === card && handPick.from === from ? null : { card, from };
    handPicks.set(key, handPick);
    showHand();
  }
  // the picked card's face; a hand card's invoke actions, as buttons and as rings on the map
  function showHand() {
    for (const n of wrap.querySelectorAll(".ce-hand-card")) {
      n.setAttribute("aria-pressed", handPick && handPick.from === "hand" && n.getAttribute("data-card") === handPick.card ? "true" : "false");
    }
    handLayer.replaceChildren();
    handView.replaceChildren();
    if (!handPick) return;
    const f = faces[handPick.card];
    const invokes = handPick.from === "hand" ? actions.filter((a) => a.a.startsWith(`invoke ${handPick.card} `)) : [];
    for (const a of invokes) {
      const c = parseHex((a.hint || {}).to); if (!c) continue;
      const [x, y] = centre(...c);
      handLayer.append(svg("polygon", { class: "ce-invoke-spot", "data-hex": a.hint.to, "data-a": a.a, points: corners(x, y, S - 1),
        fill: "none", stroke: "#000", "stroke-width": 5 }), svg("polygon", { points: corners(x, y, S - 1), fill: "none",
        stroke: HOT, "stroke-width": 3, "stroke-dasharray": "6 2" }));
    }
    const from = { hand: "in the hand", discard: "on top of a discard pile", evil: "the Awakening Evil" }[handPick.from];
    handView.append(el("div", { style: "font-weight:700" }, `${cardNames[handPick.card] || handPick.card} (${from})`),
      handPick.from === "hand" ? (invokes.length ? el("div", { class: "ce-invokes", role: "group", "aria-label": "invoke this card" },
        invokes.map((a) => actButton(a.a, actionLabel(a.a, cardNames), "ce-invoke"))) :
        el("div", { class: "ce-invokes" }, "No invoke action for this card is legal now.")) : null,
      f ? faceCard(f) : el("div", {}, `no card data for ${handPick.card}`));
  }
  // the Awaken Track as a ring: its spaces clockwise from the top, the Blood Eye, the Reveal and Awaken icons
  function trackPanel() {
    const t = full.track, ev = full.evil, n = t.length, R = 78;
    const at = (i, r) => { const a = (2 * Math.PI * i) / n - Math.PI / 2; return [r * Math.cos(a), r * Math.sin(a)]; };
    const lines = [
      `Blood Eye: ${t.position} space${t.position === 1 ? "" : "s"} moved, on space ${t.space} of ${t.length}` +
        `${t.lap ? ` (lap ${t.lap + 1})` : ""}.`,
      `◆ Reveal at ${t.reveal}: ${t.revealed ? "passed, the card is up" : t.reveal_due ? "reached, the card turns at the end of the turn" :
        `${t.reveal - t.position} to go`}. ▲ Awaken at ${t.awaken}: ${t.awakened ? "the Evil is awake" :
        `${Math.max(0, t.awaken - t.position)} to go`}. Icons for ${t.alive} living Necromancer${t.alive === 1 ? "" : "s"}.`,
      `Doom when the Blood Eye reaches the Reveal icon again (${t.doom})${t.doomed ? ": doom has come" : ""}` +
        `${t.stopped ? "; the track has stopped" : ""}.`,
    ];
    const ring = svg("svg", { class: "ce-track", width: 210, height: 210, viewBox: "-105 -105 210 210", role: "img",
      "aria-label": `Awaken Track. ${lines.join(" ")}` });
    ring.append(svg("circle", { cx: 0, cy: 0, r: R, fill: "none", stroke: "#8a8a8a", "stroke-width": 7, "stroke-opacity": 0.35 }));
    for (let i = 0; i < n; i++) {
      const [x, y] = at(i, R);
      ring.append(svg("circle", { class: "ce-track-space", cx: x.toFixed(1), cy: y.toFixed(1), r: i % 5 === 0 ? 2.6 : 1.6,
        fill: i < (t.position % n) || t.lap ? "#6b6358" : "#bbb" }));
    }
    const icon = (space, kind) => {
      const [x, y] = at(space, kind === "reveal" ? R + 16 : R - 17);
      const shape = kind === "reveal" ? svg("path", { d: `M${x},${y - 8}L${x + 8},${y}L${x},${y + 8}L${x - 8},${y}Z`, fill: "#fff", stroke: "#000", "stroke-width": 1.5 }) :
        svg("path", { d: `M${x},${y - 8}L${x + 8},${y + 6}L${x - 8},${y + 6}Z`, fill: "#f3d36b", stroke: "#000", "stroke-width": 1.5 });
      return svg("g", { class: `ce-track-${kind}`, "data-space": space }, shape,
        svg("text", { x, y: y + (kind === "reveal" ? 3 : 4.5), "text-anchor": "middle", "font-size": 8, "font-weight": 700 }, kind === "reveal" ? "R" : "A"));
    };
    ring.append(icon(t.reveal_space, "reveal"), icon(t.awaken_space, "awaken"));
    const [ex, ey] = at(t.space, R);
    ring.append(svg("g", { class: "ce-blood-eye", "data-space": t.space, "data-position": t.position },
      svg("ellipse", { cx: ex, cy: ey, rx: 9, ry: 6, fill: "#c0392b", stroke: "#000", "stroke-width": 1.5 }),
      svg("circle", { cx: ex, cy: ey, r: 2.6, fill: "#000", stroke: "#fff", "stroke-width": 1 })));
    ring.append(svg("text", { x: 0, y: -8, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, "Blood Eye"),
      svg("text", { x: 0, y: 8, "text-anchor": "middle", "font-size": 10 }, `${t.position} moved`),
      svg("text", { x: 0, y: 22, "text-anchor": "middle", "font-size": 9 }, ev.face_down ? "Evil face down" : ev.name));
    const evilText = ev.face_down ? `Awakening Evil: ${ev.does}.` : `Awakening Evil: ${ev.name}` +
      `${t.awakened ? " (awake)" : " (revealed)"}. ${ev.does}`;
    return el("div", { class: "ce-track-panel", role: "region", "aria-label": "the Awaken Track" }, ring,
      el("div", { class: "ce-track-text" }, lines.map((l) => el("div", {}, l)),
        el("div", { class: "ce-evil", "data-evil": ev.id || "?", "data-rule": ev.rule }, evilText),
        ev.card && faces[ev.card] ? el("button", { type: "button", class: "ce-evil-card", "aria-label": `show ${ev.name}'s card`,
          onclick: () => pickCard(ev.card, "evil") }, `show ${ev.name}'s card`) : null));
  }
  // events set aside for Phase 4, and the steps being resolved now (the queue, head first)
  function eventsPanel() {
    const list = full.events, queue = full.queue, shown = queue.slice(0, 8);
    return el("div", { class: "ce-events", role: "region", "aria-label": "events and steps under way" },
      el("div", { style: "font-weight:700" }, `Events set aside for Phase 4: ${list.length || "none"}`),
      list.length ? el("ol", { class: "ce-event-list" }, list.map((e) => el("li", { "data-event": e.id },
        el("strong", {}, e.name), ` (${e.from} card)`, el("ul", {}, e.steps.map((x) => el("li", {}, x)))))) : null,
      queue.length ? el("div", { class: "ce-queue" }, el("div", { style: "font-weight:700" }, "Being resolved now"),
        el("ol", {}, shown.map((q, i) => el("li", { "data-do": q.do, "aria-current": i === 0 ? "step" : null },
          `${i === 0 ? "▶ " : ""}${q.text}`, el("span", { class: "ce-rule" }, ` (rule ${q.rule})`))),
          queue.length > shown.length ? el("li", {}, `and ${queue.length - shown.length} more steps`) : null)) : null);
  }
  // each player: on turn, the hand's backs by deck, what squad N carries (the only purse that pays), kill points
  function playersTable() {
    const num = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
    const rows = full.players.map((p) => el("tr", { "data-player": p.player },
      el("td", {}, el("span", { "aria-hidden": "true", style: `display:inline-block;width:10px;height:10px;border-radius:50%;` +
        `border:1px solid #000;margin-right:4px;background:${TEAM[p.player] || "#777"}` }),
      `Player ${p.player + 1}${p.turn ? " ▶ on turn" : ""}${p.out ? " (out)" : ""}`),
      el("td", { class: "ce-p-hand" }, `${p.hand}` + (p.hand ? ` (${Object.entries(p.by_deck).map(([d, k]) => `${k} ${d}`).join(", ")})` : "")),
      el("td", { class: "ce-p-resources" }, p.resources === null ? "Necromancer dead" :
        Object.entries(p.resources).map(([r, k]) => `${k} ${r}`).join(", ") || "nothing"),
      el("td", { class: "ce-p-kills", style: "text-align:right" }, num(p.kill_points))));
    return el("table", { class: "ce-players", "aria-label": "players" },
      el("tr", {}, el("th", {}, "player"), el("th", {}, "cards in hand"), el("th", {}, "squad N carries"),
        el("th", {}, "kill points")), ...rows);
  }

  // ---- the control-card strip: six cards a player (N, I..V), then the Wandering Monsters' squads
  function controlStrip() {
    const rows = control.map((p) => {
      const wild = p.player === null || p.player === undefined;
      const title = wild ? "Wandering Monsters" : `Player ${p.player + 1}${p.out ? " (out)" : ""}` +
        `${pos.phase !== "setup" && pos.turn === p.player ? " ▶ on turn" : ""}`;
      return el("div", { class: "ce-ctl-side", role: "group", "aria-label": `${title}: control cards` },
        el("div", { class: "ce-ctl-player" }, wild ? null : el("span", { style: `display:inline-block;width:10px;height:10px;` +
          `border-radius:50%;border:1px solid #000;margin-right:4px;background:${TEAM[p.player] || "#777"}` }), title),
        el("div", { class: "ce-ctl-row" }, p.cards.map((c) => controlCard(p, c, wild))));
    });
    return el("section", { class: "ce-control", "aria-label": "control cards" }, ...rows);
  }
  function controlCard(p, c, wild) {
    const label = wild ? `W${c.card}` : `${p.player + 1}${c.card}`;
    if (!c.squad) return el("div", { class: "ce-ctl ce-ctl-empty", "data-player": p.player, "data-card": c.card, role: "img",
      "aria-label": `player ${p.player + 1}'s control card ${c.card}: empty` },
    el("div", { class: "ce-ctl-head" }, el("span", { class: "ce-ctl-num" }, c.card), el("span", {}, label)), el("div", {}, "empty"));
    const names = c.creatures.map((k) => `${cards[k.card] ? cards[k.card].name : k.id} (${k.size})`);
    const node = el("div", { class: "ce-ctl", "data-player": wild ? "w" : p.player, "data-card": c.card, "data-control": c.squad,
      "data-full": c.full ? "true" : "false", role: "button", tabindex: 0, "aria-pressed": "false",
      "aria-label": `${wild ? (c.guards ? "Protector" : "Wandering Monster") : `player ${p.player + 1}'s`} squad ${c.card}` +
        `${c.guards ? `, guarding the pit at ${c.guards}` : ""}${c.full ? ", full" : ""}: ` +
        `${names.join(", ")}. Enter shows its cards`,
      style: `border-color:${wild ? "#555" : TEAM[p.player] || "#555"}` },
    el("div", { class: "ce-ctl-head" }, el("span", { class: "ce-ctl-num" }, c.card), el("span", {}, label),
      c.full ? el("span", { class: "ce-ctl-full", title: "at the squad size limit: no creature but a trinket may join" }, "■ full") : null),
    el("ul", {}, c.creatures.map((k) => el("li", { "data-creature": k.id }, sizeIcon(svg, k.size),
      `${k.necromancer ? "♛ " : ""}${cards[k.card] ? cards[k.card].name : k.id}`))),
    c.guards ? el("div", { class: "ce-ctl-room ce-ctl-guard" }, `Protector of the pit at ${c.guards}`) : null,
    c.full ? null : el("div", { class: "ce-ctl-room" }, `room: ${c.room.join(" or ")}`),
    c.resources && Object.keys(c.resources).length ? el("div", { class: "ce-ctl-room ce-ctl-loot" },
      "carries: " + Object.entries(c.resources).map(([r, n]) => `${n} ${r}`).join(", ")) : null);
    node.addEventListener("click", () => pickSquad(c.squad));
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickSquad(c.squad); } });
    return node;
  }
  function pickSquad(sid) {
    const members = membersOf(sid);
    const keep = pick.squad === sid && members.some((k) => k.id === pick.creature);
    const first = keep ? members.find((k) => k.id === pick.creature) : members[0];
    setPick({ squad: sid, creature: first ? first.id : null, card: first ? first.card || `blank-${first.size}` : null });
  }
  function pickCreature(cid, card) {
    const m = memberOf[cid];
    setPick({ squad: m ? m.squad : null, creature: cid, card: (m && m.card) || card });
  }
  function setPick(next) { pick = next; picks.set(key, next); showPicks(); }
  function showPicks() {
    for (const g of root.querySelectorAll("[data-squad] > .ce-picked"))
      g.setAttribute("display", g.parentNode.getAttribute("data-squad") === pick.squad ? "inline" : "none");
    for (const n of wrap.querySelectorAll(".ce-ctl[data-control]")) {
      const on = n.getAttribute("data-control") === pick.squad;
      n.setAttribute("aria-pressed", on ? "true" : "false");
      n.classList.toggle("ce-ctl-picked", on);
    }
    cardView.replaceChildren();
    if (!pick.squad && !pick.card) {
      if (control.length) cardView.append(el("div", { class: "ce-card-hint" },
        "Pick a control card or a squad on the map to see its creatures' cards."));
      return;
    }
    const members = pick.squad ? membersOf(pick.squad) : [];
    const tabs = members.length > 1 ? el("div", { class: "ce-card-tabs", role: "group", "aria-label": "creatures of the squad" },
      members.map((k) => el("button", { type: "button", class: "ce-card-tab", "data-creature": k.id,
        "aria-pressed": k.id === pick.creature ? "true" : "false", onclick: () => { pickCreature(k.id, k.card); focusTab(k.id); } },
      sizeIcon(svg, k.size), ` ${cards[k.card] ? cards[k.card].name : k.id}`))) : null;
    const face = pick.card && cards[pick.card];
    const m = members.find((k) => k.id === pick.creature);
    const who = pick.squad ? `Squad ${nameOf(pick.squad)}${pick.creature ? `, ${pick.creature}` : ""}` : pick.creature || "";
    cardView.append(el("div", {}, el("div", { style: "font-weight:700;margin-bottom:2px" }, who), tabs,
      face && face.attributes ? creatureCard(ui, face, m ? m.items : [], cards) :
        el("div", {}, pick.card ? `no card data for ${pick.card}` : "no creature")));
  }
  function focusTab(cid) {
    const t = cardView.querySelector(`.ce-card-tab[data-creature="${cid}"]`);
    if (t) t.focus();
  }

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

// ---- the combat panel (map.fight): sides, ring, rounds with totals broken down, dice, odds
const SHORT = { strength: "st", special: "sp", dodge: "dd", bloodthirst: "bt", armor: "ar", weapon: "wp" };
const pct = (c) => `${(100 * c.p).toFixed(1)}%`;

function combatPanel(ui, f, actions, nameOf, showCard) {
  const { el, svg } = ui;
  const legal = new Set(actions.map((a) => a.a));
  const pick = (attr) => {
    const a = `${f.decision} ${attr}`;
    return legal.has(a) ? a : null;
  };
  const choiceButton = (attr, text) => {
    const a = pick(attr);
    return a ? el("button", { type: "button", class: "ce-fight-choice", "data-a": a, onclick: () => ui.act(a),
      onmouseenter: () => ui.preview(a), onmouseleave: () => ui.clearPreview() }, text) : el("span", {}, text);
  };
  // both sides: squads, creatures (card name and the six attributes), items used
  const sideBox = (role) => {
    const s = f.sides[role];
    const rows = [];
    for (const sq of s.squads) for (const c of sq.creatures)
      rows.push(el("tr", {}, el("td", {}, nameOf(sq.squad)), el("td", { title: c.id }, showCard ?
        el("button", { type: "button", class: "ce-fight-card", "data-creature": c.id, title: `show ${c.name}'s card`,
          onclick: () => showCard(c) }, `${c.name} (${c.size})`) : `${c.name} (${c.size})`),
        ...f.ring.map((a) => el("td", { style: "text-align:right" }, String(c.attributes[a])))));
    rows.push(el("tr", { style: "font-weight:700" }, el("td", {}, ""), el("td", {}, "total"),
      ...f.ring.map((a) => el("td", { style: "text-align:right" }, String(f.totals[role][a])))));
    return el("div", { class: `ce-fight-side ce-fight-${role}` },
      el("div", { style: "font-weight:700" }, `${role === "attacker" ? "Attacker" : "Defender"}` +
        `${s.control === "wandering" ? " (Wandering Monster)" : ""}: ${f.wins[role]} round${f.wins[role] === 1 ? "" : "s"} won`),
      el("table", { style: "border-collapse:collapse;font-size:12px" },
        el("tr", {}, el("th", {}, "squad"), el("th", {}, "creature"), ...f.ring.map((a) => el("th", { title: a }, SHORT[a]))),
        ...rows),
      s.items.length ? el("div", {}, `items used: ${s.items.join(", ")}`) : "");
  };
  // the ring: six attributes round a hexagon; chosen ones numbered by round
  const ringSvg = svg("svg", { class: "ce-ring", width: 170, height: 150, viewBox: "-85 -75 170 150", role: "group",
    "aria-label": "the ring of attributes" });
  ringSvg.append(svg("polygon", { points: [0, 1, 2, 3, 4, 5].map((i) => {
    const t = (Math.PI / 3) * i - Math.PI / 2; return `${(40 * Math.cos(t)).toFixed(1)},${(40 * Math.sin(t)).toFixed(1)}`; }).join(" "),
    fill: "#3b3631", stroke: "#999" }));
  f.ring.forEach((a, i) => {
    const t = (Math.PI / 3) * i - Math.PI / 2, x = 58 * Math.cos(t), y = 58 * Math.sin(t) + 4;
    const n = f.order.indexOf(a);
    const g = svg("g", { class: "ce-ring-attr", "data-attr": a });
    const a2 = pick(a);
    if (n >= 0) g.append(svg("circle", { cx: x, cy: y - 4, r: 15, fill: "#E69F00", stroke: "#000" }));
    g.append(svg("text", { x, y: y - 3, "text-anchor": "middle", "font-size": 10, "font-weight": n >= 0 ? 700 : 400 }, SHORT[a]),
      svg("text", { x, y: y + 7, "text-anchor": "middle", "font-size": 8 }, n >= 0 ? `round ${n + 1}` : ""));
    if (a2) {
      g.setAttribute("data-a", a2); g.setAttribute("role", "button"); g.setAttribute("tabindex", "0");
      g.style.cursor = "pointer";
      g.append(svg("circle", { cx: x, cy: y - 4, r: 15, fill: "none", stroke: "#0b5cad", "stroke-width": 2, "stroke-dasharray": "4 2" }));
      g.addEventListener("click", () => ui.act(a2));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ui.act(a2); } });
    }
    ringSvg.append(g);
  });
  // the rounds: totals broken down, dice, winner
  const breakdown = (t) => t.parts.map((p) => `${p.fighter} ${p.printed}` +
    p.mods.map(([s, n]) => ` ${n > 0 ? "+" : ""}${n} (${s})`).join("") + (p.mods.length ? ` → ${p.value}` : "")).join(" + ") +
    t.flat.map(([s, n]) => ` ${n > 0 ? "+" : ""}${n} (${s})`).join("") + ` = ${t.total}`;
  const roundRows = f.rounds.map((r) => el("li", { class: "ce-round", "data-winner": r.winner },
    el("div", { style: "font-weight:700" }, `Round ${r.number}, ${r.attribute} (${r.chosen_by === "forced" ? "the third" : `chosen by the ${r.chosen_by}`}): ` +
      `${r.scores[0]} against ${r.scores[1]}, the ${r.winner} wins`),
    el("div", {}, `dice (attacker, defender): ${r.rolls.map((d) => d.join("-")).join(", then ")}${r.rolls.length > 1 ? " (ties thrown again)" : ""}`),
    el("div", {}, `attacker: ${breakdown(r.attacker)}`), el("div", {}, `defender: ${breakdown(r.defender)}`)));
  if (f.current) {
    const c = f.current;
    roundRows.push(el("li", { class: "ce-round-now" },
      el("div", { style: "font-weight:700" }, `Round ${c.number}, ${c.attribute}: under way` +
        (c.die ? `; the attacker rolled ${c.die}, the defender rolls` : "; the attacker rolls") +
        (c.ties.length ? ` (ties so far: ${c.ties.map((d) => d.join("-")).join(", ")})` : "")),
      el("div", {}, `attacker: ${breakdown(c.attacker)}`), el("div", {}, `defender: ${breakdown(c.defender)}`)));
  }
  // the odds for every opening (exact, from the engine)
  const oddsRows = f.odds.openings.map((o) => el("tr", { class: o.first === f.odds.best ? "ce-odds-best" : "",
    style: o.first === f.odds.best ? "font-weight:700" : "" },
    el("td", {}, f.decision === "first" ? choiceButton(o.first, o.first) : o.first),
    el("td", { style: "text-align:right" }, pct(f.odds.rounds[o.first])),
    el("td", { style: "text-align:right", title: o.win.exact }, pct(o.win)),
    el("td", {}, o.first === f.odds.best ? "best" : "")));
  const odds = el("div", { class: "ce-odds" },
    el("div", { style: "font-weight:700" }, "Attacker's chances by first attribute (exact)"),
    el("table", { style: "border-collapse:collapse;font-size:12px" },
      el("tr", {}, el("th", {}, "first"), el("th", {}, "round 1"), el("th", {}, "fight"), el("th", {}, "")), ...oddsRows),
    el("div", {}, `attacker's chance now: ${pct(f.odds.now)}`));
  const choices = f.decision === "second" && f.choices.length ?
    el("div", { class: "ce-fight-choices" }, "Defender, pick round 2: ", ...f.choices.map((a) => choiceButton(a, a))) : "";
  const result = f.result ? el("div", { class: "ce-fight-result", style: "font-weight:700" },
    `The ${f.result.winner} wins. Dead: ${f.result.dead.join(", ")}; ${f.result.gore} gore; ` +
    `${f.result.kill_points} kill points${f.result.dropped.length ? `; left behind: ${f.result.dropped.join(", ")}` : ""}.`) : "";
  return el("section", { class: "ce-fight", "aria-label": "combat",
    style: "border:1px solid #999;border-radius:6px;padding:6px;margin:6px 0;font-size:13px" },
    el("div", { style: "font-weight:700" }, `${f.finished ? "Last fight" : "Combat"} (Phase ${f.phase}): ` +
      `${f.attackers.map(nameOf).join(" + ")} attack${f.attackers.length > 1 ? "" : "s"} ${f.defenders.map(nameOf).join(", ")}`),
    el("div", { style: "display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start" },
      sideBox("attacker"), ringSvg, sideBox("defender"), odds),
    choices, el("ol", { style: "margin:4px 0;padding-left:18px" }, roundRows), result);
}

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
.ce-ctl-full { margin-left: auto; font-size: 10px; border: 1.5px solid #000; border-radius: 3px; padding: 0 3px;
  background: #1b1b1b; color: #fff; }
.ce-ctl-room { font-size: 10px; color: var(--necro-muted, #555); }
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
const picks = new WeakMap(); // per widget: { squad, creature, card } chosen in the strip, the map or the fight panel
const handPicks = new WeakMap(); // per widget (full game): { card, from: hand | discard | evil } looked at
const DECK_MARK = { bribe: ["B", "metals"], construct: ["C", "gore"], summon: ["S", "shadowflame"], abyss: ["A", "every kind"] };
const KIND_MARK = { creature: "●", item: "◆", spell: "✶", event: "!" };
const FULL_CSS = `
.ce-phase { border: 2px solid #333; border-left-width: 8px; border-radius: 6px; padding: 4px 8px; margin: 4px 0 6px; }
.ce-phase-title { font-weight: 700; font-size: 14px; }
.ce-phase-steps { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 3px 0; padding: 0; font-size: 12px; }
.ce-phase-step { border: 1px dashed #888; border-radius: 10px; padding: 0 8px; }
.ce-phase-step[aria-current=step] { border: 2px solid #000; font-weight: 700; background: #fff3c4; color: #1b1b1b; }
.ce-now { font-size: 13px; margin: 2px 0; }
.ce-full { margin: 6px 0; font-size: 12px; }
.ce-looking { border: 3px double #333; border-radius: 8px; padding: 4px 8px; margin: 4px 0; }
.ce-decks { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; margin: 4px 0; }
.ce-deck-group { display: flex; flex-direction: column; gap: 2px; width: 150px; }
.ce-deck-name { font-weight: 700; }
.ce-board .ce-pile { display: block; width: 100%; text-align: left; min-height: 44px; border: 2px solid #333;
  border-radius: 6px; padding: 2px 6px; font-size: 12px; margin: 0; }
.ce-board .ce-deck { background: repeating-linear-gradient(45deg, #3b3631, #3b3631 6px, #4a443d 6px, #4a443d 12px); color: #fff; }
.ce-board .ce-discard { background: #fffdf7; color: #1b1b1b; }
.ce-board .ce-pile-empty { border-style: dashed; background: none; color: inherit; }
.ce-board button.ce-pile { cursor: pointer; outline-offset: 2px; }
.ce-board button.ce-pile[data-a] { box-shadow: 0 0 0 2px #fff, 0 0 0 4px #0b5cad; }
.ce-pile-mark { font-weight: 700; font-size: 15px; margin-right: 5px; }
.ce-monks { align-self: center; }
.ce-hand { margin: 6px 0 2px; }
.ce-hand-title { font-weight: 700; margin-bottom: 2px; }
.ce-hand-row { display: flex; flex-wrap: wrap; gap: 5px; }
.ce-board .ce-hand-card { width: 118px; min-height: 70px; display: flex; flex-direction: column; align-items: flex-start; text-align: left;
  border: 2px solid #333; border-radius: 6px; padding: 2px 5px; background: #fffdf7; color: #1b1b1b; font-size: 11px; margin: 0; }
.ce-board .ce-hand-card[aria-pressed=true] { box-shadow: 0 0 0 3px #000, 0 0 0 6px #E69F00; }
.ce-board .ce-hand-card.ce-can-invoke { border-width: 3px; border-style: double; }
.ce-hand-kind { font-size: 13px; }
.ce-hand-name { font-weight: 700; font-size: 12px; }
.ce-hand-invoke { font-weight: 700; margin-top: auto; }
.ce-hand-view { margin: 4px 0; }
.ce-full-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; margin: 6px 0; }
.ce-track-panel { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; max-width: 520px; }
.ce-track-text { flex: 1 1 220px; }
.ce-evil { font-weight: 700; margin-top: 3px; }
.ce-events { flex: 1 1 240px; }
.ce-events ol, .ce-events ul { margin: 2px 0; padding-left: 18px; }
.ce-queue li[aria-current=step] { font-weight: 700; }
.ce-rule { color: var(--necro-muted, #555); font-weight: 400; }
.ce-players { border-collapse: collapse; margin: 4px 0; }
.ce-players th, .ce-players td { border-bottom: 1px solid #999; padding: 1px 6px; text-align: left; }
`;

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

// Day of the Dead board (widgets/day_of_the_dead.js).
//
// Draws the table from view.position: each player's line of fighters, slot 1
// first, the two lines facing each other slot by slot (the fight's slot number
// in orange); active fighters face up (name, power, effect text), fallen ones
// face down showing their back (with the name small and grey when the viewer
// knows the card). Each spirit lies sideways, back up. Hands (the other
// player's as backs only), scores, the purple priority counter, the decks and
// discard piles, the fight in progress or the last one (every contribution to
// power, player by player), the cards an Unearth is looking at, this turn's
// lasting effects, and what the game is waiting for (the cards it is about
// ringed in orange).
//
// Card backs never depend on colour alone: Double is black with a double
// border and "D", Power Up grey with stripes and "P", Unearth white with a
// dashed border and "U".
//
// Clickable (mouse, or Tab then Enter/Space; outlined in blue dashes): any
// card an action's hint names (a hand card to lay, a card looked at, a card in
// play to unearth or copy: found by its place, since the other player's
// face-down cards carry no id); the decisions that name no card (convert/keep,
// pass, dig, priority) are buttons. No rules here: everything comes from the
// engine's actions and hints.
//
// Edit mode (ui.editing set): each hand, each slot, each spirit, each deck and
// each discard pile is a place to click (data-edit: hand1, p2-slot3,
// p1-spirit, deck-D, discard-U), focusable and labelled; the selected one is
// ringed. The engine's edit controls say what can move where.

const BACKS = { D: { name: "Double" }, P: { name: "Power Up" }, U: { name: "Unearth" } };
const LETTER = { double: "D", "power-up": "P", unearth: "U" };
const PLAYERS = ["Player 1", "Player 2"];
const ACCENT = "#0b5cad", HOT = "#E69F00", PURPLE = "#6a3d9a";
const W = 82, H = 136, GAP = 6; // a card, and the space between two slots

const CSS = `
.dotd { font-size: 12px; }
.dotd * { box-sizing: border-box; }
.dotd .dotd-row { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 3px 0; }
.dotd .dotd-who { font-weight: 600; font-size: 13px; }
.dotd .dotd-pair { display: flex; flex-direction: column; gap: 2px; }
.dotd .dotd-card.dotd-empty { border-style: dashed; color: var(--necro-muted, #555); background: none; text-align: center;
  padding-top: 50px; }
.dotd .dotd-num { text-align: center; font-size: 11px; color: var(--necro-muted, #555); border-radius: 3px; }
.dotd .dotd-num.dotd-fight { background: ${HOT}; color: #000; font-weight: 700; }
.dotd .dotd-card { position: relative; width: ${W}px; height: ${H}px; border-radius: 6px; border: 1px solid #555;
  background: #fffdf7; color: #1b1b1b; padding: 3px 4px; overflow: hidden; line-height: 1.2; }
.dotd .dotd-card.dotd-small { width: 42px; height: 58px; padding: 1px; }
.dotd .dotd-name { font-weight: 700; font-size: 10px; letter-spacing: -.2px; overflow-wrap: anywhere; }
.dotd .dotd-power { position: absolute; bottom: 2px; left: 2px; width: 18px; height: 18px; border-radius: 50%;
  border: 1.5px solid #1b1b1b; text-align: center; font-weight: 700; font-size: 11px; line-height: 15px; background: #fff; }
.dotd .dotd-text { font-size: 10px; margin-top: 2px; line-height: 1.15; }
.dotd .dotd-long .dotd-text { font-size: 9px; letter-spacing: -.1px; }
.dotd .dotd-chip { position: absolute; bottom: 2px; right: 2px; font-size: 9px; font-weight: 700; padding: 0 3px;
  border-radius: 3px; }
.dotd .dotd-back { display: flex; flex-direction: column; align-items: center; justify-content: center; }
.dotd .dotd-back .dotd-letter { font-size: 28px; font-weight: 900; line-height: 1; }
.dotd .dotd-small .dotd-letter { font-size: 18px; }
.dotd .dotd-back .dotd-kind { font-size: 9px; font-weight: 600; }
.dotd .dotd-back .dotd-known { position: absolute; left: 2px; right: 2px; bottom: 2px; font-size: 9px;
  background: #eee; color: #555; border-radius: 3px; text-align: center; line-height: 1.15; }
.dotd .dotd-D { background: #111; color: #fff; border: 4px double #fff; outline: 1px solid #111; }
.dotd .dotd-P { background: repeating-linear-gradient(45deg, #9a9a9a 0 5px, #7d7d7d 5px 10px); color: #000;
  border: 2px solid #444; }
.dotd .dotd-P .dotd-letter { background: #ddd; border-radius: 4px; padding: 0 4px; }
.dotd .dotd-U { background: radial-gradient(#c8c8c8 1px, transparent 1.5px) 0 0 / 7px 7px, #fff; color: #000;
  border: 2px dashed #333; }
.dotd .dotd-spirit { width: ${H}px; height: ${W}px; position: relative; flex: none; }
.dotd .dotd-spirit > .dotd-card { position: absolute; left: ${(H - W) / 2}px; top: ${(W - H) / 2}px; transform: rotate(90deg); }
.dotd .dotd-target { cursor: pointer; outline: 3px dashed ${ACCENT}; outline-offset: 0; }
.dotd .dotd-task { box-shadow: 0 0 0 6px ${HOT}; }
.dotd .dotd-hot { box-shadow: 0 0 0 7px ${ACCENT}; }
.dotd .dotd-counter { display: inline-block; background: ${PURPLE}; color: #fff; border-radius: 10px; padding: 0 7px;
  font-size: 11px; font-weight: 700; border: 2px solid #000; }
.dotd .dotd-box { border: 1px solid var(--necro-line, #999); border-radius: 5px; padding: 3px 6px; margin: 4px 0; }
.dotd .dotd-field { border: 2px solid var(--necro-line, #777); border-radius: 8px; padding: 5px; margin: 6px 0;
  display: flex; flex-wrap: wrap; gap: 16px ${GAP}px; width: fit-content; max-width: 100%; }
.dotd .dotd-nospirit { width: ${H}px; height: ${W}px; border: 1px dashed var(--necro-line, #999); border-radius: 6px; display: flex;
  align-items: center; justify-content: center; flex: none; }
.dotd table { border-collapse: collapse; font-size: 12px; }
.dotd td, .dotd th { padding: 0 6px 0 0; text-align: left; vertical-align: top; }
.dotd .dotd-muted { color: var(--necro-muted, #555); }
.dotd .dotd-fight-table th, .dotd .dotd-fight-table .dotd-total { white-space: nowrap; }
.dotd [data-edit] { cursor: pointer; outline: 2px dotted ${ACCENT}; outline-offset: 1px; }
.dotd [data-edit].dotd-selected { outline: 4px solid ${ACCENT}; outline-offset: 2px; box-shadow: 0 0 0 9px #9cc3ea; }
`;

// The decision panel's text for an action that names cards: the notation with each card id turned
// into the card's name ("fallen D06" reads "fallen Bone Stamper"), as the chapter promises; two
// actions that would read alike keep their ids. Null (the notation) when no known card is named.
const CARD_ID = /\b[DPU]\d\d\b/g;
export function actionLabel(action, view) {
  const faces = (view.position || {}).cards || {};
  const read = (a) => a.replace(CARD_ID, (id) => (faces[id] ? faces[id].name : id));
  const label = read(action.a);
  if (label === action.a) return null;
  const twin = (view.actions || []).some((x) => x.a !== action.a && read(x.a) === label);
  return twin ? `${label} (${action.a.match(CARD_ID).join(", ")})` : label;
}

export function drawBoard(container, view, ui) {
  const { el } = ui;
  const pos = view.position;
  const faces = pos.cards || {};
  const actions = view.actions || [];
  const n = Math.max(pos.slots[0].length, pos.slots[1].length);
  const fight = pos.fight;
  const task = pos.task;

  // Actions by what they name: a card in play by its place (the other player's
  // face-down cards are masked, so not by id), any other card by id.
  const byKey = {}, loose = [];
  for (const a of actions) {
    const h = a.hint || {};
    if ((h.card || h.owner !== undefined) && h.kind !== "draw") {
      const key = h.owner !== undefined ? `at:${h.owner}:${h.slot}` : `id:${h.card}`;
      (byKey[key] = byKey[key] || []).push(a);
    } else if (h.kind !== "draw") loose.push(a);
  }
  const named = (a) => (a.hint && a.hint.text ? `${a.a}: ${a.hint.text}` : a.a);

  // --- one card
  const known = (id) => typeof id === "string" && id.length === 3 && faces[id];
  function back(letter, id, small) {
    const b = BACKS[letter] || { name: "?" };
    const face = known(id);
    return el("div", { class: `dotd-card dotd-back dotd-${letter}${small ? " dotd-small" : ""}`,
      title: `${b.name} back${face ? ` (${face.name}, ${face.power})` : ""}` },
    el("span", { class: "dotd-letter" }, letter), small ? null : el("span", { class: "dotd-kind" }, b.name),
    face && !small ? el("span", { class: "dotd-known" }, `${face.name} ${face.power}`) : null);
  }
  function front(id) {
    const f = faces[id];
    if (!f) return back(id[0], null);
    const L = LETTER[f.back] || id[0];
    const long = f.name.length + f.text.length > 90;
    return el("div", { class: `dotd-card${long ? " dotd-long" : ""}`, title: `${f.name} (${f.power}, ${BACKS[L].name} back): ${f.text}` },
      el("div", { class: "dotd-name" }, f.name), el("span", { class: "dotd-power" }, f.power),
      el("div", { class: "dotd-text" }, f.text),
      el("span", { class: `dotd-chip dotd-${L}`, style: "border-width:1px;outline:0" }, L));
  }
  function describe(id, up, where) {
    const f = known(id);
    const L = id ? id[0] : "?";
    if (up && f) return `${where}: ${f.name}, power ${f.power}, active. ${f.text}`;
    return `${where}: face down, ${BACKS[L] ? BACKS[L].name : "unknown"} back${f ? ` (${f.name}, ${f.power})` : ""}`;
  }
  // Make a card clickable when an action names it.
  // Its name starts with what it shows (label in name), then says where it is and what it does.
  function target(node, list, label) {
    ui.named(node, label + (list ? `; ${list.map(named).join("; ")}` : ""));
    if (!list) { node.setAttribute("role", "img"); return node; }
    const a = list[0];
    node.classList.add("dotd-target");
    node.setAttribute("data-a", a.a);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.addEventListener("click", () => ui.act(a.a));
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ui.act(a.a); }
    });
    node.addEventListener("mouseenter", () => ui.preview(a.a));
    node.addEventListener("mouseleave", () => ui.clearPreview());
    return node;
  }

  // Edit mode: a place to select, or to put what the waiting control moves.
  const editing = ui.editing;
  function editable(node, id, label) {
    if (!editing) return node;
    node.setAttribute("data-edit", id);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    ui.named(node, `${label}: edit`);
    if (editing.selected === id) node.classList.add("dotd-selected");
    return node;
  }

  // --- the task (what the game waits for) and the buttons for decisions that name no card
  const taskPlace = {};  // "p:slot" -> true for the cards the task is about
  if (task) {
    if (task.do === "convert") taskPlace[`${task.p}:${task.slot}`] = true;
    // an Unearth names places ("p2-slot3", "p1-spirit"), never a hidden card's id
    for (const place of [task.target, task.place].filter(Boolean)) {
      const m = /^p([12])-(?:spirit|slot(\d))$/.exec(place);
      if (m) taskPlace[`${Number(m[1]) - 1}:${m[2] ? Number(m[2]) : 0}`] = true;
    }
  }
  const waiting = pos.over ? view.status : task ? `Waiting: ${task.p === undefined ? "chance: " : ""}` +
    view.status.replace(/^[^:]*: /, "") : "";
  const buttons = loose.map((a) => el("button", { type: "button", "data-a": a.a, "aria-label": named(a),
    onclick: () => ui.act(a.a), onmouseenter: () => ui.preview(a.a), onmouseleave: () => ui.clearPreview() },
  a.hint && a.hint.text ? `${a.a} (${a.hint.text})` : a.a));
  const head = el("div", { class: "dotd-row" }, el("span", {}, `${pos.turn ? `Turn ${pos.turn} of 6` : "Set-up"}. ${waiting}`),
    ...buttons);

  // --- players: name, score, priority, spirit, hand
  function playerRow(p) {
    const hidden = pos.hands[p].some((c) => !known(c));
    const hand = pos.hands[p].map((c) => known(c)
      ? target(front(c), byKey[`id:${c}`], `${PLAYERS[p]}'s hand: ${faces[c].name}, power ${faces[c].power}`)
      : target(back(c[0], null, true), null, `${PLAYERS[p]}'s hand: a card with the ${BACKS[c[0]].name} back`));
    const spirit = pos.spirits[p];
    let spiritBox = el("div", { class: "dotd-nospirit dotd-muted" }, "no spirit yet");
    const spiritLabel = `${PLAYERS[p]}'s spirit${spirit ? `, ${BACKS[spirit[0]].name} back` : ", none yet"}`;
    if (spirit) {
      const card = target(back(spirit[0], spirit), byKey[`at:${p}:0`], describe(spirit, false, `${PLAYERS[p]}'s spirit`));
      if (taskPlace[`${p}:0`]) card.classList.add("dotd-task");
      spiritBox = el("div", { class: "dotd-spirit", title: "the spirit (sideways)" }, card);
    }
    const holds = pos.priority === p;
    return el("section", { "aria-label": PLAYERS[p] },
      el("div", { class: "dotd-row" }, el("span", { class: "dotd-who" }, `${PLAYERS[p]}: ${pos.scores[p]} VP`),
        holds ? el("span", { class: "dotd-counter", title: "the purple priority counter" }, "◆ priority") : null,
        el("span", { class: "dotd-muted" }, `spirit (sideways): ${spirit ? BACKS[spirit[0]].name + " back" : "none"};` +
          ` hand: ${pos.hands[p].length} card${pos.hands[p].length === 1 ? "" : "s"}${hidden ? " (hidden)" : ""}`)),
      el("div", { class: "dotd-row", style: "align-items:flex-start" }, editable(spiritBox, `p${p + 1}-spirit`, spiritLabel),
        editing ? editable(el("div", { class: "dotd-row", style: "margin:0;padding:2px;min-width:60px;min-height:40px" },
          ...(hand.length ? hand : [el("span", { class: "dotd-muted" }, "empty hand")])),
        `hand${p + 1}`, `${PLAYERS[p]}'s hand, ${pos.hands[p].length} card(s)`) : null,
        ...(editing ? [] : hand)));
  }

  // --- the field: slot by slot, player 1's fighter over player 2's (pairs wrap when narrow)
  function fighter(p, k) {
    const entry = pos.slots[p][k - 1];
    if (!entry) return el("div", { class: "dotd-card dotd-empty", "aria-label": `${PLAYERS[p]} slot ${k}: empty` }, "empty");
    const [id, state] = entry;
    const up = state === "active";
    const node = up && known(id) ? front(id) : back(id[0], id);
    target(node, byKey[`at:${p}:${k}`], describe(id, up, `${PLAYERS[p]} slot ${k}`));
    if (taskPlace[`${p}:${k}`]) node.classList.add("dotd-task");
    return editable(node, `p${p + 1}-slot${k}`, describe(id, up, `${PLAYERS[p]} slot ${k}`));
  }
  const pairs = [];
  for (let k = 1; k <= n; k++) {
    const fought = fight && fight.slot === k;
    pairs.push(el("div", { class: "dotd-pair", role: "group", "aria-label": `slot ${k}${fought ? ", the fight" : ""}` },
      fighter(0, k), el("div", { class: `dotd-num${fought ? " dotd-fight" : ""}`, "aria-hidden": "true" },
        fought ? `▲ slot ${k} ▼` : `slot ${k}`), fighter(1, k)));
  }
  const field = el("div", { class: "dotd-field", role: "group",
    "aria-label": "the field: player 1's line over player 2's, slot 1 first" },
  ...(pairs.length ? pairs : [el("span", { class: "dotd-muted" }, "No slot is open yet.")]));

  // --- the fight: every contribution, player by player
  let fightBox = null;
  if (fight) {
    const done = fight.winner !== null && fight.winner !== undefined;
    const rows = [0, 1].map((p) => {
      const parts = fight.parts.filter((x) => x[0] === p).map(([, label, amount]) => `${label} ${amount >= 0 && !/^printed/.test(label) ? "+" : ""}${amount}`);
      return el("tr", {}, el("th", { scope: "row" }, PLAYERS[p]), el("td", {}, parts.join(", ") || "no power counted yet"),
        el("td", { class: "dotd-total" }, fight.power ? `= ${fight.power[p]}` : ""),
        el("td", { class: "dotd-total" }, fight.stopped[p] ? "effects stopped" : ""));
    });
    const result = !done ? "in progress" : fight.winner === -1 ? "a tie: both stay active"
      : `${PLAYERS[fight.winner]} wins${fight.won !== null && fight.won !== undefined ? " outright (no power compared)" : ""}`;
    fightBox = el("section", { class: "dotd-box", "aria-label": "the fight" },
      el("div", {}, el("strong", {}, `${task && !done ? "Fight" : "Last fight"} in slot ${fight.slot}: `), result),
      el("table", { class: "dotd-fight-table" }, el("tbody", {}, rows)));
  }

  // --- cards an Unearth is looking at
  let lookBox = null;
  if (pos.looking && pos.looking.length) {
    lookBox = el("section", { class: "dotd-box", "aria-label": "cards being looked at" },
      el("div", {}, `Unearth: ${task ? PLAYERS[task.p] : "a player"} looks at ${pos.looking.length} card(s)` +
        `${task && task.target && known(task.target) ? `, to replace ${faces[task.target].name}` : ""}:`),
      el("div", { class: "dotd-row" }, ...pos.looking.map((c) => known(c)
        ? target(front(c), byKey[`id:${c}`], `looked at: ${faces[c].name}, power ${faces[c].power}`)
        : target(back(c[0], null), null, `looked at: a ${BACKS[c[0]].name} card, face down`))));
  }

  // --- decks and discard piles
  const decks = el("div", { "aria-label": "decks and discard piles",
    style: "display:grid;grid-template-columns:repeat(3, minmax(0, 1fr));gap:6px;max-width:540px" },
  ...Object.keys(BACKS).map((L) => {
    const pile = pos.discards[L] || [];
    const top = pile.length ? faces[pile[pile.length - 1]] : null;
    const deckCount = (pos.decks[L] || []).length;
    return el("div", { class: "dotd-row", style: "margin:0;flex-wrap:nowrap" },
      editable(back(L, null, true), `deck-${L}`, `the ${BACKS[L].name} deck, ${deckCount} card(s)`),
      el("div", {}, el("strong", {}, BACKS[L].name), el("br"), `deck ${deckCount}, `,
        editable(el("span", {}, `discards ${pile.length}`), `discard-${L}`,
          `the ${BACKS[L].name} discard pile, ${pile.length} card(s)${top ? `, top ${top.name}` : ""}`),
        el("br"), el("span", { class: "dotd-muted" }, top ? `top: ${top.name} (${top.power})` : "no discard")));
  }));

  // --- this turn's lasting effects
  const m = pos.marks || {};
  const counted = {};
  for (const note of [
    ...(m.cancel || []).map((k) => `no effects in the fight of slot ${k}`),
    ...(m.extra || []).map(([p, k, x]) => `${PLAYERS[p]}'s slot ${k} uses its effect ${x} more time(s)`),
    ...(m.cultivate || []).map(([p, k, x]) => `${PLAYERS[p]}'s slot ${k} gets +${x}× its printed power`),
    ...(m.quiet || []).map((c) => `${known(c) ? faces[c].name : "a copied card"} has no effect this turn`),
  ]) counted[note] = (counted[note] || 0) + 1;
  const notes = Object.entries(counted).map(([note, times]) => (times > 1 ? `${note} (${times} times)` : note));

  container.append(el("style", {}, CSS), el("div", { class: "dotd" },
    head, lookBox, playerRow(0), field, playerRow(1), fightBox,
    notes.length ? el("div", { class: "dotd-muted" }, `This turn: ${notes.join("; ")}.`) : null, decks));

  return {
    highlight(notation) {
      for (const node of container.querySelectorAll(".dotd-hot")) node.classList.remove("dotd-hot");
      if (!notation) return;
      for (const node of container.querySelectorAll("[data-a]")) {
        if (node.dataset.a === notation) node.classList.add("dotd-hot");
      }
    },
  };
}

// Cave Evil board, the full game (widgets/cave_evil/full.js).
// One part of the board module: necro/widget/assets.py concatenates widgets/cave_evil/*.js in
// the order it lists (MODULES) into one module; map.js says what each part draws.
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

const handPicks = new WeakMap(); // per widget (full game): { card, from: hand | discard | evil } looked at
const DECK_MARK = { bribe: ["B", "metals"], construct: ["C", "gore"], summon: ["S", "shadowflame"], abyss: ["A", "every kind"] };
const KIND_MARK = { creature: "●", item: "◆", spell: "✶", event: "!" };
const FULL_CSS = `
.ce-phase { border: 2px solid #333; border-left-width: 8px; border-radius: 6px; padding: 2px 8px; margin: 2px 0 4px; }
.ce-phase-title { font-weight: 700; font-size: 14px; }
.ce-phase-steps { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 2px 0; padding: 0; font-size: 12px; }
.ce-phase-step { border: 1px dashed #888; border-radius: 10px; padding: 0 8px; }
.ce-phase-step[aria-current=step] { border: 2px solid #000; font-weight: 700; background: #fff3c4; color: #1b1b1b; }
.ce-now { font-size: 13px; margin: 2px 0; }
.ce-full { margin: 2px 0 6px; font-size: 12px; }
.ce-looking { border: 3px double #333; border-radius: 8px; padding: 4px 8px; margin: 4px 0; }
.ce-decks { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; margin: 4px 0; }
.ce-deck-group { display: flex; flex-direction: column; gap: 2px; flex: 1 1 110px; max-width: 160px; }
.ce-deck-name { font-weight: 700; }
.ce-board .ce-pile { display: block; width: 100%; text-align: left; min-height: 36px; border: 2px solid #333;
  border-radius: 6px; padding: 1px 5px; font-size: 12px; line-height: 1.25; margin: 0; }
.ce-board .ce-deck { background: repeating-linear-gradient(45deg, #3b3631, #3b3631 6px, #4a443d 6px, #4a443d 12px); color: #fff; }
.ce-board .ce-discard { background: #fffdf7; color: #1b1b1b; }
.ce-board .ce-pile-empty { border-style: dashed; background: none; color: inherit; }
.ce-board button.ce-pile { cursor: pointer; outline-offset: 2px; }
.ce-board button.ce-pile[data-a] { box-shadow: 0 0 0 2px #fff, 0 0 0 4px #0b5cad; }
.ce-pile-mark { font-weight: 700; font-size: 15px; margin-right: 5px; }
.ce-pile-mark::before { content: attr(data-mark); } /* a mark drawn, not a word of the pile's name */
.ce-monks { align-self: center; }
.ce-hand { margin: 2px 0; }
.ce-hand-title { font-weight: 700; margin-bottom: 2px; }
.ce-hand-title .ce-hand-note { font-weight: 400; color: var(--necro-muted, #555); }
.ce-hand-row { display: flex; flex-wrap: wrap; gap: 5px; }
.ce-board .ce-hand-card { width: 100px; min-height: 56px; display: flex; flex-direction: column; justify-content: flex-start;
  align-items: flex-start; position: relative; text-align: left; line-height: 1.2;
  border: 2px solid #333; border-radius: 6px; padding: 1px 4px 2px 16px; background: #fffdf7; color: #1b1b1b; font-size: 11px; margin: 0; }
.ce-board .ce-hand-card[aria-pressed=true] { box-shadow: 0 0 0 3px #000, 0 0 0 6px #E69F00; }
.ce-board .ce-hand-card.ce-can-invoke { border-width: 3px; border-style: double; }
.ce-hand-kind { position: absolute; left: 3px; top: 1px; font-size: 12px; }
.ce-hand-name { font-weight: 700; font-size: 12px; }
.ce-hand-invoke { font-weight: 700; }
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

// ---- the full game (map.full, necro/cave_evil/board.py)
// What the full game's parts share: the legal actions by notation, the box showing the picked
// card, and that pick (a hand card, a discard pile's top or the Awakening Evil; it survives
// redraws while the card is still there). Sets b.legal, b.handView, b.handPick.
function fullPicks(b) {
  const { el, full, actions, key } = b;
  const legal = new Map(actions.map((a) => [a.a, a]));
  const handView = el("div", { class: "ce-hand-view", role: "region", "aria-live": "polite",
    "aria-label": "the card picked in the hand, a discard pile or the Awakening Evil" });
  let handPick = handPicks.get(key) || null;
  if (handPick && !(handPick.from === "hand" ? full.hand.cards.some((c) => c.card === handPick.card) :
    handPick.from === "discard" ? full.decks.some((d) => d.top === handPick.card) : full.evil.card === handPick.card)) handPick = null;
  handPicks.set(key, handPick);
  Object.assign(b, { legal, handView, handPick });
}
// A button that plays `a`; its accessible name is its visible text.
function actButton(b, a, text, cls) {
  const { el, ui } = b;
  return el("button", { type: "button", class: cls || "", "data-a": a, "aria-label": text, title: a,
    onclick: () => ui.act(a), onmouseenter: () => ui.preview(a), onmouseleave: () => ui.clearPreview(),
    onfocus: () => ui.preview(a), onblur: () => ui.clearPreview() }, text);
}
function phaseBanner(b) {
  const { el, full, legal } = b;
  // "Phase 1: fights", not "1 fights": a number before a plural reads as a count
  const steps = [[1, "fights"], [2, "conjure"], [3, "actions"], [4, "events"]];
  const who = typeof full.turn === "number" && full.part !== "over" && full.part !== "setup" ?
    `, player ${full.turn + 1}'s turn, cycle ${full.cycle}` : "";
  return el("section", { class: "ce-phase", "data-part": full.part, "data-phase": full.phase ?? "", role: "region",
    "aria-label": "the part of the turn" },
  el("div", { class: "ce-phase-title" }, `${full.title}${who}`),
  el("ol", { class: "ce-phase-steps", "aria-label": "the four phases of a turn" },
    steps.map(([n, word]) => el("li", { class: "ce-phase-step", "data-phase": n, "aria-current": full.phase === n ? "step" : null },
      `${full.phase === n ? "▶ " : ""}Phase ${n}: ${word}`))),
  el("div", { class: "ce-now", "data-rule": full.rule || "" }, full.now),
  legal.has("end") ? actButton(b, "end", "End turn (on to Phase 4)", "ce-end") : null);
}
// Under the map, what is decided on first: the card looked at, the hand, the decks (at 1280 x 800
// they share the screen with the map and the decisions); then the track, events and purses.
function fullSection(b) {
  const { el, full } = b;
  return el("section", { class: "ce-full", "aria-label": "cards, decks, the Awaken Track and events" },
    full.looking ? lookingPanel(b) : null, handStrip(b), b.handView, deckRow(b),
    el("div", { class: "ce-full-row" }, trackPanel(b), eventsPanel(b)), playersTable(b));
}
function faceCard(b, f) {
  const { ui, faces } = b;
  return f.attributes ? creatureCard(ui, f, [], faces) : itemCard(ui, f);
}
// keep or trade the conjured card (the engine's "keep" / "trade metals 2")
function lookingPanel(b) {
  const { el, full, faces, actions } = b;
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
      choices.map((a) => actButton(b, a.a, label(a.a), a.a === "keep" ? "ce-keep" : "ce-trade"))) : null,
    f ? faceCard(b, f) : null);
}
// the four Conjuration Decks (face down, a count) and their discard piles (face up, the top card)
function deckRow(b) {
  const { el, full } = b;
  return el("div", { class: "ce-decks", role: "group", "aria-label": "Conjuration Decks and discard piles" },
    full.decks.map((d) => deckGroup(b, d)),
    el("div", { class: "ce-monks" }, `Necromonk deck: ${full.necromonks} left`));
}
function deckGroup(b, d) {
  const { el, ui, legal } = b;
  const [letter, what] = DECK_MARK[d.deck] || [d.deck[0].toUpperCase(), ""];
  const name = `${d.deck[0].toUpperCase()}${d.deck.slice(1)}`;
  const draw = legal.get(`conjure ${d.deck}`) || legal.get(`meditate ${d.deck}`);
  const take = d.top ? legal.get(`take ${d.deck} ${d.top}`) : null;
  const backText = `${name} deck, ${d.left} left` +
    (draw ? (draw.a.startsWith("meditate") ? ": meditate" : ": draw") : "");
  const glyph = (shape) => el("span", { class: "ce-pile-mark", "data-mark": shape, "aria-hidden": "true" });
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
      onclick: () => (take ? ui.act(take.a) : pickCard(b, d.top, "discard")),
      onmouseenter: () => take && ui.preview(take.a), onmouseleave: () => take && ui.clearPreview() },
    glyph("▭"), el("span", {}, text));
  }
  return el("div", { class: "ce-deck-group", role: "group", "aria-label": `${name} deck (${what})`, title: `${name}: paid in ${what}` },
    back, discard);
}
// the hand shown (the viewer's; in hot-seat the deciding player's): a button per card
function handStrip(b) {
  const { el, full, actions } = b;
  const h = full.hand;
  const title = h.seen_as === "turn" ? `Player ${h.player + 1}'s hand (the player deciding now; ` +
    "other hands are shown as counts)" : h.player === null || h.player === undefined ?
    "No hand shown: the table sees every hand face down" : `Your hand (player ${h.player + 1})`;
  const [lead, aside] = title.split(" (");
  const invocable = new Set(actions.filter((a) => a.a.startsWith("invoke ")).map((a) => a.a.split(" ")[1]));
  const buttons = h.cards.map((c, i) => {
    const can = invocable.has(c.card);
    const kind = c.kind || "card";
    const lines = [c.name, `${kind}, ${c.deck} deck`, `cost ${costText(c.cost)}`].concat(can ? ["▶ can be invoked"] : []);
    return el("button", { type: "button", class: `ce-hand-card${can ? " ce-can-invoke" : ""}`, "data-card": c.card,
      "data-deck": c.deck, "data-i": i, "aria-pressed": "false", "aria-label": lines.join(", "),
      onclick: () => pickCard(b, c.card, "hand") },
    el("span", { class: "ce-hand-kind", "aria-hidden": "true" }, KIND_MARK[kind] || "?"),
    lines.map((t, k) => el("div", { class: k === 0 ? "ce-hand-name" : k === 3 ? "ce-hand-invoke" : "ce-hand-line" }, t)));
  });
  return el("div", { class: "ce-hand", role: "group", "aria-label": title, "data-player": h.player ?? "" },
    el("div", { class: "ce-hand-title" }, `${lead}: ${h.cards.length} card${h.cards.length === 1 ? "" : "s"}`,
      aside ? el("span", { class: "ce-hand-note" }, ` (${aside}`) : null),
    el("div", { class: "ce-hand-row" }, buttons.length ? buttons : el("span", {}, "no cards")));
}
function pickCard(b, card, from) {
  const was = b.handPick;
  b.handPick = was && was.card === card && was.from === from ? null : { card, from };
  handPicks.set(b.key, b.handPick);
  showHand(b);
}
// the picked card's face; a hand card's invoke actions, as buttons and as rings on the map
function showHand(b) {
  const { el, svg, wrap, handLayer, handView, faces, actions, cardNames } = b, handPick = b.handPick;
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
      invokes.map((a) => actButton(b, a.a, actionLabel(a.a, cardNames), "ce-invoke"))) :
      el("div", { class: "ce-invokes" }, "No invoke action for this card is legal now.")) : null,
    f ? faceCard(b, f) : el("div", {}, `no card data for ${handPick.card}`));
}
// the Awaken Track as a ring: its spaces clockwise from the top, the Blood Eye, the Reveal and Awaken icons
function trackPanel(b) {
  const { el, svg, full, faces } = b;
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
        onclick: () => pickCard(b, ev.card, "evil") }, `show ${ev.name}'s card`) : null));
}
// events set aside for Phase 4, and the steps being resolved now (the queue, head first)
function eventsPanel(b) {
  const { el, full } = b;
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
function playersTable(b) {
  const { el, full } = b;
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

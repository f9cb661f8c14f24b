// Cave Evil board, control cards (widgets/cave_evil/squads.js).
// One part of the board module: necro/widget/assets.py concatenates widgets/cave_evil/*.js in
// the order it lists (MODULES) into one module; map.js says what each part draws.
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
// while its creature or squad is still there. Picking plays nothing. A creature under a lasting
// spell effect carries a tag on its line ("✧ Mind Control, 2 turns left"), and the Turn Markers in
// use are counted under the strip.

const picks = new WeakMap(); // per widget: { squad, creature, card } chosen in the strip, the map or the fight panel

// Who is in which squad (the control cards, else the squads themselves), and what is picked: the
// pick survives redraws while its creature or squad is still there. Sets b.memberOf, b.membersOf, b.pick.
function squadPicks(b) {
  const { control, cards, squadById, key } = b;
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
  Object.assign(b, { memberOf, membersOf, pick });
}

// ---- lasting spell effects (necro/cave_evil/effects.py): a tag on the creature that bears each one
// ("✧ Mind Control, 2 turns left"), and under the strip the Turn Markers in use (two sets: at most
// two timed effects at once, ruling ce-turn-markers)
function effectsOn(b, cid) { return (b.pos.effects || []).filter((e) => e.creature === cid); }
function effectLabel(b, e) {
  const name = b.cards[e.card] ? b.cards[e.card].name :
    e.card.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
  return e.turns ? `${name}, ${e.turns} turn${e.turns === 1 ? "" : "s"} left` : `${name} (permanent)`;
}
function turnMarkers(b) {
  const timed = (b.pos.effects || []).filter((e) => e.turns);
  if (!timed.length) return null;
  return b.el("div", { class: "ce-markers", role: "note" }, `Turn Markers: ${timed.length} of 2 sets in use (` +
    timed.map((e) => `${effectLabel(b, e)} on ${e.creature}`).join("; ") + ")");
}

// ---- the control-card strip: six cards a player (N, I..V), then the Wandering Monsters' squads
function controlStrip(b) {
  const { el, control, pos } = b;
  const rows = control.map((p) => {
    const wild = p.player === null || p.player === undefined;
    const title = wild ? "Wandering Monsters" : `Player ${p.player + 1}${p.out ? " (out)" : ""}` +
      `${pos.phase !== "setup" && pos.turn === p.player ? " ▶ on turn" : ""}`;
    return el("div", { class: "ce-ctl-side", role: "group", "aria-label": `${title}: control cards` },
      el("div", { class: "ce-ctl-player" }, wild ? null : el("span", { style: `display:inline-block;width:10px;height:10px;` +
        `border-radius:50%;border:1px solid #000;margin-right:4px;background:${TEAM[p.player] || "#777"}` }), title),
      el("div", { class: "ce-ctl-row" }, p.cards.map((c) => controlCard(b, p, c, wild))));
  });
  return el("section", { class: "ce-control", "aria-label": "control cards" }, ...rows, turnMarkers(b));
}
function controlCard(b, p, c, wild) {
  const { el, svg, cards } = b;
  const label = wild ? `W${c.card}` : `${p.player + 1}${c.card}`;
  if (!c.squad) return el("div", { class: "ce-ctl ce-ctl-empty", "data-player": p.player, "data-card": c.card, role: "img",
    "aria-label": `player ${p.player + 1}'s control card ${c.card}: empty` },
  el("div", { class: "ce-ctl-head" }, el("span", { class: "ce-ctl-num" }, c.card), el("span", {}, label)), el("div", {}, "empty"));
  const node = el("div", { class: "ce-ctl", "data-player": wild ? "w" : p.player, "data-card": c.card, "data-control": c.squad,
    "data-full": c.full ? "true" : "false", role: "button", tabindex: 0, "aria-pressed": "false",
    style: `border-color:${wild ? "#555" : TEAM[p.player] || "#555"}` },
  el("div", { class: "ce-ctl-head" }, el("span", { class: "ce-ctl-num", "data-mark": c.card, "aria-hidden": "true" }), el("span", {}, label),
    c.full ? el("span", { class: "ce-ctl-full", title: "at the squad size limit: no creature but a trinket may join" }, "■ full") : null),
  el("ul", {}, c.creatures.map((k) => el("li", { "data-creature": k.id }, sizeIcon(svg, k.size),
    `${k.necromancer ? "♛ " : ""}${cards[k.card] ? cards[k.card].name : k.id}`,
    ...effectsOn(b, k.id).map((e) => el("span", { class: "ce-ctl-effect", "data-effect": e.card,
      title: e.turns ? "a timed effect, under a Turn Marker (rule ce-turn-markers)" : "a permanent effect (rule ce-effect-permanent)" },
    ` ✧ ${effectLabel(b, e)}`))))),
  c.guards ? el("div", { class: "ce-ctl-room ce-ctl-guard" }, `Protector of the pit at ${c.guards}`) : null,
  c.full ? null : el("div", { class: "ce-ctl-room" }, `room: ${c.room.join(" or ")}`),
  c.resources && Object.keys(c.resources).length ? el("div", { class: "ce-ctl-room ce-ctl-loot" },
    "carries: " + Object.entries(c.resources).map(([r, n]) => `${n} ${r}`).join(", ")) : null);
  // named by what it shows (the squad, its creatures, room and load), then whose it is
  b.ui.named(node, `${wild ? (c.guards ? "Protector" : "Wandering Monster") : `player ${p.player + 1}'s`} squad ${c.card}` +
    `${c.guards ? `, guarding the pit at ${c.guards}` : ""}${c.full ? ", full" : ""}. Enter shows its cards`);
  node.addEventListener("click", () => pickSquad(b, c.squad));
  node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pickSquad(b, c.squad); } });
  return node;
}
function pickSquad(b, sid) {
  const members = b.membersOf(sid), pick = b.pick;
  const keep = pick.squad === sid && members.some((k) => k.id === pick.creature);
  const first = keep ? members.find((k) => k.id === pick.creature) : members[0];
  setPick(b, { squad: sid, creature: first ? first.id : null, card: first ? first.card || `blank-${first.size}` : null });
}
function pickCreature(b, cid, card) {
  const m = b.memberOf[cid];
  setPick(b, { squad: m ? m.squad : null, creature: cid, card: (m && m.card) || card });
}
function setPick(b, next) { b.pick = next; picks.set(b.key, next); showPicks(b); }
function showPicks(b) {
  const { el, svg, ui, root, wrap, cardView, control, cards, pick, membersOf, nameOf } = b;
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
      "aria-pressed": k.id === pick.creature ? "true" : "false", onclick: () => { pickCreature(b, k.id, k.card); focusTab(b, k.id); } },
    sizeIcon(svg, k.size), ` ${cards[k.card] ? cards[k.card].name : k.id}`))) : null;
  const face = pick.card && cards[pick.card];
  const m = members.find((k) => k.id === pick.creature);
  const who = pick.squad ? `Squad ${nameOf(pick.squad)}${pick.creature ? `, ${pick.creature}` : ""}` : pick.creature || "";
  cardView.append(el("div", {}, el("div", { style: "font-weight:700;margin-bottom:2px" }, who), tabs,
    face && face.attributes ? creatureCard(ui, face, m ? m.items : [], cards) :
      el("div", {}, pick.card ? `no card data for ${pick.card}` : "no creature")));
}
function focusTab(b, cid) {
  const t = b.cardView.querySelector(`.ce-card-tab[data-creature="${cid}"]`);
  if (t) t.focus();
}

// Night of the Shambling Dead board (widgets/shambling_dead.js).
//
// Draws the Narration Track (the ten hours, the current one marked with an
// arrow and its text), the deck (cards left, the last cards drawn, each with
// its suit as a symbol and a letter B/R so colour is never needed), and one
// board per player: two zones side by side, survivors as round tokens
// (the Hero as a star with "H"), zombies as square tokens, wounds as "+"
// marks and words, contacts listed under each figure, chargers marked with a
// crossed-swords sign.
//
// Clickable (mouse or keyboard: Tab, then Enter or Space): a figure that a
// legal action names (wound, flee, move, engage, drag, lose), a zone where a
// newcomer can be placed, and buttons for the decisions that name no figure
// (stand, counter-charge, done). When a figure has several actions (engage
// s1 on z7 or z8) a small menu opens. No rules here: everything comes from
// the engine's legal actions and their hints.
//
// In edit mode (ui.editing) every zone and every figure is a place to click
// (data-edit "zone.<player>.<F|S>" on the zone's title bar, "fig.<player>.<id>"
// on a figure: the ids of the engine's edit controls): pick a figure, then the
// title of the zone it goes to; pick a zone to add a figure there. The chosen
// one is shaded and outlined.

const HOURS = [
  ["A Gauntlet of Zombies", "A dash through the horde: one roll at strength 10, you spread the wounds."],
  ["Zombie Assault", "A card per player: that many zombies hit the Front Line."],
  ["Dissention in the Ranks", "On a black card, half a die of survivors run off into the night."],
  ["Saviours", "A card of zombies for the Front Line, then a Replacement card."],
  ["The Enemy Within", "Each wounded survivor draws: on black it turns and attacks its zone."],
  ["Surprise Zombie Assault", "A card per player: that many zombies burst into Support."],
  ["Down in Flames", "A Replacement card, then a card of burning zombies for the Front Line."],
  ["A Gauntlet of Fire", "Out of the burning shelter: one roll at strength 10."],
  ["The Final Assault", "Two cards: their total in zombies hits the Front Line."],
  ["A Brave New Dawn", "The enemy within once more; if anyone turned, the Guard shoots on black."],
];
const SUIT = { S: ["♠", "B"], C: ["♣", "B"], H: ["♥", "R"], D: ["♦", "R"] };
const ZONE = { F: "Front Line", S: "Support" };
const INK = "#1b1b1b", RED = "#b3261e", ACCENT = "#0b5cad", SURV = "#0072B2", ZOMB = "#5a6e2b";
// text on the page's own background follows the colour mode through the toolkit's variables (4.5:1 in both)
const MUTED_TEXT = "var(--necro-muted, #555)", ACCENT_TEXT = "var(--necro-accent, #0b5cad)";

function cardText(card) {
  if (card === "JK") return { text: "Joker ★", label: "the Joker", red: false };
  const suit = card.slice(-1), rank = card.slice(0, -1);
  const [sym, letter] = SUIT[suit];
  return { text: `${rank}${sym}${letter}`, label: `${rank} of ${{ S: "spades", C: "clubs", H: "hearts", D: "diamonds" }[suit]}`,
    red: letter === "R" };
}

function figName(f) { return (f[1] === "Z" ? "z" : "s") + f[0]; }

export function drawBoard(container, view, ui) {
  const { el, svg } = ui;
  const pos = view.position;
  const actions = view.actions || [];
  const deciding = typeof view.to_move === "number" ? view.to_move : null;
  const editing = ui.editing;
  // Edit mode: a zone or figure becomes a focusable target named by the editor's element id.
  const editable = (node, id, label) => {
    const chosen = editing.selected === id;
    node.style.border = `1px dashed ${ACCENT}`;
    node.style.borderRadius = "4px";
    node.style.padding = "2px 4px";
    node.setAttribute("data-edit", id);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", `${label}: edit`);
    if (chosen) {
      node.style.background = "#dce8f5";
      node.style.outline = `3px solid ${ACCENT}`;
      node.setAttribute("aria-pressed", "true");
    }
  };

  // actions by figure and by zone
  const byFig = {}, byZone = {}, loose = [];
  for (const a of actions) {
    const hint = a.hint || {};
    if (hint.fig && hint.kind !== "engage") (byFig[hint.fig] = byFig[hint.fig] || []).push(a);
    else if (hint.kind === "engage") {
      (byFig[hint.fig] = byFig[hint.fig] || []).push(a);
      (byFig[hint.target] = byFig[hint.target] || []).push(a);
    } else if (hint.kind === "place") (byZone[hint.zone] = byZone[hint.zone] || []).push(a);
    else if (["stand", "counter-charge", "done"].includes(hint.kind)) loose.push(a);
  }

  const menu = el("div", { class: "nsd-menu", role: "group", "aria-label": "actions for the chosen figure",
    style: "min-height:0;margin:2px 0" });
  const choose = (list, what) => {
    if (list.length === 1) { ui.act(list[0].a); return; }
    menu.replaceChildren(el("span", { style: "margin-right:6px" }, `${what}:`),
      ...list.map((a) => el("button", { type: "button", "data-a": a.a, onclick: () => ui.act(a.a),
        onmouseenter: () => ui.preview(a.a), onmouseleave: () => ui.clearPreview() }, a.a)));
    const first = menu.querySelector("button");
    if (first) first.focus();
  };
  const clickable = (node, list, what) => {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("data-a", list[0].a);
    node.setAttribute("aria-label", `${what}: ${list.map((a) => a.a).join(", ")}`);
    node.style.cursor = "pointer";
    node.style.outline = `3px dashed ${ACCENT}`;
    node.style.outlineOffset = "1px";
    node.addEventListener("click", () => choose(list, what));
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(list, what); }
    });
    node.addEventListener("mouseenter", () => { if (list.length === 1) ui.preview(list[0].a); });
    node.addEventListener("mouseleave", () => ui.clearPreview());
  };

  // --- the Narration Track
  const hour = pos.hour;
  const current = hour > 0 ? pos.events[hour - 1] : null;
  // On the fixed track (events so far 1, 2, 3, ...) the hours to come are known;
  // with the shuffled event deck they are not (the position only holds those drawn).
  const onTrack = pos.events.every((e, i) => e === i + 1);
  const track = el("ol", { class: "nsd-track", "aria-label": "Narration Track",
    style: "display:flex;flex-wrap:wrap;gap:3px;list-style:none;padding:0;margin:0 0 4px" });
  for (let h = 1; h <= 10; h++) {
    const event = pos.events[h - 1];
    const here = h === hour;
    const title = event ? HOURS[event - 1][0] : onTrack || h === 10 ? HOURS[h - 1][0] : "?";
    track.append(el("li", { title: `hour ${h}: ${title}`, "aria-current": here ? "step" : null,
      style: `border:${here ? 3 : 1}px solid ${here ? ACCENT : "#888"};border-radius:4px;padding:1px 4px;` +
        `font-size:11px;min-width:64px;${h < hour ? `color:${MUTED_TEXT};text-decoration:line-through;` : ""}` +
        `${here ? "font-weight:700;" : ""}` }, `${here ? "▶ " : ""}${h}. ${title}`));
  }
  const hourText = current ? `Hour ${hour}: ${HOURS[current - 1][0]}. ${HOURS[current - 1][1]}`
    : hour === 0 ? "Before the night: place your band (at most 6 in the Front Line)." : "";

  // --- the deck(s)
  const decks = el("div", { style: "font-size:12px;margin:2px 0 6px" });
  pos.decks.forEach((d, i) => {
    const last = d.discard.slice(-6).map((c) => {
      const t = cardText(c);
      return el("span", { "aria-label": t.label, style: `display:inline-block;border:1px solid #777;border-radius:3px;` +
        `padding:0 3px;margin-right:2px;background:#fffdf7;color:${t.red ? RED : INK}` }, t.text);
    });
    decks.append(el("div", {}, `${pos.decks.length > 1 ? `Deck of player ${i + 1}` : "Deck"}: ${d.pile.length} cards left` +
      `${d.pile.includes("JK") ? " (Joker still in)" : ""}; last drawn: `, ...(last.length ? last : ["none"])));
  });
  const lastRoll = [...(view.log || [])].reverse().find((l) => /roll|Rolled|rolled/.test(l.text || ""));
  if (lastRoll) decks.append(el("div", {}, "Last roll: ", el("em", {}, lastRoll.text)));

  // --- the boards
  const boards = el("div", { style: "display:flex;flex-direction:column;gap:8px" });
  pos.boards.forEach((b, p) => {
    const contacts = {};
    for (const [s, z] of b.pairs) {
      (contacts["s" + s] = contacts["s" + s] || []).push("z" + z);
      (contacts["z" + z] = contacts["z" + z] || []).push("s" + s);
    }
    const chargers = new Set(b.chargers.map((i) => "s" + i));
    const survivors = b.figs.filter((f) => f[1] !== "Z").length;
    const head = el("div", { style: `font-weight:600;${deciding === p ? `color:${ACCENT_TEXT}` : ""}` },
      `${deciding === p ? "▶ " : ""}Player ${p + 1}: ${survivors} survivor${survivors === 1 ? "" : "s"}` +
      (b.out ? ` (night over in hour ${b.out[0]}: ${b.out[1]})` : "") +
      (b.stance ? ` (battle: ${b.stance === "charge" ? "counter-charge" : "stand and receive"})` : ""));
    const zones = el("div", { style: "display:flex;gap:6px;flex-wrap:wrap" });
    for (const zone of ["F", "S"]) {
      const figs = b.figs.filter((f) => f[3] === zone);
      const count = figs.filter((f) => f[1] !== "Z").length;
      const box = el("section", { "aria-label": `player ${p + 1} ${ZONE[zone]}`,
        style: `flex:1 1 220px;border:2px ${zone === "F" ? "solid" : "dashed"} #777;border-radius:6px;padding:4px;min-height:70px` });
      const title = el("div", { style: "font-size:12px;font-weight:600;margin-bottom:3px" },
        `${zone === "F" ? "▲" : "▽"} ${ZONE[zone]} (${count} survivor${count === 1 ? "" : "s"}` +
        `${zone === "F" && count <= 6 ? ", at most 6" : ""})`);
      box.append(title);
      if (deciding === p && byZone[zone]) clickable(title, byZone[zone], `place in ${ZONE[zone]}`);
      const row = el("div", { style: "display:flex;flex-wrap:wrap;gap:4px" });
      for (const f of figs) row.append(token(f, contacts[figName(f)], chargers.has(figName(f))));
      box.append(row);
      // the zone's title bar, not the whole zone: its figures are targets of their own
      if (editing) editable(title, `zone.${p}.${zone}`, `player ${p + 1}'s ${ZONE[zone]}`);
      zones.append(box);
    }
    boards.append(el("div", {}, head, zones));

    function token(f, touching, charging) {
      const name = figName(f);
      const zombie = f[1] === "Z", hero = f[1] === "H";
      const size = 34;
      const pic = svg("svg", { width: size, height: size, viewBox: "0 0 34 34", "aria-hidden": "true" });
      if (zombie) pic.append(svg("rect", { x: 3, y: 3, width: 28, height: 28, rx: 3, fill: ZOMB, stroke: "#000" }));
      else if (hero) pic.append(svg("polygon", { points: "17,1 21,12 33,12 23,19 27,32 17,24 7,32 11,19 1,12 13,12",
        fill: "#E69F00", stroke: "#000" }));
      else pic.append(svg("circle", { cx: 17, cy: 17, r: 14, fill: SURV, stroke: "#000" }));
      pic.append(svg("text", { x: 17, y: 21, "text-anchor": "middle", "font-size": 10, "font-weight": 700,
        fill: zombie || !hero ? "#fff" : "#000" }, hero ? "H" : zombie ? "Z" : "S"));
      if (f[2]) pic.append(svg("text", { x: 30, y: 10, "text-anchor": "end", "font-size": 14, "font-weight": 900,
        fill: RED, stroke: "#fff", "stroke-width": 0.6 }, "+"));
      const words = [name + (hero ? " Hero" : ""), f[2] ? "wounded" : "", charging ? "⚔ charging" : "",
        touching ? `↔ ${touching.join(" ")}` : ""].filter(Boolean);
      const node = el("div", { title: words.join(", "), "aria-label": words.join(", "),
        style: `display:flex;flex-direction:column;align-items:center;font-size:10px;width:58px;` +
          `${f[2] ? "border-bottom:2px solid " + RED + ";" : ""}` },
        pic, el("span", { style: "font-weight:700" }, `${name}${f[2] ? " +1" : ""}${charging ? " ⚔" : ""}`),
        touching ? el("span", { style: `color:${MUTED_TEXT}` }, `↔${touching.join(",")}`) : null);
      if (deciding === p && byFig[name]) clickable(node, byFig[name], `${name}`);
      if (editing) editable(node, `fig.${p}.${f[0]}`, `player ${p + 1}'s ${words.join(", ")}`);
      return node;
    }
  });

  const buttons = el("div", { style: "margin:4px 0" }, ...loose.map((a) => el("button", { type: "button",
    "data-a": a.a, onclick: () => ui.act(a.a), onmouseenter: () => ui.preview(a.a), onmouseleave: () => ui.clearPreview() },
  a.a === "stand" ? "Stand and receive" : a.a === "counter-charge" ? "Counter-charge!" : "Done")));

  container.append(track, el("div", { style: "font-size:13px;margin:2px 0" }, hourText), decks, buttons, menu, boards);

  return {
    highlight(notation) {
      for (const node of container.querySelectorAll("[data-hot]")) { node.removeAttribute("data-hot"); node.style.boxShadow = ""; }
      if (!notation) return;
      const action = actions.find((a) => a.a === notation);
      const hint = (action && action.hint) || {};
      for (const name of [hint.fig, hint.target].filter(Boolean)) {
        for (const node of container.querySelectorAll(`[aria-label^="${name},"], [aria-label^="${name} "]`)) {
          node.setAttribute("data-hot", "1");
          node.style.boxShadow = "0 0 0 4px #E69F00";
        }
      }
    },
  };
}

// Cave Evil board, the combat panel (widgets/cave_evil/combat.js).
// One part of the board module: necro/widget/assets.py concatenates widgets/cave_evil/*.js in
// the order it lists (MODULES) into one module; map.js says what each part draws.
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
  // the defender picks round 2, and against a Stabbist rounds 1 and 3 too (rule ce-stabbist)
  const round = { first: 1, second: 2, third: 3 }[f.decision];
  const choices = round && (f.decision !== "first" || f.stabbist) && f.choices.length ?
    el("div", { class: "ce-fight-choices" }, `Defender, pick round ${round}: `, ...f.choices.map((a) => choiceButton(a, a))) : "";
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

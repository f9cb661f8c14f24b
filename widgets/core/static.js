// necro widget toolkit, the precomputed graph (widgets/core/static.js).
// One part of the toolkit: necro/widget/assets.py concatenates widgets/core/*.js in the
// order it lists (TOOLKIT) into one module, so every part sees the others' names.


// A position from a precomputed graph with its shared parts put back: `$shared`
// maps a key ("ground") or a key and sub-key ("map.hexes") to graph.shared
// (necro/widget/view.py, build_graph).
function unshare(graph, position) {
  const out = { ...position };
  delete out.$shared;
  for (const [name, i] of Object.entries(position.$shared)) {
    const dot = name.indexOf(".");
    if (dot < 0) out[name] = graph.shared[i];
    else {
      const key = name.slice(0, dot);
      out[key] = { ...(out[key] || {}), [name.slice(dot + 1)]: graph.shared[i] };
    }
  }
  return out;
}

// ------------------------------------------------------- static mode
Object.assign(NecroWidget.prototype, {
  // Whether the precomputed graph can answer `msg` itself (else it waits for the engine).
  staticCan(msg) {
    if (this.mode !== "static") return false;
    const node = this.node();
    switch (msg.type) {
      case "act": {
        const action = this.graphAction(node, msg.a);
        return !action || action.to !== undefined; // an illegal action is refused by the graph too
      }
      case "roll": {
        const followed = node.actions.filter((x) => x.to !== undefined);
        return followed.some((x) => x.forced) || (followed.length > 0 && followed.length === node.actions.length);
      }
      case "undo": case "redo": case "reset": return true;
      default: return false;
    }
  },

  graph() {
    const graph = this.model.get("graph");
    return graph && Array.isArray(graph.nodes) && graph.nodes.length ? graph : null;
  },

  // The packed action `notation` names at `node`: a decision it lists, or a move of a lesson's line
  // that this seat may not see listed (another player's, a hidden draw: `line`, followed when asked).
  graphAction(node, notation) {
    return node.actions.find((x) => x.a === notation) || (node.line || []).find((x) => x.a === notation);
  },

  // The path is the list of packed actions followed from the graph's root;
  // each carries `to` (the child node) and `log` (the lines it wrote).
  node() {
    const graph = this.graph();
    const at = this.path.length ? this.path[this.path.length - 1].to : graph.root;
    return graph.nodes[at];
  },

  staticView() {
    const graph = this.graph();
    const node = this.node();
    const line = (rule, text, step, a) => {
      const info = graph.rules[rule] || [null, null];
      return { rule, text, href: info[0], title: info[1], step, a };
    };
    const log = graph.root_log.map(([rule, text, step, a]) => line(rule, text, step, a));
    this.path.forEach((action, i) => {
      for (const [rule, text] of action.log || []) log.push(line(rule, text, graph.root_step + i + 1, action.m || action.a));
    });
    const actions = node.actions.map((x) => ({ a: x.a, hint: x.hint || {}, p: x.p === undefined ? null : x.p, rule: x.rule }));
    // parts the graph stores once (repeated parts of positions, card faces): back into the position
    let view = node.view;
    if (view.position && view.position.$shared) view = { ...view, position: unshare(graph, view.position) };
    if (graph.pooled && view.position) view = { ...view, position: { ...view.position, ...graph.pooled } };
    if (graph.viewing !== undefined) view = { ...view, viewing: graph.viewing }; // whose eyes the graph was built for
    return { terminal: false, winner: null, ...graph.common, ...view, step: graph.root_step + this.path.length,
      actions, log, can_undo: this.path.length > 0, can_redo: this.redoStack.length > 0 };
  },

  frontierNote(node) {
    const graph = this.graph();
    const some = node.actions.some((x) => x.to !== undefined);
    const where = some ? "Only some moves from here were precomputed" : "The precomputed moves end here";
    return `${where} (the page holds ${graph.depth} step${graph.depth === 1 ? "" : "s"} from the start` +
      ` of this board). To keep playing, ${PLAY_ON}; or undo.`;
  },

  staticDo(msg) {
    const graph = this.graph();
    if (!graph) return;
    switch (msg.type) {
      case "act": this.staticAct(msg.a); break;
      case "roll": this.staticRoll(); break;
      case "undo": this.staticUndo(); break;
      case "redo": this.staticRedo(); break;
      case "reset": this.path = []; this.redoStack = []; this.autoChance(); break;
      case "load_position":
        this.note = `Loading a position needs the live rules engine to check it: ${PLAY_ON}.` +
          " Copying the position out works here.";
        break;
      case "bot_move": case "seats":
        this.note = `The computer player needs the live rules engine: ${PLAY_ON}.`;
        break;
      case "share": case "open_link": case "save": case "edit_mode": case "edit":
        this.note = "Links, saved games and edit mode need the rules engine, which cannot start here: serve the book (the" +
          " command necro book) or play it live (necro live).";
        break;
      default: break;
    }
  },

  staticAct(notation) {
    const node = this.node();
    const action = this.graphAction(node, notation);
    if (action && action.to !== undefined) {
      this.path.push(action);
      this.redoStack = [];
      this.autoChance();
    } else if (action) {
      this.note = this.frontierNote(node);
    } else {
      this.staticError = `illegal action '${notation}': it is not among the legal actions of this position (rule core-legal)`;
    }
  },

  staticRoll() {
    const node = this.node();
    if (node.view.to_move !== "chance") { this.staticError = "it is not chance's turn to decide (rule core-turn)"; return; }
    const followed = node.actions.filter((x) => x.to !== undefined);
    const forced = followed.find((x) => x.forced);  // a scenario fixed this outcome (the next card, the die)
    if (forced) { this.path.push(forced); this.redoStack = []; return; }
    if (!followed.length || followed.length < node.actions.length) { this.note = this.frontierNote(node); return; }
    let pick = Math.random();
    let chosen = followed[followed.length - 1];
    for (const action of followed) {
      const p = probability(action.p) || 0;
      if (pick < p) { chosen = action; break; }
      pick -= p;
    }
    this.path.push(chosen);
    this.redoStack = [];
  },

  isAutoStep() {
    return this.node().view.to_move === "chance" && !this.pickChance;
  },

  autoChance() {
    for (let i = 0; i < 1000 && this.isAutoStep(); i++) {
      const before = this.path.length;
      this.staticRoll();
      if (this.path.length === before) break; // the depth ends at this roll
    }
  },

  staticUndo() {
    if (!this.path.length) { this.staticError = "there is no step to undo"; return; }
    this.redoStack.push(this.path.pop());
    while (this.path.length && this.isAutoStep()) this.redoStack.push(this.path.pop());
  },

  staticRedo() {
    if (!this.redoStack.length) { this.staticError = "there is no undone step to redo"; return; }
    this.path.push(this.redoStack.pop());
    while (this.redoStack.length && this.isAutoStep()) this.path.push(this.redoStack.pop());
  },

  setPickChance(on) {
    this.pickChance = !!on;
    if (this.mode === "static" && !this.pickChance) { this.autoChance(); this.redraw(); return; }
    if (this.mode === "static") { this.redraw(); return; }
    this.request({ type: "auto_chance", on: !this.pickChance });
  },
});

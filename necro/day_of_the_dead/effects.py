"""Card effects: one function per verb of the effect vocabulary (see ``cards.py``).

Each runs one step of one use of an effect, for player ``p``'s fighter in
slot ``k``: it changes the fight or the scores, or queues the small steps of a
choice (a copy target, an Unearth, a Dig) at the front of the turn's queue, so
the state machine asks for that choice before going on. ``src`` is the card
whose printed effect is being used (the fighter itself, or the card it copies).
"""

from __future__ import annotations

from .board import slot_place

VERB_RULES = {
    "power": "dotd-effect-power", "power_per": "dotd-effect-power", "gain": "dotd-effect-points",
    "gain_div": "dotd-effect-points", "drain": "dotd-effect-points", "drain_div": "dotd-effect-points",
    "win": "dotd-effect-win", "stop": "dotd-effect-stop", "cancel_next": "dotd-effect-cancel",
    "extra_next": "dotd-effect-next", "cultivate": "dotd-effect-next", "copy": "dotd-effect-copy",
    "return": "dotd-effect-return", "unearth": "dotd-effect-unearth", "dig": "dotd-keyword-dig",
    "after": "dotd-effect-after",
}
CONDITION_WORDS = {
    "behind": "you are behind", "ahead": "you are ahead", "priority": "you have priority",
    "no-priority": "you do not have priority", "opp-stronger": "the opposing fighter's printed power is higher",
    "opp-weaker": "the opposing fighter's printed power is lower", "first-fight": "this is the turn's first fight",
    "last-fight": "this is the fight in slot 1", "spirit-double": "your spirit has a Double back",
    "spirit-power-up": "your spirit has a Power Up back", "spirit-unearth": "your spirit has an Unearth back",
}


def verb_of(step: dict) -> str:
    return next(k for k in step if k in VERB_RULES)


def condition_holds(s, p: int, k: int, cond: str) -> bool:
    if cond == "behind":
        return s.scores[p] < s.scores[1 - p]
    if cond == "ahead":
        return s.scores[p] > s.scores[1 - p]
    if cond == "priority":
        return s.priority == p
    if cond == "no-priority":
        return s.priority != p
    if cond in ("opp-stronger", "opp-weaker"):
        mine = s.cs[s.slots[p][k - 1][0]].power
        theirs = s.cs[s.slots[1 - p][k - 1][0]].power
        return theirs > mine if cond == "opp-stronger" else theirs < mine
    if cond == "first-fight":
        return k == len(s.slots[p])
    if cond == "last-fight":
        return k == 1
    spirit = s.spirits[p]
    back = s.cs[spirit].back if spirit else None
    return back == {"spirit-double": "double", "spirit-power-up": "power-up", "spirit-unearth": "unearth"}[cond]


def count(s, p: int, what: str) -> int:
    side = p if what.startswith("own") else 1 - p
    if what.endswith("hand"):
        return len(s.hands[side])
    active = what.endswith("active")
    return sum(1 for _, up in s.slots[side] if up == active)


def run(s, p: int, k: int, src: str, j: int, use: int) -> None:
    """Run step ``j`` of ``src``'s effect (see the module docstring)."""
    card = s.cs.cards[src]
    verb, value, cond, step = card.steps[j]
    name = card.name
    log = s.notes is not None  # the fast path keeps no log: no text to build
    rule, who = (VERB_RULES[verb], s.who(p)) if log else ("", "")
    if cond and not condition_holds(s, p, k, cond):
        if log:
            s.note(rule, f"{name}: nothing happens, since it needs that {CONDITION_WORDS[cond]}.")
        return
    f = s.fight
    if verb in ("power", "power_per"):
        amount = value if verb == "power" else value * count(s, p, step["count"])
        f["bonus"][p] += amount
        f["parts"].append([p, name + (" again" if use else ""), amount])
        if log:
            s.note(rule, f"{name}: {amount:+d} power for {who}.")
    elif verb in ("gain", "gain_div"):
        amount = value if verb == "gain" else s.scores[p] // value
        s.scores[p] += amount
        if log:
            s.note(rule, f"{name}: {who} gains {amount} point{'s' * (amount != 1)} ({s.scores[p]}).")
    elif verb in ("drain", "drain_div"):
        q = 1 - p
        wanted = value if verb == "drain" else s.scores[q] // value
        amount = min(wanted, s.scores[q])
        s.scores[q] -= amount
        if log:
            # the FAQ covers an opponent at 0; taking what is left of a smaller score is a ruling
            s.note("dotd-ruling-drain-clamp" if 0 < amount < wanted else rule,
                   f"{name}: {s.who(q)} loses {amount} point{'s' * (amount != 1)} ({s.scores[q]})"
                   + (" (a score never goes below 0)" if amount < wanted else "") + ".")
    elif verb == "win":
        f["won"] = p
        if log:
            s.note(rule, f"{name}: {who} wins the fight outright; it ends here.")
    elif verb == "stop":
        f["stopped"][1 - p] = True
        if log:
            s.note(rule, f"{name}: {s.who(1 - p)}'s fighter uses no more effects in this fight.")
    elif verb in ("cancel_next", "extra_next", "cultivate"):
        if k == 1:
            if log:
                s.note(rule, f"{name}: there is no next fight this turn, so nothing happens.")
        elif verb == "cancel_next":
            if k - 1 not in s.marks["cancel"]:
                s.marks["cancel"].append(k - 1)
            if log:
                s.note(rule, f"{name}: no effects will be used in the fight in slot {k - 1}.")
        else:
            kind = "extra" if verb == "extra_next" else "cultivate"
            s.marks[kind].append([p, k - 1, value])
            if log:
                what = (f"uses its effect {value} more time{'s' * (value != 1)}" if kind == "extra"
                        else f"gets +{value}x its printed power")
                s.note(rule, f"{name}: {who}'s fighter in slot {k - 1} {what}.")
    elif verb == "copy":
        s.ask_copy(p, k, value, bool(step.get("quiet")), use, name)
    elif verb == "return":
        s.return_fighter(p, k, name)
    elif verb == "unearth":
        # Unearth on one's own cards is the keyword (dotd-keyword-unearth); any card in play is Spook's
        # effect (dotd-effect-unearth).
        source = "effect" if value == "any" else "keyword"
        if value == "self":
            s.start_unearth(p, slot_place(p, k), source)
        else:
            s._q_unearth(p, value, source)  # one step, run at once (see queue_front)
    elif verb == "dig":
        s._q_dig(p)  # one step, run at once (see queue_front)
    elif verb == "after":
        if not any(x[0] == p and x[1] == value for x in f["after"]):
            # the card goes with it: its Unearth is offered only while it is still there (dotd-ruling-after-card)
            f["after"].append([p, value, s.slots[p][k - 1][0]] if s.game.options["after_unearth"] == "card"
                              else [p, value])
        if log:
            whom = "its owner" if value == "spy" else s.who(1 - p)
            s.note(rule, f"{name}: once the fight is decided, {whom} may have it unearthed.")

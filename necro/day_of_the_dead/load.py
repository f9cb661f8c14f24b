"""Reading, masking and printing Day of the Dead positions.

``load_position`` validates a hand-written or saved position with a clear
error for every impossible table (a card in two places, a line of seven, a
queue step the engine does not know). ``mask`` is a player's view: the other
player's hand and face-down cards, and the decks, show only their backs (the
letter ``D``, ``P`` or ``U``), as card backs do at the table. A masked view
loads back: each back letter is dealt the lowest unused card of that back.
"""

from __future__ import annotations

from necro.core import FormatError

from .board import LETTERS, is_card_id
from .cards import BACK_NAMES, BACK_OF_LETTER

KEYS = ("turn", "priority", "scores", "hands", "slots", "spirits", "decks", "discards", "looking", "marks",
        "fight", "queue", "task", "over", "cards", "options", "seen")
TASK_KINDS = ("draw", "priority", "fallen", "spirit", "target", "take", "copy", "dig", "discard", "convert", "after")
TASK_KEYS = ("do", "p", "L", "why", "options", "source", "target", "slot", "quiet", "use", "name", "owner", "place",
             "kind")


class _Dealer:
    """Turns card fields into ids, dealing a concrete card for each masked back letter."""

    def __init__(self, state, doc: dict):
        self.cs = state.cs
        known = set()
        _walk(doc, lambda v: known.add(v) if is_card_id(v) else None)
        self.free = {L: [c for c in self.cs.decks[BACK_OF_LETTER[L]] if c not in known] for L in LETTERS}
        self.seen: set[str] = set()

    def card(self, r) -> str:
        v = r.value
        if isinstance(v, str) and v in LETTERS:
            if not self.free[v]:
                r.fail(f"no {BACK_NAMES[BACK_OF_LETTER[v]]} card is left to stand for this hidden card")
            v = self.free[v].pop(0)
        elif not isinstance(v, str) or v not in self.cs:
            r.fail(f"{v!r} is not a card id of this card set (D01-D38, P01-P38, U01-U38) nor a back letter")
        if v in self.seen:
            r.fail(f"card {v} ({self.cs[v].name}) is in two places")
        self.seen.add(v)
        return v

    def cards(self, r, max_length=200) -> list[str]:
        return [self.card(x) for x in r.list(max_length=max_length)]


def _walk(value, fn) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _walk(v, fn)
    elif isinstance(value, list):
        for v in value:
            _walk(v, fn)
    else:
        fn(value)


def load_position(state, r) -> None:
    r.obj(allowed=KEYS)
    if r.has("options"):
        opts = r["options"].obj()
        for name, value in opts.value.items():
            if state.game.options.get(name, object()) != value:
                opts[name].fail(f"this game is played with {name}={state.game.options.get(name)!r}; "
                                "options belong to the game, not to a position")
    from .cards import card_set

    state.cs = card_set(state.game.options["cards"])
    deal = _Dealer(state, {k: r.value.get(k) for k in ("hands", "slots", "spirits", "discards", "looking", "decks")})
    state.turn = r["turn"].int(0, 6)
    pr = r.get("priority", None)
    state.priority = None if pr.value is None else pr.int(0, 1)
    state.scores = [x.int(0, 10_000) for x in r.get("scores", [0, 0]).list(length=2)]
    state.hands = [sorted(deal.cards(h, 60)) for h in r["hands"].list(length=2)]
    slots = []
    for line in r["slots"].list(length=2):
        entries = []
        for e in line.list(max_length=6):
            e.list(length=2)
            entries.append([deal.card(e[0]), e[1].str(choices=("active", "fallen")) == "active"])
        slots.append(entries)
    # On turn 1 the face-down cards are laid one player after the other (dotd-ruling-hidden-order):
    # while the second player chooses, only the first player's slot 1 is filled.
    raw_task = r.value.get("task")
    laying = (isinstance(raw_task, dict) and raw_task.get("do") == "fallen" and raw_task.get("p") in (0, 1)
              and state.turn == 1 and [len(line) for line in slots] == [raw_task["p"], 1 - raw_task["p"]])
    if len(slots[0]) != len(slots[1]) and not laying:
        r["slots"].fail("both lines have the same number of slots")
    state.slots = slots
    state.spirits = [None if s.value is None else deal.card(s) for s in r["spirits"].list(length=2)]
    state.discards = {}
    for L in LETTERS:
        pile = deal.cards(r.get("discards", {})[L] if r.get("discards", {}).has(L) else _empty(r, L))
        for i, c in enumerate(pile):
            if c[0] != L:
                r["discards"][L][i].fail(f"{c} does not have the {L} back")
        state.discards[L] = pile
    state.looking = deal.cards(r.get("looking", []), 3)
    # The decks hold every card not found elsewhere (a position may list them, checked, or leave them out).
    if r.has("decks"):
        decks = r["decks"].obj(allowed=LETTERS)
        state.decks = {}
        for L in LETTERS:
            listed = decks[L].list(max_length=200) if decks.has(L) else []
            state.decks[L] = sorted(deal.card(x) for x in listed)
    else:
        state.decks = {L: [] for L in LETTERS}
    for L in LETTERS:
        for c in deal.free[L]:
            if c not in deal.seen:
                state.decks[L].append(c)
                deal.seen.add(c)
        state.decks[L].sort()
        for c in state.decks[L]:
            if c[0] != L:
                r["decks"].fail(f"{c} is not a card of the {L} deck")
    missing = sorted(set(state.cs.cards) - deal.seen)
    if missing:
        r.fail(f"cards missing from the table: {', '.join(missing[:6])}")
    _load_marks(state, r.get("marks", None))
    _load_seen(state, r)
    state.fight = _load_fight(state, r.get("fight", None), len(slots[0]))
    state.queue = _load_queue(state, r.get("queue", []), len(slots[0]))
    state.task = _load_task(state, r.get("task", None))
    state.over = r.get("over", False).bool()
    if state.over and (state.task is not None or state.queue):
        r["over"].fail("a finished game waits for nothing")
    if not state.over and state.task is None and not state.queue:
        r["queue"].fail("an unfinished game needs a task or steps left in its queue")
    if state.over and state.turn != 6:
        r["turn"].fail("the game ends after turn 6")
    if len(slots[0]) not in (state.turn, max(0, state.turn - 1)):
        r["slots"].fail(f"on turn {state.turn} each line has {state.turn} slots (or {max(0, state.turn - 1)} "
                        "before the new slot opens)")
    if state.turn and state.priority is None:
        r["priority"].fail("once the game has begun someone holds priority")
    if state.looking and (state.task is None or state.task["do"] not in ("take", "draw")):
        r["looking"].fail("cards are looked at only while an Unearth chooses its replacement")
    _check_spirits_and_counts(state, r)
    if not state.over:
        for p in (0, 1):
            needed = cards_needed(state, p)
            coming = sum(1 for item in state.queue if item[0] == "deal" and item[1] == p)
            if state.task and state.task["do"] == "draw" and state.task["why"] == "deal" and state.task["p"] == p:
                coming += 1
            if len(state.hands[p]) + coming < needed:
                r["hands"][p].fail(f"player {p + 1} has {len(state.hands[p])} card(s) in hand but must still lay "
                                   f"{needed} (a spirit each turn, and slot 1 on turn 1)")
    if state.task is None and not state.over:
        # A hand-written position may stop between steps: run the automatic ones up to the next decision.
        state._advance()


DEALT = 9
"""Cards dealt to each player (3 of each back); nothing but Dig adds to a hand, and Dig discards what it drew."""


def _check_spirits_and_counts(state, r) -> None:
    """What the summoning and the deal make true at every moment (an edited table could break it).

    While the field has not yet turned active, a player has a spirit exactly when
    their new spirit is laid (last turn's went into the new slot); and a player
    never holds more cards in hand and play than the deal gave (one more while
    Dig waits for its discard).
    """
    task = state.task
    summoning = any(item[0] == "activate" for item in state.queue)
    for p in (0, 1):
        pending = ((task is not None and task["do"] == "spirit" and task["p"] == p)
                   or any(item[:3] == ["choose", p, "spirit"] for item in state.queue))
        if summoning and pending and state.spirits[p] is not None:
            r["spirits"][p].fail(f"player {p + 1} has not yet laid this turn's spirit: the place is empty "
                                 "(last turn's spirit went into the new slot)")
        if summoning and not pending and state.spirits[p] is None and state.hands[p]:
            r["spirits"][p].fail(f"player {p + 1} has already laid this turn's spirit: it cannot be missing")
        dealing = sum(1 for item in state.queue if item[0] == "deal" and item[1] == p)
        if task is not None and task["do"] == "draw" and task["why"] == "deal" and task["p"] == p:
            dealing += 1
        held = len(state.hands[p]) + len(state.in_play(p)) + dealing
        allowed = DEALT + (1 if task is not None and task["do"] == "discard" and task["p"] == p else 0)
        if held > allowed:
            r["hands"][p].fail(f"player {p + 1} has {held} cards in hand and in play, more than the {DEALT} "
                               "dealt (no rule adds a card for good: Dig discards the card it draws)")


def _empty(r, L):
    from necro.core import Reader

    return Reader([], f"{r.path}.discards.{L}")


def _load_marks(state, r) -> None:
    from .board import empty_marks

    marks = empty_marks()
    if r.value is not None:
        r.obj(allowed=tuple(marks))
        marks["cancel"] = [x.int(1, 6) for x in r.get("cancel", []).list(max_length=6)]
        for key in ("extra", "cultivate"):
            for x in r.get(key, []).list(max_length=20):
                x.list(length=3)
                marks[key].append([x[0].int(0, 1), x[1].int(1, 6), x[2].int(1, 10)])
        for x in r.get("quiet", []).list(max_length=12):
            v = x.str()
            if v not in state.cs:
                x.fail(f"{v!r} is not a card id")
            marks["quiet"].append(v)
    state.marks = marks


def _load_seen(state, r) -> None:
    """What each player remembers (``seen``): kept only for the other player's face-down cards in
    play (an edit that moved a card makes it forgotten). A position without the key was saved
    before memory was kept: it plays on without it (``state.memory`` False), so its history
    replays to the very position stored."""
    state.memory = r.has("seen")
    state.seen = [[], []]
    if not state.memory:
        return
    for p, known in enumerate(r["seen"].list(length=2)):
        other = 1 - p
        hidden = {c for c, up in state.slots[other] if not up} | {state.spirits[other]} - {None}
        for x in known.list(max_length=12):
            v = x.str()
            if v in hidden and v not in state.seen[p]:
                state.seen[p].append(v)


def _load_fight(state, r, slots: int):
    if r.value is None:
        return None
    r.obj(allowed=("slot", "bonus", "parts", "stopped", "won", "power", "winner", "after", "acting"))
    f = {"slot": r["slot"].int(1, max(1, slots)),
         "bonus": [x.int(-200, 200) for x in r["bonus"].list(length=2)],
         "parts": [], "stopped": [x.bool() for x in r.get("stopped", [False, False]).list(length=2)],
         "won": None if r.get("won", None).value is None else r["won"].int(0, 1),
         "power": None if r.get("power", None).value is None else [x.int(-500, 500) for x in r["power"].list(length=2)],
         "winner": None if r.get("winner", None).value is None else r["winner"].int(-1, 1),
         "after": []}
    for x in r.get("parts", []).list(max_length=100):
        x.list(length=3)
        f["parts"].append([x[0].int(0, 1), x[1].str(max_length=80), x[2].int(-500, 500)])
    for x in r.get("after", []).list(max_length=4):
        entry = [x[0].int(0, 1), x[1].str(choices=("spy", "moody"))]
        if len(x.list(min_length=2, max_length=3)) == 3:  # the card it goes with (none before 2026-11-27)
            entry.append(_fight_card(state, x[2], entry[0], f["slot"]))
        f["after"].append(entry)
    # whose remaining effect uses these are: None (not begun, or a fight saved before 2026-11-27), "" (lapsed)
    f["acting"] = [x.value if x.value in (None, "") else _fight_card(state, x, p, f["slot"])
                   for p, x in enumerate(r.get("acting", [None, None]).list(length=2))]
    return f


def _fight_card(state, r, p: int, slot: int) -> str:
    """A card the fight names for player ``p`` (an id, or a back letter where a view masked a card
    that now lies face down: the card in that slot, which has not moved since)."""
    v = r.str()
    if v in LETTERS:
        line = state.slots[p]
        return line[slot - 1][0] if slot <= len(line) else r.fail("no card in that slot")
    if v not in state.cs:
        r.fail(f"{v!r} is not a card id")
    return v


def _load_queue(state, r, slots: int) -> list:
    queue = []
    for item in r.list(max_length=200):
        parts = item.list(min_length=1, max_length=6)
        name = parts[0].str(choices=tuple(state.STEP_ARGS))
        spec = state.STEP_ARGS[name]
        if len(parts) != len(spec) + 1:
            item.fail(f"step {name!r} takes {len(spec)} argument(s)")
        out = [name]
        for kind, x in zip(spec, parts[1:]):
            if kind == "p":
                out.append(x.int(0, 1))
            elif kind == "k":
                out.append(x.int(1, 6))
            elif kind == "i":
                out.append(x.int(0, 20))
            elif kind == "c":
                v = x.str()
                if v in LETTERS:
                    x.fail(HIDDEN_REFERENCE.format(v=v))
                if v not in state.cs:
                    x.fail(f"{v!r} is not a card id")
                out.append(v)
            elif kind == "w":
                out.append(_place(state, x))
            elif kind == "L":
                out.append(x.str(choices=LETTERS))
            elif kind == "K":
                out.append(x.str(choices=("fallen", "spirit")))
            elif kind == "S":
                out.append(x.str(choices=("own", "any")))
            elif kind == "O":
                out.append(x.str(choices=("spirit", "keyword", "effect", "after")))
        if name == "step" and out[4] >= len(state.cs[out[3]].effect):
            parts[4].fail(f"{state.cs[out[3]].name} has no effect step {out[4]}")
        queue.append(out)
    return queue


def _place(state, r) -> str:
    """A place in play (``p2-slot3``, ``p1-spirit``) that holds a card."""
    from .board import _PLACE

    v = r.str(max_length=20)
    if not _PLACE.match(v) or state.card_at(v) is None:
        r.fail(f"{v!r} is not a place holding a card (write p1-slot1..p2-slot6, p1-spirit or p2-spirit)")
    return v


def _load_task(state, r):
    if r.value is None:
        return None
    r.obj(allowed=TASK_KEYS)
    kind = r["do"].str(choices=TASK_KINDS)
    task = {"do": kind}
    if kind != "priority":
        task["p"] = r["p"].int(0, 1)
    if kind == "draw":
        task["L"] = r["L"].str(choices=LETTERS)
        task["why"] = r["why"].str(choices=("deal", "look", "dig"))
        if not state.decks[task["L"]]:
            r["L"].fail("chance cannot draw from an empty deck")
    elif kind == "target":
        task["options"] = [_place(state, x) for x in r["options"].list(min_length=1, max_length=20)]
        task["source"] = r["source"].str(choices=("spirit", "keyword", "effect", "after"))
    elif kind == "copy":
        opts = []
        for x in r["options"].list(min_length=1, max_length=20):
            v = x.str()
            if v in LETTERS:
                x.fail(HIDDEN_REFERENCE.format(v=v))
            if state.place_of(v) is None:
                x.fail(f"{v!r} is not a card in play")
            opts.append(v)
        task["options"] = opts
        task["slot"] = r["slot"].int(1, 6)
        task["quiet"] = r["quiet"].bool()
        task["use"] = r["use"].int(0, 20)
        task["name"] = r["name"].str(max_length=40)
    elif kind == "take":
        task["target"] = _place(state, r["target"])
        task["source"] = r["source"].str(choices=("spirit", "keyword", "effect", "after"))
        if not state.looking:
            r.fail("a replacement is chosen among the cards being looked at: 'looking' is empty")
    elif kind == "discard":
        task["L"] = r["L"].str(choices=LETTERS)
    elif kind == "convert":
        task["slot"] = r["slot"].int(1, 6)
    elif kind == "after":
        task["owner"] = r["owner"].int(0, 1)
        task["place"] = _place(state, r["place"])
        task["kind"] = r["kind"].str(choices=("spy", "moody"))
    elif kind in ("fallen", "spirit") and not state.hands[task["p"]]:
        r["p"].fail("that player has no card in hand")
    return task


def cards_needed(state, p: int) -> int:
    """How many cards player ``p`` must still lay from hand: the choices queued this turn and a
    spirit for each turn to come (plus slot 1 if turn 1 has not begun)."""
    queued = sum(1 for item in state.queue if item[0] == "choose" and item[1] == p)
    task = state.task
    if task and task["do"] in ("fallen", "spirit") and task.get("p") == p:
        queued += 1
    future = 6 - state.turn + (1 if state.turn == 0 else 0)
    return queued + future


def check_playable(state, path: str) -> None:
    """Raise FormatError unless three playouts (first, last and random choices) reach the end."""
    from necro.core import NecroError, Rng

    for way in range(3):
        s = state.copy_fast()
        s.rng = Rng(way)
        pick = Rng(way + 7)
        try:
            for _ in range(5000):
                if s.over:
                    break
                if s.is_chance_node():
                    s.apply_unchecked(s.sample_chance(s.rng))
                    continue
                actions = s.legal_actions()
                if not actions:
                    raise AssertionError(f"{s.who(s.current_player())} has no legal action")
                s.apply_unchecked(actions[0] if way == 0 else actions[-1] if way == 1 else pick.choice(actions))
            else:
                raise AssertionError("the game does not end")
        except NecroError:
            raise
        except Exception as exc:  # the bookkeeping leads somewhere the rules cannot go
            raise FormatError(path, f"this position cannot be played to the end ({type(exc).__name__}: {exc}); "
                              "check the queue, the task and the hands") from None


# ------------------------------------------------------------------- views
def unseen_cards(position: dict, player: int, decks: bool = True) -> set[str]:
    """The cards ``player`` cannot see in ``position`` (each shows them only its back): the other
    player's hand, face-down fighters and face-down spirit, a card the other player is looking
    at, and (with ``decks``) every card in the decks."""
    task = position.get("task")
    unseen = set() if task and task.get("p") == player else set(position["looking"])
    for other in (p for p in (0, 1) if p != player):
        unseen |= set(position["hands"][other]) | {c for c, s in position["slots"][other] if s == "fallen"}
        unseen |= {position["spirits"][other]} - {None}
    if decks:
        unseen |= {c for cards in position["decks"].values() for c in cards}
    return unseen


def redealt(position: dict, player: int, rng) -> dict:
    """``position`` with the cards ``player`` cannot see dealt anew among themselves, each place
    keeping its back (a Day card where a Day card lay): a position that player cannot tell from
    this one. A face-down card the player remembers (``seen``: a fighter it beat, which fell
    face down) stays where it is: the player knows it. The new deal depends only on what the
    player sees and remembers (which cards are unseen, where their backs lie) and on ``rng``,
    never on the cards it replaces, so it reveals nothing of them.
    Every mention of a card (the turn's bookkeeping too) follows it; hands and decks stay sorted."""
    known = set((position.get("seen") or [[], []])[player]) if player in (0, 1) else set()
    unseen = unseen_cards(position, player) - known
    places = []  # the unseen cards in an order a player can name: by where they lie, not by which
    for other in (p for p in (0, 1) if p != player):
        places += position["hands"][other]
        places += [c for c, s in position["slots"][other] if s == "fallen" and c not in known]
        places += [position["spirits"][other]] if position["spirits"][other] not in (None, *known) else []
    places += [c for c in position["looking"] if c in unseen]
    places += [c for L in sorted(position["decks"]) for c in position["decks"][L]]
    mapping = {}
    for back in sorted({c[0] for c in unseen}):
        here = [c for c in places if c[0] == back]
        pool = sorted(here)
        rng.shuffle(pool)
        mapping.update(zip(here, pool))

    out = _map_strings(position, lambda v: mapping.get(v, v))
    out["hands"] = [sorted(h) for h in out["hands"]]
    out["decks"] = {L: sorted(cards) for L, cards in out["decks"].items()}
    return out


def mask(position: dict, player: int) -> dict:
    """``position`` as ``player`` sees it (a new dict; the input is not changed); a
    :data:`~necro.core.SPECTATOR` sees neither player's secrets."""
    others = [p for p in (0, 1) if p != player]
    out = dict(position)
    hands = [list(h) for h in position["hands"]]
    slots = [[list(e) for e in line] for line in position["slots"]]
    spirits = list(position["spirits"])
    for other in others:
        hands[other] = [c[0] for c in hands[other]]
        slots[other] = [[c[0], s] if s == "fallen" else [c, s] for c, s in slots[other]]
        if spirits[other]:
            spirits[other] = spirits[other][0]
    out["hands"], out["slots"], out["spirits"] = hands, slots, spirits
    out["decks"] = {L: [L] * len(v) for L, v in position["decks"].items()}
    task = position.get("task")
    if position["looking"] and not (task and task.get("p") == player):
        out["looking"] = [c[0] for c in position["looking"]]
    # The turn's bookkeeping may name a hidden card (Spook aiming at a face-down spirit): its back only.
    hidden = unseen_cards(position, player, decks=False)
    out["task"] = _map_strings(task, lambda v: v[0] if v in hidden else v)
    out["queue"] = _map_strings(position["queue"], lambda v: v[0] if v in hidden else v)
    out["fight"] = _map_strings(position["fight"], lambda v: v[0] if v in hidden else v)
    out.pop("seen", None)  # a view carries no memory: what a seat remembers is its player's (or bot's) own
    return out


def unlay_first_choice(position: dict, player: int) -> dict:
    """``position`` as if the first card of a face-down pair (the priority holder's turn-1 fighter or
    new spirit) were still in hand, its choice still to come after ``player``'s: what the second
    chooser knows when both choose at once (ruling ``dotd-ruling-hidden-order``). A position of
    its own: it loads, and plays the two choices in the other order."""
    kind, first = position["task"]["do"], 1 - player
    out = dict(position)
    if kind == "spirit":
        card = position["spirits"][first]
        out["spirits"] = [None if p == first else c for p, c in enumerate(position["spirits"])]
    else:
        card = position["slots"][first][-1][0] if position["slots"][first] else None
        out["slots"] = [line[:-1] if p == first else line for p, line in enumerate(position["slots"])]
    if card is None:
        return position
    out["hands"] = [sorted([*h, card]) if p == first else list(h) for p, h in enumerate(position["hands"])]
    out["queue"] = [["choose", first, kind], *position["queue"]]
    return out


def _map_strings(value, change):
    """``value`` (JSON: dicts, lists, scalars) with every string ``s`` replaced by ``change(s)``
    (dict keys kept): how a card named anywhere in the turn's bookkeeping is masked or dealt anew."""
    if isinstance(value, dict):
        return {k: _map_strings(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_strings(v, change) for v in value]
    return change(value) if isinstance(value, str) else value


HIDDEN_REFERENCE = ("this view hides which card the turn is busy with (only its back, {v!r}, is shown): "
                    "load the full position instead")


def faces(cs, position: dict) -> dict:
    """``{id: face}`` for every card id the position shows (backs stay unknown)."""
    found = {}

    def add(v):
        if is_card_id(v) and v in cs:
            found[v] = cs[v].face()

    for key in ("hands", "slots", "spirits", "discards", "looking", "task", "fight"):
        _walk(position.get(key), add)
    return dict(sorted(found.items()))


def diagram(state) -> str:
    """The table as text: each line slot by slot (``*`` active, ``_`` fallen), spirits, hands, scores."""
    cs = state.cs

    def card(c, up=True):
        return f"{cs[c].name} {cs[c].power}{'*' if up else '_'}"

    rows = [f"Turn {state.turn}/6, priority: "
            f"{'-' if state.priority is None else 'player ' + str(state.priority + 1)}, "
            f"scores {state.scores[0]}-{state.scores[1]}"]
    for p in (0, 1):
        line = " | ".join(f"{k}: {card(c, up)}" for k, (c, up) in enumerate(state.slots[p], start=1)) or "(empty)"
        spirit = state.spirits[p]
        rows.append(f"P{p + 1} line: {line}; spirit: {card(spirit, False) + ' (' + BACK_NAMES[cs[spirit].back] + ')' if spirit else '-'}")
        rows.append(f"P{p + 1} hand: {', '.join(cs[c].name for c in state.hands[p]) or '-'}")
    f = state.fight
    if f and f["power"] is not None:
        rows.append(f"Last fight, slot {f['slot']}: power {f['power'][0]} v {f['power'][1]}")
    rows.append(state.status())
    return "\n".join(rows)


__all__ = ["load_position", "mask", "faces", "diagram", "FormatError"]

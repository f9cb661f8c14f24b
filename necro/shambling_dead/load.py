"""Reading a position from untrusted JSON.

Everything is checked through :class:`necro.core.Reader`, so a hand-edited
or hostile document gives a ``FormatError`` naming the bad spot, never a crash
later in the night: card multisets must add up to the 41-card deck, pairs
must join a survivor and a zombie of the same zone, queued steps and the
awaited task must have exactly the fields the engine reads.

A hand-written position may leave ``task`` null with steps in ``queue``: the
engine then runs the queue until the first card, die or decision, which is
how scenarios start a battle or an hour in the middle of the night.
"""

from __future__ import annotations

from necro.core import FormatError

from .board import FRONT, ZONES, Board
from .deck import Deck
from .tables import DECK, HOURS

_STEPS = {
    # verb: argument kinds after the player index ("p" means the step has a player)
    "setup": ("p",), "place": ("p", "bit"), "turn": (), "endturn": (),
    "gauntlet": ("p",), "replace": ("p",), "dissent": ("p",), "within": ("p",), "guard": ("p",),
    "battle": ("p",), "reorder": ("p",), "charge-check": ("p",), "battle-end": ("p",),
    "battle-close": ("p",), "assault": ("p", "zone", "n12"), "round": ("p", "r"), "round-end": ("p", "r"),
    "strike": ("p", "zone", "side"),
}
_CARD_WHY = ("assault", "replace", "dissent", "within", "guard")
_DIE_WHY = ("crt", "gauntlet", "flee", "drag2", "drag1", "wild2", "wild1")
MAX_FIGS = 400
MAX_ID = 10**6


def _arg(r, kind: str, players: int):
    if kind == "p":
        return r.int(0, players - 1)
    if kind == "bit":
        return r.int(0, 1)
    if kind == "zone":
        return r.str(choices=ZONES)
    if kind == "n12":
        return r.int(1, 2)
    if kind == "r":
        return r.int(1, 3)
    if kind == "side":
        return r.str(choices=("P", "Z"))
    raise AssertionError(kind)  # pragma: no cover


def _board(r, cap: int) -> Board:
    r.obj(allowed=("figs", "next", "pairs", "engaged", "stance", "chargers", "turned", "out"))
    b = Board()
    seen = set()
    for fr in r["figs"].list(max_length=MAX_FIGS):
        items = fr.list(length=4)
        fid = items[0].int(1, MAX_ID)
        if fid in seen:
            items[0].fail(f"figure id {fid} is used twice")
        seen.add(fid)
        b.figs.append([fid, items[1].str(choices=("H", "S", "Z")), items[2].int(0, 1), items[3].str(choices=ZONES)])
    b.nxt = r["next"].int(max(seen, default=0) + 1, MAX_ID + 1)
    kinds = {f[0]: f for f in b.figs}
    pair_set = set()
    for pr in r.get("pairs", []).list(max_length=MAX_FIGS * 4):
        items = pr.list(length=2)
        s, z = items[0].int(1, MAX_ID), items[1].int(1, MAX_ID)
        fs, fz = kinds.get(s), kinds.get(z)
        if fs is None or fs[1] == "Z":
            items[0].fail(f"{s} is not a survivor on this board")
        if fz is None or fz[1] != "Z":
            items[1].fail(f"{z} is not a zombie on this board")
        if fs[3] != fz[3]:
            pr.fail("a survivor and a zombie in contact must be in the same zone")
        if (s, z) in pair_set:
            pr.fail("this contact is listed twice")
        pair_set.add((s, z))
        b.pairs.append([s, z])
    b.eng0 = {x.int(1, MAX_ID) for x in r.get("engaged", []).list(max_length=MAX_FIGS)}
    b.stance = r.get("stance", None).optional() and r["stance"].str(choices=("stand", "charge"))
    b.chargers = [x.int(1, MAX_ID) for x in r.get("chargers", []).list(max_length=MAX_FIGS)]
    if len(set(b.chargers)) != len(b.chargers):
        r["chargers"].fail("a survivor charges only once")
    b.turned = r.get("turned", 0).int(0, MAX_FIGS)
    out = r.get("out", None).optional()
    if out is not None:
        items = out.list(length=2)
        b.out = [items[0].int(0, HOURS), items[1].str(max_length=200)]
    if b.front_count() > cap:
        r["figs"].fail(f"more than {cap} survivors in the Front Line")
    return b


def _task(r, state, players: int) -> dict | None:
    if r.value is None:
        return None
    r.obj()
    k = r["k"].str(choices=("card", "die", "event", "place", "stance", "engage", "drag", "wound", "flee",
                            "lose", "reorder"))
    if k == "event":
        r.obj(allowed=("k",))
        return {"k": k}
    task = {"k": k, "p": r["p"].int(0, players - 1)}
    allowed = ["k", "p"]
    if k == "card":
        why = task["why"] = r["why"].str(choices=_CARD_WHY)
        allowed.append("why")
        if why == "assault":
            task["zone"] = r["zone"].str(choices=ZONES)
            task["left"] = r["left"].int(1, 2)
            task["sum"] = r["sum"].int(0, 20)
            allowed += ["zone", "left", "sum"]
        elif why in ("within", "guard"):
            ids = task["ids"] = [x.int(1, MAX_ID) for x in r["ids"].list(min_length=1, max_length=MAX_FIGS)]
            task["i"] = r["i"].int(0, len(ids) - 1)
            allowed += ["ids", "i"]
    elif k == "die":
        why = task["why"] = r["why"].str(choices=_DIE_WHY)
        allowed.append("why")
        if why == "crt":
            task["zone"] = r["zone"].str(choices=ZONES)
            task["side"] = r["side"].str(choices=("P", "Z"))
            task["strength"] = r["strength"].int(1, 10_000)
            allowed += ["zone", "side", "strength"]
    elif k == "place":
        task["hero"] = r["hero"].int(0, 1)
        allowed.append("hero")
    elif k in ("drag", "flee", "lose"):
        task["left"] = r["left"].int(1, MAX_FIGS)
        allowed.append("left")
    elif k == "wound":
        task["left"] = r["left"].int(1, 10_000)
        task["elig"] = [x.int(1, MAX_ID) for x in r["elig"].list(max_length=MAX_FIGS)]
        task["six"] = r["six"].bool()
        allowed += ["left", "elig", "six"]
    elif k == "reorder":
        task["moved"] = [x.int(1, MAX_ID) for x in r["moved"].list(max_length=MAX_FIGS)]
        allowed.append("moved")
    r.obj(allowed=allowed)
    return task


def load_position(state, r) -> None:
    game = state.game
    players = game.players
    cap = game.options["front_cap"]
    r.obj(allowed=("hour", "events", "decks", "boards", "queue", "task", "over"))
    hour = r["hour"].int(0, HOURS)
    events = [x.int(1, HOURS) for x in r["events"].list(max_length=HOURS)]
    if len(set(events)) != len(events):
        r["events"].fail("an event happens only once a night")
    if len(events) not in (hour, hour - 1) or (hour == 0 and events):
        r["events"].fail(f"hour {hour} needs an event for each hour so far")
    if game.options["narration"] == "track" and events != list(range(1, len(events) + 1)):
        r["events"].fail("on the fixed track the events are 1, 2, 3, ... in order")
    if HOURS in events[:-1] or (events and events[-1] == HOURS and hour != HOURS):
        r["events"].fail("the dawn is always the last hour")
    n_decks = 1 if game.options["deck"] == "shared" else players
    decks = []
    for dr in r["decks"].list(length=n_decks):
        dr.obj(allowed=("pile", "discard"))
        pile = [x.str(choices=DECK) for x in dr["pile"].list(max_length=len(DECK))]
        discard = [x.str(choices=DECK) for x in dr["discard"].list(max_length=len(DECK))]
        if sorted(pile + discard) != sorted(DECK):
            dr.fail("the pile and the discards must together be the 41 cards, each once")
        decks.append(Deck(pile, discard))
    boards = [_board(br, cap) for br in r["boards"].list(length=players)]
    queue = []
    for qr in r["queue"].list(max_length=2000):
        items = qr.list(min_length=1)
        verb = items[0].str(choices=list(_STEPS))
        kinds = _STEPS[verb]
        if len(items) != len(kinds) + 1:
            qr.fail(f"step {verb!r} takes {len(kinds)} argument(s)")
        queue.append((verb, *(_arg(x, kind, players) for x, kind in zip(items[1:], kinds))))
    task = _task(r.get("task", None), state, players)
    over = r.get("over", False).bool()
    state.hour, state.events, state.decks, state.boards = hour, events, decks, boards
    state.queue, state.task, state.over = queue, task, over
    if task is not None and over:
        r["task"].fail("a finished night awaits nothing")
    if task is not None and task["k"] == "card" and not state._deck(task["p"]).pile:
        r["task"].fail("a card is awaited but the deck is empty")
    if task is not None and task["k"] == "event":
        if game.options["narration"] != "event-deck" or len(events) != hour - 1 or hour >= HOURS:
            r["task"].fail("an event card is drawn only at the start of hours 1-9 with narration=event-deck")
    if task is not None and task["k"] not in ("card", "die", "event"):
        b = boards[task["p"]]
        if b.out:
            r["task"].fail("that player's night is already over")
        if task["k"] == "engage" and not (b.zombies(FRONT) and b.survivors(FRONT)):
            r["task"].fail("a counter-charge needs zombies and survivors in the Front Line")
        if task["k"] == "stance" and not (b.zombies(FRONT) and b.survivors(FRONT)):
            r["task"].fail("the choice to counter-charge needs zombies and survivors in the Front Line")
        if not state._legal_actions():
            r["task"].fail("the awaited decision has no legal option in this position")
    if task is None and not over:
        state._advance()
        if state.task is None and not state.over:  # pragma: no cover - _advance always ends somewhere
            raise FormatError(r.path, "the night cannot go on from this position")

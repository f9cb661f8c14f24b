"""A new deal of what one seat cannot see: the position a page keeps for its engine.

A board that shows the game from one seat (a player against the computer) must not carry the
other players' secrets in its page, yet the engine in the reader's browser needs a whole game to
play on. :func:`redealt` gives it one that seat cannot tell from the real one: every card hidden
from the seat is dealt anew from the cards that seat has not seen, place by place, so the new deal
depends on what the seat sees (how many cards of which deck lie where) and on the generator, never
on the cards it replaces. What is hidden (see ``CaveEvilState.hide``):

- the other players' hand cards, known by their deck only, and a card another player is looking
  at before keeping it: dealt again from that deck's cards not in sight (its pile and those
  hands), events aside (an event is laid face up when drawn); Necromonk cards are all alike
  and stay;
- a dig's face-down card, hidden from everyone: dealt again from the excavation pile with the
  other face-down ones;
- the face-down Awakening Evil, until it is revealed: drawn again from the shuffle the options
  make (the Pit alone leaves nothing to draw).
"""

from __future__ import annotations

import copy
from collections import Counter

from . import awaken as aw
from . import conjuration as cj

NECROMONK = "necromonk"


def _deal(pool: Counter, places: int, rng) -> list[str]:
    """``places`` cards drawn one by one from ``pool`` (taken out of it), each as likely as its copies."""
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    dealt = cards[:places]
    pool.subtract(dealt)
    return dealt


def redealt(position: dict, viewer: int, options: dict, rng) -> dict:
    """``position`` (a saved position's dict, not changed) with what ``viewer`` cannot see dealt anew."""
    out = copy.deepcopy(position)
    if "hands" in out:
        _redeal_hands(out, viewer, rng)
        track = out["track"]
        if out["evil"] is not None and not track["revealed"] and options["awakening"] != "pit":
            shuffle = aw.awakening_outcomes(options["awakening"] == "short", options["awakening"] == "advanced")
            out["evil"] = [e for e, _ in shuffle][rng.randbelow(len(shuffle))]
    _redeal_digs(out, rng)
    return out


def _redeal_hands(out: dict, viewer: int, rng) -> None:
    kept_sorted = [hand == sorted(hand) for hand in out["hands"]]
    piles = out["piles"]["piles"]
    spec = cj.conjuration_spec()
    others = [p for p in range(len(out["hands"])) if p != viewer]
    looking = [q for q in out["queue"] if q["do"] == "keep" and q.get("player") != viewer]
    for deck in sorted(piles):
        if deck == NECROMONK:
            continue
        pool = Counter(piles[deck])
        slots = []  # (player, index in hand) of the hidden cards of this deck, in seat and hand order
        for p in others:
            for i, entry in enumerate(out["hands"][p]):
                if entry.partition(":")[0] == deck:
                    slots.append((p, i))
                    pool[entry.partition(":")[2]] += 1
        looked = [q for q in looking if q.get("deck") == deck]
        pool.update(q["card"] for q in looked)
        # an event is laid face up as it is drawn, so a hidden card is one of the others
        events = Counter({c: n for c, n in pool.items() if spec.is_event(c)})
        pool.subtract(events)
        dealt = _deal(pool, len(slots) + len(looked), rng)
        pool.update(events)
        for (p, i), card in zip(slots, dealt):
            out["hands"][p][i] = f"{deck}:{card}"
        for q, card in zip(looked, dealt[len(slots):]):
            q["card"] = card
        piles[deck] = {c: n for c, n in sorted(pool.items()) if n > 0}
    for p in others:
        if kept_sorted[p]:  # a hand the engine keeps in order stays in order
            out["hands"][p].sort()


def _redeal_digs(out: dict, rng) -> None:
    hidden = [d for d in out["digs"] if d["stage"] == "digging" and d["card"]]
    if not hidden:
        return
    pool = Counter(out["deck"]["pile"])
    pool.update(d["card"] for d in hidden)
    for d, card in zip(hidden, _deal(pool, len(hidden), rng)):
        d["card"] = card
    out["deck"]["pile"] = {c: n for c, n in sorted(pool.items()) if n > 0}

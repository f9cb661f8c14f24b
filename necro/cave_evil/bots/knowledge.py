"""What the heuristic player reads off a position, and the thresholds it plays by: card values and
costs, the Awakened Evil on the map, the Statue's eyes, the exact odds of a fight."""

from __future__ import annotations

from .. import conjuration as cj
from .. import fights as fx
from .. import loot as lt
from .. import turn as tn
from ..creatures import catalogue
from ..hexes import Hex, neighbours, parse_hex

SURE = 0.9
"""Odds at which a Phase 1 fight is fought rather than the monster hired."""
GOOD_N = 0.85
"""Odds squad N needs to attack when it need not (its loss ends the game for its player)."""
GOOD = 0.7
"""Odds any other squad needs to attack when it need not."""
HUNGRY_N, HUNGRY = 0.6, 0.5
"""Odds squad N, and any other squad, need to attack an enemy squad or crystal when the Darkest Evil
Bitch is coming and its player has no enemy kill points yet: she kills a Necromancer without them."""
LAST_N, LAST = 0.5, 0.25
"""Odds squad N, and any other squad, need to attack an enemy squad or crystal in the last spaces
before the Darkest Evil Bitch wakes with its player lacking enemy kill points, or before doom."""
BITCH_CLOSE = 4
"""Spaces before the Awaken icon from which a player lacking enemy kill points, the Bitch coming,
attacks at the last odds (and, two spaces earlier, stops invoking creatures, each a space nearer)."""
DOOM_CLOSE = 6
"""Spaces before doom from which every player's squads attack at the last odds."""
RACE, RACE_N = 3, 0.5
"""Spaces from the awake Emperor within which an enemy Necromancer races us to him, and the odds our
squad N then needs to attack him first (whoever kills him wins)."""
TRY = 0.25
"""Odds at which a squad other than N attacks the Eternal Evil Emperor: whoever kills him wins the
game, and a lost fight costs only that squad (he earns nobody kill points)."""
FLANK = 4
"""Spaces from a quarry within which a player's other squads count as joining a squad's attack on it."""
WAIT = 3
"""Spaces from The Pit (over open ground) where squad N waits for the Evil to wake."""
LEAD = 3
"""Cycles of margin: squad N sets out when the Blood Eye is this many cycles' walk, plus the walk
itself, short of the Awaken icon (it moves one space a cycle at least, more as creatures are invoked)."""
DECK_ORDER = ("bribe", "construct", "summon", "abyss")
"""Decks to conjure from, best first: the Bribe deck has the cheapest creatures and the fewest events."""
PIT, BITCH, STATUE = "pit-of-infinite-shadow", "darkest-evil-bitch", "darkest-statue-of-death"
EMPEROR, GOAT = "eternal-evil-emperor", "evil-black-old-goat"
EMPEROR_REACH = 5
"""Spaces, as the crow flies (he digs through rock), within which squad N keeps clear of the awake
Emperor: his 4-space march, then the hex beside him."""


def _power(card_id: str | None) -> int:
    cards = catalogue()
    if card_id in cards.creatures:
        return sum(cards.creature(card_id).attributes)
    return 0


def _squad_power(squad) -> int:
    return sum(_power(fx.card_id_of(c)) for c in squad.creatures)


def _cost(card_id: str) -> dict:
    return dict(cj.conjuration_spec()[card_id].cost)


def _kind(card_id: str) -> str:
    return cj.conjuration_spec()[card_id].kind


def _pays(resources: dict, cost: dict) -> bool:
    return all(resources.get(r, 0) >= k for r, k in cost.items())


def _hand(state, p: int) -> list[str]:
    return [c for _, c in tn.hand_cards(state, p)]


def _wanted(state, p: int) -> list[str]:
    """The hand's cards worth paying for, most useful first: creatures (strongest first), then items."""
    cards = [c for c in _hand(state, p) if _kind(c) in ("creature", "item")]
    return sorted(cards, key=lambda c: (_kind(c) != "creature", -_power(c), c))


def _affordable(resources: dict, cards: list[str]) -> int:
    """How many of ``cards`` (in order, each paid in turn) ``resources`` pay for."""
    left, n = dict(resources), 0
    for c in cards:
        cost = _cost(c)
        if all(left.get(r, 0) >= k for r, k in cost.items()):
            for r, k in cost.items():
                left[r] -= k
            n += 1
    return n


def _need(state, p: int, resources: dict) -> dict:
    """How short ``resources`` fall of paying for the wanted cards of the hand, per resource."""
    short: dict = {}
    for c in _wanted(state, p):
        for r, k in _cost(c).items():
            short[r] = short.get(r, 0) + k
    return {r: max(0, k - resources.get(r, 0)) for r, k in short.items()}


def _evil_squad(state, card: str):
    """The Awakened Evil ``card`` standing on the map as a monster of its own, or None."""
    return next((s for s in state.squads if s.owner is None and any(c.card == card for c in s.creatures)), None)


def _is_evil(squad) -> bool:
    return squad.owner is None and any(c.card in (STATUE, EMPEROR, GOAT) for c in squad.creatures)


def beside_an_evil(state, hexes) -> set:
    """The hexes of ``hexes`` beside an Awakened Evil standing on the map."""
    evils = [s.hex for s in state.squads if _is_evil(s)]
    return {h for h in hexes if any(h in neighbours(e) for e in evils)}


def _eyes_lying(state) -> Hex | None:
    """Where the Statue's Glowing Eyes lie on the ground, if they do."""
    return next((parse_hex(k) for k, spot in sorted(state.loot.items()) if lt.EYES in spot["items"]), None)


def _eyes_holder(state):
    """The squad carrying the Statue's Glowing Eyes, or None."""
    return next((s for s in state.squads if any(lt.EYES in c.items for c in s.creatures)), None)


def _chance(state, attackers, did: str | None = None, evil: str | None = None) -> float:
    """The chance that ``attackers`` (squad ids) would beat squad or crystal ``did``, or the
    Awakened Evil card ``evil`` (fought without items), wherever they stand now: exact odds of
    the fight as it would be set up (:func:`necro.cave_evil.odds.advise`)."""
    from ..odds import advise

    if evil is not None:
        record = fx.evil_record(state.squads, attackers[0], evil)
    else:
        record = fx.new_record(state.squads, list(attackers), did, 3)
    return float(advise(fx.combat_of(record)).win())


def _count(words: list[str]) -> dict:
    out: dict = {}
    for w in words:
        out[w] = out.get(w, 0) + 1
    return out

"""Computer players for Cave Evil.

``random`` picks any legal action. ``digger`` is a busy excavator for the map
game: it goes on with every dig it has, starts one three times in four when it
may, seldom collapses, and otherwise wanders (moves, breakaways) until it ends
its turn, one time in six or when nothing else is left. Random play ends most
turns at once and hardly ever finishes a dig; the digger fills the map, which is
what the chapter's demonstrations, the playout tests and the benchmark's crowded
map want. Neither plays to win.

``heuristic`` plays the full game (option ``game="full"``) to win, by the one
Awakening Evil the engine plays in full, the Pit of Infinite Shadow. Its plan,
in order of what it looks at on its turn:

1. leap into The Pit as soon as the rules let its Necromancer (the Evil awake
   since an earlier cycle, and The Pit beside squad N or within its reach);
2. fight when it must (Phase 1) with the best odds it has, or hire the monster
   instead when a fight is not nearly sure; fight when it may only with good
   odds (exact, :func:`necro.cave_evil.odds.advise`), since a lost fight kills
   the whole squad, and the game with it if the Necromancer is in it;
3. pick up what its squads stand on (squads beside squad N hand it their
   resources) and invoke every card squad N can pay for: creatures into squad N
   unless they would slow it, else into a squad beside it, a new squad last;
   items for whoever can hold them. A stronger squad N and a faster Blood Eye
   suit a player who will be ready by The Pit;
4. keep squad N on its Lair until the Blood Eye nears the Awaken icon (its walk
   and three cycles short of it), then walk it to a waiting place three spaces
   from The Pit, and next to The Pit once the Evil is awake, keeping away from
   monsters and enemies it would have to fight; meditate (one card more) on
   turns it stays where it is. Its other squads go after the enemy
   Necromancers, off squad N's way to The Pit: a squad of three blocks a
   tunnel to its own side too.

Everything else is a plain rule: conjure from the Bribe deck (cheap creatures,
fewest events) unless a face-up creature it can pay for is on a discard pile;
keep a drawn creature or item it can pay for, otherwise trade it for the
resource its hand lacks most; put spawned and wandering monsters as far from
its Necromancer as it may and near the others', items close; as defender
answer with the attribute that leaves the attacker the lowest odds; open a
fight with the attribute of best odds. It reads only what its player may see
(the Awakening Evil once turned up, or when the Pit is the only card
shuffled); ties are broken by the bot's own :class:`~necro.core.Rng`, so a
seeded bot plays the same game again. With another Evil turned up, or in the
map game, it only guards its Lair and fights good odds.
"""

from __future__ import annotations

from math import ceil

from necro.core import RandomBot, Rng

from . import awaken as aw
from . import conjuration as cj
from . import fights as fx
from . import turn as tn
from .creatures import catalogue
from .hexes import distance, neighbours, parse_hex
from .movement import RESOURCE_NAMES, destinations, reachable, squad_id, trapped


def eager(state, rng: Rng) -> str:
    """The digger's choice among ``state``'s legal actions, drawing on ``rng``."""
    actions = state.legal_actions()
    goes = [a for a in actions if a.startswith("continue ")]
    if goes:
        return rng.choice(goes)
    digs = [a for a in actions if a.startswith("dig ")]
    if digs and rng.randbelow(4):
        return rng.choice(digs)
    others = [a for a in actions if a != "end" and (not a.startswith("collapse ") or rng.randbelow(4) == 0)]
    if not others or ("end" in actions and rng.randbelow(6) == 0):
        return "end"
    return rng.choice(others)


class DiggerBot:
    """The busy excavator of :func:`eager` as a bot."""

    name = "digger"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state) -> str:
        return eager(state, self.rng)


# ====================================================================== the heuristic player
SURE = 0.9
"""Odds at which a Phase 1 fight is fought rather than the monster hired."""
GOOD_N = 0.85
"""Odds squad N needs to attack when it need not (its loss ends the game for its player)."""
GOOD = 0.7
"""Odds any other squad needs to attack when it need not."""
WAIT = 3
"""Spaces from The Pit (over open ground) where squad N waits for the Evil to wake."""
LEAD = 3
"""Cycles of margin: squad N sets out when the Blood Eye is this many cycles' walk, plus the walk
itself, short of the Awaken icon (it moves one space a cycle at least, more as creatures are invoked)."""
DECK_ORDER = ("bribe", "construct", "summon", "abyss")
"""Decks to conjure from, best first: the Bribe deck has the cheapest creatures and the fewest events."""


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


class HeuristicBot:
    """Plays the full game for the Pit of Infinite Shadow (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    # ------------------------------------------------------------------ dispatch
    def choose(self, state) -> str:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        p = state.current_player()
        if state.queue:
            pick = self._step(state, p, actions)
        elif state.combat is not None:
            pick = self._combat(state, actions)
        elif state.pending is not None:
            pick = self._pending(state, p, actions)
        elif state.finishing() is not None:
            pick = None
        else:
            pick = self._turn(state, p, actions)
        return pick if pick in actions else self.rng.choice(actions)

    def _best(self, actions: list[str], score) -> str:
        """The action of highest ``score``; ties broken by the bot's generator."""
        scored = [(score(a), a) for a in actions]
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s == top])

    # ------------------------------------------------------------------ queued steps (turn.py)
    def _step(self, state, p: int, actions: list[str]) -> str | None:
        step = state.queue[0]
        kind = step["do"]
        if kind == "resources":
            wanted = _wanted(state, p)
            return self._best(actions, lambda a: (_affordable(_count(a.split()[1:]), wanted),
                                                  a.split().count("metals")))
        if kind == "conjure":
            return self._conjure(state, p, actions)
        if kind == "keep":
            return self._keep(state, p, step, actions)
        if kind in ("spot", "count", "wander"):
            return self._place(state, p, step, actions)
        return None  # tiles and steps added later: any legal choice

    def _conjure(self, state, p: int, actions: list[str]) -> str:
        n = state.squads.by_id.get(squad_id(p, "N"))
        have = dict(n.resources) if n else {}
        for a in actions:
            if a.startswith("take "):
                card = a.split()[2]
                if _kind(card) == "creature" and _pays(have, _cost(card)):
                    return a
        for deck in DECK_ORDER:
            if f"conjure {deck}" in actions:
                return f"conjure {deck}"
        return actions[0]

    def _keep(self, state, p: int, step: dict, actions: list[str]) -> str:
        card = step["card"]
        n = state.squads.by_id.get(squad_id(p, "N"))
        have = dict(n.resources) if n else {}
        if _kind(card) in ("creature", "item") and _pays(have, _cost(card)):
            return "keep"
        trades = [a for a in actions if a.startswith("trade ")]
        if not trades:
            return "keep"
        short = _need(state, p, have)
        return self._best(trades, lambda a: (min(int(a.split()[2]), short.get(a.split()[1], 0)),
                                             int(a.split()[2]), a.split()[1] == "metals"))

    def _place(self, state, p: int, step: dict, actions: list[str]) -> str:
        """Spawned and wandering monsters as far from our Necromancer as may be and near the others';
        a spawned item near ours."""
        mine = state.squads.by_id.get(squad_id(p, "N"))
        theirs = [s.hex for s in state.squads if s.has_necromancer and s.owner not in (None, p)]
        item = step["do"] == "spot" and _kind(step["card"]) != "creature"
        if step["do"] == "wander":
            here = state.squads[step["left"][0]].hex

        def score(a):
            words = a.split()
            h = here if words[-1] == "stay" else parse_hex(words[-1])
            near = distance(h, mine.hex) if mine else 0
            far = min((distance(h, t) for t in theirs), default=0)
            return -near if item else (min(near, 12) - 0.5 * min(far, 12))

        return self._best(actions, score)

    # ------------------------------------------------------------------ combat
    def _combat(self, state, actions: list[str]) -> str | None:
        from .odds import advise, first_odds, round_odds

        combat = state.fight
        step = combat.decision()
        if step == "first":
            return f"first {advise(combat).best}"
        if step == "second":
            rounds = round_odds(combat)
            replies = dict(first_odds(rounds, combat.order[0]).replies)
            return self._best(actions, lambda a: -replies.get(a.split()[1], 1))
        return None

    def _odds(self, state, action: str) -> float:
        """The attacker's chance of winning the fight (or shot) ``action`` would start."""
        from .odds import advise

        trial = state.copy()
        trial.apply_unchecked(action)
        if trial.combat is None:
            return 1.0
        return float(advise(trial.fight).win())

    # ------------------------------------------------------------------ moving
    def _pending(self, state, p: int, actions: list[str]) -> str | None:
        kind = state.pending["kind"]
        if kind == "move":
            sid = state.pending["squad"]
            pit = str(state.ground.pit())
            jump = f"move N {pit}"
            if sid == squad_id(p, "N") and jump in actions and self._may_win(state):
                return jump
            goal = self._goal(state, p, sid)
            return self._best(actions, lambda a: -goal(parse_hex(a.split()[2])))
        if kind in ("off-pit", "subdued"):
            n = state.squads.by_id.get(squad_id(p, "N"))
            if n is None:
                return None
            return self._best(actions, lambda a: -distance(n.hex, parse_hex(a.split()[-1])) if a != "stay" else -99)
        return None

    def _evil(self, state) -> str | None:
        """The Awakening Evil as far as a player knows it: the card once turned up, or the only one
        shuffled (option awakening="pit"); None while it is face down."""
        if state.track is not None and (state.track.revealed or state.game.options["awakening"] == "pit"):
            return state.evil
        return None

    def _may_win(self, state) -> bool:
        track = state.track
        return bool(state.full and track is not None and track.awakened and state.evil == "pit-of-infinite-shadow"
                    and state.awake_cycle is not None and state.cycle > state.awake_cycle)

    def _reaches_pit(self, state, n) -> bool:
        """Squad N could leap into The Pit this turn (rule ce-evil-pit: from beside it, or reaching it)."""
        pit = state.ground.pit()
        if pit in neighbours(n.hex) and n.left > 0 and not trapped(state.ground, n):
            return True
        return pit in reachable(state.ground, state.squads, n.id)

    def _stage(self, state, n) -> str:
        """Where squad N should be now: ``home`` (stay near the Lair), ``wait`` (a few spaces from The
        Pit) or ``pit`` (next to it)."""
        track = state.track
        if track is None or self._evil(state) not in (None, "pit-of-infinite-shadow"):
            return "home"
        if track.awakened:
            return "pit"
        alive = state.game.players - len(state.out)
        awaken = aw.awaken_data().track.awaken(max(2, alive))
        dist = state.ground.distance(n.hex, state.ground.pit())
        walk = ceil(max(0, (dist if dist is not None else 20) - WAIT) / max(1, n.rate))
        return "wait" if awaken - track.position <= walk + LEAD else "home"

    def _goal(self, state, p: int, sid: str):
        """A cost for squad ``sid`` standing on a hex: lower is better."""
        squad = state.squads[sid]
        n = state.squads.by_id.get(squad_id(p, "N"))
        threats = [s for s in state.squads if s.owner != p]
        strength = _squad_power(squad)

        def danger(h):
            out = 0.0
            for s in threats:
                d = distance(h, s.hex)
                if d <= 2:
                    ratio = _squad_power(s) / max(1, strength)
                    out += (3.0 if d == 1 else 1.0) * (0.5 + ratio)
            return out

        if sid != squad_id(p, "N"):
            # other squads hunt the enemy Necromancers and keep off squad N's way to The Pit
            prey = [s.hex for s in threats if s.has_necromancer and s.owner is not None]
            hunt = [d for d in (state.ground.distances_from(h) for h in prey) if squad.hex in d]
            way = set(self._way(state, n)) if n is not None else set()
            return lambda h: (min((d.get(h, 50) for d in hunt), default=0) + danger(h)
                              + (6 if h in way else 0))
        stage = self._stage(state, squad)
        if stage == "home":
            lair = state.crystals().get(p, squad.hex)
            home = state.ground.distances_from(lair)
            return lambda h: home.get(h, 50) + danger(h)
        pit = state.ground.distances_from(state.ground.pit())
        if stage == "pit":  # the race is on: only a fight it would likely lose keeps it back
            return lambda h: max(0, pit.get(h, 50) - 1) * 2 + 0.3 * danger(h)
        return lambda h: max(0, pit.get(h, 50) - WAIT) * 2 + danger(h) + (0.5 if h in state.ground.spawn_pits else 0)

    def _way(self, state, n) -> list:
        """Squad N's way to The Pit (one shortest way over open ground), where no other squad of
        its player should stand: a squad of three cannot be passed through."""
        return (state.ground.shortest_path(n.hex, state.ground.pit()) or [n.hex])[1:]

    # ------------------------------------------------------------------ the turn
    def _turn(self, state, p: int, actions: list[str]) -> str | None:
        if state.must_fight:
            return self._must_fight(state, actions)
        n = state.squads.by_id.get(squad_id(p, "N"))
        if n is not None and "move N" in actions and self._may_win(state) and self._reaches_pit(state, n):
            return "move N"
        picks = [a for a in actions if a.startswith("pick ")]
        if picks:
            return picks[0]
        for a in actions:  # another squad beside squad N hands it all of a resource
            w = a.split()
            if w[0] == "pass" and w[2] == "N" and len(w) == 5 and w[3] in RESOURCE_NAMES and \
                    int(w[4]) == state.squads[squad_id(p, w[1])].resources.get(w[3], 0):
                return a
        attack = self._attack(state, p, actions)  # before invoking, which takes squad N's action
        if attack:
            return attack
        invoke = self._invoke(state, p, n, actions)
        if invoke:
            return invoke
        if n is not None:
            move = self._move(state, p, n.id, actions)
            if move:
                return move
            meditate = [a for a in actions if a.startswith("meditate ")]
            if meditate:
                return next((f"meditate {d}" for d in DECK_ORDER if f"meditate {d}" in meditate), meditate[0])
        for s in state.squads.of(p):
            if s.card != "N":
                move = self._move(state, p, s.id, actions)
                if move:
                    return move
        return "end"

    def _must_fight(self, state, actions: list[str]) -> str:
        fights = [a for a in actions if a.startswith(("fight ", "subdue "))]
        hires = [a for a in actions if a.startswith("hire ")]
        if not fights:
            return hires[0] if hires else actions[0]
        odds = {a: self._odds(state, a) for a in fights if a.startswith("fight ")}
        if not odds:
            return hires[0] if hires else fights[0]
        best = max(odds.values())
        if best < SURE and hires:
            return hires[0]
        return self._best(list(odds), lambda a: (odds[a], len(a.split()[1].split(","))))

    def _invoke(self, state, p: int, n, actions: list[str]) -> str | None:
        options = [a for a in actions if a.startswith("invoke ")]
        if not options or n is None:
            return None
        cards = {a.split()[1] for a in options}
        card = max(sorted(cards), key=lambda c: (_kind(c) == "creature", _power(c)))
        mine = [a for a in options if a.split()[1] == card]
        if _kind(card) != "creature":
            return "invoke " + card + " N" if f"invoke {card} N" in mine else mine[0]
        speed = catalogue().creature(card).movement
        if f"invoke {card} N" in mine and speed >= n.rate:
            return f"invoke {card} N"
        joins = [a for a in mine if " new " not in a and a != f"invoke {card} N"]
        if joins:  # fewer, fuller squads crowd the tunnels less
            return joins[0]
        news = [a for a in mine if " new " in a]
        if news:
            way = set(self._way(state, n))
            return self._best(news, lambda a: -(parse_hex(a.split()[3]) in way))
        return mine[0]

    def _attack(self, state, p: int, actions: list[str]) -> str | None:
        fights = [a for a in actions if a.startswith(("fight ", "shoot "))]
        best, best_odds = None, 0.0
        for a in fights:
            squads = a.split()[1].split(",")
            need = GOOD_N if "N" in squads else GOOD
            if fx.is_crystal(a.split()[2]):
                continue
            odds = self._odds(state, a)
            if odds >= need and odds > best_odds:
                best, best_odds = a, odds
        return best

    def _move(self, state, p: int, sid: str, actions: list[str]) -> str | None:
        card = state.squads[sid].card
        if f"move {card}" not in actions:
            return None
        goal = self._goal(state, p, sid)
        here = goal(state.squads[sid].hex)
        options = destinations(state.ground, state.squads, sid)
        if not options:
            return None
        best = min(goal(h) for h in options)
        return f"move {card}" if best < here - 1e-9 else None


def _count(words: list[str]) -> dict:
    out: dict = {}
    for w in words:
        out[w] = out.get(w, 0) + 1
    return out


BOTS = {"random": RandomBot, "digger": DiggerBot, "heuristic": HeuristicBot}

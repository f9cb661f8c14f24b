"""Computer players for Cave Evil.

``random`` picks any legal action. ``digger`` is a busy excavator for the map
game: it goes on with every dig it has, starts one three times in four when it
may, seldom collapses, and otherwise wanders (moves, breakaways) until it ends
its turn, one time in six or when nothing else is left. Random play ends most
turns at once and hardly ever finishes a dig; the digger fills the map, which is
what the chapter's demonstrations, the playout tests and the benchmark's crowded
map want. Neither plays to win.

``heuristic`` plays the full game (option ``game="full"``) to win, with a plan for each of the
five Awakening Evils. It reads only what its player may see: the Evil once its card is turned up,
or when the Pit of Infinite Shadow is the only card shuffled (option ``awakening="pit"``); while
the card lies face down it plays for whatever the shuffle may hold. What it looks at on its turn,
in order:

1. a win on the spot: the leap into The Pit (the Pit awake since an earlier cycle, and within
   squad N's reach), or kneeling before the sleeping Goat with 27 enemy kill points;
2. fights: when it must (Phase 1), the best odds it has, or the monster hired instead when a fight
   is not nearly sure; when it may, only at good exact odds (:func:`necro.cave_evil.odds.advise`),
   0.85 with squad N in the fight (its loss ends the game for its player), 0.7 without. Two
   exceptions: a squad other than N attacks the awake Emperor at 0.25 (whoever kills him wins, and
   a lost fight costs only that squad), and while the Darkest Evil Bitch is on her way and its player
   has no enemy kill points, 0.6 and 0.5 are enough against enemy squads and crystals, since she
   kills a Necromancer without them. Enemy crystals are attacked like squads (a crushed crystal
   kills its Necromancer), except in the Pit race;
3. what its squads stand on is picked up (the Statue's eyes too), squads beside squad N hand it
   their resources, and every card squad N can pay for is invoked: creatures into squad N unless
   they would slow it (always, when the Bitch or the Emperor is turned up: squad N fights them with
   what it holds, items not counting), else into a squad beside it, a new squad last; items for
   whoever can hold them. While the Bitch comes and its player has no enemy kill points it invokes
   no creature: each brings her a space nearer. A Black Wizard splits as soon as it may in the Pit
   race (rule ce-power-split), before the Evil wakes;
4. moves, by the Evil's plan:

   - *the Pit of Infinite Shadow*: squad N stays on its Lair until the Blood Eye nears the Awaken
     icon (its walk and three cycles short of it), then waits three spaces from The Pit, and beside
     it once the Evil is awake, keeping away from monsters and enemies it would have to fight; it
     meditates on turns it stays put. The other squads harry the enemy Necromancers, off squad N's
     way to The Pit (a squad of three blocks a tunnel to its own side too);
   - *a card still face down*: squad N as for the Pit; the other squads hunt (below), for kill
     points too when the shuffle holds an Evil that counts them;
   - *the Darkest Evil Bitch*: enemy kill points before she wakes (a player without dies then, and
     each cycle she fights the squad N with the fewest): the other squads hunt every enemy squad and
     crystal they would beat, and squad N joins them while its player has none; otherwise squad N
     stays home, as strong as its cards make it;
   - *the Darkest Statue of Death*: squad N waits by The Pit as for the Pit; once the Statue stands
     there, whichever squad would beat it at good odds goes beside it and attacks; its eyes are
     fetched by a move across The Pit and carried onto the squad's own crystal; an enemy carrying
     them is hunted;
   - *the Eternal Evil Emperor*: the squads other than N gather two spaces from The Pit before he
     rises there and go at him once he does (together they flank him); squad N keeps five spaces
     clear of him unless it and its squads already beside him would have good odds. Naming his prey,
     it names the enemy whose squad N is likeliest to lose to him, the nearer first;
   - *the Evil Black Old Goat*: asleep, squad N goes to kneel beside him once its player has 27 enemy
     kill points, and meanwhile the other squads hunt for them; awake, every squad that has something
     to lose keeps off the hexes his next rampage may pass beside (a D4 picks one of four ways), and
     squad N joins the hunt for the other Necromancers: the last one standing is the only winner
     before doom. Steering him where the hex lines zigzag, it sends him past enemies, away from its
     own squads. Slaying him needs squad N's good odds, which his 15s never give a lone Necromancer.

   When hunting, a squad steps beside its quarry once the squads of its player within four spaces
   would have the odds together (they flank it), and waits two spaces off for them otherwise; two
   small squads within six spaces merge, being harder to pick off.

Choices of ours, where the rules leave the play open: the Goat is slain only at squad N's good
odds, though a desperate try before doom would win now and then, because a lost fight costs the
game (-1) where doom costs nobody more than a draw (0); the Emperor is attacked at long odds by the
squads other than N rather than avoided, since each try is a chance to win outright and its loss
gives nobody kill points (the alternative, good odds only, leaves him to the random players' luck);
the hungry thresholds trade a likelier lost fight for not dying when the Bitch wakes.

Everything else is a plain rule: conjure from the Bribe deck (cheap creatures, fewest events)
unless a face-up creature it can pay for is on a discard pile; keep a drawn creature or item it can
pay for, otherwise trade it for the resource its hand lacks most; put spawned and wandering
monsters as far from its Necromancer as it may and near the others', items close; as defender (or
answering for the Bitch) answer with the attribute that leaves the attacker the lowest odds; open a
fight with the attribute of best odds. Ties are broken by the bot's own :class:`~necro.core.Rng`, so
a seeded bot plays the same game again, and it takes a few seconds a game at most. In the map game
it only guards its Lair and fights good odds.
"""

from __future__ import annotations

from math import ceil

from necro.core import RandomBot, Rng

from . import awaken as aw
from . import conjuration as cj
from . import fights as fx
from . import loot as lt
from . import turn as tn
from .creatures import catalogue
from .hexes import Hex, distance, neighbours, parse_hex
from .movement import RESOURCE_NAMES, crossings, destinations, fits, reachable, squad_id, trapped


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
HUNGRY_N, HUNGRY = 0.6, 0.5
"""Odds squad N, and any other squad, need to attack an enemy squad or crystal when the Darkest Evil
Bitch is coming and its player has no enemy kill points yet: she kills a Necromancer without them."""
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
    from .odds import advise

    if evil is not None:
        record = fx.evil_record(state.squads, attackers[0], evil)
    else:
        record = fx.new_record(state.squads, list(attackers), did, 3)
    return float(advise(fx.combat_of(record)).win())


class HeuristicBot:
    """Plays the full game to win, with a plan for each Awakening Evil (see the module docstring)."""

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

    # ------------------------------------------------------------------ what the player knows
    def _evil(self, state) -> str | None:
        """The Awakening Evil as far as a player knows it: the card once turned up, or the only one
        shuffled (option awakening="pit"); None while it is face down."""
        if state.track is not None and (state.track.revealed or state.game.options["awakening"] == "pit"):
            return state.evil
        return None

    def _possible(self, state) -> tuple[str, ...]:
        """The Evils the face-down card may be (all of the option's shuffle), or the one known."""
        evil = self._evil(state)
        if evil is not None:
            return (evil,)
        if state.track is None:
            return ()
        option = state.game.options["awakening"]
        return tuple(e for e, _ in aw.awakening_outcomes(option == "short", option == "advanced"))

    def _awake(self, state) -> bool:
        return bool(state.track is not None and state.track.awakened)

    def _wants_kills(self, state) -> bool:
        """Whether enemy kill points may decide the game: the Darkest Evil Bitch kills a Necromancer
        without them and fights the one with the fewest, the Emperor's prey is named by the player with
        most, the sleeping Goat blesses 27."""
        possible = self._possible(state)
        return BITCH in possible or EMPEROR in possible or (GOAT in possible and not self._awake(state))

    def _hungry(self, state, p: int) -> bool:
        """Whether player ``p`` must kill an enemy before the Darkest Evil Bitch wakes (it has no enemy
        kill points and she is turned up, still asleep)."""
        if self._evil(state) != BITCH or self._awake(state):
            return False
        enemy, _ = state.kill_points_by_kind()
        return enemy[p] == 0

    def _crush(self, state) -> bool:
        """Whether squads may attack enemy crystals (at good odds): a crushed crystal kills its
        Necromancer. Not in the Pit race, where squad N's walk matters more than the others' fights."""
        return self._evil(state) != PIT

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
        if kind == "focus":
            return self._focus(state, p, actions)
        if kind == "trot":
            return self._trot(state, p, actions)
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
        item = step["do"] == "spot" and ("card" not in step or _kind(step["card"]) != "creature")
        if step["do"] == "wander":
            here = state.squads[step["left"][0]].hex

        def score(a):
            words = a.split()
            h = here if words[-1] == "stay" else parse_hex(words[-1])
            near = distance(h, mine.hex) if mine else 0
            far = min((distance(h, t) for t in theirs), default=0)
            return -near if item else (min(near, 12) - 0.5 * min(far, 12))

        return self._best(actions, score)

    def _focus(self, state, p: int, actions: list[str]) -> str:
        """The Emperor's prey: never ourselves; the enemy whose squad N is likeliest to lose to him,
        then the one he reaches first (its squad N or its crystal)."""
        em = _evil_squad(state, EMPEROR)
        crystals = state.crystals()

        def score(a):
            prey = int(a.split()[1]) - 1
            if prey == p:
                return (-2.0, 0)
            n = state.squads.by_id.get(squad_id(prey, "N"))
            odds = _chance(state, [n.id], evil=EMPEROR) if n is not None else 0.0
            spots = ([n.hex] if n is not None else []) + ([crystals[prey]] if prey in crystals else [])
            near = min((distance(em.hex, h) for h in spots), default=99) if em is not None else 0
            return (-round(odds, 3), -near)

        return self._best(actions, score)

    def _trot(self, state, p: int, actions: list[str]) -> str:
        """The Goat's way, where the hex lines zigzag: past as many enemy creatures and as few of ours
        as may be (he tears apart every squad he comes beside, a Necromancer excepted)."""
        def score(a):
            seen = set()
            for h in (parse_hex(x) for x in a.split()[1].split(",")):
                if state.squads.at(h) is not None:
                    break  # he stops before a squad
                seen |= set(neighbours(h))
            torn = {s.owner: 0 for s in state.squads}
            for s in state.squads:
                if s.hex in seen and not any(c.card == GOAT for c in s.creatures):
                    torn[s.owner] += sum(1 for c in s.creatures if not c.necromancer)
            return sum(k for o, k in torn.items() if o not in (None, p)) - 2 * torn.get(p, 0)

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
            eyes = _eyes_lying(state)
            fetch = [a for a in actions if eyes is not None and a.endswith(f" via {eyes}")]
            if fetch:  # the Statue's eyes on a pit: cross it, picking them up, and head home
                home = state.ground.distances_from(state.crystals().get(p, state.squads[sid].hex))
                return self._best(fetch, lambda a: -home.get(parse_hex(a.split()[2]), 50))
            goal = self._goal(state, p, sid)
            return self._best(actions, lambda a: -goal(parse_hex(a.split()[2])))
        if kind in ("off-pit", "subdued"):
            n = state.squads.by_id.get(squad_id(p, "N"))
            if n is None:
                return None
            return self._best(actions, lambda a: -distance(n.hex, parse_hex(a.split()[-1])) if a != "stay" else -99)
        return None

    def _may_win(self, state) -> bool:
        track = state.track
        return bool(state.full and track is not None and track.awakened and self._evil(state) == PIT
                    and state.awake_cycle is not None and state.cycle > state.awake_cycle)

    def _reaches_pit(self, state, n) -> bool:
        """Squad N could leap into The Pit this turn (rule ce-evil-pit: from beside it, or reaching it)."""
        pit = state.ground.pit()
        if pit in neighbours(n.hex) and n.left > 0 and not trapped(state.ground, n):
            return True
        return pit in reachable(state.ground, state.squads, n.id)

    def _stage(self, state, n) -> str:
        """Where squad N should be now in a race to The Pit (the Pit of Infinite Shadow, the Statue on
        it, or an Evil not yet known): ``home`` (stay near the Lair), ``wait`` (a few spaces from The
        Pit) or ``pit`` (next to it)."""
        track = state.track
        if track is None or self._evil(state) not in (None, PIT, STATUE):
            return "home"
        if track.awakened:
            return "pit"
        alive = state.game.players - len(state.out)
        awaken = aw.awaken_data().track.awaken(max(2, alive))
        dist = state.ground.distance(n.hex, state.ground.pit())
        walk = ceil(max(0, (dist if dist is not None else 20) - WAIT) / max(1, n.rate))
        return "wait" if awaken - track.position <= walk + LEAD else "home"

    def _clear_of(self, state, sid: str):
        """A cost for squad ``sid`` standing where an Awakened Evil may fall on it: within reach of the
        awake Emperor (unless it means to attack him), beside the Statue (a squad there must fight
        it) unless it means to, and for the awake Goat the chance that his next rampage passes beside
        it (a D4 picks one of four ways), or beside him now (he tears it apart at once)."""
        out, risk = [], {}
        if self._awake(state):
            em = _evil_squad(state, EMPEROR)
            if em is not None and not self._seeks(state, sid, EMPEROR):
                out.append((em.hex, EMPEROR_REACH, 4.0))
            statue = _evil_squad(state, STATUE)
            if statue is not None and not self._seeks(state, sid, STATUE):
                out.append((statue.hex, 1, 6.0))
            goat = _evil_squad(state, GOAT)
            if goat is not None and (not sid.endswith(":N") or len(state.squads[sid].creatures) > 1):
                risk = self._goat_risk(state, goat)  # a Necromancer alone has nothing he can tear away
                out.append((goat.hex, 1, 20.0))
        return lambda h: sum(w * (r + 1 - distance(h, e)) for e, r, w in out if distance(h, e) <= r) \
            + 8.0 * risk.get(h, 0.0)

    def _goat_risk(self, state, goat) -> dict:
        """For each hex, the chance that the awake Goat's next rampage takes him beside it."""
        out: dict = {}
        for d4 in range(1, 5):
            near = set()
            for path in aw.goat_paths(goat.hex, aw.goat_direction(d4)):
                for h in path:
                    near |= set(neighbours(h)) | {h}
            for h in near:
                out[h] = out.get(h, 0.0) + 0.25
        return out

    def _seeks(self, state, sid: str, card: str) -> bool:
        """Whether squad ``sid`` should go and fight the Evil ``card``: the Statue at good odds; the
        Emperor always for a squad other than N (whoever kills him wins; together they flank him),
        for squad N only at good odds with the squads of its player already near him; never the Goat."""
        if card == GOAT:
            return False
        evil = _evil_squad(state, card)
        n = sid.endswith(":N")
        if card == EMPEROR:
            if not n:
                return True
            near = [s.id for s in state.squads.of(state.squads[sid].owner)
                    if s.id != sid and distance(s.hex, evil.hex) <= 2]
            return _chance(state, [sid] + near, did=evil.id) >= GOOD_N
        return _chance(state, [sid], did=evil.id) >= (GOOD_N if n else GOOD)

    def _goal(self, state, p: int, sid: str):
        """A cost for squad ``sid`` standing on a hex: lower is better."""
        squad = state.squads[sid]
        n = state.squads.by_id.get(squad_id(p, "N"))
        evil = self._evil(state)
        threats = [s for s in state.squads if s.owner != p and not _is_evil(s)]
        strength = _squad_power(squad)
        clear = self._clear_of(state, sid)

        def danger(h):
            out = 0.0
            for s in threats:
                d = distance(h, s.hex)
                if d <= 2:
                    ratio = _squad_power(s) / max(1, strength)
                    out += (3.0 if d == 1 else 1.0) * (0.5 + ratio)
            return out + clear(h)

        def towards(spots):  # spaces over open ground to the nearest of these hexes it can reach
            maps = [d for d in (state.ground.distances_from(h) for h in spots) if squad.hex in d]
            return lambda h: min((d.get(h, 50) for d in maps), default=0)

        target, onto = self._target(state, p, squad, evil)
        if target is not None:
            seek, k = towards([target]), int(onto)
            return lambda h: 2 * abs(seek(h) - k) + 0.3 * danger(h)
        hungry = self._hungry(state, p)
        if sid != squad_id(p, "N") and evil == PIT:
            # in the Pit race the other squads harry the enemy Necromancers, off squad N's way to The Pit
            prey = [s.hex for s in state.squads if s.has_necromancer and s.owner not in (None, p)]
            hunt = towards(prey)
            way = set(self._way(state, n)) if n is not None else set()
            return lambda h: hunt(h) + danger(h) + (6 if h in way else 0)
        if sid != squad_id(p, "N"):
            partner = self._partner(state, p, squad)
            if partner is not None:  # two small squads make one that is harder to pick off
                join = towards([partner])
                return lambda h: join(h) + danger(h)
        if sid != squad_id(p, "N") or self._n_hunts(state, p):
            # the others hunt (and squad N with them when it must): see _hunt
            hunt = self._hunt(state, p, squad, hungry)
            if sid == squad_id(p, "N"):
                if hunt is None:
                    lair = state.ground.distances_from(state.crystals().get(p, squad.hex))
                    return lambda h: lair.get(h, 50) + danger(h)
                return lambda h: hunt(h) + danger(h)
            way = set(self._way(state, n)) if n is not None and evil in (None, STATUE) else set()
            return lambda h: (hunt(h) if hunt else 0) + danger(h) + (6 if h in way else 0)
        stage = self._stage(state, squad)
        if evil == STATUE and stage == "pit":
            stage = "wait"  # not strong enough for the Statue yet, or the eyes are on their way home
        if stage == "home":
            lair = state.crystals().get(p, squad.hex)
            home = state.ground.distances_from(lair)
            return lambda h: home.get(h, 50) + danger(h)
        pit = state.ground.distances_from(state.ground.pit())
        if stage == "pit":  # the race is on: only a fight it would likely lose keeps it back
            return lambda h: max(0, pit.get(h, 50) - 1) * 2 + 0.3 * danger(h)
        return lambda h: max(0, pit.get(h, 50) - WAIT) * 2 + danger(h) + (0.5 if h in state.ground.spawn_pits else 0)

    def _n_hunts(self, state, p: int) -> bool:
        """Whether squad N joins the hunt: when it must kill before the Darkest Evil Bitch wakes, and
        once the Goat is awake (the last Necromancer standing is then the only winner before doom)."""
        return self._hungry(state, p) or (self._evil(state) == GOAT and self._awake(state))

    def _partner(self, state, p: int, squad) -> Hex | None:
        """Where another squad of player ``p`` (not N) stands that ``squad`` could merge with, within a
        few spaces: the nearest such, or None."""
        if len(squad.creatures) >= 3:
            return None
        near = state.ground.distances_from(squad.hex)
        best = None
        for s in state.squads.of(p):
            d = near.get(s.hex)
            if s.id != squad.id and s.card != "N" and d is not None and d <= 6 and \
                    fits(list(squad.creatures) + list(s.creatures)) and (best is None or d < best[0]):
                best = (d, s.hex)
        return best[1] if best else None

    def _hunt(self, state, p: int, squad, hungry: bool):
        """A cost for squad ``squad`` hunting: the enemy Necromancers and their crystals, and when kill
        points count any enemy squad (a lost fight hands the enemy kill points, so only what it would
        beat, alone or with the squads of its player already near). It steps beside a quarry when the
        flank it would join has the odds it needs, and waits two spaces off otherwise, for the others
        to come up. None: nothing worth hunting."""
        mine = squad.id == squad_id(p, "N")
        bar = (HUNGRY_N if mine else HUNGRY) if hungry else (GOOD_N if mine else GOOD)
        kills = self._wants_kills(state)
        quarry = [(s.hex, s.id) for s in state.squads if s.owner not in (None, p) and (kills or s.has_necromancer)]
        if self._crush(state):
            quarry += [(h, fx.crystal_id(o)) for o, h in sorted(state.crystals().items()) if o != p]
        helpers = [s for s in state.squads.of(p) if s.id != squad.id and (s.card != "N" or self._n_hunts(state, p))]
        spots = []
        for h, did in quarry:
            flank = [squad.id] + [s.id for s in helpers if distance(s.hex, h) <= FLANK]
            if len(flank) > 3:  # the three strongest are plenty
                flank = [squad.id] + sorted(flank[1:], key=lambda x: -_squad_power(state.squads[x]))[:2]
            if _chance(state, flank, did=did) >= bar:
                spots.append((h, 1))
            elif not mine and not kills:
                spots.append((h, 2))
        if not spots:
            return None
        maps = [(state.ground.distances_from(h), k) for h, k in spots]
        maps = [(d, k) for d, k in maps if squad.hex in d]
        if not maps:
            return None
        return lambda h: min(abs(d.get(h, 50) - k) + (3 if d.get(h, 50) < k else 0) for d, k in maps)

    def _target(self, state, p: int, squad, evil: str | None) -> tuple[Hex | None, int]:
        """A hex squad ``squad`` should make for by the Evil's plan, and how far from it to stand
        (0 on it, 1 beside it); None to follow its usual goal. The Statue's eyes: carried home onto
        the crystal, fetched where they lie (from beside The Pit, which a move crosses to pick them
        up), taken from an enemy carrier; the Statue or the Emperor to fight (the squads other than N
        gather two spaces from The Pit before he rises there); the sleeping Goat to kneel before."""
        awake = self._awake(state)
        if evil == STATUE and awake:
            holder = _eyes_holder(state)
            if holder is not None and holder.owner == p:
                return (state.crystals().get(p), 0) if holder.id == squad.id else (None, 1)
            if holder is not None:
                beat = _chance(state, [squad.id], did=holder.id) >= (GOOD_N if squad.card == "N" else GOOD)
                return (holder.hex if beat else None), 1
            statue = _evil_squad(state, STATUE)
            if statue is not None:
                return (statue.hex if self._seeks(state, squad.id, STATUE) else None), 1
            eyes = _eyes_lying(state)
            return eyes, int(eyes is not None and eyes in state.ground.spawn_pits)
        if evil == EMPEROR:
            em = _evil_squad(state, EMPEROR)
            if em is None:
                return (state.ground.pit() if squad.card != "N" and not awake else None), 2
            return (em.hex if self._seeks(state, squad.id, EMPEROR) else None), 1
        if evil == GOAT and not awake and squad.card == "N":
            goat = _evil_squad(state, GOAT)
            enemy, _ = state.kill_points_by_kind()
            return (goat.hex if goat is not None and enemy[p] >= aw.GOAT_BLESSING else None), 1
        return None, 1

    def _way(self, state, n) -> list:
        """Squad N's way to The Pit (one shortest way over open ground), where no other squad of
        its player should stand: a squad of three cannot be passed through."""
        return (state.ground.shortest_path(n.hex, state.ground.pit()) or [n.hex])[1:]

    # ------------------------------------------------------------------ the turn
    def _turn(self, state, p: int, actions: list[str]) -> str | None:
        if state.must_fight:
            return self._must_fight(state, actions)
        if "kneel N" in actions:  # the sleeping Goat blesses 27 enemy kill points: the game is won
            return "kneel N"
        n = state.squads.by_id.get(squad_id(p, "N"))
        if n is not None and "move N" in actions and self._may_win(state) and self._reaches_pit(state, n):
            return "move N"
        if "slay N" in actions and self._odds(state, "slay N") >= GOOD_N:
            return "slay N"
        picks = [a for a in actions if a.startswith("pick ")]
        if picks:
            return picks[0]
        for a in actions:  # another squad beside squad N hands it all of a resource
            w = a.split()
            if w[0] == "pass" and w[2] == "N" and len(w) == 5 and w[3] in RESOURCE_NAMES and \
                    int(w[4]) == state.squads[squad_id(p, w[1])].resources.get(w[3], 0):
                return a
        split = [a for a in actions if a.startswith("split ")]
        if split and self._evil(state) == PIT and not self._awake(state):  # two wizards, two ways to The Pit
            return split[0]
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
        if self._hungry(state, p):  # each creature brings her a space nearer: items only
            cards = {c for c in cards if _kind(c) != "creature"}
            if not cards:
                return None
        card = max(sorted(cards), key=lambda c: (_kind(c) == "creature", _power(c)))
        mine = [a for a in options if a.split()[1] == card]
        if _kind(card) != "creature":
            return "invoke " + card + " N" if f"invoke {card} N" in mine else mine[0]
        speed = catalogue().creature(card).movement
        strong = self._evil(state) in (BITCH, EMPEROR)  # squad N fights her, or him, with what it holds
        if f"invoke {card} N" in mine and (strong or speed >= n.rate):
            return f"invoke {card} N"
        joins = [a for a in mine if " new " not in a and a != f"invoke {card} N"]
        if joins:  # fewer, fuller squads crowd the tunnels less
            return joins[0]
        news = [a for a in mine if " new " in a]
        if news:
            way = set(self._way(state, n))
            if self._evil(state) == STATUE:  # keep the crystal free for the eyes' homecoming
                way.add(state.crystals().get(p))
            return self._best(news, lambda a: -(parse_hex(a.split()[3]) in way))
        return mine[0]

    def _bar(self, state, squads: list[str], did: str) -> float | None:
        """The odds an attack by ``squads`` on ``did`` needs; None: no attack."""
        with_n = "N" in squads
        target = state.squads.by_id.get(did)
        if target is not None and target.owner is None:
            return (GOOD_N if with_n else TRY) if any(c.card == EMPEROR for c in target.creatures) else \
                (GOOD_N if with_n else GOOD)
        if fx.is_crystal(did) and not self._crush(state):
            return None
        if self._hungry(state, state.turn):
            return HUNGRY_N if with_n else HUNGRY
        return GOOD_N if with_n else GOOD

    def _attack(self, state, p: int, actions: list[str]) -> str | None:
        fights = [a for a in actions if a.startswith(("fight ", "shoot "))]
        best, best_odds = None, 0.0
        for a in fights:
            need = self._bar(state, a.split()[1].split(","), a.split()[2])
            if need is None:
                continue
            odds = self._odds(state, a)
            if odds >= need and odds > best_odds:
                best, best_odds = a, odds
        return best

    def _move(self, state, p: int, sid: str, actions: list[str]) -> str | None:
        card = state.squads[sid].card
        if f"move {card}" not in actions:
            return None
        eyes = _eyes_lying(state)
        if eyes is not None and eyes in state.ground.spawn_pits and crossings(state.ground, state.squads, sid, [eyes]):
            return f"move {card}"
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

"""The heuristic player's plans: what its player knows of the Awakening Evil, and where each squad
should stand by the Evil's plan (the module docstring of :mod:`necro.cave_evil.bots`, point 4)."""

from __future__ import annotations

from math import ceil

from .. import awaken as aw
from .. import fights as fx
from ..hexes import Hex, distance, neighbours
from ..movement import fits, reachable, squad_id, trapped
from .knowledge import (RACE, RACE_N, BITCH, BITCH_CLOSE, DOOM_CLOSE, LAST, LAST_N, EMPEROR, EMPEROR_REACH, FLANK, GOAT, GOOD, GOOD_N, HUNGRY, HUNGRY_N, LEAD, PIT,
                        STATUE, WAIT, _chance, _evil_squad, _eyes_holder, _eyes_lying, _is_evil, _squad_power)


class Plans:
    """The knowledge and plan half of :class:`~necro.cave_evil.bots.heuristic.HeuristicBot`."""

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

    def _to_go(self, state, event: str) -> int | None:
        """Spaces the Blood Eye has still to move to the Awaken icon (``event="awaken"``) or to doom
        (``"doom"``: the Reveal icon a second time), for the Necromancers alive now."""
        if state.track is None:
            return None
        alive = max(2, state.game.players - len(state.out))
        return getattr(aw.awaken_data().track, event)(alive) - state.track.position

    def _bars(self, state, p: int) -> tuple[float, float]:
        """The odds squad N, and any other squad, need to attack an enemy squad or crystal: good odds as
        a rule; less while the Darkest Evil Bitch comes and player ``p`` has no enemy kill points (she
        kills a Necromancer without them), less still in her last spaces; less once the Goat is awake
        (only the last Necromancer standing wins before doom), and least when doom is near: doom
        costs everybody the game, a lost fight of a squad other than N costs only that squad."""
        if self._hungry(state, p):
            left = self._to_go(state, "awaken")
            return (LAST_N, LAST) if left is not None and left <= BITCH_CLOSE else (HUNGRY_N, HUNGRY)
        if self._awake(state) and self._evil(state) != BITCH:
            doom = self._to_go(state, "doom")
            if doom is not None and doom <= DOOM_CLOSE:
                return LAST_N, LAST
            if self._evil(state) == GOAT:
                return HUNGRY_N, HUNGRY
        return GOOD_N, GOOD

    def _crush(self, state) -> bool:
        """Whether squads may attack enemy crystals (at good odds): a crushed crystal kills its
        Necromancer. Not in the Pit race, where squad N's walk matters more than the others' fights."""
        return self._evil(state) != PIT

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
            return _chance(state, [sid] + near, did=evil.id) >= self._emperor_bar(state, state.squads[sid].owner)
        return _chance(state, [sid], did=evil.id) >= (GOOD_N if n else GOOD)

    def _emperor_bar(self, state, p: int) -> float:
        """The odds player ``p``'s squad N needs to go for the awake Emperor: good odds, or fair ones
        in a race, when an enemy Necromancer stands within RACE spaces of him (its win is our loss)."""
        em = _evil_squad(state, EMPEROR)
        racing = em is not None and any(s.has_necromancer and s.owner not in (None, p) and
                                        distance(s.hex, em.hex) <= RACE for s in state.squads)
        return RACE_N if racing else GOOD_N

    def _goal(self, state, p: int, sid: str):
        """A cost for squad ``sid`` standing on a hex: lower is better."""
        squad = state.squads[sid]
        n = state.squads.by_id.get(squad_id(p, "N"))
        evil = self._evil(state)
        threats = [s for s in state.squads if s.owner != p and not _is_evil(s)]
        strength = _squad_power(squad)
        clear = self._clear_of(state, sid)

        def danger(h, prey=frozenset()):  # squads it means to attack (prey) are no threat to stand by
            out = 0.0
            for s in threats:
                if s.id in prey:
                    continue
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
            hunt, prey = self._hunt(state, p, squad, hungry)
            if sid == squad_id(p, "N"):
                if hunt is None:
                    lair = state.ground.distances_from(state.crystals().get(p, squad.hex))
                    return lambda h: lair.get(h, 50) + danger(h)
                return lambda h: hunt(h) + danger(h, prey)
            way = set(self._way(state, n)) if n is not None and evil in (None, STATUE) else set()
            return lambda h: (hunt(h) if hunt else 0) + danger(h, prey) + (6 if h in way else 0)
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
        to come up. With it, the ids of the quarry it would beat (no threat to stand beside). None:
        nothing worth hunting."""
        mine = squad.id == squad_id(p, "N")
        bar = self._bars(state, p)[0 if mine else 1]
        kills = self._wants_kills(state)
        quarry = [(s.hex, s.id) for s in state.squads if s.owner not in (None, p) and (kills or s.has_necromancer)]
        if self._crush(state):
            quarry += [(h, fx.crystal_id(o)) for o, h in sorted(state.crystals().items()) if o != p]
        helpers = [s for s in state.squads.of(p) if s.id != squad.id and (s.card != "N" or self._n_hunts(state, p))]
        spots, prey = [], set()
        for h, did in quarry:
            flank = [squad.id] + [s.id for s in helpers if distance(s.hex, h) <= FLANK]
            if len(flank) > 3:  # the three strongest are plenty
                flank = [squad.id] + sorted(flank[1:], key=lambda x: -_squad_power(state.squads[x]))[:2]
            if _chance(state, flank, did=did) >= bar:
                spots.append((h, 1))
                prey.add(did)
            elif not mine and not kills:
                spots.append((h, 2))
        if not spots:
            return None, prey
        maps = [(state.ground.distances_from(h), k) for h, k in spots]
        maps = [(d, k) for d, k in maps if squad.hex in d]
        if not maps:
            return None, prey
        return lambda h: min(abs(d.get(h, 50) - k) + (3 if d.get(h, 50) < k else 0) for d, k in maps), prey

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


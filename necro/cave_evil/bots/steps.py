"""The heuristic player's answers outside its own free choice of action: the queued steps of a turn
(resources, conjuring, keeping, placing monsters, the Emperor's prey, the Goat's way), the fight's
attribute choices, and the hex a move goes to."""

from __future__ import annotations

from ..hexes import distance, neighbours, parse_hex
from ..movement import squad_id
from .knowledge import (beside_an_evil, DECK_ORDER, EMPEROR, GOAT, _affordable, _chance, _cost, _count, _evil_squad, _eyes_lying,
                        _kind, _need, _pays, _wanted)
from . import powers as pw
from . import spells as sp


SELF_MARGIN = 0.1
"""How much surer than any enemy's loss our own squad N's win against the Emperor must be for us to
name ourselves his prey (a loss puts us out)."""


class Steps:
    """The steps half of :class:`~necro.cave_evil.bots.heuristic.HeuristicBot`."""

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
        a spawned item near ours; what an Evil pushed off The Pit near ours if it is ours or only
        loot, else as far from ours as may be."""
        mine = state.squads.by_id.get(squad_id(p, "N"))
        theirs = [s.hex for s in state.squads if s.has_necromancer and s.owner not in (None, p)]
        item = step["do"] == "spot" and ("card" not in step or _kind(step["card"]) != "creature")
        if step["do"] == "spot" and "off" in step:
            pushed = state.squads.by_id.get(step.get("pushed"))
            near = pushed is None or pushed.owner == p
            return self._best(actions, lambda a: (-1 if near else 1) * (
                distance(parse_hex(a.split()[1]), mine.hex) if mine else 0))
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
        """The Emperor's prey: the enemy whose squad N is likeliest to lose to him (he kills it, or
        his loss is that enemy's win), the one he reaches first of equals (its squad N or its
        crystal); ourselves only when our squad N, nearer him than our crystal (he goes for the
        nearer), would beat him more surely, by a margin, than any enemy would lose to him."""
        em = _evil_squad(state, EMPEROR)
        crystals = state.crystals()

        def score(a):
            prey = int(a.split()[1]) - 1
            n = state.squads.by_id.get(squad_id(prey, "N"))
            odds = _chance(state, [n.id], evil=EMPEROR) if n is not None else 0.0
            spots = ([n.hex] if n is not None else []) + ([crystals[prey]] if prey in crystals else [])
            near = min((distance(em.hex, h) for h in spots), default=99) if em is not None else 0
            if prey == p:
                safe = n is not None and em is not None and (
                    prey not in crystals or distance(em.hex, n.hex) < distance(em.hex, crystals[prey]))
                return (round(odds - SELF_MARGIN, 3), 0) if safe else (-2.0, 0)
            return (round(1 - odds, 3), -near)

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
        from ..odds import advise, first_odds, round_odds

        combat = state.fight
        step = combat.decision()
        power = pw.defence_answer(self, state, actions) if "defender casts nothing" in actions else None
        if power is not None:  # the defender's power before the dice (ruling ce-power-when)
            return power
        answer = sp.most_spells(actions, "defender casts")
        if answer is not None:  # every spell the side may cast helps it (ruling ce-cast-combat)
            return answer
        if combat.stabbist and step in ("second", "third"):  # our Stabbist picks every round (rule ce-stabbist)
            rounds = round_odds(combat)
            return self._best([a for a in actions if a.split()[0] == step], lambda a: -rounds.get(a.split()[1], 1))
        if step == "first":
            return sp.most_spells(actions, f"first {advise(combat).best}")
        if step == "second":
            rounds = round_odds(combat)
            replies = dict(first_odds(rounds, combat.order[0]).replies)
            return self._best(actions, lambda a: -replies.get(a.split()[1], 1))
        return None

    def _odds(self, state, action: str) -> float:
        """The attacker's chance of winning the fight (or shot) ``action`` would start."""
        from ..odds import advise

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
            # after a power this turn no Awakened Evil may be fought, so none is walked up to (a squad
            # that walks up to a foe must fight it before the turn ends: rule ce-combat-must)
            barred = beside_an_evil(state, [parse_hex(a.split()[2]) for a in actions]) if state.power_turn else set()
            return self._best(actions, lambda a: -goal(parse_hex(a.split()[2])) - 100 * (parse_hex(a.split()[2]) in barred))
        if kind == "attach":  # a lasting curse on our weakest creature (rule ce-effect-permanent)
            return sp.attach_to(state, p, actions)
        if kind in ("off-pit", "subdued"):
            n = state.squads.by_id.get(squad_id(p, "N"))
            if n is None:
                return None
            return self._best(actions, lambda a: -distance(n.hex, parse_hex(a.split()[-1])) if a != "stay" else -99)
        return None


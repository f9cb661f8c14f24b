"""The heuristic player's own turn: every legal action scored by the scorer of its kind
(:data:`SCORERS`), the best played (see :mod:`necro.cave_evil.bots`)."""

from __future__ import annotations

from necro.core import Rng

from .. import fights as fx
from ..creatures import catalogue
from ..hexes import parse_hex
from ..movement import crossings, destinations
from .knowledge import (BITCH, BITCH_CLOSE, EMPEROR, GOOD, GOOD_N, STATUE, SURE, TRY,
                        _eyes_lying, _kind, _power)
from .plans import Plans
from .scoring import best_action
from .steps import Steps


POWER_KINDS = ("teleport", "blast", "enthrall", "split")


class HeuristicBot(Plans, Steps):
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
        if pick in actions:
            return pick
        # no choice of its own: any legal action, but never a once-per-game power spent blindly
        return self.rng.choice([a for a in actions if a.split()[0] not in POWER_KINDS] or actions)

    def _best(self, actions: list[str], score) -> str:
        """The action of highest ``score``; ties broken by the bot's generator."""
        scored = [(score(a), a) for a in actions]
        top = max(s for s, _ in scored)
        return self.rng.choice([a for s, a in scored if s == top])


    # ------------------------------------------------------------------ the turn
    def _turn(self, state, p: int, actions: list[str]) -> str | None:
        if state.must_fight:
            return self._must_fight(state, actions)
        return best_action(self, state, p, actions) or "end"

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
        left = self._to_go(state, "awaken")
        if self._hungry(state, p) and left is not None and left <= BITCH_CLOSE + 2:
            # each creature brings her a space nearer: once she is close, items only
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
            if self._evil(state) == STATUE:  # keep the crystal, and the way to it, free for the eyes' homecoming
                home = state.crystals().get(p)
                way |= {home} | set((state.ground.shortest_path(n.hex, home) or [])[1:] if home else [])
            return self._best(news, lambda a: -(parse_hex(a.split()[3]) in way))
        return mine[0]

    def _bar(self, state, squads: list[str], did: str) -> float | None:
        """The odds an attack by ``squads`` on ``did`` needs; None: no attack."""
        with_n = "N" in squads
        target = state.squads.by_id.get(did)
        if target is not None and target.owner is None:
            return (self._emperor_bar(state, state.turn) if with_n else TRY) \
                if any(c.card == EMPEROR for c in target.creatures) else \
                (GOOD_N if with_n else GOOD)
        if fx.is_crystal(did) and not self._crush(state):
            return None
        return self._bars(state, state.turn)[0 if with_n else 1]

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


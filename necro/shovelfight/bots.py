"""Shovelfight's computer players: a heuristic one and a search built on it (the random one
comes from necro.core).

:class:`HeuristicBot` never looks at face-down cards. Wizard actions follow a few plain rules
(whack a wizard you share a grave with, dig when you stand on an undug grave,
otherwise move); every other decision is a one-step lookahead scored by
:func:`evaluate`: your unchecked boxes and zombies against the other wizards',
how many enemy zombies could reach your wizard next shamble, and how many of
yours threaten them. :class:`SearchBot` tries each choice in sampled worlds (its own dice, and
the face-down cards left for those dice to deal), plays on a few steps with the heuristic from
each, and judges where it got.
"""

from __future__ import annotations

from necro.core import Rng


def evaluate(state, p: int) -> float:
    teams = state.teams
    me = teams[p]
    if state.phase == "over":
        return 1000.0 * state.returns()[p]
    if me.wizard is None:
        return -500.0 + len(me.zombies)
    score = 12.0 * me.left + 2.0 * len(me.zombies)
    rivals = [t for q, t in enumerate(teams) if q != p and t.wizard is not None]
    if rivals:
        score -= 6.0 * sum(t.left for t in rivals) / len(rivals)
    near = set(state.around(me.wizard)) | {me.wizard}
    # enemy zombies that could step onto my wizard
    threat = sum(1 for q, t in enumerate(teams) if q != p for z in t.zombies if me.wizard in state.board.neighbours[z])
    score -= 3.0 * threat
    # my zombies sitting on my own grave will have to leave it (no self-harm), fine; mine next to rivals help
    for t in rivals:
        score += 1.5 * sum(1 for z in me.zombies if t.wizard in state.board.neighbours[z])
    # a wizard on a dug numbered grave can be eaten by the worms; near the edge it can fall
    if me.wizard in state.dug and state.cards[me.wizard][0] in "A23456":
        score -= 2.0
    score += 0.3 * len(near)
    if me.wizard not in state.dug:
        score += 1.0
    return score


class HeuristicBot:
    """Greedy rules for the wizard action, one-step lookahead for everything else."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        p = state.current_player()
        if state.phase == "act":
            return self._act(state, p, actions)
        best, best_score = [], None
        for a in actions:
            s = state.copy()
            s.apply_unchecked(a)
            score = evaluate(s, p)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = [a], score
            elif abs(score - best_score) <= 1e-9:
                best.append(a)
        return self.rng.choice(best)

    def _act(self, state, p, actions):
        by = {str(a): a for a in actions}
        rivals = sorted((t.left, q) for q, t in enumerate(state.teams)
                        if q != p and f"shovel W{q + 1}" in by)
        if rivals:
            return by[f"shovel W{rivals[0][1] + 1}"]
        if "dig" in by:
            return by["dig"]
        enemy_zombies = [a for a in actions if a.verb == "shovel" and a.args[0] != f"Z{p + 1}"]
        if enemy_zombies and ("move" not in by or state.used):
            return enemy_zombies[0]
        if "move" in by:
            return by["move"]
        return enemy_zombies[0] if enemy_zombies else actions[0]


class SearchBot:
    """Determinized Monte Carlo rollouts over the hidden cards (information-set sampling).

    The face-down cards are the only secret, and what is left of the deck is public (the deck
    minus the dug cards), so each sample forgets whatever a face-down grave may hold (a scenario
    can lay a known card there) and lets the rollout's own dice deal it when it is dug
    (``sf-deal-when-dug``): a world the bot cannot tell from the real one. It also draws its own
    dice, never the state's generator (whose next numbers are fixed by the seed, so reading them would be cheating).
    Every candidate action is tried in the same worlds with the same dice (common random
    numbers, so the comparison is not drowned in luck), each followed by ``horizon`` steps in
    which every player follows a base policy, and scored by :func:`evaluate`; the best mean wins.
    With the heuristic bot as the base policy this is a rollout improvement of that bot: it keeps
    the heuristic's judgement but checks each choice against what actually tends to follow.
    """

    name = "search"

    def __init__(self, seed: int = 0, samples: int = 4, horizon: int = 20, policy: str = "heuristic"):
        self.rng = Rng(seed)
        self.samples, self.horizon, self.policy = samples, horizon, policy

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        p = state.current_player()
        totals = [0.0] * len(actions)
        for _ in range(self.samples):
            world, dice = self._world(state), self.rng.next64()
            for k, action in enumerate(actions):
                s = world.copy()
                s.rng = Rng(dice)
                s.apply_unchecked(action)
                totals[k] += self._rollout(s, p, dice + 1)
        best = max(totals)
        return self.rng.choice([a for a, t in zip(actions, totals) if t >= best - 1e-9])

    def _world(self, state):
        """A copy of ``state`` with no face-down card known, and no history to carry."""
        world = state.copy()
        world.steps, world._undo, world._redo = [], [], []
        for g in world.board.graves:
            if g not in world.dug:
                world.cards[g] = None
        return world

    def _rollout(self, s, p: int, seed: int) -> float:
        if self.policy == "heuristic":
            pick = HeuristicBot(seed).choose
        else:
            players = Rng(seed)

            def pick(s):
                actions = s.legal_actions()
                return actions[players.randbelow(len(actions))]
        for _ in range(self.horizon):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.resolve_chance_unchecked()
            else:
                s.apply_unchecked(pick(s))
        return evaluate(s, p)

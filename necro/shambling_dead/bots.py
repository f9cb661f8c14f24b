"""Player policies for the survival analysis (the Narrator is the engine).

Each policy is a bot (``choose(state) -> action``) built from small
answers to the game's decisions: where to place a newcomer, whether to stand
or counter-charge, who takes a wound, who flees, how to reorder. They read the
engine's task directly (``state.task``) because they are part of this package
and must be fast: a study plays tens of thousands of nights.

- ``stand``: always stands and receives, never reorders.
- ``charge``: counter-charges when the odds look favourable (its Front Line
  strength against the zombies), with every unwounded Front Line survivor.
- ``cautious``: stands, keeps the Hero in Support (a living Hero is what
  allows reordering) and reorders every hour: wounded back, fresh forward.
- ``lookahead``: at each stand/charge choice and each reorder, tries the
  options with seeded rollouts of ``stand`` to dawn and keeps the best.

Every policy gives wounds to the already wounded first (``finish``): a
wounded survivor fights at half strength and may turn in the Enemy Within,
and measured over thousands of nights this doubles the survival rate of
spreading wounds over fresh survivors.
"""

from __future__ import annotations

from necro.core import RandomBot, Rng

from .board import FRONT, SUPPORT
from .state import CHANCE_KINDS, CHARGE, DONE, PLACE, STAND


_HANDLERS = {k: "on_" + k for k in ("place", "stance", "engage", "drag", "wound", "flee", "lose", "reorder")}


def _fig(state, fid):
    return state.boards[state.task["p"]].fig(fid)


def _prefer(state, acts, key):
    """The action whose figure ranks first by ``key(fig)``."""
    figs = {f[0]: f for f in state.boards[state.task["p"]].figs}
    return min(acts, key=lambda a: key(figs[a.a]))


def expendable(fig):
    """Who is given up first: wounded before fresh, never the Hero while anyone else can go."""
    return (fig[1] == "H", -fig[2], fig[3] == FRONT, fig[0])


def spread(fig):
    """Who takes a wound first when spreading: a fresh non-Hero (it survives it), the Hero last."""
    return (fig[1] == "H", fig[2], fig[0])


def finish(fig):
    """Who takes a wound first when finishing: the already wounded (a wounded survivor fights at
    half strength and may turn in the Enemy Within), then fresh non-Heroes, the Hero last."""
    return (fig[1] == "H", -fig[2], fig[0])


class Policy:
    """Base policy: sensible defaults for every decision; subclasses change a few."""

    name = "base"
    hero_zone = FRONT

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state):
        return getattr(self, _HANDLERS[state.task["k"]])(state, state._legal_actions())

    # -- decisions
    def on_place(self, state, acts):
        t = state.task
        if t["hero"]:
            want = self.hero_zone
        else:
            want = FRONT
        act = PLACE[want]
        return act if act in acts else acts[-1]

    def on_stance(self, state, acts):
        return STAND

    def on_engage(self, state, acts):
        fresh = [a for a in acts if a.verb == "engage" and _fig(state, a.a)[2] == 0]
        if fresh:
            return min(fresh, key=lambda a: (-(_fig(state, a.a)[1] == "H"), a.a, a.b))
        return DONE if DONE in acts else acts[0]

    def on_drag(self, state, acts):
        return _prefer(state, acts, lambda f: (f[1] == "H", f[0]))

    def on_wound(self, state, acts):
        return _prefer(state, acts, finish)

    def on_flee(self, state, acts):
        return _prefer(state, acts, expendable)

    def on_lose(self, state, acts):
        return _prefer(state, acts, expendable)

    def on_reorder(self, state, acts):
        return DONE


class AlwaysStand(Policy):
    """Always stands and receives; every other decision is the base policy's default."""

    name = "stand"

    def choose(self, state):
        # the lookahead's rollouts ask this policy hundreds of times a night: its two constant
        # answers come without listing the options first
        k = state.task["k"]
        if k == "stance":
            return STAND
        if k == "reorder":
            return DONE
        return getattr(self, _HANDLERS[k])(state, state._legal_actions())


class ChargeWhenFavourable(Policy):
    """Counter-charges when its fresh Front Line strength is at least ``ratio`` times the zombies."""

    name = "charge"
    ratio = 2.0

    def on_stance(self, state, acts):
        b = state.boards[state.task["p"]]
        from .tables import STRENGTH

        fresh = sum(STRENGTH[f[1]][0] for f in b.survivors(FRONT) if f[2] == 0)
        bonus = sum(1 for f in b.survivors(SUPPORT) if f[2] == 0)
        zombies = len(b.zombies(FRONT))
        return CHARGE if fresh and fresh + bonus >= self.ratio * zombies else STAND


class CautiousReorder(Policy):
    """Stands; the Hero stays in Support; every hour the wounded go back and the fresh come forward."""

    name = "cautious"
    hero_zone = SUPPORT

    def on_reorder(self, state, acts):
        b = state.boards[state.task["p"]]
        cap = state.game.options["front_cap"]
        moves = [a for a in acts if a.verb == "move"]
        # 1. wounded or Hero out of the Front Line
        back = [a for a in moves if a.b == SUPPORT and (_fig(state, a.a)[2] or _fig(state, a.a)[1] == "H")]
        if back:
            return back[0]
        # 2. fresh non-Heroes forward while there is room
        if b.front_count() < cap:
            fwd = [a for a in moves if a.b == FRONT and _fig(state, a.a)[2] == 0 and _fig(state, a.a)[1] != "H"]
            if fwd:
                return fwd[0]
        return DONE


def fast_copy(state, seed: int):
    """A copy for rollouts: position only, no history, its own generator."""
    clone = object.__new__(type(state))
    clone.__dict__.update(state.__dict__)
    clone.rng = Rng(seed)
    clone.forced = []
    clone.steps = []
    clone._undo = []
    clone._redo = []
    clone.notes = None
    clone._recorded = False
    clone._copy_position_from(state)
    return clone


def rollout(state, policy, player: int, hourly: bool = False) -> float:
    """Play ``state`` to dawn with ``policy`` on every seat; the score of ``player``.

    The score is the hour the band's night ended (11 for the dawn) plus the
    survivors at dawn: most nights end in the dark, and "how long did we
    last" tells options apart where survivors-at-dawn alone is nearly always 0.

    ``hourly``: each later hour draws from its own generator, seeded by the
    state's seed and the hour. Two rollouts of different options with the
    same seed then meet the same cards and dice again at the start of every
    hour, however many draws their battles took before: common random
    numbers that stay in step (with one stream, the first extra die puts
    the two nights on different dice for good). Measured over 500 decisions
    this takes the mean absolute paired difference from 1.5 to 0.9, and the
    share of rollouts where the options make no difference from 44% to 57%.
    """
    state.notes = None
    # what state._apply does, with its methods looked up once: a rollout makes a hundred steps
    rng, choose = state.rng, policy.choose
    seed, hour = rng.seed, state.hour
    sample, chance, decide, advance = state.sample_chance, state._chance, state._decide, state._advance
    while not state.over:
        if hourly and state.hour != hour:
            hour = state.hour
            rng = state.rng = Rng(seed + hour)
        if state.task["k"] in CHANCE_KINDS:
            action = sample(rng)
            state._acts = None
            chance(action)
        else:
            action = choose(state)
            state._acts = None
            decide(action)
        advance()
    b = state.boards[player]
    return float(b.out[0]) if b.out else 11.0 + len(b.survivors())


def _lead(base: list[float], other: list[float]) -> tuple[float, float]:
    """Mean paired difference ``other - base`` and its standard error."""
    n = len(base)
    diffs = [b - a for a, b in zip(base, other)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, (var / n) ** 0.5


class Lookahead(Policy):
    """One-step lookahead with rollouts.

    At a stand/charge choice it tries both; at the start of a reorder it tries
    two plans (keep everyone where they are, or wounded back and fresh
    survivors, Hero first, forward). Each option is scored by the mean score
    of :func:`rollout` (the hour the night ended, or 11 plus the survivors at
    dawn) over up to ``rollouts`` seeded rollouts of the ``stand`` policy, with
    the same seeds for every option (common random numbers, kept in step hour
    by hour with ``hourly``), so the comparison is fair and reproducible.
    Other decisions follow ``stand``.

    The rollouts are played in stages (``checks``: after 2, 4, 8 and 12 of the
    16) and a comparison stops at a check where no alternative leads the base
    answer by more than its share of the final margin: ``margin * k / 16``
    standard errors after ``k`` rollouts (a quarter of one after 2, one after 8).
    A lead below that line seldom grows into the whole margin, and most
    decisions are of that kind (the base answer is kept at 19 decisions in
    20): a night costs about a quarter of the rollouts. Measured on 498
    decisions, the stops changed 13 of them (alternatives that would just
    have won after 16 rollouts). ``checks=(), hourly=False`` is the policy as
    it was before both.
    """

    name = "lookahead"

    def __init__(self, seed: int = 0, rollouts: int = 16, margin: float = 2.0, checks: tuple = (2, 4, 8, 12),
                 hourly: bool = True):
        super().__init__(seed)
        self.rollouts = rollouts
        self.hourly = hourly
        self.margin = margin
        self.checks = tuple(c for c in checks if 1 < c < rollouts)
        self.base = AlwaysStand(seed)
        self.plan = None

    def _scores(self, state, first_moves, seeds) -> list[float]:
        p = state.task["p"]
        out = []
        for s in seeds:
            sim = fast_copy(state, s)
            for move in first_moves(sim):
                sim.apply_unchecked(move)
            out.append(rollout(sim, self.base, p, self.hourly))
        return out

    def _compare(self, state, options):
        """The first option (the base policy's own answer) unless another beats it
        clearly: by more than ``margin`` standard errors of the paired differences
        (the rollouts of all options share their seeds)."""
        # every seed is drawn at once, stop or not: the next decision gets the same seeds either way
        seeds = [self.rng.next64() for _ in range(self.rollouts)]
        n = len(seeds)
        runs: list[list[float]] = [[] for _ in options]
        done = 0
        for upto in (*self.checks, n):
            for run, (_, first_moves) in zip(runs, options):
                run += self._scores(state, first_moves, seeds[done:upto])
            done = upto
            leads = [_lead(runs[0], run) for run in runs[1:]]
            if done < n and all(mean <= self.margin * done / n * se for mean, se in leads):
                break
        best, best_gain = 0, 0.0
        if done == n:
            for i, (mean, se) in enumerate(leads, 1):
                if mean > self.margin * se and mean > best_gain:
                    best, best_gain = i, mean
        return options[best][0], [sum(r) / done for r in runs]

    def on_stance(self, state, acts):
        choice, _ = self._compare(state, [(STAND, lambda s: [STAND]), (CHARGE, lambda s: [CHARGE])])
        return choice

    def on_engage(self, state, acts):
        return self.base.on_engage(state, acts)

    def on_reorder(self, state, acts):
        if not state.task["moved"]:
            self.plan = None
            plans = [("keep", lambda s: [DONE]),
                     ("forward", lambda s: _plan_moves(s, _Forward()))]
            self.plan, _ = self._compare(state, plans)
        if self.plan == "forward":
            return _Forward().on_reorder(state, acts)
        return DONE


class _Forward(Policy):
    """Reorder plan: every fresh survivor (Hero first) forward, the wounded back."""

    def on_reorder(self, state, acts):
        b = state.boards[state.task["p"]]
        cap = state.game.options["front_cap"]
        moves = [a for a in acts if a.verb == "move"]
        back = [a for a in moves if a.b == SUPPORT and _fig(state, a.a)[2]]
        if back:
            return back[0]
        if b.front_count() < cap:
            fwd = sorted((a for a in moves if a.b == FRONT and _fig(state, a.a)[2] == 0),
                         key=lambda a: (_fig(state, a.a)[1] != "H", a.a))
            if fwd:
                return fwd[0]
        return DONE


def _plan_moves(state, policy):
    """Play out a whole reorder with ``policy`` on ``state`` (a rollout copy); nothing left to return."""
    while state.task and state.task["k"] == "reorder":
        state.apply_unchecked(policy.on_reorder(state, state._legal_actions()))
    return []


BOTS = {"random": RandomBot, "stand": AlwaysStand, "charge": ChargeWhenFavourable, "cautious": CautiousReorder,
        "lookahead": Lookahead}

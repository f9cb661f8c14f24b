"""The heuristic player's own turn, scored: every legal action is scored by the function of its kind
(its first word) in :data:`SCORERS`, and the best is played; an action whose scorer answers None,
or whose kind has none, is never played. Scores are tiers: a win on the spot, then picking up and
passing, a once-per-game power with a clear gain, hiring, fighting at good odds, invoking, moving,
meditating, and ending the turn (0) when nothing scores higher.

A new action kind is taught by one small function ``score(turn, action) -> float | None`` added to
:data:`SCORERS` (``turn`` is a :class:`Turn`: the bot, the state, the player, the legal actions and
the choices worked out once for the whole decision)."""

from __future__ import annotations

from functools import cached_property

from .. import fighting as fg
from ..movement import RESOURCE_NAMES, squad_id
from . import powers as pw
from . import spells as sp
from .knowledge import DECK_ORDER, GOOD_N, _power


class Turn:
    """One decision of the bot's own turn (Phase 3), with what several scorers share, worked out once."""

    WIN, LEAP, SLAY, PICK, PASS, SPLIT, POWER = 1000.0, 950.0, 900.0, 800.0, 790.0, 780.0, 700.0
    HIRE, FIGHT, INVOKE, MOVE_N, MEDITATE, MOVE = 650.0, 600.0, 500.0, 400.0, 350.0, 300.0

    def __init__(self, bot, state, p: int, actions: list[str]):
        self.bot, self.state, self.p, self.actions = bot, state, p, actions
        self.n = state.squads.by_id.get(squad_id(p, "N"))

    @cached_property
    def attack(self) -> str | None:
        return self.bot._attack(self.state, self.p, self.actions)

    @cached_property
    def invoke(self) -> str | None:
        return self.bot._invoke(self.state, self.p, self.n, self.actions)

    @cached_property
    def moves(self) -> list[str]:
        """The squads' moves that bring them nearer their goals: squad N's first, then the others' in order."""
        order = ([self.n] if self.n is not None else []) + [s for s in self.state.squads.of(self.p) if s.card != "N"]
        return [m for m in (self.bot._move(self.state, self.p, s.id, self.actions) for s in order) if m]

    @cached_property
    def power_ok(self) -> bool:
        """No power while a squad owes a fight (rule ce-combat-must): after a power no Awakened Evil
        may be fought this turn, and a squad that walked up to one could then neither fight nor end."""
        return not fg.owed(self.state)

    @cached_property
    def teleport(self):
        return pw.teleport_choice(self)

    @cached_property
    def enthrall(self):
        return pw.enthrall_choice(self)


def score_kneel(t: Turn, action: str) -> float:
    return t.WIN  # the sleeping Goat blesses 27 enemy kill points: the game is won


def score_move(t: Turn, action: str) -> float | None:
    if action == "move N" and t.n is not None and t.bot._may_win(t.state) and t.bot._reaches_pit(t.state, t.n):
        return t.LEAP
    if action not in t.moves:
        return None
    return t.MOVE_N if action == "move N" else t.MOVE - t.moves.index(action)


def score_slay(t: Turn, action: str) -> float | None:
    return t.SLAY if t.bot._odds(t.state, action) >= GOOD_N else None


def score_pick(t: Turn, action: str) -> float | None:
    return t.PICK if action == next(a for a in t.actions if a.startswith("pick ")) else None


def score_pass(t: Turn, action: str) -> float | None:
    """Another squad beside squad N hands it all of a resource."""
    w = action.split()
    if w[2] == "N" and len(w) == 5 and w[3] in RESOURCE_NAMES and \
            int(w[4]) == t.state.squads[squad_id(t.p, w[1])].resources.get(w[3], 0):
        return t.PASS
    return None


def score_fight(t: Turn, action: str) -> float | None:
    return t.FIGHT + t.bot._odds(t.state, action) if action == t.attack else None


def score_subdue(t: Turn, action: str) -> float | None:
    """A Wandering Monster taken captive rather than slain, at the odds a fight on it would need: a
    creature gained without the Blood Eye stirring is worth more than its few wandering kill points."""
    words = action.split()
    bar = t.bot._bar(t.state, words[1].split(","), words[2])
    if bar is None:
        return None
    odds = t.bot._odds(t.state, action)
    return t.FIGHT + odds + 0.05 if odds >= bar else None


HIRE_POWER = 15
"""The least summed attributes of a Wandering Monster worth its price (the trinkets are not)."""


def score_hire(t: Turn, action: str) -> float | None:
    """A Wandering Monster hired for its cost: a creature gained with no fight and no Blood Eye
    stirring (rule ce-blood-eye-invoke counts only invoked creatures)."""
    monster = t.state.squads[action.split()[2]]
    power = sum(_power(c.card) for c in monster.creatures)
    return t.HIRE + power / 100 if power >= HIRE_POWER else None


def score_invoke(t: Turn, action: str) -> float | None:
    return t.INVOKE if action == t.invoke else None


def score_meditate(t: Turn, action: str) -> float | None:
    meditate = [a for a in t.actions if a.startswith("meditate ")]
    pick = next((f"meditate {d}" for d in DECK_ORDER if f"meditate {d}" in meditate), meditate[0])
    return t.MEDITATE if action == pick else None


def score_end(t: Turn, action: str) -> float:
    return 0.0


SCORERS = {
    "kneel": score_kneel, "move": score_move, "slay": score_slay, "pick": score_pick, "pass": score_pass,
    "fight": score_fight, "shoot": score_fight, "subdue": score_subdue, "hire": score_hire,
    "invoke": score_invoke, "meditate": score_meditate, "end": score_end,
    "teleport": pw.score_teleport, "blast": pw.score_blast, "enthrall": pw.score_enthrall, "split": pw.score_split,
    "cast": sp.score_cast, "bomb": sp.score_bomb, "bathe": sp.score_bathe,
}
"""Action kind (the notation's first word) -> its scorer. Kinds left out (dig, collapse, continue,
break, drop, sacrifice, discard, abandon...) are never chosen on the bot's own turn."""


def best_action(bot, state, p: int, actions: list[str]) -> str | None:
    """The action of highest score (ties broken by the bot's generator); None: nothing scores."""
    t = Turn(bot, state, p, actions)
    scored = [(s, a) for s, a in ((_score(t, a), a) for a in actions) if s is not None]
    if not scored:
        return None
    top = max(s for s, _ in scored)
    return bot.rng.choice([a for s, a in scored if s == top])


def _score(t: Turn, action: str) -> float | None:
    scorer = SCORERS.get(action.split()[0])
    return scorer(t, action) if scorer is not None else None


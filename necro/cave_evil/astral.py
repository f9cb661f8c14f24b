"""The Astral Worm's strike before a fight (black-diamond card; rule ce-astral-worm, ruling ce-astral-worm-how).

The text's deeper explanation: the Astral Worm may use its ability before its main combat, a single
round rolled on special alone; a squad of one creature it so subdues is dead. Played here as a choice
of the attacking side at fight set-up, ``fight II 2:III astral``: the Worm alone, with its own
special, against the defending squad's one creature, a single round (ties thrown again). Won, the
creature dies as if killed in the fight (its kill points to the attacker, its gore and items on its
hex) and the fight is over; lost, the main combat follows at once, the Worm's whole squad against
the creature, as the plain ``fight II 2:III`` would have been. Awakened Evils and Necromancers are
immune (rules ce-evil-emperor, ce-evil-bitch; ruling ce-astral-worm-how).

The two other mind abilities the text names, the Mind Chanter's and the Brain Sentry's, are not
played: the text never says what they do (ruling ce-mind-abilities).
"""

from __future__ import annotations

from necro.core import IllegalAction

from . import fights as fx
from .basics import fight_options, lone_fight, squad_name
from .combat import ATTACKER
from .creatures import catalogue
from .ground import Refusal
from .movement import Squad

ASTRAL_WORM = "astral-worm"


def worm_of(squad: Squad):
    """The squad's first Astral Worm (None if it holds none)."""
    return next((c for c in squad.creatures if c.card == ASTRAL_WORM), None)


def astral_refusal(state, attackers, did: str):
    """Why ``fight <card> <did> astral`` is refused now (rule ce-astral-worm; ruling ce-astral-worm-how);
    None: the Worm may strike."""
    if (tuple(attackers), did) not in fight_options(state):
        phase = 1 if state.must_fight else 3
        refusal = fx.fight_refusal(state.ground, state.squads, state.turn, attackers, did, phase,
                                   state.must_fight or None, state.crystals())
        return refusal or Refusal("ce-astral-worm", "this fight may not be started now")
    if len(attackers) != 1 or worm_of(state.squads[attackers[0]]) is None:
        return Refusal("ce-astral-worm", "only a squad holding an Astral Worm strikes before the fight, and it attacks alone")
    if fx.is_crystal(did) or did not in state.squads:
        return Refusal("ce-astral-worm-how", "the astral form on a crystal is no creature to subdue")
    target = state.squads[did]
    cards = catalogue()
    for c in target.creatures:
        card = cards.creatures.get(c.card)
        if card is not None and card.kind == "awakened-evil":
            rule = "ce-evil-emperor" if c.card == "eternal-evil-emperor" else (
                "ce-evil-bitch" if "bitch" in c.card else "ce-astral-worm-how")
            return Refusal(rule, "an Awakened Evil is immune to the Astral Worm's mind")
        if c.necromancer:
            return Refusal("ce-astral-worm-how", "a Necromancer is immune to the Astral Worm's strike")
    if len(target.creatures) != 1:
        return Refusal("ce-astral-worm", "the Astral Worm's strike kills only a squad of one creature")
    if not lone_fight(state, attackers, did):
        return Refusal("ce-astral-worm-how", "other squads would join this fight: the Worm strikes a lone squad only")
    return None


def astral_options(state) -> list[str]:
    """``fight II 2:III astral`` for every fight the turn player may start in which an Astral Worm may
    strike first (after the other fight actions)."""
    return [f"fight {state.squads[att[0]].card} {did} astral" for att, did in fight_options(state)
            if len(att) == 1 and not fx.is_crystal(did) and astral_refusal(state, att, did) is None]


def check_astral(state, attackers: list[str], did: str) -> None:
    """Refuse ``fight II 2:III astral`` unless the Worm may strike now (rule ce-astral-worm)."""
    refusal = astral_refusal(state, attackers, did)
    if refusal:
        raise IllegalAction(f"fight {did} astral", refusal.rule, refusal.reason)


def strike(state, attackers: list[str], did: str) -> None:
    """The fight just set up (:func:`necro.cave_evil.fighting.apply_fight`) opens with the Worm's strike:
    the Worm alone, special, one round (rule ce-astral-worm)."""
    squad = state.squads[attackers[0]]
    worm = worm_of(squad)
    record = state.combat
    record["sides"][ATTACKER] = [fx.snapshot(squad, {worm.id})]
    record["astral"] = True
    record["order"] = ["special"]
    state._fight = None
    state.note("ce-astral-worm", f"The Astral Worm {worm.id} strikes at {squad_name(state, did)}'s mind first: "
                                 "one round of special; won, the lone creature is subdued and dies.")


def struck(state, record: dict, winner: str) -> bool:
    """The strike is over. Won: the creature dies as the losers of a fight do (the caller goes on) and
    False is returned. Lost: the main combat begins at once, the Worm's whole squad fighting (True)."""
    if winner == ATTACKER:
        state.note("ce-astral-worm", "The Astral Worm wins the strike: the lone creature is subdued, and dies.")
        return False
    sid = record["attackers"][0]
    del record["astral"]
    record["sides"][ATTACKER] = [fx.snapshot(state.squads[sid])]
    record["order"], record["dice"] = [], []
    state._fight = None
    state.note("ce-astral-worm", f"The strike fails: the main combat begins, squad {state.squads[sid].card} "
                                 f"against {squad_name(state, record['defenders'][0])}.")
    return True

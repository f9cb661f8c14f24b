"""What every section of Cave Evil's rules shares, as the state plays them: the phases of a game,
the names of things (tile words, control-card order, the Evils), the starting creatures, how a squad
and a crystal are named in the log, and the few facts about the turn that many sections ask (is it
Phase 3 now, whose squads in card order, spending a squad's one action).

A small module at the bottom of the package: the loader (:mod:`.load`) and every section module
take their constants from here, so nothing imports :mod:`.state` but the game itself.
"""

from __future__ import annotations

from collections import Counter

from . import fights as fx
from . import setup as su
from .deck import deck_spec
from .movement import CARDS, STATUE_ASLEEP, Squad

WORDS = {"hall": su.HALL, "lair": su.LAIR, "tunnel": su.TUNNEL, "throneroom": su.THRONEROOM}
TILE_WORD = {v: k for k, v in WORDS.items()}
SETUP, PLAY, OVER = "setup", "play", "over"
PHASES = (SETUP, PLAY, OVER)
FINISHING = ("draw", "place", "step")

NECROMANCER = {"size": "small", "speed": 3}
NECROMONK = {"size": "small", "speed": 3, "pick": 1}
"""The starting squad (rule ce-start-squad): the Necromancer and, standing in for the
starting hand's Necromonk card until Invoke exists, a Necromonk (speed 3, pick-axe 1)."""

LOOT_KINDS = ("pick", "pass", "drop")
EMPEROR = "eternal-evil-emperor"
GOAT = "evil-black-old-goat"
STATUE = "darkest-statue-of-death"
EVIL_RULE = {"pit-of-infinite-shadow": "ce-evil-pit", "darkest-evil-bitch": "ce-evil-bitch",
             STATUE: "ce-evil-statue", EMPEROR: "ce-evil-emperor", GOAT: "ce-evil-goat"}
ADVANCED_RULE = {"discard": "ce-adv-discard", "sacrifice": "ce-adv-sacrifice"}
POWER_RULE = {"teleport": "ce-power-teleport", "blast": "ce-power-blast", "enthrall": "ce-power-enthrall",
              "split": "ce-power-split"}
RESOURCE_WORDS = ("metals", "gore", "shadowflame")
CARD_ORDER = {c: i for i, c in enumerate(CARDS)}


def full_deck(protectors: bool = False) -> Counter:
    """Every excavation card of the box (with the Protectors' cards if they play)."""
    return deck_spec().contents(protectors)


def amounts(resources: dict) -> str:
    """``2 gore, 1 metals`` (``nothing`` when empty): resources in the log."""
    return ", ".join(f"{n} {r}" for r, n in sorted(resources.items()) if n) or "nothing"


def cost_text(cost: dict) -> str:
    """A card's cost in the log, every amount named."""
    return ", ".join(f"{n} {r}" for r, n in sorted(cost.items())) or "nothing"


def push(state, *steps: dict) -> None:
    """Put ``steps`` at the head of the full game's queue (:mod:`.turn`), in order: they run before
    what was there."""
    state.queue[0:0] = [dict(s) for s in steps]


def in_phase_3(state) -> bool:
    """Phase 3 of the full game, with nothing else under way: the Necromancer's actions and the free
    activities of the hand may be taken."""
    return (state.part == "actions" and not state.queue and state.combat is None and state.pending is None
            and not state.must_fight and state.finishing() is None)


def fight_options(state):
    """``(attackers, target)`` of every fight the turn player may start now (Phase 1's or Phase 3's:
    :func:`necro.cave_evil.fights.fight_options`). None on the Emperor, nor one that draws him in
    as a flanking defender, in a turn that used a once-per-game power (rule ce-power: no Awakened
    Evil is defeated in that turn)."""
    out = fx.fight_options(state.ground, state.squads, state.turn, 1 if state.must_fight else 3,
                           state.must_fight or None, order=lambda sid: card_key(state, sid), crystals=state.crystals())
    return [(att, did) for att, did in out if not (state.power_turn and meets_emperor(state, att, did))]


def meets_emperor(state, attackers, did: str) -> bool:
    """Whether a fight of ``attackers`` on ``did`` fights the Emperor, as its target or as a
    flanking defender (rules ce-power, ce-flank-wandering)."""
    if is_emperor(state, did):
        return True
    if fx.is_crystal(did):
        return False
    _, defenders = fx.engagement(state.ground, state.squads, state.turn, attackers, did,
                                 1 if state.must_fight else 3, state.crystals())
    return any(is_emperor(state, d) for d in defenders)


def lone_fight(state, attackers, did: str) -> bool:
    """Whether a fight of ``attackers`` on ``did`` is one squad against one, nobody flanking or
    helping to defend (the Attacktite tears apart, and the Astral Worm strikes, only such a fight:
    rulings ce-attacktite-how, ce-astral-worm-how)."""
    side, defenders = fx.engagement(state.ground, state.squads, state.turn, attackers, did,
                                    1 if state.must_fight else 3, state.crystals())
    return len(side) == 1 and len(defenders) == 1


def is_emperor(state, sid: str) -> bool:
    """Whether ``sid`` is the Eternal Evil Emperor's squad on the map."""
    return sid in state.squads and any(c.card == EMPEROR for c in state.squads[sid].creatures)


def card_key(state, sid: str) -> int:
    """Squad ``sid``'s control card in card order (N, I, II, III, IV, V): the order squads are
    listed in."""
    return CARD_ORDER[state.squads[sid].card]


def fight_notation(state, attackers, did: str, verb: str = "fight") -> str:
    """``fight II,III 1:IV`` (or ``shoot``, ``subdue``): the notation of a fight of ``attackers`` on
    ``did``."""
    return f"{verb} {','.join(state.squads[a].card for a in attackers)} {did}"


def is_evil_squad(state, sid: str) -> bool:
    """Whether squad ``sid`` is an Awakened Evil on the map (the Statue, the Emperor): fought, never
    hired or subdued."""
    return any(c.card in (STATUE, EMPEROR, STATUE_ASLEEP) for c in state.squads[sid].creatures)


def mark_crystals(state) -> None:
    """Tell the map whose crystal stands where, so no enemy squad stops on one (ce-crystal-attack)."""
    state.ground.crystals = {h: p for p, h in state.crystals().items()}


def own_squads(state) -> list[Squad]:
    """The turn player's squads in card order."""
    return sorted(state.squads.of(state.turn), key=lambda s: CARD_ORDER[s.card])


def squad_name(state, sid: str) -> str:
    """``player 2's squad IV``, ``Wandering Monster A``, ``Protector B``, ``player 1's Chthonic
    Crystal``: a squad in the log."""
    if fx.is_crystal(sid):
        return f"player {fx.crystal_owner(sid) + 1}'s Chthonic Crystal"
    s = state.squads.by_id.get(sid)
    owner, card = (s.owner, s.card) if s is not None else (None if sid.startswith("w:") else int(sid[0]), sid[2:])
    if owner is None and s is not None and sid in state.homes:
        return f"Protector {card}"
    return f"Wandering Monster {card}" if owner is None else f"player {owner + 1}'s squad {card}"


def squad_title(state, sid: str) -> str:
    """:meth:`_squad_name` opening a sentence."""
    name = squad_name(state, sid)
    return name[0].upper() + name[1:]

"""The Necromancer cards dealt at random, and the Black Wizard's split (Cave Evil).

**The deal** (option ``necromancers="random"``, rule ce-necromancer-deal). By default each seat has
its Necromancer card (ruling ce-start-squad) and the Black Wizard never plays. With the option, the
full game's set-up begins with a chance step per player, ``{"do": "necromancer", "player": 0}``,
whose outcomes ``necromancer 1 black-wizard`` deal one of the five cards still undealt, each as
likely. The Necromancer already stands on its crystal when the step comes: its card is turned
over, so to speak. ``state.necro_cards`` remembers what each player was dealt (None: not yet),
which is what a Necromancer brought back by Battle On!!! comes back as.

**The split** (rules ce-power-split, ce-power-split-how). The Black Wizard's once-per-game power,
``split N II +2-3``: the wizard of squad N becomes a Split Black Wizard, and a second one steps onto
a free space beside squad N as a new squad on the first empty control card. From then on:

* the two wizards share one Necromancer action a turn (rule ce-power-split-action): either may
  invoke or meditate (``invoke ratman new +1-2 from II``, ``meditate summon from II``), but once
  one has, the other may not; ``state.caster`` remembers ``[cycle, player, card]`` of the squad
  whose wizard last took a Necromancer action (squad N's own action flag is not enough: it is
  also spent by digging or fighting);
* they may join one squad, never become one wizard again, and squad N keeps its card when the
  other wizard's squad walks into it (rule ce-power-split-join: :mod:`.movement`);
* when squad N's wizard dies, the other's squad takes the N card where it stands, and the player
  is out only once both are dead (rule ce-power-split-death: :func:`survives`); a crushed crystal
  kills both (:func:`kill_wizards`);
* the Darkest Evil Bitch fights squad N, one wizard a cycle (rule ce-power-split-bitch).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from . import fights as fx
from .creatures import catalogue
from .hexes import Hex, neighbours, parse_hex
from .movement import CARDS as CONTROL_CARDS
from .movement import Creature, Squad, squad_id

BLACK_WIZARD = "black-wizard"
SPLIT = "split-black-wizard"
CARDS = fx.NECROMANCER_CARDS + (BLACK_WIZARD,)
"""The five Necromancer cards of the box (the seats' four, then the Black Wizard)."""
DEAL = "necromancer"
"""The kind of the queued chance step that deals a player's Necromancer card."""
KEYS = ("necromancers", "caster")
"""This module's part of a full game's position."""


# ------------------------------------------------------------------ state
def init(state) -> None:
    """The fields this module keeps on a new game's state: the cards by seat, or none dealt yet."""
    n = state.game.players
    state.necro_cards = [None] * n if _random(state) else list(fx.NECROMANCER_CARDS[:n])
    state.caster = None


def _random(state) -> bool:
    return state.full and state.game.options["necromancers"] == "random"


def card_of(state, player: int) -> str:
    """The Necromancer card ``player`` plays: the one dealt, else its seat's (ruling ce-start-squad)."""
    cards = getattr(state, "necro_cards", None) or ()
    dealt = cards[player] if player < len(cards) else None
    return dealt or fx.NECROMANCER_CARDS[player]


def position(state) -> dict:
    """The dealt cards (random deal only) and the squad whose wizard last took a Necromancer action
    (once one has); neither key otherwise, so positions from before read the same."""
    out = {}
    if _random(state):
        out["necromancers"] = list(state.necro_cards)
    if state.full and state.caster is not None:
        out["caster"] = list(state.caster)
    return out


def load(state, r) -> None:
    """Read :func:`position`'s keys back, checked (positions saved before them read as seat cards)."""
    n = state.game.players
    init(state)
    cards_r = r.get("necromancers", None).optional()
    if cards_r is not None:
        cards = [None if x.value is None else x.str(choices=CARDS) for x in cards_r.list(length=n)]
        if len([c for c in cards if c]) != len({c for c in cards if c}):
            cards_r.fail("each Necromancer card is dealt once (rule ce-necromancer-deal)")
        state.necro_cards = cards
    caster_r = r.get("caster", None).optional()
    if caster_r is not None:
        items = caster_r.list(length=3)
        state.caster = [items[0].int(0, 10_000), items[1].int(0, n - 1), items[2].str(choices=CONTROL_CARDS)]


def copy(state, other) -> None:
    state.necro_cards = list(other.necro_cards)
    state.caster = list(other.caster) if other.caster is not None else None


# ------------------------------------------------------------------ the deal
def deal_steps(state) -> list[dict]:
    """The chance steps dealing the Necromancer cards, one per player in turn order (none by seat)."""
    return [{"do": DEAL, "player": p} for p in state.order()] if _random(state) else []


def deal_outcomes(state, step: dict) -> list[tuple[str, Fraction]]:
    """The cards still undealt, each as likely (rule ce-necromancer-deal)."""
    left = [c for c in CARDS if c not in state.necro_cards]
    return [(f"necromancer {step['player'] + 1} {c}", Fraction(1, len(left))) for c in left]


def apply_deal(state, step: dict, action: str) -> None:
    p, card = step["player"], action.split()[2]
    state.necro_cards[p] = card
    spec = catalogue().creature(card)
    for s in state.squads.of(p):
        for c in s.creatures:
            if c.necromancer:
                c.card, c.speed = card, spec.movement
    name = spec.name if spec.name.startswith("The ") else f"the {spec.name}"
    state.note("ce-necromancer-deal", f"Player {p + 1} is dealt {name}.")


# ------------------------------------------------------------------ the split
def wizards(state, player: int) -> list[Squad]:
    """``player``'s squads holding a Necromancer: squad N, then the split wizard's, if apart."""
    return sorted((s for s in state.squads.of(player) if s.has_necromancer), key=lambda s: s.card != "N")


def _split_card(state, player: int) -> str | None:
    return next((c for c in state.squads.free_cards(player) if c != "N"), None)


def split_spots(state, n: Squad) -> list[Hex]:
    """Where the new wizard may stand (ruling ce-power-split-how): a space beside squad N, dug,
    empty, not a spawn pit nor another player's crystal."""
    return sorted(h for h in neighbours(n.hex) if state.ground.is_open(h) and state.squads.at(h) is None
                  and h not in state.ground.spawn_pits and state.ground.crystals.get(h, n.owner) == n.owner)


def split_options(state, n: Squad) -> list[str]:
    """``split N II +2-3``: the power's notation, on the first empty control card (rule ce-power-split)."""
    card = _split_card(state, n.owner)
    return [f"split N {card} {h}" for h in split_spots(state, n)] if card else []


def split_refusal(state, target: str) -> tuple[str, str]:
    """Why ``split N <target>`` is refused, the power itself being the player's and unused."""
    card, at = target.split()
    free = _split_card(state, state.turn)
    if free is None:
        return "ce-power-split", "the new wizard needs an empty control card, and every one is taken"
    if card != free:
        return "ce-power-split-how", f"the new wizard takes the first empty control card, {free}, not {card}"
    n = state.squads[squad_id(state.turn, "N")]
    if parse_hex(at) not in split_spots(state, n):
        return "ce-power-split-how", (f"{at} is not a free space beside squad N (dug, empty, no spawn pit, "
                                      "no other player's crystal)")
    return "ce-power-when", "not now: a power is used in Phase 3 of its owner's turn"


def apply_split(state, n: Squad, target: str) -> None:
    card, at = target.split()
    p, to = n.owner, parse_hex(at)
    wizard = next(c for c in n.creatures if c.necromancer)
    spec = catalogue().creature(SPLIT)
    wizard.card = SPLIT
    twin = Creature(f"{wizard.id}-split", spec.size, spec.movement, spec.pick, necromancer=True, card=SPLIT)
    state.squads.add(Squad(squad_id(p, card), p, to, [twin], card))
    state.note("ce-power-split", f"Player {p + 1}'s Black Wizard splits in two: one stays in squad N, the other "
                                 f"stands at {to} as squad {card}, free to move and act this turn.")


# ------------------------------------------------------------------ one Necromancer action a turn
def action_taken(state, player: int) -> str | None:
    """The card of the squad whose wizard took this turn's Necromancer action, if recorded."""
    c = state.caster
    return c[2] if c is not None and c[0] == state.cycle and c[1] == player else None


def casters(state, player: int) -> list[Squad]:
    """The squads whose wizard may take the Necromancer action (invoke, meditate): squad N, and
    after the split the other wizard's squad too; once one has acted as Necromancer this turn, that
    one alone (rule ce-power-split-action). Whether each squad still has its action is the caller's."""
    taken = action_taken(state, player)
    return [s for s in wizards(state, player) if taken is None or s.card == taken]


def take_action(state, squad: Squad) -> None:
    """``squad``'s wizard acts as the Necromancer this turn (remembered even before a split made
    later in the turn, which must not give the new wizard a second Necromancer action)."""
    state.caster = [state.cycle, squad.owner, squad.card]


def caster_refusal(state, source: str | None) -> tuple[str, str] | None:
    """Why the wizard of squad ``source`` (N if None) may not take a Necromancer action now."""
    card = source or "N"
    squad = state.squads.by_id.get(squad_id(state.turn, card))
    if source is not None and (squad is None or not squad.has_necromancer):
        return "ce-power-split-action", f"squad {card} holds no wizard of player {state.turn + 1}"
    taken = action_taken(state, state.turn)
    if taken is not None and taken != card:
        return "ce-power-split-action", (f"the wizard of squad {taken} has taken this turn's Necromancer action: "
                                         "the split wizards share one")
    return None


def suffix(squad: Squad) -> str:
    """What an invoke or meditation from ``squad`` adds to its notation (nothing for squad N)."""
    return "" if squad.card == "N" else f" from {squad.card}"


# ------------------------------------------------------------------ death
def survives(state, owner: int) -> bool:
    """A wizard of ``owner`` has died: whether another lives on (rule ce-power-split-death). If
    squad N is gone, the other wizard's squad takes the N card where it stands."""
    rest = wizards(state, owner)
    if not any(c.card == SPLIT for s in rest for c in s.creatures):
        return False
    if rest[0].card != "N":
        move_to_card(state, rest[0], "N")
    state.note("ce-power-split-death", f"A split wizard of player {owner + 1} is dead; the other lives on in "
                                       f"squad N at {rest[0].hex}: player {owner + 1} plays on.")
    return True


def move_to_card(state, squad: Squad, card: str) -> None:
    """Squad ``squad`` goes over to its owner's free control card ``card``; whatever named it by its
    old card (a dig, a fight it must take, a pending choice, a spell being cast) follows it."""
    old, new = squad.id, squad_id(squad.owner, card)
    state.squads.remove(old)
    squad.id, squad.card = new, card
    state.squads.add(squad)
    if old in state.digs:
        state.digs[new] = replace(state.digs.pop(old), squad=new)
    state.must_fight = [new if s == old else s for s in state.must_fight]
    state.invoked_into = [s for s in state.invoked_into if s != old]
    if state.pending is not None:
        state.pending = {k: (new if v == old else [new if x == old else x for x in v] if isinstance(v, list) else v)
                         for k, v in state.pending.items()}
    if state.caster is not None and state.caster[1:] == [squad.owner, old[2:]]:
        state.caster = [state.caster[0], squad.owner, card]


def kill_wizards(state, owner: int, by) -> float:
    """Whatever kills the Necromancer itself, not a squad (a crushed crystal, the Bitch waking
    before its player has enemy kills), kills every split wizard of ``owner``, with their squads
    (ruling ce-power-split-death). Returns the kill points they earn ``by``."""
    points = 0.0
    for s in wizards(state, owner):
        state.squads.remove(s.id)
        points += state.bury(s, by, set())
        state.note("ce-power-split-death", f"Player {owner + 1}'s other split wizard, in squad {s.card}, dies too.")
    return points


def bitch_note(state, victim: int) -> None:
    """Rule ce-power-split-bitch: the Bitch fights squad N's wizard alone this cycle."""
    if len(wizards(state, victim)) > 1:
        state.note("ce-power-split-bitch", f"Player {victim + 1}'s Black Wizard is split: she fights squad N now; "
                                           "the other wizard only at the start of a later cycle, if she still "
                                           "seeks player " f"{victim + 1}.")

"""A game of Cave Evil as a State on the engine contract: set-up, then turns of
movement and digging (the first issue's scope: map, set-up, excavation, movement).

The pieces come from the foundation modules: the map (:mod:`.ground`), the
set-up placements (:mod:`.setup`), the Excavation Deck (:mod:`.deck`), the
three-part dig (:mod:`.excavation`) and squads on the move (:mod:`.movement`).
This module only sequences them into decisions:

**Set-up** (rule ce-setup-order): chance picks the first player (``first 2``),
then each step of :func:`~necro.cave_evil.setup.setup_steps` is one decision
of the player who lays it, written ``hall +2-1 r3`` (tile word, anchor hex,
rotation). With the quick layout (option ``setup="quick"``, rule
ce-quick-setup) the whole cave is laid as soon as the first player is known.
Then every Necromancer squad goes on its Lair's crystal (rule ce-start-squad).

**Turns** (rule ce-turn-order): the current player's squads each may move
(``move N`` picks the squad, ``move N +3-2`` the hex; free activities, as
often as movement points allow) and take one action: ``dig N`` or
``collapse N`` declares a dig (the card drawn face down is a chance step
``face-down tunnel``, hidden from everyone), ``continue N`` (``continue N
with I``: flank excavation) goes on with it; a dig that runs out of rocks
turns its card up, draws again after events (``draw crook``), is laid
(``place +4-1 r2``) or fails where it fits nowhere, and its squad may step on
(``step +4-1`` or ``stay``). **Combat** (:mod:`.fights`, :mod:`.combat`): a
squad, or several flanking, attacks an adjacent enemy (``fight II 1:IV``,
``fight II,III 1:IV``; the defender by its squad id, ``w:A`` for a Wandering
Monster); the attacker picks ``first strength``, each die is a chance step
(``attacker rolls 2``, ``defender rolls 12``), the defender picks ``second
special`` (a Wandering Monster's is picked for it); the losers die. A turn
that starts with squads next to enemies begins with those fights (Phase 1).
Instead of fighting a Wandering Monster a squad may hire it (``hire II w:A``,
paid from its own resources; a monster on a spawn pit then steps off with
``move I +1-1``). Free activities of Phase 3 (:mod:`.loot`): ``pick II gore``,
``pick II spiked-shield``, ``pass II III metals 2``, ``drop II gore 1``. Under the optional collapse death, each squad a
collapse buries rolls a D12 (``d12 7``). ``end`` passes the turn; after the
cycle limit the game ends (rule ce-cycle-limit).

Actions are their notation (plain strings); :meth:`CaveEvilState.parse_action`
reads any well-formed notation back, so an illegal but well-formed action is
refused by :meth:`~CaveEvilState.explain_illegal` with the rule that forbids it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from necro.core import CHANCE, TERMINAL, IllegalAction, NotationError, State

from . import awaken as aw
from . import conjuration as cj
from . import excavation as ex
from . import turn as tn
from . import fights as fx
from . import loot as lt
from . import protectors as px
from . import setup as su
from . import wizard as wz
from .combat import ATTACKER, DEFENDER, GORE
from .creatures import ATTRIBUTES
from .deck import Deck, deck_spec
from .ground import Ground, Refusal
from .tiles import a_an
from .hexes import Hex, neighbours, parse_hex
from .movement import (CARDS, Creature, Squad, Squads, crossings, destinations, is_goat, move, move_refusal,
                       reachable, squad_id,
                       step as step_to, step_refusal)
from .board import card_faces, full_view
from .sight import sight_table

WORDS = {"hall": su.HALL, "lair": su.LAIR, "tunnel": su.TUNNEL, "throneroom": su.THRONEROOM}
TILE_WORD = {v: k for k, v in WORDS.items()}
SETUP, PLAY, OVER = "setup", "play", "over"
PHASES = (SETUP, PLAY, OVER)
FINISHING = ("draw", "place", "step")

NECROMANCER = {"size": "small", "speed": 3}
NECROMONK = {"size": "small", "speed": 3, "pick": 1}
"""The starting squad (rule ce-start-squad): the Necromancer and, standing in for the
starting hand's Necromonk card until Invoke exists, a Necromonk (speed 3, pick-axe 1)."""

_HEX = r"([+-]\d{1,6}[+-]\d{1,6})"
_CARD = "(" + "|".join(sorted(CARDS, key=len, reverse=True)) + ")"
_CARD_ID = r"([a-z][a-z0-9-]*)"
_CARD_IDS = r"([a-z][a-z0-9-]*(?:,[a-z][a-z0-9-]*)*)"
GRAMMAR = [
    ("first", re.compile(r"^first (\d{1,2})$")),
    ("setup", re.compile(r"^(hall|lair|tunnel|throneroom) " + _HEX + r" r([0-5])$")),
    ("move-to", re.compile(r"^move " + _CARD + " " + _HEX + "(?: via " + _HEX + ")?$")),
    ("move", re.compile(r"^move " + _CARD + "$")),
    ("break-to", re.compile(r"^break " + _CARD + " " + _CARD_IDS + " " + _HEX + "$")),
    ("break", re.compile(r"^break " + _CARD + " " + _CARD_IDS + "$")),
    ("declare", re.compile(r"^(dig|collapse) " + _CARD + "$")),
    ("continue", re.compile(r"^continue " + _CARD + r"(?: with ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*))?$")),
    ("face-down", re.compile(r"^face-down " + _CARD_ID + "$")),
    ("draw", re.compile(r"^draw " + _CARD_ID + "$")),
    ("place", re.compile(r"^place " + _HEX + r" r([0-5])$")),
    ("step", re.compile(r"^step " + _HEX + "$")),
    ("stay", re.compile(r"^stay$")),
    ("d12", re.compile(r"^d12 (\d{1,2})$")),
    ("fight", re.compile(r"^fight ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*) ([0-9w]:[A-Za-z0-9]{1,8})$")),
    ("shoot", re.compile(r"^shoot ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*) ([0-9w]:[A-Za-z0-9]{1,8})$")),
    ("choose", re.compile(r"^(first|second) (" + "|".join(ATTRIBUTES) + r")$")),
    ("die", re.compile(r"^(attacker|defender) rolls (\d{1,2})$")),
    ("subdue", re.compile(r"^subdue ((?:" + _CARD[1:-1] + r")(?:,(?:" + _CARD[1:-1] + r"))*) (w:[A-Za-z0-9]{1,8})( by shot)?$")),
    ("hire", re.compile(r"^hire " + _CARD + r" (w:[A-Za-z0-9]{1,8})(?: " + _CARD_ID + " " + _HEX + ")?$")),
    ("pick", re.compile(r"^pick " + _CARD + " " + _CARD_ID + r"(?: (\d{1,3}))?$")),
    ("pass", re.compile(r"^pass " + _CARD + " " + _CARD + " " + _CARD_ID + r"(?: (\d{1,3}))?$")),
    ("drop", re.compile(r"^drop " + _CARD + " " + _CARD_ID + r"(?: (\d{1,3}))?$")),
    ("invoke", re.compile(r"^invoke " + _CARD_ID + r" (?:(" + "|".join(sorted(CARDS, key=len, reverse=True)) + ")|new " + _HEX
                          + ")(?: from " + _CARD + ")?$")),
    ("meditate", re.compile(r"^meditate (bribe|construct|summon|abyss)(?: from " + _CARD + ")?$")),
    ("discard", re.compile(r"^discard " + _CARD_ID + r"(?: (metals|gore|shadowflame))?$")),
    ("goat", re.compile(r"^(kneel|slay) N$")),
    ("abandon", re.compile(r"^abandon (" + _CARD[1:-1] + "|" + _CARD_ID[1:-1] + ")$")),
    ("power", re.compile(r"^(teleport|blast|enthrall) N(?: (" + _HEX[1:-1] + r"|\d:(?:" + _CARD[1:-1] + r")))?$")),
    ("power", re.compile(r"^(split) N ((?:" + _CARD[1:-1] + ") " + _HEX[1:-1] + ")$")),
    ("sacrifice", re.compile(r"^sacrifice " + _CARD_ID + r"(?: of " + _CARD_ID + ")?$")),
    ("end", re.compile(r"^end$")),
    ("step", tn.NOTATION),
]
LOOT_KINDS = ("pick", "pass", "drop")
EMPEROR = "eternal-evil-emperor"
GOAT = "evil-black-old-goat"
EVIL_RULE = {"pit-of-infinite-shadow": "ce-evil-pit", "darkest-evil-bitch": "ce-evil-bitch",
             "darkest-statue-of-death": "ce-evil-statue", EMPEROR: "ce-evil-emperor", GOAT: "ce-evil-goat"}
ADVANCED_RULE = {"discard": "ce-adv-discard", "sacrifice": "ce-adv-sacrifice"}
POWER_RULE = {"teleport": "ce-power-teleport", "blast": "ce-power-blast", "enthrall": "ce-power-enthrall",
              "split": "ce-power-split"}
RESOURCE_WORDS = ("metals", "gore", "shadowflame")
CARD_ORDER = {c: i for i, c in enumerate(CARDS)}


def parse(text: str) -> tuple[str, tuple]:
    """``(kind, groups)`` of a well-formed notation; NotationError otherwise."""
    if isinstance(text, str):
        for kind, pattern in GRAMMAR:
            m = pattern.match(text)
            if m:
                return kind, m.groups()
    raise NotationError(text, "core-notation", f"{text!r} is not Cave Evil notation (e.g. 'hall +2-1 r3', "
                                               "'move N +3-2', 'dig N', 'place +4-1 r2', 'end')")


class CaveEvilState(State):
    """A game of Cave Evil: set-up, then turns of moving and digging."""

    # ------------------------------------------------------------------ set-up
    def setup(self) -> None:
        opts = self.game.options
        self.phase = SETUP
        self.ground = Ground.new()
        self.plan = su.new_plan(self.game.players, opts["clearance"], opts["extras"])
        self.squads = Squads()
        self.full = opts["game"] == "full"
        self.protectors = self.full and opts["protectors"]
        self.deck = Deck.new(protectors=self.protectors)
        self.digs: dict[str, ex.Dig] = {}
        self.events: list[str] = []           # events set aside this turn, for Phase 4
        self.boxed: Counter = Counter()       # events gone to the box
        self.turn: int | None = None
        self.cycle = 0
        self.pending: dict | None = None
        self.out: list[int] = []
        self.combat: dict | None = None        # the fight under way (fights.py's record)
        self.last_combat: dict | None = None   # the last fight finished this turn, for the board
        self.must_fight: list[str] = []        # Phase 1: squads that must still fight (rule ce-combat-phase1)
        self.dead: list[dict] = []             # every creature killed: id, card, size, owner, by
        self.kill_points: list[float] = [0.0] * self.game.players
        self.loot: dict[str, dict] = {}        # hex -> {"gore": n, "items": [...]} (+ metals, shadowflame): loot.py
        self.ledger: Counter = Counter()       # what the rules have put in play (loot.holdings must equal it)
        self._fight = None
        self._cache = None
        # the full game (option game="full", turn.py): hands, decks, the Blood Eye, queued procedures
        self.queue: list[dict] = []            # steps of a procedure under way (turn.py), head first
        self.piles = cj.Piles.new(opts["black_diamond"], opts["first_game"]) if self.full else None
        self.hands: list[list[str]] = [[] for _ in range(self.game.players)]  # "deck:card", sorted
        self.track = aw.Track() if self.full else None
        self.evil: str | None = None           # the Awakening Evil card, face down until revealed
        self.part: str | None = None           # the turn's part after Phase 1: conjure, actions, events
        self.invoking = False                  # squad N's action this turn is Invoke (more cards may follow)
        self.sacrificing = False               # squad N's action this turn is Sacrifice (advanced rule 2)
        self.invoked_into: list[str] = []      # squads that received invoked creatures this turn
        self.cycle_invoked = False             # a creature was invoked this cycle (advanced rule 6)
        self.conj_box: Counter = Counter()     # conjuration cards gone to the box (resolved or skipped events)
        self.winner_player: int | None = None  # who conquered the Awakened Evil
        self.awake_cycle: int | None = None    # the cycle the Evil awoke in
        self.after_evil: int | None = None     # whose turn starts the cycle once the Evil's fight is over
        self.powers_used: list[int] = []       # players whose Necromancer used its once-per-game power
        self.focus: int | None = None          # the Emperor's prey, and who declared it (None: a lair roll)
        self.focus_holder: int | None = None
        self.march_left = 0                    # spaces the Emperor still walks after the fight under way
        self.dead_to_box: list[str] = []       # creatures the Goat tore apart (their cards went to the box)
        self.fallen: list[int] = []            # Battle On!!!: players whose Necromancer died, playing on
        self.power_turn = False                # a power was used this turn: no Awakened Evil is won this turn
        # the Protectors mini-expansion (option protectors: protectors.py)
        self.protector_deck: Counter = px.new_deck() if self.protectors else Counter()
        self.homes: dict[str, Hex] = {}        # each Protector on guard -> its spawn pit
        self.roused: dict[str, str] = {}       # Protectors woken this turn -> the squad that woke them
        self.guard: str | None = None          # the Protector attacking as the turn ends
        wz.init(self)                          # the Necromancer cards dealt, the split wizards' action (wizard.py)

    # ------------------------------------------------------------ who decides
    def finishing(self) -> ex.Dig | None:
        """The dig being finished now (turned up, waiting for a card, a placement or a step)."""
        for dig in self.digs.values():
            if dig.stage in FINISHING:
                return dig
        return None

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == SETUP:
            step = self.plan.next_step()
            return CHANCE if step.kind == su.FIRST else step.player
        if self.queue:
            return tn.who(self)
        if self.combat is not None:
            step = self.fight.decision()
            if step == "roll":
                return CHANCE
            if step == "second":
                return self._defending_player()
            return self.turn
        if self.pending is not None:
            return CHANCE if self.pending["kind"] in ("declare", "roll") else self.turn
        dig = self.finishing()
        if dig is not None and dig.stage == "draw":
            return CHANCE
        return self.turn

    @property
    def fight(self):
        """The :class:`~necro.cave_evil.combat.Combat` of the fight under way (None if none)."""
        if self.combat is None:
            return None
        if self._fight is None:
            self._fight = fx.combat_of(self.combat)
        return self._fight

    def status(self) -> str:
        if self.phase == PLAY and self.queue:
            return tn.status(self)
        if self.phase == PLAY and self.combat is not None:
            step = self.fight.decision()
            n = len(self.fight.rounds) + 1
            if step == "first":
                return f"Combat: player {self.turn + 1} picks the first attribute."
            if step == "second":
                return f"Combat: player {self.current_player() + 1} picks the second attribute."
            who = "attacker" if fx.pending_die(self.combat) is None else "defender"
            return f"Combat, round {n} ({self.fight.attribute}): the {who} rolls."
        if self.phase == SETUP:
            step = self.plan.next_step()
            if step.kind == su.FIRST:
                return "Set-up: rolling for the first player."
            return f"Set-up: player {step.player + 1} lays {step}."
        if self.phase == PLAY and self.guard is not None:
            return (f"Cycle {self.cycle}: Protector {self.squads[self.guard].card} attacks; player {self.turn + 1} "
                    f"fights it with squad {self.squads[self.must_fight[0]].card if self.must_fight else '?'}.")
        if self.phase == PLAY:
            return f"Cycle {self.cycle}: player {self.turn + 1}'s turn. " + super().status()
        return super().status()

    # ----------------------------------------------------------- legal actions
    def _legal_actions(self):
        if self._cache is None:
            self._cache = self._compute_legal()
        return self._cache

    def _compute_legal(self) -> list[str]:
        if self.phase == SETUP:
            step = self.plan.next_step()
            word = TILE_WORD[step.kind]
            return [f"{word} {p.anchor} r{p.rotation}" for p in self._setup_options()]
        if self.queue:
            return tn.actions(self)
        if self.combat is not None:
            step = self.fight.decision()
            return [f"{step} {a}" for a in self.fight.choices()] if step in ("first", "second") else []
        if self.pending is not None:
            if self.pending["kind"] == "move":
                sid = self.pending["squad"]
                card = self.squads[sid].card
                out = [f"move {card} {h}" for h in sorted(destinations(self.ground, self.squads, sid))]
                if self._may_jump(sid):
                    out.append(f"move {card} {self.ground.pit()}")
                for pit, stops in sorted(self._crossings(sid).items()):
                    out += [f"move {card} {h} via {pit}" for h in sorted(stops)]
                return out
            if self.pending["kind"] == "off-pit":
                sid = self.pending["squad"]
                return [f"move {self.squads[sid].card} {h}" for h in sorted(self._off_pit(sid))]
            if self.pending["kind"] == "subdued":
                sid = self.pending["squad"]
                stay = [] if self.squads[sid].hex in self.ground.spawn_pits else ["stay"]
                return [f"move {self.squads[sid].card} {h}" for h in sorted(self._subdued_steps(sid))] + stay
            if self.pending["kind"] == "break":
                sid, ids = self.pending["squad"], self.pending["creatures"]
                card, names = self.squads[sid].card, ",".join(ids)
                return [f"break {card} {names} {h}" for h in sorted(destinations(self.ground, self.squads, sid, ids))]
            return []
        dig = self.finishing()
        if dig is not None:
            if dig.stage == "place":
                return [f"place {p.anchor} r{p.rotation}" for p in self._placements(dig)]
            if dig.stage == "step":
                return [f"step {h}" for h in ex.step_options(self.ground, self.squads, dig)] + ["stay"]
            return []
        fights = [self._fight_notation(att, did) for att, did in self._fight_options()]
        fights += self._hire_options() + self._subdue_options()
        if self.guard is not None:  # the Protector attacks: it is the one fought (ruling ce-protector-attack)
            return [a for a in fights if a.split()[2] == self.guard]
        if self.must_fight:
            return fights
        fights += [self._fight_notation(att, did, "shoot") for att, did in
                   fx.shoot_options(self.ground, self.squads, self.turn, order=self._card_key, crystals=self.crystals())]
        out = ["end"]
        if self.full:
            out += (tn.invoke_options(self) + tn.meditate_options(self) + tn.sacrifice_options(self)
                    + tn.discard_options(self) + tn.power_options(self) + self.goat_options()
                    + tn.abandon_options(self))
        out += self._loot_options()
        for squad in self._own_squads():
            sid, card = squad.id, squad.card
            if destinations(self.ground, self.squads, sid) or self._may_jump(sid):
                out.append(f"move {card}")
            for group in self._breakaways(squad):
                out.append(f"break {card} {','.join(group)}")
            for mode in ex.declare_options(self.ground, self.squads, sid, self.digs):
                out.append(f"{'dig' if mode == 'excavate' else 'collapse'} {card}")
            if sid in self.digs:
                for helpers in self._helper_sets(self.digs[sid]):
                    names = ",".join(self.squads[h].card for h in helpers)
                    out.append(f"continue {card}" + (f" with {names}" if names else ""))
        return out + fights

    # ------------------------------------------------------------------ hiring
    def _hire_options(self) -> list[str]:
        """``hire N w:A`` for every own squad next to a Wandering Monster it may hire now (rule ce-hire)."""
        out = []
        for squad in self._own_squads():
            for other in self.squads:
                if other.wandering and other.hex in neighbours(squad.hex) and \
                        self._hire_refusal(squad.id, other.id) is None:
                    out.append(f"hire {squad.card} {other.id}")
                if self.game.options["hire_one"] and other.wandering and other.hex in neighbours(squad.hex) \
                        and len(other.creatures) > 1:
                    for c in other.creatures:
                        if self._hire_refusal(squad.id, other.id, c.id) is None:
                            out += [f"hire {squad.card} {other.id} {c.id} {h}" for h in self._hire_one_spots(other)]
        return out

    def _hire_one_spots(self, monster: Squad) -> list[Hex]:
        """Where a creature hired out of a Wandering Monster squad steps (advanced rule 4, ruling
        ce-adv-hire-one): a free open hex beside its old squad, no pit, no crystal."""
        return sorted(h for h in neighbours(monster.hex) if self.ground.is_open(h) and self.squads.at(h) is None
                      and h not in self.ground.spawn_pits and h not in self.ground.crystals)

    def _apply_hire_one(self, sid: str, did: str, cid: str, to: Hex) -> None:
        refusal = self._hire_refusal(sid, did, cid)
        if refusal:
            raise IllegalAction(f"hire {did} {cid}", refusal.rule, refusal.reason)
        if to not in self._hire_one_spots(self.squads[did]):
            raise IllegalAction(f"hire {did} {cid} {to}", "ce-adv-hire-one", f"{to} is not a free hex beside {did}")
        hirer, monster = self.squads[sid], self.squads[did]
        creature = monster.creature(cid)
        cost = dict(lt.catalogue().creature(creature.card).cost)
        lt.pay(hirer, cost)
        self.ledger.subtract(cost)
        monster.creatures.remove(creature)
        creature.moved, creature.acted, creature.halted = 0, False, False
        card = [c for c in self.squads.free_cards(self.turn) if c != "N"][0]
        self.squads.add(Squad(squad_id(self.turn, card), self.turn, to, [creature], card))
        self.note("ce-adv-hire-one", f"Squad {hirer.card} hires {cid} out of Wandering Monster {monster.card} for "
                                     f"{_amounts(cost)}: it steps to {to} as squad {card}, free to act at once.")
        self._hired_by(sid)

    def _hired_by(self, sid: str) -> None:
        """The hiring squad's part is done: its Phase 1 duty, or its action of Phase 3 (rule ce-hire)."""
        if self.must_fight:
            self.must_fight = [s for s in self.must_fight if s != sid]
        else:
            self._spend_action([sid], f"Squad {self.squads[sid].card}", 1)

    def hire_cost(self, did: str) -> dict:
        """What hiring Wandering Monster ``did`` costs: the costs of all its creature cards added up
        (ruling ce-hire-whole)."""
        total: dict = {}
        for c in self.squads[did].creatures:
            if c.card is not None and c.card in lt.catalogue().creatures:
                lt.add_resources(total, dict(lt.catalogue().creature(c.card).cost))
        return dict(sorted(total.items()))

    def _off_pit(self, sid: str) -> list[Hex]:
        """Where a hired squad on a spawn pit may step off to (rule ce-hire-pit): a neighbouring open
        hex that is no pit, empty or holding a friendly squad with room."""
        return [h for h in neighbours(self.squads[sid].hex) if step_refusal(self.ground, self.squads, sid, h) is None]

    def _hire_refusal(self, sid: str, did: str, one: str | None = None) -> Refusal | None:
        """Why the turn player's squad ``sid`` may not hire ``did`` (or only its creature ``one``,
        advanced rule 4) now (None: it may)."""
        if sid not in self.squads or self.squads[sid].owner != self.turn:
            return Refusal("ce-control-cards", f"player {self.turn + 1} has no squad {sid}")
        if did not in self.squads or not self.squads[did].wandering:
            return Refusal("ce-hire", f"there is no Wandering Monster {did} to hire")
        if self._is_evil_squad(did):
            return Refusal("ce-evil-statue", "an Awakened Evil is neither hired nor subdued: it is fought")
        if px.is_protector(self.squads[did]):
            return Refusal("ce-protector-hire", f"{self._squad_name(did)} stands guard, and a Protector is never hired")
        phase = 1 if self.must_fight else 3
        if phase == 1 and sid not in self.must_fight:
            return Refusal("ce-combat-phase1", "Phase 1: only the squads that must fight may hire instead")
        refusal = fx.fighter_refusal(self.ground, self.squads, sid, self.turn, phase) or \
            fx.target_refusal(self.ground, self.squads, self.squads[sid], did)
        if refusal:
            return Refusal("ce-hire" if refusal.rule == "ce-combat-attacker" else refusal.rule,
                           refusal.reason.replace("attack", "hire"))
        monster = self.squads[did]
        if one is not None:
            if not self.game.options["hire_one"]:
                return Refusal("ce-adv-hire-one", "advanced rule 4 is not in play (option hire_one=True)")
            if one not in {c.id for c in monster.creatures} or len(monster.creatures) < 2:
                return Refusal("ce-adv-hire-one", f"Wandering Monster {monster.card} is no squad of several with {one} in it")
            if not self._hire_one_spots(monster):
                return Refusal("ce-adv-hire-one", f"no free hex beside Wandering Monster {monster.card}")
            monster = Squad(did, None, monster.hex, [monster.creature(one)], monster.card)
        if any(c.card is None or c.card not in lt.catalogue().creatures for c in monster.creatures):
            return Refusal("ce-hire", f"Wandering Monster {monster.card} has no card with a cost")
        if not [c for c in self.squads.free_cards(self.turn) if c != "N"]:
            return Refusal("ce-hire-card", f"player {self.turn + 1} has no empty control card for the monster")
        cost = self.hire_cost(did) if one is None else dict(lt.catalogue().creature(monster.creatures[0].card).cost)
        if not lt.affords(self.squads[sid], cost):
            have = self.squads[sid].resources
            return Refusal("ce-hire", f"the monster costs {_amounts(cost)}; squad {self.squads[sid].card} "
                                           f"carries {_amounts(have)}")
        if monster.hex in self.ground.spawn_pits and one is None:
            trial = self.squads.copy()
            trial.remove(did)
            trial.add(Squad("hire-trial", self.turn, monster.hex, [replace(c) for c in monster.creatures], "V"))
            if not [h for h in neighbours(monster.hex) if step_refusal(self.ground, trial, "hire-trial", h) is None]:
                return Refusal("ce-hire-pit", "the monster stands on a spawn pit and has nowhere to step off to")
        return None

    def _apply_hire(self, sid: str, did: str) -> None:
        refusal = self._hire_refusal(sid, did)
        if refusal:
            raise IllegalAction(f"hire {did}", refusal.rule, refusal.reason)
        cost = self.hire_cost(did)
        hirer, monster = self.squads[sid], self.squads.remove(did)
        lt.pay(hirer, cost)
        self.ledger.subtract(cost)
        card = [c for c in self.squads.free_cards(self.turn) if c != "N"][0]
        for c in monster.creatures:
            c.moved, c.acted, c.halted = 0, False, False
        new = self.squads.add(Squad(squad_id(self.turn, card), self.turn, monster.hex, monster.creatures, card,
                                    dict(monster.resources)))
        names = ", ".join(c.id for c in new.creatures)
        self.note("ce-hire", f"Squad {hirer.card} hires Wandering Monster {monster.card} ({names}) for "
                             f"{_amounts(cost)}: it goes on control card {card}.")
        self._hired_by(sid)
        if new.hex in self.ground.spawn_pits:
            self.pending = {"kind": "off-pit", "squad": new.id}
            self.note("ce-hire-pit", f"Squad {card} stands on a spawn pit: it steps off at once, for free.")
        else:
            self.note("ce-hire-fresh", f"Squad {card} may move and act in full this turn.")

    def _apply_off_pit(self, to: Hex) -> None:
        sid = self.pending["squad"]
        card = self.squads[sid].card
        moved = step_to(self.ground, self.squads, sid, to)
        self.pending = None
        keeper = self.squads[moved.squad].card
        self.note("ce-hire-pit", f"Squad {card} steps off the pit to {to}" +
                  (f" and joins squad {keeper}." if moved.merged else " (no movement spent)."))
        if not moved.merged:
            self.note("ce-hire-fresh", f"Squad {card} may move and act in full this turn.")

    # ------------------------------------------------------------------ subduing
    def _subdue_options(self) -> list[str]:
        """Every fight or shot at a Wandering Monster that may subdue it instead of killing it
        (rules ce-subdue, ce-subdue-alone): alone or flanking, hand to hand or by a shot."""
        melee = [(att, did) for att, did in self._fight_options() if did.startswith("w:")]
        shots = [] if self.must_fight else [
            (att, did) for att, did in fx.shoot_options(self.ground, self.squads, self.turn, order=self._card_key,
                                                        crystals=self.crystals()) if did.startswith("w:")]
        out = [self._fight_notation(att, did, "subdue") for att, did in melee
               if self._subdue_refusal(list(att), did) is None]
        out += [self._fight_notation(att, did, "subdue") + " by shot" for att, did in shots
                if self._subdue_refusal(list(att), did, shot=True) is None]
        return out

    def _subdue_refusal(self, sids: list[str], did: str, shot: bool = False) -> Refusal | None:
        """Why the turn player's squads ``sids`` may not try to subdue ``did`` now, hand to hand or
        (``shot``) by a shot (rules ce-subdue, ce-subdue-alone)."""
        for sid in sids:
            if sid not in self.squads or self.squads[sid].owner != self.turn:
                return Refusal("ce-control-cards", f"player {self.turn + 1} has no squad {sid}")
        if did not in self.squads or not self.squads[did].wandering:
            return Refusal("ce-subdue", f"there is no Wandering Monster {did} to subdue")
        if self._is_evil_squad(did):
            return Refusal("ce-evil-statue", "an Awakened Evil is neither hired nor subdued: it is fought")
        phase = 1 if self.must_fight else 3
        if shot:
            if self.must_fight:
                return Refusal("ce-shoot-alone", "Phase 1 fights are hand to hand: a shot waits for Phase 3")
            refusal = fx.shoot_refusal(self.ground, self.squads, self.turn, sids, did, self.crystals())
        else:
            refusal = fx.fight_refusal(self.ground, self.squads, self.turn, sids, did, phase, self.must_fight or None,
                                       self.crystals())
        if refusal:
            return refusal
        if not [c for c in self.squads.free_cards(self.turn) if c != "N"]:
            return Refusal("ce-hire-card", f"player {self.turn + 1} has no empty control card for a subdued monster")
        if not shot:
            side, defenders = fx.engagement(self.ground, self.squads, self.turn, sids, did, phase, self.crystals())
            if list(side) != list(sids) or list(defenders) != [did]:
                return Refusal("ce-subdue-alone", "other squads would join this fight: it can only be fought to the death")
        return None

    def _subdued_steps(self, sid: str) -> list[Hex]:
        """Where a subdued squad may step (rule ce-subdue-after): off its spawn pit to any free
        neighbouring hex, or into a neighbouring friendly squad with room."""
        squad = self.squads[sid]
        on_pit = squad.hex in self.ground.spawn_pits
        return [h for h in neighbours(squad.hex) if step_refusal(self.ground, self.squads, sid, h) is None
                and (on_pit or self.squads.at(h) is not None)]

    def _capture(self, did: str) -> None:
        """A subdued monster joins the turn player on its first empty control card, its creatures
        done for the turn (rule ce-subdue-after); on a spawn pit with nowhere to go, it dies."""
        monster = self.squads.remove(did)
        card = [c for c in self.squads.free_cards(self.turn) if c != "N"][0]
        for c in monster.creatures:
            c.moved, c.acted, c.halted = 0, True, True
        new = self.squads.add(Squad(squad_id(self.turn, card), self.turn, monster.hex, monster.creatures, card,
                                    dict(monster.resources)))
        self.note("ce-subdue", f"Wandering Monster {monster.card} is beaten into submission: it goes on control card "
                               f"{card}, and neither moves nor acts this turn.")
        steps = self._subdued_steps(new.id)
        if monster.hex in self.ground.spawn_pits and not steps:
            self.squads.remove(new.id)
            points = self._bury(monster, self.turn, set())  # it dies a Wandering Monster
            self.kill_points[self.turn] += points
            self.note("ce-subdue-after", f"Squad {card} is stuck on its spawn pit with nowhere to go: it dies "
                                         f"({points:g} kill points).")
        elif steps or monster.hex in self.ground.spawn_pits:
            self.pending = {"kind": "subdued", "squad": new.id}

    def _apply_subdued_step(self, kind: str, to: Hex | None) -> None:
        sid = self.pending["squad"]
        card = self.squads[sid].card
        self.pending = None
        if to is None:
            self.note("ce-subdue-after", f"Squad {card} stays where it was subdued.")
            return
        moved = step_to(self.ground, self.squads, sid, to)
        keeper = self.squads[moved.squad].card
        self.note("ce-subdue-after", f"Squad {card} " + (f"joins squad {keeper} at {to}." if moved.merged
                                                           else f"steps off the spawn pit to {to}."))

    def _loot_options(self) -> list[str]:
        """Picking up, passing and dropping (rules ce-pick-up, ce-pick-items, ce-pass, ce-drop): every
        count of a resource, every distinct item."""
        out = []
        own = self._own_squads()
        for squad in own:
            card = squad.card
            spot = self.loot.get(str(squad.hex))
            if spot:
                out += [f"pick {card} {r}" for r in RESOURCE_WORDS if spot.get(r, 0)]
                out += [f"pick {card} {i}" for i in sorted(set(spot["items"])) if lt.holder(squad, i)]
            held = sorted({i for c in squad.creatures for i in c.items})
            for other in own:
                if other.hex in neighbours(squad.hex):
                    for r in RESOURCE_WORDS:
                        out += [f"pass {card} {other.card} {r} {n}" for n in range(1, squad.resources.get(r, 0) + 1)]
                    out += [f"pass {card} {other.card} {i}" for i in held if lt.holder(other, i)]
            for r in RESOURCE_WORDS:
                out += [f"drop {card} {r} {n}" for n in range(1, squad.resources.get(r, 0) + 1)]
            out += [f"drop {card} {i}" for i in held]
        return out

    def _loot_refusal(self, kind: str, g) -> Refusal | None:
        """Why a well-formed pick, pass or drop of the turn player is refused now (None: legal)."""
        sid = squad_id(self.turn, g[0])
        if sid not in self.squads:
            return Refusal("ce-control-cards", f"player {self.turn + 1} has no squad on card {g[0]}")
        squad = self.squads[sid]
        what = g[2] if kind == "pass" else g[1]
        count = g[3] if kind == "pass" else g[2]
        resource = what in RESOURCE_WORDS
        if what not in lt.catalogue().items and not resource:
            return Refusal("ce-pick-up", f"{what!r} is neither a resource (metals, gore, shadowflame) nor an item or spell card")
        if resource and kind != "pick" and count is None:
            return Refusal("ce-pass" if kind == "pass" else "ce-drop", f"say how many {what}: e.g. '{kind} ... {what} 2'")
        if (not resource or kind == "pick") and count is not None:
            return Refusal("ce-pick-up" if kind == "pick" else ("ce-pass" if kind == "pass" else "ce-drop"),
                           "a count goes only with a resource passed or dropped; picking up takes all of it")
        n = int(count) if count is not None else 0
        if kind == "pick":
            spot = self.loot.get(str(squad.hex), {"gore": 0, "items": []})
            if resource and not spot.get(what, 0):
                return Refusal("ce-pick-up", f"no {what} lies on {squad.hex}, where squad {g[0]} stands")
            if not resource and what not in spot["items"]:
                return Refusal("ce-pick-up", f"no {what} lies on {squad.hex}, where squad {g[0]} stands")
            if not resource and lt.holder(squad, what) is None:
                return Refusal("ce-pick-items", f"no creature of squad {g[0]} can hold {what} "
                                                "(its card holds no items, or its hands are full)")
            return None
        if resource and not 1 <= n <= squad.resources.get(what, 0):
            return Refusal("ce-pass" if kind == "pass" else "ce-drop",
                           f"squad {g[0]} carries {squad.resources.get(what, 0)} {what}, not {n}")
        if not resource and lt.owner_of(squad, what) is None:
            return Refusal("ce-pass" if kind == "pass" else "ce-drop", f"no creature of squad {g[0]} holds {what}")
        if kind == "pass":
            to = squad_id(self.turn, g[1])
            if to not in self.squads:
                return Refusal("ce-pass", f"player {self.turn + 1} has no squad on card {g[1]} (passing is between "
                                          "one's own squads)")
            if self.squads[to].hex not in neighbours(squad.hex):
                return Refusal("ce-pass", f"squad {g[1]} is not next to squad {g[0]}")
            if not resource and lt.holder(self.squads[to], what) is None:
                return Refusal("ce-pick-items", f"no creature of squad {g[1]} can hold {what}")
        return None

    def _pick_all(self, squad: Squad, key: str) -> None:
        """A squad crossing a spawn pit picks up what lies there (rule ce-move-pit): every resource,
        and each item or spell a creature of the squad can hold (the rest stays)."""
        spot = self.loot[key]
        taken = {r: spot[r] for r in RESOURCE_WORDS if spot.get(r, 0)}
        for r, n in taken.items():
            lt.remove(self.loot, key, r, n)
        lt.add_resources(squad.resources, taken)
        items = []
        for item in sorted(spot["items"]):
            c = lt.holder(squad, item)
            if c is not None:
                lt.remove(self.loot, key, item=item)
                lt.give(c, item)
                items.append(f"{item} ({c.id})")
        got = [f"{n} {r}" for r, n in taken.items()] + items
        self.note("ce-move-pit", f"Squad {squad.card} crosses the spawn pit at {key} and picks up "
                                 + (", ".join(got) if got else "nothing it can hold") + ".")

    def _apply_loot(self, kind: str, g) -> None:
        refusal = self._loot_refusal(kind, g) if self.combat is None and self.pending is None else \
            Refusal("ce-loot-when", "not in the middle of another decision")
        if refusal is None and (self.must_fight or self.finishing() is not None):
            refusal = Refusal("ce-loot-when", "picking up, passing and dropping wait for Phase 3 and a finished dig")
        if refusal:
            raise IllegalAction(" ".join(x for x in g if x), refusal.rule, refusal.reason)
        squad = self.squads[squad_id(self.turn, g[0])]
        key = str(squad.hex)
        if kind == "pick":
            what = g[1]
            if what in RESOURCE_WORDS:
                n = self.loot[key][what]
                lt.remove(self.loot, key, what, n)
                lt.add_resources(squad.resources, {what: n})
                self.note("ce-pick-up", f"Squad {g[0]} picks up {n} {what} on {key}.")
            else:
                c = lt.holder(squad, what)
                lt.remove(self.loot, key, item=what)
                lt.give(c, what)
                self.note("ce-pick-items", f"Squad {g[0]}'s {c.id} picks up {what} on {key}.")
        elif kind == "pass":
            what, other = g[2], self.squads[squad_id(self.turn, g[1])]
            if what in RESOURCE_WORDS:
                n = int(g[3])
                lt.add_resources(squad.resources, {what: -n})
                lt.add_resources(other.resources, {what: n})
                self.note("ce-pass", f"Squad {g[0]} passes {n} {what} to squad {g[1]}.")
            else:
                giver, taker = lt.owner_of(squad, what), lt.holder(other, what)
                lt.take(giver, what)
                lt.give(taker, what)
                self.note("ce-pass", f"Squad {g[0]}'s {giver.id} passes {what} to {taker.id} of squad {g[1]}.")
        else:
            what = g[1]
            if what in RESOURCE_WORDS:
                n = int(g[2])
                lt.add_resources(squad.resources, {what: -n})
                lt.put(self.loot, key, {what: n})
                self.note("ce-drop", f"Squad {g[0]} drops {n} {what} on {key}.")
            else:
                c = lt.owner_of(squad, what)
                lt.take(c, what)
                lt.put(self.loot, key, items=[what])
                self.note("ce-drop", f"Squad {g[0]}'s {c.id} drops {what} on {key}, under a wandering marker.")

    def _fight_options(self):
        return fx.fight_options(self.ground, self.squads, self.turn, 1 if self.must_fight else 3,
                                self.must_fight or None, order=self._card_key, crystals=self.crystals())

    def _card_key(self, sid: str) -> int:
        return CARD_ORDER[self.squads[sid].card]

    def _fight_notation(self, attackers, did: str, verb: str = "fight") -> str:
        return f"{verb} {','.join(self.squads[a].card for a in attackers)} {did}"

    def crystals(self) -> dict:
        """Each player still in the game: the hex of its Lair's Chthonic Crystal (rule ce-crystal-attack)."""
        if self.phase == SETUP:
            return {}
        out = {}
        for p in range(self.game.players):
            lairs = self.plan.pieces(su.LAIR, p)
            if p not in self.out and p not in self.fallen and lairs:
                out[p] = lairs[0].placement.crystal
        return out

    def _is_evil_squad(self, sid: str) -> bool:
        return any(c.card in (self.STATUE, EMPEROR) for c in self.squads[sid].creatures)

    def _mark_crystals(self) -> None:
        """Tell the map whose crystal stands where, so no enemy squad stops on one (ce-crystal-attack)."""
        self.ground.crystals = {h: p for p, h in self.crystals().items()}

    def _defending_player(self) -> int | None:
        """The player who answers for the defending side: the crystal's owner, else the owner of its
        first squad that a player owns (None: Wandering Monsters only)."""
        if self.combat.get("evil"):  # her opponents answer for her: the next player on (ruling ce-evil-bitch-second)
            order = self.order()
            return order[(order.index(self.turn) + 1) % len(order)]
        for sid in self.combat["defenders"]:
            if fx.is_crystal(sid):
                return fx.crystal_owner(sid)
            if sid in self.squads and self.squads[sid].owner is not None:
                return self.squads[sid].owner
        return None

    def _breakaways(self, squad: Squad) -> list[tuple[str, ...]]:
        """The groups of creatures that may break away from ``squad`` now and go somewhere
        (rule ce-break): every part of the squad but the whole, never the Necromancer."""
        movable = [c.id for c in squad.creatures if not c.necromancer]
        out = []
        for mask in range(1, 1 << len(movable)):
            group = tuple(c for i, c in enumerate(movable) if mask >> i & 1)
            if len(group) < len(squad.creatures) and destinations(self.ground, self.squads, squad.id, group):
                out.append(group)
        return out

    def _crossings(self, sid: str) -> dict:
        """The spawn pits with something lying on them that squad ``sid`` can cross on its way,
        each with where it may stop afterwards (rule ce-move-pit; movement.crossings)."""
        pits = [h for h in self.ground.spawn_pits if lt.has_loot(self.loot, str(h))]
        return crossings(self.ground, self.squads, sid, pits) if pits else {}

    def _own_squads(self) -> list[Squad]:
        return sorted(self.squads.of(self.turn), key=lambda s: CARD_ORDER[s.card])

    def _setup_options(self):
        if self._cache_setup is None or self._cache_setup[0] is not self.plan:
            self._cache_setup = (self.plan, su.legal_placements(self.ground, self.plan))
        return self._cache_setup[1]

    _cache_setup = None

    def _placements(self, dig):
        """The legal placements of the dig's tile, one per distinct result: a tile that looks the
        same turned (a Single) is offered at its least rotation only."""
        out, seen = [], set()
        for p in ex.placements(self.ground, self.squads, dig, self.deck.spec):
            key = _shape_key(p)
            if key not in seen:
                seen.add(key)
                out.append(p)
        return out

    def _canonical_place(self, anchor: Hex, rotation: int) -> int:
        """The least rotation that lays the finishing dig's tile exactly as ``rotation`` does."""
        dig = self.finishing()
        card = ex.tile_card(dig, self.deck.spec) if dig is not None else None
        if card is None:
            return rotation
        side = "open" if dig.mode == "excavate" else "collapse"
        key = _shape_key(self.ground.placement(card.tile, anchor, rotation, side))
        for r in range(rotation):
            if _shape_key(self.ground.placement(card.tile, anchor, r, side)) == key:
                return r
        return rotation

    def _helper_sets(self, dig) -> list[tuple[str, ...]]:
        """The sets of helpers the dig may go on with: none, or (flank excavation) any of the
        adjacent own squads that may help."""
        if ex.continue_refusal(self.ground, self.squads, dig, (), True, self.digs):
            return []
        out = [()]
        if not self.game.options["flank"]:
            return out
        helpers = [s.id for s in self._own_squads() if s.id != dig.squad and
                   ex.continue_refusal(self.ground, self.squads, dig, (s.id,), True, self.digs) is None]
        for mask in range(1, 1 << len(helpers)):
            out.append(tuple(h for i, h in enumerate(helpers) if mask >> i & 1))
        return out

    def chance_outcomes(self):
        if self.phase == SETUP:
            return [(f"first {p + 1}", q) for p, q in su.first_player_outcomes(self.game.players)]
        if self.queue:
            return tn.outcomes(self) if tn.who(self) == CHANCE else []
        if self.pending is not None:
            if self.pending["kind"] == "declare":
                verb = "draw" if self.squads[self.pending["squad"]].pick >= ex.IMMEDIATE else "face-down"
                return [(f"{verb} {card}", q) for card, q in self.deck.outcomes()]
            if self.pending["kind"] == "roll":
                return [(f"d12 {n}", Fraction(1, 12)) for n in range(1, 13)]
        if self.combat is not None and self.fight.decision() == "roll":
            who = "attacker" if fx.pending_die(self.combat) is None else "defender"
            return [(f"{who} rolls {n}", Fraction(1, 12)) for n in range(1, 13)]
        dig = self.finishing()
        if dig is not None and dig.stage == "draw":
            return [(f"draw {card}", q) for card, q in ex.draw_outcomes(dig, self.deck)]
        return []

    # ---------------------------------------------------------------- notation
    def parse_action(self, text):
        kind, groups = parse(text)
        if self.queue:
            return text
        if kind == "setup":
            return f"{groups[0]} {parse_hex(groups[1])} r{groups[2]}"
        if kind == "place":
            at = parse_hex(groups[0])
            return f"place {at} r{self._canonical_place(at, int(groups[1]))}"
        return text

    def explain_illegal(self, action) -> tuple[str, str]:
        try:
            kind, g = parse(action)
        except NotationError as exc:
            return exc.rule, exc.reason
        if self.queue:
            return tn.explain(self, action)
        if self.full and kind in ("move", "move-to") and self.phase == PLAY:
            sid = squad_id(self.turn, g[0])
            if kind == "move-to" and self.power_turn and self.evil == "pit-of-infinite-shadow" and \
                    self.track.awakened and parse_hex(g[1]) == self.ground.pit():
                return "ce-power", "no Awakened Evil is conquered on a turn its Necromancer used its power"
            if sid in self.invoked_into and sid in self.squads and any(c.halted for c in self.squads[sid].creatures):
                return "ce-invoke-move", (f"squad {g[0]} received invoked creatures and the Necromancer moved: it "
                                          "may not move this turn")
        if kind == "step":
            return "core-legal", "no procedure is under way that asks for this (a deal, a spawn, an event...)"
        if kind in ("invoke", "meditate"):
            return self._explain_invoke(kind, g)
        if kind == "abandon":
            return "ce-adv-abandon", ("advanced rule 5 is not in play" if not self.game.options["abandon"] else
                                      "only the turn player's squads other than N, or a creature of a squad of several "
                                      "with a free hex beside it, in Phase 3")
        if kind == "goat":
            return "ce-evil-goat"
        if kind == "abandon":
            return "ce-adv-abandon", ("no Goat sits beside this Necromancer, or not now: kneel before the sleeping Goat "
                                    "with 27 enemy kill points, slay the awake one with squad N's action")
        if kind == "power":
            if not self.full:
                return "ce-game-full", "the Necromancers' powers belong to the full game"
            if self.turn in self.powers_used:
                return "ce-power", "this Necromancer has used its once-per-game power already"
            power = tn.power_of(self, self.turn)
            if power != g[0]:
                return "ce-power", f"this Necromancer's power is {power or 'not played by the engine'}, not {g[0]}"
            if g[0] == "split" and tn._in_phase_3(self):
                return wz.split_refusal(self, g[1])
            return "ce-power-" + g[0], "not there, or not now (Phase 3, on its own turn)"
        if kind in ("discard", "sacrifice"):
            rule = ADVANCED_RULE[kind]
            if not self.game.options[kind]:
                return rule, f"advanced rule {'1' if kind == 'discard' else '2'} is not in play (option {kind}=True)"
            return rule, ("not now, or not that card: only cards of the hand in Phase 3" if kind == "discard" else
                          "squad N's action, on its player's creatures with a cost, items and spells in squad N or "
                          "a squad next to it")
        player = self.current_player()
        if player == CHANCE and kind not in ("first", "face-down", "draw", "d12", "die"):
            return "core-turn", "chance decides now"
        if player != CHANCE and kind in ("first", "face-down", "draw", "d12", "die"):
            return "core-chance", "only chance decides that"
        if self.phase == SETUP:
            return self._explain_setup(kind, g)
        if kind == "first":
            return "ce-first-player", "the first player is already known"
        if kind in ("face-down", "draw"):
            return "ce-deck-draw", f"no {g[0]!r} card is left to draw, or the draw is not that kind"
        if kind == "d12":
            return "ce-collapse-death", "a D12 shows 1 to 12"
        if self.combat is not None and kind == "pass":
            if squad_id(self.turn, g[1]) in self.combat["defenders"] or (
                    self.current_player() != self.turn and squad_id(self.current_player(), g[1]) in self.combat["defenders"]):
                return "ce-pass-defender", f"squad {g[1]} is defending in the fight under way: nothing is passed to it"
            return "ce-loot-when", "passing waits until the fight is over"
        if self.combat is not None or kind in ("choose", "die"):
            return self._explain_combat(kind, g)
        dig = self.finishing()
        if kind in LOOT_KINDS and (self.pending is not None or dig is not None):
            return "ce-loot-when", "picking up, passing and dropping wait until this move or dig is settled"
        if self.pending is not None or dig is not None:
            return self._explain_pending(kind, g, dig)
        return self._explain_turn(kind, g)

    def _explain_setup(self, kind, g):
        step = self.plan.next_step()
        if kind == "first":
            return "ce-first-player", f"the first player is one of 1-{self.game.players}"
        if kind != "setup":
            return "ce-setup-order", f"set-up comes first: now {step}"
        p = self.ground.placement(WORDS[g[0]], parse_hex(g[1]), int(g[2]))
        refusal = su.check_placement(self.ground, self.plan, p)
        if refusal is None:  # pragma: no cover - legal placements are listed
            return "ce-setup-order", "not among the placements listed"
        return refusal.rule, refusal.reason

    def _explain_pending(self, kind, g, dig):
        pending = self.pending
        if pending is not None and pending["kind"] == "subdued":
            card = self.squads[pending["squad"]].card
            if kind == "stay" or (kind == "move-to" and g[0] == card):
                return "ce-subdue-after", ("a subdued squad only steps off its spawn pit or into a friendly squad "
                                           "next to it, with room")
            return "ce-subdue-after", f"the subdued squad {card} joins a friendly squad next to it (move {card} +q+r) or stays"
        if pending is not None and pending["kind"] == "off-pit":
            card = self.squads[pending["squad"]].card
            if kind != "move-to" or g[0] != card:
                return "ce-hire-pit", f"the hired squad {card} must first step off the spawn pit (move {card} +q+r)"
            refusal = step_refusal(self.ground, self.squads, pending["squad"], parse_hex(g[1]))
            return (refusal.rule, refusal.reason) if refusal else ("ce-hire-pit", "not a hex next to the pit")
        if pending is not None and pending["kind"] == "move":
            sid = pending["squad"]
            card = self.squads[sid].card
            if kind != "move-to" or g[0] != card:
                return "ce-move-rate", f"squad {card} is on the move: name the hex it goes to (move {card} +q+r)"
            to, via = parse_hex(g[1]), (parse_hex(g[2]) if g[2] else None)
            if via is not None and not lt.has_loot(self.loot, str(via)):
                return "ce-move-pit", f"nothing lies at {via} to pick up on the way: name the destination only"
            try:
                move(self.ground, self.squads.copy(), sid, to, via=via)
            except IllegalAction as exc:
                return exc.rule, exc.reason
            return "ce-move-rate", f"{to} is not a destination of squad {card}"  # pragma: no cover
        if pending is not None and pending["kind"] == "break":
            sid, ids = pending["squad"], pending["creatures"]
            card, names = self.squads[sid].card, ",".join(ids)
            if kind != "break-to" or g[0] != card or g[1] != names:
                return "ce-break", f"{names} are breaking away from squad {card}: name the hex they go to (break {card} {names} +q+r)"
            return self._explain_move(sid, parse_hex(g[2]), ids)
        if dig is None:
            return "core-legal", "not a legal action now"
        if dig.stage == "place":
            if kind != "place":
                return "ce-dig-finish", "the dig's tile is to be laid now (place +q+r rN)"
            card = ex.tile_card(dig, self.deck.spec)
            p = self.ground.placement(card.tile, parse_hex(g[0]), int(g[1]),
                                      "open" if dig.mode == "excavate" else "collapse")
            refusal = ex.placement_refusal(self.ground, self.squads, dig, p, self.deck.spec)
            return (refusal.rule, refusal.reason) if refusal else ("ce-dig-finish", "not a legal placement")
        if dig.stage == "step":
            if kind != "step":
                return "ce-dig-step", "the diggers may step onto the new tile, or stay"
            refusal = ex.step_refusal(self.ground, self.squads, dig.squad, parse_hex(g[0]))
            if not dig.momentum:
                refusal = Refusal("ce-dig-immediate-step", "the squad used up its movement before digging")
            return (refusal.rule, refusal.reason) if refusal else ("ce-dig-step", "not a space of the new tile next to the squad")
        return "core-turn", "chance decides now"  # pragma: no cover

    def _explain_combat(self, kind, g) -> tuple[str, str]:
        """Why an action is refused while a fight is under way, or a fight's choice or die
        when none is."""
        combat = self.fight
        if combat is None:
            return "ce-combat-first", "no combat is under way"
        step = combat.decision()
        if kind == "die":
            who = "attacker" if fx.pending_die(self.combat) is None else "defender"
            if g[0] != who:
                return "ce-combat-round", f"the {who} rolls now"
            return "ce-combat-round", "a D12 shows 1 to 12"
        if kind != "choose":
            return "ce-combat-to-the-end", "a combat goes on until one side has won two rounds"
        if g[0] != step:
            if step == "roll":
                return "ce-combat-round", "the attribute is chosen: the dice are to be rolled"
            rule = "ce-combat-first" if step == "first" else "ce-combat-second"
            return rule, f"the {'attacker picks the first' if step == 'first' else 'defender picks the second'} attribute now"
        try:
            fx.combat_of(self.combat).choose(g[1])
        except IllegalAction as exc:
            return exc.rule, exc.reason
        return "core-legal", "not now"  # pragma: no cover

    def _explain_move(self, sid: str, to: Hex, ids=None) -> tuple[str, str]:
        """The rule and reason a move (or breakaway) of ``sid`` to ``to`` is refused, tried on a copy."""
        try:
            move(self.ground, self.squads.copy(), sid, to, ids)
        except IllegalAction as exc:
            return exc.rule, exc.reason
        return "core-legal", f"{to} is a legal destination, but not now"

    def _explain_turn(self, kind, g):
        if kind in ("place", "step", "stay"):
            return "ce-dig-finish", "no dig is being finished"
        if kind == "subdue":
            refusal = self._subdue_refusal([squad_id(self.turn, c) for c in g[0].split(",")], g[1], bool(g[2]))
            return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
        if kind == "hire":
            refusal = self._hire_refusal(squad_id(self.turn, g[0]), g[1], *( (g[2],) if g[2] else ()))
            if refusal is None and g[2]:
                return "ce-adv-hire-one", f"{g[3]} is not a free hex beside Wandering Monster {g[1]}"
            return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
        if kind == "fight":
            return self._explain_fight(g)
        if kind == "shoot":
            return self._explain_shoot(g)
        if self.must_fight:
            return "ce-combat-phase1", ("Phase 1: first every squad that began the turn next to an enemy must fight ("
                                        + ", ".join(self.squads[s].card for s in self.must_fight) + ")")
        if kind == "setup":
            return "ce-setup-order", "set-up is over"
        if kind in LOOT_KINDS:
            refusal = self._loot_refusal(kind, g)
            return (refusal.rule, refusal.reason) if refusal else ("core-legal", "not now")
        card = g[0] if kind in ("move", "move-to", "break", "break-to", "continue") else (g[1] if kind == "declare" else None)
        sid = squad_id(self.turn, card) if card else None
        if sid is not None and sid not in self.squads:
            return "ce-control-cards", f"player {self.turn + 1} has no squad on card {card}"
        if kind in ("move", "move-to"):
            refusal = move_refusal(self.ground, self.squads, sid)
            if refusal:
                return refusal.rule, refusal.reason
            if kind == "move":
                return "ce-move-rate", f"squad {card} has nowhere to go"
            try:
                move(self.ground, self.squads.copy(), sid, parse_hex(g[1]))
            except IllegalAction as exc:
                return exc.rule, exc.reason
            return "ce-move-rate", "pick the squad first (move N), then its hex"
        if kind in ("break", "break-to"):
            ids = g[1].split(",")
            refusal = move_refusal(self.ground, self.squads, sid, ids)
            if refusal:
                return refusal.rule, refusal.reason
            if len(ids) >= len(self.squads[sid].creatures):
                return "ce-break", f"{g[1]} is all of squad {card}: to move the whole squad, move {card}"
            if kind == "break":
                return "ce-break", f"{g[1]} have nowhere to go from squad {card}"
            rule, reason = self._explain_move(sid, parse_hex(g[2]), ids)
            return (rule, reason) if rule != "core-legal" else ("ce-break", f"pick the creatures first (break {card} {g[1]}), then their hex")
        if kind == "declare":
            mode = "excavate" if g[0] == "dig" else "collapse"
            refusal = ex.declare_refusal(self.ground, self.squads, sid, mode, self.digs)
            return (refusal.rule, refusal.reason) if refusal else ("ce-dig-declare", "not now")
        if kind == "continue":
            if sid not in self.digs:
                return "ce-dig-continue", f"squad {card} has no dig to go on with"
            helpers = tuple(squad_id(self.turn, c) for c in (g[1].split(",") if g[1] else ()))
            if any(h not in self.squads for h in helpers):
                return "ce-flank-excavation", "a helper is not one of your squads"
            refusal = ex.continue_refusal(self.ground, self.squads, self.digs[sid], helpers,
                                          self.game.options["flank"], self.digs)
            return (refusal.rule, refusal.reason) if refusal else ("ce-dig-continue", "not now")
        if kind == "first":
            return "ce-first-player", "the first player is already known"
        return "core-legal", "not a legal action now"

    def _explain_fight(self, g) -> tuple[str, str]:
        cards = g[0].split(",")
        attackers = [squad_id(self.turn, c) for c in cards]
        for sid, card in zip(attackers, cards):
            if sid not in self.squads:
                return "ce-control-cards", f"player {self.turn + 1} has no squad on card {card}"
        phase = 1 if self.must_fight else 3
        refusal = fx.fight_refusal(self.ground, self.squads, self.turn, attackers, g[1], phase, self.must_fight or None,
                                   self.crystals())
        if refusal:
            return refusal.rule, refusal.reason
        return "ce-flank", "name the attacking squads in card order (N, I, II, III, IV, V)"

    def _explain_shoot(self, g) -> tuple[str, str]:
        cards = g[0].split(",")
        shooters = [squad_id(self.turn, c) for c in cards]
        for sid, card in zip(shooters, cards):
            if sid not in self.squads:
                return "ce-control-cards", f"player {self.turn + 1} has no squad on card {card}"
        if self.must_fight:
            return "ce-shoot-alone", ("Phase 1 is fought hand to hand: first every squad that began the turn next to "
                                      "an enemy must fight (" + ", ".join(self.squads[s].card for s in self.must_fight) + ")")
        refusal = fx.shoot_refusal(self.ground, self.squads, self.turn, shooters, g[1], self.crystals())
        if refusal:
            return refusal.rule, refusal.reason
        return "ce-shoot", "name the shooting squads in card order (N, I, II, III, IV, V)"

    def action_rule(self, action) -> str:
        if self.queue:
            return tn.rule(self, action)
        kind, _ = parse(action)
        if kind in ("invoke", "meditate"):
            return "ce-" + kind
        if kind in ("discard", "sacrifice"):
            return ADVANCED_RULE[kind]
        if kind == "power":
            return POWER_RULE[action.split()[0]]
        if kind == "goat":
            return "ce-evil-goat"
        if self.phase == SETUP:
            return "ce-first-player" if kind == "first" else self.plan.next_step().rule
        if kind == "draw" and self.pending is not None:
            return "ce-dig-immediate"
        if kind == "fight" and fx.is_crystal(action.split()[2]):
            return "ce-crystal-attack"
        if kind == "fight":
            return "ce-flank" if "," in action.split()[1] else ("ce-combat-phase1" if self.must_fight else "ce-combat-attacker")
        if kind == "shoot":
            return "ce-shoot"
        if kind == "choose":
            return "ce-combat-first" if action.startswith("first") else "ce-combat-second"
        if kind == "pick":
            return "ce-pick-up" if action.split()[2] in RESOURCE_WORDS else "ce-pick-items"
        if kind == "hire":
            return "ce-adv-hire-one" if len(action.split()) > 3 else "ce-hire"
        if kind == "subdue":
            return "ce-subdue"
        if kind in ("move-to", "stay") and self.pending is not None and self.pending["kind"] == "subdued":
            return "ce-subdue-after"
        if kind == "move-to" and self.pending is not None and self.pending["kind"] == "off-pit":
            return "ce-hire-pit"
        if kind in ("pass", "drop"):
            return "ce-" + kind
        if kind == "die":
            return "ce-combat-round"
        return {"move": "ce-move-rate", "move-to": "ce-move-rate", "break": "ce-break", "break-to": "ce-break",
                "declare": "ce-dig-declare",
                "continue": "ce-dig-continue", "face-down": "ce-deck-draw", "draw": "ce-dig-finish",
                "place": "ce-dig-finish", "step": "ce-dig-step", "stay": "ce-dig-step",
                "d12": "ce-collapse-death", "end": "ce-turn-order"}.get(kind, "core-legal")

    def action_sort_key(self, action):
        """Notation order, but a die's faces in number order (``attacker rolls 2`` before ``10``)
        and attributes in ring order (``first strength`` before ``first special``)."""
        m = re.match(r"^((?:attacker|defender) rolls )(\d+)$", action)
        if m:
            return m.group(1), int(m.group(2))
        m = re.match(r"^(first|second) ([a-z]+)$", action)
        if m and m.group(2) in ATTRIBUTES:
            return m.group(1), ATTRIBUTES.index(m.group(2))
        return action, 0

    def mask_notation(self, notation: str, player: int, viewer: int) -> str:
        """The card a dig draws face down stays hidden from everyone, its digger too; a card dealt
        to a player's hand (or drawn to conjure) from everyone else, unless it is an event (laid face
        up); the Awakening Evil from everyone until it is revealed (then the log says which)."""
        if notation.startswith("face-down "):
            return "face-down ?"
        if notation.startswith("evil "):
            return "evil ?"
        if notation.startswith("deal "):
            _, who, deck, card = notation.split()
            if int(who) - 1 != viewer and not cj.conjuration_spec().is_event(card):
                return f"deal {who} {deck} ?"
        return notation

    def choices_hidden_from(self, viewer: int) -> bool:
        """In the full game another player's choices name the cards of their hand (invoke, keep,
        trade, box, sacrifice), which no notation masks since playing a card shows it: the whole
        list is that player's secret. Otherwise as every game (the draws of a hidden pile)."""
        decider = self.current_player()
        if self.full and decider >= 0 and decider != viewer:
            return True
        return super().choices_hidden_from(viewer)

    def describe_action(self, action) -> dict:
        try:
            kind, g = parse(action)
        except NotationError:
            return {}
        if self.queue:
            return tn.hint(self, action)
        if kind == "invoke":
            n = self.squads.by_id.get(squad_id(self.turn, g[3] or "N"))
            to = g[2] if g[2] else (str(self.squads[squad_id(self.turn, g[1])].hex)
                                    if squad_id(self.turn, g[1]) in self.squads else None)
            return {"to": to, "card": g[0], "from": str(n.hex) if n else None} if to else {"card": g[0]}
        if kind == "setup":
            p = self.ground.placement(WORDS[g[0]], parse_hex(g[1]), int(g[2]))
            hint = {"tile": p.tile.id, "hexes": [str(h) for h in p.covers]}
            if p.shell:  # a Lair's shell stays rock: the board draws it apart from the spaces
                hint["shell"], hint["crystal"] = [str(h) for h in p.shell], str(p.crystal)
            if p.spawn_pits:
                hint["pits"] = [str(h) for h in p.spawn_pits]
            return hint
        if kind == "place":
            dig = self.finishing()
            card = ex.tile_card(dig, self.deck.spec) if dig else None
            if card is not None:
                p = self.ground.placement(card.tile, parse_hex(g[0]), int(g[1]),
                                          "open" if dig.mode == "excavate" else "collapse")
                hint = {"tile": p.tile.id, "side": p.side, "hexes": [str(h) for h in p.spaces]}
                if p.spawn_pits:
                    hint["pits"] = [str(h) for h in p.spawn_pits]
                return hint
        if kind == "move-to" and g[2]:
            return {"to": g[1], "via": g[2]}
        if kind in ("move-to", "break-to", "step"):
            return {"to": g[1] if kind == "move-to" else g[-1]}
        if kind == "hire" and g[2] and g[1] in self.squads:
            return {"squads": [squad_id(self.turn, g[0])], "target": g[1], "to": g[3], "creature": g[2]}
        if kind in ("hire", "subdue") and g[1] in self.squads:
            hint = {"squads": [squad_id(self.turn, c) for c in g[0].split(",")], "target": g[1],
                    "to": str(self.squads[g[1]].hex)}
            if kind == "subdue" and g[2]:
                hint["shot"] = True
            return hint
        if kind in ("fight", "shoot"):
            where = self.squads[g[1]].hex if g[1] in self.squads else (
                self.crystals().get(fx.crystal_owner(g[1])) if fx.is_crystal(g[1]) else None)
            if where is not None:
                hint = {"squads": [squad_id(self.turn, c) for c in g[0].split(",")], "target": g[1], "to": str(where)}
                if kind == "shoot":
                    hint["shot"] = True
                return hint
        return {}

    # ----------------------------------------------------------------- apply
    def _apply(self, action) -> None:
        self._cache = None
        if self.queue:
            tn.apply(self, action)
            if self.homes:
                self._watch()
            self._settle()
            return
        kind, g = parse(action)
        if kind == "first":
            self._apply_first(int(g[0]) - 1)
        elif kind == "setup":
            p = self.ground.placement(WORDS[g[0]], parse_hex(g[1]), int(g[2]))
            step = self.plan.next_step()
            self.plan = su.place(self.ground, self.plan, p)
            self.note(step.rule, f"Player {step.player + 1} lays {step}: {p}.")
        elif kind == "move":
            self.pending = {"kind": "move", "squad": squad_id(self.turn, g[0])}
        elif kind in ("move-to", "stay") and self.pending is not None and self.pending["kind"] == "subdued":
            if action not in self._legal_actions_fresh():
                raise IllegalAction(action, *self._explain_pending(kind, g, None))
            self._apply_subdued_step(kind, parse_hex(g[1]) if kind == "move-to" else None)
        elif kind == "move-to" and self.pending is not None and self.pending["kind"] == "off-pit":
            if g[0] != self.squads[self.pending["squad"]].card or parse_hex(g[1]) not in self._off_pit(self.pending["squad"]):
                raise IllegalAction(action, *self._explain_pending(kind, g, None))
            self._apply_off_pit(parse_hex(g[1]))
        elif kind == "move-to" and self._may_jump(squad_id(self.turn, g[0])) and parse_hex(g[1]) == self.ground.pit():
            self._jump(squad_id(self.turn, g[0]))
        elif kind == "move-to":
            self._apply_move(squad_id(self.turn, g[0]), parse_hex(g[1]), parse_hex(g[2]) if g[2] else None)
        elif kind == "break":
            self.pending = {"kind": "break", "squad": squad_id(self.turn, g[0]), "creatures": g[1].split(",")}
        elif kind == "break-to":
            self._apply_break(squad_id(self.turn, g[0]), g[1].split(","), parse_hex(g[2]))
        elif kind == "declare":
            sid = squad_id(self.turn, g[1])
            mode = "excavate" if g[0] == "dig" else "collapse"
            refusal = ex.declare_refusal(self.ground, self.squads, sid, mode, self.digs)
            if refusal:
                raise IllegalAction(action, refusal.rule, refusal.reason)
            self.pending = {"kind": "declare", "squad": sid, "mode": mode}
            self.note("ce-dig-declare", f"Squad {g[1]} declares {'an excavation' if mode == 'excavate' else 'a collapse'}.")
        elif kind in ("face-down", "draw") and self.pending is not None:
            self._apply_declare(g[0])
        elif kind == "draw":
            dig = self.finishing()
            dig = ex.redraw(dig, self.deck, g[0])
            self.digs[dig.squad] = dig
            self._note_reveal(dig)
        elif kind == "continue":
            sid = squad_id(self.turn, g[0])
            helpers = tuple(squad_id(self.turn, c) for c in (g[1].split(",") if g[1] else ()))
            dig = ex.continue_dig(self.ground, self.squads, self.digs[sid], self.deck, helpers,
                                  self.game.options["flank"], self.digs)
            self.digs[sid] = dig
            extra = f" with {g[1]}" if g[1] else ""
            self.note("ce-flank-excavation" if helpers else "ce-dig-continue",
                      f"Squad {g[0]} digs on{extra}: {dig.rocks} rock{'s' if dig.rocks != 1 else ''} left.")
            if dig.stage != "digging":
                self._note_reveal(dig)
        elif kind == "place":
            self._apply_place(parse_hex(g[0]), int(g[1]))
        elif kind in ("step", "stay"):
            dig = self.finishing()
            to = parse_hex(g[0]) if kind == "step" else None
            self.digs[dig.squad] = ex.take_step(self.ground, self.squads, dig, to, self.deck)
            card = self.squads[dig.squad].card if dig.squad in self.squads else dig.squad
            self.note("ce-dig-step", f"Squad {card} steps onto {to}." if to else f"Squad {card} stays where it dug.")
        elif kind == "d12":
            self._apply_roll(int(g[0]))
        elif kind == "fight":
            self._apply_fight([squad_id(self.turn, c) for c in g[0].split(",")], g[1])
        elif kind == "shoot":
            self._apply_shoot([squad_id(self.turn, c) for c in g[0].split(",")], g[1])
        elif kind == "choose":
            self._apply_choose(g[0], g[1])
        elif kind == "die":
            self._apply_die(g[0], int(g[1]))
        elif kind in LOOT_KINDS:
            self._apply_loot(kind, g)
        elif kind == "hire" and g[2]:
            self._apply_hire_one(squad_id(self.turn, g[0]), g[1], g[2], parse_hex(g[3]))
        elif kind == "hire":
            self._apply_hire(squad_id(self.turn, g[0]), g[1])
        elif kind == "subdue":
            sids = [squad_id(self.turn, c) for c in g[0].split(",")]
            refusal = self._subdue_refusal(sids, g[1], bool(g[2]))
            if refusal:
                raise IllegalAction(action, refusal.rule, refusal.reason)
            if g[2]:
                self._apply_shoot(sids, g[1], subdue=True)
            else:
                self._apply_fight(sids, g[1], subdue=True)
        elif kind == "invoke":
            tn.apply_invoke(self, g[0], g[1] or "new", parse_hex(g[2]) if g[2] else None, g[3])
        elif kind == "meditate":
            tn.apply_meditate(self, g[0], g[1])
        elif kind == "discard":
            tn.apply_discard(self, g[0], g[1])
        elif kind == "power":
            tn.apply_power(self, g[0], g[1])
        elif kind == "goat":
            self._kneel() if g[0] == "kneel" else self._slay()
        elif kind == "abandon":
            tn.apply_abandon(self, g[0])
        elif kind == "sacrifice":
            tn.apply_sacrifice(self, g[0], g[1])
        elif kind == "end":
            if self.full and self._protector_attacks():
                pass
            elif self.full:
                self._phase4()
            else:
                self._end_turn()
        else:  # pragma: no cover - parse() knows no other kind
            raise IllegalAction(action, "core-legal", "not an action")
        if self.homes:
            self._watch()
        self._settle()

    def _apply_first(self, first: int) -> None:
        self.plan = self.plan.with_first(first)
        self.note("ce-first-player", f"Player {first + 1} rolls highest and goes first.")
        if self.game.options["setup"] == "quick":
            for p in su.quick_setup(self.game.players, first, self.game.options["extras"]):
                step = self.plan.next_step()
                self.plan = su.place(self.ground, self.plan, p)
                self.note("ce-quick-setup", f"Quick set-up: {step}: {p}.")

    def _apply_move(self, sid: str, to: Hex, via: Hex | None = None) -> None:
        card = self.squads[sid].card
        if via is not None and (self.pending is None or self.pending.get("squad") != sid
                                or not lt.has_loot(self.loot, str(via))):
            raise IllegalAction(f"move {card} {to} via {via}", *self._explain_pending("move-to", (card, str(to), str(via)), None))
        moved = move(self.ground, self.squads, sid, to, via=via)
        self.pending = None
        keeper = self.squads[moved.squad].card
        if self.invoked_into and self.squads[moved.squad].has_necromancer and \
                wz.action_taken(self, self.turn) in (None, keeper):  # the wizard that invoked (ce-power-split-action)
            self._halt_invoked()
        if via is not None:
            self._pick_all(self.squads[moved.squad], str(via))
        text = f"Squad {card} moves to {to} ({moved.cost} step{'s' if moved.cost != 1 else ''})"
        if moved.merged:
            text += f" and joins squad {keeper}"
            self.note("ce-merge", text + ".")
        else:
            self.note("ce-move-rate", text + ".")
        if moved.stopped:
            self.note("ce-move-stop", f"Squad {keeper} stops next to an enemy.")
        self._check_abandoned()

    def _apply_break(self, sid: str, ids: list[str], to: Hex) -> None:
        card = self.squads[sid].card
        moved = move(self.ground, self.squads, sid, to, ids)
        self.pending = None
        keeper = self.squads[moved.squad].card
        steps = f"{moved.cost} step{'s' if moved.cost != 1 else ''}"
        who = ", ".join(ids)
        if moved.merged:
            self.note("ce-merge", f"{who} break{'s' if len(ids) == 1 else ''} away from squad {card} to {to} "
                                  f"({steps}) and join{'s' if len(ids) == 1 else ''} squad {keeper}.")
        else:
            self.note("ce-break", f"{who} break{'s' if len(ids) == 1 else ''} away from squad {card} to {to} "
                                  f"({steps}) as squad {keeper}.")
        if moved.stopped:
            self.note("ce-move-stop", f"Squad {keeper} stops next to an enemy.")
        self._check_abandoned()

    def _apply_declare(self, card_id: str) -> None:
        pending, self.pending = self.pending, None
        sid = pending["squad"]
        card = self.squads[sid].card
        dig = ex.declare(self.ground, self.squads, sid, pending["mode"], self.deck, card_id, self.digs)
        self.digs[sid] = dig
        if dig.stage == "digging":
            self.note("ce-dig-declare", f"A card goes face down on squad {card}'s dig, with {dig.rocks} rocks.")
        else:
            self.note("ce-dig-immediate", f"Squad {card} digs through at once.")
            self._note_reveal(dig)

    def _note_reveal(self, dig) -> None:
        if dig.stage == "draw":
            self.note("ce-dig-finish", f"The card is an event ({dig.events[-1]}): set aside; another is drawn.")
        elif dig.stage == "place":
            card = self.deck.spec[dig.card]
            self.note("ce-dig-finish", f"The card shows {a_an(self.ground.tiles[card.tile].name)}.")

    def _apply_place(self, anchor: Hex, rotation: int) -> None:
        dig = self.finishing()
        card = ex.tile_card(dig, self.deck.spec)
        side = "open" if dig.mode == "excavate" else "collapse"
        p = self.ground.placement(card.tile, anchor, rotation, side)
        dig, placed = ex.place(self.ground, self.squads, dig, p, self.deck)
        self.digs[dig.squad] = dig
        rule = "ce-excavate-start" if side == "open" else "ce-collapse-start"
        self.note(rule, f"The {p.tile.name} is laid {'tunnel' if side == 'open' else 'black'} side up: {p}.")
        if placed.riders:
            self.note("ce-dig-ride", f"On the new tile: squad{'s' if len(placed.riders) > 1 else ''} "
                                     f"{', '.join(placed.riders)}.")
        if placed.spawn is not None and self.full and placed.spawn.roll != "none":
            self._queue_dig_spawn(dig.squad, placed)
        elif placed.spawn is not None and placed.spawn.roll != "none":
            self.note("ce-dig-spawn", "The card asks for a spawn roll: the map-and-combat game leaves it out "
                                      "(the full game rolls it).")
        if placed.protector and self.protectors and placed.placement.spawn_pits:
            self.queue.insert(0, {"do": "protector", "at": str(placed.placement.spawn_pits[0])})
            self.note("ce-protector-draw", f"The {p.tile.name} has a guardian: a Protector card is drawn for its "
                                           "spawn pit, before the spawn rolls.")
        if placed.caught:
            self.note("ce-collapse-trapped", f"Caught in the collapse: {', '.join(placed.caught)}.")
            if self.game.options["collapse_death"]:
                self.pending = {"kind": "roll", "squads": list(placed.caught)}

    def _apply_roll(self, roll: int) -> None:
        sid = self.pending["squads"][0]
        rest = self.pending["squads"][1:]
        self.pending = {"kind": "roll", "squads": rest} if rest else None
        dead = ex.collapse_roll(self.squads, sid, roll)
        if dead is None:
            self.note("ce-collapse-death", f"Squad {sid} rolls {roll} and survives the collapse.")
            return
        self.note("ce-collapse-death", f"Squad {sid} rolls a 1: crushed under the collapse.")
        self.dead.extend(fx.dead_entry(c, dead.owner, None) for c in fx.snapshot(dead))
        self._leave_things(dead)
        if sid in self.digs:
            self._drop_dig(sid, "ce-dig-leave")
        if dead.has_necromancer:
            self._player_out(dead.owner)

    def _leave_things(self, squad: Squad) -> None:
        """A squad gone from the map other than by a lost fight leaves what it carried on its hex
        (ruling ce-loot-lost-squads)."""
        resources, items = lt.drop_all(self.loot, squad)
        if resources or items:
            self.note("ce-loot-lost-squads", f"Left on {squad.hex}: " + ", ".join(
                [f"{n} {r}" for r, n in sorted(resources.items())] + items) + ".")

    def _battles_on(self, owner: int) -> bool:
        """Under the Battle On!!! variant a player whose Necromancer dies plays on while it has squads."""
        return self.full and self.game.options["battle_on"] and any(s.card != "N" for s in self.squads.of(owner))

    def necromancers(self) -> list[int]:
        """The players whose Necromancer lives, in turn order (the fallen of Battle On!!! are not among them)."""
        return [p for p in self.order() if p not in self.fallen]

    def _player_out(self, owner: int) -> None:
        """A Necromancer has died: its player is out, and the rest of its squads leave the map; under
        Battle On!!! it plays on with them instead, its crystal dark (rule ce-battle-on). A split Black
        Wizard lives on while one of its halves does (rule ce-power-split-death)."""
        if wz.survives(self, owner):
            return
        if owner not in self.fallen and owner not in self.out and self._battles_on(owner):
            self.fallen.append(owner)
            self.fallen.sort()
            self._mark_crystals()
            self.advance_eye(0, "ce-awaken-adjust")
            self.note("ce-battle-on", f"Player {owner + 1}'s Necromancer is dead, but the battle goes on: player "
                                      f"{owner + 1} plays on with its squads, its crystal dark.")
            return
        if owner in self.fallen:
            self.fallen.remove(owner)
        self.out.append(owner)
        self.out.sort()
        self._mark_crystals()
        if self.full:
            self.advance_eye(0, "ce-awaken-adjust")
        self.note("ce-last-standing", f"Player {owner + 1}'s Necromancer is dead: player {owner + 1} is out.")
        for s in self.squads.of(owner):
            self.squads.remove(s.id)
            self.dead.extend(fx.dead_entry(c, owner, None) for c in fx.snapshot(s))
            self._leave_things(s)
            if s.id in self.digs:
                self._drop_dig(s.id, "ce-dig-leave")
        self.must_fight = [sid for sid in self.must_fight if sid in self.squads]

    # ----------------------------------------------------------------- combat
    def _squad_name(self, sid: str) -> str:
        if fx.is_crystal(sid):
            return f"player {fx.crystal_owner(sid) + 1}'s Chthonic Crystal"
        s = self.squads.by_id.get(sid)
        owner, card = (s.owner, s.card) if s is not None else (None if sid.startswith("w:") else int(sid[0]), sid[2:])
        if owner is None and s is not None and px.is_protector(s):
            return f"Protector {card}"
        return f"Wandering Monster {card}" if owner is None else f"player {owner + 1}'s squad {card}"

    def _squad_title(self, sid: str) -> str:
        """:meth:`_squad_name` opening a sentence."""
        name = self._squad_name(sid)
        return name[0].upper() + name[1:]

    def _legal_actions_fresh(self) -> list[str]:
        self._cache = None
        return self._compute_legal()

    def _apply_fight(self, attackers: list[str], did: str, subdue: bool = False) -> None:
        phase = 1 if self.must_fight else 3
        crystals = self.crystals()
        refusal = fx.fight_refusal(self.ground, self.squads, self.turn, attackers, did, phase, self.must_fight or None,
                                   crystals)
        if refusal:
            raise IllegalAction(f"fight {did}", refusal.rule, refusal.reason)
        side, defenders = fx.engagement(self.ground, self.squads, self.turn, attackers, did, phase, crystals)
        self.combat = fx.new_record(self.squads, side, did, phase, defenders)
        if any(d in self.squads and any(c.card == EMPEROR for c in self.squads[d].creatures) for d in defenders):
            for members in self.combat["sides"][ATTACKER]:  # nothing may be used on the Emperor (ce-evil-emperor)
                for m in members:
                    m.pop("items", None)
        if subdue:
            self.combat["subdue"] = True
        self._fight = None
        self.last_combat = None
        cards = [self.squads[a].card for a in attackers]
        who = f"Squad {cards[0]}" if len(cards) == 1 else "Squads " + ", ".join(cards[:-1]) + f" and {cards[-1]}"
        where = crystals[fx.crystal_owner(did)] if fx.is_crystal(did) else self.squads[did].hex
        text = f"{who} attack{'s' if len(cards) == 1 else ''} {self._squad_name(did)} at {where}"
        if phase == 1:
            if subdue:
                text = text.replace(" attacks ", " tries to subdue ", 1)
            if self.guard is not None:
                self.note("ce-protector-attack", f"{text}, as the Protector's attack demands.")
            else:
                self.note("ce-combat-phase1", f"Phase 1: {text}, as {'it' if len(cards) == 1 else 'they'} must.")
            self.must_fight = [s for s in self.must_fight if s not in attackers]
        else:
            rule = "ce-crystal-attack" if fx.is_crystal(did) else ("ce-flank" if len(cards) > 1 else "ce-combat-attacker")
            if subdue:
                rule, text = "ce-subdue", text.replace(" attacks ", " tries to subdue ", 1)
            self.note(rule, text + ".")
        self._note_sides(side[len(attackers):], defenders)
        if phase == 3:
            self._spend_action(attackers, who, len(cards))

    def _note_sides(self, helpers, defenders) -> None:
        """Log who else fights: squads defending with the target, monsters helping the attacker,
        the astral form of a crystal."""
        for sid in defenders:
            if fx.is_crystal(sid):
                self.note("ce-crystal-astral", f"Player {fx.crystal_owner(sid) + 1}'s Necromancer defends its crystal "
                                               "in its astral form: 12 in every attribute, nothing else.")
            elif sid != defenders[0] and fx.is_crystal(defenders[0]):
                self.note("ce-crystal-astral", f"{self._squad_name(sid)[0].upper() + self._squad_name(sid)[1:]} "
                                               "stands on the crystal and defends it too.")
            elif sid != defenders[0]:
                name = self._squad_name(sid)
                monster = self.squads[sid].wandering or defenders[0] not in self.squads or self.squads[defenders[0]].wandering
                self.note("ce-flank-wandering" if monster else "ce-flank-defend",
                          f"{name[0].upper() + name[1:]} stands next to the attackers and defends too.")
        for sid in helpers:
            self.note("ce-flank-wandering-help", f"{self._squad_name(sid)} stands next to the defender only: "
                                                 "it fights on the attacker's side.")

    def _spend_action(self, attackers, who: str, n: int) -> None:
        for a in attackers:
            for c in self.squads[a].creatures:
                c.acted = c.halted = True
        self.note("ce-combat-halts", f"{who} {'has' if n == 1 else 'have'} taken "
                                     f"{'its' if n == 1 else 'their'} action and will not move again this turn.")

    def _apply_shoot(self, shooters: list[str], did: str, subdue: bool = False) -> None:
        crystals = self.crystals()
        if self.must_fight:
            raise IllegalAction(f"shoot {did}", *self._explain_shoot((",".join(self.squads[s].card for s in shooters
                                                                               if s in self.squads), did)))
        refusal = fx.shoot_refusal(self.ground, self.squads, self.turn, shooters, did, crystals)
        if refusal:
            raise IllegalAction(f"shoot {did}", refusal.rule, refusal.reason)
        if fx.is_crystal(did):
            _, defenders = fx.engagement(self.ground, self.squads, self.turn, shooters, did, 3, crystals)
        else:
            defenders = [did]
        self.combat = fx.shot_record(self.squads, shooters, did, crystals, defenders)
        if subdue:
            self.combat["subdue"] = True
        self._fight = None
        self.last_combat = None
        cards = [self.squads[a].card for a in shooters]
        who = f"Squad {cards[0]}" if len(cards) == 1 else "Squads " + ", ".join(cards[:-1]) + f" and {cards[-1]}"
        where = crystals[fx.crystal_owner(did)] if fx.is_crystal(did) else self.squads[did].hex
        aim = ", ".join(f["id"] for m in self.combat["sides"][ATTACKER] for f in m)
        verb = (f"shoot{'s' if len(cards) == 1 else ''} to subdue" if subdue else
                f"shoot{'s' if len(cards) == 1 else ''} at")
        self.note("ce-subdue" if subdue else "ce-shoot", f"{who} {verb} {self._squad_name(did)} at {where}: "
                                                         f"only {aim} fight{'s' if ',' not in aim else ''}.")
        firsts = fx.firsts_of(self.combat)
        if firsts:
            self.note("ce-shoot-first", f"The shooters' cards fix the first attribute: {' or '.join(firsts)}.")
        if self.combat.get("defence") == "ranged":
            back = ", ".join(f["id"] for f in self.combat["sides"][DEFENDER][0])
            self.note("ce-shoot-defence", f"The target shoots back: only {back} defend{'s' if ',' not in back else ''}, "
                                          "and if it wins the shooters die.")
        self._note_sides([], defenders)
        self._spend_action(shooters, who, len(cards))

    def _apply_choose(self, which: str, attribute: str) -> None:
        combat = self.fight
        if combat.decision() != which:
            raise IllegalAction(f"{which} {attribute}", "ce-combat-first" if which == "first" else "ce-combat-second",
                                f"no {which} attribute is to be chosen now")
        combat.choose(attribute)
        self.combat["order"] = list(combat.order)
        if which == "first":
            self.note("ce-combat-first", f"The attacker opens with {attribute}.")
        else:
            self.note("ce-combat-second", f"The defender picks {attribute} for round 2.")

    def _apply_die(self, who: str, n: int) -> None:
        combat = self.fight
        pending = fx.pending_die(self.combat)
        if combat.decision() != "roll" or (who == "attacker") != (pending is None):
            raise IllegalAction(f"{who} rolls {n}", "ce-combat-round", "not that die now")
        self.combat["dice"].append(n)
        if who == "attacker":
            return
        done = combat.roll(pending, n)
        if done is None:
            a = combat.tally(ATTACKER, combat.attribute).total
            d = combat.tally(DEFENDER, combat.attribute).total
            self.note("ce-combat-tie", f"{combat.attribute.capitalize()}: attacker {a} + {pending} = {a + pending}, "
                                       f"defender {d} + {n} = {d + n}: a tie, both roll again.")
            return
        for rule, text in fx.fight_lines(combat, done):
            self.note(rule, text)
        self.combat["order"] = list(combat.order)
        if combat.winner is None and len(combat.rounds) == 2:
            self.note("ce-combat-third", f"One round each: a third round is fought with {combat.order[2]}.")
        if combat.winner is not None:
            self._finish_fight()

    def _finish_fight(self) -> None:
        """Two rounds won: the losing squads die (rule ce-combat-two-wins) and leave their gore and
        items on their hexes; their creatures go to the winner as kill points. A shot that loses
        spares its shooters unless the target shot back (rules ce-shoot-miss, ce-shoot-defence); a
        crystal that loses is crushed (rule ce-crystal-crushed), attackers that lose to one die
        (rule ce-crystal-fail)."""
        record, combat = self.combat, self.fight
        result = combat.result()
        if record.get("evil"):
            self._finish_evil_fight(record, combat, result)
            return
        lose_role = DEFENDER if result.winner == ATTACKER else ATTACKER
        losers = record["attackers"] if result.winner == DEFENDER else record["defenders"]
        won = record["defenders"] if result.winner == DEFENDER else record["attackers"]
        crystal = fx.is_crystal(record["defenders"][0])
        crystals_hex = self.crystals().get(fx.crystal_owner(record["defenders"][0])) if crystal else None
        by = next((fx.crystal_owner(s) if fx.is_crystal(s) else self.squads[s].owner for s in won
                   if fx.is_crystal(s) or self.squads[s].owner is not None), None)
        wins = combat.wins(result.winner)
        spared = (record.get("kind") == "shoot" and result.winner == DEFENDER and not crystal
                  and record.get("defence") != "ranged")
        score = f"{wins} rounds to {len(combat.rounds) - wins}"
        if record.get("subdue") and result.winner == ATTACKER:
            self.note("ce-subdue", f"The attacker wins {score}: the monster is subdued, not killed.")
            for role in (ATTACKER, DEFENDER):
                for sid, members in zip(record["attackers" if role == ATTACKER else "defenders"], record["sides"][role]):
                    self._use_up(sid, members)
            self.last_combat, self.combat, self._fight = record, None, None
            self._capture(record["defenders"][0])
            self.must_fight = [s for s in self.must_fight if s in self.squads]
            self._check_abandoned()
            return
        if spared:
            self.note("ce-shoot-miss", f"The defender wins {score}: the shot misses, and the shooters live.")
        elif crystal and result.winner == DEFENDER:
            self.note("ce-crystal-fail", f"The crystal holds, {score}: the attackers are destroyed.")
        elif crystal:
            guard = [self._squad_name(s) for s in losers[1:]]
            self.note("ce-crystal-crushed", f"The attacker wins {score}: {self._squad_name(losers[0])} is crushed"
                      + (f", and {', '.join(guard)} dies with it." if guard else "."))
        else:
            self.note("ce-combat-two-wins", f"The {result.winner} wins {score}: "
                      + ", ".join(self._squad_name(s) for s in losers) + " dies.")
        points, outs, crushed = 0.0, [], None
        for sid, members in zip(losers, record["sides"][lose_role]):
            if fx.is_crystal(sid):
                crushed = fx.crystal_owner(sid)
                continue
            if spared:
                continue
            squad = self.squads.remove(sid)
            points += self._bury(squad, by, set(fx.spent(members)))
            if squad.has_necromancer:
                outs.append(squad.owner)
        for sid, members in zip(won, record["sides"][result.winner]):
            self._use_up(sid, members)
        if spared:
            for sid, members in zip(losers, record["sides"][lose_role]):
                self._use_up(sid, members)
        if crushed is not None and crushed not in outs:
            n = self.squads[squad_id(crushed, "N")]
            self.note("ce-crystal-crushed", f"Player {crushed + 1}'s crystal is crushed: its Necromancer dies wherever "
                                            f"it stands ({n.hex}), with its squad N.")
            self.squads.remove(n.id)
            points += self._bury(n, by, set())
            outs.append(crushed)
        if crushed is not None:
            points += wz.kill_wizards(self, crushed, by)
        if not spared:
            if by is not None:
                self.kill_points[by] += points
                self.note("ce-kill-points", f"Player {by + 1} keeps the slain creatures: {points:g} kill points "
                                            f"({self.kill_points[by]:g} in all).")
            else:
                self.note("ce-kill-points-monster", "A Wandering Monster won: nobody earns kill points.")
        self.last_combat, self.combat, self._fight = record, None, None
        for owner in outs:
            if owner == crushed and not self._battles_on(owner):
                self._free_creatures(owner)
            self._player_out(owner)
        if crushed is not None and by is not None and by in self.fallen:
            self._revive(by, [s for s in record["attackers"] if s in self.squads], crystals_hex)
        for sid in won:
            if sid in self.homes and sid in self.squads:
                self._protector_home(sid)
        self.must_fight = [s for s in self.must_fight if s in self.squads]
        self._check_abandoned()

    def _revive(self, player: int, squads: list, at) -> None:
        """Battle On!!! (rule ce-battle-on): a fallen player's squad with a spellcaster that crushes an
        enemy crystal brings its Necromancer back: the spellcaster gives way to it, the squad becomes
        squad N on the crushed crystal's hex, and the player's own crystal burns again."""
        cards = lt.catalogue()
        for sid in squads:
            squad = self.squads[sid]
            caster = next((c for c in squad.creatures if c.card in cards.creatures and cards.creature(c.card).spellcaster
                           and not c.necromancer), None)
            if caster is None:
                continue
            self.squads.remove(sid)
            if sid in self.digs:
                self._drop_dig(sid, "ce-dig-leave")
            self._to_box(caster.card)
            for item in caster.items:
                self.ledger[f"item:{item}"] -= 1
                self._to_box(item)
            magus = Creature(f"necromancer-{player + 1}-r{len(self.steps)}", necromancer=True,
                             card=wz.card_of(self, player), **NECROMANCER)
            crew = [magus] + [c for c in squad.creatures if c is not caster]
            to = at if at is not None and self.squads.at(at) is None else squad.hex
            self.squads.add(Squad(squad_id(player, "N"), player, to, crew, "N", dict(squad.resources)))
            self.fallen.remove(player)
            self._mark_crystals()
            self.note("ce-battle-on", f"Player {player + 1}'s {caster.id} gives way to the Necromancer, back from the "
                                      f"dead at {to}: its crystal burns again.")
            return

    def _bury(self, squad: Squad, by, gone) -> float:
        """A squad killed: its creatures go to the dead, its gore and items to its hex, its dig is
        dropped. Returns the kill points its death earns ``by``."""
        members = fx.snapshot(squad)  # the whole squad dies, shooters' companions too
        entries = [fx.dead_entry(c, squad.owner, by) for c in members]
        self.dead.extend(entries)
        gore = sum(GORE[c["size"]] for c in members)
        key = str(squad.hex)
        resources, drops = lt.drop_all(self.loot, squad, gone)
        for _, item in gone:  # used up in the lost fight: out of play, so out of the ledger too
            self.ledger[f"item:{item}"] -= 1
            self._to_box(item)
        if any(c["card"] == EMPEROR for c in members) and by is not None and self.phase == PLAY:
            self.winner_player = by  # the first to kill the Emperor wins (rule ce-evil-emperor)
            self.note("ce-evil-emperor", f"The Eternal Evil Emperor falls: player {by + 1} wins.")
        if any(c["card"] == self.STATUE for c in members):  # its eyes are torn out (rule ce-evil-statue)
            lt.put(self.loot, str(self.ground.pit()), items=[lt.EYES])
            self.ledger[f"item:{lt.EYES}"] += 1
            self.note("ce-evil-statue", "The Statue falls: its Glowing Eyes are torn out and lie on The Pit.")
        if gore:
            lt.put(self.loot, key, {"gore": gore})
            self.ledger["gore"] += gore
            self.note("ce-gore", f"{gore} gore spills on {key}.")
        if drops or resources:
            self.note("ce-death-drops", f"Left on {key}: " + ", ".join(
                [f"{n} {r}" for r, n in sorted(resources.items())] + drops) + ".")
        if squad.id in self.digs:
            self._drop_dig(squad.id, "ce-dig-leave")
        return sum(fx.points_of(e) for e in entries) if by is not None else 0.0

    def _use_up(self, sid: str, members) -> None:
        """Discard-after-use items a surviving squad used in the fight are gone."""
        if fx.is_crystal(sid) or sid not in self.squads:
            return
        for cid, item in fx.spent(members):
            c = self.squads[sid].creature(cid)
            lt.take(c, item)
            self.ledger[f"item:{item}"] -= 1
            self._to_box(item)
            self.note("ce-death-drops", f"{item} is used up.")

    def _to_box(self, card_id: str) -> None:
        """A conjuration card used up (discard after use) leaves play for the box (ruling ce-item-box)."""
        if self.full and card_id in cj.conjuration_spec():
            self.conj_box[card_id] += 1

    def _free_creatures(self, owner: int) -> None:
        """A crushed crystal's player: every squad it still has turns Wandering Monster where it
        stands, under the first free marker letters (ruling ce-crystal-crushed-how)."""
        used = {s.card for s in self.squads if s.wandering}
        letters = (chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) not in used)
        for s in sorted(self.squads.of(owner), key=lambda x: CARD_ORDER[x.card]):
            if s.id in self.digs:
                self._drop_dig(s.id, "ce-dig-leave")
            self.squads.remove(s.id)
            letter = next(letters)
            for c in s.creatures:
                c.moved, c.acted, c.halted = 0, False, False
            self.squads.add(Squad(squad_id(None, letter), None, s.hex, s.creatures, letter, dict(s.resources)))
            self.note("ce-crystal-crushed", f"Player {owner + 1}'s squad {s.card} at {s.hex} is masterless: "
                                            f"it becomes Wandering Monster {letter}.")

    def _drop_dig(self, sid: str, rule: str) -> None:
        dig = self.digs.pop(sid)
        if dig.stage != "done":
            dig = ex.abandon(dig, self.deck)
        self.events.extend(dig.events)
        self.note(rule, f"Squad {sid}'s dig is abandoned.")

    def _check_abandoned(self) -> None:
        for sid, dig in list(self.digs.items()):
            refusal = ex.abandoned(self.ground, self.squads, dig)
            if refusal:
                self.digs[sid] = ex.abandon(dig, self.deck)
                self.note(refusal.rule, f"Squad {sid}'s dig is abandoned: {refusal.reason}.")

    def _end_turn(self) -> None:
        player = self.turn
        for sid, dig in list(self.digs.items()):
            squad = self.squads.by_id.get(sid)
            if squad is not None and squad.owner == player and ex.end_turn(dig):
                self.digs[sid] = ex.abandon(dig, self.deck)
                self.note("ce-dig-continue", f"Squad {self.squads[sid].card} did not dig on: its dig lapses.")
        self._collect_done()
        if self.events:
            self.boxed.update(self.events)
            self.note("ce-events-later", f"Events set aside this turn ({', '.join(self.events)}) go to the box "
                                         "unresolved: the map-and-combat game has no Phase 4 (ruling ce-game-full).")
            self.events = []
        self.note("ce-turn-order", f"Player {player + 1} ends the turn.")
        self.last_combat = None
        self.roused = {}
        if self.full:
            self.part, self.invoking, self.sacrificing, self.invoked_into = None, False, False, []
            self.power_turn = False
            self.track, turned = aw.end_of_turn(self.track)
            if turned:
                self._reveal()
        self._next_turn()

    def _next_turn(self) -> None:
        order = su.clockwise(self.game.players, self.plan.first)
        i = order.index(self.turn)
        while True:
            i += 1
            if i == len(order):
                i = 0
                self.note("ce-turn-order", f"Cycle {self.cycle} ends.")
                if self.full:
                    self._end_cycle()
                    if self.phase == OVER:
                        return
                    self.cycle += 1
                    while order[i] in self.out:
                        i += 1
                    if self._evil_each_cycle():
                        self.after_evil = order[i]
                        return
                    break
                elif self.cycle >= self.game.options["cycles"]:
                    self.phase, self.turn = OVER, None
                    self.note("ce-cycle-limit", f"The {self.game.options['cycles']}-cycle limit is reached: "
                                                "the game ends with no winner.")
                    return
                self.cycle += 1
            if order[i] not in self.out:
                break
        self._start_turn(order[i])

    def _start_turn(self, player: int) -> None:
        self.turn = player
        self.part = "conjure" if self.full else None
        self.squads.new_turn(player)
        for sid, dig in list(self.digs.items()):
            squad = self.squads.by_id.get(sid)
            if squad is not None and squad.owner == player:
                self.digs[sid] = ex.new_turn(dig)
        self.note("ce-turn-order", f"Cycle {self.cycle}: player {player + 1}'s turn.")
        self.must_fight = fx.must_fight(self.ground, self.squads, player)
        if self.must_fight:
            self.note("ce-combat-phase1", "Phase 1: " + ", ".join(f"squad {self.squads[s].card}" for s in self.must_fight)
                      + " began the turn next to an enemy and must fight first.")

    def _collect_done(self) -> None:
        for sid, dig in list(self.digs.items()):
            if dig.stage == "done":
                del self.digs[sid]
                self.events.extend(dig.events)

    def _settle(self) -> None:
        """Run on to the next decision: failed digs, finished digs, the end of set-up."""
        if self.homes:
            self.homes = {sid: h for sid, h in self.homes.items() if sid in self.squads and px.is_protector(self.squads[sid])}
            self.roused = {sid: t for sid, t in self.roused.items() if sid in self.homes}
        while True:
            if self.phase == SETUP:
                step = self.plan.next_step()
                if step is None:
                    self._start_play()
                    continue
                if step.kind != su.FIRST and not self._setup_options():
                    self.phase = OVER
                    self.note("ce-setup-stuck", f"No legal placement is left for {step}: the game cannot be set up.")
                return
            if self.phase != PLAY:
                return
            if self.full and self.evil == GOAT and self.combat is None and self.goat() is not None:
                self._goat_feeds()
            if self.full and self.winner_player is not None:
                self.phase, self.turn, self.pending, self.must_fight, self.queue = OVER, None, None, [], []
                self.combat = None
                return
            if self.queue:
                if any(d.stage == "done" for d in self.digs.values()):
                    self._collect_done()
                tn.run_automatic(self)
                if self.queue or self.phase != PLAY:
                    return
                continue
            if self.combat is not None:
                if self.fight.decision() == "second" and self.combat["control"][DEFENDER] == "wandering":
                    self._monster_second()
                return
            if self.guard is not None and not self.must_fight:
                self.guard = None  # the Protector's attack is over: the turn ends as asked
                if self.turn not in self.out:
                    self._phase4()
                    continue
            if self.must_fight:
                keep = [s for s in self.must_fight if s in self.squads and
                        fx.targets(self.ground, self.squads, self.squads[s])]
                if keep != self.must_fight:
                    self.must_fight = keep
                    if not keep:
                        self.note("ce-combat-phase1", "Phase 1 is over: the squads may now act.")
                    self._cache = None
            dig = self.finishing()
            if dig is not None and self.pending is None:
                if dig.stage == "draw" and not ex.draw_outcomes(dig, self.deck):
                    self.digs[dig.squad] = ex.fail(self.ground, self.squads, dig, self.deck)
                    self.note("ce-excavate-fails", "No excavation card is left to draw: the dig fails.")
                    continue
                if dig.stage == "place" and not self._placements(dig):
                    tile = self.ground.tiles[ex.tile_card(dig, self.deck.spec).tile]
                    self.digs[dig.squad] = ex.fail(self.ground, self.squads, dig, self.deck)
                    if self.ground.used()[tile.id] >= tile.count:
                        self.note("ce-dig-no-tile", f"Every {tile.name} is already on the map: the dig fails "
                                                    "and the card is discarded.")
                    else:
                        self.note("ce-excavate-fails", f"The {tile.name} fits nowhere next to the diggers: the dig "
                                                       "fails and the card is discarded.")
                    continue
            if any(d.stage == "done" for d in self.digs.values()):
                self._collect_done()
                continue
            if self.pending is not None and self.pending["kind"] == "roll" and not self.pending["squads"]:
                self.pending = None
                continue
            alive = [p for p in range(self.game.players) if p not in self.out]
            if self.full and self.fallen and len(alive) > 1 and not self.necromancers():
                self.phase, self.turn, self.pending, self.must_fight, self.queue = OVER, None, None, [], []
                self.note("ce-battle-on", "No Necromancer is left alive and no crystal burns: nobody can come back, "
                                          "and nobody wins.")
                return
            if len(alive) <= 1:
                self.phase, self.turn, self.pending, self.must_fight = OVER, None, None, []
                if alive and alive[0] in self.fallen:
                    self.note("ce-battle-on", f"Player {alive[0] + 1} is the last with anything on the map, and wins.")
                elif alive:
                    self.note("ce-last-standing", f"Player {alive[0] + 1}'s Necromancer is the last standing.")
                return
            if self.full and self.evil == self.STATUE and self.combat is None and not self.power_turn:
                home = self._eyes_home()
                if home is not None:
                    self.winner_player = home
                    self.note("ce-evil-statue", f"Player {home + 1}'s squad brings the Glowing Eyes onto its crystal: "
                                                f"player {home + 1} wins.")
                    self.phase, self.turn, self.pending, self.must_fight, self.queue = OVER, None, None, [], []
                    return
            if self.after_evil is not None and self.combat is None and not self.queue:
                order = self.order()
                first = self.after_evil if self.after_evil in order else order[0]
                self.after_evil = None
                self._start_turn(first)
                continue
            if self.turn in self.out and self.pending is None and self.finishing() is None:
                self._end_turn()
                continue
            for p in [f for f in self.fallen if not self.squads.of(f)]:
                self.fallen.remove(p)
                self.out.append(p)
                self.out.sort()
                self.note("ce-battle-on", f"Player {p + 1} has no squad left: its flame has perished.")
                continue
            if self.full and self.pending is None and self.finishing() is None and not self.must_fight:
                if self.part == "conjure" and self.turn in self.fallen:
                    self.part = "actions"
                    self.note("ce-battle-on", f"Player {self.turn + 1} has no Necromancer: no conjuring this turn.")
                    continue
                if self.part == "conjure":
                    if any(self.piles.outcomes(d) or self.piles.top_discard(d) for d in cj.DECKS):
                        self.queue.append({"do": "conjure", "player": self.turn})
                        self.note("ce-phase-conjure", f"Phase 2: player {self.turn + 1} conjures.")
                    else:
                        self.part = "actions"
                        self.note("ce-phase-conjure", "Phase 2: every Conjuration Deck and discard pile is empty.")
                    continue
                if self.part == "events":
                    self._end_turn()
                    continue
            return

    def _monster_second(self) -> None:
        """A Wandering Monster defending picks the second attribute itself (ruling ce-wandering-second):
        the neighbour of the first where the attacker's round chance is lower; the first on the ring if equal."""
        from .odds import round_odds

        combat = self.fight
        chances = round_odds(combat)
        pick = min(combat.choices(), key=lambda a: (chances[a], ATTRIBUTES.index(a)))
        combat.choose(pick)
        self.combat["order"] = list(combat.order)
        self.note("ce-wandering-second", f"The Wandering Monster picks {pick} for round 2.")

    def _start_play(self) -> None:
        numbers = su.throneroom_numbers(self.plan)
        self.note("ce-throneroom-numbers", "Thronerooms: " + ", ".join(
            f"{n} at {p.anchor}" for n, p in sorted(numbers.items())) + ".")
        for p in range(self.game.players):
            lair = self.plan.pieces(su.LAIR, p)[0].placement
            self.squads.add(start_squad(p, lair.crystal, monk=not self.full))
            self.note("ce-start-squad", f"Player {p + 1}'s Necromancer squad (N) starts on the crystal at {lair.crystal}.")
        self.phase, self.cycle = PLAY, 1
        self._mark_crystals()
        if self.full:
            self.queue.extend(tn.setup_steps(self))
        self._start_turn(self.plan.first)

    # ------------------------------------------------------- the full game (turn.py)
    def order(self) -> list[int]:
        """The players still in the game, clockwise from the first player."""
        return [p for p in su.clockwise(self.game.players, self.plan.first) if p not in self.out]

    def throneroom_numbers(self) -> dict:
        return su.throneroom_numbers(self.plan)

    def advance_eye(self, spaces: int, rule: str) -> None:
        """Move the Blood Eye and play what it sets off (rules ce-blood-eye-invoke, ce-blood-eye-cycle,
        ce-awaken-reveal, ce-awaken-awaken, ce-awaken-doom); 0 spaces re-reads the icons after a death."""
        if self.track is None or self.track.doomed or self.phase == OVER:
            return
        if len(self.order()) < 2:  # the last player standing has won: the track no longer matters
            return
        # the icons follow the living Necromancers; under Battle On!!! fewer than two may be left while the
        # fallen play on, and the track then keeps its 2-player icons (ruling ce-battle-on)
        alive = max(2, len(self.necromancers()))
        evil = aw.awaken_data()[self.evil] if self.evil else None
        stops = bool(evil and evil.awakened and evil.awakened.track_stops)
        before = self.track.position
        self.track, happened = aw.advance(self.track, spaces, alive, track_stops=stops)
        if self.track.position != before:
            moved = self.track.position - before
            self.note(rule, f"The Blood Eye moves {moved} space{'s' if moved != 1 else ''}: "
                            f"{self.track.position} in all.")
        for what in happened:
            if what == "reveal":
                self.note("ce-awaken-reveal", "The Blood Eye reaches the Reveal icon: the Awakening Evil card is "
                                              "turned up at the end of this turn.")
            elif what == "awaken":
                self.awake_cycle = self.cycle
                self.note("ce-awaken-awaken", f"The Blood Eye reaches the Awaken icon: {self._evil_name()} awakens.")
                self._awaken_effects()
            elif what == "doom":
                self.note("ce-awaken-doom", "The Blood Eye passes the Reveal icon a second time: every Necromancer "
                                            "is destroyed, and nobody wins.")
                self.phase, self.turn, self.pending, self.must_fight, self.queue = OVER, None, None, [], []

    def _evil_name(self) -> str:
        return aw.awaken_data()[self.evil].name if self.evil else "the Awakening Evil"

    def _reveal(self) -> None:
        self.note("ce-awaken-reveal", f"The Awakening Evil card is turned up: {self._evil_name()}.")
        if self.evil == GOAT and self.goat() is None:
            self._raise_goat()

    # ---------------------------------------------------------------- the Evil Black Old Goat
    def goat(self) -> Squad | None:
        return next((s for s in self.squads if is_goat(s)), None)

    def _raise_goat(self) -> None:
        self._clear_pit()
        self._raise_on_pit(GOAT, 3, "The Evil Black Old Goat sits on The Pit as monster {m}. Asleep, he neither "
                                    "fights nor stops anyone; a Necromancer with 27 enemy kill points may kneel "
                                    "beside him and win.")

    def goat_options(self) -> list[str]:
        """Kneeling before the sleeping Goat with 27 enemy kill points, or slaying the awake one
        (rules ce-evil-goat, ce-evil-goat-how): squad N next to him, in Phase 3."""
        goat = self.goat()
        n = self.squads.by_id.get(squad_id(self.turn, "N"))
        if goat is None or n is None or goat.hex not in neighbours(n.hex) or not tn._in_phase_3(self):
            return []
        if not self.track.awakened:
            enemy, _ = self.kill_points_by_kind()
            return ["kneel N"] if enemy[self.turn] >= aw.GOAT_BLESSING and not self.power_turn else []
        return ["slay N"] if not n.acted else []

    def _kneel(self) -> None:
        p = self.turn
        self.note("ce-evil-goat", f"Player {p + 1}'s Necromancer kneels before the laughing Goat and is blessed: "
                                  f"player {p + 1} wins.")
        self.winner_player = p
        self.phase, self.turn, self.pending, self.must_fight, self.queue = OVER, None, None, [], []

    def _slay(self) -> None:
        n = self.squads[squad_id(self.turn, "N")]
        self._eviscerate(n)
        for c in n.creatures:
            c.acted = c.halted = True
        self.part = "evil-fight"
        self.combat = fx.evil_record(self.squads, n.id, GOAT, answers="wandering")
        self._fight, self.last_combat = None, None
        self.note("ce-evil-goat", f"Player {self.turn + 1}'s Necromancer attacks the Goat alone, with its raw "
                                  "attributes.")

    def _eviscerate(self, squad: Squad) -> None:
        """The awake Goat tears a squad apart without a fight (rule ce-evil-goat): its cards go to the box,
        what it carries back to the stock; a Necromancer is spared, and only its companions die."""
        doomed = [c for c in squad.creatures if not c.necromancer]
        if not doomed:
            return
        for c in doomed:
            for item in c.items:
                self.ledger[f"item:{item}"] -= 1
                self._to_box(item)
            self._to_box(c.card)
            self.dead_to_box.append(c.id)
        squad.creatures = [c for c in squad.creatures if c.necromancer]
        if not squad.creatures:
            self.squads.remove(squad.id)
            for r, k in squad.resources.items():
                self.ledger[r] -= k
            if squad.id in self.digs:
                self._drop_dig(squad.id, "ce-dig-leave")
        self.note("ce-evil-goat", f"The Goat eviscerates {', '.join(c.id for c in doomed)}: to the box.")

    def _goat_feeds(self) -> None:
        goat = self.goat()
        if goat is None or not self.track.awakened:
            return
        for s in list(self.squads):
            if s.id != goat.id and s.hex in neighbours(goat.hex) and s.id in self.squads:
                self._eviscerate(s)

    def _goat_cycle(self) -> bool:
        goat = self.goat()
        if goat is None or self.awake_cycle is None or self.cycle <= self.awake_cycle:
            return False
        self.part = "evil"
        self.queue.append({"do": "goat"})
        return True

    def goat_runs(self, d4: int) -> None:
        """The first player's D4 names the Goat's way (rule ce-evil-goat); where no hex line runs
        that way, the player with most kill points steers (rule ce-evil-goat-decider)."""
        direction = aw.goat_direction(d4)
        paths = sorted(set(aw.goat_paths(self.goat().hex, direction)))
        self.note("ce-evil-goat", f"The D4 shows {d4}: the Goat rampages {direction}.")
        if len(paths) == 1:
            return self.rampage(list(paths[0]))
        deciders = aw.goat_decider(self.kill_points, self.order())
        if len(deciders) > 1:
            self.queue.insert(0, {"do": "rolloff", "players": deciders, "for": "goat",
                                  "paths": [[str(h) for h in p] for p in paths]})
        else:
            self.queue.insert(0, {"do": "trot", "player": deciders[0], "paths": [[str(h) for h in p] for p in paths]})

    def rampage(self, path: list) -> None:
        goat = self.goat()
        for h in path:
            there = self.squads.at(h)
            if there is not None:
                self.note("ce-evil-goat", f"{self._squad_title(there.id)} stands in his way: the Goat stops.")
                break
            if h in self.ground.crystals:  # ruling ce-evil-goat-how: a crystal halts him as a squad would
                self.note("ce-evil-goat", f"A Chthonic Crystal stands in his way at {h}: the Goat stops.")
                break
            if not self.ground.is_open(h):
                p = self.ground.placement("single", h, 0, "open")
                if not self._singles_left() or self.ground.refusal(p, self.squads.player_hexes()) is not None:
                    self.note("ce-evil-goat", f"The Goat cannot break through at {h}: he stops.")
                    break
                self.ground.place(p, self.squads.player_hexes())
                self.note("ce-evil-goat", f"The Goat blasts through the rock to {h}.")
            self.squads.relocate(goat.id, h)
            self._goat_feeds()
        self.note("ce-evil-goat", f"The Goat stands at {goat.hex}.")

    def _end_cycle(self) -> None:
        """The end of a cycle in the full game: the Blood Eye advances (rule ce-blood-eye-cycle); a card
        due to be revealed is turned at once (ruling ce-awaken-reveal-when)."""
        self.advance_eye(aw.cycle_end_spaces(self.cycle_invoked, self.game.options["extended"]),
                         "ce-awaken-extended" if self.game.options["extended"] else "ce-blood-eye-cycle")
        self.cycle_invoked = False
        if self.phase == OVER:
            return
        self.track, turned = aw.end_of_turn(self.track)
        if turned:
            self._reveal()

    def _may_jump(self, sid: str) -> bool:
        """The Pit of Infinite Shadow is awake since an earlier cycle and this Necromancer's squad can
        reach The Pit this turn (rule ce-evil-pit: no stop, no fight needed)."""
        if not (self.full and self.evil == "pit-of-infinite-shadow" and self.track.awakened and not self.power_turn
                and self.awake_cycle is not None and self.cycle > self.awake_cycle):
            return False
        squad = self.squads.by_id.get(sid)
        if squad is None or not squad.has_necromancer or squad.owner != self.turn:
            return False
        pit = self.ground.pit()
        if pit in neighbours(squad.hex) and squad.left > 0 and not fx.trapped(self.ground, squad):
            return True
        return pit in reachable(self.ground, self.squads, sid)

    def _jump(self, sid: str) -> None:
        squad = self.squads[sid]
        self.pending = None
        self.note("ce-evil-pit", f"Player {squad.owner + 1}'s Necromancer leaps into the Pit of Infinite Shadow "
                                 "and rises a deity: player " f"{squad.owner + 1} wins.")
        self.winner_player = squad.owner
        self.phase, self.turn, self.must_fight, self.queue = OVER, None, [], []

    def kill_points_by_kind(self) -> tuple[list[float], list[float]]:
        """Each player's enemy and wandering kill points (rule ce-kill-points), from the dead."""
        n = self.game.players
        enemy, wandering = [0.0] * n, [0.0] * n
        for d in self.dead:
            if d["by"] is not None:
                (enemy if d["owner"] is not None else wandering)[d["by"]] += fx.points_of(d)
        return enemy, wandering

    def _awaken_effects(self) -> None:
        """What the Evil does as it wakes (rules ce-evil-pit, ce-evil-bitch)."""
        if self.evil == "pit-of-infinite-shadow":
            self.note("ce-evil-pit", "From the next cycle on, the first Necromancer to step onto The Pit "
                                     f"({self.ground.pit()}) wins.")
        elif self.evil == "darkest-evil-bitch":
            enemy, _ = self.kill_points_by_kind()
            doomed = aw.bitch_victims(enemy, self.necromancers())
            self.note("ce-evil-bitch", "The Darkest Evil Bitch wakes: every Necromancer without enemy kill points dies"
                      + (f": player{'s' if len(doomed) > 1 else ''} {', '.join(str(p + 1) for p in doomed)}." if doomed
                         else "; every one of them has some."))
            for p in doomed:
                n = self.squads.by_id.get(squad_id(p, "N"))
                if n is not None:
                    self.squads.remove(n.id)
                    self._bury(n, None, set())
                wz.kill_wizards(self, p, None)
                if p not in self.out:
                    self._player_out(p)
            if len(self.out) == self.game.players:
                self.phase, self.turn, self.pending, self.must_fight, self.queue = OVER, None, None, [], []
                self.note("ce-evil-bitch-none", "No Necromancer is left: nobody wins.")
        elif self.evil == "darkest-statue-of-death":
            self._raise_statue()
        elif self.evil == GOAT:
            if self.goat() is None:
                self._raise_goat()
            self.note("ce-evil-goat", "The Goat wakes in a rage: from the next cycle he rampages, and tears apart "
                                      "any squad that comes beside him. Only a Necromancer may fight him now.")
            self._goat_feeds()
        elif self.evil == EMPEROR:
            self._clear_pit()
            self._raise_on_pit(EMPEROR, 4, "The Eternal Evil Emperor rises on The Pit as monster {m}. From the next "
                                           "cycle on he marches on a Necromancer each cycle; whoever kills him wins.")
        else:
            self.note("ce-awaken-awaken", f"{self._evil_name()}'s deeds are not played by this engine yet: the game "
                                          "goes on until a Necromancer stands alone or the Blood Eye's second pass.")

    STATUE = "darkest-statue-of-death"

    def _raise_statue(self) -> None:
        """The awake Statue stands on The Pit, a foe any squad may fight with everything it has
        (rule ce-evil-statue; ruling ce-evil-statue-basic: without the advanced reveal it is placed
        as it wakes)."""
        self._clear_pit()
        self._raise_on_pit(self.STATUE, 0, "The Darkest Statue of Death stands on The Pit as monster {m}: any squad "
                                           "may fight it with everything it has. Whoever brings its eyes to their own "
                                           "crystal wins.")

    def _clear_pit(self) -> None:
        """Whatever squad stood on The Pit moves to the first free hex beside it (ruling ce-evil-statue-how);
        with none free, to the nearest free open hex."""
        pit = self.ground.pit()
        there = self.squads.at(pit)
        if there is None:
            return
        free = sorted((d, h) for h, d in self.ground.distances_from(pit).items()
                      if d > 0 and self.squads.at(h) is None and h not in self.ground.spawn_pits)
        self.squads.remove(there.id)
        there.hex = free[0][1]
        self.squads.add(there)
        self.note(EVIL_RULE.get(self.evil, "ce-evil-statue"),
                  f"{self._squad_title(there.id)} is pushed off The Pit to {there.hex}.")

    def _raise_on_pit(self, card: str, speed: int, text: str) -> None:
        from .spawn import next_marker

        pit = self.ground.pit()
        marker = next_marker(self.squads)
        self.squads.add(Squad(squad_id(None, marker), None, pit, [Creature(f"{card}-1", "large", speed, card=card)],
                              marker))
        self.note(EVIL_RULE[card], text.format(m=marker))

    def _eyes_home(self) -> int | None:
        """The player whose squad stands on its own crystal holding the Statue's eyes (rule ce-evil-statue)."""
        crystals = self.crystals()
        for s in self.squads:
            if s.owner is not None and crystals.get(s.owner) == s.hex and any(lt.EYES in c.items for c in s.creatures):
                return s.owner
        return None

    def _evil_each_cycle(self) -> bool:
        """At the start of a cycle an awake Darkest Evil Bitch fights the Necromancer squad with the
        fewest enemy kill points (then wandering ones; a roll-off if still tied): rule ce-evil-bitch.
        Whether a fight was set up (the cycle's first turn waits for it)."""
        if not self.track.awakened or self.phase != PLAY or not self.necromancers() or len(self.order()) < 2:
            return False
        if self.evil == EMPEROR:
            return self._emperor_cycle()
        if self.evil == GOAT:
            return self._goat_cycle()
        if self.evil != "darkest-evil-bitch":
            return False
        enemy, wandering = self.kill_points_by_kind()
        tied = aw.bitch_target(enemy, wandering, self.necromancers())
        if len(tied) > 1:
            self.queue.append({"do": "rolloff", "players": tied, "for": "bitch"})
            self.note("ce-evil-roll-off", "Players " + ", ".join(str(p + 1) for p in tied) + " tie for her attention: "
                                          "they roll a D12, the lowest is chosen.")
        else:
            self.bitch_attacks(tied[0])
        return True

    # ---------------------------------------------------------------- the Eternal Evil Emperor
    def emperor(self) -> Squad | None:
        return next((s for s in self.squads if any(c.card == EMPEROR for c in s.creatures)), None)

    def _emperor_cycle(self) -> bool:
        """The start of a cycle under the Emperor (rules ce-evil-emperor, ce-evil-emperor-control,
        ce-evil-emperor-lair): who declares his focus, then his march. Whether anything was queued."""
        if self.emperor() is None or self.awake_cycle is None or self.cycle <= self.awake_cycle:
            return False
        self.part = "evil"
        alive = self.necromancers()
        enemy, _ = self.kill_points_by_kind()
        choosers = aw.emperor_chooser(enemy, alive, self.focus_holder)
        if not choosers:
            if self.focus in alive:
                self.queue.append({"do": "march", "left": 4})
            else:
                self.queue.append({"do": "lair"})
                self.note("ce-evil-emperor-lair", "Nobody has enemy kill points: a D4 over the Lairs names his prey.")
        elif len(choosers) > 1:
            self.queue.append({"do": "rolloff", "players": choosers, "for": "emperor"})
            self.note("ce-evil-roll-off", "Players " + ", ".join(str(p + 1) for p in choosers) + " tie for the most "
                                          "enemy kill points: they roll a D12, the highest declares his prey.")
        elif choosers[0] == self.focus_holder and self.focus in alive:
            self.queue.append({"do": "march", "left": 4})
        else:
            self.queue.append({"do": "focus", "player": choosers[0]})
        return True

    def declare_focus(self, holder: int | None, prey: int) -> None:
        self.focus_holder, self.focus = holder, prey
        self.note("ce-evil-emperor", (f"Player {holder + 1} declares" if holder is not None else "The roll names")
                  + f" player {prey + 1}'s Necromancer as the Emperor's prey.")
        self.queue.insert(0, {"do": "march", "left": 4})

    def _emperor_path(self, start: Hex, goals: set) -> list[Hex]:
        """His way to the nearest goal: through open ground, squads (he fights them) and rock a Single
        may be dug into (ruling ce-evil-emperor-how); [] if there is none."""
        from collections import deque
        from .ground import MAP_RADIUS
        from .hexes import ORIGIN, distance

        players = self.squads.player_hexes()

        singles = self._singles_left()

        def passable(h):
            if self.ground.is_open(h):
                return True
            if distance(ORIGIN, h) > MAP_RADIUS + 3 or not singles:
                return False
            return self.ground.refusal(self.ground.placement("single", h, 0, "open"), players) is None

        parent, todo = {start: None}, deque([start])
        while todo:
            h = todo.popleft()
            if h in goals:
                out = [h]
                while parent[out[-1]] is not None:
                    out.append(parent[out[-1]])
                return out[::-1]
            for n in sorted(neighbours(h)):
                if n not in parent and passable(n):
                    parent[n] = h
                    todo.append(n)
        return []

    def _singles_left(self) -> bool:
        """Whether a Single tile is left in the box for an Evil that digs (rulings ce-evil-emperor-how,
        ce-evil-goat-how): with none, it keeps to dug ground."""
        return self.ground.used()["single"] < self.ground.tiles["single"].count

    def march(self, left: int) -> None:
        """The Emperor walks up to ``left`` more spaces toward his prey's squad N or crystal, whichever
        is nearer (rule ce-evil-emperor; ruling ce-evil-emperor-how), digging and fighting on the way."""
        em = self.emperor()
        if em is None or self.focus not in self.necromancers():
            return
        n = self.squads.by_id.get(squad_id(self.focus, "N"))
        crystal = self.crystals().get(self.focus)
        goals = ({h for h in neighbours(n.hex)} if n is not None else set()) | ({crystal} if crystal else set())
        path = self._emperor_path(em.hex, goals)
        if len(path) <= 1 and n is not None and n.hex in neighbours(em.hex):
            return self._emperor_fights(n, 0)
        for h in path[1:]:
            if left <= 0:
                return
            there = self.squads.at(h)
            if there is not None and there.owner is not None:
                return self._emperor_fights(there, left)
            if there is not None:  # a Wandering Monster in his way is trampled (ruling ce-evil-emperor-how)
                self.squads.remove(there.id)
                self._bury(there, None, set())
                self.note("ce-evil-emperor", f"The Emperor tramples Wandering Monster {there.card} at {h}.")
            if not self.ground.is_open(h):
                if not self._singles_left():
                    break
                self.ground.place(self.ground.placement("single", h, 0, "open"), self.squads.player_hexes())
                self.note("ce-evil-emperor", f"The Emperor digs through to {h}.")
            self.squads.relocate(em.id, h)
            left -= 1
            if h == crystal:
                self.note("ce-evil-emperor", f"The Emperor crushes player {self.focus + 1}'s Chthonic Crystal.")
                victim = self.focus
                nn = self.squads.by_id.get(squad_id(victim, "N"))
                if nn is not None:
                    self.squads.remove(nn.id)
                    self._bury(nn, None, set())
                wz.kill_wizards(self, victim, None)
                self._free_creatures(victim)
                self._player_out(victim)
                return
            if n is not None and n.hex in neighbours(h):
                return self._emperor_fights(n, 0)
        self.note("ce-evil-emperor", f"The Emperor stops at {em.hex}.")

    def _emperor_fights(self, squad: Squad, left: int) -> None:
        self.turn, self.part = squad.owner, "evil"
        self.march_left = left
        self.combat = fx.evil_record(self.squads, squad.id, EMPEROR, answers="wandering")
        self._fight, self.last_combat = None, None
        self.note("ce-evil-emperor", f"The Emperor, now at {self.emperor().hex}, falls upon {self._squad_name(squad.id)} "
                                     f"at {squad.hex}: the squad "
                                     "fights him with no items or spells, its player opening.")

    def bitch_attacks(self, victim: int) -> None:
        n = squad_id(victim, "N")
        self.turn, self.part = victim, "evil"
        self.combat = fx.evil_record(self.squads, n, "darkest-evil-bitch")
        self._fight, self.last_combat = None, None
        self.note("ce-evil-bitch", f"The Darkest Evil Bitch appears beside player {victim + 1}'s Necromancer and "
                                   "fights its squad N: the squad attacks, without items or spells, under her charm "
                                   "(-3 strength, dodge and armor).")
        wz.bitch_note(self, victim)

    def _finish_evil_fight(self, record, combat, result) -> None:
        victim = self.squads[record["attackers"][0]].owner
        wins = combat.wins(result.winner)
        score = f"{wins} rounds to {len(combat.rounds) - wins}"
        self.last_combat, self.combat, self._fight = record, None, None
        rule, name = {EMPEROR: ("ce-evil-emperor", "the Eternal Evil Emperor"),
                      GOAT: ("ce-evil-goat", "the Evil Black Old Goat")}.get(
            record["evil"], ("ce-evil-bitch", "the Darkest Evil Bitch"))
        if result.winner == ATTACKER:
            self.note(rule, f"Player {victim + 1}'s {self._squad_name(record['attackers'][0]).split('s ', 1)[-1]} "
                            f"defeats {name}, {score}: player {victim + 1} wins.")
            self.winner_player = victim
            self.phase, self.turn, self.must_fight, self.queue = OVER, None, [], []
            return
        squad = self.squads.remove(record["attackers"][0])
        self.note(rule, f"{name[0].upper() + name[1:]} wins, {score}: player {victim + 1}'s squad {squad.card} dies.")
        self._bury(squad, None, set())
        if squad.has_necromancer:
            self._player_out(victim)
        if record["evil"] == EMPEROR and self.march_left > 0 and self.phase == PLAY:
            self.queue.insert(0, {"do": "march", "left": self.march_left})
        self.march_left = 0

    def _halt_invoked(self) -> None:
        """Rule ce-invoke-move: the Necromancer moved after invoking, so the squads that received
        invoked creatures this turn may not move."""
        for sid in self.invoked_into:
            if sid in self.squads:
                for c in self.squads[sid].creatures:
                    c.halted = True

    def _phase4(self) -> None:
        """Phase 4 (rule ce-event-phase4): the events of this turn, in the order drawn, each then boxed."""
        self.part = "events"
        for e in self.events:
            if e in cj.conjuration_spec():
                self.conj_box[e] += 1
                self.queue.append({"do": "event", "card": e})
            else:
                self.boxed[e] += 1
                self.queue.append({"do": "event", "card": self.deck.spec[e].event})
        if self.events:
            self.note("ce-event-phase4", f"Phase 4: {len(self.events)} event{'s' if len(self.events) > 1 else ''} "
                                         "to resolve, in the order drawn.")
        self.events = []

    def _queue_dig_spawn(self, sid: str, placed) -> None:
        """Rule ce-spawn-excavation: the card's spawn rolls, resources to the diggers, cards to the new
        tile's farthest spaces (a Shrine's or Temple's on its spawn pit)."""
        kind = placed.spawn.roll
        if placed.spawn.at == "spawn-pit" and placed.placement.spawn_pits:
            where = {"at": str(placed.placement.spawn_pits[0])}
        else:
            where = {"at": str(placed.far[0]), "far": [str(h) for h in placed.far]}
        steps = [{"do": "spawn", "roll": "excavation" if kind == "excavation" else kind, "digger": sid,
                  "player": self.turn, **where} for _ in range(placed.spawn.times)]
        self.queue[0:0] = steps
        self.note("ce-spawn-excavation", f"The card asks for {placed.spawn.times} "
                                         f"{'Excavation' if kind == 'excavation' else kind.capitalize()} Spawn Roll"
                                         f"{'s' if placed.spawn.times > 1 else ''}.")

    # ---------------------------------------------------------------- the Protectors (protectors.py)
    def _watch(self) -> None:
        """After each action of the turn player: a Protector with one of its squads within reach of
        its pit wakes and walks up to the nearest (ruling ce-protector-wake), once a turn."""
        if self.phase != PLAY or self.turn is None or self.queue or self.combat is not None or self.guard \
                or self.part != "actions" or self.must_fight or self.pending is not None or self.finishing():
            return
        for pid, home in sorted(self.homes.items()):
            if pid in self.roused or pid not in self.squads:
                continue
            guard = self.squads[pid]
            near = px.intruders(self.ground, self.squads, guard, home, self.turn)
            if not near:
                continue
            target = self.squads[near[0]]
            to = px.approach(self.ground, self.squads, guard, target)
            self.roused[pid] = target.id
            if to != guard.hex:
                self.squads.relocate(pid, to)
            self.note("ce-protector-wake", f"{self._squad_title(target.id)} comes within {px.reach(guard)} spaces of "
                                           f"Protector {guard.card}'s pit: it wakes and stands at {to}; it attacks "
                                           "when the turn's actions end.")
            self._cache = None

    def _protector_attacks(self) -> bool:
        """As the turn player ends Phase 3, a Protector it woke that stands beside one of its squads
        attacks (ruling ce-protector-attack): the squad it woke for, or else the first beside it.
        Whether a fight is now due (the turn then ends after it)."""
        for pid, woke in sorted(self.roused.items()):
            guard = self.squads.by_id.get(pid)
            if guard is None:
                continue
            beside = sorted((s.id for s in self.squads.of(self.turn)
                             if fx.target_refusal(self.ground, self.squads, s, pid) is None),
                            key=lambda sid: (sid != woke, self._card_key(sid)))
            if not beside:
                continue
            del self.roused[pid]
            self.guard, self.must_fight = pid, [beside[0]]
            self._cache = None
            if not self._legal_actions():
                self.guard, self.must_fight, self._cache = None, [], None
                continue
            self.note("ce-protector-attack", f"Protector {guard.card} attacks {self._squad_name(beside[0])}: "
                                             "it must be fought now, and squads beside the Protector may flank.")
            return True
        return False

    def _protector_home(self, sid: str) -> None:
        """A Protector that won a fight goes back to its pit, if nothing stands there (rule
        ce-protector-return)."""
        home, guard = self.homes[sid], self.squads[sid]
        if guard.hex != home and self.squads.at(home) is None:
            self.squads.relocate(sid, home)
            self.note("ce-protector-return", f"Protector {guard.card} has won: it returns to its pit at {home}.")

    def _explain_invoke(self, kind, g) -> tuple[str, str]:
        if not self.full:
            return "ce-game-full", "invoking and meditating belong to the full game (option game='full')"
        source = g[3] if kind == "invoke" else g[1]
        n = self.squads.by_id.get(squad_id(self.turn, source or "N"))
        if self.part != "actions" or self.must_fight or self.pending is not None or self.combat is not None:
            return "ce-phase-actions", "the Necromancer acts in Phase 3, after the fights of Phase 1 and conjuring"
        if n is None and source is None:
            return "ce-last-standing", "this player's Necromancer is dead"
        refusal = wz.caster_refusal(self, source)
        if refusal:
            return refusal
        if kind == "meditate":
            if n.acted:
                return "ce-meditate", f"squad {n.card} has already taken its action this turn"
            if any(c.moved for c in n.creatures):
                return "ce-meditate", "the Necromancer meditates only if its squad has not moved this turn"
            return "ce-conj-refill", f"the {g[0]} deck and its discard pile are empty"
        card_id = g[0]
        if card_id not in {c for _, c in tn.hand_cards(self, self.turn)}:
            return "ce-invoke", f"there is no {card_id!r} card in player {self.turn + 1}'s hand"
        if n.acted and not self.invoking:
            return "ce-invoke", f"squad {n.card} has already taken another action this turn"
        cost = cj.conjuration_spec()[card_id].cost
        if not lt.affords(n, cost):
            return "ce-invoke-pay", (f"squad N carries {_amounts(n.resources)} but {card_id} costs {_amounts(cost)}; "
                                     "only squad N's own resources pay")
        return "ce-invoke-place", "the card cannot be placed there: into squad N or a squad next to it with room, " \
                                  "or as a new squad on an empty control card next to N (creatures only)"

    # ----------------------------------------------------------------- result
    def returns(self) -> list[float]:
        n = self.game.players
        if self.phase != OVER:
            return [0.0] * n
        if self.winner_player is not None:
            return [1.0 if p == self.winner_player else -1.0 for p in range(n)]
        alive = [p for p in range(n) if p not in self.out]
        if len(alive) == 1:
            return [1.0 if p == alive[0] else -1.0 for p in range(n)]
        return [0.0] * n

    # ------------------------------------------------------------------ JSON
    def position(self) -> dict:
        return {
            "phase": self.phase,
            "setup": self.plan.to_json(),
            "ground": self.ground.to_json(),
            "squads": self.squads.to_json(),
            "deck": self.deck.to_json(),
            "digs": [self.digs[k].to_json() for k in sorted(self.digs)],
            "events": list(self.events),
            "boxed": dict(sorted(self.boxed.items())),
            "turn": self.turn,
            "cycle": self.cycle,
            "pending": None if self.pending is None else {k: (list(v) if isinstance(v, list) else v)
                                                          for k, v in self.pending.items()},
            "out": list(self.out),
            "combat": _copy_record(self.combat),
            "last_combat": _copy_record(self.last_combat),
            "must_fight": list(self.must_fight),
            "dead": [dict(d) for d in self.dead],
            "kill_points": list(self.kill_points),
            "loot": dict(sorted(lt.copy_loot(self.loot).items())),
            **(self._full_position() if self.full else {}),
            **wz.position(self),
        }

    def _full_position(self) -> dict:
        return {"piles": self.piles.to_json(), "hands": [list(h) for h in self.hands],
                "track": self.track.to_json(), "evil": self.evil, "part": self.part,
                "queue": json.loads(json.dumps(self.queue)), "invoking": self.invoking,
                "sacrificing": self.sacrificing,
                "invoked_into": list(self.invoked_into), "cycle_invoked": self.cycle_invoked,
                "conj_box": dict(sorted(self.conj_box.items())), "winner": self.winner_player,
                "awake_cycle": self.awake_cycle, "after_evil": self.after_evil,
                "powers_used": list(self.powers_used), "power_turn": self.power_turn,
                "focus": self.focus, "focus_holder": self.focus_holder, "march_left": self.march_left,
                "dead_to_box": list(self.dead_to_box), "fallen": list(self.fallen),
                **(self._protector_position() if self.protectors else {})}

    def _protector_position(self) -> dict:
        return {"protector_deck": dict(sorted(self.protector_deck.items())),
                "homes": {sid: str(h) for sid, h in sorted(self.homes.items())},
                "roused": dict(sorted(self.roused.items())), "guard": self.guard}

    def _load_position(self, reader) -> None:
        from .load import load_into

        load_into(self, reader)
        self._mark_crystals()
        self.ledger = lt.holdings(self.squads, self.loot)
        self._fight = None
        self._cache = None
        self._settle()

    def _copy_position_from(self, other: "CaveEvilState") -> None:
        self.ground = other.ground.copy()
        self.squads = copy_squads(other.squads)
        self.deck = other.deck.copy()
        self.digs = dict(other.digs)
        self.events = list(other.events)
        self.boxed = Counter(other.boxed)
        self.pending = None if other.pending is None else {k: (list(v) if isinstance(v, list) else v)
                                                           for k, v in other.pending.items()}
        self.out = list(other.out)
        self.combat = _copy_record(other.combat)
        self.last_combat = _copy_record(other.last_combat)
        self.must_fight = list(other.must_fight)
        self.dead = [dict(d) for d in other.dead]
        self.kill_points = list(other.kill_points)
        self.loot = lt.copy_loot(other.loot)
        self.ledger = Counter(other.ledger)
        self._fight = None
        self._cache = None
        if self.full:
            self.piles = other.piles.copy()
            self.hands = [list(h) for h in other.hands]
            self.track, self.evil, self.part = other.track, other.evil, other.part
            self.queue = json.loads(json.dumps(other.queue))
            self.invoking, self.invoked_into = other.invoking, list(other.invoked_into)
            self.sacrificing = other.sacrificing
            self.cycle_invoked, self.conj_box = other.cycle_invoked, Counter(other.conj_box)
            self.winner_player, self.awake_cycle = other.winner_player, other.awake_cycle
            self.after_evil = other.after_evil
            self.powers_used, self.power_turn = list(other.powers_used), other.power_turn
            self.focus, self.focus_holder, self.march_left = other.focus, other.focus_holder, other.march_left
            self.dead_to_box = list(other.dead_to_box)
            self.fallen = list(other.fallen)
            self.protector_deck, self.homes = Counter(other.protector_deck), dict(other.homes)
            self.roused, self.guard = dict(other.roused), other.guard
        wz.copy(self, other)

    def redeal_unseen(self, viewer: int, rng):
        """Other players' hand cards, a card another player looks at, face-down dig cards and the
        face-down Evil dealt anew (see :mod:`necro.cave_evil.redeal`), the generator kept."""
        from .redeal import redealt

        state = self.game.state_from_position(redealt(self.position(), viewer, self.game.options, rng))
        state.rng, state.forced = self.rng.copy(), list(self.forced)
        return state

    def hide(self, position: dict, player: int) -> dict:
        """A dig's face-down card is hidden from everyone: the view shows ``"?"`` on the dig and
        counts the card among the unseen ones of the pile (as the table would)."""
        if "hands" in position:
            position = self._hide_full(position, player)
        hidden = [d for d in position["digs"] if d["stage"] == "digging" and d["card"]]
        if not hidden:
            return position
        position = dict(position)
        deck = dict(position["deck"])
        pile = Counter(deck["pile"])
        digs = []
        for d in position["digs"]:
            if d["stage"] == "digging" and d["card"]:
                pile[d["card"]] += 1
                d = dict(d, card="?")
            digs.append(d)
        deck["pile"] = dict(sorted(pile.items()))
        deck["face_down"] = len(hidden)
        position["deck"], position["digs"] = deck, digs
        return position

    def _hide_full(self, position: dict, player: int) -> dict:
        """The full game's secrets: other players' hands (their decks show, not the cards), a card
        being looked at before it is kept, the face-down Awakening Evil, and what lies in the decks
        (only how many cards each has; the discard piles are face up)."""
        position = dict(position)
        position["hands"] = [h if p == player else [tn.mask_hand(x) for x in h] for p, h in enumerate(position["hands"])]
        position["queue"] = [dict(q, card="?") if q["do"] == "keep" and q.get("player") != player else q
                             for q in position["queue"]]
        if not position["track"]["revealed"] and position["evil"] is not None:
            position["evil"] = "?"
        piles = position["piles"]
        position["piles"] = {"left": {d: sum(piles["piles"][d].values()) for d in piles["piles"]},
                             "discards": piles["discards"], "necromonks": sum(piles["necromonks"].values())}
        return position

    def decorate_view(self, position: dict) -> dict:
        """Add ``map`` for the board (display only, not saved): the map's radius; per hex not
        undug, its status and top tile; spawn pits; each Lair's interior, shell and Chthonic
        Crystal by owner; Thronerooms numbered in the order laid; tile names; each squad's line
        of sight (sight.sight_table); while a move or breakaway is pending, ``reach``: the
        hexes it may stop on (with their cost) and those it may only pass over; and while a fight
        is under way (or just over, this turn), ``fight`` (fights.view: sides, ring, rounds with
        totals broken down, dice, odds); and the board's card faces and control cards
        (board.card_faces)."""
        from .ground import MAP_RADIUS

        g = self.ground
        laid = self.plan.pieces("lair")
        hexes = {str(h): {"s": s, "t": g.placements[g.top[h]].tile.id} for h, s in g.status.items()}
        lairs, thrones = [], []
        for i, p in enumerate(g.placements):
            if p.tile.is_lair:
                who = next((x.owner for x in laid if x.placement == p), None)
                lairs.append({"owner": who, "crystal": str(p.crystal), "spaces": [str(h) for h in p.spaces],
                              "shell": [str(h) for h in p.shell if g.shell.get(h) == i]})
            elif p.tile.id == "throneroom" and p.side == "open":
                thrones.append({"n": len(thrones) + 1, "spaces": [str(h) for h in p.spaces]})
        position = dict(position)
        position["map"] = {"radius": MAP_RADIUS, "hexes": hexes, "pits": [str(h) for h in sorted(g.spawn_pits)],
                           "lairs": lairs, "thrones": thrones,
                           "names": {p.tile.id: p.tile.name for p in g.placements},
                           "sight": sight_table(g, self.squads)}
        if self.pending is not None and self.pending["kind"] in ("move", "break"):
            sid, ids = self.pending["squad"], self.pending.get("creatures")
            stops = destinations(g, self.squads, sid, ids)
            over = set(reachable(g, self.squads, sid, ids)) - set(stops)
            position["map"]["reach"] = {"squad": sid, "stops": {str(h): c for h, c in sorted(stops.items())},
                                        "over": [str(h) for h in sorted(over)]}
        if self.combat is not None or self.last_combat is not None:
            position["map"]["fight"] = fx.view(self.combat or self.last_combat, finished=self.combat is None)
        position["map"].update(card_faces(self))
        if self.full:
            position["map"]["full"] = full_view(self, position)
        return position

    def accounted(self) -> Counter:
        """Every excavation card, wherever it is (the pile, the discards, on digs, set aside, boxed)."""
        found = Counter(self.deck.pile) + Counter(self.deck.discard) + Counter(self.boxed)
        found.update(e for e in self.events if e in self.deck.spec)  # conjuration events are not excavation cards
        for dig in self.digs.values():
            if dig.card is not None:
                found[dig.card] += 1
            found.update(dig.events)
        return found


def _amounts(resources: dict) -> str:
    return ", ".join(f"{n} {r}" for r, n in sorted(resources.items()) if n) or "nothing"


def _copy_record(record: dict | None) -> dict | None:
    return None if record is None else json.loads(json.dumps(record))


def _shape_key(p) -> tuple:
    return frozenset(p.spaces), frozenset(p.spawn_pits), p.end, p.side


def start_squad(player: int, at: Hex, monk: bool = True) -> Squad:
    """A player's Necromancer squad at the start (rule ce-start-squad): with the Necromonk of the
    starting hand already in it in the map-and-combat game (``monk``); alone in the full game,
    where the Necromonk card is in the hand."""
    crew = [Creature(f"necromancer-{player + 1}", necromancer=True, card=fx.NECROMANCER_CARDS[player], **NECROMANCER)]
    if monk:
        crew.append(Creature(f"necromonk-{player + 1}", card="necromonk", **NECROMONK))
    return Squad(squad_id(player, "N"), player, at, crew, "N")


def copy_squads(squads: Squads) -> Squads:
    out = Squads()
    for sid, s in squads.by_id.items():
        out.by_id[sid] = Squad(s.id, s.owner, s.hex, [replace(c) for c in s.creatures], s.card, dict(s.resources))
    return out


def full_deck(protectors: bool = False) -> Counter:
    return deck_spec().contents(protectors)

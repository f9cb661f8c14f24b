"""A game of Cave Evil as a State on the engine contract: the coordinator.

The state holds the position (its fields are listed in :meth:`CaveEvilState.setup`)
and answers the engine's questions (who decides, the legal actions, chance,
notation, JSON, views); what each action does is the rule's own module, named
after the rulebook's part (the package docstring maps them: set-up in
:mod:`.setup_play`, the turn's phases in :mod:`.phases`, each squad action in
its module, death in :mod:`.death`, the Awakening in :mod:`.awakening` and one
module per Evil). :meth:`CaveEvilState._apply` dispatches each kind of action
(the table ``APPLY``), then :func:`necro.cave_evil.phases.settle` runs on to
the next decision.

The decisions, in notation:

**Set-up** (rule ce-setup-order): chance picks the first player (``first 2``),
then each step of :func:`~necro.cave_evil.setup.setup_steps` is one decision
of the player who lays it, written ``hall +2-1 r3`` (tile word, anchor hex,
rotation). With the quick layout (option ``setup="quick"``, rule
ce-quick-setup) the whole cave is laid as soon as the first player is known.
Then every Necromancer squad goes on its Lair's crystal (rule ce-start-squad).

**Turns** (rule ce-turn-order; :mod:`.phases`): the current player's squads each may move
(``move N`` picks the squad, ``move N +3-2`` the hex; ``break N a,b`` then ``break N a,b +3-2``
for creatures breaking away: :mod:`.moving`) and take one action: ``dig N`` or ``collapse N``
declares a dig (the card drawn face down is a chance step ``face-down tunnel``, hidden from
everyone), ``continue N`` (``continue N with I``: flank excavation) goes on with it; a dig that
runs out of rocks turns its card up, draws again after events (``draw crook``), is laid (``place
+4-1 r2``) or fails where it fits nowhere, and its squad may step on (``step +4-1`` or ``stay``:
:mod:`.digging`). **Combat** (:mod:`.fighting`): a squad, or several flanking, attacks an
adjacent enemy (``fight II 1:IV``, ``fight II,III 1:IV``; the defender by its squad id, ``w:A``
for a Wandering Monster, ``1:crystal`` for a crystal) or shoots at one in sight (``shoot II w:A``:
:mod:`.shooting`); the attacker picks ``first strength``, each die is a chance step (``attacker
rolls 2``, ``defender rolls 12``), the defender picks ``second special`` (a Wandering Monster's is
picked for it); against a defending Stabbist the defender picks ``first dodge``, ``second armor`` and
``third weapon`` itself (rule ce-stabbist); the losers die (:mod:`.death`). A turn that starts with squads next to enemies
begins with those fights (Phase 1). Instead of fighting a Wandering Monster a squad may hire it
(``hire II w:A``: :mod:`.hiring`; a monster on a spawn pit then steps off with ``move I +1-1``)
or subdue it (``subdue II w:A``, ``... by shot``: :mod:`.subduing`). Free activities
(:mod:`.picking`): ``pick II gore``, ``pick II spiked-shield``, ``pass II III metals 2``, ``drop II
gore 1``. Under the optional collapse death, each squad a collapse buries rolls a D12 (``d12 7``).
``end`` passes the turn; in the map-and-combat game the game ends after the cycle limit (rule
ce-cycle-limit).

**The full game** (option ``game="full"``) adds the Necromancer's actions ``invoke ratman N``
(:mod:`.invoking`) and ``meditate summon`` (:mod:`.meditation`), the powers (``teleport N +1-2``:
:mod:`.powers`; also the defending player's answer before the dice of a fight on its squads,
beside ``defender casts ...``), the advanced rules (``discard``, ``sacrifice``, ``abandon``: :mod:`.advanced`),
the Goat's ``kneel N`` and ``slay N`` (:mod:`.evil_goat`), and the queued procedures of
:mod:`.turn` (deals, conjuring, spawns, events, the Evils' deeds), whose notation that module
lists.

Actions are their notation (plain strings); :meth:`CaveEvilState.parse_action`
reads any well-formed notation back, so an illegal but well-formed action is
refused by :meth:`~CaveEvilState.explain_illegal` with the rule that forbids it.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from necro.core import CHANCE, TERMINAL, IllegalAction, State

from . import advanced as adv
from . import astral as worm
from . import awaken as aw
from . import awakening as ak
from . import bank as bk
from . import bombs as bm
from . import conjuration as cj
from . import death as de
from . import digging as dg
from . import dread as dr
from . import effects as ef
from . import evil_emperor as eemp
from . import evil_goat as egoat
from . import evil_pit as epit
from . import evil_statue as estatue
from . import excavation as ex
from . import fighting as fg
from . import fights as fx
from . import guarding as gd
from . import hiring as hi
from . import invoking as inv
from . import loot as lt
from . import meditation as med
from . import moving as mv
from . import notation as nt
from . import phases as ph
from . import picking as pk
from . import powers as pw
from . import protectors as px
from . import refusals as rf
from . import ripping as rp
from . import setup as su
from . import setup_play as sp_
from . import shooting as sh
from . import spells as sl
from . import subduing as sb
from . import turn as tn
from . import views as vw
from . import wizard as wz
from .combat import DEFENDER
from .basics import (
    FINISHING,
    OVER,
    PLAY,
    SETUP,
    TILE_WORD,
    card_key,
    fight_notation,
    fight_options,
    is_emperor,
    mark_crystals,
    own_squads,
)
from .deck import Deck
from .ground import Ground
from .hexes import Hex, parse_hex
from .load import load_into
from .movement import Squad, Squads, destinations, squad_id
from .notation import parse
from .redeal import redealt


class CaveEvilState(State):
    """A game of Cave Evil: set-up, then turns of conjuring, squad actions and events, until a
    Necromancer stands alone, conquers the Awakened Evil, or the Blood Eye dooms them all (the
    map-and-combat game, ``game="map"``: turns of moving, digging and fighting until the cycle
    limit)."""

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
        self.items_used: list[str] = []        # "creature:item" used in a fight this turn (rule ce-item-once)
        self.effects: list[dict] = []          # lasting effects on creatures (effects.py: ce-effect-permanent)
        self.spells_cast: list[str] = []       # a squad id for each spell it cast as its action this turn (ce-cast)
        self.dead: list[dict] = []             # every creature killed: id, card, size, owner, by
        self.kill_points: list[float] = [0.0] * self.game.players
        self.loot: dict[str, dict] = {}        # hex -> {"gore": n, "items": [...]} (+ metals, shadowflame): loot.py
        self.ledger: Counter = Counter()       # what the rules have put in play (loot.holdings must equal it)
        self._fight = None
        self._cache = None
        self.dread: dict = dr.empty()          # the Necrotic Devil's dread (black-diamond cards: dread.py)
        # the full game (option game="full", turn.py): hands, decks, the Blood Eye, queued procedures
        self.queue: list[dict] = []            # steps of a procedure under way (turn.py), head first
        self.piles = cj.Piles.new(opts["black_diamond"], opts["first_game"]) if self.full else None
        self.hands: list[list[str]] = [[] for _ in range(self.game.players)]  # "deck:card", sorted
        self.track = aw.Track() if self.full else None
        self.evil: str | None = None           # the Awakening Evil card, face down until revealed
        self.part: str | None = None           # the turn's part after Phase 1: conjure, actions, events
        self.invoking = False                  # squad N's action this turn is Invoke (more cards may follow)
        self.sacrificing = False               # squad N's action this turn is Sacrifice (advanced rule 2)
        self.abandoned: list[str] = []         # Wandering Monsters abandoned this turn (advanced rule 5)
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
            if pw.defender_answers(self):  # the defender's spells, or its power, before the dice (ce-cast-combat, ce-power-when)
                return fg.defending_player(self)
            step = self.fight.decision()
            if step == "roll":
                return CHANCE
            if self.fight.chooser() == DEFENDER:  # the second attribute; every one against a Stabbist
                return fg.defending_player(self)
            return self.turn
        if self.pending is not None:
            if self.pending["kind"] in sl.PENDING:
                return sl.pending_player(self)
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
            if step in ("first", "second", "third") and self.fight.stabbist:
                return f"Combat: player {self.current_player() + 1}'s Stabbist side picks the {step} attribute."
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
            return [f"{word} {p.anchor} r{p.rotation}" for p in sp_.setup_options(self)]
        if self.queue:
            return tn.actions(self)
        if self.combat is not None:
            if pw.defender_answers(self):
                return pw.answers(self)
            step = self.fight.decision()
            if step not in ("first", "second", "third"):
                return []
            out = [f"{step} {a}" for a in self.fight.choices()] + sl.combat_choices(self, step, self.fight.choices())
            return out + bm.defence_options(self) if step == "second" else out
        if self.pending is not None:
            if self.pending["kind"] in sl.PENDING:
                return sl.pending_actions(self)
            if self.pending["kind"] == "move":
                sid = self.pending["squad"]
                card = self.squads[sid].card
                out = [f"move {card} {h}" for h in sorted(destinations(self.ground, self.squads, sid))]
                if epit.may_jump(self, sid):
                    out.append(f"move {card} {self.ground.pit()}")
                for pit, stops in sorted(mv.pit_crossings(self, sid).items()):
                    out += [f"move {card} {h} via {pit}" for h in sorted(stops)]
                return out
            if self.pending["kind"] == "off-pit":
                sid = self.pending["squad"]
                return [f"move {self.squads[sid].card} {h}" for h in sorted(hi.off_pit(self, sid))]
            if self.pending["kind"] == "subdued":
                sid = self.pending["squad"]
                stay = [] if self.squads[sid].hex in self.ground.spawn_pits else ["stay"]
                return [f"move {self.squads[sid].card} {h}" for h in sorted(sb.subdued_steps(self, sid))] + stay
            if self.pending["kind"] == "break":
                sid, ids = self.pending["squad"], self.pending["creatures"]
                card, names = self.squads[sid].card, ",".join(ids)
                return [f"break {card} {names} {h}" for h in sorted(destinations(self.ground, self.squads, sid, ids))]
            return []
        dig = self.finishing()
        if dig is not None:
            if dig.stage == "place":
                return [f"place {p.anchor} r{p.rotation}" for p in dg.placements(self, dig)]
            if dig.stage == "step":
                return [f"step {h}" for h in ex.step_options(self.ground, self.squads, dig)] + ["stay"]
            return []
        fights = [fight_notation(self, att, did) for att, did in fight_options(self)]
        fights += rp.apart_options(self) + hi.hire_options(self) + sb.subdue_options(self) + worm.astral_options(self)
        if self.guard is not None:  # the Protector attacks: it is the one fought (ruling ce-protector-attack)
            return [a for a in fights if a.split()[2] == self.guard]
        if self.must_fight:
            return fights
        fights += [fight_notation(self, att, did, "shoot") for att, did in
                   fx.shoot_options(self.ground, self.squads, self.turn, order=lambda sid: card_key(self, sid), crystals=self.crystals(),
                                    large=lt.large_hexes(self.loot))
                   if not (self.power_turn and is_emperor(self, did))]  # rule ce-power
        out = [] if self.dread["must"] and dr.end_refusal(self) else ["end"]
        if self.full:
            out += (inv.invoke_options(self) + med.meditate_options(self) + adv.sacrifice_options(self)
                    + adv.discard_options(self) + pw.power_options(self) + egoat.goat_options(self)
                    + estatue.bath_options(self)
                    + adv.abandon_options(self) + sl.cast_options(self))
        out += pk.loot_options(self) + bm.bomb_options(self)
        for squad in own_squads(self):
            sid, card = squad.id, squad.card
            if destinations(self.ground, self.squads, sid) or epit.may_jump(self, sid):
                out.append(f"move {card}")
            for group in mv.breakaways(self, squad):
                out.append(f"break {card} {','.join(group)}")
            for mode in ex.declare_options(self.ground, self.squads, sid, self.digs) if bk.rock_refusal(self, sid) is None else ():
                out.append(f"{'dig' if mode == 'excavate' else 'collapse'} {card}")
            if sid in self.digs:
                for helpers in dg.helper_sets(self, self.digs[sid]):
                    names = ",".join(self.squads[h].card for h in helpers)
                    out.append(f"continue {card}" + (f" with {names}" if names else ""))
        due = fg.owed(self)
        if due:  # a squad that walked up to a foe fights before the turn goes on (rule ce-combat-must)
            return [a for a in out + fights if fg.owed_refusal(self, *parse(a), due) is None]
        return out + fights

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

    _cache_setup = None

    def chance_outcomes(self):
        if self.phase == SETUP:
            return [(f"first {p + 1}", q) for p, q in su.first_player_outcomes(self.game.players)]
        if self.queue:
            return tn.outcomes(self) if tn.who(self) == CHANCE else []
        if self.pending is not None:
            if self.pending["kind"] == "declare":
                verb = "draw" if ex.squad_speed(self.squads[self.pending["squad"]]) >= ex.IMMEDIATE else "face-down"
                return [(f"{verb} {card}", q) for card, q in self.deck.outcomes()]
            if self.pending["kind"] == "roll":
                return [(f"d12 {n}", Fraction(1, 12)) for n in range(1, 13)]
            if self.pending["kind"] == "d4":
                return sl.pending_outcomes(self)
        if self.combat is not None and self.fight.decision() == "roll" and not pw.defender_answers(self):
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
            return f"place {at} r{dg.canonical_place(self, at, int(groups[1]))}"
        return text

    def choices_hidden_from(self, viewer: int) -> bool:
        """In the full game another player's choices name the cards of their hand (invoke, keep,
        trade, box, sacrifice), which no notation masks since playing a card shows it: the whole
        list is that player's secret. Otherwise as every game (the draws of a hidden pile)."""
        decider = self.current_player()
        if self.full and decider >= 0 and decider != viewer:
            return True
        return super().choices_hidden_from(viewer)

    def explain_illegal(self, action) -> tuple[str, str]:
        return rf.explain_illegal(self, action)

    def action_rule(self, action) -> str:
        return nt.action_rule(self, action)

    def action_sort_key(self, action):
        return nt.action_sort_key(action)

    # ----------------------------------------------------------------- apply
    def _apply(self, action) -> None:
        self._cache = None
        if self.queue:
            tn.apply(self, action)
        else:
            kind, g = parse(action)
            APPLY[kind](self, kind, g, action)
            dg.drop_busy(self)  # a digging squad that took another action drops its dig at once (ce-dig-busy)
        if self.homes:
            gd.watch(self)
        ph.settle(self)
        if self.effects:  # lasting effects end with their creature, and fights set up now count them
            ef.prune(self)
            ef.stamp(self)
        if self.game.options["black_diamond"]:  # a Necrotic Devil new on the map (rule ce-necrotic-devil)
            dr.watch(self)

    def _legal_actions_fresh(self) -> list[str]:
        self._cache = None
        return self._compute_legal()

    # ------------------------------------------------------- asked by the sections and the board
    def order(self) -> list[int]:
        """The players still in the game, clockwise from the first player."""
        return [p for p in su.clockwise(self.game.players, self.plan.first) if p not in self.out]

    def necromancers(self) -> list[int]:
        """The players whose Necromancer lives, in turn order (the fallen of Battle On!!! are not among them)."""
        return [p for p in self.order() if p not in self.fallen]

    def throneroom_numbers(self) -> dict:
        return su.throneroom_numbers(self.plan)

    def kill_points_by_kind(self) -> tuple[list[float], list[float]]:
        """Each player's enemy and wandering kill points (rule ce-kill-points): :mod:`.death`."""
        return de.kill_points_by_kind(self)

    def hire_cost(self, did: str) -> dict:
        """What hiring Wandering Monster ``did`` costs (ruling ce-hire-whole): :mod:`.hiring`."""
        return hi.hire_cost(self, did)

    def goat(self) -> Squad | None:
        """The Evil Black Old Goat's squad on the map (None: not raised): :mod:`.evil_goat`."""
        return egoat.goat_squad(self)

    def emperor(self) -> Squad | None:
        """The Eternal Evil Emperor's squad on the map (None: not risen, or dead): :mod:`.evil_emperor`."""
        return eemp.emperor(self)

    def bury(self, squad: Squad, by, gone) -> float:
        """A squad killed (:func:`necro.cave_evil.death.bury`), for the modules below :mod:`.death`
        (the Black Wizard's :mod:`.wizard`) that cannot import it."""
        return de.bury(self, squad, by, gone)

    def advance_eye(self, spaces: int, rule: str) -> None:
        """The Blood Eye moves (:func:`necro.cave_evil.awakening.advance_eye`), for :mod:`.death`,
        which :mod:`.awakening` imports."""
        ak.advance_eye(self, spaces, rule)

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
            **({"items_used": list(self.items_used)} if self.items_used else {}),  # absent in older saves
            **ef.to_json(self),
            **dr.to_json(self),
            **({"spells_cast": list(self.spells_cast)} if self.spells_cast else {}),
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
                **({"abandoned": list(self.abandoned)} if self.abandoned else {}),
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
        load_into(self, reader)
        mark_crystals(self)
        self.ledger = lt.holdings(self.squads, self.loot)
        self._fight = None
        self._cache = None
        ph.settle(self)

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
        self.items_used = list(other.items_used)
        self.effects = [dict(e) for e in other.effects]
        self.dread = dr.copy(other.dread)
        self.spells_cast = list(other.spells_cast)
        self.dead = [dict(d) for d in other.dead]
        self.kill_points = list(other.kill_points)
        self.loot = lt.copy_loot(other.loot)
        self.ledger = Counter(other.ledger)
        self.abandoned = list(other.abandoned)
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

    # ------------------------------------------------------------------ views
    def mask_notation(self, notation: str, player: int, viewer: int) -> str:
        return vw.mask_notation(self, notation, player, viewer)

    def describe_action(self, action) -> dict:
        return vw.describe_action(self, action)

    def hide(self, position: dict, player: int) -> dict:
        return vw.hide(self, position, player)

    def decorate_view(self, position: dict) -> dict:
        return vw.decorate_view(self, position)

    def redeal_unseen(self, viewer: int, rng):
        """Other players' hand cards, a card another player looks at, face-down dig cards and the
        face-down Evil dealt anew (see :mod:`necro.cave_evil.redeal`), the generator kept."""
        state = self.game.state_from_position(redealt(self.position(), viewer, self.game.options, rng))
        state.rng, state.forced = self.rng.copy(), list(self.forced)
        return state

    def accounted(self) -> Counter:
        """Every excavation card, wherever it is (the pile, the discards, on digs, set aside, boxed)."""
        found = Counter(self.deck.pile) + Counter(self.deck.discard) + Counter(self.boxed)
        found.update(e for e in self.events if e in self.deck.spec)  # conjuration events are not excavation cards
        for dig in self.digs.values():
            if dig.card is not None:
                found[dig.card] += 1
            found.update(dig.events)
        return found


def _copy_record(record: dict | None) -> dict | None:
    return None if record is None else json.loads(json.dumps(record))



def copy_squads(squads: Squads) -> Squads:
    out = Squads()
    for sid, s in squads.by_id.items():
        out.by_id[sid] = Squad(s.id, s.owner, s.hex, [replace(c) for c in s.creatures], s.card, dict(s.resources))
    return out


def _stay(state, kind, g, action) -> None:
    """``stay``: a subdued squad stays (:mod:`.subduing`), or the diggers stay (:mod:`.digging`)."""
    if state.pending is not None and state.pending["kind"] == "subdued":
        sb.step_subdued(state, kind, g, action)
    else:
        dg.take_step(state, kind, g, action)


def _subdue(state, kind, g, action) -> None:
    """``subdue II w:A`` (``... by shot``): a fight or a shot that subdues (rules ce-subdue, ce-subdue-alone)."""
    sids = [squad_id(state.turn, c) for c in g[0].split(",")]
    refusal = sb.subdue_refusal(state, sids, g[1], bool(g[2]))
    if refusal:
        raise IllegalAction(action, refusal.rule, refusal.reason)
    if g[2]:
        sh.apply_shoot(state, sids, g[1], subdue=True)
    else:
        fg.apply_fight(state, sids, g[1], subdue=True)


def _squads(state, cards: str) -> list[str]:
    return [squad_id(state.turn, c) for c in cards.split(",")]


def _fight_apart(state, kind, g, action) -> None:
    """``fight II 2:III apart``: an Attacktite's squad attacks, tearing the defenders apart (:mod:`.ripping`)."""
    sids = _squads(state, g[0])
    rp.check_apart(state, sids, g[1])
    fg.apply_fight(state, sids, g[1])
    rp.tear(state, sids, g[1])


def _fight_astral(state, kind, g, action) -> None:
    """``fight II 2:III astral``: an Astral Worm strikes the lone defender's mind before the fight (:mod:`.astral`)."""
    sids = _squads(state, g[0])
    worm.check_astral(state, sids, g[1])
    fg.apply_fight(state, sids, g[1])
    worm.strike(state, sids, g[1])


APPLY = {
    # set-up
    "first": lambda s, k, g, a: sp_.apply_first(s, int(g[0]) - 1),
    "setup": sp_.apply_setup,
    # the extra activities: movement, picking up, passing, dropping
    "move": mv.choose_squad,
    "move-to": mv.move_to,
    "break": mv.choose_breakaway,
    "break-to": mv.break_to,
    "pick": lambda s, k, g, a: pk.apply_loot(s, k, g),
    "pass": lambda s, k, g, a: pk.apply_loot(s, k, g),
    "drop": lambda s, k, g, a: pk.apply_loot(s, k, g),
    # A. Invoke, B. Meditation
    "invoke": lambda s, k, g, a: inv.apply_invoke(s, g[0], g[1] or "new", parse_hex(g[2]) if g[2] else None, g[3]),
    "meditate": lambda s, k, g, a: med.apply_meditate(s, g[0], g[1]),
    # D. Excavation / Collapse, K. Flank Excavation
    "declare": dg.declare,
    "face-down": dg.draw,
    "draw": dg.draw,
    "continue": dg.dig_on,
    "place": lambda s, k, g, a: dg.apply_place(s, parse_hex(g[0]), int(g[1])),
    "step": dg.take_step,
    "stay": _stay,
    "d12": lambda s, k, g, a: de.collapse_roll(s, int(g[0])),
    # E. Combat, F. Flanking, G. Ranged Combat, H. Hire, I. Subdue
    "fight": lambda s, k, g, a: fg.apply_fight(s, _squads(s, g[0]), g[1]),
    "shoot": lambda s, k, g, a: sh.apply_shoot(s, _squads(s, g[0]), g[1]),
    "fight-apart": _fight_apart,
    "fight-astral": _fight_astral,
    "choose": lambda s, k, g, a: (sl.before_choose(s, g, a), fg.apply_choose(s, g[0], g[1]), sl.after_choose(s, g)),
    "answer": pw.apply_defence_answer,
    # C. Cast Spells, and what a cast leaves pending (a permanent effect's creature, Mind Control's D4)
    "cast": sl.apply_cast,
    "attach": sl.apply_attach,
    "d4": sl.apply_d4,
    "die": lambda s, k, g, a: fg.apply_die(s, g[0], int(g[1])),
    "hire": hi.hire,
    "subdue": _subdue,
    # the advanced rules, the Necromancers' powers, the Goat
    "discard": lambda s, k, g, a: adv.apply_discard(s, g[0], g[1]),
    "sacrifice": lambda s, k, g, a: adv.apply_sacrifice(s, g[0], g[1]),
    "abandon": lambda s, k, g, a: adv.apply_abandon(s, g[0], g[1]),
    "power": lambda s, k, g, a: pw.apply_power(s, g[0], g[1]),
    "goat": lambda s, k, g, a: egoat.kneel(s) if g[0] == "kneel" else egoat.slay(s),
    # bombs
    "bomb": lambda s, k, g, a: bm.apply_bomb(s, g[0], g[1]),
    "bathe": lambda s, k, g, a: estatue.bathe(s, g[0]),
    # the end of Phase 3
    "end": ph.apply_end,
}
"""What each kind of action does (:func:`necro.cave_evil.notation.parse` names the kind): the function
of the section it belongs to, called ``(state, kind, groups, action)``."""

"""The Cave Evil game: players, options (variants and rulings) and bots."""

from __future__ import annotations

from necro.core import Game, Option

from . import setup as su
from .editor import CaveEvilEditor
from .rules import RULES
from .state import CaveEvilState


class CaveEvil(Game):
    """Cave Evil (2011): two to four Necromancers dig a cave round the Pit.

    Two games (ruling ce-game-full). The map-and-combat game (the default,
    used by the chapter's first pages): the cave's set-up, then turns of
    moving, digging and fighting, until one Necromancer is left or a cycle
    limit ends it. The full game (``game="full"``): hands and the four
    Conjuration Decks, invoking, spawns and events, the Blood Eye on the
    Awaken Track and the five Awakening Evils, the Necromancers' powers, and
    the advanced rules, variants and the Protectors as switches.
    """

    id = "cave-evil"
    title = "Cave Evil"
    rules = RULES
    state_class = CaveEvilState
    editor_class = CaveEvilEditor
    min_players = 2
    max_players = 4
    options_spec = (
        Option("game", "map", ("map", "full"),
               "The map and combat only (squad N starts with a Necromonk; no hands, decks, spawns or Blood Eye; "
               "a cycle limit ends the game), or the full game as it is built so far: starting hands, "
               "conjuring, invoking, meditation, spawn rolls, events and the Awaken Track.", "ce-game-full"),
        Option("awakening", "pit", ("pit", "short", "all", "advanced"),
               "Which Awakening Evil cards are shuffled: the Pit of Infinite Shadow alone (the default: its "
               "race is the quickest to learn), the short-game pair (with the Darkest Evil Bitch), the four "
               "of the basic game, or all five with the advanced Evil Black Old Goat.", "ce-awaken-draw"),
        Option("black_diamond", False, (False, True),
               "Advanced rule 7: the black-diamond cards stay in the Conjuration Decks.", "ce-conj-black-diamond"),
        Option("first_game", False, (False, True),
               "A first game: the cards the rule book suggests leaving out of the Conjuration Decks are left out.",
               "ce-conj-first-game"),
        Option("discard", False, (False, True),
               "Advanced rule 1: in Phase 3 a card of the hand may be boxed for one resource of its deck.",
               "ce-adv-discard"),
        Option("sacrifice", False, (False, True),
               "Advanced rule 2: squad N's action may be to sacrifice creatures, items and spells for their cost.",
               "ce-adv-sacrifice"),
        Option("hire_one", False, (False, True),
               "Advanced rule 4: one creature may be hired out of a Wandering Monster squad of several.",
               "ce-adv-hire-one"),
        Option("abandon", False, (False, True),
               "Advanced rule 5: in Phase 3 a player may abandon a creature or a whole squad, which turns Wandering "
               "Monster.", "ce-adv-abandon"),
        Option("battle_on", False, (False, True),
               "The Battle On!!! variant: a player whose Necromancer dies plays on with its squads, and may bring "
               "it back by crushing an enemy crystal with a spellcaster.", "ce-battle-on"),
        Option("protectors", False, (False, True),
               "The Protectors mini-expansion (full game): Shrines and Temples dug up bring a Protector that guards "
               "its spawn pit and attacks squads that come too near.", "ce-protector"),
        Option("extended", False, (False, True),
               "Advanced rule 6: at a cycle's end the Blood Eye moves only if nobody invoked a creature in it.",
               "ce-awaken-extended"),
        Option("setup", "placement", ("placement", "quick"),
               "Build the cave placement by placement, or lay the ready-made layout for the number of "
               "players as soon as the first player is known.", "ce-quick-setup"),
        Option("clearance", su.SetupPlan.__dataclass_fields__["clearance"].default, su.CLEARANCES,
               "Set-up pieces that must stay 'one hex away' keep a hex of rock between them, or may touch.",
               "ce-setup-clear"),
        Option("extras", "turns", ("turns", "together"),
               "Two players: lay the second Tunnel and Throneroom in turns, or right after the first pair.",
               "ce-setup-two"),
        Option("collapse_death", False, (False, True),
               "Optional rule: each squad caught in a collapse rolls a D12 and dies on a 1.", "ce-collapse-death"),
        Option("flank", False, (False, True),
               "Advanced rule: adjacent squads with pick-axes help a dig go on (flank excavation).",
               "ce-flank-excavation"),
        Option("cycles", 6, (1, 2, 3, 4, 6, 8, 12, 20),
               "How many cycles this map-only stage of the game lasts.", "ce-cycle-limit"),
        Option("bank", "counted", ("counted", "unbounded"),
               "The box's counted pieces: the bank holds 170 of each resource (16 fives, 20 threes, 30 ones) and "
               "pays only what it has; 18 rock markers allow six digs under way at once. Or neither runs out.",
               "ce-bank-how"),
        Option("evil_digging", "tiles", ("tiles", "singles"),
               "How the Eternal Evil Emperor and the Evil Black Old Goat dig through rock in their way: with the top "
               "Excavation tile, as the text has it, or a Single at a time (quicker, no tile to turn).",
               "ce-evil-dig-singles"),
        Option("necromancers", "seats", ("seats", "random"),
               "The full game's Necromancer cards: one per seat (the Black Wizard never plays), or the five "
               "dealt at random as set-up begins, so the Black Wizard and its split may play.",
               "ce-necromancer-deal"),
    )

    def bots(self):
        from .bots import BOTS

        return dict(BOTS)

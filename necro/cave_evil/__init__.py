"""Cave Evil (Emperors of Eternal Evil, 2011): two to four Necromancers dig a cave round the Pit.

The game (:class:`CaveEvil`, :class:`CaveEvilState`) is laid out like its rulebook: the state
(:mod:`.state`) holds the position and dispatches each action to the module of the rule text's
part it belongs to, where each change of the position is a small function taking the state and
naming the rule it applies. The map from the text's parts to the code (the same as
:data:`necro.cave_evil.sections.SECTIONS`, which a test keeps true):

====================================================  ================================================
The rule text                                         The code (where the state plays it; pure parts)
====================================================  ================================================
Game contents: the bank, the rock markers             :mod:`.bank`
Set-up (steps 1-13)                                   :mod:`.setup_play`; :mod:`.setup`, :mod:`.turn`
Game Play: the turn, its phases 1-4, the cycle        :mod:`.phases`; :mod:`.turn` (queued steps)
Phase 2. Conjure Forbidden Knowledge                  :mod:`.turn` (deal, keep, conjure); :mod:`.conjuration`
A. Invoke                                             :mod:`.invoking`
B. Meditation                                         :mod:`.meditation`
C. Cast Spells (items and spells carried)             :mod:`.spells`; :mod:`.effects`, :mod:`.loot`
D. Excavation / Collapse                              :mod:`.digging`; :mod:`.excavation`, :mod:`.deck`
E. Combat                                             :mod:`.fighting`; :mod:`.fights`, :mod:`.combat`, :mod:`.ripping`, :mod:`.astral`
F. Flanking Combat                                    :mod:`.fighting`; :mod:`.fights`
G. Ranged Combat                                      :mod:`.shooting`; :mod:`.fights`, :mod:`.sight`
H. Hire                                               :mod:`.hiring`
I. Subdue                                             :mod:`.subduing`
J. Sacrifice Minions, and advanced rules 1 and 5      :mod:`.advanced`
K. Flank Excavation                                   :mod:`.digging`; :mod:`.excavation`
Movement, merging, breaking (extra activities)        :mod:`.moving`; :mod:`.movement`
Picking up, passing and dropping (extra activities)   :mod:`.picking`; :mod:`.loot`
Death                                                 :mod:`.death`
Death of a Necromancer, Battle On!!!                  :mod:`.death`; :mod:`.wizard`
Spawn rolls, Wandering Monsters                       :mod:`.turn` (spawn steps); :mod:`.spawn`
Phase 4. Event Outcomes                               :mod:`.turn` (event steps); :mod:`.events`
Evil Awakens: the Awaken Track                        :mod:`.awakening`; :mod:`.awaken`
The Pit of Infinite Shadow                            :mod:`.evil_pit`
The Darkest Evil Bitch                                :mod:`.evil_bitch`
The Darkest Statue of Death                           :mod:`.evil_statue`; :mod:`.evils`
The Eternal Evil Emperor                              :mod:`.evil_emperor`; :mod:`.evils`
The Evil Black Old Goat                               :mod:`.evil_goat`
Necromancer abilities                                 :mod:`.powers`; :mod:`.wizard` (the Black Wizard)
Protectors                                            :mod:`.guarding`; :mod:`.protectors`
Item symbols, Bombs                                   :mod:`.bombs`; :mod:`.fighting`, :mod:`.fights`, :mod:`.picking`, :mod:`.spawn`
7. Black Diamond Cards (the Necrotic Devil)           :mod:`.dread`
====================================================  ================================================

Around them: the ground floor (:mod:`.hexes`, :mod:`.tiles`, :mod:`.ground`, :mod:`.creatures`),
what every part shares (:mod:`.basics`), the notation (:mod:`.notation`), why an action is refused
(:mod:`.refusals`), JSON (:mod:`.load`), what players see (:mod:`.views`, :mod:`.board`), the rule
ids (:mod:`.rules`), bots (:mod:`.bots`) and the chapter's examples (:mod:`.examples`,
:mod:`.scenarios`).
"""

from .game import CaveEvil
from .rules import RULES
from .state import CaveEvilState

__all__ = ["CaveEvil", "CaveEvilState", "RULES"]

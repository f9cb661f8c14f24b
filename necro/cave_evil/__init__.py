"""Cave Evil (Emperors of Eternal Evil, 2011): two to four Necromancers dig a cave round the Pit.

The ground floor: hex maths (:mod:`.hexes`), the tiles as validated data
(:mod:`.tiles`, ``tiles.json``), the map as it is dug and collapsed
(:mod:`.ground`), set-up placements (:mod:`.setup`), the Excavation Deck
(:mod:`.deck`), the three-part dig (:mod:`.excavation`), squads and movement
(:mod:`.movement`) and the rule ids (:mod:`.rules`). The game itself
(:class:`CaveEvil`, :mod:`.state`) wires them into set-up and turns of moving
and digging; combat, conjuration and the awakening come later.
"""

from .game import CaveEvil
from .rules import RULES
from .state import CaveEvilState

__all__ = ["CaveEvil", "CaveEvilState", "RULES"]

"""Cave Evil (Emperors of Eternal Evil, 2011): the ground floor of its engine.

So far: hex maths (:mod:`.hexes`), the tiles as validated data (:mod:`.tiles`,
``tiles.json``), the map as it is dug and collapsed (:mod:`.ground`) and the
rule ids of all that (:mod:`.rules`). Set-up, excavation as an action and
movement build on these; the game is not registered yet.
"""

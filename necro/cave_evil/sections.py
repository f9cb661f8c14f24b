"""The map from the rulebook's parts to the code that plays them.

Each :class:`Section` is a part of the rule text (its heading, or a group of headings), the
modules that play it (the first is where the game state applies it; the rest hold its pure
pieces), and the ids of rules it states or rulings it needs that those modules apply
(``tests/cave_evil/test_sections.py`` checks each id is written in one of them). The package
docstring (:mod:`necro.cave_evil`) shows the same map as a table.

:data:`MACHINERY` lists the modules that belong to no single part: the coordinator, notation,
JSON, views, data and bots. Every module of the package is in one or the other (tested), so a
new module finds its place on the map.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    title: str                 # the rule text's heading(s)
    modules: tuple[str, ...]   # modules of necro.cave_evil; the first plays the part on the state
    rules: tuple[str, ...]     # rule ids the part states, applied in those modules


SECTIONS = (
    Section("Game contents: the bank, the rock markers", ("bank",),
            ("ce-bank", "ce-bank-rocks", "ce-bank-how")),
    Section("Set-up (steps 1-13)", ("setup_play", "setup", "turn"),
            ("ce-first-player", "ce-quick-setup", "ce-start-squad", "ce-throneroom-numbers", "ce-setup-stuck",
             "ce-starting-hand", "ce-start-resources", "ce-awaken-draw", "ce-necromancer-deal")),
    Section("Game Play: the turn, its phases 1-4, the cycle", ("phases", "turn"),
            ("ce-turn-order", "ce-combat-phase1", "ce-phase-conjure", "ce-event-phase4", "ce-cycle-limit",
             "ce-events-later")),
    Section("Phase 2. Conjure Forbidden Knowledge", ("turn", "phases", "conjuration"),
            ("ce-phase-conjure", "ce-conj-deck-draw", "ce-conj-one-resource", "ce-conj-discard-pile", "ce-conj-refill",
             "ce-fractal-spawn")),
    Section("A. Invoke", ("invoking",),
            ("ce-invoke", "ce-invoke-pay", "ce-invoke-place", "ce-invoke-move", "ce-invoke-whole", "ce-blood-eye-invoke")),
    Section("B. Meditation", ("meditation",), ("ce-meditate",)),
    Section("C. Cast Spells (items and spells carried)", ("spells", "effects", "loot"),
            ("ce-item-box", "ce-cast", "ce-cast-combat", "ce-spell-combat-only", "ce-spell-effects",
             "ce-effect-permanent", "ce-turn-markers")),
    Section("D. Excavation / Collapse", ("digging", "excavation", "deck"),
            ("ce-dig-declare", "ce-dig-continue", "ce-dig-finish", "ce-dig-step", "ce-dig-immediate", "ce-dig-ride",
             "ce-excavate-start", "ce-collapse-start", "ce-excavate-fails", "ce-dig-no-tile", "ce-collapse-trapped",
             "ce-dig-spawn", "ce-spawn-excavation", "ce-dig-leave")),
    Section("E. Combat", ("fighting", "fights", "combat", "odds", "ripping", "astral"),
            ("ce-combat-attacker", "ce-combat-phase1", "ce-combat-must", "ce-combat-first", "ce-combat-second", "ce-combat-third",
             "ce-combat-round", "ce-combat-tie", "ce-combat-two-wins", "ce-item-once", "ce-combat-halts", "ce-wandering-second",
             "ce-crystal-attack", "ce-crystal-astral", "ce-crystal-fail", "ce-crystal-crushed",
             "ce-attacktite", "ce-attacktite-how", "ce-stabbist", "ce-stabbist-how",
             "ce-astral-worm", "ce-astral-worm-how", "ce-mind-abilities")),
    Section("F. Flanking Combat", ("fighting", "fights"),
            ("ce-flank", "ce-flank-defend", "ce-flank-wandering", "ce-flank-wandering-help")),
    Section("G. Ranged Combat", ("shooting", "fighting", "fights", "sight"),
            ("ce-shoot", "ce-shoot-first", "ce-shoot-defence", "ce-shoot-alone", "ce-shoot-miss", "ce-line-of-sight")),
    Section("H. Hire", ("hiring",),
            ("ce-hire", "ce-hire-card", "ce-hire-pit", "ce-hire-fresh", "ce-hire-whole", "ce-adv-hire-one")),
    Section("I. Subdue", ("subduing",), ("ce-subdue", "ce-subdue-alone", "ce-subdue-after")),
    Section("J. Sacrifice Minions, and advanced rules 1 and 5", ("advanced",),
            ("ce-adv-sacrifice", "ce-adv-discard", "ce-adv-abandon")),
    Section("K. Flank Excavation", ("digging", "excavation"), ("ce-flank-excavation",)),
    Section("Movement, merging, breaking (extra activities)", ("moving", "movement"),
            ("ce-move-rate", "ce-move-stop", "ce-merge", "ce-break", "ce-move-pit")),
    Section("Picking up, passing and dropping (extra activities)", ("picking", "loot"),
            ("ce-pick-up", "ce-pick-items", "ce-pass", "ce-drop", "ce-loot-when")),
    Section("Death", ("death", "fights"),
            ("ce-gore", "ce-death-drops", "ce-kill-points", "ce-kill-points-monster", "ce-loot-lost-squads",
             "ce-collapse-death")),
    Section("Death of a Necromancer, Battle On!!!", ("death", "wizard"),
            ("ce-last-standing", "ce-battle-on", "ce-crystal-crushed", "ce-crystal-crushed-how",
             "ce-power-split-death")),
    Section("Spawn rolls, Wandering Monsters", ("turn", "spawn"),
            ("ce-spawn-roll", "ce-spawn-place", "ce-spawn-nowhere", "ce-spawn-events-ignored")),
    Section("Phase 4. Event Outcomes", ("turn", "events", "phases"),
            ("ce-event-phase4", "ce-event-count", "ce-event-tiles", "ce-event-wander", "ce-event-blood-eye",
             "ce-event-throneroom", "ce-event-redraw-where")),
    Section("Evil Awakens: the Awaken Track", ("awakening", "awaken"),
            ("ce-awaken-reveal", "ce-awaken-awaken", "ce-awaken-doom", "ce-blood-eye-cycle", "ce-awaken-extended")),
    Section("The Pit of Infinite Shadow", ("evil_pit",), ("ce-evil-pit",)),
    Section("The Darkest Evil Bitch", ("evil_bitch", "awaken"), ("ce-evil-bitch", "ce-evil-bitch-none", "ce-evil-roll-off",
                                                                          "ce-evil-bitch-room")),
    Section("The Darkest Statue of Death", ("evil_statue", "evils", "death"), ("ce-evil-statue", "ce-evil-statue-bath")),
    Section("The Eternal Evil Emperor", ("evil_emperor", "evils", "death"),
            ("ce-evil-emperor", "ce-evil-emperor-lair", "ce-evil-dig-who", "ce-evil-dig-singles")),
    Section("The Evil Black Old Goat", ("evil_goat", "turn", "awaken"), ("ce-evil-goat", "ce-evil-goat-decider")),
    Section("Necromancer abilities", ("powers", "wizard"),
            ("ce-power-teleport", "ce-power-blast", "ce-power-enthrall", "ce-power-split")),
    Section("Protectors", ("guarding", "protectors", "turn", "digging"),
            ("ce-protector-wake", "ce-protector-attack", "ce-protector-return", "ce-protector-draw")),
    Section("Item symbols, Bombs", ("bombs", "fighting", "fights", "picking", "spawn"),
            ("ce-bomb", "ce-bomb-when", "ce-bomb-how", "ce-bomb-spares", "ce-bomb-defence", "ce-item-pay",
             "ce-item-pay-how", "ce-wandering-items", "ce-wandering-pick")),
    Section("7. Black Diamond Cards (the Necrotic Devil)", ("dread",), ("ce-necrotic-devil", "ce-necrotic-devil-how")),
)
"""The rulebook's parts, in the text's order (the contents list, set-up, game play, the squad actions A-K, the extra
activities, death, spawns and events, the Awakening and each Evil, the Necromancers, Protectors)."""

MACHINERY = {
    "state": "the coordinator: holds the position, answers the engine, dispatches each action (APPLY)",
    "basics": "constants and small facts every section shares (the loader takes them here too)",
    "notation": "the grammar, the parser, the rule of each action, the order of the list",
    "refusals": "why an action is refused: asks the sections in turn",
    "views": "masked notation, a player's view, the board's decorations and hints",
    "load": "a position read back from JSON, checked",
    "redeal": "the unseen cards dealt anew (a bot's or a player's guess)",
    "game": "the game and its options",
    "sections": "this map",
    "rules": "the rule ids (with combat_rules, turn_rules, conjure_rules, spawn_rules, event_rules, "
             "awaken_rules, protector_rules)",
    "board": "the board's card faces and the full game's panel (display only)",
    "bots": "the computer players (a package: digger, knowledge, plans, steps, scoring, powers, heuristic)",
    "editor": "the position editor",
    "examples": "the chapter's worked examples",
    "scenarios": "positions reached by play, for the chapter and the tests",
    "hexes": "hex maths",
    "tiles": "the tiles as data",
    "ground": "the map as it is dug and collapsed",
    "creatures": "the creature, item and spell cards as data",
}
"""The modules that belong to no single part of the rules, and what each is for."""

"""Ready-made Cave Evil positions for the chapter and the tests.

- :func:`quick` - the quick set-up layout for 2, 3 or 4 players, at the first turn;
- :func:`built` - a cave built placement by placement (seeded choices), at the first turn;
- :func:`failed_dig` - a dig one rock from finishing right by a Lair, whose card shows a
  tile that fits nowhere there: digging on turns it up and the dig fails (rule ce-excavate-fails);
- :func:`immediate` - a squad with pick-axe speed 4 beside undug rock, which digs
  through in one action (rule ce-dig-immediate);
- :func:`bombs` - a squad carrying a Bomb in the east corridor, friends, an enemy squad with an
  immune Vapor, a Wandering Monster and loot within its reach (rule ce-bomb).

Each returns a fresh state; ``force`` queues chance outcomes (``"draw tunnel"``).
"""

from __future__ import annotations

from necro.core import Rng

from .basics import PLAY
from .game import CaveEvil
from .hexes import neighbours


def quick(players: int = 2, first: int = 1, seed: int = 0, **options):
    """The quick layout for ``players`` with player ``first`` (1-based) going first."""
    state = CaveEvil(players, setup="quick", **options).new_initial_state(seed)
    state.apply(f"first {first}")
    return state


def built(players: int = 2, first: int = 1, seed: int = 0, **options):
    """A cave built placement by placement, each placement picked at random (seeded)."""
    state = CaveEvil(players, **options).new_initial_state(seed)
    state.apply(f"first {first}")
    rng = Rng(seed)
    while state.phase != PLAY:
        state.apply(rng.choice(state.legal_actions()))
    return state


def _with(state, position, force=(), seed: int = 0):
    out = state.game.state_from_position(position, seed)
    return out.force(*force)


def _edge_hexes(state, lairs: bool = False):
    """Open hexes (not a spawn pit; in a Lair only if ``lairs``) with undug rock next to them."""
    g = state.ground
    out = []
    for h in sorted(g.open_hexes()):
        if (h in g.interior and not lairs) or h in g.spawn_pits:
            continue
        if any(g.is_diggable(n) for n in neighbours(h)) and state.squads.at(h) is None:
            out.append(h)
    return out


def failed_dig(players: int = 2, seed: int = 0, card: str = "great-hall", force=()):
    """Player 1's Necromancer squad, by or in its Lair, has one rock left on a dig whose card
    shows a tile that fits nowhere there: ``continue N`` turns it up and the dig fails (rule
    ce-excavate-fails). An excavation is looked for first; tiles may overlap open ground, so
    beside a Lair one usually fits, and then the dig is a collapse from inside the Lair, which
    can never be laid: every way would bury the Lair (rule ce-protect-lair)."""
    from . import excavation as ex

    state = built(players, 1, seed)
    g = state.ground
    lair = state.plan.pieces("lair", 0)[0].placement
    tile = state.deck.spec[card].tile
    others = state.squads.player_hexes() - {state.squads["0:N"].hex}
    spots = []
    for h in sorted(g.open_hexes()):
        if h in g.spawn_pits or h in others or not any(n in g.shell or n in g.interior for n in neighbours(h)):
            continue
        near = max(abs(h.q - lair.crystal.q), abs(h.r - lair.crystal.r))
        if any(g.is_diggable(n) for n in neighbours(h)) and not g.legal_excavations(tile, h, others | {h}):
            spots.append((0, near, h, "excavate"))
        if h in lair.spaces and not g.legal_collapses(tile, h, others | {h}):
            spots.append((1, near, h, "collapse"))
    if not spots:
        raise ValueError("no spot by a Lair where that tile fails; try another seed")
    _, _, at, mode = min(spots)
    pos = state.position()
    squad = next(s for s in pos["squads"] if s["id"] == "0:N")
    squad["at"] = str(at)
    pos["deck"]["pile"][card] -= 1
    if not pos["deck"]["pile"][card]:
        del pos["deck"]["pile"][card]
    pos["digs"] = [ex.Dig("0:N", mode, at, card, 1, "digging", (), False, True).to_json()]
    return _with(state, pos, force)


def immediate(players: int = 2, seed: int = 0, force=()):
    """Player 1's Necromancer squad, joined by a creature with pick-axe speed 4, stands beside
    undug rock: ``dig N`` draws and lays a tile in the same action."""
    state = built(players, 1, seed)
    at = _edge_hexes(state)[0]
    pos = state.position()
    squad = next(s for s in pos["squads"] if s["id"] == "0:N")
    squad["at"] = str(at)
    squad["creatures"].append({"id": "mole-1", "size": "small", "speed": 3, "pick": 4})
    return _with(state, pos, force)


def digger(players: int = 2, seed: int = 0, force=()):
    """Player 1's Necromancer squad (with its Necromonk, pick-axe 1) out of its Lair, beside
    undug rock, at the start of player 1's first turn: ready to declare a dig."""
    state = built(players, 1, seed)
    at = _edge_hexes(state)[0]
    pos = state.position()
    next(s for s in pos["squads"] if s["id"] == "0:N")["at"] = str(at)
    return _with(state, pos, force)


def face_to_face(players: int = 2, seed: int = 0, force=(), **options):
    """Player 2's Necromancer squad stands on open ground right next to player 1's, which is one
    rock from finishing a collapse with a Single card: it can bury player 2's squad."""
    from . import excavation as ex

    state = built(players, 1, seed, **options)
    g = state.ground
    for at in _edge_hexes(state):
        beside = [n for n in g.graph.neighbors(at) if n not in g.interior and n not in g.spawn_pits]
        if beside:
            break
    pos = state.position()
    next(s for s in pos["squads"] if s["id"] == "0:N")["at"] = str(at)
    next(s for s in pos["squads"] if s["id"] == "1:N")["at"] = str(sorted(beside)[0])
    pos["deck"]["pile"]["single"] -= 1
    pos["digs"] = [ex.Dig("0:N", "collapse", at, "single", 1, "digging", (), False, True).to_json()]
    return _with(state, pos, force)


def bombs(seed: int = 0, force=()):
    """Player 1's Horned Hellion carries a Bomb in the east corridor (squad II); within its throw stand
    player 1's Ghoul (III), player 2's Ratman and Vapor (IV) on a dagger and 2 metals, and a Wandering
    Ratman (A); a Large Steel Shell lies further on. Player 1 to act."""
    from . import examples as ex

    c = ex.of_card
    state = ex.corridor([ex.squad(0, "II", ex.at(2), c("horned-hellion", items=["bomb"])),
                         ex.squad(0, "III", ex.at(5), c("ghoul")),
                         ex.squad(1, "IV", ex.at(6), c("ratman", 2), c("vapor")),
                         ex.squad(None, "A", ex.at(7), c("ratman", 3))],
                        loot={ex.at(6): {"items": ["dagger"], "metals": 2}, ex.at(9): {"items": ["steel-shell"]}},
                        seed=seed)
    return state.force(*force)


SCENARIOS = {
    "quick": quick,
    "built": built,
    "failed-dig": failed_dig,
    "immediate": immediate,
    "digger": digger,
    "face-to-face": face_to_face,
    "bombs": bombs,
}
"""The positions above by name, for the playground's "start from" choice (necro.core.edit)."""

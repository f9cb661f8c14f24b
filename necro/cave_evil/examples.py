"""Small Cave Evil positions for the chapter's worked examples (movement, sight, digging, combat,
spawns, the full game's turn and the Awakening).

Each example is an ordinary position (``state.position()``) loaded with
``game.state_from_position``: the quick layout (rule ce-quick-setup) for two players unless
the example asks for more, in the map-and-combat game unless it passes ``game="full"`` or
other options, with a few extra tiles dug after set-up and the squads the example needs. The
Necromancer squads stay on their crystals unless an example moves them.

- :func:`creature`, :func:`of_card`, :func:`squad`, :func:`necromancer` - the JSON of a creature
  (by hand, or numbered after a creature card of ``creatures.json``), of a squad, of a player's
  Necromancer squad;
- :func:`dig` - the JSON of a dig under way;
- :func:`table` - the quick layout, extra tiles, these squads, at some player's turn;
- :func:`corridor` - the same with :data:`CORRIDOR` dug out: a passage one hex wide
  and twelve long in the empty east of the map, for movement examples.

A creature made with :func:`creature` has the example's own numbers (speed, pick-axe) and
no card, so a "Shoddy Abomination" there is just a small creature with speed 2, as the rule
book's example says; :func:`of_card` takes a creature card's numbers instead (fights need the
card's attributes). :func:`tile_figure` and :func:`tile_png` draw the tiles for the chapter.
"""

from __future__ import annotations

from .fights import NECROMANCER_CARDS
from .game import CaveEvil
from .hexes import Hex

CORRIDOR_TILES = tuple({"tile": "tunnel", "at": str(Hex(10, r)), "turn": 0, "side": "open"} for r in (-10, -6, -2))
CORRIDOR = tuple(Hex(10, r) for r in range(-10, 2))
"""The corridor's twelve hexes, north (+10-10) to south (+10+1)."""


def creature(cid: str, size: str = "small", speed: int = 3, pick: int = 0, **flags) -> dict:
    """A creature as the position stores it (``moved``, ``acted``, ``halted``, ``necromancer``
    and its creature ``card`` may be given as flags)."""
    data = {"id": cid, "size": size, "speed": speed}
    if pick:
        data["pick"] = pick
    data.update({k: v for k, v in flags.items() if v})
    return data


def of_card(card: str, n: int = 1, **flags) -> dict:
    """Creature number ``n`` of a creature card, with the card's size, speed and pick-axe
    (``of_card("ghoul", 2)`` is ``ghoul-2``); flags as for :func:`creature`."""
    from .creatures import catalogue

    c = catalogue().creature(card)
    return creature(f"{card}-{n}", c.size, c.movement, c.pick, card=card, **flags)


def squad(owner: int | None, card: str, at, *creatures: dict, resources: dict | None = None) -> dict:
    """A squad: ``owner`` 0-based (None: a Wandering Monster, whose card is a letter), carrying
    ``resources`` (``{"metals": 2}``)."""
    sid = f"w:{card}" if owner is None else f"{owner}:{card}"
    data = {"id": sid, "owner": owner, "at": str(at), "card": card, "creatures": list(creatures)}
    if resources:
        data["resources"] = dict(resources)
    return data


def necromancer(owner: int, at, *others: dict, monk: bool = True) -> dict:
    """A player's N squad: the Necromancer, the starting Necromonk (unless ``monk=False``), ``others``."""
    n = owner + 1
    crew = [creature(f"necromancer-{n}", necromancer=True, card=NECROMANCER_CARDS[owner])]
    if monk:
        crew.append(creature(f"necromonk-{n}", pick=1, card="necromonk"))
    return squad(owner, "N", at, *crew, *others)


def table(squads=(), tiles=(), players: int = 2, turn: int = 0, seed: int = 0, force=(), pending=None,
          digs=(), loot=None, **options):
    """The quick layout for ``players``, then ``tiles`` (placement JSON, laid after set-up), then
    ``squads`` (JSON: see :func:`squad`) added to, or replacing, the Necromancer squads, at the
    start of cycle 1 with player ``turn`` (0-based) to move. ``pending``: a decision already
    begun (``{"kind": "move", "squad": "0:I"}``); ``digs``: digs in progress (:func:`dig`),
    whose cards are taken out of the pile; ``loot``: what lies on hexes, ``{hex: {"gore": 2,
    "metals": 1, "items": [...]}}`` (see :mod:`~necro.cave_evil.loot`)."""
    state = CaveEvil(players, setup="quick", **options).new_initial_state(seed)
    state.apply("first 1")
    pos = state.position()
    pos["ground"]["placements"].extend(dict(t) for t in tiles)
    mine = {s["id"] for s in squads}
    pos["squads"] = [s for s in pos["squads"] if s["id"] not in mine] + [dict(s) for s in squads]
    pos["turn"] = turn
    pos["pending"] = pending
    if loot:
        pos["loot"] = {str(h): {"gore": 0, "items": [], **v} for h, v in loot.items()}
    for d in digs:
        pos["digs"].append(dict(d))
        for card in ([d["card"]] if d.get("card") else []) + list(d.get("events", ())):
            pos["deck"]["pile"][card] -= 1
            if not pos["deck"]["pile"][card]:
                del pos["deck"]["pile"][card]
    out = state.game.state_from_position(pos, seed)
    return out.force(*force) if force else out


def dig(squad_id: str, where, card: str, rocks: int = 3, mode: str = "excavate", worked: bool = False) -> dict:
    """A dig in progress (see :class:`~necro.cave_evil.excavation.Dig`): squad ``squad_id``
    declared it standing on ``where``; ``card`` lies face down under ``rocks`` rocks.
    ``worked=False``: not yet dug on this turn."""
    return {"squad": squad_id, "mode": mode, "at": str(where), "card": card, "rocks": rocks,
            "stage": "digging", "events": [], "worked": worked, "momentum": True}


def corridor(squads=(), tiles=(), **kw):
    """:func:`table` with the east corridor (:data:`CORRIDOR`) dug out as well."""
    return table(squads, CORRIDOR_TILES + tuple(tiles), **kw)


def at(i: int) -> Hex:
    """The ``i``-th hex of the corridor from its north end (0-11)."""
    return CORRIDOR[i]


def tile_figure(columns: int = 4):
    """A matplotlib figure of every tile's shape, flat-topped as the board draws it, laid
    turn 0 from its first space (marked 1); spawn pits are black rings, a Hall's or Tunnel's
    end space is marked E, a Lair's opening O, its crystal a diamond and its shell hatched."""
    import math

    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, RegularPolygon

    from .tiles import tile_set

    tiles = list(tile_set())
    rows = -(-len(tiles) // columns)
    fig = Figure(figsize=(2.6 * columns, 2.7 * rows))  # no pyplot: nothing is shown behind our back
    axes = fig.subplots(rows, columns)
    for ax in axes.flat:
        ax.set_axis_off()
    for ax, tile in zip(axes.flat, tiles):
        def xy(h):
            return 1.5 * h.q, -math.sqrt(3) * (h.r + h.q / 2)
        shell = tile.lair.shell if tile.lair else ()
        for h in tile.spaces + shell:
            x, y = xy(h)
            in_shell = h in shell
            ax.add_patch(RegularPolygon((x, y), 6, radius=1, orientation=math.pi / 6,
                                        facecolor="#6b625a" if in_shell else "#ece6da",
                                        edgecolor="#3b3631", hatch="///" if in_shell else None, lw=1))
        for h in tile.spawn_pits:
            ax.add_patch(Circle(xy(h), 0.5, fill=False, lw=3, color="black"))
        marks = {tile.spaces[0]: "1"}
        if tile.end is not None:
            marks[tile.end] = "E"
        if tile.lair:
            for h in tile.lair.opening:
                marks[h] = "O" if h != tile.spaces[0] else "1"
            x, y = xy(tile.lair.crystal)
            ax.plot([x], [y], marker="D", markersize=9, color="#7b3294")
        for h, text in marks.items():
            x, y = xy(h)
            ax.text(x, y, text, ha="center", va="center", fontsize=9, weight="bold")
        pts = [xy(h) for h in tile.spaces + shell]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        span = 5.2  # one scale for every tile (the largest, Lair and Pit Room, fit)
        cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
        ax.set_xlim(cx - span, cx + span)
        ax.set_ylim(cy - span, cy + span)
        ax.set_aspect("equal")
        ax.set_title(f"{tile.name} ({len(tile.spaces)})", fontsize=10)
    fig.tight_layout()
    return fig


def tile_png(dpi: int = 80) -> bytes:
    """:func:`tile_figure` as PNG bytes (for ``IPython.display.Image``)."""
    import io

    buf = io.BytesIO()
    tile_figure().savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def full_table(squads=(), seed: int = 1, loot=None, **options):
    """Player 1 in Phase 3 of the full game's first turn (two players, the quick layout, seed ``seed``),
    with ``squads`` (JSON: :func:`squad`) added to, or replacing, the Necromancer squads: the cards
    their creatures are and hold (items, spells) are taken out of the Conjuration Decks, so every card
    is accounted for. For the casting examples (:mod:`~necro.cave_evil.spells`); ``options``: the game's
    options (``black_diamond=True``)."""
    import json

    from .conjuration import DECKS

    state = CaveEvil(2, setup="quick", game="full", **options).new_initial_state(seed)
    state.apply("first 1")
    while state.queue and state.queue[0]["do"] != "conjure" or state.phase == "setup":
        state.play_chance() if state.is_chance_node() else state.apply(state.legal_actions()[0])
    state.apply("conjure bribe")
    while state.queue:
        state.play_chance() if state.is_chance_node() else state.apply("keep")
    pos = json.loads(json.dumps(state.position()))
    mine = {s["id"] for s in squads}
    pos["squads"] = [s for s in pos["squads"] if s["id"] not in mine] + [json.loads(json.dumps(s)) for s in squads]
    piles = pos["piles"]["piles"]
    for s in squads:
        for c in s["creatures"]:
            for card in ([] if c.get("necromancer") else [c.get("card")]) + list(c.get("items", ())):
                deck = next((d for d in DECKS if piles[d].get(card)), None)
                hand = pos["hands"][s["owner"]] if s["owner"] is not None else []
                if card == "necromonk" and "necromonk:necromonk" in hand:  # the starting Necromonk, put in play
                    hand.remove("necromonk:necromonk")
                elif deck is not None:
                    piles[deck][card] -= 1
                    if not piles[deck][card]:
                        del piles[deck][card]
    if loot:
        pos["loot"] = {str(h): {"gore": 0, "items": [], **v} for h, v in loot.items()}
    return state.game.state_from_position(pos, seed)

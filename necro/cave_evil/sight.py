"""Line of sight between squads, and counting spaces away from a point.

Two geometric questions the rules ask of the map, answered over the ground
and the squads standing on it:

- *Who does a shot hit?* A ranged attack needs a straight line from the
  centre of the shooter's hex to the centre of its aim (rule
  ce-line-of-sight). Undug and collapsed rock stop it; an enemy squad in the
  way becomes the target instead; a friendly squad in the way spoils the
  shot (rule ce-los-squads). Where the line runs along an edge there are two
  ways to draw it, and the shooter uses whichever is better (rule ce-los-line).
  Loot does not block a line, but for Large Items (item cards of size
  ``large`` in creatures.json) lying on the map: the hexes they lie on
  (``large``, from :func:`necro.cave_evil.loot.large_hexes`) stop it like rock.
- *Where does a count of N spaces from a point end?* Events count spaces so
  that each one is further from the origin than the last, over dug ground
  (rules ce-count-away, ce-count-stuck).

Both are pure functions of the position, used by the board (decorate_view),
by ranged combat (:func:`shot`: :mod:`.fights`, :mod:`.shooting`) and by the
events that count spaces (:func:`count_away`: :mod:`.events`).
"""

from __future__ import annotations

from .ground import Ground
from .hexes import Hex, distance, lines, neighbours
from .movement import Squad, Squads, hostile


def _walk(ground: Ground, squads: Squads, shooter: Squad, line: list[Hex], large=()):
    """Follow one drawn line from the shooter: ``("rock", hex)`` (a Large Item lying there too),
    ``("friend", squad)``, ``("enemy", squad)`` for what stops it first, or ``("clear", None)`` if it
    reaches the end."""
    for h in line[1:-1]:
        if not ground.is_open(h) or h in large:
            return "rock", h
        there = squads.at(h)
        if there is not None and there.id != shooter.id:
            return ("enemy" if hostile(shooter, there) else "friend"), there
    return "clear", None


def shot(ground: Ground, squads: Squads, shooter_id: str, aim: Hex, large=()) -> list[str]:
    """The squads a ranged shot from squad ``shooter_id`` at the hex ``aim`` may hit.

    ``[aim's squad]`` when a line reaches it; the enemy squads met first on the
    lines otherwise (two only when the line runs along an edge and each side
    meets a different enemy: the shooter picks); ``[]`` when rock or a friend
    blocks every line. If nobody stands on ``aim``, a clear line gives ``[]``
    too: there is nothing to hit.
    """
    shooter = squads[shooter_id]
    target = squads.at(aim)
    hit: list[str] = []
    for ln in lines(shooter.hex, aim):
        what, who = _walk(ground, squads, shooter, ln, large)
        if what == "clear":
            return [target.id] if target is not None and target.id != shooter.id else []
        if what == "enemy" and who.id not in hit:
            hit.append(who.id)
    return sorted(hit)


def clear_line(ground: Ground, squads: Squads, shooter_id: str, aim: Hex, large=()) -> bool:
    """Whether some line from squad ``shooter_id`` reaches the hex ``aim`` with no rock and no
    squad in between (what stands on ``aim`` itself does not count): a shot at a crystal."""
    shooter = squads[shooter_id]
    return any(_walk(ground, squads, shooter, ln, large)[0] == "clear" for ln in lines(shooter.hex, aim))


def in_sight(ground: Ground, squad: Squad, large=()) -> list[Hex]:
    """The open hexes the squad sees past the rock and Large Items, nearest first (squads on the way ignored:
    :func:`shot` says which squad a shot would really hit)."""
    origin = squad.hex
    out = []
    for h in sorted(ground.open_hexes(), key=lambda x: (distance(origin, x), x)):
        if h == origin:
            continue
        for ln in lines(origin, h):
            if all(ground.is_open(x) and x not in large for x in ln[1:-1]):
                out.append(h)
                break
    return out


def sight_table(ground: Ground, squads: Squads, large=()) -> dict:
    """For the board: per squad on open ground, the hexes it sees and, for every other squad,
    which squad a shot at it would hit (a squad id, or None)."""
    table = {}
    for s in sorted(squads, key=lambda x: x.id):
        if not ground.is_open(s.hex):
            continue
        aim = {}
        for t in sorted(squads, key=lambda x: x.id):
            if t.id != s.id:
                hit = shot(ground, squads, s.id, t.hex, large)
                aim[t.id] = t.id if t.id in hit else (hit[0] if hit else None)
        table[s.id] = {"see": [str(h) for h in in_sight(ground, s, large)], "aim": aim}
    return table


def count_away(ground: Ground, origin: Hex, spaces: int) -> dict[Hex, int]:
    """Where a count of ``spaces`` from ``origin`` may end, with how many spaces were counted
    (rules ce-count-away, ce-count-stuck).

    Each counted space is a neighbour of the last, one step further from the
    origin (so no count loops back), and open ground. The player picks among
    the ends of the full count; when no way goes that far over open ground,
    the count ends where the longest ways do.
    """
    if spaces < 0:
        raise ValueError("a count is never negative")
    ends = {origin}
    counted = 0
    for _ in range(spaces):
        nxt = {n for h in ends for n in neighbours(h)
               if ground.is_open(n) and distance(origin, n) == distance(origin, h) + 1}
        if not nxt:
            break
        ends, counted = nxt, counted + 1
    return {h: counted for h in sorted(ends)}

"""Hex maths for Cave Evil's map: axial coordinates, names, rotation, lines.

The map is a hex grid that the rules let tiles spill beyond, so it is
unbounded here: a hex is just a pair of integers. We use *axial* coordinates
``(q, r)`` (the third cube coordinate ``s = -q - r`` is implied), because
then a neighbour is one addition, a distance is one ``max`` and a rotation is
a permutation of the three cube coordinates, so tile placement and line of
sight stay a few lines each. The standard reference is Amit Patel's "Hexagonal
Grids" (redblobgames.com), whose conventions we follow.

Hexes are drawn *flat-topped* (rule ce-hex-grid): q grows to the south-east,
r to the south, and north and south are straight lines of hexes. Only
drawing and compass directions depend on this choice; the rules engine sees
nothing but adjacency.

Names: a hex is written as its two signed coordinates run together, ``+0+0``
for the Pit, ``+3-1`` for q=3, r=-1. The sign is always written, so the text
splits back without a separator and reads well inside action notation
(``excavate +3-1 ...``); :func:`parse_hex` reads it back.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from necro.core import NotationError, Reader


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex of the grid, in axial coordinates. Immutable and hashable."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (``q + r + s == 0``)."""
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> "Hex":
        return Hex(-self.q, -self.r)

    def __str__(self) -> str:
        return f"{self.q:+d}{self.r:+d}"

    def __repr__(self) -> str:
        return f"Hex({self})"


ORIGIN = Hex(0, 0)

# The six steps to a neighbour, clockwise from north (flat-topped hexes).
DIRECTIONS = (Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0))
DIRECTION_NAMES = ("n", "ne", "se", "s", "sw", "nw")

_NAME = re.compile(r"^([+-]\d{1,6})([+-]\d{1,6})$")


def parse_hex(text: str) -> Hex:
    """The hex named ``text`` (``"+3-1"``); :class:`NotationError` if it names none."""
    m = _NAME.match(text) if isinstance(text, str) else None
    if m is None:
        raise NotationError(text, "ce-hex-grid",
                            "a hex is written as two signed numbers run together, like +3-1")
    return Hex(int(m.group(1)), int(m.group(2)))


def read_hex(r: Reader) -> Hex:
    """A hex name read from JSON (``+1-2``), refused with the path if it is not one."""
    text = r.str(max_length=16)
    try:
        return parse_hex(text)
    except ValueError:
        r.fail(f"{text!r} is not a hex name like +1-2")


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes touching ``h``, clockwise from north."""
    return tuple(h + d for d in DIRECTIONS)


def adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an empty grid (the cube-coordinate max norm)."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate(h: Hex, steps: int, about: Hex = ORIGIN) -> Hex:
    """``h`` turned ``steps`` times 60 degrees clockwise about ``about``.

    In cube coordinates one clockwise step is ``(x, y, z) -> (-z, -x, -y)``;
    with axial ``q = x`` and ``r = z`` that is ``(q, r) -> (-r, q + r)``.
    """
    q, r = h.q - about.q, h.r - about.r
    for _ in range(steps % 6):
        q, r = -r, q + r
    return Hex(q + about.q, r + about.r)


def reflect(h: Hex, about: Hex = ORIGIN) -> Hex:
    """``h`` mirrored across the north-south line through ``about``.

    A tile flipped to its black side (rule ce-black-side) is this mirror image.
    """
    q, r = h.q - about.q, h.r - about.r
    return Hex(-q + about.q, r + q + about.r)


def translate(hexes: Iterable[Hex], by: Hex) -> list[Hex]:
    return [h + by for h in hexes]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center``, clockwise from the north."""
    if radius < 0:
        raise ValueError("a ring's radius is never negative")
    if radius == 0:
        return [center]
    out = []
    h = center + Hex(DIRECTIONS[0].q * radius, DIRECTIONS[0].r * radius)
    for side in range(6):
        step = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            out.append(h)
            h = h + step
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` steps from ``center``, sorted."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return sorted(out)


def to_xy(h: Hex) -> tuple[float, float]:
    """The centre of ``h`` on paper, hexes of unit radius, y pointing down (south)."""
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


# ------------------------------------------------------------ lines of sight
# The nudge moves both ends of a line a hair off the centres, in a direction
# that is parallel to no hex edge, so a line running exactly along the edge
# between two hexes falls consistently on one side of it; the opposite nudge
# gives the other side (rule ce-los-line).
_NUDGE = (1e-6, 2e-6, -3e-6)


def _cube_round(x: float, y: float, z: float) -> Hex:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return Hex(rx, rz)


def line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """The hexes a straight line from the centre of ``a`` to the centre of ``b`` crosses.

    The standard hex line drawing: ``distance(a, b) + 1`` points evenly spaced
    on the segment, each rounded to its hex, so the result starts at ``a``,
    ends at ``b`` and steps to a neighbour each time. ``nudge`` (+1 or -1)
    decides, where the segment runs exactly along an edge, which of the two
    hexes it is counted in.
    """
    if nudge not in (1, -1):
        raise ValueError("nudge is +1 or -1")
    n = distance(a, b)
    if n == 0:
        return [a]
    ex, ey, ez = (nudge * e for e in _NUDGE)
    ax, ay, az = a.q + ex, a.s + ey, a.r + ez
    bx, by, bz = b.q + ex, b.s + ey, b.r + ez
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t))
    return out


def lines(a: Hex, b: Hex) -> list[list[Hex]]:
    """The one or two lines from ``a`` to ``b`` (two when the segment follows an edge)."""
    first, second = line(a, b, 1), line(a, b, -1)
    return [first] if first == second else [first, second]


def clear_lines(a: Hex, b: Hex, blocked: Callable[[Hex], bool]) -> list[list[Hex]]:
    """The lines from ``a`` to ``b`` on which no hex strictly between the ends is blocked."""
    return [ln for ln in lines(a, b) if not any(blocked(h) for h in ln[1:-1])]


def line_of_sight(a: Hex, b: Hex, blocked: Callable[[Hex], bool]) -> bool:
    """Whether ``a`` sees ``b``: some line between them is clear (rule ce-los-line).

    A line along an edge is blocked only when *both* of its variants are, so
    a shot grazing the corner of a rock face still goes through. The ends
    themselves never block.
    """
    return bool(clear_lines(a, b, blocked))

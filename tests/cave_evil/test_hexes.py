"""Hex maths: coordinates, names, distance, rotation, reflection, lines of sight."""

import math

import pytest

from necro.core import NotationError, Rng
from necro.cave_evil.hexes import (DIRECTIONS, ORIGIN, Hex, adjacent, distance, line, line_of_sight, lines,
                                   neighbours, parse_hex, reflect, ring, rotate, to_xy, translate, within)

AREA = within(ORIGIN, 4)


def test_six_neighbours_one_step_away_clockwise_from_north():
    for h in (ORIGIN, Hex(3, -2), Hex(-5, 7)):
        ns = neighbours(h)
        assert len(set(ns)) == 6 and all(distance(h, n) == 1 and adjacent(h, n) for n in ns)
    assert neighbours(ORIGIN)[0] == Hex(0, -1)  # north: straight up on paper
    x, y = to_xy(neighbours(ORIGIN)[0])
    assert x == 0 and y < 0
    # clockwise: each next direction is 60 degrees further round on paper (y points down)
    angles = [math.degrees(math.atan2(*reversed(to_xy(d)))) % 360 for d in DIRECTIONS]
    assert [round((b - a) % 360) for a, b in zip(angles, angles[1:])] == [60] * 5


def test_neighbours_are_one_unit_apart_on_paper():
    for n in neighbours(Hex(2, -1)):
        (ax, ay), (bx, by) = to_xy(Hex(2, -1)), to_xy(n)
        assert math.hypot(ax - bx, ay - by) == pytest.approx(math.sqrt(3))


def test_distance_is_a_metric_and_counts_steps():
    for a in AREA[::3]:
        assert distance(a, a) == 0
        for b in AREA[::5]:
            assert distance(a, b) == distance(b, a)
            for c in AREA[::17]:
                assert distance(a, c) <= distance(a, b) + distance(b, c)
    # breadth-first steps over the grid agree with the formula
    seen, frontier, steps = {ORIGIN: 0}, [ORIGIN], 0
    while steps < 4:
        steps += 1
        frontier = [n for h in frontier for n in neighbours(h) if n not in seen]
        for n in frontier:
            seen.setdefault(n, steps)
    assert all(distance(ORIGIN, h) == d for h, d in seen.items())


def test_within_and_ring_sizes():
    for radius in range(5):
        assert len(within(Hex(1, 2), radius)) == 3 * radius * (radius + 1) + 1
        assert all(distance(Hex(1, 2), h) <= radius for h in within(Hex(1, 2), radius))
        r = ring(Hex(1, 2), radius)
        assert len(set(r)) == len(r) == max(1, 6 * radius)
        assert all(distance(Hex(1, 2), h) == radius for h in r)
        assert all(adjacent(a, b) for a, b in zip(r, r[1:])) if radius else True
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)


def test_rotation_six_times_is_the_identity_and_keeps_distances():
    rng = Rng(7)
    for _ in range(200):
        h = Hex(rng.randbelow(21) - 10, rng.randbelow(21) - 10)
        about = Hex(rng.randbelow(9) - 4, rng.randbelow(9) - 4)
        turned = h
        for _ in range(6):
            turned = rotate(turned, 1, about)
        assert turned == h and rotate(h, 6, about) == h and rotate(h, -1, about) == rotate(h, 5, about)
        assert distance(rotate(h, 2, about), about) == distance(h, about)
        assert rotate(about, 3, about) == about
    # one step clockwise takes each direction to the next
    assert [rotate(d, 1) for d in DIRECTIONS] == list(DIRECTIONS[1:] + DIRECTIONS[:1])


def test_rotation_is_a_rigid_motion():
    shape = [Hex(0, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1)]
    for k in range(6):
        turned = [rotate(h, k) for h in shape]
        assert all(distance(a, b) == distance(rotate(a, k), rotate(b, k)) for a in shape for b in shape)
        assert len(set(turned)) == 4


def test_reflection_mirrors_north_south_and_twice_is_the_identity():
    assert reflect(Hex(0, -1)) == Hex(0, -1) and reflect(Hex(0, 1)) == Hex(0, 1)
    assert reflect(Hex(1, -1)) == Hex(-1, 0)  # north-east <-> north-west
    for h in AREA:
        assert reflect(reflect(h, Hex(2, 1)), Hex(2, 1)) == h
        x, y = to_xy(h)
        mx, my = to_xy(reflect(h))
        assert (mx, my) == pytest.approx((-x, y))


def test_translate_and_arithmetic():
    assert translate([ORIGIN, Hex(1, -1)], Hex(2, 3)) == [Hex(2, 3), Hex(3, 2)]
    assert Hex(4, -2) - Hex(1, 1) == Hex(3, -3) and -Hex(1, -2) == Hex(-1, 2)
    assert Hex(1, 2).s == -3


@pytest.mark.parametrize("h, name", [(ORIGIN, "+0+0"), (Hex(3, -1), "+3-1"), (Hex(-12, 10), "-12+10")])
def test_names_read_back(h, name):
    assert str(h) == name and parse_hex(name) == h


def test_every_name_reads_back():
    assert all(parse_hex(str(h)) == h for h in within(Hex(-3, 5), 6))


@pytest.mark.parametrize("bad", ["", "0,0", "+0", "++0+0", "+a+0", "+1-2 ", " +1-2", "+1+2+3", None, 12])
def test_bad_names_are_refused(bad):
    with pytest.raises(NotationError) as err:
        parse_hex(bad)
    assert err.value.rule == "ce-hex-grid"


# ----------------------------------------------------------------- lines
def _segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def test_lines_step_from_end_to_end_through_hexes_the_segment_crosses():
    for a in within(ORIGIN, 2):
        for b in within(Hex(1, 1), 4):
            for nudge in (1, -1):
                ln = line(a, b, nudge)
                assert ln[0] == a and ln[-1] == b and len(ln) == distance(a, b) + 1
                assert all(adjacent(x, y) for x, y in zip(ln, ln[1:]))
                # each hex lies on the segment: its centre is at most one hex radius from it
                for h in ln:
                    assert _segment_distance(to_xy(h), to_xy(a), to_xy(b)) <= 1.0 + 1e-6


def test_a_line_along_a_grid_axis_is_the_straight_row():
    assert line(ORIGIN, Hex(0, 4)) == [Hex(0, k) for k in range(5)]
    assert lines(ORIGIN, Hex(0, 4)) == [[Hex(0, k) for k in range(5)]]


def test_a_line_along_an_edge_has_two_variants():
    # from +0+0 to +2-1 the segment passes exactly between +1-1 and +1+0
    both = lines(ORIGIN, Hex(2, -1))
    assert len(both) == 2
    assert {ln[1] for ln in both} == {Hex(1, -1), Hex(1, 0)}
    assert line(ORIGIN, Hex(2, -1), 1) != line(ORIGIN, Hex(2, -1), -1)
    with pytest.raises(ValueError):
        line(ORIGIN, Hex(1, 1), 0)


def test_line_of_sight_grazing_an_edge_is_blocked_only_if_both_sides_block():
    a, b = ORIGIN, Hex(2, -1)
    assert line_of_sight(a, b, lambda h: h == Hex(1, -1))
    assert line_of_sight(a, b, lambda h: h == Hex(1, 0))
    assert not line_of_sight(a, b, lambda h: h in (Hex(1, -1), Hex(1, 0)))


def test_line_of_sight_blocked_by_a_hex_on_the_line_but_never_by_the_ends():
    a, b = ORIGIN, Hex(0, 3)
    assert line_of_sight(a, b, lambda h: False)
    assert not line_of_sight(a, b, lambda h: h == Hex(0, 2))
    assert line_of_sight(a, b, lambda h: h in (a, b))
    assert line_of_sight(a, b, lambda h: h == Hex(1, 1))  # beside the line
    assert line_of_sight(a, a, lambda h: True)


def test_line_of_sight_is_symmetric():
    rng = Rng(3)
    for _ in range(300):
        blocked = {h for h in AREA if rng.randbelow(4) == 0}
        a, b = rng.choice(AREA), rng.choice(AREA)
        assert line_of_sight(a, b, blocked.__contains__) == line_of_sight(b, a, blocked.__contains__)
        assert sorted(map(tuple, lines(a, b))) == sorted(tuple(reversed(ln)) for ln in lines(b, a))

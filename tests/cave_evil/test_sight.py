"""Line of sight between squads (who a shot hits) and counting spaces away from a point."""

import pytest

from necro.cave_evil.ground import Ground
from necro.cave_evil.hexes import Hex, lines
from necro.cave_evil.sight import count_away, in_sight, shot, sight_table

from .test_movement import corridor, cr, sq, wandering

S = Hex


def squads_of(*squads):
    from necro.cave_evil.movement import Squads
    return Squads(squads)


# ------------------------------------------------------------------ shots
def test_ce_line_of_sight_a_clear_line_reaches_its_aim():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")), sq(1, "I", S(0, 9), cr("b")))
    assert shot(g, squads, "0:I", S(0, 9)) == ["1:I"]


def test_ce_line_of_sight_the_first_enemy_on_the_line_becomes_the_target():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")), sq(1, "I", S(0, 9), cr("b")),
                       sq(1, "II", S(0, 6), cr("c")), sq(2, "I", S(0, 8), cr("d")))
    assert shot(g, squads, "0:I", S(0, 9)) == ["1:II"]
    assert shot(g, squads, "1:I", S(0, 3)) == ["2:I"]


def test_ce_line_of_sight_a_wandering_monster_in_the_way_is_hit():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")), sq(1, "I", S(0, 9), cr("b")), wandering("A", S(0, 5), cr("m")))
    assert shot(g, squads, "0:I", S(0, 9)) == ["w:A"]


def test_ce_los_squads_a_friendly_squad_in_the_way_spoils_the_shot():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")), sq(0, "II", S(0, 5), cr("f")), sq(1, "I", S(0, 9), cr("b")))
    assert shot(g, squads, "0:I", S(0, 9)) == []


def test_ce_line_of_sight_rock_blocks_and_nobody_is_hit():
    g = corridor()  # the corridor runs straight south from the Pit Room; +2+0 is off its line
    squads = squads_of(sq(0, "I", S(2, 0), cr("a")), sq(1, "I", S(0, 7), cr("b")))
    assert shot(g, squads, "0:I", S(0, 7)) == []
    assert S(0, 7) not in in_sight(g, squads["0:I"])
    assert S(0, 7) in in_sight(g, squads_of(sq(0, "I", S(0, 0), cr("a")))["0:I"])


def test_a_shot_at_an_empty_hex_hits_nobody():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")))
    assert shot(g, squads, "0:I", S(0, 9)) == []


EDGE_FROM, EDGE_TO, SIDES = S(1, 1), S(-1, 2), (S(0, 1), S(0, 2))


def test_the_example_line_runs_along_an_edge():
    assert sorted(ln[1] for ln in lines(EDGE_FROM, EDGE_TO)) == sorted(SIDES)


def test_ce_los_squads_along_an_edge_the_clear_side_reaches_the_aim():
    g = Ground.new()
    squads = squads_of(sq(0, "I", EDGE_FROM, cr("a")), sq(1, "I", EDGE_TO, cr("b")), sq(1, "II", SIDES[0], cr("c")))
    assert shot(g, squads, "0:I", EDGE_TO) == ["1:I"]


def test_ce_los_squads_along_an_edge_with_an_enemy_on_each_side_the_shooter_picks():
    g = Ground.new()
    squads = squads_of(sq(0, "I", EDGE_FROM, cr("a")), sq(1, "I", EDGE_TO, cr("b")),
                       sq(1, "II", SIDES[0], cr("c")), sq(2, "I", SIDES[1], cr("d")))
    assert shot(g, squads, "0:I", EDGE_TO) == ["1:II", "2:I"]


def test_ce_los_squads_along_an_edge_a_friend_on_one_side_and_an_enemy_on_the_other():
    g = Ground.new()
    squads = squads_of(sq(0, "I", EDGE_FROM, cr("a")), sq(1, "I", EDGE_TO, cr("b")),
                       sq(0, "II", SIDES[0], cr("f")), sq(2, "I", SIDES[1], cr("d")))
    assert shot(g, squads, "0:I", EDGE_TO) == ["2:I"]


def test_sight_table_for_the_board():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")), sq(1, "I", S(0, 9), cr("b")), sq(1, "II", S(0, 6), cr("c")))
    table = sight_table(g, squads)
    assert table["0:I"]["aim"] == {"1:I": "1:II", "1:II": "1:II"}
    assert table["1:I"]["aim"] == {"0:I": None, "1:II": "1:II"}  # its own squad II spoils the shot
    assert "+0+10" in table["0:I"]["see"] and "+0+3" not in table["0:I"]["see"]
    g.collapse("single", S(0, 9), 0, S(0, 8))
    assert "1:I" not in sight_table(g, squads)  # trapped in rock, it sees nothing


def test_sight_table_a_friend_in_the_way_is_no_target():
    g = corridor()
    squads = squads_of(sq(0, "I", S(0, 3), cr("a")), sq(0, "II", S(0, 6), cr("f")), sq(1, "I", S(0, 9), cr("b")))
    assert sight_table(g, squads)["0:I"]["aim"]["1:I"] is None


# ------------------------------------------------------------------ counting
def test_ce_count_away_each_space_further_from_the_origin():
    g = corridor()
    assert count_away(g, S(0, 10), 3) == {S(0, 7): 3}
    ends = count_away(g, S(0, 0), 1)
    assert set(ends) == {S(0, 1), S(1, 0), S(1, -1), S(0, -1), S(-1, 0), S(-1, 1)}
    assert count_away(g, S(0, 0), 0) == {S(0, 0): 0}


def test_ce_count_away_never_turns_back():
    g = corridor()
    # from the corridor's middle, counting heads for both ends but never back towards the start
    ends = count_away(g, S(0, 6), 3)
    assert set(ends) == {S(0, 9), S(0, 3)}


def test_ce_count_stuck_the_count_ends_where_open_ground_does():
    g = corridor()
    assert count_away(g, S(0, 7), 5) == {S(0, 2): 5}
    ends = count_away(g, S(0, 8), 12)
    assert set(ends.values()) == {10} and all(h.r <= 0 for h in ends)


def test_count_away_refuses_a_negative_count():
    with pytest.raises(ValueError):
        count_away(corridor(), S(0, 0), -1)


# ------------------------------------------------------------------ Large Items
def test_ce_line_of_sight_a_large_item_lying_between_blocks_the_shot():
    """Issue 28 (audit 2 M3): Large Items block line of sight. The Steel Shell is large; lying between
    a Caveling (range 3) and a Wandering Monster it stops the shot, a normal item does not."""
    from necro.cave_evil import examples as ex
    from necro.cave_evil.loot import large_hexes

    def table(item):
        return ex.corridor([ex.squad(0, "II", ex.at(3), ex.of_card("caveling")),
                            ex.squad(None, "A", ex.at(6), ex.of_card("ratman"))], loot={ex.at(4): {"items": [item]}})

    assert "shoot II w:A" in table("spiked-shield").legal_actions()
    s = table("steel-shell")
    assert large_hexes(s.loot) == {ex.at(4)}
    assert "shoot II w:A" not in s.legal_actions()
    assert s.explain_illegal("shoot II w:A")[0] == "ce-line-of-sight"
    assert str(ex.at(6)) not in s.decorate_view(s.position())["map"]["sight"]["0:II"]["see"]

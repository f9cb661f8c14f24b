"""Ruling sf-fall-path: a falling wizard leaps grave by grave by default (option fall_path), and
games saved before that option existed keep the way they were played (holes crossed for free)."""

import json
from pathlib import Path

import pytest

from necro.core import load_state
from necro.shovelfight import Shovelfight
from necro.shovelfight import scenarios as sc
from necro.shovelfight.board import board_for, escape
from necro.widget import links

from .helpers import play, rolls

SAVES = Path(__file__).parent / "saves"


def test_sf_fall_path_grave_by_grave_one_hit_for_each_falling_grave():
    """The text: one hit per falling grave jumped on, the first included; a leap goes to a
    neighbouring grave. From e5 the wizard lands on e4 and e3 before it can leap the gap at d2."""
    s = rolls(sc.falling_strip())
    assert s.teams[1].hits == 3 and s.teams[1].wizard == "c2"
    assert "crosses 3 falling grave(s)" in " ".join(e.text for e in s.log)


def test_sf_fall_path_holes_variant_passes_over_holes_for_free():
    s = rolls(sc.falling_strip("holes"))
    assert s.phase == "land" and s.teams[1].hits == 1
    assert [str(a) for a in s.legal_actions()] == ["land b3", "land b4"]


def test_sf_fall_path_a_leap_crosses_one_missing_grave_not_two():
    board = board_for(3)
    falling, solid = {"e5", "e4", "e3", "e2", "e1"}, {g for g in board.graves if g[0] in "ab"} | {"c1", "c2"}
    # d4 is gone and c4, c5 beyond it too: the gap by e5 is two graves wide, so e5 leaps on
    assert escape(board, "e5", falling, solid, "adjacent") == (3, ["c2"])
    assert escape(board, "e5", falling, solid, "holes") == (1, ["b3", "b4"])


def test_sf_fall_path_falls_back_to_the_holes_when_no_leap_reaches_solid_ground():
    board = board_for(3)
    # only e5 falls, every grave around it is gone and so is the ring beyond: no leap of one gap
    solid = {"a1", "a2", "b1"}
    assert escape(board, "e5", {"e5"}, solid, "adjacent") == escape(board, "e5", {"e5"}, solid, "holes")
    assert escape(board, "e5", {"e5"}, solid, "adjacent")[0] == 1


def test_sf_fall_path_option_defaults_to_adjacent():
    assert Shovelfight(3).options["fall_path"] == "adjacent"
    assert Shovelfight(3).spec()["options"]["fall_path"] == "adjacent"


def test_a_game_saved_before_fall_path_replays_with_holes():
    """A whole recorded game saved by the engine before the option: its history only leads to
    its stored position if falling wizards still pass over holes for free, so it gets
    fall_path="holes", and writes it out from then on."""
    doc = json.loads((SAVES / "before-fall-path.json").read_text())
    assert "fall_path" not in doc["game"]["options"]
    s = load_state(doc)
    assert s.game.options["fall_path"] == "holes" and s.is_terminal()
    assert load_state(s.to_json()).position() == s.position()
    doc["game"]["options"]["fall_path"] = "adjacent"
    with pytest.raises(Exception, match="cannot replay|does not lead"):
        load_state(doc)


def test_an_old_save_mid_fall_keeps_its_landing_choice():
    doc = json.loads((SAVES / "falling-strip-before-fall-path.json").read_text())
    s = load_state(doc)
    assert s.phase == "land" and s.teams[1].hits == 1 and s.game.options["fall_path"] == "holes"
    play(s, "land b4")
    assert s.teams[1].wizard == "b4"


def test_an_old_share_link_keeps_its_rules():
    """A share link made before the option (the falling strip's worm roll, by the engine of then)."""
    link = (SAVES / "falling-strip-link-before-fall-path.txt").read_text().strip()
    s = load_state(links.read_fragment(link))
    assert s.phase == "worm" and s.game.options["fall_path"] == "holes"
    play(s, "roll 1")
    assert s.teams[1].hits == 1


def test_an_old_save_where_a_fall_killed_past_a_leap_still_loads():
    """Saved before sf-simultaneous kept a fall together: a worm roll killed a wizard, another
    leapt, and the game went on. The deaths keep the moments they were saved with (the fall's
    memory of when it began killing, ``since``, is not written once the ground has settled)."""
    doc = json.loads((SAVES / "fall-killing-past-a-leap-before-since.json").read_text())
    s = load_state(doc)
    assert [t.out for t in s.teams] == [t["out"] for t in doc["position"]["teams"]]
    assert "since" not in s.position()


def test_an_old_save_ended_by_the_first_end_check_still_loads_as_it_was_scored():
    """Saved before sf-simultaneous waited for the ground: the worms killed player 2 and the
    game ended at once, player 1 winning though every leap left would have dropped it. The game
    keeps the rules it was played by (Shovelfight.legacy), so its history still leads to its
    position; the same history under today's rules does not, and is refused."""
    doc = json.loads((SAVES / "last-leap-won-before-the-fix.json").read_text())
    s = load_state(doc)
    assert s.game.legacy and s.is_terminal() and s.returns() == [1.0, 0.0, 0.0]
    again = load_state(s.to_json())  # saved again, it is still the game it was
    assert again.game.legacy and "fall_path" not in again.to_json()["game"]["options"]
    assert again.position() == s.position()
    doc["game"]["options"]["fall_path"] = "holes"
    with pytest.raises(Exception, match="does not lead"):
        load_state(doc)


def test_new_games_are_not_legacy():
    s = rolls(sc.last_leap_into_the_fall())
    assert not s.game.legacy and not load_state(s.to_json()).game.legacy

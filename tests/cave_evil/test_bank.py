"""The box's counted pieces (issue 28 M9): the resource bank, 16 fives, 20 threes and 30 ones of each
resource (170), and the 18 rock markers, three on every dig under way (rules ce-bank, ce-bank-rocks;
ruling ce-bank-how, game option ``bank``)."""

import pytest

from necro.cave_evil import bank as bk
from necro.cave_evil import examples as ex

from .helpers import check_combat, refused

card, at = ex.of_card, ex.at
WIN = ["first strength", "attacker rolls 12", "defender rolls 1", "second special", "attacker rolls 12",
       "defender rolls 1"]


def test_the_bank_holds_170_of_each_resource_and_18_rocks():
    assert bk.PER_RESOURCE == 16 * 5 + 20 * 3 + 30 * 1 == 170
    assert bk.ROCK_MARKERS == 18


def rich_fight(**options):
    """Player 2's three smalls carry 169 gore; player 1's squad II (a medium and a small: 3 gore)
    attacks them and dies."""
    s = ex.corridor([ex.squad(0, "II", at(3), card("attacktite"), card("caveling")),
                     ex.squad(1, "IV", at(4), card("ghoul"), card("caveling", 2), card("hunched-one"),
                              resources={"gore": 169})], **options)
    for a in ["fight II 1:IV"] + WIN:
        s.apply(a)
    return s


def test_the_slain_spill_only_the_gore_the_bank_still_holds():
    s = rich_fight()
    assert s.squads["1:IV"].resources == {"gore": 169}
    assert s.loot[str(at(3))]["gore"] == 1  # 1 of the 3: the bank is empty
    assert any(e.rule == "ce-bank-how" for e in s.steps[-1].log)
    check_combat(s)
    assert bk.in_bank(s, "gore") == 0


def test_an_unbounded_bank_spills_all_of_it():
    s = rich_fight(bank="unbounded")
    assert s.loot[str(at(3))]["gore"] == 3
    assert bk.in_bank(s, "gore") is None


def diggers(**options):
    """Six digs under way (18 rocks): player 1's squads I-IV, player 2's I-II; player 1's squad V
    could dig too."""
    spots = {"0:I": 0, "0:II": 2, "0:III": 4, "0:IV": 6, "1:I": 8, "1:II": 10}
    squads = [ex.squad(int(sid[0]), sid[2:], at(i), card("ratman", i + 1)) for sid, i in spots.items()]
    squads.append(ex.squad(0, "V", at(11), card("ratman", 20)))
    cards = ["antechamber", "antechamber", "antechamber", "antechamber", "crook", "crook"]
    digs = [ex.dig(sid, at(i), c) for (sid, i), c in zip(spots.items(), cards)]
    return ex.corridor(squads, digs=digs, **options)


@pytest.mark.parametrize("mode", ["dig", "collapse"])
def test_a_dig_waits_for_three_free_rock_markers(mode):
    s = diggers()
    assert bk.rocks_in_use(s) == 18
    assert not any(a.startswith(("dig V", "collapse V")) for a in s.legal_actions())
    refused(s, f"{mode} V", "ce-bank-rocks")
    free = diggers(bank="unbounded")
    assert f"{mode} V" in free.legal_actions()


def spawn_metals(left: int, **options):
    """A full game where ``left`` metals are left in the bank, and a spawn on the Pit rolling 4 metals."""
    import json

    from necro.cave_evil.game import CaveEvil

    from .test_full_game import at_actions
    s = at_actions()
    pos = json.loads(json.dumps(s.position()))
    n = next(q for q in pos["squads"] if q["id"] == "0:N")
    n["resources"] = dict(n.get("resources", {}), metals=n.get("resources", {}).get("metals", 0)
                          + bk.PER_RESOURCE - left - s.ledger["metals"])
    pos["queue"] = [{"do": "spawn", "roll": "regular", "at": str(s.ground.pit()), "player": 0}]
    s = CaveEvil(2, setup="quick", game="full", **options).state_from_position(pos, 7)
    s.force("spawn rolls 1", "spawn rolls 4")
    s.play_chance()
    s.play_chance()
    return s


@pytest.mark.parametrize("left, laid", [(2, 2), (0, None), (10, 4)])
def test_a_spawn_brings_only_what_the_bank_holds(left, laid):
    s = spawn_metals(left)
    pit = str(s.ground.pit())
    assert s.loot.get(pit, {}).get("metals") == laid
    assert bk.in_bank(s, "metals") == max(0, left - 4)
    check_combat(s)


def test_an_unbounded_bank_spawns_the_whole_roll():
    assert spawn_metals(0, bank="unbounded").loot[str(spawn_metals(0).ground.pit())]["metals"] == 4

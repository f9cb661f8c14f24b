"""The Evils' remaining rules (issue 28 M8; audit 3 M6): the Darkest Evil Bitch and a Necromancer
hemmed in by squads or collapse (rule ce-evil-bitch, ruling ce-evil-bitch-room); why a game with
her so often ends the moment she wakes (rules ce-evil-bitch, ce-evil-bitch-none, ce-last-standing)."""

import json

from necro.cave_evil import examples as ex
from necro.cave_evil.game import CaveEvil
from necro.cave_evil.hexes import parse_hex

from .test_full_game import bitch_game, end_cycle

BOTH_KILLED = [{"id": "ratman-x", "card": None, "size": "small", "owner": 1, "by": 0},
               {"id": "ghoul-y", "card": None, "size": "medium", "owner": 0, "by": 1}]
KINDS = ["caveling", "denizen", "minion", "humanoid"]
AROUND = ["-1+9", "-1+10", "+0+8", "+1+8"]  # the open spaces beside player 1's Necromancer on +0+9


def hemmed(free=0, monster=False):
    """:func:`bitch_game` with both players holding enemy kill points (player 1 the fewer, so she comes
    for it) and player 1's squads I-IV on the open spaces round its Necromancer, ``free`` of them
    left empty; ``monster``: a Wandering Monster on the last one instead of squad IV."""
    s = bitch_game(BOTH_KILLED)
    pos = json.loads(json.dumps(s.position()))
    for card, kind, h in zip(["I", "II", "III", "IV"], KINDS, AROUND[free:]):
        pos["piles"]["piles"]["bribe"][kind] -= 1  # the creature came out of the Bribe deck
        if monster and card == "IV":
            pos["squads"].append(ex.squad(None, "A", h, ex.of_card(kind, 9)))
        else:
            pos["squads"].append(ex.squad(0, card, h, ex.of_card(kind, 9), resources={"metals": 2}))
    return CaveEvil(2, setup="quick", game="full", awakening="short").state_from_position(pos, 7)


def test_a_necromancer_hemmed_in_by_squads_sees_them_all_destroyed_as_she_comes():
    s = end_cycle(hemmed(monster=True))
    assert s.combat is not None and s.combat["evil"] == "darkest-evil-bitch" and s.combat["attackers"] == ["0:N"]
    assert [q.id for q in s.squads if q.hex in {parse_hex(h) for h in AROUND}] == []
    assert {f"{k}-9" for k in KINDS} <= {d["id"] for d in s.dead}
    assert s.kill_points == [3.0, 6.0]  # nobody earns kill points from her
    assert s.loot["+0+8"]["gore"] == 1 and s.loot["+0+8"]["metals"] == 2
    assert any(e.rule == "ce-evil-bitch-room" for e in s.log)
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos


def test_one_free_space_beside_it_spares_the_squads_round_it():
    s = end_cycle(hemmed(free=1))
    assert s.combat is not None and s.combat["evil"] == "darkest-evil-bitch"
    assert {"0:I", "0:II", "0:III"} <= set(s.squads.by_id)
    assert not any(e.rule == "ce-evil-bitch-room" for e in s.log)


def test_she_ends_the_game_as_she_wakes_unless_two_necromancers_have_enemy_kill_points():
    """Issue 28 saw every bot game with her end the moment she woke: the text's rule, not a fault.
    Whoever has no enemy kill points dies as she wakes; one survivor is the last standing and wins
    without fighting her; none, and nobody wins."""
    one = end_cycle(bitch_game(BOTH_KILLED[:1]))
    assert one.is_terminal() and one.returns() == [1.0, -1.0]
    none = end_cycle(bitch_game([]))
    assert none.is_terminal() and none.returns() in ([-1.0, -1.0], [0.0, 0.0])
    both = end_cycle(bitch_game(BOTH_KILLED))
    assert not both.is_terminal() and both.combat["evil"] == "darkest-evil-bitch"

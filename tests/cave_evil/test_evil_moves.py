"""How the Eternal Evil Emperor and the Evil Black Old Goat move (issue 28, audit 3 D2-D4): the Emperor
fights a Wandering Monster in his path and walks on (rule ce-evil-emperor; ruling ce-evil-emperor-how);
both dig rock in their way with the top Excavation tile, laid by the player moving them (ruling
ce-evil-dig-who), the Emperor's over spawn pits and Lair shells too; the Goat runs on after tearing a
squad apart; option evil_digging="singles" keeps the older single-space digging (ruling
ce-evil-dig-singles)."""

import json

from necro.cave_evil import examples as ex
from necro.core import SPECTATOR
from necro.core.testing import check_actions, check_chance_notation, check_illegal_refused, check_round_trip
from necro.cave_evil.game import CaveEvil
from necro.cave_evil.hexes import neighbours, parse_hex

from .test_full_game import conserved, emperor_game, end_cycle, goat_game

EVENT = "event-spawn"


def take(pos, card):
    """``card`` taken out of the Conjuration Deck holding it (it is on the map now)."""
    deck = next(d for d, pile in pos["piles"]["piles"].items() if pile.get(card))
    pos["piles"]["piles"][deck][card] -= 1


def before_the_march(at=None, monster=None, beside=None, kind="ratman", **options):
    """The Emperor awake, the next cycle's Lair roll due; ``at``: where he stands; ``monster``: a
    Wandering Monster (a ``kind``) on that hex; ``beside``: player 2's squad I (a ghoul) on that hex."""
    s = end_cycle(emperor_game(), stop=lambda s: s.queue[:1] == [{"do": "lair"}])
    pos = json.loads(json.dumps(s.position()))
    if at is not None:
        next(q for q in pos["squads"] if q["id"] == "w:A")["at"] = at
    if monster is not None:
        take(pos, kind)
        pos["squads"].append(ex.squad(None, "B", monster, ex.of_card(kind, 9)))
    if beside is not None:
        take(pos, "ghoul")
        pos["squads"].append(ex.squad(1, "I", beside, ex.of_card("ghoul", 9)))
    game = CaveEvil(2, setup="quick", game="full", awakening="all", **options)
    return game.state_from_position(pos, 7)


def round_trip(s):
    """The engine contract at this decision: legal list, JSON, refusals, chance notation, the views."""
    pos = s.position()
    assert s.game.state_from_position(json.loads(json.dumps(pos))).position() == pos
    check_actions(s)
    check_round_trip(s, history=False)
    check_illegal_refused(s)
    check_chance_notation(s)
    for seat in (0, 1, SPECTATOR):
        assert s.view(seat)


# ------------------------------------------------------------------ D2: a Wandering Monster in his path
def test_the_emperor_fights_a_wandering_monster_in_his_path_and_walks_on():
    s = before_the_march(monster="+0+2", beside="+1+1")
    s.force("lair 1")
    s.play_chance()
    assert s.combat is not None and s.combat["attackers"] == ["evil"] and s.combat["defenders"] == ["w:B"]
    assert s.combat["control"] == {"attacker": "player", "defender": "wandering"}
    assert str(s.emperor().hex) == "+0+1" and "1:I" in s.squads  # the squad beside his path is ignored
    assert s.current_player() == 0 and all(a.startswith("first ") for a in s.legal_actions())
    assert any(e.rule == "ce-evil-emperor" and "falls upon" in e.text for e in s.log)
    round_trip(s)
    before = s.copy()
    s.apply("first strength")
    assert s.combat["order"][:2] and s.current_player() < 0  # the monster answered; dice now
    s.undo()
    assert s.position() == before.position()
    s.apply("first strength")
    while s.combat is not None:  # the Emperor rolls 12s, the monster 1s
        s.force("attacker rolls 12" if s.chance_outcomes()[0][0].startswith("attacker") else "defender rolls 1")
        s.play_chance()
    assert "w:B" not in s.squads and s.kill_points == [0.0, 0.0]  # nobody earns the monster's points
    assert str(s.emperor().hex) == "+0+4"  # he walks on the 3 spaces he had left
    assert not s.is_terminal()
    conserved(s)


def test_a_wandering_monster_that_beats_the_emperor_kills_him_and_nobody_wins():
    s = before_the_march(monster="+0+2", kind="ghoul")
    s.force("lair 1")
    s.play_chance()
    s.apply("first strength")
    while s.combat is not None:  # the Emperor rolls 1s, the monster 12s
        s.force("attacker rolls 1" if s.chance_outcomes()[0][0].startswith("attacker") else "defender rolls 12")
        s.play_chance()
    assert s.emperor() is None and "w:B" in s.squads and not s.is_terminal() and s.winner_player is None
    assert any(e.rule == "ce-evil-emperor-how" and "nobody wins" in e.text for e in s.log)
    conserved(s)


# ------------------------------------------------------------------ D3: the Emperor digs with Excavation tiles
def test_the_emperor_digs_with_the_top_excavation_tile_that_the_moving_player_lays():
    s = before_the_march(at="-1+6")
    s.force("lair 1")
    s.play_chance()
    assert s.queue[0] == {"do": "tile-draw", "evil": "eternal-evil-emperor", "at": "-1+7", "player": 0}
    assert s.is_chance_node() and s.chance_outcomes()
    s.force(f"excavation {EVENT}")
    s.play_chance()
    assert s.queue[0]["do"] == "tile-draw"  # an event is discarded and another card drawn
    s.force("excavation tunnel")
    s.play_chance()
    assert s.queue[0]["do"] == "tile" and s.current_player() == 0
    lays = s.legal_actions()
    assert 1 < len(lays) <= 6 and all(a.startswith("lay -1+7 r") for a in lays)
    assert s.explain_illegal("lay -1+9 r0")[0] == "ce-evil-emperor"
    round_trip(s)
    s.apply(lays[0])
    assert s.ground.is_open(parse_hex("-1+7")) and len(s.ground.evil) == 1
    assert s.steps[-1].rule == "ce-evil-emperor"
    assert s.combat is not None and s.combat["attackers"] == ["0:N"]  # he walked on to his prey
    round_trip(s)
    s.undo()
    assert s.queue[0]["do"] == "tile" and not s.ground.is_open(parse_hex("-1+7"))


def test_the_emperors_tiles_may_cover_spawn_pits_and_lair_shells_but_never_the_pit():
    s = before_the_march()
    g = s.ground.copy()
    shell = min(h for h in g.shell if any(g.is_open(n) for n in neighbours(h)))
    single = g.placement("single", shell, 0, "open")
    assert g.refusal(single).rule == "ce-protect-shell"
    g.place_for_evil(single)
    assert g.is_open(shell) and shell not in g.shell
    pit = next(h for h in g.spawn_pits if h != g.pit())
    g.place_for_evil(g.placement("single", pit, 0, "open"))
    assert pit not in g.spawn_pits
    assert g.evil_refusal(g.placement("single", g.pit(), 0, "open")).rule == "ce-evil-emperor-how"
    again = type(g).from_json(json.loads(json.dumps(g.to_json())))
    assert again == g and again.spawn_pits == g.spawn_pits and again.shell == g.shell


def test_with_evil_digging_singles_the_emperor_digs_a_single_space():
    s = before_the_march(at="-1+6", evil_digging="singles")
    s.force("lair 1")
    s.play_chance()
    assert s.ground.tile_at(parse_hex("-1+7")).tile.id == "single"
    assert s.combat is not None and s.combat["attackers"] == ["0:N"]


# ------------------------------------------------------------------ D4: the Goat
def awake_goat(at, **options):
    """The awake Goat standing on ``at``, the next cycle's D4 due."""
    s = end_cycle(goat_game(eye=47, revealed=True))
    pos = json.loads(json.dumps(s.position()))
    next(q for q in pos["squads"] if q["id"] == s.goat().id)["at"] = at
    s = CaveEvil(2, setup="quick", game="full", awakening="advanced", **options).state_from_position(pos, 7)
    return end_cycle(s, stop=lambda s: s.queue[:1] == [{"do": "goat"}])


def test_the_goat_digs_with_an_excavation_tile_and_runs_on_over_it():
    s = awake_goat("-3-1")  # south: rock on -3+0, then open ground on -3+1 and -3+2
    s.force("goat 3")
    s.play_chance()
    assert s.queue[:2] == [{"do": "tile-draw", "evil": "evil-black-old-goat", "at": "-3+0", "player": 0},
                           {"do": "rampage", "path": ["-3+0", "-3+1", "-3+2"], "player": 0}]
    s.force(f"excavation {EVENT}")
    s.play_chance()
    s.force("excavation single")
    s.play_chance()
    assert s.current_player() == 0 and s.legal_actions() == ["lay -3+0 r0"]  # one way for a Single
    assert s.explain_illegal("lay -3+1 r0")[0] == "ce-evil-goat"
    round_trip(s)
    s.apply("lay -3+0 r0")
    assert s.steps[-1].rule == "ce-evil-goat" and s.ground.tile_at(parse_hex("-3+0")).tile.id == "single"
    assert str(s.goat().hex) == "-3+2" and not s.ground.evil  # he ran on over it
    s.undo()
    assert not s.ground.is_open(parse_hex("-3+0")) and str(s.goat().hex) == "-3-1"


def test_the_goat_runs_on_after_tearing_apart_a_wandering_monster_in_his_way():
    s = awake_goat("+0+1")
    pos = json.loads(json.dumps(s.position()))
    take(pos, "ratman")
    pos["squads"].append(ex.squad(None, "B", "+0+3", ex.of_card("ratman", 9)))
    s = s.game.state_from_position(pos, 7)
    s.force("goat 3")  # south, along +0+2, +0+3, +0+4
    s.play_chance()
    assert "w:B" not in s.squads and str(s.goat().hex) == "+0+4"
    conserved(s)


def test_with_evil_digging_singles_the_goat_digs_a_single_space():
    s = awake_goat("-3-1", evil_digging="singles")
    s.force("goat 3")
    s.play_chance()
    assert s.ground.tile_at(parse_hex("-3+0")).tile.id == "single" and str(s.goat().hex) == "-3+2"

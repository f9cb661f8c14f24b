"""The heuristic bot's own turn (necro/cave_evil/bots/scoring.py): each legal action scored by the
function of its kind, so that it spends its Necromancer's once-per-game power when it gains clearly,
hires a good Wandering Monster it can pay for, and, playing against itself, wins games the Darkest
Evil Bitch and the Evil Black Old Goat used to end for everybody (both players without enemy kill
points when she woke; doom, nobody daring a fight, against the Goat)."""

import json

from necro.cave_evil import bots as cb
from necro.cave_evil.bots import scoring
from necro.cave_evil.bots.knowledge import _cost
from necro.cave_evil.game import CaveEvil

from .test_full_bots import at_actions, with_monster


def pit_awake(state):
    """``state`` with the Pit of Infinite Shadow awake since cycle 0 (its leap open this cycle)."""
    pos = json.loads(json.dumps(state.position()))
    pos["track"] = {"position": 59, "reveal_due": False, "revealed": True, "awakened": True, "stopped": False,
                    "doomed": False}
    pos["awake_cycle"] = 0
    return state.game.state_from_position(pos, 7)


def test_the_rotten_magi_teleports_towards_the_awake_pit():
    """Squad N on its Lair, nine spaces from The Pit, walks three a turn: the teleport (five spaces
    through rock, and it may walk on after it) is the power's best use, and it spends it now."""
    s = pit_awake(at_actions())
    n = s.squads["0:N"]
    before = s.ground.distance(n.hex, s.ground.pit())
    action = cb.HeuristicBot(1).choose(s)
    assert action.startswith("teleport N ")
    s.apply(action)
    assert s.ground.distance(s.squads["0:N"].hex, s.ground.pit()) <= before - 4
    assert s.powers_used == [0]


def test_it_keeps_its_power_while_the_evil_sleeps():
    s = at_actions()
    assert any(a.startswith("teleport ") for a in s.legal_actions())
    assert not cb.HeuristicBot(1).choose(s).startswith("teleport ")


def test_it_hires_a_good_wandering_monster_it_can_pay_for():
    """A Ghoul beside squad N, and the 3 gore it costs in hand: hired (no fight, no Blood Eye step),
    not fought; without the gore it is not hired."""
    s = with_monster(at_actions(), "ghoul")
    s.squads["0:N"].resources = dict(_cost("ghoul"))
    assert "hire N w:A" in s.legal_actions() and cb.HeuristicBot(0).choose(s) == "hire N w:A"
    s.apply("hire N w:A")
    assert any(c.card == "ghoul" for sq in s.squads.of(0) for c in sq.creatures)
    poor = with_monster(at_actions(), "ghoul")
    poor.squads["0:N"].resources = {}
    assert "hire N w:A" not in poor.legal_actions()


def test_a_kind_is_played_only_through_its_scorer(monkeypatch):
    """The table from action kind to scorer decides: a kind without a scorer is never played on the
    bot's own turn, and one line in the table teaches it a new kind (as casting and bombs will be)."""
    s = at_actions()
    assert any(a.startswith("drop ") for a in s.legal_actions()) or any(a.startswith("meditate ") for a in s.legal_actions())
    kind = "drop" if any(a.startswith("drop ") for a in s.legal_actions()) else "meditate"
    monkeypatch.delitem(scoring.SCORERS, "meditate", raising=False)
    assert not cb.HeuristicBot(0).choose(s).startswith(kind + " ")
    monkeypatch.setitem(scoring.SCORERS, kind, lambda turn, action: 5000.0)
    assert cb.HeuristicBot(0).choose(s).startswith(kind + " ")


def self_play(evil: str, seed: int):
    """A 2-player full game (all five Evils shuffled, ``evil`` drawn), heuristic bots in both seats."""
    bots = [cb.HeuristicBot(10 * seed + k) for k in range(2)]
    s = CaveEvil(2, setup="quick", game="full", awakening="advanced").new_initial_state(seed)
    while not s.is_terminal():
        assert len(s.steps) < 20_000
        if s.is_chance_node():
            s.apply(f"evil {evil}") if s.queue and s.queue[0]["do"] == "awakening" else s.play_chance()
        else:
            s.apply(bots[s.current_player()].choose(s))
    return s


def test_against_itself_a_bitch_game_has_a_winner():
    """Before, both bots lacked enemy kill points when she woke and both died (the rule: a player
    without them dies at once), in all of the benchmark's games; now they win their first ones."""
    s = self_play(cb.BITCH, 0)
    assert 1.0 in s.returns()
    assert max(s.kill_points_by_kind()[0]) > 0


def test_against_itself_a_goat_game_has_a_winner():
    """Before, neither bot dared a fight, and the Blood Eye's second pass destroyed both (doom); now
    their squads stand beside the enemies they mean to attack and win the kill points that earn the
    sleeping Goat's blessing, or the last Necromancer standing wins."""
    s = self_play(cb.GOAT, 0)
    assert 1.0 in s.returns() and not s.track.doomed


# ------------------------------------------------------------------ spells and bombs
def test_the_bot_casts_slave_revolt_on_the_enemy_squad_it_sees():
    """A carried spell used to stay carried: the heuristic never cast. Now Slave Revolt, which
    takes an enemy squad away, is cast on player 2's squad I in sight (rule ce-cast)."""
    from .test_spells import table

    s = table(n_items=("slave-revolt",), monk_items=())
    assert "cast N slave-revolt 1:I" in s.legal_actions()
    assert cb.HeuristicBot(0).choose(s) == "cast N slave-revolt 1:I"


def test_the_bot_names_its_spells_in_a_fight_and_answers_with_its_own():
    """In a fight the attacker names its spells with its first attribute, the defender answers before
    the dice (ruling ce-cast-combat): the bot casts what it may on both sides."""
    from .test_spells import fighting_table

    s = fighting_table()
    s.apply("fight N 1:I")
    first = cb.HeuristicBot(0).choose(s)
    assert first.startswith("first ") and first.endswith(" cast lightning-speed")
    s.apply(first)
    assert cb.HeuristicBot(0).choose(s) == "defender casts blinding-prism"


def test_the_bot_throws_a_bomb_where_it_kills_the_enemy_not_its_own():
    """A bomb was never thrown. The bot throws it on an enemy squad when the blast spares its own."""
    from necro.cave_evil import examples as ex

    s = ex.full_table([ex.necromancer(0, "+0+9"),
                       ex.squad(0, "II", "+0+6", dict(ex.of_card("horned-hellion", 1), items=["bomb"])),
                       ex.squad(1, "I", "+0+4", ex.of_card("ghoul", 1), ex.of_card("hunched-one", 1))])
    bombs = [a for a in s.legal_actions() if a.startswith("bomb ")]
    assert bombs
    pick = cb.HeuristicBot(0).choose(s)
    assert pick.startswith("bomb II at ")
    assert scoring.SCORERS["bomb"] is not None


def test_the_bot_defending_with_the_sorceress_enthralls_its_attacker():
    """Before the dice the defender may use its power (ruling ce-power-when): the bot's Sorceress
    takes the attacking squad over, which calls the fight off and wins it a squad."""
    from .test_powers import attacked

    s = attacked("ice-dead-sorceress")
    assert cb.HeuristicBot(0).choose(s) == "enthrall N 0:I"


def test_the_bots_stabbist_picks_each_round_where_the_attacker_is_weakest():
    """Against a Stabbist the defender picks every round (rule ce-stabbist): the bot picks, of the
    attributes left, the one whose round the attacker is least likely to win."""
    from necro.cave_evil.odds import round_odds

    from .test_abilities import stab_arena

    s = stab_arena()
    s.apply("fight II 1:IV").apply("first armor").apply("attacker rolls 1").apply("defender rolls 12")
    rounds = round_odds(s.fight)
    pick = cb.HeuristicBot(0).choose(s)
    left = [a.split()[1] for a in s.legal_actions()]
    assert pick.startswith("second ") and rounds[pick.split()[1]] == min(rounds[a] for a in left)

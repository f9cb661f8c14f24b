"""Saving, loading, hostile positions, players' views, undo/redo/replay, and the simulator."""

import copy
import json

import pytest

from necro import cli
from necro.core import FormatError, load_state
from necro.core.rng import Rng
from necro.core.testing import json_paths
from necro.day_of_the_dead import DayOfTheDead, DayOfTheDeadState
from necro.day_of_the_dead import scenarios as sc
from necro.day_of_the_dead.board import LETTERS, is_card_id
from necro.day_of_the_dead.load import _walk

from .helpers import play


def random_state(seed, steps):
    """A new game played at random for ``steps`` steps (or to its end)."""
    s = DayOfTheDead().new_initial_state(seed)
    rng = Rng(seed + 1000)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.play_chance() if s.is_chance_node() else s.apply(rng.choice(s.legal_actions()))
    return s


def finish(s, seed=0, limit=500):
    rng = Rng(seed)
    for _ in range(limit):
        if s.is_terminal():
            return s
        s.play_chance() if s.is_chance_node() else s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------ round trips
@pytest.mark.parametrize("steps", [0, 19, 21, 40, 75, 120, 1000])
def test_round_trip_with_history_then_undo(steps):
    s = random_state(3, steps)
    loaded = load_state(json.dumps(s.to_json()), DayOfTheDead)
    assert loaded == s and loaded.rng == s.rng and loaded.forced == s.forced
    assert isinstance(loaded, DayOfTheDeadState) and loaded.status() == s.status()
    if s.steps:
        loaded.undo()
        s.undo()
        assert loaded == s
    assert DayOfTheDeadState.from_json(s.dumps()) == s


@pytest.mark.parametrize("name", list(sc.SCENARIOS))
def test_scenarios_round_trip(name):
    s = sc.SCENARIOS[name]()
    loaded = load_state(s.dumps(), DayOfTheDead)
    assert loaded == s and loaded.forced == s.forced
    assert s.copy() == s
    assert DayOfTheDead().state_from_position(s.position()) == s


def test_a_position_between_the_two_turn_1_cards_saves_and_undoes():
    s = sc.summoning_turn_1()
    play(s, "fallen Oaf")
    assert [len(line) for line in s.slots] == [1, 0]
    assert load_state(s.dumps(), DayOfTheDead) == s
    play(s, "fallen Anger")
    s.undo()
    assert [len(line) for line in s.slots] == [1, 0] and s.current_player() == 1


def test_undo_to_the_start_redo_to_the_end_and_replay():
    s = random_state(8, 1000)
    assert s.is_terminal()
    end = s.position()
    n = len(s.steps)
    steps = list(s.steps)
    while s.can_undo():
        s.undo()
    assert s.position() == DayOfTheDead().new_initial_state(8).position() and s.steps == []
    for _ in range(n):
        s.redo()
    assert s.position() == end and not s.can_redo()
    fresh = DayOfTheDead().new_initial_state(8)
    fresh.replay(steps)
    assert fresh.position() == end and [st.action for st in fresh.steps] == [st.action for st in steps]
    replayed = DayOfTheDead().new_initial_state(8).replay([st.to_json() for st in steps])
    assert replayed.position() == end


def test_a_history_that_does_not_lead_to_the_position_is_refused():
    s = random_state(4, 60)
    doc = s.to_json()
    doc["position"]["scores"] = [doc["position"]["scores"][0] + 1, doc["position"]["scores"][1]]
    with pytest.raises(FormatError) as info:
        load_state(doc, DayOfTheDead)
    assert info.value.path == "position"
    doc = s.to_json()
    doc["history"][25]["a"] = "spirit Q01"
    with pytest.raises(FormatError) as info:
        load_state(doc, DayOfTheDead)
    assert info.value.path == "history[25]"


# ------------------------------------------------------------------ hostile positions
def base():
    return sc.turn_5_conversion().position()


def get_path(pos, path):
    for key in path:
        pos = pos[key]
    return pos


def set_path(pos, path, value):
    node = pos
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def hostile_cases():
    pos = base()
    hand0 = pos["hands"][0][0]
    slot = pos["slots"][0][0][0]
    return [
        ("card in two places", lambda p: p["hands"][1].append(slot), "position.slots[0][0][0]"),
        ("card in hand and deck", lambda p: p["decks"]["D"].append(p["slots"][1][3][0]) if p["slots"][1][3][0][0] == "D"
         else p["decks"]["D"].append(p["spirits"][1]), "position.decks.D[34]"),
        ("unknown id", lambda p: p["hands"][0].append("D99"), "position.hands[0][1]"),
        ("not an id", lambda p: p["slots"][0][0].__setitem__(0, 7), "position.slots[0][0][0]"),
        ("line of 7", lambda p: [line.extend([[p["decks"]["P"].pop(), "active"], [p["decks"]["U"].pop(), "active"]])
                                 for line in p["slots"]], "position.slots[0]"),
        ("unequal lines", lambda p: p["slots"][1].pop(), "position.slots"),
        ("line longer than the turn", lambda p: p.update(turn=3), "position.slots"),
        ("bad queue step", lambda p: p["queue"].insert(0, ["teleport", 0]), "position.queue[0][0]"),
        ("queue step with a bad slot", lambda p: p["queue"].insert(0, ["fight", 9]), "position.queue[0][1]"),
        ("queue step with too many arguments", lambda p: p["queue"].insert(0, ["rewards", 1]), "position.queue[0]"),
        ("effect step the card lacks", lambda p: p["queue"].insert(0, ["step", 0, 1, slot, 5, 0]),
         "position.queue[0][4]"),
        ("missing cards", lambda p: p["discards"].update(X=[p["decks"]["D"].pop()]), "position"),
        ("pile of the wrong back", lambda p: p["discards"]["U"].append(p["decks"]["D"].pop()), "position.discards.U[0]"),
        ("score below 0", lambda p: p["scores"].__setitem__(1, -3), "position.scores[1]"),
        ("turn 7", lambda p: p.update(turn=7), "position.turn"),
        ("unknown key", lambda p: p.update(mood="grim"), "position"),
        ("task of an unknown kind", lambda p: p.update(task={"do": "dance", "p": 0}), "position.task.do"),
        ("option inside a position", lambda p: p.update(options={"final_tie": "fighters"}), "position.options.final_tie"),
        ("hand card of nobody", lambda p: p["hands"].append([hand0]), "position.hands"),
    ]


@pytest.mark.parametrize("label,mutate,path", hostile_cases(), ids=[c[0] for c in hostile_cases()])
def test_hostile_positions_give_format_errors_with_a_path(label, mutate, path):
    pos = copy.deepcopy(base())
    pos["decks"] = {L: list(v) for L, v in pos["decks"].items()}
    mutate(pos)
    with pytest.raises(FormatError) as info:
        DayOfTheDead().state_from_position(pos)
    assert info.value.path == path or info.value.path.startswith(path + "."), (info.value.path, info.value.reason)
    assert info.value.reason


def test_hostile_documents():
    s = sc.spook()
    for mutate, path in [
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d["game"].update(id="graveyard-shift"), "game.id"),
        (lambda d: d["game"].update(options={"final_tie": "coin"}), "game.options"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(start=None), "start"),
        (lambda d: d.update(history=[{"a": "pass"}]), "history[0]"),
    ]:
        doc = s.to_json()
        mutate(doc)
        with pytest.raises(FormatError) as info:
            load_state(doc, DayOfTheDead)
        assert info.value.path == path, (info.value.path, info.value.reason)


def _junk(rng):
    return rng.choice([None, -1, 0, 1, 2, 7, 10**9, "x", "D", "D01", "U38", [], [1], ["D01", "active"],
                       ["fight", 1], {}, {"do": "spirit", "p": 0}, True, 2.5])


TABLE_PARTS = ("hands", "slots", "spirits", "decks", "discards", "looking", "scores", "priority", "marks", "over")


def fuzz(parts, runs=400, seed=91):
    """Random parts of real positions replaced by junk: a FormatError or a playable state, nothing else."""
    rng = Rng(seed)
    sources = [random_state(seed, n).position() for seed, n in ((1, 30), (2, 70), (3, 110))]
    sources += [f().position() for f in sc.FAQ.values()]
    loaded = 0
    for n in range(runs):
        pos = json.loads(json.dumps(sources[n % len(sources)]))
        paths = [p for p in json_paths(pos) if p and p[0] in parts]
        cards = [p for p in paths if is_card_id(get_path(pos, p))]
        if n % 2 or not cards:  # junk anywhere
            set_path(pos, rng.choice(paths), _junk(rng))
        else:  # a plausible table: two cards change places, or a fighter turns over
            a, b = rng.choice(cards), rng.choice(cards)
            va, vb = get_path(pos, a), get_path(pos, b)
            set_path(pos, a, vb)
            set_path(pos, b, va)
            states = [p for p in paths if get_path(pos, p) in ("active", "fallen")]
            if states and rng.randbelow(2):
                target = rng.choice(states)
                set_path(pos, target, "active" if get_path(pos, target) == "fallen" else "fallen")
        try:
            s = DayOfTheDead().state_from_position(pos)
        except FormatError:
            continue
        loaded += 1
        for _ in range(60):
            if s.is_terminal():
                break
            s.play_chance() if s.is_chance_node() else s.apply(rng.choice(s.legal_actions()))
    return loaded


def test_fuzzed_tables_never_crash():
    assert fuzz(TABLE_PARTS, runs=800) > 100


def test_fuzzed_turn_bookkeeping_never_crashes():
    fuzz(("queue", "task", "fight", "turn"), runs=600)


def test_a_hand_too_short_for_the_game_is_refused():
    """Two cards each on turn 1, but five more spirits to lay: a slot would open with no spirit."""
    pos = sc.oaf_v_anger().position()
    for hand in pos["hands"]:
        del hand[2:]  # the rest go back to the decks
    with pytest.raises(FormatError) as info:
        DayOfTheDead().state_from_position(pos)
    assert info.value.path.startswith("position")


def test_a_queued_fight_beyond_the_lines_is_refused():
    pos = sc.spy().position()  # turn 1, one slot
    pos["queue"].insert(0, ["fight", 2])
    with pytest.raises(FormatError) as info:
        DayOfTheDead().state_from_position(pos)
    assert info.value.path.startswith("position")


# ------------------------------------------------------------------ views
def hidden_from(s, p):
    """Card ids player ``p`` may not see: the other's hand, face-down cards and spirit, the decks, and
    cards being looked at by the other player."""
    o = 1 - p
    hidden = set(s.hands[o]) | {c for c, up in s.slots[o] if not up} | {c for L in LETTERS for c in s.decks[L]}
    if s.spirits[o]:
        hidden.add(s.spirits[o])
    if not (s.task and s.task.get("p") == p):
        hidden |= set(s.looking)
    return hidden


def ids_in(value):
    found = set()
    _walk(value, lambda v: found.add(v) if is_card_id(v) else None)
    return found


VISIBLE_PARTS = ("hands", "slots", "spirits", "decks", "discards", "looking")


def test_a_view_hides_the_other_hand_face_down_cards_and_the_decks():
    for seed in range(6):
        s = DayOfTheDead().new_initial_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for p in (0, 1):
                v = s.view(p)
                o = 1 - p
                withheld = s.first_card_withheld(p)  # the pair's first card, still in hand as p sees it
                hand = sorted(s.hands[o] + ([withheld] if withheld else []))
                assert v["hands"][p] == s.hands[p] and v["hands"][o] == [c[0] for c in hand]
                if withheld:
                    assert withheld[0] not in (v["spirits"][o] or "") and len(v["slots"][o]) <= len(s.slots[o])
                    continue
                assert v["decks"] == {L: [L] * len(s.decks[L]) for L in LETTERS}
                for (c, state), (real, up) in zip(v["slots"][o], s.slots[o]):
                    assert c == (real if up else real[0])
                assert v["spirits"][o] == (s.spirits[o][0] if s.spirits[o] else None)
                assert v["spirits"][p] == s.spirits[p]
                leaked = leaks(s, p)
                assert not leaked, (p, leaked, s.status())
                faces = s.decorate_view({k: v[k] for k in VISIBLE_PARTS})["cards"]
                assert not set(faces) & hidden_from(s, p)
            s.play_chance() if s.is_chance_node() else s.apply(rng.choice(s.legal_actions()))


def test_a_view_hides_face_down_cards_in_the_task_and_queue_too():
    s = sc.unearth_oaf()
    play(s, "spirit Spook", "spirit Greed")  # player 1's Unearth spirit acts; its options include itself
    assert s.task["do"] == "target" and s.task["p"] == 0
    leaked = ids_in(s.view(1)) & hidden_from(s, 1)
    assert not leaked, leaked


def leaks(s, p):
    """Hidden cards that ``p``'s view names. A card silenced by a copy (marks.quiet) was face up when it
    was copied, so both players know it even once it lies face down or becomes the spirit."""
    v = s.view(p)
    v = dict(v, marks={k: x for k, x in v["marks"].items() if k != "quiet"})
    return ids_in(v) & hidden_from(s, p)


@pytest.mark.parametrize("seed", range(4))
def test_a_masked_view_loads_back_into_a_playable_state(seed):
    """Every third position of a random game, seen by either player, names no hidden card, loads, and
    plays on to the end."""
    game = random_state(seed, 1000)
    tested = 0
    for n in range(0, len(game.steps), 3):
        s = random_state(seed, n)
        for p in (0, 1):
            assert not leaks(s, p), (p, leaks(s, p))
            v = s.view(p)
            loaded = DayOfTheDead().state_from_position(v)
            assert loaded.view(p)["hands"][p] == v["hands"][p] and loaded.slots[p] == s.slots[p]
            assert loaded.current_player() == s.current_player() and loaded.scores == s.scores
            assert [len(x) for x in loaded.decks.values()] == [len(x) for x in s.decks.values()]
            finish(loaded, seed)
            tested += 1
    assert tested > 40


def test_a_masked_view_in_the_middle_of_an_unearth_loads():
    s = sc.unearth_oaf()
    s.forced.clear()
    play(s, "spirit Spook", "spirit Greed", "unearth Spook")
    assert s.task["do"] == "take"
    DayOfTheDead().state_from_position(s.view(1))


def test_masked_views_of_every_faq_table_load():
    for name, fn in sc.FAQ.items():
        s = fn()
        s.forced.clear()
        for p in (0, 1):
            assert not leaks(s, p)
            finish(DayOfTheDead().state_from_position(s.view(p)), 7)


def test_log_notation_hides_the_other_players_face_down_choice():
    s = random_state(5, 30)
    for step in s.steps:
        for viewer in (0, 1):
            shown = s.mask_notation(step.action, step.player, viewer)
            verb, _, arg = step.action.partition(" ")
            if verb in ("fallen", "spirit") and arg == s.first_card_withheld(viewer):
                assert shown == verb, "the pair's first card: not even its back yet"
            elif verb == "draw" or (verb in ("fallen", "spirit", "take") and step.player != viewer):
                assert shown == f"{verb} {arg[0]}"
            else:
                assert shown == step.action


# ------------------------------------------------------------------ the simulator
def test_cli_simulate_four_games(capsys):
    assert cli.main(["simulate", "day-of-the-dead", "--games", "4", "--seed", "3", "--processes", "1",
                     "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["games"] == 4 and len(out["games"]) == 4
    assert sum(out["summary"]["wins"]) + out["summary"]["draws"] == 4
    assert [g["seed"] for g in out["games"]] == [3, 4, 5, 6]
    assert cli.main(["simulate", "day-of-the-dead", "--games", "4", "--processes", "1"]) == 0
    assert "day-of-the-dead: 4 games" in capsys.readouterr().out

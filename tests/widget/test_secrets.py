"""Secrets stay secret in the book: no stored view shows what its seat may not see.

A page stores views: the widget's current view and, for the static book, a
precomputed graph of views (necro/widget/view.py). A board with no seat shows
the deciding player's view (hot-seat play), and a spectator's at a chance step;
either way no other player's hand and no face-down card may be in the page,
where a reader could read them in the page source. Each game with secrets says
here what a leak looks like; the scan covers every GameWidget of every chapter
notebook (the built pages are made from them).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from necro.core import SPECTATOR, Game, State
from necro.widget import HOT_SEAT
from necro.widget.play import TABLE_UNLESS_ONE_HUMAN
from necro.widget.view import node_views

BOOK = Path(__file__).resolve().parents[2] / "book"
NOTEBOOKS = sorted(BOOK.rglob("*.ipynb"))
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _shovelfight(position: dict, seat) -> list[str]:
    dug = set(position.get("dug", []))
    return [f"face-down grave {g} shows {c}" for g, c in position.get("graves", {}).items() if c and g not in dug]


def _day_of_the_dead(position: dict, seat) -> list[str]:
    out = []
    for p in (0, 1):
        if p == seat:
            continue
        out += [f"player {p + 1}'s hand shows {c}" for c in position["hands"][p] if len(c) > 1]
        out += [f"player {p + 1}'s fallen card {c}" for c, s in position["slots"][p] if s == "fallen" and len(c) > 1]
        spirit = position["spirits"][p]
        if spirit and len(spirit) > 1:
            out.append(f"player {p + 1}'s face-down spirit {spirit}")
    out += [f"deck {k} shows {c}" for k, cards in position["decks"].items() for c in cards if c != k]
    return out


def _cave_evil(position: dict, seat) -> list[str]:
    out = [f"a face-down dig card {d['card']}" for d in position.get("digs", [])
           if d["stage"] == "digging" and d["card"] not in (None, "?")]
    if "hands" not in position:
        return out
    out += [f"player {p + 1}'s hand shows {x}" for p, hand in enumerate(position["hands"]) if p != seat
            for x in hand if not x.endswith(":?")]
    if not position["track"]["revealed"] and position["evil"] not in (None, "?"):
        out.append(f"the face-down Awakening Evil {position['evil']}")
    if "piles" in position["piles"]:
        out.append("what the Conjuration Decks hold")
    return out


LEAKS = {"shovelfight": _shovelfight, "day-of-the-dead": _day_of_the_dead, "cave-evil": _cave_evil}
"""For each game with secrets: what its views must never show to ``seat`` (None: a spectator)."""


TABLE_NEVER_READS = {
    "day-of-the-dead": re.compile(r"^draw [DPU]\d"),  # which card was drawn
    "cave-evil": re.compile(r"^(face-down|evil) (?!\?)"),  # a dig's face-down card, the face-down Evil
}
"""For each game with secrets: notations its logs never show anyone (every seat reads them masked)."""


def notation_leaks(game: str, view: dict, node: dict | None = None) -> list[str]:
    """Secrets in the notations a stored view (and its graph node) carries: log lines the table
    never reads in clear, and a list of choices shown to a seat that is not the one deciding."""
    pattern = TABLE_NEVER_READS.get(game)
    out = [f"log line {e['a']!r}" for e in view.get("log", []) if pattern and pattern.match(e.get("a") or "")]
    actions = (node or view).get("actions", [])
    if node is not None:
        out += [f"step {a['m']!r}" for a in actions if pattern and pattern.match(a.get("m") or "")]
    seat, decider = view.get("seat"), view.get("to_move")
    if (game in LEAKS and seat is not None and isinstance(decider, int) and decider != seat and actions):
        out.append(f"player {decider + 1}'s {len(actions)} choices listed to seat {seat + 1}, e.g. {actions[0]['a']!r}")
    return out


def _games() -> list[type[Game]]:
    from necro.core.registry import game_classes

    return game_classes()


def test_every_game_that_hides_something_says_what_a_leak_is():
    hiding = {g.id for g in _games() if g.state_class.hides_something()}
    assert hiding and hiding <= set(LEAKS), sorted(hiding - set(LEAKS))


def stored_models(notebook: Path) -> dict:
    """The widget models a notebook stores (what the built page carries), by model id."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    return nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def stored_views(notebook: Path) -> list[tuple[str, dict]]:
    """``(where, view)`` for the current view and every graph node of each GameWidget stored."""
    models = stored_models(notebook)
    out = []
    for model_id, model in sorted(models.items()):
        state = model.get("state", {})
        if not str(state.get("_anywidget_id", "")).endswith("GameWidget"):
            continue
        if isinstance(state.get("view"), dict) and state["view"]:
            out.append((f"{model_id} view", state["view"]))
        graph = state.get("graph")
        if isinstance(graph, dict) and graph.get("nodes"):
            game = graph["common"]["game"]
            out += [(f"{model_id} node {i}", dict(v, game=game)) for i, v in enumerate(node_views(graph))]
    return out


def stored_notations(notebook: Path) -> list[tuple[str, str, dict, dict | None]]:
    """``(where, game, view, graph node or None)`` for what each stored GameWidget's notations
    can show: its current view, its graph's first log and every node with its steps."""
    models = stored_models(notebook)
    out = []
    for model_id, model in sorted(models.items()):
        state = model.get("state", {})
        view = state.get("view")
        if not str(state.get("_anywidget_id", "")).endswith("GameWidget") or not isinstance(view, dict) or not view:
            continue
        out.append((f"{model_id} view", view["game"], view, None))
        graph = state.get("graph")
        if isinstance(graph, dict) and graph.get("nodes"):
            game = graph["common"]["game"]
            root_log = {"log": [{"a": line[3]} for line in graph["root_log"]]}
            out.append((f"{model_id} graph log", game, root_log, None))
            out += [(f"{model_id} node {i}", game, node["view"], node) for i, node in enumerate(graph["nodes"])]
    return out


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_no_stored_view_shows_a_secret_of_another_seat(notebook):
    found = []
    for where, view in stored_views(notebook):
        leaks = LEAKS.get(view.get("game"))
        if leaks and isinstance(view.get("position"), dict):
            found += [f"{where}: {leak}" for leak in leaks(view["position"], view.get("seat"))]
    assert not found, f"{len(found)} secrets in the page, e.g. " + "; ".join(found[:5])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_no_stored_notation_shows_a_secret(notebook):
    """Nor do the notations: the log's, a graph's steps, or the choices of a player listed to another seat (the computer's
    hand, once, on the Day of the Dead page that plays against it)."""
    found = [f"{where}: {leak}" for where, game, view, node in stored_notations(notebook)
             for leak in notation_leaks(game, view, node)]
    assert not found, f"{len(found)} secrets in the page's notations, e.g. " + "; ".join(found[:5])


def test_the_notation_scan_finds_a_secret_when_one_is_there():
    """Logs read unmasked, and choices listed to the other seat, are caught."""
    from necro.day_of_the_dead import DayOfTheDead
    from necro.widget.view import action_entries, build_view, log_entries

    d = DayOfTheDead().new_initial_state(1)
    while d.is_chance_node():
        d.play_chance()
    other = 1 - d.current_player()
    view = build_view(d, viewer=other)
    assert view["hidden_choices"] and not notation_leaks("day-of-the-dead", view)
    assert notation_leaks("day-of-the-dead", dict(view, actions=action_entries(d)))
    assert notation_leaks("day-of-the-dead", dict(view, log=log_entries(d)))  # the log with no viewer
    assert not notation_leaks("day-of-the-dead", build_view(d))  # hot seat: the decider's own


def test_the_scan_finds_a_secret_when_one_is_there():
    """A view built without hiding (the whole position) is caught for each game."""
    from necro.cave_evil import CaveEvil
    from necro.day_of_the_dead import scenarios as dotd
    from necro.shovelfight import scenarios as sf

    s = CaveEvil(2, setup="quick", game="full").new_initial_state(1).apply("first 1")
    while s.queue[0]["do"] != "conjure":
        s.play_chance() if s.is_chance_node() else s.apply("start metals gore shadowflame")
    assert _cave_evil(s.position(), 0) and not _cave_evil(s.view(0), 0)
    d = dotd.unearth_oaf()
    assert _day_of_the_dead(d.position(), None) and not _day_of_the_dead(d.view(0), 0)
    f = sf.ace_push()  # a scenario lays a known card face down (c3: the Ace of clubs)
    assert _shovelfight(f.position(), None) and not _shovelfight(f.view(0), 0)


def test_a_seat_is_listed_its_own_choices_and_not_another_players_hand():
    """Each game with secrets: from the decider's seat the choices are listed; from another seat
    (or the spectator's) they are not when they would name a hidden card. Cave Evil's full game
    names the hand in plain notations (invoke, keep, box), so there the whole list is withheld;
    its map game, with no hand, withholds nothing."""
    from necro.cave_evil import CaveEvil
    from necro.core import SPECTATOR
    from necro.shovelfight import Shovelfight
    from necro.widget.view import build_view

    full = CaveEvil(2, setup="quick", game="full").new_initial_state(1).apply("first 1")
    while full.is_chance_node():
        full.play_chance()
    mapped = CaveEvil(2, setup="quick").new_initial_state(1)
    while mapped.is_chance_node():
        mapped.play_chance()
    shovel = Shovelfight(3).new_initial_state(1)
    while shovel.is_chance_node():
        shovel.play_chance()
    for state, hidden in ((full, True), (mapped, False), (shovel, False)):
        me = state.current_player()
        assert me >= 0 and build_view(state, viewer=me)["actions"]
        for other in (1 - me, SPECTATOR):
            view = build_view(state, viewer=other)
            assert view.get("hidden_choices", False) == hidden and bool(view["actions"]) != hidden


def test_the_draws_of_a_hidden_deck_are_not_listed_to_a_seat():
    """Day of the Dead's deal: the list of possible draws would show what the decks hold; a seat
    (and the spectator) gets only Roll. Hot-seat play, where the reader deals for the table,
    lists them with their odds."""
    from necro.core import SPECTATOR
    from necro.day_of_the_dead import DayOfTheDead
    from necro.widget.view import build_view

    state = DayOfTheDead().new_initial_state(3)
    assert state.is_chance_node() and str(state.chance_outcomes()[0][0]).startswith("draw ")
    for seat in (0, 1, SPECTATOR):
        view = build_view(state, viewer=seat)
        assert view["hidden_choices"] and view["actions"] == [] and view["to_move"] == "chance"
    assert len(build_view(state)["actions"]) == len(state.chance_outcomes())


def _face_down_known(doc: dict | None) -> set[tuple[str, str]]:
    """``(grave, card)`` for each card a saved Shovelfight game lays face down knowingly."""
    if not doc:
        return set()
    position = doc["position"]
    return {(g, c) for g, c in position["graves"].items() if c and g not in position["dug"]}


def test_no_shovelfight_page_carries_a_face_down_card_but_a_lessons():
    """Shovelfight deals a grave's card only when it is dug (ruling sf-deal-when-dug), so the
    saved games a page keeps for its in-browser engine hold no face-down card, except the ones
    a scenario lays knowingly for its lesson (the chapter text tells the reader of them)."""
    from necro.shovelfight import scenarios as sf

    lessons = set().union(*(_face_down_known(make().to_json()) for make in sf.SCENARIOS.values()))
    assert lessons, "some scenario lays a known card face down"
    found = []
    for notebook in NOTEBOOKS:
        models = stored_models(notebook)
        for model_id, model in sorted(models.items()):
            spec = model.get("state", {}).get("engine") or {}
            if spec.get("game") != "shovelfight":
                continue
            for key in ("doc", "initial"):
                found += [f"{notebook.name} {model_id} {key}: {g} holds {c}"
                          for g, c in sorted(_face_down_known(spec.get(key)) - lessons)]
    assert not found, f"{len(found)} face-down cards in the pages, e.g. " + "; ".join(found[:5])


def _fixed_seat(spec: dict, players: int) -> int | None:
    """The seat a stored board shows the game from: its player, the one seat no bot plays, by
    default the table (``SPECTATOR``); None for the hot seat."""
    player = spec.get("player")
    if player not in (HOT_SEAT, TABLE_UNLESS_ONE_HUMAN):
        return player
    humans = [s for s in range(players) if str(s) not in (spec.get("bot_names") or {})]
    if spec.get("bot_names") and len(humans) == 1:
        return humans[0]
    return SPECTATOR if player == TABLE_UNLESS_ONE_HUMAN else None


def test_a_board_shown_from_one_seat_keeps_no_other_seats_cards_for_its_engine():
    """Day of the Dead against the computer: the saved game a page keeps for its in-browser engine
    is a new deal of every card the human's seat cannot see (the computer's hand, the decks),
    with no history; the seat sees the very same table; and the deal depends on nothing hidden
    (two tables that differ only in hidden cards give the same one)."""
    from necro.core import RandomBot, Rng, load_state
    from necro.day_of_the_dead import DayOfTheDead
    from necro.day_of_the_dead.load import redealt
    from necro.widget import GameWidget

    state = DayOfTheDead().new_initial_state(2026)
    while state.is_chance_node():
        state.play_chance()
    spec = GameWidget(state, bots={1: RandomBot(1)}).engine
    sealed = load_state(spec["doc"])
    assert spec["doc"]["history"] == [] and spec["initial"] is None and spec["step"] == len(state.steps)
    assert sealed.view(0) == state.view(0) and sealed.hands[1] != state.hands[1]
    assert [c[0] for c in sealed.hands[1]] == [c[0] for c in state.hands[1]]
    other = DayOfTheDead().state_from_position(redealt(state.position(), 0, Rng(99)))
    assert other.hands[1] != state.hands[1]
    assert other.redeal_unseen(0, Rng(0)).position() == state.redeal_unseen(0, Rng(0)).position()
    # hot seat (a lesson that opens the hands): the engine goes on from the game itself, history and all
    assert GameWidget(state, player=HOT_SEAT).engine["doc"]["history"]
    # the default with no computer player is the table's view: sealed too, both hands dealt anew
    table = GameWidget(state).engine
    assert table["sealed"] and table["doc"]["history"] == []
    dealt = load_state(table["doc"])
    assert dealt.view(SPECTATOR) == state.view(SPECTATOR) and dealt.hands != state.hands


def test_a_sealed_day_of_the_dead_deal_keeps_the_fallen_card_its_seat_remembers():
    """A fighter that lost to the seat's card fell face down, but the seat saw it (``seen``): the
    page's new deal keeps it where it lies, and still deals anew what the seat never saw. (It was
    dealt anew, so a card the reader had seen could turn into another.)"""
    from necro.core import RandomBot, Rng
    from necro.day_of_the_dead import DayOfTheDead
    from necro.day_of_the_dead.load import redealt

    for seed in range(200):
        state = DayOfTheDead().new_initial_state(seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while not state.is_terminal() and not state.seen[0]:
            if state.is_chance_node():
                state.play_chance()
            else:
                state.apply(bots[state.current_player()].choose(state))
        if state.seen[0]:
            break
    assert state.seen[0], "no seeded game showed seat 1 a fallen card"
    remembered = state.seen[0][0]
    position = state.position()
    where = [k for k, (card, s) in enumerate(position["slots"][1]) if card == remembered]
    assert where  # a fallen fighter of seat 2's line (not a face-down spirit)
    hidden = sorted(position["hands"][1])
    moved = False
    for seed in range(20):
        dealt = redealt(position, 0, Rng(seed))
        assert [dealt["slots"][1][k][0] for k in where] == [remembered] * len(where)
        moved |= sorted(dealt["hands"][1]) != hidden
    assert moved or not hidden  # what the seat never saw is still dealt anew


def test_cave_evil_deals_anew_the_hands_the_looked_at_card_the_digs_and_the_evil():
    """Cave Evil's full game from seat 1: the other hand (by deck, no event), face-down dig cards
    and the face-down Evil are dealt anew; seat 1 sees the same table; the deal depends on
    nothing hidden."""
    from necro.cave_evil import CaveEvil
    from necro.cave_evil.redeal import redealt
    from necro.core import RandomBot, Rng

    state = CaveEvil(2, setup="quick", game="full", awakening="all").new_initial_state(1).apply("first 1")
    bot = RandomBot(3)
    def digging(state):
        return [d for d in state.position()["digs"] if d["stage"] == "digging"]

    while len(state.steps) < 300 or digging(state):  # on to a moment with no dig under way
        state.play_chance() if state.is_chance_node() else state.apply(bot.choose(state))
    assert not state.track.revealed and [d for d in state.position()["digs"] if d["stage"] == "digging"] == []
    sealed = state.redeal_unseen(0, Rng(0))
    assert sealed.view(0) == state.view(0) and sealed.hands[1] != state.hands[1]
    assert sealed.hands[0] == state.hands[0]
    assert [x.partition(":")[0] for x in sealed.hands[1]] == [x.partition(":")[0] for x in state.hands[1]]
    other = state.game.state_from_position(redealt(state.position(), 0, state.game.options, Rng(5)))
    assert other.hands[1] != state.hands[1]
    assert other.redeal_unseen(0, Rng(0)).position() == sealed.position()
    evils = {state.redeal_unseen(0, Rng(seed)).evil for seed in range(12)}
    assert len(evils) > 1, "the face-down Evil is drawn again"
    # a dig under way: its face-down card is dealt again from the excavation pile
    state = CaveEvil(2, setup="quick", game="full", awakening="all").new_initial_state(2).apply("first 1")
    while len(state.steps) < 600:
        state.play_chance() if state.is_chance_node() else state.apply(bot.choose(state))
    digging = [d["card"] for d in state.position()["digs"] if d["stage"] == "digging"]
    assert digging and all(d != "?" for d in digging)
    cards = {tuple(d["card"] for d in state.redeal_unseen(0, Rng(seed)).position()["digs"] if d["stage"] == "digging")
             for seed in range(12)}
    assert len(cards) > 1 and all(state.redeal_unseen(0, Rng(s)).view(0) == state.view(0) for s in range(3))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_stored_board_shown_from_one_seat_is_sealed(notebook):
    """No stored board of a game with hands shows the game from one seat while keeping the whole
    game (history and all) for its engine."""
    from necro.core.registry import game_class

    models = stored_models(notebook)
    found = []
    for model_id, model in sorted(models.items()):
        spec = model.get("state", {}).get("engine") or {}
        if not spec.get("doc") or spec["game"] not in LEAKS:
            continue
        players = len(model["state"]["view"]["players"])
        seat = _fixed_seat(spec, players)
        cls = game_class(spec["game"])
        if seat is not None and cls.state_class.redeal_unseen is not State.redeal_unseen:
            if spec["doc"].get("history") or spec.get("initial"):
                found.append(f"{model_id}: seat {seat}, {len(spec['doc']['history'])} steps kept")
    assert not found, found


def unknown_evils(spec: dict) -> list[str]:
    """The face-down Awakening Evils a stored engine spec keeps that nobody may know (the options
    shuffle more than the Pit), unless the spec is a sealed new deal."""
    found = []
    if spec.get("game") != "cave-evil" or spec.get("sealed"):
        return found
    for key in ("doc", "initial"):
        doc = spec.get(key)
        if not doc or "hands" not in doc["position"]:
            continue
        position, awakening = doc["position"], doc["game"]["options"].get("awakening", "pit")
        if position["evil"] is not None and not position["track"]["revealed"] and awakening != "pit":
            found.append(f"{key}: a face-down {position['evil']}")
    return found


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_no_stored_cave_evil_board_keeps_an_evil_nobody_knows(notebook):
    """A face-down Awakening Evil is a secret unless the options shuffle one card alone (the Pit):
    no page keeps such a secret for its engine (a board shown from one seat deals it anew; the
    book's hot-seat boards start before it is drawn, or shuffle the Pit alone)."""
    models = stored_models(notebook)
    found = [f"{model_id} {leak}" for model_id, model in sorted(models.items())
             for leak in unknown_evils(model.get("state", {}).get("engine") or {})]
    assert not found, found


def test_the_evil_scan_finds_one():
    from necro.cave_evil import CaveEvil
    from necro.core import RandomBot
    from necro.widget import GameWidget

    state = CaveEvil(2, setup="quick", game="full", awakening="all").new_initial_state(1).apply("first 1")
    bot = RandomBot(3)
    while state.evil is None:
        state.play_chance() if state.is_chance_node() else state.apply(bot.choose(state))
    assert unknown_evils(GameWidget(state, player=HOT_SEAT).engine)  # hot seat keeps it: the scan sees it
    assert not unknown_evils(GameWidget(state).engine)  # the table's view (the default): sealed
    assert not unknown_evils(GameWidget(state, player=0).engine)  # one seat: sealed


def graph_paths(graph: dict, limit: int = 80) -> list[list[str]]:
    """A path (notations from the root) to each node of a stored graph, breadth first, at most ``limit``."""
    paths, seen, todo = [], {graph["root"]}, [(graph["root"], [])]
    while todo and len(paths) < limit:
        node, path = todo.pop(0)
        paths.append(path)
        for action in graph["nodes"][node]["actions"]:
            if "to" in action and action["to"] not in seen:
                seen.add(action["to"])
                todo.append((action["to"], path + [action["a"]]))
    return paths


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_a_sealed_deal_shows_its_seat_every_position_the_page_precomputed(notebook):
    """A sealed page's engine goes on from where the reader clicked in the precomputed graph, by
    replaying the clicks on its new deal: every position of the graph must look the same there
    (same table, same choices), or the board would change under the reader's eyes."""
    from necro.widget.browser import Session
    from necro.widget.view import expand_view

    checked = 0
    for model_id, model in sorted(stored_models(notebook).items()):
        state = model.get("state", {})
        spec, graph = state.get("engine") or {}, state.get("graph") or {}
        if not spec.get("sealed") or not graph.get("nodes"):
            continue
        for path in graph_paths(graph):
            session = Session(spec, bot_seats=state["bot_seats"], auto_chance=state["auto_chance"], path=path,
                              advance=False)
            shown = expand_view(graph, path)
            where = f"{model_id} after {path}"
            # The graph's pooled dictionaries (card faces by id) are the union over its nodes: the
            # page holds every face the seat sees somewhere on the graph, the engine those it sees now.
            pooled = set(graph.get("pooled", {}))
            live, drawn = session.view["position"], shown["position"]
            assert {k: v for k, v in live.items() if k not in pooled} == \
                {k: v for k, v in drawn.items() if k not in pooled}, where
            assert all(live[key].items() <= drawn[key].items() for key in pooled), where
            assert [a["a"] for a in session.view["actions"]] == [a["a"] for a in shown["actions"]], where
            assert session.view["status"] == shown["status"], where
            checked += 1
    if notebook.name in {"playground.ipynb", "play.ipynb"} and notebook.parent.name != "shovelfight":
        assert checked, "the playground and the game against the computer have sealed boards"

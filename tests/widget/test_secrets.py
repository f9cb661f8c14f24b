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
from pathlib import Path

import pytest

from necro.core import Game, State
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


def _games() -> list[type[Game]]:
    from necro.core.registry import game_classes

    return game_classes()


def test_every_game_that_hides_something_says_what_a_leak_is():
    hiding = {g.id for g in _games() if g.state_class.hide is not State.hide}
    assert hiding and hiding <= set(LEAKS), sorted(hiding - set(LEAKS))


def stored_views(notebook: Path) -> list[tuple[str, dict]]:
    """``(where, view)`` for the current view and every graph node of each GameWidget stored."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    models = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
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


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_no_stored_view_shows_a_secret_of_another_seat(notebook):
    found = []
    for where, view in stored_views(notebook):
        leaks = LEAKS.get(view.get("game"))
        if leaks and isinstance(view.get("position"), dict):
            found += [f"{where}: {leak}" for leak in leaks(view["position"], view.get("seat"))]
    assert not found, f"{len(found)} secrets in the page, e.g. " + "; ".join(found[:5])


def test_the_scan_finds_a_secret_when_one_is_there():
    """A view built without hiding (the whole position) is caught for each game."""
    from necro.cave_evil import CaveEvil
    from necro.day_of_the_dead import scenarios as dotd
    from necro.shovelfight import Shovelfight

    s = CaveEvil(2, setup="quick", game="full").new_initial_state(1).apply("first 1")
    while s.queue[0]["do"] != "conjure":
        s.play_chance() if s.is_chance_node() else s.apply("start metals gore shadowflame")
    assert _cave_evil(s.position(), 0) and not _cave_evil(s.view(0), 0)
    d = dotd.unearth_oaf()
    assert _day_of_the_dead(d.position(), None) and not _day_of_the_dead(d.view(0), 0)
    f = Shovelfight(3).new_initial_state(1)
    while f.is_chance_node():
        f.play_chance()
    assert _shovelfight(f.position(), None) and not _shovelfight(f.view(0), 0)

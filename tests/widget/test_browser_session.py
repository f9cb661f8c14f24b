"""The in-browser engine's Python side (necro.widget.browser), in plain CPython.

A ``Session`` is what a Web Worker runs for one board of a static page: it
starts from the widget's ``engine`` trait, replays the path clicked in the
precomputed graph and then answers the front end's messages. These tests check
that it answers exactly as the kernel's ``GameWidget`` does, message for
message, that its start matches the page's graph, and that the packages the
book ships import and play without Jupyter, matplotlib or anything else.
"""

from __future__ import annotations

import base64
import io
import json
import os
import pickle
import subprocess
import sys
import zipfile

import pytest

from necro.book import build
from necro.core.rng import Rng
from necro.widget import GameWidget, expand_view
from necro.widget.browser import Session, _load, engine_spec, handle, prepare, safe_loads, start
from tests.core.toy import Toy


def graveyard():
    from necro.graveyard_shift import GraveyardShift
    from necro.graveyard_shift.bots import GreedyBot

    return GameWidget(GraveyardShift().new_initial_state(seed=7), bots={1: GreedyBot(seed=3)}, explore_depth=2)


def shovelfight():
    from necro.shovelfight import Shovelfight
    from necro.shovelfight.bots import HeuristicBot

    state = Shovelfight(3).new_initial_state(seed=2026)
    return GameWidget(state, bots={1: HeuristicBot(seed=1), 2: HeuristicBot(seed=2)}, explore_depth=1)


def shambling():
    from necro.shambling_dead import ShamblingDead
    from necro.shambling_dead.bots import AlwaysStand

    return GameWidget(ShamblingDead(2).new_initial_state(seed=31), bots={1: AlwaysStand(seed=1)}, explore_depth=2)


def shambling_odds():
    from necro.shambling_dead import scenarios
    from necro.shambling_dead.analysis import odds_insight

    return GameWidget(scenarios.hero_six(), auto_chance=False, insight=odds_insight, explore_depth=1)


def day_of_the_dead():
    from necro.day_of_the_dead import scenarios
    from necro.day_of_the_dead.bots import MonteCarloBot

    return GameWidget(scenarios.opening(2026), bots={1: MonteCarloBot(seed=1, rollouts=4)}, player=0,
                      explore_depth=1)


BOARDS = {"graveyard-shift": graveyard, "shovelfight": shovelfight, "shambling-dead": shambling,
          "shambling-dead-odds": shambling_odds, "day-of-the-dead": day_of_the_dead}


def session_of(widget, **kwargs) -> Session:
    spec = json.loads(json.dumps(widget.engine))  # as the page stores it
    return Session(spec, bot_seats=widget.bot_seats, auto_chance=widget.auto_chance, **kwargs)


def kernel_of(widget) -> GameWidget:
    """The kernel board a session of ``widget``'s page plays like: the widget itself, or, when its
    spec is sealed (a board shown from one seat of a game with hands), a board on the sealed deal,
    with the bots as the page stores them."""
    spec = widget.engine
    if not spec["sealed"]:
        return widget
    state = _load(spec["doc"], spec["prelude"])
    return GameWidget(state, bots=safe_loads(spec["bots"]) if spec["bots"] else None, player=widget.player,
                      auto_chance=widget.auto_chance)


def next_message(view, rng: Rng) -> dict:
    """A seeded mix of what a reader does: mostly legal actions, sometimes undo,
    redo, a roll, a computer move, an illegal action."""
    if view["terminal"]:
        return rng.choice([{"type": "undo"}, {"type": "reset"}])
    pick = rng.randbelow(20)
    if pick == 0:
        return {"type": "undo"}
    if pick == 1:
        return {"type": "redo"}
    if pick == 2:
        return {"type": "act", "a": "no-such-move"}
    if pick == 3:
        return {"type": "bot_move"}
    if view["to_move"] == "chance" and (pick == 4 or not view["actions"]):
        return {"type": "roll"}
    if not view["actions"]:
        return {"type": "roll"}
    return {"type": "act", "a": rng.choice([a["a"] for a in view["actions"]])}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_a_session_answers_every_message_as_the_kernel_widget_does(name):
    shown = BOARDS[name]()
    session = session_of(shown)
    widget = kernel_of(shown)
    assert session.view == widget.view
    # a sealed page starts from the very table its seat saw (its log gathered before step 1)
    assert session.view["position"] == shown.view["position"] and session.view["actions"] == shown.view["actions"]
    assert [e["text"] for e in session.view["log"]] == [e["text"] for e in shown.view["log"]]
    rng = Rng(11)
    steps = 40 if name in {"shambling-dead-odds", "day-of-the-dead"} else 120
    for i in range(steps):
        message = next_message(widget.view, rng)
        widget.handle(message)
        reply = session.handle(message)
        assert reply["error"] == widget.error, (i, message)
        assert reply["view"] == widget.view, (i, message)
        assert reply["bot_seats"] == widget.bot_seats
    # and the seat selector and a loaded position
    for message in ({"type": "seats", "bots": []}, {"type": "reset"},
                    {"type": "load_position", "text": widget.save()}, {"type": "load_position", "text": "{"}):
        widget.handle(message)
        assert session.handle(message)["view"] == widget.view, message
        assert session.error == widget.error


def test_the_engine_trait_names_the_graphs_root():
    widget = graveyard()
    spec = widget.engine
    assert spec["format"] == 1 and spec["game"] == "graveyard-shift"
    assert spec["step"] == widget.graph["root_step"] == len(widget.state.steps)
    assert spec["doc"] == widget.state.to_json()
    assert spec["initial"]["history"] == []  # reset goes back before the deal (auto_chance dealt it)
    assert spec["bot_names"] == {"1": "greedy"} and spec["insight"] is None
    json.dumps(spec)  # stored with the widget state
    widget.act(widget.view["actions"][0]["a"])
    widget.explorable(1)
    assert widget.engine["step"] == widget.graph["root_step"] == len(widget.state.steps)


def test_a_session_continues_the_path_clicked_in_the_graph():
    widget = shambling()
    graph = widget.graph
    node, path = graph["nodes"][graph["root"]], []
    while len(path) < 2:
        action = next(x for x in node["actions"] if "to" in x)
        path.append(action["a"])
        node = graph["nodes"][action["to"]]
    session = session_of(widget, path=path, advance=False)
    expected = expand_view(graph, path)
    assert session.view == expected
    # with the undone steps kept for redo
    session = session_of(widget, path=path[:1], redo=path[1:], advance=False)
    assert session.view["can_redo"] and session.view["step"] == expected["step"] - 1
    assert session.handle({"type": "redo"})["view"]["position"] == expected["position"]


def test_a_session_moves_for_chance_and_the_computer_where_the_graph_stopped():
    widget = graveyard()  # the computer plays seat 1; the graph walks its turns too
    graph = widget.graph
    node, path = graph["nodes"][graph["root"]], []
    while node["view"]["to_move"] != 1:
        action = next(x for x in node["actions"] if "to" in x)
        path.append(action["a"])
        node = graph["nodes"][action["to"]]
    session = session_of(widget, path=path)
    assert session.view["to_move"] != 1 and len(session.state.steps) > len(path)


def test_reset_returns_to_the_widgets_first_position():
    from necro.graveyard_shift import GraveyardShift

    widget = GameWidget(GraveyardShift().new_initial_state(seed=5))
    widget.act(widget.view["actions"][0]["a"])
    widget.explorable(1)
    spec = widget.engine
    assert spec["initial"] is not None and spec["step"] == len(widget.state.steps)
    session = session_of(widget)
    widget.reset()
    assert session.handle({"type": "reset"})["view"] == widget.view


def test_start_and_handle_speak_json_text():
    widget = graveyard()
    reply = json.loads(start("b1", json.dumps({"spec": widget.engine, "bot_seats": [1]})))
    assert reply["view"] == widget.view and reply["error"] == ""
    first = widget.view["actions"][0]["a"]
    widget.act(first)
    assert json.loads(handle("b1", json.dumps({"type": "act", "a": first})))["view"] == widget.view
    broken = dict(widget.engine, doc={**widget.engine["doc"], "position": {"nonsense": 1}})
    assert "refused" in json.loads(start("b2", json.dumps({"spec": broken})))["failed"]


def test_prepare_imports_the_games_it_knows_and_skips_the_rest():
    assert json.loads(prepare(json.dumps(["graveyard-shift", "no-such-game", 3]))) == ["graveyard-shift"]
    assert "necro.graveyard_shift" in sys.modules


def test_games_the_book_cannot_import_get_no_engine():
    assert GameWidget(Toy().new_initial_state(seed=1)).engine == {}


def local_insight(state):
    return {"title": "mine", "rows": []}


def test_what_cannot_travel_is_left_out_and_bots_fall_back_to_their_names():
    from necro.graveyard_shift import GraveyardShift

    class Local:
        name = "greedy"

        def choose(self, state):
            return state.legal_actions()[0]

    state = GraveyardShift().new_initial_state(seed=1)
    spec = engine_spec(state, bots={1: Local()}, insight=local_insight)
    assert spec["bots"] is None and spec["insight"] is None and spec["bot_names"] == {"1": "greedy"}
    session = Session(spec, bot_seats=[1])
    assert type(session._bot_for(1)).__name__ == "GreedyBot"


def test_pickles_are_read_back_only_as_necro_objects():
    evil = base64.b64encode(pickle.dumps(os.system)).decode()
    with pytest.raises(pickle.UnpicklingError, match="not a necro object"):
        safe_loads(evil)
    bot = safe_loads(base64.b64encode(pickle.dumps(Rng(3, 4))).decode())
    assert (bot.seed, bot.counter) == (3, 4)


ISOLATED = r"""
import json, sys
specs = json.load(open(sys.argv[1]))
from necro.widget import browser
for i, spec in enumerate(specs):
    reply = json.loads(browser.start(str(i), json.dumps({"spec": spec["engine"], "bot_seats": spec["bot_seats"]})))
    assert "view" in reply, reply
    for _ in range(5):
        view = reply["view"]
        message = {"type": "act", "a": view["actions"][0]["a"]} if view["actions"] else {"type": "roll"}
        reply = json.loads(browser.handle(str(i), json.dumps(message)))
        assert not reply["error"].startswith("internal"), reply["error"]
heavy = sorted(m for m in ("anywidget", "ipywidgets", "traitlets", "matplotlib", "tqdm", "IPython", "numpy")
               if m in sys.modules)
assert not heavy, heavy
print("ok", len(specs))
"""


def test_the_shipped_necro_leaves_the_publishing_side_out():
    """The book's build, live mode and chapter helpers (``necro/book/``) never run in the
    reader's browser, so the archive of ``necro`` it loads does not carry them."""
    data = next(data for name, _version, data in build.engine_archives() if name == "necro")
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert {"necro/core/game.py", "necro/widget/browser.py", "necro/widget/play.py"} <= set(names)
    assert [name for name in names if name.startswith("necro/book/")] == []


def test_the_shipped_packages_play_without_jupyter_or_other_libraries(tmp_path):
    """What the book ships to the browser, unpacked alone (no site-packages): every game's
    board starts and plays, and nothing optional (Jupyter, matplotlib, tqdm) is imported."""
    site = tmp_path / "site"
    for _name, _version, data in build.engine_archives():
        (tmp_path / "a.zip").write_bytes(data)
        with zipfile.ZipFile(tmp_path / "a.zip") as archive:
            archive.extractall(site)
    boards = [f() for f in BOARDS.values()]
    from necro.cave_evil import CaveEvil

    boards.append(GameWidget(CaveEvil(2).new_initial_state(seed=1)))
    specs = tmp_path / "specs.json"
    specs.write_text(json.dumps([{"engine": w.engine, "bot_seats": w.bot_seats} for w in boards]))
    script = tmp_path / "run.py"
    script.write_text(ISOLATED)
    # -I -S: no site-packages, no PYTHONPATH; only the standard library and the unpacked archives
    runner = f"import sys; sys.path.insert(0, {str(site)!r}); sys.argv = sys.argv[1:]; exec(open(sys.argv[0]).read())"
    result = subprocess.run([sys.executable, "-I", "-S", "-c", runner, str(script), str(specs)],
                            cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == f"ok {len(boards)}"

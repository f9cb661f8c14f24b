"""The engine the book ships to the browser (Pyodide, CPython in WebAssembly) plays
exactly as the Python engine: the same seeded actions through both, the same
positions and views at every step.

The in-browser side is what ``python -m necro.book.build assets`` writes to
``necro-js/engine/`` (the Pyodide runtime from npm, this package and networkx as
zip archives), loaded by Node the way ``widgets/engine-worker.js`` loads it
(``tests/widget/engine_node.mjs``). The messages are chosen on the Python side
(seeded random legal actions, undo, redo, a computer move now and then); Node
gets the same list and every reply must equal the Python reply.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from necro.book import build
from necro.core.rng import Rng
from necro.widget import GameWidget
from necro.widget.browser import Session

pytestmark = [pytest.mark.slow]

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]


@pytest.fixture(scope="module")
def engine_dir(tmp_path_factory) -> pathlib.Path:
    node = shutil.which("node")
    if node is None or not (REPO / "node_modules" / "pyodide").is_dir():
        message = "node or node_modules/pyodide is missing (./dev.sh setup installs them)"
        if os.environ.get("CI") or os.environ.get("NECRO_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    return build.prepare_engine(tmp_path_factory.mktemp("engine") / "engine")


def run_in_node(engine_dir: pathlib.Path, lines: list[dict]) -> tuple[dict, list[dict]]:
    text = "".join(json.dumps(line) + "\n" for line in lines)
    result = subprocess.run(["node", str(HERE / "engine_node.mjs"), str(engine_dir)], input=text,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    out = [json.loads(line) for line in result.stdout.splitlines()]
    return out[0]["ready"], out[1:]


def graveyard_match():
    from necro.graveyard_shift import GraveyardShift

    return GameWidget(GraveyardShift().new_initial_state(seed=2026))


def shambling_night():
    from necro.shambling_dead import ShamblingDead

    return GameWidget(ShamblingDead(2).new_initial_state(seed=31))


def shovelfight_game():
    from necro.shovelfight import Shovelfight
    from necro.shovelfight.bots import HeuristicBot

    return GameWidget(Shovelfight(3).new_initial_state(seed=5), bots={1: HeuristicBot(seed=1)})


def day_of_the_dead_game():
    from necro.day_of_the_dead import DayOfTheDead

    return GameWidget(DayOfTheDead().new_initial_state(seed=9), player=0)


def script(widget, seed: int, limit: int) -> tuple[Session, list[dict], list[dict]]:
    """Play ``widget``'s board in a Python session with seeded messages until the game
    ends (or ``limit``); returns the messages and the replies."""
    spec = json.loads(json.dumps(widget.engine))
    session = Session(spec, bot_seats=widget.bot_seats, auto_chance=widget.auto_chance)
    rng = Rng(seed)
    messages, replies = [], []
    for _ in range(limit):
        view = session.view
        if view["terminal"]:
            break
        pick = rng.randbelow(30)
        if pick == 0 and view["can_undo"]:
            message = {"type": "undo"}
        elif pick == 1 and view["can_redo"]:
            message = {"type": "redo"}
        elif pick == 2 and widget.bot_names:
            message = {"type": "bot_move"}
        elif not view["actions"]:
            message = {"type": "roll"}
        else:
            message = {"type": "act", "a": rng.choice([a["a"] for a in view["actions"]])}
        messages.append(message)
        replies.append(session.handle(message))
    return session, messages, replies


GAMES = {"graveyard-shift": (graveyard_match, 2000), "shambling-dead": (shambling_night, 600),
         "shovelfight": (shovelfight_game, 150), "day-of-the-dead": (day_of_the_dead_game, 200)}


def test_the_browser_engine_plays_the_same_positions_as_python(engine_dir):
    lines, expected = [], {}
    for name, (make, limit) in GAMES.items():
        widget = make()
        session, messages, replies = script(widget, seed=len(name), limit=limit)
        start = {"spec": widget.engine, "bot_seats": widget.bot_seats, "auto_chance": widget.auto_chance}
        lines.append({"kind": "start", "id": name, "request": json.dumps(start)})
        lines += [{"kind": "msg", "id": name, "message": json.dumps(m)} for m in messages]
        first = Session(json.loads(json.dumps(widget.engine)), bot_seats=widget.bot_seats,
                        auto_chance=widget.auto_chance).view  # a sealed spec starts on its own deal
        expected[name] = (first, messages, replies, session)
    ready, out = run_in_node(engine_dir, lines)
    assert ready["python"].startswith("3.") and ready["pyodide"]
    at = 0
    for name, (first, messages, replies, session) in expected.items():
        start = json.loads(out[at]["reply"])
        assert start["view"] == first, name
        for i, (message, reply) in enumerate(zip(messages, replies)):
            got = out[at + 1 + i]
            assert "reply" in got, (name, i, got)
            answer = json.loads(got["reply"])
            assert answer["view"]["position"] == reply["view"]["position"], (name, i, message)
            assert answer == json.loads(json.dumps(reply)), (name, i, message)
        at += 1 + len(messages)
        if name in {"graveyard-shift", "shambling-dead"}:
            assert session.view["terminal"], f"{name}: the scripted game did not reach its end"
    assert at == len(out)


def test_the_standard_library_ships_compiled_and_games_load_ahead(engine_dir):
    """Pyodide's standard library is shipped as bytecode (the npm package's zip holds
    sources, which every start would compile again), and ``prepare`` imports a game
    before any board of it starts."""
    import zipfile

    manifest = json.loads((engine_dir / "manifest.json").read_text())
    assert not (engine_dir / "pyodide" / "python_stdlib.zip").exists()
    names = zipfile.ZipFile(engine_dir / manifest["stdlib"]["file"]).namelist()
    assert "os.pyc" in names and "encodings/__init__.pyc" in names
    assert not [n for n in names if n.endswith(".py")]
    ready, out = run_in_node(engine_dir, [
        {"kind": "python", "code": "import sys; 'networkx' in sys.modules"},
        {"kind": "prepare", "games": ["shovelfight", "no-such-game"]},
        {"kind": "python", "code": "import sys; 'networkx' in sys.modules and 'necro.shovelfight' in sys.modules"},
        {"kind": "python", "code": "import os; os.__loader__.get_source('os') is None"},
    ])
    assert [json.loads(line["reply"]) for line in out] == [False, ["shovelfight"], True, True]

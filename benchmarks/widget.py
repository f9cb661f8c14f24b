"""Widget benchmark: static graph sizes and build times, live update costs.

Run ``python benchmarks/widget.py [--depths 1 2 3] [--game ID]``.

For every scenario of every registered game (functions of
``necro/<package>/scenarios.py`` callable without arguments) it prints the
size of the precomputed graph a chapter would embed (compact JSON; the budget
is about 300 KB per widget) and the time to build it, per depth, then the
cost of one live update (act, the view rebuilt) and of the view alone.
Nothing here asserts: the figures are for the report and for chapter authors
choosing ``explore_depth``.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import sys
import time
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from necro.core.registry import GAMES, game_class  # noqa: E402
from necro.widget import GameWidget, build_graph, build_view  # noqa: E402
from necro.widget.widget import MAX_GRAPH_BYTES  # noqa: E402


def scenarios(game_id: str):
    """``(name, factory)`` for each scenario of the game that takes no argument."""
    module_name = game_class(game_id).__module__.rsplit(".", 1)[0] + ".scenarios"
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return []
    found = []
    for name, fn in vars(module).items():
        if name.startswith("_") or not inspect.isfunction(fn) or fn.__module__ != module.__name__:
            continue
        params = inspect.signature(fn).parameters.values()
        if all(p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
               for p in params):
            found.append((name, fn))
    return found


def timed(fn, repeat: int = 1):
    start = time.perf_counter()
    for _ in range(repeat):
        result = fn()
    return result, (time.perf_counter() - start) / repeat


def bench_game(game_id: str, depths: list[int]) -> None:
    print(f"\n== {game_id}")
    header = "".join(f"  depth {d}: nodes   KB     ms" for d in depths)
    print(f"{'scenario':28s}{header}")
    for name, factory in scenarios(game_id):
        try:
            state = factory()
        except Exception as exc:  # a scenario that needs arguments after all
            print(f"{name:28s}  (skipped: {type(exc).__name__}: {exc})")
            continue
        if not hasattr(state, "game"):
            continue
        row = f"{name[:27]:28s}"
        for depth in depths:
            graph, seconds = timed(lambda: build_graph(state, depth))
            size = len(json.dumps(graph, separators=(",", ":")))
            flag = "!" if size > MAX_GRAPH_BYTES else " "
            row += f"  {len(graph['nodes']):13d} {size / 1000:6.1f}{flag}{seconds * 1000:6.0f}"
        print(row)

    state = game_class(game_id)().new_initial_state(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        widget = GameWidget(state)
    _, view_s = timed(lambda: build_view(widget.state), repeat=20)
    view_kb = len(json.dumps(widget.view, separators=(",", ":"))) / 1000
    acts, act_s = 0, 0.0
    while acts < 20 and widget.view["actions"] and not widget.view["terminal"]:
        notation = widget.view["actions"][0]["a"]
        _, seconds = timed(lambda: widget.act(notation))
        acts, act_s = acts + 1, act_s + seconds
    per_act = act_s / acts * 1000 if acts else float("nan")
    print(f"live: view {view_s * 1000:.2f} ms ({view_kb:.1f} KB at the start); "
          f"act + chance + view {per_act:.2f} ms (mean of {acts})")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    args = parser.parse_args(argv)
    for game_id in args.game or sorted(GAMES):
        try:
            game_class(game_id)
        except ImportError as exc:
            print(f"\n== {game_id}: not importable ({exc})")
            continue
        bench_game(game_id, args.depths)
    print(f"\n'!' marks a graph over the {MAX_GRAPH_BYTES // 1000} KB budget per widget.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

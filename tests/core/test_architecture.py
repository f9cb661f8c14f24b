"""The package's shape, read from its source: no import circles, and the engines stand alone.

The import graph is read statically (``ast``) from every module under ``necro/``, so
nothing is imported to check it and a circle is caught even on a code path that no
test runs. What counts as an edge ``a -> b`` (``b`` a module of ``necro``):

* every ``import`` and ``from ... import`` in ``a``, at module level *and* inside a
  function or method. An import moved into a function still makes the two modules
  depend on each other; it only postpones the failure to the first call, which is
  the usual way a circle gets hidden rather than removed. (Lazy imports of heavy
  outside libraries, Jupyter or tornado, do not concern this graph.)
* ``from pkg import name`` is an edge to the module ``pkg.name`` when that module
  exists, else to ``pkg`` itself (its ``__init__``).
* Importing ``pkg.mod`` is not counted as an edge to ``pkg``'s ``__init__``, though
  Python runs it first: a package's ``__init__`` importing its own modules would
  otherwise make every package a circle, and Python handles that case.
* Imports by name at run time (``importlib.import_module`` in ``necro.core.registry``
  and ``necro.core.edit``, which find a game from its id) are not in the graph: they
  are how the game-independent core reaches the games without depending on them.
"""

from __future__ import annotations

import ast
import pathlib

import networkx as nx

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "necro"

PUBLISHING = "necro.book"
WIDGETS = "necro.widget"


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, pathlib.Path]:
    """Every module of ``necro`` by its dotted name (a package by its own name)."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))
            if "__pycache__" not in path.parts}


def imported_modules(name: str, path: pathlib.Path, known: set[str]) -> set[str]:
    """The modules of ``necro`` that module ``name`` imports, anywhere in its source."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                       for alias in node.names]
        else:
            continue
        for target in targets:
            # "import necro.core.game as g" names the module itself; an unknown dotted
            # name (necro.core.game.State) falls back to its longest known prefix
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imported_modules(name, path, known) for name, path in found.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``, each written ``[a, b, ..., a]``: for every group of
    modules that reach one another (a strongly connected component), the shortest circle
    through its first module. A group may hold more circles than the one named; the
    message lists the whole group then."""
    digraph = nx.DiGraph((a, b) for a, targets in graph.items() for b in targets)
    circles = []
    for group in sorted(sorted(g) for g in nx.strongly_connected_components(digraph) if len(g) > 1):
        start = group[0]
        inside = digraph.subgraph(group)
        ways_back = [nx.shortest_path(inside, start, before)
                     for before in inside.predecessors(start)]
        circles.append(min(ways_back, key=lambda way: (len(way), way)) + [start])
    return circles


def tangles(graph: dict[str, set[str]]) -> list[str]:
    """One line for each import circle, with the group it belongs to when that is larger."""
    digraph = nx.DiGraph((a, b) for a, targets in graph.items() for b in targets)
    groups = {min(g): sorted(g) for g in nx.strongly_connected_components(digraph) if len(g) > 1}
    lines = []
    for circle in cycles(graph):
        group = groups[circle[0]]
        larger = len(group) > len(circle) - 1
        lines.append(" -> ".join(circle) + (f" (within {', '.join(group)})" if larger else ""))
    return lines


def engine_packages(graph: dict[str, set[str]]) -> set[str]:
    """``necro.core`` and every game's package: ``necro.<name>`` folders other than the
    widgets and the publishing side."""
    return {name for name in graph
            if name.count(".") == 1 and (PACKAGE / name.split(".")[1]).is_dir()
            and name not in {PUBLISHING, WIDGETS}}


def test_the_graph_is_read_from_every_module():
    graph = import_graph()
    assert {"necro.core", "necro.core.game", "necro.widget.play", "necro.book.build",
            "necro.cli"} <= set(graph)
    assert "necro.core.game" in graph["necro.core"]  # a package re-exporting its modules
    assert "necro.book.live_markdown" in graph["necro.book.live"]  # inside a function
    assert "necro.widget.links" in graph["necro.widget.play"]  # from . import links
    assert {"necro.core", "necro.shovelfight", "necro.graveyard_shift"} <= engine_packages(graph)


def test_the_cycle_finder_names_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": {"e"}}
    assert cycles(graph) == [["a", "b", "c", "a"], ["e", "e2", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    graph = {"a": {"b", "c"}, "b": {"a"}, "c": {"b"}}  # two circles in one group
    assert tangles(graph) == ["a -> b -> a (within a, b, c)"]


def test_no_import_circles_in_necro():
    found = tangles(import_graph())
    assert not found, "import circles in necro/ (a imports b imports ... a):\n" + "\n".join(found)


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_no_engine_imports_the_widgets_or_the_publishing_side():
    graph = import_graph()
    engines = engine_packages(graph)
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if any(within(module, engine) for engine in engines)
        for target in targets
        if within(target, PUBLISHING) or within(target, WIDGETS)
    )
    assert not wrong, "an engine must stand alone:\n" + "\n".join(wrong)


def test_the_widgets_take_only_the_front_end_paths_from_the_publishing_side():
    """The widgets run in a kernel and in the reader's browser, where ``necro/book/`` is not
    shipped: they may read where their ES modules are (in a kernel), nothing else."""
    graph = import_graph()
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items() if within(module, WIDGETS)
        for target in targets if within(target, PUBLISHING) and target != PUBLISHING + ".frontend"
    )
    assert not wrong, "\n".join(wrong)

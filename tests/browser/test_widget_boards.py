"""Every game's board module draws its scenarios and answers a click (static mode).

Each registered game's scenarios (those callable without arguments) are
written as standalone widget pages (``GameWidget.save_html``: the toolkit,
the game's board module and a precomputed graph one step deep) and opened in
headless chromium. The board must draw without an error, and clicking the
first legal action in the decision panel must show the precomputed child.
A screenshot of each game's first scenario lands in tests/browser/artifacts.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pathlib

import pytest

from necro.core import State
from necro.core.registry import GAMES, game_class
from necro.widget import HOT_SEAT, GameWidget
from necro.widget.assets import board_source
from necro.widget.view import expand_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"


def scenario_factories(game_id):
    try:
        cls = game_class(game_id)
        module = importlib.import_module(cls.__module__.rsplit(".", 1)[0] + ".scenarios")
    except ImportError:
        return []
    found = []
    for name, fn in sorted(vars(module).items()):
        if name.startswith("_") or not inspect.isfunction(fn) or fn.__module__ != module.__name__:
            continue
        params = inspect.signature(fn).parameters.values()  # (**options: the game's options, all optional)
        if all(p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            found.append((name, fn))
    return found


CASES = [(game_id, name, fn) for game_id in sorted(GAMES) for name, fn in scenario_factories(game_id)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_board_module_draws_every_scenario(game_id, page, tmp_path):
    cases = [(name, fn) for g, name, fn in CASES if g == game_id]
    if not cases:
        pytest.skip(f"{game_id}: no scenarios yet")
    board_name = board_source(game_id)[0]
    shown = 0
    for name, factory in cases:
        state = factory()
        if not isinstance(state, State):
            continue  # a helper that returns a position, not a scenario
        widget = GameWidget(state, player=HOT_SEAT, explore_depth=1)  # a lesson: whoever decides sees their cards
        url = widget.save_html(tmp_path / f"{name}.html").as_uri()
        page.goto(url)
        page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
        box = page.locator(".necro-w")
        board_errors = box.locator(".necro-board .necro-error")
        assert board_errors.count() == 0, (game_id, name, board_name, board_errors.all_inner_texts())
        assert box.locator(".necro-status").inner_text() == state.status()
        shown += 1
        if shown == 1:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"board_{game_id}_{name}.png"), full_page=True)
        root = widget.graph["nodes"][widget.graph["root"]]
        followed = [x for x in root["actions"] if "to" in x]
        if followed and root["view"]["to_move"] != "chance":
            first = followed[0]
            box.locator(f".necro-action[data-a={json.dumps(first['a'])}]").first.click()
            child = widget.graph["nodes"][first["to"]]
            expected = child["view"]["status"]
            if child["view"]["to_move"] == "chance" and widget.auto_chance:
                expected = None  # the page rolled on: any child status will do
            if expected is not None:
                assert box.locator(".necro-status").inner_text() == expected, (game_id, name, first["a"])
            assert box.locator(".necro-board .necro-error").count() == 0, (game_id, name, "after a click")
        assert not page.necro_log.page_errors, (game_id, name, page.necro_log.page_errors)
    if not shown:
        pytest.skip(f"{game_id}: no scenario returns a state yet")


def _dotd(name, **table):
    from necro.day_of_the_dead import scenarios

    return (lambda: scenarios.table(**table)) if table else getattr(scenarios, name)


def _cave(*moves, **options):
    """A Cave Evil quick set-up (2 players unless told) with ``moves`` played."""
    from necro.cave_evil import scenarios

    def make():
        state = scenarios.quick(**options)
        for move in moves:
            state.apply(move)
        return state

    return make


# A click (or Enter) on a board's own target, not on the decision panel: the element
# carrying the action's notation in data-a, with role button, tabindex 0 and a label.
# (game id, scenario, GameWidget options, the notation clicked, how, text the board
# shows afterwards, text it must not show: a card the viewer may not see).
BOARD_CLICKS = [
    # a hand card; then player 2 sits at the screen (hot-seat) and sees player 1's spirit face down
    ("day-of-the-dead", _dotd("unearth_oaf"), {}, "spirit U03", "click", "Player 2 lays a card", None),
    ("day-of-the-dead", _dotd("unearth_oaf"), {}, "spirit P06", "key", "Player 2 lays a card", None),
    # a decision without a card: the turn ends, and player 2 sees player 1's slots face down
    ("day-of-the-dead", _dotd("oaf_v_anger"), {}, "convert", "click", "Turn 2 of 6", None),
    # player 1's Spook unearths player 2's face-down spirit (Oaf), known to the board only by its place
    ("day-of-the-dead", _dotd("spook", lines=[["Spook"], ["Anger"]], spirits=("Clod", "Oaf"),
                              hands=(("Grief",), ("Troll",)), priority=1),
     {"player": 0}, "unearth p2-spirit", "click", "Double back", "Oaf"),
    # a destination hex on the Cave Evil map, once the squad is chosen to move; then it may dig
    ("cave-evil", _cave("move N"), {}, "move N +0+6", "click", "dig N", None),
    ("cave-evil", _cave("move N", players=4), {}, "move N +0+8", "key", "dig N", None),
    # the Necromonk breaks away to a hex of its own: a new squad on card I, which may move on
    ("cave-evil", _cave("break N necromonk-1"), {}, "break N necromonk-1 +0+8", "click", "move I", None),
]


@pytest.mark.parametrize("game_id, factory, options, notation, how, shown, secret", BOARD_CLICKS,
                         ids=[f"{c[0]}-{c[3]}-{c[4]}" for c in BOARD_CLICKS])
def test_a_board_target_plays_its_action(game_id, factory, options, notation, how, shown, secret, page, tmp_path):
    widget = GameWidget(factory(), explore_depth=1, **{"player": HOT_SEAT, **options})
    page.goto(widget.save_html(tmp_path / "board.html").as_uri())
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
    box = page.locator(".necro-w")
    board = box.locator(".necro-board")
    if secret:
        assert secret not in board.inner_text()
    target = board.locator(f"[data-a={json.dumps(notation)}]").first
    if target.evaluate("(n) => n.tagName") != "BUTTON":  # a card, not a button for a decision without one
        assert target.get_attribute("role") == "button" and target.get_attribute("tabindex") == "0"
        assert notation in target.get_attribute("aria-label")
    if how == "key":
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()
    expected = expand_view(widget.graph, [notation])
    assert box.locator(".necro-status").inner_text() == expected["status"]
    assert board.locator(".necro-error").count() == 0
    assert shown in board.inner_text()
    if secret:
        assert secret not in board.inner_text()
    assert not page.necro_log.page_errors, page.necro_log.page_errors

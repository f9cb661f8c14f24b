"""GameWidget driven from Python, without a browser.

Messages are handed to ``widget.handle`` exactly as the front end sends them,
so these tests cover the same code paths as clicks in a page.
"""

import json
import re

import pytest

from necro.core import CHANCE, SPECTATOR, FormatError, RandomBot
from necro.core.bots import play
from necro.widget import GameWidget, build_view, expand_view
from necro.widget.assets import MODULES, assemble, assemble_esm, board_file, board_source, module_parts, read_frontend, stub_esm
from tests.core.toy import Toy


def toy(seed=0, **options):
    return Toy(**options).new_initial_state(seed=seed)


class FirstBot:
    """Always takes the first legal action (deterministic, for exact checks)."""

    name = "first"

    def choose(self, state):
        return state.legal_actions()[0]


class Sent(list):
    """Collects what the widget sends to the front end."""


def capture(widget):
    sent = Sent()
    widget.send = sent.append
    return sent


def test_view_has_the_contract_keys_and_is_json():
    w = GameWidget(toy(), auto_chance=False)
    view = w.view
    for key in ("game", "status", "to_move", "terminal", "players", "position", "actions", "log",
                "can_undo", "can_redo"):
        assert key in view
    assert view["game"] == "toy" and view["to_move"] == "chance" and not view["terminal"]
    assert [a["a"] for a in view["actions"]] == ["1", "2", "3"]
    assert {a["p"] for a in view["actions"]} == {"1/3"}
    assert json.loads(json.dumps(view)) == view


def test_act_message_applies_through_the_engine_and_logs_rule_links():
    w = GameWidget(toy(), auto_chance=False)
    w.handle({"type": "act", "a": "2"})
    w.handle({"type": "act", "a": "bank"})
    assert w.state.scores == [2, 0]
    assert w.view["position"]["scores"] == [2, 0]
    assert w.view["to_move"] == "chance" and w.error == ""
    log = w.view["log"]
    assert [(e["rule"], e["step"], e["a"]) for e in log] == [("toy-roll", 1, "2"), ("toy-bank", 2, "bank")]
    assert log[1]["href"] == "book/toy.html#toy-bank" and log[1]["title"] == "Bank"
    assert w.view["actions"][0]["rule"] == "core-chance"


def test_refusal_sets_error_naming_the_rule_and_keeps_the_state():
    w = GameWidget(toy(), auto_chance=False)
    before = w.state.position()
    w.handle({"type": "act", "a": "bank"})  # chance must roll first
    assert "core-notation" in w.error and "bank" in w.error
    assert w.state.position() == before and w.view["step"] == 0
    w.handle({"type": "act", "a": "1"})
    assert w.error == ""


def test_action_after_game_over_is_refused():
    state = toy(target=4)
    state.force("3", "3").play_chance()
    state.apply("bank").play_chance().apply("pass")
    state.force("3").play_chance()
    state.apply("bank")
    w = GameWidget(state)
    assert w.view["terminal"] and w.view["winner"] == 0 and w.view["to_move"] is None
    assert w.view["actions"] == []
    steps = len(w.state.steps)
    assert not w.act("bank") and "illegal action 'bank'" in w.error
    assert len(w.state.steps) == steps


def test_auto_chance_rolls_after_each_action_and_undo_takes_the_roll_back():
    w = GameWidget(toy(seed=3))
    assert w.view["step"] == 1 and w.view["to_move"] == 0  # the first roll is already made
    w.act("pass")
    assert w.view["step"] == 3 and w.view["to_move"] == 1
    assert w.state.steps[-1].by == "roll"
    w.handle({"type": "undo"})
    assert w.view["step"] == 1 and w.view["to_move"] == 0
    assert w.view["can_redo"]
    w.handle({"type": "redo"})
    assert w.view["step"] == 3 and w.view["to_move"] == 1


def test_undo_with_nothing_to_undo_is_an_error_not_an_exception():
    w = GameWidget(toy(), auto_chance=False)
    w.handle({"type": "undo"})
    assert "no step to undo" in w.error
    w.handle({"type": "redo"})
    assert "redo" in w.error


def test_roll_message_draws_from_the_state_generator():
    w = GameWidget(toy(seed=9), auto_chance=False)
    reference = toy(seed=9).play_chance()
    w.handle({"type": "roll"})
    assert w.state.position() == reference.position()
    assert w.state.steps[-1].by == "roll"
    w.handle({"type": "roll"})
    assert "core-turn" in w.error


def test_bots_play_their_seats_after_a_human_action():
    w = GameWidget(toy(seed=2), bots={1: FirstBot()})
    assert w.view["players"][1]["bot"] == "first" and w.view["players"][0]["bot"] is None
    w.act("pass")
    # player 2 (the bot) rolled and banked, then player 1 rolled: player 1 decides again
    assert w.view["to_move"] == 0
    assert [s.player for s in w.state.steps if s.by == "choice"] == [0, 1]
    assert w.state.steps[3].action == "bank" and w.bot_thinking is False
    # undo takes back the human decision and everything the computer did after it
    w.undo()
    assert w.view["step"] == 1 and w.view["to_move"] == 0


def test_bot_seats_can_be_changed_and_bot_move_steps_any_seat():
    w = GameWidget(toy(seed=4), bots={1: FirstBot()})
    w.handle({"type": "seats", "bots": [0]})
    assert w.bot_seats == [0]
    # the computer now plays seat 1 (index 0): it moved at once, player 2 decides
    assert w.view["to_move"] == 1
    w.handle({"type": "bot_move"})
    assert w.view["to_move"] == 1 and [s.player for s in w.state.steps if s.by == "choice"] == [0, 1, 0]
    w.handle({"type": "seats", "bots": [5]})
    assert "seats must be" in w.error and w.bot_seats == [0]


def test_computer_playing_every_seat_waits_for_bot_move():
    w = GameWidget(toy(seed=4), bots={0: FirstBot(), 1: FirstBot()})
    assert w.view["step"] == 1 and w.view["to_move"] == 0
    w.bot_move()
    assert w.view["step"] == 3 and w.view["to_move"] == 1


def test_bot_move_without_bots_is_refused():
    w = GameWidget(toy())
    w.handle({"type": "bot_move"})
    assert "no computer player" in w.error


def test_player_view_follows_the_human_seat_against_the_computer():
    w = GameWidget(toy(), bots={1: RandomBot(0)})
    assert w.viewer == 0
    assert GameWidget(toy()).viewer is None
    assert GameWidget(toy(), player=1).viewer == 1


def test_reset_returns_to_the_start_position():
    w = GameWidget(toy(seed=5), auto_chance=False)
    start = w.state.position()
    w.act("1")
    w.act("bank")
    w.handle({"type": "reset"})
    assert w.state.position() == start and w.view["step"] == 0 and not w.view["can_undo"]


def test_load_position_accepts_a_bare_position():
    w = GameWidget(toy(), auto_chance=False)
    w.handle({"type": "load_position", "text": json.dumps({"scores": [5, 2], "turn": 1, "roll": 3})})
    assert w.error == "" and w.state.scores == [5, 2] and w.view["to_move"] == 1


def test_load_position_accepts_a_saved_game_with_history():
    source = GameWidget(toy(seed=8))
    source.act("bank")
    saved = source.save()
    w = GameWidget(toy(), auto_chance=False)
    w.load(saved)
    assert w.error == "" and w.state.position() == source.state.position()
    assert w.view["can_undo"] and len(w.view["log"]) == len(source.view["log"])


@pytest.mark.parametrize("text, where", [
    ("{not json", "not JSON"),
    (json.dumps({"scores": [1], "turn": 0, "roll": None}), "position.scores"),
    (json.dumps({"scores": [1, 2], "turn": 7, "roll": None}), "position.turn"),
    (json.dumps([1, 2, 3]), "position"),
    ("[" * 100_000, "nested too deeply"),
    (json.dumps({"scores": [1e308, 2], "turn": 0, "roll": None}), "position.scores"),
    (json.dumps({"scores": [1, 2], "turn": 0, "roll": None, "extra": 1}), "position"),
    (json.dumps({"format": "necro-game", "version": 1, "game": {"id": "shovelfight", "players": 2}}), "game.id"),
])
def test_hostile_position_text_sets_error_with_a_path_and_keeps_the_game(text, where):
    w = GameWidget(toy(seed=1), auto_chance=False)
    before = w.state.position()
    w.handle({"type": "load_position", "text": text})
    assert "cannot load game" in w.error and where in w.error
    assert w.state.position() == before


def test_load_raises_nothing_and_returns_false_on_bad_input():
    w = GameWidget(toy())
    assert w.load("[]") is False
    with pytest.raises(FormatError):
        toy().game.state_from_position([])


def test_unknown_and_malformed_messages_are_ignored():
    w = GameWidget(toy())
    before = dict(w.view)
    w.handle({"type": "launch-missiles"})
    w.handle("not a dict")
    w.handle({"type": "seats", "bots": "zero"})
    assert w.view["position"] == before["position"]


def test_hello_is_answered_with_hello_ack():
    w = GameWidget(toy())
    sent = capture(w)
    w.handle({"type": "hello"})
    assert sent == [{"type": "hello-ack"}]


def test_repr_is_stable_and_short():
    a, b = GameWidget(toy(seed=3)), GameWidget(toy(seed=3))
    assert repr(a) == repr(b) == "GameWidget(toy, step 1: Player 1 to act.)"
    assert "0x" not in repr(a)
    bundle = a._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(a)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == a.model_id
    a.act("bank")
    assert repr(a).startswith("GameWidget(toy, step 3: Player 2 to act.")


def test_repr_includes_a_text_board_when_the_state_has_one():
    class Printed(type(toy())):
        def __str__(self):
            return f"scores {self.scores[0]}-{self.scores[1]}"

    state = toy()
    state.__class__ = Printed
    w = GameWidget(state)
    assert repr(w) == "GameWidget(toy, step 1: Player 1 to act.)\nscores 0-0"
    w.state.scores = [123456789012345678901234567890, 98765432109876543210987654321]
    w.refresh()
    long = repr(w)
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert len(long) > 110 and data["text/plain"] == long  # never cut

    class Pretty:
        def __init__(self):
            self.out = []

        def text(self, t):
            self.out.append(t)

    p = Pretty()
    w._repr_pretty_(p, False)
    assert p.out == [repr(w)]


def test_explorable_graph_matches_live_views():
    w = GameWidget(toy(), auto_chance=False, explore_depth=2)
    g = w.graph
    assert g["depth"] == 2 and g["root"] == 0 and g["common"]["game"] == "toy"
    assert len(g["nodes"]) == 1 + 3 + 4  # the roll, then bank/pass (scores 1..3 banked or 0 passed)
    root = g["nodes"][g["root"]]
    assert [(x["a"], x["p"]) for x in root["actions"]] == [("1", "1/3"), ("2", "1/3"), ("3", "1/3")]
    # The packed graph expands to exactly the view the live widget shows after each path.
    for path in ([], ["2"], ["2", "bank"], ["3", "pass"], ["1", "bank"]):
        live = GameWidget(toy(), auto_chance=False)
        for notation in path:
            live.act(notation)
        assert expand_view(g, path) == live.view, path
    leaves = [n for n in g["nodes"] if not any("to" in x for x in n["actions"])]
    assert leaves and all(n.get("frontier") for n in leaves)
    with pytest.raises(KeyError):
        expand_view(g, ["2", "bank", "3"])
    assert {"toy-roll", "toy-bank", "toy-pass"} <= set(g["rules"])
    assert g["rules"]["toy-bank"] == ["book/toy.html#toy-bank", "Bank"]


def test_explorable_from_a_played_position_keeps_the_log_once():
    w = GameWidget(toy(seed=1))
    w.act("bank")
    w.explorable(depth=1)
    g = w.graph
    assert g["root_step"] == 3
    assert [line[:2] for line in g["root_log"]] == [[e["rule"], e["text"]] for e in w.view["log"]]
    actions = g["nodes"][g["root"]]["actions"]
    assert {x["a"] for x in actions} == {"bank", "pass"}
    assert all(x["log"][0][0] in ("toy-bank", "toy-pass") for x in actions)
    assert "log" not in g["nodes"][0]["view"] and "actions" not in g["nodes"][0]["view"]
    after = expand_view(g, ["pass"])
    assert after["log"][:-1] == w.view["log"] and after["log"][-1]["text"] == "player 2 passes"
    assert after["step"] == 4


def test_explorable_budget_marks_frontiers():
    w = GameWidget(toy(), auto_chance=False).explorable(depth=6, max_nodes=10)
    g = w.graph
    assert len(g["nodes"]) <= 12
    assert any(n.get("frontier") for n in g["nodes"])


def test_explorable_lowers_the_depth_to_fit_the_byte_budget():
    w = GameWidget(toy(), auto_chance=False)
    full = w.explorable(depth=4).graph_size()
    with pytest.warns(UserWarning, match="kept depth"):
        w.explorable(depth=4, max_bytes=full - 1)
    assert w.graph["depth"] < 4 and w.graph_size() <= full - 1
    with pytest.raises(ValueError):
        w.explorable(depth=-1)


def test_explorable_quietly_as_deep_as_fits():
    import warnings

    w = GameWidget(toy(), auto_chance=False)
    full = w.explorable(depth=4).graph_size()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        w.explorable(depth=4, max_bytes=full - 1, warn=False)
    assert w.graph["depth"] < 4


def test_graph_stores_repeated_parts_of_positions_once():
    """A Cave Evil map repeats from move to move: the graph keeps one copy, and every node
    still expands to exactly the live view."""
    from necro.cave_evil import scenarios

    state = scenarios.quick(2)
    g = GameWidget(state).explorable(2, max_bytes=None).graph
    assert g["shared"] and any("$shared" in n["view"]["position"] for n in g["nodes"])
    from necro.widget.view import _unshare

    packed = len(json.dumps(g))
    unpacked = sum(len(json.dumps(_unshare(g, n["view"]["position"]))) for n in g["nodes"])
    assert packed * 2 < unpacked

    def walk(s, node, path):
        live = GameWidget(s, auto_chance=False)
        assert expand_view(g, path)["position"] == live.view["position"], path
        for x in node["actions"]:
            if "to" in x and len(path) < 2:
                child = s.copy()
                child.apply(x["a"])
                walk(child, g["nodes"][x["to"]], path + [x["a"]])

    walk(state, g["nodes"][g["root"]], [])


def test_a_position_key_with_a_dot_cannot_be_shared():
    from necro.widget.view import _share_repeats

    with pytest.raises(ValueError, match="a.b"):
        _share_repeats([{"a.b": "x" * 300}, {"a.b": "x" * 300}])
    one, two = {"k": {"big": "y" * 300, "small": 1}}, {"k": {"big": "y" * 300, "small": 2}}
    table = _share_repeats([one, two])
    assert table == ["y" * 300] and one == {"k": {"small": 1}, "$shared": {"k.big": 0}}


def test_graph_size_is_measured():
    w = GameWidget(toy(), auto_chance=False, explore_depth=4)
    assert 0 < w.graph_size() < 300_000
    assert w.graph_size() == len(json.dumps(w.graph, separators=(",", ":")))


def test_build_view_without_widget_hides_for_a_viewer():
    state = toy()

    class Secret(type(state)):
        def hide(self, position, player):
            return {**position, "scores": ["?" if i != player else s for i, s in enumerate(position["scores"])]}

    state.__class__ = Secret
    assert build_view(state, viewer=1)["position"]["scores"] == ["?", 0]
    assert build_view(state, viewer=SPECTATOR)["position"]["scores"] == ["?", "?"]
    # no seat given (hot-seat): the deciding player's view; chance decides here, so nobody's
    assert state.current_player() == CHANCE and build_view(state)["position"]["scores"] == ["?", "?"]
    assert build_view(state)["seat"] is None and build_view(state, viewer=1)["seat"] == 1


def test_unknown_rule_in_a_log_line_is_shown_without_a_link():
    state = toy()
    state.play_chance()
    step = state.steps[-1]
    from necro.core.game import LogEntry

    state.steps[-1] = type(step)(step.action, step.player, step.rule, step.by, (LogEntry("toy-nope", "odd"),), step.rng)
    view = build_view(state)
    assert view["log"][0]["href"] is None and view["log"][0]["title"] is None


def test_esm_is_one_module_with_the_board_inside():
    esm = assemble_esm("toy")
    assert "export default { render }" in esm
    assert "const BOARD_SOURCE = " in esm and "drawBoard" in esm
    assert "import " not in esm.split("const BOARD_NAME")[0].replace("import(", "")  # no static imports
    namespaces = ("http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml")  # names, never fetched
    assert "http://" not in esm.replace(namespaces[0], "").replace(namespaces[1], "") and "https://" not in esm


def test_a_module_in_parts_is_every_file_of_its_folder_in_order():
    # A part left out of MODULES would silently vanish from the page; a listed part that is
    # missing must fail at assembly. The parts are concatenated in the listed order, each named.
    from necro.book.frontend import frontend_dir

    for name, parts in MODULES.items():
        folder = frontend_dir() / name.removesuffix(".js")
        assert sorted(p.name for p in folder.glob("*.js")) == sorted(parts), name
        assert not (frontend_dir() / name).exists(), f"{name} is also a single file"
        text = read_frontend(name)
        starts = [text.index(f"// ==== widgets/{part}\n") for part in module_parts(name)]
        assert starts == sorted(starts)
    assert module_parts("shovelfight.js") == ("shovelfight.js",)
    assert module_parts("core.js")[0] == "core/base.js"
    assert "export default { render }" in read_frontend("core.js")
    assert "export function drawBoard" in board_source("cave-evil")[1]


def test_board_choice_by_game_id():
    assert board_file("graveyard-shift") == "graveyard_shift.js"
    assert board_file("shambling-dead") == "shambling_dead.js"
    assert board_source("toy")[0] == "generic.js"
    assert board_source("toy", "generic")[0] == "generic.js"
    assert board_source("toy", "export function drawBoard(){}")[0] == "inline"
    w = GameWidget(toy(), board="export function drawBoard(c){c.textContent='hi'}")
    assert "c.textContent='hi'" in w._code.full


def test_bad_arguments_are_refused():
    with pytest.raises(TypeError):
        GameWidget({"scores": [0, 0]})
    with pytest.raises(ValueError):
        GameWidget(toy(), bots={2: RandomBot()})
    with pytest.raises(TypeError):
        GameWidget(toy(), bots={1: "random"})
    with pytest.raises(ValueError):
        GameWidget(toy(), player=2)


def test_notebook_api_matches_messages():
    a, b = GameWidget(toy(seed=6)), GameWidget(toy(seed=6))
    a.act("bank")
    b.handle({"type": "act", "a": "bank"})
    assert a.view == b.view
    assert a.undo() and a.redo() and a.view == b.view


def test_state_assignment_and_refresh_redraw():
    w = GameWidget(toy(seed=2))
    other = toy(seed=2)
    play(other, [FirstBot(), FirstBot()], recorded=True)
    w.state = other
    assert w.view["terminal"] and w.view["step"] == len(other.steps)
    w.reset()
    w.state.apply("bank")
    assert w.view["step"] == 1
    w.refresh()
    assert w.view["step"] == 2


def test_a_crashing_bot_shows_an_internal_error_and_the_state_stays_usable():
    class Broken:
        name = "broken"

        def choose(self, state):
            raise RuntimeError("bot bug")

    w = GameWidget(toy(seed=2), bots={0: Broken(), 1: Broken()})
    with pytest.raises(RuntimeError):
        w._on_custom_msg(w, {"type": "bot_move"}, [])
    assert "internal error: RuntimeError: bot bug" in w.error and w.bot_thinking is False
    assert w.view["to_move"] == 0
    w.act("pass")  # a person can still play on
    assert w.error == "" and w.view["step"] == 3


def test_standalone_page_embeds_module_and_traits_safely(tmp_path):
    from necro.widget.page import standalone_html

    w = GameWidget(toy(), auto_chance=False, explore_depth=1,
                   board="export function drawBoard(c){c.textContent='</script><!--x'}")
    text = standalone_html(w, title="<Toy & co>")
    assert "&lt;Toy &amp; co&gt;" in text
    body = text.split('<script type="module">', 1)[1].rsplit("</script>", 1)[0]
    assert "</script" not in body and "<!--" not in body  # the board's text cannot end the script
    assert '"_necro_no_kernel":true' in body
    assert not re.search(r"(https?:)?//(?!www\.w3\.org)[\w.-]+\.\w+/", body), "the page names a server"
    path = w.save_html(tmp_path / "toy.html")
    assert path.read_text(encoding="utf-8") == standalone_html(w)


def test_refresh_rewrites_stored_esm_only(tmp_path, fresh_page):
    import nbformat

    from necro.widget.refresh import refresh_notebook

    w = GameWidget(toy(), explore_depth=1)
    state = w.get_state()
    assert state["_board"] == "generic.js"
    stale = dict(state, _esm="// old toolkit")
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "version_major": 2, "version_minor": 0,
        "state": {"m1": {"model_name": "AnyModel", "state": stale},
                  "m2": {"model_name": "LayoutModel", "state": {"width": "1px"}},
                  "m3": {"model_name": "AnyModel", "state": dict(stale)}}}}
    path = tmp_path / "chapter.ipynb"
    nbformat.write(nb, path)
    assert refresh_notebook(path) == 2
    saved = nbformat.read(path, as_version=4).metadata["widgets"]["application/vnd.jupyter.widget-state+json"]
    assert saved["state"]["m1"]["state"]["_esm"] == w._code.full  # the first carries the code
    assert saved["state"]["m3"]["state"]["_esm"] == stub_esm(w._code.key)  # the second waits for it
    assert saved["state"]["m1"]["state"]["graph"] == json.loads(json.dumps(w.graph))
    assert saved["state"]["m2"]["state"] == {"width": "1px"}
    assert refresh_notebook(path) == 0  # idempotent


@pytest.fixture
def fresh_page(monkeypatch):
    """A new kernel session: no widget has shipped any code yet."""
    monkeypatch.setattr("necro.widget.widget._SHIPPED", set())


def test_the_first_widget_of_a_game_carries_the_code_the_others_a_stub(fresh_page):
    first, second = GameWidget(toy()), GameWidget(toy())
    assert first._esm == first._code.full and "registerNecroCode(CODE_KEY)" in first._esm
    assert second._esm == stub_esm(first._code.key) and len(second._esm) < 3000
    other = GameWidget(toy(), board="export function drawBoard(c){c.textContent='x'}")
    assert other._esm == other._code.full and other._code.key != first._code.key
    # a stub left without its carrier asks the kernel, which sends the full module
    sent = capture(second)
    second.handle({"type": "need-code", "key": first._code.key})
    assert sent == [{"type": "code", "key": first._code.key, "esm": first._code.full}]
    # closing the carrier hands the job to the next widget
    first.close()
    assert GameWidget(toy())._esm == first._code.full


def test_code_key_follows_the_code():
    a, b = assemble("toy"), assemble("toy")
    assert a == b and len(a.key) == 20
    assert assemble("toy", "export function drawBoard(){}").key != a.key

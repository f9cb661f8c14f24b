"""Share links (necro/widget/links.py): every game's positions survive the trip, and a link that is
not one is refused with a plain message while the board keeps its position."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from necro.core import FormatError, load_state
from necro.core.registry import game_classes
from necro.widget import GameWidget
from necro.widget import links


def played(game_cls, steps=40, seed=3):
    state = game_cls(game_cls.min_players).new_initial_state(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.play_chance() if state.is_chance_node() else state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    return state


@pytest.mark.parametrize("game_cls", game_classes(), ids=lambda g: g.id)
def test_every_game_goes_through_a_link_and_back(game_cls):
    state = played(game_cls)
    fragment = links.fragment(state)
    assert fragment.startswith(f"#necro={game_cls.id}.") and len(fragment) < 20_000
    back = load_state(links.read_fragment("https://example.org/book/playground.html" + fragment))
    assert back.position() == state.position() and back.game.spec() == state.game.spec()
    board = GameWidget(game_cls(game_cls.min_players).new_initial_state(99), auto_chance=False)
    assert board.open_link(fragment[len("#necro="):]) and board.error == ""
    assert board.state.position() == state.position()
    board.handle_play({"type": "share"})
    assert links.read_fragment(board.link)["position"] == state.position()


def _packed(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(data) + packer.flush()).decode().rstrip("=")


HOSTILE = [
    ("", "carries no position"),
    ("graveyard-shift", "start with a game's name"),
    ("<script>alert(1)</script>.abc", "start with a game's name"),
    ("cave-evil." + _packed(b"{}"), "holds a cave-evil position; this board plays graveyard-shift"),
    ("graveyard-shift.!!!", "not URL-safe base64"),
    ("graveyard-shift.____", "damaged"),
    ("graveyard-shift." + _packed(b"\xff\xfe not text"), "not JSON"),
    ("graveyard-shift." + _packed(b"[1, 2]"), "no necro game"),
    ("graveyard-shift." + _packed(b"[" * 100_000 + b"]" * 100_000), "not JSON"),
    ("graveyard-shift." + _packed(b" " * 3_000_000), "inflates past"),
    ("graveyard-shift." + "A" * 200_001, "too long"),
    ("graveyard-shift." + _packed(json.dumps({"format": "necro-game", "game": {"id": "shovelfight"}}).encode()),
     "game and its position's game differ"),
    ("graveyard-shift." + _packed(json.dumps({"format": "necro-game", "version": 1, "game": {"id": "graveyard-shift", "players": 2},
                                              "position": {"nonsense": 1}, "rng": [1, 0]}).encode()), "position"),
]


@pytest.mark.parametrize("payload, words", HOSTILE, ids=[w for _, w in HOSTILE])
def test_a_link_that_is_not_one_is_refused_plainly_and_the_board_stays(payload, words):
    from necro.graveyard_shift import GraveyardShift

    board = GameWidget(GraveyardShift().new_initial_state(1))
    before = board.state.position()
    assert not board.open_link(payload)
    assert words in board.error and board.state.position() == before
    with pytest.raises(FormatError):
        links.decode(payload, "graveyard-shift") if words != "position" else load_state(links.decode(payload))


def test_save_puts_the_whole_game_in_record_each_time_it_is_asked():
    from necro.graveyard_shift import GraveyardShift

    board = GameWidget(played(GraveyardShift, steps=12))
    changes = []
    board.observe(lambda change: changes.append(change["new"]), names="record")
    board.handle_play({"type": "save"})
    board.handle_play({"type": "save"})
    assert [c for c in changes if c] == [board.record] * 2  # the same game twice: two changes for the page
    back = load_state(board.record)
    assert back.position() == board.state.position() and len(back.steps) == len(board.state.steps)


def test_the_reader_may_pick_every_roll_and_draw():
    """The board's "I pick every roll and draw myself": off, the engine rolls; on, the board stops
    at each chance step and the reader's pick is played."""
    from necro.cave_evil import CaveEvil
    from necro.core import CHANCE

    def start():
        return CaveEvil(2, setup="quick").new_initial_state(1)  # first, the roll for the first player

    board = GameWidget(start(), auto_chance=False)
    assert board.state.current_player() == CHANCE and board.view["to_move"] == "chance"
    assert [a["a"] for a in board.view["actions"]] == ["first 1", "first 2"]
    board.handle_play({"type": "auto_chance", "on": True})  # the engine rolls what is pending
    assert board.auto_chance and board.state.current_player() != CHANCE and board.state.steps
    board.handle_play({"type": "auto_chance", "on": False})
    board.state = start()
    board.handle_play({"type": "act", "a": "first 2"})
    assert board.error == "" and [s.action for s in board.state.steps] == ["first 2"]


def chapter_links() -> list[tuple[str, str]]:
    """``(notebook, href)`` of every playground link a chapter shows (necro.book.chapter.playground)."""
    import re
    from pathlib import Path

    book = Path(__file__).resolve().parents[2] / "book"
    found = []
    for nb in sorted(book.rglob("*.ipynb")):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            for out in cell.get("outputs", []):
                html = out.get("data", {}).get("text/html", "")
                html = "".join(html) if isinstance(html, list) else html
                found += [(nb.name, h) for h in re.findall(r'class="necro-playground-link"><a href="([^"]+)"', html)]
    return found


def test_every_chapter_link_opens_on_a_playground_board_of_its_game():
    from necro.core.registry import game_class

    found = chapter_links()
    assert len(found) >= 60 and {h.split("#necro=")[1].split(".")[0] for _, h in found} == {
        "shovelfight", "shambling-dead", "graveyard-shift", "cave-evil", "day-of-the-dead"}
    for where, href in found:
        assert href.startswith("../playground.html#necro="), (where, href)
        payload = href.split("#necro=", 1)[1]
        game_cls = game_class(payload.split(".")[0])
        board = GameWidget(game_cls(game_cls.min_players).new_initial_state(1), auto_chance=False)
        assert board.open_link(payload) and board.error == "", (where, board.error)
        assert board.state.position() == links.decode(payload)["position"], where

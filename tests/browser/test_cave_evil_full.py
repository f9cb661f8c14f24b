"""The full game on the Cave Evil board in chromium: a turn played by clicking the board.

``test_a_turn_is_played_on_the_board`` opens a standalone widget page of a quick 2-player full
game at player 1's first conjuring decision and plays the kernel's part itself: every message
the page sends (``window.necroSent``) goes to the Python :class:`~necro.widget.GameWidget`
(``widget.handle``, as a kernel would), and its ``view`` and ``error`` traits go back to the
page (``change:view``). So each click reaches the real engine, and the test reads the engine's
state from Python while the page shows the answer: a click on the Bribe deck conjures (chance
deals the Ratman forced in advance), "Keep Ratman" (by the keyboard) keeps it, a click on the
card in the hand strip shows its face and its invoke actions (ringed on the map), "invoke
Ratman into squad N" invokes it, "End turn" ends the turn.

``test_a_spawned_card_is_placed_from_the_map`` opens a static page (precomputed graph) at a
spawned Ratman waiting for one of two spaces: the map offers both, and a click places it.
"""

from __future__ import annotations

import json

import pytest

from necro.cave_evil import conjuration as cj
from necro.cave_evil import turn as tn
from necro.widget import HOT_SEAT, GameWidget
from necro.widget.view import expand_view
from tests.widget.test_cave_evil_full_board import at_conjure

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ACCESSIBLE_NAMES = """(nodes) => nodes.map((b) => {
  const kids = [...b.children].filter((c) => !c.hasAttribute("aria-hidden"));
  const visible = kids.length ? kids.map((c) => c.textContent).join(", ") : b.textContent;
  return [b.getAttribute("aria-label"), visible];
})"""


class Kernel:
    """The kernel's part of a live widget, played by the test for a standalone page."""

    def __init__(self, page, widget):
        self.page, self.widget, self.seen = page, widget, 0

    def pump(self) -> list[dict]:
        """Hand the page's new messages to the widget, then its traits back to the page."""
        sent = self.page.evaluate("window.necroSent")
        new, self.seen = sent[self.seen:], len(sent)
        for msg in new:
            if msg.get("type") != "hello":
                self.widget.handle(msg)
        self.page.evaluate("""([view, error]) => {
            const m = window.necroModel;
            m.traits.view = view; m.traits.error = error;
            m.emit("change:view"); m.emit("change:error");
        }""", [json.loads(json.dumps(self.widget.view)), self.widget.error])
        return [m for m in new if m.get("type") != "hello"]


def open_live(page, tmp_path, widget):
    from necro.widget.page import standalone_html

    text = standalone_html(widget).replace('"_necro_no_kernel":true', '"_necro_no_kernel":false')
    path = tmp_path / "full.html"
    path.write_text(text, encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector(".necro-w[data-mode=offline]", timeout=20_000)  # nobody answered the hello yet
    page.evaluate("window.necroModel.emit('msg:custom', {type: 'hello-ack'})")
    box = page.locator(".necro-w")
    assert box.get_attribute("data-mode") == "live"
    kernel = Kernel(page, widget)
    kernel.pump()
    page.wait_for_selector(".necro-board .ce-phase", timeout=20_000)
    return kernel, box, box.locator(".necro-board")


def data(locator, name):
    return locator.evaluate_all(f"(ns) => ns.map((n) => n.getAttribute({name!r}))")


def test_a_turn_is_played_on_the_board(page, tmp_path):
    state = at_conjure()
    state.force("deal 1 bribe ratman")
    widget = GameWidget(state, player=HOT_SEAT)  # every seat a person, each sees their own hand
    kernel, box, board = open_live(page, tmp_path, widget)
    s = widget.state

    # the phase banner, the decks to draw from, the hand shown
    assert board.locator(".ce-phase").get_attribute("data-part") == "conjure"
    assert board.locator(".ce-phase-step[aria-current=step]").get_attribute("data-phase") == "2"
    assert "Phase 2: conjuring, player 1's turn" in board.locator(".ce-phase-title").inner_text()
    assert data(board.locator("button.ce-deck"), "data-a") == [f"conjure {d}" for d in cj.DECKS]
    assert data(board.locator(".ce-hand-card"), "data-card") == [c for _, c in tn.hand_cards(s, 0)]
    assert board.locator(".ce-discard[data-a]").count() == 0  # nothing to take yet
    assert board.locator(".ce-blood-eye").get_attribute("data-position") == "0"
    assert "Awakening Evil: face down." in board.locator(".ce-evil").inner_text()
    assert board.locator(".ce-evil").get_attribute("data-evil") == "?"

    # a click on the Bribe deck conjures; chance deals the Ratman at once
    board.locator('button.ce-deck[data-deck="bribe"]').click()
    assert kernel.pump() == [{"type": "act", "a": "conjure bribe"}]
    assert s.queue[0] == {"do": "keep", "player": 0, "deck": "bribe", "card": "ratman"}
    looking = board.locator(".ce-looking")
    assert looking.get_attribute("data-card") == "ratman"
    assert "Player 1 looks at Ratman from the bribe deck" in looking.inner_text()
    assert looking.locator('.ce-card[data-card="ratman"] .ce-card-name').inner_text() == "Ratman"
    assert data(looking.locator("button"), "data-a") == ["keep", "trade metals 2"]
    assert looking.locator("button").all_inner_texts() == ["Keep Ratman", "Trade for 2 metals"]
    assert board.locator(".ce-buttons button").count() == 0  # keep and trade are only here

    # keep it, by the keyboard
    board.locator("button.ce-keep").focus()
    page.keyboard.press("Enter")
    assert kernel.pump() == [{"type": "act", "a": "keep"}]
    assert ("bribe", "ratman") in tn.hand_cards(s, 0) and s.part == "actions"
    assert board.locator(".ce-phase-step[aria-current=step]").get_attribute("data-phase") == "3"
    assert board.locator(".ce-looking").count() == 0

    # the Ratman in the hand: its face, its invoke actions as buttons and as rings on the map
    card = board.locator('.ce-hand-card[data-card="ratman"]')
    assert "can be invoked" in card.inner_text() and card.get_attribute("aria-pressed") == "false"
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    assert board.locator('.ce-hand-view .ce-card[data-card="ratman"]').count() == 1
    invokes = sorted(a for a in s.legal_actions() if a.startswith("invoke ratman "))
    assert "invoke ratman N" in invokes
    assert sorted(data(board.locator(".ce-hand-view button.ce-invoke"), "data-a")) == invokes
    spots = board.locator(".ce-invoke-spot")
    hints = {a: s.describe_action(a)["to"] for a in invokes}
    assert sorted(data(spots, "data-a")) == invokes and sorted(data(spots, "data-hex")) == sorted(hints.values())
    assert str(s.squads["0:N"].hex) == hints["invoke ratman N"]
    assert kernel.pump() == []  # looking plays nothing
    invoke = board.locator('.ce-hand-view button.ce-invoke[data-a="invoke ratman N"]')
    assert invoke.inner_text() == "invoke Ratman into squad N"
    invoke.click()
    assert kernel.pump() == [{"type": "act", "a": "invoke ratman N"}]
    assert [c.card for c in s.squads["0:N"].creatures] == ["rotten-magi", "ratman"]
    assert s.track.position == 1 and ("bribe", "ratman") not in tn.hand_cards(s, 0)
    assert board.locator(".ce-blood-eye").get_attribute("data-position") == "1"
    assert board.locator('.ce-hand-card[data-card="ratman"]').count() == 0
    assert board.locator('.ce-players tr[data-player="0"] .ce-p-resources').inner_text() == "1 metals"

    # every control of the full game is named by its visible text
    for label, visible in board.locator(".ce-phase button, .ce-full button").evaluate_all(ACCESSIBLE_NAMES):
        assert label == visible

    # end the turn: player 2 conjures, and the hot-seat hand shown is now player 2's
    end = board.locator("button.ce-end")
    assert end.inner_text() == end.get_attribute("aria-label") == "End turn (on to Phase 4)"
    end.click()
    assert kernel.pump() == [{"type": "act", "a": "end"}]
    assert s.turn == 1 and s.queue == [{"do": "conjure", "player": 1}]
    assert box.locator(".necro-status").inner_text() == s.status()
    assert "player 2's turn" in board.locator(".ce-phase-title").inner_text()
    assert data(board.locator(".ce-hand-card"), "data-card") == [c for _, c in tn.hand_cards(s, 1)]
    assert board.locator(".ce-hand").get_attribute("data-player") == "1"
    assert widget.error == "" and not page.necro_log.page_errors, page.necro_log.page_errors


def test_a_spawned_card_is_placed_from_the_map(page, tmp_path):
    s = at_conjure()
    pos = json.loads(json.dumps(s.position()))
    pos["piles"]["piles"]["bribe"]["ratman"] -= 1
    free = sorted(str(h) for h, st in s.ground.status.items()
                  if st == "open" and s.squads.at(h) is None and h not in s.ground.spawn_pits)[:2]
    pos["queue"] = [{"do": "spot", "player": 0, "card": "ratman", "deck": "bribe", "hexes": free}]
    widget = GameWidget(s.game.state_from_position(pos), player=HOT_SEAT).explorable(1, max_bytes=None)
    page.goto(widget.save_html(tmp_path / "spot.html").as_uri())
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
    board = page.locator(".necro-w .necro-board")
    board.locator(".ce-phase").wait_for(timeout=20_000)
    assert board.locator(".ce-now").inner_text() == "Player 1 puts Ratman on one of 2 spaces."
    targets = board.locator(".ce-target")
    assert sorted(data(targets, "data-hex")) == free and sorted(data(targets, "data-a")) == [f"spot {h}" for h in free]
    board.locator(f'.ce-target[data-hex="{free[1]}"]').click()
    after = expand_view(widget.graph, [f"spot {free[1]}"])
    assert page.locator(".necro-w .necro-status").inner_text() == after["status"]
    monster = next(q for q in after["position"]["squads"] if q["owner"] is None)
    assert monster["at"] == free[1] and monster["creatures"][0]["card"] == "ratman"
    assert board.locator(f'[data-squad="{monster["id"]}"]').get_attribute("data-at") == free[1]
    assert not page.necro_log.page_errors, page.necro_log.page_errors

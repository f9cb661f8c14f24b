"""Details of the boards a reader meets first (issue 26): what buttons and chips say, whether a
table's cells wrap, whether the Cave Evil full game fits a laptop screen, when a board goes live,
and what a busy board says it is doing.
"""

from __future__ import annotations

import re
import time

import pytest

from necro.day_of_the_dead import DayOfTheDead
from necro.widget import HOT_SEAT, GameWidget, links
from tests.widget.test_cave_evil_full_board import at_conjure

from test_book_engine import go_live, wait_idle
from test_share_links import board_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAPTOP = {"width": 1280, "height": 800}


def open_static(page, tmp_path, widget, name="board.html"):
    page.goto(widget.save_html(tmp_path / name).as_uri())
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
    return page.locator(".necro-w")


def laying_face_down():
    """Day of the Dead at player 2's first choice of a card to lay face down (fallen <card>)."""
    state = DayOfTheDead().new_initial_state(0)
    while state.is_chance_node() or not any(str(a).startswith("fallen ") for a in state.legal_actions()):
        state.play_chance() if state.is_chance_node() else state.apply(state.legal_actions()[0])
    return state


def test_day_of_the_dead_decision_buttons_name_the_cards(page, tmp_path):
    state = laying_face_down()
    box = open_static(page, tmp_path, GameWidget(state, player=HOT_SEAT, explore_depth=1))
    buttons = box.locator(".necro-actions button.necro-action[data-a^='fallen ']")
    notations = buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.a)")
    texts = buttons.all_inner_texts()
    labels = buttons.evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-label'))")
    assert len(texts) == len(notations) > 1
    for notation, text, label in zip(notations, texts, labels):
        assert not re.search(r"\b[DPU]\d\d\b", text), text  # a name, not the card's id
        name = text.removeprefix("fallen ")
        assert text.startswith("fallen ") and f"lay {name} face down" in label, (notation, text, label)
        assert label.startswith(text)  # its name starts with what it shows
    # the notation is still what is played (the log, read by the table, masks which card)
    buttons.first.click()
    assert "fallen D: Player 2 lays" in box.locator(".necro-log").inner_text()


def test_day_of_the_dead_fight_table_keeps_each_cell_on_one_line(built_book, static_server, browser):
    page = browser.new_page(viewport=LAPTOP)
    try:
        page.goto(static_server(built_book) + "book/day-of-the-dead/effects.html")
        page.wait_for_function("document.querySelectorAll(\"section[aria-label='the fight'] table\").length > 0",
                               timeout=60_000)
        lines = page.evaluate("""() => [...document.querySelectorAll("section[aria-label='the fight'] table tr")]
            .flatMap((tr) => [tr.cells[0], tr.cells[2], tr.cells[3]]).filter((c) => c && c.textContent.trim())
            .map((c) => { const r = document.createRange(); r.selectNodeContents(c);
              const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
              return [c.textContent, tops.size]; })""")
        assert lines and all(n == 1 for _, n in lines), [x for x in lines if x[1] != 1]
    finally:
        page.close()


def test_cave_evil_phase_chips_read_as_phases_not_counts(page, tmp_path):
    box = open_static(page, tmp_path, GameWidget(at_conjure(), player=HOT_SEAT, explore_depth=1))
    chips = box.locator(".ce-phase-step").all_inner_texts()
    assert chips == ["Phase 1: fights", "▶ Phase 2: conjure", "Phase 3: actions", "Phase 4: events"]


def test_cave_evil_full_game_fits_a_laptop_screen(browser, tmp_path):
    """At 1280 x 800, with the board's top at the top of the screen, the decisions, the map and the
    hand are all in view at once, the decisions beside the map; the map's labels are legible."""
    page = browser.new_page(viewport=LAPTOP)
    try:
        box = open_static(page, tmp_path, GameWidget(at_conjure(), player=HOT_SEAT, explore_depth=1))
        box.evaluate("(b) => b.scrollIntoView({ block: 'start' })")
        boxes = page.evaluate("""() => Object.fromEntries(Object.entries({
            actions: ".necro-actions", map: ".ce-board > svg", hand: ".ce-hand", card: ".ce-hand-card",
            decks: ".ce-decks" }).map(([k, s]) => { const r = document.querySelector(s).getBoundingClientRect();
              return [k, { top: r.top, bottom: r.bottom, left: r.left, right: r.right }]; }))""")
        for name in ("actions", "map", "hand", "decks"):
            assert 0 <= boxes[name]["top"] and boxes[name]["bottom"] <= LAPTOP["height"], (name, boxes)
        assert boxes["actions"]["left"] >= boxes["map"]["right"] - 1  # beside the map, not under it
        # map labels (tile codes, squads) at 9 px or more on screen
        sizes = page.evaluate("""() => [...document.querySelectorAll(".ce-board > svg text")]
            .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0)
            .map((t) => t.getBoundingClientRect().height)""")
        assert sizes and min(sizes) >= 9, sorted(sizes)[:5]
    finally:
        page.close()


def test_a_board_under_a_resting_pointer_goes_live(built_book, static_server, browser):
    """The pointer comes to rest on a board before the board has settled (it still waits for a
    kernel to answer): the board must not wait for the pointer to leave and come back."""
    page = browser.new_page(viewport=LAPTOP)
    try:
        page.clock.install()
        page.clock.pause_at(time.time() * 1000 + 60_000)  # page time moves only when the test says so
        page.goto(static_server(built_book) + "book/playground.html")
        for _ in range(3000):  # 20 ms at a time, until the first board is drawn and waits for a kernel
            if page.evaluate("(document.querySelector('.necro-w') || {dataset: {}}).dataset.mode") == "pending":
                break
            page.clock.run_for(20)
            page.wait_for_timeout(5)
        box = page.locator(".necro-w").first
        box.evaluate("(b) => b.scrollIntoView({ block: 'center' })")
        where = box.bounding_box()
        page.mouse.move(where["x"] + where["width"] / 2, where["y"] + min(where["height"] / 2, 300))
        assert box.get_attribute("data-mode") == "pending"
        page.clock.resume()  # from here on the pointer does not move
        page.wait_for_function("(b) => b.dataset.mode === 'static'", arg=box.element_handle(), timeout=60_000)
        go_live(box)
    finally:
        page.close()


def test_opening_a_link_where_no_computer_plays_does_not_say_the_computer_thinks(built_book, static_server, page):
    from necro.cave_evil import CaveEvil

    state = CaveEvil(2, setup="quick").new_initial_state(2)
    while state.is_chance_node() or len(state.steps) < 6:
        state.play_chance() if state.is_chance_node() else state.apply(state.legal_actions()[0])
    page.add_init_script("""window.__thinking = [];
        new MutationObserver(() => { for (const s of document.querySelectorAll('.necro-status.necro-thinking'))
          window.__thinking.push(s.textContent); }).observe(document, { subtree: true, attributes: true,
          attributeFilter: ['class'] });""")
    page.goto(static_server(built_book) + "book/playground.html" + links.fragment(state))
    box = board_of(page, "cave-evil")
    go_live(box)
    wait_idle(box)
    assert box.locator(".necro-status").inner_text() == state.status()
    assert page.evaluate("window.__thinking") == []
    assert "thinking" not in box.locator(".necro-status").evaluate("(s) => getComputedStyle(s, '::after').content")

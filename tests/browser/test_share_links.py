"""Share links in the built book: a board's Link opens the playground page on the same position,
with the rules engine running in the browser; a link that is not one is refused in words.

The playground (book/playground.ipynb) has one board per game; a page opened with
``#necro=<game>.<payload>`` hands the link to its board of that game, which starts the
in-browser engine and loads it (necro/widget/links.py, widgets/core/share.js).
"""

from __future__ import annotations

import pytest

from necro.graveyard_shift import GraveyardShift
from necro.widget import GameWidget, links

from test_book_engine import ENGINE_MS, assert_clean, go_live, status, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def board_of(page, game_id: str):
    page.wait_for_function("document.querySelectorAll('.necro-w').length >= 5", timeout=60_000)
    return page.locator(".necro-w").nth(
        ["graveyard-shift", "shovelfight", "shambling-dead", "day-of-the-dead", "cave-evil"].index(game_id))


def test_a_link_opens_its_position_on_the_playground(built_book, static_server, page):
    state = GraveyardShift().new_initial_state(5)
    for _ in range(6):
        state.play_chance() if state.is_chance_node() else state.apply(state.legal_actions()[-1])
    page.goto(static_server(built_book) + "book/playground.html" + links.fragment(state))
    box = board_of(page, "graveyard-shift")
    go_live(box)
    wait_idle(box)
    assert status(box) == state.status() and box.locator(".necro-error").inner_text() == ""
    assert_clean(page)


def test_a_chapter_board_shares_a_link_that_opens_the_same_position(built_book, static_server, page, browser):
    base = static_server(built_book)
    page.goto(base + "book/graveyard-shift/index.html")
    page.wait_for_function("document.querySelectorAll('.necro-w[data-mode=static]').length > 0", timeout=60_000)
    box = page.locator(".necro-w:not([data-lesson])").first  # not the lesson board, which has its own test
    box.scroll_into_view_if_needed()
    box.locator(".necro-action").first.click()  # one move from the chapter's position
    wait_idle(box)
    shown = status(box)
    box.locator(".necro-editor summary").click()
    box.locator(".necro-share").click()
    page.wait_for_function("(b) => b.querySelector('.necro-link-url').value.includes('#necro=')",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    url = box.locator(".necro-link-url").input_value()
    assert url.startswith(base + "book/playground.html#necro=graveyard-shift.")
    other = browser.new_page()  # a fresh page, as the friend who got the link
    try:
        other.goto(url)
        friend = board_of(other, "graveyard-shift")
        other.wait_for_function("(b) => b.dataset.mode === 'browser' && b.dataset.busy !== '1' && "
                                "b.querySelector('.necro-status').textContent === " + repr(shown).replace("'", '"'),
                                arg=friend.element_handle(), timeout=ENGINE_MS)
        assert friend.locator(".necro-error").inner_text() == ""
    finally:
        other.close()
    assert_clean(page)


@pytest.mark.parametrize("payload, words", [
    ("graveyard-shift.!!!", "not URL-safe base64"),
    ("graveyard-shift.____", "damaged"),
    ("graveyard-shift.%3Cscript%3Ealert(1)%3C%2Fscript%3E", "not URL-safe base64"),
])
def test_a_bad_link_is_refused_in_words_and_the_board_stays(built_book, static_server, page, payload, words):
    page.goto(static_server(built_book) + "book/playground.html#necro=" + payload)
    box = board_of(page, "graveyard-shift")
    page.wait_for_function("(b) => b.querySelector('.necro-error').textContent.length > 0",
                           arg=box.element_handle(), timeout=ENGINE_MS)
    assert words in box.locator(".necro-error").inner_text()
    assert "Round 1 of 3" in status(box) and "alert" not in page.evaluate("document.title")
    assert not page.necro_log.page_errors, page.necro_log.page_errors


@pytest.mark.parametrize("payload, shown", [
    ("chess.eJyrVkrOz0nNTVWyUlAqSsxTqgUAJ8cFGw", 'for "chess"'),
    ("%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E.x", 'for "<img src=x onerror=alert(1)>"'),
])
def test_a_link_to_no_game_of_the_page_is_refused_in_words(built_book, static_server, page, payload, shown):
    """A link naming a game the page has no board of is said so above the first board, as plain
    text (no element made from it, no script run); every board keeps its start."""
    page.goto(static_server(built_book) + "book/playground.html#necro=" + payload)
    page.wait_for_selector(".necro-link-refused", timeout=ENGINE_MS)
    notices = page.locator(".necro-link-refused")
    assert notices.count() == 1
    assert shown in notices.inner_text() and "not a game of this page" in notices.inner_text()
    assert notices.locator("img").count() == 0 and page.locator(".necro-w img[src=x]").count() == 0
    assert "Round 1 of 3" in status(board_of(page, "graveyard-shift"))
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_an_edge_case_page_links_to_its_position_on_the_playground(built_book, static_server, page):
    """The Shovelfight edge cases each point to the playground with their exact position."""
    from necro.shovelfight import Shovelfight

    page.goto(static_server(built_book) + "book/shovelfight/edge-cases.html")
    link = page.locator(".necro-playground-link a").first
    href = link.get_attribute("href")
    assert href.startswith("../playground.html#necro=shovelfight.")
    expected = GameWidget(Shovelfight(3).new_initial_state(1))  # what the playground's board does with it
    assert expected.open_link(href.split("#necro=", 1)[1])
    link.click()
    page.wait_for_url("**/book/playground.html#necro=*")
    box = board_of(page, "shovelfight")
    page.wait_for_function("(a) => a[0].dataset.mode === 'browser' && a[0].dataset.busy !== '1' && "
                           "a[0].querySelector('.necro-status').textContent === a[1]",
                           arg=[box.element_handle(), expected.view["status"]], timeout=ENGINE_MS)
    assert box.locator(".necro-error").inner_text() == ""
    assert_clean(page)


def test_a_board_saves_the_game_opens_a_file_and_takes_a_picture(built_book, static_server, page, tmp_path):
    """Save game downloads the whole game (history included) from the engine; Open file… loads a
    saved game; Picture downloads the board as one self-contained SVG."""
    from necro.core import load_state

    page.goto(static_server(built_book) + "book/graveyard-shift/index.html")
    page.wait_for_function("document.querySelectorAll('.necro-w[data-mode=static]').length > 0", timeout=60_000)
    box = page.locator(".necro-w:not([data-lesson])").first  # not the lesson board, which has its own test
    box.scroll_into_view_if_needed()
    box.locator(".necro-editor summary").click()
    with page.expect_download() as picture:
        box.locator(".necro-picture").click()
    svg_text = open(picture.value.path(), encoding="utf-8").read()
    assert picture.value.suggested_filename.endswith(".svg")
    assert svg_text.startswith("<svg") and "<foreignObject" in svg_text and "necro-board" in svg_text
    box.locator(".necro-action").first.click()
    wait_idle(box)
    shown = status(box)
    with page.expect_download(timeout=ENGINE_MS) as saved:
        box.locator(".necro-save").click()
    doc = open(saved.value.path(), encoding="utf-8").read()
    game = load_state(doc)
    assert game.status() == shown and game.steps, "the saved game has its history"
    other = GraveyardShift().new_initial_state(8)
    for _ in range(30):
        other.play_chance() if other.is_chance_node() else other.apply(other.legal_actions()[0])
    path = tmp_path / "other.json"
    path.write_text(other.dumps(), encoding="utf-8")
    expected = GameWidget(GraveyardShift().new_initial_state(1))  # the chapter board's settings: chance rolls on
    assert expected.load(other.dumps()) and expected.view["status"] != shown
    box.locator(".necro-file").set_input_files(str(path))
    page.wait_for_function("(a) => a[0].dataset.busy !== '1' && a[0].querySelector('.necro-status').textContent === a[1]",
                           arg=[box.element_handle(), expected.view["status"]], timeout=ENGINE_MS)
    assert box.locator(".necro-error").inner_text() == ""
    assert_clean(page)

"""One whole game of every game, played in the built book by keyboard alone.

The reader follows a link to the section with the board (the playground's section of the game,
or for Graveyard Shift the chapter's match against the computer), then uses only Tab, Shift+Tab,
Enter, Space and the arrow keys on the page's own controls: the first Tab lands on the board,
which starts the rules engine in the browser; every decision is reached by Tab and pressed with
Enter or Space, mostly a button of the decision panel and every few moves a target drawn on the
board itself (a square, a grave, a figure, a card, a squad), with the small menu some targets open
when they offer more than one action. On the Graveyard Shift board the arrow keys choose, in the
seat list, that the computer plays the other side; on the Cave Evil map they pan the view. Each
game is played until the engine says it is over.

What a screen reader gets is checked at every step from the page's accessibility tree (Playwright's
``aria_snapshot``) and the live regions: the control in focus is a button with a name, the status
line is a polite live region (``role=status``) that is never empty and at the end says the game is
over, and after each move the focus is still on the board (the board keeps the reader's place when
it draws the next position). Two cases on their own: when the game ends the focus stays on the
board (on its status line, which says so), and a live region says which moves were just played
(the reader's and the computer's answer), in the words of the log.
"""

from __future__ import annotations

import random
import time

import pytest

from test_book_engine import ENGINE_MS, assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class Game:
    """Where a game's board is (page and section), the seed of the reader's choices, and whether
    the reader first has the computer take the other side."""

    def __init__(self, page: str, section: str, seed: int, against_computer: bool = False):
        self.page, self.section, self.seed = page, section, seed
        self.against_computer = against_computer


GAMES = {
    "graveyard-shift": Game("graveyard-shift/index.html", "play-a-match-against-the-computer", 7,
                            against_computer=True),
    "shovelfight": Game("playground.html", "necromancer-shovelfight", 5),
    "shambling-dead": Game("playground.html", "night-of-the-shambling-dead", 3),
    "day-of-the-dead": Game("playground.html", "day-of-the-dead", 11),
    "cave-evil": Game("playground.html", "cave-evil", 2),
}
MAX_MOVES = 400
BOARD_EVERY = 3  # of the positions where the board offers a target, every third is played there
NEAR = 6  # the reader picks among the panel's first decisions (fewer Tabs: the suite's time)

# Everything the test reads from a board in one call (reading only: keys do all the moving).
# Board targets are the board's focusable controls that play, or open a menu of, legal actions.
READ = """(box) => {
  const f = document.activeElement, inBox = !!f && box.contains(f);
  const board = box.querySelector('.necro-board');
  const panel = [...box.querySelectorAll('.necro-actions button')];
  const legal = new Set(panel.map((b) => b.dataset.a).filter(Boolean));
  const targets = [...board.querySelectorAll(
      ':is([role=button], button)[data-a], [role=button]:is([data-grave], [data-squad], [data-hex])')]
    .filter((n) => n.tabIndex >= 0 && !n.disabled && n.getClientRects().length
      && (!n.dataset.a || legal.has(n.dataset.a)));
  const status = box.querySelector('.necro-status');
  const ahead = (nodes) => nodes.map((n) => !inBox || !!(f.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING));
  return {
    ahead: { panel: ahead(panel), targets: ahead(targets) },
    panel: panel.map((b) => b.dataset.a || b.textContent.trim()),
    targets: targets.length,
    over: box.querySelector('.necro-side h4').textContent.includes('the game is over'),
    logged: box.querySelectorAll('.necro-log li').length,
    status: { role: status.getAttribute('role'), live: status.getAttribute('aria-live'), text: status.textContent },
    error: box.querySelector('.necro-error').textContent,
    focus: inBox ? {
      panel: panel.indexOf(f), target: targets.indexOf(f), board: board.contains(f) && f !== board,
      tag: f.tagName.toLowerCase(), menu: f.tagName === 'BUTTON' && board.contains(f)
        ? [...f.parentElement.querySelectorAll(':scope > button')].indexOf(f) : -1,
      seats: f.classList.contains('necro-seats'),
    } : null,
  };
}"""


class Reader:
    """The reader's hands on one board: keys only. ``read()`` is the test's eyes."""

    def __init__(self, page, box, rng: random.Random):
        self.page, self.box, self.handle, self.rng = page, box, box.element_handle(), rng
        self.presses = 0

    def read(self) -> dict:
        return self.page.evaluate(READ, self.handle)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1

    def tab_to(self, reached, forward: bool, limit: int = 300) -> dict:
        """Tab (or Shift+Tab) until ``reached(focus)``; fails if focus leaves the board first."""
        for _ in range(limit):
            focus = self.read()["focus"]
            assert focus is not None, "Tab left the board before reaching the control"
            if reached(focus):
                return focus
            self.press("Tab" if forward else "Shift+Tab")
        raise AssertionError(f"{limit} Tabs did not reach the control (focus on {self.read()['focus']})")

    def activate(self) -> None:
        """Enter or Space, at random, on the focused control (the board's drawn buttons too)."""
        self.press(self.rng.choice(("Enter", "Space")))
        self.page.wait_for_function("(b) => b.dataset.busy !== '1'", arg=self.handle, timeout=ENGINE_MS)

    def named_button(self) -> str:
        """The focused control's accessible name, as a screen reader gets it; fails unless it
        is a button with a name (the first line of its ARIA snapshot: ``- button "name"``)."""
        first = self.page.locator(":focus").aria_snapshot().splitlines()[0].strip("- '")
        assert first.startswith('button "') and len(first) > len('button ""'), first
        return first[len('button "'):].split('"')[0]


def played(before: dict, after: dict) -> bool:
    return (after["logged"], after["status"]["text"], after["panel"]) != (
        before["logged"], before["status"]["text"], before["panel"])


def open_by_keyboard(page, base: str, game: Game, rng: random.Random) -> Reader:
    """Follow the link to the board's section, Tab into the board, wait for the engine."""
    page.goto(f"{base}book/{game.page}#{game.section}")
    page.wait_for_function("document.querySelectorAll('.necro-w[data-mode=static]').length > 0", timeout=60_000)
    reader = Reader(page, page.locator(f"#{game.section} .necro-w").first, rng)
    for _ in range(6):  # the fragment is where sequential focus starts: Tab goes on to the board
        reader.press("Tab")
        if reader.read()["focus"] is not None:
            break
    assert reader.read()["focus"] is not None, "Tab from the section's heading did not reach its board"
    # focus on the board starts the engine in the browser: no click
    page.wait_for_function("(b) => b.dataset.mode === 'browser' && b.dataset.busy !== '1'",
                           arg=reader.handle, timeout=ENGINE_MS)
    return reader


def choose_the_computer_as_opponent(reader: Reader) -> None:
    """In the seat list ("The computer plays"), the arrow key picks the first "you play" option."""
    reader.tab_to(lambda f: f["seats"], forward=True)
    before = reader.box.locator(".necro-seats").input_value()
    reader.press("ArrowDown")
    reader.page.wait_for_function("(b) => b.dataset.busy !== '1'", arg=reader.handle, timeout=ENGINE_MS)
    chosen = reader.box.locator(".necro-seats option:checked").inner_text()
    assert reader.box.locator(".necro-seats").input_value() != before and "you play" in chosen, chosen


def hand_over_the_screen(reader: Reader) -> None:
    """A board on the table's view offers its hidden choices to the hot seat: press that button."""
    panel = reader.read()["panel"]
    hot = [i for i, text in enumerate(panel) if text.startswith("Hot seat")]
    if hot:
        reader.tab_to(lambda f: f["panel"] == hot[0], forward=True)
        reader.activate()


def play_on_the_panel(reader: Reader, now: dict) -> str:
    """Tab to one of the panel's first decisions and press it; returns its accessible name."""
    pick = reader.rng.randrange(min(len(now["panel"]), NEAR))
    reader.tab_to(lambda f: f["panel"] == pick, forward=now["ahead"]["panel"][pick])
    name = reader.named_button()
    reader.activate()
    return name


def play_on_the_board(reader: Reader, now: dict) -> str | None:
    """Tab to one of the board's targets and press it; when it opens a menu of actions (focus on
    its first button), Tab through the menu to one of them and press that. None if nothing was
    played (a target that only shows something, such as a squad's cards)."""
    pick = reader.rng.randrange(now["targets"])
    reader.tab_to(lambda f: f["target"] == pick, forward=now["ahead"]["targets"][pick])
    name = reader.named_button()
    reader.activate()
    after = reader.read()
    if played(now, after):
        return name
    focus = after["focus"]
    if focus is None or focus["menu"] < 0:
        return None
    size = reader.page.evaluate("() => document.activeElement.parentElement.querySelectorAll(':scope > button').length")
    choice = reader.rng.randrange(size)
    reader.tab_to(lambda f: f["menu"] == choice, forward=True)
    name = reader.named_button()
    reader.activate()
    return name if played(now, reader.read()) else None


def pan_the_map_by_arrow_keys(reader: Reader) -> None:
    """Cave Evil: the map takes focus, and an arrow key moves the view (its viewBox)."""
    svg = reader.box.locator(".ce-board svg[tabindex]").first
    view = svg.get_attribute("viewBox")
    reader.tab_to(lambda f: f["tag"] == "svg", forward=True)
    reader.press("ArrowRight")
    assert svg.get_attribute("viewBox") != view, "the arrow key did not pan the map"


@pytest.mark.timeout(900)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_whole_game_is_played_by_keyboard(built_book, static_server, page, game_id):
    started = time.monotonic()
    game = GAMES[game_id]
    reader = open_by_keyboard(page, static_server(built_book), game, random.Random(game.seed))
    if game.against_computer:
        choose_the_computer_as_opponent(reader)
    if game_id == "cave-evil":
        pan_the_map_by_arrow_keys(reader)
    hand_over_the_screen(reader)
    moves = on_board = offers = 0
    now = reader.read()
    while not now["over"]:
        assert now["status"]["role"] == "status" and now["status"]["live"] == "polite", now["status"]
        assert now["status"]["text"].strip(), "the status line is empty"
        assert now["panel"], f"the game is not over and the panel offers nothing: {now['status']['text']}"
        offers += bool(now["targets"])
        name = play_on_the_board(reader, now) if now["targets"] and offers % BOARD_EVERY == 1 else None
        on_board += name is not None
        if name is None:
            name = play_on_the_panel(reader, reader.read())
        after = reader.read()
        assert played(now, after), f"pressing {name!r} played nothing"
        assert not after["error"], after["error"]
        if not after["over"]:  # the end: test_the_board_keeps_the_focus_when_the_game_ends
            assert after["focus"] is not None, f"after {name!r} the focus left the board"
        moves += 1
        assert moves < MAX_MOVES, f"no end after {moves} moves: {after['status']['text']}"
        now = after
    assert "over" in now["status"]["text"].lower(), now["status"]
    print(f"{game_id}: {moves} moves by keyboard ({on_board} on the board), {reader.presses} key presses,"
          f" {time.monotonic() - started:.0f} s; the status says: {now['status']['text']}")
    assert on_board > 0, "no decision was played on the board itself"
    assert_clean(page)


def one_move_from_the_end(seed: int):
    """A Graveyard Shift match played at random to one decision before its end, and that decision."""
    from necro.graveyard_shift import GraveyardShift

    rng, state = random.Random(seed), GraveyardShift().new_initial_state(seed)
    before = last = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.play_chance()
            continue
        before, last = state.copy(), rng.choice(state.legal_actions())
        state.apply(last)
    return before, str(last)


def open_a_link_by_keyboard(page, base: str, state) -> Reader:
    """The playground opened on ``state`` by its share link; Tab from the top of the page to the
    board of its game (Graveyard Shift's, the first), which loads the position in the engine."""
    from necro.widget import links

    page.goto(f"{base}book/playground.html{links.fragment(state)}")
    page.wait_for_function("(s) => { const b = document.querySelector('.necro-w');"
                           " return b && b.dataset.mode === 'browser' && b.dataset.busy !== '1'"
                           " && b.querySelector('.necro-status').textContent === s; }",
                           arg=state.status(), timeout=ENGINE_MS)
    reader = Reader(page, page.locator(".necro-w").first, random.Random(0))
    for _ in range(150):
        reader.press("Tab")
        if reader.read()["focus"] is not None:
            return reader
    raise AssertionError("150 Tabs from the top of the playground did not reach its first board")


def test_the_board_keeps_the_focus_when_the_game_ends(built_book, static_server, page):
    state, last = one_move_from_the_end(3)
    reader = open_a_link_by_keyboard(page, static_server(built_book), state)
    now = reader.read()
    pick = now["panel"].index(last)
    reader.tab_to(lambda f: f["panel"] == pick, forward=now["ahead"]["panel"][pick])
    reader.activate()
    after = reader.read()
    assert after["over"] and "Match over" in after["status"]["text"], after["status"]
    assert_clean(page)
    assert after["focus"] is not None, "the game is over and the focus left the board"


# what each log line says, without its step number and its rule link
LOG_LINES = """(items) => items.map((li) => {
  const copy = li.cloneNode(true);
  copy.querySelectorAll('.necro-step, .necro-why').forEach((n) => n.remove());
  return copy.textContent.replace(/\\s+/g, ' ').trim(); })"""
LIVE_TEXT = """(box) => [...box.querySelectorAll(
    '[role=status], [role=alert], [role=log], [aria-live]:not([aria-live=off])')]
  .map((r) => r.textContent.replace(/\\s+/g, ' ').trim()).filter(Boolean)"""


def test_each_move_is_announced(built_book, static_server, page):
    """The log lines each move writes (the reader's, then the computer's answer) are read out: they are
    in a live region, or a live region says them."""
    game = GAMES["graveyard-shift"]
    reader = open_by_keyboard(page, static_server(built_book), game, random.Random(game.seed))
    choose_the_computer_as_opponent(reader)
    for _ in range(3):
        now = reader.read()
        play_on_the_panel(reader, now)
        new_lines = reader.box.locator(".necro-log li").evaluate_all(LOG_LINES)[now["logged"]:]
        assert new_lines, "the move wrote no log line"
        in_live_log = reader.box.locator(".necro-log").evaluate(
            "(l) => !!l.closest('[role=log], [aria-live]:not([aria-live=off])')")
        said = " | ".join(page.evaluate(LIVE_TEXT, reader.handle))
        unsaid = [line for line in new_lines if line not in said]
        assert in_live_log or not unsaid, f"not announced: {unsaid}; the live regions say: {said}"
    assert_clean(page)

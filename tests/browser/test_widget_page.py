"""The toolkit on its own (standalone pages, no book build): rule links,
boards that fail, offline mode. Fast: each page is one local file."""

from __future__ import annotations

import pytest

from necro.widget import GameWidget
from tests.core.toy import Toy

pytestmark = [pytest.mark.browser]


def toy_widget(**kwargs):
    kwargs.setdefault("auto_chance", False)
    return GameWidget(Toy().new_initial_state(seed=1), **kwargs)


def open_page(page, widget, tmp_path, **kwargs):
    page.goto(widget.save_html(tmp_path / "w.html", **kwargs).as_uri())
    page.wait_for_selector(".necro-w[data-mode=static], .necro-w[data-mode=offline]", timeout=20_000)
    return page.locator(".necro-w")


def test_rule_links_use_the_book_root_named_by_the_page(page, tmp_path):
    box = open_page(page, toy_widget(explore_depth=1), tmp_path, book_root="/book/")
    box.locator(".necro-action[data-a='3']").click()
    link = box.locator(".necro-log a")
    assert link.get_attribute("href") == "/book/book/toy.html#toy-roll"
    assert link.inner_text() == "Roll (toy-roll)"


def test_without_a_book_root_rules_are_named_not_linked(page, tmp_path):
    box = open_page(page, toy_widget(explore_depth=1), tmp_path)
    box.locator(".necro-action[data-a='3']").click()
    assert box.locator(".necro-log a").count() == 0
    assert "because of rule Roll toy-roll" in box.locator(".necro-log").inner_text()


def test_a_board_that_throws_falls_back_to_text_and_says_why(page, tmp_path):
    board = "export function drawBoard(c, view) { if (view.position.roll) throw new Error('no dice art'); c.append('ok'); }"
    box = open_page(page, toy_widget(explore_depth=1, board=board), tmp_path)
    assert box.locator(".necro-board").inner_text().startswith("ok")
    box.locator(".necro-action[data-a='2']").click()
    assert "the board could not be drawn: Error: no dice art" in box.locator(".necro-board .necro-error").inner_text()
    assert '"roll":2' in box.locator(".necro-board pre").inner_text()  # the text fallback
    assert box.locator(".necro-status").inner_text() == "Player 1 to act."  # the rest still works
    assert not page.necro_log.page_errors


def test_a_board_module_that_does_not_load_falls_back(page, tmp_path):
    box = open_page(page, toy_widget(explore_depth=1, board="export function drawBoard( {"), tmp_path)
    assert "failed to load" in box.locator(".necro-board .necro-error").inner_text()
    box.locator(".necro-action[data-a='1']").click()
    assert box.locator(".necro-status").inner_text() == "Player 1 to act."


def test_without_graph_or_kernel_the_board_is_read_only_and_says_so(page, tmp_path):
    box = open_page(page, toy_widget(), tmp_path)
    assert box.get_attribute("data-mode") == "offline"
    box.locator(".necro-action[data-a='1']").click()
    assert "No Python kernel has answered" in box.locator(".necro-note").inner_text()
    assert box.locator(".necro-status").inner_text() == "Chance decides."


def test_board_preview_and_panel_highlight_talk_to_each_other(page, tmp_path):
    board = """export function drawBoard(c, view, ui) {
      const seen = ui.el("div", { class: "seen" }, "none");
      const b = ui.el("button", { class: "target", "data-a": "bank", onmouseenter: () => ui.preview("bank"),
                                  onclick: () => ui.act("bank") }, "bank here");
      c.append(b, seen);
      return { highlight(n) { seen.textContent = n === null ? "none" : n; } };
    }"""
    w = toy_widget(explore_depth=2, board=board)
    box = open_page(page, w, tmp_path)
    box.locator(".necro-action[data-a='2']").click()
    box.locator(".target").hover()
    assert "bank" in box.locator(".necro-preview").first.inner_text()
    assert "necro-hot" in box.locator(".necro-action[data-a='bank']").get_attribute("class")
    box.locator(".necro-action[data-a='pass']").hover()
    assert box.locator(".seen").inner_text() == "pass"
    box.locator(".target").focus()
    page.keyboard.press("Enter")
    assert "player 1 banks 2" in box.locator(".necro-log").inner_text()


def test_a_kernel_that_answers_late_gets_the_last_click(page, tmp_path):
    """A busy kernel answers the hello late: the widget, read-only meanwhile, goes
    live and sends the latest click (earlier ones were made on a stale position)."""
    from necro.widget.page import standalone_html

    text = standalone_html(toy_widget()).replace('"_necro_no_kernel":true', '"_necro_no_kernel":false')
    path = tmp_path / "late.html"
    path.write_text(text, encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_selector(".necro-w[data-mode=offline]", timeout=20_000)
    box = page.locator(".necro-w")
    box.locator(".necro-action[data-a='1']").click()
    box.locator(".necro-action[data-a='3']").click()
    assert "No Python kernel has answered" in box.locator(".necro-note").inner_text()
    assert page.evaluate("window.necroSent") == [{"type": "hello"}]
    page.evaluate("window.necroModel.emit('msg:custom', {type: 'hello-ack'})")
    assert box.get_attribute("data-mode") == "live"
    assert page.evaluate("window.necroSent") == [{"type": "hello"}, {"type": "act", "a": "3"}]
    assert box.locator(".necro-note").inner_text() == ""


def test_a_stub_without_its_carrier_asks_for_the_code_and_then_draws(page, tmp_path):
    """A widget shipped as a stub (another widget carries the code) whose carrier
    is missing asks the kernel for the code; once it comes, the board draws."""
    from necro.widget.assets import stub_esm
    from necro.widget.page import _script_json, standalone_html

    w = toy_widget(explore_depth=1)
    full = w._code.full + "\n// variant for this test\n"  # not yet registered in this page
    text = standalone_html(w).replace(_script_json(w._code.full), _script_json(stub_esm(w._code.key)))
    path = tmp_path / "stub.html"
    path.write_text(text, encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_function("window.necroSent.some((m) => m.type === 'need-code')", timeout=10_000)
    assert "code of this board is missing" in page.locator("#necro-widget").inner_text()
    page.evaluate("([key, esm]) => window.necroModel.emit('msg:custom', {type: 'code', key, esm})",
                  [w._code.key, full])
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=10_000)
    assert page.locator(".necro-status").inner_text() == "Chance decides."
    assert "code of this board is missing" not in page.locator("#necro-widget").inner_text()

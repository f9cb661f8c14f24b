"""Every page of the built book passes axe-core with no serious or critical finding.

axe-core (npm, test-only: the book never loads it; the version in package.json, the newest when
it was pinned) is injected into every built page (the chapters, the playground, the rule index,
the search page, the general index) served over http, once its boards are drawn from their
precomputed graphs, and run on the whole document: the boards as much as the theme's frame
around them (the search field, the colour-mode button, the navigation and the sidebars). It runs
twice a page: with all of axe's default rules in the light colour scheme, then with the rules that
depend on colours in the dark one, the colour-mode button's other choice. The book's
``index.html`` sends the reader on at once, so its own markup is checked apart.

The theme's two buttons are also checked as a screen reader and a speech-input user meet them:
named by what they show, the colour-mode button by the mode it is in, and pressed by keyboard.
"""

from __future__ import annotations

import json
import pathlib

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = pathlib.Path(__file__).resolve().parents[2]
AXE_DIR = REPO / "node_modules" / "axe-core"
AXE = AXE_DIR / "axe.min.js"
SERIOUS = ("serious", "critical")
COLOUR_RULES = ("color-contrast", "link-in-text-block")  # the rules a colour scheme can change
DRAWN = ("[...document.querySelectorAll('.necro-w')].every((b) => {"
         " const s = b.querySelector('.necro-status'); return s && s.textContent.length > 0; })")
# the theme has turned dark and its colours have finished their transitions (axe would read
# a colour half-way)
SETTLED_DARK = ("document.documentElement.dataset.theme === 'dark' && !document.getAnimations()"
                ".some((a) => a instanceof CSSTransition && a.playState === 'running')")

# axe on the document (or, with `rules`, only those rules): its serious and critical findings,
# each as "rule (impact, count): first element"
RUN_AXE = """async (rules) => {
  const options = { resultTypes: ["violations"] };
  if (rules) options.runOnly = { type: "rule", values: rules };
  const result = await axe.run(document, options);
  return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0].target.join(" ")}: `
      + v.nodes[0].html.slice(0, 160));
}"""


def built_pages(html: pathlib.Path) -> list[str]:
    """Every HTML page of the built book, but the scripts' own folders (necro-js/, _static/)."""
    return sorted(rel for rel in (p.relative_to(html).as_posix() for p in html.rglob("*.html"))
                  if not rel.startswith(("necro-js/", "_static/")))


def board_pages(html: pathlib.Path) -> list[str]:
    """The built pages under book/ whose stored notebooks show a board."""
    return sorted(p.relative_to(html).as_posix() for p in (html / "book").rglob("*.html")
                  if "necro-widget" in p.read_text(encoding="utf-8") or "application/vnd.jupyter.widget-view"
                  in p.read_text(encoding="utf-8"))


def axe_version() -> tuple[int, ...]:
    return tuple(int(part) for part in json.loads((AXE_DIR / "package.json").read_text())["version"].split("."))


def findings(page, rules=None) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, list(rules) if rules else None)


def findings_light_and_dark(page) -> list[str]:
    """The page as it stands (emulated in the light colour scheme): every finding, then the
    colour rules' findings in the dark scheme, marked (dark)."""
    found = findings(page)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(SETTLED_DARK)
    return found + [f"(dark) {f}" for f in findings(page, COLOUR_RULES)]


def test_every_built_page_is_checked(built_book):
    pages = built_pages(built_book)
    assert AXE.is_file(), "npm ci installs axe-core (package.json devDependencies)"
    pinned = json.loads((REPO / "package.json").read_text())["devDependencies"]["axe-core"]
    assert axe_version() >= (4, 14) and pinned == ".".join(map(str, axe_version())), pinned
    assert len(pages) >= 32, pages
    assert {"index.html", "search.html", "genindex.html", "book/playground.html", "book/intro.html"} <= set(pages)


def test_no_page_has_a_serious_accessibility_finding(built_book, static_server, page):
    base = static_server(built_book)
    found = []
    for rel in built_pages(built_book):
        if rel == "index.html":  # the redirect: it must lead on, and its own markup is checked
            page.goto(base + rel)
            page.wait_for_url(base + "book/intro.html")
            # written into a blank page, where its refresh's relative address leads nowhere
            page.goto("about:blank")
            page.set_content((built_book / rel).read_text(encoding="utf-8"))
            assert page.url == "about:blank" and page.title() == "necro"
            found += [f"{rel}: {f}" for f in findings(page)]
            continue
        page.emulate_media(color_scheme="light")
        page.goto(base + rel)
        page.wait_for_function(DRAWN, timeout=60_000)
        found += [f"{rel}: {f}" for f in findings(page)]
        page.emulate_media(color_scheme="dark")  # the theme follows the system in its "auto" mode
        page.wait_for_function(SETTLED_DARK)
        found += [f"{rel} (dark): {f}" for f in findings(page, COLOUR_RULES)]
    assert not found, f"{len(found)} serious or critical findings:\n" + "\n".join(found)


def test_the_theme_buttons_say_what_they_show_and_work_by_keyboard(built_book, static_server, page):
    """The search field is named by its text, "Search Ctrl+K" (the theme called it "Search"), and
    the colour-mode button by the mode it is in (the theme called it "Color mode" while its icon's
    title said the mode). Enter on the colour-mode button changes the mode, its name follows, and the
    focus stays on it (the theme blurred it, so the focus fell to the page's start)."""
    page.goto(static_server(built_book) + "book/intro.html")
    search = page.locator(".bd-sidebar-primary .search-button-field")
    assert search.aria_snapshot() == '- button "Search Ctrl + K"'
    mode = page.locator(".bd-header-article .theme-switch-button")
    assert mode.aria_snapshot() == """- 'button "Color mode: System Settings"'"""
    for _ in range(80):  # Tab from the top of the page to the colour-mode button
        page.keyboard.press("Tab")
        if mode.evaluate("(b) => b === document.activeElement"):
            break
    assert mode.evaluate("(b) => b === document.activeElement"), "Tab never reached the colour-mode button"
    page.keyboard.press("Enter")
    now = page.evaluate("document.documentElement.dataset.mode")
    assert now in ("light", "dark")
    assert mode.aria_snapshot() == f"""- 'button "Color mode: {now.capitalize()}"'"""
    assert mode.evaluate("(b) => b === document.activeElement"), "Enter took the focus off the button"
    page.keyboard.press("Control+k")  # the shortcut the search field shows opens the search dialog
    assert page.locator("#pst-search-dialog").evaluate("(d) => d.open")
    assert page.locator("#pst-search-dialog input").evaluate("(i) => i === document.activeElement")


GAMES = ("graveyard-shift", "shovelfight", "shambling-dead", "day-of-the-dead", "cave-evil")


@pytest.mark.parametrize("game_id", GAMES)
def test_edit_mode_has_no_serious_accessibility_finding(built_book, static_server, page, game_id):
    """The position editor of each game's playground board, with its first board element chosen."""
    from test_position_editor import open_editor

    box = open_editor(page, static_server(built_book), game_id)
    picker = box.locator(".necro-edit-element")
    options = picker.locator("option").evaluate_all("(os) => os.map((o) => o.value).filter(Boolean)")
    if options:
        picker.select_option(options[0])
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run({ include: [[".necro-w[data-editing='1']"]] }, { resultTypes: ["violations"] });
        return result.violations.filter((v) => ["serious", "critical"].includes(v.impact))
            .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes[0].html.slice(0, 160)}`); }""")
    assert not found, "\n".join(found)

"""The static book renders anywidget widgets offline, over http and from file://."""

from __future__ import annotations

import html.parser
import pathlib

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

FIXTURE_PAGE = "widget_counter.html"


def check_counter_widget(page) -> None:
    """The fixture widget shows its stored count and counts clicks in the page."""
    button = page.locator(".necro-fixture-button")
    button.wait_for(state="visible", timeout=30_000)
    count = page.locator(".necro-fixture-count")
    assert count.inner_text() == "count: 3"  # the value stored in the widget state
    button.click()
    page.wait_for_function(
        "document.querySelector('.necro-fixture-count').textContent === 'count: 4'"
    )
    urls = page.necro_log.urls
    for local_asset in ("require.js", "embed-amd.js", "anywidget.js"):
        assert any(url.split("?")[0].endswith(local_asset) for url in urls), local_asset
    assert not page.necro_log.page_errors, page.necro_log.page_errors
    # MathJax, also shipped locally, typesets the fixture's formula
    page.locator("mjx-container").first.wait_for(timeout=30_000)
    assert any("/necro-js/mathjax/" in url for url in urls)


def test_fixture_widget_renders_over_http(fixture_book, static_server, page):
    url = static_server(fixture_book) + FIXTURE_PAGE
    page.goto(url)
    check_counter_widget(page)
    page.necro_log.assert_local_only()


def test_fixture_widget_renders_from_file_url(fixture_book, page):
    page.goto((fixture_book / FIXTURE_PAGE).as_uri())
    check_counter_widget(page)
    page.necro_log.assert_local_only()


class _RemoteAssetFinder(html.parser.HTMLParser):
    """Collects scripts, stylesheets, images, frames and fonts loaded from other hosts."""

    ATTRS = {"script": "src", "img": "src", "iframe": "src", "source": "src", "link": "href"}

    def __init__(self):
        super().__init__()
        self.remote: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        name = self.ATTRS.get(tag)
        if name is None or not attrs.get(name):
            return
        if tag == "link" and not {"stylesheet", "preload", "icon", "modulepreload"} & set(
            (attrs.get("rel") or "").split()
        ):
            return  # plain links to other sites are fine; loading from them is not
        value = attrs[name].strip()
        if value.startswith(("http:", "https:", "//")):
            self.remote.append(f"<{tag} {name}={value}>")


def remote_assets(html_root: pathlib.Path) -> list[str]:
    found = []
    for page in sorted(html_root.rglob("*.html")):
        finder = _RemoteAssetFinder()
        finder.feed(page.read_text(encoding="utf-8", errors="replace"))
        found += [f"{page.relative_to(html_root)}: {item}" for item in finder.remote]
    return found


def test_fixture_book_loads_nothing_remote(fixture_book):
    assert remote_assets(fixture_book) == []


def test_built_book_loads_nothing_remote(built_book):
    """No page of the real book pulls a script, style, font or image from the internet."""
    assert remote_assets(built_book) == []


def test_built_book_pages_open_offline(built_book, static_server, page):
    """Every page of the real book opens in chromium with only local requests, and
    with nothing in the console: no error, no warning (the widget manager's schema
    check), no failed request (the favicon)."""
    base = static_server(built_book)
    pages = sorted(
        p.relative_to(built_book).as_posix()
        for p in built_book.rglob("*.html")
        if not p.relative_to(built_book).parts[0].startswith("_")
    )
    assert "index.html" in pages
    for name in pages:
        page.goto(base + name)
        page.wait_for_load_state("load")
        page.necro_log.assert_quiet(name)
    assert not [url for url in page.necro_log.urls if "/necro-js/engine/" in url], \
        "a page loaded the in-browser engine before any board was touched"
    page.necro_log.assert_local_only()


# One element per Font Awesome 5 face that the widget manager's stylesheets declare.
ICONS = "() => { for (const c of ['fa fa-check', 'far fa-circle', 'fab fa-github', 'fas fa-check']) {" \
    " const i = document.createElement('i'); i.className = c; document.body.prepend(i); } }"


@pytest.mark.parametrize("chapter", ["book/playground.html", "book/graveyard-shift/index.html"])
def test_widget_manager_icon_fonts_load(chapter, built_book, static_server, page):
    """The widget manager's icon fonts (used by any ipywidget with an icon) come from
    necro-js/html-manager/, whatever folder the page is in: embed-amd.js holds two copies of
    the manager, and each must know where its fonts were copied."""
    page.goto(static_server(built_book) + chapter)
    page.wait_for_function("document.querySelectorAll('.necro-w[data-mode]').length > 0", timeout=60_000)
    page.evaluate(ICONS)
    page.wait_for_function("document.fonts.status === 'loaded'")
    page.wait_for_timeout(300)
    faces = page.evaluate("[...document.fonts].filter((f) => f.family.includes('Font Awesome 5'))"
                          ".map((f) => `${f.family} ${f.weight} ${f.status}`)")
    assert faces and not [face for face in faces if face.endswith("error")], faces
    page.necro_log.assert_quiet(chapter)

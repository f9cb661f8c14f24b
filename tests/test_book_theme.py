"""The build-time fixes to the book theme (necro/book/theme.py); the browser tests check the built pages."""

from __future__ import annotations

import pathlib

import pydata_sphinx_theme

from necro.book import theme as booktheme

REPO = pathlib.Path(__file__).resolve().parents[1]
THEME_COMPONENTS = pathlib.Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "components"


def test_the_index_page_has_a_language_a_title_and_a_link_to_follow():
    page = booktheme.redirect_page("book/intro.html", "necro & co")
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert "<title>necro &amp; co</title>" in page
    assert '<meta http-equiv="Refresh" content="0; url=book/intro.html">' in page
    assert '<a href="book/intro.html">necro &amp; co</a>' in page


def test_each_template_replaces_a_component_of_the_theme():
    """A template that no longer matches a theme component (renamed in a theme upgrade) would
    silently stop replacing it."""
    templates = sorted(p.name for p in booktheme.TEMPLATES.glob("*.html"))
    assert templates == ["search-button-field.html", "theme-switcher.html"]
    for name in templates:
        assert (THEME_COMPONENTS / name).is_file(), name


def test_the_book_loads_the_extension():
    assert "\n      - necro.book.theme\n" in (REPO / "_config.yml").read_text()  # in sphinx: config: extensions
    assert (booktheme.STATIC / "necro-theme.css").is_file() and (booktheme.STATIC / "necro-theme.js").is_file()

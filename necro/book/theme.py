"""Sphinx extension: the book theme's own controls, made usable by keyboard and screen reader.

The boards are ours; the frame around them (search button, colour-mode button, the page
the book's address opens) is the Sphinx Book Theme's, and axe-core found it failing on
every page. The fixes, made at build time (the two files below ship with the book):

* ``theme_templates/`` goes first on ``templates_path``, so its files replace the theme's
  components of the same name (``search-button-field.html``, ``theme-switcher.html``:
  each says what it changes and why);
* a code cell whose source is hidden (tag ``hide-input``) opens with a ``<summary>`` that
  myst-nb names "Toggle hidden content" while it shows "Show code cell source": the same
  summary is drawn here without that name, so it is named by what it shows;
* ``theme_static/necro-theme.css`` mends the theme's colours where they fail contrast (a
  link in an HTML output in dark mode), and ``necro-theme.js`` keeps the keyboard's focus on
  the theme's header buttons, which the theme drops after every click;
* the book's ``index.html`` is a redirect that ``sphinx_external_toc`` would write as one
  bare ``<meta>`` line (no language, no title, no link to follow when the refresh is
  blocked); here it is a small page with all three, written before that extension looks
  (it only writes the file when none is there).
"""

from __future__ import annotations

import html
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
TEMPLATES = HERE / "theme_templates"
STATIC = HERE / "theme_static"


def setup(app):
    app.setup_extension("myst_nb")  # its node is drawn here instead: load it first
    app.connect("config-inited", _add_paths)
    app.add_css_file("necro-theme.css")
    app.add_js_file("necro-theme.js", loading_method="defer")
    from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput

    app.add_node(HideCodeCellNode, override=True,
                 html=(_visit_hidden_cell, depart_HideCellInput))
    # sphinx_external_toc writes its bare redirect at build-finished, priority 500
    app.connect("build-finished", _write_index_redirect, priority=400)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


def _add_paths(app, config) -> None:
    config.templates_path = [str(TEMPLATES), *config.templates_path]
    config.html_static_path = [*config.html_static_path, str(STATIC)]


def _visit_hidden_cell(self, node) -> None:
    """myst-nb's ``visit_HideCellInput`` without its ``aria-label`` (one name per state,
    shown by the theme's style: "Show code cell source" or "Hide code cell source")."""
    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n<summary>\n')
    for state, prompt in (("collapsed", node["prompt_show"]), ("expanded", node["prompt_hide"])):
        self.body.append(f'<p class="{state} admonition-title">{html.escape(prompt)}</p>\n')
    self.body.append("</summary>\n")


def redirect_page(target: str, title: str, language: str = "en") -> str:
    """An ``index.html`` that sends the reader to ``target`` at once, and says so."""
    url, title = html.escape(target, quote=True), html.escape(title)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{html.escape(language, quote=True)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n"
        f'<meta http-equiv="Refresh" content="0; url={url}">\n'
        f'</head>\n<body>\n<main><p><a href="{url}">{title}</a></p></main>\n</body>\n</html>\n'
    )


def _write_index_redirect(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    root = app.config.root_doc
    if root == "index":
        return
    target = f"{root}/index.html" if app.builder.name == "dirhtml" else f"{root}.html"
    title = app.config.html_title or app.config.project
    language = app.config.language or "en"
    pathlib.Path(app.outdir, "index.html").write_text(
        redirect_page(target, title, language), encoding="utf-8")

"""A widget as one standalone HTML file: no Jupyter, no server, no network.

The page holds the widget's ES module and its traits, and hands the toolkit a
tiny stand-in for the Jupyter widget model (``get``, ``on``, ``send``...).
Nothing answers the toolkit's hello, so it runs exactly as in the static
book: from the precomputed graph, and, when the page names the in-browser
engine's folder (``engine_root``: a book's ``necro-js/engine/``, or the
folder ``python -m necro.book.build assets`` wrote) and is served over http,
live in the browser on the first interaction. Uses: developing and screenshotting a board
module in seconds (no book build), sharing one position by e-mail, and the
cross-game board smoke test in tests/browser.
"""

from __future__ import annotations

import html
import json
import pathlib


def _script_json(value) -> str:
    """JSON safe inside a <script> element (no closing tag, no comment opener)."""
    text = json.dumps(value, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def standalone_html(widget, title: str | None = None, book_root: str | None = None,
                    engine_root: str | None = None) -> str:
    """The HTML text of a page showing ``widget`` in its static mode.

    ``book_root`` (a URL ending in ``/``) makes the log's rule names links
    into a book served there; ``engine_root`` (a URL ending in ``/``) is the
    folder of the in-browser engine (``necro-js/engine/``).
    """
    traits = {name: getattr(widget, name) for name in
              ("view", "graph", "error", "bot_thinking", "auto_chance", "bot_seats", "bot_names", "engine")}
    traits["_necro_no_kernel"] = True  # no hello to wait for: static at once
    title = title or f"{widget.state.game.title}: {widget.state.status()}"
    meta = ("" if book_root is None else
            f'\n<meta name="necro-book-root" content="{html.escape(book_root, quote=True)}">')
    if engine_root is not None:
        meta += f'\n<meta name="necro-engine" content="{html.escape(engine_root, quote=True)}">'
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>{meta}</head>
<body style="margin:16px">
<h1 style="font:600 18px system-ui,sans-serif">{html.escape(title)}</h1>
<div id="necro-widget"></div>
<script type="module">
const esm = {_script_json(widget._code.full)};
const traits = {_script_json(traits)};
const handlers = new Map();
// A stand-in for the Jupyter widget model: no kernel will ever answer.
const model = {{
  get: (name) => traits[name],
  set: (name, value) => {{ traits[name] = value; }},
  on: (name, fn) => {{ if (!handlers.has(name)) handlers.set(name, []); handlers.get(name).push(fn); }},
  off: (name, fn) => {{ handlers.set(name, (handlers.get(name) || []).filter((f) => f !== fn)); }},
  send: (msg) => {{ window.necroSent.push(msg); }},
  save_changes: () => {{}},
}};
// For debugging and tests: what the widget sent, and a way to play the kernel's part.
window.necroSent = [];
window.necroModel = {{ traits, emit: (name, ...args) => (handlers.get(name) || []).forEach((fn) => fn(...args)) }};
const url = URL.createObjectURL(new Blob([esm], {{ type: "text/javascript" }}));
const widget = (await import(url)).default;
widget.render({{ model, el: document.getElementById("necro-widget") }});
</script>
</body>
</html>
"""


def save_html(widget, path, title: str | None = None, book_root: str | None = None,
              engine_root: str | None = None) -> pathlib.Path:
    """Write :func:`standalone_html` to ``path``; returns the path."""
    path = pathlib.Path(path)
    path.write_text(standalone_html(widget, title, book_root, engine_root), encoding="utf-8")
    return path

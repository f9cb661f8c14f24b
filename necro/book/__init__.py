"""The publishing side: everything that turns the engines and widgets into the book.

* :mod:`necro.book.build`: the offline asset copy (the widget JavaScript and the
  in-browser engine), notebook execution with widget state, the static build
  (``python -m necro.book.build assets|execute|build``);
* :mod:`necro.book.live`: ``necro live``, the book and Voila from one server,
  also the Sphinx extension behind each chapter's "Play live" button (its page
  script in ``live_static/``, its Voila template in ``live_share/``);
* :mod:`necro.book.live_markdown`: a chapter's MyST rewritten for Voila;
* :mod:`necro.book.chapter`: the helpers chapter notebooks call (``play``,
  ``refuse``, ``board``, ``playground``);
* :mod:`necro.book.rule_index`: ``book/rule-index.md`` generated from the engines;
* :mod:`necro.book.frontend`: where the widgets' ES modules are (the checkout's
  ``widgets/`` or a wheel's ``necro/_frontend/``);
* ``engine_compile.mjs``: compiles the in-browser engine's archives to bytecode
  under Node at build time.

The dependencies point one way: this package uses the engines (``necro.core``,
``necro.<game>``) and the widgets (``necro.widget``), and no engine imports it
(``tests/core/test_architecture.py`` checks). The widgets use only
:mod:`necro.book.frontend`, to read their ES modules in a kernel. Nothing here is
shipped to the reader's browser: the in-browser engine's archive of ``necro``
leaves this folder out. ``necro/cli.py`` is the one command-line entry point.
"""

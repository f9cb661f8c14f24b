"""Find the widgets' front-end ES modules.

The JavaScript of every widget lives in the top-level ``widgets/`` folder of the
repository (for example ``widgets/board.js``), so that it can be edited, linted
and tested as plain JavaScript. It is not inside the Python package, so Python
has to look for it in one of two places:

* an installed wheel: ``pyproject.toml`` force-includes ``widgets/`` into the
  wheel as ``necro/_frontend/``, in the ``necro`` package's folder;
* an editable checkout (``pip install -e .``): the files are still in
  ``<repo>/widgets/``, one folder above the ``necro`` package.

Two users: the widgets in a kernel, which read their modules through here
(``necro.widget.assets``), and the book build, which copies the engine's Web
Worker from here. The in-browser engine never imports this module.
"""

from __future__ import annotations

import pathlib

_PACKAGE_DIR = pathlib.Path(__file__).resolve().parents[1]
"""The ``necro`` package's folder (this module is in ``necro/book/``)."""


def frontend_dir() -> pathlib.Path:
    """Return the folder that holds the widgets' ES modules.

    The installed-wheel location ``necro/_frontend`` wins over the checkout's
    ``widgets/`` folder. Raises ``FileNotFoundError`` when neither exists.
    """
    for candidate in (_PACKAGE_DIR / "_frontend", _PACKAGE_DIR.parent / "widgets"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"no widget front-end folder: looked for {_PACKAGE_DIR / '_frontend'} "
        f"and {_PACKAGE_DIR.parent / 'widgets'}"
    )


def frontend_path(name: str) -> pathlib.Path:
    """Return the path of the front-end file ``name`` (e.g. ``"board.js"``).

    Looks in ``necro/_frontend`` (installed wheel) and then ``<repo>/widgets``
    (editable checkout); see the module docstring for why there are two places.
    Raises ``FileNotFoundError`` when the file is in neither.
    """
    for folder in (_PACKAGE_DIR / "_frontend", _PACKAGE_DIR.parent / "widgets"):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"widget front-end file {name!r} not found in {_PACKAGE_DIR / '_frontend'} "
        f"or {_PACKAGE_DIR.parent / 'widgets'}"
    )

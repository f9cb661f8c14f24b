"""The static book renders the widget code stored in each chapter notebook.

A change to ``widgets/*.js`` that is not carried into the notebooks would
leave the published pages on the old front end, with nothing else failing.
"""

from pathlib import Path

import pytest

from necro.widget.refresh import refresh_notebook

BOOK = Path(__file__).resolve().parents[2] / "book"
NOTEBOOKS = sorted(BOOK.rglob("*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(BOOK)))
def test_stored_widget_code_is_current(notebook):
    stale = refresh_notebook(notebook, write=False)
    assert stale == 0, f"run: python -m necro.widget.refresh {notebook.relative_to(BOOK.parent)}"

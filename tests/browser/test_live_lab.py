"""Live: the fixture widget in JupyterLab talks to a real kernel."""

from __future__ import annotations


import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]




def test_clicking_the_widget_reaches_the_kernel(jupyterlab, page, wait_for_text):
    jupyterlab.open_and_run_all(page, "widget_counter.ipynb")

    button = page.locator(".jp-OutputArea .necro-fixture-button")
    button.wait_for(state="visible", timeout=60_000)
    count = page.locator(".jp-OutputArea .necro-fixture-count")
    page.wait_for_function(
        "document.querySelector('.jp-OutputArea .necro-fixture-count')"
        ".textContent === 'count: 3'",
        timeout=30_000,
    )
    # the observer cell must have run before the click
    page.get_by_text("counter starts at 3").wait_for(timeout=60_000)

    button.click()
    assert wait_for_text(jupyterlab.probe, "4") == "4"
    assert count.inner_text() == "count: 4"
    button.click()
    assert wait_for_text(jupyterlab.probe, "5") == "5"

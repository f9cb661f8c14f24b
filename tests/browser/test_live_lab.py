"""Live: the fixture widget in JupyterLab talks to a real kernel."""

from __future__ import annotations

import time

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def wait_for_file_text(path, expected: str, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    text = None
    while time.monotonic() < deadline:
        if path.is_file():
            text = path.read_text()
            if text == expected:
                return text
        time.sleep(0.2)
    return text


def test_clicking_the_widget_reaches_the_kernel(jupyterlab, page):
    page.goto(jupyterlab.notebook_url("widget_counter.ipynb"))
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell"
        " && document.querySelector('.jp-Notebook .jp-Cell')",
        timeout=90_000,
    )
    # Wait until the notebook's kernel is ready, then run every cell.
    page.wait_for_function(
        """() => {
            const widget = window.jupyterapp.shell.currentWidget;
            const kernel = widget && widget.sessionContext && widget.sessionContext.session
                && widget.sessionContext.session.kernel;
            return kernel && kernel.status === 'idle';
        }""",
        timeout=90_000,
    )
    # Start the command without awaiting its promise (page.evaluate has no timeout).
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")

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
    assert wait_for_file_text(jupyterlab.probe, "4") == "4"
    assert count.inner_text() == "count: 4"
    button.click()
    assert wait_for_file_text(jupyterlab.probe, "5") == "5"

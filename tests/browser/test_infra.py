"""The build infrastructure itself: offline assets, nbval on widget notebooks, the CLI."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

from necro import cli
from necro.book import build
from necro.book.frontend import frontend_path

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "browser" / "fixtures" / "widget_counter.ipynb"


def test_prepare_assets_copies_everything_the_pages_load(tmp_path):
    out = build.prepare_assets(dest=tmp_path)
    for name in ("require.js", "necro-widgets-config.js", "anywidget.js",
                 "html-manager/embed-amd.js"):
        assert (out / name).is_file(), name
    assert (out / "anywidget.js").read_text().rstrip().endswith(
        'define(["@jupyter-widgets/base"], widget_default);'
    )
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    build.prepare_assets(dest=tmp_path)  # idempotent: nothing rewritten
    assert before == {p: p.stat().st_mtime_ns for p in out.rglob("*")}


def test_config_loads_the_assets_in_order():
    text = (REPO / "_config.yml").read_text()
    order = [text.index(f"../necro-js/{name}") for name in
             ("require.js", "necro-widgets-config.js", "html-manager/embed-amd.js")]
    assert order == sorted(order)


def test_fixture_notebook_stores_widget_state():
    nb = json.loads(FIXTURE.read_text())
    state = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    assert any(model["model_module"] == "anywidget" for model in state.values())


def test_nbval_passes_on_a_widget_notebook_despite_new_model_ids(tmp_path):
    """Re-executing gives new widget model ids; nbval must still pass (text/plain compared)."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
         "--nbval-current-env", "--nbval-sanitize-with", str(REPO / "tests/nbval_sanitize.cfg"),
         "--rootdir", str(tmp_path), str(FIXTURE)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "2 passed" in result.stdout  # both code cells


def test_frontend_path_finds_the_widgets_folder():
    assert frontend_path("README.md") == REPO / "widgets" / "README.md"


def test_cli_version(capsys):
    try:
        cli.main(["--version"])
    except SystemExit as exit_:
        assert exit_.code == 0
    assert capsys.readouterr().out.startswith("necro ")


def test_cli_lab_listens_on_loopback_with_a_token(tmp_path):
    argv = cli.lab_argv(tmp_path, 8888, "secret", open_browser=False)
    assert "--ServerApp.ip=127.0.0.1" in argv
    assert "--IdentityProvider.token=secret" in argv
    assert "--no-browser" in argv


def test_widget_manager_patch_applies_or_stops_the_copy(tmp_path):
    """The shipped embed-amd.js creates both of its validators with union types allowed;
    an embed-amd.js where the patch no longer fits stops the copy instead of shipping unpatched."""
    out = build.prepare_assets(dest=tmp_path)
    assert (out / "html-manager" / "embed-amd.js").read_text().count("({allowUnionTypes:!0})") == 2
    try:
        build.patched_embed("define('x', [], () => 1);")
    except RuntimeError as error:
        assert "EMBED_PATCHES" in str(error)
    else:
        raise AssertionError("a patch that matched nothing was accepted")

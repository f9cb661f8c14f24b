"""The bare reference loops of ``benchmarks/reference/`` (not a package on the path), loaded by
file for the parity tests that keep each one playing its engine's games."""

from __future__ import annotations

import importlib.util
import pathlib

FOLDER = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "reference"


def load(name: str):
    """The module ``benchmarks/reference/<name>.py``, freshly executed (a test may patch it)."""
    spec = importlib.util.spec_from_file_location(f"reference_{name}", FOLDER / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

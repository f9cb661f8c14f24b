"""Validated reading of untrusted JSON (saved games, hand-written scenarios).

Loading must never crash deep inside an engine on a wrong type or a missing
key: every read goes through a :class:`Reader` that knows where it is in the
document and raises :class:`FormatError` with that path and a plain reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from .errors import FormatError


def read_json_file(path: str | Path, name: str | None = None) -> Any:
    """The JSON document in the file ``path``; a file that is not JSON raises :class:`FormatError`
    naming the file (``name``, its file name by default), so every data file fails alike."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise FormatError(name or path.name, f"not JSON: {exc}") from None


class Reader:
    """A cursor on one JSON value, with typed accessors that check as they read."""

    def __init__(self, value: Any, path: str = ""):
        self.value = value
        self.path = path

    def fail(self, reason: str):
        raise FormatError(self.path, reason)

    def _child(self, key) -> "Reader":
        if isinstance(key, int):
            path = f"{self.path}[{key}]"
        else:
            path = f"{self.path}.{key}" if self.path else str(key)
        return Reader(None, path)

    # -- containers
    def obj(self, allowed: Iterable[str] | None = None) -> "Reader":
        if not isinstance(self.value, dict):
            self.fail(f"expected an object, got {_kind(self.value)}")
        if allowed is not None:
            extra = sorted(set(self.value) - set(allowed))
            if extra:
                self.fail(f"unknown key(s) {', '.join(map(repr, extra))}")
        return self

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def __getitem__(self, key) -> "Reader":
        child = self._child(key)
        if isinstance(key, int):
            if not isinstance(self.value, list):
                self.fail(f"expected a list, got {_kind(self.value)}")
            if not 0 <= key < len(self.value):
                child.fail("missing item")
        else:
            self.obj()
            if key not in self.value:
                child.fail("missing")
        child.value = self.value[key]
        return child

    def get(self, key: str, default: Any) -> "Reader":
        """The child at ``key``, or a reader on ``default`` if it is absent."""
        self.obj()
        child = self._child(key)
        child.value = self.value.get(key, default)
        return child

    def list(self, length: int | None = None, min_length: int = 0, max_length: int | None = None) -> list["Reader"]:
        if not isinstance(self.value, list):
            self.fail(f"expected a list, got {_kind(self.value)}")
        n = len(self.value)
        if length is not None and n != length:
            self.fail(f"expected {length} items, got {n}")
        if n < min_length or (max_length is not None and n > max_length):
            self.fail(f"expected between {min_length} and {max_length} items, got {n}")
        return [self[i] for i in range(n)]

    # -- scalars
    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(f"expected an integer, got {_kind(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(f"{v} is out of range {lo}..{hi}")
        return v

    def str(self, choices: Iterable[str] | None = None, max_length: int = 10_000) -> str:
        v = self.value
        if not isinstance(v, str):
            self.fail(f"expected a string, got {_kind(v)}")
        if len(v) > max_length:
            self.fail(f"string longer than {max_length} characters")
        if choices is not None:
            choices = list(choices)
            if v not in choices:
                self.fail(f"{v!r} is not one of {', '.join(map(repr, choices))}")
        return v

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            self.fail(f"expected true or false, got {_kind(self.value)}")
        return self.value

    def optional(self) -> "Reader | None":
        return None if self.value is None else self


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)

"""What the engine says about a position: the ``check`` of a lesson's or an exercise's question.

An ``answer`` or ``predict`` step may carry ``check``: what to compute from the engine's state
(``compute`` and its arguments) and ``values``, the value each of the step's ``options`` stands
for. The lesson loader (:func:`necro.core.lesson.validate`) computes it on the position the
question is about (for a prediction, once its ``play`` is played out) and refuses the file unless
exactly one option has the computed value and that option is the author's ``answer``. So the
right answer of an exercise is the engine's, not only the author's: a rules change that alters
it fails the book's tests, naming the step.

The computations are data, not code, and work for every game:

- ``{"compute": "position", "path": "teams.1.zombies"}``: a part of ``state.position()`` (the
  saved position), by keys and list indices separated by dots; ``"len"`` as the last part
  gives its length;
- ``{"compute": "legal", "move": "shovel Z1"}``: whether a move is legal now (true or false);
- ``{"compute": "refused", "move": "..."}``: the rule id the engine names when it refuses the
  move, or null when the move is legal;
- ``{"compute": "winner"}``: the winner's seat (0 is player 1), or null (no single winner, or
  the game goes on);
- ``{"compute": "to_act"}``: the seat that decides now (0 is player 1); -1 when chance does,
  -2 when the game is over;
- ``{"compute": "logged", "rule": "sf-worm-always"}``: whether a log line written since the step
  began (by its ``play``) carries that rule;
- ``{"compute": "count_legal"}``: how many legal actions there are now;
- ``{"compute": "log", "rule": "ce-combat-total", "match": "^Defender: .* = (\\d+)\\.$"}``: what the
  last log line written since the step began with that rule says: the first group the regular
  expression ``match`` captures in it (a whole number as a number), or null when no line matches.
  For what the engine works out and writes down but does not keep in the position (a side's
  total in a Cave Evil fight).
"""

from __future__ import annotations

import json
import re

from .errors import NecroError
from .game import CHANCE, TERMINAL, State

COMPUTE = ("position", "legal", "refused", "winner", "to_act", "logged", "count_legal", "log")


class CheckError(NecroError):
    """A ``check`` that cannot be computed (unknown computation, path or move): ``reason`` says why."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


def _need_text(check: dict, key: str) -> str:
    value = check.get(key)
    if not isinstance(value, str) or not value:
        raise CheckError(f"'{check.get('compute')}' needs {key!r} (text)")
    return value


def _path(position, path: str):
    here = position
    for part in path.split("."):
        if part == "len" and isinstance(here, (list, dict, str)):
            here = len(here)
        elif isinstance(here, dict) and part in here:
            here = here[part]
        elif isinstance(here, list) and part.lstrip("-").isdigit() and -len(here) <= int(part) < len(here):
            here = here[int(part)]
        else:
            raise CheckError(f"the position has no {part!r} at {path!r}")
    return here


def _refusal(state: State, move: str) -> str | None:
    try:
        action = state.parse_action(move)
    except NecroError as refused:
        return getattr(refused, "rule", "core-notation")
    if state.is_legal(action):
        return None
    return state.explain_illegal(action)[0]


def _logged_value(entries, rule: str, match: str):
    try:
        pattern = re.compile(match)
    except re.error as exc:
        raise CheckError(f"'match' is not a regular expression: {exc}") from None
    if not pattern.groups:
        raise CheckError("'match' must capture the value in a group: (...)")
    for entry in reversed(entries):
        found = pattern.search(entry.text) if entry.rule == rule else None
        if found:
            text = found.group(1)
            return int(text) if text is not None and text.isdigit() else text
    return None


def compute(check: dict, state: State, since: int = 0):
    """The value ``check`` names in ``state`` (JSON data); ``since``: the log's length when the
    step began (for ``logged``)."""
    kind = check.get("compute")
    if kind == "position":
        value = _path(state.position(), _need_text(check, "path"))
    elif kind == "legal":
        value = _refusal(state, _need_text(check, "move")) is None
    elif kind == "refused":
        value = _refusal(state, _need_text(check, "move"))
    elif kind == "winner":
        value = state.winner()
    elif kind == "to_act":
        player = state.current_player()
        value = -1 if player == CHANCE else -2 if player == TERMINAL else player
    elif kind == "logged":
        rule = _need_text(check, "rule")
        value = any(entry.rule == rule for entry in state.log[since:])
    elif kind == "count_legal":
        value = len(state.legal_actions())
    elif kind == "log":
        value = _logged_value(state.log[since:], _need_text(check, "rule"), _need_text(check, "match"))
    else:
        raise CheckError(f"'compute' must be one of {', '.join(COMPUTE)}")
    return json.loads(json.dumps(value))


def same(a, b) -> bool:
    """JSON values equal as JSON reads them: ``true`` is not ``1``, but ``9`` is ``9.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return a == b


def options_matching(check: dict, value) -> list[int]:
    """The indices of the options whose value (``check["values"]``) is ``value``."""
    return [i for i, v in enumerate(check["values"]) if same(v, value)]

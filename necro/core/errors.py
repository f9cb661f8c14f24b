"""Typed errors of the engine contract.

Every error the engines raise on bad input is a ``ValueError`` subclass, so
callers can catch "the user gave us something wrong" in one place, and each
carries enough to explain itself: the rule that forbids the input, a reason in
plain words, and the input itself (as python-chess does with its move errors).
"""

from __future__ import annotations


class NecroError(ValueError):
    """Base class of every input error raised by necro."""


class IllegalAction(NecroError):
    """An action that the rules do not allow in this position.

    The state it was offered to is left unchanged.
    """

    def __init__(self, action: object, rule: str, reason: str):
        self.action = action
        self.rule = rule
        self.reason = reason
        super().__init__(f"illegal action {str(action)!r}: {reason} (rule {rule})")


class NotationError(IllegalAction):
    """Text that does not name any action of this game in this position."""


class FormatError(NecroError):
    """A saved game or position (JSON) that cannot be loaded.

    ``path`` points at the offending part of the document, e.g.
    ``position.board[3]``, so a person editing a scenario by hand can find it.
    """

    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"cannot load game: {path or '(document)'}: {reason}")


class OptionError(NecroError):
    """An unknown game option, or a value outside an option's choices."""

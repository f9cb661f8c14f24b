"""Stopping a command's server from a terminal or from outside: Ctrl-C, SIGTERM, SIGHUP.

``necro book`` and ``necro live`` serve until one of these arrives; each becomes an
exception in the main thread, where their ``except KeyboardInterrupt`` stops cleanly.
"""

from __future__ import annotations

import signal


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where Ctrl-C raises KeyboardInterrupt: a server stops the same
    way, and can tell that nobody at a keyboard could press Ctrl-C a second time."""


def _terminate(signum, frame):
    raise Terminated(signum)


def stop_on_signals() -> None:
    """Ctrl-C, SIGTERM and SIGHUP interrupt the main thread (``necro book``, ``necro live``).

    SIGINT explicitly: a background job of a non-interactive shell (`necro book &` in a
    script) starts with SIGINT ignored, and Python then leaves it ignored instead of
    raising KeyboardInterrupt; only SIGTERM would stop it.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _terminate)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, _terminate)

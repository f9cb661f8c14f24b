"""The rules engine in the reader's browser: a board's session in a Web Worker.

A static book page has no kernel. Its boards start from their precomputed
graph (see :func:`necro.widget.view.build_graph`); on the first click, or when
a board comes into view, ``widgets/engine-worker.js`` starts Pyodide (CPython
in WebAssembly, shipped beside the pages by ``necro.book.build assets``), loads
this package, and from then on each board is a :class:`Session`: the same
:class:`necro.widget.play.Play` that a kernel's ``GameWidget`` runs, answering
the same messages (``act``, ``undo``, ``bot_move``...) with the same views.

What a session starts from is the widget's ``engine`` trait, written in the
kernel by :func:`engine_spec` when the notebook ran (and stored with the
widget state):

- ``doc``: the board's start position as a saved game (``state.to_json()``:
  game options, seed and generator, history), the graph's root;
- ``step``: ``len(state.steps)`` of that position, so the page can check the
  spec belongs to the position it shows;
- ``initial``: the position Reset returns to, when it differs from ``doc``;
- ``prelude`` (and ``initial_prelude``): the log lines a loaded scenario
  wrote before its first decision (``state.prelude``), which a saved game
  does not carry;
- ``player``: the seat whose view is drawn (``GameWidget(player=)``);
- ``bots``: the computer players by seat, pickled (base64), with their names
  in ``bot_names`` in case they cannot be rebuilt;
- ``insight``: the insight function, pickled (a module-level function of
  ``necro``), or None;
- ``sealed``: True when ``doc`` is a new deal of what the board's seat cannot
  see, without history (see :func:`engine_spec`): the page's source then holds
  no other player's secret, and the engine plays on in that deal, its log
  starting with the lines the seat had read.

Pickles are read back by :func:`safe_loads`, which builds only classes and
functions of ``necro`` (and a few plain built-in types): a pasted position
goes through ``load_state`` like everywhere else, never through pickle.

The worker then replays the path the reader already clicked in the static
graph (exact notations, chance outcomes included) and the undone steps, so
the board continues from exactly where it was. Functions :func:`start`,
:func:`handle` and :func:`close` are the worker's whole interface (JSON text
in, JSON text out), with :func:`prepare`, which only imports games early. This module imports nothing from Jupyter, and no game
until a board of that game starts.
"""

from __future__ import annotations

import base64
import io
import json
import pickle
from typing import Mapping

from ..core.bots import RandomBot
from ..core.errors import NecroError
from ..core.game import LogEntry, State, load_state
from ..core.rng import Rng
from .play import Play
from .view import bot_name

SPEC_FORMAT = 1

_SAFE_BUILTINS = {"set", "frozenset", "tuple", "list", "dict", "complex", "range", "slice",
                  "bytearray", "object", "bool", "int", "float", "str", "bytes"}
_SAFE_GLOBALS = {("fractions", "Fraction"), ("collections", "OrderedDict"), ("collections", "Counter"),
                 ("collections", "deque"), ("copyreg", "_reconstructor"), ("functools", "partial"),
                 ("random", "Random")}


class _SafeUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if module == "necro" or module.startswith("necro."):
            return super().find_class(module, name)
        if (module == "builtins" and name in _SAFE_BUILTINS) or (module, name) in _SAFE_GLOBALS:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not a necro object")


def safe_loads(text: str):
    """Unpickle base64 ``text`` written by :func:`_dumps`, building necro objects only."""
    return _SafeUnpickler(io.BytesIO(base64.b64decode(text))).load()


def _dumps(value) -> str | None:
    """``value`` pickled as base64 text, or None when it cannot be rebuilt elsewhere
    (a function of the notebook itself, a lambda, an object holding one)."""
    try:
        text = base64.b64encode(pickle.dumps(value, protocol=4)).decode("ascii")
        safe_loads(text)  # refuse now what the browser would refuse
    except Exception:
        return None
    return text


SEALED_SEED = 0
"""Seed of the new deal in a sealed spec: any will do, since the deal depends on nothing hidden."""


def engine_spec(state: State, *, player: int | None = None, bots: Mapping[int, object] | None = None,
                insight=None, initial: State | None = None, viewer: int | None = None) -> dict:
    """What a page needs to run the board of ``state`` in the browser (see the module doc);
    empty for a game the book does not register (the browser could not import it).

    With a ``viewer`` seat (a board that shows the game from one seat, as one against the
    computer does), a game that hides cards is *sealed*: the spec carries a position that seat
    cannot tell from this one, every card hidden from it dealt anew
    (:meth:`~necro.core.State.redeal_unseen`), without the history (which names the cards) but
    with the log as that seat reads it, and no other start to reset to. The page's source then
    holds none of the other players' secrets; the engine in the browser plays on in that deal."""
    from ..core.registry import GAMES, game_class
    from .view import log_entries

    if GAMES.get(state.game.id) is None or game_class(state.game.id) is not type(state.game):
        return {}
    bots = dict(bots or {})
    step = len(state.steps)  # of the position the page shows, which the page checks the spec by
    sealed = state.redeal_unseen(viewer, Rng(SEALED_SEED)) if viewer is not None else None
    if sealed is not None:
        sealed.prelude = tuple(LogEntry(e["rule"], e["text"]) for e in log_entries(state, viewer))
        state, initial = sealed, None
    doc = state.to_json()
    spec = {
        "format": SPEC_FORMAT,
        "game": state.game.id,
        "step": step,
        "doc": doc,
        "initial": None,
        "player": player,
        "bots": _dumps({int(seat): bot for seat, bot in bots.items()}) if bots else None,
        "bot_names": {str(seat): bot_name(bot) for seat, bot in sorted(bots.items())},
        "insight": _dumps(insight) if insight is not None else None,
        "prelude": [entry.to_json() for entry in state.prelude],
        "sealed": sealed is not None,
    }
    if initial is not None:
        first = initial.to_json()
        if first != doc or initial.prelude != state.prelude:
            spec["initial"] = first
            spec["initial_prelude"] = [entry.to_json() for entry in initial.prelude]
    return spec


def _load(doc: dict, prelude, game_cls=None) -> State:
    state = load_state(doc, game_cls)
    state.prelude = tuple(LogEntry(str(rule), str(text)) for rule, text in prelude or ())
    return state


def _named_bot(game, name: str):
    factory = game.bots().get(name)
    return factory(seed=0) if factory is not None else RandomBot(seed=0)


class Session(Play):
    """One board's engine, outside Jupyter: a :class:`Play` with plain attributes.

    ``spec`` is a widget's ``engine`` trait; ``bot_seats`` and ``auto_chance``
    its traits of the same names; ``path`` the notations played since the
    spec's position and ``redo`` the undone ones (next first), as the page's
    static mode followed them. Then, with ``advance``, chance and the bots
    move as a kernel would have after the last click (the precomputed graph
    stops at their decisions: a roll, a computer player's turn).
    """

    def __init__(self, spec: dict, *, bot_seats=(), auto_chance: bool = True,
                 path=(), redo=(), advance: bool = True, game_cls=None):
        if not isinstance(spec, dict) or spec.get("format") != SPEC_FORMAT:
            raise ValueError("not an engine spec this version can read")
        state = _load(spec["doc"], spec.get("prelude"), game_cls)
        self._state = state
        self._initial = (_load(spec["initial"], spec.get("initial_prelude"), game_cls) if spec.get("initial")
                         else state.copy())
        self.player = spec.get("player")
        self.others_unlisted = bool(spec.get("others_unlisted"))
        pool = safe_loads(spec["bots"]) if spec.get("bots") else {}
        for seat, name in (spec.get("bot_names") or {}).items():
            if int(seat) not in pool:  # a bot that could not travel: the game's bot of that name
                pool[int(seat)] = _named_bot(state.game, name)
        self._bot_pool = pool
        self._insight = safe_loads(spec["insight"]) if spec.get("insight") else None
        self.auto_chance = bool(auto_chance)
        self.bot_seats = sorted(int(s) for s in bot_seats)
        self.error = ""
        self.link = ""
        self.record = ""
        self.bot_thinking = False
        self.view = {}
        for notation in path:
            state.apply(notation)
        for notation in redo:
            state.apply(notation)
        for _ in redo:
            state.undo()
        if advance:
            self._advance()
        self._refresh()

    def handle(self, content: dict) -> dict:
        """Answer one front-end message; returns :meth:`reply`."""
        try:
            self.handle_play(content)
        except Exception as exc:  # a bug (engine or bot) shows in the page, as with a kernel
            self.bot_thinking = False
            self.error = f"internal error: {type(exc).__name__}: {exc}"
            try:
                self._refresh()
            except Exception:
                pass
        return self.reply()

    def reply(self) -> dict:
        """What the page needs after a message: the traits a kernel would have synced."""
        out = {"view": self.view, "error": self.error, "bot_seats": list(self.bot_seats), "link": self.link,
               "record": self.record}
        self.record = ""  # sent once: a saved game can be long
        return out


# --------------------------------------------------------------- the worker's interface

_SESSIONS: dict[str, Session] = {}


def start(sid: str, request: str) -> str:
    """Start board ``sid`` from ``request`` (JSON: ``spec``, ``bot_seats``,
    ``auto_chance``, ``path``, ``redo``); returns the reply as JSON text."""
    args = json.loads(request)
    try:
        session = Session(args["spec"], bot_seats=args.get("bot_seats", ()),
                          auto_chance=args.get("auto_chance", True),
                          path=args.get("path", ()), redo=args.get("redo", ()),
                          advance=bool(args.get("advance", True)))
    except NecroError as exc:
        return json.dumps({"failed": f"the engine refused the board's start: {exc}"})
    _SESSIONS[sid] = session
    return json.dumps(session.reply(), separators=(",", ":"))


def handle(sid: str, message: str) -> str:
    """Hand board ``sid`` one front-end message (JSON text); returns the reply as JSON text."""
    return json.dumps(_SESSIONS[sid].handle(json.loads(message)), separators=(",", ":"))


def close(sid: str) -> None:
    _SESSIONS.pop(sid, None)


def prepare(games: str) -> str:
    """Import the modules of ``games`` (JSON list of game ids) before any board starts:
    the page asks for this as soon as a board of that game is in view, so that the
    reader's first click does not wait for imports (networkx alone takes most of a
    second in Pyodide). Returns the ids imported, as JSON text; unknown or broken
    games are left for :func:`start` to report."""
    from ..core.registry import GAMES, game_class

    done = []
    for game_id in json.loads(games):
        if isinstance(game_id, str) and game_id in GAMES:
            try:
                game_class(game_id)
            except Exception:
                continue
            done.append(game_id)
    return json.dumps(done)

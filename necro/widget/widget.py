"""GameWidget: a live board for any necro game, and its static twin.

The widget holds no rules. Every change goes through the engine
(``state.apply``, ``state.undo``, ``load_state``...), and after each change
the widget rebuilds one JSON ``view`` (see :mod:`necro.widget.view`) that the
front end draws. Refusals are not exceptions in the page: the engine's
``IllegalAction`` (which names the rule) becomes the ``error`` trait.

The same methods serve three callers: the front end's messages (``act``,
``undo``, ``redo``, ``roll``, ``reset``, ``load_position``, ``bot_move``,
``seats``), notebook code (``widget.act("bank")``) and tests, which call
:meth:`GameWidget.handle` with the message a browser would send.

Static pages have no kernel. On render the front end says ``hello``; a live
kernel answers ``hello-ack``. Without an answer the front end navigates the
precomputed ``graph`` (filled by ``explore_depth=`` or :meth:`explorable`) and,
on the first interaction, starts the same engine in the reader's browser
(Pyodide in a Web Worker) from the ``engine`` trait: see
:mod:`necro.widget.browser`. What the widget does with a request lives in
:class:`necro.widget.play.Play`, shared by both.
"""

from __future__ import annotations

import json
import warnings
from typing import Mapping

import anywidget
import traitlets

from ..core.game import SPECTATOR, State
from .assets import assemble, stub_esm
from .browser import engine_spec
from .play import HOT_SEAT, MAX_AUTO_STEPS, TABLE_UNLESS_ONE_HUMAN, Play
from .view import bot_name, build_graph

__all__ = ["GameWidget", "MAX_AUTO_STEPS", "MAX_GRAPH_BYTES"]

_SHIPPED: set[str] = set()
"""Code keys whose full module a live widget of this process already carries
(the next widgets of that game get a stub: see :class:`necro.widget.assets.Code`)."""

MAX_GRAPH_BYTES = 300_000
"""Budget of one widget's precomputed graph in a static page (compact JSON)."""


class GameWidget(anywidget.AnyWidget, Play):
    """A board, the legal actions, the log with rule links, undo/redo, a JSON
    position editor and play against the computer, for one game state.

    Parameters
    ----------
    state:
        The game state to show; the widget plays on this very object
        (``widget.state``). Reset returns to a copy taken now.
    bots:
        ``{seat: bot}``: seats the computer plays (a bot has ``choose(state)``).
        Any of these bots can also be moved to another seat from the page.
    player:
        Whose eyes the board looks through. A seat: that player's view (hidden
        information masked). ``necro.core.SPECTATOR``: what the whole table
        sees. ``HOT_SEAT`` (None): the view of the player deciding now (at a
        chance step, the table's), and the log as the table reads it, for a
        lesson that opens the hands. The default: the table's view in a game
        that hides something, the human seat's when the computer plays every
        seat but one (see :data:`necro.widget.play.TABLE_UNLESS_ONE_HUMAN`).
        The reader can change it on the page. No view a page stores holds what
        its seat may not see.
    auto_chance:
        Resolve chance nodes (dice, shuffles) as soon as they come up.
    explore_depth:
        Precompute the static graph this many steps deep (see :meth:`explorable`).
    board:
        Override the board module: a file name in ``widgets/``, a path or source text.
    insight:
        ``insight(state) -> dict | None``, computed after each update (and for
        each node of the static graph): a small table shown next to the
        decisions, ``{"title", "columns", "rows", "note"}`` (see
        :func:`necro.widget.view.check_insight`); None hides it. Cache slow
        answers by position: redraws ask again.
    """

    view = traitlets.Dict().tag(sync=True)
    graph = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    link = traitlets.Unicode("").tag(sync=True)  # the last share link's fragment (necro.widget.links)
    record = traitlets.Unicode("").tag(sync=True)  # the game as saved last (Save game), for the page to download
    bot_thinking = traitlets.Bool(False).tag(sync=True)
    auto_chance = traitlets.Bool(True).tag(sync=True)
    bot_seats = traitlets.List(traitlets.Int()).tag(sync=True)
    bot_names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    _board = traitlets.Unicode("").tag(sync=True)  # the board module's name, for refresh_esm
    # What a static page needs to run this board's engine in the reader's browser
    # (necro.widget.browser.engine_spec): the start position as a saved game, the
    # seat shown, the bots and the insight. Set here and by explorable().
    engine = traitlets.Dict().tag(sync=True)
    # A lesson the board walks the reader through (necro.widget.lesson.lesson_trait): its steps, and
    # the rules it may link to; empty for an ordinary board.
    lesson = traitlets.Dict().tag(sync=True)
    # A recorded game the board steps through (necro.widget.replay.replay_spec): its moves from the
    # board's start; empty for an ordinary board.
    replay = traitlets.Dict().tag(sync=True)

    def __init__(self, state: State, *, bots: Mapping[int, object] | None = None,
                 player: int | str | None = TABLE_UNLESS_ONE_HUMAN, auto_chance: bool = True,
                 explore_depth: int | None = None, board=None, insight=None, **kwargs):
        if not isinstance(state, State):
            raise TypeError(f"GameWidget needs a necro State, not {type(state).__name__}")
        bots = dict(bots or {})
        seats = state.game.players
        for seat, bot in bots.items():
            if isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < seats):
                raise ValueError(f"bot seat {seat!r} is not a seat of this {seats}-player game (0-{seats - 1})")
            if not callable(getattr(bot, "choose", None)):
                raise TypeError(f"the bot for seat {seat} has no choose(state) method")
        if player not in (HOT_SEAT, TABLE_UNLESS_ONE_HUMAN, SPECTATOR) and (
                isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats):
            raise ValueError(f"player {player!r} is not a seat of this {seats}-player game (0-{seats - 1}),"
                             " SPECTATOR (the table), HOT_SEAT or the default")
        if insight is not None and not callable(insight):
            raise TypeError("insight must be a function insight(state) -> dict | None")
        self._insight = insight
        self._code = assemble(state.game.id, board)
        if self._code.key in _SHIPPED:
            self._esm = stub_esm(self._code.key)
            self._carrier = False
        else:
            self._esm = self._code.full
            self._carrier = True
            _SHIPPED.add(self._code.key)
        self._state = state
        self.player = player
        self._bot_pool = bots
        self._initial = state.copy()
        super().__init__(auto_chance=auto_chance, bot_seats=sorted(bots), _board=self._code.name,
                         bot_names=sorted({bot_name(b) for b in bots.values()}), **kwargs)
        self.on_msg(self._on_custom_msg)
        self._advance()
        self._refresh()
        self._record_engine()
        if explore_depth is not None:
            self.explorable(explore_depth)

    def _batch(self):
        return self.hold_sync()

    sealed = True
    """Whether a board shown from one seat gives the page's engine a new deal of what that seat
    cannot see (:func:`~necro.widget.browser.engine_spec`). A lesson board is not sealed: its own
    line names the other seats' cards, and the engine must play those replies."""

    def _record_engine(self) -> None:
        """Store the current state as the start of the in-browser engine (see :attr:`engine`)."""
        spec = engine_spec(self.state, player=self.player, bots=self._bot_pool, insight=self._insight,
                           initial=self._initial, viewer=self.viewer if self.sealed else None)
        if spec and self.others_unlisted:
            spec["others_unlisted"] = True
        self.engine = spec

    def explorable(self, depth: int = 2, max_nodes: int = 400,
                   max_bytes: int | None = MAX_GRAPH_BYTES, warn: bool = True, lines: tuple = (),
                   others_unlisted: bool = False) -> "GameWidget":
        """Precompute the positions within ``depth`` steps, for the static book.

        Call it after setting up the position: the static page starts from
        the position current at this call. When the graph is bigger than
        ``max_bytes`` (compact JSON; None: no limit), the depth is lowered
        until it fits, with a warning naming the depth kept (unless ``warn``
        is false: "as deep as fits"), so one chapter cannot bloat its page.
        ``lines`` are paths followed to their end whatever the depth (a lesson's main line);
        ``others_unlisted``: list no other seat's choices (see :func:`necro.widget.view.build_graph`).
        Returns the widget (for display).
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"explore depth must be a whole number >= 0, not {depth!r}")
        for tried in range(depth, -1, -1):
            graph = build_graph(self.state, tried, max_nodes=max_nodes,
                                viewer=self.viewer, bots=self.bots(), insight=self._insight, lines=lines,
                                others_unlisted=others_unlisted)
            size = len(json.dumps(graph, separators=(",", ":")))
            if max_bytes is None or size <= max_bytes or tried == 0:
                break
        if tried < depth and warn:
            warnings.warn(f"{self.state.game.id}: the graph {depth} steps deep is over {max_bytes} bytes;"
                          f" kept depth {tried} ({size} bytes, {len(graph['nodes'])} positions)",
                          stacklevel=2)
        if self.state.hides_something():  # the seat the views were built for, for the page's selector
            graph["viewing"] = self.viewing()
        self.graph = graph
        self._record_engine()
        return self

    def save_html(self, path, title: str | None = None, book_root: str | None = None,
                  engine_root: str | None = None):
        """Write this widget as one standalone HTML page (static mode, no Jupyter).

        Make it explorable first, or the page can only show the position.
        ``book_root`` turns rule names in the log into links to a book there;
        ``engine_root`` names the in-browser engine's folder (see
        :mod:`necro.widget.page`), so the page plays on past the graph.
        """
        from .page import save_html

        return save_html(self, path, title, book_root, engine_root)

    def graph_size(self) -> int:
        """Bytes of the embedded graph as compact JSON (the budget is ~300 KB)."""
        return len(json.dumps(self.graph, separators=(",", ":")))

    # ----------------------------------------------------------- messages
    def handle(self, content: dict) -> None:
        """Handle one message from the front end (tests call this directly)."""
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "hello":
            self.send({"type": "hello-ack"})
        elif kind == "need-code":  # a stub whose full module is not in the page
            self.send({"type": "code", "key": self._code.key, "esm": self._code.full})
        else:
            self.handle_play(content)

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        try:
            self.handle(content)
        except Exception as exc:  # a bug (engine or bot) must show in the page, not only in the log
            self.bot_thinking = False
            self.error = f"internal error: {type(exc).__name__}: {exc}"
            try:
                self._refresh()
            except Exception:  # the view itself is broken: keep the last one
                pass
            raise

    def close(self) -> None:
        """Close the widget; if it carried its game's full module, the next widget carries it."""
        if getattr(self, "_carrier", False):
            _SHIPPED.discard(self._code.key)
            self._carrier = False
        super().close()

    # --------------------------------------------------------------- repr
    def __repr__(self) -> str:
        state = getattr(self, "_state", None)
        if state is None:  # construction failed part way
            return "GameWidget(no state)"
        head = f"GameWidget({state.game.id}, step {len(state.steps)}: {state.status()})"
        if type(state).__str__ is not object.__str__:
            text = str(state).rstrip()
            if text:
                return f"{head}\n{text}"
        return head

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))

    def _repr_mimebundle_(self, **kwargs):
        """The widget view plus our full, stable repr as text/plain (ipywidgets
        would cut it at 110 characters; nbval compares this text)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is not None:
            data["text/plain"] = repr(self)
        return bundle

"""What a board does with a reader's requests, shared by the kernel and the browser.

:class:`Play` holds the whole answer to the front end's messages (``act``,
``roll``, ``undo``, ``redo``, ``reset``, ``load_position``, ``bot_move``,
``seats``, ``auto_chance``, ``share``, ``open_link``, ``save``, ``viewer``,
``edit_mode``, ``edit``): every change goes through the engine, then one JSON
view is rebuilt with :func:`necro.widget.view.build_view`. Two classes use it:

* :class:`necro.widget.GameWidget`, the anywidget in a Jupyter kernel, where
  the attributes below are synced traits;
* :class:`necro.widget.browser.Session`, the same board run by Pyodide in a
  Web Worker of a static book page, where they are plain attributes.

So a board answers a click with the same view whether a kernel or the
reader's browser runs the engine: one code path, no rule in JavaScript.
This module imports nothing from Jupyter.

A class using :class:`Play` provides ``state`` storage (``_state``),
``player``, ``_bot_pool`` (``{seat: bot}``), ``_initial`` (the state reset
returns to), ``_insight``, and the attributes ``view``, ``error``,
``bot_thinking``, ``auto_chance``, ``bot_seats``, ``link`` (the last share link's
fragment, see :mod:`necro.widget.links`) and ``record`` (the game saved last, for the page
to download).
"""

from __future__ import annotations

import contextlib
import json

from ..core import edit as editing
from ..core.errors import FormatError, NecroError
from ..core.game import SPECTATOR, State, load_state
from . import links
from .view import build_view, unlist_others

MAX_AUTO_STEPS = 10_000
"""Bound on the chance draws and bot moves run after one human action."""

HOT_SEAT = None
"""``player`` of a board that shows whoever decides now their own secrets, as when the players
pass one screen round the table (a lesson that opens the hands says so with this)."""

TABLE_UNLESS_ONE_HUMAN = "default"
"""The default ``player`` of a board: the table's view (:data:`~necro.core.SPECTATOR`) in a game
that hides something, so a page or a link shows no hand and no face-down card until the reader
picks a seat; against the computer, the one human seat's view; in a game with no secret, the
hot seat (which then shows the same)."""


class Play:
    """The engine side of a board: requests in, ``view`` and ``error`` out."""

    others_unlisted = False
    """Whether the view lists no other seat's choices (a lesson board, which plays those seats
    itself: :func:`~necro.widget.view.unlist_others`)."""

    editing = False
    """Whether the board is in edit mode (see :mod:`necro.core.edit`): the view then carries the
    controls instead of actions, and nothing moves by itself."""

    # ----------------------------------------------------------- the view
    @property
    def state(self) -> State:
        """The state the board plays on. Assigning a new state redraws the board."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        if not isinstance(state, State):
            raise TypeError(f"GameWidget needs a necro State, not {type(state).__name__}")
        self._state = state
        self._refresh()

    def refresh(self) -> None:
        """Redraw after notebook code changed ``widget.state`` in place."""
        self._refresh()

    @property
    def viewer(self) -> int | None:
        """The seat whose view is drawn (see ``player``): a seat, the table
        (:data:`~necro.core.SPECTATOR`) or None for whoever decides now."""
        if self.player not in (HOT_SEAT, TABLE_UNLESS_ONE_HUMAN):
            return self.player
        humans = [s for s in range(self.state.game.players) if s not in self.bot_seats]
        if self.bot_seats and len(humans) == 1:
            return humans[0]
        if self.player == TABLE_UNLESS_ONE_HUMAN and self.state.hides_something():
            return SPECTATOR
        return None

    def bots(self) -> dict[int, object]:
        """The bots playing now, by seat."""
        return {seat: self._bot_for(seat) for seat in self.bot_seats}

    def _bot_for(self, seat: int):
        if seat in self._bot_pool:
            return self._bot_pool[seat]
        return next(iter(self._bot_pool.values()))

    def _refresh(self) -> None:
        view = build_view(self.state, viewer=self.viewer, bots=self.bots(), insight=self._insight)
        if self.others_unlisted:
            unlist_others(view, self.viewer)
        # Undo goes back through the edits too, once the edited position's own steps are undone.
        view["can_undo"] = view["can_undo"] or bool(self._edit_stack(False))
        view["can_redo"] = view["can_redo"] or bool(self._edit_stack(True))
        if self.editing:
            view["actions"] = []
            view["edit"] = editing.edit_view(self.state)
            view["status"] = "Editing the position: " + view["status"]
        if self.state.hides_something():
            # The page offers whose eyes to look through (set_viewer), starting from these.
            view["viewing"] = self.viewing()
        self.view = view

    def viewing(self) -> int | None:
        """Whose eyes the page's selector shows: the seat chosen, the table, or None for the
        hot seat; the default as it works out now (see :data:`TABLE_UNLESS_ONE_HUMAN`)."""
        return self.viewer if self.player == TABLE_UNLESS_ONE_HUMAN else self.player

    def set_viewer(self, seat) -> bool:
        """Look at the board as ``seat`` (its secrets shown, nobody else's), as the table
        (:data:`~necro.core.SPECTATOR`: no hidden card), or, with None, as whoever decides now."""
        def change():
            players = self.state.game.players
            if seat is not None and seat != SPECTATOR and (
                    isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
                raise NecroError(f"there is no seat {seat!r} to look from: seats are 1 to {players}")
            self.player = seat
        return self._attempt(change)

    def _edit_stack(self, redo: bool) -> list:
        """The states before each edit (``redo`` False) or after each undone edit (True)."""
        name = "_edits_redo" if redo else "_edits_undo"
        if name not in self.__dict__:
            self.__dict__[name] = []
        return self.__dict__[name]

    def _batch(self):
        """A context in which several attribute changes reach the page as one update."""
        return contextlib.nullcontext()

    # ------------------------------------------------------------ actions
    def _attempt(self, change) -> bool:
        """Run ``change()``; an input error becomes ``error`` instead of an exception."""
        try:
            change()
        except NecroError as exc:
            with self._batch():  # one message to the page, one redraw
                self.error = str(exc)
                self._refresh()
            return False
        with self._batch():
            self.error = ""
            self._refresh()
        return True

    def act(self, notation: str) -> bool:
        """Apply an action (or force a chance outcome) by its notation; then
        let chance and the bots move. Returns False (and sets ``error``) when
        the rules refuse it."""
        def change():
            self._not_editing()
            self.state.apply(notation)
            self._edit_stack(True).clear()
            self._advance()
        return self._attempt(change)

    def roll(self) -> bool:
        """Resolve the pending chance node from the state's own generator."""
        def change():
            self._not_editing()
            self.state.play_chance()
            self._advance()
        return self._attempt(change)

    def _not_editing(self) -> None:
        if self.editing:
            raise NecroError("the board is in edit mode: leave it (Done editing) to play from here")

    def bot_move(self) -> bool:
        """Let the computer take the current decision (any seat), then continue."""
        def change():
            self._not_editing()
            if not self._bot_pool:
                raise NecroError("no computer player was given to this widget")
            if self.state.is_terminal():
                raise NecroError("the game is over")
            if self.state.is_chance_node():
                self.state.play_chance()
            else:
                self._bot_step(self._bot_for(self.state.current_player()))
            self._advance()
        return self._attempt(change)

    def _bot_step(self, bot) -> None:
        self.bot_thinking = True
        try:
            self.state.apply(bot.choose(self.state))
        finally:
            self.bot_thinking = False

    def _automatic(self) -> bool:
        """Whether the current decision is taken without the human."""
        state = self.state
        if state.is_terminal() or self.editing:
            return False
        if state.is_chance_node():
            return self.auto_chance
        everyone = len(self.bot_seats) == state.game.players
        return state.current_player() in self.bot_seats and not everyone

    def _advance(self) -> None:
        """Resolve chance (when ``auto_chance``) and play bot seats until a human decides.

        When the computer plays every seat, nothing runs by itself: the page's
        "computer move" button steps through the game instead.
        """
        for _ in range(MAX_AUTO_STEPS):
            if not self._automatic():
                return
            if self.state.is_chance_node():
                self.state.play_chance()
            else:
                self._bot_step(self._bot_for(self.state.current_player()))
        raise NecroError(f"the computer took more than {MAX_AUTO_STEPS} steps in a row")

    def undo(self) -> bool:
        """Take back the last human decision (with the chance draws and bot moves after it)."""
        def change():
            if not self.state.can_undo() and self._edit_stack(False):
                self._edit_stack(True).append(self.state)
                self._state = self._edit_stack(False).pop()
                return
            self.state.undo()
            while self.state.can_undo() and self._automatic():
                self.state.undo()
        return self._attempt(change)

    def redo(self) -> bool:
        """Step forward again through what undo took back, up to the next human decision."""
        def change():
            if not self.state.can_redo() and self._edit_stack(True):
                self._edit_stack(False).append(self.state)
                self._state = self._edit_stack(True).pop()
                return
            self.state.redo()
            while self.state.can_redo() and self._automatic():
                self.state.redo()
        return self._attempt(change)

    def reset(self) -> bool:
        """Back to the position the widget was created with."""
        def change():
            self._edit_stack(False).clear()
            self._edit_stack(True).clear()
            self.editing = False
            self.state = self._initial.copy()
            self._advance()
        return self._attempt(change)

    def set_editing(self, on: bool) -> bool:
        """Enter edit mode, or leave it: play then goes on from the edited position (chance and
        the computer's seats move as usual)."""
        def change():
            self.editing = bool(on)
            if not self.editing:
                self._advance()
        return self._attempt(change)

    def edit(self, control: str, value) -> bool:
        """Set one edit-mode control (see :func:`necro.core.edit.edit`); refused with the
        constraint it breaks, the position unchanged. Undo takes an edit back."""
        def change():
            if not self.editing:
                raise NecroError("the board is not in edit mode (press Edit position first)")
            before = self.state
            self._state = editing.edit(before, control, value)
            if any(seat >= self._state.game.players for seat in self.bot_seats):
                self.bot_seats = [seat for seat in self.bot_seats if seat < self._state.game.players]
            self._edit_stack(False).append(before)
            self._edit_stack(True).clear()
        return self._attempt(change)

    def load(self, text) -> bool:
        """Load a position typed or pasted by a person.

        Accepts a saved game document (``state.to_json()``, with history:
        undo then works through it; a share link's has none) or a bare position
        (``state.position()``, loaded into the current game's options); a position
        copied from the board may keep what only the board draws. Bad input sets
        ``error`` with the path of the offending part; the current game is kept.
        """
        def change():
            doc = text
            if isinstance(text, (str, bytes)):
                try:
                    doc = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise FormatError("", f"not JSON: {exc}") from None
                except RecursionError:
                    raise FormatError("", "not JSON this widget can read: nested too deeply") from None
            if isinstance(doc, dict) and "format" in doc:
                if isinstance(doc.get("position"), dict):
                    doc = dict(doc, position=self._board_keys_dropped(doc["position"]))
                state = load_state(doc, type(self.state.game))
            else:
                if isinstance(doc, dict):
                    doc = self._board_keys_dropped(doc)
                state = self.state.game.state_from_position(doc, seed=self.state.rng.seed)
            self._edit_stack(False).clear()  # undo does not reach behind a loaded game
            self._edit_stack(True).clear()
            self.state = state
            self._advance()
        return self._attempt(change)

    def _board_keys_dropped(self, position: dict) -> dict:
        """``position`` without what only the board draws (Cave Evil's ``map``, the card faces)."""
        shown = set(self.view.get("position") or {}) - set(self.state.position())
        return {k: v for k, v in position.items() if k not in shown}

    def share(self) -> bool:
        """Set ``link`` to a share link's fragment (``#necro=...``) for the position now."""
        def change():
            self.link = links.fragment(self.state)
        return self._attempt(change)

    def open_link(self, payload) -> bool:
        """Load the position of a share link (what follows ``#necro=``), refused plainly if it is
        not a link, or not to this board's game."""
        doc = {}

        def read():
            doc.update(links.decode(str(payload), self.state.game.id))
        return self._attempt(read) and self.load(doc)

    def set_auto_chance(self, on: bool) -> bool:
        """Roll and draw by the engine (``on``), or stop at every chance step for the reader to
        pick its outcome (the board's "I pick every roll and draw myself")."""
        def change():
            self.auto_chance = on
            self._advance()
        return self._attempt(change)

    def save_record(self) -> bool:
        """Put the game in ``record`` for the page to download (emptied first, so saving the same
        game twice still reaches a kernel's page as a change)."""
        def change():
            self.record = ""
            self.record = self.save()
        return self._attempt(change)

    def save(self) -> str:
        """The current game as a JSON document (history included), for :meth:`load`."""
        return self.state.dumps()

    def set_bots(self, seats) -> bool:
        """Choose which seats the computer plays (from the page's selector)."""
        def change():
            chosen = sorted({int(s) for s in seats})
            if chosen and not self._bot_pool:
                raise NecroError("no computer player was given to this widget")
            if any(not 0 <= s < self.state.game.players for s in chosen):
                raise NecroError(f"seats must be between 1 and {self.state.game.players}")
            self.bot_seats = chosen
            self._advance()
        return self._attempt(change)

    # ----------------------------------------------------------- messages
    def handle_play(self, content: dict) -> bool:
        """Answer one of the front end's play messages; False when ``content`` is not one."""
        if not isinstance(content, dict):
            return False
        kind = content.get("type")
        if kind == "act":
            self.act(str(content.get("a", "")))
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "roll":
            self.roll()
        elif kind == "reset":
            self.reset()
        elif kind == "load_position":
            self.load(str(content.get("text", "")))
        elif kind == "bot_move":
            self.bot_move()
        elif kind == "seats":
            seats = content.get("bots", [])
            self.set_bots(seats if isinstance(seats, list) else [])
        elif kind == "refresh":
            self._refresh()
        elif kind == "share":
            self.share()
        elif kind == "save":
            self.save_record()
        elif kind == "auto_chance":
            self.set_auto_chance(bool(content.get("on")))
        elif kind == "open_link":
            self.open_link(content.get("payload", ""))
        elif kind == "viewer":
            self.set_viewer(content.get("seat"))
        elif kind == "edit_mode":
            self.set_editing(bool(content.get("on")))
        elif kind == "edit":
            self.edit(str(content.get("control", "")), content.get("value"))
        else:
            return False
        return True

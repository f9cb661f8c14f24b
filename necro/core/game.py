"""The engine contract every game implements: a Game (rules and options) and a
State (a position plus its history), in the spirit of OpenSpiel's Game/State
split and python-chess's push/pop board.

A game subclasses :class:`Game` (declaring its id, rules and options) and
:class:`State`, implementing a handful of hooks:

- ``setup()``: build the start position (chance may still be pending);
- ``current_player()``: a player index, :data:`CHANCE` or :data:`TERMINAL`;
- ``_legal_actions()`` and ``_apply(action)``: the rules;
- ``chance_outcomes()``: ``(outcome, probability)`` pairs at chance nodes
  (``None`` when the space is too large to list, e.g. a shuffle; then
  ``sample_chance`` and ``is_legal`` must be provided);
- ``position()`` / ``_load_position(reader)``: the JSON form of a position;
- ``returns()``: the result at the end.

Everything else (validation, typed errors, the step log with rule ids, undo
and redo, replay, JSON save and load, copies, views) is shared here, so it is
written once and tested once.

Actions are small hashable value objects whose ``str()`` is their notation;
the notation parses back to the same action with :meth:`State.parse_action`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, ClassVar, Hashable, Iterable

from .errors import FormatError, IllegalAction, NecroError, NotationError, OptionError
from .reader import Reader
from .rng import Rng
from .rules import RuleBook

CHANCE = -1
"""``current_player()`` when chance (a die, a shuffle, a draw) decides next."""
TERMINAL = -4
"""``current_player()`` when the game is over."""
SPECTATOR = -2
"""The seat of a viewer who plays no side: :meth:`State.hide` shows it only what the whole table
sees (no player's hand, no face-down card)."""

FORMAT = "necro-game"
FORMAT_VERSION = 1

Action = Hashable


class SharedActions(dict):
    """The actions of one verb by their argument, each made once on first use (``make(verb, arg)``)
    and then shared, since actions are immutable values: ``table["D07"]``. A playout lists the
    legal actions at every decision; a lookup by the argument alone is cheaper than building or
    interning the pair each time."""

    __slots__ = ("make", "verb")

    def __init__(self, make, verb: str):
        super().__init__()
        self.make, self.verb = make, verb

    def __missing__(self, arg) -> Action:
        action = self[arg] = self.make(self.verb, arg)
        return action


@dataclass(frozen=True)
class Option:
    """A game option: a variant switch or a choice between rulings.

    ``rule`` names the ruling or variant the option switches, so the book can
    explain both sides of it where the rule is taught.
    """

    name: str
    default: Any
    choices: tuple
    help: str
    rule: str | None = None


@dataclass(frozen=True)
class LogEntry:
    """One line of the game log and the rule that made it happen."""

    rule: str
    text: str

    def to_json(self) -> list[str]:
        return [self.rule, self.text]


@dataclass(frozen=True)
class Step:
    """One applied action: who took it, why it was allowed, and what it did.

    ``by`` is ``choice`` (a player decided), ``roll`` (drawn from the state's
    generator; ``rng`` is the generator's counter afterwards) or ``forced``
    (a chance outcome set by hand, by a scenario or the forced queue).
    """

    action: str
    player: int
    rule: str
    by: str
    log: tuple[LogEntry, ...]
    rng: int | None = None

    def to_json(self) -> dict:
        data = {"a": self.action, "by": self.by}
        if self.rng is not None:
            data["rng"] = self.rng
        return data


class NothingToUndo(NecroError):
    """Undo (or redo) asked for with no step to take back (or forward)."""


class Game:
    """A game's rules and options: a factory of states.

    Subclasses set the class attributes and ``state_class``.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules: ClassVar[RuleBook]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    state_class: ClassVar[type["State"]]

    def __init__(self, players: int | None = None, **options):
        players = self.min_players if players is None else players
        if isinstance(players, bool) or not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            allowed = self.min_players if self.min_players == self.max_players else f"{self.min_players}-{self.max_players}"
            raise OptionError(f"{self.title} is for {allowed} players, not {players!r}")
        self.players = players
        spec = {o.name: o for o in self.options_spec}
        self.options = {o.name: o.default for o in self.options_spec}
        for name, value in options.items():
            if name not in spec:
                raise OptionError(f"{self.title} has no option {name!r}; options: {', '.join(spec) or 'none'}")
            if value not in spec[name].choices:
                raise OptionError(f"option {name}={value!r} must be one of {spec[name].choices!r}")
            self.options[name] = value

    def new_initial_state(self, seed: int = 0) -> "State":
        return self.state_class(self, seed)

    def state_from_position(self, position: dict, seed: int = 0) -> "State":
        """A state set up from a hand-written position (validated), for scenarios."""
        state = self.state_class(self, seed, _setup=False)
        state._load_checked(position, "position")
        state._start = state._snapshot()
        return state

    def spec(self) -> dict:
        return {"id": self.id, "players": self.players, "options": dict(self.options)}

    @classmethod
    def from_spec(cls, reader: Reader) -> "Game":
        reader.obj(allowed=("id", "players", "options"))
        reader["id"].str(choices=[cls.id])
        players = reader["players"].int(cls.min_players, cls.max_players)
        options = reader.get("options", {}).obj().value
        try:
            return cls(players, **options)
        except OptionError as exc:
            raise FormatError(reader.path + ".options", str(exc)) from None

    def bots(self) -> dict[str, Callable[..., Any]]:
        """Named bot factories for this game: ``factory(seed=...) -> bot``."""
        from .bots import RandomBot

        return {"random": RandomBot}

    def __eq__(self, other):
        return type(other) is type(self) and other.spec() == self.spec()

    def __hash__(self):
        return hash((self.id, self.players, tuple(sorted(self.options.items()))))

    def __repr__(self):
        changed = {k: v for k, v in self.options.items() if v != next(o.default for o in self.options_spec if o.name == k)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}(players={self.players}{extra})"


class State:
    """A position of a game, with its history, log, undo and redo."""

    candidates_in_order: ClassVar[bool] = False
    """True when ``_legal_actions`` already returns the actions in ``action_sort_key`` order, as a
    new list at each call, so :meth:`legal_actions` hands that list over as it is, with no sort
    and no copy (the shared playout harness checks the order at every step, so a game that says
    so cannot drift)."""

    def __init__(self, game: Game, seed: int = 0, _setup: bool = True):
        self.game = game
        self.rng = Rng(seed)
        self.forced: list[str] = []
        self.steps: list[Step] = []
        self._undo: list[str] = []
        self._redo: list[Step] = []
        # The log lines of the step being applied; None on the fast path (apply_unchecked), where
        # no one reads them: rules code asks ``self.notes is not None`` before building log text.
        self.notes: list[LogEntry] | None = []
        self._recorded = True
        self._start_json: str | None = None
        # A new game's start is its set-up, which the game and the seed decide: it is written out
        # only when a saved game needs it (see _start), not for every game a bot or a study plays.
        self._start_seed: int | None = seed if _setup else None
        self.prelude: tuple[LogEntry, ...] = ()
        """Log lines written while a loaded position ran on to its first decision (shown before step 1)."""
        if _setup:
            self.setup()

    @property
    def _start(self) -> str | None:
        """The position the history starts from (a snapshot), or None."""
        if self._start_json is None and self._start_seed is not None:
            self._start_json = type(self)(self.game, self._start_seed)._snapshot()
        return self._start_json

    @_start.setter
    def _start(self, snapshot: str | None) -> None:
        self._start_json, self._start_seed = snapshot, None

    # ------------------------------------------------------------------ hooks
    def setup(self) -> None:
        raise NotImplementedError

    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> Iterable[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, Fraction]] | None:
        """Outcomes at a chance node with their exact probabilities."""
        raise NotImplementedError

    def sample_chance(self, rng: Rng) -> Action:
        return rng.weighted(self.chance_outcomes())

    def returns(self) -> list[float]:
        raise NotImplementedError

    def position(self) -> dict:
        """The whole position as fresh JSON-able data (no history, no generator)."""
        raise NotImplementedError

    def _load_position(self, reader: Reader) -> None:
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """The action written ``text``; by default found among the legal actions."""
        for action in self._candidates():
            if str(action) == text:
                return action
        raise NotationError(text, "core-notation", f"no legal action is written {text!r} here")

    def explain_illegal(self, action: Action) -> tuple[str, str]:
        """``(rule id, reason)`` for an action that is not legal now."""
        return "core-legal", "it is not among the legal actions of this position"

    def action_rule(self, action: Action) -> str:
        """The rule id that allows ``action``; shown beside it in the log."""
        return "core-chance" if self.current_player() == CHANCE else "core-legal"

    def action_sort_key(self, action: Action):
        return str(action)

    def describe_action(self, action: Action) -> dict:
        """JSON hints for drawing ``action`` (squares involved, a preview of its
        effect), so a widget can highlight it without knowing any rule."""
        return {}

    def hide(self, position: dict, player: int) -> dict:
        """Mask what ``player`` may not see in ``position`` (default: nothing). ``player`` may be
        :data:`SPECTATOR`: then every player's secrets are masked."""
        return position

    @classmethod
    def hides_something(cls) -> bool:
        """Whether the game keeps anything from some seat (a hand, a face-down card): whether it
        overrides :meth:`hide`."""
        return cls.hide is not State.hide

    def redeal_unseen(self, viewer: int, rng: Rng) -> "State | None":
        """A state ``viewer`` cannot tell from this one, every card hidden from them dealt anew
        (by ``rng``, and by nothing of the cards replaced), with no history: what a page that
        shows the game from ``viewer``'s seat may carry for its engine to play on, so that its
        source holds no other player's secret. None when the game keeps no card to deal anew
        (the default: a game without secrets, or one that deals hidden cards only when they are
        turned over)."""
        return None

    def decorate_view(self, position: dict) -> dict:
        """Add display-only facts to a view's position (e.g. the faces of the cards it
        shows), after masking; not part of the saved position. Default: unchanged."""
        return position

    def mask_notation(self, notation: str, player: int, viewer: int) -> str:
        """A step's notation as ``viewer`` may read it in the log (``player`` took it).

        Games with secret choices (a card laid face down) hide what the viewer
        may not know; the default shows every notation.
        """
        return notation

    def choices_hidden_from(self, viewer: int) -> bool:
        """Whether the list of what may be decided now would show ``viewer`` something hidden from
        them (another player's hand named in that player's choices, the cards a hidden deck holds
        in the list of draws), so a board shown as ``viewer``'s seat lists no choice here.

        The default asks :meth:`mask_notation`: the list is secret when the game would mask one of
        its notations from ``viewer`` once taken. A game whose choices show a hand that their
        notations do not mask (they are made public by being played) says so by overriding this.
        A game that hides nothing never withholds a list, nor does a decider from their own seat.
        """
        if not self.hides_something():
            return False
        decider = self.current_player()
        if decider in (TERMINAL, viewer):
            return False
        if decider == CHANCE:
            outcomes = self.chance_outcomes()
            notations = [str(a) for a, _ in outcomes] if outcomes else []
        else:
            notations = [str(a) for a in self.legal_actions()]
        return any(self.mask_notation(n, decider, viewer) != n for n in notations)

    def is_legal(self, action: Action) -> bool:
        return action in set(self._candidates())

    def status(self) -> str:
        """A short sentence on whose decision it is (for widgets and reprs)."""
        player = self.current_player()
        if player == TERMINAL:
            winner = self.winner()
            return "Game over." if winner is None else f"Game over: player {winner + 1} wins."
        if player == CHANCE:
            return "Chance decides."
        return f"Player {player + 1} to act."

    # ---------------------------------------------------------- the contract
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[Action]:
        """Legal actions in a stable order (chance outcomes at a chance node).

        At a chance node whose outcomes cannot be listed (a shuffle) this is
        empty: use :meth:`play_chance` or force an outcome by its notation.
        """
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            outcomes = self.chance_outcomes()
            actions = [] if outcomes is None else [a for a, _ in outcomes]
        elif self.candidates_in_order:
            return self._legal_actions()
        else:
            actions = self._legal_actions()
        return actions if self.candidates_in_order else sorted(actions, key=self.action_sort_key)

    def _candidates(self) -> list[Action]:
        if self.current_player() == CHANCE:
            outcomes = self.chance_outcomes()
            return [] if outcomes is None else [a for a, _ in outcomes]
        if self.current_player() == TERMINAL:
            return []
        return list(self._legal_actions())

    def winner(self) -> int | None:
        if not self.is_terminal():
            return None
        result = self.returns()
        best = max(result)
        return result.index(best) if result.count(best) == 1 else None

    def note(self, rule: str, text: str) -> None:
        """Write a log line for the step being applied (game code calls this)."""
        if self.notes is not None:
            self.notes.append(LogEntry(rule, text))

    @property
    def logger(self):
        """:meth:`note` while a step is being recorded, None on the fast path
        (:meth:`apply_unchecked`): rules code that takes it can skip building log text no one reads."""
        return self.note if self.notes is not None else None

    @property
    def log(self) -> list[LogEntry]:
        return list(self.prelude) + [entry for step in self.steps for entry in step.log]

    def _coerce(self, action) -> Action:
        return self.parse_action(action) if isinstance(action, str) else action

    def _check(self, action: Action) -> None:
        if self.is_terminal():
            raise IllegalAction(action, "core-end", "the game is over")
        if not self.is_legal(action):
            rule, reason = self.explain_illegal(action)
            raise IllegalAction(action, rule, reason)

    def apply(self, action) -> "State":
        """Validate and apply an action (or its notation); returns ``self``.

        At a chance node this forces that outcome. On an illegal action the
        state is unchanged and :class:`IllegalAction` names the rule.
        """
        if self.is_terminal():
            raise IllegalAction(action, "core-end", "the game is over")
        action = self._coerce(action)
        self._check(action)
        by = "forced" if self.is_chance_node() else "choice"
        self._push(action, by, self._snapshot())
        self._redo.clear()
        return self

    def play_chance(self) -> "State":
        """Resolve a chance node: the next forced outcome if any, else a draw from the generator."""
        if not self.is_chance_node():
            raise IllegalAction("(chance)", "core-turn", "it is not chance's turn to decide")
        snapshot = self._snapshot()
        if self.forced:
            text = self.forced[0]
            action = self._coerce(text)
            self._check(action)
            self.forced.pop(0)
            by = "forced"
        else:
            action = self.sample_chance(self.rng)
            by = "roll"
        self._push(action, by, snapshot)
        self._redo.clear()
        return self

    def force(self, *outcomes: str) -> "State":
        """Queue chance outcomes (by notation) to be used by the next :meth:`play_chance` calls."""
        self.forced.extend(str(o) for o in outcomes)
        return self

    def _push(self, action: Action, by: str, snapshot: str) -> None:
        player = self.current_player()
        rule = self.action_rule(action)
        self.notes = []
        try:
            self._apply(action)
        except Exception:
            self._restore(snapshot)
            raise
        self.steps.append(Step(str(action), player, rule, by, tuple(self.notes),
                               self.rng.counter if by == "roll" else None))
        self._undo.append(snapshot)
        self.notes = []

    def apply_unchecked(self, action: Action) -> None:
        """Apply without validation, log or history: the fast path for search on copies.

        A state used this way no longer records a replayable history, so it
        cannot be undone past this point and saves without history. Nor does it
        collect log lines (``note`` writes nothing, ``logger`` is None) until a
        recorded step (:meth:`apply`, :meth:`play_chance`) starts its own.
        """
        self.notes = None
        self._recorded = False
        self._apply(action)

    def resolve_chance_unchecked(self) -> None:
        """Fast path of :meth:`play_chance` for playouts and search."""
        self.apply_unchecked(self.sample_chance(self.rng))

    # ------------------------------------------------------- undo and redo
    def can_undo(self) -> bool:
        return bool(self._undo) and self._recorded

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Step:
        """Take back the last step; returns it."""
        if not self.can_undo():
            raise NothingToUndo("there is no step to undo")
        self._restore(self._undo.pop())
        step = self.steps.pop()
        self._redo.append(step)
        return step

    def redo(self) -> Step:
        """Apply again the last undone step, exactly as it was (same chance outcome)."""
        if not self._redo:
            raise NothingToUndo("there is no undone step to redo")
        step = self._redo.pop()
        redo, self._redo = self._redo, []
        try:
            self._replay(step)
        finally:
            self._redo = redo
        return step

    def _replay(self, step: Step) -> None:
        snapshot = self._snapshot()
        action = self._coerce(step.action)
        self._check(action)
        if step.by == "roll":
            self.rng.counter = step.rng
        elif step.by == "forced" and self.forced and self.forced[0] == step.action:
            self.forced.pop(0)
        self._push(action, step.by, snapshot)

    def replay(self, steps: Iterable[Step | dict]) -> "State":
        """Apply recorded steps (``Step`` or their JSON) in order, validating each."""
        for item in steps:
            step = item if isinstance(item, Step) else Step(item["a"], 0, "", item.get("by", "choice"), (), item.get("rng"))
            self._replay(step)
        return self

    # ---------------------------------------------------- copies, equality
    def _snapshot(self) -> str:
        return json.dumps([self.position(), self.rng.to_json(), self.forced], separators=(",", ":"))

    def _restore(self, snapshot: str) -> None:
        position, rng, forced = json.loads(snapshot)
        self._load_position(Reader(position, "position"))
        self.rng = Rng.from_json(rng)
        self.forced = list(forced)

    def copy(self) -> "State":
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.rng = self.rng.copy()
        clone.forced = list(self.forced)
        clone.steps = list(self.steps)
        clone._undo = list(self._undo)
        clone._redo = list(self._redo)
        clone.notes = []
        clone._copy_position_from(self)
        return clone

    def _copy_position_from(self, other: "State") -> None:
        """Give this clone its own copy of ``other``'s mutable position (override for speed)."""
        self._load_position(Reader(other.position(), "position"))

    def __eq__(self, other):
        return (isinstance(other, State) and other.game == self.game
                and other.position() == self.position())

    __hash__ = None

    def __repr__(self):
        return f"<{type(self).__name__} {self.game!r} step {len(self.steps)}: {self.status()}>"

    def view(self, player: int) -> dict:
        """The position as ``player`` may see it."""
        return self.hide(self.position(), player)

    # ----------------------------------------------------------------- JSON
    def to_json(self, history: bool = True) -> dict:
        """A versioned document: options, seed, start, history and the current position.

        ``history=False`` leaves the start and the history out (a position the loader validates
        alone, with no replay: what a share link holds, and what the playout harness checks at
        most steps, since a replay costs as much as the game so far)."""
        recorded = history and self._recorded
        doc = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game.spec(),
            "start": json.loads(self._start) if (recorded and self._start) else None,
            "history": [s.to_json() for s in self.steps] if recorded else None,
            "position": self.position(),
            "rng": self.rng.to_json(),
            "forced": list(self.forced),
        }
        return doc

    def dumps(self, **kwargs) -> str:
        return json.dumps(self.to_json(), **kwargs)

    @classmethod
    def from_json(cls, doc) -> "State":
        """Load a document written by :meth:`to_json` (or by hand), validating it all.

        With a history, the game is replayed from its start position, so undo
        works after loading and a history that does not lead to the stored
        position is refused.
        """
        game_cls = next((g for g in _game_classes() if g.state_class is cls), None)
        if game_cls is None:
            raise FormatError("", f"{cls.__name__} is not the state class of a registered game")
        return load_state(doc, game_cls)

    def _load_checked(self, position, path: str) -> None:
        self.notes = []
        try:
            self._load_position(Reader(position, path))
        except NecroError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
            raise FormatError(path, f"malformed position ({type(exc).__name__}: {exc})") from None
        self.prelude, self.notes = tuple(self.notes), []


def _game_classes():
    from .registry import game_classes

    return game_classes()


def load_state(doc, game_cls: type[Game] | None = None) -> State:
    """Load a saved game of any registered game (or of ``game_cls``)."""
    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except json.JSONDecodeError as exc:
            raise FormatError("", f"not JSON: {exc}") from None
    r = Reader(doc).obj(allowed=("format", "version", "game", "start", "history", "position", "rng", "forced"))
    r["format"].str(choices=[FORMAT])
    version = r["version"].int(lo=1)
    if version > FORMAT_VERSION:
        r["version"].fail(f"written by a newer necro (format {version}; this one reads {FORMAT_VERSION})")
    game_id = r["game"].obj()["id"].str()
    if game_cls is None:
        from .registry import game_class

        try:
            game_cls = game_class(game_id)
        except KeyError:
            r["game"]["id"].fail(f"unknown game {game_id!r}")
    game = game_cls.from_spec(r["game"])
    rng_r = r["rng"].list(length=2)
    rng = Rng(rng_r[0].int(lo=0), rng_r[1].int(lo=0))
    forced = [f.str(max_length=1000) for f in r.get("forced", []).list()]
    state = game.state_class(game, rng.seed, _setup=False)
    history = r.get("history", None).optional()
    start = r.get("start", None).optional()
    if history is not None and start is None:
        r["start"].fail("a history needs the start position it begins from")
    if history is not None:
        start.list(length=3)
        state._load_checked(start.value[0], "start[0]")
        srng = start[1].list(length=2)
        state.rng = Rng(srng[0].int(lo=0), srng[1].int(lo=0))
        state.forced = [f.str() for f in start[2].list()]
        state._start = state._snapshot()
        for i, item in enumerate(history.list()):
            item.obj(allowed=("a", "by", "rng"))
            step = Step(item["a"].str(max_length=1000), 0, "", item.get("by", "choice").str(choices=("choice", "roll", "forced")), (),
                        item["rng"].int(lo=0) if item.has("rng") else None)
            if step.by == "roll" and step.rng is None:
                item["rng"].fail("a rolled step records the generator's counter")
            try:
                state._replay(step)
            except NecroError as exc:
                raise FormatError(f"{item.path}", f"cannot replay {step.action!r}: {exc}") from None
        stored = game.state_class(game, rng.seed, _setup=False)
        stored._load_checked(r["position"].value, "position")
        if stored.position() != state.position():
            r["position"].fail("the history does not lead to this position")
    else:
        state._load_checked(r["position"].value, "position")
        state._start = state._snapshot()
    state.rng = rng
    state.forced = forced
    return state

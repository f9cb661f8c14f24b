"""Edit mode: change a position by clicking, each change checked by the game's own loader.

A rules lawyer sets up the position in dispute: a part moved, a pawn put
elsewhere, another player to move, a ruling switched. Every game already has
a strict loader for hand-written positions (``_load_position``: counts
conserved, pieces on places that exist, phases consistent), so an edit is a
small change to the position's JSON followed by that very loader. An edit
the loader refuses raises :class:`EditError`, which names the control, the
value and the constraint (the loader's own words), and leaves the state as it
was. The board can therefore never show a position the engine cannot play
from.

A game describes its edit mode by subclassing :class:`Editor` and setting
``Game.editor_class``:

* :meth:`Editor.controls` lists the :class:`Control` s the position offers
  (the same list in the same order for the same position), each tied to a
  board element (``on``: a square, a card, a player's tray) or to none
  (whose turn, the phase);
* :meth:`Editor.change` applies one control's new value to a copy of the
  position's JSON.

The number of players, the game's options (rulings and variants) and a
fresh start (from set-up, or from any named scenario of the chapters, the
game package's ``scenarios.SCENARIOS``) are offered for every game here,
once: changing an option reloads the same position under the new rules;
changing the number of players starts again from set-up.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import json
from dataclasses import dataclass, field
from typing import Any

from .errors import FormatError, NecroError, OptionError

PLAYERS = "game.players"
START = "game.start"
SETUP = "set-up"
OPTION_PREFIX = "option."
LEAVE = ("", "(leave it)")
"""The first choice of a control that moves something somewhere: the value that changes nothing,
shown selected until the reader picks a destination."""


@dataclass(frozen=True)
class Control:
    """One thing edit mode lets a person change.

    ``choices`` are ``(value, label)`` pairs for a choice; a ``number`` has
    ``low``/``high`` instead. With ``target`` the choices' values are ids of
    board elements, so the board can take the choice as a click on one of
    them (move this part *there*). ``on`` is the board element the control
    belongs to ("" for the position as a whole), ``group`` its heading.
    """

    id: str
    label: str
    value: Any
    choices: tuple = ()
    kind: str = "choice"
    low: int | None = None
    high: int | None = None
    on: str = ""
    group: str = "Position"
    target: bool = False

    def to_json(self) -> dict:
        data = {"id": self.id, "label": self.label, "value": self.value, "kind": self.kind,
                "group": self.group}
        if self.kind == "choice":
            data["choices"] = [[v, text] for v, text in self.choices]
        else:
            data["low"], data["high"] = self.low, self.high
        if self.on:
            data["on"] = self.on
        if self.target:
            data["target"] = True
        return data

    def check(self, value) -> None:
        """Refuse a value the control does not offer (the loader then checks the position)."""
        if self.kind == "number":
            if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
                raise EditError(self, value, f"a whole number from {self.low} to {self.high}")
        elif not any(value == v and type(value) is type(v) for v, _ in self.choices):
            offered = ", ".join(json.dumps(v) for v, _ in self.choices[:12])
            raise EditError(self, value, f"not one of the choices ({offered}"
                                         f"{', ...' if len(self.choices) > 12 else ''})")


class EditError(NecroError):
    """An edit the position cannot take: the value is not offered, or the position it makes is
    one the rules never reach (the loader's reason, with the part of the position at fault)."""

    def __init__(self, control: Control | str, value, reason: str):
        self.control = control.id if isinstance(control, Control) else control
        self.value = value
        self.reason = reason
        if isinstance(control, Control):
            shown = next((text for v, text in control.choices if v == value), json.dumps(value))
            what = f"{control.label} {shown}"
        else:
            what = f"{control} = {json.dumps(value)}"
        super().__init__(f"{what}: {reason}")


@dataclass
class Editor:
    """A game's edit mode for one position (subclass per game; this one offers nothing of its own).

    ``elements`` maps the board elements that controls are tied to (``Control.on``) to their
    names, so a page can list them for keyboard users.
    """

    state: Any
    position: dict = field(init=False)

    def __post_init__(self):
        self.position = self.state.position()

    def controls(self) -> list[Control]:
        return []

    def elements(self) -> list[tuple[str, str]]:
        """``(id, name)`` of the board elements the controls belong to, in board order."""
        return []

    def change(self, position: dict, control: str, value) -> dict:
        """``position`` (a copy, free to change) with ``control`` set to ``value``."""
        raise KeyError(control)


def editor_for(state) -> Editor:
    cls = getattr(state.game, "editor_class", None) or Editor
    return cls(state)


def scenarios(game) -> dict:
    """The named positions of the game's chapters (``<package>.scenarios.SCENARIOS``) that can be
    built with no argument, by name."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".scenarios")
    except ImportError:
        return {}
    found = {}
    for name, build in getattr(module, "SCENARIOS", {}).items():
        needed = [p for p in inspect.signature(build).parameters.values()
                  if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        if not needed:
            found[name] = build
    return found


def _scenario_label(name: str, build) -> str:
    doc = (inspect.getdoc(build) or "").split("\n\n")[0].replace("\n", " ").replace("``", "")
    if len(doc) > 90:
        doc = doc[:88].rsplit(" ", 1)[0].rstrip(".,;:") + "..."
    return f"{name.replace('_', '-')}: {doc}" if doc else name.replace("_", "-")


def game_controls(state) -> list[Control]:
    """A fresh start, the number of players and every option of the game, as controls."""
    game = state.game
    found = [Control(START, "Start again from", "",
                     (("", "(keep this position)"), (SETUP, "set-up, with these options"))
                     + tuple((name, _scenario_label(name, build)) for name, build in scenarios(game).items()),
                     group="Game")]
    if game.min_players != game.max_players:
        found.append(Control(PLAYERS, "Players (starts again from set-up)", game.players,
                             tuple((n, str(n)) for n in range(game.min_players, game.max_players + 1)),
                             group="Game"))
    for option in game.options_spec:
        found.append(Control(OPTION_PREFIX + option.name, f"{option.name}: {option.help}",
                             game.options[option.name],
                             tuple((c, json.dumps(c) if not isinstance(c, str) else c) for c in option.choices),
                             group="Rules and variants"))
    return found


def controls(state) -> list[Control]:
    """Every control edit mode offers in ``state``: the game's own, then players and options."""
    return editor_for(state).controls() + game_controls(state)


def edit_view(state) -> dict:
    """What a page needs to draw edit mode: the controls and the board elements' names."""
    editor = editor_for(state)
    return {"controls": [c.to_json() for c in editor.controls() + game_controls(state)],
            "elements": [[key, name] for key, name in editor.elements()]}


def edit(state, control_id: str, value):
    """A new state: ``state``'s position with one control changed, checked by the game's loader.

    The new state starts a fresh history (an edited position was never reached by play);
    the widget keeps the state before the edit so undo can take the edit back.
    Raises :class:`EditError`; ``state`` is never changed.
    """
    offered = {c.id: c for c in controls(state)}
    control = offered.get(str(control_id))
    if control is None:
        raise EditError(str(control_id), value, "this position has no such control")
    control.check(value)
    game = state.game
    seed = state.rng.seed
    try:
        if control.id == START:
            if value == "":
                return state
            if value == SETUP:
                return game.new_initial_state(seed)
            return scenarios(game)[value]()
        if control.id == PLAYERS:
            new_game = type(game)(value, **game.options)
            return new_game.new_initial_state(seed)
        if control.id.startswith(OPTION_PREFIX):
            options = dict(game.options, **{control.id[len(OPTION_PREFIX):]: value})
            new_game = type(game)(game.players, **options)
            return new_game.state_from_position(state.position(), seed=seed)
        position = editor_for(state).change(copy.deepcopy(state.position()), control.id, value)
        return game.state_from_position(position, seed=seed)
    except FormatError as exc:
        where = exc.path.removeprefix("position").lstrip(".")
        raise EditError(control, value, f"{exc.reason}" + (f" (at {where})" if where else "")) from None
    except OptionError as exc:
        raise EditError(control, value, str(exc)) from None

"""Lessons: a guided game written as data, checked against the rules engine.

A lesson is one small JSON file (``book/<game>/lessons/<name>.json``, see
``book/lessons-guide.md``). It names a start position, made with the game's
scenario builders (``{"scenario": "opening", "args": {...}}``) or given as a
position (``{"position": {...}}``), with game ``options``; then ``steps``, each
with its ``text`` and what the learner is asked (``ask``):

- ``"move"``: make one of the ``expect`` moves (notations; the first is the
  lesson's main line). ``other`` maps another legal move to the reason to try
  the expected one instead ("that is legal, but ..."), ``otherwise`` is that
  reason for any other legal move; ``hint`` on request;
- ``"predict"``: choose among ``options`` what will happen (``answer`` is the
  right one's index); the board then plays ``play`` (the moves or forced
  chance outcomes it predicts) and shows ``explain``, citing ``rule``;
- ``"answer"``: the same question without a move played out;
- ``"read"``: text only, the learner goes on with Next.

Any step may end with ``then``: the other players' replies (and forced chance
outcomes), played by the board after the learner's part, so the lesson goes
where its text says.

A question (``predict`` or ``answer``) may carry ``check``: what the engine
computes to find the right option (:mod:`necro.core.checks`). An *exercise*
(``"kind": "exercise"``, ``book/<game>/exercises/<name>.json``) is a lesson of a
few steps on one position whose every question has one, so its answer is the
engine's, not only the author's.

Nothing here is trusted: :func:`validate` replays the lesson on the engine
and refuses it, naming the step, when an expected move is illegal where it is
asked, a forced outcome is not one the engine lists, a rule id does not
exist, a question's ``check`` computes another answer than the author's, or a
field is missing or of the wrong kind. Every expected move (not
only the first) must leave the rest of the lesson playable. The tests run it
on every lesson file of the book.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pathlib
import re
from dataclasses import dataclass

from .checks import CheckError, compute, options_matching
from .errors import NecroError
from .game import CHANCE, State

FORMAT = "necro-lesson"
VERSION = 1
ASKS = ("move", "predict", "answer", "read")
KINDS = ("lesson", "exercise")
EXERCISE_STEPS = 4
"""An exercise is short: a question or two on one position, then what the engine played."""


class LessonError(NecroError):
    """A lesson file the engine refuses: ``where`` names the step (``steps[3].expect[0]``)."""

    def __init__(self, where: str, reason: str):
        self.where = where
        self.reason = reason
        super().__init__(f"lesson {where or '(document)'}: {reason}")


@dataclass(frozen=True)
class Lesson:
    """A lesson as read from its file (its ``doc``), checked for shape; :func:`validate` checks it
    against the engine."""

    doc: dict
    source: str = ""

    @property
    def game_id(self) -> str:
        return self.doc["game"]

    @property
    def steps(self) -> list[dict]:
        return self.doc["steps"]

    @property
    def seat(self) -> int:
        return self.doc.get("seat", 0)

    def game(self, players: int | None = None):
        """The lesson's game with its ``start.options`` (``players`` among them, or given here)."""
        from .registry import game_class

        options = dict(self.doc["start"].get("options", {}))
        if players is not None:
            options["players"] = players
        try:
            return game_class(self.game_id)(**options)
        except NecroError as refused:
            raise LessonError("start.options", str(refused)) from None

    def start_state(self) -> State:
        """The position the lesson starts from (a fresh state each call)."""
        start = self.doc["start"]
        if "position" in start:
            return self.game().state_from_position(start["position"], seed=start.get("seed", 0))
        builders = scenarios(self.game_id)
        name = start["scenario"]
        if name not in builders:
            raise LessonError("start.scenario", f"{self.game_id} has no scenario {name!r}"
                                                f" (it has {', '.join(sorted(builders))})")
        return self._build(builders[name])

    def _build(self, builder) -> State:
        """Call a scenario builder, whatever its signature. The games' builders differ: Graveyard
        Shift's take the game (``game=``), Day of the Dead's and most of Cave Evil's take the
        game's options as keywords (``**options``), Shovelfight's and Shambling Dead's take
        neither. A builder that cannot be given the lesson's options builds its position, which
        is then set up again in a game with those options (same seed, same forced outcomes)."""
        start = self.doc["start"]
        args, options = dict(start.get("args", {})), dict(start.get("options", {}))
        params = inspect.signature(builder).parameters
        try:
            if "game" in params:
                return builder(game=self.game(), **args)
            if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
                return builder(**args, **options)
            built = builder(**args)
        except TypeError as wrong:  # an argument the builder does not take, or lacks
            raise LessonError("start.args", f"the scenario {start['scenario']!r} refuses them: {wrong}") from None
        except NecroError as refused:
            raise LessonError("start", str(refused)) from None
        if not options:
            return built
        game = self.game(built.game.players)
        try:
            return game.state_from_position(built.position(), seed=built.rng.seed).force(*built.forced)
        except NecroError as refused:  # an option that changes what a position holds (Cave Evil's game=full)
            raise LessonError("start.options", f"the scenario {start['scenario']!r} does not fit them: {refused}") from None

    def line(self) -> list[str]:
        """Every action of the lesson's main line, in order (the learner's and the replies)."""
        return [action for step in self.steps for action in step_actions(step)]


def step_actions(step: dict) -> list[str]:
    """What a step plays on the main line: its first expected move or the predicted play, then
    the replies."""
    first = step["expect"][:1] if step["ask"] == "move" else step.get("play", [])
    return list(first) + list(step.get("then", []))


def scenarios(game_id: str) -> dict:
    """The named scenario builders of a game (``necro.<game>.scenarios.SCENARIOS``)."""
    from .registry import GAMES

    package = GAMES[game_id].split(":")[0]
    return importlib.import_module(f"{package}.scenarios").SCENARIOS


# ------------------------------------------------------------------- shape
def _need(doc: dict, key: str, kind, where: str):
    if key not in doc:
        raise LessonError(f"{where}.{key}" if where else key, "is missing")
    value = doc[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise LessonError(f"{where}.{key}" if where else key, f"must be {_kind_name(kind)}")
    return value


def _kind_name(kind) -> str:
    names = {str: "text", list: "a list", dict: "an object", int: "a whole number"}
    return names.get(kind, getattr(kind, "__name__", str(kind)))


def _notations(step: dict, key: str, where: str, required: bool) -> list[str]:
    if key not in step and not required:
        return []
    value = _need(step, key, list, where)
    if required and not value:
        raise LessonError(f"{where}.{key}", "must name at least one move")
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise LessonError(f"{where}.{key}[{i}]", "must be a move's notation")
    return value


def check_shape(doc) -> None:
    """Refuse a document that is not a lesson (what it lacks, where)."""
    if not isinstance(doc, dict):
        raise LessonError("", "a lesson is a JSON object")
    if doc.get("format") != FORMAT:
        raise LessonError("format", f"must be {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise LessonError("version", f"this reader knows version {VERSION}")
    for key in ("id", "game", "title"):
        _need(doc, key, str, "")
    start = _need(doc, "start", dict, "")
    if ("scenario" in start) == ("position" in start):
        raise LessonError("start", "give either 'scenario' (a builder's name) or 'position'")
    if "args" in start:
        _need(start, "args", dict, "start")
    if "options" in start:
        _need(start, "options", dict, "start")
    if "seat" in doc:
        _need(doc, "seat", int, "")
    if "kind" in doc and _need(doc, "kind", str, "") not in KINDS:
        raise LessonError("kind", f"must be one of {', '.join(KINDS)}")
    steps = _need(doc, "steps", list, "")
    if not steps:
        raise LessonError("steps", "a lesson has at least one step")
    if doc.get("kind") == "exercise":
        _check_exercise_shape(steps)
    for i, step in enumerate(steps):
        where = f"steps[{i}]"
        if not isinstance(step, dict):
            raise LessonError(where, "a step is an object")
        _need(step, "text", str, where)
        ask = _need(step, "ask", str, where)
        if ask not in ASKS:
            raise LessonError(f"{where}.ask", f"must be one of {', '.join(ASKS)}")
        for key in ("hint", "otherwise", "explain", "question", "rule", "title"):
            if key in step:
                _need(step, key, str, where)
        _notations(step, "then", where, required=False)
        if ask == "move":
            _notations(step, "expect", where, required=True)
            for notation, reason in _need(step, "other", dict, where).items() if "other" in step else ():
                if not isinstance(reason, str):
                    raise LessonError(f"{where}.other[{notation!r}]", "must be the reason, as text")
        if ask in ("predict", "answer"):
            _need(step, "question", str, where)
            options = _need(step, "options", list, where)
            if len(options) < 2 or not all(isinstance(o, str) and o for o in options):
                raise LessonError(f"{where}.options", "at least two options, each a text")
            answer = _need(step, "answer", int, where)
            if not 0 <= answer < len(options):
                raise LessonError(f"{where}.answer", f"must be an option's index, 0 to {len(options) - 1}")
            _need(step, "explain", str, where)
            _need(step, "rule", str, where)
            if "check" in step:
                check = _need(step, "check", dict, where)
                _need(check, "compute", str, f"{where}.check")
                if len(_need(check, "values", list, f"{where}.check")) != len(options):
                    raise LessonError(f"{where}.check.values", "must give one value for each option")
        if ask == "predict":
            _notations(step, "play", where, required=True)


def _check_exercise_shape(steps: list) -> None:
    """An exercise: at most :data:`EXERCISE_STEPS` steps, at least one question, and every
    question's answer computed by the engine (``check``)."""
    if len(steps) > EXERCISE_STEPS:
        raise LessonError("steps", f"an exercise has at most {EXERCISE_STEPS} steps")
    questions = [i for i, step in enumerate(steps) if isinstance(step, dict) and step.get("ask") in ("predict", "answer")]
    if not questions:
        raise LessonError("steps", "an exercise asks at least one question (an 'answer' or 'predict' step)")
    for i in questions:
        if "check" not in steps[i]:
            raise LessonError(f"steps[{i}].check", "is missing: an exercise's answer is the engine's, so each"
                                                   " question names what to compute")


# ------------------------------------------------------------ the engine
def _play(state: State, notation: str, where: str) -> None:
    """Play one action of the lesson: a move legal here, or a chance outcome the engine lists."""
    if state.is_terminal():
        raise LessonError(where, f"{notation!r} comes after the game is over")
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        try:
            action = state.parse_action(notation)
        except NecroError as refused:
            raise LessonError(where, f"forced outcome {notation!r} is refused: {refused}") from None
        if outcomes is not None and action not in [a for a, _ in outcomes]:
            raise LessonError(where, f"forced outcome {notation!r} is not among the outcomes the engine lists")
    try:
        state.apply(notation)
    except NecroError as refused:
        raise LessonError(where, f"{notation!r} is refused by the engine: {refused}") from None


def _legal(state: State, notation: str) -> bool:
    try:
        return state.is_legal(state.parse_action(notation))
    except NecroError:
        return False


CITED = re.compile(r"\brul(?:e|ing)s? ([a-z0-9]+(?:-[a-z0-9]+)+)(?: and ([a-z0-9]+(?:-[a-z0-9]+)+))?")
"""A rule id cited in a lesson's prose: "rule gs-sow", "rules gs-move-stack and gs-sow", "ruling ..."."""


def cited_rules(text: str) -> list[str]:
    """The rule ids ``text`` cites (see :data:`CITED`)."""
    return [rule_id for match in CITED.finditer(text) for rule_id in match.groups() if rule_id]


def _texts(step: dict):
    for key in ("text", "hint", "otherwise", "explain", "question"):
        if key in step:
            yield key, step[key]
    for notation, reason in step.get("other", {}).items():
        yield f"other[{notation!r}]", reason


def _check_rules(lesson: Lesson, rules) -> None:
    for i, step in enumerate(lesson.steps):
        if "rule" in step and step["rule"] not in rules:
            raise LessonError(f"steps[{i}].rule", f"no rule {step['rule']!r} in {lesson.game_id}'s rule book")
        for key, text in _texts(step):
            for rule_id in cited_rules(text):
                if rule_id not in rules:
                    raise LessonError(f"steps[{i}].{key}", f"cites rule {rule_id!r}, which is not in"
                                                           f" {lesson.game_id}'s rule book")
    for key in ("intro", "end"):
        for rule_id in cited_rules(lesson.doc.get(key, "")):
            if rule_id not in rules:
                raise LessonError(key, f"cites rule {rule_id!r}, which is not in {lesson.game_id}'s rule book")


def _walk(lesson: Lesson, state: State, first: int) -> None:
    """Play steps ``first``.. from ``state``, checking each; every expected move is tried."""
    seat = lesson.seat
    for i in range(first, len(lesson.steps)):
        step, where = lesson.steps[i], f"steps[{i}]"
        if step["ask"] == "move":
            if state.current_player() != seat:
                raise LessonError(where, f"asks the learner (player {seat + 1}) to move, but the engine"
                                         f" says: {state.status()}")
            for notation in step.get("other", {}):
                if notation in step["expect"] or not _legal(state, notation):
                    raise LessonError(f"{where}.other", f"{notation!r} is not another legal move there: the"
                                                        " board would never show its reason")
            before = state.copy()
            for k, notation in enumerate(step["expect"]):
                branch = state if k == 0 else before.copy()
                _play(branch, notation, f"{where}.expect[{k}]")
                if k:  # an alternative the board accepts must leave the rest of the lesson playable
                    for j, reply in enumerate(step.get("then", [])):
                        _play(branch, reply, f"{where}.then[{j}] (after {notation!r})")
                    _walk(lesson, branch, i + 1)
        else:
            since = len(state.log)
            for k, notation in enumerate(step.get("play", [])):
                _play(state, notation, f"{where}.play[{k}]")
            if "check" in step:
                _check_answer(step, state, since, where)
        for j, reply in enumerate(step.get("then", [])):
            _play(state, reply, f"{where}.then[{j}]")


def _check_answer(step: dict, state: State, since: int, where: str) -> None:
    """The author's ``answer`` must be the one option whose value is what the engine computes."""
    check = step["check"]
    try:
        value = compute(check, state, since)
    except CheckError as fault:
        raise LessonError(f"{where}.check", fault.reason) from None
    matching = options_matching(check, value)
    letter = "ABCDEFGHIJ"
    if len(matching) != 1:
        raise LessonError(f"{where}.check", f"the engine computes {value!r}, which {len(matching)} options'"
                                            " values give: exactly one must")
    if matching[0] != step["answer"]:
        raise LessonError(f"{where}.answer", f"the author's answer is option {letter[step['answer']]}, but the"
                                             f" engine computes {value!r}: option {letter[matching[0]]}")


def validate(lesson: Lesson) -> State:
    """Replay ``lesson`` on its engine; raise :class:`LessonError` at the first fault. Returns the
    position at the end of the main line."""
    state = lesson.start_state()
    if not 0 <= lesson.seat < state.game.players:
        raise LessonError("seat", f"not a seat of this {state.game.players}-player game")
    _check_rules(lesson, state.game.rules)
    _walk(lesson, state, 0)
    return state


def read_lesson(source) -> Lesson:
    """A lesson from a file path, JSON text or a dict, its shape checked (not yet its moves)."""
    text_source = ""
    if isinstance(source, pathlib.Path) or isinstance(source, str) and not source.lstrip().startswith("{"):
        text_source = str(source)
        source = pathlib.Path(source).read_text(encoding="utf-8")
    if isinstance(source, str):
        try:
            source = json.loads(source)
        except json.JSONDecodeError as exc:
            raise LessonError("", f"not JSON: {exc}") from None
    check_shape(source)
    return Lesson(source, text_source)


def load_lesson(source) -> Lesson:
    """:func:`read_lesson`, then :func:`validate`: a lesson the board can trust."""
    lesson = read_lesson(source)
    validate(lesson)
    return lesson

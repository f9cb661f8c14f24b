"""A toy game used only to test the core contract in isolation.

Race to 6: on your turn chance rolls a d3, then you choose to bank the roll
(add it to your score) or pass (score unchanged). Reaching 6 or more wins.
"""

from necro.core import CHANCE, TERMINAL, Game, Option, Rule, RuleBook, State, die

RULES = RuleBook("toy", "book/toy", [
    Rule("toy-roll", "Roll", "Chance rolls a d3 each turn."),
    Rule("toy-bank", "Bank", "Add the roll to your score."),
    Rule("toy-pass", "Pass", "Keep your score."),
    Rule("toy-win", "Win", "Reaching the target wins."),
])


class ToyState(State):
    def setup(self):
        self.scores = [0, 0]
        self.turn = 0
        self.roll = None

    def current_player(self):
        if max(self.scores) >= self.game.options["target"]:
            return TERMINAL
        return CHANCE if self.roll is None else self.turn

    def chance_outcomes(self):
        return die(3)

    def _legal_actions(self):
        return ["bank", "pass"]

    def _apply(self, action):
        if self.roll is None:
            self.roll = action
            self.note("toy-roll", f"rolled {action}")
            return
        if action == "bank":
            self.scores[self.turn] += self.roll
            self.note("toy-bank", f"player {self.turn + 1} banks {self.roll}")
        else:
            self.note("toy-pass", f"player {self.turn + 1} passes")
        if self.scores[self.turn] >= self.game.options["target"]:
            self.note("toy-win", f"player {self.turn + 1} wins")
        self.roll = None
        self.turn = 1 - self.turn

    def parse_action(self, text):
        if self.roll is None and text in ("1", "2", "3"):
            return int(text)
        return super().parse_action(text)

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.scores[0] > self.scores[1] else [-1.0, 1.0]

    def position(self):
        return {"scores": list(self.scores), "turn": self.turn, "roll": self.roll}

    def _load_position(self, r):
        r.obj(allowed=("scores", "turn", "roll"))
        self.scores = [x.int(0, 100) for x in r["scores"].list(length=2)]
        self.turn = r["turn"].int(0, 1)
        self.roll = None if r["roll"].value is None else r["roll"].int(1, 3)


class Toy(Game):
    id = "toy"
    title = "Toy race"
    rules = RULES
    options_spec = (Option("target", 6, (4, 6, 8), "Score needed to win."),)
    state_class = ToyState

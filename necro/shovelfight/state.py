"""The position and rules of Necromancer Shovelfight.

A turn is broken into small decisions, each listed with its legal options:

- ``act``: pick a wizard action (``move``, ``dig``, ``shovel W2`` / ``shovel Z1``);
- ``move``: chance rolls the action die (``roll 5``), then ``step c3`` ... or ``stop``;
- ``shovel``: chance rolls (``roll 4``; 3+ hits the named target);
- ``card``: a dug card's choice (``ace Z2 c3>c4``, ``two c3>c4``, ``four Z2 c3``,
  ``five W2 c4``, ``joker c2 c4``);
- ``hit``: what an arriving zombie hits (``hit W2``, ``hit Z3``);
- ``shamble``: one zombie at a time (``shamble c3>c4``);
- ``worm``: chance rolls the worm die (``roll 3``);
- ``leap`` / ``land``: where a wizard escapes to (``leap c4``, ``land b2``);
- ``split``: chance keeps one of equally good parts (``keep c1``);
- ``turn``: chance turns over the card of a grave just dug (``turn Qb``).

Set-up is one chance node, the first player (``first 2``). The shuffled deck is
laid face down, so no one knows which card lies where until it is dug: the
engine keeps no card there either (a grave holds ``None``) and chance deals the
dug grave's card then, from the cards nobody has seen, each as likely as its
copies among them (rule ``sf-board``, ruling ``sf-deal-when-dug``). That is the
same game, and a page or a saved game then carries no face-down card for anyone
to read. A position may still lay a known card face down (a scenario's lesson,
an edited position): digging it turns that card over, with no chance step.
``W2`` means the wizard of player 2 and ``Z3`` a zombie of player 3 (players
are numbered from 1 in notation and from 0 in code).

Compound effects (a worm roll that eats graves, wizards leaping, ground
falling) run as far as they can without a decision and stop at the next
one; ``then`` remembers where the turn continues afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from necro.core import CHANCE, TERMINAL, NotationError, Reader, State, die

from .board import (board_for, card_name, colour, deck_counts, escape, parts, rank,
                    worm_number)
from .load import load_position
from .phases import CARD_VERB, CHANCE_PHASES, FALLING, PHASES, SETUP_PHASES
from .team import TEAM_SIZE, Team

WIZARD = tuple(f"W{p + 1}" for p in range(6))  # the notation of each player's wizard
ZOMBIE = tuple(f"Z{p + 1}" for p in range(6))  # and of a zombie of theirs


@dataclass(frozen=True, order=True)
class Action:
    """A decision or chance outcome: a verb and its arguments, written ``verb arg arg``."""

    verb: str
    args: tuple = ()

    def __str__(self):
        return " ".join((self.verb,) + self.args)

    def __repr__(self):
        return f"Action({str(self)!r})"


_ACTIONS: dict[tuple, Action] = {}


def act(verb: str, *args: str) -> Action:
    """The one :class:`Action` written ``verb args``. Actions are immutable values and a game
    lists the same few thousand of them again and again (steps, shambles, rolls), so each is made
    once and shared."""
    key = (verb,) + args
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(verb, args)
    return action


ROLLS = [(act("roll", str(face)), p) for face, p in die(6)]
"""The action die's and the worm die's outcomes (the same six, made once)."""

# verb -> (number of arguments, rule id it belongs to)
VERBS = {
    "turn": (1, "sf-dig"), "first": (1, "sf-first-player"), "roll": (1, "core-chance"),
    "keep": (1, "sf-split"), "move": (0, "sf-move"), "dig": (0, "sf-dig"),
    "shovel": (1, "sf-shovel"), "step": (1, "sf-move"), "stop": (0, "sf-move"),
    "hit": (1, "sf-zombie-hit"), "shamble": (1, "sf-shamble"), "ace": (2, "sf-card-ace"),
    "two": (1, "sf-card-two"), "four": (2, "sf-card-four"), "five": (2, "sf-card-five"),
    "joker": ((1, 2), "sf-card-joker"), "leap": (1, "sf-worm-leap"), "land": (1, "sf-fall-path"),
    "start": (1, "sf-start-graves"),
}
# the phase in which each decision verb is taken
VERB_PHASE = {"move": "act", "dig": "act", "shovel": "act", "step": "step", "stop": "step",
              "hit": "hit", "shamble": "shamble", "ace": "card", "two": "card", "four": "card",
              "five": "card", "joker": "card", "leap": "leap", "land": "land", "start": "place"}
# the rule behind every action of a phase that its phase alone decides (others: by verb or card)
LANDING_RULE = {"leap": "sf-worm-leap", "land": "sf-fall-path"}  # the rule a landing of each phase follows
PHASE_RULE = {"turn": "sf-dig", "first": "sf-first-player", "place": "sf-start-graves",
              "move": "sf-move", "step": "sf-move", "shovel": "sf-shovel", "worm": "sf-worm-die",
              "split": "sf-split"}
CARD_RULE = {"A": "sf-card-ace", "2": "sf-card-two", "3": "sf-card-three", "4": "sf-card-four",
             "5": "sf-card-five", "6": "sf-card-six", "Q": "sf-card-queen", "Jo": "sf-card-joker"}


def _who(p: int) -> str:
    return f"player {p + 1}"


class ShovelfightState(State):
    """A Shovelfight position: the graves, the teams, and where the turn stands."""

    candidates_in_order = True
    """``_legal_actions`` lists by notation already: ``dig`` before ``move`` before ``shovel``,
    graves by name (which is their board order), wizards ``W`` before zombies ``Z``, players by
    number; the shared playout harness checks it at every step."""

    # ------------------------------------------------------------ set-up
    def setup(self):
        n = self.game.players
        self.board = board_for(n)
        self.cards = {g: None for g in self.board.graves}
        self.dug: set[str] = set()
        self.fallen: set[str] = set()
        if self.game.options["start"] == "fixed":
            starts = self.board.starts[n]
            self.teams = [Team(wizard=starts[p], zombies=[starts[p]]) for p in range(n)]
        else:  # placed later, one by one (phase "place")
            self.teams = [Team() for _ in range(n)]
        self.phase = "first"
        self.turn = 0
        self.first = None
        self.worm = None
        self.moment = 0
        self.used: list[str] = []
        self.steps_left = 0
        self.target = None            # shovel target while its roll is pending
        self.card = None              # rank of the dug card whose choice is pending
        self.hit = None               # [grave, zombie owner, decider] of a pending arrival hit
        self.left: list[str] = []     # graves of this turn's zombies that have not shambled yet
        self.queue: list = []         # leap: [player, ...]; land: [[player, [graves]], ...]
        self.split = None             # {"parts": [[graves]], "extra": [graves]} while chance keeps one
        self.then = None              # where the turn goes on after a hit or a fall
        self.since = None             # the moment a worm roll or fall that has killed began (sf-simultaneous)

    @property
    def n(self) -> int:
        return self.game.players

    # ------------------------------------------------------------ queries
    def standing(self) -> list[str]:
        return [g for g in self.board.graves if g not in self.fallen]

    def around(self, grave: str) -> list[str]:
        """Standing graves adjacent to ``grave``."""
        return [g for g in self.board.neighbours[grave] if g not in self.fallen]

    def in_the_air(self) -> list[int]:
        """Players whose wizard is leaping or landing: the only pieces allowed on fallen ground."""
        if self.phase == "leap":
            return list(self.queue)
        if self.phase == "land":
            return [q for q, _ in self.queue]
        return []

    def alive(self) -> list[int]:
        return [p for p, t in enumerate(self.teams) if t.wizard is not None]

    def _standing_wizards(self) -> int:
        """How many wizards stand (``len(alive())`` without the list: asked after every step)."""
        count = 0
        for t in self.teams:
            if t.wizard is not None:
                count += 1
        return count

    def pieces_on(self, grave: str) -> tuple[list[int], list[int]]:
        """(players whose wizard is on ``grave``, owner of each zombie on it)."""
        wizards = [p for p, t in enumerate(self.teams) if t.wizard == grave]
        zombies = [p for p, t in enumerate(self.teams) for z in t.zombies if z == grave]
        return wizards, zombies

    def can_raise(self, p: int) -> bool:
        return self.game.options["team_size"] == "unlimited" or len(self.teams[p].zombies) < TEAM_SIZE

    def hit_targets(self, grave: str, owner: int) -> list[str]:
        """What a zombie of ``owner`` arriving on ``grave`` may hit (rule sf-zombie-hit)."""
        teams = self.teams
        return ([WIZARD[p] for p, t in enumerate(teams) if t.wizard == grave]
                + [ZOMBIE[p] for p, t in enumerate(teams) if p != owner and grave in t.zombies])

    def shovel_targets(self, p: int) -> list[str]:
        """What player ``p``'s wizard can aim its shovel at (rule sf-shovel-target)."""
        grave, teams = self.teams[p].wizard, self.teams
        return ([WIZARD[q] for q, t in enumerate(teams) if q != p and t.wizard == grave]
                + [ZOMBIE[q] for q, t in enumerate(teams) if grave in t.zombies])

    # ----------------------------------------------------------- contract
    def current_player(self) -> int:
        phase = self.phase
        if phase == "over":
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "hit":
            return self.hit[2]
        if phase == "leap":
            return self.queue[0]
        if phase == "land":
            return self.queue[0][0]
        return self.turn

    def chance_outcomes(self):
        phase = self.phase
        if phase == "turn":
            unseen = self.unseen()
            total = sum(unseen.values())
            return [(act("turn", card), Fraction(k, total)) for card, k in sorted(unseen.items())]
        if phase == "first":
            return [(act("first", str(p + 1)), Fraction(1, self.n)) for p in range(self.n)]
        if phase == "split":
            k = len(self.split["parts"])
            return [(act("keep", part[0]), Fraction(1, k)) for part in self.split["parts"]]
        return list(ROLLS)

    def sample_chance(self, rng):
        if self.phase == "turn":  # the draw weighted() would make, counted in copies
            return act("turn", rng.counted(sorted(self.unseen().items())))
        return rng.weighted(self.chance_outcomes())

    def unseen(self) -> dict[str, int]:
        """The cards of the deck that lie on no grave yet, with their copies: what a grave that
        holds no card (``None``: face down, never looked at) turns out to be when dug."""
        unseen = dict(deck_counts(self.n))
        for card in self.cards.values():
            if card is not None:
                unseen[card] -= 1
        return {card: k for card, k in unseen.items() if k}

    def _legal_actions(self):
        phase, p, team = self.phase, self.turn, self.teams[self.turn]
        out = []
        if phase == "act":
            if "dig" not in self.used and team.wizard not in self.dug:
                out.append(act("dig"))
            if "move" not in self.used:
                out.append(act("move"))
            if "shovel" not in self.used:
                out += [act("shovel", t) for t in self.shovel_targets(p)]
        elif phase == "step":
            out = [act("step", g) for g in self.around(team.wizard)]
            out.append(act("stop"))
        elif phase == "hit":
            grave, owner, _ = self.hit
            out = [act("hit", t) for t in self.hit_targets(grave, owner)]
        elif phase == "shamble":
            out = [act("shamble", f"{z}>{g}") for z in sorted(set(self.left)) for g in self.around(z)]
        elif phase == "card":
            out = self._card_choices()
        elif phase == "leap":
            out = [act("leap", g) for g in self._leap_options(self.queue[0])]
        elif phase == "land":
            out = [act("land", g) for g in self.queue[0][1]]
        elif phase == "place":
            taken = {t.wizard for t in self.teams}
            out = [act("start", g) for g in self.board.marks if g not in taken]
        return out

    def _card_choices(self) -> list[Action]:
        p, card = self.turn, self.card
        here = self.teams[p].wizard
        out = []
        if card == "A":
            for q, t in enumerate(self.teams):
                if q != p:
                    out += [act("ace", ZOMBIE[q], f"{z}>{g}") for z in sorted(set(t.zombies))
                            for g in self.around(z)]
        elif card == "2":
            out = [act("two", f"{z}>{g}") for z in sorted(set(self.teams[p].zombies))
                   for g in self.around(z)]
        elif card == "4":
            if self.can_raise(p):
                out = [act("four", ZOMBIE[q], z) for q, t in enumerate(self.teams) if q != p
                       for z in sorted(set(t.zombies))]
        elif card == "5":
            out = [act("five", WIZARD[q], g) for q, t in enumerate(self.teams)
                   if q != p and t.wizard is not None for g in self.around(t.wizard)]
        elif card == "Jo":
            near = self.around(here)
            if len(near) == 1:
                out = [act("joker", near[0])]
            out += [act("joker", a, b) for i, a in enumerate(near) for b in near[i + 1:]]
        return out

    def _leap_options(self, p: int) -> list[str]:
        grave = self.teams[p].wizard
        near = self.around(grave)
        if near:
            return near
        return escape(self.board, grave, (), self.standing())[1]

    # ------------------------------------------------------------ notation
    def parse_action(self, text):
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(text, "core-notation", "an action is written as text")
        words = text.split()
        if not words or words[0] not in VERBS:
            raise NotationError(text, "core-notation",
                                f"Shovelfight actions start with one of: {', '.join(sorted(VERBS))}")
        arity, _ = VERBS[words[0]]
        arities = arity if isinstance(arity, tuple) else (arity,)
        if len(words) - 1 not in arities:
            raise NotationError(text, "core-notation", f"{words[0]!r} takes {' or '.join(map(str, arities))} argument(s)")
        return Action(words[0], tuple(words[1:]))

    def action_rule(self, action) -> str:
        if self.phase in PHASE_RULE:
            return PHASE_RULE[self.phase]
        if self.phase == "card":
            return CARD_RULE[self.card]
        return VERBS.get(getattr(action, "verb", ""), (0, "core-legal"))[1]

    def explain_illegal(self, action) -> tuple[str, str]:
        phase = self.phase
        verb = getattr(action, "verb", None)
        if phase in CHANCE_PHASES:
            if phase == "turn":
                return "sf-dig", "the dug grave turns out to be one of the cards nobody has seen"
            return "core-chance", "that is not a possible outcome of this chance event"
        wanted = VERB_PHASE.get(verb)
        if wanted != phase:
            return "sf-turn", f"it is time for a {phase} decision, not {verb!r}"
        if phase == "act":
            if verb in self.used:
                return "sf-two-actions", f"your wizard already used {verb} this turn"
            if verb == "dig":
                return "sf-dig", "your wizard is not standing on an undug grave"
            if verb == "shovel":
                return "sf-shovel-target", "that is not on your wizard's grave (or is your own wizard)"
        if phase == "step":
            return "sf-move", "a wizard steps only to a standing grave adjacent to its own"
        if phase == "shamble":
            return "sf-shamble", "each zombie that has not shambled moves to an adjacent standing grave"
        if phase == "hit":
            return "sf-zombie-hit", "a zombie hits a wizard or another team's zombie on its new grave"
        if phase == "card":
            return CARD_RULE[self.card], "the card does not allow that choice here"
        if phase == "leap":
            return "sf-worm-leap", "the wizard leaps to an adjacent standing grave"
        if phase == "land":
            return "sf-fall-path", "the wizard lands on one of the nearest solid graves listed"
        if phase == "place":
            return "sf-start-graves", "start on a free start grave (one marked X)"
        return "core-legal", "it is not among the legal actions"

    def status(self) -> str:
        phase = self.phase
        if phase == "over":
            w = self.winner()
            if w is not None:
                return f"Game over: player {w + 1} wins."
            sharing = [p + 1 for p, r in enumerate(self.returns()) if r > 0]
            return f"Game over: players {', '.join(map(str, sharing))} share the win." if sharing else "Game over: nobody wins."
        decider = self.current_player()
        who = f"Player {(self.turn if decider == CHANCE else decider) + 1}"
        return {
            "first": "Chance picks the first player.",
            "place": f"{who}: choose a start grave.",
            "act": f"{who}: choose a wizard action ({2 - len(self.used)} left).",
            "move": f"{who} rolls the action die to move.",
            "step": f"{who}: step the wizard ({self.steps_left} step(s) left) or stop.",
            "shovel": f"{who} rolls the shovel (3+ hits {self.target}).",
            "turn": f"{who} turns over the card of {self.teams[self.turn].wizard}.",
            "card": f"{who}: choose the effect of the dug card.",
            "hit": f"{who}: choose what the zombie on {self.hit[0] if self.hit else ''} hits.",
            "shamble": f"{who}: shamble a zombie ({len(self.left)} still to move).",
            "worm": f"{who} rolls the worm die.",
            "leap": f"{who}: leap the wizard off the eaten grave.",
            "split": "Chance decides which equal part of the graveyard stays.",
            "land": f"{who}: choose where the falling wizard lands.",
        }[phase]

    # ---------------------------------------------------------------- apply
    def _apply(self, action):
        self._moment = self.moment + 1  # every step is a moment: wizards dying in it die together
        self._DO[self.phase](self, action)
        if self.phase == "over":
            return
        if self.game.legacy:
            self._legacy_end()
            return
        if self.phase in FALLING and (self.since is not None or self.moment == self._moment):
            # A worm roll or fall that has killed still waits for a decision: it stays one
            # event, and should it take the last wizards, all it took die together (sf-simultaneous).
            self.since = self._moment if self.since is None else self.since
        else:
            self.since = None
        if self.phase not in SETUP_PHASES:
            self._decided()

    def _do_first(self, action):
        if not self.dug and all(card is None for card in self.cards.values()):
            self.note("sf-board", f"The {len(self.cards)} graves are shuffled and laid face down "
                                  f"in {self.board.columns} staggered columns.")
        if self.game.options["start"] == "fixed":
            for p, t in enumerate(self.teams):
                self.note("sf-start-graves", f"Player {p + 1}'s wizard and a zombie start on {t.wizard}.")
        p = int(action.args[0]) - 1
        self.first = p
        self.worm = (p - 1) % self.n
        self.note("sf-first-player", f"Player {p + 1} goes first; play passes to the left.")
        self.note("sf-worm-holder", f"Player {self.worm + 1} goes last and puts the worm die in front of them.")
        if self.game.options["start"] == "choose":
            self.turn = p
            self.phase = "place"
            return
        self._start_turn(p)

    def _do_place(self, action):
        p, grave = self.turn, action.args[0]
        self.teams[p].wizard = grave
        self.teams[p].zombies = [grave]
        self.note("sf-start-graves", f"Player {p + 1} puts their wizard and a zombie on the start grave {grave}.")
        if all(t.wizard is not None for t in self.teams):
            self._start_turn(self.first)
        else:
            self.turn = (p + 1) % self.n

    # -- the wizard action
    def _do_act(self, action):
        p = self.turn
        verb = action.verb
        self.used.append(verb)
        if verb == "move":
            self.phase = "move"
        elif verb == "shovel":
            self.target = action.args[0]
            self.note("sf-shovel", f"Player {p + 1}'s wizard swings a shovel at {self._name(self.target)}.")
            self.phase = "shovel"
        else:
            self._dig(p)

    def _do_move(self, action):
        face = int(action.args[0])
        self.steps_left = (face + 1) // 2
        self.note("sf-move", f"Player {self.turn + 1} rolls {face}: up to {self.steps_left} step(s).")
        self.phase = "step"
        if not self.around(self.teams[self.turn].wizard):
            self.note("sf-move", "No grave is adjacent, so the wizard stays put.")
            self._after_action()

    def _do_step(self, action):
        team = self.teams[self.turn]
        if action.verb == "stop":
            self.note("sf-move", f"Player {self.turn + 1}'s wizard stops on {team.wizard}.")
            self._after_action()
            return
        team.wizard = action.args[0]
        self.steps_left -= 1
        self.note("sf-move", f"Player {self.turn + 1}'s wizard steps to {team.wizard}.")
        if self.steps_left == 0 or not self.around(team.wizard):
            self._after_action()

    def _do_shovel(self, action):
        face = int(action.args[0])
        p, target = self.turn, self.target
        self.target = None
        if face >= 3:
            self.note("sf-shovel", f"Rolled {face}: the shovel connects.")
            self._hit(target, self.teams[p].wizard, "shovel", p)
        else:
            self.note("sf-shovel", f"Rolled {face}: the shovel misses.")
        self._after_action()

    def _decided(self) -> bool:
        """End the game once at most one wizard stands (rules sf-win, sf-simultaneous).

        The one place the game's end is judged. While a worm roll or a fall is still asking
        where a wizard leaps or lands, or which part stays (phases ``FALLING``), a last wizard in
        the middle of it may yet die in the same fall: the game then waits for the ground to
        settle, so the result does not depend on whether that wizard had a choice to make. With
        no wizard left at all nothing can change any more, and the game ends at once.
        """
        if self.phase == "over":
            return True
        standing = self._standing_wizards()
        if standing > 1:
            return False
        if standing == 1 and self.phase in FALLING and (self.queue or self.split) and not self.game.legacy:
            last = self.alive()[0]
            landing = self._safe_landing(last)
            if landing is False:
                return False  # the fall may still take the last wizard: play it out
            if landing is not None:
                self._land(last, landing, LANDING_RULE[self.phase])
        self._game_over()
        return True

    def _legacy_end(self):
        """The end check of games saved before issue 25 (``Shovelfight.legacy``), kept so that they
        replay as they were played: after every step, at most one wizard standing ends the game,
        even in the middle of a worm roll, a wizard still in the air landing on its first choice."""
        if self.phase in SETUP_PHASES or self._standing_wizards() > 1:
            return
        for q in self.in_the_air():
            if self.teams[q].wizard is not None:
                options = (self._leap_options(q) if self.phase == "leap"
                           else next(o for k, o in self.queue if k == q))
                if options:
                    self._land(q, options[0], "sf-fall-path")
        self._game_over()

    def _safe_landing(self, last: int):
        """Whether the last wizard standing comes through the rest of this fall alive for sure.

        Asked when the others are dead but the ground is still moving. Returns ``False`` if
        it may still die (some chance outcome, or every way it can leap, loses it), else the
        first grave it can leap or land on safely (it will pick it, so the game is decided), or
        ``None`` when it has nothing to choose (chance keeps a part, and every part is safe).
        Each branch is played on a copy, whose own end check answers for what comes after it.
        """
        if self.phase == "split":
            outcomes = [a for a, _ in self.chance_outcomes()]
        elif self.queue and (self.queue[0] if self.phase == "leap" else self.queue[0][0]) == last:
            outcomes = self._legal_actions()
        else:
            return False  # pragma: no cover (only the last wizard leaps or lands once the others are dead)
        safe = []
        for action in outcomes:
            branch = self.copy()
            branch.apply_unchecked(action)
            if branch.phase == "over" and branch.teams[last].wizard is not None:
                safe.append(action)
        if self.phase == "split":
            return None if len(safe) == len(outcomes) else False
        return safe[0].args[0] if safe else False

    def _after_action(self):
        """After a wizard action: a second action, or on to the shamble (rule sf-second-action)."""
        if self._decided():
            return
        p = self.turn
        team = self.teams[p]
        if team.wizard is None or len(self.used) >= 2:
            self._start_shamble()
            return
        self.phase = "act"
        if not self._legal_actions():
            self.note("sf-second-action", f"Player {p + 1}'s wizard has no second action to take.")
            self._start_shamble()

    # -- digging
    def _dig(self, p):
        grave = self.teams[p].wizard
        if self.cards[grave] is None:  # nobody has seen it: chance turns it over (sf-deal-when-dug)
            self.note("sf-dig", f"Player {p + 1} digs up {grave}; nobody has seen its card yet.")
            self.phase = "turn"
            return
        self._turned(p, grave)

    def _do_turn(self, action):
        p = self.turn
        grave = self.teams[p].wizard
        self.cards[grave] = action.args[0]
        self._turned(p, grave)

    def _turned(self, p, grave):
        """The dug card's effects (the two charts), once it lies face up."""
        team = self.teams[p]
        card = self.cards[grave]
        self.dug.add(grave)
        self.note("sf-dig", f"Player {p + 1} digs up {grave}: {card_name(card)}.")
        c = colour(card)
        if c is None:
            self.note("sf-colour-chart", "The Joker draws no part of a stick figure.")
        else:
            half, other = ("lids", "pants") if c == "r" else ("pants", "lids")
            word = "lid" if c == "r" else "pants"
            if getattr(team, other):
                setattr(team, other, getattr(team, other) - 1)
                team.figures += 1
                self.note("sf-colour-chart", f"The {word} completes a stick figure (player {p + 1} has {team.figures}).")
                self._raise(p, "sf-stick-figure")
                self._take_worm(p, "sf-stick-figure")
            else:
                setattr(team, half, getattr(team, half) + 1)
                self.note("sf-colour-chart", f"Player {p + 1} draws a {word}, waiting for its other half.")
        r = rank(card)
        self.card = r
        if r == "3":
            team.boxes += 1
            self.note("sf-card-three", f"Player {p + 1} draws an extra hit box ({team.left} unchecked).")
        elif r == "6":
            self._explode(p, grave)
        elif r == "Q":
            self._raise(p, "sf-card-queen")
            self._take_worm(p, "sf-card-queen")
        elif r in CARD_VERB:
            choices = self._card_choices()
            if choices:
                self.phase = "card"
                return
            self.note("sf-card-choices", f"{card_name(card).capitalize()} has nothing to act on, so it does nothing.")
        self.card = None
        self._after_action()

    def _raise(self, p, rule):
        team = self.teams[p]
        if team.wizard is None:
            return
        if self.can_raise(p):
            team.zombies.append(team.wizard)
            team.zombies.sort()
            self.note(rule, f"Player {p + 1} raises a zombie on {team.wizard}.")
        else:
            self.note("sf-team-size", f"Player {p + 1} already has {TEAM_SIZE} zombies out: none is raised.")

    def _take_worm(self, p, rule):
        if self.worm != p:
            self.worm = p
            self.note(rule, f"The worm die moves in front of player {p + 1}.")

    def _explode(self, p, grave):
        self.note("sf-card-six", f"An explosion hits everything on the graves around {grave}.")
        for g in self.around(grave):
            wizards, zombies = self.pieces_on(g)
            for q in zombies:
                self._hit(f"Z{q + 1}", g, "blast", p)
            for q in wizards:
                self._hit(f"W{q + 1}", g, "blast", p)

    def _do_card(self, action):
        p, verb, args = self.turn, action.verb, action.args
        self.card = None
        if verb in ("ace", "two"):
            owner = p if verb == "two" else int(args[0][1:]) - 1
            src, dst = args[-1].split(">")
            self._move_zombie(owner, src, dst)
            self.note(CARD_RULE["A" if verb == "ace" else "2"],
                      f"Player {p + 1} moves a zombie of player {owner + 1} from {src} to {dst}.")
            self._arrive(owner, dst, p, "act")
            return
        if verb == "four":
            q = int(args[0][1:]) - 1
            grave = args[1]
            self.teams[q].zombies.remove(grave)
            self.teams[p].zombies.append(grave)
            self.teams[p].zombies.sort()
            self.note("sf-card-four", f"Player {p + 1} replaces a zombie of player {q + 1} on {grave} with one of their own.")
        elif verb == "five":
            q = int(args[0][1:]) - 1
            src = self.teams[q].wizard
            self.teams[q].wizard = args[1]
            self.note("sf-card-five", f"Player {p + 1} shoves player {q + 1}'s wizard from {src} to {args[1]}.")
        elif verb == "joker":
            self.note("sf-card-joker", f"Player {p + 1} sends {' and '.join(args)} falling away.")
            self._fall_check(list(args), "act")
            return
        self._after_action()

    # -- hits and deaths
    def _name(self, target: str) -> str:
        kind = "wizard" if target[0] == "W" else "a zombie"
        return f"player {target[1:]}'s wizard" if kind == "wizard" else f"a zombie of player {target[1:]}"

    def _hit(self, target: str, grave: str, cause: str, by: int | None):
        """One hit on ``target`` (``W2`` / ``Z3``) standing on ``grave`` (rule sf-hit)."""
        q = int(target[1:]) - 1
        team = self.teams[q]
        if target[0] == "Z":
            team.zombies.remove(grave)
            self.note("sf-hit", f"A zombie of player {q + 1} on {grave} is hit and leaves the board.")
            return
        team.hits = min(team.boxes, team.hits + 1)
        self.note("sf-hit", f"Player {q + 1}'s wizard takes a hit ({team.left} box(es) left).")
        if team.hits >= team.boxes:
            self._kill(q, cause, by)

    def _kill(self, q: int, cause: str, by: int | None):
        team = self.teams[q]
        grave = team.wizard
        team.wizard = None
        team.out = self._moment
        team.cause = cause
        self.moment = self._moment
        if cause == "shovel" and by is not None and by != q:
            self.note("sf-whacked", f"Player {q + 1}'s wizard is whacked dead by player {by + 1}'s shovel: "
                                    f"player {by + 1} replaces it and all its zombies with their own.")
            mine = self.teams[by]
            converted = 0
            for g in [grave] + list(team.zombies):
                if self.can_raise(by):
                    mine.zombies.append(g)
                    converted += 1
            mine.zombies.sort()
            team.zombies = []
            self.note("sf-whacked-takeover", f"Player {by + 1} gains {converted} zombie(s).")
        else:
            how = {"zombie": "chomped by a zombie", "blast": "blown up", "worms": "eaten by the worms",
                   "fell": "lost with the falling ground"}.get(cause, "killed")
            self.note("sf-death", f"Player {q + 1}'s wizard is {how} and leaves the board.")
            self.note("sf-chomped", f"Player {q + 1} keeps their {len(team.zombies)} zombie(s) in play.")

    def _move_zombie(self, owner, src, dst):
        zs = self.teams[owner].zombies
        zs.remove(src)
        zs.append(dst)
        zs.sort()

    def _arrive(self, owner: int, grave: str, decider: int, then: str):
        """A zombie of ``owner`` arrived on ``grave``: it must hit something if it can."""
        targets = self.hit_targets(grave, owner)
        if len(targets) == 1:
            self.note("sf-zombie-hit", f"The zombie hits the only thing it may on {grave}: {self._name(targets[0])}.")
            self._hit(targets[0], grave, "zombie", owner)
        elif targets:
            self.hit = [grave, owner, decider]
            self.then = then
            self.phase = "hit"
            return
        self._continue(then)

    def _do_hit(self, action):
        grave, owner, _ = self.hit
        self.hit = None
        target = action.args[0]
        self.note("sf-zombie-hit", f"The zombie on {grave} hits {self._name(target)}.")
        self._hit(target, grave, "zombie", owner)
        then, self.then = self.then, None
        self._continue(then)

    def _continue(self, then: str):
        if self._decided():
            return
        if then == "act":
            self._after_action()
        elif then == "shamble":
            self._continue_shamble()
        else:
            self._end_turn()

    # -- the shamble
    def _start_shamble(self):
        p = self.turn
        zs = self.teams[p].zombies
        self.left = [z for z in zs if self.around(z)]
        if len(self.left) < len(zs):
            self.note("sf-stranded-zombie", "A zombie with no adjacent grave stays where it is.")
        if self.left:
            self.phase = "shamble"
        else:
            self._worm_phase()

    def _do_shamble(self, action):
        p = self.turn
        src, dst = action.args[0].split(">")
        self.left.remove(src)
        self._move_zombie(p, src, dst)
        self.note("sf-shamble", f"Player {p + 1}'s zombie shambles from {src} to {dst}.")
        self._arrive(p, dst, p, "shamble")

    def _continue_shamble(self):
        if self.left:
            self.phase = "shamble"
        else:
            self._worm_phase()

    # -- the worm die and falling ground
    def _worm_phase(self):
        self.left = []
        if self.worm == self.turn:
            if self.teams[self.turn].wizard is None and not self.teams[self.turn].zombies:
                self.note("sf-worm-always", f"Player {self.turn + 1} has nothing left on the board but still rolls the worm die.")
            self.phase = "worm"
        else:
            self._end_turn()

    def _do_worm(self, action):
        face = int(action.args[0])
        eaten = [g for g in self.standing() if g in self.dug and worm_number(self.cards[g]) == face]
        if not eaten:
            self.note("sf-worm-die", f"The worm die shows {face}: no dug grave matches, the ground holds.")
            self._end_turn()
            return
        self.note("sf-worm-eats", f"The worm die shows {face}: the worms eat {', '.join(eaten)}.")
        leapers = []
        for g in eaten:
            wizards, zombies = self.pieces_on(g)
            for q in zombies:
                self.teams[q].zombies.remove(g)
                self.note("sf-worm-eats", f"A zombie of player {q + 1} on {g} is lost to the worms.")
            for q in wizards:
                self._hit(f"W{q + 1}", g, "worms", None)
                if self.teams[q].wizard is not None:
                    leapers.append(q)
        self.fallen.update(eaten)
        order = sorted(leapers, key=lambda q: (q - self.turn) % self.n)
        if len(order) > 1 and self.notes is not None:
            self.note("sf-leap-order", "The wizards leap one at a time in turn order: "
                                       f"{', '.join(f'player {q + 1}' for q in order)}.")
        self.queue = order
        self.then = "end"
        self._leaps()

    def _leaps(self):
        """Resolve leaping wizards in turn order; stop at the first real choice."""
        while self.queue:
            q = self.queue[0]
            grave = self.teams[q].wizard
            if grave is None:
                self.queue.pop(0)
                continue
            near = self.around(grave)
            if not near:
                if self.game.options["stranded"] == "falls" or not self.standing():
                    self.note("sf-stranded-wizard", f"Player {q + 1}'s wizard has no grave to leap to and falls.")
                    self.teams[q].hits = self.teams[q].boxes
                    self._kill(q, "fell", None)
                    self.queue.pop(0)
                    continue
                self.note("sf-stranded-wizard", f"No grave is adjacent to {grave}: player {q + 1}'s wizard "
                                                "leaps over the pit to the nearest standing grave.")
            options = self._leap_options(q)
            if len(options) == 1:
                self._land(q, options[0], "sf-worm-leap")
                self.queue.pop(0)
                continue
            self.phase = "leap"
            return
        self._fall_check([], self.then)

    def _land(self, q, grave, rule):
        src = self.teams[q].wizard
        self.teams[q].wizard = grave
        self.note(rule, f"Player {q + 1}'s wizard leaps from {src} to {grave}.")

    def _do_leap(self, action):
        q = self.queue.pop(0)
        self._land(q, action.args[0], "sf-worm-leap")
        self._leaps()

    def _fall_check(self, extra: list[str], then: str):
        """Drop ``extra`` graves and every part cut off from the main graveyard."""
        self.queue = []
        self.then = None
        solid = [g for g in self.standing() if g not in extra]
        pieces = parts(self.board, solid)
        if len(pieces) <= 1:
            if extra:
                self._fall(pieces[0] if pieces else [], extra, then)
            else:
                self._continue(then)
            return
        self.note("sf-split" if len(pieces) == 2 else "sf-split-many",
                  f"The graveyard breaks into {len(pieces)} parts of {', '.join(str(len(x)) for x in pieces)} graves.")
        keys = [self._part_key(x) for x in pieces]
        best = max(keys)
        tied = [x for x, k in zip(pieces, keys) if k == best]
        if len(tied) == 1:
            rivals = [k for k in keys if k != best and k[0] == best[0]]
            if rivals:
                why = "more wizards" if any(k[1] < best[1] for k in rivals) else "more zombies"
                self.note("sf-split", f"The largest parts have {best[0]} graves each; the one with {why} stays.")
            self._fall(tied[0], extra, then)
            return
        size, wizards, zombies = best
        self.note("sf-split", f"{len(tied)} parts tie on {size} graves, {wizards} wizard(s) and "
                              f"{zombies} zombie(s): chance decides which stays.")
        self.split = {"parts": tied, "extra": list(extra)}
        self.then = then
        self.phase = "split"

    def _part_key(self, part):
        cells = set(part)
        wizards = sum(1 for t in self.teams if t.wizard in cells)
        zombies = sum(1 for t in self.teams for z in t.zombies if z in cells)
        return (len(part), wizards, zombies)

    def _do_split(self, action):
        keep = action.args[0]
        part = next(x for x in self.split["parts"] if x[0] == keep)
        extra = self.split["extra"]
        self.split = None
        then, self.then = self.then, None
        self._fall(part, extra, then)

    def _fall(self, stay: list[str], extra: list[str], then: str):
        stay_set = set(stay)
        falling = [g for g in self.standing() if g not in stay_set]
        fset = set(falling)
        size = self._part_key(stay)
        if stay:
            self.note("sf-fall", f"The part holding {stay[0]} stays ({size[0]} graves, {size[1]} wizard(s), "
                                 f"{size[2]} zombie(s)); {len(falling)} grave(s) fall: {', '.join(falling)}.")
        else:
            self.note("sf-fall", "No ground is left at all: every remaining grave falls.")
        for q, t in enumerate(self.teams):
            lost = [z for z in t.zombies if z in fset]
            if lost:
                t.zombies = [z for z in t.zombies if z not in fset]
                self.note("sf-fall", f"{len(lost)} zombie(s) of player {q + 1} fall with the ground.")
        landings = []
        for q in sorted(range(self.n), key=lambda q: (q - self.turn) % self.n):
            t = self.teams[q]
            if t.wizard not in fset:
                continue
            if t.wizard in extra:
                self.note("sf-joker-wizards", f"Player {q + 1}'s wizard stands on {t.wizard}, which the Joker "
                                              "drops: it is on falling ground.")
            hits, options = escape(self.board, t.wizard, fset, stay_set, self.game.options["fall_path"])
            if not options:
                self.note("sf-fall-path", f"Player {q + 1}'s wizard has no solid ground to reach.")
                t.hits = t.boxes
                self._kill(q, "fell", None)
                continue
            t.hits = min(t.boxes, t.hits + hits)
            self.note("sf-fall-path", f"Player {q + 1}'s wizard crosses {hits} falling grave(s) to reach "
                                      f"solid ground: {hits} hit(s), {t.left} box(es) left.")
            if t.hits >= t.boxes:
                self._kill(q, "fell", None)
            else:
                landings.append([q, options])
        self.fallen.update(falling)
        if len(landings) > 1 and self.notes is not None:
            self.note("sf-leap-order", "The falling wizards land one at a time in turn order: "
                                       f"{', '.join(f'player {q + 1}' for q, _ in landings)}.")
        self.queue = landings
        self.then = then
        self._landings()

    def _landings(self):
        while self.queue:
            q, options = self.queue[0]
            if len(options) == 1:
                self._land(q, options[0], "sf-fall-path")
                self.queue.pop(0)
                continue
            self.phase = "land"
            return
        then, self.then = self.then, None
        self._continue(then)

    def _do_land(self, action):
        q, _ = self.queue.pop(0)
        self._land(q, action.args[0], "sf-fall-path")
        self._landings()

    # -- turns
    def _start_turn(self, p):
        self.turn = p
        self.used = []
        self.left = []
        t = self.teams[p]
        if t.wizard is not None:
            self.phase = "act"
        else:
            self.note("sf-ghost-turn", f"Player {p + 1} has no wizard: straight to the shamble.")
            self._start_shamble()

    def _end_turn(self):
        if self._decided():
            return
        self.used = []
        for k in range(1, self.n + 1):
            q = (self.turn + k) % self.n
            t = self.teams[q]
            if t.wizard is not None or t.zombies or self.worm == q:
                self._start_turn(q)
                return
            self.note("sf-empty-turn", f"Player {q + 1} has nothing left to play and is passed over.")
        raise AssertionError("no player can take a turn")  # pragma: no cover (two wizards stand)

    def _game_over(self):
        self.phase = "over"
        if self._standing_wizards():
            self.since = None  # kept only when a fall that began killing earlier took the last wizards
        self.queue, self.left, self.hit, self.split, self.then, self.card, self.target = [], [], None, None, None, None, None
        alive = self.alive()
        if alive:
            self.note("sf-win", f"Player {alive[0] + 1}'s wizard is the last one standing and wins.")
        elif self.game.options["last_stand"] == "share":
            self.note("sf-simultaneous", "The last wizards died together: they share the win.")
        else:
            self.note("sf-simultaneous", "The last wizards died together: nobody wins.")

    def returns(self) -> list[float]:
        out = [0.0] * self.n
        if self.phase != "over":
            return out
        alive = self.alive()
        if alive:
            out[alive[0]] = 1.0
            return out
        if self.game.options["last_stand"] == "share":
            # the wizards who died last: in the last step, or in the whole fall that took them
            last = self.since if self.since is not None else max(t.out or 0 for t in self.teams)
            sharing = [p for p, t in enumerate(self.teams) if t.out is not None and t.out >= last]
            for p in sharing:
                out[p] = 1.0 / len(sharing)
        return out

    # ---------------------------------------------------------------- JSON
    def position(self) -> dict:
        return {
            "players": self.n,
            "phase": self.phase,
            "turn": self.turn,
            "first": self.first,
            "worm": self.worm,
            "graves": dict(self.cards),
            "dug": sorted(self.dug),
            "fallen": sorted(self.fallen),
            "teams": [t.to_json() for t in self.teams],
            "moment": self.moment,
            "used": list(self.used),
            "steps_left": self.steps_left,
            "target": self.target,
            "card": self.card,
            "hit": list(self.hit) if self.hit else None,
            "left": list(self.left),
            "queue": [q if isinstance(q, int) else [q[0], list(q[1])] for q in self.queue],
            "split": ({"parts": [list(x) for x in self.split["parts"]], "extra": list(self.split["extra"])}
                      if self.split else None),
            "then": self.then,
        } | ({"since": self.since} if self.since is not None else {})

    def hide(self, position: dict, player: int) -> dict:
        """Face-down cards are unknown to every player."""
        position = dict(position)
        position["graves"] = {g: (c if g in position["dug"] else None) for g, c in position["graves"].items()}
        return position

    def _copy_position_from(self, other):
        self.cards = dict(other.cards)
        self.dug = set(other.dug)
        self.fallen = set(other.fallen)
        self.teams = [t.copy() for t in other.teams]
        self.used = list(other.used)
        self.hit = list(other.hit) if other.hit else None
        self.left = list(other.left)
        self.queue = [q if isinstance(q, int) else [q[0], list(q[1])] for q in other.queue]
        self.split = ({"parts": [list(x) for x in other.split["parts"]], "extra": list(other.split["extra"])}
                      if other.split else None)

    def _load_position(self, r: Reader):
        load_position(self, r)

    # ---------------------------------------------------------------- text
    def __str__(self) -> str:
        """The graveyard as text, staggered like the table: ``c3 Qr W1 z2x3``.

        ``##`` is a face-down grave, ``..`` a fallen one; ``W1`` is player
        1's wizard, ``z2x3`` three zombies of player 2. Then one line a player.
        """
        lines = []
        by_y: dict[int, dict[int, str]] = {}
        for g in self.board.graves:
            c, y2 = self.board.xy[g]
            card = ".." if g in self.fallen else self.cards[g] if g in self.dug else "##"
            wizards, zombies = self.pieces_on(g)
            bits = [f"W{p + 1}" for p in wizards]
            for p in sorted(set(zombies)):
                k = zombies.count(p)
                bits.append(f"z{p + 1}" + (f"x{k}" if k > 1 else ""))
            cell = " ".join([g, card] + bits)
            by_y.setdefault(y2, {})[c] = cell
        width = max(len(cell) for row in by_y.values() for cell in row.values()) + 2
        for y2 in sorted(by_y):
            row = by_y[y2]
            lines.append("".join(row.get(c, "").ljust(width) for c in range(self.board.columns)).rstrip())
        for p, t in enumerate(self.teams):
            if t.wizard is None:
                state = f"wizard dead ({t.cause})"
            else:
                state = f"wizard on {t.wizard}, boxes {'x' * t.hits}{'o' * t.left}"
            extra = f" + {t.lids} lid(s)" if t.lids else (f" + {t.pants} pants" if t.pants else "")
            worm = ", worm die" if self.worm == p else ""
            lines.append(f"P{p + 1}: {state}, {len(t.zombies)} zombie(s), {t.figures} figure(s){extra}{worm}")
        lines.append(self.status())
        return "\n".join(lines)

    # ------------------------------------------------------------ widgets
    def describe_action(self, action) -> dict:
        from .describe import describe

        return describe(self, action)



ShovelfightState._DO = {phase: getattr(ShovelfightState, f"_do_{phase}") for phase in PHASES if phase != "over"}
"""Each phase's ``_do_<phase>`` handler, found once rather than by name at every step."""

"""Squares, actions and the compact position of Graveyard Shift.

The rules live here, on a small ``Pos`` object (lists of short strings and
ints), so that the bots can search millions of positions without the history,
log and JSON machinery of :class:`necro.core.State`. ``GraveyardShiftState``
wraps one ``Pos`` and adds the contract (validation, log, undo, JSON).

A square's parts are a string read bottom to top, e.g. ``"BH"`` is a brain
under a heart. Squares are numbered 0..15, ``index = 4 * rank + file`` with
a1 = 0 in the bottom-left corner and d4 = 15 in the top-right.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcd"
SQUARES = tuple(f"{FILES[i % 4]}{i // 4 + 1}" for i in range(16))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
ENTRANCES = (0, 3, 12, 15)
MAUSOLEUMS = (5, 6, 9, 10)
GRAVES = tuple(i for i in range(16) if i not in ENTRANCES and i not in MAUSOLEUMS)
DEAL_SQUARES = tuple(i for i in range(16) if i not in ENTRANCES)
"""The twelve squares dealt at set-up, in the order the deal notation lists them."""
CAPACITY = {i: (2 if i in MAUSOLEUMS else 1) for i in DEAL_SQUARES}
KINDS = "BHCL"
KIND_NAMES = {"B": "brain", "H": "heart", "C": "chest", "L": "legs"}
DIRECTIONS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def _ray(square: int, dx: int, dy: int) -> tuple[int, ...]:
    x, y, out = square % 4, square // 4, []
    while True:
        x, y = x + dx, y + dy
        if not (0 <= x < 4 and 0 <= y < 4):
            return tuple(out)
        out.append(4 * y + x)


RAYS = tuple(tuple(_ray(sq, dx, dy) for dx, dy in DIRECTIONS.values()) for sq in range(16))
"""``RAYS[square]``: for N, E, S, W the squares from ``square`` to the edge."""
PATHS = tuple({ray[i]: ray[:i + 1] for ray in RAYS[sq] for i in range(len(ray))} for sq in range(16))
"""``PATHS[frm][to]``: the squares a pawn crosses from ``frm`` to ``to`` (in line), ``to`` last."""

DISTANCES = tuple(tuple(abs(a % 4 - b % 4) + abs(a // 4 - b // 4) for b in range(16)) for a in range(16))
"""``DISTANCES[a][b]``: squares between ``a`` and ``b`` moving in straight lines (Manhattan)."""
ENTRANCE_DISTANCE = tuple(min(abs(s % 4 - e % 4) + abs(s // 4 - e // 4) for e in ENTRANCES) for s in range(16))


def distance(a: int, b: int) -> int:
    return abs(a % 4 - b % 4) + abs(a // 4 - b // 4)


def name(square: int | None) -> str:
    return "off the map" if square is None else SQUARES[square]


def describe_parts(parts: str) -> str:
    """``"BH"`` -> ``"B,H (bottom to top)"`` in log lines; ``""`` -> ``"nothing"``."""
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return f"1 part ({parts})"
    return f"{len(parts)} parts ({','.join(parts)}, bottom to top)"


# ----------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Deal:
    """The set-up shuffle: the stack on each of the twelve dealt squares.

    Notation: ``deal`` and the twelve stacks in the order b1 c1 a2 b2 c2 d2
    a3 b3 c3 d3 b4 c4, joined by dots, e.g. ``deal B.C.H.BL.CH.L.B.HC.LB.C.H.L``.
    """

    layout: tuple[str, ...]

    def __str__(self):
        return "deal " + ".".join(self.layout)


@dataclass(frozen=True, slots=True)
class Enter:
    """Place a pawn that is off the map on an entrance: ``enter a1``."""

    to: int

    def __str__(self):
        return f"enter {SQUARES[self.to]}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the pawn (and what it carries) from one square to another: ``b2-b4``."""

    frm: int
    to: int

    def __str__(self):
        return f"{SQUARES[self.frm]}-{SQUARES[self.to]}"


@dataclass(frozen=True, slots=True)
class Take:
    """The deliverer's choice of the kind the master keeps: ``take B``."""

    kind: str

    def __str__(self):
        return f"take {self.kind}"


@dataclass(frozen=True, slots=True)
class Put:
    """Put one delivered part back on the board: ``put B b2``."""

    kind: str
    to: int

    def __str__(self):
        return f"put {self.kind} {SQUARES[self.to]}"


# Actions are interned so move generation allocates nothing.
ENTER = tuple(Enter(i) for i in range(16))
MOVE = tuple(tuple(Move(a, b) for b in range(16)) for a in range(16))
TAKE = {k: Take(k) for k in KINDS}
PUT = {k: tuple(Put(k, i) for i in range(16)) for k in KINDS}


class NotationSyntaxError(ValueError):
    """Text that is not written like any Graveyard Shift action."""


def parse(text: str):
    """The action written ``text`` (legal or not); NotationSyntaxError if unreadable."""
    if not isinstance(text, str):
        raise NotationSyntaxError("an action is written as text")
    words = text.strip().split()

    def square(word):
        if word not in SQUARE_INDEX:
            raise NotationSyntaxError(f"{word!r} is not a square a1..d4")
        return SQUARE_INDEX[word]

    def kind(word):
        if word not in KINDS:
            raise NotationSyntaxError(f"{word!r} is not a part kind (B, H, C or L)")
        return word

    if len(words) == 2 and words[0] == "deal":
        layout = tuple(words[1].split("."))
        if len(layout) != 12 or any(not t or set(t) - set(KINDS) for t in layout):
            raise NotationSyntaxError("a deal lists twelve stacks of B/H/C/L joined by dots")
        return Deal(layout)
    if len(words) == 2 and words[0] == "enter":
        return ENTER[square(words[1])]
    if len(words) == 2 and words[0] == "take":
        return TAKE[kind(words[1])]
    if len(words) == 3 and words[0] == "put":
        return PUT[kind(words[1])][square(words[2])]
    if len(words) == 1 and "-" in words[0]:
        a, _, b = words[0].partition("-")
        return MOVE[square(a)][square(b)]
    raise NotationSyntaxError("expected e.g. 'b2-b4', 'enter a1', 'take B', 'put H c3' or 'deal ...'")


def valid_deal(layout: tuple[str, ...]) -> str | None:
    """Why ``layout`` is not a possible set-up deal, or None if it is."""
    if len(layout) != 12:
        return "a deal has twelve stacks"
    centre = "".join(t for sq, t in zip(DEAL_SQUARES, layout) if sq in MAUSOLEUMS)
    for sq, t in zip(DEAL_SQUARES, layout):
        if len(t) != CAPACITY[sq]:
            return f"{SQUARES[sq]} gets {CAPACITY[sq]} part(s) at set-up, not {len(t)}"
    for k in KINDS:
        if centre.count(k) != 2:
            return f"the mausoleums hold exactly two of each kind ({k} appears {centre.count(k)} times)"
    every = "".join(layout)
    for k in KINDS:
        if every.count(k) != 4:
            return f"there are four parts of each kind ({k} appears {every.count(k)} times)"
    return None


# ----------------------------------------------------------------- options
@dataclass(frozen=True)
class Options:
    """The rulings a position is played under (read from the game's options)."""

    master_takes: str = "choice"
    put_back: str = "any"
    pass_over: str = "drop"
    enter_on_pawn: str = "attack"
    entrance_extra_turn: bool = True
    next_round: str = "loser"
    rounds: int = 3
    turn_limit: int = 200


# ---------------------------------------------------------------- position
DEAL, MOVING, TAKING, RETURNING, OVER = "deal", "move", "take", "return", "over"


class Pos:
    """A whole match position: the board of the current round plus the score.

    ``turn`` is whoever decides next in the ``move``/``take``/``return``
    phases (in ``return`` it is the player placing the next part);
    ``after`` is who moves once the put-back is over.
    """

    __slots__ = ("stacks", "pawns", "got", "phase", "turn", "pool", "after", "entered",
                 "plies", "wins", "results", "starter", "opts")

    def __init__(self, opts: Options):
        self.opts = opts
        self.stacks = [""] * 16
        self.pawns = [None, None]
        self.got = ["", ""]
        self.phase = DEAL
        self.turn = 0
        self.pool = ""
        self.after = 0
        self.entered = [False, False]
        self.plies = 0
        self.wins = [0, 0]
        self.results = []
        self.starter = 0

    def copy(self) -> "Pos":
        c = Pos.__new__(Pos)
        c.opts = self.opts
        c.stacks = self.stacks[:]
        c.pawns = self.pawns[:]
        c.got = self.got[:]
        c.phase = self.phase
        c.turn = self.turn
        c.pool = self.pool
        c.after = self.after
        c.entered = self.entered[:]
        c.plies = self.plies
        c.wins = self.wins[:]
        c.results = self.results[:]
        c.starter = self.starter
        return c

    def key(self) -> tuple:
        """A hashable summary of everything that matters inside a round (for search)."""
        return (tuple(self.stacks), tuple(self.pawns), tuple(self.got), self.phase, self.turn,
                self.pool, self.after, tuple(self.entered))

    @property
    def round(self) -> int:
        return len(self.results) + (0 if self.phase == OVER else 1)

    # ------------------------------------------------------------ queries
    def move_targets(self, player: int) -> list[tuple[int, tuple[int, ...]]]:
        """``(destination, path)`` for each legal move of ``player``'s pawn on the board."""
        sq = self.pawns[player]
        length = max(len(self.stacks[sq]), 1)
        other = self.pawns[1 - player]
        stop = self.opts.pass_over == "stop"
        out = []
        for ray in RAYS[sq]:
            if not ray:
                continue
            path = ray[:length]
            if stop and other is not None and other in path:
                path = path[:path.index(other) + 1]
            out.append((path[-1], path))
        return out

    def path_to(self, player: int, to: int) -> tuple[int, ...] | None:
        """The path of the legal move of ``player`` to ``to`` (None if there is none)."""
        for dest, path in self.move_targets(player):
            if dest == to:
                return path
        return None

    def enter_squares(self, player: int) -> list[int]:
        other = self.pawns[1 - player]
        if other is not None and (not self.entered[player] or self.opts.enter_on_pawn == "forbidden"):
            return [e for e in ENTRANCES if e != other]
        return list(ENTRANCES)

    def new_kinds(self, player: int, parts: str) -> str:
        return "".join(k for k in KINDS if k in parts and k not in self.got[player])

    def put_squares(self) -> list[int]:
        free = [q for q in DEAL_SQUARES if q != self.pawns[0] and q != self.pawns[1]]
        if self.opts.put_back == "capacity":
            room = [q for q in free if len(self.stacks[q]) < CAPACITY[q]]
            if room:
                return room
        return free

    def legal(self) -> list:
        """Legal actions of the player to decide (not for the deal, which is sampled)."""
        p = self.turn
        if self.phase == MOVING:
            if self.pawns[p] is None:
                return [ENTER[e] for e in self.enter_squares(p)]
            frm = MOVE[self.pawns[p]]
            return [frm[dest] for dest, _ in self.move_targets(p)]
        if self.phase == TAKING:
            return [TAKE[k] for k in self.new_kinds(p, self.pool)]
        if self.phase == RETURNING:
            squares = self.put_squares()
            return [PUT[k][q] for k in KINDS if k in self.pool for q in squares]
        return []

    # ------------------------------------------------------------- apply
    def apply(self, action, note=None) -> None:
        """Apply a legal action. ``note(rule, text)`` receives the log lines (or None for speed)."""
        t = type(action)
        if t is Move:
            self._move(action.frm, action.to, note)
        elif t is Enter:
            self._enter(action.to, note)
        elif t is Put:
            self._put(action.kind, action.to, note)
        elif t is Take:
            self._take(action.kind, note)
        elif t is Deal:
            self._deal(action.layout, note)
        else:  # pragma: no cover - the state validates first
            raise TypeError(f"not a Graveyard Shift action: {action!r}")

    def _deal(self, layout, note) -> None:
        for sq, parts in zip(DEAL_SQUARES, layout):
            self.stacks[sq] = parts
        self.phase = MOVING
        self.turn = self.starter
        if note:
            note("gs-setup-deal", f"Round {self.round}: the graveyard is dealt "
                 f"(mausoleums b2 {layout[3]}, c2 {layout[4]}, b3 {layout[7]}, c3 {layout[8]}).")
            note("gs-ruling-first-player" if self.round == 1 else "gs-ruling-next-round",
                 f"Player {self.starter + 1} places first.")

    def _enter(self, to, note) -> None:
        p = self.turn
        first = not self.entered[p]
        self.pawns[p] = to
        self.entered[p] = True
        self.plies += 1
        if note:
            note("gs-setup-enter" if first else "gs-enter", f"Player {p + 1} places their pawn on {SQUARES[to]}.")
        if self.pawns[1 - p] == to:
            if note:
                note("gs-ruling-enter-on-pawn", f"Player {p + 1} lands on player {2 - p}'s pawn.")
            self._attack(p, to, note)
            self.turn = p
        else:
            self.turn = 1 - p
        self._check_limit(note)

    def _move(self, frm, to, note) -> None:
        p = self.turn
        path = PATHS[frm][to]  # the move is legal: in line, and a stopping pawn ends it at ``to``
        carried = self.stacks[frm]
        self.stacks[frm] = ""
        if note:
            rule = "gs-move-empty" if not carried else "gs-move-one" if len(carried) == 1 else "gs-move-stack"
            note(rule, f"Player {p + 1} moves {SQUARES[frm]}-{SQUARES[to]} carrying {describe_parts(carried)}.")
        stacks = self.stacks
        for q in path[:-1]:
            if len(carried) > 1:
                stacks[q] += carried[0]
                if note:
                    on = "" if len(stacks[q]) == 1 else f" on top of {stacks[q][:-1]}"
                    note("gs-sow", f"Drops {carried[0]} on {SQUARES[q]}{on}.")
                carried = carried[1:]
        if note and len(carried) > 1:
            note("gs-move-stack", f"The edge stops the stack on {SQUARES[to]} with {describe_parts(carried)}.")
        if note and stacks[to] and carried:
            note("gs-ruling-stack-order", f"{carried} goes on top of the {stacks[to]} already on {SQUARES[to]}.")
        stacks[to] += carried
        self.pawns[p] = to
        self.plies += 1
        attack = self.pawns[1 - p] == to
        if to in ENTRANCES and stacks[to]:
            extra = attack and self.opts.entrance_extra_turn
            if attack and note:
                self._attack(p, to, note, extra_turn=False)
                note("gs-ruling-entrance-attack", "An attack on an entrance is also a delivery: the delivery "
                     "comes first" + (", then the extra turn." if extra else ", and it ends the turn."))
            self._deliver(p, to, p if extra else 1 - p, note)
            if extra and note and self.phase != DEAL and self.phase != OVER:
                note("gs-extra-turn", f"Player {p + 1} still takes the attacker's extra turn.")
        elif attack:
            self._attack(p, to, note)
            self.turn = p
        else:
            self.turn = 1 - p
        self._check_limit(note)

    def _attack(self, p, at, note, extra_turn: bool = True) -> None:
        if note:
            note("gs-attack", f"Player {p + 1} attacks player {2 - p} on {SQUARES[at]}: the stack there "
                 f"is now {describe_parts(self.stacks[at])}.")
            if extra_turn:
                note("gs-extra-turn", f"Player {p + 1} takes another turn at once, carrying the whole stack.")

    def _deliver(self, p, at, after, note) -> None:
        parts = self.stacks[at]
        self.stacks[at] = ""
        self.pool = parts
        self.after = after
        new = self.new_kinds(p, parts)
        if note:
            note("gs-deliver", f"Player {p + 1} delivers {describe_parts(parts)} at {SQUARES[at]}.")
        if not new:
            if note:
                note("gs-deliver-known", f"Player {p + 1}'s master already has every kind delivered; "
                     "the parts go back and the pawn stays.")
            self._start_return(p, note)
        elif len(new) == 1 or self.opts.master_takes == "top":
            kind = new if len(new) == 1 else next(k for k in reversed(parts) if k in new)
            if note and len(new) > 1:
                note("gs-ruling-master-choice", f"The topmost new kind, {kind}, is taken.")
            self.turn = p
            self._take(kind, note)
        else:
            self.phase = TAKING
            self.turn = p
            if note:
                note("gs-ruling-master-choice", f"Player {p + 1} chooses which new kind ({', '.join(new)}) "
                     "the master takes.")

    def _take(self, kind, note) -> None:
        p = self.turn
        i = self.pool.rindex(kind)
        self.pool = self.pool[:i] + self.pool[i + 1:]
        self.got[p] += kind
        if note:
            note("gs-master-takes", f"Player {p + 1}'s master takes the {KIND_NAMES[kind]} ({kind}); "
                 f"collected: {self.got[p]}.")
        if len(self.got[p]) == 4:
            self._end_round(p, note)
            return
        at = self.pawns[p]
        self.pawns[p] = None
        if note:
            note("gs-leave-map", f"Player {p + 1}'s pawn leaves the map at {SQUARES[at]}.")
        self._start_return(p, note)

    def _start_return(self, deliverer, note) -> None:
        if self.pool:
            self.phase = RETURNING
            self.turn = 1 - deliverer
            if note:
                note("gs-put-back", f"To put back: {', '.join(self.pool)}; "
                     f"player {2 - deliverer} places first.")
        else:
            self.phase = MOVING
            self.turn = self.after

    def _put(self, kind, to, note) -> None:
        p = self.turn
        i = self.pool.index(kind)
        self.pool = self.pool[:i] + self.pool[i + 1:]
        self.stacks[to] += kind
        if note:
            note("gs-put-back", f"Player {p + 1} puts the {KIND_NAMES[kind]} ({kind}) back on {SQUARES[to]}.")
        if self.pool:
            self.turn = 1 - p
        else:
            self.phase = MOVING
            self.turn = self.after

    def _check_limit(self, note) -> None:
        limit = self.opts.turn_limit
        if limit and self.plies >= limit and self.phase == MOVING:
            if note:
                note("gs-ruling-turn-limit", f"{limit} moves without a winner: the round is drawn.")
            self._end_round(None, note)

    def _end_round(self, winner, note) -> None:
        self.results.append(winner)
        if winner is not None:
            self.wins[winner] += 1
            if note:
                note("gs-win-round", f"Player {winner + 1} has all four kinds and wins round {len(self.results)}.")
        needed = self.opts.rounds // 2 + 1
        if max(self.wins) >= needed or len(self.results) >= self.opts.rounds:
            self.phase = OVER
            if note:
                w0, w1 = self.wins
                who = "drawn" if w0 == w1 else f"won by player {1 if w0 > w1 else 2}"
                early = len(self.results) < self.opts.rounds
                note("gs-ruling-match-end" if early else "gs-match",
                     f"The match is {who}, {w0}-{w1} in rounds.")
            return
        rule = self.opts.next_round
        if winner is None or rule == "alternate":
            self.starter = 1 - self.starter
        else:
            self.starter = 1 - winner if rule == "loser" else winner
        if note:
            note("gs-ruling-next-round", f"Round {len(self.results) + 1} will be dealt afresh; "
                 f"player {self.starter + 1} starts it.")
        self.stacks = [""] * 16
        self.pawns = [None, None]
        self.got = ["", ""]
        self.pool = ""
        self.entered = [False, False]
        self.plies = 0
        self.phase = DEAL

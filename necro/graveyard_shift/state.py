"""The contract side of Graveyard Shift: a :class:`necro.core.State` around a ``Pos``.

Everything a table or a widget needs beyond the bare rules lives here:
reading and writing positions as JSON (validated, so a hand-edited scenario
gives a clear error), explaining why an action is refused, which rule allows
an action, hints for drawing an action, and the status sentence.
"""

from __future__ import annotations

from operator import attrgetter

from necro.core import CHANCE, TERMINAL, NotationError, State
from necro.core.reader import Reader

from .board import (DEAL, DEAL_SQUARES, ENTRANCES, KIND_NAMES, KINDS, MAUSOLEUMS, MOVING, OVER,
                    RETURNING, SQUARE_INDEX, SQUARES, TAKING, Deal, Enter, Move, NotationSyntaxError, Pos,
                    Put, Take, parse, valid_deal)

PHASES = (DEAL, MOVING, TAKING, RETURNING, OVER)


_destination = attrgetter("to")


class GraveyardShiftState(State):
    candidates_in_order = True  # _legal_actions lists in action_sort_key order (no sort needed)

    """A Graveyard Shift match: rounds, the board of the current round, the score."""

    pos: Pos

    # ------------------------------------------------------------- hooks
    def setup(self) -> None:
        self.pos = Pos(self.game.rules_options())

    def current_player(self) -> int:
        phase = self.pos.phase
        if phase == OVER:
            return TERMINAL
        if phase == DEAL:
            return CHANCE
        return self.pos.turn

    def _legal_actions(self):
        actions = self.pos.legal()
        if self.pos.phase == MOVING and self.pos.pawns[self.pos.turn] is not None:
            # Moves come N, E, S, W from Pos.legal (the bots' search order); the book lists them
            # by destination. Every other phase is listed in board order already.
            actions.sort(key=_destination)
        return actions

    def _apply(self, action) -> None:
        self.pos.apply(action, self.logger)

    def chance_outcomes(self):
        """None: a deal has 2520 x 2520 equally likely layouts, too many to list."""
        return None

    def sample_chance(self, rng) -> Deal:
        centre = list("BBHHCCLL")
        graves = list("BBHHCCLL")
        rng.shuffle(centre)
        rng.shuffle(graves)
        layout, c, g = [], iter(centre), iter(graves)
        for sq in DEAL_SQUARES:
            layout.append(next(c) + next(c) if sq in MAUSOLEUMS else next(g))
        return Deal(tuple(layout))

    def is_legal(self, action) -> bool:
        if self.pos.phase == DEAL:
            return isinstance(action, Deal) and valid_deal(action.layout) is None
        return action in self.pos.legal()

    def parse_action(self, text):
        try:
            return parse(text)
        except NotationSyntaxError as exc:
            raise NotationError(text, "core-notation", str(exc)) from None

    def returns(self) -> list[float]:
        if self.pos.phase != OVER:
            return [0.0, 0.0]
        a, b = self.pos.wins
        return [0.0, 0.0] if a == b else ([1.0, -1.0] if a > b else [-1.0, 1.0])

    def action_sort_key(self, action):
        # Board order for moves and placements, then kinds in B H C L order.
        if isinstance(action, Put):
            return (3, KINDS.index(action.kind), action.to)
        if isinstance(action, Take):
            return (2, KINDS.index(action.kind), 0)
        if isinstance(action, Move):
            return (1, action.to, 0)
        if isinstance(action, Enter):
            return (0, action.to, 0)
        return (4, 0, 0)

    # ------------------------------------------------------- explanations
    def action_rule(self, action) -> str:
        pos = self.pos
        if isinstance(action, Deal):
            return "gs-setup-deal"
        if isinstance(action, Enter):
            return "gs-enter" if pos.entered[pos.turn] else "gs-setup-enter"
        if isinstance(action, Move):
            n = len(pos.stacks[action.frm])
            return "gs-move-empty" if n == 0 else "gs-move-one" if n == 1 else "gs-move-stack"
        if isinstance(action, Take):
            return "gs-master-takes"
        if isinstance(action, Put):
            return "gs-put-back"
        return super().action_rule(action)

    def explain_illegal(self, action) -> tuple[str, str]:
        pos, p = self.pos, self.pos.turn
        phase = pos.phase
        if phase == DEAL:
            if not isinstance(action, Deal):
                return "gs-setup-deal", "the graveyard must be dealt first (a chance step)"
            return "gs-setup-deal", valid_deal(action.layout) or "not a possible deal"
        if isinstance(action, Deal):
            return "gs-setup-deal", "the graveyard is dealt only at the start of a round"
        if phase == TAKING and not isinstance(action, Take):
            return "gs-master-takes", f"player {p + 1} must first choose the kind the master takes"
        if phase == RETURNING and not isinstance(action, Put):
            return "gs-put-back", f"the delivered parts ({pos.pool}) must be put back first"
        if isinstance(action, Take):
            if phase != TAKING:
                return "gs-master-takes", "the master only takes a part from a delivery"
            if action.kind in pos.got[p]:
                return "gs-master-takes", f"player {p + 1}'s master already has a {KIND_NAMES[action.kind]}"
            return "gs-master-takes", f"there is no {KIND_NAMES[action.kind]} in this delivery"
        if isinstance(action, Put):
            if phase != RETURNING:
                return "gs-put-back", "parts are put back only after a delivery"
            if action.kind not in pos.pool:
                return "gs-put-back", f"no {KIND_NAMES[action.kind]} is waiting to be put back"
            if action.to in ENTRANCES:
                return "gs-ruling-put-back-squares", "parts are never put back on an entrance"
            if action.to in pos.pawns:
                return "gs-ruling-put-back-squares", "parts are not put back under a pawn"
            return "gs-ruling-put-back-squares", (f"{SQUARES[action.to]} already holds its set-up share "
                                                  "and other squares have room")
        if isinstance(action, Enter):
            if pos.pawns[p] is not None:
                return "gs-enter", f"player {p + 1}'s pawn is already on the board ({SQUARES[pos.pawns[p]]})"
            if action.to not in ENTRANCES:
                return "gs-enter", "a pawn enters only on an entrance (a corner)"
            if not pos.entered[p]:
                return "gs-setup-enter", "the second pawn is placed on a different entrance"
            return "gs-ruling-enter-on-pawn", "in this variant a pawn may not enter on the other pawn"
        if isinstance(action, Move):
            if pos.pawns[p] is None:
                return "gs-enter", f"player {p + 1}'s pawn is off the map and must first enter at an entrance"
            if action.frm != pos.pawns[p]:
                return "core-turn", f"player {p + 1}'s pawn is on {SQUARES[pos.pawns[p]]}, not {SQUARES[action.frm]}"
            n = len(pos.stacks[action.frm])
            if n == 0:
                return "gs-move-empty", "with no parts the pawn steps exactly one square orthogonally"
            if n == 1:
                return "gs-move-one", "with one part the pawn steps exactly one square orthogonally"
            if pos.opts.pass_over == "stop":
                return "gs-ruling-pass-over", (f"a stack of {n} goes {n} squares in a straight line, stopping "
                                               "early only at the edge or on the other pawn")
            return "gs-move-stack", (f"a stack of {n} goes exactly {n} squares in a straight line "
                                     "(fewer only if the edge stops it)")
        return super().explain_illegal(action)

    def describe_action(self, action) -> dict:
        pos, p = self.pos, self.pos.turn
        if isinstance(action, Enter):
            attack = pos.pawns[1 - p] == action.to
            return {"kind": "enter", "to": SQUARES[action.to], "attack": attack,
                    "text": f"place the pawn on {SQUARES[action.to]}" + (" (attack!)" if attack else "")}
        if isinstance(action, Move):
            path = pos.path_to(p, action.to)
            if path is None:
                return {"kind": "move", "from": SQUARES[action.frm], "to": SQUARES[action.to], "legal": False}
            carried = pos.stacks[action.frm]
            drops = []
            for q in path[:-1]:
                if len(carried) > 1:
                    drops.append({"square": SQUARES[q], "part": carried[0]})
                    carried = carried[1:]
            arrive = pos.stacks[action.to] + carried
            attack = pos.pawns[1 - p] == action.to
            delivery = action.to in ENTRANCES and bool(arrive)
            new = pos.new_kinds(p, arrive) if delivery else ""
            text = f"{SQUARES[action.frm]} to {SQUARES[action.to]}"
            if drops:
                text += ", dropping " + ", ".join(f"{d['part']} on {d['square']}" for d in drops)
            if attack and not delivery:
                text += "; attack: extra turn with the stack " + arrive
            elif attack:
                text += "; attack on an entrance"
                text += " (extra turn after the delivery)" if pos.opts.entrance_extra_turn else ""
            if delivery:
                text += f"; delivers {arrive}" + (f" (new: {new})" if new else " (nothing new)")
            return {"kind": "move", "from": SQUARES[action.frm], "to": SQUARES[action.to],
                    "path": [SQUARES[q] for q in path], "drops": drops, "carry": carried,
                    "arrive": arrive, "attack": attack, "delivery": delivery, "new": new, "text": text}
        if isinstance(action, Take):
            return {"kind": "take", "part": action.kind, "text": f"the master takes the {KIND_NAMES[action.kind]}"}
        if isinstance(action, Put):
            return {"kind": "put", "part": action.kind, "to": SQUARES[action.to],
                    "text": f"put the {KIND_NAMES[action.kind]} back on {SQUARES[action.to]}"}
        if isinstance(action, Deal):
            return {"kind": "deal", "layout": {SQUARES[q]: t for q, t in zip(DEAL_SQUARES, action.layout)}}
        return {}

    def status(self) -> str:
        pos = self.pos
        score = f"{pos.wins[0]}-{pos.wins[1]}"
        if pos.phase == OVER:
            a, b = pos.wins
            who = "a draw" if a == b else f"player {1 if a > b else 2} wins the match"
            return f"Match over ({score}): {who}."
        head = f"Round {pos.round} of {pos.opts.rounds} (rounds {score})"
        if pos.phase == DEAL:
            return f"{head}: the graveyard is about to be dealt."
        p = pos.turn
        if pos.phase == TAKING:
            return f"{head}: player {p + 1} chooses the kind the master takes from {pos.pool}."
        if pos.phase == RETURNING:
            return f"{head}: player {p + 1} puts a part back ({pos.pool} left)."
        sq = pos.pawns[p]
        if sq is None:
            return f"{head}: player {p + 1} places their pawn on an entrance."
        stack = pos.stacks[sq]
        carrying = f"carrying {stack}" if stack else "carrying nothing"
        return f"{head}: player {p + 1} moves from {SQUARES[sq]}, {carrying}."

    def __str__(self) -> str:
        """The graveyard as text: rank 4 at the top, stacks bottom to top, pawns as 1 and 2."""
        return board_diagram(self.pos) + "\n" + self.status()

    # ------------------------------------------------------------- JSON
    def position(self) -> dict:
        pos = self.pos
        return {
            "board": {SQUARES[i]: s for i, s in enumerate(pos.stacks) if s},
            "pawns": [None if q is None else SQUARES[q] for q in pos.pawns],
            "collected": list(pos.got),
            "phase": pos.phase,
            "turn": pos.turn,
            "pool": pos.pool,
            "after": pos.after,
            "entered": list(pos.entered),
            "moves": pos.plies,
            "results": list(pos.results),
            "starter": pos.starter,
        }

    def _load_position(self, r: Reader) -> None:
        r.obj(allowed=("board", "pawns", "collected", "phase", "turn", "pool", "after", "entered", "moves",
                       "results", "starter", "options"))
        if r.has("options"):
            # A view (``view()`` adds the options) pasted back: accepted when it matches this game.
            opts_r = r["options"].obj()
            for name, value in opts_r.value.items():
                if self.game.options.get(name, object()) != value or type(value) is not type(self.game.options[name]):
                    opts_r[name].fail(f"this game is played with {name}={self.game.options.get(name)!r}; "
                                      "options belong to the game, not to a position")
        pos = Pos(self.game.rules_options())
        opts = pos.opts
        pos.phase = r["phase"].str(choices=PHASES)
        board = r.get("board", {}).obj()
        for key in board.value:
            if key not in SQUARE_INDEX:
                board[key].fail(f"{key!r} is not a square a1..d4")
            pos.stacks[SQUARE_INDEX[key]] = _parts(board[key], 16)
        pawns = r.get("pawns", [None, None])
        for i, item in enumerate(pawns.list(length=2)):
            if item.value is not None:
                pos.pawns[i] = SQUARE_INDEX[item.str(choices=SQUARES)]
        got = r.get("collected", ["", ""])
        for i, item in enumerate(got.list(length=2)):
            kinds = _parts(item, 4)
            if len(set(kinds)) != len(kinds):
                item.fail("a master collects each kind once")
            pos.got[i] = kinds
        pos.turn = r.get("turn", 0).int(0, 1)
        pos.pool = _parts(r.get("pool", ""), 16)
        pos.after = r.get("after", 1 - pos.turn).int(0, 1)
        pos.entered = [e.bool() for e in r.get("entered", [p is not None for p in pos.pawns]).list(length=2)]
        pos.plies = r.get("moves", 0).int(0, 100_000)
        results = r.get("results", [])
        for item in results.list(max_length=opts.rounds):
            pos.results.append(None if item.value is None else item.int(0, 1))
        pos.wins = [pos.results.count(0), pos.results.count(1)]
        pos.starter = r.get("starter", 0).int(0, 1)
        _check_consistent(pos, r)
        self.pos = pos

    def _copy_position_from(self, other: "GraveyardShiftState") -> None:
        self.pos = other.pos.copy()

    def view(self, player: int) -> dict:
        """Everything is open information in Graveyard Shift; the view adds the options."""
        view = self.position()
        view["options"] = dict(self.game.options)
        return view


def _parts(reader: Reader, max_length: int) -> str:
    text = reader.str(max_length=max_length)
    bad = set(text) - set(KINDS)
    if bad:
        reader.fail(f"parts are written B, H, C, L (bottom to top), not {''.join(sorted(bad))!r}")
    return text


def _check_consistent(pos: Pos, r: Reader) -> None:
    """Refuse positions the rules can never reach, each with the key to fix."""
    needed = pos.opts.rounds // 2 + 1
    decided = max(pos.wins) >= needed or len(pos.results) >= pos.opts.rounds
    if decided != (pos.phase == OVER):
        r["phase"].fail("the results say the match is over" if decided else "the match is not over yet")
    if pos.phase == DEAL:
        if any(pos.stacks) or pos.pawns != [None, None] or any(pos.got) or pos.pool:
            r["board"].fail("before the deal the board, pawns, collections and pool are empty")
        return
    for i, kinds in enumerate(pos.got):
        if len(kinds) == 4 and pos.phase != OVER:
            r.get("collected", None)[i].fail("a master with all four kinds has already won the round")
    every = "".join(pos.stacks) + pos.pool + "".join(pos.got)
    for k in KINDS:
        if every.count(k) != 4:
            r["board"].fail(f"there must be four {KIND_NAMES[k]}s ({k}) on the board, in the pool or collected; "
                            f"found {every.count(k)}")
    if pos.phase == OVER:
        return
    for e in ENTRANCES:
        if pos.stacks[e]:
            r["board"][SQUARES[e]].fail("parts never rest on an entrance (they are delivered at once)")
    if pos.phase == MOVING and pos.pool:
        r["pool"].fail("parts waiting to be put back belong to the take or return phase")
    if pos.phase == TAKING:
        if len(pos.new_kinds(pos.turn, pos.pool)) < 2:
            r["pool"].fail("the master's choice needs at least two new kinds in the delivery")
        if pos.pawns[pos.turn] not in ENTRANCES:
            r["pawns"][pos.turn].fail("a delivering pawn stands on an entrance")
    if pos.phase == RETURNING and not pos.pool:
        r["pool"].fail("the return phase needs parts to put back")
    for i, (sq, entered) in enumerate(zip(pos.pawns, pos.entered)):
        if sq is not None and not entered:
            r["entered"][i].fail("a pawn on the board has entered")


def board_diagram(pos: Pos) -> str:
    """A text picture of the board: each cell lists its parts (bottom to top) and its pawn(s).

    Entrances show ``=`` when empty; ``1``/``2`` after the parts are the pawns.
    """
    cells = {}
    for sq in range(16):
        text = pos.stacks[sq] or ("=" if sq in ENTRANCES else ".")
        pawns = "".join(str(i + 1) for i in (0, 1) if pos.pawns[i] == sq)
        cells[sq] = f"{text} {pawns}".rstrip() if pawns else text
    width = max(5, max(len(c) for c in cells.values()))
    line = "  +" + "+".join("-" * (width + 2) for _ in range(4)) + "+"
    rows = [line]
    for rank in range(3, -1, -1):
        rows.append(f"{rank + 1} |" + "|".join(f" {cells[4 * rank + f]:<{width}} " for f in range(4)) + "|")
        rows.append(line)
    rows.append("   " + "".join(f" {c:<{width}}  " for c in "abcd").rstrip())
    off = [f"player {i + 1} off the map" for i in (0, 1) if pos.pawns[i] is None and pos.phase != DEAL]
    got = f"collected: player 1 {pos.got[0] or '-'}, player 2 {pos.got[1] or '-'}"
    extra = [got] + off + ([f"to put back: {pos.pool}"] if pos.pool and pos.phase != OVER else [])
    return "\n".join(rows + ["; ".join(extra)])

"""Named, hand-written positions for the book, the tests and the static explorer.

Each function returns a fresh state (default options unless given), set up
to show one rule or edge case in action; the chapter explains what to try.
"""

from __future__ import annotations

from .game import GraveyardShift

STANDARD_DEAL = "deal B.C.H.BL.CH.L.B.HC.LB.C.H.L"
"""A fixed deal for examples: stacks on b1 c1 a2 b2 c2 d2 a3 b3 c3 d3 b4 c4."""


def _state(board: dict, pawns, collected=("", ""), turn: int = 0, game: GraveyardShift | None = None,
           **extra):
    position = {"board": board, "pawns": list(pawns), "collected": list(collected), "phase": "move",
                "turn": turn, "entered": [p is not None for p in pawns], "moves": 10}
    position.update(extra)
    return (game or GraveyardShift()).state_from_position(position)


def opening(game: GraveyardShift | None = None, deal: str = STANDARD_DEAL, seed: int = 0):
    """A match about to start, with the deal forced to ``deal`` (a notation)."""
    state = (game or GraveyardShift()).new_initial_state(seed)
    state.force(deal).play_chance()
    return state


def long_stack_edge(game=None):
    """Player 1 stands on four parts at b2: north and east the edge cuts the trip
    short (arriving with three parts), south and west it stops after one square."""
    board = {"b1": "B", "c1": "H", "a2": "C", "b2": "BHCL", "c2": "LB", "d2": "H", "a3": "C",
             "b3": "L", "c3": "BH", "d3": "C", "b4": "L"}
    return _state(board, ["b2", "d4"], game=game)


def attack_extra_turn(game=None):
    """Player 1 (on c1 with a heart) can step onto player 2, who carries L,B on c2,
    then moves again at once with the captured three-part stack."""
    board = {"b1": "B", "c1": "H", "a2": "C", "b2": "HC", "c2": "LB", "d2": "L", "a3": "B",
             "b3": "CL", "c3": "H", "d3": "B", "b4": "C", "c4": "LH"}
    return _state(board, ["c1", "c2"], game=game)


def known_delivery(game=None):
    """Player 1 already has a brain and a heart and carries H,B on b1: stepping to a1
    delivers nothing new, so both parts go back and the pawn stays."""
    board = {"b1": "HB", "c1": "L", "a2": "C", "b2": "LB", "c2": "H", "d2": "C", "a3": "L",
             "b3": "HC", "c3": "B", "d3": "L"}
    return _state(board, ["b1", "d4"], collected=["BH", "C"], game=game)


def winning_delivery(game=None):
    """Round 2, player 1 won round 1 and has B,H,C: delivering the legs at a1 wins the
    round and, 2-0, the match."""
    board = {"b1": "C", "c1": "L", "a2": "LB", "b2": "BH", "c2": "C", "d2": "L", "b3": "H",
             "c3": "CL", "d3": "B"}
    return _state(board, ["a2", "d4"], collected=["BHC", "H"], results=[0], starter=1, game=game)


def choice_delivery(game=None):
    """Player 1 carries C,H,B on a2 with nothing collected: the edge stops the stack on
    a1, three new kinds arrive, and player 1 chooses which one the master keeps."""
    board = {"b1": "L", "c1": "B", "a2": "CHB", "b2": "HL", "c2": "CB", "d2": "H", "a3": "L",
             "b3": "C", "c3": "BL", "d3": "H", "b4": "C"}
    return _state(board, ["a2", "d4"], game=game)


def pass_over(game=None):
    """Player 1's stack B,H,C on a2 heads east across player 2's pawn on b2."""
    board = {"b1": "H", "c1": "B", "a2": "BHC", "b2": "L", "c2": "LC", "d2": "H", "a3": "B",
             "b3": "CL", "c3": "HB", "d3": "C", "b4": "L"}
    return _state(board, ["a2", "b2"], game=game)


def entrance_attack(game=None):
    """Player 2 has just entered at a1; player 1 steps onto it from a2 carrying a chest:
    an attack and a delivery at once."""
    board = {"b1": "B", "c1": "H", "a2": "C", "b2": "LC", "c2": "BH", "d2": "L", "a3": "C",
             "b3": "HB", "c3": "LC", "d3": "B", "b4": "H", "c4": "L"}
    return _state(board, ["a2", "a1"], game=game)


SCENARIOS = {
    "opening": opening,
    "long-stack-edge": long_stack_edge,
    "attack-extra-turn": attack_extra_turn,
    "known-delivery": known_delivery,
    "winning-delivery": winning_delivery,
    "choice-delivery": choice_delivery,
    "pass-over": pass_over,
    "entrance-attack": entrance_attack,
}

"""JSON hints for drawing an action: the graves it involves and a short preview.

The board view highlights ``graves`` (the first is where the action starts,
``to`` where a piece ends up) and shows ``text`` on hover. No rule is
decided here; the hints only describe what the engine already allows.
"""

from __future__ import annotations

from .board import card_name


def _piece(token: str) -> str:
    return (f"player {token[1:]}'s wizard" if token[0] == "W" else f"a zombie of player {token[1:]}")


def describe(state, action) -> dict:
    verb, args = action.verb, action.args
    p = state.current_player()
    me = state.teams[p].wizard if 0 <= p < len(state.teams) else None
    if verb in ("turn", "first", "roll", "keep"):
        text = (f"the dug grave turns out to be {card_name(args[0])}" if verb == "turn" else
                {"first": f"player {args[0]} goes first", "roll": f"the die shows {args[0]}",
                 "keep": f"the part holding {args[0]} stays"}[verb])
        graves = [args[0]] if verb == "keep" else [state.teams[state.turn].wizard] if verb == "turn" else []
        return {"kind": verb, "graves": graves, "text": text}
    if verb == "move":
        return {"kind": "move", "graves": [me], "text": "roll the action die and walk up to half of it (rounded up)"}
    if verb == "dig":
        return {"kind": "dig", "graves": [me], "text": f"turn up the grave on {me}"}
    if verb == "shovel":
        return {"kind": "shovel", "graves": [me], "target": args[0],
                "text": f"swing at {_piece(args[0])} (3+ on a die hits)"}
    if verb == "stop":
        return {"kind": "stop", "graves": [me], "text": f"stay on {me}"}
    if verb == "start":
        return {"kind": "start", "graves": [args[0]], "to": args[0], "text": f"start on {args[0]}"}
    if verb in ("step", "leap", "land"):
        return {"kind": verb, "graves": [args[0]], "from": me, "to": args[0],
                "text": f"{verb} to {args[0]}"}
    if verb == "hit":
        grave = state.hit[0] if state.hit else None
        return {"kind": "hit", "graves": [grave], "target": args[0], "text": f"hit {_piece(args[0])}"}
    if verb in ("shamble", "two", "ace"):
        src, dst = args[-1].split(">")
        owner = int(args[0][1:]) - 1 if verb == "ace" else p
        targets = state.hit_targets(dst, owner)
        text = f"zombie {src} to {dst}" + (f", then hits one of: {', '.join(map(_piece, targets))}" if targets else "")
        return {"kind": verb, "graves": [src, dst], "from": src, "to": dst, "targets": targets, "text": text}
    if verb == "four":
        return {"kind": "four", "graves": [args[1]], "target": args[0],
                "text": f"turn {_piece(args[0])} on {args[1]} into one of yours"}
    if verb == "five":
        q = int(args[0][1:]) - 1
        src = state.teams[q].wizard
        return {"kind": "five", "graves": [src, args[1]], "from": src, "to": args[1], "target": args[0],
                "text": f"shove player {q + 1}'s wizard from {src} to {args[1]}"}
    if verb == "joker":
        return {"kind": "joker", "graves": list(args), "text": f"{' and '.join(args)} fall away (and whatever they cut off)"}
    return {"kind": verb, "graves": [], "text": str(action)}

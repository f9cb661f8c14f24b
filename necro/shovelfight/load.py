"""Loading a Shovelfight position from untrusted JSON.

Every field is read through a :class:`~necro.core.Reader`, and the position
as a whole is checked for consistency (pieces only on standing graves, the
deck exactly the right cards, the pending decision actually decidable), so
a hand-edited or hostile document gives a FormatError with a path instead of
a crash or a game that cannot go on.
"""

from __future__ import annotations

from collections import Counter

from necro.core import Reader

from .board import CARDS, board_for, deck, parts, rank
from .phases import CARD_VERB, CHANCE_PHASES, FALLING, PHASES, THEN
from .team import CAUSES, START_BOXES, TEAM_SIZE, Team

KEYS = ("players", "phase", "turn", "first", "worm", "graves", "dug", "fallen", "teams", "moment",
        "used", "steps_left", "target", "card", "hit", "left", "queue", "split", "then", "since")
TEAM_KEYS = ("wizard", "boxes", "hits", "zombies", "lids", "pants", "figures", "out", "cause")
MAX_ZOMBIES = 1000  # "no maximum", but a document must stay finite


LEGACY_PHASES = {"deal": "first"}
"""Phases of earlier versions: the shuffle was a chance step of its own ("deal") before the first
player was drawn; now no card is dealt before it is dug, so such a position is at "first"."""


def load_position(state, r: Reader) -> None:
    r.obj(allowed=KEYS)
    n = state.game.players
    r["players"].int(n, n)
    board = board_for(n)
    names = set(board.graves)

    def grave(x: Reader, pool=names) -> str:
        g = x.str(max_length=4)
        if g not in pool:
            x.fail(f"{g!r} is not a grave{' still standing' if pool is not names else ''} on this board")
        return g

    phase = r["phase"].str(choices=PHASES + tuple(LEGACY_PHASES))
    phase = LEGACY_PHASES.get(phase, phase)
    turn = r["turn"].int(0, n - 1)
    first = None if r["first"].value is None else r["first"].int(0, n - 1)
    worm = None if r["worm"].value is None else r["worm"].int(0, n - 1)

    gr = r["graves"].obj(allowed=board.graves)
    cards = {}
    for g in board.graves:
        c = gr[g]
        cards[g] = None if c.value is None else c.str(choices=sorted(CARDS))
    # A grave holds a card once it is known (dug, or laid face down knowingly by a scenario or an
    # edit), else null: chance turns it over when it is dug (sf-deal-when-dug). A view's position,
    # with its face-down cards masked, is such a position too.
    known = Counter(c for c in cards.values() if c is not None)
    extra = known - Counter(deck(n))
    if extra:
        gr.fail(f"the {len(deck(n))}-card deck for {n} players has no more {', '.join(sorted(extra))} "
                "than that: a card lies on more graves than it has copies")

    dug = {grave(x) for x in r["dug"].list(max_length=len(names))}
    if any(gr.value[g] is None for g in dug):
        r["dug"].fail("a dug grave is face up: its card must be given")
    fallen = {grave(x) for x in r["fallen"].list(max_length=len(names))}
    standing = names - fallen
    placing = phase in ("first", "place") and state.game.options["start"] == "choose"
    if phase not in ("first", "over") and (first is None or worm is None):
        r["first"].fail("once play has begun the first player and the worm die holder are known")

    teams = []
    tr = r["teams"].list(length=n)
    for x in tr:
        x.obj(allowed=TEAM_KEYS)
        wizard = None if x["wizard"].value is None else grave(x["wizard"])
        boxes = x["boxes"].int(START_BOXES, 99)  # five to start with, one more per Three dug
        hits = x["hits"].int(0, boxes)
        zombies = [grave(z, standing) for z in x["zombies"].list(max_length=MAX_ZOMBIES)]
        if state.game.options["team_size"] == "eight" and len(zombies) > TEAM_SIZE:
            x["zombies"].fail(f"with team_size='eight' a team has at most {TEAM_SIZE} zombies on the board")
        lids, pants, figures = x["lids"].int(0, 99), x["pants"].int(0, 99), x["figures"].int(0, 99)
        if lids and pants:
            x["pants"].fail("a lid and pants waiting at once would already make a stick figure")
        out = None if x["out"].value is None else x["out"].int(0, 10**9)
        cause = None if x["cause"].value is None else x["cause"].str(choices=CAUSES)
        if wizard is None and out is None and not placing:
            x["out"].fail("a player without a wizard needs the moment it died (out)")
        if wizard is not None and (out is not None or hits >= boxes):
            x["wizard"].fail("a wizard on the board must be alive: out null and a box unchecked")
        teams.append(Team(wizard, boxes, hits, zombies, lids, pants, figures, out, cause))
    extra = sum(t.boxes - START_BOXES for t in teams)
    threes = sum(1 for g in dug if rank(cards[g]) == "3")
    if extra > threes:
        r["teams"].fail(f"each hit box beyond the first {START_BOXES} comes from a dug Three: "
                f"{extra} extra box(es) but {threes} Three(s) dug")
    moment = r["moment"].int(0, 10**9)
    if any(t.out is not None and t.out > moment for t in teams):
        r["moment"].fail("a wizard died after the current moment")

    used = [u.str(choices=("move", "dig", "shovel")) for u in r["used"].list(max_length=2)]
    if len(set(used)) != len(used):
        r["used"].fail("an action is used at most once per turn")
    if phase == "act" and len(used) > 1:
        r["used"].fail("after two wizard actions the turn goes on to the shamble, so an act phase has used at most one")
    steps_left = r["steps_left"].int(0, 3)
    target = None if r["target"].value is None else r["target"].str(
        choices=[f"{k}{p + 1}" for k in "WZ" for p in range(n)])
    card = None if r["card"].value is None else r["card"].str(choices=sorted(CARD_VERB))
    hit = None
    if r["hit"].value is not None:
        h = r["hit"].list(length=3)
        hit = [grave(h[0], standing), h[1].int(0, n - 1), h[2].int(0, n - 1)]
    left = [grave(z, standing) for z in r["left"].list(max_length=MAX_ZOMBIES)]
    if Counter(left) - Counter(teams[turn].zombies):
        r["left"].fail("zombies still to shamble must be zombies of the player whose turn it is")
    queue = []
    for q in r["queue"].list(max_length=n):
        if phase == "land" or isinstance(q.value, list):
            item = q.list(length=2)
            queue.append([item[0].int(0, n - 1),
                          sorted(grave(g, standing) for g in item[1].list(min_length=1, max_length=len(names)))])
        else:
            queue.append(q.int(0, n - 1))
    split = None
    if r["split"].value is not None:
        s = r["split"].obj(allowed=("parts", "extra"))
        found = [sorted(grave(g, standing) for g in p.list(min_length=1)) for p in s["parts"].list(min_length=2, max_length=len(names))]
        cells = [g for part in found for g in part]
        if len(set(cells)) != len(cells):
            s["parts"].fail("the parts of a split do not overlap")
        split = {"parts": sorted(found), "extra": sorted(grave(g, standing) for g in s["extra"].list(max_length=len(names)))}
    then = None if r["then"].value is None else r["then"].str(choices=THEN)
    # Written only while a worm roll or fall that has killed a wizard waits for a decision, or
    # once such a fall has taken the last wizards (sf-simultaneous); absent from every other
    # position, and from those saved before it existed.
    since = None if r.get("since", None).value is None else r["since"].int(1, moment)
    if since is not None and phase not in FALLING + ("over",):
        r["since"].fail("only a worm roll or fall still under way, or the one that ended the game, keeps "
                        "the moment it began killing")

    # every field read: install, then check the pending decision makes sense
    state.board = board
    state.cards = cards
    state.dug, state.fallen, state.teams = dug, fallen, teams
    state.phase, state.turn, state.first, state.worm, state.moment = phase, turn, first, worm, moment
    state.used, state.steps_left, state.target, state.card = used, steps_left, target, card
    state.hit, state.left, state.queue, state.split, state.then = hit, left, queue, split, then
    state.since = since

    for p, t in enumerate(teams):
        if t.wizard in fallen and p not in state.in_the_air():
            tr[p]["wizard"].fail(f"{t.wizard} has fallen; only a wizard about to leap or land may be there")
    if phase not in ("first", "place", "leap", "land", "split", "over") and len(parts(board, standing)) > 1:
        r["fallen"].fail("the standing graves hold together: ground cut off from the graveyard falls at once")
    alive = [p for p, t in enumerate(teams) if t.wizard is not None]
    if phase == "over":
        if len(alive) > 1:
            r["phase"].fail("the game is over only when at most one wizard stands")
        return
    if phase == "place" and not placing:
        r["phase"].fail("players choose start graves only with the option start='choose'")
    if len(alive) < 2 and not placing and not (alive and phase in FALLING):
        r["phase"].fail("with fewer than two wizards standing the game is over (a last wizard may "
                        "only still be leaping or landing in the fall that killed the others)")
    need = {"step": state.steps_left > 0, "card": card is not None, "hit": hit is not None,
            "shovel": target is not None, "split": split is not None,
            "leap": bool(queue) and all(isinstance(q, int) for q in queue),
            "land": bool(queue) and all(isinstance(q, list) for q in queue),
            "shamble": bool(left)}
    if not need.get(phase, True):
        r["phase"].fail(f"the {phase} phase is missing the data it needs")
    if phase in ("act", "move", "step", "shovel", "card") and teams[turn].wizard is None:
        r["phase"].fail("a dead wizard takes no wizard action")
    if phase == "worm" and worm != turn:
        r["worm"].fail("only the player holding the worm die rolls it, in their own turn")
    if phase == "turn" and (teams[turn].wizard in dug or cards[teams[turn].wizard] is not None
                            or "dig" not in used):
        r["phase"].fail("a card is turned over only just after a dig, on a grave whose card nobody has seen")
    if phase == "card" and (teams[turn].wizard not in dug or rank(cards[teams[turn].wizard]) != card):
        r["card"].fail("a card's choice is pending only while the wizard stands on that dug card")
    if phase == "shovel" and target not in state.shovel_targets(turn):
        r["target"].fail("the shovel's target stands on the wizard's grave")
    for q in state.in_the_air():
        if teams[q].wizard is not None and teams[q].wizard not in fallen:
            r["queue"].fail("a wizard about to leap or land stands on ground that has fallen")
    if phase in ("hit", "leap", "land", "split") and then is None:
        r["then"].fail("a pending hit or fall needs to know where the turn goes on (then)")
    if phase == "leap" and any(teams[q].wizard is None for q in queue):
        r["queue"].fail("only living wizards leap")
    if phase not in CHANCE_PHASES and not state._legal_actions():
        r["phase"].fail(f"nobody could decide anything in this {phase} phase")

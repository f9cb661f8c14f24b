"""Hand-written positions for the rulebook's situations, the rulings and the FAQ.

Each scenario is a function returning a fresh state, shared by the chapter
(to show the rule acting), the tests (to check it) and the static explorer.
The docstring says what to do and what the rules should make happen; any
dice the situation needs are queued with ``state.force(...)`` so that
``play_chance()`` gives the roll the text talks about.

Positions are written with :func:`build`: name where the wizards and zombies
stand, which cards lie where, what is dug or gone; everything else takes the
value of a fresh game (every player with five boxes, player 1 to act).
"""

from __future__ import annotations

from .board import board_for
from .game import Shovelfight


def build(players: int, *, wizards: dict, zombies: dict | None = None, cards: dict | None = None,
          dug=(), fallen=(), hits: dict | None = None, boxes: dict | None = None,
          phase: str = "act", turn: int = 0, worm: int | None = None, first: int = 0,
          used=(), figures: dict | None = None, lids: dict | None = None, pants: dict | None = None,
          seed: int = 0, **options):
    """A state from a compact description (players numbered from 0 here, as in code).

    ``cards`` lays known cards on some graves (a dug grave needs one: it is face
    up); the other graves stay unknown, and chance deals each when it is dug,
    from the cards no grave shows (``sf-deal-when-dug``).
    ``wizards[p] = None`` marks a player whose wizard is already dead.
    """
    board = board_for(players)
    cards = dict(cards or {})
    layout = {g: cards.get(g) for g in board.graves}
    zombies = zombies or {}
    hits, boxes = hits or {}, boxes or {}
    teams = []
    for p in range(players):
        w = wizards.get(p)
        b = boxes.get(p, 5)
        teams.append({"wizard": w, "boxes": b, "hits": b if w is None else hits.get(p, 0),
                      "zombies": sorted(zombies.get(p, [])), "lids": (lids or {}).get(p, 0),
                      "pants": (pants or {}).get(p, 0), "figures": (figures or {}).get(p, 0),
                      "out": 0 if w is None else None, "cause": "zombie" if w is None else None})
    position = {
        "players": players, "phase": phase, "turn": turn, "first": first,
        "worm": (first - 1) % players if worm is None else worm,
        "graves": layout, "dug": sorted(set(dug)), "fallen": sorted(set(fallen)), "teams": teams,
        "moment": 0, "used": list(used), "steps_left": 0, "target": None, "card": None, "hit": None,
        "left": [], "queue": [], "split": None, "then": None,
    }
    if phase == "shamble":
        position["left"] = sorted(zombies.get(turn, []))
    return Shovelfight(players, **options).state_from_position(position, seed)


# The centre column of the small board: removing it leaves two halves of nine graves.
_CENTRE = ["c1", "c2", "c4", "c5"]


def split_by_wizards():
    """The worm eats c3, the last grave of the centre column: two halves of nine graves.

    Player 3 holds the worm die and rolls a 4. The left half (a-b) holds two
    wizards, the right half (d-e) one wizard but more zombies: wizards come
    first, so the left half stays and the right one falls. Player 2's wizard
    on d2 takes one hit crossing it; both zombies on the right are lost.
    """
    s = build(3, wizards={0: "a2", 1: "d2", 2: "b3"}, zombies={1: ["e3", "e4"]},
              cards={"c3": "4b"}, dug=["c3"], fallen=_CENTRE, phase="worm", turn=2, worm=2)
    return s.force("roll 4")


def split_by_zombies():
    """The same cut, with two wizards on each side: zombies decide.

    The left half has two zombies, the right half one: the left stays. On
    the right, player 2's wizard on d2 takes one hit leaping across; player
    4's wizard on e4 must first step on a falling grave of column d, so it
    takes two.
    """
    s = build(4, wizards={0: "a2", 1: "d2", 2: "b3", 3: "e4"}, zombies={0: ["a1", "b1"], 1: ["e3"]},
              cards={"c3": "4b"}, dug=["c3"], fallen=_CENTRE, phase="worm", turn=3, worm=3)
    return s.force("roll 4")


def split_by_chance():
    """The same cut with everything equal (two wizards and one zombie a side): chance keeps one half.

    After the roll of 4, chance decides between ``keep a1`` (the left half
    stays) and ``keep d1`` (the right half stays), one half each.
    """
    s = build(4, wizards={0: "a2", 1: "d2", 2: "b3", 3: "e4"}, zombies={0: ["a5"], 1: ["e5"]},
              cards={"c3": "4b"}, dug=["c3"], fallen=_CENTRE, phase="worm", turn=3, worm=3)
    return s.force("roll 4")


def island_jump():
    """A wizard stranded on the far end of a falling island crosses it to solid ground.

    The worms eat d3 (a dug Two), which cuts the island d4-e4-e5 off the
    graveyard (c4, c5 and e3 are already gone). Player 2's wizard stands on
    e5: it steps on e5 and one more falling grave before it can leap the gap,
    so it takes two hits, then its player picks where to land among the
    nearest solid graves. The zombie on e4 is lost with the island.
    """
    s = build(3, wizards={0: "b1", 1: "e5", 2: "a4"}, zombies={0: ["e4"]},
              cards={"d3": "2r"}, dug=["d3"], fallen=["c4", "c5", "e3"], phase="worm", turn=0, worm=0)
    return s.force("roll 2")


def falling_strip(fall_path: str = "adjacent"):
    """A wizard at the far end of a long falling strip (ruling sf-fall-path).

    The worms eat d1 (a dug Ace), the only link between column e and the rest
    (c3-c5 and d2-d4 are already gone). Player 2's wizard on e5 leaps grave
    by grave: e5, e4 and e3 are falling graves it lands on, three hits, before
    it leaps the gap at d2 onto c2. With ``fall_path="holes"`` it passes over
    the holes d4 and c4 for free and lands on column b with one hit.
    """
    s = build(3, wizards={0: "a1", 1: "e5", 2: "a5"}, zombies={2: ["e3"]}, cards={"d1": "Ar"}, dug=["d1"],
              fallen=["c3", "c4", "c5", "d2", "d3", "d4"], phase="worm", turn=0, worm=0, fall_path=fall_path)
    return s.force("roll 1")


def joker_cut():
    """Player 1 digs the Joker on b2 and drops c2 and c3, the only link between the two halves.

    The left half (a-b, nine graves) is bigger than the right (d-e, eight
    graves, e5 being gone already), so the right falls, and player 2's wizard
    on e1 must cross it. Choose ``joker c2 c3``.
    """
    return build(3, wizards={0: "b2", 1: "e1", 2: "a4"}, zombies={1: ["d3"], 2: ["b4"]},
                 cards={"b2": "Jo"}, fallen=["c1", "c4", "c5", "e5"])


def joker_drops_a_wizard():
    """Player 1 digs the Joker on b2 and drops c2, where player 2's wizard stands, and c3.

    The right half falls as in :func:`joker_cut`; player 2's wizard on c2 is on falling
    ground too (ruling sf-joker-wizards): one hit for c2, then it leaps to b1 or b2, its
    player's choice. Choose ``joker c2 c3``.
    """
    return build(3, wizards={0: "b2", 1: "c2", 2: "a4"}, zombies={1: ["d3"], 2: ["b4"]},
                 cards={"b2": "Jo"}, fallen=["c1", "c4", "c5", "e5"])


def shovel_takeover():
    """Player 1's wizard shares c3 with player 2's wizard, which has one box left.

    ``shovel W2`` and a roll of 5: player 2's wizard is whacked dead, and
    player 1 puts a zombie of their own in its place and in place of each of
    player 2's three zombies.
    """
    s = build(3, wizards={0: "c3", 1: "c3", 2: "a1"}, hits={1: 4},
              zombies={0: ["c3"], 1: ["a3", "e2", "e2"], 2: ["a2"]})
    return s.force("roll 5")


def worm_after_death():
    """Player 3 has lost wizard and zombies but holds the worm die: it is still rolled.

    The worm die shows 3 and eats the dug Three on b2, with the zombie on it.
    """
    s = build(3, wizards={0: "a1", 1: "e1", 2: None}, zombies={0: ["b2"], 1: ["e4"]},
              cards={"b2": "3b"}, dug=["b2"], phase="worm", turn=2, worm=2)
    return s.force("roll 3")


# ------------------------------------------------------------ FAQ and rulings
def crowded_grave():
    """Any number of pieces share a grave; a zombie arriving there picks one thing to hit.

    Player 1's zombie on b2 shambles to c2, where two wizards and three
    zombies of two teams stand: it may hit either wizard (its own too) or a
    zombie of players 2 or 3, but never player 1's own zombie there.
    """
    return build(3, wizards={0: "c2", 1: "c2", 2: "e4"},
                 zombies={0: ["b2", "c2"], 1: ["c2", "c2"], 2: ["c2"]}, phase="shamble")


def zombie_horde():
    """There is no maximum number of zombies: player 1 has twelve and digs a Queen for a thirteenth.

    With the variant ``team_size="eight"`` use :func:`zombie_horde_capped`.
    """
    return build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["b2"] * 6 + ["d2"] * 6},
                 cards={"c3": "Qb"})


def zombie_horde_capped():
    """The horde under the eight-token variant: player 1 has all eight out, so the Queen raises nothing."""
    return build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["b2"] * 4 + ["d2"] * 4},
                 cards={"c3": "Qb"}, team_size="eight")


def stranded_wizard(stranded: str = "nearest"):
    """The worms eat c3 and, with it, the last graves around it: the two dug Fives on d2 and d3.

    b2, b3, c2 and c4 are gone already, so once the worms have eaten there is
    no adjacent grave left. By default the wizard takes its hit and leaps the
    pit to a nearest standing grave (two grid steps away; its player chooses
    which); with ``stranded="falls"`` it is lost with the grave.
    """
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, cards={"c3": "5r", "d2": "5b", "d3": "5b"},
              dug=["c3", "d2", "d3"], fallen=["b2", "b3", "c2", "c4"], phase="worm", turn=0, worm=0,
              stranded=stranded)
    return s.force("roll 5")


def stranded_zombie():
    """Only c3 is left; two wizards and a zombie stand on it. The zombie cannot shamble anywhere.

    Player 1 has dug already and chooses ``move``: whatever the roll, there
    is nowhere to step. In the shamble the zombie stays put and hits nothing.
    """
    fallen = [g for g in board_for(3).graves if g != "c3"]
    s = build(3, wizards={0: "c3", 1: "c3", 2: None}, zombies={0: ["c3"]}, fallen=fallen,
              cards={"c3": "Qr"}, dug=["c3"], used=["dig"], phase="act", worm=1)
    return s.force("roll 6")


def last_two_fall_together(last_stand: str = "share"):
    """The last two wizards, one box each, stand on a dug Six that the worms eat.

    Both take their last hit at the same moment: by default they share the
    win; with ``last_stand="nobody"`` nobody wins.
    """
    s = build(3, wizards={0: "c3", 1: "c3", 2: None}, hits={0: 4, 1: 4}, cards={"c3": "6r"}, dug=["c3"],
              phase="worm", turn=0, worm=0, last_stand=last_stand)
    return s.force("roll 6")


def last_leap_into_the_fall(leaper: int = 0, ways: int = 2, last_stand: str = "share"):
    """The last two wizards are on two dug Twos the worms eat; one dies there, the other leaps.

    Player ``leaper + 1``'s wizard on e4 has two boxes left: the worms take one and it
    must leap. Its rival on d3, with one box left, dies to the worms. With ``ways=2``
    (the default) it may leap to d4 or e5, with ``ways=1`` (e5 already gone) only to d4;
    either way it lands on the island d4-e5, which d3 and e4 going cut off, and the island's
    fall takes its last box: both wizards die in the same worm roll and share the win
    (ruling sf-simultaneous), whether or not the leaper had a choice. With ``ways=3``
    (e3 still standing) it can leap to safety instead, so it wins at once.
    """
    rival = 1 - leaper if leaper < 2 else 1
    dead = 3 - leaper - rival
    fallen = {1: ["c4", "c5", "e3", "e5"], 2: ["c4", "c5", "e3"], 3: ["c4", "c5"]}[ways]
    s = build(3, wizards={leaper: "e4", rival: "d3", dead: None}, hits={leaper: 3, rival: 4},
              cards={"d3": "2r", "e4": "2b"}, dug=["d3", "e4"], fallen=fallen, phase="worm",
              turn=0, worm=0, last_stand=last_stand)
    return s.force("roll 2")


def three_way_split():
    """The worms eat b3 and d3 at once (two dug Fives) and the ground breaks in three.

    Columns a, c and e are left as three parts of five graves, with one
    wizard each; the middle part has two zombies, so it alone stays and both
    outer columns fall (their wizards take a hit each to leap across).
    """
    s = build(3, wizards={0: "c3", 1: "a3", 2: "e3"}, zombies={0: ["c1", "c5"]},
              cards={"b3": "5b", "d3": "5r"}, dug=["b3", "d3"],
              fallen=["b1", "b2", "b4", "d1", "d2", "d4"], phase="worm", turn=0, worm=0)
    return s.force("roll 5")


def ace_push():
    """Player 1 digs an Ace on c3 and pushes a foe's zombie; the digger chooses what it hits.

    Player 2's zombie on d2 can be pushed onto d1, where player 2's own wizard
    and a zombie of player 3 stand: player 1 decides it hits its own master
    (``ace Z2 d2>d1`` then ``hit W2``).
    """
    return build(3, wizards={0: "c3", 1: "d1", 2: "a5"}, zombies={1: ["d2"], 2: ["d1"]}, cards={"c3": "Ab"})


def own_zombie_shovel():
    """Player 1 shares a grave only with their own zombie: the shovel may hit it (the teaching
    notes advise against it)."""
    return build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"]}, dug=["c3"],
                 cards={"c3": "Qr"})


def explosion():
    """Player 1 digs a Six on c3: everything on the six graves around takes a hit, friends too."""
    return build(3, wizards={0: "c3", 1: "c2", 2: "d3"}, zombies={0: ["b3"], 1: ["c4", "c4"], 2: ["c3"]},
                 cards={"c3": "6b"})


def completing_a_figure():
    """Player 1 has a pair of pants waiting and digs a red Four: the lid completes a stick figure,
    raising a zombie and taking the worm die; then the Four converts a foe's zombie."""
    return build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={1: ["b3"]}, cards={"c3": "4r"},
                 pants={0: 1}, worm=2)


def no_second_action():
    """Player 1 moves first; every grave around is dug and empty, so after stepping there is
    nothing left to do: no grave to dig, nothing to hit. The wizard action ends after one action.

    Choose ``move``, then ``step c2`` (the roll is forced to 1).
    """
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, dug=["b2", "b3", "c2", "c4", "d2", "d3"],
              cards={"b2": "5r", "b3": "5b", "c2": "2r", "c4": "4r", "d2": "6r", "d3": "6r"})
    return s.force("roll 1")


def lost_zombie_returns():
    """Under the eight-token variant, player 1 has all eight zombies out, on c3 with the wizard.

    Shovel one of them (``shovel Z1``, roll forced to 6): it goes back to the pile, so the
    Queen under the wizard (``dig``) can raise it again.
    """
    s = build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={0: ["c3"] * 8}, cards={"c3": "Qb"},
              team_size="eight")
    return s.force("roll 6")


def red_ace_order():
    """Player 1 has pants waiting and digs a red Ace: the colour chart goes first, so the lid
    completes a figure and raises a zombie on c3 before the Ace pushes player 2's zombie from
    c2 onto c3, where player 1 chooses what it hits (``ace Z2 c2>c3``)."""
    return build(3, wizards={0: "c3", 1: "a1", 2: "e5"}, zombies={1: ["c2"]}, cards={"c3": "Ar"},
                 pants={0: 1})


def empty_seat():
    """Player 3 has no wizard, no zombies and no worm die: after player 2's turn, play passes
    straight to player 1. Player 2 has dug already: ``move``, then ``stop``."""
    s = build(3, wizards={0: "c3", 1: "a1", 2: None}, turn=1, worm=0, used=["dig"],
              cards={"a1": "Qr"}, dug=["a1"])
    return s.force("roll 1")


SCENARIOS = {
    "split_by_wizards": split_by_wizards, "split_by_zombies": split_by_zombies,
    "split_by_chance": split_by_chance, "island_jump": island_jump, "joker_cut": joker_cut,
    "shovel_takeover": shovel_takeover, "worm_after_death": worm_after_death,
    "crowded_grave": crowded_grave, "zombie_horde": zombie_horde,
    "zombie_horde_capped": zombie_horde_capped, "stranded_wizard": stranded_wizard,
    "stranded_zombie": stranded_zombie, "last_two_fall_together": last_two_fall_together,
    "three_way_split": three_way_split, "ace_push": ace_push, "own_zombie_shovel": own_zombie_shovel,
    "explosion": explosion, "completing_a_figure": completing_a_figure,
    "no_second_action": no_second_action, "lost_zombie_returns": lost_zombie_returns,
    "red_ace_order": red_ace_order, "empty_seat": empty_seat,
}

"""Hand-written positions for the edge cases of the rules.

Each scenario is a function returning a fresh state, so the chapter, the
tests and the static explorer start from exactly the same position. They are
written as JSON positions (as a reader would paste into the position editor)
with ``task`` left empty and the hour's remaining steps in ``queue``: the
engine runs those steps up to the first card, die or decision.
"""

from __future__ import annotations

from .game import ShamblingDead
from .tables import DECK


def board(*figs: str, out=None) -> dict:
    """A board from figure codes ``"<kind><wounds><zone>"``: ``H0F`` is a fresh
    Hero in the Front Line, ``S1S`` a wounded survivor in Support, ``Z0F`` a
    zombie in the Front Line. Ids are 1, 2, 3, ... in the order given."""
    return {"figs": [[i, code[0], int(code[1]), code[2]] for i, code in enumerate(figs, 1)],
            "next": len(figs) + 1, "pairs": [], "engaged": [], "stance": None, "chargers": [],
            "turned": 0, "out": out}


def deck(pile: list[str] | None = None) -> dict:
    """A deck whose draw pile is ``pile`` (default: all 41 cards); the rest is discarded."""
    pile = list(DECK) if pile is None else list(pile)
    return {"pile": pile, "discard": [c for c in DECK if c not in pile]}


def night(hour: int, boards: list[dict], queue: list[list], pile: list[str] | None = None,
          seed: int = 0, **options):
    """A state at ``hour`` of the fixed track with the given boards and steps to run."""
    game = ShamblingDead(len(boards), **options)
    n_decks = 1 if game.options["deck"] == "shared" else len(boards)
    position = {"hour": hour, "events": list(range(1, hour + 1)), "decks": [deck(pile) for _ in range(n_decks)],
                "boards": boards, "queue": queue, "task": None, "over": False}
    return game.state_from_position(position, seed)


def rest_of_hour(p: int = 0) -> list[list]:
    return [["battle", p], ["reorder", p], ["endturn"]]


def hero_six():
    """Hour 2: the Hero and two survivors hold the Front Line against three
    zombies and stand. The zombies are about to roll: force ``d6 6`` and the
    Hero must take the first wound before the player spreads the rest."""
    s = night(2, [board("H0F", "S0F", "S0F", "S0S", "S0S", "Z0F", "Z0F", "Z0F")], rest_of_hour())
    return s.apply("stand")


def front_line_wiped():
    """Hour 2: one wounded survivor alone in the Front Line faces four zombies,
    the rest of the band waits in Support. One wound kills the lone defender;
    at the end of the round the zombies move into Support, whose survivors
    stand and receive from then on. Force ``d6 5`` (strength 4: 1 wound)."""
    s = night(2, [board("S1F", "H0S", "S0S", "S0S", "Z0F", "Z0F", "Z0F", "Z0F")], rest_of_hour())
    return s.apply("stand")


def charge_clears_all():
    """Hour 2: the Hero and one survivor counter-charge two wounded zombies.
    Strength 3 + 2 + 4 (four fresh survivors in Support) = 9; a roll of 6
    gives 4 wounds and destroys both zombies in the first blow, yet the wild
    charge must still be rolled after the battle."""
    s = night(2, [board("H0F", "S0F", "S0S", "S0S", "S0S", "S0S", "Z1F", "Z1F")], rest_of_hour())
    return s.apply("counter-charge")


def joker_mid_turn():
    """Hour 9, the final assault: two cards decide the horde. The first card is
    already known to be the 5 of spades; force ``draw JK`` next and every card,
    the 5 included, goes back before the second card is drawn again."""
    pile = ["5S", "JK", "9H", "2C", "7D"]
    s = night(9, [board("H0F", "S0F", "S0F", "S0F", "S1S", "S0S")],
              [["assault", 0, "F", 2], *rest_of_hour()], pile=pile)
    return s.apply("draw 5S")


def hero_falls():
    """Hour 4: the wounded Hero alone in the Front Line against three zombies.
    Any wound kills the Hero, and from then on the band can no longer be
    reordered at the end of the hour. Force ``d6 5`` (strength 3: 1 wound)."""
    s = night(4, [board("H1F", "S0S", "S0S", "S1S", "Z0F", "Z0F", "Z0F")], rest_of_hour())
    return s.apply("stand")


def enemy_within():
    """Hour 5: two wounded survivors, one in each zone. Each gets a card; on a
    black card it turns into a zombie and attacks its own zone, and this hour
    the survivors may only stand and receive. (The deck is down to six cards,
    so every outcome can be listed on the page.)"""
    return night(5, [board("H0F", "S1F", "S0F", "S1S", "S0S")],
                 [["within", 0], *rest_of_hour()], pile=["4S", "4H", "9C", "2D", "JK", "7H"])


def dissention():
    """Hour 3: a black card means half a die of survivors leave (the player
    picks who); a red card keeps the band together."""
    return night(3, [board("H0F", "S0F", "S1F", "S0S", "S1S")], [["dissent", 0], *rest_of_hour()])


def ten_of_hearts():
    """Hour 4's Replacement card: force ``draw 10H`` and ten survivors arrive,
    the first of them a new Hero; each newcomer is placed by the player."""
    return night(4, [board("S0F", "S0F", "S1S")], [["replace", 0], ["reorder", 0], ["endturn"]])


def dawn_with_the_guard():
    """Hour 10: a wounded survivor may turn; if anyone turns, the National
    Guard draws a card for every remaining survivor and shoots on black."""
    return night(10, [board("H0F", "S1F", "S0F", "S0S")], [["within", 0], ["battle", 0], ["guard", 0],
                                                           ["endturn"]])


def two_players_one_deck():
    """Hour 2 with two players sharing one deck (down to five cards): player
    1's card changes the odds of player 2's."""
    return night(2, [board("H0F", "S0F", "S0S"), board("H0F", "S0F", "S0S")],
                 [["assault", 0, "F", 1], ["assault", 1, "F", 1], ["battle", 0], ["battle", 1],
                  ["reorder", 0], ["reorder", 1], ["endturn"]], pile=["10S", "3H", "6C", "8D", "AS"])


SCENARIOS = {
    "hero-six": hero_six,
    "front-line-wiped": front_line_wiped,
    "charge-clears-all": charge_clears_all,
    "joker-mid-turn": joker_mid_turn,
    "hero-falls": hero_falls,
    "enemy-within": enemy_within,
    "dissention": dissention,
    "ten-of-hearts": ten_of_hearts,
    "dawn-with-the-guard": dawn_with_the_guard,
    "two-players-one-deck": two_players_one_deck,
}

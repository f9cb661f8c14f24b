"""The game's fixed data: the deck, the Combat Results Table, the unit
strengths and the Narration Track (numbers and titles from the rule text;
the hour descriptions are this book's own words)."""

from __future__ import annotations

SUITS = ("S", "C", "H", "D")  # spades, clubs, hearts, diamonds
BLACK = frozenset("SC")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
JOKER = "JK"
DECK = tuple(r + s for s in SUITS for r in RANKS) + (JOKER,)
"""The 41 cards: ace to ten in four suits, and one Joker."""
DECK_SET = frozenset(DECK)


def card_value(card: str) -> int:
    """Ace counts 1, number cards their number; the Joker has no value."""
    if card == JOKER:
        raise ValueError("the Joker has no value")
    rank = card[:-1]
    return 1 if rank == "A" else int(rank)


def card_suit(card: str) -> str:
    return card[-1]


def is_black(card: str) -> bool:
    return card != JOKER and card[-1] in BLACK


def is_heart(card: str) -> bool:
    return card != JOKER and card[-1] == "H"


# Combat Results Table: CRT[die - 1][min(strength, 20) - 1] wounds.
CRT = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 3, 4, 5, 5),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6),
    (0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6),
    (0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7),
    (0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 4, 5, 5, 6, 6, 6, 7, 7),
    (1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8),
)


def crt(die: int, strength: int) -> int:
    """Wounds inflicted by a roll of ``die`` at combat ``strength`` (0 strength: none)."""
    if strength <= 0:
        return 0
    return CRT[die - 1][min(strength, 20) - 1]


# Combat strength of a figure in contact: (unwounded, wounded).
STRENGTH = {"S": (2, 1), "H": (3, 2), "Z": (1, 1)}
SUPPORT_STRENGTH = 1
GAUNTLET_STRENGTH = 10

# The Narration Track: hour -> (event id, title, what happens, in our words).
EVENTS = {
    1: ("A Gauntlet of Zombies", "The band dashes through a horde towards shelter: one roll on the "
        "table at strength 10, the player spreads the wounds."),
    2: ("Zombie Assault", "A card per player: that many zombies hit the Front Line."),
    3: ("Dissention in the Ranks", "A card per player; on black, half a die (rounded down) of "
        "survivors run off into the night."),
    4: ("Saviours", "Zombies chase newcomers in: a card of zombies for the Front Line, then a "
        "Replacement card."),
    5: ("The Enemy Within", "A card per wounded survivor; on black, that survivor turns and "
        "attacks its own zone."),
    6: ("Surprise Zombie Assault", "A card per player: that many zombies burst into Support."),
    7: ("Down in Flames", "A pickup brings help (Replacement card), then explodes: a card of "
        "burning zombies for the Front Line."),
    8: ("A Gauntlet of Fire", "Out of the burning shelter and through the horde again: one roll "
        "at strength 10."),
    9: ("The Final Assault", "Two cards per player: their total in zombies hits the Front Line."),
    10: ("A Brave New Dawn", "The enemy within one last time; if anyone turned, the National "
         "Guard shoots every survivor it draws a black card for. Then the night ends."),
}
EVENT_RULES = {1: "nsd-gauntlet", 2: "nsd-assault", 3: "nsd-dissention", 4: "nsd-saviours",
               5: "nsd-enemy-within", 6: "nsd-surprise-assault", 7: "nsd-down-in-flames",
               8: "nsd-gauntlet", 9: "nsd-final-assault", 10: "nsd-brave-new-dawn"}
HOURS = 10

"""Edit mode for Cave Evil: where the squads stand, who is in them, what they did this turn,
whose turn and which cycle, and (full game) the Blood Eye on the Awaken Track.

What a rules lawyer disputes in Cave Evil is mostly a question of the map: may this squad
still reach that hex, is it engaged, does that dig go on, who may fight whom. So the editable
things are the ones those questions read:

* a squad (a player's or a Wandering Monster squad) is put on another hex of open or collapsed
  ground, as it is; a squad digging gives its dig up, as a move does in play;
* a creature of a player's squad goes to another squad of the same player, or to an empty hex
  where it starts a new squad on its owner's first free control card; a squad left with nobody
  is taken off the map (its card is free again). Creatures, their cards and items are only
  moved, never created or killed, so what the loader counts stays counted;
* an item or spell held goes to another creature of the same player, or onto the ground under
  its squad (combat reads what each creature holds; a creature's card limits how many);
* per squad: movement points spent this turn, whether its movement is over, whether it has
  acted (the squad's creatures all take the value; these decide what it may still do);
* in play: whose turn it is and the cycle (the cycle limit ends the map game);
* full game: how far the Blood Eye has come on the Awaken Track (the loader checks it against
  the Reveal and Awaken icons and the card's flags).

Deliberately not editable: the ground (tiles dug and collapsed, set-up pieces): a tile laid is
a draw from the excavation deck with a look-ahead the set-up checks, and re-laying it by hand
would be a different game; the decks, hands and Conjuration piles (hidden cards, counted by the
loader); a fight under way, kills and kill points (they follow from a fight's record); the
pending decision and the full game's turn parts (a half-done action, best reached by play); the
members of a Wandering Monster squad (its marker and spawn make it one piece); resources carried
and lying on the ground (free-form counts with no limit the loader could check).

Each control is a small change of the position's JSON, and the game's own loader refuses what
the rules never reach: two squads on one hex, an enemy on a Chthonic Crystal, a Necromancer off
its N card, a squad too big, a player's squad left standing on a spawn pit, a dig left with no
pick-axe, a creature holding more than its card allows, a turn given to a player whose pending
move or fight it is not.
"""

from __future__ import annotations

from necro.core.edit import LEAVE, Control, Editor

from .awaken import _layout
from .ground import COLLAPSED, OPEN
from .hexes import parse_hex
from .movement import CARDS, squad_id

GROUND = "ground"


def _hex_order(name: str):
    h = parse_hex(name)
    return (h.r, h.q)


def squad_label(s: dict) -> str:
    who = "Wandering Monster" if s["owner"] is None else f"player {s['owner'] + 1}'s"
    return f"{who} squad {s.get('card') or s['id']}"


class CaveEvilEditor(Editor):
    def ground_hexes(self) -> list[str]:
        """Open or collapsed ground outside the Lairs' shells: where a squad may stand at all."""
        g = self.state.ground
        return sorted((str(h) for h, s in g.status.items() if s in (OPEN, COLLAPSED) and h not in g.shell),
                      key=_hex_order)

    def squads(self) -> list[dict]:
        """The squads in board order: by hex, top row first."""
        return sorted(self.position["squads"], key=lambda s: _hex_order(s["at"]))

    def elements(self):
        return [(s["at"], f"{squad_label(s)} on {s['at']}") for s in self.squads()]

    def controls(self):
        pos = self.position
        found = []
        hexes = self.ground_hexes()
        for s in self.squads():
            at = s["at"]
            name = squad_label(s)
            found.append(Control(f"squad.{s['id']}", f"Put {name} on", "",
                                 (LEAVE,) + tuple((h, h) for h in hexes if h != at),
                                 on=at, target=True, group="Squads"))
            if s["owner"] is not None:
                own = {o["at"] for o in pos["squads"] if o["owner"] == s["owner"] and o["id"] != s["id"]}
                taken = {o["at"] for o in pos["squads"]}
                places = tuple((h, f"{h} (join that squad)" if h in own else f"{h} (a new squad)")
                               for h in hexes if h in own or h not in taken)
                for c in s["creatures"]:
                    found.append(Control(f"creature.{c['id']}", f"Move {c.get('card') or c['id']} ({c['id']}) to",
                                         "", (LEAVE,) + places, on=at, target=True, group="Squads"))
                for c in s["creatures"]:
                    for item in dict.fromkeys(c.get("items", ())):
                        found.append(self.item_control(s, c, item))
            creatures = s["creatures"]
            fastest = max(c["speed"] for c in creatures)
            moved = max(c.get("moved", 0) for c in creatures)
            found += [
                Control(f"moved.{s['id']}", "Movement points spent this turn", moved, kind="number", low=0,
                        high=max(fastest, moved), on=at, group="Squads"),
                Control(f"halted.{s['id']}", "Its movement is over this turn",
                        all(c.get("halted", False) for c in creatures), ((False, "no"), (True, "yes")),
                        on=at, group="Squads"),
                Control(f"acted.{s['id']}", "It has taken its action this turn",
                        any(c.get("acted", False) for c in creatures), ((False, "no"), (True, "yes")),
                        on=at, group="Squads"),
            ]
        if pos["phase"] == "play":
            n = self.state.game.players
            full = self.state.game.options["game"] == "full"
            found += [
                Control("turn", "Player to act", pos["turn"], tuple((p, f"player {p + 1}") for p in range(n)),
                        group="Turn"),
                Control("cycle", "Cycle", pos["cycle"], kind="number", low=1,
                        high=max(pos["cycle"], 40) if full else self.state.game.options["cycles"], group="Turn"),
            ]
            if full and pos.get("track") is not None:
                layout = _layout(None)
                top = layout.doom(max(layout.icons))
                found.append(Control("blood_eye", "Blood Eye: spaces moved on the Awaken Track since set-up",
                                     pos["track"]["position"], kind="number", low=0, high=top,
                                     group="Awaken Track"))
        return found

    def item_control(self, squad: dict, creature: dict, item: str) -> Control:
        """Give an item or spell to another creature of the same player, or leave it on the ground."""
        others = tuple((c["id"], f"{c.get('card') or c['id']} ({c['id']}, squad {o['card']})")
                       for o in self.squads() if o["owner"] == squad["owner"]
                       for c in o["creatures"] if c["id"] != creature["id"])
        return Control(f"item.{creature['id']}.{item}", f"{creature.get('card') or creature['id']}'s {item}: give it to",
                       "", (LEAVE,) + others + ((GROUND, f"the ground at {squad['at']}"),), on=squad["at"],
                       group="Items and spells")

    def change(self, position, control, value):
        head, _, rest = control.partition(".")
        squads = position["squads"]
        if head == "squad":
            if value != "":
                next(s for s in squads if s["id"] == rest)["at"] = value
                abandon_dig(position, rest)
        elif head == "creature":
            if value != "":
                move_creature(position, rest, value)
        elif head == "item":
            if value != "":
                holder, _, item = rest.partition(".")
                give_item(position, holder, item, value)
        elif head in ("moved", "halted", "acted"):
            for c in next(s for s in squads if s["id"] == rest)["creatures"]:
                c[head] = value
                if not value:
                    del c[head]  # the position keeps no zero or false flags
        elif head == "turn":
            position["turn"] = value
        elif head == "cycle":
            position["cycle"] = value
        elif head == "blood_eye":
            position["track"]["position"] = value
        else:
            raise KeyError(control)
        return position


def abandon_dig(position: dict, sid: str) -> None:
    """A squad that leaves the hex it digs from gives its dig up, as a move does in play (rule
    ce-dig-leave): the face-down card goes to the discards, events drawn stay set aside. A dig
    being finished is left as it is (the loader then refuses the move)."""
    for dig in list(position["digs"]):
        if dig["squad"] == sid and dig["stage"] == "digging":
            position["digs"].remove(dig)
            if dig["card"] is not None:
                discard = position["deck"]["discard"]
                discard[dig["card"]] = discard.get(dig["card"], 0) + 1
            position["events"] += dig["events"]


def give_item(position: dict, holder: str, item: str, to: str) -> None:
    """The item leaves ``holder`` for creature ``to``, or the ground of the holder's hex."""
    creatures = {c["id"]: (s, c) for s in position["squads"] for c in s["creatures"]}
    squad, creature = creatures[holder]
    creature["items"].remove(item)
    if not creature["items"]:
        del creature["items"]
    if to == GROUND:
        spot = position["loot"].setdefault(squad["at"], {"gore": 0, "items": []})
        spot["items"] = sorted(spot["items"] + [item])
    else:
        creatures[to][1].setdefault("items", []).append(item)


def move_creature(position: dict, creature: str, where: str) -> None:
    """Creature ``creature`` leaves its squad for the owner's squad on ``where``, or a new squad
    there on the owner's first free control card (N for the Necromancer, whose card it is).
    A squad left empty is taken off the map."""
    squads = position["squads"]
    source = next(s for s in squads if any(c["id"] == creature for c in s["creatures"]))
    record = next(c for c in source["creatures"] if c["id"] == creature)
    source["creatures"].remove(record)
    if not source["creatures"]:
        squads.remove(source)
    owner = source["owner"]
    there = next((s for s in squads if s["at"] == where), None)
    if there is None:
        used = {s.get("card") for s in squads if s["owner"] == owner}
        free = [c for c in CARDS if c not in used]
        card = "N" if record.get("necromancer") and "N" in free else next((c for c in free if c != "N"), free[0] if free else "N")
        there = {"id": squad_id(owner, card), "owner": owner, "at": where, "creatures": [], "card": card}
        squads.append(there)
    there["creatures"].append(record)
    position["squads"] = sorted(squads, key=lambda s: s["id"])

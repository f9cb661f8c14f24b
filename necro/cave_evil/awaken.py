"""The Awaken Track, the Blood Eye and the five Awakening Evils: ``awaken.json`` and pure logic.

The Blood Eye is the game's clock. It starts on the Awaken icon in the upper-left
corner of the map and moves clockwise round a loop of vortex spaces: one space
per creature invoked and one at the end of every cycle (rules ce-blood-eye-invoke,
ce-blood-eye-cycle). Midway it passes the Reveal icon (the face-down Awakening
Evil card is turned up), then the Awaken icon (the Evil wakes), and if the Evil
is still unconquered when it passes the Reveal icon a second time, everybody
loses (rule ce-awaken-doom).

The loop is printed on the map, not written in the text, so its length and icon
positions are data (rule ce-awaken-track-data). The Blood Eye's place is kept
as its *progress*: spaces moved since set-up (:attr:`Track.position`). On a
loop that is the one number that tells a first pass of the Reveal icon
(``position >= reveal``) from the second (``position >= length + reveal``);
the vortex space it stands on is :meth:`Track.space`.

Every function here is pure: the dice a rule asks for are arguments (a D4, a
D12 roll-off) or are returned as exact outcomes with :class:`~fractions.Fraction`
probabilities, as :mod:`.deck` does for the Excavation Deck.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from numbers import Real
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from necro.core import IllegalAction, Reader, read_json_file

from .creatures import ATTRIBUTES, PROVENANCE, Catalogue, catalogue
from .hexes import DIRECTIONS, Hex

HERE = Path(__file__).resolve().parent
AWAKEN_FILE = HERE / "awaken.json"
FORMAT = "cave-evil-awaken"
VERSION = 1

PLAYER_COUNTS = (2, 3, 4)

# The text's numbers (the packaged data must agree; the tests check it).
STATUE_BATH = 18
"""Kill points (enemy or wandering) a Necromancer needs to bathe the Statue (rule ce-evil-statue)."""
STATUE_RANGE = 8
"""How far the Statue's eyes shoot (rule ce-evil-statue)."""
GOAT_BLESSING = 27
"""Enemy kill points that earn the Goat's blessing, and the game (rule ce-evil-goat)."""
GOAT_MOVEMENT = 3
"""Spaces the Goat rampages each cycle (rule ce-evil-goat)."""
BITCH_BINDING = {"strength": -3, "dodge": -3, "armor": -3}
"""Her binding on the Necromancer squad that fights her (rule ce-evil-bitch)."""

EVENTS = ("reveal", "awaken", "doom")
"""What :func:`advance` reports, in the order it happens."""

# The vocabulary of the Evils' structured fields (see awaken.json and the dataclasses below).
OFFER_KINDS = ("bath", "blessing")
COUNTS = ("any", "enemy")
KILLS = ("no-enemy-kill-points",)
EACH_CYCLE = ("attack-least-enemy", "hunt-declared", "rampage")
DIGS = ("undug", "anywhere")
WIN_HOW = ("enter-pit", "kill", "eyes-to-crystal")
WIN_BY = ("necromancer", "necromancer-squad", "any")
WIN_STARTS = ("at-once", "next-cycle")
EVIL_GROUPS = ("revealed", "awakened", "win")

GOAT_DIRECTIONS = ("north", "east", "south", "west")
"""The Goat's D4: 1 north, 2 east, 3 south, 4 west (rule ce-evil-goat)."""
_N, _NE, _SE, _S, _SW, _NW = DIRECTIONS
GOAT_STEPS = {"north": (_N,), "east": (_NE, _SE), "south": (_S,), "west": (_NW, _SW)}
"""The step(s) toward each compass point on our flat-topped grid (rule ce-hex-grid): north and
south are straight lines of hexes; east and west are not, so each step goes one of two ways
(rule ce-evil-goat-move)."""


# ====================================================================== the data
@dataclass(frozen=True)
class Icons:
    """Where the Reveal and Awaken icons are for one number of living Necromancers, in spaces
    clockwise from the start."""

    reveal: int
    awaken: int
    provenance: tuple[tuple[str, str], ...] = ()
    why: str = ""


@dataclass(frozen=True)
class TrackLayout:
    """The Awaken Track as printed on the map (rule ce-awaken-track-data)."""

    length: int
    start: int
    icons: dict               # number of living Necromancers -> Icons
    provenance: tuple[tuple[str, str], ...] = ()
    why: str = ""

    def _icons(self, players_alive: int) -> Icons:
        if players_alive not in self.icons:
            raise IllegalAction(f"players {players_alive}", "ce-awaken-adjust",
                                f"the track has icons for {', '.join(map(str, sorted(self.icons)))} "
                                f"living Necromancers, not {players_alive}")
        return self.icons[players_alive]

    def reveal(self, players_alive: int) -> int:
        """Progress at which the Blood Eye first reaches the Reveal icon."""
        return self._icons(players_alive).reveal

    def awaken(self, players_alive: int) -> int:
        """Progress at which the Blood Eye reaches the Awaken icon."""
        return self._icons(players_alive).awaken

    def doom(self, players_alive: int) -> int:
        """Progress at which the Blood Eye reaches the Reveal icon a second time (rule ce-awaken-doom)."""
        return self.length + self.reveal(players_alive)


@dataclass(frozen=True)
class Shot:
    """The Statue's stare: a ranged attack the bathing Necromancer aims."""

    range: int
    attribute: str


@dataclass(frozen=True)
class Offer:
    """What a Necromancer may do with a revealed Evil that is not awake yet.

    ``bath`` (the Statue): with ``kill_points`` of the kinds ``counts`` allows, bathe it
    (the cards go to the box when ``spends``) for one ``shot``. ``blessing`` (the Goat):
    with ``kill_points`` enemy kill points, kneel beside it and win (``wins``).
    """

    kind: str
    kill_points: int
    counts: str
    spends: bool
    wins: bool
    shot: Shot | None


@dataclass(frozen=True)
class Revealed:
    """What turning the card up does."""

    on_pit: bool          # the Evil's marker goes on the Pit; what stands there moves beside it
    advanced: bool        # these effects are for advanced play only (the Statue)
    offer: Offer | None


@dataclass(frozen=True)
class Awakened:
    """What happens once the Evil wakes."""

    track_stops: bool          # the Blood Eye moves no more (rule ce-awaken-stop)
    marker_on_pit: bool        # its marker is put on the Pit now
    kills: str | None          # "no-enemy-kill-points": those players die at once (the Bitch)
    each_cycle: str | None     # what it does at the start of every cycle
    movement: int | None       # a fixed move each cycle (the Goat); else its card's
    digs: str | None           # digs through undug ground ("undug") or through anything ("anywhere")
    eviscerates: bool          # squads beside it die without a fight (the Goat)


@dataclass(frozen=True)
class Win:
    """How a player conquers the Evil and wins.

    ``enter-pit``: move the Necromancer onto the Pit. ``kill``: win the fight that kills it.
    ``eyes-to-crystal``: kill it, then carry its eyes onto the player's own Chthonic Crystal.
    The combat fields say what a fight against it allows (unused for ``enter-pit``).
    """

    how: str
    by: str
    starts: str
    flank: bool = False
    items: bool = False
    once_per_game: bool = False
    mind: bool = False                 # mind abilities (Mind Chanter, Brain Sentry, Astral Worm)
    attacker: str | None = None        # "necromancer": the Necromancer always attacks it
    second_attribute: str | None = None  # "opponents": the other players pick its second attribute
    binding: tuple[tuple[str, int], ...] = ()
    squad_eviscerated: bool = False    # the creatures with the Necromancer die before the fight


@dataclass(frozen=True)
class Evil:
    """One Awakening Evil card."""

    id: str
    name: str
    card: str | None           # its creature card in creatures.json (the Pit has none)
    advanced: bool             # in the deck only in advanced play
    revealed: Revealed
    awakened: Awakened
    win: Win
    provenance: tuple[tuple[str, str], ...] = ()
    why: str = ""
    notes: str = ""

    def source(self, group: str) -> str:
        return dict(self.provenance)[group]


@dataclass(frozen=True)
class AwakenData:
    """The track and the Evils, by id in file order, and the short-game pair."""

    track: TrackLayout
    evils: dict
    short_game: tuple[str, ...]

    def __getitem__(self, evil_id: str) -> Evil:
        return self.evils[evil_id]

    def __contains__(self, evil_id) -> bool:
        return evil_id in self.evils


# ------------------------------------------------------------------ loading
def _one_line(r: Reader, required: bool = True) -> str:
    text = r.str(max_length=400)
    if (required and not text.strip()) or "\n" in text:
        r.fail("give a one-line text")
    return text


def _provenance(r: Reader, keys) -> tuple:
    r.obj(allowed=keys)
    for k in keys:
        if not r.has(k):
            r.get(k, None).fail("say where this comes from: rules, faq, inferred or book")
    return tuple((k, r[k].str(choices=PROVENANCE)) for k in keys)


def _choice(r: Reader, choices) -> str | None:
    inner = r.optional()
    return None if inner is None else inner.str(choices=choices)


def _track(r: Reader) -> TrackLayout:
    r.obj(allowed=("length", "start", "icons", "provenance", "why"))
    length = r["length"].int(12, 200)
    start = r["start"].int(0, length - 1)
    icons_r = r["icons"].obj(allowed=[str(n) for n in PLAYER_COUNTS])
    icons = {}
    for n in PLAYER_COUNTS:
        i_r = icons_r[str(n)].obj(allowed=("reveal", "awaken", "provenance", "why"))
        reveal = i_r["reveal"].int(1, length - 1)
        awaken = i_r["awaken"].int(1, length)
        if awaken <= reveal:
            i_r["awaken"].fail(f"the Awaken icon ({awaken}) must come after the Reveal icon ({reveal}) "
                               "(rule ce-awaken-track)")
        icons[n] = Icons(reveal, awaken, _provenance(i_r["provenance"], ("reveal", "awaken")),
                         _one_line(i_r["why"]))
    for fewer, more in zip(PLAYER_COUNTS, PLAYER_COUNTS[1:]):
        for which in ("reveal", "awaken"):
            if getattr(icons[fewer], which) > getattr(icons[more], which):
                icons_r[str(fewer)][which].fail(
                    f"with {fewer} players the {which.title()} icon comes no later than with {more} "
                    "(rule ce-awaken-awaken: it arrives earlier in smaller games)")
    return TrackLayout(length, start, icons, _provenance(r["provenance"], ("length", "start")),
                       _one_line(r["why"]))


def _offer(r: Reader) -> Offer | None:
    if r.optional() is None:
        return None
    r.obj(allowed=("kind", "kill_points", "counts", "spends", "wins", "shot"))
    kind = r["kind"].str(choices=OFFER_KINDS)
    shot = None
    shot_r = r["shot"].optional()
    if shot_r is not None:
        shot_r.obj(allowed=("range", "attribute"))
        shot = Shot(shot_r["range"].int(1, 20), shot_r["attribute"].str(choices=ATTRIBUTES))
    offer = Offer(kind, r["kill_points"].int(1, 200), r["counts"].str(choices=COUNTS), r["spends"].bool(),
                  r["wins"].bool(), shot)
    if (kind == "bath") != (shot is not None) or (kind == "blessing") != offer.wins:
        r["kind"].fail("a bath buys a shot and wins nothing; a blessing wins the game and shoots nothing")
    return offer


def _win(r: Reader) -> Win:
    combat = ("flank", "items", "once_per_game", "mind", "attacker", "second_attribute", "binding",
              "squad_eviscerated")
    r.obj(allowed=("how", "by", "starts") + combat)
    how = r["how"].str(choices=WIN_HOW)
    by = r["by"].str(choices=WIN_BY)
    starts = r["starts"].str(choices=WIN_STARTS)
    if how == "enter-pit":
        for key in combat:
            if r.has(key):
                r[key].fail("stepping onto the Pit is no fight: give no combat fields")
        return Win(how, by, starts)
    binding_r = r["binding"].obj(allowed=ATTRIBUTES)
    binding = tuple((a, binding_r[a].int(-30, -1)) for a in ATTRIBUTES if binding_r.has(a))
    attacker = _choice(r["attacker"], ("necromancer",))
    return Win(how, by, starts, r["flank"].bool(), r["items"].bool(), r["once_per_game"].bool(),
               r["mind"].bool(), attacker, _choice(r["second_attribute"], ("opponents",)), binding,
               r["squad_eviscerated"].bool())


def _evil(r: Reader, cards: Catalogue) -> Evil:
    r.obj(allowed=("id", "name", "card", "advanced", "revealed", "awakened", "win", "provenance", "why",
                   "notes"))
    evil_id = r["id"].str(max_length=40)
    if not evil_id or not all(ch.islower() or ch.isdigit() or ch == "-" for ch in evil_id) or evil_id[0] == "-":
        r["id"].fail("an id is lowercase words joined by hyphens")
    name = r["name"].str(max_length=60)
    card_r = r["card"].optional()
    card = None
    if card_r is not None:
        card = card_r.str(max_length=40)
        if card not in cards.creatures or cards.creature(card).kind != "awakened-evil":
            card_r.fail(f"no awakened-evil card is called {card!r} in creatures.json")
    advanced = r["advanced"].bool()
    rv = r["revealed"].obj(allowed=("on_pit", "advanced", "offer"))
    revealed = Revealed(rv["on_pit"].bool(), rv["advanced"].bool(), _offer(rv["offer"]))
    if revealed.offer is not None and not revealed.on_pit:
        rv["offer"].fail("a Necromancer bathes or kneels beside an Evil standing on the Pit: set on_pit")
    aw = r["awakened"].obj(allowed=("track_stops", "marker_on_pit", "kills", "each_cycle", "movement", "digs",
                                    "eviscerates"))
    movement_r = aw["movement"].optional()
    awakened = Awakened(aw["track_stops"].bool(), aw["marker_on_pit"].bool(), _choice(aw["kills"], KILLS),
                        _choice(aw["each_cycle"], EACH_CYCLE), movement_r.int(1, 12) if movement_r else None,
                        _choice(aw["digs"], DIGS), aw["eviscerates"].bool())
    win = _win(r["win"])
    if card is not None:   # the numbers the creature card also holds must agree with it
        c = cards.creature(card)
        if awakened.movement is not None and awakened.movement != c.movement:
            aw["movement"].fail(f"the {c.name} card moves {c.movement}, not {awakened.movement}")
        shot = revealed.offer.shot if revealed.offer else None
        if shot is not None and (c.ranged is None or c.ranged.range != shot.range):
            rv["offer"]["shot"]["range"].fail(f"the {c.name} card does not shoot {shot.range} spaces")
        card_binding = tuple(sorted((e.attribute, e.amount) for e in c.effects
                                    if e.kind == "binding" and e.to == "enemies"))
        if tuple(sorted(win.binding)) != card_binding:
            r["win"]["binding"].fail(f"the {c.name} card binds {dict(card_binding)}, not {dict(win.binding)}")
    elif win.how != "enter-pit":
        r["card"].fail("an Evil that is fought needs its creature card")
    provenance = _provenance(r["provenance"], EVIL_GROUPS)
    return Evil(evil_id, name, card, advanced, revealed, awakened, win, provenance, _one_line(r["why"]),
                _one_line(r.get("notes", ""), required=False))


def awaken_from_json(data, path: str = "awaken", cards: Catalogue | None = None) -> AwakenData:
    """A validated :class:`AwakenData` from the parsed JSON of an awaken file.

    Besides each part's own checks: the Awaken icon comes after the Reveal icon and no later
    with fewer players; an Evil's card exists and agrees with the numbers given here (the
    Goat's movement, the Statue's range, the Bitch's binding); ids are unique; the short game
    names two Evils of the file that need no advanced play (rule ce-awaken-short).
    """
    cards = cards if cards is not None else catalogue()
    r = Reader(data, path).obj(allowed=("format", "version", "about", "track", "short_game", "evils"))
    r["format"].str(choices=[FORMAT])
    r["version"].int(VERSION, VERSION)
    r.get("about", "").str()
    track = _track(r["track"])
    evils: dict[str, Evil] = {}
    for e_r in r["evils"].list(min_length=1, max_length=20):
        evil = _evil(e_r, cards)
        if evil.id in evils:
            e_r["id"].fail(f"Evil id {evil.id!r} is used twice")
        evils[evil.id] = evil
    if all(e.advanced for e in evils.values()):
        r["evils"].fail("without advanced play the deck would be empty")
    short = []
    for s_r in r["short_game"].list(length=2):
        evil_id = s_r.str(max_length=40)
        if evil_id not in evils or evils[evil_id].advanced:
            s_r.fail(f"the short game shuffles two Evils of this file that need no advanced play, not {evil_id!r}")
        if evil_id in short:
            s_r.fail(f"{evil_id!r} is named twice")
        short.append(evil_id)
    return AwakenData(track, evils, tuple(short))


def load_awaken(path: str | Path | None = None, cards: Catalogue | None = None) -> AwakenData:
    """Read and validate an awaken file (the packaged ``awaken.json`` by default)."""
    path = Path(path) if path else AWAKEN_FILE
    return awaken_from_json(read_json_file(path), path.stem, cards)


@lru_cache(maxsize=1)
def awaken_data() -> AwakenData:
    """The packaged track and Evils, loaded once."""
    return load_awaken()


def _layout(layout: TrackLayout | None) -> TrackLayout:
    return layout if layout is not None else awaken_data().track


# ============================================================ the set-up draw
def awakening_outcomes(short_game: bool, advanced: bool,
                       data: AwakenData | None = None) -> list[tuple[str, Fraction]]:
    """The Evil the first player draws face down at set-up, each with its chance (rule ce-awaken-draw).

    A short game shuffles only the Pit and the Bitch (rule ce-awaken-short); otherwise
    every card is in, except the advanced-only ones (the Goat) without advanced play
    (rule ce-awaken-basic). A shuffled deck's top card is any of its cards alike.
    """
    data = data if data is not None else awaken_data()
    if short_game:
        ids = list(data.short_game)
    else:
        ids = [e.id for e in data.evils.values() if advanced or not e.advanced]
    return [(evil_id, Fraction(1, len(ids))) for evil_id in ids]


# ============================================================ the Blood Eye
def invoke_spaces(creatures: int) -> int:
    """Spaces the Blood Eye moves for one Invoke: one per creature; items and spells move it not
    at all (rule ce-blood-eye-invoke)."""
    if isinstance(creatures, bool) or not isinstance(creatures, int) or creatures < 0:
        raise ValueError("the number of creatures invoked is a whole number, 0 or more")
    return creatures


def cycle_end_spaces(invoked_this_cycle: bool, extended: bool) -> int:
    """Spaces the Blood Eye moves at the end of a cycle.

    One, always (rule ce-blood-eye-cycle); with advanced rule 6 (rule ce-awaken-extended)
    only after a cycle in which nobody invoked a creature.
    """
    return 0 if extended and invoked_this_cycle else 1


@dataclass(frozen=True)
class Track:
    """Where the Blood Eye is and what it has set off.

    ``position``: vortex spaces moved since set-up (progress, never decreasing).
    ``reveal_due``: it has moved onto or past the Reveal icon this turn; the card is turned
    at the end of the turn (:func:`end_of_turn`, rule ce-awaken-reveal).
    ``revealed``: the card is face up. ``awakened``: the Evil is awake.
    ``stopped``: the Evil stopped the track (rule ce-awaken-stop).
    ``doomed``: it passed the Reveal icon a second time: every Necromancer is destroyed.
    """

    position: int = 0
    reveal_due: bool = False
    revealed: bool = False
    awakened: bool = False
    stopped: bool = False
    doomed: bool = False

    def space(self, layout: TrackLayout | None = None) -> int:
        """The vortex space it stands on, 0-based clockwise from the map's upper-left corner."""
        layout = _layout(layout)
        return (layout.start + self.position) % layout.length

    def lap(self, layout: TrackLayout | None = None) -> int:
        """0 on its first circuit, 1 on the second."""
        return self.position // _layout(layout).length

    def copy(self) -> "Track":
        return replace(self)

    def to_json(self) -> dict:
        return {"position": self.position, "reveal_due": self.reveal_due, "revealed": self.revealed,
                "awakened": self.awakened, "stopped": self.stopped, "doomed": self.doomed}

    @classmethod
    def from_json(cls, data, path: str = "track", layout: TrackLayout | None = None) -> "Track":
        """A track read back and checked against the layout.

        The flags must agree with each other and with the position for *some* number of
        living Necromancers: icons only move earlier as Necromancers die (rule
        ce-awaken-adjust), so past the 4-player icon every count has fired, and short of
        the 2-player icon none has.
        """
        layout = _layout(layout)
        r = Reader(data, path).obj(allowed=("position", "reveal_due", "revealed", "awakened", "stopped", "doomed"))
        doom_lo, doom_hi = (layout.doom(n) for n in (min(layout.icons), max(layout.icons)))
        position = r["position"].int(0, doom_hi)
        due, revealed, awakened = r["reveal_due"].bool(), r["revealed"].bool(), r["awakened"].bool()
        stopped, doomed = r["stopped"].bool(), r["doomed"].bool()
        reveal = [layout.reveal(n) for n in layout.icons]
        awaken = [layout.awaken(n) for n in layout.icons]

        def check(ok: bool, key: str, reason: str):
            if not ok:
                r[key].fail(reason)

        check(not (due and revealed), "reveal_due", "a card already face up is not waiting to be turned")
        check(not awakened or revealed, "awakened", "an awake Evil has been revealed (rule ce-awaken-reveal-when)")
        check(not stopped or (awakened and not doomed), "stopped", "only an awake Evil stops the track")
        check(not doomed or awakened, "doomed", "doom comes only after the Evil is awake")
        seen = due or revealed
        check(position < max(reveal) or seen, "position",
              "the Blood Eye is past every Reveal icon: the card is turned")
        check(position >= min(reveal) or not seen, "position", "the Blood Eye has reached no Reveal icon yet")
        check(position < max(awaken) or awakened, "position",
              "the Blood Eye is past every Awaken icon: the Evil is awake")
        check(position >= min(awaken) or not awakened, "position", "the Blood Eye has reached no Awaken icon yet")
        check(not stopped or position <= max(awaken), "position", "a stopped track stays on the Awaken icon")
        check(stopped or position < doom_hi or doomed, "position",
              "the Blood Eye passed the Reveal icon a second time: everyone is destroyed")
        check(position >= doom_lo or not doomed, "position", "the Blood Eye has not passed the Reveal icon twice")
        return cls(position, due, revealed, awakened, stopped, doomed)


def advance(track: Track, spaces: int, players_alive: int, *, track_stops: bool = False,
            layout: TrackLayout | None = None) -> tuple[Track, list[str]]:
    """Move the Blood Eye ``spaces`` forward; the new track and what happened, in order.

    ``players_alive`` (living Necromancers) picks the icons (rule ce-awaken-adjust). An
    icon fires when the Blood Eye moves onto or past it; one it already stands past
    (icons move earlier when a Necromancer dies) fires before it moves, so
    ``advance(track, 0, n)`` is the adjustment after a death (rule ce-awaken-adjust-how).

    - ``"reveal"``: the card is turned at the end of this turn (``reveal_due``; call
      :func:`end_of_turn`; at the end of a cycle, at once: rule ce-awaken-reveal-when);
    - ``"awaken"``: the Evil is awake now, and revealed now if it was still due. With
      ``track_stops`` (the Evil's ``awakened.track_stops``: the Bitch, the Emperor) the
      Blood Eye stays on the Awaken icon for good (rule ce-awaken-stop);
    - ``"doom"``: the Reveal icon passed a second time: everyone is destroyed, nobody
      wins (rule ce-awaken-doom); the Blood Eye stops there.

    A stopped track does not move (an empty list). Refused: moving backwards, a track
    already doomed, a number of Necromancers the track has no icons for.
    """
    layout = _layout(layout)
    action = f"advance {spaces}"
    if isinstance(spaces, bool) or not isinstance(spaces, int):
        raise IllegalAction(action, "ce-awaken-track", "the Blood Eye moves a whole number of spaces")
    if spaces < 0:
        raise IllegalAction(action, "ce-awaken-track", "the Blood Eye never moves backwards")
    if track.doomed:
        raise IllegalAction(action, "ce-awaken-doom", "every Necromancer is already destroyed")
    reveal, awaken, doom = (layout.reveal(players_alive), layout.awaken(players_alive),
                            layout.doom(players_alive))
    if track.stopped:
        return track, []
    # The icons come in this order on the way (reveal < awaken <= length < doom), and an icon
    # already behind the Blood Eye fires where it stands.
    here, target = track.position, track.position + spaces
    t, events = track, []
    if reveal <= target and not (t.revealed or t.reveal_due):
        t = replace(t, reveal_due=True)
        events.append("reveal")
    if awaken <= target and not t.awakened:
        t = replace(t, awakened=True, revealed=True, reveal_due=False, stopped=track_stops)
        events.append("awaken")
        if track_stops:
            return replace(t, position=max(here, awaken)), events
    if doom <= target and t.awakened:
        return replace(t, position=max(here, doom), doomed=True), events + ["doom"]
    return replace(t, position=target), events


def adjust(track: Track, players_alive: int, *, track_stops: bool = False,
           layout: TrackLayout | None = None) -> tuple[Track, list[str]]:
    """The icons after a Necromancer's death: those the Blood Eye already stands on or past
    fire now (rule ce-awaken-adjust-how)."""
    return advance(track, 0, players_alive, track_stops=track_stops, layout=layout)


def end_of_turn(track: Track) -> tuple[Track, bool]:
    """Turn the card up if the Blood Eye reached the Reveal icon this turn; whether it was
    turned now (rule ce-awaken-reveal)."""
    if not track.reveal_due:
        return track, False
    return replace(track, reveal_due=False, revealed=True), True


# ============================================================ who the Evils pick
def _check(points: Sequence, alive: Iterable[int], what: str = "kill points") -> list[int]:
    alive = sorted(set(alive))
    if not alive:
        raise ValueError("at least one Necromancer must be alive")
    if any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < len(points) for p in alive):
        raise ValueError(f"living players are numbered 0..{len(points) - 1}")
    for p in alive:
        v = points[p]
        if isinstance(v, bool) or not isinstance(v, Real) or not v >= 0:
            raise ValueError(f"player {p + 1}'s {what} must be a number, 0 or more, not {v!r}")
    return alive


def roll_off(rolls: Mapping[int, int], lowest: bool = False) -> list[int]:
    """The players with the best D12 (highest, or lowest when ``lowest``); one of them wins the
    roll-off, several roll again (rule ce-evil-roll-off)."""
    if not rolls or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 12 for v in rolls.values()):
        raise ValueError("a roll-off needs each player's D12, from 1 to 12")
    best = (min if lowest else max)(rolls.values())
    return sorted(p for p, v in rolls.items() if v == best)


def roll_off_outcomes(players: Sequence[int]) -> list[tuple[int, Fraction]]:
    """Who wins a D12 roll-off among ``players``, rerolling ties: each alike (rule ce-evil-roll-off)."""
    players = sorted(set(players))
    if not players:
        raise ValueError("a roll-off needs players")
    return [(p, Fraction(1, len(players))) for p in players]


def bitch_victims(enemy_kp: Sequence, alive: Iterable[int]) -> list[int]:
    """The players who die as she wakes: those with no enemy kill points (rules ce-evil-bitch,
    ce-evil-bitch-none)."""
    return [p for p in _check(enemy_kp, alive) if enemy_kp[p] == 0]


def bitch_target(enemy_kp: Sequence, wandering_kp: Sequence, alive: Iterable[int]) -> list[int]:
    """Whose Necromancer she fights this cycle: the fewest enemy kill points, then the fewest
    wandering ones. Several players left: they roll a D12 and the lowest is chosen (rule
    ce-evil-bitch; :func:`roll_off` with ``lowest=True``)."""
    alive = _check(enemy_kp, alive)
    _check(wandering_kp, alive, "wandering kill points")
    if len(wandering_kp) != len(enemy_kp):
        raise ValueError("give both kinds of kill points for every player")
    fewest = min(enemy_kp[p] for p in alive)
    tied = [p for p in alive if enemy_kp[p] == fewest]
    fewest = min(wandering_kp[p] for p in tied)
    return [p for p in tied if wandering_kp[p] == fewest]


def emperor_chooser(enemy_kp: Sequence, alive: Iterable[int], current: int | None = None) -> list[int]:
    """Who declares the Emperor's focus at the start of a cycle (rule ce-evil-emperor).

    The player with most enemy kill points; several tied: they roll a D12 and the highest
    declares (:func:`roll_off`). ``current``, the player who holds the focus now, keeps it
    unless another has strictly more (rule ce-evil-emperor-control). An empty list: nobody
    has any enemy kill points, so the focus comes from the lair roll
    (:func:`emperor_fallback_lair_roll`) or stays where that roll put it.
    """
    alive = _check(enemy_kp, alive)
    most = max(enemy_kp[p] for p in alive)
    if current is not None and current in alive and enemy_kp[current] >= most and most > 0:
        return [current]
    if most == 0:
        return []
    return [p for p in alive if enemy_kp[p] == most]


def lair_order(first: int, alive: Iterable[int], players: int) -> list[int]:
    """The living Necromancers' Lairs counted clockwise, beginning with the first player's
    (or the next living player's clockwise of it) (rules ce-seats, ce-evil-emperor-lair)."""
    if not 2 <= players <= 4 or not 0 <= first < players:
        raise ValueError("2 to 4 players, numbered from 0")
    alive = set(_check([0] * players, alive))
    return [p for p in ((first + k) % players for k in range(players)) if p in alive]


def emperor_fallback_lair_roll(d4: int, first: int, alive: Iterable[int], players: int) -> int | None:
    """The player whose Lair a D4 picks when nobody has enemy kill points; ``None``: roll again
    (a 2- or 3-Necromancer game has fewer Lairs than the die has faces) (rule ce-evil-emperor-lair)."""
    if isinstance(d4, bool) or not isinstance(d4, int) or not 1 <= d4 <= 4:
        raise ValueError("a D4 shows 1 to 4")
    order = lair_order(first, alive, players)
    return order[d4 - 1] if d4 <= len(order) else None


def emperor_fallback_outcomes(first: int, alive: Iterable[int], players: int) -> list[tuple[int, Fraction]]:
    """The lair roll rerolled until it counts: every living Necromancer alike."""
    order = lair_order(first, alive, players)
    return [(p, Fraction(1, len(order))) for p in order]


def goat_direction(d4: int) -> str:
    """The way the Goat rampages this cycle: 1 north, 2 east, 3 south, 4 west (rule ce-evil-goat)."""
    if isinstance(d4, bool) or not isinstance(d4, int) or not 1 <= d4 <= 4:
        raise ValueError("a D4 shows 1 to 4")
    return GOAT_DIRECTIONS[d4 - 1]


def goat_decider(kill_points: Sequence, alive: Iterable[int]) -> list[int]:
    """Who steers the Goat where no hex line runs the way rolled: most kill points, enemy and
    wandering together (rule ce-evil-goat-decider); several: the highest D12 (:func:`roll_off`)."""
    alive = _check(kill_points, alive)
    most = max(kill_points[p] for p in alive)
    return [p for p in alive if kill_points[p] == most]


def _row(h: Hex) -> int:
    """Twice the hex's distance south of the origin in half-rows (y * 2 / sqrt(3) in hexes.to_xy)."""
    return 2 * h.r + h.q


def goat_next_hexes(start: Hex, at: Hex, direction: str) -> list[Hex]:
    """The hexes the Goat may step to next, going ``direction`` from ``start`` where it began this
    cycle's rampage, and now at ``at`` (rule ce-evil-goat-move).

    North and south: the one hex straight on. East and west: of the two hexes that way, those
    that keep the Goat within half a row of the straight line through ``start``; on that line
    both (the steering player picks), off it only the one back toward it, so the Goat zigzags
    along its line.
    """
    if direction not in GOAT_STEPS:
        raise ValueError(f"the Goat goes {', '.join(GOAT_DIRECTIONS)}, not {direction!r}")
    steps = GOAT_STEPS[direction]
    if len(steps) == 1:
        return [at + steps[0]]
    return [at + s for s in steps if abs(_row(at + s) - _row(start)) <= 1]


def goat_paths(start: Hex, direction: str, steps: int = GOAT_MOVEMENT) -> list[tuple[Hex, ...]]:
    """Every path of ``steps`` hexes (``start`` excluded) the Goat may take going ``direction``."""
    paths = [(start,)]
    for _ in range(steps):
        paths = [p + (h,) for p in paths for h in goat_next_hexes(start, p[-1], direction)]
    return [p[1:] for p in paths]

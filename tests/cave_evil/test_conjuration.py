"""Cave Evil's Conjuration Decks and Necromonk deck: the data, its validation, and the decks in play."""

import copy
import json
import re
from collections import Counter
from fractions import Fraction

import pytest

from necro.core import FormatError, IllegalAction, Rng
from necro.cave_evil.conjuration import (CONJURATION_FILE, DECKS, EVENTS, Piles, conjuration_from_json,
                                         conjuration_spec, deck_of, resource_choices, starting_hand_plan)
from necro.cave_evil.conjure_rules import CONJURE_RULES
from necro.cave_evil.creatures import catalogue

SPEC = conjuration_spec()
CARDS = catalogue()
RAW = json.loads(CONJURATION_FILE.read_text(encoding="utf-8"))
RESOURCE = {"bribe": "metals", "construct": "gore", "summon": "shadowflame"}
SIZE_RANK = {"trinket": 0, "small": 1, "medium": 2, "large": 3}


def raw_with(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def entry(data, deck, card, bd=False):
    return next(e for e in data["decks"][deck]["cards"] if e["card"] == card and e.get("black_diamond", False) == bd)


def refused(data, *words):
    with pytest.raises(FormatError) as info:
        conjuration_from_json(data)
    for w in words:
        assert w in str(info.value), str(info.value)
    return info.value


def creatures_of(deck, black_diamond=True):
    return [CARDS.creature(c) for c in SPEC.contents(deck, black_diamond) if c in CARDS.creatures]


# ------------------------------------------------------------------ the decks as the box holds them
def test_ce_conj_decks_seventy_cards_each_counting_black_diamonds():
    assert DECKS == ("bribe", "construct", "summon", "abyss")
    for deck in DECKS:
        assert sum(SPEC.contents(deck, black_diamond=True).values()) == 70, deck
        regular = sum(SPEC.contents(deck).values())
        assert 66 <= regular < 70, (deck, regular)     # a few black-diamond cards come out


def test_ce_conj_deck_character_every_card_shows_its_decks_resource():
    for deck, resource in RESOURCE.items():
        for card_id in SPEC.contents(deck, black_diamond=True):
            card = SPEC[card_id]
            if card.is_event:
                assert card.cost == {}
            else:
                assert card.kind in ("creature", "item", "spell")
                assert resource in card.cost, (deck, card_id)
    kinds = {deck: Counter(SPEC[c].kind for c in SPEC.contents(deck, True).elements()) for deck in DECKS}
    for deck in DECKS:
        assert kinds[deck]["creature"] and kinds[deck]["item"] + kinds[deck]["spell"], deck


def test_ce_conj_deck_character_abyss_mixes_the_other_decks_and_its_own():
    abyss = SPEC.contents("abyss", True)
    homes = Counter(SPEC[c].home for c in abyss if not SPEC.is_event(c))
    assert set(homes) == set(DECKS)
    assert all(homes[d] >= 5 for d in DECKS)
    costs = {r for c in abyss for r in SPEC[c].cost}
    assert costs == {"metals", "gore", "shadowflame"}
    own = [c for c in abyss if SPEC[c].home == "abyss"]
    assert "blinding-prism" in own and any(len(SPEC[c].cost) == 3 for c in own)


def test_ce_conj_deck_character_bribe_digs_construct_crafts_summon_is_big_and_magical():
    def share(deck, test):
        cards = list(SPEC.contents(deck, True).elements())
        return Fraction(sum(1 for c in cards if test(c)), len(cards))

    def diggers(c):
        return c in CARDS.creatures and CARDS.creature(c).pick > 0

    def items(c):
        return SPEC[c].kind == "item"

    assert share("bribe", diggers) > max(share(d, diggers) for d in ("construct", "summon", "abyss"))
    assert share("bribe", lambda c: c in CARDS.creatures and CARDS.creature(c).size == "small") > Fraction(1, 2)
    assert share("construct", items) > max(share(d, items) for d in ("bribe", "summon", "abyss"))

    def bigness(deck):
        sizes = [SIZE_RANK[CARDS.creature(c).size] for c in SPEC.contents(deck, True).elements() if c in CARDS.creatures]
        return Fraction(sum(sizes), len(sizes))

    assert bigness("summon") > max(bigness("bribe"), bigness("construct"))
    magic = [share(d, lambda c: SPEC[c].kind == "spell" or (c in CARDS.creatures and CARDS.creature(c).spellcaster))
             for d in ("bribe", "construct", "summon")]
    assert magic[2] == max(magic)


def test_larger_creatures_cost_more():
    by_size = {s: [] for s in SIZE_RANK}
    for deck in DECKS:
        for card in creatures_of(deck):
            by_size[card.size].append(sum(dict(card.cost).values()))
    means = [Fraction(sum(v), len(v)) for s, v in sorted(by_size.items(), key=lambda kv: SIZE_RANK[kv[0]])]
    assert means[1] < means[2] < means[3]            # small < medium < large
    assert max(by_size["small"]) < min(by_size["large"])


def test_card_numbers_stay_in_the_combat_engines_range():
    for deck in DECKS:
        for card in creatures_of(deck):
            assert card.kind == "creature"
            assert all(0 <= a <= 12 for a in card.attributes), card.id


def test_ce_conj_events_share_events_rise_from_bribe_to_abyss():
    events = [sum(n for c, n in SPEC.contents(d, True).items() if SPEC.is_event(c)) for d in DECKS]
    assert events == [3, 6, 9, 14]
    assert {c for d in DECKS for c in SPEC.contents(d) if SPEC.is_event(c)} == set(EVENTS)


def test_event_ids_are_the_shared_ones():
    assert EVENTS == ("pit-belch", "throneroom-spew", "pits-overflow", "resource-seep", "tremor", "deep-quake",
                      "monsters-roam", "count-from-pit", "count-from-necromancer", "eye-quickens", "abyss-vomit",
                      "fractal-rift")
    assert not set(EVENTS) & (set(CARDS.creatures) | set(CARDS.items))
    try:
        from necro.cave_evil.events import CONJURATION_EVENTS
    except Exception:   # the event data is built elsewhere; check it when it is there
        return
    assert tuple(CONJURATION_EVENTS) == EVENTS


def test_every_card_with_a_deck_icon_is_in_its_deck():
    for card in list(CARDS.creatures.values()) + list(CARDS.items.values()):
        if card.deck in DECKS:
            assert card.id in SPEC.contents(card.deck, True), card.id
            assert SPEC[card.id].home == card.deck


def test_richer_card_set():
    for deck in DECKS:
        distinct = [c for c in SPEC.contents(deck, True) if c in CARDS.creatures]
        assert len(distinct) >= 15, (deck, len(distinct))
    kinds = Counter(SPEC[c].kind for c in SPEC.cards)
    assert kinds["item"] >= 15 and kinds["spell"] >= 10


# ------------------------------------------------------------------ the text's cards
def test_the_conjuration_example_blinding_prism_gives_one_resource_not_both():
    """CJ draws a Blinding Prism from the Abyss: 3 metals and 1 shadowflame; discarding it earns one of them."""
    assert "blinding-prism" in SPEC.contents("abyss")
    prism = SPEC["blinding-prism"]
    assert (prism.kind, prism.cost) == ("spell", {"metals": 3, "shadowflame": 1})
    choices = resource_choices("blinding-prism")
    assert choices == [("metals", 3), ("shadowflame", 1)]
    assert ("metals", 3) in choices and all(len(c) == 2 for c in choices)   # each choice is one resource
    assert resource_choices("tremor") == [] and resource_choices("necromonk") == []


def test_the_sacrifice_example_costs_are_in_the_decks():
    assert SPEC["cave-serpent"].cost == {"metals": 3, "gore": 2} and "bribe" in SPEC["cave-serpent"].decks
    assert SPEC["vapor"].cost == {"metals": 1, "shadowflame": 3} and "summon" in SPEC["vapor"].decks
    assert resource_choices("cave-serpent") == [("metals", 3), ("gore", 2)]


def test_the_beginning_spawn_example_draws_a_ratman_from_bribe():
    assert SPEC.contents("bribe")["ratman"] >= 1
    assert entry(RAW, "bribe", "ratman")["provenance"] == "rules"


def test_ce_conj_first_game_list():
    full, first = SPEC.contents("summon", True), SPEC.contents("summon", True, first_game=True)
    assert full["mind-control"] == 2          # "both Mind Control cards"
    assert full - first == Counter({"mind-chanter": full["mind-chanter"], "mind-control": 2,
                                    "obscene-romance": 1})
    abyss_out = SPEC.contents("abyss", True) - SPEC.contents("abyss", True, first_game=True)
    assert set(abyss_out) == {"astral-worm", "brain-sentry", "incur-wrath", "slave-revolt"}
    assert SPEC.contents("bribe", True, True) == SPEC.contents("bribe", True)
    piles = Piles.new(first_game=True)
    assert piles.count("mind-control") == 0 and piles.count("brain-sentry") == 0


def test_ce_conj_black_diamond_cards_only_in_advanced_games():
    for deck in DECKS:
        bd = SPEC.contents(deck, True) - SPEC.contents(deck)
        assert 1 <= sum(bd.values()) <= 4, deck
        for card_id in SPEC.contents(deck, True):
            if SPEC[card_id].black_diamond:
                assert card_id not in SPEC.contents(deck), card_id
    for name in ("astral-worm", "stabbist", "necrotic-devil"):
        assert Piles.new().count(name) == 0 and Piles.new(black_diamond=True).count(name) == 1
    assert sum(Piles.new(black_diamond=True).accounted().values()) == 4 * 70 + 4


def test_a_black_diamond_copy_of_a_regular_card_is_its_own_entry():
    def add(d):
        d["decks"]["bribe"]["cards"].append({"card": "ratman", "count": 1, "black_diamond": True})
        entry(d, "bribe", "ratman")["count"] -= 1
    spec = conjuration_from_json(raw_with(add))
    n = SPEC.contents("bribe")["ratman"]
    assert spec.contents("bribe", True)["ratman"] == n and spec.contents("bribe")["ratman"] == n - 1
    for black_diamond, copies in ((False, n - 1), (True, n)):
        piles = Piles.new(black_diamond=black_diamond, spec=spec)
        for _ in range(copies):
            piles.draw("bribe", "ratman")
        for _ in range(copies):
            piles.discard("bribe", "ratman")
        with pytest.raises(IllegalAction) as info:
            piles.discard("bribe", "ratman")
        assert info.value.rule == "ce-conj-discard-where"


def test_ce_abyss_icon_deck_of():
    assert deck_of("ratman") == "bribe" and "abyss" in SPEC["ratman"].decks
    assert deck_of("ghoul") == "construct" and deck_of("vapor") == "summon"
    assert deck_of("taker") == deck_of("blinding-prism") == "abyss"
    assert deck_of("tremor") is None and deck_of("necromonk") is None


def test_ce_necromonk_deck_and_ce_starting_hand():
    assert SPEC.necromonks == Counter({"necromonk": 4})
    assert starting_hand_plan() == ["necromonk", "bribe", "bribe", "construct", "summon"]
    piles = Piles.new()
    for player in range(4):                   # one each for four players
        assert piles.necromonk_outcomes() == [("necromonk", Fraction(1))]
        assert piles.draw_necromonk("necromonk").id == "necromonk"
    assert piles.necromonk_outcomes() == []
    with pytest.raises(IllegalAction) as info:
        piles.draw_necromonk("necromonk")
    assert info.value.rule == "ce-necromonk-deck"


def test_dealing_a_starting_hand_boxes_events_and_conserves_cards():
    piles, boxed, hand = Piles.new(), Counter(), Counter()
    forced = {"bribe": ["tremor", "ratman", "denizen"], "construct": ["ghoul"], "summon": ["eye-quickens", "vapor"]}
    for deck in starting_hand_plan():
        if deck == "necromonk":
            hand[piles.draw_necromonk("necromonk").id] += 1
            continue
        while True:
            card = piles.draw(deck, forced[deck].pop(0))
            if card.is_event:
                boxed[card.id] += 1     # into the box, and the same deck deals again
                continue
            hand[card.id] += 1
            break
    assert hand == Counter({"necromonk": 1, "ratman": 1, "denizen": 1, "ghoul": 1, "vapor": 1})
    assert boxed == Counter({"tremor": 1, "eye-quickens": 1})
    assert piles.accounted() + hand + boxed == SPEC.total()


# ------------------------------------------------------------------ drawing
def test_ce_conj_deck_draw_outcomes_are_exact_and_follow_the_counts():
    piles = Piles.new()
    for deck in DECKS:
        outcomes = piles.outcomes(deck)
        assert sum(p for _, p in outcomes) == 1
        assert [c for c, _ in outcomes] == sorted(SPEC.contents(deck))
        total = sum(SPEC.contents(deck).values())
        assert all(p == Fraction(SPEC.contents(deck)[c], total) for c, p in outcomes)
    before = dict(piles.outcomes("bribe"))
    piles.draw("bribe", "ratman")
    after = dict(piles.outcomes("bribe"))
    n = SPEC.contents("bribe")["ratman"]
    total = sum(SPEC.contents("bribe").values())
    assert before["ratman"] == Fraction(n, total) and after["ratman"] == Fraction(n - 1, total - 1)


def test_draw_refuses_a_card_not_in_the_pile_and_an_unknown_deck():
    piles = Piles.new()
    for deck, card in (("bribe", "ghoul"), ("construct", "abyss-vomit"), ("abyss", "lich-elite")):
        with pytest.raises(IllegalAction) as info:
            piles.draw(deck, card)
        assert info.value.rule == "ce-conj-deck-draw" and card in str(info.value)
    with pytest.raises(IllegalAction) as info:
        piles.outcomes("excavation")
    assert info.value.rule == "ce-conj-decks"
    assert piles == Piles.new()     # nothing changed


def test_draw_random_follows_the_outcomes():
    piles, rng = Piles.new(), Rng(7)
    seen = Counter()
    for _ in range(20):
        card = piles.draw_random("summon", rng)
        seen[card.id] += 1
    assert sum(seen.values()) == 20
    assert piles.accounted() + seen == SPEC.total()


# ------------------------------------------------------------------ discard piles
def test_ce_conj_discard_pile_discard_top_and_take():
    piles = Piles.new()
    assert piles.top_discard("abyss") is None
    piles.draw("abyss", "blinding-prism")
    piles.discard("abyss", "blinding-prism")          # traded for 3 metals, face up by the Abyss
    piles.draw("abyss", "ratman")
    piles.discard("abyss", "ratman")
    assert piles.top_discard("abyss") == "ratman" and piles.discards["abyss"] == ["blinding-prism", "ratman"]
    assert piles.take_discard("abyss").id == "ratman"
    assert piles.top_discard("abyss") == "blinding-prism"
    assert piles.take_discard("abyss").id == "blinding-prism"
    with pytest.raises(IllegalAction) as info:
        piles.take_discard("abyss")
    assert info.value.rule == "ce-conj-discard-pile"


def test_ce_conj_discard_where_refusals():
    piles = Piles.new()
    cases = [("bribe", "tremor", "box"),                  # events are boxed
             ("bribe", "ghoul", "holds no"),              # not a Bribe card
             ("bribe", "ratman", "already in it"),        # all Bribe Ratmen are still in the pile
             ("bribe", "lich-elite", "holds no")]         # black-diamond: out of this game
    for deck, card, words in cases:
        with pytest.raises(IllegalAction) as info:
            piles.discard(deck, card)
        assert info.value.rule == "ce-conj-discard-where" and words in str(info.value), (card, str(info.value))
    piles.draw("abyss", "ratman")
    with pytest.raises(IllegalAction):                    # an Abyss copy does not swell the Bribe deck
        piles.discard("bribe", "ratman")
    piles.discard("abyss", "ratman")


def test_ce_conj_refill_from_the_discards_only_when_a_draw_needs_it():
    piles = Piles.new()
    drawn = list(SPEC.contents("bribe").elements())
    for card in drawn:
        piles.draw("bribe", card)
    assert piles.left("bribe") == 0 and piles.outcomes("bribe") == []
    with pytest.raises(IllegalAction) as info:
        piles.draw("bribe", "ratman")
    assert info.value.rule == "ce-conj-refill"
    for card in ("ratman", "ratman", "dagger"):
        piles.discard("bribe", card)
    assert piles.top_discard("bribe") == "dagger"             # still face up: no refill yet
    assert piles.outcomes("bribe") == [("dagger", Fraction(1, 3)), ("ratman", Fraction(2, 3))]
    assert piles.discards["bribe"] == ["ratman", "ratman", "dagger"]
    piles.draw("bribe", "ratman")                              # the discards become the pile
    assert piles.discards["bribe"] == [] and piles.piles["bribe"] == Counter({"ratman": 1, "dagger": 1})
    assert piles.top_discard("bribe") is None


# ------------------------------------------------------------------ value type
def test_json_round_trip_copy_and_equality():
    piles = Piles.new(black_diamond=True)
    piles.draw("construct", "bomb")
    piles.discard("construct", "bomb")
    piles.draw("abyss", "god-of-havoc")
    piles.draw_necromonk("necromonk")
    data = json.loads(json.dumps(piles.to_json()))
    back = Piles.from_json(data, black_diamond=True)
    assert back == piles and back.to_json() == data and back.accounted() == piles.accounted()
    twin = piles.copy()
    assert twin == piles
    twin.take_discard("construct")
    assert twin != piles and piles.top_discard("construct") == "bomb"
    assert "construct" in repr(piles) and "Necromonks" in repr(piles)
    assert piles.count("bomb") == SPEC.contents("construct", True)["bomb"] + SPEC.contents("abyss", True)["bomb"]


@pytest.mark.parametrize("change, words", [
    (lambda d: d["piles"]["bribe"].update({"dragon": 1}), "holds no 'dragon'"),
    (lambda d: d["piles"]["bribe"].update({"ghoul": 1}), "bribe deck holds no 'ghoul'"),
    (lambda d: d["piles"]["bribe"].update({"ratman": 99}), "out of range"),
    (lambda d: d["discards"]["bribe"].append("ratman"), "cards in the bribe pile and discards"),
    (lambda d: d["piles"]["bribe"].update({"lich-elite": 1}), "black-diamond"),
    (lambda d: d["piles"]["bribe"].update({"ratman": "7"}), "expected an integer"),
    (lambda d: d["discards"].update({"abyss": "ratman"}), "expected a list"),
    (lambda d: d["piles"].pop("summon"), "summon: missing"),
    (lambda d: d["piles"].update({"excavation": {}}), "unknown key"),
    (lambda d: d["necromonks"].update({"necromonk": 5}), "out of range"),
    (lambda d: d["necromonks"].update({"ratman": 1}), "Necromonk deck holds no"),
    (lambda d: d.update({"piles": []}), "expected an object"),
])
def test_hostile_piles_json_is_refused_clearly(change, words):
    data = Piles.new().to_json()
    change(data)
    with pytest.raises(FormatError) as info:
        Piles.from_json(data)
    assert words in str(info.value), str(info.value)


def test_an_event_in_a_saved_discard_pile_is_refused():
    data = Piles.new().to_json()
    data["piles"]["bribe"]["tremor"] = 0
    data["discards"]["bribe"].append("tremor")
    with pytest.raises(FormatError) as info:
        Piles.from_json(data)
    assert "ce-conj-discard-where" in str(info.value)


def test_first_game_piles_refuse_the_cards_left_out():
    data = Piles.new(first_game=True).to_json()
    Piles.from_json(data, first_game=True)
    data["piles"]["summon"]["mind-control"] = 1
    with pytest.raises(FormatError) as info:
        Piles.from_json(data, first_game=True)
    assert "first game" in str(info.value)


# ------------------------------------------------------------------ the data file refuses mistakes
def test_the_packaged_file_loads_and_every_entry_backed_by_the_text_says_why():
    for deck in DECKS:
        assert RAW["decks"][deck]["provenance"] in ("rules", "faq", "inferred", "book")
        assert SPEC.provenance[deck][1]
        for e in RAW["decks"][deck]["cards"]:
            assert ("provenance" in e) == ("why" in e)
    backed = {e["card"] for d in DECKS for e in RAW["decks"][d]["cards"] if e.get("provenance") == "rules"}
    assert {"ratman", "blinding-prism", "mind-control", "astral-worm", "brain-sentry"} <= backed


@pytest.mark.parametrize("change, words", [
    (lambda d: entry(d, "bribe", "ratman").update({"count": 6}), "holds 69 cards, not 70"),
    (lambda d: entry(d, "bribe", "ratman").update({"card": "ghoul"}), "card of the construct deck"),
    (lambda d: entry(d, "bribe", "ratman").update({"card": "bone-golem"}), "no card is called 'bone-golem'"),
    (lambda d: entry(d, "abyss", "astral-worm", True).pop("black_diamond"), "black-diamond card: mark"),
    (lambda d: entry(d, "abyss", "ratman").update({"card": "rotten-magi"}), "necromancer card is not part"),
    (lambda d: entry(d, "abyss", "ratman").update({"card": "necromonk"}), "not a card of the necromonk deck"),
    (lambda d: d["decks"]["bribe"]["cards"].append({"card": "ratman", "count": 1}), "listed twice"),
    (lambda d: entry(d, "bribe", "ratman").update({"count": 0}), "out of range"),
    (lambda d: entry(d, "bribe", "ratman").update({"count": "7"}), "expected an integer"),
    (lambda d: entry(d, "bribe", "hunched-one").update({"why": "because"}), "a why goes with a provenance"),
    (lambda d: entry(d, "bribe", "hunched-one").update({"provenance": "guess", "why": "x"}), "'guess' is not one of"),
    (lambda d: d["necromonk"]["cards"][0].update({"count": 3}), "holds 4 cards, one per player"),
    (lambda d: d["first_game"]["remove"]["abyss"].append("ratmen"), "holds no 'ratmen' to leave out"),
    (lambda d: d["decks"].pop("abyss"), "abyss: missing"),
    (lambda d: d.update({"deck_size": 60}), "out of range"),
])
def test_hostile_conjuration_json_is_refused_clearly(change, words):
    refused(raw_with(change), words)


def test_events_must_rise_and_every_deck_needs_some():
    def many(d):   # Bribe with 12 events: more than Construct's 6
        entry(d, "bribe", "tremor")["count"] += 9
        entry(d, "bribe", "ratman")["count"] -= 5
        entry(d, "bribe", "minion")["count"] -= 4
    refused(raw_with(many), "events must grow", "ce-conj-events-share")

    def none(d):
        bribe = d["decks"]["bribe"]["cards"]
        ev = sum(e["count"] for e in bribe if e["card"] in EVENTS)
        bribe[:] = [e for e in bribe if e["card"] not in EVENTS]
        entry(d, "bribe", "ratman")["count"] += ev
    refused(raw_with(none), "every Conjuration Deck holds event cards")


def test_a_card_showing_a_deck_icon_must_be_in_that_deck():
    def drop(d):
        e = entry(d, "summon", "black-heart")
        d["decks"]["summon"]["cards"].remove(e)
        entry(d, "summon", "vapor")["count"] += e["count"]
    refused(raw_with(drop), "'black-heart' shows the summon icon")


# ------------------------------------------------------------------ rules
def test_conjure_rules_ids_and_rulings():
    ids = [r.id for r in CONJURE_RULES]
    assert len(ids) == len(set(ids)) and all(i.startswith("ce-") for i in ids)
    for rule in CONJURE_RULES:
        if rule.kind == "ruling":
            assert "Alternative" in rule.summary and ("Our choice" in rule.summary or "Our modelling" in rule.summary)
    source = (CONJURATION_FILE.parent / "conjuration.py").read_text(encoding="utf-8")
    named = set(re.findall(r'"(ce-[a-z0-9-]+)"', source)) | set(re.findall(r"rule (ce-[a-z0-9-]+)", source))
    assert named <= set(ids), named - set(ids)
    from necro.cave_evil.rules import RULES
    for rule in CONJURE_RULES:   # no other rule of the book uses one of these ids
        assert rule.id not in RULES or RULES[rule.id] == rule, rule.id

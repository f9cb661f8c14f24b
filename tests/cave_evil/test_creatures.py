"""Cave Evil's creature and item cards: the text's numbers, provenance, validation, and the map layer."""

import copy
import json
import re
from pathlib import Path

import pytest

from necro.core import FormatError
from necro.cave_evil.combat import Fighter, gore, kill_points
from necro.cave_evil.creatures import (ATTRIBUTES, CONJURATION, CREATURE_EXTRAS, CREATURE_GROUPS, CREATURES_FILE,
                                       ITEM_EXTRAS, ITEM_GROUPS, PROVENANCE, catalogue, catalogue_from_json, load_catalogue,
                                       movement_creature)
from necro.cave_evil.movement import Squads, fits
from necro.cave_evil.basics import NECROMANCER, NECROMONK

CARDS = catalogue()
RAW = json.loads(CREATURES_FILE.read_text(encoding="utf-8"))
RULE_TEXT = Path("/work/shared/rules/cave-evil.txt")


def raw_with(change):
    data = copy.deepcopy(RAW)
    change(data)
    return data


def entry(data, card_id):
    return next(c for c in data["creatures"] + data["items"] if c["id"] == card_id)


def attrs(card_id):
    card = CARDS.creature(card_id)
    return {a: card.attribute(a) for a in ATTRIBUTES}


# ------------------------------------------------------------- the text's numbers
NAMED = ["Necromonk", "Hunched One", "Caveling", "Ghoul", "Horned Hellion", "Insectoid", "Cave Serpent", "Vapor",
         "Ratman", "Shoddy Abomination", "Blood Boss", "Dracor", "Bleeding Beast", "Taker", "Armored Gas",
         "Mind Chanter", "Brain Sentry", "Astral Worm", "Necrotic Devil", "Stabbist", "Attacktite",
         "The Rotten Magi", "Ice Dead Sorceress", "Blood Sorcerer", "Psychomancer of Fire", "Black Wizard",
         "Abysmal Gore Beast", "Disembowelist", "Emerald Ssssss", "Insectoid Fungaloid", "Old Mold Mouth",
         "Darkest Evil Bitch", "Darkest Statue of Death", "Evil Black Old Goat", "Eternal Evil Emperor",
         "Cool Stretchy Headband", "Blinding Prism", "Spiked Shield", "Mourning Face Mace", "Opposition Mirror"]


def test_every_card_the_text_names_is_in_the_file():
    names = {c.name for c in CARDS.creatures.values()} | {c.name for c in CARDS.items.values()}
    missing = [n for n in NAMED if n not in names]
    assert not missing, missing


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_every_card_name_appears_in_the_rule_text():
    text = re.sub(r"\s+", " ", RULE_TEXT.read_text(encoding="utf-8")).lower().replace("-", "")
    for card in list(CARDS.creatures.values()) + list(CARDS.items.values()):
        if card.id == "split-black-wizard":
            assert "mini wizard" in text
            continue
        assert card.name.lower().replace("the ", "") in text, card.name


def test_the_combat_example_creatures_have_the_texts_numbers():
    """Strength, special and weapon of the five creatures of the Combat Example, and their sizes."""
    stated = {"hunched-one": (4, 7, 4), "caveling": (4, 1, 7), "ghoul": (11, 7, 7),
              "necromonk": (3, 8, 2), "horned-hellion": (7, 5, 6)}
    for card_id, (st, sp, wp) in stated.items():
        a = attrs(card_id)
        assert (a["strength"], a["special"], a["weapon"]) == (st, sp, wp), card_id
        card = CARDS.creature(card_id)
        for name in ("strength", "special", "weapon"):
            assert card.source("attributes", name) == "rules", (card_id, name)
    assert CARDS.creature("horned-hellion").size == "medium" and CARDS.creature("necromonk").size == "small"
    assert all(CARDS.creature(c).size == "small" and CARDS.creature(c).source("size") == "inferred"
               for c in ("hunched-one", "caveling", "ghoul"))


def test_the_necromonk_card():
    monk = CARDS.creature("necromonk")
    assert (monk.movement, monk.pick, monk.spellcaster, monk.deck) == (3, 1, True, "necromonk")
    assert all(monk.source(g) == "rules" for g in ("size", "movement", "pick", "spellcaster", "deck"))
    assert monk.source("attributes", "dodge") == "book" and monk.source("attributes") == "mixed"


def test_bindings_and_item_bonuses_of_the_text():
    (hunched,) = CARDS.creature("hunched-one").effects
    assert (hunched.kind, hunched.attribute, hunched.amount, hunched.to) == ("binding", "strength", -3, "enemies")
    (insect,) = CARDS.creature("insectoid").effects
    assert (insect.kind, insect.attribute, insect.amount, insect.to) == ("binding", "special", -3, "enemies")
    bitch = CARDS.creature("darkest-evil-bitch").effects
    assert sorted((e.attribute, e.amount) for e in bitch) == [("armor", -3), ("dodge", -3), ("strength", -3)]
    (band,) = CARDS.item("cool-stretchy-headband").effects
    assert (band.kind, band.attribute, band.amount, band.to) == ("modifier", "special", 3, "side")
    for card_id in ("hunched-one", "insectoid", "darkest-evil-bitch"):
        assert CARDS.creature(card_id).source("effects") == "rules"
    assert CARDS.item("cool-stretchy-headband").source("effects") == "rules"


def test_costs_the_text_states():
    assert dict(CARDS.creature("cave-serpent").cost) == {"metals": 3, "gore": 2}
    assert dict(CARDS.creature("vapor").cost) == {"metals": 1, "shadowflame": 3}
    prism = CARDS.item("blinding-prism")
    assert dict(prism.cost) == {"metals": 3, "shadowflame": 1}
    assert (prism.kind, prism.deck) == ("spell", "abyss") and prism.source("cost") == "rules"


def test_other_numbers_the_text_states():
    shoddy = CARDS.creature("shoddy-abomination")
    assert (shoddy.size, shoddy.movement, shoddy.item_count) == ("small", 2, 1)
    rat = CARDS.creature("ratman")
    assert (rat.pick, rat.deck) == (1, "bribe")
    dracor = CARDS.creature("dracor")
    assert (dracor.size, dracor.item_count) == ("large", 1) and dracor.movement >= 5
    statue = CARDS.creature("darkest-statue-of-death")
    assert (statue.size, statue.ranged.range, statue.ranged.attribute) == ("large", 8, "weapon")
    assert CARDS.creature("evil-black-old-goat").movement == 3
    assert CARDS.creature("mind-chanter").deck == "summon"
    assert CARDS.creature("brain-sentry").deck == CARDS.creature("astral-worm").deck == "abyss"
    assert all(CARDS.creature(c).black_diamond for c in ("astral-worm", "necrotic-devil", "stabbist"))
    assert CARDS.item("mourning-face-mace").cancels == ("opposition-mirror",)
    assert CARDS.item("opposition-mirror").cancels == ("mourning-face-mace",)


def test_ce_creature_necromancer_cards():
    wizards = [c for c in CARDS.creatures.values() if c.necromancer and c.id != "split-black-wizard"]
    assert {c.name for c in wizards} == {"The Rotten Magi", "Ice Dead Sorceress", "Blood Sorcerer",
                                         "Psychomancer of Fire", "Black Wizard"}
    for c in wizards:
        assert c.attributes == (12,) * 6 and c.source("attributes") == "rules"
        assert c.size == "small" and c.spellcaster and c.item_use
        assert c.item_count == (4 if c.id == "blood-sorcerer" else 2)


def test_sizes_inferred_from_kill_points_and_gore_agree_with_the_tables():
    """The Armored Gas is worth 2 kill points (only a medium Wandering Monster is) and the
    Bleeding Beast leaves 3 gore (a large creature's)."""
    gas = Fighter("gas", CARDS.creature("armored-gas"))
    assert kill_points([gas], "wandering") == 2
    assert 2 not in [kill_points([Fighter("x", CARDS.creature(c))], "enemy")
                     for c in ("dracor", "horned-hellion", "necromonk", "vapor")]
    assert gore([Fighter("beast", CARDS.creature("bleeding-beast"))]) == 3
    statue = Fighter("statue", CARDS.creature("darkest-statue-of-death"))
    assert gore([statue]) == 3


def test_the_combat_example_squads_are_legal_squads():
    jason = [CARDS.creature(c) for c in ("hunched-one", "caveling", "ghoul")]
    joanna = [CARDS.creature(c) for c in ("necromonk", "horned-hellion")]
    assert fits(jason) and fits(joanna)
    invoke = [CARDS.creature(c) for c in ("shoddy-abomination", "blood-boss")]
    assert fits(invoke), "the Invoke example puts a Shoddy Abomination beside a Blood Boss"


# ------------------------------------------------------------- provenance
def test_every_card_says_where_each_group_comes_from_and_why():
    for card in CARDS.creatures.values():
        prov = dict(card.provenance)
        assert set(CREATURE_GROUPS) <= set(prov) <= set(CREATURE_GROUPS + CREATURE_EXTRAS), card.id
        for group, value in prov.items():
            values = dict(value).values() if isinstance(value, tuple) else [value]
            assert set(values) <= set(PROVENANCE), (card.id, group)
        assert card.why and "\n" not in card.why
    for card in CARDS.items.values():
        assert set(ITEM_GROUPS) <= set(dict(card.provenance)) <= set(ITEM_GROUPS + ITEM_EXTRAS) and card.why


def test_ce_creature_deck_resource_holds_for_every_card():
    for card in list(CARDS.creatures.values()) + list(CARDS.items.values()):
        if card.deck in CONJURATION:
            assert card.cost, card.id
            needed = CONJURATION[card.deck]
            assert needed is None or needed in dict(card.cost), card.id


def _words(text):
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="the rule text is not in this checkout")
def test_the_card_file_is_in_our_own_words():
    """No run of eight words of a reason, note or the file's about text appears in the rule text."""
    source = " " + " ".join(_words(RULE_TEXT.read_text(encoding="utf-8"))) + " "
    texts = [RAW["about"]] + [c["why"] + " " + c.get("notes", "") for c in RAW["creatures"] + RAW["items"]]
    for text in texts:
        words = _words(text)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            assert f" {run} " not in source, run


# ------------------------------------------------------------- the map layer
def test_movement_creature_keeps_size_speed_and_pick():
    monk = movement_creature(CARDS.creature("necromonk"), "necromonk-1")
    assert (monk.id, monk.size, monk.speed, monk.pick, monk.necromancer) == ("necromonk-1", "small", 3, 1, False)
    wizard = movement_creature(CARDS.creature("black-wizard"), "necromancer-1")
    assert wizard.necromancer and wizard.size == "small"


def test_the_cards_agree_with_the_starting_squad_of_the_game():
    """state.py's stand-ins for the starting Necromancer and Necromonk match the cards."""
    monk = CARDS.creature("necromonk")
    assert {"size": monk.size, "speed": monk.movement, "pick": monk.pick} == NECROMONK
    for c in CARDS.creatures.values():
        if c.necromancer and c.id != "split-black-wizard":
            assert {"size": c.size, "speed": c.movement} == NECROMANCER


def test_squads_built_from_cards_load_in_the_map_layer():
    crew = [movement_creature(CARDS.creature("rotten-magi"), "necromancer-1"),
            movement_creature(CARDS.creature("necromonk"), "necromonk-1"),
            movement_creature(CARDS.creature("vapor"), "vapor-1")]
    data = [{"id": "0:N", "owner": 0, "at": "+0+3", "card": "N", "creatures": [c.to_json() for c in crew]},
            {"id": "0:I", "owner": 0, "at": "+1+3", "card": "I",
             "creatures": [movement_creature(CARDS.creature("dracor"), "dracor-1").to_json()]}]
    squads = Squads.from_json(data, players=2)
    assert squads["0:N"].rate == 3 and squads["0:N"].pick == 1 and squads["0:I"].rate == 5


# ------------------------------------------------------------- validation
BAD = [
    ("format", lambda d: d.update(format="cards"), "format", "is not one of"),
    ("key", lambda d: entry(d, "ghoul").update(colour="grey"), "creatures[3]", "unknown key"),
    ("id", lambda d: entry(d, "ghoul").update(id="Ghoul"), "creatures[3].id", "lowercase"),
    ("twice", lambda d: entry(d, "ghoul").update(id="caveling"), "creatures[3].id", "used twice"),
    ("item id twice", lambda d: entry(d, "spiked-shield").update(id="ghoul"), "items[2].id", "used twice"),
    ("size", lambda d: entry(d, "ghoul").update(size="huge"), "creatures[3].size", "is not one of"),
    ("speed", lambda d: entry(d, "ghoul").update(movement=21), "creatures[3].movement", "out of range"),
    ("attribute missing", lambda d: entry(d, "ghoul")["attributes"].pop("dodge"),
     "creatures[3].attributes.dodge", "missing"),
    ("negative attribute", lambda d: entry(d, "ghoul")["attributes"].update(armor=-1),
     "creatures[3].attributes.armor", "out of range"),
    ("attribute name", lambda d: entry(d, "ghoul")["attributes"].update(luck=3), "creatures[3].attributes",
     "unknown key"),
    ("use without hands", lambda d: entry(d, "ghoul").update(items={"count": 0, "use": True}),
     "creatures[3].items.use", "count at least 1"),
    ("caster without items", lambda d: entry(d, "ghoul").update(spellcaster=True),
     "creatures[3].spellcaster", "ce-spell-cast"),
    ("effect kind", lambda d: entry(d, "hunched-one")["effects"][0].update(kind="curse"),
     "creatures[1].effects[0].kind", "is not one of"),
    ("binding target", lambda d: entry(d, "hunched-one")["effects"][0].update(to="self"),
     "creatures[1].effects[0].to", "is not one of"),
    ("zero effect", lambda d: entry(d, "hunched-one")["effects"][0].update(amount=0),
     "creatures[1].effects[0].amount", "not 0"),
    ("when", lambda d: entry(d, "hunched-one")["effects"][0].update(when="sometimes"),
     "creatures[1].effects[0].when", "is not one of"),
    ("item self", lambda d: entry(d, "cool-stretchy-headband")["effects"][0].update(to="self"),
     "items[0].effects[0].to", "no attributes of its own"),
    ("cost", lambda d: entry(d, "cave-serpent")["cost"].update(bones=2), "creatures[6].cost", "unknown key"),
    ("bribe metals", lambda d: entry(d, "cave-serpent").update(cost={"gore": 2}), "creatures[6].deck",
     "shows metals"),
    ("summon shadowflame", lambda d: entry(d, "vapor").update(cost={"metals": 1}), "creatures[7].deck",
     "shows shadowflame"),
    ("abyss free", lambda d: entry(d, "taker").update(cost={}), "creatures[13].deck", "has a resource cost"),
    ("species", lambda d: entry(d, "ghoul").update(species=["a", "b", "c", "d"]), "creatures[3].species",
     "between 0 and 3"),
    ("necromancer size", lambda d: entry(d, "black-wizard").update(size="medium"), "creatures[25].size",
     "ce-necromancer-small"),
    ("necromancer items", lambda d: entry(d, "black-wizard").update(items={"count": 1, "use": True}),
     "creatures[25].items", "ce-creature-necromancer"),
    ("protector", lambda d: entry(d, "old-mold-mouth").pop("expansion"), "creatures[31].kind", "Protectors"),
    ("provenance", lambda d: entry(d, "ghoul")["provenance"].pop("movement"), "creatures[3].provenance.movement",
     "rules, faq, inferred or book"),
    ("provenance value", lambda d: entry(d, "ghoul")["provenance"].update(size="guess"),
     "creatures[3].provenance.size", "is not one of"),
    ("attribute provenance", lambda d: entry(d, "ghoul")["provenance"]["attributes"].pop("weapon"),
     "creatures[3].provenance.attributes.weapon", "where this attribute"),
    ("why", lambda d: entry(d, "ghoul").update(why="two\nlines"), "creatures[3].why", "one-line"),
    ("empty why", lambda d: entry(d, "ghoul").update(why=" "), "creatures[3].why", "one-line"),
    ("cancel unknown", lambda d: entry(d, "mourning-face-mace").update(cancels=["rubber-duck"]),
     "items[3].cancels[0]", "no item is called"),
    ("cancel one way", lambda d: entry(d, "opposition-mirror").update(cancels=[]),
     "items[3].cancels[0]", "mutual"),
    ("item kind", lambda d: entry(d, "spiked-shield").update(kind="weapon"), "items[2].kind", "is not one of"),
]


@pytest.mark.parametrize("name,change,path,reason", BAD, ids=[b[0] for b in BAD])
def test_the_loader_refuses_bad_cards_with_a_path(name, change, path, reason):
    with pytest.raises(FormatError) as err:
        catalogue_from_json(raw_with(change), "cards")
    assert err.value.path == f"cards.{path}", err.value
    assert reason in err.value.reason, err.value.reason


def test_the_bad_card_cases_start_from_the_cards_they_name():
    """The paths above hard-code list positions: keep them honest."""
    order = [c["id"] for c in RAW["creatures"]]
    assert [order[i] for i in (1, 3, 6, 7, 13, 25, 31)] == ["hunched-one", "ghoul", "cave-serpent", "vapor",
                                                            "taker", "black-wizard", "old-mold-mouth"]
    assert [c["id"] for c in RAW["items"]][:4] == ["cool-stretchy-headband", "blinding-prism", "spiked-shield",
                                                   "mourning-face-mace"]


def test_the_packaged_file_loads_and_a_broken_file_is_a_format_error(tmp_path):
    assert set(load_catalogue().creatures) == set(CARDS.creatures)
    bad = tmp_path / "creatures.json"
    bad.write_text("[", encoding="utf-8")
    with pytest.raises(FormatError):
        load_catalogue(bad)

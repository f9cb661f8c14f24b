"""The Cave Evil map board in chromium (static pages): reach, breaking away, line of sight.

Each test writes a standalone widget page of a quick 2-player set-up with a
graph two steps deep (``GameWidget.save_html``) and clicks the map itself, not
the decision panel:

- a squad, then "move" in its menu: the hexes ``map.reach`` names are shaded
  (one ``.ce-reach-stop`` a stop, with its cost), and a click on one moves
  the squad there;
- "break away: necromonk-1", then a hex: player 1 has two squads;
- the "Line of sight" tool: a squad picked as the shooter shades what it
  sees (``map.sight``), pointing at hexes draws the line and changes the
  note, and nothing is played; Esc leaves the mode.

What the page should show is read from the same graph (``expand_view``), so
the tests follow the engine rather than copying its numbers.
"""

from __future__ import annotations

import pytest

from necro.widget import HOT_SEAT, GameWidget
from necro.widget.view import expand_view

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def open_board(page, tmp_path, state=None, depth=2):
    from necro.cave_evil import scenarios

    widget = GameWidget(state or scenarios.quick(), player=HOT_SEAT).explorable(depth, max_bytes=None)
    page.goto(widget.save_html(tmp_path / "board.html").as_uri())
    page.wait_for_selector(".necro-w[data-mode=static]", timeout=20_000)
    page.wait_for_selector(".necro-board [data-squad]", timeout=20_000)
    return widget, page.locator(".necro-w"), page.locator(".necro-w .necro-board")


def data(locator, name):
    return locator.evaluate_all(f"(ns) => ns.map((n) => n.getAttribute({name!r}))")


def choose_from_squad_menu(board, squad, notation, label):
    board.locator(f'[data-squad="{squad}"]').click()
    button = board.locator(f'.ce-menu button[data-a="{notation}"]')
    assert button.inner_text() == label
    button.click()


def test_move_shades_the_reach_and_a_stop_moves_the_squad(page, tmp_path):
    widget, box, board = open_board(page, tmp_path)
    assert board.locator(".ce-reach-stop").count() == 0
    start = board.locator('[data-squad="0:N"]').get_attribute("data-at")
    choose_from_squad_menu(board, "0:N", "move N", "move")
    view = expand_view(widget.graph, ["move N"])
    assert box.locator(".necro-status").inner_text() == view["status"]
    reach = view["position"]["map"]["reach"]
    assert reach["squad"] == "0:N" and reach["stops"]
    stops = board.locator(".ce-reach-stop")
    assert stops.count() == len(reach["stops"]) > 0
    assert sorted(data(stops, "data-hex")) == sorted(reach["stops"])
    assert [int(c) for c in data(stops, "data-cost")] == [reach["stops"][h] for h in data(stops, "data-hex")]
    assert board.locator(".ce-reach-over").count() == len(reach["over"])
    assert "moving squad N" in board.inner_text()
    # the farthest stop (the cost is printed on the map too)
    dest = max(reach["stops"], key=lambda h: (reach["stops"][h], h))
    assert dest != start
    board.locator(f'.ce-target[data-hex="{dest}"]').click()
    after = expand_view(widget.graph, ["move N", f"move N {dest}"])
    assert box.locator(".necro-status").inner_text() == after["status"]
    assert board.locator('[data-squad="0:N"]').get_attribute("data-at") == dest
    assert board.locator(".ce-reach-stop").count() == 0  # nothing pending: no reach
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_breaking_away_makes_a_second_squad(page, tmp_path):
    widget, box, board = open_board(page, tmp_path)
    assert board.locator('[data-squad^="0:"]').count() == 1
    choose_from_squad_menu(board, "0:N", "break N necromonk-1", "break away: necromonk-1")
    view = expand_view(widget.graph, ["break N necromonk-1"])
    assert view["position"]["pending"]["kind"] == "break"
    stops = view["position"]["map"]["reach"]["stops"]
    assert board.locator(".ce-reach-stop").count() == len(stops) > 0
    assert "breaking necromonk-1 away from squad N" in board.inner_text()
    start = board.locator('[data-squad="0:N"]').get_attribute("data-at")
    dest = next(h for h in sorted(stops) if h != start)
    target = board.locator(f'.ce-target[data-hex="{dest}"]')
    assert target.get_attribute("data-a") == f"break N necromonk-1 {dest}"
    target.click()
    after = expand_view(widget.graph, ["break N necromonk-1", f"break N necromonk-1 {dest}"])
    assert box.locator(".necro-status").inner_text() == after["status"]
    mine = board.locator('[data-squad^="0:"]')
    assert mine.count() == 2 == len([s for s in after["position"]["squads"] if s["owner"] == 0])
    assert sorted(data(mine, "data-at")) == sorted([start, dest])
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_line_of_sight_tool_looks_and_plays_nothing(page, tmp_path):
    widget, box, board = open_board(page, tmp_path, depth=1)
    root = expand_view(widget.graph, [])
    sight = root["position"]["map"]["sight"]
    status = box.locator(".necro-status").inner_text()
    logged = box.locator(".necro-log li").count()
    note = board.locator(".ce-note")
    toggle = board.locator(".ce-los-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert board.locator(".ce-board").get_attribute("data-los") == "on"
    assert board.locator(".ce-los-toggle").get_attribute("aria-pressed") == "true"
    assert board.locator(".ce-target").count() == 0 and board.locator("svg [data-a]").count() == 0
    assert board.locator(".ce-sight").count() == 0
    assert "click a squad" in note.inner_text()

    # the mouse: pick player 1's Necromancer squad as the shooter
    board.locator('.ce-los-hex[data-squads="0:N"]').click()
    assert board.locator(".ce-sight").count() == len(sight["0:N"]["see"]) > 0
    assert sorted(data(board.locator(".ce-sight"), "data-hex")) == sorted(sight["0:N"]["see"])
    picked = note.inner_text()
    assert picked.startswith("Shooter: 1N")
    seen = sight["0:N"]["see"][0]
    board.locator(f'.ce-los-hex[data-hex="{seen}"]').hover()
    assert note.inner_text() == f"1N sees {seen}."
    assert board.locator(".ce-line-clear").count() == 1
    hexes = root["position"]["map"]["hexes"]
    hidden = next(h for h in sorted(hexes) if hexes[h]["s"] == "open" and h not in sight["0:N"]["see"]
                  and h != board.locator('[data-squad="0:N"]').get_attribute("data-at"))
    board.locator(f'.ce-los-hex[data-hex="{hidden}"]').hover()
    assert note.inner_text() == "rock blocks the line."
    assert board.locator(".ce-line-blocked").count() == 1

    # the keyboard: Enter on player 2's squad makes it the shooter; focusing player 1's aims at it
    board.locator('.ce-los-hex[data-squads="1:N"]').focus()
    page.keyboard.press("Enter")
    assert board.locator(".ce-sight").count() == len(sight["1:N"]["see"])
    assert note.inner_text().startswith("Shooter: 2N")
    board.locator('.ce-los-hex[data-squads="0:N"]').focus()
    hit = sight["1:N"]["aim"]["0:N"]
    expected = {"0:N": "2N has a clear shot at 1N"}.get(hit, "aimed at 1N")
    assert note.inner_text().startswith(expected)

    # nothing was played; Esc leaves the mode, and the squads' menus are back
    assert box.locator(".necro-status").inner_text() == status
    assert box.locator(".necro-log li").count() == logged
    page.keyboard.press("Escape")
    assert board.locator(".ce-board").get_attribute("data-los") == "off"
    assert board.locator(".ce-sight").count() == 0
    assert board.locator('[data-squad="0:N"][role=button]').count() == 1
    assert box.locator(".necro-status").inner_text() == status
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_a_fight_shows_its_panel_and_the_ring_plays_the_first_attribute(page, tmp_path):
    """A fight under way (the rule book's Combat Example): the combat panel beside the map shows
    both sides, the exact odds of every opening, and clicking strength on the ring opens with it."""
    from tests.widget.test_cave_evil_widget import combat_example

    state = combat_example()
    state.apply("fight II 1:IV")
    widget, box, board = open_board(page, tmp_path, state, depth=1)
    panel = board.locator(".ce-fight")
    assert panel.count() == 1
    view = expand_view(widget.graph, [])
    fight = view["position"]["map"]["fight"]
    text = panel.inner_text()
    assert "Hunched One" in text and "Horned Hellion" in text and "cool-stretchy-headband" in text
    assert panel.locator(".ce-odds tr").count() == 7 and "best" in panel.locator(".ce-odds-best").inner_text()
    assert panel.locator(".ce-odds-best button").get_attribute("data-a") == f"first {fight['odds']['best']}"
    panel.locator('.ce-ring-attr[data-a="first strength"]').click()
    after = expand_view(widget.graph, ["first strength"])
    assert box.locator(".necro-status").inner_text() == after["status"]
    assert "round 1" in board.locator('.ce-ring-attr[data-attr="strength"]').text_content()
    assert "Round 1, strength: under way" in board.locator(".ce-fight").inner_text()
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_a_shot_is_offered_on_the_target_and_drawn_as_a_dashed_line(page, tmp_path):
    """A squad with a ranged creature (the Caveling) and an enemy down the corridor: the target's
    token offers the shot; once it is fired a dashed line runs from shooter to target."""
    from necro.cave_evil import examples as ex

    def card(cid, n=1):
        return ex.creature(f"{cid}-{n}", card=cid)

    state = ex.corridor([ex.squad(0, "II", ex.at(3), card("caveling")),  # its range is 3
                         ex.squad(1, "IV", ex.at(6), card("necromonk", 5))])
    shots = [a for a in state.legal_actions() if a.startswith("shoot ")]
    assert shots == ["shoot II 1:IV"]
    widget, box, board = open_board(page, tmp_path, state, depth=1)
    assert board.locator(".ce-fight-shot, .ce-fight-melee").count() == 0
    token = board.locator('[data-squad="1:IV"]')  # the target's token offers what its hex offers
    assert token.get_attribute("data-a") == "shoot II 1:IV"
    assert "fight or deal with it" in token.get_attribute("aria-label")
    token.click()  # the only choice: it plays at once
    line = board.locator(".ce-fight-shot")
    assert line.count() == 1 and board.locator(".ce-fight-melee").count() == 0
    assert (line.get_attribute("data-from"), line.get_attribute("data-to")) == ("0:II", "1:IV")
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_a_melee_fight_draws_a_solid_line_from_each_attacker(page, tmp_path):
    from tests.widget.test_cave_evil_widget import combat_example

    state = combat_example()
    state.apply("fight II 1:IV")
    widget, box, board = open_board(page, tmp_path, state, depth=0)
    fight = expand_view(widget.graph, [])["position"]["map"]["fight"]
    lines = board.locator(".ce-fight-melee")
    assert lines.count() == len(fight["attackers"]) * len(fight["defenders"]) > 0
    assert board.locator(".ce-fight-shot").count() == 0


# ------------------------------------------------------------ control cards and creature cards
def hexagon(board):
    """The creature card's attribute hexagon as [(attribute, value, provenance)], round the ring."""
    attrs = board.locator(".ce-card .ce-card-attr")
    return list(zip(data(attrs, "data-attr"), [int(v) for v in data(attrs, "data-value")],
                    data(attrs, "data-source")))


def ring_angles(board):
    """The direction of each attribute from the hexagon's centre, in degrees, in document order."""
    return board.locator(".ce-card .ce-card-attr circle").evaluate_all(
        "(cs) => cs.map((c) => Math.round(Math.atan2(+c.getAttribute('cy'), +c.getAttribute('cx')) * 180 / Math.PI))")


def expected_hexagon(card_id):
    """The same, read from the engine's card data (creatures.json), not from the view."""
    from necro.cave_evil.creatures import ATTRIBUTES, catalogue

    card = catalogue().creature(card_id)
    return [(a, card.attribute(a), card.source("attributes", a)) for a in ATTRIBUTES]


def test_a_control_card_shows_its_squad_and_the_creature_card_hexagon(page, tmp_path):
    from necro.cave_evil.creatures import catalogue

    widget, box, board = open_board(page, tmp_path, depth=1)
    root = expand_view(widget.graph, [])
    pos = root["position"]
    status = box.locator(".necro-status").inner_text()
    # six control cards a player, the empty ones drawn empty and not clickable
    for p in range(2):
        cards = board.locator(f'.ce-ctl[data-player="{p}"]')
        assert data(cards, "data-card") == ["N", "I", "II", "III", "IV", "V"]
        assert board.locator(f'.ce-ctl-empty[data-player="{p}"]').count() == 5
        assert board.locator(f'.ce-ctl-empty[data-player="{p}"][role=button]').count() == 0
    assert board.locator(".ce-card").count() == 0

    # the mouse: player 1's N card lists its creatures with size icons and picks the squad on the map
    mine = next(s for s in pos["squads"] if s["id"] == "0:N")
    control = board.locator('.ce-ctl[data-control="0:N"]')
    assert data(control.locator("li"), "data-creature") == [c["id"] for c in mine["creatures"]]
    assert data(control.locator("li .ce-size"), "data-size") == [c["size"] for c in mine["creatures"]]
    assert control.locator(".ce-ctl-full").count() == 0 and "room: small" in control.inner_text()
    control.click()
    assert control.get_attribute("aria-pressed") == "true"
    assert board.locator('[data-squad="0:N"] > .ce-picked').get_attribute("display") == "inline"
    assert board.locator('[data-squad="1:N"] > .ce-picked').get_attribute("display") == "none"
    first = mine["creatures"][0]["card"]
    card = board.locator(".ce-card")
    assert card.count() == 1 and card.get_attribute("data-card") == first
    assert card.locator(".ce-card-name").inner_text() == catalogue().creature(first).name
    assert hexagon(board) == expected_hexagon(first)
    # round a hexagon: each attribute 60 degrees on from the one before, so ring neighbours sit side by side
    angles = ring_angles(board)
    assert len(angles) == 6 and all((b - a) % 360 == 60 for a, b in zip(angles, angles[1:] + angles[:1]))

    # the squad's other creature: the Necromonk, whose dodge, bloodthirst and armor the book made up
    monk = mine["creatures"][1]
    board.locator(f'.ce-card-tab[data-creature="{monk["id"]}"]').click()
    assert board.locator(".ce-card").get_attribute("data-card") == monk["card"] == "necromonk"
    shown = hexagon(board)
    assert shown == expected_hexagon("necromonk")
    values = board.locator(".ce-card .ce-card-value").all_text_contents()
    assert values == [f"{v}{'*' if src == 'book' else ''}" for _, v, src in shown]
    assert any(v.endswith("*") for v in values) and "made up by this book" in card.inner_text()
    stats = board.locator(".ce-card-stats").inner_text()
    expected = catalogue().creature("necromonk")
    assert f"speed {expected.movement}" in stats and f"pick-axe {expected.pick}" in stats
    assert "spellcaster" in stats

    # the keyboard: Enter on player 2's N card shows its Necromancer
    other = next(s for s in pos["squads"] if s["id"] == "1:N")
    board.locator('.ce-ctl[data-control="1:N"]').focus()
    page.keyboard.press("Enter")
    assert board.locator('.ce-ctl[data-control="1:N"]').get_attribute("aria-pressed") == "true"
    assert board.locator('.ce-ctl[data-control="0:N"]').get_attribute("aria-pressed") == "false"
    assert hexagon(board) == expected_hexagon(other["creatures"][0]["card"])

    # the map: clicking player 2's squad (no action of its own) picks its control card
    control.click()
    whole = board.locator("button[aria-label='show the whole map']")  # the map opens on player 1's side
    if whole.count():
        whole.click()
    board.locator('[data-squad="1:N"]').click()
    assert board.locator('.ce-ctl[data-control="1:N"]').get_attribute("aria-pressed") == "true"
    # looking plays nothing
    assert box.locator(".necro-status").inner_text() == status
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_full_squads_and_the_cards_of_the_fighters(page, tmp_path):
    """The Combat Example: both squads are at the size limit; the fight panel's creature names
    open their cards, the Headband the Horned Hellion holds included; the pick survives a redraw."""
    from tests.widget.test_cave_evil_widget import combat_example

    state = combat_example()
    state.apply("fight II 1:IV")
    widget, box, board = open_board(page, tmp_path, state, depth=1)
    for sid in ("0:II", "1:IV"):
        control = board.locator(f'.ce-ctl[data-control="{sid}"]')
        assert control.get_attribute("data-full") == "true" and "full" in control.locator(".ce-ctl-full").inner_text()
    assert board.locator('.ce-ctl[data-control="0:N"]').get_attribute("data-full") == "false"
    board.locator('.ce-fight-card[data-creature="horned-hellion-1"]').click()
    assert board.locator('.ce-ctl[data-control="1:IV"]').get_attribute("aria-pressed") == "true"
    assert hexagon(board) == expected_hexagon("horned-hellion")
    assert "Cool Stretchy Headband" in board.locator(".ce-card").inner_text()
    board.locator('.ce-ring-attr[data-a="first strength"]').click()  # a move redraws the board
    assert box.locator(".necro-status").inner_text() == expand_view(widget.graph, ["first strength"])["status"]
    assert hexagon(board) == expected_hexagon("horned-hellion")
    assert not page.necro_log.page_errors, page.necro_log.page_errors


def test_spell_effects_show_on_their_creatures_and_the_turn_markers_in_use(page, tmp_path):
    """Mind Control on player 2's Ghoul for two turns (a D4 of 2): the Ghoul's line on its control card
    reads the effect and the turns left, and the strip counts the Turn Marker sets in use (two sets: at
    most two timed effects, ruling ce-turn-markers); a board without effects shows neither."""
    from necro.cave_evil import examples as ex

    def table():  # player 1's Necromancer (a Rotten Magi, a spellcaster) carries Mind Control; player 2's squad
        n = ex.necromancer(0, "+0+9", monk=False)  # I stands in its sight
        n["creatures"][0]["items"] = ["mind-control"]
        return ex.full_table([n, ex.squad(1, "I", "+0+5", ex.of_card("hunched-one", 1), ex.of_card("ghoul", 1))])

    _, box, board = open_board(page, tmp_path, table(), depth=0)
    assert board.locator(".ce-ctl-effect").count() == 0 and board.locator(".ce-markers").count() == 0
    s = table()
    ghoul = "ghoul-1"
    s.apply(f"cast N mind-control 1:I {ghoul}")
    s.apply("d4 2")
    assert s.effects == [{"creature": ghoul, "card": "mind-control", "by": 0, "turns": 2}]
    _, box, board = open_board(page, tmp_path, s, depth=0)
    tag = board.locator(f'.ce-ctl li[data-creature="{ghoul}"] .ce-ctl-effect')
    assert tag.inner_text().strip() == "✧ Mind Control, 2 turns left"
    assert board.locator(".ce-markers").inner_text() == f"Turn Markers: 1 of 2 sets in use (Mind Control, 2 turns left on {ghoul})"



def test_a_draw_of_two_cards_reshuffles_between_them_when_the_pile_runs_out():
    """Hour 9's assault draws two cards; with one card left in the pile the discards come back
    before the second, without the card still on the table (it was a division by zero)."""
    from necro.shambling_dead.scenarios import board, night

    s = night(9, [board("H0F", "S0F", "S0S")], [["assault", 0, "F", 2], ["endturn"]], pile=["5S"])
    s.apply("draw 5S")
    assert s.is_chance_node() and len(s.legal_actions()) == 40 and "draw 5S" not in map(str, s.legal_actions())
    assert "The deck is empty: the discards are reshuffled." in [e.text for e in s.log]

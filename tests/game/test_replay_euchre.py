"""Euchre (rulesets/euchre.yaml; docs/rules/euchre.md): the golden transcripts of tests/transcripts/euchre/,
their arithmetic worked by hand in their comments from rarepike's table ("Makers take 3 or 4 tricks 1 / all 5
tricks (march) 2 / Lone maker takes all 5 tricks (lone march) 4 / fail to take 3 tricks (euchred) 2 Defenders"),
and the refusals a euchre player expects (a revoke, an order out of turn or out of its round), with their reasons."""

from pathlib import Path

import pytest
import yaml

from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_text

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "transcripts" / "euchre"
EUCHRED = "ordered_up_euchred_then_a_point.yaml"
ALONE = "second_round_alone.yaml"
GAME = "a_game_to_ten.yaml"


@pytest.fixture(scope="module")
def euchre():
    return load_ruleset("euchre")


def replay(name: str) -> dict:
    return replay_text((HERE / name).read_text(encoding="utf-8"), name).to_json()


def tricks(name: str, deal: int) -> list:
    """(leader, cards, winner) of each trick of ``name``'s deal ``deal``, played out."""
    return before(load_ruleset("euchre"), name, deal, None).deal.tricks


def before(euchre, name: str, deal: int, action: str | None) -> GameState:
    """The game of ``name``'s deal ``deal``, dealt, its actions applied up to (not including) ``action``
    (None: all of them); a window offered to another seat (going alone) is passed, as a transcript does."""
    data = yaml.safe_load((HERE / name).read_text(encoding="utf-8"))
    first = data.get("dealer", 0)
    d = data["deals"][deal]
    deck = euchre.deck
    game = GameState(euchre, seed=0, dealer=d.get("dealer", first + deal if name != GAME else first), auto_deal=False)
    game.start_deal([[deck.card(c) for c in d["hands"][s]] for s in range(4)], [deck.card(c) for c in d["undealt"]])
    for text in d["actions"]:
        if text == action:
            return game
        step = Action.parse(text)
        while step.seat != game.to_act and Action(game.to_act, "pass") in game.legal_actions():
            game.apply(Action(game.to_act, "pass"))
        game.apply(step)
    if action is None:
        return game
    raise AssertionError(f"{action} not in deal {deal} of {name}")


def test_the_shipped_ruleset_is_found_by_the_games_names():
    for name in ("euchre", "Euchre", "eucre"):
        assert load_ruleset(name).name == "euchre"


def test_a_deal_is_five_cards_each_and_a_kitty_of_four(euchre):
    assert (euchre.seats, euchre.teams, euchre.batches, euchre.tricks_per_deal, euchre.deck.size) == (4, 2, (3, 2), 5, 24)


def test_makers_euchred_give_the_defenders_2(euchre):
    deal = replay(EUCHRED)["deals"][0]
    # seat 2 ordered up the 9H for team 0, which took tricks 1 and 2 only: team 1 scores 2
    assert deal["trump"] == "H" and deal["balls"] == [0, 2]


def test_the_right_bower_beats_the_ace_of_trumps():
    leader, cards, winner = tricks(EUCHRED, 0)[0]
    assert leader == 1 and winner == 2  # 1 AH, 2 JH, 3 TC, 0 9H


def test_the_left_bower_led_asks_for_trumps_and_wins_over_them():
    leader, cards, winner = tricks(EUCHRED, 0)[1]
    assert winner == 2  # 2 JD (hearts trumps), 3 QS, 0 QH, 1 TH: seats 0 and 1 followed with hearts


def test_the_left_bower_follows_a_trump_lead(euchre):
    # deal 2, clubs trumps, trick 3: seat 3's only trump is the JS, a club this deal: it must play it on the AC
    game = before(euchre, EUCHRED, 1, "3 play JS")
    assert [str(a) for a in game.legal_actions()] == ["3 play JS"]
    assert "follow" in game.explain_illegal(Action.parse("3 play JH"))


def test_the_left_bower_is_the_second_highest_trump():
    # clubs trumps: the dealer's AC is beaten by the JS (the left bower): seat 3 wins trick 3
    assert tricks(EUCHRED, 1)[2][2] == 3


def test_the_left_bowers_own_suit_does_not_claim_it(euchre):
    # deal 2, trick 1: a spade led; seat 3 holds the JS (a club this deal) and the 9S: only the 9S follows
    game = before(euchre, EUCHRED, 1, "3 play 9S")
    plays = [str(a) for a in game.legal_actions()]
    assert plays == ["3 play 9S"]


def test_the_dealer_picks_up_the_turn_up_and_discards(euchre):
    game = before(euchre, EUCHRED, 1, "1 discard 9D")
    assert "1 discard 9C" in [str(a) for a in game.legal_actions()]  # the turn-up is in the dealer's hand
    assert game.view(1).hand_sizes == (5, 6, 5, 5)
    assert "the dealer (seat 1) discards, not seat 2" in game.explain_illegal(Action.parse("2 discard KS"))


def test_three_or_four_tricks_score_the_makers_1():
    deal = replay(EUCHRED)["deals"][1]
    # the dealer picked up the 9C: team 1 the makers, tricks 1, 2, 3 and 5: one point
    assert deal["trump"] == "C" and deal["balls"] == [0, 1]
    assert replay(EUCHRED)["score"] == [0, 3]


def test_a_second_round_names_another_suit_and_a_lone_march_scores_4():
    deal = replay(ALONE)["deals"][0]
    assert deal["trump"] == "H" and deal["undertaking"] == "alone" and deal["balls"] == [4, 0]


def test_the_partner_of_a_lone_hand_sits_out_and_tricks_have_three_cards():
    for leader, cards, winner in tricks(ALONE, 0):
        assert len(cards) == 3 and 0 not in [seat for seat, _ in cards] and winner == 2


def test_a_lone_hand_of_three_tricks_scores_1():
    report = replay(ALONE)
    assert report["deals"][1]["balls"] == [0, 1] and report["score"] == [4, 1]
    assert [w for _, _, w in tricks(ALONE, 1)] == [3, 3, 3, 0, 0]


def test_the_seat_that_sits_out_plays_no_card(euchre):
    game = before(euchre, ALONE, 0, "1 play TH")
    assert "seat 0 is the one who sits out this deal" in game.explain_illegal(Action.parse("0 play QH"))


def test_the_turned_down_suit_may_not_be_named_in_the_second_round(euchre):
    game = before(euchre, ALONE, 0, "2 trump H")
    assert "2 trump S" not in [str(a) for a in game.legal_actions()]
    assert game.explain_illegal(Action.parse("2 trump S")) == \
        "S was turned down in the first round (the turn-up's suit): name another suit or pass"
    assert game.explain_illegal(Action.parse("2 order")) == "the turn-up is not offered now"


def test_an_order_out_of_turn_is_refused(euchre):
    game = before(euchre, EUCHRED, 0, "1 pass")
    assert game.explain_illegal(Action.parse("2 order")) == "it is seat 1's turn"
    assert game.explain_illegal(Action.parse("1 trump S")) == "trumps are not being made now"  # the first round orders


def test_only_the_maker_goes_alone_and_only_as_trumps_are_made(euchre):
    game = before(euchre, EUCHRED, 0, "1 pass")
    assert "may only be declared by the player who makes trumps" in game.explain_illegal(Action.parse("1 alone"))
    game = before(euchre, EUCHRED, 0, "2 pass")  # seat 2 ordered up, the dealer discarded: seat 2 is asked
    assert [str(a) for a in game.legal_actions()] == ["2 alone", "2 pass"]


def test_the_maker_who_orders_up_may_go_alone():
    # the dealer who picks up (deal 2) and the dealer's left who orders up (deal 3) each go alone and march
    report = replay(GAME)
    assert [(d["undertaking"], d["balls"]) for d in report["deals"][1:3]] == [("alone", [4, 0]), ("alone", [4, 0])]


def test_all_pass_twice_throws_the_cards_in():
    deal = replay(GAME)["deals"][0]
    assert deal["cancelled"] is True and deal["balls"] == [0, 0] and deal["trump"] is None


def test_a_march_scores_2_and_the_first_team_to_10_wins():
    report = replay(GAME)
    # 4 (lone march) + 4 (lone march) + 2 (march) = 10: team 0 wins
    assert report["deals"][3]["balls"] == [2, 0] and report["score"] == [10, 0] and report["winner"] == 0


def test_the_rulebook_reads_as_euchres_own(euchre):
    from thunee_dsl.model.rulebook import render_rulebook
    book = render_rulebook(euchre)
    for foreign in ("ball", "Thunee", "corner house", "Jodi", "Khanaak", "counting team"):
        assert foreign.lower() not in book.lower().replace("thunee-dsl", ""), foreign
    assert "| otherwise | the defenders (the trump makers' opponents) | 2 | the makers are euchred |" in book
    assert "may order up the turn-up" in book and "(the left bower)" in book
    assert "May be announced by the player who makes trumps, as trumps are made." in book
    assert "The first team to score 10 points wins." in book


def test_diff_from_thunee_names_the_cards_as_written(euchre):
    from thunee_dsl.model.diff import diff_rulesets
    texts = [c.text for c in diff_rulesets(load_ruleset("standard"), euchre)]
    # Thunee's card points are gone (only tricks count); a rank keeps its case ("J", not "j")
    assert [t for t in texts if t.startswith("Removes Deck points")] == \
        [f"Removes Deck points {rank}" for rank in ("J", "9", "A", "T", "K", "Q")]
    assert "Game won at: 12 balls -> 10 points" in texts and "Removes the Thunee call" in texts


def test_the_table_explains_ordering_up_the_discard_and_a_pass_in_each_round(euchre):
    from thunee_dsl.editor.table import TableWords
    words = TableWords(euchre, me=0)
    assert words.action_help(Action(1, "order")) == \
        "The turn-up's suit becomes trumps: the dealer takes the turn-up into the hand and lays a card aside face down."
    assert "aside face down" in words.action_help(Action(0, "discard", "9D"))
    assert words.action_help(Action(1, "pass"), (Action(1, "order"), Action(1, "pass"))) == \
        "Leave the turn-up: the next player may order it up; if all pass, it is turned down."
    assert words.action_help(Action(1, "pass"), (Action(1, "trump", "H"), Action(1, "pass"))) == \
        "Name no suit: the next player may name one."


def test_simulate_lists_no_dealer_who_stays_where_the_deal_always_passes_on(euchre):
    from thunee_dsl.simulation.analysis import rules
    keys = {rule.key for rule in rules(euchre)}
    assert "dealer.passes" in keys and "dealer.stays" not in keys  # never "fired 0 !" for a rule euchre lacks
    assert "dealer.stays" in {rule.key for rule in rules(load_ruleset("standard"))}  # Thunee's dealer may stay
    assert {"trumps.ways.order up", "trumps.ways.suit", "trumps.ways.all pass", "undertakings.alone"} <= keys

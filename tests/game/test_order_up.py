"""Issue 25 item 3: ordering up (trumps.ways 'order up', trumps.rounds, trumps.all_pass), as Euchre
(docs/rules/euchre.md): from the dealer's left each player may order the turn-up's suit as trumps or pass; the
dealer picks the turn-up up and discards a card face down; if all pass, each may name another suit or pass; if
all pass again, the cards are thrown in or the dealer must name ("stick the dealer"). Deals of the test
ruleset order-up played card by card, worked by hand; the views; a transcript; refusals, located."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.game.transcript import replay_text
from thunee_dsl.loading import load_ruleset_text
from thunee_dsl.model import compile_ruleset
from thunee_dsl.model.rulebook import render_rulebook
from test_turn_up import HANDS, KITTY_CARDS as KITTY, transcript

ROOT = Path(__file__).resolve().parents[2]
ORDER_UP = ROOT / "tests" / "game" / "rulesets" / "order-up.yaml"
TEXT = ORDER_UP.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def euchre():
    return load_ruleset(str(ORDER_UP))


@pytest.fixture(scope="module")
def stick_the_dealer():
    return compile_ruleset(load_ruleset_text(TEXT.replace("all_pass: throw in", "all_pass: dealer must"), "stick.yaml"))


# Dealer 0, clockwise: seat 1 (the dealer's left) speaks first and leads. Teams: seats 0, 2 (team 0) and 1, 3.
# The kitty JD 9S TS KC: the JD is turned up.


def dealt(ruleset, actions=(), dealer: int = 0) -> GameState:
    deck = ruleset.deck
    game = GameState(ruleset, seed=0, dealer=dealer, auto_deal=False)
    game.start_deal([[deck.card(c) for c in HANDS[s].split()] for s in range(4)], [deck.card(c) for c in KITTY.split()])
    for text in actions:
        game.apply(Action.parse(text))
    return game


def legal(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


ORDERED = [
    "1 pass", "2 order",  # seat 2 orders up the JD: diamonds are trumps, team 0 the makers
    "0 discard QC",  # the dealer picks up the JD and lays the QC aside
    # trick 1: the left bower (JH) led asks for trumps: KD, QD, and the dealer's JD (right bower) wins (seat 0)
    "1 play JH", "2 play KD", "3 play QD", "0 play JD",
    # trick 2: 9D led; AD is the best trump left (seat 1); seat 2 has no diamond left (TC)
    "0 play 9D", "1 play AD", "2 play TC", "3 play TD",
    # trick 3: KS led, AS wins (seat 2); the dealer has no spade and no trump (QH)
    "1 play KS", "2 play AS", "3 play JS", "0 play QH",
    # trick 4: AH wins hearts (seat 2)
    "2 play AH", "3 play KH", "0 play TH", "1 play 9H",
    # trick 5: QS led, no spade and no trump left elsewhere: QS wins (seat 2)
    "2 play QS", "3 play JC", "0 play AC", "1 play 9C",
]


def test_the_first_round_offers_the_turn_up_from_the_dealers_left(euchre):
    game = dealt(euchre)
    assert game.to_act == 1 and legal(game) == ["1 order", "1 pass"]
    assert all(game.view(s).turn_up == "JD" and game.view(s).trump is None for s in range(4))
    game.apply(Action.parse("1 pass"))
    assert game.to_act == 2 and legal(game) == ["2 order", "2 pass"]


def test_ordered_up_the_dealer_picks_up_and_discards_face_down(euchre):
    game = dealt(euchre, ORDERED[:2])
    deck = euchre.deck
    assert deck.suits[game.deal.trump] == "D" and game.deal.trump_maker == 2 and game.deal.makers == 0
    # the dealer holds six cards, the JD among them, and must discard one of them
    assert game.to_act == 0 and sorted(legal(game)) == sorted(f"0 discard {c}" for c in "9D AC QC QH TH JD".split())
    game.apply(Action.parse("0 discard QC"))
    assert game.view(0).hand_sizes == (5, 5, 5, 5) and "JD" in game.view(0).hand and "QC" not in game.view(0).hand
    assert game.deal.discarded == deck.card("QC")
    # the discard is seen by the dealer alone; who ordered is seen by all
    assert "0 discard QC" in game.view(0).history
    assert "0 discard ??" in game.view(1).history and "0 discard QC" not in game.view(1).history
    assert "2 order" in game.view(3).history and game.view(3).trump == "D" and game.view(3).trump_maker == 2


def test_an_ordered_up_deal_played_card_by_card(euchre):
    game = dealt(euchre, ORDERED)
    assert [w for _, _, w in game.deal.tricks] == [0, 1, 2, 2, 2]
    assert game.score == [4, 1]  # team 0 (seats 0, 2): tricks 1, 3, 4, 5; team 1: trick 2


NAMED = [
    "1 pass", "2 pass", "3 pass", "0 pass",  # nobody orders the JD up: the second round, from seat 1 again
    "1 pass", "2 trump H",  # hearts named: the JH is the right bower, the JD (in the kitty) the left
    # trick 1: JH, the right bower, wins over AH, KH, TH (seat 1)
    "1 play JH", "2 play AH", "3 play KH", "0 play TH",
    # trick 2: 9H led; seats 2 and 3 have no hearts left (TC, JC); QH wins (seat 0)
    "1 play 9H", "2 play TC", "3 play JC", "0 play QH",
    # trick 3: diamonds are plain now: AD wins (seat 1)
    "0 play 9D", "1 play AD", "2 play KD", "3 play QD",
    # trick 4: AS wins (seat 2); trick 5: QS wins (seat 2), nobody has a spade or a heart
    "1 play KS", "2 play AS", "3 play JS", "0 play AC",
    "2 play QS", "3 play TD", "0 play QC", "1 play 9C",
]


def test_the_second_round_names_another_suit(euchre):
    game = dealt(euchre, NAMED[:5])
    assert game.to_act == 2 and "2 trump D" not in legal(game) and {"2 trump H", "2 pass"} <= set(legal(game))
    assert "turned down in the first round" in game.explain_illegal(Action.parse("2 trump D"))
    game.apply(Action.parse("2 trump H"))
    assert euchre.deck.suits[game.deal.trump] == "H" and game.deal.trump_maker == 2
    assert game.view(1).hand_sizes == (5, 5, 5, 5)  # nobody picks up in the second round
    assert "2 trump H" in game.view(1).history  # named aloud


def test_a_second_round_deal_played_card_by_card(euchre):
    game = dealt(euchre, NAMED)
    assert [w for _, _, w in game.deal.tricks] == [1, 0, 1, 2, 2]
    assert game.score == [3, 2]  # team 0: tricks 2, 4, 5; team 1: tricks 1, 3


def test_all_pass_twice_the_cards_are_thrown_in(euchre):
    game = dealt(euchre, ["1 pass", "2 pass", "3 pass", "0 pass"] * 2)
    record = game.deals[0]
    assert record.result is not None and record.result.cancelled and game.score == [0, 0]
    assert len(game.deals) == 1 and game.deal.over  # no score; the next deal is the game's to start
    game.start_deal()
    assert game.dealer == 0  # thrown in: the same dealer deals again (as a bidding everyone passed)
    assert explain_text(record) == "everyone passed: the cards are thrown in, no score, and the same dealer deals again"


def test_all_pass_twice_thrown_in_and_the_next_player_deals_where_the_rules_say_so():
    # Euchre as pagat tells it: "If all four players pass in the second round too, the cards are thrown in and the
    # deal passes to the left": dealer 0 passed, seat 1 deals (clockwise)
    ruleset = compile_ruleset(load_ruleset_text(TEXT.replace("all_pass: throw in", "all_pass: throw in, next dealer"),
                                                "next.yaml"))
    game = dealt(ruleset, ["1 pass", "2 pass", "3 pass", "0 pass"] * 2)
    record = game.deals[0]
    assert record.result.cancelled and game.score == [0, 0]
    assert explain_text(record) == "everyone passed: the cards are thrown in, no score, and the turn to deal passes on"
    game.start_deal()
    assert game.dealer == 1
    assert "no score, and the turn to deal passes on." in render_rulebook(ruleset)


def explain_text(record) -> str:
    """The deal's explanation, as the deal story and the CLI say it."""
    return " / ".join(record.result.explanation)


def test_stick_the_dealer_the_dealer_must_name(stick_the_dealer):
    game = dealt(stick_the_dealer, ["1 pass", "2 pass", "3 pass", "0 pass", "1 pass", "2 pass", "3 pass"])
    assert game.to_act == 0 and "0 pass" not in legal(game) and len(legal(game)) == 3  # S, H, C: not D
    assert "the dealer (seat 0) must name trumps" in game.explain_illegal(Action.parse("0 pass"))
    game.apply(Action.parse("0 trump S"))
    assert stick_the_dealer.deck.suits[game.deal.trump] == "S" and game.deal.trump_maker == 0
    # in the first round the dealer may still pass
    first = dealt(stick_the_dealer, ["1 pass", "2 pass", "3 pass"])
    assert legal(first) == ["0 order", "0 pass"]


@pytest.mark.parametrize("actions, said, reason", [
    ([], "3 order", "it is seat 1's turn"),
    (["1 order"], "0 discard AS", "does not hold AS"),
    (["1 order"], "1 discard 9C", "the dealer (seat 0) discards"),
    (["1 order"], "1 order", "the turn-up is not offered now"),
    ([], "0 discard 9D", "only the dealer discards, once the turn-up is ordered"),
    (["1 pass"] * 1, "2 trump H", "trumps are not being made now"),
])
def test_what_is_refused_and_why(euchre, actions, said, reason):
    game = dealt(euchre, actions)
    assert reason in game.explain_illegal(Action.parse(said))


def test_random_games_play_to_the_end(euchre, stick_the_dealer):
    for ruleset in (euchre, stick_the_dealer):
        for seed in range(3):
            rng = random.Random(seed)
            game = GameState(ruleset, seed=seed)
            while not game.is_over:
                game.apply(rng.choice(list(game.legal_actions())))
            for record in game.deals:  # every hand back to five: the discard made up for the pick-up
                assert sum(1 for a in record.actions if a.verb == "play") in (0, 20)


TRANSCRIPT = transcript(ORDER_UP, ORDERED)  # (the same cards as test_turn_up's deal: the JD on the kitty)


def test_a_transcript_with_order_and_discard_replays():
    report = replay_text(TRANSCRIPT, "euchre.yaml")
    assert report.score == (4, 1)
    again = report.game.to_transcript()["deals"][0]
    assert again["undealt"] == ["JD", "9S", "TS", "KC"] and "0 discard QC" in again["actions"]


def test_a_transcript_discard_refused_is_located():
    text = TRANSCRIPT.replace("'0 discard QC'", "'0 discard KS'")
    with pytest.raises(Exception) as caught:
        replay_text(text, "euchre.yaml")
    assert "does not hold KS" in str(caught.value) and "action 3" in str(caught.value)


# --- what the compile step refuses, located ---------------------------------------------------------------

def line_of(text: str, needle: str) -> int:
    return next(i for i, row in enumerate(text.splitlines(), 1) if needle in row)


@pytest.mark.parametrize("edit, needle, said", [
    (("  turn_up: top of the undealt\n", ""), "ways: [order up", "deal.turn_up is none"),
    (("ways: [order up, suit]", "ways: [order up, card]"), "ways: [order up", "not card"),
    (("ways: [order up, suit]", "ways: [order up]"), "- offer: the turn-up's suit", "a second round names another suit exactly when"),
    (("    - offer: the turn-up's suit", "    - offer: any suit but the turn-up's"), "- offer: any suit but the turn-up's",
     "round 1 of making trumps must offer 'the turn-up's suit'"),
    (("      verb: order", "      verb: trump"), "verb: trump", "round 1's verb is 'order'"),
    (("dealer_discards: 1", "dealer_discards: 0"), "dealer_discards: 0", "the dealer discards one card exactly"),
    (("sequence: [deal 1, deal 2, make trumps, play]", "sequence: [deal 1, make trumps, deal 2, play]"),
     "sequence:", "comes before the last cards are dealt"),
    (("ways: [order up, suit]", "ways: [suit]"), "- offer: the turn-up's suit", "give 'order up' in trumps.ways"),
    (("all_pass: throw in", "all_pass: redeal"), "all_pass:", "not one of"),
])
def test_what_the_compile_step_refuses(edit, needle, said):
    text = TEXT.replace(*edit)
    assert text != TEXT
    with pytest.raises(RulesetError) as caught:
        compile_ruleset(load_ruleset_text(text, "house.yaml"))
    found = [(p.location.line, p.message) for p in caught.value.problems]
    assert any(said in message and line == line_of(text, needle) for line, message in found), found


def test_rounds_by_default(euchre):
    text = TEXT[:TEXT.index("  rounds:")] + TEXT[TEXT.index("  all_pass:"):]
    r = compile_ruleset(load_ruleset_text(text, "plain.yaml"))
    assert r.trumps.rounds == euchre.trumps.rounds


# --- the rulebook's and diff's words ----------------------------------------------------------------------

def test_the_rulebook_says_the_rounds(euchre, stick_the_dealer):
    from thunee_dsl.model.rulebook import render_rulebook
    book = render_rulebook(euchre)
    assert "4 cards are left over, face down: nobody sees them. Then the top card of the undealt ones is turned " \
           "face up for everyone to see." in book
    assert "each player in turn may order up the turn-up, making its suit trumps (say `order`), or pass" in book
    assert "the dealer picks the turn-up into the hand and discards 1 card face down" in book
    assert "may name any other suit as trumps (say `trump S`), or pass" in book
    assert "the cards are thrown in: no score, and the same dealer deals again" in book
    assert "Stick the dealer: if everyone else passes in the last round, the dealer may not pass" in \
        render_rulebook(stick_the_dealer)


def test_diff_says_the_house_rule_in_words(euchre, stick_the_dealer):
    from thunee_dsl.model.diff import diff_rulesets
    texts = [c.text for c in diff_rulesets(euchre, stick_the_dealer)]
    assert texts == ["When everyone passes every round (thrown in, or stick the dealer): throw in -> dealer must"]


GOLDEN = ROOT / "tests" / "transcripts" / "cards" / "euchre_order_up.yaml"


def test_the_golden_transcript_of_docs_rules_euchre_deal_1(capsys):
    # worked in the transcript's comments (docs/rules/euchre.md, example deal 1): ordered up by the dealer's
    # partner, the 9H picked up and the 9D discarded; the makers take two tricks, the defenders three
    from thunee_dsl.cli.main import main
    from thunee_dsl.game.transcript import replay_file
    report = replay_file(GOLDEN)
    assert [w for _, _, w in report.game.deal.tricks] == [2, 2, 1, 3, 3] and report.score == (2, 3)
    assert report.game.deal.discarded == report.game.ruleset.deck.card("9D")
    assert main(["replay", str(GOLDEN)]) == 0
    assert '"score": [\n    2,\n    3\n  ]' in capsys.readouterr().out


def test_a_playtest_with_ordering_up_exports_a_transcript_that_replays(euchre):
    # the editor's Playtest against typical bots, with undos: its download lists the undealt cards, the order
    # and the discard, and replays to the same score
    from thunee_dsl.editor.playtest import Playtest
    test = Playtest.start(euchre, seat=0, seed=4, bots="typical")
    rng = random.Random(2)
    for _ in range(3):
        while not test.deal_over:
            test.act(rng.choice(list(test.view().legal)))
            if test.can_undo and rng.random() < 0.05:
                test.undo()
        test.next_deal()
    text = test.transcript_yaml(str(ORDER_UP))
    assert "    undealt: [" in text and " discard " in text
    assert list(replay_text(text, "playtest.yaml").score) == list(test.game.score)

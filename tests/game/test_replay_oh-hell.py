"""Oh Hell (rulesets/oh-hell.yaml): the golden transcripts of tests/transcripts/oh-hell/, each worked by hand in
its comments from the rules as followed (docs/rules/oh-hell.md), and the refusals a player of the game expects."""

from pathlib import Path

import pytest

from thunee_dsl import load_ruleset
from thunee_dsl.errors import RulesetError, TranscriptError
from thunee_dsl.game.transcript import replay_text

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "transcripts" / "oh-hell"


def text(name: str) -> str:
    return (HERE / name).read_text()


def replay(name: str, changed: tuple[str, str] | None = None):
    written = text(name)
    if changed is not None:
        assert changed[0] in written
        written = written.replace(*changed, 1)
    return replay_text(written, name)


def test_the_schedule_is_ten_cards_down_to_one_and_back_up_nineteen_deals():
    r = load_ruleset("oh-hell")
    assert r.hand_sizes == (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) and r.game.deals == 19
    assert [r.for_deal(n).tricks_per_deal for n in (1, 8, 10, 11, 19)] == [10, 3, 1, 2, 10]
    # four players and a 52-card pack: ten each leave twelve cards, the first turned up for trumps
    assert (r.seats, r.teams, r.deck.size, r.undealt, r.for_deal(10).undealt) == (4, 4, 52, 12, 48)


def test_the_next_card_is_turned_up_and_its_suit_is_trumps():
    game = replay("first-deal.yaml").game
    assert game.deal.trump == game.ruleset.deck.suits.index("H")
    assert game.deals[0].undealt[0] == "AH"


def test_an_exact_bid_scores_ten_and_the_bid_any_other_nothing():
    report = replay("first-deal.yaml")
    (result,) = report.deals
    assert result.seat_tricks == (2, 2, 3, 3)
    assert result.balls == (12, 0, 13, 13)  # bids 2, 1, 3, 3: seat 1 took one too many
    assert report.score == (12, 0, 13, 13) and report.winner is None


def test_the_hook_the_dealer_may_not_make_the_bids_add_up_to_the_tricks():
    with pytest.raises(TranscriptError) as refused:
        replay("first-deal.yaml", ("      - 0 bid 2", "      - 0 bid 3"))
    # 1 + 3 + 3 = 7 bid before the dealer: 3 more would make the ten tricks
    assert 'action 4 "0 bid 3": seat 0 may not bid 3' in str(refused.value)
    assert "bids.total [7] + bid [3] == tricks [10]" in str(refused.value)
    assert "legal now: 0 bid 0, 0 bid 1, 0 bid 2, 0 bid 4" in str(refused.value)


def test_a_deal_later_in_the_schedule_has_its_own_hand_size_and_hook():
    report = replay("three-cards.yaml")
    (result,) = report.deals
    assert result.seat_tricks == (1, 1, 1, 0) and result.balls == (11, 0, 11, 10)
    with pytest.raises(TranscriptError) as refused:
        replay("three-cards.yaml", ("      - 0 bid 1", "      - 0 bid 2"))
    assert "bids.total [1] + bid [2] == tricks [3]" in str(refused.value)  # three tricks in the eighth deal


def test_a_bid_of_nothing_made_exactly_scores_ten():
    (result,) = replay("three-cards.yaml").deals
    assert result.balls[3] == 10  # seat 3 bid 0 and took 0


def test_a_bid_is_no_more_than_the_tricks_of_the_deal():
    with pytest.raises(TranscriptError, match='"1 bid 4": a bid is 0 to 3 tricks'):
        replay("three-cards.yaml", ("      - 1 bid 0\n", "      - 1 bid 4\n"))


def test_a_player_who_cannot_follow_suit_may_trump():
    game = replay("three-cards.yaml").game
    winners = [w for _, _, w in game.deal.tricks]
    assert winners == [0, 2, 1]  # QS, JS and 7S each trump a suit their player lacks


def test_a_revoke_is_refused_with_its_reason():
    with pytest.raises(TranscriptError) as refused:
        replay("three-cards.yaml", ("      - 1 play KC", "      - 1 play 7S"))
    assert '"1 play 7S": seat 1 must follow suit (C); legal now: 1 play KC' in str(refused.value)


def test_a_hand_of_the_wrong_size_for_its_deal_is_refused_where_it_is_written():
    with pytest.raises(RulesetError) as refused:
        replay("three-cards.yaml", ("deals_played: 7", "deals_played: 6"))  # the seventh deal is of four cards
    assert "seat 0 has 3 cards; oh-hell deals 4" in str(refused.value)


def test_after_the_last_deal_the_highest_total_wins():
    report = replay("last-deal.yaml")
    (result,) = report.deals
    assert result.seat_tricks == (0, 0, 10, 0) and result.balls == (10, 10, 0, 10)
    assert report.score == (160, 152, 139, 161) and report.winner == 3 and report.game.is_over


def test_the_hook_holds_even_when_the_dealer_is_sure_of_every_trick():
    with pytest.raises(TranscriptError, match='"2 bid 10": seat 2 may not bid 10'):
        replay("last-deal.yaml", ("      - 2 bid 9", "      - 2 bid 10"))

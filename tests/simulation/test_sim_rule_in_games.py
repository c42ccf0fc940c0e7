"""analysis.rule_in_games: what the games themselves say about one changed rule (the deals it decided under each
ruleset, and B - A in the deals dealt alike under both), on games built by hand so every figure is checked."""

from __future__ import annotations

from thunee_dsl.simulation.analysis import RulesetResult, rule_in_games
from thunee_dsl.simulation.play import DealRow, GameRecord

CATCH = "undertakings.thunee.partner_catch"


def deal(balls, score_after, dealer=0, applied=(), undertaker=None) -> DealRow:
    return DealRow(dealer=dealer, balls=tuple(balls), cancelled=False, redeal=False, trump_maker=1,
                   trump_ways=("card",),
                   calls=(), last_caller=None, simultaneous=0, bids=(), high_bidder=None,
                   undertaking="thunee" if undertaker is not None else None, undertaker=undertaker, declarations=(),
                   claim=None, claimer=None, offence=None, conceded=None, applied=tuple(applied),
                   score_after=tuple(score_after), deuce=False, raised=False, corner_house=False, next_dealer=dealer)


def result(name: str, games) -> RulesetResult:
    return RulesetResult(name, name, 4, 2, ("typical",) * 4, [], [], [GameRecord(i, 0, 0, g[-1].score_after, tuple(g))
                                                                     for i, g in enumerate(games)])


def test_the_deals_it_decided_and_the_balls_it_moved_in_the_deals_dealt_alike():
    # game 0: deal 0 alike (nobody caught), deal 1: the caller (seat 1, team 1) caught by its partner: the
    # opponents (team 0) open 8 under A, 6 under B: B - A = -2 for them, 0 for the caller's team
    a0 = [deal((1, 0), (1, 0)), deal((8, 0), (9, 0), applied=(CATCH,), undertaker=1)]
    b0 = [deal((1, 0), (1, 0)), deal((6, 0), (7, 0), applied=(CATCH,), undertaker=1)]
    # game 1: the first deals differ (another rule), so the second deals are not dealt alike: their partner
    # catch counts in the deals it decided, but not in B - A
    a1 = [deal((2, 0), (2, 0)), deal((8, 0), (10, 0), applied=(CATCH,), undertaker=3)]
    b1 = [deal((0, 1), (0, 1)), deal((6, 0), (6, 1), applied=(CATCH,), undertaker=3)]
    # game 2: caught under A only (B's caller was not caught: the same deal, another outcome): B - A = -8
    a2 = [deal((8, 0), (8, 0), applied=(CATCH,), undertaker=1)]
    b2 = [deal((0, 0), (0, 0))]
    seen = rule_in_games(result("a", [a0, a1, a2]), result("b", [b0, b1, b2]), (CATCH,), "undertakings")
    assert (seen.deals_a, seen.deals_b, seen.all_deals_a, seen.all_deals_b, seen.most) == (3, 2, 5, 5, 3)
    assert seen.one_in == 2.0  # 5 of the 10 deals
    assert seen.paired == 2  # game 0's second deal and game 2's deal
    assert seen.others_each == (-8, -2) and seen.own_each == (0,)
    assert seen.others.value == -5.0 and seen.own.value == 0.0  # (-2 - 8) / 2


def test_without_an_announcer_the_teams_are_counted_together():
    a = [deal((4, 0), (4, 0), applied=("penalties.revoke",))]
    b = [deal((0, 0), (0, 0))]
    seen = rule_in_games(result("a", [a]), result("b", [b]), ("penalties.revoke",), "penalties")
    assert (seen.paired, seen.own.value, seen.others.value) == (1, -4.0, 0.0)


def test_a_rule_that_never_fired_has_no_deals():
    a = [deal((1, 0), (1, 0))]
    seen = rule_in_games(result("a", [a]), result("b", [a]), (CATCH,), "undertakings")
    assert (seen.deals_a, seen.deals_b, seen.paired, seen.own.value) == (0, 0, 0, None)

"""Scoring rules that no other golden test covers, worked out by hand from the sources.

Each deal is a hand-built transcript (the tricks' card points in its comments); the expected balls come
from the rule texts in shared/rules/ (section named in each test), not from the interpreter. Each test
also reads the deal's decided steps (``DealResult.steps``): which rule decided, for which team, how
many balls, in the order the rules apply.

Reminders: card points J 30, 9 20, A 11, T 10, K 3, Q 2 (304 in all); team = seat % 2 with four players
(seat % 2 of six as well); with dealer 0 and no call, seat 1 makes trumps and team 0 counts.
"""

from __future__ import annotations

from pathlib import Path

from thunee_dsl.game.scoring import DealResult
from thunee_dsl.game.transcript import replay_file, replay_text

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"
HOUSE = Path(__file__).resolve().parents[2] / "examples" / "house"


def only_deal(path: Path, ruleset: str | None = None) -> DealResult:
    """The one deal of a transcript, under another ruleset if ``ruleset`` is given."""
    if ruleset is None:
        report = replay_file(path)
    else:
        text = path.read_text()
        first = next(line for line in text.splitlines() if line.startswith("ruleset:"))
        report = replay_text(text.replace(first, f"ruleset: {ruleset}", 1), path.name, base_dir=path.parent)
    (deal,) = report.deals
    return deal


def steps(deal: DealResult) -> list[tuple[str, int | None, int]]:
    return [(step.path, step.team, step.balls) for step in deal.steps]


# -- Double: a partner catch scores as an ordinary failure (pagat, Scoring) ------------------------------


def test_double_caught_by_the_callers_partner_is_a_failure_4_balls_to_the_opponents():
    deal = only_deal(TRANSCRIPTS / "standard" / "double_partner_catch.yaml")
    # tricks 1-5 to team 1: 45 + 56 + 42 + 27 + 52 = 222; seat 1's trump 9C takes trick 6 (82): 304
    assert (deal.claim, deal.trump, deal.trump_maker) == ("double", "C", 1)
    assert deal.card_points == (0, 304) and deal.tricks == (0, 6) and deal.seat_tricks == (0, 4, 0, 2)
    # seat 3 said Double but its QS was beaten by partner seat 1: "a partner catch, but in this case the
    # score is the same as for an ordinary failure of the call": Double, failure: 4 balls to team 0
    assert deal.balls == (4, 0)
    assert steps(deal) == [("claims.double.partner_catch", 0, 4)]
    assert deal.explanation[-1] == "Double fails, partner catch: team 0 (seats 0, 2) opens 4 balls"


def test_khanaak_caught_by_the_callers_partner_is_a_failure_4_balls_to_the_opponents():
    deal = only_deal(TRANSCRIPTS / "standard" / "khanaak_partner_catch.yaml")
    # team 0: tricks 1, 2, 5, 6 = 52 + 72 + 61 + 45 = 230; team 1: tricks 3, 4 = 38 + 36 = 74
    assert (deal.claim, deal.trump, deal.trump_maker, deal.call) == ("khanaak", "D", 1, 0)
    assert deal.card_points == (230, 74) and deal.tricks == (4, 2)
    # seat 0's KD in the last trick is beaten by partner seat 2's 9D: "a partner catch, but ... the score is
    # the same as for an ordinary failure": Khanaak, failure: 4 balls to team 1 (no call: not backward)
    assert deal.balls == (0, 4)
    assert steps(deal) == [("claims.khanaak.partner_catch", 1, 4)]
    assert deal.explanation[-1] == "Khanaak fails, partner catch: team 1 (seats 1, 3) opens 4 balls"


# -- Cats At Cards: Double and Khanaak are bonuses on the normal result (README summary) ----------------


def test_cats_double_beaten_by_an_opponent_gives_them_2_on_top_of_the_normal_result():
    deal = only_deal(TRANSCRIPTS / "standard" / "double_fails.yaml", "cats-at-cards")
    # seat 2's KS beats the Double caller's QS in trick 6 (2 + 20 + 30 + 3 = 55): team 0 has 55 in cards
    assert deal.card_points == (55, 249)
    # normal result: 55 + 10 for the last trick = 65, 104 or fewer: the trump makers (team 1) win 1 ball;
    # "failure gives the opponents 2" on top: team 0 opens 2
    assert deal.balls == (2, 1)
    assert steps(deal) == [("claims.double.failure", 0, 2), ("scoring.outcomes.1", 1, 1)]


def test_cats_double_caught_by_the_partner_also_gives_the_opponents_2():
    deal = only_deal(TRANSCRIPTS / "standard" / "double_partner_catch.yaml", "cats-at-cards")
    # team 1 takes every card: counting team 0 has 0 - 10 = -10: the makers win 1 ball; the failed Double
    # gives team 0 its 2 (the partner catch is not scored apart)
    assert deal.card_points == (0, 304) and deal.balls == (2, 1)
    assert steps(deal) == [("claims.double.partner_catch", 0, 2), ("scoring.outcomes.1", 1, 1)]


def test_cats_khanaak_by_the_makers_is_3_on_top_of_their_ball():
    deal = only_deal(TRANSCRIPTS / "cats-at-cards" / "khanaak_bonus.yaml")
    assert (deal.call, deal.trump, deal.trump_maker, deal.declared) == (20, "C", 3, (0, 50))
    assert deal.card_points == (39, 265)
    # counting count 39 + 20 - 50 - 10 = -1 < 0: the makers' Khanuck, +3; and -1 < 105: the makers win 1
    assert deal.balls == (0, 4)
    assert steps(deal) == [("claims.khanaak.success", 1, 3), ("scoring.outcomes.1", 1, 1)]
    # the same deal under the pagat rules: the Khanaak replaces the normal result, 3 balls
    assert only_deal(TRANSCRIPTS / "standard" / "khanaak_pagat_counting39.yaml").balls == (0, 3)


# -- undertakings caught (Variants: Blind Thunee, Royals; Six-player Thunee: Trips) ----------------------


def test_blind_thunee_caught_by_an_opponent_gives_them_6_balls():
    deal = only_deal(TRANSCRIPTS / "blind-thunee" / "blind_thunee_caught.yaml")
    # JS and 9S win (44 + 28 = 72), then seat 3 trumps the JH with AS: caught by an opponent, play ends
    assert (deal.undertaking, deal.trump, deal.card_points, deal.tricks) == ("blind-thunee", "S", (72, 0), (2, 0))
    # "the opponents open six balls if it fails"
    assert deal.balls == (0, 6)
    assert steps(deal) == [("undertakings.blind-thunee.failure", 1, 6)]
    assert deal.explanation == ("Blind Thunee by seat 2 caught by seat 3: team 1 (seats 1, 3) opens 6 balls",)


def test_royals_caught_by_the_callers_partner_is_8_balls_as_for_thunee():
    deal = only_deal(TRANSCRIPTS / "royals" / "royals_partner_catch.yaml")
    # Q K T A 9 J: partner seat 0's QS beats the caller's KS in the first trick
    assert (deal.undertaking, deal.trump, deal.trump_maker) == ("royals", "S", 2)
    # "The scores are the same as for Thunee": a partner catch, 8 balls to the opponents
    assert deal.balls == (0, 8)
    assert steps(deal) == [("undertakings.royals.partner_catch", 1, 8)]
    assert deal.explanation == ("Royals by seat 2 caught by partner (seat 0): team 1 (seats 1, 3) opens 8 balls",)


def test_trips_caught_by_an_opponent_is_3_balls_even_where_a_partner_catch_costs_6():
    deal = only_deal(TRANSCRIPTS / "six-player" / "trips_caught.yaml")
    # the Queens win tricks 1-3; seat 0's JC beats the fourth card, AC, in the last trick:
    # "If any other player wins the last trick the opponents open three balls"
    assert (deal.undertaking, deal.trump, deal.tricks) == ("trips", None, (1, 3))
    assert deal.balls == (3, 0)
    assert steps(deal) == [("undertakings.trips.failure", 0, 3)]
    # the house rule makes only a partner catch cost six: an opponent's catch stays 3
    house = only_deal(TRANSCRIPTS / "six-player" / "trips_caught.yaml", str(HOUSE / "trips-partner-catch-six.yaml"))
    assert house.balls == (3, 0) and steps(house) == [("undertakings.trips.failure", 0, 3)]

"""The game review's page (simulation/review.py costliest): each seat's first SHOWN decisions, worst first, hold at
most CALLS_SHOWN calls and claims while a card that cost anything is off the page, so that a game of many calls
(each weighed in balls, before any card in points) still shows the seat's costliest cards."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from thunee_dsl import shipped_ruleset
from thunee_dsl.simulation.review import (CALLS_SHOWN, SHOWN, CardCost, DealReview, Decision, Failed, Makeable,
                                          _page, costliest)

STANDARD = shipped_ruleset("standard")


def test_many_calls_leave_room_for_the_costliest_cards():
    """Seat 0: six Thunees makeable and not called (4 balls each), one said and caught (gave away 5), and three
    cards costing 20, 10 and 3 points. Worst first alone, the page would be five calls; it is the three costliest
    calls (the 5, then two 4s), then the two costliest cards (20, 10); the other calls and the 3 after."""
    reviews = [DealReview(n, makeable=[Makeable("undertaking", "Thunee", 0, 1, "JS")]) for n in range(1, 7)]
    reviews.append(DealReview(7, failed=[Failed("undertaking", "Thunee", 0, 1, 5, "JH", 1)],
                              costs=[CardCost(2, 0, "TS", "AS", 10), CardCost(5, 0, "QH", "KH", 3),
                                     CardCost(6, 0, "9C", "JC", 20)]))
    mine = costliest(STANDARD, reviews)[0]
    assert [(d.kind, d.balls or d.points) for d in mine[:SHOWN]] == [
        ("failed", 5), ("missed", 4), ("missed", 4), ("card", 20), ("card", 10)]
    assert [(d.kind, d.balls or d.points) for d in mine[SHOWN:]] == [("missed", 4)] * 4 + [("card", 3)]


def test_calls_alone_fill_the_page():
    reviews = [DealReview(n, makeable=[Makeable("undertaking", "Thunee", 0, 1, "JS")]) for n in range(1, 8)]
    assert [d.kind for d in costliest(STANDARD, reviews)[0]] == ["missed"] * 7


decisions = st.lists(st.one_of(
    st.builds(lambda b: Decision(0, 1, 1, "missed", "Thunee", balls=b), st.integers(1, 8)),
    st.builds(lambda p: Decision(0, 1, 2, "card", "TS", "AS", p), st.integers(1, 40)),
    st.builds(lambda b: Decision(0, 1, 3, "card", "QH", "KH", balls=b), st.integers(1, 8))), max_size=14)


@settings(max_examples=300, deadline=None)
@given(decisions)
def test_the_page_worst_first_with_its_costliest_cards(listed):
    order = _page(listed)
    assert sorted(map(id, order)) == sorted(map(id, listed))  # each decision once
    page, rest = order[:SHOWN], order[SHOWN:]
    weights = [d.weight for d in page]
    assert weights == sorted(weights, reverse=True)  # the page worst first
    assert [d.weight for d in rest] == sorted((d.weight for d in rest), reverse=True)
    calls = [d for d in page if d.kind != "card"]
    cards_off = [d for d in rest if d.kind == "card"]
    assert len(calls) <= CALLS_SHOWN or not cards_off  # a card off the page only where calls are few
    cards = sorted((d for d in listed if d.kind == "card"), key=lambda d: d.weight, reverse=True)
    shown_cards = [d for d in page if d.kind == "card"]
    assert [d.weight for d in shown_cards] == [d.weight for d in cards[:len(shown_cards)]]  # the costliest cards
    natural = sorted(listed, key=lambda d: d.weight, reverse=True)[:SHOWN]
    if sum(d.kind != "card" for d in natural) <= CALLS_SHOWN:  # few calls: worst first as it was
        assert [d.weight for d in page] == [d.weight for d in natural]
    every_call = sorted((d for d in listed if d.kind != "card"), key=lambda d: d.weight, reverse=True)
    assert [d.weight for d in calls] == [d.weight for d in every_call[:len(calls)]]  # the costliest calls


def test_the_tricks_weighed_in_words():
    """A deal weighed from a later trick says which tricks were weighed, up to the trick its last card was
    played in (a Thunee caught ends it early)."""
    from thunee_dsl.simulation.review import weighed_tricks
    assert weighed_tricks(DealReview(1, from_trick=6, tricks=8, played=8)) == "Tricks 6-8 weighed"
    assert weighed_tricks(DealReview(1, from_trick=8, tricks=8, played=8)) == "Trick 8 weighed"
    assert weighed_tricks(DealReview(1, from_trick=4, tricks=6, played=5)) == "Tricks 4-5 weighed"
    assert weighed_tricks(DealReview(1, from_trick=4, tricks=6, played=1)) == \
        "No trick weighed (the deal ended in trick 1)"
    assert weighed_tricks(DealReview(1, from_trick=1, tricks=6, played=6)) == "Every trick weighed"

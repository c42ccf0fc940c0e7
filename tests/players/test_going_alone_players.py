"""The bots with going alone (issue 25 item 6): the maker goes alone from the tricks its hand should take by
itself with the trumps it made (no peeking), the inferences of every bot hold in deals where a seat sits out,
and the table's style beats random play."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_knowledge_never_excludes_the_truth import check_game
from thunee_dsl import load_ruleset
from thunee_dsl.game import GameState
from thunee_dsl.game.actions import Action
from thunee_dsl.players import make_bot
from thunee_dsl.players.tactics import estimated_tricks, tables
from thunee_dsl.simulation import simulate

RULESET = load_ruleset(str(Path(__file__).resolve().parents[1] / "game" / "rulesets" / "going-alone.yaml"))


def maker_view(hand: str):
    """Seat 1 has named hearts with ``hand``: the view in which it may go alone."""
    r = RULESET
    assert len(set(hand.split()) | {c for h in ("QS KS 9S TD QD", "9H AD KD TC 9C", "AC KC QC JC JS")
                                     for c in h.split()}) == 20  # (no card dealt twice)
    others = {2: "QS KS 9S TD QD", 0: "9H AD KD TC 9C", 3: "AC KC QC JC JS"}
    hands = {1: hand, **others}
    game = GameState(r, seed=0, dealer=0, auto_deal=False)
    game.start_deal([[r.deck.card(c) for c in hands[s].split()] for s in range(4)])
    game.apply(Action.parse("1 trump H"))
    return game.view(1)


def test_the_maker_goes_alone_with_a_hand_that_should_take_four_tricks_by_itself():
    t, deck = tables(RULESET), RULESET.deck
    strong = "JH JD AH KH AS"
    # hearts trumps: the right bower a trick, the left (second in trumps) half, the AS a trick, four trumps
    # two more: 4.5 of 5 expected alone
    assert estimated_tricks(t, deck.mask_of(deck.card(c) for c in strong.split()), deck.suit("H")) == 4.5
    bot = make_bot("typical", RULESET, seed=1)
    assert bot.choose(maker_view(strong)) == Action(1, "alone")
    # three trumps (the right bower a trick, AH and QH below the left bower nothing) and two low cards:
    # 1 + 1 (one trump beyond two) = 2, far from 4: the partner plays
    weak = "JH AH QH TS 9D"
    assert estimated_tricks(t, deck.mask_of(deck.card(c) for c in weak.split()), deck.suit("H")) == 2
    assert bot.choose(maker_view(weak)) == Action(1, "pass")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1),
       bots=st.lists(st.sampled_from(["heuristic", "random", "montecarlo", "bold"]), min_size=4, max_size=4))
def test_inferences_hold_when_a_seat_sits_out(seed, bots):
    check_game(RULESET, seed, bots, share=0.5)


def test_typical_beats_random():
    result = simulate([RULESET], games=10, bots=["typical", "random"] * 2, seed=5, focus=False).rulesets[0]
    won = sum(1 for g in result.games if g.winner == 0)
    assert won >= 9, won
